// Puzzles (build/web/puzzles.json, tools/puzzles/gen_puzzles.c): a
// position from the AI's self-play where one move is clearly best, proven
// at its top level. The player picks a move from the position's legal
// moves: the right one is answered with the rest of the line, a wrong one
// with why (the reply that answers it and what it leaves). Progress (solved
// or tried, by puzzle id) is kept in the browser.
import { boardSvg } from './replay.js';

const KEY = 'jarmo-puzzles';
const pieces = (v) => (Math.abs(v) >= 8000 ? (v > 0 ? 'a won game' : 'a lost game') : `${v > 0 ? '+' : ''}${(v / 100).toFixed(2)} pieces`);

function loadProgress(storage) {
  try {
    const p = JSON.parse(storage.getItem(KEY) || '{}');
    return p && typeof p === 'object' && !Array.isArray(p) ? p : {};
  } catch {
    return {};
  }
}

export async function initPuzzles(el, { text, links, storage = localStorage }) {
  const choose = el.querySelector('.puzzle-choose');
  const board = el.querySelector('.puzzle-board');
  const goal = el.querySelector('.puzzle-goal');
  const movesEl = el.querySelector('.puzzle-moves');
  const answer = el.querySelector('.puzzle-answer');
  const score = el.querySelector('.puzzle-progress');
  let puzzles;
  try {
    const r = await fetch('puzzles.json');
    if (!r.ok) throw new Error(`${r.status}`);
    puzzles = await r.json();
  } catch (e) {
    el.querySelector('.puzzle-goal').textContent = `No puzzles here (puzzles.json: ${e.message}).`;
    return;
  }
  let progress = loadProgress(storage);
  const save = () => {
    try {
      storage.setItem(KEY, JSON.stringify(progress));
    } catch {
      /* not kept: the puzzles still play */
    }
  };
  const tally = () => {
    const solved = puzzles.filter((p) => progress[p.id] === 'solved').length;
    score.textContent = `Solved ${solved} of ${puzzles.length}.`;
    score.dataset.solved = String(solved);
    [...choose.options].forEach((o, i) => (o.textContent = `${progress[puzzles[i].id] === 'solved' ? '✓ ' : progress[puzzles[i].id] === 'tried' ? '· ' : ''}${puzzles[i].id}`));
  };
  puzzles.forEach((p) => choose.appendChild(new Option(p.id, p.id)));
  // the position after the puzzle's moves (or more), on the diagram
  const draw = (p, extra = []) => {
    const all = [...p.moves, ...extra];
    const r = text.replay(p.rules, 'white', all);
    const pos = r.positions[r.positions.length - 1];
    board.textContent = '';
    board.appendChild(boardSvg(links, p.rules));
    for (const c of board.querySelectorAll('[data-point]')) {
      c.dataset.piece = pos.points[c.dataset.point];
      c.classList.toggle('moved', extra.length > 0 && extra[extra.length - 1].includes(c.dataset.point));
    }
    return r.ok;
  };
  const open = (i) => {
    const p = puzzles[i];
    choose.value = p.id;
    el.dataset.puzzle = p.id;
    draw(p);
    goal.textContent = `${p.goal} (${p.rules}, after ${p.moves.length} moves).`;
    answer.textContent = '';
    answer.dataset.result = '';
    movesEl.textContent = '';
    const legal = [p.solution[0], ...Object.keys(p.wrong)].sort();
    for (const m of legal) {
      const b = document.createElement('button');
      b.textContent = m;
      b.dataset.move = m;
      b.addEventListener('click', () => {
        if (m === p.solution[0]) {
          draw(p, p.solution);
          answer.textContent = `Right: ${m}. The line: ${p.solution.join(' ')} (${pieces(p.value)} for you).`;
          answer.dataset.result = 'right';
          progress[p.id] = 'solved';
        } else {
          const w = p.wrong[m];
          draw(p, w.reply ? [m, w.reply] : [m]);
          answer.textContent = `Not this one: after ${m}${w.reply ? ` the answer ${w.reply}` : ''} leaves ${pieces(w.value)} for you, where the best move keeps ${pieces(p.value)}. Try again.`;
          answer.dataset.result = 'wrong';
          if (progress[p.id] !== 'solved') progress[p.id] = 'tried';
        }
        save();
        tally();
      });
      movesEl.appendChild(b);
    }
  };
  choose.addEventListener('change', () => open(choose.selectedIndex));
  el.querySelector('[data-puzzle-next]').addEventListener('click', () => {
    const next = puzzles.findIndex((p, i) => i > choose.selectedIndex && progress[p.id] !== 'solved');
    open(next >= 0 ? next : (choose.selectedIndex + 1) % puzzles.length);
  });
  const first = puzzles.findIndex((p) => progress[p.id] !== 'solved');
  tally();
  open(first >= 0 ? first : 0);
}
