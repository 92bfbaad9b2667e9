# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Search shared by every game core: perft, random playouts, greedy and UCT.

The functions work on any game that fills a :c:type:`GameOps` table (see
``ops.pxd``).  Games stay in their own module and hand this one plain C
function pointers, so the search is written once for Ora et Labora, Fields
of Arle and Orléans.  Nothing below touches a Python object between the copy
of the position it starts from and its result.

Chance and hidden information:

- at a chance node a playout draws the outcome with its probability
  (``ops.sample_chance``); the UCT tree expands every outcome and walks to the
  one drawn, so the tree holds sampled outcomes;
- a game with hidden information gives ``ops.determinize``: every UCT
  simulation starts from a fresh determinization of the root for the
  searching seat (determinized UCT over one tree keyed by actions), and the
  greedy bot looks ahead from one, so neither reads what its seat cannot see.

Thread rule: every entry point copies the position it is given while it
holds the GIL and then works on its copy, so another thread may go on
playing (or undoing) on the same state meanwhile.  A :class:`Searcher` is
used by one search at a time; a second thread gets a ``RuntimeError``.
"""
from libc.math cimport frexp, sqrt
from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort, realloc
from libc.string cimport memcmp, memcpy, memmove, memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from cpython.exc cimport PyErr_CheckSignals

import gc

from olab_core.common.interrupt cimport interrupted
from olab_core.common.ops cimport GameOps, OPS_MAX_LEGAL, PLAYER_CHANCE, PLAYER_TERMINAL
from olab_core.common.outcome cimport game_returns
from olab_core.common.pcg cimport Pcg32, pcg32_bounded, pcg32_next, pcg32_seed
from olab_core.common.playout cimport playout, PLAYOUT_MAX_GAME_LENGTH
from olab_core.common.outcome cimport GameOutcome, game_outcome
from olab_core.common.state cimport CoreGameBase, CoreStateBase


cdef inline double now_ms() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6


# Determinism across machines: a seeded search must choose the same moves on
# every machine, so its arithmetic is limited to what IEEE 754 rounds exactly
# the same everywhere (+ - * / sqrt, compiled without FMA contraction, see
# setup.py).  The C library's log differs in the last bit between libms and
# could flip a near-tie in UCT, so the search uses its own.

cdef double LN2 = 0.6931471805599453

cdef inline double portable_log(double x) noexcept nogil:
    # x = m * 2**e with m in [0.5, 1) (frexp is exact); fold m into
    # [sqrt(1/2), sqrt(2)) and use ln m = 2 atanh(s), s = (m-1)/(m+1),
    # |s| <= 0.1716: eight terms of the series leave an error below 1e-14
    cdef int e
    cdef double m = frexp(x, &e), s, s2, t
    if m < 0.7071067811865476:
        m *= 2.0
        e -= 1
    s = (m - 1.0) / (m + 1.0)
    s2 = s * s
    t = 1.0 / 17 + s2 * 0.0
    t = 1.0 / 15 + s2 * t
    t = 1.0 / 13 + s2 * t
    t = 1.0 / 11 + s2 * t
    t = 1.0 / 9 + s2 * t
    t = 1.0 / 7 + s2 * t
    t = 1.0 / 5 + s2 * t
    t = 1.0 / 3 + s2 * t
    t = 1.0 + s2 * t
    return e * LN2 + 2.0 * s * t


def _log(double x):
    """The search's own natural logarithm (exposed for its test)."""
    return portable_log(x)


# the generator streams of the entry points below (STREAM_PLAYOUT + g for game
# g of a batch, as State.random_playout uses STREAM_PLAYOUT)
cdef enum:
    STREAM_PLAYOUT = 54
    STREAM_GREEDY = 77
    STREAM_SEARCH = 1013


# ----------------------------------------------------------------------------
# perft: count the leaves of the decision tree, as chess engines do to pin
# their move generators.  A chance node's outcomes count as its branches; a
# game that ends before ``depth`` adds nothing.

cdef struct PerftRun:
    int64_t nodes               # positions expanded, to check for Ctrl-C now and then
    bint stopped


cdef int64_t perft_rec(const GameOps* ops, char* states, int32_t* bufs, int depth, int level,
                       PerftRun* run) noexcept nogil:
    cdef char* cur = states + level * ops.state_size
    cdef char* nxt = cur + ops.state_size
    cdef int32_t* buf = bufs + level * ops.max_legal
    cdef int n, i
    cdef int64_t total = 0
    if run.stopped or ops.to_move(cur) == PLAYER_TERMINAL:
        return 0
    n = ops.legal(cur, buf)
    if depth == 1:
        return n              # bulk count: the leaves are the legal actions
    run.nodes += 1
    if (run.nodes & 0xFFFF) == 0 and interrupted():
        run.stopped = True
        return 0
    for i in range(n):
        memcpy(nxt, cur, ops.state_size)
        ops.apply(nxt, buf[i])
        total += perft_rec(ops, states, bufs, depth - 1, level + 1, run)
    return total


cdef int64_t perft(const GameOps* ops, const void* s, int depth) noexcept nogil:
    """Leaves of the decision tree ``depth`` decisions below ``s``; -1 if out of memory, -2 on Ctrl-C."""
    if depth <= 0:
        return 1
    # one state and one legal-action buffer per level, allocated once: the
    # recursion itself keeps nothing big on the C stack
    cdef char* states = <char*>malloc((depth + 1) * ops.state_size)
    cdef int32_t* bufs = <int32_t*>malloc(depth * ops.max_legal * sizeof(int32_t))
    cdef int64_t total = -1
    cdef PerftRun run
    run.nodes = 0
    run.stopped = False
    if states != NULL and bufs != NULL:
        memcpy(states, s, ops.state_size)
        total = perft_rec(ops, states, bufs, depth, 0, &run)
        if run.stopped:
            total = -2
    free(states)
    free(bufs)
    return total


# ----------------------------------------------------------------------------
# Values the bots compare

cdef int seat_values(const GameOps* ops, const void* s, double* out) noexcept nogil:
    cdef int32_t sc[SEARCH_MAX_SEATS]
    cdef int n, i
    if ops.to_move(s) == PLAYER_TERMINAL:
        n = ops.scores(s, sc)
        for i in range(n):
            out[i] = sc[i]
        return n
    return ops.heuristic(s, out)


# ----------------------------------------------------------------------------
# Greedy: the best position at the end of the current action.  From each legal
# action the greedy bot follows every continuation of its own decisions until
# the game's chain of decisions is over (``ops.chain_over``: for Ora et Labora,
# the turn is back at its top), the budget or the depth runs out, and scores
# the position there by its margin over the best opponent (or, before the end,
# by the game's ``ops.seat_value`` when it has one).  A decision of
# another seat inside that chain takes that seat's first legal action; a
# chance node ends the line (it is scored as it stands).

cdef struct GreedyWork:
    char* states                # GREEDY_MAX_DEPTH + 1 positions
    int32_t* bufs               # GREEDY_MAX_DEPTH legal-action buffers
    int budget
    int me


cdef double greedy_eval(const GameOps* ops, const void* s, int me) noexcept nogil:
    # a finished game: the margin of the scores; before: the game's value for
    # `me` (ops.seat_value) if it has one, else the margin of the heuristic
    cdef double vals[SEARCH_MAX_SEATS]
    cdef int n
    if ops.seat_value != NULL and ops.to_move(s) != PLAYER_TERMINAL:
        return ops.seat_value(s, me)
    n = seat_values(ops, s, vals)
    return margin(me, n, vals)


# A fitted evaluation (olab/evaluation.py, made by ``olab tune``): what the
# hand-written heuristic misses, learned from self-play.  For a seat k it is a
# linear function of k's observation tensor x (what k may see, so it reads no
# hidden part) tapered by the game's progress t:
#     r_k = c + d t + sum_i x_i (a_i + t b_i),   w = [a (obs_size), b (obs_size), c, d]
# fitted to (k's final score - k's heuristic value now), so h_k + r_k is an
# estimate of k's final score.  What a seat maximises is then greedy's value
# corrected by the residuals: solo + r; 2 seats + r_me - r_other (on top of
# the game's own per-seat view, e.g. Ora's 2-player end); more seats the
# margin of h + r over the best other seat.  Zeros of x are skipped (most of
# a tensor is one-hot), and the sum runs in a fixed order, so the value is the
# same on every machine.

cdef double fitted_residual(const GameOps* ops, const double* w, float* obs, const void* s,
                            int seat) noexcept nogil:
    cdef int n = ops.obs_size, i
    cdef double t = ops.progress(s) if ops.progress != NULL else 0.0
    cdef double r = w[2 * n] + t * w[2 * n + 1]
    cdef float x
    if ops.observe == NULL or ops.observe(s, seat, obs) != 0:
        return 0.0
    for i in range(n):
        x = obs[i]
        if x != 0:
            r += x * (w[i] + t * w[n + i])
    return r


cdef double fitted_eval(const GameOps* ops, const double* w, float* obs, const void* s, int me) noexcept nogil:
    cdef double vals[SEARCH_MAX_SEATS]
    cdef int32_t sc[SEARCH_MAX_SEATS]
    cdef int n, k
    if w == NULL or ops.to_move(s) == PLAYER_TERMINAL:
        return greedy_eval(ops, s, me)
    n = ops.scores(s, sc)
    if n <= 2:
        if n == 1:
            return greedy_eval(ops, s, me) + fitted_residual(ops, w, obs, s, me)
        return (greedy_eval(ops, s, me) + fitted_residual(ops, w, obs, s, me)
                - fitted_residual(ops, w, obs, s, 1 - me))
    n = ops.heuristic(s, vals)
    for k in range(n):
        vals[k] += fitted_residual(ops, w, obs, s, k)
    return margin(me, n, vals)


cdef double own_eval(const GameOps* ops, const double* w, float* obs, const void* s, int me) noexcept nogil:
    # what a seat maximises when it plays for its own score (a searcher's
    # objective "score", with 3 or 4 seats): its own value, the heuristic's
    # (corrected by its residual) before the end, its score at the end
    cdef double vals[SEARCH_MAX_SEATS]
    seat_values(ops, s, vals)
    if w != NULL and ops.to_move(s) != PLAYER_TERMINAL:
        return vals[me] + fitted_residual(ops, w, obs, s, me)
    return vals[me]


cdef double greedy_rec(const GameOps* ops, GreedyWork* w, int level) noexcept nogil:
    cdef char* cur = w.states + level * ops.state_size
    cdef char* nxt = cur + ops.state_size
    cdef int32_t* buf = w.bufs + level * ops.max_legal
    cdef int n, i, p
    cdef double best, v
    while not ops.chain_over(cur) and level < GREEDY_MAX_DEPTH:
        p = ops.to_move(cur)
        if p == w.me or p < 0:
            break
        # another seat's decision inside our chain: its first legal action
        n = ops.legal(cur, buf)
        if n <= 0:
            break
        ops.apply(cur, buf[0])
    if (ops.chain_over(cur) or level >= GREEDY_MAX_DEPTH or w.budget <= 0
            or ops.to_move(cur) != w.me):
        return greedy_eval(ops, cur, w.me)
    n = ops.legal(cur, buf)
    best = -1e300
    for i in range(n):
        memcpy(nxt, cur, ops.state_size)
        ops.apply(nxt, buf[i])
        w.budget -= 1
        v = greedy_rec(ops, w, level + 1)
        if v > best:
            best = v
    return best


cdef int32_t greedy_choose(const GameOps* ops, const void* s, Pcg32* rng, int budget) noexcept nogil:
    """The legal action with the best value at the end of its chain; -1 if none.

    Ties are broken at random (reservoir sampling over the tied actions).
    ``s`` is determinized for its deciding seat first when the game hides
    anything.
    """
    cdef GreedyWork w
    cdef char* root = <char*>malloc(ops.state_size)
    cdef int32_t* top = <int32_t*>malloc(ops.max_legal * sizeof(int32_t))
    cdef int n, i, ties = 0
    cdef int32_t pick = -1
    cdef double best = -1e300, v
    w.states = <char*>malloc((GREEDY_MAX_DEPTH + 1) * ops.state_size)
    w.bufs = <int32_t*>malloc(GREEDY_MAX_DEPTH * ops.max_legal * sizeof(int32_t))
    w.me = ops.to_move(s)
    if root == NULL or top == NULL or w.states == NULL or w.bufs == NULL or w.me < 0:
        free(root)
        free(top)
        free(w.states)
        free(w.bufs)
        return -1
    memcpy(root, s, ops.state_size)
    if ops.determinize != NULL:
        ops.determinize(root, w.me, rng)
    n = ops.legal(root, top)
    for i in range(n):
        # each first action gets its share of the budget, so the last ones are
        # looked at as deeply as the first
        w.budget = budget // n if budget // n > 4 else 4
        memcpy(w.states, root, ops.state_size)
        ops.apply(w.states, top[i])
        v = greedy_rec(ops, &w, 0)
        if v > best + 1e-9:
            best = v
            pick = top[i]
            ties = 1
        elif v > best - 1e-9:
            ties += 1
            if pcg32_bounded(rng, ties) == 0:
                pick = top[i]
    free(root)
    free(top)
    free(w.states)
    free(w.bufs)
    return pick


include "uct.pxi"
include "chain_search.pxi"
include "beam.pxi"


# ----------------------------------------------------------------------------
# Python entry points for any game: each copies the position under the GIL and
# runs its whole loop without it

cdef char* copy_state(CoreStateBase state) except NULL:
    cdef char* c = <char*>malloc(state.ops.state_size)
    if c == NULL:
        raise MemoryError()
    memcpy(c, state.sp, state.ops.state_size)
    return c


def perft_state(CoreStateBase state, int depth):
    """Leaves of the decision tree ``depth`` decisions below ``state`` (chance outcomes are branches).

    ``perft_state(s, 0)`` is 1; a line of play that ends the game before
    ``depth`` adds nothing.  The count runs in C without the GIL, on a copy.
    """
    if depth < 0:
        raise ValueError("depth must be >= 0")
    cdef int64_t n
    cdef char* c = copy_state(state)
    with nogil:
        n = perft(state.ops, c, depth)
    free(c)
    if n == -2:
        raise KeyboardInterrupt
    if n < 0:
        raise MemoryError("perft: out of memory")
    return n


def greedy_action(CoreStateBase state, uint64_t seed, int budget=20000):
    """The greedy bot's action in ``state`` (see :mod:`olab.bots`); -1 when nobody decides.

    ``budget`` bounds the positions looked at; ``seed`` breaks ties (and
    determinizes the position in a game with hidden information).
    """
    cdef Pcg32 rng
    cdef int32_t a
    cdef char* c = copy_state(state)
    pcg32_seed(&rng, seed, STREAM_GREEDY)
    with nogil:
        a = greedy_choose(state.ops, c, &rng, budget)
    free(c)
    return a


def units_per_point(CoreGameBase game):
    """Score units per point of ``game`` (Fields of Arle counts half points: 2; the others 1).

    :func:`random_games` and :func:`random_playouts` give scores in these
    units, exact integers; :mod:`olab.search` reports them in points.
    """
    return game.ops.units_per_point if game.ops.units_per_point > 0 else 1


def heuristic(CoreStateBase state, int seat):
    """The bots' heuristic value of ``seat``'s position, in the game's points."""
    cdef double vals[SEARCH_MAX_SEATS]
    cdef int n = state.ops.heuristic(state.sp, vals)
    if not 0 <= seat < n:
        raise ValueError(f"no seat {seat}")
    return vals[seat]


def progress(CoreStateBase state):
    """The share of the game played, in [0, 1] (``GameOps.progress``; 0 when the game has none)."""
    return state.ops.progress(state.sp) if state.ops.progress != NULL else 0.0


def clock(CoreStateBase state):
    """The game's clock in turns (``GameOps.clock``: never falls, rises when a turn begins); ``None`` without one."""
    return state.ops.clock(state.sp) if state.ops.clock != NULL else None


def fitted_seat_value(CoreStateBase state, weights, int seat):
    """What the chain search maximises for ``seat`` with the fitted evaluation
    ``weights`` (``fitted_eval``: greedy's value corrected by the residuals);
    ``None`` gives greedy's value (:func:`seat_value`)."""
    cdef double vals[SEARCH_MAX_SEATS]
    cdef int n = state.ops.heuristic(state.sp, vals), i
    cdef double* w = NULL
    cdef float* obs = NULL
    cdef double v
    if not 0 <= seat < n:
        raise ValueError(f"no seat {seat}")
    if weights is None:
        return greedy_eval(state.ops, state.sp, seat)
    values = [float(x) for x in weights]
    if len(values) != 2 * state.ops.obs_size + 2:
        raise ValueError(f"{len(values)} weights; this game's evaluation needs {2 * state.ops.obs_size + 2}")
    w = <double*>malloc(len(values) * sizeof(double))
    obs = <float*>malloc((state.ops.obs_size + 1) * sizeof(float))
    if w == NULL or obs == NULL:
        free(w)
        free(obs)
        raise MemoryError
    for i in range(len(values)):
        w[i] = values[i]
    v = fitted_eval(state.ops, w, obs, state.sp, seat)
    free(w)
    free(obs)
    return v


def seat_value(CoreStateBase state, int seat):
    """What the greedy bot maximises for ``seat``: the game's own per-seat value
    (``GameOps.seat_value``) if it has one, else the margin of the heuristic over
    the best other seat; the margin of the scores once the game is over."""
    cdef double vals[SEARCH_MAX_SEATS]
    cdef int n = state.ops.heuristic(state.sp, vals)
    if not 0 <= seat < n:
        raise ValueError(f"no seat {seat}")
    return greedy_eval(state.ops, state.sp, seat)


cdef int play_random_game(const GameOps* ops, const void* cfgp, char* st, uint64_t seed, uint64_t g,
                          int max_actions, int32_t* buf) noexcept nogil:
    # game g of a batch: dealt with seed + g, actions drawn from PCG32 (seed,
    # stream 54 + g); the number of actions, -1 at a position without legal
    # actions, -2 past max_actions (both engine bugs)
    cdef Pcg32 rng
    cdef int k
    ops.new_state(st, cfgp, seed + g)
    pcg32_seed(&rng, seed, STREAM_PLAYOUT + g)
    k = playout(ops, st, &rng, max_actions, buf)
    if k >= 0 and ops.to_move(st) != PLAYER_TERMINAL:
        return -2
    return k


def random_games(CoreGameBase game, long long n, uint64_t seed, long long first=0, int max_actions=PLAYOUT_MAX_GAME_LENGTH):
    """Play random games ``first .. first + n - 1`` and return ``(actions, scores, truncated)`` of each.

    Game ``g`` is the game ``Game.new_initial_state(seed + g)`` deals, played
    with uniformly random actions (chance outcomes by their probabilities)
    drawn from PCG32 seeded with ``(seed, stream 54 + g)``: every olab entry
    point that plays seeded random games (this one, :func:`random_playouts`,
    the C library's ``olab_random_playouts``) plays exactly these games.
    ``actions`` is -1 or -2 for a game that failed (an engine bug).
    """
    if n < 0 or first < 0:
        raise ValueError("n and first must be >= 0")
    cdef const GameOps* ops = game.ops
    cdef char* st = <char*>malloc(ops.state_size)
    cdef int32_t* buf = <int32_t*>malloc(ops.max_legal * sizeof(int32_t))
    cdef int32_t sc[SEARCH_MAX_SEATS]
    cdef long long g
    cdef int k, p, m
    cdef bint cut
    if st == NULL or buf == NULL:
        free(st)
        free(buf)
        raise MemoryError()
    out = []
    # The collector stays off while the list grows: its tuples of ints make
    # no cycles, and a collection would run the gc callbacks some libraries
    # install (hypothesis does), where a Ctrl-C arriving then is raised and
    # swallowed, so the loop below would never see it.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for g in range(first, first + n):
            with nogil:
                k = play_random_game(ops, game.cfgp, st, seed, g, max_actions, buf)
                m = ops.scores(st, sc)
                cut = ops.truncated != NULL and ops.truncated(st)
            out.append((k, tuple([sc[p] for p in range(m)]), bool(cut)))
            if (g & 63) == 63:
                PyErr_CheckSignals()          # Ctrl-C between games
    finally:
        if collecting:
            gc.enable()
        free(st)
        free(buf)
    return out


def random_playouts(CoreGameBase game, long long n, uint64_t seed, long long first=0, int max_actions=PLAYOUT_MAX_GAME_LENGTH):
    """Play random games ``first .. first + n - 1`` (see :func:`random_games`) and summarise them.

    Returns a dict: ``games``, ``actions`` (all games together),
    ``min_actions``, ``max_actions``, ``failed`` (games that hit a position
    without legal actions or ``max_actions``: engine bugs), ``truncated``
    (games stopped by an engine cap), and per player ``score_sum``,
    ``score_sq_sum``, ``score_min``, ``score_max`` and ``wins`` (who won is
    the game's outcome, olab_core/common/outcome.pxd: the score, then the
    game's tie-breaks; a win still tied is shared).  The loop holds no GIL.
    """
    if n < 0 or first < 0:
        raise ValueError("n and first must be >= 0")
    cdef const GameOps* ops = game.ops
    cdef char* st = <char*>malloc(ops.state_size)
    cdef int32_t* buf = <int32_t*>malloc(ops.max_legal * sizeof(int32_t))
    cdef long long g
    cdef int k, p, tied, players = 0
    cdef int64_t actions = 0, failed = 0, truncated = 0
    cdef int min_a = 0x7FFFFFFF, max_a = 0
    cdef int64_t ssum[SEARCH_MAX_SEATS]
    cdef int64_t ssq[SEARCH_MAX_SEATS]
    cdef int smin[SEARCH_MAX_SEATS]
    cdef int smax[SEARCH_MAX_SEATS]
    cdef int32_t sc[SEARCH_MAX_SEATS]
    cdef int64_t wins12[SEARCH_MAX_SEATS]   # twelfths of a win: ties of 2, 3 or 4 share exactly
    cdef GameOutcome outcome
    if st == NULL or buf == NULL:
        free(st)
        free(buf)
        raise MemoryError()
    for p in range(SEARCH_MAX_SEATS):
        ssum[p] = 0
        ssq[p] = 0
        smin[p] = 0x7FFFFFFF
        smax[p] = -0x7FFFFFFF
        wins12[p] = 0
    cdef bint stopped = False
    with nogil:
        for g in range(first, first + n):
            if (g & 15) == 15 and interrupted():
                stopped = True
                break
            k = play_random_game(ops, game.cfgp, st, seed, g, max_actions, buf)
            if k < 0:
                failed += 1
                continue
            if ops.truncated != NULL and ops.truncated(st):
                truncated += 1
            actions += k
            min_a = k if k < min_a else min_a
            max_a = k if k > max_a else max_a
            players = ops.scores(st, sc)
            for p in range(players):
                ssum[p] += sc[p]
                ssq[p] += <int64_t>sc[p] * sc[p]
                smin[p] = sc[p] if sc[p] < smin[p] else smin[p]
                smax[p] = sc[p] if sc[p] > smax[p] else smax[p]
            # who won: the game's outcome (score, then its tie-breaks), decided once
            game_outcome(ops, st, &outcome)
            tied = 0
            for p in range(players):
                tied += (outcome.winners >> p) & 1
            for p in range(players):
                if (outcome.winners >> p) & 1:
                    wins12[p] += 12 // tied
        if players == 0:
            # no game finished: the player count of a fresh game
            ops.new_state(st, game.cfgp, seed)
            players = ops.scores(st, sc)
    free(st)
    free(buf)
    if stopped:
        raise KeyboardInterrupt
    done = n - failed
    return {
        "games": n, "actions": actions, "failed": failed, "truncated": truncated,
        "min_actions": min_a if done else 0, "max_actions": max_a,
        "score_sum": [ssum[p] for p in range(players)],
        "score_sq_sum": [ssq[p] for p in range(players)],
        "score_min": [smin[p] if done else 0 for p in range(players)],
        "score_max": [smax[p] if done else 0 for p in range(players)],
        "wins": [wins12[p] / 12.0 for p in range(players)],
    }
