"""A request asks for its campaign's webhooks once (hooks/outbox.py ``webhooks_of``): a tick that
moves a clock and logs a line would otherwise ask twice."""

from hooks.outbox import asked_in_this_request


def WebhooksAskedOnce(get_response):  # noqa: N802 (named as the middleware it is)
    def middleware(request):
        with asked_in_this_request():
            return get_response(request)
    return middleware
