# cython: language_level=3
"""Money, straw and the wheel's turning: the goods helpers that read only the state.

Inline, ``noexcept nogil``, cimported by the engine (``olab_core/ora/_engine.pyx``)
and inlined by the C compiler.  What reads the tables filled at import (the
wheel's values, the goods' food, energy and points, the card costs) stays in
``goods.pxi``, compiled into the engine.
"""
from olab_core.ora.defs cimport *


cdef inline void rotate_wheel(OraState* s) noexcept nogil:
    # the arm advances one slot; a token it would reach (value 10) is pushed
    # along and stays at 10, or leaves the game in solo (rules.md 4.3)
    cdef int t
    s.arm = (s.arm + 1) % 13
    for t in range(N_TOKENS):
        if s.token[t] == s.arm:
            if s.cfg.mode == M_SOLO:
                s.token[t] = TOKEN_ABSENT
            else:
                s.token[t] = (s.arm + 1) % 13


cdef inline void bonus_production(OraState* s, int good) noexcept nogil:
    # short 3-4 player game: every wheel take also gives every player one of
    # that good (rules.md 4.6)
    cdef int p
    if s.cfg.mode == M_3SHORT or s.cfg.mode == M_4SHORT:
        for p in range(s.cfg.players):
            s.pl[p].goods[good] += 1


cdef inline int money_avail(const Player* p) noexcept nogil:
    # coins, counting each wine as 1 coin and each whiskey as 2 (rules.md 7.6)
    return p.goods[G_COIN] + p.goods[G_WINE] + 2 * p.goods[G_WHISKEY]


cdef inline void pay_money(Player* p, int amount) noexcept nogil:
    # coins first; a drink is exchanged only for what the coins do not cover
    # (a drink is worth at least a coin, so this order never loses anything)
    cdef int owed
    if p.goods[G_COIN] >= amount:
        p.goods[G_COIN] -= amount
        return
    owed = amount - p.goods[G_COIN]
    p.goods[G_COIN] = 0
    if p.goods[G_WINE] >= owed:
        p.goods[G_WINE] -= owed
        return
    owed -= p.goods[G_WINE]
    p.goods[G_WINE] = 0
    # whiskey is worth 2 coins: change comes back as a coin
    p.goods[G_WHISKEY] -= (owed + 1) // 2
    p.goods[G_COIN] += owed % 2


cdef inline int straw_avail(const Player* p) noexcept nogil:
    # grain may always be flipped to straw (rules.md 7.6)
    return p.goods[G_STRAW] + p.goods[G_GRAIN]


cdef inline void pay_straw(Player* p, int n) noexcept nogil:
    # straw first, then grain: grain can become straw but not the reverse,
    # so keeping grain is never worse
    if p.goods[G_STRAW] >= n:
        p.goods[G_STRAW] -= n
    else:
        p.goods[G_GRAIN] -= n - p.goods[G_STRAW]
        p.goods[G_STRAW] = 0
