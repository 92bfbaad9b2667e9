"""The facts of Fields of Arle, read from ``olab/data/arle`` and turned into the core's tables.

``board.json`` is the survey of the printed components (a copy of
``shared/rules/fields_of_arle/board.json``, confidence per fact); ``arle.json``
holds the same facts in machine form plus olab's paraphrases of the index
texts.  :func:`core_tables` derives every number the compiled core uses from
them, so a correction to the data is all a correction takes.
"""
from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

__all__ = ["board", "arle", "core_tables", "GOOD_KEYS", "TOOL_KEYS", "EQUIP_KEYS", "LAND_KEYS",
           "BUILDING_KEYS", "SPACE_KEYS", "DEST_KEYS", "PAIR_KEYS", "vehicle_states"]


def _read(name: str) -> dict:
    with resources.files("olab.data").joinpath("arle").joinpath(name).open("r", encoding="utf-8") as f:
        return json.load(f)


@lru_cache(maxsize=None)
def board() -> dict:
    """``board.json``: the component survey."""
    return _read("board.json")


@lru_cache(maxsize=None)
def arle() -> dict:
    """``arle.json``: the facts in machine form and the paraphrased texts."""
    return _read("arle.json")


#: the keys of the goods, in the core's order (``arle.json`` ``goods``)
GOOD_KEYS = tuple(g["key"] for g in arle()["goods"])
#: the keys of the ten tool tracks, in the core's order
TOOL_KEYS = tuple(t["key"] for t in arle()["tools"])
#: the keys of the plows, peat boats and vehicles, in the core's order
EQUIP_KEYS = tuple(e["key"] for e in arle()["equipment"])
#: the keys of the land tiles, in the core's order
LAND_KEYS = tuple(t["key"] for t in arle()["land_tiles"])
#: the keys of the 31 buildings, in the core's order
#:
#: :meta hide-value:
BUILDING_KEYS = tuple(b["key"] for b in arle()["buildings"])
#: the keys of the 30 action spaces, in the core's order
#:
#: :meta hide-value:
SPACE_KEYS = tuple(s["key"] for s in arle()["action_spaces"])
#: the keys of the 9 travel destinations, in the core's order
DEST_KEYS = tuple(d["key"] for d in arle()["destinations"])
#: the double-sided tiles of the limited supply, in the core's order (P_*)
PAIR_KEYS = ("field", "forest_park", "stall_depot", "stable_double_stall", "peat_boat_plow",
             "handcart_wagon", "cart_horse_cart", "carriage_droshky")
_BOX_KEY = {"field": "grain_flax_field", "forest_park": "forest_park", "stall_depot": "stall_depot",
            "stable_double_stall": "stable_double_stall", "peat_boat_plow": "peat_boat_plow",
            "handcart_wagon": "handcart_wagon", "cart_horse_cart": "cart_horse_cart",
            "carriage_droshky": "carriage_droshky"}
_EQUIP_PAIR = {"peat_boat": "peat_boat_plow", "plow": "peat_boat_plow", "handcart": "handcart_wagon",
               "wagon": "handcart_wagon", "cart": "cart_horse_cart", "horse_cart": "cart_horse_cart",
               "carriage": "carriage_droshky", "droshky": "carriage_droshky"}
_COLORS = ("light_green", "dark_green", "yellow", "orange", "blue", "red")
_MATERIALS = ("wood", "clay", "timber", "brick")
# the destination items' kinds, in the core's order (DK_*)
_DEST_KINDS = ("none", "goods", "field", "plow", "peat_boat", "any_animal", "any_wear",
               "two_same_animals", "moor")
# the upgrades the core knows (U_*) and, for vehicles, which type flips
_UPGRADE_FROM = ("forest", "stall", "stable", "moor", "peat_boat")


def good_index(key: str) -> int:
    return GOOD_KEYS.index(key)


def _goods_vector(d: dict) -> list[int]:
    v = [0] * len(GOOD_KEYS)
    for k, n in d.items():
        v[good_index(k)] = n
    return v


# --------------------------------------------------------------------- vehicles
def _layout(key: str) -> list[int]:
    spaces = board()["vehicles_and_equipment"]["items"][key]["load_spaces"]
    return spaces if isinstance(spaces, list) else []


def _place(layout: list[int], mask: int, size: int, combinable: bool) -> int | None:
    # the leftmost run of free spaces whose units add up to `size`; a single
    # unit only on a single space (no timber, brick or small destination on a
    # double space); runs of several spaces only on large vehicles
    n = len(layout)
    for start in range(n):
        units = 0
        for end in range(start, n if combinable else start + 1):
            if (mask >> end) & 1:
                break
            units += layout[end]
            if units == size and (size > 1 or layout[start] == 1):
                return mask | sum(1 << i for i in range(start, end + 1))
            if units >= size:
                break
    return None


@lru_cache(maxsize=None)
def vehicle_states() -> tuple:
    """Every (vehicle, occupancy mask) a vehicle can be in, with its load and flip transitions.

    Returns a tuple of dicts ``{type, key, mask, fit: [state after a tile of
    size 0..4 or 255], flip}`` in the core's state order.
    """
    items = board()["vehicles_and_equipment"]["items"]
    vehicles = [e for e in EQUIP_KEYS if _layout(e)]
    states = []
    for key in vehicles:
        layout = _layout(key)
        combinable = items[key]["size"] == "large"
        seen, todo = [], [0]
        while todo:
            m = todo.pop(0)
            if m in seen:
                continue
            seen.append(m)
            for size in range(1, 5):
                nxt = _place(layout, m, size, combinable)
                if nxt is not None and nxt not in seen:
                    todo.append(nxt)
        for m in sorted(seen, key=lambda x: (bin(x).count("1"), x)):
            states.append({"key": key, "type": EQUIP_KEYS.index(key), "mask": m, "layout": layout,
                           "combinable": combinable})
    index = {(s["key"], s["mask"]): i for i, s in enumerate(states)}
    flips = dict(arle()["tile_upgrades"]["list"])
    for s in states:
        fit = [255]
        for size in range(1, 5):
            nxt = _place(s["layout"], s["mask"], size, s["combinable"])
            fit.append(255 if nxt is None else index[(s["key"], nxt)])
        s["fit"] = fit
        to = flips.get(s["key"])
        s["flip"] = index.get((to, s["mask"]), 255) if to else 255
    return tuple(states)


# --------------------------------------------------------------------- tables
def _track_vp() -> list[int]:
    bands = board()["home_board"]["goods_track"]["vp_per_indicator_position"]
    out = [0] * 16
    for band, vp in bands.items():
        lo, _, hi = band.partition("-")
        for v in range(int(lo), int(hi or lo) + 1):
            out[v] = vp
    return out


def _food_vp() -> list[int]:
    # the listed edges of each band: 0, 6 -> 0; 7, 10 -> 1; ... ; 30 -> 6
    edges = sorted((int(k), v) for k, v in board()["home_board"]["goods_track"]["food_total_vp"].items())
    out = []
    for total in range(31):
        out.append(max(v for k, v in edges if k <= total))
    return out


def _building_record(b: dict) -> dict:
    cost = b["cost"]
    if isinstance(cost, str):
        cost = arle()["cost_kinds"][cost]
    fixed = {k: v for k, v in cost.items() if k in GOOD_KEYS}
    either = [(good_index(g), n) for g, n in cost.get("either", [])]
    return {"cost": _goods_vector(fixed), "either": either,
            "any_material": cost.get("materials_any", 0),
            "distinct_materials": cost.get("materials_distinct", 0),
            "distinct_clothing": cost.get("distinct_clothing", 0),
            "color": _COLORS.index(b["color"]), "vp": b["vp"]}


def _dest_record(d: dict) -> dict:
    items = []
    for it in d["items"]:
        give = it["give"]
        if isinstance(give, dict):
            items.append({"kind": _DEST_KINDS.index("goods"), "give": _goods_vector(give), "food": it["food"]})
        else:
            items.append({"kind": _DEST_KINDS.index(give), "give": [0] * len(GOOD_KEYS), "food": it["food"]})
    return {"size": d["size"], "items": items}


@lru_cache(maxsize=None)
def core_tables() -> dict:
    """Every table ``install_tables`` of the compiled core (``olab_core.arle._engine``) takes, derived from the data."""
    a, bd = arle(), board()
    tracks = bd["tools"]["tracks"]
    items = bd["vehicles_and_equipment"]["items"]
    box = bd["supply_counts"]["box_totals_from_rulebook_component_list"]
    dikes = bd["home_board"]["dikes"]
    start = a["start"]
    start_goods = _goods_vector({**bd["starting_components_per_player"]["personal_supply"],
                                 **{k: v for k, v in bd["starting_components_per_player"]["goods"].items()
                                    if k not in ("grain", "hide")},
                                 **start["animals"]})
    vs = vehicle_states()
    upgrades = [tuple(u) for u in a["tile_upgrades"]["list"]]
    upgrade_ok = [1 if any(u[0] == f for u in upgrades) else 0 for f in _UPGRADE_FROM]
    upgrade_states = [i for i, s in enumerate(vs) if s["flip"] != 255]
    upgrade_ok += [1] * len(upgrade_states)
    sizes = bd["vehicles_and_equipment"]["load_sizes"]
    land = {t["key"]: t for t in a["land_tiles"]}
    first_play = 0
    for i, b in enumerate(a["buildings"]):
        if b.get("first_play"):
            first_play |= 1 << i
    milk = a["milking"]
    sust = a["sustenance"]
    space = a["animal_space"]
    return {
        "good_cap": [g.get("cap", 0) for g in a["goods"]],
        "start_goods": start_goods,
        "tools": [{"values": tracks[k]["values"], "vp": tracks[k]["vp"],
                   "cost_good": good_index(next(iter(tracks[k]["step_cost"]))),
                   "cost_n": next(iter(tracks[k]["step_cost"].values()))} for k in TOOL_KEYS],
        "shovel_pairs": tracks["shovels"]["pairs_reading"],
        "equipment": [{"vp": items[k]["vp"], "wood": items[k]["cost"].get("wood", 0),
                       "horses": items[k]["cost"].get("horse", 0), "large": int(items[k]["size"] == "large"),
                       "pair": PAIR_KEYS.index(_EQUIP_PAIR[k])} for k in EQUIP_KEYS],
        "vehicle_states": [{"type": s["type"], "mask": s["mask"], "fit": s["fit"], "flip": s["flip"]}
                           for s in vs],
        "upgrade_vehicle_states": upgrade_states,
        "upgrade_ok": upgrade_ok,
        "load_size": [sizes["wood"], sizes["clay"], sizes["linen"], sizes["woolen"], sizes["leather"], 1]
                     + [d["size"] for d in a["destinations"]],
        "land_vp": [land[k]["vp"] for k in LAND_KEYS],
        "land_pair": [PAIR_KEYS.index(land[k]["pair"]) for k in LAND_KEYS],
        "pair_box": [box[_BOX_KEY[k]] for k in PAIR_KEYS],
        "buildings": [_building_record(b) for b in a["buildings"]],
        "destinations": [_dest_record(d) for d in a["destinations"]],
        "track_vp": _track_vp(),
        "food_vp": _food_vp(),
        "dike_top_penalty": [dikes["end_game_penalty_by_moves"][str(k)] for k in range(8)],
        "dike_land": [3 * sum(1 for u in dikes["unlocks"] if u["after_move"] <= k) for k in range(8)],
        "dike_max": dikes["max_moves"],
        "dike_animals": dikes["pieces"] * space["dike"],
        "animal_space": (space["empty_land"], space["stall"], space["stable"], space["park"]),
        "moor_vp": (a["moor"]["undrained_vp"], a["moor"]["dehydrated_vp"]),
        "moor_peat": (a["moor"]["peat"], a["moor"]["boardwalk_peat"]),
        "mainland_start": (bd["home_board"]["free_land_spaces_at_start"]["count"]
                           + bd["home_board"]["covered_land_spaces_at_start"]["count"]),
        "sustenance": (sust["november_food"], sust["november_peat"], sust["may_food"]),
        "missing_vp": sust["missing_vp"],
        "no_large_vp": bd["barn"]["empty_large_penalty"]["vp"],
        "milk_sheep": [t for t, _ in milk["sheep"]],
        "milk_cattle": [t for t, _ in milk["cattle"]],
        "shear": [t for t, _ in a["shearing"]],
        "breed_stall": [a["breeding"]["stall"].get(str(k), 0) for k in range(4)],
        "breed_stable": [a["breeding"]["stable"].get(str(k), 0) for k in range(7)],
        "slots": (a["building_slots"]["green"], a["building_slots"]["yellow"], a["building_slots"]["blue"]),
        "workers": a["workers"],
        "half_years": a["half_years"],
        "first_play_inns": first_play,
        "travel_spaces": bd["home_board"]["travel_experience_track"]["spaces"],
        "start_land": [start["land"].get(k, 0) for k in LAND_KEYS],
        "start_moors": start["moors"],
    }
