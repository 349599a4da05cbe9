#!/usr/bin/env python3
"""Generate the lepton-eda source of the jarmo-handheld board.

Writes hardware/jarmo-handheld/jarmo-handheld.sch, the custom symbols in
hardware/jarmo-handheld/sym/ and hardware/jarmo-handheld/gafrc.  The .sch is
the committed EDA source (open it with lepton-schematic); this script only
exists so that the placement and the part data stay reviewable in one place.
Re-run it after editing PARTS below:

    python3 tools/hardware/gen_schematic.py [OUTDIR]

Every part pin gets a short net stub carrying a visible netname= label, so
the drawing reads like a label-based schematic and lepton-netlist joins the
nets by name.  Pins deliberately left open get a net named NC_<ref>_<pin>
(the no-connect marker understood by tests/hardware/check_netlist.py).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "hardware", "jarmo-handheld")

FILE_VERSION = "v 20210407 2"
PIN_LEN = 300
PIN_STEP = 200
STUB = 200

# ---------------------------------------------------------------- symbols --
SYMS = {}


def box(name, left, right, width=1200, device=None, refprefix="U", top_text=None, text_y=50):
    """IC-style box. left/right: lists of (pinnumber, pinlabel) or None (gap)."""
    n = max(len(left), len(right))
    height = (n + 1) * PIN_STEP
    pins = []  # (number, label, x_active, y_active, side)
    for i, p in enumerate(left):
        if p:
            pins.append((p[0], p[1], 0, height - (i + 1) * PIN_STEP, "L"))
    for i, p in enumerate(right):
        if p:
            pins.append((p[0], p[1], width + 2 * PIN_LEN, height - (i + 1) * PIN_STEP, "R"))
    lines = [FILE_VERSION,
             "B %d 0 %d %d 3 10 1 0 -1 -1 0 -1 -1 -1 -1 -1" % (PIN_LEN, width, height)]
    for num, label, x, y, side in pins:
        if side == "L":
            x2 = PIN_LEN
            lines.append("P %d %d %d %d 1 0 0" % (x, y, x2, y))
            num_t = "T %d %d 5 8 1 1 0 6 1" % (x2 - 50, y + 30)
            lab_t = "T %d %d 9 8 1 1 0 1 1" % (x2 + 50, y)
        else:
            x2 = x - PIN_LEN
            lines.append("P %d %d %d %d 1 0 0" % (x, y, x2, y))
            num_t = "T %d %d 5 8 1 1 0 0 1" % (x2 + 50, y + 30)
            lab_t = "T %d %d 9 8 1 1 0 7 1" % (x2 - 50, y)
        lines += ["{", num_t, "pinnumber=%s" % num,
                  "T %d %d 5 8 0 1 0 0 1" % (x, y), "pinseq=%s" % num,
                  lab_t, "pinlabel=%s" % label,
                  "T %d %d 5 8 0 1 0 0 1" % (x, y), "pintype=pas", "}"]
    lines += ["T %d %d 8 10 1 1 0 0 1" % (PIN_LEN, height + 50), "refdes=%s?" % refprefix,
              "T %d %d 5 10 0 0 0 0 1" % (PIN_LEN, height + 250), "device=%s" % (device or name)]
    if top_text:
        lines += ["T %d %d 9 8 1 0 0 0 1" % (PIN_LEN + 50, text_y), top_text]
    SYMS[name] = {"text": "\n".join(lines) + "\n",
                  "pins": {num: (x, y, side, label) for num, label, x, y, side in pins},
                  "size": (width + 2 * PIN_LEN, height)}


def two_pin(name, p1, p2, kind, refprefix):
    """Horizontal two-pin part: p1 (number, label) on the left, p2 on the right."""
    w = 800
    lines = [FILE_VERSION]
    g = {
        "R": ["B 250 -60 300 120 3 10 1 0 -1 -1 0 -1 -1 -1 -1 -1"],
        "C": ["L 200 0 370 0 3 10 0 0 -1 -1", "L 430 0 600 0 3 10 0 0 -1 -1",
              "L 370 -120 370 120 3 20 0 0 -1 -1", "L 430 -120 430 120 3 20 0 0 -1 -1"],
        "CP": ["L 200 0 370 0 3 10 0 0 -1 -1", "L 430 0 600 0 3 10 0 0 -1 -1",
               "L 370 -120 370 120 3 20 0 0 -1 -1", "A 560 0 130 150 60 3 20 0 0 -1 -1",
               "T 300 80 9 8 1 0 0 0 1", "+"],
        "D": ["L 200 0 330 0 3 10 0 0 -1 -1", "L 470 0 600 0 3 10 0 0 -1 -1",
              "L 330 -100 330 100 3 10 0 0 -1 -1", "L 330 100 470 0 3 10 0 0 -1 -1",
              "L 330 -100 470 0 3 10 0 0 -1 -1", "L 470 -100 470 100 3 20 0 0 -1 -1"],
        "L": ["A 275 0 75 0 180 3 10 0 0 -1 -1", "A 400 0 75 0 180 3 10 0 0 -1 -1",
              "A 525 0 75 0 180 3 10 0 0 -1 -1"],
        "Y": ["L 200 0 330 0 3 10 0 0 -1 -1", "L 470 0 600 0 3 10 0 0 -1 -1",
              "L 330 -100 330 100 3 10 0 0 -1 -1", "L 470 -100 470 100 3 10 0 0 -1 -1",
              "B 360 -120 80 240 3 10 1 0 -1 -1 0 -1 -1 -1 -1 -1"],
        "BZ": ["B 250 -120 300 240 3 10 1 0 -1 -1 0 -1 -1 -1 -1 -1",
               "V 400 0 80 3 10 0 0 -1 -1 0 -1 -1 -1 -1 -1"],
    }[kind]
    lines += g
    pins = {}
    for (num, label), (x, x2, al) in ((p1, (0, 200, 6)), (p2, (w, w - 200, 0))):
        lines.append("P %d 0 %d 0 1 0 0" % (x, x2))
        lines += ["{", "T %d 30 5 8 1 1 0 %d 1" % ((x + x2) // 2, 3), "pinnumber=%s" % num,
                  "T %d 0 5 8 0 1 0 0 1" % x, "pinseq=%s" % num,
                  "T %d -30 9 6 0 1 0 5 1" % ((x + x2) // 2), "pinlabel=%s" % label,
                  "T %d 0 5 8 0 1 0 0 1" % x, "pintype=pas", "}"]
        pins[num] = (x, 0, "L" if x == 0 else "R", label)
    lines += ["T 150 150 8 10 1 1 0 0 1", "refdes=%s?" % refprefix,
              "T 200 400 5 10 0 0 0 0 1", "device=%s" % name]
    SYMS[name] = {"text": "\n".join(lines) + "\n", "pins": pins, "size": (w, 300)}


# ATmega328P-PU, DIP-28 (Microchip DS40002061 figure "28-pin PDIP").
MCU_LEFT = [("1", "PC6/RESET"), ("2", "PD0"), ("3", "PD1"), ("4", "PD2"), ("5", "PD3"),
            ("6", "PD4"), ("7", "VCC"), ("8", "GND"), ("9", "PB6/XTAL1"), ("10", "PB7/XTAL2"),
            ("11", "PD5"), ("12", "PD6"), ("13", "PD7"), ("14", "PB0")]
MCU_RIGHT = [("28", "PC5"), ("27", "PC4"), ("26", "PC3"), ("25", "PC2"), ("24", "PC1"),
             ("23", "PC0"), ("22", "GND"), ("21", "AREF"), ("20", "AVCC"), ("19", "PB5"),
             ("18", "PB4"), ("17", "PB3"), ("16", "PB2"), ("15", "PB1")]
box("atmega328p-dip28", MCU_LEFT, MCU_RIGHT, width=1700, device="ATmega328P-PU")
# 74HC595, DIP-16 (TI SN74HC595N pin names).
box("74hc595-dip16",
    [("14", "SER"), ("11", "SRCLK"), ("12", "RCLK"), ("10", "/SRCLR"), ("13", "/OE"), None,
     ("16", "VCC"), ("8", "GND")],
    [("15", "QA"), ("1", "QB"), ("2", "QC"), ("3", "QD"), ("4", "QE"), ("5", "QF"),
     ("6", "QG"), ("7", "QH"), ("9", "QH'")], width=1300, device="74HC595")
# TPIC6B595, DIP-20 (TI SLIS032 "N package" pinout; pins 1 and 20 are NC).
box("tpic6b595-dip20",
    [("3", "SER IN"), ("13", "SRCK"), ("12", "RCK"), ("8", "/SRCLR"), ("9", "/G"), None,
     ("2", "VCC"), ("10", "GND"), ("11", "GND"), ("19", "GND"), ("1", "NC"), ("20", "NC")],
    [("4", "DRAIN0"), ("5", "DRAIN1"), ("6", "DRAIN2"), ("7", "DRAIN3"), ("14", "DRAIN4"),
     ("15", "DRAIN5"), ("16", "DRAIN6"), ("17", "DRAIN7"), None, ("18", "SER OUT")],
    width=1600, device="TPIC6B595")
# Discrete 5 mm bicolor LED, three leads, common anode (Kingbright
# WP59EGW/CA class): 1 red cathode, 2 common anode, 3 green cathode. The lead
# order is the one assumed in hardware/README.md "Display": check one LED with
# a meter's diode test before soldering the 64.
box("led-bicolor-ca", [("2", "A")], [("1", "KR"), ("3", "KG")], width=500,
    device="LED-BICOLOR-CA", refprefix="LED")
# TPS61023 (SOT-563 DRL): 1 FB, 2 EN, 3 VIN, 4 GND, 5 SW, 6 VOUT.
box("tps61023-sot563", [("3", "VIN"), ("2", "EN"), ("4", "GND")],
    [("5", "SW"), ("6", "VOUT"), ("1", "FB")], width=1000, device="TPS61023")
# AO3401A P-MOSFET SOT-23: 1 G, 2 S, 3 D.
box("pmos-sot23", [("1", "G")], [("2", "S"), ("3", "D")], width=600, device="PMOS", refprefix="Q")
# BAT54C dual Schottky, common cathode, SOT-23: 1 A1, 2 A2, 3 K.
box("bat54c-sot23", [("1", "A1"), ("2", "A2")], [("3", "K")], width=600, device="BAT54C", refprefix="D")
box("usb-microb", [], [("1", "VBUS"), ("2", "D-"), ("3", "D+"), ("4", "ID"), ("5", "GND"),
                       ("6", "SHIELD")], width=600, device="USB-MICRO-B", refprefix="J")
box("batt-3xaa", [], [("1", "+"), ("2", "-")], width=600, device="BATTERY-3xAA", refprefix="BT")
box("switch-spdt", [("2", "COM")], [("1", "A"), ("3", "B")], width=700, device="SPDT", refprefix="SW")
# 6x6 mm tactile switch: the four legs drawn at the corners as numbered on the
# part (1 and 4, 2 and 3 diagonally opposite). Two legs on the same side are
# joined inside, but which side pairs them differs between makers; two
# diagonally opposite legs are never joined, so the switch is wired 1 and 4.
box("tact-4pin", [("1", "1"), ("3", "3")], [("2", "2"), ("4", "4")], width=600, device="TACT", refprefix="SW")
# The same 6x6 mm switch as a two-terminal part: KiCad's SW_PUSH_6mm numbers
# its four pads 1, 2, 1, 2 (the two pads numbered alike are joined inside),
# so the PCB needs pins 1 and 2, never a diagonal of four legs.
box("tact-2pin", [("1", "1")], [("2", "2")], width=600, device="TACT2", refprefix="SW")
box("ftdi-1x6", [], [("1", "GND"), ("2", "CTS"), ("3", "VCC"), ("4", "TXD"), ("5", "RXD"),
                     ("6", "DTR")], width=500, device="FTDI-HEADER", refprefix="J")
box("isp-2x3", [("1", "MISO"), ("3", "SCK"), ("5", "RESET")],
    [("2", "VCC"), ("4", "MOSI"), ("6", "GND")], width=1000, device="AVR-ISP-6", refprefix="J")
two_pin("resistor", ("1", "1"), ("2", "2"), "R", "R")
two_pin("capacitor", ("1", "1"), ("2", "2"), "C", "C")
two_pin("capacitor-pol", ("1", "+"), ("2", "-"), "CP", "C")
two_pin("diode", ("2", "A"), ("1", "K"), "D", "D")
two_pin("inductor", ("1", "1"), ("2", "2"), "L", "L")
two_pin("crystal", ("1", "1"), ("2", "2"), "Y", "Y")
two_pin("piezo", ("1", "+"), ("2", "-"), "BZ", "BZ")

TWO_PIN = {"resistor", "capacitor", "capacitor-pol", "diode", "inductor", "crystal", "piezo"}

# ------------------------------------------------------------------ parts --
PARTS = []


def part(ref, sym, value, mpn, cost, desc, fp, nets, xy):
    # bom2 separates fields with ':' so no attribute value may contain one
    desc = desc.replace(": ", " - ")
    for v in (ref, value, mpn, desc, fp):
        if ":" in v:
            raise SystemExit("%s: ':' in attribute value %r" % (ref, v))
    PARTS.append(dict(ref=ref, sym=sym, value=value, mpn=mpn, cost=cost,
                      desc=desc, fp=fp, nets=nets, xy=xy))


# Footprints are KiCad 6 library names written LIBRARY/NAME ('/' for ':',
# which lepton's bom2 output cannot carry); tools/hardware/gen_pcb.py loads
# them from Debian's kicad-footprints.
R_TH = "Resistor_THT/R_Axial_DIN0207_L6.3mm_D2.5mm_P7.62mm_Horizontal"
RES = lambda v: "Yageo MFR-25FBF52-%s" % v  # noqa: E731  1/4 W 1 % metal film
RES_MPN = lambda v: "MFR-25FBF52-%s" % v   # noqa: E731
C_DISC = "Capacitor_THT/C_Disc_D5.0mm_W2.5mm_P5.00mm"
C100N = ("FG18X7R1H104KNT06", 0.12, "100 nF 50 V X7R ceramic, radial 5 mm")
C0805 = "Capacitor_SMD/C_0805_2012Metric"


def res(ref, value, mpncode, a, b, xy, desc):
    part(ref, "resistor", value, RES_MPN(mpncode), 0.10, desc + " (1/4 W 1 %)", R_TH,
         {"1": a, "2": b}, xy)


def cap100n(ref, a, b, xy, what):
    part(ref, "capacitor", "100nF", C100N[0], C100N[1], "%s - %s" % (what, C100N[2]),
         C_DISC, {"1": a, "2": b}, xy)


# ---- power (section origin 0,0) -------------------------------------------
# rev C: SW1 switches the boost's EN (a few uA) instead of the cell current;
# the cells stay on Q9 -> VIN_BOOST and the TPS61023 disconnects its output
# in shutdown. The divider R53/R54 hangs on EN: it senses the boost input
# only while the console is switched on and draws nothing when it is off.
X0, Y0 = 0, 0
part("BT1", "batt-3xaa", "3xAA", "BH-331P", 1.90,
     "3 x AA cell holder PC mount (TruPower); 3 x alkaline AA 1.5 V", "Battery/BatteryHolder_TruPower_BH-331P_3xAA",
     {"1": "VBAT_RAW", "2": "GND"}, (X0, Y0 + 4200))
part("SW1", "switch-spdt", "POWER", "OS102011MS2QN1", 0.55,
     "power slide switch SPDT - switches the boost EN only (100 mA 12 V DC rating; carries uA)", "Button_Switch_THT/SW_Slide_1P2T_CK_OS102011MS2Q",
     {"2": "VIN_BOOST", "1": "BOOST_EN", "3": "NC_SW1_3"}, (X0 + 3500, Y0 + 4200))
part("Q9", "pmos-sot23", "AO3401A", "AO3401A", 0.12,
     "P-MOSFET -30 V: cell reverse-polarity protection and USB/battery selector",
     "Package_TO_SOT_SMD/SOT-23", {"1": "VEXT_SENSE", "3": "VBAT_RAW", "2": "VIN_BOOST"}, (X0 + 7000, Y0 + 4200))
part("R50", "resistor", "10k", RES_MPN("10K"), 0.10,
     "Q9 gate pull-down (cells selected when no cable); 10 k so diode leakage through D3 cannot lift the gate (1/4 W 1 %)", R_TH,
     {"1": "VEXT_SENSE", "2": "GND"}, (X0 + 7000, Y0 + 3300))
part("J3", "usb-microb", "USB-MICRO-B", "10118194-0001LF", 0.45,
     "USB Micro-B receptacle, power only (Amphenol)", "Connector_USB/USB_Micro-B_Amphenol_10118194_Horizontal",
     {"1": "VUSB", "2": "NC_J3_2", "3": "NC_J3_3", "4": "NC_J3_4", "5": "GND", "6": "GND"},
     (X0, Y0 + 1800))
part("D1", "diode", "1N4001", "1N4001", 0.06, "silicon rectifier 50 V 1 A (IR 5 uA max at 25 C) - USB 5 V OR into the boost input",
     "Diode_THT/D_DO-41_SOD81_P7.62mm_Horizontal", {"2": "VUSB", "1": "VIN_BOOST"}, (X0 + 3500, Y0 + 3000))
part("D2", "diode", "1N4001", "1N4001", 0.06, "silicon rectifier 50 V 1 A (IR 5 uA max at 25 C) - FTDI header 5 V OR into the boost input",
     "Diode_THT/D_DO-41_SOD81_P7.62mm_Horizontal", {"2": "VFTDI", "1": "VIN_BOOST"}, (X0 + 3500, Y0 + 2400))
part("D3", "bat54c-sot23", "BAT54C", "BAT54C", 0.10,
     "dual Schottky common cathode - any cable present turns Q9 off", "Package_TO_SOT_SMD/SOT-23",
     {"1": "VUSB", "2": "VFTDI", "3": "VEXT_SENSE"}, (X0 + 3500, Y0 + 1200))
part("C10", "capacitor", "22uF", "GRM21BR61A226ME44L", 0.20,
     "boost input capacitor 22 uF 10 V X5R 0805", C0805, {"1": "VIN_BOOST", "2": "GND"},
     (X0 + 7000, Y0 + 2600))
part("U4", "tps61023-sot563", "TPS61023", "TPS61023DRLR", 0.75,
     "synchronous boost 0.5-5.5 V in (1.8 V min for start-up), 3.7 A valley switch limit, FB ref 0.595 V +-2.5 %, EN from SW1 (TI)", "Package_TO_SOT_SMD/SOT-563",
     {"3": "VIN_BOOST", "2": "BOOST_EN", "4": "GND", "5": "SW_BOOST", "6": "VCC", "1": "FB_BOOST"},
     (X0 + 10500, Y0 + 3800))
part("L1", "inductor", "1uH", "XAL4020-102MEB", 1.10,
     "boost inductor 1.0 uH, Isat 8.7 A (Coilcraft)", "Inductor_SMD/L_Coilcraft_XxL4020", {"1": "VIN_BOOST", "2": "SW_BOOST"},
     (X0 + 10750, Y0 + 3000))
part("R51", "resistor", "768k", "RC0603FR-07768KL", 0.02,
     "boost feedback top - VOUT = 0.595 V x (1 + 768k/100k) = 5.165 V, 5.0-5.35 V with the +-2.5 % reference (0603 1 %)", "Resistor_SMD/R_0603_1608Metric",
     {"1": "VCC", "2": "FB_BOOST"}, (X0 + 10750, Y0 + 2400))
part("C15", "capacitor", "220pF", "GRM1885C1H221JA01D", 0.02,
     "feed-forward across R51 - zero at 1/(2 pi 768k 220p) = 0.94 kHz (TI guidance for the TPS61023) C0G 0603", "Capacitor_SMD/C_0603_1608Metric",
     {"1": "VCC", "2": "FB_BOOST"}, (X0 + 12600, Y0 + 2400))
part("R52", "resistor", "100k", "RC0603FR-07100KL", 0.02, "boost feedback bottom (0603 1 %)", "Resistor_SMD/R_0603_1608Metric",
     {"1": "FB_BOOST", "2": "GND"}, (X0 + 10750, Y0 + 1800))
part("C11", "capacitor", "22uF", "GRM21BR61A226ME44L", 0.20,
     "boost output capacitor 22 uF 10 V X5R 0805", C0805, {"1": "VCC", "2": "GND"},
     (X0 + 14000, Y0 + 4200))
part("C12", "capacitor", "22uF", "GRM21BR61A226ME44L", 0.20,
     "boost output capacitor 22 uF 10 V X5R 0805", C0805, {"1": "VCC", "2": "GND"},
     (X0 + 14000, Y0 + 3600))
part("C13", "capacitor", "22uF", "GRM21BR61A226ME44L", 0.20,
     "VCC capacitor 22 uF 10 V X5R 0805 at the row switches (row current steps)", C0805,
     {"1": "VCC", "2": "GND"}, (X0 + 14000, Y0 + 3000))
# battery sense: BOOST_EN (= VIN_BOOST while on) -> R53 -> BATT_SENSE (PD7,
# AIN1) -> R54 -> GND; the analog comparator compares AIN1 with the internal
# bandgap (ACBG): V_low = 1.1 V x (180k + 100k) / 100k = 3.08 V = 1.03 V/cell.
res("R53", "180k", "180K", "BOOST_EN", "BATT_SENSE", (X0 + 3500, Y0 + 600),
    "battery sense divider top, from the boost EN (VIN_BOOST while switched on)")
res("R54", "100k", "100K", "BATT_SENSE", "GND", (X0 + 3500, Y0 + 100),
    "battery sense divider bottom - AIN1 = VIN x 100k / 280k")
cap100n("C16", "BATT_SENSE", "GND", (X0 + 7000, Y0 + 600), "battery sense filter at PD7 (64 k x 100 nF = 6.4 ms)")

# ---- MCU (section origin 0,-5600) -------------------------------------------
MX, MY = -1000, -4600
mcu_nets = {"1": "RESET", "2": "RXD", "3": "TXD", "7": "VCC", "8": "GND", "9": "XTAL1",
            "10": "XTAL2", "13": "BATT_SENSE", "14": "BLANK", "15": "BUZZER", "16": "LATCH", "17": "MOSI",
            "18": "MISO", "19": "SCK", "20": "VCC", "21": "AREF", "22": "GND",
            "23": "BTN_UP", "24": "BTN_DOWN", "25": "BTN_LEFT", "26": "BTN_RIGHT",
            "27": "BTN_A", "28": "BTN_B"}
for p in ("4", "5", "6", "11", "12"):
    mcu_nets[p] = "NC_U0_%s" % p
part("U0", "atmega328p-dip28", "ATmega328P", "ATMEGA328P-PU", 2.90,
     "MCU 8-bit AVR 32 KB flash, DIP-28 (Microchip); speed grade 0-20 MHz at 4.5-5.5 V, 16 MHz needs >= 3.78 V (linear 10 MHz at 2.7 V to 20 MHz at 4.5 V)", "Package_DIP/DIP-28_W7.62mm",
     mcu_nets, (MX + 3600, MY))
part("Y1", "crystal", "16MHz", "ABL-16.000MHZ-B2", 0.35, "crystal 16 MHz HC-49/U, 18 pF load (Abracon)",
     "Crystal/Crystal_HC49-U_Vertical", {"1": "XTAL1", "2": "XTAL2"}, (MX, MY + 2400))
part("C3", "capacitor", "27pF", "FG18C0G1H270JNT06", 0.12, "crystal load 27 pF C0G radial - 27/2 + ~5 pF stray = 18.5 pF for the 18 pF crystal",
     C_DISC, {"1": "XTAL1", "2": "GND"}, (MX, MY + 1900))
part("C4", "capacitor", "27pF", "FG18C0G1H270JNT06", 0.12, "crystal load 27 pF C0G radial - 27/2 + ~5 pF stray = 18.5 pF for the 18 pF crystal",
     C_DISC, {"1": "XTAL2", "2": "GND"}, (MX, MY + 1400))
cap100n("C1", "VCC", "GND", (MX, MY + 900), "U0 VCC pin 7 decoupling")
cap100n("C2", "VCC", "GND", (MX, MY + 400), "U0 AVCC pin 20 decoupling")
cap100n("C5", "AREF", "GND", (MX, MY - 100), "U0 AREF pin 21 to GND")
res("R1", "10k", "10K", "VCC", "RESET", (MX + 7400, MY + 2600), "RESET pull-up")
part("D4", "diode", "1N4148", "1N4148", 0.05, "reset clamp - RESET to VCC (DTR pulse overshoot)",
     "Diode_THT/D_DO-35_SOD27_P7.62mm_Horizontal", {"2": "RESET", "1": "VCC"}, (MX + 7400, MY + 2100))
cap100n("C6", "DTR", "RESET", (MX + 7400, MY + 1600), "auto-reset coupling from FTDI DTR")
res("R2", "10k", "10K", "VCC", "BLANK", (MX + 7400, MY + 1100), "BLANK pull-up - display dark until firmware drives PB0 low")
res("R3", "330", "330R", "BUZZER", "PIEZO_P", (MX + 7400, MY + 600),
    "piezo series resistor - limits the charging current peak to 16 mA")
part("BZ1", "piezo", "PS1240P02BT", "PS1240P02BT", 0.60,
     "passive piezo sounder 12.2 mm, 4 kHz resonance, no driver inside (TDK)", "Buzzer_Beeper/Buzzer_TDK_PS1240P02BT_D12.2mm_H6.5mm",
     {"1": "PIEZO_P", "2": "GND"}, (MX + 7400, MY + 100))
res("R4", "1k", "1K", "FTDI_TXD", "RXD", (MX + 7400, MY - 400), "FTDI TXD to MCU RXD series")
res("R5", "1k", "1K", "TXD", "FTDI_RXD", (MX + 7400, MY - 900), "MCU TXD to FTDI RXD series")
part("J2", "ftdi-1x6", "FTDI", "TSW-106-07-G-S", 0.60,
     "1x6 2.54 mm male header, FTDI order GND CTS VCC TXD RXD DTR, silk GND-BLK and DTR-GRN at the ends (Samtec)", "Connector_PinHeader_2.54mm/PinHeader_1x06_P2.54mm_Vertical",
     {"1": "GND", "2": "GND", "3": "VFTDI", "4": "FTDI_TXD", "5": "FTDI_RXD", "6": "DTR"},
     (MX + 9800, MY + 1800))
part("J4", "isp-2x3", "ISP", "61200621621", 0.45,
     "2x3 2.54 mm shrouded (box) header, AVR ISP, keyed (Wurth WR-BHD)", "Connector_IDC/IDC-Header_2x03_P2.54mm_Vertical",
     {"1": "MISO", "2": "ISP_VCC", "3": "SCK", "4": "MOSI", "5": "RESET", "6": "GND"},
     (MX + 9800, MY + 400))
res("R7", "100", "100R", "VCC", "ISP_VCC", (MX + 9800, MY - 400),
    "ISP VCC sense series - a programmer that powers its target cannot back-feed the boost or be fed by it")
for i, (name, btn) in enumerate((("SW2", "UP"), ("SW3", "DOWN"), ("SW4", "LEFT"),
                                 ("SW5", "RIGHT"), ("SW6", "A"), ("SW7", "B"))):
    part(name, "tact-2pin", btn, "B3F-1000", 0.25,
         "tactile switch 6x6 mm button %s (Omron); pads 1 (button) and 2 (GND) as KiCad's SW_PUSH_6mm" % btn,
         "Button_Switch_THT/SW_PUSH_6mm",
         {"1": "BTN_" + btn, "2": "GND"},
         (MX + 13400 + (i % 2) * 3900, MY + 2200 - (i // 2) * 1000))

# ---- display (section origin 0,-17200) --------------------------------------
# Shift chain: MOSI -> U2 SER IN (red), U2 SER OUT -> U3 SER IN (green),
# U3 SER OUT -> U1 SER (rows); U1 QH' is not connected. The firmware shifts
# ROW, GREEN, RED (BOARD_SHIFT_ROW_FIRST 1).
DX, DY = 0, -17200
u1 = {"14": "CHAIN_2", "11": "SCK", "12": "LATCH", "10": "VCC", "13": "BLANK", "16": "VCC",
      "8": "GND", "9": "NC_U1_9"}
for i, p in enumerate(["15", "1", "2", "3", "4", "5", "6", "7"]):
    u1[p] = "ROW_SEL%d" % i
part("U1", "74hc595-dip16", "74HC595", "SN74HC595N", 0.60,
     "row select shift register, 0 = row on, last in the chain (TI)", "Package_DIP/DIP-16_W7.62mm", u1, (DX, DY + 5000))
cap100n("C20", "VCC", "GND", (DX, DY + 4300), "U1 VCC pin 16 decoupling")
res("R6", "10k", "10K", "LATCH", "GND", (DX, DY + 3800),
    "LATCH pull-down - RCLK held low while PB2 floats (reset, ISP)")


def tpic(ref, ser_in, ser_out, colour, xy, cref):
    nets = {"3": ser_in, "13": "SCK", "12": "LATCH", "8": "VCC", "9": "BLANK", "2": "VCC",
            "10": "GND", "11": "GND", "19": "GND", "1": "NC_%s_1" % ref, "20": "NC_%s_20" % ref,
            "18": ser_out}
    for i, p in enumerate(["4", "5", "6", "7", "14", "15", "16", "17"]):
        nets[p] = "%s_DRAIN%d" % (colour, i)
    part(ref, "tpic6b595-dip20", "TPIC6B595", "TPIC6B595N", 1.70,
         "%s column sink, power shift register 150 mA/ch, 1 = LED on (TI)" % colour.lower(),
         "Package_DIP/DIP-20_W7.62mm", nets, xy)
    cap100n(cref, "VCC", "GND", (xy[0], xy[1] - 700), "%s VCC pin 2 decoupling" % ref)


tpic("U2", "MOSI", "CHAIN_1", "RED", (DX, DY + 600), "C21")
tpic("U3", "CHAIN_1", "CHAIN_2", "GRN", (DX, DY - 3400), "C22")
for i in range(8):
    y = DY + 10100 - i * 900
    res("R1%d" % i, "220", "220R", "ROW_SEL%d" % i, "GATE%d" % i, (DX + 4400, y), "row %d gate series" % i)
    res("R2%d" % i, "10k", "10K", "VCC", "GATE%d" % i, (DX + 6800, y), "row %d gate pull-up (row off)" % i)
    part("Q%d" % i, "pmos-sot23", "AO3401A", "AO3401A", 0.12,
         "row %d high-side P-MOSFET -30 V 4 A (Alpha & Omega)" % i, "Package_TO_SOT_SMD/SOT-23",
         {"1": "GATE%d" % i, "2": "VCC", "3": "ROW%d" % i}, (DX + 9000, y))
    res("R3%d" % i, "150", "150R", "RED_DRAIN%d" % i, "RED_K%d" % i, (DX + 4600, DY + 3200 - i * 500),
        "red column %d current" % i)
    res("R4%d" % i, "130", "130R", "GRN_DRAIN%d" % i, "GRN_K%d" % i, (DX + 4600, DY - 1200 - i * 500),
        "green column %d current" % i)
# The display: 64 discrete bicolor LEDs LED<row><col>, anodes on ROW<row>,
# red cathodes on RED_K<col>, green cathodes on GRN_K<col>.
for r in range(8):
    for c in range(8):
        part("LED%d%d" % (r, c), "led-bicolor-ca", "WP59EGW/CA", "WP59EGW/CA", 0.45,
             "5 mm bicolor LED red/green, 3 leads, common anode (Kingbright); lead order to check",
             "LED_THT/LED_D5.0mm-3",
             {"2": "ROW%d" % r, "1": "RED_K%d" % c, "3": "GRN_K%d" % c},
             (DX + 12000 + c * 2200, DY + 9000 - r * 1000))


# ----------------------------------------------------------------- writing --
def text(x, y, s, size=10, color=9, align=0, vis=1, show=0):
    return "T %d %d %d %d %d %d 0 %d 1\n%s\n" % (x, y, color, size, vis, show, align, s)


def emit():
    os.makedirs(os.path.join(OUT, "sym"), exist_ok=True)
    for name, s in SYMS.items():
        with open(os.path.join(OUT, "sym", name + ".sym"), "w", encoding="utf-8") as f:
            f.write(s["text"])
    with open(os.path.join(OUT, "gafrc"), "w", encoding="utf-8") as f:
        f.write(';; lepton-eda: local symbols of the jarmo-handheld board\n'
                '(component-library "./sym")\n')
    o = [FILE_VERSION + "\n"]
    titles = [(0, 5400, "POWER: 3xAA -> Q9 (reverse polarity + source select) -> TPS61023 boost ≈5.17 V, EN on SW1; USB/FTDI 5 V ORed by D1/D2 into the boost input; R53/R54 battery sense to PD7/AIN1"),
              (0, -1000, "MCU: ATmega328P 16 MHz, reset/auto-reset, FTDI + ISP headers, buttons to GND (internal pull-ups), piezo on OC1A"),
              (0, -5900, "DISPLAY: U2/U3 TPIC6B595 red/green column sinks (1 = on); U1 74HC595 rows (0 = on) -> AO3401A high-side; BLANK = /OE, /G"),
              (0, -6250, "chain MOSI -> U2 SER IN, U2 SER OUT -> U3 SER IN, U3 SER OUT -> U1 SER (U1 QH' open); bytes shifted ROW, GREEN, RED"),
              (0, 6000, "jarmo-handheld rev C   (generated by tools/hardware/gen_schematic.py; nets joined by netname labels)")]
    for x, y, s in titles:
        o.append(text(x, y, s, size=14 if "rev C" in s else 12))
    for p in PARTS:
        sym = SYMS[p["sym"]]
        x, y = p["xy"]
        o.append("C %d %d 1 0 0 %s.sym\n{\n" % (x, y, p["sym"]))
        w, h = sym["size"]
        if p["sym"] in TWO_PIN:
            o.append(text(x + 150, y + 150, "refdes=" + p["ref"], color=8, show=1))
            o.append(text(x + 470, y + 150, "value=" + p["value"], color=5, size=8, show=1))
        else:
            # value beside the refdes, above the box: boxes stacked closely
            # (the row switches) keep their labels apart
            o.append(text(x + 300, y + h + 80, "refdes=" + p["ref"], color=8, show=1))
            o.append(text(x + 450 + 110 * len(p["ref"]), y + h + 80, "value=" + p["value"],
                          color=5, size=8, show=1))
        for k in ("footprint", "description", "mpn", "cost"):
            v = {"footprint": p["fp"], "description": p["desc"], "mpn": p["mpn"],
                 "cost": "%.2f" % p["cost"]}[k]
            o.append(text(x, y, "%s=%s" % (k, v), color=5, size=8, vis=0))
        o.append("}\n")
        pins = sym["pins"]
        missing = set(pins) - set(p["nets"])
        extra = set(p["nets"]) - set(pins)
        if missing or extra:
            raise SystemExit("%s: pins without net %s, unknown pins %s" % (p["ref"], sorted(missing), sorted(extra)))
        for num, (px, py, side, _label) in pins.items():
            ax, ay = x + px, y + py
            bx = ax - STUB if side == "L" else ax + STUB
            net = p["nets"][num]
            o.append("N %d %d %d %d 4\n{\n" % (ax, ay, bx, ay))
            shown = "NC" if net.startswith("NC_") else net
            if side == "L":
                o.append("T %d %d 5 8 1 1 0 7 1\nnetname=%s\n" % (bx - 30, ay, net) if shown == net else
                         "T %d %d 5 8 1 1 0 7 1\nnetname=%s\n" % (bx - 30, ay, net))
            else:
                o.append("T %d %d 5 8 1 1 0 1 1\nnetname=%s\n" % (bx + 30, ay, net))
            o.append("}\n")
    with open(os.path.join(OUT, "jarmo-handheld.sch"), "w", encoding="utf-8") as f:
        f.write("".join(o))


if __name__ == "__main__":
    emit()
    print("wrote %s (%d parts, %d symbols)" % (os.path.join(OUT, "jarmo-handheld.sch"), len(PARTS), len(SYMS)))
