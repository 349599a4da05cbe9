// A kept game replayed on a board diagram (not the LED emulation): the
// positions come from the rules core (console.wasm, ConsoleText.replay),
// one for the start and one after each move.
//   each point  [data-point="c3"] with data-piece w, b, W, B (marked) or .
//   off board   [data-off="white"] / [data-off="black"]
//   steps       [data-step="first" | "prev" | "next" | "last"], and the
//               arrow keys, Home and End while the replay has the focus
//   moves       #replay-moves li[data-ply], the current one .current
const NS = 'http://www.w3.org/2000/svg';
const at = (p) => [14 + (p.charCodeAt(0) - 97) * 18, 14 + (5 - Number(p[1])) * 18]; // a5 top left

export function boardSvg(links, rules) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('role', 'img');
  svg.classList.add('replay-svg');
  for (const line of links.split('\n')) {
    const [p, q, extra] = line.trim().split(/\s+/);
    if (!q || (extra === '1' && rules !== 'jasir')) continue;
    const l = document.createElementNS(NS, 'line');
    const [x1, y1] = at(p);
    const [x2, y2] = at(q);
    Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => l.setAttribute(k, v));
    if (extra === '1') l.classList.add('extra');
    svg.appendChild(l);
  }
  for (let r = 5; r >= 1; r--)
    for (let f = 0; f < 5; f++) {
      const p = `${'abcde'[f]}${r}`;
      const [x, y] = at(p);
      const c = document.createElementNS(NS, 'circle');
      c.setAttribute('cx', x);
      c.setAttribute('cy', y);
      c.setAttribute('r', 6);
      c.dataset.point = p;
      c.dataset.piece = '.';
      const title = document.createElementNS(NS, 'title');
      title.textContent = p;
      c.appendChild(title);
      svg.appendChild(c);
    }
  for (let i = 0; i < 5; i++) {
    for (const [text, x, y] of [['abcde'[i], 14 + i * 18, 98], [String(5 - i), 2, 16 + i * 18]]) {
      const t = document.createElementNS(NS, 'text');
      t.setAttribute('x', x);
      t.setAttribute('y', y);
      t.textContent = text;
      svg.appendChild(t);
    }
  }
  return svg;
}

export const offWords = (o) => `${o.ready} to place, ${o.captured} captured`;

export class Replay {
  // el: the replay section (hidden until a game is opened); text: ConsoleText
  constructor(el, text, links) {
    this.el = el;
    this.text = text;
    this.links = links;
    this.ply = 0;
    this.positions = [];
    this.moves = [];
    el.querySelectorAll('[data-step]').forEach((b) => b.addEventListener('click', () => this.step(b.dataset.step)));
    el.querySelector('[data-line-back]')?.addEventListener('click', () => this.back());
    el.addEventListener('keydown', (e) => {
      const step = { ArrowLeft: 'prev', ArrowRight: 'next', ArrowUp: 'first', ArrowDown: 'last', Home: 'first', End: 'last' }[e.key];
      if (!step) return;
      e.preventDefault();
      e.stopPropagation(); // the console's keys are the window's: not these
      this.step(step);
    });
  }

  // opens a record (records.js); returns '' or why it stopped early
  open(record, title) {
    this.record = record;
    this.onOpen?.();
    const r = this.text.replay(record.rules, record.first, record.moves);
    this.positions = r.positions;
    this.moves = record.moves.slice(0, Math.max(0, r.positions.length - 1));
    const board = this.el.querySelector('.replay-board');
    board.textContent = '';
    board.appendChild(boardSvg(this.links, record.rules));
    this.el.querySelector('.replay-title').textContent = title;
    const problem = this.el.querySelector('.replay-problem');
    problem.textContent = r.ok ? '' : r.at < 0 ? `Cannot replay: ${r.why}.` : `Move ${r.at + 1} (${record.moves[r.at]}) does not follow: ${r.why}. The replay stops before it.`;
    this.gameLine = null;
    this.el.querySelector('.replay-line').hidden = true;
    this.listMoves(null);
    this.el.hidden = false;
    this.show(0);
    return problem.textContent;
  }

  // the move list, the moves from `lineFrom` on (if any) a line apart
  listMoves(lineFrom) {
    const list = this.el.querySelector('.replay-moves');
    list.textContent = '';
    this.moves.forEach((m, i) => {
      const li = document.createElement('li');
      li.dataset.ply = String(i + 1);
      li.textContent = `${i + 1}. ${m}`; // a move is one side's turn
      if (lineFrom != null && i >= lineFrom) li.classList.add('line');
      li.addEventListener('click', () => this.show(i + 1));
      list.appendChild(li);
    });
  }

  // Another line from the game's position after `from` moves (the review's
  // best line for a marked move): shown on the board and in the move list,
  // stepped through as the game is, from the position before it; back()
  // (or the "Back to the game" button) returns to the game at that move.
  // Returns how many of its moves were played.
  showLine(from, line, label) {
    if (!this.record) return 0;
    this.back(false);
    const r = this.text.replay(this.record.rules, this.record.first, [...this.record.moves.slice(0, from), ...line]);
    this.gameLine = { positions: this.positions, moves: this.moves, from };
    this.positions = r.positions;
    this.moves = [...this.record.moves.slice(0, from), ...line].slice(0, r.positions.length - 1);
    this.listMoves(from);
    const bar = this.el.querySelector('.replay-line');
    bar.hidden = false;
    bar.querySelector('.replay-line-say').textContent = label;
    this.show(from);
    return this.moves.length - from;
  }

  // the game's position after `ply` moves, leaving a line shown (the
  // review's rows, its graph and Retry speak of the game's moves)
  showGame(ply) {
    this.back(false);
    this.show(ply);
  }

  back(show = true) {
    if (!this.gameLine) return;
    const { positions, moves, from } = this.gameLine;
    this.gameLine = null;
    this.positions = positions;
    this.moves = moves;
    this.listMoves(null);
    this.el.querySelector('.replay-line').hidden = true;
    if (show) this.show(from);
  }

  step(how) {
    const last = this.positions.length - 1;
    this.show({ first: 0, prev: this.ply - 1, next: this.ply + 1, last }[how] ?? this.ply);
  }

  show(ply) {
    if (!this.positions.length) return;
    this.ply = Math.max(0, Math.min(this.positions.length - 1, ply));
    const pos = this.positions[this.ply];
    for (const c of this.el.querySelectorAll('[data-point]')) c.dataset.piece = pos.points[c.dataset.point];
    const move = this.ply ? this.moves[this.ply - 1] : '';
    for (const c of this.el.querySelectorAll('[data-point]')) c.classList.toggle('moved', Boolean(move) && move.includes(c.dataset.point));
    this.el.querySelector('[data-off="white"]').textContent = offWords(pos.off.white);
    this.el.querySelector('[data-off="black"]').textContent = offWords(pos.off.black);
    const side = pos.toMove === 'white' ? 'green' : 'red';
    const o = pos.over;
    this.el.querySelector('.replay-ply').textContent = `${this.ply ? `after ${move}, ` : 'the start, '}move ${this.ply} of ${this.positions.length - 1}: ${
      o ? (o.winner === 'draw' ? `over, a draw ${o.white}-${o.black}` : `over, ${o.winner === 'white' ? 'green' : 'red'} wins ${o.white}-${o.black}`) : `${side} to move`}`;
    for (const li of this.el.querySelectorAll('.replay-moves li')) li.classList.toggle('current', Number(li.dataset.ply) === this.ply);
    this.el.querySelector(`.replay-moves li[data-ply="${this.ply}"]`)?.scrollIntoView({ block: 'nearest' });
  }
}
