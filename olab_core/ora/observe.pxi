# Ora et Labora's observation tensor (GameOps.observe): what a seat sees,
# as ORA_OBS_SIZE floats.  olab/ora/tensor.py holds the layout (the names and
# shapes of the segments below, in this order) and a reference encoder in
# Python that the tests compare with this one value by value; the facade
# checks at import that both agree on every segment's offset.
#
# Everything is public in Ora et Labora, so a seat's tensor is the whole
# position told from its seat: rows of the seat segments are seats relative
# to the observer.  The tensor is kept small (about 6 kB) on purpose: the
# vectorized environment writes one per step, and its speed is bounded by
# the memory it writes; the landscapes are therefore counted by terrain and
# what covers them rather than drawn space by space (the legal actions name
# the spaces where something may go).

cdef enum:
    OBS_SEATS = 4
    OBS_CARD0 = 3              # the card axis: ids 3 (L1) .. 80 (S08)
    OBS_CARDS = N_CARDS - 3

# segment offsets, in the order of olab/ora/tensor.py's layout()
cdef enum:
    OB_CONFIG_PLAYERS = 0
    OB_CONFIG_MODE = OB_CONFIG_PLAYERS + 4
    OB_CONFIG_VARIANT = OB_CONFIG_MODE + 7
    OB_CONFIG_WHEEL_BACK = OB_CONFIG_VARIANT + 2
    OB_OBSERVER = OB_CONFIG_WHEEL_BACK + 1
    OB_ROUND = OB_OBSERVER + 4
    OB_PHASE = OB_ROUND + 1
    OB_TURN_KIND = OB_PHASE + 6
    OB_TURN_FLAGS = OB_TURN_KIND + 4
    OB_COUNTERS = OB_TURN_FLAGS + 18
    OB_FREE_USE = OB_COUNTERS + 7
    OB_WHEEL = OB_FREE_USE + 6
    OB_DISPLAY = OB_WHEEL + 126
    OB_TO_COME = OB_DISPLAY + 78
    OB_CHAIN = OB_TO_COME + 78
    OB_DECISION_KIND = OB_CHAIN + 78
    OB_DECISION_CHOOSER = OB_DECISION_KIND + 11
    OB_DECISION_ACTOR = OB_DECISION_CHOOSER + 4
    OB_DECISION_CARD = OB_DECISION_ACTOR + 4
    OB_DECISION_WHERE = OB_DECISION_CARD + 81
    OB_DECISION_NUMBERS = OB_DECISION_WHERE + 5
    OB_DECISION_FLAGS = OB_DECISION_NUMBERS + 9
    OB_DECISION_SPACE_CONTEXT = OB_DECISION_FLAGS + 4
    OB_DECISION_SPACE_OWNER = OB_DECISION_SPACE_CONTEXT + 5
    OB_SEAT_PRESENT = OB_DECISION_SPACE_OWNER + 4
    OB_SEAT_NEUTRAL = OB_SEAT_PRESENT + 4
    OB_SEAT_COLOR = OB_SEAT_NEUTRAL + 4
    OB_SEAT_ROLES = OB_SEAT_COLOR + 16
    OB_SEAT_GOODS = OB_SEAT_ROLES + 8
    OB_SEAT_TOTALS = OB_SEAT_GOODS + 88
    OB_SEAT_CLERGY = OB_SEAT_TOTALS + 8
    OB_SEAT_HAND = OB_SEAT_CLERGY + 12
    OB_SEAT_CARDS = OB_SEAT_HAND + 32
    OB_SEAT_OCCUPIED = OB_SEAT_CARDS + 312
    OB_SEAT_LANDSCAPE = OB_SEAT_OCCUPIED + 312
    OB_SEAT_LAND = OB_SEAT_LANDSCAPE + 100
    OB_SEAT_SCORE = OB_SEAT_LAND + 16
    OBS_SIZE = OB_SEAT_SCORE + 16


cdef inline void ob_n(float* out, int i, double v, int scale) noexcept nogil:
    # a count divided by its scale, in float32 as the reference does it; most
    # counts are 0 and the row is zeroed already, so their division (slow, and
    # a few hundred per tensor) is skipped
    if v != 0:
        out[i] = (<float>v) / (<float>scale)


cdef inline int ob_popcount(u128 m) noexcept nogil:
    # bit by bit: the build has no popcount instruction (no -mpopcnt), and
    # libgcc's is a call; the masks counted here hold a few bits each
    cdef int n = 0
    while m:
        m &= m - 1
        n += 1
    return n


cdef inline int ob_rel(int q, int observer, int seats) noexcept nogil:
    return (q - observer + seats) % seats


cdef int ora_observe(const void* sp, int player, float* out) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    cdef const Decision* d = &s.dec
    cdef const Player* p
    cdef int seats = s.cfg.seats, q, r, i, k, sq, cid, tk
    cdef u128 terrain[5]
    cdef u128 content[5]
    cdef u128 owned = 0, m
    if player < 0 or player >= s.cfg.players:
        return -1
    memset(out, 0, OBS_SIZE * sizeof(float))
    out[OB_CONFIG_PLAYERS + s.cfg.players - 1] = 1
    out[OB_CONFIG_MODE + s.cfg.mode] = 1
    out[OB_CONFIG_VARIANT + s.cfg.variant] = 1
    out[OB_CONFIG_WHEEL_BACK] = 1 if s.cfg.wheel_back else 0
    out[OB_OBSERVER + player] = 1
    ob_n(out, OB_ROUND, s.round, 32)
    out[OB_PHASE + s.phase_letter] = 1
    out[OB_TURN_KIND + s.turn_kind] = 1
    # turn_flags, in the order of tensor.TURN_FLAGS
    out[OB_TURN_FLAGS + 0] = s.in_settlement != 0
    out[OB_TURN_FLAGS + 1] = s.in_bonus != 0
    out[OB_TURN_FLAGS + 2] = s.final_turn != 0
    out[OB_TURN_FLAGS + 3] = s.main_used != 0
    out[OB_TURN_FLAGS + 4] = s.land_bought != 0
    out[OB_TURN_FLAGS + 5] = s.settled != 0
    out[OB_TURN_FLAGS + 6] = s.bonus_build != 0
    out[OB_TURN_FLAGS + 7] = s.bonus_fell != 0
    out[OB_TURN_FLAGS + 8] = s.bonus_cut != 0
    out[OB_TURN_FLAGS + 9] = s.bonus_settle != 0
    out[OB_TURN_FLAGS + 10] = s.bonus_district != 0
    out[OB_TURN_FLAGS + 11] = s.bonus_plot != 0
    out[OB_TURN_FLAGS + 12] = s.prior_pending != 0
    out[OB_TURN_FLAGS + 13] = s.neutral_contract_done != 0
    out[OB_TURN_FLAGS + 14] = s.fee_raised != 0
    out[OB_TURN_FLAGS + 15] = s.game_over != 0
    out[OB_TURN_FLAGS + 16] = s.truncated != 0
    out[OB_TURN_FLAGS + 17] = s.seating != 0
    ob_n(out, OB_COUNTERS + 0, s.turn_idx, 8)
    ob_n(out, OB_COUNTERS + 1, s.round_turns, 8)
    ob_n(out, OB_COUNTERS + 2, s.settle_idx, 4)
    ob_n(out, OB_COUNTERS + 3, s.districts_taken, 9)
    ob_n(out, OB_COUNTERS + 4, s.plots_taken, 9)
    ob_n(out, OB_COUNTERS + 5, s.wonders, 8)
    ob_n(out, OB_COUNTERS + 6, contract_fee(s), 2)
    out[OB_FREE_USE + s.free_kind] = 1
    for k in range(N_TOKENS):
        if s.token[k] == TOKEN_ABSENT:
            out[OB_WHEEL + k * 14] = 1
        else:
            out[OB_WHEEL + k * 14 + 1 + (s.arm - s.token[k] + 13) % 13] = 1
    # the cards: in the display, to come, used in this turn's chain
    for q in range(seats):
        p = &s.pl[q]
        m = p.building | p.settlement
        while m:
            owned |= u128_bit(p.card[u128_ctz(m)])
            m = u128_clear_lowest(m)
    # (bit loops over the few cards set, not over all 78: this encoder runs at
    # every step of the vectorized env)
    m = s.display
    while m:
        cid = u128_ctz(m)
        m = u128_clear_lowest(m)
        if cid >= OBS_CARD0:
            out[OB_DISPLAY + cid - OBS_CARD0] = 1
    m = s.cfg.deck & ~s.display & ~owned
    while m:
        cid = u128_ctz(m)
        m = u128_clear_lowest(m)
        if cid >= OBS_CARD0:
            out[OB_TO_COME + cid - OBS_CARD0] = 1
    m = s.chain
    while m:
        cid = u128_ctz(m)
        m = u128_clear_lowest(m)
        if cid >= OBS_CARD0:
            out[OB_CHAIN + cid - OBS_CARD0] = 1
    # the pending decision
    out[OB_DECISION_KIND + d.kind] = 1
    out[OB_DECISION_CHOOSER + ob_rel(d.chooser, player, seats)] = 1
    out[OB_DECISION_ACTOR + ob_rel(d.actor, player, seats)] = 1
    out[OB_DECISION_CARD + d.card] = 1
    if d.card != C_NONE:
        out[OB_DECISION_WHERE + (0 if d.loc_p == 255 else 1 + ob_rel(d.loc_p, player, seats))] = 1
    ob_n(out, OB_DECISION_NUMBERS + 0, d.step, 8)
    ob_n(out, OB_DECISION_NUMBERS + 1, d.lo, 16)
    ob_n(out, OB_DECISION_NUMBERS + 2, d.hi, 16)
    ob_n(out, OB_DECISION_NUMBERS + 3, d.req_food, 16)
    ob_n(out, OB_DECISION_NUMBERS + 4, d.req_energy, 16)
    ob_n(out, OB_DECISION_NUMBERS + 5, d.req_points, 16)
    ob_n(out, OB_DECISION_NUMBERS + 6, d.paid_food, 16)
    ob_n(out, OB_DECISION_NUMBERS + 7, d.paid_energy, 16)
    ob_n(out, OB_DECISION_NUMBERS + 8, d.need, 8)
    for i in range(4):
        out[OB_DECISION_FLAGS + i] = (d.flags >> i) & 1
    if d.kind == D_SPACE:
        out[OB_DECISION_SPACE_CONTEXT + d.ctx] = 1
        out[OB_DECISION_SPACE_OWNER + ob_rel(d.space_p, player, seats)] = 1
    # the seats, from the observer's on
    for q in range(seats):
        p = &s.pl[q]
        r = ob_rel(q, player, seats)
        out[OB_SEAT_PRESENT + r] = 1
        if s.cfg.players == 1 and q == 1:
            out[OB_SEAT_NEUTRAL + r] = 1
        out[OB_SEAT_COLOR + r * 4 + p.color] = 1
        if q == s.current:
            out[OB_SEAT_ROLES + r * 2] = 1
        if q == s.start_player:
            out[OB_SEAT_ROLES + r * 2 + 1] = 1
        for i in range(N_GOODS):
            ob_n(out, OB_SEAT_GOODS + r * N_GOODS + i, p.goods[i], 10)
        ob_n(out, OB_SEAT_TOTALS + r * 2, food_total(p), 10)
        ob_n(out, OB_SEAT_TOTALS + r * 2 + 1, energy_total(p), 10)
        k = (p.clergy[0] == CL_HOME) + (p.clergy[1] == CL_HOME)
        ob_n(out, OB_SEAT_CLERGY + r * 3, k, 2)
        out[OB_SEAT_CLERGY + r * 3 + 1] = p.clergy[PRIOR] == CL_HOME
        k = 0
        for i in range(N_CLERGY):
            k += p.clergy[i] != CL_HOME and p.clergy[i] != CL_ABSENT
        ob_n(out, OB_SEAT_CLERGY + r * 3 + 2, k, 3)
        for i in range(8):
            out[OB_SEAT_HAND + r * 8 + i] = (p.hand >> i) & 1
        # the landscape by terrain x content: popcounts of the masks the core keeps
        terrain[0] = p.plains
        terrain[1] = p.hill
        terrain[2] = p.coast
        terrain[3] = p.water
        terrain[4] = p.mountain
        content[1] = p.forest
        content[2] = p.moor
        content[3] = p.building
        content[4] = p.settlement
        content[0] = p.exists & ~(p.forest | p.moor | p.building | p.settlement)
        for tk in range(5):
            for i in range(5):
                ob_n(out, OB_SEAT_LANDSCAPE + r * 25 + tk * 5 + i,
                     ob_popcount(p.exists & terrain[tk] & content[i]), 10)
        m = p.building | p.settlement
        while m:
            sq = u128_ctz(m)
            m = u128_clear_lowest(m)
            cid = p.card[sq]
            if cid >= OBS_CARD0:
                out[OB_SEAT_CARDS + r * OBS_CARDS + cid - OBS_CARD0] = 1
                if p.occupied & u128_bit(sq):
                    out[OB_SEAT_OCCUPIED + r * OBS_CARDS + cid - OBS_CARD0] = 1
        ob_n(out, OB_SEAT_LAND + r * 4, ob_popcount(empty_spaces(p) & p.cloister_adj & ~p.water), 10)
        k = 0
        for i in range(p.ntiles):
            k += p.tile_kind[i] == TK_DISTRICT_PLAINS or p.tile_kind[i] == TK_DISTRICT_HILLS
        ob_n(out, OB_SEAT_LAND + r * 4 + 1, k, 9)
        ob_n(out, OB_SEAT_LAND + r * 4 + 2, p.ntiles - k, 9)
        out[OB_SEAT_LAND + r * 4 + 3] = p.prior_on != 0
        ob_n(out, OB_SEAT_SCORE + r * 4, money_points(s, p), 100)
        ob_n(out, OB_SEAT_SCORE + r * 4 + 1, goods_points(s, p), 100)
        ob_n(out, OB_SEAT_SCORE + r * 4 + 2, economic_points(p), 100)
        ob_n(out, OB_SEAT_SCORE + r * 4 + 3, settlement_points(s, p), 100)
    return 0


# the offsets, for the facade's check against olab/ora/tensor.py
OBS_OFFSETS = dict(
    config__players=OB_CONFIG_PLAYERS,
    config__mode=OB_CONFIG_MODE,
    config__variant=OB_CONFIG_VARIANT,
    config__wheel_back=OB_CONFIG_WHEEL_BACK,
    observer=OB_OBSERVER,
    round=OB_ROUND,
    phase=OB_PHASE,
    turn_kind=OB_TURN_KIND,
    turn_flags=OB_TURN_FLAGS,
    counters=OB_COUNTERS,
    free_use=OB_FREE_USE,
    wheel=OB_WHEEL,
    display=OB_DISPLAY,
    to_come=OB_TO_COME,
    chain=OB_CHAIN,
    decision__kind=OB_DECISION_KIND,
    decision__chooser=OB_DECISION_CHOOSER,
    decision__actor=OB_DECISION_ACTOR,
    decision__card=OB_DECISION_CARD,
    decision__where=OB_DECISION_WHERE,
    decision__numbers=OB_DECISION_NUMBERS,
    decision__flags=OB_DECISION_FLAGS,
    decision__space_context=OB_DECISION_SPACE_CONTEXT,
    decision__space_owner=OB_DECISION_SPACE_OWNER,
    seat__present=OB_SEAT_PRESENT,
    seat__neutral=OB_SEAT_NEUTRAL,
    seat__color=OB_SEAT_COLOR,
    seat__roles=OB_SEAT_ROLES,
    seat__goods=OB_SEAT_GOODS,
    seat__totals=OB_SEAT_TOTALS,
    seat__clergy=OB_SEAT_CLERGY,
    seat__hand=OB_SEAT_HAND,
    seat__cards=OB_SEAT_CARDS,
    seat__occupied=OB_SEAT_OCCUPIED,
    seat__landscape=OB_SEAT_LANDSCAPE,
    seat__land=OB_SEAT_LAND,
    seat__score=OB_SEAT_SCORE,
)
OBSERVATION_SIZE = OBS_SIZE
