"""Campaigns of a chosen size, built fast with bulk inserts, for measuring pages against."""

import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.utils import timezone

from campaign import actions
from campaign.models import Event, GameSession, Membership, Role, WorldForce
from characters.models import Character
from charge.models import Milestone, PendingRoll, Sheet, Talent
from clocks.models import Clock, ClockChange
from gamerules.charge import momentum_gain, read_pool
from gamerules.progression import TALENT_LINE
from rolls.models import Roll
from rolls.reading import reading_of

PASSWORD = "bench-passphrase-7"


@dataclass(frozen=True)
class Size:
    characters: int
    clocks: int
    changes_per_clock: int
    forces: int
    sessions: int
    rolls: int


LARGE = Size(characters=12, clocks=300, changes_per_clock=20, forces=40, sessions=30, rolls=20_000)
SMALL = Size(characters=1, clocks=3, changes_per_clock=1, forces=1, sessions=1, rolls=10)
SMOKE = Size(characters=3, clocks=12, changes_per_clock=3, forces=4, sessions=3, rolls=60)

SPREAD = {"Sneak": 2, "Finesse": 2, "Notice": 1, "Move": 1, "Sway": 1}
SITUATIONAL = {"die": "Shoot", "effect": "Sneak", "risk": "Study"}
# The seven dot slots (1, 3, ..., 13) each raise a different action, so no rating passes 4.
DOT_ACTIONS = ("Sneak", "Finesse", "Notice", "Move", "Sway", "Shoot", "Tinker")


@dataclass
class Built:
    campaign: object
    gm: object
    player: object
    character: object
    clock: object
    pending: object  # the player's roll on its way, risk and effect set


def build(name: str, size: Size, seed: int = 1) -> Built:
    """A campaign with ``size`` of everything: full talent lines, clocks with history, rolls."""
    rng = random.Random(seed)
    users = get_user_model()
    password = make_password(PASSWORD)
    gm = users.objects.create(username=f"{name}-gm", password=password)
    campaign = actions.create_campaign(gm, name=f"Bench {name}", pitch="Measured, not played.",
                                       gm_notes="Secret.")
    players = users.objects.bulk_create([users(username=f"{name}-player-{i}", password=password)
                                         for i in range(size.characters)])
    Membership.objects.bulk_create([Membership(campaign=campaign, user=p, role=Role.PLAYER) for p in players])
    forces = WorldForce.objects.bulk_create([
        WorldForce(campaign=campaign, name=f"Force {i}", goal="Change the status quo.",
                   methods=["Bribe", "Threaten", "Recruit"], revealed=i % 2 == 0, gm_notes="Secret.")
        for i in range(size.forces)])
    sessions = GameSession.objects.bulk_create([
        GameSession(campaign=campaign, number=n + 1, log="Things happened.", gm_notes="Secret.",
                    ended_at=None if n + 1 == size.sessions else timezone.now())
        for n in range(size.sessions)])
    Milestone.objects.bulk_create([Milestone(campaign=campaign, note=f"Milestone {i}", awarded_by=gm)
                                   for i in range(len(TALENT_LINE))])
    characters = Character.objects.bulk_create([
        Character(campaign=campaign, owner=p, name=f"Character {i}", created=True, concept="A concept", condition="Tired")
        for i, p in enumerate(players)])
    Sheet.objects.bulk_create([Sheet(character=c, momentum=2, stress=i % 4, action_dots=SPREAD)
                               for i, c in enumerate(characters)])
    Talent.objects.bulk_create([
        Talent(character=c, slot=slot, kind=kind.value,
               action=DOT_ACTIONS[slot // 2] if kind.value == "dot" else SITUATIONAL[kind.value],
               situation="" if kind.value == "dot" else "in the dark")
        for c in characters for slot, kind in enumerate(TALENT_LINE, start=1)])
    # A project first, so that even the small sheet has one; at most three a character, as at a
    # real table; the rest of the campaign's clocks belong to the campaign and its forces.
    kinds = ["project" if i < 3 * len(characters) else ("progress", "danger", "opposed")[i % 3]
             for i in range(size.clocks)]
    clocks = Clock.objects.bulk_create([
        Clock(campaign=campaign, name=f"Clock {i}", kind=kind, size=8, filled=4,
              visibility="all" if kind == "project" else ("all", "known", "gm")[i % 3],
              who_may_tick="members",
              character=characters[i % len(characters)] if kind == "project" else None,
              force=forces[i % len(forces)] if kind == "danger" else None)
        for i, kind in enumerate(kinds)])
    ClockChange.objects.bulk_create([
        ClockChange(clock=clock, by=gm, before=4, after=4 + (1 if n % 2 else -1), reason="Bench")
        for clock in clocks for n in range(size.changes_per_clock)])
    rolls, momentum = [], dict.fromkeys((character.pk for character in characters), 2)
    for i in range(size.rolls):
        pool = rng.randint(0, 5)
        dice = tuple(rng.randint(1, 6) for _ in range(pool if pool > 0 else 2))
        outcome, character = read_pool(dice, pool), characters[i % len(characters)]
        result = {"risk": 2, "effect": 2}
        if gain := momentum_gain(outcome, False):  # kept as the action roll keeps it (Aftermath): a success gains
            before = momentum[character.pk]
            momentum[character.pk] = (before + gain) % 10  # and it is spent, now and then, between rolls
            result["momentum"] = {str(character.pk): [before, momentum[character.pk]]}
        rolls.append(Roll(campaign=campaign, session=sessions[i % len(sessions)],
                          character=character, rolled_by=gm, kind="action",
                          action="Sneak", goal="Get past", pool_size=pool, dice=list(dice),
                          dice_sources=["rating"] * pool, outcome=outcome.value,
                          result=result, hidden=i % 50 == 0, idempotency_key=f"{name}-{i}"))
    for roll in rolls:  # as a save reads it: bulk_create does not (rolls/reading.py)
        roll.reading = reading_of(roll)
    Roll.objects.bulk_create(rolls, batch_size=2000)
    Event.objects.bulk_create([Event(campaign=campaign, actor=gm, text=f"Event {i}")
                               for i in range(min(size.rolls, 500))])
    visible_clock = next(c for c in clocks if c.visibility == "all")
    # Rolls on their way: the player's, ready to roll, and another waiting for the GM.
    pending = PendingRoll.objects.create(campaign=campaign, character=characters[0], key=f"{name}-on-its-way",
                                         action="Sneak", goal="Get in", risk=2, effect=2, started_by=players[0])
    if len(characters) > 1:
        PendingRoll.objects.create(campaign=campaign, character=characters[1], key=f"{name}-waiting",
                                   action="Sneak", goal="Climb", asked=[characters[0].pk])
    return Built(campaign, gm, players[0], characters[0], visible_clock, pending)
