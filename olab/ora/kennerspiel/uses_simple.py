"""``USE`` parameters of the wheel cards, plain gains, lent uses, forests and upgrades.

Each family has its decoder (kennerspiel parameters -> olab decisions, called
as ``decode(player, card, params)``; it calls ``player.place()`` once it has
read the parameters) and its encoder (the decisions gathered in a
:class:`~.common.UseRecord` -> the parameters) side by side; ``CARDS`` maps
each card to the pair.  The section numbers are those of REPORT.md
(``tools/kennerspiel-corpus/leniency``), ``#n`` its cases.
"""
from __future__ import annotations


from .common import Driver, Unreplayable, UseRecord, card_name, letters, parse_int, reference_bug
from .reference import Rejected


# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []


# ------------------------------------------------------------------ production wheel
# Clay Mound, Cloister Office, Grapevines, Quarries: the joker iff "Jo" is
# anywhere in the first parameter; nothing else is read (section 3, #5, #6, #108-110)

WHEEL = {"L1": "clay", "L3": "coin", "F14": "grapes", "F31": "grapes", "G22": "stone", "F29": "stone"}


def wheel(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    asked = "Jo" in tok
    if tok not in ("", "Jo"):
        p.warn(f"{tok!r}: kennerspiel's {card_name(card)} reads only whether 'Jo' is in its parameter")
    joker = p.joker(WHEEL[card], asked)
    p.place()
    # with neither the token nor the joker on the wheel there is nothing to take
    p.answer("take", f"TAKE {letters(WHEEL[card])}" + (" Jo" if joker else ""), optional=True)


def enc_wheel(u: UseRecord) -> str:
    if u.skipped or not u.takes:
        return "-"
    good, joker = u.takes[0]
    return "Jo" if joker else ""


# ------------------------------------------------------------------ Farmyard: Sh or Gn, [Jo]
# the first parameter must contain Sh or Gn; both is a reference bug (#104, #105)

def farmyard(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    sheep, grain = "Sh" in tok, "Gn" in tok
    if sheep and grain:
        raise reference_bug("kennerspiel's Farmyard given both Sh and Gn hands out sheep and grain and "
                            "resets only one token: goods from nothing (REPORT.md section 3, cases 104-105)")
    if not (sheep or grain):
        raise Rejected("the Farmyard takes Sh or Gn, optionally with Jo")
    good = "Sh" if sheep else "Gn"
    asked = "Jo" in tok
    if tok not in (good, "Jo" + good, good + "Jo"):
        p.warn(f"{tok!r}: kennerspiel's Farmyard reads only whether {good} and Jo are in its parameter")
    joker = p.joker("sheep" if sheep else "grain", asked)
    p.place()
    p.answer("take", f"TAKE {good}" + (" Jo" if joker else ""), optional=True)


def enc_farmyard(u: UseRecord) -> str:
    if u.skipped or not u.takes:
        return "-"
    good, joker = u.takes[0]
    return ("Jo" if joker else "") + letters(good)


# ------------------------------------------------------------------ no parameters
# plain gains, the Castle, and the cards that lend a use (its target comes
# with the next USE); a parameter is ignored (#146-150, #171)

def nothing(p: Driver, card: str, params: list[str]) -> None:
    p.params(card, params, 0)
    p.place()
    if p.kind() == "accept":
        p.do("ACCEPT")


def enc_nothing(u: UseRecord) -> str:
    return "-" if u.skipped else ""


# ------------------------------------------------------------------ forests: <c> <r> ...
# Carpentry and Forest Hut read one coordinate pair, the Printing Office up to
# four (#151-154); a Carpentry without numbers does nothing (#152)

def forests(card: str, p: Driver, params: list[str]) -> None:
    if card == "F38":
        if len(params) % 2:
            raise Rejected("forests are given as column row pairs")
        if len(params) > 8:
            p.warn(f"{' '.join(params[8:])!r} ignored: kennerspiel's Printing Office reads at most 4 forests")
        toks = params[:8]
    else:
        toks = p.params(card, params, 2) if params else []
    coords = [(parse_int(toks[i]), parse_int(toks[i + 1])) for i in range(0, len(toks), 2)]
    if any(c is None or r is None for c, r in coords):
        if card != "F10":
            raise Unreplayable(f"{card} needs the column and row of a forest")
        p.warn(f"{' '.join(t for t in toks if t)!r}: no coordinates, so kennerspiel's Carpentry does nothing")
        coords = []
    for (c, r), i in zip(coords, range(0, len(toks), 2)):
        if (str(c), str(r)) != (toks[i], toks[i + 1]):
            p.warn(f"{toks[i]} {toks[i + 1]!r} read as {c} {r} (kennerspiel reads numbers as parseInt does)")
    if len(set(coords)) != len(coords):
        raise Rejected("the same forest twice")
    p.place()
    me = p.s.current_player()
    for c, r in sorted(coords, key=lambda cr: p.s._space_at(me, cr[0], cr[1])):
        p.answer("space", f"AT {c} {r}")
    if p.kind() == "space":
        p.do("DONE" if "DONE" in p.texts() else "SKIP")


def enc_forests(u: UseRecord) -> str:
    if not u.spaces and u.card == "I29":
        return "-"          # no forest cleared: a bare USE I29 throws in kennerspiel, so olab's form
    return " ".join(f"{c} {r}" for c, r in u.spaces)


# ------------------------------------------------------------------ Pilgrimage Site: up to 2 upgrades
# each of the first two parameters holds at most one Bo / Ce / Or; other goods
# and a third parameter are ignored (#129-131)

POINT_STEPS = ("book", "ceramic", "ornament")


def pilgrimage(p: Driver, card: str, params: list[str]) -> None:
    toks = p.params(card, params, 2)
    ups = []
    for tok in toks:
        goods = p.goods(tok)
        step = {g: n for g, n in goods.items() if g in POINT_STEPS}
        if sum(step.values()) > 1:
            raise Rejected("an upgrade takes one book, ceramic or ornament")
        p.unread(card, goods, POINT_STEPS)
        ups += list(step)
    p.place()
    for g in ups:
        p.answer("upgrade", f"UPGRADE {letters(g)}")
    if p.kind() == "upgrade":
        p.do("SKIP")


def enc_pilgrimage(u: UseRecord) -> str:
    return " ".join(letters(g) for g in u.upgrades)


def _forests(card: str):
    def decode(p: Driver, _card: str, params: list[str]) -> None:
        forests(card, p, params)
    return decode


CARDS = {
    **{card: (wheel, enc_wheel) for card in WHEEL},
    "L2": (farmyard, enc_farmyard),
    **{card: (nothing, enc_nothing)
       for card in ("G01", "F09", "F40", "G28", "F11", "G16", "I09", "I10", "I11", "I40")},
    "F10": (_forests("F10"), enc_forests), "F38": (_forests("F38"), enc_forests),
    "I29": (_forests("I29"), enc_forests),
    "F36": (pilgrimage, enc_pilgrimage),
}
