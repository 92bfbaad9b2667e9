"""Scores in one unit: every surface reports the game's points (issue 25 point 2).

Fields of Arle counts halves; its core keeps half points, and ``scores()``,
the breakdown totals, the arena's means, the protocol, ``olab replay
--json`` and the C library report points (``scores_half_points()`` is the
exact integer accessor).
"""
import json

import olab
from olab.arena import play_bots, play_game, run_arena
from olab.bots import make_bot
from olab.cli import main, write_log
from olab.protocol import Engine


def test_arle_scores_are_points_with_an_exact_half_point_accessor():
    state = olab.load("fields_of_arle", players=2).new_initial_state(seed=1)
    assert state.scores() == [-17.0, -17.0]          # the docs' start: -17 points each
    assert state.scores_half_points() == [-34, -34]
    b = state.score_breakdown(0)
    assert b["total"] == b["points"] == -17.0 and b["half_points"] == -34


def test_arena_means_are_points():
    config = {"game": "fields_of_arle", "players": 2}
    r = run_arena(["random", "random"], 2, game="fields_of_arle", seed=3, players=2)
    games = [play_game(config, ["random", "random"], i, 3) for i in range(2)]
    assert r.mean_score == [sum(g[0][b] for g in games) / 2 for b in range(2)]
    # the same games in half points would give twice these means
    for by_bot, _cut, _winners in games:
        assert all(isinstance(x, float) for x in by_bot)


def test_protocol_scores_are_points():
    e = Engine()
    assert e.handle({"cmd": "new", "game": "fields_of_arle", "players": 2, "seed": 1})["ok"]
    assert e.handle({"cmd": "scores"})["scores"] == [-17.0, -17.0]


def test_replay_json_scores_are_points(tmp_path, capsys):
    state = olab.load("fields_of_arle", players=1).new_initial_state(seed=2)
    play_bots(state, [make_bot("random", seed=2)], seed=2)
    path = tmp_path / "arle.txt"
    write_log(state, str(path))
    assert main(["replay", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [p["score"] for p in doc["players"]] == state.scores()
    assert state.scores()[0] * 2 == state.scores_half_points()[0]
