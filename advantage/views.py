"""The Advantage & Threat pages: the sheet (registered as the system's sheet), a check built with
the table and rolled, and the GM's threats and jobs. Each works without htmx; with it, each
answers its panel."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from advantage import actions, crew
from advantage.models import Check, Crew, Threat
from campaign.access import gm_membership_or_404, membership_or_404
from characters.sheet_pages import SheetPages, sheet_texts
from characters.views import chosen
from clocks.models import Clock, SeenClock
from core.htmx import answer
from core.keys import refusal_once
from core.posted import posted_text, whole_number
from core.refused import Refused
from gamerules import advantage as rules
from gamerules.chances import shares
from gamerules.clocks import ClockKind
from rolls.models import Roll, new_key
from rolls.playing import PlayedOnItsPage, plainly


def sheet_context(membership, character, **extra) -> dict:
    return {
        "membership": membership, "campaign": membership.campaign, "character": character,
        "sheet": actions.sheet_of(character), "can_edit": character.editable_by(membership),
        "skills": list(character.advantage_skills.prefetch_related("expertise")),
        "flaws": list(character.flaws.all()), "gear": list(character.gear.prefetch_related("features")),
        "conditions": list(character.conditions.all()), "wounds": list(character.wounds.all()),
        "job": actions.current_job(membership.campaign), "check": Check.objects.filter(character=character).first(),
        "text_fields": sheet_texts(membership, character), **extra}


SHEET = SheetPages("advantage/sheet.html", ("adv-ap", "adv-skills", "adv-kit"), sheet_context)
sheet, write = SHEET.sheet, SHEET.write

skill_add = write("adv-skills", lambda request, membership, pk: actions.add_skill(
    membership, pk, posted_text(request, "name", 30), whole_number(request.POST.get("rank"))))
rank = write("adv-skills", lambda request, membership, pk: actions.set_rank(
    membership, pk, whole_number(request.POST.get("skill")), whole_number(request.POST.get("rank"))))
expertise_add = write("adv-skills", lambda request, membership, pk: actions.add_expertise(
    membership, pk, whole_number(request.POST.get("skill")), posted_text(request, "name", 60)))
entry_add = write("adv-kit", lambda request, membership, pk: actions.add_entry(
    membership, pk, request.POST.get("kind", ""), posted_text(request, "name", 120),
    level=whole_number(request.POST.get("level")) or 1, augmentation=request.POST.get("augmentation") == "on"))
feature_add = write("adv-kit", lambda request, membership, pk: actions.add_feature(
    membership, pk, whole_number(request.POST.get("gear")), posted_text(request, "name", 120),
    request.POST.get("plus") != "minus"))
# A skill or an expertise is in the skills panel; everything else in the kit.
entry_remove = write(
    lambda request: "adv-skills" if request.POST.get("kind") in ("skill", "expertise") else "adv-kit",
    lambda request, membership, pk: actions.remove_entry(
        membership, pk, request.POST.get("kind", ""), whole_number(request.POST.get("entry"))))
drive = write("adv-ap", lambda request, membership, pk: actions.set_drive(
    membership, pk, posted_text(request, "drive", 200)))
trauma = write("adv-ap", lambda request, membership, pk: actions.take_trauma(membership, pk))
heal = write("adv-ap", lambda request, membership, pk: actions.heal_trauma(membership, pk), gm=True)
ap_spend = write("adv-ap", lambda request, membership, pk: actions.spend_ap(
    membership, pk, request.POST.get("spend", ""), posted_text(request, "words", 200)))
adrenaline = write("adv-ap", lambda request, membership, pk: actions.adrenaline_wears_off(membership, pk), gm=True)
ap_set = write("adv-ap", lambda request, membership, pk: actions.set_ap(
    membership, pk, whole_number(request.POST.get("ap")), whole_number(request.POST.get("ap_max"))), gm=True)
ap_advance = write("adv-ap", lambda request, membership, pk: actions.advance_ap(membership, pk), gm=True)


# The GM's threats and jobs -------------------------------------------------------------------

def _console(request, campaign_id, act):
    membership = gm_membership_or_404(request, campaign_id)
    error = refusal_once(request, lambda: act(membership))
    membership.campaign.refresh_from_db()
    return answer(request, "advantage/tiles.html#console-top", lambda: gm_context(membership),
                  reverse("console", args=[campaign_id]), error)


def gm_context(membership) -> dict:
    """The threats on the table and the job under way: the console's first row, and the table's."""
    return {"membership": membership, "campaign": membership.campaign,
            "adv_threats": list(Threat.objects.filter(campaign=membership.campaign)),
            "job": actions.current_job(membership.campaign),
            "crew": Crew.objects.filter(campaign=membership.campaign).select_related("status", "hostility").first()}


@login_required
@require_POST
def threat_add(request, campaign_id):
    return _console(request, campaign_id, lambda m: crew.add_threat(
        m, posted_text(request, "name", 120), whole_number(request.POST.get("toughness")),
        posted_text(request, "conditions", 300)))


@login_required
@require_POST
def threat_change(request, campaign_id, foe_id):
    damage = whole_number(request.POST.get("damage")) or 0
    conditions = posted_text(request, "conditions", 300) if "conditions" in request.POST else None
    return _console(request, campaign_id, lambda m: crew.change_threat(m, foe_id, damage=damage, conditions=conditions))


@login_required
@require_POST
def threat_remove(request, campaign_id, foe_id):
    return _console(request, campaign_id, lambda m: crew.remove_threat(m, foe_id))


@login_required
@require_POST
def job_start(request, campaign_id):
    return _console(request, campaign_id, lambda m: crew.start_job(m, posted_text(request, "name", 120)))


@login_required
@require_POST
def job_end(request, campaign_id):
    return _console(request, campaign_id, crew.end_job)


@login_required
@require_POST
def crew_clocks(request, campaign_id):
    return _console(request, campaign_id, crew.keep_crew_clocks)


@login_required
@require_POST
def crew_tick(request, campaign_id, roll_id):
    """A check's consequence ticks the crew's Status or Hostility: the GM's, from the roll's page."""
    membership = gm_membership_or_404(request, campaign_id)
    roll = get_object_or_404(Roll, campaign=membership.campaign, pk=roll_id)
    error = refusal_once(request, lambda: crew.tick_crew_clock(membership, roll.pk, request.POST.get("clock", "")))
    if error:
        messages.error(request, error)
    return redirect(roll)


# A check -------------------------------------------------------------------------------------

def _chosen(request, membership):
    characters = list(membership.campaign.characters.editable_by(membership))
    return characters, chosen(request, characters)


@login_required
@require_http_methods(["GET", "POST"])
def check_new(request, campaign_id):
    """What the character attempts and how: the skill and its expertise, the threat it faces, the
    drive, the clock it works on, or the check it assists. The pool is built on the next page."""
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    characters, character = _chosen(request, membership)
    if request.method == "GET" and character and (on_its_way := Check.objects.filter(character=character).first()):
        return redirect(on_its_way)
    error = ""
    if request.method == "POST" and character:
        start = actions.CheckStart(
            character_id=character.pk, intent=posted_text(request, "intent", 300),
            skill_id=whole_number(request.POST.get("skill")),
            expertise_ids=tuple(n for n in map(whole_number, request.POST.getlist("expertise")) if n is not None),
            threat_id=whole_number(request.POST.get("threat")), drive=request.POST.get("drive") == "on",
            clock_id=whole_number(request.POST.get("clock")), assisting_id=whole_number(request.POST.get("assisting")))
        try:
            return redirect(actions.start_check(membership, start, posted_text(request, "key", 64) or new_key()))
        except Refused as refusal:
            error = str(refusal)
    skills = list(character.advantage_skills.prefetch_related("expertise")) if character else []
    threats = list(Threat.objects.filter(campaign=campaign))
    # Started from a skill or an expertise on the sheet, they are chosen already; a lone threat on
    # the table is the one faced ("start with Skill + Expertise VS Threat Rating").
    data = request.POST if request.method == "POST" else request.GET
    skill_id = whole_number(data.get("skill"))
    return render(request, "advantage/check_new.html", {
        "membership": membership, "campaign": campaign, "characters": characters, "character": character,
        "sheet": actions.sheet_of(character) if character else None, "skills": skills, "threats": threats,
        "skill_id": skill_id if any(skill.pk == skill_id for skill in skills) else skills[0].pk if skills else None,
        "expertise_ids": {n for n in map(whole_number, data.getlist("expertise")) if n is not None},
        "threat_id": whole_number(data.get("threat")) if "threat" in data else threats[0].pk if len(threats) == 1 else None,
        "clocks": [c for c in Clock.objects.visible_to(membership).active().filter(campaign=campaign)
                   if c.tickable_by(membership) and c.rules_kind is not ClockKind.STRESS],
        "assistable": list(Check.objects.open_for(membership).filter(roll__isnull=True).exclude(character=character)),
        "key": posted_text(request, "key", 64) or new_key(), "error": error, "posted": request.POST})


def check_context(membership, check) -> dict:
    sheet = actions.sheet_of(check.character)
    parts = actions.contributors(check, sheet)
    plus, minus, plus_dice, minus_dice = actions.pool(check, sheet)
    character = check.character
    job = actions.current_job(membership.campaign)
    context = {
        "membership": membership, "campaign": membership.campaign, "check": check, "sheet": sheet,
        "parts": parts, "plus": plus, "minus": minus, "plus_dice": plus_dice, "minus_dice": minus_dice,
        "may_play": character.editable_by(membership), "roll": check.roll,
        "features": [f for g in character.gear.prefetch_related("features") for f in g.features.all()],
        "conditions": list(character.conditions.all()), "wounds": list(character.wounds.all()),
        "flaws": [f for f in character.flaws.all() if job is None or f.invoked_in_id != job.pk],
        "enemy_conditions": check.threat.condition_list if check.threat else [],
        # A GM may point a check at a clock players do not know of: only its name as they may see it.
        "clock": check.clock if check.clock and SeenClock(check.clock, membership).known else None,
        "clock_positive": check.clock is not None and check.clock.rules_kind not in (ClockKind.DANGER, ClockKind.COMPLICATION),
    }
    if check.roll:
        result = actions.result_of(check.roll)
        context.update(outcome=rules.Outcome(check.roll.outcome), result=result,
                       read=rules.read_check(check.roll.dice, result.minus), gained=actions.gained_words(result))
    else:
        odds = rules.check_odds(plus_dice, minus_dice)
        context.update(odds=shares({outcome: odds[outcome] for outcome in rules.Outcome}),
                       expected=rules.expected_boons_and_banes(plus_dice, minus_dice))
    return context


CHECK = PlayedOnItsPage(Check, "advantage/check.html", "check", check_context,
                        lambda pk: {"choices__check": pk, "kind": "check"})
check = CHECK.page()
factor = CHECK.step(lambda request, m, pk: actions.add_factor(
    m, pk, request.POST.get("kind", ""), whole_number(request.POST.get("dice")) or 1,
    posted_text(request, "name", 120), whole_number(request.POST.get("ref"))), anyone=True)
factor_remove = CHECK.step(lambda request, m, pk: actions.remove_factor(
    m, pk, whole_number(request.POST.get("factor"))), anyone=True)
check_confirm = CHECK.step(plainly(actions.confirm), gm=True)
check_roll = CHECK.step(plainly(actions.roll_check))
check_spend = CHECK.step(lambda request, m, pk: actions.spend_on_check(m, pk, request.POST.get("spend", "")))
check_done = CHECK.step(plainly(actions.done))
check_withdraw = CHECK.step(plainly(actions.withdraw))


def checks_context(membership) -> dict:
    """What is on its way in an Advantage & Threat campaign, for the table and the console: the
    checks, and the threats on the table."""
    return {"checks": list(Check.objects.open_for(membership)), **gm_context(membership)}


def waiting(request, membership, on: str):
    """The checks waiting for this member: for a GM, pools waiting for her word; for a player, her
    characters' checks, and the others' pools being built, where she may suggest a factor. Not the
    one whose page this is (``on``)."""
    checks, building = [], []
    for check in Check.objects.open_for(membership):
        if check.get_absolute_url() == on:
            continue
        if check.waits_for_gm if membership.is_gm else check.character.editable_by(membership):
            checks.append(check)
        elif not membership.is_gm and check.stage == "build":
            building.append(check)
    return (f"{CHECK.template}#waiting", {"membership": membership, "campaign": membership.campaign,
                                 "checks": checks, "building": building, "on": on})


def roll_page(request, membership, roll):
    """A check in the log: every contributor, both colours of dice, what was cancelled, the
    outcome, Boons and Banes, the Action Points, and the clock as this viewer may see it."""
    changes = [(SeenClock(change.clock, membership), change)
               for change in roll.clock_changes.select_related("clock").order_by("pk")]
    result = actions.result_of(roll)
    return render(request, "advantage/roll.html", {
        "membership": membership, "campaign": membership.campaign, "roll": roll, "result": result,
        "chosen": actions.choices_of(roll),
        "read": rules.read_check(roll.dice, result.minus), "outcome": rules.Outcome(roll.outcome),
        "gained": actions.gained_words(result),
        "clock_changes": [(seen, change) for seen, change in changes if seen.known],
        "crew_ticks": crew.crew_ticks(membership.campaign, roll).items() if membership.is_gm else ()})
