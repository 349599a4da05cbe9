#!/usr/bin/env bash
# Command-line checks of the host tools: bad input gets a clear message
# and a non-zero exit, never a crash or a silent success.
#   tests/cli.sh HOST_DIR SIM ELF
# Prints "[       OK ] cli NAME" or "[  FAILED  ] cli NAME" per check.
set -u
host=$1 sim=$2 elf=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ok() { echo "[       OK ] cli $1"; }
bad() { echo "[  FAILED  ] cli $1: $2"; }
# expect NAME STATUS PATTERN -- COMMAND...: exit status STATUS and PATTERN
# (grep -E) in stdout+stderr. A status above 128 (a signal) always fails.
expect() {
  local name=$1 want=$2 pattern=$3; shift 4
  local out rc
  out=$("$@" 2>&1); rc=$?
  if [ "$rc" -gt 128 ]; then bad "$name" "killed by signal $((rc - 128))"; return; fi
  if [ "$rc" -ne "$want" ]; then bad "$name" "exit $rc, wanted $want; output: $(printf '%s' "$out" | head -3)"; return; fi
  if ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then bad "$name" "output lacks /$pattern/: $(printf '%s' "$out" | head -3)"; return; fi
  ok "$name"
}
# engine: perft counts past 2^32
expect perft-64-bit 0 '^= 4423356140$' -- sh -c "printf 'perft 9\n' | '$host/jarmo'"
