"""The examples in the docstrings of olab.orleans run (CI runs pytest only)."""
import doctest
import importlib

import pytest

MODULES = ["olab.orleans", "olab.orleans.components", "olab.orleans.rules", "olab.orleans.tables", "olab.orleans.game",
           "olab.orleans.notation", "olab.orleans.record", "olab.orleans.moves"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    mod = importlib.import_module(name)
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
