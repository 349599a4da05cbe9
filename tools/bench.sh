#!/usr/bin/env bash
# make bench: measured figures as "key: value" lines. AVR figures come from
# simavr (cycle-exact, repeatable) and the AVR build's real sizes; host
# perft speed is wall-clock and noisy.
set -eu
B=$1 BOARD=$2
H=$B/host FW=$B/$BOARD
# the board's own simulator (its display part); the AVR test firmwares run
# on the reference board's
SIM=$H/jarmo-sim
[ "$BOARD" = jarmo-handheld ] || SIM=$H/jarmo-sim-$BOARD
echo "# rules core"
echo "rules_avr_flash_bytes: $(avr-size "$B/avr/rules_core.o" | awk 'NR==2{print $1+$2}')"
"$H/perft_speed"
# perft on the AVR: cycles per rule set -> nodes per second at 16 MHz
{ cat "$B/sim-scripts/avr-perft.script"; echo report; } > "$B/bench-perft.script"
"$H/jarmo-sim" --script "$B/bench-perft.script" "$B/avr/perft.elf" | awk -v script="$B/sim-scripts/avr-perft.script" '
  /^spans_ms:/ { for (i = 2; i <= NF; i++) ms[i-1] = $i }
  END {
    n = 0
    while ((getline line < script) > 0)
      if (line ~ /^wait-uart [0-9]+ perft [a-z]+ [0-9]+ [0-9]+$/) { split(line, f, " "); n++; set[n] = f[4]; depth = f[5]; count[n] = f[6] }
    for (i = 1; i <= n; i++) {
      printf "avr_perft%d_%s_ms: %.1f\n", depth, set[i], ms[i]
      printf "avr_perft%d_%s_leaves_per_second: %.0f\n", depth, set[i], count[i] / (ms[i] / 1000)
    }
  }'
echo "# firmware ($BOARD)"
# a whole game against the console at level 5 played through the buttons
# (the simulator plays White with the host AI at level 1), then the figures
{ sed 's/console 2 human/console 5 human/; s/^set level=2$/set level=5/' tests/sim/vs-console.script
  echo report; } > "$B/bench-ref.script"
# (a WS2812B panel refreshes itself: no refresh-while-thinking check there)
if [ "$SIM" = "$H/jarmo-sim" ]; then cp "$B/bench-ref.script" "$B/bench-game.script"
else sed '/^expect-think-refresh/d' "$B/bench-ref.script" > "$B/bench-game.script"; fi
# (its energy figures are for a game without a player's pauses: left out;
# tools/bench/energy.sh measures a match as a person plays it)
"$SIM" --script "$B/bench-game.script" "$FW/firmware.elf" | grep -v '^autoplay' \
  | grep -Ev '^(energy_window_s|led_(red_|green_|blue_|row_)?ma_mean|mcu_[a-z_]*|logic_ma_mean|vcc_ma_mean|boost_efficiency_percent|cells_ma_mean|battery_[a-z_]*|power_bank_hours):' \
  | sed -n 's/^\([a-z0-9_]*: \)/firmware_\1/p' | tee "$B/bench-game.out"
# another board's AI move time against the reference board's: the same
# search, slowed by each board's interrupts and display work while it thinks
if [ "$BOARD" != jarmo-handheld ]; then
  ref=$("$H/jarmo-sim" --script "$B/bench-ref.script" "$B/jarmo-handheld/firmware.elf" \
    | awk '/^think_overhead_percent:/ { print $2 }')
  awk -v ref="$ref" '/^firmware_think_overhead_percent:/ { s = $2 } END {
    change = 100 * ((100 - ref) / (100 - s) - 1)
    printf "reference_think_overhead_percent: %.2f\n", ref
    printf "ai_move_time_vs_reference_percent: %+.1f\n", change
    printf "ai_move_time_budget: %s\n", change <= 5 ? "ok" : "FAILED (more than 5% slower)" }' "$B/bench-game.out"
fi
tools/bench/energy.sh "$B" "$BOARD"
# the EEPROM's lifetime: a soak of games against the console (level 1,
# one-game matches, the simulator playing White at level 1), the games of
# tests/sim/eeprom-wear.script repeated; eeprom_lifetime_games is the games
# of 60 plies before the most written byte reaches 100,000 cycles
SOAK_GAMES=${SOAK_GAMES:-30}
# SOAK_GAMES one-game matches against the console at level 1, played by
# autoplay-games (as tests/sim/eeprom-wear.script plays six)
{ printf '%s\n' 'set level=1' 'set match=1' 'wait 300' "autoplay-games $SOAK_GAMES 1"
  echo "expect-eeprom-lifetime-min 1"; } > "$B/bench-wear.script"
"$SIM" --script "$B/bench-wear.script" "$FW/firmware.elf" | grep '^eeprom_lifetime_' | sed "s/^eeprom_lifetime_plies/eeprom_soak_plies/; s/^eeprom_lifetime_byte_writes_max/eeprom_soak_byte_writes_max/"
# the AI on the 62 suite positions, every level, on the AVR build
echo "# AI on the AVR ($(grep -c . tests/ai_suite.txt) suite positions, tests/ai_suite.txt)"
{ cat "$B/sim-scripts/avr-ai-same-as-host.script"; echo report; } > "$B/bench-ai.script"
"$H/jarmo-sim" --script "$B/bench-ai.script" --verbose "$B/avr/ai_bench.elf" > "$B/bench-ai.out"
# the AI's static RAM: every variable its objects define (search state, board, generator)
ai_static=$(avr-nm -S -t d "$B"/avr/obj/firmware/ai/*.o | awk '$3 ~ /^[bBdDC]$/ { s += $2 } END { print s + 0 }')
echo "ai_static_bytes: $ai_static"
awk -v static="$ai_static" '
  / uart: ai [0-9]/ { split($0, a, "uart: ai "); split(a[2], f, " "); n++; level[n] = f[1]; nodes[n] = f[4] }
  /^spans_ms:/ { for (i = 2; i <= NF; i++) ms[i - 1] = $i }
  /^think_stack_bytes:/ { stack = $2 }
  END {
    for (i = 1; i <= n; i++) {
      l = level[i]; cnt[l]++; sum[l] += ms[i]; nsum[l] += nodes[i]
      if (ms[i] > max[l]) max[l] = ms[i]
      if (nodes[i] > nmax[l]) nmax[l] = nodes[i]
      tn += nodes[i]; tms += ms[i]
    }
    for (l = 1; l <= 6; l++) {
      printf "ai_level%d_move_ms_mean: %.1f\n", l, sum[l] / cnt[l]
      printf "ai_level%d_move_ms_max: %.1f\n", l, max[l]
      printf "ai_level%d_nodes_mean: %.0f\n", l, nsum[l] / cnt[l]
      printf "ai_level%d_nodes_max: %d\n", l, nmax[l]
    }
    printf "ai_nodes_per_second: %.0f\n", tn / (tms / 1000)
    printf "ai_stack_bytes: %d\n", stack
    printf "ai_ram_bytes: %d\n", static + stack
  }' "$B/bench-ai.out"
if grep -q "expectation(s) failed\|over budget" "$B/bench-ai.out"; then echo "ai_budgets: FAILED"; else echo "ai_budgets: ok"; fi
