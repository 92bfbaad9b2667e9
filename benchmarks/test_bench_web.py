"""``olab serve``: the round trip of one human action over HTTP, with 20 games open.

    pytest benchmarks/test_bench_web.py --benchmark-columns=min,mean,max -s

A real uvicorn server on 127.0.0.1 in a thread, 20 games open (the
registered games in turn, every seat human), and one client: each round is
one ``POST /api/tables/ID/act`` of the deciding seat's first legal choice
(the server applies it, saves the record to ``--data`` on its saving thread
and answers the seat's new view), game after game.  The goal of issue 23:
under 50 ms at the 95th percentile on this machine; the test prints the
percentiles.
"""
import socket
import threading
import time

import pytest

import olab

httpx = pytest.importorskip("httpx", reason="needs the web extra")
uvicorn = pytest.importorskip("uvicorn", reason="needs the web extra")

GAMES_OPEN = 20


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from olab.web.app import create_app
    from olab.web.tables import Tables

    tables = Tables(data=tmp_path_factory.mktemp("bench-data"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(tables), host="127.0.0.1", port=port,
                                        log_level="warning", access_log=False))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    while not srv.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def test_human_action_round_trip(benchmark, server):
    names = list(olab.games())
    games = []
    with httpx.Client(base_url=server) as client:
        for i in range(GAMES_OPEN):
            name = names[i % len(names)]
            r = client.post("/api/tables", json={"game": name, "seed": i})
            r.raise_for_status()
            doc = r.json()
            games.append({"id": doc["id"], "tokens": doc["tokens"], "view": None})
        for g in games:
            seat = next(s for s, tok in enumerate(g["tokens"])
                        if client.get(f"/api/tables/{g['id']}?seat={s}", headers={"X-Olab-Token": tok}).json()["choices"])
            g["view"] = client.get(f"/api/tables/{g['id']}?seat={seat}",
                                   headers={"X-Olab-Token": g["tokens"][seat]}).json()
        turn = [0]

        def one_action():
            g = games[turn[0] % GAMES_OPEN]
            turn[0] += 1
            v = g["view"]
            seat = v["current_player"]
            r = client.post(f"/api/tables/{g['id']}/act",
                            json={"seat": seat, "token": g["tokens"][seat], "action": v["choices"][0]["action"]},
                            headers={"X-Olab-Token": g["tokens"][seat]})
            r.raise_for_status()
            v = r.json()
            if not v["choices"] and not v["terminal"]:
                s = v["current_player"]       # the next decision is another seat's: its view
                v = client.get(f"/api/tables/{g['id']}?seat={s}", headers={"X-Olab-Token": g["tokens"][s]}).json()
            g["view"] = v

        times = []

        def timed():
            t0 = time.perf_counter()
            one_action()
            times.append(time.perf_counter() - t0)

        benchmark.pedantic(timed, rounds=400, iterations=1, warmup_rounds=20)
    if times and not benchmark.disabled:
        times = sorted(times[-400:])          # the measured rounds, not the warm-up
        p50, p95 = times[len(times) // 2], times[int(len(times) * 0.95)]
        print(f"\nround trip of one human action, {GAMES_OPEN} games open: "
              f"p50 {p50 * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
