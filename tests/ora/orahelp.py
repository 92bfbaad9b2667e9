"""Helpers for the Ora et Labora tests."""
from __future__ import annotations

import olab
from olab.ora import Game
from olab.ora.editor import Editor, play  # noqa: F401  (re-exported for the tests)

# kennerspiel's unseeded START is seed 2692: seats keep the order R, G, B, W
IDENTITY_SEED = 2692
GOODS = olab.ora.game.core.GOOD_CODES[:-1]
MODES = [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"), (4, "long"), (4, "short")]


def new(players: int = 4, length: str = "long", rules: str = "printed", seed: int = IDENTITY_SEED, **options):
    """A new game in which seat 0 is Red, 1 Green, 2 Blue, 3 White (solo: neutral White... by seed)."""
    return olab.load("ora_et_labora", players=players, length=length, rules=rules, **options).new_initial_state(seed)


def texts(state) -> list[str]:
    """The legal actions as text."""
    return [state.action_to_string(a) for a in state.legal_actions()]


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
