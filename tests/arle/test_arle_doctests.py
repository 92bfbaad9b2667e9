"""The examples in the docstrings of olab.arle run."""
import doctest
import importlib

import pytest

MODULES = ["olab.arle", "olab.arle.components", "olab.arle.game", "olab.arle.notation", "olab.arle.record"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
