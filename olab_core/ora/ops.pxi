# Ora et Labora's entry in the shared machinery (olab_core/common/ops.pxd):
# who decides, the legal actions, apply, the seating as a chance node, the
# deal of a new game, and the evaluation the bots use.

# ----------------------------------------------------------------------------
# The seating.  A seeded game is seated exactly as kennerspiel's seeded START
# seats it (notation.md 3): PCG32 (seed, stream 42069) draws the seed of a
# second PCG32 (stream 12345) that deals the colours, and the first draws the
# solo game's neutral colour among the three the player does not have, in the
# order R B G W.  With chance="explicit" the seating is instead the game's
# first node, a chance node whose outcome k is the k-th permutation of the
# colours (lexicographic, so outcome 0 is R G B W); in solo the player is Red
# and outcome k is the k-th neutral colour of G B W.

cdef uint8_t NEUTRAL_ORDER[4]
NEUTRAL_ORDER[:] = [0, 2, 1, 3]       # R B G W as indices of R G B W


cdef void kennerspiel_shuffle(uint64_t seed, const uint8_t* people, int n, bint solo,
                              uint8_t* out, int* neutral) noexcept nogil:
    # out[0..n-1]: the colours people[0..n-1] dealt by the seeded START; in
    # solo (or with one colour given) also the drawn neutral colour
    cdef Pcg32 r1, r2
    cdef uint8_t pool[MAX_SEATS]
    cdef uint32_t order_seed
    cdef int i, j, k, left = n
    pcg32_seed(&r1, seed, 42069)
    order_seed = pcg32_bounded(&r1, 0xFFFFFFFF)
    pcg32_seed(&r2, order_seed, 12345)
    for i in range(n):
        pool[i] = people[i]
    i = 0
    while left > 1:
        j = pcg32_bounded(&r2, left)
        out[i] = pool[j]
        i += 1
        left -= 1
        pool[j] = pool[left]
    out[i] = pool[0]
    neutral[0] = -1
    if solo or n == 1:
        k = pcg32_bounded(&r1, 3)
        for i in range(4):
            if NEUTRAL_ORDER[i] == out[0]:
                continue
            if k == 0:
                neutral[0] = NEUTRAL_ORDER[i]
                break
            k -= 1


cdef inline int seating_outcomes(const OraState* s) noexcept nogil:
    # 3 neutral colours in solo, players! orders otherwise
    cdef int n = s.cfg.players, k = 1, i
    if n == 1:
        return 3
    for i in range(2, n + 1):
        k *= i
    return k


cdef void seating_colors(const OraState* s, int k, uint8_t* out) noexcept nogil:
    # the colours of outcome k (see above)
    cdef uint8_t pool[MAX_SEATS]
    cdef int n = s.cfg.players, i, j, f, m
    if n == 1:
        out[0] = 0
        out[1] = 1 + k                   # G, B, W
        return
    for i in range(n):
        pool[i] = i
    m = n
    for i in range(n):
        f = 1
        for j in range(2, m):
            f *= j
        j = k // f
        k = k % f
        out[i] = pool[j]
        for j in range(j, m - 1):
            pool[j] = pool[j + 1]
        m -= 1


cdef void ora_new_state(void* out, const void* cfgp, uint64_t seed) noexcept nogil:
    cdef const Config* cfg = <const Config*>cfgp
    cdef OraState* s = <OraState*>out
    cdef uint8_t people[MAX_SEATS]
    cdef uint8_t colors[MAX_SEATS]
    cdef int neutral, i
    for i in range(MAX_SEATS):
        people[i] = i
        colors[i] = i
    if cfg.flags & CF_EXPLICIT_CHANCE:
        state_init(s, cfg, seed, colors)
        s.seating = 1
        return
    kennerspiel_shuffle(seed, people, cfg.players, cfg.players == 1, colors, &neutral)
    if cfg.players == 1:
        colors[1] = neutral
    state_init(s, cfg, seed, colors)


# ----------------------------------------------------------------------------
# The table

cdef int ora_to_move(const void* sp) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    if s.game_over:
        return PLAYER_TERMINAL
    if s.seating:
        return PLAYER_CHANCE
    return s.dec.chooser


cdef int ora_legal(const void* sp, int32_t* out) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    cdef int n, i
    if s.seating:
        n = seating_outcomes(s)
        for i in range(n):
            out[i] = i
        return n
    return legal_actions(s, out)


cdef bint ora_is_legal(const void* sp, int32_t a) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    if s.seating:
        return 0 <= a < seating_outcomes(s)
    return is_legal(s, a)


cdef void ora_apply(void* sp, int32_t a) noexcept nogil:
    cdef OraState* s = <OraState*>sp
    cdef uint8_t colors[MAX_SEATS]
    cdef int p
    if s.seating:
        seating_colors(s, a, colors)
        for p in range(s.cfg.seats):
            s.pl[p].color = colors[p]
        s.seating = 0
        return
    apply_decision(s, a)


cdef int ora_chance(const void* sp, int32_t* actions, uint32_t* weights) noexcept nogil:
    cdef int n = seating_outcomes(<const OraState*>sp), i
    for i in range(n):
        actions[i] = i
        weights[i] = 1
    return n


cdef int32_t ora_sample(const void* sp, Pcg32* rng) noexcept nogil:
    return pcg32_bounded(rng, seating_outcomes(<const OraState*>sp))


cdef int ora_scores(const void* sp, int32_t* out) noexcept nogil:
    cdef const OraState* s = <const OraState*>sp
    cdef int p
    for p in range(s.cfg.players):
        out[p] = total_score(s, p)
    return s.cfg.players


cdef bint ora_chain_over(const void* sp) noexcept nogil:
    # the greedy bot's action: everything up to the top of the turn again
    cdef const OraState* s = <const OraState*>sp
    return s.game_over or (s.dec.kind == D_TURN and s.free_kind == FU_NONE)


cdef bint ora_truncated(const void* sp) noexcept nogil:
    # the 2-player game stopped by Rules.two_player_round_limit, not by the display
    cdef const OraState* s = <const OraState*>sp
    return s.game_over and s.truncated


# ----------------------------------------------------------------------------
# The bots' evaluation

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


cdef GameOps ORA_OPS
ORA_OPS.name = "ora_et_labora"
ORA_OPS.state_size = sizeof(OraState)
ORA_OPS.max_seats = MAX_SEATS
ORA_OPS.max_legal = MAX_LEGAL
ORA_OPS.num_actions = A_TOTAL
ORA_OPS.to_move = ora_to_move
ORA_OPS.legal = ora_legal
ORA_OPS.is_legal = ora_is_legal
ORA_OPS.apply = ora_apply
ORA_OPS.value = ora_value
ORA_OPS.heuristic = ora_heuristic
ORA_OPS.scores = ora_scores
ORA_OPS.chain_over = ora_chain_over
ORA_OPS.chance = ora_chance
ORA_OPS.sample_chance = ora_sample
ORA_OPS.determinize = NULL           # nothing in Ora et Labora is hidden
ORA_OPS.new_state = ora_new_state
ORA_OPS.truncated = ora_truncated
ORA_OPS.obs_size = OBS_SIZE
ORA_OPS.observe = ora_observe
ORA_OPS.observe_since = ora_observe_since
ORA_OPS.tiebreak = NULL              # a tie for the most points is shared (olab_core/common/outcome.pxd)
ORA_OPS.tiebreak_names = ""
ORA_OPS.seat_value = ora_seat_value




def _heuristic_weights(**weights):
    """Read (and, for experiments, set) the 2-player endgame weights of the heuristic."""
    global TWO_PLAYER_ROOM, TWO_PLAYER_BUILD, ENDGAME_PULL, TWO_PLAYER_OWNED, TWO_PLAYER_SPACES, ENDGAME_URGE
    global TRAILER_HOPE, CAP_PUSH, CAP_RAMP, CAP_READY
    if "room" in weights:
        TWO_PLAYER_ROOM = weights["room"]
    if "build" in weights:
        TWO_PLAYER_BUILD = weights["build"]
    if "pull" in weights:
        ENDGAME_PULL = weights["pull"]
    if "owned" in weights:
        TWO_PLAYER_OWNED = weights["owned"]
    if "urge" in weights:
        ENDGAME_URGE = weights["urge"]
    if "spaces" in weights:
        TWO_PLAYER_SPACES = weights["spaces"]
    if "hope" in weights:
        TRAILER_HOPE = weights["hope"]
    if "cap_push" in weights:
        CAP_PUSH = weights["cap_push"]
    if "cap_ramp" in weights:
        CAP_RAMP = weights["cap_ramp"]
    if "cap_ready" in weights:
        CAP_READY = weights["cap_ready"]
    return {"room": TWO_PLAYER_ROOM, "build": TWO_PLAYER_BUILD, "pull": ENDGAME_PULL,
            "owned": TWO_PLAYER_OWNED, "spaces": TWO_PLAYER_SPACES, "urge": ENDGAME_URGE,
            "hope": TRAILER_HOPE, "cap_push": CAP_PUSH, "cap_ramp": CAP_RAMP,
            "cap_ready": CAP_READY}


def _cap_push(CoreStateBase state, int seat):
    """What ``seat``'s own view loses as the 2-player round cap nears (cap_push; tests read it)."""
    if not isinstance(state, CoreState):
        raise TypeError("an Ora et Labora state is needed")
    if not 0 <= seat < (<const OraState*>state.sp).cfg.players:
        raise ValueError(f"no seat {seat}")
    return cap_push(<const OraState*>state.sp, seat)
