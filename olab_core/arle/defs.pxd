# cython: language_level=3
"""Fields of Arle core: constants, the action layout and the state struct.

Everything here is plain C data.  A position (``ArleState``) is one
fixed-size struct without pointers, so a clone is a struct copy and an undo
a snapshot pop.  Its bytes are kept canonical (the struct starts zeroed, a
finished frame and an answered decision are cleared) so that equal positions
compare and hash equal.

The home board is kept as counts, not as a grid: no rule of Fields of Arle
names a space or looks at neighbours, so which empty land space a tile goes
on has no consequence (docs: Fields of Arle rules reference, "The home board").
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t

# --------------------------------------------------------------------------
# sizes
cdef enum:
    MAX_SEATS = 2
    N_GOODS = 19
    N_TRACK = 5            # goods 0..4 live on the goods track (capped)
    N_TOOLS = 10
    TOOL_LEVELS = 5        # the longest tool track (fish traps)
    N_EQUIP = 8
    N_VSTATES = 24         # (vehicle type, occupancy) pairs, see tables.pxi
    N_LAND = 8
    N_PAIRS = 8            # double-sided supply tiles (limited components)
    N_BUILDINGS = 31
    N_SPACES = 30          # 15 summer (0..14) + 15 winter (15..29)
    N_DEST = 9
    DEST_ITEMS = 5
    N_PEND = 6
    MASK_WORDS = 10        # the decision's action set: 640 bits >= A_TOTAL
    STACK_MAX = 8           # frames: the deepest chain the procedures build is 6
    MAX_LEGAL = 640
    MAX_BREED = 16
    N_PICK = 56            # count triples (a, b, c) with a + b + c <= PICK_MAX
    PICK_MAX = 5
    MOOR_UNDRAINED = 5     # Player.moor: 1..4 = dehydrated with that much peat, 0 = gone
    MAX_HALF_YEARS = 9

# goods (Player.goods).  0..4 are on the goods track, the rest in the supply.
cdef enum:
    G_FOOD = 0
    G_GRAIN = 1
    G_FLAX = 2
    G_WOOL = 3
    G_HIDE = 4
    G_WOOD = 5
    G_CLAY = 6
    G_TIMBER = 7
    G_BRICK = 8
    G_PEAT = 9
    G_LINEN = 10
    G_WOOLEN = 11
    G_LEATHER = 12
    G_SUMMER = 13          # summer wear
    G_WINTER = 14          # winter wear
    G_LWEAR = 15           # leather wear
    G_SHEEP = 16
    G_CATTLE = 17
    G_HORSE = 18

# tools (Player.tool holds the indicator's position on its track)
cdef enum:
    T_FISH = 0
    T_FLESH = 1
    T_LOOM = 2
    T_SLAUGHTER = 3
    T_SPADE = 4
    T_SHOVEL = 5
    T_POTTERY = 6
    T_OVEN = 7
    T_AXE = 8
    T_WORKBENCH = 9

# equipment: 0..3 small, 4..7 large; 2..7 are vehicles
cdef enum:
    E_PEATBOAT = 0
    E_PLOW = 1
    E_HANDCART = 2
    E_WAGON = 3
    E_CART = 4
    E_HORSECART = 5
    E_CARRIAGE = 6
    E_DROSHKY = 7

# land tiles (Player.land counts them)
cdef enum:
    L_GRAIN = 0
    L_FLAX = 1
    L_FOREST = 2
    L_PARK = 3
    L_STALL = 4
    L_DEPOT = 5
    L_STABLE = 6
    L_DSTALL = 7

# the double-sided tiles of the limited supply
cdef enum:
    P_FIELD = 0
    P_FOREST = 1
    P_STALL = 2
    P_STABLE = 3
    P_PEATBOAT = 4
    P_HANDCART = 5
    P_CART = 6
    P_CARRIAGE = 7

# buildings: the bit of Player.buildings / ArleState.avail
cdef enum:
    B_FARMERS_HOUSE = 0
    B_PLOW_MAKER = 1
    B_NOVICES_HUT = 2
    B_WORKSHOP = 3
    B_WEAVING_PARLOR = 4
    B_COLONISTS_HOUSE = 5
    B_CARPENTERS_WS = 6
    B_SCHNAPPS = 7
    B_LOADING_STATION = 8
    B_LITTER = 9
    B_WOOD_TRADER = 10
    B_TURNERY = 11
    B_SMOKEHOUSE = 12
    B_SMITHY = 13
    B_COOPERAGE = 14
    B_BAKEHOUSE = 15
    B_MILL = 16
    B_WEAVING_MILL = 17
    B_TEXTILE = 18
    B_SADDLERY = 19
    B_JOINERY = 20
    B_WATERFRONT = 21
    B_POTTERS_INN = 22
    B_FARMERS_INN = 23
    B_JUNK_DEALER = 24
    B_GULF_HOUSE = 25
    B_MILK_HOUSE = 26
    B_SLUICE_YARD = 27
    B_CHURCH = 28
    B_LUTETSBURG = 29
    B_BERUM = 30

# building colours
cdef enum:
    BC_LIGHT_GREEN = 0
    BC_DARK_GREEN = 1
    BC_YELLOW = 2
    BC_ORANGE = 3
    BC_BLUE = 4
    BC_RED = 5

# action spaces, in the rulebook's order; winter = 15 + index
cdef enum:
    S_FISHERMAN = 0
    S_GROCER_S = 1
    S_WOOLEN_WEAVER = 2
    S_COLONIST = 3
    S_PEAT_CUTTER = 4
    S_DIKE_BUILDER = 5
    S_CLAY_WORKER = 6
    S_FARMER = 7
    S_FORESTER = 8
    S_WOODCUTTER = 9
    S_MASTER_S = 10
    S_CARPENTER_S = 11
    S_BUILDER = 12
    S_WARDEN = 13
    S_LABORER_S = 14
    S_PEAT_BOATMAN = 15
    S_TANNER = 16
    S_LINEN_WEAVER = 17
    S_BUTCHER = 18
    S_CATTLE_TRADER = 19
    S_GROCER_W = 20
    S_BUILDERS_MERCHANT = 21
    S_POTTER = 22
    S_BAKER = 23
    S_WOOD_TRADER = 24
    S_MASTER_W = 25
    S_WAINWRIGHT = 26
    S_CARPENTER_W = 27
    S_DIKE_WARDEN = 28
    S_LABORER_W = 29

# destination items: what is handed over (DestItem.kind)
cdef enum:
    DK_NONE = 0
    DK_GOODS = 1           # the goods in DestItem.give
    DK_FIELD = 2           # a field off the home board (variant 0 grain, 1 flax)
    DK_PLOW = 3            # a plow back to the supply board
    DK_PEATBOAT = 4        # a peat boat back to the supply board
    DK_ANY_ANIMAL = 5      # one animal (variant: its type)
    DK_ANY_WEAR = 6        # one wear (variant 0 summer, 1 winter, 2 leather)
    DK_TWO_SAME = 7        # two animals of one type (variant: the type)
    DK_MOOR = 8            # a moor tile off the board (variant 0 undrained, 1 dehydrated)

# load items (the item part of a LOAD action)
cdef enum:
    LI_WOOD = 0
    LI_CLAY = 1
    LI_LINEN = 2
    LI_WOOLEN = 3
    LI_LEATHER = 4
    LI_PEAT = 5            # Loading Station
    LI_DEST = 6            # + destination
    N_LOAD_ITEMS = 15

# what lies on the vehicles until they are emptied (Player.pend)
cdef enum:
    PD_TIMBER = 0
    PD_BRICK = 1
    PD_SUMMER = 2
    PD_WINTER = 3
    PD_LWEAR = 4
    PD_PEAT = 5

# dark-green houses usable at any time (the HOUSE actions), in building order
cdef enum:
    H_WEAVING_PARLOR = 0
    H_COLONISTS = 1
    H_CARPENTERS = 2
    H_SCHNAPPS = 3
    H_LOADING = 4          # never a HOUSE action: the Loading Station loads (LOAD item peat)
    H_LITTER = 5
    H_WOOD_TRADER = 6
    N_HOUSES = 7

# --------------------------------------------------------------------------
# the configuration: every rule field that is not the same in both presets
cdef struct Config:
    uint32_t buildings      # explicit mode: the buildings in play
    uint8_t players         # 1 or 2
    uint8_t bmode           # 0 starter, 1 random, 2 explicit
    uint8_t wear_hp[3]      # summer, winter, leather wear, in half points
    uint8_t weaving_mill_woolen   # 1: 10 flax or 10 woolen; 0: 10 flax or 10 wool
    uint8_t colonists_woolen      # 1: 2 woolen; 0: 2 wool
    int8_t boardwalk_vp     # the small boardwalk at the end
    uint8_t start_grain
    uint8_t start_hide
    uint8_t travel_vp[20]   # VP by spaces covered on the travel track
    uint8_t pad[2]

# --------------------------------------------------------------------------
# a player
cdef struct Player:
    int16_t goods[N_GOODS]
    int16_t pend[N_PEND]    # on the vehicles, received when they are emptied
    int16_t missing         # supply bottlenecks: items missing at sustenance (-2 VP each)
    uint32_t buildings      # built (bit per building)
    uint16_t dest_used      # destinations used (on a vehicle or on the track)
    uint8_t tool[N_TOOLS]   # indicator positions (0 = the leftmost space)
    uint8_t land[N_LAND]    # land tiles by kind
    uint8_t vs[N_VSTATES]   # vehicles by (type, occupancy)
    uint8_t boats           # peat boats
    uint8_t plows
    uint8_t moor[3]         # sorted descending: MOOR_UNDRAINED, 1..4 peat (dehydrated), 0 gone
    uint8_t boardwalk       # peat on the small boardwalk; 0 = gone
    uint8_t dikes           # dike moves made (0..7)
    uint8_t travel          # travel-track spaces covered
    uint8_t travel_pend     # spaces of the destinations on the vehicles
    uint8_t pad

# one procedure of the turn being resolved (see flow.pxi)
cdef struct Frame:
    uint8_t op
    uint8_t step
    uint8_t seat
    uint8_t arg
    uint8_t ask             # the step that posed the pending decision (see repose)
    uint8_t pad
    int16_t n
    int16_t m
    int16_t ans             # the answer to the frame's last decision
    int16_t aux

# the pending decision: the legal actions as a bit set
cdef struct Decision:
    uint64_t mask[MASK_WORDS]
    uint8_t ctx             # CX_*: what is asked (for the notation and the views)
    uint8_t seat
    uint8_t p1              # a parameter of the question (building, destination...)
    uint8_t pad

cdef struct ArleState:
    Config cfg
    Decision dec
    Frame stack[STACK_MAX]
    Player pl[MAX_SEATS]
    uint64_t seed
    uint32_t avail          # buildings on the game board, not yet built
    uint32_t in_game        # the buildings this game plays with
    uint8_t occ[N_SPACES]   # occupant seat + 1, 0 = free
    uint8_t breed[MAX_BREED][3]   # May: the breeding outcomes offered (BREED k): newborns
    uint8_t breed_rel[MAX_BREED][3]   #   and the animals returned before breeding for them
    uint8_t half_year       # 1..9
    uint8_t start_player
    uint8_t special_by      # the seat + 1 that used the off-season space this half year
    uint8_t depth           # frames on the stack
    uint8_t game_over
    uint8_t nbreed
    uint8_t pad[2]

# --------------------------------------------------------------------------
# frame procedures
cdef enum:
    OP_NONE = 0
    OP_GAME = 1
    OP_TURN = 2
    OP_ANYTIME = 3          # arg: AM_* mode
    OP_SPACE = 4            # arg: the space
    OP_BUILDING = 5         # arg: the building (pay, place, effect)
    OP_ACCOMMODATE = 6
    OP_ACQUIRE = 7          # arg: equipment; n: 1 optional (SKIP allowed)
    OP_UPGRADE = 8          # n: 1 optional
    OP_MASTER = 9           # n: 1 a single movement (Workshop)
    OP_SELL = 10            # arg: destination
    OP_INVENTORY = 11
    OP_BEFORE_NOV = 12
    OP_FIELDS = 13          # n: most fields; m: FM_* mode
    OP_EAT = 14             # n: food still missing
    OP_EFFECT = 15          # arg: the building whose one-time effect runs

# anytime modes
cdef enum:
    AM_WORK = 0             # end of the work phase: loading and everything
    AM_SUSTENANCE = 1       # before paying: peat boat and the any-time houses
    AM_FINAL = 2            # after the last November: the peat boat

# OP_FIELDS modes
cdef enum:
    FM_PLOW = 0             # Farmer: new fields from the supply
    FM_PLOW_MAKER = 1       # Plow Maker's Workshop: at most one, optional
    FM_FARMERS_INN = 2      # fields turned into forests

# what a decision asks (Decision.ctx)
cdef enum:
    CX_NONE = 0
    CX_TURN = 1             # a worker: PLACE / SKIP / any-time actions
    CX_ANYTIME = 2          # DONE / any-time actions (Decision.p1: AM_*)
    CX_TAKE = 3             # which good to take (GOOD g)
    CX_RELEASE = 4          # an animal that does not fit goes back
    CX_EAT = 5              # an animal eaten for missing food
    CX_BUTCHER = 6
    CX_PAY = 7              # which good pays (materials, either/or costs; p1: the building)
    CX_AMOUNT = 8           # how many conversions (p1: the space or building)
    CX_BUILD = 9            # which building (and the alternatives of the space)
    CX_VEHICLE = 10         # which equipment to build or receive (SKIP: none)
    CX_TOOL = 11            # Master: which tool indicator
    CX_FIELD = 12           # grain or flax
    CX_UPGRADE = 13
    CX_RETURN = 14          # equipment back to the supply board to make room
    CX_SMITHY = 15          # equipment exchanged for a plow
    CX_SELL = 16            # p1: the destination
    CX_BREED = 17
    CX_LABORER = 18         # build (vehicle / building) or imitate
    CX_PLOW = 19            # Farmer: the animal that pays for a plow (or SKIP)
    CX_DEHYDRATE = 20       # Colonist: dehydrate a moor or not
    CX_PICK = 21            # counts of three kinds at once (p1: PK_*)

# what a CX_PICK decision counts (Decision.p1)
cdef enum:
    PK_BUTCHER = 0          # sheep, cattle, horses butchered
    PK_EAT = 1              # sheep, cattle, horses eaten for missing food
    PK_POTTERS_INN = 2      # sheep, cattle, horses received
    PK_SMITHY = 3           # peat boats, handcarts, wagons exchanged for plows

# --------------------------------------------------------------------------
# the action layout: every action is an int in [0, A_TOTAL)
cdef enum:
    A_SKIP = 0
    A_DONE = 1
    A_FOREST = 2            # Forester: a forest
    A_STALL = 3             # Carpenter: a stall
    A_STABLE = 4            # winter Carpenter: a stall becomes a stable
    A_WOOD4 = 5             # Wood Trader: 4 wood
    A_DEHYDRATE = 6         # Colonist
    A_PLACE = 8             # + space
    A_IMITATE = 38          # + space
    A_GOOD = 68             # + good
    A_AMOUNT = 87           # + n (0..15)
    A_BUILD = 103           # + building
    A_EQUIP = 134           # + equipment
    A_TOOL = 142            # + tool
    A_FIELD = 152           # + 0 grain / 1 flax
    A_UPGRADE = 154         # + U_* (see tables.pxi)
    A_RETURN = 169          # + equipment
    A_SELL = 177            # + item * 3 + variant
    A_BREED = 192           # + outcome
    A_BOAT = 208            # + good of the goods track (0..4)
    A_HOUSE = 213           # + H_*
    A_LOAD = 220            # + item * N_VSTATES + vehicle state
    A_PICK = 580            # + PICK_ID: counts of three kinds at once (see machine.pxi)
    A_TOTAL = 636

# tile upgrades (A_UPGRADE + u)
cdef enum:
    U_FOREST = 0
    U_STALL = 1
    U_STABLE = 2
    U_MOOR = 3
    U_PEATBOAT = 4
    U_VEHICLE = 5           # + the vehicle state being flipped (handcart, cart, carriage states)
    N_UPGRADES = 15

# --------------------------------------------------------------------------
# the fact tables (filled once from olab/data/arle by install_tables)
cdef struct BuildingInfo:
    int16_t cost[N_GOODS]   # fixed part of the cost
    int16_t either_n[2]     # "8 flax or 8 grain": the amounts
    uint8_t either_g[2]     #   and the goods (255: no either/or part)
    uint8_t any_material    # small houses: any 1 building material
    uint8_t distinct_materials  # inns: 2 building materials of different kinds
    uint8_t distinct_clothing   # Textile House: 2 different pieces of clothing
    uint8_t color           # BC_*
    int8_t vp
    uint8_t ncost           # the goods of `cost` that are not 0 ...
    uint8_t cost_g[4]       #   which they are
    int16_t cost_n[4]       #   and how many

cdef struct DestItem:
    int16_t give[N_GOODS]   # DK_GOODS: what is sold
    uint8_t kind            # DK_*
    uint8_t food
    uint8_t ng              # DK_GOODS: the goods of `give` that are not 0 ...
    uint8_t gg[3]           #   which they are
    uint8_t gn[3]           #   and how many

cdef struct DestInfo:
    DestItem item[DEST_ITEMS]
    uint8_t n
    uint8_t size
