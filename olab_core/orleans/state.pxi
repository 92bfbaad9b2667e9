# The Python-facing objects: CoreGame (a configuration) and CoreState (a
# position).  Play, undo, clones, history, masks, hashing and determinize come
# from the shared bases (olab_core/common/state.pyx) through ORL_OPS; what is
# here reads and writes Orléans's own fields for the facade.

NUM_DISTINCT_ACTIONS = A_TOTAL
STATE_SIZE = sizeof(OrlState)
CONFIG_SIZE = sizeof(Config)

#: the action layout, for the facade's notation
ACTION_LAYOUT = dict(
    PASS=A_PASS, DONE=A_DONE, DRAW=A_DRAW, DRAW_ALL=A_DRAW_ALL, STOP=A_STOP, EXCLUDE_NONE=A_EXCLUDE_NONE,
    VILLAGE_BOATMAN=A_VILLAGE_BOATMAN, VILLAGE_CRAFTSMAN=A_VILLAGE_CRAFTSMAN, CANAL_COIN=A_CANAL_COIN,
    CANAL_DEV=A_CANAL_DEV, TORT_STOCK=A_TORT_STOCK, TORT_FOLLOWER=A_TORT_FOLLOWER, TORT_DEV=A_TORT_DEV,
    TORT_TECH_PENDING=A_TORT_TECH_PENDING, TOWER=A_TOWER, FOOD=A_FOOD, AMOUNT=A_AMOUNT, DEED=A_DEED,
    EXCLUDE=A_EXCLUDE, VILLAGE_TRADER=A_VILLAGE_TRADER, TORT_GOOD=A_TORT_GOOD, TORT_PLACE=A_TORT_PLACE,
    TORT_STATION=A_TORT_STATION, TORT_TECH=A_TORT_TECH, USE=A_USE, TECH=A_TECH, RECALL=A_RECALL,
    MOVE=A_MOVE, PLACE=A_PLACE, CHANCE_KIND=A_CHANCE_KIND, CHANCE_EVENT=A_CHANCE_EVENT, FILL=A_FILL, TOTAL=A_TOTAL,
    N_KINDS=N_KINDS, N_CHARS=N_CHARS, N_PLACES=N_PLACES, MAX_SPACES=MAX_SPACES, N_SOURCES=N_SOURCES,
    MAX_CONN=MAX_CONN, MAX_TOWNS=MAX_TOWNS, N_TILES=N_TILES, N_BOARD=N_BOARD, N_DEEDS=N_DEEDS,
    N_GOODS=N_GOODS, N_EVENTS=N_EVENTS, OWN0=OWN0, SLOT_TECH=SLOT_TECH, N_CITIZENS=N_CITIZENS,
)
DECISION_NAMES = ("none", "exclude", "draw", "recall", "plan", "act", "move", "deed", "pharmacy",
                  "bathhouse", "technology", "harvest", "torture")
CHANCE_NAMES = ("none", "hourglass", "draw", "plague", "bathhouse", "torture")
PHASE_NAMES = ("exclusion", "hourglass", "census", "followers", "planning", "actions", "event", "over")
FLAGS = dict(explicit=CF_EXPLICIT, exclusion=CF_EXCLUSION)


cdef class CoreGame(CoreGameBase):
    """A configuration of Orléans (players, chance mode, exclusion) for the core."""
    cdef Config cfg

    def __cinit__(self):
        self.ops = &ORL_OPS
        self.cfgp = &self.cfg

    def __init__(self, int players, int flags):
        if not TABLES_READY:
            raise RuntimeError("rules tables not installed (import olab.orleans first)")
        if not 2 <= players <= MAX_PLAYERS:
            raise ValueError("Orléans is for 2 to 4 players")
        memset(&self.cfg, 0, sizeof(Config))
        self.cfg.players = players
        self.cfg.flags = flags
        self.info = dict(players=players, flags=flags)

    def new_state(self, uint64_t seed, cls):
        """A new game dealt with ``seed`` (the goods on the map and the generator of the draws)."""
        st = self._new_state_of(cls, seed)
        st.game = self
        return st


cdef class CoreState(CoreStateBase):
    """A position and its history.  Use the facade's ``olab.orleans.State``, its subclass."""
    cdef OrlState st

    def __cinit__(self):
        self.ops = &ORL_OPS
        self.sp = &self.st

    def scores(self):
        """Victory points of every seat (final once the game is over)."""
        return [score_of(&self.st, i) for i in range(self.st.cfg.players)]

    def _fields(self):
        """The struct as plain Python data: a dict of ints and lists (the padding left out)."""
        cdef OrlState* s = &self.st
        cdef int i
        pls = []
        for i in range(s.cfg.players):
            pls.append(_player_fields(&s.pl[i]))
        return dict(
            players=s.cfg.players, flags=s.cfg.flags, rng_state=s.rng.state, rng_inc=s.rng.inc, seed=s.seed,
            phase=s.phase, round=s.round, start=s.start, current=s.current, step=s.step, event=s.event,
            dec=s.dec, chooser=s.chooser, chance=s.chance, chance_player=s.chance_player,
            game_over=s.game_over, draws_as_chance=s.draws_as_chance, use_place=s.use_place, left=s.left, debt=s.debt, debtor=s.debtor,
            move_road=s.move_road, deed_q=_u8(s.deed_q, 2), bath=_u8(s.bath, N_KINDS),
            hourglass=_u8(s.hourglass, N_EVENTS), coin_supply=s.coin_supply,
            goods_supply=_u8(s.goods_supply, N_GOODS), char_supply=_u8(s.char_supply, N_CHARS),
            tech_supply=s.tech_supply, tiles_avail=s.tiles_avail, tiles_excluded=s.tiles_excluded,
            conn_goods=[_u8(s.conn_goods[i], 2) for i in range(N_CONN)],
            station=_u8(s.station, N_TOWNS), deed=_u8(s.deed, N_DEED_SPACES),
            citizen=_u8(s.citizen, N_CITIZENS), pl=pls)

    def _set_fields(self, dict d):
        """Overwrite the position from ``_fields()``-shaped data (the caller validates) and drop the history.

        The configuration (players, flags) is not changed; derived fields
        (the substitution masks) are recomputed.
        """
        cdef OrlState t
        cdef int i
        memset(&t, 0, sizeof(OrlState))
        t.cfg = self.st.cfg
        t.rng.state = d["rng_state"]
        t.rng.inc = d["rng_inc"]
        t.seed = d["seed"]
        t.phase = d["phase"]
        t.round = d["round"]
        t.start = d["start"]
        t.current = d["current"]
        t.step = d["step"]
        t.event = d["event"]
        t.dec = d["dec"]
        t.chooser = d["chooser"]
        t.chance = d["chance"]
        t.chance_player = d["chance_player"]
        t.game_over = d["game_over"]
        t.draws_as_chance = d["draws_as_chance"]
        t.use_place = d["use_place"]
        t.left = d["left"]
        t.debt = d["debt"]
        t.debtor = d["debtor"]
        t.move_road = d["move_road"]
        _set_u8(t.deed_q, d["deed_q"], 2)
        _set_u8(t.bath, d["bath"], N_KINDS)
        _set_u8(t.hourglass, d["hourglass"], N_EVENTS)
        t.coin_supply = d["coin_supply"]
        _set_u8(t.goods_supply, d["goods_supply"], N_GOODS)
        _set_u8(t.char_supply, d["char_supply"], N_CHARS)
        t.tech_supply = d["tech_supply"]
        t.tiles_avail = d["tiles_avail"]
        t.tiles_excluded = d["tiles_excluded"]
        for i in range(N_CONN):
            _set_u8(t.conn_goods[i], d["conn_goods"][i], 2)
            sort_conn(&t, i)
        _set_u8(t.station, d["station"], N_TOWNS)
        _set_u8(t.deed, d["deed"], N_DEED_SPACES)
        _set_u8(t.citizen, d["citizen"], N_CITIZENS)
        for i in range(t.cfg.players):
            _set_player(&t.pl[i], d["pl"][i])
        self._reset_history()
        memcpy(&self.st, &t, sizeof(OrlState))

    def _status(self, int pi):
        return status_of(&self.st.pl[pi])

    def _citizens(self, int pi):
        return citizens_of(&self.st, pi)

    def _draw_limit(self, int pi):
        return draw_limit(&self.st.pl[pi])

    def _activated(self, int pi, int place):
        return bool(owns_place(&self.st.pl[pi], place) and activated(&self.st.pl[pi], place))

    def _usable(self, int pi, int place):
        return bool(usable(&self.st, pi, place))

    def _heuristic(self, int pi):
        return heuristic_value(&self.st, pi)

    def _sanity(self):
        """A reason why this position cannot be a real one, or None.

        Every field is read as a raw number and range-checked before anything
        looks a table up by it, so a position whose bytes were rewritten is
        refused here rather than read out of bounds later.
        """
        cdef OrlState* s = &self.st
        cdef int i, k, t, n = s.cfg.players, total, total_events
        cdef const Player* p
        if not 2 <= n <= MAX_PLAYERS or s.cfg.flags & ~(CF_EXPLICIT | CF_EXCLUSION):
            return "configuration"
        for i in range(6):
            if s.cfg.pad[i]:
                return "configuration"
        if s.phase > PH_OVER or s.dec > D_TORTURE or s.chance > CN_TORTURE:
            return "phase or pending decision"
        if (s.dec != D_NONE) + (s.chance != CN_NONE) + (s.game_over != 0) != 1:
            return "exactly one of a decision, a chance node and the end must be pending"
        if s.chooser >= n or s.chance_player >= n or s.current >= n or s.start >= n or s.debtor >= n:
            return "seat"
        if s.round < 1 or s.round > ROUNDS or s.game_over > 1 or s.draws_as_chance > 1 or s.move_road > 1:
            return "round or flag"
        if s.step > EXCLUDE_PER[n] * n or (s.event != EV_NONE and s.event >= N_EVENTS):
            return "step or event"
        if s.use_place >= N_PLACES or s.left > 2 * MARKET or s.debt > 2 * COINS_TOTAL:
            return "the decision in progress"
        for i in range(2):
            if s.deed_q[i] > N_CHARS:
                return "characters going to the deeds"
        if s.deed_q[0] == 0 and s.deed_q[1] != 0:
            return "characters going to the deeds: the queue is not packed"
        if s.dec == D_DEED and s.deed_q[0] == 0:
            return "a deed decision without a character going to the deeds"
        for k in range(N_KINDS):
            if s.bath[k] > BATH_DRAW:
                return "the Bathhouse's tiles"
        total = 0
        for k in range(N_EVENTS):
            if s.hourglass[k] > EVENT_COUNT[k]:
                return "hourglass tiles"
            total += s.hourglass[k]
        # one tile is revealed per round: the unrevealed ones are exactly the rounds still to reveal
        if s.game_over:
            i = ROUNDS
        else:
            i = s.round - (1 if s.phase == PH_HOURGLASS or s.phase == PH_EXCLUDE else 0)
        total_events = 0
        for k in range(N_EVENTS):
            total_events += EVENT_COUNT[k]
        if total != total_events - (total_events - ROUNDS) - i:
            return "hourglass tiles: not one per round still to come"
        if s.chance == CN_HOURGLASS and total == 0:
            return "an hourglass draw without tiles"
        if (s.chance == CN_DRAW or s.chance == CN_PLAGUE or s.chance == CN_BATH) and bag_total(&s.pl[s.chance_player]) == 0:
            return "a draw from an empty bag"
        if s.chance == CN_TORTURE and kinds_total(s.pl[s.chance_player].bag, N_CHARS) == 0:
            return "a torture draw without a neutral follower"
        if s.coin_supply < 0 or s.coin_supply > COINS_TOTAL or s.tech_supply > TECH_TOTAL:
            return "supply"
        for k in range(N_GOODS):
            if s.goods_supply[k] > GOODS_COUNT[k]:
                return "goods supply"
        for k in range(N_CHARS):
            if s.char_supply[k] > SUPPLY[n][k]:
                return "character supply"
        if s.tiles_avail >> N_TILES or s.tiles_excluded >> N_TILES:
            return "place tiles"
        for i in range(MAX_CONN):
            if s.conn_goods[i][0] > N_GOODS or s.conn_goods[i][1] > N_GOODS or (i >= N_CONN and s.conn_goods[i][0]):
                return "goods on a connection"
        for i in range(MAX_TOWNS):
            if s.station[i] >> n or (i >= N_TOWNS and s.station[i]):
                return "trading stations"
        for i in range(MAX_DEED_SPACES):
            if s.deed[i] > n or (i >= N_DEED_SPACES and s.deed[i]):
                return "deed spaces"
        for i in range(N_CITIZENS):
            if s.citizen[i] > n:
                return "citizens"
        for i in range(MAX_PLAYERS):
            p = &s.pl[i]
            if i >= n:
                continue
            if p.coins < 0 or p.coins > COINS_TOTAL or p.town >= N_TOWNS or p.dev > DEV_LEN:
                return f"seat {i}: coins, town or development"
            for k in range(N_TRACKS):
                if p.track[k] > TRACK_LEN[k]:
                    return f"seat {i}: track"
            total = 0
            for k in range(N_KINDS):
                if p.bag[k] > 2 * SUPPLY[4][0] + 1:
                    return f"seat {i}: bag"
                total += p.market[k]
            if total > MARKET or tower_total(p) > TOWER_ROOM:
                return f"seat {i}: market or tower"
            for k in range(N_GOODS):
                if p.goods[k] > GOODS_COUNT[k]:
                    return f"seat {i}: goods"
            if p.stations_left + p.stations_built > STATIONS or p.tech_pending + p.tech_placed > TECH_TOTAL:
                return f"seat {i}: stations or technology tiles"
            if p.passed > 1 or p.drawn > MARKET or p.tiles >> N_TILES:
                return f"seat {i}: turn or tiles"
            for k in range(N_PLACES):
                for t in range(MAX_SPACES):
                    if p.slot[k][t] > SLOT_TECH:
                        return f"seat {i}: action space"
        return None

    def _rebuild_check(self):
        """``None`` when every byte of this position is what its own fields rebuild; else why not.

        For a snapshot whose bytes may have been rewritten (call :meth:`_sanity`
        first): the fields are read as raw numbers, built into a fresh struct by
        ``_set_fields`` (which derives the substitution masks, sorts
        interchangeable spaces and the goods of a connection, and leaves
        padding, unused spaces and unused seats zero); the result must equal
        the bytes byte for byte.
        """
        cdef CoreState c = CoreState.__new__(CoreState)
        cdef int i
        memcpy(&c.st, &self.st, sizeof(OrlState))
        c._set_fields(self._fields())
        if memcmp(&c.st, &self.st, sizeof(OrlState)) != 0:
            for i in range(<int>sizeof(OrlState)):
                if (<char*>&c.st)[i] != (<char*>&self.st)[i]:
                    return f"byte {i} disagrees with what the other fields make it"
        return None


cdef list _u8(const uint8_t* a, int n):
    return [a[i] for i in range(n)]


cdef void _set_u8(uint8_t* a, object values, int n) except *:
    cdef int i
    if len(values) != n:
        raise ValueError(f"expected {n} values, got {len(values)}")
    for i in range(n):
        a[i] = values[i]


cdef dict _player_fields(const Player* p):
    return dict(coins=p.coins, track=_u8(p.track, N_TRACKS), dev=p.dev, town=p.town,
                bag=_u8(p.bag, N_KINDS), market=_u8(p.market, N_KINDS), tower=_u8(p.tower, N_CHARS),
                goods=_u8(p.goods, N_GOODS), stations_left=p.stations_left,
                stations_built=p.stations_built, tech_pending=p.tech_pending,
                tech_placed=p.tech_placed, passed=p.passed, drawn=p.drawn, tiles=p.tiles,
                slot=[_u8(p.slot[k], MAX_SPACES) for k in range(N_PLACES)])


cdef void _set_player(Player* p, dict d) except *:
    cdef int k, j
    p.coins = d["coins"]
    _set_u8(p.track, d["track"], N_TRACKS)
    p.dev = d["dev"]
    p.town = d["town"]
    _set_u8(p.bag, d["bag"], N_KINDS)
    _set_u8(p.market, d["market"], N_KINDS)
    _set_u8(p.tower, d["tower"], N_CHARS)
    _set_u8(p.goods, d["goods"], N_GOODS)
    p.stations_left = d["stations_left"]
    p.stations_built = d["stations_built"]
    p.tech_pending = d["tech_pending"]
    p.tech_placed = d["tech_placed"]
    p.passed = d["passed"]
    p.drawn = d["drawn"]
    p.tiles = d["tiles"]
    for k in range(N_PLACES):
        # only the spaces of places the player has: every other byte stays zero
        if k < N_BOARD or (p.tiles >> (k - N_BOARD)) & 1:
            for j in range(PLACE_NSPACES[k]):
                p.slot[k][j] = d["slot"][k][j]
    for k in range(N_PLACES):
        for j in range(PLACE_NSPACES[k]):
            canon_group(p, k, PLACE_NEED[k][j])
    update_subs(p)
