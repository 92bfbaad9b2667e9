"""``Game.state_from_json``: a position from its JSON document (the inverse of ``to_json()``).

A frontend or a test builds any position by taking a document of
:meth:`State.to_json`, editing it (coins, tiles on places, the bag, the
goods on the map...) and handing it back.  The document is checked, and
nothing is made until every check passes:

1. against the JSON Schema (:func:`olab.orleans.json_schema`);
2. field by field: the configuration, names of places, towns, connections,
   goods, characters, ranges (the error names the JSON path);
3. against the rules: a place tile in one place only, spaces holding what
   may stand there, trading stations where they may be, the component totals
   within the box (coins, goods, characters of the player count's supply,
   one own-colour tile of each kind per seat, technology tiles:
   :func:`component_totals`), a pending decision that has legal actions.

Derived fields are read-only and recomputed: ``current_player``, ``chance``,
``winners``, ``history_length``, ``legal_actions`` and per player ``status``,
``draw_limit``, ``citizens``, ``score`` and each place's ``activated``.  A
document without the ``engine`` section (a seat's view) gets a generator
seeded with 0: its future draws are not the original's.
"""
from __future__ import annotations

from typing import Any

from olab_core.errors import StateFormatError

from olab.jsonread import PathError as _Fail, SchemaCheck

from . import components, rules
from .jsonview import (CHANCES, DECISIONS, PHASES, TECH, TRACK_IDS, json_schema)
from .notation import CONN_IDS, DEED_IDS, EVENT_IDS, GOOD_IDS, KIND_CODES, PLACE_IDS, TILE_IDS, TOWN_IDS
from .scoring import CITIZEN_IDS

__all__ = ["state_from_json", "component_totals"]

_schema_check = SchemaCheck(json_schema)

# the phases in which each pending decision (or chance draw) can come
_PHASES_OF = {
    "exclude": ("exclusion",), "hourglass": ("hourglass",), "draw": ("followers",), "recall": ("followers",),
    "plan": ("planning",), "act": ("actions",), "move": ("actions",), "deed": ("actions",),
    "pharmacy": ("actions",), "bathhouse": ("actions",), "technology": ("actions",),
    "harvest": ("event",), "plague": ("event",), "torture": ("census", "followers", "event"),
}
N_BOARD = len(components.BOARD_PLACES)
N_CHARS = len(components.CHARACTER_ORDER)


def _lookup(ids, name, path: str, what: str) -> int:
    try:
        return ids.index(name)
    except ValueError:
        raise _Fail(path, f"unknown {what} {name!r}") from None


def _counts(d: dict, path: str, size: int, neutral_only: bool = False) -> list[int]:
    out = [0] * size
    for code, n in d.items():
        k = _lookup(KIND_CODES, code, f"{path}.{code}", "character")
        if k >= size or (neutral_only and k >= N_CHARS):
            raise _Fail(f"{path}.{code}", "only neutral characters here")
        out[k] = n
    return out


def _mask(names, ids, path: str) -> int:
    m = 0
    for i, name in enumerate(names):
        m |= 1 << _lookup(ids, name, f"{path}[{i}]", "place tile")
    return m


def _slot_value(text, path: str) -> int:
    if text is None:
        return 0
    if text == "technology":
        return TECH
    return 1 + _lookup(KIND_CODES, text, path, "character")


def _player(doc: dict, i: int, path: str, towns: int) -> dict:
    tiles = _mask(doc["place_tiles"], TILE_IDS, f"{path}.place_tiles")
    slots = [[0, 0, 0] for _ in PLACE_IDS]
    placed = 0
    for pid, entry in doc["places"].items():
        ppath = f"{path}.places.{pid}"
        k = _lookup(PLACE_IDS, pid, ppath, "place")
        place = components.PLACES[pid]
        if k >= N_BOARD and not (tiles >> (k - N_BOARD)) & 1:
            raise _Fail(ppath, f"seat {i} does not own {pid}")
        if len(entry["spaces"]) != len(place.needs):
            raise _Fail(f"{ppath}.spaces", f"{pid} has {len(place.needs)} spaces")
        techs = 0
        for j, text in enumerate(entry["spaces"]):
            v = _slot_value(text, f"{ppath}.spaces[{j}]")
            need = place.needs[j]
            if v == TECH:
                techs += 1
                if need == "monk" or len(place.needs) < 2 or need.startswith("any"):
                    raise _Fail(f"{ppath}.spaces[{j}]", "no technology tile may stand here")
            elif v and need == "any_neutral" and KIND_CODES[v - 1].endswith("*"):
                raise _Fail(f"{ppath}.spaces[{j}]", "no tile of the player's colour may stand here")
            elif v and need == "monk" and KIND_CODES[v - 1] != "M":
                raise _Fail(f"{ppath}.spaces[{j}]", "only a monk fills a monk space")
            slots[k][j] = v
        if techs > 1:
            raise _Fail(ppath, "at most one technology tile per place")
        placed += techs
    tracks = []
    for t, track_id in enumerate(TRACK_IDS):
        v = doc["tracks"][track_id]
        if v > components.TRACKS[track_id].steps:
            raise _Fail(f"{path}.tracks.{track_id}", f"the track has {components.TRACKS[track_id].steps} steps")
        tracks.append(v)
    if doc["development"] > components.DEVELOPMENT.length:
        raise _Fail(f"{path}.development", f"the track ends at {components.DEVELOPMENT.length}")
    tower = _counts(doc["tower"], f"{path}.tower", N_CHARS, neutral_only=True)
    if sum(tower) and not (tiles >> TILE_IDS.index("gunpowder_tower")) & 1:
        raise _Fail(f"{path}.tower", "tiles on a Gunpowder Tower the seat does not own")
    if sum(tower) > rules.RULES.tower_room:
        raise _Fail(f"{path}.tower", f"the tower holds {rules.RULES.tower_room} tiles")
    if placed > doc["technology_placed"]:
        raise _Fail(f"{path}.technology_placed", f"{placed} technology tiles stand on the seat's places")
    market = _counts(doc["market"], f"{path}.market", len(KIND_CODES))
    if sum(market) > rules.RULES.market:
        raise _Fail(f"{path}.market", f"the market has {rules.RULES.market} spaces")
    return dict(
        coins=doc["coins"], track=tracks, dev=doc["development"],
        town=_lookup(TOWN_IDS, doc["merchant"], f"{path}.merchant", "town"),
        bag=_counts(doc["bag"], f"{path}.bag", len(KIND_CODES)), market=market, tower=tower,
        goods=[doc["goods"].get(g, 0) for g in GOOD_IDS],
        stations_left=doc["stations_in_stock"], stations_built=doc["stations_built"],
        tech_pending=doc["technology_unplaced"], tech_placed=doc["technology_placed"],
        passed=int(doc["passed"]), drawn=doc["drawn"], tiles=tiles, slot=slots)


def _tally(doc: dict) -> dict:
    # every component of a document, wherever it is (issue 24.6): coins, goods per type,
    # neutral characters per kind, each seat's own-colour tiles per kind, technology tiles
    own = [dict.fromkeys(KIND_CODES[N_CHARS:], 0) for _ in doc["players"]]
    neutral = dict.fromkeys(KIND_CODES[:N_CHARS], 0)
    goods = dict.fromkeys(GOOD_IDS, 0)

    def add(code, k, seat):
        if code in neutral:
            neutral[code] += k
        elif code in own[seat] and seat is not None:
            own[seat][code] += k

    sup = doc["supply"]
    for code, k in sup["characters"].items():
        add(code, k, None)
    for g, k in sup["goods"].items():
        if g in goods:
            goods[g] += k
    for cid, gs in doc["map"]["goods"].items():
        for g in gs:
            if g in goods:
                goods[g] += 1
    coins, tech = sup["coins"], sup["technology"]
    for i, p in enumerate(doc["players"]):
        coins += p["coins"]
        tech += p["technology_unplaced"] + p["technology_placed"]
        for g, k in p["goods"].items():
            if g in goods:
                goods[g] += k
        for where in ("bag", "market", "tower"):
            for code, k in p[where].items():
                add(code, k, i)
        for entry in p["places"].values():
            for text in entry["spaces"]:
                if text not in (None, "technology"):
                    add(text, 1, i)
    cur = doc["turn"]["current"]
    cur = cur if isinstance(cur, int) and 0 <= cur < len(own) else None
    for code, k in doc["turn"]["bathhouse"].items():
        add(code, k, cur)
    for code in doc["turn"]["deed_queue"]:
        add(code, 1, cur)
    # the Town Hall moves neutral tiles to the deeds for good ("You may not place the Followers
    # of your color in the Town Hall")
    for spaces in doc["deeds"].values():
        for sp in spaces:
            if sp["seat"] is not None:
                add(sp["character"], 1, None)
    return {"coins": coins, "technology": tech, "goods": goods, "neutral": neutral, "own": own}


_BOX: dict[str, dict[str, Any]] = {}


def _box(game) -> dict:
    # the components of the game's configuration: all of them are somewhere in the first position
    key = repr(sorted(game.config().items()))
    if key not in _BOX:
        box = _tally(game.new_initial_state(0).to_json(legal_actions=False))
        # goods: some are taken out of the game at random at set-up, so the box's counts
        # ("90 Goods (24 Grain, 21 Cheese, 18 Wine, 15 Wool, 12 Brocade)")
        box["goods"] = {g: components.GOODS[g].count for g in GOOD_IDS}
        _BOX[key] = box
    return _BOX[key]


def component_totals(game, doc: dict) -> list[tuple[str, int, int]]:
    """``(path, count, limit)`` of every component total of a full document (issue 24.6).

    The box: "47 Coins", "90 Goods (24 Grain, 21 Cheese, 18 Wine, 15 Wool, 12 Brocade)",
    16 technology tiles (summary, Components); the characters of the player count's supply;
    one tile of each own-colour kind per seat.  Nothing in the game makes more.
    """
    box, have = _box(game), _tally(doc)
    out = [("$.supply.coins", have["coins"], box["coins"]),
           ("$.supply.technology", have["technology"], box["technology"])]
    out += [(f"$.supply.goods.{g}", k, box["goods"][g]) for g, k in have["goods"].items()]
    out += [(f"$.supply.characters.{c}", k, box["neutral"][c]) for c, k in have["neutral"].items()]
    out += [(f"$.players[{i}].{c}", k, box["own"][i][c]) for i, mine in enumerate(have["own"]) for c, k in mine.items()]
    return out


def _component_totals(game, doc: dict) -> None:
    for path, count, limit in component_totals(game, doc):
        if count > limit:
            if path.startswith("$.players"):
                seat, code = path[len("$.players["):].split("].")
                raise _Fail(f"$.players[{seat}]", f"a player has {limit} {code} tile of its colour, seat {seat} has {count}")
            raise _Fail(path, f"the game has {limit} of these ({path.rsplit('.', 1)[-1]}); the position has {count}")


def _build(game, doc: dict) -> dict:
    if doc["config"] != game.config():
        raise _Fail("$.config", f"the document is a game of {doc['config']}, not of {game.config()}")
    n = game.num_players()
    if len(doc["players"]) != n:
        raise _Fail("$.players", f"{n} players")
    pls = [_player(p, i, f"$.players[{i}]", len(TOWN_IDS)) for i, p in enumerate(doc["players"])]
    for i, p in enumerate(doc["players"]):
        for g in p["goods"]:
            _lookup(GOOD_IDS, g, f"$.players[{i}].goods.{g}", "good")
    owned = 0
    for i, p in enumerate(pls):
        if owned & p["tiles"]:
            raise _Fail(f"$.players[{i}].place_tiles", "a place tile owned by two players")
        owned |= p["tiles"]
    sup = doc["supply"]
    avail = _mask(sup["place_tiles"], TILE_IDS, "$.supply.place_tiles")
    excluded = _mask(sup["excluded"], TILE_IDS, "$.supply.excluded")
    if avail & owned or avail & excluded or owned & excluded:
        raise _Fail("$.supply.place_tiles", "a place tile in two places (stack, box, a player)")
    conn = []
    for c, cid in enumerate(CONN_IDS):
        goods = doc["map"]["goods"].get(cid, [])
        if len(goods) > 2:
            raise _Fail(f"$.map.goods.{cid}", "a connection holds at most two goods")
        conn.append([1 + _lookup(GOOD_IDS, g, f"$.map.goods.{cid}[{j}]", "good") for j, g in enumerate(goods)]
                    + [0] * (2 - len(goods)))
    for cid in doc["map"]["goods"]:
        _lookup(CONN_IDS, cid, f"$.map.goods.{cid}", "connection")
    station = [0] * len(TOWN_IDS)
    for town, seats in doc["map"]["stations"].items():
        t = _lookup(TOWN_IDS, town, f"$.map.stations.{town}", "town")
        for s in seats:
            if not 0 <= s < n:
                raise _Fail(f"$.map.stations.{town}", f"no seat {s}")
            station[t] |= 1 << s
        if town != components.MAP.start and len(set(seats)) > 1:
            raise _Fail(f"$.map.stations.{town}", "one trading station per town (Orléans: one per player)")
    for i, p in enumerate(pls):
        built = sum((m >> i) & 1 for m in station)
        if built != p["stations_built"]:
            raise _Fail(f"$.players[{i}].stations_built", f"{built} stations of seat {i} on the map")
    deed = []
    for did in DEED_IDS:
        spaces = doc["deeds"][did]
        if [s["character"] for s in spaces] != [components.CHARACTERS[c].letter for c in components.DEEDS[did].spaces]:
            raise _Fail(f"$.deeds.{did}", "the deed's spaces are fixed by the data")
        for j, s in enumerate(spaces):
            if s["seat"] is not None and not 0 <= s["seat"] < n:
                raise _Fail(f"$.deeds.{did}[{j}].seat", f"no seat {s['seat']}")
            deed.append(0 if s["seat"] is None else s["seat"] + 1)
    citizen = []
    for cid in CITIZEN_IDS:
        owner = doc["citizens"][cid]
        if owner is not None and not 0 <= owner < n:
            raise _Fail(f"$.citizens.{cid}", f"no seat {owner}")
        citizen.append(0 if owner is None else owner + 1)
    pend = doc["pending"]
    turn = doc["turn"]
    dec, chooser, chance, chance_player = 0, 0, 0, 0
    if pend is not None:
        if pend["decision"] == "chance":
            chance = _lookup(list(CHANCES), pend["chance"], "$.pending.chance", "chance node")
            chance_player = pend["bag_of"] or 0
        else:
            dec = _lookup(list(DECISIONS), pend["decision"], "$.pending.decision", "decision")
            chooser = pend["player"]
        if chooser >= n or chance_player >= n:
            raise _Fail("$.pending", "no such seat")
        what = pend["chance"] if pend["decision"] == "chance" else pend["decision"]
        if doc["phase"] not in _PHASES_OF.get(what, ()):
            raise _Fail("$.pending", f"no {what} decision in the {doc['phase']} phase")
    elif not doc["terminal"]:
        raise _Fail("$.pending", "a game in progress has a pending decision or chance node")
    if doc["terminal"] != (doc["phase"] == "over"):
        raise _Fail("$.terminal", "a game is over exactly in the phase 'over'")
    engine = doc.get("engine")
    if engine is None:
        f0 = game.new_initial_state(0)._fields()
        rng_state, rng_inc, seed, as_chance = f0["rng_state"], f0["rng_inc"], 0, 0
    else:
        rng_state, rng_inc, seed = engine["rng"]["state"], engine["rng"]["inc"], engine["seed"]
        as_chance = int(engine["draws_as_chance"])
        if rng_inc % 2 == 0:
            raise _Fail("$.engine.rng.inc", "a PCG32 increment is odd")
    event = 255 if doc["event"] is None else _lookup(EVENT_IDS, doc["event"], "$.event", "event")
    _component_totals(game, doc)
    return dict(
        rng_state=rng_state, rng_inc=rng_inc, seed=seed,
        phase=_lookup(list(PHASES), doc["phase"], "$.phase", "phase"), round=doc["round"],
        start=doc["start_player"], current=turn["current"], step=turn["step"], event=event, dec=dec,
        chooser=chooser, chance=chance, chance_player=chance_player, game_over=int(doc["terminal"]), draws_as_chance=as_chance,
        use_place=0 if turn["place"] is None else _lookup(PLACE_IDS, turn["place"], "$.turn.place", "place"),
        left=turn["left"], debt=turn["debt"], debtor=turn["debtor"],
        move_road=int(turn["move_along"] == "road"),
        deed_q=[1 + _lookup(KIND_CODES, k, f"$.turn.deed_queue[{j}]", "character")
                for j, k in enumerate(turn["deed_queue"])] + [0] * (2 - len(turn["deed_queue"])),
        bath=_counts(turn["bathhouse"], "$.turn.bathhouse", len(KIND_CODES)),
        hourglass=[doc["hourglass"][e] for e in EVENT_IDS], coin_supply=sup["coins"],
        goods_supply=[sup["goods"][g] for g in GOOD_IDS],
        char_supply=[sup["characters"][KIND_CODES[k]] for k in range(N_CHARS)],
        tech_supply=sup["technology"], tiles_avail=avail, tiles_excluded=excluded, conn_goods=conn,
        station=station, deed=deed, citizen=citizen, pl=pls)


def state_from_json(game, doc: dict):
    """The state of ``game`` whose ``to_json()`` document is ``doc`` (perhaps edited); it has no history.

    Raises
    ------
    StateFormatError
        Naming the JSON path of the first problem; nothing is half made.
    """
    try:
        _schema_check(doc)
        fields = _build(game, doc)
    except _Fail as e:
        raise StateFormatError(f"bad Orléans document at {e}") from None
    state = game.new_initial_state(0)
    state._set_fields(fields)
    problem = state._sanity()
    if problem:
        raise StateFormatError(f"bad Orléans document: {problem}")
    if not state.is_terminal() and not state.legal_actions():
        raise StateFormatError("bad Orléans document at $.pending: the pending decision has no legal action")
    return state
