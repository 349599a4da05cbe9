#!/bin/sh
# Shows that tests/hardware/check_schematic_pdf.py fails when the committed
# PDF no longer matches the sheets: exports copies of the sheets with one
# thing changed and checks the committed PDF against them.
#   KICAD_CONFIG_HOME=DIR tests/hardware/test_check_schematic_pdf.sh PROJECT_DIR COMMITTED_PDF
# DIR: the KiCad config folder make hardware made (build/hardware/kicad-config).
set -u
PROJ=$1 PDF=$2
CHECK="$(dirname "$0")/check_schematic_pdf.py"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
expect_fail() {  # NAME "words of the failing check" EDIT-COMMAND (run in the copy)
    rm -rf "$TMP/p"
    cp -r "$PROJ" "$TMP/p"
    (cd "$TMP/p" && eval "$3") || { echo "[  FAILED  ] hw-pdf-selftest $1: could not change the copy"; fail=1; return; }
    timeout 120 kicad-cli sch export pdf -o "$TMP/fresh.pdf" "$TMP/p/jarmo-handheld.kicad_sch" >/dev/null 2>&1 ||
        { echo "[  FAILED  ] hw-pdf-selftest $1: kicad-cli could not export the copy"; fail=1; return; }
    if python3 "$CHECK" "$PDF" "$TMP/fresh.pdf" >"$TMP/log" 2>&1; then
        echo "[  FAILED  ] hw-pdf-selftest $1: the stale PDF passed"; fail=1
    elif grep -q "FAILED.*$2" "$TMP/log"; then
        echo "[       OK ] hw-pdf-selftest $1: $(grep -m1 "FAILED.*$2" "$TMP/log" | cut -c1-170)"
    else
        echo "[  FAILED  ] hw-pdf-selftest $1: no FAILED line with \"$2\":"; grep FAILED "$TMP/log" | head -3; fail=1
    fi
}
# a value changed (R5 10k -> 47k): the words differ
expect_fail value-changed "page 7: the same words" \
    "sed -i 's/(property \"Value\" \"10k\"/(property \"Value\" \"47k\"/' usb.kicad_sch && grep -q 47k usb.kicad_sch"
# a wire moved, no word changed: the drawing differs
expect_fail wire-moved "page 5: the same drawing" \
    "python3 -c \"
import re; p = 'input.kicad_sch'; s = open(p).read()
m = re.search(r'\(wire\n\t\t\(pts \(xy ([\d.]+) ([\d.]+)\) \(xy ([\d.]+) ([\d.]+)\)', s)
a = m.group(0); b = a.replace('(xy %s %s)' % (m.group(1), m.group(2)), '(xy %s %s)' % (m.group(1), float(m.group(2)) + 25.4), 1)
open(p, 'w').write(s.replace(a, b, 1))\""
exit $fail
