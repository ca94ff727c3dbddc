"""Checks played through the views with scripted dice, the campaign's state asserted after each
("Gather your Dice Pool", "Roll the Dice", "The Result", "Action Points", "Clocks & Extended
Checks"). Dice are scripted in the order they are thrown: every PLUS, then every MINUS."""

from fractions import Fraction
from itertools import product

from django.urls import reverse

from advantage.models import Check, Flaw, Sheet
from clocks.models import Clock
from rolls.models import Roll
from tests.helpers import cell, words

HTMX = {"HTTP_HX_REQUEST": "true"}


def start(table, who="player", character=None, intent="Slip past the drone", **data):
    character = character or table.character
    posted = {"character": character.pk, "key": f"k-{character.pk}-{intent}", "intent": intent, **data}
    response = table.client(who).post(reverse("advantage_check_new", args=[table.campaign.pk]), posted)
    return response, Check.objects.filter(character=character).first()


def step(table, who, name, check, data=None, htmx=False):
    return table.client(who).post(reverse(name, args=[table.campaign.pk, check.pk]), data or {}, **(HTMX if htmx else {}))


def factor(table, who, check, kind, **data):
    return step(table, who, "advantage_factor", check, {"kind": kind, **data}, htmx=True)


def sheet(character) -> Sheet:
    return Sheet.objects.get(character=character)


def odds_by_enumeration(plus, minus) -> dict[str, Fraction]:
    """An independent reading of reading 2 over every face: drop 1-3s, cancel pairs, count."""
    counts = {"major": 0, "minor": 0, "hollow": 0}
    for faces in product(range(1, 7), repeat=plus + minus):
        kept_plus = sum(face > 3 for face in faces[:plus])
        kept_minus = sum(face > 3 for face in faces[plus:])
        left = kept_plus - kept_minus
        counts["major" if left > 0 else "minor" if left >= -1 else "hollow"] += 1
    return {key: Fraction(n, 6 ** (plus + minus)) for key, n in counts.items()}


def test_the_table_builds_the_pool_every_contributor_named_and_the_gm_has_the_last_word(advantage_table, dice):
    """Skill (rank 2), each expertise (+1), the drive (+1) against the drone's Toughness (3); the
    players suggest a situation, the environment, a gear feature, a condition and the enemy's
    condition; the GM invokes a wound (level 2: 2 MINUS). 8 PLUS against 7 MINUS."""
    table = advantage_table
    response, check = start(table, skill=table.skill.pk, expertise=[table.sneak.pk, table.disguise.pk],
                            threat=table.drone.pk, drive="on")
    assert response.status_code == 302 and response.url == check.get_absolute_url()
    factor(table, "player", check, "situation", dice=1, name="Time to prepare")
    factor(table, "other_player", check, "environment", dice=-1, name="Bright floodlights")
    factor(table, "player", check, "gear", ref=table.camo.pk)
    factor(table, "player", check, "condition", ref=table.condition.pk)
    factor(table, "other_player", check, "enemy-condition", name="Blinded")
    refused = factor(table, "player", check, "wound", ref=table.wound.pk, dice=-2)
    assert "Only the GM invokes a wound." in refused.text
    factor(table, "gm", check, "wound", ref=table.wound.pk, dice=-2)
    page = words(table.client("other_player").get(check.get_absolute_url()))
    for line in ("Skill: Subterfuge +2 PLUS", "Expertise: Disguise +1 PLUS", "Expertise: Sneak +1 PLUS",
                 "Drive: Free my brother +1 PLUS", "Toughness: Security drone +3 MINUS",
                 "Situation: Time to prepare +1 PLUS", "Environment: Bright floodlights +1 MINUS",
                 "Gear: Chameleon cloak: Active camouflage +1 PLUS", "Your condition: Exhausted +1 MINUS",
                 "The enemy's condition: Blinded +1 PLUS", "Wound: Cracked rib +2 MINUS", "The pool: 8 PLUS, 7 MINUS"):
        assert line in page, line
    assert "the GM has the last word on the pool" in page
    assert step(table, "player", "advantage_roll", check, htmx=True).status_code == 200
    assert not Roll.objects.exists()  # not before the GM's word
    assert step(table, "player", "advantage_confirm", check).status_code == 404
    step(table, "gm", "advantage_confirm", check)
    check.refresh_from_db()
    assert check.confirmed
    # Another suggestion after her word waits for it again.
    factor(table, "other_player", check, "situation", dice=-1, name="Rushed")
    check.refresh_from_db()
    assert not check.confirmed and check.stage == "build"
    removed = check.factors.get(name="Rushed").pk
    assert "Only the GM strikes" in step(table, "player", "advantage_factor_remove", check, {"factor": removed}, htmx=True).text
    step(table, "other_player", "advantage_factor_remove", check, {"factor": removed})
    step(table, "gm", "advantage_confirm", check)
    dice(6, 6, 5, 4, 2, 1, 3, 3, 6, 5, 4, 4, 1, 2, 3)
    step(table, "player", "advantage_roll", check)
    roll = Roll.objects.get(kind="check")
    # PLUS 6 6 5 4 (2 1 3 3 discarded); MINUS 6 5 4 4 (1 2 3 discarded): four pairs cancel, nothing left.
    assert roll.dice == [6, 6, 5, 4, 2, 1, 3, 3] and roll.result["minus"] == [6, 5, 4, 4, 1, 2, 3]
    assert (roll.outcome, roll.result["boons"], roll.result["banes"]) == ("minor", 0, 0)
    assert (roll.choices["plus"], roll.choices["minus"]) == (8, 7)


def test_the_exact_odds_follow_the_pool(advantage_table):
    """Major / Minor / Hollow before rolling, against enumeration, as the pool changes."""
    table = advantage_table
    _, check = start(table, skill=table.skill.pk)
    page = table.client("player").get(check.get_absolute_url())
    expected = odds_by_enumeration(2, 0)  # 2 PLUS, no MINUS: 3/4 Major (a 4+ on either), 1/4 Minor
    assert expected == {"major": Fraction(3, 4), "minor": Fraction(1, 4), "hollow": 0}
    assert cell(page, "odds-major") == "75% 3/4"
    factor(table, "player", check, "situation", dice=-1, name="Rushed")
    factor(table, "player", check, "environment", dice=-1, name="Rain")
    page = table.client("player").get(check.get_absolute_url())
    expected = odds_by_enumeration(2, 2)
    # By hand: each die is kept (4-6) with chance 1/2. Major when more PLUS kept: (1, 0) 1/8, (2, 0)
    # 1/16, (2, 1) 1/8 = 5/16; Hollow only with both MINUS kept and no PLUS: 1/16; Minor the rest, 5/8.
    assert expected == {"major": Fraction(5, 16), "minor": Fraction(5, 8), "hollow": Fraction(1, 16)}
    for outcome, chance in expected.items():
        assert cell(page, f"odds-{outcome}").endswith(f"% {chance}"), (outcome, chance)


def test_zero_plus_rolls_one_plus_and_one_more_minus(advantage_table, dice):
    """"If for any reason you have 0 PLUS. Roll 1 PLUS but add an additional 1 MINUS"."""
    table = advantage_table
    _, check = start(table, threat=table.drone.pk)
    page = words(table.client("player").get(check.get_absolute_url()))
    assert "To roll: 1 PLUS and 4 MINUS (0 PLUS: roll 1 PLUS and add 1 MINUS)" in page
    step(table, "gm", "advantage_confirm", check)
    dice(4, 6, 6, 2, 1)
    step(table, "player", "advantage_roll", check)
    roll = Roll.objects.get()
    # PLUS 4 cancels one MINUS (the plain 4-5s first: none, so a 6); one MINUS 6 left: Minor, 1 Bane.
    assert (roll.outcome, roll.result["boons"], roll.result["banes"]) == ("minor", 0, 1)
    # "When a check results in any number of Banes gain 1 AP": already full (3 of 3).
    assert sheet(table.character).ap == 3


def test_action_points_improve_the_result_ignore_banes_and_come_back_from_a_boon(advantage_table, dice):
    """"Improve Result: Spend 1 AP ... Hollow -> Minor -> Major. Any Banes still add additional
    Consequences"; "Ignore Banes: Spend 1 AP ... Treat ignored 6 as if they are showing a 5";
    "You can spend a Boon to gain 1 AP"; and the clock marked by what is left ("Positive Clock":
    Major 2, Minor 1, Hollow 0, Boons add, Banes remove)."""
    table = advantage_table
    vault = Clock.objects.create(campaign=table.campaign, name="Crack the Vault", size=6, who_may_tick="members")
    _, check = start(table, skill=table.skill.pk, clock=vault.pk)
    for name in ("Rushed", "Rain", "Noise"):
        factor(table, "player", check, "situation", dice=-1, name=name)
    step(table, "gm", "advantage_confirm", check)
    dice(2, 1, 6, 6, 6)  # PLUS 2 1: both discarded; MINUS 6 6 6: Hollow, 3 Banes
    step(table, "player", "advantage_roll", check)
    roll = Roll.objects.get()
    assert (roll.outcome, roll.result["banes"]) == ("hollow", 3)
    Sheet.objects.filter(character=table.character).update(ap=2)
    step(table, "player", "advantage_spend", check, {"spend": "improve"})
    assert step(table, "other_player", "advantage_spend", check, {"spend": "improve"}).status_code == 404
    step(table, "player", "advantage_spend", check, {"spend": "ignore-banes"})
    roll.refresh_from_db()
    assert (roll.outcome, roll.result["improved"], roll.result["ignored_banes"]) == ("minor", 1, True)
    assert sheet(table.character).ap == 0
    # No AP and no Boon left: nothing more to decide, the check is done at once.
    vault.refresh_from_db()
    assert vault.filled == 1  # Minor 1, the Banes ignored
    assert not Check.objects.exists()
    page = words(table.client("other_player").get(roll.get_absolute_url()))
    assert "Minor success" in page and "Rolled hollow success, improved 1 level with Action Points." in page
    assert "Crack the Vault 0 → 1" in page


def test_a_boon_spent_on_ap_no_longer_marks_the_clock_and_banes_mark_a_negative_one(advantage_table, dice):
    table = advantage_table
    alert = Clock.objects.create(campaign=table.campaign, name="Security on High Alert", kind="danger", size=6,
                                 who_may_tick="members")
    _, check = start(table, skill=table.skill.pk, clock=alert.pk)
    factor(table, "player", check, "situation", dice=-1, name="Rushed")
    step(table, "gm", "advantage_confirm", check)
    Sheet.objects.filter(character=table.character).update(ap=1)
    dice(6, 6, 4)  # two PLUS 6s, one MINUS 4: the 4 cancels... a 6 (no plain PLUS): Major, 1 Boon
    step(table, "player", "advantage_roll", check)
    roll = Roll.objects.get()
    assert (roll.outcome, roll.result["boons"], roll.result["banes"]) == ("major", 1, 0)
    step(table, "player", "advantage_spend", check, {"spend": "boon"})
    assert sheet(table.character).ap == 2
    step(table, "player", "advantage_done", check)
    alert.refresh_from_db()
    # "Negative Clock": Major marks zero, Boons remove; the Boon is spent: nothing moves.
    assert alert.filled == 0


def test_trauma_adds_two_minus_each_until_toughed_out(advantage_table):
    """"Add 2 MINUS for each Trauma you have. Added regardless"; "Taking Harm that results in a
    Trauma grants 1 AP"; "Tough it Out: Ignore the MINUS penalty of a single Trauma until the
    adrenaline wears off" (the GM ends it)."""
    table = advantage_table
    character, url = table.character, lambda name: reverse(name, args=[table.campaign.pk, table.character.pk])
    Sheet.objects.filter(character=character).update(ap=1)
    table.client("player").post(url("advantage_trauma"))
    table.client("player").post(url("advantage_trauma"))
    assert (sheet(character).trauma, sheet(character).ap) == (2, 3)
    _, check = start(table, skill=table.skill.pk)
    assert "Trauma (2) +4 MINUS" in words(table.client("player").get(check.get_absolute_url()))
    table.client("player").post(url("advantage_ap_spend"), {"spend": "tough"})
    assert (sheet(character).tough, sheet(character).ap) == (1, 2)
    assert "Trauma (1) +2 MINUS" in words(table.client("player").get(check.get_absolute_url()))
    assert table.client("player").post(url("advantage_adrenaline")).status_code == 404
    table.client("gm").post(url("advantage_adrenaline"))
    assert sheet(character).tough == 0


def test_a_flaw_adds_minus_and_gives_back_ap_once_per_job(advantage_table, dice):
    """"Add 1 MINUS if you or the GM invoke a relevant Flaw ... Regain 1 Action Point. This can be
    done once per-job, per-flaw"; "start each job with a full pool"."""
    table = advantage_table
    table.client("gm").post(reverse("advantage_job_start", args=[table.campaign.pk]), {"name": "The Arcology heist"})
    Sheet.objects.filter(character=table.character).update(ap=1)
    _, check = start(table, skill=table.skill.pk)
    factor(table, "player", check, "flaw", ref=table.flaw.pk)
    assert "Flaw: Reckless +1 MINUS" in words(table.client("player").get(check.get_absolute_url()))
    step(table, "gm", "advantage_confirm", check)
    dice(5, 5, 4)
    step(table, "player", "advantage_roll", check)
    assert sheet(table.character).ap == 2
    assert Flaw.objects.get().invoked_in.name == "The Arcology heist"
    step(table, "player", "advantage_done", check)
    _, again = start(table, skill=table.skill.pk, intent="Again")
    refused = factor(table, "player", again, "flaw", ref=table.flaw.pk)
    assert "Reckless was invoked already this job" in words(refused)
    table.client("gm").post(reverse("advantage_job_end", args=[table.campaign.pk]))
    assert sheet(table.character).ap == 3  # "At the end of a Job, restore AP back to its maximum"
    table.client("gm").post(reverse("advantage_job_start", args=[table.campaign.pk]), {"name": "The next one"})
    factor(table, "player", again, "flaw", ref=table.flaw.pk)
    again.refresh_from_db()
    assert [f.kind for f in again.factors.all()] == ["flaw"]


def test_complicated_help_adds_plus_for_each_major_or_minor(advantage_table, dice):
    """"For more complicated assistance, the people helping may need to make their own checks
    first ... each Major or Minor Success adds +1 PLUS"; simple help, +1 however many."""
    table = advantage_table
    _, target = start(table, skill=table.skill.pk)
    _, helper = start(table, who="other_player", character=table.bruno, intent="Cause a distraction", assisting=target.pk)
    step(table, "gm", "advantage_confirm", helper)
    dice(5)  # 0 PLUS: 1 PLUS and 1 MINUS; the MINUS comes next
    dice(5, 2)
    step(table, "other_player", "advantage_roll", helper)
    step(table, "other_player", "advantage_done", helper)
    target.refresh_from_db()
    assert [(f.kind, f.dice) for f in target.factors.all()] == [("assistance", 1)]
    assert "Assistance: Bruno's check (major success) +1 PLUS" in words(table.client("player").get(target.get_absolute_url()))
    factor(table, "other_player", target, "assistance")
    factor(table, "gm", target, "assistance")
    target.refresh_from_db()
    assert [f.name for f in target.factors.all()] == ["Bruno's check (major success)", "Simple help"]


def test_each_pool_is_capped_at_ten(advantage_table):
    table = advantage_table
    table.skill.rank = 10
    table.skill.save()
    _, check = start(table, skill=table.skill.pk, expertise=[table.sneak.pk])
    assert "To roll: 10 PLUS and 0 MINUS (each pool at most 10)" in words(table.client("player").get(check.get_absolute_url()))


def test_pages_for_every_role_and_bad_input(advantage_table):
    table = advantage_table
    response, check = start(table, intent="")
    assert check is None and "Say what your character attempts, and how." in response.text
    _, check = start(table, skill=table.skill.pk)
    for who in ("player", "other_player", "gm"):
        full = table.client(who).get(check.get_absolute_url())
        panel = table.client(who).get(check.get_absolute_url(), {"panel": "check"}, **HTMX)
        assert full.status_code == panel.status_code == 200 and "<html" not in panel.text
        assert ("The pool is right: let them roll" in full.text) is (who == "gm")
    assert table.client("outsider").get(check.get_absolute_url()).status_code == 404
    assert "Choose what the factor is." in factor(table, "player", check, "bribery", dice=1, name="x").text
    assert "Situation: +1 or -1." in factor(table, "player", check, "situation", dice=3, name="x").text
    assert "Name the factor" in factor(table, "player", check, "situation", dice=1, name="").text
    assert not check.factors.exists()
    assert "already has a check on its way" in start(table, skill=table.skill.pk, intent="Another")[0].text


def test_the_others_are_told_a_pool_is_being_built_and_a_full_pool_keeps_its_boon(advantage_table, dice):
    table = advantage_table
    waiting = reverse("waiting", args=[table.campaign.pk])
    _, check = start(table, skill=table.skill.pk)
    banner = words(table.client("other_player").get(waiting))
    assert "Ada's check (Slip past the drone) is building its pool: suggest what helps or hinders." in banner
    assert 'data-testid="may-suggest"' not in table.client("player").get(waiting).text
    assert "A flaw is invoked by its player or the GM." in words(factor(table, "other_player", check, "flaw", ref=table.flaw.pk))
    step(table, "gm", "advantage_confirm", check)
    assert 'data-testid="may-suggest"' not in table.client("other_player").get(waiting).text
    dice(6, 2)  # a Boon, at 3 of 3 AP: a Major success, nothing to spend, done at once
    step(table, "player", "advantage_roll", check)
    roll = Roll.objects.get()
    assert roll.result["settled"] and not Check.objects.exists()
    assert "Spend a Boon" not in table.client("player").get(roll.get_absolute_url()).text
    step(table, "player", "advantage_spend", check, {"spend": "boon"}, htmx=True)  # a page left open: nothing changes
    roll.refresh_from_db()
    assert roll.result["boons_spent"] == 0 and sheet(table.character).ap == 3


def test_a_check_with_no_skill_that_fits_rolls_one_plus_and_one_more_minus(advantage_table):
    table = advantage_table
    _, check = start(table, skill="")
    assert check.skill is None
    assert "To roll: 1 PLUS and 1 MINUS (0 PLUS: roll 1 PLUS and add 1 MINUS)" in words(
        table.client("player").get(check.get_absolute_url()))


def test_the_form_sent_again_after_its_roll_lands_on_it_and_a_new_check_starts_afresh(advantage_table, dice):
    table = advantage_table
    _, check = start(table, threat=table.drone.pk)
    step(table, "gm", "advantage_confirm", check)
    dice(4, 6, 6, 2, 1)
    step(table, "player", "advantage_roll", check)
    step(table, "player", "advantage_done", check)
    roll = Roll.objects.get()
    again, _ = start(table, threat=table.drone.pk)  # the back button, then send
    assert again.url == roll.get_absolute_url() and not Check.objects.exists()
    page = table.client("player").get(reverse("advantage_check_new", args=[table.campaign.pk]))
    assert f'value="{roll.idempotency_key}"' not in page.text
    _, check = start(table, threat=table.drone.pk, intent="Slip past the next drone")
    step(table, "gm", "advantage_confirm", check)
    dice(4, 6, 6, 2, 1)
    step(table, "player", "advantage_roll", check)
    assert Roll.objects.count() == 2


def test_a_check_stays_open_while_something_is_left_to_spend(advantage_table, dice):
    """A Major success with a Boon and no AP: the Boon may still buy 1 AP, so the check waits;
    an AP spend is refused and changes nothing; once the Boon is spent the check is done."""
    table = advantage_table
    _, check = start(table, skill=table.skill.pk)
    step(table, "gm", "advantage_confirm", check)
    Sheet.objects.filter(character=table.character).update(ap=0)
    dice(6, 2)
    step(table, "player", "advantage_roll", check)
    assert Check.objects.exists()
    assert "Ada has no Action Point left." in words(step(table, "player", "advantage_spend", check, {"spend": "ignore-banes"},
                                                          htmx=True))
    assert sheet(table.character).ap == 0 and Check.objects.exists()
    step(table, "player", "advantage_spend", check, {"spend": "boon"})
    roll = Roll.objects.get()
    assert (roll.result["boons_spent"], roll.result["settled"], sheet(table.character).ap) == (1, True, 1)
    assert not Check.objects.exists()
