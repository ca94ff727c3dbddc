"""The dice systems a campaign may play (``shared/rules/README.md``, "The rule documents"): Charge,
the primary one, and three more fiction-first systems, each its own rules module here."""

from enum import Enum

from gamerules.words import said


class DiceSystem(Enum):
    CHARGE = "charge"
    TRAITS = "traits"
    ABILITY = "ability"
    ADVANTAGE = "advantage"

    @property
    def label(self) -> str:
        return {"charge": said("Charge"), "traits": said("Traits & Consequence"),
                "ability": said("Ability vs Difficulty"), "advantage": said("Advantage & Threat")}[self.value]

    @property
    def document(self) -> str:
        """The rule document the system implements."""
        return {"charge": "charge-rpg-rulebook.md", "traits": "system-traits-and-consequence.md",
                "ability": "system-ability-vs-difficulty.md",
                "advantage": "system-advantage-and-threat.md"}[self.value]
