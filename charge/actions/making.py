"""The walk through "Making a Compelling Campaign": the setting, the world's facts, the world
forces, the group as a force and its stance toward each, the steps done; and the GM's own entries
in the force generator's tables. Each write is the GM's, atomic, and keyed by its view."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.actions import save_force
from campaign.models import Membership, Stance, WorldForce
from charge.models import ForceIdea, Making, WorldFact
from core.refused import Refused
from gamerules.forces import Genre, Part, Step

FACTS_MOST = 100
"""A campaign's facts: "Not everything needs to be factualized"; a bound that no table reaches."""
IDEAS_MOST = 500
"""The GM's own generator entries, a campaign."""


def _gm(member: Membership) -> None:
    if not member.is_gm:
        raise Refused(_("The GM makes the campaign's preparation."))


def making_of(campaign, lock: bool = False) -> Making:
    """The campaign's walk, made the first time it is written (a campaign older than the walk has none)."""
    if lock:
        Making.objects.get_or_create(campaign=campaign)
        return Making.objects.locked(campaign=campaign)
    return Making.objects.filter(campaign=campaign).first() or Making(campaign=campaign)


def _done(making: Making, step: Step, done: bool = True) -> None:
    steps = [value for value in making.done if value != step.value]
    making.done = [s.value for s in Step if s.value in {*steps, *([step.value] if done else [])}]


@transaction.atomic
def write_setting(gm: Membership, setting: str, excites: str) -> Making:
    """"Finding a Setting": what the group aligned on, and what excites it."""
    _gm(gm)
    making = making_of(gm.campaign, lock=True)
    making.setting, making.excites = setting.strip()[:2000], excites.strip()[:2000]
    _done(making, Step.SETTING)
    making.save()
    return making


@transaction.atomic
def mark_step(gm: Membership, step: str, done: bool) -> Making:
    """A step said done (or opened again); skipping one writes nothing."""
    _gm(gm)
    try:
        step = Step(step)
    except ValueError:
        raise Refused(_("There is no such step.")) from None
    making = making_of(gm.campaign, lock=True)
    _done(making, step, done)
    making.save(update_fields=["done"])
    return making


@transaction.atomic
def walk_together(gm: Membership, together: bool) -> Making:
    """The GM walks the campaign with the players, live, or alone ("This exercise should be done as
    a group, though some steps could be done solely by the GM")."""
    _gm(gm)
    making = making_of(gm.campaign, lock=True)
    making.together = together
    making.save(update_fields=["together"])
    return making


@transaction.atomic
def ask_about_the_world(member: Membership, question: str) -> WorldFact:
    """A player fires off a question while the walk is the group's; the group's answer is the
    GM's to write (``write_fact``)."""
    if not Making.objects.select_for_update().filter(campaign=member.campaign, together=True).exists():
        raise Refused(_("The GM makes the campaign alone for now: ask your question at the table."))
    question = question.strip()[:300]
    if not question:
        raise Refused(_("Write the question."))
    if WorldFact.objects.filter(campaign=member.campaign).count() >= FACTS_MOST:
        raise Refused(_("The world has %(most)s facts already.") % {"most": FACTS_MOST})
    return WorldFact.objects.create(campaign=member.campaign, question=question, asked_by=member.user)


@transaction.atomic
def write_fact(gm: Membership, question: str, answer: str, fact_id: int | None = None) -> WorldFact:
    """A question about the world and the group's answer ("Establish the World"): a new one, or one edited."""
    _gm(gm)
    question = question.strip()[:300]
    if not question:
        raise Refused(_("Write the question."))
    if fact_id is None:
        if WorldFact.objects.filter(campaign=gm.campaign).count() >= FACTS_MOST:
            raise Refused(_("The world has %(most)s facts already.") % {"most": FACTS_MOST})
        return WorldFact.objects.create(campaign=gm.campaign, question=question, answer=answer.strip()[:2000])
    fact = WorldFact.objects.select_for_update().filter(campaign=gm.campaign, pk=fact_id).first()
    if fact is None:
        raise Refused(_("That fact is gone."))
    fact.question, fact.answer = question, answer.strip()[:2000]
    fact.save()
    return fact


@transaction.atomic
def remove_fact(gm: Membership, fact_id: int) -> None:
    _gm(gm)
    WorldFact.objects.filter(campaign=gm.campaign, pk=fact_id).delete()


@transaction.atomic
def add_world_force(gm: Membership, form) -> WorldForce:
    """A world force with its goal and methods ("Add Trouble to the World"), as the forces page adds one."""
    _gm(gm)
    return save_force(gm, form)


def group_of(campaign) -> WorldForce:
    """The group as a force: every campaign is made with one; an imported file may lack it."""
    return (campaign.forces.filter(is_player_group=True).first()
            or WorldForce(campaign=campaign, is_player_group=True, revealed=True))


@transaction.atomic
def define_group(gm: Membership, form, stances: dict[int, str]) -> WorldForce:
    """"Define the Group as a Force": its name, goal and methods, and how it stands toward each
    world force (aligned, neutral or against)."""
    _gm(gm)
    group = save_force(gm, form)
    for force in gm.campaign.forces.select_for_update().filter(is_player_group=False, pk__in=stances):
        if stances[force.pk] in Stance.values and force.stance != stances[force.pk]:
            force.stance = stances[force.pk]
            force.save(update_fields=["stance"])
    making = making_of(gm.campaign, lock=True)
    _done(making, Step.GROUP)
    making.save(update_fields=["done"])
    return group


@transaction.atomic
def add_idea(gm: Membership, genre: str, part: str, text: str) -> ForceIdea:
    """An entry of the GM's own in the generator's tables."""
    _gm(gm)
    text = text.strip()[:300]
    if genre not in Genre._value2member_map_ or part not in Part._value2member_map_ or not text:
        raise Refused(_("Choose a genre and what the entry is, and write it."))
    if ForceIdea.objects.filter(campaign=gm.campaign).count() >= IDEAS_MOST:
        raise Refused(_("The tables hold %(most)s entries of yours already.") % {"most": IDEAS_MOST})
    return ForceIdea.objects.create(campaign=gm.campaign, genre=genre, part=part, text=text)


@transaction.atomic
def remove_idea(gm: Membership, idea_id: int) -> None:
    _gm(gm)
    ForceIdea.objects.filter(campaign=gm.campaign, pk=idea_id).delete()
