// The review of the replayed game: for every move, what the engine (the
// console's AI at a deeper budget, review_worker.js) would have played
// there, the evaluation before and after (green's view, in pieces) and what
// the move cost its mover; each move marked as lichess does (inaccuracy ?!,
// mistake ?, blunder ??, review_marks.js), with the counts and an accuracy
// for each side. Rows tr[data-review] with data-ply, data-move, data-best,
// data-before, data-after, data-cost, data-mark (blunder, mistake,
// inaccuracy or nothing); the three costliest of at least half a piece also
// data-worst. The counts: .review-summary li[data-side].
import { judgeGame, judgeMove, sideSummary } from './review_marks.js';

const MISTAKE = 50; // centi-pieces: half a piece
// the AI's decided scores (a won or lost game, firmware/ai/ai_search.h: 8,648 and up) in words
const pieces = (v) => (Math.abs(v) >= 8000 ? (v > 0 ? 'green wins' : 'red wins') : `${v > 0 ? '+' : ''}${(v / 100).toFixed(2)}`);
// after a move that ended the game: the result, not a score
const ending = (winner) => (winner === 'draw' ? 'drawn: over' : `${winner === 'white' ? 'green' : 'red'} won: over`);

export function initReview(el, replay) {
  const button = el.querySelector('[data-review-start]');
  const status = el.querySelector('.review-status');
  const table = el.querySelector('.review');
  const body = table.querySelector('tbody');
  const summary = el.querySelector('.review-summary');
  let worker = null;
  const stop = () => {
    worker?.terminate();
    worker = null;
  };
  replay.onOpen = () => {
    stop();
    body.textContent = '';
    table.hidden = true;
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
        for (const t of [`${w.ply}.`, `${w.move}${mark ? mark.sign : ''}`, w.best === w.move ? 'same' : w.best, pieces(w.before), w.ended ? ending(w.ended) : pieces(w.after),
          w.cost ? (w.cost / 100).toFixed(2) : '0', mark ? mark.name : '']) {
          const td = document.createElement('td');
          td.textContent = t;
          tr.appendChild(td);
        }
        tr.addEventListener('click', () => replay.show(w.ply));
        body.appendChild(tr);
        status.textContent = `Reviewing: move ${w.ply} of ${r.moves.length}...`;
      } else {
        stop();
        button.disabled = false;
        if (data.error) {
          status.textContent = `The review stopped: ${data.error}.`;
          return;
        }
        const worst = rows.filter((w) => w.cost >= MISTAKE).sort((a, b) => b.cost - a.cost).slice(0, 3);
        for (const w of worst) body.querySelector(`tr[data-ply="${w.ply}"]`).dataset.worst = '';
        status.textContent = `Reviewed ${rows.length} moves in ${(data.ms / 1000).toFixed(1)} s` +
          (worst.length ? `; the costliest: ${worst.map((w) => `${w.move} (move ${w.ply}, ${(w.cost / 100).toFixed(2)} pieces)`).join(', ')}.` : '; no move cost half a piece.');
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
