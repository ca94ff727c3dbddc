"""Writes that touch several models. Each runs in one transaction and first locks the campaign
row, so two people acting at once (or one double click) are applied one after the other. Open
screens learn of each write by themselves (campaign/live.py)."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign.models import (
    Campaign,
    GameSession,
    HookDraw,
    Invitation,
    Membership,
    Milestone,
    Notice,
    PartyDetail,
    Resource,
    ResourcePool,
    Role,
    WorldForce,
    WorldTable,
    concept_dispositions,
)
from characters.models import Character, Talent, Tie
from clocks.actions import create_clock, record_change
from clocks.models import Clock
from core.refused import Refused
from core.templatetags.words import action_phrase
from gamerules.characters import session_start_momentum
from gamerules.dials import Dials, Extra, ExtraDial
from gamerules.economy import MARKET_CLOCK_SEGMENTS
from gamerules.economy import tick_market as next_market
from gamerules.party import (
    DETAILED_RANGE,
    DETAILS_PER_CONCEPT,
    PARTY_CLOCK_SEGMENTS,
    Disposition,
    KeyConcept,
    downgraded,
    upgraded,
)
from gamerules.readings import ESCALATION_LASTS_THE_SESSION
from gamerules.resources import Spend, roll_gathered
from gamerules.words import kept, said
from gamerules.world import RANKS
from rolls import actions as roll_actions

ROLE_SAID = {Role.GM: said("GM"), Role.PLAYER: said("Player")}
"""A member's role inside a log line, said in each reader's language."""


@transaction.atomic
def create_campaign(user, **fields) -> Campaign:
    """The creator is the GM; the player group starts as a force everyone can write."""
    campaign = Campaign.objects.create(**fields)
    Membership.objects.create(campaign=campaign, user=user, role=Role.GM)
    WorldForce.objects.create(campaign=campaign, name=_("The player group"), is_player_group=True,
                              kind="organisation", revealed=True)
    campaign.log(user, said("%(user)s created the campaign.", user=user.username))
    return campaign


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
    deleted campaign keeps none, of its sheets (even those deleted before), ties, talents, clocks
    and forces."""
    for model in (Tie, Talent):
        model.history.filter(character_id__in=characters).delete()
    for model in (Character, Clock, WorldForce):
        model.history.filter(campaign_id=campaign_id).delete()


@transaction.atomic
def start_session(gm: Membership, expected_number: int) -> GameSession:
    """Start the next session: every character's momentum resets ("Momentum": "You start with
    2 momentum at the beginning of each session"). ``expected_number`` guards a double submit."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if campaign.current_session:
        raise Refused(_("%(session)s is still running: end it first.") % {"session": campaign.current_session})
    number = campaign.next_session_number()
    if number != expected_number:
        raise Refused(_("Session %(number)s was just started by someone else.") % {"number": number - 1})
    session = GameSession.objects.create(campaign=campaign, number=number)
    if not campaign.site.session_bookkeeping:  # momentum is Charge's
        campaign.log(gm.user, said("Session %(number)s started.", number=number))
        return session
    momentum = session_start_momentum(campaign.rules)
    changes = []
    for character in campaign.characters.select_for_update().order_by("pk"):
        if character.momentum != momentum:
            changes.append(f"{character.name} {character.momentum}→{momentum}")
            character.momentum = momentum
            character.save(update_fields=["momentum"])  # recorded in the sheet's history
    campaign.log(gm.user, said("Session %(number)s started. Momentum resets to %(momentum)s (%(changes)s).",
                               number=number, momentum=momentum, changes=", ".join(changes)) if changes
                 else said("Session %(number)s started. Momentum resets to %(momentum)s.", number=number, momentum=momentum))
    return session


@transaction.atomic
def end_session(gm: Membership, session: GameSession) -> None:
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    session.refresh_from_db()
    if not session.is_running:
        raise Refused(_("%(session)s has already ended.") % {"session": session})
    session.ended_at = timezone.now()
    session.save(update_fields=["ended_at"])
    escalated = campaign.characters.select_for_update().exclude(escalated_action="").order_by("pk")
    for character in escalated if ESCALATION_LASTS_THE_SESSION else ():
        character.escalated_action, character.escalated_risk = "", None  # it lasted the session
        character.save(update_fields=["escalated_action", "escalated_risk"])
    campaign.log(gm.user, said("Session %(number)s ended. Players: update your characters' "
                               "details (concept, appearance, ties) if the session changed them.", number=session.number))


@transaction.atomic
def award_milestone(gm: Membership, note: str, expected_count: int) -> Milestone:
    """Every character gains a talent ("Milestone"). ``expected_count`` guards a double submit."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if campaign.milestones.count() != expected_count:
        raise Refused(_("A milestone was just awarded by someone else; check before awarding another."))
    milestone = Milestone.objects.create(campaign=campaign, session=campaign.current_session,
                                         note=note.strip(), awarded_by=gm.user)
    campaign.log(gm.user, said("Milestone: %(note)s. Every character gains a talent.", note=milestone.note)
                 if milestone.note else said("Milestone. Every character gains a talent."))
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
        member.campaign.log(member.user, said("A force is revealed: %(force)s.", force=force.name), force=force)


PARTY_CLOCKS = ((gettext_lazy("The party's danger"), "danger"), (gettext_lazy("The party's progress"), "progress"))
"""The party sheet's two clocks ("Party Danger and Progress Clocks")."""


@transaction.atomic
def set_dials(gm: Membership, dials: Dials) -> Campaign:
    """Save the dials. The party's clocks come with the Party extra (unless "No Clocks") and are
    put away, kept, when it goes."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    campaign.dials = dials.to_data()
    campaign.save(update_fields=["dials"])
    wanted = dials.has(Extra.PARTY) and not dials.dialled(ExtraDial.PARTY_NO_CLOCKS)
    existing = {clock.kind: clock for clock in Clock.objects.select_for_update().filter(campaign=campaign, party=True)}
    for name, kind in PARTY_CLOCKS:
        clock = existing.get(kind)
        if clock is None and wanted:
            gm.campaign = campaign
            create_clock(gm, Clock(name=str(name), kind=kind, size=PARTY_CLOCK_SEGMENTS, party=True))
        elif clock is not None and clock.archived == wanted:
            clock.archived = not wanted
            clock.save(update_fields=["archived", "updated_at"])
    return campaign


def _party_detail(membership: Membership, detail_id) -> PartyDetail:
    detail = PartyDetail.objects.select_for_update().filter(campaign=membership.campaign_id, pk=detail_id).first()
    if detail is None:
        raise Refused(_("That detail is gone from the party sheet."))
    return detail


def _playing_party(membership: Membership) -> Dials:
    rules = membership.campaign.rules
    if not rules.has(Extra.PARTY):
        raise Refused(_("This campaign has no party sheet (the Party extra)."))
    return rules


@transaction.atomic
def write_party_detail(membership: Membership, concept: str, text: str, disposition: int = 0,
                       detail_id=None, key: bool = False) -> PartyDetail:
    """Write a key concept or a supporting detail ("Party Details"). A key concept is written for
    the disposition its details give it now, so the sheet can tell when it needs rewriting."""
    rules = _playing_party(membership)
    Campaign.objects.locked(pk=membership.campaign_id)
    text = text.strip()[:200]
    if concept not in {c.value for c in KeyConcept}:
        raise Refused(_("Choose Assets, Allies, Adversaries or Authority."))
    if not text:
        raise Refused(_("Write the detail: a specific person, place or thing, or the key concept's big picture."))
    details = list(PartyDetail.objects.filter(campaign=membership.campaign_id, concept=concept))
    detailed = rules.dialled(ExtraDial.PARTY_DETAILED_DISPOSITION)
    if key:
        disposition = concept_dispositions(details, detailed)[KeyConcept(concept)]
    elif disposition not in (DETAILED_RANGE if detailed else {-1, 0, 1}) or (
            disposition == 0 and rules.dialled(ExtraDial.PARTY_NO_NEUTRAL)):
        raise Refused(_("Choose a disposition this campaign plays: -4 to +4.") if detailed
                      else _("Choose a disposition this campaign plays: positive or negative.")
                      if rules.dialled(ExtraDial.PARTY_NO_NEUTRAL)
                      else _("Choose a disposition this campaign plays: positive, neutral or negative."))
    if not key and any(d.text.casefold() == text.casefold() and d.pk != detail_id for d in details if not d.key):
        raise Refused(_("%(detail)s is already on the party sheet.") % {"detail": text})
    if detail_id:
        detail = _party_detail(membership, detail_id)
        if detail.concept != concept or detail.key != key:
            raise Refused(_("That detail belongs elsewhere on the party sheet."))
    else:
        detail = next((d for d in details if d.key), None) if key else None
        if detail is None and not key and sum(not d.key for d in details) >= DETAILS_PER_CONCEPT:
            raise Refused(ngettext(
                "%(concept)s has %(count)s supporting detail, the most its score counts: change or remove one.",
                "%(concept)s has %(count)s supporting details, the most its score counts: change or remove one.",
                DETAILS_PER_CONCEPT) % {"concept": KeyConcept(concept).label, "count": DETAILS_PER_CONCEPT})
        detail = detail or PartyDetail(campaign=membership.campaign, concept=concept, key=key)
    detail.text, detail.disposition = text, int(disposition)
    detail.save()
    membership.campaign.log(membership.user, said("Party sheet, %(concept)s: %(detail)s.",
                                                  concept=KeyConcept(concept).label, detail=text))
    return detail


@transaction.atomic
def shift_party_detail(membership: Membership, detail_id, up: bool) -> PartyDetail | None:
    """Upgrade ("from negative to neutral to positive") or downgrade a supporting detail, as a
    filled clock or the story says; with "No Neutral Disposition" a detail that would turn neutral
    is cleared (None). Under "Detailed Disposition" a step is one point of -4..+4."""
    rules = _playing_party(membership)
    detail = _party_detail(membership, detail_id)
    if detail.key:
        raise Refused(_("A key concept follows its details: rewrite it instead."))
    if rules.dialled(ExtraDial.PARTY_DETAILED_DISPOSITION):
        moved = detail.disposition + (1 if up else -1)
        if moved not in DETAILED_RANGE:
            raise Refused(_("A detailed disposition stays between -4 and +4."))
    else:
        try:
            shifted = (upgraded if up else downgraded)(Disposition(detail.disposition),
                                                      rules.dialled(ExtraDial.PARTY_NO_NEUTRAL))
        except ValueError as error:
            raise Refused((_("%(detail)s is already as good as a detail gets.") if up
                           else _("%(detail)s is already as bad as a detail gets.")) % {"detail": detail.text}) from error
        if shifted is None:
            membership.campaign.log(membership.user, said("Party sheet: %(detail)s is cleared.", detail=detail.text))
            _put_away_clock(detail)
            detail.delete()
            return None
        moved = int(shifted)
    detail.disposition = moved
    if detail.clock_id and detail.clock.is_full and (detail.clock.kind == "progress") == up:
        _put_away_clock(detail)  # its clock did its work: a new one may start
    detail.save(update_fields=["disposition", "clock"])
    membership.campaign.log(membership.user, said("Party sheet: %(detail)s is upgraded.", detail=detail.text) if up
                            else said("Party sheet: %(detail)s is downgraded.", detail=detail.text))
    return detail


@transaction.atomic
def remove_party_detail(membership: Membership, detail_id) -> None:
    _playing_party(membership)
    detail = _party_detail(membership, detail_id)
    membership.campaign.log(membership.user, said("Party sheet: %(detail)s is removed.", detail=detail.text))
    _put_away_clock(detail)
    detail.delete()


def _put_away_clock(detail: PartyDetail) -> None:
    """A detail's own clock is archived, with its history, when it has moved the detail or the
    detail is gone."""
    if detail.clock_id:
        Clock.objects.filter(pk=detail.clock_id).update(archived=True, updated_at=timezone.now())
        detail.clock = None


@transaction.atomic
def track_party_detail(membership: Membership, detail_id, kind: str) -> Clock:
    """"More Clocks": the group tracks a supporting detail's improvement or damage "individually as
    clocks and follow[s] the same rules for danger and progress": a clock of the party clocks'
    size; full, it upgrades (progress) or downgrades (danger) the detail."""
    rules = _playing_party(membership)
    if not rules.dialled(ExtraDial.PARTY_MORE_CLOCKS):
        raise Refused(_("The party's progress and danger are its two clocks here (the dial “More Clocks” is off)."))
    if kind not in ("progress", "danger"):
        raise Refused(_("A detail's clock tracks progress or danger."))
    detail = _party_detail(membership, detail_id)
    if detail.key:
        raise Refused(_("A key concept follows its details: give a supporting detail its clock."))
    if detail.clock_id and not detail.clock.archived:
        raise Refused(_("%(detail)s already has its clock.") % {"detail": detail.text})
    name = (_("%(detail)s: improving it") if kind == "progress" else _("%(detail)s: damage")) % {"detail": detail.text[:100]}
    detail.clock = create_clock(membership, Clock(name=name, kind=kind, size=PARTY_CLOCK_SEGMENTS))
    detail.save(update_fields=["clock"])
    return detail.clock


@transaction.atomic
def clear_party_clock(gm: Membership, clock_id) -> None:
    """A full party clock clears once the party has made its change: "they are cleared and one of
    the supporting detail changes" (a project reading, in gamerules/readings.py)."""
    if not gm.is_gm:
        raise Refused(_("The GM clears the party's clocks."))
    clock = Clock.objects.select_for_update().filter(campaign=gm.campaign_id, pk=clock_id, party=True).first()
    if clock is None or not clock.is_full:
        raise Refused(_("Only a full party clock clears."))
    record_change(gm, clock, 0, said("The party made its change: the clock clears"))


@transaction.atomic
def tick_market(gm: Membership, seen: int | None = None) -> Campaign:
    """"The market clock automatically ticks forward once per scene and automatically resets after
    filling up" ("The Market Clock"): one tap of the GM's at each new scene. ``seen`` is the clock
    the GM ticked from: a double tap, or a second GM at once, ticks it once."""
    if not gm.is_gm:
        raise Refused(_("The GM ticks the market at each new scene."))
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if not campaign.rules.has(Extra.ECONOMY):
        raise Refused(_("This campaign has no market (the Economy extra)."))
    if seen is not None and seen != campaign.market_filled:
        raise Refused(_("The market already moved: it is at %(filled)s/%(size)s.") % {
            "filled": campaign.market_filled, "size": MARKET_CLOCK_SEGMENTS})
    campaign.market_filled = next_market(campaign.market_filled)
    campaign.save(update_fields=["market_filled"])
    state = campaign.market
    campaign.log(gm.user, said("A new scene: the market clock is at %(filled)s/%(size)s, %(state)s.",
                               filled=campaign.market_filled, size=MARKET_CLOCK_SEGMENTS, state=state.in_a_sentence))
    return campaign


@transaction.atomic
def new_day(gm: Membership, seen: int | None) -> Campaign:
    """The story moves on a day: spells cast once per day may be cast again ("Casting Limits").
    ``seen`` is the day the GM's screen showed: a double tap, or a second GM at once, moves it once."""
    if not gm.is_gm:
        raise Refused(_("The GM says when a new day dawns."))
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    if not campaign.rules.has(Extra.MAGIC):
        raise Refused(_("This campaign does not use magic (the Magic extra)."))
    if seen is not None and seen != campaign.day:
        raise Refused(_("The day already moved on: it is day %(day)s.") % {"day": campaign.day})
    campaign.day += 1
    campaign.save(update_fields=["day"])
    campaign.log(gm.user, said("A new day dawns: day %(day)s. Spells cast once per day may be cast again.",
                               day=campaign.day))
    return campaign


@transaction.atomic
def write_world_table(gm: Membership, place: int, title: str, prompts: list[str]) -> WorldTable:
    """The GM writes one of the three prompt tables ("World Extra Rule", "Designer Note")."""
    if not gm.is_gm:
        raise Refused(_("The GM writes the prompt tables."))
    if not gm.campaign.rules.has(Extra.WORLD):
        raise Refused(_("This campaign does not draw hook cards (the World extra)."))
    if place not in (WorldTable.THEME_1, WorldTable.THEME_2, WorldTable.MISSION):
        raise Refused(_("There are three tables: the two themes and the mission."))
    if len(prompts) != len(RANKS):
        raise Refused(ngettext("A table has %(count)s prompt, Ace to King.", "A table has %(count)s prompts, Ace to King.",
                               len(RANKS)) % {"count": len(RANKS)})
    table, _created = WorldTable.objects.select_for_update().get_or_create(campaign=gm.campaign, place=place)
    table.title = title.strip()[:80]
    table.prompts = [prompt.strip()[:300] for prompt in prompts]
    table.save()
    return table


@transaction.atomic
def reveal_draw(gm: Membership, draw_id) -> HookDraw:
    """The GM reveals the hooks (and the mission roll made from them) to the players."""
    if not gm.is_gm:
        raise Refused(_("The GM reveals the hooks."))
    draw = HookDraw.objects.select_for_update().filter(campaign=gm.campaign_id, pk=draw_id).first()
    if draw is None:
        raise Refused(_("That draw is gone."))
    if not draw.revealed:
        draw.revealed = True
        draw.save(update_fields=["revealed"])
        if draw.mission_roll_id:
            type(draw.mission_roll).objects.filter(pk=draw.mission_roll_id).update(hidden=False)
        hook = _("Hook")
        hooks = "; ".join(f"{title or hook}: {prompt or str(card)}" for card, title, prompt in draw.hooks)
        gm.campaign.log(gm.user, said("The GM revealed the hooks: %(hooks)s.", hooks=hooks))
    return draw


def _resource(membership: Membership, resource_id) -> Resource:
    if not membership.campaign.rules.has(Extra.RESOURCE_POOL):
        raise Refused(_("This campaign has no resource pools (the Resource Pool extra)."))
    resource = Resource.objects.select_for_update().filter(campaign=membership.campaign_id, pk=resource_id).first()
    if resource is None:
        raise Refused(_("That resource is gone."))
    return resource


def pool_of(resource: Resource, character_id=None) -> ResourcePool:
    """The party's pool of a shared resource, or a character's of a personal one, locked."""
    pool, _created = ResourcePool.objects.select_for_update().get_or_create(
        resource=resource, character_id=None if resource.shared else character_id)
    return pool


@transaction.atomic
def define_resource(gm: Membership, resource: Resource) -> Resource:
    """The GM builds a resource ("Resource Pool Rule"): its name, shared or personal, how it is
    gained, what spending it does."""
    if not gm.is_gm:
        raise Refused(_("The GM defines the resources."))
    if not gm.campaign.rules.has(Extra.RESOURCE_POOL):
        raise Refused(_("This campaign has no resource pools (the Resource Pool extra)."))
    if errors := resource.as_rule().errors():
        raise Refused(errors[0])
    if resource.spend == Spend.DESCRIBED.value and not resource.effect.strip():
        raise Refused(_("Say what spending one does, e.g. “ignore a consequence for one turn”."))
    resource.campaign = gm.campaign
    resource.save()
    return resource


@transaction.atomic
def change_pool(membership: Membership, resource_id, character_id, delta: int) -> ResourcePool:
    """By hand, one point at a time: the GM adds to any pool; a player spends from the party's
    pool and adds to or spends from their own character's."""
    resource = _resource(membership, resource_id)
    character = None
    if not resource.shared:
        character = membership.campaign.characters.filter(pk=character_id).first()
        if character is None or not character.editable_by(membership):
            raise Refused(_("Change the %(resource)s of your own character.") % {"resource": resource.name})
    elif delta > 0 and not membership.is_gm:
        raise Refused(_("The GM gives the party %(resource)s.") % {"resource": resource.name})
    pool = pool_of(resource, character_id)
    if pool.points + delta < 0:
        raise Refused(_("No %(resource)s left to spend.") % {"resource": resource.name})
    pool.points += delta
    pool.save(update_fields=["points"])
    values = {"resource": resource.name, "before": pool.points - delta, "after": pool.points}
    if delta < 0 and resource.effect:
        text = (said("%(character)s's %(resource)s %(before)s→%(after)s: %(effect)s.", character=character.name,
                     effect=resource.effect, **values) if character
                else said("The party's %(resource)s %(before)s→%(after)s: %(effect)s.", effect=resource.effect, **values))
    else:
        text = (said("%(character)s's %(resource)s %(before)s→%(after)s.", character=character.name, **values)
                if character else said("The party's %(resource)s %(before)s→%(after)s.", **values))
    membership.campaign.log(membership.user, text)
    return pool


@transaction.atomic
def recap_roll(gm: Membership, resource_id, action: str, rng=None,
               seen: int | None = None) -> list[tuple[str, tuple[int, ...], int]]:
    """"All players roll a relevant action before a planned scenario ... For each result of 4, 5,
    or 6, mark 1 Resource"; no dots: 1d6, marking on a 6. Returns (who, dice, marked) for each.
    ``seen``: the points the GM's page showed in all the resource's pools; a double tap rolls once."""
    if not gm.is_gm:
        raise Refused(_("The GM calls for the recap's roll."))
    resource = _resource(gm, resource_id)
    held = sum(ResourcePool.objects.filter(resource=resource).values_list("points", flat=True))
    if seen is not None and seen != held:
        raise Refused(_("The %(resource)s pools changed since this page showed them: look again before rolling.")
                      % {"resource": resource.name})
    if action not in gm.campaign.rules.action_names:
        raise Refused(_("Choose the action everyone rolls."))
    rolled = []
    for character in gm.campaign.characters.filter(created=True).order_by("name"):
        dice, marked = roll_gathered(character.rating(action), rng or roll_actions.SYSTEM_RANDOM)
        pool = pool_of(resource, character.pk)
        pool.points += marked
        pool.save(update_fields=["points"])
        rolled.append((character.name, dice, marked))
    if not rolled:
        raise Refused(_("No character is ready to roll yet."))
    rolls = "; ".join(f"{name} {' '.join(map(str, dice))} → {marked}" for name, dice, marked in rolled)
    gm.campaign.log(gm.user, said("Recap's roll for %(resource)s (%(action)s): %(rolls)s.",
                                  resource=resource.name, action=action_phrase(action), rolls=rolls))
    return rolled


@transaction.atomic
def expire_resources(gm: Membership) -> int:
    """"Expire any number of remaining Resources after the planned scenario is concluded": the
    pools of the resources that expire are emptied."""
    if not gm.is_gm:
        raise Refused(_("The GM says when the planned scenario is over."))
    pools = ResourcePool.objects.select_for_update().filter(resource__campaign=gm.campaign_id, resource__expires=True,
                                                            points__gt=0)
    emptied = pools.update(points=0)
    gm.campaign.log(gm.user, said("The planned scenario is over: the resources that expire are gone."))
    return emptied
