# Search: Ora et Labora's entry in the shared search module (GameOps), the
# evaluation the bots use, the greedy bot's one-turn lookahead, and the batch
# entry points random_playouts / perft.

# ----------------------------------------------------------------------------
# GameOps: what olab_core.common.search needs to know about the game

cdef int ora_to_move(const void* s) noexcept nogil:
    cdef const OraState* st = <const OraState*>s
    return -1 if st.game_over else st.dec.chooser


cdef int ora_legal(const void* s, int32_t* out) noexcept nogil:
    return legal_actions(<const OraState*>s, out)


cdef void ora_apply(void* s, int32_t a) noexcept nogil:
    apply_decision(<OraState*>s, a)


# The heuristic value of a seat's position, in victory points: what it scores
# now with money counted smoothly (a coin is 2/5 of a point, the five-coin
# rule rounded away), plus a little for what is not points yet.  The weights
# are round numbers, chosen by hand and documented in docs/bots.rst; they are
# a bot's opinion, not a rule.
cdef double HEUR_MONEY = 0.4        # per coin (a wine or whiskey also counts its own point)
cdef double HEUR_FOOD = 0.2         # per food the goods other than money provide
cdef double HEUR_ENERGY = 0.2       # per energy the goods provide
cdef double HEUR_MATERIAL = 0.3     # per wood, clay, stone (building material)
cdef double HEUR_SETTLEMENT = 1.0   # per settlement card still in hand
cdef double HEUR_LAND = 0.15        # per empty landscape space that can take a card

cdef double heuristic_value(const OraState* s, int seat) noexcept nogil:
    cdef const Player* p = &s.pl[seat]
    cdef double v
    cdef int money = p.goods[G_COIN], h
    v = (2 * p.goods[G_BOOK] + 3 * p.goods[G_CERAMIC] + 4 * p.goods[G_ORNAMENT]
         + 8 * p.goods[G_RELIQUARY] + 30 * p.goods[G_WONDER] + p.goods[G_WINE] + p.goods[G_WHISKEY])
    v += HEUR_MONEY * (money + p.goods[G_WINE] + p.goods[G_WHISKEY])
    v += economic_points(p) + settlement_points(s, p)
    v += HEUR_FOOD * (food_total(p) - money - p.goods[G_WINE] - p.goods[G_WHISKEY])
    v += HEUR_ENERGY * 0.5 * energy_total(p)
    v += HEUR_MATERIAL * (p.goods[G_WOOD] + p.goods[G_CLAY] + p.goods[G_STONE])
    h = p.hand
    while h:
        v += HEUR_SETTLEMENT
        h &= h - 1
    v += HEUR_LAND * u128_popcount(empty_spaces(p) & ~p.water)
    return v


cdef inline double seat_value(const OraState* s, int seat) noexcept nogil:
    # the final score once the game is over, the heuristic before
    return total_score(s, seat) if s.game_over else heuristic_value(s, seat)


cdef inline double margin(const OraState* s, int seat, double* vals) noexcept nogil:
    # a seat's value minus the best other seat's: what a player wants to raise
    cdef int j, n = s.cfg.players
    cdef double best = -1e300
    if n == 1:
        return vals[0]
    for j in range(n):
        if j != seat and vals[j] > best:
            best = vals[j]
    return vals[seat] - best


# the rewards of UCT: a sigmoid of the margin over the best opponent, so a
# tie is worth 0.5 and an 8-point lead 0.75; in the solo game, of the score
# around 120.  The sigmoid is z / (1 + |z|) rather than a logistic because
# it needs no exp(), whose last bit differs between C libraries (see
# portable_log in olab_core/common/search.pyx).
cdef double REWARD_SCALE = 8.0
cdef double SOLO_CENTRE = 120.0
cdef double SOLO_SCALE = 30.0

cdef inline float reward_of(double z) noexcept nogil:
    return <float>(0.5 + 0.5 * z / (1.0 + (z if z >= 0 else -z)))

cdef void ora_value(const void* sp, float* out) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    cdef double vals[MAX_SEATS]
    cdef int i, n = s.cfg.players
    for i in range(4):
        out[i] = 0
    for i in range(n):
        vals[i] = seat_value(s, i)
    if n == 1:
        out[0] = reward_of((vals[0] - SOLO_CENTRE) / SOLO_SCALE)
        return
    for i in range(n):
        out[i] = reward_of(margin(s, i, vals) / REWARD_SCALE)


cdef GameOps ORA_OPS
ORA_OPS.state_size = sizeof(OraState)
ORA_OPS.seats = MAX_SEATS
ORA_OPS.max_legal = MAX_LEGAL
ORA_OPS.to_move = ora_to_move
ORA_OPS.legal = ora_legal
ORA_OPS.apply = ora_apply
ORA_OPS.value = ora_value


# ----------------------------------------------------------------------------
# Greedy: the best position at the end of the current action.  From each legal
# action the greedy bot follows every continuation of its own decisions until
# the turn is back at its top (or the game or the budget ends), and scores the
# position there by its heuristic margin.  Decisions of another player inside
# that chain (a work contract's owner) take that player's first legal action.

cdef enum:
    GREEDY_MAX_DEPTH = 48

cdef struct GreedyWork:
    OraState states[GREEDY_MAX_DEPTH + 1]
    int32_t bufs[GREEDY_MAX_DEPTH][MAX_LEGAL]
    int budget
    int me


cdef inline bint chain_over(const OraState* s) noexcept nogil:
    return s.game_over or (s.dec.kind == D_TURN and s.free_kind == FU_NONE)


cdef double greedy_eval(const OraState* s, int me) noexcept nogil:
    cdef double vals[MAX_SEATS]
    cdef int i
    for i in range(s.cfg.players):
        vals[i] = seat_value(s, i)
    return margin(s, me, vals)


cdef double greedy_rec(GreedyWork* w, int level) noexcept nogil:
    cdef OraState* cur = &w.states[level]
    cdef OraState* nxt
    cdef int n, i
    cdef double best, v
    while not chain_over(cur) and cur.dec.chooser != w.me and level < GREEDY_MAX_DEPTH:
        # another player's decision inside our chain: their first legal action
        n = legal_actions(cur, w.bufs[level])
        if n <= 0:
            break
        apply_decision(cur, w.bufs[level][0])
    if chain_over(cur) or level >= GREEDY_MAX_DEPTH or w.budget <= 0 or cur.dec.chooser != w.me:
        return greedy_eval(cur, w.me)
    n = legal_actions(cur, w.bufs[level])
    best = -1e300
    nxt = &w.states[level + 1]
    for i in range(n):
        memcpy(nxt, cur, sizeof(OraState))
        apply_decision(nxt, w.bufs[level][i])
        w.budget -= 1
        v = greedy_rec(w, level + 1)
        if v > best:
            best = v
    return best


cdef int32_t greedy_choose(const OraState* s, Pcg32* rng, int budget) noexcept nogil:
    # the legal action with the best value at the end of its chain; ties are
    # broken at random (reservoir sampling over the tied actions)
    cdef GreedyWork* w = <GreedyWork*>malloc(sizeof(GreedyWork))
    cdef int32_t top[MAX_LEGAL]
    cdef int n, i, ties = 0
    cdef int32_t pick = -1
    cdef double best = -1e300, v
    if w == NULL or s.game_over:
        free(w)
        return -1
    w.me = s.dec.chooser
    n = legal_actions(s, top)
    for i in range(n):
        # each first action gets its share of the budget, so the last ones are
        # looked at as deeply as the first
        w.budget = budget // n if budget // n > 4 else 4
        memcpy(&w.states[0], s, sizeof(OraState))
        apply_decision(&w.states[0], top[i])
        v = greedy_rec(w, 0)
        if v > best + 1e-9:
            best = v
            pick = top[i]
            ties = 1
        elif v > best - 1e-9:
            ties += 1
            if pcg32_bounded(rng, ties) == 0:
                pick = top[i]
    free(w)
    return pick


# ----------------------------------------------------------------------------
# Python entry points: each runs its whole loop without the GIL

def random_playouts(game, long long n, uint64_t seed, long long first=0, int max_actions=200000):
    """Play ``n`` uniformly random games in C and return their statistics.

    ``game`` is a :class:`CoreGame` or the facade's ``Game``.  The games are
    numbered ``first .. first + n - 1``; game ``g`` starts from
    ``new_state(seed + g)`` (seats coloured R, G, B, W in order) and draws its
    actions from its own PCG32 stream (``seed``, stream ``54 + g``), so a
    batch split into several calls — or threads — gives the same games.

    Returns a dict: ``games``, ``actions`` (all games together),
    ``min_actions``, ``max_actions``, ``failed`` (games that hit a position
    without legal actions or ``max_actions``: engine bugs), and per seat
    ``score_sum``, ``score_sq_sum``, ``score_min``, ``score_max`` and ``wins``
    (a tie for first shares the win).
    """
    cdef CoreGame cg = game if isinstance(game, CoreGame) else game._core
    if n < 0 or first < 0:
        raise ValueError("n and first must be >= 0")
    cdef OraState st
    cdef Pcg32 rng
    cdef long long g
    cdef int k, p, best, tied, players = cg.cfg.players
    cdef int64_t actions = 0, failed = 0
    cdef int min_a = 0x7FFFFFFF, max_a = 0
    cdef int64_t ssum[MAX_SEATS]
    cdef int64_t ssq[MAX_SEATS]
    cdef int smin[MAX_SEATS]
    cdef int smax[MAX_SEATS]
    cdef int sc[MAX_SEATS]
    cdef int64_t wins12[MAX_SEATS]   # twelfths of a win: ties of 2, 3 or 4 share exactly
    cdef uint8_t colors[MAX_SEATS]
    if not TABLES_READY:
        raise RuntimeError("card tables not installed (import olab.ora first)")
    for p in range(MAX_SEATS):
        colors[p] = p
        ssum[p] = 0
        ssq[p] = 0
        smin[p] = 0x7FFFFFFF
        smax[p] = -0x7FFFFFFF
        wins12[p] = 0
    with nogil:
        for g in range(first, first + n):
            state_init(&st, &cg.cfg, seed + <uint64_t>g, colors)
            pcg32_seed(&rng, seed, 54 + <uint64_t>g)
            k = random_finish(&st, &rng, max_actions)
            if k < 0:
                failed += 1
                continue
            actions += k
            min_a = k if k < min_a else min_a
            max_a = k if k > max_a else max_a
            best = -0x7FFFFFFF
            tied = 0
            for p in range(players):
                sc[p] = total_score(&st, p)
                ssum[p] += sc[p]
                ssq[p] += <int64_t>sc[p] * sc[p]
                smin[p] = sc[p] if sc[p] < smin[p] else smin[p]
                smax[p] = sc[p] if sc[p] > smax[p] else smax[p]
                if sc[p] > best:
                    best = sc[p]
                    tied = 1
                elif sc[p] == best:
                    tied += 1
            for p in range(players):
                if sc[p] == best:
                    wins12[p] += 12 // tied
    done = n - failed
    return {
        "games": n, "actions": actions, "failed": failed,
        "min_actions": min_a if done else 0, "max_actions": max_a,
        "score_sum": [ssum[p] for p in range(players)],
        "score_sq_sum": [ssq[p] for p in range(players)],
        "score_min": [smin[p] if done else 0 for p in range(players)],
        "score_max": [smax[p] if done else 0 for p in range(players)],
        "wins": [wins12[p] / 12.0 for p in range(players)],
    }


def perft(CoreState state, int depth):
    """Leaves of the decision tree ``depth`` decisions below ``state``.

    ``perft(s, 0)`` is 1; a line of play that ends the game before ``depth``
    adds nothing.  The whole count runs in C without the GIL.
    """
    if depth < 0:
        raise ValueError("depth must be >= 0")
    cdef int64_t n
    with nogil:
        n = ops_perft(&ORA_OPS, &state.st, depth)
    if n < 0:
        raise MemoryError("perft: out of memory")
    return n


def greedy_action(CoreState state, uint64_t seed, int budget=20000):
    """The greedy bot's action in ``state`` (see :mod:`olab.bots`); -1 when the game is over.

    ``budget`` bounds the positions looked at; ``seed`` breaks ties.
    """
    cdef Pcg32 rng
    cdef int32_t a
    pcg32_seed(&rng, seed, 77)
    with nogil:
        a = greedy_choose(&state.st, &rng, budget)
    return a


def heuristic(CoreState state, int seat):
    """The bots' heuristic value of ``seat``'s position, in victory points."""
    if not 0 <= seat < state.st.cfg.players:
        raise ValueError(f"no seat {seat}")
    return heuristic_value(&state.st, seat)


def mcts_search(CoreState state, Searcher searcher, long long simulations=0, double time_ms=0):
    """Run UCT from ``state`` (keeping ``searcher``'s tree when it is rooted
    there) and return ``(action, simulations run)``; action -1 when the game is over."""
    cdef int64_t done
    cdef int32_t a
    if state.st.game_over:
        return -1, 0
    if simulations <= 0 and time_ms <= 0:
        raise ValueError("give simulations > 0 or time_ms > 0")
    searcher.attach(&ORA_OPS, &state.st)
    with nogil:
        done = searcher.run(simulations, time_ms)
        a = searcher.best_action()
    return a, done
