#!/usr/bin/python3
"""Check the jarmo-handheld KiCad project and write its fabrication outputs.

    KICAD_CONFIG_HOME=DIR /usr/bin/python3 hardware/tools/pcb_outputs.py PROJECT_DIR NETLIST_CSV BOM_CSV OUTDIR [FAB_RULES_JSON]

PROJECT_DIR holds jarmo-handheld.kicad_pro, .kicad_sch (and its sheets) and
.kicad_pcb. NETLIST_CSV and BOM_CSV: hardware/tools/kicad_netlist.py's.
DIR: a KiCad config folder with KiCad's library tables (hardware/hardware.mk's).
Checks (one line each, `ok: ...` or `FAIL: ...`; exit 1 on a failure):
kicad-cli's ERC (0 errors, 0 warnings); kicad-cli's DRC with the schematic
parity check (0 violations, 0 unconnected items, 0 parity problems) with the
project's rules and again with the assembly fab's minimums (FAB_RULES_JSON,
default hardware/jarmo-handheld/fab-rules.json, plus every plated ring
checked against its annular minimum); the silkscreen (every reference on
silk at >= 1.0 mm with a 0.15 mm stroke and nearer its own part than any
other, silk lines >= 0.15 mm, every LED's cathode marked, the cells' + and
-); no through-hole lead under the battery holder on the back; the layout
rules of the electrical review (boost output capacitor within 2.5 mm of
U4's VOUT and GND pins, C10 by L1, C13 by the row switches, every 100 nF
within 10 mm of its IC's VCC pin, only GND on the back under the boost cell);
the crystal at U0's pins 7 and 8 (at most 5 mm, 8 mm of track a net, no via,
only GND on the back under it); the USB ESD array at J1; the test pads on the
back, clear of the cells' holder; every footprint's value and fields (MPN,
Manufacturer, LCSC, Assembly, Cost_USD, Description) equal to its symbol's
(NETLIST_CSV's .net beside it); a 3D body for every fitted part; the title
block, and its revision in the Gerbers and on the silk; the drill/place
origin on the board's lower-left corner. The reports and the fab package of
an earlier run are deleted first; the package is built in OUTDIR/fab-staging
and moved into OUTDIR only when every check passed. Writes (all by
kicad-cli but the project's own LCSC and rotation step) OUTDIR/gerbers.zip
(copper, mask, silk, paste, outline, Excellon drill), bom-fab.csv (Comment,
Designator, Footprint, LCSC: one line per LCSC number, the parts the fab
places), cpl.csv (Designator, Mid X, Mid Y, Layer, Rotation: kicad-cli's
positions moved to the body's centre where a footprint's origin is not,
KiCad's rotation plus the fab's offset for the package), fab-summary.txt
(counts, LCSC lines basic / extended, the price estimate of five boards),
erc.json, drc.json, drc-fab.json and pcb-front.svg / pcb-back.svg."""
import csv
import heapq
import json
import math
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections import defaultdict

import pcbnew

FAILS = []
# what a run writes into OUTDIR: its reports (what is wrong) always, the fab
# package only when every check passed
REPORTS = ["erc.json", "drc.json", "drc-fab.json", "fab-drc"]
FAB_PACKAGE = ["gerbers", "gerbers.zip", "bom-fab.csv", "positions.csv", "cpl.csv", "fab-summary.txt",
               "placement-preview.svg", "pcb-front.svg", "pcb-back.svg"]


def check(name, ok, why=""):
    print(("ok: %s" % name) if ok else ("FAIL: %s: %s" % (name, why)))
    if not ok:
        FAILS.append(name)


# The fab's rotation for a package, added to KiCad's: the rows of
# matthewlai/JLCKicadTools cpl_rotations_db.csv (2024-09-11) that match the
# footprints used (hardware/jarmo-handheld/parts.md "CPL rotation
# rows"); any other footprint gets 0 and is checked in the fab's preview.
ROTATION_OFFSETS = [(r"^SOT-23", -90), (r"^TSOT-23", 180), (r"^TQFP-", 270), (r"^SOIC-", 270),
                    (r"^SOP-(?!18_)", 270), (r"^SOP-18_", 0),
                    (r"^USB_C_Receptacle_HRO_TYPE-C-31-M-12", 180), (r"^SW_SPST_B3", 90)]


def rotation_offset(name):
    for rx, off in ROTATION_OFFSETS:
        if re.match(rx, name):
            return off
    return 0


# The price of five assembled boards: the parts at the prices in bom.csv
# (stored listings, hardware/jarmo-handheld/parts.md) and the fab's
# fees as assumed here: the fab's price page was not read in this project.
FEES = {"pcb_5_boards_usd": 12.0, "assembly_setup_usd": 8.0, "stencil_usd": 1.5,
        "extended_line_usd": 3.0, "per_joint_usd": 0.0017}


def lcsc_classes():
    here = os.path.dirname(os.path.abspath(__file__))
    cls = {}
    for r in csv.DictReader(open(os.path.join(here, "..", "..", "hardware", "jarmo-handheld", "parts.csv"))):
        nums = re.findall(r"C\d+", r["lcsc"])
        c = r["basic_or_extended"]
        if len(nums) == 1 or (nums and not re.search(r"[+/]", c)):
            for n in nums:                   # one class for every number on its row
                cls.setdefault(n, c)
    return cls


def summary(out, fab, parts, groups, by_hand, unfitted):
    cls = lcsc_classes()
    lines = sorted(groups)
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
    text = ["jarmo-handheld fab package (written by hardware/tools/pcb_outputs.py)",
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



# Where a footprint's origin is not its body's centre (the fab's CPL wants
# the body's): the offset in the footprint's own frame, from its F.Fab
# drawing. SW_SPDT_PCM12: body x -3.35..3.35, y -1.0..1.6 (the lever, to
# y 3.23, is not the body), so the centre is (0, 0.30).
BODY_OFFSET = {"SW_SPDT_PCM12": (0.0, 0.30)}

# Parts ringed by bigger ones, so that no free spot for their 1.0 mm label is
# nearer them than a neighbour (a grid search 6 mm round each, 0.25 mm steps)
BOXED_IN = {"C7": "between U0's pins, C3 and C1", "C11": "between U4, L1, C10 and C12"}


# The VCC trunk's resistance, U4's VOUT to each row switch's source, from the
# copper: annealed copper 1.72e-8 ohm m, 1 oz (35 um), every track of the
# net a resistor, vias 0.5 mOhm, pads joining what ends on them
RHO, T = 1.72e-8, 35e-6
def trunk_r(board):
    adj = {}
    def key(p, layer): return (round(p.x / 1000), round(p.y / 1000), layer)
    def add(a, c, r):
        adj.setdefault(a, []).append((c, r)); adj.setdefault(c, []).append((a, r))
    nodes = []
    for t in board.GetTracks():
        if t.GetNetname() != "VCC": continue
        if isinstance(t, pcbnew.PCB_VIA):
            add(key(t.GetPosition(), "F"), key(t.GetPosition(), "B"), 0.0005)
            nodes += [(t.GetPosition(), "F"), (t.GetPosition(), "B")]
            continue
        lay = "F" if t.GetLayer() == pcbnew.F_Cu else "B"
        L = t.GetLength() / 1e9; w = t.GetWidth() / 1e9
        add(key(t.GetStart(), lay), key(t.GetEnd(), lay), RHO * L / (w * T))
        nodes += [(t.GetStart(), lay), (t.GetEnd(), lay)]
    # a track that ends on another's middle (a T): join it to both ends
    segs = [x for x in board.GetTracks() if x.GetNetname() == "VCC" and not isinstance(x, pcbnew.PCB_VIA)]
    for pos, lay in nodes:
        layer = pcbnew.F_Cu if lay == "F" else pcbnew.B_Cu
        for s in segs:
            if s.GetLayer() != layer or s.GetStart() == pos or s.GetEnd() == pos or not s.HitTest(pos, 0):
                continue
            L = s.GetLength() / 1e9; w = s.GetWidth() / 1e9
            a = ((pos.x - s.GetStart().x) ** 2 + (pos.y - s.GetStart().y) ** 2) ** 0.5 / 1e9
            add(key(pos, lay), key(s.GetStart(), lay), RHO * a / (w * T))
            add(key(pos, lay), key(s.GetEnd(), lay), RHO * max(L - a, 0) / (w * T))
    pads = {}
    for fp in board.GetFootprints():
        for p in fp.Pads():
            if p.GetNetname() != "VCC": continue
            pk = ("pad", fp.GetReference(), p.GetNumber())
            pads[(fp.GetReference(), p.GetNumber())] = pk
            for pos, lay in nodes:
                layer = pcbnew.F_Cu if lay == "F" else pcbnew.B_Cu
                if p.IsOnLayer(layer) and p.HitTest(pos):
                    add(pk, key(pos, lay), 0.0)
    start = pads[("U4", "6")]
    dist = {start: 0.0}; q = [(0.0, 0, start)]; cnt = [0]
    while q:
        d, _c, n = heapq.heappop(q)
        if d > dist.get(n, 1e9): continue
        for m, r in adj.get(n, []):
            if d + r < dist.get(m, 1e9):
                dist[m] = d + r; cnt[0] += 1; heapq.heappush(q, (d + r, cnt[0], m))
    return {("Q%d" % i): dist.get(pads.get(("Q%d" % i, "2")), -1) for i in range(8)}



def preview(board, fab, cpl, origin, path):
    """Each CPL row drawn where the fab will put it: the part's body (its
    fab-layer box) centred on the row's Mid X / Mid Y, its Rotation written
    beside it, its pin 1 (a diode's or LED's cathode) filled red, over the
    board's pads in grey. Hold it against the fab's own preview: there the
    fab's model of each part must show pin 1 on the red pad."""
    ox, oy = origin
    rows = {r["Designator"]: r for r in csv.DictReader(open(cpl))}
    W = max(d.GetEnd().x for d in board.GetDrawings() if d.GetLayer() == pcbnew.Edge_Cuts) - ox
    H = oy - min(d.GetStart().y for d in board.GetDrawings() if d.GetLayer() == pcbnew.Edge_Cuts)
    W, H = W / 1e6, H / 1e6
    s = 8.0                                         # px a mm
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %.1f %.1f" font-family="sans-serif">'
         % (W * s, H * s, W * s, H * s),
         '<rect width="100%" height="100%" fill="#0b3d1f"/>',
         '<text x="8" y="16" font-size="13" fill="#fff">jarmo-handheld rev %s: cpl.csv as the fab will place it '
         '(pin 1 / cathode in red; hold it against the fab\'s preview)</text>' % board.GetTitleBlock().GetRevision()]

    def xy(x, y):                                   # board nm -> px
        return (x - ox) / 1e6 * s, (y - (oy - H * 1e6)) / 1e6 * s
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            if fp.IsFlipped():
                continue
            b = pad.GetBoundingBox()
            x0, y0 = xy(b.GetX(), b.GetY())
            pin1 = fp.GetReference() in fab and pad.GetNumber() in ("1", "A1")
            o.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>'
                     % (x0, y0, b.GetWidth() / 1e6 * s, b.GetHeight() / 1e6 * s, "#e03030" if pin1 else "#8a8a8a"))
    for ref, fp in sorted(fab.items()):
        r = rows.get(ref)
        if r is None:
            continue
        cx, cy = float(r["Mid X"][:-2]) * s, (H - float(r["Mid Y"][:-2])) * s
        fb = [g.GetBoundingBox() for g in fp.GraphicalItems() if isinstance(g, pcbnew.PCB_SHAPE) and g.GetLayer() == pcbnew.F_Fab]
        if fb:
            w = (max(b.GetRight() for b in fb) - min(b.GetX() for b in fb)) / 1e6
            h = (max(b.GetBottom() for b in fb) - min(b.GetY() for b in fb)) / 1e6
        else:
            w = h = 1.0
        # the body box drawn unrotated in the board's frame (KiCad's own
        # rotation is already in its fab drawing); the CPL rotation as text
        o.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="#ffd23c" stroke-width="1"/>'
                 % (cx - w * s / 2, cy - h * s / 2, w * s, h * s))
        if not re.match(r"[RC]\d", ref):
            o.append('<text x="%.1f" y="%.1f" font-size="8" fill="#fff">%s %s</text>' % (cx + w * s / 2 + 1, cy - h * s / 2, ref, r["Rotation"]))
    o.append("</svg>")
    open(path, "w").write("\n".join(o) + "\n")


# the symbol fields a footprint carries (besides its value), as KiCad's
# "Update PCB from Schematic" copies them
SYMBOL_FIELDS = ("MPN", "Manufacturer", "LCSC", "Assembly", "Cost_USD", "Description")


def symbol_fields(net_path):
    """ref -> {field: text} from kicad-cli's kicadsexpr netlist."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from sexpr import find, find_all, parse
    out = {}
    net = parse(open(net_path).read())
    for c in find_all(find(net, "components"), "comp"):
        f = {x[1][1]: (x[2] if len(x) > 2 else "") for x in find_all(find(c, "fields") or [], "field")}
        f["Value"] = find(c, "value")[1]
        out[find(c, "ref")[1]] = f
    return out


class ProjectError(Exception):
    """A project file that cannot be read as what it should be."""


RULE_KEYS = ("clearance_mm", "track_min_mm", "annular_ring_mm", "drill_min_mm", "hole_to_hole_mm",
             "copper_to_edge_mm")


def load_json(path, probe):
    """A JSON file, and probe(it) run to see that it has what is read from
    it; a ProjectError naming the file and what is wrong otherwise."""
    try:
        data = json.load(open(path, encoding="utf-8"))
    except OSError as e:
        raise ProjectError("%s: %s" % (path, e.strerror))
    except ValueError as e:
        raise ProjectError("%s is not valid JSON: %s" % (path, e))
    try:
        probe(data)
    except (KeyError, TypeError, AttributeError) as e:
        raise ProjectError("%s lacks %s (or it is of the wrong kind)" % (path, e))
    return data


def load_board(path):
    """The board through KiCad's own loader; a ProjectError when it cannot
    load it or it has no outline or no footprints."""
    if not os.path.isfile(path):
        raise ProjectError("%s: no such board file" % path)
    try:
        board = pcbnew.LoadBoard(path)
    except Exception as e:                  # KiCad's IO_ERROR arrives as a plain Exception
        raise ProjectError("%s: KiCad cannot load it (%s)" % (path, str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__))
    if board is None or not len(board.GetFootprints()) or not any(
            d.GetLayer() == pcbnew.Edge_Cuts for d in board.GetDrawings()):
        raise ProjectError("%s: KiCad loaded no board from it (no footprints or no outline)" % path)
    return board


def kicad_env():
    """kicad-cli's environment: KICAD_CONFIG_HOME must name a config folder
    with KiCad's library tables, which hardware/hardware.mk makes and owns
    (build/hardware/kicad-config: make pcb-check passes it; a fresh machine
    has no tables of its own, and a maker's own config is not touched)."""
    cfg = os.environ.get("KICAD_CONFIG_HOME", "")
    if not os.path.exists(os.path.join(cfg, "9.0", "sym-lib-table")):
        sys.exit("pcb_outputs.py: KICAD_CONFIG_HOME (%r) has no 9.0/sym-lib-table: run it as make pcb-check "
                 "does (KICAD_CONFIG_HOME=build/hardware/kicad-config, made by make hardware)" % cfg)
    return dict(os.environ)


def run(cmd, env):
    r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    if r.returncode not in (0, 5):          # 5: kicad-cli's "violations found" with --exit-code-violations
        print(r.stdout[-2000:])
    return r


def drc(pcb, report, env, label):
    run(["kicad-cli", "pcb", "drc", "--schematic-parity", "--severity-all", "--format", "json",
         "--units", "mm", "-o", report, pcb], env)
    try:
        d = json.load(open(report))
    except (OSError, ValueError) as e:
        check("%s: kicad-cli wrote a report" % label, False, str(e))
        return
    v, u, s = d.get("violations", []), d.get("unconnected_items", []), d.get("schematic_parity", [])
    kinds = sorted({x.get("type", "?") for x in v + u + s})
    check("%s: %d violations, %d unconnected items, %d parity problems" % (label, len(v), len(u), len(s)),
          not v and not u and not s, "see %s (%s)" % (report, " ".join(kinds)))


def main():
    proj, net_csv, bom_csv, out = sys.argv[1:5]
    out = os.path.abspath(out)
    os.makedirs(out, exist_ok=True)
    # nothing an earlier run wrote is read or left standing as this run's:
    # the reports are written anew, the fab package is built aside in
    # OUTDIR/fab-staging and moved into OUTDIR only when every check passed
    for f in REPORTS + FAB_PACKAGE:
        path = os.path.join(out, f)
        shutil.rmtree(path) if os.path.isdir(path) else (os.path.exists(path) and os.remove(path))
    stage = os.path.join(out, "fab-staging")
    shutil.rmtree(stage, ignore_errors=True)
    os.makedirs(stage)
    name = "jarmo-handheld"
    pcb = os.path.join(proj, name + ".kicad_pcb")
    sch = os.path.join(proj, name + ".kicad_sch")
    env = kicad_env()
    # the project's files read first: one line naming a file that is not
    # what it should be, before anything is run on it
    here = os.path.dirname(os.path.abspath(__file__))
    rules_path = sys.argv[5] if len(sys.argv) > 5 else os.path.join(here, "..", "..", "hardware", name, "fab-rules.json")
    rules = load_json(rules_path, lambda r: [r[k] + 0 for k in RULE_KEYS])
    load_json(os.path.join(proj, name + ".kicad_pro"),
              lambda p_: (p_["board"]["design_settings"]["rules"].keys(), list(p_["net_settings"]["classes"])))
    board = load_board(pcb)

    # ---- ERC of the schematic
    rpt = os.path.join(out, "erc.json")
    run(["kicad-cli", "sch", "erc", "--severity-all", "--format", "json", "--units", "mm", "-o", rpt, sch], env)
    try:
        e = json.load(open(rpt))
        items = [v for s_ in e.get("sheets", []) for v in s_.get("violations", [])]
    except (OSError, ValueError) as ex:
        items = [{"severity": "error", "type": "no report: %s" % ex}]
    errs = [v for v in items if v.get("severity") == "error"]
    warns = [v for v in items if v.get("severity") == "warning"]
    check("KiCad ERC: %d errors, %d warnings" % (len(errs), len(warns)), not errs and not warns,
          "see %s (%s)" % (rpt, " ".join(sorted({v.get("type", "?") for v in items}))))

    # ---- DRC and parity, with the project's rules
    drc(pcb, os.path.join(out, "drc.json"), env, "KiCad DRC and schematic parity (the project's rules)")
    # ... and with the assembly fab's minimums: a copy of the project whose
    # board rules and default net class are the fab's
    fab_dir = os.path.join(out, "fab-drc")
    shutil.rmtree(fab_dir, ignore_errors=True)
    shutil.copytree(proj, fab_dir, ignore=shutil.ignore_patterns("*.kicad_prl", "*-backups", "fp-info-cache"))
    pro_path = os.path.join(fab_dir, name + ".kicad_pro")
    pro = json.load(open(pro_path))
    r_ = pro["board"]["design_settings"]["rules"]
    r_["min_clearance"] = rules["clearance_mm"]
    r_["min_track_width"] = rules["track_min_mm"]
    r_["min_via_annular_width"] = rules["annular_ring_mm"]
    r_["min_through_hole_diameter"] = rules["drill_min_mm"]
    r_["min_hole_to_hole"] = rules["hole_to_hole_mm"]
    r_["min_copper_edge_clearance"] = rules["copper_to_edge_mm"]
    for nc in pro["net_settings"]["classes"]:
        nc["clearance"] = rules["clearance_mm"]
    json.dump(pro, open(pro_path, "w"), indent=2)
    drc(os.path.join(fab_dir, name + ".kicad_pcb"), os.path.join(out, "drc-fab.json"), env,
        "KiCad DRC and parity with the fab's minimums (%s)" % os.path.basename(rules_path))

    # every plated ring, pads and vias, against the fab's annular minimum
    ring_min = rules["annular_ring_mm"]
    thin = []
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            if pad.GetAttribute() != pcbnew.PAD_ATTRIB_PTH:
                continue
            sz, dr = pad.GetSize(pcbnew.F_Cu), pad.GetDrillSize()
            ring = min(sz.x - dr.x, sz.y - dr.y) / 2e6
            if ring < ring_min - 1e-6:
                thin.append("%s.%s %.3f mm" % (fp.GetReference(), pad.GetNumber(), ring))
    for t in board.GetTracks():
        if isinstance(t, pcbnew.PCB_VIA):
            ring = (t.GetWidth(pcbnew.F_Cu) - t.GetDrillValue()) / 2e6
            if ring < ring_min - 1e-6:
                thin.append("via %.3f mm" % ring)
    check("every plated ring (pads and vias) at least %.2f mm" % ring_min, not thin, ", ".join(sorted(set(thin))[:8]))

    # ---- silkscreen: a maker builds and debugs from it
    fps = {fp.GetReference(): fp for fp in board.GetFootprints()}
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
            if isinstance(g, pcbnew.PCB_SHAPE) and g.GetLayer() in (pcbnew.F_SilkS, pcbnew.B_SilkS) \
                    and not g.IsFilled() and g.GetWidth() < pcbnew.FromMM(0.15) - 1:
                thin_lines.append(ref)
    for d in board.GetDrawings():
        if isinstance(d, pcbnew.PCB_SHAPE) and d.GetLayer() in (pcbnew.F_SilkS, pcbnew.B_SilkS) \
                and d.GetWidth() < pcbnew.FromMM(0.15) - 1:
            thin_lines.append("board")
    check("every reference on the silk of its side", not hidden, " ".join(hidden[:12]))
    check("every reference at least 1.0 mm high, 0.15 mm stroke", not small, " ".join(small[:12]))
    check("every silk line at least 0.15 mm", not thin_lines, " ".join(sorted(set(thin_lines))[:12]))
    # every reference nearer its own part (its pads and its body on the fab
    # layer) than any other part on its side; BOXED_IN: the two parts with no
    # free spot for a 1.0 mm label nearer them than to their neighbours
    boxes = {}
    for ref, fp in fps.items():
        if ref.startswith("H"):
            continue
        items = [p.GetBoundingBox() for p in fp.Pads()]
        items += [g.GetBoundingBox() for g in fp.GraphicalItems()
                  if isinstance(g, pcbnew.PCB_SHAPE) and g.GetLayer() in (pcbnew.F_Fab, pcbnew.B_Fab)]
        boxes[ref] = (min(b.GetX() for b in items), min(b.GetY() for b in items),
                      max(b.GetRight() for b in items), max(b.GetBottom() for b in items), fp.IsFlipped())

    def gap(p, b):
        dx = max(b[0] - p.x, 0, p.x - b[2])
        dy = max(b[1] - p.y, 0, p.y - b[3])
        return (dx * dx + dy * dy) ** 0.5 / 1e6
    strays = []
    for ref, b in boxes.items():
        p = fps[ref].Reference().GetPosition()
        own = gap(p, b)
        near = min(((gap(p, o), r) for r, o in boxes.items() if r != ref and o[4] == b[4]), default=(1e9, ""))
        if near[0] < own - 0.05:
            strays.append((ref, "%s (%.1f mm; %s %.1f mm)" % (ref, own, near[1], near[0])))
    bad = [s_ for r, s_ in strays if r not in BOXED_IN]
    check("every reference nearer its own part than any other (%d references; boxed in: %s)"
          % (len(boxes), ", ".join(s_ for r, s_ in strays if r in BOXED_IN) or "none"), not bad,
          "%d: %s" % (len(bad), ", ".join(sorted(bad)[:10])))
    texts = [d.GetText() for d in board.GetDrawings() if isinstance(d, pcbnew.PCB_TEXT)]
    texts += [g.GetText() for fp in board.GetFootprints() for g in fp.GraphicalItems()
              if isinstance(g, pcbnew.PCB_TEXT) and g.GetLayer() in (pcbnew.F_SilkS, pcbnew.B_SilkS)]
    want = ["jarmo-handheld rev %s" % board.GetTitleBlock().GetRevision(), "Jarmo console", "UP", "DOWN", "LEFT", "RIGHT", "A", "B", "3 x AA"]
    lacking = [w for w in want if not any(w in t_ for t_ in texts)]
    check("silk: the board's name and revision, the project, button legends, the cells' value", not lacking,
          "missing %s" % lacking)
    back = [d for d in board.GetDrawings() if isinstance(d, pcbnew.PCB_TEXT) and d.GetLayer() == pcbnew.B_SilkS]
    signs = {s_: any(d.GetText().strip() == s_ for d in back) for s_ in ("+", "-")}
    check("silk on the back: the cells' + and - by the holder's contacts", all(signs.values()),
          "missing %s" % [k for k, v in signs.items() if not v])
    # each LED's cathode: a filled bar on the silk at pad 1's end
    unmarked = []
    for ref, fp in fps.items():
        if not re.match(r"D[RG]\d\d$", ref):
            continue
        k = next(p for p in fp.Pads() if p.GetNumber() == "1").GetPosition()
        a = next(p for p in fp.Pads() if p.GetNumber() == "2").GetPosition()
        bars = [g for g in fp.GraphicalItems() if isinstance(g, pcbnew.PCB_SHAPE) and g.IsFilled()
                and g.GetLayer() == pcbnew.F_SilkS]
        if not any(((g.GetCenter().x - k.x) ** 2 + (g.GetCenter().y - k.y) ** 2)
                   < ((g.GetCenter().x - a.x) ** 2 + (g.GetCenter().y - a.y) ** 2) for g in bars):
            unmarked.append(ref)
    check("every LED's cathode marked by a filled silk bar at pad 1 (%d LEDs)" % sum(1 for r in fps if re.match(r"D[RG]\d\d$", r)),
          not unmarked, " ".join(unmarked[:12]))

    # ---- the battery holder on the back: no front through-hole lead under it
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
                if pad.GetNetname().rsplit("/", 1)[-1] == net and pos is not None:
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
    # the VCC trunk: one lit row, 8 red (up to 22.3 mA) and 8 green (up to
    # 16 mA) LEDs, draws 0.31 A through it (the review rounded to 0.33 A);
    # the drop is taken from every LED's headroom
    rs = trunk_r(board)
    worst = max(rs.values())
    check("VCC trunk U4 VOUT -> row switches at most 0.30 ohm (worst %.3f ohm: %.0f mV at 0.33 A)" % (worst, worst * 330),
          0 <= min(rs.values()) and worst <= 0.30, " ".join("%s %.3f" % kv for kv in sorted(rs.items())))
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

    # ---- the crystal at the MCU: each XTAL net short, without a via, and
    # only ground on the back under it (Y1, its loads, U0's pins 7 and 8)
    def on_back_in(box, skip_net):
        nets = set()
        for t in board.GetTracks():
            if t.GetNetname() == skip_net or not t.IsOnLayer(pcbnew.B_Cu):
                continue
            if isinstance(t, pcbnew.PCB_VIA):
                pts = [t.GetPosition()]
            else:
                a, b = t.GetStart(), t.GetEnd()
                k = max(1, int(dist_mm(a, b) / 0.1))
                pts = [pcbnew.VECTOR2I(a.x + (b.x - a.x) * i // k, a.y + (b.y - a.y) * i // k) for i in range(k + 1)]
            if any(box[0] <= q.x <= box[2] and box[1] <= q.y <= box[3] for q in pts):
                nets.add(t.GetNetname())
        return nets
    u0 = fps.get("U0")
    xnets = sorted({pd.GetNetname() for pd in u0.Pads() if pd.GetNumber() in ("7", "8")}) if u0 else []
    xs_ = []
    for n in xnets:
        segs = [t for t in board.GetTracks() if t.GetNetname() == n]
        xs_.append((n.split("-")[-1].split("{")[0].rstrip(")"), sum(t.GetLength() for t in segs if not isinstance(t, pcbnew.PCB_VIA)) / 1e6,
                    sum(1 for t in segs if isinstance(t, pcbnew.PCB_VIA))))
    y1 = fps.get("Y1")
    reach = [min((dist_mm(pd.GetPosition(), q.GetPosition()) for q in (y1.Pads() if y1 else [])
                  if q.GetNetname() == pd.GetNetname()), default=1e9)
             for pd in (u0.Pads() if u0 else []) if pd.GetNumber() in ("7", "8")]
    check("the crystal at the MCU, its nets short and without a via (%s; Y1's pads %s mm from pins 7 and 8; "
          "at most 8 mm of track and 5 mm)" % (", ".join("%s %.1f mm, %d vias" % x for x in xs_),
                                              " and ".join("%.1f" % d for d in reach)),
          len(xs_) == 2 and all(L <= 8.0 and v == 0 for _n, L, v in xs_) and len(reach) == 2 and max(reach) <= 5.0,
          "move Y1, C3 and C4 to U0's pins 7 and 8")
    xcell = [pd.GetBoundingBox() for r in ("Y1", "C3", "C4") if r in fps for pd in fps[r].Pads()]
    xcell += [pd.GetBoundingBox() for pd in (u0.Pads() if u0 else []) if pd.GetNumber() in ("7", "8")]
    if xcell:
        xbox = (min(c.GetX() for c in xcell), min(c.GetY() for c in xcell),
                max(c.GetRight() for c in xcell), max(c.GetBottom() for c in xcell))
        under = on_back_in(xbox, "GND")
        check("no copper but GND on the back under the crystal (Y1, C3, C4 and U0's pins 7, 8)", not under,
              "nets %s" % " ".join(sorted(under)))
    # ---- USB: the ESD array at the receptacle, on the data lines' way in
    usb = ("USB_DP", "USB_DM")
    esd = [r for r, fp in fps.items() if r not in ("J1", "U5")
           and {pd.GetNetname() for pd in fp.Pads()} >= set(usb)]
    far_ = []
    for n in usb:
        jp = [pd.GetPosition() for pd in fps["J1"].Pads() if pd.GetNetname() == n] if "J1" in fps else []
        ep = [pd.GetPosition() for r in esd for pd in fps[r].Pads() if pd.GetNetname() == n]
        up = [pd.GetPosition() for pd in fps["U5"].Pads() if pd.GetNetname() == n] if "U5" in fps else []
        if not (jp and ep and up):
            far_.append("%s: no pads" % n)
            continue
        de = min(dist_mm(a, b) for a in jp for b in ep)
        du = min(dist_mm(a, b) for a in jp for b in up)
        if de > 5.0 or de >= du:
            far_.append("%s: the array %.1f mm from J1, the bridge %.1f mm" % (n, de, du))
    check("USB ESD array %s within 5 mm of J1's D+ and D- pads, nearer them than the bridge"
          % (" ".join(esd) or "none"), len(esd) == 1 and not far_, "; ".join(far_))
    # ---- bring-up test points: on the back, clear of the battery holder
    tps = {r: fp for r, fp in fps.items() if re.match(r"TP\d+$", r)}
    bt_box = None
    if "BT1" in fps:
        bb = [g.GetBoundingBox() for g in fps["BT1"].GraphicalItems() if g.GetLayer() == pcbnew.B_Fab]
        if bb:
            bt_box = (min(b.GetX() for b in bb), min(b.GetY() for b in bb), max(b.GetRight() for b in bb),
                      max(b.GetBottom() for b in bb))
    bad_tp = []
    for r, fp in sorted(tps.items()):
        q = fp.GetPosition()
        if not fp.IsFlipped():
            bad_tp.append("%s on the front" % r)
        elif bt_box and bt_box[0] <= q.x <= bt_box[2] and bt_box[1] <= q.y <= bt_box[3]:
            bad_tp.append("%s under BT1" % r)
    tp_nets = sorted(next(iter(fp.Pads())).GetNetname().split("/")[-1] for fp in tps.values())
    check("test points on the back, clear of the cells' holder (%s)" % " ".join(tp_nets),
          len(tps) >= 4 and not bad_tp, "; ".join(bad_tp))
    # ---- every footprint carries its symbol's value and fields, as KiCad's
    # "Update PCB from Schematic" writes them (the fab's tools read the board)
    net_path = os.path.splitext(net_csv)[0] + ".net"
    sym = symbol_fields(net_path) if os.path.exists(net_path) else {}
    differ = []
    for ref, f in sym.items():
        fp = fps.get(ref)
        if fp is None:
            continue
        for name in ("Value",) + SYMBOL_FIELDS:
            have = fp.GetValue() if name == "Value" else (fp.GetFieldByName(name).GetText()
                                                          if fp.HasFieldByName(name) else None)
            if have != f.get(name, ""):
                differ.append("%s %s %r (symbol %r)" % (ref, name, have, f.get(name, "")))
    check("every footprint's value and fields (%s) as its symbol's (%d footprints)"
          % (" ".join(SYMBOL_FIELDS), len(sym)), sym and not differ,
          "%d differ, e.g. %s: Tools > Update PCB from Schematic" % (len(differ), "; ".join(differ[:4])))
    # ---- a 3D body for every part fitted (by the fab or by hand): the
    # project's own (${KIPRJMOD}/3d, hardware/tools/make_3d_models.py) must
    # exist; KiCad's are looked for where kicad-packages3d puts them (make
    # renders installs it; without it they are checked by name only)
    fitted = {ref for r in csv.DictReader(open(bom_csv)) if r["assembly"] in ("fab", "hand") for ref in r["ref"].split()}
    kdir = os.environ.get("KICAD9_3DMODEL_DIR", "/usr/share/kicad/3dmodels")
    have_kicad = os.path.isdir(kdir)
    bodiless, unchecked = [], 0
    for ref in sorted(fitted & set(fps)):
        ms = [m for m in fps[ref].Models() if m.m_Show]
        paths = [m.m_Filename.replace("${KIPRJMOD}", os.path.abspath(proj)).replace("${KICAD9_3DMODEL_DIR}", kdir)
                 for m in ms]
        found = any(os.path.exists(q) or os.path.exists(os.path.splitext(q)[0] + ".wrl")
                    or os.path.exists(os.path.splitext(q)[0] + ".step") for q in paths)
        if not ms:
            bodiless.append("%s (none)" % ref)
        elif not found and (have_kicad or any("${KIPRJMOD}" in m.m_Filename for m in ms)):
            bodiless.append("%s (%s)" % (ref, os.path.basename(paths[0])))
        elif not found:
            unchecked += 1
    check("a 3D body for every fitted part (%d parts%s)"
          % (len(fitted & set(fps)), "" if have_kicad else "; %d of KiCad's by name only: %s not installed"
             % (unchecked, kdir)), not bodiless, "no model file: %s" % ", ".join(bodiless[:8]))
    # ---- the title block the Gerbers and the silk carry
    tb = board.GetTitleBlock()
    rev = tb.GetRevision()
    check("the board's title block: title, revision %s, date, licence" % (rev or "?"),
          bool(tb.GetTitle() and rev and tb.GetDate() and "CERN-OHL" in tb.GetCompany()),
          "File > Board Setup > Title Block: %r %r %r %r" % (tb.GetTitle(), rev, tb.GetDate(), tb.GetCompany()))

    # ---- Gerbers and drill, by kicad-cli, in the frame of the drill/place
    # origin: the board's lower-left corner (cpl.csv uses it too)
    edges = [d for d in board.GetDrawings() if d.GetLayer() == pcbnew.Edge_Cuts]
    ex0 = min(min(d.GetStart().x, d.GetEnd().x) for d in edges)
    ey1 = max(max(d.GetStart().y, d.GetEnd().y) for d in edges)
    aux = board.GetDesignSettings().GetAuxOrigin()
    check("the drill/place origin on the board's lower-left corner (%.2f, %.2f mm)" % (ex0 / 1e6, ey1 / 1e6),
          aux.x == ex0 and aux.y == ey1,
          "it is at (%.2f, %.2f mm): move it in the board editor (Place > Drill/Place File Origin)" % (aux.x / 1e6, aux.y / 1e6))
    gdir = os.path.join(stage, "gerbers")
    shutil.rmtree(gdir, ignore_errors=True)
    os.makedirs(gdir)
    run(["kicad-cli", "pcb", "export", "gerbers", "--layers",
         "F.Cu,B.Cu,F.Mask,B.Mask,F.Silkscreen,B.Silkscreen,F.Paste,B.Paste,Edge.Cuts",
         "--subtract-soldermask", "--use-drill-file-origin", "-o", gdir + "/", pcb], env)
    run(["kicad-cli", "pcb", "export", "drill", "--format", "excellon", "--drill-origin", "plot",
         "--excellon-units", "mm", "-o", gdir + "/", pcb], env)
    files = sorted(f for f in os.listdir(gdir) if not f.endswith(".gbrjob"))
    zpath = os.path.join(stage, "gerbers.zip")
    with zipfile.ZipFile(zpath, "w", zipfile.ZIP_DEFLATED) as z:
        for f in files:
            z.write(os.path.join(gdir, f), f)
    need = [".gtl", ".gbl", ".gts", ".gbs", ".gto", ".gbo", ".gtp", ".gm1", ".drl"]
    have = [e for e in need if any(f.lower().endswith(e) for f in files)]
    check("gerbers.zip: copper, mask, silk, paste, outline, drill (%s)" % " ".join(have),
          len(have) == len(need), "missing %s" % sorted(set(need) - set(have)))
    gtl = [f for f in files if f.lower().endswith(".gtl")]
    pid = re.findall(r"%TF\.ProjectId,[^,]*,[^,]*,([^*]*)\*%", open(os.path.join(gdir, gtl[0])).read()) if gtl else []
    check("the Gerbers say revision %s (%s)" % (rev or "?", "TF.ProjectId " + (pid[0] if pid else "missing")),
          bool(rev) and pid == [rev], "the title block's revision is what the Gerbers carry")

    # ---- fab BOM and placement: the parts the fab places (bom.csv's
    # assembly column: fab, hand or none), one BOM line per LCSC number
    parts = {}
    for r in csv.DictReader(open(bom_csv)):
        for ref in r["ref"].split():
            parts[ref] = r
    fab = {ref: fp for ref, fp in fps.items() if parts.get(ref, {}).get("assembly") == "fab"}
    by_hand = sorted(ref for ref in fps if parts.get(ref, {}).get("assembly") == "hand")
    unfitted = sorted(ref for ref in fps if parts.get(ref, {}).get("assembly") == "none" and not ref.startswith("H"))
    no_lcsc = sorted(ref for ref in fab if not re.match(r"C\d+$", parts[ref].get("lcsc", "")))
    check("every part the fab places has an LCSC number (%d parts)" % len(fab), fab and not no_lcsc,
          " ".join(no_lcsc[:12]))
    groups = defaultdict(list)
    for ref, fp in sorted(fab.items()):
        r = parts[ref]
        groups[r["lcsc"]].append(ref)
    with open(os.path.join(stage, "bom-fab.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Comment", "Designator", "Footprint", "LCSC"])
        for l, refs in sorted(groups.items(), key=lambda g: g[1][0]):
            r = parts[refs[0]]
            fpn = str(fab[refs[0]].GetFPID().GetLibItemName())
            w.writerow([r["mpn"], ",".join(refs), fpn, l])
    pos_csv = os.path.join(stage, "positions.csv")
    run(["kicad-cli", "pcb", "export", "pos", "--format", "csv", "--units", "mm", "--side", "both",
         "--use-drill-file-origin", "-o", pos_csv, pcb], env)
    pos = {r["Ref"]: r for r in csv.DictReader(open(pos_csv))}
    placed, missing = [], []
    with open(os.path.join(stage, "cpl.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Designator", "Mid X", "Mid Y", "Layer", "Rotation"])
        for ref, fp in sorted(fab.items()):
            r = pos.get(ref)
            if r is None:
                missing.append(ref)
                continue
            fpn = str(fp.GetFPID().GetLibItemName())
            x, y, rot = float(r["PosX"]), float(r["PosY"]), float(r["Rot"])
            ox, oy = BODY_OFFSET.get(fpn, (0.0, 0.0))
            if ox or oy:                    # the footprint's frame (y down) turned by rot, into y-up mm
                a = math.radians(rot)
                dx, dy = ox * math.cos(a) + oy * math.sin(a), -ox * math.sin(a) + oy * math.cos(a)
                x, y = x + dx, y - dy
            w.writerow([ref, "%.3fmm" % x, "%.3fmm" % y, "Bottom" if r["Side"] == "bottom" else "Top",
                        "%.1f" % ((rot + rotation_offset(fpn)) % 360)])
            placed.append(ref)
    check("bom-fab.csv (%d lines, one per LCSC number) and cpl.csv (%d parts): the placed parts only; by hand: %s; not fitted: %s"
          % (len(groups), len(placed), " ".join(by_hand) or "none", " ".join(unfitted) or "none"),
          len(groups) > 10 and len(placed) == len(fab) and not missing, "no position for %s" % " ".join(missing))
    summary(stage, fab, parts, groups, by_hand, unfitted)
    preview(board, fab, os.path.join(stage, "cpl.csv"), (ex0, ey1), os.path.join(stage, "placement-preview.svg"))
    check("placement-preview.svg: %d parts at their CPL position and rotation, pin 1 / cathode marked" % len(placed),
          os.path.getsize(os.path.join(stage, "placement-preview.svg")) > 1000, "empty")

    # ---- pictures of both sides
    for side, layers in (("front", "F.Cu,F.Silkscreen,F.Mask,Edge.Cuts"), ("back", "B.Cu,B.Silkscreen,B.Mask,Edge.Cuts")):
        cmd = ["kicad-cli", "pcb", "export", "svg", "--layers", layers, "--exclude-drawing-sheet",
               "--page-size-mode", "2", "-o", os.path.join(stage, "pcb-%s.svg" % side), pcb]
        if side == "back":
            cmd.insert(-1, "--mirror")
        run(cmd, env)
    pics = [f for f in os.listdir(stage) if f.endswith(".svg") and "pcb-" in f]
    check("pictures of both sides (%s)" % " ".join(sorted(pics)), len(pics) >= 2, "missing")
    if FAILS:
        shutil.rmtree(stage, ignore_errors=True)
        print("pcb checks: %d failed (no fab package written)" % len(FAILS))
        return 1
    for f in FAB_PACKAGE:
        if os.path.exists(os.path.join(stage, f)):
            os.replace(os.path.join(stage, f), os.path.join(out, f))
    shutil.rmtree(stage, ignore_errors=True)
    print("pcb checks: 0 failed; the fab package is in %s" % out)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ProjectError as e:
        print("pcb_outputs.py: %s" % e)
        sys.exit(1)
    except OSError as e:                    # a full or unwritable output folder
        print("pcb_outputs.py: %s: %s" % (e.filename or "the output folder", e.strerror))
        sys.exit(1)
