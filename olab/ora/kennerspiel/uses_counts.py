"""``USE`` parameters of the cards that convert a counted good (n times one good or one set).

Decoders and encoders side by side (see :mod:`.uses_simple`): Windmill,
Malthouse, Peat Coal Kiln, Refectory, Slaughterhouse, Cloister Church,
Camera, Coal Harbor, Whiskey Distillery, Dormitory, Brewery, Alehouse and
Winery.  Where kennerspiel pays every good written the rest is forfeited
(LOSS in REPORT.md section 3); where it caps the count the rest stays with the
player (CAP) and a warning says so.
"""
from __future__ import annotations

from collections import Counter

from .common import Driver, G, UseRecord, card_name, goods_str, letters, reference_bug
from .reference import Rejected
from .uses_coins import forfeited


# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []


def capped(p: Driver, card: str, good: str, written: int, cap: int) -> int:
    if written > cap:
        p.warn(f"{written} {letters(good)} written: kennerspiel's {card_name(card)} converts {cap}, the rest stays")
    return min(written, cap)


# ------------------------------------------------------------------ Windmill (#123-125), Malthouse (#126)
# the Windmill converts up to 7 grain with no check that they are held: more
# than the player has is a reference bug (grain below 0)

def windmill(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    grain = p.unread(card, p.goods(tok), ("grain",))["grain"]
    n = capped(p, card, "grain", grain, 7) if card == "F04" else grain
    held = p.s._goods(p.s.current_player())[G["grain"]]
    if n > held:
        if card == "F04":
            raise reference_bug(f"kennerspiel's Windmill converts {n} grain without checking that they are "
                                f"held ({held}): flour and straw from nothing, grain below 0 "
                                "(REPORT.md section 3, case 123)")
        raise Rejected(f"the player does not hold {n} grain")
    ref = p.reference()
    ref.pay(Counter(grain=n))
    ref.gain(Counter(flour=n, straw=n) if card == "F04" else Counter(malt=n, straw=n))
    p.place()
    p.amount(n)


def enc_count(good: str):
    def enc(u: UseRecord) -> str:
        if u.skipped:
            return "-"
        return letters(good) * u.amount(1)
    return enc


# ------------------------------------------------------------------ Peat Coal Kiln (#128), Refectory (#133, #134)

def kiln(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    peat = p.unread(card, p.goods(tok), ("peat",))["peat"]
    p.reference().pay(Counter(peat=peat))       # the gain (coin, coal) is olab's, the same
    p.ref.free.update(("coin", "peat_coal"))
    p.place()
    p.amount(peat)


def refectory(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    meat = capped(p, card, "meat", p.unread(card, p.goods(tok), ("meat",))["meat"], 4)
    ref = p.reference()
    ref.gain(Counter(beer=1, meat=1))
    ref.pay(Counter(meat=meat))
    ref.gain(Counter(ceramic=meat))
    if not p.kennerspiel:
        ref.free.update(("beer", "meat", "ceramic"))   # the printed use may skip the gain
    p.place()
    p.amount(meat)


# ------------------------------------------------------------------ Slaughterhouse: meat = min(Sh, Sw) written (#3, #19-22)
# every good written is paid; a grain is paid but does not count as straw

def slaughterhouse(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    n = min(goods["sheep"], goods["straw"])
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(meat=n))
    p.place()
    p.amount(n)


def enc_slaughterhouse(u: UseRecord) -> str:
    return "ShSw" * u.amount(1) + forfeited(u)


# ------------------------------------------------------------------ Cloister Church: reliquaries = min(2, Br, Wn) (#80-82)
# bread with no wine written gives reliquaries: a reference bug

def church(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    if goods["bread"] and not goods["wine"]:
        raise reference_bug("kennerspiel's Cloister Church gives reliquaries for bread without wine "
                            "(a reference-engine bug neither preset copies; REPORT.md section 3, case 80)")
    n = min(2, goods["bread"], goods["wine"])
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(reliquary=n))
    p.place()
    p.amount(n)


def enc_church(u: UseRecord) -> str:
    return "BrWn" * u.amount(1) + forfeited(u)


# ------------------------------------------------------------------ Camera (#78, #79), Coal Harbor (#9, #67, #68)
# both cap the count and pay only what they use

def camera(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.unread(card, p.goods(tok), ("book", "ceramic"))
    n = min(2, goods["book"], goods["ceramic"])
    if max(goods["book"], goods["ceramic"]) > n:
        p.warn(f"{goods_str(goods)}: kennerspiel's Camera uses {n} book + ceramic pair(s), the rest stays")
    ref = p.reference()
    ref.pay(Counter(book=n, ceramic=n))
    ref.gain(Counter(coin=n, clay=n, reliquary=n))
    p.place()
    p.amount(n)


def enc_pairs(a: str, b: str):
    def enc(u: UseRecord) -> str:
        return (letters(a) + letters(b)) * u.amount(1)
    return enc


def coal_harbor(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    fuel = "peat" if p.s.game.rules.coal_harbor_input == "peat" else "peat_coal"
    if not p.kennerspiel and set(goods) - {fuel}:
        raise Rejected(f"the Coal Harbor takes up to 3 {fuel.replace('_', ' ')} (its printed fuel)")
    n = capped(p, card, fuel, p.unread(card, goods, (fuel,))[fuel], 3)
    ref = p.reference()
    ref.pay(Counter({fuel: n}))
    ref.gain(Counter(whiskey=n, coin=3 * n))
    p.place()
    p.amount(n)


def enc_coal_harbor(u: UseRecord) -> str:
    return ("Pt" if u.coal_harbor_peat else "Co") * u.amount(1)


# ------------------------------------------------------------------ Whiskey Distillery (#143, #144)
# every Ma, Wo and Pt written is paid, 2 whiskey per triple

def distillery(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.unread(card, p.goods(tok), ("malt", "wood", "peat"))
    n = min(goods["malt"], goods["wood"], goods["peat"])
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(whiskey=2 * n))
    p.place()
    p.amount(n)


def enc_distillery(u: UseRecord) -> str:
    return "MaWoPt" * u.amount(1) + forfeited(u)


# ------------------------------------------------------------------ Dormitory: books = min(Sw + Gn, Wo) (#94-98)
# always a ceramic (kennerspiel preset); every good written is paid

def dormitory(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    n = min(goods["straw"] + goods["grain"], goods["wood"])
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(book=n, ceramic=1))
    for _ in range(goods["grain"]):        # a grain handed in as straw: flip it first (olab pays straw)
        p.do("CONVERT Gn")
    p.place()
    p.amount(n)


def enc_dormitory(u: UseRecord) -> str:
    if u.skipped:
        return "-"
    return "SwWo" * u.amount(1) + forfeited(u)


# ------------------------------------------------------------------ Brewery (#75, #76), Alehouse (#69, #70), Winery (#145)

def brewery(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.unread(card, p.goods(tok), ("malt", "grain", "beer"))
    brewed, sold = min(goods["malt"], goods["grain"]), min(goods["beer"], 1)
    if goods["beer"] > 1:
        p.warn(f"{goods['beer']} Be written: kennerspiel's Brewery sells one, the others stay")
    ref = p.reference()
    ref.pay(Counter(malt=goods["malt"], grain=goods["grain"]))
    ref.gain(Counter(beer=brewed))
    ref.pay(Counter(beer=sold))
    ref.gain(Counter(coin=7 * sold))
    p.place()
    p.amount(brewed, 1)
    p.amount(sold, 2)


def alehouse(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.unread(card, p.goods(tok), ("beer", "whiskey"))
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(coin=8 * min(goods["beer"], 1) + 7 * min(goods["whiskey"], 1)))
    p.place()
    p.amount(min(goods["beer"], 1), 1)
    p.amount(min(goods["whiskey"], 1), 2)


def winery(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.unread(card, p.goods(tok), ("grapes", "wine"))
    ref = p.reference()
    ref.pay(Counter(grapes=goods["grapes"]))
    ref.gain(Counter(wine=goods["grapes"]))
    ref.pay(Counter(wine=goods["wine"]))
    ref.gain(Counter(coin=7 if goods["wine"] else 0))
    p.place()
    p.amount(goods["grapes"], 1)
    p.amount(min(goods["wine"], 1), 2)


def enc_two_amounts(a: str, b: str):
    def enc(u: UseRecord) -> str:
        return a * u.amount(1) + b * u.amount(2) + forfeited(u)
    return enc


CARDS = {
    "F04": (windmill, enc_count("grain")), "I04": (windmill, enc_count("grain")),
    "G07": (kiln, enc_count("peat")), "I30": (refectory, enc_count("meat")),
    "G19": (slaughterhouse, enc_slaughterhouse), "F24": (church, enc_church),
    "I36": (camera, enc_pairs("book", "ceramic")), "I31": (coal_harbor, enc_coal_harbor),
    "I21": (distillery, enc_distillery), "F37": (dormitory, enc_dormitory),
    "I05": (brewery, enc_two_amounts("MaGn", "Be")), "I20": (alehouse, enc_two_amounts("Be", "Wh")),
    "F21": (winery, enc_two_amounts("Gp", "Wn")),
}
