# Card functions of the Ireland (I) buildings.  The Ireland variant is not
# playable yet (olab.load refuses it); its cards never reach the core.

cdef int card_step_ireland(OraState* s) noexcept nogil:
    return DONE
