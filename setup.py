"""Build the Cython core and libolab, the C library.  Project metadata lives in pyproject.toml."""
import importlib.util
import os

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
COMMON = os.path.join("olab_core", "common")
# -ffp-contract=off: no fused multiply-add, so the bots' floating-point
# arithmetic rounds the same on every machine (seeded games repeat exactly)
COMPILE_ARGS = ["-O3", "-ffp-contract=off"]

def _extension(name: str, path: str, openmp: bool = False) -> Extension:
    # OpenMP only where a batch is split over threads (the vectorized env);
    # set OLAB_NO_OPENMP=1 for a compiler without it (the loop then runs on one thread)
    omp = ["-fopenmp"] if openmp and not os.environ.get("OLAB_NO_OPENMP") else []
    return Extension(name, [path], include_dirs=[COMMON], extra_compile_args=COMPILE_ARGS + omp,
                     extra_link_args=omp)


# the shared modules of olab_core/common, then one engine per game: a game
# plugs in by having olab_core/<game>/_engine.pyx (nothing to add here)
extensions = [_extension(f"olab_core.common.{m}", os.path.join(COMMON, f"{m}.pyx"), openmp=(m == "vector"))
              for m in ("state", "search", "vector")]
for _game in sorted(os.listdir(os.path.join(HERE, "olab_core"))):
    _src = os.path.join("olab_core", _game, "_engine.pyx")
    if os.path.exists(os.path.join(HERE, _src)):
        extensions.append(_extension(f"olab_core.{_game}._engine", _src))


class build_ext_with_capi(build_ext):
    """build_ext, then libolab (olab/capi/_build.py, cffi's embedding mode) into olab/capi/.

    Set OLAB_NO_CAPI=1 to skip the C library (for a Python without a shared libpython).
    """

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
