from django import template

from accounts.models import verified_email

register = template.Library()


@register.simple_tag
def verified_email_of(user) -> str:
    """The user's verified email address, or "": one query, on the pages that ask."""
    return verified_email(user) if user.is_authenticated else ""
