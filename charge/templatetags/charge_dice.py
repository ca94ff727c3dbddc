"""Charge's rolls in words and faces: which dice are read, what a setup, a consequence, a threat,
the party and magic did to a roll, in the campaign's words."""

from collections import Counter

from django import template
from django.utils.translation import gettext, ngettext, pgettext_lazy

from charge import landed
from gamerules.charge import Outcome
from gamerules.magic import SpellBenefit, SpellLevel

register = template.Library()
register.filter("aftermath", landed.aftermath)
register.filter("tension", landed.tension)

_SOURCES = {
    "rating": pgettext_lazy("where a die comes from", "rating"),
    "assist": pgettext_lazy("where a die comes from", "assist"),
    "push": pgettext_lazy("where a die comes from", "push"),
    "tension": pgettext_lazy("where a die comes from", "tension"),
    "asset": pgettext_lazy("where a die comes from", "asset"),
    "talent": pgettext_lazy("where a die comes from", "talent"),
    "resource": pgettext_lazy("where a die comes from", "resource"),
    "spell": pgettext_lazy("where a die comes from", "spell"),
    "momentum": pgettext_lazy("where a die comes from", "momentum"),
    "fortune": pgettext_lazy("where a die comes from", "fortune"),
    "market": pgettext_lazy("where a die comes from", "market"),
    "red card": pgettext_lazy("where a die comes from", "red card"),
}


@register.filter
def source_words(sources):
    """Where each die of a roll came from (kept as data: "rating", "push"...), in the reader's
    language; a source these words do not know stays as it was kept."""
    return [str(_SOURCES.get(source, source)) for source in sources]


@register.filter
def faces(roll):
    """(face, is_read) for each die: the highest is read, or the lowest of two for zero dice; a
    critical reads every 6 (reading 4: two or more 6s). A die a threat die cancelled is not read."""
    threat = landed.threat(roll)
    cancelled = Counter(roll.dice) - Counter(threat["left"]) if threat else Counter()
    read, marked, result = landed.read_face(roll), False, []
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
def setup_words(benefit, campaign):
    """A setup's benefit in the campaign's words: "+1 effect" or "a better risk"."""
    return benefit.describe(campaign.charge.wording)


@register.filter
def risk_and_effect(pending, campaign):
    """The GM's risk and effect of a roll on its way, in the campaign's words."""
    return pending.risk_and_effect(campaign.charge.wording)


@register.filter
def consequence_words(consequence, campaign):
    """A consequence in the campaign's words: its kind, and how it ended once settled."""
    words = consequence.kind.label(campaign.charge.wording)
    if consequence.resistance is not None:
        ended = str(consequence.resistance.label(campaign.charge.wording, campaign.charge.quick)).rstrip(".").lower()
        # Translators: a consequence and how it ended, e.g. "Complication (the consequence is reduced)".
        words = gettext("%(consequence)s (%(ended)s)") % {"consequence": words, "ended": ended}
    return words


@register.filter
def threat_words(roll):
    """What the threat dice did to an action roll, in a line ("Threat Level Extra")."""
    threat = landed.threat(roll)
    cancelled = sorted((Counter(roll.dice) - Counter(threat["left"])).elements(), reverse=True)
    said = gettext("Threat dice from %(sources)s: %(dice)s.") % {
        "sources": ", ".join(threat["sources"]), "dice": " ".join(map(str, threat["dice"]))}
    if not threat["left"]:
        return f"{said} " + gettext("They cancelled every action die: a critical fail.")
    if not cancelled:
        return f"{said} " + gettext("They cancelled nothing.")
    return f"{said} " + gettext("They cancelled %(cancelled)s; left %(left)s.") % {
        "cancelled": " ".join(map(str, cancelled)), "left": " ".join(map(str, threat["left"]))}


@register.filter
def party_words(roll):
    """What the party sheet did to an action roll, in a line ("Party Extra")."""
    party = roll.choices.get("party")
    if not party:
        return ""
    said = []
    if party["details"]:
        bore = {1: gettext("+1 effect") if party["for_effect"] else gettext("−1 consequence rating"),
                -1: gettext("+1 consequence rating"), 0: gettext("they cancel out")}[party["disposition"]]
        said.append(gettext("Party: %(details)s: %(bearing)s.") % {"details": ", ".join(party["details"]), "bearing": bore})
    if party["burned"]:
        said.append(ngettext("%(count)s of the party's progress burned as momentum.",
                             "%(count)s of the party's progress burned as momentum.", party["burned"])
                    % {"count": party["burned"]})
    return " ".join(said)


@register.filter
def magic_words(roll):
    """What spells did on an action roll, in a line ("Magic Extra"): the spell that helped it, the
    spell it cast and what the casting readied or cost."""
    magic = roll.choices.get("magic")
    if not magic:
        return ""
    said = []
    if helped := magic.get("helped"):
        level = str(SpellLevel(helped["level"]).label).lower()
        said.append(gettext("%(spell)s (%(level)s) helped: %(benefit)s.") % {
            "spell": helped["name"], "level": level,
            "benefit": SpellBenefit(helped["benefit"]).label(roll.campaign.charge.wording)})
    if cast := magic.get("cast"):
        if cast["ritual"]:
            said.append(gettext("Cast %(spell)s: a success ticks its time clock by the effect; full, the spell is ready.")
                        % {"spell": cast["name"]})
        elif cast["charge"]:
            said.append(gettext("Cast %(spell)s: ready, %(level)s effect, to help a roll.") % {
                "spell": cast["name"], "level": str(SpellLevel(cast["charge"]).label).lower()})
        else:
            said.append(gettext("Cast %(spell)s: no effect readied.") % {"spell": cast["name"]})
        if cost := _casting_cost(cast["momentum"], cast["stress"]):
            said.append(cost)
    return " ".join(said)


def _casting_cost(momentum: int, stress: int) -> str:
    """"It cost 1 momentum and 2 stress.", or what of that it cost; nothing, no words."""
    if momentum and stress:
        return gettext("It cost %(momentum)s momentum and %(stress)s stress.") % {"momentum": momentum, "stress": stress}
    if momentum:
        return ngettext("It cost %(momentum)s momentum.", "It cost %(momentum)s momentum.", momentum) % {
            "momentum": momentum}
    if stress:
        return ngettext("It cost %(stress)s stress.", "It cost %(stress)s stress.", stress) % {"stress": stress}
    return ""
