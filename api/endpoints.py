"""The read-only API: each endpoint declared once (its address, what it answers, how it lists),
from which the URL patterns (api/urls.py) and the OpenAPI schema (api/schema.py) are made.

Every answer is read with a personal access token (api/tokens.py), never a session: a token's
person is the request's user, and the campaign's rows are loaded through the very helpers the
pages use (``membership_or_404``, ``.visible_to``), so an outsider and another campaign get 404
and a player reads exactly what their pages show."""

from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import wraps
from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import Account
from accounts.throttle import over_limit
from api import answers
from api.tokens import bearer
from campaign.access import membership_or_404
from clocks.models import Clock
from core.posted import whole_number
from core.systems import setups
from rolls.models import Roll

LIMIT, MOST = 50, 200
"""Rows a page holds unless ``limit`` asks for fewer or more, and the most it may ask."""


@dataclass(frozen=True)
class Problem:
    """Why there is no answer: 401 (no working token), 404 (nothing there for this person),
    405 (not a GET), 429 (too many requests: wait ``Retry-After`` seconds)."""

    status: int
    error: str


def problem(status: int, error: str, **headers) -> JsonResponse:
    response = JsonResponse(asdict(Problem(status, error)), status=status)
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    response["Cache-Control"] = "private, no-store"
    return response


def _language(request, user) -> str:
    chosen = Account.objects.filter(user=user).values_list("language", flat=True).first()
    return chosen or request.LANGUAGE_CODE


def read_only(view: Callable) -> Callable:
    """A GET with a working token, throttled per person: ``view(request, **kwargs)`` returns a
    record (api/answers.py), answered as JSON in the person's language."""

    @wraps(view)
    def answer(request, **kwargs):
        if request.method not in ("GET", "HEAD"):
            return problem(405, _("The API only reads: ask with GET."), Allow="GET, HEAD")
        token = bearer(request)
        if token is None:
            return problem(401, _("Show a working personal access token: Authorization: Bearer <token>."),
                           WWW_Authenticate='Bearer realm="api"')
        if over_limit(f"api:{token.user_id}", limit=settings.API_LIMIT, window=settings.API_WINDOW):
            return problem(429, _("Too many requests: ask again in %(seconds)s seconds.") % {"seconds": settings.API_WINDOW},
                           Retry_After=str(settings.API_WINDOW))
        request.user = token.user  # the pages' access helpers read the member from it
        with translation.override(_language(request, token.user)):
            try:
                record = view(request, **kwargs)
            except Http404:
                return problem(404, _("Nothing here for you."))
            response = JsonResponse(asdict(record))
        response["Cache-Control"] = "private, no-store"
        return response

    return answer


@dataclass(frozen=True)
class Page:
    """One page of a list, oldest first (the roll log and sessions: newest first); ``next`` is
    the address of the following page, null on the last."""

    results: list
    next: str | None


def listed(request, rows, build: Callable, newest_first: bool = False) -> Page:
    """A page of ``rows`` by ``?limit=`` and ``?cursor=`` (the id of the last row of the page
    before): a row added meanwhile neither repeats nor skips one."""
    limit = min(max(whole_number(request.GET.get("limit")) or LIMIT, 1), MOST)
    cursor = whole_number(request.GET.get("cursor"))
    rows = rows.order_by("-pk" if newest_first else "pk")
    if cursor is not None:
        rows = rows.filter(pk__lt=cursor) if newest_first else rows.filter(pk__gt=cursor)
    found = list(rows[:limit + 1])
    following = None
    if len(found) > limit:
        found = found[:limit]
        following = request.build_absolute_uri(request.path + "?" + urlencode({"limit": limit,
                                                                              "cursor": found[-1].pk}))
    return Page([build(row) for row in found], following)


def campaigns(request) -> Page:
    # With how each plays its dice system: the name a campaign's system goes by may read it.
    memberships = request.user.memberships.select_related("campaign", *(f"campaign__{name}" for name in setups()))
    return listed(request, memberships, answers.campaign_answer)


def characters(request, campaign_id) -> Page:
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    rows = campaign.characters.with_sheets(campaign).select_related("owner")

    def build(character):
        character.campaign = campaign  # already loaded, with its rules
        return answers.character_answer(membership, character)

    return listed(request, rows, build)


def clocks(request, campaign_id) -> Page:
    membership = membership_or_404(request, campaign_id)
    rows = (Clock.objects.visible_to(membership).filter(campaign=membership.campaign)
            .select_related("character", "force"))
    return listed(request, rows, lambda clock: answers.clock_answer(membership, clock))


def sessions(request, campaign_id) -> Page:
    membership = membership_or_404(request, campaign_id)
    return listed(request, membership.campaign.sessions.all(),
                  lambda session: answers.session_answer(membership, session), newest_first=True)


def rolls(request, campaign_id) -> Page:
    membership = membership_or_404(request, campaign_id)
    rows = (Roll.objects.visible_to(membership).filter(campaign=membership.campaign)
            .select_related("character", "rolled_by", "session"))
    return listed(request, rows, lambda roll: answers.roll_answer(membership, roll), newest_first=True)


@dataclass(frozen=True)
class Endpoint:
    name: str
    """Its URL name."""
    route: str
    """Under /api/v1/."""
    view: Callable
    answer: type
    """The record each of its ``results`` is."""
    summary: str
    newest_first: bool = False


C = "campaigns/<int:campaign_id>/"
ENDPOINTS = (
    Endpoint("api_campaigns", "campaigns/", campaigns, answers.CampaignAnswer,
             "The campaigns the token's person is a member of, archived ones too."),
    Endpoint("api_characters", C + "characters/", characters, answers.CharacterAnswer,
             "A campaign's characters, as their sheets show them to this member."),
    Endpoint("api_clocks", C + "clocks/", clocks, answers.ClockAnswer,
             "A campaign's clocks this member may know of, archived ones too."),
    Endpoint("api_sessions", C + "sessions/", sessions, answers.SessionAnswer,
             "A campaign's sessions, the latest first.", newest_first=True),
    Endpoint("api_rolls", C + "rolls/", rolls, answers.RollAnswer,
             "A campaign's roll log as this member reads it, the latest first.", newest_first=True),
)
