"""Everything the site holds about one person, as one JSON document they may download.

Each campaign's part comes from that campaign's export as the person may download it themselves
(campaign/transfer.py: a player's holds only what that player may see; a GM's, everything), cut
down to what is theirs: the characters they play with every row that hangs from them, and the
rows that name them (their rolls, their lines in the log, the clock changes they made...). The
campaign's history of sheets and clocks is the campaign's record, not theirs, and stays out."""

import json

from axes.models import AccessLog
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from accounts.models import Account, verified_email
from api.models import AccessToken
from campaign.transfer import USER, export_campaign, parts

FORMAT = "charge-personal-data"
VERSION = 1
ABOUT = ("Numbers that point to another row (a roll's character_id, a tie's linked_character_id) are that "
         "row's place in the campaign's own export, which its Members page downloads.")


def personal_data(user) -> dict:
    account = Account.objects.filter(user=user).first()
    document = {
        "format": FORMAT, "version": VERSION, "exported_at": timezone.now(), "about": ABOUT,
        "account": {"username": user.username, "email": user.email, "email_verified": bool(verified_email(user)),
                    "language": account.language if account else "", "date_joined": user.date_joined,
                    "last_login": user.last_login},
        "logins": list(AccessLog.objects.filter(username=user.username).order_by("attempt_time")
                       .values("attempt_time", "logout_time", "ip_address", "user_agent")),
        # Their names and dates: a token is never kept, and its digest is of no use to anyone.
        "access_tokens": list(AccessToken.objects.filter(user=user).order_by("created_at")
                              .values("name", "created_at", "last_used_at", "revoked_at")),
        "campaigns": [_campaign(membership) for membership in
                      user.memberships.select_related("campaign", "user").order_by("joined_at")],
    }
    return json.loads(DjangoJSONEncoder().encode(document))


def _campaign(membership) -> dict:
    export = export_campaign(membership.campaign, membership)
    username = membership.user.username
    mine = {place for place, row in enumerate(export["characters"]) if row["owner_id"] == username}
    sheets = _hanging_from(export, mine)
    characters = []
    for place in sorted(mine):
        row = dict(export["characters"][place])
        row.pop("gm_notes")  # as their player sees the sheet
        characters.append({"place": place, **row, **sheets[place]})
    named = {part.key: rows for part in parts() if not part.is_history and part.key != "characters"
             if (rows := [row for row in export.get(part.key, [])
                          if any(row[name] == username for name, target in part.links.items() if target == USER)])}
    return {"campaign": membership.campaign.name, "role": membership.role, "characters": characters, **named}


def _hanging_from(export: dict, characters: set[int]) -> dict[int, dict]:
    """The rows of every part that hangs from one of these characters (its ties, talents, skills,
    project clocks...), and from those rows (a skill's expertise), by the character's place."""
    held = {place: {} for place in characters}
    whose: dict[str, dict[int, int]] = {}  # a part's row place → the character it hangs from
    for part in parts():
        if part.is_history or part.key in ("characters", "rolls"):
            continue
        link = "character_id" if part.links.get("character_id") == "characters" \
            else part.campaign_path.split("__")[0] + "_id"
        parent = part.links.get(link)
        if parent is None:
            continue
        for place, row in enumerate(export.get(part.key, [])):
            character = row[link] if parent == "characters" else whose.get(parent, {}).get(row[link])
            if character in characters:
                whose.setdefault(part.key, {})[place] = character
                held[character].setdefault(part.key, []).append(row)
    return held
