"""unokit: the complete UNO card-game system.

>>> from unokit import Game, Rules
>>> game = Game(Rules.preset("official", players=3), seed=42)
>>> seat = game.current
>>> len(game.legal_moves(seat)) > 0
True
"""

from unokit.cards import Card, Color, Rank
from unokit.errors import (
    IllegalMoveError,
    NotationError,
    RulesError,
    ScenarioError,
    StateError,
    UnoError,
)
from unokit.events import Event
from unokit.game import Game, Phase, View
from unokit.moves import (
    REFEREE,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Deal,
    Draw,
    Move,
    Pass,
    Penalty,
    Play,
    Timeout,
)
from unokit.narrator import narrate
from unokit.notation import format_move, parse_card, parse_color, parse_move
from unokit.rules import OPTIONS, PRESETS, Rules

__version__ = "0.1.0"

__all__ = [
    "OPTIONS",
    "PRESETS",
    "REFEREE",
    "CallUno",
    "Card",
    "Catch",
    "Challenge",
    "ChooseColor",
    "Color",
    "Deal",
    "Draw",
    "Event",
    "Game",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Pass",
    "Penalty",
    "Phase",
    "Play",
    "Rank",
    "Rules",
    "RulesError",
    "ScenarioError",
    "StateError",
    "Timeout",
    "UnoError",
    "View",
    "format_move",
    "narrate",
    "parse_card",
    "parse_color",
    "parse_move",
]
