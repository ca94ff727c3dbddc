"""A table that plays in French or in Swedish: a player's phone in their language (chosen once,
saved on the account), the table screen in the campaign's, the GM's console in the GM's own."""

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext
from playwright.sync_api import expect

from accounts.models import Account
from tests.e2e.test_table_screen import TABLE
from tests.factories import CharacterFactory, UserFactory, join, make_campaign
from tests.helpers import DESKTOP, LIVE, PHONE, SPREAD, log_in

# The rulebook's glossary ("Glossary", "Translations"): the words the screens must use.
GLOSSARY = {"fr": {"Sneak": "Faufiler", "Momentum": "Élan", "Ties": "Liens", "Action Roll": "Jet d’action"},
            "sv": {"Sneak": "Tyst", "Momentum": "Momentum", "Ties": "Kopplingar", "Action Roll": "Färdighetsslag"}}


def said(language, text, context=None):
    """What the catalogue says for ``text`` in ``language``: the screens' words, not the test's."""
    with translation.override(language):
        return pgettext(context, text) if context else gettext(text)


def no_overflow(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


@pytest.mark.parametrize("language", ["fr", "sv"])
def test_a_roll_a_sheet_and_the_table_screen_in_the_tables_language(new_page, screenshot, dice, language):
    gm_user, ada_user = UserFactory(username=f"gm-{language}"), UserFactory(username=f"ada-{language}")
    Account.objects.create(user=ada_user, language=language)
    campaign = make_campaign(gm_user, name="Le Trône" if language == "fr" else "Tronen")
    campaign.table_language = language
    campaign.save()
    join(campaign, ada_user)
    ada = CharacterFactory(campaign=campaign, owner=ada_user, name="Ada", momentum=2, created=True,
                           action_dots=dict(SPREAD))
    words = GLOSSARY[language]
    dice(6, 6)

    phone, gm, table = new_page(PHONE), new_page(DESKTOP), new_page(TABLE)
    log_in(phone, ada_user.username)
    log_in(gm, gm_user.username)
    log_in(table, gm_user.username)

    # The sheet, in the player's language: the glossary's words, the actions by their names there.
    phone.goto(ada.get_absolute_url())
    expect(phone.locator("html")).to_have_attribute("lang", language)
    expect(phone.get_by_text(words["Momentum"], exact=True).first).to_be_visible()
    expect(phone.get_by_text(words["Ties"], exact=True).first).to_be_attached()
    roll_sneak = phone.get_by_role("link", name=re.compile(rf"\b{words['Sneak']} \(2\)"))  # "Roll Sneak (2)", said there
    expect(roll_sneak).to_have_text(words["Sneak"])
    no_overflow(phone)
    screenshot(phone, f"language-{language}-sheet-phone")

    # A roll: started on the phone, set on the GM's console (in English), rolled on the phone.
    roll_sneak.click()
    phone.get_by_role("button", name=said(language, "Next")).click()
    waiting = said(language, "Waiting for the GM: they set them on the console, and this page moves on by itself.")
    expect(phone.get_by_text(waiting)).to_be_visible()
    gm.goto(f"/c/{campaign.pk}/console/")
    expect(gm.locator("html")).to_have_attribute("lang", "en")
    gm.get_by_role("article", name="Ada's Sneak roll").get_by_role("button", name="Set risk and effect").click()
    roll = phone.get_by_role("button", name=said(language, "Roll %(pool)sd6") % {"pool": 2})
    expect(roll).to_be_visible(timeout=LIVE)
    no_overflow(phone)
    roll.click()
    outcome = said(language, "Critical success")
    expect(phone.get_by_test_id("outcome")).to_have_text(outcome)
    no_overflow(phone)
    screenshot(phone, f"language-{language}-roll-phone")

    # The table screen, in the campaign's language whoever's laptop it is on.
    table.goto(f"/c/{campaign.pk}/table/")
    expect(table.locator("html")).to_have_attribute("lang", language)
    expect(table.get_by_test_id("table-outcome")).to_have_text(outcome)
    expect(table.locator("#table-rolls")).to_contain_text(words["Sneak"])
    assert "Sneak" not in table.locator("#table-rolls").inner_text()
    no_overflow(table)
    screenshot(table, f"language-{language}-table-1920x1080")


def test_a_player_chooses_their_language_from_the_menu_on_a_phone(new_page, screenshot):
    user = UserFactory(username="lea")
    campaign = make_campaign(UserFactory(username="gm-lea"), name="Salt")
    join(campaign, user)
    phone = new_page(PHONE)
    log_in(phone, "lea")
    phone.goto(f"/c/{campaign.pk}/")
    phone.get_by_role("button", name="Open the menu").click()
    phone.get_by_role("link", name="English", exact=True).click()
    screenshot(phone, "language-choose-phone")
    phone.get_by_label("Language").select_option("sv")
    phone.get_by_role("button", name="Save the language").click()  # 5 taps: menu, language, list, choice, save
    expect(phone).to_have_url(re.compile(rf"/c/{campaign.pk}/$"))  # back where they were
    expect(phone.locator("html")).to_have_attribute("lang", "sv")
    expect(phone.get_by_role("alert")).to_contain_text(said("sv", "The site is now in %(language)s.") % {"language": "svenska"})
    assert Account.objects.get(user=user).language == "sv"
    no_overflow(phone)
    screenshot(phone, "language-chosen-phone")
