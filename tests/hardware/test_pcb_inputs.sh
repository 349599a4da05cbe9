#!/bin/sh
# Shows that make pcb-check (hardware/tools/pcb_outputs.py) meets a project
# file it cannot read with one line naming the file and what is wrong (no
# Python traceback), and leaves no report or fab package of an earlier run
# standing: runs it on copies of the project with one file damaged.
#   KICAD_CONFIG_HOME=DIR tests/hardware/test_pcb_inputs.sh PROJECT_DIR NETLIST_CSV BOM_CSV
set -u
PROJ=$1 NET=$2 BOM=$3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail=0
RULES=$PROJ/fab-rules.json
# expect_refused NAME "words of the line" DAMAGE-COMMAND (run in the copy) [OUTDIR] [RULES]
expect_refused() {
    rm -rf "$TMP/p" "$TMP/out"
    cp -r "$PROJ" "$TMP/p"
    mkdir -p "$TMP/out" && echo stale >"$TMP/out/gerbers.zip" && echo stale >"$TMP/out/drc.json"
    (cd "$TMP/p" && eval "$3") || { echo "[  FAILED  ] hw-pcb-input $1: could not damage the copy"; fail=1; return; }
    out=${4:-$TMP/out}
    if timeout 120 /usr/bin/python3 hardware/tools/pcb_outputs.py "$TMP/p" "$NET" "$BOM" "$out" "${5:-$RULES}" \
            >"$TMP/log" 2>&1; then
        echo "[  FAILED  ] hw-pcb-input $1: the damaged project passed"; fail=1
    elif grep -q Traceback "$TMP/log"; then
        echo "[  FAILED  ] hw-pcb-input $1: a traceback:"; tail -3 "$TMP/log"; fail=1
    elif ! grep -q "^pcb_outputs.py: .*$2" "$TMP/log"; then
        echo "[  FAILED  ] hw-pcb-input $1: no line with \"$2\":"; grep -v Debug "$TMP/log" | tail -3; fail=1
    elif [ "$out" = "$TMP/out" ] && { [ -e "$TMP/out/gerbers.zip" ] || [ -e "$TMP/out/drc.json" ]; }; then
        echo "[  FAILED  ] hw-pcb-input $1: an earlier run's report or package left standing"; fail=1
    else
        echo "[       OK ] hw-pcb-input $1: $(grep -m1 '^pcb_outputs.py: ' "$TMP/log" | cut -c1-150)"
    fi
}
pcb=jarmo-handheld.kicad_pcb pro=jarmo-handheld.kicad_pro
expect_refused board-cut "KiCad loaded no board" "head -c 300000 $pcb > cut && mv cut $pcb"
expect_refused board-empty "KiCad loaded no board" ": > $pcb"
expect_refused board-text "KiCad loaded no board" "echo 'not a board' > $pcb"
expect_refused board-missing "no such board file" "rm $pcb"
expect_refused project-json "$pro is not valid JSON" "echo '{' > $pro"
expect_refused project-keys "$pro lacks 'board'" "echo '{}' > $pro"
echo '[1,' >"$TMP/bad-rules.json"
expect_refused rules-json "bad-rules.json is not valid JSON" "true" "" "$TMP/bad-rules.json"
echo '{"clearance_mm": 0.1}' >"$TMP/short-rules.json"
expect_refused rules-keys "short-rules.json lacks 'track_min_mm'" "true" "" "$TMP/short-rules.json"
expect_refused rules-missing "no-rules.json: No such file" "true" "" "$TMP/no-rules.json"
echo x >"$TMP/a-file"
expect_refused outdir-not-a-folder "a-file/out: Not a directory" "true" "$TMP/a-file/out"
exit $fail
