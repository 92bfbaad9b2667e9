# cython: language_level=3
"""The decision machine's small parts: the action mask, the frame stack, the season.

Inline, ``noexcept nogil``, reading only the state; cimported by the engine
(``olab_core/arle/_engine.pyx``) and inlined by the C compiler.  The machine
itself (posing a decision, the count triples, the run loop) stays in
``machine.pxi``.
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset
from olab_core.arle.defs cimport *


# ---------------------------------------------------------------- the action mask

cdef inline void mask_clear(Decision* d) noexcept nogil:
    memset(d.mask, 0, sizeof(d.mask))


cdef inline void mask_add(Decision* d, int a) noexcept nogil:
    d.mask[a >> 6] |= (<uint64_t>1) << (a & 63)


cdef inline bint mask_has(const Decision* d, int a) noexcept nogil:
    return (d.mask[a >> 6] >> (a & 63)) & 1


cdef inline bint mask_any(const Decision* d) noexcept nogil:
    cdef int i
    for i in range(MASK_WORDS):
        if d.mask[i]:
            return True
    return False


# ---------------------------------------------------------------- the frame stack

cdef inline void fill_frame(Frame* f, int op, int seat, int arg, int n, int m) noexcept nogil:
    memset(f, 0, sizeof(Frame))
    f.op = op
    f.seat = seat
    f.arg = arg
    f.n = n
    f.m = m


cdef inline Frame* push(ArleState* s, int op, int seat, int arg, int n, int m) noexcept nogil:
    cdef Frame* f = &s.stack[s.depth]
    fill_frame(f, op, seat, arg, n, m)
    s.depth += 1
    return f


cdef inline void pop(ArleState* s) noexcept nogil:
    s.depth -= 1
    memset(&s.stack[s.depth], 0, sizeof(Frame))


cdef inline void become(Frame* f, int op, int arg, int n, int m) noexcept nogil:
    # the frame ends by handing over to another procedure (a tail call: the
    # stack does not grow)
    fill_frame(f, op, f.seat, arg, n, m)


# ---------------------------------------------------------------- the season

cdef inline bint is_summer(const ArleState* s) noexcept nogil:
    return s.half_year & 1


cdef inline bint space_in_season(const ArleState* s, int sp) noexcept nogil:
    return (sp < 15) == is_summer(s)
