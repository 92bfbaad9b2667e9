# Goods, money and the production wheel: what reads the tables filled at
# import (the wheel's WHEEL_FRONT / WHEEL_BACK and TOKEN_GOOD from wheel.json,
# board.pxi; the goods' values and the card costs, tables.pxi).  Money, straw
# and the wheel's turning, which read only the state, are in goods.pxd.


cdef inline int token_value(const OraState* s, int t) noexcept nogil:
    cdef int pos = s.token[t]
    if pos == TOKEN_ABSENT:
        return 0
    cdef int d = (s.arm - pos + 13) % 13
    if s.cfg.wheel_back:
        return WHEEL_BACK[d]
    return WHEEL_FRONT[d]


cdef inline void wheel_take(OraState* s, int actor, int t, int good, bint joker) noexcept nogil:
    # take goods by token t (or the joker) and move the token used to 0
    # (rules.md 4.3, 4.4); an absent token falls back to the joker
    cdef int src = t
    if joker or s.token[t] == TOKEN_ABSENT:
        src = T_JOKER
    s.pl[actor].goods[good] += token_value(s, src)
    if s.token[src] != TOKEN_ABSENT:
        s.token[src] = s.arm
    bonus_production(s, good)


# Payments by value list goods in kennerspiel's order (board/resource.ts
# foodCostOptions / energyCostOptions): big food first, money late, drinks
# last.  The order only decides which sequence of PAY actions names a set of
# goods; using kennerspiel's means every payment its records contain is one
# olab can make.  Positions, not goods, are what a payment chain remembers.
cdef int8_t FOOD_ORDER[12]
FOOD_ORDER[:] = [G_MEAT, G_BEER, G_BREAD, G_SHEEP, G_GRAIN, G_FLOUR, G_MALT, G_GRAPES,
                 G_COIN5, G_COIN, G_WINE, G_WHISKEY]
cdef int8_t ENERGY_ORDER[4]
ENERGY_ORDER[:] = [G_COAL, G_PEAT, G_WOOD, G_STRAW]
# point goods for the Round Tower (kennerspiel's pointCostOptions): a 5-coin
# piece counts 2, a whiskey or wine 1, loose coins nothing
cdef int8_t POINTS_ORDER[7]
POINTS_ORDER[:] = [G_RELIQUARY, G_ORNAMENT, G_CERAMIC, G_BOOK, G_COIN5, G_WHISKEY, G_WINE]
cdef enum:
    N_POINTS_ORDER = 7
    N_FOOD_ORDER = 12
    N_ENERGY_ORDER = 4
    FOOD_POS_GRAIN = 4
    FOOD_POS_COIN = 9        # the 5-coin piece (8) and the coin (9) share the money
    ENERGY_POS_STRAW = 3


cdef inline int food_from(const Player* p, int pos) noexcept nogil:
    # food of the goods at order positions >= pos; grain left out (it may be
    # needed as straw), money counted once
    cdef int i, g, f = 0
    for i in range(pos, N_FOOD_ORDER):
        g = FOOD_ORDER[i]
        if g == G_GRAIN or g == G_COIN5 or g == G_COIN:
            continue
        f += FOOD[g] * p.goods[g]
    if pos <= FOOD_POS_COIN:
        f += p.goods[G_COIN]
    return f


cdef inline int energy_from(const Player* p, int pos) noexcept nogil:
    # energy (half units) of the goods at order positions >= pos, grain left out
    cdef int i, e = 0
    for i in range(pos, N_ENERGY_ORDER):
        e += ENERGY2[ENERGY_ORDER[i]] * p.goods[ENERGY_ORDER[i]]
    return e


cdef inline int food_total(const Player* p) noexcept nogil:
    # all the food a player could hand in, grain included
    return food_from(p, 0) + p.goods[G_GRAIN]


cdef inline int energy_total(const Player* p) noexcept nogil:
    # all the energy (half units), grain included (flipped to straw)
    return energy_from(p, 0) + p.goods[G_GRAIN]


cdef inline bint fe_feasible(const Player* p, int food, int energy2, int food_pos, int energy_pos) noexcept nogil:
    # can goods pay `food` from food-order positions >= food_pos and then
    # `energy2` from energy-order positions >= energy_pos?  Each grain gives
    # 1 food or, flipped, 1 half energy, never both.
    cdef int need_g = 0, rest
    if food > 0:
        rest = food - food_from(p, food_pos)
        if rest > 0:
            if food_pos > FOOD_POS_GRAIN:
                return False
            need_g += rest
    if energy2 > 0:
        rest = energy2 - energy_from(p, energy_pos)
        if rest > 0:
            if energy_pos > ENERGY_POS_STRAW:
                return False
            need_g += rest
    return need_g <= p.goods[G_GRAIN]


cdef inline int points_from(const Player* p, int pos) noexcept nogil:
    cdef int i, g, v = 0
    for i in range(pos, N_POINTS_ORDER):
        g = POINTS_ORDER[i]
        if g == G_COIN5:
            v += POINTS[g] * (p.goods[G_COIN] // 5)
        else:
            v += POINTS[g] * p.goods[g]
    return v


cdef inline bint build_affordable(const OraState* s, const Player* p, int cid) noexcept nogil:
    cdef const int16_t* c = CARDS[cid].cost
    if cid == C_I21 and (s.cfg.flags & RF_DISTILLERY_FREE):
        return True
    return (p.goods[G_WOOD] >= c[COST_WOOD] and p.goods[G_CLAY] >= c[COST_CLAY]
            and p.goods[G_STONE] >= c[COST_STONE] and straw_avail(p) >= c[COST_STRAW]
            and money_avail(p) >= c[COST_COIN])


cdef inline void pay_build_cost(const OraState* s, Player* p, int cid) noexcept nogil:
    cdef const int16_t* c = CARDS[cid].cost
    if cid == C_I21 and (s.cfg.flags & RF_DISTILLERY_FREE):
        return
    p.goods[G_WOOD] -= c[COST_WOOD]
    p.goods[G_CLAY] -= c[COST_CLAY]
    p.goods[G_STONE] -= c[COST_STONE]
    pay_straw(p, c[COST_STRAW])
    pay_money(p, c[COST_COIN])
