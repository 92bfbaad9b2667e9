"""``.. observation-layouts::``: the observation tensor layout of every registered game.

Each game's table comes from its own ``observation_layout()`` (the layout the
core's offsets are checked against), so the docs list exactly what the
tensors hold, and a game registered later appears without an edit here.
"""
from docutils import nodes
from docutils.parsers.rst import Directive
from docutils.statemachine import StringList


class ObservationLayouts(Directive):
    def run(self):
        import olab

        lines = []
        for name, info in olab.games().items():
            game = olab.load(name)
            layout = game.observation_layout()
            size = game.observation_tensor_shape()[0]
            title = f"{info.title} (``{name}``)"
            lines += [f".. rubric:: {title}", "",
                      f"{size:,} float32 numbers ({4 * size:,} bytes) in {len(layout)} segments.", ""]
            lines += layout.rst_table().splitlines() + [""]
        node = nodes.container()
        self.state.nested_parse(StringList(lines, source="observation-layouts"), self.content_offset, node)
        return node.children


def setup(app):
    app.add_directive("observation-layouts", ObservationLayouts)
    return {"version": "1", "parallel_read_safe": True}
