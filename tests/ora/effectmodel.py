"""The model of buildings.json ``effect_parts`` that tests/ora/test_effect_parts.py
checks the engine against, and the engine's side of that check.

:func:`explore` uses a card and walks every decision the engine offers back to
the top of the turn, collecting the results (:data:`KEYS`: the seat's goods, its
forests and moors, its clergymen at home, the bonus actions granted, the wheel's
tokens).  :func:`predict` computes the results the card's ``effect_parts``
allow, one generator per part kind (:data:`KINDS`), driven only by the JSON:

``convert``
    ``k`` times ``pay`` -> ``get``, ``k`` = 0..``max`` (``null``: as often as the goods
    allow), from the goods left by the parts before it.
``convert_choice``
    ``pay`` -> ``choose_distinct`` amounts of different goods ``from`` the list, ``max`` times.
``convert_alternatives``
    up to ``max`` times one of the ``pay_one_of`` payments -> ``get``.
``tiered_sale``
    ``max`` times goods worth a tier's ``min`` of ``pay_value`` -> that tier's ``get``.
``per_owned``
    the ``get`` of the best ``tiers`` entry reached by the count of ``good`` owned.
``different_goods``
    ``max`` times ``count`` goods of different types -> ``get`` (or ``amount`` of one of
    ``choose_one_of``); a grain may be flipped to straw (goods.json free_conversions).
``gain`` / ``gain_choice``
    ``goods`` / one of ``choose_one_of``.
``points_goods``
    ``pay`` -> any goods of ``goods`` whose points (the values listed) fit the budget.
``wheel`` / ``wheel_joker_only``
    the value of the ``token`` (or of the joker, if ``joker_allowed``; one token of the
    list if ``choose_one``) in its good / ``max`` times ``pay`` and one of ``choose_one_of``
    by the joker; the token used goes to slot 0 (wheel.json ``value_by_distance_behind_arm``).
``remove_forest``
    0..``max`` forests removed, ``gain_per_forest`` each, ``then_gain`` if any.
``upgrade_chain``
    up to ``steps`` times one good of ``chain`` -> the next.
``recall_all_own_clergy`` / ``recall_prior``
    the user's clergymen / prior come home.
``bonus_action``
    the ``actions`` are granted.
``use_other_building``
    nothing in the use itself (the lent use has its own checker).

Joins: a part with ``requires_previous``, or joined by ``and``, happens only when the
part before it did; ``and_or`` does not use what the part before it gave; the other
joins may.  Under the printed preset every use may be declined (``SKIP``, ``AMOUNT 0``),
except a grant that needs no decision (the Castle).

Payments: a cost in coins is paid with coins, then wine, then whiskey (goods.json
``coin``).  Food, energy and points are owed and paid at the end, from the goods worth
them (goods.json ``spendable_as_value`` and the values); a good a part takes directly
pays value only once that part has taken its ``max`` (the Inn's second wine, its
notes: "a second wine only counts as 1 food").  :func:`predict` returns two sets: the
results paid exactly, which the engine must all reach, and those also paid with a
last unit worth more than was still owed, with 5-coin pieces or with grain flipped to
straw, which bound the engine's from above (the engine's fixed order of goods in a
payment allows some of these).  The positions give one good per value wherever they
can (:func:`payer`), so that the two sets are one.
"""
from __future__ import annotations

import itertools

from olab.ora.cards import _read
from olab_core.ora._engine import CARD_CODES, GOOD_CODES
from .orahelp import TOKENS, editor, new

RECORDS = {r["id"]: r for r in _read("buildings.json")}
CARDS = sorted(c for c, r in RECORDS.items() if r.get("effect_parts"))
GOODS = {g["id"]: g for g in _read("goods.json")}
WHEEL = _read("wheel.json")
GOOD_NAMES = GOOD_CODES[:-1]                       # the engine's goods; coin5 is 5 coins
BONUS = {"build": "bonus_build", "fell_trees": "bonus_fell", "cut_peat": "bonus_cut",
         "settle": "bonus_settle", "buy_district_free": "bonus_district", "buy_plot_free": "bonus_plot"}
KEYS = GOOD_NAMES + ("forest", "moor", "home", "prior_home") + tuple(BONUS.values()) \
    + tuple(f"token:{t}" for t in TOKENS)
UNLIMITED = 3                                      # uses a stock allows for a max of null
# every token on the wheel at its own distance behind the arm (values 4, 7, 6, 3, 9, 2, 8, 6, 5
# on the front); the grapes and the stone are on the wheel unless a test takes them off
TOKEN_SPOTS = {"grain": 3, "sheep": 7, "clay": 5, "coin": 2, "wood": 11, "peat": 1, "joker": 9,
               "grapes": 6, "stone": 4}
VALUE_UNIT = {"food": 1, "energy": 0.5, "points": 2}


def variant(card):
    return "ireland" if RECORDS[card]["variant"] == "ireland" else "france"


def named(card):
    """Every good a card's parts name directly (pay, get, choices)."""
    out = set()

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k in GOODS:
                    out.add(k)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
        elif isinstance(x, str) and x in GOODS:
            out.add(x)
    walk(RECORDS[card]["effect_parts"])
    return out


def paid(card):
    """The goods a card's parts take directly (pay)."""
    return {k for p in RECORDS[card]["effect_parts"] for what in [p.get("pay", {})] + p.get("pay_one_of", [])
            for k in what if k in GOODS}


def payer(card, kind):
    """The good that pays a value for a card: worth one unit of it, spendable only so,
    not named by the card, of its variant."""
    for g in GOODS.values():
        if (g["spendable_as_value"] == [kind] and g[kind] == VALUE_UNIT[kind] and not g["free_conversions"]
                and g["variant"] in ("both", variant(card)) and g["id"] not in named(card)):
            return g["id"]
    raise AssertionError(f"no payer of {kind} for {card}")


# ================================================================ the engine's side

def spot(card):
    """(col, row, plots) of a space of the card's terrain on seat 0's landscape."""
    terrain = RECORDS[card]["terrain"]
    if card in ("L1", "L2", "L3"):
        return None
    for t, where in (("plains", (3, 0, ())), ("coast", (-1, 0, ("COAST",))), ("water", (-2, 0, ("COAST",))),
                     ("hillside", (5, 0, ("MOUNTAIN",))), ("mountain", (6, 0, ("MOUNTAIN",)))):
        if t in terrain:
            return where
    raise AssertionError(card)


def use_text(card):
    return f"USE LR{card[1]}" if card in ("L1", "L2", "L3") else f"USE {card}"


def position(card, stock, *, players=4, length="long", tokens=None, districts=(), forests=None,
             extra=(), clergy=(), display=None, rules="printed", at=None, options=None):
    """A fresh game, seat 0 (Red) owning ``card`` and exactly the goods ``stock``.

    ``tokens`` = {token: distance behind the arm, None = off the wheel}; ``districts`` =
    [(row, side)] added to seat 0; ``forests`` keeps that many forests; ``extra`` =
    [(card, col, row)] more buildings of seat 0; ``clergy`` = [(seat, slot, owner, col, row)]
    clergymen placed first; ``display`` = the building display; ``at`` = (col, row, plots)
    instead of :func:`spot`; ``options`` = rule options over the preset.
    """
    state = new(players=players, length=length, rules=rules, variant=variant(card), **(options or {}))
    ed = editor(state)
    ed.clear_goods(0)
    where = at or spot(card)
    if where:
        col, row, plots = where
        for p in plots:
            ed.plot(0, 0, p)
        ed.place(0, card, col, row)
    for row, side in districts:
        ed.district(0, row, side)
    for other, col, row in extra:
        ed.place(0, other, col, row)
    if forests is not None:
        spaces = [(c, r) for _sp, c, r, _t, cid in state._spaces(0) if CARD_CODES[cid] == "LFO"]
        for c, r in spaces[forests:]:
            ed.clear(0, c, r)
    if stock:
        ed.goods(0, **stock)
    arm = state._wheel()[0]
    ed.wheel(**{t: None if d is None else arm - d for t, d in {**TOKEN_SPOTS, **(tokens or {})}.items()})
    for seat, slot, owner, col, row in clergy:
        ed.clergy(seat, slot, at=(owner, col, row))
    if display is not None:
        ed.display(*display)
    return state


def features(state):
    """The result of a use: every key of KEYS."""
    t = state._turn()
    cards = [CARD_CODES[cid] for _sp, _c, _r, _t, cid in state._spaces(0)]
    clergy = state._clergy(0)
    _arm, _slots, values = state._wheel()
    out = dict(zip(GOOD_NAMES, state._goods(0)))
    out.update(forest=cards.count("LFO"), moor=cards.count("LMO"), home=clergy.count("home"),
               prior_home=int(clergy[2] == "home"))
    out.update({k: int(t[k]) for k in BONUS.values()})
    out.update({f"token:{name}": v for name, v in zip(TOKENS, values)})
    return out


def at_top(state):
    return state._decision()["kind"] == "turn" and state.current_player() == 0


def explore(state, card):
    """Every result the engine reaches from ``USE card`` back to the top of the turn."""
    start = features(state)
    results = set()
    seen = set()                                       # positions already walked (the same
                                                       # goods picked in another order)

    def walk():
        h = hash(state)
        if h in seen:
            return
        seen.add(h)
        if at_top(state):
            results.add(tuple(features(state)[k] for k in KEYS))
            return
        for a in state.legal_actions():
            state.apply_action(a)
            walk()
            state.undo_action()
    state.apply_action(state.string_to_action(use_text(card)))
    walk()
    return start, results


# ================================================================ the model

class World(dict):
    """The goods and counts of the model, with the value still owed."""

    def copy(self):
        w = World(self)
        w.debts = dict(self.debts)
        w.maxed = set(self.maxed)
        return w


def pay_money(w, n):
    # coins, then goods worth coins (goods.json coin: wine 1, whiskey 2; change in coins)
    if w["coin"] >= n:
        w["coin"] -= n
        return True
    n -= w["coin"]
    w["coin"] = 0
    for g in sorted((g for g in GOODS.values() if g["coin"] and g["id"] not in ("coin", "coin5")),
                    key=lambda g: g["coin"]):
        while n > 0 and w.get(g["id"], 0) > 0:
            w[g["id"]] -= 1
            n -= g["coin"]
    if n < 0:
        w["coin"] -= n
    return n <= 0


def money(w):
    return sum(w.get(g["id"], 0) * g["coin"] for g in GOODS.values() if g["id"] != "coin5")


def pay(w, what, times=1):
    """Pay ``what`` (goods, coins, food / energy / points) ``times`` times; False if short."""
    for k, v in what.items():
        if k in VALUE_UNIT:
            w.debts[k] = w.debts.get(k, 0) + v * times
        elif k == "coin":
            if money(w) < v * times or not pay_money(w, v * times):
                return False
        else:
            if w[k] < v * times:
                return False
            w[k] -= v * times
    return True


def add(w, goods, times=1):
    for k, v in goods.items():
        w[k] += v * times


def payments(x, kind, owed, card, loose):
    """Every way to pay ``owed`` of a value from the goods of ``x``: exactly (``loose=False``;
    the engine takes every such payment), or also paying more with a last unit and with
    coins as 5-coin pieces and grain as straw (the engine takes some of these)."""
    payers = []                                    # (good, value of one, units available, cost)
    made = {g: to for to, g in flips(x).items()} if loose else {}
    for g in GOOD_NAMES:
        v = GOODS[g][kind] if kind in GOODS[g]["spendable_as_value"] else 0
        if not v and g in made and kind in GOODS[made[g]]["spendable_as_value"]:
            v = GOODS[made[g]][kind]               # grain flipped to straw
        if not v or x[g] <= 0:
            continue
        if g in paid(card) and g not in x.maxed:
            continue                               # the card's own input, unless its part is done
        payers.append((g, v, x[g], 1))
    if loose and GOODS["coin5"][kind] and x["coin"] >= 5:
        payers.append(("coin", GOODS["coin5"][kind], x["coin"] // 5, 5))
    out = []
    for combo in itertools.product(*(range(n + 1) for _g, _v, n, _c in payers)):
        total = sum(n * v for n, (_g, v, _m, _c) in zip(combo, payers))
        if total < owed or (not loose and total != owed):
            continue
        if total > owed and not any(n and total - v < owed for n, (_g, v, _m, _c) in zip(combo, payers)):
            continue
        y = x.copy()
        for n, (g, _v, _m, cost) in zip(combo, payers):
            y[g] -= n * cost
        if min(y[g] for g in GOOD_NAMES) >= 0:
            out.append(y)
    return out


def settle_debts(w, card, loose):
    outs = [w]
    for kind, owed in w.debts.items():
        outs = [y for x in outs for y in payments(x, kind, owed, card, loose)]
    return outs


def k_range(w, part, pay_what):
    hi = part.get("max")
    hi = 99 if hi is None else hi
    for k in range(hi + 1):
        x = w.copy()
        if not pay(x, pay_what, k):
            return
        yield k, x


def convert(part, w, ctx):
    for k, x in k_range(w, part, part["pay"]):
        add(x, part["get"], k)
        if part.get("max") is not None and k == part["max"]:
            x.maxed |= set(part["pay"])
        yield x, k > 0


def repeat(part, w, once):
    """Up to ``max`` uses of a part, each one of the choices ``once(world)`` yields."""
    out = frontier = [w]
    for _ in range(part["max"]):
        frontier = [y for x in frontier for y in once(x)]
        out = out + frontier
    return [(x, x is not w) for x in out]


def convert_choice(part, w, ctx):
    def once(x):
        x = x.copy()
        if not pay(x, part["pay"]):
            return
        amounts = part["get"]["choose_distinct"]
        for goods in itertools.permutations(part["get"]["from"], len(amounts)):
            y = x.copy()
            add(y, dict(zip(goods, amounts)))
            yield y
    return repeat(part, w, once)


def convert_alternatives(part, w, ctx):
    alts = part["pay_one_of"]
    for counts in itertools.product(range(part["max"] + 1), repeat=len(alts)):
        if sum(counts) > part["max"]:
            continue
        x = w.copy()
        for alt, n in zip(alts, counts):
            pay(x, alt, n)
        add(x, part["get"], sum(counts))
        yield x, sum(counts) > 0


def best_tier(tiers, value):
    reached = [t for t in tiers if value >= t["min"]]
    return max(reached, key=lambda t: t["min"]) if reached else None


def tiered_sale(part, w, ctx):
    def once(x):
        for tier in part["tiers"]:
            y = x.copy()
            pay(y, {part["pay_value"]: tier["min"]})
            add(y, tier["get"])
            yield y
    return repeat(part, w, once)


def per_owned(part, w, ctx):
    tier = best_tier(part["tiers"], w[part["good"]])
    x = w.copy()
    add(x, tier["get"] if tier else {})
    yield x, True


def flips(w):
    """{good: the good it can be made from} by goods.json's one-way free conversions
    (grain -> straw), for the goods held."""
    out = {}
    for g in GOOD_NAMES:
        for c in GOODS[g]["free_conversions"]:
            (to, _n), = c["to"].items()
            if "one-way" in c["when"] and w[g] > 0:
                out[to] = g
    return out


def different_goods(part, w, ctx):
    def once(w):
        source = flips(w)
        types = [g for g in GOOD_NAMES if (w[g] > 0 or g in source) and g != "wonder"]
        for chosen in itertools.combinations(types, part["count"]):
            x = w.copy()
            for g in chosen:
                x[g if x[g] > 0 else source[g]] -= 1
            if min(x[g] for g in GOOD_NAMES) < 0:
                continue
            get = part["get"]
            if "choose_one_of" in get:
                for g in get["choose_one_of"]:
                    y = x.copy()
                    y[g] += get["amount"]
                    yield y
            else:
                add(x, get)
                yield x
    return repeat(part, w, once)


def gain(part, w, ctx):
    x = w.copy()
    add(x, part["goods"])
    yield x, True


def gain_choice(part, w, ctx):
    for goods in part["choose_one_of"]:
        x = w.copy()
        add(x, goods)
        yield x, True


def multisets(values, budget):
    # every multiset of goods whose values fit the budget, as {good: n}
    goods = sorted(values)
    out = []

    def rec(i, left, acc):
        if i == len(goods):
            out.append(dict(acc))
            return
        for n in range(left // values[goods[i]] + 1):
            acc[goods[i]] = n
            rec(i + 1, left - n * values[goods[i]], acc)
    rec(0, budget, {})
    return out


def points_goods(part, w, ctx):
    yield w, False
    x = w.copy()
    if not pay(x, part["pay"]):
        return
    for goods in multisets(part["goods"], ctx["budget"]):
        y = x.copy()
        add(y, goods)
        yield y, True


def take(w, token, good, values):
    x = w.copy()
    x[good] += x[f"token:{token}"]
    x[f"token:{token}"] = values[0]
    return x


def wheel(part, w, ctx):
    # one token's good (choose_one), or each token's in turn, by the token or the joker
    tokens = part["token"] if isinstance(part["token"], list) else [part["token"]]
    worlds = [w]
    for t in tokens:
        nxt = []
        for x in worlds:
            if ctx["present"][t]:
                nxt.append(take(x, t, t, ctx["values"]))
            if part["joker_allowed"] and ctx["present"]["joker"] and x["token:joker"] == w["token:joker"]:
                nxt.append(take(x, "joker", t, ctx["values"]))
        if part.get("choose_one"):
            yield from ((y, True) for y in nxt)
        else:
            worlds = nxt
    if not part.get("choose_one"):
        yield from ((y, True) for y in worlds)


def wheel_joker_only(part, w, ctx):
    def once(x):
        x = x.copy()
        if pay(x, part["pay"]):
            for g in part["choose_one_of"]:
                yield take(x, "joker", g, ctx["values"])
    return repeat(part, w, once)


def remove_forest(part, w, ctx):
    yield w, False
    for k in range(1, min(part["max"], w["forest"]) + 1):
        x = w.copy()
        x["forest"] -= k
        add(x, part["gain_per_forest"], k)
        add(x, part.get("then_gain", {}))
        yield x, True


def upgrade_chain(part, w, ctx):
    chain = part["chain"]
    seen = {tuple(sorted(w.items()))}
    frontier = [w]
    yield w, False
    for _ in range(part["steps"]):
        nxt = []
        for x in frontier:
            for a, b in zip(chain, chain[1:]):
                if x[a] > 0:
                    y = x.copy()
                    y[a] -= 1
                    y[b] += 1
                    key = tuple(sorted(y.items()))
                    if key not in seen:
                        seen.add(key)
                        nxt.append(y)
                        yield y, True
        frontier = nxt


def recall_all_own_clergy(part, w, ctx):
    x = w.copy()
    x["home"] = ctx["clergy"]
    x["prior_home"] = 1
    yield x, True


def recall_prior(part, w, ctx):
    x = w.copy()
    x["home"] += 1 - x["prior_home"]
    x["prior_home"] = 1
    yield x, True


def bonus_action(part, w, ctx):
    x = w.copy()
    for a in part["actions"]:
        x[BONUS[a]] += 1
    yield x, True


def use_other_building(part, w, ctx):
    yield w, True


KINDS = {f.__name__: f for f in (convert, convert_choice, convert_alternatives, tiered_sale, per_owned,
                                 different_goods, gain, gain_choice, points_goods, wheel, wheel_joker_only,
                                 remove_forest, upgrade_chain, recall_all_own_clergy, recall_prior,
                                 bonus_action, use_other_building)}


def predict(card, start, ctx):
    """Every result the effect_parts allow from the ``start`` features: (paid exactly in
    one way, paid in any way the goods allow); the engine's results lie between the two."""
    parts = RECORDS[card]["effect_parts"]
    w0 = World(start)
    w0.debts, w0.maxed = {}, set()
    w0["home"] -= 1                                    # the clergyman the use places
    states = [(w0, True, {})]                          # (world, part before taken, its gains)
    for part in parts:
        tied = part.get("requires_previous") or part["join"] == "and"
        nxt = []
        for w, took, fresh in states:
            if part["join"] != "first" and tied and not took:
                nxt.append((w, False, {}))
                continue
            # "and_or": the part does not use what the part before it gave; the other joins
            # ("and", "and_then", "additionally", "and_then_or") may
            hold = fresh if part["join"] == "and_or" else {}
            x = w.copy()
            for g, n in hold.items():
                x[g] -= n
            for y, t in KINDS[part["kind"]](part, x, ctx):
                gains = {g: y[g] - x[g] for g in GOOD_NAMES if y[g] > x[g]}
                for g, n in hold.items():
                    y[g] += n
                nxt.append((y, t, gains))
        states = nxt
    if parts[0]["kind"] != "bonus_action":
        states.append((w0, False, {}))                 # the printed preset: a use may do nothing
    exact, loose = set(), set()
    for w, _took, _fresh in states:
        for x in settle_debts(w, card, False):
            exact.add(tuple(x[k] for k in KEYS))
        for x in settle_debts(w, card, True):
            loose.add(tuple(x[k] for k in KEYS))
    return exact, loose
