"""Making a campaign ("Making a Compelling Campaign"): its steps, and our force generator."""

import random

from gamerules.forces import (
    METHODS,
    TABLES,
    Entry,
    Genre,
    Part,
    Step,
    genres_of,
    next_step,
    suggest,
)


def test_the_steps_come_in_the_chapter_order_and_a_skipped_one_comes_back():
    assert [step.value for step in Step] == ["setting", "world", "forces", "group"]
    assert next_step([]) is Step.SETTING
    assert next_step(["setting", "forces"]) is Step.WORLD  # the world was skipped: the walk comes back to it
    assert next_step([step.value for step in Step]) is None


def test_the_setting_words_choose_the_tables_and_the_general_one_is_always_in_play():
    assert genres_of("A galaxy of starships and alien empires") == (Genre.SCI_FI, Genre.GENERAL)
    assert genres_of("Magic, a haunted kingdom") == (Genre.FANTASY, Genre.HORROR, Genre.GENERAL)
    assert genres_of("Un royaume où la magie est interdite") == (Genre.FANTASY, Genre.GENERAL)
    assert genres_of("En rymdstation") == (Genre.SCI_FI, Genre.GENERAL)  # a word starts a compound
    assert genres_of("A quiet village by the sea") == (Genre.GENERAL,)  # no word of ours: the general table
    assert genres_of("") == (Genre.GENERAL,)


def test_every_genre_has_forces_goals_and_enough_methods():
    for genre in Genre:
        for part in Part:
            entries = [entry for entry in TABLES if entry.genre is genre and entry.part is part]
            assert len(entries) >= (METHODS[1] if part is Part.METHOD else 3), (genre, part)


def test_a_suggestion_is_a_force_a_goal_and_three_different_methods_of_the_tables_in_play():
    idea = suggest("A fantasy kingdom", random.Random(7))
    texts = {entry.text: entry for entry in TABLES}
    assert {texts[idea.name].genre, texts[idea.goal].genre} <= {Genre.FANTASY, Genre.GENERAL}
    assert texts[idea.name].part is Part.FORCE and texts[idea.goal].part is Part.GOAL
    assert len(set(idea.methods)) == 3 and all(texts[m].part is Part.METHOD for m in idea.methods)
    assert all(texts[m].genre in (Genre.FANTASY, Genre.GENERAL) for m in idea.methods)
    assert suggest("A fantasy kingdom", random.Random(7)) == idea  # seeded: the same draw
    assert len(suggest("", random.Random(1), methods=2).methods) == 2


def test_the_gms_own_entries_are_drawn_with_ours_for_their_genre_only():
    mine = (Entry(Genre.HORROR, Part.FORCE, "The Lighthouse Keeper"),
            Entry(Genre.SCI_FI, Part.FORCE, "The Comet Cult"))
    names = {suggest("haunted village", random.Random(seed), mine).name for seed in range(200)}
    assert "The Lighthouse Keeper" in names and "The Comet Cult" not in names


def test_a_force_already_in_the_campaign_is_not_suggested_again_while_others_are_left():
    general = [entry.text for entry in TABLES if entry.genre is Genre.GENERAL and entry.part is Part.FORCE]
    idea = suggest("", random.Random(3), taken=general[:-1])
    assert idea.name == general[-1]
    assert suggest("", random.Random(3), taken=general).name in general  # all taken: any of them
