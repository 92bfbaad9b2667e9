# Scoring (rules.md 12): goods points + economic value + settlement points.

cdef int money_points(const OraState* s, const Player* p) noexcept nogil:
    # every complete 5-coin piece of money scores its points (goods.json:
    # coin5, 5 coins, 2 points).  printed: each wine and whiskey also counts 1
    # coin towards the pieces *and* scores its own point; a whiskey may
    # instead be changed for its coins, losing its point (rules.md 12.3).
    # kennerspiel: each drink either scores its point or is changed for its
    # coins (goods.json: wine 1, whiskey 2), whichever is best.
    cdef int m = p.goods[G_COIN], wine = p.goods[G_WINE], whisky = p.goods[G_WHISKEY]
    cdef int best = -1, v, h, w
    cdef int piece = COINS[G_COIN5], piece_points = POINTS[G_COIN5]
    # (changing more drinks than a piece less one never completes another piece)
    if s.cfg.flags & RF_SCORE_EITHER_OR:
        for h in range(min(piece - 1, whisky) + 1):
            for w in range(min(piece - 1, wine) + 1):
                v = (piece_points * ((m + COINS[G_WINE] * w + COINS[G_WHISKEY] * h) // piece)
                     + POINTS[G_WINE] * (wine - w) + POINTS[G_WHISKEY] * (whisky - h))
                if v > best:
                    best = v
        return best
    for h in range(min(piece - 1, whisky) + 1):
        v = (piece_points * ((m + wine + whisky + (COINS[G_WHISKEY] - 1) * h) // piece)
             + POINTS[G_WINE] * wine + POINTS[G_WHISKEY] * (whisky - h))
        if v > best:
            best = v
    return best


cdef inline int goods_points_besides_money(const Player* p) noexcept nogil:
    # the goods that score by themselves (goods.json: points), drinks aside
    return (POINTS[G_BOOK] * p.goods[G_BOOK] + POINTS[G_CERAMIC] * p.goods[G_CERAMIC]
            + POINTS[G_ORNAMENT] * p.goods[G_ORNAMENT] + POINTS[G_RELIQUARY] * p.goods[G_RELIQUARY]
            + POINTS[G_WONDER] * p.goods[G_WONDER])


cdef int goods_points(const OraState* s, const Player* p) noexcept nogil:
    return goods_points_besides_money(p) + money_points(s, p)


cdef inline int card_dwell(const OraState* s, int cid) noexcept nogil:
    if cid == C_I35:
        return s.cfg.round_tower_dwell
    return CARD_DWELL[cid]


cdef int economic_points(const Player* p) noexcept nogil:
    # economic value of every building and every settlement (rules.md 12.4)
    cdef u128 m = p.building | p.settlement
    cdef int v = 0, sp
    while m:
        sp = u128_ctz(m)
        m = u128_clear_lowest(m)
        v += CARD_ECON[p.card[sp]]
    return v


cdef int settlement_points_at(const OraState* s, const Player* p, int sp) noexcept nogil:
    # own dwelling value + that of every orthogonal neighbour card + 3 for each
    # neighbouring water space with nothing on it (rules.md 12.5)
    cdef int nb[4]
    cdef int n = space_neighbors(p, sp, nb)
    cdef int v = card_dwell(s, p.card[sp]), i, x
    for i in range(n):
        x = nb[i]
        if p.card[x] != C_NONE:
            v += card_dwell(s, p.card[x])
        elif p.water & u128_bit(x):
            v += 3
    return v


cdef int settlement_points_slow(const OraState* s, const Player* p) noexcept nogil:
    # settlement_points as the rules read, a settlement at a time: the
    # reference the fast version below is tested against
    cdef u128 m = p.settlement
    cdef int v = 0
    while m:
        v += settlement_points_at(s, p, u128_ctz(m))
        m = u128_clear_lowest(m)
    return v


# Why a second version.  The bots value every seat's position at every step
# they look at, and counting the settlements took 30% of a planner decision
# (perf, Ora 4p): space_at finds the tile under a neighbour by scanning the
# seat's tiles (up to 18), for each of up to 4 neighbours of up to 8
# settlements.  Here the tiles are indexed by row once per call (the first
# tile of each kind covering a row, as district_tile_at and plot_tile_at find
# it), and each neighbour is then one lookup: the same spaces, the same
# integer sums, so the same points (19% of a decision now).
cdef enum:
    ROWS_AT = N_ROWS + 2              # rows -ROW_OFFSET - 1 .. N_ROWS - ROW_OFFSET (a neighbour's row)


cdef inline int row_tile(const int8_t* at, int row) noexcept nogil:
    cdef int i = row + ROW_OFFSET + 1
    return at[i] if 0 <= i < ROWS_AT else -1


cdef inline int space_at_indexed(const Player* p, const int8_t* district, const int8_t* coast,
                                 const int8_t* mountain, int col, int row) noexcept nogil:
    # space_at with the tiles indexed by row
    cdef int t
    if 0 <= col <= 4:
        if row == 0 or row == 1:
            return row * 5 + col
        t = row_tile(district, row)
        return -1 if t < 0 else 10 + TILE_SLOTS * t + col
    if col == -2 or col == -1:
        t = row_tile(coast, row)
        return -1 if t < 0 else 10 + TILE_SLOTS * t + (col + 2) + 2 * (row - p.tile_row[t])
    if col == 5:
        t = row_tile(mountain, row)
        return -1 if t < 0 else 10 + TILE_SLOTS * t + 2 * (row - p.tile_row[t])
    if col == 6:
        t = row_tile(mountain, row)
        if t < 0 or p.tile_row[t] != row:
            return -1
        return 10 + TILE_SLOTS * t + 1
    return -1


cdef inline int neighbour_points(const OraState* s, const Player* p, int x) noexcept nogil:
    # what a neighbouring space adds to a settlement (x < 0: no space there)
    if x < 0:
        return 0
    if p.card[x] != C_NONE:
        return card_dwell(s, p.card[x])
    return 3 if p.water & u128_bit(x) else 0


cdef int settlement_points(const OraState* s, const Player* p) noexcept nogil:
    # every settlement's own dwelling value, that of each orthogonal neighbour
    # card, and 3 for each neighbouring water space with nothing on it
    # (rules.md 12.5); the neighbours as space_neighbors finds them
    cdef u128 m = p.settlement
    cdef int8_t district[ROWS_AT]
    cdef int8_t coast[ROWS_AT]
    cdef int8_t mountain[ROWS_AT]
    cdef int v = 0, t, y, sp, c, r, base
    if not m:
        return 0
    memset(district, -1, ROWS_AT)
    memset(coast, -1, ROWS_AT)
    memset(mountain, -1, ROWS_AT)
    for t in range(p.ntiles):
        y = p.tile_row[t] + ROW_OFFSET + 1
        if y < 0 or y + 1 >= ROWS_AT:
            continue                  # never: a tile's rows are addressable (plot_fits, the actions)
        if p.tile_kind[t] == TK_DISTRICT_PLAINS or p.tile_kind[t] == TK_DISTRICT_HILLS:
            if district[y] < 0:
                district[y] = <int8_t>t
        elif p.tile_kind[t] == TK_PLOT_COAST:
            if coast[y] < 0:
                coast[y] = <int8_t>t
            if coast[y + 1] < 0:
                coast[y + 1] = <int8_t>t
        elif p.tile_kind[t] == TK_PLOT_MOUNTAIN:
            if mountain[y] < 0:
                mountain[y] = <int8_t>t
            if mountain[y + 1] < 0:
                mountain[y + 1] = <int8_t>t
    while m:
        sp = u128_ctz(m)
        m = u128_clear_lowest(m)
        v += card_dwell(s, p.card[sp])
        space_coord(p, sp, &c, &r)
        if c == 6:
            v += neighbour_points(s, p, space_at_indexed(p, district, coast, mountain, 5, r))
            v += neighbour_points(s, p, space_at_indexed(p, district, coast, mountain, 5, r + 1))
        elif c == 5:
            base = sp - ((sp - 10) % TILE_SLOTS)
            v += neighbour_points(s, p, base + 1)          # the plot's own mountain
            v += neighbour_points(s, p, space_at_indexed(p, district, coast, mountain, 4, r))
            v += neighbour_points(s, p, space_at_indexed(p, district, coast, mountain, 5, r - 1))
            v += neighbour_points(s, p, space_at_indexed(p, district, coast, mountain, 5, r + 1))
        else:
            v += neighbour_points(s, p, space_at_indexed(p, district, coast, mountain, c - 1, r))
            if c + 1 <= 5:
                v += neighbour_points(s, p, space_at_indexed(p, district, coast, mountain, c + 1, r))
            v += neighbour_points(s, p, space_at_indexed(p, district, coast, mountain, c, r - 1))
            v += neighbour_points(s, p, space_at_indexed(p, district, coast, mountain, c, r + 1))
    return v


cdef int total_score(const OraState* s, int seat) noexcept nogil:
    cdef const Player* p = &s.pl[seat]
    return goods_points(s, p) + economic_points(p) + settlement_points(s, p)
