"""The terminal interface (Textual): ``unokit play``."""
