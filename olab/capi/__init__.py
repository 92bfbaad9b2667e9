"""olab's C interface: where ``olab.h`` and ``libolab`` are, and how to link them.

``pip install .`` builds ``libolab.so`` (cffi's embedding mode: the library
starts a Python interpreter that runs this package) and installs it with
``olab.h`` in this directory.  ``olab capi --cflags --libs`` prints the flags
of :func:`cflags` and :func:`libs`::

    cc game.c $(olab capi --cflags --libs) -o game

>>> from olab import capi
>>> capi.cflags().startswith("-I")
True
"""
from __future__ import annotations

import os
import shlex
import sys

__all__ = ["include_dir", "library_path", "lib_dir", "cflags", "libs", "summary"]

HERE = os.path.dirname(os.path.abspath(__file__))
_NAMES = ("libolab.so", "libolab.dylib")


def include_dir() -> str:
    """The directory of ``olab.h``."""
    return HERE


def library_path() -> str:
    """The path of the built library.

    Raises
    ------
    FileNotFoundError
        When libolab was not built (``pip install .`` or
        ``python setup.py build_ext --inplace`` builds it).
    """
    for name in _NAMES:
        path = os.path.join(HERE, name)
        if os.path.exists(path):
            return path
    raise FileNotFoundError(f"libolab is not built in {HERE}: install olab with pip, or run "
                            "`python setup.py build_ext --inplace` in a source tree")


def lib_dir() -> str:
    """The directory of the built library."""
    return os.path.dirname(library_path())


def _python_libs() -> list[str]:
    # libolab records libpython's directory as its RUNPATH; linking a program
    # against libpython as well keeps linkers that want every indirect
    # dependency named (and macOS) happy
    from ._build import libpython

    libdir, name = libpython()
    if not libdir or not name:
        return []
    stem = name.split(".so")[0].split(".dylib")[0]
    stem = stem[3:] if stem.startswith("lib") else stem
    return [f"-L{libdir}", f"-l{stem}", f"-Wl,-rpath,{libdir}"]


def cflags() -> str:
    """``-I<dir of olab.h>``."""
    return shlex.join([f"-I{include_dir()}"])


def libs() -> str:
    """``-L<dir> -lolab -Wl,-rpath,<dir>``, then the libpython the library embeds."""
    d = lib_dir()
    return shlex.join([f"-L{d}", "-lolab", f"-Wl,-rpath,{d}", *_python_libs()])


def summary() -> str:
    """A few lines on where the header and the library are, for ``olab capi``."""
    try:
        lib = library_path()
    except FileNotFoundError as e:
        lib = f"(not built: {e})"
    return "\n".join([
        f"header:   {os.path.join(include_dir(), 'olab.h')}",
        f"library:  {lib}",
        f"python:   {sys.version.split()[0]} ({sys.executable})",
        "compile:  cc prog.c $(olab capi --cflags --libs) -o prog",
    ])
