# The Python-facing objects: CoreGame (a configuration) and CoreState (a
# position with its undo chain), plus the nogil batch loops.

NUM_DISTINCT_ACTIONS = A_TOTAL
STATE_SIZE = sizeof(OraState)
CONFIG_SIZE = sizeof(Config)   # the config is the first member of the state
# Python ints for every action id, so legal_actions() only builds the list
cdef tuple ACTION_INTS = tuple(range(A_TOTAL))

# action layout, for the facade's notation
ACTION_LAYOUT = dict(
    COMMIT=A_COMMIT, CONVERT_GRAIN=A_CONVERT_GRAIN, CONVERT_WINE=A_CONVERT_WINE,
    CONVERT_WHISKEY=A_CONVERT_WHISKEY, SKIP=A_SKIP, DONE=A_DONE, ACCEPT=A_ACCEPT,
    WITH_LAYBROTHER=A_WITH_LAYBROTHER, WITH_PRIOR=A_WITH_PRIOR, FELL_NONE=A_FELL_NONE,
    CUT_NONE=A_CUT_NONE, TAKE=A_TAKE, UPGRADE=A_UPGRADE, AMOUNT=A_AMOUNT, PICK=A_PICK,
    PAY=A_PAY, USE_LB=A_USE_LB, USE_PRIOR=A_USE_PRIOR, WORK=A_WORK, TARGET=A_TARGET,
    FELL=A_FELL, CUT=A_CUT, BUILD=A_BUILD, CARD=A_CARD, SETTLE=A_SETTLE, SPACE=A_SPACE,
    DISTRICT=A_DISTRICT, PLOT=A_PLOT, TOTAL=A_TOTAL, KMAX=KMAX, N_SPACES=N_SPACES,
    ROW_OFFSET=ROW_OFFSET,
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
    bonus_return_first=RF_BONUS_RETURN_FIRST,
)
COLORS = "RGBW"
CLERGY_HOME = CL_HOME


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
    cdef Pcg32 r1, r2
    cdef uint32_t order_seed, k
    cdef int n = len(colors), j
    pcg32_seed(&r1, seed, 42069)
    order_seed = pcg32_bounded(&r1, 0xFFFFFFFF)
    pcg32_seed(&r2, order_seed, 12345)
    pool = list(colors)
    out = []
    while n > 1:
        j = pcg32_bounded(&r2, n)
        out.append(pool[j])
        n -= 1
        pool[j] = pool[n]
    out.append(pool[0])
    neutral = None
    if solo or len(colors) == 1:
        k = pcg32_bounded(&r1, 3)
        neutral = [c for c in "RBGW" if c != out[0]][k]
    return "".join(out), neutral


cdef struct Snap:
    OraState st
    Snap* parent
    int32_t action
    int32_t refs


cdef inline void snap_release(Snap* node) noexcept nogil:
    cdef Snap* parent
    while node != NULL:
        node.refs -= 1
        if node.refs > 0:
            return
        parent = node.parent
        free(node)
        node = parent


cdef class CoreGame:
    """A configuration of Ora et Labora (mode, variant, rules) for the core."""
    cdef Config cfg
    cdef readonly object info

    def __init__(self, dict conf):
        memset(&self.cfg, 0, sizeof(Config))
        cdef int i
        deck = 0
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

    def new_state(self, uint64_t seed, cls=None, given=None, neutral=None):
        """A new game: seats coloured by kennerspiel's seeded shuffle of the
        colours ``given`` (default ``"RGBW"``); ``neutral`` forces the solo
        neutral player's colour (kennerspiel's unseeded ``START R B``)."""
        if not TABLES_READY:
            raise RuntimeError("card tables not installed (import olab.ora first)")
        cdef CoreState st = (CoreState if cls is None else cls).__new__(CoreState if cls is None else cls)
        cdef uint8_t colors[MAX_SEATS]
        solo = self.cfg.players == 1
        people = COLORS[:self.cfg.players] if given is None else given
        if ((len(people) != self.cfg.players and not (solo and 1 <= len(people) <= 4))
                or len(set(people)) != len(people) or set(people) - set(COLORS)):
            raise ValueError(f"need {self.cfg.players} different colours of RGBW, got {people!r}")
        seats, drawn = kennerspiel_seats(seed, people, solo)
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

    def random_games(self, int n, uint64_t seed, int max_actions=200000):
        """Play ``n`` uniformly random games in C; return per-game statistics.

        Returns a list of ``(actions, scores)`` tuples; ``actions`` is -1 for a
        game that hit a position without legal actions (an engine bug) and -2
        for one that exceeded ``max_actions``.
        """
        cdef OraState st
        cdef Pcg32 rng
        cdef int g, k, p
        cdef uint8_t colors[MAX_SEATS]
        for p in range(MAX_SEATS):
            colors[p] = p
        out = []
        pcg32_seed(&rng, seed, 54)
        for g in range(n):
            with nogil:
                state_init(&st, &self.cfg, seed + g, colors)
                k = random_finish(&st, &rng, max_actions)
            out.append((k, tuple(total_score(&st, p) for p in range(self.cfg.players))))
        return out


cdef int random_finish(OraState* s, Pcg32* rng, int max_actions) noexcept nogil:
    # a random game to its end with the shared playout loop: the number of
    # actions, -1 at a position without legal actions, -2 past max_actions
    # (both engine bugs)
    cdef int32_t buf[MAX_LEGAL]
    cdef int k = ops_playout(&ORA_OPS, s, rng, max_actions, buf)
    if k >= 0 and not s.game_over:
        return -2
    return k


cdef inline int32_t checked_action(object action) except -1:
    if not isinstance(action, int):
        raise TypeError(f"an action is an int, not {type(action).__name__}")
    if action < 0 or action >= A_TOTAL:
        raise IllegalActionError(action, f"not an action id (0..{A_TOTAL - 1})")
    return <int32_t>action


cdef class CoreState:
    """A position and its history.  Use :class:`olab.ora.State`, its subclass."""
    cdef OraState st
    cdef Snap* top
    cdef int32_t depth
    cdef public object game      # the facade's Game (or the CoreGame)

    def __dealloc__(self):
        snap_release(self.top)
        self.top = NULL

    # ------------------------------------------------------------------ play
    def legal_actions(self):
        """The legal actions, as ints, in the order the generator lists them."""
        cdef int32_t buf[MAX_LEGAL]
        cdef int n = legal_actions(&self.st, buf), i
        return [ACTION_INTS[buf[i]] for i in range(n)]

    def is_legal(self, action):
        cdef int32_t a
        if not isinstance(action, int) or action < 0 or action >= A_TOTAL:
            return False
        a = action
        return is_legal(&self.st, a)

    def apply_action(self, action):
        """Apply a legal action; ``IllegalActionError`` leaves the state untouched."""
        cdef int32_t a = checked_action(action)
        cdef Snap* node
        if not is_legal(&self.st, a):
            raise IllegalActionError(action, self._illegal_reason(action), self._action_text(action))
        node = <Snap*>malloc(sizeof(Snap))
        if node == NULL:
            raise MemoryError()
        memcpy(&node.st, &self.st, sizeof(OraState))
        node.parent = self.top
        node.action = a
        node.refs = 1
        self.top = node
        self.depth += 1
        apply_decision(&self.st, a)

    def _illegal_reason(self, action):
        if self.st.game_over:
            return "the game is over"
        return f"not legal at the pending {DECISION_NAMES[self.st.dec.kind]} decision"

    def _action_text(self, action):
        return None

    def undo_action(self):
        """Take back the last action; the state is then identical to before it."""
        cdef Snap* node = self.top
        if node == NULL:
            raise IndexError("no action to undo")
        memcpy(&self.st, &node.st, sizeof(OraState))
        self.top = node.parent
        if node.parent != NULL:
            node.parent.refs += 1
        snap_release(node)
        self.depth -= 1

    def clone(self):
        """An independent copy (the history is shared, copy-on-write)."""
        cdef CoreState c = type(self).__new__(type(self))
        memcpy(&c.st, &self.st, sizeof(OraState))
        c.top = self.top
        if c.top != NULL:
            c.top.refs += 1
        c.depth = self.depth
        c.game = self.game
        return c

    def history(self):
        """Every action applied since the root position, in order."""
        cdef Snap* node = self.top
        out = []
        while node != NULL:
            out.append(node.action)
            node = node.parent
        out.reverse()
        return out

    def move_number(self):
        return self.depth

    def is_terminal(self):
        return bool(self.st.game_over)

    def current_player(self):
        """The seat that decides now; -4 once the game is over."""
        if self.st.game_over:
            return -4
        return self.st.dec.chooser

    def scores(self):
        """Victory points of every seat (final once the game is over)."""
        cdef int p
        return [total_score(&self.st, p) for p in range(self.st.cfg.players)]

    def random_playout(self, uint64_t seed, int max_actions=200000):
        """Finish the game with uniformly random actions (no history kept)."""
        cdef Pcg32 rng
        cdef int k
        pcg32_seed(&rng, seed, 54)
        with nogil:
            k = random_finish(&self.st, &rng, max_actions)
        snap_release(self.top)
        self.top = NULL
        self.depth = 0
        return k

    # ------------------------------------------------------------- identity
    def __eq__(self, other):
        if not isinstance(other, CoreState):
            return NotImplemented
        return memcmp(&self.st, &(<CoreState>other).st, sizeof(OraState)) == 0

    def __hash__(self):
        return <int64_t>(hash_bytes(&self.st, sizeof(OraState)) >> 1)

    def state_hash(self):
        """A 64-bit hash of the position (equal positions, equal hashes)."""
        return hash_bytes(&self.st, sizeof(OraState))

    def _raw(self):
        return PyBytes_FromStringAndSize(<char*>&self.st, sizeof(OraState))

    def _root_raw(self):
        cdef Snap* node = self.top
        if node == NULL:
            return self._raw()
        while node.parent != NULL:
            node = node.parent
        return PyBytes_FromStringAndSize(<char*>&node.st, sizeof(OraState))

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

    def _reset_history(self):
        """Make the current position the root (after an edit)."""
        snap_release(self.top)
        self.top = NULL
        self.depth = 0

    def _add_tile(self, int seat, int row, int kind):
        """Add a tile to a landscape: kind 0 plains / 1 hills district, 2 coast / 3 mountain plot."""
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
            if k == "build": s.bonus_build = v
            elif k == "fell": s.bonus_fell = v
            elif k == "cut": s.bonus_cut = v
            elif k == "settle": s.bonus_settle = v
            elif k == "district": s.bonus_district = v
            elif k == "plot": s.bonus_plot = v
            else:
                raise KeyError(k)

    def _load_raw(self, bytes raw):
        if PyBytes_GET_SIZE(raw) != sizeof(OraState):
            raise ValueError("wrong size")
        snap_release(self.top)
        self.top = NULL
        self.depth = 0
        memcpy(&self.st, PyBytes_AS_STRING(raw), sizeof(OraState))

    # ------------------------------------------------------- reading the state
    def _config(self):
        cdef Config* c = &self.st.cfg
        return dict(players=c.players, seats=c.seats, mode=MODE_NAMES[c.mode],
                    variant="france" if c.variant == V_FRANCE else "ireland", flags=c.flags,
                    wheel_back=bool(c.wheel_back), seed=self.st.seed)

    def _goods(self, int seat):
        return [self.st.pl[seat].goods[g] for g in range(N_GOODS)]

    def _set_goods(self, int seat, int good, int n):
        self.st.pl[seat].goods[good] = n

    def _spaces(self, int seat):
        """(space, col, row, terrain bits, card id) for every space of a landscape."""
        cdef Player* p = &self.st.pl[seat]
        cdef int sp, c, r
        out = []
        for sp in range(N_SPACES):
            if p.exists & u128_bit(sp):
                space_coord(p, sp, &c, &r)
                out.append((sp, c, r, space_terrain(p, sp), p.card[sp]))
        return out

    def _space_at(self, int seat, int col, int row):
        return space_at(&self.st.pl[seat], col, row)

    def _space_coord(self, int seat, int sp):
        cdef int c, r
        space_coord(&self.st.pl[seat], sp, &c, &r)
        return c, r

    def _card_at(self, int seat, int sp):
        return self.st.pl[seat].card[sp]

    def _put_card(self, int seat, int sp, int cid):
        put_card(&self.st.pl[seat], sp, cid)

    def _neighbors(self, int seat, int sp):
        cdef int nb[4]
        cdef int n = space_neighbors(&self.st.pl[seat], sp, nb), i
        return [nb[i] for i in range(n)]

    def _clergy(self, int seat):
        """[(slot, owner, space) or 'home' / None (not in game)] per clergy slot."""
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
        if loc == "home":
            self.st.pl[seat].clergy[slot] = CL_HOME
        elif loc is None:
            self.st.pl[seat].clergy[slot] = CL_ABSENT
        else:
            self.st.pl[seat].clergy[slot] = (loc[0] << 8) | loc[1]
        recompute_occupancy(&self.st)

    def _hand(self, int seat):
        return [C_S01 + i for i in range(8) if self.st.pl[seat].hand & (1 << i)]

    def _set_hand(self, int seat, cards):
        cdef uint8_t h = 0
        for cid in cards:
            h |= 1 << (cid - C_S01)
        self.st.pl[seat].hand = h

    def _color(self, int seat):
        return COLORS[self.st.pl[seat].color]

    def _wheel(self):
        """(arm, [slot or None per token], [value per token])."""
        slots = [None if self.st.token[t] == TOKEN_ABSENT else self.st.token[t] for t in range(N_TOKENS)]
        values = [token_value(&self.st, t) for t in range(N_TOKENS)]
        return self.st.arm, slots, values

    def _set_token(self, int t, slot):
        self.st.token[t] = TOKEN_ABSENT if slot is None else slot

    def _set_arm(self, int arm):
        self.st.arm = arm

    def _display(self):
        return [cid for cid in range(N_CARDS) if self.st.display & u128_bit(cid)]

    def _set_display(self, cards):
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
        cdef Player* p = &self.st.pl[seat]
        cdef u128 m = p.settlement
        sets = []
        while m:
            sp = u128_ctz(m)
            sets.append((sp, settlement_points_at(&self.st, p, sp)))
            m = u128_clear_lowest(m)
        return (money_points(&self.st, p), goods_points(&self.st, p), economic_points(p), sets)

    def _dwelling(self, int cid):
        return card_dwell(&self.st, cid)
