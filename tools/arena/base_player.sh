#!/usr/bin/env bash
# The AI of another commit as an arena opponent ("base:LEVEL"): the
# commit's rules core, AI and generated tables compiled for the host into
# one object whose symbols all start with base_, so it links beside
# today's AI. The arena hands it today's position: the commit must share
# today's position and move layout (rules_pos_t, rules_move_t), and the
# arena checks every move it plays is legal.
#   tools/arena/base_player.sh COMMIT OUT.o [CFLAGS...]
# Extra CFLAGS (e.g. -DAI_W_STEP=20) rebuild the commit's AI with them.
set -eu
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
for c in "$WORK"/firmware/rules/*.c $(ls "$WORK"/firmware/ai/*.c | grep -v asm_offsets) "$WORK/ai_tables.c"; do
  # shellcheck disable=SC2086
  cc $FLAGS "$@" -c -o "$WORK/$(basename "$c" .c).o" "$c"
done
ld -r -o "$WORK/all.o" "$WORK"/*.o
# every symbol the object defines gets the prefix; what it needs from libc keeps its name
nm -g --defined-only "$WORK/all.o" | awk '{print $3" base_"$3}' > "$WORK/names"
mkdir -p "$(dirname "$OUT")"
objcopy --redefine-syms="$WORK/names" "$WORK/all.o" "$OUT"
