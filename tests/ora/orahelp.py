"""Helpers for the Ora et Labora tests."""
from __future__ import annotations

import olab
from olab.ora.editor import Editor, play  # noqa: F401  (re-exported for the tests)
from olab.ora.jsonview import TOKENS  # noqa: F401  (the wheel's tokens, in the core's order)

from ..helpers import texts  # noqa: F401  (the tests import it from here)

# kennerspiel's unseeded START is seed 2692: seats keep the order R, G, B, W
IDENTITY_SEED = 2692
GOODS = olab.ora.game.core.GOOD_CODES[:-1]
MODES = [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"), (4, "long"), (4, "short")]


def new(players: int = 4, length: str = "long", rules: str = "printed", seed: int = IDENTITY_SEED,
        **options):
    """A new game in which seat 0 is Red, 1 Green, 2 Blue, 3 White (solo: neutral White... by seed)."""
    return olab.load("ora_et_labora", players=players, length=length, rules=rules, **options).new_initial_state(seed)


def goods(state, seat: int) -> dict:
    """The non-zero goods of a seat."""
    return {g: n for g, n in zip(GOODS, state._goods(seat)) if n}


def good(state, seat: int, name: str) -> int:
    return state._goods(seat)[GOODS.index(name)]


def editor(state) -> Editor:
    return Editor(state)


def at(state, seat: int, col: int, row: int) -> str | None:
    """The card code on a space (``"LR1"``, ``"F04"``, ``"forest"``...), or None."""
    for sp, c, r, _t, cid in state._spaces(seat):
        if (c, r) == (col, row):
            code = olab.ora.game.core.CARD_CODES[cid]
            return {"": None, "LFO": "forest", "LMO": "moor"}.get(code, code)
    raise KeyError((col, row))


def commit_until(state, seat: int, limit: int = 1000) -> None:
    """COMMIT every turn until it is ``seat``'s turn at the top of a turn."""
    for _ in range(limit):
        if state.current_player() == seat and state._decision()["kind"] == "turn":
            return
        play(state, "COMMIT")
    raise AssertionError("seat never came")


# ---------------------------------------------------------------- the card tests' positions
# Heartland of seat 0 (Red): row 0 = moor, forest, forest, plains, Clay Mound (LR1,
# hillside); row 1 = moor, forest, Farmyard (LR2), plains, Cloister Office (LR3).  A
# coast plot in rows 0-1 adds water (-2, r) and coast (-1, r); a mountain plot adds
# hillside (5, r) and the mountain (6, 0).

def home(cards: dict, card: str) -> tuple[int, int, bool, bool]:
    """A legal space for ``card`` on seat 0 and the plots it needs: (col, row, coast, mountain).

    ``cards`` maps a card id to ``(cost, economic value, dwelling value,
    terrain letters, cloister)``; terrain letters are P plains, W water,
    C coast, H hillside, M mountain.
    """
    terrain, cloister = cards[card][3], cards[card][4]
    if "P" in terrain:
        return (3, 1, False, False) if cloister else (3, 0, False, False)
    if "W" in terrain:
        return -2, 0, True, False
    if "C" in terrain:
        return -1, 0, True, False
    if "H" in terrain:
        return 5, 0, False, True
    return 6, 0, False, True


def card_position(cards: dict, card=None, at_=None, *, players=4, length="long", rules="printed",
                  variant="france", coast=False, mountain=False, **stock):
    """A fresh game with seat 0's goods set to exactly ``stock`` and ``card`` placed
    (at ``at_``, or at :func:`home` with the plots it needs)."""
    state = new(players=players, length=length, rules=rules, variant=variant)
    ed = editor(state)
    ed.clear_goods(0)
    if card is not None and at_ is None:
        col, row, c, m = home(cards, card)
        at_, coast, mountain = (col, row), coast or c, mountain or m
    if coast:
        ed.plot(0, 0, "COAST")
    if mountain:
        ed.plot(0, 0, "MOUNTAIN")
    if card is not None:
        ed.place(0, card, *at_)
    if stock:
        ed.goods(0, **stock)
    return state, ed


def token(state, name: str) -> tuple:
    """(slot, value) of a wheel token."""
    arm, slots, values = state._wheel()
    i = TOKENS.index(name)
    return slots[i], values[i]


def token_value(state, name: str) -> int:
    return token(state, name)[1]


def at_top(state) -> bool:
    """Seat 0 is at the top of its turn."""
    return state._decision()["kind"] == "turn" and state.current_player() == 0


def amounts(state) -> list[int]:
    """The AMOUNT choices offered."""
    return sorted(int(t.split()[1]) for t in texts(state) if t.startswith("AMOUNT"))


def lent(state) -> list[str]:
    """The free uses waiting at the top of the turn: TARGET / CHOOSE actions."""
    return sorted(x for x in texts(state) if x.split()[0] in ("TARGET", "CHOOSE"))


def uses(state, card: str) -> list[str]:
    """The USE actions for ``card``."""
    return [t for t in texts(state) if t.split()[:2] == ["USE", card]]


def builds(state) -> list[str]:
    """The BUILD actions offered."""
    return sorted(t for t in texts(state) if t.startswith("BUILD"))


def card_ids(*codes: str) -> list[int]:
    """The core's ids of card codes, sorted."""
    return sorted(olab.ora.game.core.CARD_CODES.index(c) for c in codes)
