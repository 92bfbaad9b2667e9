# cython: language_level=3
"""Goods as small integer arrays: the helpers every game's core shares.

A player's goods are an ``int16_t`` array indexed by the game's goods enum
(generated from its goods data); costs and gains are arrays of the same
shape.  Everything here is inline, ``noexcept nogil`` and branch-light, for
the legal-action generators.
"""
from libc.stdint cimport int16_t


cdef inline bint goods_cover(const int16_t* have, const int16_t* need, int n) noexcept nogil:
    # every count of need is held
    cdef int i
    for i in range(n):
        if have[i] < need[i]:
            return False
    return True


cdef inline void goods_add(int16_t* have, const int16_t* delta, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        have[i] += delta[i]


cdef inline void goods_sub(int16_t* have, const int16_t* cost, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        have[i] -= cost[i]


cdef inline int goods_total(const int16_t* have, int n) noexcept nogil:
    cdef int i, t = 0
    for i in range(n):
        t += have[i]
    return t


cdef inline int goods_kinds(const int16_t* have, int n) noexcept nogil:
    # how many different goods are held
    cdef int i, k = 0
    for i in range(n):
        if have[i] > 0:
            k += 1
    return k


cdef inline int16_t capped_add(int16_t value, int add, int cap) noexcept nogil:
    # value + add, held at cap (a goods track that ends)
    cdef int v = value + add
    return <int16_t>(cap if v > cap else v)
