# Landscape changes that read the card table (put_card, set_space) and the
# landscape data filled at import (board.pxi): the heartland, districts and
# plots.  The geometry they rest on (how spaces are numbered, neighbours,
# masks) is in landscape.pxd.


cdef inline void put_card(Player* p, int s, int cid) noexcept nogil:
    # place a card on a space, keeping the masks in step
    cdef u128 b = u128_bit(s)
    p.forest &= ~b
    p.moor &= ~b
    p.building &= ~b
    p.settlement &= ~b
    p.cloister &= ~b
    p.card[s] = cid
    if cid == C_FOREST:
        p.forest |= b
    elif cid == C_MOOR:
        p.moor |= b
    elif cid >= C_S01:
        p.settlement |= b
    elif cid != C_NONE:
        p.building |= b
        if CARDS[cid].cloister:
            p.cloister |= b
    recompute_cloister_adj(p)


cdef inline void set_space(Player* p, int s, int terrain, int cid) noexcept nogil:
    cdef u128 b = u128_bit(s)
    p.exists |= b
    if terrain == TR_PLAINS:
        p.plains |= b
    elif terrain == TR_HILL:
        p.hill |= b
    elif terrain == TR_COAST:
        p.coast |= b
    elif terrain == TR_WATER:
        p.water |= b
    elif terrain == TR_MOUNTAIN:
        p.mountain |= b
    if cid != C_NONE:
        p.card[s] = cid
        if cid == C_FOREST:
            p.forest |= b
        elif cid == C_MOOR:
            p.moor |= b
        else:
            p.building |= b
            if CARDS[cid].cloister:
                p.cloister |= b


cdef void make_heartland(Player* p, bint short_game, bint neutral) noexcept nogil:
    # the heartland of landscape.json (rules.md 3.3), on a cleared player:
    #   row 0  moor forest forest - ClayMound(hill)
    #   row 1  moor forest Farmyard - CloisterOffice
    # short 3-4p game: no moor at (0,0), no forest at (1,0); the solo neutral
    # player: no forests or moors, Builders' Market at (0,0) (rules.md 10.1)
    cdef int sp
    cdef int k = HEART_NEUTRAL if neutral else (HEART_SHORT if short_game else HEART_REGULAR)
    for sp in range(10):
        set_space(p, sp, HEART_TERRAIN[k][sp], HEART_CARD[k][sp])
    recompute_cloister_adj(p)


cdef bint district_fits(const Player* p, int row) noexcept nogil:
    # a whole row directly above or below land of columns 0-4, or a row that
    # already holds a plot (landscape.json; kennerspiel's failure to attach a
    # district beside a mountain plot is a bug neither preset copies)
    if row < -ROW_OFFSET or row >= N_ROWS - ROW_OFFSET:
        return False
    if p.ntiles >= N_TILES or row_has_center(p, row):
        return False
    if row_has_center(p, row - 1) or row_has_center(p, row + 1):
        return True
    return plot_tile_at(p, row, TK_PLOT_COAST) >= 0 or plot_tile_at(p, row, TK_PLOT_MOUNTAIN) >= 0


cdef bint plot_fits(const Player* p, int row, int kind) noexcept nogil:
    # rows row and row+1 free on that side; touching land of columns 0-4 or a
    # plot of the same side directly above or below
    if row < -ROW_OFFSET or row + 1 >= N_ROWS - ROW_OFFSET:
        return False
    if p.ntiles >= N_TILES:
        return False
    if plot_tile_at(p, row, kind) >= 0 or plot_tile_at(p, row + 1, kind) >= 0:
        return False
    if row_has_center(p, row) or row_has_center(p, row + 1):
        return True
    return plot_tile_at(p, row - 1, kind) >= 0 or plot_tile_at(p, row + 2, kind) >= 0


cdef void add_district(Player* p, int row, int hills) noexcept nogil:
    # the district side of landscape.json: HILLS = moor forest forest hill hill,
    # PLAINS = forest plains plains plains hill
    cdef int t = p.ntiles, j
    cdef int base = 10 + TILE_SLOTS * t
    cdef int side = 1 if hills else 0
    p.ntiles += 1
    p.tile_row[t] = row
    p.tile_kind[t] = TK_DISTRICT_HILLS if side else TK_DISTRICT_PLAINS
    for j in range(5):
        set_space(p, base + j, DISTRICT_TERRAIN[side][j], DISTRICT_CARD[side][j])
    recompute_cloister_adj(p)


cdef void add_plot(Player* p, int row, int mountain) noexcept nogil:
    # the plot side of landscape.json: COAST = water coast / water coast,
    # MOUNTAIN = hill mountain / hill (the mountain covers both rows)
    cdef int t = p.ntiles, j
    cdef int base = 10 + TILE_SLOTS * t
    cdef int side = 1 if mountain else 0
    p.ntiles += 1
    p.tile_row[t] = row
    p.tile_kind[t] = TK_PLOT_MOUNTAIN if side else TK_PLOT_COAST
    for j in range(4):
        if PLOT_TERRAIN[side][j]:
            set_space(p, base + j, PLOT_TERRAIN[side][j], C_NONE)
    recompute_cloister_adj(p)
