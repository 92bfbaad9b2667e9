# cython: language_level=3
"""The outcome of a finished game per seat, for every game core (inline, no GIL).

The same numbers as ``State.returns()`` (olab/contract.py): with several
players each of the k seats with the best score gets 1/k and the others 0,
so the returns sum to 1; a solo game returns its score.  A game whose winner
is decided by more than the score (a tie-break) gives ``ops.returns``.
"""
from olab_core.common.ops cimport GameOps, OPS_MAX_SEATS
from libc.stdint cimport int32_t


cdef inline int game_returns(const GameOps* ops, const void* s, float* out) noexcept nogil:
    cdef int32_t sc[OPS_MAX_SEATS]
    cdef int n, i, k = 0, best
    if ops.returns != NULL:
        return ops.returns(s, out)
    n = ops.scores(s, sc)
    if n == 1:
        out[0] = <float>sc[0]
        return 1
    best = sc[0]
    for i in range(1, n):
        if sc[i] > best:
            best = sc[i]
    for i in range(n):
        if sc[i] == best:
            k += 1
    for i in range(n):
        out[i] = <float>(1.0 / k) if sc[i] == best else 0.0
    return n
