# Fields of Arle's observation tensor (GameOps.observe): what a seat sees, as
# OBS_SIZE floats.  olab/arle/tensor.py holds the layout (the names and
# shapes of the segments below, in this order) and a reference encoder in
# Python that the tests compare with this one value by value; the facade
# checks at import that both agree on every segment's offset.  Everything
# is public in Fields of Arle; seat rows are relative to the observer.

cdef enum:
    OBS_PARAMS = 64
    OBS_BREEDS = 16
    OBS_SCALARS = 10

# segment offsets, in the order of olab/arle/tensor.py's layout()
cdef enum:
    OB_CONFIG_PLAYERS = 0
    OB_CONFIG_BUILDINGS = OB_CONFIG_PLAYERS + 2
    OB_OBSERVER = OB_CONFIG_BUILDINGS + 3
    OB_HALF_YEAR = OB_OBSERVER + 2
    OB_PHASE = OB_HALF_YEAR + 9
    OB_SPECIAL_BY = OB_PHASE + 8
    OB_BUILDINGS_IN_GAME = OB_SPECIAL_BY + 3
    OB_BUILDINGS_AVAILABLE = OB_BUILDINGS_IN_GAME + 31
    OB_SPACES = OB_BUILDINGS_AVAILABLE + 31
    OB_SUPPLY = OB_SPACES + 90
    OB_DECISION_CONTEXT = OB_SUPPLY + 8
    OB_DECISION_SEAT = OB_DECISION_CONTEXT + 22
    OB_DECISION_PARAM = OB_DECISION_SEAT + 2
    OB_DECISION_BREED = OB_DECISION_PARAM + 64
    OB_SEAT_PRESENT = OB_DECISION_BREED + 48
    OB_SEAT_START = OB_SEAT_PRESENT + 2
    OB_SEAT_GOODS = OB_SEAT_START + 2
    OB_SEAT_PENDING = OB_SEAT_GOODS + 38
    OB_SEAT_BUILDINGS = OB_SEAT_PENDING + 12
    OB_SEAT_DESTINATIONS = OB_SEAT_BUILDINGS + 62
    OB_SEAT_TOOLS = OB_SEAT_DESTINATIONS + 18
    OB_SEAT_LAND = OB_SEAT_TOOLS + 100
    OB_SEAT_VEHICLES = OB_SEAT_LAND + 16
    OB_SEAT_MOORS = OB_SEAT_VEHICLES + 48
    OB_SEAT_NUMBERS = OB_SEAT_MOORS + 36
    OB_SEAT_SCORE = OB_SEAT_NUMBERS + 20
    OBS_SIZE = OB_SEAT_SCORE + 16


cdef void ob_seat(const ArleState* s, int q, int r, float* out) noexcept nogil:
    # the rows of seat q in row r that its Player alone decides (with the
    # configuration), into one-hot rows cleared by the caller
    cdef const Player* p = &s.pl[q]
    cdef int i, k
    cdef int parts[N_CATEGORIES]
    # (the rows of counts divide in loops the compiler vectorizes; a vector
    # division gives the same float32 quotients)
    for i in range(N_GOODS):
        out[OB_SEAT_GOODS + r * N_GOODS + i] = (<float>p.goods[i]) / (<float>10)
    for i in range(N_PEND):
        out[OB_SEAT_PENDING + r * N_PEND + i] = (<float>p.pend[i]) / (<float>10)
    u64_bits_to_floats(out + OB_SEAT_BUILDINGS + r * N_BUILDINGS, p.buildings, N_BUILDINGS)
    u64_bits_to_floats(out + OB_SEAT_DESTINATIONS + r * N_DEST, p.dest_used, N_DEST)
    for i in range(N_TOOLS):
        out[OB_SEAT_TOOLS + r * N_TOOLS * 5 + i * 5 + p.tool[i]] = 1
    for i in range(N_LAND):
        out[OB_SEAT_LAND + r * N_LAND + i] = (<float>p.land[i]) / (<float>4)
    for i in range(N_VSTATES):
        out[OB_SEAT_VEHICLES + r * N_VSTATES + i] = (<float>p.vs[i]) / (<float>2)
    for i in range(3):
        out[OB_SEAT_MOORS + r * 18 + i * 6 + p.moor[i]] = 1
    k = OB_SEAT_NUMBERS + r * OBS_SCALARS
    ob_n(out, k + 0, p.missing, 5)
    ob_n(out, k + 1, p.boats, 2)
    ob_n(out, k + 2, p.plows, 2)
    ob_n(out, k + 3, p.boardwalk, 4)
    ob_n(out, k + 4, p.dikes, 7)
    ob_n(out, k + 5, p.travel, 20)
    ob_n(out, k + 6, p.travel_pend, 20)
    ob_n(out, k + 7, land_total(p), 20)
    ob_n(out, k + 8, empty_land(p), 20)
    ob_n(out, k + 9, board_peat(p), 20)
    score_parts(s, q, parts)
    for i in range(N_CATEGORIES):
        ob_n(out, OB_SEAT_SCORE + r * N_CATEGORIES + i, parts[i], 100)


cdef enum:
    OB_SEAT_FLOATS = (N_GOODS + N_PEND + N_BUILDINGS + N_DEST + N_TOOLS * 5 + N_LAND + N_VSTATES + 18
                      + OBS_SCALARS + N_CATEGORIES)


cdef inline void ob_clear_seat(float* out, int r) noexcept nogil:
    # the rows of seat row r, cleared
    memset(out + OB_SEAT_GOODS + r * (N_GOODS), 0, (N_GOODS) * sizeof(float))
    memset(out + OB_SEAT_PENDING + r * (N_PEND), 0, (N_PEND) * sizeof(float))
    memset(out + OB_SEAT_BUILDINGS + r * (N_BUILDINGS), 0, (N_BUILDINGS) * sizeof(float))
    memset(out + OB_SEAT_DESTINATIONS + r * (N_DEST), 0, (N_DEST) * sizeof(float))
    memset(out + OB_SEAT_TOOLS + r * (N_TOOLS * 5), 0, (N_TOOLS * 5) * sizeof(float))
    memset(out + OB_SEAT_LAND + r * (N_LAND), 0, (N_LAND) * sizeof(float))
    memset(out + OB_SEAT_VEHICLES + r * (N_VSTATES), 0, (N_VSTATES) * sizeof(float))
    memset(out + OB_SEAT_MOORS + r * (18), 0, (18) * sizeof(float))
    memset(out + OB_SEAT_NUMBERS + r * (OBS_SCALARS), 0, (OBS_SCALARS) * sizeof(float))
    memset(out + OB_SEAT_SCORE + r * (N_CATEGORIES), 0, (N_CATEGORIES) * sizeof(float))


cdef inline void ob_seat_get(const float* out, int r, float* block) noexcept nogil:
    # the rows ob_seat wrote in row r, into a block of OB_SEAT_FLOATS floats
    memcpy(block, out + OB_SEAT_GOODS + r * (N_GOODS), (N_GOODS) * sizeof(float))
    block += N_GOODS
    memcpy(block, out + OB_SEAT_PENDING + r * (N_PEND), (N_PEND) * sizeof(float))
    block += N_PEND
    memcpy(block, out + OB_SEAT_BUILDINGS + r * (N_BUILDINGS), (N_BUILDINGS) * sizeof(float))
    block += N_BUILDINGS
    memcpy(block, out + OB_SEAT_DESTINATIONS + r * (N_DEST), (N_DEST) * sizeof(float))
    block += N_DEST
    memcpy(block, out + OB_SEAT_TOOLS + r * (N_TOOLS * 5), (N_TOOLS * 5) * sizeof(float))
    block += N_TOOLS * 5
    memcpy(block, out + OB_SEAT_LAND + r * (N_LAND), (N_LAND) * sizeof(float))
    block += N_LAND
    memcpy(block, out + OB_SEAT_VEHICLES + r * (N_VSTATES), (N_VSTATES) * sizeof(float))
    block += N_VSTATES
    memcpy(block, out + OB_SEAT_MOORS + r * (18), (18) * sizeof(float))
    block += 18
    memcpy(block, out + OB_SEAT_NUMBERS + r * (OBS_SCALARS), (OBS_SCALARS) * sizeof(float))
    block += OBS_SCALARS
    memcpy(block, out + OB_SEAT_SCORE + r * (N_CATEGORIES), (N_CATEGORIES) * sizeof(float))


cdef inline void ob_seat_put(float* out, int r, const float* block) noexcept nogil:
    # the inverse of ob_seat_get
    memcpy(out + OB_SEAT_GOODS + r * (N_GOODS), block, (N_GOODS) * sizeof(float))
    block += N_GOODS
    memcpy(out + OB_SEAT_PENDING + r * (N_PEND), block, (N_PEND) * sizeof(float))
    block += N_PEND
    memcpy(out + OB_SEAT_BUILDINGS + r * (N_BUILDINGS), block, (N_BUILDINGS) * sizeof(float))
    block += N_BUILDINGS
    memcpy(out + OB_SEAT_DESTINATIONS + r * (N_DEST), block, (N_DEST) * sizeof(float))
    block += N_DEST
    memcpy(out + OB_SEAT_TOOLS + r * (N_TOOLS * 5), block, (N_TOOLS * 5) * sizeof(float))
    block += N_TOOLS * 5
    memcpy(out + OB_SEAT_LAND + r * (N_LAND), block, (N_LAND) * sizeof(float))
    block += N_LAND
    memcpy(out + OB_SEAT_VEHICLES + r * (N_VSTATES), block, (N_VSTATES) * sizeof(float))
    block += N_VSTATES
    memcpy(out + OB_SEAT_MOORS + r * (18), block, (18) * sizeof(float))
    block += 18
    memcpy(out + OB_SEAT_NUMBERS + r * (OBS_SCALARS), block, (OBS_SCALARS) * sizeof(float))
    block += OBS_SCALARS
    memcpy(out + OB_SEAT_SCORE + r * (N_CATEGORIES), block, (N_CATEGORIES) * sizeof(float))


# The vectorized env's shortcut (GameOps.observe_since), as Ora et Labora's
# (olab_core/ora/observe.pxi): out holds the tensor of the position before
# the step, told from the seat that was to move then, and the rows of a seat
# whose Player is byte for byte the same in both positions are kept (moved
# to their new row), not encoded again; so are the buildings' rows of the
# head when the buildings did not change.
cdef int arle_observe(const void* sp, int player, float* out) noexcept nogil:
    return ob_observe(<const ArleState*>sp, player, out, NULL, 0)


cdef int arle_observe_since(const void* sp, int player, float* out, const void* before,
                            int before_player) noexcept nogil:
    return ob_observe(<const ArleState*>sp, player, out, <const ArleState*>before, before_player)


cdef int ob_observe(const ArleState* s, int player, float* out, const ArleState* before,
                    int before_player) noexcept nogil:
    cdef const Player* p
    cdef int n = s.cfg.players, q, r, i, k
    cdef int16_t supply[N_PAIRS]
    cdef uint8_t kept[MAX_SEATS]        # seat q's rows are those of before
    cdef float rows[MAX_SEATS][OB_SEAT_FLOATS]
    cdef bint moved = before != NULL and before_player != player
    if player < 0 or player >= n:
        return -1
    for q in range(n):
        kept[q] = before != NULL and memcmp(&before.pl[q], &s.pl[q], sizeof(Player)) == 0
        if kept[q] and moved:
            ob_seat_get(out, (q - before_player + n) % n, rows[q])
    # the one-hot segments of the head are cleared, the buildings' rows
    # written in full (or kept); a seat's rows are cleared before ob_seat
    # writes them, and those of a seat the game does not have stay clear
    memset(out, 0, OB_BUILDINGS_IN_GAME * sizeof(float))
    memset(out + OB_SPACES, 0, (OB_SEAT_GOODS - OB_SPACES) * sizeof(float))
    if before == NULL:
        for r in range(n, MAX_SEATS):
            ob_clear_seat(out, r)
    out[OB_CONFIG_PLAYERS + n - 1] = 1
    out[OB_CONFIG_BUILDINGS + s.cfg.bmode] = 1
    out[OB_OBSERVER + player] = 1
    out[OB_HALF_YEAR + s.half_year - 1] = 1
    out[OB_PHASE + (7 if s.depth == 0 else s.stack[0].step)] = 1
    out[OB_SPECIAL_BY + (0 if s.special_by == 0 else 1 + (s.special_by - 1 - player + n) % n)] = 1
    if before == NULL or before.in_game != s.in_game:
        u64_bits_to_floats(out + OB_BUILDINGS_IN_GAME, s.in_game, N_BUILDINGS)
    if before == NULL or before.avail != s.avail:
        u64_bits_to_floats(out + OB_BUILDINGS_AVAILABLE, s.avail, N_BUILDINGS)
    for i in range(N_SPACES):
        out[OB_SPACES + i * 3 + (0 if s.occ[i] == 0 else 1 + (s.occ[i] - 1 - player + n) % n)] = 1
    supply_all(s, supply)           # (once: each supply_left counts every kind)
    for i in range(N_PAIRS):
        out[OB_SUPPLY + i] = (<float>supply[i]) / (<float>10)
    out[OB_DECISION_CONTEXT + s.dec.ctx] = 1
    out[OB_DECISION_SEAT + (s.dec.seat - player + n) % n] = 1
    if s.dec.p1 < OBS_PARAMS:
        out[OB_DECISION_PARAM + s.dec.p1] = 1
    for k in range(s.nbreed if s.nbreed < OBS_BREEDS else OBS_BREEDS):
        for i in range(3):
            # the herd's change: newborns less the animals returned first
            ob_n(out, OB_DECISION_BREED + k * 3 + i, <int>s.breed[k][i] - <int>s.breed_rel[k][i], 4)
    for q in range(n):
        p = &s.pl[q]
        r = (q - player + n) % n
        out[OB_SEAT_PRESENT + r] = 1
        if q == s.start_player:
            out[OB_SEAT_START + r] = 1
        if kept[q]:
            if moved:
                ob_seat_put(out, r, rows[q])
        else:
            ob_clear_seat(out, r)
            ob_seat(s, q, r, out)
    return 0


# the offsets, for the facade's check against olab/arle/tensor.py
OBS_OFFSETS = dict(
    config__players=OB_CONFIG_PLAYERS,
    config__buildings=OB_CONFIG_BUILDINGS,
    observer=OB_OBSERVER,
    half_year=OB_HALF_YEAR,
    phase=OB_PHASE,
    special_by=OB_SPECIAL_BY,
    buildings__in_game=OB_BUILDINGS_IN_GAME,
    buildings__available=OB_BUILDINGS_AVAILABLE,
    spaces=OB_SPACES,
    supply=OB_SUPPLY,
    decision__context=OB_DECISION_CONTEXT,
    decision__seat=OB_DECISION_SEAT,
    decision__param=OB_DECISION_PARAM,
    decision__breed=OB_DECISION_BREED,
    seat__present=OB_SEAT_PRESENT,
    seat__start=OB_SEAT_START,
    seat__goods=OB_SEAT_GOODS,
    seat__pending=OB_SEAT_PENDING,
    seat__buildings=OB_SEAT_BUILDINGS,
    seat__destinations=OB_SEAT_DESTINATIONS,
    seat__tools=OB_SEAT_TOOLS,
    seat__land=OB_SEAT_LAND,
    seat__vehicles=OB_SEAT_VEHICLES,
    seat__moors=OB_SEAT_MOORS,
    seat__numbers=OB_SEAT_NUMBERS,
    seat__score=OB_SEAT_SCORE,
)
OBSERVATION_SIZE = OBS_SIZE
