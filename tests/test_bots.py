"""Bots, batch playouts, the arena and the bench (issue 5)."""
import json

import pytest

import olab
from olab.arena import run_arena, wilson_interval
from olab.bench import format_table, run_bench
from olab.bots import BOT_NAMES, Bot, GreedyBot, MCTSBot, RandomBot, heuristic, make_bot
from olab.cli import main
from olab.ora import random_playouts
from olab_core.common.search import Searcher

CONFIGS = [(p, v, n) for v in ("france", "ireland")
           for p, n in [(1, "long"), (2, "short"), (2, "long"), (3, "long"), (3, "short"),
                        (4, "long"), (4, "short")]]


def play(game, bots, seed):
    state = game.new_initial_state(seed)
    actions = []
    while not state.is_terminal():
        a = bots[state.current_player()].choose(state)
        assert a in state.legal_actions()
        state.apply_action(a)
        actions.append(a)
    return state, actions


# -- the protocol and make_bot -------------------------------------------------

def test_every_bot_follows_the_protocol():
    assert set(BOT_NAMES) == {"random", "greedy", "mcts"}
    for name in BOT_NAMES:
        bot = make_bot(name, seed=1, simulations=10)
        assert isinstance(bot, Bot) and bot.name == name


def test_make_bot_refuses_unknown_names_and_budgets():
    with pytest.raises(ValueError, match="valid bots: random, greedy, mcts"):
        make_bot("alphazero")
    with pytest.raises(ValueError):
        MCTSBot(simulations=0)
    with pytest.raises(ValueError):
        MCTSBot(time_ms=-1)
    with pytest.raises(ValueError):
        GreedyBot(budget=0)


# -- random playouts in C -------------------------------------------------------

@pytest.mark.parametrize("players,variant,length", CONFIGS)
def test_random_playouts_statistics(players, variant, length):
    game = olab.load("ora_et_labora", players=players, variant=variant, length=length)
    stats = random_playouts(game, 30, seed=9)
    per_game = []
    from olab_core.common import search as _search
    for g in range(30):
        one = _search.random_playouts(game._core, 1, 9, first=g)
        per_game.append((one["actions"], one["score_sum"]))
    assert stats.games == 30 and stats.failed == 0
    assert stats.actions == sum(a for a, _ in per_game)
    assert stats.min_actions == min(a for a, _ in per_game)
    assert stats.max_actions == max(a for a, _ in per_game)
    for seat in range(players):
        scores = [s[seat] for _, s in per_game]
        assert stats.score_mean[seat] == pytest.approx(sum(scores) / 30)
        assert stats.score_min[seat] == min(scores) and stats.score_max[seat] == max(scores)
    assert sum(stats.wins) == pytest.approx(30)


def test_random_playouts_do_not_depend_on_threads():
    game = olab.load("ora_et_labora", players=3)
    one = random_playouts(game, 200, seed=4)
    assert random_playouts(game, 200, seed=4, threads=2) == one
    assert random_playouts(game, 200, seed=4, threads=3) == one
    assert game.random_playouts(200, seed=4) == one


class Pcg32:
    """PCG32 as olab_core/common/pcg.pxd has it, to replay a batch game in Python."""

    def __init__(self, seed, stream):
        self.inc = ((stream << 1) | 1) & (2 ** 64 - 1)
        self.state = (self.inc + seed) & (2 ** 64 - 1)
        self.next()

    def next(self):
        old = self.state
        self.state = (old * 6364136223846793005 + self.inc) & (2 ** 64 - 1)
        x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((x >> rot) | (x << ((-rot) & 31))) & 0xFFFFFFFF

    def bounded(self, bound):
        threshold = (2 ** 32 - bound) % bound
        while True:
            x = self.next()
            if x >= threshold:
                return x % bound


@pytest.mark.parametrize("players, chance", [(2, "sampled"), (4, "sampled"), (3, "explicit")])
def test_a_random_playout_game_is_the_seeded_game(players, chance):
    # game g of a batch with seed s is new_initial_state(s + g) played with the
    # g-th stream of PCG32: random_games / random_playouts document it, and a
    # replay of that rule in Python gives the same actions and scores
    from olab.search import random_games
    game = olab.load("ora_et_labora", players=players, chance=chance)
    seed, first = 100, 5
    from olab_core.common import search as _search
    batch = _search.random_games(game._core, 2, seed, first=first)
    for g in (first, first + 1):
        state = game.new_initial_state(seed + g)
        rng = Pcg32(seed, 54 + g)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.bounded(len(legal))])
        k, scores, cut = batch[g - first]
        assert (k, scores, cut) == (state.move_number(), tuple(state.scores()), state.is_truncated())
    assert random_games(game, 7, seed)[first:] == batch
    stats = _search.random_playouts(game._core, 2, seed, first=first)
    assert stats["actions"] == sum(k for k, _, _ in batch)
    with pytest.raises(ValueError):
        random_playouts(game, -1)


# -- RandomBot, GreedyBot ---------------------------------------------------------

def test_random_bot_is_seeded():
    game = olab.load("ora_et_labora", players=2)
    _, a = play(game, [RandomBot(seed=1), RandomBot(seed=2)], 3)
    _, b = play(game, [RandomBot(seed=1), RandomBot(seed=2)], 3)
    assert a == b


@pytest.mark.parametrize("players,variant,length", CONFIGS[::3])
def test_greedy_bot_plays_whole_games_deterministically(players, variant, length):
    game = olab.load("ora_et_labora", players=players, variant=variant, length=length)
    bots = lambda: [GreedyBot(seed=s) for s in range(players)]  # noqa: E731
    s1, a = play(game, bots(), 2)
    _, b = play(game, bots(), 2)
    assert a == b and s1.is_terminal()


def test_greedy_takes_the_free_points():
    # the heuristic of a position after each of the bot's actions: greedy's choice
    # is never worse (by one action's lookahead) than any single other action's
    # immediate result, and it beats random play by a wide margin
    game = olab.load("ora_et_labora", players=2)
    state, _ = play(game, [GreedyBot(seed=1), RandomBot(seed=1)], 5)
    scores = state.scores()
    assert scores[0] > scores[1] + 50


def test_heuristic_counts_score_and_material():
    # the weights documented in olab.bots.heuristic and docs/bots.rst (3 players:
    # the 2-player game adds its terms for the end, see the next test)
    from olab_core.ora._engine import GOOD_CODES
    game = olab.load("ora_et_labora", players=3)
    state = game.new_initial_state(1)

    def add(code, n):
        g = GOOD_CODES.index(code)
        state._set_goods(0, g, state._goods(0)[g] + n)

    h = heuristic(state, 0)
    add("clay", 10)                                 # clay: material only
    assert heuristic(state, 0) == pytest.approx(h + 3.0)
    add("wood", 10)                                 # wood: material 0.3 + 1 energy x 0.2
    assert heuristic(state, 0) == pytest.approx(h + 8.0)
    add("book", 1)                                  # a book scores 2 points
    assert heuristic(state, 0) == pytest.approx(h + 10.0)
    add("meat", 2)                                  # meat: 5 food each x 0.2
    assert heuristic(state, 0) == pytest.approx(h + 12.0)
    with pytest.raises(ValueError):
        heuristic(state, 5)


def test_two_player_heuristic_terms_for_the_end():
    # issue 15: the terms of olab_core/ora/heuristic.pxi that make 2-player bots
    # build the display out, each pinned on a position made with the editor.
    # Heartland: (3, 0) and (3, 1) are empty; (3, 1) is next to the Cloister
    # Office (4, 1), a cloister.
    from olab.ora.editor import Editor
    from olab_core.ora import _engine
    w = _engine.heuristic_weights()
    assert w == {"money": 0.4, "food": 0.2, "energy": 0.2, "material": 0.3, "settlement": 1.0, "land": 0.15,
                 "room": 1.0, "build": 0.6, "pull": 0.3, "owned": 6.0, "spaces": 4.0, "urge": 3.0,
                 "hope": 10.0, "cap_push": 20.0, "cap_ramp": 15.0, "cap_ready": 0.5,
                 "reward_scale": 8.0, "solo_centre": 120.0, "solo_scale": 30.0}
    game = olab.load("ora_et_labora", players=2)

    def position(**goods):
        state = game.new_initial_state(2692)
        ed = Editor(state)
        ed.clear_goods(0)
        ed.display("F04", "G01")     # Windmill: 3 wood 2 clay, econ 10; Priory: 1 wood 1 clay, econ 4, cloister
        if goods:
            ed.goods(0, **goods)
        return state, ed

    state, ed = position()
    base = heuristic(state, 0)
    # materials: one wood lacks 1/5 of the Windmill's cost and 1/2 of the Priory's, each times
    # its economic value x 0.6; as goods a wood is 0.3 (material) + 0.2 (one energy)
    state, ed = position(wood=1)
    assert heuristic(state, 0) - base == pytest.approx(0.6 * (10 / 5 + 4 / 2) + 0.3 + 0.2)
    # buildings: a building card is worth 6 besides its points (one empty space less: -0.15)
    state, ed = position()
    ed.display("G01")
    empty = heuristic(state, 0)
    ed.place(0, "F04", 3, 0)
    on_plain = heuristic(state, 0)
    assert on_plain - empty == pytest.approx(10 + 6 - 0.15)
    # placement: the Priory needs an empty space next to a cloister; a Windmill on (3, 1)
    # takes the only one, which costs 4 more than the Windmill on (3, 0)
    state, ed = position()
    ed.display("G01")
    ed.place(0, "F04", 3, 1)
    assert on_plain - heuristic(state, 0) == pytest.approx(4.0)
    # after phase D (long game: 3 buildings may stay) the lead shrinks by 1 + 0.3 x left,
    # a small lead and a decided one alike
    state, ed = position()
    ed.display(*["F04", "G01", "F09", "F05", "F08", "F11"])          # 6 cards: left = 3
    ed.turn(round=30, phase_letter=4)
    for book in (5, 100):
        ed.goods(0, book=book)
        shrunk = heuristic(state, 0) - heuristic(state, 1)
        _engine.heuristic_weights(pull=0.0)
        try:
            plain = heuristic(state, 0) - heuristic(state, 1)
        finally:
            _engine.heuristic_weights(**w)
        assert shrunk == pytest.approx(plain / (1 + 0.3 * 3))
    # three and four players are untouched by these terms
    s3 = olab.load("ora_et_labora", players=3).new_initial_state(2692)
    before = [heuristic(s3, p) for p in range(3)]
    _engine.heuristic_weights(room=9.0, build=9.0, spaces=9.0, owned=9.0, pull=9.0, urge=9.0)
    try:
        assert [heuristic(s3, p) for p in range(3)] == before
    finally:
        _engine.heuristic_weights(**w)


# -- MCTS -------------------------------------------------------------------------

def test_two_player_seat_values_after_phase_d():
    # issue 15: what each seat maximises (GameOps.seat_value, olab_core/ora/ops.pxi
    # seat_view, docs/bots.rst).  After phase D a seat takes the other seat's
    # value without its shortfall terms; the seat ahead keeps the shrunk
    # margin, the seat behind keeps it while its deficit is at most `hope`
    # points per building left, and from twice that counts the raw margin
    from olab.ora.editor import Editor
    from olab_core.common.search import seat_value
    from olab_core.ora import _engine
    w = _engine.heuristic_weights()
    hope, left = w["hope"], 3
    k = 1 / (1 + 0.3 * left)
    game = olab.load("ora_et_labora", players=2)
    state = game.new_initial_state(2692)
    ed = Editor(state)
    ed.clear_goods(0)
    ed.display(*["F04", "G01", "F09", "F05", "F08", "F11"])          # 6 cards: left = 3
    ed.turn(round=30, phase_letter=4)

    def raw(**changes):
        # both seats' heuristic values, unshrunk (pull 0), with changed weights
        _engine.heuristic_weights(pull=0.0, **changes)
        try:
            return [heuristic(state, p) for p in range(2)]
        finally:
            _engine.heuristic_weights(**w)

    seen = set()
    values = []
    for book in range(0, 80):
        ed.goods(0, book=book)
        h, bare = raw(), raw(room=0.0, build=0.0, spaces=0.0)
        lack = [h[p] - bare[p] for p in range(2)]                 # each seat's shortfall terms, <= 0
        assert lack[0] < 0 and lack[1] < 0
        d0, d1 = h[0] - bare[1], h[1] - bare[0]                   # each seat's own margin
        v0, v1 = seat_value(state, 0), seat_value(state, 1)
        values.append((book, v0, v1))
        if d0 >= 0:
            assert v0 == pytest.approx(d0 * k)                    # ahead: the shrunk margin
        if -hope * left <= d1 < 0:
            assert v1 == pytest.approx(d1 * k)                    # behind, recoverable: shrunk too
            seen.add("recoverable")
        if d1 <= -2 * hope * left:
            assert v1 == pytest.approx(d1)                        # lost: the raw margin
            seen.add("lost")
        if -2 * hope * left < d1 < -hope * left:
            assert d1 < v1 < d1 * k                               # fading between the two
            seen.add("fading")
    assert seen == {"recoverable", "fading", "lost"}
    # continuous and increasing in the margin: seat 0's books raise its value
    # and lower seat 1's; a book is 2 points, and where the shrink fades the
    # value moves by at most about twice the margin (no jumps)
    for (b1, a1, c1), (b2, a2, c2) in zip(values, values[1:]):
        assert a1 < a2 <= a1 + 5.0 and c2 < c1 <= c2 + 5.0
    # before phase D, and with three players, each seat counts the margin of the heuristic
    ed.turn(round=20, phase_letter=3)
    assert seat_value(state, 1) == pytest.approx(heuristic(state, 1) - heuristic(state, 0))
    s3 = olab.load("ora_et_labora", players=3).new_initial_state(2692)
    h3 = [heuristic(s3, p) for p in range(3)]
    assert seat_value(s3, 2) == pytest.approx(h3[2] - max(h3[0], h3[1]))


def test_two_player_cap_push_near_the_round_cap():
    # issue 15: in the last 15 rounds before the round cap (60) each seat's own
    # view loses up to 20 points per building that keeps the game going (ops.pxi
    # cap_push, docs/bots.rst), times the share of those rounds gone; of the
    # display the `left` cards the seat is readiest to build count, each at
    # 1 - 0.5 x the share of its cost the seat holds (0 without a space for it).
    # Heartland of seed 2692: (3, 0) and (3, 1) are empty, (3, 1) is the only
    # empty space next to a cloister.
    from olab.ora.editor import Editor
    from olab_core.common.search import seat_value
    from olab_core.ora import _engine
    w = _engine.heuristic_weights()
    push = _engine._cap_push
    game = olab.load("ora_et_labora", players=2, length="short")
    state = game.new_initial_state(2692)
    ed = Editor(state)
    ed.clear_goods(0)
    ed.clear_goods(1)
    ed.display("G01", "F05", "F08")      # Priory (1 wood 1 clay, cloister), Bakery (2 clay 1 straw), Market (2 stone)
    ed.turn(round=50, phase_letter=4)     # short: left = 3 - 1 = 2; (50 - 45) / 15 of the ramp gone
    gone = 5 / 15
    assert push(state, 0) == pytest.approx(20 * gone * 2)
    assert push(state, 1) == pytest.approx(20 * gone * 2)

    def without_push(seat):
        _engine.heuristic_weights(cap_push=0.0)
        try:
            return seat_value(state, seat)
        finally:
            _engine.heuristic_weights(**w)

    # it is in each seat's own value (greedy's GameOps.seat_value, MCTS's rewards),
    # not in the symmetric heuristic
    h = heuristic(state, 0)
    for seat in (0, 1):
        assert seat_value(state, seat) == pytest.approx(without_push(seat) - push(state, seat))
    _engine.heuristic_weights(cap_push=0.0)
    try:
        assert heuristic(state, 0) == h
    finally:
        _engine.heuristic_weights(**w)
    # readiness: the Bakery's whole cost and half the Priory's; the two readiest count
    ed.goods(0, clay=2, straw=1)
    assert push(state, 0) == pytest.approx(20 * gone * (2 - 0.5 * (1 + 0.5)))
    assert push(state, 1) == pytest.approx(20 * gone * 2)           # seat 1 holds nothing
    # no empty space next to a cloister: the Priory is not ready however much is held
    ed.goods(0, wood=1)
    assert push(state, 0) == pytest.approx(20 * gone * (2 - 0.5 * (1 + 1)))
    ed.place(0, "F04", 3, 1)
    assert push(state, 0) == pytest.approx(20 * gone * (2 - 0.5 * (1 + 0)))
    ed.clear(0, 3, 1)
    # the ramp: nothing up to round 45, all of it at the cap
    for rnd, share in ((30, 0), (45, 0), (46, 1 / 15), (59, 14 / 15), (60, 1)):
        ed.turn(round=rnd)
        assert push(state, 1) == pytest.approx(20 * share * 2)
    # the display at its threshold (short: 1 building), before phase D, 3 players: nothing
    ed.display("G01")
    assert push(state, 0) == push(state, 1) == 0
    ed.display("G01", "F05", "F08")
    ed.turn(round=50, phase_letter=3)
    assert push(state, 1) == 0
    s3 = olab.load("ora_et_labora", players=3).new_initial_state(2692)
    Editor(s3).turn(round=22, phase_letter=4)
    assert [push(s3, p) for p in range(3)] == [0, 0, 0]
    # the long game keeps 3 buildings: 4 cards leave 1
    long = olab.load("ora_et_labora", players=2, length="long").new_initial_state(2692)
    ed = Editor(long)
    ed.clear_goods(1)
    ed.display("G01", "F05", "F08", "F04")
    ed.turn(round=57, phase_letter=4)
    assert push(long, 1) == pytest.approx(20 * 12 / 15 * 1)
    with pytest.raises(ValueError):
        push(state, 2)


@pytest.mark.parametrize("name, players", [("fields_of_arle", 2), ("orleans", 2), ("orleans", 4)])
def test_other_games_seat_value_is_the_margin_of_the_heuristic(name, players):
    # Arle and Orléans fill no GameOps.seat_value: greedy maximises the margin as before
    from olab_core.common.search import seat_value
    state = olab.load(name, players=players).new_initial_state(3)
    while state.current_player() < 0:
        state.apply_action(state.legal_actions()[0])
    for _ in range(30):
        h = [heuristic(state, p) for p in range(players)]
        for p in range(players):
            assert seat_value(state, p) == h[p] - max(h[q] for q in range(players) if q != p)
        state.apply_action(state.legal_actions()[0])
        while state.current_player() < 0 and not state.is_terminal():
            state.apply_action(state.legal_actions()[0])


def test_two_player_urge_is_off_once_no_building_keeps_the_game_going():
    # at the threshold (short game: 1 card left in the display) no card is
    # worth completing for the end: the materials term weighs 0.6, not 0.6 x 4
    from olab.ora.editor import Editor
    from olab_core.ora import _engine
    game = olab.load("ora_et_labora", players=2, length="short")
    state = game.new_initial_state(2692)
    ed = Editor(state)
    ed.clear_goods(0)
    ed.display("F04")                  # Windmill: 3 wood 2 clay, econ 10
    ed.turn(round=40, phase_letter=4)
    base = heuristic(state, 0)
    ed.goods(0, wood=1)
    assert heuristic(state, 0) - base == pytest.approx(0.6 * 10 / 5 + 0.3 + 0.2)


def test_mcts_is_deterministic_for_a_seed_and_legal():
    game = olab.load("ora_et_labora", players=2, length="short")
    _, a = play(game, [MCTSBot(seed=1, simulations=60), RandomBot(seed=2)], 4)
    _, b = play(game, [MCTSBot(seed=1, simulations=60), RandomBot(seed=2)], 4)
    assert a == b


def test_mcts_keeps_its_tree_between_moves():
    game = olab.load("ora_et_labora", players=2)
    state = game.new_initial_state(1)
    bot = MCTSBot(seed=3, simulations=400, search="chains")
    a = bot.choose(state)
    stats = dict((act, visits) for act, visits, _ in bot.root_stats())
    kept = stats[a]
    state.apply_action(a)
    while len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    bot.choose(state)
    # the new root started from the subtree of the move played
    assert bot._searcher.root_visits >= 400
    assert kept > 0
    fresh = MCTSBot(seed=3, simulations=400, reuse_tree=False, search="chains")
    fresh.choose(state)
    assert fresh._searcher.root_visits == 400


def test_mcts_time_budget():
    game = olab.load("ora_et_labora", players=4)
    state = game.new_initial_state(1)
    bot = MCTSBot(seed=1, time_ms=30)
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_simulations > 0


def test_mcts_finds_the_best_last_decisions():
    # at the very end of a solo game every remaining decision is the player's:
    # enough simulations must find a line with the best final score, which an
    # exhaustive search of the few decisions left gives exactly
    game = olab.load("ora_et_labora", players=1)
    state, actions = play(game, [GreedyBot(seed=1)], 1)
    for _ in range(8):
        state.undo_action()

    def best(s):
        if s.is_terminal():
            return s.scores()[0]
        out = -10 ** 9
        for a in s.legal_actions():
            s.apply_action(a)
            out = max(out, best(s))
            s.undo_action()
        return out

    optimum = best(state)
    # the chain search's prior is greedy's, whose heuristic overrates a position before the end
    # (202 points where the game gives 159): more simulations are needed to overrule it
    for search, simulations in (("actions", 3000), ("chains", 10000), ("beam", 2000)):
        s = state.clone()
        bot = MCTSBot(seed=2, simulations=simulations, search=search)
        while not s.is_terminal():
            s.apply_action(bot.choose(s))
        assert s.scores()[0] == optimum, search


def test_searcher_parameters_are_checked():
    with pytest.raises(ValueError):
        Searcher(capacity=1)
    with pytest.raises(ValueError):
        Searcher(exploration=-1)
    with pytest.raises(ValueError):
        Searcher(playout_depth=-2)
    s = Searcher(capacity=1000)
    assert s.root_stats() == [] and s.nodes_used == 0 and s.advance([1, 2]) is False


def test_mcts_with_a_tiny_tree_still_plays():
    # a full tree stops growing; the search goes on with playouts from its leaves
    game = olab.load("ora_et_labora", players=2)
    state = game.new_initial_state(1)
    bot = MCTSBot(seed=1, simulations=300, capacity=40)
    assert bot.choose(state) in state.legal_actions()


# -- arena, bench, CLI -------------------------------------------------------------

def test_wilson_interval():
    lo, hi = wilson_interval(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(1.0, 20)[1] == 1.0 and wilson_interval(0.0, 0) == [0.0, 1.0]


def test_arena_rotates_seats_and_counts():
    r = run_arena(["greedy", "random"], games=4, players=2, seed=7)
    assert r.games == 4 and sum(r.wins) + r.draws == 4
    assert r.win_rate[0] == pytest.approx(1.0)
    assert r.ci95[0][0] > 0.3 and r.ci95[0][1] == 1.0
    again = run_arena(["greedy", "random"], games=4, players=2, seed=7, workers=2)
    assert (again.wins, again.mean_score) == (r.wins, r.mean_score)
    with pytest.raises(ValueError):
        run_arena(["greedy"], games=2, players=2)


def test_arena_times_each_bots_decisions():
    # decision_seconds (mean) and decision_seconds_max, per bot, whatever seat it sat in:
    # a searching bot's decisions take longer than random's, and one decision of a bot
    # never takes longer than all of them
    from olab.arena import play_bots

    r = run_arena(["random", "mcts:search=chains:simulations=30"], games=2, players=2, seed=3)
    assert len(r.decision_seconds) == len(r.decision_seconds_max) == 2
    assert 0 < r.decision_seconds[0] < r.decision_seconds[1]
    assert r.decision_seconds[1] <= r.decision_seconds_max[1]
    assert set(r.as_json()) >= {"decision_seconds", "decision_seconds_max"}
    # play_bots counts each seat's decisions: every one not a chance node
    state = olab.load("ora_et_labora", players=2).new_initial_state(4)
    thinking = [[0.0, 0, 0.0], [0.0, 0, 0.0]]
    seats = []
    play_bots(state, [make_bot("random", seed=1), make_bot("greedy", seed=2)], seed=4, thinking=thinking,
              on_move=lambda s: seats.append(s.current_player()))
    assert [t[1] for t in thinking] == [seats.count(0), seats.count(1)]
    assert all(t[0] >= t[2] >= 0 for t in thinking)


def test_arena_cli_json(capsys):
    code = main(["arena", "--players", "2", "--bots", "greedy,random", "--games", "2", "--seed", "1",
                 "--json", "--quiet"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {"games", "bots", "wins", "draws", "win_rate", "ci95"} <= set(doc)
    assert doc["games"] == 2 and doc["bots"] == ["greedy", "random"]
    assert len(doc["wins"]) == 2 and len(doc["ci95"]) == 2 and len(doc["ci95"][0]) == 2


def _untimed(r):
    from olab.arena import TIMED_FIELDS

    d = r.as_json()
    for k in TIMED_FIELDS:
        d.pop(k)
    return d


def test_an_arena_results_file_goes_on_where_the_match_stopped(tmp_path):
    # a match stopped after 3 games and asked again for 5 plays games 3 and 4 only, and its
    # result is the 5-game match's; asked again, it plays nothing
    f = tmp_path / "match.jsonl"
    first = run_arena(["greedy", "random"], games=3, seed=5, results=f)
    assert _untimed(first) == _untimed(run_arena(["greedy", "random"], games=3, seed=5))
    done: list[int] = []
    r = run_arena(["greedy", "random"], games=5, seed=5, results=f, progress=done.append)
    assert done == [3, 4, 5]
    assert _untimed(r) == _untimed(run_arena(["greedy", "random"], games=5, seed=5))
    lines = [json.loads(x) for x in f.read_text().splitlines()]
    assert lines[0]["format"] == "olab.arena-results/1" and lines[0]["seed"] == 5
    assert sorted(g["index"] for g in lines[1:]) == [0, 1, 2, 3, 4]
    done.clear()
    again = run_arena(["greedy", "random"], games=5, seed=5, results=f, progress=done.append)
    assert done == [5] and _untimed(again) == _untimed(r)
    # fewer games than the file holds: the first ones
    assert _untimed(run_arena(["greedy", "random"], games=2, seed=5, results=f)) == \
        _untimed(run_arena(["greedy", "random"], games=2, seed=5))


def test_an_arena_results_file_cut_short_loses_only_its_last_game(tmp_path):
    f = tmp_path / "match.jsonl"
    whole = run_arena(["greedy", "random"], games=4, seed=2, results=f)
    data = f.read_bytes()
    f.write_bytes(data[:-7])                      # the process stopped while writing game 4
    done: list[int] = []
    r = run_arena(["greedy", "random"], games=4, seed=2, results=f, progress=done.append)
    assert done == [3, 4] and _untimed(r) == _untimed(whole)
    assert len(f.read_text().splitlines()) == 5 and f.read_bytes().endswith(b"\n")
    # only the header begun: played from the start
    g = tmp_path / "begun.jsonl"
    g.write_bytes(data[:20])
    assert _untimed(run_arena(["greedy", "random"], games=4, seed=2, results=g)) == _untimed(whole)


def test_an_arena_results_file_of_another_match_is_refused_and_kept(tmp_path):
    f = tmp_path / "match.jsonl"
    run_arena(["greedy", "random"], games=2, seed=5, results=f)
    before = f.read_bytes()
    for bots, seed, extra, what in ((["greedy", "random"], 6, {}, "seed differs"),
                                    (["random", "greedy"], 5, {}, "bots differs"),
                                    (["greedy", "random"], 5, {"variant": "ireland"}, "config differs"),
                                    (["greedy", "random"], 5, {"budget": {"simulations": 10}}, "budget differs")):
        with pytest.raises(ValueError, match=what):
            run_arena(bots, games=3, seed=seed, results=f, **extra)
        assert f.read_bytes() == before
    # a file that is not a results file is never written over
    other = tmp_path / "notes.txt"
    other.write_bytes(b"my notes, no newline")
    with pytest.raises(ValueError, match="line 1 is not a results file"):
        run_arena(["greedy", "random"], games=2, seed=5, results=other)
    assert other.read_bytes() == b"my notes, no newline"
    # a game line that is not one of this match's, by its line number
    lines = before.decode().splitlines(keepends=True)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(lines[0] + '{"index": 0, "scores": [1]}\n' + lines[2])
    kept = bad.read_bytes()
    with pytest.raises(ValueError, match="line 2 is not a game of this match"):
        run_arena(["greedy", "random"], games=2, seed=5, results=bad)
    assert bad.read_bytes() == kept


def test_an_arena_results_file_holds_no_hidden_key(tmp_path):
    # Orléans: the file holds a digest of the key, not the key, so it needs the key to go on,
    # and refuses another one
    f = tmp_path / "orleans.jsonl"
    key = bytes(range(16))
    with pytest.raises(ValueError, match="needs its hidden key"):
        run_arena(["greedy", "random"], games=2, game="orleans", seed=1, results=f)
    assert not f.exists()
    r = run_arena(["greedy", "random"], games=2, game="orleans", seed=1, results=f, hidden_key=key)
    assert key.hex() not in f.read_text() and r.hidden_key == key.hex()
    with pytest.raises(ValueError, match="key_digest differs"):
        run_arena(["greedy", "random"], games=2, game="orleans", seed=1, results=f, hidden_key=bytes(16))
    assert _untimed(run_arena(["greedy", "random"], games=2, game="orleans", seed=1, results=f,
                              hidden_key=key)) == _untimed(r)


def test_arena_cli_results(tmp_path, capsys):
    f = tmp_path / "match.jsonl"
    argv = ["arena", "--players", "2", "--bots", "greedy,random", "--games", "2", "--seed", "1",
            "--json", "--quiet", "--results", str(f)]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    again = json.loads(capsys.readouterr().out)
    from olab.arena import TIMED_FIELDS

    untimed = dict.fromkeys(TIMED_FIELDS, 0)
    assert {**again, **untimed} == {**first, **untimed}
    # a directory for FILE, another match's file: one line each, exit 2
    assert main(argv[:-1] + [str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("--results:") and "\n" not in err
    assert main(argv[:-3] + ["--seed", "2", "--results", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert "holds another match" in err and "\n" not in err


def test_bench_cli_json(capsys):
    code = main(["bench", "--players", "4", "--variant", "france", "--length", "long",
                 "--seconds", "0.5", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0
    for key in ("games_per_second", "actions_per_second", "python_actions_per_second",
                "mean_actions_per_game", "games"):
        assert doc[key] > 0
    assert "actions per second" in format_table(doc)


def test_bench_refuses_no_time():
    with pytest.raises(ValueError):
        run_bench(seconds=0)


def test_play_with_every_bot_and_a_log(tmp_path, capsys):
    log = tmp_path / "game.txt"
    code = main(["play", "--game", "ora_et_labora", "--players", "4", "--variant", "france",
                 "--bots", "mcts,greedy,random,random", "--seed", "1", "--simulations", "50",
                 "--log", str(log), "--quiet"])
    out = capsys.readouterr().out
    assert code == 0 and "mcts" in out and "greedy" in out
    from olab.ora import replay_kennerspiel
    state = replay_kennerspiel(log.read_text(), rules="printed")
    assert state.is_terminal()
    table = [line.split() for line in out.splitlines() if line[:1].isdigit()]
    assert [int(row[-1]) for row in table] == state.scores()


# -- the same game on every machine ----------------------------------------------------

def test_search_log_is_accurate():
    import math
    from olab_core.common.search import _log
    for x in [1, 2, 3, 10, 1000, 12345, 1e6, 3e9] + [i / 7 for i in range(1, 200)]:
        assert _log(x) == pytest.approx(math.log(x), abs=1e-13)


# MCTS (seed 5, 200 simulations) against greedy (seed 6; more seats: greedy 7, 8),
# seed 11: the first 40 decisions.
# 2 players: re-pinned for issue 15, whose heuristic terms for the 2-player end
# change the bots' play in every 2-player game (the list before: 4258, 4520, ...).
PINNED_GAME = [3860, 0, 2452, 18, 1, 0, 3853, 0, 4258, 4514, 2550, 113, 784, 528, 0, 2452, 18, 0, 4256,
               4518, 2554, 113, 528, 400, 4680, 0, 4804, 4259, 4515, 0, 2457, 32, 4674, 0, 4257, 4515, 0,
               3860, 0, 4269]
# 4 players: unchanged since issue 5 (checked against that build)
PINNED_GAME_4P = [4258, 4515, 1, 0, 4256, 4515, 2551, 113, 528, 400, 0, 4257, 4515, 2551, 113, 0, 4254, 4520,
                  2556, 3651, 113, 0, 3860, 0, 4273, 4520, 0, 4269, 4520, 0, 3851, 0, 4274, 4520, 0, 2456, 6,
                  3555, 28, 0]


# the same games with the search over whole actions, the default since issue 22
PINNED_CHAINS = [4258, 4515, 2551, 113, 784, 528, 0, 1, 3853, 0, 3852, 0, 4255, 4520, 2556, 369, 370, 374, 18, 0,
                 4257, 4514, 0, 2452, 18, 0, 4259, 4514, 0, 2457, 32, 4680, 0, 4254, 4515, 0, 3851, 0, 4256, 4513]
PINNED_CHAINS_4P = [4258, 4515, 2551, 112, 1, 0, 4256, 4515, 2551, 113, 528, 400, 0, 4257, 4515, 2551, 113, 0, 4254,
                    4520, 2556, 3651, 113, 0, 2457, 32, 0, 4273, 4520, 0, 4269, 4520, 0, 3850, 0, 3851, 0, 2456, 6,
                    3555]


@pytest.mark.parametrize("players, search, pinned", [(2, "actions", PINNED_GAME), (4, "actions", PINNED_GAME_4P),
                                                     (2, "chains", PINNED_CHAINS), (4, "chains", PINNED_CHAINS_4P)])
def test_seeded_bots_play_the_pinned_game(players, search, pinned):
    # the search uses only exactly rounded arithmetic (no libm exp/log, no FMA
    # contraction), so these decisions are the same on every machine.  A
    # deliberate change to the bots or the rules changes them: update the list
    # in the same commit and say why.
    game = olab.load("ora_et_labora", players=players)
    state = game.new_initial_state(11)
    bots = [MCTSBot(seed=5, simulations=200, search=search), GreedyBot(seed=6)] + [
        GreedyBot(seed=7 + i) for i in range(players - 2)]
    played = []
    while len(played) < len(pinned):
        a = bots[state.current_player()].choose(state)
        played.append(a)
        state.apply_action(a)
    assert played == pinned


# -- bots of your own (issue 16) -----------------------------------------------------

def test_a_bot_of_your_own_plays_everywhere(tmp_path, monkeypatch):
    import sys
    (tmp_path / "my_test_bots.py").write_text(
        "class First:\n"
        "    name = 'first'\n"
        "    def __init__(self, seed=0, **budget):\n"
        "        pass\n"
        "    def choose(self, state):\n"
        "        return state.legal_actions()[0]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from olab.bots import bot_class, make_bot
    bot = make_bot("my_test_bots:First", seed=2)
    assert bot.name == "first" and bot_class("my_test_bots:First").__name__ == "First"
    with pytest.raises(ValueError, match="cannot load bot"):
        make_bot("my_test_bots:Nobody")
    with pytest.raises(ValueError, match="module:Class"):
        make_bot("nobody")
    # arena worker processes import it by name
    r = run_arena(["my_test_bots:First", "random"], games=2, seed=1, workers=2)
    assert r.games == 2 and r.bots == ["my_test_bots:First", "random"]
    # the engine imports a module:Class bot only when its operator allowed it (issue 27 item 2)
    from olab.protocol import Engine
    e = Engine()
    e.handle({"cmd": "new", "players": 2, "seed": 1})
    assert e.handle({"cmd": "bestmove", "bot": "my_test_bots:First"})["error"]["code"] == "bad_args"
    e = Engine(allow_bots=["my_test_bots:First"])
    e.handle({"cmd": "new", "players": 2, "seed": 1})
    assert e.handle({"cmd": "bestmove", "bot": "my_test_bots:First"})["action"] == e.state.legal_actions()[0]
    assert "my_test_bots" in sys.modules


def test_run_arena_with_workers_in_a_plain_script(tmp_path):
    # issue 16 item 3: the workers do not run the calling script again
    import subprocess
    import sys
    script = tmp_path / "plain.py"
    script.write_text("from olab.arena import run_arena\n"
                      "r = run_arena(['greedy', 'random'], games=2, seed=1, workers=2)\n"
                      "print('done', r.games)\n")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=180, cwd=tmp_path)
    assert out.returncode == 0 and out.stdout.strip() == "done 2", out.stderr[-2000:]
    assert out.stderr.count("Traceback") == 0


# ----------------------------------------------------------------------------
# The search over whole actions (issue 22)

@pytest.mark.parametrize("name, cfg", [("ora_et_labora", dict(players=2)), ("fields_of_arle", dict(players=2)),
                                       ("orleans", dict(players=3))])
def test_chain_search_plays_whole_chains_and_repeats_for_a_seed(name, cfg):
    game = olab.load(name, **cfg)
    runs = []
    for _ in range(2):
        state = game.new_initial_state(5)
        bot = MCTSBot(seed=9, simulations=60, search="chains")
        searched = followed = 0
        for _ in range(60):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
                continue
            legal = state.legal_actions()
            a = bot.choose(state)
            assert a in legal
            if bot.last_simulations:
                searched += 1
                assert bot.last_simulations == 60
                plan = bot._plan
            elif len(legal) > 1:
                followed += 1
            state.apply_action(a)
        runs.append(state.history())
        # a chain of several decisions is searched once and then followed
        assert searched > 0 and followed > 0
    assert runs[0] == runs[1]


def test_chain_search_follows_its_chain_only_while_the_game_goes_as_planned():
    game = olab.load("ora_et_labora", players=2)
    state = game.new_initial_state(3)
    bot = MCTSBot(seed=1, simulations=40, search="chains")
    while True:
        a = bot.choose(state)
        if bot._plan:
            break
        state.apply_action(a)
    planned = bot._plan[0]
    state.apply_action(a)
    other = [x for x in state.legal_actions() if x != planned]
    if state.current_player() == 0 and other:
        # the seat is asked again after another action than the plan's: it searches anew
        fork = state.clone()
        fork.apply_action(other[0])
        if not fork.is_terminal() and fork.current_player() >= 0 and len(fork.legal_actions()) > 1:
            fresh = MCTSBot(seed=1, simulations=40, search="chains")
            fresh._plan, fresh._planned = list(bot._plan), list(bot._planned)
            fresh.choose(fork)
            assert fresh.last_simulations == 40
    assert bot.choose(state) == planned and bot.last_simulations == 0


def test_chain_search_parameters_are_checked():
    from olab_core.common.search import ChainSearcher

    for bad in (dict(capacity=1), dict(exploration=-1), dict(expand_budget=0), dict(prior_scale=0),
                dict(reward_scale=float("inf")), dict(win_weight=1.5), dict(completions=0), dict(completions=9)):
        with pytest.raises(ValueError):
            ChainSearcher(**bad)
    with pytest.raises(ValueError, match="search must be"):
        MCTSBot(search="alphabeta")
    with pytest.raises(ValueError, match="not a parameter of the 'chains' search"):
        MCTSBot(search="chains", playout_depth=3)
    with pytest.raises(ValueError, match="no search has all these parameters"):
        MCTSBot(playout_depth=3, prior_scale=2)
    # a residual is read by the chain search alone (heuristic weights by either search)
    from olab.evaluation import Evaluation
    arle = olab.load("fields_of_arle", players=2)
    size = int(arle.observation_tensor_shape()[0])
    residual = Evaluation(arle.name, arle.config(), olab.games()[arle.name].rules_version, size,
                          (0.0,) * size, (0.0,) * size, 0.0, 0.0)
    with pytest.raises(ValueError, match="no search has all these parameters"):
        MCTSBot(playout_depth=3, weights=residual)
    assert MCTSBot(playout_depth=3, weights="heuristic").search == "actions"
    for bad in (dict(exploration=-1), dict(capacity=1), dict(capacity=1 << 27)):
        with pytest.raises(ValueError):        # the game would choose the search: refused now all the same
            MCTSBot(**bad)
    with pytest.raises(ValueError, match="not a parameter of the 'actions' search"):
        MCTSBot(search="actions", prior_scale=2)
    with pytest.raises(ValueError):
        MCTSBot(win_weight=2)
    with pytest.raises(TypeError):
        MCTSBot.DEFAULTS["chains"]["exploration"] = 3.0      # read-only: no request may change them


def test_a_parameter_of_the_planner_and_the_chain_search_leaves_the_search_to_the_game():
    # completions is a parameter of the chain search and of the planner alike: the game chooses
    # (Ora et Labora the planner), and a game that runs the search over single decisions refuses
    # it by name at the first choose (it was a TypeError of the core's constructor)
    bot = make_bot("mcts:completions=2:simulations=20", seed=1)
    assert bot.search is None
    state = olab.load("ora_et_labora", players=2, length="short").new_initial_state(1)
    assert bot.choose(state) in state.legal_actions() and bot.search == "beam"
    solo = olab.load("fields_of_arle", players=1)
    assert solo.search_defaults["search"] == "actions"
    other = make_bot("mcts:completions=2", seed=1)
    with pytest.raises(ValueError, match="completions: not a parameter of the 'actions' search fields_of_arle"):
        other.choose(solo.new_initial_state(1))
    with pytest.raises(ValueError, match="completions must be"):
        make_bot("mcts:completions=0")


def test_chain_search_takes_more_than_one_completion_of_a_first_action():
    from olab_core.common.search import ChainSearcher

    state = olab.load("ora_et_labora", players=2).new_initial_state(1)
    firsts = {}
    for k in (1, 3):
        cs = ChainSearcher(seed=1, completions=k)
        cs.search(state, 30)
        stats = cs.root_stats()
        firsts[k] = [r[0] for r in stats]
        assert set(firsts[k]) == set(state.legal_actions())
        assert abs(sum(r[3] for r in stats) - 1) < 1e-4          # the priors sum to 1
    assert len(firsts[3]) > len(firsts[1]) == len(state.legal_actions())


def test_bot_specs_carry_parameters():
    from olab.bots import parse_bot_spec

    assert parse_bot_spec("mcts") == ("mcts", {})
    assert parse_bot_spec("mcts:simulations=50:search=actions:follow=false") == (
        "mcts", {"simulations": 50, "search": "actions", "follow": False})
    assert parse_bot_spec("my.mod:Bot:depth=2.5") == ("my.mod:Bot", {"depth": 2.5})
    for bad in ("", ":x=1", "mcts:simulations=1:x", "mcts:1x=2", "mcts:a=1:a=2"):
        with pytest.raises(ValueError):
            parse_bot_spec(bad)
    bot = make_bot("mcts:simulations=50:search=actions", seed=3, simulations=1000)
    assert bot.simulations == 50 and bot.search == "actions" and bot.name == "mcts:simulations=50:search=actions"
    assert make_bot("mcts:time_ms=5", simulations=100).time_ms == 5
    with pytest.raises(ValueError, match="bot 'mcts:nope=1'"):
        make_bot("mcts:nope=1")
    with pytest.raises(ValueError, match="parameters"):
        from olab.bots import bot_class
        bot_class("mcts:simulations=3")


def test_bradley_terry_fit():
    from olab.ladder import bradley_terry

    # two bots, 30.5 to 10.5 with the virtual draw: ln(30.5/10.5) nats apart
    elo, se = bradley_terry([[0, 30], [10, 0]], [[0, 40], [40, 0]])
    import math
    assert elo[0] == 0 and abs(elo[1] + 400 / math.log(10) * math.log(30.5 / 10.5)) < 1e-6
    assert se[0] == 0 and 50 < se[1] < 80
    # a transitive three: a > b > c, and c unbeaten by nobody is still finite
    elo, se = bradley_terry([[0, 8, 10], [2, 0, 8], [0, 2, 0]], [[0, 10, 10], [10, 0, 10], [10, 10, 0]])
    assert elo[0] > elo[1] > elo[2] and all(math.isfinite(e) for e in elo)
    # with no games between them, a bot's rating is unknown (an infinite interval)
    elo, se = bradley_terry([[0, 1, 0], [1, 0, 0], [0, 0, 0]], [[0, 2, 0], [2, 0, 0], [0, 0, 0]])
    assert math.isinf(se[2]) or se[2] > 1e3


def test_ladder_cli(tmp_path, capsys):
    plot = tmp_path / "ladder.svg"
    assert main(["ladder", "--game", "orleans", "--bots", "random,greedy,mcts:simulations=20", "--games", "2",
                 "--quiet", "--plot", str(plot)]) == 0
    out = capsys.readouterr().out
    assert "Elo" in out and "greedy" in out and "mcts:simulations=20" in out and "ms a move" in out
    svg = plot.read_text()
    assert svg.startswith("<svg") and "greedy" in svg
    assert main(["ladder", "--game", "orleans", "--bots", "random,greedy", "--games", "2", "--quiet",
                 "--json"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert r["bots"] == ["random", "greedy"] and r["played"][0][1] == 2 and r["elo"][0] == 0
    assert r["score"][1][0] == 2 and r["elo"][1] > 0
    # each bot's mean decision in seconds of CPU
    assert len(r["decision_seconds"]) == 2 and r["decision_seconds"][0] >= 0 and r["decision_seconds"][1] > 0
    # a game with hidden information: the key is told, and the same key plays the same ladder
    key = r["hidden_key"]
    assert main(["ladder", "--game", "orleans", "--bots", "random,greedy", "--games", "2", "--quiet", "--json",
                 "--hidden-key", key]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["hidden_key"] == key and again["mean_score"] == r["mean_score"]
    assert main(["ladder", "--game", "orleans", "--bots", "random,greedy", "--games", "1", "--quiet",
                 "--hidden-key", "zz"]) == 2
    assert main(["ladder", "--bots", "random,greedy", "--games", "1", "--quiet", "--json"]) == 0
    assert "hidden_key" not in json.loads(capsys.readouterr().out)     # Ora et Labora hides nothing
    assert main(["ladder", "--bots", "greedy,greedy", "--games", "1", "--quiet"]) == 2
    assert main(["ladder", "--bots", "greedy,nobot", "--games", "1", "--quiet"]) == 2
    assert main(["ladder", "--players", "1", "--bots", "greedy,random", "--games", "1", "--quiet"]) == 2
    assert "two or more different bots" in capsys.readouterr().err


def test_ladder_plot_formats(tmp_path):
    from olab.ladder import LadderResult, plot_ladder

    r = LadderResult(bots=["a", "b"], games=1, score=[[0, 1], [0, 0]], played=[[0, 1], [1, 0]],
                     elo=[0.0, -120.0], ci95=[[0.0, 0.0], [-300.0, 60.0]], mean_score=[1, 0])
    plot_ladder(r, str(tmp_path / "x.svg"))
    assert "ms a move" in r.table() and " - " in r.table().splitlines()[1]     # built without timings
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="olab\\[plot\\]"):
            plot_ladder(r, str(tmp_path / "x.png"))
    else:
        plot_ladder(r, str(tmp_path / "x.png"))
        assert (tmp_path / "x.png").stat().st_size > 0


def test_a_bot_of_your_own_takes_its_specs_parameters(tmp_path, monkeypatch):
    (tmp_path / "my_spec_bots.py").write_text(
        "class Picky:\n"
        "    name = 'picky'\n"
        "    def __init__(self, seed=0, depth=1):\n"
        "        self.depth = depth\n"
        "    def choose(self, state):\n"
        "        return state.legal_actions()[0]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    bot = make_bot("my_spec_bots:Picky:depth=3", seed=2, simulations=100)   # the budget it cannot take is left out
    assert bot.depth == 3 and bot.name == "my_spec_bots:Picky:depth=3"
    with pytest.raises(ValueError, match="must accept"):
        make_bot("my_spec_bots:Picky:width=3")                               # a parameter it has not: one line


def test_every_core_names_its_heuristic_weights_the_same_way():
    # one tuning hook in every game's core: heuristic_weights(**changes)
    # returns every weight by name, sets those given, and refuses an unknown
    # name without changing anything
    for name in olab.games():
        engine = olab.load(name)._engine
        before = engine.heuristic_weights()
        assert before and all(isinstance(v, float) for v in before.values()), name
        with pytest.raises(ValueError, match="no weight"):
            engine.heuristic_weights(**{"not_a_weight": 1.0})
        assert engine.heuristic_weights() == before, name
        key = next(iter(before))
        try:
            assert engine.heuristic_weights(**{key: before[key] + 1})[key] == before[key] + 1
        finally:
            engine.heuristic_weights(**before)
        assert engine.heuristic_weights() == before


def test_the_game_chooses_the_search_unless_the_caller_does():
    # Fields of Arle solo recommends the search over single decisions with playouts to the end
    # (its best settings, so that a user need not know playout_depth=0); parameters that belong
    # to one search name it, and a bot moved to another game follows that game's choice
    solo = olab.load("fields_of_arle", players=1)
    tuned = solo.search_defaults
    assert tuned["search"] == "actions" and tuned["actions"]["playout_depth"] == 0
    state = solo.new_initial_state(3)
    bot = MCTSBot(seed=1, simulations=30)
    assert bot.search is None and bot.root_stats() == []
    bot.choose(state)
    assert bot.search == "actions" and bot._searcher.playout_depth == 0 and bot.last_simulations == 30
    default = MCTSBot(seed=1)
    default.choose(state)
    assert default.simulations == tuned["actions"]["simulations"]
    from olab.evaluation import Evaluation
    size = int(solo.observation_tensor_shape()[0])
    residual = Evaluation(solo.name, solo.config(), olab.games()[solo.name].rules_version, size,
                          (0.0,) * size, (0.0,) * size, 0.0, 0.0)
    for given, search in ((dict(prior_scale=2), "chains"), (dict(search="chains"), "chains"),
                          (dict(playout_depth=5), "actions")):
        b = MCTSBot(seed=1, simulations=30, **given)
        assert b.search == search                   # known before the first search
        b.choose(state)
        assert b.search == search
    # a residual is read by either search over whole actions: where the game would search over
    # single decisions (this game) the bot searches over whole actions, elsewhere the game
    # chooses between them (Ora et Labora solo plans); the search over single decisions refuses it
    # at once
    b = MCTSBot(seed=1, simulations=30, weights=residual)
    assert b.search is None
    b.choose(state)
    assert b.search == "chains"
    with pytest.raises(ValueError, match="residual is for the 'chains' and 'beam' searches"):
        MCTSBot(seed=1, simulations=30, weights=residual, search="actions")
    ora = olab.load("ora_et_labora", players=1)
    size = int(ora.observation_tensor_shape()[0])
    ora_residual = Evaluation(ora.name, ora.config(), olab.games()[ora.name].rules_version, size,
                              (0.0,) * size, (0.0,) * size, 0.0, 0.0)
    b = MCTSBot(seed=1, simulations=30, weights=ora_residual)
    b.choose(ora.new_initial_state(1))
    assert b.search == ora.search_defaults["search"] == "beam"
    # the heuristic's weights are read by either search: the game still chooses
    b = MCTSBot(seed=1, simulations=30, weights="heuristic")
    assert b.search is None
    b.choose(state)
    assert b.search == "actions"
    chains = MCTSBot(seed=1, simulations=30, search="chains")
    chains.choose(state)
    assert chains._searcher.rollout == 0 and chains._searcher.solo_centred   # still the solo settings
    two = olab.load("fields_of_arle", players=2).new_initial_state(3)
    bot.choose(two)
    assert bot.search == "beam" and bot.simulations == 30        # the 2-player game plans; the budget given stays
    assert two.legal_actions() and bot.choose(two) in two.legal_actions()
    # Ora et Labora names the planner over whole turns, in every configuration, at its own budget
    for players in (1, 2, 4):
        ora = MCTSBot(seed=1)
        ora_game = olab.load("ora_et_labora", players=players)
        ora.choose(ora_game.new_initial_state(1))
        assert ora.search == "beam" and ora.simulations == ora_game.search_defaults["beam"]["simulations"]
        assert 0 < ora.last_simulations <= ora.simulations and ora.root_stats()


def test_a_bot_of_the_games_search_is_seeded_like_any_other():
    # the search chosen by the game at the first choose plays the same game for the same seed
    game = olab.load("fields_of_arle", players=1)

    def play(bot):
        state = game.new_initial_state(5)
        for _ in range(12):
            state.apply_action(bot.choose(state))
        return state.history()

    assert play(MCTSBot(seed=4, simulations=40)) == play(MCTSBot(seed=4, simulations=40))
    assert play(MCTSBot(seed=4, simulations=40)) == play(MCTSBot(seed=4, simulations=40, search="actions"))


def test_check_search_refuses_search_defaults_the_bot_does_not_understand():
    # the conformance suite holds every game's search_defaults to what MCTSBot reads
    from olab.testing import ConformanceError, check_search

    class Odd(type(olab.load("fields_of_arle", players=1))):
        bad: dict = {}

        @property
        def search_defaults(self):
            return self.bad

    game = Odd(olab.load("fields_of_arle", players=1).rules)
    for bad in ({"search": "alphabeta"}, {"chains": {"playout_depth": 0}}, {"actions": {"weights": "x"}},
                {"tree": {}}, {"beam": {"evaluations": 0}}, {"chains": {"evaluations": "many"}},
                {"actions": {"evaluations": 1000}}, {"beam": {"simulations": 2.5}}):
        game.bad = bad
        with pytest.raises(ConformanceError, match="search defaults"):
            check_search(game, games=1, decisions=1, simulations=4)


def test_check_search_catches_a_bot_that_ignores_its_bound(monkeypatch):
    # a bound on the evaluations that never reaches the search is no bound
    from olab.testing import ConformanceError, check_search

    tune = MCTSBot._tune

    def unbounded(self, game):
        tune(self, game)
        self.evaluations = 0

    monkeypatch.setattr(MCTSBot, "_tune", unbounded)
    with pytest.raises(ConformanceError, match="bounded to one evaluation"):
        check_search(olab.load("ora_et_labora", players=2), games=1, decisions=4, simulations=20,
                     searches=("chains",))


def test_check_search_catches_a_root_reported_for_a_decision_not_searched(monkeypatch):
    # root_stats must describe the decision just made: a bot that kept reporting its last
    # search's root after following its chain fed self-play a policy for another position
    from olab.testing import ConformanceError, check_search

    monkeypatch.setattr(MCTSBot, "root_stats", lambda self: self._searcher.root_stats() if self._searcher else [])
    with pytest.raises(ConformanceError, match="did not search"):
        check_search(olab.load("ora_et_labora", players=2), games=1, decisions=30, simulations=40,
                     searches=("beam",))


# ----------------------------------------------------------------------------
# The planner over whole turns (issue 22): beam search to the end of the game

def _replayed(state, line):
    s = state.clone()
    for a in line:
        assert a in s.legal_actions()
        s.apply_action(a)
    return s


def test_the_planner_answers_the_first_turn_of_a_finished_line_it_has_played():
    from olab_core.common.search import BeamPlanner

    state = olab.load("ora_et_labora", players=1).new_initial_state(1)
    planner = BeamPlanner(capacity=2, seed=4)
    chain, expanded = planner.search(state, 300)
    line = planner.plan()
    assert 0 < expanded <= 300 and planner.last_width >= 2 and planner.last_levels == 66
    assert line[:len(chain)] == chain and chain[0] in state.legal_actions()
    end = _replayed(state, line)
    # the line finishes the game with the score the planner says (a solo game has no chance)
    assert end.is_terminal() and end.scores()[0] == planner.planned_value
    # the turn it answers is a whole turn: it ends where the next turn begins
    from olab_core.common.search import clock
    after = _replayed(state, chain)
    assert clock(after) > clock(state) and clock(_replayed(state, chain[:-1])) == clock(state)
    # the same seed plans the same line; a planner is a sample of its seed
    again = BeamPlanner(capacity=2, seed=4)
    assert again.search(state, 300)[0] == chain and again.plan() == line


def _late_four_player_ora(fraction=0.9):
    # a 4-player Ora et Labora game played by greedy until `fraction` of it is gone: the planner
    # then finishes its lines in a few hundred positions (the variant has no chance: a line
    # replays to the score it planned)
    game = olab.load("ora_et_labora", players=4, variant="france")
    state = game.new_initial_state(3)
    bots = [GreedyBot(seed=k) for k in range(4)]
    while state.progress()[1] < fraction:
        state.apply_action(bots[state.current_player()].choose(state))
    return state


def test_the_planner_s_objective_is_the_margin_or_the_seat_s_own_score():
    # objective "margin" (default): a finished line is worth the seat's score less the best other
    # seat's; "score": the seat's own score.  Each is what the line replays to
    from olab_core.common.search import BeamPlanner

    state = _late_four_player_ora()
    me = state.current_player()
    for objective in ("margin", "score"):
        planner = BeamPlanner(capacity=2, seed=2, objective=objective)
        planner.search(state, 200)
        end = _replayed(state, planner.plan())
        assert end.is_terminal()
        scores = end.scores()
        best_other = max(x for k, x in enumerate(scores) if k != me)
        want = scores[me] if objective == "score" else scores[me] - best_other
        assert planner.planned_value == want
    with pytest.raises(ValueError, match="objective must be 'margin' or 'score'"):
        BeamPlanner(capacity=2, objective="win")


def test_the_objective_score_changes_nothing_with_two_seats():
    # with two seats one seat's gain is the other's loss: both objectives are the margin, and the
    # bots play the same moves
    game = olab.load("ora_et_labora", players=2, variant="france", length="short")
    for search in ("beam", "chains"):
        state = game.new_initial_state(5)
        plain = MCTSBot(seed=3, simulations=60, search=search)
        own = MCTSBot(seed=3, simulations=60, search=search, objective="score")
        for _ in range(12):
            a = plain.choose(state)
            assert own.choose(state) == a
            state.apply_action(a)


def test_the_objective_score_reaches_the_seats_the_planner_models():
    # with 4 seats the objective changes what every seat is taken to maximise: the planner's own
    # ranking and greedy's choices for the seats it models; the two objectives plan different
    # lines here (and each is deterministic for its seed)
    from olab_core.common.search import BeamPlanner

    state = _late_four_player_ora(0.8)
    plans = {}
    for objective in ("margin", "score"):
        planner = BeamPlanner(capacity=2, seed=2, objective=objective)
        planner.search(state, 200)
        again = BeamPlanner(capacity=2, seed=2, objective=objective)
        again.search(state, 200)
        assert again.plan() == planner.plan()
        plans[objective] = planner.plan()
    assert plans["margin"] != plans["score"]
    with pytest.raises(ValueError, match="objective: not a parameter of the 'actions' search"):
        MCTSBot(search="actions", objective="score")
    with pytest.raises(ValueError, match="objective must be 'margin' or 'score'"):
        make_bot("mcts:objective=best")


def test_the_planner_keeps_its_line_while_the_game_follows_it():
    # a solo game is deterministic: the kept line still scores what it scored, so every later
    # search answers a line at least as good (a bigger budget, or a later search, never loses it)
    from olab_core.common.search import BeamPlanner

    state = olab.load("ora_et_labora", players=1).new_initial_state(2)
    planner = BeamPlanner(capacity=2, seed=1)
    values = []
    for _ in range(6):
        chain, _ = planner.search(state, 150)
        values.append(planner.planned_value)
        for a in chain:
            state.apply_action(a)
        assert planner.advance(chain)
    assert values == sorted(values) and values[0] > 0
    # a move that is not the line's drops it
    other = [a for a in state.legal_actions() if a != planner.plan()[0]]
    assert planner.advance(other[:1]) is False and planner.plan() == []


def test_the_planner_answers_on_any_budget_and_with_a_clock():
    from olab_core.common.search import BeamPlanner

    state = olab.load("ora_et_labora", players=2).new_initial_state(3)
    # too small a budget to reach the end: the best turn of the deepest level reached
    chain, expanded = BeamPlanner(capacity=2, seed=1).search(state, 3)
    assert expanded == 3 and chain and chain[0] in state.legal_actions()
    chain, expanded = BeamPlanner(capacity=2, seed=1).search(state, time_ms=150)
    assert expanded > 0 and chain[0] in state.legal_actions()
    for bad in (dict(simulations=-1), dict(time_ms=float("nan")), dict()):
        with pytest.raises(ValueError):
            BeamPlanner(capacity=2).search(state, **bad)


def test_the_planner_times_a_search_after_a_kept_line_by_its_own_speed():
    # a search that replays a kept line runs no first pass to time itself by; it takes the last
    # search's speed (a fixed guess of 0.3 ms a position, three times too fast here, made every
    # later search too wide to finish any line in its time: it only ever answered the old line).
    # What is pinned is the width the speed pays for, not a time: the second search gets the time
    # of 20 positions a level at the speed measured, so a loaded machine (slower in both searches)
    # pays for a width of about 15 all the same (a fixed second of it once paid for 1)
    from olab_core.common.search import BeamPlanner

    state = olab.load("ora_et_labora", players=1).new_initial_state(1)
    planner = BeamPlanner(capacity=2, seed=1)
    assert planner.ms_per_expand == 0
    chain, _ = planner.search(state, time_ms=300)
    speed = planner.ms_per_expand
    assert speed > 0
    budget = max(1000.0, 20 * speed * planner.last_levels)
    for a in chain:
        state.apply_action(a)
    assert planner.advance(chain)
    planner.search(state, time_ms=budget)
    levels = planner.last_levels
    assert levels > 20                  # the kept line's turns to the end
    assert 2 <= planner.last_width <= 0.8 * budget / speed / levels
    assert planner.ms_per_expand > 0 and planner.ms_per_expand != speed


def _ora_midgame(seed=3, moves=120):
    state = olab.load("ora_et_labora", players=2).new_initial_state(seed)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    for _ in range(moves):
        state.apply_action(bots[state.current_player()].choose(state))
    return state


def test_a_bound_on_evaluations_narrows_the_planner_only_where_it_binds():
    # evaluations bounds a search's work (its time follows the positions valued, not the
    # positions expanded): the planner narrows its levels to what the evaluations left pay for,
    # the best positions first, and still finishes a line; a bound that pays for the whole
    # width changes nothing
    from olab_core.common.search import BeamPlanner

    state = _ora_midgame()
    free = BeamPlanner(capacity=2, seed=2)
    chain, expanded = free.search(state, 500)
    work = free.evaluated
    assert work > 300_000 and expanded > 400
    roomy = BeamPlanner(capacity=2, seed=2)
    assert roomy.search(state, 500, evaluations=work * 6 // 5) == (chain, expanded)
    assert roomy.evaluated == work and roomy.plan() == free.plan()
    assert free.unexpanded == roomy.unexpanded == 0
    bound = work // 2
    tight = BeamPlanner(capacity=2, seed=2)
    small, narrowed = tight.search(state, 500, evaluations=bound)
    # past the bound by at most about one line of width 1: what the first pass alone values
    # (a budget of as many positions as it has levels leaves no second pass)
    first = BeamPlanner(capacity=2, seed=2)
    first.search(state, free.last_levels)
    assert first.last_width == 1
    assert narrowed < expanded and tight.evaluated <= bound + first.evaluated and tight.evaluated < work
    assert tight.unexpanded > 0
    assert small[0] in state.legal_actions()
    end = _replayed(state, tight.plan())
    assert end.is_terminal() and tight.planned_value > -1e299      # a finished line, not a cut one
    # the same seed and bound plan the same line (the bound counts work, not time)
    again = BeamPlanner(capacity=2, seed=2)
    assert again.search(state, 500, evaluations=bound) == (small, narrowed) and again.plan() == tight.plan()
    with pytest.raises(ValueError, match="evaluations"):
        BeamPlanner(capacity=2).search(state, 500, evaluations=-1)


def test_a_bound_on_evaluations_ends_the_chain_search():
    from olab_core.common.search import ChainSearcher

    state = _ora_midgame()
    free = ChainSearcher(seed=1)
    free.search(state, 200)
    bounded = ChainSearcher(seed=1)
    chain, done = bounded.search(state, 200, evaluations=free.evaluated // 3)
    assert chain[0] in state.legal_actions() and 1 <= done < 200
    assert bounded.evaluated >= free.evaluated // 3
    assert ChainSearcher(seed=1).search(state, 200, evaluations=1)[1] == 1


def test_the_default_budget_carries_the_games_bound_and_a_given_budget_none():
    # the games' default budgets bound the evaluations too (a decision under a second on the
    # build machine); a budget the caller gives is the caller's: 10 times the simulations is
    # 10 times the search, not the default bound
    state = olab.load("ora_et_labora", players=2).new_initial_state(1)
    bound = state.game.search_defaults["beam"]["evaluations"]
    default = MCTSBot(seed=1)
    default.choose(state)
    assert default.search == "beam" and default.evaluations == bound > 0
    given = MCTSBot(seed=1, simulations=5000)
    given.choose(state)
    assert given.evaluations == 0
    mine = MCTSBot(seed=1, evaluations=1000)
    mine.choose(state)
    assert mine.evaluations == 1000 and mine.simulations == state.game.search_defaults["beam"]["simulations"]
    assert make_bot("mcts:evaluations=1000", seed=1).evaluations == 1000
    for bad in (0, -5, 2.5, True):
        with pytest.raises(ValueError, match="evaluations"):
            MCTSBot(evaluations=bad)
    with pytest.raises(ValueError, match="evaluations"):
        MCTSBot(evaluations=10, search="actions")
    # a game whose default search is over single decisions refuses a bound it cannot apply
    solo = olab.load("fields_of_arle", players=1).new_initial_state(1)
    with pytest.raises(ValueError, match="evaluations"):
        MCTSBot(evaluations=10).choose(solo)
    plain = MCTSBot(seed=1)
    plain.choose(solo)
    assert plain.search == "actions" and plain.evaluations == 0


def test_the_planner_reports_the_root_it_answered_from():
    # root_stats after a search that ran no pass (a kept line and a budget too small for one)
    # lists the answer of this position, not the last pass's first actions of an earlier one
    from olab_core.common.search import BeamPlanner

    state = olab.load("ora_et_labora", players=1).new_initial_state(1)
    planner = BeamPlanner(capacity=2, seed=1)
    chain, _ = planner.search(state, 200)
    for a in chain:
        state.apply_action(a)
    assert planner.advance(chain)
    chain, expanded = planner.search(state, 10)
    assert expanded == 0
    stats = planner.root_stats()
    assert [(a, kept) for a, kept, _, _ in stats] == [(chain[0], 1)]
    assert stats[0][2] == planner.planned_value > 0
    # the answer is always among them, its value at least its line's
    planner.reset()
    assert planner.root_stats() == []
    chain, _ = planner.search(state, 300)
    best = {a: v for a, _, v, _ in planner.root_stats()}
    assert set(best) <= set(state.legal_actions()) and best[chain[0]] >= planner.planned_value


def test_the_planner_keeps_no_line_under_hidden_information():
    # every search in a game with hidden information starts from a new determinization for the
    # seat: a kept line was planned in another, so moving along it is refused
    from olab_core.common.search import BeamPlanner

    state = olab.load("orleans", players=2).new_initial_state(1)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    planner = BeamPlanner(capacity=2, seed=1)
    chain, _ = planner.search(state, 200)
    assert chain and planner.advance(chain[:1]) is False and planner.plan() == []


def test_a_bot_reports_no_root_for_a_decision_it_did_not_search():
    # a followed chain or a single legal action is no search: root_stats is empty, not the
    # last search's root (self-play's policy targets read it)
    game = olab.load("ora_et_labora", players=2)
    for search in ("beam", "chains"):
        state = game.new_initial_state(1)
        bot = MCTSBot(seed=1, simulations=100, search=search)
        seen = {True: 0, False: 0}
        for _ in range(40):
            legal = state.legal_actions()
            a = bot.choose(state)
            stats = bot.root_stats()
            seen[bot.searched] += 1
            if bot.searched:
                assert stats and {r[0] for r in stats} <= set(legal)
            else:
                assert stats == []
            state.apply_action(a)
        assert seen[True] and seen[False], seen


@pytest.mark.parametrize("name, players", [("ora_et_labora", 2), ("fields_of_arle", 1), ("orleans", 3)])
def test_the_planner_plays_every_game_legally_and_repeats_for_a_seed(name, players):
    game = olab.load(name, players=players)
    runs = []
    for _ in range(2):
        state = game.new_initial_state(5)
        bot = MCTSBot(seed=9, simulations=40, search="beam")
        for _ in range(50):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.chance_outcomes()[0][0])
                continue
            a = bot.choose(state)
            assert a in state.legal_actions()
            state.apply_action(a)
        runs.append(state.history())
    assert runs[0] == runs[1]


def test_every_game_has_a_clock_that_never_falls():
    # GameOps.clock: the planner's levels are turns; the clock never falls and rises only when a turn begins
    from olab_core.common.search import clock

    for name, players in (("ora_et_labora", 1), ("ora_et_labora", 4), ("fields_of_arle", 2), ("orleans", 4)):
        game = olab.load(name, players=players)
        state = game.new_initial_state(3)
        bot = GreedyBot(seed=1)
        last, changes = clock(state), 0
        while not state.is_terminal():
            state.apply_action(bot.choose(state))
            now = clock(state)
            assert now >= last
            changes += now > last
            last = now
        assert changes > 20
