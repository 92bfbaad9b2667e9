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


# who won (the development track breaks a tie) is decided in olab_core/common/outcome.pxd
# from ops.scores and orl_tiebreak (observe.pxi)
