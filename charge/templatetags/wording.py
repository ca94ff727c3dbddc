"""Charge's words that depend on how a campaign says risk (its Setup's wording): Charge 1.1's risk
low / moderate / high, or the classic position controlled / risky / desperate, one per campaign."""

from django import template

register = template.Library()


@register.filter
def in_words(level, campaign) -> str:
    """A level that reads either way (a ``Risk``, a ``MissionStart``) as a label, in the campaign's
    words; none (a spell that sets no risk) reads as nothing."""
    return level.label(campaign.charge.wording) if level is not None else ""


@register.filter
def mission_starts(start, campaign) -> str:
    """Where a mission starts, after "the mission starts", in the campaign's words."""
    return start.starts(campaign.charge.wording) if start is not None else ""
