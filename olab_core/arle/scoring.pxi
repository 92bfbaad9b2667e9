# Scoring (rulebook: The End of the Game and the Winner), in half points so
# that timber (1/2) and, in the printed preset, winter and leather wear (2 1/2)
# stay exact integers.  The categories are those of the scoring pad.

cdef enum:
    SC_CLOTHING = 0         # clothing tiles and building materials
    SC_EQUIPMENT = 1        # equipment in the barn
    SC_TRAVEL = 2           # travel experience
    SC_TOOLS = 3
    SC_GOODS = 4            # goods track
    SC_HOME = 5             # VP on the home board
    SC_ANIMALS = 6          # animals on the home board
    SC_BOTTLENECKS = 7      # supply bottlenecks
    N_CATEGORIES = 8


cdef inline int goods_track_vp(const Player* p) noexcept nogil:
    # each indicator by its band; food over two indicators, split at best
    cdef int v = FOOD_VP[p.goods[G_FOOD]], g
    for g in range(G_GRAIN, G_HIDE + 1):
        v += TRACK_VP[p.goods[g]]
    return v


cdef inline int animals_vp(const Player* p) noexcept nogil:
    # the fewest type 2 each, the middle type 1 each, the most numerous 0
    cdef int a = p.goods[G_SHEEP], b = p.goods[G_CATTLE], c = p.goods[G_HORSE], t
    if a > b:
        t = a; a = b; b = t
    if b > c:
        t = b; b = c; c = t
    if a > b:
        t = a; a = b; b = t
    return 2 * a + b


cdef void score_parts(const ArleState* s, int seat, int* out) noexcept nogil:
    # every category of `seat` in half points
    cdef const Player* p = &s.pl[seat]
    cdef int v, k, w
    cdef bint large = False
    cdef uint32_t built
    cdef uint64_t word
    out[SC_CLOTHING] = (2 * p.goods[G_BRICK] + p.goods[G_TIMBER]
                        + 2 * (p.goods[G_LINEN] + p.goods[G_WOOLEN] + p.goods[G_LEATHER])
                        + s.cfg.wear_hp[0] * p.goods[G_SUMMER] + s.cfg.wear_hp[1] * p.goods[G_WINTER]
                        + s.cfg.wear_hp[2] * p.goods[G_LWEAR])
    # this is the bots' evaluation's hot spot (every leaf of every search
    # scores both seats): the vehicle counts are read 8 states at a time and
    # the buildings bit by set bit, as most players own few of either
    v = EQUIP_VP[E_PEATBOAT] * p.boats + EQUIP_VP[E_PLOW] * p.plows
    for w in range(N_VSTATES // 8):
        memcpy(&word, &p.vs[8 * w], 8)
        if word == 0:
            continue
        for k in range(8 * w, 8 * w + 8):
            if p.vs[k]:
                v += EQUIP_VP[VS_TYPE[k]] * p.vs[k]
                large = large or EQUIP_LARGE[VS_TYPE[k]]
    if not large:
        v += NO_LARGE_VP                 # rulebook: minus 3 unless a large vehicle
    out[SC_EQUIPMENT] = 2 * v
    out[SC_TRAVEL] = 2 * s.cfg.travel_vp[p.travel]
    v = 0
    for k in range(N_TOOLS):
        v += TOOL_VP[k][p.tool[k]]
    out[SC_TOOLS] = 2 * v
    v = goods_track_vp(p)
    if p.land[L_DEPOT]:
        v *= 2                           # once, however many depots
    out[SC_GOODS] = 2 * v
    v = 0
    built = p.buildings
    while built:
        v += BLD[u64_ctz(built)].vp
        built &= built - 1
    for k in range(N_LAND):
        v += LAND_VP[k] * p.land[k]
    v += MOOR_VP_UNDRAINED * moors_undrained(p) + MOOR_VP_DEHYDRATED * moors_dehydrated(p)
    if p.boardwalk:
        v += s.cfg.boardwalk_vp
    v += DIKE_TOP_PENALTY[p.dikes]
    out[SC_HOME] = 2 * v
    out[SC_ANIMALS] = 2 * animals_vp(p)
    out[SC_BOTTLENECKS] = 2 * MISSING_VP * p.missing


cdef int total_score(const ArleState* s, int seat) noexcept nogil:
    cdef int parts[N_CATEGORIES]
    cdef int k, v = 0
    score_parts(s, seat, parts)
    for k in range(N_CATEGORIES):
        v += parts[k]
    return v
