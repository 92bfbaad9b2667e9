# cython: language_level=3
"""The random playout loop, inline so the state module and the search share it."""
from libc.stdint cimport int32_t

from olab_core.common.ops cimport GameOps, PLAYER_CHANCE, PLAYER_TERMINAL
from olab_core.common.pcg cimport Pcg32, pcg32_bounded

# the most actions one random game of the batch loops may take (every game's
# GameInfo.max_game_length unless it declares less); no game comes near it
cdef enum:
    PLAYOUT_MAX_GAME_LENGTH = 200000


cdef inline int random_step(const GameOps* ops, void* s, Pcg32* rng, int32_t* buf) noexcept nogil:
    # one uniformly random action, or a chance outcome drawn with its
    # probability; 0 when the game is over, -1 at a position without legal
    # actions (a bug in the game core)
    cdef int p = ops.to_move(s), n
    if p == PLAYER_TERMINAL:
        return 0
    if p == PLAYER_CHANCE:
        ops.apply(s, ops.sample_chance(s, rng))
        return 1
    n = ops.legal(s, buf)
    if n <= 0:
        return -1
    ops.apply(s, buf[pcg32_bounded(rng, n)])
    return 1


cdef inline int playout(const GameOps* ops, void* s, Pcg32* rng, int max_actions, int32_t* buf) noexcept nogil:
    """Random actions until the game ends or ``max_actions`` were taken.

    ``buf`` is the caller's room for ``ops.max_legal`` actions (a playout runs
    once per simulation, so it allocates nothing).  Returns the number of
    actions (chance outcomes included), or -1 at a position without legal
    actions (a bug in the game core).
    """
    cdef int count = 0, r
    while count < max_actions:
        r = random_step(ops, s, rng, buf)
        if r == 0:
            break
        if r < 0:
            return -1
        count += 1
    return count
