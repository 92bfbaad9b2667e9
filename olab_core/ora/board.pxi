# Board tables: the production wheel, the short game's round goods and the
# landscape layouts.  The numbers come from wheel.json and landscape.json; the
# facade (olab/ora/board.py) reads them and hands them to install_board() once
# at import, as install_tables() does for the cards.

# value of a token by its distance behind the arm (wheel.json value_by_distance_behind_arm)
cdef int8_t WHEEL_FRONT[13]
cdef int8_t WHEEL_BACK[13]
# the good a wheel token produces (wheel.json tokens), -1 for the joker
cdef int8_t TOKEN_GOOD[N_TOKENS]
# the arm's and every token's slot at setup (wheel.json initial_state)
cdef uint8_t TOKEN_START[N_TOKENS]
cdef uint8_t ARM_START = 0

# short 3-4 player game: goods every player receives at the start of round
# r <= N_ROUND_GOODS (wheel.json short_game_round_start_goods); index r - 1
cdef enum:
    MAX_ROUND_GOODS = 30
    ROUND_GOODS_KINDS = 4
cdef int8_t ROUND_GOODS[MAX_ROUND_GOODS][ROUND_GOODS_KINDS]
cdef int8_t ROUND_GOODS_N[MAX_ROUND_GOODS][ROUND_GOODS_KINDS]
cdef int N_ROUND_GOODS = 0

# landscape.json: heartland slot -> terrain / card for the regular, the short
# 3-4 player and the solo neutral heartland; district column -> terrain /
# card per side (0 plains, 1 hills); plot slot -> terrain per side (0 coast,
# 1 mountain; 0 = not a space)
cdef enum:
    HEART_REGULAR = 0
    HEART_SHORT = 1
    HEART_NEUTRAL = 2
cdef uint8_t HEART_TERRAIN[3][10]
cdef uint8_t HEART_CARD[3][10]
cdef uint8_t DISTRICT_TERRAIN[2][5]
cdef uint8_t DISTRICT_CARD[2][5]
cdef uint8_t PLOT_TERRAIN[2][4]
cdef bint BOARD_READY = False

# the core's token order (defs.pxd T_*), as wheel.json names them
TOKEN_NAMES = ("grain", "sheep", "clay", "coin", "wood", "peat", "joker", "grape", "stone")
_TERRAIN_NAMES = {"plains": TR_PLAINS, "hillside": TR_HILL, "coast": TR_COAST,
                  "water": TR_WATER, "mountain": TR_MOUNTAIN}


def install_board(tables):
    """Fill the core's wheel, round-goods and landscape tables.

    Parameters
    ----------
    tables : dict
        :func:`olab.ora.board.core_tables`: the numbers of ``wheel.json`` and
        ``landscape.json`` as plain tuples.
    """
    global BOARD_READY, ARM_START, N_ROUND_GOODS
    cdef int i, j, k
    if len(tables["wheel_front"]) != 13 or len(tables["wheel_back"]) != 13:
        raise ValueError("the wheel has 13 values per side")
    for i in range(13):
        WHEEL_FRONT[i] = tables["wheel_front"][i]
        WHEEL_BACK[i] = tables["wheel_back"][i]
    if len(tables["token_goods"]) != N_TOKENS or len(tables["token_start"]) != N_TOKENS:
        raise ValueError(f"{N_TOKENS} wheel tokens")
    for i in range(N_TOKENS):
        g = tables["token_goods"][i]
        TOKEN_GOOD[i] = -1 if g is None else GOOD_CODES.index(g)
        slot = tables["token_start"][i]
        TOKEN_START[i] = TOKEN_ABSENT if slot is None else slot
    ARM_START = tables["arm_start"]
    rounds = tables["round_goods"]
    if len(rounds) > MAX_ROUND_GOODS or any(len(r) > ROUND_GOODS_KINDS for r in rounds):
        raise ValueError(f"round goods: at most {MAX_ROUND_GOODS} rounds of {ROUND_GOODS_KINDS} goods")
    memset(ROUND_GOODS, 0, sizeof(ROUND_GOODS))
    memset(ROUND_GOODS_N, 0, sizeof(ROUND_GOODS_N))
    for i, goods in enumerate(rounds):
        for j, (g, n) in enumerate(goods):
            ROUND_GOODS[i][j] = GOOD_CODES.index(g)
            ROUND_GOODS_N[i][j] = n
    N_ROUND_GOODS = len(rounds)
    for k, name in enumerate(("heartland", "heartland_short", "heartland_neutral")):
        for i, (terrain, card) in enumerate(tables[name]):
            HEART_TERRAIN[k][i] = _TERRAIN_NAMES[terrain]
            HEART_CARD[k][i] = C_NONE if card is None else CARD_CODES.index(card)
    for k, side in enumerate(("PLAINS", "HILLS")):
        for j, (terrain, card) in enumerate(tables["districts"][side]):
            DISTRICT_TERRAIN[k][j] = _TERRAIN_NAMES[terrain]
            DISTRICT_CARD[k][j] = C_NONE if card is None else CARD_CODES.index(card)
    for k, side in enumerate(("COAST", "MOUNTAIN")):
        for j, terrain in enumerate(tables["plots"][side]):
            PLOT_TERRAIN[k][j] = 0 if terrain is None else _TERRAIN_NAMES[terrain]
    BOARD_READY = True

