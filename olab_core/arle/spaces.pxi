# The 30 action spaces (rulebook: Action Spaces - Summer/Fall and
# Winter/Spring Half Year, Further Details).  Where the rulebook's "and/or"
# leaves a part that can only help (a dehydrated moor, a dike, cut peat, an
# animal one may give back at once), the engine does it without asking; the
# choices that remain are asked, one decision at a time.

cdef inline bint stall_ok(Ctx* c, const Player* p) noexcept nogil:
    return clay_like(p) >= 2 and p.goods[G_GRAIN] >= 1 and c.empty >= 1 and supply_of(c, P_STALL) > 0

cdef inline bint stable_ok(Ctx* c, const Player* p) noexcept nogil:
    return p.land[L_STALL] >= 1 and p.goods[G_BRICK] >= 2 and supply_of(c, P_STABLE) > 0

cdef inline bint forest_ok(Ctx* c, const Player* p) noexcept nogil:
    return c.empty >= 1 and supply_of(c, P_FOREST) > 0

cdef inline bint barn_ok(const Player* p, bint large) noexcept nogil:
    return barn_room(p, large) or has_returnable(p, large)

cdef inline bint vehicle_ok(Ctx* c, const Player* p, int e) noexcept nogil:
    return (wood_like(p) >= EQUIP_WOOD[e] and p.goods[G_HORSE] >= EQUIP_HORSES[e]
            and supply_of(c, EQUIP_PAIR[e]) > 0 and barn_ok(p, EQUIP_LARGE[e]))

cdef inline bint peatboat_ok(Ctx* c, const Player* p) noexcept nogil:
    return (wood_like(p) >= EQUIP_WOOD[E_PEATBOAT] and supply_of(c, P_PEATBOAT) > 0
            and barn_ok(p, False))

cdef inline bint plow_ok(Ctx* c, const Player* p) noexcept nogil:
    return (wood_like(p) >= EQUIP_WOOD[E_PLOW] and (p.goods[G_CATTLE] > 0 or p.goods[G_HORSE] > 0)
            and supply_of(c, P_PEATBOAT) > 0 and barn_ok(p, False))

cdef bint any_vehicle_ok(Ctx* c, const Player* p) noexcept nogil:
    cdef int e
    if wood_like(p) < 2:                 # the cheapest vehicle (a handcart) costs 2 wood
        return False
    for e in range(E_HANDCART, N_EQUIP):
        if vehicle_ok(c, p, e):
            return True
    return False


cdef bint space_ok(Ctx* c, const ArleState* s, const Player* p, int sp, int reserve) noexcept nogil:
    # whether a worker may go there: the costs of the action can be paid and,
    # where it says "either ... or", one of the two can be done.  `reserve`
    # food is already spoken for (a Laborer's imitation).  Every other space
    # may always be taken, even when it gives nothing.
    cdef int food = p.goods[G_FOOD] - reserve
    if sp == S_FORESTER:
        return food >= 1 and (forest_ok(c, p) or any_building_ok(c, s, p, reserve + 1))
    if sp == S_CARPENTER_S:
        return stall_ok(c, p) or any_building_ok(c, s, p, reserve)
    if sp == S_BUILDER:
        return any_building_ok(c, s, p, reserve)
    if sp == S_LABORER_S:
        return food >= 2 and (any_vehicle_ok(c, p) or any_imitable(c, s, p, 0, reserve + 2))
    if sp == S_WOOD_TRADER:
        return food >= 1 or p.goods[G_GRAIN] >= 1
    if sp == S_CARPENTER_W:
        return stall_ok(c, p) or stable_ok(c, p)
    if sp == S_LABORER_W:
        return food >= 2 and (any_building_ok(c, s, p, reserve + 2) or any_imitable(c, s, p, 15, reserve + 2))
    return True


cdef bint any_imitable(Ctx* c, const ArleState* s, const Player* p, int first, int reserve) noexcept nogil:
    # an occupied space of the Laborer's own season (not the Laborer)
    cdef int sp
    for sp in range(first, first + 14):
        if s.occ[sp] and space_ok(c, s, p, sp, reserve):
            return True
    return False


# the spaces a worker may always take (their actions may give nothing, but
# need nothing); the other seven are checked one by one (space_ok)
cdef uint32_t ALWAYS_OPEN = (((1 << N_SPACES) - 1) & ~((1 << S_FORESTER) | (1 << S_CARPENTER_S) | (1 << S_BUILDER)
                             | (1 << S_LABORER_S) | (1 << S_WOOD_TRADER) | (1 << S_CARPENTER_W)
                             | (1 << S_LABORER_W)))


cdef void place_options(Ctx* c, const ArleState* s, int seat, Decision* d) noexcept nogil:
    # PLACE: a free space of this half year, or once per half year (2 players)
    # one of the other season, the special action
    cdef uint32_t free = 0, season = 0x7FFF if is_summer(s) else (0x7FFF << 15), m
    cdef int sp
    if s.cfg.players == 2 and not s.special_by:
        season = (1 << N_SPACES) - 1
    for sp in range(N_SPACES):
        if s.occ[sp] == 0:
            free |= (<uint32_t>1) << sp
    free &= season
    d.mask[0] |= (<uint64_t>(free & ALWAYS_OPEN)) << A_PLACE
    m = free & ~ALWAYS_OPEN
    while m:
        sp = u64_ctz(m)
        m &= m - 1
        if space_ok(c, s, &s.pl[seat], sp, 0):
            mask_add(d, A_PLACE + sp)


cdef inline bint ask_amount(ArleState* s, Frame* f, int hi, int p1) noexcept nogil:
    cdef int k
    if hi > 15:
        hi = 15
    for k in range(hi + 1):
        mask_add(&s.dec, A_AMOUNT + k)
    f.step = 1
    return ask(s, f, CX_AMOUNT, p1)


cdef inline void offer_goods(ArleState* s, int g1, int g2) noexcept nogil:
    cdef int g
    for g in range(g1, g2 + 1):
        mask_add(&s.dec, A_GOOD + g)


cdef void op_space(ArleState* s, Frame* f) noexcept nogil:
    # arg: the space (a Laborer imitating turns its frame into the imitated space)
    cdef Player* p = &s.pl[f.seat]
    cdef int sp = f.arg, n, k, e
    cdef Ctx c
    cdef Player moved
    if sp == S_FISHERMAN:
        p.goods[G_SHEEP] += 1
        tool_up(p, T_FISH, 1)
        gain(p, G_FOOD, tool_value(p, T_FISH))
        finish(s, f)
    elif sp == S_GROCER_S:
        if f.step == 0:
            mask_add(&s.dec, A_GOOD + G_TIMBER)
            mask_add(&s.dec, A_GOOD + G_BRICK)
            offer_goods(s, G_SHEEP, G_HORSE)
            f.step = 1
            if ask(s, f, CX_TAKE, sp):
                return
        gain(p, f.ans - A_GOOD, 1)
        gain(p, G_GRAIN, 1)
        p.goods[G_LEATHER] += 1
        finish(s, f)
    elif sp == S_WOOLEN_WEAVER or sp == S_TANNER or sp == S_LINEN_WEAVER:
        # brown arrows: once per tool
        if f.step == 0:
            if sp == S_WOOLEN_WEAVER:
                n = imin(tool_value(p, T_LOOM), p.goods[G_WOOL])
            elif sp == S_TANNER:
                n = imin(tool_value(p, T_FLESH), p.goods[G_HIDE])
            else:
                n = imin(tool_value(p, T_LOOM), p.goods[G_FLAX])
            if ask_amount(s, f, n, sp):
                return
        n = f.ans - A_AMOUNT
        if sp == S_WOOLEN_WEAVER:
            p.goods[G_WOOL] -= n
            p.goods[G_WOOLEN] += n
        elif sp == S_TANNER:
            p.goods[G_HIDE] -= n
            p.goods[G_LEATHER] += n
        else:
            p.goods[G_FLAX] -= n
            p.goods[G_LINEN] += n
        pop(s)
    elif sp == S_COLONIST:
        # "Take 1 Horse and/or dehydrate a Moor Section": the horse may be
        # declined when a moor is dehydrated (a dehydrated moor, -1 instead of
        # -4 and 4 peat, never hurts, so it is not asked)
        if f.step == 0:
            f.step = 1
            if has_undrained(p):
                if fits_keeping(p, G_HORSE):
                    mask_add(&s.dec, A_GOOD + G_HORSE)
                mask_add(&s.dec, A_SKIP)
                if ask(s, f, CX_TAKE, sp):
                    return
            else:
                f.ans = A_GOOD + G_HORSE
        f.aux = 0
        if f.ans != A_SKIP:
            p.goods[G_HORSE] += 1
            if has_undrained(p):
                f.aux = G_HORSE - G_SHEEP + 1     # optional: not given back
        if has_undrained(p):
            dehydrate(p)
        finish_keeping(s, f, f.aux)
    elif sp == S_PEAT_CUTTER:
        cut_peat(p, tool_value(p, T_SPADE))
        pop(s)
    elif sp == S_DIKE_BUILDER:
        # "Take 1 Sheep or 1 Cattle. Additionally or alternatively, carry out
        # a Dike Building action": the animal may be declined while a dike
        # can still move (the dikes always move: they only help)
        if f.step == 0:
            # the animal must fit the home board as it is after the dikes moved
            moved = p[0]
            move_dikes(&moved, SHOVEL_PAIRS[p.tool[T_SHOVEL]])
            for k in range(G_SHEEP, G_CATTLE + 1):
                if p.dikes >= DIKE_MAX or fits_keeping(&moved, k):
                    mask_add(&s.dec, A_GOOD + k)
            if p.dikes < DIKE_MAX:
                mask_add(&s.dec, A_SKIP)
            f.step = 1
            if ask(s, f, CX_TAKE, sp):
                return
        k = 0
        if f.ans != A_SKIP:
            gain(p, f.ans - A_GOOD, 1)
            if p.dikes < DIKE_MAX:
                k = f.ans - A_GOOD - G_SHEEP + 1    # optional: not given back
        move_dikes(p, SHOVEL_PAIRS[p.tool[T_SHOVEL]])
        finish_keeping(s, f, k)
    elif sp == S_CLAY_WORKER:
        p.goods[G_CLAY] += tool_value(p, T_SHOVEL)
        pop(s)
    elif sp == S_FARMER:
        if f.step == 0:
            f.step = 2
            ctx_init(&c, s, p)
            if plow_ok(&c, p):
                if p.goods[G_CATTLE]:
                    mask_add(&s.dec, A_GOOD + G_CATTLE)
                if p.goods[G_HORSE]:
                    mask_add(&s.dec, A_GOOD + G_HORSE)
                mask_add(&s.dec, A_SKIP)
                f.step = 1
                if ask(s, f, CX_PLOW, sp):
                    return
        if f.step == 1:
            f.step = 2
            if f.ans != A_SKIP:
                pay_wood(p, EQUIP_WOOD[E_PLOW])
                p.goods[f.ans - A_GOOD] -= 1
                push(s, OP_ACQUIRE, f.seat, E_PLOW, 0, 0)
                return
        if f.step == 2:
            f.step = 3
            push(s, OP_FIELDS, f.seat, 0, p.plows, FM_PLOW)
            return
        pop(s)
    elif sp == S_FORESTER or sp == S_CARPENTER_S or sp == S_BUILDER or sp == S_WOOD_TRADER:
        if f.step == 0:
            if sp == S_FORESTER:
                p.goods[G_FOOD] -= 1
            elif sp == S_WOOD_TRADER:
                # the grain stands in only when there is no food (Further Details 6)
                if p.goods[G_FOOD] > 0:
                    p.goods[G_FOOD] -= 1
                else:
                    p.goods[G_GRAIN] -= 1
            f.step = 1
        if f.step == 1:
            ctx_init(&c, s, p)
            if sp == S_FORESTER and forest_ok(&c, p):
                mask_add(&s.dec, A_FOREST)
            elif sp == S_CARPENTER_S and stall_ok(&c, p):
                mask_add(&s.dec, A_STALL)
            elif sp == S_WOOD_TRADER:
                mask_add(&s.dec, A_WOOD4)
            build_options(&c, s, p, 0, &s.dec)
            f.step = 2
            if ask(s, f, CX_BUILD, sp):
                return
        if f.ans == A_FOREST:
            p.land[L_FOREST] += 1
            finish(s, f)
        elif f.ans == A_STALL:
            build_stall(p)
            pop(s)
        elif f.ans == A_WOOD4:
            p.goods[G_WOOD] += 4
            pop(s)
        else:
            become(f, OP_BUILDING, f.ans - A_BUILD, 0, 0)
    elif sp == S_WOODCUTTER:
        p.goods[G_WOOD] += tool_value(p, T_AXE)
        pop(s)
    elif sp == S_MASTER_S or sp == S_MASTER_W:
        become(f, OP_MASTER, 0, 0, 0)
    elif sp == S_WARDEN:
        become(f, OP_UPGRADE, 0, 1, 0)
    elif sp == S_LABORER_S or sp == S_LABORER_W:
        if f.step == 0:
            p.goods[G_FOOD] -= 2
            f.step = 1
        if f.step == 1:
            ctx_init(&c, s, p)
            if sp == S_LABORER_S:
                for e in range(E_HANDCART, N_EQUIP):
                    if vehicle_ok(&c, p, e):
                        mask_add(&s.dec, A_EQUIP + e)
            else:
                build_options(&c, s, p, 0, &s.dec)
            for k in range(sp - 14, sp):
                if s.occ[k] and space_ok(&c, s, p, k, 0):
                    mask_add(&s.dec, A_IMITATE + k)
            f.step = 2
            if ask(s, f, CX_LABORER, sp):
                return
        if f.ans >= A_IMITATE and f.ans < A_IMITATE + N_SPACES:
            # the imitated action, with the imitator's own belongings
            f.arg = f.ans - A_IMITATE
            f.step = 0
            f.ans = 0
        elif f.ans >= A_EQUIP and f.ans < A_EQUIP + N_EQUIP:
            e = f.ans - A_EQUIP
            pay_vehicle(p, e)
            become(f, OP_ACQUIRE, e, 0, 0)
        else:
            become(f, OP_BUILDING, f.ans - A_BUILD, 0, 0)
    elif sp == S_PEAT_BOATMAN:
        p.goods[G_PEAT] += 3 + p.boats
        pop(s)
    elif sp == S_BUTCHER:
        # one animal of any type per slaughtering table: the sheep, cattle and
        # horses are chosen together (a count triple), so no order of picks
        # can cost a choice
        if f.step == 0:
            offer_counts(&s.dec, p.goods[G_SHEEP], p.goods[G_CATTLE], p.goods[G_HORSE], 0,
                         tool_value(p, T_SLAUGHTER), 99)
            f.step = 1
            if ask(s, f, CX_PICK, PK_BUTCHER):
                return
        n = 0
        for k in range(3):
            p.goods[G_SHEEP + k] -= picked(f, k)
            n += picked(f, k)
        gain(p, G_FOOD, 3 * n + picked(f, 1))      # 1 more food per cattle
        gain(p, G_HIDE, 2 * n)
        pop(s)
    elif sp == S_CATTLE_TRADER:
        # the animals all come after the choice, so the herd never stands
        # unaccommodated while a question is open
        if f.step == 0:
            offer_goods(s, G_CATTLE, G_HORSE)
            f.step = 1
            if ask(s, f, CX_TAKE, sp):
                return
        gain(p, G_GRAIN, 2)
        p.goods[G_SHEEP] += 1
        p.goods[f.ans - A_GOOD] += 1
        finish(s, f)
    elif sp == S_GROCER_W:
        if f.step == 0:
            cut_peat(p, 1)
            p.goods[G_WOOD] += 1
            p.goods[G_CLAY] += 1
            f.step = 1
        if f.step == 1:
            offer_goods(s, G_SHEEP, G_HORSE)
            f.step = 2
            if ask(s, f, CX_TAKE, sp):
                return
        p.goods[f.ans - A_GOOD] += 1
        finish(s, f)
    elif sp == S_BUILDERS_MERCHANT:
        if f.step == 0:
            gain(p, G_HIDE, 2)
            f.step = 1
        if f.step == 1:
            offer_goods(s, G_WOOD, G_CLAY)
            f.step = 2
            if ask(s, f, CX_TAKE, sp):
                return
        if f.step == 2:
            p.goods[f.ans - A_GOOD] += 1
            f.step = 3
        if f.step == 3:
            offer_goods(s, G_TIMBER, G_BRICK)
            f.step = 4
            if ask(s, f, CX_TAKE, sp):
                return
        p.goods[f.ans - A_GOOD] += 1
        pop(s)
    elif sp == S_POTTER:
        if f.step == 0:
            if ask_amount(s, f, imin(tool_value(p, T_POTTERY), clay_like(p)), sp):
                return
        n = f.ans - A_AMOUNT
        pay_clay(p, n)
        gain(p, G_FOOD, 3 * n)
        p.goods[G_PEAT] += n
        pop(s)
    elif sp == S_BAKER:
        if f.step == 0:
            n = imin(tool_value(p, T_OVEN), imin(p.goods[G_GRAIN] + p.goods[G_FLAX],
                                                 p.goods[G_PEAT] + wood_like(p)))
            if ask_amount(s, f, n, sp):
                return
        n = f.ans - A_AMOUNT
        for k in range(n):
            # flax only without grain, wood only without peat
            if p.goods[G_GRAIN] > 0:
                p.goods[G_GRAIN] -= 1
            else:
                p.goods[G_FLAX] -= 1
            if p.goods[G_PEAT] > 0:
                p.goods[G_PEAT] -= 1
            else:
                pay_wood(p, 1)
            gain(p, G_FOOD, 6)
        pop(s)
    elif sp == S_WAINWRIGHT:
        if f.step == 0:
            ctx_init(&c, s, p)
            for e in range(E_HANDCART, N_EQUIP):
                if vehicle_ok(&c, p, e):
                    mask_add(&s.dec, A_EQUIP + e)
            f.step = 2
            if mask_any(&s.dec):
                mask_add(&s.dec, A_SKIP)
                f.step = 1
                if ask(s, f, CX_VEHICLE, sp):
                    return
        if f.step == 1:
            f.step = 2
            if f.ans != A_SKIP:
                e = f.ans - A_EQUIP
                pay_vehicle(p, e)
                push(s, OP_ACQUIRE, f.seat, e, 0, 0)
                return
        if f.step == 2:
            ctx_init(&c, s, p)
            if not peatboat_ok(&c, p):
                pop(s)
                return
            mask_add(&s.dec, A_EQUIP + E_PEATBOAT)
            mask_add(&s.dec, A_SKIP)
            f.step = 3
            if ask(s, f, CX_VEHICLE, sp):
                return
        if f.ans == A_SKIP:
            pop(s)
        else:
            pay_wood(p, EQUIP_WOOD[E_PEATBOAT])
            become(f, OP_ACQUIRE, E_PEATBOAT, 0, 0)
    elif sp == S_CARPENTER_W:
        if f.step == 0:
            ctx_init(&c, s, p)
            if stall_ok(&c, p):
                mask_add(&s.dec, A_STALL)
            if stable_ok(&c, p):
                mask_add(&s.dec, A_STABLE)
            f.step = 1
            if ask(s, f, CX_BUILD, sp):
                return
        if f.ans == A_STALL:
            build_stall(p)
        else:
            p.goods[G_BRICK] -= 2
            p.land[L_STALL] -= 1
            p.land[L_STABLE] += 1
        pop(s)
    elif sp == S_DIKE_WARDEN:
        move_dikes(p, 1)
        become(f, OP_UPGRADE, 0, 1, 0)
    else:
        pop(s)


cdef inline void build_stall(Player* p) noexcept nogil:
    # 2 clay (brick may stand in) and 1 grain; a stall holds more than the
    # empty land space it covers, so the herd still fits
    pay_clay(p, 2)
    p.goods[G_GRAIN] -= 1
    p.land[L_STALL] += 1


cdef inline void pay_vehicle(Player* p, int e) noexcept nogil:
    # wood (timber may stand in) and horses, which are gone
    pay_wood(p, EQUIP_WOOD[e])
    p.goods[G_HORSE] -= EQUIP_HORSES[e]
