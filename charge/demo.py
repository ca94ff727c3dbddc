"""The demo's Charge campaign, the first a newcomer opens: the rulebook's own examples played out
in the Vel Arden of a usurper, every Extra switched on. Loading twice changes nothing."""

import random

from django.db import transaction
from django.utils import timezone

from campaign import actions as campaign_actions
from campaign.models import Campaign, GameSession, Membership, Role, Stance, WorldForce
from characters.models import Character
from charge.actions import bookkeeping, resources, world
from charge.actions import other_rolls as roll_actions
from charge.models import (
    Asset,
    AssetSource,
    Attachment,
    Goal,
    Milestone,
    PartyDetail,
    PendingRoll,
    Playbook,
    Resource,
    ResourcePool,
    Spell,
    Talent,
    Threat,
    Tie,
)
from clocks.models import Clock, ClockChange, Visibility, WhoMayTick
from gamerules.dials import Dials
from gamerules.words import said, said_n
from rolls.models import Roll
from safety.models import Agreement, Boundary

NAME = "The Usurper's Throne"
PITCH = """A usurper sits on the throne of Vel Arden. The old king hides in the marshes, the \
nobles count their coins, and the city waits to see who blinks first.

You are a crew of smugglers, forgers and old soldiers caught in the middle."""

# "Making a Compelling Campaign", Force Example.
REBEL_FORCES = {
    "name": "The Rebel Forces", "kind": "organisation", "stance": Stance.ALIGNED, "revealed": True,
    "goal": "Get rid of the usurper that sits on the throne.",
    "methods": ["Finding dirt on the government to expose corruption.",
                "Convincing the real king to take back what is theirs.",
                "Finding money to hire mercenaries to fight an eventual war."],
    "gm_notes": "Their leader is the usurper's own sister; she wants the throne for herself.",
}
HIDDEN_FORCE = {
    "name": "The Grey Ledger", "kind": "organisation", "stance": Stance.OPPOSED, "revealed": False,
    "goal": "Own the city's debts, whoever wears the crown.",
    "methods": ["Buying the nobles' promissory notes.", "Bribing both sides of the war."],
    "gm_notes": "They finance the rebels and the usurper alike.",
}
PLAYER_GROUP = {
    "name": "The Marsh Runners",
    "goal": "Get the old king back to the capital alive, and get paid for it.",
    "methods": ["Smuggling people and letters through the marsh roads.",
                "Forging passes and seals.", "Calling in favours from old comrades."],
}


PARTY_SHEET = (
    ("authority", "Outlaws of the usurper's court", 0, True),
    ("authority", "A price on the crew's heads", -1, False),
    ("allies", "Nobody loves the usurper", 0, True),
    ("allies", "The rebels' go-between at the Drowned Bell", 1, False),
    ("assets", "A ragtag crew behind on its rent", 0, True),
    ("assets", "A leaky fishing boat that still floats", 0, False),
    ("adversaries", "The usurper's men are everywhere", 0, True),
)
"""The party sheet ("Party Creation": each key concept at -1, 0 or +1, one or two details)."""


def _campaign(users, gm, players) -> Campaign:
    existing = Campaign.objects.filter(name=NAME, memberships__user=gm).first()
    if existing:
        return existing
    campaign = campaign_actions.create_campaign(gm, name=NAME, pitch=PITCH,
                                       gm_notes="The old king is already dying.")
    campaign = bookkeeping.set_dials(campaign.memberships.get(user=gm), Dials.from_data(
        {"extras": ["asset", "attachment", "scars", "goals", "world", "party", "threat_level", "resource_pool",
                    "economy", "magic"]}))
    campaign.charge.market_filled = 1  # the harbour market is low this morning: buying is easier
    campaign.charge.save(update_fields=["market_filled"])
    for concept, text, disposition, key in PARTY_SHEET:
        PartyDetail.objects.create(campaign=campaign, concept=concept, text=text, disposition=disposition, key=key)
    for name in players:
        Membership.objects.create(campaign=campaign, user=users[name], role=Role.PLAYER)
        campaign.log(users[name], said("%(user)s joined the campaign.", user=name))
    WorldForce.objects.filter(campaign=campaign, is_player_group=True).update(**PLAYER_GROUP)
    # Session 1 spans the forces' reveal, so that its recap and "Previously on…" name it.
    session = GameSession.objects.create(campaign=campaign, number=1)
    campaign.log(gm, said("Session %(number)s started. Momentum resets to %(momentum)s.", number=1, momentum=2))
    rebels = WorldForce.objects.create(campaign=campaign, **REBEL_FORCES)
    WorldForce.objects.create(campaign=campaign, **HIDDEN_FORCE)
    campaign.log(gm, said("A force is revealed: %(force)s.", force=rebels.name), force=rebels)
    campaign.log(gm, said("Session %(number)s ended. Players: update your characters' details (concept, "
                          "appearance, ties) if the session changed them.", number=1))
    GameSession.objects.filter(pk=session.pk).update(
        ended_at=timezone.now(),
        log="The crew met the rebels' go-between at the Drowned Bell and took the job: bring "
            "the old king's letter to the capital.",
        summary="The Rebel Forces showed their hand: their go-between met the crew at the Drowned Bell. "
                "The crew took the job: carry the old king's letter to the capital, past the usurper's men.",
        gm_notes="The go-between reports to the Grey Ledger.")
    return campaign


# Three characters built by the creation rules: 7 dots, at most 2 in an action. Oren carries the
# rulebook's own talent: "+1 position when I'm Shooting monsters in the forest".
CHARACTERS = [
    {"player": "xavier", "name": "Vesna Kade", "concept": "Harbour guard turned smuggler",
     "appearance": "Oilskin coat, a scar through one eyebrow.", "condition": "",
     "dots": {"Sneak": 2, "Finesse": 2, "Notice": 1, "Move": 1, "Sway": 1},
     "talents": [(1, "dot", "Sneak", ""), (2, "effect", "Sneak", "through the marsh at night")],
     "tie": ("Owes the Rebel Forces a favour for her brother's release.", "The Rebel Forces"),
     "project": ("Buy back the family boat", 6, 2)},
    {"player": "yann", "name": "Oren Thale", "concept": "Monster hunter from the forest",
     "appearance": "Bow, furs, and a necklace of teeth.", "condition": "Winded",
     "stress": 1, "dots": {"Study": 2, "Muscle": 2, "Shoot": 2, "Focus": 1},
     "talents": [(1, "dot", "Shoot", ""), (2, "risk", "Shoot", "monsters in the forest")],
     "tie": ("Tracked beasts for the old king's hunts.", None), "project": None},
    {"player": "zoe", "name": "Ilse Marr", "concept": "Forger of seals and passes",
     "appearance": "Ink-stained fingers, spectacles on a chain.", "condition": "",
     "dots": {"Tinker": 2, "Study": 1, "Sway": 2, "Bond": 1, "Finesse": 1}, "money": 4,
     "talents": [(1, "dot", "Tinker", ""), (2, "effect", "Tinker", "forging seals and passes")],
     "tie": ("Vesna smuggles her forgeries past the gate.", "Vesna Kade"), "project": None},
]


def _characters(campaign, users, gm):
    if campaign.characters.exists():
        return
    Playbook.objects.create(
        campaign=campaign, name="The Smuggler", action_dots={"Sneak": 2, "Finesse": 1},
        suggested_ties=["Owes a favour to a harbour official", "Grew up with another character"],
        talents={"2": {"action": "Sneak", "situation": "through the marsh at night"}})
    for note in ("Crossed the marsh", "Delivered the first letter"):
        Milestone.objects.create(campaign=campaign, note=note, awarded_by=gm)
        campaign.log(gm, said("Milestone: %(note)s. Every character gains a talent.", note=note))
    for spec in CHARACTERS:
        character = Character(campaign=campaign, owner=users[spec["player"]], name=spec["name"], created=True,
                              concept=spec["concept"], appearance=spec["appearance"], condition=spec["condition"])
        character.sheet_starts = {"stress": spec.get("stress", 0), "action_dots": spec["dots"], "money": spec.get("money", 1)}
        character.save()
        for slot, kind, action, situation in spec["talents"]:
            Talent.objects.create(character=character, slot=slot, kind=kind, action=action,
                                  situation=situation)
        text, link = spec["tie"]
        Tie.objects.create(character=character, text=text,
                           linked_force=campaign.forces.filter(name=link).first(),
                           linked_character=campaign.characters.filter(name=link).first())
        if spec["project"]:
            name, size, filled = spec["project"]
            Clock.objects.create(campaign=campaign, character=character, name=name, kind="project",
                                 size=size, filled=filled, who_may_tick=WhoMayTick.OWNER)


def _clocks(campaign, gm):
    """The rulebook's own clocks: an "Alert" danger clock (the Xavier example), a tug-of-war, and
    one the GM keeps to themselves."""
    if campaign.clocks.filter(character=None, party=False).exists():
        return
    alert = Clock.objects.create(campaign=campaign, name="Alert", kind="danger", size=6, filled=2,
                                 who_may_tick=WhoMayTick.MEMBERS, scene="The harbour gate",
                                 notes="The guards heard a splash.")
    ClockChange.objects.create(clock=alert, by=gm, before=0, after=2,
                               reason="Xavier's partial success: moderate risk, 2 segments")
    Clock.objects.create(campaign=campaign, name="Turf War", kind="opposed", size=8, filled=4,
                         visibility=Visibility.KNOWN, side_a="The Marsh Runners",
                         side_b="The Harbour Gang")
    Clock.objects.create(campaign=campaign, name="Deliver the king's letter", kind="progress",
                         size=8, filled=3, force=campaign.forces.get(name="The Rebel Forces"))
    Clock.objects.create(campaign=campaign, name="The Ledger calls in its debts", kind="danger",
                         size=4, filled=1, visibility=Visibility.GM)
    for clock in campaign.clocks.filter(character=None, party=False).order_by("pk"):
        # The line about the GM-only clock is the GM's alone, as the log's audience rule says.
        campaign.log(gm, said_n("New clock: %(name)s (%(size)s segment).", "New clock: %(name)s (%(size)s segments).",
                                            clock.size, name=clock.name, size=clock.size), clock=clock)
    # The section's own example: "a heavy mist is a simple threat, with a rating of 1".
    mist = Threat.objects.create(campaign=campaign, source="A heavy mist off the harbour", rating=1)
    campaign.log(gm, said("Threat %(threat)s on %(target)s.", threat=str(mist), target=said("the scene")))


def _session_in_progress(campaign, users, gm):
    """Session 2 is running, and its first roll is the rulebook's Xavier example: Sneak, moderate risk,
    great effect, a push for +1d6, a 5: the guard is taken out, and the Alert clock ticks 2."""
    if campaign.sessions.filter(number=2).exists():
        return
    session = GameSession.objects.create(campaign=campaign, number=2,
                                         log="The crew reached the harbour gate at midnight.")
    campaign.log(gm, said("Session %(number)s started. Momentum resets to %(momentum)s.", number=2, momentum=2))
    vesna = campaign.characters.get(name="Vesna Kade")
    roll = Roll.objects.create(
        campaign=campaign, session=session, character=vesna, rolled_by=users["xavier"],
        kind="action", action="Sneak", goal="Take out the guard without him noticing",
        pool_size=4, dice_sources=["rating", "rating", "rating", "push"], dice=[5, 2, 1, 3],
        outcome="partial", idempotency_key="demo-xavier-example",
        choices={"risk": 2, "effect": 3, "pushes": ["die"], "helpers": [], "momentum_gained": 0},
        result={"risk": 2, "effect": 3, "consequence_rating": 2, "momentum": {str(vesna.pk): [2, 0]},
                "consequence": {"kind": "complication", "rating": 2, "target": vesna.pk,
                                "clock": campaign.clocks.get(name="Alert").pk, "status": "applied",
                                "resistance": "still_happens", "final_rating": 2}})
    vesna.charge.momentum = 0
    vesna.charge.save(update_fields=["momentum"])
    Asset.objects.create(character=vesna, name="The harbour master's seal", source=AssetSource.BOON)
    Attachment.objects.create(character=vesna, name="Her late father's marsh boat")
    oren = campaign.characters.get(name="Oren Thale")
    Goal.objects.create(character=oren, name="Slay the beast that took his village", difficulty="hard", filled=3)
    ilse = campaign.characters.get(name="Ilse Marr")
    ilse.charge.scars = "Two fingers that no longer bend, from the guild's punishment"
    ilse.charge.save(update_fields=["scars"])
    _spells(campaign, oren, ilse)
    ClockChange.objects.filter(clock__campaign=campaign, clock__name="Alert").update(roll=roll)
    # The next roll is on its way: Yann's player chose the goal, and waits for the GM's risk and
    # effect on the console.
    yann = campaign.characters.get(owner=users["yann"])
    PendingRoll.objects.create(campaign=campaign, character=yann, key="demo-on-its-way", action="Sway",
                               goal="Talk the harbour master into opening the gate", started_by=users["yann"])


def _spells(campaign, oren, ilse):
    """The Magic extra: Ilse's ward, readied by a casting last session, and Oren's hunter's rite,
    a ritual with a danger clock ("The Cost of Magic")."""
    danger = Clock.objects.create(campaign=campaign, character=oren, name="The rite: the beast stirs",
                                  kind="complication", size=4, filled=1, who_may_tick=WhoMayTick.GM)
    rite = Clock.objects.create(campaign=campaign, character=oren, name="The rite: the casting", kind="progress",
                                size=6, filled=2, who_may_tick=WhoMayTick.OWNER)
    Spell.objects.create(character=oren, name="The hunter's rite", actions=["Focus", "Study"], level=3,
                         momentum_cost=1, risk=3, limit="day", ritual=rite, danger=danger,
                         notes="At night, over the beast's tracks; the smell of smoke clings for a day.")
    Spell.objects.create(character=ilse, name="Seal of passage", actions=["Tinker", "Bond"], level=2, stress_cost=1,
                         limit="session", charge=2, times_cast=1, notes="Wax, a drop of her blood, the guild's old die.")


WORLD_TABLES = (
    ("The Harbour", ["A ship comes in flying the usurper's colours.", "The harbour master doubles the gate toll.",
                     "Smugglers fight over the east pier.", "A storm keeps every boat in port.",
                     "The fish market closes: the catch is poisoned.", "A rebel pamphlet is nailed to the customs house.",
                     "The Drowned Bell changes hands.", "A body washes up with the king's seal ring.",
                     "Soldiers search every warehouse.", "A foreign envoy lands in secret.",
                     "The lighthouse keeper goes missing.", "The harbour chain is raised at night.",
                     "The usurper's fleet anchors in the bay."]),
    ("The Court", ["The old king is seen at a window.", "A courtier asks for the crew by name.",
                   "The usurper's heir falls ill.", "Taxes rise on salt and wine.", "A duel at dawn between two lords.",
                   "The royal archive burns.", "A priest preaches against the usurper.",
                   "The queen's jeweller sells a crown.", "An amnesty is proclaimed, and doubted.",
                   "The guard captain is replaced.", "A masked ball at the palace.", "A herald reads a new law.",
                   "The usurper names a successor."]),
    ("The Next Job", ["Carry a letter past the marsh patrols.", "Free a prisoner from the tide cells.",
                      "Steal the harbour master's ledger.", "Guard a rebel meeting.", "Forge passes for a family.",
                      "Sink a ship before it sails.", "Find the missing lighthouse keeper.",
                      "Bring a healer to the old king.", "Rob the tax cart on the coast road.",
                      "Smuggle weapons into the city.", "Bribe a judge before the trial.",
                      "Hunt the beast in the salt marsh.", "Bring the crown to the rebels."]),
)
"""The World extra's three prompt tables for the demo's setting, Ace to King."""


def _world(campaign, gm):
    """The prompt tables, a draw the GM revealed with its mission roll, and one kept back."""
    if campaign.world_tables.exists():
        return
    member = campaign.memberships.get(user=gm)
    for place, (title, prompts) in enumerate(WORLD_TABLES):
        world.write_world_table(member, place, title, prompts)
    revealed = roll_actions.draw_hook_cards(member, random.Random(11))
    roll_actions.make_mission_roll(member, revealed.pk, "demo-mission-roll", random.Random(4))
    world.reveal_draw(member, revealed.pk)
    roll_actions.draw_hook_cards(member, random.Random(12))
    # The section's Expedition Funds, as the rebels' war chest: gathered before each planned job.
    funds = resources.define_resource(member, Resource(name="The rebels' war chest", shared=True, gain="recap_roll",
                                                       spend="die", cap=2, retained=True, expires=True))
    ResourcePool.objects.create(resource=funds, points=2)


def _safety(campaign, users, gm):
    """Safety at the table, as a session zero left it: a line, an anonymous veil, the checklist."""
    if campaign.boundaries.exists():
        return
    Boundary.objects.create(campaign=campaign, kind="line", text="Harm to children", author=users["zoe"])
    Boundary.objects.create(campaign=campaign, kind="veil", text="Torture")  # written anonymously: no author
    Agreement.objects.bulk_create(Agreement(campaign=campaign, item=item, agreed_by=gm)
                             for item in ("tone", "lines_veils", "x_card", "pause", "leave"))


@transaction.atomic
def load(users, gm_name, player_names) -> Campaign:
    """Create what is missing of the Charge campaign, for the demo's users."""
    gm = users[gm_name]
    campaign = _campaign(users, gm, player_names)
    _clocks(campaign, gm)
    _characters(campaign, users, gm)
    _session_in_progress(campaign, users, gm)
    _world(campaign, gm)
    _safety(campaign, users, gm)
    return campaign
