"""The French and Swedish catalogues: complete, no fuzzy or empty entry, placeholders kept, the
rulebook's glossary used where it gives a term, and nothing marked in the code missing from them."""

import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from django.core.management import call_command
from django.test import override_settings

from tests.i18n.untranslated import template_files, untranslated

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("fr", "sv")

# The rulebook's "Glossary", "Translations" (English, Français, Swedish), as printed. Where the
# Swedish column is empty the term is ours to translate. "Project | Projets": the French is the
# sheet's heading, so it stands for "Projects".
GLOSSARY = [
    # Global
    ("Game Master", "Maître du Jeu", "Spelledare"), ("Player", "Joueur", "Spelare"), ("Scene", "Scène", "Scen"),
    ("Session", "Session", "Spelomgång"),
    # Character Sheet
    ("Details", "Détails", "Detaljer"), ("Concept", "Concept", "Koncept"), ("Appearance", "Apparence", "Utseende"),
    ("Ties", "Liens", "Kopplingar"), ("Actions", "Actions", "Handlingar"), ("Stress", "Stress", "Stress"),
    ("Condition", "Condition", "Tillstånd"), ("Talents", "Talents", "Talanger"), ("Projects", "Projets", "Projekt"),
    ("Complications", "Complications", "Komplikationer"),
    # Momentum
    ("Momentum", "Élan", "Momentum"), ("Push Yourself", "Se surpasser", "Forcera"),
    ("Assist an Ally", "Aider un allié", "Assistera"), ("Flashback", "Flashback", "Tillbakablick"),
    # Rolls
    ("Action Roll", "Jet d’action", "Färdighetsslag"), ("Position", "Position", "Position"),
    ("Effect", "Effet", "Effekt"), ("Determination Roll", "Jet de détermination", "Beslutsamhetsslag"),
    # 12 Actions: the attributes
    ("Physique", "Physique", "Kroppsbyggnad"), ("Insight", "Perspicacité", "Koncentration"),
    ("Resolve", "Volonté", "Beslutsamhet"),
    # Hacks
    ("Attachments", "Connections", None), ("Asset", "Atout", None), ("Quick Charge", "Charge Rapide", None),
]
ACTIONS = [
    ("Muscle", "Forcer", "Kraftfullt"), ("Finesse", "Finesse", "Fingerfärdigt"), ("Move", "Bouger", "Snabbt"),
    ("Sneak", "Faufiler", "Tyst"), ("Shoot", "Tirer", "Träffsäkert"), ("Tinker", "Bricoler", "Underfundigt"),
    ("Study", "Étudier", "Studerande"), ("Notice", "Remarquer", "Uppmärksamt"), ("Bond", "Sociabiliser", "Uppmuntrande"),
    ("Command", "Ordonner", "Beordrande"), ("Focus", "Concentrer", "Fokuserat"), ("Sway", "Manipuler", "Manipulerande"),
]


def catalogue(language):
    with (ROOT / "config" / "locale" / language / "LC_MESSAGES" / "django.po").open("rb") as po:
        return read_po(po, locale=language)


def _same_case(term: str, msgid: str) -> bool:
    """A label of the term as the screens write it: "Action Roll", "Action roll", "ACTION ROLL"."""
    return msgid.rstrip(":") in (term, term[0] + term[1:].lower(), term.upper())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(language):
    problems = []
    for message in catalogue(language):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            problems.append(message.id)
    assert problems == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_placeholders_are_kept(language):
    """Babel's checks: each python-format entry keeps exactly its placeholders, in every plural form."""
    problems = [(message.id, [str(e) for e in errors]) for message, errors in catalogue(language).check()]
    assert problems == []


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("language", LANGUAGES)
def test_msgfmt_check_is_clean(language, tmp_path):
    po = ROOT / "config" / "locale" / language / "LC_MESSAGES" / "django.po"
    done = subprocess.run(["msgfmt", "--check", "--statistics", "-o", str(tmp_path / "django.mo"), str(po)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "fuzzy" not in done.stderr and "untranslated" not in done.stderr


# Where the screens use a term in another form than the glossary prints: the form, and what the
# translation of every text starting with it must hold (a stem, for the imperative "Aidez").
SCREEN_FORMS = {
    "Game Master": ("GM", "MJ", "SL"), "Projects": ("Project", "Projet", "Projekt"),
    "Complications": ("Complication", "Complication", "Komplikation"),
    "Push Yourself": ("Push yourself", "Se surpasser", "Forcera"), "Assist an Ally": ("Assist", "Aide", "Assistera"),
}


@pytest.mark.parametrize(("column", "language"), [(1, "fr"), (2, "sv")])
def test_the_glossary_terms_are_used_where_it_gives_them(column, language):
    found = {(m.context, m.id): m.string for m in catalogue(language) if m.id and isinstance(m.id, str)}
    plain = {msgid: string for (context, msgid), string in found.items() if context is None}
    wrong, missing = [], []
    for row in GLOSSARY:
        if row[column] is None:
            continue
        labels = {msgid: string for msgid, string in plain.items() if _same_case(row[0], msgid)}
        for msgid, string in labels.items():
            if string.rstrip(":").rstrip().lower() != row[column].lower():
                wrong.append((msgid, string, row[column]))
        if row[0] in SCREEN_FORMS:
            form = SCREEN_FORMS[row[0]]
            starting = {msgid: string for msgid, string in plain.items()
                        if msgid == form[0] or msgid.startswith((form[0] + " ", form[0] + ":"))}
            wrong += [(msgid, string, form[column]) for msgid, string in starting.items()
                      if form[column].lower() not in string.lower()]
            labels |= starting
        if not labels:
            missing.append(row[0])
    for row in ACTIONS:
        string = found.get(("action", row[0]))
        if string is None:
            missing.append(row[0])
        elif string != row[column]:
            wrong.append((row[0], string, row[column]))
    assert wrong == []
    assert missing == []


def test_no_template_shows_words_outside_translation():
    left = {str(path.relative_to(ROOT)): found for path in template_files() if (found := untranslated(path.read_text()))}
    assert left == {}


@pytest.mark.skipif(not shutil.which("xgettext"), reason="GNU gettext's xgettext is not installed")
def test_the_catalogues_hold_every_marked_text(tmp_path, monkeypatch):
    """makemessages, run on a copy of the project, finds nothing new: every text marked in the
    code has its entry."""
    copy = tmp_path / "project"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(
        ".*", "__pycache__", "*.mo", "tests", "bench", "staticfiles", "*.egg-info", "db.sqlite3"))
    monkeypatch.chdir(copy)
    with override_settings(LOCALE_PATHS=[copy / "config" / "locale"]):
        call_command("makemessages", locale=list(LANGUAGES), no_location=True, verbosity=0)
    for language in LANGUAGES:
        before = {(m.context, m.id) for m in catalogue(language) if m.id}
        with (copy / "config" / "locale" / language / "LC_MESSAGES" / "django.po").open("rb") as po:
            after = {(m.context, m.id) for m in read_po(po, locale=language) if m.id}
        assert sorted(map(str, after - before)) == []
