"""Readable notation for Fields of Arle actions.

Every action id has one text in a given position; a text names its action
in that position (``string_to_action``).  One token per decision:

- ``PLACE <space>``: a worker on an action space (``PLACE fisherman``,
  ``PLACE winter_grocer``); ``SKIP``: the worker does nothing
- ``IMITATE <space>``: the Laborer uses an occupied space again
- ``TAKE Sh`` / ``RELEASE Sh`` / ``EAT Ca`` / ``BUTCHER Ho`` / ``PAY Wo`` /
  ``PLOW Ca``: a good or animal, the verb saying what for (goods codes:
  Fo Gr Fl Wl Hi Wo Cl Ti Br Pt Li Wn Le Sw Ww Lw Sh Ca Ho)
- ``AMOUNT n``: how many conversions
- ``BUILD <building>``, ``FOREST``, ``STALL``, ``STABLE``, ``WOOD4``
- ``EQUIP <equipment>``: a vehicle or peat boat to build or receive;
  ``RETURN <equipment>``: one back to the supply board (also the Smithy's exchange)
- ``TOOL <tool>``: a Master movement; ``FIELD grain|flax``
- ``UPGRADE <tile>``: a tile upgrade (``forest``, ``stall``, ``stable``, ``moor``,
  ``peat_boat``, or a vehicle as below)
- ``LOAD <item> <vehicle>``: a tile on a vehicle; items ``Wo Cl Li Wn Le Pt``
  or a destination (``LOAD norden droshky``); a vehicle is its key, with the
  spaces already taken after a dot (``cart.100``: the first of three taken)
- ``SELL <item>``: an item of the destination being visited (``SELL Sh``,
  ``SELL GrGr``, ``SELL field:grain``, ``SELL animal:Ho``, ``SELL wear:Ww``,
  ``SELL two:Sh``, ``SELL moor:undrained``, ``SELL plow``, ``SELL peat_boat``)
- ``BOAT <good>``: the peat boat turns 1 peat into a good of the goods track
- ``HOUSE <building>``: a dark-green house's conversion
- ``BREED s c h``: the newborn sheep, cattle and horses chosen in May;
  ``BREED s c h RELEASE s c h`` when animals go back to the supply first
- ``BUTCHER s c h`` / ``EAT s c h`` / ``TAKE s c h``: how many sheep, cattle
  and horses the Butcher converts, the sustenance eats, the Potter's Inn
  gives; ``EXCHANGE b h w``: the peat boats, handcarts and wagons the Smithy
  exchanges for plows (each a choice of all three counts at once)
- ``DONE``: the end of a series (and of the work phase)
"""
from __future__ import annotations

from typing import Any

from olab_core.arle import _engine as core
from olab_core.errors import NotationError

from . import data

__all__ = ["action_to_string", "string_to_action", "describe_action", "GOOD_CODES"]

L = core.ACTION_LAYOUT
NV = L["N_VSTATES"]
#: the two-letter code of each good in the notation, in the core's order of goods
GOOD_CODES = tuple(g["code"] for g in data.arle()["goods"])
CODE_GOOD = {c: i for i, c in enumerate(GOOD_CODES)}
LOAD_ITEM_CODES = ("Wo", "Cl", "Li", "Wn", "Le", "Pt") + data.DEST_KEYS
UPGRADE_LAND = ("forest", "stall", "stable", "moor", "peat_boat")
HOUSE_KEYS = data.BUILDING_KEYS[4:11]
_GOOD_VERBS = {"take": "TAKE", "release": "RELEASE", "eat": "EAT", "butcher": "BUTCHER", "pay": "PAY",
               "plow": "PLOW"}
_VERB_CTX = {v: k for k, v in _GOOD_VERBS.items()}
#: the verb of a count-triple decision by what it counts (its p1)
PICK_VERBS = {"butcher": "BUTCHER", "eat": "EAT", "potters_inn": "TAKE", "smithy": "EXCHANGE"}
_PICK_KINDS = {"butcher": "butcher", "eat": "eat", "potters_inn": "take", "smithy": "exchange"}
_PICK_NAMES = {"smithy": ("peat_boat", "handcart", "wagon")}
_FIXED = {L["SKIP"]: "SKIP", L["DONE"]: "DONE", L["FOREST"]: "FOREST", L["STALL"]: "STALL",
          L["STABLE"]: "STABLE", L["WOOD4"]: "WOOD4", L["DEHYDRATE"]: "DEHYDRATE"}
_FIXED_BACK = {v: k for k, v in _FIXED.items()}



def _digits(token: str) -> bool:
    # a number as the notation writes it: ASCII digits, at most 9 (str.isdigit
    # also takes "²" and "١٢", and int() refuses more than 4,300 digits)
    return 0 < len(token) <= 9 and token.isascii() and token.isdigit()

def vehicle_label(k: int) -> str:
    """The text of vehicle state ``k``: its key, and after a dot its taken spaces (``cart.100``)."""
    s = data.vehicle_states()[k]
    if not s["mask"]:
        return s["key"]
    return s["key"] + "." + "".join("1" if (s["mask"] >> i) & 1 else "0" for i in range(len(s["layout"])))


VEHICLE_LABELS = tuple(vehicle_label(k) for k in range(NV))
_UPGRADE_LABELS = UPGRADE_LAND + tuple(
    VEHICLE_LABELS[k] for k in [i for i, s in enumerate(data.vehicle_states()) if s["flip"] != 255])


def upgrade_label(u: int) -> str:
    return _UPGRADE_LABELS[u]


def sell_label(dest: int, slot: int, variant: int) -> str:
    """The text of item ``slot`` (``variant``) of destination ``dest``."""
    it = data.arle()["destinations"][dest]["items"][slot]
    give = it["give"]
    if isinstance(give, dict):
        return "".join(GOOD_CODES[data.good_index(k)] * n for k, n in give.items())
    if give == "field":
        return "field:" + ("grain", "flax")[variant]
    if give == "any_animal":
        return "animal:" + GOOD_CODES[data.good_index("sheep") + variant]
    if give == "any_wear":
        return "wear:" + GOOD_CODES[data.good_index("summer_wear") + variant]
    if give == "two_same_animals":
        return "two:" + GOOD_CODES[data.good_index("sheep") + variant]
    if give == "moor":
        return "moor:" + ("undrained", "dehydrated")[variant]
    return give


def _ctx(state) -> tuple[str, int]:
    d = state._decision()
    return d["ctx"], d["p1"]


def action_to_string(state, a: int) -> str:
    """The text of action ``a`` in ``state`` (see the module docstring)."""
    if not isinstance(a, int) or isinstance(a, bool) or not 0 <= a < L["TOTAL"]:
        raise ValueError(f"not an action id: {a!r}")
    if a in _FIXED:
        return _FIXED[a]
    ctx, p1 = _ctx(state)
    if a < L["IMITATE"]:
        return "PLACE " + data.SPACE_KEYS[a - L["PLACE"]] if a >= L["PLACE"] else f"ACTION {a}"
    if a < L["GOOD"]:
        return "IMITATE " + data.SPACE_KEYS[a - L["IMITATE"]]
    if a < L["AMOUNT"]:
        return f"{_GOOD_VERBS.get(ctx, 'TAKE')} {GOOD_CODES[a - L['GOOD']]}"
    if a < L["BUILD"]:
        return f"AMOUNT {a - L['AMOUNT']}"
    if a < L["EQUIP"]:
        return "BUILD " + data.BUILDING_KEYS[a - L["BUILD"]]
    if a < L["TOOL"]:
        return "EQUIP " + data.EQUIP_KEYS[a - L["EQUIP"]]
    if a < L["FIELD"]:
        return "TOOL " + data.TOOL_KEYS[a - L["TOOL"]]
    if a < L["UPGRADE"]:
        return "FIELD " + ("grain", "flax")[a - L["FIELD"]]
    if a < L["RETURN"]:
        u = a - L["UPGRADE"]
        return "UPGRADE " + (_UPGRADE_LABELS[u] if u < len(_UPGRADE_LABELS) else str(u))
    if a < L["SELL"]:
        return "RETURN " + data.EQUIP_KEYS[a - L["RETURN"]]
    if a < L["BREED"]:
        j = a - L["SELL"]
        if ctx == "sell":
            return "SELL " + sell_label(p1, j // 3, j % 3)
        return f"SELL {j // 3}.{j % 3}"
    if a < L["BOAT"]:
        k = a - L["BREED"]
        d = state._decision()
        if k >= len(d["breed"]):
            return f"BREED #{k}"
        text = "BREED " + " ".join(map(str, d["breed"][k]))
        if any(d["released"][k]):
            text += " RELEASE " + " ".join(map(str, d["released"][k]))
        return text
    if a < L["HOUSE"]:
        return "BOAT " + GOOD_CODES[a - L["BOAT"]]
    if a < L["LOAD"]:
        return "HOUSE " + HOUSE_KEYS[a - L["HOUSE"]]
    if a >= L["PICK"]:
        verb = PICK_VERBS[core.PICK_KINDS[p1]] if ctx == "pick" and p1 < len(core.PICK_KINDS) else "PICK"
        return verb + " " + " ".join(map(str, core.PICK_TRIPLES[a - L["PICK"]]))
    item, k = divmod(a - L["LOAD"], NV)
    return f"LOAD {LOAD_ITEM_CODES[item]} {VEHICLE_LABELS[k]}"


def string_to_action(state, text: str) -> int:
    """The action ``text`` names in ``state``.

    Raises
    ------
    NotationError
        If the text cannot be read; the error names the position in it.
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), 0, "an action is written as a string")
    words = text.split()
    if not words:
        raise NotationError(text, 0, "empty action")
    verb, args = words[0].upper(), words[1:]
    arg_at = len(text) - len(text.lstrip()) + len(words[0]) + 1

    def one(n=1):
        if len(args) != n:
            raise NotationError(text, arg_at if args else len(text), f"{verb} takes {n} argument(s)")
        return args[0] if n == 1 else args

    def lookup(table, word, what):
        if word not in table:
            raise NotationError(text, arg_at, f"unknown {what} {word!r}")
        return table.index(word) if isinstance(table, tuple) else table[word]

    ctx, p1 = _ctx(state)
    if verb in _FIXED_BACK and not args:
        return _FIXED_BACK[verb]
    if (verb in PICK_VERBS.values() or verb == "PICK") and len(args) == 3:
        if not all(_digits(x) for x in args):
            raise NotationError(text, arg_at, f"{verb} takes three numbers")
        want = tuple(int(x) for x in args)
        if ctx != "pick":
            raise NotationError(text, 0, f"no counts are asked now (the pending decision is {ctx!r})")
        expect = PICK_VERBS[core.PICK_KINDS[p1]]
        if verb != expect:
            raise NotationError(text, 0, f"the pending decision is {core.PICK_KINDS[p1]!r}: write {expect}")
        if want not in core.PICK_TRIPLES:
            raise NotationError(text, arg_at, f"{verb} {' '.join(args)}: at most "
                                f"{max(map(sum, core.PICK_TRIPLES))} in all")
        return L["PICK"] + core.PICK_TRIPLES.index(want)
    if ctx == "pick" and verb in PICK_VERBS.values():
        raise NotationError(text, arg_at if args else len(text), f"{verb} takes three numbers now: "
                            f"how many of each kind ({verb} 1 0 0)")
    if verb == "PLACE":
        return L["PLACE"] + lookup(data.SPACE_KEYS, one(), "action space")
    if verb == "IMITATE":
        return L["IMITATE"] + lookup(data.SPACE_KEYS, one(), "action space")
    if verb in _VERB_CTX:
        g = lookup(CODE_GOOD, one(), "good")
        if ctx in _GOOD_VERBS and _GOOD_VERBS[ctx] != verb:
            raise NotationError(text, 0, f"the pending decision is {ctx!r}: write {_GOOD_VERBS[ctx]}, not {verb}")
        return L["GOOD"] + g
    if verb == "AMOUNT":
        w = one()
        if not _digits(w) or int(w) > 15:
            raise NotationError(text, arg_at, "AMOUNT takes a number 0..15")
        return L["AMOUNT"] + int(w)
    if verb == "BUILD":
        return L["BUILD"] + lookup(data.BUILDING_KEYS, one(), "building")
    if verb == "EQUIP":
        return L["EQUIP"] + lookup(data.EQUIP_KEYS, one(), "equipment")
    if verb == "RETURN":
        return L["RETURN"] + lookup(data.EQUIP_KEYS, one(), "equipment")
    if verb == "TOOL":
        return L["TOOL"] + lookup(data.TOOL_KEYS, one(), "tool")
    if verb == "FIELD":
        return L["FIELD"] + lookup(("grain", "flax"), one(), "field")
    if verb == "UPGRADE":
        return L["UPGRADE"] + lookup(_UPGRADE_LABELS, one(), "tile")
    if verb == "SELL":
        w = one()
        if ctx != "sell":
            raise NotationError(text, 0, "no destination is being visited")
        dest = data.arle()["destinations"][p1]
        for slot in range(len(dest["items"])):
            for v in range(3):
                try:
                    if sell_label(p1, slot, v) == w:
                        return L["SELL"] + slot * 3 + v
                except IndexError:
                    pass
        raise NotationError(text, arg_at, f"{dest['name']} buys no {w!r}")
    if verb == "BREED":
        if len(args) == 7 and args[3].upper() == "RELEASE":
            nums, back = args[:3], args[4:]
        elif len(args) == 3:
            nums, back = args, ["0", "0", "0"]
        else:
            raise NotationError(text, arg_at if args else len(text),
                                "BREED takes three numbers (sheep, cattle, horses), then optionally RELEASE and three")
        if not all(_digits(x) for x in nums + back):
            raise NotationError(text, arg_at, "BREED takes three numbers: sheep, cattle, horses")
        born, rel = [int(x) for x in nums], [int(x) for x in back]
        d = state._decision()
        for k, b in enumerate(d["breed"]):
            if list(b) == born and list(d["released"][k]) == rel:
                return L["BREED"] + k
        raise NotationError(text, arg_at, f"no breeding outcome {' '.join(args)} is offered")
    if verb == "BOAT":
        g = lookup(CODE_GOOD, one(), "good")
        if g >= 5:
            raise NotationError(text, arg_at, "the peat boat gives a good of the goods track (Fo Gr Fl Wl Hi)")
        return L["BOAT"] + g
    if verb == "HOUSE":
        return L["HOUSE"] + lookup(HOUSE_KEYS, one(), "any-time house")
    if verb == "LOAD":
        item, veh = one(2)
        i = lookup(LOAD_ITEM_CODES, item, "load item")
        if veh not in VEHICLE_LABELS:
            raise NotationError(text, arg_at + len(item) + 1, f"unknown vehicle {veh!r}")
        return L["LOAD"] + i * NV + VEHICLE_LABELS.index(veh)
    raise NotationError(text, 0, f"unknown action {words[0]!r}")


_KINDS = {L["SKIP"]: "skip", L["DONE"]: "done", L["FOREST"]: "forest", L["STALL"]: "stall",
          L["STABLE"]: "stable", L["WOOD4"]: "wood4", L["DEHYDRATE"]: "dehydrate"}


def describe_action(state, a: int) -> dict:
    """What action ``a`` does in ``state``, as data: read it without parsing its text.

    Always ``kind`` (``"place"``, ``"imitate"``, ``"take"``, ``"release"``,
    ``"eat"``, ``"butcher"``, ``"pay"``, ``"plow"``, ``"amount"``, ``"build"``,
    ``"equip"``, ``"tool"``, ``"field"``, ``"upgrade"``, ``"return"``, ``"sell"``,
    ``"breed"``, ``"boat"``, ``"house"``, ``"load"``, ``"exchange"``, or one of the fixed
    actions ``"skip"``, ``"done"``, ``"forest"``, ``"stall"``, ``"stable"``,
    ``"wood4"``) and ``text``; then, as the kind has them, ``space``, ``good``,
    ``amount``, ``building``, ``equipment``, ``tool``, ``field``, ``tile``,
    ``item``, ``destination``, ``vehicle``, ``newborns`` and ``released``
    (``"breed"``), ``counts`` (``"butcher"``, ``"eat"``, ``"take"`` of the
    Potter's Inn, ``"exchange"`` of the Smithy: how many of each kind).

    >>> import olab
    >>> state = olab.load("fields_of_arle", players=1).new_initial_state(1)
    >>> state.describe_action(state.string_to_action("PLACE builder"))
    {'kind': 'place', 'text': 'PLACE builder', 'space': 'builder', 'season': 'summer'}
    """
    text = action_to_string(state, a)
    out: dict[str, Any] = {"kind": None, "text": text}
    ctx, p1 = _ctx(state)
    if a in _KINDS:
        out["kind"] = _KINDS[a]
    elif a < L["IMITATE"]:
        sp = a - L["PLACE"]
        out.update(kind="place", space=data.SPACE_KEYS[sp], season="summer" if sp < 15 else "winter")
    elif a < L["GOOD"]:
        out.update(kind="imitate", space=data.SPACE_KEYS[a - L["IMITATE"]])
    elif a < L["AMOUNT"]:
        out.update(kind=_GOOD_VERBS.get(ctx, "TAKE").lower(), good=data.GOOD_KEYS[a - L["GOOD"]])
    elif a < L["BUILD"]:
        out.update(kind="amount", amount=a - L["AMOUNT"])
    elif a < L["EQUIP"]:
        out.update(kind="build", building=data.BUILDING_KEYS[a - L["BUILD"]])
    elif a < L["TOOL"]:
        out.update(kind="equip", equipment=data.EQUIP_KEYS[a - L["EQUIP"]])
    elif a < L["FIELD"]:
        out.update(kind="tool", tool=data.TOOL_KEYS[a - L["TOOL"]])
    elif a < L["UPGRADE"]:
        out.update(kind="field", field=("grain", "flax")[a - L["FIELD"]])
    elif a < L["RETURN"]:
        out.update(kind="upgrade", tile=text.split(" ", 1)[1])
    elif a < L["SELL"]:
        out.update(kind="return", equipment=data.EQUIP_KEYS[a - L["RETURN"]])
    elif a < L["BREED"]:
        out.update(kind="sell", item=text.split(" ", 1)[1],
                   destination=data.DEST_KEYS[p1] if ctx == "sell" else None)
    elif a < L["BOAT"]:
        d = state._decision()
        b = d["breed"]
        k = a - L["BREED"]
        out.update(kind="breed", newborns=dict(zip(("sheep", "cattle", "horse"), b[k])) if k < len(b) else None,
                   released=dict(zip(("sheep", "cattle", "horse"), d["released"][k])) if k < len(b) else None)
    elif a < L["HOUSE"]:
        out.update(kind="boat", good=data.GOOD_KEYS[a - L["BOAT"]])
    elif a < L["LOAD"]:
        out.update(kind="house", building=HOUSE_KEYS[a - L["HOUSE"]])
    elif a >= L["PICK"]:
        what = core.PICK_KINDS[p1] if ctx == "pick" and p1 < len(core.PICK_KINDS) else ""
        names = _PICK_NAMES.get(what, ("sheep", "cattle", "horse"))
        out.update(kind=_PICK_KINDS.get(what, "pick"), counts=dict(zip(names, core.PICK_TRIPLES[a - L["PICK"]])))
    else:
        item, k = divmod(a - L["LOAD"], NV)
        code = LOAD_ITEM_CODES[item]
        what = {"Wo": "wood", "Cl": "clay", "Li": "linen", "Wn": "woolen", "Le": "leather", "Pt": "peat"}
        out.update(kind="load", item=what.get(code, code), destination=None if code in what else code,
                   vehicle=VEHICLE_LABELS[k])
    return out
