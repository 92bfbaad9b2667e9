"""A table cell of "-" renders as a dash, not an empty bullet (issue 25 point 8)."""
import importlib.util
import sys
from pathlib import Path

import pytest

EXT = Path(__file__).resolve().parent.parent / "docs" / "_ext"


def _module(name):
    if str(EXT) not in sys.path:        # as docs/conf.py puts it: the directives share olabtables
        sys.path.insert(0, str(EXT))
    spec = importlib.util.spec_from_file_location(f"_docs_ext_{name}", EXT / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("ext", ["arlecards", "oracards", "orleansfacts"])
@pytest.mark.parametrize("value", ["-", "", "- 2 each", "*R"])
def test_a_cell_is_never_a_list(ext, value):
    from docutils import nodes
    from docutils.core import publish_doctree

    cell = _module(ext)._cell
    text = "\n".join([".. list-table::", "   :header-rows: 1", "", "   * - what", "     - value",
                      "   * - x", "     - " + cell(value), ""])
    tree = publish_doctree(text, settings_overrides={"report_level": 5})
    assert not list(tree.findall(nodes.bullet_list)), f"{ext}: {value!r} renders as a list"
    entry = list(tree.findall(nodes.entry))[-1].astext()
    assert entry == ("\u2014" if value in ("", "-") else value)
