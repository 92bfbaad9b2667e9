# Orléans's entry in the shared machinery (olab_core/common/ops.pxd): who
# decides, the legal actions, apply, the chance nodes, determinization, the
# deal of a new game and the bots' evaluation.

cdef void orl_new_state(void* out, const void* cfgp, uint64_t seed) noexcept nogil:
    state_init(<OrlState*>out, <const Config*>cfgp, seed)


cdef int orl_to_move(const void* sp) noexcept nogil:
    cdef const OrlState* s = <const OrlState*>sp
    if s.game_over:
        return PLAYER_TERMINAL
    if s.chance != CN_NONE:
        return PLAYER_CHANCE
    return s.chooser


cdef int orl_legal(const void* sp, int32_t* out) noexcept nogil:
    return legal_actions(<const OrlState*>sp, out)


cdef bint orl_is_legal(const void* sp, int32_t a) noexcept nogil:
    return is_legal(<const OrlState*>sp, a)


cdef void orl_apply(void* sp, int32_t a) noexcept nogil:
    apply_action(<OrlState*>sp, a)


cdef int orl_chance(const void* sp, int32_t* actions, uint32_t* weights) noexcept nogil:
    return chance_weights(<const OrlState*>sp, actions, weights)


cdef int32_t orl_sample(const void* sp, Pcg32* rng) noexcept nogil:
    return sample_outcome(<const OrlState*>sp, rng)


cdef void orl_determinize(void* sp, int observer, Pcg32* rng) noexcept nogil:
    # Everything of the past is public (bags are counts that follow from
    # public events; the unrevealed hourglass tiles are counts too).  What no
    # seat knows is the order of the future draws, which is the generator's
    # state: a fresh one from the search's generator, without reading the old.
    #
    # The copy also draws as chance nodes from now on (chance="explicit"): a
    # search tree over it then sees every draw as a chance node with the bag's
    # weights, instead of one action whose outcome changes from simulation to
    # simulation.  The views are the same; only the copy's future differs.
    cdef OrlState* s = <OrlState*>sp
    cdef uint64_t hi = pcg32_next(rng), lo = pcg32_next(rng)
    pcg32_seed(&s.rng, (hi << 32) | lo, ORL_STREAM)
    s.seed = 0                        # the deal's seed would tell the future too
    s.draws_as_chance = 1


cdef int orl_scores(const void* sp, int32_t* out) noexcept nogil:
    cdef const OrlState* s = <const OrlState*>sp
    cdef int i
    for i in range(s.cfg.players):
        out[i] = score_of(s, i)
    return s.cfg.players


cdef bint orl_chain_over(const void* sp) noexcept nogil:
    # the greedy bot's unit: one top-level decision and what it starts
    cdef const OrlState* s = <const OrlState*>sp
    if s.game_over:
        return True
    if s.chance != CN_NONE:
        return False
    return s.dec == D_EXCLUDE or s.dec == D_DRAW or s.dec == D_RECALL or s.dec == D_PLAN or s.dec == D_ACT


cdef int orl_heuristic(const void* sp, double* out) noexcept nogil:
    cdef const OrlState* s = <const OrlState*>sp
    cdef int i
    for i in range(s.cfg.players):
        out[i] = heuristic_value(s, i)
    return s.cfg.players


cdef inline double clip01(double x) noexcept nogil:
    return 0.0 if x < 0 else (1.0 if x > 1 else x)


cdef GameOps ORL_OPS


cdef void orl_value(const void* sp, float* out) noexcept nogil:
    # UCT's rewards: at the end 1 to the winners (shared), 0 to the others;
    # before, a sigmoid of the heuristic margin over the best opponent
    cdef const OrlState* s = <const OrlState*>sp
    cdef double vals[MAX_PLAYERS]
    cdef int i, n = s.cfg.players
    for i in range(4):
        out[i] = 0
    if s.game_over:
        game_returns(&ORL_OPS, sp, out)     # who won: olab_core/common/outcome.pxd
        return
    for i in range(n):
        vals[i] = heuristic_value(s, i)
    for i in range(n):
        if REWARD_LINEAR > 0:
            out[i] = <float>clip01(0.5 + margin(i, n, vals) / REWARD_LINEAR)
        else:
            out[i] = reward_of(margin(i, n, vals) / REWARD_SCALE)


ORL_OPS.name = "orleans"
ORL_OPS.state_size = sizeof(OrlState)
ORL_OPS.max_seats = MAX_PLAYERS
ORL_OPS.max_legal = MAX_LEGAL
ORL_OPS.num_actions = A_TOTAL
ORL_OPS.to_move = orl_to_move
ORL_OPS.legal = orl_legal
ORL_OPS.is_legal = orl_is_legal
ORL_OPS.apply = orl_apply
ORL_OPS.value = orl_value
ORL_OPS.heuristic = orl_heuristic
ORL_OPS.scores = orl_scores
ORL_OPS.chain_over = orl_chain_over
ORL_OPS.chance = orl_chance
ORL_OPS.sample_chance = orl_sample
ORL_OPS.determinize = orl_determinize
ORL_OPS.new_state = orl_new_state
ORL_OPS.truncated = NULL
ORL_OPS.obs_size = OBS_SIZE
ORL_OPS.observe = orl_observe
ORL_OPS.observe_since = orl_observe_since
ORL_OPS.tiebreak = orl_tiebreak        # the development track, then shared
ORL_OPS.tiebreak_names = "development"
ORL_OPS.seat_value = NULL           # greedy maximises the margin of the heuristic
ORL_OPS.clock = orl_clock
ORL_OPS.progress = orl_progress
