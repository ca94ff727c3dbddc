"""Making a campaign as "Making a Compelling Campaign" makes it, and our own force generator.

The chapter's steps, in its order: find a setting ("Finding a Setting"), establish the world with
questions ("Establish the World"), add 1-3 world forces, each with a goal and 2-3 methods ("Add
Trouble to the World"), then define the group as a force, deciding how it stands toward each world
force ("Define the Group as a Force": "That's why we defined the World Forces before the Player
Force").

The generator is ours, not the tool the community chapter points to: a few genre tables of forces,
goals and methods, chosen by the words the group used for its setting, with a general table always
in play. A campaign's GM adds entries of their own (kept by the web layer and handed in as
``extra``). Randomness comes in as a ``random.Random``, so that a test can seed it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from gamerules.words import said


class Step(StrEnum):
    """The chapter's steps, in order."""

    SETTING = "setting"
    WORLD = "world"
    FORCES = "forces"
    GROUP = "group"

    @property
    def label(self) -> str:
        return STEP_LABELS[self]


STEP_LABELS = {
    Step.SETTING: said("Find a setting"),
    Step.WORLD: said("Establish the world"),
    Step.FORCES: said("Add trouble: world forces"),
    Step.GROUP: said("Define the group as a force"),
}

WORLD_FORCES = (1, 3)
""""we define 1-3 World Forces" ("Add Trouble to the World")."""
METHODS = (2, 3)
""""Each Force has around 2-3 Methods"."""


def next_step(done: Iterable[str]) -> Step | None:
    """The first step not done yet, in the chapter's order; None once every step is done."""
    done = set(done)
    return next((step for step in Step if step.value not in done), None)


class Genre(StrEnum):
    GENERAL = "general"
    FANTASY = "fantasy"
    SCI_FI = "sci_fi"
    MODERN = "modern"
    HORROR = "horror"

    @property
    def label(self) -> str:
        return GENRE_LABELS[self]


GENRE_LABELS = {Genre.GENERAL: said("Any setting"), Genre.FANTASY: said("Fantasy"), Genre.SCI_FI: said("Science fiction"),
                Genre.MODERN: said("Modern day"), Genre.HORROR: said("Horror")}

GENRE_WORDS = {
    Genre.FANTASY: ("fantasy", "magic", "dragon", "sword", "king", "queen", "kingdom", "throne", "elf", "dwarf",
                    "wizard", "castle", "knight", "medieval", "orc", "fantastique", "magie", "royaume", "chevalier",
                    "fantasi", "magi", "drake", "kung", "riddare", "trolldom"),
    Genre.SCI_FI: ("space", "sci-fi", "scifi", "science fiction", "starship", "ship", "planet", "galaxy", "alien",
                   "robot", "cyberpunk", "android", "future", "laser", "station", "espace", "planète", "galaxie",
                   "vaisseau", "rymd", "planet", "galax", "framtid"),
    Genre.MODERN: ("modern", "city", "police", "heist", "crime", "spy", "corporation", "today", "gang", "mafia",
                   "detective", "contemporary", "moderne", "ville", "espion", "braquage", "stad", "polis", "spion",
                   "kupp"),
    Genre.HORROR: ("horror", "ghost", "vampire", "zombie", "cult", "haunted", "monster", "curse", "dread",
                   "lovecraft", "eldritch", "horreur", "fantôme", "culte", "maudit", "skräck", "spöke", "kult",
                   "förbannelse"),
}
"""The words (in the languages the site speaks) that bring a genre's table into play."""


def genres_of(words: str) -> tuple[Genre, ...]:
    """The genres whose words the setting uses, in the enum's order; the general table always
    comes last, so that a setting in no genre still gets suggestions."""
    text = " " + re.sub(r"[^\w-]+", " ", words.lower()) + " "
    found = [genre for genre, keys in GENRE_WORDS.items() if any(f" {key}" in text for key in keys)]
    return (*found, Genre.GENERAL)


class Part(StrEnum):
    """What a table entry is: a force (its name), a goal, a method."""

    FORCE = "force"
    GOAL = "goal"
    METHOD = "method"


@dataclass(frozen=True)
class Entry:
    genre: Genre
    part: Part
    text: str


def _table(genre: Genre, forces, goals, methods) -> tuple[Entry, ...]:
    return (*(Entry(genre, Part.FORCE, text) for text in forces), *(Entry(genre, Part.GOAL, text) for text in goals),
            *(Entry(genre, Part.METHOD, text) for text in methods))


TABLES = (
    *_table(Genre.GENERAL, (said("The Old Families"), said("The Guild of Carriers"), said("The Hungry Tide"),
                            said("The Quiet Heir")),
            (said("Own every road in and out of the region"), said("Bring back the order that was lost"),
             said("Make the powerful pay for an old betrayal")),
            (said("Buy the debts of those who stand in the way"), said("Recruit the young and the desperate"),
             said("Spread a rumour until it becomes the truth"), said("Hold the only supply of something needed"),
             said("Plant loyal people in every council"))),
    *_table(Genre.FANTASY, (said("The Ash Crown"), said("The Circle of the Ninth Moon"), said("The Wyrm Beneath"),
                            said("The Free Companies")),
            (said("Put a true heir back on the throne"), said("Open a gate to the world beyond the mist"),
             said("Make magic the privilege of a sworn few")),
            (said("Hire mercenaries for a war to come"), said("Steal the relics that keep the old wards"),
             said("Bind rivals with oaths they cannot break"), said("Raid the caravans that feed the capital"))),
    *_table(Genre.SCI_FI, (said("The Meridian Combine"), said("The Last Fleet"), said("The Choir of Machines"),
                           said("The Outer Colonies' Assembly")),
            (said("Control every jump gate in the sector"), said("Wake the sleeping ark ships"),
             said("Free the colonies from the core worlds' tax")),
            (said("Buy out the shipyards one by one"), said("Jam the relay beacons and sell the silence"),
             said("Sabotage the terraforming engines"), said("Smuggle weapons to the mining moons"))),
    *_table(Genre.MODERN, (said("The Harbour Syndicate"), said("Halden & Ross Holdings"), said("The Precinct's Inner Circle"),
                           said("The Night Market Crews")),
            (said("Take over the city's docks before the election"), said("Bury the evidence of a disaster"),
             said("Win the city back for its own people")),
            (said("Blackmail officials with what the archives hold"), said("Buy buildings and empty them"),
             said("Run the news cycle through paid voices"), said("Settle scores with anonymous tips to the police"))),
    *_table(Genre.HORROR, (said("The Congregation of the Drowned"), said("The Pale Doctor"), said("The Thing in the Walls"),
                           said("The Wardens of the Lantern")),
            (said("Wake what sleeps under the town"), said("Live forever, whatever it costs others"),
             said("Keep the town ignorant of what hunts it")),
            (said("Take the lost and return them changed"), said("Leave signs only the chosen can read"),
             said("Turn neighbours against each other with whispers"), said("Seal every way out when night falls"))),
)
"""Our own tables: a few forces, goals and methods per genre, written for this site."""


@dataclass(frozen=True)
class Suggestion:
    """A force as the generator suggests it: the GM edits it before saving."""

    name: str
    goal: str
    methods: tuple[str, ...]


def suggest(words: str, rng: random.Random, extra: Iterable[Entry] = (), methods: int = METHODS[1],
            taken: Iterable[str] = ()) -> Suggestion:
    """A force, a goal and ``methods`` different methods, drawn from the tables of the genres the
    setting's ``words`` bring into play (and the general one), with the GM's ``extra`` entries of
    those genres. A force's name already ``taken`` in the campaign is drawn only when no other is
    left."""
    genres = set(genres_of(words))
    pool: Mapping[Part, list[str]] = {part: [] for part in Part}
    for entry in (*TABLES, *extra):
        if entry.genre in genres and entry.text not in pool[entry.part]:
            pool[entry.part].append(entry.text)
    taken = set(taken)  # as stored: in English, or in the language it was suggested in
    names = [name for name in pool[Part.FORCE] if name not in taken and str(name) not in taken] or pool[Part.FORCE]
    count = max(METHODS[0], min(METHODS[1], methods))
    return Suggestion(rng.choice(names), rng.choice(pool[Part.GOAL]),
                      tuple(rng.sample(pool[Part.METHOD], min(count, len(pool[Part.METHOD])))))
