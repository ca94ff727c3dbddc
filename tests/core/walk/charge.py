"""Steps of Charge's own pages: its Extras (the party, resources, the world), playbooks, the dials,
rolls on their way, the rolls and what follows them, the sheet."""

from campaign.models import WorldForce
from characters.models import Character
from charge.models import (
    ForceIdea,
    HookDraw,
    Making,
    Milestone,
    PartyDetail,
    PendingRoll,
    Playbook,
    Resource,
    ResourcePool,
    Setup,
    Sheet,
    Tie,
    WorldFact,
    WorldTable,
)
from clocks.models import Clock
from rolls.models import Roll
from tests.core.test_keyed_writes import Write, campaign_only, conditions_on, godly, poisoned, sheet
from tests.core.walk.shared import clocks
from tests.core.walk.steps import rows
from tests.helpers import SPREAD, set_dials, update_character


def details(table):
    return rows(PartyDetail, campaign=table.campaign)


def supporting(table):
    return PartyDetail.objects.get_or_create(campaign=table.campaign, concept="allies", key=False,
                                             defaults={"text": "The dockers", "disposition": 1})[0]


def full_party_clock(table):
    """A party clock filled by play (what fills it is walked with the rolls)."""
    clock = Clock.objects.get_or_create(campaign=table.campaign, party=True, name="The party's danger",
                                        defaults={"kind": "danger", "size": 8})[0]
    Clock.objects.filter(pk=clock.pk).update(filled=clock.size)
    return [clock.pk]


def more_clocks(table, n):
    set_dials(table.campaign, extra_dials=["party_more_clocks"])
    return {"kind": "progress"}


def resources(table):
    return rows(ResourcePool, resource__campaign=table.campaign) + rows(Resource, campaign=table.campaign)


def funds(table):
    return [Resource.objects.get(campaign=table.campaign, name="Expedition Funds").pk]


def recap(table, n):
    table.dice(6, 5, 4, 3, 2, 1, 6, 5)
    return {"action": "Sneak"}


def world(table):
    return rows(WorldTable, campaign=table.campaign) + rows(HookDraw, campaign=table.campaign)


def the_draw(table, n=None):
    return [HookDraw.objects.filter(campaign=table.campaign).latest("pk").pk]


def mission(table, n):
    table.dice(6, 6, 6)
    return {}


EXTRAS = {
    "detail tracked": Write("party_detail_track", "player", lambda t: [supporting(t).pk], more_clocks,
                            lambda t: details(t) + clocks(t)),
    "detail removed": Write("party_detail_remove", "other_player", lambda t: [supporting(t).pk], lambda t, n: {},
                            details),
    "party clock cleared": Write("party_clock_clear", "gm", full_party_clock, lambda t, n: {}, clocks),
    "resource defined": Write("resource_define", "gm", campaign_only, lambda t, n: {
        "name": "Expedition Funds", "shared": "on", "gain": "recap_roll", "spend": "die", "cap": 3, "expires": "on"},
        resources),
    "resource's recap rolled": Write("resource_recap", "gm", funds, recap, resources),
    "resources expired": Write("resource_expire", "gm", campaign_only, lambda t, n: {}, resources),
    "world table written": Write("world_table", "gm", lambda t: [2], lambda t, n: {
        "title": "The mission", **{f"prompt-{row}": f"Rob the vault {row}" for row in range(13)}}, world),
    "hook cards drawn": Write("world_draw", "gm", campaign_only,
                              lambda t, n: {"seen": HookDraw.objects.filter(campaign=t.campaign).count()}, world),
    "mission rolled": Write("world_mission", "gm", the_draw, mission,
                            lambda t: world(t) + rows(Roll, campaign=t.campaign)),
    # After the roll, hidden till then: revealed, it shows to the players.
    "draw revealed": Write("world_reveal", "gm", the_draw, lambda t, n: {},
                           lambda t: world(t) + rows(Roll, campaign=t.campaign)),
}


def playbooks(table):
    return rows(Playbook, campaign=table.campaign)


def dials_form(n):
    return {"physique_actions": "Muscle\nFinesse\nMove\nSneak", "insight_actions": "Shoot\nTinker\nStudy\nNotice",
            "resolve_actions": "Bond\nCommand\nFocus\nSway", "starting_dots": 7, "creation_cap": 2,
            "max_rating": 4, "starting_momentum": 2 + n % 2, "stress_clock_size": 4, "flashback_most": 2,
            "momentum_partial": 1, "momentum_full": 2, "momentum_critical": 3, "clock_sizes": [4, 6, 8],
            "extras": ["attachment", "goals", "magic", "asset", "party", "resource_pool", "economy", "world"],
            "talent_triggers": ["milestone"]}


def ada(table):
    return rows(Character, pk=table.character.pk) + rows(Sheet, pk=table.character.pk)


def pending(table):
    return [PendingRoll.objects.filter(character=table.character).latest("pk").pk]


def on_its_way(table):
    return rows(PendingRoll, character__campaign=table.campaign)


CAMPAIGN = {
    "playbook made": Write("playbook_create", "gm", campaign_only, lambda t, n: {
        "name": "The Smuggler", "ties": "Owes a harbour official", "dots": "Sneak 2, Finesse 1",
        "talent_lines": "2: Sneak through the marsh at night"}, playbooks),
    "playbook edited": Write("playbook_edit", "gm", lambda t: [Playbook.objects.get(campaign=t.campaign).pk],
                             lambda t, n: {"name": "The Smuggler", "ties": "", "dots": "Sneak 2, Move 1",
                                           "talent_lines": ""}, playbooks),
    "dials turned": Write("dials", "gm", campaign_only, lambda t, n: dials_form(n),
                          lambda t: rows(Setup, campaign=t.campaign.pk)[0]["dials"]),
    "recovery": Write("recovery", "gm", sheet, lambda t, n: {"amount": 2}, ada),
    "roll called for": Write("call_for_roll", "gm", campaign_only, lambda t, n: {
        "character": t.character.pk, "action": "Sneak", "goal": "Get in"}, on_its_way),
    "roll's risk set": Write("roll_set", "gm", pending, lambda t, n: {"risk": 3, "effect": 3, "threats": []},
                             on_its_way),
    "roll withdrawn": Write("roll_withdraw", "player", pending, lambda t, n: {}, on_its_way),
}

def making(table):
    return (rows(Making, campaign=table.campaign.pk) + rows(WorldFact, campaign=table.campaign)
            + rows(ForceIdea, campaign=table.campaign) + rows(WorldForce, campaign=table.campaign))


def the_fact(table):
    return [WorldFact.objects.filter(campaign=table.campaign).latest("pk").pk]


def the_idea(table):
    return [ForceIdea.objects.filter(campaign=table.campaign).latest("pk").pk]


def group_form(table, n):
    """The group as a force, and its stance toward each world force."""
    return {"group-name": "The Ninth Moon's Children", "group-goal": f"Free magic {n}",
            "group-method_1": "Smuggle the born out.", "group-method_2": "Expose the Wardens.",
            **{f"stance_{pk}": "opposed" for pk in table.campaign.forces.filter(is_player_group=False)
               .values_list("pk", flat=True)}}


MAKING = {
    "setting written": Write("making_setting", "gm", campaign_only, lambda t, n: {
        "setting": "A fantasy kingdom", "excites": "Court intrigue"}, making),
    "fact written": Write("making_facts", "gm", campaign_only, lambda t, n: {
        "question": "Who can do magic?", "answer": "The born"}, making),
    "walked with the players": Write("making_together", "gm", campaign_only, lambda t, n: {"together": "1"}, making),
    "a player's question": Write("making_ask", "player", campaign_only, lambda t, n: {
        "question": "Is there a sea beyond the wall?"}, making),
    "fact edited": Write("making_fact", "gm", the_fact, lambda t, n: {
        "question": "Who can do magic?", "answer": "Those born under the ninth moon"}, making),
    "world force added": Write("making_forces", "gm", campaign_only, lambda t, n: {
        "name": "The Grey Wardens", "kind": "organisation", "goal": "Keep magic sealed.", "method_1": "Hunt the born.",
        "method_2": "Burn the books.", "stance": "neutral", "revealed": "on"}, making),
    "step done": Write("making_done", "gm", campaign_only, lambda t, n: {"step": "forces"}, making),
    "group defined": Write("making_group", "gm", campaign_only, group_form, making),
    "table entry added": Write("force_ideas", "gm", campaign_only, lambda t, n: {
        "genre": "fantasy", "part": "goal", "text": "Crown a child"}, making),
    "table entry removed": Write("force_idea_remove", "gm", the_idea, lambda t, n: {}, making),
    "fact removed": Write("making_fact", "gm", the_fact, lambda t, n: {"remove": "1"}, making),
}

STRETCHES = {"Charge extras": EXTRAS, "Charge campaign": CAMPAIGN, "Charge making": MAKING}


def cy(table):
    """The player's second character, made in the walk."""
    return Character.objects.get(campaign=table.campaign, name="Cy")


def cy_sheet(table):
    return [cy(table).pk]


def characters(table):
    return rows(Character, campaign=table.campaign) + rows(Sheet, character__campaign=table.campaign)


def full_dots(table):
    """Cy's seven dots, the last given on the page before."""
    update_character(cy(table).pk, action_dots={**SPREAD, "Sneak": 2})
    return cy_sheet(table)


def escalated(table, n):
    """Ada's Sneak escalated, as a consequence leaves it (walked with the rolls), for the GM to set back."""
    update_character(table.character.pk, escalated_action="Sneak", escalated_risk=3)
    return {"delta": 1}


def scars_on(table):
    set_dials(table.campaign, extras=[*table.campaign.charge.dials["extras"], "scars"])
    update_character(table.character.pk, scars="Stabbed through the right shoulder", stress=3,
                                                           momentum=2)
    return [table.character.pk]


def with_stress(table):
    update_character(table.character.pk, stress=3)
    return conditions_on(table)


def earlier(table):
    return [table.character.pk, table.character.history.order_by("history_id")[1].history_id]


SHEET = {
    "character made": Write("character_create", "player", campaign_only, lambda t, n: {"name": "Cy"}, characters),
    "dots given": Write("character_dots", "player", cy_sheet, lambda t, n: {"action": "Sneak", "dots": 2}, characters),
    "character finished": Write("character_finish", "player", full_dots, lambda t, n: {}, characters),
    "condition written": Write("character_text", "player", lambda t: [t.character.pk, "condition"],
                               lambda t, n: {"value": f"Bruised {n}", "seen": ""}, ada),
    "tie added": Write("character_tie", "player", sheet, lambda t, n: {"text": "An old friend", "link": ""},
                       lambda t: rows(Tie, character__campaign=t.campaign)),
    "details written": Write("character_details", "player", godly, lambda t, n: {"detail-God": f"The Drowned One {n}"},
                             ada),
    "tie cut": Write("character_tie_delete", "player", lambda t: [t.character.pk, t.character.ties.latest("pk").pk],
                     lambda t, n: {}, lambda t: rows(Tie, character__campaign=t.campaign)),
    "milestone awarded": Write("milestone_award", "gm", campaign_only, lambda t, n: {
        "note": "The rebels trust us", "expected_count": 0}, lambda t: rows(Milestone, campaign=t.campaign)),
    "talent taken": Write("character_talent", "player", lambda t: [t.character.pk, 1],
                          lambda t, n: {"kind": "dot", "action": "Sneak"},
                          lambda t: rows(t.character.talents.model, character=t.character)),
    "Bo offers to assist": Write("character_assist", "other_player", lambda t: [Character.objects.get(
        campaign=t.campaign, name="Bo").pk], lambda t, n: {"roller": t.character.pk}, characters),
    "momentum": Write("character_momentum", "player", sheet, escalated, ada),
    "escalation cleared": Write("character_escalation", "gm", sheet, lambda t, n: {}, ada),
    "stress": Write("character_stress", "player", sheet, lambda t, n: {"delta": 1}, ada),
    "money": Write("character_money", "player", sheet, lambda t, n: {"delta": 1}, ada),
    "back in": Write("character_back", "player", sheet, lambda t, n: {}, ada),
    "hardened": Write("character_hardened", "player", scars_on, lambda t, n: {}, ada),
    "bowed out": Write("character_bow_out", "player", sheet, lambda t, n: {}, ada),
    "recovered with an opportunity": Write("character_opportunity", "gm", with_stress,
                                           lambda t, n: {"opportunity": "A doctor"}, ada),
    "deterioration marked": Write("character_deterioration", "gm", conditions_on,
                                  lambda t, n: {"deterioration": "A wound", "step": "mark"}, ada),
    "deterioration worsens": Write("character_deterioration", "gm", poisoned,
                                   lambda t, n: {"deterioration": "Poison", "step": "worsen"}, ada),
    "deterioration cared for": Write("character_deterioration", "gm", poisoned,
                                     lambda t, n: {"deterioration": "Poison", "step": "cared"}, ada),
    "sheet restored": Write("character_restore", "gm", earlier, lambda t, n: {}, ada),
}
STRETCHES["Charge sheet"] = SHEET
