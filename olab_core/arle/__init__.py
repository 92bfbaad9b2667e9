"""Fields of Arle core: the state struct, the decision machine, apply/undo, playouts."""
