#!/bin/sh
# Shows that hardware/tools/kicad_netlist.py refuses every netlist a full
# disk or a stopped export leaves (cut anywhere, empty, not a netlist) with
# one line naming the file, and no traceback.
#   tests/hardware/test_kicad_netlist.sh NETLIST_NET
set -u
NET=$1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
size=$(wc -c <"$NET")
refused() {  # NAME
    if python3 hardware/tools/kicad_netlist.py "$TMP/bad.net" "$TMP/n.csv" "$TMP/b.csv" >"$TMP/log" 2>&1; then
        echo "[  FAILED  ] hw-netlist-input $1: the damaged netlist passed"; fail=1
    elif grep -q Traceback "$TMP/log" || [ "$(wc -l <"$TMP/log")" -ne 1 ] || ! grep -q "^kicad_netlist: $TMP/bad.net" "$TMP/log"; then
        echo "[  FAILED  ] hw-netlist-input $1: not one line naming the file:"; head -3 "$TMP/log"; fail=1
    else
        echo "[       OK ] hw-netlist-input $1: $(cut -c1-150 "$TMP/log")"
    fi
}
for pct in 1 10 33 50 75 90 99; do
    head -c $((size * pct / 100)) "$NET" >"$TMP/bad.net"; refused "cut-at-$pct%"
done
head -c $((size - 1)) "$NET" >"$TMP/bad.net"; refused "last-byte-lost"
: >"$TMP/bad.net"; refused empty
head -c 4096 /dev/urandom >"$TMP/bad.net"; refused random-bytes
echo '(export (version "E") (design))' >"$TMP/bad.net"; refused no-components
sed '0,/(ref "C1")/s//(ref)/' "$NET" >"$TMP/bad.net"; refused ref-empty
exit $fail
