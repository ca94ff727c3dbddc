from django import template

from ability import actions
from gamerules import ability as rules

register = template.Library()


@register.filter
def ability_faces(roll) -> list[tuple[int, int, bool]]:
    """(face, die size, is the die read) of an action roll's ability pool: the highest is read."""
    sizes = [size for _, size in roll.dice_sources]
    read = roll.dice.index(max(roll.dice)) if roll.dice else None
    return [(face, size, index == read) for index, (face, size) in enumerate(zip(roll.dice, sizes, strict=False))]


@register.filter
def difficulty_faces(roll) -> list[tuple[int, int, bool]]:
    """(face, die size, is the die read) of the difficulty pool: the only die, the lower with
    advantage, the higher with disadvantage."""
    rolled = actions.result_of(roll)
    first = rolled.difficulty_faces.index(rolled.read)
    size = actions.choices_of(roll).difficulty
    return [(face, size, index == first) for index, face in enumerate(rolled.difficulty_faces)]


@register.filter
def choices_of(roll) -> rules.RollChoices:
    """What an action roll or a quick action roll was made with, typed."""
    return actions.choices_of(roll)


@register.filter
def result_of(roll) -> rules.ActionRollResult | rules.QuickRollResult:
    """What an action roll's or a quick action roll's roll keeps, typed."""
    return actions.result_of(roll)


@register.filter
def difficulty_label(size) -> str:
    return f"{rules.difficulty_name(size)} d{size}" if size else ""


@register.filter
def die_name(size) -> str:
    """"Novice d4" ... "Master d12"."""
    return f"{rules.rating_name(size)} d{size}"
