# Small rules every part uses: counting tiles, coins and the supply,
# development, recruiting, which tile may stand on which action space, and
# whether a place can be used now: what reads the tables filled at import.
# The counts, coins and citizens that read only the state are in basics.pxd.


cdef inline int status_of(const Player* p) noexcept nogil:
    return DEV_STATUS[p.dev]


cdef inline int draw_limit(const Player* p) noexcept nogil:
    return DRAW_AT[p.track[CH_KNIGHT]]


cdef void gain_dev(OrlState* s, int pi, int n) noexcept nogil:
    # one space at a time: coins on every coin space moved onto or past (each
    # player's own), a citizen to the first player reaching or passing its space
    cdef Player* p = &s.pl[pi]
    cdef int c
    while n > 0 and p.dev < DEV_LEN:
        p.dev += 1
        n -= 1
        if DEV_COINS[p.dev]:
            gain_coins(s, p, DEV_COINS[p.dev])
        c = DEV_CITIZEN[p.dev]
        if c >= 0:
            take_citizen(s, pi, CIT_DEV0 + c)


cdef void update_subs(Player* p) noexcept nogil:
    # the derived substitution masks from the place tiles owned (Herb Garden, School)
    cdef int t, c
    for c in range(N_CHARS):
        p.sub[c] = 0
    for t in range(N_TILES):
        if (p.tiles >> t) & 1 and PLACE_KIND[N_BOARD + t] == K_SUBSTITUTE:
            p.sub[PLACE_A[N_BOARD + t]] |= <uint8_t>PLACE_B[N_BOARD + t]


# ---------------------------------------------------------------------------
# Which tile may stand on which space


cdef bint kind_fits_need(const Player* p, int kind, int need) noexcept nogil:
    # may a tile of `kind` fill a space asking for `need`?  (monks stand in for
    # every other character, never the reverse; Herb Garden and School add theirs)
    cdef int c = base_char(kind)
    if need == NEED_ANY:
        return True
    if need == NEED_ANY_NEUTRAL:
        return kind < OWN0
    if need >= N_CHARS:
        return False
    if c == need:
        return True
    if need == CH_MONK:
        return False
    if c == CH_MONK:
        return need != CH_KNIGHT or MONK_KNIGHT
    return (p.sub[c] >> need) & 1


cdef inline bint first_free_of_need(const Player* p, int place, int space) noexcept nogil:
    # two free spaces of a place asking for the same are one choice: only the
    # first is offered (so no two actions lead to the same position)
    cdef int j, need = PLACE_NEED[place][space]
    for j in range(space):
        if PLACE_NEED[place][j] == need and p.slot[place][j] == SLOT_EMPTY:
            return False
    return True


cdef bint space_open(const Player* p, int place, int space) noexcept nogil:
    # a free action space a character may be placed on (in planning, by the Bathhouse)
    if space >= PLACE_NSPACES[place] or not owns_place(p, place):
        return False
    if place == TOWER_PLACE:
        return False         # the Gunpowder Tower is filled in the followers phase
    if p.slot[place][space] != SLOT_EMPTY:
        return False
    return first_free_of_need(p, place, space)


cdef inline bint can_place(const Player* p, int place, int space, int kind) noexcept nogil:
    return space_open(p, place, space) and kind_fits_need(p, kind, PLACE_NEED[place][space])


cdef int filled(const Player* p, int place) noexcept nogil:
    cdef int j, n = 0
    for j in range(PLACE_NSPACES[place]):
        if p.slot[place][j] != SLOT_EMPTY:
            n += 1
    return n


cdef inline bint activated(const Player* p, int place) noexcept nogil:
    if place == TOWER_PLACE:
        return tower_total(p) > 0
    return PLACE_NSPACES[place] > 0 and filled(p, place) >= PLACE_MIN[place]


cdef bint tech_spot(const Player* p, int place, int space) noexcept nogil:
    # may a technology tile go on this space now?  On an owned place of two or
    # more spaces without one already, on a free space naming a character (not
    # a monk); a player's first one on a farmer space
    cdef int j, need
    if space >= PLACE_NSPACES[place] or not owns_place(p, place) or PLACE_NSPACES[place] < 2:
        return False
    if place == TOWER_PLACE or p.slot[place][space] != SLOT_EMPTY:
        return False
    need = PLACE_NEED[place][space]
    if need == CH_MONK or need == NEED_NONE:
        return False
    if need >= N_CHARS and not TECH_TOWN_HALL:
        return False
    if p.tech_placed == 0 and need != CH_FARMER:
        return False
    for j in range(PLACE_NSPACES[place]):
        if p.slot[place][j] == SLOT_TECH:
            return False
    return first_free_of_need(p, place, space)


cdef bint any_tech_spot(const Player* p) noexcept nogil:
    cdef int pl, j
    for pl in range(N_PLACES):
        if not owns_place(p, pl):
            continue
        for j in range(PLACE_NSPACES[pl]):
            if tech_spot(p, pl, j):
                return True
    return False


# ---------------------------------------------------------------------------
# Deeds

cdef int deed_free_space(const OrlState* s, int d, int c) noexcept nogil:
    # the first free space of deed d asking for character c, -1 none (exact type)
    cdef int i
    for i in range(DEED_FIRST[d], DEED_FIRST[d + 1]):
        if DEED_SPACE[i] == c and s.deed[i] == 0:
            return i
    return -1


cdef bint deed_takes(const OrlState* s, int kind) noexcept nogil:
    # a free deed space for a tile of this kind anywhere (never the player's colour)
    cdef int d
    if kind >= OWN0:
        return False
    for d in range(N_DEEDS):
        if deed_free_space(s, d, kind) >= 0:
            return True
    return False


# ---------------------------------------------------------------------------
# Can a place be used now?

cdef inline bint recruitable(const OrlState* s, const Player* p, int c) noexcept nogil:
    # a character whose track is not at its end and whose supply is not empty
    if s.char_supply[c] == 0:
        return False
    return c == CH_MONK or p.track[c] < TRACK_LEN[c]


cdef inline bint any_connection(const OrlState* s, int town, int road) noexcept nogil:
    return TOWN_NCONN[town][road] > 0


cdef bint station_allowed(const OrlState* s, int pi) noexcept nogil:
    # one trading station per town; in Orléans (the start town) one per player
    cdef const Player* p = &s.pl[pi]
    if p.stations_left == 0:
        return False
    if p.town == START_TOWN:
        return not ((s.station[p.town] >> pi) & 1)
    return s.station[p.town] == 0


cdef inline bint tile_takeable(const OrlState* s, const Player* p, int t) noexcept nogil:
    # a place tile of the stacks the next trader may take from
    cdef uint8_t stages = TRADER_STAGE_FIRST if p.track[CH_TRADER] == 0 else TRADER_STAGE_LATER
    return (s.tiles_avail >> t) & 1 and (stages >> (TILE_STAGE[t] - 1)) & 1


cdef bint deed_slots_go(const OrlState* s, const uint8_t* tiles, int n) noexcept nogil:
    # at least one of the tiles (1 + kind, 0 none) has a free matching deed space
    cdef int i
    for i in range(n):
        if tiles[i] and deed_takes(s, tiles[i] - 1):
            return True
    return False


cdef bint tower_to_deeds(const OrlState* s, const Player* p) noexcept nogil:
    cdef int c
    for c in range(N_CHARS):
        if p.tower[c] and deed_takes(s, c):
            return True
    return False


cdef bint village_option(const OrlState* s, int pi, int c) noexcept nogil:
    # the Village's boatman / craftsman / trader (any tile) choice
    cdef const Player* p = &s.pl[pi]
    cdef int t
    if not recruitable(s, p, c):
        return False
    if c == CH_CRAFTSMAN:
        return s.tech_supply > 0
    if c == CH_TRADER:
        for t in range(N_TILES):
            if tile_takeable(s, p, t):
                return True
        return False
    return True


cdef bint usable(const OrlState* s, int pi, int place) noexcept nogil:
    # the place is activated and its action can be carried out now (running out
    # of tiles: "you cannot play an action that provides" an unavailable tile)
    cdef const Player* p = &s.pl[pi]
    cdef int k = PLACE_KIND[place]
    if not owns_place(p, place) or not activated(p, place):
        return False
    if k == P_FARM_HOUSE:
        return recruitable(s, p, CH_FARMER) and s.goods_supply[FARMER_GOOD[p.track[CH_FARMER]]] > 0
    if k == P_VILLAGE:
        return village_option(s, pi, CH_BOATMAN) or village_option(s, pi, CH_CRAFTSMAN) or village_option(s, pi, CH_TRADER)
    if k == P_UNIVERSITY:
        return recruitable(s, p, CH_SCHOLAR)
    if k == P_CASTLE:
        return recruitable(s, p, CH_KNIGHT)
    if k == P_MONASTERY:
        return recruitable(s, p, CH_MONK) and s.event != EV_PILGRIMAGE
    if k == P_SHIP:
        return any_connection(s, p.town, 0)
    if k == P_WAGON:
        return any_connection(s, p.town, 1)
    if k == P_GUILDHALL:
        return station_allowed(s, pi)
    if k == P_TOWN_HALL:
        return deed_slots_go(s, p.slot[place], PLACE_NSPACES[place])
    if k == K_GOOD:
        return s.goods_supply[PLACE_A[place]] > 0
    if k == K_SACRISTY or k == K_SUBSTITUTE:
        return False          # passive: protects in the event phase / holds while owned
    if k == K_BATHHOUSE:
        return bag_total(p) > 0
    if k == K_PHARMACY:
        return p.coins >= 1
    if k == K_TOWER:
        return tower_to_deeds(s, p)
    if k == K_MOVE:
        return any_connection(s, p.town, PLACE_A[place] == 0)
    if k == K_TECH:
        return s.tech_supply > 0
    return True               # coins, development: always (the supply may lack coins)
