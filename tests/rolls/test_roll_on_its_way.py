"""A roll on its way is shared by every screen ("Action Roll": the player sets the goal, the GM
sets the risk and the effect, the player evens the odds, then rolls)."""

import json
import re

import pytest
from django.db import connection
from django.urls import reverse

from charge.landed import aftermath
from charge.models import PendingRoll, Setup, Sheet
from rolls.models import Roll
from tests.factories import CharacterFactory
from tests.helpers import HTMX, fresh, on_its_way, set_risk_and_effect, wizard


def console(table, **headers):
    return table.client("gm").get(reverse("console", args=[table.campaign.pk]), **headers).text


def waiting(table, who):
    return table.client(who).get(reverse("waiting", args=[table.campaign.pk])).text


def test_the_goal_and_action_put_the_roll_on_its_way_and_the_console_sees_it(crew):
    pending = on_its_way(crew, goal="Slip past the guard", risk=None)
    assert (pending.action, pending.goal, pending.is_set) == ("Sneak", "Slip past the guard", False)
    assert pending.started_by == crew.player
    page = crew.client("player").get(pending.get_absolute_url()).text
    assert "Waiting for the GM" in page and '<h2 class="h4">Even the odds</h2>' not in page
    assert 'hx-trigger="campaignChanged from:body"' in page  # the phone moves on by itself
    text = console(crew)
    assert "Rolls on their way" in text and "Slip past the guard" in text and "Set risk and effect" in text
    assert "Slip past the guard" in console(crew, **HTMX, QUERY_STRING="panel=console-pending")
    assert "Ada's Sneak roll waits for your risk and effect" in waiting(crew, "gm")
    table = crew.client("other_player").get(reverse("table", args=[crew.campaign.pk])).text
    assert "A roll on its way" in table and "the GM sets the risk and the effect" in table


def test_the_gm_sets_risk_and_effect_from_the_console_and_the_player_evens_the_odds(crew, dice):
    pending = on_its_way(crew, risk=None)
    url = reverse("roll_set", args=[crew.campaign.pk, pending.pk])
    response = crew.client("gm").post(url, {"risk": 3, "effect": 1}, **HTMX)
    assert "campaignChanged" in json.loads(response["HX-Trigger"])
    assert 'id="console-pending"' in response.text and "High risk · limited effect" in response.text
    assert (fresh(pending).risk, fresh(pending).effect) == (3, 1)
    page = crew.client("player").get(pending.get_absolute_url()).text
    assert "Even the odds" in page and "Risk high · effect limited" in page
    dice(6, 4)
    crew.client("player").post(pending.get_absolute_url(), {"risk": 3, "effect": 1, "step": 3, "roll": "1"})
    roll = Roll.objects.get()
    assert (aftermath(roll).risk, aftermath(roll).effect, roll.outcome, aftermath(roll).consequence_rating) == (3, 1, "full", 0)
    assert not PendingRoll.objects.exists()


@pytest.mark.parametrize("who", ["player", "other_player", "outsider"])
def test_only_a_gm_sets_risk_and_effect(crew, who):
    pending = on_its_way(crew, risk=None)
    response = crew.client(who).post(reverse("roll_set", args=[crew.campaign.pk, pending.pk]),
                                     {"risk": 1, "effect": 3})
    assert response.status_code == 404
    stepped = crew.client("player").post(pending.get_absolute_url(), {"step": 2, "risk": 1, "effect": 3})
    assert "The GM sets the risk and the effect." in stepped.text
    assert not fresh(pending).is_set


def test_the_player_cannot_roll_before_the_gm_sets_them_nor_with_other_values(crew, dice):
    pending = on_its_way(crew, risk=None)
    dice(6, 6)
    refused = crew.client("player").post(pending.get_absolute_url(), {"risk": 1, "effect": 3, "step": 3, "roll": "1"})
    assert "Waiting for the GM to set the risk and the effect." in refused.text
    set_risk_and_effect(crew, pending, 2, 2)
    refused = crew.client("player").post(pending.get_absolute_url(), {"risk": 1, "effect": 3, "step": 3, "roll": "1"})
    assert "The GM changed the risk and the effect: now moderate risk, standard effect." in refused.text
    assert not Roll.objects.exists() and fresh(crew.ada).charge.momentum == 2


def test_a_change_of_the_gms_mind_shows_in_the_odds_before_the_roll(crew):
    pending = on_its_way(crew)
    odds = reverse("roll_odds", args=[crew.campaign.pk, pending.pk])
    set_risk_and_effect(crew, pending, 3, 3)
    text = crew.client("player").post(odds, {"risk": 2, "effect": 2}, **HTMX).text
    assert "The GM changed the risk and the effect" in text
    assert 'name="risk" value="3"' in text and "Risk high · effect great" in text


def test_the_odds_asked_as_the_roll_goes_follow_it_quietly(crew, dice):
    """The page's live odds, asked by the change the roll itself made, find the roll gone: the page
    goes where the roll went, with no error and no second message."""
    pending = on_its_way(crew)
    odds = reverse("roll_odds", args=[crew.campaign.pk, pending.pk])
    dice(6, 2)
    crew.client("player").post(pending.get_absolute_url(), {"risk": 2, "effect": 2, "step": 3, "roll": "1",
                                                           "key": pending.key})
    after = crew.client("player").post(odds, {"risk": 2, "effect": 2, "key": pending.key}, **HTMX)  # the page's key
    assert after.status_code == 200 and after["HX-Redirect"] == Roll.objects.get().get_absolute_url()
    withdrawn = on_its_way(crew, key="second")
    crew.client("player").post(reverse("roll_withdraw", args=[crew.campaign.pk, withdrawn.pk]))
    after = crew.client("player").post(reverse("roll_odds", args=[crew.campaign.pk, withdrawn.pk]), {"key": "w"}, **HTMX)
    assert after.status_code == 200 and after["HX-Redirect"] == reverse("rolls", args=[crew.campaign.pk])
    page = crew.client("player").get(after["HX-Redirect"]).text
    assert "no longer on its way" not in page


def test_the_gm_rolls_on_one_shared_screen_with_the_choices_inline(crew, dice):
    page = crew.client("gm").post(reverse("roll_new", args=[crew.campaign.pk]), {
        "key": "shared", "character": crew.ada.pk, "action": "Sneak", "step": 1}, follow=True).text
    assert "Set them" in page and 'name="risk"' in page  # the GM's step, right here
    pending = PendingRoll.objects.get()
    crew.client("gm").post(pending.get_absolute_url(), {"step": 2, "risk": 1, "effect": 3})
    dice(5, 2)
    crew.client("gm").post(pending.get_absolute_url(), {"risk": 1, "effect": 3, "step": 3, "roll": "1"})
    assert (aftermath(Roll.objects.get()).risk, aftermath(Roll.objects.get()).effect) == (1, 3)


def test_a_new_action_asks_the_gm_again_and_a_goal_alone_does_not(crew):
    pending = on_its_way(crew, goal="Get in")
    client = crew.client("player")
    client.post(pending.get_absolute_url(), {"step": 1, "character": crew.ada.pk, "action": "Sneak", "goal": "Get in fast"})
    assert fresh(pending).is_set and fresh(pending).goal == "Get in fast"
    client.post(pending.get_absolute_url(), {"step": 1, "character": crew.ada.pk, "action": "Finesse"})
    assert not fresh(pending).is_set and fresh(pending).action == "Finesse"
    assert PendingRoll.objects.count() == 1  # still the one roll on its way


def test_the_wizard_lives_at_its_address_so_reload_and_back_work(crew):
    pending = on_its_way(crew, goal="Get in")
    again = crew.client("player").get(reverse("roll_new", args=[crew.campaign.pk]))
    assert f'value="{pending.key}"' in again.text and 'value="Get in"' in again.text  # back: the same roll
    assert "Even the odds" in crew.client("player").get(pending.get_absolute_url()).text  # reload
    first = crew.client("player").get(pending.get_absolute_url(), {"step": 1}).text
    assert "What does Ada do?" in first


def test_back_to_the_first_step_finds_the_roll_on_its_way_of_a_players_second_character(crew):
    """A player with two characters rolls for the second: Back from a later step shows that
    roll's character, goal and action, not a blank first step."""
    zed = CharacterFactory(campaign=crew.campaign, owner=crew.player, name="Zed", created=True,
                           action_dots={"Finesse": 2})
    pending = on_its_way(crew, character=zed.pk, action="Finesse", goal="Pick the lock")
    back = crew.client("player").get(reverse("roll_new", args=[crew.campaign.pk])).text
    assert f'value="{pending.key}"' in back and 'value="Pick the lock"' in back
    assert re.search(rf'<option value="{zed.pk}" selected>', back)
    assert re.search(r'<option value="Finesse"[^>]*selected>', back)
    other = crew.client("other_player").get(reverse("roll_new", args=[crew.campaign.pk])).text
    assert "Pick the lock" not in other  # another player's roll is not theirs to find


def test_a_roll_no_longer_on_its_way_sends_its_page_to_the_roll_or_the_log(crew, dice):
    pending = on_its_way(crew)
    dice(4, 2)
    crew.client("player").post(pending.get_absolute_url(), {"risk": 2, "effect": 2, "step": 3, "roll": "1"})
    gone = crew.client("player").get(pending.get_absolute_url(), follow=True)
    assert gone.redirect_chain[-1][0] == reverse("rolls", args=[crew.campaign.pk])
    assert "no longer on its way" in gone.text


def test_the_pages_own_refresh_of_a_roll_made_follows_quietly_and_its_key_stays_the_rolls(crew, dice):
    """The live refresh a roll's own change sends (the stream's, or the page's after it) finds the
    roll gone: no message is left for the page the roll goes to. The wizard's key is the roll's
    (never renewed by app.js: ``data-fixed``), so that a late odds request lands on the roll."""
    pending = on_its_way(crew)
    page = crew.client("player").get(pending.get_absolute_url()).text
    assert re.search(rf'<input type="hidden" name="key" value="{pending.key}" data-fixed', page)
    dice(4, 2)
    player = crew.client("player")
    player.post(pending.get_absolute_url(), {"risk": 2, "effect": 2, "step": 3, "roll": "1"})
    refresh = player.get(pending.get_absolute_url(), {"panels": "waiting"}, **HTMX)
    assert refresh["HX-Redirect"] == reverse("rolls", args=[crew.campaign.pk])
    assert "no longer on its way" not in player.get(Roll.objects.get().get_absolute_url()).text


def test_the_roller_or_a_gm_withdraws_a_roll_and_nobody_else(crew):
    pending = on_its_way(crew, risk=None)
    url = reverse("roll_withdraw", args=[crew.campaign.pk, pending.pk])
    assert crew.client("other_player").post(url).status_code == 404
    assert crew.client("outsider").post(url).status_code == 404
    assert crew.client("player").post(url).status_code == 302
    assert not PendingRoll.objects.exists()
    pending = on_its_way(crew, risk=None)
    response = crew.client("gm").post(reverse("roll_withdraw", args=[crew.campaign.pk, pending.pk]), {"from": "console"})
    assert response.url == reverse("console", args=[crew.campaign.pk]) and not PendingRoll.objects.exists()


@pytest.mark.parametrize("who", ["other_player", "outsider"])
def test_another_players_roll_on_its_way_is_not_theirs_to_open(crew, who):
    pending = on_its_way(crew, risk=None)
    assert crew.client(who).get(pending.get_absolute_url()).status_code == 404
    assert crew.client(who).post(reverse("roll_odds", args=[crew.campaign.pk, pending.pk])).status_code == 404


def test_the_roller_asks_for_an_assist_and_the_helper_agrees_in_one_tap(crew, dice):
    """"Assist": the helper consumes 1 momentum, so their player agrees first."""
    pending = on_its_way(crew)
    page = crew.client("player").post(pending.get_absolute_url(), {"step": 3, "ask": crew.bo.pk, "risk": 2, "effect": 2})
    assert "Waiting for Bo's player to agree" in page.text and fresh(pending).asked == [crew.bo.pk]
    assert "waiting for Bo to assist" in crew.client("gm").get(reverse("table", args=[crew.campaign.pk])).text
    banner = waiting(crew, "other_player")
    assert "Ada asks Bo to assist a Sneak roll: it costs Bo 1 momentum." in banner and "Assist Ada" in banner
    assert "asks Bo" not in waiting(crew, "player")
    # Bo's player taps "Assist Ada" (tap 1): the roller's odds, fetched again, count Bo in.
    crew.client("other_player").post(reverse("character_assist", args=[crew.campaign.pk, crew.bo.pk]),
                                     {"roller": crew.ada.pk}, **HTMX)
    odds = crew.client("player").post(reverse("roll_odds", args=[crew.campaign.pk, pending.pk]),
                                      {"risk": 2, "effect": 2}, **HTMX).text
    assert f'value="{crew.bo.pk}" id="helper-{crew.bo.pk}"\n             checked' in odds
    assert "Roll 3d6" in odds and "Assist Ada" not in waiting(crew, "other_player")
    dice(6, 3, 1)
    crew.client("player").post(pending.get_absolute_url(), {"risk": 2, "effect": 2, "step": 3, "roll": "1",
                                                           "helpers": [crew.bo.pk]})
    assert Roll.objects.get().dice_sources == ["rating", "rating", "assist"]
    assert fresh(crew.bo).charge.momentum == 1


def test_an_agreed_helper_joins_whatever_page_the_choices_came_from_unless_left_unticked(crew):
    """The odds asked from a page drawn before the ask (a late request) count the agreed helper in,
    as does the roll; a page that showed the helper, left unticked by the roller, keeps them out."""
    pending = on_its_way(crew)
    crew.client("player").post(pending.get_absolute_url(), {"step": 3, "ask": crew.bo.pk, "risk": 2, "effect": 2})
    crew.client("other_player").post(reverse("character_assist", args=[crew.campaign.pk, crew.bo.pk]),
                                     {"roller": crew.ada.pk}, **HTMX)
    odds = reverse("roll_odds", args=[crew.campaign.pk, pending.pk])
    stale = crew.client("player").post(odds, {"risk": 2, "effect": 2, "pushes": ["die"]}, **HTMX).text
    assert "Roll 4d6" in stale
    unticked = crew.client("player").post(odds, {"risk": 2, "effect": 2, "helpers_shown": crew.bo.pk}, **HTMX).text
    assert "Roll 2d6" in unticked and f'id="helper-{crew.bo.pk}"\n             >' in unticked


def test_a_helper_who_agrees_while_the_odds_are_drawn_is_ticked(crew):
    """Bo's player agrees while the roller's odds are being drawn, between its reads of the
    characters: the odds either count Bo in or do not show Bo yet; never Bo shown unticked, which
    the next odds would take for the roller's own choice and keep Bo out of the roll for good."""
    pending = on_its_way(crew)
    crew.client("player").post(pending.get_absolute_url(), {"step": 3, "ask": crew.bo.pk, "risk": 2, "effect": 2})
    agreed = []

    def agree_after_the_first_read_of_sheets(execute, sql, params, many, context):
        answer = execute(sql, params, many, context)
        if not agreed and '"assisting_id"' in sql and sql.lstrip().upper().startswith("SELECT"):
            agreed.append(sql)
            Sheet.objects.filter(character=crew.bo).update(assisting=crew.ada)
        return answer

    odds = reverse("roll_odds", args=[crew.campaign.pk, pending.pk])
    with connection.execute_wrapper(agree_after_the_first_read_of_sheets):
        first = crew.client("player").post(odds, {"risk": 2, "effect": 2}, **HTMX).text
    assert agreed and fresh(crew.bo).charge.assisting == crew.ada
    shown = re.findall(r'name="helpers_shown" value="(\d+)"', first)
    ticked = re.findall(r'name="helpers" value="(\d+)" id="helper-\d+"\s+checked', first)
    then = crew.client("player").post(odds, {"risk": 2, "effect": 2, "helpers_shown": shown, "helpers": ticked},
                                      **HTMX).text
    assert f'value="{crew.bo.pk}" id="helper-{crew.bo.pk}"\n             checked' in then and "Roll 3d6" in then


def test_the_gm_agrees_for_a_helper_from_the_console(crew):
    pending = on_its_way(crew)
    crew.client("player").post(pending.get_absolute_url(), {"step": 3, "ask": crew.bo.pk})
    text = console(crew)
    assert "Bo assists (their player agrees)" in text
    crew.client("gm").post(reverse("character_assist", args=[crew.campaign.pk, crew.bo.pk]),
                           {"roller": crew.ada.pk}, **HTMX)
    assert fresh(crew.bo).charge.assisting == crew.ada and "Bo assists (their" not in console(crew)


def test_a_taken_out_helper_cannot_be_asked(crew):
    crew.bo.charge.taken_out = True
    crew.bo.charge.save()
    pending = on_its_way(crew)
    page = crew.client("player").post(pending.get_absolute_url(), {"step": 3, "ask": crew.bo.pk})
    assert "Bo is taken out and cannot assist." in page.text and fresh(pending).asked == []


def test_a_quick_charge_roll_needs_no_gm_step(crew):
    Setup.objects.filter(campaign=crew.campaign.pk).update(ruleset="quick_charge")
    crew.campaign.refresh_from_db()
    pending = on_its_way(crew, risk=None, action="Talk")
    assert pending.is_set and (pending.risk, pending.effect) == (2, 0)  # the dice read them
    assert "Set risk and effect" not in console(crew)


def test_a_consequence_says_what_it_is_in_the_story_everywhere_the_roll_shows(crew, dice):
    dice(3, 2)
    wizard(crew)
    roll = Roll.objects.get()
    crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                           {"kind": "worse_condition", "target": crew.ada.pk, "story": "The guard spots you"})
    assert aftermath(fresh(roll)).consequence.story == "The guard spots you"
    page = crew.client("player").get(roll.get_absolute_url()).text
    assert '<p class="fst-italic consequence-story">The guard spots you</p>' in page


def test_the_roll_on_its_way_is_not_announced_on_its_own_page(crew):
    pending = on_its_way(crew)
    url = reverse("waiting", args=[crew.campaign.pk])
    assert "Roll it" in crew.client("player").get(url, {"on": reverse("campaign", args=[crew.campaign.pk])}).text
    assert "Roll it" not in crew.client("player").get(url, {"on": pending.get_absolute_url()}).text


@pytest.mark.parametrize(("wording", "mid_sentence", "at_the_start"), [
    ("risk", "· low risk · great effect", "Low risk · great effect:"),
    ("position", "· controlled position · great effect", "Controlled position · great effect:"),
])
def test_a_rolls_risk_and_effect_read_lower_case_mid_sentence_and_capitalised_at_the_start(
        crew, wording, mid_sentence, at_the_start):
    """The banner of a roll on its way says them after its action and goal; the console starts a
    line with them."""
    Setup.objects.filter(campaign=crew.campaign).update(risk_wording=wording)
    on_its_way(crew, risk=1, effect=3)
    table = " ".join(crew.client("player").get(reverse("table", args=[crew.campaign.pk])).text.split())
    console = " ".join(crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text.split())
    assert mid_sentence in table and at_the_start in console
