"""The links that prove an email address is someone's: signed like Django's password reset links,
over what verifying changes, so that a link works once and for EMAIL_VERIFICATION_TIMEOUT."""

from django.conf import settings
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.utils.crypto import constant_time_compare
from django.utils.http import base36_to_int

from accounts.models import verified_email


class EmailVerificationTokens(PasswordResetTokenGenerator):
    key_salt = "accounts.tokens.EmailVerificationTokens"

    def _make_hash_value(self, user, timestamp):
        # Verifying (or changing the address) changes this value: the link is spent.
        return f"{user.pk}{user.email}{verified_email(user)}{timestamp}"

    def check_token(self, user, token):
        """Django's check, against the verification link's own lifetime."""
        if not (user and token):
            return False
        try:
            timestamp = base36_to_int(token.split("-")[0])
        except ValueError:
            return False
        if self._num_seconds(self._now()) - timestamp > settings.EMAIL_VERIFICATION_TIMEOUT:
            return False
        return any(constant_time_compare(self._make_token_with_timestamp(user, timestamp, secret), token)
                   for secret in [self.secret, *self.secret_fallbacks])


email_verification_tokens = EmailVerificationTokens()
