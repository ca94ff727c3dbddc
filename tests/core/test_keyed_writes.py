"""Every write a retry could repeat carries a key (core/keys.py): sent twice with its key it acts
once, with htmx or without, and another key acts again; and every form that posts to such a
write carries ``{% write_key %}``. The clock writes and the momentum, stress and money steps are
walked in tests/clocks/test_keys.py and tests/characters/test_sheet.py."""

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.conf import settings
from django.contrib import messages
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from advantage.models import Job
from advantage.models import Sheet as AdvantageSheet
from campaign.models import Campaign
from charge.models import (
    Attachment,
    ForceIdea,
    Goal,
    HookDraw,
    PartyDetail,
    Resource,
    ResourcePool,
    Setup,
    Sheet,
    WorldFact,
)
from hooks.models import Webhook
from safety.models import Boundary
from tests.helpers import HTMX, SPREAD, set_dials
from tests.i18n.untranslated import template_files


@dataclass(frozen=True)
class Write:
    url: str
    who: str
    args: Callable  # (table) -> the URL's arguments after the campaign's
    data: Callable  # (table, n) -> what the form posts; n tells one form (one key) from the next
    state: Callable  # (table) -> what the write changes
    system: str = "charge"


def sheet(table):
    return [table.character.pk]


def campaign_only(table):
    return []


def goal(table):
    return Goal.objects.get_or_create(character=table.character, name="Win back the boat",
                                      defaults={"difficulty": "hard"})[0]


def attachment(table):
    return Attachment.objects.get_or_create(character=table.character, name="Lucky coin")[0]


def detail(table):
    return PartyDetail.objects.get_or_create(campaign=table.campaign, concept="allies", key=False,
                                             defaults={"text": "The dockers", "disposition": -1})[0]


def resource(table):
    return Resource.objects.get_or_create(campaign=table.campaign, name="Funds",
                                          defaults={"shared": True, "gain": "by_hand", "spend": "described"})[0]


def campaign(table):
    return Campaign.objects.get(pk=table.campaign.pk)


def conditions_on(table):
    """A doctor and two deteriorations in the hack ("Hacking Conditions"), Ada suffering from poison."""
    set_dials(table.campaign, recovery_opportunities=[{"name": "A doctor", "segments": 2, "often": "each_time"}],
              deteriorations=[{"name": "Poison", "trigger": "a scene ends", "segments": 1},
                              {"name": "A wound", "trigger": "you push", "segments": 1}])
    return [table.character.pk]


def poisoned(table):
    Sheet.objects.filter(pk=table.character.pk).update(deteriorating=["Poison"])
    return conditions_on(table)


def sheet_row(table):
    return list(Sheet.objects.filter(pk=table.character.pk).values("stress", "taken_out", "deteriorating"))


def hacked(table, n):
    """This campaign's hack with its momentum at the start of a session moved, and the preview's fingerprint."""
    from charge.hackfile import as_text, campaign_hack, fingerprint

    hack = campaign_hack(campaign(table))
    document = hack.to_document()
    document["starting_momentum"] = (hack.dials.starting_momentum + 1) % 5
    return {"document": as_text(document), "seen": fingerprint(hack)}


def godly(table):
    """The hack's own details: a God (the chapter's example), written on Ada's sheet."""
    set_dials(table.campaign, details=["God"])
    return [table.character.pk]


def force(n):
    return {"name": f"The Grey Ledger {n}", "kind": "organisation", "goal": "Own the city's debts.",
            "method_1": "Buy promissory notes.", "method_2": "Bribe both sides.", "stance": "opposed"}


WRITES = {
    # The Charge sheet's additions and steps.
    "attachment added": Write("character_attachment", "player", sheet, lambda t, n: {"name": f"Locket {n}"},
                              lambda t: t.character.attachments.count()),
    "attachment worn": Write("character_attachment", "player", sheet, lambda t, n: {"wear": attachment(t).pk},
                             lambda t: attachment(t).wear),
    "goal named": Write("character_goal", "player", sheet, lambda t, n: {"name": f"Goal {n}", "difficulty": "easy"},
                        lambda t: t.character.goals.count()),
    "goal ticked": Write("character_goal", "gm", sheet, lambda t, n: {"advance": goal(t).pk}, lambda t: goal(t).filled),
    "spell written": Write("character_spell", "player", sheet, lambda t, n: {
        "name": f"Mend flesh {n}", "actions": ["Finesse"], "level": 1, "momentum_cost": 0, "stress_cost": 0,
        "ritual": 0, "danger": 0}, lambda t: t.character.spells.count()),
    "asset given": Write("character_asset", "gm", sheet, lambda t, n: {"name": f"A bluff {n}"},
                         lambda t: t.character.assets.count()),
    "tie added": Write("character_tie", "player", sheet, lambda t, n: {"text": f"An old friend {n}", "link": ""},
                       lambda t: t.character.ties.count()),
    "details written": Write("character_details", "player", godly, lambda t, n: {"detail-God": f"The Drowned One {n}"},
                             lambda t: campaign(t).characters.get(pk=t.character.pk).charge.details),
    "project added": Write("character_clock", "player", sheet, lambda t, n: {"name": f"Boat {n}", "kind": "project",
                                                                             "size": 4},
                           lambda t: t.campaign.clocks.count()),
    # The campaign's extras and the console.
    "party detail written": Write("party_detail", "player", campaign_only, lambda t, n: {
        "concept": "authority", "text": f"Thorn in the side {n}", "disposition": -1},
        lambda t: PartyDetail.objects.filter(campaign=t.campaign).count()),
    "party detail shifted": Write("party_detail_shift", "player", lambda t: [detail(t).pk],
                                  lambda t, n: {"direction": "up"}, lambda t: detail(t).disposition),
    "resource point gathered": Write("resource_pool", "gm", lambda t: [resource(t).pk], lambda t, n: {"delta": 1},
                                     lambda t: sum(ResourcePool.objects.filter(resource=resource(t))
                                                   .values_list("points", flat=True))),
    "market ticked": Write("market_tick", "gm", campaign_only, lambda t, n: {"seen": campaign(t).charge.market_filled},
                           lambda t: campaign(t).charge.market_filled),
    "recovered with an opportunity": Write("character_opportunity", "gm", conditions_on,
                                           lambda t, n: {"opportunity": "A doctor"}, sheet_row),
    "deterioration marked": Write("character_deterioration", "gm", conditions_on, lambda t, n: {
        "deterioration": "Poison" if n == 1 else "A wound", "step": "mark"}, sheet_row),
    "deterioration worsens": Write("character_deterioration", "gm", poisoned,
                                   lambda t, n: {"deterioration": "Poison", "step": "worsen"}, sheet_row),
    "hack applied": Write("hack_apply", "gm", campaign_only, hacked,
                          lambda t: Setup.objects.get(campaign=t.campaign.pk).dials),
    "campaign started with the hack": Write("hack_new_campaign", "gm", campaign_only, lambda t, n: {"name": f"Hacked {n}"},
                                            lambda t: Campaign.objects.count()),
    "new day": Write("new_day", "gm", campaign_only, lambda t, n: {"seen": campaign(t).day}, lambda t: campaign(t).day),
    "hook cards drawn": Write("world_draw", "gm", campaign_only,
                              lambda t, n: {"seen": HookDraw.objects.filter(campaign=t.campaign).count()},
                              lambda t: HookDraw.objects.filter(campaign=t.campaign).count()),
    "line written": Write("boundary_add", "player", campaign_only, lambda t, n: {"kind": "line", "text": f"Spiders {n}"},
                          lambda t: Boundary.objects.filter(campaign=t.campaign).count()),
    "force added": Write("force_create", "gm", campaign_only, lambda t, n: force(n), lambda t: t.campaign.forces.count()),
    # The walk through "Making a Compelling Campaign": a fact of the world, a world force, an entry of the GM's tables.
    "fact of the world written": Write("making_facts", "gm", campaign_only,
                                       lambda t, n: {"question": f"Who rules the harbour {n}?", "answer": "The tide"},
                                       lambda t: WorldFact.objects.filter(campaign=t.campaign).count()),
    "world force added in the walk": Write("making_forces", "gm", campaign_only, lambda t, n: force(n),
                                           lambda t: t.campaign.forces.count()),
    "force table entry added": Write("force_ideas", "gm", campaign_only,
                                     lambda t, n: {"genre": "horror", "part": "method", "text": f"Whisper {n}"},
                                     lambda t: ForceIdea.objects.filter(campaign=t.campaign).count()),
    "session planned": Write("plan_create", "gm", campaign_only,
                             lambda t, n: {"starts": "2026-12-05T19:00", "minutes": 240, "time_zone": "Europe/Paris"},
                             lambda t: t.campaign.plans.count()),
    "Discord connected": Write("connection_save", "gm", lambda t: ["table"], lambda t, n: {
        "address": f"https://discord.com/api/webhooks/{n}/token-{n}", "kinds": ["rolls"]},
        lambda t: list(Webhook.objects.filter(campaign=t.campaign).values_list("address", "kinds"))),
    # The other dice systems' sheets and console.
    "Traits feature added": Write("traits_feature_add", "player", sheet, lambda t, n: {"kind": "trait", "name": f"Quick {n}"},
                                  lambda t: t.character.features.count(), "traits"),
    "Ability skill added": Write("ability_skill_add", "player", sheet, lambda t, n: {"name": f"Rowing {n}", "die": 6},
                                 lambda t: t.character.skills.count(), "ability"),
    "Ability boost added": Write("ability_boost_add", "player", sheet, lambda t, n: {"name": f"Oar {n}", "die": 4},
                                 lambda t: t.character.boosts.count(), "ability"),
    "Advantage skill added": Write("advantage_skill_add", "player", sheet, lambda t, n: {"name": f"Hacking {n}", "rank": 1},
                                   lambda t: t.character.advantage_skills.count(), "advantage"),
    "Advantage trauma taken": Write("advantage_trauma", "player", sheet, lambda t, n: {},
                                    lambda t: AdvantageSheet.objects.get(character=t.character).trauma, "advantage"),
    "Advantage trauma healed": Write("advantage_heal", "gm", sheet, lambda t, n: {},
                                     lambda t: AdvantageSheet.objects.get(character=t.character).trauma, "advantage"),
    "Advantage threat added": Write("advantage_threat_add", "gm", campaign_only,
                                    lambda t, n: {"name": f"Drone {n}", "toughness": 2},
                                    lambda t: t.campaign.advantage_threats.count(), "advantage"),
    "Advantage job started": Write("advantage_job_start", "gm", campaign_only, lambda t, n: {"name": f"Heist {n}"},
                                   lambda t: Job.objects.filter(campaign=t.campaign).count(), "advantage"),
}

EVERY_EXTRA = ["attachment", "goals", "magic", "asset", "party", "resource_pool", "economy", "world"]


def playing(table, system):
    """The table's campaign in ``system``, every Extra the writes need on, Ada ready to play."""
    table.campaign.system = system
    table.campaign.save()  # each character gets the system's sheet
    Setup.objects.filter(campaign=table.campaign.pk).update(dials={"extras": EVERY_EXTRA,
                                                                "extra_dials": ["attachment_condition"]})
    table.campaign.refresh_from_db()
    table.character.charge.action_dots, table.character.created = dict(SPREAD), True
    table.character.save()
    table.character.charge.save()
    if system == "advantage":  # trauma to heal
        AdvantageSheet.objects.filter(character=table.character).update(trauma=3)
    return table


def post(table, write, data, key, headers):
    url = reverse(write.url, args=[table.campaign.pk, *write.args(table)])
    return table.client(write.who).post(url, {**data, "key": key}, **headers)


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])
@pytest.mark.parametrize("name", WRITES)
def test_a_keyed_write_sent_twice_acts_once_and_another_key_acts_again(table, name, headers):
    write = WRITES[name]
    playing(table, write.system)
    if write.url == "advantage_job_start":  # one job at a time: the first ends before the next
        Job.objects.create(campaign=table.campaign, name="The one before", ended_at=timezone.now())
    before = write.state(table)
    data = write.data(table, 1)
    first = post(table, write, data, "k1", headers)
    assert first.status_code in (200, 302), first.content[:300]
    done = write.state(table)
    assert done != before, "the write did nothing"
    again = post(table, write, data, "k1", headers)
    assert write.state(table) == done  # a retry: nothing again
    assert again.status_code == first.status_code
    refused = [m for m in get_messages(again.wsgi_request) if m.level >= messages.ERROR]
    assert b"alert-danger" not in again.content and not refused  # answered as done, not refused
    if write.url == "advantage_job_start":
        Job.objects.filter(campaign=table.campaign).update(ended_at=timezone.now())
    post(table, write, write.data(table, 2), "k2", headers)
    assert write.state(table) != done  # another form, another key: another write


FORM = re.compile(r"<form\b(?:(?!</form>).)*?</form>", re.S)
KEYED_VIEWS = {write.url for write in WRITES.values()} | {
    # Keyed as well, their writes walked elsewhere or too one-off to walk here
    # (docs/architecture.md, "Writes").
    "clock_tick", "clock_undo", "clock_reset", "clock_archive", "clock_create", "character_momentum",
    "character_stress", "character_money", "character_back", "character_hardened", "character_bow_out",
    "character_escalation", "party_detail_track", "party_clock_clear", "resource_define", "resource_recap",
    "resource_expire", "x_card", "traits_aftermath", "advantage_expertise_add", "advantage_entry_add",
    "advantage_feature_add", "advantage_ap_spend", "advantage_adrenaline", "advantage_job_end",
    "advantage_ap_advance", "advantage_crew_clocks", "advantage_crew_tick",
    "api_token_create",  # of no campaign: walked in tests/api/test_tokens.py
    "making_setting", "making_fact", "making_group", "making_done", "force_idea_remove",
    "making_together", "making_ask",  # walked in tests/campaign/test_making_together.py
    "connection_remove",  # walked in tests/hooks/test_pages.py
}


def test_every_form_posting_to_a_keyed_write_carries_its_key():
    """Over the templates: a form whose action is a keyed write (named in it, or through a
    ``{% url … as name %}``) holds ``{% write_key %}``."""
    seen, missing = set(), []
    for path in template_files():
        text = path.read_text()
        named = {name: url for url, name in re.findall(r"\{% url '([a-z_]+)'[^%]*? as (\w+) %\}", text)}
        for form in FORM.findall(text):
            action = re.search(r'action="([^"]*)"', form)
            urls = re.findall(r"\{% url '([a-z_]+)'", action.group(1)) if action else []
            urls += [named[name] for name in re.findall(r"\{\{ (\w+) \}\}", action.group(1) if action else "")
                     if name in named]
            posts_to = set(urls) & KEYED_VIEWS
            seen |= posts_to
            if posts_to and "{% write_key %}" not in form:
                missing.append(f"{path.relative_to(settings.BASE_DIR)}: {', '.join(sorted(posts_to))}")
    assert not missing
    assert KEYED_VIEWS - seen == {"clock_create"}  # each keyed write has its form (a new clock's posts to its page)
