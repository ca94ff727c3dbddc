"""Writes that touch several models. Each runs in one transaction and first locks the campaign
row, so two people acting at once (or one double click) are applied one after the other. Open
screens learn of each write by themselves (campaign/live.py)."""

from django.db import transaction
from django.utils import timezone

from campaign.models import (
    Campaign,
    GameSession,
    Invitation,
    Membership,
    Milestone,
    Role,
    WorldForce,
)
from characters.models import Character
from core.refused import Refused
from gamerules.characters import session_start_momentum
from gamerules.readings import ESCALATION_LASTS_THE_SESSION


@transaction.atomic
def create_campaign(user, **fields) -> Campaign:
    """The creator is the GM; the player group starts as a force everyone can write."""
    campaign = Campaign.objects.create(**fields)
    Membership.objects.create(campaign=campaign, user=user, role=Role.GM)
    WorldForce.objects.create(campaign=campaign, name="The player group", is_player_group=True,
                              kind="organisation", revealed=True)
    campaign.log(user, f"{user} created the campaign.")
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
    campaign.log(user, f"{user} joined the campaign.")
    return campaign


def _other_gms(membership: Membership) -> bool:
    return Membership.objects.filter(campaign=membership.campaign_id, role=Role.GM).exclude(
        pk=membership.pk).exists()


@transaction.atomic
def set_role(gm: Membership, member: Membership, role: str) -> None:
    Campaign.objects.locked(pk=gm.campaign_id)
    member.refresh_from_db()
    if role not in Role.values:
        raise Refused("Choose GM or player.")
    if member.is_gm and role == Role.PLAYER and not _other_gms(member):
        raise Refused("A campaign needs a GM: make someone else GM first.")
    member.role = role
    member.save(update_fields=["role"])
    gm.campaign.log(gm.user, f"{member.user} is now {member.get_role_display()}.")


@transaction.atomic
def remove_member(actor: Membership, member: Membership) -> Membership:
    """A member leaves, or a GM removes a player. Their characters stay, owned by the campaign."""
    campaign = Campaign.objects.locked(pk=actor.campaign_id)
    if member.is_gm and not _other_gms(member):
        raise Refused("A campaign needs a GM: make someone else GM before leaving.")
    for character in Character.objects.select_for_update().filter(campaign=campaign, owner=member.user):
        character.owner = None
        character.save(update_fields=["owner"])  # a save, so the sheet's history records it
    member.delete()
    text = (f"{member.user} left the campaign." if actor.pk == member.pk
            else f"{actor.user} removed {member.user} from the campaign.")
    campaign.log(actor.user, text + " Their characters stay with the campaign.")
    return member


@transaction.atomic
def start_session(gm: Membership, expected_number: int) -> GameSession:
    """Start the next session: every character's momentum resets ("Momentum": "You start with
    2 momentum at the beginning of each session"). ``expected_number`` guards a double submit."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if campaign.current_session:
        raise Refused(f"{campaign.current_session} is still running: end it first.")
    number = campaign.next_session_number()
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
    campaign.log(gm.user, f"Session {number} started. Momentum resets to {momentum}"
         + (f" ({', '.join(changes)})." if changes else "."))
    return session


@transaction.atomic
def end_session(gm: Membership, session: GameSession) -> None:
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    session.refresh_from_db()
    if not session.is_running:
        raise Refused(f"{session} has already ended.")
    session.ended_at = timezone.now()
    session.save(update_fields=["ended_at"])
    escalated = campaign.characters.select_for_update().exclude(escalated_action="").order_by("pk")
    for character in escalated if ESCALATION_LASTS_THE_SESSION else ():
        character.escalated_action, character.escalated_risk = "", None  # it lasted the session
        character.save(update_fields=["escalated_action", "escalated_risk"])
    campaign.log(gm.user, f"Session {session.number} ended. Players: update your characters' "
         "details (concept, appearance, ties) if the session changed them.")


@transaction.atomic
def award_milestone(gm: Membership, note: str, expected_count: int) -> Milestone:
    """Every character gains a talent ("Milestone"). ``expected_count`` guards a double submit."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if campaign.milestones.count() != expected_count:
        raise Refused("A milestone was just awarded by someone else; check before awarding another.")
    milestone = Milestone.objects.create(campaign=campaign, session=campaign.current_session,
                                         note=note.strip(), awarded_by=gm.user)
    campaign.log(gm.user, f"Milestone{': ' + milestone.note if milestone.note else ''}. "
         "Every character gains a talent.")
    return milestone


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
        member.campaign.log(member.user, f"A force is revealed: {force.name}.", force=force)
