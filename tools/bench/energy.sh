#!/usr/bin/env bash
# make bench's energy figures (called by tools/bench.sh): the simulator's
# energy probe (sim/part_energy.c, docs/sim.md, "Energy") on a scripted match.
#   tools/bench/energy.sh BUILD_DIR BOARD
# The match: the default settings (classic, level 2, a match of two games,
# sound on), the player reading the start's words for 3 s, then looking at
# the board 10 s before each move and 10 s at each end screen (the
# simulator plays the human side with the host AI at level 1). On the
# handheld also: each brightness step, the console asleep with the switch
# on (standby), and the same match on the firmware of BASE_ENERGY (5b3a32d,
# before the energy work), built from git, for the before/after ratio.
set -eu
B=$1 BOARD=$2
H=$B/host FW=$B/$BOARD
BASE_ENERGY=${BASE_ENERGY:-5b3a32d}
SIM=$H/jarmo-sim
[ "$BOARD" = jarmo-handheld ] || SIM=$H/jarmo-sim-$BOARD
match=$B/bench-energy-match.script standby=$B/bench-energy-standby.script failures=$B/bench-energy-failures
rm -f "$failures"
printf '%s\n' 'wait 300' 'expect-uart start classic first white console 2 human white match 1/2' \
  'wait 3000' 'autoplay-games 2 1 10000' report > "$match"
# standby: 120 s without a key, then power-down; measured over a minute of it
printf '%s\n' 'wait 300' 'wait-uart 130000 sleep' 'wait 1000' energy-window 'wait 60000' report > "$standby"
# KEY: VALUE lines of a run's report; the run's failures on stderr
run() { # ELF SCRIPT [--set ...]
  local elf=$1 script=$2 out
  shift 2
  if ! out=$("$SIM" "$@" --script "$script" "$elf" 2>&1); then
    printf '%s\n' "$out" | grep -v '^\[' | tail -3 >&2
    echo "$elf $script $*" >> "$failures"
  fi
  printf '%s\n' "$out" | grep -E '^(energy_window_s|led_(red_|green_|blue_|row_)?ma_mean|mcu_[a-z_]*|logic_ma_mean|vcc_ma_mean|boost_efficiency_percent|cells_ma_mean|battery_play_hours[a-z_]*|power_bank_hours): '
}
if [ "$BOARD" != jarmo-handheld ]; then
  echo "# energy ($BOARD on USB: a 5,000 mAh power bank)"
  run "$FW/firmware.elf" "$match" | sed 's/^energy_//; s/^/energy_/'
  [ -s "$failures" ] && echo "energy_budget: FAILED (a run failed: $(head -1 "$failures"))"
  exit 0
fi
echo "# energy ($BOARD on three AA cells; docs/sim.md, Energy)"
run "$FW/firmware.elf" "$match" | sed 's/^energy_//; s/^/energy_/' | tee "$B/bench-energy.out"
for step in 1 2 3; do
  run "$FW/firmware.elf" "$match" --set brightness=$step | awk -v s="$step" '
    /^(vcc_ma_mean|battery_play_hours|battery_play_hours_nimh):/ { sub(":", "", $1); printf "energy_brightness%d_%s: %s\n", s, $1, $2 }'
done
run "$FW/firmware.elf" "$standby" | awk '
  /^(vcc_ma_mean|cells_ma_mean):/ { sub(":", "", $1); printf "energy_standby_%s: %s\n", $1, $2 }
  /^battery_play_hours:/ { printf "battery_standby_days: %.0f\n", $2 / 24 }
  /^battery_play_hours_nimh:/ { printf "battery_standby_days_nimh: %.0f\n", $2 / 24 }' | tee "$B/bench-energy-standby.out"
# the firmware before: BASE_ENERGY's source, built as it built itself
base=$B/energy-base/$BASE_ENERGY
if [ ! -f "$base/build/$BOARD/firmware.elf" ]; then
  rm -rf "$base" && mkdir -p "$base"
  git archive "$BASE_ENERGY" | tar -x -C "$base"
  make -s -C "$base" "build/$BOARD/firmware.elf" > "$base.log" 2>&1 || { tail -5 "$base.log" >&2; echo "build of $BASE_ENERGY" >> "$failures"; }
fi
run "$base/build/$BOARD/firmware.elf" "$match" | sed "s/^energy_//; s/^/energy_base_/" | tee "$B/bench-energy-base.out" |
  grep -E '^energy_base_(led_ma_mean|led_row_ma_mean|mcu_ma_mean|vcc_ma_mean|cells_ma_mean|battery_play_hours|battery_play_hours_nimh):'
run "$base/build/$BOARD/firmware.elf" "$standby" | awk '/^battery_play_hours:/ { printf "energy_base_standby_days: %.0f\n", $2 / 24 }'
awk -v base="$BASE_ENERGY" '
  FILENAME ~ /base/ && /^energy_base_battery_play_hours:/ { before = $2 }
  FILENAME !~ /base/ && /^energy_battery_play_hours:/ { after = $2 }
  /^battery_standby_days:/ { days = $2 }
  END {
    ratio = before > 0 ? after / before : 0
    printf "battery_play_hours: %s\n", after
    printf "battery_play_hours_vs_%s: %.2f\n", base, ratio
    if (failed != "") verdict = "FAILED (a run failed: " failed ")"
    else if (ratio >= 1.3 && after >= 60 && days >= 365) verdict = "ok"
    else verdict = "FAILED (under 1.3 times the hours before, under 60 h, or under a year of standby)"
    printf "energy_budget: %s\n", verdict
  }' failed="$(head -1 "$failures" 2>/dev/null)" "$B/bench-energy-base.out" "$B/bench-energy.out" "$B/bench-energy-standby.out"
