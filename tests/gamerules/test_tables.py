from pathlib import Path

from gamerules.tables import odds_table

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_the_odds_table_in_the_docs_is_the_one_the_code_generates():
    text = RULES.read_text()
    shown = text.split("<!-- odds-table -->\n")[1].split("\n<!-- /odds-table -->")[0]
    assert shown == odds_table()


def test_the_table_lists_pools_zero_to_six_with_fractions():
    rows = odds_table().splitlines()[2:]
    assert len(rows) == 7
    assert rows[1] == "| 1 | 0 (0.0%) | 1/6 (16.7%) | 1/3 (33.3%) | 1/2 (50.0%) |"
