# cython: language_level=3
"""What every game's observation encoder shares: scaled counts and seats seen from the observer.

Inline, ``noexcept nogil``: a game cimports them (``from olab_core.common.observe
cimport ob_n, ob_rel``) and the C compiler inlines them into its encoder.
"""


cdef inline void ob_n(float* out, int i, double v, int scale) noexcept nogil:
    # a count divided by its scale, in float32 as the reference encoders do
    # it; most counts are 0 and the segment is cleared already, so their
    # division (slow, and a few hundred per tensor) is skipped
    if v != 0:
        out[i] = (<float>v) / (<float>scale)


cdef inline int ob_rel(int q, int observer, int seats) noexcept nogil:
    # seat q as the observer sees it, (q - observer) mod seats (0: the
    # observer), for 0 <= q, observer < seats, without a division
    q -= observer
    return q + seats if q < 0 else q
