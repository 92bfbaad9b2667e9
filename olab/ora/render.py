"""A board you can read: Ora et Labora as compact text (``str(state)``, ``olab show``).

The rendering is drawn from the JSON view (:meth:`State.to_json`), so it shows
exactly what a frontend would, on a terminal: the game and whose decision it
is, the production wheel, the display, the prices, then each player's goods,
clergy, settlements in hand and landscape as a grid with its coordinates
(column across, row down; negative rows are above the heartland, columns -2
and -1 the coast plots, 5 and 6 the mountain plots).

In the grid a card is shown by its code (``LR1``, ``G01``, ``FOR`` a forest,
``MOO`` a moor), an empty space by its terrain in lower case (``p`` plains,
``h`` hillside, ``c`` coast, ``w`` water, ``m`` mountain), and a clergyman
standing there by ``*`` and its owner's colour (``G01*R``); a key line under
the grids says so.

>>> import olab
>>> state = olab.load("ora_et_labora", players=2).new_initial_state(colors="RG")
>>> print(str(state).splitlines()[0])
Ora et Labora: 2 players, france, long, rules printed; round 1 (phase S); seat 0 (R) decides: turn
"""
from __future__ import annotations

from .notation import GOOD_LETTERS

__all__ = ["render"]

_TERRAIN = {"plains": "p", "hillside": "h", "coast": "c", "water": "w", "mountain": "m"}
_CARD = {"forest": "FOR", "moor": "MOO"}
CELL = 7
#: the key to the landscape grids, printed under them
LEGEND = ("Key: a card by its code (FOR forest, MOO moor); an empty space by its terrain (p plains, "
          "h hillside, c coast, w water, m mountain); *R a clergyman of colour R standing there")


def _cell(space: dict) -> str:
    text = _CARD.get(space["card"], space["card"]) if space["card"] else _TERRAIN[space["terrain"]]
    if space["clergy"]:
        text += "*" + "".join(c["color"] for c in space["clergy"])
    return text


def landscape_grid(spaces: list[dict]) -> list[str]:
    """The landscape as lines: a header of columns, then one line per row."""
    cols = [s["col"] for s in spaces]
    rows = [s["row"] for s in spaces]
    at = {(s["col"], s["row"]): _cell(s) for s in spaces}
    lo, hi = min(cols), max(cols)
    lines = ["      " + "".join(f"{c:>{CELL}}" for c in range(lo, hi + 1))]
    for r in range(min(rows), max(rows) + 1):
        line = f"  {r:>3} " + "".join(f"{at.get((c, r), ''):>{CELL}}" for c in range(lo, hi + 1))
        lines.append(line.rstrip())
    return lines


def _goods(goods: dict) -> str:
    return ", ".join(f"{n} {name}" for name, n in goods.items()) or "none"


def render(state, player: int | None = None, legal: int = 40) -> str:
    """The position as text (``player``: that seat's view, the same in Ora et Labora).

    ``legal`` caps how many legal actions are listed.
    """
    doc = state.to_json(player, legal_actions=True)
    cfg = doc["config"]
    people = "1 player" if cfg["players"] == 1 else f"{cfg['players']} players"
    head = f"Ora et Labora: {people}, {cfg['variant']}, {cfg['length']}, rules {cfg['rules']}"
    if cfg["chance"] == "explicit":
        head += ", explicit chance"
    colors = [p["color"] for p in doc["players"]]
    pending = doc["pending"]
    if doc["terminal"]:
        status = "game over" + (" (truncated by the round cap)" if doc["truncated"] else "")
    elif pending["decision"] == "seating":
        status = "chance: the seating is drawn"
    else:
        who = pending["player"]
        status = f"seat {who} ({colors[who]}) decides: {pending['decision']}"
        if pending["card"]:
            status += f" of {pending['card']}"
        if pending["acting_player"] != who:
            status += f" for seat {pending['acting_player']}"
    lines = [f"{head}; round {doc['round']} (phase {doc['phase']}); {status}"]
    wheel = doc["wheel"]
    tokens = " . ".join(f"{name} {t['value'] if t else '-'}" for name, t in wheel["tokens"].items())
    lines.append(f"Wheel ({wheel['side']}, arm at {wheel['arm']}): {tokens}")
    lines.append(f"Display ({len(doc['display'])}): {' '.join(doc['display']) or 'empty'}")
    pr = doc["prices"]
    lines.append(f"Prices: district {pr['district'] or '-'} ({pr['districts_left']} left), plot "
                 f"{pr['plot'] or '-'} ({pr['plots_left']} left); work contract "
                 f"{doc['work_contract_fee']}; wonders left {doc['wonders_left']}")
    for p in doc["players"]:
        tag = "neutral" if p["neutral"] else f"score {p['score']}"
        # "lay brother 1", not "LB1": the card LB1 (a heartland building) is another thing
        clergy = ", ".join(
            f"{c['clergy'].replace('lay_brother_', 'lay brother ')} "
            + ("home" if c["at"] is None else f"at ({c['at']['col']}, {c['at']['row']}) of seat {c['at']['seat']}")
            for c in p["clergy"])
        lines.append("")
        lines.append(f"Seat {p['seat']} ({p['color']}), {tag}")
        lines.append(f"  goods: {_goods(p['goods'])}")
        lines.append(f"  clergy: {clergy}")
        if p["settlements_in_hand"]:
            lines.append(f"  settlements in hand: {' '.join(p['settlements_in_hand'])}")
        lines.extend(landscape_grid(p["landscape"]["spaces"]))
    lines.append("")
    lines.append(LEGEND)
    if not doc["terminal"]:
        texts = [a["text"] for a in doc["legal_actions"]]
        shown = texts[:legal] + ([f"... {len(texts) - legal} more"] if len(texts) > legal else [])
        lines.append("")
        lines.append(f"Legal ({len(texts)}): " + " | ".join(shown))
    return "\n".join(lines)


#: the two-letter goods codes of the notation, by good (the docs' table)
GOODS_CODES = dict(GOOD_LETTERS)
