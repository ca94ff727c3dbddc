"""Steps of Traits & Consequence: the sheet, the GM's pool and stat list, a conflict from its
stakes to its damage, bids and a conflict taken back."""

from characters.models import Character
from rolls.models import Roll
from tests.core.test_keyed_writes import Write, campaign_only, sheet
from tests.core.walk.shared import the_campaign
from tests.core.walk.steps import rows
from traits.models import Conflict, Feature, Sheet


def traits(write_url, who, args, data, state):
    return Write(write_url, who, args, data, state, "traits")


def ada_sheet(table):
    return rows(Sheet, character=table.character) + rows(Feature, character=table.character)


def play(table):
    return (rows(Conflict, character__campaign=table.campaign) + rows(Roll, campaign=table.campaign)
            + rows(Sheet, character__campaign=table.campaign) + rows(Character, campaign=table.campaign))


def latest_feature(table):
    return Feature.objects.filter(character=table.character).latest("pk").pk


def conflict(table):
    return [Conflict.objects.filter(character=table.character).latest("pk").pk]


def scripted(*faces, **data):
    def build(table, n):
        table.dice(*faces)
        return {key: value(table) if callable(value) else value for key, value in data.items()}
    return build


def stakes(stat):
    return lambda t, n: {"character": t.character.pk, "stakes": f"Past the guard {n}?", "solution": "A punch",
                         "stat": stat, "powers": []}


SHEET = {
    "stat list set": traits("traits_stat_list", "gm", sheet, lambda t, n: {"stats": "Muscle\nFocus\nSpeed"},
                            lambda t: the_campaign(t) + rows(Sheet, character__campaign=t.campaign)),
    "stats written": traits("traits_stats", "player", sheet, lambda t, n: {
        "rating-0": 3, "current-0": 3, "rating-1": 2, "current-1": 2, "rating-2": 3, "current-2": 3}, ada_sheet),
    "trait added": traits("traits_feature_add", "player", sheet, lambda t, n: {"kind": "trait", "name": "Stubborn"},
                          ada_sheet),
    "trait removed": traits("traits_feature_remove", "player", sheet,
                            lambda t, n: {"feature": latest_feature(t)}, ada_sheet),
    "pool set": traits("traits_pool", "gm", sheet, lambda t, n: {"consequence": 3, "gl": 6}, ada_sheet),
    "aftermath rolled": traits("traits_aftermath", "gm", sheet, scripted(5, 1, burn=2), play),
}

CONFLICT = {
    "stat list set": SHEET["stat list set"],
    "stats written": SHEET["stats written"],
    # The Item stays on offer once the Trait is bid: the conflict waits to be resolved.
    "item added": traits("traits_feature_add", "player", sheet, lambda t, n: {"kind": "item", "name": "Anchor chain", "value": 2},
                         ada_sheet),
    "trait added": SHEET["trait added"],
    "conflict started": traits("conflict_new", "player", campaign_only, stakes("Muscle"), play),
    "GM's successes": traits("conflict_gm", "gm", conflict, lambda t, n: {"successes": 4}, play),
    "conflict rolled": traits("conflict_roll", "player", conflict, scripted(1, 2, 4), play),
    "trait bid": traits("conflict_bid", "player", conflict, scripted(4, traits=lambda t: [latest_feature(t)]), play),
    "conflict resolved": traits("conflict_resolve", "player", conflict, lambda t, n: {}, play),
    "damage proposed": traits("conflict_damage", "player", conflict, lambda t, n: {"damage-0": 2}, play),
    "damage agreed": traits("conflict_confirm", "gm", conflict, lambda t, n: {"agreed": "yes"}, play),
    "second conflict": traits("conflict_new", "player", campaign_only, stakes("Speed"), play),
    "second GM's successes": traits("conflict_gm", "gm", conflict, lambda t, n: {"successes": 5}, play),
    "conflict taken back": traits("conflict_withdraw", "player", conflict, lambda t, n: {}, play),
}

STRETCHES = {"Traits sheet": SHEET, "Traits conflict": CONFLICT}
