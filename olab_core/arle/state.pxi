# The Python-facing objects: CoreGame (a configuration) and CoreState (a
# position).  Play, undo, clones, history, masks and hashing come from the
# shared bases (olab_core/common/state.pyx) through ARLE_OPS; what is here
# reads Fields of Arle's own fields for the facade and builds a position
# from them (state_from_json).

NUM_DISTINCT_ACTIONS = A_TOTAL
STATE_SIZE = sizeof(ArleState)
CONFIG_SIZE = sizeof(Config)      # the config is the first member of the state

ACTION_LAYOUT = dict(
    SKIP=A_SKIP, DONE=A_DONE, FOREST=A_FOREST, STALL=A_STALL, STABLE=A_STABLE, WOOD4=A_WOOD4,
    DEHYDRATE=A_DEHYDRATE, PLACE=A_PLACE, IMITATE=A_IMITATE, GOOD=A_GOOD, AMOUNT=A_AMOUNT,
    BUILD=A_BUILD, EQUIP=A_EQUIP, TOOL=A_TOOL, FIELD=A_FIELD, UPGRADE=A_UPGRADE, RETURN=A_RETURN,
    SELL=A_SELL, BREED=A_BREED, BOAT=A_BOAT, HOUSE=A_HOUSE, LOAD=A_LOAD, PICK=A_PICK, N_PICK=N_PICK,
    TOTAL=A_TOTAL,
    N_VSTATES=N_VSTATES, N_LOAD_ITEMS=N_LOAD_ITEMS, LI_DEST=LI_DEST, U_VEHICLE=U_VEHICLE,
    N_UPGRADES=N_UPGRADES, N_SPACES=N_SPACES, N_BUILDINGS=N_BUILDINGS, N_GOODS=N_GOODS,
    MAX_BREED=MAX_BREED,
)
CONTEXT_NAMES = ("none", "turn", "anytime", "take", "release", "eat", "butcher", "pay", "amount",
                 "build", "vehicle", "tool", "field", "upgrade", "return", "smithy", "sell", "breed",
                 "laborer", "plow", "dehydrate", "pick")
#: what a "pick" decision counts (its p1), in the core's order
PICK_KINDS = ("butcher", "eat", "potters_inn", "smithy")
#: the count triple of each A_PICK action, in the core's order
PICK_TRIPLES = tuple((PICK[k][0], PICK[k][1], PICK[k][2]) for k in range(N_PICK))
OP_NAMES = ("none", "game", "turn", "anytime", "space", "building", "accommodate", "acquire",
            "upgrade", "master", "sell", "inventory", "before_november", "fields", "eat", "effect")
SCORE_KEYS = ("clothing", "equipment", "travel", "tools", "goods", "home", "animals", "bottlenecks")


def fit_table():
    """The vehicle table as installed: ``[(type, mask, [fit by size 0..4], flip), ...]`` (for tests)."""
    return [(VS_TYPE[k], VS_MASK[k], [VS_FIT[k][j] for j in range(5)], VS_FLIP[k]) for k in range(N_VSTATES)]


cdef class CoreGame(CoreGameBase):
    """A configuration of Fields of Arle (players, buildings, rule fields) for the core."""
    cdef Config cfg

    def __cinit__(self):
        self.ops = &ARLE_OPS
        self.cfgp = &self.cfg

    def __init__(self, dict conf):
        cdef int i
        memset(&self.cfg, 0, sizeof(Config))
        self.cfg.players = conf["players"]
        self.cfg.bmode = conf["bmode"]
        for b in conf["buildings"]:
            self.cfg.buildings |= (<uint32_t>1) << <int>b
        for i in range(3):
            self.cfg.wear_hp[i] = conf["wear_hp"][i]
        self.cfg.weaving_mill_woolen = 1 if conf["weaving_mill_woolen"] else 0
        self.cfg.colonists_woolen = 1 if conf["colonists_woolen"] else 0
        self.cfg.boardwalk_vp = conf["boardwalk_vp"]
        self.cfg.start_grain = conf["start_grain"]
        self.cfg.start_hide = conf["start_hide"]
        for i in range(20):
            self.cfg.travel_vp[i] = conf["travel_vp"][i]
        self.info = dict(conf)

    def new_state(self, uint64_t seed, cls):
        if not TABLES_READY:
            raise RuntimeError("olab.arle must be imported first (it installs the fact tables)")
        cdef CoreState st = cls.__new__(cls)
        with nogil:
            state_init(&st.st, &self.cfg, seed)
        return st


cdef class CoreState(CoreStateBase):
    """A position of Fields of Arle (the facade's State subclasses it)."""
    cdef ArleState st

    def __cinit__(self):
        self.ops = &ARLE_OPS
        self.sp = &self.st

    def scores(self):
        """Every seat's score in half points (exact: timber and wear have halves); final once the game is over."""
        cdef int p
        return [total_score(&self.st, p) for p in range(self.st.cfg.players)]

    # ------------------------------------------------------------ reading
    def _config(self):
        c = &self.st.cfg
        return dict(players=c.players, bmode=c.bmode, buildings=c.buildings,
                    wear_hp=[c.wear_hp[i] for i in range(3)])

    def _player(self, int seat):
        if not 0 <= seat < self.st.cfg.players:
            raise ValueError(f"no seat {seat}")
        cdef Player* p = &self.st.pl[seat]
        return dict(
            goods=[p.goods[g] for g in range(N_GOODS)], pend=[p.pend[i] for i in range(N_PEND)],
            missing=p.missing, buildings=[b for b in range(N_BUILDINGS) if (p.buildings >> b) & 1],
            dest_used=[d for d in range(N_DEST) if (p.dest_used >> d) & 1],
            tools=[p.tool[t] for t in range(N_TOOLS)], land=[p.land[i] for i in range(N_LAND)],
            vehicles=[p.vs[k] for k in range(N_VSTATES)], boats=p.boats, plows=p.plows,
            moors=[p.moor[i] for i in range(3)], boardwalk=p.boardwalk, dikes=p.dikes,
            travel=p.travel, travel_pend=p.travel_pend)

    def _derived(self, int seat):
        """Numbers the rules derive from a player's belongings."""
        cdef Player* p = &self.st.pl[seat]
        cdef int sm, lg
        barn_counts(p, &sm, &lg)
        return dict(land_total=land_total(p), land_used=land_used(p), empty_land=empty_land(p),
                    board_peat=board_peat(p), herd_fits=bool(herd_fits(p)), barn_small=sm,
                    barn_large=lg, tool_values=[tool_value(p, t) for t in range(N_TOOLS)],
                    score=total_score(&self.st, seat))

    def _game_fields(self):
        s = &self.st
        return dict(seed=s.seed, half_year=s.half_year, start_player=s.start_player,
                    special_by=s.special_by, occ=[s.occ[i] for i in range(N_SPACES)],
                    avail=[b for b in range(N_BUILDINGS) if (s.avail >> b) & 1],
                    in_game=[b for b in range(N_BUILDINGS) if (s.in_game >> b) & 1],
                    game_over=s.game_over)

    def _root_step(self):
        """(step, n) of the game frame: where the half year stands."""
        if self.st.depth == 0:
            return (-1, 0)
        return (self.st.stack[0].step, self.st.stack[0].n)

    def _frames(self):
        out = []
        cdef int i
        cdef Frame* f
        for i in range(self.st.depth):
            f = &self.st.stack[i]
            out.append(dict(op=f.op, step=f.step, seat=f.seat, arg=f.arg, ask=f.ask, n=f.n, m=f.m,
                            ans=f.ans, aux=f.aux))
        return out

    def _decision(self):
        d = &self.st.dec
        return dict(ctx=CONTEXT_NAMES[d.ctx], seat=d.seat, p1=d.p1,
                    breed=[[self.st.breed[k][j] for j in range(3)] for k in range(self.st.nbreed)],
                    released=[[self.st.breed_rel[k][j] for j in range(3)] for k in range(self.st.nbreed)])

    def _score_parts(self, int seat):
        cdef int parts[N_CATEGORIES]
        if not 0 <= seat < self.st.cfg.players:
            raise ValueError(f"no seat {seat}")
        score_parts(&self.st, seat, parts)
        return [parts[k] for k in range(N_CATEGORIES)]

    def _supply(self):
        return [supply_left(&self.st, k) for k in range(N_PAIRS)]

    def _sanity(self):
        """A reason why the raw struct is not a position of the game, or None."""
        s = &self.st
        cdef int i, seat, k
        if s.half_year < 1 or s.half_year > HALF_YEARS:
            return f"half year {s.half_year}"
        if s.game_over:
            return None if s.depth == 0 else "frames after the end"
        if s.depth < 1 or s.depth > STACK_MAX or s.stack[0].op != OP_GAME:
            return "the frame stack is broken"
        for i in range(s.depth):
            if s.stack[i].op == OP_NONE or s.stack[i].op > OP_EFFECT or s.stack[i].seat >= s.cfg.players:
                return f"frame {i} is broken"
        if s.dec.ctx == CX_NONE or not mask_any(&s.dec):
            return "no pending decision"
        for seat in range(s.cfg.players):
            p = &s.pl[seat]
            for k in range(N_GOODS):
                if p.goods[k] < 0 or (GOOD_CAP[k] and p.goods[k] > GOOD_CAP[k]):
                    return f"seat {seat}: good {k} is {p.goods[k]}"
            if empty_land(p) < 0:
                return f"seat {seat}: more tiles than land"
            if p.dikes > DIKE_MAX:
                return f"seat {seat}: dikes"
            for k in range(N_TOOLS):
                if p.tool[k] >= TOOL_N[k]:
                    return f"seat {seat}: tool {k}"
        for k in range(N_PAIRS):
            if supply_left(s, k) < 0:
                return f"supply {k} below zero"
        return None

    # --------------------------------------------------------- building
    def _build(self, CoreGame game, dict g, list players, list frames):
        """Make this state the position of ``g`` (``_game_fields``), ``players``
        (``_player`` per seat) and ``frames`` (``_frames``), in ``game``'s
        configuration; then the pending decision is computed from it.

        Every number is range-checked first (``ValueError`` naming the field);
        the state is only written once all of them pass.
        """
        cdef ArleState n
        cdef Player* p
        cdef Frame* f
        cdef int i, seat, k
        memset(&n, 0, sizeof(ArleState))
        memcpy(&n.cfg, &game.cfg, sizeof(Config))

        def need(name, value, lo, hi):
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise ValueError(f"{name} must be an integer in {lo}..{hi}, not {value!r}")
            return value

        def bits(name, values, n_bits):
            out = 0
            for i, v in enumerate(values):
                need(f"{name}[{i}]", v, 0, n_bits - 1)
                if out >> v & 1:
                    raise ValueError(f"{name}[{i}]: {v} is listed twice")
                out |= 1 << v
            return out

        def array(name, values, size, lo, hi):
            if len(values) != size:
                raise ValueError(f"{name}: {size} entries, not {len(values)}")
            return [need(f"{name}[{i}]", v, lo, hi) for i, v in enumerate(values)]

        if len(players) != n.cfg.players:
            raise ValueError(f"players: {n.cfg.players} seats, not {len(players)}")
        n.seed = need("seed", g["seed"], 0, 2 ** 64 - 1)
        n.half_year = need("half_year", g["half_year"], 1, HALF_YEARS)
        n.start_player = need("start_player", g["start_player"], 0, n.cfg.players - 1)
        n.special_by = need("special_by", g["special_by"], 0, n.cfg.players if n.cfg.players == 2 else 0)
        occ = array("occ", g["occ"], N_SPACES, 0, n.cfg.players)
        for i in range(N_SPACES):
            n.occ[i] = occ[i]
        n.in_game = bits("in_game", g["in_game"], N_BUILDINGS)
        n.avail = bits("avail", g["avail"], N_BUILDINGS)
        if n.avail & ~n.in_game:
            raise ValueError("avail: a building on the board that is not in this game")
        n.game_over = need("game_over", g["game_over"], 0, 1)
        for seat in range(n.cfg.players):
            pf = players[seat]
            p = &n.pl[seat]
            w = f"players[{seat}]"
            goods = array(f"{w}.goods", pf["goods"], N_GOODS, 0, 999)
            for k in range(N_GOODS):
                if GOOD_CAP[k] and goods[k] > GOOD_CAP[k]:
                    raise ValueError(f"{w}.goods[{k}] must be an integer in 0..{GOOD_CAP[k]}, not {goods[k]}")
                p.goods[k] = goods[k]
            pend = array(f"{w}.pend", pf["pend"], N_PEND, 0, 99)
            for k in range(N_PEND):
                p.pend[k] = pend[k]
            p.missing = need(f"{w}.missing", pf["missing"], 0, 999)
            p.buildings = bits(f"{w}.buildings", pf["buildings"], N_BUILDINGS)
            p.dest_used = bits(f"{w}.dest_used", pf["dest_used"], N_DEST)
            tools = array(f"{w}.tools", pf["tools"], N_TOOLS, 0, TOOL_LEVELS - 1)
            for k in range(N_TOOLS):
                if tools[k] >= TOOL_N[k]:
                    raise ValueError(f"{w}.tools[{k}] must be an integer in 0..{TOOL_N[k] - 1}, not {tools[k]}")
                p.tool[k] = tools[k]
            land = array(f"{w}.land", pf["land"], N_LAND, 0, 30)
            for k in range(N_LAND):
                p.land[k] = land[k]
            vs = array(f"{w}.vehicles", pf["vehicles"], N_VSTATES, 0, 7)
            for k in range(N_VSTATES):
                p.vs[k] = vs[k]
            p.boats = need(f"{w}.boats", pf["boats"], 0, 7)
            p.plows = need(f"{w}.plows", pf["plows"], 0, 7)
            moors = array(f"{w}.moors", pf["moors"], 3, 0, MOOR_UNDRAINED)
            for k in range(3):
                p.moor[k] = moors[k]
            sort_moors(p)
            p.boardwalk = need(f"{w}.boardwalk", pf["boardwalk"], 0, BOARDWALK_PEAT)
            p.dikes = need(f"{w}.dikes", pf["dikes"], 0, DIKE_MAX)
            p.travel = need(f"{w}.travel", pf["travel"], 0, TRAVEL_SPACES)
            p.travel_pend = need(f"{w}.travel_pend", pf["travel_pend"], 0, TRAVEL_SPACES)
        if not n.game_over:
            if not 1 <= len(frames) <= STACK_MAX:
                raise ValueError(f"frames: 1..{STACK_MAX} frames, not {len(frames)}")
            for i, fr in enumerate(frames):
                f = &n.stack[i]
                w = f"frames[{i}]"
                f.op = need(f"{w}.op", fr["op"], 1, OP_EFFECT)
                if (i == 0) != (f.op == OP_GAME):
                    raise ValueError(f"{w}.op: the first frame, and only it, is the game")
                f.step = need(f"{w}.step", fr["step"], 0, 31)
                f.seat = need(f"{w}.seat", fr["seat"], 0, n.cfg.players - 1)
                f.arg = need(f"{w}.arg", fr["arg"], 0, 63)
                f.ask = need(f"{w}.ask", fr["ask"], 0, 31)
                f.n = need(f"{w}.n", fr["n"], -1, 99)
                f.m = need(f"{w}.m", fr["m"], -1, 99)
                f.ans = need(f"{w}.ans", fr["ans"], 0, A_TOTAL - 1)
                f.aux = need(f"{w}.aux", fr["aux"], -1, 99)
            n.depth = len(frames)
        elif frames:
            raise ValueError("frames: a finished game has none")
        memcpy(&self.st, &n, sizeof(ArleState))
        self._reset_history()
        with nogil:
            repose(&self.st)

    def _rebuild_check(self, CoreGame game):
        """``None`` when every byte of this position is what its own fields rebuild; else why not.

        For a snapshot whose bytes may have been rewritten (issue 14): the
        fields are read as raw numbers (the frame stack only as deep as it
        can be), range-checked and built into a fresh struct by ``_build``,
        which also computes the pending decision again; the result must equal
        the bytes byte for byte.
        """
        cdef ArleState* s = &self.st
        cdef CoreState c
        cdef int i
        if memcmp(&s.cfg, &game.cfg, sizeof(Config)) != 0:
            return "the configuration is not this game's"
        if s.depth > STACK_MAX:
            return f"frame stack depth {s.depth} out of range"
        if s.nbreed > MAX_BREED:
            return "breeding outcomes out of range"
        try:
            g = self._game_fields()
            pl = [self._player(p) for p in range(s.cfg.players)]
            fr = self._frames() if not s.game_over else []
            c = CoreState.__new__(CoreState)
            c._build(game, g, pl, fr)
        except ValueError as err:
            return str(err)
        if memcmp(&c.st, s, sizeof(ArleState)) != 0:
            for i in range(<int>sizeof(ArleState)):
                if (<char*>&c.st)[i] != (<char*>s)[i]:
                    return f"byte {i} disagrees with what the other fields make it"
        return None
