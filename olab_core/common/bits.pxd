# cython: language_level=3
"""128-bit sets (``u128``) from bits.h, for landscapes and card sets."""
from libc.stdint cimport uint64_t

cdef extern from "bits.h" nogil:
    # Cython only passes the name through to C; arithmetic and bit operators
    # work as on any integer type.
    ctypedef unsigned long long u128
    u128 u128_bit(int i)
    int u128_test(u128 m, int i)
    int u128_popcount(u128 m)
    int u128_ctz(u128 m)
    u128 u128_clear_lowest(u128 m)
    int u128_nonzero(u128 m)
    uint64_t u128_lo(u128 m)
    uint64_t u128_hi(u128 m)
    u128 u128_make(uint64_t lo, uint64_t hi)
    u128 u128_low_bits(int n)
    void u128_and_counts(const u128* a, int na, const u128* b, int nb, int* out)

# 64-bit sets (a game with at most 64 of something: spaces, tiles, seats)
cdef extern from "bits.h" nogil:
    int u64_popcount(uint64_t m)
    int u64_ctz(uint64_t m)
    # out[k] = bit k of m as 0.0 or 1.0, k < n <= 64 (observation tensors)
    void u64_bits_to_floats(float* out, uint64_t m, int n)
