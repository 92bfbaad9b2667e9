"""Sphinx configuration for the olab documentation (built with -W: warnings fail)."""
import os
import sys

import olab

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "_ext"))

project = "olab"
author = "the olab developers"
copyright = "2026, the olab developers"
release = olab.__version__
version = olab.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "oracards",
    "arlecards",
    "olabtensors",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_numpy_docstring = True
napoleon_google_docstring = False
nitpicky = False
html_theme = "alabaster"
html_static_path = []
exclude_patterns = ["_build"]
