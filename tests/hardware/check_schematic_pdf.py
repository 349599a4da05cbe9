#!/usr/bin/env python3
"""Check that the committed schematic PDF is the sheets as they are now.

    check_schematic_pdf.py COMMITTED_PDF FRESH_PDF

FRESH_PDF: kicad-cli's export of the sheets (make hardware writes
build/hardware/jarmo-handheld/schematic.pdf). The two must have the same
pages (count and paper), the same words on each page, and draw the same
thing: each page rendered at 50 dpi (poppler's pdftoppm) must match pixel
for pixel, except the title block's "KiCad E.D.A. 9.x.y" cell, which names
the KiCad that made the file. One line per check; exit 1 on a failure,
naming the page and where it differs; `make schematic-pdf` writes the PDF
anew. Needs Debian's poppler-utils."""
import os
import re
import subprocess
import sys
import tempfile

DPI = 50
results = []


def report(name, ok, reason=""):
    results.append(ok)
    print("[       OK ] hw %s" % name if ok else "[  FAILED  ] hw %s: %s" % (name, reason))


def pages(pdf):
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "99", pdf], capture_output=True, text=True, check=True).stdout
    return re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts", out)


def words(pdf, n):
    out = subprocess.run(["pdftotext", "-layout", "-f", str(n), "-l", str(n), pdf, "-"], capture_output=True,
                         text=True, check=True).stdout
    return [ln.split() for ln in out.splitlines() if ln.strip() and "KiCad E.D.A." not in ln]


def pgm(path):
    data = open(path, "rb").read()
    m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    w, h = int(m.group(1)), int(m.group(2))
    return w, h, data[m.end():]


def render(pdf, n, tmp, tag):
    base = os.path.join(tmp, "%s-%d" % (tag, n))
    subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), "-f", str(n), "-l", str(n), "-singlefile", pdf, base],
                   check=True)
    return pgm(base + ".pgm")


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    committed, fresh = sys.argv[1:]
    if not os.path.exists(committed):
        report("schematic PDF committed", False, "%s is missing: make schematic-pdf" % committed)
        return 1
    pa, pb = pages(committed), pages(fresh)
    report("schematic PDF: %d pages, the paper of each as the sheets'" % len(pb), pa == pb,
           "committed %s, sheets %s" % (pa, pb))
    if pa != pb:
        return 1
    mm = DPI / 25.4
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(1, len(pa) + 1):
            wa, wb = words(committed, n), words(fresh, n)
            diff = [" ".join(x) for x in wb if x not in wa][:3] + [" ".join(x) for x in wa if x not in wb][:3]
            report("schematic PDF page %d: the same words as the sheet" % n, wa == wb,
                   "differs in: %s (make schematic-pdf)" % " | ".join(diff) if diff else "word order differs")
            w, h, a = render(committed, n, tmp, "a")
            w2, h2, b = render(fresh, n, tmp, "b")
            if (w, h) != (w2, h2):
                report("schematic PDF page %d: the same drawing" % n, False, "sizes %dx%d, %dx%d" % (w, h, w2, h2))
                continue
            # the title block's tool-version cell, from the page's lower right corner
            x0, x1 = int(w - 120 * mm), int(w - 95 * mm)
            y0, y1 = int(h - 16.5 * mm), int(h - 12 * mm)
            bad = []
            for y in range(h):
                row = y * w
                if a[row:row + w] == b[row:row + w]:
                    continue
                for x in range(w):
                    if a[row + x] != b[row + x] and not (x0 <= x < x1 and y0 <= y < y1):
                        bad.append((x, y))
            where = ""
            if bad:
                xs, ys = [p[0] for p in bad], [p[1] for p in bad]
                where = "%d pixels differ within x %.0f-%.0f mm, y %.0f-%.0f mm (make schematic-pdf)" % (
                    len(bad), min(xs) / mm, max(xs) / mm, min(ys) / mm, max(ys) / mm)
            report("schematic PDF page %d: the same drawing (%d x %d at %d dpi)" % (n, w, h, DPI), not bad, where)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
