# The pending decision: its legal actions and how an action resolves it.

# The step function of every card, indexed by card id.  A card's function
# runs in steps (each ends in WAIT, CONTINUE or DONE, see chains.pxi), and
# run_card calls the step of dec.card once per step: one indirect call, where
# a dispatch on the card (an if-chain over some seventy ids, or ranges of the
# enum) would compare its way down to the card every time, and would tie the
# code to the order of the enum (heartland and shared < Ireland <
# settlements).  The table keeps one function per card (or per family of cards
# that share one protocol), so each card reads, profiles and is found on its
# own, and a new card is one entry here.  Filled once, when the module is
# imported (fill_card_steps below), before any state exists; ids with no
# function (no card, forest, moor) do nothing.  It has an entry for each of
# the 256 values of the uint8_t dec.card, so that even a corrupt position
# naming no card calls step_nothing, never a pointer read past the table.
ctypedef int (*card_step_fn)(OraState*) noexcept nogil
cdef card_step_fn CARD_STEP[256]


cdef int step_nothing(OraState* s) noexcept nogil:
    return DONE


cdef void fill_card_steps() noexcept nogil:
    cdef int cid
    for cid in range(256):
        CARD_STEP[cid] = step_nothing
    # heartland (L), shared (G) and France (F) buildings: cards.pxi
    CARD_STEP[C_L1] = step_wheel
    CARD_STEP[C_L2] = step_wheel
    CARD_STEP[C_L3] = step_wheel
    CARD_STEP[C_F14] = step_wheel
    CARD_STEP[C_F31] = step_wheel
    CARD_STEP[C_G22] = step_wheel
    CARD_STEP[C_F29] = step_wheel
    CARD_STEP[C_F11] = step_plain_gain
    CARD_STEP[C_G16] = step_plain_gain
    CARD_STEP[C_G07] = step_gain_and_convert
    CARD_STEP[C_F37] = step_gain_and_convert
    CARD_STEP[C_F03] = step_fixed_exchange
    CARD_STEP[C_F15] = step_fixed_exchange
    CARD_STEP[C_G13] = step_fixed_exchange
    CARD_STEP[C_F30] = step_fixed_exchange
    CARD_STEP[C_G26] = step_fixed_exchange
    CARD_STEP[C_F23] = step_fixed_exchange
    CARD_STEP[C_G34] = step_fixed_exchange
    CARD_STEP[C_F04] = step_windmill
    CARD_STEP[C_G19] = step_slaughterhouse
    CARD_STEP[C_F24] = step_cloister_church
    CARD_STEP[C_F21] = step_winery
    CARD_STEP[C_F17] = step_cloister_library
    CARD_STEP[C_F35] = step_forgers_workshop
    CARD_STEP[C_F05] = step_bakery
    CARD_STEP[C_G06] = step_fuel_merchant
    CARD_STEP[C_G12] = step_stone_merchant
    CARD_STEP[C_G18] = step_cloister_workshop
    CARD_STEP[C_F20] = step_inn
    CARD_STEP[C_G39] = step_estate
    CARD_STEP[C_F33] = step_shipping_company
    CARD_STEP[C_G02] = step_cloister_courtyard
    CARD_STEP[C_F08] = step_market
    CARD_STEP[C_F25] = step_chamber_of_wonders
    CARD_STEP[C_F36] = step_pilgrimage_site
    CARD_STEP[C_G41] = step_house_of_the_brotherhood
    CARD_STEP[C_F10] = step_carpentry
    CARD_STEP[C_F38] = step_printing_office
    CARD_STEP[C_F32] = step_calefactory
    CARD_STEP[C_G28] = step_castle
    CARD_STEP[C_G01] = step_priory
    CARD_STEP[C_F27] = step_palace
    CARD_STEP[C_F09] = step_cloister_garden
    CARD_STEP[C_F40] = step_hospice
    # Ireland (I) buildings: ireland.pxi
    CARD_STEP[C_I11] = step_plain_gain_ireland
    CARD_STEP[C_I09] = step_plain_gain_ireland
    CARD_STEP[C_I03] = step_fixed_exchange_ireland
    CARD_STEP[C_I17] = step_fixed_exchange_ireland
    CARD_STEP[C_I25] = step_fixed_exchange_ireland
    CARD_STEP[C_I23] = step_fixed_exchange_ireland
    CARD_STEP[C_I37] = step_fixed_exchange_ireland
    CARD_STEP[C_I08] = step_false_lighthouse
    CARD_STEP[C_I14] = step_sacred_site
    CARD_STEP[C_I30] = step_refectory
    CARD_STEP[C_I04] = step_malthouse
    CARD_STEP[C_I05] = step_brewery
    CARD_STEP[C_I15] = step_druids_house
    CARD_STEP[C_I20] = step_alehouse
    CARD_STEP[C_I21] = step_whiskey_distillery
    CARD_STEP[C_I24] = step_chapel
    CARD_STEP[C_I31] = step_coal_harbor
    CARD_STEP[C_I36] = step_camera
    CARD_STEP[C_I29] = step_forest_hut
    CARD_STEP[C_I32] = step_filial_church
    CARD_STEP[C_I33] = step_cooperage
    CARD_STEP[C_I35] = step_round_tower
    CARD_STEP[C_I38] = step_festival_ground
    CARD_STEP[C_I27] = step_grand_manor
    CARD_STEP[C_I10] = step_cottage
    CARD_STEP[C_I40] = step_guesthouse
    # settlements: turn.pxi
    for cid in range(C_S01, C_S08 + 1):
        CARD_STEP[cid] = settle_step


fill_card_steps()


cdef void run_card(OraState* s) noexcept nogil:
    # run the current card function until it waits for a decision or ends
    cdef int r
    while True:
        r = CARD_STEP[s.dec.card](s)
        if r == WAIT:
            return
        if r == DONE:
            clear_decision(s)
            return


cdef int legal_actions(const OraState* s, int32_t* out) noexcept nogil:
    cdef const Decision* d = &s.dec
    cdef int n = 0, i, g
    cdef u128 m
    cdef int kind = d.kind
    if kind == D_TURN:
        return legal_turn(s, out)
    if kind == D_OVER:
        return 0
    if kind == D_OWNER:
        out[0] = A_WITH_LAYBROTHER
        out[1] = A_WITH_PRIOR
        return 2
    if kind == D_AMOUNT:
        for i in range(d.lo, d.hi + 1):
            out[n] = A_AMOUNT + i
            n += 1
    elif kind == D_PAY:
        return legal_pay(s, out)
    elif kind == D_PICK:
        n = legal_pick(s, out)
    elif kind == D_GAIN:
        return legal_gain(s, out)
    elif kind == D_SPACE:
        m = d.mask
        while m:
            out[n] = A_SPACE + u128_ctz(m)
            n += 1
            m = u128_clear_lowest(m)
    elif kind == D_TAKE:
        return legal_take(s, out)
    elif kind == D_UPGRADE:
        for g in range(G_BOOK, G_RELIQUARY):
            if s.pl[d.actor].goods[g] > 0:
                out[n] = A_UPGRADE + g
                n += 1
    if d.flags & DF_ACCEPT:
        out[n] = A_ACCEPT
        n += 1
    if d.flags & DF_SKIP:
        out[n] = A_SKIP
        n += 1
    if d.flags & DF_DONE:
        out[n] = A_DONE
        n += 1
    return n


cdef void apply_decision(OraState* s, int a) noexcept nogil:
    # apply a legal action to the pending decision
    cdef Decision* d = &s.dec
    cdef int kind = d.kind, g, k, o, sp
    if kind == D_TURN:
        apply_turn(s, a)
        return
    if a == A_SKIP:
        d.res = -1
        run_card(s)
        return
    if a == A_DONE:
        d.res = -2
        run_card(s)
        return
    if a == A_ACCEPT:
        d.res = -3
        run_card(s)
        return
    if kind == D_OWNER:
        o = d.loc_p
        sp = d.loc_s
        place_clergy(s, o, a == A_WITH_PRIOR, o, sp)
        open_contract(s, o, sp)
    elif kind == D_AMOUNT:
        d.res = a - A_AMOUNT
        run_card(s)
    elif kind == D_PAY:
        k = a - A_PAY
        apply_pay(s, k // KMAX, k % KMAX + 1)
        if d.req_food <= 0 and d.req_energy <= 0 and d.req_points <= 0:
            d.res = 0
            run_card(s)
    elif kind == D_PICK:
        g = a - A_PICK
        pick_take(&s.pl[d.actor], g)
        d.last = g
        d.need -= 1
        d.flags &= ~DF_SKIP       # SKIP declines the whole exchange, only at the start
        if d.need == 0:
            d.res = 1
            run_card(s)
    elif kind == D_GAIN:
        g = a - A_PICK
        s.pl[d.actor].goods[g] += 1
        d.need -= POINTS[g]
        d.last = g
        if d.need < POINTS[G_BOOK]:
            d.res = 0
            run_card(s)
    elif kind == D_SPACE:
        apply_space(s, a - A_SPACE)
    elif kind == D_TAKE:
        d.res = a - A_TAKE
        run_card(s)
    elif kind == D_UPGRADE:
        d.res = a - A_UPGRADE
        run_card(s)


cdef bint is_legal(const OraState* s, int a) noexcept nogil:
    cdef int32_t buf[MAX_LEGAL]
    cdef int n = legal_actions(s, buf), i
    for i in range(n):
        if buf[i] == a:
            return True
    return False
