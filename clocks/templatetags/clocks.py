from functools import lru_cache

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

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
    a screen draws eight for each of its clocks, and each drawn by the template cost a dozen lookups.
    Only the address and the tips are escaped: the paths are the drawing's own numbers."""
    if not seen.tapped:
        return _picture(tuple(s.filled for s in seen.segments), seen.clock.size)
    url, pk = escape(tick_url), seen.clock.pk
    return mark_safe("".join(
        f'<path d="{s.path}" class="{CLASSES[s.filled]}" role="button" tabindex="0" id="clock-{pk}-segment-{s.number}" '
        f'hx-post="{url}" hx-vals=\'{{"to": {s.to}}}\' hx-include="closest .clock-face-wrap" aria-label="{escape(s.tip)}"></path>'
        for s in seen.segments))


CLASSES = ("segment", "segment filled")


@lru_cache(maxsize=256)
def _picture(filled: tuple[bool, ...], size: int) -> str:
    """A face that is a picture: the same for every clock of its size and filling."""
    return mark_safe("".join(f'<path d="{path}" class="{CLASSES[shown]}"></path>'
                             for path, shown in zip(wedges(size), filled, strict=True)))
