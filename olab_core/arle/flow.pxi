# The course of the game (rulebook: Course of the Game, The End of the
# Game): nine half years of a work phase, the "before November" houses and an
# inventory, then the last peat-boat exchanges.  Also the any-time actions,
# which are offered at fixed points (before each worker, at the end of the
# work phase, before each sustenance, after the last November) so that the
# decision graph has no cycle: every any-time action uses up something
# finite, so a random playout always ends.

# ---------------------------------------------------------------- any-time actions
cdef bint house_ok(Ctx* c, const ArleState* s, const Player* p, int h) noexcept nogil:
    if not ((p.buildings >> (B_WEAVING_PARLOR + h)) & 1):
        return False
    if h == H_WEAVING_PARLOR:
        return p.goods[G_FLAX] >= 3
    if h == H_COLONISTS:
        return p.goods[G_WOOLEN if s.cfg.colonists_woolen else G_WOOL] >= 2
    if h == H_CARPENTERS:
        return (p.goods[G_FOOD] >= 4 and p.goods[G_BRICK] >= 1 and p.land[L_STALL] >= 1
                and supply_of(c, P_STABLE) > 0)
    if h == H_SCHNAPPS:
        return p.goods[G_GRAIN] >= 1 and p.goods[G_PEAT] >= 1 and p.goods[G_FOOD] < GOOD_CAP[G_FOOD]
    if h == H_LITTER:
        return p.goods[G_FLAX] >= 3 and p.goods[G_HORSE] >= 2
    if h == H_WOOD_TRADER:
        return p.goods[G_TIMBER] >= 1 and p.goods[G_FOOD] >= 1
    return False


cdef void do_house(ArleState* s, Player* p, int h) noexcept nogil:
    # the dark-green houses' conversions (rulebook: Index of Small Houses)
    if h == H_WEAVING_PARLOR:
        p.goods[G_FLAX] -= 3
        p.goods[G_LINEN] += 1
        cut_peat(p, 1)
    elif h == H_COLONISTS:
        p.goods[G_WOOLEN if s.cfg.colonists_woolen else G_WOOL] -= 2
        p.goods[G_CLAY] += 1
        cut_peat(p, 1)
    elif h == H_CARPENTERS:
        p.goods[G_FOOD] -= 4
        p.goods[G_BRICK] -= 1
        p.land[L_STALL] -= 1
        p.land[L_STABLE] += 1
    elif h == H_SCHNAPPS:
        p.goods[G_GRAIN] -= 1
        p.goods[G_PEAT] -= 1
        gain(p, G_FOOD, 3)
    elif h == H_LITTER:
        p.goods[G_FLAX] -= 3
        p.goods[G_HORSE] += 1
    elif h == H_WOOD_TRADER:
        p.goods[G_TIMBER] -= 1
        p.goods[G_FOOD] -= 1
        p.goods[G_WOOD] += 2


cdef void anytime_options(Ctx* c, const ArleState* s, const Player* p, int mode, Decision* d) noexcept nogil:
    # AM_WORK: everything; AM_SUSTENANCE: no loading; AM_FINAL: the peat boat
    cdef int g, h
    if mode == AM_WORK:
        load_options(s, p, d)
    if p.boats and p.goods[G_PEAT] > 0:
        for g in range(N_TRACK):
            if p.goods[g] < GOOD_CAP[g]:       # a good at its cap would be thrown away
                mask_add(d, A_BOAT + g)
    if mode != AM_FINAL and (p.buildings >> B_WEAVING_PARLOR) & 0x7F:
        for h in range(N_HOUSES):
            if house_ok(c, s, p, h):
                mask_add(d, A_HOUSE + h)
    if mode == AM_WORK:
        return_options(c, p, d)


cdef void return_options(Ctx* c, const Player* p, Decision* d) noexcept nogil:
    # "you can return Equipment to the Supply Board at any time (without
    # substitution)".  Making room in the barn is asked where a piece comes
    # (OP_ACQUIRE); otherwise a return matters only when the supply board has
    # no tile of that kind left (a returned tile is available again, its other
    # side too: a plow back makes a peat boat possible), so only then is it
    # offered.  A vehicle with something loaded never goes back.
    cdef int e
    for e in range(N_EQUIP):
        if supply_of(c, EQUIP_PAIR[e]) > 0:
            continue
        if (e == E_PEATBOAT and p.boats) or (e == E_PLOW and p.plows) or \
                (e >= E_HANDCART and p.vs[VS_EMPTY[e]]):
            mask_add(d, A_RETURN + e)


cdef void do_anytime(ArleState* s, int seat, int a) noexcept nogil:
    cdef Player* p = &s.pl[seat]
    cdef int item, k
    if a >= A_LOAD:
        item = (a - A_LOAD) // N_VSTATES
        k = (a - A_LOAD) % N_VSTATES
        do_load(p, item, k)
        if item >= LI_DEST:
            push(s, OP_SELL, seat, item - LI_DEST, 0, 0)
    elif a >= A_HOUSE:
        do_house(s, p, a - A_HOUSE)
        if a - A_HOUSE == H_LITTER and not herd_fits(p):
            push(s, OP_ACCOMMODATE, seat, 0, 0, 0)
    elif a >= A_BOAT:
        p.goods[G_PEAT] -= 1
        gain(p, a - A_BOAT, 1)
    elif A_RETURN <= a < A_RETURN + N_EQUIP:
        remove_equipment(p, a - A_RETURN)


# ---------------------------------------------------------------- the game
cdef inline int turn_seat(const ArleState* s, int t) noexcept nogil:
    # in each month the start player's worker goes first
    if s.cfg.players == 1:
        return 0
    return s.start_player if (t & 1) == 0 else 1 - s.start_player


cdef void op_game(ArleState* s, Frame* f) noexcept nogil:
    # n: the turn / the player whose phase is next
    cdef int seat
    if f.step == 0:                      # a half year begins: the workers go on the months
        memset(s.occ, 0, sizeof(s.occ))
        s.special_by = 0
        f.n = 0
        f.step = 1
    if f.step == 1:                      # the work phase
        if f.n < WORKERS * s.cfg.players:
            seat = turn_seat(s, f.n)
            f.n += 1
            push(s, OP_TURN, seat, 0, 0, 0)
            return
        f.n = 0
        f.step = 2
    if f.step == 2:                      # each player declares the end of the work phase
        if f.n < s.cfg.players:
            seat = (s.start_player + f.n) % s.cfg.players
            f.n += 1
            push(s, OP_ANYTIME, seat, AM_WORK, 0, 0)
            return
        f.n = 0
        f.step = 3 if is_summer(s) else 4
    if f.step == 3:                      # "before November" (the light-green houses)
        if f.n < s.cfg.players:
            seat = (s.start_player + f.n) % s.cfg.players
            f.n += 1
            if s.pl[seat].buildings & 0xF:
                push(s, OP_BEFORE_NOV, seat, 0, 0, 0)
            return
        f.n = 0
        f.step = 4
    if f.step == 4:                      # November / May
        if f.n < s.cfg.players:
            seat = (s.start_player + f.n) % s.cfg.players
            f.n += 1
            push(s, OP_INVENTORY, seat, 0, 0, 0)
            return
        f.n = 0
        f.step = 5
    if f.step == 5:                      # the half year ends; the marker moves
        if s.cfg.players == 2:
            if s.special_by:
                # the player who used the other season's space hands the marker to the opponent
                s.start_player = 1 - (s.special_by - 1)
            else:
                s.start_player = 1 - s.start_player
        s.special_by = 0
        memset(s.occ, 0, sizeof(s.occ))
        if s.half_year >= HALF_YEARS:
            f.step = 6
        else:
            s.half_year += 1
            f.step = 0
            return
    if f.step == 6:                      # after the last November: the peat boats
        if f.n < s.cfg.players:
            seat = (s.start_player + f.n) % s.cfg.players
            f.n += 1
            push(s, OP_ANYTIME, seat, AM_FINAL, 0, 0)
            return
        f.step = 7
    if f.step == 7:
        s.game_over = 1
        s.depth = 0
        memset(s.stack, 0, sizeof(s.stack))


cdef void op_turn(ArleState* s, Frame* f) noexcept nogil:
    # one worker: place it (or not), with any-time actions before
    cdef Player* p = &s.pl[f.seat]
    cdef int sp, a
    cdef Ctx c
    if f.step == 0:
        ctx_init(&c, s, p)
        place_options(&c, s, f.seat, &s.dec)
        mask_add(&s.dec, A_SKIP)
        anytime_options(&c, s, p, AM_WORK, &s.dec)
        f.step = 1
        if ask(s, f, CX_TURN, 0):
            return
    if f.step == 1:
        a = f.ans
        if a == A_SKIP:
            pop(s)
        elif A_PLACE <= a < A_PLACE + N_SPACES:
            sp = a - A_PLACE
            s.occ[sp] = f.seat + 1
            if not space_in_season(s, sp):
                s.special_by = f.seat + 1
            f.step = 2
            push(s, OP_SPACE, f.seat, sp, 0, 0)
        else:
            f.step = 0
            do_anytime(s, f.seat, a)
        return
    pop(s)


cdef void op_anytime(ArleState* s, Frame* f) noexcept nogil:
    # arg: the mode; DONE ends it
    cdef Ctx c
    if f.step == 0:
        ctx_init(&c, s, &s.pl[f.seat])
        anytime_options(&c, s, &s.pl[f.seat], f.arg, &s.dec)
        if not mask_any(&s.dec):
            pop(s)
            return
        mask_add(&s.dec, A_DONE)
        f.step = 1
        if ask(s, f, CX_ANYTIME, f.arg):
            return
    if f.ans == A_DONE:
        pop(s)
        return
    f.step = 0
    do_anytime(s, f.seat, f.ans)


# ---------------------------------------------------------------- inventories
cdef inline int by_threshold(int n, const uint8_t* th) noexcept nogil:
    # 0..3: how many of the three thresholds n reaches
    if n >= th[2]:
        return 3
    if n >= th[1]:
        return 2
    if n >= th[0]:
        return 1
    return 0


cdef void op_inventory(ArleState* s, Frame* f) noexcept nogil:
    cdef Player* p = &s.pl[f.seat]
    cdef int need, x, k
    if f.step == 0:
        empty_vehicles(p)
        if is_summer(s):
            # November: milking (sheep and cattle separately), then the harvest
            gain(p, G_FOOD, by_threshold(p.goods[G_SHEEP], MILK_SHEEP)
                 + by_threshold(p.goods[G_CATTLE], MILK_CATTLE))
            gain(p, G_GRAIN, p.land[L_GRAIN])
            gain(p, G_FLAX, p.land[L_FLAX])
            p.goods[G_WOOD] += p.land[L_FOREST]
            f.step = 2
        else:
            f.step = 5
    if f.step == 5:
        # May: baby animals, as the player arranges them
        s.nbreed = breeding_outcomes(p, s.breed, s.breed_rel)
        for k in range(s.nbreed):
            mask_add(&s.dec, A_BREED + k)
        f.step = 6
        if ask(s, f, CX_BREED, 0):
            return
        f.step = 1
    if f.step == 6:
        f.step = 1
    if f.step == 1:
        k = f.ans - A_BREED
        if k < 0 or k >= s.nbreed:
            k = 0
        # the animals returned before breeding, then the newborns
        p.goods[G_SHEEP] += s.breed[k][0] - s.breed_rel[k][0]
        p.goods[G_CATTLE] += s.breed[k][1] - s.breed_rel[k][1]
        p.goods[G_HORSE] += s.breed[k][2] - s.breed_rel[k][2]
        s.nbreed = 0
        memset(s.breed, 0, sizeof(s.breed))
        memset(s.breed_rel, 0, sizeof(s.breed_rel))
        gain(p, G_WOOL, by_threshold(p.goods[G_SHEEP], SHEAR))    # shearing counts the newborns
        f.step = 2
    if f.step == 2:
        # the peat boat and the any-time houses before paying
        f.step = 3
        push(s, OP_ANYTIME, f.seat, AM_SUSTENANCE, 0, 0)
        return
    if f.step == 3:
        # sustenance: food, then grain, then animals stand in
        need = SUST_NOV_FOOD if is_summer(s) else SUST_MAY_FOOD
        x = imin(need, p.goods[G_FOOD])
        p.goods[G_FOOD] -= x
        need -= x
        x = imin(need, p.goods[G_GRAIN])
        p.goods[G_GRAIN] -= x
        need -= x
        f.step = 4
        if need > 0:
            push(s, OP_EAT, f.seat, 0, need, 0)
            return
    if f.step == 4:
        if is_summer(s):
            # fuel: peat, then wood, then timber
            need = SUST_NOV_PEAT
            x = imin(need, p.goods[G_PEAT])
            p.goods[G_PEAT] -= x
            need -= x
            x = imin(need, wood_like(p))
            pay_wood(p, x)
            need -= x
            p.missing += need
        pop(s)


cdef void op_eat(ArleState* s, Frame* f) noexcept nogil:
    # n: food still missing.  "Pay 1 Animal per missing Food": as many
    # animals as are missing (or all there are), their types chosen together
    # (a count triple); what is still missing is a bottleneck
    cdef Player* p = &s.pl[f.seat]
    cdef int t, e
    if f.step == 0:
        e = imin(f.n, p.goods[G_SHEEP] + p.goods[G_CATTLE] + p.goods[G_HORSE])
        offer_counts(&s.dec, p.goods[G_SHEEP], p.goods[G_CATTLE], p.goods[G_HORSE], e, e, 99)
        f.step = 1
        if ask(s, f, CX_PICK, PK_EAT):
            return
    for t in range(3):
        p.goods[G_SHEEP + t] -= picked(f, t)
        f.n -= picked(f, t)
    p.missing += f.n
    pop(s)


cdef void op_before_nov(ArleState* s, Frame* f) noexcept nogil:
    # the light-green houses, before each November (rulebook: Index of Small Houses)
    cdef Player* p = &s.pl[f.seat]
    if f.step == 0:
        if (p.buildings >> B_FARMERS_HOUSE) & 1:
            p.goods[G_CLAY] += 1
            cut_peat(p, 1)
        if (p.buildings >> B_NOVICES_HUT) & 1:
            gain(p, G_GRAIN, 1)
            move_dikes(p, 1)
        if (p.buildings >> B_WORKSHOP) & 1:
            p.goods[G_WOOD] += 1
        f.step = 1
        if (p.buildings >> B_PLOW_MAKER) & 1:
            push(s, OP_FIELDS, f.seat, 0, 1, FM_PLOW_MAKER)
            return
    if f.step == 1:
        f.step = 2
        if (p.buildings >> B_WORKSHOP) & 1:
            push(s, OP_MASTER, f.seat, 0, 1, 0)
            return
    pop(s)


# ---------------------------------------------------------------- shared procedures
cdef void op_accommodate(ArleState* s, Frame* f) noexcept nogil:
    # animals that do not fit go back to the supply, one at a time, the
    # player choosing which type.  arg: the type + 1 of an optional gain,
    # which is not given back (that is declining it, a path of its own)
    cdef Player* p = &s.pl[f.seat]
    cdef int t
    while True:
        if f.step == 1:
            p.goods[f.ans - A_GOOD] -= 1
            f.step = 0
        if herd_fits(p):
            pop(s)
            return
        for t in range(3):
            if p.goods[G_SHEEP + t] > 0 and f.arg != t + 1:
                mask_add(&s.dec, A_GOOD + G_SHEEP + t)
        if not mask_any(&s.dec):
            for t in range(3):                  # never reached (the gain was offered only if it can stay)
                if p.goods[G_SHEEP + t] > 0:
                    mask_add(&s.dec, A_GOOD + G_SHEEP + t)
        f.step = 1
        if ask(s, f, CX_RELEASE, 0):
            return


cdef void op_acquire(ArleState* s, Frame* f) noexcept nogil:
    # arg: the equipment; n: 1 when it may be declined (a free gift for which
    # the player would have to give up something)
    cdef Player* p = &s.pl[f.seat]
    cdef int e = f.arg, r
    cdef bint large = EQUIP_LARGE[e]
    if f.step == 0:
        if barn_room(p, large):
            add_equipment(p, e)
            pop(s)
            return
        # no room: first one piece of the same size goes back to the supply board
        for r in range(N_EQUIP):
            if r == e or (EQUIP_LARGE[r] != 0) != large:
                continue
            if (r == E_PEATBOAT and p.boats) or (r == E_PLOW and p.plows) or \
                    (r >= E_HANDCART and p.vs[VS_EMPTY[r]]):
                mask_add(&s.dec, A_RETURN + r)
        if f.n:
            mask_add(&s.dec, A_SKIP)
        f.step = 1
        if ask(s, f, CX_RETURN, e):
            return
    if f.ans != A_SKIP and f.ans >= A_RETURN:
        remove_equipment(p, f.ans - A_RETURN)
        add_equipment(p, e)
    pop(s)


cdef bint upgrade_options(const ArleState* s, const Player* p, Decision* d) noexcept nogil:
    cdef bint any = False
    cdef int k
    if UPGRADE_OK[U_FOREST] and p.land[L_FOREST]:
        mask_add(d, A_UPGRADE + U_FOREST); any = True
    if UPGRADE_OK[U_STALL] and p.land[L_STALL]:
        mask_add(d, A_UPGRADE + U_STALL); any = True
    if UPGRADE_OK[U_STABLE] and p.land[L_STABLE]:
        mask_add(d, A_UPGRADE + U_STABLE); any = True
    if UPGRADE_OK[U_MOOR] and has_undrained(p):
        mask_add(d, A_UPGRADE + U_MOOR); any = True
    if UPGRADE_OK[U_PEATBOAT] and p.boats:
        mask_add(d, A_UPGRADE + U_PEATBOAT); any = True
    for k in range(N_UPG_VS):
        if UPGRADE_OK[U_VEHICLE + k] and p.vs[UPG_VS[k]]:
            mask_add(d, A_UPGRADE + U_VEHICLE + k); any = True
    return any


cdef void do_upgrade(Player* p, int u) noexcept nogil:
    # a tile upgrade is free (rulebook: Further Details 4); the tiles are the
    # two sides of one piece, so the supply does not change
    cdef int k
    if u == U_FOREST:
        p.land[L_FOREST] -= 1
        p.land[L_PARK] += 1
    elif u == U_STALL:
        p.land[L_STALL] -= 1
        p.land[L_DEPOT] += 1
    elif u == U_STABLE:
        p.land[L_STABLE] -= 1
        p.land[L_DSTALL] += 1
    elif u == U_MOOR:
        dehydrate(p)
    elif u == U_PEATBOAT:
        p.boats -= 1
        p.plows += 1
    else:
        k = UPG_VS[u - U_VEHICLE]
        p.vs[k] -= 1
        p.vs[VS_FLIP[k]] += 1


cdef void op_upgrade(ArleState* s, Frame* f) noexcept nogil:
    # one tile upgrade; the player may leave every tile as it is
    cdef Player* p = &s.pl[f.seat]
    if f.step == 0:
        if not upgrade_options(s, p, &s.dec):
            pop(s)
            return
        mask_add(&s.dec, A_SKIP)
        f.step = 1
        if ask(s, f, CX_UPGRADE, 0):
            return
    if f.ans != A_SKIP:
        do_upgrade(p, f.ans - A_UPGRADE)
    finish(s, f)                      # a stall turned depot may leave animals without room


cdef inline int master_tool(int key) noexcept nogil:
    # the order the tool indicators are asked in: the workbenches first,
    # since moving them raises the number of movements at once (Further
    # Details 5), then the tracks in order
    return T_WORKBENCH if key == 0 else key - 1


cdef void op_master(ArleState* s, Frame* f) noexcept nogil:
    # n: 1 for a single movement (Workshop); m: movements made; aux: the key
    # of the tool being asked.  Each tool that can still move is asked in its
    # turn ("TOOL x" or SKIP), so no answer hides another tool and every set
    # of movements is reached by one path.
    cdef Player* p = &s.pl[f.seat]
    cdef int t, limit
    while True:
        if f.step == 1:
            t = master_tool(f.aux)
            if f.ans == A_TOOL + t:
                pay(p, TOOL_COST_G[t], TOOL_COST_N[t])
                p.tool[t] += 1
                f.m += 1
            f.aux += 1
            f.step = 0
        limit = 1 if f.n else tool_value(p, T_WORKBENCH)
        if f.m >= limit:
            pop(s)
            return
        while f.aux < N_TOOLS:
            t = master_tool(f.aux)
            if not tool_at_end(p, t) and can_pay(p, TOOL_COST_G[t], TOOL_COST_N[t]):
                break
            f.aux += 1
        if f.aux >= N_TOOLS:
            pop(s)
            return
        mask_add(&s.dec, A_TOOL + t)
        mask_add(&s.dec, A_SKIP)
        f.step = 1
        if ask(s, f, CX_TOOL, 0):
            return


cdef void op_fields(ArleState* s, Frame* f) noexcept nogil:
    # n: fields still allowed; m: FM_* mode; aux: last kind + 1 (grain before flax)
    cdef Player* p = &s.pl[f.seat]
    cdef int k
    cdef bint room
    while True:
        if f.step == 1:
            if f.ans == A_DONE:
                break
            k = f.ans - A_FIELD
            f.n -= 1
            f.aux = k + 1
            f.step = 0
            if f.m == FM_FARMERS_INN:
                p.land[L_GRAIN + k] -= 1
                p.land[L_FOREST] += 1
            else:
                p.land[L_GRAIN + k] += 1
                if not herd_fits(p):
                    # the field covers grazing land: the animals first, then the next field
                    push(s, OP_ACCOMMODATE, f.seat, 0, 0, 0)
                    return
        if f.n <= 0:
            break
        for k in range(2):
            if k + 1 < f.aux:
                continue
            if f.m == FM_FARMERS_INN:
                room = p.land[L_GRAIN + k] > 0 and supply_left(s, P_FOREST) > 0
            else:
                room = empty_land(p) > 0 and supply_left(s, P_FIELD) > 0
            if room:
                mask_add(&s.dec, A_FIELD + k)
        if not mask_any(&s.dec):
            break
        mask_add(&s.dec, A_DONE)
        f.step = 1
        if ask(s, f, CX_FIELD, f.m):
            return
    finish(s, f)


cdef inline bint slot_sellable(const Player* p, int d, int slot) noexcept nogil:
    cdef int v
    for v in range(variants_of(DEST[d].item[slot].kind)):
        if item_sellable(p, d, slot, v):
            return True
    return False


cdef void op_sell(ArleState* s, Frame* f) noexcept nogil:
    # arg: the destination; m: items sold; aux: the item being asked.  The
    # items are asked in the printed order, each once ("SELL <item>" or
    # SKIP), so no sale hides an item that can still be sold and every set of
    # sales is reached by one path; at least one item is sold.
    cdef Player* p = &s.pl[f.seat]
    cdef int slot, v, j
    while True:
        if f.step == 1:
            if f.ans != A_SKIP:
                j = f.ans - A_SELL
                sell_item(p, f.arg, j // 3, j % 3)
                f.m += 1
            f.aux += 1
            f.step = 0
        while f.aux < DEST[f.arg].n and not slot_sellable(p, f.arg, f.aux):
            f.aux += 1
        if f.aux >= DEST[f.arg].n:
            pop(s)
            return
        for v in range(variants_of(DEST[f.arg].item[f.aux].kind)):
            if item_sellable(p, f.arg, f.aux, v):
                mask_add(&s.dec, A_SELL + f.aux * 3 + v)
        if f.m > 0:
            mask_add(&s.dec, A_SKIP)
        else:
            for slot in range(f.aux + 1, DEST[f.arg].n):
                if slot_sellable(p, f.arg, slot):
                    mask_add(&s.dec, A_SKIP)
                    break
        f.step = 1
        if ask(s, f, CX_SELL, f.arg):
            return
