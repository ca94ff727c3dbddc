"""How a Charge campaign says risk: Charge 1.1's risk, or the classic position (its Setup's wording)."""

from django.utils.translation import gettext

from gamerules.charge import RiskWording


def by_wording(wording: RiskWording, risk: str, position: str) -> str:
    """The words for the campaign's wording: Charge 1.1's risk, or the classic position. Each
    wording has its sentences whole, so that a translator writes each as it reads."""
    return position if wording is RiskWording.POSITION else risk


def risk_noun(wording: RiskWording) -> str:
    """"Risk" or "Position", as a label, in the reader's language."""
    return by_wording(wording, gettext("Risk"), gettext("Position"))
