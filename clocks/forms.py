from django import forms

from clocks.models import Clock


class ClockForm(forms.ModelForm):
    size = forms.TypedChoiceField(label="Segments", coerce=int)

    class Meta:
        model = Clock
        fields = ["name", "kind", "size", "visibility", "who_may_tick", "character", "force",
                  "scene", "side_a", "side_b", "characters_fill", "notes"]
        widgets = {"notes": forms.Textarea(attrs={"rows": 2})}
        labels = {"character": "Belongs to a character", "force": "Belongs to a force"}
        help_texts = {"side_a": "Opposed clocks only: they start half full.",
                      "side_b": "Opposed clocks only."}

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        sizes = campaign.rules.clock_sizes
        if self.instance.pk and self.instance.size not in sizes:
            sizes = tuple(sorted({*sizes, self.instance.size}))
        self.fields["size"].choices = [(size, f"{size} segments") for size in sizes]
        self.fields["character"].queryset = campaign.characters.all()
        self.fields["force"].queryset = campaign.forces.filter(is_player_group=False)

    def clean(self):
        data = super().clean()
        size = data.get("size")
        if size and self.instance.pk and self.instance.filled > size:
            self.add_error("size", f"It has {self.instance.filled} segments filled: clear some "
                                   "before making it smaller.")
        return data
