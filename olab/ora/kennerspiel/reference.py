"""What the reference engine does to the goods in one command: the importer's yardstick.

kennerspiel pays a card's input with ``payCost``, which takes every good
written (REPORT.md section 1): a straw short is taken from grain, a coin short
is made up by breaking a 5-coin piece, then by whiskey (2) and wine (1).  Coin
costs (a building's price, a landscape, ``CONVERT Pn``) go through
``subtractCoins``: coins first, wine only if it covers the whole rest, then
whiskey.  Gains are added as they are.

:class:`Reference` follows one command through those steps on the acting
player's goods in olab's terms (money is one total: a 5-coin piece is 5
coins, REPORT.md "Money").  The importer answers olab's decisions with the
minimal payment, then compares: what olab kept beyond the reference is
forfeited (``kennerspiel`` preset) or refused (``printed``), and any other
difference stops the replay, so no command diverges silently.
"""
from __future__ import annotations

from collections import Counter

from .common import GOOD_CODES, Unreplayable, letters

# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []


class Rejected(Unreplayable):
    """The reference engine refuses this command too (it can never be in a record)."""


class Reference:
    """The acting player's goods as kennerspiel changes them during one command.

    Parameters
    ----------
    goods : list of int
        The player's goods before the command, indexed as olab's goods.
    wonders : int
        Wonders left in the supply.
    """

    def __init__(self, goods: list[int], wonders: int):
        self.goods = Counter({GOOD_CODES[i]: n for i, n in enumerate(goods)})
        self.wonders = wonders
        self.as_coins: Counter[str] = Counter()   # wine / whiskey kennerspiel spent as coins
        self.free: set[str] = set()      # goods the comparison leaves to olab (wheel takes)
        self.why: str | None = None      # why olab forfeits the rest, when not an overpayment
        self.rejected: str | None = None  # why kennerspiel refuses the command, if it does

    def _short(self, what: str) -> None:
        # kennerspiel refuses the command; olab's own refusal (with its reason)
        # comes first if olab refuses too, else the player's settle raises this
        if self.rejected is None:
            self.rejected = f"kennerspiel refuses this too: the player does not hold {what}"

    def pay(self, cost: Counter) -> None:
        """``payCost``: take every good of ``cost`` (``coin`` = Pn written, ``coin5`` = Ni written)."""
        g = self.goods
        pennies = 0
        for name, n in cost.items():
            if n <= 0:
                continue
            if name == "coin":
                pennies += n
            elif name == "coin5":
                g["coin"] -= 5 * n
                if g["coin"] < 0:
                    self._short(letters("coin5") * n)
            elif name == "straw":
                g["straw"] -= n
                if g["straw"] < 0:
                    g["grain"] += g["straw"]
                    g["straw"] = 0
                    if g["grain"] < 0:
                        self._short("the straw or grain")
            else:
                g[name] -= n
                if g[name] < 0:
                    self._short(letters(name) * n)
        g["coin"] -= pennies
        self._cover_coins(wine_whole=False)

    def coins(self, amount: int) -> None:
        """``subtractCoins``: a coin cost, paid with coins, then wine (only if it covers the rest), then whiskey."""
        self.goods["coin"] -= amount
        self._cover_coins(wine_whole=True)

    def _cover_coins(self, wine_whole: bool) -> None:
        g = self.goods
        if wine_whole and g["coin"] < 0 <= g["coin"] + g["wine"]:
            self.as_coins["wine"] += -g["coin"]
            g["wine"] += g["coin"]
            g["coin"] = 0
        order = ("whiskey",) if wine_whole else ("whiskey", "wine")
        for drink in order:
            while g["coin"] < 0 and g[drink] > 0:
                g["coin"] += 2 if drink == "whiskey" else 1
                g[drink] -= 1
                self.as_coins[drink] += 1
        if g["coin"] < 0:
            self._short(f"{-g['coin']} more coin(s)")

    def gain(self, goods: Counter) -> None:
        """``getCost``: add the goods (5-coin pieces as 5 coins)."""
        for name, n in goods.items():
            if name == "coin5":
                self.goods["coin"] += 5 * n
            else:
                self.goods[name] += n
