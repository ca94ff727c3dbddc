"""The budgets the issue names; a broken one fails ``make bench``."""

MAX_QUERIES = 15
POLL_MAX_QUERIES = 3
POLL_MAX_RATIO = 1.5
POLL_MIN_THROUGHPUT = 0.7
HEAVY_PAGES = ("character sheet", "campaign dashboard", "table screen")
HEAVY_MAX_RATIO = 4.0
WARM_MAX_QUERIES = 6  # served from the render-once cache: the session, the user, the membership, the
# characters the viewer may play, and the sheet's character (whose is it?)
FIRST_VISIT_MAX_BYTES = 60_000  # compressed: the page, its CSS and its JavaScript
ODDS_MAX_MICROSECONDS = 1000.0
STATS = "dice statistics"
STATS_MAX_RATIO = 10.0  # the large campaign's 20,000 rolls counted in the database (rolls/reading.py)
POLL = "live poll, unchanged"
PUSH_HEARD_MAX_P95_MS = 300.0  # from a tick sent to a pushed screen hearing of it, one table of five
PUSH_MIN_TABLES = 200  # that one server holds with push (bench/tables.py's capacity)


def broken(results: dict) -> list[str]:
    """Every budget the figures break, in words."""
    problems = []
    small, large = results["pages"]["small"], results["pages"]["large"]
    warm = results.get("warm", {})
    for page, figures in large.items():
        if figures["queries"] != small[page]["queries"]:
            problems.append(f"{page}: {figures['queries']} queries on the large campaign, "
                            f"{small[page]['queries']} on the small one")
        if figures["queries"] > MAX_QUERIES:
            problems.append(f"{page}: {figures['queries']} queries (budget {MAX_QUERIES})")
    for page, figures in warm.items():
        if page in HEAVY_PAGES and figures["queries"] > WARM_MAX_QUERIES:
            problems.append(f"{page}, warm: {figures['queries']} queries (budget {WARM_MAX_QUERIES})")
    if large[POLL]["queries"] > POLL_MAX_QUERIES:
        problems.append(f"{POLL}: {large[POLL]['queries']} queries (budget {POLL_MAX_QUERIES})")
    if results.get("timed") and large[POLL]["ratio"] > POLL_MAX_RATIO:
        problems.append(f"{POLL}: {large[POLL]['ratio']}x the floor (budget {POLL_MAX_RATIO}x)")
    if results.get("timed") and large[STATS]["ratio"] > STATS_MAX_RATIO:
        problems.append(f"{STATS}: {large[STATS]['ratio']}x the floor (budget {STATS_MAX_RATIO}x)")
    for page in HEAVY_PAGES if results.get("timed") else ():
        if warm[page]["ratio"] > HEAVY_MAX_RATIO:
            problems.append(f"{page}, warm: {warm[page]['ratio']}x the floor (budget {HEAVY_MAX_RATIO}x)")
    if results["first_visit"]["total"] > FIRST_VISIT_MAX_BYTES:
        problems.append(f"first visit to a sheet: {results['first_visit']['total']} bytes "
                        f"(budget {FIRST_VISIT_MAX_BYTES})")
    slowest = max(results["odds_us"].values())
    if results.get("timed") and slowest > ODDS_MAX_MICROSECONDS:  # a time: a budget of the timed run only
        problems.append(f"odds(n): {slowest:.0f} us (budget {ODDS_MAX_MICROSECONDS:.0f})")
    if "round_trip" in results and not results["round_trip"]["lossless"]:
        problems.append("export, import, export: the documents differ")
    throughput = results.get("throughput") or {}
    if "error" in throughput:
        problems.append(f"throughput not measured: {throughput['error']}")
    elif throughput and throughput["poll_ratio"] < POLL_MIN_THROUGHPUT:
        problems.append(f"unchanged polls: {throughput['poll_ratio']}x the floor's throughput "
                        f"(budget {POLL_MIN_THROUGHPUT}x)")
    live = results.get("live") or {}
    if "error" in live:
        problems.append(f"live figures not measured: {live['error']}")
    elif live:
        heard = live["latency"]["push"]["heard_p95_ms"]
        if heard is None or heard > PUSH_HEARD_MAX_P95_MS:
            problems.append(f"pushed change, heard p95: {heard} ms (budget {PUSH_HEARD_MAX_P95_MS:.0f} ms)")
        if live["capacity"]["push"]["tables"] < PUSH_MIN_TABLES:
            problems.append(f"tables held with push: {live['capacity']['push']['tables']} "
                            f"(budget {PUSH_MIN_TABLES})")
    return problems
