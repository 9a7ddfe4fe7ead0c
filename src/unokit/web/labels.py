"""Every label the browser table shows, in English: ``GET /api/labels/{lang}`` translates them
with the message catalogues."""

LABELS: tuple[str, ...] = ()
