"""Build the Cython core and libolab, the C library.  Project metadata lives in pyproject.toml."""
import importlib.util
import os
import shutil

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
COMMON = os.path.join("olab_core", "common")
# -ffp-contract=off: no fused multiply-add, so the bots' floating-point
# arithmetic rounds the same on every machine (seeded games repeat exactly)
COMPILE_ARGS = ["-O3", "-ffp-contract=off"]

def _generated_c_is_current(pyx: str) -> bool:
    """Whether the C file Cython made from ``pyx`` can be compiled as it is.

    Each ``pip install`` builds in a fresh environment whose Cython files are
    all new, and cythonize counts Cython's own ``.pxd`` files among a module's
    dependencies, so it would translate every module again (and the compiler
    then compile it again).  The C file is current when this very Cython
    version made it and it is newer than every source of the core it can
    depend on (its game's folder, ``common/``) and than this file; anything
    else goes through cythonize, so a stale C file never shadows the sources.
    """
    import Cython

    c_file = os.path.join(HERE, pyx[:-len(".pyx")] + ".c")
    if os.environ.get("OLAB_RECYTHONIZE") or not os.path.exists(c_file):
        return False
    with open(c_file, encoding="utf-8", errors="replace") as f:
        if f"Cython {Cython.__version__} " not in f.readline():
            return False
    made = os.path.getmtime(c_file)
    sources = [os.path.join(HERE, "setup.py")]
    for folder in {os.path.dirname(os.path.join(HERE, pyx)), os.path.join(HERE, COMMON)}:
        sources += [os.path.join(folder, f) for f in os.listdir(folder)
                    if f.endswith((".pyx", ".pxi", ".pxd", ".h"))]
    return all(os.path.getmtime(s) <= made for s in sources)


def _extension(name: str, path: str, openmp: bool = False) -> Extension:
    # OpenMP only where a batch is split over threads (the vectorized env);
    # set OLAB_NO_OPENMP=1 for a compiler without it (the loop then runs on one thread)
    omp = ["-fopenmp"] if openmp and not os.environ.get("OLAB_NO_OPENMP") else []
    source = path[:-len(".pyx")] + ".c" if _generated_c_is_current(path) else path
    return Extension(name, [source], include_dirs=[COMMON], extra_compile_args=COMPILE_ARGS + omp,
                     extra_link_args=omp)


# the shared modules of olab_core/common, then one engine per game: a game
# plugs in by having olab_core/<game>/_engine.pyx (nothing to add here)
extensions = [_extension(f"olab_core.common.{m}", os.path.join(COMMON, f"{m}.pyx"), openmp=(m == "vector"))
              for m in ("state", "search", "vector")]
for _game in sorted(os.listdir(os.path.join(HERE, "olab_core"))):
    _src = os.path.join("olab_core", _game, "_engine.pyx")
    if os.path.exists(os.path.join(HERE, _src)):
        extensions.append(_extension(f"olab_core.{_game}._engine", _src))


def _use_ccache() -> None:
    # a compiler cache makes the second compile of the same sources (pip install .
    # and then pip install ".[test]", each in a fresh build environment) take
    # seconds: used when ccache is installed and no compiler was chosen; set
    # OLAB_NO_CCACHE=1 to compile without it
    if os.environ.get("OLAB_NO_CCACHE") or "CC" in os.environ or not shutil.which("ccache"):
        return
    import sysconfig

    cc = (sysconfig.get_config_var("CC") or "cc").split()
    if cc and cc[0] != "ccache":
        os.environ["CC"] = " ".join(["ccache", *cc])


class build_ext_with_capi(build_ext):
    """build_ext, then libolab (olab/capi/_build.py, cffi's embedding mode) into olab/capi/.

    The extensions compile in parallel, one job per core (``pip install .``
    passes no ``-j``), through ccache when it is installed.  Set
    OLAB_NO_CAPI=1 to skip the C library (for a Python without a shared libpython).
    """

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1
        _use_ccache()

    def run(self):
        super().run()
        self._capi_outputs = []
        if os.environ.get("OLAB_NO_CAPI"):
            return
        spec = importlib.util.spec_from_file_location(
            "_olab_capi_build", os.path.join(HERE, "olab", "capi", "_build.py"))
        builder = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(builder)
        root = HERE if self.inplace else self.build_lib
        out_dir = os.path.join(root, "olab", "capi")
        try:
            lib = builder.build(out_dir, os.path.join(os.path.abspath(self.build_temp), "libolab"),
                                verbose=bool(self.verbose))
        except Exception as e:
            raise RuntimeError(f"building libolab (the C API) failed: {e}; set OLAB_NO_CAPI=1 "
                               "to install olab without it") from e
        self._capi_outputs = [lib]

    def get_outputs(self):
        return super().get_outputs() + list(getattr(self, "_capi_outputs", []))


setup(
    ext_modules=cythonize(
        extensions,
        include_path=[HERE],
        compiler_directives={"language_level": "3", "embedsignature": True},
        annotate=bool(os.environ.get("OLAB_ANNOTATE")),
    ),
    cmdclass={"build_ext": build_ext_with_capi},
)
