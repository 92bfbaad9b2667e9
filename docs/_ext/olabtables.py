"""What the table directives of every game share: a cell that shows its value, a list-table from rows.

Not an extension of its own: ``oracards``, ``arlecards`` and ``orleansfacts``
import it (``docs/_ext`` is on the path, ``conf.py``).
"""
from docutils import nodes
from docutils.statemachine import StringList


def cell(text) -> str:
    """The reStructuredText of one table cell showing ``text``."""
    # a cell of "-" (or one starting "- ") would be read as a list with an empty
    # item and drawn as a lone bullet: an empty value is a dash, a leading
    # list marker is escaped
    text = str(text).replace("\n", " ").replace("|", "/").strip()
    if text in ("", "-"):
        return "\u2014"
    return "\\" + text if text[0] in "-*+" else text


def render(directive, rows, header, widths, source):
    """The nodes of a list-table with a header row, parsed in ``directive``'s state."""
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {' '.join(map(str, widths))}", ""]
    for row in [header] + rows:
        lines.append("   * - " + cell(row[0]))
        for value in row[1:]:
            lines.append("     - " + cell(value))
    node = nodes.container()
    directive.state.nested_parse(StringList(lines, source=source), directive.content_offset, node)
    return node.children
