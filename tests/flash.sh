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
printf '%s\n' 'wait 300' 'cursor-at c1' 'move c1-d3' 'wait 300' 'expect-uart move c1-d3' > "$tmp/play.script"
if "$sim" --eeprom "$tmp/ee.bin" --script "$tmp/play.script" "$elf" > "$tmp/play.log" 2>&1; then ok saved-game
else bad saved-game "$(tail -3 "$tmp/play.log")"; exit 0; fi
# 2. a chip with only the bootloader, on a serial line
"$sim" --serial "$tmp/tty" --bootloader "$boot" --eeprom "$tmp/ee.bin" --until "resume classic first white" \
  "$elf" > "$tmp/sim.log" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -e "$tmp/tty" ] && break; sleep 0.1; done
# 3. make flash, as a person runs it, against that line
if make --no-print-directory flash PORT="$tmp/tty" > "$tmp/flash.log" 2>&1; then ok make-flash
else bad make-flash "$(grep -v '^$' "$tmp/flash.log" | tail -4 | tr '\n' ' ')"; fi
grep -q 'bytes of flash verified' "$tmp/flash.log" && ok flash-verified || bad flash-verified "avrdude did not verify"
# 4. the new firmware boots and resumes the saved game
if wait "$pid"; then ok boots-and-resumes; else bad boots-and-resumes "$(tail -4 "$tmp/sim.log" | tr '\n' ' ')"; fi
pid=
# 5. an Arduino Nano (jarmo-nano): the same bootloader protocol at 115200
#    baud, flashed with the command its build guide gives
nsim=$sim-jarmo-nano nelf=$(dirname "$elf")/../jarmo-nano/firmware.elf
rm -f "$tmp/tty"
"$nsim" --serial "$tmp/tty" --bootloader "$boot" --until "jarmo jarmo-nano ready" "$nelf" > "$tmp/nano.log" 2>&1 &
pid=$!
for _ in $(seq 100); do [ -e "$tmp/tty" ] && break; sleep 0.1; done
if make --no-print-directory flash BOARD=jarmo-nano PORT="$tmp/tty" > "$tmp/nflash.log" 2>&1 \
   && grep -q 'bytes of flash verified' "$tmp/nflash.log"; then ok nano-make-flash
else bad nano-make-flash "$(grep -v '^$' "$tmp/nflash.log" | tail -4 | tr '\n' ' ')"; fi
if wait "$pid"; then ok nano-boots; else bad nano-boots "$(tail -4 "$tmp/nano.log" | tr '\n' ' ')"; fi
pid=
