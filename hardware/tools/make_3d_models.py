#!/usr/bin/env python3
"""The 3D bodies the project ships for the parts KiCad's 3D library lacks.

    make_3d_models.py OUTDIR

Writes one VRML 2.0 file per footprint into OUTDIR (the KiCad project's
3d/ folder; the footprints name them ${KIPRJMOD}/3d/NAME.wrl). Each body is
boxes and prisms from the part's datasheet dimensions, in KiCad's VRML
frame: x right, y up (the footprint's y turned over), z out of the board,
1 unit = 0.1 inch. They are for the renders and KiCad's 3D viewer, to show
where a part stands and how big it is; they are not the makers' drawings.
"""
import math
import os
import sys

INCH10 = 2.54                                    # mm in a VRML unit of KiCad's

BLACK, GREY, STEEL, BEIGE, CELL, RED = ((0.08, 0.08, 0.08), (0.35, 0.35, 0.37), (0.78, 0.78, 0.8),
                                        (0.86, 0.82, 0.7), (0.25, 0.35, 0.6), (0.7, 0.15, 0.12))


def box(x0, x1, y0, y1, z0, z1):
    """An axis-aligned box in footprint mm (y down, as KiCad's editor)."""
    pts = [(x, y, z) for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)]
    faces = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    return pts, faces


def prism(cx, cy, r, z0, z1=None, n=24, axis="z", length=None):
    """A round prism: standing (axis z, from z0 to z1) or lying along x
    (centre cx, cy at height z0, radius r, from cx to cx + length)."""
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        if axis == "z":
            pts += [(cx + r * math.cos(a), cy + r * math.sin(a), z0), (cx + r * math.cos(a), cy + r * math.sin(a), z1)]
        else:
            pts += [(cx, cy + r * math.cos(a), z0 + r * math.sin(a)),
                    (cx + length, cy + r * math.cos(a), z0 + r * math.sin(a))]
    faces = [(2 * k, 2 * ((k + 1) % n), 2 * ((k + 1) % n) + 1, 2 * k + 1) for k in range(n)]
    faces += [tuple(2 * k for k in range(n)), tuple(2 * k + 1 for k in reversed(range(n)))]
    return pts, faces


def shape(solid, colour):
    pts, faces = solid
    p = ", ".join("%.4f %.4f %.4f" % (x / INCH10, -y / INCH10, z / INCH10) for x, y, z in pts)
    f = ", ".join(" ".join(str(i) for i in face) + " -1" for face in faces)
    return ("Shape { appearance Appearance { material Material { diffuseColor %.2f %.2f %.2f specularColor 0.2 0.2 0.2 "
            "shininess 0.3 } }\n  geometry IndexedFaceSet { solid FALSE coord Coordinate { point [ %s ] }\n"
            "  coordIndex [ %s ] } }\n" % (colour + (p, f)))


# Each body: (its source, [(solid, colour), ...]), in the footprint's frame.
MODELS = {
    # Omron B3S-1000: 6.0 x 6.0 mm body, 4.3 mm overall to the plunger's top
    # (datasheet); plunger 3.5 mm round; body height 3.1 taken, not read
    "SW_SPST_B3S-1000": ("Omron B3S-1000 datasheet: 6 x 6 mm, 4.3 mm overall, plunger 3.5 mm",
                         [(box(-3.0, 3.0, -3.0, 3.0, 0.0, 3.1), GREY), (prism(0, 0, 1.75, 3.1, 4.3), BLACK)]
                         + [(box(sx * 3.0, sx * 3.6, sy * 2.25 - 0.35, sy * 2.25 + 0.35, 0.0, 0.3), STEEL)
                            for sx in (-1, 1) for sy in (-1, 1)]),
    # HRO TYPE-C-31-M-12: shell 8.94 wide, 7.35 long, 3.16 high; its mouth at
    # the board's edge (+y in the footprint), the tongue's recess inside
    "USB_C_Receptacle_HRO_TYPE-C-31-M-12": ("HRO TYPE-C-31-M-12 drawing: shell 8.94 x 7.35 x 3.16 mm",
                                            [(box(-4.47, 4.47, -3.7, 3.65, 0.0, 3.16), STEEL),
                                             (box(-3.6, 3.6, 3.2, 3.7, 0.55, 2.6), BLACK)]),
    # Murata PKLCS1212E4001-R1: 12.0 x 12.0 x 3.0 mm, the sound hole on top
    "Buzzer_Murata_PKLCS1212E": ("Murata PKLCS1212E datasheet: 12.0 x 12.0 x 3.0 mm",
                                 [(box(-6.0, 6.0, -6.0, 6.0, 0.0, 3.0), BLACK), (prism(0, 0, 1.0, 3.0, 3.05), GREY)]),
    # TruPower BH-331P: three AA side by side, 58.1 x 48.4 mm (its footprint's
    # fab outline), 16 mm high; the cells (14.5 x 50.5 mm) at y 0, 15, 30
    "BatteryHolder_TruPower_BH-331P_3xAA": (
        "TruPower BH-331P: 3 x AA, 58.1 x 48.4 x 16 mm; AA cell 14.5 x 50.5 mm (IEC LR6)",
        [(box(-2.35, 55.75, -9.2, 39.2, 0.0, 1.2), BLACK),
         (box(-2.35, -0.35, -9.2, 39.2, 0.0, 16.0), BLACK), (box(53.75, 55.75, -9.2, 39.2, 0.0, 16.0), BLACK),
         (box(-2.35, 55.75, -9.2, -7.7, 0.0, 9.0), BLACK), (box(-2.35, 55.75, 37.7, 39.2, 0.0, 9.0), BLACK)]
        + [(prism(1.45, y, 7.25, 8.45, axis="x", length=50.5), CELL) for y in (0.0, 15.0, 30.0)]
        + [(prism(51.95, y, 2.75, 8.45, axis="x", length=1.0), STEEL) for y in (0.0, 15.0, 30.0)]),
}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, (source, parts) in sorted(MODELS.items()):
        with open(os.path.join(out, name + ".wrl"), "w") as f:
            f.write("#VRML V2.0 utf8\n# %s: the Jarmo console's body for KiCad's 3D view, written by "
                    "hardware/tools/make_3d_models.py\n# from: %s\n" % (name, source))
            for solid, colour in parts:
                f.write(shape(solid, colour))
    print("3d models: %d written to %s" % (len(MODELS), out))


if __name__ == "__main__":
    main()
