"""Template sources: a comment Django would print instead of hiding, or a line too long to read."""

from tests.i18n.untranslated import template_files

TEMPLATES = template_files()


def test_every_one_line_comment_ends_on_its_line():
    """{# ... #} spans one line only; across lines Django prints it on the page."""
    open_ended = [f"{path.name}:{number}" for path in TEMPLATES
                  for number, line in enumerate(path.read_text().splitlines(), start=1)
                  if line.count("{#") != line.count("#}")]
    assert open_ended == []


def test_template_lines_stay_readable():
    long = [f"{path.name}:{number}" for path in TEMPLATES
            for number, line in enumerate(path.read_text().splitlines(), start=1) if len(line) > 160]
    assert long == []
