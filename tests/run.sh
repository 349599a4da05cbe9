#!/usr/bin/env bash
# Runs the test programs named on the command line (cmocka suites in DIR)
# and prints one summary line over all of them: "N passed, N failed".
set -u
dir=$1; shift
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
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
