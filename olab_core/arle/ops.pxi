# Fields of Arle's entry in the shared machinery (olab_core/common/ops.pxd):
# the deal of a new game, who decides, the legal actions, apply, the scores
# and the evaluation the bots use.  Nothing in Fields of Arle is hidden and
# nothing is random after the deal, so there is no chance node and no
# determinization.

cdef void draw_buildings(Pcg32* rng, int first, int last, int k, uint32_t* out) noexcept nogil:
    # k buildings of first..last, drawn without replacement
    cdef uint8_t pool[N_BUILDINGS]
    cdef int n = 0, i, j
    cdef uint8_t t
    for i in range(first, last + 1):
        pool[n] = i
        n += 1
    for i in range(k):
        j = i + pcg32_bounded(rng, n - i)
        t = pool[i]; pool[i] = pool[j]; pool[j] = t
        out[0] |= (<uint32_t>1) << pool[i]


cdef void state_init(ArleState* s, const Config* cfg, uint64_t seed) noexcept nogil:
    # setup (rulebook: Setup): the start player and the buildings from the
    # seed, every home board as printed, every tool on its first space
    cdef Pcg32 rng
    cdef Player* p
    cdef int seat, g, i
    cdef uint32_t b = 0
    memset(s, 0, sizeof(ArleState))
    memcpy(&s.cfg, cfg, sizeof(Config))
    s.seed = seed
    pcg32_seed(&rng, seed, 7341)
    s.start_player = pcg32_bounded(&rng, 2) if cfg.players == 2 else 0
    for i in range(B_MILL, B_WATERFRONT + 1):
        b |= (<uint32_t>1) << i           # all major craft buildings
    for i in range(B_CHURCH, B_BERUM + 1):
        b |= (<uint32_t>1) << i           # and all large buildings
    if cfg.bmode == 2:
        b = cfg.buildings
    elif cfg.bmode == 0:
        # first play: the light-green houses, the recommended inns, and two
        # minor craft buildings drawn (the rulebook recommends none)
        b |= 0xF | FIRST_PLAY_INNS
        draw_buildings(&rng, B_TURNERY, B_BAKEHOUSE, SLOTS_YELLOW, &b)
    else:
        draw_buildings(&rng, B_WEAVING_PARLOR, B_WOOD_TRADER, SLOTS_GREEN, &b)
        draw_buildings(&rng, B_TURNERY, B_BAKEHOUSE, SLOTS_YELLOW, &b)
        draw_buildings(&rng, B_POTTERS_INN, B_SLUICE_YARD, SLOTS_BLUE, &b)
    s.in_game = b
    s.avail = b
    for seat in range(cfg.players):
        p = &s.pl[seat]
        for g in range(N_GOODS):
            p.goods[g] = START_GOODS[g]
        p.goods[G_GRAIN] = cfg.start_grain
        p.goods[G_HIDE] = cfg.start_hide
        for i in range(N_LAND):
            p.land[i] = START_LAND[i]
        for i in range(START_MOORS):
            p.moor[i] = MOOR_UNDRAINED
        p.boardwalk = BOARDWALK_PEAT
    s.half_year = 1
    push(s, OP_GAME, 0, 0, 0, 0)
    run(s)


cdef void arle_new_state(void* out, const void* cfgp, uint64_t seed) noexcept nogil:
    state_init(<ArleState*>out, <const Config*>cfgp, seed)


cdef int arle_to_move(const void* sp) noexcept nogil:
    cdef const ArleState* s = <const ArleState*>sp
    if s.game_over:
        return PLAYER_TERMINAL
    return s.dec.seat


cdef int arle_legal(const void* sp, int32_t* out) noexcept nogil:
    cdef const ArleState* s = <const ArleState*>sp
    cdef int n = 0, i
    cdef uint64_t w
    if s.game_over:
        return 0
    for i in range(MASK_WORDS):
        w = s.dec.mask[i]
        while w:
            out[n] = i * 64 + u64_ctz(w)
            n += 1
            w &= w - 1
    return n


cdef bint arle_is_legal(const void* sp, int32_t a) noexcept nogil:
    cdef const ArleState* s = <const ArleState*>sp
    if s.game_over or a < 0 or a >= A_TOTAL:
        return False
    return mask_has(&s.dec, a)


cdef void arle_apply(void* sp, int32_t a) noexcept nogil:
    apply_decision(<ArleState*>sp, a)


cdef int arle_scores(const void* sp, int32_t* out) noexcept nogil:
    cdef const ArleState* s = <const ArleState*>sp
    cdef int p
    for p in range(s.cfg.players):
        out[p] = total_score(s, p)
    return s.cfg.players


cdef bint arle_chain_over(const void* sp) noexcept nogil:
    # the greedy bot's action: everything up to the next worker (or the end
    # of the work phase, or the next inventory choice)
    cdef const ArleState* s = <const ArleState*>sp
    return s.game_over or s.dec.ctx == CX_TURN or s.dec.ctx == CX_ANYTIME


cdef int arle_tiebreak(const void* sp, int level, int32_t* out) noexcept nogil:
    # "In case of a tie, the Starting Player of a hypothetical 10th Half Year
    # breaks the tie" (rulebook, end of the game): the marker has already
    # moved at the end of the 9th half year (flow.pxi, step 5), so the start
    # player now is that of the 10th
    cdef const ArleState* s = <const ArleState*>sp
    cdef int i
    if level != 0:
        return 0
    for i in range(s.cfg.players):
        out[i] = 1 if i == s.start_player else 0
    return s.cfg.players


cdef GameOps ARLE_OPS
ARLE_OPS.name = "fields_of_arle"
ARLE_OPS.state_size = sizeof(ArleState)
ARLE_OPS.max_seats = MAX_SEATS
ARLE_OPS.max_legal = MAX_LEGAL
ARLE_OPS.num_actions = A_TOTAL
ARLE_OPS.to_move = arle_to_move
ARLE_OPS.legal = arle_legal
ARLE_OPS.is_legal = arle_is_legal
ARLE_OPS.apply = arle_apply
ARLE_OPS.value = arle_value
ARLE_OPS.heuristic = arle_heuristic
ARLE_OPS.scores = arle_scores
ARLE_OPS.chain_over = arle_chain_over
ARLE_OPS.chance = NULL
ARLE_OPS.sample_chance = NULL
ARLE_OPS.determinize = NULL
ARLE_OPS.new_state = arle_new_state
ARLE_OPS.truncated = NULL
ARLE_OPS.obs_size = OBS_SIZE
ARLE_OPS.observe = arle_observe
ARLE_OPS.observe_since = arle_observe_since
ARLE_OPS.tiebreak = arle_tiebreak    # the start player of a hypothetical 10th half year
ARLE_OPS.tiebreak_names = "start_player"
ARLE_OPS.units_per_point = 2       # the core counts half points (timber is worth half a point)
ARLE_OPS.seat_value = NULL           # greedy maximises the margin of the heuristic
ARLE_OPS.clock = arle_clock
ARLE_OPS.progress = arle_progress
