"""The Traits & Consequence pages: the sheet (registered as the system's sheet) and a conflict,
step by step in the text's order. Each works without htmx; with it, each answers its panel."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from campaign.access import gm_membership_or_404, membership_or_404
from characters.views import character_or_404, editable_character_or_404
from core.htmx import answer, page
from core.keys import refusal_once
from core.posted import posted_text, whole_number
from core.refused import Refused
from gamerules import traits as rules
from rolls import playing
from rolls.models import new_key
from traits import actions
from traits.models import Conflict, FeatureKind
from traits.odds import conflict_outlook

SHEET = "traits/sheet.html"
SHEET_PANELS = dict.fromkeys(("traits-stats", "traits-features", "traits-pool"), SHEET)
CONFLICT = "traits/conflict.html"
TEXT_FIELDS = ("concept", "appearance", "gm_notes")
QUICK_ANSWERS = 7  # the GM's dice or successes offered as one button each: 0 to 6


def sheet_context(membership, character, **extra) -> dict:
    campaign = membership.campaign
    sheet = actions.sheet_of(character)
    features = list(character.features.all())
    conflict = Conflict.objects.filter(character=character).first()
    return {
        "membership": membership, "campaign": campaign, "character": character, "sheet": sheet,
        "stats": sheet.stat_rows(actions.stat_names(campaign)), "can_edit": character.editable_by(membership),
        "feature_groups": [
            (_("Powers"), [f for f in features if f.kind == FeatureKind.POWER], _("No Power: automatic successes.")),
            (_("Traits"), [f for f in features if f.kind == FeatureKind.TRAIT], _("No Trait: a die each when bid.")),
            (_("Items"), [f for f in features if f.kind == FeatureKind.ITEM], _("No Item: its Value in dice."))],
        "kinds": FeatureKind.choices, "burn_choices": range(1, sheet.consequence + 1), "conflict": conflict,
        # GM notes reach the template only for a GM (text_fields_for decides).
        "text_fields": [(field, getattr(character, field)) for field in character.text_fields_for(membership)
                        if field in TEXT_FIELDS],
        "stat_list": "\n".join(str(rules.stat_said(name)) for name in actions.stat_names(campaign)), **extra,
    }


def sheet(request, membership, character):
    """The system's sheet view (core/systems.py): Stats, Powers, Traits, Items, Consequence, GL."""
    return page(request, SHEET, sheet_context(membership, character), SHEET_PANELS)


def _sheet_answer(request, membership, character, panel, change):
    error = refusal_once(request, change)
    return answer(request, f"{SHEET}#{panel}", lambda: sheet_context(membership, character), character, error)


@login_required
@require_POST
def stats_edit(request, campaign_id, character_id):
    membership = membership_or_404(request, campaign_id)
    character = editable_character_or_404(membership, character_id)
    values, names = {}, actions.stat_names(membership.campaign)
    for index, name in enumerate(names):
        rating, current = (whole_number(request.POST.get(f"{part}-{index}")) for part in ("rating", "current"))
        if rating is not None or current is not None:
            values[name] = (rating if rating is not None else -1, current if current is not None else -1)
    return _sheet_answer(request, membership, character, "traits-stats",
                         lambda: actions.set_stats(membership, character.pk, values))


@login_required
@require_POST
def feature_add(request, campaign_id, character_id):
    membership = membership_or_404(request, campaign_id)
    character = editable_character_or_404(membership, character_id)
    value = whole_number(request.POST.get("value"))
    return _sheet_answer(request, membership, character, "traits-features", lambda: actions.add_feature(
        membership, character.pk, request.POST.get("kind", ""), posted_text(request, "name", 120),
        value if value is not None else 0,
        request.POST.get("tagged") == "on", posted_text(request, "applies_to", 120)))


@login_required
@require_POST
def feature_remove(request, campaign_id, character_id):
    membership = membership_or_404(request, campaign_id)
    character = editable_character_or_404(membership, character_id)
    return _sheet_answer(request, membership, character, "traits-features", lambda: actions.remove_feature(
        membership, character.pk, whole_number(request.POST.get("feature"))))


@login_required
@require_POST
def pool_edit(request, campaign_id, character_id):
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    consequence, gl = whole_number(request.POST.get("consequence")), whole_number(request.POST.get("gl"))
    return _sheet_answer(request, membership, character, "traits-pool", lambda: actions.set_pool(
        membership, character.pk, consequence if consequence is not None else -1, gl or 0))


@login_required
@require_POST
def stat_list(request, campaign_id, character_id):
    """The GM sets the campaign's Stats from any sheet."""
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    typed = "\n".join(rules.stat_typed(line.strip()) for line in posted_text(request, "stats", 2000).splitlines())
    return _sheet_answer(request, membership, character, "traits-stats", lambda: actions.set_stat_list(membership, typed))


@login_required
@require_POST
def aftermath(request, campaign_id, character_id):
    membership = gm_membership_or_404(request, campaign_id)
    character = character_or_404(membership, character_id)
    return _sheet_answer(request, membership, character, "traits-pool", lambda: actions.aftermath(
        membership, character.pk, whole_number(request.POST.get("burn")) or 0,
        posted_text(request, "key", 64) or new_key()))


# A conflict ----------------------------------------------------------------------------------

@login_required
@require_http_methods(["GET", "POST"])
def conflict_new(request, campaign_id):
    """Stakes, solution, Stat, Powers, and a Consequence to burn: the conflict is on its way."""
    membership = membership_or_404(request, campaign_id)
    campaign = membership.campaign
    characters = list(campaign.characters.editable_by(membership).select_related("traits_sheet"))
    chosen = whole_number(request.POST.get("character") or request.GET.get("character"))
    character = next((c for c in characters if c.pk == chosen), characters[0] if len(characters) == 1 else None)
    error = ""
    if request.method == "POST":
        start = actions.ConflictStart(
            character_id=character.pk if character else 0, stakes=posted_text(request, "stakes", 300),
            solution=posted_text(request, "solution", 300), stat=request.POST.get("stat", ""),
            power_ids=tuple(n for n in map(whole_number, request.POST.getlist("powers")) if n is not None),
            burn=request.POST.get("burn") == "on", complication=posted_text(request, "complication", 300))
        try:
            return redirect(actions.start_conflict(membership, start, posted_text(request, "key", 64) or new_key()))
        except Refused as refusal:
            error = str(refusal)
    sheet = actions.sheet_of(character) if character else None
    names = actions.stat_names(campaign)
    # Started from a Stat's row on the sheet, that Stat is chosen already.
    stat = next((name for name in (request.POST.get("stat"), request.GET.get("stat")) if name in names), names[0] if names else "")
    return render(request, "traits/conflict_new.html", {
        "membership": membership, "campaign": campaign, "characters": characters, "character": character,
        "sheet": sheet, "stats": sheet.stat_rows(names) if sheet else [], "stat": stat,
        "powers": list(character.features.filter(kind=FeatureKind.POWER)) if character else [],
        "key": posted_text(request, "key", 64) or new_key(), "error": error, "posted": request.POST})


def _conflict_or_404(membership, conflict_id) -> Conflict:
    return get_object_or_404(Conflict.objects.open_for(membership), pk=conflict_id)


def _split_default(conflict, sheet, rolled, stats) -> dict[str, int]:
    """The damage the split form offers first: none, unless all of it into the pool would explode;
    then as much on the conflict's Stat as keeps the pool below GL. The player changes it freely."""
    over = sheet.consequence + rolled.consequence - sheet.gl + 1
    current = next((current for name, _, current in stats if name == conflict.stat), 0)
    points = min(over, current, rolled.consequence)
    return {conflict.stat: points} if points > 0 else {}


def conflict_context(membership, conflict) -> dict:
    sheet = actions.sheet_of(conflict.character)
    traits, items, room = actions.bids_left(conflict, sheet)
    rolled = actions.conflict_result(conflict.roll) if conflict.roll else None
    proposed = rolled.proposed if rolled else None
    rest = rolled.consequence - sum(points for _, points in proposed) if proposed is not None else 0
    stats = sheet.stat_rows(actions.stat_names(membership.campaign))
    split = _split_default(conflict, sheet, rolled, stats) if rolled and rolled.resolved else {}
    return {"membership": membership, "campaign": membership.campaign, "conflict": conflict,
            "gm_pools": range(1, rules.MOST_DICE + 1), "gm_quick": range(QUICK_ANSWERS), "rest": rest,
            "explodes": proposed is not None and sheet.consequence + rest >= sheet.gl,
            "explodes_if_pooled": rolled is not None and sheet.consequence + rolled.consequence >= sheet.gl,
            "roll": conflict.roll, "rolled": rolled, "sheet": sheet, "may_play": conflict.character.editable_by(membership),
            "traits": traits, "items": items, "room": room,
            "split_rows": [(name, current, split.get(name, 0)) for name, _, current in stats],
            "split_damage": bool(split),
            # One button a bid: Traits without a © tag first, then the Items (most dice first), © Traits last.
            "bid_order": [t for t in traits if room and not t.tagged] + sorted(items, key=lambda item: -item.value)
            + [t for t in traits if room and t.tagged],
            "outlook": conflict_outlook(conflict, sheet, traits, items, room),
            "numbers": rolled.numbers(conflict.roll.dice) if rolled else None}


@login_required
@require_safe
def conflict(request, campaign_id, conflict_id):
    membership = membership_or_404(request, campaign_id)
    return playing.open_or_its_roll(
        request, membership, Conflict, conflict_id,
        lambda found: page(request, CONFLICT, conflict_context(membership, found), {"conflict": CONFLICT}),
        choices__conflict=conflict_id)


def _step(request, campaign_id, conflict_id, act, gm=False):
    """A step of a conflict: the GM's (``gm``), or its player's; another player finds no such page."""
    membership = (gm_membership_or_404 if gm else membership_or_404)(request, campaign_id)
    return playing.step(request, membership, _conflict_or_404(membership, conflict_id), act, f"{CONFLICT}#conflict",
                        conflict_context)


@login_required
@require_POST
def conflict_gm(request, campaign_id, conflict_id):
    dice, stated = whole_number(request.POST.get("dice")), whole_number(request.POST.get("successes"))
    return _step(request, campaign_id, conflict_id,
                 lambda m, pk: actions.set_gm_successes(m, pk, dice=dice, stated=None if dice is not None else stated),
                 gm=True)


@login_required
@require_POST
def conflict_roll(request, campaign_id, conflict_id):
    return _step(request, campaign_id, conflict_id, actions.roll_stat)


@login_required
@require_POST
def conflict_bid(request, campaign_id, conflict_id):
    traits = tuple(n for n in map(whole_number, request.POST.getlist("traits")) if n is not None)
    item = whole_number(request.POST.get("item"))
    return _step(request, campaign_id, conflict_id, lambda m, pk: actions.bid(m, pk, traits, item))


@login_required
@require_POST
def conflict_resolve(request, campaign_id, conflict_id):
    return _step(request, campaign_id, conflict_id, actions.resolve)


@login_required
@require_POST
def conflict_damage(request, campaign_id, conflict_id):
    membership = membership_or_404(request, campaign_id)
    names = actions.stat_names(membership.campaign)
    damage = {name: whole_number(request.POST.get(f"damage-{index}")) or 0 for index, name in enumerate(names)}
    return _step(request, campaign_id, conflict_id, lambda m, pk: actions.propose_damage(m, pk, damage))


@login_required
@require_POST
def conflict_confirm(request, campaign_id, conflict_id):
    agreed = request.POST.get("agreed") != "no"
    return _step(request, campaign_id, conflict_id,
                 lambda m, pk: actions.confirm_damage(m, pk, agreed=agreed), gm=True)


@login_required
@require_POST
def conflict_withdraw(request, campaign_id, conflict_id):
    return _step(request, campaign_id, conflict_id, actions.withdraw)


def conflicts_context(membership) -> dict:
    """What is on its way in a Traits & Consequence campaign, for the table and the console."""
    return {"conflicts": list(Conflict.objects.open_for(membership))}


def waiting(request, membership, on: str):
    """The conflicts waiting for this member: for a GM, those waiting for her successes or her
    leave; for a player, her characters' conflicts on their way. Not the one whose page this is
    (``on``)."""
    conflicts = [c for c in Conflict.objects.open_for(membership) if c.get_absolute_url() != on
                 and (c.waits_for_gm if membership.is_gm else c.character.editable_by(membership))]
    return (f"{CONFLICT}#waiting", {"membership": membership, "campaign": membership.campaign,
                                    "conflicts": conflicts, "on": on})


def roll_page(request, membership, roll):
    """A conflict or an aftermath in the log: every die, the bids, the Consequence and where it went."""
    rolled = actions.result_of(roll)
    numbers = rolled.numbers(roll.dice) if isinstance(rolled, rules.ConflictRollResult) else None
    return render(request, "traits/roll.html", {"membership": membership, "campaign": membership.campaign,
                                                "roll": roll, "rolled": rolled, "numbers": numbers,
                                                "outcome": numbers.result if numbers else None})

