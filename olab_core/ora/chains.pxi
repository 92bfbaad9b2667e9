# The chained decisions' legal actions and effects: payments (PAY), picks of
# different goods (PICK) and point-good gains (GAIN), which read the goods'
# values filled at import.  How a card asks for them (the ask_* helpers,
# WAIT / CONTINUE / DONE) is in chains.pxd.
#
# Payments and picks are split into one action per kind of good, and the kinds
# must come in increasing good order: every multiset of goods is then reached
# by exactly one action sequence, so search trees and perft counts do not
# multiply the same payment by its orderings.


# ---------------------------------------------------------------- payments

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
# "hand in N goods of different types" (the rule and its counts: chains.pxd)


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
