"""Which addresses a webhook may post to, how a page shows one, and the one way anything is posted.

Discord's webhooks live on Discord's own hosts, over https; a JSON webhook is any https address
whose host is on the public internet. Nothing is posted to this machine or its network (a GM's
address must not reach the database, Redis or a cloud's metadata service) unless
``HOOKS_ALLOW_LOOPBACK`` (DEBUG, tests) allows http://127.0.0.1. Redirects are not followed: a
public address could redirect inwards."""

import ipaddress
import json
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.refused import Refused

DISCORD_HOSTS = frozenset({"discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"})
TIMED_OUT, NO_CONNECTION = gettext_noop("timed out"), gettext_noop("could not connect")
"""Why nothing answered, kept in English and said in the GM's language on their page."""
TIMEOUT = 5
"""Seconds a post may take: a receiver that hangs holds one worker's turn, never a page."""


def _loopback(parts) -> bool:
    return settings.HOOKS_ALLOW_LOOPBACK and parts.scheme == "http" and parts.hostname in ("127.0.0.1", "localhost")


def checked(address: str, discord: bool) -> str:
    """The address, stripped, if a webhook may post to it; else Refused with why."""
    address = address.strip()
    try:
        parts = urlsplit(address)
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        raise Refused(_("That is not a web address.")) from None
    if len(address) > 500 or not parts.hostname:
        raise Refused(_("That is not a web address."))
    if _loopback(parts):
        return address
    if parts.scheme != "https" or parts.username or parts.password:
        raise Refused(_("The address must start with https://."))
    if discord:
        path = parts.path.split("/")
        if parts.hostname not in DISCORD_HOSTS or len(path) < 5 or path[1:3] != ["api", "webhooks"]:
            raise Refused(_("That is not a Discord webhook address: in Discord, open the channel's settings, "
                            "Integrations, Webhooks, and copy the webhook's URL."))
        return address
    _public(parts.hostname)
    return address


def _public(host: str) -> None:
    """Refused unless every address the host names is on the public internet."""
    try:
        found = {info[4][0] for info in socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP)}
    except (OSError, UnicodeError):
        raise Refused(_("That address's host could not be found.")) from None
    for each in found:
        if not ipaddress.ip_address(each.split("%")[0]).is_global:
            raise Refused(_("That address is on a private network: only public addresses may be used."))


def masked(address: str) -> str:
    """What a page shows of a kept address: never its token."""
    parts = urlsplit(address)
    return f"{parts.scheme}://{parts.hostname}/…{address[-4:]}" if len(address) > 24 else f"{parts.scheme}://…"


@dataclass(frozen=True)
class Answer:
    status: int
    """The HTTP status; 0 when nothing answered."""
    retry_after: float | None = None
    said: str = ""
    """What the receiver said of a refusal (Discord's ``message``), short."""

    @property
    def delivered(self) -> bool:
        return 200 <= self.status < 300


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # the 3xx is answered as it is: not delivered


_opener = urllib.request.build_opener(_NoRedirects)


def post(address: str, body: bytes, headers: dict[str, str] | None = None, discord: bool = True) -> Answer:
    """Post JSON once. Never raises for what the network or the receiver does: the answer says it.
    Errors are never logged with their address (the address is the webhook's password)."""
    try:
        checked(address, discord)  # again at each post: a host's addresses may have moved inwards
    except Refused as refusal:
        return Answer(0, said=str(refusal))
    request = urllib.request.Request(address, data=body, method="POST", headers={
        "Content-Type": "application/json", "User-Agent": "Charge-campaigns-webhooks/1", **(headers or {})})
    try:
        with _opener.open(request, timeout=TIMEOUT) as response:
            return Answer(response.status)
    except urllib.error.HTTPError as error:
        return _refusal(error)
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        return Answer(0, said=TIMED_OUT if isinstance(reason, TimeoutError | socket.timeout) else NO_CONNECTION)


def _refusal(error: urllib.error.HTTPError) -> Answer:
    try:
        text = error.read(2000)
    except OSError:
        text = b""
    said, retry_after = "", None
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict):
        said = str(data.get("message", ""))[:120]
        if isinstance(data.get("retry_after"), int | float):
            retry_after = float(data["retry_after"])
    if retry_after is None and error.headers.get("Retry-After"):
        try:
            retry_after = float(error.headers["Retry-After"])
        except ValueError:
            retry_after = None
    return Answer(error.code, retry_after, said)
