"""Every face of a conflict's dice, counted: the Traits & Consequence odds worked out by brute
force from the text alone, for the rules' and the pages' tests to be checked against."""

from collections import Counter
from fractions import Fraction
from itertools import product


def successes_counted(dice) -> Counter:
    """How many face combinations of ``dice`` d6 give each number of 4s, 5s and 6s."""
    return Counter(sum(face >= 4 for face in roll) for roll in product(range(1, 7), repeat=dice))


def ends_by_enumeration(stat, powers, gm_dice, bid):
    """Every face of the GM's, the Stat's and the bid dice: the Stat and Powers at least the GM's
    successes win whole; else all the bid dice catching up win mixed; else a loss by the
    difference ("... and Resolve", "Losing Conflicts")."""
    ends, margins, total = Counter(), 0, 6 ** (stat + gm_dice + bid)
    for hers, h in successes_counted(gm_dice).items():
        for mine, m in successes_counted(stat).items():
            for bids, b in successes_counted(bid).items():
                ways = h * m * b
                if mine + powers >= hers:
                    ends["whole"] += ways
                elif mine + powers + bids >= hers:
                    ends["mixed"] += ways
                else:
                    ends["loss"] += ways
                    margins += ways * (hers - mine - powers - bids)
    return tuple(Fraction(ends[end], total) for end in ("whole", "mixed", "loss")), Fraction(margins, total)
