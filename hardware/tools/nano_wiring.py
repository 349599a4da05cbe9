#!/usr/bin/env python3
"""Wiring diagram of the jarmo-nano, drawn from its board definition.

    nano_wiring.py BOARD_HEADER OUT_SVG

BOARD_HEADER is board-defs/jarmo-nano.h. The pins come from its #define
BOARD_... lines (panel data, the six buttons, the buzzer, the panel's
serpentine flag), never from this file, so the drawing cannot disagree with
the firmware. AVR pins map to the Nano's silk labels: PD0..PD7 = D0..D7,
PB0..PB5 = D8..D13, PC0..PC5 = A0..A5.

Drawn: the Nano seen from the top with the USB end up, the 8x8 WS2812B panel
(front view, its chain from the header), 330 R in the data line near the
panel, 1000 uF across the panel's 5V/GND at the panel, each button between
its pin and GND, the passive piezo from its pin through 330 R to GND, and
the breadboard's 5V and GND rails. A wire that crosses another without a
connection jumps over it (a hop); a dot joins wires. The output depends on
the header's defines and its file name only (no date, no directory): same
input, same bytes.
Exits 1 with a message if a define is missing or a pin cannot be wired.
"""
import os
import re
import sys

PROG = "nano_wiring.py"

# The Nano's header, USB end first, seen from the top with the USB end up
# (pins 16..30 on the left, 15..1 on the right; the usual Nano pinout).
LEFT = ["D13", "3V3", "AREF", "A0", "A1", "A2", "A3", "A4", "A5", "A6", "A7", "5V", "RST", "GND", "VIN"]
RIGHT = ["D12", "D11", "D10", "D9", "D8", "D7", "D6", "D5", "D4", "D3", "D2", "GND", "RST", "RX0", "TX1"]

BUTTONS = ["Up", "Down", "Left", "Right", "A", "B"]
# the parts' values, as in hardware/jarmo-nano/README.md
R_DATA, R_PIEZO, C_PANEL = "330 \u03a9", "330 \u03a9", "1000 \u00b5F, 6.3 V or more"
COLOURS = {"5V": "#d62728", "GND": "#222222", "DATA": "#e67e00", "BTN": "#1f77b4", "PIEZO": "#8e44ad"}

# ---- geometry (SVG user units, about a pixel each) -------------------------
PITCH = 34          # Nano pin spacing in the drawing
NANO_W = 170
PAD_IN = 16         # pad centre from the Nano's edge
NY0 = 130           # Nano body top
ROW0 = NY0 + 40     # pin row 0
MARGIN = 90         # room for the rail labels on the left
# distances from the Nano's edge, outwards, on either side
LANE = (20, 40)     # 5V / GND drops from the Nano
BTN = (110, 154)    # a button's terminals
PZ_R = (78, 122)    # the piezo's 330 R (a piezo is a capacitor: 100 R would let each edge draw 50 mA, over the pin's 40 mA)
PZ = (170, 210)     # the piezo
RAIL_IN = 250       # a side's GND rail when the panel is not in the way
DIN_R = (268, 312)  # the 330 R, near the panel
PANEL = (350, 560)  # the panel's box (210 square)
LEAD_5V, LEAD_GND = 390, 520  # the panel's supply leads, from its bottom edge
RAIL_OUT = 590      # a side's GND rail beyond the panel
LED_PITCH = 22
HOP = 5


def fail(msg):
    sys.exit("%s: %s" % (PROG, msg))


def read_defines(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        fail("cannot read %s: %s" % (path, e.strerror))
    defs = {}
    for line in text.splitlines():
        m = re.match(r"\s*#\s*define\s+(BOARD_\w+)\s*(.*)", line)
        if m:
            defs[m.group(1)] = m.group(2).split("/*")[0].split("//")[0].strip()
    return defs


class Board:
    """The header's pins as Nano silk labels; fails on anything unwirable."""

    def __init__(self, path):
        self.path = path
        self.defs = read_defines(path)
        if self.number("BOARD_DISPLAY_DRIVER_WS2812") != 1:
            fail("%s: BOARD_DISPLAY_DRIVER_WS2812 is not 1: not a WS2812 panel board" % path)
        self.name = self.need("BOARD_NAME").strip('"')
        self.serpentine = self.number("BOARD_WS2812_SERPENTINE") != 0
        bport = self.port("BOARD_BUTTON_PORT")
        # (signal, AVR pin, Nano pin), in the order of the table and legend
        self.signals = [("Panel data",) + self.pin(self.port("BOARD_WS2812_PORT"), "BOARD_WS2812_BIT")]
        for b in BUTTONS:
            self.signals.append((b,) + self.pin(bport, "BOARD_BTN_%s_BIT" % b.upper()))
        self.signals.append(("Piezo",) + self.pin(self.port("BOARD_BUZZER_PORT"), "BOARD_BUZZER_BIT"))
        seen = {}
        for sig, avr, nano in self.signals:
            if nano in seen:
                fail("%s: %s and %s are both on %s (%s)" % (path, seen[nano], sig, nano, avr))
            seen[nano] = sig

    def need(self, key):
        v = self.defs.get(key, "")
        if not v:
            fail("%s: no #define %s (the wiring needs it)" % (self.path, key))
        return v

    def number(self, key):
        m = re.fullmatch(r"\(?\s*(\d+)[uUlL]*\s*\)?", self.need(key))
        if not m:
            fail("%s: %s is %r, not a number" % (self.path, key, self.defs[key]))
        return int(m.group(1))

    def port(self, key):
        v = self.need(key).strip("() '\"")
        if v not in ("B", "C", "D"):
            fail("%s: %s is %r: the Nano's header has ports B, C and D" % (self.path, key, self.defs[key]))
        return v

    def pin(self, port, bit_key):
        bit = self.number(bit_key)
        avr = "P%s%d" % (port, bit)
        if port == "D" and bit in (0, 1):
            fail("%s: %s is %s: PD0/PD1 are the Nano's USB serial" % (self.path, bit_key, avr))
        if port == "D" and bit <= 7:
            return avr, "D%d" % bit
        if port == "B" and bit <= 5:
            return avr, "D%d" % (bit + 8)
        if port == "C" and bit <= 5:
            return avr, "A%d" % bit
        fail("%s: %s is %s, which has no pin on the Nano's header" % (self.path, bit_key, avr))


def f(v):
    """Coordinates as short, repeatable text."""
    return ("%d" % v) if v == int(v) else ("%.1f" % v)


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Drawing:
    def __init__(self):
        self.wires = []   # (net, colour, width, [points])
        self.shapes = []  # SVG drawn over the wires
        self.texts = []

    def wire(self, net, colour, *points, width=2.5):
        self.wires.append((net, colour, width, list(points)))

    def text(self, x, y, s, size=12, anchor="start", fill="#222", weight="normal", family="sans-serif"):
        self.texts.append('<text x="%s" y="%s" font-family="%s" font-size="%s" text-anchor="%s" fill="%s"%s>%s</text>' % (
            f(x), f(y), family, size, anchor, fill, ' font-weight="bold"' if weight == "bold" else "", esc(s)))


def segments(points):
    return list(zip(points, points[1:]))


def check_and_hops(wires):
    """Hops where wires of two nets cross; refuses any other contact between
    two nets (a misleading drawing is worse than none)."""
    hops = {}  # (wire index, segment index) -> [x]
    for i, (net_a, _c, _w, pa) in enumerate(wires):
        for si, (p, q) in enumerate(segments(pa)):
            if p[0] != q[0] and p[1] != q[1]:
                fail("layout error: a slanted wire on %s" % net_a)
            for net_b, _c2, _w2, pb in wires:
                if net_a == net_b:
                    continue
                for r, s in segments(pb):
                    h = p[1] == q[1]
                    if h and r[0] == s[0]:  # this horizontal, that vertical
                        x, y = r[0], p[1]
                        xa, xb = sorted((p[0], q[0]))
                        ya, yb = sorted((r[1], s[1]))
                        if xa < x < xb and ya < y < yb:
                            hops.setdefault((i, si), []).append(x)
                        elif xa <= x <= xb and ya <= y <= yb:
                            fail("layout error: %s touches %s at (%s, %s)" % (net_a, net_b, f(x), f(y)))
                    elif h == (r[1] == s[1]):  # parallel: must not overlap
                        k = 1 if h else 0
                        if p[1 - k] == r[1 - k]:
                            a0, a1 = sorted((p[k], q[k]))
                            b0, b1 = sorted((r[k], s[k]))
                            if a0 <= b1 and b0 <= a1:
                                fail("layout error: %s runs along %s" % (net_a, net_b))
    return hops


def junctions(wires):
    """A dot where a wire ends on another wire of its net (not at its ends)."""
    dots = set()
    for i, (net, _c, _w, pts) in enumerate(wires):
        for end in (pts[0], pts[-1]):
            for j, (net2, colour, _w2, pts2) in enumerate(wires):
                if i == j or net != net2 or end in (pts2[0], pts2[-1]):
                    continue
                for p, q in segments(pts2):
                    if min(p[0], q[0]) <= end[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= end[1] <= max(p[1], q[1]):
                        dots.add((end, colour))
    return sorted(dots)


def wire_path(points, hops_by_seg):
    d = ["M%s,%s" % (f(points[0][0]), f(points[0][1]))]
    for si, (p, q) in enumerate(segments(points)):
        direction = 1 if q[0] > p[0] else -1
        for x in sorted(hops_by_seg.get(si, []), key=lambda x: x * direction):
            # a half circle above the other wire
            d.append("L%s,%s A%d,%d 0 0 %d %s,%s" % (f(x - direction * HOP), f(p[1]), HOP, HOP,
                                                    1 if direction > 0 else 0, f(x + direction * HOP), f(p[1])))
        d.append("L%s,%s" % (f(q[0]), f(q[1])))
    return " ".join(d)


def layout(board, gnd_side):
    """The whole drawing, with the Nano's GND pin taken on `gnd_side`."""
    dr = Drawing()
    sides = {}  # signal -> (side, row)
    for sig, _avr, nano in board.signals:
        sides[sig] = ("L", LEFT.index(nano)) if nano in LEFT else ("R", RIGHT.index(nano))
    panel_side = sides["Panel data"][0]
    used = {s for s, _r in sides.values()}
    extent = {s: (RAIL_OUT + 30 if s == panel_side else RAIL_IN + 30 if s in used else 60) for s in "LR"}
    nx0 = MARGIN + extent["L"]
    nx1 = nx0 + NANO_W
    width = nx1 + extent["R"]

    def x_at(side, d):
        return nx0 - d if side == "L" else nx1 + d

    def row_y(row):
        return ROW0 + row * PITCH

    def pad(side):
        return x_at(side, -PAD_IN)

    nano_bottom = row_y(14) + 30
    din_side, din_row = sides["Panel data"]
    din_y = row_y(din_row)
    top = din_y - 26
    bottom = top + (PANEL[1] - PANEL[0])
    y5 = max(nano_bottom, bottom + 70) + 30
    yg = y5 + 40
    cap_y = bottom + 40

    # which side's GND rail may go round the outside of the panel
    taps = {s: [] for s in "LR"}
    for sig in BUTTONS + ["Piezo"]:
        taps[sides[sig][0]].append(row_y(sides[sig][1]))
    rail_x = {}
    for s in "LR":
        outer = s == panel_side and all(y < top - 60 for y in taps[s])
        rail_x[s] = x_at(s, RAIL_OUT if outer else RAIL_IN)

    # buttons: pin -> switch -> GND
    for sig in BUTTONS:
        s, row = sides[sig]
        y = row_y(row)
        a, b = x_at(s, BTN[0]), x_at(s, BTN[1])
        dr.wire("BTN_" + sig, COLOURS["BTN"], (pad(s), y), (a, y))
        dr.wire("GND", COLOURS["GND"], (b, y), (rail_x[s], y))
        switch(dr, a, b, y)
        dr.text(x_at(s, 62), y - 6, sig, 12, "middle", COLOURS["BTN"], "bold")
    # piezo: pin -> 330 R -> piezo -> GND
    s, row = sides["Piezo"]
    y = row_y(row)
    dr.wire("PIEZO", COLOURS["PIEZO"], (pad(s), y), (x_at(s, PZ_R[0]), y))
    resistor(dr, x_at(s, PZ_R[0]), x_at(s, PZ_R[1]), y, R_PIEZO)
    dr.wire("PIEZO_R", COLOURS["PIEZO"], (x_at(s, PZ_R[1]), y), (x_at(s, PZ[0]), y))
    piezo(dr, x_at(s, PZ[0]), x_at(s, PZ[1]), y)
    dr.wire("GND", COLOURS["GND"], (x_at(s, PZ[1]), y), (rail_x[s], y))
    # panel: pin -> 330 R -> DIN; its 5V and GND leads down to the rails
    s = din_side
    dr.wire("DATA", COLOURS["DATA"], (pad(s), din_y), (x_at(s, DIN_R[0]), din_y))
    resistor(dr, x_at(s, DIN_R[0]), x_at(s, DIN_R[1]), din_y, R_DATA)
    dr.wire("DIN", COLOURS["DATA"], (x_at(s, DIN_R[1]), din_y), (x_at(s, PANEL[0]), din_y))
    l5, lg = x_at(s, LEAD_5V), x_at(s, LEAD_GND)
    dr.wire("5V", COLOURS["5V"], (l5, bottom), (l5, y5))
    dr.wire("GND", COLOURS["GND"], (lg, bottom), (lg, yg))
    mid = (l5 + lg) / 2
    plus, minus = mid - (lg - l5) / abs(lg - l5) * 6, mid + (lg - l5) / abs(lg - l5) * 6
    dr.wire("5V", COLOURS["5V"], (l5, cap_y), (plus, cap_y))
    dr.wire("GND", COLOURS["GND"], (minus, cap_y), (lg, cap_y))
    capacitor(dr, plus, minus, cap_y)
    panel(dr, board, s, x_at(s, PANEL[0]), x_at(s, PANEL[1]), top, l5, lg, bottom)
    # the side GND rails down to the breadboard's GND rail
    for s in "LR":
        if taps[s]:
            dr.wire("GND", COLOURS["GND"], (rail_x[s], min(taps[s])), (rail_x[s], yg))
    # the Nano's 5V and GND: on one side the upper pin takes the outer lane,
    # so that its drop passes outside the lower pin's stub
    p5 = ("L", LEFT.index("5V"))
    pg = (gnd_side, (LEFT if gnd_side == "L" else RIGHT).index("GND"))
    lane = {p5: LANE[0], pg: LANE[0]}
    if p5[0] == pg[0]:
        lane[min(p5, pg, key=lambda p: p[1])] = LANE[1]
    x5, xg = x_at("L", lane[p5]), x_at(gnd_side, lane[pg])
    dr.wire("5V", COLOURS["5V"], (pad("L"), row_y(p5[1])), (x5, row_y(p5[1])), (x5, y5))
    dr.wire("GND", COLOURS["GND"], (pad(gnd_side), row_y(pg[1])), (xg, row_y(pg[1])), (xg, yg))
    # the breadboard's rails, as long as their taps need
    xs5 = sorted((x5, l5))
    xsg = sorted([xg, lg] + [rail_x[s] for s in "LR" if taps[s]])
    dr.wire("5V", COLOURS["5V"], (xs5[0], y5), (xs5[-1], y5), width=4)
    dr.wire("GND", COLOURS["GND"], (xsg[0], yg), (xsg[-1], yg), width=4)
    dr.text(xs5[0] - 10, y5 + 4, "+5V rail", 12, "end", COLOURS["5V"], "bold")
    dr.text(xsg[0] - 10, yg + 4, "GND rail", 12, "end", COLOURS["GND"], "bold")

    used_pads = {(sides[sig][0], sides[sig][1]): colour_of(sig) for sig in sides}
    used_pads[p5] = COLOURS["5V"]
    used_pads[pg] = COLOURS["GND"]
    nano = nano_svg(nx0, nx1, nano_bottom, used_pads, row_y)
    return dr, nano, width, yg


def colour_of(sig):
    return COLOURS["DATA"] if sig == "Panel data" else COLOURS["PIEZO"] if sig == "Piezo" else COLOURS["BTN"]


def switch(dr, a, b, y):
    """A push button (normally open) between a and b."""
    lo, hi = min(a, b), max(a, b)
    c = (a + b) / 2
    dr.shapes.append('<g stroke="#222" stroke-width="2" fill="none">'
                     '<circle cx="%s" cy="%s" r="3" fill="#fff"/><circle cx="%s" cy="%s" r="3" fill="#fff"/>'
                     '<path d="M%s,%s H%s M%s,%s V%s M%s,%s H%s"/></g>' % (
                         f(lo), f(y), f(hi), f(y), f(lo - 2), f(y - 9), f(hi + 2),
                         f(c), f(y - 9), f(y - 16), f(c - 6), f(y - 16), f(c + 6)))


def resistor(dr, a, b, y, value):
    lo, hi = min(a, b), max(a, b)
    dr.shapes.append('<rect x="%s" y="%s" width="%s" height="12" fill="#fff" stroke="#222" stroke-width="2"/>' % (
        f(lo), f(y - 6), f(hi - lo)))
    dr.text((a + b) / 2, y - 10, value, 11, "middle")


def piezo(dr, a, b, y):
    """The crystal symbol: a plate on each side of a slab."""
    lo, hi = min(a, b), max(a, b)
    c = (a + b) / 2
    dr.shapes.append('<g stroke="#222" stroke-width="2"><path d="M%s,%s H%s M%s,%s H%s M%s,%s V%s M%s,%s V%s"/>'
                     '<rect x="%s" y="%s" width="10" height="20" fill="#fff"/></g>' % (
                         f(lo), f(y), f(c - 9), f(c + 9), f(y), f(hi),
                         f(c - 9), f(y - 12), f(y + 12), f(c + 9), f(y - 12), f(y + 12), f(c - 5), f(y - 10)))
    dr.text(c, y - 17, "passive piezo", 11, "middle")


def capacitor(dr, plus, minus, y):
    """Electrolytic: the straight plate is +, the curved one -."""
    bend = 4 if minus > plus else -4
    dr.shapes.append('<g stroke="#222" stroke-width="2" fill="none"><path d="M%s,%s V%s"/>'
                     '<path d="M%s,%s Q%s,%s %s,%s"/></g>' % (
                         f(plus), f(y - 11), f(y + 11), f(minus + bend), f(y - 11), f(minus - bend), f(y), f(minus + bend), f(y + 11)))
    dr.text(plus - (bend * 2), y - 12, "+", 12, "middle", COLOURS["5V"], "bold")
    dr.text((plus + minus) / 2, y + 26, C_PANEL, 11, "middle")


def panel(dr, board, side, x_in, x_out, top, l5, lg, bottom):
    x0 = min(x_in, x_out)
    size = abs(x_out - x_in)
    inset = (size - 8 * LED_PITCH) / 2
    o = ['<rect x="%s" y="%s" width="%s" height="%s" rx="4" fill="#1b1b1b" stroke="#000" stroke-width="1.5"/>' % (
        f(x0), f(top), f(size), f(size))]

    def led(x, y):  # seen from the front, whichever side the DIN wire comes from
        return x0 + inset + (x + 0.5) * LED_PITCH, top + inset + (y + 0.5) * LED_PITCH

    chain = []
    for i in range(64):  # hal/ws2812_layout.h, backwards: LED i -> (x, y)
        y, x = divmod(i, 8)
        if board.serpentine and y & 1:
            x = 7 - x
        chain.append(led(x, y))
    o.append('<path d="M%s" fill="none" stroke="#4caf50" stroke-width="1.5"/>' % " L".join(
        "%s,%s" % (f(x), f(y)) for x, y in chain))
    for i, (x, y) in enumerate(chain):
        o.append('<circle cx="%s" cy="%s" r="6" fill="%s" stroke="%s" stroke-width="1.5"/>' % (
            f(x), f(y), "#fff" if i else "#ffd27f", "#e67e00" if i in (0, 63) else "#888"))
    dr.shapes.extend(o)
    dr.text(chain[0][0], chain[0][1] + 3, "0", 8, "middle", "#000", "bold")
    dr.text(chain[63][0], chain[63][1] + 3, "63", 7, "middle", "#000", "bold")
    dr.text(x0 + size / 2, top - 40, "8x8 WS2812B panel, front view", 13, "middle", "#222", "bold")
    dr.text(x0 + size / 2, top - 24, "LED 0 (the DIN end) top-left", 11, "middle")
    dr.text(x0 + size / 2, top - 9, "%s rows (green: the chain)" % (
        "serpentine" if board.serpentine else "progressive"), 11, "middle")
    dr.text(x_in + (-4 if side == "R" else 4), top + 26 - 8, "DIN", 11, "end" if side == "R" else "start", COLOURS["DATA"], "bold")
    for x, name, colour in ((l5, "5V", COLOURS["5V"]), (lg, "GND", COLOURS["GND"])):
        dr.text(x + 5, bottom + 14, name, 11, "start", colour, "bold")


def nano_svg(nx0, nx1, bottom, used, row_y):
    cx = (nx0 + nx1) / 2
    o = ['<rect x="%s" y="%s" width="%s" height="%s" rx="6" fill="#1d5fa6" stroke="#0b2c52" stroke-width="2"/>' % (
        f(nx0), f(NY0), f(nx1 - nx0), f(bottom - NY0)),
        '<rect x="%s" y="%s" width="70" height="40" rx="3" fill="#c8c8c8" stroke="#555" stroke-width="1.5"/>' % (
            f(cx - 35), f(NY0 - 28)),
        '<text x="%s" y="%s" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#222">USB</text>' % (
            f(cx), f(NY0 - 5)),
        '<text x="%s" y="%s" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#222">to the computer or a USB power bank</text>' % (
            f(cx), f(NY0 - 36)),
        '<rect x="%s" y="%s" width="56" height="56" fill="#222" transform="rotate(45 %s %s)"/>' % (
            f(cx - 28), f(row_y(7) - 28), f(cx), f(row_y(7))),
        '<text x="%s" y="%s" font-family="sans-serif" font-size="9" text-anchor="middle" fill="#ddd">ATmega328P</text>' % (
            f(cx), f(row_y(7) + 3)),
        '<text x="%s" y="%s" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#fff" font-weight="bold">Arduino</text>' % (
            f(cx), f(row_y(12) + 4)),
        '<text x="%s" y="%s" font-family="sans-serif" font-size="13" text-anchor="middle" fill="#fff" font-weight="bold">Nano</text>' % (
            f(cx), f(row_y(13) + 4)),
        '<text x="%s" y="%s" font-family="sans-serif" font-size="10" text-anchor="middle" fill="#cfe0f5">top view</text>' % (
            f(cx), f(row_y(14) + 4))]
    for side, names in (("L", LEFT), ("R", RIGHT)):
        px = nx0 + PAD_IN if side == "L" else nx1 - PAD_IN
        for row, name in enumerate(names):
            colour = used.get((side, row))
            o.append('<circle cx="%s" cy="%s" r="5" fill="%s" stroke="#e8c66a" stroke-width="2"/>' % (
                f(px), f(row_y(row)), colour or "#1d5fa6"))
            o.append('<text x="%s" y="%s" font-family="monospace" font-size="11" text-anchor="%s" fill="%s"%s>%s</text>' % (
                f(px + (10 if side == "L" else -10)), f(row_y(row) + 4), "start" if side == "L" else "end",
                "#fff" if colour else "#9fbfe3", ' font-weight="bold"' if colour else "", name))
    return o


def render(board, header_name):
    # the Nano's GND pin on the side that needs the fewest hops
    best = None
    for gnd_side in ("R", "L"):
        dr, nano, width, yg = layout(board, gnd_side)
        hops = check_and_hops(dr.wires)
        n = sum(len(v) for v in hops.values())
        if best is None or n < best[0]:
            best = (n, dr, nano, width, yg, hops)
    _n, dr, nano, width, yg, hops = best
    legend = ["Signals (%s): " % header_name + ", ".join("%s %s (%s)" % (sig, nano_pin, avr) for sig, avr, nano_pin in board.signals) + ".",
              "Buttons: each between its pin and GND, on two diagonally opposite legs; no resistor (the firmware turns on the pull-ups).",
              "Panel: %s in the data line near the panel's DIN; %s across its 5V and GND at the panel (+ to 5V)." % (
                  R_DATA, C_PANEL.split(",")[0]),
              "A hop is a crossing without a connection; a dot joins wires. Pin names as printed on the Nano: check the silk on yours.",
              "Drawn by hardware/tools/nano_wiring.py from the board definition (%s)." % header_name]
    height = yg + 40 + 18 * len(legend)
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">' % (width, height, width, height),
           '<title>%s wiring: Arduino Nano, 8x8 WS2812B panel, six buttons, passive piezo</title>' % esc(board.name),
           '<rect width="%d" height="%d" fill="#fff"/>' % (width, height),
           '<text x="20" y="32" font-family="sans-serif" font-size="20" font-weight="bold" fill="#222">%s wiring</text>' % esc(board.name),
           '<text x="20" y="54" font-family="sans-serif" font-size="13" fill="#444">Arduino Nano (ATmega328P, 16 MHz) on a breadboard, 8x8 WS2812B panel, six buttons, passive piezo</text>']
    out.extend(nano)
    out.append('<g fill="none" stroke-linecap="round" stroke-linejoin="round">')
    for i, (net, colour, w, pts) in enumerate(dr.wires):
        by_seg = {si: xs for (wi, si), xs in hops.items() if wi == i}
        out.append('<path d="%s" stroke="%s" stroke-width="%s"><title>%s</title></path>' % (
            wire_path(pts, by_seg), colour, f(w), net))
    out.append("</g>")
    for (x, y), colour in junctions(dr.wires):
        out.append('<circle cx="%s" cy="%s" r="4" fill="%s"/>' % (f(x), f(y), colour))
    out.extend(dr.shapes)
    out.extend(dr.texts)
    for n, line in enumerate(legend):
        out.append('<text x="20" y="%d" font-family="sans-serif" font-size="12" fill="%s">%s</text>' % (
            yg + 44 + 18 * n, "#222" if n == 0 else "#555", esc(line)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    board = Board(sys.argv[1])
    svg = render(board, os.path.basename(sys.argv[1]))
    try:
        with open(sys.argv[2], "w", encoding="utf-8", newline="\n") as out:
            out.write(svg)
    except OSError as e:
        fail("cannot write %s: %s" % (sys.argv[2], e.strerror))
    print("%s: wrote %s (%s)" % (PROG, sys.argv[2], ", ".join("%s %s" % (s, n) for s, _a, n in board.signals)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
