
"""Steps of Charge's rolls: on their way, thrown, what follows them, and the rolls of their own."""

from characters.models import Character
from charge.models import Attachment, FlashbackCall, Goal, PendingRoll, Sheet, Threat
from clocks.models import Clock
from rolls.models import Roll
from tests.core.test_keyed_writes import Write, campaign_only
from tests.core.walk.shared import alarm, clocks
from tests.core.walk.steps import rows
from tests.helpers import set_dials, update_character


def play(table):
    """What a roll changes: the rolls, those on their way, the sheets and the clocks."""
    return (rows(Roll, campaign=table.campaign) + rows(PendingRoll, character__campaign=table.campaign)
            + rows(FlashbackCall, campaign=table.campaign) + rows(Character, campaign=table.campaign)
            + rows(Sheet, character__campaign=table.campaign) + clocks(table))


def flashback_call(table):
    return [FlashbackCall.objects.filter(character=table.character).latest("pk").pk]


def pending(table):
    return [PendingRoll.objects.filter(character=table.character).latest("pk").pk]


def last_roll(table):
    return [Roll.objects.filter(campaign=table.campaign).latest("pk").pk]


def bo(table):
    return Character.objects.get(campaign=table.campaign, name="Bo")


def first_step(table, n, **choices):
    return {"character": table.character.pk, "action": "Sneak", "goal": f"Get in {n}", "step": 1, **choices}


def thrown(*faces):
    """The roll's last step, its dice scripted: a 4 is a partial success, a consequence to choose."""
    def data(table, n):
        table.dice(*faces)
        chosen = PendingRoll.objects.get(pk=pending(table)[0])
        return {"character": table.character.pk, "action": "Sneak", "goal": "", "risk": chosen.risk,
                "effect": chosen.effect, "flashback_cost": chosen.price, "step": 3, "roll": "1"}
    return data


def started(**choices):
    return Write("roll_new", "player", campaign_only, lambda t, n: first_step(t, n, **choices), play)


RISK_SET = Write("roll_set", "gm", pending, lambda t, n: {"risk": 2, "effect": 2, "threats": []}, play)


def complication(table, n):
    return {"kind": "complication", "target": table.character.pk, "clock": alarm(table).pk}


def threat_level(table, n):
    set_dials(table.campaign, extras=[*table.campaign.charge.dials["extras"], "threat_level"])
    return {"source": "A poisonous mist", "rating": 2, "character": ""}


def threat(table):
    return [Threat.objects.filter(campaign=table.campaign).latest("pk").pk]


A_ROLL = {
    "roll started": started(),
    "risk set": RISK_SET,
    "roll thrown": Write("roll_pending", "player", pending, thrown(4, 3), play),
    "consequence chosen": Write("roll_consequence", "gm", last_roll, complication, play),
    "consequence accepted": Write("roll_accept", "player", last_roll, lambda t, n: {}, play),
    "threat named": Write("threat_add", "gm", campaign_only, threat_level,
                          lambda t: rows(Threat, campaign=t.campaign)),
    "threat cleared": Write("threat_clear", "gm", threat, lambda t, n: {}, lambda t: rows(Threat, campaign=t.campaign)),
}


def worse(table, n):
    return {"kind": "worse_condition", "target": table.character.pk}


def resisted(table, n):
    table.dice(6)
    return {"burn": 1}


def rifle(table, n):
    update_character(table.character.pk, momentum=3)
    return {"attachment": Attachment.objects.get_or_create(character=table.character, name="Old Bertha")[0].pk}


AFTERMATH = {
    "roll started": started(),
    "risk set": RISK_SET,
    "roll thrown": Write("roll_pending", "player", pending, thrown(4, 2), play),
    "condition worsened": Write("roll_consequence", "gm", last_roll, worse, play),
    "Bo protects": Write("roll_protect", "other_player", last_roll, lambda t, n: {"protector": bo(t).pk}, play),
    "second roll started": started(),
    "second risk set": RISK_SET,
    "second roll thrown": Write("roll_pending", "player", pending, thrown(4, 1), play),
    "second condition worsened": Write("roll_consequence", "gm", last_roll, worse, play),
    "resisted": Write("roll_resist", "player", last_roll, resisted, play),
    "third roll started": started(),
    "third risk set": RISK_SET,
    "third roll thrown": Write("roll_pending", "player", pending, thrown(4, 2), play),
    "third condition worsened": Write("roll_consequence", "gm", last_roll, worse, play),
    "attachment broken": Write("roll_break", "player", last_roll, rifle, play),
}


def vault(table):
    return Clock.objects.get_or_create(campaign=table.campaign, name="Open the vault",
                                       defaults={"kind": "progress", "size": 8, "who_may_tick": "members"})[0]


def goal(table):
    """A goal, with the dial that rolls its progress on."""
    set_dials(table.campaign, extra_dials=["goals_roll_to_advance"])
    return Goal.objects.get_or_create(character=table.character, name="Find who betrayed my sister",
                                      defaults={"difficulty": "easy"})[0]


def scripted(*faces, **data):
    def build(table, n):
        table.dice(*faces)
        return {key: value(table) if callable(value) else value for key, value in data.items()}
    return build


def ada_pk(table):
    return table.character.pk


OWN_ROLLS = {
    "setup started": started(setup="on"),
    "setup's risk set": RISK_SET,
    "setup thrown": Write("roll_pending", "player", pending, thrown(6, 2), play),
    "setup's benefit": Write("roll_setup", "player", last_roll, lambda t, n: {"benefit": "effect"}, play),
    "project started": started(),
    "project's risk set": RISK_SET,
    "project thrown": Write("roll_pending", "player", pending, thrown(6, 2), play),
    "vault progressed": Write("roll_progress", "player", last_roll, lambda t, n: {"clock": vault(t).pk}, play),
    "fortune rolled": Write("roll_fortune", "gm", campaign_only, scripted(4, 2, label="Does the storm break?",
                                                                          likeliness=1), play),
    "determination rolled": Write("roll_determination", "player", campaign_only,
                                  scripted(5, 3, character=ada_pk, burn=1, note="A fall"), play),
    "loot rolled": Write("roll_loot", "player", campaign_only,
                         scripted(6, character=ada_pk, pool=1, name="The captain's spyglass"), play),
    "market rolled": Write("roll_market", "player", campaign_only,
                           scripted(5, 3, character=ada_pk, trade="buying", money=0), play),
    "goal granted progress": Write("character_goal", "gm", lambda t: [t.character.pk],
                                   lambda t, n: {"advance": goal(t).pk}, lambda t: rows(Goal, character=t.character)),
    "goal rolled": Write("roll_goal", "player", lambda t: [goal(t).pk, "advance"], scripted(5, 1, pool=2), play),
}

FLASHBACKS = {
    "flashback called": Write("roll_flashback", "player", campaign_only,
                              scripted(character=ada_pk, note="Bribed the guards last night"), play),
    "flashback priced": Write("flashback_price", "gm", flashback_call, lambda t, n: {"cost": 1}, play),
    "flashback paid": Write("flashback_pay", "player", flashback_call, lambda t, n: {"cost": 1}, play),
    "flashback called again": Write("roll_flashback", "player", campaign_only,
                                    scripted(character=ada_pk, note="Hid a knife in the cell"), play),
    "flashback withdrawn": Write("flashback_withdraw", "player", flashback_call, lambda t, n: {}, play),
    "flashback roll started": started(flashback="on"),
    "flashback roll's risk and price set": Write("roll_set", "gm", pending,
                                                 lambda t, n: {"risk": 2, "effect": 2, "flashback_cost": 1}, play),
    "flashback roll thrown": Write("roll_pending", "player", pending, thrown(6, 2), play),
}

STRETCHES = {"Charge roll": A_ROLL, "Charge aftermath": AFTERMATH, "Charge rolls of their own": OWN_ROLLS,
             "Charge flashbacks": FLASHBACKS}
"""A stretch's steps are named within it: a name may come back in another stretch."""
