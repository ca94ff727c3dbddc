"""How a campaign plays Charge: its variant, its wording of risk, its dials and its market clock
(one row per Charge campaign, core/systems.py ``setup``)."""

from django.db import models
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from core.models import LockingQuerySet
from gamerules.charge import RiskWording
from gamerules.dials import Dials, Extra, Ruleset, default_dials
from gamerules.economy import MarketState, market_state, market_words


class Setup(models.Model):
    campaign = models.OneToOneField("campaign.Campaign", on_delete=models.CASCADE, related_name="charge")
    ruleset = models.CharField(
        _("Charge variant"), max_length=20, default=Ruleset.CHARGE.value, choices=[(r.value, r.label) for r in Ruleset],
        help_text=_("Charge only. Quick Charge: 6 actions, 4 dots, effect and consequence read from the dice."))
    risk_wording = models.CharField(
        _("Wording of risk"), max_length=10, default=RiskWording.RISK.value,
        choices=[(RiskWording.RISK.value, _("Charge 1.1: risk low / moderate / high")),
                 (RiskWording.POSITION.value, _("Classic: position controlled / risky / desperate"))])
    dials = models.JSONField(default=dict, blank=True)
    market_filled = models.PositiveSmallIntegerField(
        default=0, help_text=_("The market clock's segments, 0-4 (Economy Extra)."))

    objects = LockingQuerySet.as_manager()

    form_fields = ("ruleset", "risk_wording")
    """What the campaign's settings (and a new campaign) let the GM choose."""
    export_fields = ("ruleset", "risk_wording", "dials", "market_filled")
    """What the export's campaign object carries, for every campaign (a campaign of another system
    with the defaults), as it did while these were the campaign's own columns."""

    def __str__(self):
        return self.get_ruleset_display()

    @property
    def system_name(self) -> str:
        """The header names the variant."""
        return self.get_ruleset_display()

    @property
    def system_words(self) -> str:
        """The About card adds the wording of risk."""
        return f"{self.system_name} · {self.get_risk_wording_display()}"

    @cached_property
    def rules(self) -> Dials:
        """The dials in play: what the GM changed, over the ruleset's defaults."""
        return Dials.from_data(self.dials, base=default_dials(Ruleset(self.ruleset)))

    @property
    def own_words(self) -> dict[str, dict[str, str]]:
        """The hack's own names in each language (core/campaign_words.py)."""
        words: dict[str, dict[str, str]] = {}
        for language, name, word in self.rules.words:
            words.setdefault(name, {})[language] = word
        return words

    @cached_property
    def threats_in_play(self) -> list:
        """The Threat Level extra's threats, loaded once for every part of a page that lists them."""
        return list(self.campaign.threats.select_related("character")) if self.rules.has(Extra.THREAT_LEVEL) else []

    @property
    def market(self) -> MarketState:
        return market_state(self.market_filled)

    @property
    def market_words(self) -> str:
        return market_words(self.market)

    @property
    def wording(self) -> RiskWording:
        return RiskWording(self.risk_wording)

    @property
    def quick(self) -> bool:
        """Quick Charge: its own section of the rulebook decides where it differs."""
        return self.ruleset == Ruleset.QUICK_CHARGE.value
