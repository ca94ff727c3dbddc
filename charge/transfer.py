"""Charge's rows in a campaign's export (campaign/transfer.py), each where it always was in the
document: an import makes them in this order, after what each points into."""

from campaign.transfer import USER, Part
from charge.models import (
    Asset,
    Attachment,
    ForceIdea,
    Goal,
    HookDraw,
    Making,
    Milestone,
    PartyDetail,
    Playbook,
    Resource,
    ResourcePool,
    Sheet,
    Spell,
    Talent,
    TalentDot,
    Threat,
    Tie,
    WorldFact,
    WorldTable,
)

PARTS = (
    Part("resources", Resource, "campaign", after="forces"),
    Part("milestones", Milestone, "campaign", {"session_id": "sessions", "awarded_by_id": USER}, after="session_plans"),
    Part("playbooks", Playbook, "campaign"),
    Part("ties", Tie, "character__campaign", {"character_id": "characters", "linked_character_id": "characters",
                                              "linked_force_id": "forces"}, after="characters"),
    Part("talents", Talent, "character__campaign", {"character_id": "characters"}, added={"own": ""}),
    Part("party_details", PartyDetail, "campaign", {"clock_id": "clocks"}, after="clocks"),
    Part("spells", Spell, "character__campaign", {"character_id": "characters", "ritual_id": "clocks",
                                                  "danger_id": "clocks", "cast_session_id": "sessions"}),
    Part("world_tables", WorldTable, "campaign", visible=True, after="rolls"),
    Part("hook_draws", HookDraw, "campaign", {"drawn_by_id": USER, "mission_roll_id": "rolls"}, visible=True),
    Part("assets", Asset, "character__campaign", {"character_id": "characters", "spent_by_id": "rolls"}),
    # The talent dots a hack's other triggers gave (a failed desperate roll, a finished project).
    Part("talent_dots", TalentDot, "character__campaign", {"character_id": "characters", "roll_id": "rolls",
                                                           "clock_id": "clocks"}, new=True),
    Part("attachments", Attachment, "character__campaign", {"character_id": "characters", "repair_id": "clocks"}),
    Part("goals", Goal, "character__campaign", {"character_id": "characters"}),
    Part("resource_pools", ResourcePool, "resource__campaign", {"resource_id": "resources", "character_id": "characters"}),
    Part("threats", Threat, "campaign", {"character_id": "characters"}),
    Part("tie_history", Tie.history.model, "character__campaign",
         {"id": "ties", "character_id": "characters", "linked_character_id": "characters",
          "linked_force_id": "forces", "history_user_id": USER}, after="character_history"),
    Part("talent_history", Talent.history.model, "character__campaign",
         {"id": "talents", "character_id": "characters", "history_user_id": USER}, added={"own": ""}),
    # The sheet itself travels in its character's row (campaign/transfer.py), and so do its versions
    # made with one of the character's own; the others are here.
    Part("sheet_history", Sheet.history.model, "character__campaign",
         {"character_id": "characters", "playbook_id": "playbooks", "assisting_id": "characters",
          "recovered_in_id": "sessions", "history_user_id": USER}, new=True, added=Sheet.export_added),
    # "Making a Compelling Campaign": the walk's setting and steps, the world's facts, and the GM's
    # own entries in the force generator's tables (a player's export leaves those out).
    Part("making", Making, "campaign", after="forces", new=True),
    Part("world_facts", WorldFact, "campaign", {"asked_by_id": USER}, new=True),
    Part("force_ideas", ForceIdea, "campaign", visible=True, new=True),
)
