"""Orléans through the C library: tests/capi_play.c plays a random game via libolab and the
Python API replays it with the same seed and actions (the generic C ABI, nothing Orléans-specific)."""
import json
import os
import shutil
import subprocess
import sys

import pytest

import olab

HERE = os.path.dirname(os.path.abspath(__file__))
pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")


def _olab(*args):
    script = shutil.which("olab", path=os.path.dirname(sys.executable))
    cmd = [script] if script else [sys.executable, "-m", "olab.cli"]
    return subprocess.run(cmd + list(args), capture_output=True, text=True, check=True).stdout.split()


@pytest.fixture(scope="module")
def play(tmp_path_factory):
    exe = tmp_path_factory.mktemp("capi") / "capi_play"
    subprocess.run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", os.path.join(HERE, "..", "capi_play.c"),
                    "-o", str(exe), *_olab("capi", "--cflags"), *_olab("capi", "--libs")],
                   check=True, capture_output=True, text=True)
    return str(exe)


@pytest.mark.parametrize("config, seed", [({"game": "orleans", "players": 2}, 3),
                                          ({"game": "orleans", "players": 4, "exclusion": True}, 9)])
def test_a_random_game_in_c_matches_python(play, config, seed):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    out = subprocess.run([play, json.dumps(config), str(seed), "1"], capture_output=True, text=True, env=env,
                         timeout=120)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    lines = dict(line.partition(" ")[::2] for line in out.stdout.splitlines() if not line.startswith("check"))
    game = olab.load(**config)
    assert int(lines["num_distinct_actions"]) == game.num_distinct_actions()
    state = game.new_initial_state(seed)
    for a in map(int, lines["actions"].split()):
        state.apply_action(a)
    assert state.is_terminal() and [int(s) for s in lines["scores"].split()] == state.scores()
    assert json.loads(lines["json"]) == state.to_json()
    from olab.search import random_games
    returned, *counts = map(int, lines["playouts"].split())
    assert counts == [k for k, _, _ in random_games(game, returned, seed)]
