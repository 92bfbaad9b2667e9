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


# Speed: this encoder runs at every step of the vectorized env (issue 13's
# goal: 5x a Python loop doing the same work).  perf showed the first version
# spending its time on float divisions (a dozen cycles of latency each, a few
# hundred per tensor), bit counting in data-dependent loops, a libc call per
# 128-bit popcount, and a division per seat index.  Now:
# - the one-hot segments at the head are cleared; everything else is written
#   in full (card sets four bits at a time from a table, ob_cards; the seats'
#   few cards cleared and set one by one, ob_cards_sparse);
# - counts over 10 and 100 come from tables of the same float32 quotients
#   (v / 10 is not v * 0.1 in float32), and the long rows of counts divide in
#   loops the compiler vectorizes (a vector division is exact too);
# - the landscape's 25 counts per seat use the popcnt instruction where the
#   CPU has it (u128_and_counts, bits.h);
# - in the vectorized env, what did not change in the step keeps its place
#   in the row (observe_since, below), so a step touches only part of it.
# A batch of 1,024 rows does not stay in the cache, so every line of the row
# a step touches is fetched again first.  A per-env memo of the seats' rows
# (the version before observe_since) halved the encoding but read as many
# cold lines as it saved: cachegrind, 4 players, per step with observation,
# 5,012 instructions and 182 level-1 misses with the memo, 4,267 and 95 with
# observe_since (1,462 and 21 without observations).  Every variant is pinned
# to the Python reference encoder, value by value.

cdef enum:
    OB_TABLE = 256               # counts 0..255 are looked up; others divide

cdef float OB_TENTHS[OB_TABLE]
cdef float OB_HUNDREDTHS[OB_TABLE]


cdef void ob_init_tables() noexcept nogil:
    cdef int v
    for v in range(OB_TABLE):
        OB_TENTHS[v] = (<float>v) / (<float>10)
        OB_HUNDREDTHS[v] = (<float>v) / (<float>100)

ob_init_tables()


cdef inline float ob_tenths(int v) noexcept nogil:
    if <unsigned int>v < OB_TABLE:
        return OB_TENTHS[v]
    return (<float>v) / (<float>10)


cdef inline float ob_hundredths(int v) noexcept nogil:
    if <unsigned int>v < OB_TABLE:
        return OB_HUNDREDTHS[v]
    return (<float>v) / (<float>100)


cdef inline void ob_cards(float* out, u128 cards) noexcept nogil:
    # a set of card ids as the card axis (ids OBS_CARD0 ..)
    cards >>= OBS_CARD0
    u64_bits_to_floats(out, u128_lo(cards), 64)
    u64_bits_to_floats(out + 64, u128_hi(cards), OBS_CARDS - 64)


cdef inline void ob_cards_sparse(float* out, u128 cards) noexcept nogil:
    # the same for a set of a few cards: cleared, then set one by one
    cdef int cid
    memset(out, 0, OBS_CARDS * sizeof(float))
    cards >>= OBS_CARD0
    while cards:
        cid = u128_ctz(cards)
        cards = u128_clear_lowest(cards)
        out[cid] = 1


cdef void ob_seat(const OraState* s, int q, int r, float* out, u128* card_sets) noexcept nogil:
    # every segment of seat q's row r but the one-hot ones (set by the
    # caller); its cards and those occupied into card_sets[0], [1]
    cdef const Player* p = &s.pl[q]
    cdef int i, k, tk, sq, money, goods
    cdef int econ = 0
    cdef int cid
    cdef u128 m, cards = 0, occupied = 0
    cdef int counts[25]
    cdef u128 content[5]
    cdef u128 terrain[5]
    cdef float* row
    row = out + OB_SEAT_GOODS + r * N_GOODS
    for i in range(N_GOODS):
        row[i] = (<float>p.goods[i]) / (<float>10)      # (a loop the compiler vectorizes)
    out[OB_SEAT_TOTALS + r * 2] = ob_tenths(food_total(p))
    out[OB_SEAT_TOTALS + r * 2 + 1] = ob_tenths(energy_total(p))
    k = (p.clergy[0] == CL_HOME) + (p.clergy[1] == CL_HOME)
    row = out + OB_SEAT_CLERGY + r * 3
    row[0] = (<float>k) / (<float>2)
    row[1] = p.clergy[PRIOR] == CL_HOME
    k = 0
    for i in range(N_CLERGY):
        k += p.clergy[i] != CL_HOME and p.clergy[i] != CL_ABSENT
    row[2] = (<float>k) / (<float>3)
    u64_bits_to_floats(out + OB_SEAT_HAND + r * 8, p.hand, 8)
    # the cards of the landscape and those occupied, as sets of card ids,
    # with their economic value on the way
    m = p.building | p.settlement
    while m:
        sq = u128_ctz(m)
        m = u128_clear_lowest(m)
        cid = p.card[sq]
        econ += CARDS[cid].econ
        cards |= u128_bit(cid)
        if (p.occupied >> sq) & 1:
            occupied |= u128_bit(cid)
    ob_cards_sparse(out + OB_SEAT_CARDS + r * OBS_CARDS, cards)
    ob_cards_sparse(out + OB_SEAT_OCCUPIED + r * OBS_CARDS, occupied)
    card_sets[0] = cards
    card_sets[1] = occupied
    # the landscape by terrain x content
    terrain[0] = p.plains
    terrain[1] = p.hill
    terrain[2] = p.coast
    terrain[3] = p.water
    terrain[4] = p.mountain
    content[1] = p.forest
    content[2] = p.moor
    content[3] = p.building
    content[4] = p.settlement
    content[0] = ~(p.forest | p.moor | p.building | p.settlement)
    for tk in range(5):
        terrain[tk] &= p.exists
    u128_and_counts(terrain, 5, content, 5, counts)
    row = out + OB_SEAT_LANDSCAPE + r * 25
    for i in range(25):
        row[i] = (<float>counts[i]) / (<float>10)
    row = out + OB_SEAT_LAND + r * 4
    row[0] = ob_tenths(u128_popcount(empty_spaces(p) & p.cloister_adj & ~p.water))
    k = 0
    for i in range(p.ntiles):
        k += p.tile_kind[i] == TK_DISTRICT_PLAINS or p.tile_kind[i] == TK_DISTRICT_HILLS
    row[1] = (<float>k) / (<float>9)
    row[2] = (<float>(p.ntiles - k)) / (<float>9)
    row[3] = p.prior_on != 0
    # the score now (goods_points counts the money too)
    money = money_points(s, p)
    goods = goods_points_besides_money(p) + money
    row = out + OB_SEAT_SCORE + r * 4
    row[0] = ob_hundredths(money)
    row[1] = ob_hundredths(goods)
    row[2] = ob_hundredths(econ)
    row[3] = ob_hundredths(settlement_points(s, p))


# a seat's rows, all nine segments, as observe_since keeps them aside
cdef enum:
    OB_SEAT_ROW = N_GOODS + 2 + 3 + 8 + 2 * OBS_CARDS + 25 + 4 + 4


# (each segment by its own memset / memcpy of a size known when compiling:
# the compiler writes those inline, where a loop over a table of segments
# calls libc for each)
cdef inline void ob_clear_seat(float* out, int r) noexcept nogil:
    # the rows of a seat the game does not have
    memset(out + OB_SEAT_GOODS + r * N_GOODS, 0, N_GOODS * sizeof(float))
    memset(out + OB_SEAT_TOTALS + r * 2, 0, 2 * sizeof(float))
    memset(out + OB_SEAT_CLERGY + r * 3, 0, 3 * sizeof(float))
    memset(out + OB_SEAT_HAND + r * 8, 0, 8 * sizeof(float))
    memset(out + OB_SEAT_CARDS + r * OBS_CARDS, 0, OBS_CARDS * sizeof(float))
    memset(out + OB_SEAT_OCCUPIED + r * OBS_CARDS, 0, OBS_CARDS * sizeof(float))
    memset(out + OB_SEAT_LANDSCAPE + r * 25, 0, 25 * sizeof(float))
    memset(out + OB_SEAT_LAND + r * 4, 0, 4 * sizeof(float))
    memset(out + OB_SEAT_SCORE + r * 4, 0, 4 * sizeof(float))


cdef inline void ob_seat_get(const float* out, int r, float* block) noexcept nogil:
    # seat row r into a block of OB_SEAT_ROW floats
    memcpy(block, out + OB_SEAT_GOODS + r * N_GOODS, N_GOODS * sizeof(float))
    block += N_GOODS
    memcpy(block, out + OB_SEAT_TOTALS + r * 2, 2 * sizeof(float))
    block += 2
    memcpy(block, out + OB_SEAT_CLERGY + r * 3, 3 * sizeof(float))
    block += 3
    memcpy(block, out + OB_SEAT_HAND + r * 8, 8 * sizeof(float))
    block += 8
    memcpy(block, out + OB_SEAT_CARDS + r * OBS_CARDS, OBS_CARDS * sizeof(float))
    block += OBS_CARDS
    memcpy(block, out + OB_SEAT_OCCUPIED + r * OBS_CARDS, OBS_CARDS * sizeof(float))
    block += OBS_CARDS
    memcpy(block, out + OB_SEAT_LANDSCAPE + r * 25, 25 * sizeof(float))
    block += 25
    memcpy(block, out + OB_SEAT_LAND + r * 4, 4 * sizeof(float))
    block += 4
    memcpy(block, out + OB_SEAT_SCORE + r * 4, 4 * sizeof(float))


cdef inline void ob_seat_put(float* out, int r, const float* block) noexcept nogil:
    # the inverse of ob_seat_get
    memcpy(out + OB_SEAT_GOODS + r * N_GOODS, block, N_GOODS * sizeof(float))
    block += N_GOODS
    memcpy(out + OB_SEAT_TOTALS + r * 2, block, 2 * sizeof(float))
    block += 2
    memcpy(out + OB_SEAT_CLERGY + r * 3, block, 3 * sizeof(float))
    block += 3
    memcpy(out + OB_SEAT_HAND + r * 8, block, 8 * sizeof(float))
    block += 8
    memcpy(out + OB_SEAT_CARDS + r * OBS_CARDS, block, OBS_CARDS * sizeof(float))
    block += OBS_CARDS
    memcpy(out + OB_SEAT_OCCUPIED + r * OBS_CARDS, block, OBS_CARDS * sizeof(float))
    block += OBS_CARDS
    memcpy(out + OB_SEAT_LANDSCAPE + r * 25, block, 25 * sizeof(float))
    block += 25
    memcpy(out + OB_SEAT_LAND + r * 4, block, 4 * sizeof(float))
    block += 4
    memcpy(out + OB_SEAT_SCORE + r * 4, block, 4 * sizeof(float))


cdef inline u128 ob_card_set(const Player* p) noexcept nogil:
    # the ids of the cards in p's landscape (what ob_seat puts in card_sets[0])
    cdef u128 m = p.building | p.settlement, cards = 0
    cdef int sq
    while m:
        sq = u128_ctz(m)
        m = u128_clear_lowest(m)
        cards |= u128_bit(p.card[sq])
    return cards


# The vectorized env's shortcut (GameOps.observe_since): out already holds
# the tensor of the position before this step's action, told from the seat
# that was to move then.  A seat's rows depend on nothing but its Player and
# the configuration, and in a step usually only the seat that decided
# changes, so the rows of every seat whose Player is byte for byte the same
# in both positions are kept (moved to their new row when the observer
# changed) rather than encoded again: in random 4-player games 84% of the
# seats.  Equal bytes mean equal fields, so nothing kept is ever stale;
# padding that differs only costs an encoding.  So are the wheel and the
# three card rows of the head when what they show did not change.  Unlike a
# memo kept per env, this reads nothing but the two positions (which the step
# has in the cache anyway) and the row it writes (which the write fetches
# anyway).
cdef int ora_observe(const void* sp, int player, float* out) noexcept nogil:
    return ob_observe(<const OraState*>sp, player, out, NULL, 0)


cdef int ora_observe_since(const void* sp, int player, float* out, const void* before,
                           int before_player) noexcept nogil:
    return ob_observe(<const OraState*>sp, player, out, <const OraState*>before, before_player)


cdef int ob_observe(const OraState* s, int player, float* out, const OraState* before,
                    int before_player) noexcept nogil:
    cdef const Decision* d = &s.dec
    cdef const Player* p
    cdef int seats = s.cfg.seats, q, r, i, k
    cdef u128 owned = 0, owned_before = 0  # the cards of the seats encoded, now and before
    cdef u128 sets[2]
    cdef uint8_t kept[OBS_SEATS]        # seat q's rows are those of before
    cdef float rows[OBS_SEATS][OB_SEAT_ROW]
    cdef bint moved = before != NULL and before_player != player
    cdef bint wheel_kept = (before != NULL and before.arm == s.arm
                            and memcmp(before.token, s.token, sizeof(s.token)) == 0)
    if player < 0 or player >= s.cfg.players:
        return -1
    for q in range(OBS_SEATS):
        kept[q] = 0
    if before != NULL:
        for q in range(seats):
            if memcmp(&before.pl[q], &s.pl[q], sizeof(Player)) == 0:
                kept[q] = 1
                if moved:
                    ob_seat_get(out, ob_rel(q, before_player, seats), rows[q])
    # the one-hot segments are cleared (the wheel's unless it is kept); the
    # card sets and the seats' dense segments are written in full below
    memset(out, 0, (OB_WHEEL if wheel_kept else OB_DISPLAY) * sizeof(float))
    memset(out + OB_DECISION_KIND, 0, (OB_SEAT_GOODS - OB_DECISION_KIND) * sizeof(float))
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
    if not wheel_kept:
        for k in range(N_TOKENS):
            if s.token[k] == TOKEN_ABSENT:
                out[OB_WHEEL + k * 14] = 1
            else:
                out[OB_WHEEL + k * 14 + 1 + (s.arm - s.token[k] + 13) % 13] = 1
    # the cards: in the display, used in this turn's chain (to come: below,
    # from the seats' cards)
    if before == NULL or before.display != s.display:
        ob_cards(out + OB_DISPLAY, s.display)
    if before == NULL or before.chain != s.chain:
        ob_cards(out + OB_CHAIN, s.chain)
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
    # the seats, from the observer's on (row r is seat player + r)
    for r in range(OBS_SEATS):
        if r >= seats:
            ob_clear_seat(out, r)
            continue
        q = player + r
        if q >= seats:
            q -= seats
        p = &s.pl[q]
        out[OB_SEAT_PRESENT + r] = 1
        if s.cfg.players == 1 and q == 1:
            out[OB_SEAT_NEUTRAL + r] = 1
        out[OB_SEAT_COLOR + r * 4 + p.color] = 1
        if q == s.current:
            out[OB_SEAT_ROLES + r * 2] = 1
        if q == s.start_player:
            out[OB_SEAT_ROLES + r * 2 + 1] = 1
        if kept[q]:
            if moved:
                ob_seat_put(out, r, rows[q])
        else:
            ob_seat(s, q, r, out, sets)
            owned |= sets[0]
            if before != NULL:
                owned_before |= ob_card_set(&before.pl[q])
    # the building cards of the game's deck in no display and no landscape:
    # the row is kept when the display and the encoded seats' cards are as
    # before (the kept seats' cards are the same on both sides)
    if before == NULL or before.display != s.display or owned != owned_before:
        for q in range(seats):
            if kept[q]:
                owned |= ob_card_set(&s.pl[q])
        ob_cards(out + OB_TO_COME, s.cfg.deck & ~s.display & ~owned)
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
