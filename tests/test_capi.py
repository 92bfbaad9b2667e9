"""The C ABI: a C program compiled with gcc against the installed olab.h and libolab.

tests/capi_play.c plays complete random games through the C interface and
walks the error paths; the Python API replays its moves and must agree on
every score.
"""
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

import olab
from olab import capi

HERE = os.path.dirname(os.path.abspath(__file__))
pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc")

OLAB_ERR = {"HANDLE": -101, "ARGUMENT": -102, "BUFFER": -103, "ILLEGAL": -104, "CONFIG": -105,
            "HISTORY": -106, "NOTATION": -107, "PYTHON": -108, "INTERNAL": -109}


def olab_cli():
    script = shutil.which("olab", path=os.path.dirname(sys.executable))
    return [script] if script else [sys.executable, "-m", "olab.cli"]


def capi_flags(*which):
    out = subprocess.run(olab_cli() + ["capi", *which], capture_output=True, text=True, check=True)
    return out.stdout.split()


def clean_env():
    # the library must find its olab package by itself: no PYTHONPATH, no PYTHONHOME
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.pop("LD_LIBRARY_PATH", None)
    return env


@pytest.fixture(scope="module")
def play(tmp_path_factory):
    exe = tmp_path_factory.mktemp("capi") / "capi_play"
    cmd = ["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", os.path.join(HERE, "capi_play.c"),
           "-o", str(exe), *capi_flags("--cflags"), *capi_flags("--libs")]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    return str(exe)


def run(exe, config, seed, rng):
    out = subprocess.run([exe, json.dumps(config), str(seed), str(rng)], capture_output=True,
                         text=True, env=clean_env(), timeout=120)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert out.stderr == ""
    lines = {}
    checks = {}
    for line in out.stdout.splitlines():
        key, _, rest = line.partition(" ")
        if key == "check":
            name, result, code = rest.split()
            checks[name] = (int(result), int(code))
        else:
            lines[key] = rest
    assert "done" in lines and "error" not in lines
    return lines, checks


def test_flags_point_at_the_installed_header_and_library():
    cflags = capi_flags("--cflags")
    assert cflags == [f"-I{capi.include_dir()}"]
    assert os.path.exists(os.path.join(capi.include_dir(), "olab.h"))
    libs = capi_flags("--libs")
    d = capi.lib_dir()
    assert libs[:3] == [f"-L{d}", "-lolab", f"-Wl,-rpath,{d}"]
    assert os.path.exists(os.path.join(d, "libolab.so"))
    assert os.path.dirname(capi.__file__) == d          # installed inside the package
    both = capi_flags("--cflags", "--libs")
    assert both == cflags + libs


# the default game (no "game" key) in a few configurations and seeds, then the first and the
# last test configuration of every registered game
CASES = [
    ({"players": 2}, 7, 1),
    ({"game": "ora_et_labora", "players": 4, "variant": "ireland", "length": "long", "rules": "printed"}, 2692, 2),
    ({"players": 3, "length": "short", "rules": "kennerspiel"}, 12345678901234567890, 3),
    ({"players": 1, "variant": "france"}, 0, 4),
] + [({"game": name, **info.test_configs[k]}, 3 + k, 5) for name, info in olab.games().items() for k in (0, -1)]


@pytest.mark.parametrize("config, seed, rng", CASES)
def test_random_game_in_c_matches_python(play, config, seed, rng):
    lines, checks = run(play, config, seed, rng)
    game = olab.load(**{"game": olab.registry.default_game(), **config})     # the ABI's default: the first game
    assert int(lines["num_distinct_actions"]) == game.num_distinct_actions()
    assert lines["abi"] == "2 2"

    # the same seed and actions through the Python API
    actions = [int(a) for a in lines["actions"].split()]
    state = game.new_initial_state(seed)
    for a in actions:
        state.apply_action(a)
    assert state.is_terminal()
    assert [float(s) for s in lines["scores"].split()] == state.scores()
    # issue 24.3: who won, as the one decision every surface reads
    assert json.loads(lines["outcome"]) == state.outcome().as_json()
    assert checks["outcome_exact"][1] == OLAB_ERR["BUFFER"]
    assert int(lines["current_player"]) == -4 and int(lines["legal_at_end"]) == 0
    assert int(lines["truncated"]) == int(state.is_truncated())
    n, written = map(int, lines["json_length"].split())
    assert n == written == len(lines["json"].encode())
    assert json.loads(lines["json"]) == state.to_json()
    assert int(lines["json_view_length"]) == len(json.dumps(state.to_json(0), separators=(",", ":"),
                                                            ensure_ascii=False).encode())
    # the second game (solo, chance="explicit") starts at the seating chance node
    player, outcomes, total, none = lines["chance"].split()
    start = game.new_initial_state(seed)
    at_chance = len(start.chance_outcomes()) if start.is_chance_node() else 0   # 0: a decision first
    assert (int(player), int(outcomes), float(total), int(none)) == (-1, 3, 1.0, at_chance)
    marked, legal_n = map(int, lines["mask"].split())
    assert marked == legal_n == len(game.new_initial_state(seed).legal_actions())

    # olab_random_playouts writes each game's action count: the games of olab.search.random_games
    from olab.search import random_games
    returned, *counts = map(int, lines["playouts"].split())
    assert returned == 5 and counts == [k for k, _, _ in random_games(game, 5, seed)]
    assert int(lines["playouts_null"]) == 2

    # the error paths: a code and a message, never a crash
    E = OLAB_ERR
    expected = {
        "bad_json": (-1, E["CONFIG"]), "bad_players": (-1, E["CONFIG"]), "not_object": (-1, E["CONFIG"]),
        "bad_utf8": (-1, E["CONFIG"]), "unknown_key": (-1, E["CONFIG"]),
        "null_apply": (E["HANDLE"],) * 2, "null_legal": (E["HANDLE"],) * 2,
        "null_player": (E["HANDLE"],) * 2, "null_json": (E["HANDLE"],) * 2,
        "freed_apply": (E["HANDLE"],) * 2, "freed_terminal": (E["HANDLE"],) * 2,
        "freed_scores": (E["HANDLE"],) * 2, "double_free": (E["HANDLE"],) * 2,
        "bogus_handle": (E["HANDLE"],) * 2, "undo_at_start": (E["HISTORY"],) * 2,
        "legal_null_with_capacity": (E["ARGUMENT"],) * 2, "legal_small": (E["BUFFER"],) * 2,
        "legal_negative": (E["ARGUMENT"],) * 2, "illegal_id": (E["ILLEGAL"],) * 2,
        "negative_id": (E["ILLEGAL"],) * 2, "json_small": (E["BUFFER"],) * 2,
        "text_out_of_range": (E["ILLEGAL"],) * 2, "notation": (E["NOTATION"],) * 2,
        "notation_null": (E["ARGUMENT"],) * 2, "playouts_negative": (E["ARGUMENT"],) * 2,
        "playouts_bad_config": (E["CONFIG"],) * 2, "illegal_legal_range": (E["ILLEGAL"],) * 2,
        "json_exact": (E["BUFFER"],) * 2, "freed_at_end": (E["HANDLE"],) * 2,
        "null_actions": (E["HANDLE"],) * 2, "json_bad_player": (E["ARGUMENT"],) * 2,
        "chance_small": (E["BUFFER"],) * 2, "chance_half_null": (E["ARGUMENT"],) * 2,
        "mask_small": (E["BUFFER"],) * 2,
        # one convention for every buffer (issue 27): NULL and 0 ask the size, NULL and more is an error
        "mask_null_with_capacity": (E["ARGUMENT"],) * 2, "json_null_with_capacity": (E["ARGUMENT"],) * 2,
    }
    for name, want in expected.items():
        assert checks[name] == want, name
    first = game.new_initial_state(seed)
    legal_count = len(first.legal_actions())
    assert checks["legal_count"][0] == legal_count
    assert checks["moves_after_errors"][0] == legal_count      # the errors changed nothing
    assert checks["scores_small"][0] == (E["BUFFER"] if game.num_players() > 1 else 1)
    assert checks["other_player"][0] == 0          # the seating drawn, the solo player decides
    assert checks["mask"][0] == legal_count and checks["seating"][0] == 0
    assert checks["mask_size"][0] == game.num_distinct_actions()
    assert not any(name.endswith("_message_missing") for name in checks)
    assert "not valid JSON" in lines["message"]


def test_header_compiles_as_cpp(tmp_path):
    if shutil.which("g++") is None:
        pytest.skip("needs g++")
    src = tmp_path / "t.cpp"
    src.write_text('#include "olab.h"\nint main() { return OLAB_IS_ERROR(OLAB_ERR_HANDLE) ? 0 : 1; }\n')
    subprocess.run(["g++", "-fsyntax-only", "-Wall", *capi_flags("--cflags"), str(src)], check=True)


def test_error_codes_in_the_header_match_the_implementation():
    from olab.capi import _impl

    header = open(os.path.join(capi.include_dir(), "olab.h")).read()
    defined = {m[0]: int(m[1]) for m in re.findall(r"#define OLAB_ERR_(\w+)\s+\((-\d+)\)", header)}
    assert defined.pop("BASE") == -100
    assert defined == OLAB_ERR
    assert all(getattr(_impl, f"ERR_{k}") == v for k, v in defined.items())


def test_library_also_loads_into_a_python_process(tmp_path):
    # a Python host (ctypes): libolab uses the running interpreter instead of starting one
    code = """if True:
        import ctypes, sys
        from olab import capi
        lib = ctypes.CDLL(capi.library_path())
        lib.olab_new.restype = ctypes.c_void_p
        lib.olab_new.argtypes = [ctypes.c_char_p, ctypes.c_uint64]
        lib.olab_current_player.argtypes = [ctypes.c_void_p]
        lib.olab_free.argtypes = [ctypes.c_void_p]
        lib.olab_last_error.restype = ctypes.c_char_p
        g = lib.olab_new(b'{"players": 3}', 1)
        assert g, lib.olab_last_error()
        assert lib.olab_current_player(g) == 0
        lib.olab_free(g)
        assert lib.olab_current_player(g) == -101
        assert b"not a live olab_state handle" in lib.olab_last_error()
        print("ok")
    """
    # run outside the source tree: `python -c` puts the working directory first
    # on sys.path, and a clean checkout's olab/ has no built libolab
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=tmp_path)
    assert out.stdout.strip() == "ok", out.stderr


def test_docs_example_compiles_runs_and_agrees_with_python(tmp_path):
    src = os.path.join(HERE, os.pardir, "docs", "examples", "capi_example.c")
    if not os.path.exists(src):
        pytest.skip("no docs/examples in this tree")
    exe = tmp_path / "capi_example"
    subprocess.run(["gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", src, "-o", str(exe),
                    *capi_flags("--cflags"), *capi_flags("--libs")], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, env=clean_env(), timeout=120)
    assert out.returncode == 0, out.stderr

    # the example's random player, in Python
    state = olab.load("ora_et_labora", players=2).new_initial_state(42)
    rng, first = 1, []
    while not state.is_terminal():
        legal = state.legal_actions()
        rng = (rng * 1103515245 + 12345) % 2 ** 32
        a = legal[(rng >> 16) % len(legal)]
        if len(first) < 5:
            first.append(f"seat {state.current_player()} plays {state.action_to_string(a)}")
        state.apply_action(a)
    lines = out.stdout.splitlines()
    assert lines[:5] == first
    s = state.scores()
    assert lines[5] == (f"game over after {len(state.history())} actions: seat 0 has {s[0]} points; "
                        f"seat 1 has {s[1]} points;")
    assert lines[7].startswith("as expected: illegal action 0")
    assert lines[8].startswith("as expected: ") and "not a live olab_state handle" in lines[8]
    mean = sum(k for k, _ in olab.load("ora_et_labora", players=2).random_games(100, 1)) / 100
    assert lines[9] == f"100 random games: {mean:.1f} actions on average"
