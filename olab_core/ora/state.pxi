# The Python-facing objects: CoreGame (a configuration) and CoreState (a
# position).  Play, undo, clones, history, masks and hashing come from the
# shared base classes (olab_core/common/state.pyx) through ORA_OPS; what is
# here reads and edits Ora et Labora's own fields for the facade.

NUM_DISTINCT_ACTIONS = A_TOTAL
STATE_SIZE = sizeof(OraState)
CONFIG_SIZE = sizeof(Config)   # the config is the first member of the state

# action layout, for the facade's notation
ACTION_LAYOUT = dict(
    COMMIT=A_COMMIT, CONVERT_GRAIN=A_CONVERT_GRAIN, CONVERT_WINE=A_CONVERT_WINE,
    CONVERT_WHISKEY=A_CONVERT_WHISKEY, SKIP=A_SKIP, DONE=A_DONE, ACCEPT=A_ACCEPT,
    WITH_LAYBROTHER=A_WITH_LAYBROTHER, WITH_PRIOR=A_WITH_PRIOR, FELL_NONE=A_FELL_NONE,
    CUT_NONE=A_CUT_NONE, TAKE=A_TAKE, UPGRADE=A_UPGRADE, AMOUNT=A_AMOUNT, PICK=A_PICK,
    PAY=A_PAY, USE_LB=A_USE_LB, USE_PRIOR=A_USE_PRIOR, WORK=A_WORK, TARGET=A_TARGET,
    FELL=A_FELL, CUT=A_CUT, BUILD=A_BUILD, CARD=A_CARD, SETTLE=A_SETTLE, SPACE=A_SPACE,
    DISTRICT=A_DISTRICT, PLOT=A_PLOT, FORFEIT=A_FORFEIT, GIVE=A_GIVE, TOTAL=A_TOTAL, KMAX=KMAX,
    N_SPACES=N_SPACES, ROW_OFFSET=ROW_OFFSET,
)
DECISION_NAMES = ("turn", "owner", "amount", "pay", "pick", "gain", "space", "take",
                  "accept", "upgrade", "over")
FREE_USE_NAMES = ("", "contract", "prior", "occupied", "neighbor", "display")
TURN_KIND_NAMES = ("normal", "settlement", "bonus", "solo_settlement")
MODE_NAMES = ("solo", "2p_short", "2p_long", "3p_long", "3p_short", "4p_long", "4p_short")
RULE_FLAGS = dict(
    no_empty_wheel_use=RF_NO_EMPTY_WHEEL_USE, fee_by_display=RF_FEE_BY_DISPLAY,
    prior_any_after_build=RF_PRIOR_ANY_AFTER_BUILD, score_either_or=RF_SCORE_EITHER_OR,
    bulwark_keeps_track=RF_BULWARK_KEEPS_TRACK, fell_cut_none=RF_FELL_CUT_NONE,
    coal_harbor_peat=RF_COAL_HARBOR_PEAT, distillery_free=RF_DISTILLERY_FREE,
    bonus_return_first=RF_BONUS_RETURN_FIRST, explicit_chance=CF_EXPLICIT_CHANCE,
)
COLORS = "RGBW"
CLERGY_HOME = CL_HOME
CLERGY_ABSENT = CL_ABSENT


def kennerspiel_seats(uint64_t seed, colors, bint solo=False):
    """Seat order (and the solo neutral colour) of kennerspiel's seeded START.

    Parameters
    ----------
    seed : int
        The START seed (kennerspiel's unseeded START is seed 2692).
    colors : str
        The colours given to START, e.g. ``"RGBW"``.
    solo : bool
        A solo game: the player takes the first shuffled colour and the
        neutral colour is drawn (also when only one colour is given).

    Returns
    -------
    (str, str or None)
        The shuffled colours, and in solo the neutral player's drawn colour.
    """
    cdef uint8_t people[MAX_SEATS]
    cdef uint8_t out[MAX_SEATS]
    cdef int n = len(colors), i, neutral
    if not 1 <= n <= 4 or len(set(colors)) != n or set(colors) - set(COLORS):
        raise ValueError(f"need 1-4 different colours of RGBW, got {colors!r}")
    for i in range(n):
        people[i] = COLORS.index(colors[i])
    kennerspiel_shuffle(seed, people, n, solo, out, &neutral)
    return "".join(COLORS[out[i]] for i in range(n)), (None if neutral < 0 else COLORS[neutral])


def _in_range(name, value, lo, hi):
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int) or not lo <= value <= hi:
        raise ValueError(f"{name} must be an integer in {lo}..{hi}, not {value!r}")
    return value


def seating_text(int players, int k):
    """The colours of the ``k``-th outcome of the seating chance node, seat by seat (``"RGBW"``)."""
    cdef OraState s
    cdef uint8_t out[MAX_SEATS]
    s.cfg.players = players
    if not 0 <= k < seating_outcomes(&s):
        raise ValueError(f"no seating outcome {k}")
    seating_colors(&s, k, out)
    return "".join(COLORS[out[i]] for i in range(players + (1 if players == 1 else 0)))


cdef class CoreGame(CoreGameBase):
    """A configuration of Ora et Labora (mode, variant, rules) for the core."""
    cdef Config cfg

    def __cinit__(self):
        self.ops = &ORA_OPS
        self.cfgp = &self.cfg

    def __init__(self, dict conf):
        memset(&self.cfg, 0, sizeof(Config))
        cdef int i
        for cid in conf["deck"]:
            self.cfg.deck |= u128_bit(<int>cid)
        self.cfg.flags = conf["flags"]
        self.cfg.players = conf["players"]
        self.cfg.seats = conf["players"] + (1 if conf["players"] == 1 else 0)
        self.cfg.mode = MODE_NAMES.index(conf["mode"])
        self.cfg.variant = 0 if conf["variant"] == "france" else 1
        self.cfg.wheel_back = 1 if conf["wheel_back"] else 0
        self.cfg.grape_round = conf["grape_round"]
        self.cfg.stone_round = conf["stone_round"]
        self.cfg.tokens_before_rotation = 1 if conf["tokens_before_rotation"] else 0
        for i in range(4):
            self.cfg.settle_after[i] = conf["settle_after"][i]
        self.cfg.regular_rounds = conf["regular_rounds"]
        self.cfg.round_limit = conf["round_limit"]
        self.cfg.lay_brothers = conf["lay_brothers"]
        self.cfg.hotb_num = conf["hotb"][0]
        self.cfg.hotb_den = conf["hotb"][1]
        self.cfg.round_tower_dwell = conf["round_tower_dwell"]
        for i in range(9):
            self.cfg.district_price[i] = conf["district_prices"][i]
            self.cfg.plot_price[i] = conf["plot_prices"][i]
        self.info = dict(conf)

    def new_state(self, uint64_t seed, cls=None, given=None, neutral=None, bint shuffle=True):
        """A new game: seats coloured by kennerspiel's seeded shuffle of the
        colours ``given`` (default ``"RGBW"``); ``neutral`` forces the solo
        neutral player's colour (kennerspiel's unseeded ``START R B``).
        With ``shuffle`` false the colours sit in the order given (solo: the
        player takes the first, the neutral player ``neutral``, else the
        second given, else the first of RGBW left).

        With ``chance="explicit"`` (and neither ``given`` nor ``neutral``,
        and a shuffle) the seating is left to the first node, a chance node.
        """
        if not (TABLES_READY and BOARD_READY):
            raise RuntimeError("card tables not installed (import olab.ora first)")
        if cls is None:
            cls = CoreState
        cdef CoreState st
        cdef uint8_t colors[MAX_SEATS]
        if given is None and neutral is None and shuffle:
            st = self._new_state_of(cls, seed)
            st.game = self
            return st
        st = cls.__new__(cls)
        solo = self.cfg.players == 1
        people = COLORS[:self.cfg.players] if given is None else given
        if ((len(people) != self.cfg.players and not (solo and 1 <= len(people) <= 4))
                or len(set(people)) != len(people) or set(people) - set(COLORS)):
            raise ValueError(f"need {self.cfg.players} different colours of RGBW, got {people!r}")
        if shuffle:
            seats, drawn = kennerspiel_seats(seed, people, solo)
        else:
            seats = people
            drawn = people[1] if len(people) > 1 else next(c for c in COLORS if c != people[0])
        if solo:
            seats = seats[0]          # kennerspiel: the player takes the first shuffled colour
            if neutral is None:
                neutral = drawn
            if neutral not in COLORS or neutral == seats:
                raise ValueError(f"bad neutral colour {neutral!r}")
            seats = seats + neutral
        for i, c in enumerate(seats):
            colors[i] = COLORS.index(c)
        state_init(&st.st, &self.cfg, seed, colors)
        st.game = self
        return st


cdef class CoreState(CoreStateBase):
    """A position and its history.  Use the facade's ``olab.ora.State``, its subclass."""
    cdef OraState st

    def __cinit__(self):
        self.ops = &ORA_OPS
        self.sp = &self.st

    def __init__(self, *args, **kwargs):
        # states come from a game (Game.new_initial_state, deserialize_state,
        # state_from_json), which makes them with __new__; a bare State()
        # would be a position of no game
        raise TypeError("a State comes from its game: game.new_initial_state(seed), "
                        "game.deserialize_state(data) or game.state_from_json(doc)")

    cdef int _seat(self, int seat) except -1:
        # every accessor that indexes a seat checks it first (issue 14 item 3:
        # a bad seat wrote outside the players' array)
        if not 0 <= seat < self.st.cfg.seats:
            raise ValueError(f"no seat {seat}; seats are 0..{self.st.cfg.seats - 1}")
        return seat

    def _seat_count(self, seat):
        """``seat`` if it is a seat of this game; ``ValueError`` otherwise."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ValueError(f"a seat is an int, not {seat!r}")
        return self._seat(seat)

    cdef int _space(self, int sp) except -1:
        if not 0 <= sp < N_SPACES:
            raise ValueError(f"no space {sp}; spaces are 0..{N_SPACES - 1}")
        return sp

    def scores(self):
        """Victory points of every seat (final once the game is over)."""
        cdef int p
        return [total_score(&self.st, p) for p in range(self.st.cfg.players)]

    def apply_forfeit(self, action):
        """Apply a forfeit: the current player loses goods, or gives coins to a seat.

        A forfeit (an id from ``ACTION_LAYOUT["FORFEIT"]`` on, see
        forfeit.pxi) is never legal, so :meth:`apply_action` refuses it; it
        is how the kennerspiel importer records goods the reference engine
        takes beyond a payment.  It joins the history like any action (undo,
        serialization and the notation see it) and applies only at the top of
        a turn.

        Raises
        ------
        IllegalActionError
            If the forfeit does not apply here; the state is left exactly as it was.
        """
        cdef int32_t a = self.checked_action(action)
        cdef int why = forfeit_problem(&self.st, a)
        if why:
            raise IllegalActionError(a, FORFEIT_WHY[why], self._action_text(a))
        self.push(a)
        apply_forfeit_raw(&self.st, a)

    @staticmethod
    def is_forfeit(action):
        """Whether ``action`` is a forfeit id (applied by :meth:`apply_forfeit`, never legal)."""
        return isinstance(action, int) and A_FORFEIT <= action < A_TOTAL

    def _sanity(self):
        """A reason why this position cannot be a real one, or None."""
        cdef OraState* s = &self.st
        cdef int p, i, g, sp, o
        cdef uint16_t loc
        if s.cfg.seats < 1 or s.cfg.seats > MAX_SEATS or s.cfg.players > s.cfg.seats:
            return "seat count"
        if s.dec.kind > D_OVER or s.current >= s.cfg.seats or s.dec.chooser >= s.cfg.seats:
            return "pending decision"
        if s.arm >= 13:
            return "wheel arm"
        for i in range(N_TOKENS):
            if s.token[i] != TOKEN_ABSENT and s.token[i] >= 13:
                return "wheel token"
        if s.wonders > 8 or s.districts_taken > 9 or s.plots_taken > 9:
            return "supply counts"
        for p in range(s.cfg.seats):
            if s.pl[p].ntiles > N_TILES:
                return "tile count"
            for g in range(N_GOODS):
                if s.pl[p].goods[g] < 0:
                    return f"negative goods of seat {p}"
            for sp in range(N_SPACES):
                if s.pl[p].card[sp] >= N_CARDS:
                    return "card id"
                if s.pl[p].card[sp] and not (s.pl[p].exists & u128_bit(sp)):
                    return "card off the landscape"
            for i in range(N_CLERGY):
                loc = s.pl[p].clergy[i]
                if loc == CL_HOME or loc == CL_ABSENT:
                    continue
                o = loc >> 8
                sp = loc & 0xFF
                if o >= s.cfg.seats or sp >= N_SPACES or not (s.pl[o].building & u128_bit(sp)):
                    return "clergyman off a building"
        return None

    def _flow_problem(self):
        """A reason why the turn fields (round, turn, settlement, bonus round, seat) contradict each other, or None.

        Each field is range-checked on its own when a snapshot loads; this
        checks them against what the others imply, as the flow that sets them
        does (flow.pxi: start_round, start_settlement, start_bonus_round,
        end_turn).  Issue 27 item 7: ``in_bonus = 1`` in a regular round of a
        4-player game passed every range check and gave the turn to seat 4 of
        a 4-seat array.
        """
        cdef OraState* s = &self.st
        cdef int P = s.cfg.players, i, letter = 0
        cdef bint solo = s.cfg.mode == M_SOLO
        if s.game_over:
            return None
        if P < 1 or s.current >= P:
            return f"the turn is seat {s.current}'s, but the seats who play are 0..{P - 1}"
        for i in range(4):
            if s.cfg.settle_after[i] and s.cfg.settle_after[i] < s.round:
                letter = i + 1
        if s.in_settlement and s.in_bonus:
            return "a settlement phase and the bonus round at once"
        if s.final_turn and not (s.cfg.mode == M_2SHORT or s.cfg.mode == M_2LONG):
            return "final_turn outside a 2-player game"
        if s.in_bonus:
            if solo or not s.cfg.regular_rounds or s.round != s.cfg.regular_rounds + 1:
                return f"the bonus round in round {s.round} (it follows round {s.cfg.regular_rounds}, "\
                       "in a game of 3 or 4 players)"
            if (s.turn_kind != TURN_BONUS or s.start_player != 0 or s.round_turns != P
                    or s.turn_idx >= P or s.current != s.turn_idx):
                return "the bonus round's turn fields (kind, start player, turns, turn, seat) disagree"
            if s.pending_intro or s.final_turn or s.phase_letter != letter:
                return "the bonus round with a pending introduction, a final turn or another phase"
            return None
        if s.in_settlement:
            if s.phase_letter < 1 or s.phase_letter > 5:
                return f"a settlement phase of letter {s.phase_letter}"
            if s.phase_letter <= 4:
                if s.cfg.settle_after[s.phase_letter - 1] != s.round:
                    return f"settlement {' ABCDE'[s.phase_letter]} in round {s.round}"
                if s.pending_intro != s.phase_letter:
                    return "a settlement phase whose cards are not pending"
            elif solo or not s.cfg.regular_rounds or s.round != s.cfg.regular_rounds + 1 or s.pending_intro:
                return f"settlement E in round {s.round}"
            if s.settle_idx >= P:
                return f"settlement turn {s.settle_idx} of {P} players"
            if s.turn_kind != (TURN_SOLO_SETTLE if solo else TURN_SETTLE):
                return "a settlement phase with another kind of turn"
            if s.start_player != (0 if (solo or s.phase_letter == 5) else s.round % P):
                return "a settlement phase begun by another start player"
            if s.current != (s.start_player + s.settle_idx) % P:
                return "the settlement turn is another seat's"
            return None
        if s.settle_idx != 0 and s.settle_idx != P:
            return "settle_idx outside a settlement phase is 0, or every player once one ran"
        if s.turn_kind != TURN_NORMAL:
            return "a special kind of turn in a regular round"
        if s.cfg.regular_rounds and s.round > s.cfg.regular_rounds:
            return f"regular round {s.round} of {s.cfg.regular_rounds}"
        if s.pending_intro or s.phase_letter != letter:
            return f"phase {' ABCDE'[s.phase_letter] if s.phase_letter <= 5 else '?'} in round {s.round}"
        if s.start_player != (0 if solo else (s.round - 1) % P):
            return f"round {s.round} with start player {s.start_player}"
        if not (s.round_turns == turns_in_round(s) or (s.round_turns == 1 and s.final_turn
                                                        and s.cfg.mode == M_2SHORT)):
            return f"{s.round_turns} turns in a round of this mode"
        if s.turn_idx >= s.round_turns or s.current != seat_of_turn(s, s.turn_idx):
            return f"turn {s.turn_idx} of the round is not seat {s.current}'s"
        return None

    def _add_tile(self, int seat, int row, int kind):
        """Add a tile to a landscape: kind 0 plains / 1 hills district, 2 coast / 3 mountain plot."""
        self._seat(seat)
        cdef Player* p = &self.st.pl[seat]
        if kind < 2:
            if not district_fits(p, row):
                raise ValueError(f"a district does not fit in row {row}")
            add_district(p, row, kind)
        else:
            if not plot_fits(p, row, TK_PLOT_COAST if kind == 2 else TK_PLOT_MOUNTAIN):
                raise ValueError(f"a plot does not fit at row {row}")
            add_plot(p, row, kind - 2)

    def _set_bonus(self, **fields):
        s = &self.st
        for k, v in fields.items():
            _in_range(f"bonus {k}", v, 0, 255 if k == "build" else 1)
            if k == "build": s.bonus_build = v
            elif k == "fell": s.bonus_fell = v
            elif k == "cut": s.bonus_cut = v
            elif k == "settle": s.bonus_settle = v
            elif k == "district": s.bonus_district = v
            elif k == "plot": s.bonus_plot = v
            else:
                raise KeyError(k)

    def _config(self):
        cdef Config* c = &self.st.cfg
        return dict(players=c.players, seats=c.seats, mode=MODE_NAMES[c.mode],
                    variant="france" if c.variant == V_FRANCE else "ireland", flags=c.flags,
                    wheel_back=bool(c.wheel_back), seed=self.st.seed)

    def _goods(self, int seat):
        self._seat(seat)
        return [self.st.pl[seat].goods[g] for g in range(N_GOODS)]

    def _set_goods(self, int seat, int good, int n):
        self._seat(seat)
        if not 0 <= good < N_GOODS:
            raise ValueError(f"no good {good}")
        if not 0 <= n <= GOODS_MAX:
            raise ValueError(f"a count of goods is 0..{GOODS_MAX}, not {n}")
        self.st.pl[seat].goods[good] = n

    def _spaces(self, int seat):
        """(space, col, row, terrain bits, card id) for every space of a landscape."""
        self._seat(seat)
        cdef Player* p = &self.st.pl[seat]
        cdef int sp, c, r
        out = []
        for sp in range(N_SPACES):
            if p.exists & u128_bit(sp):
                space_coord(p, sp, &c, &r)
                out.append((sp, c, r, space_terrain(p, sp), p.card[sp]))
        return out

    def _space_at(self, int seat, int col, int row):
        self._seat(seat)
        return space_at(&self.st.pl[seat], col, row)

    def _space_coord(self, int seat, int sp):
        self._seat(seat)
        self._space(sp)
        cdef int c, r
        space_coord(&self.st.pl[seat], sp, &c, &r)
        return c, r

    def _card_at(self, int seat, int sp):
        self._seat(seat)
        self._space(sp)
        return self.st.pl[seat].card[sp]

    def _put_card(self, int seat, int sp, int cid):
        self._seat(seat)
        self._space(sp)
        if not 0 <= cid < N_CARDS:
            raise ValueError(f"no card id {cid}")
        if not (self.st.pl[seat].exists & u128_bit(sp)):
            raise ValueError(f"space {sp} is not part of seat {seat}'s landscape")
        put_card(&self.st.pl[seat], sp, cid)

    def _neighbors(self, int seat, int sp):
        self._seat(seat)
        self._space(sp)
        cdef int nb[4]
        cdef int n = space_neighbors(&self.st.pl[seat], sp, nb), i
        return [nb[i] for i in range(n)]

    def _clergy(self, int seat):
        """[(slot, owner, space) or 'home' / None (not in game)] per clergy slot."""
        self._seat(seat)
        out = []
        for i in range(N_CLERGY):
            loc = self.st.pl[seat].clergy[i]
            if loc == CL_HOME:
                out.append("home")
            elif loc == CL_ABSENT:
                out.append(None)
            else:
                out.append((loc >> 8, loc & 0xFF))
        return out

    def _set_clergy(self, int seat, int slot, loc):
        self._seat(seat)
        if not 0 <= slot < N_CLERGY:
            raise ValueError(f"no clergy slot {slot}")
        if loc not in ("home", None):
            self._seat(loc[0])
            self._space(loc[1])
            if not (self.st.pl[loc[0]].building & u128_bit(loc[1])):
                raise ValueError("a clergyman stands on a building")
        if loc == "home":
            self.st.pl[seat].clergy[slot] = CL_HOME
        elif loc is None:
            self.st.pl[seat].clergy[slot] = CL_ABSENT
        else:
            self.st.pl[seat].clergy[slot] = (loc[0] << 8) | loc[1]
        recompute_occupancy(&self.st)

    def _hand(self, int seat):
        self._seat(seat)
        return [C_S01 + i for i in range(8) if self.st.pl[seat].hand & (1 << i)]

    def _set_hand(self, int seat, cards):
        self._seat(seat)
        for cid in cards:
            if not C_S01 <= cid <= C_S08:
                raise ValueError(f"card id {cid} is not a settlement")
        cdef uint8_t h = 0
        for cid in cards:
            h |= 1 << (cid - C_S01)
        self.st.pl[seat].hand = h

    def _color(self, int seat):
        self._seat(seat)
        return COLORS[self.st.pl[seat].color]

    def _wheel(self):
        """(arm, [slot or None per token], [value per token])."""
        slots = [None if self.st.token[t] == TOKEN_ABSENT else self.st.token[t] for t in range(N_TOKENS)]
        values = [token_value(&self.st, t) for t in range(N_TOKENS)]
        return self.st.arm, slots, values

    def _set_token(self, int t, slot):
        if not 0 <= t < N_TOKENS or not (slot is None or 0 <= slot < 13):
            raise ValueError(f"token {t} / slot {slot} out of range (tokens 0..{N_TOKENS - 1}, slots 0..12)")
        self.st.token[t] = TOKEN_ABSENT if slot is None else slot

    def _set_arm(self, int arm):
        if not 0 <= arm < 13:
            raise ValueError(f"the arm points at a slot 0..12, not {arm}")
        self.st.arm = arm

    def _display(self):
        return [cid for cid in range(N_CARDS) if self.st.display & u128_bit(cid)]

    def _set_display(self, cards):
        for cid in cards:
            if not 0 < cid < N_CARDS:
                raise ValueError(f"no card id {cid}")
        self.st.display = 0
        for cid in cards:
            self.st.display |= u128_bit(<int>cid)

    def _turn(self):
        s = &self.st
        return dict(round=s.round, turn_idx=s.turn_idx, start_player=s.start_player,
                    current=s.current, turn_kind=TURN_KIND_NAMES[s.turn_kind],
                    phase_letter=" ABCDE"[s.phase_letter].strip() or "S",
                    in_settlement=bool(s.in_settlement), in_bonus=bool(s.in_bonus),
                    main_used=bool(s.main_used), land_bought=bool(s.land_bought),
                    bonus_build=s.bonus_build, bonus_fell=bool(s.bonus_fell),
                    bonus_cut=bool(s.bonus_cut), bonus_settle=bool(s.bonus_settle),
                    bonus_district=bool(s.bonus_district), bonus_plot=bool(s.bonus_plot),
                    prior_pending=bool(s.prior_pending), prior_space=s.prior_space,
                    final_turn=bool(s.final_turn), game_over=bool(s.game_over),
                    districts_taken=s.districts_taken, plots_taken=s.plots_taken,
                    wonders=s.wonders, fee_raised=bool(s.fee_raised),
                    contract_fee=contract_fee(s), round_turns=s.round_turns,
                    free_use=FREE_USE_NAMES[s.free_kind], free_card=s.free_card)

    def _set_turn(self, **fields):
        s = &self.st
        limits = dict(round=(1, 1000), main_used=(0, 1), land_bought=(0, 1), wonders=(0, 8), fee_raised=(0, 1),
                      in_bonus=(0, 1), districts_taken=(0, 9), plots_taken=(0, 9), phase_letter=(0, 5))
        for k, v in fields.items():
            if k not in limits:
                raise KeyError(k)
            _in_range(k, v, *limits[k])
        for k, v in fields.items():
            if k == "round": s.round = v
            elif k == "main_used": s.main_used = v
            elif k == "land_bought": s.land_bought = v
            elif k == "wonders": s.wonders = v
            elif k == "fee_raised": s.fee_raised = v
            elif k == "in_bonus": s.in_bonus = v
            elif k == "districts_taken": s.districts_taken = v
            elif k == "plots_taken": s.plots_taken = v
            elif k == "phase_letter": s.phase_letter = v
            else:
                raise KeyError(k)

    def _decision(self):
        d = &self.st.dec
        return dict(kind=DECISION_NAMES[d.kind], chooser=d.chooser, actor=d.actor, card=d.card,
                    loc_p=d.loc_p, loc_s=d.loc_s, step=d.step, lo=d.lo, hi=d.hi, need=d.need,
                    req_food=d.req_food, req_energy2=d.req_energy, ctx=d.ctx, flags=d.flags,
                    space_p=d.space_p)

    def _score_parts(self, int seat):
        """(money points, goods points, economic, [(space, settlement points)])."""
        self._seat(seat)
        cdef Player* p = &self.st.pl[seat]
        cdef u128 m = p.settlement
        sets = []
        while m:
            sp = u128_ctz(m)
            sets.append((sp, settlement_points_at(&self.st, p, sp)))
            m = u128_clear_lowest(m)
        return (money_points(&self.st, p), goods_points(&self.st, p), economic_points(p), sets)

    def _settlement_points(self, int seat):
        """(settlement points as the score counts them, the same a settlement at a time).

        The two must agree: the first indexes the landscape's tiles by row for
        speed (scoring.pxi), the second is the rules' reading it is tested
        against.
        """
        self._seat(seat)
        return (settlement_points(&self.st, &self.st.pl[seat]),
                settlement_points_slow(&self.st, &self.st.pl[seat]))

    def _totals(self, int seat):
        """(food, energy in half units) that the seat's goods could pay, grain included."""
        self._seat(seat)
        return food_total(&self.st.pl[seat]), energy_total(&self.st.pl[seat])

    def _cloister_spaces(self, int seat):
        """Empty spaces (not water) next to a cloister building of the seat."""
        self._seat(seat)
        cdef Player* p = &self.st.pl[seat]
        return u128_popcount(empty_spaces(p) & p.cloister_adj & ~p.water)

    def _dwelling(self, int cid):
        if not 0 <= cid < N_CARDS:
            raise ValueError(f"no card id {cid}")
        return card_dwell(&self.st, cid)

    # --------------------------------------------- the full state as fields
    # to_json's "engine" section and state_from_json: every field of the
    # struct that the readable parts of the JSON do not already give, as raw
    # numbers, so that a document rebuilds the position byte for byte.

    def _engine_fields(self):
        cdef OraState* s = &self.st
        cdef Decision* d = &s.dec
        return dict(
            seed=s.seed, round=s.round, turn_idx=s.turn_idx, round_turns=s.round_turns,
            current=s.current, start_player=s.start_player, turn_kind=s.turn_kind,
            phase_letter=s.phase_letter, settle_idx=s.settle_idx, in_settlement=s.in_settlement,
            in_bonus=s.in_bonus, pending_intro=s.pending_intro, final_turn=s.final_turn,
            main_used=s.main_used, land_bought=s.land_bought, settled=s.settled,
            bonus=[s.bonus_build, s.bonus_fell, s.bonus_cut, s.bonus_settle, s.bonus_district,
                   s.bonus_plot],
            prior_pending=s.prior_pending, prior_space=s.prior_space,
            neutral_contract_done=s.neutral_contract_done, fee_raised=s.fee_raised,
            free=[s.free_kind, s.free_p, s.free_s, s.free_card],
            chain=[c for c in range(N_CARDS) if s.chain & u128_bit(c)],
            neutral_new=[sp for sp in range(N_SPACES) if s.neutral_new & u128_bit(sp)],
            districts_taken=s.districts_taken, plots_taken=s.plots_taken, wonders=s.wonders,
            arm=s.arm, tokens=[s.token[i] for i in range(N_TOKENS)],
            game_over=s.game_over, seating=s.seating, truncated=s.truncated,
            decision=dict(
                kind=d.kind, chooser=d.chooser, actor=d.actor, card=d.card, loc_p=d.loc_p,
                loc_s=d.loc_s, step=d.step, flags=d.flags, lo=d.lo, hi=d.hi, res=d.res, a1=d.a1,
                a2=d.a2, req_food=d.req_food, req_energy=d.req_energy, req_points=d.req_points,
                paid_food=d.paid_food, paid_energy=d.paid_energy, last=d.last,
                last_full=d.last_full, need=d.need, ctx=d.ctx, space_p=d.space_p,
                mask=[sp for sp in range(N_SPACES) if d.mask & u128_bit(sp)]),
        )

    def _player_fields(self, int seat):
        self._seat(seat)
        cdef Player* p = &self.st.pl[seat]
        return dict(
            goods=[p.goods[g] for g in range(N_GOODS)], clergy=[p.clergy[i] for i in range(N_CLERGY)],
            cards=[p.card[sp] for sp in range(N_SPACES)],
            tiles=[(p.tile_kind[t], p.tile_row[t]) for t in range(p.ntiles)],
            hand=p.hand, color=p.color)

    def _build(self, CoreGame game, dict e, list players):
        """Make this state the position of ``e`` (``_engine_fields``) and ``players``
        (``_player_fields`` per seat), in ``game``'s configuration.

        Every number is range-checked first (``ValueError`` naming the field);
        the state is only written once all of them pass.  Cross-field rules
        (cards on the right terrain, clergy on buildings...) are the caller's.
        """
        cdef OraState n
        cdef Player* p
        cdef Decision* d
        cdef int i, seat, sp, g, kind, row
        cdef bint short34
        memset(&n, 0, sizeof(OraState))
        memcpy(&n.cfg, &game.cfg, sizeof(Config))
        seats = n.cfg.seats

        def need(name, value, lo, hi):
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise ValueError(f"{name} must be an integer in {lo}..{hi}, not {value!r}")
            return value

        def flag(name, value):
            return need(name, value, 0, 1)

        if len(players) != seats:
            raise ValueError(f"players: {seats} seats, not {len(players)}")
        n.seed = need("seed", e["seed"], 0, 2 ** 64 - 1)
        n.round = need("round", e["round"], 1, 1000)
        n.turn_idx = need("turn_idx", e["turn_idx"], 0, 2 * MAX_SEATS)
        n.round_turns = need("round_turns", e["round_turns"], 0, 2 * MAX_SEATS)
        n.current = need("current", e["current"], 0, seats - 1)
        n.start_player = need("start_player", e["start_player"], 0, seats - 1)
        n.turn_kind = need("turn_kind", e["turn_kind"], 0, TURN_SOLO_SETTLE)
        n.phase_letter = need("phase_letter", e["phase_letter"], 0, 5)
        n.settle_idx = need("settle_idx", e["settle_idx"], 0, MAX_SEATS)
        n.in_settlement = flag("in_settlement", e["in_settlement"])
        n.in_bonus = flag("in_bonus", e["in_bonus"])
        n.pending_intro = need("pending_intro", e["pending_intro"], 0, 4)
        n.final_turn = flag("final_turn", e["final_turn"])
        n.main_used = flag("main_used", e["main_used"])
        n.land_bought = flag("land_bought", e["land_bought"])
        n.settled = flag("settled", e["settled"])
        if len(e["bonus"]) != 6:
            raise ValueError("bonus: six entries (build, fell, cut, settle, district, plot)")
        n.bonus_build = need("bonus[0]", e["bonus"][0], 0, 255)
        n.bonus_fell = flag("bonus[1]", e["bonus"][1])
        n.bonus_cut = flag("bonus[2]", e["bonus"][2])
        n.bonus_settle = flag("bonus[3]", e["bonus"][3])
        n.bonus_district = flag("bonus[4]", e["bonus"][4])
        n.bonus_plot = flag("bonus[5]", e["bonus"][5])
        n.prior_pending = flag("prior_pending", e["prior_pending"])
        n.prior_space = need("prior_space", e["prior_space"], 0, N_SPACES - 1)
        n.neutral_contract_done = flag("neutral_contract_done", e["neutral_contract_done"])
        n.fee_raised = flag("fee_raised", e["fee_raised"])
        if len(e["free"]) != 4:
            raise ValueError("free: four entries (kind, owner, space, card)")
        n.free_kind = need("free[0]", e["free"][0], 0, FU_DISPLAY)
        n.free_p = need("free[1]", e["free"][1], 0, seats - 1)
        n.free_s = need("free[2]", e["free"][2], 0, N_SPACES - 1)
        n.free_card = need("free[3]", e["free"][3], 0, N_CARDS - 1)
        for i, c in enumerate(e["chain"]):
            n.chain |= u128_bit(need(f"chain[{i}]", c, 1, N_CARDS - 1))
        for i, c in enumerate(e["neutral_new"]):
            n.neutral_new |= u128_bit(need(f"neutral_new[{i}]", c, 0, N_SPACES - 1))
        n.districts_taken = need("districts_taken", e["districts_taken"], 0, 9)
        n.plots_taken = need("plots_taken", e["plots_taken"], 0, 9)
        n.wonders = need("wonders", e["wonders"], 0, 8)
        n.arm = need("arm", e["arm"], 0, 12)
        if len(e["tokens"]) != N_TOKENS:
            raise ValueError(f"tokens: {N_TOKENS} entries")
        for i in range(N_TOKENS):
            n.token[i] = e["tokens"][i] if e["tokens"][i] == TOKEN_ABSENT else need(
                f"tokens[{i}]", e["tokens"][i], 0, 12)
        n.game_over = flag("game_over", e["game_over"])
        n.seating = flag("seating", e["seating"])
        if n.seating and not (n.cfg.flags & CF_EXPLICIT_CHANCE):
            raise ValueError("seating: a seating chance node needs chance='explicit'")
        n.truncated = flag("truncated", e["truncated"])
        de = e["decision"]
        d = &n.dec
        d.kind = need("decision.kind", de["kind"], 0, D_OVER)
        if (d.kind == D_OVER) != (n.game_over == 1):
            raise ValueError("decision.kind: the 'over' decision exactly when game_over")
        d.chooser = need("decision.chooser", de["chooser"], 0, seats - 1)
        d.actor = need("decision.actor", de["actor"], 0, seats - 1)
        d.card = need("decision.card", de["card"], 0, N_CARDS - 1)
        d.loc_p = de["loc_p"] if de["loc_p"] == 255 else need("decision.loc_p", de["loc_p"], 0, seats - 1)
        d.loc_s = need("decision.loc_s", de["loc_s"], 0, 255)
        d.step = need("decision.step", de["step"], 0, 255)
        d.flags = need("decision.flags", de["flags"], 0, DF_SKIP | DF_DONE | DF_ACCEPT | DF_NO_WINE)
        d.lo = need("decision.lo", de["lo"], 0, 255)
        d.hi = need("decision.hi", de["hi"], d.lo, 255)
        for name in ("res", "a1", "a2", "req_food", "req_energy", "req_points", "paid_food", "paid_energy"):
            need(f"decision.{name}", de[name], -32768, 32767)
        d.res, d.a1, d.a2 = de["res"], de["a1"], de["a2"]
        d.req_food, d.req_energy, d.req_points = de["req_food"], de["req_energy"], de["req_points"]
        d.paid_food, d.paid_energy = de["paid_food"], de["paid_energy"]
        d.last = need("decision.last", de["last"], 0, 255)
        d.last_full = flag("decision.last_full", de["last_full"])
        d.need = need("decision.need", de["need"], 0, 255)
        d.ctx = need("decision.ctx", de["ctx"], 0, SC_CARD)
        d.space_p = need("decision.space_p", de["space_p"], 0, seats - 1)
        for i, c in enumerate(de["mask"]):
            d.mask |= u128_bit(need(f"decision.mask[{i}]", c, 0, N_SPACES - 1))
        short34 = n.cfg.mode == M_3SHORT or n.cfg.mode == M_4SHORT
        for seat in range(seats):
            pf = players[seat]
            p = &n.pl[seat]
            where = f"players[{seat}]"
            make_heartland(p, short34, n.cfg.mode == M_SOLO and seat == 1)
            if len(pf["tiles"]) > N_TILES:
                raise ValueError(f"{where}.tiles: at most {N_TILES}")
            for i, (kind, row) in enumerate(pf["tiles"]):
                need(f"{where}.tiles[{i}].row", row, -ROW_OFFSET, N_ROWS - ROW_OFFSET - 1)
                if kind == TK_DISTRICT_PLAINS or kind == TK_DISTRICT_HILLS:
                    if not district_fits(p, row):
                        raise ValueError(f"{where}.tiles[{i}]: a district does not fit in row {row}")
                    add_district(p, row, kind == TK_DISTRICT_HILLS)
                elif kind == TK_PLOT_COAST or kind == TK_PLOT_MOUNTAIN:
                    if not plot_fits(p, row, kind):
                        raise ValueError(f"{where}.tiles[{i}]: a plot does not fit at row {row}")
                    add_plot(p, row, kind == TK_PLOT_MOUNTAIN)
                else:
                    raise ValueError(f"{where}.tiles[{i}].kind: unknown tile kind {kind!r}")
            if len(pf["cards"]) != N_SPACES:
                raise ValueError(f"{where}.cards: {N_SPACES} entries")
            for sp in range(N_SPACES):
                cid = need(f"{where}.cards[{sp}]", pf["cards"][sp], 0, N_CARDS - 1)
                if not (p.exists & u128_bit(sp)):
                    if cid:
                        raise ValueError(f"{where}.cards[{sp}]: a card off the landscape")
                    continue
                put_card(p, sp, cid)
            if len(pf["goods"]) != N_GOODS:
                raise ValueError(f"{where}.goods: {N_GOODS} entries")
            for g in range(N_GOODS):
                p.goods[g] = need(f"{where}.goods[{g}]", pf["goods"][g], 0, GOODS_MAX)
            if len(pf["clergy"]) != N_CLERGY:
                raise ValueError(f"{where}.clergy: {N_CLERGY} entries")
            for i in range(N_CLERGY):
                loc = pf["clergy"][i]
                if loc != CL_HOME and loc != CL_ABSENT:
                    need(f"{where}.clergy[{i}]", loc >> 8 if isinstance(loc, int) else loc, 0, seats - 1)
                    need(f"{where}.clergy[{i}]", loc & 0xFF, 0, N_SPACES - 1)
                p.clergy[i] = loc
            p.hand = need(f"{where}.hand", pf["hand"], 0, 255)
            p.color = need(f"{where}.color", pf["color"], 0, 3)
        memcpy(&self.st, &n, sizeof(OraState))
        recompute_occupancy(&self.st)
        self._reset_history()

    def _rebuild_check(self, CoreGame game):
        """``None`` when every byte of this position is what its own fields rebuild; else why not.

        For a snapshot whose bytes may have been rewritten: the fields are read
        as raw numbers (nothing is looked up by them), range-checked and built
        into a fresh struct by ``_build``, which derives every mask (terrain,
        cards, cloisters, occupancy) again; the result must equal the bytes
        byte for byte (padding, unused tile slots and scratch fields included).
        """
        cdef OraState* s = &self.st
        cdef CoreState c
        cdef int p, i
        cdef u128 valid = u128_low_bits(N_CARDS)
        if memcmp(&s.cfg, &game.cfg, sizeof(Config)) != 0:
            return "the configuration is not this game's"
        for p in range(s.cfg.seats):
            if s.pl[p].ntiles > N_TILES:
                return f"players[{p}].ntiles out of range"
        if s.display & ~valid or s.display & ~s.cfg.deck:
            return "display: a card that is not in this game's deck"
        try:
            e = self._engine_fields()
            pf = [self._player_fields(p) for p in range(s.cfg.seats)]
            c = CoreState.__new__(CoreState)
            c._build(game, e, pf)
        except ValueError as err:
            return str(err)
        c.st.display = s.display
        if memcmp(&c.st, s, sizeof(OraState)) != 0:
            for i in range(<int>sizeof(OraState)):
                if (<char*>&c.st)[i] != (<char*>s)[i]:
                    return f"byte {i} disagrees with what the other fields make it"
        return None
