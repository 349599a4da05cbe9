#!/usr/bin/env bash
# Folders drawn as rows (their READMEs): a file includes only headers of
# its folder from a lower row (its own header aside), so there is no
# circle, no include up, and no file calling its neighbours in a row.
# A file missing from its folder's table fails: a new file gets its row on
# purpose. One cmocka-style line per folder.
#   ROWS_DIR_game / ROWS_DIR_sim: another copy of that folder (the checks' own tests)
set -u
cd "$(dirname "$0")/.."

check_rows() { # NAME DIR "module row [its header, when named otherwise] ..."
  local name=$1 dir=$2 table=$3 bad="" f base mod mine inc other theirs
  declare -A row=() own=()
  while read -r m r h; do [ -n "$m" ] && row[$m]=$r && own[$m]=${h:-$m}; done <<<"$table"
  for f in "$dir"/*.[ch]; do
    base=$(basename "$f"); mod=${base%.*}
    mine=${row[$mod]:-}
    if [ -z "$mine" ]; then bad="$bad $base:no-row"; continue; fi
    while IFS= read -r inc; do
      [ -e "$dir/$inc" ] || continue # another folder's header: tests/layers.sh
      other=${inc%.h}
      [ "$other" = "${own[$mod]}" ] && continue
      theirs=${row[$other]:-}
      if [ -z "$theirs" ] || [ "$theirs" -ge "$mine" ]; then bad="$bad $base->$inc"; fi
    done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
  done
  if [ -z "$bad" ]; then echo "[       OK ] cli $name-rows"; else echo "[  FAILED  ] cli $name-rows: up or across:$bad"; fi
}

# firmware/game/README.md: the main loop, the dispatcher, controllers (never
# each other), views and the word ticker, the board and the pure questions,
# the state and the services.
check_rows game "${ROWS_DIR_game:-firmware/game}" "
ui_state 0
moments 0
sound 0
input 0
render 0
board 1
match_query 1
words 2
screens 3
debug_lines 3
ticker 3
play 4
menu 4
match 4
opponent 4
battery 4
ui 5
main 6"

# docs/sim.md: the pieces that know no simulator, the core (sim.h), the
# parts (never each other), what joins parts, the player and the terminal,
# the script runner, the serial front end, main.
check_rows sim "${ROWS_DIR_sim:-sim}" "
script_parse 0
file_check 0
frame_letter 0
text_out 0
xorshift32 0
energy_model 0
script_command 1
sim_matrix 1
status_text 1
settings_text 1
sim 2
sim_core 2 sim
part_battery 3
part_buttons 3
part_buzzer 3
part_display_595 3
part_display_ws2812 3
part_eeprom 3
part_energy 3
part_measure 3
part_uart 3
sim_nv 3
sim_parts 4
sim_autoplay 4
sim_board_view 4
script_power_cut 4
sim_settings 4
script_player 5
sim_term 5
sim_script 6
sim_serial 7
main 8"
