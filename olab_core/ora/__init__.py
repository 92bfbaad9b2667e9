"""Ora et Labora core: the state struct, move generator, apply/undo, playouts."""
