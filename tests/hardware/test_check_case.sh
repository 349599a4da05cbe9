#!/bin/sh
# Shows that tests/hardware/check_case.py can fail: runs it on deliberately
# broken copies of the part-height table against the same board and case and
# expects exit 1 with the named check (no section pictures: --no-pictures).
#   tests/hardware/test_check_case.sh BOARD.kicad_pcb HEIGHTS.csv CASE_DIR
set -u
PCB=$1
HEIGHTS=$2
CASE=$3
PY=/usr/bin/python3
CHECK="$(dirname "$0")/check_case.py"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
$PY "$CHECK" "$PCB" "$HEIGHTS" "$CASE" --no-pictures >"$TMP/good" 2>&1 \
    || { echo "[  FAILED  ] case-selftest: the committed table fails already (the self-test needs a passing case):"; grep FAIL "$TMP/good" | head -5; exit 1; }
# one footprint's height changed by DH mm: FP DH < table > table
bump() {
    awk -v fp="$1" -v dh="$2" 'BEGIN { FS = "," }
        $1 == fp { i = index($0, ","); r = substr($0, i + 1); j = index(r, ",");
                   printf "%s,%.2f,%s\n", fp, substr(r, 1, j - 1) + dh, substr(r, j + 1); next }
        { print }'
}
expect_fail() {  # name, expected FAIL pattern; the table in $TMP/bad.csv
    if $PY "$CHECK" "$PCB" "$TMP/bad.csv" "$CASE" --no-pictures >"$TMP/out" 2>&1; then
        echo "[  FAILED  ] case-selftest $1: the broken table passed"; fail=1
    elif grep -q "FAIL.*$2" "$TMP/out"; then
        echo "[       OK ] case-selftest $1: $(grep -m1 "FAIL.*$2" "$TMP/out" | cut -c1-170)"
    else
        echo "[  FAILED  ] case-selftest $1: failed, but not with '$2':"; grep FAIL "$TMP/out" | head -3; fail=1
    fi
}
tall=$(sed -n 's/.*at the tallest part (\([^,]*\), \([^,]*\), .*/\1 \2/p' "$TMP/good")
tref=${tall% *}
tfp=${tall#* }
btn=$(sed -n 's/^info: buttons .*; button footprints: \([^ ]*\).*/\1/p' "$TMP/good")
bref=$(sed -n 's/^info: tallest back-side part: \([^ ]*\) \([^ ]*\) .*/\1/p' "$TMP/good")
bfp=$(sed -n 's/^info: tallest back-side part: \([^ ]*\) \([^ ]*\) .*/\2/p' "$TMP/good")
# a footprint on the board without a row: no default height
grep -v "^$btn," "$HEIGHTS" >"$TMP/bad.csv"
expect_fail missing-row "no height for $btn"
# the tallest part under the plate 5 mm taller than the case was made for
bump "$tfp" 5 <"$HEIGHTS" >"$TMP/bad.csv"
expect_fail too-tall-front "table height.*$tref ($tfp"
# the battery holder (the tallest back-side part) 3 mm deeper
if [ -n "$bfp" ]; then
    bump "$bfp" 3 <"$HEIGHTS" >"$TMP/bad.csv"
    expect_fail too-deep-back "table height.*$bref ($bfp"
fi
# the switches' plungers 0.3 mm higher: the caps would sit on them pushed in
bump "$btn" 0.3 <"$HEIGHTS" >"$TMP/bad.csv"
expect_fail plunger-higher "cap on its plunger.*interference"
# 0.3 mm lower: the caps would rattle 0.35 mm off them
bump "$btn" -0.3 <"$HEIGHTS" >"$TMP/bad.csv"
expect_fail plunger-lower "cap on its plunger.*not captured"
exit $fail
