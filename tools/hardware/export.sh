#!/bin/sh
# Headless export of a lepton-eda schematic:
#   tools/hardware/export.sh SCH OUTDIR
# writes OUTDIR/schematic.pdf, schematic.svg, netlist.csv (net,ref,pin,pin_name)
# and bom.csv (ref,qty,value,description,mpn,unit_cost_usd,...).
# Needs: lepton-eda (lepton-cli, lepton-netlist), python3. No display needed.
set -eu
if [ $# -ne 2 ]; then
    echo "usage: $0 SCH OUTDIR" >&2
    exit 2
fi
SCH=$1
OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
[ -f "$SCH" ] || { echo "export.sh: no such schematic: $SCH" >&2; exit 1; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
SCHDIR=$(cd "$(dirname "$SCH")" && pwd)
BASE=$(basename "$SCH")
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export GUILE_AUTO_COMPILE=0
unset DISPLAY || true
# lepton reads ./gafrc (the local symbol library) from the schematic's directory.
cd "$SCHDIR"
run() {  # run a lepton tool quietly; show its log and fail on error
    if ! "$@" >"$TMP/log" 2>&1; then
        cat "$TMP/log" >&2
        echo "export.sh: failed: $*" >&2
        exit 1
    fi
    # lepton tools report missing symbols as warnings only: treat them as errors
    if grep -Ei "could not find|not found in any component library|error" "$TMP/log" >&2; then
        echo "export.sh: errors reported by: $*" >&2
        exit 1
    fi
}
run lepton-cli export -c -p iso_a1 -l portrait -o "$OUT/schematic.pdf" "$BASE"
run lepton-cli export -c -o "$OUT/schematic.svg" "$BASE"
run lepton-netlist -g geda -o "$TMP/net.geda" "$BASE"
run lepton-netlist -g pcbpins -o "$TMP/pins.txt" "$BASE"
run lepton-netlist -g bom2 -O attribs=value,description,footprint,mpn,cost,lcsc,assembly -o "$TMP/bom2.txt" "$BASE"
if grep -q "No graphical symbols\|unconnected_pin" "$TMP/net.geda" && grep -q "unconnected_pin" "$TMP/net.geda"; then
    echo "export.sh: warning: pins without a net (see netlist.csv, check_netlist.py fails them)" >&2
fi
python3 "$HERE/netlist_post.py" "$TMP/net.geda" "$TMP/pins.txt" "$TMP/bom2.txt" \
    "$OUT/netlist.csv" "$OUT/bom.csv"
for f in schematic.pdf schematic.svg netlist.csv bom.csv; do
    [ -s "$OUT/$f" ] || { echo "export.sh: $OUT/$f missing or empty" >&2; exit 1; }
done
echo "export.sh: wrote $OUT/{schematic.pdf,schematic.svg,netlist.csv,bom.csv}"
