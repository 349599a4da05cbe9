#!/usr/bin/env bash
# firmware/game/: each part of ui_t (ui_state.h) is written by its
# owner's file only: an assignment to ui->PART..., or ui->PART's address
# kept in a pointer that is not const, or returned (as far as grep can
# tell; ui_init's memset aside). One cmocka-style line. (The folder's rows:
# tests/rows.sh.)
set -u
cd "$(dirname "$0")/.."
dir=${GAME_DIR:-firmware/game}

declare -A OWNER=(
  [settings]=menu [menu]=menu [match]=match [result]=match [board]=board [play]=play
  [ticker]=ticker [opponent]=opponent [battery]=battery
  [screen]=ui [last_input]=ui [last_draw]=ui [dirty]=ui
)

bad=""
for f in "$dir"/*.c; do
  base=$(basename "$f"); mod=${base%.c}
  # ui->PART then fields or indices, then an assignment (not ==); ++/-- either side;
  # &ui->PART into a pointer that is not const, or returned
  while IFS= read -r part; do
    owner=${OWNER[$part]:-}
    [ "$owner" = "$mod" ] || bad="$bad $base:$part"
  done < <(sed -e 's://.*$::' "$f" | grep -oE \
      'ui->[a-z_]+((\.[a-z_]+)|(\[[^]]*\]))*[[:space:]]*([-+*/%&|^]?=[^=]|\+\+|--)|(\+\+|--)ui->[a-z_]+|(const[[:space:]]+)?[a-z_]+_t[[:space:]]*\*[[:space:]]*[a-z_]+[[:space:]]*=[[:space:]]*&ui->[a-z_]+|return &ui->[a-z_]+' |
    grep -v '^const' | sed -E 's/.*ui->([a-z_]+).*/\1/' | sort -u)
done
if [ -z "$bad" ]; then echo "[       OK ] cli game-writers"; else echo "[  FAILED  ] cli game-writers: written by a file that does not own it:$bad"; fi
