// An unfinished game in the list (an import: docs/records.md) played on
// from its last move, on the replay's board against the review's engine
// (review_worker.js, { turn: true }): you play as you did (the side named
// "you", else the side to move), a piece and then its point
// (board_pick.js); the engine plays the other side at the record's level
// (3 when it has none). Every move is kept in the record at once, so a
// reload loses nothing; when the game ends the record gets its result and
// counts as any finished game.
import { attachPick } from './board_pick.js';
import { recordSummary, recordText } from './records.js';
import { askWorker } from './worker_ask.js';

const moverAfter = (r, n) => ((n % 2 === 0) === (r.first === 'white') ? 'white' : 'black');
const colour = (side) => (side === 'white' ? 'green' : 'red');

export function initPlayOn(el, replay, { records, changed }) {
  const box = el.querySelector('.play-on');
  const say = box.querySelector('.play-on-say');
  let worker = null, record = null, kept = '', you = 'white', level = 3, legal = [];
  const stop = () => {
    worker?.terminate();
    worker = null;
    pick.set([]);
  };
  const pick = attachPick(el.querySelector('.replay-board'), (m) => {
    // the board stepped away from the game's last position (the arrows, a
    // best line): that position again, the move not played
    if (replay.record !== record || replay.gameLine || replay.ply !== record.moves.length) {
      replay.showGame(record.moves.length);
      pick.set(legal);
      return;
    }
    pick.set([]);
    turn(m).catch((e) => (say.textContent = `The engine stopped: ${e.message}.`));
  });
  // a review or its Retry started: playing on stops there (every move is
  // kept; Play on goes on from the last)
  for (const b of el.querySelectorAll('[data-review-start], [data-retry-start]'))
    b.addEventListener('click', () => {
      if (!worker) return;
      stop();
      say.textContent = `Stopped playing on: your moves are kept in the list, and its Play on goes on from the last.`;
    });
  // the record with one more move: kept, shown at its end
  const add = (m) => {
    record = { ...record, moves: [...record.moves, m] };
    const over = replay.text.replay(record.rules, record.first, record.moves).positions.at(-1).over;
    if (over) record = { ...record, result: `${over.white}-${over.black} ${over.winner}`, reason: over.reason || 'none', date: new Date().toISOString().slice(0, 19) + 'Z' };
    const k = records.replace(kept, record);
    if (k.ok) kept = recordText(record); // (not kept: the next write replaces the text still kept)
    open(record);
    changed();
    if (!k.ok) say.dataset.unkept = k.why;
    return over;
  };
  const ended = () => {
    stop();
    box.dataset.over = 'true';
    say.textContent = `The game is over: ${recordSummary(record)}. It is kept in the list with its result.${say.dataset.unkept ? ` (Not kept: ${say.dataset.unkept}.)` : ''}`;
  };
  // your move m (or none: the engine starts), the engine's answer, then your turn
  const turn = async (m) => {
    if (m && add(m)) return ended();
    say.textContent = 'The engine is thinking...';
    const { turn: t } = await askWorker(worker, { turn: true, rules: record.rules, first: record.first, moves: record.moves, level, engine: true });
    if (t.played && add(t.played)) return ended();
    if (!t.legal.length) return ended();
    say.textContent = `${t.played ? `The engine played ${t.played}. ` : ''}Your move (${colour(you)}): a piece, then its point.${say.dataset.unkept ? ` Not kept: ${say.dataset.unkept}.` : ''}`;
    box.dataset.turn = 'you';
    legal = t.legal;
    pick.set(legal);
  };
  // another game opened in the replay: playing on stops (the record keeps
  // every move played)
  let opening = false;
  const before = replay.onOpen;
  replay.onOpen = () => {
    before?.();
    if (opening) return;
    stop();
    box.hidden = true;
  };
  const open = (r) => {
    opening = true;
    try {
      replay.open(r, recordSummary(r));
    } finally {
      opening = false;
    }
    replay.show(r.moves.length);
  };
  return {
    // plays on the kept record r (its text in the list: recordText(r))
    async start(r) {
      stop();
      record = r;
      kept = recordText(r);
      you = r.white === 'you' ? 'white' : r.black === 'you' ? 'black' : moverAfter(r, r.moves.length);
      const engineSide = you === 'white' ? 'black' : 'white';
      level = Number.isInteger(r.level) ? r.level : 3;
      open(r);
      box.hidden = false;
      replay.el.focus();
      delete box.dataset.over;
      delete box.dataset.turn;
      delete say.dataset.unkept;
      say.textContent = `Playing on: you ${colour(you)}, the engine ${colour(engineSide)} (level ${level}).`;
      worker = new Worker('review_worker.js', { type: 'module' });
      try {
        if (moverAfter(r, r.moves.length) === you) {
          const { turn: t } = await askWorker(worker, { turn: true, rules: r.rules, first: r.first, moves: r.moves, level, engine: false });
          say.textContent = `Playing on: you ${colour(you)}, the engine ${colour(engineSide)} (level ${level}). Your move: a piece, then its point.`;
          box.dataset.turn = 'you';
          legal = t.legal;
          pick.set(legal);
        } else await turn(null);
      } catch (e) {
        say.textContent = `The engine stopped: ${e.message}.`;
      }
    },
  };
}
