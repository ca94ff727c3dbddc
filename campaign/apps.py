from django.apps import AppConfig


class CampaignConfig(AppConfig):
    name = "campaign"
    verbose_name = "Campaigns"

    def ready(self):
        from campaign import own_words, signals  # noqa: F401 - registers the receivers and the site's own words
        from campaign.views.campaigns import waiting_on_page, waiting_reads
        from core.htmx import EVERYWHERE, Everywhere

        EVERYWHERE["waiting"] = Everywhere(waiting_on_page, waiting_reads)
