"""Writes that touch several models. Each runs in one transaction and first locks the campaign
row, so two people acting at once (or one double click) are applied one after the other."""

from django.db import transaction
from django.utils import timezone

from campaign.models import (
    Campaign,
    Event,
    GameSession,
    Invitation,
    Membership,
    Milestone,
    Role,
    WorldForce,
)
from characters.models import Character
from gamerules.characters import recover, recovery_errors, session_start_momentum


class Refused(Exception):
    """The action is not allowed; the message says why, in the table's words."""


def _locked(campaign: Campaign) -> Campaign:
    return Campaign.objects.select_for_update().get(pk=campaign.pk)


def _log(campaign, actor, text, gm_only=False):
    Event.objects.create(campaign=campaign, actor=actor, text=text, gm_only=gm_only)
    campaign.bump()


@transaction.atomic
def create_campaign(user, **fields) -> Campaign:
    """The creator is the GM; the player group starts as a force everyone can write."""
    campaign = Campaign.objects.create(**fields)
    Membership.objects.create(campaign=campaign, user=user, role=Role.GM)
    WorldForce.objects.create(campaign=campaign, name="The player group", is_player_group=True,
                              kind="organisation", revealed=True)
    _log(campaign, user, f"{user} created the campaign.")
    return campaign


@transaction.atomic
def accept_invitation(token: str, user) -> Campaign:
    invitation = (Invitation.objects.select_for_update().select_related("campaign")
                  .filter(token=token).first())
    if invitation is None:
        raise Refused("This invitation link is not valid. Check that you copied all of it, "
                      "or ask your GM for a new one.")
    campaign = invitation.campaign
    if Membership.objects.filter(campaign=campaign, user=user).exists():
        return campaign
    if reason := invitation.refusal():
        raise Refused(reason)
    Membership.objects.create(campaign=campaign, user=user, role=Role.PLAYER)
    invitation.uses += 1
    invitation.save(update_fields=["uses"])
    _log(campaign, user, f"{user} joined the campaign.")
    return campaign


def _other_gms(membership: Membership) -> bool:
    return Membership.objects.filter(campaign=membership.campaign_id, role=Role.GM).exclude(
        pk=membership.pk).exists()


@transaction.atomic
def set_role(gm: Membership, member: Membership, role: str) -> None:
    _locked(gm.campaign)
    member.refresh_from_db()
    if role not in Role.values:
        raise Refused("Choose GM or player.")
    if member.is_gm and role == Role.PLAYER and not _other_gms(member):
        raise Refused("A campaign needs a GM: make someone else GM first.")
    member.role = role
    member.save(update_fields=["role"])
    _log(gm.campaign, gm.user, f"{member.user} is now {member.get_role_display()}.")


@transaction.atomic
def remove_member(actor: Membership, member: Membership) -> None:
    """A member leaves, or a GM removes a player. Their characters stay, owned by the campaign."""
    campaign = _locked(actor.campaign)
    if member.is_gm and not _other_gms(member):
        raise Refused("A campaign needs a GM: make someone else GM before leaving.")
    for character in Character.objects.select_for_update().filter(campaign=campaign, owner=member.user):
        character.owner = None
        character.save(update_fields=["owner"])  # a save, so the sheet's history records it
    member.delete()
    text = (f"{member.user} left the campaign." if actor.pk == member.pk
            else f"{actor.user} removed {member.user} from the campaign.")
    _log(campaign, actor.user, text + " Their characters stay with the campaign.")


@transaction.atomic
def start_session(gm: Membership, expected_number: int) -> GameSession:
    """Start the next session: every character's momentum resets ("Momentum": "You start with
    2 momentum at the beginning of each session"). ``expected_number`` guards a double submit."""
    campaign = _locked(gm.campaign)
    if campaign.current_session:
        raise Refused(f"{campaign.current_session} is still running: end it first.")
    number = (campaign.sessions.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    if number != expected_number:
        raise Refused(f"Session {number - 1} was just started by someone else.")
    session = GameSession.objects.create(campaign=campaign, number=number)
    momentum = session_start_momentum(campaign.rules)
    changes = []
    for character in campaign.characters.select_for_update().order_by("pk"):
        if character.momentum != momentum:
            changes.append(f"{character.name} {character.momentum}→{momentum}")
            character.momentum = momentum
            character.save(update_fields=["momentum"])  # recorded in the sheet's history
    _log(campaign, gm.user, f"Session {number} started. Momentum resets to {momentum}"
         + (f" ({', '.join(changes)})." if changes else "."))
    return session


@transaction.atomic
def end_session(gm: Membership, session: GameSession) -> None:
    campaign = _locked(gm.campaign)
    session.refresh_from_db()
    if not session.is_running:
        raise Refused(f"{session} has already ended.")
    session.ended_at = timezone.now()
    session.save(update_fields=["ended_at"])
    _log(campaign, gm.user, f"Session {session.number} ended. Players: update your characters' "
         "details (concept, appearance, ties) if the session changed them.")


@transaction.atomic
def award_milestone(gm: Membership, note: str, expected_count: int) -> Milestone:
    """Every character gains a talent ("Milestone"). ``expected_count`` guards a double submit."""
    campaign = _locked(gm.campaign)
    if campaign.milestones.count() != expected_count:
        raise Refused("A milestone was just awarded by someone else; check before awarding another.")
    milestone = Milestone.objects.create(campaign=campaign, session=campaign.current_session,
                                         note=note.strip(), awarded_by=gm.user)
    _log(campaign, gm.user, f"Milestone{': ' + milestone.note if milestone.note else ''}. "
         "Every character gains a talent.")
    return milestone


@transaction.atomic
def recover_stress(gm: Membership, character: Character, amount: int) -> Character:
    """The GM clears 1-4 stress when the fiction allows downtime ("Recovery")."""
    campaign = _locked(gm.campaign)
    if errors := recovery_errors(amount):
        raise Refused(errors[0])
    character = Character.objects.select_for_update().get(pk=character.pk, campaign=campaign)
    before = character.stress
    character.stress = recover(before, amount)
    character.save(update_fields=["stress"])
    _log(campaign, gm.user, f"{character.name} recovers: stress {before}→{character.stress}. "
         "Update the condition to match.")
    return character
