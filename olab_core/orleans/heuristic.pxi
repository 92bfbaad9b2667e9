# The bots' estimate of a seat's position, in victory points.  A bot's
# opinion, not a rule: the score it would have now, plus a little for what
# is not points yet.  It reads only what every seat sees (never the generator).

cdef double H_FOLLOWER = 0.5       # per neutral follower owned
cdef double H_DEV = 0.3            # per development point

cdef double heuristic_value(const OrlState* s, int pi) noexcept nogil:
    cdef const Player* p = &s.pl[pi]
    cdef double v = score_of(s, pi)
    cdef int k, n = 0, place, j, v2
    for k in range(N_CHARS):
        n += p.bag[k] + p.market[k] + p.tower[k]
    for place in range(N_PLACES):
        for j in range(PLACE_NSPACES[place]):
            v2 = p.slot[place][j]
            if v2 != SLOT_EMPTY and v2 != SLOT_TECH and v2 - 1 < N_CHARS:
                n += 1
    v += H_FOLLOWER * n + H_DEV * p.dev
    return v
