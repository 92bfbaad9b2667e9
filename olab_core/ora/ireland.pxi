# Card functions of the Ireland (I) buildings, one step_<card>() each, same
# protocol as cards.pxi (and in the same table, CARD_STEP in dispatch.pxi).
# Numbers from buildings.json; each is pinned by tests/ora/test_cards_ireland.py
# and checked against the cards' effect_parts by tests/ora/test_effect_parts.py.

cdef int8_t MALT_OR_GRAIN[2]
MALT_OR_GRAIN[:] = [G_GRAIN, G_MALT]
cdef int8_t BEER_OR_WHISKEY[2]
BEER_OR_WHISKEY[:] = [G_BEER, G_WHISKEY]
cdef int8_t PORTICO_GOODS[7]
PORTICO_GOODS[:] = [G_WOOD, G_CLAY, G_STONE, G_PEAT, G_GRAIN, G_SHEEP, G_COIN]


cdef int legal_take_ireland(const OraState* s, int32_t* out) noexcept nogil:
    # the TAKE choices of Ireland cards; joker marks the wheel's joker value
    cdef const Decision* d = &s.dec
    cdef int cid = d.card, n = 0, i, g
    if cid == C_I08 or (cid == C_I14 and d.step == 2):
        for i in range(2):                  # 1 beer or 1 whiskey
            out[n] = A_TAKE + 2 * BEER_OR_WHISKEY[i]
            n += 1
    elif cid == C_I14:
        for i in range(2):                  # 2 grain or 2 malt
            out[n] = A_TAKE + 2 * MALT_OR_GRAIN[i]
            n += 1
    elif cid == C_I15:
        for i in range(6):                  # 5 of one basic good, then 3 of another
            g = BASIC_GOODS[i]
            if d.step == 3 and g == d.a1:
                continue
            out[n] = A_TAKE + 2 * g
            n += 1
    elif cid == C_I33:
        for i in range(2):                  # beer or whiskey by the joker's value
            out[n] = A_TAKE + 2 * BEER_OR_WHISKEY[i] + 1
            n += 1
    if d.flags & DF_SKIP:
        out[n] = A_SKIP
        n += 1
    return n


cdef inline int forests_and_moors(const Player* p) noexcept nogil:
    return u128_popcount(p.forest) + u128_popcount(p.moor)


# plain gains: Houseboat, Spinning Mill
cdef int step_plain_gain_ireland(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int cid = d.card, st = d.step, n
    if st == 0:
        if printed_empty_use(s):
            return ask(s, D_ACCEPT, 1, DF_SKIP | DF_ACCEPT)
        d.res = 1
    if d.res == -1:
        return DONE
    if cid == C_I11:              # 1 wood, 1 malt, 1 coin, 1 peat
        gain(me, G_WOOD, 1); gain(me, G_MALT, 1); gain(me, G_COIN, 1); gain(me, G_PEAT, 1)
    else:                         # coins by the sheep owned: 1-4 -> 3, 5-8 -> 5, 9+ -> 6
        n = me.goods[G_SHEEP]
        gain(me, G_COIN, 6 if n >= 9 else (5 if n >= 5 else (3 if n >= 1 else 0)))
    return DONE


# False Lighthouse: 3 coins and 1 beer or 1 whiskey
cdef int step_false_lighthouse(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask(s, D_TAKE, 1, DF_SKIP if printed_empty_use(s) else 0)
    if d.res < 0:
        return DONE
    gain(me, G_COIN, 3)
    gain(me, d.res >> 1, 1)
    return DONE


# Sacred Site: 1 book, 2 grain or 2 malt, 1 beer or 1 whiskey
cdef int step_sacred_site(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask(s, D_TAKE, 1, DF_SKIP if printed_empty_use(s) else 0)
    if st == 1:
        if d.res < 0:
            return DONE
        d.a1 = d.res >> 1
        return ask(s, D_TAKE, 2, 0)
    gain(me, G_BOOK, 1)
    gain(me, d.a1, 2)
    gain(me, d.res >> 1, 1)
    return DONE


# Refectory: 1 beer and 1 meat, then up to 4 times 1 meat -> 1 ceramic
cdef int step_refectory(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        if printed_empty_use(s):
            return ask_amount(s, 0, min(4, me.goods[G_MEAT] + 1), 1, DF_SKIP)
        d.a1 = 1
        gain(me, G_BEER, 1); gain(me, G_MEAT, 1)
        return ask_amount(s, 0, min(4, me.goods[G_MEAT]), 1, 0)
    if d.res < 0:
        return DONE
    if d.a1 == 0:
        gain(me, G_BEER, 1); gain(me, G_MEAT, 1)
    me.goods[G_MEAT] -= d.res
    gain(me, G_CERAMIC, d.res)
    return DONE


# one fixed exchange, at most once
cdef int step_fixed_exchange_ireland(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int cid = d.card, st = d.step, n, hi
    if st == 0:
        if cid == C_I03 or cid == C_I17:
            hi = 1 if money_avail(me) >= 1 else 0
        elif cid == C_I23:
            hi = 1 if money_avail(me) >= 2 else 0
        elif cid == C_I25:
            hi = 1 if me.goods[G_RELIQUARY] >= 1 else 0
        else:
            hi = 1 if me.goods[G_BOOK] >= 1 else 0
        return ask_amount(s, 0, hi, 1, 0)
    if d.res <= 0:
        return DONE
    if cid == C_I03:              # 1 coin -> 4 grain, 1 book
        pay_money(me, 1); gain(me, G_GRAIN, 4); gain(me, G_BOOK, 1)
    elif cid == C_I17:            # 1 coin -> 1 book, 1 meat, 1 whiskey
        pay_money(me, 1); gain(me, G_BOOK, 1); gain(me, G_MEAT, 1); gain(me, G_WHISKEY, 1)
    elif cid == C_I25:            # 1 reliquary -> 2 each of 7 basic goods (14)
        me.goods[G_RELIQUARY] -= 1
        for n in range(7):
            gain(me, PORTICO_GOODS[n], 2)
    elif cid == C_I23:            # 2 coins -> the prior comes home, one Build
        pay_money(me, 2)
        recall_clergy(s, d.actor, True)
        s.bonus_build += 1
    else:                         # Bulwark: 1 book -> a free district and/or plot
        me.goods[G_BOOK] -= 1
        s.bonus_district = 1
        s.bonus_plot = 1
    return DONE


# Malthouse: any number of times 1 grain -> 1 malt + 1 straw
cdef int step_malthouse(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask_amount(s, 0, me.goods[G_GRAIN], 1, 0)
    me.goods[G_GRAIN] -= d.res; gain(me, G_MALT, d.res); gain(me, G_STRAW, d.res)
    return DONE


# Brewery: any number of times malt + grain -> beer, and then/or once 1 beer -> 7 coins
cdef int step_brewery(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask_amount(s, 0, min(me.goods[G_MALT], me.goods[G_GRAIN]), 1, 0)
    if st == 1:
        me.goods[G_MALT] -= d.res; me.goods[G_GRAIN] -= d.res; gain(me, G_BEER, d.res)
        return ask_amount(s, 0, min(1, me.goods[G_BEER]), 2, 0)
    me.goods[G_BEER] -= d.res; gain(me, G_COIN, 7 * d.res)
    return DONE


# Druid's House: 1 book -> 5 of one basic good and 3 of another
cdef int step_druids_house(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask_amount(s, 0, 1 if me.goods[G_BOOK] else 0, 1, 0)
    if st == 1:
        if d.res <= 0:
            return DONE
        return ask(s, D_TAKE, 2, 0)
    if st == 2:
        d.a1 = d.res >> 1
        return ask(s, D_TAKE, 3, 0)
    me.goods[G_BOOK] -= 1
    gain(me, d.a1, 5)
    gain(me, d.res >> 1, 3)
    return DONE


# Alehouse: once 1 beer -> 8 coins, and/or once 1 whiskey -> 7 coins
cdef int step_alehouse(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask_amount(s, 0, min(1, me.goods[G_BEER]), 1, 0)
    if st == 1:
        me.goods[G_BEER] -= d.res; gain(me, G_COIN, 8 * d.res)
        return ask_amount(s, 0, min(1, me.goods[G_WHISKEY]), 2, 0)
    me.goods[G_WHISKEY] -= d.res; gain(me, G_COIN, 7 * d.res)
    return DONE


# Whiskey Distillery: any number of times malt + wood + peat -> 2 whiskey
cdef int step_whiskey_distillery(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask_amount(s, 0, min(me.goods[G_MALT], me.goods[G_WOOD], me.goods[G_PEAT]), 1, 0)
    me.goods[G_MALT] -= d.res; me.goods[G_WOOD] -= d.res; me.goods[G_PEAT] -= d.res
    gain(me, G_WHISKEY, 2 * d.res)
    return DONE


# Chapel: once 1 coin -> 1 book, and/or up to 3 times beer + whiskey -> reliquary
cdef int step_chapel(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        return ask_amount(s, 0, 1 if money_avail(me) >= 1 else 0, 1, 0)
    if st == 1:
        if d.res > 0:
            pay_money(me, 1); gain(me, G_BOOK, 1)
        return ask_amount(s, 0, min(3, me.goods[G_BEER], me.goods[G_WHISKEY]), 2, 0)
    me.goods[G_BEER] -= d.res; me.goods[G_WHISKEY] -= d.res; gain(me, G_RELIQUARY, d.res)
    return DONE


# Coal Harbor: up to 3 times 1 peat coal -> 3 coins + 1 whiskey
cdef int step_coal_harbor(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    cdef int coal_good = G_PEAT if (s.cfg.flags & RF_COAL_HARBOR_PEAT) else G_COAL
    if st == 0:
        return ask_amount(s, 0, min(3, me.goods[coal_good]), 1, 0)
    me.goods[coal_good] -= d.res; gain(me, G_COIN, 3 * d.res); gain(me, G_WHISKEY, d.res)
    return DONE


# Camera: up to 2 times book + ceramic -> 1 coin, 1 clay, 1 reliquary
cdef int step_camera(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, n
    if st == 0:
        return ask_amount(s, 0, min(2, me.goods[G_BOOK], me.goods[G_CERAMIC]), 1, 0)
    n = d.res
    me.goods[G_BOOK] -= n; me.goods[G_CERAMIC] -= n
    gain(me, G_COIN, n); gain(me, G_CLAY, n); gain(me, G_RELIQUARY, n)
    return DONE


# Forest Hut: remove a forest (no wood) -> 2 sheep, 2 wood, 1 stone
cdef int step_forest_hut(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        if not me.forest:
            return DONE
        return ask_space(s, d.actor, me.forest, SC_CARD, 1, DF_SKIP)
    if d.res >= 0:
        put_card(me, d.res, C_NONE)
        gain(me, G_SHEEP, 2); gain(me, G_WOOD, 2); gain(me, G_STONE, 1)
    return DONE


# Filial Church: 5 different goods -> 1 reliquary
cdef int step_filial_church(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0:
        if not can_pick(me, 5):
            return DONE
        return ask_pick(s, 5, 1, DF_SKIP)
    if d.res >= 0:
        gain(me, G_RELIQUARY, 1)
    return DONE


# Cooperage: 3 wood -> beer or whiskey by the joker
cdef int step_cooperage(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, g
    if st == 0:
        if me.goods[G_WOOD] < 3:
            return DONE
        return ask(s, D_TAKE, 1, DF_SKIP)
    if d.res < 0:
        return DONE
    g = d.res >> 1
    me.goods[G_WOOD] -= 3
    gain(me, g, token_value(s, T_JOKER))
    if s.token[T_JOKER] != TOKEN_ABSENT:
        s.token[T_JOKER] = s.arm
    bonus_production(s, g)
    return DONE


# Round Tower: 5 coins + 1 whiskey + goods worth 14 points -> 1 Wonder
cdef int step_round_tower(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, hi
    if st == 0:
        hi = 0
        if s.wonders > 0 and me.goods[G_COIN] >= 5 and me.goods[G_WHISKEY] >= 1:
            me.goods[G_COIN] -= 5
            me.goods[G_WHISKEY] -= 1
            if points_from(me, 0) >= 14:
                hi = 1
            me.goods[G_COIN] += 5
            me.goods[G_WHISKEY] += 1
        return ask_amount(s, 0, hi, 1, 0)
    if st == 1:
        if d.res <= 0:
            return DONE
        me.goods[G_COIN] -= 5
        me.goods[G_WHISKEY] -= 1
        return ask_pay_points(s, 14, 2)
    gain(me, G_WONDER, 1)
    s.wonders -= 1
    return DONE


# Festival Ground: 1 beer -> point goods worth up to the forests + moors you have
cdef int step_festival_ground(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step, budget
    if st == 0:
        return ask_amount(s, 0, 1 if me.goods[G_BEER] else 0, 1, 0)
    if st == 1:
        if d.res <= 0:
            return DONE
        me.goods[G_BEER] -= 1
        budget = forests_and_moors(me)
        if budget < 2:
            return DONE
        return ask_gain(s, budget, 2)
    return DONE


# Grand Manor: 1 whiskey -> the function of any occupied building
cdef int step_grand_manor(OraState* s) noexcept nogil:
    return grant_free_use(s, FU_OCCUPIED, 0, 0)


# Cottage: 1 malt, and the function of an unoccupied neighbour
cdef int step_cottage(OraState* s) noexcept nogil:
    cdef Decision* d = &s.dec
    cdef Player* me = &s.pl[d.actor]
    cdef int st = d.step
    if st == 0 and printed_empty_use(s):
        return ask(s, D_ACCEPT, 1, DF_SKIP | DF_ACCEPT)
    if st == 1 and d.res == -1:
        return DONE
    gain(me, G_MALT, 1)
    if d.loc_p == 255:
        return DONE
    return grant_free_use(s, FU_NEIGHBOR, d.loc_p, d.loc_s)


# Guesthouse: the function of a building still in the display
cdef int step_guesthouse(OraState* s) noexcept nogil:
    return grant_free_use(s, FU_DISPLAY, 0, 0)
