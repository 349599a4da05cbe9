#!/usr/bin/python3
"""Generate the jarmo-handheld PCB from the schematic's netlist and BOM.

    /usr/bin/python3 tools/hardware/gen_pcb.py NETLIST_CSV BOM_CSV OUT.kicad_pcb [LOG]

Needs Debian's KiCad 6 (`pcbnew` Python module, Debian's /usr/bin/python3)
and kicad-footprints. netlist.csv (net,ref,pin,pin_name) is the one source
of the connections; bom.csv gives each part's footprint (LIBRARY/NAME).
Placement is the table in place(); routing is a two-layer grid maze router
(0.635 mm grid, Manhattan moves, vias) written here, with track widths by
current (TRACK_W); then GND pours on both layers and four M3 holes, and
the ground repair of pcb_repair.py (cut-off ground pads, close vias).
Nothing here is typed twice: the case (tools/hardware/gen_case.py) reads
the outline and part positions back from the written board.
Debugging: PCB_PLACE_ONLY=1 writes the placement alone; PCB_FANOUT_LOG=1
prints the fan-outs' grid points; PCB_KEEP_PROBE=x,y,width prints what
keeps a point from the router."""
import csv
import heapq
import math
import os
import sys
from collections import defaultdict

import pcbnew

FPLIB = os.environ.get("KICAD6_FOOTPRINT_DIR", "/usr/share/kicad/footprints")
W, H = 100.0, 150.0             # board outline, mm (rev D: within 100 x 150)
OX, OY = 50.0, 30.0             # board's top-left corner on the KiCad page
G = 0.635                       # routing grid (1/4 of 0.1")
CLR = 0.15                      # copper clearance, mm
VIA_D, VIA_DRILL = 0.6, 0.3
LOG = []


def log(msg):
    LOG.append(msg)
    print(msg)


# ---- track width by current (IPC-2221, outer layer, 1 oz = 35 um, 10 C rise)
def ipc_width_mm(amps, rise=10.0):
    area_mil2 = (amps / (0.048 * rise ** 0.44)) ** (1 / 0.725)
    return area_mil2 / 1.378 * 0.0254   # 1 oz copper is 1.378 mil thick


# net -> (worst-case current A, why); width = max(0.25, IPC width rounded up), <= 0.4
CURRENTS = {
    "VIN_BOOST": (1.0, "boost input at 2.4 V, all LEDs on (hardware/README.md)"),
    "SW_BOOST": (1.0, "inductor RMS current = input current at 2.4 V in (1.65 A peak), a 4 mm path"),
    "VBAT_RAW": (1.0, "cell current at end of life"),
    "VCC": (0.40, "display all on 0.31 A + logic"),
    "GND": (1.0, "return of the cell current"),
    "VBUS": (0.5, "USB input, at most the 0.5 A fuse"),
    "VBUS_F": (0.5, "USB input behind the fuse"),
}
for _r in range(8):
    CURRENTS["ROW%d" % _r] = (0.31, "one row of 16 LEDs")
for _c in range(8):
    for _col in ("RED", "GRN"):
        CURRENTS["%s_K%d" % (_col, _c)] = (0.022, "one LED at a time per column")


def track_width(net):
    amps = CURRENTS.get(net, (0.04, ""))[0]
    if amps <= 0.05:
        return 0.25
    if amps <= 0.45:
        return 0.25  # VCC and the rows too: the IPC width below (printed) is 0.08 mm
    if amps <= 0.5:
        return 0.3  # 0.3 mm: the IPC width below (printed) is at most 0.13 mm
    return 0.4      # the 1 A nets: 0.4 mm >= the IPC width (0.30 mm)


# ------------------------------------------------------------------ inputs --
def read_inputs(net_csv, bom_csv):
    pins = defaultdict(dict)                # ref -> pin -> net
    for r in csv.DictReader(open(net_csv)):
        pins[r["ref"]][r["pin"]] = r["net"]
    fps, vals, mpns = {}, {}, {}
    for r in csv.DictReader(open(bom_csv)):
        for ref in r["ref"].split():
            fps[ref] = r["footprint"]
            vals[ref] = r["value"]
            mpns[ref] = r["mpn"]
    return pins, fps, vals, mpns


# --------------------------------------------------------------- placement --
# the display's grid: points 8.255 mm apart (13 routing cells), a red and a
# green 0805 LED 2.54 mm apart in each point (hardware/README.md "Display")
PITCH = 13 * G


def px(c):
    return 32 * G + PITCH * c


def py(r):
    return 20 * G + PITCH * r


def place():
    """ref -> (x, y, rotation deg, side) in board mm (origin top-left):
    where the footprint's origin goes."""
    P = {}
    for r in range(8):
        for c in range(8):
            # rotation 90: pad 2 (anode) above pad 1 (cathode)
            P["DR%d%d" % (r, c)] = (px(c) - 2 * G, py(r), 90, "F")
            P["DG%d%d" % (r, c)] = (px(c) + 2 * G, py(r), 90, "F")
    # row switches left of the matrix: gate resistor above, pull-up below
    for r in range(8):
        y = py(r)
        P["Q%d" % r] = (14.605, y, 0, "F")
        P["R2%d" % r] = (11.43, y, 90, "F")        # pad 2 (gate) by Q's gate, pad 1 (VCC) by its source
        P["R1%d" % r] = (7.62, y - 0.95, 0, "F")
    P["C13"] = (15.875, py(3) + PITCH / 2, 90, "F")   # between rows 3 and 4
    # column resistors under the matrix, red left and green right of each point
    yr = py(7) + 9 * G             # below row 7's reference texts
    for c in range(8):
        P["R3%d" % c] = (px(c) - 3 * G, yr, 90, "F")
        P["R4%d" % c] = (px(c) + 3 * G, yr, 90, "F")
    # column sinks (outputs up, OUT1 left) 9.5 mm under the column resistors
    # (room for the 16-track fan) and their registers below them (rotated
    # 270: QB-QH face the sinks' inputs, the control pins face the MCU; the
    # outputs cross the inputs' order once, with vias, in the gap)
    ys = yr + 24 * G
    xl, xr = 44 * G, 104 * G
    P["U6"] = (xl, ys, 90, "F")
    P["U7"] = (xr, ys, 90, "F")
    # each register 1.905 mm left of its sink: QH..QB (top row, rotated
    # 270) straight under IN1..IN7 (the schematic puts column i on channel
    # 8 - i); QA goes round the right end to IN8
    yreg = ys + 17 * G
    P["U2"] = (xl - 3 * G, yreg, 270, "F")
    P["C21"] = (xl - 3 * G + 3.175, yreg + 6.35, 0, "F")      # under pin 16 (VCC)
    P["U3"] = (xr - 3 * G, yreg, 270, "F")
    P["C22"] = (xr - 3 * G + 4.445, yreg + 6.35, 0, "F")
    # row register under the row switches
    P["U1"] = (11.43, yr + 9 * G, 0, "F")
    P["C20"] = (16.51, yr + 5 * G, 90, "F")
    P["R6"] = (15.875, yr + 20 * G, 0, "F")
    # MCU turned 180: its SPI pins face the registers above, RESET/RXD/TXD
    # the USB bridge below, PC0-PC5 the buttons; the parts on its sides sit
    # past the fan-out's grid points (7.62 mm from its centre)
    mx, my = 80 * G, 179 * G
    P["U0"] = (mx, my, 180, "F")
    # the crystal beside pins 7/8 (XTAL1 pad 1 lower left, XTAL2 pad 3 upper
    # right), each load capacitor by its pad (review D5)
    P["Y1"] = (mx + 12.7, my - 3.81, 0, "F")
    P["C3"] = (mx + 12.7, my - 0.9, 0, "F")        # XTAL1, under the crystal
    P["C4"] = (mx + 12.7, my - 6.985, 0, "F")      # XTAL2, over it
    # decoupling on the fan-out's grid points: each capacitor's supply pad
    # sits on its pin's point, so pin -> capacitor is the fan-out stub alone
    # (review D4): pins 4 and 6 (VCC) on the right, 18 (AVCC) and 20
    # (AREF) on the left (the MCU turned 180)
    fan, cpad = 13 * G, 0.775        # the fan-out's points; C_0603's pad offset
    P["C1"] = (mx + fan + cpad, my + 0.635, 0, "F")
    P["C7"] = (mx + fan + cpad, my - 1.905, 0, "F")
    P["C2"] = (mx - fan - cpad, my - 3.175, 180, "F")
    P["C5"] = (mx - fan - cpad, my - 0.635, 180, "F")
    P["R1"] = (mx + 2.54, my + 10.16, 0, "F")      # RESET (pin 29) on the bottom side
    P["D4"] = (mx + 6.35, my + 10.16, 0, "F")
    P["R2"] = (mx + 3.81, my - 9.525, 0, "F")      # BLANK (PB0, top side)
    P["R3"] = (mx + 6.35, my - 12.7, 0, "F")       # BUZZER (PB1)
    P["BZ1"] = (87.63, 88.9, 0, "F")
    P["J4"] = (76.2, 104.14, 0, "F")               # ISP pads (nothing fitted), clear of the cells
    P["R7"] = (73.66, 114.3, 0, "F")
    P["C16"] = (mx - 1.27, my - 10.16, 90, "F")    # PD7 (pin 11, top side)
    P["R53"] = (mx - 3.81, my - 10.16, 90, "F")
    P["R54"] = (mx - 6.35, my - 10.16, 90, "F")
    # buttons (footprint origin = switch centre): D-pad left, B and A right
    for ref, (cx, cy) in {"SW2": (19.685, 109.855), "SW3": (19.685, 127.635), "SW4": (10.795, 118.745),
                          "SW5": (28.575, 118.745), "SW6": (86.36, 113.03), "SW7": (72.39, 120.65)}.items():
        P[ref] = (cx, cy, 0, "F")
    # USB at the bottom edge right of the cells' holder, its bridge above it,
    # the USB power path (fuse, diodes, cell FET) to its right
    ux = 76.2
    P["J1"] = (ux, H - 3.0, 0, "F")
    P["U5"] = (ux, 130.81, 90, "F")
    P["C31"] = (ux - 4.445, 125.73, 0, "F")      # at pin 16 (VCC), review D3
    P["C32"] = (ux - 6.35, 134.62, 90, "F")      # by pin 4 (V3)
    P["R4"] = (ux - 8.89, 130.81, 90, "F")
    P["R8"] = (ux - 12.7, 130.81, 90, "F")
    P["R5"] = (ux - 10.795, 130.81, 90, "F")
    P["C6"] = (ux - 8.89, 135.89, 90, "F")
    P["R60"] = (ux - 6.35, 140.97, 90, "F")
    P["R61"] = (ux + 6.35, 140.97, 90, "F")
    P["F1"] = (86.36, 140.97, 0, "F")
    P["C30"] = (86.36, 144.78, 0, "F")
    P["D5"] = (86.36, 137.16, 0, "F")
    P["D6"] = (81.28, 137.16, 90, "F")
    P["D1"] = (91.44, 137.16, 0, "F")
    P["Q9"] = (91.44, 140.97, 0, "F")
    P["R50"] = (91.44, 144.78, 0, "F")
    # the boost cell (placed and copper-laid by hand, see boost_copper)
    bx, by = BOOST_XY
    P["U4"] = (bx, by, 270, "F")
    P["C11"] = (bx, by + 2.43, 180, "F")
    P["C12"] = (bx + 3.55, by + 2.43, 0, "F")
    P["L1"] = (bx - 1.5, by + 5.78, 0, "F")       # Sunlord's land: pad 2 under U4 pin 5
    P["C10"] = (bx - 5.05, by + 2.43, 180, "F")
    P["R52"] = (bx + 2.85, by - 1.52, 0, "F")
    P["R51"] = (bx + 2.85, by - 3.12, 180, "F")
    P["C15"] = (bx + 2.85, by - 4.72, 180, "F")
    # slide switch: rotation 90 puts its front (local +y) at the right edge;
    # the body's front 0.7 mm inside, the lever 1.0 mm past the edge
    P["SW1"] = (97.79, 76.2, 90, "F")
    # 3 x AA holder on the back, bottom left: no through-hole lead of the
    # front (USB shell, ISP pads) under it
    P["BT1"] = (12.7, 137.16, 0, "B")
    return P


BOOST_XY = (88.9, 125.73)       # U4's body centre (on the routing grid)
BOOST_BACK_GND = (81.7, 119.8, 95.5, 133.8)   # back-layer area kept for GND (x0, y0, x1, y1)


def boost_copper():
    """The boost cell's copper, laid by hand: (net, kind, data) with kind
    "track" (width, [(x, y), ...], front layer, axis-parallel runs) or "via"
    ((x, y)), and GROUPS: net -> lists of (ref, pad) that this copper joins
    (the router treats each group as one terminal). TI's layout rule for a
    boost: the output capacitor's loop (VOUT pin -> C -> GND pin) is the one
    that carries the switched current; it is kept to about 1 x 2 mm here,
    C11 straddling the SW run. Pin pitch 0.5 mm, pads 0.34 mm: runs leave the
    pins at 0.34 mm (0.16 mm apart) and widen once clear of them."""
    ux, uy = BOOST_XY
    yt, yb = uy - 0.75, uy + 0.75           # U4 pin rows: 1 FB, 2 EN, 3 VIN / 4 GND, 5 SW, 6 VOUT
    c_y = uy + 2.43                         # C11, C12, C10 row
    l_y = uy + 5.78                         # L1 pads' centre
    x_vin = ux - 4.1                        # the VIN run down the left of the cell
    fb_x, r_x2 = ux + 2.025, ux + 3.675     # R51/R52/C15 pad columns
    T, V = "track", "via"
    cu = [
        # switch node: pin 5 straight down between C11's pads into L1 pad 2
        ("SW_BOOST", T, (0.34, [(ux, yb), (ux, uy + 4.0)])),
        ("SW_BOOST", T, (0.9, [(ux, uy + 3.95), (ux, l_y)])),
        # output loop: pin 6 -> C11 pad 1, pin 4 -> C11 pad 2, C11 -> C12
        ("VCC", T, (0.34, [(ux + 0.5, yb), (ux + 0.5, uy + 2.1)])),
        ("GND", T, (0.34, [(ux - 0.5, yb), (ux - 0.5, uy + 2.1)])),
        ("VCC", T, (0.8, [(ux + 0.95, c_y), (ux + 2.6, c_y)])),
        # ground: C11 pad 2 to two vias into the back pour; C12, C10, R52 to vias
        ("GND", T, (0.8, [(ux - 0.95, c_y), (ux - 2.35, c_y)])),
        ("GND", V, (ux - 2.35, c_y - 0.45)),
        ("GND", V, (ux - 2.35, c_y + 0.45)),
        ("GND", T, (0.8, [(ux + 4.5, c_y), (ux + 5.6, c_y)])),
        ("GND", V, (ux + 5.6, c_y)),
        ("GND", T, (0.6, [(ux - 6.0, c_y), (ux - 6.0, c_y + 1.35)])),
        ("GND", V, (ux - 6.0, c_y + 1.35)),
        ("GND", T, (0.4, [(r_x2, uy - 1.52), (ux + 4.7, uy - 1.52)])),
        ("GND", V, (ux + 4.7, uy - 1.52)),
        # input: pin 3 left, down the VIN run through C10 pad 1 into L1 pad 1
        ("VIN_BOOST", T, (0.34, [(ux - 0.5, yt), (ux - 1.15, yt)])),
        ("VIN_BOOST", T, (0.8, [(ux - 1.15, yt), (x_vin, yt), (x_vin, l_y), (ux - 3.0, l_y)])),
        # feedback: pin 1 up and right to the R52/R51/C15 column
        ("FB_BOOST", T, (0.25, [(ux + 0.5, yt), (ux + 0.5, uy - 1.52), (fb_x, uy - 1.52), (fb_x, uy - 4.72)])),
        ("VCC", T, (0.4, [(r_x2, uy - 3.12), (r_x2, uy - 4.72)])),
    ]
    groups = {
        "SW_BOOST": [[("U4", "5"), ("L1", "2")]],
        "VCC": [[("U4", "6"), ("C11", "1"), ("C12", "1")], [("R51", "1"), ("C15", "1")]],
        "GND": [[("U4", "4"), ("C11", "2")], [("C12", "2")], [("C10", "2")], [("R52", "2")]],
        "VIN_BOOST": [[("U4", "3"), ("C10", "1"), ("L1", "1")]],
        "FB_BOOST": [[("U4", "1"), ("R52", "1"), ("R51", "2"), ("C15", "2")]],
    }
    return cu, groups


def usb_copper(jx, jy):
    """The USB-C receptacle's ground pads (A1/B12 and A12/B1, 0.6 mm wide
    beside the 0.5 mm row) joined by hand to the shell's rear pegs (S1, on
    GND), so the router never squeezes between the row's pads."""
    cu = [("GND", "track", (0.3, [(jx - 3.25, jy - 4.045), (jx - 4.32, jy - 3.13)])),
          ("GND", "track", (0.3, [(jx + 3.25, jy - 4.045), (jx + 4.32, jy - 3.13)]))]
    groups = {"GND": [[("J1", "A1"), ("J1", "B12"), ("J1", "A12"), ("J1", "B1"), ("J1", "S1")]]}
    return cu, groups


# fine-pitch parts whose pins escape by a fixed fan-out: ref -> body centre
# (must sit on the routing grid); filled from place() in build()
FANOUT = {}


# fine-pitch parts whose used pads all leave by a ranked fan-out: each side's
# pads keep their order and spread to 1.27 mm (two routing cells) some way
# out, so the router meets them on its grid (TQFP-32 at 0.8 mm, the USB-C
# receptacle's 0.5 mm row); ref -> (stub width, pads to skip, rank among
# the used pads only)
RANKED = {"U0": (0.25, set(), False, 2.6), "J1": (0.2, {"A1", "A12", "B1", "B12", "S1"}, True, 4.6)}


def ranked_fanout(ref, fx, fy, pads):
    """pads: [(num, net, cx, cy, sx, sy)] of one footprint (board mm).
    Returns {num: (points, (ix, iy))}: the stub from the pad's centre out
    past its end and on to a grid point, and that grid point."""
    width, skip, used_only, reach = RANKED[ref]
    sides = defaultdict(list)
    for num, net, cx, cy, sx, sy in pads:
        if num in skip or (used_only and not net):
            continue
        dx, dy = cx - fx, cy - fy
        if abs(dx) > abs(dy):
            sides[("x", 1 if dx > 0 else -1)].append((cy, num, net, cx, cy, sx))
        else:
            sides[("y", 1 if dy > 0 else -1)].append((cx, num, net, cx, cy, sy))
    out = {}
    for (axis, d), lst in sides.items():
        pos = sorted({round(a, 3) for a, *_ in lst})
        n = len(pos)
        for along, num, net, cx, cy, plen in lst:
            if not net:
                continue
            k = pos.index(round(along, 3))
            lat = (fy if axis == "x" else fx) + (k - (n - 1) / 2) * 2 * G
            rad_c = cx if axis == "x" else cy
            end = rad_c + d * (plen / 2 + 0.4)
            tgt = rad_c + d * (plen / 2 + 0.4 + reach)
            tgt = round(tgt / G) * G
            if axis == "x":
                pts = [(cx, cy), (end, cy), (tgt - d * 0.6, lat), (tgt, lat)]
                cell = (int(round(tgt / G)), int(round(lat / G)))
            else:
                pts = [(cx, cy), (cx, end), (lat, tgt - d * 0.6), (lat, tgt)]
                cell = (int(round(lat / G)), int(round(tgt / G)))
            out[num] = (pts, cell, width)
    return out


def claim(grid, net, L, pts):
    """Reserve the half-grid points near a stub for its net (no other net's
    0.4 mm track may pass closer than the clearance)."""
    reach = 0.125 + CLR + 0.3       # a diagonal stub passes between the grid's samples
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        for ix in range(grid.idx(min(ax, bx) - reach) - 1, grid.idx(max(ax, bx) + reach) + 2):
            for iy in range(grid.idx(min(ay, by) - reach) - 1, grid.idx(max(ay, by) + reach) + 2):
                if not (0 <= ix < grid.hx and 0 <= iy < grid.hy):
                    continue
                px, py = ix * G / 2, iy * G / 2
                vx, vy = bx - ax, by - ay
                t = max(0, min(1, ((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy or 1)))
                if math.hypot(px - ax - t * vx, py - ay - t * vy) < reach:
                    f = grid.fix[L][iy][ix]
                    if f == -1:
                        grid.fix[L][iy][ix] = net
                    elif f != net:
                        grid.fix[L][iy][ix] = -2    # near two nets' stubs: neither may route there


# four corners, and two at mid-height: 187 mm between the corner holes is a
# long span for a board held in the hands with 3 x AA on its back
HOLES = [(3.5, 3.5), (W - 3.5, 3.5), (3.5, H - 3.5), (W - 3.5, H - 3.5), (3.5, 100.0), (W - 3.5, 100.0)]


def mm(x, y):
    return pcbnew.wxPointMM(OX + x, OY + y)


# ------------------------------------------------------------------ router --
class Grid:
    def __init__(self):
        self.nx = int(W / G) + 1
        self.ny = int(H / G) + 1
        self.hx, self.hy = 2 * self.nx, 2 * self.ny          # half grid
        # keep[cls][layer][hy][hx]: -1 free, net id = inside that net's keepout, -2 two nets
        self.keep = {}
        self.occ = [[[-1] * self.hx for _ in range(self.hy)] for _ in range(2)]
        # fix: copper no rip-up may move (fan-out stubs), same encoding
        self.fix = [[[-1] * self.hx for _ in range(self.hy)] for _ in range(2)]
        # vias: (ix, iy) -> net; no via may stand next to another (hole to
        # hole 0.5 mm: two grid cells apart at least)
        self.vias = {}

    def idx(self, x):
        return int(round(x / (G / 2)))


def build_keepouts(grid, pads, widths):
    """pads: list of (net_id, layers set, shape, cx, cy, sx, sy)."""
    for w in widths:
        k = [[[-1] * grid.hx for _ in range(grid.hy)] for _ in range(2)]
        for net, layers, shape, cx, cy, sx, sy in pads:
            m = CLR + w / 2
            x0, x1 = grid.idx(cx - sx / 2 - m) - 1, grid.idx(cx + sx / 2 + m) + 1
            y0, y1 = grid.idx(cy - sy / 2 - m) - 1, grid.idx(cy + sy / 2 + m) + 1
            for iy in range(max(0, y0), min(grid.hy, y1 + 1)):
                py = iy * G / 2
                for ix in range(max(0, x0), min(grid.hx, x1 + 1)):
                    px = ix * G / 2
                    if shape == "circle":
                        d = math.hypot(px - cx, py - cy) - sx / 2
                    else:
                        dx = max(abs(px - cx) - sx / 2, 0)
                        dy = max(abs(py - cy) - sy / 2, 0)
                        d = math.hypot(dx, dy)
                        if shape == "oval":
                            r = min(sx, sy) / 2
                            dx = max(abs(px - cx) - (sx / 2 - r), 0)
                            dy = max(abs(py - cy) - (sy / 2 - r), 0)
                            d = math.hypot(dx, dy) - r
                    if d < m - 1e-6:
                        for L in layers:
                            cur = k[L][iy][ix]
                            if cur == -1:
                                k[L][iy][ix] = net
                            elif cur != net:
                                k[L][iy][ix] = -2
        grid.keep[w] = k


RIP_PENALTY = 25.0   # cost of crossing another net's copper in a probe
# vias kept two grid cells apart while routing (PCB_VIA_SPACING=0: only the
# ground vias added after routing keep apart)
VIA_SPACING = os.environ.get("PCB_VIA_SPACING", "1") == "1"
RIP_MAX = 8          # times one net may be ripped up
RIP_TOTAL = 800      # rip-ups in one run


def route_net(grid, net, terms, w, window, soft=False, hard=frozenset()):
    """terms: list of sets of (L, ix, iy) coarse-cell terminals (one set per pad).
    Returns (paths, failed joins, marked half-grid cells, nets crossed).
    soft: a probe that may cross other nets' routed copper at a cost; it
    marks nothing and reports which nets it crossed (the rip-up's choice);
    hard: nets it may never cross (the bus and VCC, routed first)."""
    keep = grid.keep[w]
    vkeep = grid.keep["via"]
    occ = grid.occ
    fix = grid.fix
    x0, y0, x1, y1 = window

    def other(o):
        return o != -1 and o != net

    def passable(o):
        return not other(o) or (soft and o not in hard)

    def free(L, ix, iy):
        if ix < x0 or iy < y0 or ix > x1 or iy > y1:
            return False
        hx, hy = 2 * ix, 2 * iy
        k = keep[L][hy][hx]
        return (k == -1 or k == net) and not other(fix[L][hy][hx]) and passable(occ[L][hy][hx])

    def edge_free(L, ax, ay, bx, by):
        hx, hy = ax + bx, ay + by           # midpoint on the half grid
        k = keep[L][hy][hx]
        return (k == -1 or k == net) and not other(fix[L][hy][hx]) and passable(occ[L][hy][hx])

    def cost_at(L, hx, hy):
        return RIP_PENALTY if soft and other(occ[L][hy][hx]) else 0.0

    def via_ok(ix, iy):
        for dx in (-1, 0, 1) if VIA_SPACING else ():
            for dy in (-1, 0, 1):
                v = grid.vias.get((ix + dx, iy + dy))
                if v is not None and (dx or dy or v != net):
                    return False
        for L in (0, 1):
            if vkeep[L][2 * iy][2 * ix] != -1:
                return False
            for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                hx, hy = 2 * (ix + dx), 2 * (iy + dy)
                if 0 <= hx < grid.hx and 0 <= hy < grid.hy:
                    if other(fix[L][hy][hx]) or not passable(occ[L][hy][hx]):
                        return False
                    if dx == 0 and dy == 0:
                        continue
                    # the half-grid point between the via and its neighbour
                    hx2, hy2 = ix * 2 + dx, iy * 2 + dy
                    if other(fix[L][hy2][hx2]) or not passable(occ[L][hy2][hx2]):
                        return False
        return True

    def via_cost(ix, iy):
        if not soft:
            return 0.0
        c = 0.0
        for L in (0, 1):
            for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                hx, hy = 2 * (ix + dx), 2 * (iy + dy)
                if 0 <= hx < grid.hx and 0 <= hy < grid.hy and other(occ[L][hy][hx]):
                    c += RIP_PENALTY
        return c

    marked = []
    crossed = set()
    tree = set(t for t in terms[0] if free(*t))
    if not tree:
        return None, 1, marked, crossed
    remaining = [set(t for t in ts if free(*t)) for ts in terms[1:]]
    paths = []
    failed = 0
    while remaining:
        targets = set()
        for ts in remaining:
            targets |= ts
        if not targets:
            failed += len(remaining)
            break
        tx = sum(t[1] for t in targets) / len(targets)
        ty = sum(t[2] for t in targets) / len(targets)
        dist = {}
        prev = {}
        pq = []
        for s_ in tree:
            dist[s_] = 0
            heapq.heappush(pq, (0, 0, s_))
        found = None
        while pq:
            f, g, s_ = heapq.heappop(pq)
            if g > dist.get(s_, 1e18):
                continue
            if s_ in targets:
                found = s_
                break
            L, ix, iy = s_
            nbrs = []
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                n = (L, ix + dx, iy + dy)
                if free(*n) and edge_free(L, ix, iy, ix + dx, iy + dy):
                    step = 1.0
                    # prefer horizontal on the back, vertical on the front
                    if (L == 0 and dy == 0) or (L == 1 and dx == 0):
                        step = 1.6
                    step += cost_at(L, 2 * n[1], 2 * n[2]) + cost_at(L, ix + n[1], iy + n[2])
                    nbrs.append((n, step))
            n = (1 - L, ix, iy)
            if free(*n) and via_ok(ix, iy):
                nbrs.append((n, 12.0 + via_cost(ix, iy)))
            for n, c in nbrs:
                ng = g + c
                if ng < dist.get(n, 1e18):
                    dist[n] = ng
                    prev[n] = s_
                    h = 0.9 * (abs(n[1] - tx) + abs(n[2] - ty)) if len(targets) < 40 else 0
                    heapq.heappush(pq, (ng + h, ng, n))
        if found is None:
            failed += 1
            if not paths and remaining[0]:
                # nothing joined yet: the start may be the pad cut off, so
                # start again from the next pad
                tree = set(remaining.pop(0))
                continue
            # drop the hardest pad and go on with the rest
            remaining.pop(0)
            continue
        path = [found]
        while path[-1] in prev:
            path.append(prev[path[-1]])
        path.reverse()
        cells = []
        for i, s_ in enumerate(path):
            L, ix, iy = s_
            cells.append((L, 2 * iy, 2 * ix))
            if i:
                p = path[i - 1]
                if p[0] == L:
                    cells.append((L, p[2] + iy, p[1] + ix))
                else:                        # a via: claim its neighbours
                    for LL in (0, 1):
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                            for hx, hy in ((2 * ix + dx, 2 * iy + dy), (2 * (ix + dx), 2 * (iy + dy))):
                                if 0 <= hx < grid.hx and 0 <= hy < grid.hy:
                                    cells.append((LL, hy, hx))
        for L, hy, hx in cells:
            o = occ[L][hy][hx]
            if soft:
                if other(o):
                    crossed.add(o)
            elif o == -1:
                occ[L][hy][hx] = net
                marked.append((L, hy, hx))
        if not soft:
            for a_, b_ in zip(path, path[1:]):
                if a_[0] != b_[0]:
                    grid.vias[(a_[1], a_[2])] = net
        tree |= set(path)
        paths.append(path)
        remaining = [ts for ts in remaining if not (ts & tree)]
    return paths, failed, marked, crossed


# -------------------------------------------------------------------- main --
EMITTED_VIAS = set()            # (x, y) grid points with a via on the board being built


def emit_paths(board, net, paths, w):
    """Tracks (straight runs merged) and vias for routed grid paths; a via
    another path of the same net already put at a point is not doubled."""
    tracks_made = vias_made = 0
    for path in paths:
        # merge straight runs into one segment each
        i = 0
        while i < len(path) - 1:
            a = path[i]
            if path[i + 1][0] != a[0]:
                if (a[1], a[2]) in EMITTED_VIAS:
                    i += 1
                    continue
                EMITTED_VIAS.add((a[1], a[2]))
                v = pcbnew.PCB_VIA(board)
                v.SetPosition(mm(a[1] * G, a[2] * G))
                v.SetDrill(pcbnew.FromMM(VIA_DRILL))
                v.SetWidth(pcbnew.FromMM(VIA_D))
                v.SetNet(net)
                board.Add(v)
                vias_made += 1
                i += 1
                continue
            j = i + 1
            d = (path[j][1] - a[1], path[j][2] - a[2])
            while j + 1 < len(path) and path[j + 1][0] == a[0] and \
                    (path[j + 1][1] - path[j][1], path[j + 1][2] - path[j][2]) == d:
                j += 1
            b = path[j]
            t = pcbnew.PCB_TRACK(board)
            t.SetStart(mm(a[1] * G, a[2] * G))
            t.SetEnd(mm(b[1] * G, b[2] * G))
            t.SetWidth(pcbnew.FromMM(w))
            t.SetLayer(pcbnew.F_Cu if a[0] == 0 else pcbnew.B_Cu)
            t.SetNet(net)
            board.Add(t)
            tracks_made += 1
            i = j
    return tracks_made, vias_made


def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    first = []
    best = None
    for attempt in range(1, 9):
        LOG.clear()
        unrouted = build(first)
        score = sum(k for _n, k in unrouted)
        if best is None or score < best[0]:
            best = (score, list(first), attempt)
        if not [n for n, _k in unrouted if n != "GND"]:
            break                       # the ground pours join what the router left of GND
        # rip up and retry: the nets that failed are routed first next time
        first = [n for n, _k in unrouted if n != "GND"] + [n for n in first if n not in dict(unrouted)]
        print("attempt %d: %d nets unrouted, retrying with %s first" % (attempt, len(unrouted), first))
    if unrouted and best[2] != attempt:
        LOG.clear()
        build(best[1])
        attempt = best[2]
    log("router: attempt %d kept (nets routed first: %s)" % (attempt, " ".join(best[1]) or "none"))
    return finish()


def build(first):
    net_csv, bom_csv, out = sys.argv[1:4]
    pins, fps, vals, mpns = read_inputs(net_csv, bom_csv)
    board = pcbnew.BOARD()
    ds = board.GetDesignSettings()
    ds.SetCopperLayerCount(2)
    nc = ds.GetNetClasses().GetDefault() if hasattr(ds, "GetNetClasses") else board.GetNetClasses().GetDefault()
    nc.SetClearance(pcbnew.FromMM(CLR))
    nc.SetTrackWidth(pcbnew.FromMM(0.25))
    nc.SetViaDiameter(pcbnew.FromMM(VIA_D))
    nc.SetViaDrill(pcbnew.FromMM(VIA_DRILL))
    ds.m_TrackMinWidth = pcbnew.FromMM(0.2)
    ds.m_ViasMinSize = pcbnew.FromMM(0.5)
    ds.m_MinThroughDrill = pcbnew.FromMM(0.3)
    ds.m_CopperEdgeClearance = pcbnew.FromMM(0.3)
    ds.m_HoleToHoleMin = pcbnew.FromMM(0.25)
    ds.m_MinClearance = pcbnew.FromMM(CLR)

    nets = {}
    for n in sorted({n for p in pins.values() for n in p.values()}):
        if n.startswith("NC_"):
            continue
        ni = pcbnew.NETINFO_ITEM(board, n)
        board.Add(ni)
        nets[n] = ni
    net_ids = {n: i for i, n in enumerate(sorted(nets))}
    names_by_id = {i: n for n, i in net_ids.items()}

    placement = place()
    EMITTED_VIAS.clear()
    FANOUT.clear()
    FANOUT["U4"] = placement["U4"][:2]
    missing = sorted(set(pins) - set(placement))
    if missing:
        log("FAIL: no placement for %s" % " ".join(missing))
        return 1
    fpobjs = {}
    for ref in sorted(pins):
        lib, name = fps[ref].split("/", 1)
        fp = pcbnew.FootprintLoad(os.path.join(FPLIB, lib + ".pretty"), name)
        if fp is None:
            log("FAIL: footprint %s not in %s" % (fps[ref], FPLIB))
            return 1
        fp.SetReference(ref)
        fp.SetValue(vals[ref])
        x, y, rot, side = placement[ref]
        board.Add(fp)
        fp.SetPosition(mm(x, y))
        if side == "B":
            fp.Flip(mm(x, y), False)   # onto the back (mirrored top-bottom; rotation 180 turns it)
        fp.SetOrientationDegrees(rot)
        fp.SetFPID(pcbnew.LIB_ID(lib, name))
        fp.Reference().SetLayer(pcbnew.B_Fab if side == "B" else pcbnew.F_Fab)
        for g in fp.GraphicalItems():      # footprint texts (e.g. a diode's K) off the silk
            if isinstance(g, pcbnew.FP_TEXT) and g.GetLayer() in (pcbnew.F_SilkS, pcbnew.B_SilkS):
                g.SetLayer(pcbnew.B_Fab if side == "B" else pcbnew.F_Fab)
        for pad in fp.Pads():
            num = pad.GetNumber()
            net = pins[ref].get(num)
            if net and not net.startswith("NC_"):
                pad.SetNet(nets[net])
        fpobjs[ref] = fp
    for i, (hx, hy) in enumerate(HOLES):
        fp = pcbnew.FootprintLoad(os.path.join(FPLIB, "MountingHole.pretty"), "MountingHole_3.2mm_M3")
        fp.SetReference("H%d" % (i + 1))
        fp.Reference().SetLayer(pcbnew.F_Fab)
        board.Add(fp)
        fp.SetPosition(mm(hx, hy))

    # outline
    corners = [(0, 0), (W, 0), (W, H), (0, H)]
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        s = pcbnew.PCB_SHAPE(board)
        s.SetShape(pcbnew.SHAPE_T_SEGMENT)
        s.SetLayer(pcbnew.Edge_Cuts)
        s.SetStart(mm(ax, ay))
        s.SetEnd(mm(bx, by))
        s.SetWidth(pcbnew.FromMM(0.1))
        board.Add(s)
    if os.environ.get("PCB_PLACE_ONLY"):      # placement review: no copper
        pcbnew.SaveBoard(out, board)
        return []
    # ---- pads for the router
    grid = Grid()
    padlist = []
    padterms = defaultdict(list)        # net -> list of (ref, pin, cells set, pad)
    for ref, fp in fpobjs.items():
        for pad in fp.Pads():
            net = pad.GetNetname()
            nid = net_ids.get(net, -3 - len(padlist))    # unnamed pads: their own id
            pos = pad.GetPosition()
            cx, cy = pcbnew.ToMM(pos.x) - OX, pcbnew.ToMM(pos.y) - OY
            bb = pad.GetBoundingBox()
            sx, sy = pcbnew.ToMM(bb.GetWidth()), pcbnew.ToMM(bb.GetHeight())
            shape = {pcbnew.PAD_SHAPE_CIRCLE: "circle", pcbnew.PAD_SHAPE_OVAL: "oval"}.get(pad.GetShape(), "rect")
            if shape == "circle":
                sx = sy = pcbnew.ToMM(pad.GetSize().x)
            if pad.GetAttribute() in (pcbnew.PAD_ATTRIB_PTH, pcbnew.PAD_ATTRIB_NPTH):
                layers = {0, 1}
            else:
                layers = {0} if pad.IsOnLayer(pcbnew.F_Cu) else {1}
            if pad.GetAttribute() == pcbnew.PAD_ATTRIB_NPTH:
                nid = -2
                sx = sy = max(sx, sy) + 2 * 0.15   # hole clearance 0.25 mm, not the copper's 0.15
                if ref == "BT1":                   # the holder's screw holes: no copper under a head
                    sx = sy = 6.4
                shape = "circle"
            padlist.append((nid, layers, shape, cx, cy, sx, sy))
            if net in net_ids:
                padterms[net].append((ref, pad.GetNumber(), (cx, cy, sx, sy, shape, layers)))
    for hx, hy in HOLES:
        padlist.append((-2, {0, 1}, "circle", hx, hy, 6.4, 6.4))
    # the hand-laid boost copper is an obstacle to every other net
    boost_cu, boost_groups = boost_copper()
    jcu, jgroups = usb_copper(*placement["J1"][:2])
    boost_cu = boost_cu + jcu
    for k, v in jgroups.items():
        boost_groups[k] = boost_groups.get(k, []) + v
    # and the back layer under the boost cell stays ground (the pour its vias
    # land in): no other net may route or drop a via there
    bx0, by0, bx1, by1 = BOOST_BACK_GND
    padlist.append((net_ids["GND"], {1}, "rect", (bx0 + bx1) / 2, (by0 + by1) / 2, bx1 - bx0, by1 - by0))
    for name, kind, data in boost_cu:
        nid = net_ids[name]
        if kind == "via":
            padlist.append((nid, {0, 1}, "circle", data[0], data[1], VIA_D, VIA_D))
            grid.vias[(int(round(data[0] / G)), int(round(data[1] / G)))] = nid
            continue
        w, pts = data
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            padlist.append((nid, {0}, "rect", (ax + bx) / 2, (ay + by) / 2,
                            abs(bx - ax) + w, abs(by - ay) + w))
    # the board edge as an obstacle
    edge = []
    m = 0.3 + 0.2
    for x in (0.0, W):
        edge.append((-2, {0, 1}, "rect", x, H / 2, 2 * m, H + 2))
    for y in (0.0, H):
        edge.append((-2, {0, 1}, "rect", W / 2, y, W + 2, 2 * m))
    build_keepouts(grid, padlist + edge, [0.25, 0.3, 0.4])
    grid.keep["via"] = None
    build_keepouts(grid, padlist + edge, [VIA_D])
    grid.keep["via"] = grid.keep.pop(VIA_D)

    if os.environ.get("PCB_KEEP_PROBE"):      # debugging: who keeps this point?
        qx, qy, qw = (float(v) for v in os.environ["PCB_KEEP_PROBE"].split(","))
        ix, iy = grid.idx(qx), grid.idx(qy)
        print("keep at (%.3f, %.3f) w %.2f: front %s back %s; fix %s" % (
            qx, qy, qw, grid.keep[qw][0][iy][ix], grid.keep[qw][1][iy][ix], [grid.fix[L][iy][ix] for L in (0, 1)]))
        for item in padlist + edge:
            nid_, layers, shape, cx, cy, sx, sy = item
            m = CLR + qw / 2
            if abs(qx - cx) < sx / 2 + m + 0.4 and abs(qy - cy) < sy / 2 + m + 0.4:
                print("  near:", item, names_by_id.get(nid_))
        sys.exit(0)

    def cells_of(net, w, info):
        cx, cy, sx, sy, shape, layers = info
        cells = set()
        inset = w / 2
        for L in layers:
            for ix in range(int((cx - sx / 2) / G) - 1, int((cx + sx / 2) / G) + 2):
                for iy in range(int((cy - sy / 2) / G) - 1, int((cy + sy / 2) / G) + 2):
                    px, py = ix * G, iy * G
                    if shape == "circle":
                        inside = math.hypot(px - cx, py - cy) <= sx / 2 - inset
                    else:
                        inside = abs(px - cx) <= sx / 2 - inset and abs(py - cy) <= sy / 2 - inset
                    if inside and 0 <= ix < grid.nx and 0 <= iy < grid.ny:
                        cells.add((L, ix, iy))
        return cells

    ranked = {}
    for ref in RANKED:
        if ref not in fpobjs:
            continue
        fx, fy = placement[ref][:2]
        pl = []
        for pad in fpobjs[ref].Pads():
            pos = pad.GetPosition()
            bb = pad.GetBoundingBox()
            pl.append((pad.GetNumber(), pad.GetNetname(), pcbnew.ToMM(pos.x) - OX, pcbnew.ToMM(pos.y) - OY,
                       pcbnew.ToMM(bb.GetWidth()), pcbnew.ToMM(bb.GetHeight())))
        nets_of = {num: net for num, net, *_ in pl}
        for num, v in ranked_fanout(ref, fx, fy, pl).items():
            ranked[(ref, num)] = v
            claim(grid, net_ids[nets_of[num]], 0, v[0])   # before any net routes
            if os.environ.get("PCB_FANOUT_LOG"):
                print("fanout %s.%s %s: %s -> cell %s (%.3f, %.3f)" % (ref, num, nets_of[num], v[0][0], v[1],
                                                                    v[1][0] * G, v[1][1] * G))
    if os.environ.get("PCB_FANOUT_LOG"):
        sys.exit(0)
    stubs = []
    tracks_made = vias_made = 0
    unrouted = []
    # the boost's nets first (its 0.5 mm pitch pins need the room), then
    # VCC, then the rest by size, GND last (the pours add to it)
    boost = {n for n, ts in padterms.items() if any(r == "U4" for r, _p, _i in ts)} - {"GND", "VCC"}
    def hpwl(n):
        xs = [i[0] for _r, _p, i in padterms[n]]
        ys = [i[1] for _r, _p, i in padterms[n]]
        return max(xs) - min(xs) + max(ys) - min(ys)
    # the SPI bus first after the boost: four nets from the MCU to every
    # register across the board, easier before the short nets fill the gaps
    bus = ["SCK", "LATCH", "BLANK", "MOSI"]
    order = sorted(padterms, key=lambda n: (n not in first, first.index(n) if n in first else 0,
                                            n == "GND", n not in boost, n not in bus,
                                            bus.index(n) if n in bus else 0, n != "VCC",
                                            len(padterms[n]) > 12, hpwl(n)))
    def prepare(name):
        netstubs = []
        terms = padterms[name]
        if len(terms) < 2:
            return None
        nid = net_ids[name]
        w = track_width(name)
        cellsets = []
        grouped = {rp: gi for gi, g in enumerate(boost_groups.get(name, [])) for rp in g}
        for ref, num, info in terms:
            cs = cells_of(nid, w, info)
            if (ref, num) in ranked:
                pts, cell, sw = ranked[(ref, num)]
                L = min(info[5])
                cs = {(L, cell[0], cell[1])}
                if not any(st[2][0] == pts[0] for st in netstubs):
                    netstubs.append((name, L, pts, sw, (L, cell[0], cell[1])))
                claim(grid, nid, L, pts)
            elif (ref, num) in grouped:
                pass                      # joined by the hand-laid copper (merged below)
            elif not cs and ref in FANOUT:
                # fine-pitch IC: straight out of the pad, then fan out to
                # grid points 2 cells apart (hand-made escape, same every run)
                cx, cy, sx, sy, shape, layers = info
                fx, fy = FANOUT[ref]
                L = min(layers)
                if abs(cx - fx) > abs(cy - fy):     # pins left/right of the body
                    d = 1 if cx > fx else -1
                    lat = round((cy - fy) / 0.5)
                    end = (cx + d * 0.8, cy)
                    cell = (int(round((fx + d * 2.54) / G)), int(round(fy / G)) + 2 * lat)
                else:
                    d = 1 if cy > fy else -1
                    lat = round((cx - fx) / 0.5)
                    end = (cx, cy + d * 0.8)
                    cell = (int(round(fx / G)) + 2 * lat, int(round((fy + d * 2.54) / G)))
                pts = [(cx, cy), end, (cell[0] * G, cell[1] * G)]
                cs = {(L, cell[0], cell[1])}
                netstubs.append((name, L, pts, 0.25, (L, cell[0], cell[1])))
                claim(grid, nid, L, pts)
            elif not cs:
                # a small SMD pad with no grid point inside: a stub from the
                # pad's centre to the nearest free grid point beside it
                cx, cy, sx, sy, shape, layers = info
                L = min(layers)
                best = None
                for ix in range(int(cx / G) - 2, int(cx / G) + 3):
                    for iy in range(int(cy / G) - 2, int(cy / G) + 3):
                        if not (0 <= ix < grid.nx and 0 <= iy < grid.ny):
                            continue
                        k = grid.keep[w][L][2 * iy][2 * ix]
                        o = grid.occ[L][2 * iy][2 * ix]
                        f = grid.fix[L][2 * iy][2 * ix]
                        if k in (-1, nid) and o in (-1, nid) and f in (-1, nid):
                            dd = math.hypot(ix * G - cx, iy * G - cy)
                            if best is None or dd < best[0]:
                                best = (dd, ix, iy)
                if best:
                    cs = {(L, best[1], best[2])}
                    pts = [(cx, cy), (best[1] * G, best[2] * G)]
                    netstubs.append((name, L, pts, 0.25, (L, best[1], best[2])))
            cellsets.append(cs)
        if grouped:
            # each group of pads joined by hand-laid copper is one terminal:
            # its pads' grid points and the grid points on its copper
            merged, keep_sets = defaultdict(set), []
            for (ref, num, info), cs in zip(terms, cellsets):
                gi = grouped.get((ref, num))
                if gi is None:
                    keep_sets.append(cs)
                else:
                    merged[gi] |= cs
            for gi in merged:
                refs = {r for r, _n in boost_groups[name][gi]}
                for cname, kind, data in boost_cu:
                    if cname != name or kind != "track":
                        continue
                    cw, pts = data
                    # only copper that touches this group's pads
                    if not any(any(abs(px - info[0]) < info[2] / 2 + 0.01 and abs(py - info[1]) < info[3] / 2 + 0.01
                                   for r, n, info in terms if r in refs and (r, n) in grouped)
                               for px, py in pts):
                        continue
                    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
                        for ix in range(int(min(ax, bx) / G) - 1, int(max(ax, bx) / G) + 2):
                            for iy in range(int(min(ay, by) / G) - 1, int(max(ay, by) / G) + 2):
                                px, py = ix * G, iy * G
                                if min(ax, bx) - 1e-6 <= px <= max(ax, bx) + 1e-6 and abs(py - ay) <= cw / 2 - 0.05 \
                                        or min(ay, by) - 1e-6 <= py <= max(ay, by) + 1e-6 and abs(px - ax) <= cw / 2 - 0.05:
                                    merged[gi].add((0, ix, iy))
            cellsets = [merged[gi] for gi in sorted(merged)] + keep_sets
            if len(cellsets) < 2:
                return None               # the hand-laid copper is the whole net
        xs = [info[0] for _r, _n, info in terms]
        ys = [info[1] for _r, _n, info in terms]
        mrg = 25.0
        window = (max(0, int((min(xs) - mrg) / G)), max(0, int((min(ys) - mrg) / G)),
                  min(grid.nx - 1, int((max(xs) + mrg) / G)), min(grid.ny - 1, int((max(ys) + mrg) / G)))
        return nid, cellsets, w, window, netstubs

    # route every net in order; a net that cannot join all its pads probes
    # through the others' copper, rips up the nets in its way and goes
    # again, and those nets go back in the queue (each at most RIP_MAX
    # times): rip-up and reroute
    routed = {}                         # name -> (paths, w, marked, failed, stubs)
    why = {}                            # name -> why its last rip-up could not help
    rips = defaultdict(int)
    queue = list(order)
    total_rips = 0

    def unroute(name):
        for L, hy, hx in routed[name][2]:
            if grid.occ[L][hy][hx] == net_ids[name]:
                grid.occ[L][hy][hx] = -1
        for cell in [c for c, n in grid.vias.items() if n == net_ids[name]]:
            del grid.vias[cell]
        del routed[name]

    # the bus, routed first on an empty board, is never ripped up
    # (PCB_PROTECT_BUS=1, the default) or may be (0). Neither is better in
    # every run: the committed board came from a run with 0, before the via
    # spacing and the in-pad ground vias were added
    protected = frozenset(net_ids[n] for n in bus if n in net_ids) if os.environ.get("PCB_PROTECT_BUS", "1") == "1" else frozenset()
    # GND is not maze-routed: every ground pad gets its own via (below) and
    # both layers are poured; a tree routed last only cut the pours up
    queue = [n for n in queue if n != "GND"]
    while queue:
        name = queue.pop(0)
        prep = prepare(name)
        if prep is None:
            continue
        nid, cellsets, w, window, netstubs = prep
        paths, failed, marked, _c = route_net(grid, nid, cellsets, w, window)
        if (paths is None or failed) and total_rips < RIP_TOTAL and name != "GND":
            for L, hy, hx in marked:
                grid.occ[L][hy][hx] = -1
            for cell in [c for c, n in grid.vias.items() if n == nid]:
                del grid.vias[cell]
            _p, pf, _m, crossed = route_net(grid, nid, cellsets, w, window, soft=True, hard=protected)
            victims = {n for n in (names_by_id.get(c) for c in crossed) if n in routed and n != name}
            if pf:
                stuck = [("%s.%s" % (r, n)) for (r, n, _i), cs in zip(padterms[name], cellsets)
                         if len(cellsets) == len(padterms[name]) and not any(
                             grid.keep[w][c[0]][2 * c[2]][2 * c[1]] in (-1, nid) for c in cs)]
                why[name] = "blocked by pads, fixed copper or the board (no path even through other nets)%s" % (
                    ": no free cell at " + " ".join(stuck) if stuck else "")
            elif not victims:
                why[name] = "no path at this width"
            elif not all(rips[v] < RIP_MAX for v in victims):
                why[name] = "its blockers were ripped up %d times already: %s" % (RIP_MAX, " ".join(sorted(victims)))
            if pf == 0 and victims and all(rips[v] < RIP_MAX for v in victims):
                total_rips += 1
                for v in victims:
                    unroute(v)
                    rips[v] += 1
                    queue.append(v)
            prep = prepare(name)
            nid, cellsets, w, window, netstubs = prep
            paths, failed, marked, _c = route_net(grid, nid, cellsets, w, window)
        if paths is None:
            failed = len(padterms[name]) - 1
        used = set(c for pth in (paths or []) for c in pth)
        routed[name] = (paths or [], w, marked, failed, [st for st in netstubs if st[4] in used])
    log("router: %d rip-ups" % total_rips)
    # every ground pad on the front gets its own short track and via into
    # the back's pour where room is left: the pours alone cut some pads off
    escapes = []
    escape_vias = set()
    gprep = prepare("GND")
    if gprep:
        nid, cellsets, _w, _win, netstubs = gprep
        for cs in cellsets:
            front_cells = {c for c in cs if c[0] == 0}
            if not front_cells:
                continue
            xs = [c[1] for c in front_cells]
            ys = [c[2] for c in front_cells]
            win = (max(0, min(xs) - 10), max(0, min(ys) - 10), min(grid.nx - 1, max(xs) + 10), min(grid.ny - 1, max(ys) + 10))
            backs = {(1, ix, iy) for ix in range(win[0], win[2] + 1) for iy in range(win[1], win[3] + 1)}
            epaths, efailed, _m, _c = route_net(grid, nid, [front_cells, backs], 0.25, win)
            if not epaths or efailed:
                # no room for a via: join the nearest ground copper instead
                gcells = {(L, ix, iy) for L in (0, 1) for ix in range(win[0], win[2] + 1)
                          for iy in range(win[1], win[3] + 1)
                          if grid.occ[L][2 * iy][2 * ix] == nid and (L, ix, iy) not in front_cells}
                if gcells:
                    epaths, efailed, _m, _c = route_net(grid, nid, [front_cells, gcells], 0.25, win)
            vias = {(c[1], c[2]) for pth in (epaths or []) for a_, c in zip(pth, pth[1:]) if a_[0] != c[0]}
            if vias & escape_vias:
                continue                 # joined to a via another pad of its group made
            escape_vias |= vias
            if epaths and not efailed:
                used = {c for pth in epaths for c in pth}
                escapes.append((epaths, [st for st in netstubs if st[4] in used]))
    log("router: %d ground pads with their own via" % len(escapes))
    # a ground pad that neither escape served: a via on a grid point inside
    # the pad itself (into the back's pour), where the back is free there
    in_pad = []
    if gprep:
        for ref, num, info in padterms["GND"]:
            cx, cy, sx, sy, _shape, layers = info
            if layers != {0}:
                continue
            pts = [(ix, iy) for ix in range(int((cx - sx / 2) / G), int((cx + sx / 2) / G) + 2)
                   for iy in range(int((cy - sy / 2) / G), int((cy + sy / 2) / G) + 2)
                   if abs(ix * G - cx) <= sx / 2 - 0.1 and abs(iy * G - cy) <= sy / 2 - 0.1]
            served = any(grid.occ[0][2 * iy][2 * ix] == net_ids["GND"] and (ix, iy) in grid.vias for ix, iy in pts)
            if served or not pts:
                continue
            joined = any(abs(vx * G - cx) <= sx / 2 + 1.0 and abs(vy * G - cy) <= sy / 2 + 1.0
                         for eps, _st in escapes for pth in eps for p_ in pth for vx, vy in [(p_[1], p_[2])])
            if joined:
                continue
            for ix, iy in pts:
                if grid.keep["via"][1][2 * iy][2 * ix] in (-1, net_ids["GND"]) and \
                        all(grid.occ[1][2 * (iy + dy)][2 * (ix + dx)] in (-1, net_ids["GND"])
                            for dx in (-1, 0, 1) for dy in (-1, 0, 1)) and \
                        not any((ix + dx, iy + dy) in grid.vias for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                    grid.vias[(ix, iy)] = net_ids["GND"]
                    in_pad.append((ix, iy))
                    break
    log("router: %d ground vias in their pads" % len(in_pad))
    for name in order:
        if name not in routed:
            continue
        paths, w, _marked, failed, netstubs = routed[name]
        stubs.extend(netstubs)
        if failed:
            unrouted.append((name, failed))
            if name in why:
                log("  %s: %s" % (name, why[name]))
        made = emit_paths(board, nets[name], paths, w)
        tracks_made += made[0]
        vias_made += made[1]
    for ix, iy in in_pad:
        v = pcbnew.PCB_VIA(board)
        v.SetPosition(mm(ix * G, iy * G))
        v.SetDrill(pcbnew.FromMM(VIA_DRILL))
        v.SetWidth(pcbnew.FromMM(VIA_D))
        v.SetNet(nets["GND"])
        board.Add(v)
        vias_made += 1
    for epaths, estubs in escapes:
        stubs.extend(estubs)
        made = emit_paths(board, nets["GND"], epaths, 0.25)
        tracks_made += made[0]
        vias_made += made[1]
    for name, L, pts, w, _cell in stubs:
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            t = pcbnew.PCB_TRACK(board)
            t.SetStart(mm(ax, ay))
            t.SetEnd(mm(bx, by))
            t.SetWidth(pcbnew.FromMM(w))
            t.SetLayer(pcbnew.F_Cu if L == 0 else pcbnew.B_Cu)
            t.SetNet(nets[name])
            board.Add(t)
    for name, kind, data in boost_cu:
        if kind == "via":
            v = pcbnew.PCB_VIA(board)
            v.SetPosition(mm(*data))
            v.SetDrill(pcbnew.FromMM(VIA_DRILL))
            v.SetWidth(pcbnew.FromMM(VIA_D))
            v.SetNet(nets[name])
            board.Add(v)
            vias_made += 1
            continue
        w, pts = data
        for (ax, ay), (bx, by) in zip(pts, pts[1:]):
            t = pcbnew.PCB_TRACK(board)
            t.SetStart(mm(ax, ay))
            t.SetEnd(mm(bx, by))
            t.SetWidth(pcbnew.FromMM(w))
            t.SetLayer(pcbnew.F_Cu)
            t.SetNet(nets[name])
            board.Add(t)
            tracks_made += 1
    # ground pours on both layers
    for layer in (pcbnew.F_Cu, pcbnew.B_Cu):
        z = pcbnew.ZONE(board)
        z.SetLayer(layer)
        z.SetNetCode(nets["GND"].GetNetCode())
        z.SetPadConnection(pcbnew.ZONE_CONNECTION_THERMAL)
        z.SetMinThickness(pcbnew.FromMM(0.25))
        z.SetThermalReliefGap(pcbnew.FromMM(0.3))
        z.SetThermalReliefSpokeWidth(pcbnew.FromMM(0.4))
        z.SetLocalClearance(pcbnew.FromMM(0.3))
        ol = z.Outline()
        ol.NewOutline()
        for x, y in ((0.3, 0.3), (W - 0.3, 0.3), (W - 0.3, H - 0.3), (0.3, H - 0.3)):
            p = mm(x, y)
            ol.Append(p.x, p.y)
        board.Add(z)
    log("pcb: %d parts, %d tracks, %d vias, board %.0f x %.0f mm" % (len(fpobjs), tracks_made, vias_made, W, H))
    for n in ("SW_BOOST", "VIN_BOOST", "VCC", "ROW0"):
        a, why = CURRENTS[n]
        log("track width %s %.2f mm for %.2f A (%s; IPC-2221 outer 1 oz 10 C: %.2f mm)"
            % (n, track_width(n), a, why, ipc_width_mm(a)))
    for name, k in unrouted:
        log("unrouted: %s (%d connection%s)" % (name, k, "s" if k > 1 else ""))
    log("router: %d nets with unrouted connections" % len(unrouted))
    pcbnew.SaveBoard(out, board)
    return unrouted


# what the maker reads on the silk besides the references (silkscreen.py)
LEGENDS = [("SW2", "UP", 1.5), ("SW3", "DOWN", 1.5), ("SW4", "LEFT", 1.5), ("SW5", "RIGHT", 1.5),
           ("SW6", "A", 2.0), ("SW7", "B", 2.0), ("SW1", "POWER", 1.2),
           ("BT1", "3 x AA 1.5 V", 1.5), ("J4", "ISP 1=MISO", 1.0), ("J1", "USB", 1.0)]


def silk(board):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import silkscreen
    lower = [(x, y) for y in (147.5, 146.0, 144.5, 97.0, 95.5) for x in (30.0, 40.0, 50.0, 60.0, 20.0)]
    notes = [("jarmo-handheld rev D", 1.5, lower, pcbnew.F_SilkS),
             ("the Jarmo console - open hardware", 1.2, lower, pcbnew.F_SilkS),
             ("jarmo-handheld rev D - cells this side", 1.5,
              [(50.0, y) for y in (20.0, 30.0, 40.0, 50.0)], pcbnew.B_SilkS)]
    first = {}
    for r in range(8):                 # under each point: DR<rc> then DG<rc>
        for c in range(8):
            first["DR%d%d" % (r, c)] = [(px(c) + dx, py(r) + 2.55, 0) for dx in (0, -0.635, 0.635)] + \
                [(px(c), py(r) - 2.6, 0)]
            first["DG%d%d" % (r, c)] = [(px(c) + dx, py(r) + 4.2, 0) for dx in (0, -0.635, 0.635)]
    missing = silkscreen.lay_out(board, W, H, OX, OY, LEGENDS, notes, first)
    for m in missing:
        log("silk: no place for %r" % m)
    log("silk: %d texts without a place" % len(missing))


def finish():
    out = sys.argv[3]
    logpath = sys.argv[4] if len(sys.argv) > 4 else None
    # the zone filler crashes on a board built in memory: fill the saved copy
    board = pcbnew.LoadBoard(out)
    silk(board)
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())
    # the pours leave some ground pads cut off in the crowded middle
    import pcb_repair
    pcb_repair.repair(board, log)
    pcbnew.SaveBoard(out, board)
    if logpath:
        open(logpath, "w").write("\n".join(LOG) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
