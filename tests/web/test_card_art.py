"""Every card of every deck the engine knows is drawn well by the browser table.

For each distinct card code of :data:`unokit.cards.DECKS` (the classic deck, the 112-card
decks, pairs, and whatever deck is added later, such as No Mercy's), the table's own
``cardFace`` draws the card in headless Chromium, and the test checks what a player would
notice: the centre shows a symbol (an icon or a glyph; only the plain wild's centre is its
four colours), both corners carry a mark, nothing spills out of the card, and no two cards
look the same (their pictures differ pixel for pixel). A sheet of every card is written to
``card-art.png`` in the test's directory for a person to look at.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, get_args

from unokit.cards import DECKS, DeckName

from .conftest import DESKTOP, needs_chromium
from .test_browser import css, wait


def every_card_code() -> list[str]:
    """The distinct card codes of every deck, in a stable order."""
    codes: dict[str, None] = {}
    for deck in get_args(DeckName):
        for card in DECKS[deck]:
            codes.setdefault(card.code, None)
    return list(codes)


#: draws each card with the table's module, then measures its parts
RENDER = """
const [codes, done] = arguments;
import("/static/js/cards.js").then(({ cardFace }) => {
  const sheet = document.createElement("div");
  sheet.id = "art";
  sheet.style.cssText = "display:flex;flex-wrap:wrap;gap:8px;padding:8px;background:#0b5d2a";
  document.body.replaceChildren(sheet);
  const out = [];
  for (const code of codes) {
    const card = cardFace(code, { label: code });
    sheet.appendChild(card);
  }
  for (const card of sheet.children) {
    const big = card.querySelector(".big");
    const glyphs = [big, ...big.querySelectorAll("[data-glyph]")]
      .map((e) => getComputedStyle(e, "::before").content)
      .filter((c) => c && c !== "none" && c !== '""');
    const corners = [...card.querySelectorAll(".corner b")]
      .map((e) => getComputedStyle(e, "::before").content);
    const box = card.getBoundingClientRect();
    const inside = [...card.querySelectorAll(".big, .big *, .corner")].every((e) => {
      const r = e.getBoundingClientRect();
      return r.left >= box.left - 1 && r.right <= box.right + 1
        && r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    });
    out.push({ code: card.dataset.card, icons: big.querySelectorAll("svg").length,
      glyphs, corners, inside });
  }
  done(out);
});
"""


@needs_chromium
def test_every_card_of_every_deck_is_drawn_and_told_apart(
    server_process: str, browsers: Any, tmp_path: Path
) -> None:
    codes = every_card_code()
    page = browsers(DESKTOP)
    page.get(f"{server_process}/")
    wait(page, lambda: css(page, "#seat-3"), "the front page")
    page.set_script_timeout(30)
    drawn = page.execute_async_script(RENDER, codes)
    assert [d["code"] for d in drawn] == codes
    for d in drawn:
        if d["code"] != "W":
            assert d["icons"] or d["glyphs"], f"{d['code']}: the centre of the card is empty"
        assert len(d["corners"]) == 2, d
        assert all(c not in ("none", '""', "") for c in d["corners"]), (
            f"{d['code']}: a corner has no mark: {d['corners']}"
        )
        assert d["inside"], f"{d['code']}: a symbol spills out of the card"
    pictures: dict[str, str] = {}
    for card in css(page, "#art .card"):
        code = card.get_attribute("data-card")
        digest = hashlib.sha256(card.screenshot_as_png).hexdigest()
        assert digest not in pictures, f"{code} looks exactly like {pictures.get(digest)}"
        pictures[digest] = code
    assert len(pictures) == len(codes)
    (tmp_path / "card-art.png").write_bytes(css(page, "#art")[0].screenshot_as_png)
