// A move picked on a board diagram (replay.js's boardSvg) as on the
// console: the piece, then its point; a move that returns a piece
// (c4xd5@b1) asks a third point, where the piece comes back; a placement
// (@b1) is one click on its empty point. The rules of picking are pure
// (Pick, tested by node); attachPick puts them on an SVG's points, with
// the mouse or the keyboard (each point a button: Tab, then Enter or
// Space).
const MOVE = /^([a-e][1-5])[-x]([a-e][1-5])(?:@([a-e][1-5]))?$/;
const PLACE = /^@([a-e][1-5])$/;

// a move's text in parts: { from (null: a placement), to, ret (null: none) }
export function moveParts(text) {
  const m = String(text).match(MOVE);
  if (m) return { from: m[1], to: m[2], ret: m[3] || null };
  const p = String(text).match(PLACE);
  return p ? { from: null, to: p[1], ret: null } : null;
}

// The picking of one move among `legal` (move texts). click(point)
// answers { move } when a move is complete, else { state } with what
// happened: 'from' (a piece chosen), 'ret' (its point chosen, the return
// point asked), 'none' (nothing chosen: a point no move starts from, or
// the choice undone). targets(): the points a click may choose next.
export class Pick {
  constructor(legal) {
    this.moves = legal.map((t) => ({ text: t, ...moveParts(t) })).filter((m) => m.to);
    this.reset();
  }

  reset() {
    this.from = null;
    this.to = null;
  }

  targets() {
    if (this.to) return this.moves.filter((m) => m.from === this.from && m.to === this.to && m.ret).map((m) => m.ret);
    if (this.from) return [...new Set(this.moves.filter((m) => m.from === this.from).map((m) => m.to))];
    return [...new Set(this.moves.map((m) => m.from ?? m.to))];
  }

  click(point) {
    if (this.to) {
      const ret = this.moves.find((m) => m.from === this.from && m.to === this.to && m.ret === point);
      // the arrival point again: the move that returns nothing, if it is one
      const plain = point === this.to && this.moves.find((m) => m.from === this.from && m.to === this.to && !m.ret);
      const done = ret || plain;
      this.reset();
      return done ? { move: done.text } : { state: 'none' };
    }
    if (this.from) {
      const here = this.moves.filter((m) => m.from === this.from && m.to === point);
      if (here.length === 1) {
        this.reset();
        return { move: here[0].text };
      }
      if (here.length > 1) {
        this.to = point;
        return { state: 'ret' };
      }
      const other = point !== this.from && this.moves.some((m) => m.from === point);
      this.reset();
      // another piece of the mover's: chosen instead (a miss is only that,
      // never a placement on the point missed)
      return other ? this.click(point) : { state: 'none' };
    }
    if (this.moves.some((m) => m.from === point)) {
      this.from = point;
      return { state: 'from' };
    }
    const place = this.moves.find((m) => !m.from && m.to === point);
    return place ? { move: place.text } : { state: 'none' };
  }
}

// Puts a Pick on a board diagram's points: the chosen piece and the
// points a click may choose are shown (.chosen, .target); onMove(text)
// when a move is complete. Returns { set(legal), off() }: set() starts a
// new pick (an empty list: the board takes no clicks). Several may be put
// on one board (the puzzles', Retry's, Play on's): the last set() with
// moves owns it, and an empty set() from another leaves it alone.
const owners = new WeakMap();
export function attachPick(board, onMove) {
  let pick = new Pick([]);
  const me = {};
  const mine = () => owners.get(board) === me;
  const points = () => [...board.querySelectorAll('[data-point]')];
  const show = () => {
    const targets = new Set(pick.targets());
    for (const c of points()) {
      c.classList.toggle('chosen', c.dataset.point === pick.from || c.dataset.point === pick.to);
      c.classList.toggle('target', targets.has(c.dataset.point));
      c.setAttribute('tabindex', pick.moves.length ? '0' : '-1');
      c.setAttribute('role', 'button');
    }
    board.dataset.picking = pick.to ? 'ret' : pick.from ? 'to' : pick.moves.length ? 'from' : '';
  };
  const click = (point) => {
    if (!mine() || !pick.moves.length) return;
    const r = pick.click(point);
    show();
    if (r.move) onMove(r.move);
  };
  const onClick = (e) => {
    const c = e.target.closest?.('[data-point]');
    if (c) click(c.dataset.point);
  };
  const onKey = (e) => {
    const c = e.target.closest?.('[data-point]');
    if (!c || (e.key !== 'Enter' && e.key !== ' ') || !mine()) return;
    e.preventDefault();
    e.stopPropagation(); // the console's keys are the window's: not these
    click(c.dataset.point);
  };
  board.addEventListener('click', onClick);
  board.addEventListener('keydown', onKey);
  return {
    // a new pick among `legal`; the board's points become buttons
    set(legal) {
      if (!legal.length && !mine()) return; // another's pick stays
      pick = new Pick(legal);
      if (legal.length) owners.set(board, me);
      else owners.delete(board);
      show();
    },
    off() {
      if (mine()) owners.delete(board);
      board.removeEventListener('click', onClick);
      board.removeEventListener('keydown', onKey);
    },
  };
}
