# cython: language_level=3
"""A player's goods payments and home board counts: the helpers that read only a ``Player``.

Inline, ``noexcept nogil``; cimported by the engine (``olab_core/arle/_engine.pyx``)
and inlined by the C compiler.  What reads the tables filled at import (the
goods-track caps, the tools' tracks, the dike land, the vehicles and the
limited supply) stays in ``goods.pxi``.
"""
from libc.stdint cimport uint8_t
from olab_core.common.bits cimport u64_popcount
from olab_core.arle.defs cimport *


cdef inline int imin(int a, int b) noexcept nogil:
    return a if a < b else b


cdef inline int imax(int a, int b) noexcept nogil:
    return a if a > b else b


# ---------------------------------------------------------------- paying
# "Regardless of the action, you can always pay Timber instead of Wood and
# Brick instead of Clay."  Timber can do all that wood can (and scores), so
# the engine pays wood first and timber only for what wood cannot cover;
# likewise clay before brick.

cdef inline int wood_like(const Player* p) noexcept nogil:
    return p.goods[G_WOOD] + p.goods[G_TIMBER]


cdef inline int clay_like(const Player* p) noexcept nogil:
    return p.goods[G_CLAY] + p.goods[G_BRICK]


cdef inline void pay_wood(Player* p, int n) noexcept nogil:
    cdef int w = imin(n, p.goods[G_WOOD])
    p.goods[G_WOOD] -= w
    p.goods[G_TIMBER] -= n - w


cdef inline void pay_clay(Player* p, int n) noexcept nogil:
    cdef int c = imin(n, p.goods[G_CLAY])
    p.goods[G_CLAY] -= c
    p.goods[G_BRICK] -= n - c


cdef inline bint can_pay(const Player* p, int g, int n) noexcept nogil:
    # one good of a cost, with timber for wood and brick for clay
    if n <= 0:
        return True
    if g == G_WOOD:
        return wood_like(p) >= n
    if g == G_CLAY:
        return clay_like(p) >= n
    return p.goods[g] >= n


cdef inline void pay(Player* p, int g, int n) noexcept nogil:
    if n <= 0:
        return
    if g == G_WOOD:
        pay_wood(p, n)
    elif g == G_CLAY:
        pay_clay(p, n)
    else:
        p.goods[g] -= n


# ---------------------------------------------------------------- the land
# (the land spaces there are, by the dikes: land_total in goods.pxi)

cdef inline int land_used(const Player* p) noexcept nogil:
    cdef int n = u64_popcount(p.buildings), i
    for i in range(N_LAND):
        n += p.land[i]
    if p.boardwalk:
        n += 1
    return n


cdef inline int fields(const Player* p) noexcept nogil:
    return p.land[L_GRAIN] + p.land[L_FLAX]


cdef inline int board_peat(const Player* p) noexcept nogil:
    # peat still on the dehydrated moors and the boardwalk
    cdef int n = p.boardwalk, i
    for i in range(3):
        if p.moor[i] != MOOR_UNDRAINED:
            n += p.moor[i]
    return n


cdef inline void sort_moors(Player* p) noexcept nogil:
    # canonical order: descending (undrained first, gone last)
    cdef uint8_t t
    if p.moor[0] < p.moor[1]:
        t = p.moor[0]; p.moor[0] = p.moor[1]; p.moor[1] = t
    if p.moor[1] < p.moor[2]:
        t = p.moor[1]; p.moor[1] = p.moor[2]; p.moor[2] = t
    if p.moor[0] < p.moor[1]:
        t = p.moor[0]; p.moor[0] = p.moor[1]; p.moor[1] = t


cdef inline bint has_undrained(const Player* p) noexcept nogil:
    return p.moor[0] == MOOR_UNDRAINED


cdef inline int moors_dehydrated(const Player* p) noexcept nogil:
    cdef int n = 0, i
    for i in range(3):
        if p.moor[i] != 0 and p.moor[i] != MOOR_UNDRAINED:
            n += 1
    return n


cdef inline int moors_undrained(const Player* p) noexcept nogil:
    cdef int n = 0, i
    for i in range(3):
        if p.moor[i] == MOOR_UNDRAINED:
            n += 1
    return n
