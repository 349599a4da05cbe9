#!/usr/bin/python3
"""One-time conversion of rev D from lepton-eda to a KiCad 9 project.

    lepton_to_kicad.py NETLIST_CSV BOM_CSV PARTS_CSV OUTDIR

NETLIST_CSV / BOM_CSV: the lepton export (tools/hardware/export.sh);
PARTS_CSV: hardware/jarmo-handheld/rev-d-parts.csv (manufacturers by MPN).
Writes OUTDIR/jarmo-handheld.kicad_sch (the root: one sheet symbol per
function) and one .kicad_sch per function, every part a KiCad library
symbol embedded as KiCad saves it, each pin a short wire to a net label
(a global label where the net leaves the sheet), a power symbol (GND, VCC,
VBUS) or a no-connect flag; and OUTDIR/parts.json (ref -> sheet, symbol
uuid, fields) for the board's side of the conversion."""
import csv
import json
import math
import os
import re
import sys
import uuid
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sexpr import Quoted as Q, dump, find, find_all, grab_symbol, parse  # noqa: E402

SYMDIR = "/usr/share/kicad/symbols"
PROJECT = "jarmo-handheld"
NS = uuid.UUID("6a0f3c1e-5b7d-4c1a-9e2f-4a6b8c0d2e4f")


def uid(*parts):
    return str(uuid.uuid5(NS, "/".join(parts)))


# ref pattern -> (library, symbol)
SYMBOLS = [
    (r"^U0$", "MCU_Microchip_ATmega", "ATmega328P-A"),
    (r"^U[123]$", "74xx", "74HC595"),
    (r"^U4$", "jarmo", "TPS61023"),
    (r"^U5$", "Interface_USB", "CH340C"),
    (r"^U[67]$", "jarmo", "TBD62083A"),
    (r"^U8$", "Power_Protection", "USBLC6-2SC6"),
    (r"^D[RG]\d\d$", "Device", "LED"),
    (r"^D[15]$", "Device", "D_Schottky"),
    (r"^D[46]$", "Diode", "1N4148WS"),
    (r"^Q\d$", "Transistor_FET", "AO3401A"),
    (r"^R\d+$", "Device", "R"),
    (r"^C\d+$", "Device", "C"),
    (r"^L\d$", "Device", "L"),
    (r"^F\d$", "Device", "Polyfuse"),
    (r"^Y1$", "Device", "Crystal_GND24"),
    (r"^BZ1$", "Device", "Buzzer"),
    (r"^BT1$", "Device", "Battery"),
    (r"^SW1$", "Switch", "SW_SPDT"),
    (r"^SW[2-7]$", "Switch", "SW_Push"),
    (r"^J1$", "Connector", "USB_C_Receptacle_USB2.0_16P"),
    (r"^J4$", "Connector", "AVR-ISP-6"),
    (r"^H\d$", "Mechanical", "MountingHole"),
]

# the sheets, in page order: (file stem, title, paper, refs in reading order)
SHEETS = [
    ("mcu", "MCU and clock", "A3", ["U0", "Y1", "C3", "C4", "C1", "C7", "C2", "C5", "R1", "D4"]),
    ("display", "Display drivers", "A3",
     ["U2", "U6", "C21", "U3", "U7", "C22", "U1", "C20", "R2", "R6", "C13"]
     + ["R1%d" % i for i in range(8)] + ["R2%d" % i for i in range(8)] + ["Q%d" % i for i in range(8)]
     + ["R3%d" % i for i in range(8)] + ["R4%d" % i for i in range(8)]),
    ("matrix", "LED matrix", "A3", [x for r in range(8) for c_ in ("R", "G")
                                     for x in ["D%s%d%d" % (c_, r, c) for c in range(8)] + ["|"]]),
    ("input", "Buttons and sound", "A4", ["SW2", "SW3", "SW4", "SW5", "SW6", "SW7", "R3", "BZ1"]),
    ("power", "Power", "A3", ["J1", "R60", "R61", "F1", "C30", "D1", "D5", "BT1", "Q9", "R50", "SW1", "D6",
                              "C10", "U4", "L1", "R51", "C15", "R52", "C11", "C12", "R53", "R54", "C16"]),
    ("usb", "USB-serial and ISP", "A4", ["U5", "C31", "C32", "R4", "R8", "R5", "C6", "J4", "R7"]),
]
NOTES = {
    "mcu": "ATmega328P-AU at 16 MHz (5 V, within its speed grade). Buttons pull to GND against the internal pull-ups;\n"
           "RESET: R1 pull-up, D4 clamp to VCC, C6 (USB sheet) for the bootloader's auto-reset. BATT_SENSE on PD7/AIN1.",
    "display": "U2 -> U3 -> U1: the chain from MOSI, bytes shifted ROW, GREEN, RED; LATCH = every RCLK, BLANK = every /OE (R2 keeps it dark).\n"
               "U2/U3 (1 = LED on) drive the TBD62083A sinks U6/U7 (R30-R47 set the column currents);\n"
               "U1 (0 = row on) drives the AO3401A high-side row switches Q0-Q7 through R10-R17 (R20-R27 hold them off).",
    "matrix": "8 x 8 bicolour matrix: row n's anodes on ROWn (Qn), red cathodes on RED_Kc, green on GRN_Kc (through R3c / R4c to the sinks).\n"
              "DRrc / DGrc: the red / green LED of row r, column c.",
    "input": "Six buttons to GND (the MCU's internal pull-ups); the piezo on OC1A (PB1) through R3.",
    "power": "USB-C (CC pull-downs R60/R61: a 5 V sink) -> F1 -> D1 into the boost, or 3 x AA -> Q9 (reverse-polarity guard; VBUS turns it off).\n"
             "TPS61023 boost: VOUT = 0.595 V x (1 + 750k/100k) = 5.06 V; EN from SW1, or from USB through D6. R53/R54: battery sense to PD7.",
    "usb": "CH340C (internal clock) powered from VBUS through D5; TXD/RXD to the MCU through 10 k (R4/R5), R8 holds RXD high.\n"
           "DTR# -> C6 -> RESET: the bootloader's auto-reset. J4: ISP pads (not fitted), VCC sensed through R7.",
}
POWER_NETS = {"GND": "GND", "VCC": "VCC", "VBUS": "VBUS"}
PAPER = {"A4": (297, 210), "A3": (420, 297), "A2": (594, 420)}
G = 1.27


def snap(v, g=2.54):
    return round(round(v / g) * g, 4)


def fmt(v):
    s = ("%.4f" % v).rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def effects(size=1.27, hide=False, justify=None):
    e = ["effects", ["font", ["size", fmt(size), fmt(size)]]]
    if justify:
        e.append(["justify"] + justify.split())
    if hide:
        e.append(["hide", "yes"])
    return e


def library_symbol(lib, name):
    """A library symbol, flattened (derived symbols get their parent's body),
    named LIB:NAME as a schematic's lib_symbols holds it."""
    path = os.path.join(SYMDIR, lib + ".kicad_sym") if lib != "jarmo" else JARMO_LIB
    text = open(path).read()
    node = parse(grab_symbol(text, name))
    ext = find(node, "extends")
    if ext:
        parent = library_symbol(lib, ext[1])
        own = {p[1]: p for p in find_all(node, "property")}
        props = [own.pop(p[1], p) for p in find_all(parent, "property")] + list(own.values())
        body = [x for x in parent if not (isinstance(x, list) and x[0] in ("property",))]
        node = [body[0], Q(name)]
        for x in body[2:]:
            if isinstance(x, list) and x[0] == "symbol":
                x = [x[0], Q(re.sub(r"^.*?(_\d+_\d+)$", name.replace("\\", "\\\\") + r"\1", x[1]))] + x[2:]
            node.append(x)
        # the child's own properties, after the flags
        at = max(i for i, x in enumerate(node) if isinstance(x, list) and x[0] in ("on_board", "in_bom", "exclude_from_sim", "pin_names", "pin_numbers", "power")) + 1
        node[at:at] = props
    node = list(node)
    node[1] = Q(node[1].split(":")[-1])
    return node


def pins_of(sym):
    """number -> (x, y, angle, type, name) of the unit-1, body-style-1 pins."""
    out = {}
    for sub in find_all(sym, "symbol"):
        m = re.search(r"_(\d+)_(\d+)$", sub[1])
        if not m or m.group(1) not in ("0", "1") or m.group(2) not in ("0", "1"):
            continue
        for p in find_all(sub, "pin"):
            at = find(p, "at")
            num = find(p, "number")[1]
            out[num] = (float(at[1]), float(at[2]), int(float(at[3])) if len(at) > 3 else 0, p[1], find(p, "name")[1])
    return out


def extent(sym):
    xs, ys = [], []

    def walk(n, in_prop=False):
        for x in n:
            if isinstance(x, list):
                if x[0] == "property":
                    continue
                if x[0] in ("at", "start", "end", "xy", "center", "mid") and len(x) >= 3:
                    try:
                        xs.append(float(x[1]))
                        ys.append(float(x[2]))
                    except ValueError:
                        pass
                walk(x)
    walk(sym)
    return min(xs), max(xs), min(ys), max(ys)


OUT_DIR = {0: (-1, 0), 90: (0, 1), 180: (1, 0), 270: (0, -1)}   # screen direction away from the body


def text_len(s, size=1.27):
    return len(s) * size * 0.85 + 1.0


class Sheet:
    def __init__(self, stem, title, paper):
        self.stem, self.title, self.paper = stem, title, paper
        self.uuid = uid("sheet", stem)
        self.items = []
        self.lib = {}
        self.pwr = 0


def main():
    net_csv, bom_csv, parts_csv, out, sch = sys.argv[1:6]
    # each part's own description (bom.csv merges those of a group)
    descr = {}
    for m in re.finditer(r"^C -?\d+ -?\d+ \d+ \d+ \d+ \S+\n\{\n(.*?)\n\}", open(sch).read(), re.M | re.S):
        ref = re.search(r"refdes=(\S+)", m.group(1)).group(1)
        d = re.search(r"description=(.*)", m.group(1))
        descr[ref] = d.group(1) if d else ""
    global JARMO_LIB
    JARMO_LIB = os.path.join(out, "jarmo.kicad_sym")
    pins = defaultdict(dict)                      # ref -> pin -> net
    for r in csv.DictReader(open(net_csv)):
        pins[r["ref"]][r["pin"]] = r["net"]
    extra = os.path.join(os.path.dirname(net_csv), "extra-netlist.csv")
    if os.path.exists(extra):
        for r in csv.DictReader(open(extra)):
            pins[r["ref"]][r["pin"]] = r["net"]
    bom = {}
    for r in csv.DictReader(open(bom_csv)):
        for ref in r["ref"].split():
            bom[ref] = r
    maker = {}
    for r in csv.DictReader(open(parts_csv)):
        maker.setdefault(r["mpn"], r["manufacturer"])
    sheet_of = {}
    for stem, _t, _p, refs in SHEETS:
        for ref in refs:
            sheet_of[ref] = stem
    missing = set(bom) - set(sheet_of)
    if missing:
        sys.exit("no sheet for %s" % sorted(missing))
    net_sheets = defaultdict(set)
    for ref, pn in pins.items():
        for n in pn.values():
            net_sheets[n].add(sheet_of[ref])

    root_uuid = uid("root")
    sheets = []
    parts_json = {}
    pwr_count = [0]
    for stem, title, paper, refs in SHEETS:
        sh = Sheet(stem, title, paper)
        sheets.append(sh)
        W, H = PAPER[paper]
        x0, y0, xmax = 25.4, 30.48, W - 20
        x, y, row_h = x0, y0, 0.0
        for ref in refs:
            if ref == "|":                       # a row break
                x, y, row_h = x0, y + row_h + 2.54, 0.0
                continue
            lib, name = next((l, n) for rx, l, n in SYMBOLS if re.match(rx, ref))
            key = "%s:%s" % (lib, name)
            if key not in sh.lib:
                s = library_symbol(lib, name)
                s = [s[0], Q(key)] + s[2:]
                sh.lib[key] = s
            sym = sh.lib[key]
            pp = pins_of(sym)
            nets = pins[ref]
            bad = set(nets) - set(pp)
            if bad:
                sys.exit("%s (%s): pins %s not in the symbol" % (ref, key, sorted(bad)))
            ex0, ex1, ey0, ey1 = extent(sym)
            # room for labels on each side
            lw = {d: 0.0 for d in OUT_DIR.values()}
            for num, (px, py, ang, _t, _n) in pp.items():
                net = nets.get(num, "")
                if not net:
                    continue
                d = OUT_DIR[ang]
                lw[d] = max(lw[d], 2.54 + (5.08 if net in POWER_NETS else 0 if net.startswith("NC_") else text_len(net) + 3))
            left, right = -ex0 + lw[(-1, 0)] + 2, ex1 + lw[(1, 0)] + 2
            top, bottom = ey1 + lw[(0, -1)] + 4, -ey0 + lw[(0, 1)] + 4
            wdt, hgt = left + right, top + bottom
            if x + wdt > xmax and x > x0:
                x, y, row_h = x0, y + row_h + 2.54, 0.0
            sx, sy = snap(x + left), snap(y + top)
            x += wdt + 2.54
            row_h = max(row_h, hgt)
            b = bom[ref]
            symu = uid("sym", ref)
            fp = "jarmo:" + b["footprint"].split("/")[-1].replace("L_Sunlord_SWPA40xxS", "L_Sunlord_SWPA4030S")
            fields = [("Reference", ref), ("Value", b["value"]), ("Footprint", fp),
                      ("Datasheet", ""), ("Description", descr[ref]), ("MPN", b["mpn"]),
                      ("Manufacturer", maker.get(b["mpn"], "")), ("LCSC", b["lcsc"]),
                      ("Assembly", b["assembly"]), ("Cost_USD", b["unit_cost_usd"])]
            libprops = {p[1]: p for p in find_all(sym, "property")}
            node = ["symbol", ["lib_id", Q(key)], ["at", fmt(sx), fmt(sy), "0"], ["unit", "1"],
                    ["exclude_from_sim", "no"], ["in_bom", "yes"], ["on_board", "yes"],
                    ["dnp", "yes" if b["assembly"] == "none" else "no"], ["uuid", Q(symu)]]
            for fname, fval in fields:
                lp = libprops.get(fname)
                if fname in ("Reference", "Value") and lp is not None:
                    at = find(lp, "at")
                    px, py = float(at[1]), float(at[2])
                    e = find(lp, "effects")
                    node.append(["property", Q(fname), Q(fval), ["at", fmt(sx + px), fmt(sy - py), at[3] if len(at) > 3 else "0"], e])
                else:
                    node.append(["property", Q(fname), Q(fval), ["at", fmt(sx), fmt(sy), "0"], effects(hide=True)])
            for num in pp:
                node.append(["pin", Q(num), ["uuid", Q(uid("pin", ref, num))]])
            node.append(["instances", ["project", Q(PROJECT), ["path", Q("/%s/%s" % (root_uuid, sh.uuid)),
                                                                 ["reference", Q(ref)], ["unit", "1"]]]])
            sh.items.append(node)
            parts_json[ref] = {"sheet": stem, "sheet_uuid": sh.uuid, "uuid": symu, "title": title,
                               "fields": dict(fields), "dnp": b["assembly"] == "none"}
            # each pin: a wire out of the body, then its net's label
            for num, (px, py, ang, _t, _n) in sorted(pp.items()):
                net = nets.get(num, "")
                ex, ey = sx + px, sy - py
                if not net or net.startswith("NC_"):
                    sh.items.append(["no_connect", ["at", fmt(ex), fmt(ey)], ["uuid", Q(uid("nc", ref, num))]])
                    continue
                dx, dy = OUT_DIR[ang]
                lx, ly = ex + dx * 2.54, ey + dy * 2.54
                sh.items.append(["wire", ["pts", ["xy", fmt(ex), fmt(ey)], ["xy", fmt(lx), fmt(ly)]],
                                 ["stroke", ["width", "0"], ["type", "default"]], ["uuid", Q(uid("w", ref, num))]])
                add_label(sh, net, lx, ly, (dx, dy), len(net_sheets[net]) > 1, ref, num, root_uuid, pwr_count)
        sheets[-1] = sh
    # power flags: the nets whose power inputs nothing drives
    for net, stem in (("GND", "power"), ("VIN_BOOST", "power"), ("VBUS_CH", "usb"), ("VBUS", "power")):
        sh = next(s for s in sheets if s.stem == stem)
        W, H = PAPER[sh.paper]
        fx, fy = snap(W - 120 + 25 * len([i for i in sh.items if i[0] == "symbol" and find(i, "lib_id")[1] == "power:PWR_FLAG"])), snap(H - 60)
        key = "power:PWR_FLAG"
        if key not in sh.lib:
            s = library_symbol("power", "PWR_FLAG")
            sh.lib[key] = [s[0], Q(key)] + s[2:]
        pwr_count[0] += 1
        fref = "#FLG%02d" % pwr_count[0]
        sh.items.append(power_node(key, "PWR_FLAG", fref, fx, fy, 0, sh, root_uuid, sh.lib[key]))
        sh.items.append(["wire", ["pts", ["xy", fmt(fx), fmt(fy)], ["xy", fmt(fx), fmt(fy + 2.54)]],
                         ["stroke", ["width", "0"], ["type", "default"]], ["uuid", Q(uid("wf", net))]])
        add_label(sh, net, fx, fy + 2.54, (0, 1), True if net not in ("VIN_BOOST", "VBUS_CH") else len(net_sheets[net]) > 1,
                  "FLAG", net, root_uuid, pwr_count)

    for sh in sheets:
        W, H = PAPER[sh.paper]
        doc = ["kicad_sch", ["version", "20250114"], ["generator", Q("eeschema")], ["generator_version", Q("9.0")],
               ["uuid", Q(sh.uuid)], ["paper", Q(sh.paper)],
               ["title_block", ["title", Q("Jarmo console handheld, rev D: " + sh.title)], ["rev", Q("D")],
                ["company", Q("Jarmo console project, CERN-OHL-P-2.0")]],
               ["lib_symbols"] + [sh.lib[k] for k in sorted(sh.lib)]]
        doc += sh.items
        doc.append(["text", Q(NOTES[sh.stem]), ["exclude_from_sim", "no"], ["at", "25.4", fmt(H - 25.4), "0"],
                    effects(1.524, justify="left bottom"), ["uuid", Q(uid("note", sh.stem))]])
        doc.append(["embedded_fonts", "no"])
        open(os.path.join(out, sh.stem + ".kicad_sch"), "w").write(dump(doc) + "\n")
    # the root: a sheet symbol per function
    root = ["kicad_sch", ["version", "20250114"], ["generator", Q("eeschema")], ["generator_version", Q("9.0")],
            ["uuid", Q(root_uuid)], ["paper", Q("A4")],
            ["title_block", ["title", Q("Jarmo console handheld, rev D")], ["rev", Q("D")],
             ["company", Q("Jarmo console project, CERN-OHL-P-2.0")],
             ["comment", "1", Q("ATmega328P, 8 x 8 red/green LED matrix, six buttons, piezo, 3 x AA or USB-C")]],
            ["lib_symbols"]]
    for i, sh in enumerate(sheets):
        cx, cy = 30.48 + (i % 3) * 81.28, 45.72 + (i // 3) * 55.88
        root.append(["sheet", ["at", fmt(cx), fmt(cy)], ["size", "60.96", "35.56"], ["exclude_from_sim", "no"],
                     ["in_bom", "yes"], ["on_board", "yes"], ["dnp", "no"],
                     ["stroke", ["width", "0.1524"], ["type", "solid"]], ["fill", ["color", "0", "0", "0", "0.0000"]],
                     ["uuid", Q(sh.uuid)],
                     ["property", Q("Sheetname"), Q(sh.title), ["at", fmt(cx), fmt(cy - 0.7), "0"], effects(1.524, justify="left bottom")],
                     ["property", Q("Sheetfile"), Q(sh.stem + ".kicad_sch"), ["at", fmt(cx), fmt(cy + 36.2), "0"], effects(1.27, justify="left top")],
                     ["instances", ["project", Q(PROJECT), ["path", Q("/" + root_uuid), ["page", Q(str(i + 2))]]]]])
    # the board's six M3 holes (the case's screws): on the board, not in the BOM
    key = "Mechanical:MountingHole"
    s = library_symbol("Mechanical", "MountingHole")
    find(root, "lib_symbols").append([s[0], Q(key)] + s[2:])
    for i in range(6):
        ref = "H%d" % (i + 1)
        hx, hy = 30.48 + i * 15.24, 170.18
        symu = uid("sym", ref)
        fields = [("Reference", ref), ("Value", "M3"), ("Footprint", "jarmo:MountingHole_3.2mm_M3"), ("Datasheet", ""),
                  ("Description", "3.2 mm hole for an M3 screw into the case (hardware/README.md, the stack)"),
                  ("MPN", "-"), ("Manufacturer", "-"), ("LCSC", ""), ("Assembly", "none"), ("Cost_USD", "0")]
        node = ["symbol", ["lib_id", Q(key)], ["at", fmt(hx), fmt(hy), "0"], ["unit", "1"], ["exclude_from_sim", "yes"],
                ["in_bom", "no"], ["on_board", "yes"], ["dnp", "no"], ["uuid", Q(symu)]]
        for fname, fval in fields:
            shown = fname in ("Reference", "Value")
            node.append(["property", Q(fname), Q(fval), ["at", fmt(hx + 2.54), fmt(hy + (-1.27 if fname == "Reference" else 1.27 if shown else 0)), "0"],
                         effects(hide=not shown, justify="left")])
        node.append(["instances", ["project", Q(PROJECT), ["path", Q("/" + root_uuid), ["reference", Q(ref)], ["unit", "1"]]]])
        root.append(node)
        parts_json[ref] = {"sheet": "", "sheet_uuid": "", "uuid": symu, "title": "", "fields": dict(fields), "dnp": False}
    root.append(["text", Q("Mounting holes: M3 screws into the case's front (the stack in hardware/README.md)"),
                 ["exclude_from_sim", "no"], ["at", "30.48", "160.02", "0"], effects(1.524, justify="left bottom"),
                 ["uuid", Q(uid("note", "root"))]])
    root.append(["sheet_instances", ["path", Q("/"), ["page", Q("1")]]])
    root.append(["embedded_fonts", "no"])
    open(os.path.join(out, PROJECT + ".kicad_sch"), "w").write(dump(root) + "\n")
    json.dump(parts_json, open(os.path.join(out, "parts.json"), "w"), indent=1, sort_keys=True)
    print("wrote %d sheets, %d parts" % (len(sheets), len(parts_json)))


def power_node(key, value, ref, x, y, rot, sh, root_uuid, sym):
    libprops = {p[1]: p for p in find_all(sym, "property")}
    node = ["symbol", ["lib_id", Q(key)], ["at", fmt(x), fmt(y), str(rot)], ["unit", "1"], ["exclude_from_sim", "no"],
            ["in_bom", "yes"], ["on_board", "yes"], ["dnp", "no"], ["uuid", Q(uid("pwr", sh.stem, ref))]]
    for fname, fval in (("Reference", ref), ("Value", value), ("Footprint", ""), ("Datasheet", ""), ("Description", "")):
        lp = libprops.get(fname)
        if fname in ("Reference", "Value") and lp is not None:
            at = find(lp, "at")
            px, py = float(at[1]), float(at[2])
            c, s_ = math.cos(math.radians(rot)), math.sin(math.radians(rot))
            rx, ry = px * c - py * s_, px * s_ + py * c
            node.append(["property", Q(fname), Q(fval), ["at", fmt(x + rx), fmt(y - ry), "0"],
                         effects(hide=(fname == "Reference"))])
        else:
            node.append(["property", Q(fname), Q(fval), ["at", fmt(x), fmt(y), "0"], effects(hide=True)])
    node.append(["pin", Q("1"), ["uuid", Q(uid("pwrpin", sh.stem, ref))]])
    node.append(["instances", ["project", Q(PROJECT), ["path", Q("/%s/%s" % (root_uuid, sh.uuid)),
                                                         ["reference", Q(ref)], ["unit", "1"]]]])
    return node


def add_label(sh, net, x, y, d, is_global, ref, num, root_uuid, pwr_count):
    dx, dy = d
    if net in POWER_NETS:
        key = "power:" + POWER_NETS[net]
        if key not in sh.lib:
            s = library_symbol("power", POWER_NETS[net])
            sh.lib[key] = [s[0], Q(key)] + s[2:]
        # GND's body points down (lib -y), the others' up (lib +y): turn it outward
        body = (0, -1) if net == "GND" else (0, 1)
        want = (dx, -dy)                                  # the outward direction in the library's y-up frame
        rot = next(r for r in (0, 90, 180, 270)
                   if (round(body[0] * math.cos(math.radians(r)) - body[1] * math.sin(math.radians(r))),
                       round(body[0] * math.sin(math.radians(r)) + body[1] * math.cos(math.radians(r)))) == want)
        pwr_count[0] += 1
        sh.items.append(power_node(key, net, "#PWR%03d" % pwr_count[0], x, y, rot, sh, root_uuid, sh.lib[key]))
        return
    ang = {(-1, 0): 180, (1, 0): 0, (0, -1): 90, (0, 1): 270}[d]
    if is_global:
        just = "right" if ang in (180, 270) else "left"
        sh.items.append(["global_label", Q(net), ["shape", "passive"], ["at", fmt(x), fmt(y), str(ang)],
                         ["fields_autoplaced", "yes"], effects(justify=just), ["uuid", Q(uid("gl", ref, num))],
                         ["property", Q("Intersheetrefs"), Q("${INTERSHEET_REFS}"), ["at", fmt(x), fmt(y), "0"],
                          effects(hide=True, justify=just)]])
    else:
        just = "right bottom" if ang in (180, 270) else "left bottom"
        sh.items.append(["label", Q(net), ["at", fmt(x), fmt(y), str(ang)], effects(justify=just),
                         ["uuid", Q(uid("l", ref, num))]])


if __name__ == "__main__":
    main()
