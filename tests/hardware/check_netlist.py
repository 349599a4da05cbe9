#!/usr/bin/env python3
"""Check an exported board netlist against the board definition.

    check_netlist.py NETLIST_CSV BOARD_HEADER

NETLIST_CSV: net,ref,pin,pin_name (tools/hardware/export.sh output).
BOARD_HEADER: board-defs/jarmo-handheld.h. Every pin the header names must sit
on the MCU pin it says and reach the part it drives; the shift chain's order
must match the header's byte order (BOARD_SHIFT_ROW_FIRST), each column
register's output n must reach matrix column n of one colour, and every
button must sit on two diagonally opposite legs of its switch with GND; then
an ERC-equivalent: no open pin unless its net is a no-connect marker (NC_*),
no single-pin net, every IC's supply pins on VCC/GND. One line per check; exit 1 on a failure."""
import csv
import re
import sys
from collections import defaultdict

results = []


def report(name, ok, reason=""):
    results.append(ok)
    if ok:
        print("[       OK ] hw %s" % name)
    else:
        print("[  FAILED  ] hw %s: %s" % (name, reason))


def base(name):
    """Datasheet pin name without its alternate function: 'PC6/RESET' -> 'PC6'."""
    return name.split("/")[0] if re.match(r"P[A-D]\d/", name) else name


def main():
    if len(sys.argv) not in (3, 4):
        sys.stderr.write(__doc__)
        return 2
    rows = list(csv.DictReader(open(sys.argv[1])))
    if not rows or list(rows[0].keys())[:4] != ["net", "ref", "pin", "pin_name"]:
        report("netlist-format", False, "header must be net,ref,pin,pin_name")
        return 1
    defs = {}
    for line in open(sys.argv[2]):
        m = re.match(r"\s*#\s*define\s+(BOARD_\w+)\s+([^\s/]+)", line)
        if m:
            defs[m.group(1)] = m.group(2)

    net_pins = defaultdict(list)        # net -> [(ref, pin, name)]
    pin_net = {}                        # (ref, pin) -> net
    part_pins = defaultdict(list)       # ref -> [(pin, name, net)]
    for r in rows:
        net, ref, pin, name = r["net"], r["ref"], r["pin"], r["pin_name"]
        if (ref, pin) in pin_net:
            report("unique-pins", False, "%s pin %s appears on two nets" % (ref, pin))
        pin_net[(ref, pin)] = net
        net_pins[net].append((ref, pin, name))
        part_pins[ref].append((pin, name, net))

    def nets_of(ref, pname):
        return [n for p, nm, n in part_pins[ref] if base(nm) == pname]

    def refs_on(net):
        return {ref for ref, _p, _n in net_pins.get(net, [])}

    def through_resistor(net):
        """Nets reached from `net` through one two-pin resistor."""
        out = set()
        for ref, pin, _ in net_pins.get(net, []):
            if ref.startswith("R") and len(part_pins[ref]) == 2:
                out |= {n for p, nm, n in part_pins[ref] if p != pin}
        return out

    mcus = [ref for ref, pins in part_pins.items() if sum(1 for _p, nm, _n in pins if re.match(r"P[BCD]\d", nm)) >= 20]
    if len(mcus) != 1:
        report("mcu-found", False, "expected one MCU with port pins, found %s" % mcus)
        return 1
    mcu = mcus[0]
    report("mcu-found %s" % mcu, True)
    regs = sorted(ref for ref, pins in part_pins.items() if any(nm in ("SRCLK", "SRCK") for _p, nm, _n in pins))
    report("shift-registers found (%s)" % " ".join(regs), len(regs) == 3, "expected 3, found %d" % len(regs))

    def mcu_pin(signal, port_key, bit_key, default=None):
        port, bit = defs.get(port_key), defs.get(bit_key)
        note = ""
        if port is None or bit is None:
            if default is None:
                report("mcu-pin %s" % signal, False, "%s/%s not defined in the header" % (port_key, bit_key))
                return None
            port, bit = default
            note = " (assumed P%s%s: not yet in the header)" % default
        name = "P%s%s" % (port, bit)
        nets = nets_of(mcu, name)
        if len(nets) != 1 or nets[0].startswith("NC_") or nets[0].startswith("unconnected"):
            report("mcu-pin %s on %s%s" % (signal, name, note), False, "%s %s is not connected" % (mcu, name))
            return None
        report("mcu-pin %s on %s (net %s)%s" % (signal, name, nets[0], note), True)
        return nets[0]

    def all_reach(signal, net, pin_names, parts):
        if net is None:
            report(signal, False, "no net")
            return
        missing = []
        for ref in parts:
            want = [n for p, nm, n in part_pins[ref] if nm in pin_names]
            if not want or any(n != net for n in want):
                missing.append("%s %s" % (ref, "/".join(pin_names)))
        report("%s reaches %s" % (signal, ", ".join("%s %s" % (r, "/".join(pin_names)) for r in parts)),
               not missing, "not on net %s: %s" % (net, ", ".join(missing)))

    latch = mcu_pin("latch", "BOARD_LATCH_PORT", "BOARD_LATCH_BIT")
    mosi = mcu_pin("mosi", "BOARD_SPI_PORT", "BOARD_SPI_MOSI_BIT")
    sck = mcu_pin("sck", "BOARD_SPI_PORT", "BOARD_SPI_SCK_BIT")
    blank = mcu_pin("blank", "BOARD_BLANK_PORT", "BOARD_BLANK_BIT", default=("B", "0"))
    all_reach("latch", latch, ("RCLK", "RCK"), regs)
    all_reach("sck", sck, ("SRCLK", "SRCK"), regs)
    all_reach("blank", blank, ("/OE", "/G"), regs)
    # The chain, from MOSI along SER OUT / QH' -> SER IN / SER. The last byte
    # shifted sits in the register nearest MOSI, so the header's byte order
    # fixes the chain: BOARD_SHIFT_ROW_FIRST 1 (bytes ROW, GREEN, RED) needs
    # MOSI -> red -> green -> row register, 0 (GREEN, RED, ROW) needs
    # MOSI -> row -> red -> green. The handheld uses 1, so that a TPIC6B595
    # (SER OUT changes on the falling SRCK edge) feeds the 74HC595 and never
    # the other way round (QH' changes on the rising edge that the next
    # register samples on).
    ser_in = ("SER", "SER IN")
    ser_out = ("QH'", "SER OUT")

    def register_on(net):
        return [ref for ref in regs if net and any(nm in ser_in and n == net for _p, nm, n in part_pins[ref])]

    def colour_of(ref):
        """'ROW' for the 74HC595 row register, else the display colour its
        outputs reach through one resistor, checking output n -> column n:
        the cathodes of that colour of the 8 discrete LEDs LED<row><n>
        (pins KR/KG), or matrix pin RED<n>/GRN<n> of an MX part."""
        names = {nm for _p, nm, _n in part_pins[ref]}
        if "QH'" in names:
            return "ROW", ""
        seen, bad = set(), []
        for n in range(8):
            drain = [net for _p, nm, net in part_pins[ref] if nm == "DRAIN%d" % n]
            hits = [(r, nm) for d in drain for net in through_resistor(d)
                    for r, _pin, nm in net_pins.get(net, []) if r.startswith(("MX", "LED"))]
            leds = [(r, nm) for r, nm in hits if r.startswith("LED")]
            if leds:
                cols = {nm for _r, nm in leds}
                want = {"LED%d%d" % (row, n) for row in range(8)}
                if len(cols) != 1 or {r for r, _nm in leds} != want or len(leds) != 8:
                    bad.append("DRAIN%d reaches %s" % (n, sorted(leds)[:10]))
                    continue
                seen.add({"KR": "RED", "KG": "GRN"}.get(cols.pop(), "?"))
                continue
            m = [re.match(r"(RED|GRN)(\d)$", nm) for _r, nm in hits]
            if len(hits) != 1 or not m[0]:
                bad.append("DRAIN%d reaches %s" % (n, hits or "no display pin"))
                continue
            seen.add(m[0].group(1))
            if int(m[0].group(2)) != n:
                bad.append("DRAIN%d reaches %s%s" % (n, m[0].group(1), m[0].group(2)))
        if len(seen) != 1:
            bad.append("colours %s" % sorted(seen))
        return ("/".join(sorted(seen)) or "?"), "; ".join(bad)

    row_first = defs.get("BOARD_SHIFT_ROW_FIRST")
    if row_first not in ("0", "1"):
        report("shift order BOARD_SHIFT_ROW_FIRST", False,
               "not defined as 0 or 1 in the header (%s)" % row_first)
    else:
        want = ["RED", "GRN", "ROW"] if row_first == "1" else ["ROW", "RED", "GRN"]
        first = register_on(mosi)
        report("mosi reaches SER of exactly one register (%s)" % " ".join(first), len(first) == 1,
               "MOSI drives the serial input of %s" % (first or "no register"))
        chain = first[:1]
        while chain:
            outs = [n for _p, nm, n in part_pins[chain[-1]] if nm in ser_out]
            nxt = [ref for ref in register_on(outs[0] if outs else None) if ref not in chain]
            if len(nxt) != 1:
                break
            chain.append(nxt[0])
        got, bad = [], []
        for ref in chain:
            colour, why = colour_of(ref)
            got.append(colour)
            if why:
                bad.append("%s %s" % (ref, why))
        report("shift chain MOSI -> %s (%s) for BOARD_SHIFT_ROW_FIRST %s" %
               (" -> ".join(chain) or "?", " -> ".join(got), row_first),
               got == want and not bad,
               "want %s%s" % (" -> ".join(want), ("; " + "; ".join(bad)) if bad else ""))
        if chain:
            last_out = [n for _p, nm, n in part_pins[chain[-1]] if nm in ser_out]
            report("serial output of the last register %s is a no-connect" % chain[-1],
                   len(last_out) == 1 and last_out[0].startswith("NC_"),
                   "%s serial output on %s" % (chain[-1], last_out))
    leds = sorted(ref for ref in part_pins if re.match(r"LED\d\d$", ref))
    if leds:
        bad = []
        row_reg = [ref for ref in regs if any(nm == "QH'" for _p, nm, _n in part_pins[ref])]
        qnames = ["QA", "QB", "QC", "QD", "QE", "QF", "QG", "QH"]
        for n in range(8):
            out = [net for ref in row_reg for _p, nm, net in part_pins[ref] if nm == qnames[n]]
            gates = [g for o in out for g in through_resistor(o)]
            fets = [(r, p) for g in gates for r, p, nm in net_pins.get(g, []) if r.startswith("Q") and nm == "G"]
            drains = [net for r, _p in fets for _pp, nm, net in part_pins[r] if nm == "D"]
            sources = [net for r, _p in fets for _pp, nm, net in part_pins[r] if nm == "S"]
            anodes = sorted(r for d in drains for r, _p, nm in net_pins.get(d, []) if nm == "A")
            want = ["LED%d%d" % (n, c) for c in range(8)]
            if len(fets) != 1 or sources != ["VCC"] or anodes != want:
                bad.append("row %d: %s -> %s -> FET %s (source %s) -> anodes %s" % (n, qnames[n], gates, fets, sources, anodes[:10]))
        report("rows: 74HC595 output n -> gate resistor -> P-MOSFET from VCC -> anodes of LED<n>0..LED<n>7",
               not bad, "; ".join(bad))
    srclr_bad = [ref for ref in regs for _p, nm, n in part_pins[ref] if nm == "/SRCLR" and n != "VCC"]
    report("/SRCLR of every shift register on VCC", not srclr_bad, "not on VCC: %s" % srclr_bad)

    # Buttons: the MCU pin and GND on two diagonally opposite legs of a
    # 4-leg tactile switch (1/4 or 2/3), so the switch closes whichever pairs
    # of legs the maker joins inside; the other two legs are no-connects.
    diagonal = ({"1", "4"}, {"2", "3"})
    used_switches = set()
    for btn in ("UP", "DOWN", "LEFT", "RIGHT", "A", "B"):
        net = mcu_pin("button %s" % btn, "BOARD_BUTTON_PORT", "BOARD_BTN_%s_BIT" % btn)
        if net is None:
            continue
        sws = [ref for ref in refs_on(net) if ref.startswith("SW") and ref not in used_switches]
        ok, why = False, "net %s has no unused switch" % net
        for sw in sws:
            pins = [(p, n) for p, _nm, n in part_pins[sw] if not n.startswith("NC_")]
            on_btn = {p for p, n in pins if n == net}
            on_gnd = {p for p, n in pins if n == "GND"}
            other = {n for _p, n in pins} - {net, "GND"}
            if not on_gnd or other:
                why = "%s: other side not GND (%s)" % (sw, sorted(other) or "open")
                continue
            if len(part_pins[sw]) == 4 and (on_btn | on_gnd) not in diagonal:
                why = "%s: %s on legs %s, GND on legs %s, not one diagonal pair (1/4 or 2/3)" % (
                    sw, net, sorted(on_btn), sorted(on_gnd))
                continue
            ok = True
            used_switches.add(sw)
            report("button %s reaches switch %s pin %s, GND on %s pin %s" %
                   (btn, sw, "/".join(sorted(on_btn)), "the diagonal" if len(part_pins[sw]) == 4 else "the other",
                    "/".join(sorted(on_gnd))), True)
            break
        if not ok:
            report("button %s reaches a switch to GND" % btn, False, why)

    buz = mcu_pin("buzzer", "BOARD_BUZZER_PORT", "BOARD_BUZZER_BIT")
    if buz is not None:
        direct = [r for r in refs_on(buz) if r.startswith(("BZ", "LS"))]
        via = [r for n in through_resistor(buz) for r in refs_on(n) if r.startswith(("BZ", "LS"))]
        report("buzzer reaches piezo %s" % ("directly" if direct else "through its series resistor"),
               bool(direct or via), "net %s reaches no BZ* part" % buz)

    batt = mcu_pin("battery sense", "BOARD_BATT_PORT", "BOARD_BATT_BIT")
    if batt is not None:
        if defs.get("BOARD_BATT_COMPARATOR_AIN1") == "1":
            report("battery sense on AIN1 (PD7) for the comparator against the bandgap",
                   (defs.get("BOARD_BATT_PORT"), defs.get("BOARD_BATT_BIT")) == ("D", "7"),
                   "BOARD_BATT_COMPARATOR_AIN1 1 needs PD7")
        en = [n for ref in part_pins for _p, nm, n in part_pins[ref] if ref.startswith("U") and nm == "EN"]
        tops = through_resistor(batt) - {"GND"}
        report("battery divider: %s -> resistor -> boost EN net %s" % (batt, en),
               bool(en) and en[0] in tops, "resistors from %s reach %s" % (batt, sorted(tops)))
        report("battery divider: %s -> resistor -> GND" % batt, "GND" in through_resistor(batt), "no resistor to GND")
        cap = [r for r in refs_on(batt) if r.startswith("C") and r in refs_on("GND")]
        report("battery sense filter capacitor to GND (%s)" % " ".join(cap), bool(cap), "none")
        if len(sys.argv) > 3:
            vals = {}
            for row in csv.DictReader(open(sys.argv[3])):
                for ref in row["ref"].split():
                    vals[ref] = row["value"]

            def ohms(v):
                m = re.match(r"([\d.]+)([kM]?)", v)
                return float(m.group(1)) * {"": 1, "k": 1e3, "M": 1e6}[m.group(2)] if m else None
            top = [r for r in refs_on(batt) if r.startswith("R") and en and r in refs_on(en[0])]
            bot = [r for r in refs_on(batt) if r.startswith("R") and r in refs_on("GND")]
            rt = ohms(vals.get(top[0], "")) if top else None
            rb = ohms(vals.get(bot[0], "")) if bot else None
            dt = defs.get("BOARD_BATT_DIV_TOP_OHMS", "0").rstrip("UL")
            db = defs.get("BOARD_BATT_DIV_BOTTOM_OHMS", "0").rstrip("UL")
            mv = defs.get("BOARD_BATT_LOW_MV", "0").rstrip("UL")
            ok = rt is not None and rb is not None and rt == float(dt) and rb == float(db)
            calc = round(1100 * (rt + rb) / rb) if ok else None
            report("battery divider values %s/%s = header %s/%s ohm; threshold 1.1 V x (top+bottom)/bottom = %s mV = BOARD_BATT_LOW_MV %s"
                   % (rt, rb, dt, db, calc, mv), ok and calc == int(mv), "mismatch")

    ftdi = [ref for ref, pins in part_pins.items() if {"TXD", "RXD", "DTR"} <= {nm for _p, nm, _n in pins}]
    if len(ftdi) != 1:
        report("ftdi-header found", False, "expected one header with TXD/RXD/DTR, found %s" % ftdi)
    else:
        j = ftdi[0]
        order = [nm for _p, nm, _n in sorted(part_pins[j], key=lambda t: int(t[0]))]
        report("ftdi-header %s pin order GND CTS VCC TXD RXD DTR" % j,
               order == ["GND", "CTS", "VCC", "TXD", "RXD", "DTR"], "order is %s" % order)
        for mname, hname, what in (("PD0", "TXD", "uart rx"), ("PD1", "RXD", "uart tx")):
            n = nets_of(mcu, mname)
            h = nets_of(j, hname)
            ok = bool(n and h) and (n[0] == h[0] or h[0] in through_resistor(n[0]))
            report("%s %s reaches %s %s" % (what, mname, j, hname), ok,
                   "%s net %s, header net %s" % (mname, n, h))
        dtr = nets_of(j, "DTR")
        rst = nets_of(mcu, "PC6")
        caps = [r for r in refs_on(dtr[0] if dtr else "") if r.startswith("C") and rst and r in refs_on(rst[0])]
        report("auto-reset DTR -> capacitor -> RESET", bool(caps), "no capacitor between DTR and RESET")
    if (rst := nets_of(mcu, "PC6")):
        pull = "VCC" in through_resistor(rst[0])
        report("RESET pull-up resistor to VCC", pull, "no resistor from %s to VCC" % rst[0])
    isp = [ref for ref, pins in part_pins.items() if {"MISO", "MOSI", "SCK", "RESET"} <= {nm for _p, nm, _n in pins}]
    if len(isp) != 1:
        report("isp-header found", False, "expected one, found %s" % isp)
    else:
        j = isp[0]
        want = {"1": ("MISO", "PB4"), "2": ("VCC", None), "3": ("SCK", "PB5"), "4": ("MOSI", "PB3"),
                "5": ("RESET", "PC6"), "6": ("GND", None)}
        bad = []
        for pin, nm, net in part_pins[j]:
            wn, mp = want.get(pin, (None, None))
            if nm != wn:
                bad.append("pin %s is %s, want %s" % (pin, nm, wn))
            elif mp and nets_of(mcu, mp) != [net]:
                bad.append("%s not on MCU %s" % (nm, mp))
            elif nm == "GND" and net != nm:
                bad.append("%s on net %s" % (nm, net))
            elif nm == "VCC" and net != "VCC" and "VCC" not in through_resistor(net):
                bad.append("VCC on net %s, neither VCC nor a series resistor to VCC" % net)
        report("isp-header %s MISO VCC SCK MOSI RESET GND" % j, not bad, "; ".join(bad))
        isp_vcc = [n for p, nm, n in part_pins[j] if nm == "VCC"]
        report("isp-header %s VCC through a series resistor (no back-feed)" % j,
               bool(isp_vcc) and isp_vcc[0] != "VCC" and "VCC" in through_resistor(isp_vcc[0]),
               "ISP VCC on net %s" % isp_vcc)

    # ---- ERC-equivalent ----
    open_pins = ["%s.%s" % (ref, pin) for net, pins in net_pins.items() if net.startswith("unconnected")
                 for ref, pin, _ in pins]
    report("erc no unconnected pins (except NC_* markers)", not open_pins, ", ".join(open_pins[:12]))
    bad_nc = [net for net, pins in net_pins.items() if net.startswith("NC_") and len(pins) != 1]
    report("erc no-connect markers have exactly one pin", not bad_nc, ", ".join(bad_nc))
    single = [net for net, pins in net_pins.items() if len(pins) == 1
              and not net.startswith("NC_") and not net.startswith("unconnected")]
    report("erc no net with a single pin", not single, ", ".join(sorted(single)[:12]))
    for sup in ("VCC", "GND"):
        report("erc supply net %s exists" % sup, len(net_pins.get(sup, [])) > 1, "missing or empty")
    bad = []
    ics = sorted(ref for ref in part_pins if ref.startswith("U"))
    for ref in ics:
        names = [(nm, n) for _p, nm, n in part_pins[ref]]
        sup = [(nm, n) for nm, n in names if nm in ("VCC", "AVCC", "GND")]
        if not any(nm in ("VCC", "AVCC") for nm, _ in sup) and not any(nm == "VIN" for nm, _ in names):
            bad.append("%s has no VCC pin" % ref)
        if not any(nm == "GND" for nm, _ in sup):
            bad.append("%s has no GND pin" % ref)
        for nm, n in sup:
            if (nm == "GND") != (n == "GND") or (nm in ("VCC", "AVCC") and n != "VCC"):
                bad.append("%s %s on %s" % (ref, nm, n))
    report("erc every IC's VCC/GND pins on the supply nets (%s)" % " ".join(ics), not bad, "; ".join(bad))
    # decoupling: a capacitor between VCC and GND per IC supply pin on the board
    caps = [ref for ref in part_pins if ref.startswith("C") and
            {n for _p, _nm, n in part_pins[ref]} == {"VCC", "GND"}]
    need = sum(1 for ref in ics for _p, nm, n in part_pins[ref] if nm in ("VCC", "AVCC") and n == "VCC")
    report("erc decoupling: %d VCC-GND capacitors for %d IC supply pins" % (len(caps), need),
           len(caps) >= need, "too few")
    failed = results.count(False)
    print("hw checks: %d passed, %d failed" % (results.count(True), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
