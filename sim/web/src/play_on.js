// An unfinished game in the list (an import: docs/records.md) played on
// from its last move, on the replay's board against the review's engine
// (review_worker.js, { turn: true }): you play as you did (the side named
// "you", else the side to move), a piece and then its point
// (board_pick.js); the engine plays the other side at the record's level
// (3 when it has none). Every move is kept in the record at once, so a
// reload loses nothing; when the game ends the record gets its result and
// counts as any finished game.
import { attachPick } from './board_pick.js';
import { completeRecord, recordSummary, recordText } from './records.js';
import { askWorker } from './worker_ask.js';
import { yourSide } from './puzzles.js';
import { moverOf } from './review_marks.js';

const colour = (side) => (side === 'white' ? 'green' : 'red');

export function initPlayOn(el, replay, { records, changed }) {
  const box = el.querySelector('.play-on');
  const say = box.querySelector('.play-on-say');
  let worker = null, record = null, kept = '', you = 'white', level = 3;
  const stop = () => {
    worker?.terminate();
    worker = null;
    pick.set([]);
  };
  const pick = attachPick(el.querySelector('.replay-board'), (m) => {
    // the board stepped away from the game's last position (the arrows, a
    // best line): that position again, the move not played
    if (replay.record !== record || replay.gameLine || replay.ply !== record.moves.length) return replay.showGame(record.moves.length);
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
  // the record with one more move, its result from its moves once it is
  // over (completeRecord, as an import is read): kept, shown at its end;
  // true when the game is over
  const add = (m) => {
    const c = completeRecord({ ...record, moves: [...record.moves, m] }, replay.text);
    if (!c.ok) throw new Error(c.why);
    record = c.record.result ? { ...c.record, date: new Date().toISOString().slice(0, 19) + 'Z' } : c.record;
    const k = records.replace(kept, record);
    if (k.ok) kept = recordText(record); // (not kept: the next write replaces the text still kept)
    open(record);
    changed();
    if (!k.ok) say.dataset.unkept = k.why;
    return Boolean(record.result);
  };
  const ended = () => {
    stop();
    box.dataset.over = 'true';
    say.textContent = `The game is over: ${recordSummary(record)}. It is kept in the list with its result.${say.dataset.unkept ? ` (Not kept: ${say.dataset.unkept}.)` : ''}`;
  };
  // your move m (null: none yet), the engine's answer when the turn is its,
  // then your turn; `lead`: words before what the turn says
  const turn = async (m, lead = '') => {
    if (m && add(m)) return ended();
    const engineMoves = moverOf(record.moves.length + 1, record.first) !== you;
    say.textContent = `${lead}${engineMoves ? 'The engine is thinking...' : ''}`;
    const { turn: t } = await askWorker(worker, { turn: true, rules: record.rules, first: record.first, moves: record.moves, level, engine: engineMoves });
    if (t.played && add(t.played)) return ended();
    if (!t.legal.length) return ended();
    say.textContent = `${lead}${t.played ? `The engine played ${t.played}. ` : ''}Your move (${colour(you)}): a piece, then its point.${say.dataset.unkept ? ` Not kept: ${say.dataset.unkept}.` : ''}`;
    box.dataset.turn = 'you';
    pick.set(t.legal);
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
      you = yourSide(r) ?? moverOf(r.moves.length + 1, r.first);
      const engineSide = you === 'white' ? 'black' : 'white';
      level = Number.isInteger(r.level) ? r.level : 3;
      open(r);
      box.hidden = false;
      replay.el.focus();
      delete box.dataset.over;
      delete box.dataset.turn;
      delete say.dataset.unkept;
      worker = new Worker('review_worker.js', { type: 'module' });
      try {
        await turn(null, `Playing on: you ${colour(you)}, the engine ${colour(engineSide)} (level ${level}). `);
      } catch (e) {
        say.textContent = `The engine stopped: ${e.message}.`;
      }
    },
  };
}
