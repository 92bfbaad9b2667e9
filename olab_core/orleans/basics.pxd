# cython: language_level=3
"""Small rules every part uses that read only the state: seats, counts, coins, citizens.

Inline, ``noexcept nogil``; cimported by the engine (``olab_core/orleans/_engine.pyx``)
and inlined by the C compiler.  What reads the tables filled at import (the
development and recruiting tracks, the places' spaces, the deeds) stays in
``basics.pxi``.
"""
from libc.stdint cimport uint8_t
from olab_core.orleans.defs cimport *


cdef inline int seat_at(const OrlState* s, int i) noexcept nogil:
    # the seat i-th in turn order from the start player
    return (s.start + i) % s.cfg.players


cdef inline int kinds_total(const uint8_t* a, int n) noexcept nogil:
    cdef int i, t = 0
    for i in range(n):
        t += a[i]
    return t


cdef inline int bag_total(const Player* p) noexcept nogil:
    return kinds_total(p.bag, N_KINDS)


cdef inline int market_total(const Player* p) noexcept nogil:
    return kinds_total(p.market, N_KINDS)


cdef inline int tower_total(const Player* p) noexcept nogil:
    return kinds_total(p.tower, N_CHARS)


cdef inline int goods_total(const Player* p) noexcept nogil:
    return kinds_total(p.goods, N_GOODS)


cdef inline bint owns_place(const Player* p, int place) noexcept nogil:
    return place < N_BOARD or (p.tiles >> (place - N_BOARD)) & 1


cdef inline int citizens_of(const OrlState* s, int pi) noexcept nogil:
    cdef int i, n = 0
    for i in range(N_CITIZENS):
        if s.citizen[i] == pi + 1:
            n += 1
    return n


cdef inline int coins_paid(const OrlState* s, int n) noexcept nogil:
    # "If the supply temporarily lacks coins, players cannot receive coins then.":
    # what a gain of n coins pays (the bots' heuristic values gains by it too)
    return n if n < s.coin_supply else s.coin_supply


cdef inline void gain_coins(OrlState* s, Player* p, int n) noexcept nogil:
    n = coins_paid(s, n)
    if n > 0:
        p.coins += n
        s.coin_supply -= n


cdef inline void pay_coins(OrlState* s, Player* p, int n) noexcept nogil:
    # the caller checks that p has n coins
    p.coins -= n
    s.coin_supply += n


cdef inline void take_citizen(OrlState* s, int pi, int c) noexcept nogil:
    if s.citizen[c] == 0:
        s.citizen[c] = pi + 1


# which character a tile is (a player's own tiles count as their character)
cdef inline int base_char(int kind) noexcept nogil:
    return kind - OWN0 if kind >= OWN0 else kind
