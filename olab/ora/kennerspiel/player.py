"""kennerspiel commands as olab decisions (the importer's working half).

A kennerspiel ``USE`` names a building and everything its function needs in
one line (``USE F05 FlFlPtBr``: bake two bread with a peat, sell one).  olab
asks for the same things one decision at a time.  :class:`Player` reads a
command, works out what kennerspiel does with those goods (from the reference
engine's building functions, notation.md section 7) and answers olab's
decisions so that exactly the same goods change hands.  The commands other
than ``USE`` are in :mod:`.commands`, every building's parameters in the
``uses_*`` modules.  When kennerspiel would do something olab's rules cannot
(hand in goods for nothing, an evident bug), it raises :class:`Unreplayable`
naming the reason.
"""
from __future__ import annotations

from collections import Counter

from . import commands
from .cards import COIN_COST, DECODERS
from .common import CARD_CODES, G, MONEY, PAY_ORDER, TOKENS, Unreplayable, base_code, letters, parse_goods


class Player:
    """Plays kennerspiel commands on an olab state."""

    def __init__(self, state):
        self.s = state
        self.prior_next = False          # WITH_PRIOR announced for the next USE

    # ---------------------------------------------------------------- basics
    def do(self, text: str) -> None:
        """Apply one olab action given as text."""
        self.s.apply_action(self.s.string_to_action(text))

    def kind(self) -> str:
        """The kind of the pending decision (``turn``, ``amount``, ``pay`` ...)."""
        return self.s._decision()["kind"]

    def texts(self) -> list[str]:
        """The legal actions of the pending decision, as text."""
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

    def joker(self, token: str, asked: bool) -> bool:
        """Whether a wheel take uses the joker: when asked, or when the good's
        token is off the wheel (kennerspiel then takes the joker, if it is on)."""
        slots = self.s._wheel()[1]
        if slots[TOKENS.index("joker")] is None:
            return False
        return asked or slots[TOKENS.index(token)] is None

    # ------------------------------------------------------------- commands
    def command(self, cmd: str) -> None:
        """Play one kennerspiel command (a line of a record, without CONFIG / START)."""
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
            return
        decode = commands.DECODERS.get(verb)
        if decode is None:
            raise Unreplayable(f"unknown command {verb}")
        decode(self, cmd, verb, args)

    def use(self, code: str, params: list[str]) -> None:
        """``USE <code> <params>``: place the clergyman (or take the free use)
        and answer the function's decisions from the parameters."""
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
        decode = DECODERS.get(card)
        if decode is None:
            raise Unreplayable(f"no kennerspiel parameters known for {code}")
        decode(self, card, params)

    def before_use(self, card: str, params: list[str]) -> None:
        """Free conversions kennerspiel makes implicitly before a use."""
        coins = COIN_COST.get(card)
        if coins is not None and params and params != ["-"]:
            self.preconvert(parse_goods(params[0]), coins)
        if card == "F37" and params and params != ["-"]:
            goods = parse_goods(params[0])       # a grain handed in as straw: flip it first
            for _ in range(goods["grain"]):
                self.do("CONVERT Gn")

    def finish(self) -> None:
        """Called after the last command of a record."""
