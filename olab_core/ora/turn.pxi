# The top of a turn (D_TURN): main actions, bonus actions, free actions,
# and the placements that follow BUILD and SETTLE (rules.md 6, 7, 8, 10.3).

cdef inline int contract_fee(const OraState* s) noexcept nogil:
    # rules.md 7.2: 1 coin, 2 once the Winery (France) / Whiskey Distillery
    # (Ireland) has been built.  kennerspiel: 1 in phases S and A, in the solo
    # phase-B neutral turn, or while that card is still in the display.
    cdef int fee_card = C_F21 if s.cfg.variant == V_FRANCE else C_I21
    if s.cfg.flags & RF_FEE_BY_DISPLAY:
        if s.phase_letter <= 1 or (s.display & u128_bit(fee_card)):
            return 1
        if s.cfg.mode == M_SOLO and s.phase_letter == 2 and s.turn_kind == TURN_SOLO_SETTLE:
            return 1
        return 2
    return 2 if s.fee_raised else 1


cdef inline int contract_drink(const OraState* s) noexcept nogil:
    # the gift instead of the fee: wine in France, whiskey in Ireland
    return G_WINE if s.cfg.variant == V_FRANCE else G_WHISKEY


cdef inline u128 build_spaces(const Player* p, int cid) noexcept nogil:
    cdef u128 m = empty_spaces(p) & terrain_mask(p, CARDS[cid].terrain)
    if CARDS[cid].cloister:
        m &= p.cloister_adj
    return m


cdef inline u128 neutral_spaces(const Player* p, int cid) noexcept nogil:
    # solo neutral building phase (rules.md 10.3): any heartland space, terrain
    # ignored; a building may replace one of the same kind (cloister or not);
    # an empty space takes a cloister building only next to a cloister
    cdef u128 m = 0
    cdef int sp
    for sp in range(10):
        if p.building & u128_bit(sp):
            if (CARDS[p.card[sp]].cloister != 0) == (CARDS[cid].cloister != 0):
                m |= u128_bit(sp)
        elif not CARDS[cid].cloister or (p.cloister_adj & u128_bit(sp)):
            m |= u128_bit(sp)
    return m


cdef inline u128 settle_spaces(const Player* p, int cid) noexcept nogil:
    return empty_spaces(p) & terrain_mask(p, CARDS[cid].terrain)


cdef inline bint can_settle(const Player* p, int i) noexcept nogil:
    cdef int cid = C_S01 + i
    if not (p.hand & (1 << i)):
        return False
    if not settle_spaces(p, cid):
        return False
    return fe_feasible(p, CARDS[cid].food, CARDS[cid].energy, 0, 0)


cdef int legal_fell_cut(const OraState* s, const Player* me, int32_t* out, bint fell, bint cut) noexcept nogil:
    # Fell Trees on each forest, then Cut Peat on each moor: without the joker
    # while its token is on the wheel (or there is no joker), with the joker
    # while the joker is on the wheel
    cdef int n = 0, j, sp
    cdef u128 m
    cdef bint token_ok
    cdef bint joker = s.token[T_JOKER] != TOKEN_ABSENT
    for j in range(2):
        if (j == 0 and not fell) or (j == 1 and not cut):
            continue
        m = me.forest if j == 0 else me.moor
        token_ok = s.token[T_WOOD if j == 0 else T_PEAT] != TOKEN_ABSENT
        while m:
            sp = u128_ctz(m)
            m = u128_clear_lowest(m)
            if token_ok or not joker:
                out[n] = (A_FELL if j == 0 else A_CUT) + 2 * sp
                n += 1
            if joker:
                out[n] = (A_FELL if j == 0 else A_CUT) + 2 * sp + 1
                n += 1
    return n


cdef int legal_turn(const OraState* s, int32_t* out) noexcept nogil:
    cdef int n = 0, me_i = s.current, o, sp, cid, row, fee, drink, i
    cdef const Player* me = &s.pl[me_i]
    cdef const Player* op
    cdef u128 m, disp
    cdef bint main_free = not s.main_used
    cdef int kind = s.turn_kind
    cdef bint lb, pr, build_ok

    # solo settlement: first the neutral player builds the whole display
    if kind == TURN_SOLO_SETTLE and s.display:
        m = s.display
        while m:
            cid = u128_ctz(m)
            m = u128_clear_lowest(m)
            if neutral_spaces(&s.pl[1], cid):
                out[n] = A_BUILD + cid
                n += 1
        n += legal_free(s, out + n)
        return n

    # --- main action: place a clergyman / work contract / fell / cut / build
    if main_free and kind == TURN_NORMAL:
        lb = free_lay_brothers(me) > 0
        pr = prior_home(me)
        m = me.building & ~me.occupied
        while m:
            sp = u128_ctz(m)
            m = u128_clear_lowest(m)
            if lb:
                out[n] = A_USE_LB + sp
                n += 1
            if pr:
                out[n] = A_USE_PRIOR + sp
                n += 1
        n += legal_contracts(s, out + n, 0)
        n += legal_fell_cut(s, me, out + n, True, True)
        if s.cfg.flags & RF_FELL_CUT_NONE:
            # printed: the action may be taken with no card left (rules.md 7.3)
            if not me.forest:
                out[n] = A_FELL_NONE
                n += 1
            if not me.moor:
                out[n] = A_CUT_NONE
                n += 1
    elif main_free and kind == TURN_BONUS and prior_home(me):
        # bonus round: the prior on any building of any player, fee-free (rules.md 9)
        for o in range(s.cfg.seats):
            m = s.pl[o].building
            while m:
                sp = u128_ctz(m)
                m = u128_clear_lowest(m)
                out[n] = A_TARGET + o * N_SPACES + sp
                n += 1
    else:
        # bonus Fell Trees / Cut Peat (Calefactory)
        n += legal_fell_cut(s, me, out + n, s.bonus_fell, s.bonus_cut)

    # --- BUILD: main action (normal and bonus round turns) or a bonus Build
    build_ok = (main_free and (kind == TURN_NORMAL or kind == TURN_BONUS)) or s.bonus_build > 0
    if build_ok:
        disp = s.display
        while disp:
            cid = u128_ctz(disp)
            disp = u128_clear_lowest(disp)
            if build_affordable(s, me, cid) and build_spaces(me, cid):
                out[n] = A_BUILD + cid
                n += 1

    # --- a free use waiting: the contracted building, or the building a
    # Priory / Palace / Garden / Hospice lends
    if s.free_kind != FU_NONE:
        n += free_use_candidates(s, out + n)

    # --- the prior's use of the building just built (rules.md 7.4)
    if s.prior_pending and prior_home(me):
        if s.cfg.flags & RF_PRIOR_ANY_AFTER_BUILD:
            m = me.building & ~me.occupied
        else:
            m = u128_bit(s.prior_space) & ~me.occupied
        while m:
            sp = u128_ctz(m)
            m = u128_clear_lowest(m)
            out[n] = A_USE_PRIOR + sp
            n += 1

    # --- solo settlement: one work contract on a building the neutral just got
    if kind == TURN_SOLO_SETTLE and not s.neutral_contract_done and s.neutral_new:
        n += legal_contracts(s, out + n, 1)

    # --- SETTLE: settlement turns and the Castle
    if s.bonus_settle and not (kind == TURN_SETTLE and s.settled):
        for i in range(8):
            if can_settle(me, i):
                out[n] = A_SETTLE + i
                n += 1

    n += legal_free(s, out + n)
    return n


cdef int legal_contracts(const OraState* s, int32_t* out, bint neutral_phase) noexcept nogil:
    # work contracts: another player's unoccupied building, the owner has a
    # clergyman at home, the actor can pay the fee or give the drink
    cdef int n = 0, o, sp
    cdef const Player* me = &s.pl[s.current]
    cdef const Player* op
    cdef int fee = contract_fee(s)
    cdef bint coins = me.goods[G_COIN] >= fee
    cdef bint drink = me.goods[contract_drink(s)] >= 1
    cdef u128 m
    if not coins and not drink:
        return 0
    for o in range(s.cfg.seats):
        if o == s.current:
            continue
        op = &s.pl[o]
        if neutral_phase:
            # rules.md 10.3: the neutral player's prior goes there
            if not prior_home(op):
                continue
            m = s.neutral_new & op.building & ~op.occupied
        else:
            if not prior_home(op) and free_lay_brothers(op) == 0:
                continue
            m = op.building & ~op.occupied
        while m:
            sp = u128_ctz(m)
            m = u128_clear_lowest(m)
            if coins:
                out[n] = A_WORK + (o * N_SPACES + sp) * 2
                n += 1
            if drink:
                out[n] = A_WORK + (o * N_SPACES + sp) * 2 + 1
                n += 1
    return n


cdef int legal_free(const OraState* s, int32_t* out) noexcept nogil:
    # buy a landscape (once per turn, or free by the Bulwark), conversions, COMMIT
    cdef int n = 0, row, side
    cdef const Player* me = &s.pl[s.current]
    cdef bint keep = s.cfg.flags & RF_BULWARK_KEEPS_TRACK
    cdef bint district = ((s.bonus_district and (s.districts_taken < 9 or keep))
                          or (not s.land_bought and s.districts_taken < 9
                              and money_avail(me) >= s.cfg.district_price[s.districts_taken]))
    cdef bint plot = ((s.bonus_plot and (s.plots_taken < 9 or keep))
                      or (not s.land_bought and s.plots_taken < 9
                          and money_avail(me) >= s.cfg.plot_price[s.plots_taken]))
    if district or plot:
        for row in range(-ROW_OFFSET, N_ROWS - ROW_OFFSET):
            if district and district_fits(me, row):
                out[n] = A_DISTRICT + (row + ROW_OFFSET) * 2
                out[n + 1] = A_DISTRICT + (row + ROW_OFFSET) * 2 + 1
                n += 2
            if plot:
                for side in range(2):
                    if plot_fits(me, row, TK_PLOT_COAST if side == 0 else TK_PLOT_MOUNTAIN):
                        out[n] = A_PLOT + (row + ROW_OFFSET) * 2 + side
                        n += 1
    if me.goods[G_GRAIN] > 0:
        out[n] = A_CONVERT_GRAIN
        n += 1
    if me.goods[G_WINE] > 0:
        out[n] = A_CONVERT_WINE
        n += 1
    if me.goods[G_WHISKEY] > 0:
        out[n] = A_CONVERT_WHISKEY
        n += 1
    # solo: the turn cannot end while the display still holds buildings
    if not (s.turn_kind == TURN_SOLO_SETTLE and s.display):
        out[n] = A_COMMIT
        n += 1
    return n


cdef void start_function(OraState* s, int cid, int owner, int sp) noexcept nogil:
    # run a card's function for the current player; owner 255: a display card
    memset(&s.dec, 0, sizeof(Decision))
    s.dec.actor = s.current
    s.dec.chooser = s.current
    s.dec.card = cid
    s.dec.loc_p = owner
    s.dec.loc_s = sp
    s.chain |= u128_bit(cid)
    run_card(s)


cdef inline void start_use(OraState* s, int owner, int sp) noexcept nogil:
    # a clergyman has been placed: a new chain of uses begins
    s.chain = 0
    s.free_kind = FU_NONE
    start_function(s, s.pl[owner].card[sp], owner, sp)


cdef void take_free_use(OraState* s, int a) noexcept nogil:
    # the waiting free use is taken (rules.md 12A: a lent use may itself lend one)
    cdef int kind = s.free_kind, o, sp
    s.free_kind = FU_NONE
    if a >= A_CARD:
        start_function(s, a - A_CARD, 255, 255)
        return
    o = (a - A_TARGET) // N_SPACES
    sp = (a - A_TARGET) % N_SPACES
    if kind == FU_CONTRACT:
        s.chain = 0                  # the contracted building begins a chain
    elif kind == FU_OCCUPIED:
        s.pl[s.current].goods[G_WINE if s.free_card == C_F27 else G_WHISKEY] -= 1
    start_function(s, s.pl[o].card[sp], o, sp)


cdef void apply_turn(OraState* s, int a) noexcept nogil:
    cdef int me_i = s.current, sp, o, cid, kind, fee, row, j
    cdef Player* me = &s.pl[me_i]
    cdef Player* op
    if a == A_COMMIT:
        end_turn(s)
        return
    if a == A_CONVERT_GRAIN:
        me.goods[G_GRAIN] -= 1
        me.goods[G_STRAW] += 1
        return
    if a == A_CONVERT_WINE:
        me.goods[G_WINE] -= 1
        me.goods[G_COIN] += 1
        return
    if a == A_CONVERT_WHISKEY:
        me.goods[G_WHISKEY] -= 1
        me.goods[G_COIN] += 2
        return
    if a == A_FELL_NONE or a == A_CUT_NONE:
        s.main_used = 1
        return
    if a >= A_USE_LB and a < A_WORK:
        sp = (a - A_USE_LB) % N_SPACES
        if not s.main_used:
            s.main_used = 1          # otherwise: the prior's use after a Build
        s.prior_pending = 0
        place_clergy(s, me_i, a >= A_USE_PRIOR, me_i, sp)
        start_use(s, me_i, sp)
        return
    if a >= A_WORK and a < A_TARGET:
        j = a - A_WORK
        kind = j & 1
        o = (j >> 1) // N_SPACES
        sp = (j >> 1) % N_SPACES
        if s.turn_kind == TURN_SOLO_SETTLE:
            s.neutral_contract_done = 1
        else:
            s.main_used = 1
        s.prior_pending = 0
        if kind == 0:
            fee = contract_fee(s)
            me.goods[G_COIN] -= fee
            if not (s.cfg.mode == M_SOLO):      # the neutral player's fee goes to the supply
                s.pl[o].goods[G_COIN] += fee
        else:
            me.goods[contract_drink(s)] -= 1    # the drink goes to the supply
        op = &s.pl[o]
        s.free_kind = FU_NONE
        if s.turn_kind == TURN_SOLO_SETTLE:
            place_clergy(s, o, True, o, sp)
            open_contract(s, o, sp)
        elif prior_home(op) and free_lay_brothers(op) > 0:
            # the owner chooses (solo: the player chooses for the neutral one)
            memset(&s.dec, 0, sizeof(Decision))
            s.dec.kind = D_OWNER
            s.dec.actor = me_i
            s.dec.chooser = me_i if s.cfg.mode == M_SOLO else o
            s.dec.loc_p = o
            s.dec.loc_s = sp
            s.dec.card = op.card[sp]
        else:
            place_clergy(s, o, prior_home(op), o, sp)
            open_contract(s, o, sp)
        return
    if a >= A_TARGET and a < A_FELL:
        if s.turn_kind == TURN_BONUS and not s.main_used:
            # bonus round: the prior on any building (rules.md 9)
            o = (a - A_TARGET) // N_SPACES
            sp = (a - A_TARGET) % N_SPACES
            s.main_used = 1
            place_clergy(s, me_i, True, o, sp)
            start_use(s, o, sp)
        else:
            take_free_use(s, a)
        return
    if a >= A_CARD and a < A_SETTLE:
        take_free_use(s, a)
        return
    if a >= A_FELL and a < A_BUILD:
        # a bonus Fell Trees / Cut Peat (Calefactory) is used before the main action
        j = a - A_FELL
        if j < 200:
            if s.bonus_fell:
                s.bonus_fell = 0
            else:
                s.main_used = 1
            put_card(me, j >> 1, C_NONE)
            wheel_take(s, me_i, T_WOOD, G_WOOD, j & 1)
        else:
            j -= 200
            if s.bonus_cut:
                s.bonus_cut = 0
            else:
                s.main_used = 1
            put_card(me, j >> 1, C_NONE)
            wheel_take(s, me_i, T_PEAT, G_PEAT, j & 1)
        return
    if a >= A_BUILD and a < A_CARD:
        cid = a - A_BUILD
        if s.turn_kind == TURN_SOLO_SETTLE:
            ask_space(s, 1, neutral_spaces(&s.pl[1], cid), SC_NEUTRAL, 0, 0)
        else:
            if s.bonus_build > 0:
                s.bonus_build -= 1
            else:
                s.main_used = 1
            s.prior_pending = 0
            ask_space(s, me_i, build_spaces(me, cid), SC_BUILD, 0, 0)
        s.dec.card = cid
        s.dec.chooser = me_i
        return
    if a >= A_SETTLE and a < A_SPACE:
        j = a - A_SETTLE
        cid = C_S01 + j
        s.bonus_settle -= 1          # legal only while one is left
        s.settled = 1
        ask_space(s, me_i, settle_spaces(me, cid), SC_SETTLE, 0, 0)
        s.dec.card = cid
        s.dec.chooser = me_i
        return
    if a >= A_DISTRICT and a < A_PLOT:
        j = a - A_DISTRICT
        row = j // 2 - ROW_OFFSET
        buy_landscape(s, True)
        add_district(me, row, j & 1)
        return
    if a >= A_PLOT and a < A_FORFEIT:
        j = a - A_PLOT
        row = j // 2 - ROW_OFFSET
        buy_landscape(s, False)
        add_plot(me, row, j & 1)
        return


cdef void open_contract(OraState* s, int o, int sp) noexcept nogil:
    # the owner's clergyman stands on the building: the contracting player may
    # now use it (or not, rules.md 7.2), once, at the top of the turn
    clear_decision(s)
    s.free_kind = FU_CONTRACT
    s.free_p = o
    s.free_s = sp
    s.free_card = s.pl[o].card[sp]


cdef void buy_landscape(OraState* s, bint district) noexcept nogil:
    # pay the top tile's price of the shared track (rules.md 7.5); a landscape
    # from the Bulwark is free, and in the printed rules still the top tile
    cdef Player* me = &s.pl[s.current]
    cdef bint free_one = s.bonus_district if district else s.bonus_plot
    if free_one:
        if district:
            s.bonus_district = 0
        else:
            s.bonus_plot = 0
        if s.cfg.flags & RF_BULWARK_KEEPS_TRACK:
            return
    else:
        s.land_bought = 1
        if district:
            pay_money(me, s.cfg.district_price[s.districts_taken])
        else:
            pay_money(me, s.cfg.plot_price[s.plots_taken])
    if district:
        s.districts_taken += 1
    else:
        s.plots_taken += 1


cdef void apply_space(OraState* s, int sp) noexcept nogil:
    # the answer to a D_SPACE decision
    cdef Decision* d = &s.dec
    cdef int ctx = d.ctx, cid = d.card, me_i = s.current
    cdef Player* me = &s.pl[me_i]
    if ctx == SC_BUILD:
        pay_build_cost(s, me, cid)
        put_card(me, sp, cid)
        s.display &= ~u128_bit(cid)
        note_built(s, cid)
        if prior_home(me):
            s.prior_pending = 1
            s.prior_space = sp
        clear_decision(s)
    elif ctx == SC_NEUTRAL:
        put_card(&s.pl[1], sp, cid)
        s.display &= ~u128_bit(cid)
        s.neutral_new |= u128_bit(sp)
        note_built(s, cid)
        clear_decision(s)
    elif ctx == SC_SETTLE:
        d.loc_p = me_i
        d.loc_s = sp
        d.step = 0
        d.actor = me_i
        run_card(s)
    else:
        d.res = sp
        run_card(s)


cdef inline void note_built(OraState* s, int cid) noexcept nogil:
    if cid == (C_F21 if s.cfg.variant == V_FRANCE else C_I21):
        s.fee_raised = 1


cdef int settle_step(OraState* s) noexcept nogil:
    # SETTLE: pay food and energy, then the settlement stands (rules.md 8)
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    if d.step == 0:
        return ask_pay(s, CARDS[d.card].food, CARDS[d.card].energy, 1)
    put_card(me, d.loc_s, d.card)
    me.hand &= ~(1 << (d.card - C_S01))
    return DONE
