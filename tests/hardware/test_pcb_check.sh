#!/bin/sh
# Shows that make pcb-check (hardware/tools/pcb_outputs.py) fails a board a
# maker has broken, with the check that says what is wrong: runs it on
# copies of the KiCad project with one thing changed.
#   KICAD_CONFIG_HOME=DIR tests/hardware/test_pcb_check.sh PROJECT_DIR NETLIST_CSV BOM_CSV
# DIR: the KiCad config folder make hardware made (build/hardware/kicad-config,
# hardware/hardware.mk's; tests/run.sh passes it).
set -u
PROJ=$1 NET=$2 BOM=$3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
# expect_fail NAME "words of the failing check" EDIT-COMMAND (run in the copy)
expect_fail() {
    rm -rf "$TMP/p" "$TMP/out"
    cp -r "$PROJ" "$TMP/p"
    # an earlier run's fab package and report, which this run must not leave or read
    mkdir -p "$TMP/out" && echo stale >"$TMP/out/gerbers.zip" && echo '{}' >"$TMP/out/drc.json"
    (cd "$TMP/p" && eval "$3") || { echo "[  FAILED  ] hw-pcb-selftest $1: could not break the copy"; fail=1; return; }
    if timeout 300 /usr/bin/python3 hardware/tools/pcb_outputs.py "$TMP/p" "$NET" "$BOM" "$TMP/out" >"$TMP/log" 2>&1; then
        echo "[  FAILED  ] hw-pcb-selftest $1: the broken project passed"; fail=1
    elif [ -e "$TMP/out/gerbers.zip" ] || grep -q stale "$TMP/out/drc.json" 2>/dev/null; then
        echo "[  FAILED  ] hw-pcb-selftest $1: a fab package left in place after a failed check"; fail=1
    elif grep -q "^FAIL: .*$2" "$TMP/log"; then
        echo "[       OK ] hw-pcb-selftest $1: $(grep -m1 "^FAIL: .*$2" "$TMP/log" | cut -c1-160)"
    else
        echo "[  FAILED  ] hw-pcb-selftest $1: no FAIL line with \"$2\":"; grep "^FAIL" "$TMP/log" | head -5; fail=1
    fi
}
pcb=jarmo-handheld.kicad_pcb
# a part moved 3 mm off its tracks
expect_fail part-moved "KiCad DRC and schematic parity (the project's rules)" \
    "/usr/bin/python3 -c \"import pcbnew; b = pcbnew.LoadBoard('$pcb'); f = b.FindFootprintByReference('C13'); f.Move(pcbnew.VECTOR2I(pcbnew.FromMM(3), 0)); pcbnew.SaveBoard('$pcb', b)\" 2>/dev/null"
# the schematic changed and the board not updated from it
expect_fail schematic-ahead "[1-9][0-9]* parity problems" \
    "sed -i 's/(property \"Value\" \"10uF\"/(property \"Value\" \"4.7uF\"/' power.kicad_sch && grep -q 4.7uF power.kicad_sch"
# a reference label moved onto another part
expect_fail label-astray "every reference nearer its own part" \
    "/usr/bin/python3 -c \"import pcbnew; b = pcbnew.LoadBoard('$pcb'); r = b.FindFootprintByReference('R5'); u = b.FindFootprintByReference('U5'); r.Reference().SetPosition(u.GetPosition()); pcbnew.SaveBoard('$pcb', b)\" 2>/dev/null"
# a part number changed on the board only (the fab's tools read the board)
expect_fail field-differs "every footprint's value and fields" \
    "sed -i '0,/(property \"MPN\" \"SRV05-4-P-T7\"/s//(property \"MPN\" \"USBLC6-2SC6\"/' $pcb && grep -q USBLC6-2SC6 $pcb"
# the crystal moved 6 mm from the MCU
expect_fail crystal-far "the crystal at the MCU" \
    "/usr/bin/python3 -c \"import pcbnew; b = pcbnew.LoadBoard('$pcb'); f = b.FindFootprintByReference('Y1'); f.Move(pcbnew.VECTOR2I(pcbnew.FromMM(6), 0)); pcbnew.SaveBoard('$pcb', b)\" 2>/dev/null"
exit $fail
