"""``Game.state_from_json``: a position from its JSON document (the inverse of ``to_json``).

A frontend or a test builds any position by taking a document of
:meth:`State.to_json`, editing it (goods, tiles, tools, buildings, the
occupied spaces...) and handing it back.  The document is checked in three
steps, and nothing is made until all of them pass:

1. against the JSON Schema (:func:`olab.arle.json_schema`);
2. field by field against the game: its configuration, the keys of goods,
   tiles, buildings, vehicles and destinations, every range (the error names
   the JSON path);
3. against the rules: the buildings in play fit the ``buildings`` option,
   every building is built at most once and not also on the board, the
   occupied spaces fit the workers and the special action, the travel track
   matches the destinations used, the animals fit the home board, the tiles
   fit the land and the limited supply.

Derived fields are read-only: ``season``, ``phase``, ``current_player``,
``supply``, the tools' ``value``, the home board's ``land_spaces`` and
``empty_land``, the barn's ``small`` / ``large``, ``score``, ``pending`` and
``legal_actions`` are recomputed whatever the document says.  The pending
decision itself is computed from the position (so an edited document gets
the legal actions of its edited goods); the ``engine`` section holds the
frames of the turn in progress, which say where in it the position is.
"""
from __future__ import annotations

from olab_core.errors import StateFormatError

from olab.jsonread import PathError as _Fail, SchemaCheck

from . import data
from .jsonview import json_schema
from .notation import VEHICLE_LABELS

__all__ = ["state_from_json", "component_totals"]

_schema_check = SchemaCheck(json_schema)


def state_from_json(game, doc):
    """The state ``doc`` describes, in ``game`` (see the module docstring).

    Raises
    ------
    StateFormatError
        Naming the JSON path of the first problem; no state is returned.
    """
    try:
        return _build(game, doc)
    except _Fail as f:
        raise StateFormatError(str(f)) from None


def _index(table, key, path, what):
    if key not in table:
        raise _Fail(path, f"unknown {what} {key!r}")
    return table.index(key)


def _buildings_in_play(game, in_game: set, path: str) -> None:
    colors = {i: b["color"] for i, b in enumerate(data.arle()["buildings"])}
    always = {i for i, c in colors.items() if c in ("orange", "red")}
    if not always <= in_game:
        raise _Fail(path, "the major craft and large buildings always play")
    mode = game.rules.building_mode
    if mode == "explicit":
        want = set(game.rules.core_config()["buildings"])
        if in_game != want:
            raise _Fail(path, f"the buildings option names {sorted(data.BUILDING_KEYS[i] for i in want)}")
        return
    slots = data.arle()["building_slots"]
    greens = ("light_green",) if mode == "starter" else ("dark_green",)
    for group, cols in (("green", greens), ("yellow", ("yellow",)), ("blue", ("blue",))):
        n = sum(1 for i in in_game if colors[i] in cols)
        if n != slots[group]:
            raise _Fail(path, f"{slots[group]} {group} buildings of the {mode!r} mode play, not {n}")
    if any(colors[i] in ("light_green", "dark_green") and colors[i] not in greens for i in in_game):
        raise _Fail(path, f"the {mode!r} mode plays only {greens[0].replace('_', '-')} small houses")
    if mode == "starter":
        inns = {i for i, b in enumerate(data.arle()["buildings"]) if b.get("first_play")}
        if {i for i in in_game if colors[i] == "blue"} != inns:
            raise _Fail(path, "the starter mode plays the recommended inns")


def _player(pl: dict, seat: int) -> dict:
    w = f"$.players[{seat}]"
    hb, barn = pl["home_board"], pl["barn"]
    ov = pl["on_vehicles"]
    vehicles = [0] * len(VEHICLE_LABELS)
    for i, v in enumerate(barn["vehicles"]):
        label = v["type"] if "1" not in v["taken"] else f"{v['type']}.{v['taken']}"
        if v["type"] not in data.EQUIP_KEYS[2:]:
            raise _Fail(f"{w}.barn.vehicles[{i}].type", f"unknown vehicle {v['type']!r}")
        if label not in VEHICLE_LABELS:
            raise _Fail(f"{w}.barn.vehicles[{i}].taken", f"a {v['type']} cannot have the spaces {v['taken']} taken")
        vehicles[VEHICLE_LABELS.index(label)] += 1
    moors = []
    for i, m in enumerate(hb["moors"]):
        moors.append(5 if m == "undrained" else m["peat"])
    if len(moors) > 3:
        raise _Fail(f"{w}.home_board.moors", "a home board has 3 moor tiles")
    moors += [0] * (3 - len(moors))
    return {
        "goods": [pl["goods"][k] for k in data.GOOD_KEYS],
        "pend": [ov["timber"], ov["brick"], ov["summer_wear"], ov["winter_wear"], ov["leather_wear"], ov["peat"]],
        "missing": pl["missing"],
        "buildings": [_index(data.BUILDING_KEYS, k, f"{w}.home_board.buildings[{i}]", "building")
                      for i, k in enumerate(hb["buildings"])],
        "dest_used": [_index(data.DEST_KEYS, k, f"{w}.travel.destinations_used[{i}]", "destination")
                      for i, k in enumerate(pl["travel"]["destinations_used"])],
        "tools": [pl["tools"][k]["position"] for k in data.TOOL_KEYS],
        "land": [hb["tiles"][k] for k in data.LAND_KEYS],
        "vehicles": vehicles, "boats": barn["peat_boat"], "plows": barn["plow"], "moors": moors,
        "boardwalk": hb["boardwalk_peat"], "dikes": hb["dikes_moved"], "travel": pl["travel"]["spaces_covered"],
        "travel_pend": ov["travel_spaces"],
    }


def _build(game, doc):
    if not isinstance(doc, dict):
        raise _Fail("$", f"a state document is a JSON object, not {type(doc).__name__}")
    _schema_check(doc)
    if doc["config"] != game.config():
        raise _Fail("$.config", f"the document is of the game {doc['config']}, not of {game.config()}")
    n = game.num_players()
    if len(doc["players"]) != n:
        raise _Fail("$.players", f"{n} seats in this game, not {len(doc['players'])}")
    if len(doc["action_spaces"]) != len(data.SPACE_KEYS):
        raise _Fail("$.action_spaces", f"{len(data.SPACE_KEYS)} action spaces")
    occ = []
    per_seat = [0] * n
    for i, sp in enumerate(doc["action_spaces"]):
        path = f"$.action_spaces[{i}]"
        if sp["key"] != data.SPACE_KEYS[i]:
            raise _Fail(f"{path}.key", f"space {i} is {data.SPACE_KEYS[i]!r}")
        o = sp["occupant"]
        if o is not None:
            if not 0 <= o < n:
                raise _Fail(f"{path}.occupant", f"no seat {o}")
            per_seat[o] += 1
        occ.append(0 if o is None else o + 1)
    workers = data.arle()["workers"]
    for s, k in enumerate(per_seat):
        if k > workers:
            raise _Fail("$.action_spaces", f"seat {s} has {workers} workers, not {k} on spaces")
    summer = doc["half_year"] % 2 == 1
    off = [i for i in range(len(occ)) if occ[i] and (i < 15) != summer]
    special = doc["special_action_by"]
    if len(off) > 1 or (off and special != occ[off[0]] - 1):
        raise _Fail("$.special_action_by", "one worker of the other season at most, and its owner used the special action")
    if special is not None and (n != 2 or not 0 <= special < n):
        raise _Fail("$.special_action_by", "only a 2-player game has the special action")
    players = [_player(pl, s) for s, pl in enumerate(doc["players"])]
    for s, pl in enumerate(doc["players"]):
        if pl["seat"] != s:
            raise _Fail(f"$.players[{s}].seat", f"seat {s} is listed as {pl['seat']}")
    in_game = {_index(data.BUILDING_KEYS, k, f"$.buildings.in_game[{i}]", "building")
               for i, k in enumerate(doc["buildings"]["in_game"])}
    on_board = {_index(data.BUILDING_KEYS, k, f"$.buildings.on_board[{i}]", "building")
                for i, k in enumerate(doc["buildings"]["on_board"])}
    _buildings_in_play(game, in_game, "$.buildings.in_game")
    built = {}
    for s, p in enumerate(players):
        for i, b in enumerate(p["buildings"]):
            path = f"$.players[{s}].home_board.buildings[{i}]"
            if b in built:
                raise _Fail(path, f"{data.BUILDING_KEYS[b]} is built twice")
            if b not in in_game:
                raise _Fail(path, f"{data.BUILDING_KEYS[b]} is not in this game")
            if b in on_board:
                raise _Fail(path, f"{data.BUILDING_KEYS[b]} is built and still on the game board")
            built[b] = s
    if on_board | set(built) != in_game:
        raise _Fail("$.buildings.on_board", "every building of the game is on the board or built")
    sizes = [d["size"] for d in data.arle()["destinations"]]
    for s, p in enumerate(players):
        if sum(sizes[d] for d in p["dest_used"]) != p["travel"] + p["travel_pend"]:
            raise _Fail(f"$.players[{s}].travel", "the spaces covered (and on the vehicles) are not the sizes "
                                                  "of the destinations used")
    _component_totals(doc)
    g = {"seed": doc["engine"]["seed"], "half_year": doc["half_year"], "start_player": doc["start_player"],
         "special_by": 0 if special is None else special + 1, "occ": occ, "in_game": sorted(in_game),
         "avail": sorted(on_board), "game_over": int(doc["terminal"])}
    state = game.new_initial_state(0)
    try:
        state._build(game._core, g, players, doc["engine"]["frames"] if not doc["terminal"] else [])
    except ValueError as err:
        raise _Fail(_engine_path(str(err)), str(err).split(": ", 1)[-1]) from None
    box = data.core_tables()["pair_box"]
    for k, left in enumerate(state._supply()):
        if left < 0:
            # the box's tiles, shared by both players: "Every other type of tile is limited by the
            # provided supply (especially Grain/Flax Fields, Stalls, Stables, Peat Boats/Plows, and all
            # Vehicles)" (rulebook, Supply); checked at the end of the game too
            raise _Fail(f"$.supply.{data.PAIR_KEYS[k]}",
                        f"the box has {box[k]} {data.PAIR_KEYS[k]} tiles; the position uses {box[k] - left}")
    problem = state._sanity()
    if problem:
        raise _Fail("$", f"not a position of the game: {problem}")
    pending = state._decision()
    for s in range(n):
        # a player asked which animal goes back has, for that moment, one too many
        releasing = not state.is_terminal() and pending["ctx"] == "release" and pending["seat"] == s
        if not releasing and not state._derived(s)["herd_fits"]:
            raise _Fail(f"$.players[{s}].goods", "the animals do not fit the home board")
    return state


def component_totals(game, doc) -> list[tuple[str, int, int]]:
    """``(path, count, limit)`` of every component total of a full document (issue 24.6).

    Each seat's barn: "4 Parking Spaces in your Barn for Small Vehicles and
    other Equipment ..., and 3 spaces for Large Vehicles. (Alternatively, the
    bottommost Parking Space can be used for a small piece of Equipment
    instead of a Large Vehicle.)" (rulebook, The Vehicles); the loads on its
    vehicles fit the spaces taken on them; and the tiles of the box ("Every
    other type of tile is limited by the provided supply", rulebook) from the
    document's ``supply``.
    """
    items = data.board()["vehicles_and_equipment"]["items"]
    sizes = data.board()["vehicles_and_equipment"]["load_sizes"]
    out = []
    for s, pl in enumerate(doc["players"]):
        barn = pl["barn"]
        large = sum(1 for v in barn["vehicles"] if items[v["type"]]["size"] == "large")
        small = barn["peat_boat"] + barn["plow"] + len(barn["vehicles"]) - large
        out.append((f"$.players[{s}].barn.large", large, 3))
        out.append((f"$.players[{s}].barn.small", small, 4 + (1 if large < 3 else 0)))
        ov = pl["on_vehicles"]
        # a load needs a vehicle under it.  Not more than that: the spaces a vehicle shows taken
        # are not the loads' sizes (a carriage with both spaces taken and a handcart with none
        # carry loads of 4 spaces in reachable play), so a total per space refused real games
        loaded = (ov["timber"] * sizes["timber"] + ov["brick"] * sizes["brick"] + ov["summer_wear"] * sizes["linen"]
                  + ov["winter_wear"] * sizes["woolen"] + ov["leather_wear"] * sizes["leather"] + ov["peat"]
                  + ov["travel_spaces"])
        out.append((f"$.players[{s}].on_vehicles", loaded, 0 if not barn["vehicles"] else loaded))
    box = data.core_tables()["pair_box"]
    for k, key in enumerate(data.PAIR_KEYS):
        if key in doc.get("supply", {}):
            out.append((f"$.supply.{key}", box[k] - doc["supply"][key], box[k]))
    return out


def _component_totals(doc) -> None:
    # what no table can hold: the barn's spaces and loads with no vehicle under them (the
    # box's tiles are checked on the state, whose supply the document cannot set)
    for path, count, limit in component_totals(None, {"players": doc["players"]}):
        if count <= limit:
            continue
        if path.endswith(".on_vehicles"):
            raise _Fail(path, f"loads of {count} spaces and no vehicle to carry them")
        barn = path.rsplit(".", 1)[0]
        raise _Fail(barn, f"the barn holds 4 small and 3 large pieces (or 5 small and 2 large); this one "
                          f"has more {path.rsplit('.', 1)[1]} ones ({count}, at most {limit})")


def _engine_path(message: str) -> str:
    # the core names raw fields ("players[1].land[2]", "frames[0].op"); map to the document
    field = message.split(":", 1)[0].split(" ", 1)[0]
    head = field.split("[", 1)[0]
    if head == "players":
        seat = field.split("[", 1)[1].split("]", 1)[0]
        rest = field.split(".", 1)[1] if "." in field else ""
        where = {"goods": "goods", "pend": "on_vehicles", "missing": "missing", "tools": "tools",
                 "land": "home_board.tiles", "vehicles": "barn.vehicles", "boats": "barn.peat_boat",
                 "plows": "barn.plow", "moors": "home_board.moors", "boardwalk": "home_board.boardwalk_peat",
                 "dikes": "home_board.dikes_moved", "travel": "travel.spaces_covered",
                 "travel_pend": "on_vehicles.travel_spaces", "buildings": "home_board.buildings",
                 "dest_used": "travel.destinations_used"}
        return f"$.players[{seat}]." + where.get(rest.split("[", 1)[0], rest)
    if head == "frames":
        return "$.engine." + field
    readable = {"half_year": "$.half_year", "start_player": "$.start_player", "seed": "$.engine.seed",
                "special_by": "$.special_action_by", "occ": "$.action_spaces"}
    return readable.get(head, f"$.{field}")
