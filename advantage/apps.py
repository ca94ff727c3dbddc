from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AdvantageConfig(AppConfig):
    """The "Advantage & Threat" dice system: its sheet, its checks, threats and jobs, its registration."""

    name = "advantage"
    verbose_name = gettext_lazy("Advantage & Threat")

    def ready(self):
        from advantage.models import (
            Check,
            Condition,
            Expertise,
            Flaw,
            Gear,
            GearFeature,
            Job,
            Sheet,
            Skill,
            Threat,
            Wound,
        )
        from advantage.site import SITE
        from campaign import live
        from characters.sheets import keep_sheets
        from core.systems import register
        from gamerules.systems import DiceSystem

        live.follow(Sheet, Skill, Flaw, Gear, Condition, Wound, campaign="character.campaign_id")
        live.follow(Expertise, campaign="skill.character.campaign_id")
        live.follow(GearFeature, campaign="gear.character.campaign_id")
        live.follow(Check, Threat, Job)
        keep_sheets(DiceSystem.ADVANTAGE, Sheet)
        register(SITE)
