#!/usr/bin/env bash
# Runs every test and prints one summary line: "N passed, N failed".
#   tests/run.sh HOST_TEST_DIR SIM ELF SIM_SCRIPT_DIR -- CMOCKA_SUITE...
# cmocka suites count one per test case; each simulator script counts one.
# A script runs on ELF unless its first line says "# elf: PATH", and with
# SIM unless its second line says "# sim: PATH" (another board's simulator).
set -u
dir=$1 sim=$2 elf=$3 scripts=$4; shift 5
passed=0; failed=0
for t in "$@"; do
  out=$("$dir/$t" 2>&1); rc=$?
  printf '%s\n' "$out"
  p=$(printf '%s\n' "$out" | grep -c '^\[       OK \]')
  f=$(printf '%s\n' "$out" | grep -E -c '^\[  FAILED  \] [^0-9]')
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "!! $t exited with status $rc"; f=1
  fi
  passed=$((passed + p)); failed=$((failed + f))
done
echo "[==========] simulator scripts on $elf"
for s in "$scripts"/*.script; do
  target=$elf; simulator=$sim
  first=$(sed -n 1p "$s"); second=$(sed -n 2p "$s")
  case "$first" in "# elf: "*) target=${first#\# elf: } ;; esac
  case "$second" in "# sim: "*) simulator=${second#\# sim: } ;; esac
  if out=$("$simulator" --script "$s" "$target" 2>&1); then
    echo "[       OK ] sim $(basename "$s")"; passed=$((passed + 1))
  else
    printf '%s\n' "$out"; echo "[  FAILED  ] sim $(basename "$s")"; failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
