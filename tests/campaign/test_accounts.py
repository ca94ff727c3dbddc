import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_home_page_invites_a_visitor_to_sign_up_or_log_in(client):
    response = client.get("/")
    assert response.status_code == 200
    assert reverse("signup") in response.text
    assert reverse("login") in response.text


def test_the_home_page_greets_a_logged_in_user(client, user):
    client.force_login(user)
    response = client.get("/")
    assert "You are logged in as <strong>mira</strong>" in response.text


def test_signing_up_creates_the_account_and_logs_in(client):
    response = client.post(reverse("signup"), {
        "username": "newcomer", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    assert response.url == reverse("home")
    assert get_user_model().objects.filter(username="newcomer").exists()
    assert client.get("/").context["user"].username == "newcomer"


def test_signing_up_with_passwords_that_differ_saves_nothing_and_says_why(client):
    response = client.post(reverse("signup"), {
        "username": "newcomer", "password1": PASSWORD, "password2": PASSWORD + "x"})
    assert response.status_code == 200
    assert "didn’t match" in response.text or "didn't match" in response.text
    assert not get_user_model().objects.filter(username="newcomer").exists()
    assert 'value="newcomer"' in response.text  # what was typed is kept


def test_signing_up_with_a_common_password_is_refused(client):
    response = client.post(reverse("signup"), {
        "username": "newcomer", "password1": "password", "password2": "password"})
    assert "too common" in response.text
    assert not get_user_model().objects.filter(username="newcomer").exists()


def test_signing_up_follows_a_local_next_link(client):
    response = client.post(reverse("signup") + "?next=/accounts/password/", {
        "username": "newcomer", "password1": PASSWORD, "password2": PASSWORD,
        "next": "/accounts/password/"})
    assert response.url == "/accounts/password/"


def test_signing_up_ignores_a_next_link_to_another_site(client):
    response = client.post(reverse("signup"), {
        "username": "newcomer", "password1": PASSWORD, "password2": PASSWORD,
        "next": "https://evil.example/"})
    assert response.url == reverse("home")


def test_logging_in_and_out(client, user):
    response = client.post(reverse("login"), {"username": "mira", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/").context["user"].is_authenticated
    client.post(reverse("logout"))
    assert not client.get("/").context["user"].is_authenticated


def test_a_wrong_password_is_refused_with_a_message(client, user):
    response = client.post(reverse("login"), {"username": "mira", "password": "wrong"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.text


def test_changing_the_password_keeps_this_device_and_logs_out_the_others(client, user):
    other_device = client.__class__()
    other_device.force_login(user)
    client.force_login(user)
    response = client.post(reverse("password_change"), {
        "old_password": PASSWORD, "new_password1": "another-passphrase-7",
        "new_password2": "another-passphrase-7"})
    assert response.url == reverse("password_change_done")
    assert client.get("/").context["user"].is_authenticated
    assert not other_device.get("/").context["user"].is_authenticated


def test_the_password_page_needs_a_login(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_every_page_loads_htmx_and_bootstrap_from_this_site_and_sends_the_csrf_token(client):
    response = client.get("/")
    assert "/static/django_htmx/htmx-2.min.js" in response.text
    assert "/static/vendor/bootstrap/bootstrap.min.css" in response.text
    assert 'hx-headers=\'{"X-CSRFToken": "' in response.text
    assert "cdn" not in response.text.lower()
    assert '<html lang="en" data-bs-theme="dark">' in response.text


def test_no_page_carries_an_inline_script(client):
    text = client.get("/").text
    assert text.count("<script") == text.count("<script src=")
