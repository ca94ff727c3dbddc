from django import template
from django.utils.html import format_html_join

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


@register.simple_tag
def face_segments(seen, tick_url: str = ""):
    """The segments of a clock's face (``SeenClock.segments``): buttons that set the clock when its
    viewer may tap them, else a picture's wedges. Drawn here rather than in a loop of the template:
    a screen draws eight for each of its clocks, and each drawn by the template cost a dozen lookups."""
    classes = ("segment", "segment filled")
    if not seen.tapped:
        return format_html_join("", '<path d="{}" class="{}"></path>',
                                ((s.path, classes[s.filled]) for s in seen.segments))
    pk = seen.clock.pk
    return format_html_join(
        "", '<path d="{}" class="{}" role="button" tabindex="0" id="clock-{}-segment-{}" hx-post="{}" '
            "hx-vals='{{\"to\": {}}}' hx-include=\"closest .clock-face-wrap\" aria-label=\"{}\"></path>",
        ((s.path, classes[s.filled], pk, s.number, tick_url, s.to, s.tip) for s in seen.segments))
