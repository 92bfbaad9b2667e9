"""Issue 26 point 3: one job runner (olab.jobs) for the arena, the ladder and self-play;
the arena untied from the RL package; the kennerspiel package without its import circle."""
from __future__ import annotations

import ast
import os
import pathlib

import pytest

import olab
from olab import jobs

ROOT = pathlib.Path(olab.__file__).parent
RL = pathlib.Path(__file__).resolve().parent / "rl"


def _imports(path: pathlib.Path, package: str) -> set[str]:
    """Every module ``path`` imports, at any depth of the file (function bodies and
    ``if TYPE_CHECKING:`` blocks included), as absolute names."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if node.module:                 # ``from . import x`` names x, not the package
                found.add(mod)
            found.update(f"{mod}.{a.name}" for a in node.names)
    return found


def _module(path: pathlib.Path) -> tuple[str, str]:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
        return ".".join(parts), ".".join(parts)
    return ".".join(parts), ".".join(parts[:-1])


def _graph(folder: pathlib.Path) -> dict[str, set[str]]:
    modules = {}
    for path in folder.rglob("*.py"):
        name, package = _module(path)
        modules[name] = _imports(path, package)
    return {m: {d for d in deps if d in modules and d != m} for m, deps in modules.items()}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    # the strongly connected components of more than one module (Tarjan)
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in graph:
        if v not in index:
            visit(v)
    return out


@pytest.mark.parametrize("module", ["arena.py", "ladder.py", "jobs.py"])
def test_the_arena_imports_nothing_of_the_rl_package(module):
    # olab.arena <-> olab.rl.backends was a circle at run time (issue 26.3)
    deps = _imports(ROOT / module, "olab")
    assert not {d for d in deps if d == "olab.rl" or d.startswith("olab.rl.")}, deps


def test_the_rl_package_and_the_arena_form_no_circle():
    graph = _graph(ROOT)
    for cycle in _cycles(graph):
        assert not ("olab.arena" in cycle and any(m.startswith("olab.rl") for m in cycle)), cycle


def test_the_kennerspiel_package_has_no_import_circle():
    # eight files imported the player for its type only, and it imports them all
    graph = _graph(ROOT / "ora" / "kennerspiel")
    assert _cycles(graph) == []
    for name, deps in graph.items():
        if name.endswith((".commands", ".uses_choice", ".uses_coins", ".uses_counts", ".uses_simple",
                          ".uses_value")):
            assert "olab.ora.kennerspiel.player" not in deps, name


def test_the_player_is_the_readers_driver():
    from olab.ora.kennerspiel.common import Driver
    from olab.ora.kennerspiel.player import Player

    for member in [m for m in dir(Driver) if not m.startswith("_")] + list(Driver.__annotations__):
        assert hasattr(Player, member) or member in Player(olab.load("ora_et_labora").new_initial_state(1)).__dict__, member


def test_one_process_pool():
    # the arena and the ladder had pools of their own beside the RL package's
    for path in ROOT.rglob("*.py"):
        if path.name == "jobs.py":
            continue
        text = path.read_text()
        assert "ProcessPoolExecutor" not in text and ".Pool(" not in text, path


def test_the_old_names_are_the_runners():
    from olab.rl import backends, missing_extra, require

    assert backends.run_jobs is jobs.run_jobs and backends.BACKENDS is jobs.BACKENDS
    assert require is jobs.require and missing_extra is jobs.missing_extra
    assert 'olab[ray]' in str(jobs.missing_extra("ray", "the ray backend"))
    with pytest.raises(ImportError, match="pip install"):
        jobs.require("olab_no_such_module", "a test")


@pytest.mark.parametrize("args, match", [(("thread", 1, None), "backend must be one of"),
                                         (("local", 0, None), "workers must be"),
                                         (("local", True, None), "workers must be"),
                                         (("local", 2, "auto"), "address is for the ray")])
def test_check_backend(args, match):
    with pytest.raises(ValueError, match=match):
        jobs.check_backend(*args)
    with pytest.raises(ValueError, match=match):
        list(jobs.run_jobs(abs, [1], *args))


def test_run_jobs_in_this_process_in_order():
    assert list(jobs.run_jobs(abs, [-3, 2, -1])) == [(0, 3), (1, 2), (2, 1)]


def test_run_jobs_in_workers():
    assert sorted(jobs.run_jobs(abs, [-3, 2, -1, 5], workers=2)) == [(0, 3), (1, 2), (2, 1), (3, 5)]


def test_the_arena_restarts_a_dead_worker(tmp_path, monkeypatch):
    # the arena's own pool broke for good when a worker died; the job runner
    # starts the unfinished games again, and the result is the same
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(RL), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("OLAB_TEST_CRASH_MARKER", str(tmp_path / "crashed"))
    monkeypatch.setenv("OLAB_TEST_PARENT_PID", str(os.getpid()))
    monkeypatch.setenv("OLAB_TEST_CRASH_AFTER", "30")
    monkeypatch.syspath_prepend(str(RL))
    name = "fields_of_arle" if "fields_of_arle" in olab.games() else olab.registry.default_game()
    bots = ["crashbot:CrashBot", "random"]
    (tmp_path / "crashed").write_text("")
    clean = olab.arena.run_arena(bots, 4, game=name, seed=5, workers=2)
    (tmp_path / "crashed").unlink()
    crashed = olab.arena.run_arena(bots, 4, game=name, seed=5, workers=2)
    assert (tmp_path / "crashed").exists()            # a worker did die
    assert (crashed.wins, crashed.draws, crashed.mean_score) == (clean.wins, clean.draws, clean.mean_score)


def test_a_job_pool_keeps_its_workers_and_the_jobs_order():
    # olab tune's rounds of a few games each: results in the jobs' order, the
    # same with one worker or two, the workers kept from round to round
    from olab.jobs import JobPool

    with JobPool(2) as pool:
        rounds = [pool.map(abs, list(range(-k, 5 - k))) for k in range(3)]
        first = pool._pool
        assert first is not None and pool.map(abs, [-1, -2]) == [1, 2]
        assert pool._pool is first
    assert pool._pool is None
    with JobPool(1) as alone:
        assert [alone.map(abs, list(range(-k, 5 - k))) for k in range(3)] == rounds
    assert rounds[2] == [2, 1, 0, 1, 2]
    with pytest.raises(ValueError, match="workers"):
        JobPool(0)
