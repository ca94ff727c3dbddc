"""A hack's own words in each language ("A hack is a file: ... with its own words in each language"):
the actions and details a hack names itself (Craft for Tinker, an Oath detail) take a word in each of
the site's languages, set on the Dials page and carried by the hack file; every reader then reads
them in their language, while the rulebook's own names are translated as before."""

import pytest
from django.urls import reverse
from django.utils import translation

from campaign.models import Campaign
from charge.models import Setup, Talent
from core import campaign_words
from tests.campaign.test_campaigns import dials_post
from tests.campaign.test_hacks import (
    confirm,
    exported,
    preview,
    refused_everywhere,
    said_on,
    upload,
    url,
)
from tests.helpers import sheet_url

pytestmark = pytest.mark.django_db

CRAFT = dials_post(insight_actions="Shoot\nCraft\nStudy\nNotice", details="Oath",
                   words_fr="Craft = Artisanat\nOath = Serment", words_sv="Craft = Hantverk")


def read_in(table, who, language, address):
    client = table.client(who)
    client.cookies["django_language"] = language
    return client.get(address, HTTP_ACCEPT_LANGUAGE=language).text


def test_the_gm_gives_the_hacks_names_words_and_each_reader_reads_their_own(table):
    assert table.client("gm").post(url("dials", table), CRAFT).status_code == 302
    assert Campaign.objects.get(pk=table.campaign.pk).charge.rules.words == (
        ("fr", "Craft", "Artisanat"), ("fr", "Oath", "Serment"), ("sv", "Craft", "Hantverk"))
    sheet = table.character.get_absolute_url()
    french = read_in(table, "player", "fr", sheet)
    assert "Artisanat" in french and "Serment" in french and "Faufiler" in french  # the rulebook's Sneak, as before
    swedish = read_in(table, "player", "sv", sheet)
    assert "Hantverk" in swedish and "Oath" in swedish  # no Swedish word for the detail: as written
    english = read_in(table, "player", "en", sheet)
    assert "Craft" in english and "Artisanat" not in english and "Oath" in english
    wizard = read_in(table, "player", "fr", f"{reverse('roll_new', args=[table.campaign.pk])}?character={table.character.pk}")
    assert '<option value="Craft">Artisanat' in wizard  # posted as written, read in French
    assert "Craft = Artisanat" in table.client("gm").get(url("dials", table)).text  # the form shows them back


def test_a_word_is_refused_where_the_file_refuses_it_and_nothing_is_saved(table):
    for changes, said in (
            ({"words_fr": "Craft Artisanat"}, "Write each as: the name = its word."),
            ({"words_fr": "Sneak = Faufiler"}, "Only the hack&#x27;s own actions and details take names in each "
                                               "language, not Sneak: write the lines"),
            ({"words_fr": "Craft = <b>Artisanat</b>"}, "A name in another language has 1 to 30 characters"),
            ({"words_fr": "Craft = Artisanat\nCraft = Métier"}, "A name has one word in each language.")):
        response = table.client("gm").post(url("dials", table), {**CRAFT, **changes})
        assert response.status_code == 200 and said in response.text, changes
    assert Setup.objects.get(campaign=table.campaign).dials == {}
    page = table.client("gm").post(url("dials", table), {**CRAFT, "words_sv": "Sneak = Smyga"}).text
    box = page[page.index('name="words_sv"'):]
    assert "is-invalid" in page[page.index('id="id_words_sv"') - 200:page.index('id="id_words_sv"')]
    assert "not Sneak" in box[:1500] and "not Sneak" not in page[:page.index('name="words_en"')]  # beside its box
    assert "Nothing was saved: a field below says why." in page  # and the top of the page says so


def test_the_file_carries_the_words_and_the_preview_says_them(table):
    table.client("gm").post(url("dials", table), CRAFT)
    document = exported(table)
    assert document["words"] == {"fr": {"Craft": "Artisanat", "Oath": "Serment"}, "sv": {"Craft": "Hantverk"}}
    document["words"]["fr"]["Craft"] = "Fabriquer"
    page = preview(table, file=upload(document))
    assert "In French, Craft: Artisanat → Fabriquer" in said_on(page)
    assert confirm(table, page).status_code == 302
    assert exported(table) == document  # export, import, export: the same document
    assert "Fabriquer" in read_in(table, "other_player", "fr", table.character.get_absolute_url())


def test_a_preset_that_drops_a_named_action_drops_its_words(table):
    table.client("gm").post(url("dials", table), dials_post(insight_actions="Shoot\nCraft\nStudy\nNotice",
                                                            words_fr="Craft = Artisanat"))
    confirm(table, preview(table, preset="six-actions"))
    rules = Campaign.objects.get(pk=table.campaign.pk).charge.rules
    assert "Craft" not in rules.action_names and rules.words == ()


def _set_words(words):
    return lambda document: document.__setitem__("words", words)


HOSTILE = {
    "a language the site does not speak": (_set_words({"de": {"Craft": "Handwerk"}}),
                                           "words.de: not a value the format allows"),
    "script in a word": (_set_words({"fr": {"Craft": "<script>x()</script>"}}), "words.fr.Craft: a character"),
    "a rulebook name": (_set_words({"fr": {"Sneak": "Glisser"}}),
                        "words: Only the hack's own actions and details take names in each language, not Sneak:"),
    "the words as a list": (_set_words(["Craft"]), "words: the wrong type"),
    "too many names": (_set_words({"fr": {f"N{n}": "x" for n in range(25)}}), "words.fr: 25 entries"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_bad_words_in_a_file_are_refused_naming_the_field(table, case):
    table.client("gm").post(url("dials", table), dials_post(insight_actions="Shoot\nCraft\nStudy\nNotice"))
    refused_everywhere(table, case, *HOSTILE[case])


def test_no_request_lends_its_campaigns_words_to_the_next(table):
    table.client("gm").post(url("dials", table), CRAFT)
    read_in(table, "player", "fr", table.character.get_absolute_url())
    with translation.override("fr"):
        assert campaign_words.said("Craft") == "Craft"  # the sheet's request took its words with it
        campaign_words.use(lambda: {"Craft": {"fr": "Artisanat"}})  # as a campaign view leaves them
        assert campaign_words.said("Craft") == "Artisanat"
        table.client("player").get(reverse("campaigns"))  # a page of no campaign starts without them
        assert campaign_words.said("Craft") == "Craft"


def test_a_talent_form_offers_the_hacks_action_in_the_readers_language(table):
    table.client("gm").post(url("dials", table), CRAFT)
    page = read_in(table, "player", "fr", sheet_url(table, "character_talent", table.character, 1))
    assert "Artisanat" in page


def test_a_talent_on_the_sheet_says_the_hacks_action_in_the_readers_language(table):
    table.client("gm").post(url("dials", table), CRAFT)
    Talent.objects.create(character=table.character, slot=1, kind="dot", action="Craft")
    assert "+1 Artisanat" in read_in(table, "player", "fr", table.character.get_absolute_url())
    assert "+1 Craft" in read_in(table, "player", "en", table.character.get_absolute_url())
