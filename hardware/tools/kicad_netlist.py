#!/usr/bin/env python3
"""The schematic's netlist and bill of materials as the checks read them.

    kicad_netlist.py NETLIST.net OUT_NETLIST_CSV OUT_BOM_CSV

NETLIST.net: `kicad-cli sch export netlist --format kicadsexpr`.
Writes netlist.csv (net, ref, pin, pin_name: every pin of every part; a net
inside one sheet, /Sheet/NAME in KiCad, is written NAME; a pin KiCad leaves
unconnected, unconnected-(REF-NAME-PadN), is written NC_REF_N) and bom.csv
(ref, qty, value, description, mpn, unit_cost_usd, ext_cost_usd, footprint,
lcsc, assembly: one row per orderable part, so per LCSC number where the fab
places it). Exits 1 with the reason on anything a fab package cannot be
made from: a part without MPN or cost, a fab-placed part without an LCSC
number, two nets with one name, a part on two rows."""
import csv
import os
import re
import sys
from collections import OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sexpr import SexprError, find, find_all, parse  # noqa: E402


def die(msg):
    sys.stderr.write("kicad_netlist: %s\n" % msg)
    sys.exit(1)


def natural(ref):
    m = re.match(r"([A-Za-z]+)(\d+)", ref)
    return (m.group(1), int(m.group(2))) if m else (ref, 0)


def main():
    if len(sys.argv) != 4:
        die(__doc__)
    path = sys.argv[1]
    try:
        net = parse(open(path, encoding="utf-8").read())
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    except (SexprError, UnicodeDecodeError) as e:
        die("%s is not a whole KiCad netlist (%s): make hardware exports it again" % (path, e))
    if net[0] != "export" or find(net, "components") is None or find(net, "nets") is None:
        die("%s is not a KiCad netlist: no (export ... (components ...) (nets ...))" % path)
    try:
        return write(net, path)
    except (IndexError, TypeError, AttributeError) as e:
        die("%s: a component or net without its ref, value, name or pin (%s)" % (path, e))
    except ValueError as e:
        die("%s: a field that is not a number where one is needed (%s)" % (path, e))
    except OSError as e:
        die("cannot write %s: %s" % (e.filename, e.strerror))


def write(net, path):
    comps = OrderedDict()
    for c in find_all(find(net, "components"), "comp"):
        ref = find(c, "ref")[1]
        f = {x[1][1] if isinstance(x[1], list) else x[1]: (x[2] if len(x) > 2 else "")
             for x in find_all(find(c, "fields") or [], "field")}
        f["value"] = find(c, "value")[1]
        f["footprint"] = find(c, "footprint")[1] if find(c, "footprint") else ""
        f["description"] = find(c, "description")[1] if find(c, "description") else ""
        props = {find(p, "name")[1]: (find(p, "value") or ["", ""])[1] for p in find_all(c, "property")}
        if "exclude_from_bom" in props or "exclude_from_board" in props:
            continue
        f["dnp"] = "dnp" in props
        comps[ref] = f
    rows, names = [], {}
    for n in find_all(find(net, "nets"), "net"):
        name = find(n, "name")[1]
        for node in find_all(n, "node"):
            ref, pin = find(node, "ref")[1], find(node, "pin")[1]
            fn = find(node, "pinfunction")
            pname = fn[1] if fn else pin
            if name.startswith("unconnected-"):
                short = "NC_%s_%s" % (ref, pin)
            else:
                short = name.rsplit("/", 1)[-1]
                if names.setdefault(short, name) != name:
                    die("two nets would both be written %s: %s and %s" % (short, names[short], name))
            rows.append((short, ref, pin, pname))
    with open(sys.argv[2], "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["net", "ref", "pin", "pin_name"])
        for r in sorted(rows, key=lambda r: (r[0], natural(r[1]), natural("p" + r[2]))):
            w.writerow(r)
    groups = OrderedDict()
    for ref, f in comps.items():
        mpn, cost, lcsc, asm = f.get("MPN", ""), f.get("Cost_USD", ""), f.get("LCSC", ""), f.get("Assembly", "")
        if not mpn or not cost:
            die("part %s without MPN or Cost_USD" % ref)
        if asm not in ("fab", "hand", "none"):
            die("part %s: Assembly %r is not fab, hand or none" % (ref, asm))
        if asm == "fab" and not re.match(r"C\d+$", lcsc):
            die("part %s is placed by the fab but has no LCSC number (%r)" % (ref, lcsc))
        key = (lcsc, mpn, f["footprint"], asm, cost)
        groups.setdefault(key, []).append(ref)
    lcscs = {}
    out, total = [], 0.0
    for (lcsc, mpn, fp, asm, cost), refs in groups.items():
        if lcsc and lcscs.setdefault(lcsc, refs[0]) != refs[0]:
            die("LCSC %s on two rows (%s and %s): one MPN, footprint and cost per LCSC number" % (lcsc, lcscs[lcsc], refs[0]))
        refs.sort(key=natural)
        values = list(OrderedDict.fromkeys(comps[r]["value"] for r in refs))
        descs = list(OrderedDict.fromkeys(comps[r]["description"] for r in refs))
        desc = descs[0] if len(descs) == 1 else "%s (and %d more)" % (descs[0], len(descs) - 1)
        ext = len(refs) * float(cost)
        total += ext
        out.append([" ".join(refs), len(refs), " / ".join(values), desc, mpn, "%.3f" % float(cost), "%.2f" % ext,
                    fp, lcsc, asm])
    out.sort(key=lambda r: natural(r[0].split()[0]))
    with open(sys.argv[3], "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["ref", "qty", "value", "description", "mpn", "unit_cost_usd", "ext_cost_usd", "footprint", "lcsc",
                    "assembly"])
        w.writerows(out)
    print("netlist: %d pin rows, %d nets; bom: %d lines, %d parts, estimated total USD %.2f"
          % (len(rows), len(set(r[0] for r in rows)), len(out), sum(r[1] for r in out), total))


if __name__ == "__main__":
    main()
