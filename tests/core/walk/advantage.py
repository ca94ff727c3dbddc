"""Steps of Advantage & Threat: the sheet's kit and points, a check built, confirmed, rolled and
spent, one withdrawn, the GM's threats and jobs."""

from advantage.models import (
    Check,
    Condition,
    Crew,
    Expertise,
    Factor,
    Gear,
    GearFeature,
    Job,
    Sheet,
    Skill,
    Threat,
    Wound,
)
from clocks.models import Clock
from rolls.models import Roll
from tests.core.test_keyed_writes import Write, campaign_only, sheet
from tests.core.walk.steps import rows


def advantage(write_url, who, args, data, state):
    return Write(write_url, who, args, data, state, "advantage")


def kit(table):
    ada = table.character
    return (rows(Sheet, character=ada) + rows(Skill, character=ada) + rows(Expertise, skill__character=ada)
            + rows(Gear, character=ada) + rows(GearFeature, gear__character=ada)
            + rows(Condition, character=ada) + rows(Wound, character=ada))


def play(table):
    return (rows(Check, campaign=table.campaign) + rows(Factor, for_check__campaign=table.campaign)
            + rows(Roll, campaign=table.campaign)
            + rows(Sheet, character__campaign=table.campaign) + rows(Threat, campaign=table.campaign)
            + rows(Job, campaign=table.campaign))


def skill(table):
    return Skill.objects.filter(character=table.character).latest("pk").pk


def check(table):
    return [Check.objects.get(character=table.character).pk]


def foe(table):
    return [Threat.objects.filter(campaign=table.campaign).latest("pk").pk]


def scripted(*faces, **data):
    def build(table, n):
        table.dice(*faces)
        return data
    return build


SKILL = advantage("advantage_skill_add", "player", sheet, lambda t, n: {"name": "Subterfuge", "rank": 1}, kit)
SHEET = {
    "skill added": SKILL,
    "rank raised": advantage("advantage_rank", "player", sheet, lambda t, n: {"skill": skill(t), "rank": 2}, kit),
    "expertise added": advantage("advantage_expertise_add", "player", sheet,
                                 lambda t, n: {"skill": skill(t), "name": "Sneak"}, kit),
    "gear added": advantage("advantage_entry_add", "player", sheet, lambda t, n: {"kind": "gear",
                                                                                   "name": "Chameleon cloak"}, kit),
    "gear's feature added": advantage("advantage_feature_add", "player", sheet, lambda t, n: {
        "gear": Gear.objects.get(character=t.character).pk, "name": "Active camouflage", "plus": "plus"}, kit),
    "condition added": advantage("advantage_entry_add", "player", sheet,
                                 lambda t, n: {"kind": "condition", "name": "Exhausted"}, kit),
    "condition struck": advantage("advantage_entry_remove", "player", sheet, lambda t, n: {
        "kind": "condition", "entry": Condition.objects.get(character=t.character).pk}, kit),
    "drive written": advantage("advantage_drive", "player", sheet, lambda t, n: {"drive": "Free my brother"}, kit),
    "AP set": advantage("advantage_ap_set", "gm", sheet, lambda t, n: {"ap": 2, "ap_max": 3}, kit),
    "AP advanced": advantage("advantage_ap_advance", "gm", sheet, lambda t, n: {}, kit),
    "AP spent": advantage("advantage_ap_spend", "player", sheet,
                          lambda t, n: {"spend": "tough"}, kit),
    "adrenaline wears off": advantage("advantage_adrenaline", "gm", sheet, lambda t, n: {}, kit),
}

CHECK = {
    "skill added": SKILL,
    "AP lowered": advantage("advantage_ap_set", "gm", sheet, lambda t, n: {"ap": 1, "ap_max": 3}, kit),
    "check started": advantage("advantage_check_new", "player", campaign_only, lambda t, n: {
        "character": t.character.pk, "intent": f"Slip past the drone {n}", "skill": skill(t)}, play),
    "situation suggested": advantage("advantage_factor", "other_player", check,
                                     lambda t, n: {"kind": "situation", "dice": -1, "name": "Rushed"}, play),
    "situation struck": advantage("advantage_factor_remove", "gm", check, lambda t, n: {
        "factor": Check.objects.get(character=t.character).factors.latest("pk").pk}, play),
    "pool confirmed": advantage("advantage_confirm", "gm", check, lambda t, n: {}, play),
    "check rolled": advantage("advantage_roll", "player", check, scripted(6, 1, 1, 1, 1, 1, 1, 1, 1, 1), play),
    # The Boon spent, nothing is left to spend: the check is done at once.
    "boon spent": advantage("advantage_spend", "player", check, lambda t, n: {"spend": "boon"}, play),
    "second check started": advantage("advantage_check_new", "player", campaign_only, lambda t, n: {
        "character": t.character.pk, "intent": f"Crack the vault {n}", "skill": skill(t)}, play),
    "check withdrawn": advantage("advantage_withdraw", "player", check, lambda t, n: {}, play),
}

THREATS = {
    "threat added": advantage("advantage_threat_add", "gm", campaign_only,
                              lambda t, n: {"name": "Security drone", "toughness": 3}, play),
    "threat damaged": advantage("advantage_threat_change", "gm", foe,
                                lambda t, n: {"damage": 1, "conditions": "Blinded"}, play),
    "threat removed": advantage("advantage_threat_remove", "gm", foe, lambda t, n: {}, play),
    "job started": advantage("advantage_job_start", "gm", campaign_only, lambda t, n: {"name": "The heist"}, play),
    "job ended": advantage("advantage_job_end", "gm", campaign_only, lambda t, n: {}, play),
}

def crew(table):
    return rows(Crew, campaign=table.campaign) + rows(Clock, campaign=table.campaign)


def last_roll(table):
    return [Roll.objects.filter(campaign=table.campaign).latest("pk").pk]


CREW = {
    "skill added": SKILL,
    "crew's clocks kept": advantage("advantage_crew_clocks", "gm", campaign_only, lambda t, n: {}, crew),
    "check started": CHECK["check started"],
    "hindrance suggested": advantage("advantage_factor", "player", check,
                                     lambda t, n: {"kind": "situation", "dice": -1, "name": "Rushed"}, play),
    "pool confirmed": CHECK["pool confirmed"],
    # The one PLUS shows 2, discarded; the MINUS (the trauma's and the hindrance) show 5, no Bane: a
    # Hollow success, which brings a Minor Consequence.
    "check rolled hollow": advantage("advantage_roll", "player", check, scripted(2, *[5] * 10), play),
    "check done": advantage("advantage_done", "player", check, lambda t, n: {}, play),
    "crew's Hostility ticked": advantage("advantage_crew_tick", "gm", last_roll, lambda t, n: {"clock": "hostility"},
                                         crew),
}

STRETCHES = {"Advantage sheet": SHEET, "Advantage check": CHECK, "Advantage threats and jobs": THREATS,
             "Advantage crew": CREW}
