#!/usr/bin/python3
"""The ground repair pass that ends every routed board.

    /usr/bin/python3 tools/hardware/pcb_repair.py IN.kicad_pcb [OUT.kicad_pcb]

The grid router leaves ground to the pours, and in the crowded middle a
pour cannot always reach a pad (the MCU's decoupling, the crystal's case
pins); the per-pad escape vias can also land two ground holes closer than
the fab allows. This pass works on the saved board with KiCad's own
geometry and DRC, so what it accepts is what `make pcb-check` accepts:

1. two ground vias whose holes are closer than HOLE_GAP: one is removed and
   its tracks are carried to the other, if that leaves nothing cut off;
2. every ground pad KiCad's DRC reports unconnected gets the shortest short
   join that is clear of other nets by CLEAR: a straight or L-shaped track
   to ground copper already joined, or a track to a new via into the back's
   pour. Each candidate is tried (pours refilled, DRC run) and kept only if
   the unconnected count falls and no violation appears.

gen_pcb.py calls repair() after the zone fill; run alone it repairs a
committed board in place (or into OUT)."""
import math
import os
import re
import sys
import tempfile

import pcbnew

CLEAR = 0.2          # mm to other nets' copper (project rule 0.15, fab 0.127)
HOLE_GAP = 0.55      # mm hole edge to hole edge (fab minimum 0.5)
EDGE = 0.5           # mm copper to the board edge (fab minimum 0.3)
TRACK_W = 0.25       # mm, a ground join carries only return current of one part
REACH = 3.0          # mm searched around a cut-off pad
STEP = 0.05          # mm, the via candidates' spacing
TRIES = 40           # candidates verified by DRC for one pad


def mmv(x, y):
    return pcbnew.wxPointMM(x, y)


def drc(board):
    """KiCad's DRC on the board as it is: (violations, unconnected blocks).
    Each block is the list of item descriptions KiCad printed."""
    fd, path = tempfile.mkstemp(suffix=".rpt")
    os.close(fd)
    try:
        pcbnew.WriteDRCReport(board, path, pcbnew.EDA_UNITS_MILLIMETRES, True)
        text = open(path).read()
    finally:
        os.unlink(path)
    nv = int(re.search(r"Found (\d+) DRC violations", text).group(1))
    part = text.split("unconnected pads **", 1)[1] if "unconnected pads **" in text else ""
    blocks = []
    for blk in part.split("[unconnected_items]")[1:]:
        blocks.append(re.findall(r"@\(([\d.]+) mm, ([\d.]+) mm\): (.*)", blk))
    return nv, blocks


def refill(board):
    pcbnew.ZONE_FILLER(board).Fill(board.Zones())


class Copper:
    """Every copper item of the board with its net, for clearance tests."""

    def __init__(self, board):
        self.board = board
        self.gnd = board.FindNet("GND").GetNetCode()
        self.items = []              # (layer, shape, netcode, bbox in mm)
        self.holes = []              # (x, y, diameter) mm
        self.pads = []               # every pad's box: no new via on a pad
        for fp in board.GetFootprints():
            for p in fp.Pads():
                for L in (pcbnew.F_Cu, pcbnew.B_Cu):
                    if p.IsOnLayer(L):
                        self.items.append((L, p.GetEffectiveShape(L), p.GetNetCode(), box(p)))
                        self.pads.append(box(p))
                if p.GetDrillSize().x > 0:
                    pos = p.GetPosition()
                    self.holes.append((pos.x / 1e6, pos.y / 1e6, max(p.GetDrillSize().x, p.GetDrillSize().y) / 1e6))
        for t in board.GetTracks():
            self.add_track(t)
        bb = board.GetBoardEdgesBoundingBox()
        self.edge = (bb.GetX() / 1e6, bb.GetY() / 1e6, bb.GetRight() / 1e6, bb.GetBottom() / 1e6)
        # bodies of the parts with more than two pads: no new via under an IC
        self.bodies = []
        for fp in board.GetFootprints():
            pads = list(fp.Pads())
            if len(pads) > 2 and all(p.GetAttribute() == pcbnew.PAD_ATTRIB_SMD for p in pads):
                xs = [p.GetPosition().x / 1e6 for p in pads]
                ys = [p.GetPosition().y / 1e6 for p in pads]
                self.bodies.append((min(xs), min(ys), max(xs), max(ys)))

    def add_track(self, t):
        if isinstance(t, pcbnew.PCB_VIA):
            for L in (pcbnew.F_Cu, pcbnew.B_Cu):
                self.items.append((L, t.GetEffectiveShape(L), t.GetNetCode(), box(t)))
            pos = t.GetPosition()
            self.holes.append((pos.x / 1e6, pos.y / 1e6, t.GetDrillValue() / 1e6))
        else:
            self.items.append((t.GetLayer(), t.GetEffectiveShape(t.GetLayer()), t.GetNetCode(), box(t)))

    def clear(self, item, layer, net):
        c = pcbnew.FromMM(CLEAR)
        shape = item.GetEffectiveShape(layer)
        x0, y0, x1, y1 = box(item)
        m = CLEAR + 0.01
        return not any(L == layer and n != net and bx0 - m <= x1 and x0 <= bx1 + m and by0 - m <= y1 and y0 <= by1 + m
                       and shape.Collide(s, c) for L, s, n, (bx0, by0, bx1, by1) in self.items)

    def near(self, cx, cy, r):
        """A copy holding only what lies within r mm of (cx, cy)."""
        n = Copper.__new__(Copper)
        n.board, n.gnd, n.edge = self.board, self.gnd, self.edge
        inside = lambda b: b[0] - r <= cx <= b[2] + r and b[1] - r <= cy <= b[3] + r
        n.items = [it for it in self.items if inside(it[3])]
        n.holes = [h for h in self.holes if abs(h[0] - cx) <= r + h[2] and abs(h[1] - cy) <= r + h[2]]
        n.pads = [b for b in self.pads if inside(b)]
        n.bodies = [b for b in self.bodies if inside(b)]
        return n

    def via_ok(self, x, y, d, drill):
        x0, y0, x1, y1 = self.edge
        if not (x0 + EDGE + d / 2 <= x <= x1 - EDGE - d / 2 and y0 + EDGE + d / 2 <= y <= y1 - EDGE - d / 2):
            return False
        if any(bx0 - 0.3 <= x <= bx1 + 0.3 and by0 - 0.3 <= y <= by1 + 0.3 for bx0, by0, bx1, by1 in self.bodies):
            return False
        r = d / 2 + 0.1 - 1e-3       # no via in a pad: solder would wick down it
        if any(bx0 - r < x < bx1 + r and by0 - r < y < by1 + r for bx0, by0, bx1, by1 in self.pads):
            return False
        return all(math.hypot(x - hx, y - hy) - (drill + hd) / 2 >= HOLE_GAP for hx, hy, hd in self.holes)


def box(item):
    bb = item.GetBoundingBox()
    return (bb.GetX() / 1e6, bb.GetY() / 1e6, bb.GetRight() / 1e6, bb.GetBottom() / 1e6)


def new_track(board, net, layer, a, b, w=TRACK_W):
    t = pcbnew.PCB_TRACK(board)
    t.SetStart(mmv(*a))
    t.SetEnd(mmv(*b))
    t.SetWidth(pcbnew.FromMM(w))
    t.SetLayer(layer)
    t.SetNet(net)
    return t


def new_via(board, net, x, y, d, drill):
    v = pcbnew.PCB_VIA(board)
    v.SetPosition(mmv(x, y))
    v.SetWidth(pcbnew.FromMM(d))
    v.SetDrill(pcbnew.FromMM(drill))
    v.SetNet(net)
    return v


def via_size(board):
    for t in board.GetTracks():
        if isinstance(t, pcbnew.PCB_VIA):
            return t.GetWidth() / 1e6, t.GetDrillValue() / 1e6
    return 0.6, 0.3


def attempt(board, items, before):
    """Add items, refill and run DRC: keep them if the unconnected count
    falls (or, for a merge, does not rise) with no violation; else undo."""
    for it in items:
        board.Add(it)
    refill(board)
    nv, blocks = drc(board)
    if nv <= before[0] and len(blocks) < before[1] + (1 if before[2] else 0):
        return nv, blocks
    for it in items:
        board.Remove(it)
    return None


def merge_close_vias(board, log):
    """Ground vias closer than HOLE_GAP: drop one, carry its tracks to the other."""
    gnd = board.FindNet("GND")
    merged = 0
    while True:
        vias = [t for t in board.GetTracks() if isinstance(t, pcbnew.PCB_VIA) and t.GetNetCode() == gnd.GetNetCode()]
        pair = None
        for i, a in enumerate(vias):
            for b in vias[i + 1:]:
                pa, pb = a.GetPosition(), b.GetPosition()
                gap = math.hypot(pa.x - pb.x, pa.y - pb.y) / 1e6 - (a.GetDrillValue() + b.GetDrillValue()) / 2e6
                if gap < HOLE_GAP:
                    pair = (a, b)
                    break
            if pair:
                break
        if not pair:
            return merged
        done = False
        nv0, blocks0 = drc(board)
        for gone, kept in (pair, pair[::-1]):
            gp, kp = gone.GetPosition(), kept.GetPosition()
            ends = [t for t in board.GetTracks() if not isinstance(t, pcbnew.PCB_VIA)
                    and t.GetNetCode() == gnd.GetNetCode() and (t.GetStart() == gp or t.GetEnd() == gp)]
            layers = sorted({t.GetLayer() for t in ends})
            cu = Copper(board)
            links = [new_track(board, gnd, L, (gp.x / 1e6, gp.y / 1e6), (kp.x / 1e6, kp.y / 1e6)) for L in layers]
            if not all(cu.clear(t, t.GetLayer(), gnd.GetNetCode()) for t in links):
                continue
            board.Remove(gone)
            if attempt(board, links, (nv0, len(blocks0), True)) is not None:
                log("repair: GND via at (%.2f, %.2f) merged into the one at (%.2f, %.2f)"
                    % (gp.x / 1e6, gp.y / 1e6, kp.x / 1e6, kp.y / 1e6))
                merged += 1
                done = True
                break
            board.Add(gone)
            refill(board)
        if not done:
            log("repair: GND vias at (%.2f, %.2f) and (%.2f, %.2f) are too close and could not be merged"
                % (pair[0].GetPosition().x / 1e6, pair[0].GetPosition().y / 1e6,
                   pair[1].GetPosition().x / 1e6, pair[1].GetPosition().y / 1e6))
            return merged


def candidates(board, pad, cu, vd, vdrill):
    """Joins for one cut-off front pad (cu: the copper near it), shortest first: lists of
    ('t', a, b) and ('v', x, y) steps."""
    gnd = cu.gnd
    c = pad.GetPosition()
    cx, cy = c.x / 1e6, c.y / 1e6
    targets = []
    for fp in board.GetFootprints():
        for p in fp.Pads():
            if p.GetNetCode() == gnd and p.IsOnLayer(pcbnew.F_Cu) and p != pad:
                q = p.GetPosition()
                targets.append((q.x / 1e6, q.y / 1e6))
    for t in board.GetTracks():
        if t.GetNetCode() != gnd:
            continue
        if isinstance(t, pcbnew.PCB_VIA):
            q = t.GetPosition()
            targets.append((q.x / 1e6, q.y / 1e6))
        elif t.GetLayer() == pcbnew.F_Cu:
            for q in (t.GetStart(), t.GetEnd()):
                targets.append((q.x / 1e6, q.y / 1e6))
    out = []
    for tx, ty in targets:
        d = math.hypot(tx - cx, ty - cy)
        if 0.01 < d <= REACH + 2:
            for path in ([(cx, cy), (tx, ty)], [(cx, cy), (tx, cy), (tx, ty)], [(cx, cy), (cx, ty), (tx, ty)]):
                out.append((abs(tx - cx) + abs(ty - cy) if len(path) == 3 else d, path, None))
    n = int(REACH / STEP)
    xs = [cx + i * STEP for i in range(-n, n + 1)]
    ys = [cy + j * STEP for j in range(-n, n + 1)]
    # a via fits between two back tracks 1.27 mm apart only on their midline
    hs, vs = [], []
    for t in board.GetTracks():
        if isinstance(t, pcbnew.PCB_VIA) or t.GetLayer() != pcbnew.B_Cu:
            continue
        a, b = t.GetStart(), t.GetEnd()
        if a.y == b.y and abs(a.y / 1e6 - cy) <= REACH + 1:
            hs.append(a.y / 1e6)
        if a.x == b.x and abs(a.x / 1e6 - cx) <= REACH + 1:
            vs.append(a.x / 1e6)
    for lines, pts in ((sorted(set(hs)), ys), (sorted(set(vs)), xs)):
        pts.extend((p + q) / 2 for p, q in zip(lines, lines[1:]) if q - p < 2.0)
    for vx in xs:
        for vy in ys:
            d = math.hypot(vx - cx, vy - cy)
            if d > REACH or not cu.via_ok(vx, vy, vd, vdrill):
                continue
            for path in ([(cx, cy), (vx, vy)], [(cx, cy), (vx, cy), (vx, vy)], [(cx, cy), (cx, vy), (vx, vy)]):
                out.append((d + 0.3 if len(path) == 2 else abs(vx - cx) + abs(vy - cy) + 0.3, path, (vx, vy)))
    out.sort(key=lambda o: o[0])
    return out


def join_pad(board, pad, log, before):
    """Joins the pad if a candidate passes; `before` is the DRC's (violations,
    blocks) now. Returns the DRC's (violations, blocks) afterwards."""
    gnd = board.FindNet("GND")
    vd, vdrill = via_size(board)
    nv0, blocks0 = before
    cu = Copper(board).near(pad.GetPosition().x / 1e6, pad.GetPosition().y / 1e6, REACH + 2)
    tried = 0
    seen = set()
    for _cost, path, via in candidates(board, pad, cu, vd, vdrill):
        key = (tuple((round(x, 3), round(y, 3)) for x, y in path), via)
        if key in seen:
            continue
        seen.add(key)
        items = [new_track(board, gnd, pcbnew.F_Cu, a, b) for a, b in zip(path, path[1:])
                 if math.hypot(a[0] - b[0], a[1] - b[1]) > 1e-3]
        if not all(cu.clear(t, pcbnew.F_Cu, cu.gnd) for t in items):
            continue
        if via is not None:
            v = new_via(board, gnd, via[0], via[1], vd, vdrill)
            if not all(cu.clear(v, L, cu.gnd) for L in (pcbnew.F_Cu, pcbnew.B_Cu)):
                continue
            items.append(v)
        tried += 1
        after = attempt(board, items, (nv0, len(blocks0), False))
        if after is not None:
            log("repair: %s.%s joined to ground by %s%s" % (
                pad.GetParent().GetReference(), pad.GetNumber(),
                " -> ".join("(%.2f, %.2f)" % p for p in path), " and a via" if via else ""))
            return after
        if tried >= TRIES:
            break
    refill(board)
    log("repair: %s.%s: no join found in %d tries" % (pad.GetParent().GetReference(), pad.GetNumber(), tried))
    return before


def cut_off_pads(board, blocks):
    """The front ground pads the DRC's unconnected blocks name."""
    out = []
    for blk in blocks:
        for _x, _y, what in blk:
            m = re.match(r"Pad (\S+) \[GND\] of (\S+)", what)
            if m:
                fp = board.FindFootprintByReference(m.group(2))
                for p in fp.Pads():
                    if p.GetNumber() == m.group(1) and p.IsOnLayer(pcbnew.F_Cu) and p not in out:
                        out.append(p)
    return out


def repair(board, log=print):
    """Merge close ground vias, then join cut-off ground pads. Returns the
    DRC's (violations, unconnected) after the pass."""
    refill(board)
    merge_close_vias(board, log)
    nv, blocks = drc(board)
    for pad in cut_off_pads(board, blocks):
        if not blocks:
            break
        names = {w for blk in blocks for _x, _y, w in blk}
        me = "Pad %s [GND] of %s " % (pad.GetNumber(), pad.GetParent().GetReference())
        if not any(w.startswith(me) for w in names):
            continue                 # an earlier join reached it too
        nv, blocks = join_pad(board, pad, log, (nv, blocks))
    log("repair: DRC after the ground repair: %d violations, %d unconnected" % (nv, len(blocks)))
    return nv, len(blocks)


def main():
    src = sys.argv[1]
    dst = sys.argv[2] if len(sys.argv) > 2 else src
    board = pcbnew.LoadBoard(src)
    nv, nu = repair(board)
    pcbnew.SaveBoard(dst, board)
    return 0 if nv == 0 and nu == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
