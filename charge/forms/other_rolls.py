"""The forms of Charge's rolls besides the action roll: fortune, loot, goal, determination,
flashback, market."""

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from charge.forms.action_roll import with_momentum
from core.posted import whole_number
from core.templatetags.words import action as action_word
from gamerules.assets import LOOT_POOL
from gamerules.economy import MONEY_MOST, spend_errors
from gamerules.fortune import Likeliness


class FortuneForm(forms.Form):
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    label = forms.CharField(label=_("What is at stake"), max_length=300, required=False)
    likeliness = forms.TypedChoiceField(label=_("How likely is it?"), coerce=int,
                                        initial=int(Likeliness.EVEN),
                                        choices=[(int(level), level.label) for level in Likeliness])
    character = forms.TypedChoiceField(label=_("Or roll a character's action"), required=False,
                                       coerce=int, empty_value=None,
                                       help_text=_("The SRD: a fortune pool may use a specific action."))
    action = forms.ChoiceField(label=_("Action"), required=False)
    opposed = forms.TypedChoiceField(label=_("Against an opposing force?"), required=False, coerce=int,
                                     empty_value=None,
                                     choices=[("", _("No: one pool"))] + [
                                         (int(level), level.label) for level in Likeliness])
    hidden = forms.BooleanField(label=_("Roll hidden: only GMs see it"), required=False)

    def __init__(self, *args, membership, **kwargs):
        super().__init__(*args, **kwargs)
        campaign = membership.campaign
        self.fields["character"].choices = [("", gettext("No: by likeliness"))] + [
            (c.pk, c.name) for c in campaign.characters.order_by("name")]
        self.fields["action"].choices = [("", gettext("Choose an action"))] + [
            (name, action_word(name)) for name in campaign.charge.rules.action_names]
        if not membership.is_gm:
            del self.fields["hidden"]

    def clean(self):
        data = super().clean()
        if bool(data.get("character")) != bool(data.get("action")):
            raise forms.ValidationError(gettext("Choose a character and an action to roll its rating, or neither."))
        return data


class LootForm(forms.Form):
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    character = forms.TypedChoiceField(label=_("Who searches (the asset lands on their sheet)"), coerce=int)
    name = forms.CharField(label=_("What might be found"), max_length=80, required=False,
                           help_text=_("The asset's name if the dice find one, e.g. “The captain's spyglass”."))
    pool = forms.TypedChoiceField(label=_("How rich is the place?"), coerce=int, initial=LOOT_POOL,
                                  choices=[(int(level), level.label) for level in Likeliness],
                                  help_text=_("The rule is 1d6; the GM may say a place is richer."))

    def __init__(self, *args, membership, **kwargs):
        super().__init__(*args, **kwargs)
        mine = membership.campaign.characters.editable_by(membership).order_by("name")
        self.fields["character"].choices = [(c.pk, c.name) for c in mine]
        if not membership.is_gm:
            del self.fields["pool"]  # how rich a place is, the GM says


class GoalRollForm(forms.Form):
    """Rolling to advance: the dice, by the GM's guideline ("Dial: Rolling to Advance"). Rolling to
    resolve: what a 4-5 costs, said before the roll ("Dial: Rolling to Resolve")."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    pool = forms.TypedChoiceField(
        label=_("Dice"), coerce=int, initial=2, choices=[(n, n) for n in range(0, 7)],
        help_text=_("Did the character take a risk just for the goal? Did working on it cost them? "
                    "When in doubt, 2 dice."))
    partial = forms.ChoiceField(
        label=_("On a 4-5"), widget=forms.RadioSelect, initial="dot",
        choices=[("dot", _("Take one less talent dot")), ("consequence", _("Keep the dots and suffer a consequence"))])

    def __init__(self, *args, mode, **kwargs):
        super().__init__(*args, **kwargs)
        # "2d": the dice rolled, in the reader's notation.
        self.fields["pool"].choices = [(n, gettext("%(count)sd") % {"count": n} if n else gettext("0d (roll 2, keep the lowest)"))
                                       for n in range(0, 7)]
        del self.fields["partial" if mode == "advance" else "pool"]


class DeterminationForm(forms.Form):
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    character = forms.TypedChoiceField(label=_("Character"), coerce=int)
    burn = forms.TypedChoiceField(label=_("Momentum to burn (one die each)"), coerce=int,
                                  choices=[(n, n) for n in range(0, 11)], initial=1)
    note = forms.CharField(label=_("The consequence resisted"), max_length=300, required=False)

    def __init__(self, *args, membership, **kwargs):
        super().__init__(*args, **kwargs)
        mine = membership.campaign.characters.editable_by(membership).order_by("name")
        self.fields["character"].choices = [(c.pk, with_momentum(c)) for c in mine]


class FlashbackForm(forms.Form):
    """A flashback called: whose, and what they prepared back then. The GM sets the price."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    character = forms.TypedChoiceField(label=_("Character"), coerce=int)
    note = forms.CharField(label=_("What your character prepared back then"), max_length=300, required=False)

    def __init__(self, *args, membership, **kwargs):
        super().__init__(*args, **kwargs)
        mine = membership.campaign.characters.editable_by(membership).order_by("name")
        self.fields["character"].choices = [(c.pk, with_momentum(c)) for c in mine]


class MarketForm(forms.Form):
    """A market roll's choices ("The Market Clock", "Money")."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    character = forms.TypedChoiceField(label=_("Who trades"), coerce=int)
    trade = forms.ChoiceField(label=_("Buying or selling"), widget=forms.RadioSelect,
                              choices=[("buying", _("Buying")), ("selling", _("Selling"))])
    money = forms.TypedChoiceField(label=_("Money to spend (+1d6 each)"), coerce=int, initial=0, empty_value=0,
                                   required=False)

    def __init__(self, *args, membership, **kwargs):
        super().__init__(*args, **kwargs)
        mine = list(membership.campaign.characters.editable_by(membership).select_related("charge").order_by("name"))
        self.fields["character"].choices = [
            (c.pk, ngettext("%(name)s (%(money)s money)", "%(name)s (%(money)s money)", c.charge.money) % {
                "name": c.name, "money": c.charge.money}) for c in mine]
        # No more money than the trader holds, as pushing offers no more momentum than is held.
        chosen = whole_number(self.data.get("character") or self.initial.get("character"))
        trader = next((c for c in mine if c.pk == chosen), mine[0] if mine else None)
        self.held = held = min(trader.charge.money, MONEY_MOST) if trader else 0
        self.fields["money"].choices = [(n, n) for n in range(held + 1)]
        self.fields["money"].error_messages["invalid_choice"] = str(spend_errors(held, held + 1)[0])
