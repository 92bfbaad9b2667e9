# cython: language_level=3, auto_pickle=False, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The position object every game core builds on.

A game's ``CoreState`` subclasses :class:`CoreStateBase`, embeds its own
fixed-size struct and points ``sp`` and ``ops`` at it and at its
:c:type:`GameOps` table in ``__cinit__``.  Everything that only needs the
table lives here, once for all games: legal actions and masks, apply with the
state left untouched on an illegal action, undo by snapshot, copy-on-write
clones, history, hashing, chance outcomes, determinized views.

Undo keeps a chain of snapshots (the whole struct before each action).  A
snapshot costs one ``malloc`` and one ``memcpy`` of a few kB, which is cheaper
than replaying the history (OpenSpiel's chess replays it and pays ~7 µs per
undo) and keeps apply and undo O(1).
"""
import operator

from cpython.buffer cimport PyBUF_ANY_CONTIGUOUS, PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcmp, memcpy, memset

from olab_core.common.hashing cimport hash_bytes
from olab_core.common.ops cimport GameOps, OPS_MAX_LEGAL, PLAYER_CHANCE, PLAYER_TERMINAL
from olab_core.common.pcg cimport Pcg32, pcg32_seed
from olab_core.common.outcome cimport GameOutcome, game_outcome, OUTCOME_NONE, OUTCOME_SCORE, OUTCOME_TIEBREAK, OUTCOME_SHARED, OUTCOME_SOLO
from olab_core.common.playout cimport playout, PLAYOUT_MAX_GAME_LENGTH

from olab_core.errors import HistoryError, IllegalActionError, OlabError

#: OpenSpiel's values for "who decides": a chance node, the end of the game
CHANCE = PLAYER_CHANCE
TERMINAL = PLAYER_TERMINAL
MAX_LEGAL = OPS_MAX_LEGAL
#: the most actions one random game may take (``random_playout``, the batch loops)
MAX_GAME_LENGTH = PLAYOUT_MAX_GAME_LENGTH

# Python ints for every action id, so legal_actions() only builds the list
# (ids up to 256 are cached by CPython anyway; the rest would be allocated on
# every call).  Grown to the largest action space of the games in use.
cdef tuple ACTION_INTS = ()


cdef tuple action_ints(int n):
    global ACTION_INTS
    if len(ACTION_INTS) < n:
        ACTION_INTS = tuple(range(n))
    return ACTION_INTS


# the generator streams of the state-level entry points (each entry point has
# its own, so their draws never coincide)
cdef enum:
    STREAM_PLAYOUT = 54          # random_playout, and game g of a batch uses 54 + g
    STREAM_DETERMINIZE = 2027    # State.determinize


_NUMPY = None


def _numpy():
    # NumPy only when a caller asks for a new array (import olab never needs it)
    global _NUMPY
    if _NUMPY is None:
        try:
            import numpy
        except ImportError:
            raise ImportError("a new observation array needs NumPy (pip install numpy, or olab[rl]); "
                              "or pass out=, any writable float32 buffer") from None
        _NUMPY = numpy
    return _NUMPY


cdef int get_float_buffer(object out, Py_buffer* view, Py_ssize_t n, str what) except -1:
    """A writable, C-contiguous float32 buffer of exactly n items, or ValueError naming the shape."""
    try:
        PyObject_GetBuffer(out, view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
    except (BufferError, TypeError) as e:
        raise ValueError(f"the {what} buffer must be a writable, C-contiguous float32 buffer of shape "
                         f"({n},): {e}") from None
    fmt = (<bytes>view.format).lstrip(b"@=<") if view.format != NULL else b"B"
    if view.itemsize != 4 or fmt != b"f":
        PyBuffer_Release(view)
        raise ValueError(f"the {what} buffer must hold float32 items, not format {fmt.decode()!r}; "
                         f"expected shape ({n},)")
    if view.len != n * 4:
        PyBuffer_Release(view)
        raise ValueError(f"the {what} buffer has {view.len // 4} items; expected shape ({n},)")
    return 0


cdef object integral(object value):
    # an int of any integral type (numpy's too), never a bool; None otherwise
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


cdef uint64_t checked_u64(str name, object value) except? 0:
    # a seed of the public API: an int in 0..2**64-1, else ValueError (not OverflowError)
    v = integral(value)
    if v is None or not 0 <= v < 2 ** 64:
        raise ValueError(f"{name} must be an int in 0..2**64-1, not {value!r}")
    return v


cdef int seat_arg(str name, object value) except? -1:
    # a seat of the public API: an int (not a bool, a float or a text), else
    # ValueError; the caller checks its range
    v = integral(value)
    if v is None:
        raise ValueError(f"{name} is a seat, an int, not {value!r}")
    if not -2 ** 31 <= v < 2 ** 31:
        raise ValueError(f"no seat {v}")
    return v


cdef void snap_release(Snap* node) noexcept nogil:
    cdef Snap* parent
    while node != NULL:
        node.refs -= 1
        if node.refs > 0:
            return
        parent = node.parent
        free(node)
        node = parent


cdef class CoreGameBase:
    """A configuration of a game, for the core (the facade's ``Game`` wraps one)."""

    def num_distinct_actions(self):
        return self.ops.num_actions

    def _max_legal(self):
        """No position of the game has more legal actions (or chance outcomes) than this."""
        return self.ops.max_legal

    def _has_chance(self):
        """True when some position of the game may be a chance node."""
        return self.ops.chance != NULL

    def _hidden_information(self):
        """True when a player may not see everything (the game resamples it in determinize)."""
        return self.ops.determinize != NULL

    def observation_size(self):
        """Floats in one observation tensor; 0 for a game whose core writes none."""
        return self.ops.obs_size if self.ops.observe != NULL else 0

    def _new_state_of(self, cls, uint64_t seed):
        """A new game dealt with ``seed`` exactly as the batch loops deal game ``seed``."""
        cdef CoreStateBase st = cls.__new__(cls)
        if st.ops != self.ops:
            raise TypeError(f"{cls.__name__} is not a state of {self.ops.name.decode()}")
        self.ops.new_state(st.sp, self.cfgp, seed)
        return st


cdef class CoreStateBase:
    """A position and its history; each game's ``CoreState`` subclasses it."""

    def __cinit__(self):
        self.top = NULL
        self.depth = 0
        self.pre = ()

    def __dealloc__(self):
        snap_release(self.top)
        self.top = NULL

    # ---------------------------------------------------------------- checks
    cdef int32_t checked_action(self, object action) except -1:
        # any integral type (numpy.int64 too), but not a bool; the range is
        # checked on a C integer (comparing Python ints costs an object for
        # the bound on every call, a quarter of apply_action's time)
        cdef long long v
        if type(action) is not int:
            if isinstance(action, bool):
                raise TypeError("an action is an int, not a bool")
            try:
                action = operator.index(action)
            except TypeError:
                raise TypeError(f"an action is an int, not {type(action).__name__}") from None
        try:
            v = action
        except OverflowError:
            v = -1
        if v < 0 or v >= self.ops.num_actions:
            raise IllegalActionError(action, f"not an action id (0..{self.ops.num_actions - 1})")
        return <int32_t>v

    cdef int live(self) except -1:
        # a state made by __new__ alone holds a zeroed struct that no game
        # dealt (issue 27: State.__new__(State).legal_actions() played it);
        # every state a game makes has its game set
        if self.game is None:
            raise TypeError(f"this {type(self).__name__} was made by __new__ and is no position of any game; "
                            "a state comes from its game (game.new_initial_state(seed), "
                            "game.deserialize_state(data), game.state_from_json(doc))")
        return 0

    cdef int push(self, int32_t a) except -1:
        # keep the position before ``a`` on the undo chain
        cdef Snap* node = <Snap*>malloc(sizeof(Snap) + self.ops.state_size)
        if node == NULL:
            raise MemoryError()
        memcpy(snap_state(node), self.sp, self.ops.state_size)
        node.parent = self.top
        node.action = a
        node.refs = 1
        self.top = node
        self.depth += 1
        return 0

    # ------------------------------------------------------------------ play
    def legal_actions(self):
        """The legal actions as ints, in the order the generator lists them.

        At a chance node these are its outcomes; after the end, none.
        """
        cdef int32_t buf[OPS_MAX_LEGAL]
        cdef int n, i
        self.live()
        n = self.ops.legal(self.sp, buf)
        cdef tuple ints = action_ints(self.ops.num_actions)
        return [ints[buf[i]] for i in range(n)]

    def is_legal(self, action):
        """Whether ``action`` (any integral type) is legal here; never raises for a bad value."""
        self.live()
        if isinstance(action, bool):
            return False
        try:
            action = operator.index(action)
        except TypeError:
            return False
        if action < 0 or action >= self.ops.num_actions:
            return False
        return bool(self.ops.is_legal(self.sp, <int32_t>action))

    def apply_action(self, action):
        """Apply a legal action (or, at a chance node, an outcome).

        Raises
        ------
        IllegalActionError
            If the action is not legal here; the state is left exactly as it was.
        TypeError
            If ``action`` is not an integer.
        """
        self.live()
        cdef int32_t a = self.checked_action(action)
        if not self.ops.is_legal(self.sp, a):
            raise IllegalActionError(a, self._illegal_reason(a), self._action_text(a))
        self.push(a)
        self.ops.apply(self.sp, a)

    def _illegal_reason(self, action):
        # the facade overrides this with a readable reason
        if self.ops.to_move(self.sp) == PLAYER_TERMINAL:
            return "the game is over"
        return "not legal in this position"

    def _action_text(self, action):
        # the text of an illegal action for its error, if it has one here
        # (``action_to_string`` is the facade's); only a courtesy, so any
        # failure to write it gives none
        try:
            return self.action_to_string(action)
        except Exception:
            return None

    def undo_action(self):
        """Take back the last action; the state is then identical to before it.

        Raises
        ------
        HistoryError
            At the first position (or the first position of a view).
        """
        cdef Snap* node = self.top
        if node == NULL:
            if self.pre:
                raise HistoryError("no action to undo: this view starts here (made by determinize)")
            raise HistoryError("no action to undo: this is the first position")
        memcpy(self.sp, snap_state(node), self.ops.state_size)
        self.top = node.parent
        if node.parent != NULL:
            node.parent.refs += 1
        snap_release(node)
        self.depth -= 1

    def clone(self):
        """An independent copy (the undo chain is shared, copy-on-write)."""
        cdef CoreStateBase c = type(self).__new__(type(self))
        memcpy(c.sp, self.sp, self.ops.state_size)
        c.top = self.top
        if c.top != NULL:
            c.top.refs += 1
        c.depth = self.depth
        c.pre = self.pre
        c.game = self.game
        return c

    def history(self):
        """Every action applied since the first position, in order (chance outcomes included)."""
        cdef Snap* node = self.top
        out = []
        while node != NULL:
            out.append(node.action)
            node = node.parent
        out.reverse()
        return list(self.pre) + out if self.pre else out

    def _chain_history(self):
        """The actions on the undo chain, from the position it starts at (a snapshot replays these).

        The same as :meth:`history` except in a view made by :meth:`determinize`,
        whose chain starts at the view: the actions before it are not replayable
        from it (they would need what the view hides).
        """
        cdef Snap* node = self.top
        out = []
        while node != NULL:
            out.append(node.action)
            node = node.parent
        out.reverse()
        return out

    def move_number(self):
        """The number of actions applied since the first position."""
        return len(self.pre) + self.depth

    def current_player(self):
        """The seat that decides now; ``olab.CHANCE`` (-1) at a chance node, ``olab.TERMINAL`` (-4) at the end."""
        self.live()
        return self.ops.to_move(self.sp)

    def is_terminal(self):
        """Whether the game is over: by its rules, or stopped by an engine cap (:meth:`is_truncated`).

        Once it is, ``current_player()`` is ``olab.TERMINAL`` (-4), there are
        no legal actions, and ``scores()`` / ``returns()`` are final.
        """
        return self.ops.to_move(self.sp) == PLAYER_TERMINAL

    def _outcome(self):
        """Who won, as the core decides it (olab_core/common/outcome.pxd), as plain data.

        ``(reason, tiebreak, winners, ranks, scores, returns)``: reason one of
        ``"none"`` (not over), ``"score"``, ``"tiebreak"``, ``"shared"``,
        ``"solo"``; tiebreak the name of the tie-break that decided, or None.
        The facade's ``State.outcome()`` wraps it.
        """
        cdef GameOutcome o
        cdef int n, i
        n = game_outcome(self.ops, self.sp, &o)
        reason = {OUTCOME_NONE: "none", OUTCOME_SCORE: "score", OUTCOME_TIEBREAK: "tiebreak",
                  OUTCOME_SHARED: "shared", OUTCOME_SOLO: "solo"}[o.reason]
        tiebreak = None
        if o.reason == OUTCOME_TIEBREAK:
            names = (<bytes>self.ops.tiebreak_names).decode("ascii").split(",") if self.ops.tiebreak_names != NULL else []
            tiebreak = names[o.tiebreak] if o.tiebreak < len(names) else f"tiebreak {o.tiebreak}"
        winners = [i for i in range(n) if (o.winners >> i) & 1]
        # the returns in double precision (the core's are float, for tensors)
        if o.reason == OUTCOME_NONE:
            returns = [0.0] * n
        elif o.reason == OUTCOME_SOLO:
            # the score in the game's points (Fields of Arle counts half points in the core)
            returns = [float(o.score[0]) / (self.ops.units_per_point if self.ops.units_per_point > 0 else 1)]
        else:
            returns = [1.0 / len(winners) if i in winners else 0.0 for i in range(n)]
        return (reason, tiebreak, winners, [o.rank[i] for i in range(n)], [o.score[i] for i in range(n)], returns)

    def is_chance_node(self):
        """Whether chance decides now (``current_player()`` is ``olab.CHANCE``, -1): see :meth:`chance_outcomes`."""
        return self.ops.to_move(self.sp) == PLAYER_CHANCE

    def is_truncated(self):
        """Whether the game was stopped by an engine safety cap rather than by its rules."""
        return self.ops.truncated != NULL and bool(self.ops.truncated(self.sp))

    def chance_outcomes(self):
        """``[(action, probability), ...]`` of this chance node; the probabilities sum to 1.

        Raises
        ------
        OlabError
            If this is not a chance node.
        """
        cdef int32_t acts[OPS_MAX_LEGAL]
        cdef uint32_t weights[OPS_MAX_LEGAL]
        cdef int n, i
        cdef uint64_t total = 0
        if self.ops.to_move(self.sp) != PLAYER_CHANCE:
            raise OlabError("not a chance node: chance_outcomes() is asked at current_player() == -1")
        n = self.ops.chance(self.sp, acts, weights)
        for i in range(n):
            total += weights[i]
        cdef tuple ints = action_ints(self.ops.num_actions)
        return [(ints[acts[i]], weights[i] / <double>total) for i in range(n)]

    def observation_tensor(self, player, out=None):
        """What ``player`` sees, as ``observation_size`` float32 numbers written by the core.

        The layout (which slice holds what) is the game's
        ``observation_layout()``; nothing ``player`` may not see is encoded,
        so two states that differ only in that give the same tensor.

        Parameters
        ----------
        player : int
            A seat that plays (``0 .. num_players() - 1``).
        out : writable buffer, optional
            A C-contiguous float32 buffer of exactly ``observation_size``
            items (a NumPy array of shape ``(n,)``, a row of a batch, an
            ``array.array("f")``); every item is written.  Without it a new
            NumPy array is made (NumPy must be installed).

        Returns
        -------
        numpy.ndarray
            ``out`` when one was given.

        Raises
        ------
        ValueError
            For a player that is not a seat, or a buffer of another dtype or size.
        NotImplementedError
            For a game whose core has no observation tensor.
        """
        cdef Py_buffer view
        cdef int r
        self.live()
        cdef int seat = seat_arg("player", player)
        if self.ops.observe == NULL:
            raise NotImplementedError(f"{self.ops.name.decode()} has no observation tensor yet "
                                      "(its GameOps has no observe entry)")
        if out is None:
            out = _numpy().empty(self.ops.obs_size, dtype="float32")
        get_float_buffer(out, &view, self.ops.obs_size, "observation")
        try:
            r = self.ops.observe(self.sp, seat, <float*>view.buf)
        finally:
            PyBuffer_Release(&view)
        if r < 0:
            raise ValueError(f"no seat {seat}: an observation is made for a seat that plays")
        return out

    def legal_actions_mask(self, out=None):
        """1 for every legal action id, 0 for the others.

        Parameters
        ----------
        out : writable buffer, optional
            ``num_distinct_actions()`` items of one byte (``bytearray``, NumPy
            ``bool`` / ``uint8`` / ``int8``) or of ``float32``; written in place.

        Returns
        -------
        bytearray
            A new one, or ``out`` itself when it is given.
        """
        cdef int32_t buf[OPS_MAX_LEGAL]
        cdef int n, i, na = self.ops.num_actions
        cdef Py_buffer view
        cdef char* p
        cdef float* f
        self.live()
        if out is None:
            out = bytearray(na)
        try:
            PyObject_GetBuffer(out, &view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_ANY_CONTIGUOUS)
        except (BufferError, TypeError) as e:
            raise ValueError(f"the mask buffer must be a writable, contiguous buffer of shape ({na},): {e}") from None
        try:
            fmt = (<bytes>view.format).lstrip(b"@=<") if view.format != NULL else b"B"
            if view.itemsize == 1 and fmt in (b"B", b"b", b"?", b"c"):
                kind = 1
            elif view.itemsize == 4 and fmt == b"f":
                kind = 4
            else:
                raise ValueError(f"a mask buffer holds bool, uint8, int8 or float32 items, not format "
                                 f"{fmt.decode()!r}; expected shape ({na},)")
            if view.len != na * view.itemsize:
                raise ValueError(f"the mask buffer has {view.len // view.itemsize} items; "
                                 f"expected shape ({na},) (num_distinct_actions())")
            n = self.ops.legal(self.sp, buf)
            memset(view.buf, 0, view.len)
            if kind == 1:
                p = <char*>view.buf
                for i in range(n):
                    p[buf[i]] = 1
            else:
                f = <float*>view.buf
                for i in range(n):
                    f[buf[i]] = 1.0
        finally:
            PyBuffer_Release(&view)
        return out

    def determinize(self, observer, seed=0):
        """A copy in which everything ``observer`` cannot see is resampled.

        The copy is consistent with what ``observer`` has seen and tells
        nothing of what it has not (in a game with hidden information its
        undo chain starts at this position, since past positions would carry
        the hidden parts; ``history()`` still lists every action).  In a game
        of perfect information it is an ordinary :meth:`clone`.
        """
        cdef CoreStateBase c
        cdef Pcg32 rng
        self.live()
        cdef int seat = seat_arg("observer", observer)
        cdef uint64_t seed64 = checked_u64("seed", seed)
        seats = self.game.num_players() if hasattr(self.game, "num_players") else self.ops.max_seats
        if not 0 <= seat < min(seats, self.ops.max_seats):
            raise ValueError(f"no seat {seat}; seats are 0..{min(seats, self.ops.max_seats) - 1}")
        c = self.clone()
        if self.ops.determinize == NULL:
            return c
        pcg32_seed(&rng, seed64, STREAM_DETERMINIZE)
        self.ops.determinize(c.sp, seat, &rng)
        c.pre = tuple(self.history())
        snap_release(c.top)
        c.top = NULL
        c.depth = 0
        return c

    def random_playout(self, seed, max_actions=PLAYOUT_MAX_GAME_LENGTH):
        """Finish the game with uniformly random actions (chance by its probabilities); no history kept.

        The playout runs without the GIL on a copy of the position taken
        before it starts, which then replaces the position: another thread
        using the state meanwhile never sees a half-played position.

        Parameters
        ----------
        seed : int
            0 to 2**64-1.
        max_actions : int
            Stop after this many actions (0 to 2**31-1).

        Returns
        -------
        int
            The number of actions, or -1 at a position without legal
            actions (an engine bug).

        Raises
        ------
        ValueError
            For a seed or a limit out of range.
        """
        cdef Pcg32 rng
        cdef int32_t buf[OPS_MAX_LEGAL]
        cdef int k, limit
        cdef char* work
        self.live()
        pcg32_seed(&rng, checked_u64("seed", seed), STREAM_PLAYOUT)
        m = integral(max_actions)
        if m is None or not 0 <= m < 2 ** 31:
            raise ValueError(f"max_actions must be an int in 0..2**31-1, not {max_actions!r}")
        limit = m
        # a private copy (issue 27 item 5: the playout ran on the state itself
        # without the GIL, so a thread sharing the state saw, and changed, a
        # position mid-playout)
        work = <char*>malloc(self.ops.state_size)
        if work == NULL:
            raise MemoryError()
        memcpy(work, self.sp, self.ops.state_size)
        with nogil:
            k = playout(self.ops, work, &rng, limit, buf)
        memcpy(self.sp, work, self.ops.state_size)
        free(work)
        snap_release(self.top)
        self.top = NULL
        self.depth = 0
        self.pre = ()
        return k

    # ------------------------------------------------------------- identity
    def __eq__(self, other):
        if not isinstance(other, CoreStateBase) or (<CoreStateBase>other).ops != self.ops:
            return NotImplemented
        return memcmp(self.sp, (<CoreStateBase>other).sp, self.ops.state_size) == 0

    def __hash__(self):
        return <int64_t>(hash_bytes(self.sp, self.ops.state_size) >> 1)

    def state_hash(self):
        """A 64-bit hash of the position (equal positions, equal hashes)."""
        return hash_bytes(self.sp, self.ops.state_size)

    # --------------------------------------------------- for the facade only
    def _raw(self):
        return PyBytes_FromStringAndSize(<char*>self.sp, self.ops.state_size)

    def _root_raw(self):
        """The bytes of the position the undo chain starts from."""
        cdef Snap* node = self.top
        if node == NULL:
            return self._raw()
        while node.parent != NULL:
            node = node.parent
        return PyBytes_FromStringAndSize(snap_state(node), self.ops.state_size)

    def _load_raw(self, bytes raw):
        """Replace the position by ``raw`` (unchecked: the caller validates) and drop the history."""
        if PyBytes_GET_SIZE(raw) != <Py_ssize_t>self.ops.state_size:
            raise ValueError("wrong size")
        self._reset_history()
        memcpy(self.sp, PyBytes_AS_STRING(raw), self.ops.state_size)

    def _assign(self, CoreStateBase other):
        """Become ``other``: its position and its history (for an edit undone because it failed)."""
        if other.ops != self.ops:
            raise TypeError("a state of another game")
        memcpy(self.sp, other.sp, self.ops.state_size)
        if other.top != NULL:
            other.top.refs += 1
        snap_release(self.top)
        self.top = other.top
        self.depth = other.depth
        self.pre = other.pre

    def _reset_history(self):
        """Make the current position the first one (after an edit)."""
        snap_release(self.top)
        self.top = NULL
        self.depth = 0
        self.pre = ()
