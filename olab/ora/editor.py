"""Edit a position directly: for tests, puzzles and analysis.

An edit makes the edited position the root of the state's history (undo stops
there).  Nothing here checks that the position could arise in a real game; the
engine plays on from whatever it is given.

>>> import olab
>>> from olab.ora.editor import Editor
>>> state = olab.load("ora_et_labora", players=2, length="long").new_initial_state(colors="RG")
>>> ed = Editor(state)
>>> ed.goods(0, wood=5, clay=0)
>>> ed.place(0, "F04", 3, 0)                       # a Windmill on Red's free plains space
>>> "USE F04" in [state.action_to_string(a) for a in state.legal_actions()]
True
"""
from __future__ import annotations

import functools

from olab_core.ora import _engine as core

from .board import WHEEL_VALUES
from .notation import LETTERS_GOOD

__all__ = ["Editor", "play"]

GOOD_CODES = core.GOOD_CODES
CARD_CODES = core.CARD_CODES
TOKENS = ("grain", "sheep", "clay", "coin", "wood", "peat", "joker", "grapes", "stone")
_TILE_KINDS = {"PLAINS": 0, "HILLS": 1, "COAST": 2, "MOUNTAIN": 3}


def _good_index(name: str) -> int:
    if name in GOOD_CODES:
        return GOOD_CODES.index(name)
    if name in LETTERS_GOOD:
        return LETTERS_GOOD[name]
    raise KeyError(f"unknown good {name!r}")


def _card_id(code: str) -> int:
    aliases = {"forest": "LFO", "moor": "LMO"}
    code = aliases.get(code, code)
    if len(code) == 3 and code[0] == "L" and code[1] in "RGBW" and code[2] in "123":
        code = "L" + code[2]
    if len(code) == 3 and code[0] == "S" and code[1] in "RGBW":
        code = "S0" + code[2]
    if code not in CARD_CODES or not code:
        raise KeyError(f"unknown card {code!r}")
    return CARD_CODES.index(code)


def _all_or_nothing(method):
    # an edit that raises leaves the state as it was, position and history
    # (issue 27: a refused edit could keep its first, valid, part)
    @functools.wraps(method)
    def edit(self, *args, **kwargs):
        keep = self.state.clone()
        try:
            return method(self, *args, **kwargs)
        except BaseException:
            self.state._assign(keep)
            raise
    return edit


class Editor:
    """Change a :class:`~olab.ora.State` in place.

    Every edit is all or nothing: one that raises (a seat, a count or a card
    out of range) leaves the state exactly as it was, history included.
    """

    def __init__(self, state):
        self.state = state

    def _done(self):
        self.state._reset_history()

    @_all_or_nothing
    def goods(self, seat: int, **counts: int) -> None:
        """Set goods of a seat, e.g. ``goods(0, wood=3, coin=10)`` (others unchanged).

        Raises
        ------
        ValueError
            For a seat that is not in the game or a count outside 0..9999
            (nothing is changed then).
        """
        indices = {name: _good_index(name) for name in counts}
        for name, n in counts.items():
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 9999:
                raise ValueError(f"{name}: a count of goods is an int in 0..9999, not {n!r}")
        self.state._seat_count(seat)
        for name, n in counts.items():
            self.state._set_goods(seat, indices[name], n)
        self._done()

    @_all_or_nothing
    def clear_goods(self, seat: int) -> None:
        """Remove every goods tile of a seat."""
        for g in range(len(GOOD_CODES) - 1):
            self.state._set_goods(seat, g, 0)
        self._done()

    @_all_or_nothing
    def place(self, seat: int, card: str, col: int, row: int) -> None:
        """Put a card (``"F04"``, ``"L1"``, ``"forest"``, ``"S01"``) on an existing space."""
        sp = self.space(seat, col, row)
        self.state._put_card(seat, sp, _card_id(card))
        self._done()

    @_all_or_nothing
    def clear(self, seat: int, col: int, row: int) -> None:
        """Empty a space."""
        self.state._put_card(seat, self.space(seat, col, row), 0)
        self._done()

    @_all_or_nothing
    def space(self, seat: int, col: int, row: int) -> int:
        """The core's index of the space at ``(col, row)`` of ``seat``'s landscape.

        Raises
        ------
        ValueError
            If the landscape has no such space.
        """
        sp = self.state._space_at(seat, col, row)
        if sp < 0:
            raise ValueError(f"seat {seat} has no space ({col}, {row})")
        return sp

    @_all_or_nothing
    def district(self, seat: int, row: int, side: str = "PLAINS") -> None:
        """Add a district (``PLAINS`` or ``HILLS``) in a row, without paying for it."""
        self.state._add_tile(seat, row, _TILE_KINDS[side])
        self._done()

    @_all_or_nothing
    def plot(self, seat: int, row: int, side: str = "COAST") -> None:
        """Add a plot (``COAST`` or ``MOUNTAIN``) whose top row is ``row``, without paying for it."""
        self.state._add_tile(seat, row, _TILE_KINDS[side])
        self._done()

    @_all_or_nothing
    def display(self, *cards: str) -> None:
        """Set the building display to exactly these cards."""
        self.state._set_display([_card_id(c) for c in cards])
        self._done()

    @_all_or_nothing
    def hand(self, seat: int, *settlements: str) -> None:
        """Set the settlement cards in a seat's hand (``"S01"``...)."""
        self.state._set_hand(seat, [_card_id(c) for c in settlements])
        self._done()

    @_all_or_nothing
    def clergy(self, seat: int, slot: str, at=None) -> None:
        """Move a clergyman: ``slot`` is ``"lay_brother_1"``, ``"lay_brother_2"`` or
        ``"prior"``; ``at`` is ``None`` (home) or ``(owner_seat, col, row)``."""
        index = ("lay_brother_1", "lay_brother_2", "prior").index(slot)
        loc = "home" if at is None else (at[0], self.space(at[0], at[1], at[2]))
        self.state._set_clergy(seat, index, loc)
        self._done()

    @_all_or_nothing
    def wheel(self, arm: int | None = None, **tokens) -> None:
        """Set the arm and token slots (``None`` = token off the wheel).

        ``value(token)`` is the value of a token ``value`` slots behind the arm:
        ``wheel(arm=0, clay=13 - 5)`` puts the clay token 5 slots behind.
        """
        if arm is not None:
            self.state._set_arm(arm % 13)
        for name, slot in tokens.items():
            self.state._set_token(TOKENS.index(name), None if slot is None else slot % 13)
        self._done()

    @_all_or_nothing
    def token_value(self, **values: int) -> None:
        """Place tokens so that each is worth the given distance-based value.

        ``token_value(clay=5)`` puts the clay token where it is worth 5 (using
        the wheel side of the game).  Values must exist on that side.
        """
        arm, _slots, _vals = self.state._wheel()
        side = WHEEL_VALUES["back" if self.state._config()["wheel_back"] else "front"]
        for name, value in values.items():
            d = side.index(value)
            self.state._set_token(TOKENS.index(name), (arm - d) % 13)
        self._done()

    @_all_or_nothing
    def turn(self, **fields) -> None:
        """Set turn fields: ``round``, ``main_used``, ``land_bought``, ``wonders``,
        ``fee_raised``, ``in_bonus``, ``districts_taken``, ``plots_taken``, ``phase_letter``."""
        self.state._set_turn(**fields)
        self._done()

    @_all_or_nothing
    def bonus(self, **fields) -> None:
        """Grant bonus actions: ``build``, ``fell``, ``cut``, ``settle``, ``district``, ``plot``."""
        self.state._set_bonus(**fields)
        self._done()


def play(state, *moves: str) -> None:
    """Apply moves given as text, in order."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
