import pytest
from django.utils import timezone

from ability.models import Action
from advantage.models import Check
from advantage.models import Threat as AdvantageThreat
from campaign.models import CalendarFeed, Membership, SessionPlan
from charge.models import (
    FlashbackCall,
    ForceIdea,
    Goal,
    HookDraw,
    PartyDetail,
    Resource,
    Threat,
    WorldFact,
)
from clocks.models import Visibility
from tests.factories import (
    CharacterFactory,
    ClockChangeFactory,
    ClockFactory,
    InvitationFactory,
    PendingRollFactory,
    PlaybookFactory,
    RollFactory,
    TieFactory,
)
from traits.models import Conflict


@pytest.fixture
def world(table):
    """The table, with one of everything a URL can name, and a secret in every GM-only field."""
    c = table.campaign
    # Every page of the Extras the site plays, and of their dials, can be reached.
    c.charge.dials = {"extras": ["asset", "attachment", "goals", "threat_level", "party", "world", "economy",
                                 "resource_pool"],
                      "extra_dials": ["goals_roll_to_advance", "goals_roll_to_resolve"]}
    c.charge.save()
    ada = table.character
    ada.gm_notes = "SECRET-CHARACTER-NOTES"
    ada.created = True
    ada.save()
    CharacterFactory(campaign=c, owner=table.other_player, name="Bo")
    clock = ClockFactory(campaign=c, name="Buy back the boat", kind="project", size=6, filled=2,
                         who_may_tick="members", character=ada)
    change = ClockChangeFactory(clock=clock, by=table.gm, before=1, after=2, reason="A tick")
    ClockFactory(campaign=c, name="SECRET-GM-CLOCK", kind="danger", size=4,
                 visibility=Visibility.GM, notes="SECRET-GM-CLOCK-NOTES")
    known = ClockFactory(campaign=c, name="Turf War", kind="opposed", size=8, filled=5,
                         visibility=Visibility.KNOWN, notes="SECRET-KNOWN-NOTES")
    ClockChangeFactory(clock=known, before=4, after=5, reason="SECRET-KNOWN-REASON")
    roll = RollFactory(campaign=c, character=ada, kind="action", action="Sneak", pool_size=2,
                       dice=[4, 2], outcome="partial", risk=2, effect=2, consequence_rating=2,
                       idempotency_key="matrix")
    RollFactory(campaign=c, kind="fortune", goal="SECRET-HIDDEN-ROLL", hidden=True, pool_size=1,
                dice=[3], outcome="bad", idempotency_key="matrix-hidden")
    invitation = InvitationFactory(campaign=c, created_by=table.gm)
    kwargs = {
        "campaign_id": c.pk, "character_id": ada.pk, "clock_id": clock.pk, "change_id": change.pk,
        "force_id": table.revealed_force.pk, "session_id": table.session.pk,
        "member_id": Membership.objects.get(campaign=c, user=table.other_player).pk,
        "invitation_id": invitation.pk, "token": invitation.token, "roll_id": roll.pk,
        "uidb64": "MQ", "token_id": 1,  # user 1, for the email and password links (the token above is none of theirs)
        "playbook_id": PlaybookFactory(campaign=c, name="The Smuggler",
                                       action_dots={"Sneak": 2, "Move": 1}).pk,
        "tie_id": TieFactory(character=ada, text="An old friend").pk,
        "plan_id": SessionPlan.objects.create(campaign=c, starts_at=timezone.now()).pk,
        "feed_token": CalendarFeed.objects.create(membership=Membership.objects.get(campaign=c, user=table.player)).token,
        "slot": 1, "field": "concept", "channel": "table", "history_id": ada.history.first().history_id,
        "pending_id": PendingRollFactory(campaign=c, character=ada, goal="Slip past the guard").pk,
        "call_id": FlashbackCall.objects.create(campaign=c, character=ada, key="matrix-flashback",
                                                note="Bribed the guard last night").pk,
        "goal_id": Goal.objects.create(character=ada, name="Find my sister", filled=4, due=1).pk, "mode": "advance",
        "threat_id": Threat.objects.create(campaign=c, source="Poisonous mist", rating=2).pk,
        "detail_id": PartyDetail.objects.create(campaign=c, concept="allies", text="Maven, a bar owner").pk,
        "resource_id": Resource.objects.create(campaign=c, name="Grit").pk,
        "draw_id": HookDraw.objects.create(campaign=c, cards=["Queen♥", "2♣", "7♦"], titles=["", "", ""],
                                           prompts=["", "", ""]).pk, "place": 0,
        # Traits & Consequence: the tests switch the campaign to it for that system's URLs.
        "conflict_id": Conflict.objects.create(campaign=c, character=ada, key="matrix-conflict", stat="Muscle",
                                               stakes="Past the guard", solution="I punch him").pk,
        # Ability vs Difficulty, likewise.
        "action_id": Action.objects.create(campaign=c, character=ada, key="matrix-action", intent="Climb the tower").pk,
        # Advantage & Threat, likewise.
        "check_id": Check.objects.create(campaign=c, character=ada, key="matrix-check", intent="Slip past").pk,
        "foe_id": AdvantageThreat.objects.create(campaign=c, name="Security drone").pk,
        # Charge's walk through "Making a Compelling Campaign": a fact, and a secret entry of the GM's tables.
        "fact_id": WorldFact.objects.create(campaign=c, question="Who rules?", answer="A usurper.").pk,
        "idea_id": ForceIdea.objects.create(campaign=c, genre="general", part="goal", text="SECRET-FORCE-IDEA").pk,
    }
    return table, kwargs
