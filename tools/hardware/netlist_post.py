#!/usr/bin/env python3
"""Turn lepton-netlist outputs into the CSV files of the hardware export.

    netlist_post.py GEDA_NET PCBPINS BOM2 OUT_NETLIST_CSV OUT_BOM_CSV

GEDA_NET: `lepton-netlist -g geda` output (nets and their ref/pin pairs).
PCBPINS:  `lepton-netlist -g pcbpins` output (ChangePinName(ref, pin, name)).
BOM2:     `lepton-netlist -g bom2 -O attribs=value,description,footprint,mpn,cost,lcsc,assembly`
          (lcsc: the LCSC number or '-'; assembly: fab, hand or none).
Exits non-zero on anything unexpected (a part without mpn or cost, a pin
without a name, an unparsable line)."""
import csv
import re
import sys


def die(msg):
    sys.stderr.write("netlist_post: %s\n" % msg)
    sys.exit(1)


def read_nets(path):
    text = open(path).read()
    m = re.search(r"START nets\s*\n(.*?)\nEND nets", text, re.S)
    if not m:
        die("%s: no nets section" % path)
    body = m.group(1).replace("\\\n", " ")
    rows = []
    for line in body.splitlines():
        line = line.strip()
        if not line:
            continue
        if " : " not in line:
            die("%s: bad net line %r" % (path, line))
        net, pins = line.split(" : ", 1)
        for item in pins.split(","):
            item = item.strip()
            if not item:
                continue
            ref, pin = item.split()
            rows.append((net.strip(), ref, pin))
    return rows


def read_pinnames(path):
    names = {}
    for line in open(path):
        m = re.match(r'ChangePinName\((.*)\)\s*$', line.strip())
        if not m:
            continue
        parts = next(csv.reader([m.group(1)], skipinitialspace=True))
        if len(parts) != 3:
            die("%s: bad line %r" % (path, line))
        names[(parts[0], parts[1])] = parts[2]
    return names


def natural(ref):
    m = re.match(r"([A-Za-z]+)(\d+)", ref)
    return (m.group(1), int(m.group(2))) if m else (ref, 0)


def main():
    if len(sys.argv) != 6:
        die(__doc__)
    geda, pcbpins, bom2, out_net, out_bom = sys.argv[1:]
    rows = read_nets(geda)
    names = read_pinnames(pcbpins)
    with open(out_net, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["net", "ref", "pin", "pin_name"])
        for net, ref, pin in sorted(rows, key=lambda r: (r[0], natural(r[1]), natural("p" + r[2]))):
            if (ref, pin) not in names:
                die("no pin name for %s pin %s" % (ref, pin))
            w.writerow([net, ref, pin, names[(ref, pin)]])
    lines = [l.rstrip("\n") for l in open(bom2) if l.strip()]
    head = lines[0].split(":")
    if head != ["refdes", "value", "description", "footprint", "mpn", "cost", "lcsc", "assembly", "qty"]:
        die("unexpected bom2 header %r" % head)
    groups = {}
    for l in lines[1:]:
        f = l.split(":")
        if len(f) != 9:
            die("bom2 line with a colon in a field: %r" % l)
        refs, value, desc, fp, mpn, cost, lcsc, asm, qty = f
        if mpn in ("", "unknown") or cost in ("", "unknown"):
            die("part %s without mpn or cost" % refs)
        if asm not in ("fab", "hand", "none"):
            die("part %s: assembly %r is not fab, hand or none" % (refs, asm))
        if asm == "fab" and not re.match(r"C\d+$", lcsc):
            die("part %s is placed by the fab but has no LCSC number (%r)" % (refs, lcsc))
        g = groups.setdefault((value, fp, mpn, cost, lcsc, asm), {"refs": [], "desc": set()})
        g["refs"] += refs.split(",")
        g["desc"].add(desc)
    total = 0.0
    out = []
    for (value, fp, mpn, cost, lcsc, asm), g in groups.items():
        refs = sorted(g["refs"], key=natural)
        qty = len(refs)
        desc = " / ".join(sorted(g["desc"])) if len(g["desc"]) <= 2 else sorted(g["desc"])[0].split(" (")[0] + " (and %d similar)" % (len(g["desc"]) - 1)
        ext = qty * float(cost)
        total += ext
        out.append([" ".join(refs), qty, value, desc, mpn, "%.3f" % float(cost), "%.2f" % ext, fp,
                    "" if lcsc == "-" else lcsc, asm])
    out.sort(key=lambda r: natural(r[0].split()[0]))
    with open(out_bom, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["ref", "qty", "value", "description", "mpn", "unit_cost_usd", "ext_cost_usd", "footprint",
                    "lcsc", "assembly"])
        w.writerows(out)
    print("netlist: %d pin rows; bom: %d lines, %d parts, estimated total USD %.2f" % (len(rows), len(out), sum(r[1] for r in out), total))


if __name__ == "__main__":
    main()
