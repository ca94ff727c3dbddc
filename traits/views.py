"""The Traits & Consequence pages: the sheet (registered as the system's sheet) and a conflict,
step by step in the text's order. Each works without htmx; with it, each answers its panel."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from campaign.access import membership_or_404
from characters.sheet_pages import SheetPages, sheet_texts
from core.posted import posted_text, whole_number
from core.refused import Refused
from gamerules import traits as rules
from rolls.models import new_key
from rolls.playing import PlayedOnItsPage, plainly
from traits import actions
from traits.models import Conflict, FeatureKind
from traits.odds import conflict_outlook

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
        "text_fields": sheet_texts(membership, character),
        "stat_list": "\n".join(str(rules.stat_said(name)) for name in actions.stat_names(campaign)), **extra,
    }


SHEET = SheetPages("traits/sheet.html", ("traits-stats", "traits-features", "traits-pool"), sheet_context)
sheet, write = SHEET.sheet, SHEET.write


def _stats(request, campaign) -> dict:
    """Each Stat's rating and what is left of it, as posted (-1 where a number is missing)."""
    values = {}
    for index, name in enumerate(actions.stat_names(campaign)):
        rating, current = (whole_number(request.POST.get(f"{part}-{index}")) for part in ("rating", "current"))
        if rating is not None or current is not None:
            values[name] = (rating if rating is not None else -1, current if current is not None else -1)
    return values


def _or(number, missing):
    return number if number is not None else missing


stats_edit = write("traits-stats", lambda request, membership, pk: actions.set_stats(
    membership, pk, _stats(request, membership.campaign)))
feature_add = write("traits-features", lambda request, membership, pk: actions.add_feature(
    membership, pk, request.POST.get("kind", ""), posted_text(request, "name", 120),
    _or(whole_number(request.POST.get("value")), 0), request.POST.get("tagged") == "on",
    posted_text(request, "applies_to", 120)))
feature_remove = write("traits-features", lambda request, membership, pk: actions.remove_feature(
    membership, pk, whole_number(request.POST.get("feature"))))
pool_edit = write("traits-pool", lambda request, membership, pk: actions.set_pool(
    membership, pk, _or(whole_number(request.POST.get("consequence")), -1), whole_number(request.POST.get("gl")) or 0),
    gm=True)
# The GM sets the campaign's Stats from any sheet.
stat_list = write("traits-stats", lambda request, membership, pk: actions.set_stat_list(membership, "\n".join(
    rules.stat_typed(line.strip()) for line in posted_text(request, "stats", 2000).splitlines())), gm=True)
aftermath = write("traits-pool", lambda request, membership, pk: actions.aftermath(
    membership, pk, whole_number(request.POST.get("burn")) or 0, posted_text(request, "key", 64) or new_key()), gm=True)


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


CONFLICT = PlayedOnItsPage(Conflict, "traits/conflict.html", "conflict", conflict_context,
                           lambda pk: {"choices__conflict": pk})
conflict = CONFLICT.page()


def _gm_successes(request, membership, pk):
    """Her dice, or, without them, the successes she says she has."""
    dice = whole_number(request.POST.get("dice"))
    return actions.set_gm_successes(
        membership, pk, dice=dice, stated=None if dice is not None else whole_number(request.POST.get("successes")))


conflict_gm = CONFLICT.step(_gm_successes, gm=True)
conflict_roll = CONFLICT.step(plainly(actions.roll_stat))
conflict_bid = CONFLICT.step(lambda request, m, pk: actions.bid(
    m, pk, tuple(n for n in map(whole_number, request.POST.getlist("traits")) if n is not None),
    whole_number(request.POST.get("item"))))
conflict_resolve = CONFLICT.step(plainly(actions.resolve))
conflict_damage = CONFLICT.step(lambda request, m, pk: actions.propose_damage(m, pk, {
    name: whole_number(request.POST.get(f"damage-{index}")) or 0
    for index, name in enumerate(actions.stat_names(m.campaign))}))
conflict_confirm = CONFLICT.step(lambda request, m, pk: actions.confirm_damage(
    m, pk, agreed=request.POST.get("agreed") != "no"), gm=True)
conflict_withdraw = CONFLICT.step(plainly(actions.withdraw))


def conflicts_context(membership) -> dict:
    """What is on its way in a Traits & Consequence campaign, for the table and the console."""
    return {"conflicts": list(Conflict.objects.open_for(membership))}


def waiting(request, membership, on: str):
    """The conflicts waiting for this member: for a GM, those waiting for her successes or her
    leave; for a player, her characters' conflicts on their way. Not the one whose page this is
    (``on``)."""
    conflicts = [c for c in Conflict.objects.open_for(membership) if c.get_absolute_url() != on
                 and (c.waits_for_gm if membership.is_gm else c.character.editable_by(membership))]
    return (f"{CONFLICT.template}#waiting", {"membership": membership, "campaign": membership.campaign,
                                    "conflicts": conflicts, "on": on})


def roll_page(request, membership, roll):
    """A conflict or an aftermath in the log: every die, the bids, the Consequence and where it went."""
    rolled = actions.result_of(roll)
    numbers = rolled.numbers(roll.dice) if isinstance(rolled, rules.ConflictRollResult) else None
    return render(request, "traits/roll.html", {"membership": membership, "campaign": membership.campaign,
                                                "roll": roll, "rolled": rolled, "numbers": numbers,
                                                "chosen": actions.choices_of(roll),
                                                "outcome": numbers.result if numbers else None})

