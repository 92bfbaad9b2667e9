/* 128-bit sets for olab_core.
 *
 * A player's landscape has at most 100 spaces (heartland + 18 tiles of 5 slots),
 * so one unsigned __int128 holds "which spaces are X" and set algebra is a
 * handful of instructions.  GCC and Clang on 64-bit targets provide __int128.
 */
#ifndef OLAB_BITS_H
#define OLAB_BITS_H
#include <stdint.h>

typedef unsigned __int128 u128;

static inline u128 u128_bit(int i) { return ((u128)1) << i; }
static inline int u128_test(u128 m, int i) { return (int)((m >> i) & 1); }
static inline int u128_popcount(u128 m) {
    return __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
}
/* index of the lowest set bit; m must be non-zero */
static inline int u128_ctz(u128 m) {
    uint64_t lo = (uint64_t)m;
    if (lo) return __builtin_ctzll(lo);
    return 64 + __builtin_ctzll((uint64_t)(m >> 64));
}
static inline u128 u128_clear_lowest(u128 m) { return m & (m - 1); }
static inline int u128_nonzero(u128 m) { return m != 0; }
static inline uint64_t u128_lo(u128 m) { return (uint64_t)m; }
static inline uint64_t u128_hi(u128 m) { return (uint64_t)(m >> 64); }
static inline u128 u128_make(uint64_t lo, uint64_t hi) { return ((u128)hi << 64) | lo; }
static inline u128 u128_low_bits(int n) {  /* bits 0..n-1 set */
    return n >= 128 ? ~(u128)0 : (((u128)1) << n) - 1;
}
/* 64-bit sets: popcount, lowest set bit (m non-zero) */
static inline int u64_popcount(uint64_t m) { return __builtin_popcountll(m); }
static inline int u64_ctz(uint64_t m) { return __builtin_ctzll(m); }
#endif
