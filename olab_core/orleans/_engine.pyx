# cython: language_level=3, auto_pickle=False, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# distutils: language = c
"""Orléans engine core.

One compilation unit: the .pxi files below hold the parts (tables from the
data, the basic rules, set-up, the course of a round with its chance draws,
the effects of decisions, legal actions, scoring, the bots' heuristic, the
GameOps table) so the C compiler can inline across them.  The inline
helpers that read only the state (no table filled at import) are in
``basics.pxd``, cimported below: still inlined, and cimportable by tools and
other extensions.  The Python-facing
part is ``CoreGame`` (a configuration) and ``CoreState`` (a position),
subclasses of the shared bases in :mod:`olab_core.common.state`;
:mod:`olab.orleans` builds the readable facade on top.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcmp, memcpy, memset

from olab_core.common.pcg cimport Pcg32, pcg32_next, pcg32_seed, pcg32_bounded
from olab_core.common.observe cimport ob_n, ob_rel
from olab_core.common.ops cimport GameOps, PLAYER_CHANCE, PLAYER_TERMINAL
from olab_core.common.outcome cimport game_returns
from olab_core.common.search cimport margin, reward_of
from olab_core.common.state cimport CoreGameBase, CoreStateBase
from olab_core.orleans.defs cimport *
# the helpers that read only the state, inlined from their .pxd files; the
# .pxi files below hold what reads the tables filled at import
from olab_core.orleans.basics cimport (seat_at, kinds_total, bag_total, market_total, tower_total,
                                       goods_total, owns_place, citizens_of, coins_paid, gain_coins, pay_coins,
                                       take_citizen, base_char)

include "tables.pxi"
include "basics.pxi"
include "scoring.pxi"
include "heuristic.pxi"
include "flow.pxi"
include "apply.pxi"
include "legal.pxi"
include "setup.pxi"
include "observe.pxi"
include "ops.pxi"
include "state.pxi"
