"""The examples in the docstrings of olab.rl run (each where its optional dependencies are installed)."""
import doctest
import importlib

import pytest

pytest.importorskip("numpy")

MODULES = {
    "olab.tensors": (),
    "olab.rl.vector": (),
    "olab.rl.spaces": ("gymnasium",),
    "olab.rl.pettingzoo": ("gymnasium", "pettingzoo"),
    "olab.rl.openspiel": ("pyspiel",),
}


@pytest.mark.parametrize("module", list(MODULES))
def test_module_examples(module):
    for dep in MODULES[module]:
        pytest.importorskip(dep)
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
