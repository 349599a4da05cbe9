#!/usr/bin/env bash
# Weight tuning by measurement: builds the arena with one evaluation weight
# changed (tables regenerated with it), plays each variant at level 3
# against the same opponent, and prints one line per variant.
#   tools/tune.sh [PAIRS] [OPPONENT]    e.g. tools/tune.sh 10 uct:5000
set -eu
cd "$(dirname "$0")/.."
PAIRS=${1:-10}
OPP=${2:-uct:5000}
RULES_SRC="firmware/rules.c firmware/rules_board.c firmware/rules_sets.c firmware/rules_notation.c"
variant() { # NAME FLAGS...
  local name=$1; shift
  local d=build/tune/$name
  mkdir -p "$d"
  cc -std=gnu11 -O2 -Ifirmware "$@" -o "$d/gen" tools/aigen/gen_ai_tables.c $RULES_SRC
  "$d/gen" > "$d/ai_tables.c"
  cc -std=gnu11 -O3 -Ifirmware "$@" -o "$d/arena" tools/arena/arena.c firmware/ai_search.c firmware/ai_eval.c \
    "$d/ai_tables.c" $RULES_SRC -lm
  printf '%-22s ' "$name"
  "$d/arena" -g "$PAIRS" ai:3 "$OPP"
}
variant baseline
variant step-8 -DAI_W_STEP=8
variant step-22 -DAI_W_STEP=22
variant camp-60 -DAI_W_CAMP=60
variant camp-150 -DAI_W_CAMP=150
variant mark-0 -DAI_W_MARK=0
variant mark-40 -DAI_W_MARK=40
variant race-step-15 -DAI_W_RACE_STEP=15
variant race-step-45 -DAI_W_RACE_STEP=45
