from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CharactersConfig(AppConfig):
    name = "characters"
    verbose_name = _("Characters")

    def ready(self):
        from campaign import live
        from characters.models import Asset, Character, Talent, Tie
        from characters.site import SITE
        from core.systems import register

        register(SITE)

        live.follow(Character)
        live.follow(Tie, Talent, Asset, campaign="character.campaign_id")
