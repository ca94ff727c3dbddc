"""The action roll wizard, through the views, with scripted dice ("Action Roll", "Momentum",
"Consequences", "Determination Roll", "Team Work")."""

import re
from fractions import Fraction

import pytest
from django.urls import reverse

from charge.landed import aftermath
from charge.models import Setup
from clocks.models import ClockChange
from gamerules.charge import Outcome, odds, percentages
from rolls.models import Roll
from tests.factories import TalentFactory
from tests.helpers import HTMX, fresh, on_its_way, update_character, wizard


def last_roll():
    return Roll.objects.order_by("-pk").first()


def offer(crew, roll, kind, target, **data):
    """The GM offers a consequence of the roll, falling on a character."""
    return crew.client("gm").post(reverse("roll_consequence", args=[crew.campaign.pk, roll.pk]),
                                  {"kind": kind, "target": target.pk, **data})


def accept(crew, roll, who="player"):
    """The one the consequence falls on accepts it."""
    return crew.client(who).post(reverse("roll_accept", args=[crew.campaign.pk, roll.pk]))


def accepted(crew, kind, **choices):
    """Ada rolls, the GM offers her a consequence of that kind and she accepts it."""
    wizard(crew, **choices)
    roll = last_roll()
    offer(crew, roll, kind, crew.ada)
    accept(crew, roll)
    return roll


def test_a_roll_with_no_bonus_dice_rolls_the_rating_and_gains_momentum_by_the_dial(crew, dice):
    dice(6, 2)
    response = wizard(crew)
    roll = last_roll()
    assert response.url == roll.get_absolute_url()
    assert (roll.pool_size, roll.dice, roll.outcome, roll.dice_sources) == (2, [6, 2], "full", ["rating", "rating"])
    assert (aftermath(roll).risk, aftermath(roll).effect, aftermath(roll).consequence_rating) == (2, 2, 0)
    assert fresh(crew.ada).charge.momentum == 4  # +2 for a 6
    assert roll.result["momentum"] == {str(crew.ada.pk): [2, 4]}


@pytest.mark.parametrize(("faces", "gain"), [((6, 6), 3), ((6, 1), 2), ((5, 4), 1), ((3, 1), 0)])
def test_momentum_gained_is_one_two_three_or_none(crew, dice, faces, gain):
    dice(*faces)
    wizard(crew)
    assert fresh(crew.ada).charge.momentum == 2 + gain


def test_the_xavier_example_push_for_a_die_then_a_partial_ticks_the_alert_clock_by_two(crew, dice):
    # Sneak, risky position, great effect, push for +1d6, rolls a 5: the guard is taken out but
    # the GM ticks 2 segments on an Alert clock.
    dice(5, 2, 1)
    wizard(crew, risk="2", effect="3", pushes=["die"])
    roll = last_roll()
    assert (roll.pool_size, roll.outcome, aftermath(roll).consequence_rating) == (3, "partial", 2)
    assert fresh(crew.ada).charge.momentum == 0  # 2 for the push; a roll with momentum spent gains none
    offer(crew, roll, "complication", crew.ada, clock=crew.alert.pk)
    accept(crew, roll)
    crew.alert.refresh_from_db()
    assert crew.alert.filled == 2
    assert ClockChange.objects.get(clock=crew.alert).roll == roll
    crew.client("player").post(reverse("roll_progress", args=[crew.campaign.pk, roll.pk]), {"clock": crew.vault.pk})
    crew.vault.refresh_from_db()
    assert crew.vault.filled == 3  # great effect


def offer_help(crew, helper, roller, who="other_player"):
    return crew.client(who).post(reverse("character_assist", args=[crew.campaign.pk, helper.pk]),
                                 {"roller": roller.pk if roller else ""})


def test_an_assist_costs_the_helper_one_momentum_and_exposes_them(crew, dice):
    dice(4, 3, 1)
    offer_help(crew, crew.bo, crew.ada)
    wizard(crew, helpers=[crew.bo.pk])
    roll = last_roll()
    assert roll.dice_sources == ["rating", "rating", "assist"]
    assert (fresh(crew.ada).charge.momentum, fresh(crew.bo).charge.momentum) == (2, 1)  # no gain: momentum spent
    offer(crew, roll, "worse_condition", crew.bo)
    accept(crew, roll, "other_player")
    assert fresh(crew.bo).charge.stress == 2


def test_worse_condition_takes_stress_equal_to_the_risk_and_a_full_clock_takes_out(crew, dice):
    update_character(crew.ada.pk, stress=2)
    dice(3, 1)
    accepted(crew, "worse_condition", risk="3")
    ada = fresh(crew.ada)
    assert (ada.charge.stress, ada.charge.taken_out) == (0, True)


@pytest.mark.parametrize(("resist_faces", "stress", "better_risk"), [
    ((3,), 2, False),       # 1-3: it still happens
    ((5,), 1, False),       # 4-5: reduced, one level
    ((6,), 0, False),       # 6: avoided
    ((6, 6), 0, True),      # 66: avoided, and the next roll's risk is lowered
])
def test_resisting_with_a_determination_roll(crew, dice, resist_faces, stress, better_risk):
    dice(4, 1, *resist_faces)
    wizard(crew)
    roll = last_roll()
    offer(crew, roll, "worse_condition", crew.ada)
    key = "resist-" + "-".join(map(str, resist_faces))
    crew.client("player").post(reverse("roll_resist", args=[crew.campaign.pk, roll.pk]),
                               {"burn": len(resist_faces), "key": key})
    ada = fresh(crew.ada)
    assert ada.charge.stress == stress
    assert ada.charge.momentum == 3 - len(resist_faces)  # +1 for the 4, then the momentum burned
    assert ada.charge.better_risk_next is better_risk
    determination = Roll.objects.get(idempotency_key=key)
    assert (determination.parent, determination.kind, determination.dice) == (roll, "determination", list(resist_faces))


def test_a_determination_critical_lowers_the_next_rolls_risk_once(crew, dice):
    update_character(crew.ada.pk, better_risk_next=True)
    dice(6, 1)
    wizard(crew, risk="3")
    assert aftermath(last_roll()).risk == 2
    assert not fresh(crew.ada).charge.better_risk_next
    dice(6, 1)
    wizard(crew, risk="3")
    assert aftermath(last_roll()).risk == 3


def test_protecting_moves_the_consequence_to_the_protector(crew, dice):
    dice(5, 1)
    wizard(crew)
    roll = last_roll()
    offer(crew, roll, "worse_condition", crew.ada)
    crew.client("other_player").post(reverse("roll_protect", args=[crew.campaign.pk, roll.pk]),
                                     {"protector": crew.bo.pk})
    accept(crew, roll, "other_player")
    assert (fresh(crew.ada).charge.stress, fresh(crew.bo).charge.stress) == (0, 2)


def test_reduced_effect_lowers_the_ticks_on_the_progress_clock(crew, dice):
    dice(4, 2)
    wizard(crew, effect="3")
    roll = last_roll()
    client = crew.client("player")
    response = client.post(reverse("roll_progress", args=[crew.campaign.pk, roll.pk]), {"clock": crew.vault.pk}, **HTMX)
    assert "Settle the consequence first" in response.text
    offer(crew, roll, "reduced_effect", crew.ada)
    accept(crew, roll)
    client.post(reverse("roll_progress", args=[crew.campaign.pk, roll.pk]), {"clock": crew.vault.pk})
    crew.vault.refresh_from_db()
    assert crew.vault.filled == 2


def test_escalated_risk_makes_rolls_with_that_action_riskier_until_the_session_ends(crew, dice):
    """"Worse Position": "reduce the position rating by one level for future rolls related to
    that action" (project reading ESCALATION_LASTS_THE_SESSION)."""
    dice(4, 2)
    accepted(crew, "escalated_risk", risk=1)  # suffered at low risk
    ada = fresh(crew.ada)
    assert (ada.charge.escalated_action, ada.charge.escalated_risk) == ("Sneak", 2)
    dice(6, 1)
    wizard(crew)
    assert aftermath(last_roll()).risk == 2  # the wizard starts one level worse than low: moderate
    dice(6, 1)
    wizard(crew, risk=1)  # only the GM sets it lower, and what she sets stands: the roll is not stuck
    assert aftermath(last_roll()).risk == 1 and Roll.objects.count() == 3
    dice(6, 1)
    wizard(crew, action="Finesse", risk=1)  # another action is not affected
    assert aftermath(last_roll()).risk == 1
    assert fresh(crew.ada).charge.escalated_action == "Sneak"  # it lasts: "future rolls"
    crew.client("gm").post(reverse("character_escalation", args=[crew.campaign.pk, crew.ada.pk]))
    assert fresh(crew.ada).charge.escalated_action == ""  # only the GM sets it back (or the session's end)


def test_the_console_shows_an_escalated_floor_and_the_player_cannot_roll_below_the_gms_risk(crew, dice):
    """"Worse Position" (ESCALATION_LASTS_THE_SESSION): each roll with that action starts at the
    worse level, which the console says; a player rolls only at the risk the GM set."""
    dice(4, 2)
    accepted(crew, "escalated_risk", risk=1)
    pending = on_its_way(crew, risk=None)
    console = crew.client("gm").get(reverse("console", args=[crew.campaign.pk])).text
    assert "Escalated: Sneak rolls start at risk moderate until the session ends." in console
    assert re.search(rf'id="set-{pending.pk}-risk-2"\s+checked', console)
    on_its_way(crew, risk=2)
    step = reverse("roll_pending", args=[crew.campaign.pk, pending.pk])
    refused = crew.client("player").post(step, {"risk": 1, "effect": 2, "step": 3, "roll": "1"})
    assert "The GM changed the risk and the effect" in refused.text and Roll.objects.count() == 1


def test_an_escalation_ends_with_the_session(crew, dice):
    dice(4, 2)
    accepted(crew, "escalated_risk")
    assert fresh(crew.ada).charge.escalated_risk == 3  # moderate, one worse: high
    crew.client("gm").post(reverse("session_end", args=[crew.campaign.pk, crew.session.pk]))
    assert (fresh(crew.ada).charge.escalated_action, fresh(crew.ada).charge.escalated_risk) == ("", None)


def test_a_lost_opportunity_refuses_the_same_action_until_another_is_tried(crew, dice):
    dice(2, 1)
    accepted(crew, "lost_opportunity")
    response = wizard(crew)
    assert "Lost opportunity: Sneak did not work. Try another action." in response.text
    assert Roll.objects.count() == 1
    dice(4, 1)
    wizard(crew, action="Finesse")
    assert fresh(crew.ada).charge.lost_action == ""


def test_the_wizard_shows_the_exact_odds_of_gamerules(crew):
    url = reverse("roll_odds", args=[crew.campaign.pk, on_its_way(crew).pk])
    for pushes, pool in (([], 2), (["die"], 3)):
        response = crew.client("player").post(url, {"risk": 2, "effect": 2, "pushes": pushes}, **HTMX)
        chances, shown = odds(pool), percentages(odds(pool))
        for outcome in Outcome:
            assert f"<strong>{shown[outcome]}%</strong>" in response.text
            assert str(chances[outcome]) in response.text
        assert sum(shown.values()) == 100
    assert odds(3)[Outcome.BAD] == Fraction(1, 8)


@pytest.mark.parametrize(("choices", "message"), [
    ({"pushes": ["die", "effect"]}, "This needs 4 momentum and there are only 2."),
    ({"pushes": ["die"], "tension": "The guard calls for help"}, "You can normally get two bonus dice"),
    ({"character": "other"}, "Select a valid choice"),
    ({"action": "Hack"}, "Select a valid choice"),
    ({"cap_lifted": "on", "pushes": ["die"], "tension": "x"}, "You can normally get two bonus dice"),
])
def test_refusals_say_why_and_save_nothing(crew, dice, choices, message):
    if choices.get("character") == "other":
        choices["character"] = crew.bo.pk
    dice(6, 6, 6, 6)
    response = wizard(crew, **choices)
    assert message in response.text
    assert not Roll.objects.exists()
    assert (fresh(crew.ada).charge.momentum, fresh(crew.bo).charge.momentum) == (2, 2)


def test_a_gm_lifts_the_cap(crew, dice):
    crew.ada.owner = crew.gm  # the GM rolls for their own character here
    crew.ada.save()
    dice(6, 1, 1, 1)
    wizard(crew, who="gm", pushes=["die"], tension="Reinforcements arrive", cap_lifted="on")
    assert last_roll().pool_size == 4


def test_a_double_submit_rolls_once_and_spends_once(crew, dice):
    client = crew.client("player")
    pending = on_its_way(crew)
    data = {"key": pending.key, "risk": 2, "effect": 2, "pushes": ["die"], "step": 3, "roll": "1"}
    dice(4, 1, 1, 6, 6, 6)
    first = client.post(pending.get_absolute_url(), data)
    second = client.post(pending.get_absolute_url(), data)  # the roll is no longer on its way
    assert first.url == second.url == Roll.objects.get().get_absolute_url()
    assert Roll.objects.count() == 1
    assert fresh(crew.ada).charge.momentum == 0


def test_a_taken_out_character_must_push_to_act(crew, dice):
    update_character(crew.ada.pk, taken_out=True)
    response = wizard(crew)
    assert "must push themselves (2 momentum) to act" in response.text
    dice(5, 1)
    wizard(crew, pushes=["taken_out"])
    assert fresh(crew.ada).charge.momentum == 0


def test_talents_whose_situation_applies_add_their_bonus(crew, dice):
    talent = TalentFactory(character=crew.ada, slot=2, kind="die", action="Sneak", situation="at night")
    dice(6, 1, 1)
    wizard(crew, talents=[talent.pk])
    roll = last_roll()
    assert roll.dice_sources == ["rating", "rating", "talent"]
    assert fresh(crew.ada).charge.momentum == 4  # talents are free: the roll still gains momentum


def test_a_setup_gives_the_follower_its_chosen_benefit(crew, dice):
    dice(5, 1)
    wizard(crew, setup="on")
    setup = last_roll()
    assert setup.kind == "setup"
    crew.client("player").post(reverse("roll_setup", args=[crew.campaign.pk, setup.pk]), {"benefit": "effect"})
    dice(6, 1)
    wizard(crew, who="other_player", character=crew.bo.pk, action="Muscle", effect="2",
           setup_from=setup.pk)
    assert aftermath(last_roll()).effect == 3


def test_a_flashback_paid_in_the_wizard_spends_momentum_and_gains_none(crew, dice):
    """The player marks the roll a flashback; the GM prices it with the risk and the effect."""
    dice(6, 1)
    wizard(crew, flashback="on", price=1)
    assert fresh(crew.ada).charge.momentum == 1
    assert last_roll().choices["flashback_cost"] == 1


def test_the_dice_are_drawn_as_faces_with_the_read_die_marked(crew, dice):
    dice(2, 5)
    wizard(crew)
    page = crew.client("other_player").get(last_roll().get_absolute_url()).text
    assert 'aria-label="5, the die read"' in page
    assert 'aria-label="2"' in page
    assert "Partial success" in page


def test_a_zero_dice_roll_reads_the_lowest_of_two(crew, dice):
    dice(6, 4)
    wizard(crew, action="Muscle")
    roll = last_roll()
    assert (roll.pool_size, roll.dice, roll.outcome) == (0, [6, 4], "partial")
    page = crew.client("player").get(roll.get_absolute_url()).text
    assert "two were rolled and the lowest is read" in page
    assert 'aria-label="4, the die read"' in page


def test_a_quick_charge_roll_reads_effect_from_the_dice_and_skips_risk(crew, dice):
    Setup.objects.filter(campaign=crew.campaign.pk).update(ruleset="quick_charge")
    update_character(crew.ada.pk, action_dots={"Talk": 2, "Move": 2})
    client = crew.client("player")
    url = reverse("roll_new", args=[crew.campaign.pk])
    page = client.get(url)
    key = re.search(r'name="key" value="([^"]+)"', page.text).group(1)
    step = client.post(url, {"key": key, "character": crew.ada.pk, "action": "Talk", "step": 1}, follow=True)
    assert "Even the odds" in step.text  # nothing waits for the GM: the dice read risk and effect
    dice(6, 6)
    client.post(step.redirect_chain[-1][0], {"step": 3, "effect": "0", "risk": "2", "roll": "1"})
    assert (aftermath(last_roll()).effect, fresh(crew.ada).charge.momentum) == (3, 5)
