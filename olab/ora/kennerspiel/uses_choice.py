"""``USE`` parameters of the cards that take goods of different kinds or choose an output.

Decoders and encoders side by side (see :mod:`.uses_simple`): Cloister
Courtyard, Market, Chamber of Wonders, Filial Church (goods of different
kinds), False Lighthouse, Sacred Site and Druid's House (a chosen output).
"""
from __future__ import annotations

from collections import Counter

from .common import Driver, G, UseRecord, goods_str, letters, reference_bug
from .reference import Rejected
from .uses_coins import forfeited


# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []

BASIC = ("wood", "clay", "peat", "sheep", "grain", "coin")


def pick_kinds(p: Driver, goods: Counter, count: int) -> None:
    """Hand in one of each of ``count`` kinds of ``goods`` at olab's pick decision."""
    for g in sorted(goods, key=lambda g: G[g])[:count]:
        p.answer("pick", f"PICK {letters(g)}")


# ------------------------------------------------------------------ Cloister Courtyard (#87-89)
# 3 units of 3 kinds, then 1 unit of a basic good (6 of it); Jo is ignored

def courtyard(p: Driver, card: str, params: list[str]) -> None:
    if not params:                               # olab's export of a declined use
        p.place()
        p.answer("pick", "SKIP", optional=True)
        return
    given_tok, out_tok = p.params(card, params, 2)
    given, out = p.goods(given_tok), p.goods(out_tok)
    if sum(given.values()) != 3 or len(given) != 3:
        raise Rejected("the Cloister Courtyard takes 3 goods of 3 different kinds")
    if sum(out.values()) != 1 or set(out) - set(BASIC):
        raise Rejected("the Cloister Courtyard gives one kind of basic good")
    ref = p.reference()
    ref.pay(given)
    good = next(iter(out))
    ref.gain(Counter({good: 6}))
    p.place()
    pick_kinds(p, given, 3)
    p.answer("take", f"TAKE {letters(good)}")


def enc_courtyard(u: UseRecord) -> str:
    if u.skipped or not u.picks:
        return "-"          # declined: kennerspiel refuses a bare USE G02, so olab's form
    return f"{enc_picks(u)} {letters(u.takes[0][0])}"


# ------------------------------------------------------------------ Market (#127), Chamber of Wonders (#162),
# Filial Church (#113, #114)

def picks(count: int):
    # Market: exactly 4 units of 4 kinds ('' does nothing); Chamber of Wonders:
    # exactly 13 kinds, duplicates paid; Filial Church: 5 kinds or more, all
    # paid, fewer do nothing
    def decode(p: Driver, card: str, params: list[str]) -> None:
        (tok,) = p.params(card, params, 1)
        goods = p.goods(tok)
        kinds = len(goods)
        ref = p.reference()
        if not goods or (card == "I32" and kinds < 5):
            if goods:
                p.warn(f"{tok!r} holds {kinds} kinds: kennerspiel's Filial Church does nothing with fewer than 5")
            p.place()
            p.answer("pick", "SKIP", optional=True)
            return
        if card == "F08" and (kinds != 4 or sum(goods.values()) != 4):
            raise Rejected("the Market takes 4 goods of 4 different kinds")
        if card == "F25":
            if kinds != 13:
                raise Rejected("the Chamber of Wonders takes 13 different goods")
            if p.s._turn()["wonders"] == 0:
                raise Rejected("kennerspiel's Chamber of Wonders refuses a use when no Wonder is left")
        ref.pay(goods)
        ref.gain({"F08": Counter(bread=1, coin=7), "F25": Counter(wonder=1),
                  "I32": Counter(reliquary=1)}[card])
        if card == "F25":
            ref.wonders -= 1
        p.place()
        pick_kinds(p, goods, count)
    return decode


def enc_picks(u: UseRecord) -> str:
    return "".join(letters(g) for g in u.picks) + forfeited(u)


# ------------------------------------------------------------------ False Lighthouse (#111, #112)
# exactly one of (one Wh, one Be); the gain is 3 coins + every Wh and Be written

def false_lighthouse(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    if not goods:                               # olab's export of a declined use
        p.place()
        p.answer("take", "SKIP")
        return
    drinks = p.unread(card, goods, ("beer", "whiskey"))
    if (drinks["whiskey"] == 1) == (drinks["beer"] == 1):
        raise Rejected("the False Lighthouse takes Be or Wh")
    if sum(drinks.values()) > 1:
        raise reference_bug(f"kennerspiel's False Lighthouse given {goods_str(drinks)} hands out every drink "
                            "written: goods from nothing (REPORT.md section 3, case 111)")
    drink = next(iter(drinks))
    ref = p.reference()
    ref.gain(Counter({"coin": 3, drink: 1}))
    p.place()
    p.answer("take", f"TAKE {letters(drink)}")


def enc_take_one(u: UseRecord) -> str:
    if u.skipped or not u.takes:
        return "-"
    return letters(u.takes[0][0])


# ------------------------------------------------------------------ Sacred Site (#135-137)
# always a book; 2 grain or 2 malt, 1 beer or 1 whiskey only where one of the
# pair is written alone; nothing is paid.  olab's card gives all three, so
# what kennerspiel does not give is forfeited (UNDER)

def sacred_site(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.unread(card, p.goods(tok), ("grain", "malt", "beer", "whiskey"))
    firsts = [g for g in ("grain", "malt") if goods[g]]
    seconds = [g for g in ("beer", "whiskey") if goods[g]]
    first = firsts[0] if len(firsts) == 1 else None
    second = seconds[0] if len(seconds) == 1 else None
    ref = p.reference()
    ref.gain(Counter({"book": 1, **({first: 2} if first else {}), **({second: 1} if second else {})}))
    ref.why = "kennerspiel's Sacred Site gives less than offered (" + ", ".join(
        [w for w, g in (("no grain or malt", first), ("no beer or whiskey", second)) if g is None]) + ")"
    p.place()
    p.answer("take", f"TAKE {letters(first or 'grain')}")
    p.answer("take", f"TAKE {letters(second or 'beer')}")


def enc_sacred_site(u: UseRecord) -> str:
    if u.skipped or not u.takes:
        return "-"
    return "".join(letters(g) for g, _ in u.takes if not u.forfeits[g])


# ------------------------------------------------------------------ Druid's House (#99, #100)
# no Bo: nothing; every Bo written is paid; 5 of one basic good and 3 of another

def druids_house(p: Driver, card: str, params: list[str]) -> None:
    books_tok, out_tok = p.params(card, params, 2)
    books = p.goods(books_tok)["book"]
    ref = p.reference()
    if not books:
        p.place()
        p.amount(0)
        return
    out = p.unread(card, p.goods(out_tok), BASIC)
    five = [g for g, n in out.items() if n == 5]
    three = [g for g, n in out.items() if n == 3]
    if len(out) != 2 or len(five) != 1 or len(three) != 1:
        raise Rejected("the Druid's House gives 5 of one basic good and 3 of another")
    ref.pay(Counter(book=books))
    ref.gain(out)
    p.place()
    p.amount(1)
    p.answer("take", f"TAKE {letters(five[0])}")
    p.answer("take", f"TAKE {letters(three[0])}")


def enc_druid(u: UseRecord) -> str:
    if not u.amount(1) or len(u.takes) < 2:
        return ""
    return f"Bo{forfeited(u)} {letters(u.takes[0][0]) * 5}{letters(u.takes[1][0]) * 3}"


CARDS = {
    "G02": (courtyard, enc_courtyard), "F08": (picks(4), enc_picks), "F25": (picks(13), enc_picks),
    "I32": (picks(5), enc_picks), "I08": (false_lighthouse, enc_take_one),
    "I14": (sacred_site, enc_sacred_site), "I15": (druids_house, enc_druid),
}
