"""The World Extra through the views: the GM's prompt tables, 3 hook cards from a shuffled deck
(kept GM-only until revealed), the mission roll and its odds by red cards, and the risk it presets
for the mission's first roll ("World Extra Rule")."""

import random
import re
from fractions import Fraction
from itertools import product

import pytest
from django.urls import reverse

from campaign.transfer import export_campaign, import_campaign
from charge.actions.bookkeeping import set_dials
from charge.models import HookDraw, Setup, WorldTable
from gamerules.dials import Dials, Extra
from gamerules.world import Card
from rolls import actions as roll_actions
from rolls.models import Roll
from tests.factories import UserFactory
from tests.helpers import HTMX, fresh, on_its_way, update_character


class StackedDeck(random.Random):
    """A deck that deals the cards a test names, and dice that show the faces it wrote down."""

    def __init__(self, cards=(), faces=()):
        super().__init__(0)
        self.cards, self.faces = [Card.parse(card) for card in cards], list(faces)

    def sample(self, population, k, **kwargs):
        assert len(population) == 52 and len(set(population)) == 52  # a full, fresh deck
        return self.cards[:k]

    def randint(self, a, b):
        return self.faces.pop(0)


@pytest.fixture
def deal(monkeypatch):
    def stack(*cards, faces=()):
        monkeypatch.setattr(roll_actions, "SYSTEM_RANDOM", StackedDeck(cards, faces))
    return stack


def world(crew):
    set_dials(crew.campaign.memberships.get(user=crew.gm), Dials(extras=frozenset({Extra.WORLD})))
    crew.campaign.refresh_from_db()
    return crew


THEMES = {0: ("The AI", "The AI of the ship just discovered sarcasm."),
          1: ("The Ship", "There are no more food-tubes in the kitchen."),
          2: ("The Next Score", "A bounty was just put on a group of crazy pirates near the asteroid belt.")}


def write_tables(crew):
    for place, (title, prompt) in THEMES.items():
        crew.client("gm").post(reverse("world_table", args=[crew.campaign.pk, place]),
                               {"title": title, **{f"prompt-{row}": f"{title} {row}" for row in range(13)},
                                "prompt-11": prompt})


def draw(crew, who="gm"):
    return crew.client(who).post(reverse("world_draw", args=[crew.campaign.pk]), **HTMX)


def test_a_blank_table_offers_the_13_rows_ace_to_king(crew):
    page = world(crew).client("gm").get(reverse("world", args=[crew.campaign.pk])).text
    for rank in ("Ace", "2", "10", "Jack", "Queen", "King"):
        assert f'>{rank}</label>' in page
    assert page.count('name="prompt-12"') == 3 and 'placeholder="The Ship"' in page


def test_the_text_example_three_queens_draw_their_prompts_for_the_gm_only(crew, deal):
    """The section's example: the AI (red), the Ship (black), the Next Score (red)."""
    world(crew)
    write_tables(crew)
    deal("Queen♥", "Queen♣", "Queen♦")
    page = draw(crew).text
    made = HookDraw.objects.get()
    assert made.cards == ["Queen♥", "Queen♣", "Queen♦"] and made.red_cards == 2 and not made.revealed
    assert made.prompts == [prompt for _, prompt in THEMES.values()]
    assert "The AI of the ship just discovered sarcasm." in page and "Reveal to the players" in page
    c = crew.campaign.pk
    for who in ("player", "other_player"):
        for url in (reverse("world", args=[c]), reverse("table", args=[c]), reverse("campaign", args=[c])):
            assert "sarcasm" not in crew.client(who).get(url).text and "Queen" not in crew.client(who).get(url).text
    crew.client("gm").post(reverse("world_reveal", args=[c, made.pk]))
    assert "sarcasm" in crew.client("player").get(reverse("world", args=[c])).text
    table = crew.client("player").get(reverse("table", args=[c])).text
    assert "The AI: The AI of the ship just discovered sarcasm." in table
    assert "The GM revealed the hooks: The AI: The AI of the ship just discovered sarcasm." in crew.client(
        "player").get(reverse("campaign", args=[c])).text


def test_a_draw_never_holds_the_same_card_twice_and_uses_the_whole_deck(crew, monkeypatch):
    world(crew)
    monkeypatch.setattr(roll_actions, "SYSTEM_RANDOM", random.Random(7))
    for _ in range(20):
        draw(crew)
    draws = list(HookDraw.objects.all())
    assert all(len(set(d.cards)) == 3 for d in draws)
    assert len({card for d in draws for card in d.cards}) > 20  # a fresh shuffle each time


def enumerated(red):
    """Every throw of the mission pool: a die per red card; none, two dice and the lowest."""
    counts = {"desperate": 0, "risky": 0, "controlled": 0, "controlled_with_benefit": 0}
    throws = list(product(range(1, 7), repeat=red or 2))
    for throw in throws:
        read = max(throw) if red else min(throw)
        start = ("controlled_with_benefit" if red and throw.count(6) >= 2 else "controlled" if read == 6
                 else "risky" if read >= 4 else "desperate")
        counts[start] += 1
    return {start: Fraction(n, len(throws)) for start, n in counts.items()}


@pytest.mark.parametrize(("cards", "red"), [(("2♣", "5♠", "King♣"), 0), (("2♥", "5♠", "King♣"), 1),
                                            (("2♥", "5♦", "King♣"), 2), (("2♥", "5♦", "King♥"), 3)])
def test_the_mission_odds_depend_on_the_red_cards(crew, deal, cards, red):
    world(crew)
    deal(*cards)
    page = " ".join(draw(crew).text.split())
    assert f"Mission roll ({red}d6)" in page if red else "Mission roll (2d6, lowest)" in page
    for chance in enumerated(red).values():
        assert (str(chance) if chance else "0") in page


@pytest.mark.parametrize(("cards", "faces", "start", "risk"), [
    (("2♥", "5♠", "King♣"), (3,), "desperate", 3),
    (("2♥", "5♦", "King♣"), (4, 2), "risky", 2),
    (("2♥", "5♦", "King♥"), (6, 1, 2), "controlled", 1),
    (("2♥", "5♦", "King♥"), (6, 6, 2), "controlled_with_benefit", 1),
    (("2♣", "5♠", "King♣"), (6, 5), "risky", 2),  # no red card: 2d6, the lowest
])
def test_the_mission_roll_presets_the_risk_of_the_missions_first_roll_only(crew, deal, cards, faces, start, risk):
    world(crew)
    deal(*cards, faces=faces)
    draw(crew)
    made = HookDraw.objects.get()
    page = crew.client("gm").post(reverse("world_mission", args=[crew.campaign.pk, made.pk]), {"key": "m"},
                                  follow=True).text
    roll = Roll.objects.get(kind="mission")
    assert (roll.dice, roll.choices["start"], roll.hidden) == (list(faces), start, True)
    assert "Mission roll" in page
    pending = on_its_way(crew, risk=None)
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert f'value="{risk}"\n                           id="set-{pending.pk}-risk-{risk}" checked' in console
    assert 'data-testid="mission-preset">The mission roll' in console
    step_two = crew.client("gm").get(pending.get_absolute_url(), {"step": 2}).text
    assert 'data-testid="mission-preset">The mission roll' in step_two
    crew.client("gm").post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]), {"risk": risk, "effect": 2})
    assert not fresh(made).start_pending
    crew.client("player").post(reverse("roll_withdraw", args=[crew.campaign.pk, pending.pk]))
    second = on_its_way(crew, risk=None)
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert f'id="set-{second.pk}-risk-2" checked' in console  # the second roll of the mission starts as usual


def test_a_mission_roll_is_hidden_until_its_draw_is_revealed_and_made_once(crew, deal):
    world(crew)
    deal("2♥", "5♠", "King♣", faces=(5,))
    draw(crew)
    made = HookDraw.objects.get()
    url = reverse("world_mission", args=[crew.campaign.pk, made.pk])
    crew.client("gm").post(url, {"key": "once"})
    crew.client("gm").post(url, {"key": "once"})  # a double submit
    assert "is made" in crew.client("gm").post(url, {"key": "again"}, **HTMX).text
    assert Roll.objects.filter(kind="mission").count() == 1
    rolls = crew.client("player").get(reverse("rolls", args=[crew.campaign.pk])).text
    assert "Mission roll" not in rolls
    crew.client("gm").post(reverse("world_reveal", args=[crew.campaign.pk, made.pk]))
    assert "Mission roll" in crew.client("player").get(reverse("rolls", args=[crew.campaign.pk])).text


def test_only_the_gm_writes_draws_reveals_and_rolls(crew, deal, client):
    world(crew)
    deal("2♥", "5♠", "King♣", faces=(5,))
    draw(crew)
    made = HookDraw.objects.get()
    c = crew.campaign.pk
    for url in (reverse("world_table", args=[c, 0]), reverse("world_draw", args=[c]),
                reverse("world_reveal", args=[c, made.pk]), reverse("world_mission", args=[c, made.pk])):
        assert crew.client("player").post(url).status_code == 404
    client.force_login(UserFactory(username="stranger"))
    assert client.get(reverse("world", args=[c])).status_code == 404
    assert HookDraw.objects.count() == 1 and not fresh(made).revealed and not WorldTable.objects.exists()
    Setup.objects.filter(campaign=c).update(dials={})
    assert crew.client("gm").get(reverse("world", args=[c])).status_code == 404
    assert HookDraw.objects.count() == 1  # switched off: kept


def test_a_table_must_have_13_rows(crew):
    world(crew)
    answer = crew.client("gm").post(reverse("world_table", args=[crew.campaign.pk, 5]), {"title": "Four"}, **HTMX)
    assert "three tables" in answer.text and not WorldTable.objects.exists()


def test_the_world_travels_and_a_players_export_keeps_the_gms_secrets(crew, deal):
    world(crew)
    write_tables(crew)
    deal("Queen♥", "Queen♣", "Queen♦", faces=(6, 1))
    draw(crew)
    crew.client("gm").post(reverse("world_mission", args=[crew.campaign.pk, HookDraw.objects.get().pk]), {"key": "m"})
    copy = import_campaign(export_campaign(crew.campaign), crew.gm)
    assert copy.world_tables.count() == 3 and copy.hook_draws.get().mission_roll.choices["start"] == "controlled"
    player = crew.campaign.memberships.get(user=crew.player)
    text = str(export_campaign(crew.campaign, player))
    assert "sarcasm" not in text and "pirates" not in text and "Queen" not in text


def test_an_escalation_and_the_mission_roll_start_at_the_worse_of_the_two(crew):
    """"Worse Position" lasts for future rolls with that action; the mission roll does not lift it."""
    from gamerules.world import MissionStart

    update_character(crew.ada.pk, escalated_action="Sneak", escalated_risk=2)
    pending = on_its_way(crew, risk=None)
    assert pending.suggested_risk(MissionStart.DESPERATE) == 3
    assert pending.suggested_risk(MissionStart.CONTROLLED) == 2
    assert pending.suggested_risk() == 2


def test_a_double_tap_draws_once(crew, deal):
    world(crew)
    deal("2♥", "5♠", "King♣")
    url = reverse("world_draw", args=[crew.campaign.pk])
    crew.client("gm").post(url, {"seen": 0})
    assert "drawn a moment ago" in crew.client("gm").post(url, {"seen": 0}, **HTMX).text
    assert HookDraw.objects.count() == 1


def test_each_draw_on_the_page_rolls_its_own_mission(crew, deal):
    world(crew)
    deal("2♥", "5♠", "King♣", "3♥", "6♠", "Queen♣", faces=(5, 4))
    draw(crew)
    draw(crew)
    page = crew.client("gm").get(reverse("world", args=[crew.campaign.pk])).text
    forms = re.findall(r'action="([^"]+/mission/)".*?name="key" value="([^"]+)"', page, re.S)
    assert len(forms) == 2
    for url, key in forms:
        crew.client("gm").post(url, {"key": key})
    assert Roll.objects.filter(kind="mission").count() == 2


@pytest.mark.parametrize(("wording", "label", "starts", "first_call"), [
    ("risk", "Moderate risk", "at moderate risk", "Your first call of the mission starts at that risk."),
    ("position", "Risky", "in a risky position", "Your first call of the mission starts in that position."),
])
def test_the_mission_start_reads_in_the_campaigns_wording_alone(crew, deal, wording, label, starts, first_call):
    """"The mission will start with a risky position" ("World Extra Rule"), in Charge 1.1's words
    a moderate risk: each campaign reads one of the two, lower case mid-sentence and capitalised
    at a label's start, on the world page, the table, the console and the roll's page."""
    world(crew)
    Setup.objects.filter(campaign=crew.campaign).update(risk_wording=wording)
    deal("2♥", "5♦", "King♣", faces=(4, 2))
    draw(crew)
    made = HookDraw.objects.get()
    c = crew.campaign.pk
    odds = crew.client("gm").get(reverse("world", args=[c])).text
    assert f'<li class="list-inline-item">{label}: <strong>' in odds
    crew.client("gm").post(reverse("world_reveal", args=[c, made.pk]))
    crew.client("gm").post(reverse("world_mission", args=[c, made.pk]), {"key": "m"})
    pending = on_its_way(crew, risk=None)
    pages = {"world": crew.client("player").get(reverse("world", args=[c])).text,
             "the GM's world": crew.client("gm").get(reverse("world", args=[c])).text,
             "table": crew.client("player").get(reverse("table", args=[c])).text,
             "console": crew.client("gm").get(reverse("console", args=[c])).text,
             "step two": crew.client("gm").get(pending.get_absolute_url(), {"step": 2}).text}
    pages = {name: " ".join(page.split()) for name, page in pages.items()}
    assert f"the mission starts <strong>{starts}</strong>." in pages["world"]
    assert f"The mission starts {starts}." in pages["table"]
    assert first_call in pages["the GM's world"]
    assert f"The mission roll: the mission starts {starts}." in pages["console"]
    assert f"The mission roll: the mission starts {starts}." in pages["step two"]
    for name, page in pages.items():
        assert "(moderate risk)" not in page and "risky (" not in page, name
