#!/usr/bin/python3
"""Generate the jarmo-handheld PCB from the schematic's netlist and BOM.

    /usr/bin/python3 tools/hardware/gen_pcb.py NETLIST_CSV BOM_CSV OUT.kicad_pcb [LOG]

Needs Debian's KiCad 6 (`pcbnew` Python module, Debian's /usr/bin/python3)
and kicad-footprints. netlist.csv (net,ref,pin,pin_name) is the one source
of the connections; bom.csv gives each part's footprint (LIBRARY/NAME).
Placement is the table in place(); routing is a two-layer grid maze router
(0.635 mm grid, Manhattan moves, vias) written here, with track widths by
current (TRACK_W); then GND pours on both layers and four M3 holes.
Nothing here is typed twice: the case (tools/hardware/gen_case.py) reads
the outline and part positions back from the written board."""
import csv
import heapq
import math
import os
import sys
from collections import defaultdict

import pcbnew

FPLIB = os.environ.get("KICAD6_FOOTPRINT_DIR", "/usr/share/kicad/footprints")
W, H = 120.0, 195.0             # board outline, mm
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
    "VCC": (0.40, "display all on 0.37 A + logic"),
    "GND": (1.0, "return of the cell current"),
    "VUSB": (0.55, "USB input, all LEDs on"),
    "VFTDI": (0.55, "FTDI input, all LEDs on"),
}
for _r in range(8):
    CURRENTS["ROW%d" % _r] = (0.37, "one row of 16 LEDs")
for _c in range(8):
    for _col in ("RED", "GRN"):
        CURRENTS["%s_K%d" % (_col, _c)] = (0.026, "one LED at a time per column")


def track_width(net):
    amps = CURRENTS.get(net, (0.04, ""))[0]
    if amps <= 0.05:
        return 0.25
    return 0.4  # every power net: 0.4 mm >= the IPC width below (printed)


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
def place():
    """ref -> (x, y, rotation deg, side) in board mm (origin top-left).
    x, y is where the footprint's origin (its pad 1 for most parts) goes."""
    P = {}
    # the display: LED<r><c>, pads vertical (rotation 90: pad 1 above pad 2)
    for r in range(8):
        for c in range(8):
            x, y = 12.7 + 10.16 * c, 12.7 + 10.16 * r
            P["LED%d%d" % (r, c)] = (x, y + 2.54, 90, "F")   # pad 2 at (x, y)
    # row switches on the right of the matrix: Q, gate resistor, pull-up
    for r in range(8):
        y = 12.7 + 10.16 * r
        P["Q%d" % r] = (92.71, y, 180, "F")
        P["R2%d" % r] = (97.79, y - 2.54, 0, "F")
        P["R1%d" % r] = (97.79, y + 2.54, 0, "F")
    # column resistors under the matrix, standing in pairs: red left, green right
    for c in range(8):
        x = 12.7 + 10.16 * c
        P["R3%d" % c] = (x - 2.54, 90.17, 270, "F")
        P["R4%d" % c] = (x + 2.54, 90.17, 270, "F")
    # column sinks, rotated so their pins run along x (pin 1 lower left)
    P["U2"] = (8.89, 111.76, 90, "F")     # red
    P["C21"] = (8.89, 116.84, 0, "F")
    P["U3"] = (45.72, 111.76, 90, "F")    # green
    P["C22"] = (55.88, 116.2, 0, "F")
    # row register under the row switches
    P["U1"] = (95.25, 95.25, 0, "F")
    P["C20"] = (102.87, 92.0, 0, "F")     # at U1 pin 16 (VCC), pad 2 to GND
    P["R6"] = (86.36, 104.14, 270, "F")
    P["C13"] = (93.65, 48.26, 90, "F")    # 22 uF among the row switches' sources (rows 3/4)
    # MCU band: DIP-28 pins along x, pin 1 lower left
    P["U0"] = (30.48, 128.27, 90, "F")
    P["Y1"] = (50.8, 133.35, 0, "F")
    P["C3"] = (43.18, 139.0, 0, "F")
    P["C4"] = (57.15, 139.0, 0, "F")
    P["C1"] = (45.72, 131.0, 270, "F")    # pad 1 (VCC) 2.7 mm under U0 pin 7, pad 2 (GND) below
    P["C2"] = (50.72, 116.2, 180, "F")    # pad 1 (VCC) towards AVCC pin 20, pad 2 (GND) towards GND pin 22
    P["C5"] = (36.83, 116.2, 0, "F")
    P["R3"] = (63.5, 116.2, 0, "F")
    P["R2"] = (62.23, 132.08, 0, "F")
    P["R1"] = (19.05, 120.65, 0, "F")
    P["D4"] = (19.05, 124.46, 0, "F")
    P["C6"] = (19.05, 128.27, 0, "F")
    P["R4"] = (19.05, 132.08, 0, "F")
    P["R5"] = (19.05, 135.89, 0, "F")
    P["J2"] = (3.81, 120.65, 0, "F")      # FTDI, along the left edge
    P["BZ1"] = (76.2, 128.27, 0, "F")
    P["J4"] = (89.0, 121.92, 0, "F")     # ISP, shrouded
    P["R7"] = (80.01, 138.43, 0, "F")
    # buttons: cross on the left, B and A on the right (footprint origin = pad 1)
    for ref, (cx, cy) in {"SW2": (16.51, 147.32), "SW3": (16.51, 170.18), "SW4": (6.35, 158.75),
                          "SW5": (26.67, 158.75), "SW6": (110.49, 156.21), "SW7": (99.06, 166.37)}.items():
        P[ref] = (cx - 3.25, cy - 2.25, 0, "F")
    # power column on the right: USB and the boost
    P["J3"] = (W - 3.0, 134.62, 90, "F")
    P["D1"] = (97.79, 121.92, 0, "F")
    P["D2"] = (97.79, 125.73, 0, "F")
    P["R50"] = (97.79, 129.54, 0, "F")
    P["D3"] = (99.06, 133.35, 0, "F")
    P["Q9"] = (99.06, 137.16, 0, "F")
    # the boost cell: placed and copper-laid by hand (BOOST_COPPER below), so
    # the switching loop U4 VOUT -> C11 -> U4 GND is about 1 x 2 mm and SW
    # runs 5 mm straight into L1; courtyards touch, never overlap
    ux, uy = BOOST_XY
    P["U4"] = (ux, uy, 270, "F")            # pins 1-3 (FB, EN, VIN) above, 4-6 (GND, SW, VOUT) below
    P["C11"] = (ux, uy + 2.43, 180, "F")     # straddles SW: pad 2 (GND) under pin 4, pad 1 (VCC) under pin 6
    P["C12"] = (ux + 3.55, uy + 2.43, 0, "F")
    P["L1"] = (ux - 1.19, uy + 5.78, 0, "F")  # pad 2 (SW) straight under U4 pin 5
    P["C10"] = (ux - 5.05, uy + 2.43, 180, "F")  # pad 1 (VIN) on the VIN run, pad 2 to a GND via
    P["R52"] = (ux + 2.85, uy - 1.52, 0, "F")
    P["R51"] = (ux + 2.85, uy - 3.12, 180, "F")
    P["C15"] = (ux + 2.85, uy - 4.72, 180, "F")
    P["SW1"] = (W - 3.5, 180.34, 90, "F")  # slide switch at the right edge
    P["R53"] = (95.25, 175.26, 0, "F")
    P["R54"] = (95.25, 179.07, 0, "F")
    P["C16"] = (95.25, 184.15, 0, "F")
    P["BT1"] = (88.5, 151.5, 180, "B")      # 3 x AA holder on the back, under no THT lead
    return P


BOOST_XY = (107.95, 140.97)     # U4's body centre
BOOST_BACK_GND = (100.8, 135.0, 114.6, 149.0)   # back-layer area kept for GND (x0, y0, x1, y1)


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
        ("VIN_BOOST", T, (0.8, [(ux - 1.15, yt), (x_vin, yt), (x_vin, l_y), (ux - 2.375, l_y)])),
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


# fine-pitch parts whose pins escape by a fixed fan-out: ref -> body centre
# (must sit on the routing grid); filled from place() in build()
FANOUT = {}


def claim(grid, net, L, pts):
    """Reserve the half-grid points near a stub for its net (no other net's
    0.4 mm track may pass closer than the clearance)."""
    reach = 0.125 + CLR + 0.2
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        for ix in range(grid.idx(min(ax, bx) - reach) - 1, grid.idx(max(ax, bx) + reach) + 2):
            for iy in range(grid.idx(min(ay, by) - reach) - 1, grid.idx(max(ay, by) + reach) + 2):
                if not (0 <= ix < grid.hx and 0 <= iy < grid.hy):
                    continue
                px, py = ix * G / 2, iy * G / 2
                vx, vy = bx - ax, by - ay
                t = max(0, min(1, ((px - ax) * vx + (py - ay) * vy) / (vx * vx + vy * vy or 1)))
                if math.hypot(px - ax - t * vx, py - ay - t * vy) < reach:
                    if grid.occ[L][iy][ix] == -1:
                        grid.occ[L][iy][ix] = net


# four corners, and two at mid-height: 187 mm between the corner holes is a
# long span for a board held in the hands with 3 x AA on its back
HOLES = [(4.0, 4.0), (W - 4.0, 4.0), (4.0, H - 4.0), (W - 4.0, H - 4.0), (4.0, 100.0), (W - 4.0, 100.0)]


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


def route_net(grid, net, terms, w, window):
    """terms: list of sets of (L, ix, iy) coarse-cell terminals (one set per pad).
    Returns list of paths (lists of (L, ix, iy)) or None for a failed join."""
    keep = grid.keep[w]
    vkeep = grid.keep["via"]
    occ = grid.occ
    x0, y0, x1, y1 = window

    def free(L, ix, iy):
        if ix < x0 or iy < y0 or ix > x1 or iy > y1:
            return False
        hx, hy = 2 * ix, 2 * iy
        k = keep[L][hy][hx]
        o = occ[L][hy][hx]
        return (k == -1 or k == net) and (o == -1 or o == net)

    def edge_free(L, ax, ay, bx, by):
        hx, hy = ax + bx, ay + by           # midpoint on the half grid
        k = keep[L][hy][hx]
        o = occ[L][hy][hx]
        return (k == -1 or k == net) and (o == -1 or o == net)

    def via_ok(ix, iy):
        for L in (0, 1):
            if vkeep[L][2 * iy][2 * ix] != -1:
                return False
            for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                hx, hy = 2 * (ix + dx), 2 * (iy + dy)
                if 0 <= hx < grid.hx and 0 <= hy < grid.hy:
                    o = occ[L][hy][hx]
                    if o != -1 and o != net:
                        return False
                    if dx == 0 and dy == 0:
                        continue
                    # the half-grid point between the via and its neighbour
                    o2 = occ[L][iy * 2 + dy][ix * 2 + dx]
                    if o2 != -1 and o2 != net:
                        return False
        return True

    tree = set(t for t in terms[0] if free(*t))
    if not tree:
        return None, 1
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
        for s in tree:
            dist[s] = 0
            heapq.heappush(pq, (0, 0, s))
        found = None
        while pq:
            f, g, s = heapq.heappop(pq)
            if g > dist.get(s, 1e18):
                continue
            if s in targets:
                found = s
                break
            L, ix, iy = s
            nbrs = []
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                n = (L, ix + dx, iy + dy)
                if free(*n) and edge_free(L, ix, iy, ix + dx, iy + dy):
                    step = 1.0
                    # prefer horizontal on the back, vertical on the front
                    if (L == 0 and dy == 0) or (L == 1 and dx == 0):
                        step = 1.6
                    nbrs.append((n, step))
            n = (1 - L, ix, iy)
            if free(*n) and via_ok(ix, iy):
                nbrs.append((n, 12.0))
            for n, c in nbrs:
                ng = g + c
                if ng < dist.get(n, 1e18):
                    dist[n] = ng
                    prev[n] = s
                    h = 0.9 * (abs(n[1] - tx) + abs(n[2] - ty)) if len(targets) < 40 else 0
                    heapq.heappush(pq, (ng + h, ng, n))
        if found is None:
            failed += 1
            # drop the hardest pad and go on with the rest
            remaining.pop(0)
            continue
        path = [found]
        while path[-1] in prev:
            path.append(prev[path[-1]])
        path.reverse()
        for i, s in enumerate(path):
            L, ix, iy = s
            occ[L][2 * iy][2 * ix] = net
            if i:
                p = path[i - 1]
                if p[0] == L:
                    occ[L][p[2] + iy][p[1] + ix] = net
                else:                        # a via: claim its neighbours
                    for LL in (0, 1):
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                            hx, hy = 2 * ix + dx, 2 * iy + dy
                            if 0 <= hx < grid.hx and 0 <= hy < grid.hy and occ[LL][hy][hx] == -1:
                                occ[LL][hy][hx] = net
                            hx, hy = 2 * (ix + dx), 2 * (iy + dy)
                            if 0 <= hx < grid.hx and 0 <= hy < grid.hy and occ[LL][hy][hx] == -1:
                                occ[LL][hy][hx] = net
        tree |= set(path)
        paths.append(path)
        remaining = [ts for ts in remaining if not (ts & tree)]
    return paths, failed


# -------------------------------------------------------------------- main --
def main():
    if len(sys.argv) < 4:
        sys.stderr.write(__doc__)
        return 2
    first = []
    best = None
    for attempt in range(1, 7):
        LOG.clear()
        unrouted = build(first)
        score = sum(k for _n, k in unrouted)
        if best is None or score < best[0]:
            best = (score, list(first), attempt)
        if not unrouted:
            break
        # rip up and retry: the nets that failed are routed first next time
        first = [n for n, _k in unrouted] + [n for n in first if n not in dict(unrouted)]
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

    placement = place()
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
            if num == "" and pad.GetAttribute() != pcbnew.PAD_ATTRIB_NPTH and ref.startswith("J3"):
                pad.SetNumber("6")   # USB shell: the schematic's SHIELD pin 6
                num = "6"
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
    # silkscreen notes for the maker
    for txt, x, y, size in (("jarmo-handheld rev C", 50.0, 100.0, 1.2),
                            ("GND/BLK", 8.5, 119.4, 0.8), ("DTR/GRN", 8.5, 134.6, 0.8)):
        t = pcbnew.PCB_TEXT(board)
        t.SetText(txt)
        t.SetPosition(mm(x, y))
        t.SetLayer(pcbnew.F_SilkS)
        t.SetTextSize(pcbnew.wxSizeMM(size, size))
        board.Add(t)

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
                sx = sy = max(sx, sy)
                shape = "circle"
            padlist.append((nid, layers, shape, cx, cy, sx, sy))
            if net in net_ids:
                padterms[net].append((ref, pad.GetNumber(), (cx, cy, sx, sy, shape, layers)))
    for hx, hy in HOLES:
        padlist.append((-2, {0, 1}, "circle", hx, hy, 6.4, 6.4))
    # the hand-laid boost copper is an obstacle to every other net
    boost_cu, boost_groups = boost_copper()
    # and the back layer under the boost cell stays ground (the pour its vias
    # land in): no other net may route or drop a via there
    bx0, by0, bx1, by1 = BOOST_BACK_GND
    padlist.append((net_ids["GND"], {1}, "rect", (bx0 + bx1) / 2, (by0 + by1) / 2, bx1 - bx0, by1 - by0))
    for name, kind, data in boost_cu:
        nid = net_ids[name]
        if kind == "via":
            padlist.append((nid, {0, 1}, "circle", data[0], data[1], VIA_D, VIA_D))
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
    build_keepouts(grid, padlist + edge, [0.25, 0.4])
    grid.keep["via"] = None
    build_keepouts(grid, padlist + edge, [VIA_D])
    grid.keep["via"] = grid.keep.pop(VIA_D)

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

    stubs = []
    tracks_made = vias_made = 0
    unrouted = []
    # the boost's nets first (its 0.5 mm pitch pins need the room), then
    # VCC, then the rest by size, GND last (the pours add to it)
    boost = {n for n, ts in padterms.items() if any(r == "U4" for r, _p, _i in ts)} - {"GND", "VCC"}
    order = sorted(padterms, key=lambda n: (n not in first, first.index(n) if n in first else 0,
                                            n == "GND", n not in boost, n != "VCC",
                                            len(padterms[n]) > 12, len(padterms[n])))
    for name in order:
        terms = padterms[name]
        if len(terms) < 2:
            continue
        nid = net_ids[name]
        w = track_width(name)
        cellsets = []
        grouped = {rp: gi for gi, g in enumerate(boost_groups.get(name, [])) for rp in g}
        for ref, num, info in terms:
            cs = cells_of(nid, w, info)
            if (ref, num) in grouped:
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
                stubs.append((name, L, pts, 0.25, (L, cell[0], cell[1])))
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
                        if k in (-1, nid) and o in (-1, nid):
                            dd = math.hypot(ix * G - cx, iy * G - cy)
                            if best is None or dd < best[0]:
                                best = (dd, ix, iy)
                if best:
                    cs = {(L, best[1], best[2])}
                    pts = [(cx, cy), (best[1] * G, best[2] * G)]
                    stubs.append((name, L, pts, 0.25, (L, best[1], best[2])))
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
                continue                  # the hand-laid copper is the whole net
        xs = [info[0] for _r, _n, info in terms]
        ys = [info[1] for _r, _n, info in terms]
        mrg = 25.0
        window = (max(0, int((min(xs) - mrg) / G)), max(0, int((min(ys) - mrg) / G)),
                  min(grid.nx - 1, int((max(xs) + mrg) / G)), min(grid.ny - 1, int((max(ys) + mrg) / G)))
        paths, failed = route_net(grid, nid, cellsets, w, window)
        used = set(c for pth in (paths or []) for c in pth)
        stubs = [st for st in stubs if st[0] != name or st[4] in used]
        if paths is None:
            unrouted.append((name, len(terms) - 1))
            continue
        if failed:
            unrouted.append((name, failed))
        for path in paths:
            # merge straight runs into one segment each
            i = 0
            while i < len(path) - 1:
                a = path[i]
                if path[i + 1][0] != a[0]:
                    v = pcbnew.PCB_VIA(board)
                    v.SetPosition(mm(a[1] * G, a[2] * G))
                    v.SetDrill(pcbnew.FromMM(VIA_DRILL))
                    v.SetWidth(pcbnew.FromMM(VIA_D))
                    v.SetNet(nets[name])
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
                t.SetNet(nets[name])
                board.Add(t)
                tracks_made += 1
                i = j
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


def finish():
    out = sys.argv[3]
    logpath = sys.argv[4] if len(sys.argv) > 4 else None
    # the zone filler crashes on a board built in memory: fill the saved copy
    board = pcbnew.LoadBoard(out)
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())
    pcbnew.SaveBoard(out, board)
    if logpath:
        open(logpath, "w").write("\n".join(LOG) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
