from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from accounts.languages import remember
from accounts.models import Account


@receiver(user_logged_in)
def language_on_login(sender, request, user, **kwargs):
    """The language saved on the account follows the person to each device they log in on."""
    if request is None or not hasattr(request, "session"):
        return
    language = Account.objects.filter(user=user).values_list("language", flat=True).first()
    if language:
        remember(request, language)
