#!/usr/bin/env bash
# `make flash` proven without a board: the simulator runs the project's
# optiboot build with USART0 on a pseudo-terminal (sim/sim_serial.c), the
# very avrdude command `make flash` runs writes the firmware through it, and
# the flashed firmware must boot and resume the game saved in EEPROM before.
#   tests/flash.sh SIM ELF BOOTLOADER_HEX
# Prints "[       OK ] flash NAME" / "[  FAILED  ] flash NAME: why" lines.
set -u
sim=$1 elf=$2 boot=$3
tmp=${KEEP_TMP:-$(mktemp -d)}; mkdir -p "$tmp"
trap 'kill $pid 2>/dev/null; [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
pid=
ok() { echo "[       OK ] flash $1"; }
bad() { echo "[  FAILED  ] flash $1: $2"; }
# 1. a game in progress, saved in the EEPROM file (an older console's state)
printf '%s\n' 'wait 300' 'tap b' 'cursor-at c1' 'move c1-d3' 'wait 300' 'expect-uart move c1-d3' > "$tmp/play.script"
if "$sim" --eeprom "$tmp/ee.bin" --script "$tmp/play.script" "$elf" > "$tmp/play.log" 2>&1; then ok saved-game
else bad saved-game "$(tail -3 "$tmp/play.log")"; exit 0; fi
# A chip with only the bootloader, on a serial line: the simulator in the
# background until the flashed firmware prints UNTIL.
#   bootloader_chip LOG SIM ELF UNTIL [SIM OPTIONS...]
bootloader_chip() {
  local log=$1 chip_sim=$2 chip_elf=$3 until=$4; shift 4
  rm -f "$tmp/tty"
  "$chip_sim" --serial "$tmp/tty" --bootloader "$boot" "$@" --until "$until" "$chip_elf" > "$log" 2>&1 &
  pid=$!
  for _ in $(seq 100); do [ -e "$tmp/tty" ] && break; sleep 0.1; done
}
# make flash, as a person runs it, against that line: make flash MAKE_ARGS
make_flash() { make --no-print-directory flash PORT="$tmp/tty" "$@"; }
last_lines() { grep -v '^$' "$1" | tail -4 | tr '\n' ' '; }
# 2. the reference board's chip
bootloader_chip "$tmp/sim.log" "$sim" "$elf" "resume classic first white" --eeprom "$tmp/ee.bin"
# 3. make flash
if make_flash > "$tmp/flash.log" 2>&1; then ok make-flash
else bad make-flash "$(last_lines "$tmp/flash.log")"; fi
grep -q 'bytes of flash verified' "$tmp/flash.log" && ok flash-verified || bad flash-verified "avrdude did not verify"
# 4. the new firmware boots and resumes the saved game
if wait "$pid"; then ok boots-and-resumes; else bad boots-and-resumes "$(last_lines "$tmp/sim.log")"; fi
pid=
# 5. an Arduino Nano (jarmo-nano): the same bootloader protocol at 115200
#    baud, flashed with the command its build guide gives
bootloader_chip "$tmp/nano.log" "$sim-jarmo-nano" "$(dirname "$elf")/../jarmo-nano/firmware.elf" "jarmo jarmo-nano ready"
if make_flash BOARD=jarmo-nano > "$tmp/nflash.log" 2>&1 && grep -q 'bytes of flash verified' "$tmp/nflash.log"; then
  ok nano-make-flash
else bad nano-make-flash "$(last_lines "$tmp/nflash.log")"; fi
if wait "$pid"; then ok nano-boots; else bad nano-boots "$(last_lines "$tmp/nano.log")"; fi
pid=
