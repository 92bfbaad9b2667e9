# Forfeits: goods a player loses outside the rules' payments.
#
# The reference engine kennerspiel takes every good written in some commands,
# more than the card needs (SETTLE with a surplus, USE G12 ShShShShShPtPtPtPtPt),
# and pays a work contract's owner one coin per Pn written.  The kennerspiel
# importer reproduces such a command as olab's minimal payment followed by
# forfeits: "the current player loses k of good g" (A_FORFEIT) or "gives k
# coins to seat o" (A_GIVE).  They are part of the history, so undo,
# serialization, the notation and the exporter see them, but they are never
# legal actions: legal_actions never lists them and apply_action refuses them,
# so search, bots and random play never meet them.  Only CoreState.apply_forfeit
# applies one, at the top of a turn (a command boundary), and never makes a
# count negative.

cdef enum:
    FORFEIT_GOODS = N_GOODS - 1    # every good but the Wonder (Wonders are conserved)


cdef inline bint is_forfeit(int32_t a) noexcept nogil:
    return A_FORFEIT <= a < A_TOTAL


cdef int forfeit_problem(const OraState* s, int32_t a) noexcept nogil:
    # 0 when the forfeit a applies here, else the reason's number (FORFEIT_WHY)
    cdef int g, k, o
    if not is_forfeit(a):
        return 1
    if s.game_over:
        return 2
    if s.seating or s.dec.kind != D_TURN:
        return 3
    if a < A_GIVE:
        g = (a - A_FORFEIT) // KMAX
        k = (a - A_FORFEIT) % KMAX + 1
        if g >= FORFEIT_GOODS:
            return 4
        if s.pl[s.current].goods[g] < k:
            return 5
        return 0
    o = (a - A_GIVE) // KMAX
    k = (a - A_GIVE) % KMAX + 1
    if o >= s.cfg.players or o == s.current:
        return 6
    if s.pl[s.current].goods[G_COIN] < k:
        return 5
    return 0


FORFEIT_WHY = (
    "", "not a forfeit action id", "the game is over",
    "a forfeit comes only at the top of a turn, between commands",
    "Wonders cannot be forfeited", "the current player does not hold that many",
    "coins go to another seat that plays",
)


cdef void apply_forfeit_raw(OraState* s, int32_t a) noexcept nogil:
    cdef int k
    if a < A_GIVE:
        k = (a - A_FORFEIT) % KMAX + 1
        s.pl[s.current].goods[(a - A_FORFEIT) // KMAX] -= k
    else:
        k = (a - A_GIVE) % KMAX + 1
        s.pl[s.current].goods[G_COIN] -= k
        s.pl[(a - A_GIVE) // KMAX].goods[G_COIN] += k
