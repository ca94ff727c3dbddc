"""Dice statistics: which rolls count and with which exact odds (counted by hand from "Rolling
Dice" and "Threat Level Extra"), hidden rolls never counted for players, the filters, the page
full and as htmx for every role, and its SVG charts parsed and measured."""

import html
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from django.utils import timezone

from ability.kinds import RollKind as AbilityRoll
from campaign.models import Membership
from charge.kinds import RollKind
from charge.rolled import NO_DICE
from charge.stats import MOMENTUM_ROLLS, momentum_moves
from gamerules.charge import Outcome, odds
from gamerules.honesty import EXACT_UP_TO, Rolled, honesty
from rolls.charts import luck_chart
from rolls.models import Roll
from rolls.stats import DAMAGED, UNREAD, Filters, dice_stats, rolled
from tests.factories import CharacterFactory, GameSessionFactory, RollFactory, another_campaign
from tests.helpers import HTMX
from traits.kinds import RollKind as TraitsRoll

B, P, F, C = Outcome.BAD, Outcome.PARTIAL, Outcome.FULL, Outcome.CRITICAL
SVG = "{http://www.w3.org/2000/svg}"


def url(table, query=""):
    return f"/c/{table.campaign.pk}/rolls/stats/{query}"


def roll(table, pool, dice, outcome, **fields):
    fields = {"kind": RollKind.ACTION, "character": table.character, "rolled_by": table.player, "action": "Finesse",
              **fields}
    return RollFactory(campaign=table.campaign, pool_size=pool, dice=dice, outcome=outcome, **fields)


def test_a_plain_pool_counts_with_its_odds():
    """Two dice: 1-3 both is 9/36, 4-5 the highest 16/36, one 6 is 10/36, two 6s 1/36."""
    found = rolled(RollKind.FORTUNE, 2, [6, 3], "full", {})
    assert found.chances == (Fraction(9, 36), Fraction(16, 36), Fraction(10, 36), Fraction(1, 36))
    assert found.outcome is F


def test_really_unlikely_is_two_dice_read_lowest():
    """A fortune pool of -1 rolls 2d6 and reads the lowest (reading 3): full is both 6."""
    assert rolled(RollKind.FORTUNE, -1, [6, 6], "full", {}).chances == (
        Fraction(27, 36), Fraction(8, 36), Fraction(1, 36), 0)


def test_a_threat_roll_counts_with_the_threat_dice():
    """One action die against one threat die of the same value rule: the threat cancels it on the
    same face (1/6, a bad outcome); otherwise the action die reads: full 1/6 x 5/6, partial
    2/6 x 5/6, bad the rest."""
    threat = {"threat": {"sources": ["Guards (1)"], "dice": [2], "left": [6], "rule": "same_value"}}
    found = rolled(RollKind.ACTION, 1, [6], "full", threat)
    assert found.chances == (Fraction(21, 36), Fraction(10, 36), Fraction(5, 36), 0)


def test_an_automatic_success_counts_as_one():
    """A spell's automatic success (Magic): a 66 stays a critical, anything else is full."""
    helped = {"magic": {"helped": {"id": 1, "name": "Blink", "level": 4, "benefit": "success"}}}
    assert rolled(RollKind.ACTION, 2, [3, 1], "full", helped).chances == (0, 0, Fraction(35, 36), Fraction(1, 36))


@pytest.mark.parametrize(("kind", "pool", "dice", "outcome", "why"), [
    (RollKind.FLASHBACK, 0, [], "", NO_DICE),
    (TraitsRoll.CONFLICT, 3, [1, 4, 6], "whole", DAMAGED),  # counted by their own odds, but nothing kept to read
    (AbilityRoll.QUICK, 1, [3], "success", DAMAGED),
    ("flip", 1, [1], "heads", UNREAD),  # a kind no installed system reads
    (RollKind.ACTION, 3, [4, 6], "full", DAMAGED),  # two dice kept for a pool of three
    (RollKind.ACTION, 1, [6], "critical", DAMAGED),  # one die never shows two 6s
    (RollKind.ACTION, 1, "6", "full", DAMAGED),
])
def test_rolls_whose_odds_cannot_be_computed_again_are_left_out(kind, pool, dice, outcome, why):
    assert rolled(kind, pool, dice, outcome, {}) == why


def test_a_damaged_threat_is_left_out():
    assert rolled(RollKind.ACTION, 1, [6], "full", {"threat": ["Guards"]}) == DAMAGED
    assert rolled(RollKind.ACTION, 1, [6], "full", {"threat": {"dice": [1], "rule": "kinder"}}) == DAMAGED


def test_hidden_rolls_never_count_for_players(table):
    for _ in range(10):
        roll(table, 1, [5], "partial")
    RollFactory(campaign=table.campaign, kind=RollKind.FORTUNE, pool_size=1, dice=[6], outcome="full", hidden=True,
                rolled_by=table.gm, goal="SECRET-FORTUNE")
    gm, player = (Membership.objects.get(campaign=table.campaign, user=who) for who in (table.gm, table.player))
    assert dice_stats(gm, Filters()).honesty.rolls == 11
    assert dice_stats(player, Filters()).honesty.rolls == 10
    page = table.client("player").get(url(table)).text
    assert "(10 rolls)" in page and "Critical 0 rolled, 0 expected" in page  # ten single dice, nothing of the six
    assert "(11 rolls)" not in page and "left out" not in page and "SECRET-FORTUNE" not in page
    assert "(11 rolls)" in table.client("gm").get(url(table)).text


def test_filters_by_character_person_and_session(table):
    bo = CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Bo")
    later = GameSessionFactory(campaign=table.campaign, number=2, ended_at=timezone.now())
    roll(table, 1, [5], "partial", session=table.session)
    roll(table, 1, [5], "partial", session=later)
    roll(table, 2, [6, 6], "critical", character=bo, rolled_by=table.other_player, session=later)
    roll(table, 2, [6, 1], "full", character=bo, rolled_by=table.gm, session=later)
    gm = Membership.objects.get(campaign=table.campaign, user=table.gm)
    other = Membership.objects.get(campaign=table.campaign, user=table.other_player)

    def counted(query):
        return dice_stats(gm, Filters.read(gm, query)).honesty.observed

    assert counted({"character": str(bo.pk)}) == {B: 0, P: 0, F: 1, C: 1}
    assert counted({"player": str(other.pk)}) == {B: 0, P: 0, F: 0, C: 1}
    assert counted({"session": str(later.pk)}) == {B: 0, P: 1, F: 1, C: 1}
    assert counted({"session": str(later.pk), "character": str(table.character.pk)}) == {B: 0, P: 1, F: 0, C: 0}
    stranger = CharacterFactory(campaign=another_campaign())
    assert counted({"character": str(stranger.pk), "session": "x"}) == counted({})  # not this campaign's: ignored


def test_the_filters_offer_each_character_person_and_session_and_keep_the_chosen(table):
    bo = CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Bo")
    later = GameSessionFactory(campaign=table.campaign, number=2, ended_at=timezone.now())
    other = Membership.objects.get(campaign=table.campaign, user=table.other_player)
    page = table.client("player").get(url(table)).text
    assert " selected>" not in page
    options = re.findall(r'<option value="(\d+)">([^<]+)</option>', page)
    assert (str(bo.pk), "Bo") in options and (str(table.character.pk), table.character.name) in options
    assert (str(other.pk), table.other_player.username) in options
    assert (str(later.pk), "Session 2") in options and (str(table.session.pk), f"Session {table.session.number}") in options
    page = table.client("player").get(url(table), {"character": bo.pk, "player": other.pk, "session": later.pk}).text
    assert re.findall(r'<option value="(\d+)" selected>', page) == [str(bo.pk), str(other.pk), str(later.pk)]


def test_expected_counts_on_the_page(table):
    """Ten single dice: each bad 1/2, partial 1/3, full 1/6, so 5, 3.3, 1.7 and 0 expected."""
    for _ in range(10):
        roll(table, 1, [2], "bad")
    page = table.client("player").get(url(table)).text
    assert "Bad 10 rolled, 5 expected; Partial 0 rolled, 3.3 expected; Full 0 rolled, 1.7 expected; " \
           "Critical 0 rolled, 0 expected" in page
    assert "Unluckier than expected: results at least this unlucky happen about 1 time in 1024." in page


def test_momentum_and_actions(table):
    ada = table.character
    roll(table, 2, [5, 1], "partial", momentum={str(ada.pk): [2, 3]})
    roll(table, 2, [6, 1], "full", action="Wreck", momentum={str(ada.pk): [3, 5]})
    bo = CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Bo")
    roll(table, 1, [1], "bad", character=bo, momentum={str(bo.pk): [4, 4], str(ada.pk): [5, 4]})  # Ada assisted
    player = Membership.objects.get(campaign=table.campaign, user=table.player)
    stats = dice_stats(player, Filters(character=ada))
    assert momentum_moves(player, Filters(character=ada)) == [(ada, [(2, 3), (3, 5), (5, 4)])]  # the assist moved hers too
    assert stats.actions[:2] == [("Finesse", 1), ("Wreck", 1)]
    assert ("Study", 0) in stats.actions  # never rolled, still shown


def test_momentum_is_drawn_through_each_characters_latest_rolls_however_long_ago(table):
    """A line holds a character's latest 60 moves, oldest first, whoever else rolled since: Bo's
    one move lies behind 200 of Ada's, and Ada's line starts at her 141st move."""
    ada = table.character
    bo = CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Bo")
    roll(table, 1, [5], "partial", character=bo, momentum={str(bo.pk): [1, 2]})
    Roll.objects.bulk_create([Roll(campaign=table.campaign, character=ada, rolled_by=table.player, kind=RollKind.ACTION,
                                   action="Finesse", pool_size=1, dice=[5], outcome="partial",
                                   result={"momentum": {str(ada.pk): [n, n + 1]}}, idempotency_key=f"ada-{n}")
                              for n in range(200)])
    gm = Membership.objects.get(campaign=table.campaign, user=table.gm)
    lines = dict(momentum_moves(gm, Filters()))
    assert MOMENTUM_ROLLS == 60 and lines[bo] == [(1, 2)]
    assert lines[ada] == [(n, n + 1) for n in range(140, 200)]


def test_momentum_over_time_is_drawn_once_opened_or_in_the_page_without_javascript(table):
    """The page comes without it: opened, its place asks for it (htmx), for the same filters; the
    link in its place draws it in the page."""
    ada = table.character
    roll(table, 2, [5, 1], "partial", momentum={str(ada.pk): [2, 3]})
    bo = CharacterFactory(campaign=table.campaign, owner=table.other_player, name="Bo")
    roll(table, 1, [6], "full", character=bo, momentum={str(bo.pk): [1, 3]})
    client = table.client("player")
    page = client.get(url(table, f"?character={ada.pk}")).text
    assert "momentum over 1 roll" not in page and "<summary><h3" in page
    asks = html.unescape(re.search(r'hx-get="([^"]+)" hx-trigger="toggle once from:closest details"', page)[1])
    assert asks == url(table, f"?character={ada.pk}&more=1")
    assert f'<a href="{html.escape(asks)}#stats-more">Show momentum over time</a>' in page
    drawn = html.unescape(client.get(asks, **HTMX).text)
    assert "<html" not in drawn and "Ada's momentum over 1 roll: 2→3." in drawn and "Bo's" not in drawn
    whole = html.unescape(client.get(asks).text)
    assert 'id="stats-more" open>' in whole and "Ada's momentum over 1 roll: 2→3." in whole
    assert 'hx-trigger="toggle' not in whole
    part = client.get(url(table, f"?character={bo.pk}"), **HTMX).text  # the filters changed: asked anew for theirs
    assert html.escape(url(table, f"?character={bo.pk}&more=1")) in part
    assert "No roll here moved a character's momentum." in client.get(
        url(table, f"?session={table.session.pk}&more=1"), **HTMX).text


def _svgs(response):
    svgs = re.findall(r"<svg class=\"chart\".*?</svg>", response.text, re.S)
    return [ET.fromstring(svg) for svg in svgs]


def test_the_charts_are_valid_svg_with_heights_in_proportion(table):
    for faces, outcome in [([2], "bad")] * 6 + [([5], "partial")] * 3 + [([6], "full")] * 2:
        roll(table, 1, faces, outcome, momentum={str(table.character.pk): [1, 2]})
    assert len(_svgs(table.client("player").get(url(table)))) == 3  # momentum drawn once opened
    response = table.client("player").get(url(table, "?more=1"))  # drawn in the page, as without JavaScript
    assert "style=" not in response.text and "<script>" not in response.text
    svgs = _svgs(response)
    assert len(svgs) == 4  # outcomes, the test, momentum, actions
    for svg in svgs:
        assert svg.get("viewBox") and svg.get("role") == "img" and svg.find(f"{SVG}title").text
        assert svg.get("width") is None  # it scales to the page
    outcomes = svgs[0]
    solid = {rect.get("class"): float(rect.get("height")) for rect in outcomes.iter(f"{SVG}rect")
             if rect.get("class") != "chart-expected"}
    assert solid["chart-bad"] / solid["chart-partial"] == pytest.approx(6 / 3, rel=0.01)
    assert solid["chart-bad"] / solid["chart-full"] == pytest.approx(6 / 2, rel=0.01)
    assert solid["chart-critical"] == 0
    expected = [float(rect.get("height")) for rect in outcomes.iter(f"{SVG}rect") if rect.get("class") == "chart-expected"]
    # 11 single dice expect 5.5 bad, 11/3 partial, 11/6 full, 0 critical; the tallest, 6 rolled, is 150 units.
    assert expected == pytest.approx([150 * 5.5 / 6, 150 * 11 / 3 / 6, 150 * 11 / 6 / 6, 0], rel=0.01)
    actions = svgs[3]
    bars = [float(rect.get("width")) for rect in actions.iter(f"{SVG}rect")]
    assert bars[0] > 0 and bars[1:] == [0] * (len(bars) - 1)  # Finesse 11, every other action 0


@pytest.mark.parametrize("who", ["gm", "player", "other_player"])
def test_every_member_sees_the_page_full_and_as_htmx(table, who):
    roll(table, 1, [5], "partial")
    client = table.client(who)
    full = client.get(url(table))
    assert full.status_code == 200 and "<html" in full.text and 'id="dice-stats"' in full.text
    assert "css/stats.css" in full.text
    part = client.get(url(table, f"?character={table.character.pk}"), **HTMX)
    assert part.status_code == 200 and "<html" not in part.text and part.text.lstrip().startswith('<div id="dice-stats"')
    assert "Too few rolls to tell: 1 roll counted, 10 needed." in part.text


def test_outsiders_get_404_and_visitors_log_in(table):
    assert table.client("outsider").get(url(table)).status_code == 404
    assert table.client("anonymous").get(url(table)).status_code == 302


def test_the_roll_log_links_to_the_statistics(table):
    assert url(table) in table.client("player").get(f"/c/{table.campaign.pk}/rolls/").text


def test_the_luck_chart_marks_the_tail_on_the_side_rolled():
    """Ten single dice, eight 6s and two 4-5s: the luck is 18 of the 20 possible, far on the lucky
    side, so the bars from 18 up are the tail; each bar's height is in proportion to its exact
    chance, and totals too unlikely to see (under a thousandth of the likeliest) are not drawn."""
    found = honesty([Rolled.of(odds(1), F)] * 8 + [Rolled.of(odds(1), P)] * 2)
    chart = luck_chart(found)
    first, last = (int(text.text) for text in chart.texts if text.anchor in ("start", "end") and text.css == "chart-faces")
    assert last == 18  # 19 is 10 (1/6)^9 (1/3): far under a thousandth of the likeliest
    assert len(chart.rects) == last - first + 1
    assert [rect.css for rect in chart.rects].count("chart-tail") == 1 and chart.rects[-1].css == "chart-tail"
    peak = max(found.distribution)
    for t, rect in enumerate(chart.rects, start=first):
        assert rect.height == pytest.approx(110 * found.distribution[t] / peak)
    assert found.distribution[20] == pytest.approx(6 ** -10)  # every die a 6


def test_a_long_log_says_its_chance_is_approximated(table):
    Roll.objects.bulk_create(RollFactory.build_batch(EXACT_UP_TO + 1, campaign=table.campaign, kind=RollKind.FORTUNE,
                                                     pool_size=1, dice=[5], outcome="partial", rolled_by=table.gm))
    page = table.client("player").get(url(table)).text
    assert f"({EXACT_UP_TO + 1} rolls)" in page and "the normal approximation" in page
    assert "The chance of each luck total" not in page  # no exact chances to draw
