"""A hack applied to a campaign, or a new campaign started with one ("What to Hack"). Each is atomic
and locks the campaign: a refusal writes no row, and a double tap (keyed by its view) applies once."""

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.actions import create_campaign
from campaign.models import Campaign, Membership
from charge.actions.bookkeeping import set_dials
from charge.hack_changes import stress_after
from charge.hackfile import campaign_hack, fingerprint
from charge.models import PendingRoll, Playbook, Sheet, Spell, Talent
from core.refused import Refused
from gamerules.hacks import Hack, renames
from gamerules.words import said


def _rename(names: dict, moved: dict[str, str]) -> dict:
    """A dict of action → dots with the renamed actions' dots under their new names."""
    renamed: dict = {}
    for action, count in names.items():
        renamed[moved.get(action, action)] = renamed.get(moved.get(action, action), 0) + count
    return renamed


def _move_dots(campaign: Campaign, moved: dict[str, str], stress_sizes: tuple[int, int]) -> None:
    """Renamed actions keep their dots, talents, marks, the spells cast with them and the rolls on
    their way with them; a stress clock made smaller stops one short of full."""
    for sheet in Sheet.objects.select_for_update().filter(character__campaign=campaign):
        sheet.action_dots = _rename(sheet.action_dots, moved)
        sheet.escalated_action = moved.get(sheet.escalated_action, sheet.escalated_action)
        sheet.lost_action = moved.get(sheet.lost_action, sheet.lost_action)
        sheet.stress = stress_after(sheet.stress, *stress_sizes)
        sheet.save(update_fields=["action_dots", "escalated_action", "lost_action", "stress"])
    for was, now in moved.items():
        Talent.objects.filter(character__campaign=campaign, action=was).update(action=now)
        Talent.objects.filter(character__campaign=campaign, instead_of=was).update(instead_of=now)
        PendingRoll.objects.filter(campaign=campaign, action=was).update(action=now)
    for spell in Spell.objects.select_for_update().filter(character__campaign=campaign):
        if any(action in moved for action in spell.actions):
            spell.actions = [moved.get(action, action) for action in spell.actions]
            spell.save(update_fields=["actions"])
    for playbook in Playbook.objects.select_for_update().filter(campaign=campaign):
        playbook.action_dots = _rename(playbook.action_dots, moved)
        playbook.talents = {slot: {**talent, "action": moved.get(talent["action"], talent["action"])}
                            for slot, talent in playbook.talents.items()}
        playbook.save(update_fields=["action_dots", "talents"])


def _playbooks(campaign: Campaign, hack: Hack) -> None:
    """The file's playbooks, each replacing the campaign's of the same name."""
    for recipe in hack.playbooks:
        data = recipe.to_data()
        Playbook.objects.update_or_create(campaign=campaign, name=recipe.name, defaults={
            "suggested_ties": data["suggested_ties"], "action_dots": data["action_dots"], "talents": data["talents"]})


def _set(gm: Membership, campaign: Campaign, hack: Hack) -> None:
    setup = campaign.charge
    setup.ruleset, setup.risk_wording = hack.ruleset, hack.risk_wording
    setup.save(update_fields=["ruleset", "risk_wording"])
    gm.campaign = campaign
    set_dials(gm, hack.dials)
    _playbooks(campaign, hack)


@transaction.atomic
def apply_hack(gm: Membership, hack: Hack, seen: str) -> Campaign:
    """Apply ``hack`` as the preview ``seen`` showed it: if the campaign's hack moved since, refuse."""
    if not gm.is_gm:
        raise Refused(_("The GM hacks the game."))
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    before = campaign_hack(campaign)
    if fingerprint(before) != seen:
        raise Refused(_("The campaign's hack changed since this preview; look at the changes again."))
    _move_dots(campaign, renames(before.dials, hack.dials), (before.dials.stress_clock_size, hack.dials.stress_clock_size))
    _set(gm, campaign, hack)
    campaign.log(gm.user, said("The GM changed the hack: %(name)s.", name=hack.name or campaign.name))
    return campaign


@transaction.atomic
def campaign_from_hack(user, hack: Hack, name: str) -> Campaign:
    """A new Charge campaign playing ``hack``, its maker its GM."""
    campaign = create_campaign(user, name=name, system="charge")
    _set(campaign.memberships.get(user=user), campaign, hack)
    return campaign
