# The bots' estimate of a seat's position, in victory points.  A bot's
# opinion, not a rule (docs/orleans/bots.rst lists it): the
# score the seat would have now, plus what is not points yet but will likely
# become points — followers that will act, tiles drawn and placed towards a
# place's activation, development that raises the multiplier, technology
# tiles — weighted by how much of the game is left.  It reads only what every
# seat sees (never the generator), so it is the same in every determinization.
# The weights are round numbers chosen by hand and checked by arena runs.

cdef double H_FOLLOWER = 0.8       # per follower the seat may draw (its colour's too), early in the game
cdef double H_MARKET = 0.05        # per tile drawn to the market (ready to be placed)
cdef double H_ACTIVE = 0.25        # share of a place's gain credited while it waits activated
cdef double H_PARTIAL = 0.2        # share credited, times the filled fraction, before it is activated
cdef double H_DEV = 0.45           # per development point, early
cdef double H_TECH = 1.5           # per technology tile placed or waiting, early
cdef double H_DRAW = 0.8           # per draw beyond the first four, early
cdef double H_TILE = 2.0           # per place tile owned, early
cdef double H_NO_FOOD = 1.5        # a Harvest still to come and no food to give
cdef double H_SHORT = 1.5          # per follower short of the draw limit, early
cdef double H_STATION = 1.0        # per trading station or citizen, the status still to come (early)
cdef double H_FUTURE = 4.0         # stations and citizens still to come, early, per status level
cdef double REWARD_SCALE = 10.0    # UCT's reward: a sigmoid of the heuristic margin over this many points
cdef double REWARD_LINEAR = 0.0    # > 0: a linear reward instead, 0.5 + margin / this, clipped to [0, 1]


cdef double best_road_good(const OrlState* s, const Player* p, int road) noexcept nogil:
    # the best goods tile one move away along a road (1) or a waterway (0)
    cdef int j, c
    cdef double best = 0
    for j in range(TOWN_NCONN[p.town][road]):
        c = TOWN_CONN[p.town][road][j]
        if s.conn_goods[c][0] and GOODS_POINTS[s.conn_goods[c][0] - 1] > best:
            best = GOODS_POINTS[s.conn_goods[c][0] - 1]
    return best + 0.3                 # and a new town to build in


cdef bint fill_from(const Player* p, int place, int* pool) noexcept nogil:
    # fill the free spaces of a partly filled place from `pool` (the seat's
    # tiles by kind, taken from it): exact characters first, monks last.
    # False, with the pool as it was, when they cannot all be filled
    cdef int taken[MAX_SPACES]
    cdef int j, k, need, pick, n = 0
    for j in range(PLACE_NSPACES[place]):
        if p.slot[place][j] != SLOT_EMPTY:
            continue
        need = PLACE_NEED[place][j]
        pick = -1
        if need < N_CHARS:
            if pool[need] > 0:
                pick = need
            elif need < 4 and pool[OWN0 + need] > 0:
                pick = OWN0 + need
        if pick < 0:
            for k in range(N_KINDS):
                if k != CH_MONK and pool[k] > 0 and kind_fits_need(p, k, need):
                    pick = k
                    break
        if pick < 0 and pool[CH_MONK] > 0 and kind_fits_need(p, CH_MONK, need):
            pick = CH_MONK
        if pick < 0:
            for k in range(n):
                pool[taken[k]] += 1
            return False
        pool[pick] -= 1
        taken[n] = pick
        n += 1
    return True


cdef uint32_t coverable_places(const Player* p) noexcept nogil:
    # the partly filled places the seat's tiles (bag, market, tower) can
    # complete *together*, a bit each: the places with the fewest free
    # spaces first, each from what the ones before left.  A placement that
    # can never be completed is worth nothing to the heuristic.  Each place
    # checked alone against all the tiles (as before) let greedy spread its
    # followers over several places the tiles could complete one at a time
    # but not all: they stood there for good, and a seat of four scored 5
    # or less in 6 of 40 greedy games.  (N_PLACES, 30, fits the mask.)
    cdef int pool[N_KINDS]
    cdef int free_of[N_PLACES]
    cdef int k, j, place, f, filled, most = 0
    cdef uint32_t covered = 0
    for k in range(N_KINDS):
        pool[k] = p.bag[k] + p.market[k] + (p.tower[k] if k < N_CHARS else 0)
    for place in range(N_PLACES):
        free_of[place] = 0
        if not owns_place(p, place) or PLACE_NSPACES[place] == 0 or activated(p, place):
            continue
        f = 0
        filled = 0
        for j in range(PLACE_NSPACES[place]):
            if p.slot[place][j] == SLOT_EMPTY:
                f += 1
            elif p.slot[place][j] != SLOT_TECH:
                filled += 1
        if filled > 0:
            free_of[place] = f         # a follower on it (a tech alone commits none)
            if f > most:
                most = f
    for f in range(1, most + 1):
        for place in range(N_PLACES):
            if free_of[place] == f and fill_from(p, place, pool):
                covered |= (<uint32_t>1) << place
    return covered


cdef bint spoken_for(const OrlState* s, int pi, int place, int c) noexcept nogil:
    # is the supply of character c spoken for: no more of c are left than
    # other seats with tiles on the same place of theirs that may still
    # recruit it, any of whom may act before this seat.  Every greedy seat of
    # three or four went for the University while a couple of scholars were
    # left; the seat acting last found none, could never use the place
    # (rulebook: no character, no action) and never got its followers back:
    # it scored 0 to 5 in most games.  A rival is a seat with tiles on the
    # place already (a seat planning later sees this seat's): counting every
    # seat that could still recruit there, a seat with two of its tiles on
    # the University and the third in hand, one scholar left and no rival
    # on the place, never completed it, and its tiles stayed there for good
    cdef int q, rivals = 0
    for q in range(s.cfg.players):
        if q != pi and owns_place(&s.pl[q], place) and filled(&s.pl[q], place) > 0 and recruitable(s, &s.pl[q], c):
            rivals += 1
    return s.char_supply[c] <= rivals


cdef double dev_gain(const OrlState* s, int pi, int n, double late) noexcept nogil:
    # what n development points add to the heuristic (status, its progress, coins on the way)
    cdef const Player* p = &s.pl[pi]
    cdef double m = p.stations_built + citizens_of(s, pi) + H_FUTURE * late
    cdef int d = p.dev + n if p.dev + n <= DEV_LEN else DEV_LEN, i
    cdef int coins = 0
    for i in range(p.dev + 1, d + 1):
        coins += DEV_COINS[i]
    coins = coins_paid(s, coins)           # the supply may lack coins
    return (d - p.dev) * H_DEV * late + coins + m * ((DEV_STATUS[d] - DEV_STATUS[p.dev])
                                                     + step_progress(d) - status_progress(p))


cdef double place_gain(const OrlState* s, int pi, int place, double late) noexcept nogil:
    # what using the place now would add to the heuristic (0 when it cannot be used): the same
    # valuation as heuristic_value, so that a place waiting activated (credited H_ACTIVE of this)
    # is worth less than using it
    cdef const Player* p = &s.pl[pi]
    cdef int k = PLACE_KIND[place], t
    cdef double v, best, f = H_FOLLOWER * late
    if k == P_FARM_HOUSE:
        if (p.track[CH_FARMER] >= TRACK_LEN[CH_FARMER] or s.char_supply[CH_FARMER] == 0
                or spoken_for(s, pi, place, CH_FARMER)):
            return 0
        return f + GOODS_POINTS[FARMER_GOOD[p.track[CH_FARMER]]]
    if k == P_VILLAGE:
        best = 0
        if village_option(s, pi, CH_BOATMAN):
            t = p.track[CH_BOATMAN]
            if not BOAT_CITIZEN[t]:
                best = BOAT_COINS[t]
            elif s.citizen[CIT_BOATMEN] == 0:
                best = status_of(p) + late          # a citizen: the status now, and more to come
            else:
                best = BOAT_FALLBACK
        if village_option(s, pi, CH_CRAFTSMAN) and H_TECH * late > best:
            best = H_TECH * late
        if village_option(s, pi, CH_TRADER) and H_TILE * late > best:
            best = H_TILE * late
        return f + best if best > 0 else 0
    if k == P_UNIVERSITY:
        if not recruitable(s, p, CH_SCHOLAR) or spoken_for(s, pi, place, CH_SCHOLAR):
            return 0
        return f + dev_gain(s, pi, SCHOLAR_DEV[p.track[CH_SCHOLAR]], late)
    if k == P_CASTLE:
        if not recruitable(s, p, CH_KNIGHT) or spoken_for(s, pi, place, CH_KNIGHT):
            return 0
        if DRAW_AT[p.track[CH_KNIGHT] + 1] > DRAW_AT[p.track[CH_KNIGHT]]:
            return f + H_DRAW * late
        return f + ((status_of(p) + late) if KNIGHT_CITIZEN[p.track[CH_KNIGHT]] and s.citizen[CIT_KNIGHTS] == 0 else 0)
    if k == P_MONASTERY:
        return f if s.char_supply[CH_MONK] and not spoken_for(s, pi, place, CH_MONK) else 0
    if k == P_SHIP or k == P_WAGON or k == K_MOVE:
        return best_road_good(s, p, 1 if (k == P_WAGON or (k == K_MOVE and PLACE_A[place] == 0)) else 0)
    if k == P_GUILDHALL:
        return (status_of(p) + status_progress(p) + H_STATION * late) if station_allowed(s, pi) else 0
    if k == P_SCRIPTORIUM:
        return dev_gain(s, pi, SCRIPTORIUM_DEV, late)
    if k == P_TOWN_HALL:
        # the tiles go to the Beneficial Deeds for 1 to 3 coins: nothing while the supply has
        # none, or when no deed space takes them (they would wait there for good)
        if not deed_slots_go(s, p.slot[place], PLACE_NSPACES[place]):
            return 0
        return coins_paid(s, 2)
    if k == K_TOWER:
        return 2.0
    if k == K_GOOD:
        return GOODS_POINTS[PLACE_A[place]] if s.goods_supply[PLACE_A[place]] else 0
    # coins only as far as the supply has them (rulebook: a supply short of coins pays none).
    # Counted in full, a seat of four with the supply empty kept its followers on an activated
    # Hospital for good: using it paid nothing and lost the place's credit, so greedy passed,
    # round after round, and scored 6 where the best seat scored 73
    if k == K_COINS:
        return coins_paid(s, PLACE_A[place])
    if k == K_COINS_DEV:
        return coins_paid(s, PLACE_A[place]) + dev_gain(s, pi, PLACE_B[place], late)
    if k == K_DEV:
        return dev_gain(s, pi, PLACE_A[place], late)
    if k == K_COINS_STATUS:
        return coins_paid(s, status_of(p))
    if k == K_COINS_STATION:
        return coins_paid(s, p.stations_built)
    if k == K_PHARMACY:
        return 1.0
    if k == K_BATHHOUSE:
        return 1.0
    if k == K_TECH:
        return H_TECH * late if s.tech_supply else 0
    return 0


cdef double status_progress(const Player* p) noexcept nogil:
    # how far the marker is towards the next status, 0..1 (0 at the top)
    cdef int lo = p.dev, hi = p.dev, st = DEV_STATUS[p.dev]
    while lo > 0 and DEV_STATUS[lo - 1] == st:
        lo -= 1
    while hi < DEV_LEN and DEV_STATUS[hi + 1] == st:
        hi += 1
    if hi >= DEV_LEN:
        return 0
    return (p.dev - lo + 1.0) / (hi - lo + 2.0)


cdef double step_progress(int dev) noexcept nogil:
    cdef Player q
    q.dev = dev
    return status_progress(&q)


cdef double heuristic_value(const OrlState* s, int pi) noexcept nogil:
    cdef const Player* p = &s.pl[pi]
    cdef double v = score_of(s, pi), late, gain
    cdef int k, n = 0, place, j, x, f, g, techs = 0, food = 0
    cdef bint active, completable
    cdef uint32_t covered
    if s.game_over:
        return v
    covered = coverable_places(p)
    # the share of the game still to play: what is not points yet loses its worth towards the end
    late = (ROUNDS - s.round + 1.0) / ROUNDS
    # trading stations and citizens are multiplied by the status: count the way to the next one,
    # and the status still to be gained
    v += (p.stations_built + citizens_of(s, pi)) * (status_progress(p) + H_STATION * late)
    # and the stations and citizens still to come will be multiplied too: the status is worth
    # that much more early on
    v += H_FUTURE * late * (status_of(p) + status_progress(p))
    # every follower the seat may draw counts, its own colour's too (the same for every seat and
    # every line while they can act, but not when they are stuck on a place, below)
    for k in range(N_KINDS):
        n += p.bag[k] + p.market[k] + (p.tower[k] if k < N_CHARS else 0)
    for place in range(N_PLACES):
        if not owns_place(p, place) or PLACE_NSPACES[place] == 0:
            continue
        f = 0
        for j in range(PLACE_NSPACES[place]):
            x = p.slot[place][j]
            if x == SLOT_TECH:
                techs += 1
            elif x != SLOT_EMPTY:
                f += 1
        if f == 0:
            continue
        gain = place_gain(s, pi, place, late)
        # followers on a place count as followers only while it can pay
        # out: they stay where they are put until the place is used.
        # Counted anyway, greedy (and the planner's model of the other
        # seats) filled a place it could no longer use (the University with
        # the Scholars' track done) and lost every follower it put there,
        # round after round: a seat of three or four greedy bots scored 0
        # to 5 in most games.  Using a place that pays nothing frees them
        # again, and gains their worth back.  Nor on a place partly filled
        # that the seat's tiles cannot complete (they wait there until
        # recalled: counted, or its own colour's not counted at all, a seat
        # of three left its tiles on the University and scored 11 where the
        # best made 65).  In the Town Hall they count half: they go to the
        # Beneficial Deeds for good (counted in full, a seat of four gave
        # every follower to the deeds and scored 4; not at all, greedy gave
        # none and its 2-player seats scored 2 points less)
        active = activated(p, place)
        completable = (covered >> place) & 1
        if gain > 0 and (active or completable):
            if PLACE_KIND[place] == P_TOWN_HALL:
                v += 0.5 * H_FOLLOWER * late * f
            else:
                n += f
        if active:
            v += H_ACTIVE * gain
        elif completable:
            v += H_PARTIAL * gain * f / PLACE_NSPACES[place]
    # fewer followers to draw than the seat may draw: fewer actions every round to come (the
    # seat that gave its followers to the deeds drew nothing and was tortured each round after
    # the 12th)
    if n < draw_limit(p):
        v -= H_SHORT * late * (draw_limit(p) - n)
    for g in range(N_GOODS):
        if FOOD[g]:
            food += p.goods[g]
    if food == 0 and s.hourglass[EV_HARVEST] > 0:
        v -= H_NO_FOOD
    v += late * (H_FOLLOWER * n + H_DEV * p.dev + H_TECH * (techs + p.tech_pending)
                 + H_DRAW * (draw_limit(p) - DRAW_AT[0]))
    for k in range(N_TILES):
        if (p.tiles >> k) & 1:
            v += H_TILE * late
    v += H_MARKET * (market_total(p) + tower_total(p) + (s.chance == CN_DRAW and s.chance_player == pi))
    return v


_WEIGHT_NAMES = ("H_FOLLOWER", "H_MARKET", "H_ACTIVE", "H_PARTIAL", "H_DEV", "H_TECH", "H_DRAW", "H_TILE",
                 "H_NO_FOOD", "H_SHORT", "H_STATION", "H_FUTURE", "REWARD_SCALE", "REWARD_LINEAR")


def heuristic_weights(**changes):
    """The bots' heuristic weights (and UCT's reward scale); keyword arguments change them.

    A tuning hook: the weights are a bot's opinion, not a rule; changing them
    changes every bot's play in this process (and nothing else).
    """
    global H_FOLLOWER, H_MARKET, H_ACTIVE, H_PARTIAL, H_DEV, H_TECH, H_DRAW, H_TILE, H_NO_FOOD, H_SHORT, H_STATION
    global H_FUTURE
    global REWARD_SCALE, REWARD_LINEAR
    for k in changes:
        if k not in _WEIGHT_NAMES:
            raise ValueError(f"no weight {k}; weights: {', '.join(_WEIGHT_NAMES)}")
    H_FOLLOWER = changes.get("H_FOLLOWER", H_FOLLOWER)
    H_MARKET = changes.get("H_MARKET", H_MARKET)
    H_ACTIVE = changes.get("H_ACTIVE", H_ACTIVE)
    H_PARTIAL = changes.get("H_PARTIAL", H_PARTIAL)
    H_DEV = changes.get("H_DEV", H_DEV)
    H_TECH = changes.get("H_TECH", H_TECH)
    H_DRAW = changes.get("H_DRAW", H_DRAW)
    H_TILE = changes.get("H_TILE", H_TILE)
    H_NO_FOOD = changes.get("H_NO_FOOD", H_NO_FOOD)
    H_SHORT = changes.get("H_SHORT", H_SHORT)
    H_STATION = changes.get("H_STATION", H_STATION)
    H_FUTURE = changes.get("H_FUTURE", H_FUTURE)
    REWARD_SCALE = changes.get("REWARD_SCALE", REWARD_SCALE)
    REWARD_LINEAR = changes.get("REWARD_LINEAR", REWARD_LINEAR)
    return dict(H_STATION=H_STATION, H_FUTURE=H_FUTURE, REWARD_LINEAR=REWARD_LINEAR, H_FOLLOWER=H_FOLLOWER, H_MARKET=H_MARKET, H_ACTIVE=H_ACTIVE, H_PARTIAL=H_PARTIAL, H_DEV=H_DEV,
                H_TECH=H_TECH, H_DRAW=H_DRAW, H_TILE=H_TILE, H_NO_FOOD=H_NO_FOOD, H_SHORT=H_SHORT,
                REWARD_SCALE=REWARD_SCALE)


cdef double orl_progress(const void* sp) noexcept nogil:
    # the share of the game played (GameOps.progress): rounds gone of 18
    cdef const OrlState* s = <const OrlState*>sp
    cdef double t
    if s.game_over:
        return 1.0
    t = (s.round - 1.0) / ROUNDS
    return 0.0 if t < 0 else (1.0 if t > 1 else t)


cdef int64_t orl_clock(const void* sp) noexcept nogil:
    # the game's clock in turns (GameOps.clock): 4096 steps a round, 512 a
    # phase, and in a phase played seat by seat (the exclusion, the
    # followers, the planning, the events) the seats done.  The actions
    # phase keeps no counter of its turns, and nothing stands for one (the
    # followers left on places fall as actions are taken, but the Bathhouse
    # puts followers on places mid-turn), so there the clock stands still
    # and a turn ends where the next seat decides
    cdef const OrlState* s = <const OrlState*>sp
    cdef int64_t t
    if s.game_over:
        return (<int64_t>ROUNDS + 2) * 4096
    t = <int64_t>s.round * 4096 + s.phase * 512
    return t if s.phase == PH_ACTIONS else t + s.step
