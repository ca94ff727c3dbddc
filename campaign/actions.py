"""Writes that touch several models. Each runs in one transaction and first locks the campaign
row, so two people acting at once (or one double click) are applied one after the other. Open
screens learn of each write by themselves (campaign/live.py)."""

from django.apps import apps
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.models import HistoricalChanges

from campaign.models import (
    Campaign,
    GameSession,
    Invitation,
    Membership,
    Notice,
    Role,
    WorldForce,
)
from campaign.own_words import PLAYER_GROUP
from characters.models import Character
from core.refused import Refused
from gamerules.words import kept, said

ROLE_SAID = {Role.GM: said("GM"), Role.PLAYER: said("Player")}
"""A member's role inside a log line, said in each reader's language."""


@transaction.atomic
def create_campaign(user, setup: dict | None = None, **fields) -> Campaign:
    """The creator is the GM; the player group starts as a force everyone can write. ``setup``:
    how it plays its dice system, where it differs from the defaults."""
    campaign = Campaign.objects.create(**fields)
    set_setup(campaign, setup or {})
    Membership.objects.create(campaign=campaign, user=user, role=Role.GM)
    WorldForce.objects.create(campaign=campaign, name=PLAYER_GROUP, is_player_group=True,
                              kind="organisation", revealed=True)
    campaign.log(user, said("%(user)s created the campaign.", user=user.username))
    return campaign


def set_setup(campaign: Campaign, said: dict) -> None:
    """How the campaign plays its dice system (core/systems.py ``setup``), as far as ``said`` changes it."""
    if said and (setup := campaign.setup) is not None:
        for name, value in said.items():
            setattr(setup, name, value)
        setup.save(update_fields=list(said))


@transaction.atomic
def accept_invitation(token: str, user) -> Campaign:
    invitation = (Invitation.objects.select_for_update().select_related("campaign")
                  .filter(token=token).first())
    if invitation is None:
        raise Refused(_("This invitation link is not valid. Check that you copied all of it, "
                        "or ask your GM for a new one."))
    campaign = invitation.campaign
    if Membership.objects.filter(campaign=campaign, user=user).exists():
        return campaign
    if reason := invitation.refusal():
        raise Refused(reason)
    Membership.objects.create(campaign=campaign, user=user, role=Role.PLAYER)
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    campaign.log(user, said("%(user)s joined the campaign.", user=user.username))
    return campaign


def _other_gms(membership: Membership) -> bool:
    return Membership.objects.filter(campaign=membership.campaign_id, role=Role.GM).exclude(
        pk=membership.pk).exists()


@transaction.atomic
def set_role(gm: Membership, member: Membership, role: str) -> None:
    Campaign.objects.locked(pk=gm.campaign_id)
    member.refresh_from_db()
    if role not in Role.values:
        raise Refused(_("Choose GM or player."))
    if member.is_gm and role == Role.PLAYER and not _other_gms(member):
        raise Refused(_("A campaign needs a GM: make someone else GM first."))
    member.role = role
    member.save(update_fields=["role"])
    gm.campaign.log(gm.user, said("%(user)s is now %(role)s.", user=member.user.username, role=ROLE_SAID[member.role]))


@transaction.atomic
def remove_member(actor: Membership, member: Membership) -> Membership:
    """A member leaves, or a GM removes a player. Their characters stay, owned by the campaign."""
    campaign = Campaign.objects.locked(pk=actor.campaign_id)
    if member.is_gm and not _other_gms(member):
        raise Refused(_("A campaign needs a GM: make someone else GM before leaving."))
    for character in Character.objects.select_for_update().filter(campaign=campaign, owner=member.user):
        character.owner = None
        character.save(update_fields=["owner"])  # a save, so the sheet's history records it
    member.delete()
    campaign.log(actor.user, said("%(member)s left the campaign. Their characters stay with the campaign.",
                                  member=member.user.username) if actor.pk == member.pk
                 else said("%(actor)s removed %(member)s from the campaign. Their characters stay with the campaign.",
                           actor=actor.user.username, member=member.user.username))
    return member


@transaction.atomic
def hand_over(gm: Membership, member: Membership, leave: bool = False) -> Membership:
    """A GM gives the GM role to a player and becomes a player, then may leave: the campaign always
    has a GM."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    gm.refresh_from_db()
    member.refresh_from_db()
    if not gm.is_gm:
        raise Refused(_("Only a GM can hand the campaign over."))
    if member.pk == gm.pk or member.campaign_id != campaign.pk:
        raise Refused(_("Choose another member to hand the campaign over to."))
    member.role, gm.role = Role.GM, Role.PLAYER
    member.save(update_fields=["role"])
    gm.save(update_fields=["role"])
    campaign.log(gm.user, said("%(gm)s handed the campaign over to %(member)s, the GM now.",
                               gm=gm.user.username, member=member.user.username))
    if leave:
        remove_member(gm, gm)
    return member


@transaction.atomic
def archive_campaign(gm: Membership) -> Campaign:
    """Read-only and off everyone's lists, until a GM restores it. Archiving twice is archiving."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if campaign.is_archived:
        return campaign
    if campaign.current_session:
        raise Refused(_("%(session)s is still running: end it first.") % {"session": campaign.current_session})
    campaign.archived_at = timezone.now()
    campaign.save(update_fields=["archived_at"])
    campaign.log(gm.user, said("%(gm)s archived the campaign.", gm=gm.user.username))
    return campaign


@transaction.atomic
def restore_campaign(gm: Membership) -> Campaign:
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if campaign.is_archived:
        campaign.archived_at = None
        campaign.save(update_fields=["archived_at"])
        campaign.log(gm.user, said("%(gm)s restored the campaign from the archive.", gm=gm.user.username))
    return campaign


@transaction.atomic
def delete_campaign(gm: Membership, typed_name: str) -> str:
    """Delete the campaign and every row of it, its recorded histories too; the other members are
    told. The GM types its name, so that no slip deletes one."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if typed_name.strip() != campaign.name.strip():
        raise Refused(_("Type the campaign's name exactly as it is written: nothing was deleted."))
    told = list(campaign.memberships.exclude(pk=gm.pk).values_list("user_id", flat=True))
    name, campaign_id = campaign.name, campaign.pk
    characters = set(Character.history.filter(campaign_id=campaign_id).values_list("id", flat=True))
    campaign.delete()
    _forget_histories(campaign_id, characters)
    phrase = said("%(gm)s deleted the campaign %(campaign)s.", gm=gm.user.username, campaign=name)
    Notice.objects.bulk_create(Notice(user_id=user_id, text=str.__str__(phrase), phrase=kept(phrase))
                               for user_id in told)
    return name


def _forget_histories(campaign_id: int, characters: set[int]) -> None:
    """django-simple-history keeps the records of what is deleted, and records each deletion: a
    deleted campaign keeps none, of its sheets (even those deleted before), clocks and forces, nor
    of what hung on its sheets (a dice system's own, such as Charge's ties and talents)."""
    for model in apps.get_models():
        if not issubclass(model, HistoricalChanges):
            continue
        fields = {field.name for field in model._meta.fields}
        if "campaign" in fields:
            model.objects.filter(campaign_id=campaign_id).delete()
        elif "character" in fields:
            model.objects.filter(character_id__in=characters).delete()


@transaction.atomic
def start_session(gm: Membership, expected_number: int) -> GameSession:
    """Start the next session, with its dice system's bookkeeping (Charge: momentum resets).
    ``expected_number`` guards a double submit."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if campaign.current_session:
        raise Refused(_("%(session)s is still running: end it first.") % {"session": campaign.current_session})
    number = campaign.next_session_number()
    if number != expected_number:
        raise Refused(_("Session %(number)s was just started by someone else.") % {"number": number - 1})
    session = GameSession.objects.create(campaign=campaign, number=number)
    started = campaign.site.session_started
    campaign.log(gm.user, started(campaign, number) if started else said("Session %(number)s started.", number=number))
    return session


@transaction.atomic
def end_session(gm: Membership, session: GameSession) -> None:
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    session.refresh_from_db()
    if not session.is_running:
        raise Refused(_("%(session)s has already ended.") % {"session": session})
    session.ended_at = timezone.now()
    session.save(update_fields=["ended_at"])
    if campaign.site.session_ended:
        campaign.site.session_ended(campaign)
    campaign.log(gm.user, said("Session %(number)s ended. Players: update your characters' "
                               "details (concept, appearance, ties) if the session changed them.", number=session.number))


@transaction.atomic
def reveal_force(gm: Membership, force: WorldForce, revealed: bool) -> WorldForce:
    """Show a force to the players, or hide it again; the player group is always shown."""
    if force.is_player_group or force.revealed == revealed:
        return force
    force.revealed = revealed
    force.save(update_fields=["revealed"])
    _announce(gm, force, was_revealed=not revealed)
    return force


@transaction.atomic
def save_force(member: Membership, form) -> WorldForce:
    """Save a force's form (a new force, or the GM's or the group's edit); a force that becomes
    revealed is announced, as when the GM reveals it from its card."""
    was_revealed = bool(form.instance.pk) and WorldForce.objects.filter(
        pk=form.instance.pk, revealed=True).exists()
    force = form.save()
    _announce(member, force, was_revealed)
    return force


def _announce(member: Membership, force: WorldForce, was_revealed: bool) -> None:
    if force.revealed and not was_revealed and not force.is_player_group:
        member.campaign.log(member.user, said("A force is revealed: %(force)s.", force=force.name), force=force)
