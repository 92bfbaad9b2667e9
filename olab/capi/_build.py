"""Build libolab, olab's C library, with cffi's embedding mode.

``setup.py`` runs :func:`build` as a step of ``build_ext`` (so ``pip install .``
and ``python setup.py build_ext --inplace`` both make it); by hand::

    python olab/capi/_build.py OUT_DIR

The library is libolab.c (the public functions of olab.h) plus the glue cffi
generates; its Python half is :mod:`olab.capi._impl`.  It links to the shared
libpython of the interpreter that builds it, with that directory as its
RUNPATH, so programs linked to libolab find libpython without
``LD_LIBRARY_PATH``.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import sysconfig

HERE = os.path.dirname(os.path.abspath(__file__))

#: the module name of the embedded cffi module
MODULE = "_olab_capi"

CDEF = """
extern "Python" int _olab_py_ready(void);
extern "Python" int64_t _olab_py_new(const char*, uint64_t);
extern "Python" int _olab_py_free(uint64_t);
extern "Python" int _olab_py_legal(uint64_t, int32_t*, int);
extern "Python" int _olab_py_apply(uint64_t, int32_t);
extern "Python" int _olab_py_undo(uint64_t);
extern "Python" int _olab_py_current_player(uint64_t);
extern "Python" int _olab_py_is_terminal(uint64_t);
extern "Python" int _olab_py_scores(uint64_t, double*, int);
extern "Python" int _olab_py_to_json(uint64_t, int, char*, size_t);
extern "Python" int _olab_py_outcome_json(uint64_t, char*, size_t);
extern "Python" int _olab_py_is_truncated(uint64_t);
extern "Python" int _olab_py_mask(uint64_t, uint8_t*, int);
extern "Python" int _olab_py_chance(uint64_t, int32_t*, double*, int);
extern "Python" int _olab_py_action_to_string(uint64_t, int32_t, char*, size_t);
extern "Python" int _olab_py_string_to_action(uint64_t, const char*);
extern "Python" int _olab_py_num_distinct_actions(uint64_t);
extern "Python" int _olab_py_random_playouts(const char*, uint64_t, int, int64_t*);
void olab__set_error(int code, const char* message);
"""

# runs once, in the embedded interpreter, before the first call is served
INIT_CODE = """
from _olab_capi import ffi, lib
try:
    from olab.capi import _impl
    _impl.install(ffi, lib)
except BaseException as e:
    _message = ("libolab cannot load the olab package: %s: %s" % (type(e).__name__, e)).encode("utf-8", "replace")

    @ffi.def_extern()
    def _olab_py_ready():
        lib.olab__set_error(-108, _message)
        return 0
"""


def libpython() -> tuple[str | None, str | None]:
    """``(directory, file name)`` of the shared libpython of this interpreter, or ``(None, None)``."""
    libdir = sysconfig.get_config_var("LIBDIR")
    for name in (sysconfig.get_config_var("INSTSONAME"), sysconfig.get_config_var("LDLIBRARY")):
        if libdir and name and not name.endswith(".a") and os.path.exists(os.path.join(libdir, name)):
            return libdir, name
    return None, None


def _site_dirs() -> str:
    # where this interpreter's packages (cffi's _cffi_backend above all) live
    dirs = []
    for key in ("purelib", "platlib"):
        d = sysconfig.get_paths().get(key)
        if d and d not in dirs:
            dirs.append(d)
    return os.pathsep.join(dirs)


def make_ffi():
    """The configured :class:`cffi.FFI` of libolab."""
    import cffi

    ffi = cffi.FFI()
    ffi.cdef(CDEF)
    ffi.embedding_init_code(INIT_CODE)
    with open(os.path.join(HERE, "libolab.c"), encoding="utf-8") as f:
        source = f.read()
    libdir, _name = libpython()
    kwargs = {
        "include_dirs": [HERE],
        "define_macros": [("OLAB_BUILD_SITE_DIRS", json.dumps(_site_dirs()))],
        "extra_compile_args": ["-O2"],
        "extra_link_args": [],
    }
    if sys.platform.startswith("linux"):
        kwargs["extra_link_args"].append("-Wl,-soname,libolab.so")
        kwargs["libraries"] = ["dl", "pthread"]
    if libdir:
        kwargs["library_dirs"] = [libdir]
        kwargs["runtime_library_dirs"] = [libdir]
    ffi.set_source(MODULE, source, **kwargs)
    return ffi


def build(out_dir: str, tmpdir: str, verbose: bool = False, copy_header: bool = False) -> str:
    """Compile libolab in ``tmpdir`` and copy it (and ``olab.h`` if asked) to ``out_dir``.

    Returns the library's path.  (setup.py installs ``olab.h`` as package data.)
    """
    ffi = make_ffi()
    os.makedirs(tmpdir, exist_ok=True)
    built = ffi.compile(tmpdir=tmpdir, target="libolab.*", verbose=verbose)
    os.makedirs(out_dir, exist_ok=True)
    dest = os.path.join(out_dir, os.path.basename(built))
    if os.path.abspath(built) != os.path.abspath(dest):
        tmp = dest + ".tmp"
        shutil.copyfile(built, tmp)
        os.replace(tmp, dest)          # never rewrite a library a process has mapped
    if copy_header and os.path.abspath(out_dir) != HERE:
        shutil.copyfile(os.path.join(HERE, "olab.h"), os.path.join(out_dir, "olab.h"))
    return dest


if __name__ == "__main__":
    import tempfile

    out = sys.argv[1] if len(sys.argv) > 1 else HERE
    with tempfile.TemporaryDirectory() as tmp:
        print(build(out, tmp, verbose=True, copy_header=True))
