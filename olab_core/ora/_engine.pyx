# cython: language_level=3, auto_pickle=False, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# distutils: language = c
"""Ora et Labora engine core.

One compilation unit: the .pxi files below hold the parts (card tables, board
tables, landscape, goods and wheel, decision chains, card functions, turn
logic, flow, scoring, dispatch, the GameOps table) so the C compiler can inline
across them.  The
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
