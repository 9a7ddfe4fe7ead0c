"""The browser table's scripts: ESLint (pinned in tests/web/npm, its rules in
eslint.config.mjs; the scripts have no type checker) finds a name used but never imported or
defined, an unused one, a duplicate key, before a player's click does; and where a script reads
what the engine writes (card codes, move notation, event kinds), Node runs it on every case
the engine makes and the two must agree (issue 20: one source of truth)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from typing import Any

from unokit.cards import COLOR_OF, RANK_OF, Color
from unokit.web.app import ALL_CARDS

from .conftest import ROOT, npm_tool


def test_the_browser_scripts_pass_eslint() -> None:
    eslint = npm_tool(".bin/eslint")
    node = shutil.which("node")
    assert node, "Node.js is needed for ESLint (apt-get install npm brings it)"
    done = subprocess.run(
        [str(eslint), "--max-warnings", "0", "src/unokit/web/static/js"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr


# -- the scripts read the engine's notation as the engine does (issue 20, 4) -------------------


def run_node(script: str, data: object) -> Any:
    """Run an ES module script (``scripts``: the static js folder's URL) on ``data`` (JSON on
    stdin); its JSON output."""
    node = shutil.which("node")
    assert node, "Node.js is needed (apt-get install npm brings it)"
    scripts = (ROOT / "src/unokit/web/static/js").as_uri()
    done = subprocess.run(
        [node, "--input-type=module", "-e", script.replace("SCRIPTS", scripts)],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


READ = """
import { readFileSync } from "node:fs";
const data = JSON.parse(readFileSync(0, "utf-8"));
"""


def test_cards_js_reads_every_code_as_the_engine() -> None:
    """cards.js: every card of every deck, its colour, rank and wildness as the engine's;
    its sort order the engine's (colours red, yellow, green, blue, then wilds; ranks as Rank)."""
    codes = [card.code for card in ALL_CARDS]
    got = run_node(
        READ
        + """import { parseCard, cardOrder } from "SCRIPTS/cards.js";
        const out = data.map((code) => ({ ...parseCard(code), order: cardOrder(code) }));
        process.stdout.write(JSON.stringify(out));""",
        codes,
    )
    for card, js in zip(ALL_CARDS, got, strict=True):
        color = COLOR_OF[card]
        assert js["wild"] == (color < 0), card.code
        assert js["color"] == (None if color < 0 else Color(color).name.lower()), card.code
    by_js = [c.code for _, c in sorted(zip((g["order"] for g in got), ALL_CARDS, strict=True))]
    by_engine = [c.code for c in sorted(ALL_CARDS, key=lambda c: (COLOR_OF[c] % 5, RANK_OF[c]))]
    assert by_js == by_engine


def test_moves_js_reads_and_writes_notation_as_the_engine() -> None:
    """moves.js: every legal move of random games of every preset (multi-play, seven-zero,
    wild_multi included) read into its parts as the engine's move has them, and written back
    to the engine's own text."""
    import random

    from unokit import Game, Rules
    from unokit.moves import REFEREE, Play
    from unokit.notation import format_move_body
    from unokit.rules import PRESETS

    moves: dict[str, Any] = {}
    mixes = [Rules.preset(p) for p in PRESETS] + [
        Rules.preset("official", multi_play="same_rank", wild_multi=True, seven_zero=True),
        Rules.preset("party", players=5, multi_play="identical_pair", jump_in="identical"),
    ]
    for n, rules in enumerate(mixes):
        game = Game(rules, 1000 + n)
        chooser = random.Random(n)
        for _ in range(400):
            if game.match_over:
                break
            seat = REFEREE if game.round_over else game.current
            legal = game.legal_moves(seat)
            for m in legal:
                if isinstance(m, Play):
                    moves[format_move_body(m)] = m
            game.apply(seat, chooser.choice(legal))
    texts = sorted(moves)
    assert (
        len(texts) > 300
        and any(" swap " in t for t in texts)
        and any(" trade " in t for t in texts)
    )
    got = run_node(
        READ
        + """import { parseMove, withChoice } from "SCRIPTS/moves.js";
        const out = data.map((text) => { const m = parseMove(text);
          return { ...m, again: withChoice(m, m.color, m.uno) }; });
        process.stdout.write(JSON.stringify(out));""",
        texts,
    )
    for text, js in zip(texts, got, strict=True):
        move = moves[text]
        assert js["again"] == text
        assert js["cards"] == [c.code for c in move.cards], text
        assert js["color"] == (move.color.name.lower() if move.color is not None else None), text
        assert js["uno"] == move.uno and js["swap"] == move.swap and js["peek"] == move.peek
        assert js["trade"] == move.trade and js["give"] == [c.code for c in move.give], text


def test_the_table_speaks_only_of_event_kinds_that_exist() -> None:
    """The announcements and sounds name events by kind: every kind they name is one of the
    engine's (a renamed kind would silently lose its announcement)."""
    import inspect

    import unokit.events as ev

    classes = [c for _, c in inspect.getmembers(ev, inspect.isclass)]
    kinds = {c.kind for c in classes if isinstance(getattr(c, "kind", None), str)}
    scripts = "".join(
        p.read_text("utf-8") for p in (ROOT / "src/unokit/web/static/js").glob("*.js")
    )
    announce = re.search(r"export const ANNOUNCE = \{(.*?)\};", scripts, re.S)
    quiet = re.search(r"export const QUIET = \{(.*?)\};", scripts, re.S)
    assert announce and quiet
    named = set(re.findall(r"^\s*(\w+):", announce.group(1), re.M))
    named |= set(re.findall(r"(\w+):", quiet.group(1)))
    named |= set(re.findall(r'kinds\.has\("(\w+)"\)', scripts))
    assert len(named) > 10 and named <= kinds, named - kinds


def test_card_names_come_from_the_server() -> None:
    """The page names cards with the narrator's words (GET /api/cards/{lang}), never its own."""
    from unokit.narrator import LANGUAGES, card_name

    from .test_server import client

    with client() as http:
        for lang in LANGUAGES:
            names = http.get(f"/api/cards/{lang}").json()
            assert names == {c.code: card_name(c, lang) for c in ALL_CARDS}
        assert http.get("/api/cards/fr").status_code == 404
