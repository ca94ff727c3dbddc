from django import template

from clocks.drawing import wedges

register = template.Library()


@register.filter
def segments(clock):
    """(number, path, filled) for each segment, numbered 1..size clockwise from twelve."""
    return [(index + 1, path, index < clock.filled) for index, path in enumerate(wedges(clock.size))]


@register.filter
def segments_shown_to(clock, membership):
    return clock.segments_shown_to(membership)


@register.filter
def tickable_by(clock, membership):
    return clock.tickable_by(membership)


@register.filter
def label_for(clock, membership):
    return clock.label_for(membership)


@register.filter
def stress_segments(character, size):
    """(number, path, filled) for a character's stress clock of ``size`` segments."""
    return [(index + 1, path, index < character.stress) for index, path in enumerate(wedges(size))]
