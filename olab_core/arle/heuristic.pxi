# Fields of Arle's evaluation for the bots (GameOps.heuristic and value; the
# table itself is in ops.pxi).  A bot's opinion, not a rule.

# ----------------------------------------------------------------------------
# The bots' evaluation (docs/arle/engine.rst): the score the seat would have
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


def heuristic_weights(**changes):
    """The bots' heuristic weights (and the rewards' scales); keyword arguments change them.

    The same call in every game's core (``olab_core.<game>._engine``): a
    tuning hook.  The weights are a bot's opinion, not a rule; changing them
    changes every bot's play in this process (and nothing else).  An unknown
    name raises ``ValueError`` and changes nothing.
    """
    global HEUR_FOOD, HEUR_TRACK, HEUR_MATERIAL, HEUR_PEAT, HEUR_FABRIC, HEUR_ANIMAL, HEUR_LAND, HEUR_TOOL
    global HEUR_PENDING, HEUR_FUTURE, SOLO_CENTRE, SOLO_SCALE, REWARD_SCALE, HEUR_SMOOTH, HEUR_FIELD, HEUR_FOREST
    names = dict(food=HEUR_FOOD, track=HEUR_TRACK, material=HEUR_MATERIAL, peat=HEUR_PEAT, fabric=HEUR_FABRIC,
                 animal=HEUR_ANIMAL, land=HEUR_LAND, tool=HEUR_TOOL, pending=HEUR_PENDING, future=HEUR_FUTURE,
                 smooth=HEUR_SMOOTH, field=HEUR_FIELD, forest=HEUR_FOREST,
                 reward_scale=REWARD_SCALE, solo_centre=SOLO_CENTRE, solo_scale=SOLO_SCALE)
    unknown = sorted(set(changes) - set(names))
    if unknown:
        raise ValueError(f"no weight {', '.join(unknown)}; weights: {', '.join(names)}")
    names.update({k: float(v) for k, v in changes.items()})
    HEUR_FOOD, HEUR_TRACK, HEUR_MATERIAL, HEUR_PEAT = names["food"], names["track"], names["material"], names["peat"]
    HEUR_FABRIC, HEUR_ANIMAL, HEUR_LAND, HEUR_TOOL = names["fabric"], names["animal"], names["land"], names["tool"]
    HEUR_PENDING, HEUR_FUTURE = names["pending"], names["future"]
    HEUR_SMOOTH, HEUR_FIELD, HEUR_FOREST = names["smooth"], names["field"], names["forest"]
    SOLO_CENTRE, SOLO_SCALE, REWARD_SCALE = names["solo_centre"], names["solo_scale"], names["reward_scale"]
    return names


cdef double arle_progress(const void* sp) noexcept nogil:
    # the share of the game played (GameOps.progress): half years gone of 9
    cdef const ArleState* s = <const ArleState*>sp
    cdef double t
    if s.game_over:
        return 1.0
    t = (s.half_year - 1.0) / HALF_YEARS
    return 0.0 if t < 0 else (1.0 if t > 1 else t)


cdef int64_t arle_clock(const void* sp) noexcept nogil:
    # the turns begun (GameOps.clock), read off the game's frame (the bottom
    # of the stack): 256 steps a half year, then the frame's step of it (the
    # work phase, its end, the houses before November, the inventory...)
    # and the turns (or the seats' phases) begun in that step, each below 32
    cdef const ArleState* s = <const ArleState*>sp
    if s.game_over or s.depth == 0:
        return (<int64_t>HALF_YEARS + 2) * 256
    return <int64_t>s.half_year * 256 + s.stack[0].step * 32 + s.stack[0].n
