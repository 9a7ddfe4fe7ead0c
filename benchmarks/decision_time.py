"""How long a bot takes per decision, measured around ``Bot.act`` in real games.

    python benchmarks/decision_time.py [--bot expert] [--against strong] [--games 20]
    python benchmarks/decision_time.py --bot expert --time-ms 300 --players 4 --games 6 \
        --presets official,casual,online,party,table001,swimming,classic112,teams,no_mercy

Times every call of the bot's ``act`` on its own turn (out-of-turn calls return at once)
and prints the mean, the 99th percentile and the maximum, in milliseconds, for each preset
(``--presets``, default official). The expert's budget (``--time-ms``, default 50; the server
gives it ``expert_time_ms``, 300 by default) covers its search; this shows what the whole
call costs.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from unokit import Game, Rules
from unokit.bots import Bot, make_bot, play_round


class Timed(Bot):
    """Wraps a bot and records the wall time of each decision on its turn."""

    def __init__(self, inner: Bot) -> None:
        super().__init__()
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []

    def reset(self, seat, rules):  # type: ignore[no-untyped-def]
        self.inner.reset(seat, rules)

    def observe(self, seat, move, color):  # type: ignore[no-untyped-def]
        self.inner.observe(seat, move, color)

    def shown(self, view):  # type: ignore[no-untyped-def]
        self.inner.shown(view)

    def act(self, view):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        move = self.inner.act(view)
        if view.my_turn:
            self.times.append(time.perf_counter() - start)
        return move


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="expert")
    parser.add_argument("--against", default="strong")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--presets", default="official")
    parser.add_argument("--time-ms", type=float, default=50.0, help="expert: per decision")
    args = parser.parse_args()
    options = {"time_ms": args.time_ms} if args.bot == "expert" else {}
    for preset in args.presets.split(","):
        rules = Rules.preset(preset, players=args.players)
        timed = Timed(make_bot(args.bot, seed=1, **options))
        for i in range(args.games):
            bots: list[Bot] = [timed] + [
                make_bot(args.against, seed=i * 10 + s) for s in range(1, rules.players)
            ]
            game = Game(rules, seed=i)
            for seat, bot in enumerate(bots):
                bot.reset(seat, rules)
            play_round(game, bots)
        ms = sorted(t * 1000 for t in timed.times)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        print(
            f"{args.bot} against {args.against}, {preset}, {args.players} players, "
            f"{args.games} games, {len(ms)} decisions: mean {statistics.mean(ms):.2f} ms, "
            f"99th percentile {p99:.2f} ms, max {ms[-1]:.2f} ms; "
            f"slowest: {', '.join(f'{t:.1f}' for t in ms[-5:])}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
