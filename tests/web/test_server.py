"""``olab serve`` server side, through Starlette's test client: every endpoint, every security item.

Hidden information, seat tokens, malformed and oversized requests (4xx with
one clear line, never a 500, the game unchanged), the limits, records that
``olab replay`` reads, and games resumed from ``--data`` after a restart.
"""
from __future__ import annotations

import json
import sys
import time

import pytest

import olab

pytest.importorskip("starlette", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("httpx", reason="the web extra is not installed: pip install '.[web]' (httpx)")
from olab.records import read_record

GAMES = list(olab.games())


def small(name: str) -> dict:
    """The smallest configuration of a game: the fewest players the registry allows."""
    info = olab.games()[name]
    if "players" in info.option_names():
        return {"players": min(info.option("players").values)}
    return {}


def make(client, name, seats=None, seed=5, options=None):
    options = small(name) if options is None else options
    n = olab.load(name, **options).num_players()
    seats = seats or [{"kind": "human"}] * n
    r = client.post("/api/tables", json={"game": name, "options": options, "seed": seed, "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


def view(client, tid, seat=None, token=None):
    url = f"/api/tables/{tid}" + ("" if seat is None else f"?seat={seat}")
    return client.get(url, headers={"X-Olab-Token": token} if token else {})


def wait_for(client, tid, seat, token, pred, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        v = view(client, tid, seat, token).json()
        if pred(v):
            return v
        time.sleep(0.02)
    raise AssertionError("timed out waiting for the table")


def assert_error(r, status):
    assert r.status_code == status, (r.status_code, r.text)
    doc = r.json()
    assert set(doc) == {"error"} and isinstance(doc["error"], str) and doc["error"]
    assert "Traceback" not in doc["error"]


# ---------------------------------------------------------------- the page and the registry
def test_page_and_assets(client):
    r = client.get("/")
    assert r.status_code == 200 and "<script src=\"/static/app.js\"" in r.text
    assert r.headers["content-security-policy"].startswith("default-src 'self'")
    for asset in ("app.js", "board.js", "style.css", "icon.svg", "games/generic.js"):
        assert client.get(f"/static/{asset}").status_code == 200, asset
    # no asset is fetched from elsewhere: the page works with no internet
    for asset in ("index.html", "app.js", "board.js", "style.css"):
        text = client.get(f"/static/{asset}").text
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text
    assert_error(client.get("/static/nothing.js"), 404)
    assert_error(client.get("/api/nothing"), 404)


def test_games_come_from_the_registry(client):
    doc = client.get("/api/games").json()
    assert [g["name"] for g in doc["games"]] == GAMES
    for g in doc["games"]:
        info = olab.games()[g["name"]]
        assert g["options"] == [o.describe() for o in info.options]
        assert g["title"] == info.title
        # every built-in game has its drawing; others fall back on the generic one
        assert client.get(g["renderer"]).status_code == 200
        assert g["renderer"] == f"/static/games/{g['name']}.js"
    names = [b["name"] for b in doc["bots"]]
    assert {"random", "greedy", "mcts"} <= set(names) and not any(":" in n for n in names)


# ---------------------------------------------------------------- creating games
@pytest.mark.parametrize("body, status, words", [
    (b"{not json", 400, "not JSON"),
    (b"[1, 2]", 400, "JSON object"),
    (json.dumps({"game": "chess"}).encode(), 400, "unknown game"),
    (json.dumps({"game": GAMES[0], "options": {"players": "two"}}).encode(), 400, "players"),
    (json.dumps({"game": GAMES[0], "options": {"colour": 1}}).encode(), 400, "unknown option"),
    (json.dumps({"game": GAMES[0], "options": [1]}).encode(), 400, "options"),
    (json.dumps({"game": GAMES[0], "seed": -1}).encode(), 400, "seed"),
    (json.dumps({"game": GAMES[0], "seed": "7"}).encode(), 400, "seed"),
    (json.dumps({"game": GAMES[0], "seats": [{"kind": "human"}]}).encode(), 400, "seats"),
    (json.dumps({"game": GAMES[0], "hack": 1}).encode(), 400, "unknown field"),
    (b"\xff\xfe", 400, "UTF-8"),
])
def test_create_refuses_bad_requests(client, body, status, words):
    r = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert_error(r, status)
    assert words in r.json()["error"]
    assert not client.tables.tables


def test_a_browser_never_makes_the_server_import_code(client):
    n = olab.load(GAMES[0], **small(GAMES[0])).num_players()
    for bot in ("tests.web.not_a_module:Bot", "json:JSONDecoder", "os:system"):
        seats = [{"kind": "bot", "bot": bot}] + [{"kind": "human"}] * (n - 1)
        r = client.post("/api/tables", json={"game": GAMES[0], "options": small(GAMES[0]), "seats": seats})
        assert_error(r, 403)
        assert "--allow-bot" in r.json()["error"]
    assert "tests.web.not_a_module" not in sys.modules
    r = client.post("/api/tables", json={"game": GAMES[0], "options": small(GAMES[0]),
                                         "seats": [{"kind": "bot", "bot": "nobody"}] + [{"kind": "human"}] * (n - 1)})
    assert_error(r, 400)


def test_allowed_module_bot_is_offered(tmp_path):
    from starlette.testclient import TestClient

    from olab.web.app import create_app

    with TestClient(create_app(allow_bots=("olab.bots:RandomBot",))) as c:
        assert "olab.bots:RandomBot" in [b["name"] for b in c.get("/api/games").json()["bots"]]
        n = olab.load(GAMES[0], **small(GAMES[0])).num_players()
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "olab.bots:RandomBot"}] * (n - 1)
        r = c.post("/api/tables", json={"game": GAMES[0], "options": small(GAMES[0]), "seats": seats})
        assert r.status_code == 201


def test_budgets_are_checked(client):
    n = olab.load(GAMES[0], **small(GAMES[0])).num_players()
    for budget in ({"simulations": 0}, {"time_ms": 10 ** 9}, {"depth": 3}, [1], {"simulations": True}):
        seats = [{"kind": "bot", "bot": "mcts", "budget": budget}] + [{"kind": "human"}] * (n - 1)
        r = client.post("/api/tables", json={"game": GAMES[0], "options": small(GAMES[0]), "seats": seats})
        assert_error(r, 400)


def test_oversized_request_is_refused(client):
    big = b'{"game": "' + b"x" * (70 * 1024) + b'"}'
    assert_error(client.post("/api/tables", content=big, headers={"Content-Type": "application/json"}), 413)
    # also when the body comes in chunks without a length
    r = client.post("/api/tables", content=iter([b"{" + b" " * 40000, b" " * 40000 + b"}"]))
    assert_error(r, 413)
    assert not client.tables.tables


def test_games_per_server_are_limited(client):
    ids = [make(client, GAMES[-1])[0] for _ in range(6)]
    r = client.post("/api/tables", json={"game": GAMES[-1], "options": small(GAMES[-1])})
    assert_error(r, 429)
    assert len(client.tables.tables) == 6 and all(i in client.tables.tables for i in ids)


# ---------------------------------------------------------------- seats and tokens
@pytest.mark.parametrize("name", GAMES)
def test_ids_and_tokens_are_unguessable_and_required(client, name):
    tid, tokens = make(client, name)
    assert len(tid) >= 20 and all(len(t) >= 30 for t in tokens) and len(set(tokens)) == len(tokens)
    table = client.tables.tables[tid]
    seat = table.state.current_player()
    assert_error(view(client, tid, seat), 403)                       # no token
    assert_error(view(client, tid, seat, "x" * 32), 403)              # a wrong one
    other = (seat + 1) % len(tokens)
    if other != seat:
        assert_error(view(client, tid, seat, tokens[other]), 403)     # another seat's
    assert_error(view(client, tid, 99, tokens[seat]), 400)
    assert_error(view(client, tid, "zero", tokens[seat]), 400)
    assert_error(view(client, "no-such-game", seat, tokens[seat]), 404)
    before = table.state.history()
    a = table.state.legal_actions()[0]
    for body in ({"seat": seat, "action": a}, {"seat": seat, "token": "nope", "action": a},
                 {"action": a}, {"seat": other, "token": tokens[other], "action": a} if other != seat else {"action": a}):
        r = client.post(f"/api/tables/{tid}/act", json=body)
        assert r.status_code in (403, 409), r.text
    assert_error(client.post(f"/api/tables/{tid}/undo", json={"seat": seat}), 403)
    assert_error(client.post(f"/api/tables/{tid}/seat", json={"seat": seat, "bot": "random"}), 403)
    assert_error(client.delete(f"/api/tables/{tid}?seat={seat}"), 403)
    assert_error(client.delete(f"/api/tables/{tid}"), 403)
    assert table.state.history() == before and table.seats[seat].kind == "human"
    # the token opens the seat: header, query, or body
    assert view(client, tid, seat, tokens[seat]).status_code == 200
    assert client.get(f"/api/tables/{tid}?seat={seat}&token={tokens[seat]}").status_code == 200


@pytest.mark.parametrize("name", GAMES)
def test_each_seat_sees_its_own_view_and_a_spectator_the_public_one(client, name):
    tid, tokens = make(client, name)
    table = client.tables.tables[tid]
    spectator = view(client, tid).json()
    assert spectator["you"] is None and spectator["choices"] == []
    assert spectator["state"] == table.state.public_json(legal_actions=False)
    for s, tok in enumerate(tokens):
        v = view(client, tid, s, tok).json()
        assert v["state"] == table.state.to_json(s, legal_actions=False)
        assert bool(v["choices"]) == (table.state.current_player() == s)
    if table.hidden:
        # what nobody may know (Orléans: the generator, i.e. the future draws) reaches no client,
        # and neither does the seed before the end, nor the record
        full = table.state.to_json(None, legal_actions=False)
        assert spectator["state"] != full and spectator["seed"] is None
        for s, tok in enumerate(tokens):
            v = view(client, tid, s, tok).json()
            assert v["state"] != full and v["seed"] is None and v["record"] is False
            assert_error(client.get(f"/api/tables/{tid}/record?seat={s}&token={tok}"), 403)
        assert_error(client.get(f"/api/tables/{tid}/record"), 403)
        text = json.dumps(spectator)
        for key in set(full) - set(spectator["state"]):
            assert f'"{key}"' not in text


# ---------------------------------------------------------------- playing
def _my_turn(client, tid, tokens):
    table = client.app.state.tables.tables[tid]
    s = table.state.current_player()
    return s, tokens[s]


@pytest.mark.parametrize("name", GAMES)
def test_act_undo_and_bad_moves_change_nothing(client, name):
    tid, tokens = make(client, name)
    table = client.tables.tables[tid]
    s, tok = _my_turn(client, tid, tokens)
    v = view(client, tid, s, tok).json()
    first = v["choices"][0]
    assert {"action", "text", "kind", "describe"} <= set(first)
    assert first["describe"] == table.state.describe_action(first["action"])
    before, version = table.state.history(), table.version
    illegal = next(a for a in range(table.game.num_distinct_actions()) if not table.state.is_legal(a))
    bad_bodies = [({"action": illegal}, 422), ({"action": "1"}, 400), ({"action": True}, 400),
                  ({"action": 1.5}, 400), ({"text": ""}, 400), ({"text": "NO SUCH MOVE 42"}, 422),
                  ({"text": 7}, 400), ({"action": first["action"], "text": first["text"]}, 400), ({}, 400),
                  ({"text": "x" * 20000}, 413)]
    for body, status in bad_bodies:
        r = client.post(f"/api/tables/{tid}/act", json={"seat": s, "token": tok, **body})
        assert_error(r, status)
    for raw in (b"{", b"null", b'"text"', b"[]"):
        r = client.post(f"/api/tables/{tid}/act", content=raw, headers={"Content-Type": "application/json"})
        assert 400 <= r.status_code < 500
    assert table.state.history() == before and table.version == version
    # a click
    r = client.post(f"/api/tables/{tid}/act", json={"seat": s, "token": tok, "action": first["action"]})
    assert r.status_code == 200 and r.json()["applied"] == 1
    assert table.state.history()[:len(before) + 1] == before + [first["action"]]
    assert r.json()["log"][len(before)]["text"] == first["text"]
    # undo takes it back (and whatever bots played since), unless it drew something hidden
    if r.json()["can_undo"]:
        r = client.post(f"/api/tables/{tid}/undo", json={"seat": s, "token": tok})
        assert r.status_code == 200 and table.state.history() == before
        assert_error(client.post(f"/api/tables/{tid}/undo", json={"seat": s, "token": tok}), 409)
    else:
        assert table.hidden
        after = table.state.history()
        assert_error(client.post(f"/api/tables/{tid}/undo", json={"seat": s, "token": tok}), 409)
        assert table.state.history() == after
        client.delete(f"/api/tables/{tid}?seat={s}&token={tok}")
        tid, tokens = make(client, name)
        table = client.app.state.tables.tables[tid]
        s, tok = _my_turn(client, tid, tokens)
        before = table.state.history()
    # a whole turn typed in notation, as the game writes it
    work = table.state.clone()
    line = []
    while not work.is_terminal() and work.current_player() == s and len(line) < 4:
        a = work.legal_actions()[-1]
        line.append(a)
        work.apply_action(a)
    text = table.state.turn_to_string(line)
    r = client.post(f"/api/tables/{tid}/act", json={"seat": s, "token": tok, "text": text})
    assert r.status_code == 200, r.text
    assert table.state.history()[len(before):len(before) + len(line)] == line


def test_a_typed_line_that_goes_past_the_seat_changes_nothing(client):
    name = next(g for g in GAMES if 2 in (olab.games()[g].option("players").values or ()))
    tid, tokens = make(client, name, options={"players": 2})
    table = client.tables.tables[tid]
    s, tok = _my_turn(client, tid, tokens)
    work, line = table.state.clone(), []
    while not work.is_terminal() and work.current_player() == s:
        a = work.legal_actions()[0]
        line.append(a)
        work.apply_action(a)
    line.append(work.legal_actions()[0])             # the next seat's decision
    text = table.state.turn_to_string(line)
    before = table.state.history()
    assert_error(client.post(f"/api/tables/{tid}/act", json={"seat": s, "token": tok, "text": text}), 422)
    assert table.state.history() == before


@pytest.mark.parametrize("name", GAMES)
def test_whole_game_with_bots_and_its_record(client, name, tmp_path):
    """A human seat plays a move, hands its seat to a bot, the game ends; scores, plot data, record."""
    n = olab.load(name, **small(name)).num_players()
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (n - 1)
    tid, tokens = make(client, name, seats=seats)
    v = wait_for(client, tid, 0, tokens[0], lambda v: v["choices"] or v["terminal"])
    r = client.post(f"/api/tables/{tid}/act", json={"seat": 0, "token": tokens[0], "action": v["choices"][0]["action"]})
    assert r.status_code == 200
    assert_error(client.post(f"/api/tables/{tid}/seat", json={"seat": 0, "token": tokens[0], "bot": "os:system"}), 403)
    r = client.post(f"/api/tables/{tid}/seat", json={"seat": 0, "token": tokens[0], "bot": "random"})
    assert r.status_code == 200
    v = wait_for(client, tid, 0, tokens[0], lambda v: v["terminal"], timeout=120)
    table = client.tables.tables[tid]
    assert v["scores"] == [float(x) for x in table.state.scores()]
    for b in v["breakdown"]:
        assert b["total"] == table.state.score_breakdown(b["seat"])["total"]
        assert [c["key"] for c in b["categories"]] == [k for k, _ in table.game.score_categories()]
    assert v["rounds"][-1]["scores"] == v["scores"] and len(v["rounds"]) >= 2
    assert len(v["log"]) == table.state.move_number()
    assert v["seed"] == 5 and v["record"] is True
    assert_error(client.post(f"/api/tables/{tid}/act", json={"seat": 0, "token": tokens[0], "action": 0}), 409)
    r = client.get(f"/api/tables/{tid}/record?seat=0&token={tokens[0]}")
    assert r.status_code == 200 and "attachment" in r.headers["content-disposition"]
    result = read_record(r.text)
    assert result.finished and result.state.history() == table.state.history()
    # and the command line replays it
    path = tmp_path / "game.txt"
    path.write_text(r.text, encoding="utf-8")
    from olab.cli import main
    assert main(["replay", str(path), "--json"]) == 0
    # the record was saved in --data as the game went
    client.tables.flush()
    saved = (client.tables.data / f"{tid}.txt").read_text(encoding="utf-8")
    assert read_record(saved).state.history() == table.state.history()


def test_bots_think_in_the_background_and_games_run_at_once(client):
    name = GAMES[0]
    n = olab.load(name, **small(name)).num_players()
    seats = [{"kind": "bot", "bot": "mcts", "budget": {"time_ms": 400}}] * n
    t0 = time.time()
    a = make(client, name, seats=seats)
    b = make(client, name, seats=seats)
    assert time.time() - t0 < 2.0                       # creating does not wait for the bots
    v = wait_for(client, a[0], None, None, lambda v: v["thinking"] is not None, timeout=10)
    assert v["thinking"]["seat"] >= 0 and 0 <= v["thinking"]["fraction"] <= 1
    r = client.get("/api/games")                        # the server answers while they think
    assert r.status_code == 200
    wait_for(client, a[0], None, None, lambda v: v["version"] >= 2, timeout=20)
    wait_for(client, b[0], None, None, lambda v: v["version"] >= 2, timeout=20)
    for tid, tokens in (a, b):
        client.delete(f"/api/tables/{tid}?seat=0&token={tokens[0]}")


def test_list_events_and_delete(client):
    tid, tokens = make(client, GAMES[0])
    r = client.get(f"/api/tables?ids={tid},unknown")
    assert [t["id"] for t in r.json()["tables"]] == [tid]
    assert client.get("/api/tables").json()["tables"] == []     # no id, no list: ids stay secret
    with client.stream("GET", f"/api/tables/{tid}/events?once=1") as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        line = next(r.iter_lines())
    assert line.startswith("data: ") and json.loads(line[6:])["version"] == client.tables.tables[tid].version
    assert_error(client.get(f"/api/tables/{tid}/events?seat=0&once=1"), 403)
    assert_error(client.get(f"/api/tables/{tid}/events?after=x&once=1"), 400)
    r = client.delete(f"/api/tables/{tid}?seat=0", headers={"X-Olab-Token": tokens[0]})
    assert r.status_code == 200 and tid not in client.tables.tables
    assert_error(view(client, tid), 404)


# ---------------------------------------------------------------- replays of uploaded records
def test_upload_and_watch_a_record(client):
    from olab.bots import RandomBot
    from olab.records import record_text

    name = GAMES[1] if len(GAMES) > 1 else GAMES[0]
    state = olab.load(name, **small(name)).new_initial_state(3)
    bot = RandomBot(1)
    for _ in range(30):
        state.apply_action(bot.choose(state))
    text = record_text(state)
    r = client.post("/api/replays", content=text.encode(), headers={"Content-Type": "text/plain"})
    assert r.status_code == 201, r.text
    rid, moves = r.json()["id"], r.json()["moves"]
    assert moves == 30
    v = client.get(f"/api/replays/{rid}?move=0").json()
    assert v["move"] == 0 and v["last"] is None
    v = client.get(f"/api/replays/{rid}?move=30").json()
    assert v["state"] == state.public_json(legal_actions=False)
    assert v["last"] == state.clone().action_to_string(state.history()[-1]) or v["last"]
    assert_error(client.get(f"/api/replays/{rid}?move=31"), 400)
    assert_error(client.get(f"/api/replays/{rid}?move=x"), 400)
    assert_error(client.get("/api/replays/nope"), 404)
    r = client.post("/api/replays", json={"text": text})
    assert r.status_code == 201
    for bad in (b"", b"\xff\xfe", "# olab-game: {\"game\":\"chess\"}\nX\n".encode()):
        r = client.post("/api/replays", content=bad, headers={"Content-Type": "text/plain"})
        assert 400 <= r.status_code < 500 and "error" in r.json()
    assert_error(client.post("/api/replays", content=b"x" * (70 * 1024)), 413)


# ---------------------------------------------------------------- a restart loses nothing
@pytest.mark.parametrize("name", GAMES)
def test_unfinished_games_are_resumed_after_a_restart(tmp_path, name):
    from starlette.testclient import TestClient

    from olab.web.app import create_app
    from olab.web.tables import Tables

    data = tmp_path / "data"
    tables = Tables(data=data)
    with TestClient(create_app(tables)) as c:
        tid, tokens = make(c, name)
        for _ in range(12):
            s, tok = _my_turn(c, tid, tokens)
            a = view(c, tid, s, tok).json()["choices"][0]["action"]
            assert c.post(f"/api/tables/{tid}/act", json={"seat": s, "token": tok, "action": a}).status_code == 200
        history = tables.tables[tid].state.history()
        position = tables.tables[tid].state.serialize()
        tables.flush()
    assert oct((data / f"{tid}.json").stat().st_mode & 0o777) == "0o600"   # the tokens are the owner's
    again = Tables(data=data)
    assert again.resumed == [tid]
    with TestClient(create_app(again)) as c:
        assert c.get(f"/api/tables?ids={tid}").json()["tables"][0]["moves"] == len(history)
        s, tok = _my_turn(c, tid, tokens)
        v = view(c, tid, s, tok).json()
        assert again.tables[tid].state.history() == history and len(v["log"]) == len(history)
        assert again.tables[tid].state.serialize() == position
        assert view(c, tid, s, "wrong" * 8).status_code == 403


def test_a_damaged_save_is_left_alone(tmp_path):
    from olab.web.tables import Tables

    data = tmp_path / "data"
    data.mkdir()
    (data / "abc.json").write_text("{not json", encoding="utf-8")
    (data / "def.json").write_text(json.dumps({"id": "def", "config": {"game": GAMES[0]}, "seed": 1,
                                               "seats": [], "terminal": False}), encoding="utf-8")
    (data / "def.txt").write_text("garbage\n", encoding="utf-8")
    t = Tables(data=data)
    assert t.resumed == [] and not t.tables


def test_taking_a_seat_back_from_a_thinking_bot(client):
    """The seat goes back to its human at once; the bot's late answer is dropped, nothing is stuck."""
    name = GAMES[0]
    n = olab.load(name, **small(name)).num_players()
    tid, tokens = make(client, name, seats=[{"kind": "bot", "bot": "mcts", "budget": {"time_ms": 1500}}]
                       + [{"kind": "human"}] * (n - 1))
    table = client.app.state.tables.tables[tid]
    wait_for(client, tid, None, None, lambda v: v["thinking"] is not None, timeout=10)
    moves = table.state.move_number()
    r = client.post(f"/api/tables/{tid}/seat", json={"seat": 0, "token": tokens[0], "bot": None})
    assert r.status_code == 200 and r.json()["thinking"] is None and r.json()["choices"]
    time.sleep(2.0)                                    # the bot's answer arrives, and is dropped
    assert table.state.move_number() == moves and table.seats[0].kind == "human"
    v = view(client, tid, 0, tokens[0]).json()
    a = v["choices"][0]["action"]
    assert client.post(f"/api/tables/{tid}/act", json={"seat": 0, "token": tokens[0], "action": a}).status_code == 200


def test_a_move_that_drew_something_hidden_cannot_be_taken_back(client):
    """Undo would replay the same generator: the seat would learn its next draw (issue 23)."""
    from olab.web.tables import _hides_something

    hiding = [g for g in GAMES if _hides_something(olab.load(g, **small(g)).new_initial_state(1))]
    if not hiding:
        pytest.skip("no registered game hides anything")
    tid, tokens = make(client, hiding[0])
    table = client.app.state.tables.tables[tid]
    refused = allowed = 0
    for _ in range(60):
        if table.state.is_terminal():
            break
        s, tok = _my_turn(client, tid, tokens)
        v = view(client, tid, s, tok).json()
        a = v["choices"][-1 if allowed < refused else 0]["action"]
        work = table.state.clone()
        other = work.determinize(s, 99)
        work.apply_action(a)
        other.apply_action(a)
        drew = work.public_json(legal_actions=False) != other.public_json(legal_actions=False)
        r = client.post(f"/api/tables/{tid}/act", json={"seat": s, "token": tok, "action": a})
        assert r.status_code == 200
        after = table.state.history()
        if drew:
            assert r.json()["can_undo"] is False
            assert_error(client.post(f"/api/tables/{tid}/undo", json={"seat": s, "token": tok}), 409)
            assert table.state.history() == after
            refused += 1
        elif r.json()["can_undo"]:
            assert client.post(f"/api/tables/{tid}/undo", json={"seat": s, "token": tok}).status_code == 200
            assert table.state.history() == after[:-1]
            client.post(f"/api/tables/{tid}/act", json={"seat": s, "token": tok, "action": a})
            allowed += 1
        if refused and allowed:
            break
    assert refused and allowed


def test_a_table_of_a_game_with_hidden_information_deals_a_hidden_seed(tmp_path):
    # issue 24.4 on the server: a table's seed is the creator's (or a 31-bit draw), so the
    # future must come from a hidden seed of its own, kept with the table and never sent
    from olab.web.tables import Tables

    hidden = [n for n, i in olab.games().items() if i.hidden_information]
    assert hidden
    tables = Tables(data=tmp_path)
    try:
        for name in hidden:
            body = {"game": name, "options": small(name), "seed": 7,
                    "seats": [{"kind": "human"}] * olab.load(name, **small(name)).num_players()}
            a, _ = tables.create(dict(body))
            b, _ = tables.create(dict(body))
            assert a.hidden_seed is not None and a.hidden_seed != b.hidden_seed
            assert a.state == a.game.new_initial_state(seed=7, hidden_seed=a.hidden_seed)
            assert a.state != b.state                # the same seed, another future
            tables.flush()
            meta = json.loads((tmp_path / f"{a.id}.json").read_text())
            assert meta["hidden_seed"] == a.hidden_seed
            for seat in (None, 0):
                assert str(a.hidden_seed) not in json.dumps(a.view(seat))
    finally:
        tables.close()
