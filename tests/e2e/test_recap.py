"""The end of an evening and the start of the next: the GM writes the session's summary and ends
it; the player reads the recap on a phone; the next week the table screen opens "Previously on…"
in one tap. Taps are counted."""

from playwright.sync_api import expect

from clocks.models import ClockChange
from tests.factories import (
    CharacterFactory,
    ClockFactory,
    GameSessionFactory,
    UserFactory,
    join,
    make_campaign,
)
from tests.helpers import PHONE, TABLE, log_in


def test_the_gm_sums_up_the_session_and_the_table_hears_previously_on(new_page, screenshot):
    gm_user, ada_user = UserFactory(username="recap-gm"), UserFactory(username="recap-ada")
    campaign = make_campaign(gm_user, name="The Usurper's Throne")
    join(campaign, ada_user)
    session = GameSessionFactory(campaign=campaign, number=1)
    CharacterFactory(campaign=campaign, owner=ada_user, name="Ada", created=True)
    alert = ClockFactory(campaign=campaign, name="Alert", kind="danger", size=6)
    ClockChange.objects.create(clock=alert, by=gm_user, before=0, after=2, reason="The guards heard a splash")
    alert.filled = 2
    alert.save()

    gm, phone, screen = new_page(), new_page(PHONE), new_page(TABLE)
    for page, user in ((gm, gm_user), (phone, ada_user), (screen, gm_user)):
        log_in(page, user.username)
    gm.goto(session.get_absolute_url())
    taps = 0
    gm.locator("#session-summary").get_by_role("link", name="Edit").click()
    taps += 1
    gm.get_by_role("textbox", name="Summary").fill("The crew slipped into the palace, and the guards heard a splash.")
    gm.get_by_role("button", name="Save").click()
    taps += 1
    expect(gm.locator("#session-summary")).to_contain_text("The crew slipped into the palace")
    assert taps == 2  # Edit, Save (and the typing)
    gm.once("dialog", lambda dialog: dialog.accept())
    gm.get_by_role("button", name="End the session").click()
    expect(gm.get_by_text("ended", exact=True)).to_be_visible()

    phone.goto(session.get_absolute_url())
    phone.get_by_role("link", name="Recap").click()  # one tap from the session
    expect(phone.get_by_role("heading", name="Recap of Session 1")).to_be_visible()
    expect(phone.get_by_test_id("recap-clock")).to_contain_text("Alert")
    expect(phone.get_by_test_id("recap-clock")).to_contain_text("0 → 2 of 6")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(phone, "recap-phone")

    screen.goto(f"/c/{campaign.pk}/table/")
    screen.get_by_role("link", name="Previously on…").click()  # one tap from the table screen
    expect(screen.get_by_role("heading", name="Previously on Session 1…")).to_be_visible()
    expect(screen.locator(".recap-summary")).to_contain_text("The crew slipped into the palace")
    screenshot(screen, "previously-on-1920x1080")
    screen.get_by_role("link", name="Back to the table").click()
    expect(screen.get_by_role("link", name="Previously on…")).to_be_visible()
