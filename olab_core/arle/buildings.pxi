# Buildings (rulebook: Further Details 2 and the building indexes): what a
# building costs, paying for it, putting it on an empty land space, and its
# one-time effect.  The dark-green houses' conversions are any-time actions
# (flow.pxi); the light-green houses act before each November (flow.pxi).

cdef inline int either_good(const ArleState* s, int b, int i) noexcept nogil:
    # the Weaving Mill's second option is a rule field (woolen in the
    # rulebook text, wool as printed)
    if b == B_WEAVING_MILL and i == 1 and not s.cfg.weaving_mill_woolen:
        return G_WOOL
    return BLD[b].either_g[i]


cdef inline int kinds_held(const Player* p, int first, int last) noexcept nogil:
    cdef int n = 0, g
    for g in range(first, last + 1):
        if p.goods[g] > 0:
            n += 1
    return n


cdef bint building_affordable(const Ctx* c, const ArleState* s, const Player* p, int b, int reserve) noexcept nogil:
    # on the board, payable, and an empty land space to put it on; `reserve`
    # food is spoken for (the Laborer's 2 food, the Forester's 1)
    cdef const BuildingInfo* bi = &BLD[b]
    cdef int g
    cdef bint ok
    if not ((s.avail >> b) & 1) or c.empty < 1 or p.goods[G_FOOD] - reserve < bi.cost[G_FOOD]:
        return False
    if not can_pay_sparse(p, bi.ncost, bi.cost_g, bi.cost_n, reserve):
        return False
    if bi.any_material and p.goods[G_WOOD] + p.goods[G_CLAY] + p.goods[G_TIMBER] + p.goods[G_BRICK] < 1:
        return False
    if bi.distinct_materials and kinds_held(p, G_WOOD, G_BRICK) < bi.distinct_materials:
        return False
    if bi.distinct_clothing and kinds_held(p, G_SUMMER, G_LWEAR) < bi.distinct_clothing:
        return False
    if bi.either_g[0] != 255:
        ok = False
        for g in range(2):
            if p.goods[either_good(s, b, g)] >= bi.either_n[g]:
                ok = True
        if not ok:
            return False
    return True


cdef bint build_options(const Ctx* c, const ArleState* s, const Player* p, int reserve, Decision* d) noexcept nogil:
    cdef int b
    cdef bint any = False
    if c.empty < 1:
        return False
    for b in range(N_BUILDINGS):
        if building_affordable(c, s, p, b, reserve):
            mask_add(d, A_BUILD + b)
            any = True
    return any


cdef bint any_building_ok(Ctx* c, const ArleState* s, const Player* p, int reserve) noexcept nogil:
    cdef int b
    if reserve < 4 and c.bld[reserve] >= 0:
        return c.bld[reserve]
    cdef bint ok = False
    if c.empty >= 1:
        for b in range(N_BUILDINGS):
            if building_affordable(c, s, p, b, reserve):
                ok = True
                break
    if reserve < 4:
        c.bld[reserve] = ok
    return ok


cdef void op_building(ArleState* s, Frame* f) noexcept nogil:
    # arg: the building.  n, m: the goods chosen for the parts of the cost
    # that leave a choice (which material, which either/or, which clothing)
    cdef Player* p = &s.pl[f.seat]
    cdef int b = f.arg, g, i
    cdef const BuildingInfo* bi = &BLD[b]
    if f.step == 0:
        f.n = -1
        f.m = -1
        if bi.any_material:
            # any 1 building material: wood before timber, clay before brick
            if wood_like(p):
                mask_add(&s.dec, A_GOOD + (G_WOOD if p.goods[G_WOOD] else G_TIMBER))
            if clay_like(p):
                mask_add(&s.dec, A_GOOD + (G_CLAY if p.goods[G_CLAY] else G_BRICK))
        elif bi.distinct_materials:
            for g in range(G_WOOD, G_BRICK):
                if p.goods[g] > 0 and kinds_held(p, g + 1, G_BRICK) > 0:
                    mask_add(&s.dec, A_GOOD + g)
        elif bi.distinct_clothing:
            for g in range(G_SUMMER, G_LWEAR):
                if p.goods[g] > 0 and kinds_held(p, g + 1, G_LWEAR) > 0:
                    mask_add(&s.dec, A_GOOD + g)
        elif bi.either_g[0] != 255:
            for i in range(2):
                if p.goods[either_good(s, b, i)] >= bi.either_n[i]:
                    mask_add(&s.dec, A_GOOD + either_good(s, b, i))
        else:
            f.step = 3
        if f.step == 0:
            f.step = 1
            if ask(s, f, CX_PAY, b):
                return
    if f.step == 1:
        f.n = f.ans - A_GOOD
        f.step = 3
        if bi.distinct_materials or bi.distinct_clothing:
            for g in range(f.n + 1, (G_BRICK if bi.distinct_materials else G_LWEAR) + 1):
                if p.goods[g] > 0:
                    mask_add(&s.dec, A_GOOD + g)
            f.step = 2
            if ask(s, f, CX_PAY, b):
                return
    if f.step == 2:
        f.m = f.ans - A_GOOD
        f.step = 3
    if f.step == 3:
        pay_all(p, bi.cost)
        if bi.either_g[0] != 255:
            p.goods[f.n] -= bi.either_n[0 if f.n == either_good(s, b, 0) else 1]
        else:
            if f.n >= 0:
                p.goods[f.n] -= 1
            if f.m >= 0:
                p.goods[f.m] -= 1
        p.buildings |= (<uint32_t>1) << b
        s.avail &= ~((<uint32_t>1) << b)
        f.step = 4
        if not herd_fits(p):            # the land space may have held animals
            push(s, OP_ACCOMMODATE, f.seat, 0, 0, 0)
            return
    become(f, OP_EFFECT, b, 0, 0)


cdef inline bint small_equipment_ok(const ArleState* s, const Player* p, int pair) noexcept nogil:
    return supply_left(s, pair) > 0 and (barn_room(p, False) or has_returnable(p, False))



cdef void op_effect(ArleState* s, Frame* f) noexcept nogil:
    # arg: the building whose one-time effect runs (rulebook indexes)
    cdef Player* p = &s.pl[f.seat]
    cdef int b = f.arg, n, t, e
    if b <= B_WOOD_TRADER:
        pop(s)                           # small houses act later, or at any time
    elif b == B_TURNERY:
        p.goods[G_WOOD] += p.land[L_FOREST]
        cut_peat(p, 2 * p.land[L_FOREST])
        pop(s)
    elif b == B_SMOKEHOUSE:
        cut_peat(p, tool_value(p, T_FISH))
        pop(s)
    elif b == B_SMITHY:
        # peat boats, handcarts and wagons for plows, 1:1, as often as wished:
        # how many of each, chosen together (a count triple).  A peat boat is
        # turned over (the same tile); a handcart or wagon goes back and a
        # plow comes from the supply board, so those are limited by its tiles.
        if f.step == 0:
            offer_counts(&s.dec, p.boats, p.vs[VS_EMPTY[E_HANDCART]], p.vs[VS_EMPTY[E_WAGON]], 0, PICK_MAX,
                         supply_left(s, P_PEATBOAT))
            f.step = 1
            if ask(s, f, CX_PICK, PK_SMITHY):
                return
        p.boats -= picked(f, 0)
        p.vs[VS_EMPTY[E_HANDCART]] -= picked(f, 1)
        p.vs[VS_EMPTY[E_WAGON]] -= picked(f, 2)
        p.plows += picked(f, 0) + picked(f, 1) + picked(f, 2)
        pop(s)
    elif b == B_COOPERAGE:
        n = p.goods[G_SHEEP] + p.goods[G_CATTLE]
        t = 3 if n >= 15 else (2 if n >= 10 else (1 if n >= 5 else 0))
        gain(p, G_FOOD, 2 * t)           # food has two indicators
        for e in range(G_GRAIN, G_HIDE + 1):
            gain(p, e, t)
        pop(s)
    elif b == B_BAKEHOUSE:
        if f.step == 0:
            n = imin(tool_value(p, T_OVEN), imin(p.goods[G_GRAIN] // 2, p.goods[G_FLAX]))
            for t in range(n + 1):
                mask_add(&s.dec, A_AMOUNT + t)
            f.step = 1
            if ask(s, f, CX_AMOUNT, 32 + b):
                return
        n = f.ans - A_AMOUNT
        p.goods[G_GRAIN] -= 2 * n
        p.goods[G_FLAX] -= n
        gain(p, G_FOOD, 8 * n)
        pop(s)
    elif b == B_MILL:
        n = fields(p)
        gain(p, G_FOOD, 12 if n >= 6 else (10 if n >= 5 else (8 if n >= 3 else 0)))
        pop(s)
    elif b == B_WEAVING_MILL:
        p.goods[G_WINTER] += 1
        tool_up(p, T_LOOM, 2)
        pop(s)
    elif b == B_TEXTILE:
        p.goods[G_LINEN] += 1
        p.goods[G_WOOLEN] += 1
        p.goods[G_LEATHER] += 1
        pop(s)
    elif b == B_SADDLERY:
        cut_peat(p, p.goods[G_HORSE])
        tool_up(p, T_FLESH, 1)
        pop(s)
    elif b == B_JOINERY:
        p.goods[G_PEAT] += 2 * p.boats
        p.goods[G_HORSE] += p.plows
        finish(s, f)
    elif b == B_WATERFRONT:
        gain(p, G_FOOD, 10)
        move_dikes(p, 2)
        tool_up(p, T_FISH, 3)
        pop(s)
    elif b == B_POTTERS_INN:
        # one animal of any type per pottery wheel, the types chosen together
        # (a count triple); they arrive together, then the herd must fit
        if f.step == 0:
            n = tool_value(p, T_POTTERY)
            offer_counts(&s.dec, PICK_MAX, PICK_MAX, PICK_MAX, n, n, 99)
            f.step = 1
            if ask(s, f, CX_PICK, PK_POTTERS_INN):
                return
        for t in range(3):
            p.goods[G_SHEEP + t] += picked(f, t)
        finish(s, f)
    elif b == B_FARMERS_INN:
        become(f, OP_FIELDS, 0, 3, FM_FARMERS_INN)
    elif b == B_JUNK_DEALER:
        if f.step == 0:
            p.goods[G_LWEAR] += 1
            p.goods[G_WOOLEN] += 1
            f.step = 1
        if f.step == 1:
            if small_equipment_ok(s, p, P_HANDCART):
                mask_add(&s.dec, A_EQUIP + E_HANDCART)
            if small_equipment_ok(s, p, P_PEATBOAT):
                mask_add(&s.dec, A_EQUIP + E_PEATBOAT)
            if not mask_any(&s.dec):
                pop(s)
                return
            mask_add(&s.dec, A_SKIP)
            f.step = 2
            if ask(s, f, CX_VEHICLE, 32 + b):
                return
        if f.ans == A_SKIP:
            pop(s)
        else:
            become(f, OP_ACQUIRE, f.ans - A_EQUIP, 0, 0)
    elif b == B_GULF_HOUSE:
        p.goods[G_TIMBER] += p.land[L_STALL] + 2 * p.land[L_DSTALL]
        p.goods[G_BRICK] += p.land[L_STABLE]
        pop(s)
    elif b == B_MILK_HOUSE:
        if f.step == 0:
            p.goods[G_CATTLE] += 1
            f.step = 1
            if not herd_fits(p):
                push(s, OP_ACCOMMODATE, f.seat, 0, 0, 0)
                return
        cut_peat(p, p.goods[G_CATTLE])
        pop(s)
    elif b == B_SLUICE_YARD:
        tool_up(p, T_FISH, 1)
        p.goods[G_WOOD] += tool_value(p, T_FISH)
        pop(s)
    elif b == B_CHURCH:
        if supply_left(s, P_CARRIAGE) > 0:
            become(f, OP_ACQUIRE, E_CARRIAGE, 1, 0)
        else:
            pop(s)
    elif b == B_LUTETSBURG:
        if empty_land(p) > 0 and supply_left(s, P_FOREST) > 0:
            p.land[L_FOREST] += 1
        tool_up(p, T_SPADE, 1)
        tool_up(p, T_POTTERY, 1)
        tool_up(p, T_WORKBENCH, 1)
        finish(s, f)
    elif b == B_BERUM:
        tool_up(p, T_OVEN, 1)
        tool_up(p, T_LOOM, 1)
        become(f, OP_UPGRADE, 0, 1, 0)
    else:
        pop(s)
