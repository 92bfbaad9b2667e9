"""The board data (``wheel.json``, ``landscape.json``) against what the engine does.

The engine reads the wheel values, tokens, token rounds, the schedule, the
short game's round goods, the prices and the landscape layouts from these files
at import (:mod:`olab.ora.board`).  These tests drive the engine and compare
with the raw JSON, key by key, so that the loader, the core tables and the
data agree.  They also check the numbers the files state only in prose and the
core keeps in code (turn orders, the 2-player end, the water next to a
settlement, the short game's bonus production), and the derived tables the
core does not read (the value of an untouched token by round, a token's value
in its entry round, the start seat of each round).  Behaviour itself is pinned
independently, with the numbers written out, by test_wheel.py, test_rounds.py
and test_setup.py.
"""
import re

import pytest

from olab.ora import board
from olab.ora.cards import _read
from olab_core.ora._engine import CARD_CODES
from .orahelp import TOKENS, editor, good, goods, new, play, texts, token

WHEEL = _read("wheel.json")
LAND = _read("landscape.json")
SETTLEMENTS = {s["id"]: s for s in _read("settlements.json")}
GOODS = {g["id"]: g for g in _read("goods.json")}
MODES = {"solo": (1, "long"), "2p-short": (2, "short"), "2p-long": (2, "long"), "3p-long": (3, "long"),
         "3p-short": (3, "short"), "4p-long": (4, "long"), "4p-short": (4, "short")}


def game(mode, **kw):
    players, length = MODES[mode]
    return new(players=players, length=length, **kw)


def commit_to_round(state, r):
    while state._turn()["round"] < r:
        while "COMMIT" not in texts(state):          # solo: the neutral player builds first
            state.apply_action(state.legal_actions()[0])
        play(state, "COMMIT")


def card_code(text):
    # a card as landscape.json writes it: LMO / LFO, "Clay Mound (L?1)", or null
    if text is None:
        return ""
    m = re.search(r"\(L\?(\d)", text)
    return "L" + m.group(1) if m else text


def layout(state, seat):
    """{(col, row): (terrain, card code)} of a seat's landscape."""
    return {(c, r): (state._terrain(seat, sp), CARD_CODES[cid]) for sp, c, r, _t, cid in state._spaces(seat)}


def money(name, n):
    # goods.json: a 5-coin piece (alias nickel) is 5 coins
    g = next(g for g in GOODS.values() if name == g["id"] or name in g["aliases"])
    return ("coin", n * g["coin"]) if g["id"] == "coin5" else (g["id"], n)


# ---------------------------------------------------------------- wheel.json

@pytest.mark.parametrize("mode", MODES)
def test_value_by_distance_behind_the_arm(mode):
    # wheel.json value_by_distance_behind_arm, side_by_mode
    values = WHEEL["value_by_distance_behind_arm"][WHEEL["side_by_mode"][mode]]
    state = game(mode)
    arm = state._wheel()[0]
    for d, v in enumerate(values):
        editor(state).wheel(clay=arm - d)
        assert token(state, "clay")[1] == v


@pytest.mark.parametrize("mode", MODES)
def test_initial_state(mode):
    # wheel.json initial_state: the tokens on slot 0, the arm on 0 and turned before round 1;
    # tokens: the core's order, each named by its good as the facade names them
    state = game(mode)
    arm, slots, _values = state._wheel()
    assert arm == (WHEEL["initial_state"]["arm"] + 1) % WHEEL["slots"]
    on = WHEEL["initial_state"]["tokens_on_slot_0"]
    assert [t["id"] for t in WHEEL["tokens"]] == ["grain", "sheep", "clay", "coin", "wood", "peat",
                                                  "joker", "grape", "stone"]
    assert slots == [0 if t["id"] in on else None for t in WHEEL["tokens"]]
    assert [t["good"] for t in WHEEL["tokens"] if t["id"] != "joker"] == [n for n in TOKENS if n != "joker"]


def _entries(mode, preset):
    rec = WHEEL["token_entry"][mode]
    if preset == "printed" and "printed_preset" in rec:
        rec = rec["printed_preset"]
    return rec


@pytest.mark.parametrize("preset", ["printed", "kennerspiel"])
@pytest.mark.parametrize("mode", MODES)
def test_token_entry(mode, preset):
    # wheel.json token_entry.<mode> (.printed_preset for the printed preset): absent before the
    # round, on the wheel in it, worth value_in_entry_round; solo: never
    for name, token_name in (("grape", "grapes"), ("stone", "stone")):
        e = _entries(mode, preset)[name]
        if e is None:
            state = game(mode, rules=preset)
            commit_to_round(state, 20)
            assert token(state, token_name)[0] is None
            continue
        state = game(mode, rules=preset)
        commit_to_round(state, e["round"] - 1)
        assert token(state, token_name)[0] is None
        commit_to_round(state, e["round"])
        slot, value = token(state, token_name)
        assert slot is not None and value == e["value_in_entry_round"]
        assert value == (WHEEL["value_by_distance_behind_arm"][WHEEL["side_by_mode"][mode]][1]
                         if e["placed"] == "before rotation" else 0)


def test_no_grapes_in_ireland():
    # wheel.json tokens.grape: "absent; enters later (France only)"
    state = game("4p-long", variant="ireland")
    commit_to_round(state, WHEEL["token_entry"]["4p-long"]["grape"]["round"] + 1)
    assert token(state, "grapes")[0] is None


@pytest.mark.parametrize("table, mode", [("front_multiplayer", "4p-long"), ("back", "2p-short"),
                                         ("front_solo", "solo")])
def test_untouched_token_value_by_round(table, mode):
    # wheel.json untouched_token_value_by_round: the wood token, never taken (solo: it leaves
    # the wheel when the arm reaches it, null)
    expected = {int(r): v for r, v in WHEEL["untouched_token_value_by_round"][table].items()}
    state = game(mode)
    for r in sorted(expected):
        commit_to_round(state, r)
        slot, value = token(state, "wood")
        assert (None if slot is None else value) == expected[r], r


def schedule(state):
    """(label, turn kind, seat) of every turn when everyone commits; label = round, a letter
    of a settlement phase, or "bonus"."""
    out = []
    while not state.is_terminal():
        t = state._turn()
        label = "bonus" if t["in_bonus"] else t["round"]
        if t["in_settlement"]:
            label = t["phase_letter"]
        out.append((label, t["turn_kind"], t["current"]))
        while "COMMIT" not in texts(state):
            state.apply_action(state.legal_actions()[0])
        play(state, "COMMIT")
    return out


def offsets(text):
    # "s, s+1, s+2, s (start player twice)" / "player, player" -> seat offsets from the start seat
    text = text.split(" (")[0]
    return [0 if x in ("s", "player") else int(re.fullmatch(r"s\+(\d)", x).group(1)) for x in text.split(", ")]


@pytest.mark.parametrize("mode", MODES)
def test_schedule(mode):
    # wheel.json schedule.<mode>: turns_per_round, settlement_after_round, regular_rounds,
    # bonus_round_after_round; checking_numbers.start_seat_of_round; settlement_phase_order
    players = MODES[mode][0]
    rec = WHEEL["schedule"][mode]
    sched = schedule(game(mode, two_player_round_limit=40) if players == 2 else game(mode))
    normal = [(label, seat) for label, kind, seat in sched if kind == "normal"]
    order = offsets(rec["turns_per_round"])
    last = {}
    for label, seat in normal:
        last.setdefault(label, []).append(seat)
    if mode == "solo":
        # "30 numbered rounds with round 25 played twice (31 wheel rotations, 62 turns)"
        m = re.search(r"\((\d+) wheel rotations, (\d+) turns\)", rec["regular_rounds"])
        assert max(last) == int(m.group(1)) and len(normal) == int(m.group(2))
    for r, seats in last.items():
        start = 0 if players == 1 else (r - 1) % players      # ((round - 1) mod players) + 1, 1-based
        if not (players == 2 and r >= 29):                     # the 2-player game's last rounds end early
            assert seats == [(start + k) % players for k in order], r
    letters = [label for label, kind, _ in sched if kind in ("settlement", "solo_settlement")]
    assert sorted(set(letters)) == (["A", "B", "C", "D", "E"] if rec["E"] else ["A", "B", "C", "D"])
    for letter, after in rec["settlement_after_round"].items():
        after = int(str(after).split()[0])                     # solo D: "25 (the first round 25)"
        i = next(i for i, t in enumerate(sched) if t[0] == letter)
        assert sched[i - 1][0] == after
        seats = [seat for label, _, seat in sched if label == letter]
        first = 0 if players == 1 else after % players         # the next round's start player
        assert seats == [(first + k) % players for k in range(players)]
    if isinstance(rec["regular_rounds"], int):
        assert max(last) == rec["regular_rounds"] == rec["bonus_round_after_round"]
        assert [seat for label, _, seat in sched if label == "bonus"] == list(range(players))
        assert sched[-1][0] == "E"
    elif players == 2:
        # "27, then more rounds until the end condition" (the round limit of 40 stops it here)
        assert max(last) > int(rec["regular_rounds"].split(",")[0])


@pytest.mark.parametrize("mode", ["2p-short", "2p-long"])
def test_two_player_end(mode):
    # wheel.json schedule.<mode>.end: "from the 2nd round after D ... the display holds <= 3
    # buildings, that turn is the last" / "<= 1 building, that player takes only one action"
    end = WHEEL["schedule"][mode]["end"]
    after = {"2nd": 2, "second": 2}[re.search(r"from the (2nd|second) round after", end).group(1)]
    limit = int(re.search(r"<= (\d+) building", end).group(1))
    d = WHEEL["schedule"][mode]["settlement_after_round"]["D"]
    cards = ["G02", "F04", "F05", "F03", "G06"][:limit + 1]
    for n, ends in ((limit, True), (limit + 1, False)):
        state = game(mode)
        commit_to_round(state, d + after - 1)
        editor(state).display(*cards[:n])
        assert not state._turn()["final_turn"]                 # not yet in the first round after D
        commit_to_round(state, d + after)
        for _ in range(3):
            if state._turn()["final_turn"] or state.is_terminal():
                break
            play(state, "COMMIT")
        assert state._turn()["final_turn"] == ends, n


@pytest.mark.parametrize("mode", [m for m in MODES if m != "solo"])
def test_short_game_round_goods(mode):
    # wheel.json short_game_round_start_goods (modes, per_player; nickel = a 5-coin piece);
    # other modes get nothing
    rec = WHEEL["short_game_round_start_goods"]
    state = game(mode)
    total = goods(state, 0)
    if mode in rec["modes"]:
        for g, n in rec["per_player"]["1"].items():
            g, n = money(g, n)
            total[g] -= n                                      # round 1's come on top of the start goods
    for r in range(1, len(rec["per_player"]) + 1):
        commit_to_round(state, r)
        if mode in rec["modes"]:
            for g, n in rec["per_player"][str(r)].items():
                g, n = money(g, n)
                total[g] = total.get(g, 0) + n
        for seat in range(MODES[mode][0]):
            assert goods(state, seat) == total, (r, seat)


@pytest.mark.parametrize("mode", MODES)
def test_short_game_bonus_production(mode):
    # wheel.json short_game_bonus_production: "every player gets +1 of that good"
    rec = WHEEL["short_game_bonus_production"]
    extra = int(re.search(r"every player gets \+(\d+) of that good", rec["rule"]).group(1))
    state = game(mode)
    players = MODES[mode][0]
    before = [good(state, s, "clay") for s in range(players)]
    editor(state).token_value(clay=4)
    play(state, "USE LR1", "TAKE Cl")
    bonus = extra if mode in rec["modes"] else 0
    assert good(state, 0, "clay") == before[0] + 4 + bonus
    assert [good(state, s, "clay") for s in range(1, players)] == [b + bonus for b in before[1:]]


# ---------------------------------------------------------------- landscape.json

def test_heartland():
    # landscape.json heartland.spaces (size 2 x 5)
    state = game("4p-long")
    want = {(s["col"], s["row"]): (s["terrain"], card_code(s["card"])) for s in LAND["heartland"]["spaces"]}
    assert len(want) == LAND["heartland"]["size"]["rows"] * LAND["heartland"]["size"]["cols"]
    for seat in range(4):
        assert layout(state, seat) == want


@pytest.mark.parametrize("mode", ["3p-short", "4p-short"])
def test_short_game_heartland(mode):
    # landscape.json heartland.short_3_4p_game: "the moor at (0,0) and the forest at (1,0) are removed"
    text = LAND["heartland"]["short_3_4p_game"]
    removed = {(int(c), int(r)): {"moor": "LMO", "forest": "LFO"}[k]
               for k, c, r in re.findall(r"the (moor|forest) at \((\d),(\d)\)", text)}
    assert removed
    want = {(s["col"], s["row"]): (s["terrain"], card_code(s["card"])) for s in LAND["heartland"]["spaces"]}
    for at, card in removed.items():
        assert want[at][1] == card
        want[at] = (want[at][0], "")
    assert layout(game(mode), 0) == want


def test_solo_neutral_heartland():
    # landscape.json heartland.solo_neutral_player: "no moors or forests; Builders' Market (G13)
    # at (0,0); ... as usual"
    text = LAND["heartland"]["solo_neutral_player"]
    assert text.startswith("no moors or forests; ")
    want = {(s["col"], s["row"]): (s["terrain"], "" if s["card"] in ("LMO", "LFO") else card_code(s["card"]))
            for s in LAND["heartland"]["spaces"]}
    for code, c, r in re.findall(r"\((\w\d\d)\) at \((\d),(\d)\)", text):
        want[int(c), int(r)] = (want[int(c), int(r)][0], code)
    state = game("solo")
    assert layout(state, 1) == want
    assert layout(state, 0) == {(s["col"], s["row"]): (s["terrain"], card_code(s["card"]))
                                for s in LAND["heartland"]["spaces"]}


@pytest.mark.parametrize("side", ["PLAINS", "HILLS"])
def test_district_sides(side):
    # landscape.json district.sides, district.columns: a district in row -1 and one in row 2
    state = game("4p-long")
    before = layout(state, 0)
    editor(state).district(0, -1, side)
    editor(state).district(0, 2, side)
    added = {k: v for k, v in layout(state, 0).items() if k not in before}
    want = {}
    for row in (-1, 2):
        for s in LAND["district"]["sides"][side]:
            want[s["col"], row] = (s["terrain"], card_code(s["card"]))
    assert added == want
    assert sorted({c for c, _ in added}) == LAND["district"]["columns"]


@pytest.mark.parametrize("side", ["COAST", "MOUNTAIN"])
def test_plot_sides(side):
    # landscape.json plot.sides: a plot in rows 0-1; "." (the mountain's lower half) is no space
    state = game("4p-long")
    before = layout(state, 0)
    editor(state).plot(0, 0, side)
    added = {k: v for k, v in layout(state, 0).items() if k not in before}
    rec = LAND["plot"]["sides"][side]
    want = {(s["col"], s["row_offset"]): (s["terrain"], "") for s in rec["spaces"] if s["terrain"] != "."}
    assert added == want
    for s in rec["spaces"]:
        if s["terrain"] == ".":
            assert state._space_at(0, s["col"], s["row_offset"]) == -1
    assert sorted({c for c, _ in added}) == rec["columns"]


@pytest.mark.parametrize("kind, track", [("district", "2-4 players"), ("district", "solo"),
                                         ("plot", "2-4 players"), ("plot", "solo")])
def test_prices(kind, track):
    # landscape.json prices.district / prices.plot: the k-th tile of a pile costs the k-th price
    prices = LAND["prices"][kind][track]
    assert len(prices) == LAND[kind]["tiles"]
    move = "BUY_DISTRICT -1 PLAINS" if kind == "district" else "BUY_PLOT 0 COAST"
    for k, price in enumerate(prices):
        for coins, offered in ((price, True), (price - 1, False)):
            state = game("solo" if track == "solo" else "4p-long")
            ed = editor(state)
            ed.clear_goods(0)
            ed.goods(0, coin=coins)
            ed.turn(**{f"{kind}s_taken": k})
            assert (move in texts(state)) == offered, (k, coins)
            if offered:
                play(state, move)
                assert good(state, 0, "coin") == 0
                assert state.to_json()["prices"][kind] == (prices[k + 1] if k + 1 < len(prices) else None)


def test_water_next_to_a_settlement():
    # landscape.json settlement_scoring.per_settlement: "+ 3 for each adjacent water space with
    # no building"; a Shanty Town on the coast (-1, 0), next to the water (-2, 0) and the moor (0, 0)
    water = int(re.search(r"\+ (\d+) for each adjacent water space with no building",
                          LAND["settlement_scoring"]["per_settlement"]).group(1))
    state = game("4p-long")
    ed = editor(state)
    ed.plot(0, 0, "COAST")
    ed.place(0, "S01", -1, 0)
    (_, points), = state._score_parts(0)[3]
    assert points == SETTLEMENTS["S01"]["dwelling_value"] + water


# ---------------------------------------------------------------- the loader

def test_rules_take_the_data():
    # olab.ora.Rules.core_config reads olab.ora.board: prices (solo on its own track),
    # schedule, token rounds, the wheel side, the 3-player grapes round per preset
    from olab.ora import Rules
    for (players, length), mode in {v: k for k, v in MODES.items()}.items():
        for preset in ("printed", "kennerspiel"):
            cfg = Rules.preset(preset, players=players, length=length).core_config()
            track = "solo" if players == 1 else "2-4 players"
            assert cfg["district_prices"] == tuple(LAND["prices"]["district"][track])
            assert cfg["plot_prices"] == tuple(LAND["prices"]["plot"][track])
            assert cfg["wheel_back"] == (WHEEL["side_by_mode"][mode] == "back")
            e = _entries(mode, preset)
            assert cfg["grape_round"] == (e["grape"]["round"] if e["grape"] else 0)
            assert cfg["stone_round"] == (e["stone"]["round"] if e["stone"] else 0)
    assert Rules.preset("printed", players=3).grapes_round_3p_long == board.GRAPE_ROUND_3P_LONG["printed"]
    with pytest.raises(ValueError, match="grapes_round_3p_long must be 8 or 9"):
        Rules(players=3, grapes_round_3p_long=10)


def test_loader_refuses_what_it_cannot_read(monkeypatch):
    # prose the loader reads must keep its form; anything else names the key
    assert board._round_number("25 (the first round 25)", "k") == 25
    with pytest.raises(ValueError, match="k: a round number"):
        board._round_number("25 or 26", "k")
    with pytest.raises(ValueError, match="no known form"):
        board._regular_rounds({"regular_rounds": "about thirty", "bonus_round_after_round": None}, "k")
    with pytest.raises(ValueError, match="bonus round follows"):
        board._regular_rounds({"regular_rounds": 24, "bonus_round_after_round": 23}, "k")
    heart = dict(LAND["heartland"], short_3_4p_game="two forests are removed")
    monkeypatch.setitem(board.LANDSCAPE, "heartland", heart)
    with pytest.raises(ValueError, match="heartland.short_3_4p_game: no known form"):
        board._short_heartland()
    heart = dict(LAND["heartland"], short_3_4p_game="the moor at (3,0) is removed at setup")
    monkeypatch.setitem(board.LANDSCAPE, "heartland", heart)
    with pytest.raises(ValueError, match=r"no moor at \(3,0\)"):
        board._short_heartland()
    heart = dict(LAND["heartland"], solo_neutral_player="no moors or forests; Farmyard (3,1) as usual")
    monkeypatch.setitem(board.LANDSCAPE, "heartland", heart)
    with pytest.raises(ValueError, match=r"Farmyard is not at \(3,1\)"):
        board._neutral_heartland()
    with pytest.raises(ValueError, match="unknown card"):
        board._card("Clay Mound", "k")


def test_board_module_examples():
    import doctest
    assert doctest.testmod(board).failed == 0
