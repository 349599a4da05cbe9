#!/bin/sh
# Shows that tests/hardware/check_netlist.py can fail: runs it on deliberately
# broken copies of a good netlist.csv and expects exit 1 with the named check.
#   tests/hardware/test_check_netlist.sh NETLIST_CSV BOARD_HEADER [BOM_CSV]
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
expect_fail latch-moved "latch reaches" 's/^LATCH,U2,12,RCLK$/Net-(U1-SER),U2,12,RCLK/'
expect_fail blank-missing "blank reaches" 's/^BLANK,U3,13,~{OE}$/GND,U3,13,~{OE}/'
expect_fail button-swapped "button A" 's/^GND,SW6,2,2$/BTN_B,SW6,2,2/'
# the switch's GND pin left open: the button could never close
expect_fail button-open "button UP" 's/^GND,SW2,2,2$/NC_SW2_2,SW2,2,2/'
# one LED's red cathode on the next column
expect_fail led-column "shift chain" 's/^RED_K0,DR30,1,K$/RED_K1,DR30,1,K/'
# a sink array's outputs 1 and 2 swapped
expect_fail sink-swap "shift chain" 's/^Net-(U6-O8),U6,11,O8$/Net-(U6-O7),U6,11,O8/;s/^Net-(U6-O7),U6,12,O7$/Net-(U6-O8),U6,12,O7/'
# one LED's anode on the next row
expect_fail led-row "rows:" 's/^ROW2,DG25,2,A$/ROW3,DG25,2,A/'
# the ISP header's VCC straight on VCC (the boost back-feeds a programmer)
expect_fail isp-vcc-direct "VCC through a series resistor" 's/^Net-(J4-VCC),J4,2,VCC$/VCC,J4,2,VCC/'
# the battery divider's tap not on PD7
expect_fail batt-pin "battery sense" 's/^BATT_SENSE,U0,11,PD7$/NC_U0_11,U0,11,PD7/'
# the old chain MOSI -> U1 74HC595 -> U2 -> U3 against BOARD_SHIFT_ROW_FIRST 1
expect_fail chain-old-order "shift chain" 's/^MOSI,U2,14,SER$/CHAIN_0,U2,14,SER/;s/^NC_U1_9,U1,9,/CHAIN_0,U1,9,/;s/^Net-(U1-SER),U1,14,SER$/MOSI,U1,14,SER/;s/^Net-(U1-SER),U3,9,/NC_U3_9,U3,9,/'
# U1 QH' driving a net instead of being a no-connect
expect_fail chain-tail-used "serial output of the last register" 's/^NC_U1_9,U1,9,/Net-(U1-SER),U1,9,/'
expect_fail gnd-open "erc every IC" 's/^GND,U2,8,GND$/unconnected_pin-1,U2,8,GND/'
expect_fail single-pin-net "single pin" 's/^RXD,R4,2,2$/RXD_TYPO,R4,2,2/'
expect_fail mosi-wrong-pin "mcu-pin mosi" 's/^MOSI,U0,15,PB3$/NC_U0_15,U0,15,PB3/'
# the receptacle's second row of D+ left open: a cable plugged the other way round has no data
expect_fail usb-dp-one-row "USB D+" 's/^USB_DP,J1,B6,D+$/NC_J1_B6,J1,B6,D+/'
# both CC pins on one resistor (a USB-C charger then gives no power)
expect_fail cc-shared "USB CC2" 's/^Net-(J1-CC2),R61,1,1$/Net-(J1-CC1),R61,1,1/;s/^Net-(J1-CC2),J1,B5,CC2$/Net-(J1-CC1),J1,B5,CC2/'
# the bridge powered from VCC: on the cells it would draw from them
expect_fail bridge-on-vcc "powered from USB only" 's/^VBUS_CH,U5,16,VCC$/VCC,U5,16,VCC/'
expect_fail dtr-open "auto-reset" 's/^Net-(U5-~{DTR}),C6,1,1$/NC_C6_1,C6,1,1/'
expect_fail buzzer-open "buzzer" 's/^Net-(BZ1-+),BZ1,1,+$/NC_BZ1_1,BZ1,1,+/'
# the header's threshold against the divider's values in the BOM
if [ $# -ge 3 ]; then
    sed 's/^#define BOARD_BATT_LOW_MV .*/#define BOARD_BATT_LOW_MV 3300/' "$HDR" >"$TMP/bad.h"
    if python3 "$CHECK" "$NET" "$TMP/bad.h" "$3" >"$TMP/out" 2>&1; then
        echo "[  FAILED  ] hw-selftest batt-threshold: wrong BOARD_BATT_LOW_MV passed"; fail=1
    elif grep -q "FAILED.*battery divider values" "$TMP/out"; then
        echo "[       OK ] hw-selftest batt-threshold: $(grep -m1 'FAILED' "$TMP/out" | cut -c1-160)"
    else
        echo "[  FAILED  ] hw-selftest batt-threshold: failed, but not in the divider check"; fail=1
    fi
fi
exit $fail
