"""``USE`` parameters of the wheel cards, plain gains, lent uses, forests and upgrades.

Each family has its decoder (kennerspiel parameters -> olab decisions, called
as ``decode(player, card, params)``) and its encoder (the decisions gathered
in a :class:`~.common.UseRecord` -> the parameters) side by side; ``CARDS``
maps each card to the pair.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .common import Unreplayable, UseRecord, letters, parse_goods

if TYPE_CHECKING:
    from .player import Player


# ------------------------------------------------------------------ production wheel
# Clay Mound, Cloister Office, Grapevines, Quarries: [Jo]

WHEEL = {"L1": "clay", "L3": "coin", "F14": "grapes", "F31": "grapes", "G22": "stone", "F29": "stone"}


def wheel(p: Player, card: str, params: list[str]) -> None:
    if params == ["-"]:                          # olab notation: a use without the function
        p.answer("take", "SKIP")
        return
    good = WHEEL[card]
    if params and params[0].replace("Jo", ""):
        raise Unreplayable(f"{card} takes only Jo")
    joker = p.joker(good, bool(params) and "Jo" in params[0])
    # with neither the token nor the joker on the wheel there is nothing to take
    p.answer("take", f"TAKE {letters(good)}" + (" Jo" if joker else ""), optional=True)


def enc_wheel(u: UseRecord) -> str:
    if u.skipped or not u.takes:
        return "-"
    good, joker = u.takes[0]
    return "Jo" if joker else ""


# ------------------------------------------------------------------ Farmyard: Sh or Gn, [Jo]

def farmyard(p: Player, card: str, params: list[str]) -> None:
    if params == ["-"]:
        p.answer("take", "SKIP")
        return
    if len(params) != 1:
        raise Unreplayable("the Farmyard takes Sh or Gn, optionally with Jo")
    tok = params[0]
    joker = "Jo" in tok
    rest = tok.replace("Jo", "")
    if rest not in ("Sh", "Gn"):
        raise Unreplayable("the Farmyard takes Sh or Gn, optionally with Jo")
    joker = p.joker("sheep" if rest == "Sh" else "grain", joker)
    p.answer("take", f"TAKE {rest}" + (" Jo" if joker else ""), optional=True)


def enc_farmyard(u: UseRecord) -> str:
    if u.skipped or not u.takes:
        return "-"
    good, joker = u.takes[0]
    return ("Jo" if joker else "") + letters(good)


# ------------------------------------------------------------------ no parameters
# plain gains, the Castle, and the cards that lend a use (its target comes
# with the next USE)

def nothing(p: Player, card: str, params: list[str]) -> None:
    if params == ["-"]:
        p.answer("accept", "SKIP", optional=True)
        return
    if params:
        raise Unreplayable(f"{card} takes no parameters")
    if p.kind() == "accept":
        p.do("ACCEPT")


def enc_nothing(u: UseRecord) -> str:
    return "-" if u.skipped else ""


# ------------------------------------------------------------------ forests: <c> <r> ...
# Carpentry and Forest Hut one forest, Printing Office up to 4

def forests(limit: int):
    def decode(p: Player, card: str, params: list[str]) -> None:
        if len(params) % 2:
            raise Unreplayable("forests are given as column row pairs")
        coords = [params[i:i + 2] for i in range(0, len(params), 2)]
        if len(coords) > limit:
            raise Unreplayable(f"{card} removes at most {limit} forest(s)")
        for c, r in sorted(coords, key=lambda cr: p.s._space_at(p.s.current_player(), int(cr[0]), int(cr[1]))):
            p.answer("space", f"AT {c} {r}")
        if p.kind() == "space":
            p.do("DONE" if "DONE" in p.texts() else "SKIP")
    return decode


def enc_forests(u: UseRecord) -> str:
    return " ".join(f"{c} {r}" for c, r in u.spaces)


# ------------------------------------------------------------------ Pilgrimage Site: up to 2 upgrades

def pilgrimage(p: Player, card: str, params: list[str]) -> None:
    if len(params) > 2:
        raise Unreplayable("the Pilgrimage Site takes at most two upgrades")
    for tok in params:
        goods = parse_goods(tok)
        if sum(goods.values()) != 1 or set(goods) - {"book", "ceramic", "ornament"}:
            raise Unreplayable("an upgrade takes one book, ceramic or ornament")
        p.answer("upgrade", f"UPGRADE {letters(next(iter(goods)))}")
    if p.kind() == "upgrade":
        p.do("SKIP")


def enc_pilgrimage(u: UseRecord) -> str:
    return " ".join(letters(g) for g in u.upgrades)


CARDS = {
    **{card: (wheel, enc_wheel) for card in WHEEL},
    "L2": (farmyard, enc_farmyard),
    **{card: (nothing, enc_nothing)
       for card in ("G01", "F09", "F40", "G28", "F11", "G16", "I09", "I10", "I11", "I40")},
    "F10": (forests(1), enc_forests), "F38": (forests(4), enc_forests), "I29": (forests(1), enc_forests),
    "F36": (pilgrimage, enc_pilgrimage),
}
