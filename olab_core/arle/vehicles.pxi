# Loading vehicles and visiting travel destinations (rulebook: Loading
# Vehicles, Index of Travel Destination Tiles).
#
# A vehicle is kept as its occupancy (which of its spaces are taken); a tile
# always goes on the leftmost run of free spaces that takes it, which leaves
# the free spaces as one run and so never costs a later tile its room
# (VS_FIT, built from the vehicles' space layouts in board.json).

cdef inline int item_size(int item) noexcept nogil:
    if item >= LI_DEST:
        return DEST[item - LI_DEST].size
    return LOAD_SIZE[item]


cdef inline int variants_of(int kind) noexcept nogil:
    if kind == DK_FIELD or kind == DK_MOOR:
        return 2
    if kind == DK_ANY_ANIMAL or kind == DK_ANY_WEAR or kind == DK_TWO_SAME:
        return 3
    return 1


cdef bint item_sellable(const Player* p, int d, int slot, int v) noexcept nogil:
    # goods are sold from the supply and the goods track only, never from a vehicle
    cdef const DestItem* it = &DEST[d].item[slot]
    cdef int j
    if it.kind == DK_GOODS:
        for j in range(it.ng):
            if p.goods[it.gg[j]] < it.gn[j]:
                return False
        return True
    if it.kind == DK_FIELD:
        return p.land[L_GRAIN if v == 0 else L_FLAX] > 0
    if it.kind == DK_PLOW:
        return p.plows > 0
    if it.kind == DK_PEATBOAT:
        return p.boats > 0
    if it.kind == DK_ANY_ANIMAL:
        return p.goods[G_SHEEP + v] > 0
    if it.kind == DK_ANY_WEAR:
        return p.goods[G_SUMMER + v] > 0
    if it.kind == DK_TWO_SAME:
        return p.goods[G_SHEEP + v] >= 2
    if it.kind == DK_MOOR:
        return moors_undrained(p) > 0 if v == 0 else moors_dehydrated(p) > 0
    return False


cdef bint dest_sellable(const Player* p, int d) noexcept nogil:
    # a destination may only be loaded if at least one of its items sells at once
    cdef int slot, v
    for slot in range(DEST[d].n):
        for v in range(variants_of(DEST[d].item[slot].kind)):
            if item_sellable(p, d, slot, v):
                return True
    return False


cdef void sell_item(Player* p, int d, int slot, int v) noexcept nogil:
    cdef const DestItem* it = &DEST[d].item[slot]
    cdef int g, i, best
    if it.kind == DK_GOODS:
        for g in range(N_GOODS):
            p.goods[g] -= it.give[g]
    elif it.kind == DK_FIELD:
        p.land[L_GRAIN if v == 0 else L_FLAX] -= 1
    elif it.kind == DK_PLOW:
        p.plows -= 1
    elif it.kind == DK_PEATBOAT:
        p.boats -= 1
    elif it.kind == DK_ANY_ANIMAL:
        p.goods[G_SHEEP + v] -= 1
    elif it.kind == DK_ANY_WEAR:
        p.goods[G_SUMMER + v] -= 1
    elif it.kind == DK_TWO_SAME:
        p.goods[G_SHEEP + v] -= 2
    elif it.kind == DK_MOOR:
        # Bremen: the tile leaves whatever side is up; its peat is lost.  Of
        # the dehydrated moors the one with the least peat goes (losing less).
        best = -1
        for i in range(3):
            if v == 0 and p.moor[i] == MOOR_UNDRAINED:
                best = i
                break
            if v == 1 and p.moor[i] != 0 and p.moor[i] != MOOR_UNDRAINED:
                if best < 0 or p.moor[i] < p.moor[best]:
                    best = i
        if best >= 0:
            p.moor[best] = 0
            sort_moors(p)
    gain(p, G_FOOD, it.food)


cdef inline bint item_loadable(const ArleState* s, const Player* p, int item) noexcept nogil:
    # the player has the item to put on a vehicle
    if item == LI_WOOD:
        return p.goods[G_WOOD] > 0
    if item == LI_CLAY:
        return p.goods[G_CLAY] > 0 and p.goods[G_PEAT] > 0     # clay costs 1 peat
    if item == LI_LINEN:
        return p.goods[G_LINEN] > 0
    if item == LI_WOOLEN:
        return p.goods[G_WOOLEN] > 0
    if item == LI_LEATHER:
        return p.goods[G_LEATHER] > 0
    if item == LI_PEAT:
        return (p.buildings >> B_LOADING_STATION) & 1
    return not ((p.dest_used >> (item - LI_DEST)) & 1) and dest_sellable(p, item - LI_DEST)


cdef void load_options(const ArleState* s, const Player* p, Decision* dec) noexcept nogil:
    cdef int k, item, a, n = 0
    cdef bint ok[N_LOAD_ITEMS]
    for k in range(N_VSTATES):
        if p.vs[k] and VS_FIT[k][1] != 255 or p.vs[k] and VS_FIT[k][2] != 255:
            n += 1
    if n == 0:
        return                           # no vehicle with a free space
    for item in range(N_LOAD_ITEMS):
        ok[item] = item_loadable(s, p, item)
    for k in range(N_VSTATES):
        if not p.vs[k]:
            continue
        for item in range(N_LOAD_ITEMS):
            if ok[item] and VS_FIT[k][item_size(item)] != 255:
                a = A_LOAD + item * N_VSTATES + k
                dec.mask[a >> 6] |= (<uint64_t>1) << (a & 63)


cdef void do_load(Player* p, int item, int k) noexcept nogil:
    # the tile goes on the vehicle upgraded; destinations are sold by OP_SELL
    p.vs[k] -= 1
    p.vs[VS_FIT[k][item_size(item)]] += 1
    if item == LI_WOOD:
        p.goods[G_WOOD] -= 1
        p.pend[PD_TIMBER] += 1
    elif item == LI_CLAY:
        p.goods[G_CLAY] -= 1
        p.goods[G_PEAT] -= 1
        p.pend[PD_BRICK] += 1
    elif item == LI_LINEN:
        p.goods[G_LINEN] -= 1
        p.pend[PD_SUMMER] += 1
    elif item == LI_WOOLEN:
        p.goods[G_WOOLEN] -= 1
        p.pend[PD_WINTER] += 1
    elif item == LI_LEATHER:
        p.goods[G_LEATHER] -= 1
        p.pend[PD_LWEAR] += 1
    elif item == LI_PEAT:
        p.pend[PD_PEAT] += 1
    else:
        p.dest_used |= <uint16_t>(1 << (item - LI_DEST))
        p.travel_pend += DEST[item - LI_DEST].size


cdef void empty_vehicles(Player* p) noexcept nogil:
    # the first step of every inventory: the loads go to the supply, the
    # used destinations onto the travel-experience track
    cdef int k, n
    p.goods[G_TIMBER] += p.pend[PD_TIMBER]
    p.goods[G_BRICK] += p.pend[PD_BRICK]
    p.goods[G_SUMMER] += p.pend[PD_SUMMER]
    p.goods[G_WINTER] += p.pend[PD_WINTER]
    p.goods[G_LWEAR] += p.pend[PD_LWEAR]
    p.goods[G_PEAT] += p.pend[PD_PEAT]
    for k in range(N_PEND):
        p.pend[k] = 0
    n = p.travel + p.travel_pend
    p.travel = n if n < TRAVEL_SPACES else TRAVEL_SPACES
    p.travel_pend = 0
    for k in range(N_VSTATES):
        if VS_MASK[k] and p.vs[k]:
            p.vs[VS_EMPTY[VS_TYPE[k]]] += p.vs[k]
            p.vs[k] = 0
