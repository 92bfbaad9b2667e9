# A player's belongings: goods with the goods-track caps, payments with the
# standing-in rules, the home board's counts, peat, dikes, the barn and the
# limited supply: what reads the tables filled at import.  The helpers that
# need only a Player (imin, the payments of one good, the moors' counts) are
# in goods.pxd.


cdef inline void gain(Player* p, int g, int n) noexcept nogil:
    # goods of the goods track stop at their cap (food 30, others 15); what
    # does not fit is lost (rulebook: The Goods Track)
    cdef int v = p.goods[g] + n
    if GOOD_CAP[g] and v > GOOD_CAP[g]:
        v = GOOD_CAP[g]
    p.goods[g] = v


cdef inline int tool_value(const Player* p, int t) noexcept nogil:
    return TOOL_VAL[t][p.tool[t]]


cdef inline bint tool_at_end(const Player* p, int t) noexcept nogil:
    return p.tool[t] + 1 >= TOOL_N[t]


cdef inline void tool_up(Player* p, int t, int steps) noexcept nogil:
    # a free movement: "up to" the end of the track
    cdef int v = p.tool[t] + steps
    if v > TOOL_N[t] - 1:
        v = TOOL_N[t] - 1
    p.tool[t] = v


# ---------------------------------------------------------------- paying
# "Regardless of the action, you can always pay Timber instead of Wood and
# Brick instead of Clay."  Timber can do all that wood can (and scores), so
# the engine pays wood first and timber only for what wood cannot cover;
# likewise clay before brick (pay_wood, pay_clay, can_pay and pay: goods.pxd).


cdef bint can_pay_sparse(const Player* p, int n, const uint8_t* gg, const int16_t* gn, int reserve) noexcept nogil:
    # can_pay_all for a cost given as its non-zero goods (`reserve` more food)
    cdef int j, g, need, wood = 0, clay = 0, timber = 0, brick = 0
    for j in range(n):
        g = gg[j]
        need = gn[j]
        if g == G_WOOD:
            wood = need
        elif g == G_CLAY:
            clay = need
        elif g == G_TIMBER:
            timber = need
        elif g == G_BRICK:
            brick = need
        elif p.goods[g] < need + (reserve if g == G_FOOD else 0):
            return False
    if reserve and p.goods[G_FOOD] < reserve:
        return False
    if p.goods[G_TIMBER] < timber or p.goods[G_BRICK] < brick:
        return False
    return (p.goods[G_WOOD] + p.goods[G_TIMBER] - timber >= wood
            and p.goods[G_CLAY] + p.goods[G_BRICK] - brick >= clay)


cdef bint can_pay_all(const Player* p, const int16_t* cost) noexcept nogil:
    # a cost of several goods: timber may stand in for wood only as far as it
    # is not itself part of the cost (and brick for clay)
    cdef int g
    for g in range(N_GOODS):
        if g == G_WOOD or g == G_CLAY or g == G_TIMBER or g == G_BRICK:
            continue
        if p.goods[g] < cost[g]:
            return False
    if p.goods[G_TIMBER] < cost[G_TIMBER] or p.goods[G_BRICK] < cost[G_BRICK]:
        return False
    if p.goods[G_WOOD] + p.goods[G_TIMBER] - cost[G_TIMBER] < cost[G_WOOD]:
        return False
    if p.goods[G_CLAY] + p.goods[G_BRICK] - cost[G_BRICK] < cost[G_CLAY]:
        return False
    return True


cdef void pay_all(Player* p, const int16_t* cost) noexcept nogil:
    cdef int g
    for g in range(N_GOODS):
        if g != G_WOOD and g != G_CLAY:
            p.goods[g] -= cost[g]
    pay_wood(p, cost[G_WOOD])
    pay_clay(p, cost[G_CLAY])


# ---------------------------------------------------------------- the land
# Land spaces are those below the dike line: the 6 of the mainland at the
# start, 3 per dike line the dikes opened, and 2 per moor tile that left the
# board.  Every tile and building takes one of them; moors take their own.

cdef inline int land_total(const Player* p) noexcept nogil:
    cdef int n = MAINLAND_START + DIKE_LAND[p.dikes], i
    for i in range(3):
        if p.moor[i] == 0:
            n += 2
    return n


cdef inline int empty_land(const Player* p) noexcept nogil:
    return land_total(p) - land_used(p)


cdef int cut_peat(Player* p, int n) noexcept nogil:
    # cut up to n peat off the moors into the supply; returns how many.
    # Peat in the supply can do everything peat on a moor can, and a tile
    # leaves the board (freeing its land and its penalty) as soon as its last
    # peat is cut, so the engine always cuts as much as it may and always
    # from the tile with the least peat (a moor before the boardwalk on a
    # tie, as a moor frees two spaces): no choice is lost by that.
    cdef int done = 0, i, best, bestv
    while done < n:
        best = -1
        bestv = 99
        for i in range(3):
            if p.moor[i] != 0 and p.moor[i] != MOOR_UNDRAINED and p.moor[i] < bestv:
                best = i
                bestv = p.moor[i]
        if p.boardwalk and p.boardwalk < bestv:
            best = 3
            bestv = p.boardwalk
        if best < 0:
            break
        if best == 3:
            p.boardwalk -= 1
        else:
            p.moor[best] -= 1
        done += 1
    p.goods[G_PEAT] += done
    sort_moors(p)
    return done


cdef inline void dehydrate(Player* p) noexcept nogil:
    # turn an undrained moor over and put its peat on it
    cdef int i
    for i in range(3):
        if p.moor[i] == MOOR_UNDRAINED:
            p.moor[i] = MOOR_PEAT
            break
    sort_moors(p)


cdef inline void move_dikes(Player* p, int n) noexcept nogil:
    # each move takes a bottommost dike to the next free gap; after the last
    # gap is filled a dike action does nothing more
    cdef int v = p.dikes + n
    if v > DIKE_MAX:
        v = DIKE_MAX
    p.dikes = v


# ---------------------------------------------------------------- the barn
cdef inline int equip_count(const Player* p, int e) noexcept nogil:
    cdef int n = 0, k
    if e == E_PEATBOAT:
        return p.boats
    if e == E_PLOW:
        return p.plows
    for k in range(N_VSTATES):
        if VS_TYPE[k] == e:
            n += p.vs[k]
    return n


cdef inline void barn_counts(const Player* p, int* small, int* large) noexcept nogil:
    cdef int k
    small[0] = p.boats + p.plows
    large[0] = 0
    for k in range(N_VSTATES):
        if EQUIP_LARGE[VS_TYPE[k]]:
            large[0] += p.vs[k]
        else:
            small[0] += p.vs[k]


cdef inline bint barn_room(const Player* p, bint large) noexcept nogil:
    # 4 small spaces, 3 large ones, and the bottommost large space may hold
    # one small piece instead (rulebook: The Vehicles)
    cdef int sm, lg
    barn_counts(p, &sm, &lg)
    if large:
        return lg < 3 - (1 if sm > 4 else 0)
    return sm < 4 + (1 if lg < 3 else 0)


cdef inline bint has_returnable(const Player* p, bint large) noexcept nogil:
    # equipment of that size that may go back to make room: never a vehicle
    # with something loaded on it (the load would have nowhere to go)
    cdef int e
    if not large and (p.boats or p.plows):
        return True
    for e in range(E_HANDCART, N_EQUIP):
        if (EQUIP_LARGE[e] != 0) == large and p.vs[VS_EMPTY[e]]:
            return True
    return False


cdef inline void add_equipment(Player* p, int e) noexcept nogil:
    if e == E_PEATBOAT:
        p.boats += 1
    elif e == E_PLOW:
        p.plows += 1
    else:
        p.vs[VS_EMPTY[e]] += 1


cdef inline void remove_equipment(Player* p, int e) noexcept nogil:
    # an empty one (callers check)
    if e == E_PEATBOAT:
        p.boats -= 1
    elif e == E_PLOW:
        p.plows -= 1
    else:
        p.vs[VS_EMPTY[e]] -= 1


cdef inline bint has_large_vehicle(const Player* p) noexcept nogil:
    cdef int k
    for k in range(N_VSTATES):
        if EQUIP_LARGE[VS_TYPE[k]] and p.vs[k]:
            return True
    return False


# ------------------------------------------------------ the limited supply
cdef void supply_all(const ArleState* s, int16_t* out) noexcept nogil:
    # tiles of each kind still on the supply board: the box less every
    # player's (returned tiles are available again; rulebook: Limited Components)
    cdef int i, k, seat, w
    cdef const Player* p
    cdef uint64_t word
    for i in range(N_PAIRS):
        out[i] = PAIR_BOX[i]
    for seat in range(s.cfg.players):
        p = &s.pl[seat]
        for i in range(N_LAND):
            out[LAND_PAIR[i]] -= p.land[i]
        out[P_PEATBOAT] -= p.boats + p.plows
        # the vehicle counts, 8 states at a time: most players own few vehicles
        for w in range(N_VSTATES // 8):
            memcpy(&word, &p.vs[8 * w], 8)
            if word == 0:
                continue
            for k in range(8 * w, 8 * w + 8):
                out[EQUIP_PAIR[VS_TYPE[k]]] -= p.vs[k]


cdef inline int supply_left(const ArleState* s, int pair) noexcept nogil:
    cdef int16_t out[N_PAIRS]
    supply_all(s, out)
    return out[pair]


# What the legal-action generators ask again and again while one decision is
# posed: computed once per decision (a position does not change while its
# options are listed).
cdef struct Ctx:
    const ArleState* s
    int16_t supply[N_PAIRS]
    int16_t empty           # empty land spaces of the deciding player
    int8_t bld[4]           # some building is affordable with 0..3 food spoken for (-1: not known yet)
    int8_t have_supply      # supply is filled (it is only counted when a check needs it)


cdef inline void ctx_init(Ctx* c, const ArleState* s, const Player* p) noexcept nogil:
    c.s = s
    c.empty = empty_land(p)
    c.bld[0] = c.bld[1] = c.bld[2] = c.bld[3] = -1
    c.have_supply = 0


cdef inline int supply_of(Ctx* c, int pair) noexcept nogil:
    if not c.have_supply:
        supply_all(c.s, c.supply)
        c.have_supply = 1
    return c.supply[pair]
