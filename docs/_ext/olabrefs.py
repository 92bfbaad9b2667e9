"""Cross-references to re-exported names resolve to where the object is documented.

olab documents an object once, where it is defined (``olab.search.perft``,
``olab.ora.kennerspiel.replay_kennerspiel``), but the docs and docstrings
name it where people import it from (``olab.ora.perft``,
``olab.ora.replay_kennerspiel``), and docstrings say ``State.history`` inside
their module.  When a Python cross-reference finds no target, this looks the
name up as Python does (the reference's module and class first, then as
written; a name the module does not have is looked up in its package, so
``State`` in a module of ``olab.ora`` is ``olab.ora.State``), and if it is an object documented under another name with the same
last part, links there.  The build runs with ``nitpicky``, so a reference that
resolves to nothing at all still fails.
"""
from __future__ import annotations

import importlib
import inspect

from sphinx.util import logging

logger = logging.getLogger(__name__)
_MISSING = object()


def _resolve(name: str):
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except Exception:
            continue
        try:
            for part in parts[i:]:
                obj = inspect.getattr_static(obj, part) if inspect.isclass(obj) else getattr(obj, part)
        except AttributeError:
            return _MISSING
        if isinstance(obj, (staticmethod, classmethod)):
            obj = obj.__func__
        return obj
    return _MISSING


def _documented(env) -> dict:
    """(last part of the name, id of the object) -> documented names, built once per build."""
    cache = getattr(env, "_olab_documented", None)
    if cache is None:
        cache = {}
        for name in env.get_domain("py").objects:
            obj = _resolve(name)
            if obj is not _MISSING:
                cache.setdefault((name.rsplit(".", 1)[-1], id(obj)), []).append(name)
        env._olab_documented = cache
    return cache


def _missing_reference(app, env, node, contnode):
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    if not target or target.startswith("."):
        target = target.lstrip(".")
    module, cls = node.get("py:module"), node.get("py:class")
    candidates = []
    if module and cls:
        candidates.append(f"{module}.{cls}.{target}")
    while module:                       # the module, then the packages it is in
        candidates.append(f"{module}.{target}")
        module = module.rpartition(".")[0]
    candidates.append(target)
    documented = _documented(env)
    last = target.rsplit(".", 1)[-1]
    for name in candidates:
        obj = _resolve(name)
        if obj is _MISSING or obj is None:
            continue
        homes = documented.get((last, id(obj)))
        if homes:
            domain = env.get_domain("py")
            return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], homes[0],
                                       node, contnode)
    return None


def setup(app):
    app.connect("missing-reference", _missing_reference)
    return {"version": "1", "parallel_read_safe": True}
