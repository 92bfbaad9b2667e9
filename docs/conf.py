"""Sphinx configuration for the olab documentation (built with -W: warnings fail)."""
import os
import re
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
    "sphinx_copybutton",
    "oracards",
    "arlecards",
    "orleansfacts",
    "olabrefs",
    "olabtensors",
]
exclude_patterns = ["_build"]

# every Python cross-reference must resolve (with -W a broken one fails the
# build); olabrefs links a re-exported name to where its object is documented.
# The standard library is not linked (no network for intersphinx), and a few
# words of the NumPy type descriptions are prose, not classes.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(json|fractions|collections|collections\.abc|dataclasses|typing|enum|os|io|random|multiprocessing)\..*"),
    (r"py:class", r"optional|callable|mapping|bytes-like|writable buffer|array-like|iterable|sequence|file-like"),
    # the optional extras of olab.rl (not installed for every build, never linked)
    (r"py:.*", r"(numpy|pyarrow|gymnasium|pettingzoo|pyspiel|ray)(\..*)?"),
]

# --- API reference: the facade's docstrings are NumPy style, type hints go
# into the parameter descriptions, members in the order of the source
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_docstring_signature = True
autodoc_preserve_defaults = True
napoleon_numpy_docstring = True
napoleon_google_docstring = False
napoleon_use_rtype = False
napoleon_preprocess_types = True     # {"printed", "kennerspiel"} is a set of values, not a class

# --- HTML: furo scrolls wide code blocks instead of clipping them; the copy
# button leaves out the prompts (>>>, ..., $) and the output of examples
html_theme = "furo"
html_title = f"olab {release}"
html_static_path = ["_static"]
html_css_files = ["olab.css"]
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
copybutton_line_continuation_character = "\\"

# Parameters declared with a C type in the compiled core (``int observer``,
# ``uint64_t seed=0``), as Cython's embedded signatures write them
_C_PARAM = re.compile(r"^\s*(?:(?:const|unsigned|signed|long|short)\s+)*"
                      r"(?:bint|char|short|int|long|float|double|size_t|Py_ssize_t|u?int(?:8|16|32|64)_t|"
                      r"object|bytes|str|list|tuple|dict)\s*\*?\s+(?P<rest>[A-Za-z_]\w*.*)$")


def _clean_core_signature(app, what, name, obj, options, signature, return_annotation):
    """The compiled core's embedded signatures as Python ones.

    Cython writes ``apply_action(self, action)`` and ``determinize(self, int
    observer, uint64_t seed=0)`` as the first line of a docstring; the reader
    of the facade should see ``apply_action(action)`` and
    ``determinize(observer, seed=0)`` (the types are in the descriptions).
    """
    if not signature or not signature.startswith("("):
        return None
    if what == "class" and signature == "(*args, **kwargs)":
        return "", return_annotation       # a Protocol: described, never instantiated
    params = [p.strip() for p in signature[1:-1].split(",")] if signature != "()" else []
    changed = False
    if params and params[0] in ("self", "cls") and what in ("method", "class", "attribute", "property"):
        params = params[1:]
        changed = True
    out = []
    for p in params:
        m = _C_PARAM.match(p)
        if m:
            p = m.group("rest").strip()
            changed = True
        out.append(p)
    if not changed:
        return None
    return "(" + ", ".join(out) + ")", return_annotation


def setup(app):
    app.connect("autodoc-process-signature", _clean_core_signature)
