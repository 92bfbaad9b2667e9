# cython: language_level=3
"""GameOps: how a game core describes itself to the shared machinery.

Every olab game keeps its position in one fixed-size, pointer-free C struct
(a copy is a ``memcpy``) and fills one ``GameOps`` table of plain C functions
over it.  The shared state object (:mod:`olab_core.common.state`: apply,
undo, clone, history, masks), the search (:mod:`olab_core.common.search`:
perft, playouts, greedy, UCT) and the batch loops are written once against
this table; a game adds nothing to them.

Who decides, in every layer (core, search, Python, protocol, C), uses
OpenSpiel's values: a seat ``0..players-1``, ``PLAYER_CHANCE`` (-1) at a
chance node and ``PLAYER_TERMINAL`` (-4) once the game is over.
"""
from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t

from olab_core.common.pcg cimport Pcg32

cdef enum:
    PLAYER_CHANCE = -1
    PLAYER_TERMINAL = -4
    OPS_MAX_SEATS = 4          # seats that receive rewards in the search
    OPS_MAX_LEGAL = 4096       # the most legal actions (or chance outcomes) any game may have

# the deciding seat, PLAYER_CHANCE or PLAYER_TERMINAL
ctypedef int (*ToMoveFn)(const void* s) noexcept nogil
# the legal actions into out (room for max_legal), or at a chance node its
# outcomes; returns how many
ctypedef int (*LegalFn)(const void* s, int32_t* out) noexcept nogil
ctypedef bint (*IsLegalFn)(const void* s, int32_t a) noexcept nogil
# apply a legal action (or chance outcome) in place
ctypedef void (*ApplyFn)(void* s, int32_t a) noexcept nogil
# a reward in [0, 1] per seat: the outcome once the game is over, an estimate before
ctypedef void (*ValueFn)(const void* s, float* out) noexcept nogil
# the game's heuristic value of every player's position, in its own points
# (what the bots maximise before the game is over); returns the number of players
ctypedef int (*HeuristicFn)(const void* s, double* out) noexcept nogil
# each player's score (final once the game is over); returns the number of players
ctypedef int (*ScoresFn)(const void* s, int32_t* out) noexcept nogil
# the greedy bot's action grouping: true when the chain of decisions the last
# top-level action started is over (the turn is back at a point where its
# owner chooses a new action), or the game is over
ctypedef bint (*ChainOverFn)(const void* s) noexcept nogil
# at a chance node: the outcomes and their integer weights (probability =
# weight / sum of weights); returns how many
ctypedef int (*ChanceFn)(const void* s, int32_t* actions, uint32_t* weights) noexcept nogil
# at a chance node: one outcome drawn with its probability from rng
ctypedef int32_t (*SampleFn)(const void* s, Pcg32* rng) noexcept nogil
# resample, from rng, everything `observer` cannot see, consistently with what
# it has seen; must not read the hidden parts it replaces
ctypedef void (*DeterminizeFn)(void* s, int observer, Pcg32* rng) noexcept nogil
# a new game of the configuration cfg, dealt with seed, exactly as the facade's
# Game.new_initial_state(seed) deals it
ctypedef void (*NewStateFn)(void* out, const void* cfg, uint64_t seed) noexcept nogil
# true when the game was stopped by an engine safety cap, not by its rules
ctypedef bint (*TruncatedFn)(const void* s) noexcept nogil
# the observation tensor of `player` (a seat that plays, not the solo game's
# neutral one): exactly ops.obs_size floats into out, every one written,
# encoding only what `player` may see (the layout is the game's Python
# observation_layout); returns 0, or -1 (out untouched) for a bad player
ctypedef int (*ObserveFn)(const void* s, int player, float* out) noexcept nogil
# observe, when out holds, unchanged, what observe(before, before_player)
# wrote, before being a position of the same game that led to s (the
# vectorized env: the position before this step's action); the game may keep
# what did not change, and the tensor is exactly what observe writes
ctypedef int (*ObserveSinceFn)(const void* s, int player, float* out, const void* before,
                               int before_player) noexcept nogil
# tie-break `level` (0 the first) of a finished game, by its rules: a number
# per seat into out, more is better; returns the number of players, or 0 when
# the game has no such level.  Who won is decided from the scores and these
# once, in olab_core/common/outcome.pxd (State.outcome())
ctypedef int (*TieBreakFn)(const void* s, int level, int32_t* out) noexcept nogil
# what seat `me` wants to raise in a position that is not over yet, in the
# game's points, when the game's bots value positions per seat rather than by
# the margin of the heuristic over the best other seat (a bot's opinion: the
# greedy bot maximises it, and a game may use it in its ValueFn)
ctypedef double (*SeatValueFn)(const void* s, int me) noexcept nogil
# the share of the game played, in [0, 1]: 0 at the deal, 1 at its end (a
# bot's clock: what a fitted evaluation's weights are tapered by, search.pyx)
ctypedef double (*ProgressFn)(const void* s) noexcept nogil
# the game's clock in turns: a number that never falls along a game and rises
# only when a new turn begins (a turn: what one seat does before the next
# seat's, or its own next, turn); where the game keeps no count it may stand
# still, and a turn then ends where another seat decides.  The planner
# (beam.pxi) plays a seat's chains on to the end of its turn and compares
# positions of the same level; NULL: the end of a chain ends a turn
ctypedef int64_t (*ClockFn)(const void* s) noexcept nogil

cdef struct GameOps:
    const char* name           # the registry name ("ora_et_labora")
    size_t state_size          # bytes of the state struct
    int max_seats              # most seats a state has (<= OPS_MAX_SEATS)
    int max_legal              # no position has more legal actions or outcomes
    int num_actions            # every action id is in [0, num_actions)
    ToMoveFn to_move
    LegalFn legal
    IsLegalFn is_legal
    ApplyFn apply
    ValueFn value
    HeuristicFn heuristic
    ScoresFn scores
    ChainOverFn chain_over
    ChanceFn chance            # NULL: the game never has a chance node
    SampleFn sample_chance     # NULL exactly when chance is NULL
    DeterminizeFn determinize  # NULL: perfect information, nothing to resample
    NewStateFn new_state
    TruncatedFn truncated      # NULL: never truncated
    int obs_size               # floats of an observation tensor (the same in every configuration)
    ObserveFn observe          # NULL only while a game has no tensor yet: it then fails conformance
    TieBreakFn tiebreak        # NULL: a tie for the best score is shared
    const char* tiebreak_names # the tie-breaks' names in level order, comma-separated ("development")
    int units_per_point        # score units per point of the game (Fields of Arle counts half points: 2); 0 is 1
    ObserveSinceFn observe_since  # NULL: observe alone
    SeatValueFn seat_value     # NULL: the margin of the heuristic over the best other seat
    ProgressFn progress        # NULL: 0 throughout (a fitted evaluation is then not tapered)
    ClockFn clock              # NULL: the planner's levels count chains, not turns
