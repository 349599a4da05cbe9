#!/usr/bin/env bash
# The simulator scripts make test runs (make sim-scripts): the hand-written
# ones in tests/sim, a whole game per rule set and three matches generated
# from the host rules core (gen_game_script), the AVR perft and AI checks
# with the host's expected figures, and each other board's copies.
#   tests/sim/gen/sim_scripts.sh OUT_DIR BUILD_DIR "OTHER_BOARDS"
# A board's simulator is BUILD_DIR/host/jarmo-sim-BOARD (the reference
# board's is BUILD_DIR/host/jarmo-sim).
set -eu
out=$1 B=$2 others=$3
H=$B/host A=$B/avr
rm -rf "$out" && mkdir -p "$out"
cp tests/sim/*.script "$out"/
for r in classic brainking ludos jasir; do "$H/gen_game_script" "$r" 1 > "$out/game-$r.script"; done
"$H/gen_game_script" classic 7 match > "$out/match-classic.script"
"$H/gen_game_script" jasir 7 resets > "$out/match-jasir-resets.script"
"$H/gen_game_script" classic 3 undo > "$out/undo-classic.script"
# perft 6 on the AVR build, the expected counts from the host build
{ echo "# elf: $A/perft.elf"; echo "# perft 6 on the AVR build, expected counts from the host build"
  for r in classic brainking ludos jasir; do
    echo "wait-uart 900000 perft $r 6 $(printf 'rules %s\nperft 6\n' "$r" | "$H/jarmo" | tail -1 | cut -c3-)"
  done; echo "wait-uart 100 perft done"; } > "$out/avr-perft.script"
"$H/suite_expect" "$A/ai_bench.elf" < tests/ai_suite.txt > "$out/avr-ai-same-as-host.script"
for b in $others; do
  case "$b" in
  jarmo-nano)
    # the WS2812B board: the scripts that make sense for it, each checking
    # the current budget and the data line's timing at the end. Its LEDs
    # refresh themselves: instead of the refresh while thinking, the share
    # of the thinking time its frames and interrupts take stays under 8%
    # (the reference board's display takes 9.6%: the AI is no slower here).
    # Not settings: its frames catch the ticker's words mid-scroll, and the
    # panel's frames come only when the picture changes.
    for t in boot cursor select bounce resume vs-console tick; do
      { echo "# elf: $B/$b/firmware.elf"; echo "# sim: $H/jarmo-sim-$b"
        sed "s/jarmo-handheld/$b/; s/^expect-think-refresh .*/expect-think-overhead-max 8/" "tests/sim/$t.script"
        echo "expect-led-current-max 450"; echo "expect-ws2812-clean"; } > "$out/board-$b-$t.script"
    done
    for r in classic brainking ludos jasir; do
      { echo "# elf: $B/$b/firmware.elf"; echo "# sim: $H/jarmo-sim-$b"
        cat "$out/game-$r.script"; echo "expect-led-current-max 450"; echo "expect-ws2812-clean"; } \
        > "$out/board-$b-game-$r.script"
    done ;;
  *)
    # any other 595-matrix board (board-defs/README.md): the basic scripts
    for t in boot select bounce settings; do
      { echo "# elf: $B/$b/firmware.elf"; echo "# sim: $H/jarmo-sim-$b"; sed "s/jarmo-handheld/$b/" "tests/sim/$t.script"; } \
        > "$out/board-$b-$t.script"
    done ;;
  esac
done
