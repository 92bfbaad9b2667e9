# Setup, rounds, turns, settlement phases, the bonus round and the end
# (rules.md sections 3, 5, 8, 9, 10).

# The short 3-4 player game's round goods (ROUND_GOODS) come from wheel.json
# (board.pxi).  The clergy, turn-order and decision-reset helpers that read
# only the state are in flow.pxd.


cdef void recompute_occupancy(OraState* s) noexcept nogil:
    cdef int p, i, o, sp
    cdef uint16_t loc
    for p in range(s.cfg.seats):
        s.pl[p].occupied = 0
        s.pl[p].prior_on = 0
    for p in range(s.cfg.seats):
        for i in range(N_CLERGY):
            loc = s.pl[p].clergy[i]
            if loc == CL_HOME or loc == CL_ABSENT:
                continue
            o = loc >> 8
            sp = loc & 0xFF
            s.pl[o].occupied |= u128_bit(sp)
            if i == PRIOR:
                s.pl[o].prior_on |= u128_bit(sp)


cdef void return_clergy(OraState* s) noexcept nogil:
    # a player whose clergymen are all placed takes all of them back; one with
    # a clergyman at home takes none back (rules.md 5.7)
    cdef int p, i
    for p in range(s.cfg.seats):
        if all_placed(&s.pl[p]):
            for i in range(N_CLERGY):
                if s.pl[p].clergy[i] != CL_ABSENT:
                    s.pl[p].clergy[i] = CL_HOME
    recompute_occupancy(s)


cdef void priors_home(OraState* s) noexcept nogil:
    cdef int p
    for p in range(s.cfg.seats):
        s.pl[p].clergy[PRIOR] = CL_HOME
    recompute_occupancy(s)


cdef void introduce(OraState* s, int letter) noexcept nogil:
    # after settlement phase A..D: that stage's buildings join the display and
    # every player gets that stage's settlement card (rules.md 8)
    cdef int p
    if letter < 1 or letter > 4:
        return
    s.display |= s.cfg.deck & STAGE_MASK[letter]
    for p in range(s.cfg.players):
        s.pl[p].hand |= <uint8_t>(1 << (3 + letter))


cdef void begin_turn(OraState* s, int seat, int kind) noexcept nogil:
    s.current = seat
    s.turn_kind = kind
    s.main_used = 1 if (kind == TURN_SETTLE or kind == TURN_SOLO_SETTLE) else 0
    s.land_bought = 0
    s.settled = 0
    s.bonus_build = 0
    s.bonus_fell = 0
    s.bonus_cut = 0
    s.bonus_settle = 1 if (kind == TURN_SETTLE or kind == TURN_SOLO_SETTLE) else 0
    s.bonus_district = 0
    s.bonus_plot = 0
    s.prior_pending = 0
    s.prior_space = 0
    s.neutral_contract_done = 0
    s.neutral_new = 0
    s.chain = 0
    s.free_kind = FU_NONE
    s.free_p = 0
    s.free_s = 0
    s.free_card = 0
    if kind == TURN_SOLO_SETTLE:
        return_clergy(s)           # rules.md 10.3 step 1
    clear_decision(s)


cdef void game_over(OraState* s) noexcept nogil:
    s.game_over = 1
    memset(&s.dec, 0, sizeof(Decision))
    s.dec.kind = D_OVER


cdef void start_round(OraState* s, int r) noexcept nogil:
    cdef int p, i
    s.round = r
    if s.pending_intro:
        introduce(s, s.pending_intro)
        s.pending_intro = 0
    if s.cfg.tokens_before_rotation:
        enter_tokens(s, r)
    rotate_wheel(s)
    return_clergy(s)
    if is_short_34(s) and r <= N_ROUND_GOODS:
        # rules.md 4.6: each player's goods of the round; a 5-coin piece is 5 coins
        for p in range(s.cfg.players):
            for i in range(ROUND_GOODS_KINDS):
                s.pl[p].goods[ROUND_GOODS[r - 1][i]] += ROUND_GOODS_N[r - 1][i]
    if not s.cfg.tokens_before_rotation:
        enter_tokens(s, r)
    if s.cfg.mode == M_SOLO:
        s.start_player = 0
    else:
        s.start_player = (r - 1) % s.cfg.players
    s.turn_idx = 0
    s.round_turns = turns_in_round(s)
    # regular 2-player game: from the second round after phase D, a player who
    # starts a round with at most 1 building left in the display takes one
    # action and the game ends (rules.md 5.4).  The round limit is the
    # engine's safeguard for a display that can never empty (no space left
    # anywhere for a card): the same end then comes at that round.
    if (s.cfg.mode == M_2SHORT and r >= s.cfg.settle_after[3] + 2
            and (display_count(s) <= 1 or r >= s.cfg.round_limit)):
        s.round_turns = 1
        s.final_turn = 1
        s.truncated = display_count(s) > 1       # ended by the cap, not by the rules
    begin_turn(s, seat_of_turn(s, 0), TURN_NORMAL)


cdef void start_settlement(OraState* s, int letter) noexcept nogil:
    s.in_settlement = 1
    s.phase_letter = letter
    s.settle_idx = 0
    if letter <= 4:
        s.pending_intro = letter
    # the next round's start player settles first (rules.md 8); after the
    # bonus round (E) that is seat 0
    if letter == 5 or s.cfg.mode == M_SOLO:
        s.start_player = 0
    else:
        s.start_player = s.round % s.cfg.players
    begin_turn(s, s.start_player, TURN_SOLO_SETTLE if s.cfg.mode == M_SOLO else TURN_SETTLE)


cdef void start_bonus_round(OraState* s) noexcept nogil:
    # rules.md 9: the wheel turns once more, every prior comes home, then the
    # usual return; each player has one action, seat 0 first
    s.in_bonus = 1
    s.round = s.cfg.regular_rounds + 1
    if s.cfg.flags & RF_BONUS_RETURN_FIRST:
        return_clergy(s)
        priors_home(s)
        rotate_wheel(s)
    else:
        priors_home(s)
        rotate_wheel(s)
        return_clergy(s)
    s.start_player = 0
    s.turn_idx = 0
    s.round_turns = s.cfg.players
    begin_turn(s, 0, TURN_BONUS)


cdef void end_round(OraState* s) noexcept nogil:
    cdef int r = s.round, i
    for i in range(4):
        if s.cfg.settle_after[i] == r:
            start_settlement(s, i + 1)
            return
    if s.cfg.regular_rounds and r >= s.cfg.regular_rounds:
        if s.cfg.mode == M_SOLO:
            game_over(s)
        else:
            start_bonus_round(s)
        return
    start_round(s, r + 1)


cdef void end_turn(OraState* s) noexcept nogil:
    cdef int seat
    if s.final_turn:
        game_over(s)
        return
    if s.in_settlement:
        s.settle_idx += 1
        if s.settle_idx < s.cfg.players:
            begin_turn(s, (s.start_player + s.settle_idx) % s.cfg.players, s.turn_kind)
            return
        s.in_settlement = 0
        if s.phase_letter == 5:
            game_over(s)
        else:
            start_round(s, s.round + 1)
        return
    if s.in_bonus:
        s.turn_idx += 1
        if s.turn_idx < s.round_turns:
            begin_turn(s, s.turn_idx, TURN_BONUS)
            return
        s.in_bonus = 0
        start_settlement(s, 5)
        return
    s.turn_idx += 1
    if s.turn_idx < s.round_turns:
        seat = seat_of_turn(s, s.turn_idx)
        # long 2-player game: from the second round after phase D, if at most
        # 3 buildings are left when the round's last turn begins, that turn
        # is the last of the game (rules.md 5.5)
        if (s.cfg.mode == M_2LONG and s.turn_idx == 2 and s.round >= s.cfg.settle_after[3] + 2
                and (display_count(s) <= 3 or s.round >= s.cfg.round_limit)):
            s.final_turn = 1
            s.truncated = display_count(s) > 3   # ended by the cap, not by the rules
        begin_turn(s, seat, TURN_NORMAL)
        return
    end_round(s)


cdef void state_init(OraState* s, const Config* cfg, uint64_t seed, const uint8_t* colors) noexcept nogil:
    cdef int p, i
    cdef bint short34
    memset(s, 0, sizeof(OraState))
    memcpy(&s.cfg, cfg, sizeof(Config))
    s.seed = seed
    for i in range(N_TOKENS):
        s.token[i] = TOKEN_START[i]      # wheel.json initial_state
    s.arm = ARM_START
    s.wonders = 8
    s.display = cfg.deck & STAGE_MASK[0]
    short34 = cfg.mode == M_3SHORT or cfg.mode == M_4SHORT
    for p in range(cfg.seats):
        s.pl[p].color = colors[p]
        make_heartland(&s.pl[p], short34, cfg.mode == M_SOLO and p == 1)
        s.pl[p].clergy[0] = CL_HOME
        s.pl[p].clergy[1] = CL_HOME if (cfg.lay_brothers >= 2 or p >= cfg.players) else CL_ABSENT
        s.pl[p].clergy[PRIOR] = CL_HOME
        if p < cfg.players:
            s.pl[p].hand = 0x0F      # Shanty Town, Farming Village, Market Town, Fishing Village
            if cfg.mode != M_SOLO:   # rules.md 3.1: no starting goods in solo
                for i in range(6):
                    s.pl[p].goods[BASIC_GOODS[i]] = 1
    start_round(s, 1)
