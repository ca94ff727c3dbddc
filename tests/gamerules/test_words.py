"""The rules' phrases: English as data, said in the reader's language only when shown."""

import copy
import json
import pickle

import pytest

from gamerules import words
from gamerules.dials import PRESET_ACTIONS, RULEBOOK_ACTION_NAMES
from gamerules.words import said, said_as, said_n

FRENCH = {"Risky": "Risquée", "%(helper)s has no momentum left to assist.": "%(helper)s n’a plus d’élan pour aider."}


@pytest.fixture
def french():
    saved = words._translate, words._translate_plural, words._translate_in
    words.install(lambda text: FRENCH.get(text, text),
                  lambda one, many, n: "%(n)s segment" if n <= 1 else "%(n)s segments",  # French: 0 and 1 are singular
                  lambda context, text: {("action", "Study"): "Étudier"}.get((context, text), text))
    yield
    words.install(*saved)


def test_a_phrase_is_its_english_for_the_rules_and_for_storage(french):
    phrase = said("%(helper)s has no momentum left to assist.", helper=said("Risky"))
    assert phrase == "Risky has no momentum left to assist."
    assert json.dumps(phrase) == '"Risky has no momentum left to assist."'
    assert "momentum" in phrase


def test_shown_it_is_said_in_the_readers_language_values_too(french):
    phrase = said("%(helper)s has no momentum left to assist.", helper=said("Risky"))
    assert str(phrase) == "Risquée n’a plus d’élan pour aider."
    assert f"{phrase}" == "Risquée n’a plus d’élan pour aider."


def test_plurals_follow_the_language_and_contexts_are_kept_apart(french):
    assert said_n("%(n)s segment", "%(n)s segments", 0) == "0 segments"  # English: 0 is plural
    assert str(said_n("%(n)s segment", "%(n)s segments", 0)) == "0 segment"  # French: singular
    assert str(said_as("action", "Study")) == "Étudier"
    assert str(said("Study")) == "Study"


def test_copied_or_kept_a_phrase_is_still_said(french):
    phrase = said("%(helper)s has no momentum left to assist.", helper=said("Risky"))
    for again in (copy.copy(phrase), copy.deepcopy(phrase), pickle.loads(pickle.dumps(phrase))):
        assert again == phrase and str(again) == "Risquée n’a plus d’élan pour aider."


def test_english_until_a_translation_is_installed():
    saved = words._translate, words._translate_plural, words._translate_in
    words.install(lambda text: text, lambda one, many, n: one if n == 1 else many, lambda context, text: text)
    try:
        assert str(said("Risky")) == "Risky"
    finally:
        words.install(*saved)


def test_every_action_name_the_rules_give_is_marked():
    assert {a.name for preset in PRESET_ACTIONS.values() for a in preset} == set(RULEBOOK_ACTION_NAMES)


def test_a_phrase_kept_as_data_is_said_again_in_the_language_of_the_day(french):
    from gamerules.words import kept, said_again

    phrase = said("%(helper)s has no momentum left to assist.", helper=said("Risky"))
    data = json.loads(json.dumps(kept(phrase)))
    assert str(said_again(data)) == "Risquée n’a plus d’élan pour aider."
    assert said_again(data) == "Risky has no momentum left to assist."
    assert str(said_again(kept(said_n("%(n)s segment", "%(n)s segments", 1)))) == "1 segment"
    assert str(said_again(kept(said_as("action", "Study")))) == "Étudier"
    assert kept("Ada's own words") == said_again("Ada's own words") == "Ada's own words"


def test_data_that_is_no_phrase_falls_back_to_the_english_kept_beside_it(french):
    from gamerules.words import said_back

    assert said_back({"said": "%(missing)s left", "values": {}}, "the English") == "the English"
    assert said_back({"said": "Risky", "values": "not a mapping"}, "the English") == "the English"
    assert said_back({"said": "Risky", "values": {}}, "the English") == "the English"  # not its phrase
    assert said_back({"said": "Risky", "values": {}}, "Risky") == "Risquée"
