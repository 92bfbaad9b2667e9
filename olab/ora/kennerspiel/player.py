"""kennerspiel commands as olab decisions (the importer's working half).

A kennerspiel ``USE`` names a building and everything its function needs in
one line (``USE F05 FlFlPtBr``: bake two bread with a peat, sell one).  olab
asks for the same things one decision at a time.  :class:`Player` reads a
command as the reference engine reads it (REPORT.md: extra tokens, unknown
goods codes and the like are dropped, with a warning), follows what that
engine does with the goods (:class:`~.reference.Reference`), answers olab's
decisions with the minimal payment and then settles the difference:

- goods the reference takes beyond the payment are forfeited under the
  ``kennerspiel`` preset (a forfeit action, recorded in the history) and
  refused under ``printed`` with "goods handed in beyond the payment would be
  lost";
- behaviour of the reference that the rules forbid (goods from nothing,
  negative counts) stops the replay naming the bug (:func:`~.common.reference_bug`);
- any other difference stops it too: no command diverges silently.

A command that cannot be replayed leaves the state exactly as it was.  The
commands other than ``USE`` are in :mod:`.commands`, every building's
parameters in the ``uses_*`` modules.
"""
from __future__ import annotations

from collections import Counter

from olab_core.ora import _engine as core

from . import commands
from .cards import DECODERS
from .common import (CARD_CODES, GOOD_CODES, PAY_ORDER, TOKENS, G, Unreplayable, base_code, card_name,
                     goods_str, letters, parse_goods, reference_bug)
from .reference import Reference, Rejected

# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []

L = core.ACTION_LAYOUT
KMAX = L["KMAX"]


class Player:
    """Plays kennerspiel commands on an olab state.

    ``warnings`` holds, after each :meth:`command`, what the reading dropped
    or changed and why (the importer adds the line and the command).
    """

    def __init__(self, state) -> None:
        self.s = state
        self.prior_next = False          # WITH_PRIOR announced for the next USE
        # the Palace / Grand Manor drink kennerspiel took, olab pays at the lent use
        self.palace_debt: str | None = None
        self.palace_next: str | None = None   # set by the Palace / Grand Manor being read
        self.kennerspiel = state.game.rules.preset == "kennerspiel"
        self.warnings: list[str] = []
        self.ref: Reference | None = None
        self.actor = 0
        self.code: str | None = None     # the USE being read: its card as written
        self.placed = True
        self.converted: Counter[str] = Counter()

    # ---------------------------------------------------------------- basics
    def do(self, text: str) -> None:
        """Apply one olab action given as text."""
        self.s.apply_recorded(self.s.string_to_action(text))

    def kind(self) -> str:
        """The kind of the pending decision (``turn``, ``amount``, ``pay`` ...)."""
        return self.s._decision()["kind"]

    def texts(self) -> list[str]:
        """The legal actions of the pending decision, as text."""
        return [self.s.action_to_string(a) for a in self.s.legal_actions()]

    def warn(self, message: str) -> None:
        """Note what the reading dropped or changed, and why."""
        if message not in self.warnings:
            self.warnings.append(message)

    def params(self, card: str, params: list[str], n: int) -> list[str]:
        """The first ``n`` parameters (missing ones empty); the rest are ignored, with a warning."""
        if len(params) > n:
            what = "no parameter" if n == 0 else ("only its first parameter" if n == 1 else f"only {n} parameters")
            self.warn(f"{' '.join(params[n:])!r} ignored: kennerspiel's {card_name(card)} reads {what}")
        return (params + [""] * n)[:n]

    def unread(self, card: str, goods: Counter, reads) -> Counter:
        """The part of ``goods`` the card reads; the rest is ignored, with a warning."""
        rest = Counter({g: n for g, n in goods.items() if g not in reads and n > 0})
        if rest:
            self.warn(f"{goods_str(rest)} ignored: kennerspiel's {card_name(card)} does not read it")
        return Counter({g: n for g, n in goods.items() if g in reads and n > 0})

    def goods(self, token: str) -> Counter:
        """A goods string read leniently (dropped codes are warned about)."""
        return parse_goods(token, self.warn)

    def answer(self, kind: str, text: str, optional: bool = False) -> None:
        """Answer a decision of ``kind``; a decision olab resolved by itself
        (only one choice) is passed over, and so is declining one olab did not ask."""
        if self.kind() == kind:
            self.do(text)
        elif not optional and text != "SKIP":
            raise Unreplayable(f"olab expected no {kind} decision here (at {text})")

    def amount(self, n: int, step: int = 1) -> None:
        """Answer the amount asked at ``step`` of the card (see cards.pxi: the
        step a function continues at).  olab asks nothing when 0 is the only
        possible amount, so ``n`` must then be 0."""
        d = self.s._decision()
        if d["kind"] == "amount" and d["step"] == step:
            if not d["lo"] <= n <= d["hi"]:
                raise Unreplayable(f"amount {n} is outside what the rules allow ({d['lo']}..{d['hi']})")
            self.do(f"AMOUNT {n}")
        elif n:
            raise Unreplayable(f"kennerspiel does this {n} time(s); olab's rules allow it no time here")

    def pay(self, goods: Counter, exact: bool = True) -> Counter:
        """Hand in goods from ``goods`` at the pending payment (food, energy, points).

        Pays what olab asks for, largest goods first as kennerspiel lists
        them, and returns what is left of ``goods``.  With ``exact`` a rest
        is refused (today's message), otherwise the caller settles it.
        """
        goods = +goods
        while self.kind() == "pay":
            d = self.s._decision()
            phase = "food" if d["req_food"] > 0 else ("energy" if d["req_energy2"] > 0 else "points")
            order = PAY_ORDER[phase]
            texts = self.texts()
            for g in order:
                n = goods[g]
                while n > 0 and f"PAY {letters(g) * n}" not in texts:
                    n -= 1
                if n:
                    break
            else:
                raise Unreplayable(f"the goods handed in do not pay the {phase} needed")
            self.do(f"PAY {letters(g) * n}")
            goods[g] -= n
        if exact and +goods:
            raise Unreplayable("goods handed in beyond the payment would be lost: " + goods_str(+goods))
        return +goods

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

    def joker(self, token: str, asked: bool) -> bool:
        """Whether a wheel take uses the joker: when asked, or when the good's
        token is off the wheel (kennerspiel then takes the joker, if it is on)."""
        slots = self.s._wheel()[1]
        if slots[TOKENS.index("joker")] is None:
            if asked:
                raise reference_bug("kennerspiel takes nothing for Jo while the joker is off the wheel, "
                                    "yet spends the action (REPORT.md section 2, case 193); olab's take "
                                    "always yields the token's goods")
            return False
        return asked or slots[TOKENS.index(token)] is None

    # ------------------------------------------------------ the reference's goods
    def reference(self) -> Reference:
        """Start following the command in the reference engine (before any olab action of it)."""
        me = self.s._turn()["current"]
        self.actor = me
        self.ref = Reference(self.s._goods(me), self.s._turn()["wonders"])
        self.converted = Counter()
        return self.ref

    def convert_as_coins(self) -> None:
        """Change into coins the wine / whiskey the reference spent as coins, so
        that olab's payment (coins first) takes the same goods."""
        ref = self.ref
        assert ref is not None, "reference() starts what this reads"
        for drink in ("whiskey", "wine"):
            n = ref.as_coins[drink] - self.converted[drink]
            for _ in range(n):
                if self.kind() != "turn":
                    raise Unreplayable("a drink paid as coins can only be changed at the top of a turn")
                self.do(f"CONVERT {letters(drink)}")
                self.converted[drink] += 1
            if n > 0:
                self.warn(f"{letters(drink) * n} changed into coins first: kennerspiel pays with it as coins")

    def compare(self) -> Counter:
        """What olab's actor holds beyond the reference's goods (refused if it holds less)."""
        ref = self.ref
        assert ref is not None, "reference() starts what this compares with"
        if ref.rejected is not None:
            raise Rejected(ref.rejected)
        have = self.s._goods(self.actor)
        extra: Counter[str] = Counter()
        short: Counter[str] = Counter()
        for g, n in zip(GOOD_CODES, have):
            if g in ref.free:
                continue
            d = n - ref.goods[g]
            if d > 0:
                extra[g] = d
            elif d < 0:
                short[g] = -d
        if short or "wonder" in extra or self.s._turn()["wonders"] != ref.wonders:
            raise Unreplayable("olab's rules cannot give what kennerspiel gives here (kennerspiel leaves "
                               f"{goods_str(short) or 'no more'}; olab keeps {goods_str(extra) or 'no more'})")
        return extra

    def check(self) -> None:
        """The goods must be the reference's now (nothing left to forfeit)."""
        if self.compare():
            raise Unreplayable("olab keeps goods kennerspiel does not (an importer error)")
        self.ref = None

    def settle(self) -> None:
        """Compare olab's goods with the reference's; forfeit what olab kept beyond them."""
        self.close_pending()
        extra = self.compare()
        ref, self.ref = self.ref, None
        assert ref is not None              # compare() has checked it
        if extra:
            self.forfeit(extra, ref.why or "kennerspiel takes every good written, beyond what the card needs")

    def forfeit(self, goods: Counter, why: str) -> None:
        """The current player loses ``goods`` (``kennerspiel`` preset), or the command is refused."""
        if not self.kennerspiel:
            raise Unreplayable(f"goods handed in beyond the payment would be lost: {goods_str(goods)} "
                               f"({why}; the kennerspiel preset forfeits them)")
        for g, n in goods.items():
            while n > 0:
                k = min(n, KMAX)
                self.s.apply_forfeit(L["FORFEIT"] + G[g] * KMAX + k - 1)
                n -= k
        self.warn(f"{goods_str(goods)} forfeited: {why}")

    def give(self, seat: int, coins: int, why: str) -> None:
        """The current player gives ``coins`` to ``seat`` (``kennerspiel`` preset), or the command is refused."""
        if not self.kennerspiel:
            raise Unreplayable(f"{why}; the printed rules pay the owner the fee only (the kennerspiel preset "
                               "does as the reference)")
        while coins > 0:
            k = min(coins, KMAX)
            self.s.apply_forfeit(L["GIVE"] + seat * KMAX + k - 1)
            coins -= k
        self.warn(why)

    def pay_palace_debt(self) -> None:
        """The lent use of a Palace / Grand Manor was not taken: kennerspiel kept the drink anyway."""
        if self.palace_debt is None:
            return
        drink, self.palace_debt = self.palace_debt, None
        self.forfeit(Counter({drink: 1}), f"kennerspiel takes the {letters(drink)} when the Palace / Grand "
                                          "Manor is used, and its lent use was not taken")
        if self.ref is not None:             # settled before the command being read
            self.ref.goods[drink] -= 1

    # ------------------------------------------------------------- commands
    def command(self, cmd: str) -> None:
        """Play one kennerspiel command (a line of a record, without CONFIG / START).

        Raises
        ------
        Unreplayable, IllegalActionError, NotationError
            If olab cannot play it; the state is then exactly as before.
        """
        saved = (self.prior_next, self.palace_debt)
        start = self.s.move_number()
        self.warnings = []
        self.ref = None
        try:
            self._command(cmd)
        except BaseException:
            while self.s.move_number() > start:
                self.s.undo_action()
            self.prior_next, self.palace_debt = saved
            self.ref = None
            raise

    def _command(self, cmd: str) -> None:
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
            self.pay_palace_debt()
            self.prior_next = False
            self.do("COMMIT")
            return
        decode = commands.DECODERS.get(verb)
        if decode is None:
            raise Unreplayable(f"unknown command {verb}")
        decode(self, cmd, verb, args)
        if self.ref is not None:
            self.settle()

    def use(self, code: str, params: list[str]) -> None:
        """``USE <code> <params>``: the decoder of the card reads the parameters,
        places the clergyman (:meth:`place`) and answers the function's decisions."""
        card = base_code(code)
        self.close_pending()
        decode = DECODERS.get(card)
        if decode is None and params != ["-"]:
            raise Unreplayable(f"no kennerspiel parameters known for {code}")
        self.code = code
        self.placed = False
        if params == ["-"]:                      # olab notation: placed without using the function
            self.place()
            self.decline()
            return
        assert decode is not None           # none only for "-", handled above
        self.palace_next = None
        decode(self, card, params)
        self.place()
        if self.ref is not None:
            self.settle()
        if self.palace_next is not None:
            self.palace_debt, self.palace_next = self.palace_next, None

    def place(self) -> None:
        """Place the clergyman for the USE being read (or take the lent use it names)."""
        if self.placed:
            return
        self.placed = True
        if self.ref is not None:
            self.convert_as_coins()
        code = self.code
        texts = self.texts()
        t = self.s._turn()
        if f"TARGET {code}" in texts:
            # the contracted building, a lent use, or the bonus round's prior
            if t["free_use"] == "occupied" and self.palace_debt is not None:
                if self.ref is not None:       # olab pays the drink now; kennerspiel paid it before
                    self.ref.goods[self.palace_debt] -= 1
                self.palace_debt = None
            self.do(f"TARGET {code}")
        elif f"CHOOSE {code}" in texts:
            self.do(f"CHOOSE {code}")
        else:
            if self.palace_debt is not None:
                self.pay_palace_debt()
            clergy = self.s._clergy(t["current"])
            prior = (self.prior_next or (t["main_used"] and t["prior_pending"])
                     or "home" not in clergy[:2])
            self.do(f"USE {code}" + (" WITH_PRIOR" if prior else ""))
        self.prior_next = False

    def finish(self) -> None:
        """Called after the last command of a record: a Palace drink still owed is settled."""
        self.warnings = []
        if self.palace_debt is not None and self.kind() == "turn":
            self.pay_palace_debt()
