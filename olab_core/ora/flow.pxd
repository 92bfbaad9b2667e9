# cython: language_level=3
"""Clergy, turn order and the decision reset: the flow's helpers that read only the state.

Inline, ``noexcept nogil``; cimported by the engine (``olab_core/ora/_engine.pyx``)
and inlined by the C compiler.  The course of the game (set-up, rounds, turns,
settlement phases, the end), which reads the tables filled at import, stays in
``flow.pxi``.
"""
from libc.string cimport memset
from olab_core.common.bits cimport u128_bit, u128_popcount
from olab_core.ora.defs cimport *


cdef inline bint is_short_34(const OraState* s) noexcept nogil:
    return s.cfg.mode == M_3SHORT or s.cfg.mode == M_4SHORT


cdef inline bint is_34(const OraState* s) noexcept nogil:
    return s.cfg.players >= 3


cdef inline bint all_placed(const Player* p) noexcept nogil:
    cdef int i
    for i in range(N_CLERGY):
        if p.clergy[i] == CL_HOME:
            return False
    return True


cdef inline int free_lay_brothers(const Player* p) noexcept nogil:
    cdef int n = 0
    if p.clergy[0] == CL_HOME:
        n += 1
    if p.clergy[1] == CL_HOME:
        n += 1
    return n


cdef inline bint prior_home(const Player* p) noexcept nogil:
    return p.clergy[PRIOR] == CL_HOME


cdef inline void place_clergy(OraState* s, int who, bint prior, int owner, int space) noexcept nogil:
    cdef int i
    cdef uint16_t loc = <uint16_t>((owner << 8) | space)
    if prior:
        s.pl[who].clergy[PRIOR] = loc
    else:
        for i in range(2):
            if s.pl[who].clergy[i] == CL_HOME:
                s.pl[who].clergy[i] = loc
                break
    s.pl[owner].occupied |= u128_bit(space)
    if prior:
        s.pl[owner].prior_on |= u128_bit(space)


cdef inline void enter_tokens(OraState* s, int r) noexcept nogil:
    # grapes (France) and stone join the wheel on the arm's slot (rules.md 4.5)
    if s.cfg.grape_round and r == s.cfg.grape_round and s.cfg.variant == V_FRANCE:
        if s.token[T_GRAPE] == TOKEN_ABSENT:
            s.token[T_GRAPE] = s.arm
    if s.cfg.stone_round and r == s.cfg.stone_round:
        if s.token[T_STONE] == TOKEN_ABSENT:
            s.token[T_STONE] = s.arm


cdef inline int seat_of_turn(const OraState* s, int i) noexcept nogil:
    cdef int n = s.cfg.players
    if s.cfg.mode == M_SOLO or s.cfg.mode == M_2SHORT:
        return s.start_player
    if s.cfg.mode == M_2LONG:
        return s.start_player if i < 2 else 1 - s.start_player
    if i >= n:
        return s.start_player          # the start player's second turn
    return (s.start_player + i) % n


cdef inline int turns_in_round(const OraState* s) noexcept nogil:
    if s.cfg.mode == M_SOLO or s.cfg.mode == M_2SHORT:
        return 2
    if s.cfg.mode == M_2LONG:
        return 3
    return s.cfg.players + 1


cdef inline int display_count(const OraState* s) noexcept nogil:
    return u128_popcount(s.display)


cdef inline void clear_decision(OraState* s) noexcept nogil:
    memset(&s.dec, 0, sizeof(Decision))
    s.dec.kind = D_TURN
    s.dec.chooser = s.current
    s.dec.actor = s.current
