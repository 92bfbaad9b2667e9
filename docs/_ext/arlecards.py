"""Sphinx directives that render Fields of Arle's tables from olab's own data (``olab/data/arle``).

``.. arle-table:: buildings`` (also ``spaces``, ``destinations``,
``equipment``, ``tools``, ``land``, ``options``) renders one table from the
rules objects of :mod:`olab.arle`, so the docs never drift from the data.
"""
from dataclasses import fields
from functools import partial

from docutils.parsers.rst import Directive

from olabtables import cell, render

_cell = cell
_render = partial(render, source="arle-table")


def _vp(v):
    return str(v)


class ArleTable(Directive):
    required_arguments = 1

    def run(self):
        from olab import arle

        which = self.arguments[0]
        if which == "buildings":
            rows = [[f"``{b.key}``", b.name, b.color.replace("_", " "), b.cost, b.vp, b.effect]
                    for b in arle.BUILDINGS.values()]
            return _render(self, rows, ["key", "name", "colour", "cost", "VP", "effect"], [14, 14, 8, 20, 4, 40])
        if which == "spaces":
            rows = [[f"``{s.key}``", s.name, s.season, s.text] for s in arle.ACTION_SPACES.values()]
            return _render(self, rows, ["key", "name", "season", "action"], [16, 14, 8, 62])
        if which == "destinations":
            rows = [[f"``{d.key}``", d.name, d.size, "; ".join(f"{i.give}: {i.food} food" for i in d.items)]
                    for d in arle.DESTINATIONS.values()]
            return _render(self, rows, ["key", "name", "size", "items (each at most once)"], [10, 10, 6, 74])
        if which == "equipment":
            rows = [[f"``{e.key}``", e.name, "large" if e.large else "small", e.cost, e.vp,
                     "+".join(map(str, e.spaces)) or "-", e.upgrades_to or "-"] for e in arle.EQUIPMENT.values()]
            return _render(self, rows, ["key", "name", "size", "cost", "VP", "spaces", "upgrade to"],
                           [12, 12, 8, 26, 5, 10, 12])
        if which == "tools":
            rows = [[f"``{t.key}``", t.name, "-".join(map(str, t.values)), "/".join(map(str, t.vp)), t.step_cost]
                    for t in arle.TOOLS.values()]
            return _render(self, rows, ["key", "name", "tools", "VP", "a step costs"], [20, 20, 20, 20, 20])
        if which == "land":
            rows = [[f"``{t.key}``", t.name, t.vp, t.upgrades_to or "-"] for t in arle.LAND_TILES.values()]
            return _render(self, rows, ["key", "name", "VP", "upgrade to"], [25, 25, 20, 30])
        if which == "options":
            skip = {"players", "buildings", "preset"}
            rows = []
            for f in fields(arle.Rules):
                if f.name in skip:
                    continue
                rows.append([f"``{f.name}``", f"``{getattr(arle.Rules.preset('printed'), f.name)!r}``",
                             f"``{getattr(arle.Rules.preset('rulebook'), f.name)!r}``"])
            return _render(self, rows, ["option", "printed", "rulebook"], [40, 30, 30])
        raise self.error(f"unknown arle table {which!r}")


def setup(app):
    app.add_directive("arle-table", ArleTable)
    return {"version": "1", "parallel_read_safe": True}
