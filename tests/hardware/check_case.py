#!/usr/bin/python3
"""Check the printable case against the board it was made from.

    /usr/bin/python3 tests/hardware/check_case.py BOARD.kicad_pcb CASE.scad STL...

Each STL must be one closed solid (admesh: 1 part, no disconnected facets,
nothing fixed, added or removed, positive volume). Every LED and button of
the board must have its opening in the front plate (a cylinder in the .scad
commented with its ref) centred within 0.3 mm of the part (read from the
board here, not from the generator's table), the battery holder's opening
in the back plate must cover both of its contacts, and the USB socket,
slide switch and FTDI header must each have a wall opening at their height
on the board. One line per check; exit 1 on a failure."""
import re
import subprocess
import sys

import pcbnew

fails = []


def check(name, ok, why=""):
    print(("ok: %s" % name) if ok else ("FAIL: %s: %s" % (name, why)))
    if not ok:
        fails.append(name)


pcb, scad = sys.argv[1:3]
for stl in sys.argv[3:]:
    out = subprocess.run(["admesh", stl], capture_output=True, text=True, timeout=300).stdout
    def num(label):
        m = re.search(label + r"\s*:\s*([\d.]+)", out)
        return float(m.group(1)) if m else -1
    ok = (num("Number of parts") == 1 and num("Total disconnected facets") == 0 and
          num("Edges fixed") == 0 and num("Facets removed") == 0 and num("Facets added") == 0 and
          num("Volume") > 0)
    check("%s is one closed solid (admesh: %d part, volume %.0f mm3)" % (stl, num("Number of parts"), num("Volume")),
          ok, "admesh reports a damaged mesh")

board = pcbnew.LoadBoard(pcb)
bb = board.GetBoardEdgesBoundingBox()
x0, y0, H = pcbnew.ToMM(bb.GetX()), pcbnew.ToMM(bb.GetY()), pcbnew.ToMM(bb.GetHeight())
text = open(scad).read()
cuts = {}
for m in re.finditer(r"translate\(\[([-\d.]+), ([-\d.]+), [^\]]*\]\) (cylinder|linear_extrude|cube)[^;]*;\s*// (\w+)", text):
    cuts.setdefault(m.group(4), []).append((float(m.group(1)), H - float(m.group(2))))
bad = []
n = 0
for fp in board.GetFootprints():
    ref = fp.GetReference()
    if re.match(r"LED\d\d$", ref) or ref in ("SW2", "SW3", "SW4", "SW5", "SW6", "SW7"):
        n += 1
        ps = [p for p in fp.Pads() if ref.startswith("SW") or p.GetNumber() == "2"]
        cx = sum(pcbnew.ToMM(p.GetPosition().x) for p in ps) / len(ps) - x0
        cy = sum(pcbnew.ToMM(p.GetPosition().y) for p in ps) / len(ps) - y0
        if not any(abs(x - cx) < 0.3 and abs(y - cy) < 0.3 for x, y in cuts.get(ref, [])):
            bad.append("%s at (%.2f, %.2f): %s" % (ref, cx, cy, cuts.get(ref, "no opening")))
check("front openings over all %d LEDs and buttons" % n, n == 70 and not bad, "; ".join(bad[:6]))
fps = {fp.GetReference(): fp for fp in board.GetFootprints()}
m = re.search(r"translate\(\[([-\d.]+), ([-\d.]+), [^\]]*\]\) linear_extrude\([^)]*\) square\(\[([\d.]+), ([\d.]+)\], center = true\); // BT1", text)
ok = False
if m:
    bx, by, bw, bh = float(m.group(1)), H - float(m.group(2)), float(m.group(3)), float(m.group(4))
    ok = all(abs(pcbnew.ToMM(p.GetPosition().x) - x0 - bx) < bw / 2 and abs(pcbnew.ToMM(p.GetPosition().y) - y0 - by) < bh / 2
             for p in fps["BT1"].Pads())
check("back opening over the battery holder BT1 (both contacts inside)", ok, "no BT1 opening over its contacts")
for ref in ("J3", "SW1", "J2"):
    ys = [pcbnew.ToMM(p.GetPosition().y) - y0 for p in fps[ref].Pads() if p.GetNumber()]
    cy = sum(ys) / len(ys)
    hit = [c for c in cuts.get(ref, []) if abs(c[1] - cy) < 3.0]
    check("wall opening for %s at y %.1f mm" % (ref, cy), len(hit) >= 2, "found %s" % cuts.get(ref))
print("case checks: %d failed" % len(fails))
sys.exit(1 if fails else 0)
