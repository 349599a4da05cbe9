#!/usr/bin/env python3
"""Check the jarmo-nano build guide's wiring table against the board definition.

    check_nano_guide.py README BOARD_HEADER

README: hardware/jarmo-nano/README.md; its wiring table is the markdown table
whose header is `signal | Nano pin | AVR pin | goes to`. BOARD_HEADER:
board-defs/jarmo-nano.h. Each signal row must name the Nano pin and AVR pin
the header gives it (PD0..PD7 = D0..D7, PB0..PB5 = D8..D13, PC0..PC5 =
A0..A5), power rows (Nano pin 5V and GND, both there) have no AVR pin, no
pin appears twice, and every pin the header names is in the table. One line per check;
exit 0 whatever they find (tests/run.sh counts the lines), 2 when a file
cannot be read.
"""
import re
import sys

# table signal -> the header's port and bit defines
SIGNALS = {
    "panel data": ("BOARD_WS2812_PORT", "BOARD_WS2812_BIT"),
    "up": ("BOARD_BUTTON_PORT", "BOARD_BTN_UP_BIT"),
    "down": ("BOARD_BUTTON_PORT", "BOARD_BTN_DOWN_BIT"),
    "left": ("BOARD_BUTTON_PORT", "BOARD_BTN_LEFT_BIT"),
    "right": ("BOARD_BUTTON_PORT", "BOARD_BTN_RIGHT_BIT"),
    "a": ("BOARD_BUTTON_PORT", "BOARD_BTN_A_BIT"),
    "b": ("BOARD_BUTTON_PORT", "BOARD_BTN_B_BIT"),
    "piezo": ("BOARD_BUZZER_PORT", "BOARD_BUZZER_BIT"),
}
POWER = ("5V", "GND")
NO_PIN = ("", "-", "\u2014", "\u2013", "n/a")


def report(name, ok, why=""):
    print("[       OK ] nano-guide %s" % name if ok else "[  FAILED  ] nano-guide %s: %s" % (name, why))


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        sys.stderr.write("check_nano_guide.py: cannot read %s: %s\n" % (path, getattr(e, "strerror", None) or e))
        sys.exit(2)


def plain(cell):
    """A table cell without markdown emphasis or code marks."""
    return re.sub(r"[*`_]", "", cell).strip()


def key(signal):
    s = plain(signal).lower()
    return re.sub(r"^button\s+|\s+button$", "", s)


def nano_pin(port, bit):
    """The Nano's silk label of an AVR pin, or None when it has none."""
    if port == "D" and 0 <= bit <= 7:
        return "D%d" % bit
    if port == "B" and 0 <= bit <= 5:
        return "D%d" % (bit + 8)
    if port == "C" and 0 <= bit <= 5:
        return "A%d" % bit
    return None


def wiring_table(text):
    """Rows (line number, cells) of the table headed signal | Nano pin | AVR pin | goes to."""
    lines = text.splitlines()
    for n, line in enumerate(lines):
        cells = [plain(c).lower() for c in line.strip().strip("|").split("|")]
        if cells == ["signal", "nano pin", "avr pin", "goes to"]:
            rows = []
            for m in range(n + 2, len(lines)):  # past the |---| line
                if not lines[m].strip().startswith("|"):
                    break
                rows.append((m + 1, [c.strip() for c in lines[m].strip().strip("|").split("|")]))
            return rows
    return None


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    readme, header = sys.argv[1], sys.argv[2]
    text, hdr = read(readme), read(header)
    defs = {}
    for line in hdr.splitlines():
        m = re.match(r"\s*#\s*define\s+(BOARD_\w+)\s*(.*)", line)
        if m:
            defs[m.group(1)] = m.group(2).split("/*")[0].split("//")[0].strip()

    # what the header says: signal -> (Nano pin, AVR pin), or a reason
    want = {}
    for sig, (pk, bk) in SIGNALS.items():
        port = defs.get(pk, "").strip("() '\"")
        bit = re.fullmatch(r"\(?\s*(\d+)[uUlL]*\s*\)?", defs.get(bk, ""))
        if not port or not bit:
            want[sig] = "%s has no #define %s" % (header, pk if not port else bk)
            continue
        avr = "P%s%s" % (port, bit.group(1))
        pin = nano_pin(port, int(bit.group(1)))
        want[sig] = (pin, avr) if pin else "%s: %s has no pin on the Nano's header" % (header, avr)

    rows = wiring_table(text)
    if rows is None:
        report("wiring-table", False, "%s has no table headed 'signal | Nano pin | AVR pin | goes to'" % readme)
        return 0
    report("wiring-table (%d rows)" % len(rows), bool(rows), "the table has no rows")

    seen = {}       # Nano pin -> signal, for the signal rows
    found = set()
    power = set()
    for line, cells in rows:
        if len(cells) != 4:
            report("row line %d" % line, False, "%d cells, expected 4" % len(cells))
            continue
        signal, pin, avr = plain(cells[0]), plain(cells[1]).upper(), plain(cells[2]).upper()
        k = key(signal)
        name = re.sub(r"\W+", "-", k).strip("-") or "line-%d" % line
        if pin in POWER and k not in SIGNALS:
            power.add(pin)
            report("power %s" % name, avr.lower() in NO_PIN, "line %d: a %s row has no AVR pin, table says %s" % (line, pin, avr))
            continue
        if k not in SIGNALS:
            report("signal %s" % name, False, "line %d: '%s' is not a signal of %s" % (line, signal, header))
            continue
        if k in found:
            report("signal %s" % name, False, "line %d: a second row for '%s'" % (line, signal))
            continue
        found.add(k)
        w = want[k]
        if isinstance(w, str):
            report("signal %s" % name, False, w)
        elif (pin, avr) != w:
            report("signal %s" % name, False, "line %d: table says %s (%s), %s says %s (%s)" % (
                line, pin or "nothing", avr or "nothing", header, w[0], w[1]))
        else:
            report("signal %s %s (%s)" % (name, pin, avr), True)
        if pin in seen:
            report("pin %s once" % pin, False, "line %d: %s and %s both on %s" % (line, seen[pin], signal, pin))
        seen[pin] = signal

    # every pin the header names must be wired somewhere in the table
    missing = ["%s %s" % (k, w[0]) for k, w in want.items() if not isinstance(w, str) and w[0] not in seen]
    report("every header pin in the table", not missing, "not in the table: %s" % ", ".join(missing))
    absent = [k for k in SIGNALS if k not in found]
    report("every signal has a row", not absent, "no row for: %s" % ", ".join(absent))
    report("power rows", power == set(POWER), "no row with Nano pin %s" % " or ".join(p for p in POWER if p not in power))
    return 0


if __name__ == "__main__":
    sys.exit(main())
