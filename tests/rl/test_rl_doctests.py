"""The examples in the docstrings of olab.rl run."""
import doctest
import importlib

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

MODULES = ["olab.rl.vector", "olab.rl.spaces", "olab.rl.pettingzoo"]


@pytest.mark.parametrize("module", MODULES)
def test_module_examples(module):
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
