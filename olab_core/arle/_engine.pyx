# cython: language_level=3, auto_pickle=False, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# distutils: language = c
"""Fields of Arle engine core.

One compilation unit: the .pxi files below hold the parts (fact tables, a
player's goods and land, animals, vehicles, the decision machine, the flow of
the game, the action spaces, the buildings, scoring, the GameOps table) so
the C compiler can inline across them.  The inline helpers that read only
the state (no table filled at import) are in ``goods.pxd`` and
``machine.pxd``, cimported below: still inlined, and cimportable by tools
and other extensions.  The Python-facing part is
``CoreGame`` (a configuration) and ``CoreState`` (a position), subclasses of
the shared bases in :mod:`olab_core.common.state`; :mod:`olab.arle` builds
the readable facade on top.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset, memcmp

from olab_core.common.bits cimport u64_bits_to_floats, u64_ctz, u64_popcount
from olab_core.common.observe cimport ob_n
from olab_core.common.pcg cimport Pcg32, pcg32_next, pcg32_seed, pcg32_bounded
from olab_core.common.ops cimport GameOps, PLAYER_CHANCE, PLAYER_TERMINAL
from olab_core.common.search cimport margin, reward_of
from olab_core.common.state cimport CoreGameBase, CoreStateBase
from olab_core.arle.defs cimport *
# the helpers that read only the state, inlined from their .pxd files; the
# .pxi files below hold what reads the tables filled at import
from olab_core.arle.goods cimport (imin, imax, wood_like, clay_like, pay_wood, pay_clay, can_pay, pay,
                                   land_used, fields, board_peat, sort_moors, has_undrained,
                                   moors_dehydrated, moors_undrained)
from olab_core.arle.machine cimport (mask_clear, mask_add, mask_has, mask_any, push, pop, become, is_summer,
                                     space_in_season)

include "tables.pxi"
include "goods.pxi"
include "animals.pxi"
include "vehicles.pxi"
include "machine.pxi"
include "flow.pxi"
include "buildings.pxi"
include "spaces.pxi"
include "scoring.pxi"
include "observe.pxi"
include "heuristic.pxi"
include "ops.pxi"
include "state.pxi"
