"""Policy bots (issue 22 §1): a bot encodes exactly what the environment observes, a trained
policy plays wherever bots do, bot specs and policy files are checked with clear errors."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from unokit import Game, Rules
from unokit.bots import TABLE_LEVELS, make_bot, parse_bot_spec, play_out
from unokit.bots.policy import NumpyPolicy, PolicyBot, PolicyError, load_policy
from unokit.envs import uno_v0
from unokit.envs.actions import N_ACTIONS, move_tokens
from unokit.envs.layout import CLASSIC, Layout
from unokit.envs.observation import OBS_SIZE, SCALE
from unokit.moves import Play
from unokit.sim.tournament import run_tournament

from .test_envs import MIXES, NO_MERCY_MIXES


class Scripted:
    """A policy that records what it is given and picks a random allowed action."""

    def __init__(self, seed: int, layout: Layout = CLASSIC) -> None:
        self.rng = np.random.default_rng(seed)
        self.seen: list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]] = []
        self.shapes = ((layout.observation.size,), (layout.actions.size,))

    def action(self, observation: Any, mask: Any) -> int:
        assert (observation.shape, mask.shape) == self.shapes
        self.seen.append((observation.copy(), mask.copy()))
        return int(self.rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize(
    "mix", MIXES + NO_MERCY_MIXES, ids=lambda m: "-".join(f"{v}" for v in m.values())
)
def test_a_policy_bot_encodes_exactly_what_the_env_observes(mix: dict[str, Any]) -> None:
    """Over whole games, bots driven from the env: at every decision the observation and mask
    the bot's policy gets (made from the seat's View and the hands shown to it) are the env's
    (No Mercy's too: its layout, a roulette's phase, seats knocked out)."""
    env = uno_v0.raw_env(max_steps=1500, **mix)
    layout = env.layout
    decline = layout.actions.decline
    checked = 0
    for seed in range(2 if mix in MIXES else 8):  # (No Mercy's rounds are short)
        env.reset(seed=seed)
        policies = [Scripted(100 * seed + s, layout) for s in range(env.n)]
        bots = [PolicyBot(p) for p in policies]
        for seat, bot in enumerate(bots):
            bot.reset(seat, env.rules)

        def tell(seat: int, move: Any, color: Any, bots: list[PolicyBot] = bots) -> None:
            for other, bot in enumerate(bots):
                if isinstance(move, Play) and move.give and other not in (seat, move.trade):
                    bot.observe(seat, replace(move, give=()), color)
                else:
                    bot.observe(seat, move, color)

        env._listeners = [tell]
        while not (env.terminations[env.agent_selection] or env.truncations[env.agent_selection]):
            agent = env.agent_selection
            seat = env.seat_of(agent)
            policy = policies[seat]
            before = len(policy.seen)
            move = bots[seat].act(env.game.view(seat))
            asked = policy.seen[before:]
            if move is None:
                assert env.out_of_turn
                tokens: tuple[int, ...] = (decline,)
            else:
                tokens = move_tokens(move, seat, env.n, layout) or ()
            made = env.moves_made
            for i, token in enumerate(tokens):
                obs = env.observe(agent)
                assert np.array_equal(asked[i][0], obs["observation"]), (
                    f"differs at {np.flatnonzero(asked[i][0] != obs['observation'])}"
                )
                assert np.array_equal(asked[i][1], obs["action_mask"])
                checked += 1
                env.step(token)
                if env.moves_made != made or token == decline:
                    break
            shown = env.game.revealed
            if shown is not None:
                bots[shown[0]].shown(env.game.view(shown[0]))
    assert checked > (100 if mix in MIXES else 60)


def _random_policy(seed: int, hidden: int = 16) -> NumpyPolicy:
    rng = np.random.default_rng(seed)
    return NumpyPolicy(
        [
            (rng.normal(size=(OBS_SIZE, hidden)).astype(np.float32), np.zeros(hidden, np.float32)),
            (rng.normal(size=(hidden, N_ACTIONS)).astype(np.float32), np.zeros(N_ACTIONS)),
        ],
        scale=SCALE,
        meta={"test": True},
    )


def test_a_numpy_policy_file_round_trips_and_plays_in_a_tournament(tmp_path: Path) -> None:
    path = tmp_path / "agent.npz"
    policy = _random_policy(1)
    policy.save(path)
    again = load_policy(path)
    assert isinstance(again, NumpyPolicy) and again.meta == {"test": True}
    obs = np.arange(OBS_SIZE, dtype=np.float32) % 3
    assert np.allclose(again.logits(obs), policy.logits(obs))
    spec = f"policy:{path}"
    result = run_tournament(Rules(players=2), [spec, "random"], games=6, seed=3, workers=1)
    assert [e.bot for e in result.entrants] == [spec, "random"]
    assert sum(e.games for e in result.entrants) == 12


@pytest.mark.parametrize("preset", ["official", "party", "online"])
def test_the_learned_bot_plays_whole_games(preset: str) -> None:
    rules = Rules.preset(preset, players=3, scoring="none")
    bots = [make_bot("learned", seed=s) for s in range(3)]
    assert play_out(Game(rules, 7), bots).match_over
    assert "learned" in TABLE_LEVELS


def test_bot_specs_are_checked_with_clear_errors(tmp_path: Path) -> None:
    assert str(parse_bot_spec("expert")) == "expert"
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        parse_bot_spec("genius")
    with pytest.raises(ValueError, match="after 'policy:'"):
        parse_bot_spec("policy:")
    with pytest.raises(ValueError, match="not offered here"):
        parse_bot_spec("policy:/etc/passwd", files=False)
    with pytest.raises(ValueError, match="expected one of random, basic, strong, expert, learned"):
        parse_bot_spec("greedy", files=False)  # (a C-opponent level, not a table's)
    with pytest.raises(PolicyError, match="no such file"):
        make_bot(f"policy:{tmp_path / 'missing.npz'}")
    text = tmp_path / "agent.txt"
    text.write_text("hello")
    with pytest.raises(PolicyError, match=r"\.npz\) or a Stable-Baselines3 model \(\.zip"):
        make_bot(f"policy:{text}")
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a zip")
    with pytest.raises(PolicyError, match="not a NumPy weights file"):
        make_bot(f"policy:{broken}")


def test_a_weights_file_made_for_other_spaces_is_refused(tmp_path: Path) -> None:
    rng = np.random.default_rng(0)
    small = tmp_path / "small.npz"
    np.savez(
        small, format=np.array("unokit-mlp-1"), w0=rng.normal(size=(10, 309)), b0=np.zeros(309)
    )
    with pytest.raises(PolicyError, match="layer 0 takes 10 inputs, but the observation has 1193"):
        load_policy(small)
    few = tmp_path / "few.npz"
    np.savez(
        few, format=np.array("unokit-mlp-1"), w0=rng.normal(size=(OBS_SIZE, 4)), b0=np.zeros(4)
    )
    with pytest.raises(PolicyError, match="gives 4 outputs"):
        load_policy(few)
    other = tmp_path / "other.npz"
    np.savez(other, w0=np.zeros((2, 2)))
    with pytest.raises(PolicyError, match="format 'missing'"):
        load_policy(other)


def test_a_policy_bot_always_makes_a_legal_move_and_declines_out_of_turn() -> None:
    """A random network plays every rule mix's whole games through the table loop, which
    refuses any illegal move; out of turn it may let a chance pass."""
    policy = _random_policy(5)
    for mix in MIXES[:6]:
        rules = Rules.from_dict({**mix, "scoring": "none"})
        bots = [PolicyBot(policy, seed=s) for s in range(rules.players)]
        assert play_out(Game(rules, 3), bots, max_moves=5000).round_no >= 1


def test_the_learned_weights_are_package_data_and_small() -> None:
    from tests.test_packaging import _packaged
    from unokit.bots.spec import learned_weights

    path = learned_weights()
    assert path in _packaged()
    assert path.stat().st_size < 2_000_000
    policy = load_policy(path)
    assert isinstance(policy, NumpyPolicy) and policy.meta["trained_by"] == "tools/train_learned.py"


def test_the_command_line_takes_policy_specs(tmp_path: Path) -> None:
    """unokit tournament plays a policy file; unokit play and tournament refuse a spec that
    cannot be played before anything starts, with the reason."""
    from typer.testing import CliRunner

    from unokit.cli.main import app

    runner = CliRunner()
    path = tmp_path / "agent.npz"
    _random_policy(2).save(path)
    result = runner.invoke(
        app, ["tournament", "--bots", f"policy:{path},learned", "--games", "4", "--workers", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "learned" in result.output
    missing = tmp_path / "missing.zip"
    for command in (["tournament", "--bots", f"policy:{missing},random"], ["play"]):
        args = command if command[0] == "tournament" else ["play", "--bots", f"policy:{missing}"]
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert "missing.zip: no such file" in " ".join(result.output.split())
    result = runner.invoke(app, ["play", "--bots", "genius"])
    assert result.exit_code == 2 and "unknown bot level 'genius'" in result.output


def test_a_forgetful_policy_bot_sometimes_forgets_uno() -> None:
    from tests.conftest import table

    forgot = 0
    for seed in range(40):
        game = table(["R3 G4", "B1 B2 B3", "Y1 Y2"])
        bot = make_bot("learned", seed=seed, forget_uno=0.5)
        bot.reset(0, game.rules)
        move = bot.act(game.view(0))
        assert isinstance(move, Play) and move in game.legal_moves(0)
        forgot += not move.uno
    assert 5 < forgot < 35
