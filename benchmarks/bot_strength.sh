#!/usr/bin/env bash
# Reproduces the strength figures of docs/bots.md (about 30 minutes on 2 cores).
# Usage: bash benchmarks/bot_strength.sh [GAMES] [EXPERT_GAMES]
set -euo pipefail
GAMES=${1:-100000}
EXPERT_GAMES=${2:-2000}
U="${UNOKIT:-unokit}"
OUT=${OUT:-benchmarks/results}
mkdir -p "$OUT"
RLCARD="--rule wd4_rule=anytime --rule challenge=false"
set -x
$U tournament --bots strong,random --games "$GAMES" --seed 1 $RLCARD --json "$OUT/rlcard_strong_random.json"
$U tournament --bots strong,random --games "$GAMES" --seed 1 $RLCARD --rule draw_with_playable=forbidden --json "$OUT/rlcard_forbidden_strong_random.json"
$U tournament --bots strong,random --games "$GAMES" --seed 1 --json "$OUT/official_strong_random.json"
$U tournament --bots strong,random --games "$GAMES" --seed 1 --rule draw_with_playable=forbidden --json "$OUT/official_forbidden_strong_random.json"
$U tournament --bots strong,random,random,random --games "$GAMES" --seed 1 --json "$OUT/official4_strong_random.json"
$U tournament --bots strong,random,random,random --games "$GAMES" --seed 1 --rule draw_with_playable=forbidden --json "$OUT/official4_forbidden_strong_random.json"
$U tournament --bots strong,basic --games "$GAMES" --seed 1 --json "$OUT/official_strong_basic.json"
$U tournament --bots expert,strong --games "$EXPERT_GAMES" --seed 1 --time-ms 50 --json "$OUT/official_expert_strong.json"
