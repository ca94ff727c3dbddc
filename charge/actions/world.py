"""The World Extra's writes: the GM's prompt tables and the reveal of the hooks drawn."""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.models import Membership
from charge.models import HookDraw, WorldTable
from core.refused import Refused
from gamerules.dials import Extra
from gamerules.words import Said, said
from gamerules.world import RANKS


@transaction.atomic
def write_world_table(gm: Membership, place: int, title: str, prompts: list[str]) -> WorldTable:
    """The GM writes one of the three prompt tables ("World Extra Rule", "Designer Note")."""
    if not gm.is_gm:
        raise Refused(_("The GM writes the prompt tables."))
    if not gm.campaign.charge.rules.has(Extra.WORLD):
        raise Refused(_("This campaign does not draw hook cards (the World extra)."))
    if place not in (WorldTable.THEME_1, WorldTable.THEME_2, WorldTable.MISSION):
        raise Refused(_("There are three tables: the two themes and the mission."))
    if len(prompts) != len(RANKS):
        raise Refused(ngettext("A table has %(count)s prompt, Ace to King.", "A table has %(count)s prompts, Ace to King.",
                               len(RANKS)) % {"count": len(RANKS)})
    table, _created = WorldTable.objects.select_for_update().get_or_create(campaign=gm.campaign, place=place)
    table.title = title.strip()[:80]
    table.prompts = [prompt.strip()[:300] for prompt in prompts]
    table.save()
    return table


@transaction.atomic
def reveal_draw(gm: Membership, draw_id) -> HookDraw:
    """The GM reveals the hooks (and the mission roll made from them) to the players."""
    if not gm.is_gm:
        raise Refused(_("The GM reveals the hooks."))
    draw = HookDraw.objects.select_for_update().filter(campaign=gm.campaign_id, pk=draw_id).first()
    if draw is None:
        raise Refused(_("That draw is gone."))
    if not draw.revealed:
        draw.revealed = True
        draw.save(update_fields=["revealed"])
        if draw.mission_roll_id:  # saved, so that the dice statistics count it for the players (rolls/tally.py)
            roll = draw.mission_roll
            roll.hidden = False
            roll.save(update_fields=["hidden"])
        # Each hook's default title said in each reader's language; the rest is the GM's words, as written.
        values = {f"h{at}": title or said("Hook") for at, (_card, title, _prompt) in enumerate(draw.hooks)}
        hooks = Said("; ".join(f"%(h{at})s: {(prompt or str(card)).replace('%', '%%')}"
                               for at, (card, _title, prompt) in enumerate(draw.hooks)), values)
        gm.campaign.log(gm.user, said("The GM revealed the hooks: %(hooks)s.", hooks=hooks))
    return draw
