#!/usr/bin/env bash
# The pictures in img/, as a person sees the console before building it
# (make renders; tools/deps.sh renders installs what it needs):
#   img/board-top.png, board-bottom.png, board-3d.png   kicad-cli pcb render,
#       with KiCad's 3D models (Debian's kicad-packages3d, 330 MB: installed
#       for this target only, never for make test)
#   img/case-front.png, case-exploded.png   OpenSCAD: the printed case from
#       the front, and opened up with the board (kicad-cli pcb export stl) in it
#   img/nano-wiring.png   the Nano's breadboard wiring (make hardware's SVG)
#   img/schematic-power.png  the schematic's power sheet, from the committed
#       PDF hardware/jarmo-handheld-schematic.pdf (poppler's pdftoppm)
#   img/page.png          the web page in Chromium (make web), a game on
#   img/play.png          make play's screen in a terminal (tmux, coloured by aha)
set -euo pipefail
cd "$(dirname "$0")/.."
img=img b=build/renders
mkdir -p "$img" "$b"
# every picture is deleted first and must be written anew (kicad-cli pcb
# render exits 0 when it could not write: the last check finds it missing)
pics="case-front case-exploded nano-wiring schematic-power page play"
[ "${RENDERS_SKIP_BOARD:-}" = 1 ] || pics="board-top board-bottom board-3d $pics"
for f in $pics; do rm -f "$img/$f.png"; done
export KICAD_CONFIG_HOME=$PWD/build/hardware/kicad-config
pcb=hardware/jarmo-handheld/jarmo-handheld.kicad_pcb
shot() { # chromium's screenshot of a local file: shot FILE OUT W H
  timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
    --user-data-dir="$b/chromium" --window-size="$3,$4" --screenshot="$2" "file://$PWD/$1" >/dev/null 2>&1
}

if [ "${RENDERS_SKIP_BOARD:-}" != 1 ]; then
echo "renders: the board (kicad-cli pcb render)"
r() { timeout 300 kicad-cli pcb render --quality high --floor --background opaque "$@" "$pcb" >/dev/null; }
r --side top -w 1000 -h 1500 -o "$img/board-top.png"
r --side bottom -w 1000 -h 1500 -o "$img/board-bottom.png"
r --perspective --rotate '-50,0,35' --zoom 0.9 -w 1600 -h 1200 -o "$img/board-3d.png"
fi

echo "renders: the case (OpenSCAD under Xvfb)"
# in the case's frame: x, y from the board's lower-left corner (the drill origin)
# J4 is "do not populate"; the project's own bodies (the buttons, J1, BZ1,
# BT1: hardware/jarmo-handheld/3d) are VRML, which the STL exporter cannot
# read, so the case pictures carry the board's other parts
timeout 300 kicad-cli pcb export stl --drill-origin --subst-models --no-dnp --component-filter 'C*,D*,F*,L*,Q*,R*,U*,Y*,SW1' \
  -f -o "$b/board.stl" "$pcb" >/dev/null
c=build/hardware/case
cat > "$b/case-front.scad" <<EOF
color("DimGray") import("$PWD/$c/case-front.stl");
color("ForestGreen") translate([0, 0, -1.6]) import("$PWD/$b/board.stl");
color("WhiteSmoke") for (p = [$(sed -n 's|.*translate(\[\([0-9.]*\), \([0-9.]*\), Z_PU - 0.5\]).*// \(SW[0-9]*\) seat.*|[\1, \2],|p' $c/case.scad | tr -d '\n' | sed 's/,$//')]) translate([p[0], p[1], 8.2]) cylinder(d = 7.0, h = 1.5, \$fn = 48);
EOF
# the case's z is 0 on the board's top face; the STL's on its bottom face
cat > "$b/case-exploded.scad" <<EOF
color("DimGray") translate([0, 0, 32]) import("$PWD/$c/case-front.stl");
color("ForestGreen") translate([0, 0, -1.6]) import("$PWD/$b/board.stl");
color("SlateGray") translate([0, 0, -32]) import("$PWD/$c/case-back.stl");
EOF
os() { # os OUT.png W,H OPENSCAD-ARGS...
  local out=$1 size=$2; shift 2
  timeout 900 xvfb-run -a openscad --colorscheme Tomorrow --imgsize="$size" --viewall --autocenter -o "$out" "$@" \
    > "$b/openscad-$(basename "$out" .png).log" 2>&1 || { tail -5 "$b/openscad-$(basename "$out" .png).log"; exit 1; }
}
os "$img/case-front.png" 1000,1400 --camera=0,0,0,0,0,0,300 --projection=o "$b/case-front.scad"
os "$img/case-exploded.png" 1400,1200 --camera=0,0,0,60,0,30,600 --projection=p "$b/case-exploded.scad"

echo "renders: the Nano's wiring"
shot build/hardware/jarmo-nano/wiring.svg "$PWD/$img/nano-wiring.png" 1100 800

echo "renders: the schematic's power sheet"
rm -f "$img/schematic-power.png"
pdftoppm -r 110 -f 6 -l 6 -png -singlefile hardware/jarmo-handheld-schematic.pdf "$img/schematic-power"

echo "renders: the page (make web) and make play"
node tools/renders_page.mjs build "$PWD/$img/page.png"
sim=build/host/jarmo-sim elf=build/jarmo-handheld/firmware.elf
tmux kill-session -t jarmo-renders 2>/dev/null || true
rm -f "$b/eeprom.bin"
tmux new-session -d -s jarmo-renders -x 100 -y 52 "$sim --eeprom $b/eeprom.bin $elf"
sleep 4
tmux send-keys -t jarmo-renders z; sleep 1     # skip the start's words
tmux send-keys -t jarmo-renders Right; sleep 1
tmux send-keys -t jarmo-renders z; sleep 2     # select a piece: its moves shown
tmux capture-pane -e -p -t jarmo-renders > "$b/play.ans"
tmux send-keys -t jarmo-renders q; sleep 1
tmux kill-session -t jarmo-renders 2>/dev/null || true
aha --black --title "make play" < "$b/play.ans" | sed 's|<pre>|<pre style="font: 15px/1.15 DejaVu Sans Mono, monospace; margin: 8px">|' > "$b/play.html"
shot "$b/play.html" "$PWD/$img/play.png" 980 760
for f in $pics; do
  [ -s "$img/$f.png" ] || { echo "renders: $img/$f.png was not made" >&2; exit 1; }
done
ls -l "$img"
