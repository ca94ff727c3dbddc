"""A wound the GM invokes: "You might add 1 or 2 MINUS if the GM invokes a relevant wound to hinder
you" ("Gather your Dice Pool", Wounds). The GM chooses 1 or 2, whatever the wound's level; the exact
odds follow the choice. Dice scripted in the order thrown: every PLUS, then every MINUS."""

from fractions import Fraction

from advantage.models import Wound
from rolls.models import Roll
from tests.advantage.test_checks import factor, odds_by_enumeration, start, step
from tests.helpers import cell, words


def _odds(table, check, who="player"):
    page = table.client(who).get(check.get_absolute_url())
    return {outcome: cell(page, f"odds-{outcome}") for outcome in ("major", "minor", "hollow")}


def test_the_gm_chooses_one_or_two_minus_for_a_wound_and_the_odds_follow(advantage_table, dice):
    table = advantage_table
    wrist = Wound.objects.create(character=table.character, name="Sprained wrist", level=1)
    _, check = start(table, skill=table.skill.pk)  # Subterfuge 2: 2 PLUS
    # 2 PLUS against 2 MINUS, by enumeration of all 6^4 faces.
    two = odds_by_enumeration(2, 2)
    assert two == {"major": Fraction(5, 16), "minor": Fraction(5, 8), "hollow": Fraction(1, 16)}
    # 2 PLUS against 1 MINUS: Major 1/2 (one PLUS kept and no MINUS 1/4, both PLUS kept 1/4), never Hollow.
    one = odds_by_enumeration(2, 1)
    assert one == {"major": Fraction(1, 2), "minor": Fraction(1, 2), "hollow": 0}

    # A level 1 wound, and the GM says it hinders a lot: 2 MINUS.
    factor(table, "gm", check, "wound", ref=wrist.pk, dice=-2)
    check.refresh_from_db()
    assert [(f.kind, f.name, f.dice, f.ref) for f in check.factors.all()] == [("wound", "Sprained wrist", -2, wrist.pk)]
    page = words(table.client("other_player").get(check.get_absolute_url()))
    assert "Wound: Sprained wrist +2 MINUS" in page and "The pool: 2 PLUS, 2 MINUS" in page
    assert _odds(table, check) == {"major": "31% 5/16", "minor": "63% 5/8", "hollow": "6% 1/16"}  # adding up to 100

    # She thinks again: 1 MINUS. The same wound is invoked once, at her last word.
    factor(table, "gm", check, "wound", ref=wrist.pk, dice=-1)
    check.refresh_from_db()
    assert [(f.name, f.dice) for f in check.factors.all()] == [("Sprained wrist", -1)]
    assert "The pool: 2 PLUS, 1 MINUS" in words(table.client("player").get(check.get_absolute_url()))
    assert _odds(table, check, "other_player") == {"major": "50% 1/2", "minor": "50% 1/2", "hollow": "0% 0"}

    # The level 2 wound at 2, then the level 1 at 2 again: 2 PLUS against 4 MINUS.
    factor(table, "gm", check, "wound", ref=table.wound.pk, dice=-2)
    factor(table, "gm", check, "wound", ref=wrist.pk, dice=-2)
    check.refresh_from_db()
    assert sorted(f.dice for f in check.factors.all()) == [-2, -2]
    for outcome, chance in odds_by_enumeration(2, 4).items():
        assert _odds(table, check)[outcome].endswith(f"% {chance}"), outcome

    step(table, "gm", "advantage_confirm", check)
    dice(5, 2, 6, 4, 1, 3)
    step(table, "player", "advantage_roll", check)
    roll = Roll.objects.get()
    # PLUS 5 (2 discarded) cancels the MINUS 4; the MINUS 6 is left: Minor, 1 Bane.
    assert (roll.choices["plus"], roll.choices["minus"]) == (2, 4)
    assert (roll.outcome, roll.result["banes"]) == ("minor", 1)
    assert ["Wound: Sprained wrist", -2] in roll.dice_sources


def test_only_the_gm_invokes_a_wound_the_character_has_at_one_or_two(advantage_table):
    table = advantage_table
    bruised = Wound.objects.create(character=table.bruno, name="Bruised ego", level=1)
    _, check = start(table, skill=table.skill.pk)
    for who in ("player", "other_player"):
        refused = factor(table, who, check, "wound", ref=table.wound.pk, dice=-2)
        assert "Only the GM invokes a wound." in words(refused), who
    assert factor(table, "outsider", check, "wound", ref=table.wound.pk, dice=-2).status_code == 404
    assert "Choose one of the character's wounds." in words(factor(table, "gm", check, "wound", ref=bruised.pk, dice=-1))
    assert "Wound: -1 or -2." in words(factor(table, "gm", check, "wound", ref=table.wound.pk, dice=-3))
    assert "Wound: -1 or -2." in words(factor(table, "gm", check, "wound", ref=table.wound.pk, dice=1))
    assert not check.factors.exists()
    # The page offers the GM both, one tap each; nobody else.
    page = table.client("gm").get(check.get_absolute_url()).text
    assert 'name="dice" value="-1"' in page and 'name="dice" value="-2"' in page
    assert "Invoke a wound" not in table.client("player").get(check.get_absolute_url()).text
