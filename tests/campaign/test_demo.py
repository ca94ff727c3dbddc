from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from campaign.demo import DEMO_GM, DEMO_PASSWORD, DEMO_PLAYERS

pytestmark = pytest.mark.django_db


def test_the_demo_has_one_gm_and_three_players_who_can_log_in(client):
    call_command("load_demo", stdout=StringIO())
    assert len(DEMO_PLAYERS) == 3
    for username in (DEMO_GM, *DEMO_PLAYERS):
        assert client.login(username=username, password=DEMO_PASSWORD)


def test_loading_the_demo_twice_changes_nothing():
    call_command("load_demo", stdout=StringIO())
    before = list(get_user_model().objects.order_by("pk").values_list("pk", "username", "password"))
    call_command("load_demo", stdout=StringIO())
    after = list(get_user_model().objects.order_by("pk").values_list("pk", "username", "password"))
    assert before == after


def test_the_demo_command_prints_the_logins(capsys):
    call_command("load_demo")
    printed = capsys.readouterr().out
    assert f"{DEMO_GM} / {DEMO_PASSWORD}" in printed
    assert all(name in printed for name in DEMO_PLAYERS)
