"""The learning environments (issue 13): PettingZoo and Gymnasium conformance, every preset,
the action space, the out-of-turn order, rewards, pickling, and what an observation shows."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import unokit.envs  # noqa: F401  (registers unokit/Uno-v0)
from unokit.envs import uno_v0
from unokit.envs.actions import (
    DECLINE,
    END,
    N_ACTIONS,
    Chooser,
    action_name,
    move_tokens,
)
from unokit.envs.layout import layout_of
from unokit.envs.observation import DiscardCounter, encode
from unokit.game import Game
from unokit.moves import CallUno, Catch, Play
from unokit.phase import Phase
from unokit.rng import Rng
from unokit.rules import PRESETS, Rules
from unokit.sim.determinize import sample_game

#: option mixes reaching every kind of move: several cards, sums, swaps, peeks and trades,
#: targeted wilds, stacking, deflecting, false calls and catches
MIXES: list[dict[str, Any]] = [
    {"preset": "online", "players": 4},
    {"preset": "party", "players": 3},
    {"preset": "official", "players": 5, "multi_play": "same_rank", "seven_zero": True},
    {"preset": "official", "players": 3, "multi_play": "identical_pair", "jump_in": "identical"},
    {"preset": "official", "players": 4, "sum_jump_in": True, "sum_jump_in_any_color": True},
    {"preset": "official", "players": 3, "wild_multi": True},
    {
        "preset": "classic112",
        "players": 4,
        "custom_effect": "swap_hands",
        "false_catch_penalty": 1,
        "false_uno_penalty": 1,
    },
    {"preset": "official", "players": 2, "stacking": "any", "deflect": "any_color"},
    {"preset": "teams", "round_end": "first_out", "number_finish": True},
    {"preset": "official", "players": 6, "round_end": "rank_all", "scoring": "low_wins"},
    {  # the online tables' house rules (VARIANTS.md §2)
        "preset": "official",
        "players": 4,
        "reveal_hands_at": 3,
        "multi_play": "same_rank",
        "bomb": True,
        "hand_limit": 12,
        "uno_call_window": "last_card_only",
        "catching": False,
        "wild_start": "bury",
        "score_multiplier": 2,
    },
]
#: UNO Show 'Em No Mercy (VARIANTS.md §1): its own, larger layout; stacking by value, skip
#: everyone, discard all, colour roulette, and the mercy rule (a low limit knocks seats out often)
NO_MERCY_MIXES: list[dict[str, Any]] = [
    {"preset": "no_mercy", "players": 4},
    {"preset": "no_mercy", "players": 2},
    {"preset": "no_mercy", "players": 5, "mercy_limit": 12},
    {"preset": "no_mercy", "players": 3, "mercy_limit": 10, "jump_in": "identical"},
]


def random_episode(env: Any, rng: np.random.Generator, check: Any = None) -> int:
    """Play one episode with uniformly random allowed actions; the number of actions."""
    steps = 0
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if check is not None:
            check(env, agent, obs)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps


# -- conformance ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_pettingzoo_api_test_passes_for_every_preset(preset: str) -> None:
    env = uno_v0.env(preset=preset, players=3 if preset != "teams" else 4, max_steps=600)
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("players", [2, 10])
def test_pettingzoo_api_test_passes_at_2_and_10_players(players: int) -> None:
    api_test(uno_v0.env(players=players, preset="online", max_steps=600), num_cycles=300)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: uno_v0.env(players=3, preset="online", max_steps=400), num_cycles=200)


@pytest.mark.parametrize(
    ("preset", "size", "actions"), [("online", 1193, 309), ("no_mercy", 1385, 346)]
)
def test_gymnasium_check_env_passes_and_the_env_is_registered(
    preset: str, size: int, actions: int
) -> None:
    env = gymnasium.make("unokit/Uno-v0", players=3, preset=preset, opponents="basic")
    check_env(env.unwrapped)
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == (size,)
    assert obs["action_mask"].shape == (actions,)
    assert env.action_space.n == actions


@pytest.mark.parametrize(
    "mix", MIXES + NO_MERCY_MIXES, ids=lambda m: "-".join(f"{v}" for v in m.values())
)
def test_whole_episodes_of_option_mixes_keep_to_the_spaces(mix: dict[str, Any]) -> None:
    env = uno_v0.env(max_steps=3000, **mix)
    space = env.observation_space("player_0")
    rng = np.random.default_rng(7)

    def check(env: Any, agent: str, obs: dict[str, Any]) -> None:
        assert space.contains(obs)
        assert obs["action_mask"].any()

    for seed in range(3):
        env.reset(seed=seed)
        assert random_episode(env, rng, check) > 0


def test_pickling_mid_game_continues_identically() -> None:
    env = uno_v0.raw_env(players=4, preset="online")
    env.reset(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(40):
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    copy = pickle.loads(pickle.dumps(env))
    assert copy.game == env.game
    for _ in range(200):
        if env.terminations[env.agent_selection]:
            break
        assert copy.agent_selection == env.agent_selection
        a, b = env.observe(env.agent_selection), copy.observe(copy.agent_selection)
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
        action = int(rng.choice(np.flatnonzero(a["action_mask"])))
        env.step(action)
        copy.step(action)
    assert copy.game == env.game
    gym_env = gymnasium.make("unokit/Uno-v0", players=2).unwrapped
    gym_env.reset(seed=3)
    assert pickle.loads(pickle.dumps(gym_env)).aec.game == gym_env.aec.game


def test_the_same_seed_gives_the_same_episode() -> None:
    def run(seed: int) -> list[Any]:
        env = uno_v0.raw_env(players=3, preset="party", max_steps=500)
        env.reset(seed=seed)
        rng = np.random.default_rng(1)
        random_episode(env, rng)
        return env.game.record()["moves"]

    assert run(11) == run(11)
    assert run(11) != run(12)
    env = uno_v0.raw_env(players=2)
    env.reset(seed=4)
    first = env.game.to_dict()
    env.reset()
    second = env.game.to_dict()
    env.reset(seed=4)
    assert env.game.to_dict() == first
    env.reset()
    assert env.game.to_dict() == second


# -- the action space ------------------------------------------------------------------------------


def _games(mix: dict[str, Any], count: int, moves: int) -> list[Game]:
    """States of random games (every seat's moves, out of turn included)."""
    rules = Rules.from_dict(mix)
    out: list[Game] = []
    rng = Rng(len(out) + 99)
    for seed in range(count):
        game = Game(rules, seed)
        for _ in range(moves):
            if game.round_over:
                break
            out.append(game.copy())
            seats = [game.current, *game.waiting_seats()]
            seat = rng.choice(seats)
            legal = game.legal_moves(seat)
            if not legal:
                seat = game.current
                legal = game.legal_moves(seat)
            game.apply(seat, rng.choice(legal))
    return out


@pytest.mark.parametrize(
    "mix", MIXES + NO_MERCY_MIXES, ids=lambda m: "-".join(f"{v}" for v in m.values())
)
def test_every_legal_move_has_its_own_actions_and_they_make_it(mix: dict[str, Any]) -> None:
    kinds: set[str] = set()
    layout = layout_of(Rules.from_dict(mix))
    size = layout.actions.size
    for game in _games(mix, 4, 250):
        for seat in range(game.n):
            legal = [m for m in game.legal_moves(seat) if move_tokens(m, seat, game.n, layout)]
            sequences = {move_tokens(m, seat, game.n, layout): m for m in legal}
            assert len(sequences) == len(legal), "two moves share their actions"
            for tokens, move in sequences.items():
                assert tokens is not None and all(0 <= t < size for t in tokens)
                chooser = Chooser(legal, seat, game.n, layout=layout)
                made = None
                for i, token in enumerate(tokens):
                    assert token in chooser.allowed()
                    made = chooser.choose(token)
                    if made is not None:
                        break
                    assert i < len(tokens) - 1
                assert made == move
                kinds.add(type(move).__name__)
                if isinstance(move, Play) and (move.more or move.swap is not None):
                    kinds.add("several" if move.more else "swap")
                if isinstance(move, Play) and (move.peek is not None or move.trade is not None):
                    kinds.add("wild_multi")
    assert "Play" in kinds


def test_the_mixes_reach_several_cards_swaps_and_wild_multi() -> None:
    """The mixes above do reach the moves of several actions."""
    reached: set[str] = set()
    for mix in MIXES:
        for game in _games(mix, 3, 200):
            for seat in range(game.n):
                for move in game.legal_moves(seat):
                    if isinstance(move, Play):
                        if move.more:
                            reached.add("several")
                        if move.swap is not None:
                            reached.add("swap")
                        if move.trade is not None:
                            reached.add("trade")
                        if move.peek is not None:
                            reached.add("peek")
                    elif isinstance(move, Catch):
                        reached.add("catch")
                    elif isinstance(move, CallUno):
                        reached.add("uno")
    assert reached >= {"several", "swap", "trade", "peek", "catch", "uno"}


def test_action_names_cover_the_space() -> None:
    names = [action_name(a) for a in range(N_ACTIONS)]
    assert len(set(names)) == N_ACTIONS
    assert names[END] == "end" and names[DECLINE] == "decline"
    with pytest.raises(ValueError):
        action_name(N_ACTIONS)
    nm = layout_of("no_mercy168")
    names = [action_name(a, nm) for a in range(nm.actions.size)]
    assert len(set(names)) == nm.actions.size == 346
    assert names[nm.actions.end] == "end" and names[-1] == "decline"
    for code in ("R+4", "RSA", "BDA", "WR+4", "W+6", "W+10", "WCR"):
        assert f"play {code}" in names or f"play {code} red" in names
    with pytest.raises(ValueError):
        action_name(nm.actions.size, nm)


def test_an_action_the_mask_does_not_allow_is_refused() -> None:
    env = uno_v0.raw_env(players=2)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not allowed"):
        env.step(bad)
    gym_env = gymnasium.make("unokit/Uno-v0", players=2).unwrapped
    obs, _ = gym_env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = gym_env.step(bad)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, bad)


# -- who decides -----------------------------------------------------------------------------------


def test_out_of_turn_chances_go_clockwise_from_the_seat_after_the_one_to_act() -> None:
    """A seat came down to one card without calling: every other seat may catch it. They are
    asked in order, clockwise from the seat after the one to act, then the seat to act."""
    for seed in range(400):
        env = uno_v0.raw_env(players=5, preset="official", max_steps=None)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        asked: list[int] = []
        while not env.terminations[env.agent_selection]:
            game = env.game
            if env.out_of_turn:
                asked.append(env.seat_of(env.agent_selection))
                mask = env.observe(env.agent_selection)["action_mask"]
                assert mask[DECLINE]
                env.step(DECLINE)
                continue
            if len(asked) >= 3:
                current = game.current
                assert asked == sorted(asked, key=lambda s: (s - current) % 5)
                assert current not in asked
                return
            asked = []
            legal = env.legal_actions()
            # never call UNO, so that the others get chances to catch
            choices = [a for a in legal if a < 77 or a >= 154] or legal
            env.step(int(rng.choice(choices)))
    pytest.fail("no state with three out-of-turn chances")


def test_rewards_win_lose_and_points() -> None:
    for reward in ("win", "points"):
        env = uno_v0.raw_env(players=3, reward=reward, max_steps=None)
        rng = np.random.default_rng(3)
        for seed in range(3):
            env.reset(seed=seed)
            totals = dict.fromkeys(env.possible_agents, 0.0)
            for agent in env.agent_iter():
                obs, r, term, trunc, _ = env.last()
                totals[agent] += r
                if term or trunc:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            game = env.game
            winner = env.agent_at(game.winner)
            if reward == "win":
                assert totals[winner] == 1.0
                assert sorted(totals.values()) == [-1.0, -1.0, 1.0]
            else:
                from unokit.scoring import hand_points

                points = [hand_points(h) for h in game.hands]
                assert totals[winner] == sum(points)
                for seat in range(3):
                    if env.agent_at(seat) != winner:
                        assert totals[env.agent_at(seat)] == -points[seat]


def test_a_match_episode_deals_every_round_until_the_match_ends() -> None:
    env = uno_v0.raw_env(players=2, episode="match", target_score=300, max_steps=None)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, r, term, trunc, _ = env.last()
        totals[agent] += r
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.game.phase == Phase.MATCH_OVER and env.game.round_no > 1
    assert totals[env.agent_at(env.game.match_ranking[0])] == 1.0


def test_the_gym_env_plays_against_each_bot_level_reproducibly() -> None:
    for level in ("random", "basic", "strong"):
        results = []
        for _ in range(2):
            env = gymnasium.make("unokit/Uno-v0", players=3, opponents=level)
            obs, _ = env.reset(seed=9)
            rng = np.random.default_rng(9)
            trace = []
            done = False
            while not done:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                obs, reward, term, trunc, _ = env.step(action)
                trace.append((action, reward))
                done = term or trunc
            results.append(trace)
        assert results[0] == results[1]
        assert results[0][-1][1] in (-1.0, 1.0)


# -- what an observation shows -----------------------------------------------------------------


@pytest.mark.parametrize("mix", MIXES[:7], ids=lambda m: "-".join(f"{v}" for v in m.values()))
def test_an_observation_shows_only_what_the_seat_may_know(mix: dict[str, Any]) -> None:
    """Over whole games: each decision's observation and mask are the same in a game whose
    hidden cards (other hands, the draw pile's order, the generator) are dealt afresh from the
    deciding seat's view. A field showing anything hidden would differ."""
    env = uno_v0.raw_env(max_steps=1500, **mix)
    rng = np.random.default_rng(5)
    sampler = Rng(17)
    checked = 0

    def check(env: Any, agent: str, obs: dict[str, Any]) -> None:
        nonlocal checked
        seat = env.seat_of(agent)
        game = env.game
        view = game.view(seat)
        sample = sample_game(view, sampler)
        assert sample.hands[seat] == game.hands[seat]
        assert sample.draw_pile != game.draw_pile or len(game.draw_pile) < 2
        chosen = list(env._chooser.prefix)
        again = encode(
            sample,
            seat,
            out_of_turn=env.out_of_turn,
            chosen=chosen,
            revealed=env._revealed[seat],
            discard=DiscardCounter(),
        )
        assert np.array_equal(obs["observation"], again)
        chooser = Chooser(sample.legal_moves(seat), seat, sample.n, decline=env.out_of_turn)
        for token in chosen:
            assert chooser.choose(token) is None
        assert sorted(chooser.allowed()) == sorted(np.flatnonzero(obs["action_mask"]))
        checked += 1

    for seed in range(2):
        env.reset(seed=seed)
        random_episode(env, rng, check)
    assert checked > 50


def test_the_observation_layout() -> None:
    from unokit.envs import observation as o

    env = uno_v0.raw_env(players=3)
    env.reset(seed=8)
    seat = env.seat_of(env.agent_selection)
    obs = env.observe(env.agent_selection)["observation"]
    game = env.game
    assert obs[o.HAND : o.HAND + 57].sum() == len(game.hands[seat])
    assert obs[o.TOP : o.TOP + 57].sum() == 1
    assert obs[o.DISCARD : o.DISCARD + 57].sum() == len(game.discard)
    assert obs[o.COLOR + game.color] == 1
    assert obs[o.FLAGS] == 1  # its turn
    for rel in range(3):
        base = o.SEATS + rel * o.SEAT_FIELDS
        assert obs[base + 1] == len(game.hands[(seat + rel) % 3])
    assert not obs[o.SEATS + 3 * o.SEAT_FIELDS : o.CHOSEN].any()
