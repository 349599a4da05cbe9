#!/usr/bin/env python3
"""Check an exported board netlist against the board definition.

    check_netlist.py NETLIST_CSV BOARD_HEADER [BOM_CSV]

NETLIST_CSV: net,ref,pin,pin_name (hardware/tools/kicad_netlist.py, from
the KiCad schematic's netlist).
BOARD_HEADER: board-defs/jarmo-handheld.h. Every pin the header names must sit
on the MCU pin it says and reach the part it drives; the shift chain's order
must match the header's byte order (BOARD_SHIFT_ROW_FIRST), each column
register's output n must reach matrix column n of one colour (through a
sink array's channel n), the USB bridge must be wired to the USB-C
receptacle, the MCU's UART and RESET, and every button must sit on a switch
with GND; the UART at valid levels with nothing fed into the bridge while
the cells alone power the board (with the BOM: the levels, the edge and the
back-feed from the datasheet figures below); an ESD array on every USB data
line; the bring-up test points; then
an ERC-equivalent: no open pin unless its net is a no-connect marker (NC_*),
no single-pin net, every IC's supply pins on VCC/GND. One line per check; exit 1 on a failure."""
import csv
import re
import sys
from collections import defaultdict

results = []

# Datasheet figures the UART checks use (hardware/README.md, "USB-serial"):
# CH340 datasheet CH340DS1 (v2B, DC characteristics at 5 V): VIL max 0.7 V;
# IUP, an input's built-in pull-up, 300 uA max; its input capacitance is not
# given: 15 pF taken (the pin, the track, the diode). Its TXD high: VBUS
# 4.75 V less D5's drop, 4.3 V. ATmega328P: VIH 0.6 VCC at VCC 5.18 V (the
# boost's top); VOL 0.9 V at 20 mA, 45 ohm. USB VBUS at most 5.25 V.
BRIDGE_VIL, BRIDGE_IUP_MAX, BRIDGE_CIN, BRIDGE_VOH_MIN = 0.7, 300e-6, 15e-12, 4.3
MCU_VIH, MCU_VOL_OHMS, VBUS_MAX, BAUD = 0.6 * 5.18, 45.0, 5.25, 115200
BACKFEED_MAX = 100e-6
# Schottky diodes: VF at 1 mA (max), reverse leakage (max), from the LCSC
# listing of the part (RB751V-40: C7502691, hongjiacheng)
SCHOTTKY = {"RB751V-40": (0.37, 0.5e-6)}


def report(name, ok, reason=""):
    results.append(ok)
    if ok:
        print("[       OK ] hw %s" % name)
    else:
        print("[  FAILED  ] hw %s: %s" % (name, reason))


def datasheet_name(name):
    """KiCad's pin name in the words this check uses: an overbar ~{OE} is
    /OE, the bridge's ~{DTR} is DTR#, the ISP header's ~{RST} is RESET, the
    sink array's I1/O1 (KiCad's ULN2803A body) are IN1/OUT1."""
    m = re.match(r"^~\{(\w+)\}$", name)
    if m:
        name = {"DTR": "DTR#", "RTS": "RTS#", "CTS": "CTS#", "DSR": "DSR#", "RI": "RI#", "DCD": "DCD#",
                "RST": "RESET"}.get(m.group(1), "/" + m.group(1))
    m = re.match(r"^([IO])(\d)$", name)
    if m:
        name = ("IN" if m.group(1) == "I" else "OUT") + m.group(2)
    return name


def base(name):
    """Datasheet pin name without its alternate function: 'PC6/RESET' and
    KiCad's '~{RESET}/PC6' -> 'PC6'."""
    port = [p for p in name.split("/") if re.match(r"P[A-D]\d$", p)]
    return port[0] if port else name


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
        net, ref, pin, name = r["net"], r["ref"], r["pin"], datasheet_name(r["pin_name"])
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

    bom = {}
    if len(sys.argv) > 3:
        for row in csv.DictReader(open(sys.argv[3])):
            for ref in row["ref"].split():
                bom[ref] = row

    def ohms_of(ref):
        v = bom.get(ref, {}).get("value", "")
        m = re.match(r"^(\d+(?:\.\d+)?)([kM]?)$", v)
        return float(m.group(1)) * {"": 1, "k": 1e3, "M": 1e6}[m.group(2)] if m else None

    def two_pin(ref):
        return len(part_pins[ref]) == 2

    def far_end(ref, net):
        return [n for _p, _nm, n in part_pins[ref] if n != net]

    def uart_checks(u, mcu, vcc_bridge):
        """The bridge's UART pins and the MCU's: the signal gets through at
        valid levels, and nothing flows from the cells into the bridge while
        it is unpowered (its rail at 0 V, its pins clamped to it)."""
        rail = vcc_bridge[0] if vcc_bridge else ""
        # the bridge's TXD -> a series resistor -> PD0 (RXD); PD0's pulls
        n_rx, h_tx = nets_of(mcu, "PD0"), nets_of(u, "TXD")
        ok = bool(n_rx and h_tx) and h_tx[0] in through_resistor(n_rx[0])
        report("uart rx PD0 reaches %s TXD through a series resistor" % u, ok,
               "PD0 net %s, bridge net %s" % (n_rx, h_tx))
        if ok:
            pulls = [r for r, _p, _nm in net_pins[n_rx[0]] if r.startswith("R") and two_pin(r)
                     and far_end(r, n_rx[0]) != h_tx]
            up = [r for r in pulls if far_end(r, n_rx[0]) == ["VCC"]]
            down = [r for r in pulls if far_end(r, n_rx[0]) == ["GND"]]
            report("uart rx PD0 held low, not pulled up to VCC, while the bridge is off (%s)"
                   % " ".join(down or up or ["no pull"]), bool(down) and not up,
                   "a pull-up to VCC feeds the unpowered bridge's TXD clamp through the series resistor")
            rs = [r for r, _p, _nm in net_pins[n_rx[0]] if r.startswith("R") and far_end(r, n_rx[0]) == h_tx]
            if down and rs and ohms_of(rs[0]) and ohms_of(down[0]):
                high = BRIDGE_VOH_MIN * ohms_of(down[0]) / (ohms_of(down[0]) + ohms_of(rs[0]))
                report("uart rx the bridge's high reaches PD0 at %.2f V (%s %s against %s %s), over the MCU's VIH %.2f V"
                       % (high, rs[0], bom[rs[0]]["value"], down[0], bom[down[0]]["value"], MCU_VIH),
                       high >= MCU_VIH, "too low")
        # the MCU's TXD (PD1) -> the bridge's RXD: through a diode that only
        # pulls low (cathode on PD1), the high from a pull-up to the bridge's rail
        n_tx, h_rx = nets_of(mcu, "PD1"), nets_of(u, "RXD")
        if not (n_tx and h_rx):
            report("uart tx PD1 and the bridge's RXD found", False, "PD1 %s, RXD %s" % (n_tx, h_rx))
            return
        series = [r for r, _p, _nm in net_pins[h_rx[0]] if r != u and two_pin(r) and far_end(r, h_rx[0]) == n_tx]
        diode = [d for d in series if d.startswith("D")]
        cath = diode and [n for _p, nm, n in part_pins[diode[0]] if nm == "K"] == n_tx
        report("uart tx PD1 reaches %s RXD through a diode, cathode on PD1 (%s)" % (u, " ".join(series) or "none"),
               bool(cath), "series parts %s: PD1's idle high must not reach the unpowered bridge's RXD (a resistor "
               "feeds its clamp, a diode turned round passes the high)" % series)
        ups = [r for r, _p, _nm in net_pins[h_rx[0]] if r.startswith("R") and two_pin(r) and r not in series]
        on_rail = [r for r in ups if far_end(r, h_rx[0]) == [rail]]
        report("uart tx the bridge's RXD pulled up to its own rail %s (%s)" % (rail, " ".join(on_rail) or "none"),
               bool(on_rail) and len(on_rail) == len(ups), "pulls %s: %s" % (ups, [far_end(r, h_rx[0]) for r in ups]))
        if not (cath and on_rail and bom):
            return
        d, r = diode[0], on_rail[0]
        vf, ir = SCHOTTKY.get(bom[d]["mpn"], (None, None))
        if vf is None or ohms_of(r) is None:
            report("uart tx %s's datasheet figures known (%s)" % (d, bom[d]["mpn"]), False, "add it to SCHOTTKY")
            return
        i_low = VBUS_MAX / ohms_of(r) + BRIDGE_IUP_MAX
        low = vf + MCU_VOL_OHMS * i_low
        report("uart tx a low at the bridge's RXD %.2f V (%s %.2f V at %.2f mA with %s and the pull-up %.1f mA max, "
               "PD1 %.2f V) under the CH340's VIL %.1f V" % (low, bom[d]["mpn"], vf, i_low * 1e3, r,
                                                           BRIDGE_IUP_MAX * 1e3, MCU_VOL_OHMS * i_low, BRIDGE_VIL),
               i_low <= 1e-3 and low < BRIDGE_VIL,
               "the diode's drop is known up to 1 mA" if i_low > 1e-3 else "too high")
        rise = 2.2 * ohms_of(r) * BRIDGE_CIN
        report("uart tx the bridge's RXD rises in %.2f us (2.2 x %s x %.0f pF), %.0f %% of a bit at %d baud"
               % (rise * 1e6, bom[r]["value"], BRIDGE_CIN * 1e12, 100 * rise * BAUD, BAUD),
               rise * BAUD <= 0.10, "slower than a tenth of a bit")
        feed = ir
        report("uart back-feed into the unpowered bridge on cells: %.1f uA (%s reverse, %s to its own rail; "
               "rev D's 10 k fed 450 uA), at most %.0f uA" % (feed * 1e6, bom[d]["mpn"], r, BACKFEED_MAX * 1e6),
               feed <= BACKFEED_MAX, "too much")

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
    # MOSI -> row -> red -> green. The handheld uses 1 (rev C's TPIC6B595
    # column registers had to feed the 74HC595, never the other way round;
    # rev D's three 74HC595s keep the order so the firmware stays one).
    ser_in = ("SER", "SER IN")
    ser_out = ("QH'", "SER OUT")

    def register_on(net):
        return [ref for ref in regs if net and any(nm in ser_in and n == net for _p, nm, n in part_pins[ref])]

    qnames = ["QA", "QB", "QC", "QD", "QE", "QF", "QG", "QH"]

    def sink_path(net):
        """The net a sink array's output gives for an input on `net`: INk -> OUTk."""
        for ref, _pin, nm in net_pins.get(net, []):
            m = re.match(r"IN(\d)$", nm)
            if m:
                outs = [n for _p, onm, n in part_pins[ref] if onm == "OUT" + m.group(1)]
                if outs:
                    return ref, outs[0]
        return None, None

    def colour_of(ref):
        """'ROW' for the register whose outputs reach P-MOSFET gates through
        resistors, else the display colour its outputs light, checking
        output n -> sink array INk/OUTk (or a sink's own DRAINn) -> one
        resistor -> the cathodes of LED D<colour><row><n> for rows 0-7."""
        names = {nm: n for _p, nm, n in part_pins[ref]}
        if all(any(r.startswith("Q") and pnm == "G" for g in through_resistor(names.get(q, ""))
                   for r, _pp, pnm in net_pins.get(g, [])) for q in qnames):
            return "ROW", ""
        seen, bad = set(), []
        for n in range(8):
            drain = names.get("DRAIN%d" % n)
            via = ""
            if drain is None:
                sink, drain = sink_path(names.get(qnames[n], ""))
                via = " via %s" % sink
            leds = [(r, nm) for net in through_resistor(drain or "")
                    for r, _pin, nm in net_pins.get(net, []) if re.match(r"D[RG]\d\d$", r)]
            cols = {r[1] for r, _nm in leds}
            want = {"D%s%d%d" % (next(iter(cols)) if cols else "?", row, n) for row in range(8)}
            if len(cols) != 1 or {r for r, _nm in leds} != want or any(nm != "K" for _r, nm in leds):
                bad.append("output %d%s reaches %s" % (n, via, sorted(leds)[:10] or "no LED cathode"))
                continue
            seen.add({"R": "RED", "G": "GRN"}[cols.pop()])
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
    leds = sorted(ref for ref in part_pins if re.match(r"D[RG]\d\d$", ref))
    if leds:
        bad = []
        row_reg = [ref for ref in regs if colour_of(ref)[0] == "ROW"]
        for n in range(8):
            out = [net for ref in row_reg for _p, nm, net in part_pins[ref] if nm == qnames[n]]
            gates = [g for o in out for g in through_resistor(o)]
            fets = [(r, p) for g in gates for r, p, nm in net_pins.get(g, []) if r.startswith("Q") and nm == "G"]
            drains = [net for r, _p in fets for _pp, nm, net in part_pins[r] if nm == "D"]
            sources = [net for r, _p in fets for _pp, nm, net in part_pins[r] if nm == "S"]
            anodes = sorted(r for d in drains for r, _p, nm in net_pins.get(d, []) if nm == "A")
            want = sorted("D%s%d%d" % (col, n, c) for col in "RG" for c in range(8))
            if len(row_reg) != 1 or len(fets) != 1 or sources != ["VCC"] or anodes != want:
                bad.append("row %d: %s -> %s -> FET %s (source %s) -> anodes %s" % (n, qnames[n], gates, fets, sources, anodes[:10]))
        report("rows: 74HC595 output n -> gate resistor -> P-MOSFET from VCC -> anodes of DR<n>0..7 and DG<n>0..7",
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

    # The USB-serial bridge: USB-C D+/D- (both rows of the receptacle) to
    # its UD+/UD-, each CC pin its own 5.1 k to GND, its TXD/RXD crossed to
    # the MCU's RXD/TXD through series resistors, DTR# through a capacitor
    # to RESET; powered from USB only (never from VCC: on the cells it
    # would draw from them), V3 decoupled, not tied to VCC (5 V mode).
    bridge = [ref for ref, pins in part_pins.items() if {"TXD", "RXD", "DTR#", "UD+"} <= {nm for _p, nm, _n in pins}]
    usbc = [ref for ref, pins in part_pins.items() if {"CC1", "CC2", "D+", "D-"} <= {nm for _p, nm, _n in pins}]
    if len(bridge) != 1 or len(usbc) != 1:
        report("usb bridge and USB-C receptacle found", False, "bridge %s, receptacle %s" % (bridge, usbc))
    else:
        u, j = bridge[0], usbc[0]
        report("usb bridge %s and USB-C receptacle %s found" % (u, j), True)
        for cname, bname in (("D+", "UD+"), ("D-", "UD-")):
            cn = {n for _p, nm, n in part_pins[j] if nm == cname}
            bn = nets_of(u, bname)
            report("USB %s: every %s pin of %s on %s %s" % (cname, cname, j, u, bname),
                   len(cn) == 1 and bn == list(cn), "%s pins on %s, bridge on %s" % (cname, sorted(cn), bn))
        for cc in ("CC1", "CC2"):
            cn = nets_of(j, cc)
            rs = [r for r, _p, _nm in net_pins.get(cn[0] if cn else "", []) if r.startswith("R")]
            ok = len(rs) == 1 and through_resistor(cn[0]) == {"GND"} and len(net_pins[cn[0]]) == 2
            val = ""
            if ok and len(sys.argv) > 3:
                vals = {ref: row["value"] for row in csv.DictReader(open(sys.argv[3])) for ref in row["ref"].split()}
                val = vals.get(rs[0], "")
                ok = val == "5.1k"
            report("USB %s: its own %s resistor to GND (%s)" % (cc, val or "one", " ".join(rs)), ok,
                   "net %s: %s" % (cn, net_pins.get(cn[0] if cn else "", [])))
        uart_checks(u, mcu, vcc_bridge=nets_of(u, "VCC"))
        dtr = nets_of(u, "DTR#")
        rst = nets_of(mcu, "PC6")
        caps = [r for r in refs_on(dtr[0] if dtr else "") if r.startswith("C") and rst and r in refs_on(rst[0])]
        report("auto-reset DTR# -> capacitor -> RESET", bool(caps), "no capacitor between DTR# and RESET")
        vcc = nets_of(u, "VCC")
        vbus = {n for _p, nm, n in part_pins[j] if nm == "VBUS"}
        feed = [r for r, _p, nm in net_pins.get(vcc[0] if vcc else "", []) if r.startswith("D") and nm == "K"]
        report("usb bridge %s powered from USB only, through a diode (net %s)" % (u, vcc),
               bool(vcc) and vcc[0] not in ("VCC", "VIN_BOOST") and bool(feed) and len(vbus) == 1,
               "bridge VCC on %s, diodes %s" % (vcc, feed))
        v3 = nets_of(u, "V3")
        v3caps = [r for r in refs_on(v3[0] if v3 else "") if r.startswith("C") and r in refs_on("GND")]
        report("usb bridge V3 decoupled to GND, not tied to VCC", bool(v3caps) and v3[0] != vcc[0],
               "V3 on %s" % v3)
    # ---- USB ESD: an array with a clamp on every D+ and D- line of the
    # receptacle, its rail clamp VP on the receptacle's VBUS, VN on GND
    esd = [ref for ref, pins in part_pins.items() if {"VP", "VN", "IO1"} <= {nm for _p, nm, _n in pins}]
    if usbc:
        j = usbc[0]
        lines = {n for _p, nm, n in part_pins[j] if nm in ("D+", "D-")}
        vbus_j = {n for _p, nm, n in part_pins[j] if nm == "VBUS"}
        bad = []
        if len(esd) != 1:
            bad.append("expected one ESD array (pins IOn, VP, VN), found %s" % esd)
        else:
            e = esd[0]
            io = {n for _p, nm, n in part_pins[e] if nm.startswith("IO")}
            if lines - io:
                bad.append("unclamped: %s" % sorted(lines - io))
            if io - lines:
                bad.append("IO pins on %s" % sorted(io - lines))
            if nets_of(e, "VN") != ["GND"]:
                bad.append("VN on %s" % nets_of(e, "VN"))
            if set(nets_of(e, "VP")) != vbus_j:
                bad.append("VP on %s, the receptacle's VBUS on %s" % (nets_of(e, "VP"), sorted(vbus_j)))
        report("usb ESD array %s on %s, VP on VBUS, VN on GND" % (" ".join(esd) or "none", " ".join(sorted(lines))),
               not bad, "; ".join(bad))
    # ---- bring-up test points (one-pin parts TPn), reachable from the back
    tp_nets = {part_pins[r][0][2] for r in part_pins if re.match(r"TP\d+$", r) and len(part_pins[r]) == 1}
    want_tp = ["VCC", "GND", "VBAT_RAW", "VIN_BOOST", "TXD", "RXD"]
    report("test points on %s" % " ".join(want_tp), set(want_tp) <= tp_nets,
           "missing %s" % sorted(set(want_tp) - tp_nets))
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
        if ref in esd:                  # checked above: VP on VBUS, VN on GND
            continue
        names = [(nm, n) for _p, nm, n in part_pins[ref]]
        sup = [(nm, n) for nm, n in names if nm in ("VCC", "AVCC", "GND")]
        sink = any(nm == "OUT1" for nm, _ in names)
        if ref in bridge:               # checked above: USB-powered
            sup = [(nm, n) for nm, n in sup if nm == "GND"] + [("VCC", "VCC")]
        if not any(nm in ("VCC", "AVCC") for nm, _ in sup) and not any(nm == "VIN" for nm, _ in names) and not sink:
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
