"""The Scars Extra, with the numbers of its text ("Scars Extra")."""

import pytest

from gamerules.scars import (
    ScarredStress,
    bow_out,
    cleared_on_coming_to,
    come_to,
    coming_to_errors,
    hardened_errors,
    take_stress_with_scars,
)


def test_a_full_clock_is_not_cleared_it_leaves_a_scar_and_incapacitates():
    """"When your stress clock reaches 4 filled segments, you do not clear it but instead, add a
    scar ... incapacitated" (the text's example: 1 stress, then the blade: at 4 stress now)."""
    assert take_stress_with_scars(1, 3, 4, incapacitated=False) == ScarredStress(4, True, True)
    assert take_stress_with_scars(3, 2, 4, incapacitated=False) == ScarredStress(4, True, True)
    assert take_stress_with_scars(1, 2, 4, incapacitated=False) == ScarredStress(3, False, False)


def test_an_incapacitated_character_takes_no_more_scars():
    assert take_stress_with_scars(4, 1, 4, incapacitated=True) == ScarredStress(4, True, False)


@pytest.mark.parametrize(("size", "cleared", "left"), [(4, 2, 2), (6, 3, 3), (8, 4, 4), (5, 2, 3)])
def test_coming_to_clears_half_of_the_clock_rounding_odd_sizes_down(size, cleared, left):
    assert cleared_on_coming_to(size) == cleared
    assert come_to(size, size) == left


def test_hardened_clears_one_tick_for_one_momentum_when_a_scar_causes_trouble():
    assert hardened_errors(scars=1, momentum=1, stress=2) == []
    assert hardened_errors(scars=0, momentum=1, stress=2) == ["Only a character with a scar is hardened."]
    assert len(hardened_errors(scars=1, momentum=0, stress=0)) == 2


def test_bowing_out_clears_two_ticks_only_when_it_leaves_a_friend_in_trouble():
    """The text's example: 3 stress, bows out, a friend left with the Brute and the Slice."""
    assert bow_out(3, left_a_friend_in_trouble=True) == 1
    assert bow_out(1, left_a_friend_in_trouble=True) == 0
    assert bow_out(3, left_a_friend_in_trouble=False) == 3


def test_bleeding_out_needs_another_characters_action_to_come_to():
    """"a fresh scar should require some kind of action from another character to get the scarred
    character back in the game" ("Optional dial setting: Bleeding out")."""
    assert coming_to_errors(False, None, False, False) == []  # "or from just crawling back on the scene"
    assert coming_to_errors(True, None, False, False) == [
        "Bleeding out: another character's action brings them back. Say who helps."]
    assert coming_to_errors(True, "Ada", True, False) == [
        "Bleeding out: another character's action brings them back. Say who helps."]
    assert coming_to_errors(True, "Brin", False, True) == ["Brin is out of the scene too and cannot help."]
    assert coming_to_errors(True, "Brin", False, False) == []
