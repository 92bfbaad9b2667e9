"""``State.render(player)``: an Orléans position as compact text for a terminal (``str(state)``, ``olab show``).

It shows what ``player`` may see (every seat sees the same in Orléans: only
the future is hidden), built from :meth:`State.to_json`.
"""
from __future__ import annotations

from .notation import PLACE_IDS

__all__ = ["render"]

#: the key to the tiles' letters, printed under the seats
LEGEND = ("Key: characters F farmer, B boatman, C craftsman, T trader, K knight, S scholar, M monk; "
          "F* B* C* T* a seat's own starting tiles; K2 two of a kind; place* activated")


def _kinds(d: dict) -> str:
    return " ".join(f"{k}{n if n > 1 else ''}" for k, n in d.items()) or "-"


def _space(v) -> str:
    return "-" if v is None else ("tech" if v == "technology" else v)


def render(state, player: int | None = None) -> str:
    """The position as text, as ``player`` sees it (``None``: the full view); see :meth:`State.render`.

    Parameters
    ----------
    state : State
    player : int, optional

    Returns
    -------
    str
    """
    d = state.to_json(player)
    cfg = d["config"]
    head = (f"Orléans: {cfg['players']} players, chance {cfg['chance']}"
            f"{', exclusion' if cfg['exclusion'] else ''}; round {d['round']}/{d['rounds']}, {d['phase']}")
    if d["event"]:
        head += f", event {d['event']}"
    pend = d["pending"]
    if pend is None:
        head += f"; game over, winners {d['winners']}"
    elif pend["decision"] == "chance":
        head += f"; chance: {pend['chance']}" + (f" (seat {pend['bag_of']}'s bag)" if pend["bag_of"] is not None else "")
    else:
        extra = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in pend.items() if k not in ("decision", "player"))
        head += f"; seat {pend['player']} decides: {pend['decision']}" + (f" ({extra})" if extra else "")
    sup = d["supply"]
    lines = [head,
             f"Start player {d['start_player']}; hourglass left: "
             + (", ".join(f"{e} {n}" for e, n in d["hourglass"].items() if n) or "none"),
             f"Supply: coins {sup['coins']}, technology {sup['technology']}; characters {_kinds(sup['characters'])}; "
             f"goods {', '.join(f'{g} {n}' for g, n in sup['goods'].items())}",
             f"Place tiles: {' '.join(sup['place_tiles']) or '-'}"
             + (f" (excluded: {' '.join(sup['excluded'])})" if sup["excluded"] else ""),
             "Map goods: " + " ".join(f"{c}:{'/'.join(g)}" for c, g in d["map"]["goods"].items() if g),
             "Trading stations: " + (" ".join(f"{t}:{','.join(map(str, s))}" for t, s in d["map"]["stations"].items())
                                     or "-"),
             "Deeds: " + " ".join(f"{name}[{''.join(x['character'] if x['seat'] is None else str(x['seat']) for x in sp)}]"
                                  for name, sp in d["deeds"].items()),
             "Citizens: " + (" ".join(f"{c}:{o}" for c, o in d["citizens"].items() if o is not None) or "-")]
    for p in d["players"]:
        t = p["tracks"]
        lines += ["",
                  f"Seat {p['seat']}{' (passed)' if p['passed'] else ''}, score {p['score']}: coins {p['coins']}, "
                  f"development {p['development']} (status {p['status']}), merchant {p['merchant']}, stations "
                  f"{p['stations_built']} built / {p['stations_in_stock']} in stock, citizens {p['citizens']}",
                  f"  tracks F{t['farmers']} B{t['boatmen']} C{t['craftsmen']} T{t['traders']} K{t['knights']} "
                  f"S{t['scholars']}; draw {p['draw_limit']}; technology {p['technology_placed']} placed, "
                  f"{p['technology_unplaced']} to place",
                  f"  bag {_kinds(p['bag'])}; market {_kinds(p['market'])}; tower {_kinds(p['tower'])}; goods "
                  + (", ".join(f"{g} {n}" for g, n in p["goods"].items()) or "-"),
                  "  places: " + ("  ".join(f"{pid}{'*' if e['activated'] else ''}[{' '.join(_space(v) for v in e['spaces'])}]"
                                            for pid, e in p["places"].items() if e["spaces"] and
                                            (any(v is not None for v in e["spaces"]) or PLACE_IDS.index(pid) >= 10))
                                  or "-")]
        if p["place_tiles"]:
            lines.append(f"  place tiles: {' '.join(p['place_tiles'])}")
    lines += ["", LEGEND]
    legal = d.get("legal_actions") or []
    if legal:
        lines += ["", f"Legal ({len(legal)}): " + " | ".join(a["text"] for a in legal)]
    return "\n".join(lines)
