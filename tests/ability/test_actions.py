"""Action rolls, teamwork and quick action rolls played through the views with scripted dice,
the campaign's state asserted after each ("Action Roll", "Outcome and Effect", "Teamwork",
"Quick Action Roll", "Unskilled Action Roll"). Dice are scripted in the order they are thrown:
the ability pool (skill, boosts, teamwork, grit), then the difficulty pool."""

from django.urls import reverse

from ability.models import Action, Help, Sheet
from clocks.models import Clock
from rolls.models import Roll
from tests.helpers import cell, words

HTMX = {"HTTP_HX_REQUEST": "true"}


def start(table, who="player", character=None, intent="Climb the collapsed tower", **data):
    character = character or table.character
    posted = {"character": character.pk, "key": f"k-{character.pk}-{intent}", "intent": intent, **data}
    response = table.client(who).post(reverse("ability_action_new", args=[table.campaign.pk]), posted)
    return response, Action.objects.filter(character=character).first()


def step(table, who, name, action, data=None, htmx=False):
    return table.client(who).post(reverse(name, args=[table.campaign.pk, action.pk]), data or {},
                                  **(HTMX if htmx else {}))


def direct(table, action, difficulty, position="none", **data):
    return step(table, "gm", "ability_direct", action, {"difficulty": difficulty, "position": position, **data})


def grit(character) -> int:
    return Sheet.objects.get(character=character).grit


def test_an_unskilled_roll_is_a_d4_at_disadvantage_whatever_the_director_says(ability_table, dice):
    """"Unskilled action rolls are made using a Novice (d4) ability die ... always made with a
    disadvantage": the director's advantage gives way; two difficulty dice, the higher read."""
    table = ability_table
    response, action = start(table, skill="unskilled", intent="Pick the lock")
    assert response.status_code == 302 and response.url == action.get_absolute_url()
    call = table.client("gm").get(action.get_absolute_url()).text
    assert "An unskilled roll is always made with a disadvantage." in call and 'name="position" value="disadvantage"' in call
    page = table.client("player").get(action.get_absolute_url())
    assert "The director sets the difficulty and your position." in words(page)
    # d4 against two d4, the higher read: 30/64 (ties to the player), whatever the director says.
    assert cell(page, "odds-d4-disadvantage") == "47% 15/32"
    assert 'odds-d4-advantage' not in page.text
    direct(table, action, 4, "advantage")
    page = table.client("player").get(action.get_absolute_url())
    assert "Challenging d4 · Disadvantage" in words(page)
    # P(success) = sum over ability a of P(max of two d4 <= a) = (1 + 4 + 9 + 16) / 64.
    assert 'data-testid="odds-success">15/32 (47%)' in page.text
    dice(3, 1, 4)
    step(table, "player", "ability_roll", action)
    roll = Roll.objects.get(kind="ability")
    assert roll.action == "Unskilled" and roll.dice == [3] and roll.result["difficulty"] == [1, 4]
    assert (roll.result["read"], roll.result["result"], roll.outcome) == (4, -1, "failure")
    assert roll.result["effect"] == 1  # |-1| + 1 = 2: marginal
    assert roll.choices["position"] == "disadvantage" and roll.choices["unskilled"]
    assert not Action.objects.exists()
    page = table.client("other_player").get(roll.get_absolute_url())
    assert "3 − 4 = -1" in words(page) and "Failure, marginal effect" in words(page)


def test_two_boosts_and_helpful_teamwork_add_their_dice_and_the_helper_earns_grit(ability_table, dice):
    """Climbing d8, two boosts (d6, d4) and Bruno's teamwork: he rolls first, a quick action roll
    against the director's Challenging d4; his success adds his skill's d6 to Ada's pool and
    earns him 1 grit point. Then Ada rolls d8, d4, d6, d6 and takes the highest."""
    table = ability_table
    _, action = start(table, skill=table.climbing.pk, boosts=[table.rope.pk, table.gloves.pk])
    direct(table, action, 10, "none", risks="The stones give way", teamwork_difficulty=4)
    dice(5, 2)
    response = step(table, "other_player", "ability_help", action, {"helper": table.bruno.pk, "skill": table.athletics.pk},
                    htmx=True)
    assert response.status_code == 200 and "<html" not in response.text
    help = Help.objects.get()
    assert help.success and help.die == 6 and grit(table.bruno) == 1
    quick = help.roll
    assert quick.kind == "quick" and quick.dice == [5] and quick.result["difficulty"] == [2] and quick.outcome == "success"
    page = table.client("player").get(action.get_absolute_url())
    assert "Climbing d8 · Boost: Grip gloves d4 · Boost: Rope and pitons d6 · Teamwork: Bruno d6" in words(page)
    dice(3, 2, 6, 4, 5)
    step(table, "player", "ability_roll", action)
    roll = Roll.objects.get(kind="ability")
    assert roll.dice == [3, 2, 6, 4] and roll.result["difficulty"] == [5]
    assert (roll.result["ability"], roll.result["read"], roll.result["result"]) == (6, 5, 1)
    assert roll.outcome == "success" and roll.result["effect"] == 1
    assert roll.choices["teamwork"] == [{"name": "Bruno", "die": 6, "success": True}]
    assert grit(table.bruno) == 1 and grit(table.character) == 0


def test_failed_teamwork_adds_nothing_and_earns_nothing(ability_table, dice):
    """"If the action fails, the assistance is not helpful ... and the character providing the
    assistance receives nothing"."""
    table = ability_table
    _, action = start(table, skill=table.climbing.pk)
    direct(table, action, 6, "none", teamwork_difficulty=8)
    dice(2, 7)
    step(table, "other_player", "ability_help", action, {"helper": table.bruno.pk, "skill": table.athletics.pk})
    help = Help.objects.get()
    assert not help.success and grit(table.bruno) == 0
    assert help.roll.result["difficulty"] == [7] and help.roll.choices["difficulty"] == 8
    # Helping twice is one help: the second tap finds the first.
    step(table, "other_player", "ability_help", action, {"helper": table.bruno.pk, "skill": table.athletics.pk})
    assert Help.objects.count() == 1 and Roll.objects.filter(kind="quick").count() == 1
    dice(8, 3)
    step(table, "player", "ability_roll", action)
    roll = Roll.objects.get(kind="ability")
    assert roll.dice == [8] and roll.pool_size == 1 and roll.result["result"] == 5
    assert roll.result["effect"] == 2  # |5| + 1 = 6: complete


def test_a_quick_action_roll_is_success_or_failure_with_no_effect(ability_table, dice):
    """"Quick Actions are used when a director only needs a simple comparison of a character's
    raw ability against the difficulty": Climbing d8 against Hard d8, a tie succeeds."""
    table = ability_table
    url = reverse("ability_quick", args=[table.campaign.pk])
    page = table.client("player").get(url)
    # d8 against d8: P(a >= d) = (8 * 9 / 2) / 64 = 36/64.
    assert (f'data-testid="quick-odds-{table.climbing.pk}-d8"><span class="fw-semibold">56%</span> '
            '<span class="odds-fraction">9/16</span>') in page.text
    dice(4, 4)
    response = table.client("player").post(url, {"character": table.character.pk, "skill": table.climbing.pk,
                                                  "difficulty": 8, "goal": "Spot the loose stone", "key": "q1"})
    roll = Roll.objects.get(kind="quick")
    assert response.status_code == 302 and response.url == roll.get_absolute_url()
    assert (roll.dice, roll.result["difficulty"], roll.outcome) == ([4], [4], "success")
    assert "effect" not in roll.result
    table.client("player").post(url, {"character": table.character.pk, "skill": table.climbing.pk,
                                      "difficulty": 8, "key": "q1"})
    assert Roll.objects.filter(kind="quick").count() == 1
    page = table.client("other_player").get(roll.get_absolute_url())
    assert "4 against 4" in page.text and "Success" in page.text


def test_dangerous_encounters_give_a_tie_to_the_director(ability_table, dice):
    """"To make the world feel more dangerous, refer to the Dangerous Encounters game option":
    a tie on an action roll then fails."""
    table = ability_table
    assert table.client("player").post(reverse("ability_dangerous", args=[table.campaign.pk]), {"dangerous": "on"}).status_code == 404
    response = table.client("gm").post(reverse("ability_dangerous", args=[table.campaign.pk]), {"dangerous": "on"}, **HTMX)
    assert "Dangerous Encounters: on (ties go to you)" in words(response) and "<html" not in response.text
    table.campaign.refresh_from_db()
    assert table.campaign.system_options["dangerous"] is True
    _, action = start(table, skill=table.climbing.pk)
    direct(table, action, 8)
    page = table.client("player").get(action.get_absolute_url())
    # d8 against d8, the tie lost: 28/64.
    assert 'data-testid="odds-success">7/16 (44%)' in page.text and "ties go to the director" in page.text
    dice(5, 5)
    step(table, "player", "ability_roll", action)
    assert Roll.objects.get(kind="ability").outcome == "failure"


def test_the_effect_ticks_the_clock_a_success_works_on_and_the_directors_on_a_failure(ability_table, dice):
    """Reading (``CLOCK_TICKS``): marginal 1, complete 2, critical 3; a hidden danger clock moves
    without a player learning its segments."""
    table = ability_table
    progress = Clock.objects.create(campaign=table.campaign, name="Reach the top", size=8, who_may_tick="members")
    danger = Clock.objects.create(campaign=table.campaign, name="SECRET-COLLAPSE", kind="danger", size=6, visibility="gm")
    _, action = start(table, skill=table.climbing.pk, clock=progress.pk)
    direct(table, action, 4)
    dice(8, 1)  # 8 - 1 = 7, |7| + 1 = 8: critical
    step(table, "player", "ability_roll", action)
    progress.refresh_from_db()
    assert progress.filled == 3
    _, action = start(table, skill=table.climbing.pk, clock=progress.pk, intent="Down again")
    direct(table, action, 12, "disadvantage", danger_clock=danger.pk)
    dice(2, 6, 9)  # 2 - 9 = -7, |-7| + 1 = 8: critical failure
    step(table, "player", "ability_roll", action)
    danger.refresh_from_db()
    progress.refresh_from_db()
    assert (danger.filled, progress.filled) == (3, 3)
    roll = Roll.objects.get(goal="Down again")
    for who in ("player", "other_player"):
        assert "SECRET-COLLAPSE" not in table.client(who).get(roll.get_absolute_url()).text
    assert "SECRET-COLLAPSE 0 → 3" in table.client("gm").get(roll.get_absolute_url()).text


def test_grit_buys_a_die_the_size_of_the_skill_and_is_spent_on_the_roll(ability_table, dice):
    table = ability_table
    Sheet.objects.filter(character=table.character).update(grit=1)
    _, action = start(table, skill=table.climbing.pk, grit="on")
    direct(table, action, 6)
    page = table.client("player").get(action.get_absolute_url())
    assert "Climbing d8 · Grit d8" in words(page)
    dice(1, 7, 6)
    step(table, "player", "ability_roll", action)
    roll = Roll.objects.get(kind="ability")
    assert roll.dice == [1, 7] and roll.outcome == "success" and grit(table.character) == 0


def test_only_the_director_calls_it_and_only_its_player_rolls_it(ability_table, dice):
    table = ability_table
    _, action = start(table, skill=table.climbing.pk)
    for who in ("player", "other_player"):
        assert direct_as(table, who, action).status_code == 404
    assert step(table, "outsider", "ability_roll", action).status_code == 404
    assert table.client("outsider").get(action.get_absolute_url()).status_code == 404
    direct(table, action, 4)
    assert step(table, "other_player", "ability_roll", action).status_code == 404
    # Ada cannot help herself; Bruno's player cannot help with Ada.
    step(table, "player", "ability_help", action, {"helper": table.character.pk})
    step(table, "other_player", "ability_help", action, {"helper": table.character.pk})
    assert not Help.objects.exists()
    for who in ("player", "other_player", "gm"):
        full = table.client(who).get(action.get_absolute_url())
        panel = table.client(who).get(action.get_absolute_url(), {"panel": "action"}, **HTMX)
        assert full.status_code == panel.status_code == 200 and "<html" not in panel.text
        assert ("The director's call" in words(full)) is (who == "gm")
        assert ("Roll 1 ability die" in full.text) is (who in ("player", "gm"))


def direct_as(table, who, action):
    return step(table, who, "ability_direct", action, {"difficulty": 6, "position": "none"})


def test_bad_input_is_refused_in_words_and_saves_nothing(ability_table):
    table = ability_table
    response, action = start(table, skill=table.climbing.pk, intent="")
    assert action is None and "Say what you intend to do." in response.text
    response, action = start(table, skill=999999)
    assert action is None and "That skill is not on this sheet." in response.text
    response, action = start(table, skill=table.climbing.pk, grit="on")
    assert action is None and "No grit point to spend." in response.text
    _, action = start(table, skill=table.climbing.pk)
    response = step(table, "gm", "ability_direct", action, {"difficulty": 5, "position": "none"}, htmx=True)
    assert "Choose a die: d4, d6, d8, d10 or d12." in response.text
    response = step(table, "gm", "ability_direct", action, {"difficulty": 6, "position": "sideways"}, htmx=True)
    assert "Choose advantage, no position die, or disadvantage." in response.text
    action.refresh_from_db()
    assert action.difficulty is None
    response = step(table, "player", "ability_roll", action, htmx=True)
    assert "The director has not set the difficulty yet." in response.text and not Roll.objects.exists()
    response = start(table, skill=table.climbing.pk, intent="A second one")[0]
    assert "Ada already has an action roll on its way: roll it first." in response.text
    # Asked for a new one, the page opens the one on its way.
    response = table.client("player").get(reverse("ability_action_new", args=[table.campaign.pk]),
                                          {"character": table.character.pk})
    assert response.status_code == 302 and response.url == action.get_absolute_url()


def test_the_odds_follow_the_pool_as_the_player_builds_it(ability_table):
    """Before the director's call: the chance of success against every difficulty and position,
    as the skill, boosts and grit change ("Dice Pool Probability": and the real numbers beside
    the half-step rule of thumb)."""
    table = ability_table
    url = reverse("ability_action_new", args=[table.campaign.pk])
    page = table.client("player").get(url, {"character": table.character.pk})
    # Climbing d8 alone against Hard d8, no position die: 36/64 = 9/16.
    assert cell(page, "odds-d8-none") == "56% 9/16"
    odds = reverse("ability_action_odds", args=[table.campaign.pk])
    panel = table.client("player").get(odds, {"character": table.character.pk, "skill": table.climbing.pk,
                                              "boosts": [table.rope.pk]}, **HTMX)
    assert panel.status_code == 200 and "<html" not in panel.text
    # d8 and d6 against d8: 251/384 (sum over d of 1/8 * (1 - P(both below d))).
    assert cell(panel, "odds-d8-none") == "65% 251/384"
    # The highest of d8 and d6 averages the sum over k of P(max >= k) = (48 + 47 + 44 + 39 + 32 + 23
    # + 12 + 6) / 48 = 251/48 = 5.23, like a die of 9.5 sides (a dN averages (N + 1) / 2); the rule of
    # thumb says d9.
    assert "averages 5.23, like one die of 9.5 sides (the text's rule of thumb, a half-step a die, says about a d9)" in words(panel)
    unskilled = table.client("player").get(odds, {"character": table.character.pk, "skill": "unskilled"}, **HTMX)
    assert cell(unskilled, "odds-d4-disadvantage") == "47% 15/32" and "odds-d4-none" not in unskilled.text
    # Another player's character is not theirs to build a roll for: an empty panel.
    assert "odds-d" not in table.client("other_player").get(odds, {"character": table.character.pk}, **HTMX).text


def test_a_player_is_told_where_their_character_may_help_and_not_where_it_may_not(ability_table):
    """"If another player has indicated they wish to provide assistance through teamwork, the
    character who is providing assistance goes first": once the director has called it, the other
    player's banner leads to the roll; not while their own character has a roll on its way."""
    table = ability_table
    waiting = reverse("waiting", args=[table.campaign.pk])
    _, action = start(table, skill=table.climbing.pk)
    assert 'data-testid="may-help"' not in table.client("other_player").get(waiting).text  # the director first
    direct(table, action, 6)
    banner = words(table.client("other_player").get(waiting))
    assert "Ada is about to roll (Climb the collapsed tower): Bruno may help with teamwork." in banner
    assert 'data-testid="may-help"' not in table.client("player").get(waiting).text
    _, own = start(table, who="other_player", character=table.bruno, intent="Hold the rope")
    assert 'data-testid="may-help"' not in table.client("other_player").get(waiting).text
    page = table.client("other_player").get(action.get_absolute_url())
    assert "Help: roll teamwork" not in page.text
    step(table, "other_player", "ability_help", action, {"helper": table.bruno.pk, "skill": table.athletics.pk})
    assert not Help.objects.exists()


def test_a_quick_action_roll_says_what_it_is_for(ability_table):
    table = ability_table
    response = table.client("player").post(reverse("ability_quick", args=[table.campaign.pk]), {
        "character": table.character.pk, "skill": table.climbing.pk, "difficulty": 8, "goal": "", "key": "q"})
    assert "Say what the roll is for." in response.text and not Roll.objects.exists()


def test_the_form_sent_again_after_its_roll_lands_on_it_and_a_new_action_starts_afresh(ability_table, dice):
    table = ability_table
    _, action = start(table, skill="unskilled", intent="Pick the lock")
    direct(table, action, 4)
    dice(3, 1, 4)
    step(table, "player", "ability_roll", action)
    roll = Roll.objects.get(kind="ability")
    again, _ = start(table, skill="unskilled", intent="Pick the lock")  # the back button, then send
    assert again.url == roll.get_absolute_url() and not Action.objects.exists()
    page = table.client("player").get(reverse("ability_action_new", args=[table.campaign.pk]))
    assert f'value="{roll.idempotency_key}"' not in page.text
    _, action = start(table, skill="unskilled", intent="Pick the next lock")
    direct(table, action, 4)
    dice(4, 1, 1)
    step(table, "player", "ability_roll", action)
    assert Roll.objects.filter(kind="ability").count() == 2
