# The legal actions of the pending decision: the generator (into the caller's
# buffer), a direct check of one action (no list is built: apply_action from
# Python pays for one check, not for a generation), and the decisions that
# are taken automatically because ending them is the only choice.

cdef inline bint can_draw(const Player* p) noexcept nogil:
    return p.drawn < draw_limit(p) and bag_total(p) > 0 and market_total(p) < MARKET


cdef inline bint owns_tower(const Player* p) noexcept nogil:
    return TOWER_TILE >= 0 and (p.tiles >> TOWER_TILE) & 1


cdef inline bint can_tower(const Player* p, int k) noexcept nogil:
    return k < N_CHARS and p.market[k] > 0 and owns_tower(p) and tower_total(p) < TOWER_ROOM


cdef inline bint recall_tile(const Player* p, int place, int space) noexcept nogil:
    # a follower (not a technology tile) on an owned place's space; the same tile on an
    # interchangeable space before it is the same choice
    cdef int j, v = p.slot[place][space]
    if v == SLOT_EMPTY or v == SLOT_TECH:
        return False
    for j in range(space):
        if PLACE_NEED[place][j] == PLACE_NEED[place][space] and p.slot[place][j] == v:
            return False
    return True


cdef bint recall_spot(const OrlState* s, const Player* p, int place, int space) noexcept nogil:
    # a follower back to the market, for a declined draw
    if s.left == 0 or market_total(p) >= MARKET:
        return False
    if space >= PLACE_NSPACES[place] or not owns_place(p, place) or place == TOWER_PLACE:
        return False
    return recall_tile(p, place, space)


cdef inline int source_count(const OrlState* s, const Player* p, int src, bint bath) noexcept nogil:
    if bath:
        return s.bath[src] if src < N_KINDS else 0
    if src < N_KINDS:
        return p.market[src]
    return p.tower[src - N_KINDS]


cdef inline int source_kind(int src) noexcept nogil:
    return src if src < N_KINDS else src - N_KINDS


cdef bint place_ok(const OrlState* s, const Player* p, int src, int place, int space, bint bath) noexcept nogil:
    if src >= N_SOURCES or source_count(s, p, src, bath) == 0:
        return False
    if bath and place == BATH_PLACE:
        return False               # "not the Bathhouse"
    return can_place(p, place, space, source_kind(src))


cdef inline uint16_t fit_mask(const Player* p, int kind) noexcept nogil:
    # the needs (bit per need code) a tile of this kind may fill: kind_fits_need for every need at once
    cdef int c = base_char(kind)
    cdef uint16_t m = (1 << c) | (1 << NEED_ANY)
    if kind < OWN0:
        m |= 1 << NEED_ANY_NEUTRAL
    if c == CH_MONK:
        m |= (1 << CH_MONK) - 1                   # every other character...
        if not MONK_KNIGHT:
            m &= ~(1 << CH_KNIGHT)
    else:
        m |= p.sub[c] & ~(1 << CH_MONK)
    return m


cdef int placement_sources(const OrlState* s, const Player* p, bint bath, int* srcs, uint16_t* masks) noexcept nogil:
    # the sources holding a tile, each with the needs its tile may fill
    cdef int src, m = 0
    cdef int nsrc = N_KINDS if bath else N_SOURCES
    for src in range(nsrc):
        if source_count(s, p, src, bath):
            srcs[m] = src
            masks[m] = fit_mask(p, source_kind(src))
            m += 1
    return m


cdef int gen_placements(const OrlState* s, const Player* p, bint bath, int32_t* out, int n,
                        bint first_only) noexcept nogil:
    # every (source, place, space) a tile may go to; with first_only, stop at the first
    cdef int place, space, i, need, m
    cdef int srcs[N_SOURCES]
    cdef uint16_t masks[N_SOURCES]
    m = placement_sources(s, p, bath, srcs, masks)
    if m == 0:
        return n
    for place in range(N_PLACES):
        if not owns_place(p, place) or place == TOWER_PLACE or (bath and place == BATH_PLACE):
            continue
        for space in range(PLACE_NSPACES[place]):
            if p.slot[place][space] != SLOT_EMPTY or not first_free_of_need(p, place, space):
                continue
            need = PLACE_NEED[place][space]
            for i in range(m):
                if (masks[i] >> need) & 1:
                    out[n] = A_PLACE + (srcs[i] * N_PLACES + place) * MAX_SPACES + space
                    n += 1
                    if first_only:
                        return n
    return n


cdef bint any_placement(const OrlState* s, const Player* p, bint bath) noexcept nogil:
    cdef int32_t one[1]
    return gen_placements(s, p, bath, one, 0, True) > 0


cdef int fill_plan(const Player* p, int place, int8_t* picks) noexcept nogil:
    # FILL: every free space of a place from the market at once, each with a fixed choice (the
    # character itself, then the player's own tile of it, then a stand-in, a monk last) -- the
    # same as placing those tiles one by one.  Offered for a place with two or more free spaces
    # that all name a character, and only when every one of them can be filled; returns the
    # number of free spaces (picks[j]: the kind for space j, -1 for a filled one), 0 if not offered
    cdef int pool[N_KINDS]
    cdef int j, k, need, pick, free = 0
    if not owns_place(p, place) or place == TOWER_PLACE or PLACE_NSPACES[place] < 2:
        return 0
    for k in range(N_KINDS):
        pool[k] = p.market[k]
    for j in range(PLACE_NSPACES[place]):
        picks[j] = -1
        if p.slot[place][j] != SLOT_EMPTY:
            continue
        need = PLACE_NEED[place][j]
        if need >= N_CHARS:
            return 0
        free += 1
        pick = -1
        if pool[need] > 0:
            pick = need
        elif need < 4 and pool[OWN0 + need] > 0:
            pick = OWN0 + need
        else:
            for k in range(N_KINDS):
                if k != CH_MONK and pool[k] > 0 and kind_fits_need(p, k, need):
                    pick = k
                    break
            if pick < 0 and pool[CH_MONK] > 0 and kind_fits_need(p, CH_MONK, need):
                pick = CH_MONK
        if pick < 0:
            return 0
        pool[pick] -= 1
        picks[j] = pick
    return free if free >= 2 else 0


cdef bint any_usable(const OrlState* s, int pi) noexcept nogil:
    cdef int place
    for place in range(N_PLACES):
        if usable(s, pi, place):
            return True
    return False


cdef inline bint dev_loss_ok(const Player* p) noexcept nogil:
    # a development point: one space left, never onto or off a coin space
    return p.dev >= 1 and DEV_COINS[p.dev] == 0 and DEV_COINS[p.dev - 1] == 0


cdef bint has_tech_on(const Player* p, int place) noexcept nogil:
    cdef int j
    for j in range(PLACE_NSPACES[place]):
        if p.slot[place][j] == SLOT_TECH:
            return True
    return False


cdef bint torture_item(const OrlState* s, int pi, int32_t a) noexcept nogil:
    cdef const Player* p = &s.pl[pi]
    cdef int k
    if a == A_TORT_STOCK:
        return TORTURE_STOCK and p.stations_left > 0
    if a == A_TORT_FOLLOWER:
        return kinds_total(p.bag, N_CHARS) > 0
    if a == A_TORT_DEV:
        return dev_loss_ok(p)
    if a == A_TORT_TECH_PENDING:
        return p.tech_pending > 0
    if A_TORT_GOOD <= a < A_TORT_GOOD + N_GOODS:
        return p.goods[a - A_TORT_GOOD] > 0
    if A_TORT_PLACE <= a < A_TORT_PLACE + N_TILES:
        return (p.tiles >> (a - A_TORT_PLACE)) & 1
    if A_TORT_STATION <= a < A_TORT_STATION + MAX_TOWNS:
        k = a - A_TORT_STATION
        return k < N_TOWNS and (s.station[k] >> pi) & 1
    if A_TORT_TECH <= a < A_TORT_TECH + N_PLACES:
        k = a - A_TORT_TECH
        return owns_place(p, k) and has_tech_on(p, k)
    return False


cdef int gen_torture(const OrlState* s, int pi, int32_t* out, int n) noexcept nogil:
    # the items, in action order
    cdef const Player* p = &s.pl[pi]
    cdef int k
    if TORTURE_STOCK and p.stations_left > 0:
        out[n] = A_TORT_STOCK
        n += 1
    if kinds_total(p.bag, N_CHARS) > 0:
        out[n] = A_TORT_FOLLOWER
        n += 1
    if dev_loss_ok(p):
        out[n] = A_TORT_DEV
        n += 1
    if p.tech_pending > 0:
        out[n] = A_TORT_TECH_PENDING
        n += 1
    for k in range(N_GOODS):
        if p.goods[k]:
            out[n] = A_TORT_GOOD + k
            n += 1
    if p.tiles:
        for k in range(N_TILES):
            if (p.tiles >> k) & 1:
                out[n] = A_TORT_PLACE + k
                n += 1
    if p.stations_built:
        for k in range(N_TOWNS):
            if (s.station[k] >> pi) & 1:
                out[n] = A_TORT_STATION + k
                n += 1
    if p.tech_placed:
        for k in range(N_PLACES):
            if owns_place(p, k) and has_tech_on(p, k):
                out[n] = A_TORT_TECH + k
                n += 1
    return n


cdef bint torture_possible(const OrlState* s, int pi) noexcept nogil:
    cdef int32_t buf[128]
    return gen_torture(s, pi, buf, 0) > 0


cdef bint move_ok(const OrlState* s, const Player* p, int c, int g) noexcept nogil:
    # along connection c from the merchant's town, taking good g (-1: none there)
    if c >= N_CONN or CONN_ROAD[c] != s.move_road:
        return False
    if CONN_A[c] != p.town and CONN_B[c] != p.town:
        return False
    if s.conn_goods[c][0] == 0:
        return g == -1
    return g >= 0 and (s.conn_goods[c][0] == g + 1 or s.conn_goods[c][1] == g + 1)


cdef inline int deed_kind(const OrlState* s) noexcept nogil:
    return s.deed_q[0] - 1             # the queue is packed (next_deed)


cdef bint deed_ok(const OrlState* s, int32_t a) noexcept nogil:
    cdef int d, k = deed_kind(s)
    if a == A_CANAL_COIN or a == A_CANAL_DEV:
        return CANAL_DEED >= 0 and deed_free_space(s, CANAL_DEED, k) >= 0
    d = a - A_DEED
    if not 0 <= d < N_DEEDS or d == CANAL_DEED:
        return False
    return deed_free_space(s, d, k) >= 0


cdef bint use_ok(const OrlState* s, int pi, int32_t a) noexcept nogil:
    cdef const Player* p = &s.pl[pi]
    if a == A_PASS:
        return True
    if a == A_VILLAGE_BOATMAN or a == A_VILLAGE_CRAFTSMAN or A_VILLAGE_TRADER <= a < A_VILLAGE_TRADER + N_TILES:
        if not activated(p, P_VILLAGE):
            return False
        if a == A_VILLAGE_BOATMAN:
            return village_option(s, pi, CH_BOATMAN)
        if a == A_VILLAGE_CRAFTSMAN:
            return village_option(s, pi, CH_CRAFTSMAN)
        return recruitable(s, p, CH_TRADER) and tile_takeable(s, p, a - A_VILLAGE_TRADER)
    if A_USE <= a < A_USE + N_PLACES and a - A_USE != P_VILLAGE:
        return usable(s, pi, a - A_USE)
    return False


# ---------------------------------------------------------------------------

cdef int legal_actions(const OrlState* s, int32_t* out) noexcept nogil:
    cdef uint32_t w[N_KINDS + N_EVENTS]
    cdef int8_t picks[MAX_SPACES]
    cdef int n = 0, pi = s.chooser, t, k, place, space, c, g
    cdef const Player* p = &s.pl[pi]
    cdef int dec = s.dec
    if s.game_over:
        return 0
    if s.chance != CN_NONE:
        return chance_weights(s, out, w)
    if dec == D_EXCLUDE:
        for t in range(N_TILES):
            if (s.tiles_avail >> t) & 1:
                out[n] = A_EXCLUDE + t
                n += 1
        out[n] = A_EXCLUDE_NONE
        return n + 1
    if dec == D_DRAW:
        if can_draw(p):
            out[n] = A_DRAW
            n += 1
            if p.drawn + 1 < draw_limit(p) and bag_total(p) > 1 and market_total(p) + 1 < MARKET:
                out[n] = A_DRAW_ALL           # more than one draw left: all of them at once
                n += 1
        for k in range(N_CHARS):
            if can_tower(p, k):
                out[n] = A_TOWER + k
                n += 1
        out[n] = A_STOP
        return n + 1
    if dec == D_RECALL:
        if s.left > 0 and market_total(p) < MARKET:
            for place in range(N_PLACES):
                if owns_place(p, place) and place != TOWER_PLACE:
                    for space in range(PLACE_NSPACES[place]):
                        if recall_tile(p, place, space):
                            out[n] = A_RECALL + place * MAX_SPACES + space
                            n += 1
        out[n] = A_DONE
        return n + 1
    if dec == D_PLAN or dec == D_BATH:
        if dec == D_PLAN or s.left > 0:
            n = gen_placements(s, p, dec == D_BATH, out, 0, False)
        if dec == D_PLAN:
            for place in range(N_PLACES):
                if fill_plan(p, place, picks):
                    out[n] = A_FILL + place
                    n += 1
        elif n > 0:
            # the Bathhouse: "choose 2, and immediately place them": the player
            # stops only when no drawn tile can be placed (choices.json bathhouse)
            return n
        out[n] = A_DONE
        return n + 1
    if dec == D_ACT:
        if activated(p, P_VILLAGE):
            if village_option(s, pi, CH_BOATMAN):
                out[n] = A_VILLAGE_BOATMAN
                n += 1
            if village_option(s, pi, CH_CRAFTSMAN):
                out[n] = A_VILLAGE_CRAFTSMAN
                n += 1
            if recruitable(s, p, CH_TRADER):
                for t in range(N_TILES):
                    if tile_takeable(s, p, t):
                        out[n] = A_VILLAGE_TRADER + t
                        n += 1
        for place in range(N_PLACES):
            if place != P_VILLAGE and usable(s, pi, place):
                out[n] = A_USE + place
                n += 1
        out[n] = A_PASS
        return n + 1
    if dec == D_MOVE:
        for c in range(N_CONN):
            for g in range(-1, N_GOODS):
                if move_ok(s, p, c, g):
                    out[n] = A_MOVE + c * 6 + g + 1
                    n += 1
        return n
    if dec == D_DEED:
        for t in range(N_DEEDS):
            if t == CANAL_DEED:
                if deed_ok(s, A_CANAL_COIN):
                    out[n] = A_CANAL_COIN
                    out[n + 1] = A_CANAL_DEV
                    n += 2
            elif deed_ok(s, A_DEED + t):
                out[n] = A_DEED + t
                n += 1
        return n
    if dec == D_PHARMACY:
        for k in range(1, PHARMACY_MAX + 1):
            if k <= p.coins:
                out[n] = A_AMOUNT + k
                n += 1
        return n
    if dec == D_TECH:
        for place in range(N_PLACES):
            for space in range(PLACE_NSPACES[place]):
                if tech_spot(p, place, space):
                    out[n] = A_TECH + place * MAX_SPACES + space
                    n += 1
        out[n] = A_DONE
        return n + 1
    if dec == D_HARVEST:
        for g in range(N_GOODS):
            if FOOD[g] and p.goods[g]:
                out[n] = A_FOOD + g
                n += 1
        return n
    if dec == D_TORTURE:
        return gen_torture(s, pi, out, 0)
    return 0


cdef bint is_legal(const OrlState* s, int32_t a) noexcept nogil:
    cdef int pi = s.chooser, place, space, x, dec = s.dec
    cdef int8_t picks[MAX_SPACES]
    cdef const Player* p = &s.pl[pi]
    if a < 0 or a >= A_TOTAL or s.game_over:
        return False
    if s.chance != CN_NONE:
        return chance_legal(s, a)
    if dec == D_EXCLUDE:
        return a == A_EXCLUDE_NONE or (A_EXCLUDE <= a < A_EXCLUDE + N_TILES and (s.tiles_avail >> (a - A_EXCLUDE)) & 1)
    if dec == D_DRAW:
        if a == A_STOP:
            return True
        if a == A_DRAW:
            return can_draw(p)
        if a == A_DRAW_ALL:
            return can_draw(p) and p.drawn + 1 < draw_limit(p) and bag_total(p) > 1 and market_total(p) + 1 < MARKET
        return A_TOWER <= a < A_TOWER + N_CHARS and can_tower(p, a - A_TOWER)
    if dec == D_RECALL:
        if a == A_DONE:
            return True
        if not A_RECALL <= a < A_RECALL + N_PLACES * MAX_SPACES:
            return False
        decode_space(a - A_RECALL, &place, &space)
        return recall_spot(s, p, place, space)
    if dec == D_PLAN and A_FILL <= a < A_FILL + N_PLACES:
        return fill_plan(p, a - A_FILL, picks) > 0
    if dec == D_PLAN or dec == D_BATH:
        if a == A_DONE:
            return dec == D_PLAN or s.left == 0 or not any_placement(s, p, True)
        if not A_PLACE <= a < A_CHANCE_KIND or (dec == D_BATH and s.left == 0):
            return False
        x = a - A_PLACE
        decode_space(x % (N_PLACES * MAX_SPACES), &place, &space)
        return place_ok(s, p, x // (N_PLACES * MAX_SPACES), place, space, dec == D_BATH)
    if dec == D_ACT:
        return use_ok(s, pi, a)
    if dec == D_MOVE:
        if not A_MOVE <= a < A_MOVE + MAX_CONN * 6:
            return False
        x = a - A_MOVE
        return move_ok(s, p, x // 6, x % 6 - 1)
    if dec == D_DEED:
        return deed_ok(s, a)
    if dec == D_PHARMACY:
        return A_AMOUNT + 1 <= a <= A_AMOUNT + PHARMACY_MAX and a - A_AMOUNT <= p.coins
    if dec == D_TECH:
        if a == A_DONE:
            return True
        if not A_TECH <= a < A_TECH + N_PLACES * MAX_SPACES:
            return False
        decode_space(a - A_TECH, &place, &space)
        return tech_spot(p, place, space)
    if dec == D_HARVEST:
        return A_FOOD <= a < A_FOOD + N_GOODS and FOOD[a - A_FOOD] and p.goods[a - A_FOOD] > 0
    if dec == D_TORTURE:
        return torture_item(s, pi, a)
    return False


cdef bint take_forced(OrlState* s) noexcept nogil:
    # a decision whose only legal action ends it is taken automatically;
    # returns whether one was
    cdef int pi = s.chooser
    cdef Player* p = &s.pl[pi]
    cdef int k, place, space
    if s.dec == D_DRAW:
        if can_draw(p):
            return False
        for k in range(N_CHARS):
            if can_tower(p, k):
                return False
        do_decision(s, A_STOP)
        return True
    if s.dec == D_RECALL:
        if s.left > 0 and market_total(p) < MARKET:
            for place in range(N_PLACES):
                if owns_place(p, place) and place != TOWER_PLACE:
                    for space in range(PLACE_NSPACES[place]):
                        if recall_tile(p, place, space):
                            return False
        end_followers_turn(s, pi)
        return True
    if s.dec == D_PLAN:
        if any_placement(s, p, False):
            return False
        do_decision(s, A_DONE)
        return True
    if s.dec == D_BATH:
        if s.left > 0 and any_placement(s, p, True):
            return False
        end_bath(s, pi)
        return True
    if s.dec == D_ACT:
        if any_usable(s, pi):
            return False
        do_decision(s, A_PASS)
        return True
    if s.dec == D_TECH:
        if p.tech_pending and any_tech_spot(p):
            return False
        end_turn(s)
        return True
    return False


cdef void do_fill(OrlState* s, int place) noexcept nogil:
    cdef Player* p = &s.pl[s.chooser]
    cdef int8_t picks[MAX_SPACES]
    cdef int j
    fill_plan(p, place, picks)
    for j in range(PLACE_NSPACES[place]):
        if picks[j] >= 0:
            p.market[picks[j]] -= 1
            set_slot(p, place, j, picks[j] + 1)


cdef void apply_action(OrlState* s, int32_t a) noexcept nogil:
    # a legal action or chance outcome, then everything automatic after it
    if s.chance != CN_NONE:
        do_chance(s, a)
    elif A_FILL <= a < A_FILL + N_PLACES:
        do_fill(s, a - A_FILL)
    else:
        do_decision(s, a)
    advance(s)
