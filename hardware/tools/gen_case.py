#!/usr/bin/python3
"""OpenSCAD case of the jarmo-handheld, from the board file itself.

    /usr/bin/python3 hardware/tools/gen_case.py BOARD.kicad_pcb HEIGHTS.csv LINKS_TXT OUT.scad [OPENINGS.csv]

Reads from the KiCad board (never typed twice): the outline (Edge.Cuts),
every footprint's courtyard, side and pads, the LEDs of the 8 x 8 display
(LEDR<r><c> / LEDG<r><c> or DR<r><c> / DG<r><c>, a red and a green LED per
pixel; rev C's LED<r><c>), the buttons (SW refs other than the slide
switch), the buzzer (BZ), the connectors and switches at the board's edges
(J, SW), the back-side battery holder (BT) and the mounting holes
(MountingHole footprints). Part heights come from HEIGHTS.csv
(footprint,height_mm,source; matched by the footprint's library name). A
footprint without a row is reported here and fails tests/hardware/check_case.py;
it is placed as if it had no height, never with a made-up figure.

Writes OUT.scad with the parts selected by the variable `part`:
  "front"  front plate with the button holes (countersunk from below to
           capture the caps), a round window per pixel with light baffles
           between the pixels, the sound grid, the board's lines, walls down
           to the board top, screw bosses
  "back"   tray under the board: walls up to the board top, floor, screw
           bosses with head pockets, the battery door's opening
  "cap"    one button cap (print one per button), top face down
  "door"   the battery door (snap fit), inner face down
and stack.txt next to it: the stack, the screws, the print orientation.
LINKS_TXT (the Jarmo board's links, `make hardware`) may be missing: then the
plate has no lines. OPENINGS.csv lists the openings for a reader.

Frames: board mm with the origin at the outline's top-left corner, y down;
OpenSCAD: X = x, Y = H - y, Z up, the board's top face at Z = 0."""
import csv
import math
import os
import re
import sys

import pcbnew

CLEAR = 0.5          # every part to the case, at its declared height
WALL, WALL_GAP = 2.0, 0.3     # wall thickness, board edge to the wall's inner face
T_FRONT = 2.0        # front plate
SKIN = 1.0           # plate left over the blind pilot holes
LINE_W, LINE_D = 0.8, 0.6     # the board's lines: groove width and depth
T_BACK = 2.4         # back floor (= the battery door's thickness)
LEAD = 2.0           # through-hole leads left after trimming, on the far side [typ]
# button caps: a nub on the plunger, a column, a flange captured under the
# plate by a 45-degree cone seating in a countersink, a stem through the hole
NUB_D, NUB_H = 3.0, 1.0       # nub inside the switch's 3.5 mm plunger
PLUNGER_D = 3.5
FLANGE_T = 0.6       # the flange's vertical edge
FLANGE_OVER = 1.0    # flange radius beyond the hole (also the countersink's height)
CAP_RADIAL = 0.3     # hole radius minus stem radius
CAP_LIFT = 0.3       # how far a cap resting on its plunger can rise before it seats: more than
                     # the B3S's 0.15 mm least pretravel [ds], so a plate printed 0.2 mm low
                     # cannot hold a button down (review D8); a little rattle instead
CAP_PROUD = 1.5      # cap top above the plate's top face
STEM_D_MAX = 7.0
COL_D_MAX = 5.0
# screws: M3 from the back, through a web in the back boss and the board,
# cutting their thread in a blind pilot in the front boss
BOSS_D = 6.5         # front boss (inside the MountingHole_3.2mm_M3 courtyard, r 3.45)
PILOT_D = 2.5
BACK_BOSS_D, BACK_WEB_D = 9.0, 9.0   # the web spans the 7.0 mm head pocket (1.0 mm wall)
HEAD_D = 7.0         # ISO 7045 M3 pan head dk 5.6 max (6.0 for some makers'); FDM holes print 0.2-0.4 mm small
SCREW_D = 3.4
WEB = 2.0            # back boss web under the board: the head bears on it
MIN_ENGAGE = 4.0     # thread in the front boss at least
STD_LEN = (6, 8, 10, 12, 16, 20, 25, 30)
# display
PIX_WEB = 2.4        # plate left between two round pixel windows (the board's lines run on it)
BAFFLE_T = 1.2
# battery door (snap fit): seat tapers on all sides, four sprung detents
SEAT = 1.0           # 45-degree seat at the inner face
DOOR_C = 0.15        # door to opening clearance
BEAM_L, BEAM_W, SLOT_W = 14.0, 2.0, 1.0
BUMP, BUMP_L = 0.6, 2.0
# edge openings
EDGE_NEAR = 2.5      # a J/SW part this close to an edge gets a wall opening
USB_C_PLUG = (12.5, 7.0)      # USB-C plug overmould, width x height
USB_PLUG = (11.0, 7.0)        # other USB plugs [not read]
SOUND_D, SOUND_PITCH = 1.6, 2.5


def r2(v):
    return round(v + 1e-9, 2)


def up(v, step=0.05):
    return round(math.ceil(v / step - 1e-6) * step, 2)


def read_heights(path):
    rows = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            rows[row["footprint"].strip()] = (float(row["height_mm"]), row["source"])
    return rows


class Part:
    pass


def item_segments(g, x0, y0):
    """Courtyard item as line segments in board frame (arcs/circles by bbox)."""
    mm = pcbnew.ToMM
    s = g.GetShape()
    if s == pcbnew.SHAPE_T_SEGMENT:
        a, b = g.GetStart(), g.GetEnd()
        return [((mm(a.x) - x0, mm(a.y) - y0), (mm(b.x) - x0, mm(b.y) - y0))]
    if s == pcbnew.SHAPE_T_POLY:
        pts = [(mm(p.x) - x0, mm(p.y) - y0) for p in g.GetPolyPoints()]
        return [(pts[i], pts[(i + 1) % len(pts)]) for i in range(len(pts))]
    bb = g.GetBoundingBox()
    xa, ya, xb, yb = mm(bb.GetX()) - x0, mm(bb.GetY()) - y0, mm(bb.GetRight()) - x0, mm(bb.GetBottom()) - y0
    return [((xa, ya), (xb, ya)), ((xb, ya), (xb, yb)), ((xb, yb), (xa, yb)), ((xa, yb), (xa, ya))]


def read_board(pcb, heights):
    mm = pcbnew.ToMM
    board = pcbnew.LoadBoard(pcb)
    bb = board.GetBoardEdgesBoundingBox()
    x0, y0 = mm(bb.GetX()), mm(bb.GetY())
    W, H = mm(bb.GetWidth()), mm(bb.GetHeight())
    pcb_t = mm(board.GetDesignSettings().GetBoardThickness())
    parts, missing = [], []
    for fp in board.GetFootprints():
        p = Part()
        p.ref = fp.GetReference()
        p.fp = str(fp.GetFPID().GetLibItemName())
        p.lib = str(fp.GetFPID().GetLibNickname())
        p.back = fp.GetLayer() == pcbnew.B_Cu
        if p.fp in heights:
            p.h, p.src = heights[p.fp]
        else:
            p.h, p.src = 0.0, None
            missing.append((p.ref, p.fp))
        segs = []
        for g in fp.GraphicalItems():
            if g.GetLayer() in (pcbnew.F_CrtYd, pcbnew.B_CrtYd):
                segs += item_segments(g, x0, y0)
        if not segs:
            b = fp.GetBoundingBox(False, False)
            xa, ya, xb, yb = mm(b.GetX()) - x0, mm(b.GetY()) - y0, mm(b.GetRight()) - x0, mm(b.GetBottom()) - y0
            segs = [((xa, ya), (xb, ya)), ((xb, ya), (xb, yb)), ((xb, yb), (xa, yb)), ((xa, yb), (xa, ya))]
        p.segs = segs
        xs = [c[0] for s in segs for c in s]
        ys = [c[1] for s in segs for c in s]
        p.rect = (min(xs), min(ys), max(xs), max(ys))
        p.pads = []
        for pad in fp.Pads():
            pb = pad.GetBoundingBox()
            p.pads.append((mm(pad.GetPosition().x) - x0, mm(pad.GetPosition().y) - y0,
                           mm(pb.GetX()) - x0, mm(pb.GetY()) - y0, mm(pb.GetRight()) - x0, mm(pb.GetBottom()) - y0,
                           pad.GetAttribute() == pcbnew.PAD_ATTRIB_PTH, pad.GetNumber()))
        cp = [q for q in p.pads if q[7] != ""] or p.pads
        if cp:
            p.cx = sum(q[0] for q in cp) / len(cp)
            p.cy = sum(q[1] for q in cp) / len(cp)
        else:
            p.cx, p.cy = (p.rect[0] + p.rect[2]) / 2, (p.rect[1] + p.rect[3]) / 2
        p.tht = any(q[6] for q in p.pads)
        parts.append(p)
    return W, H, pcb_t, parts, missing


def is_button(p):
    """A push button: an SW ref that is not the power slide switch."""
    return re.match(r"SW\d+$", p.ref) is not None and "SPDT" not in p.fp.upper() and "SLIDE" not in p.fp.upper()


def edge_side(p, W, H):
    d = {"left": p.rect[0], "right": W - p.rect[2], "top": p.rect[1], "bottom": H - p.rect[3]}
    side = min(d, key=d.get)
    return side, d[side]


def overhang_extent(p, side, W, H):
    """Along-edge extent of the courtyard beyond the board edge (a lever, a
    receptacle's mouth), or of the whole courtyard when nothing crosses it."""
    along = 1 if side in ("left", "right") else 0
    out = {"left": lambda x, y: -x, "right": lambda x, y: x - W,
           "top": lambda x, y: -y, "bottom": lambda x, y: y - H}[side]
    lim = 0.0
    vals = []
    for (ax, ay), (bx, by) in p.segs:
        da, db = out(ax, ay), out(bx, by)
        if da >= lim:
            vals.append((ax, ay)[along])
        if db >= lim:
            vals.append((bx, by)[along])
        if (da - lim) * (db - lim) < 0:
            t = (lim - da) / (db - da)
            vals.append(((ax, ay)[along]) + t * ((bx, by)[along] - (ax, ay)[along]))
    if not vals:
        return (p.rect[1], p.rect[3]) if along else (p.rect[0], p.rect[2]), False
    return (min(vals), max(vals)), True


def main():
    args = sys.argv[1:]
    if len(args) < 4:
        sys.exit(__doc__)
    pcb, heights_csv, links_txt, out = args[:4]
    ocsv = args[4] if len(args) > 4 else None
    heights = read_heights(heights_csv)
    W, H, PCB_T, parts, missing = read_board(pcb, heights)
    for ref, fp in missing:
        print("gen_case: WARNING: no height for %s (footprint %s) in %s: placed as if it had none; "
              "make case-check fails until the table has its row" % (ref, fp, heights_csv))
    notes = []

    def sy(y):
        return H - y

    buttons = sorted([p for p in parts if is_button(p) and not p.back], key=lambda p: p.ref)
    holes = sorted([p for p in parts if p.fp.startswith("MountingHole")], key=lambda p: p.ref)
    leds = {}
    for p in parts:
        m = re.match(r"LED([RG]?)(\d)(\d)$", p.ref) or re.match(r"D([RG])(\d)(\d)$", p.ref)
        if m:
            leds.setdefault((int(m.group(2)), int(m.group(3))), []).append(p)
    buzzers = [p for p in parts if re.match(r"BZ\d+$", p.ref)]
    batts = [p for p in parts if re.match(r"BT\d+$", p.ref) and p.back]
    top = [p for p in parts if not p.back]
    back = [p for p in parts if p.back]

    # ---- the stack
    h_btn = max([p.h for p in buttons] or [0.0])
    if len({p.h for p in buttons}) > 1:
        notes.append("buttons of different heights (%s): the one cap fits the tallest only"
                     % ", ".join(sorted({"%s %.2f" % (p.fp, p.h) for p in buttons})))
    z_pu_btn = h_btn + NUB_H + FLANGE_T + CAP_LIFT
    under = [p for p in top if p not in buttons and p.h > 0]
    tallest = max(under, key=lambda p: p.h) if under else None
    z_parts = (tallest.h if tallest else 0.0) + CLEAR
    lead_top = [p for p in back if p.tht and p.h > 0]
    if lead_top:
        z_parts = max(z_parts, LEAD + CLEAR)
    Z_PU = up(max(z_pu_btn, z_parts))
    Z_PT = r2(Z_PU + T_FRONT)
    deep = [p for p in back if p.h > 0]
    tallest_back = max(deep, key=lambda p: p.h) if deep else None
    d_back = max([p.h + CLEAR for p in deep] + [LEAD + CLEAR if any(p.tht for p in top) else 0.0, 3.0])
    D_BACK = up(d_back)
    Z_BIN = r2(-PCB_T - D_BACK)          # the floor's inner face
    Z_BF = r2(Z_BIN - T_BACK)            # the case's back face

    # ---- caps
    if buttons:
        spacing = min([math.hypot(a.cx - b.cx, a.cy - b.cy) for a in buttons for b in buttons if a is not b] or [99.0])
        r_s = min(STEM_D_MAX / 2, (spacing - 1.0) / 2 - CAP_RADIAL - FLANGE_OVER)
        r_s = math.floor(r_s * 20) / 20
        if r_s < 2.0:
            notes.append("buttons %.1f mm apart: caps of %.1f mm are too thin" % (spacing, 2 * r_s))
        R_S = r2(r_s)
        R_H = r2(R_S + CAP_RADIAL)
        R_FL = r2(R_H + FLANGE_OVER)
        COL_D = r2(min(COL_D_MAX, 2 * R_S))
        COL_H = r2(Z_PU - CAP_LIFT - FLANGE_T - NUB_H - h_btn)
        CONE_H = r2(R_FL - R_S)
        CAP_H = r2(Z_PT + CAP_PROUD - h_btn)
    else:
        R_S = R_H = R_FL = COL_D = COL_H = CONE_H = CAP_H = 0

    # ---- screws
    pilot_top = Z_PT - SKIN
    l_max = WEB + PCB_T + pilot_top - 0.3
    l_min = WEB + PCB_T + MIN_ENGAGE
    fits = [L for L in STD_LEN if l_min <= L <= l_max]
    SCREW_L = max(fits) if fits else None
    if SCREW_L is None:
        notes.append("no standard M3 length between %.1f and %.1f mm" % (l_min, l_max))

    # ---- the cell holder's own two holes: M3 screws from the cell side, nuts
    # on the front (ISO 4032 M3: 5.5 across flats, 6.01 across corners, 2.4 high)
    bt_holes = [(q[0], q[1], p.ref) for p in batts for q in p.pads if q[7] == "" and not q[6]]
    NUT_R, NUT_H = 6.01 / 2 + 0.5, 2.4
    bt_screw_l = 6
    bt_clash = []
    for hx, hy, ref in bt_holes:
        for p in top:
            if p.h <= 0 or p in batts:
                continue
            nx = min(max(hx, p.rect[0]), p.rect[2])
            ny = min(max(hy, p.rect[1]), p.rect[3])
            if math.hypot(nx - hx, ny - hy) < NUT_R:
                bt_clash.append("%s's hole at (%.1f, %.1f) under %s" % (ref, hx, hy, p.ref))
    bt_free = [h for h in bt_holes if not any(c.startswith("%s's hole at (%.1f, %.1f)" % (h[2], h[0], h[1])) for c in bt_clash)]
    if bt_holes and not bt_free:
        notes.append("no room for the holder's nuts: " + "; ".join(bt_clash))

    # ---- display: one window per pixel, baffles between them
    pix = {k: (sum(p.cx for p in v) / len(v), sum(p.cy for p in v) / len(v)) for k, v in leds.items()}
    windows, baffles = [], []
    if len(pix) >= 4:
        d = sorted(math.hypot(a[0] - b[0], a[1] - b[1]) for a in pix.values() for b in pix.values() if a != b)
        pitch = d[0]
        side = pitch - PIX_WEB
        for k, (x, y) in sorted(pix.items()):
            windows.append((k, x, y, side))
        rows = sorted({k[0] for k in pix})
        cols = sorted({k[1] for k in pix})
        ycen = {r: sum(pix[k][1] for k in pix if k[0] == r) / sum(1 for k in pix if k[0] == r) for r in rows}
        xcen = {c: sum(pix[k][0] for k in pix if k[1] == c) / sum(1 for k in pix if k[1] == c) for c in cols}
        xs = sorted(xcen.values())
        ys = sorted(ycen.values())
        xl = [xs[0] - pitch / 2] + [(a + b) / 2 for a, b in zip(xs, xs[1:])] + [xs[-1] + pitch / 2]
        yl = [ys[0] - pitch / 2] + [(a + b) / 2 for a, b in zip(ys, ys[1:])] + [ys[-1] + pitch / 2]
        segs = []
        for x in xl:
            for ya, yb in zip(yl, yl[1:]):
                segs.append((x - BAFFLE_T / 2, ya - BAFFLE_T / 2, x + BAFFLE_T / 2, yb + BAFFLE_T / 2))
        for y in yl:
            for xa, xb in zip(xl, xl[1:]):
                segs.append((xa - BAFFLE_T / 2, y - BAFFLE_T / 2, xb + BAFFLE_T / 2, y + BAFFLE_T / 2))
        led_h = max(p.h for v in leds.values() for p in v)
        for s in segs:
            hs = [p.h for p in top if p.rect[0] < s[2] and p.rect[2] > s[0] and p.rect[1] < s[3] and p.rect[3] > s[1]]
            zb = up(max(hs + [led_h]) + CLEAR)
            if zb <= Z_PU - 0.8:
                baffles.append((s, zb))

    # ---- openings
    openings = []     # (part, ref, x, y, kind, a, b)
    for k, x, y, side in windows:
        for p in leds[k]:
            openings.append(("front", p.ref, x, y, "circle", side, side))
    for p in buttons:
        openings.append(("front", p.ref, p.cx, p.cy, "circle", 2 * R_H, 2 * R_H))
    sound = []
    for p in buzzers:
        bx, by = (p.rect[0] + p.rect[2]) / 2, (p.rect[1] + p.rect[3]) / 2
        rad = min(p.rect[2] - p.rect[0], p.rect[3] - p.rect[1]) / 2 - 1.0
        n = int(rad // SOUND_PITCH)
        for i in range(-n, n + 1):
            for j in range(-n, n + 1):
                if math.hypot(i, j) * SOUND_PITCH <= rad - SOUND_D / 2:
                    sound.append(("back" if p.back else "front", p.ref, bx + i * SOUND_PITCH, by + j * SOUND_PITCH))
        openings.append(("back" if p.back else "front", p.ref, bx, by, "grid", 2 * rad, 2 * rad))
    notches, pockets = [], []
    for p in parts:
        if not re.match(r"(J|SW)\d+$", p.ref) or is_button(p) or p.h <= 0:
            continue
        side, dist = edge_side(p, W, H)
        if dist > EDGE_NEAR:
            continue
        (a0, a1), crosses = overhang_extent(p, side, W, H)
        zc = -PCB_T - p.h / 2 if p.back else p.h / 2
        if p.lib == "Connector_USB" or "USB" in p.fp:
            pw, ph = USB_C_PLUG if "USB_C" in p.fp else USB_PLUG
            mid = (a0 + a1) / 2
            a0, a1 = min(a0 - 0.5, mid - pw / 2 - 0.3), max(a1 + 0.5, mid + pw / 2 + 0.3)
            z0, z1 = zc - ph / 2 - 0.3, zc + ph / 2 + 0.3
            what = "USB plug %.1f x %.1f" % (pw, ph)
        else:
            a0, a1 = a0 - 1.0, a1 + 1.0
            z0, z1 = (-PCB_T - p.h - 1.0, -PCB_T) if p.back else (0.0, p.h + 1.0)
            what = "part"
            if "SPDT" in p.fp or "Slide" in p.fp:
                pockets.append((side, a0 - 3.0, a1 + 3.0, min(z0, 0.0) - 1.5, z1 + 2.0, p.ref))
                what = "switch lever, finger pocket"
        notches.append((side, a0, a1, z0, z1, p.ref, what, crosses))
        openings.append(("wall", p.ref, (a0 + a1) / 2 if side in ("top", "bottom") else (0.0 if side == "left" else W),
                         (a0 + a1) / 2 if side in ("left", "right") else (0.0 if side == "top" else H), "rect", a1 - a0, z1 - z0))

    # ---- battery door
    door = None
    if batts:
        bt = max(batts, key=lambda p: (p.rect[2] - p.rect[0]) * (p.rect[3] - p.rect[1]))
        ox0, oy0, ox1, oy1 = bt.rect[0] - 0.5, bt.rect[1] - 0.5, bt.rect[2] + 0.5, bt.rect[3] + 0.5
        along_x = (ox1 - ox0) >= (oy1 - oy0)
        L_O, W_O = (ox1 - ox0, oy1 - oy0) if along_x else (oy1 - oy0, ox1 - ox0)
        W_D = r2(W_O + 2 * SEAT)       # door width at its outer face (the opening + the seats)
        L_D = r2(L_O + 2 * SEAT)
        door = dict(ref=bt.ref, cx=(ox0 + ox1) / 2, cy=(oy0 + oy1) / 2, along_x=along_x, W_D=W_D, L_D=L_D,
                    open=(ox0, oy0, ox1, oy1))
        openings.append(("back", bt.ref, door["cx"], door["cy"], "rect", ox1 - ox0, oy1 - oy0))
        rx0, rx1 = door["cx"] - (L_D if along_x else W_D) / 2 - DOOR_C, door["cx"] + (L_D if along_x else W_D) / 2 + DOOR_C
        ry0, ry1 = door["cy"] - (W_D if along_x else L_D) / 2 - DOOR_C, door["cy"] + (W_D if along_x else L_D) / 2 + DOOR_C
        for hp in holes:
            dx = max(rx0 - hp.cx, 0.0, hp.cx - rx1)
            dy = max(ry0 - hp.cy, 0.0, hp.cy - ry1)
            if math.hypot(dx, dy) < BACK_BOSS_D / 2 + 0.5:
                notes.append("screw boss %s runs into the battery door's rebate" % hp.ref)

    # ---- the Jarmo board's lines: points a1..e5 on pixel columns 0..4, rank 5 on row 0
    lines = []
    if links_txt and os.path.exists(links_txt) and pix:
        for line in open(links_txt):
            f = line.split()
            if len(f) != 3:
                continue
            a, b = f[0], f[1]
            ka = (5 - int(a[1]), "abcde".index(a[0]))
            kb = (5 - int(b[1]), "abcde".index(b[0]))
            if ka in pix and kb in pix:
                lines.append((pix[ka], pix[kb]))
    elif pix:
        notes.append("no links file (%s): the plate has no board lines" % links_txt)

    # ---- OpenSCAD
    o = ["// generated by hardware/tools/gen_case.py from %s: do not edit" % pcb,
         "// the stack and the print orientation: stack.txt beside this file",
         'part = "front"; // "front", "back", "cap" (print one per button), "door"',
         "$fn = 64;",
         "W = %.3f; H = %.3f; PCB_T = %.2f; WALL = %.2f; WALL_GAP = %.2f;" % (W, H, PCB_T, WALL, WALL_GAP),
         "Z_PU = %.2f; Z_PT = %.2f; // front plate: underside and top above the board top" % (Z_PU, Z_PT),
         "Z_BIN = %.2f; Z_BF = %.2f; // back floor: inner face and the case's back face" % (Z_BIN, Z_BF),
         "SKIN = %.2f; LINE_D = %.2f; LINE_W = %.2f;" % (SKIN, LINE_D, LINE_W),
         "H_BTN = %.2f; R_S = %.2f; R_H = %.2f; R_FL = %.2f; COL_D = %.2f; COL_H = %.2f;" % (h_btn, R_S, R_H, R_FL, COL_D, COL_H),
         "NUB_D = %.2f; NUB_H = %.2f; FLANGE_T = %.2f; CONE_H = %.2f; CAP_H = %.2f; FLANGE_OVER = %.2f;"
         % (NUB_D, NUB_H, FLANGE_T, CONE_H, CAP_H, FLANGE_OVER),
         "// screws: %s" % (("%d x M3 x %d pan head (ISO 7045), from the back; the thread is cut in the "
                             "%.1f mm pilot of the front boss" % (len(holes), SCREW_L, PILOT_D)) if SCREW_L else "NONE FITS"),
         "module outline(m) { offset(r = m) square([W, H]); }",
         "module inner() { offset(delta = WALL_GAP) square([W, H]); }",
         ]
    # plate 2D: everything cut through the whole plate
    o.append("module plate_holes() {")
    for k, x, y, s in windows:
        o.append("  translate([%.3f, %.3f]) circle(d = %.3f); // pixel %d%d" % (x, sy(y), s, k[0], k[1]))
    for p in buttons:
        o.append("  translate([%.3f, %.3f]) circle(r = R_H); // %s" % (p.cx, sy(p.cy), p.ref))
    for part, ref, x, y in sound:
        if part == "front":
            o.append("  translate([%.3f, %.3f]) circle(d = %.2f, $fn = 16); // %s sound" % (x, sy(y), SOUND_D, ref))
    o.append("}")
    o.append("module lines2d() {")
    for (ax, ay), (bx, by) in lines:
        o.append("  hull() { translate([%.3f, %.3f]) circle(d = LINE_W, $fn = 12); translate([%.3f, %.3f]) circle(d = LINE_W, $fn = 12); }"
                 % (ax, sy(ay), bx, sy(by)))
    o.append("}")
    def notch_cube(side, a0, a1, z0, z1, depth_in, depth_out):
        if side in ("left", "right"):
            xe = 0.0 if side == "left" else W
            xa, xb = (xe - depth_out, xe + depth_in) if side == "left" else (xe - depth_in, xe + depth_out)
            return "translate([%.3f, %.3f, %.3f]) cube([%.3f, %.3f, %.3f]);" % (xa, sy(a1), z0, xb - xa, a1 - a0, z1 - z0)
        ye = 0.0 if side == "top" else H
        ya, yb = (ye - depth_out, ye + depth_in) if side == "top" else (ye - depth_in, ye + depth_out)
        return "translate([%.3f, %.3f, %.3f]) cube([%.3f, %.3f, %.3f]);" % (a0, sy(yb), z0, a1 - a0, yb - ya, z1 - z0)

    def boss2d(hp, d):
        """The boss's 2D shape: a circle, joined to any wall it nearly touches (no slits)."""
        x, y = hp.cx, sy(hp.cy)
        parts2d = ["translate([%.3f, %.3f]) circle(d = %.2f);" % (x, y, d)]
        g = WALL_GAP + 0.5
        if x - d / 2 < 2.0:
            parts2d.append("translate([%.3f, %.3f]) square([%.3f, %.3f]);" % (-g, y - d / 2, x + g, d))
        if W - x - d / 2 < 2.0:
            parts2d.append("translate([%.3f, %.3f]) square([%.3f, %.3f]);" % (x, y - d / 2, W - x + g, d))
        if y - d / 2 < 2.0:
            parts2d.append("translate([%.3f, %.3f]) square([%.3f, %.3f]);" % (x - d / 2, -g, d, y + g))
        if H - y - d / 2 < 2.0:
            parts2d.append("translate([%.3f, %.3f]) square([%.3f, %.3f]);" % (x - d / 2, y, d, H - y + g))
        return "hull() { %s }" % " ".join(parts2d)

    cuts_common = []
    for side, a0, a1, z0, z1, ref, what, crosses in notches:
        cuts_common.append("    " + notch_cube(side, a0, a1, z0, z1, 0.5, WALL + WALL_GAP + 1.0) + " // %s: %s" % (ref, what))
    for side, a0, a1, z0, z1, ref in pockets:
        # the wall opened around the lever from its inner face out, so a
        # finger meets the lever's 0.6 mm past that face (review D9)
        s = notch_cube(side, a0, a1, z0, z1, -WALL_GAP, WALL + WALL_GAP + 1.0)
        cuts_common.append("    " + s + " // %s finger pocket" % ref)

    o += ["module front() {",
          "  difference() {",
          "    union() {",
          "      translate([0, 0, Z_PU]) linear_extrude(Z_PT - Z_PU) difference() { outline(WALL); plate_holes(); }",
          "      linear_extrude(Z_PU + 0.5) difference() { outline(WALL); inner(); }"]
    for hp in holes:
        o.append("      linear_extrude(Z_PU + 0.5) %s // %s boss" % (boss2d(hp, BOSS_D), hp.ref))
    by_z = {}
    for s, zb in baffles:
        by_z.setdefault(zb, []).append(s)
    for zb, ss in sorted(by_z.items()):
        o.append("      translate([0, 0, %.2f]) linear_extrude(Z_PU - %.2f + 0.5) difference() { union() {" % (zb, zb))
        for s in ss:
            o.append("        translate([%.3f, %.3f]) square([%.3f, %.3f]);" % (s[0], sy(s[3]), s[2] - s[0], s[3] - s[1]))
        o.append("      } plate_holes(); }")
    o.append("    }")
    for p in buttons:
        # 45-degree seat: radius R_FL at the underside, R_H at FLANGE_OVER above it (runs on into the hole)
        # turned half a facet: a cone whose facets meet the hole's at their
        # vertices leaves edges of four facets in the STL (not manifold)
        o.append("    translate([%.3f, %.3f, Z_PU - 0.5]) rotate([0, 0, 180 / $fn]) cylinder(h = FLANGE_OVER + 0.7, r1 = R_FL + 0.5, r2 = R_H - 0.2); // %s seat"
                 % (p.cx, sy(p.cy), p.ref))
    for hp in holes:
        o.append("    translate([%.3f, %.3f, -1]) cylinder(d = %.2f, h = 1 + Z_PT - SKIN, $fn = 24); // %s pilot"
                 % (hp.cx, sy(hp.cy), PILOT_D, hp.ref))
    if lines:
        o.append("    translate([0, 0, Z_PT - LINE_D]) linear_extrude(LINE_D + 1) lines2d();")
    o += cuts_common
    o += ["  }", "}"]

    # back
    o += ["module back() {",
          "  difference() {",
          "    union() {",
          "      translate([0, 0, Z_BF]) linear_extrude(Z_BIN - Z_BF) outline(WALL);",
          "      translate([0, 0, Z_BF]) linear_extrude(-Z_BF) difference() { outline(WALL); inner(); }"]
    for hp in holes:
        o.append("      translate([0, 0, Z_BF]) linear_extrude(-PCB_T - %.2f - Z_BF) %s // %s boss"
                 % (WEB, boss2d(hp, BACK_BOSS_D), hp.ref))
        o.append("      translate([%.3f, %.3f, -PCB_T - %.2f - 0.5]) cylinder(d = %.2f, h = %.2f + 0.5);" % (hp.cx, sy(hp.cy), WEB, BACK_WEB_D, WEB))
    o.append("    }")
    for hp in holes:
        o.append("    translate([%.3f, %.3f, Z_BF - 1]) cylinder(d = %.2f, h = -PCB_T - %.2f - Z_BF + 1); // %s head pocket"
                 % (hp.cx, sy(hp.cy), HEAD_D, WEB, hp.ref))
        o.append("    translate([%.3f, %.3f, Z_BF - 1]) cylinder(d = %.2f, h = -Z_BF + 2, $fn = 24); // %s screw"
                 % (hp.cx, sy(hp.cy), SCREW_D, hp.ref))
    for part, ref, x, y in sound:
        if part == "back":
            o.append("    translate([%.3f, %.3f, Z_BF - 1]) cylinder(d = %.2f, h = T_BACK + 2, $fn = 16); // %s sound" % (x, sy(y), SOUND_D, ref))
    if door:
        o.append("    translate([%.3f, %.3f, Z_BF]) rotate([0, 0, %d]) door_cut(); // %s battery door"
                 % (door["cx"], sy(door["cy"]), 0 if door["along_x"] else 90, door["ref"]))
    o += cuts_common
    o += ["  }", "}"]

    # battery door: u along the door, v across; z from the back face (0) inward (T_BACK)
    if door:
        o += ["T_BACK = %.2f; SEAT = %.2f; DOOR_C = %.2f; L_D = %.2f; W_D = %.2f;" % (T_BACK, SEAT, DOOR_C, door["L_D"], door["W_D"]),
              "BEAM_L = %.2f; BEAM_W = %.2f; SLOT_W = %.2f; BUMP = %.2f; BUMP_L = %.2f;" % (BEAM_L, BEAM_W, SLOT_W, BUMP, BUMP_L),
              "E = 0.01;",
              "BEAM_U = L_D / 2 - SEAT - 3 - BEAM_L / 2; // beam centres at +-BEAM_U",
              "ZS = T_BACK - SEAT; // straight part of the door's edge (the seat taper above it)",
              "module slab(l, w, z) { translate([-l / 2, -w / 2, z]) cube([l, w, E]); }",
              "// the detent bump: 45-degree V across the straight part, on the +v side",
              "module bump(extra) { hull() { translate([-BUMP_L / 2 - extra, -0.3, 0.1]) cube([BUMP_L + 2 * extra, 0.3 + extra, E]);",
              "  translate([-BUMP_L / 2 - extra, -0.3, 0.1 + BUMP]) cube([BUMP_L + 2 * extra, 0.3 + BUMP + extra, E]);",
              "  translate([-BUMP_L / 2 - extra, -0.3, min(ZS - 0.1, 0.1 + 2 * BUMP)]) cube([BUMP_L + 2 * extra, 0.3 + extra, E]); } }",
              "module door_cut() {",
              "  translate([0, 0, -1]) linear_extrude(ZS + 1) square([L_D + 2 * DOOR_C, W_D + 2 * DOOR_C], center = true);",
              "  hull() { slab(L_D + 2 * DOOR_C, W_D + 2 * DOOR_C, ZS - E); slab(L_D + 2 * DOOR_C - 2 * SEAT, W_D + 2 * DOOR_C - 2 * SEAT, T_BACK + E); }",
              "  translate([0, 0, T_BACK - E]) linear_extrude(1) square([L_D + 2 * DOOR_C - 2 * SEAT, W_D + 2 * DOOR_C - 2 * SEAT], center = true);",
              "  for (su = [-1, 1], sv = [-1, 1]) translate([su * BEAM_U, sv * (W_D / 2), 0]) mirror([0, sv < 0 ? 1 : 0, 0]) bump(DOOR_C);",
              "  // fingernail notch at the +u end, beside the pull groove",
              "  translate([L_D / 2 + DOOR_C - E, -4, -1]) cube([2.5, 8, 1 + 1.2]);",
              "}",
              "module door() { // assembly frame: z = 0 the outer face, T_BACK the inner face",
              "  difference() {",
              "    union() {",
              "      hull() { translate([0, 0, 0]) linear_extrude(ZS + DOOR_C) square([L_D, W_D], center = true);",
              "        slab(L_D - 2 * (SEAT - DOOR_C), W_D - 2 * (SEAT - DOOR_C), T_BACK - E); }",
              "      for (su = [-1, 1], sv = [-1, 1]) translate([su * BEAM_U, sv * (W_D / 2), 0]) mirror([0, sv < 0 ? 1 : 0, 0]) bump(0);",
              "    }",
              "    // pull groove in the outer face at the +u end (a ridge would stand proud and rock the console)",
              "    translate([L_D / 2 - 3.5, -5, -E]) cube([2, 10, 1.0 + E]);",
              "    // the slots that make the sprung beams",
              "    for (su = [-1, 1], sv = [-1, 1]) translate([su * BEAM_U - BEAM_L / 2, sv * (W_D / 2 - BEAM_W - SLOT_W / 2) - SLOT_W / 2, -2])",
              "      cube([BEAM_L, SLOT_W, T_BACK + 4]);",
              "  }",
              "}"]
    # cap: assembly frame, z = 0 on the plunger top
    prof = [(0, 0), (NUB_D / 2, 0), (NUB_D / 2, NUB_H)]
    if COL_H > 0.005:
        prof += [(COL_D / 2, NUB_H), (COL_D / 2, NUB_H + COL_H)]
    z_ft = NUB_H + max(COL_H, 0.0) + FLANGE_T
    prof += [(R_FL, NUB_H + max(COL_H, 0.0)), (R_FL, z_ft), (R_S, z_ft + CONE_H), (R_S, CAP_H - 0.4), (R_S - 0.4, CAP_H), (0, CAP_H)]
    o += ["module cap() { // nub, column, flange, 45-degree cone, stem, chamfered top; z = 0 on the plunger",
          "  rotate_extrude() polygon([%s]);" % ", ".join("[%.3f, %.3f]" % (r, z) for r, z in prof),
          "}",
          "// print frames: the cap top face down, the door inner face down",
          'if (part == "front") front();',
          'else if (part == "back") back();',
          'else if (part == "cap") translate([0, 0, CAP_H]) rotate([180, 0, 0]) cap();',
          ('else if (part == "door") translate([0, 0, T_BACK]) rotate([180, 0, 0]) door();' if door else
           'else if (part == "door") cube(1); // no battery holder on the back: no door'),
          ""]
    with open(out, "w") as f:
        f.write("\n".join(o))

    # ---- stack.txt
    def side_name(p):
        return "back" if p.back else "top"
    st = ["Jarmo handheld case, generated by hardware/tools/gen_case.py from %s" % pcb,
          "heights from %s (footprint library name -> height, datasheet or [pkg std]/[not read])" % heights_csv,
          "",
          "board: %.1f x %.1f mm, %.2f mm thick, %d footprints, %d mounting holes (%s)"
          % (W, H, PCB_T, len(parts), len(holes), " ".join(p.ref for p in holes)),
          "missing heights: %s" % (", ".join("%s (%s)" % m for m in missing) if missing else "none"),
          "",
          "stack (z = 0 at the board's top face, up towards the player):",
          "  cap tops                 %6.2f  (%.1f mm proud of the plate)" % (Z_PT + CAP_PROUD, CAP_PROUD),
          "  front plate top          %6.2f" % Z_PT,
          "  front plate underside    %6.2f  = max(buttons %.2f + nub %.2f + flange %.2f + lift %.2f = %.2f,"
          % (Z_PU, h_btn, NUB_H, FLANGE_T, CAP_LIFT, z_pu_btn),
          "                                    tallest part under the plate%s + %.1f clearance = %.2f)"
          % ((" %s %s %.2f mm" % (tallest.ref, tallest.fp, tallest.h)) if tallest else "", CLEAR, z_parts),
          "  button plunger tops      %6.2f  (%s)" % (h_btn, ", ".join(sorted({p.fp for p in buttons})) or "no buttons"),
          "  board top                  0.00",
          "  board bottom             %6.2f" % -PCB_T,
          "  back floor, inner face   %6.2f  = board bottom - (%s + %.1f clearance)"
          % (Z_BIN, ("%s %s %.1f mm" % (tallest_back.ref, tallest_back.fp, tallest_back.h)) if tallest_back else "leads", CLEAR),
          "  back face                %6.2f  (floor %.1f mm)" % (Z_BF, T_BACK),
          "  overall thickness        %6.2f mm, outline %.1f x %.1f mm" % (Z_PT - Z_BF, W + 2 * WALL, H + 2 * WALL),
          "",
          "caps (%d, one STL, print one per button): stem %.2f mm in a %.2f mm hole (%.2f radial), flange %.2f mm"
          % (len(buttons), 2 * R_S, 2 * R_H, CAP_RADIAL, 2 * R_FL),
          "  nub %.1f mm on the %.1f mm plunger; the cap rests on the plunger and can rise %.2f mm before its"
          % (NUB_D, PLUNGER_D, CAP_LIFT),
          "  cone seats in the plate's countersink (captured between plate and switch); the flange's underside",
          "  is %.2f mm above the plunger top, so the cap moves that far down before anything but the switch stops it"
          % (NUB_H,),
          "",
          ("screws: %d x M3 x %d pan head (ISO 7045), from the back: head in the back boss's %.1f mm pocket on a %.1f mm web,"
           % (len(holes), SCREW_L, HEAD_D, WEB)) if SCREW_L else "screws: NO STANDARD LENGTH FITS",
          "  through the board (%.1f) into a %.1f mm pilot %.1f mm deep in the front boss (thread formed in the plastic);"
          % (PCB_T, PILOT_D, pilot_top),
          "  length = web %.1f + board %.1f + engagement %.1f = %s (standard lengths %s; at least %.1f engaged, pilot %.1f deep)"
          % (WEB, PCB_T, (SCREW_L or 0) - WEB - PCB_T, SCREW_L, "/".join(str(x) for x in STD_LEN), MIN_ENGAGE, pilot_top),
          "  or: an M3 x 4 heat-set insert (4.0 mm hole) in each front boss and the same screws",
          ("cell holder: %d x M3 x %d countersunk (ISO 10642) from the cell side through its hole%s at %s and the board,"
           % (len(bt_free), bt_screw_l, "s" if len(bt_free) > 1 else "", ", ".join("(%.1f, %.1f)" % (x, y) for x, y, _r in bt_free)))
          if bt_holes else "cell holder: no screw holes",
          "  an M3 nut (ISO 4032, %.1f mm) on the front: nothing on the front within %.1f mm of it%s;"
          % (NUT_H, NUT_R, ("; not through %s: a nut there would sit on that part" % "; ".join(bt_clash)) if bt_clash else ""),
          "  %.1f mm under the plate for nut and thread (the holder's floor thickness was not measured here: check"
          % (Z_PU,),
          "  that 6 mm leaves the thread inside the nut and clear of the plate on your holder)",
          "",
          "openings:",
          "  front: %d round pixel windows (%.2f mm, webs %.1f mm at the narrowest) with baffles between the pixels, %d button holes, %d sound holes"
          % (len(windows), windows[0][3] if windows else 0, PIX_WEB, len(buttons), sum(1 for s in sound if s[0] == "front")),
          ]
    for side, a0, a1, z0, z1, ref, what, crosses in notches:
        p = next(q for q in parts if q.ref == ref)
        st.append("  wall, %s edge: %s (%s) %.1f mm wide, z %.2f..%.2f (%s; courtyard %s the edge)"
                  % (side, ref, p.fp, a1 - a0, z0, z1, what, "crosses" if crosses else "inside"))
    if door:
        st.append("  back: battery door over %s, opening %.1f x %.1f mm; door %.1f x %.1f x %.1f mm, snap fit: 45-degree seats,"
                  % (door["ref"], door["open"][2] - door["open"][0], door["open"][3] - door["open"][1],
                     door["L_D"], door["W_D"], T_BACK))
        st.append("        four sprung beams with V detents; open it with a fingernail in the pull groove (notch in the floor); nothing stands proud of the back")
    st += ["",
           "print orientation (no supports; overhangs 45 degrees at most, bridges 10 mm at most):",
           "  case-front.stl  (exported in the assembly frame) turn it face down: the plate's outer face on the bed;",
           "                  walls, bosses and baffles rise from it; countersinks and wall notches open upwards;",
           "                  the line grooves on the bed face bridge %.1f mm" % LINE_W,
           "  case-back.stl   (assembly frame) as exported: the back face on the bed; the head pockets' %.1f mm ceilings"
           % HEAD_D,
           "                  bridge, the door's seat and detent pockets are 45-degree slopes",
           "  case-cap.stl    x %d, as exported: the top face on the bed (the flange's cone is a 45-degree overhang)"
           % len(buttons),
           "  case-door.stl   as exported: the inner face on the bed (seats and detents 45 degrees, the pull groove on top)",
           "",
           "assembly: caps into the plate from below, board onto the caps' nubs (bosses on the board's top face),",
           "back tray over it, the screws from the back; cells in, the door pressed in at its seats until it clicks."]
    if notes:
        st += ["", "PROBLEMS:"] + ["  " + n for n in notes]
    with open(os.path.join(os.path.dirname(out) or ".", "stack.txt"), "w") as f:
        f.write("\n".join(st) + "\n")
    if ocsv:
        with open(ocsv, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(["part", "ref", "x", "y", "kind", "a", "b"])
            for r in openings:
                w.writerow([r[0], r[1], "%.3f" % r[2], "%.3f" % r[3], r[4], "%.2f" % r[5], "%.2f" % r[6]])
    print("gen_case: %s (%.0f x %.0f mm board; plate underside %.2f mm, back %.2f mm; %d caps; %d pixel windows; "
          "%d wall openings; screws %s; %d missing heights)"
          % (out, W, H, Z_PU, Z_BF, len(buttons), len(windows), len(notches),
             ("M3 x %d" % SCREW_L) if SCREW_L else "none", len(missing)))
    for n in notes:
        print("gen_case: PROBLEM: " + n)


if __name__ == "__main__":
    main()
