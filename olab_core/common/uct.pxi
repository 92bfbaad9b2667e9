# UCT, the MCTS bot's search: included by search.pyx (one extension module
# with perft, greedy and the playouts, whose helpers it uses).

# ----------------------------------------------------------------------------
# UCT (Kocsis & Szepesvári) with random playouts, for 1-4 seats.  Every node
# keeps the summed reward of every seat, and the seat deciding at a node picks
# the child that is best *for that seat* (the "max^n" reading of UCT), which is
# how the chained decisions of a Euro turn — and the other players' decisions
# inside it, such as a work contract's owner — are searched alike.

cdef class Searcher:
    """A UCT search tree that can be kept from move to move.

    Parameters
    ----------
    capacity : int
        Nodes the tree may hold (about 40 bytes each).  A full tree stops
        growing; the search goes on with playouts from its leaves.
    exploration : float
        The UCT constant ``c`` in ``mean + c * sqrt(ln N / n)``; rewards are in [0, 1].
    playout_depth : int
        Random actions per playout before the position is scored by the game's
        estimate; 0 plays every playout to the end of the game; -1 plays none
        (a new leaf is scored by the game's value as it stands).
    seed : int
        Seeds the playouts, the chance draws, the determinizations and the
        order in which new children are tried.
    """

    def __cinit__(self, int capacity=1 << 20, double exploration=0.7, int playout_depth=0,
                  unsigned long long seed=0):
        if capacity < 2 or capacity > (1 << 28):
            raise ValueError("capacity must be in 2..2**28 nodes")
        if not exploration >= 0 or exploration == float("inf"):
            raise ValueError("exploration must be a finite number >= 0")
        if playout_depth < -1:
            raise ValueError("playout_depth must be >= -1")
        self.capacity = capacity
        self.nodes = <Node*>malloc(capacity * sizeof(Node))
        self.spare = <Node*>malloc(capacity * sizeof(Node))
        if self.nodes == NULL or self.spare == NULL:
            raise MemoryError("no room for the search tree")
        self.used = 0
        self.root = -1
        self.ops = NULL
        self.root_state = NULL
        self.scratch = NULL
        self.legal_buf = NULL
        self.observer = -1
        self.busy = False
        self.exploration = exploration
        self.playout_depth = playout_depth
        self.simulations_run = 0
        pcg32_seed(&self.rng, seed, STREAM_SEARCH)

    def __dealloc__(self):
        free(self.nodes)
        free(self.spare)
        free(self.root_state)
        free(self.scratch)
        free(self.legal_buf)

    cdef int attach(self, const GameOps* ops, const void* state, int observer) except -1:
        """Search from ``state`` for ``observer``: keep the tree if it is rooted there, else start afresh."""
        if ops != self.ops:
            free(self.root_state)
            free(self.scratch)
            free(self.legal_buf)
            self.root_state = <char*>malloc(ops.state_size)
            self.scratch = <char*>malloc(ops.state_size)
            self.legal_buf = <int32_t*>malloc(ops.max_legal * sizeof(int32_t))
            if self.root_state == NULL or self.scratch == NULL or self.legal_buf == NULL:
                self.ops = NULL
                raise MemoryError("no room for the search state")
            self.ops = ops
            self.root = -1
        if observer != self.observer:
            self.observer = observer
            self.root = -1
        if self.root >= 0 and memcmp(self.root_state, state, ops.state_size) == 0 \
                and self._root_matches():
            return 0
        memcpy(self.root_state, state, ops.state_size)
        self._new_tree()
        return 0

    cdef bint _root_matches(self) noexcept nogil:
        # A kept tree must decide what the position decides.  Its bytes can
        # match while its shape does not: a tree grown over determinizations
        # of a game whose real copy draws inside apply (Orleans, chance
        # "sampled") has a chance node after a DRAW that the real game never
        # stops at, so advance() can reroot onto a chance node (the search
        # then answered -1 and sampled a chance outcome in a decision
        # position).  Keep the tree only if its root is unexpanded, or is
        # the deciding seat's node with one child per legal action.
        cdef const Node* nd = &self.nodes[self.root]
        cdef int p = self.ops.to_move(self.root_state)
        cdef int n, i, c
        cdef bint found
        if nd.to_move == NODE_UNEXPANDED:
            return True
        if nd.to_move != p or p < 0:
            return False
        n = self.ops.legal(self.root_state, self.legal_buf)
        if n != nd.n_children:
            return False
        for i in range(n):
            found = False
            for c in range(nd.first_child, nd.first_child + nd.n_children):
                if self.nodes[c].action == self.legal_buf[i]:
                    found = True
                    break
            if not found:
                return False
        return True

    cdef void _new_tree(self) noexcept nogil:
        self.used = 1
        self.root = 0
        self._init_node(0, -1, -1)

    cdef void _init_node(self, int32_t i, int32_t parent, int32_t action) noexcept nogil:
        cdef Node* nd = &self.nodes[i]
        cdef int k
        for k in range(SEARCH_MAX_SEATS):
            nd.w[k] = 0
        nd.first_child = -1
        nd.parent = parent
        nd.action = action
        nd.visits = 0
        nd.n_children = 0
        nd.next_unvisited = 0
        nd.to_move = NODE_UNEXPANDED

    cdef bint _expand(self, int32_t idx) noexcept nogil:
        # give the node one child per legal action (or chance outcome) of the
        # scratch position; decision children in a random order, so the
        # untried ones are tried in a random order
        cdef Node* nd = &self.nodes[idx]
        cdef int p = self.ops.to_move(self.scratch)
        cdef int n, i, j
        cdef int32_t t
        if p == PLAYER_TERMINAL:
            nd.to_move = PLAYER_TERMINAL
            return True
        # the root's children are the true position's legal actions (the
        # searching seat knows what it may do), so the answer is always one
        # of them whatever a determinization allows; deeper nodes take the
        # first determinization's, and the others are checked with is_legal
        n = self.ops.legal(self.root_state if idx == self.root else self.scratch, self.legal_buf)
        if n <= 0 or n > 65535 or self.used + n > self.capacity:
            return False
        if p != PLAYER_CHANCE:
            for i in range(n - 1, 0, -1):
                j = pcg32_bounded(&self.rng, i + 1)
                t = self.legal_buf[i]
                self.legal_buf[i] = self.legal_buf[j]
                self.legal_buf[j] = t
        nd.first_child = self.used
        nd.n_children = <uint16_t>n
        nd.to_move = <int8_t>p
        for i in range(n):
            self._init_node(self.used + i, idx, self.legal_buf[i])
        self.used += n
        return True

    cdef int32_t _select(self, const Node* nd) noexcept nogil:
        cdef int p = nd.to_move
        cdef double log_n = portable_log(<double>nd.visits if nd.visits > 0 else 1.0)
        cdef double best = -1e300, v
        cdef int32_t c, pick = nd.first_child
        cdef const Node* ch
        for c in range(nd.first_child, nd.first_child + nd.n_children):
            ch = &self.nodes[c]
            v = ch.w[p] / ch.visits + self.exploration * sqrt(log_n / ch.visits)
            if v > best:
                best = v
                pick = c
        return pick

    cdef void _simulate(self) noexcept nogil:
        cdef const GameOps* ops = self.ops
        cdef int32_t idx = self.root, c, a
        cdef Node* nd
        cdef float reward[SEARCH_MAX_SEATS]
        cdef int k
        cdef bint hidden = ops.determinize != NULL
        memcpy(self.scratch, self.root_state, ops.state_size)
        if hidden:
            ops.determinize(self.scratch, self.observer, &self.rng)
        # selection: down the tree to a node no playout has started from yet
        while True:
            nd = &self.nodes[idx]
            if nd.to_move == NODE_UNEXPANDED and not self._expand(idx):
                break                         # tree full: a playout from this leaf
            if nd.to_move == PLAYER_TERMINAL:
                break                         # game over
            if nd.to_move != ops.to_move(self.scratch):
                # the tree is keyed by actions, and under hidden information
                # one line of actions need not lead every determinization to
                # the same kind of node: never draw a chance outcome in a
                # decision position (or the reverse), play out from here
                break
            if nd.to_move == PLAYER_CHANCE:
                # draw the outcome, then walk to its child
                a = ops.sample_chance(self.scratch, &self.rng)
                ops.apply(self.scratch, a)
                c = -1
                for k in range(nd.first_child, nd.first_child + nd.n_children):
                    if self.nodes[k].action == a:
                        c = k
                        break
                if c < 0:
                    break                     # an outcome this determinization adds: playout
                idx = c
                if self.nodes[c].visits == 0:
                    break                     # a new node: its first playout
                continue
            if nd.next_unvisited < nd.n_children:
                c = nd.first_child + nd.next_unvisited
                if hidden and not ops.is_legal(self.scratch, self.nodes[c].action):
                    break                     # not legal in this determinization: playout
                nd.next_unvisited += 1
                ops.apply(self.scratch, self.nodes[c].action)
                idx = c
                break                         # a new node: its first playout
            c = self._select(nd)
            if hidden and not ops.is_legal(self.scratch, self.nodes[c].action):
                break
            ops.apply(self.scratch, self.nodes[c].action)
            idx = c
        # playout, then every node on the path learns the rewards
        if self.playout_depth >= 0:           # -1: the leaf is scored as it stands
            playout(ops, self.scratch, &self.rng,
                    self.playout_depth if self.playout_depth > 0 else 0x7FFFFFFF, self.legal_buf)
        ops.value(self.scratch, reward)
        while idx >= 0:
            nd = &self.nodes[idx]
            nd.visits += 1
            for k in range(SEARCH_MAX_SEATS):
                nd.w[k] += reward[k]
            idx = nd.parent

    cdef int64_t run(self, int64_t simulations, double time_ms) noexcept nogil:
        """Simulate until ``simulations`` are done or ``time_ms`` passed (0 = no such limit).

        Stops early, after the simulation under way, when Ctrl-C is pressed.
        """
        cdef int64_t done = 0
        cdef double deadline = now_ms() + time_ms
        self.stopped = False
        if self.root < 0:
            return 0
        while True:
            if simulations > 0 and done >= simulations:
                break
            # the clock is read every 8 simulations: a simulation takes
            # microseconds, a clock read ~20 ns, and the budget is ms
            if time_ms > 0 and (done & 7) == 0 and done > 0 and now_ms() >= deadline:
                break
            if simulations <= 0 and time_ms <= 0:
                break
            if (done & 1023) == 1023 and interrupted():
                self.stopped = True
                break
            self._simulate()
            done += 1
        self.simulations_run += done
        return done

    cdef int32_t best_action(self) noexcept nogil:
        """The most visited action at the root (ties: the better mean), -1 without one."""
        cdef const Node* nd
        cdef const Node* ch
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
            mean = ch.w[nd.to_move] / ch.visits if ch.visits else 0.0
            if pick < 0 or ch.visits > most or (ch.visits == most and mean > best_mean):
                pick = c
                most = ch.visits
                best_mean = mean
        return self.nodes[pick].action

    cdef void _reroot(self, int32_t new_root) noexcept nogil:
        # copy the subtree under new_root into the spare arena, breadth first:
        # children blocks stay contiguous, everything else is dropped
        cdef Node* dst = self.spare
        cdef Node* tmp
        cdef int32_t n = 1, i, c, first, count
        dst[0] = self.nodes[new_root]
        dst[0].parent = -1
        dst[0].action = -1
        i = 0
        while i < n:
            first = dst[i].first_child
            if first >= 0:
                count = dst[i].n_children
                memcpy(&dst[n], &self.nodes[first], count * sizeof(Node))
                for c in range(n, n + count):
                    dst[c].parent = i
                dst[i].first_child = n
                n += count
            i += 1
        tmp = self.nodes
        self.nodes = self.spare
        self.spare = tmp
        self.used = n
        self.root = 0

    # ------------------------------------------------------------ for Python
    def search(self, CoreStateBase state, long long simulations=0, double time_ms=0):
        """Run UCT from ``state`` for its deciding seat and return ``(action, simulations run)``.

        The tree is kept when it is rooted at ``state`` (see :meth:`advance`).
        The action is -1 when the game is over or at a chance node.

        Raises
        ------
        ValueError
            Without a budget, or with a budget that is not a finite number.
        RuntimeError
            When another thread is searching with this searcher.
        """
        cdef int64_t done
        cdef int32_t a
        cdef int p = state.ops.to_move(state.sp)
        if p < 0:
            return -1, 0
        if not (time_ms >= 0 and time_ms < float("inf")):
            raise ValueError(f"time_ms must be a finite number >= 0, not {time_ms}")
        if simulations < 0:
            raise ValueError("simulations must be >= 0")
        if simulations <= 0 and time_ms <= 0:
            raise ValueError("give simulations > 0 or time_ms > 0")
        if self.busy:
            raise RuntimeError("this Searcher is already searching in another thread; "
                               "give each thread its own bot")
        self.busy = True
        try:
            self.attach(state.ops, state.sp, p)     # a copy, taken under the GIL
            with nogil:
                done = self.run(simulations, time_ms)
                a = self.best_action()
        finally:
            self.busy = False
        if self.stopped:
            raise KeyboardInterrupt
        return a, done

    def advance(self, actions) -> bool:
        """Move the root along ``actions`` (the moves played since the last search).

        The subtree below the new root is kept and everything else freed.
        Returns ``False`` (and drops the tree) when an action was never searched
        or is not legal at the root.
        """
        cdef int32_t idx = self.root, c, a, n, i
        cdef bint legal
        cdef const Node* nd
        if self.ops == NULL or self.root < 0:
            return False
        if self.busy:
            raise RuntimeError("this Searcher is already searching in another thread")
        for action in actions:
            a = <int32_t>action
            n = self.ops.legal(self.root_state, self.legal_buf)
            legal = False
            for i in range(n):
                if self.legal_buf[i] == a:
                    legal = True
                    break
            if not legal:
                self.root = -1
                return False
            self.ops.apply(self.root_state, a)
            if idx >= 0:
                nd = &self.nodes[idx]
                c = -1
                if nd.first_child >= 0:
                    for i in range(nd.first_child, nd.first_child + nd.n_children):
                        if self.nodes[i].action == a:
                            c = i
                            break
                idx = c
        if idx < 0:
            self._new_tree()
            return False
        self._reroot(idx)
        return True

    def reset(self) -> None:
        """Forget the tree."""
        if self.busy:
            raise RuntimeError("this Searcher is already searching in another thread")
        self.root = -1
        self.used = 0

    def set_params(self, exploration=None, playout_depth=None) -> None:
        """Change the UCT constant or the playout depth (the tree is kept)."""
        if exploration is not None:
            if not exploration >= 0 or exploration == float("inf"):
                raise ValueError("exploration must be a finite number >= 0")
            self.exploration = exploration
        if playout_depth is not None:
            if playout_depth < -1:
                raise ValueError("playout_depth must be >= -1")
            self.playout_depth = playout_depth

    def root_stats(self) -> list:
        """``(action, visits, mean reward of the deciding seat)`` per root child."""
        if self.root < 0 or self.nodes[self.root].first_child < 0:
            return []
        cdef const Node* nd = &self.nodes[self.root]
        cdef int p = nd.to_move
        if p < 0:
            return []
        out = []
        for c in range(nd.first_child, nd.first_child + nd.n_children):
            ch = self.nodes[c]
            out.append((ch.action, ch.visits, ch.w[p] / ch.visits if ch.visits else 0.0))
        return out

    @property
    def root_visits(self) -> int:
        """Playouts through the root (kept ones included)."""
        return self.nodes[self.root].visits if self.root >= 0 else 0

    @property
    def nodes_used(self) -> int:
        """Nodes in the tree."""
        return self.used if self.root >= 0 else 0

    @property
    def node_capacity(self) -> int:
        return self.capacity
