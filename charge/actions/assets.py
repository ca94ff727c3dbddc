"""Assets (the Asset extra): a GM's boon, or loot."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.models import Membership
from characters.actions import locked, log
from characters.models import Character
from charge.models import Asset
from core.refused import Refused
from gamerules.dials import Extra
from gamerules.words import said


@transaction.atomic
def give_asset(gm: Membership, character: Character, name: str, source: str = "boon") -> Asset:
    """The GM rewards a brilliant moment with an asset ("Boon Asset Rule"), or notes loot."""
    character = locked(character)
    if not character.campaign.charge.rules.has(Extra.ASSET):
        raise Refused(_("This campaign does not use assets (the Asset extra)."))
    if not name.strip():
        raise Refused(_("Name the asset: what is it?"))
    asset = Asset.objects.create(character=character, name=name.strip()[:80], source=source)
    log(gm, said("%(name)s holds a new asset: %(asset)s.", name=character.name, asset=asset.name))
    return asset
