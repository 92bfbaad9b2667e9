# What every decision does (summary, The Actions / Places, The Place Tiles in
# Detail, Torture).  do_decision() changes the position and leaves the next
# step to advance().

cdef inline void decode_space(int x, int* place, int* space) noexcept nogil:
    space[0] = x % MAX_SPACES
    place[0] = x // MAX_SPACES


cdef void canon_group(Player* p, int place, int need) noexcept nogil:
    # the spaces of a place asking for the same are interchangeable: keep their
    # contents sorted (largest first, free spaces last), so that one position
    # has one byte pattern whichever space a tile went to
    cdef int i, j, m = 0
    cdef int idx[MAX_SPACES]
    cdef uint8_t t
    for i in range(PLACE_NSPACES[place]):
        if PLACE_NEED[place][i] == need:
            idx[m] = i
            m += 1
    for i in range(1, m):
        j = i
        while j > 0 and p.slot[place][idx[j - 1]] < p.slot[place][idx[j]]:
            t = p.slot[place][idx[j - 1]]
            p.slot[place][idx[j - 1]] = p.slot[place][idx[j]]
            p.slot[place][idx[j]] = t
            j -= 1


cdef inline void set_slot(Player* p, int place, int space, uint8_t v) noexcept nogil:
    p.slot[place][space] = v
    canon_group(p, place, PLACE_NEED[place][space])


cdef inline void recruit(OrlState* s, Player* p, int c) noexcept nogil:
    # the character from the supply into the bag, the cube one step on
    s.char_supply[c] -= 1
    p.bag[c] += 1
    if c < N_TRACKS:
        p.track[c] += 1


cdef inline void end_turn(OrlState* s) noexcept nogil:
    s.dec = D_NONE
    s.current = (s.current + 1) % s.cfg.players


cdef void finish_use(OrlState* s, int pi) noexcept nogil:
    # "After playing an action, remove the Followers used and return them to
    # your bag (Technology Tiles remain on their spaces)"
    cdef Player* p = &s.pl[pi]
    cdef int place = s.use_place, j, v
    for j in range(PLACE_NSPACES[place]):
        v = p.slot[place][j]
        if v != SLOT_EMPTY and v != SLOT_TECH:
            p.bag[v - 1] += 1
            p.slot[place][j] = SLOT_EMPTY
    for j in range(PLACE_NSPACES[place]):
        canon_group(p, place, PLACE_NEED[place][j])
    s.use_place = 0
    s.move_road = 0
    end_turn(s)


cdef void next_deed(OrlState* s, int pi) noexcept nogil:
    # the Town Hall / Gunpowder Tower: the next character that has a free deed
    # space is asked about; one without goes back to the bag.  The queue is
    # kept packed (a waiting character is always first), so that one position
    # has one set of bytes.
    cdef Player* p = &s.pl[pi]
    cdef int k
    while True:
        if s.deed_q[0] == 0:
            s.deed_q[0] = s.deed_q[1]
            s.deed_q[1] = 0
        if s.deed_q[0] == 0:
            break
        k = s.deed_q[0] - 1
        if deed_takes(s, k):
            s.dec = D_DEED
            s.chooser = pi
            return
        p.bag[k] += 1
        s.deed_q[0] = 0
    finish_use(s, pi)


cdef void queue_for_deeds(OrlState* s, int pi, int place) noexcept nogil:
    cdef Player* p = &s.pl[pi]
    cdef int j, c, n = 0
    if place == TOWER_PLACE:
        for c in range(N_CHARS):
            while p.tower[c] and n < 2:
                s.deed_q[n] = c + 1
                p.tower[c] -= 1
                n += 1
    else:
        for j in range(PLACE_NSPACES[place]):
            if p.slot[place][j] != SLOT_EMPTY and p.slot[place][j] != SLOT_TECH and n < 2:
                s.deed_q[n] = p.slot[place][j]
                p.slot[place][j] = SLOT_EMPTY
                n += 1
    next_deed(s, pi)


cdef void use_place(OrlState* s, int pi, int place, int option) noexcept nogil:
    # carry out an activated place (option: the Village's character, and for a
    # trader the place tile taken)
    cdef Player* p = &s.pl[pi]
    cdef int k = PLACE_KIND[place], step, g, t
    s.use_place = place
    s.dec = D_NONE
    if k == P_FARM_HOUSE:
        step = p.track[CH_FARMER]
        g = FARMER_GOOD[step]
        recruit(s, p, CH_FARMER)
        s.goods_supply[g] -= 1
        p.goods[g] += 1
    elif k == P_VILLAGE:
        if option == CH_BOATMAN:
            step = p.track[CH_BOATMAN]
            recruit(s, p, CH_BOATMAN)
            if BOAT_CITIZEN[step]:
                if s.citizen[CIT_BOATMEN] == 0:
                    take_citizen(s, pi, CIT_BOATMEN)
                else:
                    gain_coins(s, p, BOAT_FALLBACK)
            else:
                gain_coins(s, p, BOAT_COINS[step])
        elif option == CH_CRAFTSMAN:
            recruit(s, p, CH_CRAFTSMAN)
            s.tech_supply -= 1
            p.tech_pending += 1        # placed once its owner has passed
        else:
            t = option - N_CHARS
            recruit(s, p, CH_TRADER)
            s.tiles_avail &= ~(<uint32_t>1 << t)
            p.tiles |= <uint32_t>1 << t
            update_subs(p)
    elif k == P_UNIVERSITY:
        step = p.track[CH_SCHOLAR]
        recruit(s, p, CH_SCHOLAR)
        gain_dev(s, pi, SCHOLAR_DEV[step])
    elif k == P_CASTLE:
        step = p.track[CH_KNIGHT]
        recruit(s, p, CH_KNIGHT)
        if KNIGHT_CITIZEN[step]:
            take_citizen(s, pi, CIT_KNIGHTS)
    elif k == P_MONASTERY:
        recruit(s, p, CH_MONK)
    elif k == P_SHIP or k == P_WAGON or k == K_MOVE:
        s.move_road = 1 if (k == P_WAGON or (k == K_MOVE and PLACE_A[place] == 0)) else 0
        s.dec = D_MOVE
        s.chooser = pi
        return
    elif k == P_GUILDHALL:
        s.station[p.town] |= <uint8_t>(1 << pi)
        p.stations_left -= 1
        p.stations_built += 1
    elif k == P_SCRIPTORIUM:
        gain_dev(s, pi, SCRIPTORIUM_DEV)
    elif k == P_TOWN_HALL or k == K_TOWER:
        queue_for_deeds(s, pi, place)
        return
    elif k == K_GOOD:
        s.goods_supply[PLACE_A[place]] -= 1
        p.goods[PLACE_A[place]] += 1
    elif k == K_COINS:
        gain_coins(s, p, PLACE_A[place])
    elif k == K_COINS_DEV:
        gain_coins(s, p, PLACE_A[place])
        gain_dev(s, pi, PLACE_B[place])
    elif k == K_DEV:
        gain_dev(s, pi, PLACE_A[place])
    elif k == K_COINS_STATUS:
        gain_coins(s, p, status_of(p))
    elif k == K_COINS_STATION:
        gain_coins(s, p, p.stations_built)
    elif k == K_PHARMACY:
        s.dec = D_PHARMACY
        s.chooser = pi
        return
    elif k == K_BATHHOUSE:
        s.left = BATH_DRAW if BATH_DRAW < bag_total(p) else bag_total(p)
        begin_chance(s, CN_BATH, pi)
        return
    elif k == K_TECH:
        s.tech_supply -= 1
        p.tech_pending += 1
    finish_use(s, pi)


cdef void end_bath(OrlState* s, int pi) noexcept nogil:
    # the drawn tiles not placed, and then the Bathhouse's follower, back to the bag
    cdef Player* p = &s.pl[pi]
    cdef int k
    for k in range(N_KINDS):
        p.bag[k] += s.bath[k]
        s.bath[k] = 0
    s.left = 0
    finish_use(s, pi)


cdef void end_followers_turn(OrlState* s, int pi) noexcept nogil:
    s.pl[pi].drawn = 0
    s.left = 0
    s.step += 1
    s.dec = D_NONE


cdef void lose_tile(OrlState* s, int pi, int t) noexcept nogil:
    # a place tile given up to torture: out of the game; its followers back to
    # the bag, a technology tile on it back to the unplaced ones (choices.json)
    cdef Player* p = &s.pl[pi]
    cdef int place = N_BOARD + t, j, v, c
    for j in range(PLACE_NSPACES[place]):
        v = p.slot[place][j]
        if v == SLOT_TECH:
            p.tech_pending += 1
        elif v != SLOT_EMPTY:
            p.bag[v - 1] += 1
        p.slot[place][j] = SLOT_EMPTY
    if place == TOWER_PLACE:
        for c in range(N_CHARS):
            p.bag[c] += p.tower[c]
            p.tower[c] = 0
    p.tiles &= ~(<uint32_t>1 << t)
    update_subs(p)


cdef void do_decision(OrlState* s, int32_t a) noexcept nogil:
    # a legal decision (checked by the caller)
    cdef int pi = s.chooser, n = s.cfg.players, place, space, src, k, i, d, sp, x
    cdef Player* p = &s.pl[pi]
    cdef int dec = s.dec
    if dec == D_EXCLUDE:
        if a != A_EXCLUDE_NONE:
            s.tiles_avail &= ~(<uint32_t>1 << (a - A_EXCLUDE))
            s.tiles_excluded |= <uint32_t>1 << (a - A_EXCLUDE)
        s.step += 1
        s.dec = D_NONE
    elif dec == D_DRAW:
        if a == A_DRAW:
            s.dec = D_NONE
            begin_chance(s, CN_DRAW, pi)
        elif a == A_DRAW_ALL:
            s.left = draw_limit(p) - p.drawn          # draws to make, one chance draw at a time
            s.dec = D_NONE
            begin_chance(s, CN_DRAW, pi)
        elif a == A_STOP:
            # each draw declined may bring a placed follower back to the market:
            # only draws that could have been made (the bag holds the tiles;
            # choices.json recall_for_declined_draws), so an empty bag gives none
            x = draw_limit(p) - p.drawn
            if x > bag_total(p):
                x = bag_total(p)
            s.left = x if x > 0 else 0
            s.dec = D_RECALL
        else:
            k = a - A_TOWER
            p.market[k] -= 1
            p.tower[k] += 1
    elif dec == D_RECALL:
        if a == A_DONE:
            end_followers_turn(s, pi)
        else:
            decode_space(a - A_RECALL, &place, &space)
            p.market[p.slot[place][space] - 1] += 1
            set_slot(p, place, space, SLOT_EMPTY)
            s.left -= 1
    elif dec == D_PLAN or dec == D_BATH:
        if a == A_DONE:
            if dec == D_PLAN:
                s.step += 1
                s.dec = D_NONE
            else:
                end_bath(s, pi)
        else:
            x = a - A_PLACE
            decode_space(x % (N_PLACES * MAX_SPACES), &place, &space)
            src = x // (N_PLACES * MAX_SPACES)
            if dec == D_BATH:
                s.bath[src] -= 1
                s.left -= 1
                k = src
            elif src < N_KINDS:
                p.market[src] -= 1
                k = src
            else:
                k = src - N_KINDS
                p.tower[k] -= 1
            set_slot(p, place, space, k + 1)
    elif dec == D_ACT:
        if a == A_PASS:
            p.passed = 1
            if p.tech_pending:
                s.dec = D_TECH            # technology tiles go down after passing
            else:
                end_turn(s)
        elif a == A_VILLAGE_BOATMAN:
            use_place(s, pi, P_VILLAGE, CH_BOATMAN)
        elif a == A_VILLAGE_CRAFTSMAN:
            use_place(s, pi, P_VILLAGE, CH_CRAFTSMAN)
        elif A_VILLAGE_TRADER <= a < A_VILLAGE_TRADER + N_TILES:
            use_place(s, pi, P_VILLAGE, N_CHARS + a - A_VILLAGE_TRADER)
        else:
            use_place(s, pi, a - A_USE, 0)
    elif dec == D_MOVE:
        x = a - A_MOVE
        i = x // 6
        k = x % 6 - 1
        p.town = CONN_B[i] if CONN_A[i] == p.town else CONN_A[i]
        if k >= 0:
            if s.conn_goods[i][0] == k + 1:
                s.conn_goods[i][0] = s.conn_goods[i][1]
            s.conn_goods[i][1] = 0
            p.goods[k] += 1
        finish_use(s, pi)
    elif dec == D_DEED:
        i = 0                         # the queue is packed: the first waits
        k = s.deed_q[i] - 1
        d = CANAL_DEED if (a == A_CANAL_COIN or a == A_CANAL_DEV) else a - A_DEED
        sp = deed_free_space(s, d, k)
        if sp < 0:                    # never: the action was checked
            return
        s.deed[sp] = pi + 1
        if a == A_CANAL_DEV:
            gain_dev(s, pi, DEED_DEV[d])
        else:
            gain_coins(s, p, DEED_COINS[d])
        for sp in range(DEED_FIRST[d], DEED_FIRST[d + 1]):
            if s.deed[sp] == 0:
                break
        else:
            take_citizen(s, pi, d)    # the last space: the deed's citizen
        s.deed_q[i] = 0
        s.dec = D_NONE
        next_deed(s, pi)
    elif dec == D_PHARMACY:
        k = a - A_AMOUNT
        pay_coins(s, p, k)
        gain_dev(s, pi, k)
        finish_use(s, pi)
    elif dec == D_TECH:
        if a == A_DONE:
            end_turn(s)
        else:
            decode_space(a - A_TECH, &place, &space)
            set_slot(p, place, space, SLOT_TECH)
            p.tech_pending -= 1
            p.tech_placed += 1
    elif dec == D_HARVEST:
        k = a - A_FOOD
        p.goods[k] -= 1
        s.goods_supply[k] += 1
        s.dec = D_NONE
    elif dec == D_TORTURE:
        s.dec = D_NONE
        if a == A_TORT_FOLLOWER:
            begin_chance(s, CN_TORTURE, pi)
            return
        if a == A_TORT_STOCK:
            p.stations_left -= 1
        elif a == A_TORT_DEV:
            p.dev -= 1
        elif a == A_TORT_TECH_PENDING:
            p.tech_pending -= 1
        elif A_TORT_GOOD <= a < A_TORT_GOOD + N_GOODS:
            p.goods[a - A_TORT_GOOD] -= 1
        elif A_TORT_PLACE <= a < A_TORT_PLACE + N_TILES:
            lose_tile(s, pi, a - A_TORT_PLACE)
        elif A_TORT_STATION <= a < A_TORT_STATION + MAX_TOWNS:
            s.station[a - A_TORT_STATION] &= ~(<uint8_t>(1 << pi))
            p.stations_built -= 1
        else:
            place = a - A_TORT_TECH
            for space in range(PLACE_NSPACES[place]):
                if p.slot[place][space] == SLOT_TECH:
                    set_slot(p, place, space, SLOT_EMPTY)
                    break
        s.debt -= 1
        if s.debt == 0:
            s.debtor = 0
