# cython: language_level=3
"""The state and game objects every game core builds on (see state.pyx)."""
from libc.stdint cimport int32_t

from olab_core.common.ops cimport GameOps


# one undo snapshot: the position before ``action`` was applied, followed in
# memory by ``ops.state_size`` bytes of state.  Snapshots are shared between
# clones (copy-on-write: ``refs`` counts the holders).
cdef struct Snap:
    Snap* parent
    int32_t action
    int32_t refs

cdef void snap_release(Snap* node) noexcept nogil
cdef inline char* snap_state(Snap* node) noexcept nogil:
    return (<char*>node) + sizeof(Snap)


cdef class CoreGameBase:
    cdef const GameOps* ops     # the game's table
    cdef const void* cfgp       # the game's config struct (a member of the subclass)
    cdef readonly object info


cdef class CoreStateBase:
    cdef const GameOps* ops     # set by the game's subclass in __cinit__
    cdef void* sp               # the subclass's state struct
    cdef Snap* top              # the undo chain, newest first
    cdef int32_t depth          # actions on the chain
    cdef tuple pre              # actions played before the chain's root (a view's past)
    cdef public object game     # the facade's Game

    cdef int live(self) except -1
    cdef int32_t checked_action(self, object action) except -1
    cdef int push(self, int32_t a) except -1
