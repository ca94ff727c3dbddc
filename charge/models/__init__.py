"""Charge's own rows: how a campaign plays it, what its sheet, its rolls on their way and its Extras keep."""

from charge.models.extras import Asset, AssetSource, Attachment, Goal
from charge.models.magic import Spell
from charge.models.making import ForceIdea, Making, WorldFact
from charge.models.milestones import Milestone, TalentDot, talent_dots_of
from charge.models.party import PartyDetail, bearing_on_a_roll, concept_dispositions
from charge.models.resources import Resource, ResourcePool
from charge.models.rolls import FlashbackCall, PendingRoll
from charge.models.setup import Setup
from charge.models.sheet import Playbook, Sheet, Talent, Tie, slot_kind
from charge.models.threats import Threat
from charge.models.world import HookDraw, WorldTable, mission_start_pending

__all__ = ["Asset", "AssetSource", "Attachment", "FlashbackCall", "ForceIdea", "Goal", "HookDraw", "Making", "Milestone", "PartyDetail", "PendingRoll", "Playbook",
           "Resource", "ResourcePool", "Setup", "Sheet", "Spell", "Talent", "TalentDot", "Threat", "Tie", "WorldFact", "WorldTable", "bearing_on_a_roll",
           "concept_dispositions", "mission_start_pending", "slot_kind", "talent_dots_of"]
