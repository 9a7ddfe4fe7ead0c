"""The browser table's scripts have no type checker: ESLint (pinned in tests/web/npm, its
rules in eslint.config.mjs) finds a name used but never imported or defined, an unused one, a
duplicate key, before a player's click does."""

from __future__ import annotations

import shutil
import subprocess

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
