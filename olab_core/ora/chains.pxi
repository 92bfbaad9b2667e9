# Chained decisions that many cards share.
#
# A card function asks for a decision by calling one of the ask_* helpers with
# the step it continues at; the helper either sets the pending decision (WAIT)
# or, when there is nothing to choose, stores the only answer in dec.res and
# lets the function continue at once (CONTINUE).
#
# Payments and picks are split into one action per kind of good, and the kinds
# must come in increasing good order: every multiset of goods is then reached
# by exactly one action sequence, so search trees and perft counts do not
# multiply the same payment by its orderings.

cdef enum:
    WAIT = 0
    CONTINUE = 1
    DONE = 2


cdef inline int ask(OraState* s, int kind, int next_step, int flags) noexcept nogil:
    s.dec.kind = kind
    s.dec.step = next_step
    s.dec.flags = flags
    s.dec.chooser = s.dec.actor
    return WAIT


cdef inline int ask_amount(OraState* s, int lo, int hi, int next_step, int flags) noexcept nogil:
    if hi > 255:
        hi = 255           # the largest amount one action can carry
    if lo >= hi and not (flags & DF_SKIP):
        s.dec.res = lo
        s.dec.step = next_step
        return CONTINUE
    s.dec.lo = lo
    s.dec.hi = hi
    return ask(s, D_AMOUNT, next_step, flags)


cdef inline int ask_pay(OraState* s, int food, int energy2, int next_step) noexcept nogil:
    # hand in goods worth `food` food, then goods worth `energy2` half energy
    s.dec.step = next_step
    if food <= 0 and energy2 <= 0:
        return CONTINUE
    s.dec.req_food = food if food > 0 else 0
    s.dec.req_energy = energy2 if energy2 > 0 else 0
    s.dec.req_points = 0
    s.dec.paid_food = 0
    s.dec.paid_energy = 0
    s.dec.last = 255
    s.dec.last_full = 0
    return ask(s, D_PAY, next_step, 0)


cdef inline int ask_pay_no_wine(OraState* s, int food, int next_step) noexcept nogil:
    # a food payment that may not use wine
    cdef int r = ask_pay(s, food, 0, next_step)
    if r == WAIT:
        s.dec.flags = DF_NO_WINE
    return r


cdef inline int ask_pay_points(OraState* s, int points, int next_step) noexcept nogil:
    # hand in goods worth `points` victory points (Round Tower)
    s.dec.step = next_step
    s.dec.req_food = 0
    s.dec.req_energy = 0
    s.dec.req_points = points
    s.dec.last = 255
    s.dec.last_full = 0
    return ask(s, D_PAY, next_step, 0)


cdef inline int ask_pick(OraState* s, int need, int next_step, int flags) noexcept nogil:
    s.dec.need = need
    s.dec.last = 255
    return ask(s, D_PICK, next_step, flags)


cdef inline int ask_gain(OraState* s, int budget, int next_step) noexcept nogil:
    s.dec.need = budget
    s.dec.last = 0
    return ask(s, D_GAIN, next_step, DF_DONE)


cdef inline int ask_space(OraState* s, int owner, u128 mask, int ctx, int next_step, int flags) noexcept nogil:
    s.dec.mask = mask
    s.dec.space_p = owner
    s.dec.ctx = ctx
    return ask(s, D_SPACE, next_step, flags)


# ---------------------------------------------------------------- payments

cdef inline int pay_units_left(const Player* p, int g) noexcept nogil:
    if g == G_STRAW:
        return straw_avail(p)
    if g == G_COIN5:
        return p.goods[G_COIN] // 5
    return p.goods[g]


cdef inline void pay_units(Player* p, int g, int k) noexcept nogil:
    if g == G_STRAW:
        pay_straw(p, k)
    elif g == G_COIN5:
        p.goods[G_COIN] -= 5 * k
    else:
        p.goods[g] -= k


cdef inline bint pay_step_ok(const OraState* s, int pos, int g, int k) noexcept nogil:
    # would handing in k of good g (at order position pos) leave a payment
    # that can still be finished?
    cdef const Decision* d = &s.dec
    cdef Player tmp
    cdef int food = d.req_food, energy = d.req_energy
    cdef int nxt = pos if k == KMAX else pos + 1
    memcpy(tmp.goods, s.pl[d.actor].goods, sizeof(tmp.goods))
    if d.flags & DF_NO_WINE:
        tmp.goods[G_WINE] = 0
    pay_units(&tmp, g, k)
    if d.req_points > 0:
        return d.req_points - POINTS[g] * k <= 0 or points_from(&tmp, nxt) >= d.req_points - POINTS[g] * k
    if food > 0:
        food -= FOOD[g] * k
        if food > 0:
            return fe_feasible(&tmp, food, energy, nxt, 0)
        return fe_feasible(&tmp, 0, energy, 0, 0)
    energy -= ENERGY2[g] * k
    if energy <= 0:
        return True
    return fe_feasible(&tmp, 0, energy, 0, nxt)


cdef int legal_pay(const OraState* s, int32_t* out) noexcept nogil:
    cdef const Decision* d = &s.dec
    cdef const Player* p = &s.pl[d.actor]
    cdef int n = 0, pos, g, k, kmax, v, rem, first, have, size
    cdef int phase = 0 if d.req_food > 0 else (1 if d.req_energy > 0 else 2)
    cdef const int8_t* order
    cdef const int16_t* value
    if phase == 0:
        order, value, size, rem = &FOOD_ORDER[0], &FOOD[0], N_FOOD_ORDER, d.req_food
    elif phase == 1:
        order, value, size, rem = &ENERGY_ORDER[0], &ENERGY2[0], N_ENERGY_ORDER, d.req_energy
    else:
        order, value, size, rem = &POINTS_ORDER[0], &POINTS[0], N_POINTS_ORDER, d.req_points
    first = 0 if d.last == 255 else (d.last if d.last_full else d.last + 1)
    for pos in range(first, size):
        g = order[pos]
        if g == G_WINE and (d.flags & DF_NO_WINE):
            continue
        v = value[g]
        have = pay_units_left(p, g)
        if have <= 0:
            continue
        kmax = (rem + v - 1) // v      # only units that are still needed
        if kmax > have:
            kmax = have
        if kmax > KMAX:
            kmax = KMAX
        for k in range(1, kmax + 1):
            if pay_step_ok(s, pos, g, k):
                out[n] = A_PAY + g * KMAX + (k - 1)
                n += 1
    return n


cdef inline int order_position(const int8_t* order, int size, int g) noexcept nogil:
    cdef int i
    for i in range(size):
        if order[i] == g:
            return i
    return 0


cdef void apply_pay(OraState* s, int g, int k) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* p = &s.pl[d.actor]
    pay_units(p, g, k)
    d.paid_food += FOOD[g] * k
    d.paid_energy += ENERGY2[g] * k
    if d.req_points > 0:
        d.last = order_position(POINTS_ORDER, N_POINTS_ORDER, g)
        d.req_points -= POINTS[g] * k
        if d.req_points < 0:
            d.req_points = 0
        d.last_full = 1 if k == KMAX else 0
    elif d.req_food > 0:
        d.last = order_position(FOOD_ORDER, N_FOOD_ORDER, g)
        d.req_food -= FOOD[g] * k
        if d.req_food <= 0:
            d.req_food = 0
            d.last = 255            # the energy part starts its own order
            d.last_full = 0
        else:
            d.last_full = 1 if k == KMAX else 0
    else:
        d.last = order_position(ENERGY_ORDER, N_ENERGY_ORDER, g)
        d.req_energy -= ENERGY2[g] * k
        if d.req_energy < 0:
            d.req_energy = 0
        d.last_full = 1 if k == KMAX else 0


# ---------------------------------------------------------------- picks
# "hand in N goods of different types": grain and straw, coin and 5-coin piece
# are different types; a Wonder is not a good for this count (rules.md 12A).

cdef inline bint pick_available(const Player* p, int g) noexcept nogil:
    if g == G_WONDER:
        return False
    if g == G_STRAW:
        return straw_avail(p) > 0
    if g == G_COIN5:
        return p.goods[G_COIN] >= 5
    if g == G_COIN:
        return p.goods[G_COIN] >= 1
    return p.goods[g] > 0


cdef inline void pick_take(Player* p, int g) noexcept nogil:
    if g == G_STRAW:
        pay_straw(p, 1)
    elif g == G_COIN5:
        p.goods[G_COIN] -= 5
    else:
        p.goods[g] -= 1


cdef inline int pick_types_from(const Player* p, int first) noexcept nogil:
    # how many more different types can still be handed in, from good `first`
    # on; grain/straw share the grain tiles and coin/5-coin share the money
    cdef int g, n = 0
    cdef int grain = p.goods[G_GRAIN], straw = p.goods[G_STRAW], money = p.goods[G_COIN]
    for g in range(first, N_GOODS):
        if g == G_GRAIN or g == G_STRAW or g == G_COIN or g == G_WONDER:
            continue
        if p.goods[g] > 0:
            n += 1
    if first <= G_GRAIN:
        if grain >= 1 and (straw >= 1 or grain >= 2):
            n += 2
        elif grain + straw >= 1:
            n += 1
    elif first <= G_STRAW and grain + straw >= 1:
        n += 1
    if first <= G_COIN:
        if money >= 6:
            n += 2
        elif money >= 1:
            n += 1
    elif first <= G_COIN5 and money >= 5:
        n += 1                 # only the 5-coin piece is left to choose
    return n


cdef int legal_pick(const OraState* s, int32_t* out) noexcept nogil:
    cdef const Decision* d = &s.dec
    cdef Player tmp
    cdef int n = 0, g
    cdef int first = 0 if d.last == 255 else d.last + 1
    memcpy(tmp.goods, s.pl[d.actor].goods, sizeof(tmp.goods))
    for g in range(first, N_GOODS_X):
        if not pick_available(&tmp, g):
            continue
        pick_take(&tmp, g)
        # never walk into a dead end: enough types must remain above g
        if d.need <= 1 or pick_types_from(&tmp, g + 1) >= d.need - 1:
            out[n] = A_PICK + g
            n += 1
        memcpy(tmp.goods, s.pl[d.actor].goods, sizeof(tmp.goods))
    return n


cdef inline bint can_pick(const Player* p, int need) noexcept nogil:
    return pick_types_from(p, 0) >= need


# ---------------------------------------------------------------- gains
# House of the Brotherhood: point goods up to a budget, in non-decreasing order

cdef int8_t POINT_GOODS[4]
POINT_GOODS[:] = [G_BOOK, G_CERAMIC, G_ORNAMENT, G_RELIQUARY]


cdef int legal_gain(const OraState* s, int32_t* out) noexcept nogil:
    cdef const Decision* d = &s.dec
    cdef int n = 0, i, g
    out[n] = A_DONE
    n += 1
    for i in range(4):
        g = POINT_GOODS[i]
        if g >= d.last and POINTS[g] <= d.need:
            out[n] = A_PICK + g
            n += 1
    return n
