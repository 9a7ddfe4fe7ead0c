"""Command-line interface (Typer): ``unokit judge``, ``unokit simulate``, ``unokit rules``."""
