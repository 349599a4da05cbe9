#!/usr/bin/env bash
# firmware/game/ as its README draws it: one dispatcher over controllers
# over views and services, over the state. Two checks, one cmocka-style
# line each:
#  - game-ranks: a file includes only game/ headers of a lower rank (its
#    own header aside): no circle, no arrow up, no controller calling
#    another;
#  - game-writers: each part of ui_t (ui_state.h) is written by its owner's
#    file only: an assignment to ui->PART..., or ui->PART's address kept in
#    a pointer that is not const, or returned (as far as grep can tell).
# A file of game/ missing from RANK fails the check: a new file is placed
# on purpose.
set -u
cd "$(dirname "$0")/.."
dir=${GAME_DIR:-firmware/game}

declare -A RANK=(
  [ui_state]=0 [moments]=0 [sound]=0 [input]=0 [render]=0 # the state; services without game/
  [board]=1 [match_query]=1                               # the game on the board; the pure questions
  [words]=2                                               # views and the word ticker
  [screens]=3 [debug_lines]=3 [ticker]=3
  [play]=4 [menu]=4 [match]=4 [opponent]=4 [battery]=4    # controllers: never each other
  [ui]=5                                                  # the dispatcher
  [main]=6                                                # the main loop
)
declare -A OWNER=(
  [settings]=menu [menu]=menu [match]=match [result]=match [board]=board [play]=play
  [ticker]=ticker [opponent]=opponent [battery]=battery
  [screen]=ui [last_input]=ui [last_draw]=ui [dirty]=ui
)

bad=""
for f in "$dir"/*.[ch]; do
  base=$(basename "$f"); mod=${base%.*}
  mine=${RANK[$mod]:-}
  if [ -z "$mine" ]; then bad="$bad $base:no-rank"; continue; fi
  while IFS= read -r inc; do
    [ -e "$dir/$inc" ] || continue # another layer's header: tests/layers.sh
    other=${inc%.h}
    [ "$other" = "$mod" ] && continue
    theirs=${RANK[$other]:-}
    if [ -z "$theirs" ] || [ "$theirs" -ge "$mine" ]; then bad="$bad $base->$inc"; fi
  done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
done
if [ -z "$bad" ]; then echo "[       OK ] cli game-ranks"; else echo "[  FAILED  ] cli game-ranks: up or across:$bad"; fi

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
