#!/usr/bin/env bash
# Weight tuning by measurement: builds the arena with evaluation weights
# changed (-D overrides of firmware/ai/ai_weights.h, the AI's tables
# regenerated with them), plays each variant against the same opponent and
# prints one line per variant. Run `make` first (the reference player's
# objects are taken from the normal build).
#   tools/tune.sh [PAIRS] [OPPONENT] [LEVEL]    e.g. tools/tune.sh 100 ref:5 5
#   VARIANTS="name:-DFLAG=V,-DFLAG2=W ..." tools/tune.sh  your own variants
#   ARENA="-o 4 -b 30 -s 3" tools/tune.sh ...  more arena options (-o 4 -b 30:
#     balanced openings, the top level's yardstick, docs/ai.md "fifth round"; -p NODES:
#     the AI ponders on its opponent's time; the line ends with how often it guessed right)
#   BASE=5a653c0 tools/tune.sh 400 base:5 5     against the AI of a commit
#     (tools/arena/base_player.sh): each variant against the AI before it
set -eu
cd "$(dirname "$0")/.."
PAIRS=${1:-10}
OPP=${2:-uct:5000}
LEVEL=${3:-3}
# the host build's sources: every .c of both layers but the AVR-only
# assembler offsets (as tools/arena/base_player.sh takes them)
RULES=$(echo firmware/rules/*.c)
AI=$(ls firmware/ai/*.c | grep -v asm_offsets)
FLAGS="-std=gnu11 -O2 -Wall -Wextra -Werror -Ifirmware -Ihal -Itools/common -Itools/arena -Isim"
REF=$(ls build/host/obj/tools/arena/reference/*.o 2>/dev/null) || true
[ -n "$REF" ] || { echo "tune.sh: run make first (the reference player's objects)" >&2; exit 1; }
if [ -n "${BASE:-}" ]; then
  BASE_OBJ=build/base/$(git rev-parse --short=12 "$BASE^{commit}").o
  make --no-print-directory -s "$BASE_OBJ"
  REF="$REF $BASE_OBJ"
  FLAGS="$FLAGS -DARENA_BASE"
fi
variant() { # NAME FLAGS...
  local name=$1; shift
  local d=build/tune/$name
  mkdir -p "$d"
  # shellcheck disable=SC2086
  cc $FLAGS "$@" -o "$d/gen" tools/aigen/gen_ai_tables.c tools/aigen/ai_distance.c $RULES
  "$d/gen" > "$d/ai_tables.c"
  # shellcheck disable=SC2086
  cc $FLAGS "$@" -o "$d/arena" tools/arena/arena.c $AI "$d/ai_tables.c" $RULES $REF -lm
  printf '%-22s ' "$name"
  # shellcheck disable=SC2086
  "$d/arena" -g "$PAIRS" ${ARENA:-} "ai:$LEVEL" "$OPP" | paste -sd ' ' -
}
if [ -n "${VARIANTS:-}" ]; then
  for v in $VARIANTS; do
    # shellcheck disable=SC2086
    variant "${v%%:*}" $(printf '%s' "${v#*:}" | tr ',' ' ')
  done
  exit 0
fi
variant baseline
variant step-8 -DAI_W_STEP=8
variant step-22 -DAI_W_STEP=22
variant camp-60 -DAI_W_CAMP=60
variant camp-150 -DAI_W_CAMP=150
variant mark-0 -DAI_W_MARK=0
variant mark-40 -DAI_W_MARK=40
variant race-step-15 -DAI_W_RACE_STEP=15
variant race-step-45 -DAI_W_RACE_STEP=45
