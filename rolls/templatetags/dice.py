from collections import Counter

from django import template

from gamerules.charge import Outcome
from gamerules.magic import SpellBenefit, SpellLevel

register = template.Library()

_PIPS = {1: [(50, 50)], 2: [(28, 28), (72, 72)], 3: [(28, 28), (50, 50), (72, 72)],
         4: [(28, 28), (72, 28), (28, 72), (72, 72)],
         5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
         6: [(28, 25), (72, 25), (28, 50), (72, 50), (28, 75), (72, 75)]}


@register.filter
def pips(face):
    """Where the pips of a die face sit in a 100 x 100 box."""
    return _PIPS.get(int(face), [])


@register.filter
def faces(roll):
    """(face, is_read) for each die: the highest is read, or the lowest of two for zero dice; a
    critical reads every 6 (reading 4: two or more 6s). A die a threat die cancelled is not read."""
    cancelled = Counter(roll.dice) - Counter(roll.threat["left"]) if roll.threat else Counter()
    read, marked, result = roll.read_face, False, []
    for face in roll.dice:
        if cancelled[face]:
            cancelled[face] -= 1
            result.append((face, False))
            continue
        is_read = face == 6 if roll.outcome == Outcome.CRITICAL.value else face == read and not marked
        marked = marked or is_read
        result.append((face, is_read))
    return result


@register.filter
def bar_segments(bars):
    """(outcome, x, width) for each outcome of an odds bar, left to right, in percent."""
    segments, x = [], 0
    for outcome, _chance, percent in bars:
        if percent:
            segments.append((outcome, x, percent))
            x += percent
    return segments


@register.filter
def setup_words(benefit, campaign):
    """A setup's benefit in the campaign's words: "+1 effect" or "a better risk"."""
    return benefit.describe(campaign.wording)


@register.filter
def risk_and_effect(pending, campaign):
    """The GM's risk and effect of a roll on its way, in the campaign's words."""
    return pending.risk_and_effect(campaign.wording)


@register.filter
def consequence_words(consequence, campaign):
    """A consequence in the campaign's words: its kind, and how it ended once settled."""
    words = consequence.kind.label(campaign.wording)
    if consequence.resistance is not None:
        words += f" ({consequence.resistance.label(campaign.wording, campaign.quick).rstrip('.').lower()})"
    return words


@register.filter
def threat_words(roll):
    """What the threat dice did to an action roll, in a line ("Threat Level Extra")."""
    threat = roll.threat
    cancelled = sorted((Counter(roll.dice) - Counter(threat["left"])).elements(), reverse=True)
    said = f"Threat dice from {', '.join(threat['sources'])}: {' '.join(map(str, threat['dice']))}. "
    if not threat["left"]:
        return said + "They cancelled every action die: a critical fail."
    if not cancelled:
        return said + "They cancelled nothing."
    return said + f"They cancelled {' '.join(map(str, cancelled))}; left {' '.join(map(str, threat['left']))}."


@register.filter
def party_words(roll):
    """What the party sheet did to an action roll, in a line ("Party Extra")."""
    party = roll.choices["party"]
    said = []
    if party["details"]:
        bore = {1: "+1 effect" if party["for_effect"] else "−1 consequence rating", -1: "+1 consequence rating",
                0: "they cancel out"}[party["disposition"]]
        said.append(f"Party: {', '.join(party['details'])}: {bore}.")
    if party["burned"]:
        said.append(f"{party['burned']} of the party's progress burned as momentum.")
    return " ".join(said)


@register.filter
def magic_words(roll):
    """What spells did on an action roll, in a line ("Magic Extra"): the spell that helped it, the
    spell it cast and what the casting readied or cost."""
    magic = roll.choices["magic"]
    said = []
    if helped := magic.get("helped"):
        level = SpellLevel(helped["level"]).label.lower()
        said.append(f"{helped['name']} ({level}) helped: {SpellBenefit(helped['benefit']).label(roll.campaign.wording)}.")
    if cast := magic.get("cast"):
        if cast["ritual"]:
            said.append(f"Cast {cast['name']}: a success ticks its time clock by the effect; full, the spell is ready.")
        elif cast["charge"]:
            said.append(f"Cast {cast['name']}: ready, {SpellLevel(cast['charge']).label.lower()} effect, to help a roll.")
        else:
            said.append(f"Cast {cast['name']}: no effect readied.")
        costs = [f"{cast[cost]} {cost}" for cost in ("momentum", "stress") if cast[cost]]
        if costs:
            said.append(f"It cost {' and '.join(costs)}.")
    return " ".join(said)
