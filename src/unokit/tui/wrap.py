"""Lines of text broken to a width for the terminal: at spaces in English, and between two
Chinese characters in Chinese (which has no spaces between words), never before a closing
punctuation mark nor after an opening one, nor inside a name such as 紅+2. Rich breaks lines
at spaces only, so a Chinese sentence with a few spaces ("座位 1 出 紅5，…") broke at them and
left half-empty lines.

>>> wrap("座位 1 出 紅5，座位 2 摸一張牌並且失去回合", 16)
['座位 1 出 紅5，', '座位 2 摸一張牌', '並且失去回合']
>>> wrap("你面對 2 張的懲罰：摸 2 張（d），或出 紅+2（3）回應", 14)
['你面對 2 張的', '懲罰：摸 2 張', '（d），或出', '紅+2（3）回應']
>>> wrap("Seat 1 plays red 5 and names blue", 16)
['Seat 1 plays red', '5 and names blue']
"""

from __future__ import annotations

import re

from rich.cells import cell_len

__all__ = ["wrap"]

#: marks a line must not start with (they close what comes before them)
_NO_START = set("，。、：；！？）」』】》〉,.:;!?)]}%")
#: marks a line must not end with (they open what comes after them)
_NO_END = set("（「『【《〈([{")
_TOKENS = re.compile(r"\s+|[^\s]")


def _wide(char: str) -> bool:
    return cell_len(char) == 2


def wrap(text: str, width: int) -> list[str]:
    """``text`` (one paragraph per line) as lines of at most ``width`` cells."""
    width = max(2, width)
    out: list[str] = []
    for paragraph in text.split("\n"):
        out.extend(_wrap_paragraph(paragraph, width))
    return out


def _units(paragraph: str) -> list[tuple[str, bool]]:
    """The paragraph as unbreakable pieces, each with whether a line may break before it
    (a space before it, or a wide character on either side)."""
    units: list[tuple[str, bool]] = []
    space = False
    for token in _TOKENS.findall(paragraph):
        if token.isspace():
            space = True
            if units:
                units[-1] = (units[-1][0] + token, units[-1][1])
            continue
        prev = units[-1][0].rstrip() if units else ""
        glue = not space and bool(prev)
        if glue and (token in _NO_START or prev[-1] in _NO_END):
            units[-1] = (units[-1][0] + token, units[-1][1])
        elif glue and not (_wide(token) and _wide(prev[-1])):
            # the same word, or a name like 紅+2: a line breaks between two wide characters
            units[-1] = (units[-1][0] + token, units[-1][1])
        else:
            units.append((token, bool(prev)))
        space = False
    return units


def _wrap_paragraph(paragraph: str, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for unit, breakable in _units(paragraph):
        if line and breakable and cell_len(line + unit.rstrip()) > width:
            lines.append(line.rstrip())
            line = ""
        line += unit
        while cell_len(line.rstrip()) > width:  # a word longer than a line: cut it
            cut = _fit(line, width)
            lines.append(line[:cut])
            line = line[cut:]
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def _fit(text: str, width: int) -> int:
    """How many characters of ``text`` fit in ``width`` cells (at least one)."""
    used = 0
    for i, char in enumerate(text):
        used += cell_len(char)
        if used > width:
            return max(1, i)
    return len(text)
