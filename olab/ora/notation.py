"""Readable move notation for Ora et Labora actions.

Every action id has one text form in a given position, close to the command
language of the kennerspiel reference engine (``USE LR1``, ``BUILD G01``,
``FELL_TREES 1 0 Jo``), with one token per chained decision:

- ``USE <card>``: place a lay brother on your building (``USE <card> WITH_PRIOR``: the prior)
- ``WORK_CONTRACT <card> Pn``: a work contract paid in coins (``PnPn`` at fee 2), or ``Wn`` / ``Wh``
- ``TARGET <card>``: the building a free use, or the bonus-round prior, goes to
- ``FELL_TREES c r [Jo]``: fell the forest at (c, r), by the joker with ``Jo``;
  ``FELL_TREES -``: the action with no forest left
- ``CUT_PEAT c r [Jo]``: cut the moor at (c, r)
- ``BUILD <card>``: build a card from the display, then ``AT c r``
- ``SETTLE <S?n>``: build one of your settlements, then ``AT c r`` and ``PAY``
- ``BUY_DISTRICT r PLAINS|HILLS``, ``BUY_PLOT r COAST|MOUNTAIN``
- ``CONVERT Gn|Wn|Wh``: grain to straw, wine to a coin, whiskey to 2 coins
- ``AMOUNT n``: how many times a card converts
- ``PAY GnGnSh``: hand in goods, one kind per action, in a fixed order
- ``PICK Cl``: hand in one good of a different type, or take a point good
- ``TAKE Gn [Jo]``: take goods from the production wheel (or choose a good)
- ``UPGRADE Bo``: Pilgrimage Site
- ``CHOOSE <card>``: a card in the display (Hospice)
- ``AT c r``: a space
- ``ACCEPT``, ``SKIP``, ``DONE``, ``WITH_LAYBROTHER``, ``WITH_PRIOR``, ``COMMIT``
- ``FORFEIT PtPt``: the current player loses goods; ``FORFEIT PnPn TO G``: gives
  coins to the seat of that colour.  Never a legal action: only the kennerspiel
  importer records it (:meth:`State.apply_forfeit <olab.ora.State.apply_forfeit>`),
  for goods the reference engine takes beyond a payment

Card codes are those of kennerspiel: ``G01``, ``F09``, and per colour
``LR1`` (Red's Clay Mound), ``SB3`` (Blue's Market Town).
"""
from __future__ import annotations

from typing import Any

from olab_core.errors import IllegalActionError, NotationError
from olab_core.ora import _engine as core

__all__ = ["action_to_string", "string_to_action", "describe_action", "GOOD_LETTERS"]

L = core.ACTION_LAYOUT
N_SPACES = L["N_SPACES"]
KMAX = L["KMAX"]
ROW_OFFSET = L["ROW_OFFSET"]
CARD_CODES = core.CARD_CODES
GOOD_CODES = core.GOOD_CODES

#: the two-letter code of every good, by the good's id (``"wood"`` -> ``"Wo"``), as the notation
#: and kennerspiel's commands write it; the 5-coin piece is ``Ni``, and the Wonder's ``Wd`` is
#: olab's own (kennerspiel's commands never name one)
#:
#: :meta hide-value:
GOOD_LETTERS = {
    "wood": "Wo", "clay": "Cl", "peat": "Pt", "peat_coal": "Co", "grain": "Gn", "straw": "Sw",
    "sheep": "Sh", "meat": "Mt", "coin": "Pn", "stone": "Sn", "grapes": "Gp", "flour": "Fl",
    "bread": "Br", "wine": "Wn", "malt": "Ma", "beer": "Be", "whiskey": "Wh", "book": "Bo",
    "ceramic": "Ce", "ornament": "Or", "reliquary": "Rq", "wonder": "Wd", "coin5": "Ni",
}
LETTERS_GOOD = {v: GOOD_CODES.index(k) for k, v in GOOD_LETTERS.items()}
LETTERS_GOOD["Po"] = GOOD_CODES.index("ceramic")   # kennerspiel's legacy codes
LETTERS_GOOD["Ho"] = GOOD_CODES.index("malt")
SETTLEMENT_BASE = CARD_CODES.index("S01")


def good_letters(g: int) -> str:
    return GOOD_LETTERS[GOOD_CODES[g]]


def card_label(state, owner: int, cid: int) -> str:
    """The kennerspiel code of a card standing in ``owner``'s landscape."""
    code = CARD_CODES[cid]
    if code in ("L1", "L2", "L3"):
        return f"L{state._color(owner)}{code[1]}"
    if code.startswith("S"):
        return f"S{state._color(owner)}{code[2]}"
    return code


def _coords(state, owner: int, sp: int) -> str:
    c, r = state._space_coord(owner, sp)
    return f"{c} {r}"


def action_to_string(state, a: int) -> str:
    """The text of action ``a`` in ``state`` (see the module docstring).

    Raises
    ------
    ValueError
        For an id out of range, or an id no decision can produce (an action
        of a card that is not on the landscape it names, say).
    """
    if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a < L["TOTAL"]:
        raise ValueError(f"not an action id: {a!r}")
    try:
        return _action_text(state, a)
    except (IndexError, KeyError):
        raise ValueError(f"action {a} names nothing in this position (no decision produces it)") from None


def _action_text(state, a: int) -> str:
    fixed = {
        L["COMMIT"]: "COMMIT", L["CONVERT_GRAIN"]: "CONVERT Gn", L["CONVERT_WINE"]: "CONVERT Wn",
        L["CONVERT_WHISKEY"]: "CONVERT Wh", L["SKIP"]: "SKIP", L["DONE"]: "DONE",
        L["ACCEPT"]: "ACCEPT", L["WITH_LAYBROTHER"]: "WITH_LAYBROTHER",
        L["WITH_PRIOR"]: "WITH_PRIOR", L["FELL_NONE"]: "FELL_TREES -", L["CUT_NONE"]: "CUT_PEAT -",
    }
    if state.is_chance_node():
        # the seating (chance="explicit"): the colours seat by seat
        if not 0 <= a < len(state.legal_actions()):
            raise ValueError(f"{a} is not an outcome of the seating")
        return f"SEATING {core.seating_text(state.game.num_players(), a)}"
    if a in fixed:
        return fixed[a]
    me = state._turn()["current"]
    if a < L["UPGRADE"]:
        j = a - L["TAKE"]
        return f"TAKE {good_letters(j >> 1)}" + (" Jo" if j & 1 else "")
    if a < L["AMOUNT"]:
        return f"UPGRADE {good_letters(a - L['UPGRADE'])}"
    if a < L["PICK"]:
        return f"AMOUNT {a - L['AMOUNT']}"
    if a < L["PAY"]:
        return f"PICK {good_letters(a - L['PICK'])}"
    if a < L["USE_LB"]:
        j = a - L["PAY"]
        return "PAY " + good_letters(j // KMAX) * (j % KMAX + 1)
    if a < L["WORK"]:
        prior = a >= L["USE_PRIOR"]
        sp = (a - L["USE_LB"]) % N_SPACES
        text = f"USE {card_label(state, me, state._card_at(me, sp))}"
        return text + " WITH_PRIOR" if prior else text
    if a < L["TARGET"]:
        j = a - L["WORK"]
        owner, sp = divmod(j >> 1, N_SPACES)
        if j & 1:
            pay = "Wn" if state._config()["variant"] == "france" else "Wh"
        else:
            pay = "Pn" * state._turn()["contract_fee"]
        return f"WORK_CONTRACT {card_label(state, owner, state._card_at(owner, sp))} {pay}"
    if a < L["FELL"]:
        owner, sp = divmod(a - L["TARGET"], N_SPACES)
        return f"TARGET {card_label(state, owner, state._card_at(owner, sp))}"
    if a < L["BUILD"]:
        j = a - L["FELL"]
        verb = "FELL_TREES" if j < 200 else "CUT_PEAT"
        j %= 200
        return f"{verb} {_coords(state, me, j >> 1)}" + (" Jo" if j & 1 else "")
    if a < L["CARD"]:
        return f"BUILD {CARD_CODES[a - L['BUILD']]}"
    if a < L["SETTLE"]:
        return f"CHOOSE {CARD_CODES[a - L['CARD']]}"
    if a < L["SPACE"]:
        return f"SETTLE S{state._color(me)}{a - L['SETTLE'] + 1}"
    if a < L["DISTRICT"]:
        owner = state._decision()["space_p"]
        return f"AT {_coords(state, owner, a - L['SPACE'])}"
    if a < L["PLOT"]:
        j = a - L["DISTRICT"]
        return f"BUY_DISTRICT {j // 2 - ROW_OFFSET} {'HILLS' if j & 1 else 'PLAINS'}"
    if a < L["FORFEIT"]:
        j = a - L["PLOT"]
        return f"BUY_PLOT {j // 2 - ROW_OFFSET} {'MOUNTAIN' if j & 1 else 'COAST'}"
    if a < L["GIVE"]:
        g, k = divmod(a - L["FORFEIT"], KMAX)
        return "FORFEIT " + good_letters(g) * (k + 1)
    seat, k = divmod(a - L["GIVE"], KMAX)
    to = state._color(seat) if seat < state._config()["seats"] else str(seat)
    return f"FORFEIT {'Pn' * (k + 1)} TO {to}"


def _goods_string(text: str, tok: str, pos: int) -> list[int]:
    if len(tok) % 2:
        raise NotationError(text, pos, f"goods string {tok!r} has an odd length")
    out = []
    for i in range(0, len(tok), 2):
        pair = tok[i:i + 2]
        if pair not in LETTERS_GOOD:
            raise NotationError(text, pos + i, f"unknown goods code {pair!r}")
        out.append(LETTERS_GOOD[pair])
    return out


def _is_card_code(code: str) -> bool:
    # a code the notation writes for a card: G01, F09, I14, or a colour's LR1, SB3
    if code in CARD_CODES and code[:1] in "GFI":
        return True
    return (len(code) == 3 and code[0] in "LS" and code[1] in core.COLORS
            and code[2].isdigit() and 1 <= int(code[2]) <= (3 if code[0] == "L" else 8))


def _find_card(state, text: str, code: str, pos: int, owners, why: str = "") -> tuple[int, int]:
    """The landscape and space of the card ``code`` among ``owners``' landscapes.

    A card code that names no card is a :class:`NotationError`; a real card
    that is not where the move can reach is an :class:`IllegalActionError`
    (the move is well-formed, and not possible here), saying where it is.
    """
    for owner in owners:
        for sp, _c, _r, _t, cid in state._spaces(owner):
            if cid and card_label(state, owner, cid) == code:
                return owner, sp
    if not _is_card_code(code):
        raise NotationError(text, pos, f"{code!r} is not a card code (G01, F09, I14, LR1, SB3...)")
    where = None
    for owner in range(state._config()["seats"]):
        for sp, c, r, _t, cid in state._spaces(owner):
            if cid and card_label(state, owner, cid) == code:
                where = f"it is in seat {owner}'s landscape at ({c}, {r})"
    if where is None:
        where = ("it is in the display" if code in CARD_CODES and CARD_CODES.index(code) in state._display()
                 else "it is in nobody's landscape")
    raise IllegalActionError(None, f"{code} cannot be reached by this move: {where}{why}", text.strip())


def string_to_action(state, text: str) -> int:
    """Parse the text of an action in ``state``.

    Raises
    ------
    NotationError
        With the position of the first token that cannot be read.
    IllegalActionError
        For a well-formed move that names a card this move cannot reach here
        (``USE LG1`` in Red's turn), saying where the card is.  Other
        well-formed moves that are illegal here still parse; applying them
        raises :class:`olab.IllegalActionError`.
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), 0, "a move is a string")
    for i, ch in enumerate(text):
        # ASCII only: "ſkip".upper() is "SKIP" and int("٣") is 3 in Python,
        # but neither is notation
        if ord(ch) > 127:
            raise NotationError(text, i, f"notation is ASCII; {ch!r} is not")
    toks, pos = [], []
    i = 0
    for part in text.split():
        i = text.index(part, i)
        toks.append(part)
        pos.append(i)
        i += len(part)
    if not toks:
        raise NotationError(text, 0, "empty move")
    verb = toks[0].upper()
    args = toks[1:]
    if verb == "SEATING":
        if not state.is_chance_node():
            raise NotationError(text, 0, "SEATING is the outcome of the seating chance node, not asked now")
        if len(args) != 1:
            raise NotationError(text, len(text) if not args else pos[2] if len(args) > 1 else pos[1],
                                "SEATING takes the colours seat by seat, e.g. SEATING GRB")
        for a in state.legal_actions():
            if core.seating_text(state.game.num_players(), a) == args[0].upper():
                return a
        raise NotationError(text, pos[1], f"{args[0]!r} is not a seating of this game")
    me = state._turn()["current"]
    seats = range(state._config()["seats"])

    def arity(lo, hi, what):
        # missing arguments fail at the end of the text, extra ones at the first extra token
        if len(args) < lo:
            raise NotationError(text, len(text), f"{verb} takes {what}")
        if len(args) > hi:
            raise NotationError(text, pos[hi + 1], f"{verb} takes {what}")

    def need(n, what):
        arity(n, n, what)

    def integer(k):
        # a number as the notation writes it: an optional minus and at most 6 digits
        # (no move has a larger one; a longer one is no overflow but an error)
        tok = args[k]
        digits = tok[1:] if tok.startswith("-") else tok
        if not digits.isdigit():
            raise NotationError(text, pos[k + 1], f"expected a number, got {tok!r}")
        if len(digits) > 6:
            raise NotationError(text, pos[k + 1], f"{tok[:12]}... is too large a number for any move")
        return int(tok)

    def space(owner, k):
        c, r = integer(k), integer(k + 1)
        sp = state._space_at(owner, c, r)
        if sp < 0:
            raise NotationError(text, pos[k + 1], f"there is no space ({c}, {r}) in that landscape")
        return sp

    simple = {"COMMIT": L["COMMIT"], "SKIP": L["SKIP"], "DONE": L["DONE"], "ACCEPT": L["ACCEPT"],
              "WITH_LAYBROTHER": L["WITH_LAYBROTHER"], "WITH_PRIOR": L["WITH_PRIOR"]}
    if verb in simple:
        need(0, "no arguments")
        return simple[verb]
    if verb == "CONVERT":
        need(1, "one of Gn, Wn, Wh")
        conv = {"Gn": L["CONVERT_GRAIN"], "Wn": L["CONVERT_WINE"], "Wh": L["CONVERT_WHISKEY"]}
        if args[0] not in conv:
            raise NotationError(text, pos[1], "CONVERT takes Gn, Wn or Wh")
        return conv[args[0]]
    if verb in ("TAKE", "PICK", "GAIN", "UPGRADE", "PAY"):
        arity(1, 2, "a good")
        goods = _goods_string(text, args[0], pos[1])
        if verb == "PAY":
            arity(1, 1, "goods of one kind, e.g. GnGnGn")
            if len(set(goods)) != 1:
                raise NotationError(text, pos[1], "PAY takes goods of one kind, e.g. GnGnGn")
            if len(goods) > KMAX:
                raise NotationError(text, pos[1], f"at most {KMAX} goods per PAY")
            return L["PAY"] + goods[0] * KMAX + len(goods) - 1
        if len(goods) != 1:
            raise NotationError(text, pos[1], f"{verb} takes one good")
        if verb == "TAKE":
            arity(1, 2, "a good and optionally Jo")
            joker = len(args) == 2
            if joker and args[1] != "Jo":
                raise NotationError(text, pos[2], "TAKE takes a good and optionally Jo")
            return L["TAKE"] + 2 * goods[0] + (1 if joker else 0)
        need(1, "one good")
        if verb == "UPGRADE":
            return L["UPGRADE"] + goods[0]
        return L["PICK"] + goods[0]
    if verb == "AMOUNT":
        need(1, "a number")
        n = integer(0)
        if not 0 <= n <= 255:
            raise NotationError(text, pos[1], "AMOUNT is 0..255")
        return L["AMOUNT"] + n
    if verb == "USE":
        arity(1, 2, "a card and optionally WITH_PRIOR")
        if len(args) == 2 and args[1].upper() != "WITH_PRIOR":
            raise NotationError(text, pos[2], "USE takes a card and optionally WITH_PRIOR")
        _owner, sp = _find_card(state, text, args[0], pos[1], [me],
                                "; USE places a clergyman on one of your own buildings (seat "
                                f"{me}'s), WORK_CONTRACT uses another player's")
        return (L["USE_PRIOR"] if len(args) == 2 else L["USE_LB"]) + sp
    if verb == "WORK_CONTRACT":
        need(2, "a card and a payment (Pn, PnPn, Wn or Wh)")
        owner, sp = _find_card(state, text, args[0], pos[1], [o for o in seats if o != me],
                               "; a work contract is for another player's building")
        if args[1] in ("Pn", "PnPn"):
            kind = 0
        elif args[1] in ("Wn", "Wh"):
            kind = 1
        else:
            raise NotationError(text, pos[2], "payment is Pn, PnPn, Wn or Wh")
        return L["WORK"] + (owner * N_SPACES + sp) * 2 + kind
    if verb == "TARGET":
        need(1, "a card")
        owner, sp = _find_card(state, text, args[0], pos[1], seats)
        return L["TARGET"] + owner * N_SPACES + sp
    if verb in ("FELL_TREES", "CUT_PEAT"):
        if args == ["-"]:
            return L["FELL_NONE"] if verb == "FELL_TREES" else L["CUT_NONE"]
        arity(2, 3, "a column, a row and optionally Jo (or - for no card)")
        if len(args) == 3 and args[2] != "Jo":
            raise NotationError(text, pos[3], f"{verb} takes a column, a row and optionally Jo")
        sp = space(me, 0)
        base = L["FELL"] if verb == "FELL_TREES" else L["CUT"]
        return base + 2 * sp + (1 if len(args) == 3 else 0)
    if verb in ("BUILD", "CHOOSE"):
        need(1, "a card")
        if args[0] not in CARD_CODES or args[0][0] not in "GFI":
            raise NotationError(text, pos[1], f"unknown building card {args[0]!r}")
        return (L["BUILD"] if verb == "BUILD" else L["CARD"]) + CARD_CODES.index(args[0])
    if verb == "SETTLE":
        need(1, "a settlement card")
        code = args[0]
        if len(code) != 3 or code[0] != "S" or code[1] not in "RGBW" or code[2] not in "12345678":
            raise NotationError(text, pos[1], f"not a settlement card: {code!r}")
        if code[1] != state._color(me):
            raise NotationError(text, pos[1], f"{code} is not the acting player's settlement")
        return L["SETTLE"] + int(code[2]) - 1
    if verb == "AT":
        need(2, "a column and a row")
        return L["SPACE"] + space(state._decision()["space_p"], 0)
    if verb in ("BUY_DISTRICT", "BUY_PLOT"):
        need(2, "a row and a side")
        row = integer(0)
        sides = ("PLAINS", "HILLS") if verb == "BUY_DISTRICT" else ("COAST", "MOUNTAIN")
        if args[1] not in sides:
            raise NotationError(text, pos[2], f"side is {' or '.join(sides)}")
        if not -ROW_OFFSET <= row < ROW_OFFSET:
            raise NotationError(text, pos[1], f"row must be in {-ROW_OFFSET}..{ROW_OFFSET - 1}")
        base = L["DISTRICT"] if verb == "BUY_DISTRICT" else L["PLOT"]
        return base + (row + ROW_OFFSET) * 2 + sides.index(args[1])
    if verb == "FORFEIT":
        arity(1, 3, "goods of one kind, optionally TO and a seat's colour")
        goods = _goods_string(text, args[0], pos[1])
        if len(set(goods)) != 1 or len(goods) > KMAX:
            raise NotationError(text, pos[1], f"FORFEIT takes 1 to {KMAX} goods of one kind, e.g. PtPt")
        if len(args) == 1:
            return L["FORFEIT"] + goods[0] * KMAX + len(goods) - 1
        if len(args) != 3 or args[1] != "TO":
            raise NotationError(text, pos[2], "FORFEIT ... TO takes a seat's colour (R, G, B, W)")
        if GOOD_CODES[goods[0]] != "coin":
            raise NotationError(text, pos[1], "only coins (Pn) go to another seat")
        colors = [state._color(o) for o in seats]
        if args[2] not in colors:
            raise NotationError(text, pos[3], f"no seat of colour {args[2]!r}")
        return L["GIVE"] + colors.index(args[2]) * KMAX + len(goods) - 1
    raise NotationError(text, pos[0], f"unknown move {toks[0]!r}")


def describe_action(state, a: int) -> dict:
    """What action ``a`` does in ``state``, as data: read it without parsing its text.

    Always ``kind`` (a lower-case word: ``"use"``, ``"build"``, ``"pay"``...)
    and ``text`` (:func:`action_to_string`); then, as the kind has them,
    ``card`` (as the notation writes it), ``good`` (a goods name), ``count``,
    ``amount``, ``joker``, ``prior``, ``owner`` (the seat of the landscape),
    ``col`` / ``row``, ``side``, ``payment``, ``colors``, ``to`` (the seat a forfeit gives coins to).

    >>> import olab
    >>> state = olab.load("ora_et_labora", players=2).new_initial_state(colors="RG")
    >>> state.describe_action(state.string_to_action("USE LR1"))
    {'kind': 'use', 'text': 'USE LR1', 'card': 'LR1', 'owner': 0, 'col': 4, 'row': 0, 'prior': False}
    """
    text = action_to_string(state, a)            # raises for ids that name nothing
    out: dict[str, Any] = {"kind": None, "text": text}
    if state.is_chance_node():
        out.update(kind="seating", colors=core.seating_text(state.game.num_players(), a))
        return out
    fixed = {L["COMMIT"]: "commit", L["SKIP"]: "skip", L["DONE"]: "done", L["ACCEPT"]: "accept",
             L["WITH_LAYBROTHER"]: "with_lay_brother", L["WITH_PRIOR"]: "with_prior"}
    conversions = {L["CONVERT_GRAIN"]: "grain", L["CONVERT_WINE"]: "wine", L["CONVERT_WHISKEY"]: "whiskey"}
    me = state._turn()["current"]

    def space(owner, sp):
        c, r = state._space_coord(owner, sp)
        return {"owner": owner, "col": c, "row": r}

    if a in fixed:
        out["kind"] = fixed[a]
    elif a in conversions:
        out.update(kind="convert", good=conversions[a])
    elif a in (L["FELL_NONE"], L["CUT_NONE"]):
        out.update(kind="fell_trees" if a == L["FELL_NONE"] else "cut_peat", card=None)
    elif a < L["UPGRADE"]:
        j = a - L["TAKE"]
        out.update(kind="take", good=GOOD_CODES[j >> 1], joker=bool(j & 1))
    elif a < L["AMOUNT"]:
        out.update(kind="upgrade", good=GOOD_CODES[a - L["UPGRADE"]])
    elif a < L["PICK"]:
        out.update(kind="amount", amount=a - L["AMOUNT"])
    elif a < L["PAY"]:
        out.update(kind="pick", good=GOOD_CODES[a - L["PICK"]])
    elif a < L["USE_LB"]:
        j = a - L["PAY"]
        out.update(kind="pay", good=GOOD_CODES[j // KMAX], count=j % KMAX + 1)
    elif a < L["WORK"]:
        sp = (a - L["USE_LB"]) % N_SPACES
        out.update(kind="use", card=card_label(state, me, state._card_at(me, sp)), **space(me, sp),
                   prior=a >= L["USE_PRIOR"])
    elif a < L["TARGET"]:
        j = a - L["WORK"]
        owner, sp = divmod(j >> 1, N_SPACES)
        out.update(kind="work_contract", card=card_label(state, owner, state._card_at(owner, sp)),
                   **space(owner, sp), payment=text.split()[-1])
    elif a < L["FELL"]:
        owner, sp = divmod(a - L["TARGET"], N_SPACES)
        out.update(kind="target", card=card_label(state, owner, state._card_at(owner, sp)), **space(owner, sp))
    elif a < L["BUILD"]:
        j = a - L["FELL"]
        out.update(kind="fell_trees" if j < 200 else "cut_peat", card="forest" if j < 200 else "moor",
                   **space(me, (j % 200) >> 1), joker=bool(j & 1))
    elif a < L["CARD"]:
        out.update(kind="build", card=CARD_CODES[a - L["BUILD"]])
    elif a < L["SETTLE"]:
        out.update(kind="choose", card=CARD_CODES[a - L["CARD"]])
    elif a < L["SPACE"]:
        out.update(kind="settle", card=text.split()[-1])
    elif a < L["DISTRICT"]:
        out.update(kind="space", **space(state._decision()["space_p"], a - L["SPACE"]))
    elif a >= L["GIVE"]:
        # a forfeit (never legal, what the kennerspiel importer records): coins given to a seat
        seat, k = divmod(a - L["GIVE"], KMAX)
        out.update(kind="forfeit", good="coin", count=k + 1, to=seat)
    elif a >= L["FORFEIT"]:
        g, k = divmod(a - L["FORFEIT"], KMAX)
        out.update(kind="forfeit", good=GOOD_CODES[g], count=k + 1)
    else:
        word, row, side = text.split()
        out.update(kind=word.lower(), row=int(row), side=side.lower())
    return out
