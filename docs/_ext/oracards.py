"""Sphinx directives that render the card tables from olab's own card data.

``.. ora-cards:: france`` lists the buildings of a variant (``both`` for the
shared cards, ``basic`` for heartland and landscape cards); ``.. ora-settlements::``
lists the settlement cards; ``.. ora-rule-options::`` the rule options of both presets;
``.. ora-goods::`` the goods with their two-letter codes; ``.. ora-game-length::`` the
rounds and settlement phases of every mode.
"""
from dataclasses import fields
from functools import partial

from docutils.parsers.rst import Directive

from olabtables import cell, render

_cell = cell
_render = partial(render, source="ora-cards")


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
            rows.append([f"``{f.name}``", f"``{printed!r}``", f"``{ks!r}``"])
        header = ["option", "printed", "kennerspiel"]
        return _render(self, rows, header, [40, 30, 30])


def _number(x) -> str:
    return "" if not x else (str(int(x)) if float(x).is_integer() else str(x))


class OraGoods(Directive):
    """Every good: its code in the notation, its id in the JSON view, its values."""

    def run(self):
        from olab.ora import GOODS
        from olab.ora.notation import GOOD_LETTERS

        variants = {"both": "both", "france": "France", "ireland": "Ireland"}
        rows = []
        for g in dict.fromkeys(GOODS.values()):
            rows.append([f"``{GOOD_LETTERS[g.id]}``", f"``{g.id}``", g.name, variants[g.variant],
                         _number(g.food), _number(g.energy), _number(g.coin), _number(g.points)])
        header = ["code", "JSON", "good", "variant", "food", "energy", "coins", "points"]
        return _render(self, rows, header, [8, 14, 26, 10, 8, 8, 8, 8])


class OraGameLength(Directive):
    """Per mode: the regular rounds, the settlement phases, what comes last."""

    def run(self):
        from olab.ora import board

        names = {"solo": "solo", "2p_short": "2 players, short", "2p_long": "2 players, long",
                 "3p_long": "3 players, long", "3p_short": "3 players, short",
                 "4p_long": "4 players, long", "4p_short": "4 players, short"}
        rows = []
        for mode in board.MODE_NAMES:
            a, b, c, d = board.SETTLE_AFTER[mode]
            regular = board.REGULAR_ROUNDS[mode]
            if mode == "solo":
                rounds, end = (f"{regular} (shown as 1-30, round 25 twice)",
                               "after the last round; no phase E, no bonus round")
            elif regular:
                rounds, end = str(regular), "bonus round, then settlement phase E"
            else:
                low = 1 if mode == "2p_short" else 3
                rounds = f"open: the game ends when the display runs low (at most {low} left)"
                end = (f"from round {d + 2}: a player who begins a round with at most {low} building left "
                       "takes one action, and the game ends" if mode == "2p_short" else
                       f"from round {d + 2}: when the last turn of a round begins with at most {low} "
                       "buildings left, that turn is the last")
            rows.append([names[mode], rounds, f"after rounds {a}, {b}, {c}, {d}", end])
        header = ["mode", "rounds", "settlement phases A-D", "the end"]
        return _render(self, rows, header, [16, 24, 20, 40])


def setup(app):
    app.add_directive("ora-goods", OraGoods)
    app.add_directive("ora-game-length", OraGameLength)
    app.add_directive("ora-cards", OraCards)
    app.add_directive("ora-settlements", OraSettlements)
    app.add_directive("ora-rule-options", OraRuleOptions)
    return {"version": "1", "parallel_read_safe": True}
