# cython: language_level=3
"""How a card function asks for a decision (the ask_* helpers), and the goods counts of payments and picks.

Inline, ``noexcept nogil``, reading only the state; cimported by the engine
(``olab_core/ora/_engine.pyx``) and inlined by the C compiler.  The legal
actions of a payment, a pick or a gain, which read the goods' values filled
at import, stay in ``chains.pxi``.
"""
from olab_core.common.bits cimport u128
from olab_core.ora.defs cimport *
from olab_core.ora.goods cimport straw_avail, pay_straw

# A card function asks for a decision by calling one of the ask_* helpers with
# the step it continues at; the helper either sets the pending decision (WAIT)
# or, when there is nothing to choose, stores the only answer in dec.res and
# lets the function continue at once (CONTINUE).

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


cdef inline int order_position(const int8_t* order, int size, int g) noexcept nogil:
    cdef int i
    for i in range(size):
        if order[i] == g:
            return i
    return 0


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


cdef inline bint can_pick(const Player* p, int need) noexcept nogil:
    return pick_types_from(p, 0) >= need
