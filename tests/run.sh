#!/usr/bin/env bash
# Runs the tests and prints one summary line: "N passed, N failed".
#   tests/run.sh [--tiers LIST] [--only NAME] HOST_TEST_DIR SIM ELF SIM_SCRIPT_DIR -- CMOCKA_SUITE...
# The tiers (LIST: comma-separated, all four by default; make test-unit,
# test-sim, test-web, test-hw run one each):
#   unit  the cmocka suites, the include-layer and flash-budget checks, the
#         AI's assembler line cap
#   sim   the command-line checks (tests/cli.sh), make flash against the
#         simulated bootloader, make play in a terminal, every simulator script
#   web   the browser build: its units in node, the page in Chromium, the
#         flasher (stk500.js, sim/web/flash.mjs and the page's Flash button
#         against the simulated board)
#   hw    the netlist against the board definition, the Nano's guide, the
#         KiCad project (ERC, DRC with schematic parity, the fab package, and
#         broken copies that must fail) and the printable case
# cmocka suites count one per test case; each simulator script and each
# check line counts one.
# A script runs on ELF unless its first line says "# elf: PATH", and with
# SIM unless its second line says "# sim: PATH" (another board's simulator).
# --only NAME runs one cmocka suite (test_rules), one simulator script
# (select, or select.script) or the checks that are neither (cli).
set -u
only= tiers=unit,sim,web,hw
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=${2%.script}; shift 2 ;;
    --tiers) tiers=$2; shift 2 ;;
    *) break ;;
  esac
done
tier() { case ",$tiers," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
dir=$1 sim=$2 elf=$3 scripts=$4; shift 5
passed=0; failed=0; ran=0
# counts a group's "[ OK ]" and "[ FAILED ]" lines
count() {
  printf '%s\n' "$1"
  passed=$((passed + $(printf '%s\n' "$1" | grep -c '^\[       OK \]')))
  failed=$((failed + $(printf '%s\n' "$1" | grep -c '^\[  FAILED  \]')))
}
if tier unit; then
  for t in "$@"; do
    [ -n "$only" ] && [ "$only" != "$t" ] && continue
    ran=$((ran + 1))
    out=$("$dir/$t" 2>&1); rc=$?
    printf '%s\n' "$out"
    p=$(printf '%s\n' "$out" | grep -c '^\[       OK \]')
    f=$(printf '%s\n' "$out" | grep -E -c '^\[  FAILED  \] [^0-9]')
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
      echo "!! $t exited with status $rc"; f=1
    fi
    passed=$((passed + p)); failed=$((failed + f))
  done
fi
if [ -z "$only" ] || [ "$only" = cli ]; then
  ran=$((ran + 1))
  if tier unit; then
    count "$({ tests/layers.sh; tests/rows.sh; tests/game_writers.sh; tests/structure_checks_fail.sh; tests/size.sh "$dir/../.."; tests/asm_lines.sh
               sh tests/dist_version.sh "$dir/../.."; } 2>&1)"
  fi
  if tier sim; then
    count "$({ tests/cli.sh "$dir/.." "$sim" "$elf"
               tests/flash.sh "$sim" "$elf" "$dir/../../bootloader/optiboot.hex"
               tests/interactive.sh "$sim" "$elf"; } 2>&1)"
  fi
  if tier hw; then
    count "$({ hw=$dir/../../hardware/jarmo-handheld/netlist.csv
               # with the BOM: the values the UART's levels and back-feed are computed from
               python3 tests/hardware/check_netlist.py "$hw" board-defs/jarmo-handheld.h "${hw%netlist.csv}bom.csv"
               sh tests/hardware/test_check_netlist.sh "$hw" board-defs/jarmo-handheld.h "${hw%netlist.csv}bom.csv"
               # a netlist cut short or damaged is refused in one line
               sh tests/hardware/test_kicad_netlist.sh "${hw%.csv}.net"
               # the sheets drawn to be read, and the committed PDF the sheets as they are
               sch=${hw%netlist.csv}schematic
               python3 tests/hardware/check_schematic.py hardware/jarmo-handheld "$sch-svg"
               sh tests/hardware/test_check_schematic.sh hardware/jarmo-handheld "$sch-svg"
               python3 tests/hardware/check_schematic_pdf.py hardware/jarmo-handheld-schematic.pdf "$sch.pdf"
               KICAD_CONFIG_HOME=$(cd "$dir/../../hardware" 2>/dev/null && pwd)/kicad-config \
                 sh tests/hardware/test_check_schematic_pdf.sh hardware/jarmo-handheld hardware/jarmo-handheld-schematic.pdf
               python3 tests/hardware/check_nano_guide.py hardware/jarmo-nano/README.md board-defs/jarmo-nano.h
               sh tests/hardware/test_check_nano_guide.sh hardware/jarmo-nano/README.md board-defs/jarmo-nano.h
               # make pcb-check fails a project a maker broke (a part moved,
               # the schematic ahead of the board, a label astray)
               # (with the KiCad config folder make hardware made: hardware/hardware.mk's)
               KICAD_CONFIG_HOME=$(cd "$dir/../../hardware" 2>/dev/null && pwd)/kicad-config \
                 sh tests/hardware/test_pcb_check.sh hardware/jarmo-handheld "$hw" "${hw%netlist.csv}bom.csv"
               # ... and meets a damaged board, project or rules file with one line
               KICAD_CONFIG_HOME=$(cd "$dir/../../hardware" 2>/dev/null && pwd)/kicad-config \
                 sh tests/hardware/test_pcb_inputs.sh hardware/jarmo-handheld "$hw" "${hw%netlist.csv}bom.csv"
               # the KiCad project (ERC, DRC with schematic parity, silkscreen,
               # layout rules, the fab package) and the printable case (closed
               # solids, openings over their parts)
               hwout=$(make --no-print-directory pcb-check case-check 2>&1); hwrc=$?
               printf '%s\n' "$hwout" | sed -n 's/^ok: /[       OK ] hw /p; s/^FAIL: /[  FAILED  ] hw /p'
               [ "$hwrc" -eq 0 ] || printf '%s\n' "$hwout" | grep -q '^FAIL: ' ||
                 echo "[  FAILED  ] hw pcb-check case-check: make exited $hwrc: $(printf '%s' "$hwout" | tail -2 | tr '\n' ' ')"
             } 2>&1)"
  fi
  if tier web; then
    count "$({ node tests/web/units.mjs "$dir/../.."; node tests/web/browser.mjs "$dir/../.."
               # the flasher: its protocol, its command line against the simulated
               # board, the page's Flash section (Web Serial bridged to that board)
               node tests/web/flash.mjs "$dir/../.."; node tests/web/flash_browser.mjs "$dir/../.."; } 2>&1)"
  fi
fi
if tier sim; then
  echo "[==========] simulator scripts on $elf"
  for s in "$scripts"/*.script; do
    name=$(basename "$s" .script)
    [ -n "$only" ] && [ "$only" != "$name" ] && continue
    ran=$((ran + 1))
    target=$elf; simulator=$sim
    first=$(sed -n 1p "$s"); second=$(sed -n 2p "$s")
    case "$first" in "# elf: "*) target=${first#\# elf: } ;; esac
    case "$second" in "# sim: "*) simulator=${second#\# sim: } ;; esac
    if out=$("$simulator" --script "$s" "$target" 2>&1); then
      echo "[       OK ] sim $name"; passed=$((passed + 1))
    else
      printf '%s\n' "$out"; echo "[  FAILED  ] sim $name"; failed=$((failed + 1))
    fi
  done
fi
if [ "$ran" -eq 0 ]; then
  echo "no test is called '$only' in the tiers $tiers (a cmocka suite, a script in $scripts, or cli)" >&2
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
