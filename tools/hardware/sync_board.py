#!/usr/bin/python3
"""One-time step of the KiCad conversion: tie the committed board to the new
schematic, as KiCad's "Update PCB from Schematic" would.

    /usr/bin/python3 sync_board.py BOARD.kicad_pcb PARTS_JSON NETLIST.net OUT.kicad_pcb

Each footprint gets its symbol's path (/sheet/symbol), sheet name and file,
value and fields (MPN, Manufacturer, LCSC, Assembly, Cost_USD, Description)
and DNP flag; L1 moves from KiCad 6's L_Sunlord_SWPA40xxS to KiCad 9's
L_Sunlord_SWPA4030S (the same pads); every pad's net is renamed to the
schematic's name for it (a net inside one sheet is /Sheet/NAME)."""
import json
import os
import re
import sys

import pcbnew

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from sexpr import find, find_all, parse  # noqa: E402

FIELDS = ("Description", "MPN", "Manufacturer", "LCSC", "Assembly", "Cost_USD")


def main():
    src, parts_json, netfile, out, fplib = sys.argv[1:6]
    parts = json.load(open(parts_json))
    net = parse(open(netfile).read())
    pad_net = {}
    for n in find_all(find(net, "nets"), "net"):
        name = find(n, "name")[1]
        for node in find_all(n, "node"):
            pad_net[(find(node, "ref")[1], find(node, "pin")[1])] = name
    board = pcbnew.LoadBoard(src)
    # L1: the library's own footprint for the 4030 size, at the same place
    old = board.FindFootprintByReference("L1")
    lib = pcbnew.FootprintLoad("/usr/share/kicad/footprints/Inductor_SMD.pretty", "L_Sunlord_SWPA4030S")
    lib.SetFPID(pcbnew.LIB_ID("Inductor_SMD", "L_Sunlord_SWPA4030S"))
    lib.SetPosition(old.GetPosition())
    lib.SetOrientation(old.GetOrientation())
    if old.IsFlipped() != lib.IsFlipped():
        lib.Flip(lib.GetPosition(), pcbnew.FLIP_DIRECTION_TOP_BOTTOM)
    lib.SetReference("L1")
    lib.Reference().SetPosition(old.Reference().GetPosition())
    lib.Reference().SetTextSize(old.Reference().GetTextSize())
    lib.Reference().SetTextThickness(old.Reference().GetTextThickness())
    lib.Reference().SetTextAngle(old.Reference().GetTextAngle())
    nets = {p.GetNumber(): p.GetNet() for p in old.Pads()}
    for p in lib.Pads():
        p.SetNet(nets[p.GetNumber()])
    board.Remove(old)
    board.Add(lib)
    seen = set()
    for fp in board.GetFootprints():
        ref = fp.GetReference()
        if ref not in parts:
            sys.exit("footprint %s has no symbol" % ref)
        seen.add(ref)
        p = parts[ref]
        if p["sheet_uuid"]:
            fp.SetPath(pcbnew.KIID_PATH("/%s/%s" % (p["sheet_uuid"], p["uuid"])))
            fp.SetSheetname("/%s/" % p["title"])
            fp.SetSheetfile(p["sheet"] + ".kicad_sch")
        else:
            fp.SetPath(pcbnew.KIID_PATH("/%s" % p["uuid"]))
            fp.SetSheetname("/")
            fp.SetSheetfile("jarmo-handheld.kicad_sch")
        f = p["fields"]
        fp.SetValue(f["Value"])
        if f["Footprint"].split(":")[-1] != str(fp.GetFPID().GetLibItemName()):
            sys.exit("%s: footprint %s on the board, %s in the schematic" % (ref, fp.GetFPID().GetUniStringLibId(), f["Footprint"]))
        for k in FIELDS:
            if k == "Description":
                fp.SetLibDescription(f[k])
            field = fp.GetFieldByName(k)
            if field is None:
                field = pcbnew.PCB_FIELD(fp, fp.GetNextFieldId(), k)
                field.SetLayer(pcbnew.F_Fab if not fp.IsFlipped() else pcbnew.B_Fab)
                field.SetVisible(False)
                field.SetPosition(fp.GetPosition())
                fp.AddField(field)
            field.SetText(f[k])
        fp.SetDNP(p["dnp"])
        fp.SetBoardOnly(False)
    missing = set(parts) - seen
    if missing:
        sys.exit("symbols without a footprint: %s" % sorted(missing))
    # KiCad 9's DRC: J1 has plated shell tabs, so it is a through-hole part;
    # two ground pads whose thermal relief got one spoke are joined solid
    board.FindFootprintByReference("J1").SetAttributes(pcbnew.FP_THROUGH_HOLE)
    for ref, num in (("U5", "1"), ("U4", "4")):
        for pad in board.FindFootprintByReference(ref).Pads():
            if pad.GetNumber() == num:
                pad.SetLocalZoneConnection(pcbnew.ZONE_CONNECTION_FULL)
    # pins the schematic leaves open get KiCad's own single-pin net names
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            want = pad_net.get((fp.GetReference(), pad.GetNumber()))
            if want and want.startswith("unconnected-") and pad.GetNetname() == "":
                ni = pcbnew.NETINFO_ITEM(board, want)
                board.Add(ni)
                pad.SetNet(ni)
    # every footprint as the board has it, in the project's own library
    os.makedirs(fplib, exist_ok=True)
    io = pcbnew.PCB_IO_KICAD_SEXPR()
    done = set()
    for fp in board.GetFootprints():
        name = str(fp.GetFPID().GetLibItemName())
        if name not in done:
            c = pcbnew.FOOTPRINT(fp)
            if c.IsFlipped():
                c.Flip(c.GetPosition(), pcbnew.FLIP_DIRECTION_TOP_BOTTOM)
            c.SetOrientationDegrees(0)
            c.SetPosition(pcbnew.VECTOR2I(0, 0))
            for p_ in c.Pads():
                p_.SetNetCode(0)
            c.SetReference("REF**")
            c.SetPath(pcbnew.KIID_PATH())
            c.SetFPID(pcbnew.LIB_ID("", name))
            for k in FIELDS:
                if c.GetFieldByName(k) is not None:
                    c.RemoveField(k)
            io.FootprintSave(fplib, c)
            done.add(name)
        fp.SetFPID(pcbnew.LIB_ID("jarmo", name))
    pcbnew.SaveBoard(out, board)
    # nets: the schematic's names, pad by pad (a rename never merges two nets)
    text = open(out).read()
    rename = {}
    b2 = pcbnew.LoadBoard(out)
    for fp in b2.GetFootprints():
        for pad in fp.Pads():
            want = pad_net.get((fp.GetReference(), pad.GetNumber()))
            have = pad.GetNetname()
            if want is None or have == "" or want.startswith("unconnected-"):
                continue
            if rename.setdefault(have, want) != want:
                sys.exit("net %s would become both %s and %s" % (have, rename[have], want))
    if len(set(rename.values())) != len(rename):
        sys.exit("two nets would merge")
    n = 0
    for have, want in rename.items():
        if have == want:
            continue
        pat = re.compile(r'((?:\(net \d+ |\(net_name |\(net ))"%s"' % re.escape(have))
        text, k = pat.subn(lambda m: m.group(1) + '"%s"' % want, text)
        n += k
    text = text.replace("${KICAD6_3DMODEL_DIR}", "${KICAD9_3DMODEL_DIR}")
    open(out, "w").write(text)
    for f in os.listdir(fplib):
        path = os.path.join(fplib, f)
        body = open(path).read().replace("${KICAD6_3DMODEL_DIR}", "${KICAD9_3DMODEL_DIR}")
        open(path, "w").write(body)
    print("synced %d footprints, renamed %d nets (%d mentions)" % (len(seen), sum(1 for a, b in rename.items() if a != b), n))


if __name__ == "__main__":
    main()
