// The review of the replayed game: for every move, what the engine (the
// console's AI at a deeper budget, review_worker.js) would have played
// there, the evaluation before and after (green's view, in pieces) and what
// the move cost its mover; each move marked as lichess does (inaccuracy ?!,
// mistake ?, blunder ??, review_marks.js), with the counts and an accuracy
// for each side. Rows tr[data-review] with data-ply, data-move, data-best,
// data-before, data-after, data-cost, data-mark (blunder, mistake,
// inaccuracy or nothing); the three costliest of at least half a piece also
// data-worst. The counts: .review-summary li[data-side].
import { MARKS, chances, costWords, judgeGame, judgeMove, moverOf, scoreWords, sideSummary } from './review_marks.js';
import { yourSide } from './puzzles.js';
import { askWorker } from './worker_ask.js';
import { attachPick } from './board_pick.js';

const PASS_DROP = MARKS[MARKS.length - 1].drop; // a retried move passes below the inaccuracy's drop

// Learn from your mistakes, as lichess does: after a review, each marked
// move of yours (of both sides in a game between two people) again, its
// position on the board; the engine judges every move there (the review
// worker's judge), and a move passes when it would not be marked. The
// first answer counts; a wrong one may be tried again.
function initRetry(el, replay) {
  const box = el.querySelector('.retry');
  const say = el.querySelector('.retry-say');
  const next = el.querySelector('[data-retry-next]');
  let list = [], at = 0, fixed = 0, record = null, worker = null;
  let judged = [], first = true;
  const word = (row) => `${at + 1} of ${list.length}: move ${row.ply}, ${row.move} was ${/^[aeiou]/.test(row.mark) ? 'an' : 'a'} ${row.mark}`;
  // the move played on the replay's board, as in a game (board_pick.js)
  const pick = attachPick(el.querySelector('.replay-board'), (m) => {
    const row = list[at];
    if (replay.ply !== row.ply - 1 || replay.gameLine) return replay.showGame(row.ply - 1); // stepped away: the position again
    const j = judged.find((x) => x.move === m);
    const drop = chances(judged[0].value) - chances(j.value);
    const pass = drop < PASS_DROP;
    if (pass && first) fixed++;
    first = false;
    box.dataset.result = pass ? 'fixed' : 'not-yet';
    box.dataset.answer = m;
    say.textContent = pass ? `${word(row)}. Fixed: ${m}${m === judged[0].move ? ', the engine\'s own choice' : `; the engine's: ${judged[0].move}`}.`
      : `${word(row)}. Not yet: ${m} gives away ${drop.toFixed(2)} of your winning chances. Try again on the board.`;
    if (pass) {
      pick.set([]); // answered: Next goes on
      next.hidden = false;
    } else pick.set(judged.map((x) => x.move)); // another try
  });
  const finish = () => {
    worker?.terminate();
    worker = null;
    next.hidden = true;
    pick.set([]);
    say.textContent = `You fixed ${fixed} of ${list.length} marked move${list.length === 1 ? '' : 's'}.`;
    box.dataset.fixed = String(fixed);
    box.dataset.done = 'true';
  };
  const show = async () => {
    if (at >= list.length) return finish();
    const row = list[at];
    replay.showGame(row.ply - 1);
    next.hidden = true;
    pick.set([]);
    delete box.dataset.judged;
    delete box.dataset.result;
    box.dataset.ply = String(row.ply);
    say.textContent = `${word(row)}. Find a better move (the engine is looking)...`;
    ({ judged } = await askWorker(worker, { judge: true, rules: record.rules, first: record.first, moves: record.moves.slice(0, row.ply - 1), level: 6 }));
    first = true;
    replay.showGame(row.ply - 1);
    say.textContent = `${word(row)}. Find a better move: play it on the board (a piece, then its point).`;
    // what the engine made of each move, for the tests: [{ move, value }], best first
    box.dataset.judged = JSON.stringify(judged.map(({ move, value }) => ({ move, value })));
    pick.set(judged.map((x) => x.move));
  };
  next.addEventListener('click', () => {
    at++;
    show().catch((e) => (say.textContent = `Could not judge: ${e.message}.`));
  });
  el.querySelector('[data-retry-start]').addEventListener('click', () => {
    worker?.terminate();
    worker = new Worker('review_worker.js', { type: 'module' });
    at = 0;
    fixed = 0;
    delete box.dataset.done;
    show().catch((e) => (say.textContent = `Could not judge: ${e.message}.`));
  });
  return {
    // the review's rows: the marked moves of yours (or of both sides)
    offer(rows, r) {
      const you = yourSide(r);
      record = r;
      list = rows.filter((w) => w.mark && (!you || moverOf(w.ply, r.first) === you));
      box.hidden = list.length === 0;
      say.textContent = '';
      pick.set([]);
      next.hidden = true;
    },
    hide() {
      pick.set([]);
      worker?.terminate();
      worker = null;
      box.hidden = true;
    },
  };
}

const MISTAKE = 50; // centi-pieces: half a piece
const pieces = scoreWords; // a forced result in words ("green wins in 5"), never as 20 pieces
const SVG = 'http://www.w3.org/2000/svg';

// The evaluation over the game: green's winning chances (lichess's curve,
// review_marks.js) after each move, a point a move; a click shows that
// move on the board.
function drawGraph(graph, rows, replay) {
  const w = 300, h = 80, n = rows.length;
  const x = (i) => (n ? (i / n) * w : 0), y = (c) => h / 2 - (c * h) / 2;
  graph.textContent = '';
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('preserveAspectRatio', 'none'); // the whole width, the lines kept thin (CSS)
  svg.setAttribute('class', 'review-graph-svg');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'green\'s winning chances after each move; click a move to see it');
  const mid = document.createElementNS(SVG, 'line');
  mid.setAttribute('x1', '0'); mid.setAttribute('x2', String(w)); mid.setAttribute('y1', String(h / 2)); mid.setAttribute('y2', String(h / 2));
  mid.setAttribute('class', 'even');
  svg.appendChild(mid);
  const points = [[0, y(rows.length ? chances(rows[0].before) : 0)], ...rows.map((r, i) => [x(i + 1), y(r.ended ? (r.ended === 'draw' ? 0 : r.ended === 'white' ? 1 : -1) : chances(r.after))])];
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', points.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' '));
  svg.appendChild(line);
  for (let i = 0; i <= n; i++) {
    const hit = document.createElementNS(SVG, 'rect');
    hit.setAttribute('x', String(x(i) - w / n / 2)); hit.setAttribute('width', String(Math.max(2, w / Math.max(1, n))));
    hit.setAttribute('y', '0'); hit.setAttribute('height', String(h));
    hit.dataset.ply = String(i);
    const mark = i ? rows[i - 1].mark : '';
    if (mark) hit.dataset.mark = mark;
    const t = document.createElementNS(SVG, 'title');
    t.textContent = i ? `move ${i}: ${rows[i - 1].move}` : 'the start';
    hit.appendChild(t);
    hit.addEventListener('click', () => replay.showGame(i));
    svg.appendChild(hit);
  }
  graph.appendChild(svg);
  graph.hidden = false;
}
// after a move that ended the game: the result, not a score
const ending = (winner) => (winner === 'draw' ? 'drawn: over' : `${winner === 'white' ? 'green' : 'red'} won: over`);

const LINE_PLIES = 6; // the engine's best line for a marked move: its move and 5 more

export function initReview(el, replay) {
  const button = el.querySelector('[data-review-start]');
  const status = el.querySelector('.review-status');
  const table = el.querySelector('.review');
  const body = table.querySelector('tbody');
  const summary = el.querySelector('.review-summary');
  const graph = el.querySelector('.review-graph');
  const retry = initRetry(el, replay);
  let worker = null;
  let liner = null; // the worker that plays the best lines
  // the engine's line from the position before a marked move, on the
  // replay's board (Replay.showLine); "Back to the game" returns
  const showBestLine = async (r, w) => {
    status.textContent = `The engine's line at move ${w.ply}...`;
    try {
      // one request a worker: a second click before the first answer is
      // answered by its own worker, never by the first one's line
      liner?.terminate();
      const asked = (liner = new Worker('review_worker.js', { type: 'module' }));
      const { line } = await askWorker(asked, { line: true, rules: r.rules, first: r.first, moves: r.moves.slice(0, w.ply - 1), plies: LINE_PLIES, level: 6 });
      const n = replay.showLine(w.ply - 1, line, `The engine's line at move ${w.ply}, instead of ${w.move}: ${line.join(' ')}.`);
      replay.el.dataset.line = line.slice(0, n).join(' ');
      status.textContent = `Move ${w.ply}: the engine's line is on the board; step through it with the arrows.`;
      replay.el.focus();
    } catch (e) {
      status.textContent = `Could not find the line: ${e.message}.`;
    }
  };
  const stop = () => {
    worker?.terminate();
    worker = null;
  };
  replay.onOpen = () => {
    stop();
    liner?.terminate();
    liner = null;
    body.textContent = '';
    table.hidden = true;
    graph.hidden = true;
    graph.textContent = '';
    retry.hide();
    status.textContent = '';
    summary.textContent = '';
    button.disabled = false;
  };
  button.addEventListener('click', () => {
    const r = replay.record;
    if (!r) return;
    stop();
    body.textContent = '';
    summary.textContent = '';
    table.hidden = false;
    button.disabled = true;
    status.textContent = `Reviewing ${r.moves.length} moves...`;
    const rows = [];
    worker = new Worker('review_worker.js', { type: 'module' });
    worker.onmessage = ({ data }) => {
      if (data.row) {
        const w = data.row;
        rows.push(w);
        const tr = document.createElement('tr');
        tr.dataset.review = '';
        for (const k of ['ply', 'move', 'best', 'before', 'after', 'cost']) tr.dataset[k] = String(w[k]);
        const { mark } = judgeMove(w, r.first);
        tr.dataset.mark = mark ? mark.name : '';
        w.mark = tr.dataset.mark;
        for (const t of [`${w.ply}.`, `${w.move}${mark ? mark.sign : ''}`, w.best === w.move ? 'same' : w.best, pieces(w.before), w.ended ? ending(w.ended) : pieces(w.after),
          costWords(w, r.first), mark ? mark.name : '']) {
          const td = document.createElement('td');
          td.textContent = t;
          tr.appendChild(td);
        }
        // a marked move: the engine's move there opens its line on the board
        if (mark && w.best !== w.move) {
          const td = tr.children[2];
          td.textContent = '';
          const b = document.createElement('button');
          b.className = 'line-button';
          b.dataset.line = String(w.ply);
          b.textContent = `${w.best} ▸`;
          b.title = `the engine's line at move ${w.ply}, on the board`;
          b.addEventListener('click', (e) => {
            e.stopPropagation();
            showBestLine(r, w);
          });
          td.appendChild(b);
        }
        tr.addEventListener('click', () => replay.showGame(w.ply));
        body.appendChild(tr);
        status.textContent = `Reviewing: move ${w.ply} of ${r.moves.length}...`;
      } else {
        stop();
        button.disabled = false;
        if (data.error) {
          status.textContent = `The review stopped: ${data.error}.`;
          return;
        }
        drawGraph(graph, rows, replay);
        retry.offer(rows, r);
        const worst = rows.filter((w) => w.cost >= MISTAKE).sort((a, b) => b.cost - a.cost).slice(0, 3);
        for (const w of worst) body.querySelector(`tr[data-ply="${w.ply}"]`).dataset.worst = '';
        status.textContent = `Reviewed ${rows.length} moves in ${(data.ms / 1000).toFixed(1)} s` +
          (worst.length ? `; the costliest: ${worst.map((w) => {
            const c = costWords(w, r.first);
            return `${w.move} (move ${w.ply}, ${/^[\d.]+$/.test(c) ? `${c} pieces` : c})`;
          }).join(', ')}.` : '; no move cost half a piece.');
        const sides = judgeGame(rows, r.first);
        for (const side of ['white', 'black']) {
          const li = document.createElement('li');
          li.dataset.side = side;
          for (const k of ['inaccuracy', 'mistake', 'blunder', 'accuracy']) li.dataset[k] = String(sides[side][k]);
          li.textContent = sideSummary(`${side === 'white' ? 'Green' : 'Red'} (${r[side]})`, sides[side]);
          summary.appendChild(li);
        }
      }
    };
    worker.onerror = (e) => {
      stop();
      button.disabled = false;
      status.textContent = `The review could not run: ${e.message || 'the engine did not load'}.`;
    };
    worker.postMessage({ rules: r.rules, first: r.first, moves: r.moves, level: 6 });
  });
}
