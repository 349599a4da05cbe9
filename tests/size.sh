#!/usr/bin/env bash
# Every board's firmware fits the flash budget: at most 31,744 B of program
# and initialised data (avr-size's text + data): the ATmega328P's 32 KiB
# less optiboot's 512-byte boot section and a 512-byte reserve (issue 24).
# Prints one cmocka-style line per board.
#   tests/size.sh BUILD_DIR   (FLASH_BUDGET=N to check another budget)
set -u
build=$1
budget=${FLASH_BUDGET:-31744}
found=0
for elf in "$build"/*/firmware.elf; do
  [ -e "$elf" ] || continue
  found=1
  board=$(basename "$(dirname "$elf")")
  used=$(avr-size "$elf" | awk 'NR == 2 { print $1 + $2 }')
  if [ -n "$used" ] && [ "$used" -le "$budget" ]; then
    echo "[       OK ] cli flash-$board ($used of $budget B)"
  else
    echo "[  FAILED  ] cli flash-$board: ${used:-no size} B, over the $budget B budget"
  fi
done
[ "$found" -eq 1 ] || echo "[  FAILED  ] cli flash: no firmware.elf under $build"
