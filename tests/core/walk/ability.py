"""Steps of Ability vs Difficulty: the sheet, an action roll directed, helped and rolled, one
withdrawn, a quick roll."""

from ability.models import Action, Boost, Help, Sheet, Skill
from characters.models import Character
from rolls.models import Roll
from tests.core.test_keyed_writes import Write, campaign_only, sheet
from tests.core.walk.shared import the_campaign
from tests.core.walk.steps import rows


def ability(write_url, who, args, data, state):
    return Write(write_url, who, args, data, state, "ability")


def ada_sheet(table):
    return (rows(Sheet, character=table.character) + rows(Skill, character=table.character)
            + rows(Boost, character=table.character))


def play(table):
    return (rows(Action, campaign=table.campaign) + rows(Help, action__campaign=table.campaign)
            + rows(Roll, campaign=table.campaign) + rows(Sheet, character__campaign=table.campaign))


def bo(table):
    return Character.objects.get(campaign=table.campaign, name="Bo")


def skill(character):
    return Skill.objects.filter(character=character).latest("pk").pk


def action(table):
    return [Action.objects.get(character=table.character).pk]


def scripted(*faces, **data):
    def build(table, n):
        table.dice(*faces)
        return {key: value(table) if callable(value) else value for key, value in data.items()}
    return build


def intent(table, n):
    return {"character": table.character.pk, "intent": f"Climb the collapsed tower {n}",
            "skill": skill(table.character)}


CLIMBING = ability("ability_skill_add", "player", sheet, lambda t, n: {"name": "Climbing", "die": 8}, ada_sheet)
SHEET = {
    "skill added": CLIMBING,
    "skill's die raised": ability("ability_skill_die", "gm", sheet,
                                  lambda t, n: {"skill": skill(t.character), "die": 10}, ada_sheet),
    "boost added": ability("ability_boost_add", "player", sheet, lambda t, n: {"name": "Rope", "die": 4}, ada_sheet),
    "boost removed": ability("ability_boost_remove", "player", sheet, lambda t, n: {
        "boost": Boost.objects.filter(character=t.character).latest("pk").pk}, ada_sheet),
    "gear written": ability("ability_gear", "player", sheet, lambda t, n: {"gear": "Rope, chalk, a lantern"},
                            ada_sheet),
    "grit set": ability("ability_grit", "gm", sheet, lambda t, n: {"grit": 2}, ada_sheet),
    "skill removed": ability("ability_skill_remove", "player", sheet, lambda t, n: {"skill": skill(t.character)},
                             ada_sheet),
}

ACTION = {
    "skill added": CLIMBING,
    "Bo's skill added": ability("ability_skill_add", "other_player", lambda t: [bo(t).pk],
                                lambda t, n: {"name": "Athletics", "die": 6},
                                lambda t: rows(Skill, character__campaign=t.campaign)),
    "danger called": ability("ability_dangerous", "gm", campaign_only, lambda t, n: {"dangerous": "on"},
                             the_campaign),
    "action started": ability("ability_action_new", "player", campaign_only, intent, play),
    "action directed": ability("ability_direct", "gm", action, lambda t, n: {
        "difficulty": 10, "position": "none", "risks": "The stones give way", "teamwork_difficulty": 4}, play),
    "Bo helps": ability("ability_help", "other_player", action,
                        scripted(5, 2, helper=lambda t: bo(t).pk, skill=lambda t: skill(bo(t))), play),
    "action rolled": ability("ability_roll", "player", action, scripted(8, 3, 2, 1), play),
    "second action started": ability("ability_action_new", "player", campaign_only, intent, play),
    "action withdrawn": ability("ability_withdraw", "player", action, lambda t, n: {}, play),
    "quick roll": ability("ability_quick", "player", campaign_only, scripted(
        4, 4, character=lambda t: t.character.pk, skill=lambda t: skill(t.character), difficulty=8,
        goal="Spot the loose stone"), play),
}

STRETCHES = {"Ability sheet": SHEET, "Ability action": ACTION}
