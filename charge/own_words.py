"""The words Charge writes into texts people may then edit as their own (core/own_words.py): kept as
their English, said in each reader's language."""

from core.own_words import register
from gamerules.charge import RiskWording
from gamerules.consequences import ConsequenceKind
from gamerules.forces import TABLES, Part
from gamerules.scars import INCAPACITATED, NEW_SCAR
from gamerules.words import lowered, said

SPELL_CASTING = register(said("%(spell)s: the casting"))
"""A spell's time clock ("The Cost of Magic")."""
SPELL_DANGER = register(said("%(spell)s: danger"))
"""A spell's danger clock ("The Cost of Magic")."""
PARTY_DANGER = register(said("The party's danger"))
PARTY_PROGRESS = register(said("The party's progress"))
DETAIL_IMPROVING = register(said("%(detail)s: improving it"))
DETAIL_DAMAGE = register(said("%(detail)s: damage"))
REPAIR = register(said("Repair: %(attachment)s"))
RESIST = register(said("Resist: %(consequence)s"), consequence=[
    lowered(kind.label(wording)) for kind in ConsequenceKind for wording in RiskWording])
"""A determination roll's goal: "Resist: harm"."""
NEXT_MISSION = register(said("The next mission"))
LOOT = register(said("Loot"))
register(INCAPACITATED)
register(NEW_SCAR)

# The force generator's names (gamerules/forces.py): a suggested force keeps its name's English.
for entry in TABLES:
    if entry.part is Part.FORCE:
        register(entry.text)
