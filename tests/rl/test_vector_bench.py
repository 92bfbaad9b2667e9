"""``olab bench --vector`` and olab.rl.bench: the figures are produced (their values are not judged)."""
import json

import pytest

import olab
from olab.cli import main

pytest.importorskip("numpy")

from olab.rl.bench import PythonBatch, format_vector_table, run_vector_bench  # noqa: E402


@pytest.mark.parametrize("name", list(olab.games()))
def test_run_vector_bench_rows(name):
    r = run_vector_bench(name, batch=8, threads=(1, 2), seconds=0.3)
    assert r["batch"] == 8 and r["config"] == olab.load(name).config()
    assert r["observation_bytes"] == 4 * olab.load(name).observation_tensor_shape()[0]
    kinds = {(row["loop"], row["threads"], row["observations"]) for row in r["rows"]}
    assert kinds == {(loop, t, o) for o in (False, True) for loop, t in
                     (("vector", 1), ("vector", 2), ("python", 1))}
    for row in r["rows"]:
        assert row["steps"] > 0 and row["steps_per_second"] > 0
        assert ("speedup" in row) == (row["loop"] == "vector")
        assert ("bandwidth" in row) == (row["loop"] == "vector" and row["observations"])
    text = format_vector_table(r)
    assert "steps/s" in text and "bytes" in text


def test_arguments_checked():
    for kw in ({"batch": 0}, {"threads": ()}, {"threads": (0,)}, {"seconds": 0}, {"seconds": float("nan")}):
        with pytest.raises(ValueError):
            run_vector_bench(batch=kw.get("batch", 4), threads=kw.get("threads", (1,)),
                             seconds=kw.get("seconds", 0.1))


def test_python_batch_steps_legal_games():
    name = olab.registry.default_game()
    loop = PythonBatch(name, 3, True, 0, {})
    for _ in range(20):
        loop.step()
    assert loop.mask.any(axis=1).all() and loop.obs.any(axis=1).all()


def test_cli(capsys):
    name = olab.registry.default_game()
    assert main(["bench", "--vector", "--game", name, "--seconds", "0.2", "--batch", "4",
                 "--threads", "1", "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert {row["loop"] for row in r["rows"]} == {"vector", "python"}
    assert main(["bench", "--vector", "--game", name, "--seconds", "0.2", "--batch", "0"]) == 2
    assert "batch" in capsys.readouterr().err
    assert main(["bench", "--vector", "--game", name, "--seconds", "0.2", "--threads", "x"]) == 2
