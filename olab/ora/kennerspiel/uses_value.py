"""``USE`` parameters of the cards that convert goods by their value.

Decoders and encoders side by side (see :mod:`.uses_simple`): Stone
Merchant, Fuel Merchant, Estate, Cloister Workshop, Bakery, Inn, Round
Tower, and the joker cards Shipping Company and Cooperage.  kennerspiel
computes the effect from every good written and pays them all; olab pays what
the effect needs and the rest is forfeited (LOSS rows of REPORT.md section 3).
"""
from __future__ import annotations

import math
from collections import Counter

from .common import Driver, ENERGY, FOOD, JOKER_OFF, POINTS, TOKENS, G, UseRecord, goods_str, letters, reference_bug, value
from .reference import Rejected
from .uses_coins import forfeited


# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []

ENERGY_GOODS = tuple(ENERGY)


def enc_pays(u: UseRecord) -> str:
    return goods_str(u.pays + u.forfeits)


# ------------------------------------------------------------------ Stone Merchant (#0, #2, #10-18)
# stone = floor(min(energy, food / 2, 5)) of everything written

def stone_merchant(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    stones = math.floor(min(value(goods, ENERGY), value(goods, FOOD) / 2, 5))
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(stone=stones))
    p.place()
    p.amount(stones)
    p.pay(goods, exact=False)


# ------------------------------------------------------------------ Fuel Merchant (#115-117)
# energy 3 / 6 / 9 -> 5 / 8 / 10 coins; every good written is paid

FUEL_COINS = {0: 0, 1: 5, 2: 8, 3: 10}


def fuel_merchant(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    e = value(goods, ENERGY)
    tier = 3 if e >= 9 else (2 if e >= 6 else (1 if e >= 3 else 0))
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(coin=FUEL_COINS[tier]))
    p.place()
    p.amount(tier, 1)
    p.pay(goods, exact=False)


# ------------------------------------------------------------------ Estate (#101-103)
# min(floor(energy / 6) + floor(food / 10), 2) sets of book + ornament

def estate(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    by_energy = min(int(value(goods, ENERGY) // 6), 2)
    by_food = min(2 - by_energy, int(value(goods, FOOD) // 10))
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(book=by_energy + by_food, ornament=by_energy + by_food))
    p.place()
    p.amount(by_energy, 1)
    p.amount(by_food, 2)
    p.pay(goods, exact=False)


# ------------------------------------------------------------------ Cloister Workshop (#83-86)
# ornament = min(Sn, E, 1), ceramic = min(Cl, 3, E - ornament): straw makes
# halves (a reference bug); every good written is paid

def workshop(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    energy = value(goods, ENERGY)
    ornament = min(goods["stone"], energy, 1)
    ceramic = min(goods["clay"], 3, energy - ornament)
    if ornament != int(ornament) or ceramic != int(ceramic):
        raise reference_bug(f"kennerspiel's Cloister Workshop makes {ceramic:g} ceramic and {ornament:g} "
                            "ornament from straw's half energy: fractional goods (REPORT.md section 3, "
                            "cases 83-84)")
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(ceramic=int(ceramic), ornament=int(ornament)))
    p.place()
    p.amount(int(ceramic), 1)
    p.amount(int(ornament), 2)
    p.pay(Counter({g: n for g, n in goods.items() if g in ENERGY_GOODS}), exact=False)


def enc_workshop(u: UseRecord) -> str:
    return "Cl" * u.amount(1) + "Sn" * u.amount(2) + goods_str(u.pays + u.forfeits)


# ------------------------------------------------------------------ Bakery (#71-74)
# bread = flour written, all energy written is paid; then every Br written is
# paid and at most 2 sold; the straw must be held (no grain for it, #73)

def bakery(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.unread(card, p.goods(tok), ("flour", "bread") + ENERGY_GOODS)
    flour, bread = goods.pop("flour", 0), goods.pop("bread", 0)
    if flour > 2 * value(goods, ENERGY):
        raise Rejected("kennerspiel's Bakery refuses more flour than twice the energy written")
    me = p.s._goods(p.s.current_player())
    if goods["straw"] > me[G["straw"]]:
        raise Rejected("kennerspiel's Bakery wants the straw itself, not grain for it")
    if bread > 2:
        p.warn(f"{bread} Br written: kennerspiel's Bakery sells 2 and takes them all")
    ref = p.reference()
    paid = Counter(goods)
    paid.update(flour=flour)         # Counter(goods, flour=flour): the same, in a form typeshed types
    ref.pay(paid)
    ref.gain(Counter(bread=flour))
    ref.pay(Counter(bread=bread))
    ref.gain(Counter(coin=4 * min(bread, 2)))
    p.place()
    p.amount(flour, 1)
    p.pay(goods, exact=False)
    p.amount(min(bread, 2), 3)


def enc_bakery(u: UseRecord) -> str:
    return "Fl" * u.amount(1) + goods_str(u.pays + u.forfeits) + "Br" * u.amount(3)


# ------------------------------------------------------------------ Inn (#118-122)
# coins = 6 if a Wn is written, + min(food of the rest, 7); every good is paid

def inn(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    wine = 1 if goods["wine"] else 0
    food = min(7, int(value(goods, FOOD)) - wine)
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(coin=6 * wine + food))
    p.place()
    p.amount(wine, 1)
    p.amount(food, 2)
    p.pay(goods - Counter(wine=wine), exact=False)


def enc_inn(u: UseRecord) -> str:
    # olab sells the wine first and may pay food with the coins it brought;
    # kennerspiel pays first and refuses coins not held before the use.  A coin
    # paid as food comes straight back as a coin, so the coins beyond those
    # held are left out: the same goods, in a command kennerspiel accepts
    paid = u.pays + u.forfeits
    held = u.start[G["coin"]]
    if paid["coin"] > held:
        paid["coin"] = held
    return goods_str(+paid) + "Wn" * u.amount(1)


# ------------------------------------------------------------------ Round Tower (#163-165)
# a Wh and 5 coins (five Pn if written, else a Ni) off the goods, the rest worth
# 14 points; short of that a no-op; every good written is paid

def round_tower(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    rest = Counter(goods)
    ok = rest["whiskey"] >= 1
    rest["whiskey"] -= 1
    if rest["coin"] >= 5:
        rest["coin"] -= 5
    elif rest["coin5"] >= 1:
        rest["coin5"] -= 1
    else:
        ok = False
    ref = p.reference()
    if not ok or value(+rest, POINTS) < 14:
        if goods:
            p.warn(f"{tok!r}: without a Wh, 5 coins and 14 points more, kennerspiel's Round Tower does nothing")
        p.place()
        p.amount(0)
        return
    if p.s._turn()["wonders"] == 0:
        raise Rejected("kennerspiel's Round Tower refuses a use when no Wonder is left")
    ref.pay(goods)
    ref.gain(Counter(wonder=1))
    ref.wonders -= 1
    p.place()
    p.amount(1)
    p.pay(+rest, exact=False)


def enc_round_tower(u: UseRecord) -> str:
    if not u.amount(1):
        return ""
    return "PnPnPnPnPnWh" + goods_str(u.pays + u.forfeits)


def joker_marker(params: list[str]) -> tuple[list[str], bool]:
    """The parameters without olab's trailing ``JOKER_OFF``, and whether it was there."""
    if params and params[-1] == JOKER_OFF:
        return params[:-1], True
    return params, False


def joker_off_the_wheel(p: Driver, card: str, marked: bool = False) -> None:
    # kennerspiel puts the joker back at the arm after these cards, also when it
    # had left the (solo) game: the token returns, worth more each round.  olab
    # writes its own such use with a trailing JOKER_OFF (the joker stays off, the
    # use yields nothing), which only olab reads
    off = p.s._wheel()[1][TOKENS.index("joker")] is None
    if marked and not off:
        raise Rejected(f"{JOKER_OFF} after the {card}, but the joker is on the wheel")
    if off and not marked:
        raise reference_bug(f"kennerspiel's {card} used while the joker is off the wheel gives nothing and "
                            "puts the joker back on the wheel: a token that left the game returns "
                            "(a reference-engine bug; olab leaves it off)")


# ------------------------------------------------------------------ Shipping Company (#7, #158-161)
# energy 3 from Co / Pt / Wo / Sw, all of them paid; the output (Mt, else Br,
# else Wn) by the joker; Jo and other codes are ignored

def shipping(p: Driver, card: str, params: list[str]) -> None:
    params, marked = joker_marker(params)
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    energy = Counter({g: n for g, n in goods.items() if g in ENERGY_GOODS})
    out = next((g for g in ("meat", "bread", "wine") if goods[g]), None)
    p.unread(card, goods, ENERGY_GOODS + ("meat", "bread", "wine"))
    ref = p.reference()
    if value(energy, ENERGY) < 3:
        if tok:
            p.warn(f"{tok!r} is worth less than 3 energy: kennerspiel's Shipping Company does nothing")
        p.place()
        p.answer("take", "SKIP", optional=True)
        return
    if out is None:
        raise Rejected("the Shipping Company needs Mt, Br or Wn to know what to produce")
    joker_off_the_wheel(p, "Shipping Company", marked)
    ref.pay(energy)
    ref.free.add(out)                       # the joker's amount, as olab takes it
    p.place()
    p.answer("take", f"TAKE {letters(out)} Jo")
    p.pay(energy, exact=False)


def enc_shipping(u: UseRecord) -> str:
    if not u.takes:
        return ""
    return goods_str(u.pays + u.forfeits) + letters(u.takes[0][0]) + (f" {JOKER_OFF}" if u.joker_off else "")


# ------------------------------------------------------------------ Cooperage (#90-93)
# 3 or more Wo in the first parameter, all paid; the drink from the second
# (Wh before Be); no drink there is the one-token reference bug

def cooperage(p: Driver, card: str, params: list[str]) -> None:
    params, marked = joker_marker(params)
    wood_tok, drink_tok = p.params(card, params, 2)
    wood = p.unread(card, p.goods(wood_tok), ("wood",))["wood"]
    drinks = p.goods(drink_tok)
    ref = p.reference()
    if wood < 3:
        if wood_tok:
            p.warn(f"{wood_tok!r}: fewer than 3 wood, so kennerspiel's Cooperage does nothing")
        p.place()
        p.answer("take", "SKIP", optional=True)
        return
    choice = "whiskey" if drinks["whiskey"] else ("beer" if drinks["beer"] else None)
    if choice is None:
        raise reference_bug("kennerspiel offers the Cooperage as one token (e.g. WhWoWoWo), and its "
                            "reducer then takes the 3 wood for nothing and resets the joker: a "
                            "reference-engine bug neither preset copies")
    p.unread(card, drinks, (choice,))
    joker_off_the_wheel(p, "Cooperage", marked)
    ref.pay(Counter(wood=wood))
    ref.free.add(choice)
    p.place()
    p.answer("take", f"TAKE {letters(choice)} Jo")


def enc_cooperage(u: UseRecord) -> str:
    if not u.takes:
        return ""
    return f"WoWoWo{forfeited(u)} {letters(u.takes[0][0])}" + (f" {JOKER_OFF}" if u.joker_off else "")


CARDS = {
    "G12": (stone_merchant, enc_pays), "G06": (fuel_merchant, enc_pays), "G39": (estate, enc_pays),
    "G18": (workshop, enc_workshop), "F05": (bakery, enc_bakery), "F20": (inn, enc_inn),
    "I35": (round_tower, enc_round_tower), "F33": (shipping, enc_shipping), "I33": (cooperage, enc_cooperage),
}
