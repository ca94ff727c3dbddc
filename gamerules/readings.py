"""The readings we adopt where the rule documents are damaged or unclear.

Each constant here answers one numbered reading in ``shared/rules/README.md`` (or one recorded in
docs/readings.md), so that a later correction is a one-line change. Every other module takes
these values from here rather than repeating them.
"""

from gamerules.words import said

# Reading 3 (Charge, zero dice): with zero or fewer dice, roll this many and read the lowest.
ZERO_DICE_ROLLED = 2

# Reading 4 (Charge, critical): this many 6s, in a pool of one or more dice, make a critical.
SIXES_FOR_CRITICAL = 2

# Reading 5 (Charge, momentum gain): the default momentum dial, for a partial, full and critical.
DEFAULT_MOMENTUM_GAIN = (1, 2, 3)

# Reading 6 (Charge, recovery): the GM clears 1 to 4 stress; 1 is the amount offered by default.
RECOVERY_RANGE = range(1, 5)
RECOVERY_DEFAULT = 1

# Reading 7 (Charge, the talent line): the 13 slots of the official sheet, in order. "dot" is +1
# action dot; the others are situational bonuses "when ___".
TALENT_LINE_CODES = (
    "dot", "effect", "dot", "risk", "dot", "die", "dot",
    "effect", "dot", "risk", "dot", "die", "dot",
)
TALENT_LINE_SLOT_CODES = ("dot", "effect", "risk", "die")
"""What a slot of the line may print ("Changing the Tree" changes which, slot by slot): an action
dot or one of the three situational bonuses; any situational slot may also hold a talent with no
bonus (gamerules/progression.py, ``slot_choices``)."""

# Project reading (SRD 1.1, "Roll the Dice": "On a 66 ... you achieve your goal with increased
# effect"): a critical raises the effect one level, up to great. No effect stays no effect.
CRITICAL_RAISES_EFFECT = True

# Project reading ("Determination Roll": "the consequence is reduced"): a reduced consequence has
# its rating lowered by this much, never below zero. Kinds without a number are reduced in the
# fiction only.
DETERMINATION_REDUCTION = 1

# Project reading (Quick Charge Extra): the rundown lists "Study", the creation section "Think".
# We use "Study", the word the core game uses for the same action; a GM may rename it.
QUICK_CHARGE_STUDY_ACTION = "Study"

# Project reading ("Worse Position": "reduce the position rating by one level for future rolls
# related to that action"): the mark lasts until the session ends or the GM clears it, and each
# roll with that action starts at the worse level; only a GM sets it lower.
ESCALATION_LASTS_THE_SESSION = True

# Project reading (recap, "In a Nutshell" and "What to Hack": recovery "once per session"; the
# body: the GM says 1-4; Quick Charge: "once per session clear 1 segment").
QUICK_CHARGE_RECOVERY_RANGE = range(1, 2)

# Project reading ("Momentum": "you can either gain momentum as a result of an action roll, or by
# adding tension to the scene", with no amount): accepting the GM's tension consequence gains
# this much momentum, on top of what the roll's result gains. It is not gained from the dice, so
# momentum spent on the roll does not cancel it.
TENSION_MOMENTUM = 1

# Project reading (Solo Extra: "When you are alone, you are the last standing"): someone who is
# assisted is not alone, so nobody assists the last one standing.
LAST_STANDING_IS_ALONE = True

# Project reading ("Push Yourself": "take action even if you were taken out", on one's own roll):
# a character taken out for the scene neither assists nor protects.
TAKEN_OUT_MAY_HELP = False

# Project reading ("Flashbacks": the recap, Quick Charge and the SRD say 0-2, the body "2 (or
# more)"): 2 is the default most a flashback costs; the GM's dial goes up to 6.
FLASHBACK_MOST = 2
FLASHBACK_MOST_DIAL = range(2, 7)

# Project reading (Scars Extra: "you clear half of the stress clock" when you come to): half of
# the clock's segments, rounded down on an odd-sized clock, in keeping with the Extra's gritty tone.
SCARS_COMING_TO_ROUNDS_DOWN = True

# Project reading (Asset Extra, "Loot Roll": "Roll 1d6 ... On a critical (66): you create two
# assets"): a 66 needs two dice, so the 1d6 loot roll finds at most one asset. A GM who makes a
# place richer rolls it with more dice, as a fortune roll's likeliness; then two 6s find two.
LOOT_POOL = 1

# Project reading (Goals Extra, "Dial: Rolling to Advance": a partial ticks "-1 segment ... (so no
# tick at all for easy)"; easy ticks 3, so one fewer is 2): the parenthesis is read as meaning
# hard, the one difficulty for which one fewer is none. A partial ticks one fewer than usual.
GOAL_PARTIAL_TICKS_ONE_FEWER = True

# Project reading (Goals Extra, "Dial: Rolling to Resolve": the table is for an 8-segment clock,
# and puts 2 of 8 under "less than 1/4", 4 of 8 under "between 1/4 and 1/2", 6 of 8 under
# "between 1/2 and 3/4"): each band includes its upper bound, so a 12-segment clock reads the
# same fractions (3 of 12 is too soon; 4-6 roll 0 dots; 7-9 roll 1; 10-11 roll 2; 12 roll 3).
GOAL_RESOLVE_BANDS = ((1, 4, None), (1, 2, 0), (3, 4, 1))

# Project reading (Goals Extra, "Dial: Rolling to Advance": "Instead of automatically ticking a
# number of segments when a goal progresses, it's possible to roll"): the GM still says when a
# goal progresses; that progress is then rolled by the goal's player (or the GM), 2 dice unless
# the GM's guideline questions say otherwise.
GOAL_PROGRESS_ROLLED_BY_PLAYER = True

# Project reading (Goals Extra, "Dial: Rolling to Resolve": its table runs up to "Full clock: 3
# dot"): with this dial a goal always ends with a roll, a full clock rolling 3 dice; a player may
# also try early, from a quarter of the clock. The 4-5 choice ("one less talent dot or suffer a
# consequence") is made before rolling, so that the roll settles it in one tap.
GOAL_RESOLVED_BY_ROLL = True

# Project reading (Attachment Extra, "Attachment Condition": "introducing the Condition mechanic
# from the character sheet on your attachment"): the attachment's condition clock is the size of
# the campaign's stress clock (4 by default); each successful repair clears one segment.
ATTACHMENT_CONDITION_REPAIR_CLEARS = 1

# Project reading (Threat Level Extra, "Tune it to make it deadlier": "each 6 of the threat pool
# automatically cancels one of the highest die"): the threat's other dice cancel their own value
# first, then its 6s cancel the highest dice left, as the text's example does (the 3 cancels the
# 3, the 6 the 5). Under "harsher", each threat die, highest first, cancels the highest action die
# left that is equal or lower ("the 6 cancels the 5 and the 4 cancel the 3").
THREAT_DEADLIER_SIXES_LAST = True

# Project reading (Threat Level Extra with the rule "zero dice: roll 2d6 and read the lowest"):
# threat dice cancel among the two dice thrown; the lowest die left is read, and none left is the
# extra's "critical fail", a bad outcome.
THREAT_ZERO_POOL_READS_LOWEST_LEFT = True

# Project reading (Economy Extra: "Full clock: High" and the clock "automatically resets after
# filling up"): the full clock's high market holds for its scene; the next scene's tick empties
# it back to equilibrium.
MARKET_CLOCK_RESETS_ON_NEXT_TICK = True

# Project reading (Party Extra, "Detailed Disposition": details from -4 to +4, "only treat >+2 /
# <-2 as positive / negative for purposes of changing effect or position on rolls"): a key
# concept's score under the dial adds up its details as the dispositions they read as (+1, 0,
# -1), so that the key concept still turns at a majority ("score greater than 2").
PARTY_DETAILED_SCORE_COUNTS_DISPOSITIONS = True

# Project reading (Party Extra, "Dispositions": a positive detail gives "-1 Consequence Rating"):
# a 1-5 still brings a consequence, so a controlled roll's rating of 1 stays 1. The party's clocks
# are the campaign's own clocks: a full one stays full until the party has made its change, then
# clears ("When any of these clocks are filled, they are cleared and one of the supporting detail
# changes").
PARTY_CONSEQUENCE_RATING_AT_LEAST_1 = 1

# Project reading (Resource Pool Extra, Recap: "Retain 1 Resource spent during an action roll for
# each result of 5 or 6 on a d6"): after the roll, one d6 is rolled for each point spent, and each
# 5-6 gives one point back (otherwise: a single d6 for the whole spend).
RESOURCE_RETENTION_DIE_PER_POINT = True

# Reading 1 (Ability vs difficulty, the lost tables): the difficulty ratings and the ability
# (skill) ratings by die size, the unskilled roll, and the effect level bands of |result| + 1.
DIFFICULTY_RATINGS = ((4, said("Challenging")), (6, said("Very Challenging")), (8, said("Hard")),
                      (10, said("Very Hard")), (12, said("Extremely Hard")))
ABILITY_RATINGS = ((4, said("Novice")), (6, said("Trained")), (8, said("Skilled")), (10, said("Expert")),
                   (12, said("Master")))
UNSKILLED_DIE = 4
UNSKILLED_AT_DISADVANTAGE = True
EFFECT_LEVEL_BANDS = (3, 6)
"""|result| + 1 up to 3 is marginal, up to 6 complete, above critical, for successes and failures."""

# Reading 2 (Advantage and threat, the lost dice icons): discard every die of either colour
# showing 1, 2 or 3; pair each remaining PLUS with a remaining MINUS, plain 4-5 dice before 6s;
# one or more PLUS left is Major, exactly one MINUS or nothing Minor, two or more MINUS Hollow;
# PLUS 6s left are Boons, MINUS 6s left Banes. Each pool is capped; with 0 PLUS, roll 1 PLUS and
# add 1 MINUS.
ADVANTAGE_DISCARDED_FACES = frozenset({1, 2, 3})
ADVANTAGE_MOST_DICE = 10
