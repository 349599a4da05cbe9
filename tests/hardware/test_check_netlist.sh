#!/bin/sh
# Shows that tests/hardware/check_netlist.py can fail: runs it on deliberately
# broken copies of a good netlist.csv and expects exit 1 with the named check.
#   tests/hardware/test_check_netlist.sh NETLIST_CSV BOARD_HEADER
set -u
NET=$1
HDR=$2
CHECK="$(dirname "$0")/check_netlist.py"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
python3 "$CHECK" "$NET" "$HDR" >"$TMP/out" 2>&1 || { echo "good netlist fails:"; cat "$TMP/out"; exit 1; }
expect_fail() {  # name, expected FAILED pattern, sed script
    sed "$3" "$NET" >"$TMP/bad.csv"
    if python3 "$CHECK" "$TMP/bad.csv" "$HDR" >"$TMP/out" 2>&1; then
        echo "[  FAILED  ] hw-selftest $1: broken netlist passed"; fail=1
    elif grep -q "FAILED.*$2" "$TMP/out"; then
        echo "[       OK ] hw-selftest $1: $(grep -m1 'FAILED' "$TMP/out")"
    else
        echo "[  FAILED  ] hw-selftest $1: failed, but not in '$2'"; cat "$TMP/out"; fail=1
    fi
}
expect_fail latch-moved "latch reaches" 's/^LATCH,U2,12,RCK$/CHAIN_2,U2,12,RCK/'
expect_fail blank-missing "blank reaches" 's/^BLANK,U3,9,\/G$/GND,U3,9,\/G/'
expect_fail button-swapped "button A" 's/^GND,SW6,3,3$/BTN_B,SW6,3,3/'
expect_fail gnd-open "erc every IC" 's/^GND,U2,10,GND$/unconnected_pin-1,U2,10,GND/'
expect_fail single-pin-net "single pin" 's/^RXD,R4,2,2$/RXD_TYPO,R4,2,2/'
expect_fail mosi-wrong-pin "mcu-pin mosi" 's/^MOSI,U0,17,PB3$/NC_U0_17,U0,17,PB3/'
expect_fail ftdi-order "ftdi-header" 's/^DTR,J2,6,DTR$/DTR,J2,6,CTS/'
expect_fail buzzer-open "buzzer" 's/^PIEZO_P,BZ1,1,+$/NC_BZ1_1,BZ1,1,+/'
exit $fail
