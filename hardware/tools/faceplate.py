#!/usr/bin/env python3
"""Faceplate for the jarmo-handheld: the 5x5 board's lines over the LED matrix.

    faceplate.py LINKS_TXT OUT_SVG [--pitch MM] [--hole MM]

LINKS_TXT is the output of hardware/tools/links.c (built from the rules
core's link table, so the lines are never retyped): "a1 b3 0" per link, the
third field 1 for the extra b3-c3 link that exists only in jasir (drawn
dashed). Point a1..e5 sits on LED column 0..4 (file a = column 0, the left
column); rank 5 is LED row 0 (top) down to rank 1 on LED row 4.

LED pitch 7.62 mm and dot hole 5.0 mm are for a 60 mm (2.4 in) 8x8 matrix
such as the Kingbright TBA24-11EGWA; they are ASSUMED, not read from its
drawing: measure the part and pass --pitch/--hole. Units are millimetres.
"""
import argparse
import sys

ap = argparse.ArgumentParser()
ap.add_argument("links")
ap.add_argument("out")
ap.add_argument("--pitch", type=float, default=7.62)
ap.add_argument("--hole", type=float, default=5.0)
a = ap.parse_args()

links = []
for n, line in enumerate(open(a.links), 1):
    f = line.split()
    if not f:
        continue
    if len(f) != 3 or f[2] not in "01" or any(len(p) != 2 or p[0] not in "abcde" or p[1] not in "12345" for p in f[:2]):
        sys.exit("faceplate.py: %s:%d: bad link line %r" % (a.links, n, line))
    links.append((f[0], f[1], f[2] == "1"))
if len(links) < 20:
    sys.exit("faceplate.py: only %d links read from %s" % (len(links), a.links))

P = a.pitch
W = 8 * P + 20            # plate width: matrix plus 10 mm margins
MTOP = 12                 # matrix top-left corner
ML = 10
BTN_Y = MTOP + 8 * P + 22
H = BTN_Y + 38


def led(col, row):
    return ML + (col + 0.5) * P, MTOP + (row + 0.5) * P


def point(name):
    return led(ord(name[0]) - ord("a"), 5 - int(name[1]))


o = ['<?xml version="1.0" encoding="UTF-8"?>',
     '<svg xmlns="http://www.w3.org/2000/svg" width="%.2fmm" height="%.2fmm" viewBox="0 0 %.2f %.2f">' % (W, H, W, H),
     '<title>jarmo-handheld faceplate (LED pitch %.2f mm)</title>' % P,
     '<rect x="0.5" y="0.5" width="%.2f" height="%.2f" rx="4" fill="#f4f1e8" stroke="#000" stroke-width="0.3"/>' % (W - 1, H - 1),
     '<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="none" stroke="#999" stroke-width="0.2" stroke-dasharray="1,1"/>' % (ML, MTOP, 8 * P, 8 * P)]
o.append('<g stroke="#222" stroke-width="0.7" stroke-linecap="round">')
for p, q, extra in links:
    (x1, y1), (x2, y2) = point(p), point(q)
    dash = ' stroke-dasharray="1.5,1.2"' if extra else ""
    o.append('<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f"%s><title>%s-%s%s</title></line>' % (
        x1, y1, x2, y2, dash, p, q, " (jasir only)" if extra else ""))
o.append("</g>")
o.append('<g fill="#fff" stroke="#000" stroke-width="0.3">')
for row in range(8):
    for col in range(8):
        x, y = led(col, row)
        o.append('<circle cx="%.2f" cy="%.2f" r="%.2f"/>' % (x, y, a.hole / 2))
o.append("</g>")
o.append('<g font-family="sans-serif" font-size="3" fill="#444" text-anchor="middle">')
for i, f in enumerate("abcde"):
    x, _ = led(i, 0)
    o.append('<text x="%.2f" y="%.2f">%s</text>' % (x, MTOP - 2, f))
for r in range(1, 6):
    _, y = led(0, 5 - r)
    o.append('<text x="%.2f" y="%.2f">%d</text>' % (ML - 4, y + 1, r))
o.append("</g>")
# buttons: 6x6 mm tactile switches (B3F-1000), 3.5 mm caps holes
cx, cy, d = W * 0.28, BTN_Y + 14, 10
btns = [("UP", cx, cy - d, "\u25b2"), ("DOWN", cx, cy + d, "\u25bc"),
        ("LEFT", cx - d, cy, "\u25c0"), ("RIGHT", cx + d, cy, "\u25b6"),
        ("A", W * 0.80, cy - 4, "A"), ("B", W * 0.64, cy + 4, "B")]
for name, x, y, label in btns:
    o.append('<circle cx="%.2f" cy="%.2f" r="1.75" fill="#fff" stroke="#000" stroke-width="0.3"><title>%s</title></circle>' % (x, y, name))
    o.append('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="4" text-anchor="middle">%s</text>' % (
        x + (0 if name in ("UP", "DOWN", "A", "B") else 0), y - 3 if name != "DOWN" else y + 6.5, label))
o.append('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="3.5" text-anchor="middle">jarmo</text>' % (W / 2, H - 4))
o.append('<text x="%.2f" y="%.2f" font-family="sans-serif" font-size="2" fill="#666" text-anchor="end">dashed: b3-c3, jasir only</text>' % (W - 3, MTOP + 8 * P + 5))
o.append("</svg>")
with open(a.out, "w") as f:
    f.write("\n".join(o) + "\n")
print("faceplate.py: wrote %s (%d links, pitch %.2f mm)" % (a.out, len(links), P))
