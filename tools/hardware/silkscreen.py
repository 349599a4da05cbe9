"""The handheld's silkscreen, laid out from the board itself (rev D).

    silkscreen.lay_out(board, W, H, OX, OY, legends, notes)

A maker builds and debugs from the silk: every footprint's reference on the
silk of its side at 1.0 mm (stroke 0.15 mm), never over a pad or a hole,
never over another text; each footprint's silk lines at least 0.15 mm; the
button legends, the hand-fitted parts' values, and the board's name,
revision and project. Each text tries places around its part, nearest first,
and takes the first that is free; a text that finds no place is reported
(tools/hardware/pcb_outputs.py then fails the board)."""
import pcbnew

TEXT_MM = 1.0           # reference height (the minimum)
STROKE_MM = 0.18        # text stroke and line width (the check's minimum is 0.15)
PAD_GAP = 0.3           # silk to exposed copper (mask opening) and holes
TEXT_GAP = 0.2          # silk text to silk text


def _mm(v):
    return pcbnew.ToMM(v)


class Boxes:
    """Axis-aligned boxes (x0, y0, x1, y1) in board mm."""

    def __init__(self):
        self.items = []

    def add(self, box, gap=0.0):
        x0, y0, x1, y1 = box
        self.items.append((x0 - gap, y0 - gap, x1 + gap, y1 + gap))

    def hits(self, box):
        x0, y0, x1, y1 = box
        return any(x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 for b in self.items)


def _bbox(item, ox, oy):
    b = item.GetBoundingBox()
    return (_mm(b.GetX()) - ox, _mm(b.GetY()) - oy, _mm(b.GetRight()) - ox, _mm(b.GetBottom()) - oy)


def _text_box(t, ox, oy):
    """The box a centred one-line text covers: the stroke font's advance
    for its width (KiCad's text box), its height plus the stroke (the text
    box's height adds line spacing no single line uses)."""
    w = _mm(t.GetTextBox().GetWidth())
    h = _mm(t.GetTextSize().y) + STROKE_MM
    angle = t.GetDrawRotation() if hasattr(t, "GetDrawRotation") else t.GetTextAngle()
    if int(round(angle)) % 1800 == 900:
        w, h = h, w
    p = t.GetPosition()
    x, y = _mm(p.x) - ox, _mm(p.y) - oy
    s = STROKE_MM / 2 + 0.05
    return (x - w / 2 - s, y - h / 2 - s, x + w / 2 + s, y + h / 2 + s)


def lay_out(board, W, H, ox, oy, legends=(), notes=(), first=None):
    """legends: [(ref, text, size mm)] a label beside a part (button names,
    values); notes: [(text, size mm, [(x, y), ...] places to try, layer)]
    board texts; first: {ref: [(x, y, angle)]} places a reference tries
    before the ones around its part.
    Returns the list of texts that found no place."""
    front, back = Boxes(), Boxes()
    for fp in board.GetFootprints():
        for pad in fp.Pads():
            box = _bbox(pad, ox, oy)
            through = pad.GetAttribute() in (pcbnew.PAD_ATTRIB_PTH, pcbnew.PAD_ATTRIB_NPTH)
            if through or pad.IsOnLayer(pcbnew.F_Cu):
                front.add(box, PAD_GAP)
            if through or pad.IsOnLayer(pcbnew.B_Cu):
                back.add(box, PAD_GAP)
        for g in fp.GraphicalItems():
            if isinstance(g, pcbnew.FP_TEXT):
                continue
            if g.GetLayer() in (pcbnew.F_SilkS, pcbnew.B_SilkS):
                gx0, gy0, gx1, gy1 = _bbox(g, ox, oy)
                if gx0 < 0.5 or gy0 < 0.5 or gx1 > W - 0.5 or gy1 > H - 0.5:
                    # a part over the board's edge (USB-C, switch lever):
                    # its outline stays on the fab drawing, not the silk
                    g.SetLayer(pcbnew.B_Fab if g.GetLayer() == pcbnew.B_SilkS else pcbnew.F_Fab)
                    continue
                if g.GetWidth() < pcbnew.FromMM(STROKE_MM):
                    g.SetWidth(pcbnew.FromMM(STROKE_MM))
                (front if g.GetLayer() == pcbnew.F_SilkS else back).add(_bbox(g, ox, oy), 0.1)
    for t in board.GetTracks():
        if isinstance(t, pcbnew.PCB_VIA):            # vias are tented? no: keep text off them
            front.add(_bbox(t, ox, oy), PAD_GAP)
            back.add(_bbox(t, ox, oy), PAD_GAP)
    edge = (1.0, 1.0, W - 1.0, H - 1.0)
    missing = []

    def inside(box):
        return edge[0] <= box[0] and edge[1] <= box[1] and box[2] <= edge[2] and box[3] <= edge[3]

    def place_text(t, boxes, spots, fp=None):
        base = fp.GetOrientation() if fp is not None else 0
        for x, y, angle in spots:
            # a footprint's text turns with its part: set it relative to it
            t.SetTextAngle((angle * 10 - base) % 3600)
            t.SetPosition(pcbnew.wxPointMM(ox + x, oy + y))
            box = _text_box(t, ox, oy)
            if inside(box) and not boxes.hits(box):
                boxes.add(box, TEXT_GAP)
                return True
        return False

    def spots_around(fp, w, h, step=0.5, far=7.0):
        """Places for a text of w x h mm around the part, nearest first."""
        cy = fp.GetCourtyard(pcbnew.B_CrtYd if fp.IsFlipped() else pcbnew.F_CrtYd)
        if cy.OutlineCount():
            ch = cy.Outline(0)
            xs = [_mm(ch.CPoint(i).x) - ox for i in range(ch.PointCount())]
            ys = [_mm(ch.CPoint(i).y) - oy for i in range(ch.PointCount())]
            x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        else:
            x0, y0, x1, y1 = _bbox(fp, ox, oy)
        xc, yc = (x0 + x1) / 2, (y0 + y1) / 2
        out = []
        d = 0.0
        while d <= far:
            out += [(xc, y0 - d - h / 2, 0), (xc, y1 + d + h / 2, 0),
                    (x0 - d - h / 2, yc, 90), (x1 + d + h / 2, yc, 90)]
            for f in (-0.5, 0.5, -1.0, 1.0):
                out += [(xc + f * (x1 - x0), y0 - d - h / 2, 0), (xc + f * (x1 - x0), y1 + d + h / 2, 0)]
            d += step
        return out

    def label(fp, text_item, text, size):
        side = pcbnew.B_SilkS if fp.IsFlipped() else pcbnew.F_SilkS
        text_item.SetLayer(side)
        text_item.SetVisible(True)
        text_item.SetText(text)
        text_item.SetTextSize(pcbnew.wxSizeMM(size, size))
        text_item.SetTextThickness(pcbnew.FromMM(STROKE_MM))
        text_item.SetMirrored(fp.IsFlipped())
        w, h = len(text) * size, size
        spots = (first or {}).get(text, []) + spots_around(fp, w, h)
        if not place_text(text_item, back if fp.IsFlipped() else front, spots, fp):
            missing.append(text)

    # the parts with places of their own first (the display's points), then the rest
    fps = sorted(board.GetFootprints(), key=lambda f: (f.GetReference() not in (first or {}), f.GetReference()))
    for fp in fps:
        if fp.GetReference().startswith("H"):
            continue
        label(fp, fp.Reference(), fp.GetReference(), TEXT_MM)
        fp.Value().SetLayer(pcbnew.B_Fab if fp.IsFlipped() else pcbnew.F_Fab)
    byref = {fp.GetReference(): fp for fp in board.GetFootprints()}
    for ref, text, size in legends:
        fp = byref.get(ref)
        if fp is None:
            missing.append(text)
            continue
        t = pcbnew.FP_TEXT(fp)
        fp.Add(t)
        label(fp, t, text, size)
    for text, size, where, layer in notes:
        t = pcbnew.PCB_TEXT(board)
        t.SetText(text)
        t.SetLayer(layer)
        t.SetTextSize(pcbnew.wxSizeMM(size, size))
        t.SetTextThickness(pcbnew.FromMM(max(STROKE_MM, size * 0.15)))
        t.SetMirrored(layer == pcbnew.B_SilkS)
        board.Add(t)
        if not place_text(t, back if layer == pcbnew.B_SilkS else front, [(x, y, 0) for x, y in where]):
            missing.append(text)
    return missing
