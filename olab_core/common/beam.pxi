# Beam planning over whole actions: included by search.pyx after the chain
# search (chain_search.pxi), whose chain walk and evaluation it shares.

# ----------------------------------------------------------------------------
# Why a planner.  A solo game of Ora et Labora has no chance and nothing
# hidden: a line of play from a position has one final score, known once it
# is played out.  The chain search guesses that score from the heuristic (or
# from random playouts, which in Ora et Labora score a tenth of what a player
# does) and spends its budget telling guesses apart; a planner can instead
# play lines to the end and keep the best one it has *finished*, so what it
# answers is a line it has seen score that much, and a bigger budget can
# only find a better one.
#
# The planner is a beam search whose steps are whole turns:
#
# - a candidate is a chain of the deciding seat (a first action completed
#   the way greedy completes it, `completions` per first action) played on
#   to the end of the seat's turn by greedy's best chains: until the game's
#   clock (GameOps.clock) moves or another seat decides.  So level k holds
#   positions k turns after the root and the positions a level compares are
#   of the same moment of the game.  Levels of chains instead put a line
#   that bought an Ora et Labora landscape (a chain) one commit (another)
#   behind a line that did not, the heuristic then preferred the line
#   further on, and the beam lost every line that bought land: 217 to 248
#   points solo where turns give 366 at the same budget;
# - each level's positions are expanded into their candidates, every
#   candidate is valued by the evaluation the chain search uses (greedy's
#   value of the searching seat, fitted or not), and the `width` best
#   distinct positions (equal bytes count once) make the next level;
# - a position where the game is over ends its line: the line is kept if it
#   is the best finished so far (by the final score, or the margin of the
#   scores over the best other seat with several seats; with 3 or 4 and
#   the objective "score", the seat's own score);
# - another seat's turn is its best chain and the rest of its turn (greedy's
#   model of an opponent), so the beam branches on the searching seat's
#   turns only; a chance node takes an outcome drawn from the seed (the plan
#   is then one sample, not a promise); a game with hidden information is
#   planned in one determinization of the root for the seat;
# - the budget counts positions expanded (one "simulation" each).  A first
#   pass of width 1 plays a greedy line to the end; it tells how many levels
#   are left, and the second pass gets the width the rest of the budget pays
#   for.  With a time budget the first pass's speed sets the width instead;
#   with a bound on the positions valued (`evaluations`, what the time
#   follows) each level of the second pass is narrowed to what is left of
#   it (_run_pass);
# - the best line is kept from one search to the next while the game
#   follows it: the next search replays its rest (with no chance it scores
#   what it scored) and answers it unless it found better.

cdef struct BeamEntry:
    int32_t parent      # absolute index of the entry this one continues (-1: the root)
    int32_t chain       # offset of its chain in the pool
    int32_t chain_len
    int32_t slot        # its position's slot in its level's states (kept entries only)
    int32_t first       # the root's child it descends from (its index among them; -1: the root)
    double value        # the evaluation of its position for the searching seat
    uint32_t tie        # drawn from the seed: the order of candidates of equal value
    uint64_t key        # a hash of its position's bytes (equal positions merged)


cdef struct BeamWork:
    # the buffers of one beam pass (grown as needed)
    int width
    char* cur                   # the positions of the level being expanded, width slots
    char* nxt                   # those of the next level
    BeamEntry* ents             # every level's kept entries
    int32_t ent_cap
    BeamEntry* cands            # the candidates of one level
    int64_t cand_room
    int32_t* pool               # the kept entries' chains
    int32_t pool_cap
    int32_t* cpool              # the candidates' chains
    int64_t cpool_cap
    uint64_t* seen              # the keys of the next level so far (open addressing)
    int32_t seen_mask


cdef enum:
    BEAM_TURN_MAX = 4 * CHAIN_MAX       # actions of one candidate (a chain and the rest of its turn), at most


cdef bint grow_candidates(BeamWork* w, int64_t need) noexcept nogil:
    cdef void* grown
    cdef int64_t room = w.cand_room
    while need > room:
        room *= 2
    grown = realloc(w.cands, room * sizeof(BeamEntry))
    if grown == NULL:
        return False
    w.cands = <BeamEntry*>grown
    w.cand_room = room
    return True


cdef bint grow_candidate_pool(BeamWork* w, int64_t used) noexcept nogil:
    cdef void* grown
    cdef int64_t room = w.cpool_cap
    while used + BEAM_TURN_MAX > room:
        room *= 2
    grown = realloc(w.cpool, room * sizeof(int32_t))
    if grown == NULL:
        return False
    w.cpool = <int32_t*>grown
    w.cpool_cap = room
    return True


cdef inline uint64_t state_key(const char* s, size_t n) noexcept nogil:
    # a hash of a position's bytes: equal positions (a transposition, two
    # orders of the same actions) have equal keys; a collision merges two
    # positions of the beam, which costs a little breadth, never legality
    cdef uint64_t h = 0x243F6A8885A308D3, w
    cdef size_t i = 0
    while i + 8 <= n:
        memcpy(&w, s + i, 8)
        h = (h ^ w) * <uint64_t>0x9E3779B97F4A7C15
        h ^= h >> 29
        i += 8
    while i < n:
        h = (h ^ <uint8_t>s[i]) * <uint64_t>0x100000001B3
        i += 1
    return h ^ (h >> 31)


cdef int compare_candidates(const void* a, const void* b) noexcept nogil:
    # best value first; equal values in an order drawn from the seed (a
    # seed is a sample of the planner: in a game without chance, such as
    # solo Ora et Labora, every seed would otherwise play the same game),
    # then in the order they were made (qsort is not stable: the index
    # decides, and the plan is the same everywhere)
    cdef const BeamEntry* x = <const BeamEntry*>a
    cdef const BeamEntry* y = <const BeamEntry*>b
    if x.value > y.value:
        return -1
    if x.value < y.value:
        return 1
    if x.tie != y.tie:
        return -1 if x.tie < y.tie else 1
    return -1 if x.slot < y.slot else (1 if x.slot > y.slot else 0)


cdef class BeamPlanner(ChainSearcher):
    """A planner over whole actions: beam search to the end of the game, the best finished line kept.

    Every game's default search but Fields of Arle solo's: planned over the
    deciding seat's turns, other seats played as greedy plays them, chance
    drawn from the seed and hidden information in one determinization for
    the seat; see the comment at the top of ``olab_core/common/beam.pxi``.
    Takes :class:`ChainSearcher`'s
    parameters, of which it reads ``expand_budget``, ``completions`` and
    ``seed`` (and a fitted evaluation, :meth:`set_evaluation`).
    """
    cdef int32_t* line           # the best finished line from the root: its actions
    cdef int32_t line_len
    cdef int32_t line_cap
    cdef int32_t* line_chains    # where each of its chains ends in line (chain k is line[ends[k-1]:ends[k]])
    cdef int32_t line_nchains
    cdef double line_value       # its final value for the searching seat (-1e300: no line)
    cdef readonly int64_t expanded        # positions expanded by the last search
    cdef readonly int64_t unexpanded      # positions of its levels its bound on evaluations left unexpanded (0: none)
    cdef readonly int last_width          # the widest pass of the last search
    cdef readonly int last_levels         # levels of the last search's first pass
    cdef readonly double planned_value    # the final value of the line the last search answers
    cdef readonly double ms_per_expand    # the speed of the last search that expanded (0: none yet)
    cdef int64_t eval_start               # `evaluated` when the search began
    cdef int64_t eval_end                 # what it may reach by the search's bound (0: no bound)
    cdef double line_level_cost           # evaluations a level of a line costs: the first pass's (else the last's)
    # the last pass's children of the root: first action, entries kept below, best finished value
    cdef int32_t* first_action
    cdef int64_t* first_kept
    cdef double* first_best
    cdef int32_t n_firsts
    cdef int32_t firsts_cap

    def __cinit__(self, *args, **kwargs):
        self.line_cap = 1 << 16
        self.line = <int32_t*>malloc(self.line_cap * sizeof(int32_t))
        self.line_chains = <int32_t*>malloc(self.line_cap * sizeof(int32_t))
        if self.line == NULL or self.line_chains == NULL:
            raise MemoryError("no room for the plan")
        self.line_len = 0
        self.line_nchains = 0
        self.line_value = -1e300
        self.expanded = 0
        self.unexpanded = 0
        self.last_width = 0
        self.last_levels = 0
        self.planned_value = -1e300
        self.ms_per_expand = 0
        self.eval_end = 0
        self.line_level_cost = 0
        self.firsts_cap = 0
        self.n_firsts = 0
        self.first_action = NULL
        self.first_kept = NULL
        self.first_best = NULL

    cdef bint _grow_firsts(self) noexcept nogil:
        cdef int32_t cap = self.firsts_cap * 2 if self.firsts_cap else 64
        cdef void* a = realloc(self.first_action, cap * sizeof(int32_t))
        if a == NULL:
            return False
        self.first_action = <int32_t*>a
        a = realloc(self.first_kept, cap * sizeof(int64_t))
        if a == NULL:
            return False
        self.first_kept = <int64_t*>a
        a = realloc(self.first_best, cap * sizeof(double))
        if a == NULL:
            return False
        self.first_best = <double*>a
        self.firsts_cap = cap
        return True

    def __dealloc__(self):
        free(self.line)
        free(self.line_chains)
        free(self.first_action)
        free(self.first_kept)
        free(self.first_best)

    cdef int _candidates(self, char* pos, int me, BeamWork* w, int m, int32_t* cpool_used,
                         int32_t parent) noexcept nogil:
        # the candidates from pos (a seat decides there) into w.cands[m:],
        # valued for `me`: the deciding seat's best `completions` chains per
        # first action when it is `me`, its single best chain otherwise, each
        # played on to the end of the turn (ops.clock) by greedy's choices.
        # Returns how many, or -1 when out of memory
        cdef const GameOps* ops = self.ops
        cdef int p = ops.to_move(pos)
        cdef int n, i, j, k = 0, c = 0, share
        if p != me:
            # another seat: its single best chain over every first action
            self.chain_lens[0] = self._best_chain(pos, self.chains)
            c = 1 if self.chain_lens[0] > 0 else 0
        else:
            n = ops.legal(pos, self.top)
            if n <= 0:
                return 0
            share = self.expand_budget // n
            if share < 4:
                share = 4
            self.me = p
            # first every chain (the walk's buffers are needed again below)
            for i in range(n):
                memcpy(self.work_states, pos, ops.state_size)
                self.kept = 0
                self.budget_left = share
                ops.apply(self.work_states, self.top[i])
                self.path[0] = self.top[i]
                self._walk(0, 1)
                for j in range(self.kept):
                    self.chain_lens[c] = self.best_len[j]
                    memcpy(&self.chains[c * CHAIN_MAX], self.best_path[j], self.best_len[j] * sizeof(int32_t))
                    c += 1
        if m + c > w.cand_room and not grow_candidates(w, m + c):
            return -1
        for i in range(c):
            if cpool_used[0] + BEAM_TURN_MAX > w.cpool_cap and not grow_candidate_pool(w, cpool_used[0]):
                return -1
            self._add_candidate(pos, me, &w.cands[m + k], w.cpool, cpool_used, parent,
                                &self.chains[i * CHAIN_MAX], self.chain_lens[i])
            k += 1
        return k

    cdef int _best_chain(self, const char* pos, int32_t* out) noexcept nogil:
        # the best chain from pos for its deciding seat (greedy's), into out;
        # returns its length, 0 when there is none
        cdef const GameOps* ops = self.ops
        cdef int n, i, share, saved = self.completions
        n = ops.legal(pos, self.top)
        if n <= 0:
            return 0
        share = self.expand_budget // n
        if share < 4:
            share = 4
        self.me = ops.to_move(pos)
        self.completions = 1
        self.kept = 0
        for i in range(n):
            memcpy(self.work_states, pos, ops.state_size)
            self.budget_left = share
            ops.apply(self.work_states, self.top[i])
            self.path[0] = self.top[i]
            self._walk(0, 1)
        self.completions = saved
        if self.kept == 0:
            return 0
        memcpy(out, self.best_path[0], self.best_len[0] * sizeof(int32_t))
        return self.best_len[0]

    cdef void _add_candidate(self, const char* pos, int me, BeamEntry* e, int32_t* pool, int32_t* pool_used,
                             int32_t parent, const int32_t* chain, int chain_len) noexcept nogil:
        # the candidate `chain` from pos, played on to the end of its turn by
        # the deciding seat's best chains (when the game has a clock), valued
        # for `me` and hashed; its position is left in scratch
        cdef const GameOps* ops = self.ops
        cdef int j, k, p = ops.to_move(pos)
        cdef int32_t* out = &pool[pool_used[0]]
        cdef int64_t t
        memcpy(self.scratch, pos, ops.state_size)
        for j in range(chain_len):
            ops.apply(self.scratch, chain[j])
        memcpy(out, chain, chain_len * sizeof(int32_t))
        if ops.clock != NULL:
            t = ops.clock(pos)
            while (chain_len + CHAIN_MAX <= BEAM_TURN_MAX and ops.to_move(self.scratch) == p
                   and ops.clock(self.scratch) == t):
                k = self._best_chain(self.scratch, &out[chain_len])
                if k <= 0:
                    break
                for j in range(chain_len, chain_len + k):
                    ops.apply(self.scratch, out[j])
                chain_len += k
        e.parent = parent
        e.chain = pool_used[0]
        e.chain_len = chain_len
        pool_used[0] += chain_len
        e.value = self._value(self.scratch, me)
        e.key = state_key(self.scratch, ops.state_size)
        e.tie = pcg32_next(&self.rng)

    cdef double _value(self, const char* s, int me) noexcept nogil:
        # what the planner ranks positions by for `me`: the chain search's
        # evaluation (the game's seat value, fitted or not; the margin of the
        # scores over the best other seat once the game is over), or with
        # the objective "score" and 3 or 4 seats the seat's own value
        self.evaluated += 1
        return self._eval(s, me)

    cdef int _settle(self, char* pos, int32_t* pre, int room) noexcept nogil:
        # draw chance outcomes at pos until a seat decides or the game is
        # over, into pre; returns how many (at most room)
        cdef int n = 0
        while self.ops.to_move(pos) == PLAYER_CHANCE and n < room:
            pre[n] = self.ops.sample_chance(pos, &self.rng)
            self.ops.apply(pos, pre[n])
            n += 1
        return n

    cdef int _pass(self, int width, int me, int64_t max_expand, double deadline, int plan_levels) noexcept nogil:
        # one beam pass of `width` from root_state; a finished line better
        # than line_value replaces the kept line.  `plan_levels` (> 0) is
        # the levels the first pass went down, by which a bound on the
        # evaluations narrows the levels (see _run_pass).  Returns the
        # levels it went down, or -1 when out of memory
        cdef BeamWork w
        cdef int levels
        cdef size_t ss = self.ops.state_size
        w.width = width
        w.ent_cap = 1 << 14
        w.pool_cap = 1 << 16
        w.cand_room = 1024
        w.seen_mask = 1
        while w.seen_mask < 4 * width:
            w.seen_mask <<= 1
        w.cur = <char*>malloc(width * ss)
        w.nxt = <char*>malloc(width * ss)
        w.ents = <BeamEntry*>malloc(w.ent_cap * sizeof(BeamEntry))
        w.cands = <BeamEntry*>malloc(w.cand_room * sizeof(BeamEntry))
        w.pool = <int32_t*>malloc(w.pool_cap * sizeof(int32_t))
        w.cpool_cap = 1 << 16
        w.cpool = <int32_t*>malloc(w.cpool_cap * sizeof(int32_t))
        w.seen = <uint64_t*>malloc(w.seen_mask * sizeof(uint64_t))
        w.seen_mask -= 1
        if (w.cur == NULL or w.nxt == NULL or w.ents == NULL or w.cands == NULL or w.pool == NULL
                or w.cpool == NULL or w.seen == NULL):
            levels = -1
        else:
            levels = self._run_pass(&w, me, max_expand, deadline, plan_levels)
        free(w.cur)
        free(w.nxt)
        free(w.ents)
        free(w.cands)
        free(w.pool)
        free(w.cpool)
        free(w.seen)
        return levels

    cdef int _run_pass(self, BeamWork* w, int me, int64_t max_expand, double deadline,
                       int plan_levels) noexcept nogil:
        cdef const GameOps* ops = self.ops
        cdef size_t ss = ops.state_size
        cdef int32_t ent_used = 0, level_start, level_n, i, j, c, e, n_next, here
        cdef int64_t reserve
        cdef int32_t pool_used = 0, cpool_used = 0
        cdef int levels = 0, m, k, settle
        cdef int32_t x
        cdef int32_t pre[64]
        cdef void* grown
        cdef char* tmp
        cdef uint64_t h
        cdef double v
        cdef bint dup
        memcpy(w.cur, self.root_state, ss)
        w.ents[0].parent = -1
        w.ents[0].chain = 0
        w.ents[0].chain_len = 0
        w.ents[0].slot = 0
        w.ents[0].first = -1
        self.n_firsts = 0
        w.ents[0].value = 0
        w.ents[0].key = 0
        ent_used = 1
        level_start = 0
        level_n = 1
        while level_n > 0:
            # expand every position of the level into the candidates, best
            # first; with a bound on the evaluations, while what is left of
            # it pays for finishing a line from the next level on (at the
            # first pass's cost a level, or the last search's after a kept
            # line), and always the best one: a line always finishes, and
            # the bound may be passed by about one greedy line.  Spreading
            # the bound evenly over the levels instead, at the cost a
            # position so far, narrowed searches the bound paid for (an Ora
            # et Labora search bounded at 1.2 times its own work expanded
            # 352 positions of 427): a position's cost varies widely from
            # level to level, and the first levels' is no guide to the rest
            reserve = 0
            if self.eval_end > 0 and plan_levels > 0 and plan_levels - levels > 1:
                reserve = <int64_t>(self.line_level_cost * (plan_levels - levels - 1))
            here = 0
            m = 0
            cpool_used = 0
            for i in range(level_n):
                e = level_start + i
                # chance outcomes are part of the entry's chain (drawn once)
                settle = self._settle(w.cur + i * ss, pre, 64)
                if settle > 0:
                    if pool_used + w.ents[e].chain_len + settle > w.pool_cap:
                        while pool_used + w.ents[e].chain_len + settle > w.pool_cap:
                            w.pool_cap *= 2
                        grown = realloc(w.pool, w.pool_cap * sizeof(int32_t))
                        if grown == NULL:
                            return -1
                        w.pool = <int32_t*>grown
                    memcpy(&w.pool[pool_used], &w.pool[w.ents[e].chain], w.ents[e].chain_len * sizeof(int32_t))
                    memcpy(&w.pool[pool_used + w.ents[e].chain_len], pre, settle * sizeof(int32_t))
                    w.ents[e].chain = pool_used
                    w.ents[e].chain_len += settle
                    pool_used += w.ents[e].chain_len
                if ops.to_move(w.cur + i * ss) == PLAYER_CHANCE:
                    continue                    # more chance than a chain holds: a line the beam drops
                if ops.to_move(w.cur + i * ss) == PLAYER_TERMINAL:
                    v = self._value(w.cur + i * ss, me)
                    if w.ents[e].first >= 0 and v > self.first_best[w.ents[e].first]:
                        self.first_best[w.ents[e].first] = v
                    if v > self.line_value:
                        self._keep_line(w.ents, w.pool, e, v)
                    continue
                if (max_expand > 0 and self.expanded >= max_expand) or (deadline > 0 and now_ms() >= deadline):
                    continue
                if here > 0 and self.eval_end > 0 and self.evaluated + reserve >= self.eval_end:
                    self.unexpanded += 1        # what the bound on evaluations narrowed
                    continue
                if (self.expanded & 63) == 63 and interrupted():
                    self.stopped = True
                    return levels if levels > 0 else 1
                k = self._candidates(w.cur + i * ss, me, w, m, &cpool_used, e)
                if k < 0:
                    return -1
                self.expanded += 1
                here += 1
                if k > 0:
                    for c in range(m, m + k):
                        w.cands[c].slot = c
                    m += k
            if m == 0:
                break
            levels += 1
            # the `width` best distinct positions make the next level
            qsort(w.cands, m, sizeof(BeamEntry), compare_candidates)
            memset(w.seen, 0, (w.seen_mask + 1) * sizeof(uint64_t))
            if ent_used + w.width > w.ent_cap:
                while ent_used + w.width > w.ent_cap:
                    w.ent_cap *= 2
                grown = realloc(w.ents, w.ent_cap * sizeof(BeamEntry))
                if grown == NULL:
                    return -1
                w.ents = <BeamEntry*>grown
            n_next = 0
            for c in range(m):
                if n_next >= w.width:
                    break
                h = w.cands[c].key | 1          # 0 marks an empty slot of the set
                j = <int32_t>(h & w.seen_mask)
                dup = False
                while w.seen[j] != 0:
                    if w.seen[j] == h:
                        dup = True
                        break
                    j = (j + 1) & w.seen_mask
                if dup:
                    continue                    # the same position as a better candidate
                w.seen[j] = h
                if pool_used + w.cands[c].chain_len > w.pool_cap:
                    while pool_used + w.cands[c].chain_len > w.pool_cap:
                        w.pool_cap *= 2
                    grown = realloc(w.pool, w.pool_cap * sizeof(int32_t))
                    if grown == NULL:
                        return -1
                    w.pool = <int32_t*>grown
                w.ents[ent_used + n_next] = w.cands[c]
                memcpy(&w.pool[pool_used], &w.cpool[w.cands[c].chain], w.cands[c].chain_len * sizeof(int32_t))
                w.ents[ent_used + n_next].chain = pool_used
                w.ents[ent_used + n_next].slot = n_next
                # what the root's children lead to (root_stats): the entries
                # kept below each, and the best finished line through it
                x = w.ents[w.cands[c].parent].first
                if x < 0:
                    if self.n_firsts >= self.firsts_cap and not self._grow_firsts():
                        return -1
                    x = self.n_firsts
                    self.n_firsts += 1
                    self.first_action[x] = w.cpool[w.cands[c].chain]
                    self.first_kept[x] = 0
                    self.first_best[x] = -1e300
                w.ents[ent_used + n_next].first = x
                self.first_kept[x] += 1
                pool_used += w.cands[c].chain_len
                # its position: the parent's, then the chain
                tmp = w.nxt + n_next * ss
                memcpy(tmp, w.cur + w.ents[w.cands[c].parent].slot * ss, ss)
                for j in range(w.cands[c].chain_len):
                    ops.apply(tmp, w.cpool[w.cands[c].chain + j])
                n_next += 1
            level_start = ent_used
            level_n = n_next
            ent_used += n_next
            if self.line_value <= -1e299 and n_next > 0:
                # no finished line yet: the best of the deepest level so far
                # stands for one (unfinished: any finished line replaces it,
                # and the next search drops it), so that a budget too small
                # to reach the end still answers
                self._keep_line(w.ents, w.pool, level_start, -1e299)
            tmp = w.cur
            w.cur = w.nxt
            w.nxt = tmp
        return levels

    cdef void _keep_line(self, const BeamEntry* ents, const int32_t* pool, int32_t e, double v) noexcept nogil:
        # the line from the root to entry e (a finished game) becomes the kept line
        cdef int32_t n = 0, k = 0, i, j, total = 0
        cdef int32_t x = e
        # count, then fill from the back
        while x > 0:
            total += ents[x].chain_len
            k += 1
            x = ents[x].parent
        if total > self.line_cap or k > self.line_cap:
            return
        x = e
        n = total
        i = k
        while x > 0:
            n -= ents[x].chain_len
            memcpy(&self.line[n], &pool[ents[x].chain], ents[x].chain_len * sizeof(int32_t))
            i -= 1
            self.line_chains[i] = n + ents[x].chain_len
            x = ents[x].parent
        self.line_len = total
        self.line_nchains = k
        self.line_value = v

    cdef double _replay_line(self, int me) noexcept nogil:
        # the kept line played from the root: its final value, or -1e300 when
        # it is no longer legal there or does not finish the game
        cdef const GameOps* ops = self.ops
        cdef int32_t i
        memcpy(self.scratch, self.root_state, ops.state_size)
        for i in range(self.line_len):
            if ops.to_move(self.scratch) < 0 and ops.to_move(self.scratch) != PLAYER_CHANCE:
                return -1e300
            if not ops.is_legal(self.scratch, self.line[i]):
                return -1e300
            ops.apply(self.scratch, self.line[i])
        if ops.to_move(self.scratch) != PLAYER_TERMINAL:
            return -1e300
        return self._value(self.scratch, me)

    cdef int _plan(self, int me, int64_t simulations, double time_ms, int64_t evaluations) noexcept nogil:
        # the kept line checked, then the passes; -1 when out of memory
        cdef double start = now_ms(), deadline = 0, per_ms, room
        cdef int levels
        cdef int64_t left, width
        self.eval_start = self.evaluated
        self.eval_end = self.eval_start + evaluations if evaluations > 0 else 0
        self.expanded = 0
        self.unexpanded = 0
        self.stopped = False
        self.last_width = 0
        self.last_levels = 0
        self.n_firsts = 0
        if self.line_len > 0:
            self.line_value = self._replay_line(me)
            if self.line_value <= -1e299:
                self.line_len = 0
                self.line_nchains = 0
        else:
            self.line_value = -1e300
        if time_ms > 0:
            deadline = start + time_ms
        # the first pass: greedy's line (width 1), unless a kept line tells the levels left
        if self.line_len > 0:
            levels = self.line_nchains
        else:
            levels = self._pass(1, me, simulations, deadline, 0)
            if levels < 0:
                return -1
            self.last_width = 1
            if self.stopped:
                return 0
            if levels > 0:
                self.line_level_cost = <double>(self.evaluated - self.eval_start) / levels
        if levels < 1:
            levels = 1
        self.last_levels = levels
        # the second: the width the rest of the budget pays for (in 64
        # bits, and at most 65,536 wide, before it is an int)
        width = 0
        if simulations > 0:
            left = simulations - self.expanded
            width = left // levels if left > 0 else 0
        if time_ms > 0 and (simulations <= 0 or width > 0):
            # the speed of this search's first pass; after a kept line (no
            # first pass) the last search's, not a guess: a guess three
            # times too fast made every later search too wide to finish a
            # line in its time
            if self.expanded > 0:
                per_ms = (now_ms() - start) / self.expanded
            elif self.ms_per_expand > 0:
                per_ms = self.ms_per_expand
            else:
                per_ms = 0.3
            if per_ms <= 0:
                per_ms = 0.001
            # four fifths of what the time left pays for: a wider pass's
            # positions cost more than the first pass's (more of them are
            # new to the caches), and a pass the deadline cuts short
            # finishes no line at all
            room = 0.8 * (deadline - now_ms()) / per_ms / levels
            if room < 0:
                room = 0
            if width == 0 or room < width:
                width = <int64_t>room if room < 65537 else 65537
        if width > 65536:
            width = 65536
        if width >= 2:
            if self._pass(<int>width, me, simulations, deadline, levels) < 0:
                return -1
            self.last_width = <int>width
        if self.expanded > 0:
            self.ms_per_expand = (now_ms() - start) / self.expanded
        return 0

    # ------------------------------------------------------------ for Python
    def search(self, CoreStateBase state, long long simulations=0, double time_ms=0,
               long long evaluations=0):
        """Plan from ``state`` for its deciding seat: ``(chain, positions expanded)``.

        ``chain`` is the first whole action of the best line found (its
        first action is legal in ``state``), empty when nobody decides.
        ``evaluations`` (> 0) bounds the positions the search values
        (``evaluated``): each level of the second pass expands only its
        best positions that the evaluations left pay for, and at least one,
        so a line still finishes (the bound may be passed by about one
        greedy line).  It bounds the search's time the way ``time_ms``
        does, but counting work, so a seed plans the same on every machine.
        """
        cdef int r
        cdef int32_t a
        cdef int p = state.ops.to_move(state.sp)
        if p < 0:
            return [], 0
        if not (time_ms >= 0 and time_ms < float("inf")):
            raise ValueError(f"time_ms must be a finite number >= 0, not {time_ms}")
        if simulations < 0:
            raise ValueError("simulations must be >= 0")
        if evaluations < 0:
            raise ValueError("evaluations must be >= 0")
        if simulations <= 0 and time_ms <= 0:
            raise ValueError("give simulations > 0 or time_ms > 0")
        if self.busy:
            raise RuntimeError("this search is already running in another thread; "
                               "give each thread its own bot")
        if self.fit_w != NULL and self.fit_len != 2 * state.ops.obs_size + 2:
            raise ValueError(f"the fitted evaluation has {self.fit_len} weights; this game's needs "
                             f"{2 * state.ops.obs_size + 2} (2 x its observation size + 2)")
        self.busy = True
        try:
            if (state.ops != self.ops or state.ops.determinize != NULL or p != self.observer
                    or memcmp(self.root_state, state.sp, state.ops.state_size) != 0):
                # a position the kept line does not start from (in a game
                # with hidden information every search starts anew: its kept
                # root was a determinization, and comparing it with the true
                # position would read what the seat cannot see)
                self.attach(state.ops, state.sp, p)
                memcpy(self.root_state, state.sp, state.ops.state_size)
                self.line_len = 0
                self.line_nchains = 0
                if self.ops.determinize != NULL:
                    # plan in one determinization for the seat, drawn from
                    # the planner's seed, never in the true position
                    self.ops.determinize(self.root_state, p, &self.rng)
            with nogil:
                r = self._plan(p, simulations, time_ms, evaluations)
        finally:
            self.busy = False
        if r < 0:
            raise MemoryError("no room for the plan")
        if self.stopped:
            raise KeyboardInterrupt
        self.simulations_run += self.expanded
        self.planned_value = self.line_value
        if self.line_nchains == 0 or not state.ops.is_legal(state.sp, self.line[0]):
            # nothing planned, or (hidden information) a plan whose first
            # action the determinization allowed and the position does not:
            # greedy's choice, which looks ahead from a determinization too
            self.line_len = 0
            self.line_nchains = 0
            with nogil:
                a = greedy_choose(state.ops, state.sp, &self.rng, self.expand_budget)
            self.n_firsts = 0               # root_stats: the plan's counts are not this answer's
            if a >= 0:
                self._count_answer(a, -1e300)
            return ([a] if a >= 0 else []), self.expanded
        self._count_answer(self.line[0], self.line_value)
        return [self.line[j] for j in range(self.line_chains[0])], self.expanded

    cdef void _count_answer(self, int32_t action, double value) noexcept:
        # root_stats lists the answer: its line counts as one more position
        # kept below its first action, and its final value as a line
        # finished through it (a kept line the last pass did not make, a
        # search that ran no pass at all, or greedy's answer when the plan's
        # was not legal, would otherwise be missing there)
        cdef int32_t x
        for x in range(self.n_firsts):
            if self.first_action[x] == action:
                break
        else:
            if self.n_firsts >= self.firsts_cap and not self._grow_firsts():
                return
            x = self.n_firsts
            self.n_firsts += 1
            self.first_action[x] = action
            self.first_kept[x] = 0
            self.first_best[x] = -1e300
        self.first_kept[x] += 1
        if value > self.first_best[x]:
            self.first_best[x] = value

    def advance(self, actions) -> bool:
        """Move the root along ``actions`` (the moves played since the last search).

        The kept line is kept while ``actions`` are its first whole chains;
        otherwise it is dropped (``False``).  In a game with hidden
        information it is always dropped: it was planned in a
        determinization, and every search there starts anew.
        """
        cdef list acts = [int(a) for a in actions]
        cdef int32_t n = len(acts), i, k = 0
        if self.busy:
            raise RuntimeError("this search is already running in another thread")
        if self.ops == NULL or self.line_len == 0 or self.ops.determinize != NULL:
            self.line_len = 0
            self.line_nchains = 0
            return False
        if n > self.line_len:
            self.line_len = 0
            self.line_nchains = 0
            return False
        for i in range(n):
            if acts[i] != self.line[i]:
                self.line_len = 0
                self.line_nchains = 0
                return False
        while k < self.line_nchains and self.line_chains[k] < n:
            k += 1
        if n > 0 and (k >= self.line_nchains or self.line_chains[k] != n):
            # not a whole number of the line's chains
            self.line_len = 0
            self.line_nchains = 0
            return False
        if n > 0:
            k += 1
        for i in range(n):
            self.ops.apply(self.root_state, <int32_t>acts[i])
        memmove(self.line, self.line + n, (self.line_len - n) * sizeof(int32_t))
        self.line_len -= n
        for i in range(k, self.line_nchains):
            self.line_chains[i - k] = self.line_chains[i] - n
        self.line_nchains -= k
        return True

    def reset(self) -> None:
        """Forget the kept line (and the last search's :meth:`root_stats`)."""
        if self.busy:
            raise RuntimeError("this search is already running in another thread")
        self.line_len = 0
        self.line_nchains = 0
        self.n_firsts = 0

    def plan(self) -> list:
        """The kept line: the actions the last search plans to the end of the game."""
        return [self.line[i] for i in range(self.line_len)]

    def root_stats(self) -> list:
        """``(first action, entries kept, best finished value, share)`` per first action of the last pass.

        The planner keeps no tree; what stands for an edge's visits is how
        many positions the beam kept below the root's children that begin
        with the action (at every level), and its value is the best finished
        line through them (-1e300: none finished).  The line the search
        answers counts as one more, and its value as a line through its
        first action.  ``share`` is the kept count's share of all.  When the
        search answered greedy's choice instead of its plan (hidden
        information: the plan's first action was not legal in the
        position), that choice alone, with no finished line.  Empty after
        :meth:`reset`.
        """
        cdef int32_t i
        kept: dict = {}
        best: dict = {}
        for i in range(self.n_firsts):
            a = self.first_action[i]
            kept[a] = kept.get(a, 0) + self.first_kept[i]
            best[a] = max(best.get(a, -1e300), self.first_best[i])
        total = sum(kept.values())
        return [(a, kept[a], best[a], kept[a] / total) for a in kept] if total else []
