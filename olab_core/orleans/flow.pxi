# The course of a round (summary, Course of Play): hourglass, census,
# followers, planning, actions, event, start player, 18 times; and the
# chance draws.
#
# advance() runs everything automatic until a player must decide, a chance
# node is pending (chance="explicit" only: with "sampled" the state's own
# generator draws at once) or the game is over.  A decision whose only legal
# action ends it (nothing left to draw, place, use or put down) is taken
# automatically, so a player is asked only when there is a choice.

cdef inline bint explicit(const OrlState* s) noexcept nogil:
    return (s.cfg.flags & CF_EXPLICIT) or s.draws_as_chance


cdef inline void begin_chance(OrlState* s, int kind, int pi) noexcept nogil:
    s.chance = kind
    s.chance_player = pi
    s.dec = D_NONE
    s.chooser = 0                     # nobody decides at a chance node (canonical bytes)


# ---------------------------------------------------------------------------
# chance nodes: their outcomes, exact weights (the counts: one draw at a
# time, never the distribution of whole sequences) and resolution

cdef int chance_weights(const OrlState* s, int32_t* acts, uint32_t* w) noexcept nogil:
    cdef int n = 0, k, top
    cdef const Player* p
    if s.chance == CN_HOURGLASS:
        for k in range(N_EVENTS):
            if s.hourglass[k]:
                acts[n] = A_CHANCE_EVENT + k
                w[n] = s.hourglass[k]
                n += 1
        return n
    p = &s.pl[s.chance_player]
    # torture draws again on a tile of the player's colour: only neutral ones count
    top = N_CHARS if s.chance == CN_TORTURE else N_KINDS
    for k in range(top):
        if p.bag[k]:
            acts[n] = A_CHANCE_KIND + k
            w[n] = p.bag[k]
            n += 1
    return n


cdef int32_t sample_outcome(const OrlState* s, Pcg32* rng) noexcept nogil:
    cdef int32_t acts[N_KINDS + N_EVENTS]
    cdef uint32_t w[N_KINDS + N_EVENTS]
    cdef int n = chance_weights(s, acts, w), i
    cdef uint32_t total = 0, r
    for i in range(n):
        total += w[i]
    r = pcg32_bounded(rng, total)
    for i in range(n):
        if r < w[i]:
            return acts[i]
        r -= w[i]
    return acts[n - 1]


cdef bint chance_legal(const OrlState* s, int32_t a) noexcept nogil:
    cdef int k
    if s.chance == CN_HOURGLASS:
        k = a - A_CHANCE_EVENT
        return 0 <= k < N_EVENTS and s.hourglass[k] > 0
    k = a - A_CHANCE_KIND
    if not 0 <= k < (N_CHARS if s.chance == CN_TORTURE else N_KINDS):
        return False
    return s.pl[s.chance_player].bag[k] > 0


cdef void do_chance(OrlState* s, int32_t a) noexcept nogil:
    cdef int kind = s.chance, pi = s.chance_player, k
    cdef Player* p = &s.pl[pi]
    s.chance = CN_NONE
    s.chance_player = 0
    if kind == CN_HOURGLASS:
        k = a - A_CHANCE_EVENT
        s.event = k
        s.hourglass[k] -= 1
        s.phase = PH_CENSUS
        return
    k = a - A_CHANCE_KIND
    p.bag[k] -= 1
    if kind == CN_DRAW:
        p.market[k] += 1
        p.drawn += 1
        if s.left > 0:                # DRAW_ALL: the next draw at once while one is allowed
            s.left -= 1
            if s.left > 0 and p.drawn < DRAW_AT[p.track[CH_KNIGHT]] and bag_total(p) > 0 \
                    and market_total(p) < MARKET:
                begin_chance(s, CN_DRAW, pi)
                return
            s.left = 0
        s.dec = D_DRAW
        s.chooser = pi
    elif kind == CN_PLAGUE:
        if k < OWN0:
            s.char_supply[k] += 1     # back to the board; the track is not moved back
        else:
            p.bag[k] += 1             # a tile of the player's colour: nothing is lost
    elif kind == CN_BATH:
        s.bath[k] += 1
        s.left -= 1
        if s.left > 0 and bag_total(p) > 0:
            begin_chance(s, CN_BATH, pi)
        else:
            s.left = BATH_PLACE_N
            s.dec = D_BATH
            s.chooser = pi
    elif kind == CN_TORTURE:
        s.debt -= 1                   # the follower is removed from the game
        if s.debt == 0:
            s.debtor = 0


# ---------------------------------------------------------------------------
# census, events, the end

cdef void start_debt(OrlState* s, int pi, int amount) noexcept nogil:
    # pay what the coins cover; every missing coin is an item given up to torture
    cdef Player* p = &s.pl[pi]
    cdef int x = amount if amount < p.coins else p.coins
    if x > 0:
        pay_coins(s, p, x)
    if amount - x > 0:
        s.debt = amount - x
        s.debtor = pi


cdef void census(OrlState* s) noexcept nogil:
    # the strict leader on the farmers track gains, the strict last pays (not
    # with 2 players); a tie means nothing
    cdef int n = s.cfg.players, i, hi = -1, lo = 99, nhi = 0, nlo = 0, phi = 0, plo = 0, f
    for i in range(n):
        f = s.pl[i].track[CH_FARMER]
        if f > hi:
            hi, nhi, phi = f, 1, i
        elif f == hi:
            nhi += 1
        if f < lo:
            lo, nlo, plo = f, 1, i
        elif f == lo:
            nlo += 1
    if nhi == 1:
        gain_coins(s, &s.pl[phi], CENSUS_GAIN)
    if nlo == 1 and (n > 2 or CENSUS_2P_PAY):
        start_debt(s, plo, CENSUS_PAY)


cdef inline bint sacristy_ready(const Player* p) noexcept nogil:
    cdef int pl
    if SACRISTY_TILE < 0 or not (p.tiles >> SACRISTY_TILE) & 1:
        return False
    pl = N_BOARD + SACRISTY_TILE
    return activated(p, pl)


cdef bint event_costs(const OrlState* s, int pi) noexcept nogil:
    # whether the round's negative event would cost seat pi something: the
    # Sacristy's monk goes back "instead of suffering the event", so it is
    # spent only where there is something to suffer (choices.json sacristy)
    cdef const Player* p = &s.pl[pi]
    cdef int ev = s.event, g, k
    if ev == EV_HARVEST:
        for g in range(N_GOODS):
            if FOOD[g] and p.goods[g]:
                return True
        # no food: 5 coins, paid in coins or by torture; with neither nothing is lost
        return p.coins > 0 or torture_possible(s, pi)
    if ev == EV_TAXES:
        return goods_total(p) // TAXES_PER > 0
    if ev == EV_PLAGUE:
        # only a neutral tile can be lost ("you cannot lose the Followers of your color")
        for k in range(N_CHARS):
            if p.bag[k]:
                return True
        return False
    return False


cdef void event_for(OrlState* s, int pi) noexcept nogil:
    cdef Player* p = &s.pl[pi]
    cdef int ev = s.event, g, kinds = 0, last = 0, j, pl
    if (ev == EV_HARVEST or ev == EV_TAXES or ev == EV_PLAGUE) and sacristy_ready(p) and event_costs(s, pi):
        # the Sacristy's monk goes back to the bag instead of the event
        pl = N_BOARD + SACRISTY_TILE
        for j in range(PLACE_NSPACES[pl]):
            if p.slot[pl][j] != SLOT_EMPTY and p.slot[pl][j] != SLOT_TECH:
                p.bag[p.slot[pl][j] - 1] += 1
                p.slot[pl][j] = SLOT_EMPTY
        return
    if ev == EV_INCOME:
        gain_coins(s, p, status_of(p))
    elif ev == EV_TRADING_DAY:
        gain_coins(s, p, p.stations_built)
    elif ev == EV_HARVEST:
        for g in range(N_GOODS):
            if FOOD[g] and p.goods[g]:
                kinds += 1
                last = g
        if kinds == 0:
            start_debt(s, pi, HARVEST_COINS)
        elif kinds == 1:
            p.goods[last] -= 1
            s.goods_supply[last] += 1
        else:
            s.dec = D_HARVEST
            s.chooser = pi
    elif ev == EV_TAXES:
        if goods_total(p) // TAXES_PER > 0:
            start_debt(s, pi, goods_total(p) // TAXES_PER)
    elif ev == EV_PLAGUE:
        if bag_total(p) > 0:
            begin_chance(s, CN_PLAGUE, pi)


cdef void finish_game(OrlState* s) noexcept nogil:
    # the spare citizen to the strict leader in trading stations built
    cdef int i, best = -1, who = -1, ties = 0
    for i in range(s.cfg.players):
        if s.pl[i].stations_built > best:
            best, who, ties = s.pl[i].stations_built, i, 1
        elif s.pl[i].stations_built == best:
            ties += 1
    if ties == 1:
        take_citizen(s, who, CIT_STATIONS)
    s.phase = PH_OVER
    s.dec = D_NONE
    s.chooser = 0
    s.game_over = 1


# ---------------------------------------------------------------------------
# the loop

cdef void advance(OrlState* s) noexcept nogil:
    cdef int n = s.cfg.players, i, pi
    while True:
        if s.game_over:
            return
        if s.chance != CN_NONE:
            if explicit(s):
                return
            do_chance(s, sample_outcome(s, &s.rng))
            continue
        if s.dec != D_NONE:
            if take_forced(s):
                continue
            return
        if s.debt > 0:
            if torture_possible(s, s.debtor):
                s.dec = D_TORTURE
                s.chooser = s.debtor
                return
            s.debt = 0                # nothing left to give: the rest is forgiven
            s.debtor = 0
            continue
        if s.phase == PH_EXCLUDE:
            if s.step < EXCLUDE_PER[n] * n and s.tiles_avail:
                s.dec = D_EXCLUDE
                s.chooser = seat_at(s, s.step % n)
                continue
            s.phase = PH_HOURGLASS
            s.step = 0
        elif s.phase == PH_HOURGLASS:
            if s.round == 1 and s.hourglass[FIRST_EVENT] > 0:
                s.event = FIRST_EVENT
                s.hourglass[FIRST_EVENT] -= 1
                s.phase = PH_CENSUS
            else:
                begin_chance(s, CN_HOURGLASS, 0)
        elif s.phase == PH_CENSUS:
            s.phase = PH_FOLLOWERS
            s.step = 0
            census(s)
        elif s.phase == PH_FOLLOWERS:
            if s.step >= n:
                s.phase = PH_PLANNING
                s.step = 0
                continue
            pi = seat_at(s, s.step)
            s.pl[pi].drawn = 0
            s.dec = D_DRAW
            s.chooser = pi
        elif s.phase == PH_PLANNING:
            if s.step >= n:
                s.phase = PH_ACTIONS
                s.step = 0
                s.current = s.start
                for i in range(n):
                    s.pl[i].passed = 0
                continue
            s.dec = D_PLAN
            s.chooser = seat_at(s, s.step)
        elif s.phase == PH_ACTIONS:
            for i in range(n):
                if not s.pl[(s.current + i) % n].passed:
                    break
            else:
                for i in range(n):
                    s.pl[i].passed = 0
                s.phase = PH_EVENT
                s.step = 0
                s.current = 0
                continue
            s.current = (s.current + i) % n
            s.dec = D_ACT
            s.chooser = s.current
        elif s.phase == PH_EVENT:
            if s.step >= n:
                s.event = EV_NONE
                s.step = 0
                if s.round >= ROUNDS:
                    finish_game(s)
                    return
                s.round += 1
                s.start = (s.start + 1) % n     # phase 7: the token goes to the left
                s.phase = PH_HOURGLASS
                continue
            pi = seat_at(s, s.step)
            s.step += 1
            event_for(s, pi)
        else:
            return
