// Puzzles (build/web/puzzles.json, tools/puzzles/gen_puzzles.c): a
// position from the AI's self-play where one move is the only one that
// keeps the win or the advantage, proven at its top level; and the
// player's own ("your mistakes"): positions of their kept games where they
// played a costly move and one move was the only good one, proven the
// same way by the review's engine. The player plays the move on the board
// (and a second one where the puzzle asks it): the right one is answered
// with the opponent's reply and the rest of the line, a wrong one with why
// (the reply that answers it and what it leaves). Progress (solved or tried, by puzzle id), the puzzle rating
// (Elo, from the first answer to each of the project's puzzles) and the
// player's own puzzles are kept in the browser.
import { boardSvg, offWords } from './replay.js';
import { askWorker as ask } from './worker_ask.js';
import { attachPick } from './board_pick.js';
import { OwnPuzzles, PuzzleRating, askOf, asks, difficulty, mineWords, mistakeCandidates, ownPuzzle, rightWords, themes, toMove, wrongWords, yourSide } from './puzzles.js';

const KEY = 'jarmo-puzzles';
const GAMES_LOOKED_AT = 10; // the newest kept games "your mistakes" reviews
const REPLY_MS = 600; // the opponent's reply, played after a beat

function loadProgress(storage) {
  try {
    const p = JSON.parse(storage.getItem(KEY) || '{}');
    return p && typeof p === 'object' && !Array.isArray(p) ? p : {};
  } catch {
    return {};
  }
}


// rules(): the console's rule set (the first puzzle opened is one of its)
export async function initPuzzles(el, { text, links, records = null, rules = () => null, storage = localStorage }) {
  const choose = el.querySelector('.puzzle-choose');
  const board = el.querySelector('.puzzle-board');
  const goal = el.querySelector('.puzzle-goal');
  const retryButton = el.querySelector('[data-puzzle-retry]');
  const answer = el.querySelector('.puzzle-answer');
  const score = el.querySelector('.puzzle-progress');
  const ratingEl = el.querySelector('.puzzle-rating');
  const mineButton = el.querySelector('[data-puzzle-mine]');
  const mineStatus = el.querySelector('.puzzle-mine-status');
  let puzzles;
  try {
    const r = await fetch('puzzles.json');
    if (!r.ok) throw new Error(`${r.status}`);
    puzzles = await r.json();
  } catch (e) {
    el.querySelector('.puzzle-goal').textContent = `No puzzles here (puzzles.json: ${e.message}).`;
    return;
  }
  const own = new OwnPuzzles(storage);
  const rating = new PuzzleRating(storage);
  let all = [];
  let progress = loadProgress(storage);
  // a write the browser refused (its storage full or blocked): the puzzles
  // still play, and the page says that nothing is being kept
  let unkept = false;
  let lastRating = null; // what the last rated answer gave, kept or not
  let unkeptMine = []; // your puzzles found while nothing could be kept
  const save = () => {
    try {
      storage.setItem(KEY, JSON.stringify(progress));
    } catch {
      unkept = true;
    }
  };
  const tally = () => {
    const theirs = all.filter((p) => !p.mine), mine = all.filter((p) => p.mine);
    const solved = theirs.filter((p) => progress[p.id] === 'solved').length;
    const mineSolved = mine.filter((p) => progress[p.id] === 'solved').length;
    score.textContent = `Solved ${solved} of ${theirs.length}.` + (mine.length ? ` Your mistakes: ${mineSolved} of ${mine.length} solved.` : '');
    score.dataset.solved = String(solved);
    score.dataset.mine = String(mine.length);
    score.dataset.mineSolved = String(mineSolved);
    const r = lastRating && !lastRating.kept ? lastRating : rating.get();
    ratingEl.textContent = `Your puzzle rating: ${r.rating}${r.count ? ` (${r.count} puzzle${r.count === 1 ? '' : 's'} rated)` : ' (none rated yet: it starts at 1200)'}.` +
      (unkept ? ' Not kept: this browser\'s storage is full (or blocked), so your answers, rating and puzzles go with this page.' : '');
    ratingEl.dataset.unkept = String(unkept);
    ratingEl.dataset.rating = String(r.rating);
    ratingEl.dataset.count = String(r.count);
    for (const o of choose.querySelectorAll('option')) {
      const p = all[Number(o.dataset.index)];
      o.textContent = `${progress[p.id] === 'solved' ? '✓ ' : progress[p.id] === 'tried' ? '· ' : ''}${p.mine ? `your mistake ${mine.indexOf(p) + 1}` : p.id} (${difficulty(p.rating)})`;
    }
  };
  // the list: the project's puzzles, then yours apart
  const fill = () => {
    const kept = own.list();
    all = [...puzzles, ...kept, ...unkeptMine.filter((p) => !kept.some((k) => k.id === p.id))];
    choose.textContent = '';
    const groups = [['puzzles', all.filter((p) => !p.mine)], ['your mistakes', all.filter((p) => p.mine)]];
    for (const [label, list] of groups) {
      if (!list.length) continue;
      const g = document.createElement('optgroup');
      g.label = label;
      for (const p of list) {
        const o = new Option(p.id, p.id);
        o.dataset.index = String(all.indexOf(p));
        g.appendChild(o);
      }
      choose.appendChild(g);
    }
  };
  // the position after the puzzle's moves (or more), on the diagram
  const draw = (p, extra = []) => {
    const r = text.replay(p.rules, p.first || 'white', [...p.moves, ...extra]);
    const pos = r.positions[r.positions.length - 1];
    board.textContent = '';
    board.appendChild(boardSvg(links, p.rules));
    for (const c of board.querySelectorAll('[data-point]')) {
      c.dataset.piece = pos.points[c.dataset.point];
      c.classList.toggle('moved', extra.length > 0 && extra[extra.length - 1].includes(c.dataset.point));
    }
    // the pieces off the board: captured ones, and ones to place (answers
    // can return them: b3-a5@a1)
    for (const side of ['white', 'black']) el.querySelector(`.puzzle-off [data-off="${side}"]`).textContent = offWords(pos.off[side]);
    return r.ok;
  };
  let current = 0;
  // the list shows the puzzle the board shows: its option chosen by its
  // place in the list (a reload's form restore is off: autocomplete="off")
  const showChosen = () => {
    for (const o of choose.querySelectorAll('option')) o.selected = Number(o.dataset.index) === current;
  };
  // The puzzle played on the board, as a game is: the piece, then its
  // point (board_pick.js). A right move is answered by the opponent's reply,
  // played by the page; a puzzle with a second only move (p.then) asks it
  // next. A wrong move is shown with the reply that answers it, and why;
  // "Try again" puts the position back. The first answer rates you: right
  // only when every ask was right at the first try.
  let step = 0, firstTry = true, timer = null;
  const pick = attachPick(board, (m) => answerWith(m));
  const setAsk = (p, k) => {
    step = k;
    const prefix = p.solution.slice(0, 2 * k);
    draw(p, prefix);
    const a = askOf(p, k);
    pick.set([a.move, ...Object.keys(a.wrong)].sort());
    el.dataset.ask = String(k);
    retryButton.hidden = true;
  };
  const rate = (right) => {
    const p = all[current];
    // the first answer to one of the project's puzzles rates you
    if (!(p.id in progress) && !p.mine) {
      lastRating = rating.answer(p.rating, right);
      if (!lastRating.kept) unkept = true;
    }
  };
  const answerWith = (m) => {
    const p = all[current];
    const a = askOf(p, step);
    pick.set([]);
    if (m === a.move) {
      const last = step === asks(p) - 1;
      const played = p.solution.slice(0, 2 * step + 1);
      draw(p, played);
      answer.textContent = last ? rightWords(p, step) : `Right: ${m}.`;
      answer.dataset.result = last ? 'right' : 'going';
      if (last) {
        rate(firstTry);
        progress[p.id] = 'solved';
        save();
        tally();
        // the opponent's reply and the rest of the line, shown after a beat
        timer = setTimeout(() => draw(p, p.solution), REPLY_MS);
        return;
      }
      // the opponent's reply played by the page, then the next ask
      timer = setTimeout(() => {
        if (all[current] !== p) return; // (another puzzle opened, or the list made again)
        setAsk(p, step + 1);
        answer.textContent = rightWords(p, step - 1);
      }, REPLY_MS);
      return;
    }
    if (firstTry) rate(false);
    firstTry = false;
    const w = a.wrong[m];
    draw(p, [...p.solution.slice(0, 2 * step), ...(w.reply ? [m, w.reply] : [m])]);
    answer.textContent = wrongWords(p, m, step);
    answer.dataset.result = 'wrong';
    if (progress[p.id] !== 'solved') progress[p.id] = 'tried';
    save();
    tally();
    retryButton.hidden = false;
    retryButton.focus({ preventScroll: true });
  };
  retryButton.addEventListener('click', () => {
    const p = all[current];
    setAsk(p, step);
    answer.textContent = '';
    answer.dataset.result = '';
  });
  const open = (i) => {
    clearTimeout(timer);
    current = i;
    const p = all[i];
    showChosen();
    el.dataset.puzzle = p.id;
    const t = themes(p);
    const side = toMove(p) === 'white' ? 'green' : 'red';
    goal.textContent = `${p.goal} (${p.rules}, after ${p.moves.length} moves; ${difficulty(p.rating)}, rated ${p.rating}` +
      `${asks(p) > 1 ? '; two moves to find' : ''}${t.length ? `; ${t.join(', ')}` : ''}). Play it on the board: a ${side} piece, then its point.`;
    goal.dataset.rating = String(p.rating);
    goal.dataset.themes = t.join(' ');
    answer.textContent = '';
    answer.dataset.result = '';
    firstTry = true;
    setAsk(p, 0);
  };
  choose.addEventListener('change', () => open(Number(choose.selectedOptions[0].dataset.index)));
  el.querySelector('[data-puzzle-next]').addEventListener('click', () => {
    const next = all.findIndex((p, i) => i > current && progress[p.id] !== 'solved');
    open(next >= 0 ? next : (current + 1) % all.length);
  });
  // your mistakes: the newest kept games you played, reviewed; each of your
  // costly moves' positions judged; the proven ones kept as your puzzles
  mineButton?.addEventListener('click', async () => {
    const games = (records ? records.list() : []).filter((r) => yourSide(r)).slice(0, GAMES_LOOKED_AT);
    if (!games.length) {
      mineStatus.textContent = 'No kept game of yours to look at: play a game against the console first.';
      return;
    }
    mineButton.disabled = true;
    const t0 = performance.now();
    let worker = null;
    const found = [];
    let looked = 0;
    try {
      worker = new Worker('review_worker.js', { type: 'module' });
      for (const [g, r] of games.entries()) {
        mineStatus.textContent = `Looking at your game ${g + 1} of ${games.length}...`;
        const { rows } = await ask(worker, { rules: r.rules, first: r.first, moves: r.moves, level: 6 });
        for (const ply of mistakeCandidates(rows, r.first, yourSide(r))) {
          looked++;
          const { judged } = await ask(worker, { judge: true, rules: r.rules, first: r.first, moves: r.moves.slice(0, ply - 1), level: 6 });
          const p = ownPuzzle(r, ply, judged);
          if (p) found.push(p);
        }
      }
      const added = own.add(found);
      const fresh = added.fresh.length;
      if (!added.kept) {
        unkept = true;
        unkeptMine = [...unkeptMine, ...added.fresh];
      }
      mineStatus.textContent = mineWords({ games: games.length, looked, found: found.length, fresh, kept: added.kept, seconds: (performance.now() - t0) / 1000 });
      mineStatus.dataset.found = String(found.length);
      const shown = all[current]?.id;
      fill();
      tally();
      const first = all.findIndex((p) => p.mine && progress[p.id] !== 'solved');
      if (fresh && first >= 0) open(first);
      else {
        /* the list made again: it still shows the puzzle on the board */
        current = Math.max(0, all.findIndex((p) => p.id === shown));
        showChosen();
      }
    } catch (e) {
      mineStatus.textContent = `Could not look: ${e.message}.`;
    } finally {
      worker?.terminate();
      mineButton.disabled = false;
    }
  });
  fill();
  let playing = null;
  try {
    playing = rules();
  } catch {
    /* no console: any rule set */
  }
  const unsolved = (p) => progress[p.id] !== 'solved' && !p.mine;
  const inRules = all.findIndex((p) => unsolved(p) && p.rules === playing);
  const first = inRules >= 0 ? inRules : all.findIndex(unsolved);
  tally();
  open(first >= 0 ? first : 0);
}
