#!/usr/bin/env bash
# tests/rows.sh and tests/game_writers.sh fail on broken copies of the
# folders they read: an include up, one across a row, a file with no row,
# a part of ui_t written by a file that does not own it. One line.
set -u
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=""
expect_fail() { # WHAT OUTPUT
  grep -q 'FAILED' <<<"$2" || bad="$bad $1"
}
cp -r firmware/game "$tmp/up" && sed -i 's/^#include "sound.h"$/#include "sound.h"\n#include "ui.h"/' "$tmp/up/menu.c"
expect_fail game-include-up "$(ROWS_DIR_game=$tmp/up tests/rows.sh | grep game-rows)"
cp -r firmware/game "$tmp/across" && sed -i 's/^#include "sound.h"$/#include "sound.h"\n#include "play.h"/' "$tmp/across/menu.c"
expect_fail game-include-across "$(ROWS_DIR_game=$tmp/across tests/rows.sh | grep game-rows)"
cp -r sim "$tmp/sim" && touch "$tmp/sim/part_new.c"
expect_fail sim-file-without-row "$(ROWS_DIR_sim=$tmp/sim tests/rows.sh | grep sim-rows)"
cp -r firmware/game "$tmp/writer" && printf 'void w(ui_t *ui);\nvoid w(ui_t *ui) { ui->screen = 1; }\n' >>"$tmp/writer/play.c"
expect_fail game-foreign-writer "$(GAME_DIR=$tmp/writer tests/game_writers.sh)"
cp -r firmware/game "$tmp/pointer" && printf 'void w(ui_t *ui);\nvoid w(ui_t *ui) {\n    ui_board_t *b = &ui->board;\n    b->last_from = 0;\n}\n' >>"$tmp/pointer/menu.c"
expect_fail game-foreign-pointer "$(GAME_DIR=$tmp/pointer tests/game_writers.sh)"
# and the real folders pass
ok=$(tests/rows.sh; tests/game_writers.sh)
grep -q FAILED <<<"$ok" && bad="$bad real-folders"
if [ -z "$bad" ]; then echo "[       OK ] cli structure-checks-can-fail"; else echo "[  FAILED  ] cli structure-checks-can-fail: not caught:$bad"; fi
