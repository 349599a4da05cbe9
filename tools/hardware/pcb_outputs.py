#!/usr/bin/python3
"""Check the jarmo-handheld PCB and write its fabrication outputs.

    /usr/bin/python3 tools/hardware/pcb_outputs.py BOARD.kicad_pcb NETLIST_CSV BOM_CSV OUTDIR [FAB_RULES_JSON]

Checks (one line each, `ok: ...` or `FAIL: ...`; exit 1 on a failure):
KiCad's DRC (0 violations, 0 unconnected pads) with the project's rules and
again with the assembly fab's minimums (FAB_RULES_JSON, default
hardware/jarmo-handheld/fab-rules.json, plus every plated ring checked
against its annular minimum), the silkscreen (every reference on silk at
>= 1.0 mm with a 0.15 mm stroke, silk lines >= 0.15 mm), every pin of netlist.csv on
a pad of the same net (and no pad on a net the netlist does not give it),
no through-hole lead under the battery holder on the back, the layout
rules of the electrical review (boost output capacitor within 2.5 mm of U4's
VOUT and GND pins, C10 by L1, C13 by the row switches, every 100 nF within
10 mm of its IC's VCC pin, only GND on the back under the boost cell), the
outputs present. Writes OUTDIR/gerbers.zip (copper, mask, silk, paste, outline,
Excellon drill; the Gerbers' origin is the board's lower-left corner),
bom-fab.csv (Comment, Designator, Footprint, LCSC: the parts the fab places,
each with its LCSC number), cpl.csv (Designator, Mid X, Mid Y, Layer,
Rotation: part centres in the Gerbers' frame, KiCad's rotation plus the
fab's offset for the package), fab-summary.txt (counts, LCSC lines basic /
extended, the price estimate of five boards), drc.rpt, drc-fab.rpt and
pcb-front.svg / pcb-back.svg."""
import csv
import json
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


# The fab's rotation for a package, added to KiCad's: the rows of
# matthewlai/JLCKicadTools cpl_rotations_db.csv (2024-09-11) that match the
# footprints used (hardware/jarmo-handheld/rev-d-parts.md "CPL rotation
# rows"); any other footprint gets 0 and is checked in the fab's preview.
ROTATION_OFFSETS = [(r"^SOT-23", -90), (r"^TSOT-23", 180), (r"^TQFP-", 270), (r"^SOIC-", 270),
                    (r"^SOP-(?!18_)", 270), (r"^SOP-18_", 0),
                    (r"^USB_C_Receptacle_HRO_TYPE-C-31-M-12", 180), (r"^SW_SPST_B3", 90)]


def rotation_offset(name):
    for rx, off in ROTATION_OFFSETS:
        if re.match(rx, name):
            return off
    return 0


def part_centre(fp):
    """The centre of the part's body (its fab-layer outline): the origin of
    most SMD footprints, not of every one (the slide switch's lever)."""
    xs, ys = [], []
    fab_layer = pcbnew.B_Fab if fp.IsFlipped() else pcbnew.F_Fab
    for g in fp.GraphicalItems():
        if g.GetLayer() == fab_layer and not isinstance(g, pcbnew.FP_TEXT):
            b = g.GetBoundingBox()
            xs += [b.GetX(), b.GetRight()]
            ys += [b.GetY(), b.GetBottom()]
    if not xs:
        p = fp.GetPosition()
        return pcbnew.ToMM(p.x), pcbnew.ToMM(p.y)
    return pcbnew.ToMM((min(xs) + max(xs)) / 2), pcbnew.ToMM((min(ys) + max(ys)) / 2)


# The price of five assembled boards: the parts at the prices in bom.csv
# (stored listings, hardware/jarmo-handheld/rev-d-parts.md) and the fab's
# fees as assumed here: the fab's price page was not read in this project.
FEES = {"pcb_5_boards_usd": 12.0, "assembly_setup_usd": 8.0, "stencil_usd": 1.5,
        "extended_line_usd": 3.0, "per_joint_usd": 0.0017}


def lcsc_classes():
    here = os.path.dirname(os.path.abspath(__file__))
    cls = {}
    for r in csv.DictReader(open(os.path.join(here, "..", "..", "hardware", "jarmo-handheld", "rev-d-parts.csv"))):
        nums = re.findall(r"C\d+", r["lcsc"])
        c = r["basic_or_extended"]
        if len(nums) == 1 or (nums and not re.search(r"[+/]", c)):
            for n in nums:                   # one class for every number on its row
                cls.setdefault(n, c)
    return cls


def summary(out, fab, parts, groups, by_hand, unfitted):
    cls = lcsc_classes()
    lines = sorted({l for (_v, _f, l) in groups})
    kind = {}
    for l in lines:
        c = cls.get(l, "not stated").lower()
        kind[l] = "basic" if c.startswith("basic") else ("preferred" if "prefer" in c else "extended")
    nb = sum(1 for l in lines if kind[l] == "basic")
    npf = sum(1 for l in lines if kind[l] == "preferred")
    ne = len(lines) - nb - npf
    joints = sum(len(fp.Pads()) for fp in fab.values())
    parts_usd = sum(float(parts[r]["unit_cost_usd"]) for r in fab) * 5
    hand_usd = sum(float(parts[r]["unit_cost_usd"]) for r in by_hand) * 5
    fees = (FEES["pcb_5_boards_usd"] + FEES["assembly_setup_usd"] + FEES["stencil_usd"]
            + ne * FEES["extended_line_usd"] + joints * 5 * FEES["per_joint_usd"])
    total = parts_usd + fees
    text = ["jarmo-handheld fab package (written by tools/hardware/pcb_outputs.py)",
            "parts placed by the fab: %d (%d joints each board)" % (len(fab), joints),
            "parts fitted by hand: %d (%s)" % (len(by_hand), " ".join(by_hand)),
            "pads with nothing fitted: %s" % (" ".join(unfitted) or "none"),
            "LCSC lines: %d (basic %d, preferred %d, extended %d)" % (len(lines), nb, npf, ne),
            "extended: %s" % " ".join(l for l in lines if kind[l] == "extended"),
            "five boards: parts USD %.2f + fab fees USD %.2f = USD %.2f (USD %.2f a board), "
            "plus the hand-fitted parts USD %.2f" % (parts_usd, fees, total, total / 5, hand_usd),
            "fees assumed, not read from the fab's page: %s" % ", ".join("%s %s" % kv for kv in FEES.items())]
    open(os.path.join(out, "fab-summary.txt"), "w").write("\n".join(text) + "\n")
    for t in text[1:7]:
        print("   " + t)


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

    # the same board against the assembly fab's minimums (a committed rule set)
    here = os.path.dirname(os.path.abspath(__file__))
    rules_path = sys.argv[5] if len(sys.argv) > 5 else os.path.join(here, "..", "..", "hardware", "jarmo-handheld", "fab-rules.json")
    rules = json.load(open(rules_path))
    fb = pcbnew.LoadBoard(pcb)
    fds = fb.GetDesignSettings()
    fnc = fds.GetNetClasses().GetDefault()
    fnc.SetClearance(pcbnew.FromMM(rules["clearance_mm"]))
    fds.m_MinClearance = pcbnew.FromMM(rules["clearance_mm"])
    fds.m_TrackMinWidth = pcbnew.FromMM(rules["track_min_mm"])
    fds.m_ViasMinAnnularWidth = pcbnew.FromMM(rules["annular_ring_mm"])
    fds.m_MinThroughDrill = pcbnew.FromMM(rules["drill_min_mm"])
    fds.m_HoleToHoleMin = pcbnew.FromMM(rules["hole_to_hole_mm"])
    fds.m_CopperEdgeClearance = pcbnew.FromMM(rules["copper_to_edge_mm"])
    frpt = os.path.join(out, "drc-fab.rpt")
    pcbnew.WriteDRCReport(fb, frpt, pcbnew.EDA_UNITS_MILLIMETRES, True)
    ftext = open(frpt).read()
    fv = re.search(r"Found (\d+) DRC violations", ftext)
    fnv = int(fv.group(1)) if fv else -1
    fkinds = sorted(set(re.findall(r"^\[(\w+)\]", ftext, re.M)))
    check("KiCad DRC with the fab's minimums (%s): %d violations" % (os.path.basename(rules_path), fnv), fnv == 0,
          "see %s (%s)" % (frpt, " ".join(fkinds)))
    # KiCad 6 checks the annular ring of vias only: the plated pads here
    ring_min = rules["annular_ring_mm"]
    thin = []
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            if pad.GetAttribute() != pcbnew.PAD_ATTRIB_PTH:
                continue
            sz, dr = pad.GetSize(), pad.GetDrillSize()
            ring = min(sz.x - dr.x, sz.y - dr.y) / 2e6
            if ring < ring_min - 1e-6:
                thin.append("%s.%s %.3f mm" % (fp.GetReference(), pad.GetNumber(), ring))
    for t in board.GetTracks():
        if isinstance(t, pcbnew.PCB_VIA):
            ring = (t.GetWidth() - t.GetDrillValue()) / 2e6
            if ring < ring_min - 1e-6:
                thin.append("via %.3f mm" % ring)
    check("every plated ring (pads and vias) at least %.2f mm" % ring_min, not thin, ", ".join(sorted(set(thin))[:8]))

    # silkscreen: a maker builds and debugs from it (silkscreen.py lays it out)
    small, hidden, thin_lines = [], [], []
    for fp in board.GetFootprints():
        ref = fp.GetReference()
        if ref.startswith("H"):
            continue
        t = fp.Reference()
        silk_layer = pcbnew.B_SilkS if fp.IsFlipped() else pcbnew.F_SilkS
        if t.GetLayer() != silk_layer or not t.IsVisible():
            hidden.append(ref)
        elif t.GetTextSize().y < pcbnew.FromMM(1.0) - 1 or t.GetTextThickness() < pcbnew.FromMM(0.15) - 1:
            small.append(ref)
        for g in fp.GraphicalItems():
            if not isinstance(g, pcbnew.FP_TEXT) and g.GetLayer() in (pcbnew.F_SilkS, pcbnew.B_SilkS) \
                    and g.GetWidth() < pcbnew.FromMM(0.15) - 1:
                thin_lines.append(ref)
    for d in board.GetDrawings():
        if d.GetLayer() in (pcbnew.F_SilkS, pcbnew.B_SilkS) and not isinstance(d, pcbnew.PCB_TEXT) \
                and d.GetWidth() < pcbnew.FromMM(0.15) - 1:
            thin_lines.append("board")
    check("every reference on the silk of its side", not hidden, " ".join(hidden[:12]))
    check("every reference at least 1.0 mm high, 0.15 mm stroke", not small, " ".join(small[:12]))
    check("every silk line at least 0.15 mm", not thin_lines, " ".join(sorted(set(thin_lines))[:12]))
    texts = [d.GetText() for d in board.GetDrawings() if isinstance(d, pcbnew.PCB_TEXT)]
    texts += [g.GetText() for fp in board.GetFootprints() for g in fp.GraphicalItems()
              if isinstance(g, pcbnew.FP_TEXT) and g.GetLayer() in (pcbnew.F_SilkS, pcbnew.B_SilkS)]
    want = ["jarmo-handheld rev D", "Jarmo console", "UP", "DOWN", "LEFT", "RIGHT", "A", "B", "3 x AA"]
    lacking = [w for w in want if not any(w in t_ for t_ in texts)]
    check("silk: the board's name and revision, the project, button legends, the cells' value", not lacking,
          "missing %s" % lacking)

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
    for ic, pin, cap in (("U0", "4", "C1"), ("U0", "6", "C7"), ("U0", "18", "C2"), ("U1", "16", "C20"),
                         ("U2", "16", "C21"), ("U3", "16", "C22"), ("U5", "16", "C31")):
        d = nearest(pad_at(ic, pin), [cap], "VBUS_CH" if ic == "U5" else "VCC")
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
    # the Gerbers' and drill's origin: the board's lower-left corner (from
    # its outline), the frame cpl.csv is written in too
    edges = [d for d in board.GetDrawings() if d.GetLayer() == pcbnew.Edge_Cuts]
    ex0 = min(min(d.GetStart().x, d.GetEnd().x) for d in edges)
    ey1 = max(max(d.GetStart().y, d.GetEnd().y) for d in edges)
    board.GetDesignSettings().SetAuxOrigin(pcbnew.wxPoint(ex0, ey1))
    pc = pcbnew.PLOT_CONTROLLER(board)
    po = pc.GetPlotOptions()
    po.SetOutputDirectory(gdir)
    po.SetPlotFrameRef(False)
    po.SetUseGerberProtelExtensions(True)
    po.SetSubtractMaskFromSilk(True)
    po.SetUseAuxOrigin(True)
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

    # ---- fab BOM and placement: the parts the fab places, each with its
    # LCSC number (bom.csv's assembly column: fab, hand or none)
    parts = {}
    for r in csv.DictReader(open(bom_csv)):
        for ref in r["ref"].split():
            parts[ref] = r
    fab = {ref: fp for ref, fp in fps.items() if parts.get(ref, {}).get("assembly") == "fab"}
    by_hand = sorted(ref for ref in fps if parts.get(ref, {}).get("assembly") == "hand")
    unfitted = sorted(ref for ref in fps if parts.get(ref, {}).get("assembly") == "none")
    no_lcsc = sorted(ref for ref in fab if not re.match(r"C\d+$", parts[ref].get("lcsc", "")))
    check("every part the fab places has an LCSC number (%d parts)" % len(fab), fab and not no_lcsc,
          " ".join(no_lcsc[:12]))
    groups = defaultdict(list)
    for ref, fp in sorted(fab.items()):
        r = parts[ref]
        groups[(r["value"] + " " + r["mpn"], str(fp.GetFPID().GetLibItemName()), r["lcsc"])].append(ref)
    with open(os.path.join(out, "bom-fab.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Comment", "Designator", "Footprint", "LCSC"])
        for (v, fpn, l), refs in sorted(groups.items(), key=lambda g: g[1][0]):
            w.writerow([v, ",".join(refs), fpn, l])
    ax, ay = pcbnew.ToMM(ex0), pcbnew.ToMM(ey1)
    placed = []
    with open(os.path.join(out, "cpl.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Designator", "Mid X", "Mid Y", "Layer", "Rotation"])
        for ref, fp in sorted(fab.items()):
            cx, cy = part_centre(fp)
            name = str(fp.GetFPID().GetLibItemName())
            rot = (fp.GetOrientationDegrees() + rotation_offset(name)) % 360
            w.writerow([ref, "%.3fmm" % (cx - ax), "%.3fmm" % (ay - cy),
                        "Bottom" if fp.IsFlipped() else "Top", "%.1f" % rot])
            placed.append(ref)
    check("bom-fab.csv (%d lines) and cpl.csv (%d parts): the placed parts only; by hand: %s; not fitted: %s"
          % (len(groups), len(placed), " ".join(by_hand) or "none", " ".join(unfitted) or "none"),
          len(groups) > 10 and len(placed) == len(fab), "empty")
    summary(out, fab, parts, groups, by_hand, unfitted)

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
