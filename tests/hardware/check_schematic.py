#!/usr/bin/env python3
"""Check that the schematic is drawn to be read, not only to be netlisted.

    check_schematic.py PROJECT_DIR SVG_DIR

PROJECT_DIR: hardware/jarmo-handheld (the root sheet and its sheets).
SVG_DIR: kicad-cli's SVG export of those sheets (make hardware writes
build/hardware/jarmo-handheld/schematic-svg). One line per check; exit 1
on a failure. Per sheet:
  - the title block says title, revision, date and the licence;
  - no text printed over another in the export: every stroked text's ink
    box (KiCad 9 draws each text as strokes in a group named by its text)
    against every other's;
  - no power symbol stacked on another (two at one point, or their bodies
    closer than 2.54 mm);
  - labels only where a signal leaves its block: a local label's name at
    most once on its sheet (twice would join two places by name instead of
    by a wire), a global label's name at most once on a sheet;
  - the parts are joined by wires: at least one wire for each two placed
    pins, and a junction wherever three or more wire ends and pins meet;
and it prints what each sheet holds (labels, wires, junctions, power
symbols, pins, paper) as the figures of hardware/README.md."""
import html
import math
import os
import re
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "hardware", "tools"))
from sexpr import find, find_all, parse  # noqa: E402

results = []


def report(name, ok, reason=""):
    results.append(ok)
    print("[       OK ] hw %s" % name if ok else "[  FAILED  ] hw %s: %s" % (name, reason))


def ink_boxes(svg):
    """(text, x1, y1, x2, y2) of every stroked text in a KiCad SVG export."""
    s = open(svg).read()
    out = set()
    for m in re.finditer(r'<g class="stroked-text"><desc>(.*?)</desc>(.*?)</g>', s, re.S):
        pts = re.findall(r"[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)", m.group(2))
        if not pts:
            continue
        xs = [float(a) for a, _ in pts]
        ys = [float(b) for _, b in pts]
        out.add((html.unescape(m.group(1)), round(min(xs), 3), round(min(ys), 3), round(max(xs), 3),
                 round(max(ys), 3)))
    return sorted(out, key=lambda t: t[1])


def text_over_text(svg):
    boxes = ink_boxes(svg)
    bad = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if b[1] >= a[3]:
                break
            if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]:
                bad.append("%r over %r at (%.1f, %.1f) mm" % (a[0], b[0], b[1], b[2]))
    return boxes, bad


def xform(rot, mirror, x, y):
    sx, sy = x, -y
    for _ in range((int(rot) % 360) // 90):
        sx, sy = sy, -sx
    if mirror == "x":
        sy = -sy
    elif mirror == "y":
        sx = -sx
    return sx, sy


def sheet_facts(path):
    t = parse(open(path).read())
    libs = {}
    for s in find_all(find(t, "lib_symbols"), "symbol"):
        pins = []
        for u in find_all(s, "symbol"):
            for p in find_all(u, "pin"):
                at = find(p, "at")
                pins.append((float(at[1]), float(at[2])))
        libs[s[1]] = pins
    f = {"paper": find(t, "paper")[1], "global": [], "local": [], "power": [], "pins": [], "wires": [],
         "junctions": [], "tb": {}}
    tb = find(t, "title_block")
    for k in ("title", "rev", "date", "company"):
        v = find(tb, k) if tb else None
        f["tb"][k] = v[1] if v and len(v) > 1 else ""
    for g in find_all(t, "global_label"):
        f["global"].append((g[1], tuple(float(v) for v in find(g, "at")[1:3])))
    for g in find_all(t, "label"):
        f["local"].append((g[1], tuple(float(v) for v in find(g, "at")[1:3])))
    for w in find_all(t, "wire"):
        a, b = find_all(find(w, "pts"), "xy")[:2]
        f["wires"].append(((float(a[1]), float(a[2])), (float(b[1]), float(b[2]))))
    for j in find_all(t, "junction"):
        f["junctions"].append(tuple(float(v) for v in find(j, "at")[1:3]))
    for s in find_all(t, "symbol"):
        lib_id = find(s, "lib_id")[1]
        at = find(s, "at")
        x, y, rot = float(at[1]), float(at[2]), float(at[3]) if len(at) > 3 else 0
        mir = find(s, "mirror")
        mir = mir[1] if mir else None
        pts = [(round(x + dx, 3), round(y + dy, 3)) for dx, dy in (xform(rot, mir, px, py)
                                                                for px, py in libs.get(lib_id, []))]
        if lib_id.startswith("power:"):
            f["power"].append((lib_id[6:], (x, y), rot))
        else:
            f["pins"] += pts
    return f


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    proj, svg_dir = sys.argv[1:]
    root = os.path.join(proj, "jarmo-handheld.kicad_sch")
    sheets = [("jarmo-handheld", root)]
    for s in find_all(parse(open(root).read()), "sheet"):
        props = {p[1]: p[2] for p in find_all(s, "property")}
        sheets.append((props["Sheetname"], os.path.join(proj, props["Sheetfile"])))
    svgs = {f: os.path.join(svg_dir, f) for f in os.listdir(svg_dir) if f.endswith(".svg")}
    for name, path in sheets:
        svg = "jarmo-handheld.svg" if name == "jarmo-handheld" else "jarmo-handheld-%s.svg" % name
        f = sheet_facts(path)
        tag = "schematic %s (%s)" % (name, os.path.basename(path))
        missing = [k for k, v in f["tb"].items() if not v.strip()]
        report("%s: title block with title, rev, date and licence" % tag,
               not missing and "CERN-OHL" in f["tb"]["company"], "missing: %s" % " ".join(missing or ["licence"]))
        if svg not in svgs:
            report("%s: exported as SVG" % tag, False, "no %s in %s" % (svg, svg_dir))
            continue
        boxes, bad = text_over_text(svgs[svg])
        report("%s: no text over text (%d texts)" % (tag, len(boxes)), not bad and boxes,
               "%d: %s" % (len(bad), "; ".join(bad[:4])) if bad else "no text found in the export")
        stacked = []
        pw = f["power"]
        for i, (n1, p1, r1) in enumerate(pw):
            for n2, p2, r2 in pw[i + 1:]:
                if math.hypot(p1[0] - p2[0], p1[1] - p2[1]) < 2.54 - 1e-6:
                    stacked.append("%s at (%.2f, %.2f) and %s at (%.2f, %.2f)" % (n1, p1[0], p1[1], n2, *p2))
        report("%s: no power symbol stacked on another (%d power symbols)" % (tag, len(pw)), not stacked,
               "; ".join(stacked[:4]))
        dup = []
        for kind in ("local", "global"):
            count = defaultdict(int)
            for n, _ in f[kind]:
                count[n] += 1
            dup += ["%s label %s x%d" % (kind, n, c) for n, c in count.items() if c > 1]
        report("%s: a label only where a signal leaves its block (each name once)" % tag, not dup,
               ", ".join(sorted(dup)[:6]))
        ends = defaultdict(int)
        for a, b in f["wires"]:
            ends[(round(a[0], 3), round(a[1], 3))] += 1
            ends[(round(b[0], 3), round(b[1], 3))] += 1
        pins = defaultdict(int)
        for p in f["pins"]:
            pins[p] += 1
        for _, p, _ in pw:
            pins[(round(p[0], 3), round(p[1], 3))] += 1
        juncs = {(round(x, 3), round(y, 3)) for x, y in f["junctions"]}
        need = [p for p, n in ends.items() if n + pins.get(p, 0) >= 3 and p not in juncs]
        n_pins = len(f["pins"])
        wired = not n_pins or len(f["wires"]) * 2 >= n_pins
        report("%s: parts joined by wires, a junction where three meet" % tag, wired and not need,
               ("%d wires for %d pins" % (len(f["wires"]), n_pins)) if not wired else
               "no junction at %s" % ", ".join("(%.2f, %.2f)" % p for p in need[:4]))
        print("   %s: %s, %d global and %d local labels, %d wires, %d junctions, %d power symbols, %d pins" % (
            name, f["paper"], len(f["global"]), len(f["local"]), len(f["wires"]), len(f["junctions"]), len(pw),
            n_pins))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
