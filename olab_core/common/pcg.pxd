# cython: language_level=3
"""PCG32 (O'Neill's XSH-RR variant): the seeded generator of every olab game.

It is also the generator the kennerspiel reference engine uses to shuffle the
seats (notation.md, section 3), so a seeded olab game and a seeded kennerspiel
``START`` give the same seats.
"""
from libc.stdint cimport uint32_t, uint64_t

cdef struct Pcg32:
    uint64_t state
    uint64_t inc

cdef inline uint32_t pcg32_next(Pcg32* r) noexcept nogil:
    # output from the current state, then advance (the order matters for the
    # kennerspiel seat shuffle)
    cdef uint64_t old = r.state
    r.state = old * 6364136223846793005ULL + r.inc
    cdef uint32_t xorshifted = <uint32_t>(((old >> 18) ^ old) >> 27)
    cdef uint32_t rot = <uint32_t>(old >> 59)
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31))

cdef inline void pcg32_seed(Pcg32* r, uint64_t initstate, uint64_t stream) noexcept nogil:
    # the kennerspiel construction: inc = 2*stream+1, state = inc + initstate,
    # then one step
    r.inc = (stream << 1) | 1
    r.state = r.inc + initstate
    pcg32_next(r)

cdef inline uint32_t pcg32_bounded(Pcg32* r, uint32_t bound) noexcept nogil:
    # unbiased integer in [0, bound) by rejection
    cdef uint32_t threshold = (<uint32_t>(-bound)) % bound
    cdef uint32_t x
    while True:
        x = pcg32_next(r)
        if x >= threshold:
            return x % bound
