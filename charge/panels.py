"""What Charge's pages and the shared ones (table, console, banners) show of its rolls: odds
bars, rolls on their way, threats in play, a roll's result with its controls."""

from dataclasses import dataclass

from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from characters.models import Character
from charge import landed
from charge.actions import other_rolls
from charge.kinds import RollKind
from charge.models import PendingRoll, Spell, mission_start_pending
from charge.wording import by_wording, risk_noun
from clocks.models import Clock, SeenClock, Visibility
from gamerules.action_roll import SetupBenefit, flashback_costs
from gamerules.charge import Effect, Outcome, Risk, odds, percentages
from gamerules.clocks import DANGER_KINDS, PROGRESS_KINDS
from gamerules.consequences import ConsequenceKind, Resistance
from gamerules.dials import Extra
from gamerules.economy import MARKET_CLOCK_SEGMENTS, Trade, market_state
from gamerules.goals import Resolution
from gamerules.magic import assured_odds
from gamerules.threat import ThreatRule, threat_odds
from gamerules.world import MissionStart


def odds_bars(pool_size: int, threat: int = 0, rule: ThreatRule = ThreatRule.SAME_VALUE, sure: bool = False):
    """(outcome, exact chance, whole percent) for an odds bar whose percentages add up to 100;
    against a threat pool, its cancelling counted in; ``sure``: a spell's automatic success."""
    chances = threat_odds(pool_size, threat, rule) if threat else odds(pool_size)
    chances = assured_odds(chances) if sure else chances
    shown = percentages(chances)
    return [(outcome, chances[outcome], shown[outcome]) for outcome in Outcome]


@dataclass(frozen=True)
class RollOnItsWay:
    """A roll on its way as a viewer sees it: whether they may open it, and whom it waits for."""

    pending: PendingRoll
    may_roll: bool
    awaited: tuple[Character, ...]  # the helpers asked who have not agreed yet
    threats: tuple = ()  # (threat, applies) for each threat in play for the roller
    party_details: tuple = ()  # (detail, bears) for each line of the party sheet
    mission: MissionStart | None = None  # the mission roll's start, for the mission's first roll
    escalated: str = ""  # the risk an escalated action starts at, which only the GM sets lower

    @property
    def risk_shown(self) -> int:
        """The risk the GM's choice starts at: theirs, or the suggested one."""
        return self.pending.risk if self.pending.is_set else int(self.pending.suggested_risk(self.mission))

    @property
    def effect_shown(self) -> int:
        return self.pending.effect if self.pending.is_set else int(self.pending.suggested_effect())


def pending_context(membership) -> dict:
    """Every roll on its way in the campaign, for banners, the table and the console, and the
    risk and effect a GM chooses from."""
    campaign = membership.campaign
    # Read only by what shows them (a table screen's clocks, asked alone, need neither).
    return {
        "pending_rolls": SimpleLazyObject(lambda: rolls_on_their_way(membership)),
        # Flashbacks called, for the GM to price and their players to pay ("Flashbacks").
        "flashback_calls": SimpleLazyObject(lambda: [(call, call.character.editable_by(membership))
                                                     for call in campaign.flashback_calls.for_display()]),
        "flashback_prices": [(cost, ngettext("%(cost)s momentum", "%(cost)s momentum", cost) % {"cost": cost}, text)
                             for cost, text in flashback_costs(campaign.charge.rules.flashback_most).items()],
        "presets": [("risk", risk_noun(campaign.charge.wording), [(int(r), r.label(campaign.charge.wording)) for r in Risk]),
                    ("effect", _("Effect"), [(int(e), e.label) for e in reversed(Effect)])],
    }


def rolls_on_their_way(membership) -> list[RollOnItsWay]:
    campaign = membership.campaign
    pending = list(campaign.pending_rolls.for_display())
    # One query however many are asked, and none while no roll is on its way.
    helpers = ({c.pk: c for c in campaign.characters.select_related("charge").only("campaign", "name", "charge__assisting")} if pending else {})
    threats = campaign.charge.threats_in_play if pending else []
    details = list(campaign.party_details.all()) if pending and campaign.charge.rules.has(Extra.PARTY) else []
    mission = mission_start_pending(campaign) if pending else None
    return [RollOnItsWay(p, p.character.editable_by(membership),
                         tuple(helpers[pk] for pk in p.asked
                               if pk in helpers and helpers[pk].charge.assisting_id != p.character_id),
                         tuple((t, t.pk in p.threats) for t in threats if t.character_id in (None, p.character_id)),
                         tuple((d, d.pk in p.party_details) for d in details), mission,
                         _escalated(p, campaign.charge.wording))
            for p in pending]


def _escalated(pending, wording) -> str:
    """The risk a roll's action starts at after an escalation (ESCALATION_LASTS_THE_SESSION), in
    the campaign's words, or ""."""
    floor = pending.character.charge.escalated_for(pending.action)
    return str(floor.label(wording)).lower() if floor else ""


def table_context(membership) -> dict:
    """What Charge adds to the table screen and the console: its rolls on their way, the threats
    in play, and its Extras' panels while they are on (the spells and the hooks read only by the
    panels that show them)."""
    campaign = membership.campaign
    rules = campaign.charge.rules
    return {
        **pending_context(membership), **threats_context(campaign), **market_context(campaign), "rules": rules,
        "uses_assets": rules.has(Extra.ASSET), "uses_market": rules.has(Extra.ECONOMY),
        "uses_magic": rules.has(Extra.MAGIC),
        "readied_spells": (Spell.objects.filter(character__campaign=campaign, charge__isnull=False)
                           .select_related("character") if rules.has(Extra.MAGIC) else []),
        # The latest hooks the GM revealed: a draw not revealed is the GM's, even on the console.
        "hooks": SimpleLazyObject(lambda: campaign.hook_draws.filter(revealed=True).first()
                                  if rules.has(Extra.WORLD) else None),
    }


def market_context(campaign) -> dict:
    """The market clock's face ("The Market Clock")."""
    setup = campaign.charge
    return {"market_filled": setup.market_filled, "market_state": setup.market, "market_words": setup.market_words,
            "market_size": MARKET_CLOCK_SEGMENTS}


def console_roll(membership) -> dict:
    """The console's latest action roll, with its consequence and progress controls."""
    latest = membership.campaign.rolls.filter(kind__in=(RollKind.ACTION, RollKind.SETUP)).select_related(
        "character", "rolled_by").first()
    return roll_context(membership, latest) if latest else {}


def threats_context(campaign) -> dict:
    """The threats in play, for the console, the table and the sheets, while the extra is on."""
    return {"uses_threats": campaign.charge.rules.has(Extra.THREAT_LEVEL), "threats": campaign.charge.threats_in_play}


def _resistance_label(consequence, campaign) -> str:
    """How a settled consequence ended; reduced to a rating of 0, it is as good as avoided."""
    if consequence is None or consequence.resistance is None:
        return ""
    if consequence.resistance is Resistance.REDUCED and not consequence.final_rating:
        return _("The consequence is reduced to nothing: it is avoided.")
    return consequence.resistance.label(campaign.charge.wording, campaign.charge.quick)


def _extra_text(roll) -> str:
    """What a loot, goal or market roll did to the sheet, in a line."""
    if roll.kind == RollKind.GOAL:
        return _goal_text(roll)
    if roll.kind == RollKind.MARKET:
        return _market_text(roll)
    if roll.kind != RollKind.LOOT:
        return ""
    found = roll.choices.get("assets", 0)
    if not found:
        return _("Nothing worth taking.")
    where = roll.character.name if roll.character else _("the sheet")
    said = _("Found one asset: %(loot)s, on %(name)s's sheet.") if found == 1 else \
        _("Found two assets: %(loot)s, on %(name)s's sheet.")
    return said % {"loot": roll.goal, "name": where}


def _market_text(roll) -> str:
    choices = roll.choices
    state = market_state(choices["market"])
    spent = choices["money"]
    selling = choices["trade"] == Trade.SELLING.value
    if spent and selling:
        said = ngettext("Selling in a %(state)s market (%(market)s/%(size)s), %(money)s money spent: "
                        "the GM says what the selling brings.",
                        "Selling in a %(state)s market (%(market)s/%(size)s), %(money)s money spent: "
                        "the GM says what the selling brings.", spent)
    elif spent:
        said = ngettext("Buying in a %(state)s market (%(market)s/%(size)s), %(money)s money spent: "
                        "the GM says what the buying brings.",
                        "Buying in a %(state)s market (%(market)s/%(size)s), %(money)s money spent: "
                        "the GM says what the buying brings.", spent)
    elif selling:
        said = _("Selling in a %(state)s market (%(market)s/%(size)s), no money spent: "
                 "the GM says what the selling brings.")
    else:
        said = _("Buying in a %(state)s market (%(market)s/%(size)s), no money spent: "
                 "the GM says what the buying brings.")
    return said % {"state": state.in_a_sentence, "market": choices["market"], "size": MARKET_CLOCK_SEGMENTS,
                   "money": spent}


def _goal_text(roll) -> str:
    choices = roll.choices
    if choices.get("goal_mode") == other_rolls.GoalRollMode.ADVANCE:
        ticks = choices.get("ticks", 0)
        if not ticks:
            return _("%(goal)s: no progress this time.") % {"goal": roll.goal}
        return ngettext("%(goal)s: %(count)s segment ticked.", "%(goal)s: %(count)s segments ticked.",
                        ticks) % {"goal": roll.goal, "count": ticks}
    dots = choices.get("dots", 0)
    if choices.get("resolution") == Resolution.LOST.value:
        return _("%(goal)s: the goal is lost.") % {"goal": roll.goal}
    if choices.get("consequence"):
        said = ngettext("%(goal)s: complete, %(count)s talent dot to place. And a consequence, as the GM says.",
                        "%(goal)s: complete, %(count)s talent dots to place. And a consequence, as the GM says.",
                        dots)
    else:
        said = ngettext("%(goal)s: complete, %(count)s talent dot to place.",
                        "%(goal)s: complete, %(count)s talent dots to place.", dots)
    return said % {"goal": roll.goal, "count": dots}


def _by_audience(clocks) -> list[tuple[str, list]]:
    """Clocks for a GM's choice, those whose segments players see apart from the others, so
    that the GM sees before confirming when the roll's page will keep a change to itself."""
    groups = [(_("Seen by everyone"), [c for c in clocks if c.visibility == Visibility.ALL]),
              (_("Hidden from players"), [c for c in clocks if c.visibility != Visibility.ALL])]
    return [(label, group) for label, group in groups if group]


def _spell_clocks(roll) -> tuple[int | None, int | None]:
    """The time and danger clocks of the spell the roll cast ("Time: require a clock to be
    filled", "Danger"): the clocks its progress and its consequence are offered to tick first."""
    cast = (roll.choices or {}).get("magic", {}).get("cast")
    found = Spell.objects.filter(pk=cast["id"]).values_list("ritual_id", "danger_id").first() if cast else None
    return found or (None, None)


def roll_context(membership, roll):
    """Everything the roll's result panel shows this member, with the controls they may use."""
    campaign = membership.campaign
    names = dict(Character.objects.filter(campaign=campaign).values_list("pk", "name"))
    aftermath = landed.aftermath(roll)
    consequence = aftermath.consequence
    target = Character.objects.filter(pk=consequence.target).first() if consequence else None
    # The roller first: a consequence falls on them unless the GM chooses a helper.
    exposed = sorted(Character.objects.filter(pk__in=[roll.character_id, *roll.choices.get("helpers", [])]),
                     key=lambda character: character.pk != roll.character_id)
    clocks = list(Clock.objects.visible_to(membership).active().filter(campaign=campaign))
    # What the roll did to clocks, as this viewer may see those clocks now.
    changes = [(SeenClock(change.clock, membership), change)
               for change in roll.clock_changes.select_related("clock").order_by("pk")]
    progress = aftermath.progress
    progress_clock = Clock.objects.filter(pk=progress.clock).first() if progress else None
    return {
        "membership": membership, "campaign": campaign, "roll": roll,
        "outcome": landed.outcome(roll), "effect": aftermath.effect,
        "risk_text": (by_wording(campaign.charge.wording, _("risk %(level)s"), _("position %(level)s")) % {
            "level": str(aftermath.risk.label(campaign.charge.wording)).lower()} if aftermath.risk else ""),
        "determination_text": (aftermath.resistance.label(campaign.charge.wording, campaign.charge.quick)
                               if aftermath.resistance else ""),
        "setup_benefits": [b for b in SetupBenefit if not (campaign.charge.quick and b is SetupBenefit.RISK)],
        "momentum_changes": [(names.get(move.character, "?"), move.before, move.after) for move in aftermath.momentum],
        "consequence": consequence, "target": target, "exposed": exposed,
        "awaits_consequence": landed.awaits_consequence(roll), "aftermath": aftermath,
        "brings_consequence": landed.brings_consequence(roll), "threat": landed.threat(roll), "tension": landed.tension(roll),
        "resources_spent": landed.resources_spent(roll), "flashback_cost": landed.flashback_cost(roll),
        "kinds": [(k.value, k.label(campaign.charge.wording), k.meaning(campaign.charge.wording)) for k in ConsequenceKind],
        "kind_label": consequence.kind.label(campaign.charge.wording) if consequence else "",
        "resistance_label": _resistance_label(consequence, campaign),
        "progress": progress,
        "progress_seen": SeenClock(progress_clock, membership) if progress_clock else None,
        "clock_changes": [(seen, change) for seen, change in changes if seen.known],
        "setup_text": (aftermath.setup_benefit.describe(campaign.charge.wording)
                       if aftermath.setup_benefit else ""),
        "progress_clocks": _by_audience([c for c in clocks if c.rules_kind in PROGRESS_KINDS
                                         and c.tickable_by(membership)]),
        **dict(zip(("progress_first", "danger_first"), _spell_clocks(roll), strict=True)),
        "danger_clocks": _by_audience([c for c in clocks if c.rules_kind in DANGER_KINDS]),
        "may_settle": membership.is_gm or (roll.character and roll.character.editable_by(membership)),
        "may_resist": bool(target and target.editable_by(membership)),
        "protectors": [c for c in campaign.characters.editable_by(membership)
                       if consequence and c.pk != consequence.target and not c.charge.taken_out],
        "burn_choices": range(0, (target.charge.momentum if target else 0) + 1),
        # Attachments the target may break to cancel it outright ("Attachment Extra").
        "breakable": ([a for a in target.attachments.select_related("repair") if a.usable]
                      if target and campaign.charge.rules.has(Extra.ATTACHMENT) and target.editable_by(membership)
                      else []),
        "children": roll.children.visible_to(membership),
        "bars": odds_bars(roll.pool_size) if roll.dice else [],
        "extra_text": _extra_text(roll),
        "opposed": aftermath.opposed,
        "opposed_text": aftermath.opposed.winner.words if aftermath.opposed else "",
    }
