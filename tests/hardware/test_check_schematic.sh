#!/bin/sh
# Shows that tests/hardware/check_schematic.py can fail: runs it on copies of
# the schematic (and of its SVG export) with one thing drawn badly.
#   tests/hardware/test_check_schematic.sh PROJECT_DIR SVG_DIR
set -u
PROJ=$1 SVG=$2
CHECK="$(dirname "$0")/check_schematic.py"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
python3 "$CHECK" "$PROJ" "$SVG" >"$TMP/out" 2>&1 || { echo "[  FAILED  ] hw-sch-selftest: the good schematic fails:"; grep FAILED "$TMP/out"; exit 1; }
# expect_fail NAME "words of the failing check" EDIT-COMMAND (run in the copies p/ and svg/)
expect_fail() {
    rm -rf "$TMP/p" "$TMP/svg"
    cp -r "$PROJ" "$TMP/p"; cp -r "$SVG" "$TMP/svg"
    (cd "$TMP" && eval "$3") || { echo "[  FAILED  ] hw-sch-selftest $1: could not break the copy"; fail=1; return; }
    if python3 "$CHECK" "$TMP/p" "$TMP/svg" >"$TMP/log" 2>&1; then
        echo "[  FAILED  ] hw-sch-selftest $1: the broken schematic passed"; fail=1
    elif grep -q "FAILED.*$2" "$TMP/log"; then
        echo "[       OK ] hw-sch-selftest $1: $(grep -m1 "FAILED.*$2" "$TMP/log" | cut -c1-170)"
    else
        echo "[  FAILED  ] hw-sch-selftest $1: no FAILED line with \"$2\":"; grep "FAILED" "$TMP/log" | head -3; fail=1
    fi
}
# a second GND symbol on top of the first one on the MCU sheet
expect_fail power-stacked "MCU and clock.*stacked" \
    "python3 -c \"
import re; p = 'p/mcu.kicad_sch'; s = open(p).read()
m = re.search(r'\n\t\(symbol\n\t\t\(lib_id \\\"power:GND\\\"\).*?\n\t\)\n', s, re.S)
open(p, 'w').write(s[:m.end()] + m.group(0)[1:].replace('#PWR', '#PWX') + s[m.end():])\""
# two labels of one name joining two places on the power sheet
expect_fail label-pair "Power.*each name once" \
    "sed -i '0,/^\t(label \"VBUS_F\"/s//\t(label \"VBUS_F\"\n\t\t(at 1 1 0)\n\t)\n\t(label \"VBUS_F\"/' p/power.kicad_sch"
# a value printed over a reference in the display sheet's export
expect_fail text-over-text "Display drivers.*no text over text" \
    "python3 -c \"
import re; p = 'svg/jarmo-handheld-Display drivers.svg'; s = open(p).read()
m = re.search(r'<g class=\\\"stroked-text\\\"><desc>R30</desc>(.*?)</g>', s, re.S)
s = s.replace('<g class=\\\"stroked-text\\\"><desc>R31</desc>', '<g class=\\\"stroked-text\\\"><desc>R31</desc>' + m.group(1), 1)
open(p, 'w').write(s)\""
# the date gone from the title block of the matrix sheet
expect_fail no-date "LED matrix.*title block" "sed -i '/^\t\t(date /d' p/matrix.kicad_sch"
# a junction deleted where three wires meet (buttons' GND rail)
expect_fail junction-missing "Buttons and sound.*junction" \
    "python3 -c \"
import re; p = 'p/input.kicad_sch'; s = open(p).read()
s = re.sub(r'\n\t\(junction\n.*?\n\t\)', '', s, count=1, flags=re.S); open(p, 'w').write(s)\""
exit $fail
