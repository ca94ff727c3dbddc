"""The contract every dice system passes (docs/adding-a-system.md): its sheet for
each role, its roll through the pages (full and htmx), the roll in the log and on the table
screen, exact odds against enumeration, its data through export and import, its URLs in the
permission matrix, its GM-only text kept from players. A system registered without a driver
here fails the first test."""

from fractions import Fraction
from itertools import product

import pytest
from django.urls import reverse

from ability.models import Action, Boost, Skill
from advantage.models import Check, Flaw
from advantage.models import Sheet as AdvantageSheet
from advantage.models import Skill as AdvantageSkill
from campaign.models import Campaign
from campaign.transfer import export_campaign, import_campaign
from core.systems import playable, site_of
from gamerules import ability as ability_rules
from gamerules import advantage as advantage_rules
from gamerules import charge
from gamerules import traits as traits_rules
from rolls.models import Roll
from tests.helpers import SPREAD, wizard
from tests.security.rules import RULES
from traits.models import Conflict, Feature, FeatureKind, Sheet

HTMX = {"HTTP_HX_REQUEST": "true"}


def charge_setup(table):
    table.character.created = True
    table.character.charge.action_dots = dict(SPREAD)
    table.character.charge.save()


def charge_roll(table, dice):
    dice(5, 3, 2, 1)
    response = wizard(table, goal="Past the guard", action="Sneak", risk=2, effect=2)
    assert response.status_code in (200, 302)


def charge_odds():
    for pool in range(0, 4):
        chances = charge.odds(pool)
        assert sum(chances.values()) == 1
        faces = list(product(range(1, 7), repeat=max(pool, 1) if pool > 0 else 2))
        counted = {}
        for dice in faces:
            outcome = charge.read_pool(dice, pool)
            counted[outcome] = counted.get(outcome, 0) + 1
        assert {o: Fraction(n, len(faces)) for o, n in counted.items()} == {o: c for o, c in chances.items() if c}


def traits_setup(table):
    Sheet.objects.update_or_create(character=table.character, defaults={"stats": {"Muscle": {"rating": 2, "current": 2}}})
    Feature.objects.create(character=table.character, kind=FeatureKind.TRAIT, name="Nasty Uppercut", tagged=True)


def traits_roll(table, dice):
    client, url = table.client("player"), reverse("conflict_new", args=[table.campaign.pk])
    assert client.get(url, {"character": table.character.pk}, **HTMX).status_code == 200
    client.post(url, {"character": table.character.pk, "key": "contract", "stakes": "Past the guard",
                      "solution": "I punch him", "stat": "Muscle"})
    conflict = Conflict.objects.get()
    gm = table.client("gm")
    assert "conflict" in gm.get(conflict.get_absolute_url(), {"panel": "conflict"}, **HTMX).text
    dice(5, 1)
    gm.post(reverse("conflict_gm", args=[table.campaign.pk, conflict.pk]), {"dice": 2}, **HTMX)
    dice(6, 2)
    response = client.post(reverse("conflict_roll", args=[table.campaign.pk, conflict.pk]), **HTMX)
    assert response.status_code == 200 and "<html" not in response.text
    client.post(reverse("conflict_resolve", args=[table.campaign.pk, conflict.pk]))


def traits_odds():
    """``conflict_odds`` and ``bid_odds`` against every face combination of small pools."""
    for stat, powers, gm in product(range(0, 4), range(0, 3), range(0, 4)):
        wins = total = 0
        for mine in product(range(1, 7), repeat=stat):
            for hers in product(range(1, 7), repeat=gm):
                total += 1
                wins += traits_rules.successes(mine) + powers >= traits_rules.successes(hers)
        assert traits_rules.conflict_odds(stat, powers, gm) == Fraction(wins, total)
    for dice, needed in product(range(0, 5), range(0, 5)):
        faces = list(product(range(1, 7), repeat=dice))
        hits = sum(traits_rules.successes(f) >= needed for f in faces)
        assert traits_rules.bid_odds(dice, needed) == Fraction(hits, len(faces))
        assert sum(traits_rules.success_odds(dice).values()) == 1


def ability_setup(table):
    skill = Skill.objects.create(character=table.character, name="Climbing", die=8)
    Boost.objects.create(character=table.character, name="Rope", die=6)
    table.skill = skill


def ability_roll(table, dice):
    client, url = table.client("player"), reverse("ability_action_new", args=[table.campaign.pk])
    assert client.get(url, {"character": table.character.pk}, **HTMX).status_code == 200
    client.post(url, {"character": table.character.pk, "key": "contract", "intent": "Climb the tower",
                      "skill": table.skill.pk})
    action = Action.objects.get()
    gm = table.client("gm")
    assert "action" in gm.get(action.get_absolute_url(), {"panel": "action"}, **HTMX).text
    gm.post(reverse("ability_direct", args=[table.campaign.pk, action.pk]), {"difficulty": 6, "position": "advantage"}, **HTMX)
    dice(5, 6, 2)
    response = client.post(reverse("ability_roll", args=[table.campaign.pk, action.pk]), **HTMX)
    assert response.status_code == 200 and response.headers["HX-Redirect"] == Roll.objects.get().get_absolute_url()


def ability_odds():
    """``action_odds`` against every face of mixed pools, each position."""
    for pool, difficulty, position in product([(4,), (6, 8), (4, 4, 10)], (4, 8), ability_rules.Position):
        counted, total = {}, 0
        for mine in product(*(range(1, size + 1) for size in pool)):
            for theirs in product(range(1, difficulty + 1), repeat=position.difficulty_dice):
                read = ability_rules.read_action(mine, theirs, position)
                counted[(read.success, read.effect)] = counted.get((read.success, read.effect), 0) + 1
                total += 1
        odds = ability_rules.action_odds(pool, difficulty, position)
        assert {key: Fraction(n, total) for key, n in counted.items()} == {k: c for k, c in odds.items() if c}


def advantage_setup(table):
    table.skill = AdvantageSkill.objects.create(character=table.character, name="Subterfuge", rank=2)
    Flaw.objects.create(character=table.character, name="Reckless")


def advantage_roll(table, dice):
    client, url = table.client("player"), reverse("advantage_check_new", args=[table.campaign.pk])
    assert client.get(url, {"character": table.character.pk}, **HTMX).status_code == 200
    client.post(url, {"character": table.character.pk, "key": "contract", "intent": "Slip past the drone",
                      "skill": table.skill.pk})
    check = Check.objects.get()
    gm = table.client("gm")
    assert "check" in gm.get(check.get_absolute_url(), {"panel": "check"}, **HTMX).text
    gm.post(reverse("advantage_confirm", args=[table.campaign.pk, check.pk]), **HTMX)
    AdvantageSheet.objects.filter(character=table.character).update(ap=2)  # a Boon to spend: the check waits for Done
    dice(6, 4)
    response = client.post(reverse("advantage_roll", args=[table.campaign.pk, check.pk]), **HTMX)
    assert response.status_code == 200 and "<html" not in response.text
    response = client.post(reverse("advantage_done", args=[table.campaign.pk, check.pk]), **HTMX)
    assert response.headers["HX-Redirect"] == Roll.objects.get().get_absolute_url()


def advantage_odds():
    """``check_odds`` against every face of small pools."""
    for plus, minus in product(range(0, 4), range(0, 4)):
        counted = dict.fromkeys(advantage_rules.Outcome, 0)
        faces = list(product(range(1, 7), repeat=plus + minus))
        for dice in faces:
            counted[advantage_rules.read_check(dice[:plus], dice[plus:]).outcome] += 1
        assert advantage_rules.check_odds(plus, minus) == {o: Fraction(n, len(faces)) for o, n in counted.items()}


DRIVERS = {
    "charge": (charge_setup, charge_roll, charge_odds),
    "traits": (traits_setup, traits_roll, traits_odds),
    "ability": (ability_setup, ability_roll, ability_odds),
    "advantage": (advantage_setup, advantage_roll, advantage_odds),
}


def test_every_system_a_campaign_may_choose_has_a_contract_driver():
    assert set(DRIVERS) == {system.value for system in playable()}


@pytest.fixture(params=list(DRIVERS))
def system_table(request, table):
    system = request.param
    Campaign.objects.filter(pk=table.campaign.pk).update(system=system)
    table.campaign.refresh_from_db()
    table.character.gm_notes = "SECRET-SHEET-NOTES"
    table.character.save()
    DRIVERS[system][0](table)
    return system, table


def test_its_sheet_shows_to_every_member_and_keeps_gm_notes_from_players(system_table):
    system, table = system_table
    url = table.character.get_absolute_url()
    for who in ("player", "other_player", "gm"):
        response = table.client(who).get(url)
        assert response.status_code == 200
        assert ("SECRET-SHEET-NOTES" in response.text) is (who == "gm")
    assert table.client("outsider").get(url).status_code == 404


def test_its_roll_lands_in_the_log_and_on_the_table_screen(system_table, dice):
    system, table = system_table
    DRIVERS[system][1](table, dice)
    roll = Roll.objects.get(campaign=table.campaign)
    for who in ("player", "other_player", "gm"):
        log = table.client(who).get(reverse("rolls", args=[table.campaign.pk]))
        assert roll.get_absolute_url() in log.text
        assert table.client(who).get(roll.get_absolute_url()).status_code == 200
    screen = table.client("other_player").get(reverse("table", args=[table.campaign.pk]), {"panel": "table-rolls"}, **HTMX)
    assert roll.get_absolute_url() in screen.text and "<html" not in screen.text
    assert table.client("outsider").get(roll.get_absolute_url()).status_code == 404


def test_its_odds_are_exact(system_table):
    system, _ = system_table
    DRIVERS[system][2]()


def test_its_data_survives_export_and_import(system_table, dice):
    system, table = system_table
    DRIVERS[system][1](table, dice)
    document = export_campaign(table.campaign)
    copy = import_campaign(document, table.gm)
    again = export_campaign(copy)
    assert copy.system == system
    for key in document:
        if key not in ("campaign", "exported_at", "memberships"):
            assert again[key] == document[key], key


def test_its_pages_are_in_the_permission_matrix(system_table):
    system, _ = system_table
    assert site_of(system).url_names <= set(RULES)
