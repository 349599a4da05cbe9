#!/usr/bin/env bash
# Every board's firmware fits its flash budget, program and initialised data
# (avr-size's text + data): BOARD_FLASH_BUDGET in its board-defs header
# (the handheld: 32 KiB less optiboot's 512-byte boot section and a
# 512-byte reserve, 31,744 B; a stock Arduino Nano: 30,720 B).
# Each board also keeps FLASH_RESERVE (512 B) of its budget free, so that
# a feature can grow without first winning room back (issue 32).
# Prints one cmocka-style line per board.
#   tests/size.sh BUILD_DIR   (FLASH_BUDGET=N to check another budget)
set -u
build=$1
found=0
for elf in "$build"/*/firmware.elf; do
  [ -e "$elf" ] || continue
  found=1
  board=$(basename "$(dirname "$elf")")
  budget=${FLASH_BUDGET:-$(sed -n 's/^#define BOARD_FLASH_BUDGET \([0-9]*\)u.*/\1/p' "board-defs/$board.h")}
  if [ -z "$budget" ]; then
    echo "[  FAILED  ] cli flash-$board: no BOARD_FLASH_BUDGET in board-defs/$board.h"
    continue
  fi
  used=$(avr-size "$elf" | awk 'NR == 2 { print $1 + $2 }')
  reserve=${FLASH_RESERVE:-512}
  if [ -n "$used" ] && [ "$used" -le "$((budget - reserve))" ]; then
    echo "[       OK ] cli flash-$board ($used of $budget B, $((budget - used)) B free)"
  elif [ -n "$used" ] && [ "$used" -le "$budget" ]; then
    echo "[  FAILED  ] cli flash-$board: $used of $budget B leaves $((budget - used)) B free, under the $reserve B reserve"
  else
    echo "[  FAILED  ] cli flash-$board: ${used:-no size} B, over the $budget B budget"
  fi
done
[ "$found" -eq 1 ] || echo "[  FAILED  ] cli flash: no firmware.elf under $build"
