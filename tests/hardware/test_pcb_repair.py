#!/usr/bin/python3
"""Self-test of the ground repair (tools/hardware/pcb_repair.py) on copies
of the committed board, broken on purpose:

1. a ground pad cut off: the join the repair made to C7.2 is removed, so the
   DRC reports it unconnected; the repair must join it again (0 / 0);
2. two ground vias too close: a ground via is added 0.35 mm (hole edge to
   hole edge) from an existing one and tied to it; the repair must merge
   them and leave no violation and nothing unconnected;
3. the untouched board: the repair must change nothing.

    /usr/bin/python3 tests/hardware/test_pcb_repair.py BOARD.kicad_pcb
Prints one [ OK ] / [ FAILED ] line per case."""
import math
import os
import shutil
import sys
import tempfile

import pcbnew

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "hardware"))
import pcb_repair  # noqa: E402

failed = 0


def result(name, ok, why=""):
    global failed
    print("[       OK ] hw pcb-repair: %s" % name if ok else "[  FAILED  ] hw pcb-repair: %s: %s" % (name, why))
    failed += 0 if ok else 1


def copy(src, tmp, name):
    dst = os.path.join(tmp, name + ".kicad_pcb")
    shutil.copy(src, dst)
    pro = os.path.splitext(src)[0] + ".kicad_pro"
    shutil.copy(pro, os.path.join(tmp, name + ".kicad_pro"))   # the project's net classes
    return pcbnew.LoadBoard(dst)


def items_on(board, x, y, net):
    p = pcbnew.wxPointMM(x, y)
    out = []
    for t in board.GetTracks():
        if t.GetNetCode() != net:
            continue
        if isinstance(t, pcbnew.PCB_VIA):
            continue
        if t.GetStart() == p or t.GetEnd() == p:
            out.append(t)
    return out


def quiet(_msg):
    pass


def main():
    src = sys.argv[1]
    tmp = tempfile.mkdtemp()
    try:
        # 1. cut C7.2 off: remove the tracks from its centre and the vias they reach
        b = copy(src, tmp, "cut")
        gnd = b.FindNet("GND").GetNetCode()
        pad = [p for p in b.FindFootprintByReference("C7").Pads() if p.GetNumber() == "2"][0]
        c = pad.GetPosition()
        gone = 0
        for t in items_on(b, c.x / 1e6, c.y / 1e6, gnd):
            far = t.GetEnd() if t.GetStart() == c else t.GetStart()
            for v in [v for v in b.GetTracks() if isinstance(v, pcbnew.PCB_VIA) and v.GetPosition() == far]:
                b.Remove(v)
            b.Remove(t)
            gone += 1
        pcb_repair.refill(b)
        nv0, blocks0 = pcb_repair.drc(b)
        cut = any(w.startswith("Pad 2 [GND] of C7 ") for blk in blocks0 for _x, _y, w in blk)
        nv, nu = pcb_repair.repair(b, quiet)
        result("a cut-off ground pad (C7.2, %d track%s removed) is joined again" % (gone, "" if gone == 1 else "s"),
               gone > 0 and cut and nv == 0 and nu == 0,
               "removed %d, DRC then said cut off: %s; after the repair %d violations, %d unconnected" % (gone, cut, nv, nu))

        # 2. a ground via 0.35 mm (hole to hole) from another, tied to it by a track
        b = copy(src, tmp, "close")
        gnd_net = b.FindNet("GND")
        cu = pcb_repair.Copper(b)
        vias = [t for t in b.GetTracks() if isinstance(t, pcbnew.PCB_VIA) and t.GetNetCode() == gnd_net.GetNetCode()]
        placed = None
        for v in vias:
            vx, vy = v.GetPosition().x / 1e6, v.GetPosition().y / 1e6
            d, drill = v.GetWidth() / 1e6, v.GetDrillValue() / 1e6
            for ang in range(0, 360, 45):
                nx = vx + (drill + 0.35) * math.cos(math.radians(ang))
                ny = vy + (drill + 0.35) * math.sin(math.radians(ang))
                nv_ = pcb_repair.new_via(b, gnd_net, nx, ny, d, drill)
                link = pcb_repair.new_track(b, gnd_net, pcbnew.F_Cu, (vx, vy), (nx, ny))
                if all(cu.clear(nv_, L, gnd_net.GetNetCode()) for L in (pcbnew.F_Cu, pcbnew.B_Cu)) and \
                        cu.clear(link, pcbnew.F_Cu, gnd_net.GetNetCode()):
                    b.Add(nv_)
                    b.Add(link)
                    placed = (nx, ny)
                    break
            if placed:
                break
        count0 = len([t for t in b.GetTracks() if isinstance(t, pcbnew.PCB_VIA)])
        nv, nu = pcb_repair.repair(b, quiet)
        count1 = len([t for t in b.GetTracks() if isinstance(t, pcbnew.PCB_VIA)])
        result("two ground vias 0.35 mm apart are merged into one",
               placed is not None and count1 == count0 - 1 and nv == 0 and nu == 0,
               "placed at %s; vias %d -> %d; %d violations, %d unconnected" % (placed, count0, count1, nv, nu))

        # 3. the committed board needs nothing
        b = copy(src, tmp, "same")
        n0 = len(list(b.GetTracks()))
        log = []
        nv, nu = pcb_repair.repair(b, log.append)
        n1 = len(list(b.GetTracks()))
        result("the committed board needs no repair (0 violations, 0 unconnected, nothing added)",
               nv == 0 and nu == 0 and n0 == n1, "%d violations, %d unconnected, tracks %d -> %d: %s"
               % (nv, nu, n0, n1, "; ".join(log)))
    finally:
        shutil.rmtree(tmp)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
