"""The accessibility statement: linked from every page's footer, in each language, with the
accessibility suite's figures."""

from django.urls import reverse

from campaign.views.accounts import AXE_RUN
from tests.helpers import words


def test_every_page_links_to_the_statement_which_says_what_was_tested(client):
    home = client.get(reverse("home"))
    assert f'href="{reverse("accessibility")}"' in home.text
    statement = words(client.get(reverse("accessibility")))
    assert (f"The last run: {AXE_RUN['pages']} pages, {AXE_RUN['visits']} page visits, "
            f"{AXE_RUN['violations']} violations.") in statement
    assert (f"The last run: {AXE_RUN['state_pages']} pages in those states, {AXE_RUN['state_visits']} page visits, "
            f"{AXE_RUN['state_violations']} violations.") in statement
    assert "without moving the focus" in statement
    assert "names who tapped it" in statement
    assert "What is known to be missing" in statement


def test_the_statement_is_in_french_and_in_swedish(client):
    for language, heading in (("fr", "Ce qui manque, à notre connaissance"), ("sv", "Vad vi vet saknas")):
        page = client.get(reverse("accessibility"), headers={"accept-language": language})
        assert f'lang="{language}"' in page.text
        assert heading in words(page)
