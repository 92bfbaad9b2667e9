"""``USE`` parameters of the cards that convert goods by their value (shared and France).

Decoders and encoders side by side (see :mod:`.uses_simple`): Bakery, Fuel
Merchant, Stone Merchant, Cloister Workshop, Inn, Winery, Cloister Library,
Estate, Shipping Company, Dormitory and House of the Brotherhood.  The
encoders write what olab handed in (``UseRecord.pays``) and the amounts.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .common import ENERGY, FOOD, MONEY, Unreplayable, UseRecord, goods_str, letters, parse_goods, value
from .uses_exchange import one

if TYPE_CHECKING:
    from .player import Player


def enc_pays(u: UseRecord) -> str:
    return goods_str(u.pays)


def enc_two_amounts(a: str, b: str):
    def enc(u: UseRecord) -> str:
        return a * u.amount(1) + b * u.amount(2)
    return enc


# ------------------------------------------------------------------ Dormitory: straw/grain + wood pairs

def dormitory(p: Player, card: str, params: list[str]) -> None:
    if params == ["-"]:
        p.answer(p.kind(), "SKIP")
        return
    (goods,) = one(params)
    straw = goods["straw"] + goods["grain"]
    if set(goods) - {"straw", "grain", "wood"} or straw != goods["wood"]:
        raise Unreplayable("the Dormitory takes straw + wood pairs; anything else is lost")
    p.amount(goods["wood"])


def enc_dormitory(u: UseRecord) -> str:
    if u.skipped:
        return "-"
    return "SwWo" * u.amount(1)


# ------------------------------------------------------------------ Bakery: flour + fuel, bread to sell

def bakery(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    flour, bread = goods.pop("flour", 0), goods.pop("bread", 0)
    if set(goods) - set(ENERGY):
        raise Unreplayable("the Bakery takes flour, fuel and bread")
    if bread > 2:
        raise Unreplayable("the Bakery sells at most 2 bread")
    p.amount(flour, 1)
    p.pay(goods)
    p.amount(bread, 3)


def enc_bakery(u: UseRecord) -> str:
    return "Fl" * u.amount(1) + goods_str(u.pays) + "Br" * u.amount(3)


# ------------------------------------------------------------------ Fuel Merchant, Stone Merchant

def fuel_merchant(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    e = value(goods, ENERGY)
    tier = 3 if e >= 9 else (2 if e >= 6 else (1 if e >= 3 else 0))
    if tier == 0 and goods:
        raise Unreplayable("fuel worth less than 3 energy would be lost")
    p.amount(tier, 1)
    p.pay(goods)


def stone_merchant(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    stones = int(min(value(goods, ENERGY), value(goods, FOOD) / 2, 5))
    if stones == 0 and goods:
        raise Unreplayable("goods handed in for no stone")
    p.amount(stones)
    p.pay(goods)


# ------------------------------------------------------------------ Cloister Workshop: clay / stone + energy

def workshop(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    clay, stone = goods.pop("clay", 0), goods.pop("stone", 0)
    energy = value(goods, ENERGY)
    ornament = min(stone, energy, 1)
    ceramic = min(clay, 3, energy - ornament)
    if ceramic != clay or ornament != stone:
        raise Unreplayable("clay or stone handed in without energy would be lost")
    p.amount(int(ceramic), 1)
    p.amount(int(ornament), 2)
    p.pay(goods)


def enc_workshop(u: UseRecord) -> str:
    return "Cl" * u.amount(1) + "Sn" * u.amount(2) + goods_str(u.pays)


# ------------------------------------------------------------------ Inn, Winery, Cloister Library

def inn(p: Player, card: str, params: list[str]) -> None:
    # kennerspiel sells one wine when any is handed in; the rest is food
    (goods,) = one(params)
    wine = 1 if goods["wine"] >= 1 else 0
    goods["wine"] -= wine
    p.amount(wine, 1)
    p.amount(int(min(7, value(goods, FOOD))), 2)
    p.pay(goods)


def enc_inn(u: UseRecord) -> str:
    return goods_str(u.pays) + "Wn" * u.amount(1)


def winery(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    if set(goods) - {"grapes", "wine"} or goods["wine"] > 1:
        raise Unreplayable("the Winery takes grapes and at most one wine")
    p.amount(goods["grapes"], 1)
    p.amount(goods["wine"], 2)


def library(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    book = goods.pop("book", 0)
    money = value(goods, MONEY)
    if set(goods) - set(MONEY) or money > 3 or book > 1:
        raise Unreplayable("the Cloister Library buys at most 3 books and sells at most 1")
    p.amount(int(money), 1)
    p.amount(book, 2)


# ------------------------------------------------------------------ Estate, Shipping Company

def estate(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    food = Counter({g: n for g, n in goods.items() if g in FOOD})
    energy = Counter({g: n for g, n in goods.items() if g in ENERGY})
    e = min(int(value(energy, ENERGY) // 6), 2)
    f = min(2 - e, int(value(food, FOOD) // 10))
    p.amount(e, 1)
    p.amount(f, 2)
    p.pay(goods)


def shipping(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    out = [g for g in ("meat", "bread", "wine") if goods[g]]
    energy = Counter({g: n for g, n in goods.items() if g in ENERGY})
    if value(energy, ENERGY) < 3 or not out:
        p.answer("take", "SKIP", optional=True)
        return
    p.answer("take", f"TAKE {letters(out[0])} Jo")
    p.pay(energy)


def enc_shipping(u: UseRecord) -> str:
    if not u.takes:
        return ""
    return goods_str(u.pays) + letters(u.takes[0][0])


# ------------------------------------------------------------------ House of the Brotherhood: coins, point goods

def gain_points(p: Player, out: Counter) -> None:
    """Take the point goods ``out`` at a gain decision (House of the Brotherhood, Festival Ground)."""
    if set(out) - {"book", "ceramic", "ornament", "reliquary"}:
        raise Unreplayable("only books, ceramics, ornaments and reliquaries can be taken")
    for g in ("book", "ceramic", "ornament", "reliquary"):
        for _ in range(out[g]):
            if p.kind() != "gain":
                raise Unreplayable("the point goods exceed the budget")
            p.do(f"PICK {letters(g)}")
    if p.kind() == "gain":
        p.do("DONE")


def brotherhood(p: Player, card: str, params: list[str]) -> None:
    if not params:
        p.amount(0)
        return
    if len(params) > 2:
        raise Unreplayable("the House of the Brotherhood takes coins and point goods")
    coins = parse_goods(params[0])
    out = parse_goods(params[1]) if len(params) == 2 else Counter()
    if value(coins, MONEY) != 5 or set(coins) - set(MONEY):
        raise Unreplayable("the House of the Brotherhood costs exactly 5 coins")
    p.amount(1)
    gain_points(p, out)


def enc_points_gain(cost: str):
    def enc(u: UseRecord) -> str:
        if not u.amount(1):
            return ""
        gained = goods_str(u.gains, ["book", "ceramic", "ornament", "reliquary"])
        return f"{cost} {gained}" if gained else cost
    return enc


CARDS = {
    "F37": (dormitory, enc_dormitory), "F05": (bakery, enc_bakery),
    "G06": (fuel_merchant, enc_pays), "G12": (stone_merchant, enc_pays), "G39": (estate, enc_pays),
    "G18": (workshop, enc_workshop), "F20": (inn, enc_inn),
    "F21": (winery, enc_two_amounts("Gp", "Wn")), "F17": (library, enc_two_amounts("Pn", "Bo")),
    "F33": (shipping, enc_shipping), "G41": (brotherhood, enc_points_gain("PnPnPnPnPn")),
}
