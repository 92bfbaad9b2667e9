"""The commands other than ``USE``: decoders (import) and encoders (export) side by side.

A decoder ``decode(player, cmd, verb, args)`` plays one kennerspiel command
as olab decisions; an encoder ``encode(replay, history, i, lines, words)``
writes the olab actions from ``history[i]`` on as one command, appends it to
``lines`` and returns the index after the actions it used.  ``COMMIT``,
``CONVERT``, ``FELL_TREES``, ``CUT_PEAT``, ``BUY_DISTRICT``, ``BUY_PLOT`` and
``WORK_CONTRACT`` are written as olab's notation writes them (``VERBATIM``).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..notation import LETTERS_GOOD
from .common import GOOD_CODES, G, Unreplayable, goods_str, letters, parse_goods

if TYPE_CHECKING:
    from .player import Player

# commands whose olab text is the kennerspiel command
VERBATIM = ("COMMIT", "BUY_DISTRICT", "BUY_PLOT", "CONVERT", "FELL_TREES", "CUT_PEAT", "WORK_CONTRACT")


# ------------------------------------------------------------------ CONVERT

def convert(p: Player, cmd: str, verb: str, args: list[str]) -> None:
    """``CONVERT <goods>``: grain, wine and whiskey one at a time; coin
    denominations are one total in olab, so ``Pn`` / ``Ni`` change nothing."""
    if len(args) != 1:
        raise Unreplayable("CONVERT takes one goods string")
    goods = parse_goods(args[0])
    for g, n in goods.items():
        if g in ("grain", "wine", "whiskey"):
            for _ in range(n):
                p.do(f"CONVERT {letters(g)}")
        elif g not in ("coin", "coin5"):      # coin denominations: one total in olab
            raise Unreplayable(f"{letters(g)} cannot be converted")


# ------------------------------------------------------------------ BUILD

def build(p: Player, cmd: str, verb: str, args: list[str]) -> None:
    """``BUILD <card> <col> <row>``."""
    if len(args) != 3:
        raise Unreplayable("BUILD takes a building and a column and a row")
    p.do(f"BUILD {args[0]}")
    p.do(f"AT {args[1]} {args[2]}")


def encode_build(replay, history: list[int], i: int, lines: list[str], words: list[str]) -> int:
    """``BUILD`` and its ``AT`` as one command."""
    replay.apply_action(history[i])
    at = replay.action_to_string(history[i + 1])
    replay.apply_action(history[i + 1])
    lines.append(f"BUILD {words[1]} {at[3:]}")
    return i + 2


# ------------------------------------------------------------------ SETTLE

def settle(p: Player, cmd: str, verb: str, args: list[str]) -> None:
    """``SETTLE <settlement> <col> <row> <goods>``."""
    if len(args) not in (3, 4):
        raise Unreplayable("SETTLE takes a settlement, a column, a row and goods")
    p.do(f"SETTLE {args[0]}")
    p.do(f"AT {args[1]} {args[2]}")
    p.pay(parse_goods(args[3]) if len(args) == 4 else Counter())


def encode_settle(replay, history: list[int], i: int, lines: list[str], words: list[str]) -> int:
    """``SETTLE``, its ``AT`` and its payment as one command; straw paid
    with grain is written as a ``CONVERT Gn`` before it."""
    me = replay._turn()["current"]
    replay.apply_action(history[i])
    at = replay.action_to_string(history[i + 1])
    replay.apply_action(history[i + 1])
    i += 2
    paid = Counter()
    grain_as_straw = 0
    while replay._decision()["kind"] == "pay":
        before = replay._goods(me)
        pay = replay.action_to_string(history[i])
        replay.apply_action(history[i])
        g = GOOD_CODES[LETTERS_GOOD[pay.split()[1][:2]]]
        n = len(pay.split()[1]) // 2
        paid[g] += n
        if g == "straw":
            grain_as_straw += max(0, n - before[G["straw"]])
        i += 1
    lines.extend(["CONVERT Gn"] * grain_as_straw)
    lines.append(f"SETTLE {words[1]} {at[3:]} {goods_str(paid)}".rstrip())
    return i


# ------------------------------------------------------------------ FELL_TREES / CUT_PEAT

def fell(p: Player, cmd: str, verb: str, args: list[str]) -> None:
    """``FELL_TREES`` / ``CUT_PEAT <col> <row> [Jo]``; ``-`` is olab's
    notation for the action with no card left."""
    if args == ["-"]:
        p.do(f"{verb} -")
        return
    if len(args) not in (2, 3) or (len(args) == 3 and args[2] != "Jo"):
        raise Unreplayable(f"{verb} takes a column, a row and optionally Jo")
    token = "wood" if verb == "FELL_TREES" else "peat"
    p.do(f"{verb} {args[0]} {args[1]}" + (" Jo" if p.joker(token, len(args) == 3) else ""))


# ------------------------------------------------------------------ BUY_DISTRICT / BUY_PLOT

def buy(p: Player, cmd: str, verb: str, args: list[str]) -> None:
    """``BUY_DISTRICT <row> PLAINS|HILLS`` / ``BUY_PLOT <row> COAST|MOUNTAIN``: olab's own text."""
    p.do(cmd)


# ------------------------------------------------------------------ WORK_CONTRACT

def work_contract(p: Player, cmd: str, verb: str, args: list[str]) -> None:
    """``WORK_CONTRACT <card> <payment> [WITH_PRIOR]`` (the last only in solo)."""
    if len(args) not in (2, 3) or (len(args) == 3 and args[2] != "WITH_PRIOR"):
        raise Unreplayable("WORK_CONTRACT takes a building, a payment and optionally WITH_PRIOR")
    pay = args[1]
    if pay in ("Wn", "Wh"):
        text = f"WORK_CONTRACT {args[0]} {pay}"
    elif set(parse_goods(pay)) <= {"coin", "coin5"}:
        text = f"WORK_CONTRACT {args[0]} Pn"
    else:
        raise Unreplayable(f"a work contract is paid in coins, wine or whiskey, not {pay}")
    p.do(text)
    if p.kind() == "owner" and p.s._config()["players"] == 1:
        p.do("WITH_PRIOR" if len(args) == 3 else "WITH_LAYBROTHER")


def encode_owner(replay, history: list[int], i: int, lines: list[str], solo: bool) -> int:
    """The owner's answer to a work contract; in solo the player's choice for
    the neutral player rides on the contract's line."""
    text = replay.action_to_string(history[i])
    if solo:
        if text == "WITH_PRIOR":
            lines[-1] += " WITH_PRIOR"
    else:
        lines.append(text)
    replay.apply_action(history[i])
    return i + 1


DECODERS = {
    "CONVERT": convert, "BUILD": build, "SETTLE": settle, "FELL_TREES": fell, "CUT_PEAT": fell,
    "BUY_DISTRICT": buy, "BUY_PLOT": buy, "WORK_CONTRACT": work_contract,
}
ENCODERS = {"BUILD": encode_build, "SETTLE": encode_settle}
