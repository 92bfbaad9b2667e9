"""Sphinx directives that render the Orléans facts from olab's own data (olab/data/orleans).

``.. orleans-places::`` the ten board places; ``.. orleans-place-tiles::`` the
20 place tiles with olab's stage and requirements and whether they are
confirmed; ``.. orleans-tracks::`` the character tracks; ``.. orleans-deeds::``
the Beneficial Deeds; ``.. orleans-choices::`` every reading of
``choices.json``; ``.. orleans-unconfirmed::`` every fact of ``tracks.json`` and
``map.json`` whose confidence is single source, conflict or unknown.  A data
change shows here at the next build.
"""
from functools import partial

from docutils.parsers.rst import Directive

from olabtables import cell, render

_cell = cell
_render = partial(render, source="orleans-facts")


def _needs(needs):
    return ", ".join(needs) if needs else "none (passive)"


class Places(Directive):
    def run(self):
        from olab.orleans import BOARD_PLACES

        rows = [[p.id, p.name, _needs(p.needs), p.min_to_activate, p.effect] for p in BOARD_PLACES.values()]
        return _render(self, rows, ["id", "name", "action spaces", "to use", "effect"], [12, 12, 26, 6, 44])


class PlaceTiles(Directive):
    def run(self):
        from olab.orleans import PLACE_TILES

        def yes(tile, key):
            return "yes" if tile.confirmed.get(key) else "**no**"

        rows = [[t.id, t.name, t.stage, yes(t, "stage"), _needs(t.needs), yes(t, "needs"), t.effect]
                for t in PLACE_TILES.values()]
        header = ["id", "name", "stage", "stage confirmed", "action spaces", "spaces confirmed", "effect"]
        return _render(self, rows, header, [12, 12, 5, 8, 18, 8, 37])


class Tracks(Directive):
    def run(self):
        from olab.orleans import TRACKS

        def reward(r):
            if r.good:
                return r.good
            if r.coins:
                return f"{r.coins} coins"
            if r.development:
                return f"+{r.development} development"
            if r.draw:
                return f"draw {r.draw}"
            if r.citizen:
                return "citizen"
            return "technology tile" if r.technology else "place tile"

        rows = [[t.id, t.recruited_by, t.steps, "; ".join(reward(r) for r in t.rewards)] for t in TRACKS.values()]
        return _render(self, rows, ["track", "recruited by", "steps", "rewards, step by step"], [10, 24, 6, 60])


class Deeds(Directive):
    def run(self):
        from olab.orleans import DEEDS

        rows = [[d.id, d.name, ", ".join(d.spaces),
                 f"{d.coins} coin" + (f" or {d.or_development} development" if d.or_development else "")]
                for d in DEEDS.values()]
        return _render(self, rows, ["id", "name", "spaces", "reward per space"], [16, 22, 42, 20])


class Choices(Directive):
    def run(self):
        from olab.orleans.components import load_data

        _t, _m, choices = load_data()
        rows = []
        for key, entry in choices.items():
            if not isinstance(entry, dict) or "basis" not in entry:
                continue
            value = entry.get("value", {k: v for k, v in entry.items() if k not in ("basis", "confirmed")})
            confirmed = entry.get("confirmed")
            rows.append([f"``{key}``", value, "yes" if confirmed is True else "**no**", entry["basis"]])
        return _render(self, rows, ["key", "olab plays", "confirmed", "basis"], [18, 20, 8, 54])


_WEAK = ("single_source", "conflict", "unknown")


def _walk(obj, path, out):
    if isinstance(obj, dict):
        conf = obj.get("confidence")
        if isinstance(conf, dict) and all(isinstance(v, str) and len(v) > 20 for v in conf.values()):
            # map.json: one confidence text per group of facts
            for k, v in conf.items():
                if v.startswith(_WEAK) or "UNCERTAIN" in v:
                    out.append((f"{path}.confidence.{k}" if path else f"confidence.{k}", v.split()[0], v))
        else:
            confs = conf.values() if isinstance(conf, dict) else [conf]
            weak = [c for c in confs if isinstance(c, str) and c.startswith(_WEAK)]
            if weak:
                note = obj.get("note") or (obj.get("value") if isinstance(obj.get("value"), str) else "")
                out.append((path, ", ".join(sorted(set(weak))), note))
        for k, v in obj.items():
            if k not in ("sources", "second_source"):
                _walk(v, f"{path}.{k}" if path else k, out)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            key = v.get("id", i) if isinstance(v, dict) else i
            _walk(v, f"{path}[{key}]", out)


class Unconfirmed(Directive):
    required_arguments = 1          # tracks or map

    def run(self):
        from olab.orleans.components import load_data

        tracks, mapdata, _c = load_data()
        data = tracks if self.arguments[0] == "tracks" else mapdata
        out = []
        _walk(data, "", out)
        rows = [[f"``{p}``", c, n] for p, c, n in out]
        return _render(self, rows, ["data key", "confidence", "note"], [30, 12, 58])


class Sources(Directive):
    """The sources the tables cite by code (``NEO``, ``BGA``...), from ``tracks.json``."""

    def run(self):
        from olab.orleans.components import load_data

        tracks, _m, _c = load_data()
        rows = [[f"``{code}``", text] for code, text in tracks["sources"].items()]
        return _render(self, rows, ["code", "source"], [12, 88])


def setup(app):
    app.add_directive("orleans-sources", Sources)
    app.add_directive("orleans-places", Places)
    app.add_directive("orleans-place-tiles", PlaceTiles)
    app.add_directive("orleans-tracks", Tracks)
    app.add_directive("orleans-deeds", Deeds)
    app.add_directive("orleans-choices", Choices)
    app.add_directive("orleans-unconfirmed", Unconfirmed)
    return {"version": "1", "parallel_read_safe": True}
