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


# ----------------------------------------------------------------------------
# The bots' evaluation (docs/arle_bots.rst): the score the seat would have
# now, in points, with the goods track counted per unit rather than in its
# steps, plus round-number credits for what is not points yet but will be,
# plus a constant per half year still to come (so that an estimate in the
# middle of the game is near the final scores and the solo game's reward
# sigmoid does not flatten it).  The weights are a bot's opinion, not a rule;
# they were chosen by a few solo MCTS runs (docs).
cdef double HEUR_FOOD = 0.0         # per food on top of the smoothed goods track
cdef double HEUR_TRACK = 0.0        # per grain, flax, wool, hide on top of it
cdef double HEUR_MATERIAL = 0.2     # per wood and clay
cdef double HEUR_PEAT = 0.15
cdef double HEUR_FABRIC = 0.4       # per linen, woolen, leather on top of its point (it can become wear)
cdef double HEUR_ANIMAL = 0.35      # per animal on top of the animal category
cdef double HEUR_LAND = 0.4         # per empty land space
cdef double HEUR_TOOL = 0.5         # per tool-track step that gives no point yet
cdef double HEUR_PENDING = 0.9      # per upgraded good on a vehicle, in its final points
cdef double HEUR_FUTURE = 8.0       # points still to come, per half year left (keeps estimates near final scores)
cdef double HEUR_SMOOTH = 1.0       # 1: the goods track counted per unit (0.2 a unit) instead of in its steps
cdef double HEUR_FIELD = 0.0        # per field and November still to come
cdef double HEUR_FOREST = 0.0       # per forest and November still to come

cdef double heuristic_value(const ArleState* s, int seat) noexcept nogil:
    cdef const Player* p = &s.pl[seat]
    cdef int parts[N_CATEGORIES]
    cdef int k, left = HALF_YEARS - s.half_year + 1, novembers
    cdef double future = left / <double>HALF_YEARS, v = 0, smooth
    if s.game_over:
        return total_score(s, seat) * 0.5
    score_parts(s, seat, parts)
    for k in range(N_CATEGORIES):
        v += parts[k] * 0.5
    if HEUR_SMOOTH > 0:
        smooth = 0.2 * (p.goods[G_FOOD] + p.goods[G_GRAIN] + p.goods[G_FLAX] + p.goods[G_WOOL] + p.goods[G_HIDE])
        if p.land[L_DEPOT]:
            smooth *= 2
        v += HEUR_SMOOTH * (smooth - parts[SC_GOODS] * 0.5)
    novembers = (HALF_YEARS + 1 - s.half_year) // 2
    v += novembers * (HEUR_FIELD * fields(p) + HEUR_FOREST * p.land[L_FOREST])
    v += HEUR_FOOD * p.goods[G_FOOD] + HEUR_TRACK * (p.goods[G_GRAIN] + p.goods[G_FLAX]
                                                     + p.goods[G_WOOL] + p.goods[G_HIDE])
    v += future * (HEUR_MATERIAL * (p.goods[G_WOOD] + p.goods[G_CLAY]) + HEUR_PEAT * p.goods[G_PEAT]
                   + HEUR_FABRIC * (p.goods[G_LINEN] + p.goods[G_WOOLEN] + p.goods[G_LEATHER]))
    v += HEUR_ANIMAL * (p.goods[G_SHEEP] + p.goods[G_CATTLE] + p.goods[G_HORSE])
    v += future * HEUR_LAND * empty_land(p)
    for k in range(N_TOOLS):
        v += future * HEUR_TOOL * p.tool[k]
    if not s.game_over:
        v += HEUR_FUTURE * (HALF_YEARS - s.half_year)
    v += HEUR_PENDING * (0.5 * p.pend[PD_TIMBER] + p.pend[PD_BRICK] + 0.5 * s.cfg.wear_hp[0] * p.pend[PD_SUMMER]
                         + 0.5 * s.cfg.wear_hp[1] * p.pend[PD_WINTER] + 0.5 * s.cfg.wear_hp[2] * p.pend[PD_LWEAR])
    return v


cdef int arle_heuristic(const void* sp, double* out) noexcept nogil:
    cdef const ArleState* s = <const ArleState*>sp
    cdef int p
    for p in range(s.cfg.players):
        out[p] = heuristic_value(s, p)
    return s.cfg.players


cdef inline double seat_value(const ArleState* s, int seat) noexcept nogil:
    return total_score(s, seat) * 0.5 if s.game_over else heuristic_value(s, seat)


# UCT rewards: a sigmoid of the margin over the opponent (a tie 0.5, 8 points
# of lead 0.75); solo, of the score around 90 (the sigmoid as for Ora, see
# reward_of in olab_core/common/search.pxd: no exp, the same on every machine)
cdef double REWARD_SCALE = 8.0
cdef double SOLO_CENTRE = 90.0
cdef double SOLO_SCALE = 25.0

cdef void arle_value(const void* sp, float* out) noexcept nogil:
    cdef const ArleState* s = <const ArleState*>sp
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
        out[i] = reward_of(margin(i, n, vals) / REWARD_SCALE)


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


def _tune(dict weights):
    """Set the bots' weights by name (for experiments; the defaults are the documented ones)."""
    global HEUR_FOOD, HEUR_TRACK, HEUR_MATERIAL, HEUR_PEAT, HEUR_FABRIC, HEUR_ANIMAL, HEUR_LAND, HEUR_TOOL
    global HEUR_PENDING, HEUR_FUTURE, SOLO_CENTRE, SOLO_SCALE, REWARD_SCALE, HEUR_SMOOTH, HEUR_FIELD, HEUR_FOREST
    names = dict(food=HEUR_FOOD, track=HEUR_TRACK, material=HEUR_MATERIAL, peat=HEUR_PEAT, fabric=HEUR_FABRIC,
                 animal=HEUR_ANIMAL, land=HEUR_LAND, tool=HEUR_TOOL, pending=HEUR_PENDING, future=HEUR_FUTURE,
                 solo_centre=SOLO_CENTRE, solo_scale=SOLO_SCALE, reward_scale=REWARD_SCALE, smooth=HEUR_SMOOTH,
                 field=HEUR_FIELD, forest=HEUR_FOREST)
    unknown = set(weights) - set(names)
    if unknown:
        raise KeyError(f"unknown weights {sorted(unknown)}; known: {sorted(names)}")
    names.update(weights)
    HEUR_FOOD, HEUR_TRACK, HEUR_MATERIAL, HEUR_PEAT = names["food"], names["track"], names["material"], names["peat"]
    HEUR_FABRIC, HEUR_ANIMAL, HEUR_LAND, HEUR_TOOL = names["fabric"], names["animal"], names["land"], names["tool"]
    HEUR_PENDING, HEUR_FUTURE = names["pending"], names["future"]
    HEUR_SMOOTH, HEUR_FIELD, HEUR_FOREST = names["smooth"], names["field"], names["forest"]
    SOLO_CENTRE, SOLO_SCALE, REWARD_SCALE = names["solo_centre"], names["solo_scale"], names["reward_scale"]
    return names


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
