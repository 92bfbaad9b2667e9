# cython: language_level=3
"""Ctrl-C inside long loops that run without the GIL.

A loop calls :func:`interrupted` every few thousand iterations: it takes the
GIL for the moment of a signal check (a microsecond), and when Python's
SIGINT handler would raise, it clears that exception and says so; the loop
stops and its Python wrapper raises ``KeyboardInterrupt`` once it holds the
GIL again.
"""

cdef extern from "Python.h":
    int _py_check_signals "PyErr_CheckSignals" ()
    void _py_err_clear "PyErr_Clear" ()


cdef inline bint interrupted() noexcept nogil:
    cdef int r
    with gil:
        r = _py_check_signals()
        if r != 0:
            _py_err_clear()
    return r != 0
