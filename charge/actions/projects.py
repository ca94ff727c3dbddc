"""Projects and complications: a character's own clocks."""

from django.db import transaction

from campaign.models import Membership
from characters.models import Character
from clocks.models import Clock, WhoMayTick
from gamerules.words import lowered, said


@transaction.atomic
def add_clock(membership: Membership, character: Character, name: str, kind: str, size: int,
              notes: str = "") -> Clock:
    """A project the player tracks, or a complication the GM starts ("Projects and
    Complications"). The player ticks their projects; complications are the GM's."""
    who = WhoMayTick.OWNER if kind == "project" else WhoMayTick.GM
    clock = Clock.objects.create(campaign=character.campaign, character=character, name=name,
                                 kind=kind, size=size, notes=notes, who_may_tick=who)
    if kind == "project":
        line = said("%(name)s has a new long-term project: %(clock)s.", name=character.name, clock=name)
    elif kind == "complication":
        line = said("%(name)s has a new complication: %(clock)s.", name=character.name, clock=name)
    else:
        line = said("%(name)s has a new %(kind)s: %(clock)s.", name=character.name,
                    kind=lowered(clock.get_kind_display()), clock=name)
    membership.campaign.log(membership.user, line, clock=clock)
    return clock
