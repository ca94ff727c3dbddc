import re
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from campaign.demo import DEMO_GM, DEMO_PASSWORD, DEMO_PLAYERS
from campaign.models import Campaign
from charge.demo import NAME as DEMO_CAMPAIGN
from gamerules.dials import Extra

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


def test_the_demo_plays_every_extra_and_shows_each_on_its_screens(client):
    """The demo is where a new GM sees the Extras at work: all but Solo and the starting talent
    (which change a whole table's play) are on, and Magic's spells are on the sheets."""
    call_command("load_demo", stdout=StringIO())
    campaign = Campaign.objects.get(name=DEMO_CAMPAIGN)
    assert campaign.charge.rules.extras == set(Extra) - {Extra.SOLO, Extra.STARTING_TALENT}
    client.login(username=DEMO_PLAYERS[1], password=DEMO_PASSWORD)
    oren = campaign.characters.get(name="Oren Thale")
    sheet = client.get(oren.get_absolute_url()).text
    assert "The hunter&#x27;s rite" in sheet and "Time: 2/6" in sheet and "once per day" in sheet
    table = client.get(reverse("table", args=[campaign.pk])).text
    assert "<strong>Seal of passage</strong> · normal\n          · Ilse Marr" in table


POSITION_WORDS = re.compile(r"\b(controlled|risky|desperate|position)\b", re.IGNORECASE)


def _words(page: str) -> str:
    """What a page says: its text, without its markup and scripts."""
    return " ".join(re.sub(r"<[^>]+>", " ", re.sub(r"<script.*?</script>", " ", page, flags=re.S)).split())


def test_the_demo_campaign_reads_risk_alone_on_every_screen(client):
    """The demo plays Charge 1.1's wording: its screens, its Extras' among them (the mission start,
    the party's dispositions), say risk low / moderate / high and never the classic position."""
    call_command("load_demo", stdout=StringIO())
    campaign = Campaign.objects.get(name=DEMO_CAMPAIGN)
    assert campaign.charge.risk_wording == "risk"
    client.login(username=DEMO_GM, password=DEMO_PASSWORD)
    pages = [reverse(name, args=[campaign.pk]) for name in ("campaign", "table", "console", "world", "party", "rolls")]
    pages += [character.get_absolute_url() for character in campaign.characters.all()]
    pages += [roll.get_absolute_url() for roll in (*campaign.rolls.all(), *campaign.pending_rolls.all())]
    said = {url: POSITION_WORDS.findall(_words(client.get(url).text)) for url in pages}
    assert {url: words for url, words in said.items() if words} == {}


def test_the_demo_has_a_traits_and_consequence_campaign_with_three_heroes(client):
    """A GM sees the second dice system at work: three sheets, a conflict in the log, and one
    waiting for the GM's successes on the table screen."""
    call_command("load_demo", stdout=StringIO())
    call_command("load_demo", stdout=StringIO())
    campaign = Campaign.objects.get(name="Capes over Harbour City")
    assert campaign.system == "traits" and campaign.characters.count() == 3
    assert campaign.rolls.get().kind == "conflict" and campaign.conflicts.count() == 1
    client.login(username=DEMO_PLAYERS[2], password=DEMO_PASSWORD)
    skip = campaign.characters.get(name="Skip")
    sheet = client.get(skip.get_absolute_url()).text
    assert "Sprung boots" in sheet and "Blur" in sheet and "Brother" not in sheet
    screen = client.get(reverse("table", args=[campaign.pk])).text
    assert "Do you catch the Syndicate&#x27;s runner?" in screen and "waits for the GM" in screen


def test_the_demo_has_an_ability_vs_difficulty_campaign_with_three_delvers(client):
    """The third dice system at work: skill sets and boosts on the sheets, an action roll helped
    by teamwork and a quick action roll in the log, and an action roll waiting for the director."""
    call_command("load_demo", stdout=StringIO())
    call_command("load_demo", stdout=StringIO())
    campaign = Campaign.objects.get(name="The Drowned Spires")
    assert campaign.system == "ability" and campaign.characters.count() == 3
    assert sorted(campaign.rolls.values_list("kind", flat=True)) == ["ability", "quick", "quick"]
    assert campaign.ability_actions.get().waits_for_gm
    client.login(username=DEMO_PLAYERS[0], password=DEMO_PASSWORD)
    maren = campaign.characters.get(name="Maren")
    sheet = client.get(maren.get_absolute_url()).text
    assert "Free soloing" in sheet and "Rope and pitons" in sheet and "three days" not in sheet
    screen = client.get(reverse("table", args=[campaign.pk])).text
    assert "Talk the guild lookout into looking away" in screen and "waits for the director" in screen


def test_the_demo_has_an_advantage_and_threat_campaign_with_three_operators(client):
    """The fourth dice system at work: a job under way, a drone on the table, a check in the log
    that marked the vault's clock, and a pool being built."""
    call_command("load_demo", stdout=StringIO())
    call_command("load_demo", stdout=StringIO())
    campaign = Campaign.objects.get(name="Neon Arcology")
    assert campaign.system == "advantage" and campaign.characters.count() == 3
    assert campaign.rolls.get().kind == "check" and campaign.checks.get().waits_for_gm
    assert campaign.jobs.get().ended_at is None and campaign.advantage_threats.get().name == "Security drone"
    client.login(username=DEMO_PLAYERS[1], password=DEMO_PASSWORD)
    rook = campaign.characters.get(name="Rook")
    sheet = client.get(rook.get_absolute_url()).text
    assert "Military ICE-breaker" in sheet and "Intrusion" in sheet and "guards&#x27; logs" not in sheet
    screen = client.get(reverse("table", args=[campaign.pk])).text
    assert "Talk the lobby guard into calling the lift" in screen and "Security drone" in screen
