# cython: language_level=3
"""A fast 64-bit hash over a byte range (the state hash of every game)."""
from libc.stdint cimport uint64_t, uint8_t
from libc.string cimport memcpy

cdef inline uint64_t mix64(uint64_t x) noexcept nogil:
    # splitmix64 finaliser: every input bit affects every output bit
    x ^= x >> 30
    x *= 0xbf58476d1ce4e5b9ULL
    x ^= x >> 27
    x *= 0x94d049bb133111ebULL
    x ^= x >> 31
    return x

cdef inline uint64_t hash_bytes(const void* data, size_t n) noexcept nogil:
    # 8 bytes at a time through the splitmix finaliser; equal bytes give equal
    # hashes, and the engines keep their structs canonical (padding zeroed), so
    # equal states hash equal.
    cdef const uint8_t* p = <const uint8_t*>data
    cdef uint64_t h = 0x9E3779B97F4A7C15ULL ^ n
    cdef uint64_t w
    cdef size_t i = 0
    while i + 8 <= n:
        memcpy(&w, p + i, 8)
        h = mix64(h ^ w) + 0x9E3779B97F4A7C15ULL
        i += 8
    w = 0
    if i < n:
        memcpy(&w, p + i, n - i)
        h = mix64(h ^ w)
    return mix64(h)
