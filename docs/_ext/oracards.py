"""Sphinx directives that render the card tables from olab's own card data.

``.. ora-cards:: france`` lists the buildings of a variant (``both`` for the
shared cards, ``basic`` for heartland and landscape cards); ``.. ora-settlements::``
lists the settlement cards; ``.. ora-rule-options::`` the rule options of both presets.
"""
from dataclasses import fields

from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList


def _cell(text) -> str:
    return str(text).replace("\n", " ").replace("|", "/")


def _render(directive, rows, header, widths):
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {' '.join(map(str, widths))}", ""]
    for row in [header] + rows:
        lines.append("   * - " + _cell(row[0]))
        for cell in row[1:]:
            lines.append("     - " + _cell(cell))
    node = nodes.container()
    directive.state.nested_parse(StringList(lines, source="ora-cards"), directive.content_offset, node)
    return node.children


class OraCards(Directive):
    required_arguments = 1

    def run(self):
        from olab.ora import BUILDINGS

        which = self.arguments[0]
        rows = []
        for b in BUILDINGS.values():
            if which == "basic":
                if b.kind == "building":
                    continue
            elif b.kind != "building" or b.variant != which:
                continue
            terrain = ", ".join(sorted(t.value for t in b.terrain))
            rows.append([b.id, b.name + (" (cloister)" if b.cloister else ""), b.stage, str(b.cost),
                         b.economic_value, b.dwelling_value, terrain, b.effect])
        header = ["id", "name", "stage", "cost", "econ.", "dwell.", "terrain", "function"]
        return _render(self, rows, header, [6, 14, 5, 12, 5, 5, 10, 43])


class OraSettlements(Directive):
    def run(self):
        from olab.ora import SETTLEMENTS

        rows = [[s.id, s.name, s.stage, f"{s.food} food, {s.energy} energy", s.economic_value,
                 s.dwelling_value, ", ".join(sorted(t.value for t in s.terrain))]
                for s in SETTLEMENTS.values()]
        header = ["id", "name", "stage", "cost", "econ.", "dwell.", "terrain"]
        return _render(self, rows, header, [6, 16, 6, 18, 6, 6, 20])


class OraRuleOptions(Directive):
    def run(self):
        from olab.ora import PRESETS, Rules

        rows = []
        skip = {"players", "variant", "length", "preset"}
        for f in fields(Rules):
            if f.name in skip:
                continue
            printed = getattr(Rules.preset("printed"), f.name)
            ks = getattr(Rules.preset("kennerspiel"), f.name)
            rows.append([f"``{f.name}``", repr(printed), repr(ks)])
        header = ["option", "printed", "kennerspiel"]
        return _render(self, rows, header, [40, 30, 30])


def setup(app):
    app.add_directive("ora-cards", OraCards)
    app.add_directive("ora-settlements", OraSettlements)
    app.add_directive("ora-rule-options", OraRuleOptions)
    return {"version": "1", "parallel_read_safe": True}
