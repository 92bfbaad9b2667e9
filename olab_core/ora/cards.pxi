# Card functions of the shared (G), France (F) and heartland (L) buildings.
#
# Each step_<card>() runs one step of the function of dec.card for dec.actor
# and returns WAIT (a decision is pending), CONTINUE (run the next step) or
# DONE; run_card (dispatch.pxi) finds it in CARD_STEP, indexed by card id.
# Cards of one protocol (the wheel buildings, the plain gains, the fixed
# exchanges...) share one step function, which tells them apart by dec.card.
# The numbers are those printed on the cards (buildings.json); every one of
# them is pinned by a test in tests/ora/test_cards_*.py and checked against the
# cards' effect_parts by tests/ora/test_effect_parts.py.  Their small helpers
# that read only the state (gain, printed_empty_use, grant_free_use...) are in
# cards.pxd.

cdef int8_t SHIPPING_GOODS[3]
SHIPPING_GOODS[:] = [G_MEAT, G_BREAD, G_WINE]
cdef int8_t BASIC_GOODS[6]
BASIC_GOODS[:] = [G_WOOD, G_CLAY, G_PEAT, G_SHEEP, G_GRAIN, G_COIN]


cdef int ask_wheel(OraState* s, int next_step) noexcept nogil:
    # the TAKE options are generated from the card (legal_take); with no token
    # and no joker on the wheel there is nothing to take
    cdef int cid = s.dec.card
    cdef int t = wheel_card_token(cid)
    cdef bint joker = s.token[T_JOKER] != TOKEN_ABSENT
    if cid == C_L2:
        if s.token[T_GRAIN] == TOKEN_ABSENT and s.token[T_SHEEP] == TOKEN_ABSENT and not joker:
            return DONE
    elif s.token[t] == TOKEN_ABSENT and not joker:
        return DONE
    return ask(s, D_TAKE, next_step, DF_SKIP if printed_empty_use(s) else 0)


cdef int legal_take(const OraState* s, int32_t* out) noexcept nogil:
    cdef int cid = s.dec.card
    cdef int n = 0, t, g, i
    cdef bint joker = s.token[T_JOKER] != TOKEN_ABSENT
    if cid >= C_I03:
        return legal_take_ireland(s, out)
    if cid == C_L2:
        for i in range(2):
            t = T_GRAIN if i == 0 else T_SHEEP
            g = TOKEN_GOOD[t]
            if s.token[t] != TOKEN_ABSENT:
                out[n] = A_TAKE + 2 * g
                n += 1
            if joker:
                out[n] = A_TAKE + 2 * g + 1
                n += 1
    elif cid == C_F33:
        # Shipping Company: meat, bread or wine by the joker's value
        for i in range(3):
            out[n] = A_TAKE + 2 * SHIPPING_GOODS[i] + 1
            n += 1
    elif cid == C_G02:
        # Cloister Courtyard: 6 of one basic good
        for i in range(6):
            out[n] = A_TAKE + 2 * BASIC_GOODS[i]
            n += 1
    else:
        t = wheel_card_token(cid)
        g = TOKEN_GOOD[t]
        if s.token[t] != TOKEN_ABSENT:
            out[n] = A_TAKE + 2 * g
            n += 1
        if joker:
            out[n] = A_TAKE + 2 * g + 1
            n += 1
    if s.dec.flags & DF_SKIP:
        out[n] = A_SKIP
        n += 1
    return n


cdef inline int token_of_good(int g) noexcept nogil:
    cdef int t
    for t in range(N_TOKENS):
        if TOKEN_GOOD[t] == g:
            return t
    return -1


cdef void recall_clergy(OraState* s, int who, bint prior_only) noexcept nogil:
    # Bathhouse (all) and Locutory (the prior): the acting player's clergy
    # come home, wherever they stand
    cdef int i
    for i in range(N_CLERGY):
        if prior_only and i != PRIOR:
            continue
        if s.pl[who].clergy[i] != CL_ABSENT:
            s.pl[who].clergy[i] = CL_HOME
    recompute_occupancy(s)


cdef int free_use_candidates(const OraState* s, int32_t* out) noexcept nogil:
    # the actions that take the free use waiting at the top of the turn;
    # cards already used in this turn's chain are excluded (no building works
    # twice in one chain: the Palace never uses itself, the Garden never
    # re-triggers)
    cdef int n = 0, p, sp, cid, kind = s.free_kind
    cdef u128 m
    cdef const Player* pl
    if kind == FU_CONTRACT:
        out[0] = A_TARGET + s.free_p * N_SPACES + s.free_s
        return 1
    if kind == FU_DISPLAY:
        m = s.display & ~s.chain
        while m:
            out[n] = A_CARD + u128_ctz(m)
            n += 1
            m = u128_clear_lowest(m)
        return n
    if kind == FU_NEIGHBOR:
        pl = &s.pl[s.free_p]
        m = neighbor_mask(pl, s.free_s) & pl.building & ~pl.occupied
        while m:
            sp = u128_ctz(m)
            m = u128_clear_lowest(m)
            if not (s.chain & u128_bit(pl.card[sp])):
                out[n] = A_TARGET + s.free_p * N_SPACES + sp
                n += 1
        return n
    if kind == FU_OCCUPIED:
        # the Palace / Grand Manor drink is paid when the use is taken
        if s.pl[s.current].goods[G_WINE if s.free_card == C_F27 else G_WHISKEY] < 1:
            return 0
    for p in range(s.cfg.seats):
        pl = &s.pl[p]
        m = (pl.prior_on if kind == FU_PRIOR else pl.occupied) & pl.building
        while m:
            sp = u128_ctz(m)
            m = u128_clear_lowest(m)
            cid = pl.card[sp]
            if not (s.chain & u128_bit(cid)):
                out[n] = A_TARGET + p * N_SPACES + sp
                n += 1
    return n


# production wheel: Clay Mound, Farmyard, Cloister Office, Grapevines, Quarries
cdef int step_wheel(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef int st = d.step, g
    if st == 0:
        return ask_wheel(s, 1)
    if d.res < 0:
        return DONE
    g = d.res >> 1
    wheel_take(s, d.actor, token_of_good(g), g, d.res & 1)
    return DONE


# plain gains: Harbor Promenade, Cloister Chapter House
cdef int step_plain_gain(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int cid = d.card, st = d.step
    if st == 0:
        if printed_empty_use(s):
            return ask(s, D_ACCEPT, 1, DF_SKIP | DF_ACCEPT)
        d.res = 1
    if d.res == -1:               # SKIP; ACCEPT is -3
        return DONE
    if cid == C_F11:          # 1 wood, 1 wine, 1 coin, 1 ceramic
        gain(me, G_WOOD, 1); gain(me, G_WINE, 1); gain(me, G_COIN, 1); gain(me, G_CERAMIC, 1)
    else:                     # 1 each of clay, wood, peat, sheep, grain, coin
        gain(me, G_CLAY, 1); gain(me, G_WOOD, 1); gain(me, G_PEAT, 1)
        gain(me, G_SHEEP, 1); gain(me, G_GRAIN, 1); gain(me, G_COIN, 1)
    return DONE


# a gain, then any number of conversions: Peat Coal Kiln, Dormitory
cdef int step_gain_and_convert(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int cid = d.card, st = d.step, n, hi
    if cid == C_G07:
        hi = me.goods[G_PEAT]
    else:
        hi = min(straw_avail(me), me.goods[G_WOOD])
    if st == 0:
        if printed_empty_use(s):
            return ask_amount(s, 0, hi, 1, DF_SKIP)
        d.a1 = 1                  # kennerspiel: the gain always comes
        if cid == C_G07:
            gain(me, G_COAL, 1); gain(me, G_COIN, 1)
        else:
            gain(me, G_CERAMIC, 1)
        return ask_amount(s, 0, hi, 1, 0)
    if d.res < 0:
        return DONE
    if d.a1 == 0:                 # printed: the gain comes with the use
        if cid == C_G07:
            gain(me, G_COAL, 1); gain(me, G_COIN, 1)
        else:
            gain(me, G_CERAMIC, 1)
    n = d.res
    if cid == C_G07:              # peat -> peat coal, any number
        me.goods[G_PEAT] -= n
        gain(me, G_COAL, n)
    else:                         # straw + wood -> book, any number
        pay_straw(me, n)
        me.goods[G_WOOD] -= n
        gain(me, G_BOOK, n)
    return DONE


# one fixed exchange, at most once
cdef int step_fixed_exchange(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int cid = d.card, st = d.step, hi
    if st == 0:
        if cid == C_F03 or cid == C_F15 or cid == C_F23:
            hi = 1 if money_avail(me) >= 1 else 0
        elif cid == C_G13:
            hi = 1 if money_avail(me) >= 2 else 0
        elif cid == C_F30:
            hi = 1 if me.goods[G_CERAMIC] >= 1 else 0
        elif cid == C_G26:
            hi = 1 if me.goods[G_WOOD] >= 2 else 0
        else:
            hi = 1 if (me.goods[G_BOOK] and me.goods[G_CERAMIC] and me.goods[G_ORNAMENT]
                       and me.goods[G_RELIQUARY] and s.wonders > 0) else 0
        return ask_amount(s, 0, hi, 1, 0)
    if d.res <= 0:
        return DONE
    if cid == C_F03:              # 1 coin -> 6 grain
        pay_money(me, 1); gain(me, G_GRAIN, 6)
    elif cid == C_F15:            # 1 coin -> 1 book, 1 bread, 2 grapes, 2 flour
        pay_money(me, 1)
        gain(me, G_BOOK, 1); gain(me, G_BREAD, 1); gain(me, G_GRAPES, 2); gain(me, G_FLOUR, 2)
    elif cid == C_G13:            # 2 coins -> 2 wood, 2 clay, 1 stone, 1 straw
        pay_money(me, 2)
        gain(me, G_WOOD, 2); gain(me, G_CLAY, 2); gain(me, G_STONE, 1); gain(me, G_STRAW, 1)
    elif cid == C_F30:            # 1 ceramic -> 12 coins
        me.goods[G_CERAMIC] -= 1; gain(me, G_COIN, 12)
    elif cid == C_G26:            # 2 wood -> 1 ornament, 5 coins
        me.goods[G_WOOD] -= 2; gain(me, G_ORNAMENT, 1); gain(me, G_COIN, 5)
    elif cid == C_F23:            # 1 coin -> 1 book, 1 ceramic, all own clergy home
        pay_money(me, 1); gain(me, G_BOOK, 1); gain(me, G_CERAMIC, 1)
        recall_clergy(s, d.actor, False)
    else:                         # Sacristy: book, ceramic, ornament, reliquary -> Wonder
        me.goods[G_BOOK] -= 1; me.goods[G_CERAMIC] -= 1
        me.goods[G_ORNAMENT] -= 1; me.goods[G_RELIQUARY] -= 1
        gain(me, G_WONDER, 1)
        s.wonders -= 1
    return DONE


# Windmill: up to 7 times 1 grain -> 1 flour + 1 straw
cdef int step_windmill(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, n
    if st == 0:
        return ask_amount(s, 0, min(7, me.goods[G_GRAIN]), 1, 0)
    n = d.res
    me.goods[G_GRAIN] -= n; gain(me, G_FLOUR, n); gain(me, G_STRAW, n)
    return DONE


# Slaughterhouse: any number of times 1 sheep + 1 straw -> 1 meat
cdef int step_slaughterhouse(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, n
    if st == 0:
        return ask_amount(s, 0, min(me.goods[G_SHEEP], straw_avail(me)), 1, 0)
    n = d.res
    me.goods[G_SHEEP] -= n; pay_straw(me, n); gain(me, G_MEAT, n)
    return DONE


# Cloister Church: up to 2 times 1 bread + 1 wine -> 1 reliquary
cdef int step_cloister_church(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, n
    if st == 0:
        return ask_amount(s, 0, min(2, me.goods[G_BREAD], me.goods[G_WINE]), 1, 0)
    n = d.res
    me.goods[G_BREAD] -= n; me.goods[G_WINE] -= n; gain(me, G_RELIQUARY, n)
    return DONE


# Winery: any number of grapes -> wine, and then/or once 1 wine -> 7 coins
cdef int step_winery(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask_amount(s, 0, me.goods[G_GRAPES], 1, 0)
    if st == 1:
        me.goods[G_GRAPES] -= d.res; gain(me, G_WINE, d.res)
        return ask_amount(s, 0, min(1, me.goods[G_WINE]), 2, 0)
    me.goods[G_WINE] -= d.res; gain(me, G_COIN, 7 * d.res)
    return DONE


# Cloister Library: up to 3 times 1 coin -> 1 book, and then/or once 1 book -> 1 meat + 1 wine
cdef int step_cloister_library(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask_amount(s, 0, min(3, money_avail(me)), 1, 0)
    if st == 1:
        pay_money(me, d.res); gain(me, G_BOOK, d.res)
        return ask_amount(s, 0, min(1, me.goods[G_BOOK]), 2, 0)
    me.goods[G_BOOK] -= d.res; gain(me, G_MEAT, d.res); gain(me, G_WINE, d.res)
    return DONE


# Forger's Workshop: 5 coins -> 1 reliquary, then any number of times 10 more -> 1 more
cdef int step_forgers_workshop(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, n
    if st == 0:
        n = money_avail(me)
        return ask_amount(s, 0, 0 if n < 5 else 1 + (n - 5) // 10, 1, 0)
    if d.res > 0:
        pay_money(me, 5 + 10 * (d.res - 1)); gain(me, G_RELIQUARY, d.res)
    return DONE


# Bakery: any number of times 1 flour + 1/2 energy -> 1 bread, and then/or up to 2 times 1 bread -> 4 coins
cdef int step_bakery(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, hi
    if st == 0:
        hi = min(me.goods[G_FLOUR], energy_total(me))
        return ask_amount(s, 0, hi, 1, 0)
    if st == 1:
        d.a1 = d.res
        return ask_pay(s, 0, d.res, 2)
    if st == 2:
        me.goods[G_FLOUR] -= d.a1; gain(me, G_BREAD, d.a1)
        return ask_amount(s, 0, min(2, me.goods[G_BREAD]), 3, 0)
    me.goods[G_BREAD] -= d.res; gain(me, G_COIN, 4 * d.res)
    return DONE


# Fuel Merchant: energy 3 / 6 / 9 -> 5 / 8 / 10 coins, once
# (the tier is that of the fuel handed in, as kennerspiel computes it)
cdef int step_fuel_merchant(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, e
    if st == 0:
        e = energy_total(me)
        return ask_amount(s, 0, min(3, e // 6), 1, 0)
    if st == 1:
        return ask_pay(s, 0, 6 * d.res, 2)
    e = d.paid_energy
    if e >= 18:
        gain(me, G_COIN, 10)
    elif e >= 12:
        gain(me, G_COIN, 8)
    elif e >= 6:
        gain(me, G_COIN, 5)
    return DONE


# Stone Merchant: up to 5 times food 2 + energy 1 -> 1 stone
# (as many stones as the goods handed in pay for: announcing fewer is
# never better, and kennerspiel counts them so)
cdef int step_stone_merchant(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, hi
    if st == 0:
        hi = 5
        while hi > 0 and not fe_feasible(me, 2 * hi, 2 * hi, 0, 0):
            hi -= 1
        return ask_amount(s, 0, hi, 1, 0)
    if st == 1:
        return ask_pay(s, 2 * d.res, 2 * d.res, 2)
    gain(me, G_STONE, min(5, d.paid_food // 2, d.paid_energy // 2))
    return DONE


# Cloister Workshop: up to 3 times clay + 1 energy -> ceramic, and/or once stone + 1 energy -> ornament
cdef int step_cloister_workshop(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, hi
    if st == 0:
        hi = min(3, me.goods[G_CLAY])
        while hi > 0 and not fe_feasible(me, 0, 2 * hi, 0, 0):
            hi -= 1
        return ask_amount(s, 0, hi, 1, 0)
    if st == 1:
        d.a1 = d.res
        hi = 1 if (me.goods[G_STONE] and fe_feasible(me, 0, 2 * (d.a1 + 1), 0, 0)) else 0
        return ask_amount(s, 0, hi, 2, 0)
    if st == 2:
        d.a2 = d.res
        return ask_pay(s, 0, 2 * (d.a1 + d.a2), 3)
    me.goods[G_CLAY] -= d.a1; gain(me, G_CERAMIC, d.a1)
    me.goods[G_STONE] -= d.a2; gain(me, G_ORNAMENT, d.a2)
    return DONE


# Inn: once 1 wine -> 6 coins, and/or up to 7 times food 1 -> 1 coin.
# The sale is asked first, and without it no wine counts as food: a wine
# handed in is sold (kennerspiel reads a wine so, and 6 coins beat 1)
cdef int step_inn(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, hi
    if st == 0:
        return ask_amount(s, 0, min(1, me.goods[G_WINE]), 1, 0)
    if st == 1:
        d.a1 = d.res
        me.goods[G_WINE] -= d.a1
        gain(me, G_COIN, 6 * d.a1)
        hi = food_total(me) - (0 if d.a1 else me.goods[G_WINE])
        return ask_amount(s, 0, min(7, hi), 2, 0)
    if st == 2:
        if d.a1:
            return ask_pay(s, d.res, 0, 3)
        return ask_pay_no_wine(s, d.res, 3)
    gain(me, G_COIN, min(7, d.paid_food))
    return DONE


# Estate: up to 2 times energy 6 or food 10 -> 1 book + 1 ornament
cdef int step_estate(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, n, hi
    if st == 0:
        hi = 2
        while hi > 0 and not fe_feasible(me, 0, 12 * hi, 0, 0):
            hi -= 1
        return ask_amount(s, 0, hi, 1, 0)       # sets paid with energy
    if st == 1:
        d.a1 = d.res
        hi = 2 - d.a1
        while hi > 0 and not fe_feasible(me, 10 * hi, 12 * d.a1, 0, 0):
            hi -= 1
        return ask_amount(s, 0, hi, 2, 0)       # sets paid with food
    if st == 2:
        return ask_pay(s, 10 * d.res, 12 * d.a1, 3)
    n = min(2, d.paid_energy // 12 + d.paid_food // 10)
    gain(me, G_BOOK, n); gain(me, G_ORNAMENT, n)
    return DONE


# Shipping Company: energy 3, then meat or bread or wine by the joker
cdef int step_shipping_company(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        if not fe_feasible(me, 0, 6, 0, 0):
            return DONE
        return ask(s, D_TAKE, 1, DF_SKIP)
    if st == 1:
        if d.res < 0:
            return DONE
        d.a1 = d.res >> 1
        return ask_pay(s, 0, 6, 2)
    gain(me, d.a1, token_value(s, T_JOKER))
    if s.token[T_JOKER] != TOKEN_ABSENT:
        s.token[T_JOKER] = s.arm
    bonus_production(s, d.a1)
    return DONE


# Cloister Courtyard: 3 different goods -> 6 of one basic good
cdef int step_cloister_courtyard(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        if not can_pick(me, 3):
            return DONE
        return ask_pick(s, 3, 1, DF_SKIP)
    if st == 1:
        if d.res < 0:
            return DONE
        return ask(s, D_TAKE, 2, 0)
    gain(me, d.res >> 1, 6)
    return DONE


# Market: 4 different goods -> 7 coins + 1 bread
cdef int step_market(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        if not can_pick(me, 4):
            return DONE
        return ask_pick(s, 4, 1, DF_SKIP)
    if d.res >= 0:
        gain(me, G_COIN, 7); gain(me, G_BREAD, 1)
    return DONE


# Chamber of Wonders: 13 different goods -> 1 Wonder
cdef int step_chamber_of_wonders(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        if s.wonders == 0 or not can_pick(me, 13):
            return DONE
        return ask_pick(s, 13, 1, DF_SKIP)
    if d.res >= 0:
        gain(me, G_WONDER, 1)
        s.wonders -= 1
    return DONE


# Pilgrimage Site: up to 2 upgrades book -> ceramic -> ornament -> reliquary
cdef int step_pilgrimage_site(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st > 0:
        if d.res < 0:
            return DONE
        me.goods[d.res] -= 1          # G_BOOK .. G_RELIQUARY are consecutive
        me.goods[d.res + 1] += 1
        if st == 2:
            return DONE
    if me.goods[G_BOOK] + me.goods[G_CERAMIC] + me.goods[G_ORNAMENT] == 0:
        return DONE
    return ask(s, D_UPGRADE, st + 1, DF_SKIP)


# House of the Brotherhood: 5 coins -> point goods worth 2 per cloister building
cdef int step_house_of_the_brotherhood(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, budget
    if st == 0:
        return ask_amount(s, 0, 1 if money_avail(me) >= 5 else 0, 1, 0)
    if st == 1:
        if d.res <= 0:
            return DONE
        pay_money(me, 5)
        budget = cloisters_of(me) * s.cfg.hotb_num // s.cfg.hotb_den
        if budget > 255:
            budget = 255
        return ask_gain(s, budget, 2)
    return DONE


# Carpentry: remove a forest (no wood) -> one Build
cdef int step_carpentry(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        if not me.forest:
            return DONE
        return ask_space(s, d.actor, me.forest, SC_CARD, 1, DF_SKIP)
    if d.res >= 0:
        put_card(me, d.res, C_NONE)
        s.bonus_build += 1
    return DONE


# Printing Office: remove up to 4 forests, 1 book each
cdef int step_printing_office(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, f
    if st > 0:
        if d.res < 0:
            return DONE
        put_card(me, d.res, C_NONE)
        gain(me, G_BOOK, 1)
        if st == 4:
            return DONE
    # forests in increasing space order, so each set is one sequence
    f = 0 if st == 0 else d.res + 1
    if not (me.forest & ~u128_low_bits(f)):
        return DONE
    return ask_space(s, d.actor, me.forest & ~u128_low_bits(f), SC_CARD, st + 1, DF_DONE)


# Calefactory: 1 coin -> Fell Trees and/or Cut Peat
cdef int step_calefactory(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask_amount(s, 0, 1 if money_avail(me) >= 1 else 0, 1, 0)
    if d.res > 0:
        pay_money(me, 1)
        if not s.in_bonus:       # no Fell Trees / Cut Peat in the bonus round
            s.bonus_fell = 1
            s.bonus_cut = 1
    return DONE


# Castle: build one of your settlements (one more Settle: in the solo
# settlement phase it comes beside the phase's own, rules.md 10.3)
cdef int step_castle(OraState* s) noexcept nogil:
    s.bonus_settle += 1
    return DONE


# Priory: the function of a building with a prior on it
cdef int step_priory(OraState* s) noexcept nogil:
    return grant_free_use(s, FU_PRIOR, 0, 0)


# Palace: 1 wine -> the function of any occupied building
cdef int step_palace(OraState* s) noexcept nogil:
    return grant_free_use(s, FU_OCCUPIED, 0, 0)


# Cloister Garden: 1 grape, and the function of an unoccupied neighbour
cdef int step_cloister_garden(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0 and printed_empty_use(s):
        return ask(s, D_ACCEPT, 1, DF_SKIP | DF_ACCEPT)
    if st == 1 and d.res == -1:
        return DONE
    gain(me, G_GRAPES, 1)
    if d.loc_p == 255:            # an unbuilt Garden (Hospice) has no neighbours
        return DONE
    return grant_free_use(s, FU_NEIGHBOR, d.loc_p, d.loc_s)


# Hospice: the function of a building still in the display
cdef int step_hospice(OraState* s) noexcept nogil:
    return grant_free_use(s, FU_DISPLAY, 0, 0)
