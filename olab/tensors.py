"""Observation tensors: the layout every game documents, and the checks on it.

A game's core writes one flat float32 vector per observation
(``state.observation_tensor(player)``), the same size in every configuration
of the game (``game.observation_tensor_shape()``).  The vector is a sequence
of named, contiguous *segments*; each game describes them in a
:class:`Layout` built from the same data as its rules (the names of its
goods, cards, spaces...), which the docs render and the tests read:

>>> import olab
>>> game = olab.load("ora_et_labora", players=2)
>>> layout = game.observation_layout()
>>> layout.size == game.observation_tensor_shape()[0]
True
>>> seg = layout["seat.goods"]
>>> seg.shape, seg.labels[1][:3]
((4, 22), ('wood', 'clay', 'peat'))

Conventions shared by every game:

- everything is seen from the observer: a segment over seats (``seat.*``)
  has one row per seat *relative to the observer* (row 0 is the observer,
  row 1 the next seat in turn order, ...); rows of seats a configuration
  does not have are 0;
- a one-hot segment has exactly one 1 (or none, where the layout says so);
- a count is divided by the segment's ``scale`` (so most values stay
  around 0..1);
- only what the observer may see is encoded.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["Segment", "Layout", "seg", "checked"]


@dataclass(frozen=True)
class Segment:
    """One named slice of an observation tensor.

    Attributes
    ----------
    name : str
        Dotted, unique in the layout (``"seat.goods"``).
    shape : tuple of int
        The slice read as an array (its product is its size); a segment over
        seats has the number of seat rows first.
    labels : tuple of tuple of str
        One tuple of labels per axis of ``shape`` (``()`` for an axis whose
        index is its own label).
    kind : str
        ``"onehot"`` (one 1 per row, or none where ``help`` says so),
        ``"bits"`` (any number of 1s), ``"count"`` (a number divided by
        ``scale``) or ``"value"`` (a number, see ``help``).
    scale : float
        What a count was divided by (1 for bits and one-hots).
    low, high : float
        Every value lies in ``[low, high]``.
    help : str
        One line: what the slice holds.
    offset : int
        Where the slice starts in the tensor (set by :class:`Layout`).
    """

    name: str
    shape: tuple[int, ...]
    labels: tuple[tuple[str, ...], ...]
    kind: str
    scale: float
    low: float
    high: float
    help: str
    offset: int = 0

    @property
    def size(self) -> int:
        """How many floats the segment holds (the product of its shape)."""
        return math.prod(self.shape)

    @property
    def slice(self) -> slice:
        """Where the segment lies in the tensor, as a ``slice``."""
        return slice(self.offset, self.offset + self.size)

    def describe(self) -> dict:
        """The segment as JSON-ready data."""
        return {"name": self.name, "offset": self.offset, "size": self.size, "shape": list(self.shape),
                "kind": self.kind, "scale": self.scale, "low": self.low,
                "high": None if math.isinf(self.high) else self.high, "help": self.help,
                "labels": [list(axis) for axis in self.labels]}


def seg(name: str, shape: int | Sequence[int], help: str, kind: str = "bits", labels: Iterable = (),
        scale: float = 1.0, low: float = 0.0, high: float | None = None) -> Segment:
    """A :class:`Segment` with the usual defaults (bits and one-hots lie in [0, 1], counts in [0, inf))."""
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    labels = tuple(tuple(str(x) for x in axis) for axis in labels)
    labels = labels + ((),) * (len(shape) - len(labels))
    for axis, (n, lab) in enumerate(zip(shape, labels)):
        if lab and len(lab) != n:
            raise ValueError(f"segment {name}: axis {axis} has {n} entries but {len(lab)} labels")
    if kind not in ("onehot", "bits", "count", "value"):
        raise ValueError(f"segment {name}: unknown kind {kind!r}")
    if high is None:
        high = 1.0 if kind in ("onehot", "bits") else math.inf
    return Segment(name, shape, labels, kind, float(scale), float(low), float(high), help)


class Layout:
    """The segments of one game's observation tensor, in order.

    ``layout[name]`` is a :class:`Segment`; ``layout.view(tensor, name)``
    the slice of a tensor (or of a batch of tensors, on the last axis)
    shaped as the segment.
    """

    def __init__(self, game: str, segments: Iterable[Segment]):
        self.game = game
        out, offset = [], 0
        for s in segments:
            out.append(Segment(s.name, s.shape, s.labels, s.kind, s.scale, s.low, s.high, s.help, offset))
            offset += s.size
        names = [s.name for s in out]
        if len(set(names)) != len(names):
            raise ValueError(f"{game}: a segment name is used twice")
        self.segments: tuple[Segment, ...] = tuple(out)
        self.size = offset
        self._by_name = {s.name: s for s in out}

    def __getitem__(self, name: str) -> Segment:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"{self.game} has no observation segment {name!r}; "
                           f"segments: {', '.join(self._by_name)}") from None

    def __iter__(self):
        return iter(self.segments)

    def __len__(self) -> int:
        return len(self.segments)

    def __repr__(self) -> str:
        return f"<olab observation layout of {self.game}: {len(self)} segments, {self.size} floats>"

    def names(self) -> list[str]:
        """The segments' names, in tensor order."""
        return list(self._by_name)

    def view(self, tensor, name: str):
        """The part of ``tensor`` (shape ``(..., size)``) that segment ``name`` holds, shaped as the segment."""
        s = self[name]
        part = tensor[..., s.offset:s.offset + s.size]
        return part.reshape(part.shape[:-1] + s.shape)

    def bounds(self):
        """``(low, high)``: two float32 NumPy arrays of the tensor's size (a Gymnasium ``Box``'s bounds)."""
        import numpy as np

        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for s in self.segments:
            low[s.slice] = s.low
            high[s.slice] = s.high
        return low, high

    def describe(self) -> list[dict]:
        """Every segment as JSON-ready data."""
        return [s.describe() for s in self.segments]

    def rst_table(self) -> str:
        """The layout as an reStructuredText list-table (the docs render it)."""
        lines = [".. list-table::", "   :header-rows: 1", "   :widths: 8 22 10 10 50", "",
                 "   * - offset", "     - segment", "     - shape", "     - kind", "     - what it holds"]
        for s in self.segments:
            kind = s.kind if s.scale == 1 else f"{s.kind} / {s.scale:g}"
            shape = " x ".join(str(n) for n in s.shape)
            labels = []
            for axis in s.labels:
                if axis:
                    shown = ", ".join(axis[:12]) + (", ..." if len(axis) > 12 else "")
                    labels.append(f"[{shown}]")
            text = s.help.replace("*", r"\*") + (" " + " x ".join(labels) if labels else "")
            lines += [f"   * - {s.offset}", f"     - ``{s.name}``", f"     - {shape}", f"     - {kind}",
                      f"     - {text}"]
        return "\n".join(lines) + "\n"

    def check(self, tensor) -> list[str]:
        """Problems with one tensor: values outside a segment's bounds, a one-hot row with several 1s.

        An empty list when the tensor keeps the layout.
        """
        import numpy as np

        t = np.asarray(tensor, dtype=np.float32)
        problems = []
        if t.shape != (self.size,):
            return [f"shape {t.shape}, not ({self.size},)"]
        if not np.all(np.isfinite(t)):
            problems.append(f"not finite at {np.flatnonzero(~np.isfinite(t))[:5].tolist()}")
        for s in self.segments:
            part = t[s.slice]
            if part.size and (part.min() < s.low or part.max() > s.high):
                problems.append(f"{s.name}: values in [{part.min()}, {part.max()}], not in [{s.low}, {s.high}]")
            if s.kind in ("onehot", "bits") and part.size and not np.all((part == 0) | (part == 1)):
                problems.append(f"{s.name}: a {s.kind} segment holds values other than 0 and 1")
            if s.kind == "onehot":
                rows = part.reshape(-1, s.shape[-1]).sum(axis=1)
                if np.any(rows > 1):
                    problems.append(f"{s.name}: a one-hot row has {int(rows.max())} ones")
        return problems


def checked(layout: Layout, core_offsets: dict, core_size: int) -> Layout:
    """``layout``, once it is known to agree with the core's own segment offsets and size.

    A game's core exports where it writes each segment (``name`` with dots as
    ``__``); a layout that the data changed without the core (or the other
    way round) stops the import here rather than mislabel a tensor.
    """
    mine = {s.name.replace(".", "__"): s.offset for s in layout}
    if mine != dict(core_offsets) or layout.size != core_size:
        wrong = sorted(k for k in set(mine) | set(core_offsets) if mine.get(k) != core_offsets.get(k))
        raise RuntimeError(f"{layout.game}: the observation layout and the core disagree "
                           f"(size {layout.size} vs {core_size}; segments {wrong[:5]}): rebuild the core")
    return layout
