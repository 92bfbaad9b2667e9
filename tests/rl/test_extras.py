"""olab and olab.rl import without the optional extras, and say which extra a feature needs."""
import subprocess
import sys

import pytest

CODE = r"""
import sys
for m in ("numpy", "gymnasium", "pettingzoo", "pyspiel", "ray", "pyarrow"):
    sys.modules[m] = None            # as if not installed
import olab, olab.rl
name = olab.registry.default_game()
olab.load(name).new_initial_state(0).legal_actions()
from olab.rl import VectorEnv, pettingzoo_env, openspiel
from olab.rl.selfplay import run_selfplay
for call in (lambda: VectorEnv(name, 2), lambda: pettingzoo_env(name), openspiel.register,
             lambda: run_selfplay(name, "unused", games=1)):
    try:
        call()
    except ImportError as e:
        print(e)
    else:
        print("no error")
"""


def test_without_the_extras(tmp_path):
    # run outside the source tree, so that the installed olab is imported (a
    # clean clone's tree has no compiled core)
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert len(lines) == 4
    assert 'pip install "olab[rl]"' in lines[0] and "numpy" in lines[0]
    assert "olab[rl]" in lines[1]
    assert "pyspiel" in lines[2] and "olab[rl]" in lines[2]
    assert "pyarrow" in lines[3] and "olab[rl]" in lines[3]


def test_unknown_attribute():
    import olab.rl

    with pytest.raises(AttributeError):
        olab.rl.no_such_thing
