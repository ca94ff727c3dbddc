"""Throughput on loopback: uvicorn with several workers on PostgreSQL, loaded by wrk. Bounded in
time and in connections; it talks only to 127.0.0.1 and stops by itself."""

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

from django.test import Client

from bench import free_port
from campaign.models import Campaign

ROOT = Path(__file__).resolve().parent.parent


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def _wrk(url, cookie, seconds, connections, htmx=False) -> float:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s",
               "-H", f"Cookie: {cookie}"] + (["-H", "HX-Request: true"] if htmx else []) + [url]
    out = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 30).stdout
    found = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if not found:
        raise RuntimeError(f"wrk printed no rate: {out[-300:]}")
    return float(found.group(1))


@contextmanager
def serving(env: dict, workers: int):
    """The site under uvicorn as ``make serve`` runs it, on a free loopback port: its base URL."""
    with server(env, workers) as (base, _):
        yield base


@contextmanager
def server(env: dict, workers: int, log=subprocess.DEVNULL):
    """As ``serving``, with uvicorn's supervisor process (its workers are its children) and its
    log written to ``log``."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1", "--port", str(port),
         "--workers", str(workers), "--log-level", "warning", "--lifespan", "off", "--no-access-log",
         "--timeout-graceful-shutdown", "2"],
        cwd=ROOT, env={**os.environ, **env}, stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield base, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def throughput(built, env: dict, seconds: int, connections: int, workers: int) -> dict:
    """Requests per second for the floor, an unchanged poll and a sheet, and their ratios."""
    if not shutil.which("wrk"):
        return {"error": "wrk is not installed (Debian: apt-get install wrk)"}
    with serving(env, workers) as base:
        version = Campaign.objects.values_list("live_version", flat=True).get(pk=built.campaign.pk)
        gm, player = session_cookie(built.gm), session_cookie(built.player)
        c = built.campaign.pk
        floor = _wrk(f"{base}/accounts/ping/", gm, seconds, connections)
        poll = _wrk(f"{base}/c/{c}/live/?v={version}", player, seconds, connections, htmx=True)
        sheet = _wrk(f"{base}/c/{c}/characters/{built.character.pk}/", player, seconds, connections)
    return {"floor_rps": floor, "poll_rps": poll, "sheet_rps": sheet,
            "poll_ratio": round(poll / floor, 2), "sheet_ratio": round(sheet / floor, 2),
            "workers": workers, "connections": connections, "seconds": seconds}
