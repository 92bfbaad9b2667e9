# cython: language_level=3
"""Game-independent search over any olab core: perft, random playouts, greedy, UCT.

A game core describes itself with a :c:type:`GameOps` table (``ops.pxd``)
over an opaque, fixed-size, pointer-free state struct (so a copy is a
``memcpy``).  Everything here runs without the GIL; ``search.pyx`` wraps it
for Python, for every game at once.
"""
from libc.stdint cimport int8_t, int32_t, int64_t, uint16_t, uint32_t, uint64_t

from olab_core.common.ops cimport GameOps, OPS_MAX_SEATS
from olab_core.common.pcg cimport Pcg32

cdef enum:
    SEARCH_MAX_SEATS = OPS_MAX_SEATS
    NODE_UNEXPANDED = -2       # Node.to_move before the node is expanded
    GREEDY_MAX_DEPTH = 48

cdef int64_t perft(const GameOps* ops, const void* s, int depth) noexcept nogil
cdef int32_t greedy_choose(const GameOps* ops, const void* s, Pcg32* rng, int budget) noexcept nogil

# reward helpers a game's ValueFn may use: a sigmoid z / (1 + |z|) mapped to
# [0, 1], exactly rounded on every machine (no exp, see portable_log)
cdef inline float reward_of(double z) noexcept nogil:
    return <float>(0.5 + 0.5 * z / (1.0 + (z if z >= 0 else -z)))

cdef inline double margin(int seat, int n, const double* vals) noexcept nogil:
    # a seat's value minus the best other seat's: what a player wants to raise
    cdef int j
    cdef double best = -1e300
    if n == 1:
        return vals[0]
    for j in range(n):
        if j != seat and vals[j] > best:
            best = vals[j]
    return vals[seat] - best

# the value of every player's position in points: the final score once the
# game is over, the game's heuristic before; returns the number of players
cdef int seat_values(const GameOps* ops, const void* s, double* out) noexcept nogil

# what a seat maximises before the end (greedy's value: the game's seat value
# or the margin of its heuristic), and the same corrected by a fitted
# evaluation (weights w, NULL: none; obs: room for ops.obs_size floats)
cdef double greedy_eval(const GameOps* ops, const void* s, int me) noexcept nogil
cdef double fitted_eval(const GameOps* ops, const double* w, float* obs, const void* s, int me) noexcept nogil
# a seat's own value (its score at the end): what a searcher of the
# objective "score" maximises with 3 or 4 seats
cdef double own_eval(const GameOps* ops, const double* w, float* obs, const void* s, int me) noexcept nogil


# one node of the UCT tree; the children of a node sit side by side in the
# arena, so a node needs only the index of its first child and a count
cdef struct Node:
    float w[SEARCH_MAX_SEATS]   # summed rewards of the playouts through this node, per seat
    int32_t first_child         # -1: not expanded yet
    int32_t parent              # -1: the root
    int32_t action              # the action (or chance outcome) that leads here from the parent
    uint32_t visits
    uint16_t n_children
    uint16_t next_unvisited     # children [0, next_unvisited) have had a playout
    int8_t to_move              # seat deciding here, PLAYER_CHANCE, PLAYER_TERMINAL or NODE_UNEXPANDED


cdef class Searcher:
    cdef Node* nodes
    cdef Node* spare            # second arena for compaction when the root moves down
    cdef int32_t capacity
    cdef int32_t used
    cdef int32_t root
    cdef const GameOps* ops
    cdef char* root_state       # the position at the root (the true one)
    cdef char* scratch          # the position a simulation walks through
    cdef int32_t* legal_buf
    cdef int observer           # whose information the search may use
    cdef Pcg32 rng
    cdef readonly double exploration
    cdef readonly int playout_depth
    cdef readonly int64_t simulations_run
    cdef bint busy              # a search is running (one thread at a time)
    cdef bint stopped           # the last run stopped on Ctrl-C

    cdef int attach(self, const GameOps* ops, const void* state, int observer) except -1
    cdef int64_t run(self, int64_t simulations, double time_ms) noexcept nogil
    cdef int32_t best_action(self) noexcept nogil
    cdef void _new_tree(self) noexcept nogil
    cdef bint _root_matches(self) noexcept nogil
    cdef void _init_node(self, int32_t i, int32_t parent, int32_t action) noexcept nogil
    cdef bint _expand(self, int32_t idx) noexcept nogil
    cdef int32_t _select(self, const Node* nd) noexcept nogil
    cdef void _simulate(self) noexcept nogil
    cdef void _reroot(self, int32_t new_root) noexcept nogil
