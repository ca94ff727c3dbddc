"""What waits for a member of a Charge campaign, on every page (campaign/views/campaigns.py)."""

from charge import landed
from charge.panels import pending_context


def charge_waiting(request, membership, on: str):
    """Charge's: rolls on their way, asks for help, consequences to answer, risks to set, flashbacks
    to price or to pay."""
    mine = {c.pk: c for c in membership.campaign.characters.editable_by(membership).select_related("charge")}
    context = pending_context(membership)
    rolls = context["pending_rolls"]
    return ("charge/table.html#waiting", {
        "membership": membership, "campaign": membership.campaign, "on": on,
        # Nothing whose own page this is (``on``).
        "own_rolls": [] if membership.is_gm else [r for r in rolls if r.may_roll
                                                  and r.pending.get_absolute_url() != on],
        "to_set": [r.pending for r in rolls if not r.pending.is_set] if membership.is_gm else [],
        # Flashbacks: the GM prices them; their players pay once priced (not on the call's own page).
        "to_price": [call for call, _ in context["flashback_calls"] if not call.is_set] if membership.is_gm else [],
        "own_flashbacks": [] if membership.is_gm else [call for call, mine in context["flashback_calls"]
                                                        if mine and call.get_absolute_url() != on],
        "asks": [(r.pending, mine[pk]) for r in rolls for pk in r.pending.asked
                 if pk in mine and not membership.is_gm and mine[pk].charge.assisting_id != r.pending.character_id],
        "consequences": [roll for roll in landed.awaiting_answer(membership)
                         if roll.get_absolute_url() != on]})
