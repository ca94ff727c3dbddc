"""A small run of ``make bench``, so that it cannot rot. Time is not asserted here: only the
figures that do not depend on the machine (query counts, bytes, the shape of the results)."""

import pytest

from bench.budgets import FIRST_VISIT_MAX_BYTES, MAX_QUERIES, POLL, WARM_MAX_QUERIES, broken
from bench.build import SMALL, SMOKE, build
from bench.measure import AFTER_A_TICK, FLOOR, KEPT, first_visit_bytes, measure, round_trip
from gamerules.bench import measure as measure_odds

pytestmark = pytest.mark.django_db


@pytest.fixture
def results():
    small, large = build("small", SMALL), build("large", SMOKE)
    return {"pages": {"small": measure(small, repeat=2), "large": measure(large, repeat=2)},
            "warm": measure(large, repeat=2, way=KEPT), "after_a_tick": measure(large, repeat=2, way=AFTER_A_TICK),
            "first_visit": first_visit_bytes(large), "odds_us": measure_odds(repeat=1, number=50),
            "round_trip": round_trip(large), "timed": False}


def test_the_bench_measures_every_page_the_budgets_name(results):
    names = set(results["pages"]["large"])
    assert {FLOOR, "campaign dashboard", "character sheet", "table screen", "GM console",
            "wizard step 1", "wizard step 2", "wizard step 3", "odds partial", "clock tick",
            POLL, "live poll, after a change", "roll log", "dice statistics"} == names
    for figures in results["pages"]["large"].values():
        assert {"queries", "median_ms", "ratio", "bytes"} <= set(figures)


def test_query_counts_do_not_grow_with_the_campaign_and_stay_within_budget(results):
    small, large = results["pages"]["small"], results["pages"]["large"]
    assert {page: f["queries"] for page, f in large.items()} == {page: f["queries"] for page, f in small.items()}
    assert max(f["queries"] for f in large.values()) <= MAX_QUERIES
    assert large[POLL]["queries"] <= 3
    assert large[POLL]["bytes"] == 0  # 204: nothing rendered


def test_a_warm_page_asks_the_database_only_who_is_looking(results):
    warm = results["warm"]
    assert set(warm) == {FLOOR, "campaign dashboard", "character sheet", "table screen", "GM console"}
    for page, figures in warm.items():
        assert figures["bytes"] > 1000 or page == FLOOR, page
        assert figures["queries"] <= (WARM_MAX_QUERIES if page != FLOOR else 2), page


def test_the_first_page_after_a_tick_asks_the_database_less_than_a_cold_one(results):
    """It takes the live panels the tick did not touch as they were kept: their queries are not made."""
    cold, after = results["pages"]["large"], results["after_a_tick"]
    assert set(after) == set(results["warm"])
    for page in set(after) - {FLOOR, "character sheet"}:  # a campaign's clock is on no sheet's panel
        assert after[page]["queries"] < cold[page]["queries"], page


def test_the_campaign_survives_export_and_import_whole(results):
    assert results["round_trip"]["lossless"]
    assert results["round_trip"]["rows"] > 200


def test_the_untimed_budgets_hold(results):
    assert results["first_visit"]["total"] <= FIRST_VISIT_MAX_BYTES
    assert broken(results) == []
