# cython: language_level=3, auto_pickle=False, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# distutils: language = c
"""Ora et Labora engine core.

One compilation unit: the .pxi files below hold the parts (card tables, board
tables, landscape, goods and wheel, decision chains, card functions, turn
logic, flow, scoring, dispatch, the GameOps table) so the C compiler can inline
across them.  The inline helpers that read only the state (no table filled
at import) are in .pxd files of the same names (``goods.pxd``,
``landscape.pxd``, ``chains.pxd``, ``cards.pxd``, ``flow.pxd``), cimported
below: still inlined, and cimportable by tools and other extensions.  The
Python-facing part is ``CoreGame`` (a configuration) and ``CoreState`` (a
position), subclasses of the shared bases in :mod:`olab_core.common.state`;
:mod:`olab.ora` builds the readable facade on top.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset, memcmp
from libc.stdlib cimport malloc, free
from cpython.bytes cimport PyBytes_FromStringAndSize, PyBytes_AS_STRING, PyBytes_GET_SIZE

from olab_core.common.bits cimport (u128, u128_bit, u128_test, u128_popcount, u128_and_counts, u128_ctz,
                                    u128_clear_lowest, u128_lo, u128_hi, u128_make, u128_low_bits,
                                    u64_bits_to_floats)
from olab_core.common.pcg cimport Pcg32, pcg32_next, pcg32_seed, pcg32_bounded
from olab_core.common.hashing cimport hash_bytes
from olab_core.common.observe cimport ob_n, ob_rel
from olab_core.common.ops cimport GameOps, PLAYER_CHANCE, PLAYER_TERMINAL
from olab_core.common.search cimport margin, reward_of
from olab_core.common.state cimport CoreGameBase, CoreStateBase
from olab_core.ora.defs cimport *
# the helpers that read only the state, inlined from their .pxd files; the
# .pxi files below hold what reads the tables filled at import
from olab_core.ora.goods cimport (rotate_wheel, bonus_production, money_avail, pay_money, straw_avail,
                                  pay_straw)
from olab_core.ora.landscape cimport (space_coord, district_tile_at, row_has_center, plot_tile_at, space_at,
                                      space_neighbors, neighbor_mask, recompute_cloister_adj, empty_spaces,
                                      terrain_mask, space_terrain)
from olab_core.ora.chains cimport (WAIT, CONTINUE, DONE, ask, ask_amount, ask_pay, ask_pay_no_wine,
                                   ask_pay_points, ask_pick, ask_gain, ask_space, pay_units_left, pay_units,
                                   order_position, pick_available, pick_take, pick_types_from, can_pick)
from olab_core.ora.cards cimport (printed_empty_use, gain, wheel_card_token, grant_free_use, cloisters_of)
from olab_core.ora.flow cimport (is_short_34, is_34, all_placed, free_lay_brothers, prior_home, place_clergy,
                                 enter_tokens, seat_of_turn, turns_in_round, display_count, clear_decision)

from olab_core.errors import IllegalActionError

include "tables.pxi"
include "board.pxi"
include "landscape.pxi"
include "goods.pxi"
include "chains.pxi"
include "cards.pxi"
include "ireland.pxi"
include "flow.pxi"
include "turn.pxi"
include "scoring.pxi"
include "dispatch.pxi"
include "forfeit.pxi"
include "observe.pxi"
include "heuristic.pxi"
include "ops.pxi"
include "state.pxi"
