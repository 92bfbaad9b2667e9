/*
 * olab.h -- the C interface of olab, rule-exact engines for Ora et Labora and
 * the other registered games, on one contract.
 *
 * libolab embeds a Python interpreter (cffi's embedding mode) that runs the
 * olab package next to the library; the interpreter starts on the first
 * call.  Compile and link with the flags `olab capi --cflags --libs` prints:
 *
 *     cc prog.c $(olab capi --cflags --libs) -o prog
 *
 * Conventions
 * -----------
 * - Every function returning int returns a negative OLAB_ERR_* code on
 *   failure (all codes are <= OLAB_ERR_BASE, so they never collide with a
 *   result such as OLAB_TERMINAL), and olab_last_error() then describes it.
 * - Handles are opaque and validated: NULL, a freed handle or a pointer that
 *   olab_new() did not return gives OLAB_ERR_HANDLE; it is never dereferenced.
 *   A handle is a state (a position with its history) of one game; every
 *   call that depends on the game (its action count, its JSON) takes it.
 * - A failed call changes nothing: the position stays as it was.
 * - Output buffers, one convention for every call that fills one (arrays
 *   and texts): pass out == NULL and capacity == 0 to ask how many elements
 *   a call would write (a text: its length in bytes, without the NUL);
 *   NULL with a non-zero capacity, or a negative capacity, is
 *   OLAB_ERR_ARGUMENT; a buffer that is too small gives OLAB_ERR_BUFFER and
 *   writes nothing.
 * - Calls may come from any thread (the interpreter's lock serialises them);
 *   the last error is kept per thread.  Do not use one handle from two
 *   threads at once.
 */
#ifndef OLAB_H
#define OLAB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface; it changes when a signature or a meaning does.
 * 2: olab_state (olab_game kept as its alias), olab_num_distinct_actions()
 *    and olab_to_json() take the state and olab_to_json() an observer,
 *    olab_current_player() is OLAB_CHANCE at a chance node, new:
 *    olab_chance_outcomes(), olab_is_truncated(), olab_legal_actions_mask(),
 *    olab_abi_version(); later in 2 (added, nothing changed):
 *    olab_outcome_json(). */
#define OLAB_ABI_VERSION 2

/* olab_current_player() at a chance node, and once the game is over
 * (OpenSpiel's values, as everywhere in olab). */
#define OLAB_CHANCE (-1)
#define OLAB_TERMINAL (-4)

/* olab_to_json()'s player for the full state (every seat's view otherwise). */
#define OLAB_FULL_VIEW (-1)

/* Error codes (negative; every code is <= OLAB_ERR_BASE). */
#define OLAB_OK            0
#define OLAB_ERR_BASE      (-100)
#define OLAB_ERR_HANDLE    (-101) /* NULL, freed or unknown olab_game handle */
#define OLAB_ERR_ARGUMENT  (-102) /* a NULL pointer with a non-zero capacity, a negative count */
#define OLAB_ERR_BUFFER    (-103) /* the output buffer is too small; nothing was written */
#define OLAB_ERR_ILLEGAL   (-104) /* the action is not legal in this position */
#define OLAB_ERR_CONFIG    (-105) /* config_json is not valid JSON or not a valid game */
#define OLAB_ERR_HISTORY   (-106) /* olab_undo() with no action to take back */
#define OLAB_ERR_NOTATION  (-107) /* olab_string_to_action(): the text names no action */
#define OLAB_ERR_PYTHON    (-108) /* the embedded Python or the olab package cannot start */
#define OLAB_ERR_INTERNAL  (-109) /* an unexpected error inside olab (a bug) */

#define OLAB_IS_ERROR(r) ((r) <= OLAB_ERR_BASE)

/* An opaque state: a position of one game, with its history. */
typedef struct olab_state olab_state;
/* The name of ABI version 1, kept for old code. */
typedef olab_state olab_game;

/* OLAB_ABI_VERSION of the library actually loaded (compare with the header's). */
int olab_abi_version(void);

/*
 * A new game at its first position, or NULL on error (see olab_last_error()).
 * config_json is a JSON object: "game" (a registered game; default the
 * first, "ora_et_labora") and that game's options, as olab.load() takes
 * them and game.config() writes them, all optional:
 *   {"game": "ora_et_labora", "players": 2, "variant": "france",
 *    "length": "long", "rules": "printed", "chance": "sampled"}
 * (the object "options" of ABI 1 is still read).  NULL or "" means the
 * defaults.  seed (any value) deals the game: for Ora et Labora the seating,
 * as kennerspiel's START <seed>.
 */
olab_state* olab_new(const char* config_json, uint64_t seed);

/* Frees a game.  NULL is ignored; a freed or unknown handle only sets the last error. */
void olab_free(olab_state* state);

/*
 * Writes the legal actions (ids in 0..olab_num_distinct_actions()-1, in
 * generation order) to out and returns how many; 0 once the game is over.
 * At a chance node these are its outcomes (see olab_chance_outcomes()).
 * At most olab_num_distinct_actions() actions are ever legal.
 */
int olab_legal_actions(olab_state* state, int32_t* out, int capacity);

/*
 * Writes 1 for every legal action id and 0 for the others: exactly
 * olab_num_distinct_actions(state) bytes (capacity must be at least that);
 * returns how many actions are legal.  With out == NULL and capacity == 0
 * it returns the number of bytes it would write (olab_num_distinct_actions()).
 */
int olab_legal_actions_mask(olab_state* state, uint8_t* out, int capacity);

/*
 * At a chance node: writes its outcomes to actions and their probabilities
 * (summing to 1) to probs, and returns how many; 0 when the state is not a
 * chance node.  Both arrays follow the output-array conventions above.
 */
int olab_chance_outcomes(olab_state* state, int32_t* actions, double* probs, int capacity);

/* Applies a legal action (or chance outcome): OLAB_OK, or OLAB_ERR_ILLEGAL and the position is unchanged. */
int olab_apply(olab_state* state, int32_t action);

/* Takes back the last action: OLAB_OK, or OLAB_ERR_HISTORY at the first position. */
int olab_undo(olab_state* state);

/* The seat (0..players-1) that decides now, OLAB_CHANCE at a chance node, OLAB_TERMINAL once the game is over. */
int olab_current_player(olab_state* state);

/* 1 if the game is over, 0 if not. */
int olab_is_terminal(olab_state* state);

/* 1 if the game was stopped by an engine safety cap rather than by its rules (then also terminal), 0 if not. */
int olab_is_truncated(olab_state* state);

/*
 * Writes each seat's score in the game's points (final once the game is over)
 * and returns the number of seats.  A double, since some games count halves
 * (Fields of Arle: 50.5); halves and whole numbers are exact in a double.
 */
int olab_scores(olab_state* state, double* out, int capacity);

/*
 * Who won and why, as JSON (olab's State.outcome().as_json(), UTF-8):
 * {"winners": [...], "ranks": [...], "returns": [...], "reason": "score" |
 * "tiebreak" | "shared" | "solo", "tiebreak": name or null, "truncated": ...},
 * or the text null before the game is over.  The one decision every olab
 * surface reads (the score, then the game's tie-breaks).  Returns the length
 * and takes buf and capacity as olab_to_json() does.
 */
int olab_outcome_json(olab_state* state, char* buf, size_t capacity);

/*
 * The position as JSON (olab's State.to_json(player), UTF-8): player is a
 * seat for what that seat may see, or OLAB_FULL_VIEW for the full state.
 * Returns the length of the text in bytes, not counting the terminating NUL.
 * With buf == NULL and capacity == 0 only the length is returned; otherwise
 * capacity must be at least length + 1, and the text and a NUL are written.
 */
int olab_to_json(olab_state* state, int player, char* buf, size_t capacity);

/*
 * The text of an action in this position ("USE LR1"), written like
 * olab_to_json() writes its JSON; OLAB_ERR_ILLEGAL for an id out of range.
 */
int olab_action_to_string(olab_state* state, int32_t action, char* buf, size_t capacity);

/* The action a text names in this position, or OLAB_ERR_NOTATION. */
int olab_string_to_action(olab_state* state, const char* text);

/* The size of the state's game's action space: every action id is below it. */
int olab_num_distinct_actions(olab_state* state);

/*
 * Plays n random games in compiled code: game i is the game olab_new(config,
 * seed + i) deals, played with uniformly random actions (chance outcomes by
 * their probabilities) drawn from PCG32 (seed, stream 54 + i) -- the same
 * games as Python's olab.search.random_games(game, n, seed).  Writes, for
 * each game i, its number of actions to actions_out[i] (-1 if a game reached
 * a position without legal actions, -2 if it ran past 200000 actions;
 * neither happens in a correct engine).  actions_out may be NULL (nothing is
 * written).  Returns n, or an error code (OLAB_ERR_ARGUMENT for n < 0 or an
 * n too large to hold the results).
 */
int olab_random_playouts(const char* config_json, uint64_t seed, int n, int64_t* actions_out);

/*
 * The message of the last failed call in this thread ("" if none).  A
 * successful call does not clear it.  The pointer stays valid until the next
 * failing call in this thread.
 */
const char* olab_last_error(void);

/* The code of the last failed call in this thread (OLAB_OK if none). */
int olab_last_error_code(void);

#ifdef __cplusplus
}
#endif

#endif /* OLAB_H */
