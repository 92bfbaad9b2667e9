"""Binary snapshots of a game: a header, the root position and the actions.

Layout (little-endian)::

    magic     4 bytes  b"OLAB"
    format    u16      FORMAT_VERSION
    game      4 bytes  b"ORA\\0"
    size      u32      size of the core state struct
    actions   u32      number of actions
    root      size     the position the history starts from
    history   4 * n    the actions, int32
    crc32     u32      of everything before it

Loading checks the header and the checksum, checks that the root belongs to
the game doing the loading, then replays the history action by action; any
failure raises :class:`olab.StateFormatError` and nothing is returned.
"""
from __future__ import annotations

import struct
import zlib

from olab_core.errors import IllegalActionError, StateFormatError
from olab_core.ora import _engine as core

MAGIC = b"OLAB"
GAME = b"ORA\0"
FORMAT_VERSION = 1
_HEAD = struct.Struct("<4sH4sII")


def serialize(state) -> bytes:
    """The bytes of ``state`` and its history."""
    history = state.history()
    root = state._root_raw()
    body = _HEAD.pack(MAGIC, FORMAT_VERSION, GAME, len(root), len(history)) + root
    body += struct.pack(f"<{len(history)}i", *history)
    return body + struct.pack("<I", zlib.crc32(body) & 0xFFFFFFFF)


def deserialize(game, data) -> "object":
    """Rebuild a state of ``game`` from :func:`serialize` bytes."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise StateFormatError(f"expected bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) < _HEAD.size + 4:
        raise StateFormatError(f"truncated: {len(data)} bytes is shorter than the header")
    magic, version, game_code, size, n = _HEAD.unpack_from(data)
    if magic != MAGIC:
        raise StateFormatError("not an olab state (bad magic)")
    if game_code != GAME:
        raise StateFormatError(f"a state of another game ({game_code.rstrip(bytes(1)).decode(errors='replace')!r})")
    if version != FORMAT_VERSION:
        raise StateFormatError(f"format version {version}; this olab reads version {FORMAT_VERSION}")
    if size != core.STATE_SIZE:
        raise StateFormatError(f"state size {size} does not match this build ({core.STATE_SIZE})")
    expected = _HEAD.size + size + 4 * n + 4
    if len(data) != expected:
        raise StateFormatError(f"truncated or padded: {len(data)} bytes, expected {expected}")
    (crc,) = struct.unpack_from("<I", data, len(data) - 4)
    if zlib.crc32(data[:-4]) & 0xFFFFFFFF != crc:
        raise StateFormatError("checksum mismatch: the bytes are corrupted")
    root = data[_HEAD.size:_HEAD.size + size]
    actions = struct.unpack_from(f"<{n}i", data, _HEAD.size + size)
    state = game.new_initial_state(0)
    fresh = state._raw()
    cfg_len = core.CONFIG_SIZE
    if root[:cfg_len] != fresh[:cfg_len]:
        raise StateFormatError("the state was saved by a game with other rules or players")
    state._load_raw(root)
    problem = state._sanity()
    if problem:
        raise StateFormatError(f"corrupt root position: {problem}")
    for i, a in enumerate(actions):
        try:
            state.apply_action(a)
        except IllegalActionError as e:
            raise StateFormatError(f"action {i} of the history does not apply: {e}") from None
    return state
