"""The examples in the docstrings run, as the API reference shows them.

Every module of olab and of every registered game's package is walked (a
game registered later is walked the same way, nothing here names one) and
its docstring examples are run with :func:`doctest.testmod`.  The pages of
``docs/`` are run by ``tests/test_docs.py``.
"""
import doctest
import importlib
import pkgutil

import pytest

import olab

# a file that pkgutil takes for a module but that is not one (the C library)
NOT_PYTHON = {"olab.capi.libolab"}


def _walk(package: str) -> list[str]:
    mod = importlib.import_module(package)
    names = [package]
    if hasattr(mod, "__path__"):
        names += [m.name for m in pkgutil.walk_packages(mod.__path__, package + ".")]
    return [n for n in names if n not in NOT_PYTHON]


def modules() -> list[str]:
    names = set(_walk("olab"))
    for info in olab.games().values():
        names.update(_walk(info.module))
    return sorted(names)


MODULES = modules()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail (output above)"
    # a module whose docstring shows examples runs them (not a silently skipped one)
    if ">>> " in (module.__doc__ or ""):
        assert result.attempted > 0, f"{name}: its docstring's examples were not run"


def test_every_registered_game_has_examples():
    for game, info in olab.games().items():
        attempted = sum(doctest.testmod(importlib.import_module(m), optionflags=doctest.ELLIPSIS,
                                        report=False).attempted
                        for m in MODULES if m == info.module or m.startswith(info.module + "."))
        assert attempted > 0, f"{game}: no docstring examples in {info.module}"
