"""``USE`` parameters of the Ireland buildings not shared with another family.

Decoders and encoders side by side (see :mod:`.uses_simple`).  Ireland's fixed
exchanges, counts and "different goods" cards are in :mod:`.uses_exchange`,
its forests and no-parameter cards in :mod:`.uses_simple`.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .common import MONEY, POINTS, Unreplayable, UseRecord, goods_str, letters, parse_goods, reference_bug, value
from .uses_exchange import enc_pairs, one
from .uses_value import enc_points_gain, enc_two_amounts, gain_points

if TYPE_CHECKING:
    from .player import Player


# ------------------------------------------------------------------ False Lighthouse, Sacred Site, Druid's House

def false_lighthouse(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    if params == ["-"] or not goods:
        p.answer("take", "SKIP")
        return
    if sum(goods.values()) != 1 or set(goods) - {"beer", "whiskey"}:
        raise Unreplayable("the False Lighthouse takes Be or Wh")
    p.answer("take", f"TAKE {letters(next(iter(goods)))}")


def enc_take_one(u: UseRecord) -> str:
    if u.skipped or not u.takes:
        return "-"
    return letters(u.takes[0][0])


def sacred_site(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    first = [g for g in ("grain", "malt") if goods[g]]
    second = [g for g in ("beer", "whiskey") if goods[g]]
    if len(first) != 1 or len(second) != 1:
        raise Unreplayable("the Sacred Site takes Gn or Ma, and Be or Wh")
    p.answer("take", f"TAKE {letters(first[0])}")
    p.answer("take", f"TAKE {letters(second[0])}")


def enc_sacred_site(u: UseRecord) -> str:
    if u.skipped or not u.takes:
        return "-"
    return "".join(letters(g) for g, _ in u.takes)


def druids_house(p: Player, card: str, params: list[str]) -> None:
    if not params:
        p.amount(0)
        return
    if len(params) != 2 or parse_goods(params[0]) != Counter({"book": 1}):
        raise Unreplayable("the Druid's House takes Bo and 5 + 3 basic goods")
    out = parse_goods(params[1])
    five = [g for g, n in out.items() if n == 5]
    three = [g for g, n in out.items() if n == 3]
    if len(out) != 2 or len(five) != 1 or len(three) != 1:
        raise Unreplayable("the Druid's House gives 5 of one basic good and 3 of another")
    p.amount(1)
    p.answer("take", f"TAKE {letters(five[0])}")
    p.answer("take", f"TAKE {letters(three[0])}")


def enc_druid(u: UseRecord) -> str:
    if not u.amount(1) or len(u.takes) < 2:
        return ""
    return f"Bo {letters(u.takes[0][0]) * 5}{letters(u.takes[1][0]) * 3}"


# ------------------------------------------------------------------ drinks: Brewery, Alehouse, Distillery, Chapel

def brewery(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    if set(goods) - {"malt", "grain", "beer"} or goods["malt"] != goods["grain"] or goods["beer"] > 1:
        raise Unreplayable("the Brewery takes malt + grain pairs and at most one beer")
    p.amount(goods["malt"], 1)
    p.amount(goods["beer"], 2)


def alehouse(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    if set(goods) - {"beer", "whiskey"} or goods["beer"] > 1 or goods["whiskey"] > 1:
        raise Unreplayable("the Alehouse takes at most one beer and one whiskey")
    p.amount(goods["beer"], 1)
    p.amount(goods["whiskey"], 2)


def distillery(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    n = goods["malt"]
    if set(goods) - {"malt", "wood", "peat"} or goods["wood"] != n or goods["peat"] != n:
        raise Unreplayable("the Whiskey Distillery takes malt + wood + peat triples")
    p.amount(n)


def enc_distillery(u: UseRecord) -> str:
    return "MaWoPt" * u.amount(1)


def chapel(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    money = value(Counter({g: goods[g] for g in ("coin", "coin5")}), MONEY)
    if set(goods) - {"coin", "beer", "whiskey"} or money > 1 or goods["beer"] != goods["whiskey"] or goods["beer"] > 3:
        raise Unreplayable("the Chapel takes one coin and beer + whiskey pairs (at most 3)")
    p.amount(int(money), 1)
    p.amount(goods["beer"], 2)


# ------------------------------------------------------------------ Coal Harbor, Camera, Cooperage

def coal_harbor(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    fuel = "peat" if p.s.game.rules.coal_harbor_input == "peat" else "peat_coal"
    if set(goods) - {fuel} or goods[fuel] > 3:
        raise Unreplayable(f"the Coal Harbor takes up to 3 {fuel.replace('_', ' ')}")
    p.amount(goods[fuel])


def enc_coal_harbor(u: UseRecord) -> str:
    return ("Pt" if u.coal_harbor_peat else "Co") * u.amount(1)


def camera(p: Player, card: str, params: list[str]) -> None:
    (goods,) = one(params)
    n = min(2, goods["book"], goods["ceramic"])
    if n == 0:
        p.amount(0)            # kennerspiel does nothing with other goods (it lists straw/wood)
        return
    if set(goods) - {"book", "ceramic"} or goods["book"] != n or goods["ceramic"] != n:
        raise Unreplayable("the Camera takes book + ceramic pairs (at most 2)")
    p.amount(n)


def cooperage(p: Player, card: str, params: list[str]) -> None:
    if not params or params == ["-"]:
        p.answer("take", "SKIP", optional=True)
        return
    if len(params) != 2:
        raise reference_bug("kennerspiel offers the Cooperage as one token (e.g. WhWoWoWo), and its "
                            "reducer then takes the 3 wood for nothing and resets the joker: a "
                            "reference-engine bug neither preset copies")
    wood, out = parse_goods(params[0]), parse_goods(params[1])
    choice = [g for g in ("whiskey", "beer") if out[g]]
    if wood != Counter({"wood": 3}) or len(choice) != 1:
        raise Unreplayable("the Cooperage takes 3 wood and then Wh or Be")
    p.answer("take", f"TAKE {letters(choice[0])} Jo")


def enc_cooperage(u: UseRecord) -> str:
    if not u.takes:
        return ""
    return f"WoWoWo {letters(u.takes[0][0])}"


# ------------------------------------------------------------------ Round Tower, Festival Ground

def round_tower(p: Player, card: str, params: list[str]) -> None:
    # kennerspiel takes a whiskey and 5 coins (five 1-coins first, else a
    # 5-coin piece) off the goods given and wants 14 points in the rest;
    # short of that the use does nothing
    (goods,) = one(params)
    rest = Counter(goods)
    ok = rest["whiskey"] >= 1
    rest["whiskey"] -= 1
    if rest["coin"] >= 5:
        rest["coin"] -= 5
    elif rest["coin5"] >= 1:
        rest["coin5"] -= 1
    else:
        ok = False
    if not ok or value(+rest, POINTS) < 14:
        p.amount(0)
        return
    if rest["coin"]:
        raise Unreplayable("loose coins handed in to the Round Tower would be lost")
    p.amount(1)
    p.pay(+rest)


def enc_round_tower(u: UseRecord) -> str:
    if not u.amount(1):
        return ""
    return "PnPnPnPnPnWh" + goods_str(u.pays)


def festival(p: Player, card: str, params: list[str]) -> None:
    if not params:
        p.amount(0)
        return
    if len(params) > 2 or parse_goods(params[0]) != Counter({"beer": 1}):
        raise Unreplayable("the Festival Ground takes Be and point goods")
    p.amount(1)
    gain_points(p, parse_goods(params[1]) if len(params) == 2 else Counter())


CARDS = {
    "I05": (brewery, enc_two_amounts("MaGn", "Be")), "I08": (false_lighthouse, enc_take_one),
    "I14": (sacred_site, enc_sacred_site), "I15": (druids_house, enc_druid),
    "I20": (alehouse, enc_two_amounts("Be", "Wh")), "I21": (distillery, enc_distillery),
    "I24": (chapel, enc_two_amounts("Pn", "BeWh")), "I31": (coal_harbor, enc_coal_harbor),
    "I33": (cooperage, enc_cooperage), "I35": (round_tower, enc_round_tower),
    "I36": (camera, enc_pairs("book", "ceramic")), "I38": (festival, enc_points_gain("Be")),
}
