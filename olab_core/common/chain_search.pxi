# The MCTS bot's search over whole actions: included by search.pyx, beside
# UCT (uct.pxi), whose helpers and greedy's chain walk it shares.

# ----------------------------------------------------------------------------
# Why whole actions.  A Euro turn is a chain of small decisions (place a
# worker, on which building, pay with what, take which good); UCT over those
# micro-decisions spends its budget on the goods to pay with and sees a turn
# or two deep at best, and at 1,000 simulations it lost to greedy, which
# weighs whole actions.  Here a tree edge is a whole chain: from a node (a
# position where some seat decides) the children are, for each legal first
# action, its `completions` best completions (default 1) the way greedy
# completes it (every continuation of the seat's own decisions until
# ops.chain_over, ranked by greedy's value; another seat's decision inside
# the chain takes its first legal action).  So the tree's depth counts
# turns, and greedy's judgement is the search's prior:
#
# - selection is PUCT (Silver et al. 2017): Q + c * P * sqrt(N) / (1 + n),
#   for the seat that decides at the node (max^n over 1-4 seats, as UCT);
#   the prior P of a chain falls with its greedy value's distance d below
#   the best chain's, P ~ 1 / (1 + (d / T)^2) (no exp: exactly rounded
#   everywhere, see portable_log), so the search starts where greedy would
#   and leaves it where looking further ahead says so;
# - a new node is valued by the position after the deciding seat's best
#   chain (greedy's choice there: a one-action lookahead, not the raw
#   heuristic of a position whose owner has not moved yet); each seat's
#   reward is a sigmoid of its value (greedy's, in points) less its value
#   at the root, in [0, 1], and at the end of the game part of it is who
#   won (see _reward); in a solo game the game's own reward, or with
#   solo_centred the centred one, and a rollout (random actions, to the end
#   with rollout=0) may follow the best chain before the position is valued;
# - chance (explicit chance nodes, and every draw of a determinized copy in
#   a game with hidden information) is open loop: the tree is keyed by the
#   chains played, outcomes are drawn afresh in every simulation, and a
#   chain that a draw made illegal ends its simulation there;
# - hidden information: every simulation starts from a fresh
#   determinization of the root for the searching seat (ops.determinize),
#   the chains are completed in that determinization, never in the true
#   position, and the root's first actions are the true position's legal
#   actions (which the seat knows), so the answer is always legal.
#
# The answer is the chain of the most visited root child; the bot plays its
# first action and follows the rest while the game goes as planned.

def _own_objective(objective) -> bool:
    # the searchers' `objective` parameter: True for "score"
    if objective not in ("margin", "score"):
        raise ValueError(f"objective must be 'margin' or 'score', not {objective!r}")
    return objective == "score"


cdef struct CNode:
    float w[SEARCH_MAX_SEATS]   # summed rewards of the simulations through this node, per seat
    float prior                 # PUCT's P of the chain that leads here
    int32_t first_child         # -1: not expanded
    int32_t parent              # -1: the root
    int32_t chain               # offset of the chain's actions in the pool
    uint32_t visits
    uint16_t chain_len
    uint16_t n_children
    int8_t to_move              # seat deciding here, PLAYER_TERMINAL or NODE_UNEXPANDED


cdef enum:
    CHAIN_MAX = GREEDY_MAX_DEPTH + 1     # actions in one chain, at most
    COMPLETIONS_MAX = 8                  # completions kept per first action, at most


cdef class ChainSearcher:
    """A search tree over whole actions (chains of decisions), kept from move to move.

    Parameters
    ----------
    capacity : int
        Nodes the tree may hold (about 40 bytes each, and their chains).
    exploration : float
        PUCT's constant ``c``; rewards are in [0, 1].
    expand_budget : int
        Positions looked at to complete the chains of one new node (greedy's
        budget), shared evenly between its first actions.
    prior_scale : float
        ``T`` of the prior, in the game's points: a chain ``T`` points below
        the best one has half its prior.
    reward_scale : float
        Points of value above a seat's value at the root that make its
        reward 0.75.
    win_weight : float
        The share of a finished game's reward that is who won (its returns).
    completions : int
        Chains kept per first action (its best completions by greedy's value).
    prior_noise : float
        Each prior is raised by up to this share of it, drawn from the seed.
    rollout : int
        After a new node's best chain, random actions before the position is
        valued: -1 none, 0 to the end of the game, k at most k.
    solo_centred : bool
        In a solo game, rewards centred on the root's value as with several
        seats (else the game's own reward of the score).
    objective : {"margin", "score"}
        What each seat is taken to maximise with 3 or 4 seats: its value's
        margin over the best other seat's (the final scores' at the end), or
        its own value (its own score).  With 1 or 2 seats both are the margin.
    seed : int
        Seeds the determinizations and the chance draws.
    """
    cdef CNode* nodes
    cdef CNode* spare
    cdef int32_t* pool
    cdef int32_t* spare_pool
    cdef int32_t capacity
    cdef int32_t pool_capacity
    cdef int32_t used
    cdef int32_t pool_used
    cdef int32_t root
    cdef const GameOps* ops
    cdef char* root_state
    cdef char* scratch
    cdef char* work_states       # CHAIN_MAX + 1 positions for the chain walk
    cdef int32_t* work_bufs      # CHAIN_MAX legal-action buffers
    cdef int32_t* top            # the first actions of a node being expanded
    cdef double* top_value
    cdef int32_t* chains         # their completions, CHAIN_MAX each
    cdef int* chain_lens
    cdef int observer
    cdef Pcg32 rng
    cdef readonly double exploration
    cdef readonly int expand_budget
    cdef readonly double prior_scale
    cdef readonly double reward_scale
    cdef readonly double win_weight
    cdef public bint solo_centred       # a solo game's rewards centred on the root too (else the game's ValueFn)
    cdef double base[SEARCH_MAX_SEATS]   # each seat's value at the root, in points
    cdef int seats                       # the seats of the game searched (set by attach)
    cdef readonly int64_t simulations_run
    # positions valued since the searcher was made: the ends of the chain
    # walk and the planner's candidates.  A search's time is nearly
    # proportional to it (about half a microsecond each on the build
    # machine), far more than to simulations: a position the planner
    # expands late in a game has several times the chains of one early
    cdef readonly int64_t evaluated
    cdef bint busy
    cdef bint stopped
    # the chain walk's scratch: the path being walked and the best one so far
    cdef int32_t path[CHAIN_MAX]
    cdef int32_t best_path[COMPLETIONS_MAX][CHAIN_MAX]
    cdef int best_len[COMPLETIONS_MAX]
    cdef double best_value[COMPLETIONS_MAX]
    cdef int kept                        # completions in best_* (best first)
    cdef readonly int completions        # completions kept per first action
    cdef readonly double prior_noise
    cdef public int rollout              # -1: none; 0: random actions to the end; k: k random actions
    cdef int budget_left
    cdef int me
    cdef double* fit_w                   # a fitted evaluation's weights (search.pyx fitted_eval), NULL: none
    cdef Py_ssize_t fit_len
    cdef float* fit_obs                  # an observation tensor's room for it
    cdef bint own                        # objective "score": each seat its own value (own_eval) with 3 or 4 seats

    def __cinit__(self, int capacity=1 << 18, double exploration=1.0, int expand_budget=2000,
                  double prior_scale=3.0, double reward_scale=10.0, double win_weight=0.5,
                  int completions=1, double prior_noise=0.05, int rollout=-1, bint solo_centred=False,
                  str objective="margin", unsigned long long seed=0):
        if capacity < 2 or capacity > (1 << 26):
            raise ValueError("capacity must be in 2..2**26 nodes")
        if not exploration >= 0 or exploration == float("inf"):
            raise ValueError("exploration must be a finite number >= 0")
        if expand_budget < 1:
            raise ValueError("expand_budget must be >= 1")
        if not prior_scale > 0 or prior_scale == float("inf"):
            raise ValueError("prior_scale must be a finite number > 0")
        if not reward_scale > 0 or reward_scale == float("inf"):
            raise ValueError("reward_scale must be a finite number > 0")
        if not 0 <= win_weight <= 1:
            raise ValueError("win_weight must be in [0, 1]")
        if not 1 <= completions <= COMPLETIONS_MAX:
            raise ValueError(f"completions must be in 1..{COMPLETIONS_MAX}")
        self.completions = completions
        if not 0 <= prior_noise <= 1:
            raise ValueError("prior_noise must be in [0, 1]")
        self.prior_noise = prior_noise
        if rollout < -1:
            raise ValueError("rollout must be >= -1")
        self.rollout = rollout
        self.own = _own_objective(objective)
        self.kept = 0
        self.reward_scale = reward_scale
        self.win_weight = win_weight
        self.solo_centred = solo_centred
        self.seats = 0
        self.capacity = capacity
        self.pool_capacity = capacity * 8
        self.nodes = <CNode*>malloc(capacity * sizeof(CNode))
        self.spare = <CNode*>malloc(capacity * sizeof(CNode))
        self.pool = <int32_t*>malloc(self.pool_capacity * sizeof(int32_t))
        self.spare_pool = <int32_t*>malloc(self.pool_capacity * sizeof(int32_t))
        if self.nodes == NULL or self.spare == NULL or self.pool == NULL or self.spare_pool == NULL:
            raise MemoryError("no room for the search tree")
        self.used = 0
        self.pool_used = 0
        self.root = -1
        self.ops = NULL
        self.root_state = NULL
        self.scratch = NULL
        self.work_states = NULL
        self.work_bufs = NULL
        self.top = NULL
        self.top_value = NULL
        self.chains = NULL
        self.chain_lens = NULL
        self.observer = -1
        self.busy = False
        self.fit_w = NULL
        self.fit_len = 0
        self.fit_obs = NULL
        self.exploration = exploration
        self.expand_budget = expand_budget
        self.prior_scale = prior_scale
        self.simulations_run = 0
        self.evaluated = 0
        pcg32_seed(&self.rng, seed, STREAM_SEARCH + 1)

    def __dealloc__(self):
        free(self.nodes)
        free(self.spare)
        free(self.pool)
        free(self.spare_pool)
        free(self.fit_w)
        self._free_buffers()

    cdef void _free_buffers(self) noexcept:
        free(self.root_state)
        free(self.scratch)
        free(self.work_states)
        free(self.work_bufs)
        free(self.top)
        free(self.top_value)
        free(self.chains)
        free(self.chain_lens)
        free(self.fit_obs)
        self.fit_obs = NULL
        self.root_state = NULL
        self.scratch = NULL
        self.work_states = NULL
        self.work_bufs = NULL
        self.top = NULL
        self.top_value = NULL
        self.chains = NULL
        self.chain_lens = NULL

    cdef int attach(self, const GameOps* ops, const void* state, int observer) except -1:
        cdef int32_t sc[SEARCH_MAX_SEATS]
        if ops != self.ops:
            self._free_buffers()
            self.root_state = <char*>malloc(ops.state_size)
            self.scratch = <char*>malloc(ops.state_size)
            self.work_states = <char*>malloc((CHAIN_MAX + 1) * ops.state_size)
            self.work_bufs = <int32_t*>malloc(CHAIN_MAX * ops.max_legal * sizeof(int32_t))
            self.top = <int32_t*>malloc(ops.max_legal * sizeof(int32_t))
            # the candidate children of a node: up to COMPLETIONS_MAX per first action
            self.top_value = <double*>malloc(ops.max_legal * COMPLETIONS_MAX * sizeof(double))
            self.chains = <int32_t*>malloc(ops.max_legal * COMPLETIONS_MAX * CHAIN_MAX * sizeof(int32_t))
            self.chain_lens = <int*>malloc(ops.max_legal * COMPLETIONS_MAX * sizeof(int))
            self.fit_obs = <float*>malloc((ops.obs_size if ops.obs_size > 0 else 1) * sizeof(float))
            if (self.fit_obs == NULL or self.root_state == NULL or self.scratch == NULL or self.work_states == NULL
                    or self.work_bufs == NULL or self.top == NULL or self.top_value == NULL
                    or self.chains == NULL or self.chain_lens == NULL):
                self._free_buffers()
                self.ops = NULL
                raise MemoryError("no room for the search state")
            self.ops = ops
            self.root = -1
        if observer != self.observer:
            self.observer = observer
            self.root = -1
        self.seats = ops.scores(state, sc)
        if self.root >= 0 and memcmp(self.root_state, state, ops.state_size) == 0 \
                and self._root_matches():
            return 0
        memcpy(self.root_state, state, ops.state_size)
        self._new_tree()
        return 0

    cdef inline bint _own_now(self) noexcept nogil:
        # the objective "score" applies: with 1 or 2 seats it is the margin
        # (one seat's gain is the other's loss)
        return self.own and self.seats >= 3

    cdef double _eval(self, const void* s, int me) noexcept nogil:
        # a seat's value by the search's evaluation (fitted or not) and objective
        if self._own_now():
            return own_eval(self.ops, self.fit_w, self.fit_obs, s, me)
        return fitted_eval(self.ops, self.fit_w, self.fit_obs, s, me)

    cdef void _set_base(self) noexcept nogil:
        # the rewards are centred on each seat's value at the root, where the
        # sigmoid tells points apart best: a solo Ora et Labora game near
        # 300 points, or a 2-player game 40 points apart, would otherwise sit
        # on its flat tail, where a point is worth a fiftieth of what it is
        # near the centre and exploration drowns what the values say
        cdef int k
        for k in range(self.seats):
            self.base[k] = self._eval(self.root_state, k)

    cdef void _reward(self, const void* s, float* out) noexcept nogil:
        # each seat's reward in [0, 1]: a sigmoid of its value (greedy's:
        # the game's seat value, or the margin of its heuristic over the
        # best other seat; the margin of the scores at the end) less its
        # value at the root; at the end of a game of several seats blended
        # with who won (win_weight of it), so a seat ahead wants the game
        # to end and a seat behind takes risks
        cdef float won[SEARCH_MAX_SEATS]
        cdef int k
        cdef bint over = self.ops.to_move(s) == PLAYER_TERMINAL
        if self.seats == 1 and not self.solo_centred and self.fit_w == NULL:
            # solo: the game's own reward (a sigmoid of the score around a
            # fixed centre), unless solo_centred (or a fitted evaluation,
            # which is always centred on the root)
            self.ops.value(s, out)
            return
        for k in range(SEARCH_MAX_SEATS):
            out[k] = 0
        for k in range(self.seats):
            out[k] = reward_of((self._eval(s, k) - self.base[k])
                               / self.reward_scale)
        if over and self.seats > 1 and self.win_weight > 0:
            game_returns(self.ops, s, won)
            for k in range(self.seats):
                out[k] = <float>((1.0 - self.win_weight) * out[k] + self.win_weight * won[k])

    cdef bint _root_matches(self) noexcept nogil:
        # a kept tree is used only if its root decides what the position
        # decides: unexpanded, or the deciding seat's node with one child per
        # legal first action (see Searcher._root_matches)
        cdef const CNode* nd = &self.nodes[self.root]
        cdef int p = self.ops.to_move(self.root_state)
        cdef int n, i, c
        cdef bint found
        if nd.to_move == NODE_UNEXPANDED:
            return True
        if nd.to_move != p or p < 0:
            return False
        n = self.ops.legal(self.root_state, self.top)
        if n > nd.n_children:
            return False
        for i in range(n):
            found = False
            for c in range(nd.first_child, nd.first_child + nd.n_children):
                if self.pool[self.nodes[c].chain] == self.top[i]:
                    found = True
                    break
            if not found:
                return False
        for c in range(nd.first_child, nd.first_child + nd.n_children):
            found = False
            for i in range(n):
                if self.pool[self.nodes[c].chain] == self.top[i]:
                    found = True
                    break
            if not found:
                return False
        return True

    cdef void _new_tree(self) noexcept nogil:
        self.used = 1
        self.pool_used = 0
        self.root = 0
        self._init_node(0, -1, 0, 0, 1.0)

    cdef void _init_node(self, int32_t i, int32_t parent, int32_t chain, int chain_len,
                         float prior) noexcept nogil:
        cdef CNode* nd = &self.nodes[i]
        cdef int k
        for k in range(SEARCH_MAX_SEATS):
            nd.w[k] = 0
        nd.prior = prior
        nd.first_child = -1
        nd.parent = parent
        nd.chain = chain
        nd.chain_len = <uint16_t>chain_len
        nd.visits = 0
        nd.n_children = 0
        nd.to_move = NODE_UNEXPANDED

    # ------------------------------------------------------------ chain walk
    cdef void _walk(self, int level, int depth) noexcept nogil:
        # every continuation of `me`'s decisions from work_states[level]
        # (path[0:depth] led there) to the end of its chain; the `completions`
        # best, by greedy's value, are left in best_path / best_len / best_value
        cdef const GameOps* ops = self.ops
        cdef char* cur = self.work_states + level * ops.state_size
        cdef char* nxt = cur + ops.state_size
        cdef int32_t* buf = self.work_bufs + level * ops.max_legal
        cdef int n, i, p
        cdef double v
        while depth < CHAIN_MAX and not ops.chain_over(cur):
            p = ops.to_move(cur)
            if p == self.me or p < 0:
                break
            # another seat's decision inside the chain: its first legal action
            n = ops.legal(cur, buf)
            if n <= 0:
                break
            self.path[depth] = buf[0]
            depth += 1
            ops.apply(cur, buf[0])
        if (ops.chain_over(cur) or depth >= CHAIN_MAX or level >= CHAIN_MAX - 1
                or self.budget_left <= 0 or ops.to_move(cur) != self.me):
            self.evaluated += 1
            self._keep(own_eval(ops, NULL, NULL, cur, self.me) if self._own_now()
                       else greedy_eval(ops, cur, self.me), depth)
            return
        n = ops.legal(cur, buf)
        for i in range(n):
            memcpy(nxt, cur, ops.state_size)
            ops.apply(nxt, buf[i])
            self.budget_left -= 1
            self.path[depth] = buf[i]
            self._walk(level + 1, depth + 1)

    cdef void _keep(self, double v, int depth) noexcept nogil:
        # path[0:depth], of value v, among the best completions (best first;
        # an equal value keeps the one found first)
        cdef int i = self.kept if self.kept < self.completions else self.completions - 1
        if self.kept == self.completions and v <= self.best_value[i]:
            return
        while i > 0 and v > self.best_value[i - 1]:
            self.best_value[i] = self.best_value[i - 1]
            self.best_len[i] = self.best_len[i - 1]
            memcpy(self.best_path[i], self.best_path[i - 1], self.best_len[i] * sizeof(int32_t))
            i -= 1
        self.best_value[i] = v
        self.best_len[i] = depth
        memcpy(self.best_path[i], self.path, depth * sizeof(int32_t))
        if self.kept < self.completions:
            self.kept += 1

    cdef bint _expand(self, int32_t idx, float* reward) noexcept nogil:
        # give node idx (the scratch position, a seat to move) one child per
        # first action, each with its best completion and its prior, and
        # write into reward the value of the position after the deciding
        # seat's best chain; False when the tree or its pool is full
        cdef const GameOps* ops = self.ops
        cdef CNode* nd = &self.nodes[idx]
        cdef int p = ops.to_move(self.scratch)
        cdef int n, i, j, k, m = 0, share, best_i = 0
        cdef double vmax = -1e300, d
        cdef float total = 0
        n = ops.legal(self.root_state if idx == self.root else self.scratch, self.top)
        if n <= 0 or n * self.completions > 65535:
            return False
        share = self.expand_budget // n
        if share < 4:
            share = 4
        self.me = p
        # the candidates: up to `completions` chains per first action, m in all
        for i in range(n):
            memcpy(self.work_states, self.scratch, ops.state_size)
            if not ops.is_legal(self.work_states, self.top[i]):
                # a first action of the true root that this determinization
                # does not allow: the chain is that action alone, valued last
                self.chain_lens[m] = 1
                self.chains[m * CHAIN_MAX] = self.top[i]
                self.top_value[m] = -1e300
                m += 1
                continue
            self.kept = 0
            self.budget_left = share
            ops.apply(self.work_states, self.top[i])
            self.path[0] = self.top[i]
            self._walk(0, 1)
            for j in range(self.kept):
                self.chain_lens[m] = self.best_len[j]
                memcpy(&self.chains[m * CHAIN_MAX], self.best_path[j], self.best_len[j] * sizeof(int32_t))
                self.top_value[m] = self.best_value[j]
                if self.best_value[j] > vmax:
                    vmax = self.best_value[j]
                    best_i = m
                m += 1
        k = 0
        for i in range(m):
            k += self.chain_lens[i]
        if self.used + m > self.capacity or self.pool_used + k > self.pool_capacity:
            return False
        nd.first_child = self.used
        nd.n_children = <uint16_t>m
        nd.to_move = <int8_t>p
        for i in range(m):
            if self.top_value[i] <= -1e299:
                self._init_node(self.used + i, idx, self.pool_used, self.chain_lens[i], 0.0)
            else:
                d = (vmax - self.top_value[i]) / self.prior_scale
                # a little of the seed in every prior (up to prior_noise of
                # it): equal chains are tried in an order of the seed's, and
                # a seed is a sample of the bot rather than one fixed game
                # (a deterministic game such as solo Ora et Labora would
                # otherwise give one game whatever the seed)
                self._init_node(self.used + i, idx, self.pool_used, self.chain_lens[i],
                                <float>((1.0 + self.prior_noise * pcg32_bounded(&self.rng, 65536) / 65536.0)
                                        / (1.0 + d * d)))
                total += self.nodes[self.used + i].prior
            memcpy(&self.pool[self.pool_used], &self.chains[i * CHAIN_MAX],
                   self.chain_lens[i] * sizeof(int32_t))
            self.pool_used += self.chain_lens[i]
        if total > 0:
            for i in range(m):
                self.nodes[self.used + i].prior /= total
        self.used += m
        # the node's value: the position after the deciding seat's best chain
        memcpy(self.work_states, self.scratch, ops.state_size)
        for j in range(self.chain_lens[best_i]):
            if not ops.is_legal(self.work_states, self.chains[best_i * CHAIN_MAX + j]):
                break
            ops.apply(self.work_states, self.chains[best_i * CHAIN_MAX + j])
        if self.rollout >= 0:
            # then random actions (to the end of the game with 0), as the
            # search over single decisions plays them: in a solo game the
            # heuristic misjudges what a position will still score
            playout(ops, self.work_states, &self.rng, self.rollout if self.rollout > 0 else 0x7FFFFFFF,
                    self.work_bufs)
        self._reward(self.work_states, reward)
        return True

    cdef int32_t _select(self, const CNode* nd) noexcept nogil:
        cdef int p = nd.to_move
        cdef double sq = sqrt(<double>nd.visits if nd.visits > 0 else 1.0)
        cdef double fpu = nd.w[p] / nd.visits if nd.visits > 0 else 0.5
        cdef double best = -1e300, v, q
        cdef int32_t c, pick = nd.first_child
        cdef const CNode* ch
        for c in range(nd.first_child, nd.first_child + nd.n_children):
            ch = &self.nodes[c]
            q = ch.w[p] / ch.visits if ch.visits > 0 else fpu
            v = q + self.exploration * ch.prior * sq / (1.0 + ch.visits)
            if v > best:
                best = v
                pick = c
        return pick

    cdef void _simulate(self) noexcept nogil:
        cdef const GameOps* ops = self.ops
        cdef int32_t idx = self.root, c
        cdef CNode* nd
        cdef const CNode* ch
        cdef float reward[SEARCH_MAX_SEATS]
        cdef int k, j, p
        cdef bint check = ops.determinize != NULL or ops.chance != NULL
        cdef bint valued = False
        memcpy(self.scratch, self.root_state, ops.state_size)
        if ops.determinize != NULL:
            ops.determinize(self.scratch, self.observer, &self.rng)
        while True:
            p = ops.to_move(self.scratch)
            while p == PLAYER_CHANCE:
                ops.apply(self.scratch, ops.sample_chance(self.scratch, &self.rng))
                p = ops.to_move(self.scratch)
            nd = &self.nodes[idx]
            if p == PLAYER_TERMINAL:
                nd.to_move = PLAYER_TERMINAL
                break
            if nd.to_move == NODE_UNEXPANDED:
                valued = self._expand(idx, reward)
                break                         # a new node: valued by its expansion
            if nd.to_move != p:
                break                         # this draw led elsewhere: value it as it stands
            c = self._select(nd)
            ch = &self.nodes[c]
            for j in range(ch.chain_len):
                if check and not ops.is_legal(self.scratch, self.pool[ch.chain + j]):
                    break
                ops.apply(self.scratch, self.pool[ch.chain + j])
            else:
                idx = c
                continue
            break                             # the chain is not legal in this draw
        if not valued:
            self._reward(self.scratch, reward)
        while idx >= 0:
            nd = &self.nodes[idx]
            nd.visits += 1
            for k in range(SEARCH_MAX_SEATS):
                nd.w[k] += reward[k]
            idx = nd.parent

    cdef int64_t run(self, int64_t simulations, double time_ms, int64_t evaluations) noexcept nogil:
        cdef int64_t done = 0
        cdef double deadline = now_ms() + time_ms
        cdef int64_t eval_end = self.evaluated + evaluations
        self.stopped = False
        if self.root < 0:
            return 0
        while True:
            if simulations > 0 and done >= simulations:
                break
            if time_ms > 0 and done > 0 and now_ms() >= deadline:
                break
            if evaluations > 0 and done > 0 and self.evaluated >= eval_end:
                break
            if simulations <= 0 and time_ms <= 0:
                break
            if (done & 63) == 63 and interrupted():
                self.stopped = True
                break
            self._simulate()
            done += 1
        self.simulations_run += done
        return done

    cdef int32_t _best_child(self) noexcept nogil:
        # the most visited root child (ties: the better mean, then the prior)
        cdef const CNode* nd
        cdef const CNode* ch
        cdef int32_t c, pick = -1
        cdef uint32_t most = 0
        cdef double mean, best_mean = -1.0
        if self.root < 0:
            return -1
        nd = &self.nodes[self.root]
        if nd.first_child < 0 or nd.to_move < 0:
            return -1
        for c in range(nd.first_child, nd.first_child + nd.n_children):
            ch = &self.nodes[c]
            mean = ch.w[nd.to_move] / ch.visits if ch.visits else ch.prior - 1.0
            if pick < 0 or ch.visits > most or (ch.visits == most and mean > best_mean):
                pick = c
                most = ch.visits
                best_mean = mean
        return pick

    cdef void _reroot(self, int32_t new_root) noexcept nogil:
        # the subtree under new_root into the spare arena and pool, breadth
        # first (children blocks stay contiguous), everything else dropped
        cdef CNode* dst = self.spare
        cdef int32_t* dpool = self.spare_pool
        cdef CNode* tmp
        cdef int32_t* tpool
        cdef int32_t n = 1, i, c, first, count, pu = 0
        dst[0] = self.nodes[new_root]
        dst[0].parent = -1
        dst[0].chain = 0
        dst[0].chain_len = 0
        i = 0
        while i < n:
            first = dst[i].first_child
            if first >= 0:
                count = dst[i].n_children
                memcpy(&dst[n], &self.nodes[first], count * sizeof(CNode))
                for c in range(n, n + count):
                    dst[c].parent = i
                    memcpy(&dpool[pu], &self.pool[dst[c].chain], dst[c].chain_len * sizeof(int32_t))
                    dst[c].chain = pu
                    pu += dst[c].chain_len
                dst[i].first_child = n
                n += count
            i += 1
        tmp = self.nodes
        self.nodes = self.spare
        self.spare = tmp
        tpool = self.pool
        self.pool = self.spare_pool
        self.spare_pool = tpool
        self.used = n
        self.pool_used = pu
        self.root = 0

    # ------------------------------------------------------------ for Python
    def search(self, CoreStateBase state, long long simulations=0, double time_ms=0,
               long long evaluations=0):
        """Search from ``state`` for its deciding seat: ``(chain, simulations run)``.

        ``chain`` is the list of actions of the chosen whole action (its first
        is legal in ``state``), empty when nobody decides.  ``evaluations``
        (> 0) also ends the search once it has valued that many positions
        (``evaluated``): a bound on its time that counts work, so the
        same for a seed on every machine.
        """
        cdef int64_t done
        cdef int32_t c
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
            self.attach(state.ops, state.sp, p)
            with nogil:
                self._set_base()
                done = self.run(simulations, time_ms, evaluations)
                c = self._best_child()
        finally:
            self.busy = False
        if self.stopped:
            raise KeyboardInterrupt
        if c < 0:
            return [], done
        return [self.pool[self.nodes[c].chain + j] for j in range(self.nodes[c].chain_len)], done

    def advance(self, actions) -> bool:
        """Move the root along ``actions`` (the moves played since the last search).

        The tree is kept only if ``actions`` are whole chains of the tree
        from its root; otherwise it is dropped (``False``).
        """
        cdef int32_t idx = self.root, c, i, j
        cdef const CNode* nd
        cdef const CNode* ch
        cdef list acts = [int(a) for a in actions]
        cdef int pos = 0, total = len(acts)
        if self.ops == NULL or self.root < 0:
            return False
        if self.busy:
            raise RuntimeError("this search is already running in another thread")
        while pos < total:
            nd = &self.nodes[idx]
            c = -1
            if nd.first_child >= 0:
                for i in range(nd.first_child, nd.first_child + nd.n_children):
                    ch = &self.nodes[i]
                    if ch.chain_len == 0 or pos + ch.chain_len > total:
                        continue
                    for j in range(ch.chain_len):
                        if self.pool[ch.chain + j] != acts[pos + j]:
                            break
                    else:
                        c = i
                        break
            if c < 0:
                self.root = -1
                return False
            pos += self.nodes[c].chain_len
            idx = c
        for a in acts:
            if not self.ops.is_legal(self.root_state, <int32_t>a):
                self.root = -1
                return False
            self.ops.apply(self.root_state, <int32_t>a)
        self._reroot(idx)
        return True

    def set_evaluation(self, weights=None) -> None:
        """Value positions with a fitted evaluation (``None``: the game's heuristic alone).

        ``weights`` are the numbers ``[a, b, c, d]`` of search.pyx's
        ``fitted_eval`` (2 x the game's observation size + 2; checked at the
        next search).  The tree is dropped: its values were another
        evaluation's.
        """
        cdef double* buf = NULL
        cdef Py_ssize_t i, n = 0
        cdef double x
        if self.busy:
            raise RuntimeError("this search is already running in another thread")
        if weights is not None:
            values = [float(v) for v in weights]
            n = len(values)
            if n < 4:
                raise ValueError("a fitted evaluation needs at least 4 weights")
            buf = <double*>malloc(n * sizeof(double))
            if buf == NULL:
                raise MemoryError("no room for the weights")
            for i in range(n):
                x = values[i]
                if not (x == x and -1e300 < x < 1e300):
                    free(buf)
                    raise ValueError(f"weight {i} is {x}, not a finite number")
                buf[i] = x
        free(self.fit_w)
        self.fit_w = buf
        self.fit_len = n
        self.root = -1

    def reset(self) -> None:
        """Forget the tree."""
        if self.busy:
            raise RuntimeError("this search is already running in another thread")
        self.root = -1
        self.used = 0
        self.pool_used = 0

    def set_params(self, exploration=None, expand_budget=None, prior_scale=None, reward_scale=None,
                   win_weight=None, completions=None, prior_noise=None, rollout=None,
                   solo_centred=None, objective=None) -> None:
        """Change PUCT's constant, the expansion budget, the prior's or the rewards' scale, or the
        weight of the win (the tree is kept)."""
        if rollout is not None:
            if rollout < -1:
                raise ValueError("rollout must be >= -1")
            self.rollout = rollout
        if solo_centred is not None:
            self.solo_centred = bool(solo_centred)
        if objective is not None:
            self.own = _own_objective(objective)
        if prior_noise is not None:
            if not 0 <= prior_noise <= 1:
                raise ValueError("prior_noise must be in [0, 1]")
            self.prior_noise = prior_noise
        if completions is not None:
            if not 1 <= completions <= COMPLETIONS_MAX:
                raise ValueError(f"completions must be in 1..{COMPLETIONS_MAX}")
            self.completions = completions
        if reward_scale is not None:
            if not reward_scale > 0 or reward_scale == float("inf"):
                raise ValueError("reward_scale must be a finite number > 0")
            self.reward_scale = reward_scale
        if win_weight is not None:
            if not 0 <= win_weight <= 1:
                raise ValueError("win_weight must be in [0, 1]")
            self.win_weight = win_weight
        if exploration is not None:
            if not exploration >= 0 or exploration == float("inf"):
                raise ValueError("exploration must be a finite number >= 0")
            self.exploration = exploration
        if expand_budget is not None:
            if expand_budget < 1:
                raise ValueError("expand_budget must be >= 1")
            self.expand_budget = expand_budget
        if prior_scale is not None:
            if not prior_scale > 0 or prior_scale == float("inf"):
                raise ValueError("prior_scale must be a finite number > 0")
            self.prior_scale = prior_scale

    def root_stats(self) -> list:
        """``(first action, visits, mean reward of the deciding seat, prior)`` per root child."""
        if self.root < 0 or self.nodes[self.root].first_child < 0:
            return []
        cdef const CNode* nd = &self.nodes[self.root]
        cdef int p = nd.to_move
        if p < 0:
            return []
        out = []
        for c in range(nd.first_child, nd.first_child + nd.n_children):
            ch = self.nodes[c]
            out.append((self.pool[ch.chain], ch.visits, ch.w[p] / ch.visits if ch.visits else 0.0, ch.prior))
        return out

    @property
    def root_visits(self) -> int:
        return self.nodes[self.root].visits if self.root >= 0 else 0

    @property
    def nodes_used(self) -> int:
        return self.used if self.root >= 0 else 0
