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
    return CARDS[cid].dwell


cdef int economic_points(const Player* p) noexcept nogil:
    # economic value of every building and every settlement (rules.md 12.4)
    cdef u128 m = p.building | p.settlement
    cdef int v = 0, sp
    while m:
        sp = u128_ctz(m)
        m = u128_clear_lowest(m)
        v += CARDS[p.card[sp]].econ
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


cdef int settlement_points(const OraState* s, const Player* p) noexcept nogil:
    cdef u128 m = p.settlement
    cdef int v = 0
    while m:
        v += settlement_points_at(s, p, u128_ctz(m))
        m = u128_clear_lowest(m)
    return v


cdef int total_score(const OraState* s, int seat) noexcept nogil:
    cdef const Player* p = &s.pl[seat]
    return goods_points(s, p) + economic_points(p) + settlement_points(s, p)
