from pathlib import Path

from gamerules.tables import odds_table

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_odds_table_is_the_one_the_code_generates():
    text = README.read_text()
    shown = text.split("<!-- odds-table -->\n")[1].split("\n<!-- /odds-table -->")[0]
    assert shown == odds_table()


def test_the_table_lists_pools_zero_to_six_with_fractions():
    rows = odds_table().splitlines()[2:]
    assert len(rows) == 7
    assert rows[1] == "| 1 | 0 (0.0%) | 1/6 (16.7%) | 1/3 (33.3%) | 1/2 (50.0%) |"
