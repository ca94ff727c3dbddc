"""Threats in play (Threat Level Extra): the GM puts them on the scene or on a character and
clears them."""

from django.db import transaction
from django.utils.translation import gettext

from campaign.models import Campaign, Membership
from charge.models import Threat
from core.refused import Refused
from gamerules.dials import Extra
from gamerules.threat import MOST_THREAT_DICE
from gamerules.words import said


@transaction.atomic
def add_threat(gm: Membership, source: str, rating: int, character_id: int | None) -> Threat:
    """A threat in play: "the source must be clearly identified", with its rating (1-3 suggested,
    not a cap), on the scene or on one character."""
    source = source.strip()
    if not gm.is_gm:
        raise Refused(gettext("The GM sets threats."))
    if not gm.campaign.charge.rules.has(Extra.THREAT_LEVEL):
        raise Refused(gettext("This campaign does not use threats (the Threat Level extra)."))
    if not source:
        raise Refused(gettext("Name the threat's source, so that nobody has to guess what it affects."))
    if not 1 <= rating <= MOST_THREAT_DICE:
        raise Refused(gettext("A threat's rating is 1 to %(most)s (1-3 suggested).") % {"most": MOST_THREAT_DICE})
    character = None
    if character_id is not None:
        character = gm.campaign.characters.filter(pk=character_id).first()
        if character is None:
            raise Refused(gettext("Put the threat on the scene or on a character of this campaign."))
    Campaign.objects.locked(pk=gm.campaign_id)  # two taps at once: the second finds the first
    if Threat.objects.filter(campaign=gm.campaign, character=character, source__iexact=source[:120]).exists():
        refusal = (gettext("%(source)s is already in play on %(name)s.") if character
                   else gettext("%(source)s is already in play on the scene."))
        raise Refused(refusal % {"source": source, "name": character.name if character else ""})
    threat = Threat.objects.create(campaign=gm.campaign, character=character, source=source[:120], rating=rating)
    gm.campaign.log(gm.user, said("Threat %(threat)s on %(target)s.", threat=str(threat), target=_target(threat)))
    return threat


@transaction.atomic
def clear_threat(gm: Membership, threat_id) -> None:
    """The threat is gone from the fiction; rolls on their way no longer count it."""
    if not gm.is_gm:
        raise Refused(gettext("The GM clears threats."))
    threat = Threat.objects.select_for_update().filter(campaign=gm.campaign, pk=threat_id).first()
    if threat is None:
        raise Refused(gettext("That threat is already gone."))
    gm.campaign.log(gm.user, said("Threat %(threat)s on %(target)s is gone.", threat=str(threat), target=_target(threat)))
    threat.delete()


def _target(threat: Threat) -> str:
    """What a threat weighs on, inside a log line (Threat.target, said in each reader's language)."""
    return threat.character.name if threat.character_id else said("the scene")
