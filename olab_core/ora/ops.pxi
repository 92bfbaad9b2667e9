# Ora et Labora's entry in the shared machinery (olab_core/common/ops.pxd):
# who decides, the legal actions, apply, the seating as a chance node, the
# deal of a new game, and the evaluation the bots use.

# ----------------------------------------------------------------------------
# The seating.  A seeded game is seated exactly as kennerspiel's seeded START
# seats it (notation.md 3): PCG32 (seed, stream 42069) draws the seed of a
# second PCG32 (stream 12345) that deals the colours, and the first draws the
# solo game's neutral colour among the three the player does not have, in the
# order R B G W.  With chance="explicit" the seating is instead the game's
# first node, a chance node whose outcome k is the k-th permutation of the
# colours (lexicographic, so outcome 0 is R G B W); in solo the player is Red
# and outcome k is the k-th neutral colour of G B W.

cdef uint8_t NEUTRAL_ORDER[4]
NEUTRAL_ORDER[:] = [0, 2, 1, 3]       # R B G W as indices of R G B W


cdef void kennerspiel_shuffle(uint64_t seed, const uint8_t* people, int n, bint solo,
                              uint8_t* out, int* neutral) noexcept nogil:
    # out[0..n-1]: the colours people[0..n-1] dealt by the seeded START; in
    # solo (or with one colour given) also the drawn neutral colour
    cdef Pcg32 r1, r2
    cdef uint8_t pool[MAX_SEATS]
    cdef uint32_t order_seed
    cdef int i, j, k, left = n
    pcg32_seed(&r1, seed, 42069)
    order_seed = pcg32_bounded(&r1, 0xFFFFFFFF)
    pcg32_seed(&r2, order_seed, 12345)
    for i in range(n):
        pool[i] = people[i]
    i = 0
    while left > 1:
        j = pcg32_bounded(&r2, left)
        out[i] = pool[j]
        i += 1
        left -= 1
        pool[j] = pool[left]
    out[i] = pool[0]
    neutral[0] = -1
    if solo or n == 1:
        k = pcg32_bounded(&r1, 3)
        for i in range(4):
            if NEUTRAL_ORDER[i] == out[0]:
                continue
            if k == 0:
                neutral[0] = NEUTRAL_ORDER[i]
                break
            k -= 1


cdef inline int seating_outcomes(const OraState* s) noexcept nogil:
    # 3 neutral colours in solo, players! orders otherwise
    cdef int n = s.cfg.players, k = 1, i
    if n == 1:
        return 3
    for i in range(2, n + 1):
        k *= i
    return k


cdef void seating_colors(const OraState* s, int k, uint8_t* out) noexcept nogil:
    # the colours of outcome k (see above)
    cdef uint8_t pool[MAX_SEATS]
    cdef int n = s.cfg.players, i, j, f, m
    if n == 1:
        out[0] = 0
        out[1] = 1 + k                   # G, B, W
        return
    for i in range(n):
        pool[i] = i
    m = n
    for i in range(n):
        f = 1
        for j in range(2, m):
            f *= j
        j = k // f
        k = k % f
        out[i] = pool[j]
        for j in range(j, m - 1):
            pool[j] = pool[j + 1]
        m -= 1


cdef void ora_new_state(void* out, const void* cfgp, uint64_t seed) noexcept nogil:
    cdef const Config* cfg = <const Config*>cfgp
    cdef OraState* s = <OraState*>out
    cdef uint8_t people[MAX_SEATS]
    cdef uint8_t colors[MAX_SEATS]
    cdef int neutral, i
    for i in range(MAX_SEATS):
        people[i] = i
        colors[i] = i
    if cfg.flags & CF_EXPLICIT_CHANCE:
        state_init(s, cfg, seed, colors)
        s.seating = 1
        return
    kennerspiel_shuffle(seed, people, cfg.players, cfg.players == 1, colors, &neutral)
    if cfg.players == 1:
        colors[1] = neutral
    state_init(s, cfg, seed, colors)


# ----------------------------------------------------------------------------
# The table

cdef int ora_to_move(const void* sp) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    if s.game_over:
        return PLAYER_TERMINAL
    if s.seating:
        return PLAYER_CHANCE
    return s.dec.chooser


cdef int ora_legal(const void* sp, int32_t* out) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    cdef int n, i
    if s.seating:
        n = seating_outcomes(s)
        for i in range(n):
            out[i] = i
        return n
    return legal_actions(s, out)


cdef bint ora_is_legal(const void* sp, int32_t a) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    if s.seating:
        return 0 <= a < seating_outcomes(s)
    return is_legal(s, a)


cdef void ora_apply(void* sp, int32_t a) noexcept nogil:
    cdef OraState* s = <OraState*>sp
    cdef uint8_t colors[MAX_SEATS]
    cdef int p
    if s.seating:
        seating_colors(s, a, colors)
        for p in range(s.cfg.seats):
            s.pl[p].color = colors[p]
        s.seating = 0
        return
    apply_decision(s, a)


cdef int ora_chance(const void* sp, int32_t* actions, uint32_t* weights) noexcept nogil:
    cdef int n = seating_outcomes(<const OraState*>sp), i
    for i in range(n):
        actions[i] = i
        weights[i] = 1
    return n


cdef int32_t ora_sample(const void* sp, Pcg32* rng) noexcept nogil:
    return pcg32_bounded(rng, seating_outcomes(<const OraState*>sp))


cdef int ora_scores(const void* sp, int32_t* out) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    cdef int p
    for p in range(s.cfg.players):
        out[p] = total_score(s, p)
    return s.cfg.players


cdef bint ora_chain_over(const void* sp) noexcept nogil:
    # the greedy bot's action: everything up to the top of the turn again
    cdef const OraState* s = <const OraState*>sp
    return s.game_over or (s.dec.kind == D_TURN and s.free_kind == FU_NONE)


cdef bint ora_truncated(const void* sp) noexcept nogil:
    # the 2-player game stopped by Rules.two_player_round_limit, not by the display
    cdef const OraState* s = <const OraState*>sp
    return s.game_over and s.truncated


cdef GameOps ORA_OPS
ORA_OPS.name = "ora_et_labora"
ORA_OPS.state_size = sizeof(OraState)
ORA_OPS.max_seats = MAX_SEATS
ORA_OPS.max_legal = MAX_LEGAL
ORA_OPS.num_actions = A_TOTAL
ORA_OPS.to_move = ora_to_move
ORA_OPS.legal = ora_legal
ORA_OPS.is_legal = ora_is_legal
ORA_OPS.apply = ora_apply
ORA_OPS.value = ora_value
ORA_OPS.heuristic = ora_heuristic
ORA_OPS.scores = ora_scores
ORA_OPS.chain_over = ora_chain_over
ORA_OPS.chance = ora_chance
ORA_OPS.sample_chance = ora_sample
ORA_OPS.determinize = NULL           # nothing in Ora et Labora is hidden
ORA_OPS.new_state = ora_new_state
ORA_OPS.truncated = ora_truncated
ORA_OPS.obs_size = OBS_SIZE
ORA_OPS.observe = ora_observe
ORA_OPS.observe_since = ora_observe_since
ORA_OPS.tiebreak = NULL              # a tie for the most points is shared (olab_core/common/outcome.pxd)
ORA_OPS.tiebreak_names = ""
ORA_OPS.seat_value = ora_seat_value
ORA_OPS.progress = ora_progress
ORA_OPS.clock = ora_clock




def _cap_push(CoreStateBase state, int seat):
    """What ``seat``'s own view loses as the 2-player round cap nears (cap_push; tests read it)."""
    if not isinstance(state, CoreState):
        raise TypeError("an Ora et Labora state is needed")
    if not 0 <= seat < (<const OraState*>state.sp).cfg.players:
        raise ValueError(f"no seat {seat}")
    return cap_push(<const OraState*>state.sp, seat)
