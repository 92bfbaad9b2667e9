"""``USE`` parameters of the fixed exchanges, counted conversions and "different goods" cards.

Decoders and encoders side by side (see :mod:`.uses_simple`): one-time
exchanges (Grain Storage, Builders' Market, Shipyard ...), n times one good or
one pair (Windmill, Slaughterhouse ...), the Palace's drink, the Sacristy, the
Forger's Workshop, and the cards that take goods of different kinds
(Cloister Courtyard, Market, Chamber of Wonders, Filial Church).
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .common import MONEY, G, Unreplayable, UseRecord, letters, parse_goods, reference_bug, value
from .uses_simple import enc_nothing

if TYPE_CHECKING:
    from .player import Player


def one(params: list[str], n: int = 1) -> list[Counter]:
    """The first ``n`` parameters as goods (missing ones empty); more are refused."""
    if len(params) > n:
        raise Unreplayable(f"too many parameters: {' '.join(params)}")
    return [parse_goods(p) for p in params] + [Counter()] * (n - len(params))


# ------------------------------------------------------------------ one fixed exchange, at most once

def exchange(expected: Counter):
    # the goods must be exactly those of the card
    def decode(p: Player, card: str, params: list[str]) -> None:
        (goods,) = one(params)
        if not goods:
            p.amount(0)
            return
        paid = Counter(goods)
        if set(expected) <= {"coin"}:
            if set(paid) - set(MONEY):
                raise Unreplayable(f"{card} costs {expected['coin']} coin(s), not {params[0]}")
            if value(paid, MONEY) > expected["coin"]:
                raise reference_bug(f"kennerspiel takes {params[0]} for {card}'s {expected['coin']} "
                                    "coin(s) without giving change; the rules make change")
            if value(paid, MONEY) < expected["coin"]:
                raise Unreplayable(f"{card} costs {expected['coin']} coin(s), not {params[0]}")
        elif paid != expected:
            raise Unreplayable(f"{card} takes exactly {''.join(letters(g) * n for g, n in expected.items())}")
        p.amount(1)
    return decode


def enc_exchange(goods: str):
    def enc(u: UseRecord) -> str:
        return goods if u.amount(1) else ""
    return enc


def exchange_pair(goods: Counter, text: str):
    return exchange(goods), enc_exchange(text)


# ------------------------------------------------------------------ n times one good / one pair

def count_of(good: str, cap=None):
    # n times one good in, e.g. the Windmill's grain
    def decode(p: Player, card: str, params: list[str]) -> None:
        if params == ["-"]:
            p.answer(p.kind(), "SKIP")
            return
        (goods,) = one(params)
        if set(goods) - {good}:
            raise Unreplayable(f"{card} takes only {letters(good)}")
        n = goods[good]
        if cap is not None and n > cap:
            raise Unreplayable(f"{card} converts at most {cap}")
        p.amount(n)
    return decode


def enc_count(good: str):
    def enc(u: UseRecord) -> str:
        if u.skipped:
            return "-"
        return letters(good) * u.amount(1)
    return enc


def pairs(a: str, b: str, cap=None):
    # n times a + b in, e.g. the Slaughterhouse's sheep + straw
    def decode(p: Player, card: str, params: list[str]) -> None:
        (goods,) = one(params)
        if set(goods) - {a, b} or goods[a] != goods[b]:
            raise Unreplayable(f"{card} takes {letters(a)}{letters(b)} pairs; anything else is lost")
        n = goods[a]
        if cap is not None and n > cap:
            raise Unreplayable(f"{card} converts at most {cap}")
        p.amount(n)
    return decode


def enc_pairs(a: str, b: str):
    def enc(u: UseRecord) -> str:
        return (letters(a) + letters(b)) * u.amount(1)
    return enc


# ------------------------------------------------------------------ Palace / Grand Manor: the drink

def palace(drink: str):
    # the drink is paid when the lent use is taken (the next USE)
    def decode(p: Player, card: str, params: list[str]) -> None:
        (goods,) = one(params)
        if set(goods) - {drink} or goods[drink] > 1:
            raise Unreplayable(f"{card} takes one {letters(drink)}")
    return decode


# ------------------------------------------------------------------ Sacristy, Forger's Workshop

def sacristy(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    if not goods:
        raise reference_bug("kennerspiel's Sacristy used with nothing handed in takes a Wonder out "
                            "of the supply (a reference-engine bug neither preset copies)")
    if goods != Counter({"book": 1, "ceramic": 1, "ornament": 1, "reliquary": 1}):
        raise reference_bug("kennerspiel's Sacristy pays a Wonder for less than a book, a ceramic, an "
                            "ornament and a reliquary (a reference-engine bug neither preset copies)")
    if p.s._turn()["wonders"] == 0:
        raise reference_bug("kennerspiel's Sacristy gives a Wonder when none is left")
    p.amount(1)


def enc_sacristy(u: UseRecord) -> str:
    # an empty kennerspiel Sacristy use loses a Wonder (its bug): olab writes "-"
    return "BoCeOrRq" if u.amount(1) else "-"


def forger(p: Player, card: str, params: list[str]) -> None:
    if params == ["-"]:                          # olab notation: the use without a reliquary
        p.amount(0)
        return
    (goods,) = one(params)
    money = value(goods, MONEY)
    if set(goods) - set(MONEY):
        raise Unreplayable("the Forger's Workshop takes coins")
    if money < 5:
        raise reference_bug("kennerspiel's Forger's Workshop takes a reliquary away when used with "
                            "fewer than 5 coins (a reference-engine bug neither preset copies)")
    if (money - 5) % 10:
        raise Unreplayable(f"{money} coins do not buy whole reliquaries (5, 15, 25, ...)")
    p.amount(1 + (money - 5) // 10)


def enc_forger(u: UseRecord) -> str:
    # an empty kennerspiel use takes a reliquary away (its bug): olab writes "-"
    r = u.amount(1)
    return "Pn" * (5 + 10 * (r - 1)) if r else "-"


# ------------------------------------------------------------------ goods of different kinds

def pick_all(p: Player, given: Counter, count: int) -> None:
    if sum(given.values()) != count or any(n != 1 for n in given.values()):
        raise Unreplayable(f"{count} goods of {count} different kinds are needed")
    for g in sorted(given, key=lambda g: G[g]):
        p.answer("pick", f"PICK {letters(g)}")


def picks(count: int):
    def decode(p: Player, card: str, params: list[str]) -> None:
        (goods,) = one(params)
        if not goods:
            p.answer("pick", "SKIP", optional=True)
            return
        pick_all(p, goods, count)
    return decode


def enc_picks(u: UseRecord) -> str:
    return "".join(letters(g) for g in u.picks)


def courtyard(p: Player, card: str, params: list[str]) -> None:
    if not params:
        p.answer("pick", "SKIP", optional=True)
        return
    if len(params) != 2:
        raise Unreplayable("the Cloister Courtyard takes 3 different goods and a basic good")
    given, out = parse_goods(params[0]), parse_goods(params[1])
    pick_all(p, given, 3)
    if len(out) != 1 or sum(out.values()) != 1:
        raise Unreplayable("the Cloister Courtyard gives one kind of basic good")
    p.answer("take", f"TAKE {letters(next(iter(out)))}")


def enc_courtyard(u: UseRecord) -> str:
    if not u.picks:
        return ""
    return f"{enc_picks(u)} {letters(u.takes[0][0])}"


COIN = Counter({"coin": 1})
CARDS = {
    "F03": exchange_pair(COIN, "Pn"), "F15": exchange_pair(COIN, "Pn"),
    "F23": exchange_pair(COIN, "Pn"), "F32": exchange_pair(COIN, "Pn"),
    "G13": exchange_pair(Counter({"coin": 2}), "PnPn"), "F30": exchange_pair(Counter({"ceramic": 1}), "Ce"),
    "G26": exchange_pair(Counter({"wood": 2}), "WoWo"),
    "I03": exchange_pair(COIN, "Pn"), "I17": exchange_pair(COIN, "Pn"),
    "I23": exchange_pair(Counter({"coin": 2}), "PnPn"), "I25": exchange_pair(Counter({"reliquary": 1}), "Rq"),
    "I37": exchange_pair(Counter({"book": 1}), "Bo"),
    "F04": (count_of("grain", cap=7), enc_count("grain")), "I04": (count_of("grain"), enc_count("grain")),
    "G07": (count_of("peat"), enc_count("peat")), "I30": (count_of("meat", cap=4), enc_count("meat")),
    "G19": (pairs("sheep", "straw"), enc_pairs("sheep", "straw")),
    "F24": (pairs("bread", "wine", cap=2), enc_pairs("bread", "wine")),
    # the drink is written once the lent use is known (exporter)
    "F27": (palace("wine"), enc_nothing), "I27": (palace("whiskey"), enc_nothing),
    "G34": (sacristy, enc_sacristy), "F35": (forger, enc_forger),
    "G02": (courtyard, enc_courtyard), "F08": (picks(4), enc_picks), "F25": (picks(13), enc_picks),
    "I32": (picks(5), enc_picks),
}
