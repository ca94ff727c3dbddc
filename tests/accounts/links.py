"""Reading the links the site emails."""

import re

from django.core import mail


def link_in(message) -> str:
    """The path of the one link in an email."""
    links = re.findall(r"https?://[^/\s]+(/\S*)", message.body)
    assert len(links) == 1, message.body
    return links[0]


def last_link() -> str:
    return link_in(mail.outbox[-1])
