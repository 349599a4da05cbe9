#!/usr/bin/env bash
# make bench: measured figures as "key: value" lines. AVR figures come from
# simavr (cycle-exact, repeatable) and the AVR build's real sizes; host
# perft speed is wall-clock and noisy.
set -eu
B=$1 BOARD=$2
H=$B/host FW=$B/$BOARD
echo "# rules core"
echo "rules_avr_flash_bytes: $(avr-size "$B/avr/rules_core.o" | awk 'NR==2{print $1+$2}')"
"$H/perft_speed"
# perft on the AVR: cycles per rule set -> nodes per second at 16 MHz
"$H/jarmo-sim" --script "$B/sim-scripts/avr-perft.script" "$B/avr/perft.elf" >/dev/null
{ cat "$B/sim-scripts/avr-perft.script"; echo report; } > "$B/bench-perft.script"
"$H/jarmo-sim" --script "$B/bench-perft.script" "$B/avr/perft.elf" | awk -v script="$B/sim-scripts/avr-perft.script" '
  /^spans_ms:/ { for (i = 2; i <= NF; i++) ms[i-1] = $i }
  END {
    n = 0
    while ((getline line < script) > 0)
      if (line ~ /^wait-uart [0-9]+ perft [a-z]+ [0-9]+ [0-9]+$/) { split(line, f, " "); n++; set[n] = f[4]; count[n] = f[6] }
    for (i = 1; i <= n; i++) {
      printf "avr_perft5_%s_ms: %.1f\n", set[i], ms[i]
      printf "avr_perft5_%s_leaves_per_second: %.0f\n", set[i], count[i] / (ms[i] / 1000)
    }
  }'
echo "# firmware ($BOARD)"
# a whole classic game played through the buttons, then the figures
{ cat "$B/sim-scripts/game-classic.script"; echo report; } > "$B/bench-game.script"
"$H/jarmo-sim" --script "$B/bench-game.script" "$FW/firmware.elf" | sed -n 's/^\([a-z_]*: \)/firmware_\1/p'
