# Card and goods tables.  The numbers come from the card data shipped with the
# facade (olab/data/ora/*.json); the facade hands them to install_tables() once
# at import, so the core carries no second copy of the card facts.

# Card ids in the order of defs.pxd (C_*): the id is the index.
CARD_CODES = (
    "", "LFO", "LMO", "L1", "L2", "L3",
    "G01", "G02", "G06", "G07", "G12", "G13", "G16", "G18", "G19", "G22",
    "G26", "G28", "G34", "G39", "G41",
    "F03", "F04", "F05", "F08", "F09", "F10", "F11", "F14", "F15", "F17",
    "F20", "F21", "F23", "F24", "F25", "F27", "F29", "F30", "F31", "F32",
    "F33", "F35", "F36", "F37", "F38", "F40",
    "I03", "I04", "I05", "I08", "I09", "I10", "I11", "I14", "I15", "I17",
    "I20", "I21", "I23", "I24", "I25", "I27", "I29", "I30", "I31", "I32",
    "I33", "I35", "I36", "I37", "I38", "I40",
    "S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08",
)

# Goods ids in the order of defs.pxd (G_*), plus the virtual 5-coin piece.
GOOD_CODES = (
    "wood", "clay", "peat", "peat_coal", "grain", "straw", "sheep", "meat",
    "coin", "stone", "grapes", "flour", "bread", "wine", "malt", "beer",
    "whiskey", "book", "ceramic", "ornament", "reliquary", "wonder", "coin5",
)

cdef CardInfo CARDS[N_CARDS]
# the cards' dwelling and economic values again, packed: the bots' evaluation
# reads them for every settlement's neighbours and every building of every
# seat, and packed they take 2 cache lines where the 24-byte CardInfo
# records take 31 (the search's positions compete for the cache)
cdef int8_t CARD_DWELL[N_CARDS]
cdef int8_t CARD_ECON[N_CARDS]
cdef bint TABLES_READY = False

# Value of one unit of each good (index G_*; G_COIN5 last).  Energy is counted
# in half units so that straw (1/2) stays an integer.
cdef int16_t FOOD[N_GOODS_X]
cdef int16_t ENERGY2[N_GOODS_X]
cdef int16_t POINTS[N_GOODS_X]
cdef int16_t COINS[N_GOODS_X]     # what a good is worth as money (a 5-coin piece 5, a whiskey 2)

cdef u128 STAGE_MASK[5]           # building cards per stage (0 start, 1..4 A..D)

_TERRAIN_BITS = {"plains": TR_PLAINS, "hillside": TR_HILL, "coast": TR_COAST,
                 "water": TR_WATER, "mountain": TR_MOUNTAIN}
_STAGES = {"start": 0, "A": 1, "B": 2, "C": 3, "D": 4}
_KINDS = {"landscape_card": K_LANDSCAPE, "basic": K_BASIC, "building": K_BUILDING}


def install_tables(buildings, settlements, goods):
    """Fill the core's card and goods tables.

    Parameters
    ----------
    buildings, settlements, goods : list of dict
        The records of ``buildings.json``, ``settlements.json`` and
        ``goods.json`` as shipped in :mod:`olab.data`.
    """
    global TABLES_READY
    cdef int i, cid
    by_code = {code: i for i, code in enumerate(CARD_CODES)}
    for i in range(N_CARDS):
        memset(&CARDS[i], 0, sizeof(CardInfo))
    for i in range(5):
        STAGE_MASK[i] = 0
    for rec in buildings:
        cid = by_code[rec["id"]]
        cost = rec["cost"]
        CARDS[cid].cost[COST_WOOD] = cost["wood"]
        CARDS[cid].cost[COST_CLAY] = cost["clay"]
        CARDS[cid].cost[COST_STONE] = cost["stone"]
        CARDS[cid].cost[COST_STRAW] = cost["straw"]
        CARDS[cid].cost[COST_COIN] = cost["coin"]
        CARDS[cid].econ = rec["economic_value"]
        CARDS[cid].dwell = rec["dwelling_value"]
        CARDS[cid].kind = _KINDS[rec["kind"]]
        CARDS[cid].cloister = 1 if rec["cloister"] else 0
        CARDS[cid].stage = _STAGES[rec["stage"]]
        bits = 0
        for t in rec["terrain"]:
            bits |= _TERRAIN_BITS[t]
        CARDS[cid].terrain = bits
        if CARDS[cid].kind == K_BUILDING:
            STAGE_MASK[CARDS[cid].stage] |= u128_bit(cid)
    for rec in settlements:
        cid = by_code[rec["id"]]
        CARDS[cid].kind = K_SETTLEMENT
        CARDS[cid].econ = rec["economic_value"]
        CARDS[cid].dwell = rec["dwelling_value"]
        CARDS[cid].food = rec["cost"]["food"]
        CARDS[cid].energy = rec["cost"]["energy"] * 2
        CARDS[cid].stage = _STAGES[rec["stage"]]
        bits = 0
        for t in rec["terrain"]:
            bits |= _TERRAIN_BITS[t]
        CARDS[cid].terrain = bits
    by_good = {g["id"]: g for g in goods}
    for i, code in enumerate(GOOD_CODES):
        g = by_good[code]
        FOOD[i] = g["food"]
        ENERGY2[i] = int(round(g["energy"] * 2))
        POINTS[i] = g["points"]
        COINS[i] = g["coin"]
    for i in range(N_CARDS):
        if not -128 <= CARDS[i].dwell <= 127 or not -128 <= CARDS[i].econ <= 127:
            raise ValueError(f"card {CARD_CODES[i]}: a dwelling or economic value beyond a byte")
        CARD_DWELL[i] = <int8_t>CARDS[i].dwell
        CARD_ECON[i] = <int8_t>CARDS[i].econ
    # money is the total of coins; a coin counts 1 food, a 5-coin piece 5
    TABLES_READY = True


def card_code(int cid):
    """The card code (``"G01"``, ``"L1"``, ``"S03"``...) of a core card id."""
    return CARD_CODES[cid]


def card_id(str code):
    """The core card id of a card code; ``KeyError`` if unknown."""
    return CARD_CODES.index(code)


cdef inline bint is_settlement(int cid) noexcept nogil:
    return cid >= C_S01 and cid <= C_S08


cdef inline bint is_usable_card(int cid) noexcept nogil:
    # buildings that can hold a clergyman: basic buildings and building cards
    return CARDS[cid].kind == K_BASIC or CARDS[cid].kind == K_BUILDING
