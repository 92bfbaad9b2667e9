# The decision machine.  A turn of Fields of Arle is resolved by a small
# stack of frames (ArleState.stack): each frame is one procedure (an action
# space, a building's payment, "accommodate the animals", an inventory...)
# with a step counter.  run() steps the top frame until one poses a decision
# or the game is over; apply() hands the answer to the frame that asked and
# runs on.  The pending decision carries its legal actions as a bit set, so
# is_legal is one test and legal() a scan of ten words.
#
# A decision with a single option is answered on the spot (it is no choice),
# so every position the caller sees has at least two legal actions, except
# at the very end.
#
# The action mask's bit operations, the frame stack (push, pop, become) and
# the season test read only the state: machine.pxd.


# Count triples: a decision that picks several items of three kinds (the
# Butcher's animals, the animals eaten, the Potter's Inn's animals, the
# Smithy's exchanges) is one choice among the triples (a, b, c) it allows,
# so every combination is offered at once and reached by one path (picking
# one item at a time would either offer the same combination in several
# orders or, in a fixed order, hide items behind an earlier pick).
cdef uint8_t PICK[N_PICK][3]
cdef uint8_t PICK_ID[PICK_MAX + 1][PICK_MAX + 1][PICK_MAX + 1]

cdef void _fill_pick() noexcept nogil:
    # by total, then most of the first kind, then of the second
    cdef int k = 0, tot, a, b
    memset(PICK_ID, 255, sizeof(PICK_ID))
    for tot in range(PICK_MAX + 1):
        for a in range(tot, -1, -1):
            for b in range(tot - a, -1, -1):
                PICK[k][0] = a
                PICK[k][1] = b
                PICK[k][2] = tot - a - b
                PICK_ID[a][b][tot - a - b] = k
                k += 1

_fill_pick()


cdef void offer_counts(Decision* d, int h0, int h1, int h2, int lo, int hi, int cap12) noexcept nogil:
    # every triple with lo <= a + b + c <= hi, a <= h0, b <= h1, c <= h2
    # and b + c <= cap12
    cdef int k, tot
    for k in range(N_PICK):
        tot = PICK[k][0] + PICK[k][1] + PICK[k][2]
        if (lo <= tot <= hi and PICK[k][0] <= h0 and PICK[k][1] <= h1 and PICK[k][2] <= h2
                and PICK[k][1] + PICK[k][2] <= cap12):
            mask_add(d, A_PICK + k)


cdef inline int picked(const Frame* f, int t) noexcept nogil:
    # the count of kind t the frame's CX_PICK answer chose (0 for any other answer)
    if A_PICK <= f.ans < A_PICK + N_PICK:
        return PICK[f.ans - A_PICK][t]
    return 0


cdef bint ask(ArleState* s, Frame* f, int ctx, int p1) noexcept nogil:
    # pose the decision whose options are in s.dec.mask.  Returns True when
    # the player must choose; with a single option (or none, which only a
    # defensive path can reach) the frame gets its answer at once.
    cdef int i, first = -1
    cdef bint many = False
    cdef uint64_t w
    for i in range(MASK_WORDS):
        w = s.dec.mask[i]
        if w:
            if first >= 0 or (w & (w - 1)):
                many = True
                break
            first = i * 64 + u64_ctz(w)
    if many:
        s.dec.ctx = ctx
        s.dec.seat = f.seat
        s.dec.p1 = p1
        # the code of the step before the current one computed these options
        # from the position alone, so it can compute them again (repose)
        f.ask = f.step - 1
        return True
    mask_clear(&s.dec)
    f.ans = first if first >= 0 else A_SKIP
    return False


cdef inline void finish(ArleState* s, Frame* f) noexcept nogil:
    # end a procedure that may have brought animals or taken land: the herd
    # must fit, or the player gives animals back
    if herd_fits(&s.pl[f.seat]):
        pop(s)
    else:
        become(f, OP_ACCOMMODATE, 0, 0, 0)


cdef inline void finish_keeping(ArleState* s, Frame* f, int keep) noexcept nogil:
    # finish, after an optional gain of animal type keep - 1 (0: none): the
    # accommodation does not give that type back (declining is its own path)
    if herd_fits(&s.pl[f.seat]):
        pop(s)
    else:
        become(f, OP_ACCOMMODATE, keep, 0, 0)


# ---------------------------------------------------------------- the run loop
cdef void step_frame(ArleState* s) noexcept nogil:
    cdef Frame* f = &s.stack[s.depth - 1]
    cdef int op = f.op
    if op == OP_GAME:
        op_game(s, f)
    elif op == OP_TURN:
        op_turn(s, f)
    elif op == OP_ANYTIME:
        op_anytime(s, f)
    elif op == OP_SPACE:
        op_space(s, f)
    elif op == OP_BUILDING:
        op_building(s, f)
    elif op == OP_ACCOMMODATE:
        op_accommodate(s, f)
    elif op == OP_ACQUIRE:
        op_acquire(s, f)
    elif op == OP_UPGRADE:
        op_upgrade(s, f)
    elif op == OP_MASTER:
        op_master(s, f)
    elif op == OP_SELL:
        op_sell(s, f)
    elif op == OP_INVENTORY:
        op_inventory(s, f)
    elif op == OP_BEFORE_NOV:
        op_before_nov(s, f)
    elif op == OP_FIELDS:
        op_fields(s, f)
    elif op == OP_EAT:
        op_eat(s, f)
    elif op == OP_EFFECT:
        op_effect(s, f)
    else:
        pop(s)                      # never reached: an unknown frame ends


cdef void run(ArleState* s) noexcept nogil:
    while not s.game_over and s.dec.ctx == CX_NONE and s.depth > 0:
        step_frame(s)


cdef void repose(ArleState* s) noexcept nogil:
    # compute the pending decision again from the position (after an edit,
    # e.g. by state_from_json): the asking frame goes back to the step that
    # posed it, whose code only reads the position
    cdef Frame* f
    if s.game_over or s.depth == 0:
        return
    f = &s.stack[s.depth - 1]
    mask_clear(&s.dec)
    s.dec.ctx = CX_NONE
    s.dec.seat = 0
    s.dec.p1 = 0
    if s.nbreed:
        s.nbreed = 0
        memset(s.breed, 0, sizeof(s.breed))
        memset(s.breed_rel, 0, sizeof(s.breed_rel))
    f.step = f.ask
    run(s)


cdef void apply_decision(ArleState* s, int a) noexcept nogil:
    # a legal action: the asking frame gets it and the machine runs on
    cdef Frame* f = &s.stack[s.depth - 1]
    f.ans = a
    f.ask = 0
    s.dec.ctx = CX_NONE
    s.dec.seat = 0
    s.dec.p1 = 0
    mask_clear(&s.dec)
    run(s)
