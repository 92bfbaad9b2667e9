# cython: language_level=3
"""Ora et Labora core: constants, the action layout and the state struct.

Everything here is plain C data.  The state (``OraState``) is one fixed-size
struct without pointers, so a clone is a struct copy and an undo is a snapshot
pop.  Its bytes are kept canonical (every struct starts zeroed and scratch
fields are cleared when a decision ends) so that equal positions compare and
hash equal.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from olab_core.common.bits cimport u128

# --------------------------------------------------------------------------
# sizes
cdef enum:
    MAX_SEATS = 4          # players, plus the solo game's neutral player
    N_TILES = 18           # 9 districts + 9 plots is every tile in the box
    TILE_SLOTS = 5         # spaces reserved per tile (a district has 5)
    N_SPACES = 100         # 10 heartland spaces + 18 tiles * 5 slots
    N_CLERGY = 3           # slot 0, 1: lay brothers, slot 2: the prior
    PRIOR = 2
    N_TOKENS = 9
    ROW_OFFSET = 32        # rows -32..31 are addressable in actions
    N_ROWS = 64
    MAX_LEGAL = 1024       # no decision ever has more legal actions
    KMAX = 64              # largest count in one PAY action
    GOODS_MAX = 9999       # most of one good a loaded position may hold (no game comes near)

# --------------------------------------------------------------------------
# goods (index into Player.goods).  coin is the total money; the 5-coin piece
# is a representation only and appears as the virtual good G_COIN5 where a
# card distinguishes it ("different goods", points).
cdef enum:
    G_WOOD = 0
    G_CLAY = 1
    G_PEAT = 2
    G_COAL = 3
    G_GRAIN = 4
    G_STRAW = 5
    G_SHEEP = 6
    G_MEAT = 7
    G_COIN = 8
    G_STONE = 9
    G_GRAPES = 10
    G_FLOUR = 11
    G_BREAD = 12
    G_WINE = 13
    G_MALT = 14
    G_BEER = 15
    G_WHISKEY = 16
    G_BOOK = 17            # book, ceramic, ornament, reliquary: the upgrade
    G_CERAMIC = 18         # chain of the Pilgrimage Site, in order
    G_ORNAMENT = 19
    G_RELIQUARY = 20
    G_WONDER = 21
    N_GOODS = 22
    G_COIN5 = 22           # virtual: one 5-coin piece out of the money
    N_GOODS_X = 23

# wheel tokens
cdef enum:
    T_GRAIN = 0
    T_SHEEP = 1
    T_CLAY = 2
    T_COIN = 3
    T_WOOD = 4
    T_PEAT = 5
    T_JOKER = 6
    T_GRAPE = 7
    T_STONE = 8
    TOKEN_ABSENT = 255

# terrain bits
cdef enum:
    TR_PLAINS = 1
    TR_HILL = 2
    TR_COAST = 4
    TR_WATER = 8
    TR_MOUNTAIN = 16

# tile kinds
cdef enum:
    TK_DISTRICT_PLAINS = 1
    TK_DISTRICT_HILLS = 2
    TK_PLOT_COAST = 3
    TK_PLOT_MOUNTAIN = 4

# --------------------------------------------------------------------------
# cards.  The order is fixed: it is the card id in actions and serialized
# states.  Python mirrors it in olab_core.ora._engine.CARD_CODES.
cdef enum:
    C_NONE = 0
    C_FOREST = 1
    C_MOOR = 2
    C_L1 = 3               # Clay Mound
    C_L2 = 4               # Farmyard
    C_L3 = 5               # Cloister Office
    C_G01 = 6              # Priory
    C_G02 = 7              # Cloister Courtyard
    C_G06 = 8              # Fuel Merchant
    C_G07 = 9              # Peat Coal Kiln
    C_G12 = 10             # Stone Merchant
    C_G13 = 11             # Builders' Market
    C_G16 = 12             # Cloister Chapter House
    C_G18 = 13             # Cloister Workshop
    C_G19 = 14             # Slaughterhouse
    C_G22 = 15             # Quarry (B)
    C_G26 = 16             # Shipyard
    C_G28 = 17             # Castle
    C_G34 = 18             # Sacristy
    C_G39 = 19             # Estate
    C_G41 = 20             # House of the Brotherhood
    C_F03 = 21             # Grain Storage
    C_F04 = 22             # Windmill
    C_F05 = 23             # Bakery
    C_F08 = 24             # Market
    C_F09 = 25             # Cloister Garden
    C_F10 = 26             # Carpentry
    C_F11 = 27             # Harbor Promenade
    C_F14 = 28             # Grapevine (A)
    C_F15 = 29             # Financed Estate
    C_F17 = 30             # Cloister Library
    C_F20 = 31             # Inn
    C_F21 = 32             # Winery
    C_F23 = 33             # Bathhouse
    C_F24 = 34             # Cloister Church
    C_F25 = 35             # Chamber of Wonders
    C_F27 = 36             # Palace
    C_F29 = 37             # Quarry (C)
    C_F30 = 38             # Town Estate
    C_F31 = 39             # Grapevine (C)
    C_F32 = 40             # Calefactory
    C_F33 = 41             # Shipping Company
    C_F35 = 42             # Forger's Workshop
    C_F36 = 43             # Pilgrimage Site
    C_F37 = 44             # Dormitory
    C_F38 = 45             # Printing Office
    C_F40 = 46             # Hospice
    C_I03 = 47
    C_I04 = 48
    C_I05 = 49
    C_I08 = 50
    C_I09 = 51
    C_I10 = 52
    C_I11 = 53
    C_I14 = 54
    C_I15 = 55
    C_I17 = 56
    C_I20 = 57
    C_I21 = 58
    C_I23 = 59
    C_I24 = 60
    C_I25 = 61
    C_I27 = 62
    C_I29 = 63
    C_I30 = 64
    C_I31 = 65
    C_I32 = 66
    C_I33 = 67
    C_I35 = 68
    C_I36 = 69
    C_I37 = 70
    C_I38 = 71
    C_I40 = 72
    C_S01 = 73             # Shanty Town .. C_S08 Hilltop Village
    C_S08 = 80
    N_CARDS = 81

# card kinds (CardInfo.kind)
cdef enum:
    K_NONE = 0
    K_LANDSCAPE = 1        # forest, moor
    K_BASIC = 2            # heartland buildings
    K_BUILDING = 3
    K_SETTLEMENT = 4

cdef struct CardInfo:
    int16_t cost[5]        # wood, clay, stone, straw, coin
    int16_t econ           # economic (shield) value
    int16_t dwell          # dwelling (house) value
    int16_t food           # settlement cost: food
    int16_t energy         # settlement cost: energy, in half units
    uint8_t kind
    uint8_t terrain        # TR_* bits where it may stand
    uint8_t cloister
    uint8_t stage          # 0 start, 1..4 = A..D

cdef enum:
    COST_WOOD = 0
    COST_CLAY = 1
    COST_STONE = 2
    COST_STRAW = 3
    COST_COIN = 4

# --------------------------------------------------------------------------
# modes, variants, rule flags
cdef enum:
    M_SOLO = 0
    M_2SHORT = 1           # the regular 2-player game
    M_2LONG = 2
    M_3LONG = 3
    M_3SHORT = 4
    M_4LONG = 5
    M_4SHORT = 6

cdef enum:
    V_FRANCE = 0
    V_IRELAND = 1

cdef enum:
    # printed preset: all flags clear, except those named *_PRINTED below
    RF_NO_EMPTY_WHEEL_USE = 1 << 0     # kennerspiel: wheel buildings / plain gains always produce
    RF_FEE_BY_DISPLAY = 1 << 1         # kennerspiel: fee 1 in S/A or while F21/I21 is displayed
    RF_PRIOR_ANY_AFTER_BUILD = 1 << 2  # kennerspiel: the post-build prior may go on any own building
    RF_SCORE_EITHER_OR = 1 << 3        # kennerspiel: a drink scores its point OR counts as coins
    RF_BULWARK_KEEPS_TRACK = 1 << 4    # kennerspiel: Bulwark's free landscapes leave the price track
    RF_FELL_CUT_NONE = 1 << 5          # printed: Fell Trees / Cut Peat with no card left
    RF_COAL_HARBOR_PEAT = 1 << 6       # kennerspiel: Coal Harbor burns peat
    RF_DISTILLERY_FREE = 1 << 7        # kennerspiel: Whiskey Distillery costs nothing
    RF_BONUS_RETURN_FIRST = 1 << 8     # kennerspiel 3p short: clergy return before the priors in the bonus round
    CF_EXPLICIT_CHANCE = 1 << 16       # not a rule: the seating is a chance node (load option chance="explicit")

cdef struct Config:
    u128 deck              # every building card of this game's deck (all stages)
    uint32_t flags         # RF_*
    uint8_t players        # 1..4 (people)
    uint8_t seats          # players, +1 neutral in solo
    uint8_t mode           # M_*
    uint8_t variant        # V_*
    uint8_t wheel_back     # back side of the wheel (2p short)
    uint8_t grape_round    # 0 = never
    uint8_t stone_round    # 0 = never
    uint8_t tokens_before_rotation
    uint8_t settle_after[4]   # rounds after which phases A..D happen
    uint8_t regular_rounds # 3-4p: 24 / 12; solo: 31 rotations; 2p: 0 (open end)
    uint16_t round_limit   # 2p: the game also ends at this round (engine safeguard)
    uint8_t lay_brothers   # 2, or 1 in the short 3-4p game
    uint8_t hotb_num       # House of the Brotherhood: points per cloister
    uint8_t hotb_den       #   = hotb_num / hotb_den, rounded down
    int8_t round_tower_dwell
    uint8_t district_price[9]
    uint8_t plot_price[9]

# --------------------------------------------------------------------------
# decisions: what the state is waiting for
cdef enum:
    D_TURN = 0             # top of a turn: main action, bonus actions, free actions, COMMIT
    D_OWNER = 1            # work contract: which clergyman goes on the building
    D_AMOUNT = 2           # a number in [lo, hi]
    D_PAY = 3              # hand in goods worth food / energy, one good at a time
    D_PICK = 4             # hand in goods of different types, one type at a time
    D_GAIN = 5             # take point goods within a budget (House of the Brotherhood)
    D_SPACE = 6            # choose a space (placement, forests)
    D_TAKE = 7             # production wheel: which good, token or joker
    D_ACCEPT = 8           # take a card's automatic goods, or not
    D_UPGRADE = 9          # Pilgrimage Site
    D_OVER = 10            # the game has ended

# a free use waiting at the top of the turn (kennerspiel's usableBuildings):
# the building a work contract opened, or the target of a card that lends
# another building's function
cdef enum:
    FU_NONE = 0
    FU_CONTRACT = 1        # the contracted building (free_p, free_s)
    FU_PRIOR = 2           # Priory: a building with a prior on it
    FU_OCCUPIED = 3        # Palace / Grand Manor: a building with a clergyman on it
    FU_NEIGHBOR = 4        # Cloister Garden / Cottage: an unoccupied neighbour of (free_p, free_s)
    FU_DISPLAY = 5         # Hospice / Guesthouse: a card in the display

# turn kinds
cdef enum:
    TURN_NORMAL = 0
    TURN_SETTLE = 1
    TURN_BONUS = 2
    TURN_SOLO_SETTLE = 3

# decision flags
cdef enum:
    DF_SKIP = 1            # SKIP is legal
    DF_DONE = 2            # DONE is legal
    DF_ACCEPT = 4          # ACCEPT is legal
    DF_NO_WINE = 8         # D_PAY: wine is not among the goods (Inn without a wine sale)

# D_SPACE contexts
cdef enum:
    SC_NONE = 0
    SC_BUILD = 1           # where the building being built goes
    SC_SETTLE = 2          # where the settlement goes
    SC_NEUTRAL = 3         # solo: where the neutral player's building goes
    SC_CARD = 4            # a card function asks (forests)

cdef struct Decision:
    u128 mask              # D_SPACE: candidate spaces
    int16_t lo             # D_AMOUNT bounds
    int16_t hi
    int16_t res            # the answer to the last decision (-1: SKIP, -2: DONE)
    int16_t a1             # values a card remembers across its steps
    int16_t a2
    int16_t req_food       # D_PAY: food still owed
    int16_t req_energy     # D_PAY: energy still owed, half units
    int16_t req_points     # D_PAY: points still owed (Round Tower)
    int16_t paid_food      # D_PAY: food handed in so far
    int16_t paid_energy    # D_PAY: energy handed in so far, half units
    uint8_t kind           # D_*
    uint8_t chooser        # seat who decides
    uint8_t actor          # seat who gets the effects
    uint8_t card           # card whose function runs (or is being placed)
    uint8_t loc_p          # where that card stands: landscape owner, 255 = display
    uint8_t loc_s          #   and space
    uint8_t step           # step of the card function
    uint8_t flags          # DF_*
    uint8_t last           # PAY / PICK / GAIN: ordering (last good used)
    uint8_t last_full      # PAY: last action used the whole KMAX
    uint8_t need           # PICK: types still to hand in; GAIN: budget left
    uint8_t ctx            # D_SPACE context (SC_*)
    uint8_t space_p        # D_SPACE: whose landscape

cdef struct Player:
    u128 exists            # spaces that are part of the landscape
    u128 plains
    u128 hill
    u128 coast
    u128 water
    u128 mountain
    u128 forest
    u128 moor
    u128 building          # basic buildings and building cards
    u128 settlement
    u128 cloister          # cloister buildings
    u128 cloister_adj      # spaces orthogonally next to a cloister building
    u128 occupied          # a clergyman stands there
    u128 prior_on          # a prior stands there
    int16_t goods[N_GOODS]
    uint16_t clergy[N_CLERGY]  # (owner << 8) | space; 0xFFFF home, 0xFFFE not in game
    uint8_t card[N_SPACES]
    int8_t tile_row[N_TILES]
    uint8_t tile_kind[N_TILES]
    uint8_t ntiles
    uint8_t hand           # settlement cards in hand, bit i = S0(i+1)
    uint8_t color          # 0 R, 1 G, 2 B, 3 W
    uint8_t pad0

cdef enum:
    CL_HOME = 0xFFFF
    CL_ABSENT = 0xFFFE

cdef struct OraState:
    Config cfg
    Decision dec
    u128 display           # building cards in the display
    u128 neutral_new       # solo settlement: spaces the neutral got this turn
    u128 chain             # cards used in this turn's chain of uses (none works twice)
    Player pl[MAX_SEATS]
    uint64_t seed
    uint8_t token[N_TOKENS]   # wheel slot of each token, TOKEN_ABSENT
    uint8_t arm            # the slot the arm points at
    uint8_t districts_taken
    uint8_t plots_taken
    uint8_t wonders        # Wonders left in the supply
    uint8_t fee_raised     # Winery / Whiskey Distillery built
    uint16_t round         # internal round counter (1-based)
    uint8_t turn_idx       # index of the turn inside the round
    uint8_t start_player
    uint8_t current        # seat whose turn it is
    uint8_t phase_letter   # last settlement phase begun: 0 none (S), 1..5 = A..E
    uint8_t settle_idx     # settlement phase: how many players have settled
    uint8_t in_settlement  # a settlement phase is running
    uint8_t in_bonus       # the bonus round is running
    uint8_t pending_intro  # letter whose cards enter at the next round start
    uint8_t final_turn     # the game ends after this turn (2-player end)
    uint8_t round_turns    # turns in this round (2-player end may cut it)
    uint8_t turn_kind      # TURN_*
    uint8_t main_used
    uint8_t land_bought
    uint8_t settled
    uint8_t bonus_build
    uint8_t bonus_fell
    uint8_t bonus_cut
    uint8_t bonus_settle
    uint8_t bonus_district
    uint8_t bonus_plot
    uint8_t prior_pending  # 1: the prior may use the building just built
    uint8_t prior_space
    uint8_t neutral_contract_done
    uint8_t game_over
    uint8_t free_kind      # FU_*: a free use waiting at the top of the turn
    uint8_t free_p         # its building / neighbour origin: landscape owner
    uint8_t free_s         #   and space
    uint8_t free_card      # the card that granted it
    uint8_t seating        # 1: the seating is still to be drawn (a chance node, chance="explicit")
    uint8_t truncated      # 1: the game ends by the round limit, an engine cap, not by the display
    uint8_t pad[5]

# --------------------------------------------------------------------------
# the action layout: every action is an int in [0, A_TOTAL)
cdef enum:
    A_COMMIT = 0
    A_CONVERT_GRAIN = 1
    A_CONVERT_WINE = 2
    A_CONVERT_WHISKEY = 3
    A_SKIP = 4
    A_DONE = 5
    A_ACCEPT = 6
    A_WITH_LAYBROTHER = 7
    A_WITH_PRIOR = 8
    A_FELL_NONE = 9
    A_CUT_NONE = 10
    A_TAKE = 16            # + good * 2 + joker
    A_UPGRADE = 80         # + good
    A_AMOUNT = 112         # + n, n in 0..255
    A_PICK = 368           # + good (N_GOODS_X)
    A_PAY = 400            # + good * KMAX + (k - 1)
    A_USE_LB = 2448        # + space
    A_USE_PRIOR = 2548     # + space
    A_WORK = 2648          # + (owner * N_SPACES + space) * 2 + (0 coins, 1 wine/whiskey)
    A_TARGET = 3448        # + owner * N_SPACES + space
    A_FELL = 3848          # + space * 2 + joker
    A_CUT = 4048           # + space * 2 + joker
    A_BUILD = 4248         # + card
    A_CARD = 4376          # + card
    A_SETTLE = 4504        # + settlement index 0..7
    A_SPACE = 4512         # + space
    A_DISTRICT = 4612      # + (row + ROW_OFFSET) * 2 + side (0 plains, 1 hills)
    A_PLOT = 4740          # + (row + ROW_OFFSET) * 2 + side (0 coast, 1 mountain)
    # never legal (legal_actions does not list them), applied only by
    # CoreState.apply_forfeit: the kennerspiel importer's record of goods the
    # reference engine takes beyond a payment (forfeit.pxi)
    A_FORFEIT = 4868       # + good * KMAX + (k - 1): the current player loses k of a good
    A_GIVE = 6276          # + seat * KMAX + (k - 1): the current player gives k coins to a seat
    A_TOTAL = 6532
