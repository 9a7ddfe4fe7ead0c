#!/usr/bin/env bash
# Reproduces the No Mercy strength figures of docs/bots.md ("UNO Show 'Em No Mercy"): strong
# and expert against basic under --preset no_mercy, 2 and 4 players, and expert against strong
# (about 40 minutes on 2 busy cores: the expert searches in Python under these rules).
# Usage: bash benchmarks/no_mercy_strength.sh [GAMES] [EXPERT_GAMES]
set -euo pipefail
GAMES=${1:-10000}
EXPERT_GAMES=${2:-600}
U="${UNOKIT:-unokit}"
OUT=${OUT:-benchmarks/results}
mkdir -p "$OUT"
NM="--preset no_mercy --seed 1"
set -x
$U tournament --bots strong,basic --games "$GAMES" $NM --json "$OUT/no_mercy2_strong_basic.json"
$U tournament --bots strong,basic,basic,basic --games "$GAMES" $NM --json "$OUT/no_mercy4_strong_basic_basic_basic.json"
$U tournament --bots expert,basic --games "$EXPERT_GAMES" $NM --time-ms 50 --json "$OUT/no_mercy2_expert_basic.json"
$U tournament --bots expert,basic,basic,basic --games "$EXPERT_GAMES" $NM --time-ms 50 --json "$OUT/no_mercy4_expert_basic_basic_basic.json"
$U tournament --bots expert,strong --games "$EXPERT_GAMES" $NM --time-ms 50 --json "$OUT/no_mercy2_expert_strong.json"
