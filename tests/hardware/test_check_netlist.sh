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
# rev D's UART: PD1 into the bridge's RXD through a resistor (0.45 mA into
# the unpowered bridge's clamp; against its pull-up a low stays above VIL)
expect_fail uart-tx-resistor "through a diode, cathode on PD1" 's/^TXD,D7,1,K$/TXD,R9,1,1/;s/^Net-(D7-A),D7,2,A$/Net-(D7-A),R9,2,2/'
expect_fail uart-tx-diode-reversed "through a diode, cathode on PD1" 's/^TXD,D7,1,K$/Net-(D7-A),D7,1,K/;s/^Net-(D7-A),D7,2,A$/TXD,D7,2,A/'
# the bridge's RXD pulled up to VCC: the cells would feed it
expect_fail uart-tx-pullup-vcc "pulled up to its own rail" 's/^VBUS_CH,R5,2,2$/VCC,R5,2,2/'
# rev D's R8: the MCU's RXD pulled up to VCC, into the bridge's TXD clamp
expect_fail uart-rx-pullup-vcc "held low, not pulled up" 's/^GND,R8,1,1$/VCC,R8,1,1/'
expect_fail esd-dp-open "usb ESD array" 's/^USB_DP,U8,1,IO1$/NC_U8_1,U8,1,IO1/;s/^USB_DP,U8,6,IO4$/NC_U8_6,U8,6,IO4/'
expect_fail esd-vp-gnd "usb ESD array" 's/^VBUS,U8,5,VP$/GND,U8,5,VP/'
expect_fail tp-cells-moved "test points" 's/^VBAT_RAW,TP3,1,1$/VIN_BOOST,TP3,1,1/'
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
# a 1 k pull-up on the bridge's RXD: D7 then carries 5.6 mA and its drop
# leaves the low above the CH340's VIL
if [ $# -ge 3 ]; then
    sed 's/,10k,/,1k,/' "$3" >"$TMP/bad-bom.csv"
    if python3 "$CHECK" "$NET" "$HDR" "$TMP/bad-bom.csv" >"$TMP/out" 2>&1; then
        echo "[  FAILED  ] hw-selftest uart-low: a 1 k pull-up passed"; fail=1
    elif grep -q "FAILED.*a low at the bridge's RXD" "$TMP/out"; then
        echo "[       OK ] hw-selftest uart-low: $(grep -m1 'FAILED' "$TMP/out" | cut -c1-160)"
    else
        echo "[  FAILED  ] hw-selftest uart-low: failed, but not in the RXD low check"; grep FAILED "$TMP/out"; fail=1
    fi
fi
exit $fail
