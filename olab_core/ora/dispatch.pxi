# The pending decision: its legal actions and how an action resolves it.

cdef void run_card(OraState* s) noexcept nogil:
    # run the current card function until it waits for a decision or ends
    cdef int r
    while True:
        if s.dec.card >= C_S01:
            r = settle_step(s)
        elif s.dec.card >= C_I03:
            r = card_step_ireland(s)
        else:
            r = card_step_shared(s)
        if r == WAIT:
            return
        if r == DONE:
            clear_decision(s)
            return


cdef int legal_actions(const OraState* s, int32_t* out) noexcept nogil:
    cdef const Decision* d = &s.dec
    cdef int n = 0, i, g
    cdef u128 m
    cdef int kind = d.kind
    if kind == D_TURN:
        return legal_turn(s, out)
    if kind == D_OVER:
        return 0
    if kind == D_OWNER:
        out[0] = A_WITH_LAYBROTHER
        out[1] = A_WITH_PRIOR
        return 2
    if kind == D_AMOUNT:
        for i in range(d.lo, d.hi + 1):
            out[n] = A_AMOUNT + i
            n += 1
    elif kind == D_PAY:
        return legal_pay(s, out)
    elif kind == D_PICK:
        n = legal_pick(s, out)
    elif kind == D_GAIN:
        return legal_gain(s, out)
    elif kind == D_SPACE:
        m = d.mask
        while m:
            out[n] = A_SPACE + u128_ctz(m)
            n += 1
            m = u128_clear_lowest(m)
    elif kind == D_TAKE:
        return legal_take(s, out)
    elif kind == D_UPGRADE:
        for g in range(G_BOOK, G_RELIQUARY):
            if s.pl[d.actor].goods[g] > 0:
                out[n] = A_UPGRADE + g
                n += 1
    if d.flags & DF_ACCEPT:
        out[n] = A_ACCEPT
        n += 1
    if d.flags & DF_SKIP:
        out[n] = A_SKIP
        n += 1
    if d.flags & DF_DONE:
        out[n] = A_DONE
        n += 1
    return n


cdef void apply_decision(OraState* s, int a) noexcept nogil:
    # apply a legal action to the pending decision
    cdef Decision* d = &s.dec
    cdef int kind = d.kind, g, k, o, sp
    if kind == D_TURN:
        apply_turn(s, a)
        return
    if a == A_SKIP:
        d.res = -1
        run_card(s)
        return
    if a == A_DONE:
        d.res = -2
        run_card(s)
        return
    if a == A_ACCEPT:
        d.res = -3
        run_card(s)
        return
    if kind == D_OWNER:
        o = d.loc_p
        sp = d.loc_s
        place_clergy(s, o, a == A_WITH_PRIOR, o, sp)
        open_contract(s, o, sp)
    elif kind == D_AMOUNT:
        d.res = a - A_AMOUNT
        run_card(s)
    elif kind == D_PAY:
        k = a - A_PAY
        apply_pay(s, k // KMAX, k % KMAX + 1)
        if d.req_food <= 0 and d.req_energy <= 0 and d.req_points <= 0:
            d.res = 0
            run_card(s)
    elif kind == D_PICK:
        g = a - A_PICK
        pick_take(&s.pl[d.actor], g)
        d.last = g
        d.need -= 1
        d.flags &= ~DF_SKIP       # SKIP declines the whole exchange, only at the start
        if d.need == 0:
            d.res = 1
            run_card(s)
    elif kind == D_GAIN:
        g = a - A_PICK
        s.pl[d.actor].goods[g] += 1
        d.need -= POINTS[g]
        d.last = g
        if d.need < POINTS[G_BOOK]:
            d.res = 0
            run_card(s)
    elif kind == D_SPACE:
        apply_space(s, a - A_SPACE)
    elif kind == D_TAKE:
        d.res = a - A_TAKE
        run_card(s)
    elif kind == D_UPGRADE:
        d.res = a - A_UPGRADE
        run_card(s)


cdef bint is_legal(const OraState* s, int a) noexcept nogil:
    cdef int32_t buf[MAX_LEGAL]
    cdef int n = legal_actions(s, buf), i
    for i in range(n):
        if buf[i] == a:
            return True
    return False
