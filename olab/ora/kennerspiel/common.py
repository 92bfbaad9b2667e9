"""What every part of the kennerspiel importer and exporter shares.

Goods strings (``GnGnSh``) use the one table of two-letter codes in
:mod:`olab.ora.notation` (``GOOD_LETTERS`` / ``LETTERS_GOOD``, aliases
included); kennerspiel has no code for a Wonder, so ``Wd`` is not one of its
codes here.  The value tables are kennerspiel's (board/resource.ts): food,
energy, points and money of each good.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any, Protocol

from olab_core.ora import _engine as core

from ..notation import GOOD_LETTERS, LETTERS_GOOD

# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []

GOOD_CODES = core.GOOD_CODES
CARD_CODES = core.CARD_CODES
# kennerspiel goods codes -> olab goods ids; Pn is a coin, Ni a 5-coin piece
KS_GOOD = {code: g for code, g in LETTERS_GOOD.items() if GOOD_CODES[g] != "wonder"}
G = {name: i for i, name in enumerate(GOOD_CODES)}
TOKENS = ("grain", "sheep", "clay", "coin", "wood", "peat", "joker", "grapes", "stone")

FOOD = {"meat": 5, "beer": 5, "bread": 3, "sheep": 2, "grain": 1, "flour": 1, "malt": 1,
        "grapes": 1, "coin5": 5, "coin": 1, "wine": 1, "whiskey": 2}
ENERGY = {"peat_coal": 3, "peat": 2, "wood": 1, "straw": 0.5}
POINTS = {"reliquary": 8, "ornament": 4, "ceramic": 3, "book": 2, "coin5": 2, "whiskey": 1, "wine": 1}
MONEY = {"coin": 1, "coin5": 5, "wine": 1, "whiskey": 2}
PAY_ORDER = {"food": ["meat", "beer", "bread", "sheep", "grain", "flour", "malt", "grapes", "coin5",
                      "coin", "wine", "whiskey"],
             "energy": ["peat_coal", "peat", "wood", "straw"],
             "points": ["reliquary", "ornament", "ceramic", "book", "coin5", "whiskey", "wine"]}


class Unreplayable(Exception):
    """A kennerspiel command olab's rules cannot reproduce.

    ``reference_bug`` marks behaviour of the reference engine that the rules
    forbid (OPTIONS.md: neither preset copies it).
    """

    def __init__(self, message: str, reference_bug: bool = False):
        super().__init__(message)
        self.reference_bug = reference_bug


def reference_bug(message: str) -> Unreplayable:
    """An :class:`Unreplayable` that names a reference-engine bug."""
    return Unreplayable(message, reference_bug=True)


def parse_goods(token: str, warn=None) -> Counter:
    """A goods string read as kennerspiel reads it: ``"GnGnSh"`` -> Counter({"grain": 2, "sheep": 1}).

    Two characters at a time; ``Jo``, ``Bp``, any other pair that is not a
    goods code (lower case included) and a trailing odd character are
    ignored (REPORT.md section 1, cases 14-17).  ``warn(message)`` is told
    what was dropped; without it a dropped part is refused, as olab's own
    notation refuses it.
    """
    out: Counter[str] = Counter()
    dropped = []
    for i in range(0, len(token) - 1, 2):
        pair = token[i:i + 2]
        if pair in KS_GOOD:
            out[GOOD_CODES[KS_GOOD[pair]]] += 1
        else:
            dropped.append(pair)
    if len(token) % 2:
        dropped.append(token[-1])
    if dropped:
        if warn is None:
            raise Unreplayable(f"goods string {token!r}: {', '.join(map(repr, dropped))} is not a goods code")
        warn(f"{', '.join(map(repr, dropped))} in {token!r} ignored: not a goods code "
             "(kennerspiel reads goods two letters at a time and skips what it does not know)")
    return out


def parse_int(token: str) -> int | None:
    """A number as JavaScript's ``parseInt`` reads it (``"3x"`` -> 3, ``"x3"`` -> None)."""
    m = re.match(r"\s*([+-]?)(0[xX][0-9a-fA-F]+|\d+)", token)
    if not m:
        return None
    digits = m.group(2)
    n = int(digits, 16) if digits[:2] in ("0x", "0X") else int(digits)
    return -n if m.group(1) == "-" else n


def letters(name: str) -> str:
    """The two-letter code of a good (``"grain"`` -> ``"Gn"``)."""
    return GOOD_LETTERS[name]


def goods_str(goods: Counter, order=None) -> str:
    """Goods as a kennerspiel string, in olab's goods order unless ``order`` is given."""
    names = order or sorted(goods, key=lambda g: G[g])
    return "".join(letters(g) * goods[g] for g in names if goods[g] > 0)


def value(goods: Counter, table: dict) -> float:
    """The food / energy / points / money of ``goods`` by one of the tables above."""
    return sum(table.get(g, 0) * n for g, n in goods.items())


def card_name(card: str) -> str:
    """``"G13"`` -> ``"Builders' Market (G13)"`` (a command's name stays as it is)."""
    from ..cards import BUILDINGS
    building = BUILDINGS.get(card)
    return f"{building.name} ({card})" if building is not None else card


def base_code(code: str) -> str:
    """Card code without the colour: ``LR1`` -> ``L1``, ``SG3`` -> ``S03``."""
    if len(code) == 3 and code[0] == "L" and code[1] in "RGBW":
        return "L" + code[2]
    if len(code) == 3 and code[0] == "S" and code[1] in "RGBW":
        return "S0" + code[2]
    return code


#: olab's mark after a Shipping Company or Cooperage use made while the joker is
#: off the wheel (``USE F33 WoWoWoMt JOKER_OFF``): olab's use yields nothing and
#: the joker stays off; kennerspiel would put the joker back, so the same command
#: without the mark is refused as a reference-engine bug
JOKER_OFF = "JOKER_OFF"


class UseRecord:
    """The decisions of one building function, gathered by the exporter for its parameters."""

    def __init__(self, card: str, code: str):
        self.card = card              # base code (L1, G01, I33...)
        self.code = code              # as written (LR1, G01...)
        self.takes: list[tuple[str, bool]] = []   # (good, joker)
        self.amounts: dict[int, int] = {}   # amount by the step it was asked at (0 if olab did not ask)
        self.pays: Counter[str] = Counter()
        self.forfeits: Counter[str] = Counter()   # FORFEIT actions right after the use (kennerspiel took more)
        self.picks: list[str] = []
        self.gains: Counter[str] = Counter()
        self.upgrades: list[str] = []
        self.spaces: list[tuple[int, int]] = []   # (column, row)
        self.skipped = False
        self.accepted = False
        self.straw_from_grain = 0     # straw olab took from grain: kennerspiel converts first
        self.start: list[int] = []    # the user's goods before the use (by good; the exporter sets it)
        self.coal_harbor_peat = False
        self.joker_off = False        # the joker had left the (solo) game before the use

    def amount(self, step: int) -> int:
        """The amount answered at ``step``.  olab asks an amount only when
        there is a choice; every amount starts at 0, so one not asked was 0."""
        return self.amounts.get(step, 0)


class Driver(Protocol):
    """What the command readers (``commands``, ``uses_*``) ask of the one who plays a kennerspiel
    game on an olab state: :class:`~olab.ora.kennerspiel.Player` is it.

    The readers are written against this protocol, not against the class, so
    that no module of the package needs the player's (which imports them all).
    """

    s: Any                      # the olab State being played
    actor: int                  # the seat whose command is read
    kennerspiel: bool           # the kennerspiel preset's rules
    palace_next: str | None     # set by the Palace / Grand Manor being read
    ref: Any                    # the reference engine's view, while a command is compared

    def do(self, text: str) -> None: ...
    def kind(self) -> str: ...
    def texts(self) -> list[str]: ...
    def warn(self, message: str) -> None: ...
    def params(self, card: str, params: list[str], n: int) -> list[str]: ...
    def unread(self, card: str, goods: Counter, reads) -> Counter: ...
    def goods(self, token: str) -> Counter: ...
    def answer(self, kind: str, text: str, optional: bool = False) -> None: ...
    def amount(self, n: int, step: int = 1) -> None: ...
    def pay(self, goods: Counter, exact: bool = True) -> Counter: ...
    def joker(self, token: str, asked: bool) -> bool: ...
    def reference(self) -> Any: ...
    def convert_as_coins(self) -> None: ...
    def check(self) -> None: ...
    def forfeit(self, goods: Counter, why: str) -> None: ...
    def give(self, seat: int, coins: int, why: str) -> None: ...
    def place(self) -> None: ...
