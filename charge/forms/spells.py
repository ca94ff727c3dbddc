"""A spell, as the table designs it."""

from django import forms
from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from core.templatetags.words import action as action_word
from gamerules.charge import Risk, RiskWording
from gamerules.magic import BENEFITS, MOMENTUM_COST_MOST, STRESS_COST_MOST, CastingLimit, SpellLevel


class SpellForm(forms.Form):
    """A spell as the table designs it ("The Magic Dial", "The Cost of Magic", "The Effect(s) of
    Magic"): the costs the GM and player agree on, each optional."""

    name = forms.CharField(label=_("Name of the spell"), max_length=80)
    actions = forms.MultipleChoiceField(label=_("Cast with"), widget=forms.CheckboxSelectMultiple,
                                        help_text=_("One or more actions: a ritual may Focus, a dance Finesse."))
    level = forms.TypedChoiceField(label=_("Its effect"), coerce=int, initial=int(SpellLevel.NORMAL),
                                   help_text=_("The effect a casting roll starts at; the roll's effect readies it."))
    momentum_cost = forms.TypedChoiceField(label=_("Momentum to cast it"), coerce=int, initial=0,
                                           choices=[(n, n) for n in range(MOMENTUM_COST_MOST + 1)])
    stress_cost = forms.TypedChoiceField(label=_("Stress taken on casting"), coerce=int, initial=0,
                                         choices=[(n, n) for n in range(STRESS_COST_MOST + 1)])
    risk = forms.TypedChoiceField(label=_("Starting risk"), coerce=int, required=False, empty_value=None)
    limit = forms.ChoiceField(label=_("Casting limit"), required=False,
                              choices=[(lim.value, lim.label) for lim in CastingLimit])
    ritual = forms.TypedChoiceField(label=_("Time: a clock to fill"), coerce=int, initial=0, required=False,
                                    empty_value=0)
    danger = forms.TypedChoiceField(label=_("Danger: a clock each consequence ticks"), coerce=int, initial=0,
                                    required=False, empty_value=0)
    notes = forms.CharField(label=_("Materials, prerequisites, drawbacks"), max_length=300, required=False)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, auto_id="spell_%s", **kwargs)  # ids of their own on a sheet of many forms
        rules, wording = campaign.charge.rules, campaign.charge.wording
        self.fields["actions"].choices = [(name, action_word(name)) for name in rules.action_names]
        self.fields["risk"].label = (gettext("Starting position") if wording is RiskWording.POSITION
                                     else gettext("Starting risk"))
        self.fields["risk"].choices = [("", gettext("As the GM says"))] + [(int(r), r.label(wording)) for r in Risk]
        sizes = [(0, pgettext("no clock", "None"))] + [
            (size, ngettext("%(size)s segment", "%(size)s segments", size) % {"size": size})
            for size in rules.clock_sizes]
        self.fields["ritual"].choices = self.fields["danger"].choices = sizes
        for field in self.fields.values():
            if isinstance(field.widget, forms.Select):
                field.widget.attrs["class"] = "form-select form-select-sm"
            elif isinstance(field.widget, forms.TextInput):
                field.widget.attrs["class"] = "form-control form-control-sm"
        or_word = pgettext("between alternatives", "or")
        alternatives = f" {or_word} "
        self.fields["level"].choices = [
            (int(level), gettext("%(level)s: %(benefits)s") % {
                "level": level.label, "benefits": alternatives.join(str(b.label(wording)) for b in BENEFITS[level])})
            for level in SpellLevel if level is not SpellLevel.BEYOND_GREAT]
