"""Charts drawn on the server as inline SVG: the shapes are placed here, in viewBox units, and
templates/rolls/stats.html#chart draws them. No script and no style attribute (the
Content-Security-Policy forbids both): colours come from CSS classes (static/css/stats.css), and
the viewBox scales each chart to the page's width, a phone's or paper's."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from gamerules.honesty import Honesty, Scale

WIDTH = 360
"""Every chart is this wide in viewBox units: a 390 px phone shows it at about its size, so a
12-unit text reads as 12 px."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    css: str

    def svg(self) -> str:
        return (f'<rect class="{escape(self.css)}" x="{self.x:.1f}" y="{self.y:.1f}" width="{self.width:.1f}" '
                f'height="{self.height:.1f}"/>')


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    css: str = "chart-label"
    anchor: str = "middle"

    def svg(self) -> str:
        return (f'<text class="{escape(self.css)}" x="{self.x:.1f}" y="{self.y:.1f}" text-anchor="{escape(self.anchor)}">'
                f'{escape(self.text)}</text>')


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    css: str = "chart-axis"

    def svg(self) -> str:
        return f'<line class="{escape(self.css)}" x1="{self.x1:.1f}" y1="{self.y1:.1f}" x2="{self.x2:.1f}" y2="{self.y2:.1f}"/>'


@dataclass(frozen=True)
class Chart:
    height: float
    title: str
    """What the chart shows, in words, for a screen reader (its <title>)."""
    rects: tuple[Rect, ...] = ()
    texts: tuple[Text, ...] = ()
    lines: tuple[Line, ...] = ()
    path: str = ""
    """A polyline's points, "x,y x,y ..."."""
    dots: tuple[tuple[float, float], ...] = field(default=())
    width: float = WIDTH

    @property
    def view_box(self) -> str:
        return f"0 0 {_n(self.width)} {_n(self.height)}"

    @property
    def shapes(self) -> SafeString:
        """The chart's shapes as SVG, drawn here rather than by the template: a long campaign's
        charts hold hundreds of numbers, each escaped (or a plain number) as it is written."""
        parts = [shape.svg() for shape in (*self.lines, *self.rects)]
        if self.path:
            parts.append(f'<polyline class="chart-line" points="{escape(self.path)}"/>')
        parts += [f'<circle class="chart-point" cx="{x:.1f}" cy="{y:.1f}" r="2.5"/>' for x, y in self.dots]
        parts += [text.svg() for text in self.texts]
        return mark_safe("\n  ".join(parts))  # noqa: S308 - every text and class above is escaped


def _n(value: float) -> str:
    """A coordinate, short: SVG reads a dot as the decimal point whatever the reader's language."""
    said = f"{value:.1f}"
    return said[:-2] if said.endswith(".0") else said


def _said(value: Fraction | int | float) -> str:
    return number_format(round(float(value), 1), decimal_pos=0 if value == int(value) else 1)


TONES = ("bad", "partial", "full", "critical")
"""The colours of outcomes, worst to best (static/css/stats.css): a scale's outcomes take them
spread over its length."""


def tone(place: int, outcomes: int) -> str:
    """The colour of the outcome at ``place`` of ``outcomes``, worst first: Charge's four are its
    own (bad, partial, full, critical); two are bad and full, three bad, partial and full."""
    return TONES[min(len(TONES) - 1, place * len(TONES) // outcomes)]


def outcomes_chart(honesty: Honesty, scale: Scale) -> Chart:
    """Each outcome of ``scale`` rolled (a solid bar in its colour) beside the number the exact
    odds expect (an outlined bar), worst first; bar heights are proportional to the numbers. A
    counted scale shows only the counts that could come up."""
    observed, expected = honesty.observed, honesty.expected
    shown = [(place, outcome) for place, outcome in enumerate(scale.outcomes)
             if not scale.counted or observed[outcome] or expected[outcome]]
    labels = [_lines(capfirst(str(scale.words[place])), WIDTH / len(shown)) for place, _outcome in shown]
    if scale.faces:
        labels = [[*lines, str(scale.faces[place])] for lines, (place, _outcome) in zip(labels, shown, strict=True)]
    top, plot, bottom = 22, 150, 10 + 15 * max(map(len, labels))
    tallest = max([*(observed[outcome] for _, outcome in shown), *(expected[outcome] for _, outcome in shown), 1])
    column = WIDTH / len(shown)
    bar = column * 0.34
    rects, texts = [], []
    for at, (place, outcome) in enumerate(shown):
        left = at * column + column / 2 - bar - 2
        for offset, value, css in ((0, observed[outcome], f"chart-{tone(place, len(scale.outcomes))}"),
                                   (bar + 4, expected[outcome], "chart-expected")):
            height = plot * float(value) / tallest
            rects.append(Rect(left + offset, top + plot - height, bar, height, css))
            texts.append(Text(left + offset + bar / 2, top + plot - height - 5, _said(value), "chart-value"))
        for line, text in enumerate(labels[at]):
            css = "chart-faces" if scale.faces and line == len(labels[at]) - 1 else "chart-label"
            texts.append(Text(at * column + column / 2, top + plot + 16 + 15 * line, text, css))
    title = _("Outcomes rolled against the outcomes expected: %(list)s.") % {"list": "; ".join(
        _("%(outcome)s %(rolled)s rolled, %(expected)s expected") % {
            "outcome": capfirst(str(scale.words[place])), "rolled": observed[outcome],
            "expected": _said(expected[outcome])}
        for place, outcome in shown)}
    return Chart(top + plot + bottom, title, tuple(rects), tuple(texts),
                 (Line(0, top + plot, WIDTH, top + plot),))


def _lines(word: str, room: float) -> list[str]:
    """A label on one line, or on two split at a space when it is wider than its column (a 12-unit
    letter is about 6.5 units wide)."""
    if len(word) * 6.5 <= room * 0.95 or " " not in word:
        return [word]
    middle = len(word) // 2
    cut = min((at for at, letter in enumerate(word) if letter == " "), key=lambda at: abs(at - middle))
    return [word[:cut], word[cut + 1:]]


def luck_chart(honesty: Honesty) -> Chart | None:
    """The exact chance of every luck total with fair dice, the totals at least as far out as the
    one rolled (on its side) marked, and the one rolled: the test as a picture. None when the
    chances were approximated."""
    chances = honesty.distribution
    if not chances or honesty.rolls == 0:
        return None
    peak = max(chances)
    shown = [t for t, chance in enumerate(chances) if chance >= peak / 1000 or t == honesty.luck]
    first, last = min(shown), max(shown)
    top, plot, bottom = 26, 110, 26
    step = WIDTH / (last - first + 1)
    lucky = honesty.luck > honesty.expected_luck
    rects = []
    for t in range(first, last + 1):
        height = plot * chances[t] / peak
        tail = t >= honesty.luck if lucky else t <= honesty.luck
        rects.append(Rect((t - first) * step + step * 0.1, top + plot - height, step * 0.8, height,
                          "chart-tail" if tail else "chart-chance"))
    at = (honesty.luck - first + 0.5) * step
    expected = (float(honesty.expected_luck) - first + 0.5) * step
    texts = [Text(at, top - 8, _("rolled: %(luck)s") % {"luck": honesty.luck}, "chart-value",
                  "end" if at > WIDTH * 0.6 else "start" if at < WIDTH * 0.4 else "middle"),
             Text(0, top + plot + 16, str(first), "chart-faces", "start"),
             Text(WIDTH, top + plot + 16, str(last), "chart-faces", "end"),
             Text(WIDTH / 2, top + plot + 16, _("expected: %(luck)s") % {"luck": _said(honesty.expected_luck)},
                  "chart-faces")]
    lines = (Line(0, top + plot, WIDTH, top + plot), Line(at, top - 4, at, top + plot, "chart-marker"),
             Line(expected, top + plot, expected, top + plot + 5, "chart-axis"))
    title = _("The chance of each luck total with fair dice, from %(first)s to %(last)s; %(luck)s rolled, "
              "%(expected)s expected.") % {"first": first, "last": last, "luck": honesty.luck,
                                          "expected": _said(honesty.expected_luck)}
    return Chart(top + plot + bottom, title, tuple(rects), tuple(texts), lines)


def steps_chart(changes: Sequence[tuple[int, int]], title: str) -> Chart:
    """A number through the rolls that moved it, oldest first: each roll goes from the number
    before to after; a jump between two rolls is what changed it elsewhere."""
    top, plot, bottom, left = 10, 90, 10, 22
    highest = max([1, *(value for change in changes for value in change)])
    step = (WIDTH - left - 6) / max(len(changes), 1)

    def y(value):
        return top + plot - plot * value / highest

    points = []
    for place, (before, after) in enumerate(changes):
        points += [(left + place * step, y(before)), (left + (place + 1) * step, y(after))]
    texts = (Text(left - 6, y(highest) + 4, str(highest), "chart-faces", "end"),
             Text(left - 6, y(0) + 4, "0", "chart-faces", "end"))
    lines = (Line(left, y(0), WIDTH, y(0)), Line(left, y(highest), WIDTH, y(highest), "chart-grid"))
    return Chart(top + plot + bottom, title, (), texts, lines, " ".join(f"{_n(x)},{_n(y)}" for x, y in points),
                 tuple(points[1::2]))


def actions_chart(counts: Sequence[tuple[str, int]]) -> Chart:
    """How many rolls used each action, one bar a row, most used first."""
    row, label, end = 24, 118, 30
    most = max([1, *(count for _, count in counts)])
    room = WIDTH - label - end
    rects, texts = [], []
    for place, (name, count) in enumerate(counts):
        y = place * row + 4
        width = room * count / most
        rects.append(Rect(label, y, width, row - 8, "chart-used"))
        texts.append(Text(label - 6, y + row / 2, name if len(name) <= 16 else name[:15] + "…", "chart-label", "end"))
        texts.append(Text(label + width + 5, y + row / 2, str(count), "chart-value", "start"))
    title = _("Rolls by action: %(list)s.") % {"list": ", ".join(f"{name} {count}" for name, count in counts)}
    return Chart(len(counts) * row + 8, title, tuple(rects), tuple(texts), (Line(label, 0, label, len(counts) * row + 4),))
