# cython: language_level=3
"""Landscape geometry: where a space lies, its neighbours, the masks of a landscape.

Inline, ``noexcept nogil``, reading only a ``Player``; cimported by the engine
(``olab_core/ora/_engine.pyx``) and inlined by the C compiler.  What reads the
card table (``put_card``, ``set_space``) and the landscape data filled at
import (the heartland, districts and plots) stays in ``landscape.pxi``.
"""
from olab_core.common.bits cimport u128, u128_bit, u128_ctz, u128_clear_lowest
from olab_core.ora.defs cimport *

# A landscape is stored by tile slot, not by grid cell: spaces 0..9 are the
# heartland (row r, column c -> r*5 + c), and the k-th tile a player buys gets
# spaces 10 + 5k .. 14 + 5k.  Landscapes can grow up to 29 rows (coast plots
# may chain), which no small grid holds, but the 100 slots always fit a u128,
# so "empty plains spaces" or "spaces next to a cloister" are single masks.
# Grid coordinates (col, row) as in the rules (col -2..6, row 0 = heartland
# top) are derived from the tile a slot belongs to.
#
#   district slots: j = column 0..4 of its row
#   coast plot:     j = 0 (-2, y) water, 1 (-1, y) coast, 2 (-2, y+1) water, 3 (-1, y+1) coast
#   mountain plot:  j = 0 (5, y) hill, 1 (6, y) mountain (both rows), 2 (5, y+1) hill; 3 unused


cdef inline void space_coord(const Player* p, int s, int* col, int* row) noexcept nogil:
    cdef int t, j, kind, y
    if s < 10:
        col[0] = s % 5
        row[0] = s // 5
        return
    t = (s - 10) // TILE_SLOTS
    j = (s - 10) % TILE_SLOTS
    kind = p.tile_kind[t]
    y = p.tile_row[t]
    if kind == TK_DISTRICT_PLAINS or kind == TK_DISTRICT_HILLS:
        col[0] = j
        row[0] = y
    elif kind == TK_PLOT_COAST:
        col[0] = -2 + (j & 1)
        row[0] = y + (j >> 1)
    else:
        col[0] = 5 + (j & 1)
        row[0] = y + (j >> 1)


cdef inline int district_tile_at(const Player* p, int row) noexcept nogil:
    cdef int t
    for t in range(p.ntiles):
        if (p.tile_kind[t] == TK_DISTRICT_PLAINS or p.tile_kind[t] == TK_DISTRICT_HILLS) and p.tile_row[t] == row:
            return t
    return -1


cdef inline bint row_has_center(const Player* p, int row) noexcept nogil:
    # heartland rows 0 and 1, or a district
    return row == 0 or row == 1 or district_tile_at(p, row) >= 0


cdef inline int plot_tile_at(const Player* p, int row, int kind) noexcept nogil:
    # the plot of this kind covering the row, or -1
    cdef int t
    for t in range(p.ntiles):
        if p.tile_kind[t] == kind and (p.tile_row[t] == row or p.tile_row[t] == row - 1):
            return t
    return -1


cdef inline int space_at(const Player* p, int col, int row) noexcept nogil:
    cdef int t, y
    if 0 <= col <= 4:
        if row == 0 or row == 1:
            return row * 5 + col
        t = district_tile_at(p, row)
        if t < 0:
            return -1
        return 10 + TILE_SLOTS * t + col
    if col == -2 or col == -1:
        t = plot_tile_at(p, row, TK_PLOT_COAST)
        if t < 0:
            return -1
        y = p.tile_row[t]
        return 10 + TILE_SLOTS * t + (col + 2) + 2 * (row - y)
    if col == 5:
        t = plot_tile_at(p, row, TK_PLOT_MOUNTAIN)
        if t < 0:
            return -1
        y = p.tile_row[t]
        return 10 + TILE_SLOTS * t + 2 * (row - y)
    if col == 6:
        t = plot_tile_at(p, row, TK_PLOT_MOUNTAIN)
        if t < 0 or p.tile_row[t] != row:
            return -1          # the lower half of a mountain is not a space
        return 10 + TILE_SLOTS * t + 1
    return -1


cdef inline int add_space(const Player* p, int col, int row, int* out, int n) noexcept nogil:
    # the space at (col, row) appended to out[:n] if the landscape has one; the new count
    cdef int x = space_at(p, col, row)
    if x >= 0:
        out[n] = x
        return n + 1
    return n


cdef inline int space_neighbors(const Player* p, int s, int* out) noexcept nogil:
    # orthogonal neighbours; the mountain touches both hillsides of its plot
    # (rules.md 12.5) and nothing else
    cdef int c, r, n = 0, base
    space_coord(p, s, &c, &r)
    if c == 6:
        n = add_space(p, 5, r, out, n)
        n = add_space(p, 5, r + 1, out, n)
        return n
    if c == 5:
        base = s - ((s - 10) % TILE_SLOTS)
        out[n] = base + 1          # the plot's own mountain
        n += 1
        n = add_space(p, 4, r, out, n)
        n = add_space(p, 5, r - 1, out, n)
        n = add_space(p, 5, r + 1, out, n)
        return n
    n = add_space(p, c - 1, r, out, n)
    if c + 1 <= 5:
        n = add_space(p, c + 1, r, out, n)
    n = add_space(p, c, r - 1, out, n)
    n = add_space(p, c, r + 1, out, n)
    return n


cdef inline u128 neighbor_mask(const Player* p, int s) noexcept nogil:
    cdef int nb[4]
    cdef int n = space_neighbors(p, s, nb)
    cdef u128 m = 0
    cdef int i
    for i in range(n):
        m |= u128_bit(nb[i])
    return m


cdef inline void recompute_cloister_adj(Player* p) noexcept nogil:
    cdef u128 m = p.cloister
    cdef u128 adj = 0
    while m:
        adj |= neighbor_mask(p, u128_ctz(m))
        m = u128_clear_lowest(m)
    p.cloister_adj = adj


cdef inline u128 empty_spaces(const Player* p) noexcept nogil:
    return p.exists & ~(p.forest | p.moor | p.building | p.settlement)


cdef inline u128 terrain_mask(const Player* p, int bits) noexcept nogil:
    cdef u128 m = 0
    if bits & TR_PLAINS:
        m |= p.plains
    if bits & TR_HILL:
        m |= p.hill
    if bits & TR_COAST:
        m |= p.coast
    if bits & TR_WATER:
        m |= p.water
    if bits & TR_MOUNTAIN:
        m |= p.mountain
    return m


cdef inline int space_terrain(const Player* p, int s) noexcept nogil:
    cdef u128 b = u128_bit(s)
    if p.plains & b:
        return TR_PLAINS
    if p.hill & b:
        return TR_HILL
    if p.coast & b:
        return TR_COAST
    if p.water & b:
        return TR_WATER
    if p.mountain & b:
        return TR_MOUNTAIN
    return 0
