"""``olab engine``: the JSON Lines protocol, driven through a real subprocess.

Every test talks to ``olab engine`` over pipes: one request line in, exactly
one response line out, and failed requests leave the engine's state as it was.
"""
import base64
import json
import os
import random
import select
import shutil
import subprocess
import sys

import pytest

import olab
import olab.ora
from olab.protocol import ERROR_CODES, MAX_LINE, Engine

TIMEOUT = 30


def engine_command():
    # the installed console script when there is one, else the same CLI through -m
    script = shutil.which("olab", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "olab.cli"]


class EngineProcess:
    """``olab engine`` in a subprocess, with a strict one-line-per-request reader."""

    def __init__(self, *args):
        self.proc = subprocess.Popen(engine_command() + ["engine", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self._buf = b""

    def raw(self, line: bytes) -> bytes:
        """Send one line (a newline is added) and return the one response line."""
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()
        return self.read_line()

    def read_line(self) -> bytes:
        fd = self.proc.stdout.fileno()
        while b"\n" not in self._buf:
            ready, _, _ = select.select([fd], [], [], TIMEOUT)
            assert ready, "the engine did not answer in time"
            chunk = os.read(fd, 1 << 16)
            assert chunk, f"the engine exited: {self.proc.stderr.read().decode(errors='replace')}"
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        return line

    def send(self, request) -> dict:
        line = self.raw(json.dumps(request).encode())
        response = check_response(line)
        assert self._buf == b"", "more than one response line"
        return response

    def ok(self, request) -> dict:
        response = self.send(request)
        assert response["ok"] is True, response
        return response

    def fail(self, request, code) -> dict:
        response = self.send(request)
        assert response["ok"] is False, response
        assert response["error"]["code"] == code, response
        return response

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(TIMEOUT)
        self.proc.stdout.close()
        self.proc.stderr.close()


def check_response(line: bytes) -> dict:
    """One line of compact JSON: an object with a boolean "ok" (and an error when not ok)."""
    assert b"\n" not in line and b"\r" not in line
    response = json.loads(line.decode("ascii"))
    assert isinstance(response, dict) and isinstance(response.get("ok"), bool), response
    if not response["ok"]:
        err = response["error"]
        assert set(err) == {"code", "message"} and err["code"] in ERROR_CODES, err
        assert isinstance(err["message"], str) and err["message"]
    return response


@pytest.fixture
def engine():
    e = EngineProcess()
    yield e
    e.close()


@pytest.fixture(scope="module")
def shared():
    e = EngineProcess()
    yield e
    e.close()


def fingerprint(e: EngineProcess):
    # everything observable about the position: the snapshot bytes and the JSON view
    snap = e.ok({"cmd": "save", "format": "snapshot"})["data"]
    view = e.ok({"cmd": "state"})["state"]
    return snap, view


# ---------------------------------------------------------------- the commands
def test_info(engine):
    r = engine.ok({"cmd": "info"})
    assert r["name"] == "olab" and r["version"] == olab.__version__ and r["protocol"] == 2
    assert r["games"] == list(olab.games())
    assert r["game_options"]["ora_et_labora"]["options"][0]["name"] == "players"
    assert "kennerspiel" in r["formats"] and "snapshot" in r["formats"]
    assert {"new", "legal", "apply", "undo", "state", "scores", "bestmove", "load", "save",
            "quit"} <= set(r["commands"])
    assert r["max_line"] == MAX_LINE and "random" in r["bots"]
    assert set(r["error_codes"]) == set(ERROR_CODES)


def test_new_legal_apply_undo_transcript(engine):
    r = engine.ok({"cmd": "new", "game": "ora_et_labora", "players": 2, "variant": "france",
                   "length": "long", "rules": "printed", "seed": 2692})
    # protocol 2: "game" is game.config(), the options flat beside the others
    assert r["game"] == {"game": "ora_et_labora", "players": 2, "variant": "france", "length": "long",
                         "rules": "printed", "chance": "sampled"}
    assert (r["current_player"], r["is_terminal"], r["move_number"]) == (0, False, 0)
    assert r["is_truncated"] is False

    state = olab.load("ora_et_labora", players=2, length="long").new_initial_state(2692)
    legal = engine.ok({"cmd": "legal"})["actions"]
    assert legal == [{"id": a, "text": state.action_to_string(a)} for a in state.legal_actions()]

    r = engine.ok({"cmd": "apply", "action": "USE LR1"})           # by text
    assert r["action"] == state.string_to_action("USE LR1") and r["text"] == "USE LR1"
    state.apply_action(r["action"])
    assert [a["text"] for a in engine.ok({"cmd": "legal"})["actions"]] == ["TAKE Cl", "TAKE Cl Jo", "SKIP"]
    take = state.string_to_action("TAKE Cl")
    r = engine.ok({"cmd": "apply", "action": take})                 # by id
    assert (r["text"], r["move_number"]) == ("TAKE Cl", 2)
    state.apply_action(take)
    assert engine.ok({"cmd": "state"})["state"] == state.to_json()
    assert engine.ok({"cmd": "state", "legal_actions": False})["state"] == state.to_json(legal_actions=False)
    assert engine.ok({"cmd": "history"})["actions"] == state.history()
    assert engine.ok({"cmd": "scores"})["scores"] == state.scores()

    r = engine.ok({"cmd": "undo", "n": 2})
    assert r["undone"] == state.history() and r["move_number"] == 0
    assert engine.ok({"cmd": "history"})["actions"] == []


def test_new_with_rule_options(engine):
    r = engine.ok({"cmd": "new", "players": 3, "rules": "printed",
                   "options": {"contract_fee": "display", "use_without_function": False}})
    game = olab.load("ora_et_labora", players=3, contract_fee="display", use_without_function=False)
    assert r["game"] == game.config()
    assert r["game"]["contract_fee"] == "display" and r["game"]["use_without_function"] is False
    assert engine.ok({"cmd": "state"})["state"] == game.new_initial_state(0).to_json()
    # the options may also stand beside the others (protocol 2), as game.config() writes them
    assert engine.ok({"cmd": "new", **game.config()})["game"] == game.config()
    r = engine.ok({"cmd": "new", "players": 2, "rules": "kennerspiel"})
    assert r["game"]["rules"] == "kennerspiel" and "contract_fee" not in r["game"]


def test_new_deal_passes_the_seating_to_the_game(engine):
    # protocol 2: "deal" holds the game's own arguments of new_initial_state
    # (Ora et Labora's seating, docs/protocol.rst "new")
    game = olab.load("ora_et_labora", players=2)
    r = engine.ok({"cmd": "new", "players": 2, "seed": 7, "deal": {"colors": "GR"}})
    assert r["deal"] == {"colors": "GR"} and r["seed"] == 7
    want = game.new_initial_state(7, colors="GR")
    assert engine.ok({"cmd": "state"})["state"] == want.to_json()
    assert want.player_label(0) == "G"
    assert engine.ok({"cmd": "history"})["deal"] == {"colors": "GR"}      # with the seed, the game again
    r = engine.ok({"cmd": "new", "players": 2, "seed": 7, "deal": {"colors": "GR", "shuffle": True}})
    assert engine.ok({"cmd": "state"})["state"] == game.new_initial_state(7, colors="GR", shuffle=True).to_json()
    assert "deal" not in engine.ok({"cmd": "new", "players": 2})
    before = fingerprint(engine)
    for deal, words in (({"colours": "GR"}, "colours"), ({"colors": 5}, "colors must be a string"),
                        ({"colors": "GGG"}, "colours"), ({"shuffle": "yes"}, "shuffle"), ([1], "object")):
        err = engine.fail({"cmd": "new", "players": 2, "deal": deal}, "bad_args")
        assert words in err["error"]["message"], err
    # another game without such arguments refuses them, and nothing changed
    engine.fail({"cmd": "new", "game": "fields_of_arle", "players": 2, "deal": {"colors": "GR"}}, "bad_args")
    assert fingerprint(engine) == before


def test_apply_list_is_all_or_nothing(engine):
    engine.ok({"cmd": "new", "players": 2, "seed": 2692})
    before = fingerprint(engine)
    engine.fail({"cmd": "apply", "actions": ["USE LR1", "TAKE Cl", "USE LR1"]}, "illegal_action")
    engine.fail({"cmd": "apply", "actions": ["USE LR1", "NOT A MOVE"]}, "notation")
    engine.fail({"cmd": "apply", "actions": ["USE LR1", 1.5]}, "bad_args")
    assert fingerprint(engine) == before
    r = engine.ok({"cmd": "apply", "actions": ["USE LR1", "TAKE Cl"]})
    assert r["move_number"] == 2 and len(r["actions"]) == 2


def test_id_is_echoed(engine):
    for rid in ("abc", 7, None, 2.5, ""):
        assert engine.send({"cmd": "info", "id": rid})["id"] == rid
        r = engine.send({"cmd": "legal", "id": rid})        # errors echo it too
        assert r["ok"] is False and r["id"] == rid
    assert "id" not in engine.send({"cmd": "info"})
    r = engine.fail({"cmd": "info", "id": [1, 2]}, "bad_args")
    assert "id" not in r
    assert "id" not in check_response(engine.raw(b'{"cmd": "info", "id": 1'))   # not JSON: no id


def test_full_game_with_bestmove_matches_python(engine):
    engine.ok({"cmd": "new", "players": 2, "length": "short", "variant": "ireland", "seed": 11})
    moves = 0
    while True:
        r = engine.send({"cmd": "bestmove", "bot": "random", "seed": moves, "simulations": 10})
        if not r["ok"]:
            assert r["error"]["code"] == "game_over"
            break
        legal = {a["id"] for a in engine.ok({"cmd": "legal"})["actions"]} if moves % 50 == 0 else None
        assert legal is None or r["action"] in legal
        assert engine.ok({"cmd": "apply", "action": r["action"]})["move_number"] == moves + 1
        moves += 1
    scores = engine.ok({"cmd": "scores", "breakdown": True})
    history = engine.ok({"cmd": "history"})["actions"]
    state = olab.load("ora_et_labora", players=2, length="short", variant="ireland").new_initial_state(11)
    for a in history:
        state.apply_action(a)
    assert state.is_terminal() and scores["is_terminal"]
    assert scores["scores"] == state.scores()
    assert [b["total"] for b in scores["breakdown"]] == state.scores()
    assert engine.ok({"cmd": "legal"})["actions"] == []


def test_bestmove_is_seeded_and_leaves_the_state(engine):
    engine.ok({"cmd": "new", "players": 3, "seed": 5})
    before = fingerprint(engine)
    a = engine.ok({"cmd": "bestmove", "bot": "random", "seed": 3})
    b = engine.ok({"cmd": "bestmove", "bot": "random", "seed": 3, "time_ms": 5})
    assert a["action"] == b["action"] and a["bot"] == "random"
    assert fingerprint(engine) == before
    engine.fail({"cmd": "bestmove", "bot": "deep-blue"}, "bad_args")
    engine.fail({"cmd": "bestmove", "simulations": 0}, "bad_args")
    engine.fail({"cmd": "bestmove", "time_ms": "fast"}, "bad_args")


def test_bestmove_with_the_searching_bots(engine):
    from olab.bots import GreedyBot, MCTSBot
    engine.ok({"cmd": "new", "players": 2, "seed": 5})
    before = fingerprint(engine)
    state = olab.load("ora_et_labora", players=2).new_initial_state(5)
    g = engine.ok({"cmd": "bestmove", "bot": "greedy", "seed": 1})
    assert g["action"] == GreedyBot(seed=1).choose(state) and g["bot"] == "greedy"
    m = engine.ok({"cmd": "bestmove", "bot": "mcts", "seed": 2, "simulations": 200})
    assert m["action"] == MCTSBot(seed=2, simulations=200).choose(state)
    assert m["text"] == state.action_to_string(m["action"])
    t = engine.ok({"cmd": "bestmove", "bot": "mcts", "seed": 2, "time_ms": 20})
    assert t["action"] in state.legal_actions()
    assert fingerprint(engine) == before


def test_snapshot_save_load_roundtrip(engine):
    engine.ok({"cmd": "new", "players": 4, "variant": "ireland", "seed": 9})
    for _ in range(40):
        legal = engine.ok({"cmd": "legal"})["actions"]
        engine.ok({"cmd": "apply", "action": legal[len(legal) // 2]["id"]})
    saved = engine.ok({"cmd": "save", "format": "snapshot"})
    view = engine.ok({"cmd": "state"})["state"]
    engine.ok({"cmd": "apply", "action": engine.ok({"cmd": "legal"})["actions"][0]["id"]})
    r = engine.ok({"cmd": "load", "format": "snapshot", "data": saved["data"]})
    assert r["move_number"] == 40
    assert engine.ok({"cmd": "state"})["state"] == view

    # the bytes are State.serialize(): the Python API reads them
    game = olab.load("ora_et_labora", players=4, variant="ireland")
    state = game.deserialize_state(base64.b64decode(saved["data"]))
    assert state.to_json() == view

    # a fresh engine loads it with the game keys
    other = EngineProcess()
    try:
        other.fail({"cmd": "load", "format": "snapshot", "data": saved["data"]}, "no_game")
        other.fail({"cmd": "load", "format": "snapshot", "data": saved["data"], "players": 2}, "state_format")
        other.ok({"cmd": "load", "format": "snapshot", "data": saved["data"], "players": 4,
                  "variant": "ireland"})
        assert other.ok({"cmd": "state"})["state"] == view
    finally:
        other.close()


def test_load_bad_snapshots_keep_the_state(engine):
    engine.ok({"cmd": "new", "players": 2, "seed": 1})
    engine.ok({"cmd": "apply", "action": engine.ok({"cmd": "legal"})["actions"][0]["id"]})
    good = base64.b64decode(engine.ok({"cmd": "save"})["data"])
    before = fingerprint(engine)
    corrupt = bytearray(good)
    corrupt[len(corrupt) // 2] ^= 0xFF
    for data, code in [(base64.b64encode(bytes(corrupt)).decode(), "state_format"),
                       (base64.b64encode(good[:-9]).decode(), "state_format"),
                       (base64.b64encode(b"OLAB" + bytes(40)).decode(), "state_format"),
                       ("", "state_format"),
                       ("not base64!", "bad_args"),
                       ("\u00e9t\u00e9", "bad_args")]:
        engine.fail({"cmd": "load", "format": "snapshot", "data": data}, code)
    engine.fail({"cmd": "load", "format": "snapshot"}, "bad_args")
    engine.fail({"cmd": "load", "format": "snapshot", "data": 12}, "bad_args")
    engine.fail({"cmd": "load", "format": "pgn", "data": "x"}, "bad_args")
    engine.fail({"cmd": "load", "format": 3}, "bad_args")
    engine.fail({"cmd": "save", "format": "pgn"}, "bad_args")
    assert fingerprint(engine) == before


# ---------------------------------------------------------------- kennerspiel notation
def test_a_format_the_game_lacks_is_unsupported(engine, monkeypatch):
    # a record format olab knows (kennerspiel, read for Ora et Labora) that the
    # loaded game cannot write is "unsupported"; one olab has never heard of is
    # bad_args; the position stays as it was
    e = Engine()
    e.handle({"cmd": "new", "players": 2, "rules": "kennerspiel", "seed": 2692})
    before = e.state._raw()
    monkeypatch.delitem(olab.games()["ora_et_labora"].export_formats, "kennerspiel")
    assert e.handle({"cmd": "save", "format": "kennerspiel"})["error"]["code"] == "unsupported"
    assert e.handle({"cmd": "save", "format": "pgn"})["error"]["code"] == "bad_args"
    monkeypatch.delitem(olab.games()["ora_et_labora"].replay_formats, "kennerspiel")
    r = e.handle({"cmd": "load", "format": "kennerspiel", "text": "START 2692 R G"})
    assert r["error"]["code"] == "bad_args"
    assert e.state._raw() == before
    engine.ok({"cmd": "new", "players": 2})
    before = fingerprint(engine)
    assert fingerprint(engine) == before


@pytest.mark.parametrize("players, length", [(2, "long"), (4, "long"), (3, "short"), (1, "long")])
def test_kennerspiel_save_load_roundtrip(engine, players, length):
    engine.ok({"cmd": "new", "players": players, "length": length, "rules": "kennerspiel", "seed": 2692})
    rng = random.Random(players)
    for _ in range(60):
        legal = engine.ok({"cmd": "legal"})["actions"]
        engine.ok({"cmd": "apply", "action": rng.choice(legal)["id"]})
    # kennerspiel notation writes whole commands: finish the one under way
    while engine.ok({"cmd": "state"})["state"]["pending"]["decision"] != "turn":
        engine.ok({"cmd": "apply", "action": engine.ok({"cmd": "legal"})["actions"][0]["id"]})
    text = engine.ok({"cmd": "save", "format": "kennerspiel"})["text"]
    assert isinstance(text, str) and text
    view = engine.ok({"cmd": "state"})["state"]
    # the same position; the history may differ (e.g. a grain kennerspiel must
    # flip to straw before paying is an explicit CONVERT in the record)
    view.pop("history_length")
    scores = engine.ok({"cmd": "scores"})["scores"]

    other = EngineProcess()
    try:
        r = other.ok({"cmd": "load", "format": "kennerspiel", "text": text})
        assert r["game"]["players"] == players
        loaded = other.ok({"cmd": "state"})["state"]
        loaded.pop("history_length")
        assert loaded == view
        assert other.ok({"cmd": "scores"})["scores"] == scores
        # the same record read by the Python API
        state = olab.ora.replay_kennerspiel(text, rules="kennerspiel")
        assert other.ok({"cmd": "history"})["actions"] == state.history()
        # (after the header line with the game's options and rules version, issue 27 item 8)
        from olab.records import record_header
        assert other.ok({"cmd": "save", "format": "kennerspiel"})["text"] == (
            record_header(state.game) + "\n" + state.to_kennerspiel())
        # a broken record is refused and the loaded game stays
        before = fingerprint(other)
        r = other.send({"cmd": "load", "format": "kennerspiel", "text": text + "\nTHIS IS NOT A MOVE"})
        assert not r["ok"] and r["error"]["code"] in ("notation", "illegal_action")
        assert fingerprint(other) == before
    finally:
        other.close()


def test_kennerspiel_dispatch_in_process(monkeypatch):
    # the wiring of load/save through the game's registered record formats,
    # checked in process with stand-in functions
    from types import SimpleNamespace

    calls = []

    def replay(text, rules="kennerspiel"):
        calls.append((text, rules))
        if text == "bad":
            return SimpleNamespace(state=None, error=olab.NotationError(text, 0, "stand-in failure"))
        state = olab.load("ora_et_labora", players=3, rules=rules).new_initial_state(4)
        return SimpleNamespace(state=state, error=None)

    info = olab.games()["ora_et_labora"]
    monkeypatch.setitem(info.replay_formats, "kennerspiel", replay)
    monkeypatch.setitem(info.export_formats, "kennerspiel", lambda state: f"RECORD {state.move_number()}")
    e = Engine()
    assert e.handle({"cmd": "load", "format": "kennerspiel", "text": "bad"})["error"]["code"] == "notation"
    assert e.state is None
    r = e.handle({"cmd": "load", "format": "kennerspiel", "text": "ok", "rules": "printed"})
    assert r["ok"] and r["game"]["players"] == 3 and r["game"]["rules"] == "printed"
    assert calls == [("bad", "kennerspiel"), ("ok", "printed")]
    # the writer's text after the header line of the game's options (issue 27 item 8)
    from olab.records import record_header
    assert e.handle({"cmd": "save", "format": "kennerspiel"}) == {"ok": True, "format": "kennerspiel",
                                                                  "text": record_header(e.game) + "\nRECORD 0"}
    assert e.handle({"cmd": "load", "format": "kennerspiel"})["error"]["code"] == "bad_args"
    assert e.handle({"cmd": "load", "format": "pgn", "text": "1. e4"})["error"]["code"] == "bad_args"


# ---------------------------------------------------------------- errors
def test_every_command_needs_a_game_first(engine):
    for cmd in ("legal", "apply", "undo", "state", "scores", "bestmove", "save", "history"):
        req = {"cmd": cmd, "action": 0} if cmd == "apply" else {"cmd": cmd}
        engine.fail(req, "no_game")
    engine.ok({"cmd": "info"})


def test_error_codes(engine):
    engine.ok({"cmd": "new", "players": 2, "seed": 3})
    before = fingerprint(engine)
    cases = [
        ({"cmd": "fly"}, "unknown_cmd"),
        ({"cmd": "NEW"}, "unknown_cmd"),
        ({"cmd": 3}, "bad_args"),
        ({"command": "new"}, "bad_args"),
        ({"cmd": "new", "players": 5}, "bad_args"),
        ({"cmd": "new", "players": "2"}, "bad_args"),
        ({"cmd": "new", "players": True}, "bad_args"),
        ({"cmd": "new", "players": 2.0}, "bad_args"),
        ({"cmd": "new", "variant": "spain"}, "bad_args"),
        ({"cmd": "new", "rules": "house"}, "bad_args"),
        ({"cmd": "new", "seed": -1}, "bad_args"),
        ({"cmd": "new", "seed": 2 ** 64}, "bad_args"),
        ({"cmd": "new", "colour": "red"}, "bad_args"),
        ({"cmd": "new", "options": {"contract_fee": "free"}}, "bad_args"),
        ({"cmd": "new", "options": {"no_such_option": 1}}, "bad_args"),
        ({"cmd": "new", "options": [1]}, "bad_args"),
        ({"cmd": "new", "options": {"use_without_function": 1}}, "bad_args"),
        ({"cmd": "new", "options": {"two_player_round_limit": True}}, "bad_args"),
        ({"cmd": "new", "options": {"players": 3}, "players": 2}, "bad_args"),   # given twice
        ({"cmd": "new", "game": "chess"}, "bad_args"),
        ({"cmd": "new", "game": 7}, "bad_args"),
        ({"cmd": "state", "player": 5}, "bad_args"),
        ({"cmd": "legal", "player": "0"}, "bad_args"),
        ({"cmd": "apply"}, "bad_args"),
        ({"cmd": "apply", "action": 1, "actions": [1]}, "bad_args"),
        ({"cmd": "apply", "action": None}, "bad_args"),
        ({"cmd": "apply", "action": True}, "bad_args"),
        ({"cmd": "apply", "action": 3.0}, "bad_args"),
        ({"cmd": "apply", "action": [1]}, "bad_args"),
        ({"cmd": "apply", "action": -1}, "illegal_action"),
        ({"cmd": "apply", "action": 10 ** 30}, "illegal_action"),
        ({"cmd": "apply", "action": 4}, "illegal_action"),
        ({"cmd": "apply", "action": "BUILD NOTHING"}, "notation"),
        ({"cmd": "apply", "action": "x" * 10000}, "notation"),
        ({"cmd": "apply", "action": ""}, "notation"),
        ({"cmd": "undo", "n": 1}, "no_history"),
        ({"cmd": "undo", "n": 0}, "bad_args"),
        ({"cmd": "undo", "n": "1"}, "bad_args"),
        ({"cmd": "state", "legal_actions": 1}, "bad_args"),
        ({"cmd": "scores", "breakdown": "yes"}, "bad_args"),
        ({"cmd": "legal", "extra": 1}, "bad_args"),
        ({"cmd": "quit", "now": True}, "bad_args"),
    ]
    for request, code in cases:
        engine.fail(request, code)
    assert fingerprint(engine) == before


def test_every_illegal_id_is_illegal_action(engine):
    # including the ids the facade cannot explain (BUILD ids past the last card)
    engine.ok({"cmd": "new", "players": 2, "seed": 3})
    before = fingerprint(engine)
    legal = {a["id"] for a in engine.ok({"cmd": "legal"})["actions"]}
    n = olab.load("ora_et_labora").num_distinct_actions()
    for a in sorted(set(range(0, n, 11)) | set(range(4320, 4380)) | {n - 1}):
        if a not in legal:
            engine.fail({"cmd": "apply", "action": a}, "illegal_action")
    assert fingerprint(engine) == before


def test_malformed_lines(engine):
    engine.ok({"cmd": "new", "players": 2, "seed": 3})
    before = fingerprint(engine)
    cases = [
        (b"", "bad_json"), (b"   ", "bad_json"), (b"hello", "bad_json"), (b"{", "bad_json"),
        (b'{"cmd": "info"', "bad_json"), (b'{"cmd": "info"}}', "bad_json"),
        (b"\xff\xfe{}", "bad_json"), (b'{"cmd": "\xc3"}', "bad_json"),
        (b'{"cmd": "info", "id": NaN}', "bad_json"), (b"Infinity", "bad_json"),
        (b"[" * 100000 + b"]" * 100000, "bad_json"), (b'{"a":' * 50000 + b"1" + b"}" * 50000, "bad_json"),
        (b"1" * 5000, "bad_json"), (b"\x00", "bad_json"),
        (b"[]", "bad_args"), (b"null", "bad_args"), (b'"new"', "bad_args"), (b"42", "bad_args"),
        (b"{}", "bad_args"), (b'{"cmd": null}', "bad_args"), (b'{"cmd": ["new"]}', "bad_args"),
        (b'{"cmd": "\\ud800"}', "unknown_cmd"),
        (b'{"cmd": "apply", "action": "\\ud800"}', "notation"),
        (b'{"cmd": "info", "id": "\\udfff"}', None),
    ]
    for line, code in cases:
        r = check_response(engine.raw(line))
        if code is None:
            assert r["ok"] and r["id"] == "\udfff"
        else:
            assert r["ok"] is False and r["error"]["code"] == code, (line[:40], r)
    assert check_response(engine.raw(b'{"cmd": "info"}\r'))["ok"]      # CRLF line ends are fine
    assert fingerprint(engine) == before


def test_too_large_lines_are_refused_and_skipped(engine):
    engine.ok({"cmd": "new", "players": 2, "seed": 3})
    before = fingerprint(engine)
    big = b'{"cmd": "apply", "action": "' + b"A" * (MAX_LINE + 10) + b'"}'
    r = check_response(engine.raw(big))
    assert r["error"]["code"] == "too_large"
    r = check_response(engine.raw(b" " * (3 * MAX_LINE) + b'{"cmd": "info"}'))
    assert r["error"]["code"] == "too_large"
    just = b'{"cmd": "info", "id": "' + b"x" * (MAX_LINE - 40) + b'"}'
    assert len(just) <= MAX_LINE and check_response(engine.raw(just))["ok"]
    assert fingerprint(engine) == before


def test_small_line_limit():
    e = EngineProcess("--max-line", "64")
    try:
        assert e.ok({"cmd": "info"})["max_line"] == 64
        line = json.dumps({"cmd": "info", "id": "y" * 100}).encode()
        assert check_response(e.raw(line))["error"]["code"] == "too_large"
        assert check_response(e.raw(b"x" * 65))["error"]["code"] == "too_large"
        assert check_response(e.raw(b" " * 49 + b'{"cmd":"info"}'))["ok"]       # 63 bytes
        assert e.ok({"cmd": "info"})["ok"]
    finally:
        e.close()


def _fuzz_lines(rng: random.Random, legal: list[int], n_actions: int):
    """Lines that are all invalid requests: none may change the state."""
    values = [None, True, False, 0, -1, 1.5, 2 ** 70, -(2 ** 70), "", "x", "USE", [], [1], {}, {"a": 1},
              "\u00e9\u4e2d", "\x00", 1e308]
    commands = ["info", "new", "legal", "apply", "undo", "state", "scores", "bestmove", "load",
                "save", "quit", "history"]
    # each maker returns a line that must be refused
    def random_bytes():
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(b"\n", b" ")

    def random_json():
        v = rng.choice(values + [[rng.choice(values)], "cmd"])
        return json.dumps(v).encode()

    def bad_cmd():
        v = rng.choice([c.upper() for c in commands] + [None, 1, [], {}, "", "mov", "apply " * 3])
        return json.dumps({"cmd": v, "id": rng.randrange(100)}).encode()

    def unknown_arg():
        cmd = rng.choice(commands)
        return json.dumps({"cmd": cmd, "zz" + str(rng.randrange(99)): rng.choice(values)}).encode()

    def wrong_type():
        cmd, key = rng.choice([("new", "players"), ("new", "seed"), ("new", "variant"), ("new", "rules"),
                               ("new", "options"), ("apply", "action"), ("apply", "actions"),
                               ("undo", "n"), ("state", "legal_actions"), ("scores", "breakdown"),
                               ("bestmove", "bot"), ("bestmove", "simulations"), ("bestmove", "seed"),
                               ("load", "data"), ("save", "format"), ("load", "format")])
        bad = {"players": [0, 5, "2", 2.0, True, None, [], -(2 ** 70)], "seed": [-1, 2 ** 64, "1", 1.0, None],
               "variant": ["", "spain", 1, None], "rules": ["", "house", 0, {}], "options": [[], "x", 1, {"zz": 1}],
               "action": [None, True, 1.0, [], {}, -5, n_actions, 2 ** 64, "NOT A MOVE", ""]
               + [a for a in range(0, n_actions, 397) if a not in legal],
               "actions": [[None], [legal[0], -1], "USE", [legal[0], "??"], [[]]],
               "n": [0, -1, "1", None, 1.0, 10 ** 9], "legal_actions": [0, "yes", None],
               "breakdown": [1, "no", []], "bot": ["nobody", 1, None, ""],
               "simulations": [0, -3, 1.5, "10", 10 ** 12], "data": ["", "!!", 1, "AAAA"],
               "format": ["", "pgn", 1, None]}[key]
        req = {"cmd": cmd, key: rng.choice(bad)}
        if cmd == "load" and key == "data":
            req["format"] = "snapshot"
        return json.dumps(req).encode()

    def truncated():
        req = json.dumps({"cmd": rng.choice(commands), "action": rng.choice(legal)}).encode()
        return req[:rng.randrange(1, len(req) - 1)]

    def mutated():
        req = bytearray(json.dumps({"cmd": "apply", "action": rng.choice(legal)}).encode())
        for _ in range(rng.randrange(1, 4)):
            req[rng.randrange(len(req))] = rng.choice(b'{}[]",:\\\x00\xff')
        return bytes(req)

    def deep():
        d = rng.randrange(2000, 20000)
        return rng.choice([b"[" * d + b"]" * d, b'{"cmd":' * d])

    def bad_id():
        # issue 14 item 5: a valid command with an id the response cannot echo
        # (1e400 parses as infinity) is refused before it acts
        cmd = rng.choice([{"cmd": "apply", "action": rng.choice(legal)}, {"cmd": "undo"},
                          {"cmd": "new", "players": 2}, {"cmd": "apply", "actions": [rng.choice(legal)]}])
        rid = rng.choice(["1e400", "-1e400", "NaN", "Infinity", "[1]", '{"a": 1}'])
        return (json.dumps(cmd)[:-1] + ', "id": ' + rid + "}").encode()

    makers = [random_bytes, random_json, bad_cmd, unknown_arg, wrong_type, wrong_type, truncated,
              mutated, deep, bad_id]
    while True:
        yield rng.choice(makers)()


def test_fuzz_malformed_requests_leave_the_state(engine):
    rng = random.Random(20240601)
    engine.ok({"cmd": "new", "players": 3, "variant": "ireland", "seed": 4})
    for _ in range(25):
        legal = engine.ok({"cmd": "legal"})["actions"]
        engine.ok({"cmd": "apply", "action": rng.choice(legal)["id"]})
    before = fingerprint(engine)
    legal = [a["id"] for a in engine.ok({"cmd": "legal"})["actions"]]
    n_actions = olab.load("ora_et_labora").num_distinct_actions()
    lines = _fuzz_lines(rng, legal, n_actions)
    seen = 0
    for line in lines:
        if seen == 400:
            break
        try:
            req = json.loads(line)
        except (ValueError, RecursionError, UnicodeDecodeError):
            req = None
        if isinstance(req, dict) and req.get("cmd") in ("info", "legal", "state", "scores", "history",
                                                          "save", "bestmove") and len(req) == 1:
            continue                       # a valid read-only request, not a fuzz case
        r = check_response(engine.raw(line))
        assert r["ok"] is False, (line[:80], r)
        assert r["error"]["code"] != "internal", (line[:80], r)
        seen += 1
    assert engine.proc.poll() is None
    assert fingerprint(engine) == before


def test_an_id_that_cannot_be_echoed_is_refused_before_acting():
    # issue 14 item 5: applied, then answered "internal" with id null, so a
    # retrying client played twice; now nothing happens and the answer says why
    e = Engine()
    e.handle({"cmd": "new", "players": 2, "seed": 2692})
    before = e.state._raw()
    r = e.handle_line('{"cmd": "apply", "action": "USE LR1", "id": 1e400}')
    assert r["ok"] is False and r["error"]["code"] == "bad_args" and "id" not in r
    assert e.state._raw() == before and e.state.move_number() == 0
    from olab.protocol import encode
    assert encode(r)                                   # the refusal itself is writable
    assert e.handle({"cmd": "apply", "action": "USE LR1", "id": 2.5})["id"] == 2.5


# ---------------------------------------------------------------- lifecycle
def test_quit_and_eof_exit_cleanly():
    e = EngineProcess()
    assert e.ok({"cmd": "quit", "id": 1}) == {"ok": True, "id": 1}
    assert e.proc.wait(TIMEOUT) == 0
    e.close()
    e = EngineProcess()
    e.ok({"cmd": "new", "players": 1})
    e.proc.stdin.close()
    assert e.proc.wait(TIMEOUT) == 0
    e.close()


def test_last_line_without_newline_is_answered():
    out = subprocess.run(engine_command() + ["engine"], input=b'{"cmd":"info"}\n{"cmd":"info","id":2}',
                         capture_output=True, timeout=TIMEOUT)
    lines = out.stdout.splitlines()
    assert out.returncode == 0 and len(lines) == 2
    assert json.loads(lines[1])["id"] == 2


# ---------------------------------------------------------------- the contract (issue 9, section 4)
def test_chance_nodes_and_views_through_the_protocol():
    e = Engine()
    r = e.handle({"cmd": "new", "players": 3, "chance": "explicit", "seed": 5})
    assert r["ok"] and r["current_player"] == -1 and r["game"]["chance"] == "explicit"
    legal = e.handle({"cmd": "legal"})
    assert [a["text"] for a in legal["actions"]][:2] == ["SEATING RGB", "SEATING RBG"]
    assert abs(sum(o["probability"] for o in legal["chance_outcomes"]) - 1) < 1e-12
    state = e.handle({"cmd": "state"})["state"]
    assert state["current_player"] == -1 and len(state["chance"]) == 6
    assert state["pending"]["decision"] == "seating"
    assert e.handle({"cmd": "bestmove"})["error"]["code"] == "chance_node"
    assert e.handle({"cmd": "apply", "action": "SEATING BGR"})["current_player"] == 0
    # a seat's view: its legal actions only when it decides, its own JSON view
    assert e.handle({"cmd": "legal", "player": 1})["actions"] == []
    assert e.handle({"cmd": "legal", "player": 0})["actions"] == e.handle({"cmd": "legal"})["actions"]
    view = e.handle({"cmd": "state", "player": 2})["state"]
    assert view["view"] == 2 and view == e.state.to_json(2)
    h = e.handle({"cmd": "history", "player": 1})
    assert h["actions"] == [5] and h["seed"] is None
    saved = e.handle({"cmd": "save", "player": 1, "seed": 3})
    assert saved["ok"]
    other = Engine()
    r = other.handle({"cmd": "load", "data": saved["data"], **e.game.config()})
    assert r["ok"] and other.state == e.state            # nothing is hidden in Ora et Labora
    assert e.handle({"cmd": "save", "seed": 3})["error"]["code"] == "bad_args"
    assert e.handle({"cmd": "state", "player": 3})["error"]["code"] == "bad_args"


def test_bestmove_gets_only_the_deciding_seats_view(monkeypatch):
    seen = []
    from olab import bots

    class Spy:
        name = "spy"

        def __init__(self, seed=0, **budget):
            pass

        def choose(self, state):
            seen.append(state)
            return state.legal_actions()[0]

    monkeypatch.setitem(bots.BOT_NAMES, "spy", Spy)
    e = Engine()
    e.handle({"cmd": "new", "players": 2, "seed": 1})
    r = e.handle({"cmd": "bestmove", "bot": "spy"})
    assert r["ok"] and seen and seen[0] is not e.state and seen[0] == e.state


def test_state_as_text():
    # issue 16 item 4: the protocol's state in the format a terminal shows
    e = Engine()
    e.handle({"cmd": "new", "players": 2, "seed": 2692})
    r = e.handle({"cmd": "state", "format": "text"})
    assert r["ok"] and r["format"] == "text" and r["text"] == e.state.render()
    assert e.handle({"cmd": "state", "format": "text", "player": 1})["text"] == e.state.render(1)
    assert e.handle({"cmd": "state", "format": "svg"})["error"]["code"] == "bad_args"


def test_bestmove_takes_search_parameters_of_olabs_own_bots_only():
    from olab.protocol import Engine

    e = Engine()
    assert e.handle({"cmd": "new", "game": "orleans", "players": 2})["ok"]
    r = e.handle({"cmd": "bestmove", "bot": "mcts:simulations=20:prior_scale=2", "seed": 1})
    assert r["ok"] and r["bot"] == "mcts:simulations=20:prior_scale=2"
    r = e.handle({"cmd": "bestmove", "bot": "mcts:simulations=20:evaluations=50000", "seed": 1})
    assert r["ok"], r
    for bad, words in (("mcts:capacity=99999999", "not accepted"), ("mcts:simulations=0", "1..10**9"),
                       ("mcts:evaluations=0", "1..10**9"), ("mcts:evaluations=10000000000", "1..10**9"),
                       ("os:system:x=1", "takes no parameters"), ("mcts:=", "")):
        r = e.handle({"cmd": "bestmove", "bot": bad})
        assert not r["ok"] and r["error"]["code"] == "bad_args" and words in r["error"]["message"], r


def test_bestmove_takes_every_search_parameter_of_the_bots_but_their_memory():
    # a parameter added to a bot is a parameter of bestmove too, unless it sizes the engine's memory
    # (capacity) or is the request's own (seed); reuse_tree is the bot's state between requests
    import inspect

    from olab.bots import GreedyBot, MCTSBot, RandomBot
    from olab.protocol import _BOT_PARAMETERS, Engine

    kept_out = {"self", "seed", "capacity", "reuse_tree", "ignored", "kwargs"}
    for bot in (MCTSBot, GreedyBot, RandomBot):
        names = set(inspect.signature(bot.__init__).parameters) - kept_out
        assert names <= _BOT_PARAMETERS, (bot.__name__, names - _BOT_PARAMETERS)
    e = Engine()
    assert e.handle({"cmd": "new", "game": "ora_et_labora", "players": 3})["ok"]
    r = e.handle({"cmd": "bestmove", "bot": "mcts:simulations=20:objective=score", "seed": 1})
    assert r["ok"], r
