from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from clocks.models import Clock
from gamerules.clocks import DEFAULT_CLOCK_SIZES


class ClockForm(forms.ModelForm):
    size = forms.TypedChoiceField(label=_("Segments"), coerce=int)

    class Meta:
        model = Clock
        fields = ["name", "kind", "size", "visibility", "who_may_tick", "character", "force",
                  "scene", "side_a", "side_b", "characters_fill", "notes"]
        widgets = {"notes": forms.Textarea(attrs={"rows": 2})}
        # The fields named after their model field say so in the reader's language too.
        labels = {"name": _("Name"), "kind": pgettext_lazy("clock", "Kind"), "visibility": _("Visibility"),
                  "character": _("Belongs to a character"), "force": _("Belongs to a force"),
                  "scene": _("Scene"), "notes": _("Notes")}
        help_texts = {"side_a": _("Opposed clocks only: they start half full."),
                      "side_b": _("Opposed clocks only.")}

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        sizes = campaign.site.clock_sizes(campaign) if campaign.site.clock_sizes else DEFAULT_CLOCK_SIZES
        if self.instance.pk and self.instance.size not in sizes:
            sizes = tuple(sorted({*sizes, self.instance.size}))
        self.fields["size"].choices = [
            (size, ngettext("%(size)s segment", "%(size)s segments", size) % {"size": size}) for size in sizes]
        self.fields["character"].queryset = campaign.characters.all()
        self.fields["force"].queryset = campaign.forces.filter(is_player_group=False)

    def clean(self):
        data = super().clean()
        size = data.get("size")
        if size and self.instance.pk and self.instance.filled > size:
            filled = self.instance.filled
            self.add_error("size", ngettext(
                "It has %(filled)s segment filled: clear some before making it smaller.",
                "It has %(filled)s segments filled: clear some before making it smaller.",
                filled) % {"filled": filled})
        return data
