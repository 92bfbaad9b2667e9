# Orléans's observation tensor (GameOps.observe): what a seat sees, as
# OBS_SIZE floats.  olab/orleans/tensor.py holds the layout (the names and
# shapes of the segments below, in this order) and a reference encoder in
# Python that the tests compare with this one value by value; the facade
# checks at import that both agree on every segment's offset.  Only the
# generator (the future) is hidden in Orléans, and it is not encoded; seat
# rows are relative to the observer (row 0 is the observer).  Sizes are the
# struct's capacities (towns, connections, deed spaces), so the tensor has one
# shape in every configuration; rows past the data's counts stay 0.

cdef enum:
    OBS_ROUNDS = 18
    OBS_SLOT_VALUES = SLOT_TECH + 1

# segment offsets, in the order of olab/orleans/tensor.py's layout()
cdef enum:
    OB_CONFIG_PLAYERS = 0
    OB_CONFIG_CHANCE = OB_CONFIG_PLAYERS + 3
    OB_CONFIG_EXCLUSION = OB_CONFIG_CHANCE + 2
    OB_OBSERVER = OB_CONFIG_EXCLUSION + 1
    OB_ROUND = OB_OBSERVER + 4
    OB_PHASE = OB_ROUND + 18
    OB_EVENT = OB_PHASE + 8
    OB_DECISION = OB_EVENT + 6
    OB_DECISION_SEAT = OB_DECISION + 13
    OB_CHANCE = OB_DECISION_SEAT + 4
    OB_CHANCE_SEAT = OB_CHANCE + 6
    OB_START_PLAYER = OB_CHANCE_SEAT + 4
    OB_CURRENT = OB_START_PLAYER + 4
    OB_DECISION_PLACE = OB_CURRENT + 4
    OB_DECISION_DEEDS = OB_DECISION_PLACE + 30
    OB_DECISION_BATHHOUSE = OB_DECISION_DEEDS + 14
    OB_DECISION_LEFT = OB_DECISION_BATHHOUSE + 11
    OB_DECISION_DEBT = OB_DECISION_LEFT + 1
    OB_DECISION_DEBTOR = OB_DECISION_DEBT + 1
    OB_DECISION_ROAD = OB_DECISION_DEBTOR + 4
    OB_HOURGLASS = OB_DECISION_ROAD + 1
    OB_SUPPLY_COINS = OB_HOURGLASS + 6
    OB_SUPPLY_GOODS = OB_SUPPLY_COINS + 1
    OB_SUPPLY_CHARACTERS = OB_SUPPLY_GOODS + 5
    OB_SUPPLY_TECHNOLOGY = OB_SUPPLY_CHARACTERS + 7
    OB_SUPPLY_PLACE_TILES = OB_SUPPLY_TECHNOLOGY + 1
    OB_SUPPLY_EXCLUDED = OB_SUPPLY_PLACE_TILES + 20
    OB_MAP_GOODS = OB_SUPPLY_EXCLUDED + 20
    OB_MAP_STATIONS = OB_MAP_GOODS + 240
    OB_DEEDS = OB_MAP_STATIONS + 96
    OB_CITIZENS = OB_DEEDS + 192
    OB_SEAT_PRESENT = OB_CITIZENS + 56
    OB_SEAT_PASSED = OB_SEAT_PRESENT + 4
    OB_SEAT_COINS = OB_SEAT_PASSED + 4
    OB_SEAT_TRACKS = OB_SEAT_COINS + 4
    OB_SEAT_DEVELOPMENT = OB_SEAT_TRACKS + 24
    OB_SEAT_STATUS = OB_SEAT_DEVELOPMENT + 4
    OB_SEAT_TOWN = OB_SEAT_STATUS + 4
    OB_SEAT_BAG = OB_SEAT_TOWN + 96
    OB_SEAT_MARKET = OB_SEAT_BAG + 44
    OB_SEAT_TOWER = OB_SEAT_MARKET + 44
    OB_SEAT_GOODS = OB_SEAT_TOWER + 28
    OB_SEAT_STATIONS = OB_SEAT_GOODS + 20
    OB_SEAT_TECHNOLOGY = OB_SEAT_STATIONS + 8
    OB_SEAT_DRAWN = OB_SEAT_TECHNOLOGY + 8
    OB_SEAT_PLACE_TILES = OB_SEAT_DRAWN + 4
    OB_SEAT_SPACES = OB_SEAT_PLACE_TILES + 80
    OB_SEAT_SCORE = OB_SEAT_SPACES + 4680
    OBS_SIZE = OB_SEAT_SCORE + 4


# The vectorized env's shortcut (GameOps.observe_since): out holds the
# tensor of the position before the step, told from the seat that was to
# move then.  Four fifths of the tensor are the seats' action spaces, a
# one-hot row per space (OB_SEAT_SPACES); when the observer is the same, the
# spaces of a seat whose slots did not change in the step are kept (random
# 4-player games: the same observer in 60% of the steps).  They are public,
# and kept only for the observer they were written for.
cdef enum:
    OB_SEAT_SPACES_ROW = N_PLACES * MAX_SPACES * OBS_SLOT_VALUES     # one seat's spaces


cdef int orl_observe(const void* sp, int player, float* out) noexcept nogil:
    return ob_observe(<const OrlState*>sp, player, out, NULL, 0)


cdef int orl_observe_since(const void* sp, int player, float* out, const void* before,
                           int before_player) noexcept nogil:
    return ob_observe(<const OrlState*>sp, player, out, <const OrlState*>before, before_player)


cdef int ob_observe(const OrlState* s, int player, float* out, const OrlState* before,
                    int before_player) noexcept nogil:
    cdef const Player* p
    cdef int n = s.cfg.players, q, r, i, k, j
    cdef uint8_t kept[MAX_PLAYERS]      # seat q's spaces are in out already
    cdef bint same = before != NULL and before_player == player
    if player < 0 or player >= n:
        return -1
    for q in range(n):
        kept[q] = same and memcmp(before.pl[q].slot, s.pl[q].slot, sizeof(s.pl[q].slot)) == 0
    # everything but the seats' spaces is cleared and written again; those
    # of a seat are cleared before they are written, those of a seat the
    # game does not have stay clear
    memset(out, 0, OB_SEAT_SPACES * sizeof(float))
    memset(out + OB_SEAT_SCORE, 0, (OBS_SIZE - OB_SEAT_SCORE) * sizeof(float))
    if before == NULL:
        memset(out + OB_SEAT_SPACES + n * OB_SEAT_SPACES_ROW, 0,
               (MAX_PLAYERS - n) * OB_SEAT_SPACES_ROW * sizeof(float))
    out[OB_CONFIG_PLAYERS + n - 2] = 1
    out[OB_CONFIG_CHANCE + (1 if s.cfg.flags & CF_EXPLICIT else 0)] = 1
    out[OB_CONFIG_EXCLUSION] = 1 if s.cfg.flags & CF_EXCLUSION else 0
    out[OB_OBSERVER + player] = 1
    if 1 <= s.round <= OBS_ROUNDS:
        out[OB_ROUND + s.round - 1] = 1
    out[OB_PHASE + s.phase] = 1
    if s.event < N_EVENTS:
        out[OB_EVENT + s.event] = 1
    out[OB_DECISION + s.dec] = 1
    if s.dec != D_NONE:
        out[OB_DECISION_SEAT + ob_rel(s.chooser, player, n)] = 1
    out[OB_CHANCE + s.chance] = 1
    if s.chance != CN_NONE:
        out[OB_CHANCE_SEAT + ob_rel(s.chance_player, player, n)] = 1
    out[OB_START_PLAYER + ob_rel(s.start, player, n)] = 1
    out[OB_CURRENT + ob_rel(s.current, player, n)] = 1
    if s.dec == D_MOVE or s.dec == D_DEED or s.dec == D_PHARMACY or s.dec == D_BATH:
        out[OB_DECISION_PLACE + s.use_place] = 1
    for i in range(2):
        if s.deed_q[i]:
            out[OB_DECISION_DEEDS + i * N_CHARS + s.deed_q[i] - 1] = 1
    for k in range(N_KINDS):
        ob_n(out, OB_DECISION_BATHHOUSE + k, s.bath[k], 3)
    ob_n(out, OB_DECISION_LEFT, s.left, 8)
    ob_n(out, OB_DECISION_DEBT, s.debt, 10)
    if s.debt:
        out[OB_DECISION_DEBTOR + ob_rel(s.debtor, player, n)] = 1
    out[OB_DECISION_ROAD] = s.move_road
    for k in range(N_EVENTS):
        ob_n(out, OB_HOURGLASS + k, s.hourglass[k], 3)
    ob_n(out, OB_SUPPLY_COINS, s.coin_supply, 10)
    for k in range(N_GOODS):
        ob_n(out, OB_SUPPLY_GOODS + k, s.goods_supply[k], 10)
    for k in range(N_CHARS):
        ob_n(out, OB_SUPPLY_CHARACTERS + k, s.char_supply[k], 10)
    ob_n(out, OB_SUPPLY_TECHNOLOGY, s.tech_supply, 16)
    for i in range(N_TILES):
        out[OB_SUPPLY_PLACE_TILES + i] = (s.tiles_avail >> i) & 1
        out[OB_SUPPLY_EXCLUDED + i] = (s.tiles_excluded >> i) & 1
    for i in range(MAX_CONN):
        for j in range(2):
            if s.conn_goods[i][j]:
                out[OB_MAP_GOODS + i * N_GOODS + s.conn_goods[i][j] - 1] += 1
    for i in range(MAX_TOWNS):
        for q in range(n):
            if (s.station[i] >> q) & 1:
                out[OB_MAP_STATIONS + i * MAX_PLAYERS + ob_rel(q, player, n)] = 1
    for i in range(MAX_DEED_SPACES):
        if s.deed[i]:
            out[OB_DEEDS + i * MAX_PLAYERS + ob_rel(s.deed[i] - 1, player, n)] = 1
    for i in range(N_CITIZENS):
        if s.citizen[i]:
            out[OB_CITIZENS + i * MAX_PLAYERS + ob_rel(s.citizen[i] - 1, player, n)] = 1
    for q in range(n):
        p = &s.pl[q]
        r = ob_rel(q, player, n)
        out[OB_SEAT_PRESENT + r] = 1
        out[OB_SEAT_PASSED + r] = p.passed
        ob_n(out, OB_SEAT_COINS + r, p.coins, 10)
        for k in range(N_TRACKS):
            ob_n(out, OB_SEAT_TRACKS + r * N_TRACKS + k, p.track[k], 5)
        ob_n(out, OB_SEAT_DEVELOPMENT + r, p.dev, 30)
        ob_n(out, OB_SEAT_STATUS + r, status_of(p), 6)
        out[OB_SEAT_TOWN + r * MAX_TOWNS + p.town] = 1
        for k in range(N_KINDS):
            ob_n(out, OB_SEAT_BAG + r * N_KINDS + k, p.bag[k], 5)
            ob_n(out, OB_SEAT_MARKET + r * N_KINDS + k, p.market[k], 5)
        for k in range(N_CHARS):
            ob_n(out, OB_SEAT_TOWER + r * N_CHARS + k, p.tower[k], 2)
        for k in range(N_GOODS):
            ob_n(out, OB_SEAT_GOODS + r * N_GOODS + k, p.goods[k], 5)
        ob_n(out, OB_SEAT_STATIONS + r * 2, p.stations_left, 10)
        ob_n(out, OB_SEAT_STATIONS + r * 2 + 1, p.stations_built, 10)
        ob_n(out, OB_SEAT_TECHNOLOGY + r * 2, p.tech_pending, 4)
        ob_n(out, OB_SEAT_TECHNOLOGY + r * 2 + 1, p.tech_placed, 16)
        ob_n(out, OB_SEAT_DRAWN + r, p.drawn, 8)
        for i in range(N_TILES):
            out[OB_SEAT_PLACE_TILES + r * N_TILES + i] = (p.tiles >> i) & 1
        if not kept[q]:
            memset(out + OB_SEAT_SPACES + r * OB_SEAT_SPACES_ROW, 0, OB_SEAT_SPACES_ROW * sizeof(float))
            for k in range(N_PLACES):
                for j in range(MAX_SPACES):
                    out[OB_SEAT_SPACES + ((r * N_PLACES + k) * MAX_SPACES + j) * OBS_SLOT_VALUES + p.slot[k][j]] = 1
        ob_n(out, OB_SEAT_SCORE + r, score_of(s, q), 100)
    return 0


cdef int orl_tiebreak(const void* sp, int level, int32_t* out) noexcept nogil:
    # "Tie: the player further ahead on the Development Track wins; if still
    # tied, multiple winners" (summary, End of the Game): one tie-break level
    cdef const OrlState* s = <const OrlState*>sp
    cdef int i
    if level != 0:
        return 0
    for i in range(s.cfg.players):
        out[i] = s.pl[i].dev
    return s.cfg.players


# the offsets, for the facade's check against olab/orleans/tensor.py
OBS_OFFSETS = dict(
    config__players=OB_CONFIG_PLAYERS,
    config__chance=OB_CONFIG_CHANCE,
    config__exclusion=OB_CONFIG_EXCLUSION,
    observer=OB_OBSERVER,
    round=OB_ROUND,
    phase=OB_PHASE,
    event=OB_EVENT,
    decision=OB_DECISION,
    decision__seat=OB_DECISION_SEAT,
    chance=OB_CHANCE,
    chance__seat=OB_CHANCE_SEAT,
    start_player=OB_START_PLAYER,
    current=OB_CURRENT,
    decision__place=OB_DECISION_PLACE,
    decision__deeds=OB_DECISION_DEEDS,
    decision__bathhouse=OB_DECISION_BATHHOUSE,
    decision__left=OB_DECISION_LEFT,
    decision__debt=OB_DECISION_DEBT,
    decision__debtor=OB_DECISION_DEBTOR,
    decision__road=OB_DECISION_ROAD,
    hourglass=OB_HOURGLASS,
    supply__coins=OB_SUPPLY_COINS,
    supply__goods=OB_SUPPLY_GOODS,
    supply__characters=OB_SUPPLY_CHARACTERS,
    supply__technology=OB_SUPPLY_TECHNOLOGY,
    supply__place_tiles=OB_SUPPLY_PLACE_TILES,
    supply__excluded=OB_SUPPLY_EXCLUDED,
    map__goods=OB_MAP_GOODS,
    map__stations=OB_MAP_STATIONS,
    deeds=OB_DEEDS,
    citizens=OB_CITIZENS,
    seat__present=OB_SEAT_PRESENT,
    seat__passed=OB_SEAT_PASSED,
    seat__coins=OB_SEAT_COINS,
    seat__tracks=OB_SEAT_TRACKS,
    seat__development=OB_SEAT_DEVELOPMENT,
    seat__status=OB_SEAT_STATUS,
    seat__town=OB_SEAT_TOWN,
    seat__bag=OB_SEAT_BAG,
    seat__market=OB_SEAT_MARKET,
    seat__tower=OB_SEAT_TOWER,
    seat__goods=OB_SEAT_GOODS,
    seat__stations=OB_SEAT_STATIONS,
    seat__technology=OB_SEAT_TECHNOLOGY,
    seat__drawn=OB_SEAT_DRAWN,
    seat__place_tiles=OB_SEAT_PLACE_TILES,
    seat__spaces=OB_SEAT_SPACES,
    seat__score=OB_SEAT_SCORE,
)
OBSERVATION_SIZE = OBS_SIZE
