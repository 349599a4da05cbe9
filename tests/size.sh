#!/usr/bin/env bash
# Every board's firmware fits its flash budget, program and initialised data
# (avr-size's text + data): BOARD_FLASH_BUDGET in its board-defs header
# (the handheld: 32 KiB less optiboot's 512-byte boot section and a
# 512-byte reserve, 31,744 B; a stock Arduino Nano: 30,720 B).
# Each board also keeps FLASH_RESERVE (512 B) of its budget free, so that
# a feature can grow without first winning room back (issue 32).
# Each board's code is also laid out in the order firmware/link/BOARD.order
# gives (make link-order), which must still name this link's code sections.
# Prints two cmocka-style lines per board.
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
  # the order of its code in flash (firmware/boards.mk) places every code
  # section of this link and names none that is gone
  order="firmware/link/$board.order"
  if [ ! -e "$order" ]; then
    echo "[  FAILED  ] cli link-order-$board: no $order (make link-order writes it)"
  elif stale=$(python3 tools/mk/link_order.py check "$build/$board/firmware.map" "$order" 2>&1); then
    echo "[       OK ] cli link-order-$board ($(grep -vc '^#' "$order") code sections placed)"
  else
    echo "[  FAILED  ] cli link-order-$board: $(echo "$stale" | head -3 | tr '\n' ' ')(make link-order, then commit $order)"
  fi
done
[ "$found" -eq 1 ] || echo "[  FAILED  ] cli flash: no firmware.elf under $build"
