from django import template

from clocks.drawing import wedges
from clocks.models import SeenClock

register = template.Library()


@register.filter
def segments(clock):
    """(number, path, filled) for each segment, numbered 1..size clockwise from twelve."""
    return [(index + 1, path, index < clock.filled) for index, path in enumerate(wedges(clock.size))]


@register.filter
def seen_by(clock, viewer):
    """The clock as this viewer may see it (clocks.models.SeenClock)."""
    return SeenClock(clock, viewer)


@register.filter
def left_out(clocks):
    """How many clocks a cut list (``ClockQuerySet.counted``) leaves out."""
    shown = list(clocks)
    return shown[0].in_all - len(shown) if shown else 0


@register.filter
def segment_target(segment, clock):
    return clock.tap_target(segment)


@register.filter
def filled_segments(filled, size):
    """(number, path, filled) for a clock of ``size`` segments with ``filled`` of them filled."""
    return [(index + 1, path, index < filled) for index, path in enumerate(wedges(size))]
