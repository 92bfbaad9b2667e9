"""olab's history as kennerspiel commands (the exporter's half).

Each run of olab decisions that makes up one kennerspiel command (a ``USE``
and the decisions of its function, a ``BUILD`` and its ``AT``, a ``SETTLE``
with its place and payment) becomes one line; the building's decisions are
written as kennerspiel's parameters (the inverse of
:mod:`olab.ora.kennerspiel_uses`).

Two moves of the printed rules have no kennerspiel form and are written in
olab's extension of the notation, which olab reads back: ``USE <b> -`` (a
clergyman placed without using the function) and ``FELL_TREES -`` /
``CUT_PEAT -`` (the action with no card left).
"""
from __future__ import annotations

from collections import Counter

from olab_core.ora import _engine as core

from .kennerspiel_uses import G, letters
from .notation import LETTERS_GOOD

CARD_CODES = core.CARD_CODES
GOOD_CODES = core.GOOD_CODES
L = core.ACTION_LAYOUT


def _goods_str(goods: Counter, order=None) -> str:
    names = order or sorted(goods, key=lambda g: G[g])
    return "".join(letters(g) * goods[g] for g in names if goods[g] > 0)


def _start_line(state) -> str:
    cfg = state._config()
    n = cfg["players"]
    seed = cfg["seed"]
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


class _Use:
    """The decisions of one building function, gathered for its parameters."""

    def __init__(self, card: str, code: str):
        self.card = card              # base code (L1, G01, I33...)
        self.code = code              # as written (LR1, G01...)
        self.takes = []               # (good, joker)
        self.amounts = {}             # amount by the step it was asked at (0 if olab did not ask)
        self.pays = Counter()
        self.picks = []
        self.gains = Counter()
        self.upgrades = []
        self.spaces = []
        self.skipped = False
        self.accepted = False
        self.straw_from_grain = 0     # straw olab took from grain: kennerspiel converts first
        self.start = None             # the user's goods before the use
        self.coal_harbor_peat = False

    def params(self) -> str:
        return ENCODERS.get(self.card, _enc_nothing)(self)


def _amount(u: _Use, step: int) -> int:
    # olab asks an amount only when there is a choice; every amount starts at 0,
    # so an amount not asked was 0
    return u.amounts.get(step, 0)


def _enc_nothing(u: _Use) -> str:
    return "-" if u.skipped else ""


def _enc_wheel(u: _Use) -> str:
    if u.skipped or not u.takes:
        return "-"
    good, joker = u.takes[0]
    return "Jo" if joker else ""


def _enc_farmyard(u: _Use) -> str:
    if u.skipped or not u.takes:
        return "-"
    good, joker = u.takes[0]
    return ("Jo" if joker else "") + letters(good)


def _enc_exchange(goods: str):
    def enc(u: _Use) -> str:
        return goods if _amount(u, 1) else ""
    return enc


def _enc_count(good: str):
    def enc(u: _Use) -> str:
        if u.skipped:
            return "-"
        return letters(good) * _amount(u, 1)
    return enc


def _enc_pairs(a: str, b: str):
    def enc(u: _Use) -> str:
        return (letters(a) + letters(b)) * _amount(u, 1)
    return enc


def _enc_dormitory(u: _Use) -> str:
    if u.skipped:
        return "-"
    return "SwWo" * _amount(u, 1)


def _enc_picks(u: _Use) -> str:
    return "".join(letters(g) for g in u.picks)


def _enc_courtyard(u: _Use) -> str:
    if not u.picks:
        return ""
    return f"{_enc_picks(u)} {letters(u.takes[0][0])}"


def _enc_bakery(u: _Use) -> str:
    return "Fl" * _amount(u, 1) + _goods_str(u.pays) + "Br" * _amount(u, 3)


def _enc_pays(u: _Use) -> str:
    return _goods_str(u.pays)


def _enc_workshop(u: _Use) -> str:
    return "Cl" * _amount(u, 1) + "Sn" * _amount(u, 2) + _goods_str(u.pays)


def _enc_inn(u: _Use) -> str:
    return _goods_str(u.pays) + "Wn" * _amount(u, 1)


def _enc_two_amounts(a: str, b: str):
    def enc(u: _Use) -> str:
        return a * _amount(u, 1) + b * _amount(u, 2)
    return enc


def _enc_forger(u: _Use) -> str:
    # an empty kennerspiel use takes a reliquary away (its bug): olab writes "-"
    r = _amount(u, 1)
    return "Pn" * (5 + 10 * (r - 1)) if r else "-"


def _enc_shipping(u: _Use) -> str:
    if not u.takes:
        return ""
    return _goods_str(u.pays) + letters(u.takes[0][0])


def _enc_pilgrimage(u: _Use) -> str:
    return " ".join(letters(g) for g in u.upgrades)


def _enc_forests(u: _Use) -> str:
    return " ".join(f"{c} {r}" for c, r in u.spaces)


def _enc_points_gain(cost: str):
    def enc(u: _Use) -> str:
        if not _amount(u, 1):
            return ""
        gained = _goods_str(u.gains, ["book", "ceramic", "ornament", "reliquary"])
        return f"{cost} {gained}" if gained else cost
    return enc


def _enc_take_one(u: _Use) -> str:
    if u.skipped or not u.takes:
        return "-"
    return letters(u.takes[0][0])


def _enc_sacred_site(u: _Use) -> str:
    if u.skipped or not u.takes:
        return "-"
    return "".join(letters(g) for g, _ in u.takes)


def _enc_druid(u: _Use) -> str:
    if not _amount(u, 1) or len(u.takes) < 2:
        return ""
    return f"Bo {letters(u.takes[0][0]) * 5}{letters(u.takes[1][0]) * 3}"


def _enc_cooperage(u: _Use) -> str:
    if not u.takes:
        return ""
    return f"WoWoWo {letters(u.takes[0][0])}"


def _enc_round_tower(u: _Use) -> str:
    if not _amount(u, 1):
        return ""
    return "PnPnPnPnPnWh" + _goods_str(u.pays)


def _enc_coal_harbor(u: _Use) -> str:
    return ("Pt" if u.coal_harbor_peat else "Co") * _amount(u, 1)


ENCODERS = {
    "L1": _enc_wheel, "L3": _enc_wheel, "F14": _enc_wheel, "F31": _enc_wheel, "G22": _enc_wheel,
    "F29": _enc_wheel, "L2": _enc_farmyard,
    "G02": _enc_courtyard, "F08": _enc_picks, "F25": _enc_picks, "I32": _enc_picks,
    "F03": _enc_exchange("Pn"), "F15": _enc_exchange("Pn"), "F23": _enc_exchange("Pn"),
    "F32": _enc_exchange("Pn"), "G13": _enc_exchange("PnPn"), "F30": _enc_exchange("Ce"),
    "G26": _enc_exchange("WoWo"),
    # an empty kennerspiel Sacristy use loses a Wonder (its bug): olab writes "-"
    "G34": lambda u: "BoCeOrRq" if _amount(u, 1) else "-",
    "I03": _enc_exchange("Pn"), "I17": _enc_exchange("Pn"), "I23": _enc_exchange("PnPn"),
    "I25": _enc_exchange("Rq"), "I37": _enc_exchange("Bo"),
    "F04": _enc_count("grain"), "G07": _enc_count("peat"), "I04": _enc_count("grain"),
    "I30": _enc_count("meat"), "I21": lambda u: "MaWoPt" * _amount(u, 1),
    "F37": _enc_dormitory, "G19": _enc_pairs("sheep", "straw"), "F24": _enc_pairs("bread", "wine"),
    "F05": _enc_bakery, "G06": _enc_pays, "G12": _enc_pays, "G39": _enc_pays, "G18": _enc_workshop,
    "F20": _enc_inn, "F21": _enc_two_amounts("Gp", "Wn"), "F17": _enc_two_amounts("Pn", "Bo"),
    "F35": _enc_forger, "F33": _enc_shipping, "F36": _enc_pilgrimage, "F10": _enc_forests,
    "F38": _enc_forests, "I29": _enc_forests, "G41": _enc_points_gain("PnPnPnPnPn"),
    "I38": _enc_points_gain("Be"),
    "I05": _enc_two_amounts("MaGn", "Be"), "I08": _enc_take_one, "I14": _enc_sacred_site,
    "I15": _enc_druid, "I20": _enc_two_amounts("Be", "Wh"),
    "I24": _enc_two_amounts("Pn", "BeWh"), "I31": _enc_coal_harbor, "I33": _enc_cooperage,
    "I35": _enc_round_tower, "I36": _enc_pairs("book", "ceramic"),
}


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
    pending_palace = []               # Palace / Grand Manor lines waiting to learn if their use is taken
    while i < len(history):
        a = history[i]
        text = replay.action_to_string(a)
        d = replay._decision()
        t = replay._turn()
        me = t["current"]
        words = text.split()
        verb = words[0]
        if d["kind"] == "owner":
            if cfg["players"] == 1:
                # solo: the player's choice for the neutral player rides on the contract
                if text == "WITH_PRIOR":
                    lines[-1] += " WITH_PRIOR"
            else:
                lines.append(text)
            replay.apply_action(a)
            i += 1
            continue
        if verb in ("COMMIT", "BUY_DISTRICT", "BUY_PLOT", "CONVERT", "FELL_TREES", "CUT_PEAT",
                    "WORK_CONTRACT"):
            # commands written as olab writes them
            if verb == "COMMIT":
                pending_palace.clear()
            lines.append(text)
            replay.apply_action(a)
            i += 1
            continue
        if verb == "BUILD":
            replay.apply_action(a)
            at = replay.action_to_string(history[i + 1])
            replay.apply_action(history[i + 1])
            lines.append(f"BUILD {words[1]} {at[3:]}")
            i += 2
            continue
        if verb == "SETTLE":
            replay.apply_action(a)
            at = replay.action_to_string(history[i + 1])
            replay.apply_action(history[i + 1])
            i += 2
            paid = Counter()
            grain_as_straw = 0
            while replay._decision()["kind"] == "pay":
                before = replay._goods(me)
                pay = replay.action_to_string(history[i])
                replay.apply_action(history[i])
                g = GOOD_CODES[LETTERS_GOOD[pay.split()[1][:2]]]
                n = len(pay.split()[1]) // 2
                paid[g] += n
                if g == "straw":
                    grain_as_straw += max(0, n - before[G["straw"]])
                i += 1
            lines.extend(["CONVERT Gn"] * grain_as_straw)
            lines.append(f"SETTLE {words[1]} {at[3:]} {_goods_str(paid)}".rstrip())
            continue
        if verb in ("USE", "TARGET", "CHOOSE"):
            i = _export_use(replay, history, i, lines, cfg, pending_palace)
            continue
        raise ValueError(f"cannot write {text!r} in kennerspiel notation")
    if unfinished:
        lines.append(f"# olab: {unfinished} decision(s) of an unfinished command are not written")
    return "\n".join(lines) + "\n"


def _export_use(replay, history, i, lines, cfg, pending_palace) -> int:
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
        lines[idx] += f" {drink}"
    u = _Use(base, code)
    u.start = replay._goods(me)
    u.coal_harbor_peat = replay.game.rules.coal_harbor_input == "peat"
    replay.apply_action(a)
    i += 1
    while replay._decision()["kind"] not in ("turn", "over"):
        d = replay._decision()
        before = replay._goods(d["actor"])
        b = history[i]
        btext = replay.action_to_string(b)
        bw = btext.split()
        replay.apply_action(b)
        i += 1
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
        elif bw[0] == "DONE":
            pass
    if base in ("G19", "F37"):
        # straw olab took from grain is written as a flip before the use
        n = _amount(u, 1)
        u.straw_from_grain = min(n, max(0, n - u.start[G["straw"]]))
    params = u.params()
    lines.extend(["CONVERT Gn"] * u.straw_from_grain)
    lines.extend(prefix)
    lines.append(f"USE {code} {params}".rstrip())
    if base in ("F27", "I27"):
        pending_palace.append((len(lines) - 1, "Wn" if base == "F27" else "Wh"))
    return i

