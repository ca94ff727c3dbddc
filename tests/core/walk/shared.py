"""Steps of the shared pages: clocks, sessions, forces, members, safety, the campaign's settings."""

from campaign.models import (
    CalendarFeed,
    Campaign,
    GameSession,
    Invitation,
    Membership,
    SessionPlan,
    WorldForce,
)
from charge.models import Milestone
from clocks.models import Clock, ClockChange
from hooks.models import Webhook
from safety.models import Agreement, Boundary, XCard
from tests.core.test_keyed_writes import Write, campaign_only
from tests.core.walk.steps import membership, rows, seventh


def clock_form(n, **fields):
    return {"name": f"Alarm {n}", "kind": "danger", "size": 6, "visibility": "all", "who_may_tick": "gm",
            "scene": "", "side_a": "", "side_b": "", "notes": "", "character": "", "force": "", **fields}


def alarm(table):
    return Clock.objects.get_or_create(campaign=table.campaign, name="Harbour alarm",
                                       defaults={"kind": "danger", "size": 6})[0]


def alarm_args(table):
    return [alarm(table).pk]


def clocks(table):
    return rows(Clock, campaign=table.campaign)


def last_change(table):
    return [alarm(table).pk, ClockChange.objects.filter(clock=alarm(table)).latest("pk").pk]


CLOCKS = {
    "clock made": Write("clock_create", "gm", campaign_only, lambda t, n: clock_form(n), clocks),
    "clock edited": Write("clock_edit", "gm", alarm_args, lambda t, n: clock_form(n, name="Harbour alarm", size=8),
                          clocks),
    "clock ticked": Write("clock_tick", "gm", alarm_args, lambda t, n: {"amount": 2}, clocks),
    "clock tick undone": Write("clock_undo", "gm", last_change, lambda t, n: {}, clocks),
    "clock ticked again": Write("clock_tick", "gm", alarm_args, lambda t, n: {"amount": 1}, clocks),
    "clock reset": Write("clock_reset", "gm", alarm_args, lambda t, n: {}, clocks),
    "clock archived": Write("clock_archive", "gm", alarm_args, lambda t, n: {"archived": "1"}, clocks),
}


def sessions(table):
    return rows(GameSession, campaign=table.campaign)


def running(table):
    return [GameSession.objects.filter(campaign=table.campaign).latest("number").pk]


def planned(n, **fields):
    return {"starts": "2026-12-05T19:00", "minutes": 240, "time_zone": "Europe/Paris", "note": f"Snacks {n}", **fields}


def plans(table):
    return rows(SessionPlan, campaign=table.campaign)


def plan(table):
    return [SessionPlan.objects.filter(campaign=table.campaign).latest("pk").pk]


def feeds(table):
    return rows(CalendarFeed, membership__campaign=table.campaign)


SESSIONS = {
    "session ended": Write("session_end", "gm", lambda t: [t.session.pk], lambda t, n: {}, sessions),
    "session started": Write("session_start", "gm", campaign_only, lambda t, n: {"number": 2}, sessions),
    "session logged": Write("session_log", "player", running, lambda t, n: {"log": f"We crossed the marsh {n}."},
                            sessions),
    "session's notes": Write("session_notes", "gm", running, lambda t, n: {"gm_notes": f"The go-between lies {n}."},
                             sessions),
    "session summed up": Write("session_summary", "gm", running, lambda t, n: {"summary": f"Into the palace {n}."},
                               sessions),
    "session planned": Write("plan_create", "gm", campaign_only, lambda t, n: planned(n), plans),
    "planned session moved": Write("plan_edit", "gm", plan, lambda t, n: planned(n, starts="2026-12-06T18:30"), plans),
    "planned session cancelled": Write("plan_cancel", "gm", plan, lambda t, n: {}, plans),
    "calendar address made": Write("calendar_new", "player", campaign_only, lambda t, n: {}, feeds),
    "calendar address stopped": Write("calendar_stop", "player", campaign_only, lambda t, n: {}, feeds),
    "milestone awarded": Write("milestone_award", "gm", campaign_only,
                               lambda t, n: {"note": f"The rebels trust us {n}", "expected_count": 0},
                               lambda t: rows(Milestone, campaign=t.campaign)),
}


def force_form(n, **fields):
    return {"name": f"The Grey Ledger {n}", "kind": "organisation", "goal": "Own the city's debts.",
            "method_1": "Buy promissory notes.", "method_2": "Bribe both sides.", "method_3": "",
            "stance": "opposed", "gm_notes": "", "revealed": "", **fields}


def forces(table):
    return rows(WorldForce, campaign=table.campaign)


def the_campaign(table):
    """The campaign's own row, but for its version, which every write moves."""
    return [{k: v for k, v in row.items() if k != "live_version"} for row in rows(Campaign, pk=table.campaign.pk)]


FORCES = {
    "hidden force revealed": Write("force_reveal", "gm", lambda t: [t.hidden_force.pk], lambda t, n: {"revealed": "1"},
                                   forces),
    "force edited": Write("force_edit", "gm", lambda t: [t.revealed_force.pk],
                          lambda t, n: force_form(n, revealed="on"), forces),
    "force deleted": Write("force_delete", "gm", lambda t: [t.hidden_force.pk], lambda t, n: {}, forces),
    "campaign edited": Write("campaign_edit", "gm", campaign_only, lambda t, n: {
        "name": f"The Usurper's Throne {n}", "pitch": "A usurper sits on the throne.", "system": t.campaign.system,
        "ruleset": "charge", "risk_wording": "risk", "table_language": ""}, the_campaign),
    "campaign's notes": Write("gm_notes", "gm", campaign_only, lambda t, n: {"gm_notes": f"The king is dying {n}."},
                              the_campaign),
}


def members(table):
    return rows(Membership, campaign=table.campaign)


def invitation(table):
    return [Invitation.objects.filter(campaign=table.campaign).latest("pk").pk]


MEMBERS = {
    "invitation made": Write("invitation_create", "gm", campaign_only, lambda t, n: {"max_uses": 3, "days": 2},
                             lambda t: rows(Invitation, campaign=t.campaign)),
    "invitation revoked": Write("invitation_revoke", "gm", invitation, lambda t, n: {},
                                lambda t: rows(Invitation, campaign=t.campaign)),
    "a seventh made a GM": Write("member_role", "gm", lambda t: [membership(t, seventh).pk],
                                 lambda t, n: {"role": "gm"}, members),
    "the seventh removed": Write("member_remove", "gm", lambda t: [membership(t, seventh).pk], lambda t, n: {},
                                 members),
}


HAND_OVER = {
    "campaign handed over": Write("campaign_hand_over", "gm", campaign_only,
                                  lambda t, n: {"member": membership(t, "player").pk}, members),
    "campaign handed back": Write("campaign_hand_over", "player", campaign_only,
                                  lambda t, n: {"member": membership(t, "gm").pk}, members),
    "the seventh leaves": Write("leave", seventh, campaign_only, lambda t, n: {},
                                lambda t: seventh(t) and members(t)),
    "session ended first": SESSIONS["session ended"],
    "campaign archived": Write("campaign_archive", "gm", campaign_only, lambda t, n: {}, the_campaign),
    "campaign restored": Write("campaign_restore", "gm", campaign_only, lambda t, n: {}, the_campaign),
}


def boundaries(table):
    return rows(Boundary, campaign=table.campaign)


def a_line(table):
    return Boundary.objects.filter(campaign=table.campaign).latest("pk")


def x_cards(table):
    return rows(XCard, campaign=table.campaign)


SAFETY = {
    "line written": Write("boundary_add", "player", campaign_only, lambda t, n: {"kind": "line", "text": "Spiders"},
                          boundaries),
    "line crossed out": Write("boundary_remove", "player", campaign_only, lambda t, n: {"boundary": a_line(t).pk},
                              boundaries),
    "X-card tapped": Write("x_card", "other_player", campaign_only, lambda t, n: {}, x_cards),
    "X-card dismissed": Write("x_card_dismiss", "gm", campaign_only, lambda t, n: {}, x_cards),
    "session zero agreed": Write("session_zero", "gm", campaign_only, lambda t, n: {"item": "tone", "agreed": "1"},
                                 lambda t: rows(Agreement, campaign=t.campaign)),
}

def webhooks(table):
    return rows(Webhook, campaign=table.campaign)


CONNECTIONS = {
    "Discord connected": Write("connection_save", "gm", lambda t: ["table"], lambda t, n: {
        "address": f"https://discord.com/api/webhooks/{n}/token-{n}", "kinds": ["rolls", "clocks"]}, webhooks),
    "the GM's channel connected": Write("connection_save", "gm", lambda t: ["gm"], lambda t, n: {
        "address": f"https://discord.com/api/webhooks/{n}/gm-{n}", "kinds": ["rolls"]}, webhooks),
    "Discord disconnected": Write("connection_remove", "gm", lambda t: ["table"], lambda t, n: {}, webhooks),
}

STRETCHES = {
    "clocks": CLOCKS, "sessions": SESSIONS, "forces and the campaign": FORCES, "members": MEMBERS,
    "hand over, leave, archive": HAND_OVER, "safety": SAFETY,
    "connections": CONNECTIONS,
}
