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
/* The bits set in a 64-bit word.  With the popcnt instruction enabled at
 * build time (-mpopcnt, -march=native) this is that instruction; without it
 * (the default x86-64 build) GCC's builtin is a call into libgcc, and this
 * branch-free sum of bit fields is faster than the call.  Both are exact. */
static inline int u64_popcount(uint64_t m) {
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(m);
#else
    m = m - ((m >> 1) & 0x5555555555555555ULL);
    m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((m * 0x0101010101010101ULL) >> 56);
#endif
}
static inline int u128_popcount(u128 m) {
    return u64_popcount((uint64_t)m) + u64_popcount((uint64_t)(m >> 64));
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
/* The sizes of the intersections of two families of sets: out[i * nb + j] =
 * |a[i] & b[j]|.  An observation tensor counts a landscape's spaces by
 * terrain and cover (25 counts of 128-bit sets, per seat, at every step), so
 * this one loop is worth the popcnt instruction where the CPU has it, even in
 * the default build that may not assume it: a copy of the loop compiled for
 * popcnt is chosen at run time (GCC and Clang, x86-64).  Every version gives
 * the same counts. */
static inline void u128_and_counts_generic(const u128* a, int na, const u128* b, int nb, int* out) {
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            out[i * nb + j] = u128_popcount(a[i] & b[j]);
}
#if defined(__x86_64__) && !defined(__POPCNT__) && defined(__GNUC__)
__attribute__((target("popcnt")))
static inline void u128_and_counts_popcnt(const u128* a, int na, const u128* b, int nb, int* out) {
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) {
            u128 m = a[i] & b[j];
            out[i * nb + j] = __builtin_popcountll((uint64_t)m) + __builtin_popcountll((uint64_t)(m >> 64));
        }
}
static inline void u128_and_counts_generic_call(const u128* a, int na, const u128* b, int nb, int* out) {
    u128_and_counts_generic(a, na, b, nb, out);
}
typedef void (*u128_and_counts_fn)(const u128*, int, const u128*, int, int*);
static inline void u128_and_counts(const u128* a, int na, const u128* b, int nb, int* out) {
    /* the version is chosen at the first call; threads racing there store
       the same pointer */
    static u128_and_counts_fn impl = 0;
    u128_and_counts_fn f = __atomic_load_n(&impl, __ATOMIC_RELAXED);
    if (!f) {
        __builtin_cpu_init();
        f = __builtin_cpu_supports("popcnt") ? u128_and_counts_popcnt : u128_and_counts_generic_call;
        __atomic_store_n(&impl, f, __ATOMIC_RELAXED);
    }
    f(a, na, b, nb, out);
}
#else
static inline void u128_and_counts(const u128* a, int na, const u128* b, int nb, int* out) {
    u128_and_counts_generic(a, na, b, nb, out);
}
#endif

/* 64-bit sets: lowest set bit (m non-zero); u64_popcount is above */
static inline int u64_ctz(uint64_t m) { return __builtin_ctzll(m); }

/* A set as the 0.0f / 1.0f entries of an observation tensor: out[k] = bit k
   of m for k < n <= 64.  Four entries at a time are copied from a table of
   the 16 nibbles: a 16-byte copy per four bits instead of a shift, a mask
   and a conversion per bit. */
#define OLAB_NIBBLE(x) {(x) & 1, ((x) >> 1) & 1, ((x) >> 2) & 1, ((x) >> 3) & 1}
static const float OLAB_NIBBLE_FLOATS[16][4] = {
    OLAB_NIBBLE(0), OLAB_NIBBLE(1), OLAB_NIBBLE(2), OLAB_NIBBLE(3),
    OLAB_NIBBLE(4), OLAB_NIBBLE(5), OLAB_NIBBLE(6), OLAB_NIBBLE(7),
    OLAB_NIBBLE(8), OLAB_NIBBLE(9), OLAB_NIBBLE(10), OLAB_NIBBLE(11),
    OLAB_NIBBLE(12), OLAB_NIBBLE(13), OLAB_NIBBLE(14), OLAB_NIBBLE(15)};
#undef OLAB_NIBBLE
static inline void u64_bits_to_floats(float* out, uint64_t m, int n) {
    int k = 0;
    for (; k + 4 <= n; k += 4, m >>= 4)
        __builtin_memcpy(out + k, OLAB_NIBBLE_FLOATS[m & 15], 4 * sizeof(float));
    for (; k < n; k++, m >>= 1)
        out[k] = (float)(m & 1);
}
#endif
