"""Changes to a character sheet. Each locks the character's row and changes only what it names,
so edits from two devices at once are applied one after the other and neither is lost."""

from django.db import transaction
from django.utils import dateformat
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaign.models import Campaign, Membership
from characters.models import (
    Asset,
    Attachment,
    Character,
    Goal,
    Playbook,
    Spell,
    Talent,
    Tie,
    slot_kind,
)
from clocks.models import Clock, WhoMayTick
from core.refused import Refused
from core.templatetags.words import action as action_word
from core.templatetags.words import action_phrase
from gamerules.attachments import attachment_errors, repaired_wear, wear_errors
from gamerules.characters import (
    creation_errors,
    rating_errors,
    recover,
    recovery_errors,
)
from gamerules.dials import Extra, ExtraDial, Ruleset
from gamerules.economy import MONEY_MOST
from gamerules.goals import Difficulty
from gamerules.progression import Talent as RulesTalent
from gamerules.progression import TalentKind, unlocked_slots
from gamerules.scars import HARDENED_MOMENTUM, come_to, hardened_errors
from gamerules.scars import bow_out as bow_out_stress
from gamerules.words import in_a_row, lowered, said, said_n


def _locked(character: Character) -> Character:
    return Character.objects.select_related("campaign", "playbook").locked(pk=character.pk)


def _log(membership: Membership, text: str, gm_only=False):
    membership.campaign.log(membership.user, text, gm_only=gm_only)


@transaction.atomic
def create_character(membership: Membership, name: str, playbook: Playbook | None = None) -> Character:
    """A new sheet starts the session's momentum; a playbook gives its concept and 3 dots."""
    rules = membership.campaign.rules
    character = Character.objects.create(
        campaign=membership.campaign, owner=membership.user, name=name.strip(), playbook=playbook,
        momentum=rules.starting_momentum, concept=playbook.name if playbook else "",
        action_dots={name: dots for name, dots in (playbook.action_dots if playbook else {}).items()
                     if name in rules.action_names},
        created=membership.campaign.site.ready_characters)
    _log(membership, said("%(user)s started a character: %(name)s.", user=membership.user.username, name=character.name))
    return character


@transaction.atomic
def set_text(membership: Membership, character: Character, field: str, value: str,
             seen: str | None) -> Character:
    """Change one text field. ``seen`` is the value the editor started from: when someone else
    changed it meanwhile, the edit is refused rather than silently overwriting theirs."""
    character = _locked(character)
    if field != "name" and field not in character.text_fields_for(membership):
        raise Refused(_("That part of the sheet cannot be edited here."))
    if seen is not None and getattr(character, field) != seen:
        raise Refused(_("Someone else changed this while you were editing. Their version is shown "
                        "below yours: merge them and save again."))
    setattr(character, field, value.strip())
    character.save(update_fields=[field])
    return character


@transaction.atomic
def set_dots(membership: Membership, character: Character, action: str, dots: int) -> Character:
    """During creation, spread the starting dots; afterwards only a GM changes dots by hand
    ("After creation, dots come from talents"), and the change is recorded."""
    character = _locked(character)
    rules = character.campaign.rules
    if action not in rules.action_names:
        raise Refused(_("%(action)s is not an action in this campaign.") % {"action": action_word(action)})
    spread = {**character.action_dots, action: dots}
    if not character.created:
        fixed = character.playbook.action_dots.get(action, 0) if character.playbook else 0
        if dots < fixed:
            raise Refused(ngettext("Your playbook, %(playbook)s, gives %(action)s %(dots)s dot.",
                                   "Your playbook, %(playbook)s, gives %(action)s %(dots)s dots.", fixed)
                          % {"playbook": character.playbook, "action": action_word(action), "dots": fixed})
        errors = [e for e in creation_errors(spread, rules) if "left to spend" not in e]
    else:
        if not membership.is_gm:
            raise Refused(_("After creation, new dots come from the talent line. Ask your GM "
                            "for anything else."))
        extra = character.talent_dots()
        errors = rating_errors({name: value + extra.get(name, 0) for name, value in spread.items()},
                               rules)
    if errors:
        raise Refused(" ".join(map(str, errors)))
    before = character.action_dots.get(action, 0)
    character.action_dots = {name: value for name, value in spread.items() if value}
    character.save(update_fields=["action_dots"])
    if character.created:
        _log(membership, said("GM override: %(name)s's %(action)s %(before)s→%(after)s.",
                              name=character.name, action=action_phrase(action), before=before, after=dots))
        return character


@transaction.atomic
def finish_creation(membership: Membership, character: Character) -> Character:
    character = _locked(character)
    errors = creation_errors(character.action_dots, character.campaign.rules)
    if errors:
        raise Refused(" ".join(map(str, errors)))
    character.created = True
    character.save(update_fields=["created"])
    _log(membership, said("%(name)s is ready to play.", name=character.name))
    return character


@transaction.atomic
def change_momentum(membership: Membership, character: Character, delta: int) -> Character:
    """Add or spend momentum by hand; what is not there cannot be spent ("Momentum")."""
    character = _locked(character)
    if character.momentum + delta < 0:
        raise Refused(_("%(name)s has no momentum left to spend.") % {"name": character.name})
    character.momentum += delta
    character.save(update_fields=["momentum"])
    _log(membership, said("%(name)s's momentum %(before)s→%(after)s (by hand).",
                          name=character.name, before=character.momentum - delta, after=character.momentum))
    return character


@transaction.atomic
def change_money(membership: Membership, character: Character, delta: int) -> Character:
    """Money by hand, on the ten-point scale ("Money"): what the fiction gives or costs."""
    if not membership.campaign.rules.has(Extra.ECONOMY):
        raise Refused(_("This campaign does not count money (the Economy extra)."))
    character = _locked(character)
    if not 0 <= character.money + delta <= MONEY_MOST:
        raise Refused(_("Money runs from 0 to %(most)s: %(name)s has %(money)s.") % {
            "most": MONEY_MOST, "name": character.name, "money": character.money})
    character.money += delta
    character.save(update_fields=["money"])
    _log(membership, said("%(name)s's money %(before)s→%(after)s (by hand).",
                          name=character.name, before=character.money - delta, after=character.money))
    return character


RESTORABLE = ("name", "concept", "appearance", "condition", "momentum", "stress", "taken_out",
              "action_dots", "created", "gm_notes", "better_risk_next", "escalated_action",
              "escalated_risk", "lost_action", "scars", "compensations", "goal_dots", "money")


@transaction.atomic
def restore_character(gm: Membership, character: Character, history_id) -> Character:
    """Put a sheet back as it was at one of its recorded versions. The restoring is itself a
    new version, so it can be undone the same way. Ties and talents keep their own history."""
    character = _locked(character)
    version = character.history.filter(history_id=history_id).first()
    if version is None:
        raise Refused(_("That version is not in this sheet's history."))
    for field in RESTORABLE:
        setattr(character, field, getattr(version, field))
    character._change_reason = _("Restored to the version of %(when)s") % {
        "when": dateformat.format(version.history_date, "M d, H:i:s")}
    character.save()
    _log(gm, said("The GM restored %(name)s's sheet to an earlier version.", name=character.name), gm_only=True)
    return character


@transaction.atomic
def change_stress(membership: Membership, character: Character, delta: int) -> Character:
    """Take stress, or clear it by hand. A full stress clock clears and takes the character out
    for the scene ("Stress & Condition")."""
    character = _locked(character)
    before = character.stress
    scars = character.scars
    filled = character.take_stress(delta) if delta > 0 else False
    if delta <= 0:
        character.stress = max(0, before + delta)
    character.save(update_fields=["stress", "taken_out", "scars", "condition"])
    if filled and character.scars != scars:
        _log(membership, said("%(name)s's stress clock is full: a new scar, and incapacitated. "
                              "Say what the scar is on the sheet.", name=character.name))
    elif filled and character.stress == 0:
        _log(membership, said("%(name)s's stress clock is full: taken out for the scene. "
                              "The clock clears; write a new condition.", name=character.name))
    else:
        _log(membership, said("%(name)s's stress %(before)s→%(after)s.",
                              name=character.name, before=before, after=character.stress))
    return character


@transaction.atomic
def back_in_action(membership: Membership, character: Character) -> Character:
    """A new scene; under Scars, coming to from being incapacitated clears half the stress clock
    ("Scars Rule")."""
    character = _locked(character)
    character.taken_out = False
    if character.campaign.rules.has(Extra.SCARS):
        before = character.stress
        character.stress = come_to(before, character.campaign.rules.stress_clock_size)
        _log(membership, said("%(name)s comes to: stress %(before)s→%(after)s. Update the condition.",
                              name=character.name, before=before, after=character.stress))
    else:
        _log(membership, said("%(name)s is back in action.", name=character.name))
    character.save(update_fields=["taken_out", "stress"])
    return character


@transaction.atomic
def add_goal(membership: Membership, character: Character, name: str, difficulty: Difficulty) -> Goal:
    """A goal: a name clear enough to tell progress, and a difficulty ("What is a Goal?")."""
    character = _locked(character)
    if not character.campaign.rules.has(Extra.GOALS):
        raise Refused(_("This campaign does not use goals (the Goals extra)."))
    if not name.strip():
        raise Refused(_("Name the goal, clearly enough that everyone can tell when it progresses."))
    goal = Goal.objects.create(character=character, name=name.strip()[:200], difficulty=difficulty.value,
                               size=character.campaign.rules.goal_clock_size)
    values = {"name": character.name, "goal": goal.name}
    _log(membership, {Difficulty.EASY: said("%(name)s has a new easy goal: %(goal)s.", **values),
                      Difficulty.MEDIUM: said("%(name)s has a new medium goal: %(goal)s.", **values),
                      Difficulty.HARD: said("%(name)s has a new hard goal: %(goal)s.", **values)}[difficulty])
    return goal


@transaction.atomic
def advance_goal(gm: Membership, character: Character, goal_id: int) -> Goal:
    """The character made progress toward the goal: tick it by its difficulty ("Advancing a
    Goal"), or, with rolling to advance, grant a roll that ticks it ("Dial: Rolling to Advance")."""
    character = _locked(character)
    goal = Goal.objects.select_for_update().filter(pk=goal_id, character=character).first()
    if goal is None:
        raise Refused(_("That goal is gone."))
    if not goal.under_way:
        refusal = _("%(goal)s is already complete.") if goal.complete else _("%(goal)s is already lost.")
        raise Refused(refusal % {"goal": goal.name})
    if goal.filled >= goal.size:
        raise Refused(_("%(goal)s's clock is full: roll to resolve it.") % {"goal": goal.name})
    if character.campaign.rules.dialled(ExtraDial.GOALS_ROLL_TO_ADVANCE):
        goal.due += 1
        goal.save(update_fields=["due"])
        _log(gm, said("%(name)s makes progress toward a goal, %(goal)s: roll to advance it.",
                      name=character.name, goal=goal.name))
        return goal
    return tick_goal(gm, character, goal, goal.rules_difficulty.ticks)


def tick_goal(membership: Membership, character: Character, goal: Goal, ticks: int) -> Goal:
    """Tick a locked goal. A full clock completes it with its talent dots to place ("Finishing a
    Goal"), unless the campaign rolls to resolve: then the full clock waits for that roll."""
    goal.filled = min(goal.size, goal.filled + ticks)
    resolve_by_roll = character.campaign.rules.dialled(ExtraDial.GOALS_ROLL_TO_RESOLVE)
    if goal.filled >= goal.size and not resolve_by_roll:
        goal.ended = "done"
        goal.save(update_fields=["filled", "ended"])
        return end_goal(membership, character, goal, goal.rules_difficulty.talent_dots)
    goal.save(update_fields=["filled"])
    line = said("%(name)s's goal %(goal)s: %(filled)s/%(size)s.",
                name=character.name, goal=goal.name, filled=goal.filled, size=goal.size)
    if goal.filled >= goal.size:
        line = in_a_row(line, said("Its clock is full: roll to resolve it."))
    _log(membership, line)
    return goal


def end_goal(membership: Membership, character: Character, goal: Goal, dots: int) -> Goal:
    """A goal ends: its talent dots (if any) wait on the sheet to be placed."""
    character.goal_dots += dots
    character.save(update_fields=["goal_dots"])
    if goal.ended == "lost":
        _log(membership, said("%(name)s's goal is lost: %(goal)s.", name=character.name, goal=goal.name))
    else:
        _log(membership, said_n("%(name)s completes a goal: %(goal)s, and gains %(dots)s talent dot to place.",
                                "%(name)s completes a goal: %(goal)s, and gains %(dots)s talent dots to place.", dots,
                                name=character.name, goal=goal.name, dots=dots))
    return goal


@transaction.atomic
def place_goal_dot(membership: Membership, character: Character, action: str) -> Character:
    """Place a talent dot from a finished goal, "thematic to the goal" ("Finishing a Goal")."""
    character = _locked(character)
    rules = character.campaign.rules
    if character.goal_dots < 1:
        raise Refused(_("%(name)s has no talent dot from a goal to place.") % {"name": character.name})
    if action not in rules.action_names:
        raise Refused(_("Choose one of the campaign's actions."))
    if character.rating(action) >= rules.max_rating:
        raise Refused(_("%(action)s is already at %(most)s, the most a rating may be.") % {
            "action": action_word(action), "most": rules.max_rating})
    character.action_dots = {**character.action_dots, action: character.action_dots.get(action, 0) + 1}
    character.goal_dots -= 1
    character.save(update_fields=["action_dots", "goal_dots"])
    _log(membership, said("%(name)s places a talent dot from a goal in %(action)s.",
                          name=character.name, action=action_phrase(action)))
    return character


@transaction.atomic
def harden(membership: Membership, character: Character) -> Character:
    """A scar caused real trouble (the GM says so): 1 momentum clears one stress ("Being
    hardened")."""
    character = _locked(character)
    if not character.campaign.rules.has(Extra.SCARS):
        raise Refused("This campaign does not use scars (the Scars extra).")
    if errors := hardened_errors(len(character.scar_list), character.momentum, character.stress):
        raise Refused(" ".join(map(str, errors)))
    character.momentum -= HARDENED_MOMENTUM
    character.stress -= 1
    character.save(update_fields=["momentum", "stress"])
    _log(membership, said("%(name)s is hardened: a scar caused real trouble; 1 momentum clears 1 stress.",
                          name=character.name))
    return character


@transaction.atomic
def bow_out(membership: Membership, character: Character) -> Character:
    """Announced before the final action: the character leaves the scene, and clears 2 stress
    for leaving a friend in trouble ("Bowing out")."""
    character = _locked(character)
    if not character.campaign.rules.has(Extra.SCARS):
        raise Refused("This campaign does not use scars (the Scars extra).")
    before = character.stress
    character.stress = bow_out_stress(before, left_a_friend_in_trouble=True)
    character.taken_out = True
    character.save(update_fields=["stress", "taken_out"])
    _log(membership, said("%(name)s bows out of the scene, leaving a friend in trouble: stress %(before)s→%(after)s.",
                          name=character.name, before=before, after=character.stress))
    return character


@transaction.atomic
def fill_talent(membership: Membership, character: Character, slot: int, talent: RulesTalent) -> Talent:
    """Fill (or rewrite) a slot of the talent line. Slots open one per milestone; slot 0 is the
    optional starting talent. The GM may rewrite any talent: that is the veto."""
    character = _locked(character)
    rules = character.campaign.rules
    if slot == Talent.STARTING_SLOT:
        if not rules.has(Extra.STARTING_TALENT):
            raise Refused(_("This campaign does not use a starting talent."))
        if talent.kind is not TalentKind.EXTRA_EFFECT:
            raise Refused(_('The starting talent is "+1 effect when ___".'))
    elif not 1 <= slot <= 13:
        raise Refused(_("The talent line has 13 slots."))
    elif slot > unlocked_slots(character.campaign.milestones.count()):
        raise Refused(_("Slot %(slot)s opens at milestone %(slot)s.") % {"slot": slot})
    errors = talent.errors(rules.action_names, slot_kind(slot))
    existing = character.talents.filter(slot=slot).first()
    if talent.kind is TalentKind.ACTION_DOT and not errors:
        ratings = character.ratings()
        if existing and existing.kind == TalentKind.ACTION_DOT.value:
            ratings[existing.action] -= 1
        errors = rating_errors({**ratings, talent.action: ratings[talent.action] + 1}, rules)
    if errors:
        raise Refused(" ".join(map(str, errors)))
    saved, _created = Talent.objects.update_or_create(
        character=character, slot=slot,
        defaults={"kind": talent.kind.value, "action": talent.action, "situation": talent.situation,
                  "instead_of": talent.instead_of})
    vetoed = existing and membership.is_gm and character.owner_id != membership.user_id
    described = saved.as_rule().describe(character.campaign.wording)
    _log(membership, said("The GM rewrote %(name)s: %(talent)s.", name=character.name, talent=described) if vetoed
         else said("New talent for %(name)s: %(talent)s.", name=character.name, talent=described))
    return saved


@transaction.atomic
def add_tie(membership: Membership, character: Character, text: str, linked_character=None,
            linked_force=None) -> Tie:
    tie = Tie.objects.create(character=character, text=text.strip(),
                             linked_character=linked_character, linked_force=linked_force)
    return tie


@transaction.atomic
def add_clock(membership: Membership, character: Character, name: str, kind: str, size: int,
              notes: str = "") -> Clock:
    """A project the player tracks, or a complication the GM starts ("Projects and
    Complications"). The player ticks their projects; complications are the GM's."""
    who = WhoMayTick.OWNER if kind == "project" else WhoMayTick.GM
    clock = Clock.objects.create(campaign=character.campaign, character=character, name=name,
                                 kind=kind, size=size, notes=notes, who_may_tick=who)
    if kind == "project":
        line = said("%(name)s has a new long-term project: %(clock)s.", name=character.name, clock=name)
    elif kind == "complication":
        line = said("%(name)s has a new complication: %(clock)s.", name=character.name, clock=name)
    else:
        line = said("%(name)s has a new %(kind)s: %(clock)s.", name=character.name,
                    kind=lowered(clock.get_kind_display()), clock=name)
    membership.campaign.log(membership.user, line, clock=clock)
    return clock


@transaction.atomic
def recover_stress(gm: Membership, character: Character, amount: int) -> Character:
    """The GM clears stress when the fiction allows downtime, once per character and session
    ("Recovery"): 1-4 as the GM says, 1 in Quick Charge."""
    campaign = Campaign.objects.locked(pk=gm.campaign_id)
    character = Character.objects.locked(pk=character.pk, campaign=campaign)
    session = campaign.sessions.order_by("-number").first()
    quick = campaign.ruleset == Ruleset.QUICK_CHARGE.value
    already = session is not None and character.recovered_in_id == session.pk
    if errors := recovery_errors(amount, quick, recovered_this_session=already):
        raise Refused(" ".join(map(str, errors)))
    before = character.stress
    character.stress = recover(before, amount, quick)
    character.recovered_in = session
    character.save(update_fields=["stress", "recovered_in"])
    campaign.log(gm.user, said("%(name)s recovers: stress %(before)s→%(after)s. Update the condition to match.",
                               name=character.name, before=before, after=character.stress))
    return character


@transaction.atomic
def offer_assist(membership: Membership, helper: Character, roller: Character | None) -> Character:
    """The helper's player offers to assist ``roller``'s next roll, or withdraws the offer
    (``None``). The roll that uses the help spends it ("Assist")."""
    helper = _locked(helper)
    if roller is not None and (roller.campaign_id != helper.campaign_id or roller.pk == helper.pk):
        raise Refused(_("Assist another character of this campaign."))
    helper.assisting = roller
    helper.save(update_fields=["assisting"])
    return helper


@transaction.atomic
def add_attachment(membership: Membership, character: Character, name: str) -> Attachment:
    """Mark a detail as an attachment: 1-2 a character ("Attachment Extra Rule")."""
    character = _locked(character)
    if not character.campaign.rules.has(Extra.ATTACHMENT):
        raise Refused(_("This campaign does not use attachments (the Attachment extra)."))
    if not name.strip():
        raise Refused(_("Name the attachment: a piece of equipment, a relationship, a familiar..."))
    if errors := attachment_errors(character.attachments.count()):
        raise Refused(errors[0])
    return Attachment.objects.create(character=character, name=name.strip()[:120],
                                     wear_size=character.campaign.rules.stress_clock_size)


@transaction.atomic
def wear_attachment(membership: Membership, character: Character, attachment_id: int, repaired: bool) -> Attachment:
    """Use or damage fills an attachment's condition clock; full, it is unusable until a
    successful repair clears a segment ("Attachment Condition")."""
    character = _locked(character)
    if not character.campaign.rules.dialled(ExtraDial.ATTACHMENT_CONDITION):
        raise Refused(_("This campaign does not track attachment condition (the dial is off)."))
    attachment = Attachment.objects.select_for_update().filter(pk=attachment_id, character=character).first()
    if attachment is None:
        raise Refused(_("That attachment is gone."))
    if repaired:
        if not attachment.wear:
            raise Refused(_("%(attachment)s is in full condition: there is nothing to repair.") % {
                "attachment": attachment.name})
        attachment.wear = repaired_wear(attachment.wear)
    else:
        if errors := wear_errors(attachment.wear, attachment.wear_size):
            raise Refused(errors[0])
        attachment.wear += 1
    attachment.save(update_fields=["wear"])
    values = {"name": character.name, "attachment": attachment.name,
              "state": said("worn out: unusable until repaired") if attachment.worn_out
              else f"{attachment.wear}/{attachment.wear_size}"}
    _log(membership, said("%(name)s's %(attachment)s is repaired: %(state)s.", **values) if repaired
         else said("%(name)s's %(attachment)s wears: %(state)s.", **values))
    return attachment


@transaction.atomic
def remove_attachment(membership: Membership, character: Character, attachment_id: int) -> None:
    deleted, _by_model = Attachment.objects.filter(pk=attachment_id, character=_locked(character)).delete()
    if not deleted:
        raise Refused(_("That attachment is already gone."))


@transaction.atomic
def clear_escalation(gm: Membership, character: Character) -> Character:
    """The GM sets the risk back: an escalation lasts until the session ends or the GM says."""
    character = _locked(character)
    if character.escalated_action:
        action = character.escalated_action
        character.escalated_action, character.escalated_risk = "", None
        character.save(update_fields=["escalated_action", "escalated_risk"])
        _log(gm, said("The GM set %(name)s's %(action)s rolls back to their usual risk.",
                      name=character.name, action=action_phrase(action)))
    return character


@transaction.atomic
def give_asset(gm: Membership, character: Character, name: str, source: str = "boon") -> Asset:
    """The GM rewards a brilliant moment with an asset ("Boon Asset Rule"), or notes loot."""
    character = _locked(character)
    if not character.campaign.rules.has(Extra.ASSET):
        raise Refused(_("This campaign does not use assets (the Asset extra)."))
    if not name.strip():
        raise Refused(_("Name the asset: what is it?"))
    asset = Asset.objects.create(character=character, name=name.strip()[:80], source=source)
    _log(gm, said("%(name)s holds a new asset: %(asset)s.", name=character.name, asset=asset.name))
    return asset


@transaction.atomic
def add_spell(membership: Membership, character: Character, design: dict) -> Spell:
    """A spell on the sheet, from SpellForm's cleaned data; its time and danger clocks join the
    sheet's projects and complications ("The Cost of Magic")."""
    character = _locked(character)
    if not character.campaign.rules.has(Extra.MAGIC):
        raise Refused(_("This campaign does not use magic (the Magic extra)."))
    name = design["name"].strip()
    spell = Spell(character=character, name=name, actions=design["actions"], level=design["level"],
                  momentum_cost=design["momentum_cost"], stress_cost=design["stress_cost"], risk=design["risk"],
                  limit=design["limit"], notes=design["notes"].strip())
    if design["ritual"]:
        spell.ritual = Clock.objects.create(campaign=character.campaign, character=character,
                                            name=_("%(spell)s: the casting") % {"spell": name},
                                            kind="progress", size=design["ritual"], who_may_tick=WhoMayTick.OWNER)
    if design["danger"]:
        spell.danger = Clock.objects.create(campaign=character.campaign, character=character,
                                            name=_("%(spell)s: danger") % {"spell": name},
                                            kind="complication", size=design["danger"], who_may_tick=WhoMayTick.GM)
    spell.save()
    _log(membership, said("%(name)s has a new spell: %(spell)s.", name=character.name, spell=name))
    return spell


@transaction.atomic
def remove_spell(membership: Membership, character: Character, spell_id: int) -> None:
    """The spell leaves the sheet; its clocks are archived with their history."""
    spell = Spell.objects.select_for_update().filter(pk=spell_id, character=_locked(character)).first()
    if spell is None:
        raise Refused(_("That spell is already gone."))
    Clock.objects.filter(pk__in=[spell.ritual_id, spell.danger_id]).update(archived=True)
    spell.delete()

