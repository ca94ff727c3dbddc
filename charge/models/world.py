"""The GM's prompt tables and the hooks drawn from them ("World Extra Rule")."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.models import LockingQuerySet
from gamerules.dials import Extra
from gamerules.world import RANKS, Card, MissionStart, mission_pool


class WorldTableQuerySet(LockingQuerySet):
    def visible_to(self, membership):
        """The prompt tables are the GM's preparation: they would spoil the hooks to come."""
        return self if membership.is_gm else self.none()


class WorldTable(models.Model):
    """One of the GM's three prompt tables ("World Extra Rule"): theme 1, theme 2 and the mission,
    each a title and 13 prompts, Ace to King."""

    THEME_1, THEME_2, MISSION = 0, 1, 2

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="world_tables")
    place = models.PositiveSmallIntegerField(choices=[(0, _("1st card")), (1, _("2nd card")), (2, _("3rd card: the mission"))])
    title = models.CharField(max_length=80, blank=True)
    prompts = models.JSONField(default=list, blank=True, help_text=_("13 prompts, Ace to King."))

    objects = WorldTableQuerySet.as_manager()

    class Meta:
        ordering = ["place"]
        constraints = [models.UniqueConstraint(fields=["campaign", "place"], name="one_table_a_place")]

    def __str__(self):
        return self.title or self.get_place_display()

    def prompt(self, row: int) -> str:
        prompts = list(self.prompts) + [""] * len(RANKS)
        return prompts[row]


class HookDrawQuerySet(LockingQuerySet):
    def visible_to(self, membership):
        """A draw and its prompts are the GM's until the GM reveals them."""
        return self if membership.is_gm else self.filter(revealed=True)


class HookDraw(models.Model):
    """Three hook cards drawn from a shuffled deck, with the prompts as they read then, and the
    mission roll made from them ("World Extra Rule")."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="hook_draws")
    cards = models.JSONField(default=list, help_text=_("The 3 cards, e.g. “Q♥”."))
    titles = models.JSONField(default=list, help_text=_("The three tables' titles when drawn."))
    prompts = models.JSONField(default=list, help_text=_("The prompt each card drew."))
    drawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    revealed = models.BooleanField(default=False)
    mission_roll = models.ForeignKey("rolls.Roll", null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    start_pending = models.BooleanField(
        default=False, help_text=_("The mission roll's start waits for the mission's first roll."))
    created_at = models.DateTimeField(auto_now_add=True)

    objects = HookDrawQuerySet.as_manager()

    class Meta:
        ordering = ["-pk"]

    def __str__(self):
        return " ".join(self.cards)

    @property
    def label(self) -> str:
        """The cards as the reader reads them ("Valet♠ 5♦ Dame♥"); ``str()`` is the cards as data."""
        return " ".join(str(card.label) for card, _title, _prompt in self.hooks)

    @property
    def hooks(self) -> list[tuple[Card, str, str]]:
        """(card, the table's title, the prompt) for each card."""
        return [(Card.parse(card), title, prompt) for card, title, prompt in zip(self.cards, self.titles, self.prompts,
                                                                                  strict=True)]

    @property
    def red_cards(self) -> int:
        return mission_pool(tuple(Card.parse(card) for card in self.cards))

    @property
    def start(self) -> MissionStart | None:
        """The mission roll's result, once rolled."""
        return MissionStart(self.mission_roll.choices["start"]) if self.mission_roll else None


def mission_start_pending(campaign) -> MissionStart | None:
    """The mission roll's start while it waits for the mission's first roll (World Extra): one
    query, and none while the extra is off."""
    if not campaign.charge.rules.has(Extra.WORLD):
        return None
    draw = campaign.hook_draws.filter(start_pending=True).select_related("mission_roll").first()
    return draw.start if draw else None
