# Animal husbandry (rulebook: Animal Husbandry Rules).  Animals may be
# rearranged at any time, so the engine never stores where each one stands:
# it only keeps the herd *feasible*, which is a small assignment problem.
#
#   "any" places: each dike holds 1 animal, each park 2, of any types;
#   pens of one type each: an empty land space holds 2, a stall (and each
#   half of a double stall) 3, a stable 6.
#
# A herd fits if the pens can be given to the types so that what the pens do
# not hold fits the "any" places.  Stalls and stables are enumerated (a type
# never needs more pens than it has animals to fill); empty land spaces are
# then given greedily, which is exact for pens of 2: first one per full pair
# of the leftovers, then one per odd leftover.

cdef struct Pens:
    int any                 # dikes + park places
    int land                # empty land spaces (2 each)
    int k3                  # stalls and double-stall halves (3 each)
    int k6                  # stables (6 each)


cdef inline void pens_of(const Player* p, Pens* out) noexcept nogil:
    out.any = DIKE_ANIMALS + SPACE_PARK * p.land[L_PARK]
    out.land = empty_land(p)
    out.k3 = p.land[L_STALL] + 2 * p.land[L_DSTALL]
    out.k6 = p.land[L_STABLE]


cdef inline int land_covers(int land, int l0, int l1, int l2) noexcept nogil:
    # the most of the leftovers l0..l2 that `land` pens of 2 (one type each) hold
    cdef int pairs = l0 // 2 + l1 // 2 + l2 // 2
    cdef int odd = (l0 & 1) + (l1 & 1) + (l2 & 1)
    if land <= pairs:
        return SPACE_LAND * land
    return SPACE_LAND * pairs + imin(land - pairs, odd)


cdef inline bint leftovers_fit(const Pens* pn, int l0, int l1, int l2) noexcept nogil:
    return l0 + l1 + l2 - land_covers(pn.land, l0, l1, l2) <= pn.any


cdef bint fits(const Pens* pn, int n0, int n1, int n2) noexcept nogil:
    cdef int total = n0 + n1 + n2
    cdef int k0, k1, k2, s0, s1, s2, r0, r1, r2, c6_0, c6_1, c3_0, c3_1
    if total <= pn.any:
        return True
    if total > pn.any + SPACE_LAND * pn.land + SPACE_STALL * pn.k3 + SPACE_STABLE * pn.k6:
        return False
    c6_0 = imin(pn.k6, (n0 + SPACE_STABLE - 1) // SPACE_STABLE)
    for k0 in range(c6_0 + 1):
        c6_1 = imin(pn.k6 - k0, (n1 + SPACE_STABLE - 1) // SPACE_STABLE)
        for k1 in range(c6_1 + 1):
            k2 = pn.k6 - k0 - k1
            r0 = imax(0, n0 - SPACE_STABLE * k0)
            r1 = imax(0, n1 - SPACE_STABLE * k1)
            r2 = imax(0, n2 - SPACE_STABLE * k2)
            c3_0 = imin(pn.k3, (r0 + SPACE_STALL - 1) // SPACE_STALL)
            for s0 in range(c3_0 + 1):
                c3_1 = imin(pn.k3 - s0, (r1 + SPACE_STALL - 1) // SPACE_STALL)
                for s1 in range(c3_1 + 1):
                    s2 = pn.k3 - s0 - s1
                    if leftovers_fit(pn, imax(0, r0 - SPACE_STALL * s0), imax(0, r1 - SPACE_STALL * s1),
                                     imax(0, r2 - SPACE_STALL * s2)):
                        return True
    return False


cdef inline bint herd_fits(const Player* p) noexcept nogil:
    cdef Pens pn
    pens_of(p, &pn)
    return fits(&pn, p.goods[G_SHEEP], p.goods[G_CATTLE], p.goods[G_HORSE])


cdef inline bint fits_keeping(const Player* p, int g) noexcept nogil:
    # whether one more animal of good g can be kept, giving back only animals
    # of the other types if need be (an optional gain is worth offering only
    # then: giving the new animal back is the same as declining it)
    cdef Pens pn
    cdef int n[3]
    pens_of(p, &pn)
    n[0] = n[1] = n[2] = 0
    n[g - G_SHEEP] = p.goods[g] + 1
    return fits(&pn, n[0], n[1], n[2])


# ---------------------------------------------------------------- breeding
# May: a stall with exactly 2 animals of a type gets a third; a stable with
# 2, 3 or 5 of a type gets 1 more, with exactly 4 gets 2 (rulebook).  Which
# animals breed depends on how the player arranges them, so the engine lists
# the arrangements' outcomes (newborns per type) that no other outcome beats
# in every type, and asks only when there is more than one.
#
# For one type with s stalls and k stables: x stalls hold exactly 2 (x
# newborns), y1 stables hold 2, 3 or 5 (1 each) and y2 stables exactly 4 (2
# each); the other pens hold anything.  With "at least so many newborns" (an
# arrangement that breeds more is only better), the pens of that type house
# any number of animals from 2x + 2y1 + 4y2 up to 2x + 3(s-x) + 5y1 + 4y2 +
# 6(k-y1-y2); what is left over must fit the land spaces and the any-places.

cdef struct BreedOpt:
    int16_t left[20]        # by newborns b: the fewest animals left outside the pens (-1: impossible)
    int nb


cdef void breed_type(int n, int s, int k, BreedOpt* o) noexcept nogil:
    cdef int x, y1, y2, lo, hi, b, left
    o.nb = 0
    for b in range(20):
        o.left[b] = -1
    for x in range(s + 1):
        for y2 in range(k + 1):
            for y1 in range(k - y2 + 1):
                lo = 2 * x + 2 * y1 + 4 * y2
                if lo > n:
                    continue
                hi = 2 * x + SPACE_STALL * (s - x) + 5 * y1 + 4 * y2 + SPACE_STABLE * (k - y1 - y2)
                left = n - hi if n > hi else 0
                b = x + y1 + 2 * y2
                if b < 20 and (o.left[b] < 0 or left < o.left[b]):
                    o.left[b] = left
                    if b + 1 > o.nb:
                        o.nb = b + 1


cdef int breeding_outcomes(const Player* p, uint8_t out[MAX_BREED][3], uint8_t rel[MAX_BREED][3]) noexcept nogil:
    # "You can return Animals to the general supply (without substitution)
    # at any time": before breeding that can pay (with only the stall as a
    # pen, 2 sheep and 6 cattle breed nothing, but 2 sheep and 5 cattle
    # breed a sheep).  An outcome is the herd after breeding, given as the
    # newborns (out) and the animals returned first (rel); the engine lists
    # the herds no other outcome beats in every type (more animals never
    # hurt: any can be returned later), each with the fewest returns, best
    # first; returns how many (at least 1).  Returns only help the animals
    # the pens do not hold fit, so for each arrangement and each number of
    # newborns the fewest returns are searched among the animals left over.
    cdef Pens pn
    cdef BreedOpt o0, o1, o2
    cdef int n0 = p.goods[G_SHEEP], n1 = p.goods[G_CATTLE], n2 = p.goods[G_HORSE]
    cdef int k0, k1, k2, s0, s1, s2, b0, b1, b2, i, j, cnt = 0, c6_0, c6_1, c3_0, c3_1
    cdef int l0, l1, l2, r0, r1, r2, d0, d1, d2, rs
    cdef int cand[64][6]
    cdef bint dominated
    pens_of(p, &pn)
    if pn.k3 == 0 and pn.k6 == 0:
        out[0][0] = out[0][1] = out[0][2] = 0
        rel[0][0] = rel[0][1] = rel[0][2] = 0
        return 1
    c6_0 = imin(pn.k6, (n0 + 1) // 2)
    for k0 in range(c6_0 + 1):
        c6_1 = imin(pn.k6 - k0, (n1 + 1) // 2)
        for k1 in range(c6_1 + 1):
            k2 = pn.k6 - k0 - k1
            c3_0 = imin(pn.k3, (n0 + 1) // 2)
            for s0 in range(c3_0 + 1):
                c3_1 = imin(pn.k3 - s0, (n1 + 1) // 2)
                for s1 in range(c3_1 + 1):
                    s2 = pn.k3 - s0 - s1
                    breed_type(n0, s0, k0, &o0)
                    breed_type(n1, s1, k1, &o1)
                    breed_type(n2, s2, k2, &o2)
                    for b0 in range(o0.nb - 1, -1, -1):
                        if o0.left[b0] < 0:
                            continue
                        for b1 in range(o1.nb - 1, -1, -1):
                            if o1.left[b1] < 0:
                                continue
                            for b2 in range(o2.nb - 1, -1, -1):
                                if o2.left[b2] < 0:
                                    continue
                                l0 = o0.left[b0]
                                l1 = o1.left[b1]
                                l2 = o2.left[b2]
                                # the fewest returns (r0, r1, r2) that make the
                                # leftovers fit: for each r0, r1 the least r2;
                                # once r2 is 0, more returns only lose animals
                                for r0 in range(l0 + 1):
                                    r2 = -1
                                    for r1 in range(l1 + 1):
                                        r2 = 0
                                        while r2 <= l2 and not leftovers_fit(&pn, l0 - r0, l1 - r1, l2 - r2):
                                            r2 += 1
                                        if r2 > l2:
                                            continue
                                        d0 = b0 - r0
                                        d1 = b1 - r1
                                        d2 = b2 - r2
                                        rs = r0 + r1 + r2
                                        # keep it unless an outcome found already leaves as many
                                        # animals of every type (on a tie, with no more returns)
                                        dominated = False
                                        for i in range(cnt):
                                            if (cand[i][0] - cand[i][3] >= d0 and cand[i][1] - cand[i][4] >= d1
                                                    and cand[i][2] - cand[i][5] >= d2):
                                                if (cand[i][0] - cand[i][3] == d0 and cand[i][1] - cand[i][4] == d1
                                                        and cand[i][2] - cand[i][5] == d2
                                                        and cand[i][3] + cand[i][4] + cand[i][5] > rs):
                                                    continue
                                                dominated = True
                                                break
                                        if not dominated:
                                            j = 0
                                            for i in range(cnt):
                                                if not (d0 >= cand[i][0] - cand[i][3] and d1 >= cand[i][1] - cand[i][4]
                                                        and d2 >= cand[i][2] - cand[i][5]):
                                                    for rs in range(6):
                                                        cand[j][rs] = cand[i][rs]
                                                    j += 1
                                            cnt = j
                                            if cnt < 64:
                                                cand[cnt][0] = b0
                                                cand[cnt][1] = b1
                                                cand[cnt][2] = b2
                                                cand[cnt][3] = r0
                                                cand[cnt][4] = r1
                                                cand[cnt][5] = r2
                                                cnt += 1
                                        if r2 == 0:
                                            break
                                    if r2 == 0 and r1 == 0:
                                        break
    if cnt == 0:
        out[0][0] = out[0][1] = out[0][2] = 0
        rel[0][0] = rel[0][1] = rel[0][2] = 0
        return 1
    # canonical order: the largest herd first, then the fewest returns, then
    # by sheep, cattle, horses
    for i in range(1, cnt):
        j = i
        while j > 0 and _breed_before(cand[j], cand[j - 1]):
            for k0 in range(6):
                cand[j][k0], cand[j - 1][k0] = cand[j - 1][k0], cand[j][k0]
            j -= 1
    if cnt > MAX_BREED:
        cnt = MAX_BREED
    for i in range(cnt):
        for k0 in range(3):
            out[i][k0] = cand[i][k0]
            rel[i][k0] = cand[i][3 + k0]
    return cnt


cdef inline bint _breed_before(const int* a, const int* b) noexcept nogil:
    cdef int ta = a[0] + a[1] + a[2] - a[3] - a[4] - a[5], tb = b[0] + b[1] + b[2] - b[3] - b[4] - b[5]
    cdef int i
    if ta != tb:
        return ta > tb
    ta = a[3] + a[4] + a[5]
    tb = b[3] + b[4] + b[5]
    if ta != tb:
        return ta < tb
    for i in range(3):
        if a[i] - a[3 + i] != b[i] - b[3 + i]:
            return a[i] - a[3 + i] > b[i] - b[3 + i]
    return False
