"""kennerspiel commands as olab decisions (the importer's working half).

A kennerspiel ``USE`` names a building and everything its function needs in
one line (``USE F05 FlFlPtBr``: bake two bread with a peat, sell one).  olab
asks for the same things one decision at a time.  :class:`Player` reads a
command, works out what kennerspiel does with those goods (from the reference
engine's building functions, notation.md section 7) and answers olab's
decisions so that exactly the same goods change hands.  When kennerspiel would
do something olab's rules cannot (hand in goods for nothing, an evident bug),
it raises :class:`Unreplayable` naming the reason.
"""
from __future__ import annotations

from collections import Counter

from olab_core.ora import _engine as core

from .notation import GOOD_LETTERS

GOOD_CODES = core.GOOD_CODES
CARD_CODES = core.CARD_CODES
# kennerspiel goods codes -> olab goods ids; Pn is a coin, Ni a 5-coin piece
KS_GOOD = {letters: GOOD_CODES.index(name) for name, letters in GOOD_LETTERS.items() if name != "wonder"}
KS_GOOD["Po"] = GOOD_CODES.index("ceramic")
KS_GOOD["Ho"] = GOOD_CODES.index("malt")
G = {name: i for i, name in enumerate(GOOD_CODES)}
TOKENS = ("grain", "sheep", "clay", "coin", "wood", "peat", "joker", "grapes", "stone")

FOOD = {"meat": 5, "beer": 5, "bread": 3, "sheep": 2, "grain": 1, "flour": 1, "malt": 1,
        "grapes": 1, "coin5": 5, "coin": 1, "wine": 1, "whiskey": 2}
ENERGY = {"peat_coal": 3, "peat": 2, "wood": 1, "straw": 0.5}
POINTS = {"reliquary": 8, "ornament": 4, "ceramic": 3, "book": 2, "coin5": 2, "whiskey": 1, "wine": 1}
MONEY = {"coin": 1, "coin5": 5, "wine": 1, "whiskey": 2}
PAY_ORDER = {"food": ["meat", "beer", "bread", "sheep", "grain", "flour", "malt", "grapes", "coin5",
                      "coin", "wine", "whiskey"],
             "energy": ["peat_coal", "peat", "wood", "straw"],
             "points": ["reliquary", "ornament", "ceramic", "book", "coin5", "whiskey", "wine"]}


class Unreplayable(Exception):
    """A kennerspiel command olab's rules cannot reproduce.

    ``reference_bug`` marks behaviour of the reference engine that the rules
    forbid (OPTIONS.md: neither preset copies it).
    """

    def __init__(self, message: str, reference_bug: bool = False):
        super().__init__(message)
        self.reference_bug = reference_bug


def reference_bug(message: str) -> Unreplayable:
    return Unreplayable(message, reference_bug=True)


def parse_goods(token: str) -> Counter:
    """``"GnGnSh"`` -> Counter({"grain": 2, "sheep": 1}); ``Bp`` (bonus point) is ignored."""
    if len(token) % 2:
        raise Unreplayable(f"goods string {token!r} has an odd length")
    out = Counter()
    for i in range(0, len(token), 2):
        pair = token[i:i + 2]
        if pair == "Bp":
            continue
        if pair not in KS_GOOD:
            raise Unreplayable(f"unknown goods code {pair!r}")
        out[GOOD_CODES[KS_GOOD[pair]]] += 1
    return out


def letters(name: str) -> str:
    return GOOD_LETTERS[name]


def value(goods: Counter, table: dict) -> float:
    return sum(table.get(g, 0) * n for g, n in goods.items())


def base_code(code: str) -> str:
    """Card code without the colour: ``LR1`` -> ``L1``, ``SG3`` -> ``S03``."""
    if len(code) == 3 and code[0] == "L" and code[1] in "RGBW":
        return "L" + code[2]
    if len(code) == 3 and code[0] == "S" and code[1] in "RGBW":
        return "S0" + code[2]
    return code


class Player:
    """Plays kennerspiel commands on an olab state."""

    def __init__(self, state):
        self.s = state
        self.prior_next = False          # WITH_PRIOR announced for the next USE

    # ---------------------------------------------------------------- basics
    def do(self, text: str) -> None:
        self.s.apply_action(self.s.string_to_action(text))

    def kind(self) -> str:
        return self.s._decision()["kind"]

    def texts(self) -> list[str]:
        return [self.s.action_to_string(a) for a in self.s.legal_actions()]

    def answer(self, kind: str, text: str, optional: bool = False) -> None:
        """Answer a decision of ``kind``; a decision olab resolved by itself
        (only one choice) is passed over, and so is declining one olab did not ask."""
        if self.kind() == kind:
            self.do(text)
        elif not optional and text != "SKIP":
            raise Unreplayable(f"olab expected no {kind} decision here (at {text})")

    def amount(self, n: int, step: int = 1) -> None:
        """Answer the amount asked at ``step`` of the card (see cards.pxi: the
        step a function continues at); olab asks nothing when only one amount
        is possible, so a later step's question is left alone."""
        d = self.s._decision()
        if d["kind"] == "amount" and d["step"] == step:
            if not d["lo"] <= n <= d["hi"]:
                raise Unreplayable(f"amount {n} is outside what the rules allow ({d['lo']}..{d['hi']})")
            self.do(f"AMOUNT {n}")
        # otherwise olab had only one possible amount and took it

    def pay(self, goods: Counter) -> None:
        """Hand in exactly these goods at the pending payment (food, energy, points)."""
        goods = +goods
        while self.kind() == "pay":
            d = self.s._decision()
            phase = "food" if d["req_food"] > 0 else ("energy" if d["req_energy2"] > 0 else "points")
            order = PAY_ORDER[phase]
            nxt = next((g for g in order if goods[g] > 0), None)
            if nxt is None:
                raise Unreplayable(f"the goods handed in do not pay the {phase} needed")
            n = goods[nxt]
            text = f"PAY {letters(nxt) * n}"
            while n > 0 and text not in self.texts():
                n -= 1
                text = f"PAY {letters(nxt) * n}"
            if n == 0:
                raise Unreplayable(f"kennerspiel hands in {letters(nxt)} where olab's payment cannot use it")
            self.do(text)
            goods[nxt] -= n
        if +goods:
            raise Unreplayable("goods handed in beyond the payment would be lost: "
                               + "".join(letters(g) * n for g, n in (+goods).items()))

    def close_pending(self) -> None:
        """Finish a building function with its "nothing more" answers."""
        for _ in range(200):
            kind = self.kind()
            if kind in ("turn", "over"):
                return
            texts = self.texts()
            d = self.s._decision()
            if "ACCEPT" in texts:
                self.do("ACCEPT")
            elif "DONE" in texts:
                self.do("DONE")
            elif kind == "amount":
                self.do(f"AMOUNT {d['lo']}")
            elif "SKIP" in texts:
                self.do("SKIP")
            else:
                raise Unreplayable(f"olab still waits for a {kind} decision of {CARD_CODES[d['card']]}")
        raise Unreplayable("a building function does not end")

    def decline(self) -> None:
        """Leave a function without using it (olab's ``USE <b> -``)."""
        for _ in range(50):
            kind = self.kind()
            if kind in ("turn", "over"):
                return
            texts = self.texts()
            if "SKIP" in texts:
                self.do("SKIP")
            elif kind == "amount":
                self.do(f"AMOUNT {self.s._decision()['lo']}")
            elif "DONE" in texts:
                self.do("DONE")
            else:
                raise Unreplayable(f"the {kind} decision cannot be declined")

    def preconvert(self, goods: Counter, coins_needed: int) -> None:
        """kennerspiel hands in wine / whiskey as coins where the player also has
        coins; olab pays coins first, so the drink is changed into coins first."""
        if self.kind() != "turn":
            return
        have = self.s._goods(self.s.current_player())[G["coin"]]
        for drink in ("wine", "whiskey"):
            for _ in range(goods[drink]):
                if have >= coins_needed:
                    return
                self.do(f"CONVERT {letters(drink)}")
                have += MONEY[drink]

    # ------------------------------------------------------------- commands
    def command(self, cmd: str) -> None:
        toks = cmd.split()
        verb, args = toks[0], toks[1:]
        if verb in ("WITH_LAYBROTHER", "WITH_PRIOR") and self.kind() == "owner":
            self.do(verb)
            return
        if verb == "WITH_PRIOR":
            self.close_pending()
            self.prior_next = True
            return
        if verb == "USE":
            if not args:
                raise Unreplayable("USE needs a building")
            self.use(args[0], args[1:])
            return
        self.close_pending()
        if verb == "COMMIT":
            self.prior_next = False
            self.do("COMMIT")
        elif verb == "CONVERT":
            if len(args) != 1:
                raise Unreplayable("CONVERT takes one goods string")
            goods = parse_goods(args[0])
            for g, n in goods.items():
                if g in ("grain", "wine", "whiskey"):
                    for _ in range(n):
                        self.do(f"CONVERT {letters(g)}")
                elif g not in ("coin", "coin5"):      # coin denominations: one total in olab
                    raise Unreplayable(f"{letters(g)} cannot be converted")
        elif verb == "BUILD":
            if len(args) != 3:
                raise Unreplayable("BUILD takes a building and a column and a row")
            self.do(f"BUILD {args[0]}")
            self.do(f"AT {args[1]} {args[2]}")
        elif verb == "SETTLE":
            if len(args) not in (3, 4):
                raise Unreplayable("SETTLE takes a settlement, a column, a row and goods")
            self.do(f"SETTLE {args[0]}")
            self.do(f"AT {args[1]} {args[2]}")
            self.pay(parse_goods(args[3]) if len(args) == 4 else Counter())
        elif verb in ("FELL_TREES", "CUT_PEAT"):
            self.fell(verb, args)
        elif verb in ("BUY_DISTRICT", "BUY_PLOT"):
            self.do(cmd)
        elif verb == "WORK_CONTRACT":
            self.work_contract(args)
        else:
            raise Unreplayable(f"unknown command {verb}")

    def fell(self, verb: str, args: list[str]) -> None:
        if args == ["-"]:                        # olab notation: the action with no card left
            self.do(f"{verb} -")
            return
        if len(args) not in (2, 3) or (len(args) == 3 and args[2] != "Jo"):
            raise Unreplayable(f"{verb} takes a column, a row and optionally Jo")
        token = "wood" if verb == "FELL_TREES" else "peat"
        self.do(f"{verb} {args[0]} {args[1]}" + (" Jo" if self.joker(token, len(args) == 3) else ""))

    def joker(self, token: str, asked: bool) -> bool:
        """Whether a wheel take uses the joker: when asked, or when the good's
        token is off the wheel (kennerspiel then takes the joker, if it is on)."""
        slots = self.s._wheel()[1]
        if slots[TOKENS.index("joker")] is None:
            return False
        return asked or slots[TOKENS.index(token)] is None

    def work_contract(self, args: list[str]) -> None:
        if len(args) not in (2, 3) or (len(args) == 3 and args[2] != "WITH_PRIOR"):
            raise Unreplayable("WORK_CONTRACT takes a building, a payment and optionally WITH_PRIOR")
        pay = args[1]
        if pay in ("Wn", "Wh"):
            text = f"WORK_CONTRACT {args[0]} {pay}"
        elif set(parse_goods(pay)) <= {"coin", "coin5"}:
            text = f"WORK_CONTRACT {args[0]} Pn"
        else:
            raise Unreplayable(f"a work contract is paid in coins, wine or whiskey, not {pay}")
        self.do(text)
        if self.kind() == "owner" and self.s._config()["players"] == 1:
            self.do("WITH_PRIOR" if len(args) == 3 else "WITH_LAYBROTHER")

    def use(self, code: str, params: list[str]) -> None:
        card = base_code(code)
        self.close_pending()
        self.before_use(card, params)
        texts = self.texts()
        t = self.s._turn()
        if f"TARGET {code}" in texts:
            # the contracted building, a lent use, or the bonus round's prior
            self.do(f"TARGET {code}")
        elif f"CHOOSE {code}" in texts:
            self.do(f"CHOOSE {code}")
        else:
            clergy = self.s._clergy(t["current"])
            prior = (self.prior_next or (t["main_used"] and t["prior_pending"])
                     or "home" not in clergy[:2])
            self.do(f"USE {code}" + (" WITH_PRIOR" if prior else ""))
        self.prior_next = False
        if params == ["-"]:                      # olab notation: placed without using the function
            self.decline()
            return
        decode = DECODERS.get(base_code(code))
        if decode is None:
            raise Unreplayable(f"no kennerspiel parameters known for {code}")
        decode(self, base_code(code), params)

    def before_use(self, card: str, params: list[str]) -> None:
        coins = COIN_COST.get(card)
        if coins is not None and params and params != ["-"]:
            self.preconvert(parse_goods(params[0]), coins)
        if card == "F37" and params and params != ["-"]:
            goods = parse_goods(params[0])       # a grain handed in as straw: flip it first
            for _ in range(goods["grain"]):
                self.do("CONVERT Gn")

    def finish(self) -> None:
        pass


# ------------------------------------------------------------------ decoders
# decode(player, card, params): answer the pending decisions of `card` the way
# kennerspiel's function treats `params`

def one(params: list[str], n: int = 1) -> list[Counter]:
    if len(params) > n:
        raise Unreplayable(f"too many parameters: {' '.join(params)}")
    return [parse_goods(p) for p in params] + [Counter()] * (n - len(params))


WHEEL = {"L1": "clay", "L3": "coin", "F14": "grapes", "F31": "grapes", "G22": "stone", "F29": "stone"}


def wheel(p: Player, card: str, params):
    if params == ["-"]:                          # olab notation: a use without the function
        p.answer("take", "SKIP")
        return
    good = WHEEL[card]
    if params and params[0].replace("Jo", ""):
        raise Unreplayable(f"{card} takes only Jo")
    joker = p.joker(good, bool(params) and "Jo" in params[0])
    # with neither the token nor the joker on the wheel there is nothing to take
    p.answer("take", f"TAKE {letters(good)}" + (" Jo" if joker else ""), optional=True)


def farmyard(p: Player, card, params):
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


def nothing(p: Player, card, params):
    # no parameters: plain gains, Castle, and the cards that lend a use (its
    # target comes with the next USE)
    if params == ["-"]:
        p.answer("accept", "SKIP", optional=True)
        return
    if params:
        raise Unreplayable(f"{card} takes no parameters")
    if p.kind() == "accept":
        p.do("ACCEPT")


def exchange(expected: Counter):
    # a fixed exchange, at most once: the goods must be exactly those of the card
    def decode(p: Player, card, params):
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


def count_of(good: str, cap=None):
    # n times one good in, e.g. the Windmill's grain
    def decode(p: Player, card, params):
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


def pairs(a: str, b: str, cap=None):
    # n times a + b in, e.g. the Slaughterhouse's sheep + straw
    def decode(p: Player, card, params):
        (goods,) = one(params)
        if set(goods) - {a, b} or goods[a] != goods[b]:
            raise Unreplayable(f"{card} takes {letters(a)}{letters(b)} pairs; anything else is lost")
        n = goods[a]
        if cap is not None and n > cap:
            raise Unreplayable(f"{card} converts at most {cap}")
        p.amount(n)
    return decode


def courtyard(p: Player, card, params):
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


def pick_all(p: Player, given: Counter, count: int) -> None:
    if sum(given.values()) != count or any(n != 1 for n in given.values()):
        raise Unreplayable(f"{count} goods of {count} different kinds are needed")
    for g in sorted(given, key=lambda g: G[g]):
        p.answer("pick", f"PICK {letters(g)}")


def picks(count: int):
    def decode(p: Player, card, params):
        (goods,) = one(params)
        if not goods:
            p.answer("pick", "SKIP", optional=True)
            return
        pick_all(p, goods, count)
    return decode


def kiln(p: Player, card, params):
    count_of("peat")(p, card, params)


def dormitory(p: Player, card, params):
    if params == ["-"]:
        p.answer(p.kind(), "SKIP")
        return
    (goods,) = one(params)
    straw = goods["straw"] + goods["grain"]
    if set(goods) - {"straw", "grain", "wood"} or straw != goods["wood"]:
        raise Unreplayable("the Dormitory takes straw + wood pairs; anything else is lost")
    p.amount(goods["wood"])


def bakery(p: Player, card, params):
    (goods,) = one(params)
    flour, bread = goods.pop("flour", 0), goods.pop("bread", 0)
    if set(goods) - set(ENERGY):
        raise Unreplayable("the Bakery takes flour, fuel and bread")
    if bread > 2:
        raise Unreplayable("the Bakery sells at most 2 bread")
    p.amount(flour, 1)
    p.pay(goods)
    p.amount(bread, 3)


def fuel_merchant(p: Player, card, params):
    (goods,) = one(params)
    e = value(goods, ENERGY)
    tier = 3 if e >= 9 else (2 if e >= 6 else (1 if e >= 3 else 0))
    if tier == 0 and goods:
        raise Unreplayable("fuel worth less than 3 energy would be lost")
    p.amount(tier, 1)
    p.pay(goods)


def stone_merchant(p: Player, card, params):
    (goods,) = one(params)
    stones = int(min(value(goods, ENERGY), value(goods, FOOD) / 2, 5))
    if stones == 0 and goods:
        raise Unreplayable("goods handed in for no stone")
    p.amount(stones)
    p.pay(goods)


def workshop(p: Player, card, params):
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


def inn(p: Player, card, params):
    # kennerspiel sells one wine when any is handed in; the rest is food
    (goods,) = one(params)
    wine = 1 if goods["wine"] >= 1 else 0
    goods["wine"] -= wine
    p.amount(wine, 1)
    p.amount(int(min(7, value(goods, FOOD))), 2)
    p.pay(goods)


def winery(p: Player, card, params):
    (goods,) = one(params)
    if set(goods) - {"grapes", "wine"} or goods["wine"] > 1:
        raise Unreplayable("the Winery takes grapes and at most one wine")
    p.amount(goods["grapes"], 1)
    p.amount(goods["wine"], 2)


def library(p: Player, card, params):
    (goods,) = one(params)
    book = goods.pop("book", 0)
    money = value(goods, MONEY)
    if set(goods) - set(MONEY) or money > 3 or book > 1:
        raise Unreplayable("the Cloister Library buys at most 3 books and sells at most 1")
    p.amount(int(money), 1)
    p.amount(book, 2)


def forger(p: Player, card, params):
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


def estate(p: Player, card, params):
    (goods,) = one(params)
    food = Counter({g: n for g, n in goods.items() if g in FOOD})
    energy = Counter({g: n for g, n in goods.items() if g in ENERGY})
    e = min(int(value(energy, ENERGY) // 6), 2)
    f = min(2 - e, int(value(food, FOOD) // 10))
    p.amount(e, 1)
    p.amount(f, 2)
    p.pay(goods)


def shipping(p: Player, card, params):
    (goods,) = one(params)
    out = [g for g in ("meat", "bread", "wine") if goods[g]]
    energy = Counter({g: n for g, n in goods.items() if g in ENERGY})
    if value(energy, ENERGY) < 3 or not out:
        p.answer("take", "SKIP", optional=True)
        return
    p.answer("take", f"TAKE {letters(out[0])} Jo")
    p.pay(energy)


def palace(drink: str):
    # the drink is paid when the lent use is taken (the next USE)
    def decode(p: Player, card, params):
        (goods,) = one(params)
        if set(goods) - {drink} or goods[drink] > 1:
            raise Unreplayable(f"{card} takes one {letters(drink)}")
    return decode


def pilgrimage(p: Player, card, params):
    if len(params) > 2:
        raise Unreplayable("the Pilgrimage Site takes at most two upgrades")
    for tok in params:
        goods = parse_goods(tok)
        if sum(goods.values()) != 1 or set(goods) - {"book", "ceramic", "ornament"}:
            raise Unreplayable("an upgrade takes one book, ceramic or ornament")
        p.answer("upgrade", f"UPGRADE {letters(next(iter(goods)))}")
    if p.kind() == "upgrade":
        p.do("SKIP")


def forests(limit: int):
    def decode(p: Player, card, params):
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


def sacristy(p: Player, card, params):
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


def brotherhood(p: Player, card, params):
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


def gain_points(p: Player, out: Counter) -> None:
    if set(out) - {"book", "ceramic", "ornament", "reliquary"}:
        raise Unreplayable("only books, ceramics, ornaments and reliquaries can be taken")
    for g in ("book", "ceramic", "ornament", "reliquary"):
        for _ in range(out[g]):
            if p.kind() != "gain":
                raise Unreplayable("the point goods exceed the budget")
            p.do(f"PICK {letters(g)}")
    if p.kind() == "gain":
        p.do("DONE")


# ------------------------------------------------------------------ Ireland

def false_lighthouse(p: Player, card, params):
    (goods,) = one(params)
    if params == ["-"] or not goods:
        p.answer("take", "SKIP")
        return
    if sum(goods.values()) != 1 or set(goods) - {"beer", "whiskey"}:
        raise Unreplayable("the False Lighthouse takes Be or Wh")
    p.answer("take", f"TAKE {letters(next(iter(goods)))}")


def sacred_site(p: Player, card, params):
    (goods,) = one(params)
    first = [g for g in ("grain", "malt") if goods[g]]
    second = [g for g in ("beer", "whiskey") if goods[g]]
    if len(first) != 1 or len(second) != 1:
        raise Unreplayable("the Sacred Site takes Gn or Ma, and Be or Wh")
    p.answer("take", f"TAKE {letters(first[0])}")
    p.answer("take", f"TAKE {letters(second[0])}")


def druids_house(p: Player, card, params):
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


def brewery(p: Player, card, params):
    (goods,) = one(params)
    if set(goods) - {"malt", "grain", "beer"} or goods["malt"] != goods["grain"] or goods["beer"] > 1:
        raise Unreplayable("the Brewery takes malt + grain pairs and at most one beer")
    p.amount(goods["malt"], 1)
    p.amount(goods["beer"], 2)


def alehouse(p: Player, card, params):
    (goods,) = one(params)
    if set(goods) - {"beer", "whiskey"} or goods["beer"] > 1 or goods["whiskey"] > 1:
        raise Unreplayable("the Alehouse takes at most one beer and one whiskey")
    p.amount(goods["beer"], 1)
    p.amount(goods["whiskey"], 2)


def distillery(p: Player, card, params):
    (goods,) = one(params)
    n = goods["malt"]
    if set(goods) - {"malt", "wood", "peat"} or goods["wood"] != n or goods["peat"] != n:
        raise Unreplayable("the Whiskey Distillery takes malt + wood + peat triples")
    p.amount(n)


def chapel(p: Player, card, params):
    (goods,) = one(params)
    money = value(Counter({g: goods[g] for g in ("coin", "coin5")}), MONEY)
    if set(goods) - {"coin", "beer", "whiskey"} or money > 1 or goods["beer"] != goods["whiskey"] or goods["beer"] > 3:
        raise Unreplayable("the Chapel takes one coin and beer + whiskey pairs (at most 3)")
    p.amount(int(money), 1)
    p.amount(goods["beer"], 2)


def coal_harbor(p: Player, card, params):
    (goods,) = one(params)
    fuel = "peat" if p.s.game.rules.coal_harbor_input == "peat" else "peat_coal"
    if set(goods) - {fuel} or goods[fuel] > 3:
        raise Unreplayable(f"the Coal Harbor takes up to 3 {fuel.replace('_', ' ')}")
    p.amount(goods[fuel])


def camera(p: Player, card, params):
    (goods,) = one(params)
    n = min(2, goods["book"], goods["ceramic"])
    if n == 0:
        p.amount(0)            # kennerspiel does nothing with other goods (it lists straw/wood)
        return
    if set(goods) - {"book", "ceramic"} or goods["book"] != n or goods["ceramic"] != n:
        raise Unreplayable("the Camera takes book + ceramic pairs (at most 2)")
    p.amount(n)


def cooperage(p: Player, card, params):
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


def round_tower(p: Player, card, params):
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


def festival(p: Player, card, params):
    if not params:
        p.amount(0)
        return
    if len(params) > 2 or parse_goods(params[0]) != Counter({"beer": 1}):
        raise Unreplayable("the Festival Ground takes Be and point goods")
    p.amount(1)
    gain_points(p, parse_goods(params[1]) if len(params) == 2 else Counter())


def refectory(p: Player, card, params):
    count_of("meat", cap=4)(p, card, params)


COIN_COST = {"F03": 1, "F15": 1, "F23": 1, "F32": 1, "G13": 2, "F17": 3, "F35": 5, "G41": 5,
             "I03": 1, "I17": 1, "I23": 2, "I24": 1}

DECODERS = {
    "L1": wheel, "L2": farmyard, "L3": wheel, "F14": wheel, "F31": wheel, "G22": wheel, "F29": wheel,
    "G01": nothing, "F09": nothing, "F40": nothing, "G28": nothing, "F11": nothing, "G16": nothing,
    "G02": courtyard, "F08": picks(4), "F25": picks(13),
    "F03": exchange(Counter({"coin": 1})), "F15": exchange(Counter({"coin": 1})),
    "F23": exchange(Counter({"coin": 1})), "F32": exchange(Counter({"coin": 1})),
    "G13": exchange(Counter({"coin": 2})), "F30": exchange(Counter({"ceramic": 1})),
    "G26": exchange(Counter({"wood": 2})),
    "G34": sacristy,
    "F04": count_of("grain", cap=7), "G07": kiln, "F37": dormitory,
    "G19": pairs("sheep", "straw"), "F24": pairs("bread", "wine", cap=2),
    "F05": bakery, "G06": fuel_merchant, "G12": stone_merchant, "G18": workshop, "F20": inn,
    "F21": winery, "F17": library, "F35": forger, "G39": estate, "F33": shipping,
    "F27": palace("wine"), "F36": pilgrimage, "F10": forests(1), "F38": forests(4),
    "G41": brotherhood,
    # Ireland
    "I03": exchange(Counter({"coin": 1})), "I17": exchange(Counter({"coin": 1})),
    "I23": exchange(Counter({"coin": 2})), "I25": exchange(Counter({"reliquary": 1})),
    "I37": exchange(Counter({"book": 1})),
    "I04": count_of("grain"), "I05": brewery, "I08": false_lighthouse, "I09": nothing,
    "I10": nothing, "I11": nothing, "I14": sacred_site, "I15": druids_house, "I20": alehouse,
    "I21": distillery, "I24": chapel, "I27": palace("whiskey"), "I29": forests(1),
    "I30": refectory, "I31": coal_harbor, "I32": picks(5), "I33": cooperage, "I35": round_tower,
    "I36": camera, "I38": festival, "I40": nothing,
}
