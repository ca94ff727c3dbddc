"""A sheet's panel card, the same on every dice system's sheet: a section named as its live
panel, its heading, the refusal of its last change, and what the panel holds.

    {% card "goals" _("Goals") live=True %} … {% endcard %}

``live``: the card fetches itself again when the campaign changes (else a change inside it
answers in its place); ``heading``: the heading's class ("visually-hidden" for a panel whose
numbers say what it is)."""

from django import template
from django.template.base import token_kwargs
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def warns(character, field) -> bool:
    """Whether a sheet text reads as a warning (``Character.warns``)."""
    return character.warns(field)

CARD = "characters/card.html"


class CardNode(template.Node):
    def __init__(self, name, title, options, nodelist):
        self.name, self.title, self.options, self.nodelist = name, title, options, nodelist

    def render(self, context):
        body = mark_safe(self.nodelist.render(context))
        values = {key: value.resolve(context) for key, value in self.options.items()}
        card = context.template.engine.get_template(CARD)
        with context.push(panel=self.name.resolve(context), title=self.title.resolve(context), body=body,
                          live=values.get("live", False), heading=values.get("heading", "h5")):
            return card.render(context)


@register.tag
def card(parser, token):
    bits = token.split_contents()
    if len(bits) < 3:
        raise template.TemplateSyntaxError(f'{bits[0]} takes a panel name and a title: {{% card "name" _("Title") %}}')
    options = token_kwargs(bits[3:], parser)
    if len(options) != len(bits) - 3 or set(options) - {"live", "heading"}:
        raise template.TemplateSyntaxError(f"{bits[0]} takes only live= and heading= after its title.")
    nodelist = parser.parse(("endcard",))
    parser.delete_first_token()
    return CardNode(parser.compile_filter(bits[1]), parser.compile_filter(bits[2]), options, nodelist)
