# cython: language_level=3
"""Small helpers of the card functions that read only the state.

Inline, ``noexcept nogil``; cimported by the engine (``olab_core/ora/_engine.pyx``)
and inlined by the C compiler.  The card functions themselves (one
``step_<card>`` each) stay in ``cards.pxi`` and ``ireland.pxi``.
"""
from olab_core.common.bits cimport u128_popcount
from olab_core.ora.defs cimport *
from olab_core.ora.chains cimport DONE


cdef inline bint printed_empty_use(const OraState* s) noexcept nogil:
    # printed rules: a clergyman may be placed without using the function
    # (rules.md 7.1); kennerspiel's wheel buildings and plain gains always
    # produce (a contracted building may still be left unused: it is a
    # free use at the top of the turn that need not be taken)
    return not (s.cfg.flags & RF_NO_EMPTY_WHEEL_USE)


cdef inline void gain(Player* p, int g, int n) noexcept nogil:
    p.goods[g] += n


cdef inline int wheel_card_token(int cid) noexcept nogil:
    if cid == C_L1:
        return T_CLAY
    if cid == C_L3:
        return T_COIN
    if cid == C_F14 or cid == C_F31:
        return T_GRAPE
    if cid == C_G22 or cid == C_F29:
        return T_STONE
    return -1


cdef inline int grant_free_use(OraState* s, int kind, int p, int sp) noexcept nogil:
    # the card's own part is done; the lent use waits at the top of the turn
    s.free_kind = kind
    s.free_p = p
    s.free_s = sp
    s.free_card = s.dec.card
    return DONE


cdef inline int cloisters_of(const Player* p) noexcept nogil:
    return u128_popcount(p.cloister)
