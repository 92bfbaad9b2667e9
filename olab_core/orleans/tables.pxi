# The rules tables.  Every number of the game lives in olab/data/orleans/
# (tracks.json, map.json, choices.json); the facade turns them into plain
# lists (olab.orleans.tables.core_tables) and hands them to install_tables()
# at import, so the core carries no copy of its own and a corrected fact is a
# data change.  The tables are plain C arrays read without the GIL.

cdef bint TABLES_READY = False

# players
cdef int ROUNDS, START_COINS, MARKET, STATIONS, COINS_TOTAL, TECH_TOTAL
cdef uint8_t SUPPLY[5][N_CHARS]            # neutral supply by player count (2..4)
cdef uint8_t STARTING[4]                   # the characters of a player's own four tiles
cdef uint8_t EXCLUDE_PER[5]                # place tiles each player may exclude, by player count
cdef uint8_t REMOVED_GOODS[5]              # goods taken out at random at set-up, by player count

# goods
cdef uint8_t GOODS_COUNT[N_GOODS]
cdef uint8_t GOODS_POINTS[N_GOODS]
cdef uint8_t FOOD[N_GOODS]

# character tracks
cdef uint8_t TRACK_LEN[N_TRACKS]
cdef uint8_t FARMER_GOOD[MAX_TRACK]        # the good of each farmers step
cdef uint8_t BOAT_COINS[MAX_TRACK]         # the coins of each boatmen step
cdef uint8_t BOAT_CITIZEN[MAX_TRACK]       # the step with the boatmen citizen
cdef int BOAT_FALLBACK                     # that step's coins once the citizen is gone
cdef uint8_t SCHOLAR_DEV[MAX_TRACK]
cdef uint8_t KNIGHT_CITIZEN[MAX_TRACK]
cdef uint8_t DRAW_AT[MAX_TRACK + 1]        # the draw limit with the knights cube on each space
cdef uint8_t TRADER_STAGE_FIRST            # bit 1: stage I, bit 2: stage II
cdef uint8_t TRADER_STAGE_LATER

# development track
cdef int DEV_LEN
cdef uint8_t DEV_COINS[MAX_DEV + 1]
cdef int8_t DEV_CITIZEN[MAX_DEV + 1]       # index of the citizen on a space (0..2), -1 none
cdef uint8_t DEV_STATUS[MAX_DEV + 1]

# places
cdef uint8_t PLACE_KIND[N_PLACES]          # P_* for the board, K_* for tiles
cdef uint8_t PLACE_NEED[N_PLACES][MAX_SPACES]
cdef uint8_t PLACE_NSPACES[N_PLACES]
cdef uint8_t PLACE_MIN[N_PLACES]           # filled spaces needed to use it
cdef uint8_t TILE_STAGE[N_TILES]           # 1: stage I, 2: stage II
cdef int PLACE_A[N_PLACES]                 # the effect's parameters (see rules.core_tables)
cdef int PLACE_B[N_PLACES]
cdef int TOWER_TILE                        # the tile of kind K_TOWER (-1 none)
cdef int TOWER_PLACE                       # its place number (-1 none)
cdef int SACRISTY_TILE
cdef int BATH_PLACE                        # the place of the Bathhouse

# deeds
cdef int N_DEED_SPACES
cdef uint8_t DEED_FIRST[N_DEEDS + 1]       # deed d has spaces DEED_FIRST[d] .. DEED_FIRST[d+1]-1
cdef uint8_t DEED_SPACE[MAX_DEED_SPACES]   # the character of each deed space
cdef uint8_t DEED_COINS[N_DEEDS]
cdef uint8_t DEED_DEV[N_DEEDS]             # development instead of the coin (Canalization)
cdef int CANAL_DEED                        # the deed with that choice (-1 none)

# events
cdef uint8_t EVENT_COUNT[N_EVENTS]
cdef int FIRST_EVENT

# map
cdef int N_TOWNS, N_CONN, START_TOWN
cdef uint8_t CONN_A[MAX_CONN]
cdef uint8_t CONN_B[MAX_CONN]
cdef uint8_t CONN_ROAD[MAX_CONN]
cdef uint8_t CONN_SPACES[5][MAX_CONN]      # goods spaces filled, by player count
# each town's connections by kind (0 waterway, 1 road), in the map's order: the heuristic asks
# for a merchant's neighbours at every ship, wagon and move place it values, and a scan of the
# whole map for them was a sixth of its time
cdef uint8_t TOWN_CONN[MAX_TOWNS][2][MAX_CONN]
cdef uint8_t TOWN_NCONN[MAX_TOWNS][2]

# the summary's numbers
cdef int CENSUS_GAIN, CENSUS_PAY, CENSUS_2P_PAY, HARVEST_COINS, TAXES_PER, SCRIPTORIUM_DEV
cdef int PHARMACY_MAX, BATH_DRAW, BATH_PLACE_N, TOWER_ROOM, MONK_KNIGHT, TECH_TOWN_HALL, TORTURE_STOCK

#: the place kinds the core knows, by the name the data gives them
KIND_NAMES = ("farm_house", "village", "university", "castle", "monastery", "ship", "wagon", "guildhall",
              "scriptorium", "town_hall", "good", "coins", "coins_development", "development", "sacristy",
              "substitute", "bathhouse", "coins_per_status", "coins_per_station", "pharmacy", "tower",
              "move", "technology")


def install_tables(dict t):
    """Fill the core's tables from :func:`olab.orleans.tables.core_tables`.

    Raises
    ------
    ValueError
        When the data does not fit the core's capacities or its fixed orders
        (the ten board places, the seven characters).
    """
    global TABLES_READY, ROUNDS, START_COINS, MARKET, STATIONS, COINS_TOTAL, TECH_TOTAL
    global BOAT_FALLBACK, TRADER_STAGE_FIRST, TRADER_STAGE_LATER, DEV_LEN, TOWER_TILE, SACRISTY_TILE
    global BATH_PLACE, TOWER_PLACE, N_DEED_SPACES, CANAL_DEED, FIRST_EVENT, N_TOWNS, N_CONN, START_TOWN
    global CENSUS_GAIN, CENSUS_PAY, CENSUS_2P_PAY, HARVEST_COINS, TAXES_PER, SCRIPTORIUM_DEV
    global PHARMACY_MAX, BATH_DRAW, BATH_PLACE_N, TOWER_ROOM, MONK_KNIGHT, TECH_TOWN_HALL, TORTURE_STOCK
    cdef int i, j, n, k
    if t["characters"] != ["farmer", "boatman", "craftsman", "trader", "knight", "scholar", "monk"]:
        raise ValueError("the core's characters are F B C T K S M, in this order")
    num = t["numbers"]
    ROUNDS = num["rounds"]
    START_COINS = num["start_coins"]
    MARKET = num["market"]
    STATIONS = num["stations"]
    COINS_TOTAL = num["coins_total"]
    TECH_TOTAL = num["tech_total"]
    if MARKET > 20 or STATIONS > 20 or ROUNDS > 60 or TECH_TOTAL > 200:
        raise ValueError("a number beyond the core's capacity")
    for n in (2, 3, 4):
        for i in range(N_CHARS):
            SUPPLY[n][i] = t["supply"][n][i]
        EXCLUDE_PER[n] = num["exclusion"][n - 2]
        REMOVED_GOODS[n] = t["removed_goods"][n - 2]
    if len(t["starting"]) != 4 or sorted(t["starting"]) != [0, 1, 2, 3]:
        raise ValueError("a player's own tiles are one farmer, boatman, craftsman and trader")
    for i in range(4):
        STARTING[i] = t["starting"][i]
    for i in range(N_GOODS):
        GOODS_COUNT[i] = t["goods_count"][i]
        GOODS_POINTS[i] = t["goods_points"][i]
        FOOD[i] = t["food"][i]
    for i in range(N_TRACKS):
        if not 1 <= t["track_len"][i] <= MAX_TRACK:
            raise ValueError("a track longer than the core's capacity")
        TRACK_LEN[i] = t["track_len"][i]
    if len(t["farmer_goods"]) != TRACK_LEN[CH_FARMER] or len(t["boat_coins"]) != TRACK_LEN[CH_BOATMAN]:
        raise ValueError("track rewards do not match the track lengths")
    for i in range(TRACK_LEN[CH_FARMER]):
        FARMER_GOOD[i] = t["farmer_goods"][i]
    for i in range(TRACK_LEN[CH_BOATMAN]):
        BOAT_COINS[i] = t["boat_coins"][i]
        BOAT_CITIZEN[i] = t["boat_citizen"][i]
    BOAT_FALLBACK = t["boat_fallback"]
    for i in range(TRACK_LEN[CH_SCHOLAR]):
        SCHOLAR_DEV[i] = t["scholar_dev"][i]
    DRAW_AT[0] = num["draw"]
    for i in range(TRACK_LEN[CH_KNIGHT]):
        KNIGHT_CITIZEN[i] = t["knight_citizen"][i]
        # a step without a new draw size (the citizen step) keeps the last one
        DRAW_AT[i + 1] = t["knight_draw"][i] if t["knight_draw"][i] else DRAW_AT[i]
    TRADER_STAGE_FIRST = t["trader_first"][0] | (t["trader_first"][1] << 1)
    TRADER_STAGE_LATER = t["trader_later"][0] | (t["trader_later"][1] << 1)
    DEV_LEN = t["dev_len"]
    if not 1 <= DEV_LEN <= MAX_DEV or len(t["dev_citizen"]) != N_DEV_CITIZENS:
        raise ValueError("the development track does not fit the core")
    for i in range(DEV_LEN + 1):
        DEV_COINS[i] = t["dev_coins"][i]
        DEV_STATUS[i] = t["dev_status"][i]
        DEV_CITIZEN[i] = -1
    for i, sp in enumerate(t["dev_citizen"]):
        DEV_CITIZEN[sp] = i
    if len(t["places"]) != N_PLACES:
        raise ValueError(f"the core has room for {N_BOARD} board places and {N_TILES} tiles")
    TOWER_TILE = SACRISTY_TILE = BATH_PLACE = TOWER_PLACE = -1
    for i, p in enumerate(t["places"]):
        k = p["kind"]
        if (i < N_BOARD) != (k < N_BOARD) or (i < N_BOARD and k != i):
            raise ValueError(f"place {p['id']}: the board's places come first, in the core's order")
        if len(p["needs"]) > MAX_SPACES:
            raise ValueError(f"place {p['id']} has more than {MAX_SPACES} spaces")
        PLACE_KIND[i] = k
        PLACE_NSPACES[i] = len(p["needs"])
        PLACE_MIN[i] = p["min"]
        for j in range(MAX_SPACES):
            PLACE_NEED[i][j] = p["needs"][j] if j < len(p["needs"]) else NEED_NONE
        PLACE_A[i] = p["a"]
        PLACE_B[i] = p["b"]
        if i >= N_BOARD:
            TILE_STAGE[i - N_BOARD] = p["stage"]
            if k == K_TOWER:
                TOWER_TILE = i - N_BOARD
                TOWER_PLACE = i
            elif k == K_SACRISTY:
                SACRISTY_TILE = i - N_BOARD
            elif k == K_BATHHOUSE:
                BATH_PLACE = i
    deeds = t["deeds"]
    if len(deeds) != N_DEEDS:
        raise ValueError(f"the core has {N_DEEDS} deeds")
    n = 0
    CANAL_DEED = -1
    for i, d in enumerate(deeds):
        DEED_FIRST[i] = n
        for c in d["spaces"]:
            if n >= MAX_DEED_SPACES:
                raise ValueError("too many deed spaces")
            DEED_SPACE[n] = c
            n += 1
        DEED_COINS[i] = d["coins"]
        DEED_DEV[i] = d["dev"]
        if d["dev"]:
            CANAL_DEED = i
    DEED_FIRST[N_DEEDS] = n
    N_DEED_SPACES = n
    for i in range(N_EVENTS):
        EVENT_COUNT[i] = t["events"][i]
    FIRST_EVENT = t["first_event"]
    N_TOWNS = t["towns"]
    N_CONN = len(t["connections"])
    if N_TOWNS > MAX_TOWNS or N_CONN > MAX_CONN:
        raise ValueError("the map is larger than the core's capacity")
    if N_PLACES > 32:
        raise ValueError("the heuristic's masks of places (coverable_places) hold 32 places")
    START_TOWN = t["start_town"]
    for i in range(MAX_TOWNS):
        TOWN_NCONN[i][0] = TOWN_NCONN[i][1] = 0
    for i, c in enumerate(t["connections"]):
        CONN_A[i] = c["a"]
        CONN_B[i] = c["b"]
        CONN_ROAD[i] = c["road"]
        if not (0 <= c["a"] < N_TOWNS and 0 <= c["b"] < N_TOWNS and c["road"] in (0, 1)):
            raise ValueError(f"connection {i} joins towns or is of a kind the map does not have")
        for town in {c["a"], c["b"]}:
            TOWN_CONN[town][c["road"]][TOWN_NCONN[town][c["road"]]] = i
            TOWN_NCONN[town][c["road"]] += 1
        for n in (2, 3, 4):
            if c["spaces"][n - 2] > 2:
                raise ValueError("a connection has at most two goods spaces")
            CONN_SPACES[n][i] = c["spaces"][n - 2]
    CENSUS_GAIN = num["census_gain"]
    CENSUS_PAY = num["census_pay"]
    CENSUS_2P_PAY = num["census_2p_pay"]
    HARVEST_COINS = num["harvest_coins"]
    TAXES_PER = num["taxes_per"]
    SCRIPTORIUM_DEV = num["scriptorium_dev"]
    PHARMACY_MAX = num["pharmacy_max"]
    if PHARMACY_MAX > 7:
        raise ValueError("the Pharmacy's amount is an action 0..7")
    BATH_DRAW = num["bath_draw"]
    BATH_PLACE_N = num["bath_place"]
    TOWER_ROOM = num["tower_room"]
    MONK_KNIGHT = num["monk_knight"]
    TECH_TOWN_HALL = num["tech_town_hall"]
    TORTURE_STOCK = num["torture_stock"]
    TABLES_READY = True
