"""Every number of every card's ``effect_parts`` (buildings.json) against the engine.

The card functions are code (olab_core/ora/cards.pxi, ireland.pxi); the numbers
they use are checked here against the data, for all 70 cards with
``effect_parts``.  Each test builds positions with the editor, uses the card
(``USE <card>``) and walks every decision the engine then offers (``AMOUNT``,
``PAY``, ``PICK``, ``TAKE``, ``AT``, ``UPGRADE``, ``ACCEPT`` / ``SKIP``...) back to
the top of the turn.  The results it reaches (the seat's goods, forests,
clergymen at home, bonus actions, the wheel's tokens) must be the results a
model of the card's ``effect_parts`` allows, the model built only from the JSON
(tests/ora/effectmodel.py: one generator per part kind).  A wrong number in
either place shows up as a result one side has and the other has not.

The positions (:func:`scenarios`): goods for one use more than every part's
``max`` (3 uses for ``null``), all parts together and each part alone, then no
goods, the goods of exactly one use of a part that pays and one unit less of each;
and per kind the boundaries: each ``tiers`` entry's ``min`` and one unit
below (``tiered_sale``, ``per_owned``), ``count`` - 1 and ``count`` types
(``different_goods``), 0 and 1 forests (``remove_forest``), each token and the
joker off the wheel (``wheel``, ``wheel_joker_only``), one good of each ``chain``
step (``upgrade_chain``), the House of the Brotherhood's ``budget`` in the four
modes that state a rate (6 cloister buildings: 12, 12, 9, 6 points), the
Festival Ground's with 11, 4, 5 and 6 forests and moors, and the Round Tower's
points paid to the point.  The lent uses (``use_other_building``) and the
granted actions (``bonus_action``) have their own checkers below.  Last,
:func:`test_a_wrong_number_fails` changes every number of the file in turn (one
more; a ``max`` of null: 5) and expects a check to fail.

What is not checked mechanically:

* ``use_other_building``: that the function carried out is the target's, with its own
  inputs and for the user (test_cards_*.py: Priory, Palace, Grand Manor, Cloister
  Garden, Cottage, Hospice, Guesthouse); ``optional`` beyond "the lent use may be left"
  (every lent use may be, marked or not); ``exclude_self`` of a neighbour (never the
  card itself).
* ``join``, where no position can tell two joins apart: a part tied by
  ``requires_previous``, after a gain that always comes, or without goods in common
  with the part before it.
* The Round Tower's (I35) 5 coins and whiskey are given for one use only: a second
  whiskey or 5 coins would count as points (whiskey 1, 5-coin piece 2, not the 2 of the
  book that pays the points), so its cap of one use rests on the data's ``max`` and
  on the goods alike.
* ``notes`` and ``disagreements`` texts.  Where they name a rule option the printed
  preset is the one that matches: the Coal Harbor (I31) burns peat coal
  (``coal_harbor_input``), the House of the Brotherhood counts 2 points per cloister
  building in the regular 2-player game.
"""
from __future__ import annotations

import copy
import re

import pytest

from .effectmodel import (BONUS, CARDS, GOOD_NAMES, GOODS, KEYS, KINDS, RECORDS, UNLIMITED, VALUE_UNIT, WHEEL,
                         at_top, explore, features, named, paid, payer, position, predict, use_text, variant)
from olab_core.ora._engine import CARD_CODES
from .orahelp import TOKENS, editor, lent, play, texts


# ================================================================ the positions

def good_types(card, n):
    """``n`` goods of different types for a different-goods card: of its variant, not named by
    it, never a Wonder (one coin only, so no 5-coin piece)."""
    types = [g for g in GOOD_NAMES if g != "wonder" and g not in named(card)
             and GOODS[g]["variant"] in ("both", variant(card))]
    assert len(types) >= n, card
    return {g: 1 for g in types[:n]}


def part_stock(card, part, uses):
    """Goods for ``uses`` uses of one part; value is paid with the card's payer goods."""
    stock = {}

    def need(what, n):
        for k, v in what.items():
            g, units = (payer(card, k), v / VALUE_UNIT[k]) if k in VALUE_UNIT else (k, v)
            stock[g] = stock.get(g, 0) + int(units * n)
    kind = part["kind"]
    if kind == "convert_alternatives":
        for alt in part["pay_one_of"]:
            need(alt, uses)
    elif kind == "tiered_sale":
        need({part["pay_value"]: max(t["min"] for t in part["tiers"])}, uses)
    elif kind == "different_goods":
        stock.update({g: uses for g in good_types(card, part["count"] + 1)})
    elif kind == "upgrade_chain":
        stock.update({g: 1 for g in part["chain"][:-1]})
    elif kind == "per_owned":
        stock[part["good"]] = max(t["min"] for t in part["tiers"])
    else:
        need(part.get("pay", {}), uses)
    return stock


def uses_of(part):
    """One use more than the part's max; 3 uses for a max of null."""
    if "max" in part and part["max"] is None:
        return UNLIMITED
    return (part.get("max") or 1) + 1


def stock_for(card, parts):
    """Goods for one more use than the max of every part given.  A good the card takes
    directly that is also worth a value the card pays, at another unit than the payer's
    (whiskey 1 point, 5 coins a 2-point piece), is given for the max only (docstring)."""
    values = {k for p in RECORDS[card]["effect_parts"] for what in [p.get("pay", {})] + p.get("pay_one_of", [])
              for k in what if k in VALUE_UNIT}
    stock = {}
    for part in parts:
        n = uses_of(part)
        for g, v in part_stock(card, part, n).items():
            if g in paid(card) and (any(GOODS[g][k] not in (0, VALUE_UNIT[k]) for k in values)
                                    or (g == "coin" and "points" in values)):
                v = v * (n - 1) // n
            stock[g] = stock.get(g, 0) + v
    return stock


def cloisters(state):
    return sum(1 for _sp, _c, _r, _t, cid in state._spaces(0)
               if CARD_CODES[cid] in RECORDS and RECORDS[CARD_CODES[cid]]["cloister"])


def budget(card, state, mode):
    """The points budget a points_goods part states, in this position."""
    text = next(p["budget"] for p in RECORDS[card]["effect_parts"] if p["kind"] == "points_goods")
    if text == "number of forest + moor cards in own landscape":
        f = features(state)
        return f["forest"] + f["moor"]
    m = re.fullmatch(r"points_per_cloister x own cloister buildings \((\d+); long-2p ([\d.]+) rounded down; "
                     r"solo (\d+)\)", text)
    assert m, text
    rate = {"2p_long": float(m.group(2)), "solo": float(m.group(3))}.get(mode, float(m.group(1)))
    return int(rate * cloisters(state))


def context(card, state, mode):
    _arm, slots, _values = state._wheel()
    side = WHEEL["value_by_distance_behind_arm"]["back" if state._config()["wheel_back"] else "front"]
    present = dict(zip(TOKENS, (s is not None for s in slots)))
    ctx = dict(values=side, present=present, clergy=sum(1 for c in state._clergy(0) if c is not None))
    if any(p["kind"] == "points_goods" for p in RECORDS[card]["effect_parts"]):
        ctx["budget"] = budget(card, state, mode)
    return ctx


def show(results, start):
    return [{k: v - start[k] for k, v in zip(KEYS, r) if v != start[k]} for r in sorted(results)]


def check(card, stock, mode="4p_long", **kw):
    """The engine's results from ``USE card`` lie between the model's exact and loose sets."""
    players, length = {"4p_long": (4, "long"), "2p_short": (2, "short"), "2p_long": (2, "long"),
                       "solo": (1, "long")}[mode]
    state = position(card, stock, players=players, length=length, **kw)
    ctx = context(card, state, mode)
    start, got = explore(state, card)
    exact, loose = predict(card, start, ctx)
    where = f"{card} with {stock} {kw or ''} ({mode})"
    assert exact <= got, f"{where}: the engine misses {show(exact - got, start)}"
    assert got <= loose, f"{where}: the data does not allow {show(got - loose, start)}"
    return got


# the positions each card needs besides goods: the recall cards find the other clergymen
# out; points by cloister buildings get six of them, points by forests and moors eleven (a
# budget above a reliquary's 8); forest removal one forest more than its max
CLOISTERS = [("F37", 3, 1), ("F17", 1, -1), ("F23", 2, -1), ("F24", 3, -1)]


def setup(card):
    kinds = {p["kind"]: p for p in RECORDS[card]["effect_parts"]}
    kw = {}
    if kinds.keys() & {"recall_all_own_clergy", "recall_prior"}:
        kw["clergy"] = [(0, "lay_brother_2", 0, 4, 0), (0, "prior", 0, 2, 1)]
    if "points_goods" in kinds and "cloister" in kinds["points_goods"]["budget"]:
        kw.update(districts=[(-1, "PLAINS")], extra=CLOISTERS)
    if "points_goods" in kinds and "forest" in kinds["points_goods"]["budget"]:
        kw["districts"] = [(-1, "HILLS"), (2, "HILLS")]
    if "remove_forest" in kinds and kinds["remove_forest"]["max"] >= 3:
        kw["districts"] = [(-1 - i, "HILLS") for i in range((kinds["remove_forest"]["max"] - 1) // 2)]
    return kw


def scenarios(card):
    """(name, stock, position options): all parts at once, each part alone, no goods, and the
    boundaries of tiers, counts, budgets, forests and tokens."""
    parts = RECORDS[card]["effect_parts"]
    kw = setup(card)
    out = [("ample", stock_for(card, parts), kw), ("no goods", {}, kw)]
    if len(parts) > 1:
        out += [(f"part {i} alone", stock_for(card, [p]), kw) for i, p in enumerate(parts)]
    for part in parts:
        kind = part["kind"]
        one = part_stock(card, part, 1)
        if part.get("pay") and kind != "use_other_building":
            # the goods of exactly one use, and one unit less of each of them
            out.append(("one use", one, kw))
            out += [(f"one use less a {g}", {**one, g: n - 1}, kw) for g, n in one.items()]
        if kind == "tiered_sale":
            g = payer(card, part["pay_value"])
            for t in part["tiers"]:
                n = int(t["min"] / VALUE_UNIT[part["pay_value"]])
                out += [(f"{n - 1} {g}", {g: n - 1}, kw), (f"{n} {g}", {g: n}, kw)]
        elif kind == "per_owned":
            for t in part["tiers"]:
                out += [(f"{t['min'] - 1} {part['good']}", {part["good"]: t["min"] - 1}, kw),
                        (f"{t['min']} {part['good']}", {part["good"]: t["min"]}, kw)]
        elif kind == "different_goods":
            out += [(f"{n} types", good_types(card, n), kw) for n in (part["count"] - 1, part["count"])]
        elif kind == "remove_forest":
            out += [(f"{n} forests", {}, {**kw, "forests": n}) for n in (0, 1)]
        elif kind in ("wheel", "wheel_joker_only"):
            stock = stock_for(card, [part])
            tokens = part.get("token", [])
            for t in ["joker"] + (tokens if isinstance(tokens, list) else [tokens]):
                out.append((f"no {t} token", stock, {**kw, "tokens": {t: None}}))
        elif kind == "upgrade_chain":
            out += [(f"one {g}", {g: 1}, kw) for g in part["chain"]]
        elif kind == "points_goods" and "forest" in part["budget"]:
            out += [(f"{n} forests", stock_for(card, [part]), {**kw, "forests": n}) for n in (0, 1, 2)]
        elif kind == "points_goods":
            out += [(f"{mode}", stock_for(card, [part]), {**kw, "mode": mode})
                    for mode in ("2p_short", "2p_long", "solo")]
        elif kind == "convert" and "points" in part["pay"]:
            # the points paid to the point: 2-point payer goods and the rest in a good the part
            # takes directly that counts 1 point once the part has taken its own (whiskey)
            one = next(g for g in part["pay"] if g in GOODS and GOODS[g]["points"] == 1)
            owed, g = part["pay"]["points"], payer(card, "points")
            stock = part_stock(card, part, 1)
            stock[g] = (owed - 1) // GOODS[g]["points"]
            stock[one] += owed - stock[g] * GOODS[g]["points"]
            out.append(("points paid to the point", stock, kw))
    return out


# ================================================================ the tests

def test_every_card_and_kind_is_covered():
    # buildings.json: the 70 cards with effect_parts; every part kind has a generator
    assert len(CARDS) == 70
    kinds = {p["kind"] for c in CARDS for p in RECORDS[c]["effect_parts"]}
    assert kinds == set(KINDS)
    joins = {p["join"] for c in CARDS for p in RECORDS[c]["effect_parts"]}
    assert joins == {"first", "and", "additionally", "and_then", "and_or", "and_then_or"}
    assert all(RECORDS[c]["effect_parts"][0]["join"] == "first" for c in CARDS)


@pytest.mark.parametrize("card", CARDS)
def test_effect_parts(card):
    # buildings.json <card>.effect_parts: every result the engine reaches from USE <card>
    for name, stock, kw in scenarios(card):
        check(card, stock, **kw)


def test_coal_harbor_under_both_readings(monkeypatch):
    # buildings.json I31 disagreements (input good): the printed coal_harbor_input burns the
    # peat coal of effect_parts; kennerspiel's reading ("reducer consumes PEAT") the same
    # numbers with peat
    part = RECORDS["I31"]["effect_parts"][0]
    assert set(part["pay"]) == {"peat_coal"}
    check("I31", stock_for("I31", [part]), options={"coal_harbor_input": "peat_coal"})
    dis = next(d for d in RECORDS["I31"]["disagreements"] if d["field"] == "input good")
    assert "PEAT" in dis["kennerspiel"] and dis["chosen"] == "peat coal"
    rec = copy.deepcopy(RECORDS["I31"])
    rec["effect_parts"][0]["pay"] = {"peat": part["pay"]["peat_coal"]}
    monkeypatch.setitem(RECORDS, "I31", rec)
    check("I31", stock_for("I31", rec["effect_parts"]), options={"coal_harbor_input": "peat"})


# ---------------------------------------------------------------- use_other_building

OTHER = sorted(c for c in CARDS if any(p["kind"] == "use_other_building" for p in RECORDS[c]["effect_parts"]))
# the clergymen out (seat, slot, owner, col, row): Red's prior on its Clay Mound, Red's second
# lay brother on its Cloister Office, Green's prior on its Farmyard, Green's lay brother on
# its Clay Mound.  The card stands at (3, 1), a Grain Storage / Granary at (3, 0)
OUT = [(0, "prior", 0, 4, 0), (0, "lay_brother_2", 0, 4, 1), (1, "prior", 1, 2, 1), (1, "lay_brother_1", 1, 4, 0)]


def label(state, seat, cid):
    # a building as TARGET / CHOOSE name it: a heartland building with its owner's colour
    code = CARD_CODES[cid]
    return f"L{'RGBW'[seat]}{code[1]}" if code in ("L1", "L2", "L3") else code


def targets(state, card, part, col, row):
    """The lent uses ``target`` describes in this position (TARGET / CHOOSE texts)."""
    kind = part["target"]
    on = {}                                            # (owner, space) -> clergy slots on it
    for seat in range(4):
        for slot, loc in zip(("lay_brother_1", "lay_brother_2", "prior"), state._clergy(seat)):
            if isinstance(loc, tuple):
                on.setdefault(loc, []).append(slot)
    me = state._space_at(0, col, row)
    out = set()
    if kind == "any_unbuilt_building_in_display":
        return {f"CHOOSE {CARD_CODES[c]}" for c in state._display()
                if not (part["exclude_self"] and CARD_CODES[c] == card)}
    for seat in range(4):
        for sp, c, r, _t, cid in state._spaces(seat):
            code = CARD_CODES[cid]
            if code not in RECORDS or RECORDS[code]["kind"] == "landscape_card":
                continue                               # forests, moors, settlements, empty spaces
            if part["exclude_self"] and (seat, sp) == (0, me):
                continue
            if kind == "any_building_occupied_by_a_prior":
                ok = "prior" in on.get((seat, sp), [])
            elif kind == "any_occupied_building":
                ok = (seat, sp) in on
            elif kind == "unoccupied_orthogonal_neighbour_in_same_landscape":
                # landscape.json adjacency.default: orthogonal (no mountain plot here)
                ok = seat == 0 and abs(c - col) + abs(r - row) == 1 and (seat, sp) not in on
            else:
                raise AssertionError(f"unknown target {kind!r}")
            if ok:
                out.add(f"TARGET {label(state, seat, cid)}")
    return out


def path_to(state, wanted):
    """The actions from here to the first return to the top of the turn where ``wanted()``."""
    if at_top(state):
        return [] if wanted() else None
    for a in state.legal_actions():
        state.apply_action(a)
        rest = path_to(state, wanted)
        state.undo_action()
        if rest is not None:
            return [a] + rest
    return None


def finish(state):
    """Play the lent use's own decisions (the first option each time) back to the top."""
    while not at_top(state):
        state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize("card", OTHER)
def test_use_other_building(card):
    # buildings.json <card>.effect_parts[kind=use_other_building]: target, exclude_self,
    # count, pay, places_clergy_on_target
    parts = RECORDS[card]["effect_parts"]
    part = next(p for p in parts if p["kind"] == "use_other_building")
    need = part.get("pay", {})
    extra = [("I03" if variant(card) == "ireland" else "F03", 3, 0)]
    display = [c for c in ("F03", "F04", "G02", "I04", "I05") if RECORDS[c]["variant"] in ("both", variant(card))]
    display.append(card)                               # the card itself, for exclude_self
    use = use_text(card) + (" WITH_PRIOR" if "prior" in part["target"] else "")
    clergy = [c for c in OUT if not ("prior" in part["target"] and c[:2] == (0, "prior"))]
    for short in ([True, False] if need else [False]):     # without the pay, then with it
        stock = {g: n - (1 if short else 0) for g, n in need.items()}
        state = position(card, stock, at=(3, 1, ()), extra=extra, clergy=clergy, display=display)
        state.apply_action(state.string_to_action(use))
        # the card's own parts (the Garden's grape: ACCEPT) come first
        while not at_top(state):
            state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a) != "SKIP"))
        want = targets(state, card, part, 3, 1) if not short and part["count"] > 0 else set()
        assert set(lent(state)) == want, (card, short)
        if part.get("optional") and want:
            assert "COMMIT" in texts(state)            # the lent use may be left
    # take one: its pay is paid, no clergyman moves, and no further use is lent (count)
    assert want, card
    for k in range(part["count"]):
        assert lent(state), f"{card}: use {k + 1} of {part['count']} is not lent"
        before = dict(zip(GOOD_NAMES, state._goods(0)))
        clergy_before = [state._clergy(seat) for seat in range(4)]
        first = sorted(t for t in lent(state) if t.split()[1] not in OTHER)[0]
        play(state, first)
        after = dict(zip(GOOD_NAMES, state._goods(0)))
        assert {g: after[g] - before[g] for g in need} == {g: -n for g, n in need.items()}
        moved = [state._clergy(seat) for seat in range(4)] != clergy_before
        assert moved == part["places_clergy_on_target"]
        finish(state)
    assert lent(state) == []


# ---------------------------------------------------------------- bonus_action

GRANTS = sorted(c for c in CARDS if any(p["kind"] == "bonus_action" for p in RECORDS[c]["effect_parts"]))
VERBS = {"build": "BUILD", "fell_trees": "FELL_TREES", "cut_peat": "CUT_PEAT", "settle": "SETTLE",
         "buy_district_free": "BUY_DISTRICT", "buy_plot_free": "BUY_PLOT"}


@pytest.mark.parametrize("card", GRANTS)
def test_bonus_action_is_offered(card):
    # buildings.json <card>.effect_parts[kind=bonus_action].actions: at every end of the use
    # the granted action is offered exactly when it was granted (requires_previous: only after
    # the part before it); the main action is spent, so it is never offered otherwise
    parts = RECORDS[card]["effect_parts"]
    actions = [a for p in parts if p["kind"] == "bonus_action" for a in p["actions"]]
    building = "I03" if variant(card) == "ireland" else "F03"
    stock = dict(stock_for(card, parts))
    for g, n in RECORDS[building]["cost"].items():
        stock[g] = stock.get(g, 0) + n
    stock.update(sheep=1, peat=1)                      # a Shanty Town: 1 food, 1 energy
    state = position(card, stock, display=[building], **setup(card))
    editor(state).hand(0, "S01")
    seen = set()

    def walk():
        if at_top(state):
            verbs = {t.split()[0] for t in texts(state)}
            t = state._turn()
            for a in actions:
                granted = bool(t[BONUS[a]])
                assert (VERBS[a] in verbs) == granted, (card, a, granted)
                seen.add((a, granted))
            return
        for a in state.legal_actions():
            state.apply_action(a)
            walk()
            state.undo_action()
    state.apply_action(state.string_to_action(use_text(card)))
    walk()
    # each_optional: taking one granted action leaves the others offered
    for p in parts:
        if p["kind"] == "bonus_action" and len(p["actions"]) > 1:
            for a in path_to(state, lambda: state._turn()[BONUS[p["actions"][0]]]):
                state.apply_action(a)
            first = next(t for t in texts(state) if t.split()[0] == VERBS[p["actions"][0]])
            play(state, first)
            finish(state)
            rest = {t.split()[0] for t in texts(state)}
            assert all((VERBS[a] in rest) == bool(p.get("each_optional")) for a in p["actions"][1:]), card
    tied = any(p.get("requires_previous") for p in parts if p["kind"] == "bonus_action")
    assert seen == {(a, g) for a in actions for g in ((True, False) if tied else (True,))}


# ---------------------------------------------------------------- the checkers can fail

def numbers(x, path=()):
    """(path, value) of every number of an effect_parts list, and of every max of null."""
    if isinstance(x, dict):
        for k, v in x.items():
            yield from numbers(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from numbers(v, path + (i,))
    elif (isinstance(x, (int, float)) and not isinstance(x, bool)) or (x is None and path[-1] == "max"):
        yield path, x


def run_checks(card):
    for _name, stock, kw in scenarios(card):
        check(card, stock, **kw)
    if card in OTHER:
        test_use_other_building(card)
    if card in GRANTS:
        test_bonus_action_is_offered(card)


def test_a_wrong_number_fails(monkeypatch):
    # every number of every card's effect_parts one higher (a max of null: 5) fails a check
    survived = []
    for card in CARDS:
        for path, v in numbers(RECORDS[card]["effect_parts"]):
            rec = copy.deepcopy(RECORDS[card])
            x = rec["effect_parts"]
            for p in path[:-1]:
                x = x[p]
            x[path[-1]] = 5 if v is None else v + 1
            monkeypatch.setitem(RECORDS, card, rec)
            try:
                run_checks(card)
                survived.append((card, path))
            except AssertionError:
                pass
    monkeypatch.undo()
    assert survived == []
