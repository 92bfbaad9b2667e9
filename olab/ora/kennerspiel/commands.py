"""The commands other than ``USE``: decoders (import) and encoders (export) side by side.

A decoder ``decode(player, cmd, verb, args)`` plays one kennerspiel command
as olab decisions, reading it as the reference engine does (REPORT.md section
2: tokens after the ones a command reads are ignored, numbers go through
``parseInt``); an encoder ``encode(replay, history, i, lines, words)`` writes
the olab actions from ``history[i]`` on as one command, appends it to
``lines`` and returns the index after the actions it used.  ``COMMIT``,
``CONVERT``, ``FELL_TREES``, ``CUT_PEAT``, ``BUY_DISTRICT`` and ``BUY_PLOT``
are written as olab's notation writes them (``VERBATIM``).
"""
from __future__ import annotations

from collections import Counter

from olab_core.ora import _engine as core

from ..cards import BUILDINGS
from ..notation import LETTERS_GOOD
from .common import Driver, GOOD_CODES, MONEY, G, Unreplayable, goods_str, letters, parse_int, reference_bug, value
from .reference import Rejected


# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []

L = core.ACTION_LAYOUT
# commands whose olab text is the kennerspiel command
VERBATIM = ("COMMIT", "BUY_DISTRICT", "BUY_PLOT", "CONVERT", "FELL_TREES", "CUT_PEAT")


def number(p: Driver, token: str, what: str) -> int:
    """A coordinate or row as kennerspiel's ``parseInt`` reads it."""
    n = parse_int(token)
    if n is None:
        raise Unreplayable(f"{what} {token!r} is not a number")
    if str(n) != token:
        p.warn(f"{token!r} read as {n} (kennerspiel reads numbers as parseInt does)")
    return n


def extra(p: Driver, verb: str, args: list[str], n: int) -> list[str]:
    """The first ``n`` tokens; the rest are ignored, with a warning (section 2)."""
    if len(args) > n:
        p.warn(f"{' '.join(args[n:])!r} ignored: kennerspiel's {verb} reads {n} token(s)")
    return args[:n]


# ------------------------------------------------------------------ CONVERT (#185-189)
# grain -> straw (not checked: grain below 0 is a reference bug), wine -> 1
# coin, whiskey -> 2, a 5-coin piece -> 5 coins (one total in olab), 5k Pn ->
# k pieces (paid as a coin cost, so wine or whiskey may be spent); other
# codes are ignored

def convert(p: Driver, cmd: str, verb: str, args: list[str]) -> None:
    if len(args) != 1:
        raise Unreplayable("CONVERT takes one goods string")
    goods = p.goods(args[0])
    p.unread("CONVERT", goods, ("grain", "wine", "coin5", "whiskey", "coin"))
    me = p.s._goods(p.s.current_player())
    if goods["grain"] > me[G["grain"]]:
        raise reference_bug(f"kennerspiel's CONVERT turns {goods['grain']} grain into straw without checking "
                            f"that they are held ({me[G['grain']]}): straw from nothing, grain below 0 "
                            "(REPORT.md section 2, case 185)")
    if goods["coin"] % 5:
        raise Rejected("kennerspiel converts Pn only in fives (into 5-coin pieces)")
    ref = p.reference()
    ref.pay(Counter(grain=goods["grain"], wine=goods["wine"], whiskey=goods["whiskey"]))
    ref.gain(Counter(straw=goods["grain"], coin=goods["wine"] + 2 * goods["whiskey"]))
    if goods["coin5"] * 5 > ref.goods["coin"]:
        raise Rejected("the player does not hold that many 5-coin pieces")
    ref.coins(goods["coin"])                # the 5-coin pieces come back as the same coins
    ref.gain(Counter(coin=goods["coin"]))
    for g in ("grain", "wine", "whiskey"):
        for _ in range(goods[g]):
            p.do(f"CONVERT {letters(g)}")
    p.convert_as_coins()


# ------------------------------------------------------------------ BUILD (#4, #172-176)
# the cost is the card's; a coin cost is paid as kennerspiel's subtractCoins pays it

def build(p: Driver, cmd: str, verb: str, args: list[str]) -> None:
    if len(args) < 3:
        raise Unreplayable("BUILD takes a building and a column and a row")
    card, c, r = extra(p, verb, args, 3)
    col, row = number(p, c, "column"), number(p, r, "row")
    ref = p.reference()
    building = BUILDINGS.get(card)
    if building is not None and p.s._turn()["turn_kind"] != "solo_settlement":
        cost = building.cost
        if card == "I21" and p.s.game.rules.whiskey_distillery_free:
            cost = type(cost)()
        ref.pay(Counter(wood=cost.wood, clay=cost.clay, stone=cost.stone, straw=cost.straw))
        ref.coins(build_coins(p.s, card))
        p.convert_as_coins()
    p.do(f"BUILD {card}")
    p.do(f"AT {col} {row}")


def build_coins(state, card: str) -> int:
    """The coins a ``BUILD`` of ``card`` costs here (nothing in the solo neutral phase)."""
    building = BUILDINGS.get(card)
    if building is None or state._turn()["turn_kind"] == "solo_settlement":
        return 0
    if card == "I21" and state.game.rules.whiskey_distillery_free:
        return 0
    return building.cost.coin


def land_price(state, district: bool) -> int:
    """The coins the next district / plot costs here (nothing with a Bulwark's bonus)."""
    t = state._turn()
    if t["bonus_district"] if district else t["bonus_plot"]:
        return 0
    prices = state.game.rules.core_config()["district_prices" if district else "plot_prices"]
    taken = t["districts_taken" if district else "plots_taken"]
    return prices[taken] if taken < len(prices) else 0


def encode_build(replay, history: list[int], i: int, lines: list[str], words: list[str]) -> int:
    """``BUILD`` and its ``AT`` as one command."""
    replay.apply_action(history[i])
    at = replay.action_to_string(history[i + 1])
    replay.apply_action(history[i + 1])
    lines.append(f"BUILD {words[1]} {at[3:]}")
    return i + 2


# ------------------------------------------------------------------ SETTLE (#1, #177-184)
# every good written is paid (a surplus is lost, forfeited in olab); a coin
# short is made up as payCost does

def settle(p: Driver, cmd: str, verb: str, args: list[str]) -> None:
    if len(args) < 3:
        raise Unreplayable("SETTLE takes a settlement, a column, a row and goods")
    code, c, r, tok = (extra(p, verb, args, 4) + [""])[:4]
    col, row = number(p, c, "column"), number(p, r, "row")
    goods = p.goods(tok)
    ref = p.reference()
    ref.pay(goods)
    p.convert_as_coins()
    p.do(f"SETTLE {code}")
    p.do(f"AT {col} {row}")
    p.pay(goods, exact=False)


def encode_settle(replay, history: list[int], i: int, lines: list[str], words: list[str]) -> int:
    """``SETTLE``, its ``AT`` and its payment (and forfeits) as one command; straw
    paid with grain is written as a ``CONVERT Gn`` before it."""
    me = replay._turn()["current"]
    replay.apply_action(history[i])
    at = replay.action_to_string(history[i + 1])
    replay.apply_action(history[i + 1])
    i += 2
    paid: Counter[str] = Counter()
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
    lost, i = gather_forfeits(replay, history, i)
    lines.extend(["CONVERT Gn"] * grain_as_straw)
    lines.append(f"SETTLE {words[1]} {at[3:]} {goods_str(paid + lost)}".rstrip())
    return i


def gather_forfeits(replay, history: list[int], i: int) -> tuple[Counter[str], int]:
    """The goods forfeited by the FORFEIT actions from ``history[i]`` on (applied to ``replay``)."""
    lost: Counter[str] = Counter()
    while i < len(history) and L["FORFEIT"] <= history[i] < L["GIVE"]:
        g, k = divmod(history[i] - L["FORFEIT"], L["KMAX"])
        lost[GOOD_CODES[g]] += k + 1
        replay.apply_forfeit(history[i])
        i += 1
    return lost, i


# ------------------------------------------------------------------ FELL_TREES / CUT_PEAT (#190-193)
# a third token "Jo" means the joker, any other is ignored, as are the rest

def fell(p: Driver, cmd: str, verb: str, args: list[str]) -> None:
    if args == ["-"]:                            # olab notation: the action with no card left
        p.do(f"{verb} -")
        return
    if len(args) < 2:
        raise Unreplayable(f"{verb} takes a column, a row and optionally Jo")
    c, r = args[:2]
    col, row = number(p, c, "column"), number(p, r, "row")
    asked = len(args) >= 3 and args[2] == "Jo"
    if len(args) >= 3 and not asked:
        p.warn(f"{args[2]!r} ignored: kennerspiel's {verb} reads only Jo as its third token")
    if len(args) > 3:
        p.warn(f"{' '.join(args[3:])!r} ignored: kennerspiel's {verb} reads 3 tokens")
    if p.s._turn()["turn_kind"] == "bonus":
        raise reference_bug(f"kennerspiel allows {verb} in the bonus round once the prior is placed (its "
                            "bonus-round check lapses with the prior's use, e.g. after a Calefactory); the "
                            "rules forbid Fell Trees and Cut Peat in the bonus round")
    token = "wood" if verb == "FELL_TREES" else "peat"
    p.do(f"{verb} {col} {row}" + (" Jo" if p.joker(token, asked) else ""))


# ------------------------------------------------------------------ BUY_DISTRICT / BUY_PLOT (#194, #195)

def buy(p: Driver, cmd: str, verb: str, args: list[str]) -> None:
    if len(args) != 2:
        raise Unreplayable(f"{verb} takes a row and a side")
    row = number(p, args[0], "row")
    ref = p.reference()
    ref.coins(land_price(p.s, verb == "BUY_DISTRICT"))
    p.convert_as_coins()
    p.do(f"{verb} {row} {args[1]}")


# ------------------------------------------------------------------ WORK_CONTRACT (#196-204)
# the payer pays everything written; the owner receives one coin per Pn
# written; a Wn or Wh in the payment is accepted whatever the fee

def work_contract(p: Driver, cmd: str, verb: str, args: list[str]) -> None:
    if len(args) < 2:
        raise Unreplayable("WORK_CONTRACT takes a building, a payment and optionally WITH_PRIOR")
    code, pay = args[:2]
    solo = p.s._config()["players"] == 1
    with_prior = len(args) >= 3 and args[2] == "WITH_PRIOR"
    if with_prior and not solo:
        raise Rejected("WITH_PRIOR after a work contract is for the solo game")
    if len(args) >= 3 and not with_prior:
        p.warn(f"{' '.join(args[2:])!r} ignored: kennerspiel's WORK_CONTRACT reads only WITH_PRIOR there")
    elif len(args) > 3:
        p.warn(f"{' '.join(args[3:])!r} ignored: kennerspiel's WORK_CONTRACT reads 3 tokens")
    goods = p.goods(pay)
    drink = "wine" if p.s._config()["variant"] == "france" else "whiskey"
    other = "whiskey" if drink == "wine" else "wine"
    fee = p.s._turn()["contract_fee"]
    if not (goods["wine"] or goods["whiskey"]) and value(goods, MONEY) < fee:
        raise Rejected(f"the payment {pay!r} does not cover the fee of {fee}")
    ref = p.reference()
    ref.pay(goods)
    p.convert_as_coins()
    if goods[drink]:
        text, olab_pays = f"WORK_CONTRACT {code} {letters(drink)}", Counter({drink: 1})
    elif goods[other]:
        raise Unreplayable(f"kennerspiel takes {letters(other)} as the gift for a work contract; olab's "
                           f"rules take {letters(drink)} in this variant")
    else:
        text, olab_pays = f"WORK_CONTRACT {code} Pn", Counter(coin=fee)
    action = p.s.string_to_action(text)
    owner = ((action - L["WORK"]) >> 1) // L["N_SPACES"]
    to_owner = 0 if solo else goods["coin"] - olab_pays["coin"]
    if to_owner < 0:
        raise reference_bug(f"kennerspiel pays the owner of a work contract one coin per Pn written: {pay!r} "
                            f"gives the owner {goods['coin']} of the fee {fee} and the rest vanishes "
                            "(REPORT.md section 2, case 197)")
    if to_owner:
        paid = f"the fee of {fee}" if olab_pays["coin"] else f"the {letters(drink)} given"
        p.give(owner, to_owner, f"kennerspiel pays the owner one coin per Pn written ({goods['coin']}): "
                                f"olab pays {paid} and gives the owner {to_owner} coin(s) more")
    me = Counter({g: n for g, n in zip(GOOD_CODES, p.s._goods(p.actor))})
    rest = +(me - olab_pays - ref.goods)
    if rest:
        p.forfeit(rest, "kennerspiel takes the whole payment written")
    p.s.apply_action(action)
    p.check()                           # settled before the contract; the owner may answer next
    if p.kind() == "owner" and solo:
        p.do("WITH_PRIOR" if with_prior else "WITH_LAYBROTHER")


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


def encode_contract(replay, history: list[int], i: int, lines: list[str], words: list[str],
                    before: Counter | None = None) -> int:
    """``WORK_CONTRACT`` with what the forfeits and coins given just before it
    (``before``) add to its payment."""
    pay = Counter(before or ())
    drink = GOOD_CODES[LETTERS_GOOD[words[2][:2]]]
    pay[drink] += len(words[2]) // 2
    replay.apply_action(history[i])
    lines.append(f"WORK_CONTRACT {words[1]} {goods_str(pay)}")
    return i + 1

def forfeit(p: Driver, cmd: str, verb: str, args: list[str]) -> None:
    """``FORFEIT PtPt`` / ``FORFEIT Pn TO G``: olab's own notation of a forfeit the exporter
    could not fold into a command (olab reads it back, kennerspiel has no such command)."""
    p.do(cmd)


DECODERS = {
    "FORFEIT": forfeit, "CONVERT": convert, "BUILD": build, "SETTLE": settle, "FELL_TREES": fell, "CUT_PEAT": fell,
    "BUY_DISTRICT": buy, "BUY_PLOT": buy, "WORK_CONTRACT": work_contract,
}
ENCODERS = {"BUILD": encode_build, "SETTLE": encode_settle}
