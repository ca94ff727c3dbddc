"""The Ability vs Difficulty pages: the sheet (registered as the system's sheet), an action roll
step by step in the text's order, teamwork, and quick action rolls. Each works without htmx;
with it, each answers its panel."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from ability import actions
from ability.models import DIFFICULTY_DICE, SKILL_DICE, Action, Position
from ability.odds import outlook
from campaign.access import gm_membership_or_404, membership_or_404
from characters.sheet_pages import SheetPages, sheet_texts
from characters.views import chosen
from clocks.models import Clock, SeenClock
from core.htmx import changed
from core.posted import posted_text, whole_number
from core.refused import Refused
from gamerules import ability as rules
from gamerules.clocks import DANGER_KINDS, PROGRESS_KINDS
from rolls.models import new_key
from rolls.playing import PlayedOnItsPage, plainly


def sheet_context(membership, character, **extra) -> dict:
    return {
        "membership": membership, "campaign": membership.campaign, "character": character,
        "sheet": actions.sheet_of(character), "skills": list(character.skills.all()),
        "boosts": list(character.boosts.all()), "can_edit": character.editable_by(membership),
        "action": Action.objects.filter(character=character).first(), "dice": SKILL_DICE,
        "text_fields": sheet_texts(membership, character), "main_first": True, **extra}


SHEET = SheetPages("ability/sheet.html", ("ability-skills", "ability-boosts", "ability-grit"), sheet_context)
sheet, write = SHEET.sheet, SHEET.write

skill_add = write("ability-skills", lambda request, membership, pk: actions.add_skill(
    membership, pk, posted_text(request, "name", 30), whole_number(request.POST.get("die")),
    request.POST.get("specialization") == "on"))
skill_die = write("ability-skills", lambda request, membership, pk: actions.set_skill_die(
    membership, pk, whole_number(request.POST.get("skill")), whole_number(request.POST.get("die"))))
skill_remove = write("ability-skills", lambda request, membership, pk: actions.remove_skill(
    membership, pk, whole_number(request.POST.get("skill"))))
boost_add = write("ability-boosts", lambda request, membership, pk: actions.add_boost(
    membership, pk, posted_text(request, "name", 120), posted_text(request, "applies_to", 120),
    posted_text(request, "constraints", 200), whole_number(request.POST.get("die")), posted_text(request, "benefit", 200)))
boost_remove = write("ability-boosts", lambda request, membership, pk: actions.remove_boost(
    membership, pk, whole_number(request.POST.get("boost"))))
gear = write("ability-grit", lambda request, membership, pk: actions.set_gear(
    membership, pk, posted_text(request, "gear", 2000)))
grit = write("ability-grit", lambda request, membership, pk: actions.set_grit(
    membership, pk, whole_number(request.POST.get("grit"))), gm=True)


@login_required
@require_POST
def dangerous(request, campaign_id):
    """The GM turns "Dangerous Encounters" on or off, from the console."""
    membership = gm_membership_or_404(request, campaign_id)
    actions.set_dangerous(membership, request.POST.get("dangerous") == "on")
    if not request.htmx:
        return redirect("console", campaign_id)
    membership.campaign.refresh_from_db(fields=["system_options"])
    return changed(render(request, "ability/tiles.html#console-top", {"campaign": membership.campaign,
                                                                      "membership": membership}))


# An action roll ------------------------------------------------------------------------------

def _clocks(membership, kinds):
    return list(Clock.objects.visible_to(membership).active().filter(
        campaign=membership.campaign, kind__in=[k.value for k in kinds]))


def _start_of(data, character) -> actions.ActionStart:
    """An action roll as the form has it so far; the first skill until another is chosen."""
    skill = data.get("skill") or next((str(s.pk) for s in character.skills.all()[:1]), "unskilled") if character else ""
    return actions.ActionStart(
        character_id=character.pk if character else 0, intent=data.get("intent", "").strip()[:300],
        skill_id=None if skill == "unskilled" else whole_number(skill) or 0,
        boost_ids=tuple(n for n in map(whole_number, data.getlist("boosts")) if n is not None),
        grit=data.get("grit") == "on", clock_id=whole_number(data.get("clock")))


def _draft(membership, character, start) -> dict:
    """The pool and its odds before the director's call, as the player builds it."""
    draft = Action(character=character, skill=character.skills.filter(pk=start.skill_id).first(),
                   boosts=list(character.boosts.filter(pk__in=start.boost_ids).values_list("pk", flat=True)),
                   grit=start.grit)
    pool = actions.ability_pool(draft, help_given=[])
    positions = list(rules.Position) if draft.skill else [rules.Position.DISADVANTAGE]
    ties = actions.dangerous(membership.campaign)
    return {"pool": pool, "dangerous": ties,
            "outlook": outlook([size for _, size in pool], None, rules.Position.NONE, positions, ties)}


def _chosen(request, membership):
    characters = list(membership.campaign.characters.editable_by(membership).select_related("ability_sheet"))
    return characters, chosen(request, characters)


@login_required
@require_http_methods(["GET", "POST"])
def action_new(request, campaign_id):
    """Intent, skill (or unskilled), boosts, grit, the clock it works on: then the director's call."""
    membership = membership_or_404(request, campaign_id)
    characters, character = _chosen(request, membership)
    error = ""
    if request.method == "GET" and character and (on_its_way := Action.objects.filter(character=character).first()):
        return redirect(on_its_way)  # one action roll at a time: the one on its way
    # Started from a skill on the sheet (``?skill=``), that skill is chosen already.
    data = request.POST if request.method == "POST" else request.GET
    start = _start_of(data, character)
    if request.method == "POST":
        try:
            return redirect(actions.start_action(membership, start, posted_text(request, "key", 64) or new_key()))
        except Refused as refusal:
            error = str(refusal)
    return render(request, "ability/action_new.html", {
        "membership": membership, "campaign": membership.campaign, "characters": characters, "character": character,
        "sheet": actions.sheet_of(character) if character else None,
        "skills": list(character.skills.all()) if character else [],
        "boosts": list(character.boosts.all()) if character else [],
        "clocks": [c for c in _clocks(membership, PROGRESS_KINDS) if c.tickable_by(membership)],
        "key": posted_text(request, "key", 64) or new_key(), "error": error, "posted": data,
        **(_draft(membership, character, start) if character else {})})


@login_required
@require_safe
def action_odds(request, campaign_id):
    """The odds panel of a new action roll, as its skill, boosts and grit change."""
    membership = membership_or_404(request, campaign_id)
    _, character = _chosen(request, membership)
    draft = _draft(membership, character, _start_of(request.GET, character)) if character else {}
    return render(request, "ability/action_new.html#draft-odds", draft)


def action_context(membership, action) -> dict:
    help_given = list(action.help.all())
    sizes = [size for _, size in actions.ability_pool(action, help_given)]
    skilled = action.skill_id is not None
    ties = actions.dangerous(membership.campaign)
    helpers = actions.may_help(action, membership.campaign.characters.editable_by(membership).prefetch_related("skills"))
    return {"membership": membership, "campaign": membership.campaign, "action": action,
            "pool": actions.ability_pool(action, help_given), "help_given": help_given, "benefits": actions.benefits(action),
            "position": actions.position_of(action), "may_play": action.character.editable_by(membership),
            "helpers": helpers, "difficulties": DIFFICULTY_DICE, "positions": Position.choices,
            "danger_clocks": _clocks(membership, DANGER_KINDS) if membership.is_gm else [],
            "dangerous": ties,
            # A GM may point a roll at a clock players do not know of: only its name as they may see it.
            "clock": action.clock if action.clock and SeenClock(action.clock, membership).known else None,
            "outlook": outlook(sizes, action.difficulty, actions.position_of(action),
                               list(rules.Position) if skilled else [rules.Position.DISADVANTAGE], ties),
            "teamwork_odds": [(c, [(s, rules.quick_chance(s.die, action.teamwork_difficulty, ties_to_director=ties))
                                   for s in sorted(c.skills.all(), key=lambda skill: -skill.die)],
                               rules.quick_chance(None, action.teamwork_difficulty, ties_to_director=ties))
                              for c in helpers] if action.difficulty else []}


ACTION = PlayedOnItsPage(Action, "ability/action.html", "action", action_context,
                         lambda pk: {"choices__ability_action": pk, "kind": "ability"})
action = ACTION.page()
action_direct = ACTION.step(lambda request, m, pk: actions.direct(
    m, pk, whole_number(request.POST.get("difficulty")), request.POST.get("position", ""),
    posted_text(request, "risks", 300),
    whole_number(request.POST.get("teamwork_difficulty")) or rules.TEAMWORK_DIFFICULTY,
    whole_number(request.POST.get("danger_clock"))), gm=True)
action_help = ACTION.step(lambda request, m, pk: actions.help_action(
    m, pk, whole_number(request.POST.get("helper")),
    None if request.POST.get("skill", "") == "unskilled" else whole_number(request.POST.get("skill", "")) or 0),
    anyone=True)
action_roll = ACTION.step(plainly(actions.roll_action))
action_withdraw = ACTION.step(plainly(actions.withdraw))


@login_required
@require_http_methods(["GET", "POST"])
def quick(request, campaign_id):
    """A quick action roll: character, skill, the director's difficulty, and the dice."""
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    characters, character = _chosen(request, membership)
    error = ""
    if request.method == "POST" and character:
        skill = request.POST.get("skill", "")
        try:
            roll = actions.quick_roll(membership, character.pk, None if skill == "unskilled" else whole_number(skill) or 0,
                                      whole_number(request.POST.get("difficulty")), posted_text(request, "goal", 300),
                                      posted_text(request, "key", 64) or new_key())
            return redirect(roll)
        except Refused as refusal:
            error = str(refusal)
    skills = list(character.skills.all()) if character else []
    ties = actions.dangerous(campaign)
    difficulty = whole_number(request.POST.get("difficulty")) or rules.TEAMWORK_DIFFICULTY
    return render(request, "ability/quick.html", {
        "membership": membership, "campaign": campaign, "characters": characters, "character": character,
        "skills": skills, "difficulties": DIFFICULTY_DICE, "error": error, "posted": request.POST,
        "key": posted_text(request, "key", 64) or new_key(), "dangerous": ties,
        "odds": [(s, [(size, rules.quick_chance(s.die, size, ties_to_director=ties)) for size in rules.DIE_SIZES])
                 for s in skills],
        "unskilled_odds": [(size, rules.quick_chance(None, size, ties_to_director=ties)) for size in rules.DIE_SIZES],
        "difficulty": difficulty})


def actions_context(membership) -> dict:
    """What is on its way in an Ability vs Difficulty campaign, for the table and the console."""
    return {"actions": list(Action.objects.open_for(membership))}


def waiting(request, membership, on: str):
    """The action rolls waiting for this member: for a GM, those waiting for her call; for a
    player, her characters' rolls on their way, and the others' her characters may still help
    with. Not the one whose page this is (``on``)."""
    mine = list(membership.campaign.characters.editable_by(membership))
    waiting, helping = [], []
    for action in Action.objects.open_for(membership):
        if action.get_absolute_url() == on:
            continue
        if action.waits_for_gm if membership.is_gm else action.character.editable_by(membership):
            waiting.append(action)
        elif not membership.is_gm and not action.waits_for_gm and (helpers := actions.may_help(action, mine)):
            helping.append((action, _either([helper.name for helper in helpers])))
    return (f"{ACTION.template}#waiting", {"membership": membership, "campaign": membership.campaign,
                                  "actions": waiting, "helping": helping, "on": on})


def _either(names: list[str]) -> str:
    """"Ada or Bruno or Cleo": whichever of them may help."""
    either = names[0]
    for other in names[1:]:
        either = _("%(either)s or %(other)s") % {"either": either, "other": other}
    return either


def roll_page(request, membership, roll):
    """An action roll or a quick action roll in the log: both pools, the result, the effect, and
    the clock it moved as this viewer may see it."""
    changes = [(SeenClock(change.clock, membership), change)
               for change in roll.clock_changes.select_related("clock").order_by("pk")]
    return render(request, "ability/roll.html", {
        "membership": membership, "campaign": membership.campaign, "roll": roll,
        "rolled": actions.result_of(roll), "chosen": actions.choices_of(roll),
        "clock_changes": [(seen, change) for seen, change in changes if seen.known]})
