# Setting up a game: the players' boards, the general supply, the goods on the
# map, the hourglass tiles.

# the generator stream of a game's rng (a seed gives the same game on every
# machine: PCG32 is integer arithmetic)
cdef enum:
    ORL_STREAM = 1440


cdef int draw_weighted(Pcg32* rng, const uint8_t* counts, int n) noexcept nogil:
    # an index drawn with probability counts[i] / sum (-1 when all are 0)
    cdef int i, total = kinds_total(counts, n)
    cdef int r
    if total <= 0:
        return -1
    r = pcg32_bounded(rng, total)
    for i in range(n):
        if r < counts[i]:
            return i
        r -= counts[i]
    return -1


cdef inline void sort_conn(OrlState* s, int c) noexcept nogil:
    # the two goods of a connection, largest code first (canonical bytes)
    cdef uint8_t t
    if s.conn_goods[c][0] < s.conn_goods[c][1]:
        t = s.conn_goods[c][0]
        s.conn_goods[c][0] = s.conn_goods[c][1]
        s.conn_goods[c][1] = t


cdef void state_init(OrlState* s, const Config* cfg, uint64_t seed) noexcept nogil:
    cdef int n = cfg.players, i, c, j, g
    cdef Player* p
    cdef uint8_t pool[N_GOODS]
    memset(s, 0, sizeof(OrlState))
    s.cfg = cfg[0]
    pcg32_seed(&s.rng, seed, ORL_STREAM)
    s.seed = seed
    s.round = 1
    s.start = 0                       # the youngest player, seated first
    s.event = EV_NONE
    s.coin_supply = COINS_TOTAL - n * START_COINS
    for i in range(N_CHARS):
        s.char_supply[i] = SUPPLY[n][i]
    s.tech_supply = TECH_TOTAL
    s.tiles_avail = (1 << N_TILES) - 1
    for i in range(N_EVENTS):
        s.hourglass[i] = EVENT_COUNT[i]
    for i in range(n):
        p = &s.pl[i]
        p.coins = START_COINS
        p.town = START_TOWN
        p.stations_left = STATIONS
        for j in range(4):
            p.bag[OWN0 + STARTING[j]] += 1
    # the goods: shuffled face down, one on every space in use, a few more out
    # of the game at random, the rest sorted into the goods market.  Drawing
    # each tile from the counts left is the same as dealing a shuffled pile.
    for g in range(N_GOODS):
        pool[g] = GOODS_COUNT[g]
    for c in range(N_CONN):
        for j in range(CONN_SPACES[n][c]):
            g = draw_weighted(&s.rng, pool, N_GOODS)
            if g < 0:
                break
            pool[g] -= 1
            s.conn_goods[c][j] = g + 1
        sort_conn(s, c)
    for j in range(REMOVED_GOODS[n]):
        g = draw_weighted(&s.rng, pool, N_GOODS)
        if g >= 0:
            pool[g] -= 1
    for g in range(N_GOODS):
        s.goods_supply[g] = pool[g]
    s.phase = PH_EXCLUDE if cfg.flags & CF_EXCLUSION else PH_HOURGLASS
    advance(s)
