"""python manage.py deliver: the webhooks' worker (hooks/worker.py). ``make run`` starts one
beside the server; in production run one or more beside the web processes (docs/webhooks.md)."""

import signal

from django.core.management.base import BaseCommand

from hooks.worker import deliver_due, run


class Command(BaseCommand):
    help = "Post the campaigns' events waiting in the outbox to Discord and the JSON webhooks."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="Post what is due now, then stop.")
        parser.add_argument("--pause", type=float, default=1.0, help="Seconds between looks while nothing is due.")

    def handle(self, *args, once=False, pause=1.0, **options):
        if once:
            self.stdout.write(f"{deliver_due()} posted")
            return
        stopping = []
        for each in (signal.SIGTERM, signal.SIGINT):
            signal.signal(each, lambda *_: stopping.append(True))  # finish the post under way, then stop
        run(lambda: bool(stopping), pause)
