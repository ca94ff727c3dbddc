from types import SimpleNamespace

import pytest

from clocks.models import Visibility, WhoMayTick
from tests.factories import ClockChangeFactory, ClockFactory


@pytest.fixture
def clocks(table):
    c = table.campaign
    alert = ClockFactory(campaign=c, name="Alert", kind="danger", size=6, filled=2,
                         who_may_tick=WhoMayTick.MEMBERS)
    project = ClockFactory(campaign=c, name="Ada's forge", kind="project", size=4,
                           character=table.character, who_may_tick=WhoMayTick.OWNER)
    known = ClockFactory(campaign=c, name="Turf War", kind="opposed", size=8, filled=5,
                         visibility=Visibility.KNOWN, side_a="The crew", side_b="The gang",
                         notes="KNOWN-NOTES")
    secret = ClockFactory(campaign=c, name="SECRET-GM-CLOCK", kind="danger", size=4, filled=1,
                          visibility=Visibility.GM, notes="SECRET-GM-CLOCK-NOTES")
    ClockChangeFactory(clock=known, before=4, after=5, reason="SECRET-KNOWN-REASON")
    return SimpleNamespace(alert=alert, project=project, known=known, secret=secret)
