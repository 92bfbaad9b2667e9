# Ora et Labora's evaluation for the bots (GameOps.heuristic, seat_value and
# value; the table itself is in ops.pxi): what a position is worth to each
# seat before the game is over, in victory points.  A bot's opinion, not a rule.

# The heuristic value of a seat's position, in victory points: what it scores
# now with money counted smoothly (a coin is 2/5 of a point, the five-coin
# rule rounded away), plus a little for what is not points yet.  The weights
# are round numbers, chosen by hand and documented in docs/bots.rst; they are
# a bot's opinion, not a rule.
cdef double HEUR_MONEY = 0.4        # per coin (a wine or whiskey also counts its own point)
cdef double HEUR_FOOD = 0.2         # per food the goods other than money provide
cdef double HEUR_ENERGY = 0.2       # per energy the goods provide
cdef double HEUR_MATERIAL = 0.3     # per wood, clay, stone (building material)
cdef double HEUR_SETTLEMENT = 1.0   # per settlement card still in hand
cdef double HEUR_LAND = 0.15        # per empty landscape space that can take a card

cdef double heuristic_value(const OraState* s, int seat) noexcept nogil:
    cdef const Player* p = &s.pl[seat]
    cdef double v
    cdef int money = p.goods[G_COIN], h
    v = (goods_points_besides_money(p) + POINTS[G_WINE] * p.goods[G_WINE]
         + POINTS[G_WHISKEY] * p.goods[G_WHISKEY])
    v += HEUR_MONEY * (money + p.goods[G_WINE] + p.goods[G_WHISKEY])
    v += economic_points(p) + settlement_points(s, p)
    v += HEUR_FOOD * (food_total(p) - money - p.goods[G_WINE] - p.goods[G_WHISKEY])
    v += HEUR_ENERGY * 0.5 * energy_total(p)
    v += HEUR_MATERIAL * (p.goods[G_WOOD] + p.goods[G_CLAY] + p.goods[G_STONE])
    h = p.hand
    while h:
        v += HEUR_SETTLEMENT
        h &= h - 1
    v += HEUR_LAND * u128_popcount(empty_spaces(p) & ~p.water)
    return v


# The end of a 2-player game (rules.md 5.4, 5.5): after settlement phase D
# the game ends once the display is down to 1 (short) / 3 (long) buildings,
# so building it out is what ends the game, and the player ahead wants that.
# Without help the bots never get there: their landscapes fill by phase D
# with all 18 landscapes unbought, they hold the wrong materials, they use
# the spaces next to their cloisters for other buildings, and the display
# stays full until the round cap (issue 15: every measured game reached it).
# In 2-player games the heuristic therefore adds, all game long:
# - room: -TWO_PLAYER_ROOM per card of the display beyond the seat's empty
#   spaces (not water), so land is bought while there are cards to place;
# - placement: -TWO_PLAYER_SPACES per card beyond the scarce spaces it
#   competes for (cloister buildings: empty spaces next to a cloister; cards
#   of one terrain: empty spaces of it), so those spaces are kept for them;
# - materials: -TWO_PLAYER_BUILD per card of the display, times its economic
#   value and the share of its cost the seat lacks, so a bot gathers what
#   completes buildings; after phase D, while a building still keeps the
#   game going (left = how many do, >= 1), this weighs 1 + ENDGAME_URGE /
#   (1 + left) times as much, and at left 0 as much as before phase D (no
#   card is worth completing for the end then, and the seat that built the
#   last card but one was charged four times over for the card left);
# - buildings: +TWO_PLAYER_OWNED per building card in the seat's landscape
#   (what a building is worth beyond its points: its function, its dwelling
#   value next to a settlement, and the end it brings nearer).
# The first three are shortfalls (penalties that vanish), so that building a
# card never costs the bot a prospect it had of building it.  After phase D
# the lead is also shrunk by 1 + ENDGAME_PULL * left: for the seat ahead a
# building that brings the end nearer is worth more, for the seat behind
# less; the shrink is smooth in the lead, so nothing jumps when the lead
# changes hands.  The weights are a bot's opinion, chosen by measuring how
# many greedy-against-greedy games reach the cap (docs/bots.rst).
cdef double REWARD_SCALE = 8.0        # see ora_value below
cdef double SOLO_CENTRE = 120.0
cdef double SOLO_SCALE = 30.0
cdef double TWO_PLAYER_ROOM = 1.0
cdef double TWO_PLAYER_BUILD = 0.6
cdef double TWO_PLAYER_SPACES = 4.0
cdef double TWO_PLAYER_OWNED = 6.0
cdef double ENDGAME_URGE = 3.0
cdef double ENDGAME_PULL = 0.3


# the heartland's start buildings (Clay Mound, Farmyard, Cloister Office) sit on spaces 4, 7, 9
cdef u128 HEARTLAND_START = (<u128>1 << 4) | (<u128>1 << 7) | (<u128>1 << 9)


cdef inline int imin(int a, int b) noexcept nogil:
    return a if a < b else b


cdef inline int cost_units(const int16_t* c) noexcept nogil:
    # the units of a building cost (wood, clay, stone, straw, coins)
    return c[COST_WOOD] + c[COST_CLAY] + c[COST_STONE] + c[COST_STRAW] + c[COST_COIN]


cdef inline int cost_held(const Player* p, const int16_t* c) noexcept nogil:
    # the units of cost c that p holds
    return (imin(p.goods[G_WOOD], c[COST_WOOD]) + imin(p.goods[G_CLAY], c[COST_CLAY])
            + imin(p.goods[G_STONE], c[COST_STONE]) + imin(straw_avail(p), c[COST_STRAW])
            + imin(money_avail(p), c[COST_COIN]))


cdef double building_shortfall(const Player* p, const OraState* s) noexcept nogil:
    # for every card of the display, the share of its cost p lacks, times the
    # card's economic value (at least 1); where it could stand is
    # placement_shortfall's business
    cdef u128 m = s.display
    cdef const int16_t* c
    cdef int cid, need
    cdef double total = 0, worth
    while m:
        cid = u128_ctz(m)
        m = u128_clear_lowest(m)
        c = CARDS[cid].cost
        need = cost_units(c)
        if need == 0:
            continue
        worth = CARDS[cid].econ if CARDS[cid].econ > 1 else 1
        total += worth * (need - cost_held(p, c)) / need
    return total


cdef inline int shortage(int cards, u128 spaces) noexcept nogil:
    cdef int n = u128_popcount(spaces)
    return cards - n if cards > n else 0


cdef double placement_shortfall(const OraState* s, const Player* p) noexcept nogil:
    # cards of the display that compete for the same scarce spaces, beyond
    # those spaces: cloister buildings for the empty spaces next to a
    # cloister, and the cards of one terrain only (coast, hillside, mountain)
    # for the empty spaces of that terrain
    cdef u128 m = s.display, empty = empty_spaces(p)
    cdef int cid, cloister = 0, coast = 0, hill = 0, mountain = 0
    while m:
        cid = u128_ctz(m)
        m = u128_clear_lowest(m)
        if CARDS[cid].cloister:
            cloister += 1
        elif CARDS[cid].terrain == TR_COAST:
            coast += 1
        elif CARDS[cid].terrain == TR_HILL:
            hill += 1
        elif CARDS[cid].terrain == TR_MOUNTAIN:
            mountain += 1
    return (shortage(cloister, empty & p.cloister_adj & ~p.water) + shortage(coast, empty & p.coast)
            + shortage(hill, empty & p.hill) + shortage(mountain, empty & p.mountain))


cdef inline int endgame_left(const OraState* s) noexcept nogil:
    # buildings that keep a 2-player game going after phase D; -1 before
    cdef int left
    if s.phase_letter < 4 or (s.phase_letter == 4 and s.in_settlement):
        return -1
    left = display_count(s) - (1 if s.cfg.mode == M_2SHORT else 3)
    return left if left > 0 else 0


cdef int two_player_heuristic(const OraState* s, double* out, double* lack) noexcept nogil:
    # every seat's heuristic value with the 2-player terms but without the
    # lead's shrink, and (unless lack is NULL) in lack[p] the part of it the
    # three shortfalls take (<= 0); returns endgame_left (-1 before phase D
    # and, with 3 or 4 players or solo, always)
    cdef int p, left, room, cards
    cdef double urge, before
    for p in range(s.cfg.players):
        out[p] = heuristic_value(s, p)
        if lack != NULL:
            lack[p] = 0
    if s.cfg.mode != M_2SHORT and s.cfg.mode != M_2LONG:
        return -1
    cards = display_count(s)
    left = endgame_left(s)
    # the fewer buildings keep the game going, the more completing one is
    # worth; once none does (left 0) no card is worth completing for the end
    urge = 1.0 + ENDGAME_URGE / (1.0 + left) if left > 0 else 1.0
    for p in range(2):
        before = out[p]
        room = u128_popcount(empty_spaces(&s.pl[p]) & ~s.pl[p].water)
        if cards > room:
            out[p] -= TWO_PLAYER_ROOM * (cards - room)
        out[p] -= urge * TWO_PLAYER_BUILD * building_shortfall(&s.pl[p], s)
        out[p] -= TWO_PLAYER_SPACES * placement_shortfall(s, &s.pl[p])
        if lack != NULL:
            lack[p] = out[p] - before
        out[p] += TWO_PLAYER_OWNED * u128_popcount(s.pl[p].building & ~HEARTLAND_START)
    return left


cdef inline double lead_shrink(int left) noexcept nogil:
    return 1.0 / (1.0 + ENDGAME_PULL * left)


cdef int ora_heuristic(const void* sp, double* out) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    cdef int p, left = two_player_heuristic(s, out, NULL)
    cdef double mean, shrink
    if left > 0:
        # the lead is uncertain while buildings are left to play for: shrink
        # it by 1 + ENDGAME_PULL * left (a finished game counts its real
        # scores), so the seat ahead gains by bringing the end nearer and the
        # seat behind by putting it off; (v0 - m) - (v1 - m) = v0 - v1, so
        # the margin becomes margin / (1 + ENDGAME_PULL * left).  Two changes
        # were tried and dropped (issue 15, 200 games per configuration): a
        # shrink that fades for large leads (a seat far ahead then had no
        # reason to end: 93 of 200 MCTS-greedy short France games reached the
        # cap), and valuing the seats without these terms once the display is
        # at its threshold (67 of 200 there; 4 against 7 of 800 between greedy
        # bots, which did not make up for it).  What each seat maximises is
        # not this symmetric view but ora_seat_value's, below.
        mean = 0.5 * (out[0] + out[1])
        shrink = lead_shrink(left)
        for p in range(2):
            out[p] = mean + (out[p] - mean) * shrink
    return s.cfg.players


# What a seat maximises (GameOps.seat_value, and UCT's rewards below): the
# margin of the heuristic over the best other seat, except in a 2-player game
# after phase D.  There the symmetric view of ora_heuristic has two flaws
# (issue 15), and each seat values the position in its own way instead:
# - a seat does not count on its opponent's shortfalls: it takes the other
#   seat's value without its three shortfall terms.  Otherwise building a
#   card the opponent has no room or materials for takes the opponent's
#   shortfall for it away, which costs the builder, in the margin, about as
#   much as the card is worth to it (a seat then chose a few points elsewhere
#   round after round rather than build one of the last cards);
# - the lead's shrink is zero-sum: it makes the end worth as much to the seat
#   ahead as putting it off is worth to the seat behind, however far behind
#   it is, so a seat that could not catch up any more stalled the game (a
#   seat 60 points behind, which could build one of the last cards, kept the
#   game going to the round cap).  So the seat ahead (or level) keeps the
#   shrunk margin (it wants the end); the seat behind keeps it while its
#   deficit is one it can still make up, at most TRAILER_HOPE points per
#   building left, and from there to twice that the shrink fades smoothly,
#   so a seat that has lost counts its raw margin and is indifferent to the
#   end.  The value is continuous and increasing in the margin (the factor
#   on the deficit grows from the shrink towards 1), so no seat prefers to
#   fall further behind; TRAILER_HOPE <= 0 keeps the shrink for both seats.
# Measured on 200 games per configuration (docs/bots.rst); a bot's opinion,
# not a rule.
cdef double TRAILER_HOPE = 10.0


# The round cap (Rules.two_player_round_limit, ora_truncated) is the engine's
# safeguard, not a rule: a game it stops has not ended, and neither seat
# gains by it.  Yet near the cap the views above let a game drift there: a
# seat that has lost is indifferent to the end, a seat behind puts it off,
# and a seat ahead sees too little in ending the game to spend turns on the
# materials of the last cards (issue 15: 3 of 1,600 greedy/MCTS games
# reached the cap).  So in the last CAP_RAMP rounds before the cap each
# seat's own view, and only that (added to both seats' values, a penalty
# would cancel in a margin), loses up to CAP_PUSH points per building that
# still keeps the game going (endgame_left), times the share of those rounds
# gone: nothing up to round limit - CAP_RAMP, all of it at the cap.  Of the
# cards of the display the `left` ones the seat is nearest to building count,
# each at 1 - CAP_READY x its readiness (the share of its cost the seat holds,
# 0 without an empty space it may stand on): gathering a card's materials
# takes part of the push away and building it the rest, whatever the card's
# worth (the materials term above weighs a card by its economic value, and a
# cheap card of the end got no attention).  A game the cap stopped counts the
# whole push on top of its scores, so reaching the cap never looks better
# than the round before it.  Both seats then prefer to build the display out
# before the cap; a game that ends by the rules before round limit - CAP_RAMP
# never sees the push, and the heuristic's symmetric view (ora_heuristic)
# does not have it.  Without the readiness (every card alike) another short
# game reached the cap instead (a seat ahead lacked the one wood of a cheap
# card only it had room for); with it none of the 1,600 measured games does.
# A bot's opinion, not a rule; weights in docs/bots.rst.
cdef double CAP_PUSH = 20.0
cdef double CAP_RAMP = 15.0
cdef double CAP_READY = 0.5


cdef double build_readiness(const OraState* s, const Player* p, int cid) noexcept nogil:
    # the share of card cid's cost p holds (1 for a free card), 0 if p has no
    # empty space cid may be built on
    cdef const int16_t* c = CARDS[cid].cost
    cdef int need
    if build_spaces(p, cid) == 0:
        return 0.0
    need = cost_units(c)
    if need == 0:
        return 1.0
    return <double>cost_held(p, c) / need


cdef double cap_push(const OraState* s, int me) noexcept nogil:
    # what seat me's own view loses for the buildings that keep a 2-player
    # game going as the round cap nears (0 in every other case)
    cdef double ready[128]
    cdef int left, n = 0, i, j, best
    cdef double gone, held = 0, t
    cdef u128 m = s.display
    if (s.cfg.mode != M_2SHORT and s.cfg.mode != M_2LONG) or CAP_PUSH <= 0 or CAP_RAMP <= 0:
        return 0.0
    left = endgame_left(s)
    if left <= 0:
        return 0.0
    gone = (s.round - (s.cfg.round_limit - CAP_RAMP)) / CAP_RAMP
    if gone <= 0:
        return 0.0
    if gone > 1 or s.game_over:
        gone = 1.0
    if not s.game_over:
        while m and n < 128:
            ready[n] = build_readiness(s, &s.pl[me], u128_ctz(m))
            m = u128_clear_lowest(m)
            n += 1
        # the `left` readiest cards (left < n: the display is beyond its threshold)
        for i in range(left if left < n else n):
            best = i
            for j in range(i + 1, n):
                if ready[j] > ready[best]:
                    best = j
            t = ready[i]
            ready[i] = ready[best]
            ready[best] = t
            held += ready[i]
    return CAP_PUSH * gone * (left - CAP_READY * held)


cdef double seat_view(const double* vals, const double* lack, int n, int left, int me) noexcept nogil:
    # seat me's value from the unshrunk heuristic values, their shortfall
    # terms (lack; NULL once the game is over) and endgame_left
    cdef double d = margin(me, n, vals), k, x, w
    if left < 0 or lack == NULL:
        return d
    d += lack[1 - me]
    if left == 0:
        return d
    k = lead_shrink(left)
    if d >= 0 or TRAILER_HOPE <= 0:
        return d * k
    x = -d / (TRAILER_HOPE * left) - 1.0
    if x <= 0:
        w = 0.0
    elif x >= 1:
        w = 1.0
    else:
        w = x * x * (3.0 - 2.0 * x)
    return d * ((1.0 - w) * k + w)


cdef double ora_seat_value(const void* sp, int me) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    cdef double vals[MAX_SEATS]
    cdef double lack[MAX_SEATS]
    cdef int left = two_player_heuristic(s, vals, lack)
    if s.cfg.players == 1:
        return vals[0]
    return seat_view(vals, lack, s.cfg.players, left, me) - cap_push(s, me)


# the rewards of UCT: a sigmoid of each seat's value (seat_view: the margin
# over the best opponent, in 2-player games after phase D the seat's own view
# above), so a tie is worth 0.5 and an 8-point lead 0.75; in the solo game, of the score
# around 120.  The sigmoid (reward_of, olab_core/common/search.pxd) is
# z / (1 + |z|) rather than a logistic because it needs no exp(), whose last
# bit differs between C libraries (see portable_log in search.pyx).

cdef void ora_value(const void* sp, float* out) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    cdef double vals[MAX_SEATS]
    cdef double lack[MAX_SEATS]
    cdef int i, n = s.cfg.players
    cdef int left = -1
    for i in range(4):
        out[i] = 0
    if s.game_over:
        for i in range(n):
            vals[i] = total_score(s, i)
    else:
        left = two_player_heuristic(s, vals, lack)
    if n == 1:
        out[0] = reward_of((vals[0] - SOLO_CENTRE) / SOLO_SCALE)
        return
    for i in range(n):
        # cap_push: at the leaves and in a game the cap stopped alike
        out[i] = reward_of((seat_view(vals, NULL if s.game_over else lack, n, left, i) - cap_push(s, i))
                           / REWARD_SCALE)


def heuristic_weights(**changes):
    """The bots' heuristic weights (and the rewards' scales); keyword arguments change them.

    The same call in every game's core (``olab_core.<game>._engine``): a
    tuning hook.  The weights are a bot's opinion, not a rule; changing them
    changes every bot's play in this process (and nothing else).  An unknown
    name raises ``ValueError`` and changes nothing.
    """
    global HEUR_MONEY, HEUR_FOOD, HEUR_ENERGY, HEUR_MATERIAL, HEUR_SETTLEMENT, HEUR_LAND
    global TWO_PLAYER_ROOM, TWO_PLAYER_BUILD, ENDGAME_PULL, TWO_PLAYER_OWNED, TWO_PLAYER_SPACES, ENDGAME_URGE
    global TRAILER_HOPE, CAP_PUSH, CAP_RAMP, CAP_READY, REWARD_SCALE, SOLO_CENTRE, SOLO_SCALE
    names = {"money": HEUR_MONEY, "food": HEUR_FOOD, "energy": HEUR_ENERGY, "material": HEUR_MATERIAL,
             "settlement": HEUR_SETTLEMENT, "land": HEUR_LAND,
             "room": TWO_PLAYER_ROOM, "build": TWO_PLAYER_BUILD, "pull": ENDGAME_PULL,
             "owned": TWO_PLAYER_OWNED, "spaces": TWO_PLAYER_SPACES, "urge": ENDGAME_URGE,
             "hope": TRAILER_HOPE, "cap_push": CAP_PUSH, "cap_ramp": CAP_RAMP, "cap_ready": CAP_READY,
             "reward_scale": REWARD_SCALE, "solo_centre": SOLO_CENTRE, "solo_scale": SOLO_SCALE}
    unknown = sorted(set(changes) - set(names))
    if unknown:
        raise ValueError(f"no weight {', '.join(unknown)}; weights: {', '.join(names)}")
    names.update({k: float(v) for k, v in changes.items()})
    HEUR_MONEY, HEUR_FOOD, HEUR_ENERGY = names["money"], names["food"], names["energy"]
    HEUR_MATERIAL, HEUR_SETTLEMENT, HEUR_LAND = names["material"], names["settlement"], names["land"]
    TWO_PLAYER_ROOM, TWO_PLAYER_BUILD, ENDGAME_PULL = names["room"], names["build"], names["pull"]
    TWO_PLAYER_OWNED, TWO_PLAYER_SPACES, ENDGAME_URGE = names["owned"], names["spaces"], names["urge"]
    TRAILER_HOPE, CAP_PUSH, CAP_RAMP, CAP_READY = names["hope"], names["cap_push"], names["cap_ramp"], names["cap_ready"]
    REWARD_SCALE, SOLO_CENTRE, SOLO_SCALE = names["reward_scale"], names["solo_centre"], names["solo_scale"]
    return names


cdef double ora_progress(const void* sp) noexcept nogil:
    # the share of the game played (GameOps.progress): rounds gone of the
    # rounds a game lasts; the 2-player game has no fixed end, so its clock
    # runs to 3 rounds after settlement phase D, about where the display
    # runs out (rules.md 5.4, 5.5)
    cdef const OraState* s = <const OraState*>sp
    cdef double rounds = s.cfg.regular_rounds if s.cfg.regular_rounds else s.cfg.settle_after[3] + 3.0
    cdef double t
    if s.game_over:
        return 1.0
    t = (s.round - 1.0) / rounds if rounds > 0 else 0.0
    return 0.0 if t < 0 else (1.0 if t > 1 else t)


cdef int64_t ora_clock(const void* sp) noexcept nogil:
    # the turns begun (GameOps.clock): 32 steps a round, its turns first
    # (turn_idx < 16: a round has at most 5), then the settlement phase
    # after it (16 + the seats settled), which comes before the next round;
    # the bonus round is round regular_rounds + 1 and its phase E after it
    cdef const OraState* s = <const OraState*>sp
    if s.game_over:
        return (<int64_t>s.round + 2) * 32
    if s.in_settlement:
        return <int64_t>s.round * 32 + 16 + s.settle_idx
    return <int64_t>s.round * 32 + s.turn_idx
