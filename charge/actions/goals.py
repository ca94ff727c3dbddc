"""Goals (the Goals extra): named, ticked, ended, and their talent dots placed."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked, log
from characters.models import Character
from charge.models import Goal
from core.refused import Refused
from core.templatetags.words import action as action_word
from core.templatetags.words import action_phrase
from gamerules.dials import Extra, ExtraDial
from gamerules.goals import Difficulty
from gamerules.words import in_a_row, said, said_n


@transaction.atomic
def add_goal(membership: Membership, character: Character, name: str, difficulty: Difficulty) -> Goal:
    """A goal: a name clear enough to tell progress, and a difficulty ("What is a Goal?")."""
    character = locked(character)
    if not character.campaign.charge.rules.has(Extra.GOALS):
        raise Refused(_("This campaign does not use goals (the Goals extra)."))
    if not name.strip():
        raise Refused(_("Name the goal, clearly enough that everyone can tell when it progresses."))
    goal = Goal.objects.create(character=character, name=name.strip()[:200], difficulty=difficulty.value,
                               size=character.campaign.charge.rules.goal_clock_size)
    values = {"name": character.name, "goal": goal.name}
    log(membership, {Difficulty.EASY: said("%(name)s has a new easy goal: %(goal)s.", **values),
                      Difficulty.MEDIUM: said("%(name)s has a new medium goal: %(goal)s.", **values),
                      Difficulty.HARD: said("%(name)s has a new hard goal: %(goal)s.", **values)}[difficulty])
    return goal


@transaction.atomic
def advance_goal(gm: Membership, character: Character, goal_id: int) -> Goal:
    """The character made progress toward the goal: tick it by its difficulty ("Advancing a
    Goal"), or, with rolling to advance, grant a roll that ticks it ("Dial: Rolling to Advance")."""
    character = locked(character)
    goal = Goal.objects.select_for_update().filter(pk=goal_id, character=character).first()
    if goal is None:
        raise Refused(_("That goal is gone."))
    if not goal.under_way:
        refusal = _("%(goal)s is already complete.") if goal.complete else _("%(goal)s is already lost.")
        raise Refused(refusal % {"goal": goal.name})
    if goal.filled >= goal.size:
        raise Refused(_("%(goal)s's clock is full: roll to resolve it.") % {"goal": goal.name})
    if character.campaign.charge.rules.dialled(ExtraDial.GOALS_ROLL_TO_ADVANCE):
        goal.due += 1
        goal.save(update_fields=["due"])
        log(gm, said("%(name)s makes progress toward a goal, %(goal)s: roll to advance it.",
                      name=character.name, goal=goal.name))
        return goal
    return tick_goal(gm, character, goal, goal.rules_difficulty.ticks)


def tick_goal(membership: Membership, character: Character, goal: Goal, ticks: int) -> Goal:
    """Tick a locked goal. A full clock completes it with its talent dots to place ("Finishing a
    Goal"), unless the campaign rolls to resolve: then the full clock waits for that roll."""
    goal.filled = min(goal.size, goal.filled + ticks)
    resolve_by_roll = character.campaign.charge.rules.dialled(ExtraDial.GOALS_ROLL_TO_RESOLVE)
    if goal.filled >= goal.size and not resolve_by_roll:
        goal.ended = "done"
        goal.save(update_fields=["filled", "ended"])
        return end_goal(membership, character, goal, goal.rules_difficulty.talent_dots)
    goal.save(update_fields=["filled"])
    line = said("%(name)s's goal %(goal)s: %(filled)s/%(size)s.",
                name=character.name, goal=goal.name, filled=goal.filled, size=goal.size)
    if goal.filled >= goal.size:
        line = in_a_row(line, said("Its clock is full: roll to resolve it."))
    log(membership, line)
    return goal


def end_goal(membership: Membership, character: Character, goal: Goal, dots: int) -> Goal:
    """A goal ends: its talent dots (if any) wait on the sheet to be placed."""
    character.charge.goal_dots += dots
    character.charge.save(update_fields=["goal_dots"])
    if goal.ended == "lost":
        log(membership, said("%(name)s's goal is lost: %(goal)s.", name=character.name, goal=goal.name))
    else:
        log(membership, said_n("%(name)s completes a goal: %(goal)s, and gains %(dots)s talent dot to place.",
                                "%(name)s completes a goal: %(goal)s, and gains %(dots)s talent dots to place.", dots,
                                name=character.name, goal=goal.name, dots=dots))
    return goal


@transaction.atomic
def place_goal_dot(membership: Membership, character: Character, action: str) -> Character:
    """Place a talent dot from a finished goal, "thematic to the goal" ("Finishing a Goal")."""
    character = locked(character)
    rules = character.campaign.charge.rules
    if character.charge.goal_dots < 1:
        raise Refused(_("%(name)s has no talent dot from a goal to place.") % {"name": character.name})
    if action not in rules.action_names:
        raise Refused(_("Choose one of the campaign's actions."))
    if character.charge.rating(action) >= rules.max_rating:
        raise Refused(_("%(action)s is already at %(most)s, the most a rating may be.") % {
            "action": action_word(action), "most": rules.max_rating})
    character.charge.action_dots = {**character.charge.action_dots, action: character.charge.action_dots.get(action, 0) + 1}
    character.charge.goal_dots -= 1
    character.charge.save(update_fields=["action_dots", "goal_dots"])
    log(membership, said("%(name)s places a talent dot from a goal in %(action)s.",
                          name=character.name, action=action_phrase(action)))
    return character
