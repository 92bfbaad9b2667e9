# cython: language_level=3
"""Who won a finished game: decided once, here, for every game core (inline, no GIL).

Every surface that says who won (``State.outcome()`` and ``returns()``, the
arena, the batch playout statistics, the vectorized environment's rewards,
the PettingZoo and OpenSpiel adapters, the engine protocol and the C ABI)
reads :c:func:`game_outcome`; none decides it again.

The rule: a seat is ranked by its score, then by the game's tie-breaks in
order (``ops.tiebreak``, level 0, 1, ...), each a number per seat where more
is better.  Seats equal on all of them share a rank.  The scores compared
are the game's exact integers (``ops.scores``: Fields of Arle's half points),
never a rounded or floating value.  The winners are the seats of rank 1 and
share a return of 1 (1/k each); the others return 0; a solo game returns its
score.

``reason`` says what decided the winners: the score alone, a tie-break (and
which), a tie that no tie-break broke (the win is shared), or a solo game.
"""
from olab_core.common.ops cimport GameOps, OPS_MAX_SEATS, PLAYER_TERMINAL
from libc.stdint cimport int32_t

cdef enum:
    OUTCOME_NONE = 0        # the game is not over
    OUTCOME_SCORE = 1       # one seat has the best score
    OUTCOME_TIEBREAK = 2    # the best score was tied and tie-break ``tiebreak`` settled it
    OUTCOME_SHARED = 3      # the best score was tied and no tie-break separated the winners
    OUTCOME_SOLO = 4        # a solo game: the result is the score
    OUTCOME_MAX_TIEBREAKS = 4


cdef struct GameOutcome:
    int players
    int reason              # OUTCOME_*
    int tiebreak            # the tie-break level that decided (OUTCOME_TIEBREAK), else -1
    int winners             # a bit per seat of rank 1
    int rank[OPS_MAX_SEATS]         # 1 = first; seats equal on score and every tie-break share a rank
    int32_t score[OPS_MAX_SEATS]    # the exact scores compared (ops.scores)
    float returns[OPS_MAX_SEATS]    # State.returns()


cdef inline int _first_bit(int mask) noexcept nogil:
    cdef int i = 0
    while i < 31 and not (mask >> i) & 1:
        i += 1
    return i


cdef inline int game_outcome(const GameOps* ops, const void* s, GameOutcome* out) noexcept nogil:
    # keys[level][seat]: level 0 is the score, then each tie-break of the game
    cdef int32_t keys[OUTCOME_MAX_TIEBREAKS + 1][OPS_MAX_SEATS]
    cdef int n, i, j, lv, levels = 1, k, better, top, w
    cdef bint level
    n = ops.scores(s, keys[0])
    out.players = n
    out.tiebreak = -1
    out.winners = 0
    for i in range(OPS_MAX_SEATS):
        out.rank[i] = 0
        out.score[i] = keys[0][i] if i < n else 0
        out.returns[i] = 0
    if ops.to_move(s) != PLAYER_TERMINAL:
        out.reason = OUTCOME_NONE
        return n
    if ops.tiebreak != NULL:
        while levels <= OUTCOME_MAX_TIEBREAKS and ops.tiebreak(s, levels - 1, keys[levels]) == n:
            levels += 1
    # a seat's rank: 1 + the seats lexicographically ahead of it on (score, tie-breaks...)
    for i in range(n):
        better = 0
        for j in range(n):
            for lv in range(levels):
                if keys[lv][j] != keys[lv][i]:
                    if keys[lv][j] > keys[lv][i]:
                        better += 1
                    break
        out.rank[i] = 1 + better
        if better == 0:
            out.winners |= 1 << i
    if n == 1:
        out.reason = OUTCOME_SOLO
        # a solo game returns its score in the game's points, as every surface reports it
        out.returns[0] = <float>keys[0][0] / (ops.units_per_point if ops.units_per_point > 0 else 1)
        return n
    k = 0
    for i in range(n):
        k += (out.winners >> i) & 1
    for i in range(n):
        out.returns[i] = <float>(1.0 / k) if (out.winners >> i) & 1 else <float>0.0
    # what decided: after each key in turn, how many seats are still level with a winner
    w = _first_bit(out.winners)
    for lv in range(levels):
        top = 0
        for i in range(n):
            level = True
            for k in range(lv + 1):
                if keys[k][i] != keys[k][w]:
                    level = False
                    break
            top += level
        if top == 1:
            if lv == 0:
                out.reason = OUTCOME_SCORE
            else:
                out.reason = OUTCOME_TIEBREAK
                out.tiebreak = lv - 1
            return n
    out.reason = OUTCOME_SHARED
    return n


cdef inline int game_returns(const GameOps* ops, const void* s, float* out) noexcept nogil:
    # State.returns() of the position (0 for every seat before the end)
    cdef GameOutcome o
    cdef int n = game_outcome(ops, s, &o), i
    for i in range(n):
        out[i] = o.returns[i]
    return n
