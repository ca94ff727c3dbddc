"""``python -m bench``: build a small and a large campaign in a scratch database, measure every
page against the floor, load the server, and check the budgets. ``--smoke`` is quick and small."""

import argparse
import json
import os
import secrets
import sys
import tempfile
from functools import partial
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results.json"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
WORKERS = 3  # as `make serve` runs by default (WEB_CONCURRENCY)


def scratch_database(name: str = "charge_bench") -> str:
    """A fresh database: BENCH_DATABASE_URL, else a new ``name`` on the local PostgreSQL,
    else a SQLite file (and no throughput figures)."""
    if os.environ.get("BENCH_DATABASE_URL"):
        return os.environ["BENCH_DATABASE_URL"]
    try:
        import psycopg
        with psycopg.connect(PG_ADMIN, connect_timeout=3, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name}")
            admin.execute(f"CREATE DATABASE {name}")
        return f"postgres://postgres@127.0.0.1:5432/{name}"
    except Exception as error:  # noqa: BLE001 - any failure means: no local PostgreSQL
        print(f"No PostgreSQL on 127.0.0.1 ({error.__class__.__name__}); using SQLite, "
              "without throughput figures.", file=sys.stderr)
        return f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"


def scratch_cache() -> str:
    """Redis database 15 on 127.0.0.1, emptied, as production runs with several processes; or
    none (local memory, and the live version from the database)."""
    url = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/15")
    try:
        import redis
        client = redis.Redis.from_url(url, socket_connect_timeout=2)
        client.flushdb()
        return url
    except Exception as error:  # noqa: BLE001 - any failure means: no Redis here
        print(f"No Redis at {url} ({error.__class__.__name__}); measuring without a shared cache.",
              file=sys.stderr)
        return ""


def settled(database: str) -> None:
    """What autovacuum does to a real database after a load: its statistics, and its tables'
    visibility maps (an index-only scan reads them)."""
    if database.startswith("postgres"):
        from django.db import connection
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


def table(results) -> str:
    small, large = results["pages"]["small"], results["pages"]["large"]
    lines = [f"database: {results['database']}, shared cache: {results['cache'] or 'none'}, "
             f"{results['repeat']} requests a page, medians",
             f"{'page':28} {'queries s/l':>11} {'median ms':>10} {'x floor':>8} {'html bytes':>11}"]
    for page, figures in large.items():
        lines.append(f"{page:28} {small[page]['queries']:>5} / {figures['queries']:<3} "
                     f"{figures['median_ms']:>10.2f} {figures['ratio']:>8.2f} {figures['bytes']:>11}")
    warm = results["warm"]
    lines.append("warm, rendered once per change and audience (large): " + ", ".join(
        f"{page} {figures['median_ms']:.2f} ms {figures['ratio']:.2f}x ({figures['queries']} queries)"
        for page, figures in warm.items() if page != "floor"))
    lines.append("after a tick, the first screen to open each (large): " + ", ".join(
        f"{page} {figures['median_ms']:.2f} ms {figures['ratio']:.2f}x ({figures['queries']} queries)"
        for page, figures in results["after_a_tick"].items() if page != "floor"))
    visit = results["first_visit"]
    lines.append(f"\nfirst visit to a sheet, compressed: {visit['total']} bytes "
                 f"(html {visit['html']}; " + ", ".join(f"{Path(u).name.split('.')[0]} {b}"
                                                        for u, b in visit["assets"].items()) + ")")
    lines.append("odds(n), microseconds: " + ", ".join(f"{n}: {us:.1f}" for n, us in results["odds_us"].items()))
    trip = results["round_trip"]
    lines.append(f"export, import, export: {'the same document' if trip['lossless'] else 'DIFFERENT'} "
                 f"({trip['rows']} rows, {trip['fields']} fields, {trip['bytes']} bytes; import "
                 f"{trip['import_seconds']} s)")
    throughput = results.get("throughput") or {}
    if "error" in throughput:
        lines.append(f"throughput: not measured ({throughput['error']})")
    elif throughput:
        lines.append(f"throughput ({throughput['workers']} uvicorn workers, {throughput['connections']} "
                     f"connections, {throughput['seconds']} s each): floor {throughput['floor_rps']:.0f}/s, "
                     f"unchanged poll {throughput['poll_rps']:.0f}/s ({throughput['poll_ratio']}x), "
                     f"sheet {throughput['sheet_rps']:.0f}/s ({throughput['sheet_ratio']}x)")
    return "\n".join(lines + [live_table(results)])


def pages_only(large, repeat: int, cpu: bool, only=()) -> int:
    """The large campaign's pages, cold and warm, against the floor: what a change to a page's
    rendering moves, in a minute rather than ``make bench``'s quarter of an hour. ``only``: these
    pages alone (and the floor), cold."""
    import time

    from bench.measure import AFTER_A_TICK, COLD, KEPT, measure
    timer = time.process_time if cpu else time.perf_counter
    ways = [(way, measure(large, repeat, way, timer=timer, only=only)) for way in (COLD, KEPT, AFTER_A_TICK)
            if way == COLD or not only]
    for way, figures in ways:
        print(f"{way}, {repeat} requests a page, medians{' of CPU time' if cpu else ''}:")
        for page, f in figures.items():
            print(f"  {page:28} {f['queries']:>3} queries {f['median_ms']:>9.2f} ms {f['ratio']:>7.2f}x "
                  f"{f['bytes']:>9} bytes")
    return 0


def live_figures(serve, database) -> dict:
    """Change to screen, pushed and polled, and how many tables the server holds."""
    from bench.tables import capacity, latency

    if not database.startswith("postgres"):
        return {"live": {"error": "needs PostgreSQL on 127.0.0.1 or BENCH_DATABASE_URL"}}
    return {"live": {"workers": WORKERS, "latency": latency(serve), "capacity": capacity(serve)}}


def live_table(results) -> str:
    live = results.get("live")
    if not live:
        return ""
    if "error" in live:
        return f"live figures: not measured ({live['error']})"
    lat, cap = live["latency"], live["capacity"]
    lines = [f"\nchange to screen, one table of five screens, a tick a second ({live['workers']} uvicorn workers; "
             f"floor {lat['floor_ms']} ms):"]
    for way in ("push", "poll"):
        f = lat[way]
        lines.append(f"  {way}: heard p50 {f['heard_p50_ms']} ms, p95 {f['heard_p95_ms']} ms "
                     f"({f['heard_p95_ratio']}x the floor); panels shown p50 {f['shown_p50_ms']} ms, "
                     f"p95 {f['shown_p95_ms']} ms; {f['changes_shown']} changes seen; "
                     f"{f['requests_per_change']} requests a change")
    lines.append(f"capacity (4 players + a table screen a table, a tick every 20 s, {cap['seconds_each']} s a step):")
    steps = "; ".join(
        f"{s['tables']}: skipped ({s['skipped']})" if "skipped" in s else
        f"{s['tables']}: shown p95 {s['shown_p95_ms']} ms, request p95 {s['request_p95_ms']} ms, "
        f"{s['requests_per_change']} requests a change"
        + (f", {s['errors']} errors" if s["errors"] else "") + ("" if s["held"] else " (over)")
        for s in cap["push"]["steps"])
    lines.append(f"  push: {cap['push']['tables']} tables held ({steps})")
    return "\n".join(lines)


def production_like(database: str, redis_url: str) -> dict:
    """Settings as production has them, on these database and Redis, for this process and the
    servers it starts; migrated, static files collected. The environment it set."""
    env = {"DATABASE_URL": database, "REDIS_URL": redis_url, "DEBUG": "0", "HTTPS": "0", "LOG_LEVEL": "ERROR",
           "SECRET_KEY": "bench-" + secrets.token_urlsafe(40), "STATIC_ROOT": tempfile.mkdtemp(),
           "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver", "DJANGO_SETTINGS_MODULE": "config.settings"}
    os.environ.update(env)

    import django
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    return env


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--smoke", action="store_true", help="small sizes, few repeats, no load")
    parser.add_argument("--repeat", type=int, default=None, help="requests per page (median)")
    parser.add_argument("--live", action="store_true", help="only the live figures: latency and capacity")
    parser.add_argument("--pages", action="store_true",
                        help="only the large campaign's pages in-process, cold and warm (no wrk, no budgets)")
    parser.add_argument("--page", action="append", default=[], metavar="NAME",
                        help='with --pages: only this page (and the floor), e.g. --page "dice statistics"')
    parser.add_argument("--cpu", action="store_true",
                        help="with --pages: time by this process's CPU, for a machine busy with other work")
    args = parser.parse_args(argv)
    database, redis_url = scratch_database(), scratch_cache()
    env = production_like(database, redis_url)

    from bench.budgets import broken
    from bench.build import LARGE, SMALL, SMOKE, build
    from bench.load import serving, throughput
    from bench.measure import AFTER_A_TICK, KEPT, first_visit_bytes, measure, round_trip
    from gamerules.bench import measure as measure_odds

    serve = partial(serving, env, workers=WORKERS)
    if args.live:
        results = live_figures(serve, database)
        print(live_table(results))
        return 0
    if args.pages:
        large = build("large", SMOKE if args.smoke else LARGE)
        settled(database)
        return pages_only(large, args.repeat or 30, args.cpu, args.page)
    size = SMOKE if args.smoke else LARGE
    repeat = args.repeat or (15 if args.smoke else 120)
    small, large = build("small", SMALL), build("large", size)
    settled(database)
    results = {"sizes": {"small": SMALL.__dict__, "large": size.__dict__}, "repeat": repeat,
               "timed": True, "database": database.split("://")[0], "cache": "redis" if redis_url else "",
               "pages": {"small": measure(small, repeat), "large": measure(large, repeat)},
               "warm": measure(large, repeat, KEPT), "after_a_tick": measure(large, repeat, AFTER_A_TICK),
               "first_visit": first_visit_bytes(large), "odds_us": measure_odds(),
               "round_trip": round_trip(large)}
    if not args.smoke:
        results["throughput"] = (throughput(large, env, seconds=10, connections=32, workers=4)
                                 if database.startswith("postgres") else
                                 {"error": "needs PostgreSQL on 127.0.0.1 or BENCH_DATABASE_URL"})
        results.update(live_figures(serve, database))
    RESULTS.write_text(json.dumps(results, indent=2))
    print(table(results))
    problems = broken(results)
    print("\nBudgets: " + ("all held." if not problems else "BROKEN:\n  " + "\n  ".join(problems)))
    print(f"Figures written to {RESULTS.relative_to(Path.cwd()) if RESULTS.is_relative_to(Path.cwd()) else RESULTS}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
