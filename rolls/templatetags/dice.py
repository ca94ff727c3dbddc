"""What every system's dice read as on a page: a die's pips, an odds bar."""

from django import template

from core.templatetags.odds import in_percent

register = template.Library()

_PIPS = {1: [(50, 50)], 2: [(28, 28), (72, 72)], 3: [(28, 28), (50, 50), (72, 72)],
         4: [(28, 28), (72, 28), (28, 72), (72, 72)],
         5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
         6: [(28, 25), (72, 25), (28, 50), (72, 50), (28, 75), (72, 75)]}


@register.filter
def pips(face):
    """Where the pips of a die face sit in a 100 x 100 box."""
    return _PIPS.get(int(face), [])


@register.filter
def odds_words(bars) -> str:
    """An odds bar read aloud: each outcome and its share, in the reader's language."""
    return ", ".join(f"{outcome.label} {in_percent(percent)}" for outcome, _chance, percent in bars)


@register.filter
def bar_segments(bars):
    """(outcome, x, width) for each outcome of an odds bar, left to right, in percent."""
    segments, x = [], 0
    for outcome, _chance, percent in bars:
        if percent:
            segments.append((outcome, x, percent))
            x += percent
    return segments
