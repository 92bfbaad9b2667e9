"""Readable notation for every Orléans action, both ways.

One text per action id, the same in every position (the names come from the
data: places, towns, connections, goods, deeds and events by their ids):

- ``DRAW`` / ``STOP``: draw a follower from the bag, or stop drawing; ``DRAW_ALL``: draw one
  after the other as many as allowed (a shortcut for repeated ``DRAW``; each draw is still its
  own chance node with ``chance="explicit"``);
  ``TOWER K``: move a market tile onto the Gunpowder Tower (followers phase)
- ``RECALL castle 1``: for a declined draw, the follower on a space back to the market
- ``PLACE K castle 2``: a market tile on an action space (``PLACE tower:K castle 2``
  from the Gunpowder Tower; in the Bathhouse's decision, a drawn tile)
- ``FILL castle``: in planning, every free space of a place at once (a shortcut for the
  ``PLACE`` actions with a fixed choice of tiles: the character, the player's own tile of it, a
  stand-in, a monk last; offered for two or more free spaces that all name a character)
- ``DONE``: end planning, recalling, the Bathhouse's placing; keep a technology tile
- ``USE castle``; ``USE village boatman|craftsman``; ``USE village trader hayrick``
- ``PASS``
- ``MOVE W01 grain`` (``MOVE R02 -`` along an empty connection)
- ``DEED city_wall``; ``DEED canalization coin|development``
- ``PAY 2``: the Pharmacy's coins
- ``TECH village 0``: a technology tile on a space
- ``FOOD grain``: the Harvest
- ``TORTURE station tours|stock``, ``TORTURE follower``, ``TORTURE development``,
  ``TORTURE good wine``, ``TORTURE place hayrick``, ``TORTURE technology village``,
  ``TORTURE technology unplaced``
- ``EXCLUDE hayrick`` / ``EXCLUDE -``
- chance outcomes: ``DRAWN K`` (``DRAWN F*``: a tile of the player's colour),
  ``EVENT plague``

Character letters: ``F B C T K S M`` (farmer ... monk), a player's own colour
``F* B* C* T*``.  Spaces count from 0 in the order of the place's ``needs``.

>>> import olab
>>> state = olab.load("orleans", players=2).new_initial_state(1)
>>> [state.action_to_string(a) for a in state.legal_actions()]
['DRAW', 'DRAW_ALL', 'STOP']
>>> state.string_to_action("DRAW") == state.legal_actions()[0]
True
"""
from __future__ import annotations

from typing import Any

from olab_core.errors import NotationError
from olab_core.orleans import _engine as core

from . import components

L = core.ACTION_LAYOUT
#: the letter of each kind of tile (``F B C T K S M``, then a player's colour ``F* B* C* T*``)
KIND_CODES = tuple(components.CHARACTERS[c].letter for c in components.CHARACTER_ORDER) + ("F*", "B*", "C*", "T*")
#: every place's id, in the core's order (the board's ten, then the 20 place tiles)
PLACE_IDS = tuple(components.PLACES)
TILE_IDS = tuple(components.PLACE_TILES)
TOWN_IDS = tuple(components.MAP.towns)
CONN_IDS = tuple(c.id for c in components.MAP.connections)
GOOD_IDS = components.GOOD_ORDER
DEED_IDS = tuple(components.DEEDS)
EVENT_IDS = components.EVENT_ORDER
CANAL = next(i for i, d in enumerate(components.DEEDS.values()) if d.or_development)
_SPACES = L["MAX_SPACES"]
_NP = L["N_PLACES"]
_NK = L["N_KINDS"]

__all__ = ["action_to_string", "string_to_action", "describe_action", "KIND_CODES", "PLACE_IDS"]



def _digits(token: str) -> bool:
    # a number as the notation writes it: ASCII digits, at most 9 (str.isdigit
    # also takes "²" and "١٢", and int() refuses more than 4,300 digits)
    return 0 < len(token) <= 9 and token.isascii() and token.isdigit()

def _space_text(x: int) -> str:
    place, space = divmod(x, _SPACES)
    return f"{PLACE_IDS[place]} {space}"


def action_to_string(action: int) -> str:
    """The text of an action id (any id in range has one).

    Raises
    ------
    ValueError
        For an id outside ``0 .. num_distinct_actions() - 1``.
    """
    a = action
    if not isinstance(a, int) or isinstance(a, bool) or not 0 <= a < L["TOTAL"]:
        raise ValueError(f"no action {action!r}")
    fixed = {L["PASS"]: "PASS", L["DONE"]: "DONE", L["DRAW"]: "DRAW", L["DRAW_ALL"]: "DRAW_ALL", L["STOP"]: "STOP",
             L["EXCLUDE_NONE"]: "EXCLUDE -", L["VILLAGE_BOATMAN"]: "USE village boatman",
             L["VILLAGE_CRAFTSMAN"]: "USE village craftsman",
             L["CANAL_COIN"]: f"DEED {DEED_IDS[CANAL]} coin", L["CANAL_DEV"]: f"DEED {DEED_IDS[CANAL]} development",
             L["TORT_STOCK"]: "TORTURE station stock", L["TORT_FOLLOWER"]: "TORTURE follower",
             L["TORT_DEV"]: "TORTURE development", L["TORT_TECH_PENDING"]: "TORTURE technology unplaced"}
    if a in fixed:
        return fixed[a]
    ranges = (
        ("TOWER", L["N_CHARS"], lambda x: f"TOWER {KIND_CODES[x]}"),
        ("FOOD", len(GOOD_IDS), lambda x: f"FOOD {GOOD_IDS[x]}"),
        ("AMOUNT", 8, lambda x: f"PAY {x}"),
        ("DEED", len(DEED_IDS), lambda x: f"DEED {DEED_IDS[x]}"),
        ("EXCLUDE", len(TILE_IDS), lambda x: f"EXCLUDE {TILE_IDS[x]}"),
        ("VILLAGE_TRADER", len(TILE_IDS), lambda x: f"USE village trader {TILE_IDS[x]}"),
        ("TORT_GOOD", len(GOOD_IDS), lambda x: f"TORTURE good {GOOD_IDS[x]}"),
        ("TORT_PLACE", len(TILE_IDS), lambda x: f"TORTURE place {TILE_IDS[x]}"),
        ("TORT_STATION", L["MAX_TOWNS"], lambda x: f"TORTURE station {_name(TOWN_IDS, x, 'town')}"),
        ("TORT_TECH", _NP, lambda x: f"TORTURE technology {PLACE_IDS[x]}"),
        ("USE", _NP, lambda x: f"USE {PLACE_IDS[x]}"),
        ("TECH", _NP * _SPACES, lambda x: f"TECH {_space_text(x)}"),
        ("RECALL", _NP * _SPACES, lambda x: f"RECALL {_space_text(x)}"),
        ("MOVE", L["MAX_CONN"] * 6, lambda x: f"MOVE {_name(CONN_IDS, x // 6, 'connection')} "
                                             f"{'-' if x % 6 == 0 else GOOD_IDS[x % 6 - 1]}"),
        ("PLACE", L["N_SOURCES"] * _NP * _SPACES, _place_text),
        ("CHANCE_KIND", _NK, lambda x: f"DRAWN {KIND_CODES[x]}"),
        ("CHANCE_EVENT", len(EVENT_IDS), lambda x: f"EVENT {EVENT_IDS[x]}"),
        ("FILL", _NP, lambda x: f"FILL {PLACE_IDS[x]}"),
    )
    for name, size, text in ranges:
        if L[name] <= a < L[name] + size:
            return text(a - L[name])
    return f"ACTION {a}"           # an id in a gap of the layout (never legal)


def _name(ids, i: int, what: str) -> str:
    return ids[i] if i < len(ids) else f"{what}{i}"


def _place_text(x: int) -> str:
    src, rest = divmod(x, _NP * _SPACES)
    kind = KIND_CODES[src] if src < _NK else "tower:" + KIND_CODES[src - _NK]
    return f"PLACE {kind} {_space_text(rest)}"


# ---------------------------------------------------------------------------
# reading

def _index(ids, token: str, what: str, text: str, pos: int) -> int:
    try:
        return ids.index(token)
    except ValueError:
        raise NotationError(text, pos, f"unknown {what} {token!r}") from None


def _tokens(text: str) -> list[tuple[str, int]]:
    out, i = [], 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        j = i
        while j < len(text) and not text[j].isspace():
            j += 1
        out.append((text[i:j], i))
        i = j
    return out


def string_to_action(text: str) -> int:
    """The action id a text names (the inverse of :func:`action_to_string`).

    Keywords are case-insensitive; names are the data's ids.

    Raises
    ------
    NotationError
        If the text names no action; ``position`` points at the bad token.
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), 0, "an action is written as a string")
    toks = _tokens(text)
    if not toks:
        raise NotationError(text, 0, "empty text")
    word, _ = toks[0]
    word = word.upper()
    args = toks[1:]

    def need(n: int):
        if len(args) < n:
            raise NotationError(text, len(text), f"{word} needs {n} more word(s)")
        if len(args) > n:
            raise NotationError(text, args[n][1], f"unexpected {args[n][0]!r}")

    def space(i: int) -> int:
        place = _index(PLACE_IDS, args[i][0], "place", text, args[i][1])
        tok, pos = args[i + 1]
        if not _digits(tok) or int(tok) >= _SPACES:
            raise NotationError(text, pos, f"a space is 0..{_SPACES - 1}, not {tok!r}")
        return place * _SPACES + int(tok)

    simple = {"PASS": L["PASS"], "DONE": L["DONE"], "DRAW": L["DRAW"], "DRAW_ALL": L["DRAW_ALL"], "STOP": L["STOP"]}
    if word in simple:
        need(0)
        return simple[word]
    if word == "EXCLUDE":
        need(1)
        if args[0][0] == "-":
            return L["EXCLUDE_NONE"]
        return L["EXCLUDE"] + _index(TILE_IDS, args[0][0], "place tile", text, args[0][1])
    if word == "TOWER":
        need(1)
        k = _index(KIND_CODES, args[0][0].upper(), "character", text, args[0][1])
        if k >= L["N_CHARS"]:
            raise NotationError(text, args[0][1], "only neutral tiles go on the Gunpowder Tower")
        return L["TOWER"] + k
    if word == "FOOD":
        need(1)
        return L["FOOD"] + _index(GOOD_IDS, args[0][0], "good", text, args[0][1])
    if word == "PAY":
        need(1)
        tok, pos = args[0]
        if not _digits(tok) or int(tok) > 7:
            raise NotationError(text, pos, f"PAY takes 0..7 coins, not {tok!r}")
        return L["AMOUNT"] + int(tok)
    if word == "DEED":
        if not args:
            need(1)
        d = _index(DEED_IDS, args[0][0], "deed", text, args[0][1])
        if d == CANAL:
            need(2)
            choice = args[1][0].lower()
            if choice not in ("coin", "development"):
                raise NotationError(text, args[1][1], "Canalization pays 'coin' or 'development'")
            return L["CANAL_COIN"] if choice == "coin" else L["CANAL_DEV"]
        need(1)
        return L["DEED"] + d
    if word == "USE":
        if not args:
            need(1)
        place = _index(PLACE_IDS, args[0][0], "place", text, args[0][1])
        if PLACE_IDS[place] != "village":
            need(1)
            return L["USE"] + place
        if len(args) < 2:
            raise NotationError(text, len(text), "USE village needs boatman, craftsman or trader <tile>")
        which = args[1][0].lower()
        if which == "boatman":
            need(2)
            return L["VILLAGE_BOATMAN"]
        if which == "craftsman":
            need(2)
            return L["VILLAGE_CRAFTSMAN"]
        if which == "trader":
            need(3)
            return L["VILLAGE_TRADER"] + _index(TILE_IDS, args[2][0], "place tile", text, args[2][1])
        raise NotationError(text, args[1][1], f"the Village gives a boatman, craftsman or trader, not {which!r}")
    if word == "FILL":
        need(1)
        return L["FILL"] + _index(PLACE_IDS, args[0][0], "place", text, args[0][1])
    if word in ("TECH", "RECALL"):
        need(2)
        return L[word] + space(0)
    if word == "MOVE":
        need(2)
        c = _index(CONN_IDS, args[0][0].upper(), "connection", text, args[0][1])
        g = 0 if args[1][0] == "-" else 1 + _index(GOOD_IDS, args[1][0], "good", text, args[1][1])
        return L["MOVE"] + c * 6 + g
    if word == "PLACE":
        need(3)
        tok, pos = args[0]
        tower = tok.lower().startswith("tower:")
        k = _index(KIND_CODES, tok[6:].upper() if tower else tok.upper(), "character", text,
                   pos + (6 if tower else 0))
        if tower and k >= L["N_CHARS"]:
            raise NotationError(text, pos, "only neutral tiles stand on the Gunpowder Tower")
        src = _NK + k if tower else k
        return L["PLACE"] + src * _NP * _SPACES + space(1)
    if word == "TORTURE":
        if not args:
            need(1)
        item = args[0][0].lower()
        if item in ("follower", "development"):
            need(1)
            return L["TORT_FOLLOWER"] if item == "follower" else L["TORT_DEV"]
        need(2)
        tok, pos = args[1]
        if item == "station":
            if tok == "stock":
                return L["TORT_STOCK"]
            return L["TORT_STATION"] + _index(TOWN_IDS, tok, "town", text, pos)
        if item == "good":
            return L["TORT_GOOD"] + _index(GOOD_IDS, tok, "good", text, pos)
        if item == "place":
            return L["TORT_PLACE"] + _index(TILE_IDS, tok, "place tile", text, pos)
        if item == "technology":
            if tok == "unplaced":
                return L["TORT_TECH_PENDING"]
            return L["TORT_TECH"] + _index(PLACE_IDS, tok, "place", text, pos)
        raise NotationError(text, args[0][1], f"no torture item {item!r}")
    if word == "DRAWN":
        need(1)
        return L["CHANCE_KIND"] + _index(KIND_CODES, args[0][0].upper(), "character", text, args[0][1])
    if word == "EVENT":
        need(1)
        return L["CHANCE_EVENT"] + _index(EVENT_IDS, args[0][0], "event", text, args[0][1])
    if word == "ACTION":
        need(1)
        if _digits(args[0][0]) and int(args[0][0]) < L["TOTAL"]:
            return int(args[0][0])
        raise NotationError(text, args[0][1], "not an action id")
    raise NotationError(text, 0, f"unknown keyword {toks[0][0]!r}")


def describe_action(action: int) -> dict:
    """An action as data: ``kind`` and ``text``, and what it names.

    Kinds: ``pass``, ``done``, ``draw``, ``draw_all``, ``stop``, ``tower``, ``recall``,
    ``place``, ``fill``, ``use``, ``move``, ``deed``, ``pay``, ``technology``, ``food``,
    ``torture``, ``exclude``, ``drawn`` and ``event`` (chance outcomes).  Fields, where they
    apply: ``place``, ``space``, ``tile`` (a character letter), ``from_tower``, ``choice`` (the
    Village's character), ``place_tile``, ``connection``, ``good``, ``deed``, ``coins``,
    ``item`` (a torture item), ``town``, ``event``; a torture item that is a station or a
    technology tile has ``placed`` (``False``: from the stock, or not placed yet; then ``town``
    or ``place`` is ``None``).

    Parameters
    ----------
    action : int
        An action id, ``0 <= action < NUM_DISTINCT_ACTIONS``.

    Returns
    -------
    dict
        ``kind``, ``text`` and the fields above.

    Raises
    ------
    ValueError
        For an id outside ``0 .. num_distinct_actions() - 1`` (as :func:`action_to_string`).
    """
    text = action_to_string(action)
    words = text.split()
    kind = words[0].lower()
    out: dict[str, Any] = {"kind": kind, "text": text}
    if kind in ("place", "recall", "technology", "tech"):
        if kind == "tech":
            kind = out["kind"] = "technology"
        if kind == "place":
            tile = words[1]
            out["from_tower"] = tile.startswith("tower:")
            out["tile"] = tile[6:] if out["from_tower"] else tile
            words = words[1:]
        out["place"], out["space"] = words[1], int(words[2])
    elif kind in ("use", "fill"):
        out["place"] = words[1]
        if len(words) > 2:
            out["choice"] = words[2]
        if len(words) > 3:
            out["place_tile"] = words[3]
    elif kind == "move":
        out["connection"] = words[1]
        out["good"] = None if words[2] == "-" else words[2]
    elif kind == "deed":
        out["deed"] = words[1]
        if len(words) > 2:
            out["choice"] = words[2]
    elif kind == "pay":
        out["coins"] = int(words[1])
    elif kind == "food":
        out["good"] = words[1]
    elif kind in ("tower", "drawn"):
        out["tile"] = words[1]
    elif kind == "event":
        out["event"] = words[1]
    elif kind == "exclude":
        out["place_tile"] = None if words[1] == "-" else words[1]
    elif kind == "torture":
        out["item"] = words[1]
        if len(words) > 2:
            key = {"station": "town", "good": "good", "place": "place_tile", "technology": "place"}[words[1]]
            # a station from the stock / a technology tile not placed yet: no town, no place
            off = words[2] in ("stock", "unplaced")
            out[key] = None if off else words[2]
            if words[1] in ("station", "technology"):
                out["placed"] = not off
    elif kind == "draw_all":
        pass
    return out
