"""``USE`` parameters of the cards paid in coins and of the one-time exchanges.

Decoders and encoders side by side (see :mod:`.uses_simple`).  Each decoder
follows the reference engine on the goods (:class:`~.reference.Reference`),
then answers olab's decisions with the minimal payment; what kennerspiel takes
beyond it is settled by the player (forfeited under the ``kennerspiel``
preset).  REPORT.md section 3 has every row; ``#n`` are its cases.

kennerspiel pays a coin card with every good written, without change for a
written piece (``USE I17 Ni`` pays 5 coins for the 1-coin Scriptorium, #8):
the player handed it in, so it is an overpayment, not a reference bug.
"""
from __future__ import annotations

from collections import Counter

from .common import Driver, MONEY, UseRecord, card_name, goods_str, letters, reference_bug, value
from .reference import Rejected
from .uses_simple import enc_nothing


# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []

POINT_GOODS = ("book", "ceramic", "ornament", "reliquary")


def spend_drinks_as_coins(p: Driver, goods: Counter) -> None:
    """A wine / whiskey written where kennerspiel counts money is changed into
    coins first, so that olab's payment (coins first) takes the same goods."""
    for drink in ("wine", "whiskey"):
        p.ref.as_coins[drink] += goods[drink]


def forfeited(u: UseRecord, skip=()) -> str:
    """The goods forfeited after the use (but those in ``skip``) as a goods string."""
    return goods_str(Counter({g: n for g, n in u.forfeits.items() if g not in skip}))


# ------------------------------------------------------------------ one coin: Grain Storage, Granary,
# Financed Estate, Bathhouse, Calefactory, Scriptorium (#8, #23-44)

COIN_GAINS = {
    "F03": Counter(grain=6), "I03": Counter(grain=4, book=1), "F23": Counter(book=1, ceramic=1),
    "F32": Counter(), "I17": Counter(book=1, meat=1, whiskey=1),
    "F15": Counter(book=1, bread=1, grapes=2, flour=2),
}


def coin_card(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    ref = p.reference()
    if value(goods, MONEY) < 1:
        if card == "F15" and tok:
            raise Rejected("kennerspiel's Financed Estate refuses a payment worth less than a coin")
        if card == "I17":
            ref.pay(goods)                   # the Scriptorium takes the goods and gives nothing (#28)
            ref.why = "kennerspiel's Scriptorium takes the goods written even without a coin among them"
        elif goods:
            p.warn(f"{tok!r} is worth no coin: kennerspiel's {card_name(card)} does nothing with it")
        p.place()
        p.amount(0)
        return
    ref.pay(goods)
    ref.gain(COIN_GAINS[card])
    spend_drinks_as_coins(p, goods)
    p.place()
    p.amount(1)


def enc_coin_card(u: UseRecord) -> str:
    return "Pn" * (u.amount(1) + u.forfeits["coin"]) + forfeited(u, skip=("coin",))


# ------------------------------------------------------------------ Builders' Market, Locutory: only Pn is read
# G13: every Pn is paid, 2 or more give the goods (#45-49); I23: fewer than 2
# do nothing; a Ni is not read (#47, so the "no change" refusal was wrong)

def pennies(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    pn = p.unread(card, p.goods(tok), ("coin",))["coin"]
    ref = p.reference()
    if card == "I23" and pn < 2:
        p.place()
        p.amount(0)
        return
    ref.pay(Counter(coin=pn))
    if card == "G13" and pn >= 2:
        ref.gain(Counter(wood=2, clay=2, stone=1, straw=1))
    p.place()
    p.amount(1 if pn >= 2 else 0)


def enc_pennies(u: UseRecord) -> str:
    return "Pn" * (2 * u.amount(1) + u.forfeits["coin"])


# ------------------------------------------------------------------ Chapel: Pn for a book, Wh + Be pairs (#50-52)

def chapel(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.unread(card, p.goods(tok), ("coin", "whiskey", "beer"))
    book, relics = min(1, goods["coin"]), min(3, goods["whiskey"], goods["beer"])
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(book=book, reliquary=relics))
    p.place()
    p.amount(book, 1)
    p.amount(relics, 2)


def enc_chapel(u: UseRecord) -> str:
    return "Pn" * (u.amount(1) + u.forfeits["coin"]) + "BeWh" * u.amount(2) + forfeited(u, skip=("coin",))


# ------------------------------------------------------------------ Cloister Library: coins for books, a book to sell
# every good but books is paid, up to 3 books bought; one book sold, more kept (#53-56)

def library(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    books = goods.pop("book", 0)
    bought, sold = int(min(value(goods, MONEY), 3)), min(books, 1)
    if books > 1:
        p.warn(f"{books} Bo written: kennerspiel's Cloister Library sells one, the others stay")
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(book=bought))
    ref.pay(Counter(book=sold))
    ref.gain(Counter(meat=sold, wine=sold))
    spend_drinks_as_coins(p, goods)
    p.place()
    p.amount(bought, 1)
    p.amount(sold, 2)


def enc_library(u: UseRecord) -> str:
    return "Pn" * (u.amount(1) + u.forfeits["coin"]) + forfeited(u, skip=("coin",)) + "Bo" * u.amount(2)


# ------------------------------------------------------------------ Forger's Workshop (#57-62)
# every good is paid; 5 coins buy a reliquary, each 10 more another; 0-4 coins
# take a reliquary away (a reference bug)

def forger(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    coins = value(goods, MONEY)
    if coins < 5:
        raise reference_bug("kennerspiel's Forger's Workshop takes a reliquary away when used with "
                            "fewer than 5 coins (a reference-engine bug neither preset copies)")
    n = 1 + int(coins - 5) // 10
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(reliquary=n))
    spend_drinks_as_coins(p, goods)
    p.place()
    p.amount(n)


def enc_forger(u: UseRecord) -> str:
    # an empty kennerspiel use takes a reliquary away (its bug): olab writes "-"
    r = u.amount(1)
    if not r:
        return "-"
    return "Pn" * (5 + 10 * (r - 1) + u.forfeits["coin"]) + forfeited(u, skip=("coin",))


# ------------------------------------------------------------------ House of the Brotherhood, Festival Ground
# the input of the first parameter is paid whole; the second parameter's goods
# are handed out, and goods worth no points (or a Ni at 2) are a reference bug

def gain_points(p: Driver, out: Counter) -> None:
    """Take the point goods ``out`` at a gain decision (House of the Brotherhood, Festival Ground)."""
    for g in POINT_GOODS:
        for _ in range(out[g]):
            if p.kind() != "gain":
                raise Rejected("the point goods exceed the budget")
            p.do(f"PICK {letters(g)}")
    if p.kind() == "gain":
        p.do("DONE")


def point_output(card: str, out: Counter) -> None:
    odd = Counter({g: n for g, n in out.items() if g not in POINT_GOODS})
    if odd:
        raise reference_bug(f"kennerspiel's {card} hands out {goods_str(odd)}, goods the card does not "
                            "give (worth 0 points, or a 5-coin piece counted at 2): goods from nothing "
                            "(REPORT.md section 3, cases 65, 166-168)")


def brotherhood(p: Driver, card: str, params: list[str]) -> None:
    coins_tok, out_tok = p.params(card, params, 2)
    coins, out = p.goods(coins_tok), p.goods(out_tok)
    ref = p.reference()
    if value(coins, MONEY) < 5:
        if coins or out:
            p.warn(f"{coins_tok!r} is worth less than 5 coins: kennerspiel's House of the Brotherhood does nothing")
        p.place()
        p.amount(0)
        return
    point_output("House of the Brotherhood", out)
    ref.pay(coins)
    ref.gain(out)
    spend_drinks_as_coins(p, coins)
    p.place()
    p.amount(1)
    gain_points(p, out)


def festival(p: Driver, card: str, params: list[str]) -> None:
    beer_tok, out_tok = p.params(card, params, 2)
    first, out = p.goods(beer_tok), p.goods(out_tok)
    ref = p.reference()
    if first["beer"] != 1:
        if first or out:
            p.warn(f"{beer_tok!r}: kennerspiel's Festival Ground does nothing without exactly one Be")
        p.place()
        p.amount(0)
        return
    point_output("Festival Ground", out)
    ref.pay(first)
    ref.gain(out)
    p.place()
    p.amount(1)
    gain_points(p, out)


def enc_points_gain(cost: str, extra_coins: bool):
    def enc(u: UseRecord) -> str:
        if not u.amount(1):
            return ""
        paid = cost + ("Pn" * u.forfeits["coin"] if extra_coins else "")
        paid += forfeited(u, skip=("coin",) if extra_coins else ())
        gained = goods_str(u.gains, list(POINT_GOODS))
        return f"{paid} {gained}" if gained else paid
    return enc


# ------------------------------------------------------------------ Sacristy (#156, #157)

def sacristy(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    goods = p.goods(tok)
    if not goods:
        raise reference_bug("kennerspiel's Sacristy used with nothing handed in takes a Wonder out "
                            "of the supply (a reference-engine bug neither preset copies)")
    if any(goods[g] < 1 for g in POINT_GOODS):
        raise reference_bug("kennerspiel's Sacristy pays a Wonder for less than a book, a ceramic, an "
                            "ornament and a reliquary (a reference-engine bug neither preset copies)")
    if p.s._turn()["wonders"] == 0:
        raise Rejected("kennerspiel's Sacristy refuses a use when no Wonder is left")
    ref = p.reference()
    ref.pay(goods)
    ref.gain(Counter(wonder=1))
    ref.wonders -= 1
    p.place()
    p.amount(1)


def enc_sacristy(u: UseRecord) -> str:
    # an empty kennerspiel Sacristy use loses a Wonder (its bug): olab writes "-"
    return "BoCeOrRq" + forfeited(u) if u.amount(1) else "-"


# ------------------------------------------------------------------ one good, once: Town Estate, Portico,
# Bulwark (the good read is paid whole, #77, #132, #141, #142); Palace and
# Grand Manor (the drink is paid at the use, olab pays it at the lent use, #155)

ONE_GOOD = {"F30": "ceramic", "I25": "reliquary", "I37": "book", "F27": "wine", "I27": "whiskey"}
ONE_GOOD_GAINS = {"F30": Counter(coin=12), "I25": Counter(wood=2, clay=2, stone=2, peat=2, grain=2,
                                                          sheep=2, coin=2), "I37": Counter()}


def one_good(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    good = ONE_GOOD[card]
    n = p.unread(card, p.goods(tok), (good,))[good]
    ref = p.reference()
    if card in ("F27", "I27"):
        ref.pay(Counter({good: n}))
        if n:
            ref.goods[good] += 1                 # olab pays it when the lent use is taken
            p.palace_next = good
        p.place()
        return
    ref.pay(Counter({good: n}))
    ref.gain(ONE_GOOD_GAINS[card] if n else Counter())
    p.place()
    p.amount(1 if n else 0)


def enc_one_good(u: UseRecord) -> str:
    good = ONE_GOOD[u.card]
    return letters(good) * (u.amount(1) + u.forfeits[good])


def enc_palace(u: UseRecord) -> str:
    # the drink of the lent use is added by the exporter once it is known
    return letters(ONE_GOOD[u.card]) * u.forfeits[ONE_GOOD[u.card]] or enc_nothing(u)


# ------------------------------------------------------------------ Shipyard: n = Wo / 2, neither rounded nor capped (#138-140)

def shipyard(p: Driver, card: str, params: list[str]) -> None:
    (tok,) = p.params(card, params, 1)
    wood = p.unread(card, p.goods(tok), ("wood",))["wood"]
    if wood not in (0, 2):
        raise reference_bug(f"kennerspiel's Shipyard given {wood} wood pays out {wood / 2:g} times "
                            "(halves, or the effect repeated): the card converts 2 wood once "
                            "(REPORT.md section 3, cases 138-140)")
    ref = p.reference()
    ref.pay(Counter(wood=wood))
    ref.gain(Counter(ornament=1, coin=5) if wood else Counter())
    p.place()
    p.amount(1 if wood else 0)


def enc_shipyard(u: UseRecord) -> str:
    return "WoWo" if u.amount(1) else ""


CARDS = {
    **{card: (coin_card, enc_coin_card) for card in COIN_GAINS},
    "G13": (pennies, enc_pennies), "I23": (pennies, enc_pennies),
    "I24": (chapel, enc_chapel), "F17": (library, enc_library), "F35": (forger, enc_forger),
    "G41": (brotherhood, enc_points_gain("PnPnPnPnPn", True)), "I38": (festival, enc_points_gain("Be", False)),
    "G34": (sacristy, enc_sacristy),
    "F30": (one_good, enc_one_good), "I25": (one_good, enc_one_good), "I37": (one_good, enc_one_good),
    "F27": (one_good, enc_palace), "I27": (one_good, enc_palace),
    "G26": (shipyard, enc_shipyard),
}
