#!/bin/sh
# Shows that tests/hardware/check_nano_guide.py can fail: in a copy of the
# guide, the Up row takes the Down row's Nano pin, and the check must report
# it. Prints one line; the check's own output is indented, so that
# tests/run.sh does not count its FAILED lines twice.
#   tests/hardware/test_check_nano_guide.sh README BOARD_HEADER
set -u
README=$1
HDR=$2
CHECK="$(dirname "$0")/check_nano_guide.py"
NAME="nano-guide detects-wrong-pin"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# (an unreadable file makes the check exit 2 with no FAILED line: counted here)
if ! python3 "$CHECK" "$README" "$HDR" >"$TMP/good" 2>&1; then
    echo "[  FAILED  ] $NAME: check_nano_guide.py did not run"; sed 's/^/    /' "$TMP/good"; exit 1
fi
if grep -q '^\[  FAILED  \]' "$TMP/good"; then
    echo "[  FAILED  ] $NAME: the guide fails before any change"; sed 's/^/    /' "$TMP/good"; exit 1
fi
# table rows split on "|": field 2 is the signal, field 3 the Nano pin
awk -F'|' -v OFS='|' '
    function sig(s) { s = tolower(s); gsub(/[*` ]/, "", s); return s }
    NR == FNR { if (sig($2) == "down") down = $3; next }
    sig($2) == "up" && down != "" { $3 = down }
    { print }' "$README" "$README" >"$TMP/README.md"
if cmp -s "$README" "$TMP/README.md"; then
    echo "[  FAILED  ] $NAME: no Up and Down rows to swap in $README"; exit 1
fi
python3 "$CHECK" "$TMP/README.md" "$HDR" >"$TMP/bad" 2>&1
if grep -q '^\[  FAILED  \] nano-guide signal up' "$TMP/bad"; then
    echo "[       OK ] $NAME"
else
    echo "[  FAILED  ] $NAME: Up on the Down pin passed"; sed 's/^/    /' "$TMP/bad"; exit 1
fi
