"""The dice systems a campaign may play (``shared/rules/README.md``, "The rule documents"): Charge,
the primary one, and three more fiction-first systems, each its own rules module here."""

from enum import Enum


class DiceSystem(Enum):
    CHARGE = "charge"
    TRAITS = "traits"
    ABILITY = "ability"
    ADVANTAGE = "advantage"

    @property
    def label(self) -> str:
        return {"charge": "Charge", "traits": "Traits & Consequence", "ability": "Ability vs Difficulty",
                "advantage": "Advantage & Threat"}[self.value]

    @property
    def document(self) -> str:
        """The rule document the system implements."""
        return {"charge": "charge-rpg-rulebook.md", "traits": "system-traits-and-consequence.md",
                "ability": "system-ability-vs-difficulty.md",
                "advantage": "system-advantage-and-threat.md"}[self.value]
