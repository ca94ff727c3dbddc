"""A campaign made as "Making a Compelling Campaign" makes it: the setting and what excites the
group, the world's facts as questions and answers, the steps the GM has done; and the entries a GM
adds to the force generator's tables (gamerules/forces.py). The world forces and the group as a
force are the shared ``campaign.WorldForce``."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from core.models import LockingQuerySet
from gamerules.forces import Entry, Genre, Part, Step


class Making(models.Model):
    """The campaign's walk through the chapter: what the group said of its setting, and which
    steps the GM has done (a step skipped is simply not done: the walk comes back to it)."""

    campaign = models.OneToOneField("campaign.Campaign", on_delete=models.CASCADE, related_name="making")
    setting = models.TextField(_("The setting"), max_length=2000, blank=True, help_text=_(
        "Where and when the story happens: an existing setting, or the group's own."))
    excites = models.TextField(_("What excites the group"), max_length=2000, blank=True, help_text=_(
        "The media each person brought up, and what made it interesting: the setting, the characters, the magic, the politics…"))
    done = models.JSONField(default=list, blank=True, help_text=_("The steps done."))
    together = models.BooleanField(default=False, help_text=_(
        "The players walk it live with the GM (\"This exercise should be done as a group\"): each step on their "
        "phones as it is written, and their own questions about the world."))

    objects = LockingQuerySet.as_manager()

    def __str__(self):
        return self.setting[:60] or str(self.campaign)

    def is_done(self, step: Step) -> bool:
        return step.value in self.done

    @property
    def words(self) -> str:
        """What the generator reads to choose its tables: the setting, what excites the group, the pitch."""
        return " ".join((self.setting, self.excites, self.campaign.pitch))


class WorldFactQuerySet(models.QuerySet):
    def visible_to(self, membership):
        """The world's facts are the group's: every member reads them."""
        return self


class WorldFact(models.Model):
    """A question fired off around the table, and the answer the group aligned on ("Establish the World")."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="world_facts")
    question = models.CharField(_("Question"), max_length=300)
    asked_by = models.ForeignKey("auth.User", null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                                 help_text=_("The player who fired it off, walking it with the GM."))
    answer = models.TextField(_("Answer"), max_length=2000, blank=True)

    objects = WorldFactQuerySet.as_manager()

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.question


class ForceIdeaQuerySet(models.QuerySet):
    def visible_to(self, membership):
        """The GM's own generator entries are preparation: they would spoil forces to come."""
        return self if membership.is_gm else self.none()

    def entries(self) -> list[Entry]:
        return [Entry(Genre(idea.genre), Part(idea.part), idea.text) for idea in self]


class ForceIdea(models.Model):
    """An entry the GM adds to the force generator's tables: a force, a goal or a method, for a genre."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="force_ideas")
    genre = models.CharField(_("Genre"), max_length=20, default=Genre.GENERAL.value,
                             choices=[(genre.value, genre.label) for genre in Genre])
    part = models.CharField(_("What it is"), max_length=10, default=Part.METHOD.value,
                            choices=[(Part.FORCE.value, _("A force")), (Part.GOAL.value, _("A goal")),
                                     (Part.METHOD.value, _("A method"))])
    text = models.CharField(_("Words"), max_length=300)

    objects = ForceIdeaQuerySet.as_manager()

    class Meta:
        ordering = ["genre", "part", "pk"]

    def __str__(self):
        return self.text
