# cython: language_level=3
"""Orléans core: sizes, codes, the action layout and the state struct.

The position is one fixed-size struct without pointers (``OrlState``), kept
canonical: it starts zeroed, scratch fields are cleared when their decision
ends, and the two goods of a connection are kept sorted, so equal positions
have equal bytes and hash equal.

Nothing in a past position is private in Orléans: markets, places and deeds
are face up, and a bag's contents follow from public events, so a bag is a
public multiset of counts per kind.  What nobody knows is the future: the
next tile out of a bag and the next hourglass tile.  The struct stores no
order for either (the unrevealed hourglass tiles are counts too); a draw
happens when it is made, from the generator ``rng`` (``chance="sampled"``)
or as a chance node (``"explicit"``).  The generator is therefore the only
hidden part of a position, and determinizing is re-seeding it.

Array sizes below are capacities; the real counts (23 towns, 43
connections, 45 deed spaces...) come from the data and are checked against
them when the tables are installed.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from olab_core.common.pcg cimport Pcg32

cdef enum:
    MAX_PLAYERS = 4
    N_CHARS = 7            # neutral character kinds: F B C T K S M
    N_KINDS = 11           # + the four kinds of a player's colour: F* B* C* T*
    OWN0 = 7               # kind OWN0 + c: the player's own tile of character c (c < 4)
    N_TRACKS = 6           # F B C T K S have a track; monks do not
    N_GOODS = 5            # grain cheese wine wool brocade
    N_EVENTS = 6           # pilgrimage income harvest taxes trading_day plague
    N_BOARD = 10           # the places of every player board
    N_TILES = 20           # the place tiles
    N_PLACES = 30          # place p < N_BOARD on the board, N_BOARD + t for tile t
    MAX_SPACES = 3
    MAX_TOWNS = 24
    MAX_CONN = 48
    N_DEEDS = 8
    MAX_DEED_SPACES = 48
    N_CITIZENS = 14        # 8 deeds, 3 development, knights, boatmen, most stations
    CIT_DEV0 = 8
    CIT_KNIGHTS = 11
    CIT_BOATMEN = 12
    CIT_STATIONS = 13
    N_DEV_CITIZENS = 3
    MAX_DEV = 40           # development track capacity (the data says 30)
    MAX_TRACK = 10
    MAX_LEGAL = 2048

# characters (neutral kinds; a track has the same index)
cdef enum:
    CH_FARMER = 0
    CH_BOATMAN = 1
    CH_CRAFTSMAN = 2
    CH_TRADER = 3
    CH_KNIGHT = 4
    CH_SCHOLAR = 5
    CH_MONK = 6

# what an action space asks for: a character 0..6, or
cdef enum:
    NEED_ANY = 7           # any tile, the player's colour included
    NEED_ANY_NEUTRAL = 8   # any tile but the player's colour
    NEED_NONE = 255        # no such space

# what an action space holds
cdef enum:
    SLOT_EMPTY = 0         # 1 + kind: a character tile of that kind
    SLOT_TECH = 12         # a technology tile

# events
cdef enum:
    EV_PILGRIMAGE = 0
    EV_INCOME = 1
    EV_HARVEST = 2
    EV_TAXES = 3
    EV_TRADING_DAY = 4
    EV_PLAGUE = 5
    EV_NONE = 255

# the board places (their order in the data) and the behaviours of place tiles
cdef enum:
    P_FARM_HOUSE = 0
    P_VILLAGE = 1
    P_UNIVERSITY = 2
    P_CASTLE = 3
    P_MONASTERY = 4
    P_SHIP = 5
    P_WAGON = 6
    P_GUILDHALL = 7
    P_SCRIPTORIUM = 8
    P_TOWN_HALL = 9
    K_GOOD = 10
    K_COINS = 11
    K_COINS_DEV = 12
    K_DEV = 13
    K_SACRISTY = 14
    K_SUBSTITUTE = 15
    K_BATHHOUSE = 16
    K_COINS_STATUS = 17
    K_COINS_STATION = 18
    K_PHARMACY = 19
    K_TOWER = 20
    K_MOVE = 21
    K_TECH = 22

# phases of a round (and the exclusion before the first)
cdef enum:
    PH_EXCLUDE = 0
    PH_HOURGLASS = 1
    PH_CENSUS = 2
    PH_FOLLOWERS = 3
    PH_PLANNING = 4
    PH_ACTIONS = 5
    PH_EVENT = 6
    PH_OVER = 7

# the pending decision
cdef enum:
    D_NONE = 0
    D_EXCLUDE = 1          # before round 1: exclude a place tile (option exclusion)
    D_DRAW = 2             # followers: draw, move a tile onto the Gunpowder Tower, or stop
    D_RECALL = 3           # followers: for a declined draw, a placed follower back to the market
    D_PLAN = 4             # planning: place a tile on an action space, or done
    D_ACT = 5              # actions: use an activated place, or pass
    D_MOVE = 6             # Ship / Wagon / Horse Wagon: the connection (and its good)
    D_DEED = 7             # Town Hall / Gunpowder Tower: the deed of the next character
    D_PHARMACY = 8         # coins to spend
    D_BATH = 9             # Bathhouse: place a drawn tile, or done
    D_TECH = 10            # after passing: place a technology tile, or keep it
    D_HARVEST = 11         # Harvest: the food to give
    D_TORTURE = 12         # an item for a missing coin

# the pending chance draw
cdef enum:
    CN_NONE = 0
    CN_HOURGLASS = 1       # the round's hourglass tile
    CN_DRAW = 2            # followers phase: a tile from the bag to the market
    CN_PLAGUE = 3          # Plague: a tile from the bag
    CN_BATH = 4            # Bathhouse: a tile from the bag
    CN_TORTURE = 5         # torture: a neutral tile from the bag

# configuration flags
cdef enum:
    CF_EXPLICIT = 1        # chance="explicit": every draw is a chance node
    CF_EXCLUSION = 2       # the additional rule: exclusion of place tiles

# the action layout: every action is an int in [0, A_TOTAL)
cdef enum:
    A_PASS = 0             # actions phase: pass
    A_DONE = 1             # end planning / recalls / Bathhouse placing; keep a technology tile
    A_DRAW = 2
    A_STOP = 3
    A_EXCLUDE_NONE = 4
    A_VILLAGE_BOATMAN = 5
    A_VILLAGE_CRAFTSMAN = 6
    A_CANAL_COIN = 7       # Canalization: the coin
    A_CANAL_DEV = 8        # Canalization: the development point
    A_TORT_STOCK = 9       # torture: a trading station from the stock
    A_TORT_FOLLOWER = 10   # torture: a neutral follower drawn from the bag
    A_TORT_DEV = 11        # torture: a development point
    A_TORT_TECH_PENDING = 12   # torture: an unplaced technology tile
    A_DRAW_ALL = 13        # followers: draw as many as allowed, one after the other
    A_TOWER = 16           # + neutral kind: move a market tile onto the Gunpowder Tower
    A_FOOD = A_TOWER + N_CHARS            # + good
    A_AMOUNT = A_FOOD + N_GOODS           # + coins (0 .. 7; 1..max legal)
    A_DEED = A_AMOUNT + 8                 # + deed
    A_EXCLUDE = A_DEED + N_DEEDS          # + tile
    A_VILLAGE_TRADER = A_EXCLUDE + N_TILES    # + tile
    A_TORT_GOOD = A_VILLAGE_TRADER + N_TILES  # + good
    A_TORT_PLACE = A_TORT_GOOD + N_GOODS      # + tile
    A_TORT_STATION = A_TORT_PLACE + N_TILES   # + town
    A_TORT_TECH = A_TORT_STATION + MAX_TOWNS  # + place
    A_USE = A_TORT_TECH + N_PLACES            # + place
    A_TECH = A_USE + N_PLACES                 # + place * MAX_SPACES + space
    A_RECALL = A_TECH + N_PLACES * MAX_SPACES # + place * MAX_SPACES + space
    A_MOVE = A_RECALL + N_PLACES * MAX_SPACES # + connection * 6 + (good + 1)
    A_PLACE = A_MOVE + MAX_CONN * 6           # + (source * N_PLACES + place) * MAX_SPACES + space
    N_SOURCES = N_KINDS + N_CHARS             # market kinds 0..10, then Gunpowder Tower kinds
    A_CHANCE_KIND = A_PLACE + N_SOURCES * N_PLACES * MAX_SPACES   # + kind: the tile drawn
    A_CHANCE_EVENT = A_CHANCE_KIND + N_KINDS  # + event: the hourglass tile
    A_FILL = A_CHANCE_EVENT + N_EVENTS        # + place: every free space of it at once (planning)
    A_TOTAL = A_FILL + N_PLACES


cdef struct Config:
    uint8_t players
    uint8_t flags          # CF_*
    uint8_t pad[6]


cdef struct Player:
    int16_t coins
    uint8_t track[N_TRACKS]    # steps taken on each character track
    uint8_t dev                # development track position
    uint8_t town               # where the merchant stands
    uint8_t bag[N_KINDS]       # the followers bag, as counts per kind
    uint8_t market[N_KINDS]
    uint8_t tower[N_CHARS]     # tiles on the Gunpowder Tower (neutral only)
    uint8_t goods[N_GOODS]
    uint8_t stations_left      # trading stations in stock
    uint8_t stations_built     # on the map
    uint8_t tech_pending       # technology tiles received, not placed yet
    uint8_t tech_placed        # technology tiles placed so far (the first must cover a farmer)
    uint8_t passed             # passed in this action phase
    uint8_t drawn              # tiles drawn in this followers phase
    uint8_t sub[N_CHARS]       # derived from the tiles owned: per character, a bit per
                               # need it may also fill (Herb Garden, School)
    uint8_t pad0
    uint32_t tiles             # the place tiles owned (bit per tile)
    uint8_t slot[N_PLACES][MAX_SPACES]   # SLOT_* of every action space


cdef struct OrlState:
    Config cfg                 # first: a snapshot knows its game by these bytes
    Pcg32 rng                  # the future: every draw of chance="sampled" comes from here
    uint64_t seed              # what the game was dealt with (hidden like rng: with the
                               # history it tells the future; determinize clears it)
    uint8_t phase              # PH_*
    uint8_t round              # 1 .. rounds
    uint8_t start              # the start player
    uint8_t current            # whose turn it is in the actions phase
    uint8_t step               # progress in a phase played in turn order (0 .. players)
    uint8_t event              # the event of this round's hourglass tile (EV_*)
    uint8_t dec                # the pending decision (D_*), D_NONE at a chance node / the end
    uint8_t chooser            # who decides it
    uint8_t chance             # the pending chance draw (CN_*), chance="explicit" only at rest
    uint8_t chance_player      # whose bag it draws from
    uint8_t game_over
    uint8_t draws_as_chance    # a determinization: draws are chance nodes whatever the mode
    uint8_t use_place          # the place being used (sub-decisions of an action)
    uint8_t left               # draws left (Bathhouse, DRAW_ALL), tiles left to place
                               # (Bathhouse), recalls left (followers phase)
    uint8_t debt               # coins still owed by the debtor (torture)
    uint8_t debtor
    uint8_t move_road          # the pending move is along a road (1) or a waterway (0)
    uint8_t deed_q[2]          # 1 + kind of the characters waiting to go to a deed
    uint8_t bath[N_KINDS]      # tiles drawn by the Bathhouse, not placed yet
    uint8_t hourglass[N_EVENTS]    # unrevealed hourglass tiles per event
    int16_t coin_supply
    uint8_t goods_supply[N_GOODS]
    uint8_t char_supply[N_CHARS]
    uint8_t tech_supply
    uint8_t pad1[3]
    uint32_t tiles_avail       # place tiles still in the stacks
    uint32_t tiles_excluded    # place tiles excluded to the box (option exclusion)
    uint8_t conn_goods[MAX_CONN][2]    # 1 + good on each goods space, largest first, 0 empty
    uint8_t station[MAX_TOWNS]         # a bit per player with a trading station there
    uint8_t deed[MAX_DEED_SPACES]      # 1 + player on each deed space, 0 free
    uint8_t citizen[N_CITIZENS]        # 1 + owner of each citizen tile, 0 not taken
    uint8_t pad2[2]
    Player pl[MAX_PLAYERS]
