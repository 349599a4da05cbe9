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
import re
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


# ------------------------------------------------------- rev D symbols --
# ATmega328P-AU, TQFP-32 (Microchip DS40002061, "32-pin TQFP" pinout).
MCU_LEFT = [("29", "PC6/RESET"), ("30", "PD0"), ("31", "PD1"), ("32", "PD2"), ("1", "PD3"),
            ("2", "PD4"), ("9", "PD5"), ("10", "PD6"), ("11", "PD7"), ("7", "PB6/XTAL1"),
            ("8", "PB7/XTAL2"), ("4", "VCC"), ("6", "VCC"), ("18", "AVCC"), ("20", "AREF"),
            ("3", "GND"), ("5", "GND"), ("21", "GND")]
MCU_RIGHT = [("12", "PB0"), ("13", "PB1"), ("14", "PB2"), ("15", "PB3"), ("16", "PB4"),
             ("17", "PB5"), None, ("23", "PC0"), ("24", "PC1"), ("25", "PC2"), ("26", "PC3"),
             ("27", "PC4"), ("28", "PC5"), None, ("19", "ADC6"), ("22", "ADC7")]
box("atmega328p-tqfp32", MCU_LEFT, MCU_RIGHT, width=1700, device="ATMEGA328P-AU")
# 74HC595, SOIC-16 (Nexperia 74HC595 pin names; same numbers as the DIP).
box("74hc595",
    [("14", "SER"), ("11", "SRCLK"), ("12", "RCLK"), ("10", "/SRCLR"), ("13", "/OE"), None,
     ("16", "VCC"), ("8", "GND")],
    [("15", "QA"), ("1", "QB"), ("2", "QC"), ("3", "QD"), ("4", "QE"), ("5", "QF"),
     ("6", "QG"), ("7", "QH"), ("9", "QH'")], width=1300, device="74HC595")
# Toshiba TBD62083AFWG, P-SOP18: inputs 1-8, GND 9, clamp common 10, outputs
# 11-18 reversed (OUTn on pin 19 - n), as the ULN2803 it replaces.
box("tbd62083",
    [("%d" % i, "IN%d" % i) for i in range(1, 9)] + [None, ("9", "GND")],
    [("%d" % (19 - i), "OUT%d" % i) for i in range(1, 9)] + [None, ("10", "COM")],
    width=1300, device="TBD62083A")
# WCH CH340C, SOP-16 (WCH CH340DS1; no crystal: pins 7 and 8 unused).
box("ch340c",
    [("5", "UD+"), ("6", "UD-"), None, ("16", "VCC"), ("4", "V3"), ("1", "GND"), ("15", "R232"),
     ("7", "NC7"), ("8", "NC8")],
    [("2", "TXD"), ("3", "RXD"), ("13", "DTR#"), ("14", "RTS#"), ("9", "CTS#"), ("10", "DSR#"),
     ("11", "RI#"), ("12", "DCD#")], width=1200, device="CH340C")
# USB-C receptacle, 16 pins (HRO TYPE-C-31-M-12; KiCad pad names).
box("usb-c-16p", [("A4", "VBUS"), ("A9", "VBUS"), ("B4", "VBUS"), ("B9", "VBUS"), None,
                  ("A1", "GND"), ("A12", "GND"), ("B1", "GND"), ("B12", "GND"), ("S1", "SHIELD")],
    [("A6", "D+"), ("B6", "D+"), ("A7", "D-"), ("B7", "D-"), ("A5", "CC1"), ("B5", "CC2"),
     ("A8", "SBU1"), ("B8", "SBU2")], width=900, device="USB-C-RECEPTACLE", refprefix="J")
# TPS61023 (SOT-563 DRL): 1 FB, 2 EN, 3 VIN, 4 GND, 5 SW, 6 VOUT.
box("tps61023-sot563", [("3", "VIN"), ("2", "EN"), ("4", "GND")],
    [("5", "SW"), ("6", "VOUT"), ("1", "FB")], width=1000, device="TPS61023")
# AO3401A P-MOSFET SOT-23: 1 G, 2 S, 3 D (AOS datasheet).
box("pmos-sot23", [("1", "G")], [("2", "S"), ("3", "D")], width=600, device="PMOS", refprefix="Q")
box("batt-3xaa", [], [("1", "+"), ("2", "-")], width=600, device="BATTERY-3xAA", refprefix="BT")
box("switch-spdt", [("2", "COM")], [("1", "A"), ("3", "B")], width=700, device="SPDT", refprefix="SW")
# B3S-1000: KiCad's SW_SPST_B3S-1000 numbers its four pads 1, 1, 2, 2 (the
# pads numbered alike are joined inside the switch).
box("tact-2pin", [("1", "1")], [("2", "2")], width=600, device="TACT2", refprefix="SW")
# ISP: six pads for a 2x3 header pressed in (or soldered) for the one burn.
box("isp-2x3", [("1", "MISO"), ("3", "SCK"), ("5", "RESET")],
    [("2", "VCC"), ("4", "MOSI"), ("6", "GND")], width=1000, device="AVR-ISP-6", refprefix="J")
two_pin("resistor", ("1", "1"), ("2", "2"), "R", "R")
two_pin("capacitor", ("1", "1"), ("2", "2"), "C", "C")
two_pin("diode", ("2", "A"), ("1", "K"), "D", "D")
two_pin("led", ("2", "A"), ("1", "K"), "D", "D")
two_pin("inductor", ("1", "1"), ("2", "2"), "L", "L")
two_pin("fuse", ("1", "1"), ("2", "2"), "R", "F")
two_pin("piezo", ("1", "+"), ("2", "-"), "BZ", "BZ")
# the crystal's four pads: 1 and 3 the crystal, 2 and 4 its lid (to GND)
box("crystal-4pad", [("1", "X1"), ("2", "LID")], [("3", "X2"), ("4", "LID")], width=500,
    device="CRYSTAL-4PAD", refprefix="Y")

TWO_PIN = {"resistor", "capacitor", "diode", "led", "inductor", "fuse", "piezo"}

# ------------------------------------------------------------------ parts --
PARTS = []


def part(ref, sym, value, mpn, cost, desc, fp, nets, xy, lcsc="", asm="fab"):
    """asm: 'fab' (placed by the assembly fab; needs an LCSC number),
    'hand' (fitted by the maker), 'none' (pads only: nothing is fitted)."""
    # bom2 separates fields with ':' so no attribute value may contain one
    desc = desc.replace(": ", " - ")
    for v in (ref, value, mpn, desc, fp, lcsc):
        if ":" in v:
            raise SystemExit("%s: ':' in attribute value %r" % (ref, v))
    if asm == "fab" and not re.match(r"C\d+$", lcsc):
        raise SystemExit("%s: a fab-placed part needs an LCSC number" % ref)
    PARTS.append(dict(ref=ref, sym=sym, value=value, mpn=mpn, cost=cost, desc=desc, fp=fp,
                      nets=nets, xy=xy, lcsc=lcsc or "-", asm=asm))


# Footprints are KiCad 6 library names written LIBRARY/NAME ('/' for ':',
# which lepton's bom2 output cannot carry); tools/hardware/gen_pcb.py loads
# them from Debian's kicad-footprints. LCSC numbers and their public
# sources: hardware/jarmo-handheld/rev-d-parts.md.
R0603 = "Resistor_SMD/R_0603_1608Metric"
C0603 = "Capacitor_SMD/C_0603_1608Metric"
C0805 = "Capacitor_SMD/C_0805_2012Metric"
RES = {  # value -> (MPN, LCSC): UNI-ROYAL 0603 1 %, 0.1 W
    "47": ("0603WAF470JT5E", "C23182"), "100": ("0603WAF1000T5E", "C22775"),
    "150": ("0603WAF1500T5E", "C22808"), "220": ("0603WAF2200T5E", "C22962"),
    "1k": ("0603WAF1001T5E", "C21190"), "5.1k": ("0603WAF5101T5E", "C23186"),
    "10k": ("0603WAF1002T5E", "C25804"), "100k": ("0603WAF1003T5E", "C25803"),
    "180k": ("0603WAF1803T5E", "C22827"), "750k": ("0603WAF7503T5E", "C23240"),
}
CAP = {  # value -> (MPN, LCSC, footprint, text)
    "100nF": ("CC0603KRX7R9BB104", "C14663", C0603, "100 nF 50 V X7R 0603"),
    "1uF": ("CL10A105KB8NNNC", "C15849", C0603, "1 uF 50 V X5R 0603"),
    "10uF": ("CL10A106KP8NNNC", "C19702", C0603, "10 uF 10 V X5R 0603"),
    "22uF": ("CL21A226MAQNNNE", "C45783", C0805, "22 uF 25 V X5R 0805"),
    "12pF": ("CL10C120JB8NNNC", "C38523", C0603, "12 pF 50 V C0G 0603"),
    "220pF": ("CL10B221KB8NNNC", "C1603", C0603, "220 pF 50 V X7R 0603"),
}


def res(ref, value, a, b, xy, desc):
    mpn, lcsc = RES[value]
    part(ref, "resistor", value, mpn, 0.005, desc + " (0603 1 %)", R0603, {"1": a, "2": b}, xy, lcsc)


def cap(ref, value, a, b, xy, desc):
    mpn, lcsc, fp, text_ = CAP[value]
    part(ref, "capacitor", value, mpn, 0.01, "%s - %s" % (desc, text_), fp, {"1": a, "2": b}, xy, lcsc)


# ---- power (section origin 0,0) -------------------------------------------
# rev D: USB-C (VBUS through F1 and D1) or the cells (through Q9) feed the
# boost's input; neither can feed the other (hardware/README.md "Power").
# SW1 switches the boost's EN (microamps) as on rev C; the battery divider
# R53/R54 hangs on EN, so it draws nothing when the console is off.
X0, Y0 = 0, 0
part("J1", "usb-c-16p", "USB-C", "TYPE-C-31-M-12", 0.18,
     "USB-C receptacle 16 pins USB 2.0 (Korean Hroparts) - data to the CH340C, power into the boost",
     "Connector_USB/USB_C_Receptacle_HRO_TYPE-C-31-M-12",
     {"A4": "VBUS", "A9": "VBUS", "B4": "VBUS", "B9": "VBUS", "A1": "GND", "A12": "GND",
      "B1": "GND", "B12": "GND", "S1": "GND", "A6": "USB_DP", "B6": "USB_DP", "A7": "USB_DM",
      "B7": "USB_DM", "A5": "CC1", "B5": "CC2", "A8": "NC_J1_A8", "B8": "NC_J1_B8"},
     (X0, Y0 + 3000), "C165948")
res("R60", "5.1k", "CC1", "GND", (X0 + 2600, Y0 + 4200), "USB-C CC1 pull-down - a sink asking for default USB power")
res("R61", "5.1k", "CC2", "GND", (X0 + 2600, Y0 + 3700), "USB-C CC2 pull-down (one resistor per CC pin, never shared)")
part("F1", "fuse", "0.5A", "SMD1206P050TF", 0.08,
     "resettable fuse 0.5 A hold 1206 (RUILON) - a short on the board cannot pull more than the port gives",
     "Fuse/Fuse_1206_3216Metric", {"1": "VBUS", "2": "VBUS_F"}, (X0 + 2600, Y0 + 3200), "C20799")
cap("C30", "1uF", "VBUS_F", "GND", (X0 + 2600, Y0 + 2700),
    "VBUS decoupling - with C10 about 7 uF at 5 V bias, under USB's 10 uF at plug-in")
part("D1", "diode", "B5819W", "B5819W SL", 0.026,
     "Schottky 40 V 1 A SOD-123 (CJ) - USB into the boost input; blocks the cells from VBUS",
     "Diode_SMD/D_SOD-123", {"2": "VBUS_F", "1": "VIN_BOOST"}, (X0 + 5200, Y0 + 3200), "C8598")
part("D5", "diode", "B5819W", "B5819W SL", 0.026,
     "Schottky 40 V 1 A SOD-123 (CJ) - USB into the CH340C's VCC; the MCU's TXD cannot lift VBUS through it",
     "Diode_SMD/D_SOD-123", {"2": "VBUS_F", "1": "VBUS_CH"}, (X0 + 5200, Y0 + 2600), "C8598")
part("BT1", "batt-3xaa", "3xAA", "BH-331P", 1.90,
     "3 x AA cell holder PC mount (TruPower), on the back - fitted by hand; 3 x alkaline AA 1.5 V",
     "Battery/BatteryHolder_TruPower_BH-331P_3xAA", {"1": "VBAT_RAW", "2": "GND"},
     (X0, Y0 + 600), asm="hand")
part("Q9", "pmos-sot23", "AO3401A", "AO3401A", 0.06,
     "P-MOSFET -30 V (AOS) - reverse-polarity guard for the cells; VBUS on its gate turns it off",
     "Package_TO_SOT_SMD/SOT-23", {"1": "VBUS_F", "3": "VBAT_RAW", "2": "VIN_BOOST"},
     (X0 + 2600, Y0 + 1200), "C15127")
res("R50", "10k", "VBUS_F", "GND", (X0 + 2600, Y0 + 500),
    "Q9 gate pull-down - the cells are selected when no cable is in; 10 k so the Schottkys' reverse leakage cannot lift the gate")
part("SW1", "switch-spdt", "POWER", "MSK-12C02", 0.041,
     "slide switch SPDT side-actuated (SHOU HAN) - switches the boost EN only (microamps)",
     "Button_Switch_SMD/SW_SPDT_PCM12", {"2": "VIN_BOOST", "1": "BOOST_EN", "3": "NC_SW1_3"},
     (X0 + 5200, Y0 + 1200), "C431540")
part("C10", "capacitor", "10uF", "CL21A106KAYNNNE", 0.01,
     "boost input capacitor 10 uF 25 V X5R 0805 (Samsung) - 10 uF, not 22: it is on VBUS (through D1) at plug-in",
     C0805, {"1": "VIN_BOOST", "2": "GND"}, (X0 + 7800, Y0 + 4200), "C15850")
part("U4", "tps61023-sot563", "TPS61023", "TPS61023DRLR", 0.50,
     "synchronous boost 0.5-5.5 V in (1.8 V to start), 3.7 A valley limit, FB 0.595 V +-2.5 % (TI)",
     "Package_TO_SOT_SMD/SOT-563",
     {"3": "VIN_BOOST", "2": "BOOST_EN", "4": "GND", "5": "SW_BOOST", "6": "VCC", "1": "FB_BOOST"},
     (X0 + 10400, Y0 + 3600), "C919459")
part("L1", "inductor", "1uH", "SWPA4030S1R0NT", 0.10,
     "boost inductor 1.0 uH, Isat 5.7 A, 4 x 4 x 3 mm (Sunlord)", "Inductor_SMD/L_Sunlord_SWPA40xxS",
     {"1": "VIN_BOOST", "2": "SW_BOOST"}, (X0 + 10400, Y0 + 2800), "C42193")
res("R51", "750k", "VCC", "FB_BOOST", (X0 + 10400, Y0 + 2200),
    "boost feedback top - VOUT = 0.595 V x (1 + 750k/100k) = 5.06 V (4.93-5.18 V over the reference's +-2.5 %)")
cap("C15", "220pF", "VCC", "FB_BOOST", (X0 + 12600, Y0 + 2200), "feed-forward across R51 (zero at 1/(2 pi 750k 220p) = 0.96 kHz)")
res("R52", "100k", "FB_BOOST", "GND", (X0 + 10400, Y0 + 1600), "boost feedback bottom")
cap("C11", "22uF", "VCC", "GND", (X0 + 14000, Y0 + 4200), "boost output capacitor")
cap("C12", "22uF", "VCC", "GND", (X0 + 14000, Y0 + 3600), "boost output capacitor")
cap("C13", "22uF", "VCC", "GND", (X0 + 14000, Y0 + 3000), "VCC capacitor at the row switches (row current steps)")
# battery sense: BOOST_EN (= VIN_BOOST while on) -> R53 -> BATT_SENSE (PD7,
# AIN1) -> R54 -> GND: V_low = 1.1 V x (180k + 100k) / 100k = 3.08 V.
part("D6", "diode", "1N4148WS", "1N4148WS", 0.01,
     "USB enables the boost (SOD-323, CJ) - a cable in turns the console on, so it flashes with SW1 off; blocks SW1's EN from VBUS",
     "Diode_SMD/D_SOD-323", {"2": "VBUS_F", "1": "BOOST_EN"}, (X0 + 5200, Y0 + 1800), "C2128")
res("R53", "180k", "BOOST_EN", "BATT_SENSE", (X0 + 7800, Y0 + 600),
    "battery sense divider top, from the boost EN (VIN_BOOST while switched on)")
res("R54", "100k", "BATT_SENSE", "GND", (X0 + 7800, Y0 + 100),
    "battery sense divider bottom - AIN1 = VIN x 100k / 280k")
cap("C16", "100nF", "BATT_SENSE", "GND", (X0 + 10400, Y0 + 600), "battery sense filter at PD7 (64 k x 100 nF = 6.4 ms)")

# ---- USB-serial bridge (section origin 0,-2400) -----------------------------
UX, UY = 0, -2400
part("U5", "ch340c", "CH340C", "CH340C", 0.59,
     "USB to serial bridge, internal clock (WCH) - powered from VBUS only, through D5",
     "Package_SO/SOIC-16_3.9x9.9mm_P1.27mm",
     {"5": "USB_DP", "6": "USB_DM", "16": "VBUS_CH", "4": "CH_V3", "1": "GND", "2": "CH_TXD",
      "3": "CH_RXD", "13": "DTR", "14": "NC_U5_14", "9": "NC_U5_9", "10": "NC_U5_10",
      "11": "NC_U5_11", "12": "NC_U5_12", "15": "NC_U5_15", "7": "NC_U5_7", "8": "NC_U5_8"},
     (UX + 800, UY), "C84681")
cap("C31", "100nF", "VBUS_CH", "GND", (UX + 5000, UY + 1600), "U5 VCC pin 16 decoupling")
cap("C32", "100nF", "CH_V3", "GND", (UX + 5000, UY + 1100), "U5 V3 pin 4 (5 V operation - a capacitor only, never tied to VCC)")
res("R4", "10k", "CH_TXD", "RXD", (UX + 5000, UY + 600),
    "U5 TXD to MCU RXD series - 10 k: a powered bridge and an unpowered MCU meet through PD0's clamp at under 0.5 mA")
res("R8", "100k", "VCC", "RXD", (UX + 7400, UY + 600),
    "MCU RXD pull-up - idle high while the bridge is unpowered (cells only); 100 k against R4's 10 k keeps a low at 0.46 V")
res("R5", "10k", "TXD", "CH_RXD", (UX + 5000, UY + 100),
    "MCU TXD to U5 RXD series - 10 k: on the cells alone the idle-high TXD feeds U5's clamp at most 0.46 mA")
cap("C6", "100nF", "DTR", "RESET", (UX + 5000, UY - 400), "auto-reset - DTR# low pulls RESET low for about 1 ms")

# ---- MCU (section origin 0,-7600) -------------------------------------------
MX, MY = -1000, -7600
mcu_nets = {"29": "RESET", "30": "RXD", "31": "TXD", "4": "VCC", "6": "VCC", "3": "GND",
            "5": "GND", "21": "GND", "7": "XTAL1", "8": "XTAL2", "11": "BATT_SENSE",
            "12": "BLANK", "13": "BUZZER", "14": "LATCH", "15": "MOSI", "16": "MISO", "17": "SCK",
            "18": "VCC", "20": "AREF", "23": "BTN_UP", "24": "BTN_DOWN", "25": "BTN_LEFT",
            "26": "BTN_RIGHT", "27": "BTN_A", "28": "BTN_B"}
for p in ("32", "1", "2", "9", "10", "19", "22"):
    mcu_nets[p] = "NC_U0_%s" % p
part("U0", "atmega328p-tqfp32", "ATmega328P", "ATMEGA328P-AU", 2.20,
     "MCU 8-bit AVR 32 KB flash TQFP-32 (Microchip) - 16 MHz at 5 V within its speed grade", "Package_QFP/TQFP-32_7x7mm_P0.8mm",
     mcu_nets, (MX + 3600, MY), "C14877")
part("Y1", "crystal-4pad", "16MHz", "X322516MLB4SI", 0.10,
     "crystal 16 MHz 3225, 9 pF load (YXC) - 12/2 + about 3 pF stray = 9 pF", "Crystal/Crystal_SMD_3225-4Pin_3.2x2.5mm",
     {"1": "XTAL1", "3": "XTAL2", "2": "GND", "4": "GND"}, (MX, MY + 3400), "C13738")
cap("C3", "12pF", "XTAL1", "GND", (MX, MY + 2700), "crystal load")
cap("C4", "12pF", "XTAL2", "GND", (MX, MY + 2200), "crystal load")
cap("C1", "100nF", "VCC", "GND", (MX, MY + 1700), "U0 VCC pin 4 decoupling")
cap("C7", "100nF", "VCC", "GND", (MX, MY + 1200), "U0 VCC pin 6 decoupling")
cap("C2", "100nF", "VCC", "GND", (MX, MY + 700), "U0 AVCC pin 18 decoupling")
cap("C5", "100nF", "AREF", "GND", (MX, MY + 200), "U0 AREF pin 20 to GND")
res("R1", "10k", "VCC", "RESET", (MX + 7400, MY + 3600), "RESET pull-up")
part("D4", "diode", "1N4148WS", "1N4148WS", 0.01, "reset clamp 75 V SOD-323 (CJ) - RESET to VCC (DTR pulse overshoot)",
     "Diode_SMD/D_SOD-323", {"2": "RESET", "1": "VCC"}, (MX + 7400, MY + 3100), "C2128")
res("R2", "10k", "VCC", "BLANK", (MX + 7400, MY + 2600), "BLANK pull-up - display dark until firmware drives PB0 low")
res("R3", "1k", "BUZZER", "PIEZO_P", (MX + 7400, MY + 2100),
    "piezo series resistor - 5 mA charging peak; 1k x 11 nF = 11 us against a 125 us half period at 4 kHz")
part("BZ1", "piezo", "PKLCS1212E", "PKLCS1212E4001-R1", 1.00,
     "piezo sounder SMD 12 x 12 mm, 4 kHz, no driver inside (Murata)", "Buzzer_Beeper/Buzzer_Murata_PKLCS1212E",
     {"1": "PIEZO_P", "2": "GND"}, (MX + 7400, MY + 1600), "C94511")
part("J4", "isp-2x3", "ISP", "DNP 2x3 2.54 mm", 0.0,
     "AVR ISP pads 2 x 3 at 2.54 mm - nothing fitted; press in a 2x3 header once for the bootloader burn",
     "Connector_PinHeader_2.54mm/PinHeader_2x03_P2.54mm_Vertical",
     {"1": "MISO", "2": "ISP_VCC", "3": "SCK", "4": "MOSI", "5": "RESET", "6": "GND"},
     (MX + 9800, MY + 1400), asm="none")
res("R7", "100", "VCC", "ISP_VCC", (MX + 9800, MY + 600),
    "ISP VCC sense series - a programmer that powers its target cannot back-feed the boost or be fed by it")
for i, (name, btn) in enumerate((("SW2", "UP"), ("SW3", "DOWN"), ("SW4", "LEFT"),
                                 ("SW5", "RIGHT"), ("SW6", "A"), ("SW7", "B"))):
    part(name, "tact-2pin", btn, "B3S-1000", 0.30,
         "tactile switch 6 x 6 x 4.3 mm SMD button %s (Omron); pads 1 (button) and 2 (GND) as KiCad's SW_SPST_B3S-1000" % btn,
         "Button_Switch_SMD/SW_SPST_B3S-1000", {"1": "BTN_" + btn, "2": "GND"},
         (MX + 13400 + (i % 2) * 3900, MY + 3200 - (i // 2) * 1000), "C2733655")

# ---- display (section origin 0,-20000) --------------------------------------
# Shift chain: MOSI -> U2 SER (red), U2 QH' -> U3 SER (green), U3 QH' -> U1
# SER (rows); U1 QH' is not connected. The firmware shifts ROW, GREEN, RED
# (BOARD_SHIFT_ROW_FIRST 1). Each colour's 74HC595 drives a TBD62083A sink
# array: a 1 turns the sink on and lights the LED, as rev C's TPIC6B595s did.
DX, DY = 0, -20000


def reg(ref, ser, qh, outs, xy, cref, desc):
    nets = {"14": ser, "11": "SCK", "12": "LATCH", "10": "VCC", "13": "BLANK", "16": "VCC",
            "8": "GND", "9": qh}
    for i, p in enumerate(["15", "1", "2", "3", "4", "5", "6", "7"]):
        nets[p] = outs[i]
    part(ref, "74hc595", "74HC595", "74HC595D,118", 0.254, desc + " (Nexperia)",
         "Package_SO/SOIC-16_3.9x9.9mm_P1.27mm", nets, xy, "C5947")
    cap(cref, "100nF", "VCC", "GND", (xy[0], xy[1] - 700), "%s VCC pin 16 decoupling" % ref)


reg("U1", "CHAIN_2", "NC_U1_9", ["ROW_SEL%d" % i for i in range(8)], (DX, DY + 7400), "C20",
    "row select shift register, 0 = row on, last in the chain")
res("R6", "10k", "LATCH", "GND", (DX, DY + 6200), "LATCH pull-down - RCLK held low while PB2 floats (reset, ISP)")
for ref, ser, qh, colour, sink, xy, cref in (("U2", "MOSI", "CHAIN_1", "RED", "U6", (DX, DY + 3000), "C21"),
                                             ("U3", "CHAIN_1", "CHAIN_2", "GRN", "U7", (DX, DY - 1400), "C22")):
    reg(ref, ser, qh, ["%s_IN%d" % (colour, i) for i in range(8)], xy, cref,
        "%s column register, 1 = LED on" % colour.lower())
    # column i on channel 8 - i: the register's QH..QB then sit straight
    # under the sinks' IN1..IN7 on the board (no crossing), and the order
    # turns round in the outputs' fan to the resistors, where the two
    # layers cross freely (tools/hardware/gen_pcb.py)
    nets = {"9": "GND", "10": "VCC"}
    for i in range(8):
        k = 8 - i
        nets["%d" % k] = "%s_IN%d" % (colour, i)
        nets["%d" % (19 - k)] = "%s_DRAIN%d" % (colour, i)
    part(sink, "tbd62083", "TBD62083A", "TBD62083AFWG", 0.60,
         "%s column sinks, 8 x DMOS 50 V 500 mA, inputs pulled down inside (Toshiba); COM (clamp diodes) on VCC" % colour.lower(),
         "Package_SO/SOIC-18W_7.5x11.6mm_P1.27mm", nets, (xy[0] + 3600, xy[1]), "C165895")
for i in range(8):
    y = DY + 12000 - i * 900
    res("R1%d" % i, "220", "ROW_SEL%d" % i, "GATE%d" % i, (DX + 4400, y), "row %d gate series" % i)
    res("R2%d" % i, "10k", "VCC", "GATE%d" % i, (DX + 6800, y), "row %d gate pull-up (row off)" % i)
    part("Q%d" % i, "pmos-sot23", "AO3401A", "AO3401A", 0.06,
         "row %d high-side P-MOSFET -30 V 4 A (AOS)" % i, "Package_TO_SOT_SMD/SOT-23",
         {"1": "GATE%d" % i, "2": "VCC", "3": "ROW%d" % i}, (DX + 9000, y), "C15127")
    res("R3%d" % i, "150", "RED_DRAIN%d" % i, "RED_K%d" % i, (DX + 8000, DY + 4000 - i * 500),
        "red column %d current - 15-21 mA at VF 2.6-1.6 V" % i)
    res("R4%d" % i, "150", "GRN_DRAIN%d" % i, "GRN_K%d" % i, (DX + 8000, DY - 400 - i * 500),
        "green column %d current - 12-15 mA at VF 3.1-2.6 V: the InGaN green is brighter per mA than the red" % i)
# The display: a red and a green 0805 LED per point, DR<row><col> and
# DG<row><col>: anodes on ROW<row>, cathodes on RED_K<col> / GRN_K<col>.
for r in range(8):
    for c in range(8):
        part("DR%d%d" % (r, c), "led", "red", "NCD0805R1", 0.01,
             "LED red 0805 615-630 nm, 1.6-2.6 V, 25 mA (NationStar)", "LED_SMD/LED_0805_2012Metric",
             {"2": "ROW%d" % r, "1": "RED_K%d" % c}, (DX + 12000 + c * 2200, DY + 11000 - r * 1000), "C84256")
        part("DG%d%d" % (r, c), "led", "green", "KT-0805G", 0.01,
             "LED green 0805 513-528 nm InGaN, 2.6-3.1 V (KENTO)", "LED_SMD/LED_0805_2012Metric",
             {"2": "ROW%d" % r, "1": "GRN_K%d" % c}, (DX + 12000 + c * 2200, DY + 10500 - r * 1000), "C2297")


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
    titles = [(0, 5400, "POWER: USB-C VBUS -> F1 -> D1, or 3xAA -> Q9 (reverse polarity; VBUS turns it off) -> TPS61023 boost 5.06 V, EN on SW1; R53/R54 battery sense to PD7/AIN1"),
              (0, -1600, "USB: CH340C bridge from VBUS (through D5), TXD/RXD to the MCU through R4/R5, DTR# -> C6 -> RESET (auto-reset for the bootloader)"),
              (0, -4200, "MCU: ATmega328P-AU 16 MHz, reset/auto-reset, ISP pads, buttons to GND (internal pull-ups), piezo on OC1A"),
              (0, -7300, "DISPLAY: U2/U3 74HC595 red/green column registers (1 = on) -> U6/U7 TBD62083A sinks; U1 74HC595 rows (0 = on) -> AO3401A high-side; BLANK = every /OE"),
              (0, -7650, "chain MOSI -> U2 SER, U2 QH' -> U3 SER, U3 QH' -> U1 SER (U1 QH' open); bytes shifted ROW, GREEN, RED"),
              (0, 6000, "jarmo-handheld rev D   (generated by tools/hardware/gen_schematic.py; nets joined by netname labels)")]
    for x, y, s in titles:
        o.append(text(x, y, s, size=14 if "rev D" in s else 12))
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
        for k in ("footprint", "description", "mpn", "cost", "lcsc", "assembly"):
            v = {"footprint": p["fp"], "description": p["desc"], "mpn": p["mpn"],
                 "cost": "%.3f" % p["cost"], "lcsc": p["lcsc"], "assembly": p["asm"]}[k]
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
