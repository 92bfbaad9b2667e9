"""Issue 26 point 5: a package others can build on.

The wheel ships the core's ``.pxd`` files and ``common/bits.h`` (so a game
outside this repository can be written against ``GameOps``, and each game's
inline helpers are cimportable), ``py.typed`` and the ``.pyi`` stubs of the
compiled modules.  As scikit-learn does, a throw-away
extension is built against the *installed* package and cimports
``olab_core.common.ops``.
"""
from __future__ import annotations

import fnmatch
import importlib.util
import pathlib
import re
import shutil
import subprocess
import sys
import textwrap

import pytest

import olab_core

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORE = ROOT / "olab_core"


def _package_data() -> dict:
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
def test_the_wheel_ships_the_declarations_and_the_stubs():
    patterns = _package_data()["olab_core"]
    wanted = [p for p in CORE.rglob("*") if p.suffix in (".pxd", ".h", ".pyi") or p.name == "py.typed"]
    assert any(p.name == "bits.h" for p in wanted) and any(p.name == "ops.pxd" for p in wanted)
    assert any(p.name == "engine.pyi" for p in wanted)
    for path in wanted:
        rel = path.relative_to(CORE).as_posix()
        assert any(fnmatch.fnmatch(rel, pat) and rel.count("/") == pat.count("/") for pat in patterns), rel
    assert "py.typed" in _package_data()["olab"] and (ROOT / "olab" / "py.typed").exists()


def test_every_compiled_module_has_a_stub():
    for so in list(CORE.rglob("*.pyx")):
        assert so.with_suffix(".pyi").exists(), f"{so.relative_to(ROOT)} has no .pyi stub"


def _installed_core() -> pathlib.Path:
    # the olab_core a fresh interpreter imports outside this checkout: the installed one
    out = subprocess.run([sys.executable, "-I", "-c", "import olab_core, os; print(os.path.dirname(olab_core.__file__))"],
                         cwd="/", capture_output=True, text=True, check=True)
    return pathlib.Path(out.stdout.strip())


def test_an_extension_cimports_the_installed_core(tmp_path):
    if importlib.util.find_spec("Cython") is None or importlib.util.find_spec("setuptools") is None:
        pytest.skip("needs Cython and setuptools (the test extra installs them)")
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("needs a C compiler")
    core = _installed_core()
    assert (core / "common" / "ops.pxd").exists() and (core / "common" / "bits.h").exists(), core
    # every game's helper .pxd files (inline bodies the engine cimports) resolve
    # from the installed package too; one of them is called
    helpers = sorted(f"olab_core.{p.parent.name}.{p.stem}" for p in core.glob("*/*.pxd")
                     if p.parent.name != "common" and p.stem != "defs")
    assert "olab_core.ora.goods" in helpers, helpers
    (tmp_path / "probe.pyx").write_text(textwrap.dedent("""\
        # cython: language_level=3
        from libc.stdint cimport uint64_t
        from libc.string cimport memset
        from olab_core.common.ops cimport GameOps, OPS_MAX_LEGAL, PLAYER_CHANCE, PLAYER_TERMINAL
        from olab_core.common.bits cimport u64_popcount
        from olab_core.ora.defs cimport Player, G_COIN, G_WINE, G_WHISKEY
        from olab_core.ora.goods cimport money_avail
        """) + "".join(f"cimport {m}\n" for m in helpers) + textwrap.dedent("""\

        def constants():
            return OPS_MAX_LEGAL, PLAYER_CHANCE, PLAYER_TERMINAL

        def ops_size():
            return sizeof(GameOps)

        def popcount(uint64_t m):
            return u64_popcount(m)

        def ora_money(int coins, int wine, int whiskey):
            cdef Player p
            memset(&p, 0, sizeof(Player))
            p.goods[G_COIN] = coins
            p.goods[G_WINE] = wine
            p.goods[G_WHISKEY] = whiskey
            return money_avail(&p)
        """))
    (tmp_path / "setup.py").write_text(textwrap.dedent(f"""\
        from Cython.Build import cythonize
        from setuptools import Extension, setup

        setup(ext_modules=cythonize([Extension("probe", ["probe.pyx"], include_dirs=[{str(core / "common")!r}])],
                                    include_path=[{str(core.parent)!r}], quiet=True))
        """))
    build = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tmp_path,
                           capture_output=True, text=True)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-2000:]
    run = subprocess.run([sys.executable, "-I", "-c", "import sys; sys.path.insert(0, '.'); import probe; print(probe.constants(), probe.ops_size() > 0, "
                          "probe.popcount(0b1011), probe.ora_money(3, 1, 2))"], cwd=tmp_path, capture_output=True, text=True)
    from olab_core.common.state import CHANCE, MAX_LEGAL, TERMINAL

    # money: 3 coins, a wine worth 1, two whiskeys worth 2 each
    assert run.stdout.strip() == f"{(MAX_LEGAL, CHANCE, TERMINAL)} True 3 8", run.stderr[-2000:]


def test_mypy_is_clean_over_olab():
    # .ci/run runs it too; here so that a change that breaks the typing fails the suite
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("needs mypy (the test extra installs it)")
    out = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-3000:]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
def test_no_module_is_exempt_from_mypy():
    # issue 26.5: every module of olab is type-checked; an error is fixed, not silenced
    import tomllib

    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    silencing = ("ignore_errors", "disable_error_code")
    assert not [k for k in silencing if mypy.get(k)], mypy
    relaxed = [o for o in mypy.get("overrides", []) if any(o.get(k) for k in silencing)]
    assert not relaxed, relaxed
    # nor in the sources: no file-wide "# mypy: ignore-errors", and a "# type: ignore" names its code
    silenced = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
                for path in sorted((ROOT / "olab").rglob("*.py"))
                for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if re.search(r"#\s*mypy:.*(ignore.errors|disable.error.code)|#\s*type:\s*ignore(?!\[)", line)]
    assert not silenced, silenced
