"""olab selfplay / olab.rl.selfplay: Parquet shards, replayable, deterministic, resumable, crash-safe."""
import json
import os
from pathlib import Path

import pytest

import olab
from olab.arena import deal
from olab.cli import main

np = pytest.importorskip("numpy")
pq = pytest.importorskip("pyarrow.parquet")

from olab.rl.selfplay import read_games, run_selfplay  # noqa: E402

HERE = Path(__file__).resolve().parent
NAMES = list(olab.games())
BUDGET = {"simulations": 8}


def _small(name):
    # the game's shortest configuration with several players among its test configurations
    info = olab.games()[name]
    several = [c for c in info.test_configs if c.get("players", 2) > 1 and len(c) > 1]
    several.sort(key=lambda c: (c.get("players", 2), c.get("length") != "short"))
    return dict(several[0]) if several else {}


GAME = NAMES[-1]
OPTIONS = _small(GAME)


def _files(out):
    return {p.name: p.read_bytes() for p in sorted(Path(out).iterdir())}


@pytest.mark.parametrize("name", NAMES)
def test_rows_replay_the_games(tmp_path, name):
    options = _small(name)
    r = run_selfplay(name, tmp_path, games=3, shard_games=2, seed=9, budget=BUDGET, **options)
    assert r["games"] == r["played"] == 3 and r["shards"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["selfplay.json", "shard-00000.parquet",
                                                          "shard-00001.parquet"]
    table = read_games(tmp_path)
    assert table.num_rows == r["decisions"]
    meta = json.loads(table.schema.metadata[b"olab.selfplay"])
    assert meta == json.loads((tmp_path / "selfplay.json").read_text())
    game = olab.load(name, **options)
    rows = table.to_pylist()
    assert [row["game"] for row in rows] == sorted(row["game"] for row in rows)
    # a game with hidden information is dealt with the run's hidden key, which the manifest records
    key = bytes.fromhex(meta["hidden_key"]) if "hidden_key" in meta else None
    assert ("hidden_key" in meta) == olab.games()[name].hidden_information
    for index in range(3):
        state = deal(game, 9 + index, key)
        mine = [row for row in rows if row["game"] == index]
        assert [row["move"] for row in mine] == list(range(len(mine)))
        for row in mine:
            while state.is_chance_node():
                pytest.skip("a chance node: the rows do not record chance outcomes")
            p = state.current_player()
            assert row["seat"] == p
            assert np.array_equal(np.asarray(row["observation"], dtype=np.float32), state.observation_tensor(p))
            assert row["legal_actions"] == sorted(state.legal_actions())
            assert len(row["policy"]) == len(row["legal_actions"])
            assert sum(row["policy"]) == pytest.approx(1.0, abs=1e-5)
            assert row["action"] in row["legal_actions"]
            state.apply_action(row["action"])
        assert state.is_terminal()
        assert all(row["returns"] == pytest.approx(state.returns()) for row in mine)
    # a tree search spreads its visits (the planner, Ora et Labora's default search, gives the share
    # of the positions it kept below each first turn: on a budget this small, one); a random bot
    # gives 1 to the action played
    run_selfplay(name, tmp_path / "t", games=1, bots=["mcts:search=chains"], seed=9, budget=BUDGET, **options)
    assert any(max(row["policy"]) < 1 for row in read_games(tmp_path / "t").to_pylist())
    run_selfplay(name, tmp_path / "r", games=1, bots=["random"], seed=9, **options)
    for row in read_games(tmp_path / "r").to_pylist():
        assert row["policy"][row["legal_actions"].index(row["action"])] == 1.0


#: the hidden key of a game with hidden information: two runs give the same files with the same seed *and* key
KEY = b"selfplay-test-key"


def test_same_seed_same_files_any_workers(tmp_path):
    run_selfplay(GAME, tmp_path / "a", games=4, shard_games=1, seed=3, budget=BUDGET, hidden_key=KEY, **OPTIONS)
    run_selfplay(GAME, tmp_path / "b", games=4, shard_games=1, seed=3, budget=BUDGET, workers=2, hidden_key=KEY, **OPTIONS)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    run_selfplay(GAME, tmp_path / "c", games=4, shard_games=1, seed=4, budget=BUDGET, hidden_key=KEY, **OPTIONS)
    assert _files(tmp_path / "a")["shard-00000.parquet"] != _files(tmp_path / "c")["shard-00000.parquet"]


def test_resume_after_an_interruption(tmp_path):
    full = tmp_path / "full"
    run_selfplay(GAME, full, games=5, shard_games=2, seed=1, budget=BUDGET, hidden_key=KEY, **OPTIONS)
    part = tmp_path / "part"
    seen = []

    def stop(done, total):
        seen.append(done)
        if done >= 2:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        run_selfplay(GAME, part, games=5, shard_games=2, seed=1, budget=BUDGET, progress=stop, hidden_key=KEY, **OPTIONS)
    assert sorted(p.name for p in part.glob("shard-*")) == ["shard-00000.parquet"]
    (part / "shard-00001.parquet.tmp").write_bytes(b"half a shard")       # a write cut short
    r = run_selfplay(GAME, part, games=5, shard_games=2, seed=1, budget=BUDGET, progress=None,
                     **OPTIONS)
    assert r["played"] == 3 and r["games"] == 5
    assert _files(part) == _files(full)
    again = run_selfplay(GAME, part, games=5, shard_games=2, seed=1, budget=BUDGET, hidden_key=KEY, **OPTIONS)
    assert again["played"] == 0 and _files(part) == _files(full)


def _crash_env(monkeypatch, tmp_path, after):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("OLAB_TEST_CRASH_MARKER", str(tmp_path / "crashed"))
    monkeypatch.setenv("OLAB_TEST_PARENT_PID", str(os.getpid()))
    monkeypatch.setenv("OLAB_TEST_CRASH_AFTER", str(after))
    monkeypatch.syspath_prepend(str(HERE))


def test_a_killed_worker_loses_and_duplicates_nothing(tmp_path, monkeypatch):
    # a decision inside a worker's games (random 2-player Orleans games are a few dozen
    # decisions since issue 24.5: recalls only for draws the bag could give)
    _crash_env(monkeypatch, tmp_path, after=40)
    bots = ["crashbot:CrashBot"]
    clean = tmp_path / "clean"
    (tmp_path / "crashed").write_text("")              # no crash in the clean run
    run_selfplay(GAME, clean, games=6, shard_games=1, seed=2, bots=bots, workers=2, hidden_key=KEY, **OPTIONS)
    (tmp_path / "crashed").unlink()
    crashed = tmp_path / "crashy"
    r = run_selfplay(GAME, crashed, games=6, shard_games=1, seed=2, bots=bots, workers=2, hidden_key=KEY, **OPTIONS)
    assert (tmp_path / "crashed").exists()             # a worker did die
    assert r["games"] == 6
    assert _files(crashed) == _files(clean)
    games = read_games(crashed).column("game").to_pylist()
    assert sorted(set(games)) == list(range(6))


def test_refuses_another_run_and_bad_arguments(tmp_path):
    run_selfplay(GAME, tmp_path, games=1, bots=["random"], **OPTIONS)
    with pytest.raises(ValueError, match="another self-play run.*seed"):
        run_selfplay(GAME, tmp_path, games=1, bots=["random"], seed=1, **OPTIONS)
    for kw, match in (({"games": 0}, "games"), ({"shard_games": 0}, "shard_games"), ({"seed": -1}, "seed"),
                      ({"bots": ["random"] * 7}, "bots"), ({"backend": "spark"}, "backend"),
                      ({"workers": 0}, "workers"), ({"address": "auto"}, "address")):
        args = {"games": 1, "bots": ["random"], **kw}
        with pytest.raises(ValueError, match=match):
            run_selfplay(GAME, tmp_path / "x", **args, **OPTIONS)
    with pytest.raises(ValueError):
        run_selfplay(GAME, tmp_path / "y", games=1, bots=["no_such_bot"], **OPTIONS)
    (tmp_path / "z").mkdir()
    (tmp_path / "z" / "selfplay.json").write_text("{not json")
    with pytest.raises(ValueError, match="not a self-play manifest"):
        run_selfplay(GAME, tmp_path / "z", games=1, bots=["random"], **OPTIONS)


def test_cli(tmp_path, capsys):
    flags = [f"--{k.replace('_', '-')}={v}" for k, v in OPTIONS.items()]
    argv = ["selfplay", "--game", GAME, *flags, "--games", "2", "--out", str(tmp_path), "--simulations", "4",
            "--shard-games", "1", "--json"]
    assert main(argv) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["games"] == 2 and r["played"] == 2 and r["decisions"] > 0
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["played"] == 0
    assert main(argv[:-1]) == 0 and "2 games in 2 shards" in capsys.readouterr().out
    assert main(["selfplay", "--game", GAME, *flags, "--games", "2", "--out", str(tmp_path), "--seed", "5"]) == 2
    assert "another self-play run" in capsys.readouterr().err


def test_cli_backend_flags(tmp_path, capsys):
    n = olab.load(GAME, **OPTIONS).num_players()
    flags = [f"--{k.replace('_', '-')}={v}" for k, v in OPTIONS.items()]
    bots = ",".join(["random"] * n)
    assert main(["arena", "--game", GAME, *flags, "--bots", bots, "--games", "1", "--address", "auto"]) == 2
    assert "address" in capsys.readouterr().err
    assert main(["selfplay", "--game", GAME, *flags, "--games", "1", "--out", str(tmp_path),
                 "--address", "auto"]) == 2
    assert "address" in capsys.readouterr().err
    assert main(["arena", "--game", GAME, *flags, "--bots", bots, "--games", "2", "--backend", "local",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
