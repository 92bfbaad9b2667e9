"""Binary snapshots of a game, for every game: a header, the first position and the actions.

Layout (little-endian)::

    magic     4 bytes  b"OLAB"
    format    u16      FORMAT_VERSION
    game      4 bytes  the game's code (b"ORA\\0" for Ora et Labora)
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
"""
from __future__ import annotations

import struct
import zlib

from olab_core.errors import IllegalActionError, StateFormatError

MAGIC = b"OLAB"
FORMAT_VERSION = 1
_HEAD = struct.Struct("<4sH4sII")

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
    body = _HEAD.pack(MAGIC, FORMAT_VERSION, code, len(root), len(history)) + root
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
    if len(data) < _HEAD.size + 4:
        raise StateFormatError(f"truncated: {len(data)} bytes is shorter than the header")
    magic, version, game_code, size, n = _HEAD.unpack_from(data)
    if magic != MAGIC:
        raise StateFormatError("not an olab state (bad magic)")
    if game_code != code:
        raise StateFormatError(f"a state of another game ({game_code.rstrip(bytes(1)).decode(errors='replace')!r})")
    if version != FORMAT_VERSION:
        raise StateFormatError(f"format version {version}; this olab reads version {FORMAT_VERSION}")
    if size != state_size:
        raise StateFormatError(f"state size {size} does not match this build ({state_size})")
    expected = _HEAD.size + size + 4 * n + 4
    if len(data) != expected:
        raise StateFormatError(f"truncated or padded: {len(data)} bytes, expected {expected}")
    (crc,) = struct.unpack_from("<I", data, len(data) - 4)
    if zlib.crc32(data[:-4]) & 0xFFFFFFFF != crc:
        raise StateFormatError("checksum mismatch: the bytes are corrupted")
    root = data[_HEAD.size:_HEAD.size + size]
    actions = struct.unpack_from(f"<{n}i", data, _HEAD.size + size)
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
