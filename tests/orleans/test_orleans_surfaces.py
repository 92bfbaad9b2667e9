"""Orléans through the shared surfaces: the command line, the engine protocol, the arena and the bench.

Issue 12, "Engine, facade and surfaces": ``olab play --game orleans --players
4 --bots mcts,greedy,random,random``, replay and show of its record, arena and
bench through the contract; the protocol shows a seat only its own view (no
generator, no seed) and its bots decide on that seat's determinization.
"""
import base64
import json

import pytest

import olab
from olab.cli import main
from olab.protocol import Engine


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_four_players_with_every_bot_logs_a_game_that_replays(tmp_path, capsys):
    log = tmp_path / "orl.txt"
    code, out, err = run(capsys, "play", "--game", "orleans", "--players", "4", "--bots", "mcts,greedy,random,random",
                         "--simulations", "30", "--seed", "3", "--log", str(log), "--quiet")
    assert code == 0, err
    assert out.count("seat ") >= 4 and "trading stations" in out
    lines = log.read_text().splitlines()
    assert json.loads(lines[0].split(":", 1)[1]) == {"game": "orleans", "players": 4, "chance": "sampled",
                                                      "exclusion": False, "rules_version": 2}
    assert lines[1] == "SEED 3"
    code, replayed, err = run(capsys, "replay", str(log))
    assert code == 0, err
    # the replay ends in the same scores the game printed
    assert [x for x in replayed.splitlines() if x.startswith("seat ")] == \
        [x for x in out.splitlines() if x.startswith("seat ")]
    code, shown, _ = run(capsys, "show", str(log))
    assert code == 0 and shown.startswith("Orléans: 4 players") and "game over" in shown.splitlines()[0]


def test_play_is_deterministic_for_a_seed_with_options(capsys):
    # the same seed *and* hidden key (issue 24.4: without --hidden-key each game draws a fresh one)
    argv = ("play", "--game", "orleans", "--players", "2", "--bots", "greedy,random", "--seed", "8", "--chance",
            "explicit", "--exclusion", "true", "--quiet", "--hidden-key", "5eed")
    first = run(capsys, *argv)
    assert first[0] == 0, first[2]
    assert run(capsys, *argv) == first


def test_show_a_seats_view_and_a_bad_document(tmp_path, capsys):
    state = olab.load("orleans", players=3).new_initial_state(4)
    doc = tmp_path / "s.json"
    doc.write_text(json.dumps(state.to_json()))
    code, out, _ = run(capsys, "show", str(doc), "--player", "2")
    assert code == 0 and out.strip() == state.render(2).strip()
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**state.to_json(), "round": 40}))
    code, _, err = run(capsys, "show", str(bad))
    assert code == 2 and "round" in err


def test_arena_and_bench(capsys):
    code, out, _ = run(capsys, "arena", "--game", "orleans", "--players", "2", "--bots", "greedy,random",
                       "--games", "4", "--quiet")
    assert code == 0 and "greedy" in out and "truncated games: 0" in out
    code, out, _ = run(capsys, "bench", "--game", "orleans", "--players", "4", "--seconds", "0.05", "--json")
    assert code == 0
    r = json.loads(out)
    assert r["config"]["game"] == "orleans" and r["config"]["players"] == 4


def test_the_protocol_shows_a_seat_only_its_view():
    e = Engine()
    r = e.handle({"cmd": "new", "game": "orleans", "players": 3, "seed": 5, "chance": "explicit"})
    assert r["ok"] and r["current_player"] == 0
    assert [a["text"] for a in e.handle({"cmd": "legal"})["actions"]] == ["DRAW", "DRAW_ALL", "STOP"]
    # another seat is shown no legal actions of seat 0's, and nobody's view has the generator
    assert e.handle({"cmd": "legal", "player": 1})["actions"] == []
    full = e.handle({"cmd": "state"})["state"]
    seat = e.handle({"cmd": "state", "player": 1})["state"]
    assert "engine" in full and "engine" not in seat
    assert e.handle({"cmd": "apply", "action": "DRAW"})["ok"]
    state = e.handle({"cmd": "state"})["state"]
    assert state["pending"]["decision"] == "chance" and state["pending"]["chance"] == "draw"
    # the draw's outcomes with their weights (the bag's counts) go to the caller who runs chance
    legal = e.handle({"cmd": "legal"})
    assert abs(sum(o["probability"] for o in legal["chance_outcomes"]) - 1) < 1e-12
    assert "chance_outcomes" not in e.handle({"cmd": "legal", "player": 0})


def test_the_protocol_refuses_bad_input_and_keeps_the_state():
    e = Engine()
    e.handle({"cmd": "new", "game": "orleans", "players": 2, "seed": 1})
    before = e.handle({"cmd": "state"})["state"]
    for bad in ({"cmd": "apply", "action": "USE nowhere"}, {"cmd": "apply", "action": 10 ** 6},
                {"cmd": "apply", "action": "PASS"}, {"cmd": "state", "player": 2}):
        r = e.handle(bad)
        assert r["ok"] is False and r["error"]["message"], bad
    assert e.handle({"cmd": "state"})["state"] == before


def test_the_protocol_bot_and_a_seats_save():
    e = Engine()
    e.handle({"cmd": "new", "game": "orleans", "players": 2, "seed": 6})
    for _ in range(12):
        r = e.handle({"cmd": "bestmove", "bot": "greedy", "seed": 1})
        assert r["ok"], r
        assert e.handle({"cmd": "apply", "action": r["action"]})["ok"]
    full = base64.b64decode(e.handle({"cmd": "save"})["data"])
    mine = base64.b64decode(e.handle({"cmd": "save", "player": 0, "seed": 3})["data"])
    game = olab.load("orleans", players=2)
    a, b = game.deserialize_state(full), game.deserialize_state(mine)
    # a seat's save is a determinization for that seat: the same view, another future
    va, vb = a.to_json(0), b.to_json(0)
    assert vb.pop("history_length") == 0 and va.pop("history_length") == 12
    assert va == vb and a.to_json()["engine"] != b.to_json()["engine"]
    # ... holding no action before the view (they would replay only with the hidden generator)
    assert a.history() == e.handle({"cmd": "history"})["actions"] and len(a.history()) == 12
    assert b.history() == [] and b.to_json()["engine"]["seed"] == 0


@pytest.mark.parametrize("seat", [0, 1])
def test_the_protocol_state_of_a_seat_is_to_json_of_that_seat(seat):
    e = Engine()
    e.handle({"cmd": "new", "game": "orleans", "players": 2, "seed": 9})
    for _ in range(5):
        legal = e.handle({"cmd": "legal"})["actions"]
        if legal:
            e.handle({"cmd": "apply", "action": legal[0]["id"]})
    data = base64.b64decode(e.handle({"cmd": "save"})["data"])
    state = olab.load("orleans", players=2).deserialize_state(data)
    assert e.handle({"cmd": "state", "player": seat})["state"] == state.to_json(seat)
