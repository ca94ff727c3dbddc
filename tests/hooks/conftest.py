"""A receiver on loopback standing in for Discord and for a tool behind a JSON webhook: it keeps
what it is posted and answers what a test scripts (429 with a retry-after, 500, 204...)."""

import json
import threading
from collections import defaultdict
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from hooks.models import Channel, Kind, Webhook


@dataclass
class Received:
    path: str
    headers: dict
    body: bytes

    @property
    def data(self) -> dict:
        return json.loads(self.body)


@dataclass
class Receiver:
    address: str
    posts: list[Received] = field(default_factory=list)
    script: dict[str, list[tuple[int, dict]]] = field(default_factory=lambda: defaultdict(list))
    """Per path, the answers still to give, in order (status, JSON body); then 204."""

    def answer(self, path: str, *answers: tuple[int, dict]) -> None:
        self.script[path].extend(answers)

    def at(self, path: str) -> list[Received]:
        """What reached ``path`` and was taken (answered 2xx), in order."""
        return [post for post in self.posts if post.path == path and post.headers.get("answered", "").startswith("2")]

    def url(self, path: str) -> str:
        return self.address + path


@pytest.fixture
def receiver():
    posts, script = [], defaultdict(list)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 - http.server's name
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            status, answer = script[self.path].pop(0) if script[self.path] else (204, None)
            posts.append(Received(self.path, {**self.headers, "answered": str(status)}, body))
            self.send_response(status)
            if status == 429:
                self.send_header("Retry-After", str(answer.get("retry_after", 0)))
            data = json.dumps(answer).encode() if answer is not None else b""
            if data:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield Receiver(f"http://127.0.0.1:{server.server_port}", posts, script)
    server.shutdown()
    server.server_close()


TOKENS = {Channel.TABLE: "/api/webhooks/111/TABLE-TOKEN-abcdefghijklmnop",
          Channel.GM: "/api/webhooks/222/GM-TOKEN-abcdefghijklmnop", Channel.JSON: "/json/JSON-TOKEN-abcdefghijklmnop"}


@pytest.fixture
def hooked(table, receiver):
    """The table's campaign connected to the receiver on every channel, every kind posted."""
    for channel, path in TOKENS.items():
        Webhook.objects.create(campaign=table.campaign, channel=channel, address=receiver.url(path),
                               secret="s3cret" if channel == Channel.JSON else "", kinds=list(Kind.values))
    return receiver
