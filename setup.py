"""Build the Cython core.  Project metadata lives in pyproject.toml."""
import os

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
COMMON = os.path.join("olab_core", "common")

extensions = [
    Extension(
        "olab_core.ora._engine",
        [os.path.join("olab_core", "ora", "_engine.pyx")],
        include_dirs=[COMMON],
        extra_compile_args=["-O3"],
    ),
]

setup(
    ext_modules=cythonize(
        extensions,
        include_path=[HERE],
        compiler_directives={"language_level": "3", "embedsignature": True},
        annotate=bool(os.environ.get("OLAB_ANNOTATE")),
    ),
)
