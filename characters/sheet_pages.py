"""A dice system's sheet as pages: the sheet, and the posts that change one of its panels. A
system's app makes one ``SheetPages`` (its template, its panels, what they read) and declares each
of its writes in a line, so who may write and how the answer comes back are decided here once."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.views.decorators.http import require_POST

from campaign.access import gm_membership_or_404, membership_or_404
from characters.views import character_or_404, editable_character_or_404, sheet_or_404
from core.htmx import answer, page
from core.keys import refusal_once

TEXT_FIELDS = ("concept", "appearance", "gm_notes")
"""The shared texts a system's sheet shows in its details card (``characters/details.html``)."""


def sheet_texts(membership, character) -> list[tuple[str, str]]:
    """The sheet's texts this viewer may read: GM notes only for a GM (``text_fields_for`` decides)."""
    return [(field, getattr(character, field)) for field in character.text_fields_for(membership)
            if field in TEXT_FIELDS]


@dataclass(frozen=True)
class SheetPages:
    template: str
    panels: tuple[str, ...]
    context: Callable
    """``context(membership, character)`` -> what the sheet's template reads."""

    def sheet(self, request, membership, character_id):
        """The system's sheet view (core/systems.py ``SystemSite.sheet``)."""
        return page(request, self.template, self.context(membership, sheet_or_404(membership, character_id)),
                    dict.fromkeys(self.panels, self.template))

    def write(self, panel: str | Callable, change: Callable, *, gm: bool = False):
        """A post that changes the sheet: ``change(request, membership, character_id)`` done once per
        key, by those who play the character (or the GM alone, with ``gm``); answered with ``panel``
        as it is now (a name, or ``panel(request)``), or the whole sheet without htmx."""

        @login_required
        @require_POST
        def view(request, campaign_id, character_id):
            membership = (gm_membership_or_404 if gm else membership_or_404)(request, campaign_id)
            character = (character_or_404 if gm else editable_character_or_404)(membership, character_id)
            error = refusal_once(request, lambda: change(request, membership, character.pk))
            name = panel(request) if callable(panel) else panel
            return answer(request, f"{self.template}#{name}", lambda: self.context(membership, character), character, error)

        return view
