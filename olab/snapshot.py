"""Binary snapshots of a game, for every game: a header, the first position and the actions.

Layout (little-endian)::

    magic     4 bytes  b"OLAB"
    format    u16      FORMAT_VERSION
    game      4 bytes  the game's code (b"ORA\\0" for Ora et Labora)
    rules     u16      the game's rules version (:attr:`olab.GameInfo.rules_version`)
    size      u32      size of the core state struct
    actions   u32      number of actions
    root      size     the position the history starts from
    history   4 * n    the actions, int32
    crc32     u32      of everything before it

Loading checks the header and the checksum, checks that the root belongs to
the game doing the loading (its configuration bytes, the first
``config_size`` of the struct), asks the game to check the root's fields,
then replays the history action by action; any failure raises
:class:`olab.StateFormatError` and nothing is returned.

A snapshot of another rules version is refused: its history might replay to
another position under these rules.  Format 1 (before the rules version was
written) is read only for a game still at rules version 1, the only version
such a snapshot can have been written under.
"""
from __future__ import annotations

import struct
import zlib

from olab_core.errors import IllegalActionError, StateFormatError

MAGIC = b"OLAB"
FORMAT_VERSION = 2
_HEAD = struct.Struct("<4sH4sHII")
#: the header of format 1, which had no rules version
_HEAD_1 = struct.Struct("<4sH4sII")

__all__ = ["serialize", "deserialize", "FORMAT_VERSION"]


def serialize(state, code: bytes) -> bytes:
    """The bytes of ``state`` and its history; ``code`` is the game's 4-byte code.

    The history written is the one that replays from the first position
    written: for a view made by ``determinize`` (whose undo chain starts at the
    view) only the actions since the view, so that the bytes load again and
    tell nothing the view hides.
    """
    history = state._chain_history()
    root = state._root_raw()
    body = _HEAD.pack(MAGIC, FORMAT_VERSION, code, _rules_version(state.game), len(root), len(history)) + root
    body += struct.pack(f"<{len(history)}i", *history)
    return body + struct.pack("<I", zlib.crc32(body) & 0xFFFFFFFF)


def deserialize(game, data, code: bytes, state_size: int, config_size: int, check_root=None):
    """Rebuild a state of ``game`` from :func:`serialize` bytes.

    Parameters
    ----------
    game : olab.contract.GameProtocol
    data : bytes-like
    code : bytes
        The game's 4-byte code.
    state_size, config_size : int
        The size of the core struct, and of the configuration at its start.
    check_root : callable, optional
        ``check_root(state)`` returns a reason why the loaded root is not a
        position of the game, or ``None``.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise StateFormatError(f"expected bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) < _HEAD_1.size + 4:
        raise StateFormatError(f"truncated: {len(data)} bytes is shorter than the header")
    magic, version, game_code = struct.unpack_from("<4sH4s", data)
    if magic != MAGIC:
        raise StateFormatError("not an olab state (bad magic)")
    if game_code != code:
        raise StateFormatError(f"a state of another game ({game_code.rstrip(bytes(1)).decode(errors='replace')!r})")
    plays = _rules_version(game)
    if version == FORMAT_VERSION:
        head = _HEAD
        _m, _v, _c, rules, size, n = _HEAD.unpack_from(data)
    elif version == 1:
        # written before snapshots carried the rules version: by version 1,
        # unless the game has changed its rules since
        head = _HEAD_1
        _m, _v, _c, size, n = _HEAD_1.unpack_from(data)
        rules = 1 if plays == 1 else None
        if rules is None:
            raise StateFormatError(f"format version 1 does not say its rules version; this olab plays "
                                   f"{game.name} rules version {plays} and reads only snapshots that say so")
    else:
        raise StateFormatError(f"format version {version}; this olab reads versions 1 and {FORMAT_VERSION}")
    if rules != plays:
        raise StateFormatError(f"saved under {game.name} rules version {rules}; this olab plays version {plays} "
                               f"(the history may replay differently)")
    if size != state_size:
        raise StateFormatError(f"state size {size} does not match this build ({state_size})")
    expected = head.size + size + 4 * n + 4
    if len(data) != expected:
        raise StateFormatError(f"truncated or padded: {len(data)} bytes, expected {expected}")
    (crc,) = struct.unpack_from("<I", data, len(data) - 4)
    if zlib.crc32(data[:-4]) & 0xFFFFFFFF != crc:
        raise StateFormatError("checksum mismatch: the bytes are corrupted")
    root = data[head.size:head.size + size]
    actions = struct.unpack_from(f"<{n}i", data, head.size + size)
    state = game.new_initial_state(0)
    if root[:config_size] != state._raw()[:config_size]:
        raise StateFormatError("the state was saved by a game with other rules or players")
    state._load_raw(root)
    problem = check_root(state) if check_root is not None else None
    if problem:
        raise StateFormatError(f"corrupt root position: {problem}")
    # a history is replayed with apply_recorded (declared on the contract: a
    # game whose history may hold actions that are never legal, Ora's
    # forfeits, widens it)
    apply = state.apply_recorded
    for i, a in enumerate(actions):
        try:
            apply(a)
        except IllegalActionError as e:
            raise StateFormatError(f"action {i} of the history does not apply: {e}") from None
    return state


def _rules_version(game) -> int:
    # the registry's rules version of the game (1 for a game not registered)
    info = game.info()
    return info.rules_version if info is not None else 1
