# Goods, money and the production wheel (its tables, WHEEL_FRONT / WHEEL_BACK
# and TOKEN_GOOD, are filled from wheel.json: board.pxi).


cdef inline int token_value(const OraState* s, int t) noexcept nogil:
    cdef int pos = s.token[t]
    if pos == TOKEN_ABSENT:
        return 0
    cdef int d = (s.arm - pos + 13) % 13
    if s.cfg.wheel_back:
        return WHEEL_BACK[d]
    return WHEEL_FRONT[d]


cdef inline void rotate_wheel(OraState* s) noexcept nogil:
    # the arm advances one slot; a token it would reach (value 10) is pushed
    # along and stays at 10, or leaves the game in solo (rules.md 4.3)
    cdef int t
    s.arm = (s.arm + 1) % 13
    for t in range(N_TOKENS):
        if s.token[t] == s.arm:
            if s.cfg.mode == M_SOLO:
                s.token[t] = TOKEN_ABSENT
            else:
                s.token[t] = (s.arm + 1) % 13


cdef inline void bonus_production(OraState* s, int good) noexcept nogil:
    # short 3-4 player game: every wheel take also gives every player one of
    # that good (rules.md 4.6)
    cdef int p
    if s.cfg.mode == M_3SHORT or s.cfg.mode == M_4SHORT:
        for p in range(s.cfg.players):
            s.pl[p].goods[good] += 1


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


cdef inline int money_avail(const Player* p) noexcept nogil:
    # coins, counting each wine as 1 coin and each whiskey as 2 (rules.md 7.6)
    return p.goods[G_COIN] + p.goods[G_WINE] + 2 * p.goods[G_WHISKEY]


cdef inline void pay_money(Player* p, int amount) noexcept nogil:
    # coins first; a drink is exchanged only for what the coins do not cover
    # (a drink is worth at least a coin, so this order never loses anything)
    cdef int owed
    if p.goods[G_COIN] >= amount:
        p.goods[G_COIN] -= amount
        return
    owed = amount - p.goods[G_COIN]
    p.goods[G_COIN] = 0
    if p.goods[G_WINE] >= owed:
        p.goods[G_WINE] -= owed
        return
    owed -= p.goods[G_WINE]
    p.goods[G_WINE] = 0
    # whiskey is worth 2 coins: change comes back as a coin
    p.goods[G_WHISKEY] -= (owed + 1) // 2
    p.goods[G_COIN] += owed % 2


cdef inline int straw_avail(const Player* p) noexcept nogil:
    # grain may always be flipped to straw (rules.md 7.6)
    return p.goods[G_STRAW] + p.goods[G_GRAIN]


cdef inline void pay_straw(Player* p, int n) noexcept nogil:
    # straw first, then grain: grain can become straw but not the reverse,
    # so keeping grain is never worse
    if p.goods[G_STRAW] >= n:
        p.goods[G_STRAW] -= n
    else:
        p.goods[G_GRAIN] -= n - p.goods[G_STRAW]
        p.goods[G_STRAW] = 0


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
