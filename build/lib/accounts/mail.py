import logging
import smtplib

from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts.tokens import email_verification_tokens

logger = logging.getLogger(__name__)


def send_verification(request, user) -> bool:
    """Mail a link that proves the user's address is theirs when they open it. False when the mail
    server did not take it: the account stays as it is, and the link can be asked for again."""
    link = request.build_absolute_uri(reverse("email_verify", args=[
        urlsafe_base64_encode(force_bytes(user.pk)), email_verification_tokens.make_token(user)]))
    context = {"user": user, "link": link, "site": request.get_host()}
    subject = "".join(render_to_string("accounts/email/verify_subject.txt", context, request).splitlines())
    try:
        send_mail(subject, render_to_string("accounts/email/verify.txt", context, request), None, [user.email])
    except (OSError, smtplib.SMTPException):
        logger.exception("The verification email to user %s was not sent", user.pk)
        return False
    return True
