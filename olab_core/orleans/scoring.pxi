# The end of the game and scoring (summary, End of the Game and Scoring):
# coins 1 each, goods by type, and (trading stations + citizens) times the
# development status.  Most points win; a tie goes to the player further on
# the development track, and a tie there too is shared.

cdef int score_of(const OrlState* s, int pi) noexcept nogil:
    cdef const Player* p = &s.pl[pi]
    cdef int g, v = p.coins
    for g in range(N_GOODS):
        v += p.goods[g] * GOODS_POINTS[g]
    return v + (p.stations_built + citizens_of(s, pi)) * status_of(p)


cdef int winners_mask(const OrlState* s) noexcept nogil:
    # a bit per winner: best score, then the development track
    cdef int i, best = -0x7FFFFFFF, dev = -1, mask = 0, sc
    for i in range(s.cfg.players):
        sc = score_of(s, i)
        if sc > best or (sc == best and s.pl[i].dev > dev):
            best, dev, mask = sc, s.pl[i].dev, 1 << i
        elif sc == best and s.pl[i].dev == dev:
            mask |= 1 << i
    return mask
