"""A campaign's connections to Discord and to other tools, and the outbox of what is still to be
posted to them (docs/webhooks.md).

An address or a secret is kept as it was pasted or made, because posting needs it; it is never
rendered back (``masked``), never exported (campaign/transfer.py names what travels) and never
logged."""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Channel(models.TextChoices):
    TABLE = "table", _("Discord: the table's channel")
    GM = "gm", _("Discord: the GM's channel")
    JSON = "json", _("A signed JSON webhook")


class Kind(models.TextChoices):
    ROLLS = "rolls", _("Rolls: the dice, the outcome, the odds")
    CLOCKS = "clocks", _("Clocks ticked and filled")
    SESSIONS = "sessions", _("Sessions started and ended, with the recap")
    X_CARD = "x_card", _("The X-card (naming nobody)")
    LOG = "log", _("The rest of the campaign's log: consequences, forces, milestones")


class Webhook(models.Model):
    """Where a campaign's events are posted: one of each ``Channel`` at most."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="webhooks")
    channel = models.CharField(max_length=10, choices=Channel.choices)
    address = models.CharField(max_length=500, editable=False)
    secret = models.CharField(max_length=64, blank=True, editable=False)  # the JSON webhook's signing key
    kinds = models.JSONField(default=list)
    stopped = models.CharField(max_length=300, blank=True, editable=False,
                               help_text="Why posting stopped (the address is gone): the GM saves a new one.")
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["channel"]
        constraints = [models.UniqueConstraint(fields=["campaign", "channel"], name="one_webhook_a_channel")]

    def __str__(self):
        return f"{self.get_channel_display()}: {self.masked}"

    @property
    def masked(self) -> str:
        """The address as a page shows it: its host and the last four characters of its token."""
        from hooks.addresses import masked

        return masked(self.address)


class Delivery(models.Model):
    """One event to post to one webhook: written in the transaction of the change it tells of,
    posted by the worker (hooks/worker.py) in id order per webhook, once."""

    campaign = models.ForeignKey("campaign.Campaign", on_delete=models.CASCADE, related_name="+")
    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    payload = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)
    due_at = models.DateTimeField(default=timezone.now, help_text="Not posted before (a retry's backoff).")
    claimed_until = models.DateTimeField(null=True, blank=True, help_text="A worker is posting it until then.")
    attempts = models.PositiveSmallIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    failed_at = models.DateTimeField(null=True, blank=True)
    status = models.SmallIntegerField(null=True, blank=True, help_text="The receiver's last HTTP answer.")
    answer = models.CharField(max_length=300, blank=True, help_text="What the receiver said last, for the GM.")

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["webhook", "id"], name="delivery_waiting",
                                condition=models.Q(sent_at__isnull=True, failed_at__isnull=True))]

    def __str__(self):
        return f"{self.kind} #{self.pk}"
