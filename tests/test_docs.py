"""The examples in the documentation run: every ``.. doctest::`` block of docs/**/*.rst.

The blocks of one page share a namespace and run in page order, as
``sphinx-build -b doctest`` would run them; CI only runs pytest, so this is
what keeps the tutorial and the other pages honest.  The ``.. code-block::
python`` programs (a whole script, shown without prompts) run too, each on its
own in an empty directory, but for the few listed in ``NOT_RUN`` with the
reason.  A transcript of the engine protocol (``->`` requests, ``<-``
answers) is played against the engine and its answers compared, and every
``$ olab ...`` command line of a ``.. code-block:: console`` is one the
command line tool accepts (its flags and values are parsed, not run).
"""
import doctest
import json
import os
import re
import shlex
import sys
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
# (a page that only names the directive in its text has no block)
PAGES = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.rst")
               if "_build" not in p.relative_to(DOCS).parts and doctest_blocks(p.read_text(encoding="utf-8")))


# the modules of the optional extras (pyproject.toml) a page's examples may need:
# without them the page is skipped, as the tests of olab.rl are (the README's promise)
EXTRA_MODULES = {"olab.rl": ("numpy", "gymnasium", "pettingzoo", "pyspiel", "pyarrow"),
                 "numpy": ("numpy",), "gymnasium": ("gymnasium",), "pettingzoo": ("pettingzoo",),
                 "pyspiel": ("pyspiel",), "pyarrow": ("pyarrow",), "ray": ("ray",)}


def missing_extra(text: str, find=None) -> str | None:
    """Why the examples of ``text`` cannot run here (an extra's module is missing), or None."""
    import importlib.util

    find = find or importlib.util.find_spec
    for name, modules in EXTRA_MODULES.items():
        if re.search(rf"(?m)^\s*(?:>>> |\.\.\. )?\s*(?:from|import) {re.escape(name)}\b", text):
            lost = [m for m in modules if find(m) is None]
            if lost:
                return f"needs {', '.join(lost)} (pip install \"olab[rl]\" / \"olab[ray]\")"
    return None


def test_a_page_that_needs_a_missing_extra_is_skipped_not_failed():
    page = ">>> from olab.rl import VectorEnv\n"
    assert "gymnasium" in missing_extra(page, find=lambda m: None if m == "gymnasium" else object())
    assert missing_extra(page, find=lambda m: object()) is None
    assert missing_extra(">>> import olab\n", find=lambda m: None) is None


def test_the_tutorial_and_quickstart_have_examples():
    assert {"ora/frontend.rst", "quickstart.rst", "ora/actions.rst"} <= set(PAGES)
    assert len(doctest_blocks((DOCS / "ora" / "frontend.rst").read_text(encoding="utf-8"))) >= 10


@pytest.mark.parametrize("page", PAGES)
def test_page_examples_run(page):
    path = DOCS / page
    why = missing_extra("\n".join(body for _line, body in doctest_blocks(path.read_text(encoding="utf-8"))))
    if why:
        pytest.skip(f"{page} {why}")
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


def code_blocks(text: str) -> list[tuple[int, str]]:
    """(first line number, dedented body) of every ``.. code-block:: python`` of an rst text."""
    return doctest_blocks(re.sub(r"(?m)^(\s*)\.\. code-block:: python\s*$", r"\1.. doctest::",
                                 re.sub(r"(?m)^(\s*)\.\. doctest::", r"\1.. not-a-doctest::", text)))


# (page, index of the block on the page) -> why the tests do not run it
NOT_RUN = {
    ("arle/engine.rst", 0): "a measurement: 50 games of a 1000-simulation search (minutes)",
    ("ora/kennerspiel.rst", 0): "it reads the reader's own record, game.txt",
}

PROGRAMS = sorted((p.relative_to(DOCS).as_posix(), i)
                  for p in DOCS.rglob("*.rst") if "_build" not in p.relative_to(DOCS).parts
                  for i, _block in enumerate(code_blocks(p.read_text(encoding="utf-8"))))


def test_the_programs_not_run_are_still_there():
    assert set(NOT_RUN) <= set(PROGRAMS), set(NOT_RUN) - set(PROGRAMS)


@pytest.mark.parametrize("page,index", [p for p in PROGRAMS if p not in NOT_RUN])
def test_page_programs_run(page, index, tmp_path, monkeypatch):
    lineno, body = code_blocks((DOCS / page).read_text(encoding="utf-8"))[index]
    why = missing_extra(body)
    if why:
        pytest.skip(f"{page} {why}")
    monkeypatch.chdir(tmp_path)
    # a program may start the command line tools (olab engine): those of this Python
    monkeypatch.setenv("PATH", os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    code = compile("\n" * (lineno - 1) + body, str(DOCS / page), "exec")
    exec(code, {"__name__": "__main__"})


def transcripts(text: str) -> list[tuple[int, list[tuple[int, str, str]]]]:
    """Every ``.. code-block:: text`` of ``->`` / ``<-`` lines: (line, [(line, request, answer)])."""
    blocks = doctest_blocks(re.sub(r"(?m)^(\s*)\.\. code-block:: text\s*$", r"\1.. doctest::",
                                   re.sub(r"(?m)^(\s*)\.\. doctest::", r"\1.. not-a-doctest::", text)))
    out = []
    for start, body in blocks:
        lines = body.splitlines()
        if not lines or not all(line.startswith(("-> ", "<- ")) for line in lines):
            continue
        assert len(lines) % 2 == 0 and all(lines[i].startswith("-> ") and lines[i + 1].startswith("<- ")
                                           for i in range(0, len(lines), 2)), f"line {start}: not request, answer"
        out.append((start, [(start + i, lines[i][3:], lines[i + 1][3:]) for i in range(0, len(lines), 2)]))
    return out


def _same(expected, got) -> bool:
    # an answer the page shortens with "..." matches the beginning of the real one
    if isinstance(expected, str) and expected.endswith("...") and isinstance(got, str):
        return got.startswith(expected[:-3])
    if isinstance(expected, dict) and isinstance(got, dict):
        return expected.keys() == got.keys() and all(_same(expected[k], got[k]) for k in expected)
    if isinstance(expected, list) and isinstance(got, list):
        return len(expected) == len(got) and all(_same(e, g) for e, g in zip(expected, got))
    return expected == got


TRANSCRIPTS = sorted((p.relative_to(DOCS).as_posix(), start)
                     for p in DOCS.rglob("*.rst") if "_build" not in p.relative_to(DOCS).parts
                     for start, _lines in transcripts(p.read_text(encoding="utf-8")))


def test_the_protocol_page_has_a_transcript():
    assert any(page == "protocol.rst" for page, _start in TRANSCRIPTS)


@pytest.mark.parametrize("page,start", TRANSCRIPTS)
def test_page_transcripts_are_what_the_engine_answers(page, start):
    from olab.protocol import Engine

    engine = Engine()
    lines = dict(transcripts((DOCS / page).read_text(encoding="utf-8")))[start]
    for lineno, request, answer in lines:
        got = engine.handle_line(request)
        assert _same(json.loads(answer), got), f"{page}:{lineno}: {request}\n  page:   {answer}\n  engine: {json.dumps(got)}"


def olab_commands(text: str) -> list[tuple[int, list[str]]]:
    """(line, argv) of every ``$ olab ...`` of a ``.. code-block:: console``; a shell tail is cut."""
    blocks = doctest_blocks(re.sub(r"(?m)^(\s*)\.\. code-block:: console\s*$", r"\1.. doctest::",
                                   re.sub(r"(?m)^(\s*)\.\. doctest::", r"\1.. not-a-doctest::", text)))
    out = []
    for start, body in blocks:
        lines = body.splitlines()
        i = 0
        while i < len(lines):
            line, lineno = lines[i], start + i + 1
            while line.endswith("\\") and i + 1 < len(lines):    # a continued line
                i += 1
                line = line[:-1] + " " + lines[i].strip()
            i += 1
            if line.startswith("$ olab "):
                words = shlex.split(line[2:], comments=True)
                for stop in ("|", "&&", ";", ">", "2>"):
                    if stop in words:
                        words = words[:words.index(stop)]
                out.append((lineno, words[1:]))
    return out


COMMANDS = [(p.relative_to(DOCS).as_posix(), lineno, argv)
            for p in sorted(DOCS.rglob("*.rst")) if "_build" not in p.relative_to(DOCS).parts
            for lineno, argv in olab_commands(p.read_text(encoding="utf-8"))]


def test_the_docs_show_olab_commands():
    assert len(COMMANDS) >= 10


@pytest.mark.parametrize("page,lineno,argv", COMMANDS, ids=[f"{p}:{n}" for p, n, _a in COMMANDS])
def test_page_commands_are_accepted(page, lineno, argv):
    from olab.cli import build_parser

    try:
        args = build_parser(argv).parse_args(argv)
    except SystemExit as e:
        assert e.code == 0, f"{page}:{lineno}: olab {' '.join(argv)} is refused (output above)"
        return
    assert callable(args.func)
