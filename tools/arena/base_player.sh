#!/usr/bin/env bash
# The AI of another commit as an arena opponent ("base:LEVEL"): the
# commit's rules core, AI and generated tables compiled for the host into
# one object whose symbols all start with base_, so it links beside
# today's AI. The arena hands it today's position: the commit must share
# today's position and move layout (rules_pos_t, rules_move_t): before
# each of its moves the arena checks that its rules core writes the
# position as today's does, and after, that the move is legal.
#   tools/arena/base_player.sh COMMIT OUT.o [CFLAGS...]
# Extra CFLAGS (e.g. -DAI_W_STEP=20) rebuild the commit's AI with them.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: tools/arena/base_player.sh COMMIT OUT.o [CFLAGS...]" >&2; exit 2; }
COMMIT=$1 OUT=$2
shift 2
git rev-parse --verify -q "$COMMIT^{commit}" >/dev/null || { echo "base_player.sh: not a commit: $COMMIT" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
git archive "$COMMIT" firmware tools/aigen tools/common | tar -x -C "$WORK"
FLAGS="-std=gnu11 -O2 -Wall -Wextra -Werror -I$WORK/firmware -I$WORK/tools/common"
# the commit's own table generator: its own sources but its main
GEN_SRC=$(ls "$WORK"/tools/aigen/ai_distance.c 2>/dev/null || true)
# shellcheck disable=SC2086
cc $FLAGS "$@" -o "$WORK/gen" "$WORK/tools/aigen/gen_ai_tables.c" $GEN_SRC "$WORK"/firmware/rules/*.c
"$WORK/gen" > "$WORK/ai_tables.c"
# how many levels that commit has, for the arena's check of base:LEVEL
printf '#include "ai/ai.h"\nconst unsigned char ai_levels_built = AI_LEVELS;\n' > "$WORK/levels_built.c"
for c in "$WORK"/firmware/rules/*.c $(ls "$WORK"/firmware/ai/*.c | grep -v asm_offsets) "$WORK/ai_tables.c" \
    "$WORK/levels_built.c"; do
  # shellcheck disable=SC2086
  cc $FLAGS "$@" -c -o "$WORK/$(basename "$c" .c).o" "$c"
done
ld -r -o "$WORK/all.o" "$WORK"/*.o
# it must need nothing of the project's that it does not bring: today's
# rules or AI would answer in its place
if nm -u "$WORK/all.o" | awk '{print $2}' | grep -E '^(ai_|rules_|flash_|hal_)'; then
  echo "base_player.sh: $COMMIT's AI needs the symbols above and does not define them" >&2
  exit 1
fi
# every symbol the object defines gets the prefix; what it needs from libc keeps its name
nm -g --defined-only "$WORK/all.o" | awk '{print $3" base_"$3}' > "$WORK/names"
mkdir -p "$(dirname "$OUT")"
objcopy --redefine-syms="$WORK/names" "$WORK/all.o" "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
