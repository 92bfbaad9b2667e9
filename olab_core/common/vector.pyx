# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Many games stepped together in C: the core of :class:`olab.rl.VectorEnv`.

A :class:`VectorCore` keeps ``n`` positions of one game side by side in one
block of memory (every game's state is a fixed-size, pointer-free struct), a
PCG32 generator per game for its chance nodes, and writes its results into
arrays the caller allocated once (NumPy arrays, passed as typed
memoryviews): the legal actions (a count and a list per game), the legal
mask, the observation tensor of the seat to move, rewards, terminated,
truncated, and the seat to move.  ``step`` applies one action per game,
resolves chance nodes, resets finished games, and refreshes every output,
in one call without the GIL, over one or several threads (OpenMP).

Why it is fast:

- the mask is updated, not rewritten: only the entries of the previous
  legal actions are cleared before the new ones are set, so a step touches
  a few dozen bytes of a mask row of thousands (Ora et Labora has 6,532
  actions, a typical position 20-60 legal ones);
- the legal list is written by the game's move generator straight into the
  caller's array, and the legality of the actions given is checked against
  that list, not by the rules again;
- an observation is written by the game's own C encoder into its row; a
  game may give ``GameOps.observe_since``, which is handed a copy of the
  position before the step (one buffer per thread, filled from a state the
  step reads anyway) and keeps the parts of the row that did not change.  The row
  holds the previous observation because the env's arrays are the caller's
  to read, never to write.

What the caller can touch (issue 27 items 3 and 4): the outputs live in
memory the core allocated (:class:`OutputBlock`), which exports a read-only
buffer only, so a NumPy array on it cannot be made writeable (NumPy asks the
base for a writable buffer and is refused); the core writes through its own
pointers.  The actions of a step are copied once, under the GIL, into the
core's own buffer before they are checked, and the core refuses a second
thread while a step or reset is running (``RuntimeError``), so what is
checked is what is applied and two steps never interleave.

Determinism: game ``g`` of env ``i`` is dealt with :func:`deal_seed` ``(seed,
i, g)`` and env ``i``'s chance outcomes come from PCG32 ``(seed, stream
VECTOR_STREAM + i)``, so results depend on neither the number of threads
nor the number of envs beside it.
"""
from cython.parallel cimport prange, threadid
from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from cpython.buffer cimport PyBUF_FORMAT, PyBUF_WRITABLE
from cpython.bytes cimport PyBytes_FromStringAndSize
from libc.stdlib cimport calloc

from olab_core.common.ops cimport GameOps, OPS_MAX_SEATS, PLAYER_CHANCE, PLAYER_TERMINAL
from olab_core.common.outcome cimport game_returns
from olab_core.common.pcg cimport Pcg32, pcg32_seed
from olab_core.common.state cimport CoreGameBase

cdef enum:
    VECTOR_STREAM = 1 << 20       # env i draws its chance outcomes from stream VECTOR_STREAM + i
    MAX_RESETS = 8                # a new game that ends before anyone decides is dealt again, this often


cdef inline uint64_t splitmix64(uint64_t x) noexcept nogil:
    x += 0x9E3779B97F4A7C15ULL
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL
    return x ^ (x >> 31)


cdef inline uint64_t mix_seed(uint64_t seed, uint64_t env, uint64_t episode) noexcept nogil:
    return splitmix64(splitmix64(seed) ^ ((env << 32) | (episode & 0xFFFFFFFFULL)))


def deal_seed(uint64_t seed, uint64_t env, uint64_t episode):
    """The seed game ``episode`` of env ``env`` of a VectorEnv seeded with ``seed`` is dealt with.

    ``game.new_initial_state(deal_seed(seed, env, episode))`` is that game's
    first position (before the env resolves its chance nodes, if any).
    """
    return mix_seed(seed, env, episode)


cdef char* FORMAT_BYTE = "B"


cdef class OutputBlock:
    """Zeroed memory the core writes and the caller may only read (a read-only buffer of bytes)."""
    cdef char* data
    cdef Py_ssize_t nbytes
    cdef Py_ssize_t shape[1]
    cdef Py_ssize_t strides[1]

    def __cinit__(self, Py_ssize_t nbytes):
        self.nbytes = nbytes
        self.data = <char*>calloc(nbytes if nbytes > 0 else 1, 1)
        if self.data == NULL:
            raise MemoryError("no room for the env's arrays")
        self.shape[0] = nbytes
        self.strides[0] = 1

    def __dealloc__(self):
        free(self.data)

    def __getbuffer__(self, Py_buffer* buf, int flags):
        if flags & PyBUF_WRITABLE:
            raise BufferError("the env's arrays are read-only: copy what you keep")
        buf.buf = self.data
        buf.obj = self
        buf.len = self.nbytes
        buf.readonly = 1
        buf.itemsize = 1
        buf.format = NULL
        if flags & PyBUF_FORMAT:
            buf.format = FORMAT_BYTE
        buf.ndim = 1
        buf.shape = self.shape
        buf.strides = self.strides
        buf.suboffsets = NULL
        buf.internal = NULL

    def __releasebuffer__(self, Py_buffer* buf):
        pass


cdef OutputBlock block(dict blocks, str name, Py_ssize_t nbytes):
    cdef OutputBlock b = OutputBlock(nbytes)
    blocks[name] = b
    return b


cdef class VectorCore:
    """``n`` games of one configuration and the output arrays they write (see the module doc)."""
    cdef const GameOps* ops
    cdef const void* cfgp
    cdef object game                # the CoreGame: keeps cfgp alive
    cdef readonly int n
    cdef readonly int players
    cdef readonly int num_threads
    cdef readonly bint observations
    cdef uint64_t seed
    cdef char* states
    cdef Pcg32* rngs
    cdef uint32_t* episode          # games finished by env i
    cdef char* befores              # per thread, the position before the step (observe_since), or NULL
    cdef int32_t* acts              # the actions of the step being run, copied from the caller's
    cdef bint busy                  # a step or reset is running (in some thread)
    cdef readonly dict blocks       # name -> OutputBlock: the outputs' memory
    # the outputs, written through these (views of the blocks, never handed out)
    cdef int32_t[::1] num_legal
    cdef int32_t[:, ::1] legal
    cdef int8_t[:, ::1] mask
    cdef float[:, ::1] obs
    cdef float[:, ::1] rewards
    cdef uint8_t[::1] terminated
    cdef uint8_t[::1] truncated
    cdef int32_t[::1] current
    cdef int32_t[::1] steps        # decisions taken in env i's current game
    cdef int32_t bad_env           # set by a step that met an illegal action
    cdef int32_t failed_env        # set by a game that got stuck (an engine bug)

    def __cinit__(self, CoreGameBase game, int n, int players, uint64_t seed, int num_threads,
                  bint observations):
        cdef int m, na, obs_size
        self.ops = game.ops
        self.cfgp = game.cfgp
        self.game = game
        if n < 1:
            raise ValueError("num_envs must be at least 1")
        if num_threads < 1:
            raise ValueError("num_threads must be at least 1")
        if players < 1 or players > OPS_MAX_SEATS:
            raise ValueError(f"players must be 1..{OPS_MAX_SEATS}")
        self.n = n
        self.players = players
        self.num_threads = num_threads
        self.seed = seed
        self.observations = observations
        if observations and self.ops.observe == NULL:
            raise NotImplementedError(f"{self.ops.name.decode()} has no observation tensor")
        m, na, obs_size = self.ops.max_legal, self.ops.num_actions, self.ops.obs_size
        self.blocks = {}
        self.num_legal = <int32_t[:n]><int32_t*>block(self.blocks, "num_legal", n * 4).data
        self.legal = <int32_t[:n, :m]><int32_t*>block(self.blocks, "legal", <Py_ssize_t>n * m * 4).data
        self.mask = <int8_t[:n, :na]><int8_t*>block(self.blocks, "mask", <Py_ssize_t>n * na).data
        if observations:
            self.obs = <float[:n, :obs_size]><float*>block(self.blocks, "obs", <Py_ssize_t>n * obs_size * 4).data
        self.rewards = <float[:n, :players]><float*>block(self.blocks, "rewards", n * players * 4).data
        self.terminated = <uint8_t[:n]><uint8_t*>block(self.blocks, "terminated", n).data
        self.truncated = <uint8_t[:n]><uint8_t*>block(self.blocks, "truncated", n).data
        self.current = <int32_t[:n]><int32_t*>block(self.blocks, "current", n * 4).data
        self.steps = <int32_t[:n]><int32_t*>block(self.blocks, "steps", n * 4).data
        self.states = <char*>malloc(<size_t>n * self.ops.state_size)
        self.rngs = <Pcg32*>malloc(n * sizeof(Pcg32))
        self.episode = <uint32_t*>malloc(n * sizeof(uint32_t))
        self.acts = <int32_t*>malloc(n * sizeof(int32_t))
        if self.states == NULL or self.rngs == NULL or self.episode == NULL or self.acts == NULL:
            raise MemoryError("no room for the games")
        memset(self.states, 0, <size_t>n * self.ops.state_size)
        # (malloc'd, so aligned for any field of a state, as the states are)
        self.befores = NULL
        if self.observations and self.ops.observe_since != NULL:
            self.befores = <char*>malloc(<size_t>num_threads * self.ops.state_size)
            if self.befores == NULL:
                raise MemoryError("no room for the observation buffers")

    def __dealloc__(self):
        free(self.states)
        free(self.rngs)
        free(self.episode)
        free(self.befores)
        free(self.acts)

    cdef int enter(self) except -1:
        # one thread at a time: the check and the mark are one step under the GIL
        if self.busy:
            raise RuntimeError("this VectorEnv is in use by another thread (a step or reset is running); "
                               "an env is driven by one thread at a time: make one env per thread")
        self.busy = True
        return 0

    # ------------------------------------------------------------- in C
    cdef inline char* state_of(self, int i) noexcept nogil:
        return self.states + <size_t>i * self.ops.state_size

    cdef void deal(self, int i) noexcept nogil:
        self.ops.new_state(self.state_of(i), self.cfgp, mix_seed(self.seed, i, self.episode[i]))
        self.steps[i] = 0

    cdef void settle(self, int i, const char* before, int before_player) noexcept nogil:
        # resolve chance nodes, reset a finished game (its outcome into
        # rewards), then refresh the legal actions, the mask and the
        # observation (from what the row holds, if before is the position
        # that row was written from, for before_player)
        cdef const GameOps* ops = self.ops
        cdef char* st = self.state_of(i)
        cdef int p, k, resets = 0, count
        cdef float ret[OPS_MAX_SEATS]
        cdef int32_t* row = &self.legal[i, 0]
        cdef int8_t* mrow = &self.mask[i, 0]
        while True:
            p = ops.to_move(st)
            if p == PLAYER_CHANCE:
                ops.apply(st, ops.sample_chance(st, &self.rngs[i]))
                continue
            if p == PLAYER_TERMINAL:
                if resets == 0:
                    count = game_returns(ops, st, ret)
                    for k in range(count):
                        self.rewards[i, k] = ret[k]
                    if ops.truncated != NULL and ops.truncated(st):
                        self.truncated[i] = 1
                    else:
                        self.terminated[i] = 1
                resets += 1
                if resets > MAX_RESETS:
                    self.failed_env = i
                    break
                self.episode[i] += 1
                self.deal(i)
                continue
            break
        count = self.num_legal[i]
        for k in range(count):
            mrow[row[k]] = 0
        count = ops.legal(st, row) if p >= 0 else 0
        if count <= 0 and p >= 0:
            self.failed_env = i
        self.num_legal[i] = count
        for k in range(count):
            mrow[row[k]] = 1
        self.current[i] = p
        if self.observations and p >= 0:
            if before != NULL and resets == 0 and before_player >= 0:
                ops.observe_since(st, p, &self.obs[i, 0], before, before_player)
            else:
                ops.observe(st, p, &self.obs[i, 0])

    cdef void step_one(self, int i, int32_t a, int thread) noexcept nogil:
        cdef int k
        cdef char* st = self.state_of(i)
        cdef char* before = NULL
        for k in range(self.players):
            self.rewards[i, k] = 0
        self.terminated[i] = 0
        self.truncated[i] = 0
        if self.befores != NULL:
            before = self.befores + <size_t>thread * self.ops.state_size
            memcpy(before, st, self.ops.state_size)
        self.ops.apply(st, a)
        self.steps[i] += 1
        self.settle(i, before, self.current[i])

    # ------------------------------------------------------------ for Python
    def reset(self, uint64_t seed):
        """Deal every game anew (game 0 of each env, from ``seed``) and fill the outputs."""
        cdef int i
        self.enter()
        try:
            self.seed = seed
            self.failed_env = -1
            memset(&self.mask[0, 0], 0, <size_t>self.n * self.ops.num_actions)
            with nogil:
                for i in range(self.n):
                    pcg32_seed(&self.rngs[i], seed, VECTOR_STREAM + i)
                    self.episode[i] = 0
                    self.num_legal[i] = 0
                    self.deal(i)
                    self.settle(i, NULL, -1)
                for i in range(self.n):
                    self.terminated[i] = 0
                    self.truncated[i] = 0
                    memset(&self.rewards[i, 0], 0, self.players * sizeof(float))
            self._raise_failed()
        finally:
            self.busy = False

    def step(self, const int32_t[::1] actions):
        """Apply ``actions[i]`` in game ``i`` for every ``i``, then refresh the outputs.

        The actions are copied first; raises ``ValueError`` (and changes
        nothing) if one is not among the legal actions listed for its game,
        and ``RuntimeError`` while another thread steps or resets this env.
        """
        cdef int i, k, n = self.n, t = self.num_threads
        cdef int32_t a
        cdef bint ok
        cdef int32_t* acts = self.acts
        if actions.shape[0] != n:
            raise ValueError(f"step() takes one action per env: an array of shape ({n},), "
                             f"not ({actions.shape[0]},)")
        self.enter()
        try:
            # the caller's array is read once, here, under the GIL: what is
            # checked below is what is applied, whatever another thread writes
            memcpy(acts, &actions[0], n * sizeof(int32_t))
            self.bad_env = -1
            with nogil:
                # check every action against its game's listed legal actions first,
                # so that a bad one leaves every game as it was
                for i in range(n):
                    a = acts[i]
                    ok = False
                    for k in range(self.num_legal[i]):
                        if self.legal[i, k] == a:
                            ok = True
                            break
                    if not ok:
                        self.bad_env = i
                        break
                if self.bad_env < 0:
                    if t == 1:
                        for i in range(n):
                            self.step_one(i, acts[i], 0)
                    else:
                        for i in prange(n, num_threads=t, schedule="dynamic", chunksize=16):
                            self.step_one(i, acts[i], threadid())
            if self.bad_env >= 0:
                i = self.bad_env
                raise ValueError(f"env {i}: action {acts[i]} is not legal (the seat to move, "
                                 f"{self.current[i]}, has {self.num_legal[i]} legal actions; see legal_actions[{i}])")
            self._raise_failed()
        finally:
            self.busy = False

    def _raise_failed(self):
        if self.failed_env >= 0:
            i = self.failed_env
            self.failed_env = -1
            raise RuntimeError(f"env {i}: the game reached a position without legal actions, or its "
                               "games end before anyone decides (an engine bug)")

    def state_bytes(self, int i):
        """The raw position of env ``i`` (for ``VectorEnv.get_state``)."""
        if not 0 <= i < self.n:
            raise IndexError(f"no env {i}")
        self.enter()                 # not a position half-way through a step
        try:
            return PyBytes_FromStringAndSize(self.state_of(i), self.ops.state_size)
        finally:
            self.busy = False

    def episodes(self, int i):
        """How many games env ``i`` has finished since the last reset."""
        if not 0 <= i < self.n:
            raise IndexError(f"no env {i}")
        return self.episode[i]
