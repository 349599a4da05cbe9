#!/usr/bin/python3
"""Check the printable case against the board it was made from.

    /usr/bin/python3 tests/hardware/check_case.py BOARD.kicad_pcb HEIGHTS.csv CASE_DIR [--no-pictures]

CASE_DIR holds what `make case` wrote: case-front.stl and case-back.stl (in
the assembly frame: the board's top face at z = 0, y = board height - board
y), case-cap.stl (one cap, top face down, as printed) and case-door.stl, and
stack.txt (the screw length). Everything else is measured here on the STL
meshes against the board (read with pcbnew) and the height table, never
taken from the generator's numbers:

  * every footprint on the board has a height row (no default);
  * each STL is one closed solid (admesh);
  * every part's box (courtyard x its table height + 0.5 mm; through-hole
    leads 2.0 mm on the far side) is clear of the front and back parts and
    of the closed battery door (case-door.stl turned over, its outer face in
    the back face, centred on the holder's courtyard, long side along it:
    where gen_case.py puts it; the floor's thickness measured on the back);
  * each cap, placed on its switch's plunger top (the switch's table height):
    its stem clears the plate's hole by 0.2 mm radially, its top stands 1.0 mm
    proud of the plate, it is captured (it can rise at most 0.1 mm off the
    plunger before the plate stops it, and does not have to sit below the
    plunger top), and it can move 0.5 mm down before anything but the
    switch's plunger stops it (plate, switch body, other parts);
  * openings: no plate over any LED or button, a sound grid over the buzzer,
    the battery door's opening over the holder, a wall opening at every
    connector or switch at an edge (a USB plug's overmould passes);
  * screws: the named length reaches 4 mm into the front boss's pilot
    without bottoming, the back boss's web under the board.
One line per check; then the measured clearances; exit 1 on a failure.
Unless --no-pictures: section PNGs in CASE_DIR, drawn here from the same
meshes (python3-pil): section-buttons.png (a button row, caps on their
plungers), section-tallest.png (the tallest part under the plate),
section-screw.png (a screw boss), section-battery.png (holder and door),
section-edge-REF.png (each connector or switch at an edge, across its wall
opening). Debian packages: kicad (pcbnew), admesh, python3-numpy, python3-pil."""
import csv
import math
import os
import re
import struct
import subprocess
import sys

import numpy as np
import pcbnew

CLEAR = 0.5          # part to case
LEAD = 2.0           # through-hole leads on the far side [typ]
TRAVEL = 0.5         # a cap moves this far down before anything but the plunger stops it
RADIAL = 0.2         # stem to hole
PROUD = 1.0          # cap top above the plate
LIFT_MAX = 0.4       # cap off its plunger when lifted against the plate (gen_case.py CAP_LIFT 0.3)
PLUNGER_D = 3.5      # B3S/B3F plunger
EDGE_NEAR = 2.5
USB_C_PLUG, USB_PLUG = (12.5, 7.0), (11.0, 7.0)
MIN_ENGAGE = 4.0
STEP = 0.01

fails = []


def check(name, ok, why=""):
    print(("ok: %s" % name) if ok else ("FAIL: %s: %s" % (name, why)))
    if not ok:
        fails.append(name)


# ---------------------------------------------------------------- meshes
def load_stl(path):
    data = open(path, "rb").read()
    if data[:5] == b"solid" and b"facet" in data[:300]:
        v = np.array(re.findall(rb"vertex\s+(\S+)\s+(\S+)\s+(\S+)", data), dtype=float)
        return v.reshape(-1, 3, 3)
    n = struct.unpack("<I", data[80:84])[0]
    a = np.frombuffer(data[84:84 + 50 * n], dtype=np.dtype([("n", "<3f4"), ("v", "<9f4"), ("a", "<u2")]))
    return a["v"].astype(float).reshape(-1, 3, 3)


class Mesh:
    def __init__(self, tris, name):
        self.t = tris
        self.name = name
        self.lo = tris.min(axis=1)
        self.hi = tris.max(axis=1)

    def moved(self, dx, dy, dz, name=None):
        return Mesh(self.t + np.array([dx, dy, dz]), name or self.name)

    def near(self, lo, hi):
        return np.all(self.hi >= lo, axis=1) & np.all(self.lo <= hi, axis=1)

    def hits_box(self, lo, hi):
        lo, hi = np.asarray(lo, float), np.asarray(hi, float)
        m = self.near(lo, hi)
        if not m.any():
            return False
        return bool(tri_box(self.t[m], lo, hi).any())

    def ray_z(self, x, y):
        """z of every crossing of the vertical line at (x, y)."""
        m = (self.lo[:, 0] <= x) & (self.hi[:, 0] >= x) & (self.lo[:, 1] <= y) & (self.hi[:, 1] >= y)
        t = self.t[m]
        if not len(t):
            return []
        a, b, c = t[:, 0], t[:, 1], t[:, 2]
        det = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (c[:, 0] - a[:, 0]) * (b[:, 1] - a[:, 1])
        ok = np.abs(det) > 1e-12
        det = np.where(ok, det, 1.0)
        l1 = ((x - a[:, 0]) * (c[:, 1] - a[:, 1]) - (c[:, 0] - a[:, 0]) * (y - a[:, 1])) / det
        l2 = ((b[:, 0] - a[:, 0]) * (y - a[:, 1]) - (x - a[:, 0]) * (b[:, 1] - a[:, 1])) / det
        ins = ok & (l1 >= -1e-9) & (l2 >= -1e-9) & (l1 + l2 <= 1 + 1e-9)
        z = a[:, 2] + l1 * (b[:, 2] - a[:, 2]) + l2 * (c[:, 2] - a[:, 2])
        out = []
        for v in sorted(z[ins]):
            if not out or v - out[-1] > 1e-6:
                out.append(v)
        return out


def tri_box(t, lo, hi, eps=1e-4):
    """Separating-axis test: which triangles overlap the box (shrunk by eps)."""
    c = (lo + hi) / 2.0
    h = np.maximum((hi - lo) / 2.0 - eps, 0.0)
    v = t - c
    v0, v1, v2 = v[:, 0], v[:, 1], v[:, 2]
    ok = np.all(v.max(axis=1) >= -h, axis=1) & np.all(v.min(axis=1) <= h, axis=1)
    e0, e1, e2 = v1 - v0, v2 - v1, v0 - v2
    n = np.cross(e0, e1)
    ok &= np.abs(np.einsum("ij,ij->i", n, v0)) <= np.abs(n) @ h + 1e-12
    for e in (e0, e1, e2):
        for ax in range(3):
            u = np.zeros(3)
            u[ax] = 1.0
            a = np.cross(u, e)
            p0 = np.einsum("ij,ij->i", a, v0)
            p1 = np.einsum("ij,ij->i", a, v1)
            p2 = np.einsum("ij,ij->i", a, v2)
            r = np.abs(a) @ h
            ok &= ~((np.minimum(np.minimum(p0, p1), p2) > r) | (np.maximum(np.maximum(p0, p1), p2) < -r))
    return ok


def slice_segments(t, z):
    """Segments (k, 2, 2) where the plane at z cuts the triangles (z never on a vertex)."""
    zs = t[:, :, 2]
    t = t[(zs.min(axis=1) < z) & (zs.max(axis=1) > z)]
    if not len(t):
        return np.zeros((0, 2, 2))
    pts = []
    for i, j in ((0, 1), (1, 2), (2, 0)):
        za, zb = t[:, i, 2], t[:, j, 2]
        cr = (za - z) * (zb - z) < 0
        s = np.where(cr, (z - za) / np.where(cr, zb - za, 1.0), 0.0)
        p = t[:, i, :2] + s[:, None] * (t[:, j, :2] - t[:, i, :2])
        pts.append((cr, p))
    out = np.zeros((len(t), 2, 2))
    k = np.zeros(len(t), int)
    for cr, p in pts:
        for idx in np.nonzero(cr)[0]:
            if k[idx] < 2:
                out[idx, k[idx]] = p[idx]
                k[idx] += 1
    return out[k == 2]


def seg_dist(seg, q):
    a, b = seg[:, 0] - q, seg[:, 1] - q
    d = b - a
    L = np.einsum("ij,ij->i", d, d)
    s = np.clip(-np.einsum("ij,ij->i", a, d) / np.where(L > 0, L, 1.0), 0.0, 1.0)
    p = a + s[:, None] * d
    return np.sqrt(np.einsum("ij,ij->i", p, p))


def zgrid(n):
    return 0.005 + STEP * n


# ---------------------------------------------------------------- board
class Part:
    pass


def read_board(pcb):
    mm = pcbnew.ToMM
    board = pcbnew.LoadBoard(pcb)
    bb = board.GetBoardEdgesBoundingBox()
    x0, y0 = mm(bb.GetX()), mm(bb.GetY())
    W, H = mm(bb.GetWidth()), mm(bb.GetHeight())
    pcb_t = mm(board.GetDesignSettings().GetBoardThickness())
    parts = []
    for fp in board.GetFootprints():
        p = Part()
        p.ref = fp.GetReference()
        p.fp = str(fp.GetFPID().GetLibItemName())
        p.lib = str(fp.GetFPID().GetLibNickname())
        p.back = fp.GetLayer() == pcbnew.B_Cu
        pts = []
        for g in fp.GraphicalItems():
            if g.GetLayer() in (pcbnew.F_CrtYd, pcbnew.B_CrtYd):
                if g.GetShape() == pcbnew.SHAPE_T_SEGMENT:
                    pts += [(mm(g.GetStart().x) - x0, mm(g.GetStart().y) - y0), (mm(g.GetEnd().x) - x0, mm(g.GetEnd().y) - y0)]
                elif g.GetShape() == pcbnew.SHAPE_T_POLY:
                    pts += [(mm(q.x) - x0, mm(q.y) - y0) for q in g.GetPolyPoints()]
                else:
                    b = g.GetBoundingBox()
                    pts += [(mm(b.GetX()) - x0, mm(b.GetY()) - y0), (mm(b.GetRight()) - x0, mm(b.GetBottom()) - y0)]
        if not pts:
            b = fp.GetBoundingBox(False, False)
            pts = [(mm(b.GetX()) - x0, mm(b.GetY()) - y0), (mm(b.GetRight()) - x0, mm(b.GetBottom()) - y0)]
        p.pts = pts
        p.rect = (min(q[0] for q in pts), min(q[1] for q in pts), max(q[0] for q in pts), max(q[1] for q in pts))
        p.pads = []
        for pad in fp.Pads():
            b = pad.GetBoundingBox()
            p.pads.append(((mm(pad.GetPosition().x) - x0, mm(pad.GetPosition().y) - y0),
                           (mm(b.GetX()) - x0, mm(b.GetY()) - y0, mm(b.GetRight()) - x0, mm(b.GetBottom()) - y0),
                           pad.GetAttribute() == pcbnew.PAD_ATTRIB_PTH, pad.GetNumber()))
        cp = [q for q in p.pads if q[3] != ""] or p.pads
        p.cx = sum(q[0][0] for q in cp) / len(cp) if cp else (p.rect[0] + p.rect[2]) / 2
        p.cy = sum(q[0][1] for q in cp) / len(cp) if cp else (p.rect[1] + p.rect[3]) / 2
        parts.append(p)
    return W, H, pcb_t, parts


def is_button(p):
    """A push button: an SW ref that is not the power slide switch."""
    return re.match(r"SW\d+$", p.ref) is not None and "SPDT" not in p.fp.upper() and "SLIDE" not in p.fp.upper()


def edge_side(p, W, H):
    """The board edge a connector or switch (not a button) sits at, within
    EDGE_NEAR: it needs an opening in that wall. None for any other part."""
    if not re.match(r"(J|SW)\d+$", p.ref) or is_button(p) or p.h <= 0:
        return None
    d = {"left": p.rect[0], "right": W - p.rect[2], "top": p.rect[1], "bottom": H - p.rect[3]}
    side = min(d, key=d.get)
    return side if d[side] <= EDGE_NEAR else None


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    pictures = "--no-pictures" not in sys.argv
    if len(args) != 3:
        sys.exit(__doc__)
    pcb, heights_csv, cdir = args
    W, H, PCB_T, parts = read_board(pcb)
    heights = {}
    with open(heights_csv, newline="") as f:
        for row in csv.DictReader(f):
            heights[row["footprint"].strip()] = float(row["height_mm"])
    missing = sorted({p.fp for p in parts if p.fp not in heights})
    check("height row for every footprint on the board (%d footprints, %d names)"
          % (len(parts), len({p.fp for p in parts})), not missing,
          "no height for %s" % ", ".join("%s (%s)" % (fp, " ".join(sorted(p.ref for p in parts if p.fp == fp))[:60])
                                        for fp in missing))
    for p in parts:
        p.h = heights.get(p.fp, 0.0)
    unused = sorted(set(heights) - {p.fp for p in parts})
    print("info: %d table rows not used by this board (the other revision's parts): %s"
          % (len(unused), " ".join(unused)[:300]))

    def sy(y):
        return H - y

    # ---- meshes
    names = {k: os.path.join(cdir, "case-%s.stl" % k) for k in ("front", "back", "cap", "door")}
    for k, path in names.items():
        if not os.path.exists(path):
            check("%s exists" % path, False, "missing")
            continue
        out = subprocess.run(["admesh", path], capture_output=True, text=True, timeout=300).stdout

        def num(label):
            m = re.search(label + r"\s*:\s*([\d.]+)", out)
            return float(m.group(1)) if m else -1
        ok = (num("Number of parts") == 1 and num("Total disconnected facets") == 0 and
              num("Edges fixed") == 0 and num("Facets removed") == 0 and num("Facets added") == 0 and
              num("Volume") > 0)
        check("%s is one closed solid (admesh: %d part, volume %.0f mm3)" % (path, num("Number of parts"), num("Volume")),
              ok, "admesh reports a damaged mesh")
        # manifold: every edge shared by exactly two facets (admesh joins
        # near vertices first, so it can call a mesh closed that a slicer repairs)
        tri = load_stl(path)
        v = np.round(tri.reshape(-1, 3), 4)
        _u, idx = np.unique(v, axis=0, return_inverse=True)
        idx = idx.reshape(-1, 3)
        e = np.sort(np.concatenate([idx[:, [0, 1]], idx[:, [1, 2]], idx[:, [2, 0]]]), axis=1)
        _e, counts = np.unique(e, axis=0, return_counts=True)
        odd = int((counts != 2).sum())
        check("%s is manifold: each of its %d edges shared by exactly two facets" % (os.path.basename(path), len(counts)),
              odd == 0, "%d edges are not" % odd)
    if not all(os.path.exists(p) for p in names.values()):
        print("case checks: %d failed" % len(fails))
        sys.exit(1)
    front = Mesh(load_stl(names["front"]), "front")
    back = Mesh(load_stl(names["back"]), "back")
    cap_t = load_stl(names["cap"])
    # the cap is printed top face down: turn it over (180 degrees about x), axis on z
    c0 = (cap_t.min(axis=(0, 1)) + cap_t.max(axis=(0, 1))) / 2
    cap_t = cap_t - np.array([c0[0], c0[1], 0.0])
    cap_t = cap_t * np.array([1.0, -1.0, -1.0])
    cap_t[:, :, 2] -= cap_t[:, :, 2].min()
    cap = Mesh(cap_t, "cap")
    cap_h = cap_t[:, :, 2].max()
    # the door, closed: as printed it lies inner face down; closed, its outer face is the
    # case's back face, its centre on the holder's courtyard centre, its long side along
    # the holder's (gen_case.py's placement); the floor's thickness is measured here
    case = [front, back]
    door_t = load_stl(names["door"])
    z_bf = float(back.t[:, :, 2].min())
    cand = []
    for gx in np.linspace(0.1, 0.9, 9):
        for gy in np.linspace(0.1, 0.9, 9):
            z = back.ray_z(gx * W, gy * H)
            if len(z) >= 2 and abs(z[0] - z_bf) < 0.01:
                cand.append(round(z[1] - z[0], 2))
    t_floor = max(set(cand), key=cand.count) if cand else None
    bts = [p for p in parts if re.match(r"BT\d+$", p.ref) and p.back]
    if bts and t_floor and len(door_t) > 12:
        bt = bts[0]
        c0 = (door_t.min(axis=(0, 1)) + door_t.max(axis=(0, 1))) / 2
        d = door_t - np.array([c0[0], c0[1], 0.0])
        d = d * np.array([1.0, -1.0, -1.0])          # turned over: z = -z_print
        d[:, :, 2] += z_bf + t_floor                 # inner face (z_print 0) on the floor's inner face
        if (bt.rect[2] - bt.rect[0]) < (bt.rect[3] - bt.rect[1]):
            d = d[:, :, [1, 0, 2]] * np.array([-1.0, 1.0, 1.0])
        d += np.array([(bt.rect[0] + bt.rect[2]) / 2, H - (bt.rect[1] + bt.rect[3]) / 2, 0.0])
        case.append(Mesh(d, "door"))
        proud = z_bf - float(d[:, :, 2].min())
        check("the closed door flush with the back: nothing of it below the back face (%.2f mm)" % max(proud, 0.0),
              proud <= 0.01, "it stands %.2f mm proud: the console would rock on a table" % proud)
        print("info: back floor %.2f mm; the door closed in it over %s" % (t_floor, bt.ref))

    buttons = sorted([p for p in parts if is_button(p) and not p.back], key=lambda p: p.ref)
    plunger = {p.ref: p.h for p in buttons}
    print("info: buttons %s; button footprints: %s" % (" ".join(p.ref for p in buttons), " ".join(sorted({p.fp for p in buttons}))))
    deep = [p for p in parts if p.back and p.h > 0]
    if deep:
        d = max(deep, key=lambda p: p.h)
        print("info: tallest back-side part: %s %s %.2f mm" % (d.ref, d.fp, d.h))

    # ---- every part clear of the case at its height + CLEAR
    def footprint_rects(p):
        """The courtyard's box inside the board outline, plus one box per edge it
        crosses, only as wide as the courtyard's corners beyond that edge (a lever)."""
        x0, y0, x1, y1 = p.rect
        rects = [(max(x0, 0.0), max(y0, 0.0), min(x1, W), min(y1, H))]
        for side, beyond in (("left", [q for q in p.pts if q[0] < 0]), ("right", [q for q in p.pts if q[0] > W]),
                             ("top", [q for q in p.pts if q[1] < 0]), ("bottom", [q for q in p.pts if q[1] > H])):
            if not beyond:
                continue
            if side in ("left", "right"):
                ya, yb = min(q[1] for q in beyond), max(q[1] for q in beyond)
                rects.append((x0, ya, 0.0, yb) if side == "left" else (W, ya, x1, yb))
            else:
                xa, xb = min(q[0] for q in beyond), max(q[0] for q in beyond)
                rects.append((xa, y0, xb, 0.0) if side == "top" else (xa, H, xb, y1))
        return [r for r in rects if r[2] > r[0] and r[3] > r[1]]

    boxes = []      # (part, lo, hi, label)
    for p in parts:
        if p.fp.startswith("MountingHole"):
            continue
        for (rx0, ry0, rx1, ry1) in footprint_rects(p):
            X0, X1, Y0, Y1 = rx0, rx1, sy(ry1), sy(ry0)
            if p.back:
                boxes.append((p, (X0, Y0, -PCB_T - p.h - CLEAR), (X1, Y1, -PCB_T - 0.01), "body"))
            else:
                boxes.append((p, (X0, Y0, 0.01), (X1, Y1, p.h + CLEAR), "body"))
        if p.h > 0:
            for (_, pr, pth, _) in p.pads:
                if pth:
                    lo = (pr[0], sy(pr[3]), 0.01 if p.back else -PCB_T - LEAD - CLEAR)
                    hi = (pr[2], sy(pr[1]), LEAD + CLEAR if p.back else -PCB_T - 0.01)
                    boxes.append((p, lo, hi, "leads"))
    hit = []
    for p, lo, hi, what in boxes:
        for m in case:
            if m.hits_box(lo, hi):
                hit.append("%s (%s, %.2f mm%s) hits the %s part" % (p.ref, p.fp, p.h, "" if what == "body" else ", its leads", m.name))
                break
    hit = sorted(set(hit))
    check("every part at its table height + %.1f mm clear of the front and back parts (%d boxes)" % (CLEAR, len(boxes)),
          not hit, "; ".join(hit[:8]) + (" ... %d in all" % len(hit) if len(hit) > 8 else ""))

    def vclear(p, meshes, hmax=40.0):
        """Largest t such that the part's box up to p.h + t touches nothing."""
        rects = [(r[0], sy(r[3]), r[2], sy(r[1])) for r in footprint_rects(p)]

        def free(t):
            for X0, Y0, X1, Y1 in rects:
                if p.back:
                    lo, hi = (X0, Y0, -PCB_T - p.h - t), (X1, Y1, -PCB_T - 0.01)
                else:
                    lo, hi = (X0, Y0, 0.01), (X1, Y1, p.h + t)
                if any(m.hits_box(lo, hi) for m in meshes):
                    return False
            return True
        if not free(-p.h + 0.02 if p.h > 0.03 else 0.0):
            return -p.h
        a, b = -p.h + 0.02, hmax
        if free(b):
            return b
        for _ in range(30):
            mid = (a + b) / 2
            a, b = (mid, b) if free(mid) else (a, mid)
        return a

    # ---- caps
    # the plate near each button: free radius F(z) on the grid z = 0.005 + 0.01 n
    cap_r = {}
    n_cap = int(cap_h / STEP) + 1
    for k in range(n_cap):
        seg = slice_segments(cap.t, zgrid(k))
        cap_r[k] = np.sqrt((seg.reshape(-1, 2) ** 2).sum(axis=1)).max() if len(seg) else 0.0
    R = np.array([cap_r[k] for k in range(n_cap)])
    k_out = [k for k in range(n_cap) if R[k] > PLUNGER_D / 2]
    body_travel = zgrid(k_out[0]) - STEP / 2 if k_out else 99.0
    results = []
    for p in buttons:
        X, Y = p.cx, sy(p.cy)
        top = plunger[p.ref]
        n0 = int(round(top / STEP))
        lo_n, hi_n = n0 - 300, n0 + n_cap + 200
        near = Mesh(front.t[front.near((X - 15, Y - 15, -1e9), (X + 15, Y + 15, 1e9))], "front")
        F = np.full(hi_n - lo_n, np.inf)
        q = np.array([X, Y])
        for n in range(lo_n, hi_n):
            seg = slice_segments(near.t, zgrid(n))
            if len(seg):
                F[n - lo_n] = seg_dist(seg, q).min()

        def collides(m):       # cap bottom at top + m * STEP
            i = n0 + m - lo_n
            return bool(np.any(R > F[i:i + n_cap] + 1e-3))
        rest_ok = not collides(0)
        lift = None
        if rest_ok:
            m = 0
            while m < 100 and not collides(m + 1):
                m += 1
            lift = m * STEP
        else:
            m = 0
            while m > -200 and collides(m):
                m -= 1
            lift = m * STEP
        # free travel downwards: the plate, the switch's own body (everything outside
        # the plunger counts as 'the body top at the plunger height'), other parts
        m = 0
        while m > -300 and not collides(m - 1):
            m -= 1
        t_plate = -m * STEP
        others = [(lo, hi) for (o, lo, hi, w) in boxes if o is not p and w == "body"]

        def parts_free(d):
            cm = cap.moved(X, Y, top - d)
            for lo, hi in others:
                hi2 = (hi[0], hi[1], hi[2] - CLEAR if hi[2] > 0 else hi[2])
                if cm.hits_box(lo, hi2):
                    return False
            return True
        t_parts, d = 0.0, 0.0
        while d < min(t_plate, body_travel, 3.0) + 0.05:
            if not parts_free(d + 0.05):
                break
            d += 0.05
        t_parts = d if d < min(t_plate, body_travel, 3.0) else 99.0
        travel = min(t_plate, body_travel, t_parts)
        # stem to hole, in the bore (where the plate's free radius is that at its top face)
        plate_top = float(near.t[:, :, 2].max())
        n_top = int((plate_top - 0.005) / STEP) - 1
        f_top = F[n_top - lo_n]
        # the stem: where the cap's radius is the one it has at the plate's top face
        r_stem = R[n_top - n0] if 0 <= n_top - n0 < n_cap else np.inf
        radial = np.inf
        for n in range(n0, n0 + n_cap):
            if n - lo_n >= len(F) or not np.isfinite(F[n - lo_n]):
                continue
            if F[n - lo_n] <= f_top + 0.02 and zgrid(n) <= plate_top and abs(R[n - n0] - r_stem) < 0.01:
                radial = min(radial, F[n - lo_n] - R[n - n0])
        proud = top + cap_h - plate_top
        results.append((p, lift, rest_ok, travel, radial, proud, t_plate, body_travel, t_parts))
    for p, lift, rest_ok, travel, radial, proud, t_plate, t_body, t_parts in results:
        check("%s cap on its plunger (%.2f mm): stem bottom %.2f mm above the plunger top when lifted to the plate"
              % (p.ref, plunger[p.ref], lift), rest_ok and 0 <= lift <= LIFT_MAX + 1e-6,
              ("interference: the plate holds the cap %.2f mm below the plunger top" % -lift) if not rest_ok
              else "not captured within %.1f mm (rises %.2f)" % (LIFT_MAX, lift))
        check("%s cap: stem %.2f mm radial clearance in the plate hole (>= %.1f)" % (p.ref, radial, RADIAL),
              np.isfinite(radial) and radial >= RADIAL - 1e-6, "too tight" if np.isfinite(radial) else "no stem in a plate hole")
        check("%s cap: top %.2f mm proud of the plate (>= %.1f)" % (p.ref, proud, PROUD), proud >= PROUD - 1e-6, "too low")
        check("%s cap: moves %.2f mm down before anything but the plunger stops it (>= %.1f; plate %.2f, switch body %.2f, other parts %s)"
              % (p.ref, travel, TRAVEL, t_plate, t_body, ("%.2f" % t_parts) if t_parts < 99 else "none"),
              travel >= TRAVEL - 1e-6, "stopped early")

    # ---- openings
    leds = [p for p in parts if re.match(r"LED[RG]?\d\d$", p.ref) or re.match(r"D[RG]\d\d$", p.ref)]
    covered = [p.ref for p in leds + buttons if front.ray_z(p.cx, sy(p.cy))]
    check("front openings over all %d LEDs and %d buttons (no plate or baffle above their centres)" % (len(leds), len(buttons)),
          not covered and len(leds) in (64, 128), ("covered: %s" % " ".join(covered[:10])) if covered else "%d LEDs" % len(leds))
    for p in [q for q in parts if re.match(r"BZ\d+$", q.ref)]:
        m = back if p.back else front
        xs = np.arange(p.rect[0] + 1.0, p.rect[2] - 1.0, 0.25)
        ys = np.arange(p.rect[1] + 1.0, p.rect[3] - 1.0, 0.25)
        n_open = sum(1 for x in xs for y in ys if not m.ray_z(x, sy(y)))
        frac = n_open / max(1, len(xs) * len(ys))
        check("sound grid over %s (%s): %.0f %% of its top open in the %s part (>= 10 %%)" % (p.ref, p.fp, 100 * frac, m.name),
              frac >= 0.10, "closed")
    for p in [q for q in parts if re.match(r"BT\d+$", q.ref) and q.back]:
        pts = [q[0] for q in p.pads if q[3] != ""] + [((p.rect[0] + p.rect[2]) / 2, (p.rect[1] + p.rect[3]) / 2)]
        shut = [pt for pt in pts if back.ray_z(pt[0], sy(pt[1]))]
        check("battery door opening over %s (its contacts and centre; the door is case-door.stl)" % p.ref, not shut,
              "back floor over %s" % shut)
    for p in parts:
        side = edge_side(p, W, H)
        if side is None:
            continue
        along = 1 if side in ("left", "right") else 0
        outv = {"left": lambda q: -q[0], "right": lambda q: q[0] - W, "top": lambda q: -q[1], "bottom": lambda q: q[1] - H}[side]
        beyond = [q[along] for q in p.pts if outv(q) > 0.0]
        a0, a1 = (min(beyond), max(beyond)) if beyond else ((p.rect[1], p.rect[3]) if along else (p.rect[0], p.rect[2]))
        zc = -PCB_T - p.h / 2 if p.back else p.h / 2
        if p.lib == "Connector_USB" or "USB" in p.fp:
            pw, ph = USB_C_PLUG if "USB_C" in p.fp else USB_PLUG
            mid = (a0 + a1) / 2
            a0, a1, z0, z1 = mid - pw / 2, mid + pw / 2, zc - ph / 2, zc + ph / 2
            what = "a %.1f x %.1f mm plug overmould" % (pw, ph)
        else:
            z0, z1 = (-PCB_T - p.h, -PCB_T - 0.01) if p.back else (0.01, p.h)
            what = "the part"
        far = 10.0
        if side == "right":
            lo, hi = (W + 0.01, sy(a1), z0), (W + far, sy(a0), z1)
        elif side == "left":
            lo, hi = (-far, sy(a1), z0), (-0.01, sy(a0), z1)
        elif side == "top":
            lo, hi = (a0, H + 0.01, z0), (a1, H + far, z1)
        else:
            lo, hi = (a0, -far, z0), (a1, -0.01, z1)
        blocked = [m.name for m in case if m.hits_box(lo, hi)]
        check("wall opening at the %s edge for %s (%s): %s passes out through the wall (%.1f mm wide, z %.1f..%.1f)"
              % (side, p.ref, p.fp, what, a1 - a0, z0, z1), not blocked, "blocked by the %s part" % " and ".join(blocked))

    # ---- screws
    st = open(os.path.join(cdir, "stack.txt")).read() if os.path.exists(os.path.join(cdir, "stack.txt")) else ""
    m = re.search(r"M3 x (\d+)", st)
    L = int(m.group(1)) if m else None
    holes = sorted([p for p in parts if p.fp.startswith("MountingHole")], key=lambda p: p.ref)
    bad = []
    engage = []
    for hp in holes:
        X, Y = hp.cx, sy(hp.cy)
        fz = [z for z in front.ray_z(X, Y) if z > 0]
        bz = back.ray_z(X + 2.4, Y)
        if back.ray_z(X, Y):
            bad.append("%s: no clearance hole in the back" % hp.ref)
            continue
        if not fz:
            bad.append("%s: no blind pilot in the front" % hp.ref)
            continue
        if not bz:
            bad.append("%s: no web for the head in the back" % hp.ref)
            continue
        head, pilot_end = bz[0], fz[0]
        web_top = bz[1] if len(bz) > 1 else head
        if L is None:
            bad.append("no screw length in stack.txt")
            break
        tip = head + L
        engage.append(tip)
        if tip < MIN_ENGAGE:
            bad.append("%s: M3 x %d reaches %.1f mm into the front boss (< %.1f)" % (hp.ref, L, tip, MIN_ENGAGE))
        if tip > pilot_end - 0.2:
            bad.append("%s: M3 x %d bottoms in the %.1f mm pilot (tip at %.1f)" % (hp.ref, L, pilot_end, tip))
        if abs(web_top + PCB_T) > 0.05:
            bad.append("%s: the back boss's web ends at %.2f, not under the board (%.2f)" % (hp.ref, web_top, -PCB_T))
    check("screws: %d x M3 x %s from the back (head on the boss's web, %.1f..%.1f mm into the front pilot)"
          % (len(holes), L, min(engage or [0]), max(engage or [0])), not bad and len(holes) >= 4 and L is not None,
          "; ".join(bad) or "fewer than 4 holes")

    # ---- the clearances, measured
    top_parts = [p for p in parts if not p.back and not is_button(p) and not p.fp.startswith("MountingHole") and p.h > 0]
    tallest = max(top_parts, key=lambda p: p.h) if top_parts else None
    worst = None
    for p in top_parts + [q for q in parts if q.back and q.h > 0]:
        c = vclear(p, case)
        if worst is None or c < worst[1]:
            worst = (p, c)
    tc = vclear(tallest, case) if tallest else float("nan")
    btn = min([r[3] for r in results] or [float("nan")])
    rad = min([r[4] for r in results] or [float("nan")])
    print("clearance at the buttons %.2f mm (cap travel before anything but the plunger; stems %.2f mm radial), "
          "at the tallest part (%s, %s, %.2f mm) %.2f mm, screws M3 x %s"
          % (btn, rad, tallest.ref if tallest else "-", tallest.fp if tallest else "-", tallest.h if tallest else 0, tc, L))
    if worst:
        print("smallest part clearance: %s (%s, %.2f mm, %s side) %.2f mm"
              % (worst[0].ref, worst[0].fp, worst[0].h, "back" if worst[0].back else "top", worst[1]))

    if pictures:
        sections(cdir, W, H, PCB_T, parts, buttons, holes, tallest, front, back, cap, cap_h, plunger,
                 next((m for m in case if m.name == "door"), None))
    print("case checks: %d failed" % len(fails))
    sys.exit(1 if fails else 0)


# ---------------------------------------------------------------- pictures
def fill_even_odd(seg, x0, z1, s, wp, hp):
    """Raster of the closed outlines made by the (k, 2, 2) segments in (x, z)."""
    mask = np.zeros((hp, wp), bool)
    if not len(seg):
        return mask
    xa, za, xb, zb = seg[:, 0, 0], seg[:, 0, 1], seg[:, 1, 0], seg[:, 1, 1]
    cols = x0 + (np.arange(wp) + 0.5) / s
    for r in range(hp):
        z = z1 - (r + 0.5) / s
        m = (za - z) * (zb - z) < 0
        if not m.any():
            continue
        x = np.sort(xa[m] + (z - za[m]) / (zb[m] - za[m]) * (xb[m] - xa[m]))
        for i in range(0, len(x) - 1, 2):
            mask[r] |= (cols >= x[i]) & (cols <= x[i + 1])
    return mask


def section_png(path, title, Y, x0, x1, z0, z1, solids, boxes, notes, axis="y"):
    """solids: (Mesh, rgb); boxes: (x0, x1, za, zb, rgb, label). A cut at y = Y seen from
    the front edge, or (axis "x") at x = Y seen from the right edge (horizontal: Y)."""
    from PIL import Image, ImageDraw, ImageFont
    s = min(30.0, 1700.0 / (x1 - x0))
    wp, hp = int((x1 - x0) * s), int((z1 - z0) * s)
    ml, mt, mb = 70, 40, 30 + 18 * len(notes)
    img = Image.new("RGB", (max(wp + ml + 20, 1250), hp + mt + mb), (255, 255, 255))
    px = np.array(img)
    Yc = Y + 0.013          # off every vertex of the meshes
    k = 0 if axis == "x" else 1
    for mesh, rgb in solids:
        t = mesh.t[(mesh.lo[:, k] <= Yc) & (mesh.hi[:, k] >= Yc)]
        seg = slice_segments(t[:, :, [1 - k, 2, k]], Yc)
        mask = fill_even_odd(seg, x0, z1, s, wp, hp)
        px[mt:mt + hp, ml:ml + wp][mask] = rgb
    img = Image.fromarray(px)
    d = ImageDraw.Draw(img, "RGBA")
    try:
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 14)
        small = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 11)
    except OSError:
        font = small = ImageFont.load_default()

    def P(x, z):
        return (ml + (x - x0) * s, mt + (z1 - z) * s)
    for bx0, bx1, za, zb, rgb, label in boxes:
        a, b = P(max(bx0, x0), zb), P(min(bx1, x1), za)
        if b[0] <= a[0]:
            continue
        d.rectangle([a, b], fill=rgb + (90,), outline=rgb + (255,))
        if label:
            d.text((a[0] + 2, a[1] - 13), label, fill=(120, 0, 0), font=small)
    for k in range(int(math.floor(z0)), int(math.ceil(z1)) + 1):
        yk = P(x0, k)[1]
        if mt <= yk <= mt + hp:
            d.line([(ml - (10 if k % 5 == 0 else 4), yk), (ml, yk)], fill=(0, 0, 0))
            if k % 5 == 0:
                d.text((4, yk - 7), "z %d" % k, fill=(0, 0, 0), font=small)
    for k in range(int(math.ceil(x0)), int(math.floor(x1)) + 1):
        xk = P(k, z0)[0]
        d.line([(xk, mt + hp), (xk, mt + hp + (8 if k % 5 == 0 else 3))], fill=(0, 0, 0))
    d.text((ml, 8), title, fill=(0, 0, 0), font=font)
    for i, n in enumerate(notes):
        d.text((ml, mt + hp + 12 + 18 * i), n, fill=(0, 0, 0), font=small)
    img.save(path)


def sections(cdir, W, H, PCB_T, parts, buttons, holes, tallest, front, back, cap, cap_h, plunger, door):
    """Section PNGs of the assembled case (front, back, caps on their plungers, the
    board, every part as its box at its table height) at planes y = const."""
    import importlib.util
    if importlib.util.find_spec("PIL") is None:
        print("info: no python3-pil: no section pictures")
        return

    def sy(y):
        return H - y
    zlo = min(back.t[:, :, 2].min(), -PCB_T) - 1.0
    zhi = front.t[:, :, 2].max() + cap_h * 0.3 + 2.0
    caps = [cap.moved(b.cx, sy(b.cy), plunger[b.ref]) for b in buttons]
    views = []
    if buttons:
        best = max(buttons, key=lambda b: sum(1 for o in buttons if abs(o.cy - b.cy) < 0.3))
        row = [b for b in buttons if abs(b.cy - best.cy) < 0.3]
        views.append(("buttons", best.cy, min(b.cx for b in row) - 10, max(b.cx for b in row) + 10,
                      "button row at board y %.2f: %s (caps on their plungers)" % (best.cy, " ".join(b.ref for b in row))))
    if tallest:
        ty = (tallest.rect[1] + tallest.rect[3]) / 2
        views.append(("tallest", ty, (tallest.rect[0] + tallest.rect[2]) / 2 - 20, (tallest.rect[0] + tallest.rect[2]) / 2 + 20,
                      "tallest part under the plate: %s %s %.2f mm, board y %.2f" % (tallest.ref, tallest.fp, tallest.h, ty)))
    if holes:
        bt = [p for p in parts if re.match(r"BT\d+$", p.ref) and p.back]
        h0 = holes[0]
        if bt:
            r = bt[0].rect
            h0 = min(holes, key=lambda h: min(abs(h.cy - r[1]), abs(h.cy - r[3])))
        views.append(("screw", h0.cy, h0.cx - 12, h0.cx + 12, "screw boss %s, board y %.2f" % (h0.ref, h0.cy)))
    for p in parts:
        if re.match(r"BT\d+$", p.ref) and p.back:
            yb = (p.rect[1] + p.rect[3]) / 2
            views.append(("battery", yb, p.rect[0] - 8, p.rect[2] + 8,
                          "battery holder %s and the closed door, board y %.2f" % (p.ref, yb)))
            break
    # edge connectors and switches: a cut across their edge, through the wall opening
    for p in parts:
        side = edge_side(p, W, H)
        if side is None:
            continue
        cx, cy = (p.rect[0] + p.rect[2]) / 2, (p.rect[1] + p.rect[3]) / 2
        if side in ("top", "bottom"):
            yy = sy(H if side == "bottom" else 0.0)
            views.append(("edge-" + p.ref, ("x", cx), yy - 18, yy + 18,
                          "%s %s at the %s edge: cut at board x %.2f through its wall opening" % (p.ref, p.fp, side, cx)))
        else:
            xx = W if side == "right" else 0.0
            views.append(("edge-" + p.ref, cy, xx - 18, xx + 18,
                          "%s %s at the %s edge: cut at board y %.2f through its wall opening" % (p.ref, p.fp, side, cy)))
    board = Mesh(np.array([[[0, 0, -PCB_T], [W, 0, -PCB_T], [W, H, -PCB_T]], [[0, 0, -PCB_T], [W, H, -PCB_T], [0, H, -PCB_T]],
                           [[0, 0, 0], [W, H, 0], [W, 0, 0]], [[0, 0, 0], [0, H, 0], [W, H, 0]],
                           [[0, 0, -PCB_T], [0, 0, 0], [W, 0, 0]], [[0, 0, -PCB_T], [W, 0, 0], [W, 0, -PCB_T]],
                           [[0, H, -PCB_T], [W, H, 0], [0, H, 0]], [[0, H, -PCB_T], [W, H, -PCB_T], [W, H, 0]],
                           [[0, 0, -PCB_T], [0, H, 0], [0, 0, 0]], [[0, 0, -PCB_T], [0, H, -PCB_T], [0, H, 0]],
                           [[W, 0, -PCB_T], [W, 0, 0], [W, H, 0]], [[W, 0, -PCB_T], [W, H, 0], [W, H, -PCB_T]]], float), "board")
    for name, plane, x0, x1, title in views:
        axis, v = plane if isinstance(plane, tuple) else ("y", plane)
        if axis == "y":
            x0, x1 = max(x0, -4.0), min(x1, W + 4.0)
            Y = sy(v)
            inplane = [p for p in parts if p.rect[1] <= v <= p.rect[3]]
            span = [(p, p.rect[0], p.rect[2]) for p in inplane]
        else:
            x0, x1 = max(x0, -4.0), min(x1, H + 4.0)
            Y = v
            inplane = [p for p in parts if p.rect[0] <= v <= p.rect[2]]
            span = [(p, sy(p.rect[3]), sy(p.rect[1])) for p in inplane]
        boxes = []
        for p, a, b in span:
            if p.fp.startswith("MountingHole") or p.h <= 0:
                continue
            za, zb = (-PCB_T - p.h, -PCB_T) if p.back else (0.0, p.h)
            col = (230, 120, 0) if is_button(p) else (210, 0, 0)
            lab = p.ref if (is_button(p) or p is tallest or p.back or p.h >= 2.5 or name.startswith("edge")) else ""
            boxes.append((a, b, za, zb, col, lab))
        solids = [(back, (120, 120, 120)), (front, (170, 170, 170))] + [(c, (40, 90, 220)) for c in caps] + \
                 [(board, (30, 140, 60))] + ([(door, (150, 100, 60))] if door else [])
        where = ("board y %.2f (OpenSCAD Y %.2f), seen from the front edge" % (v, Y)) if axis == "y" else \
                ("board x %.2f, seen from the right edge, OpenSCAD Y left to right" % v)
        notes = ["cut at %s; ticks 1 mm; light grey front, dark grey back, brown door, blue caps, green board," % where,
                 "red boxes: parts (courtyard x table height; orange: switches)"]
        png = os.path.join(cdir, "section-%s.png" % name)
        section_png(png, title, Y, x0, x1, zlo, zhi, solids, boxes, notes, axis)
        print("info: section picture %s (%s)" % (png, title))

if __name__ == "__main__":
    main()
