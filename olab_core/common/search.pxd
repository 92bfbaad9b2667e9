# cython: language_level=3
"""Game-independent search over any olab core: perft, random playouts, UCT.

A game core describes itself to this module with a :c:type:`GameOps` table of
plain C functions over an opaque, fixed-size, pointer-free state struct (so a
copy is a ``memcpy``).  Everything here runs without the GIL; the game module
wraps it for Python.
"""
from libc.stdint cimport int8_t, int32_t, int64_t, uint16_t, uint32_t, uint64_t

from olab_core.common.pcg cimport Pcg32

cdef enum:
    SEARCH_MAX_SEATS = 4

# the deciding seat, or a negative number once the game is over
ctypedef int (*ToMoveFn)(const void* s) noexcept nogil
# write the legal actions into out (room for max_legal), return how many
ctypedef int (*LegalFn)(const void* s, int32_t* out) noexcept nogil
# apply a legal action in place
ctypedef void (*ApplyFn)(void* s, int32_t a) noexcept nogil
# a reward in [0, 1] per seat: the outcome once the game is over, an estimate before
ctypedef void (*ValueFn)(const void* s, float* out) noexcept nogil

cdef struct GameOps:
    size_t state_size      # bytes of the state struct (copies are memcpy)
    int seats              # seats that receive rewards (<= SEARCH_MAX_SEATS)
    int max_legal          # no position has more legal actions
    ToMoveFn to_move
    LegalFn legal
    ApplyFn apply
    ValueFn value

cdef int64_t perft(const GameOps* ops, const void* s, int depth) noexcept nogil
cdef int playout(const GameOps* ops, void* s, Pcg32* rng, int max_actions, int32_t* buf) noexcept nogil

# one node of the UCT tree; the children of a node sit side by side in the
# arena, so a node needs only the index of its first child and a count
cdef struct Node:
    float w[SEARCH_MAX_SEATS]   # summed rewards of the playouts through this node, per seat
    int32_t first_child         # -1: not expanded yet
    int32_t parent              # -1: the root
    int32_t action              # the action that leads here from the parent
    uint32_t visits
    uint16_t n_children
    uint16_t next_unvisited     # children [0, next_unvisited) have had a playout
    int8_t to_move              # seat deciding here, -1 game over, -2 not expanded


cdef class Searcher:
    cdef Node* nodes
    cdef Node* spare            # second arena for compaction when the root moves down
    cdef int32_t capacity
    cdef int32_t used
    cdef int32_t root
    cdef const GameOps* ops
    cdef char* root_state       # the position at the root
    cdef char* scratch          # the position a simulation walks through
    cdef int32_t* legal_buf
    cdef Pcg32 rng
    cdef readonly double exploration
    cdef readonly int playout_depth
    cdef readonly int64_t simulations_run

    cdef int attach(self, const GameOps* ops, const void* state) except -1
    cdef int64_t run(self, int64_t simulations, double time_ms) noexcept nogil
    cdef int32_t best_action(self) noexcept nogil
    cdef void _new_tree(self) noexcept nogil
    cdef void _init_node(self, int32_t i, int32_t parent, int32_t action) noexcept nogil
    cdef bint _expand(self, int32_t idx) noexcept nogil
    cdef int32_t _select(self, const Node* nd) noexcept nogil
    cdef void _simulate(self) noexcept nogil
    cdef void _reroot(self, int32_t new_root) noexcept nogil
