#!/usr/bin/env bash
# Runs every test and prints one summary line: "N passed, N failed".
#   tests/run.sh [--only NAME] HOST_TEST_DIR SIM ELF SIM_SCRIPT_DIR -- CMOCKA_SUITE...
# cmocka suites count one per test case; each simulator script and each
# command-line check (tests/cli.sh) counts one.
# A script runs on ELF unless its first line says "# elf: PATH", and with
# SIM unless its second line says "# sim: PATH" (another board's simulator).
# --only NAME runs one cmocka suite (test_rules), one simulator script
# (select, or select.script) or the command-line checks (cli).
set -u
only=
if [ "${1:-}" = "--only" ]; then only=${2%.script}; shift 2; fi
dir=$1 sim=$2 elf=$3 scripts=$4; shift 5
passed=0; failed=0; ran=0
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
if [ -z "$only" ] || [ "$only" = cli ]; then
  ran=$((ran + 1))
  out=$({ tests/layers.sh; tests/size.sh "$dir/../.."; tests/cli.sh "$dir/.." "$sim" "$elf"; \
         tests/flash.sh "$sim" "$elf" "$dir/../../bootloader/optiboot.hex"
         tests/interactive.sh "$sim" "$elf"
         hw=$dir/../../hardware/jarmo-handheld/netlist.csv
         python3 tests/hardware/check_netlist.py "$hw" board-defs/jarmo-handheld.h
         sh tests/hardware/test_check_netlist.sh "$hw" board-defs/jarmo-handheld.h
         python3 tests/hardware/check_nano_guide.py hardware/jarmo-nano/README.md board-defs/jarmo-nano.h
         sh tests/hardware/test_check_nano_guide.sh hardware/jarmo-nano/README.md board-defs/jarmo-nano.h
         # the PCB (KiCad's DRC, every netlist pin on its pad, Gerbers) and
         # the printable case (closed solids, openings over their parts)
         hwout=$(make --no-print-directory pcb-check case-check 2>&1); hwrc=$?
         printf '%s\n' "$hwout" | sed -n 's/^ok: /[       OK ] hw /p; s/^FAIL: /[  FAILED  ] hw /p'
         [ "$hwrc" -eq 0 ] || printf '%s\n' "$hwout" | grep -q '^FAIL: ' ||
           echo "[  FAILED  ] hw pcb-check case-check: make exited $hwrc: $(printf '%s' "$hwout" | tail -2 | tr '\n' ' ')"
         node tests/web/units.mjs "$dir/../.."
         node tests/web/browser.mjs "$dir/../.."; } 2>&1)
  printf '%s\n' "$out"
  passed=$((passed + $(printf '%s\n' "$out" | grep -c '^\[       OK \]')))
  failed=$((failed + $(printf '%s\n' "$out" | grep -c '^\[  FAILED  \]')))
fi
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
if [ "$ran" -eq 0 ]; then
  echo "no test is called '$only' (a cmocka suite, a script in $scripts, or cli)" >&2
  failed=$((failed + 1))
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
