"""olab's history as kennerspiel commands (the exporter's half).

Each run of olab decisions that makes up one kennerspiel command (a ``USE``
and the decisions of its function, a ``BUILD`` and its ``AT``, a ``SETTLE``
with its place and payment) becomes one line; the building's decisions are
written as kennerspiel's parameters by the encoder of the card's family (the
inverse of its decoder, beside it in the same module).

Moves that have no kennerspiel form are written in olab's extension of the
notation, which olab reads back: ``USE <b> -`` (a clergyman placed without
using the function), ``FELL_TREES -`` / ``CUT_PEAT -`` (the action with no
card left), a trailing ``JOKER_OFF`` on a Shipping Company or Cooperage use
made after the joker left the solo game, and ``SEATING RGB`` (the seating of
a game with explicit chance, right after ``START``).
"""
from __future__ import annotations

from collections import Counter

from olab_core.ora import _engine as core

from ..notation import LETTERS_GOOD
from . import commands
from .cards import ENCODERS, encode_default
from .common import CARD_CODES, GOOD_CODES, TOKENS, G, UseRecord

# internal to the importer: its public names are those of olab.ora.kennerspiel
__all__ = []

L = core.ACTION_LAYOUT


def _start_line(state) -> str:
    cfg = state._config()
    n = cfg["players"]
    seed = cfg["seed"]
    if state.game.chance == "explicit":
        # the seating is the game's first (chance) action, written after START
        # as olab's SEATING line; the START only carries the seed
        return f"START {seed} " + " ".join("RGBW"[:max(n, 2)])
    seats = "".join(state._color(i) for i in range(n))
    if n == 1:
        neutral = state._color(1)
        drawn = core.kennerspiel_seats(seed, seats, True)[1]
        if drawn == neutral:
            return f"START {seed} {seats}"
        if seed == 2692:
            return f"START {seats} {neutral}"
        raise ValueError("this solo seating has no kennerspiel START")
    # the shuffle is a permutation of positions: find the colour order that it
    # turns into these seats
    perm = core.kennerspiel_seats(seed, "RGBW"[:n])[0]
    given = [""] * n
    for seat, letter in enumerate(perm):
        given["RGBW".index(letter)] = seats[seat]
    if seed == 2692:
        return "START " + " ".join(given)
    return f"START {seed} " + " ".join(given)


def export(state) -> str:
    """The kennerspiel commands of ``state``'s game so far, one per line."""
    rules = state.game.rules
    cfg = state._config()
    lines = [f"CONFIG {cfg['players']} {cfg['variant']} {rules.length}", _start_line(state)]
    replay = state.game.new_initial_state(cfg["seed"])
    replay._load_raw(state._root_raw())
    history = state.history()
    # a command still being decided cannot be written: stop before it
    end = len(history)
    probe = state.clone()
    while end and probe._decision()["kind"] not in ("turn", "over"):
        probe.undo_action()
        end -= 1
    unfinished = len(history) - end
    history = history[:end]
    i = 0
    # (line, drink): Palace / Grand Manor lines waiting to learn if their use is taken
    pending_palace: list[tuple[int, str]] = []
    while i < len(history):
        a = history[i]
        text = replay.action_to_string(a)
        words = text.split()
        verb = words[0]
        if replay._decision()["kind"] == "owner":
            i = commands.encode_owner(replay, history, i, lines, cfg["players"] == 1)
        elif verb == "FORFEIT":
            i = _export_forfeits(replay, history, i, lines)
        elif verb == "SEATING":
            # olab's extension: the seating drawn at an explicit chance node
            lines.append(text)
            replay.apply_action(a)
            i += 1
        elif verb in commands.VERBATIM:
            if verb == "COMMIT":
                pending_palace.clear()
            if verb in ("BUY_DISTRICT", "BUY_PLOT"):
                lines.extend(drinks_as_coins(replay, commands.land_price(replay, verb == "BUY_DISTRICT")))
            lines.append(text)
            replay.apply_action(a)
            i += 1
        elif verb == "WORK_CONTRACT":
            i = commands.encode_contract(replay, history, i, lines, words)
        elif verb == "BUILD":
            lines.extend(drinks_as_coins(replay, commands.build_coins(replay, words[1])))
            i = commands.encode_build(replay, history, i, lines, words)
        elif verb in commands.ENCODERS:
            i = commands.ENCODERS[verb](replay, history, i, lines, words)
        elif verb in ("USE", "TARGET", "CHOOSE"):
            i = _export_use(replay, history, i, lines, pending_palace)
        else:
            raise ValueError(f"cannot write {text!r} in kennerspiel notation")
    if unfinished:
        lines.append(f"# olab: {unfinished} decision(s) of an unfinished command are not written")
    return "\n".join(lines) + "\n"


def drinks_as_coins(replay, need: int, goods: list[int] | None = None) -> list[str]:
    """The conversions olab makes implicitly when it pays ``need`` coins with too
    few coins (wine first, then whiskey), as explicit ``CONVERT`` lines:
    kennerspiel spends drinks as coins in another order."""
    have = replay._goods(replay._turn()["current"]) if goods is None else goods
    short = need - have[G["coin"]]
    if short <= 0:
        return []
    wine = min(short, have[G["wine"]])
    whiskey = (short - wine + 1) // 2
    return ["CONVERT Wn"] * wine + ["CONVERT Wh"] * whiskey


# coins a card's use pays (olab pays them coins first, then wine, then whiskey)
MONEY_NEED = {
    **{c: lambda u: u.amount(1) for c in ("F03", "I03", "F15", "F23", "F32", "I17", "F17", "I24")},
    "G13": lambda u: 2 * u.amount(1), "I23": lambda u: 2 * u.amount(1),
    "F35": lambda u: 5 + 10 * (u.amount(1) - 1) if u.amount(1) else 0, "G41": lambda u: 5 * u.amount(1),
}


def _export_forfeits(replay, history, i, lines) -> int:
    # forfeits that follow no use or settlement: the importer makes them just
    # before a work contract whose payment kennerspiel takes whole; others are
    # written in olab's own notation (olab reads them back)
    start = i
    before: Counter[str] = Counter()
    while i < len(history) and replay.is_forfeit(history[i]):
        a = history[i]
        if a >= L["GIVE"]:
            before["coin"] += (a - L["GIVE"]) % L["KMAX"] + 1
        else:
            g, k = divmod(a - L["FORFEIT"], L["KMAX"])
            before[GOOD_CODES[g]] += k + 1
        i += 1
    if i < len(history) and replay.action_to_string(history[i]).startswith("WORK_CONTRACT"):
        for a in history[start:i]:
            replay.apply_forfeit(a)
        words = replay.action_to_string(history[i]).split()
        return commands.encode_contract(replay, history, i, lines, words, before)
    for a in history[start:i]:
        lines.append(replay.action_to_string(a))
        replay.apply_forfeit(a)
    return i


def _export_use(replay, history, i, lines, pending_palace) -> int:
    a = history[i]
    text = replay.action_to_string(a)
    words = text.split()
    t = replay._turn()
    me = t["current"]
    clergy = replay._clergy(me)
    prefix = []
    if words[0] == "USE" and len(words) == 3:
        # the prior: kennerspiel says WITH_PRIOR first, unless the prior is the
        # only clergyman at home or it follows the player's own Build
        if not t["main_used"] and "home" in clergy[:2]:
            prefix.append("WITH_PRIOR")
    # the card and where it stands
    if words[0] == "CHOOSE":
        cid = CARD_CODES.index(words[1])
        code = words[1]
    else:
        space = (a - L["USE_LB"]) % L["N_SPACES"] if words[0] == "USE" else (a - L["TARGET"]) % L["N_SPACES"]
        owner = me if words[0] == "USE" else (a - L["TARGET"]) // L["N_SPACES"]
        cid = replay._card_at(owner, space)
        code = words[1]
    base = CARD_CODES[cid]
    if words[0] == "TARGET" and t["free_use"] == "occupied" and pending_palace:
        idx, drink = pending_palace.pop()
        lines[idx] += drink if len(lines[idx].split()) > 2 else f" {drink}"
    u = UseRecord(base, code)
    u.start = replay._goods(me)
    u.coal_harbor_peat = replay.game.rules.coal_harbor_input == "peat"
    u.joker_off = replay._wheel()[1][TOKENS.index("joker")] is None
    replay.apply_action(a)
    i += 1
    while replay._decision()["kind"] not in ("turn", "over"):
        i = _gather(replay, history, i, u)
    u.forfeits, i = commands.gather_forfeits(replay, history, i)
    if base in ("G19", "F37"):
        # straw olab took from grain is written as a flip before the use
        n = u.amount(1)
        u.straw_from_grain = min(n, max(0, n - u.start[G["straw"]]))
    params = ENCODERS.get(base, encode_default)(u)
    if base in MONEY_NEED:
        lines.extend(drinks_as_coins(replay, MONEY_NEED[base](u), u.start))
    lines.extend(["CONVERT Gn"] * u.straw_from_grain)
    lines.extend(prefix)
    lines.append(f"USE {code} {params}".rstrip())
    if base in ("F27", "I27"):
        pending_palace.append((len(lines) - 1, "Wn" if base == "F27" else "Wh"))
    return i


def _gather(replay, history, i, u: UseRecord) -> int:
    # one decision of a building function, noted in the use's record
    d = replay._decision()
    before = replay._goods(d["actor"])
    b = history[i]
    bw = replay.action_to_string(b).split()
    replay.apply_action(b)
    if bw[0] == "SKIP":
        u.skipped = True
    elif bw[0] == "ACCEPT":
        u.accepted = True
    elif bw[0] == "TAKE":
        u.takes.append((GOOD_CODES[LETTERS_GOOD[bw[1]]], len(bw) == 3))
    elif bw[0] == "AMOUNT":
        u.amounts[d["step"]] = int(bw[1])
    elif bw[0] == "PAY":
        g = GOOD_CODES[LETTERS_GOOD[bw[1][:2]]]
        n = len(bw[1]) // 2
        u.pays[g] += n
        if g == "straw":
            u.straw_from_grain += max(0, n - before[G["straw"]])
    elif bw[0] == "PICK":
        g = GOOD_CODES[LETTERS_GOOD[bw[1]]]
        if d["kind"] == "gain":
            u.gains[g] += 1
        else:
            u.picks.append(g)
    elif bw[0] == "UPGRADE":
        u.upgrades.append(GOOD_CODES[LETTERS_GOOD[bw[1]]])
    elif bw[0] == "AT":
        u.spaces.append((int(bw[1]), int(bw[2])))
    return i + 1
