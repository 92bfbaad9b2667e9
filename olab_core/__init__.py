"""olab_core: the compiled engine behind olab.

The core is written in Cython and works on fixed-size C structs; it knows nothing
about the Python facade in :mod:`olab`.  One sub-package per game (``ora``), plus
``common`` for the primitives the games share (bit sets, random numbers, hashing).
"""
