#!/usr/bin/env bash
# The AI's assembler, firmware/ai/*.S, stays within the line cap that
# firmware/ai/README.md states ("stays at most N lines in all"), read from
# there so that the two cannot drift. Prints one cmocka-style line.
set -u
cd "$(dirname "$0")/.."
cap=$(tr '\n' ' ' < firmware/ai/README.md |
      sed -n 's/.*`firmware\/ai\/\*\.S` *stays *at *most *\([0-9,]*\) *lines.*/\1/p' | tr -d ,)
if [ -z "$cap" ]; then
  echo "[  FAILED  ] cli asm-line-cap: no \"firmware/ai/*.S stays at most N lines\" in firmware/ai/README.md"
  exit 0
fi
lines=$(cat firmware/ai/*.S | wc -l)
if [ "$lines" -le "$cap" ]; then
  echo "[       OK ] cli asm-line-cap ($lines of $cap lines)"
else
  echo "[  FAILED  ] cli asm-line-cap: firmware/ai/*.S has $lines lines, over the $cap of firmware/ai/README.md"
fi
