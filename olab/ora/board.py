"""The board of Ora et Labora: the numbers of ``wheel.json`` and ``landscape.json``.

Read once at import.  :func:`core_tables` hands the core its tables (wheel
values, tokens, the short game's round goods, the heartland, district and plot
layouts); :class:`~olab.ora.Rules` takes the numbers of a configuration from
here (settlement rounds, regular rounds, the rounds grapes and stone enter,
prices, the wheel's side).  A correction is a change of the data files.

Where a file states a number only in prose, the loader reads it with a strict
pattern and raises ``ValueError`` naming the key when the text no longer has
that form, so nothing is silently guessed.  What the core's layout fixes (13
wheel slots and the order of the tokens, a 2 x 5 heartland, districts in columns
0-4, coast plots in columns -2/-1, mountain plots in 5/6, 9 tiles per pile, the
short 3-4 player modes of the round goods and the bonus production) is checked
against the data, not read from it.

>>> from olab.ora import board
>>> board.WHEEL_VALUES["front"][:4]
(0, 2, 3, 4)
>>> board.SETTLE_AFTER["4p_long"]
(6, 9, 15, 18)
>>> board.token_entry("3p_long", grapes_round_3p_long=board.GRAPE_ROUND_3P_LONG["kennerspiel"])
(9, 13, True)
"""
from __future__ import annotations

import re
from typing import NoReturn

from .cards import _read

__all__ = [
    "WHEEL", "LANDSCAPE", "MODE_NAMES", "WHEEL_SLOTS", "WHEEL_VALUES", "WHEEL_SIDE",
    "TOKEN_GOODS", "TOKEN_START", "ARM_START", "token_entry", "GRAPE_ROUND_3P_LONG",
    "SETTLE_AFTER", "REGULAR_ROUNDS", "ROUND_GOODS", "DISTRICT_PRICES", "PLOT_PRICES",
    "HEARTLAND", "HEARTLAND_SHORT", "HEARTLAND_NEUTRAL", "DISTRICT_SIDES", "PLOT_SIDES",
    "core_tables",
]

#: the records of ``wheel.json``, as read
#:
#: :meta hide-value:
WHEEL = _read("wheel.json")
#: the records of ``landscape.json``, as read
#:
#: :meta hide-value:
LANDSCAPE = _read("landscape.json")

#: olab's mode names; the data spells them with a hyphen (``2p-short``)
MODE_NAMES = ("solo", "2p_short", "2p_long", "3p_long", "3p_short", "4p_long", "4p_short")

# what the core's arrays and geometry are built for (olab_core/ora/defs.pxd)
_CORE_SLOTS = 13
_CORE_TILES = 9
_CORE_TOKENS = ("grain", "sheep", "clay", "coin", "wood", "peat", "joker", "grape", "stone")
_CORE_PLOT_COLUMNS = {"COAST": (-2, -1), "MOUNTAIN": (5, 6)}
_TERRAINS = ("plains", "hillside", "coast", "water", "mountain")


def _key(mode: str) -> str:
    return mode.replace("_", "-")


def _fail(where: str, why: str) -> NoReturn:
    raise ValueError(f"olab/data/ora/{where}: {why}")


def _good(name: str, where: str) -> tuple[str, int]:
    # a good by id or alias (goods.json): (good, units); the 5-coin piece is 5 coins
    for g in _GOODS:
        if name == g["id"] or name in g["aliases"]:
            return ("coin", g["coin"]) if g["id"] == "coin5" else (g["id"], 1)
    _fail(where, f"unknown good {name!r}")


_GOODS = _read("goods.json")


# ---------------------------------------------------------------- the wheel (wheel.json)

#: the number of slots of the production wheel (``slots``; the core has 13)
WHEEL_SLOTS = WHEEL["slots"]
if WHEEL_SLOTS != _CORE_SLOTS:
    _fail("wheel.json slots", f"the core's wheel has {_CORE_SLOTS} slots, the data {WHEEL_SLOTS}")

#: value of a token by its distance behind the arm, per side (``value_by_distance_behind_arm``)
WHEEL_VALUES = {side: tuple(v) for side, v in WHEEL["value_by_distance_behind_arm"].items()}
for _side in ("front", "back"):
    if len(WHEEL_VALUES.get(_side, ())) != WHEEL_SLOTS:
        _fail(f"wheel.json value_by_distance_behind_arm.{_side}", f"needs {WHEEL_SLOTS} values")

#: the side of the wheel each mode plays with (``side_by_mode``)
WHEEL_SIDE = {m: WHEEL["side_by_mode"][_key(m)] for m in MODE_NAMES}

_tokens = WHEEL["tokens"]
if tuple(t["id"] for t in _tokens) != _CORE_TOKENS:
    _fail("wheel.json tokens", f"the core's tokens are {', '.join(_CORE_TOKENS)} in this order")
#: the good each token produces (``tokens[].good``); None for the joker
TOKEN_GOODS = tuple(None if t["id"] == "joker" else _good(t["good"], f"wheel.json tokens.{t['id']}")[0]
                    for t in _tokens)

#: the arm's slot and each token's slot at setup, None = off the wheel (``initial_state``)
ARM_START = WHEEL["initial_state"]["arm"]
_start = WHEEL["initial_state"]["tokens_on_slot_0"]
if set(_start) - set(_CORE_TOKENS):
    _fail("wheel.json initial_state.tokens_on_slot_0", "unknown token")
#: the slot of each token at setup, in the core's order of tokens (0 on the wheel, None off
#: it; ``initial_state.tokens_on_slot_0``)
TOKEN_START = tuple(0 if t in _start else None for t in _CORE_TOKENS)


def _entry(rec, where):
    # (round, before rotation) of one token entry, or (0, None) when it never enters
    if rec is None:
        return 0, None
    placed = {"before rotation": True, "after rotation": False}.get(rec["placed"])
    if placed is None:
        _fail(where + ".placed", f"'before rotation' or 'after rotation', not {rec['placed']!r}")
    return rec["round"], placed


def _entries(rec, where):
    grape, gb = _entry(rec["grape"], where + ".grape")
    stone, sb = _entry(rec["stone"], where + ".stone")
    if gb is not None and sb is not None and gb != sb:
        _fail(where, "the core places grapes and stone at the same point of a round")
    before = gb if gb is not None else (sb if sb is not None else False)
    return grape, stone, before


_TOKEN_ENTRY = {m: _entries(WHEEL["token_entry"][_key(m)], f"wheel.json token_entry.{_key(m)}")
                for m in MODE_NAMES}
_printed3 = _entries(WHEEL["token_entry"]["3p-long"]["printed_preset"],
                     "wheel.json token_entry.3p-long.printed_preset")
if _printed3[1:] != _TOKEN_ENTRY["3p_long"][1:]:
    _fail("wheel.json token_entry.3p-long.printed_preset",
          "differs from the main entry in more than the grapes round, which no rule option chooses")

#: the two readings of the grapes round of the long 3-player game, the candidates of the
#: rule option ``grapes_round_3p_long`` (``token_entry.3p-long.printed_preset.grape`` and
#: ``token_entry.3p-long.grape``)
GRAPE_ROUND_3P_LONG = {"printed": _printed3[0], "kennerspiel": _TOKEN_ENTRY["3p_long"][0]}


def token_entry(mode: str, grapes_round_3p_long: int | None = None) -> tuple[int, int, bool]:
    """(grapes round, stone round, placed before the rotation) of a mode; 0 = never.

    ``grapes_round_3p_long`` picks the long 3-player game's grapes round among
    :data:`GRAPE_ROUND_3P_LONG` (default: the data's main entry).
    """
    grape, stone, before = _TOKEN_ENTRY[mode]
    if mode == "3p_long" and grapes_round_3p_long is not None:
        if grapes_round_3p_long not in GRAPE_ROUND_3P_LONG.values():
            raise ValueError(f"grapes_round_3p_long must be one of "
                             f"{', '.join(map(str, GRAPE_ROUND_3P_LONG.values()))}")
        grape = grapes_round_3p_long
    return grape, stone, before


# ---------------------------------------------------------------- the schedule (wheel.json)

def _round_number(value, where):
    # settlement rounds are numbers; the solo D entry is "25 (the first round 25)"
    if isinstance(value, int):
        return value
    m = re.fullmatch(r"(\d+) \(the first round \1\)", str(value))
    if not m:
        _fail(where, f"a round number, not {value!r}")
    return int(m.group(1))


def _regular_rounds(sched, where):
    # the rounds the core counts before the end: a number (3-4 players; the bonus round
    # follows), the solo game's wheel rotations (the core counts every rotation as a
    # round, so the second round 25 is round 26), or 0 for the 2-player games, which have
    # no fixed count and end by the display running low
    value = sched["regular_rounds"]
    if isinstance(value, int):
        if sched["bonus_round_after_round"] != value:
            _fail(where, "the bonus round follows the last regular round")
        return value
    m = re.fullmatch(r"\d+ numbered rounds with round \d+ played twice \((\d+) wheel rotations, \d+ turns\)", value)
    if m:
        return int(m.group(1))
    if re.fullmatch(r"\d+, then more rounds until the end condition", value):
        return 0
    _fail(where + ".regular_rounds", f"no known form: {value!r}")


_SCHEDULE = WHEEL["schedule"]
#: rounds after which settlement phases A-D happen (``schedule.<mode>.settlement_after_round``)
SETTLE_AFTER = {m: tuple(_round_number(_SCHEDULE[_key(m)]["settlement_after_round"][x],
                                       f"wheel.json schedule.{_key(m)}.settlement_after_round.{x}")
                         for x in "ABCD") for m in MODE_NAMES}
#: rounds played before the end / the bonus round; 0 = no fixed number (``schedule.<mode>.regular_rounds``)
REGULAR_ROUNDS = {m: _regular_rounds(_SCHEDULE[_key(m)], f"wheel.json schedule.{_key(m)}") for m in MODE_NAMES}


def _round_goods():
    # the core gives the round goods and the bonus production in the short 3-4 player game
    for key in ("short_game_round_start_goods", "short_game_bonus_production"):
        if set(WHEEL[key]["modes"]) != {"3p-short", "4p-short"}:
            _fail(f"wheel.json {key}.modes", "the core knows them in 3p-short and 4p-short only")
    rec = WHEEL["short_game_round_start_goods"]
    rounds = sorted(int(r) for r in rec["per_player"])
    if rounds != list(range(1, len(rounds) + 1)):
        _fail("wheel.json short_game_round_start_goods.per_player", "rounds 1, 2, 3... without a gap")
    out = []
    for r in rounds:
        goods = []
        for name, n in rec["per_player"][str(r)].items():
            good, unit = _good(name, f"wheel.json short_game_round_start_goods.per_player.{r}")
            goods.append((good, n * unit))
        out.append(tuple(goods))
    return tuple(out)


#: goods every player gets at the start of rounds 1, 2, ... of the short 3-4 player game
#: (``short_game_round_start_goods.per_player``; a 5-coin piece is 5 coins)
#:
#: :meta hide-value:
ROUND_GOODS = _round_goods()


# ---------------------------------------------------------------- the landscape (landscape.json)

def _card(text, where):
    # a card of the layout: LMO / LFO, a heartland card "Clay Mound (L?1)", or nothing
    if text is None:
        return None
    if text in ("LMO", "LFO"):
        return text
    m = re.fullmatch(r"[A-Za-z' ]+ \(L\?([123])(?:, cloister building)?\)", text)
    if not m:
        _fail(where, f"unknown card {text!r}")
    return "L" + m.group(1)


def _terrain(name, where):
    if name not in _TERRAINS:
        _fail(where, f"unknown terrain {name!r}")
    return name


def _heartland():
    rec = LANDSCAPE["heartland"]
    if rec["size"] != {"rows": 2, "cols": 5}:
        _fail("landscape.json heartland.size", "the core's heartland is 2 rows of 5")
    out = [None] * 10
    for sp in rec["spaces"]:
        where = f"landscape.json heartland.spaces ({sp['col']},{sp['row']})"
        out[sp["row"] * 5 + sp["col"]] = (_terrain(sp["terrain"], where), _card(sp["card"], where))
    if None in out:
        _fail("landscape.json heartland.spaces", "all 10 spaces")
    return tuple(out)


#: the heartland, slot ``row * 5 + col`` -> (terrain, card code or None) (``heartland.spaces``)
HEARTLAND = _heartland()
_NAMES = {"moor": "LMO", "forest": "LFO"}


def _short_heartland():
    # "the moor at (0,0) and the forest at (1,0) are removed at setup"
    where = "landscape.json heartland.short_3_4p_game"
    text = LANDSCAPE["heartland"]["short_3_4p_game"]
    item = r"the (moor|forest) at \((\d),(\d)\)"
    if not re.fullmatch(rf"{item}(?: and {item})* (?:is|are) removed at setup", text):
        _fail(where, f"no known form: {text!r}")
    out = list(HEARTLAND)
    for kind, col, row in re.findall(item, text):
        slot = int(row) * 5 + int(col)
        if out[slot][1] != _NAMES[kind]:
            _fail(where, f"no {kind} at ({col},{row})")
        out[slot] = (out[slot][0], None)
    return tuple(out)


def _neutral_heartland():
    # "no moors or forests; Builders' Market (G13) at (0,0); Clay Mound (4,0), ... as usual"
    where = "landscape.json heartland.solo_neutral_player"
    clauses = LANDSCAPE["heartland"]["solo_neutral_player"].split("; ")
    out = list(HEARTLAND)
    if clauses[0] != "no moors or forests":
        _fail(where, f"no known form: {clauses[0]!r}")
    out = [(t, None if c in ("LMO", "LFO") else c) for t, c in out]
    for clause in clauses[1:]:
        m = re.fullmatch(r"[A-Za-z' ]+ \(([GFI]\d\d)\) at \((\d),(\d)\)", clause)
        if m:
            out[int(m.group(3)) * 5 + int(m.group(2))] = (out[int(m.group(3)) * 5 + int(m.group(2))][0], m.group(1))
            continue
        m = re.fullmatch(r"(.+) as usual", clause)
        if not m:
            _fail(where, f"no known form: {clause!r}")
        for name, col, row in re.findall(r"([A-Za-z' ]+) \((\d),(\d)\)", m.group(1)):
            heart = LANDSCAPE["heartland"]["spaces"]
            card = [s["card"] for s in heart if (s["col"], s["row"]) == (int(col), int(row))]
            if not card or not (card[0] or "").startswith(name.strip()):
                _fail(where, f"{name.strip()} is not at ({col},{row}) of the heartland")
    return tuple(out)


#: the short 3-4 player game's heartland (``heartland.short_3_4p_game``)
HEARTLAND_SHORT = _short_heartland()
#: the solo neutral player's heartland (``heartland.solo_neutral_player``)
HEARTLAND_NEUTRAL = _neutral_heartland()


def _districts():
    rec = LANDSCAPE["district"]
    if rec["tiles"] != _CORE_TILES or rec["columns"] != [0, 1, 2, 3, 4]:
        _fail("landscape.json district", f"the core has {_CORE_TILES} districts in columns 0-4")
    out = {}
    for side in ("PLAINS", "HILLS"):
        spaces = sorted(rec["sides"][side], key=lambda s: s["col"])
        if [s["col"] for s in spaces] != [0, 1, 2, 3, 4]:
            _fail(f"landscape.json district.sides.{side}", "one space per column 0-4")
        out[side] = tuple((_terrain(s["terrain"], f"landscape.json district.sides.{side}"),
                           _card(s["card"], f"landscape.json district.sides.{side}")) for s in spaces)
    return out


#: district sides, column 0-4 -> (terrain, card) (``district.sides``)
DISTRICT_SIDES = _districts()


def _plots():
    rec = LANDSCAPE["plot"]
    if rec["tiles"] != _CORE_TILES or rec["size"] != {"rows": 2, "cols": 2}:
        _fail("landscape.json plot", f"the core has {_CORE_TILES} plots of 2 x 2")
    out = {}
    for side, columns in _CORE_PLOT_COLUMNS.items():
        srec = rec["sides"][side]
        where = f"landscape.json plot.sides.{side}"
        if tuple(srec["columns"]) != columns:
            _fail(where, f"the core puts {side.lower()} plots in columns {columns}")
        slots = [None] * 4
        for sp in srec["spaces"]:
            # the core's slot of a plot space: column within the plot + 2 * row offset
            j = (sp["col"] - columns[0]) + 2 * sp["row_offset"]
            # "." marks the lower half of a mountain, not a space of its own
            slots[j] = None if sp["terrain"] == "." else _terrain(sp["terrain"], where)
        out[side] = tuple(slots)
    return out


#: plot sides, the core's slot 0-3 (column + 2 * row offset) -> terrain or None (``plot.sides``)
PLOT_SIDES = _plots()


def _prices(kind):
    rec = LANDSCAPE["prices"][kind]
    out = {"multi": tuple(rec["2-4 players"]), "solo": tuple(rec["solo"])}
    for k, v in out.items():
        if len(v) != _CORE_TILES:
            _fail(f"landscape.json prices.{kind}", f"{_CORE_TILES} prices")
    return out


#: the price track of the districts, 2-4 players and solo (``prices.district``)
DISTRICT_PRICES = _prices("district")
#: the price track of the plots, 2-4 players and solo (``prices.plot``)
PLOT_PRICES = _prices("plot")


def core_tables() -> dict:
    """The tables ``install_board`` of the compiled core (``olab_core.ora._engine``) fills, as plain values."""
    return dict(
        wheel_front=WHEEL_VALUES["front"], wheel_back=WHEEL_VALUES["back"],
        token_goods=TOKEN_GOODS, token_start=TOKEN_START, arm_start=ARM_START,
        round_goods=ROUND_GOODS,
        heartland=HEARTLAND, heartland_short=HEARTLAND_SHORT, heartland_neutral=HEARTLAND_NEUTRAL,
        districts=DISTRICT_SIDES, plots=PLOT_SIDES,
    )
