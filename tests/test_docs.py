"""The examples in the documentation run: every ``.. doctest::`` block of docs/**/*.rst.

The blocks of one page share a namespace and run in page order, as
``sphinx-build -b doctest`` would run them; CI only runs pytest, so this is
what keeps the tutorial and the other pages honest.
"""
import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
FLAGS = doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL | doctest.DONT_ACCEPT_TRUE_FOR_1


def doctest_blocks(text: str) -> list[tuple[int, str]]:
    """(first line number, dedented body) of every ``.. doctest::`` block of an rst text."""
    lines = text.splitlines()
    blocks = []
    i = 0
    while i < len(lines):
        if re.match(r"^\s*\.\. doctest::", lines[i]):
            indent = len(lines[i]) - len(lines[i].lstrip())
            i += 1
            while i < len(lines) and re.match(r"^\s+:\w", lines[i]):
                i += 1                                  # directive options
            while i < len(lines) and not lines[i].strip():
                i += 1                                  # the blank line after the directive
            body, start = [], i + 1
            while i < len(lines) and (not lines[i].strip()
                                      or len(lines[i]) - len(lines[i].lstrip()) > indent):
                body.append(lines[i])
                i += 1
            cut = min(len(line) - len(line.lstrip()) for line in body if line.strip())
            blocks.append((start, "\n".join(line[cut:] for line in body).rstrip("\n") + "\n"))
        else:
            i += 1
    return blocks


# every page, in subfolders too (docs/api/, a game's own folder); not a build's output
PAGES = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.rst")
               if "_build" not in p.relative_to(DOCS).parts and ".. doctest::" in p.read_text(encoding="utf-8"))


def test_the_tutorial_and_quickstart_have_examples():
    assert {"tutorial_frontend.rst", "quickstart.rst", "actions.rst"} <= set(PAGES)
    assert len(doctest_blocks((DOCS / "tutorial_frontend.rst").read_text(encoding="utf-8"))) >= 10


@pytest.mark.parametrize("page", PAGES)
def test_page_examples_run(page):
    path = DOCS / page
    globs = {"__name__": "docs." + page[:-len(".rst")].replace("/", "."), "__file__": str(path)}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    attempted = 0
    for lineno, body in doctest_blocks(path.read_text(encoding="utf-8")):
        test = parser.get_doctest(body, globs, f"{page}:{lineno}", str(path), lineno - 1)
        result = runner.run(test, clear_globs=False)
        globs.update(test.globs)                        # DocTest works on a copy
        assert result.failed == 0, f"{page}: a doctest block at line {lineno} fails (output above)"
        attempted += result.attempted
    assert attempted > 0
