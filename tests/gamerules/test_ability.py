"""The "ability vs difficulty" system's numbers (``system-ability-vs-difficulty.md``, reading 1 of
the shared README): the ratings, every face combination of small pools read by hand, the exact
odds against brute-force enumeration, and each number the text gives."""

from fractions import Fraction as F
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamerules import readings
from gamerules.ability import (
    DIE_SIZES,
    TEAMWORK_DIFFICULTY,
    TEAMWORK_GRIT,
    EffectLevel,
    Position,
    action_odds,
    difficulty_name,
    difficulty_result,
    half_step_claim,
    like_a_die,
    pool_mean,
    quick_action,
    quick_odds,
    rating_name,
    read_action,
    unskilled,
)

ADV, NONE, DIS = Position.ADVANTAGE, Position.NONE, Position.DISADVANTAGE
MARGINAL, COMPLETE, CRITICAL = EffectLevel.MARGINAL, EffectLevel.COMPLETE, EffectLevel.CRITICAL

# Reading 1, written out by hand from the README (the text's tables were lost).
DIFFICULTIES = {4: "Challenging", 6: "Very Challenging", 8: "Hard", 10: "Very Hard", 12: "Extremely Hard"}
ABILITIES = {4: "Novice", 6: "Trained", 8: "Skilled", 10: "Expert", 12: "Master"}


# --- The test's own reading of the text --------------------------------------------------------

def text_effect(result):
    """"take the absolute value from the result and add 1 ... between 0 and 3, it has a marginal
    effect ... between 4 and 6, it is a complete effect ... 7+, it is a critical effect"."""
    level = abs(result) + 1
    if level in (1, 2, 3):
        return MARGINAL
    if level in (4, 5, 6):
        return COMPLETE
    return CRITICAL


def text_reading(ability_faces, difficulty_faces, position, ties_to_director=False):
    """"The ability dice are rolled, and the player takes the highest result"; "If the character
    has an advantage on the roll, the player takes the lower result. If the character has a
    disadvantage on the roll, the player takes the higher result"; "The final result is determined
    by subtracting the difficulty dice result from ability dice result"; "If the result is 0 or
    greater, a success (a tie goes to the player)"."""
    ability = ability_faces[0]
    for face in ability_faces[1:]:
        ability = face if face > ability else ability
    if position is NONE:
        (difficulty,) = difficulty_faces
    else:
        first, second = difficulty_faces
        lower, higher = (first, second) if first <= second else (second, first)
        difficulty = lower if position is ADV else higher
    result = ability - difficulty
    success = result >= 1 if ties_to_director else result >= 0
    return ability, difficulty, result, success, text_effect(result)


def faces(sizes):
    return product(*(range(1, size + 1) for size in sizes))


def position_dice(difficulty_size, position):
    """"adding an additional position die to the difficulty dice pool. The position die should be
    the same size as the difficulty die"."""
    return (difficulty_size,) if position is NONE else (difficulty_size, difficulty_size)


def enumerated_odds(ability_sizes, difficulty_size, position):
    """Every face of every die, ability and difficulty together, counted: the odds of each
    (success, effect), for a tie to the player (False) and to the director (True)."""
    counts = {ties: {(success, level): 0 for success in (True, False) for level in EffectLevel}
              for ties in (False, True)}
    total = 0
    split = len(ability_sizes)
    for roll in faces(tuple(ability_sizes) + position_dice(difficulty_size, position)):
        _, _, result, success, effect = text_reading(roll[:split], roll[split:], position)
        counts[False][(success, effect)] += 1
        counts[True][(result >= 1, effect)] += 1  # "Dangerous Encounters": a tie fails
        total += 1
    return {ties: {key: F(count, total) for key, count in by_key.items()}
            for ties, by_key in counts.items()}


# --- Reading 1: the lost tables ---------------------------------------------------------------

def test_difficulty_ratings_are_challenging_d4_to_extremely_hard_d12():
    """"The minimum difficulty rating for any challenge is Challenging (d4)"; reading 1:
    Challenging d4, Very Challenging d6, Hard d8, Very Hard d10, Extremely Hard d12."""
    assert dict(readings.DIFFICULTY_RATINGS) == DIFFICULTIES
    assert {size: difficulty_name(size) for size in (4, 6, 8, 10, 12)} == DIFFICULTIES
    assert min(size for size, _ in readings.DIFFICULTY_RATINGS) == 4
    assert [size for size, _ in readings.DIFFICULTY_RATINGS] == [4, 6, 8, 10, 12]


def test_ability_ratings_are_novice_d4_to_master_d12():
    """Reading 1: Novice d4, Trained d6, Skilled d8, Expert d10, Master d12."""
    assert dict(readings.ABILITY_RATINGS) == ABILITIES
    assert {size: rating_name(size) for size in (4, 6, 8, 10, 12)} == ABILITIES
    assert DIE_SIZES == (4, 6, 8, 10, 12)


def test_the_effect_level_bands_of_reading_1():
    """"To determine the level of effect, take the absolute value from the result and add 1";
    reading 1: 1-3 marginal, 4-6 complete, 7+ critical, for successes and failures alike."""
    assert readings.EFFECT_LEVEL_BANDS == (3, 6)
    assert [level.value for level in EffectLevel] == [1, 2, 3]  # "a level rated from 1 to 3"


@pytest.mark.parametrize(("result", "level"), [
    (0, MARGINAL), (1, MARGINAL), (2, MARGINAL), (-1, MARGINAL), (-2, MARGINAL),  # |r| + 1 = 1-3
    (3, COMPLETE), (4, COMPLETE), (5, COMPLETE), (-3, COMPLETE), (-5, COMPLETE),  # |r| + 1 = 4-6
    (6, CRITICAL), (7, CRITICAL), (11, CRITICAL), (-6, CRITICAL), (-11, CRITICAL),  # |r| + 1 = 7+
])
def test_effect_of_a_result(result, level):
    # A d12 against a d12 gives every result from -11 to 11.
    ability, difficulty = (12, 12 - result) if result >= 0 else (12 + result, 12)
    assert text_effect(result) is level
    read = read_action((ability,), (difficulty,), NONE)
    assert (read.result, read.effect) == (result, level)


def test_unskilled_is_a_novice_d4_at_disadvantage_whatever_the_position():
    """"Unskilled action rolls are made using a Novice (d4) ability die against a difficulty set by
    the director. Unskilled rolls are always made with a disadvantage"."""
    assert (readings.UNSKILLED_DIE, readings.UNSKILLED_AT_DISADVANTAGE) == (4, True)
    for position in Position:
        assert unskilled(position) == (4, DIS)
    assert rating_name(unskilled(NONE)[0]) == "Novice"


def test_unskilled_against_challenging_most_likely_fails():
    """"When an individual with no training or experience attempts to do something challenging,
    the most likely outcome will be failure." A d4 ties or beats the higher of two d4 when both
    are at most its face a: sum over a of 1/4 * (a/4)^2 = (1 + 4 + 9 + 16) / 64 = 30/64 = 15/32."""
    size, position = unskilled(ADV)
    assert quick_odds(size, 4, position) == F(15, 32) < F(1, 2)
    odds = action_odds((size,), 4, position)
    assert sum(chance for (success, _), chance in odds.items() if success) == F(15, 32)


# --- Teamwork and quick action rolls -----------------------------------------------------------

def test_teamwork_defaults_to_challenging_and_earns_one_grit():
    """"The default difficulty associated with providing assistance is Challenging (d4)"; "The
    character providing the assistance earns 1 grit point"."""
    assert TEAMWORK_DIFFICULTY == 4 and difficulty_name(TEAMWORK_DIFFICULTY) == "Challenging"
    assert TEAMWORK_GRIT == 1


def test_a_quick_action_roll_is_a_simple_success_or_fail():
    """"Quick Actions are used when a director only needs a simple comparison of a character's raw
    ability against the difficulty ... the outcome is a simple success or fail"."""
    assert quick_action(3, (3,)) is True  # a tie goes to the player
    assert quick_action(3, (3,), ties_to_director=True) is False
    assert quick_action(2, (3,)) is False
    assert quick_action(4, (1,)) is True
    assert quick_action(1, (2, 4), DIS) is False and quick_action(4, (2, 4), DIS) is True


@pytest.mark.parametrize("ability_size", [4, 6, 8, 10, 12])
@pytest.mark.parametrize("difficulty_size", [4, 6, 8, 10, 12])
def test_quick_odds_match_enumeration(ability_size, difficulty_size):
    for ties in (False, True):
        wins = total = 0
        for ability, difficulty in faces((ability_size, difficulty_size)):
            total += 1
            wins += ability > difficulty if ties else ability >= difficulty
        assert quick_odds(ability_size, difficulty_size, ties_to_director=ties) == F(wins, total)
        assert quick_odds(ability_size, difficulty_size, ties_to_director=ties) == sum(
            chance for (success, _), chance in enumerated_odds(
                (ability_size,), difficulty_size, NONE)[ties].items() if success)


def test_quick_odds_by_hand():
    # d6 vs d6: a ties or beats d in 6 + 5 + 4 + 3 + 2 + 1 = 21 of 36; beats it in 15 of 36.
    assert quick_odds(6, 6) == F(21, 36)
    assert quick_odds(6, 6, ties_to_director=True) == F(15, 36)
    # d4 vs d4: 10 of 16 (4 + 3 + 2 + 1); d12 vs d4: (12 + 11 + 10 + 9) / 48 = 42/48.
    assert quick_odds(4, 4) == F(10, 16)
    assert quick_odds(12, 4) == F(42, 48)
    # d4 vs d12: d <= a in 1 + 2 + 3 + 4 = 10 of 48.
    assert quick_odds(4, 12) == F(10, 48)
    # d4 vs the higher of two d4 (the unskilled disadvantage): sum over a of 1/4 * (a/4)^2 =
    # (1 + 4 + 9 + 16) / 64 = 30/64; a tie to the director: (0 + 1 + 4 + 9) / 64 = 14/64.
    assert quick_odds(4, 4, DIS) == F(30, 64)
    assert quick_odds(4, 4, DIS, ties_to_director=True) == F(14, 64)


# --- Action rolls, face by face ---------------------------------------------------------------

@pytest.mark.parametrize("ability_sizes", [(4,), (6, 8), (4, 6, 12)])
@pytest.mark.parametrize("difficulty_size", [4, 6, 8])
@pytest.mark.parametrize("position", list(Position))
def test_every_face_combination_reads_as_the_text_says(ability_sizes, difficulty_size, position):
    split = len(ability_sizes)
    for roll in faces(ability_sizes + position_dice(difficulty_size, position)):
        ability_faces, difficulty_faces = roll[:split], roll[split:]
        read = read_action(ability_faces, difficulty_faces, position)
        assert (read.ability, read.difficulty, read.result, read.success, read.effect) == text_reading(
            ability_faces, difficulty_faces, position)
        assert (read.ability_faces, read.difficulty_faces, read.position) == (
            ability_faces, difficulty_faces, position)
        dangerous = read_action(ability_faces, difficulty_faces, position, ties_to_director=True)
        assert (dangerous.result, dangerous.success, dangerous.effect) == text_reading(
            ability_faces, difficulty_faces, position, ties_to_director=True)[2:]


def test_a_tie_goes_to_the_player_unless_dangerous_encounters():
    """"If the result is 0 or greater, a success (a tie goes to the player)"; "The dice system uses
    opposing rolls with a tie on an action roll favoring success for the player. To make the world
    feel more dangerous, refer to the Dangerous Encounters game option"."""
    tie = read_action((5, 2), (5,), NONE)
    assert (tie.result, tie.success, tie.effect) == (0, True, MARGINAL)
    dangerous = read_action((5, 2), (5,), NONE, ties_to_director=True)
    assert (dangerous.result, dangerous.success, dangerous.effect) == (0, False, MARGINAL)
    assert read_action((6,), (5,), NONE, ties_to_director=True).success is True
    assert read_action((4,), (5,), NONE).success is False


def test_advantage_reads_the_lower_die_and_disadvantage_the_higher():
    """"If the character has an advantage on the roll, the player takes the lower result. If the
    character has a disadvantage on the roll, the player takes the higher result"."""
    assert difficulty_result((2, 7), ADV) == 2 and difficulty_result((7, 2), ADV) == 2
    assert difficulty_result((2, 7), DIS) == 7 and difficulty_result((7, 2), DIS) == 7
    assert difficulty_result((5,), NONE) == 5
    assert read_action((1, 6, 3), (2, 7), ADV).result == 4  # highest ability 6 - lower 2
    assert read_action((1, 6, 3), (2, 7), DIS).result == -1  # 6 - higher 7: a marginal failure


@pytest.mark.parametrize(("position", "difficulty"), [
    (NONE, ()), (NONE, (3, 4)), (ADV, (3,)), (ADV, (3, 4, 5)), (DIS, (3,)), (DIS, ()),
])
def test_the_wrong_number_of_difficulty_dice_is_refused(position, difficulty):
    with pytest.raises(ValueError, match="difficulty dice"):
        read_action((4,), difficulty, position)


def test_an_empty_ability_pool_is_refused():
    """"The ability dice pool should contain an ability die ... (or a d4 for an unskilled roll)"."""
    with pytest.raises(ValueError, match="at least one die"):
        read_action((), (3,), NONE)


# --- Exact odds -------------------------------------------------------------------------------

@pytest.mark.parametrize("ability_sizes", [(4,), (6,), (12,), (6, 6), (4, 8), (4, 6, 12), (6, 6, 6)])
@pytest.mark.parametrize("difficulty_size", [4, 8, 12])
def test_action_odds_match_enumeration(ability_sizes, difficulty_size):
    for position in Position:
        enumerated = enumerated_odds(ability_sizes, difficulty_size, position)
        for ties in (False, True):
            odds = action_odds(ability_sizes, difficulty_size, position, ties_to_director=ties)
            assert set(odds) == {(success, level) for success in (True, False) for level in EffectLevel}
            assert sum(odds.values()) == 1
            assert odds == enumerated[ties]


def test_action_odds_by_hand():
    # d6 vs d6, no position: a - d = r in 6 - |r| of 36 pairs. Successes r = 0, 1, 2: 6 + 5 + 4
    # = 15 marginal; r = 3, 4, 5: 3 + 2 + 1 = 6 complete; no critical (|r| + 1 <= 6). Failures
    # r = -1, -2: 5 + 4 = 9 marginal; r = -3, -4, -5: 6 complete.
    assert action_odds((6,), 6, NONE) == {
        (True, MARGINAL): F(15, 36), (True, COMPLETE): F(6, 36), (True, CRITICAL): 0,
        (False, MARGINAL): F(9, 36), (False, COMPLETE): F(6, 36), (False, CRITICAL): 0,
    }
    # d12 vs d4, no position (48 pairs): critical success r >= 6: d = 1..4 leaves 6 + 5 + 4 + 3 =
    # 18; complete r = 3..5: 3 per d, 12; marginal r = 0..2: 12. Failures: r = -3 only (1, 4): 1
    # complete; r = -1: 3, r = -2: 2, so 5 marginal.
    assert action_odds((12,), 4, NONE) == {
        (True, MARGINAL): F(12, 48), (True, COMPLETE): F(12, 48), (True, CRITICAL): F(18, 48),
        (False, MARGINAL): F(5, 48), (False, COMPLETE): F(1, 48), (False, CRITICAL): 0,
    }
    # d4 vs two d4 at disadvantage (64 rolls): the higher is k in 2k - 1 of 16. Complete success
    # only a = 4 over a higher of 1: 1; complete failure only a = 1 under a higher of 4: 7;
    # successes 30 (above), so 29 marginal; failures 34, so 27 marginal.
    assert action_odds((4,), 4, DIS) == {
        (True, MARGINAL): F(29, 64), (True, COMPLETE): F(1, 64), (True, CRITICAL): 0,
        (False, MARGINAL): F(27, 64), (False, COMPLETE): F(7, 64), (False, CRITICAL): 0,
    }
    # d4 vs two d4 at advantage: the lower is k in 9 - 2k of 16 (7, 5, 3, 1); a ties or beats it
    # with chance sum over a of 1/4 * (1 - ((4 - a)/4)^2) = (7 + 12 + 15 + 16) / 64 = 50/64.
    assert sum(p for (won, _), p in action_odds((4,), 4, ADV).items() if won) == F(50, 64)
    with pytest.raises(ValueError, match="not subject to fictional positioning"):
        quick_odds(4, 4, ADV)


# --- "Dice Pool Probability" ------------------------------------------------------------------

def test_the_texts_half_step_example():
    """"Each die added to a dice pool is roughly equivalent to a half-step relative to the selected
    die size of the dice pool. For example, an ability dice pool with two d6 ability dice would be
    the rough equivalent of rolling a d7 (if such a dice existed). An ability dice pool with three
    d6 ability dice would be roughly equivalent to a d8"."""
    assert half_step_claim((6,)) == 6
    assert half_step_claim((6, 6)) == 7
    assert half_step_claim((6, 6, 6)) == 8
    assert half_step_claim((6, 6, 6, 6)) == 9  # one more half-step
    assert half_step_claim((4, 4)) == 5


def test_pool_means_by_hand():
    # The mean of the highest is the sum over k of P(highest >= k) = sum of 1 - P(all < k).
    # One d6: 7/2. Two d6: 6 - (0 + 1 + 4 + 9 + 16 + 25)/36 = 6 - 55/36 = 161/36.
    # Three d6: 6 - (0 + 1 + 8 + 27 + 64 + 125)/216 = 6 - 225/216 = 1071/216 = 119/24.
    # d4 and d8: 8 - sum over k = 1..8 of min(k - 1, 4)/4 * (k - 1)/8
    #   = 8 - (0 + 1 + 4 + 9 + 16 + 20 + 24 + 28)/32 = 8 - 102/32 = 154/32 = 77/16.
    assert pool_mean((6,)) == F(7, 2)
    assert pool_mean((6, 6)) == F(161, 36)
    assert pool_mean((6, 6, 6)) == F(119, 24)
    assert pool_mean((4, 8)) == F(77, 16)
    # A dN averages (N + 1)/2, so the pool is "like" a d(2 * mean - 1).
    assert like_a_die((6,)) == 6 and like_a_die((12,)) == 12
    assert like_a_die((6, 6)) == F(2 * 161 - 36, 36) == F(143, 18)  # about a d7.9
    assert like_a_die((6, 6, 6)) == F(119, 12) - 1 == F(107, 12)  # about a d8.9
    # The text's rule of thumb is rough, and it undersells the pool.
    assert half_step_claim((6, 6)) < like_a_die((6, 6)) < 8
    assert half_step_claim((6, 6, 6)) < like_a_die((6, 6, 6)) < 9


@pytest.mark.parametrize("sizes", [(4,), (6, 6), (4, 8), (4, 6, 12), (6, 6, 6)])
def test_pool_mean_matches_enumeration(sizes):
    rolls = list(faces(sizes))
    assert pool_mean(sizes) == F(sum(max(roll) for roll in rolls), len(rolls))


# --- Properties --------------------------------------------------------------------------------

pools = st.lists(st.sampled_from((4, 6, 8, 10, 12)), min_size=1, max_size=3).map(tuple)


@settings(max_examples=20, deadline=None, derandomize=True)
@given(pool=pools, extra=st.sampled_from((4, 6, 8, 10, 12)), difficulty=st.sampled_from((4, 6, 8, 10, 12)))
def test_more_dice_and_a_better_position_never_hurt(pool, extra, difficulty):
    """An added ability die (teamwork, a boost) never lowers the odds; advantage is never worse
    than no position die, and no position die never worse than disadvantage; Dangerous Encounters
    never helps."""
    def success(sizes, position, ties=False):
        return sum(p for (ok, _), p in action_odds(sizes, difficulty, position, ties_to_director=ties).items() if ok)
    for position in Position:
        assert success(pool + (extra,), position) >= success(pool, position)
        assert success(pool, position, ties=True) <= success(pool, position)
    assert success(pool, ADV) >= success(pool, NONE) >= success(pool, DIS)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(data=st.data(), pool=st.lists(st.sampled_from((4, 6, 8, 10, 12)), min_size=1, max_size=10),
       difficulty=st.sampled_from((4, 6, 8, 10, 12)), position=st.sampled_from(list(Position)),
       ties=st.booleans())
def test_large_pools_read_as_the_text_says(data, pool, difficulty, position, ties):
    ability_faces = tuple(data.draw(st.integers(1, size)) for size in pool)
    difficulty_faces = tuple(data.draw(st.integers(1, size)) for size in position_dice(difficulty, position))
    read = read_action(ability_faces, difficulty_faces, position, ties_to_director=ties)
    assert (read.ability, read.difficulty, read.result, read.success, read.effect) == text_reading(
        ability_faces, difficulty_faces, position, ties)
