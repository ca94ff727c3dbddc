"""A campaign as one versioned JSON document, and back.

Rows refer to each other by their place in the document ("characters" 3), never by database
ids, so a campaign imports on another instance and export → import → export gives the same
document. Ids kept inside JSON fields (a roll's momentum, helpers, talents, setup and
consequence) are translated the same way. Users travel as usernames and are matched on import.
Invitation links belong to the instance that made them and do not travel; neither do rolls on
their way (not yet made: the table starts them again), nor the history of things since deleted.
"""

import copy
import datetime
import json
import secrets
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from campaign.models import (
    Campaign,
    Event,
    GameSession,
    Membership,
    Role,
    SessionPlan,
    WorldForce,
)
from characters.models import Character
from clocks.models import Clock, ClockChange
from core.refused import Refused
from core.systems import logged_by, registered, setup_name
from rolls.models import Roll
from rolls.reading import reading_of
from safety.models import Agreement, Boundary, XCard

FORMAT = "charge-campaign"
VERSION = 1
USER = "users"


@dataclass(frozen=True)
class RollIds:
    """Where a dice system's rolls keep ids of other rows in their JSON, so that an export says
    places instead and an import gives the new ids back."""

    result_clocks: tuple[str, ...] = ()
    """Keys of ``result`` holding a clock the roll moved, as ``{"clock": id, ...}``: left out of a
    player's copy when the clock's segments are hidden from players."""
    result_links: dict[str, dict[str, str]] = field(default_factory=dict)
    """Keys of ``result`` holding an object whose keys hold ids, with the part each is of (a
    clock's left empty in a player's copy when its segments are hidden from players)."""
    result_lists: dict[str, str] = field(default_factory=dict)
    """Keys of ``result`` holding a list of ``{"id": id, ...}``, with the part the ids are of."""
    choice_clocks: tuple[str, ...] = ()
    """Keys of ``choices`` holding a clock's id."""
    choice_lists: dict[str, str] = field(default_factory=dict)
    """Keys of ``choices`` holding a list of ids, with the part they are of."""
    choice_maps: dict[str, str] = field(default_factory=dict)
    """Keys of ``choices`` holding ``{name: {"id": id, ...}}``, with the part the ids are of."""
    choice_rolls: tuple[str, ...] = ()
    """Keys of ``choices`` holding another roll's id (set on import once every roll exists)."""
    keyed: dict[str, str] = field(default_factory=dict)
    """Keys of the roll's row (its ``roll_columns``) holding an object keyed by ids, with the part."""
    gone: tuple[str, ...] = ()
    """Keys of ``choices`` naming a row on its way, which does not travel (emptied)."""


@dataclass(frozen=True)
class Part:
    key: str
    model: type
    campaign_path: str
    links: dict = field(default_factory=dict)  # attname → the part (or users) it points into
    visible: bool = False  # filtered by the viewer's .visible_to() in a player's export
    after: str = ""  # a dice system's part: the key of the part it comes after, when not the one listed before it
    new: bool = False  # added since the last release: left out of a document while empty, as older files have it
    added: dict = field(default_factory=dict)  # columns added since the last release: left out of a row at this value

    @property
    def is_history(self) -> bool:
        return self.key.endswith("_history")


def _history(model):
    return model.history.model


def history_of(part: Part, key: str, after: str = "") -> Part:
    """The recorded versions of a part's rows: each names its row's place and who made it (kept
    since a release after the last)."""
    return Part(key, _history(part.model), part.campaign_path,
                {"id": part.key, **part.links, "history_user_id": USER}, after=after, new=True, added=part.added)


CHARGE_CONDITIONS = {"deteriorating": [], "recovered_with": {}}
"""A Charge sheet's "Hacking Conditions" columns, newer than the last release: left out at their defaults."""

SHARED_PARTS = [
    Part("forces", WorldForce, "campaign", visible=True),
    Part("sessions", GameSession, "campaign"),
    Part("session_plans", SessionPlan, "campaign", new=True),  # a member's calendar address never travels
    Part("characters", Character, "campaign", {"owner_id": USER, "playbook_id": "playbooks",
                                               "assisting_id": "characters",
                                               "recovered_in_id": "sessions"}, added=CHARGE_CONDITIONS),
    Part("clocks", Clock, "campaign", {"character_id": "characters", "force_id": "forces",
                                       "worked_in_id": "sessions"}, visible=True),
    Part("rolls", Roll, "campaign", {"session_id": "sessions", "character_id": "characters",
                                     "rolled_by_id": USER, "parent_id": "rolls"}, visible=True),
    Part("clock_changes", ClockChange, "clock__campaign",
         {"clock_id": "clocks", "by_id": USER, "undoes_id": "clock_changes", "roll_id": "rolls"}),
    Part("events", Event, "campaign", {"actor_id": USER, "clock_id": "clocks", "force_id": "forces"},
         visible=True),
    Part("memberships", Membership, "campaign", {"user_id": USER}),
    # Safety: an anonymous line or veil travels without an author, as it is stored; an X-card
    # names nobody who tapped it.
    Part("boundaries", Boundary, "campaign", {"author_id": USER}),
    Part("x_cards", XCard, "campaign", {"dismissed_by_id": USER}),
    Part("session_zero", Agreement, "campaign", {"agreed_by_id": USER}),
    Part("character_history", _history(Character), "campaign",
         {"id": "characters", "owner_id": USER, "playbook_id": "playbooks",
          "assisting_id": "characters", "recovered_in_id": "sessions", "history_user_id": USER},
         added=CHARGE_CONDITIONS),
    Part("clock_history", _history(Clock), "campaign",
         {"id": "clocks", "character_id": "characters", "force_id": "forces",
          "worked_in_id": "sessions", "history_user_id": USER}),
    Part("force_history", _history(WorldForce), "campaign", {"id": "forces", "history_user_id": USER}),
]
AFTER = "characters"
"""Where a dice system's own parts start, unless they say (they point into the characters)."""


def parts() -> list[Part]:
    """Every part of an export, in the order an import creates them: the shared ones, with each
    registered dice system's own (its ``export_parts``) placed in, each after the part its
    ``after`` names, else after the one listed before it; the parts that follow the characters
    come system after system, in the registry's order."""
    every = list(SHARED_PARTS)
    end = AFTER  # the last of the parts placed after the characters so far
    for site in registered():
        previous = None
        for part in site.export_parts:
            anchor = part.after or previous or end
            every.insert(next(number for number, placed in enumerate(every) if placed.key == anchor) + 1, part)
            end = part.key if anchor == end else end
            previous = part.key
    return every


def _roll_ids(kind: str) -> RollIds:
    """Where the system that logs rolls of this kind keeps ids in their JSON."""
    site = logged_by(kind)
    return site.roll_ids if site and site.roll_ids else RollIds()


# Links to rows of the same part, set once the whole part exists.
LATE_LINKS = {"rolls": "parent_id", "clock_changes": "undoes_id"}
CAMPAIGN_FIELDS = ("name", "pitch", "gm_notes", "system", "system_options", "day", "created_at", "table_language")
# Not the live version: it counts changes on this site's screens (an earlier file's is ignored).
ADDED_FIELDS = {"market_filled": 0, "day": 1, "system": "charge", "system_options": {}, "table_language": ""}
"""Campaign fields newer than some exports of this version: a file without them keeps the default."""


def _setup_fields() -> dict:
    """Each system's ``setup`` fields in the campaign object, with their model: every campaign
    carries them all, those of another system than its own at their defaults, as when they were
    the campaign's own columns."""
    return {name: site.setup for site in registered() if site.setup for name in site.setup.export_fields}


def _setup_data(campaign: Campaign) -> dict:
    rows = {setup: getattr(campaign, setup_name(setup), None) for setup in set(_setup_fields().values())}
    return {name: getattr(rows[setup], name) if rows[setup] is not None else setup._meta.get_field(name).get_default()
            for name, setup in _setup_fields().items()}


def _set_setup(campaign: Campaign, data: dict) -> None:
    """How an imported campaign plays its system, from the file."""
    if (setup := campaign.setup) is None:
        return
    for name in setup.export_fields:
        setattr(setup, name, data[name])
    setup.full_clean(exclude=["campaign"])
    setup.save()


SHEET_CARRIERS = ("characters", "character_history")
"""The parts whose rows carry the characters' system sheets (``_with_sheets``)."""


def _sheet_fields() -> dict:
    """Each system's ``character_sheet`` fields in a character's row, with their model: every
    character carries them all, those of another system than its campaign's at their defaults,
    as when they were the character's own columns."""
    return {name: site.character_sheet for site in registered() if site.character_sheet
            for name in site.character_sheet.export_fields}


def _sheet_defaults() -> dict:
    return {name: model._meta.get_field(name).get_default() for name, model in _sheet_fields().items()}


def _sheet_versions(campaign: Campaign):
    """The recorded versions of the campaign's characters' own system's sheets, or None."""
    model = campaign.site.character_sheet
    return None if model is None else model.history.model.objects.filter(character__campaign=campaign)


def _with_sheets(campaign: Campaign, part: Part, rows: list[dict]) -> list[dict]:
    """A character's row carries its system's sheet (and a version of it the sheet as it was then:
    its version of the same moment, else the one before); a sheet's versions made with one of the
    character's own travel in that one's row, not in the sheet's history."""
    defaults, model = _sheet_defaults(), campaign.site.character_sheet
    if part.key == "characters":
        sheets = {} if model is None else {
            row.pop("character_id"): row for row in model.objects.filter(character__campaign=campaign)
            .values("character_id", *model.export_fields)}
        return [row | defaults | sheets.get(row["pk"], {}) for row in rows]
    if part.key == "character_history":
        versions: dict[int, list[dict]] = {}
        for version in ([] if model is None else _sheet_versions(campaign).order_by("history_date", "history_id")
                        .values("character_id", "history_date", *model.export_fields)):
            versions.setdefault(version.pop("character_id"), []).append(version)
        found = []
        for row in rows:
            then = [v for v in versions.get(row["id"], ()) if v["history_date"] <= row["history_date"]]
            found.append(row | defaults | ({name: then[-1][name] for name in model.export_fields} if then else {}))
        return found
    if model is not None and part.model is model.history.model:
        mine = set(_history(Character).objects.filter(campaign=campaign).values_list("id", "history_date"))
        return [row for row in rows if (row["character_id"], row["history_date"]) not in mine]
    return rows


def _make_sheets(campaign: Campaign, part: Part, created: list, carried: list[dict], translate) -> None:
    """The sheets (or their versions) the imported characters' rows carried, with their links made
    ids; nothing for a campaign of another system (its rows carry the defaults)."""
    model = campaign.site.character_sheet
    if model is None or part.key not in SHEET_CARRIERS:
        return
    sheets = []
    for obj, said in zip(created, carried, strict=True):
        sheet = {name: said.get(name, model._meta.get_field(name).get_default()) for name in model.export_fields}
        for name, target in part.links.items():
            if name in sheet and target != USER:
                sheet[name] = translate(target, sheet[name])
        if part.key == "characters":
            sheets.append(model(character_id=obj.pk, **sheet))
        else:
            sheets.append(model.history.model(
                character_id=obj.id, history_date=obj.history_date, history_type=obj.history_type,
                history_user_id=obj.history_user_id, history_change_reason=obj.history_change_reason, **sheet))
    if sheets:
        type(sheets[0]).objects.bulk_create(sheets, batch_size=1000)


GM_ONLY_TEXT = {"sessions": ("gm_notes",), "forces": ("gm_notes",), "characters": ("gm_notes",)}


class _Encoder(DjangoJSONEncoder):
    """Django's JSON, but with times to the microsecond (Django's stops at the millisecond),
    so that nothing is lost on the way."""

    def default(self, o):
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


def _columns(part: Part) -> list[str]:
    # A roll's idempotency key only guards a double submit on the site that made it; its reading
    # is this site's own reading of it, read again on import rather than believed (rolls/reading.py).
    names = [f.attname for f in part.model._meta.concrete_fields
             if f.attname not in ("id", "history_id", "campaign_id", "idempotency_key", "reading")]
    return names + ["id"] if part.is_history and "id" in part.links else names


def _automatic(model) -> list[str]:
    """Fields a create sets to now, which an import must put back."""
    return [f.attname for f in model._meta.concrete_fields
            if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)]


def export_campaign(campaign: Campaign, viewer: Membership | None = None) -> dict:
    """Everything of the campaign; with a player's membership, only what that player may see
    (no GM notes, no hidden forces, clocks' hidden segments, hidden rolls or history)."""
    player = viewer is not None and not viewer.is_gm
    places: dict[str, dict] = {}
    loaded = []
    for part in parts():
        if player and part.is_history:
            continue
        rows = part.model.objects.filter(**{part.campaign_path: campaign})
        if player and part.visible:
            rows = rows.visible_to(viewer)
        if player and part.key == "clock_changes":
            rows = rows.filter(clock__visibility="all")
        key_field = "history_id" if part.is_history else "pk"
        rows = _with_sheets(campaign, part, list(rows.order_by(key_field).values(key_field, *_columns(part))))
        if not part.is_history:
            places[part.key] = {row["pk"]: place for place, row in enumerate(rows)}
        loaded.append((part, rows))
    user_ids = {row[name] for part, rows in loaded for row in rows
                for name, target in part.links.items() if target == USER and row[name]}
    usernames = dict(get_user_model().objects.filter(pk__in=user_ids).values_list("pk", "username"))

    def place(key, pk):
        return None if pk is None else places.get(key, {}).get(pk)

    shown_clocks = set(Clock.objects.filter(campaign=campaign, visibility="all")
                       .values_list("pk", flat=True)) if player else set()

    campaign_data = {name: getattr(campaign, name) for name in CAMPAIGN_FIELDS} | _setup_data(campaign)
    if player:
        campaign_data["gm_notes"] = ""
    document = {"format": FORMAT, "version": VERSION, "exported_at": timezone.now(),
                "audience": "player" if player else "gm", "campaign": campaign_data}
    for part, rows in loaded:
        out = []
        for row in rows:
            row.pop("pk", None)
            row.pop("history_id", None)
            for name, target in part.links.items():
                row[name] = usernames.get(row[name]) if target == USER else place(target, row[name])
            if part.is_history and row[next(iter(part.links))] is None:
                continue  # the history of something since deleted
            for name, unchanged in part.added.items():
                if row[name] == unchanged:
                    del row[name]  # as a file of the last release has it: the import's default
            if part.key == "rolls":
                _columns_from_result(row)
                if player:
                    _keep_to_shown_clocks(row, shown_clocks)
                _translate_roll(row, place)
            if player:
                for name in GM_ONLY_TEXT.get(part.key, ()):
                    row[name] = ""
                if part.key == "clocks" and row["visibility"] != "all":
                    row["filled"], row["notes"] = None, ""
            out.append(row)
        if out or not part.new:
            document[part.key] = out
    return json.loads(_Encoder().encode(document))


def comparable(document: dict) -> dict:
    """What export → import → export keeps: everything but the export's time and the members
    (an import's only member is the importer)."""
    return {key: value for key, value in document.items() if key not in ("exported_at", "memberships")}


def _keep_to_shown_clocks(row, shown_clocks):
    """A player's copy of a roll says nothing of a clock whose segments they may not see: not
    what the roll did to it (the progress it took, with the clock's name), not which clock a
    consequence ticked."""
    result, ids = dict(row["result"] or {}), _roll_ids(row["kind"])
    for moved in ids.result_clocks:
        if moved in result and result[moved]["clock"] not in shown_clocks:
            del result[moved]
    for key, links in ids.result_links.items():
        for name in (name for name, part in links.items() if part == "clocks"):
            if isinstance(result.get(key), dict) and result[key].get(name) not in shown_clocks:
                result[key] = {**result[key], name: None}
    row["result"] = result


def _roll_columns() -> dict:
    """Each system's ``roll_columns``: keys of a roll's ``result`` its row carries as columns."""
    return {name: default for site in registered() for name, default in site.roll_columns.items()}


def _columns_from_result(row) -> None:
    """Every roll's row carries every system's ``roll_columns``: its own system's out of its result."""
    result, site = dict(row["result"] or {}), logged_by(row["kind"])
    own = site.roll_columns if site else {}
    for name, absent in _roll_columns().items():
        row[name] = result.pop(name, copy.deepcopy(absent)) if name in own else copy.deepcopy(absent)
    row["result"] = result


def _columns_into_result(row) -> None:
    result, site = dict(row.get("result") or {}), logged_by(row["kind"])
    own = site.roll_columns if site else {}
    for name, absent in _roll_columns().items():
        if (value := row.pop(name, absent)) != absent and name in own:
            result[name] = value
    row["result"] = result


def _translate_roll(row, translate, rolls=True):
    """Translate the ids kept inside a roll's JSON fields (to places, or back to ids), where its
    system's ``RollIds`` says. On import the rolls do not exist yet, so a roll's link to another
    is set once they do (``rolls=False``)."""
    ids, choices, result = _roll_ids(row["kind"]), dict(row["choices"] or {}), dict(row["result"] or {})
    for name, key in ids.keyed.items():
        if name in row:
            row[name] = {str(translate(key, int(k))): v for k, v in (row[name] or {}).items()}
    for name, key in ids.choice_lists.items():
        if name in choices:
            choices[name] = [translate(key, value) for value in choices[name]]
    for name in ids.choice_rolls:
        if rolls and choices.get(name) is not None:
            choices[name] = translate("rolls", choices[name])
    for name in ids.choice_clocks:
        if choices.get(name) is not None:
            choices[name] = translate("clocks", choices[name])
    for name, key in ids.choice_maps.items():
        if choices.get(name):
            choices[name] = {use: {**item, "id": translate(key, item["id"])} for use, item in choices[name].items()}
    for on_its_way in ids.gone:
        if on_its_way in choices:
            choices[on_its_way] = None
    for listed, key in ids.result_lists.items():
        if listed in result:
            result[listed] = [{**item, "id": translate(key, item["id"])} for item in result[listed]]
    for moved in ids.result_clocks:
        if moved in result:
            result[moved] = {**result[moved], "clock": translate("clocks", result[moved]["clock"])}
    for linked, links in ids.result_links.items():
        if isinstance(result.get(linked), dict):
            result[linked] = {**result[linked], **{name: translate(key, result[linked].get(name))
                                                   for name, key in links.items()}}
    row["choices"], row["result"] = choices, result


def import_campaign(document: dict, importer) -> Campaign:
    """A new campaign from a document, whose only member is the importer, as its GM.

    A file can claim anything, so it gives nobody access: the other members are not carried
    over (the GM invites them again). Usernames in the file (who made a change, who owns a
    sheet) are matched only to the importer and to people who already share a campaign with
    the importer, so that a file can neither reach strangers' accounts nor tell which
    usernames exist here; a player who joins again finds their sheet. Anything malformed is
    refused with a message, and nothing is saved."""
    try:
        with transaction.atomic():
            return _import(document, importer)
    except Refused:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, DatabaseError,
            ValidationError) as error:
        raise Refused(_("That export is damaged or was changed by hand, so nothing was imported (%(error)s).")
                      % {"error": type(error).__name__}) from error


def _known_users(importer, names) -> dict[str, int]:
    """Usernames of the file matched to the importer and to people who already share a campaign
    with the importer; nobody else."""
    shared = Membership.objects.filter(campaign__memberships__user=importer).values("user_id")
    known = get_user_model().objects.filter(Q(pk=importer.pk) | Q(pk__in=shared),
                                            username__in=names - {None})
    return dict(known.values_list("username", "pk"))


def _check_columns(part: Part, rows) -> None:
    allowed = (set(_columns(part)) | (set(_sheet_fields()) if part.key in SHEET_CARRIERS else set())
               | (set(_roll_columns()) if part.key == "rolls" else set()))
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            raise Refused(_("Row %(number)s of %(part)s is not a record.") % {"number": number, "part": part.key})
        if unknown := sorted(set(row) - allowed):
            raise Refused(_("Row %(number)s of %(part)s has fields this site does not know: %(fields)s. "
                            "Nothing was imported.") % {"number": number, "part": part.key, "fields": ", ".join(unknown)})


def _import(document: dict, importer) -> Campaign:
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise Refused(_("This is not a campaign exported from Charge campaigns."))
    if document.get("version") != VERSION:
        raise Refused(_("This file is version %(version)s; this site reads version %(readable)s.")
                      % {"version": document.get("version"), "readable": VERSION})
    if document.get("audience") != "gm":
        raise Refused(_("A player's export holds only part of a campaign; import a GM's export."))
    every_part = parts()
    for part in every_part:
        _check_columns(part, document.get(part.key, []))
    names = {row.get(name) for part in every_part for row in document.get(part.key, [])
             for name, target in part.links.items() if target == USER}
    users = _known_users(importer, names)
    said = {name: document["campaign"][name] for name in (*CAMPAIGN_FIELDS, *_setup_fields())
            if name not in ADDED_FIELDS}
    said |= {name: document["campaign"].get(name, default) for name, default in ADDED_FIELDS.items()}
    fields = {name: said[name] for name in CAMPAIGN_FIELDS}
    created_at = fields.pop("created_at")
    campaign = Campaign.objects.create(**fields)
    _set_setup(campaign, said)
    ids: dict[str, list[int]] = {}

    def pk(key, place):
        return None if place is None else ids[key][place]

    for part in every_part:
        rows = [dict(row) for row in document.get(part.key, [])]
        if part.key == "memberships":
            rows = []  # the importer alone, added below
        late = LATE_LINKS.get(part.key)
        late_places = [row.get(late) for row in rows] if late else []
        carried = [{name: row.pop(name) for name in _sheet_fields() if name in row} if part.key in SHEET_CARRIERS else {}
                   for row in rows]
        objects = []
        for row in rows:
            for name, target in part.links.items():
                if part.key in SHEET_CARRIERS and name in _sheet_fields():
                    continue  # made with the sheets, below
                if name == late:
                    row[name] = None
                elif target == USER:
                    row[name] = users.get(row[name])
                else:
                    row[name] = pk(target, row[name])
            if part.key == "rolls":
                _translate_roll(row, pk, rolls=False)
                _columns_into_result(row)
                row["idempotency_key"] = f"import-{secrets.token_urlsafe(24)}"
            if "campaign_id" in {f.attname for f in part.model._meta.concrete_fields}:
                row["campaign_id"] = campaign.pk
            objects.append(part.model(**row))
            if part.key == "rolls":
                objects[-1].reading = reading_of(objects[-1])
        created = part.model.objects.bulk_create(objects, batch_size=1000)
        automatic = _automatic(part.model)
        for obj, row in zip(created, rows, strict=True):
            for name in automatic:
                setattr(obj, name, row[name])
        changed = automatic + ([late] if late else [])
        if late:
            for obj, place in zip(created, late_places, strict=True):
                setattr(obj, late, None if place is None else created[place].pk)
        if part.key == "rolls":
            for obj in created:
                for name in _roll_ids(obj.kind).choice_rolls:
                    if obj.choices.get(name) is not None:
                        obj.choices[name] = created[obj.choices[name]].pk
            changed.append("choices")
        if changed:
            part.model.objects.bulk_update(created, changed, batch_size=1000)
        if not part.is_history:
            ids[part.key] = [obj.pk for obj in created]
        _make_sheets(campaign, part, created, carried, pk)
    Campaign.objects.filter(pk=campaign.pk).update(created_at=created_at)
    Membership.objects.create(campaign=campaign, user=importer, role=Role.GM)
    campaign.refresh_from_db()
    return campaign
