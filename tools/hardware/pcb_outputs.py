#!/usr/bin/python3
"""Check the jarmo-handheld PCB and write its fabrication outputs.

    /usr/bin/python3 tools/hardware/pcb_outputs.py BOARD.kicad_pcb NETLIST_CSV BOM_CSV OUTDIR

Checks (one line each, `ok: ...` or `FAIL: ...`; exit 1 on a failure):
KiCad's DRC (0 violations, 0 unconnected pads), every pin of netlist.csv on
a pad of the same net (and no pad on a net the netlist does not give it),
no through-hole lead under the battery holder on the back, the layout
rules of the electrical review (boost output capacitor within 2.5 mm of U4's
VOUT and GND pins, C10 by L1, C13 by the row switches, every 100 nF within
10 mm of its IC's VCC pin, only GND on the back under the boost cell), the
outputs present. Writes OUTDIR/gerbers.zip (copper, mask, silk, paste, outline,
Excellon drill), bom-fab.csv (Comment, Designator, Footprint, LCSC),
placement.csv (Designator, Mid X, Mid Y, Layer, Rotation), drc.rpt and
pcb-front.svg / pcb-back.svg."""
import csv
import os
import re
import sys
import zipfile
from collections import defaultdict

import pcbnew

FAILS = []


def check(name, ok, why=""):
    print(("ok: %s" % name) if ok else ("FAIL: %s: %s" % (name, why)))
    if not ok:
        FAILS.append(name)


def main():
    pcb, net_csv, bom_csv, out = sys.argv[1:5]
    os.makedirs(out, exist_ok=True)
    board = pcbnew.LoadBoard(pcb)

    rpt = os.path.join(out, "drc.rpt")
    pcbnew.WriteDRCReport(board, rpt, pcbnew.EDA_UNITS_MILLIMETRES, True)
    text = open(rpt).read()
    viol = re.search(r"Found (\d+) DRC violations", text)
    unc = re.search(r"Found (\d+) unconnected pads", text)
    nv = int(viol.group(1)) if viol else -1
    nu = int(unc.group(1)) if unc else -1
    kinds = sorted(set(re.findall(r"^\[(\w+)\]", text, re.M)))
    check("KiCad DRC: %d violations" % nv, nv == 0, "see %s (%s)" % (rpt, " ".join(kinds)))
    check("KiCad DRC: %d unconnected pads" % nu, nu == 0, "see %s" % rpt)

    # every netlist pin on a pad of its net
    want = {}
    for r in csv.DictReader(open(net_csv)):
        want[(r["ref"], r["pin"])] = r["net"]
    got = defaultdict(set)
    fps = {fp.GetReference(): fp for fp in board.GetFootprints()}
    for ref, fp in fps.items():
        for pad in fp.Pads():
            got[(ref, pad.GetNumber())].add(pad.GetNetname())
    bad = []
    for (ref, pin), net in sorted(want.items()):
        nets = got.get((ref, pin))
        expect = "" if net.startswith("NC_") else net
        if not nets:
            bad.append("%s.%s has no pad" % (ref, pin))
        elif nets != {expect}:
            bad.append("%s.%s on %s, netlist %s" % (ref, pin, sorted(nets), net))
    check("%d netlist pins each on a pad of the same net" % len(want), not bad, "; ".join(bad[:8]))
    extra = ["%s.%s" % k for k, v in got.items() if k not in want and v - {""} and not k[0].startswith("H")]
    check("no pad carries a net the netlist does not give it", not extra, " ".join(sorted(extra)[:8]))

    # the battery holder on the back: no front through-hole lead under it
    bt = fps.get("BT1")
    if bt is not None:
        xs, ys = [], []
        for g in bt.GraphicalItems():
            if g.GetLayer() in (pcbnew.B_Fab,):
                b = g.GetBoundingBox()
                xs += [b.GetX(), b.GetRight()]
                ys += [b.GetY(), b.GetBottom()]
        under = []
        if xs:
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            for ref, fp in fps.items():
                if ref == "BT1":
                    continue
                for pad in fp.Pads():
                    p = pad.GetPosition()
                    if pad.GetAttribute() == pcbnew.PAD_ATTRIB_PTH and x0 < p.x < x1 and y0 < p.y < y1:
                        under.append(ref)
        check("no through-hole lead under the battery holder BT1 (back)", xs and not under,
              "under it: %s" % " ".join(sorted(set(under))))

    # ---- layout rules from the electrical review (hardware/README.md R1-R3):
    # the boost's switched loop, the row switches' bulk capacitor, decoupling
    def pad_at(ref, num):
        fp = fps.get(ref)
        for pad in (fp.Pads() if fp else []):
            if pad.GetNumber() == num:
                return pad.GetPosition()
        return None

    def dist_mm(a, b):
        return ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 / 1e6

    def nearest(pos, refs, net):
        best = None
        for r in refs:
            for pad in (fps[r].Pads() if r in fps else []):
                if pad.GetNetname() == net and pos is not None:
                    d = dist_mm(pos, pad.GetPosition())
                    best = d if best is None or d < best else best
        return best if best is not None else 1e9

    vout, gnd4 = pad_at("U4", "6"), pad_at("U4", "4")
    dv, dg = nearest(vout, ["C11", "C12"], "VCC"), nearest(gnd4, ["C11", "C12"], "GND")
    check("boost output capacitor within 2.5 mm of U4 VOUT and GND (%.1f, %.1f mm)" % (dv, dg),
          dv <= 2.5 and dg <= 2.5, "the switched loop VOUT -> C -> GND must stay small")
    di = nearest(pad_at("L1", "1"), ["C10"], "VIN_BOOST")
    check("boost input capacitor C10 within 5 mm of L1 (%.1f mm)" % di, di <= 5.0, "too far")
    srcs = [pad_at("Q%d" % r, "2") for r in range(8)]
    dr = min(nearest(s_, ["C13"], "VCC") for s_ in srcs if s_ is not None) if any(srcs) else 1e9
    check("row-switch capacitor C13 within 10 mm of a row switch's source (%.1f mm)" % dr, dr <= 10.0, "too far")
    far = []
    for ic, pin, cap in (("U0", "7", "C1"), ("U0", "20", "C2"), ("U1", "16", "C20"),
                         ("U2", "2", "C21"), ("U3", "2", "C22")):
        d = nearest(pad_at(ic, pin), [cap], "VCC")
        if d > 10.0:
            far.append("%s.%s-%s %.1f mm" % (ic, pin, cap, d))
    check("every IC VCC pin has its 100 nF within 10 mm", not far, ", ".join(far))
    # the back layer under the boost cell carries only ground
    cell = [pad.GetBoundingBox() for r in ("U4", "L1", "C10", "C11", "C12") if r in fps
            for pad in fps[r].Pads()]
    intruders = set()
    if cell:
        x0, x1 = min(c.GetX() for c in cell), max(c.GetRight() for c in cell)
        y0, y1 = min(c.GetY() for c in cell), max(c.GetBottom() for c in cell)
        for t in board.GetTracks():
            if t.GetNetname() == "GND" or not t.IsOnLayer(pcbnew.B_Cu):
                continue
            for q in (t.GetStart(), t.GetEnd()):
                if x0 <= q.x <= x1 and y0 <= q.y <= y1:
                    intruders.add(t.GetNetname())
    check("no copper but GND on the back under the boost cell", cell and not intruders,
          "nets %s" % " ".join(sorted(intruders)))

    # ---- Gerbers and drill
    out = os.path.abspath(out)
    gdir = os.path.join(out, "gerbers")
    os.makedirs(gdir, exist_ok=True)
    for f in os.listdir(gdir):
        os.remove(os.path.join(gdir, f))
    pc = pcbnew.PLOT_CONTROLLER(board)
    po = pc.GetPlotOptions()
    po.SetOutputDirectory(gdir)
    po.SetPlotFrameRef(False)
    po.SetUseGerberProtelExtensions(True)
    po.SetSubtractMaskFromSilk(True)
    po.SetUseAuxOrigin(False)
    layers = [("F_Cu", pcbnew.F_Cu), ("B_Cu", pcbnew.B_Cu), ("F_Mask", pcbnew.F_Mask),
              ("B_Mask", pcbnew.B_Mask), ("F_Silkscreen", pcbnew.F_SilkS), ("B_Silkscreen", pcbnew.B_SilkS),
              ("F_Paste", pcbnew.F_Paste), ("B_Paste", pcbnew.B_Paste), ("Edge_Cuts", pcbnew.Edge_Cuts)]
    for name, layer in layers:
        pc.SetLayer(layer)
        pc.OpenPlotfile(name, pcbnew.PLOT_FORMAT_GERBER, name)
        pc.PlotLayer()
    pc.ClosePlot()
    dw = pcbnew.EXCELLON_WRITER(board)
    dw.SetOptions(False, False, board.GetDesignSettings().GetAuxOrigin(), False)
    dw.SetFormat(True)
    dw.CreateDrillandMapFilesSet(gdir, True, False)
    files = sorted(os.listdir(gdir))
    zpath = os.path.join(out, "gerbers.zip")
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
        for f in files:
            z.write(os.path.join(gdir, f), f)
    need = [".gtl", ".gbl", ".gts", ".gbs", ".gto", ".gbo", ".gtp", ".gm1", ".drl"]
    have = [e for e in need if any(f.lower().endswith(e) for f in files)]
    check("gerbers.zip: copper, mask, silk, paste, outline, drill (%s)" % " ".join(have),
          len(have) == len(need), "missing %s" % sorted(set(need) - set(have)))

    # ---- fab BOM and placement
    lcsc = {}
    for r in csv.DictReader(open(bom_csv)):
        for ref in r["ref"].split():
            lcsc[ref] = (r["value"], r.get("lcsc", ""), r["mpn"])
    groups = defaultdict(list)
    for ref, fp in sorted(fps.items()):
        if ref not in lcsc:
            continue
        v, l, m = lcsc[ref]
        groups[(v, str(fp.GetFPID().GetLibItemName()), l, m)].append(ref)
    with open(os.path.join(out, "bom-fab.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Comment", "Designator", "Footprint", "LCSC", "MPN"])
        for (v, fpn, l, m), refs in sorted(groups.items()):
            w.writerow([v, ",".join(refs), fpn, l or "not verified: search by MPN", m])
    ox, oy = 50.0, 30.0
    with open(os.path.join(out, "placement.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Designator", "Mid X", "Mid Y", "Layer", "Rotation"])
        for ref, fp in sorted(fps.items()):
            if ref.startswith("H"):
                continue
            p = fp.GetPosition()
            w.writerow([ref, "%.3fmm" % (pcbnew.ToMM(p.x) - ox), "%.3fmm" % (oy - pcbnew.ToMM(p.y)),
                        "Bottom" if fp.IsFlipped() else "Top", "%.1f" % fp.GetOrientationDegrees()])
    check("bom-fab.csv (%d lines) and placement.csv (%d parts)" % (len(groups), len([r for r in fps if not r.startswith("H")])),
          len(groups) > 10, "empty")

    # ---- pictures of both sides
    for side, lset in (("front", [pcbnew.F_Cu, pcbnew.F_SilkS, pcbnew.F_Mask, pcbnew.Edge_Cuts]),
                       ("back", [pcbnew.B_Cu, pcbnew.B_SilkS, pcbnew.B_Mask, pcbnew.Edge_Cuts])):
        pc = pcbnew.PLOT_CONTROLLER(board)
        po = pc.GetPlotOptions()
        po.SetOutputDirectory(out)
        po.SetPlotFrameRef(False)
        po.SetMirror(side == "back")
        po.SetDrillMarksType(pcbnew.PCB_PLOT_PARAMS.FULL_DRILL_SHAPE)
        pc.SetLayer(lset[0])
        pc.OpenPlotfile("pcb-" + side, pcbnew.PLOT_FORMAT_SVG, side)
        for l in lset:                      # several layers into one picture
            pc.SetLayer(l)
            pc.PlotLayer()
        pc.ClosePlot()
    pics = [f for f in os.listdir(out) if f.endswith(".svg") and "pcb-" in f]
    check("pictures of both sides (%s)" % " ".join(sorted(pics)), len(pics) >= 2, "missing")
    print("pcb checks: %d failed" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
