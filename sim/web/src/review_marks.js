// The review's marks, as lichess gives them: each move judged by how much
// of its mover's winning chances it threw away; inaccuracy, mistake and
// blunder past 0.1, 0.2 and 0.3 of the chances (-1 lost .. +1 won), a
// count of each per side and an accuracy figure per side. No DOM: the page
// draws them (review.js), node tests them.
//
// Winning chances from the AI's score (centi-pieces: 100 is a piece), on
// lichess's curve 2 / (1 + e^(-k x)) - 1 with k = 0.004 a centi-piece:
// half a piece from an even game is an inaccuracy, one piece a mistake,
// 1.6 pieces a blunder; a decided score (the AI sees the game won or lost,
// 20 pieces and up here) is all the chances.
const K = 0.004;
const CLAMP = 2000; // the worker's clamp: a decided game counts as 20 pieces
export const MARKS = [
  { name: 'blunder', sign: '??', drop: 0.3 },
  { name: 'mistake', sign: '?', drop: 0.2 },
  { name: 'inaccuracy', sign: '?!', drop: 0.1 },
];

export const chances = (cp) => 2 / (1 + Math.exp(-K * Math.max(-CLAMP, Math.min(CLAMP, cp)))) - 1;

// lichess's accuracy of a move from the drop of its mover's win percentage
// (0..100): 100 for no drop, about 64 for a drop of 10 points
export const moveAccuracy = (dropPercent) =>
  Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * Math.max(0, dropPercent)) - 3.1669));

// A decided score (the AI sees the game won or lost: AI_WIN less 128 a
// ply, firmware/ai/ai.h; 8,264 and up) as the moves to its end, or null.
export const DECIDED = 8000;
const AI_WIN = 10000, AI_PLY_COST = 128;
export const pliesToEnd = (cp) => (Math.abs(cp) >= DECIDED ? Math.max(1, Math.round((AI_WIN - Math.abs(cp)) / AI_PLY_COST)) : null);

// A score (green's view, centi-pieces) in words: "+1.25", "-0.50", or a
// forced result, never as pieces: "green wins in 5" (moves, one side's
// turn each)
export function scoreWords(cp) {
  const n = pliesToEnd(cp);
  if (n === null) return `${cp > 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
  return `${cp > 0 ? 'green' : 'red'} wins in ${n}`;
}

// What a move cost its mover, in words: pieces between two open games; a
// win thrown away or a loss walked into said as such (a decided score is
// no number of pieces: the board holds ten)
export function costWords(row, first) {
  const sign = moverOf(row.ply, first) === 'white' ? 1 : -1;
  const best = sign * row.before, got = sign * row.after;
  if (row.move === row.best || row.cost <= 0) return '0';
  if (best >= DECIDED && got < DECIDED) return 'forced win';
  if (got <= -DECIDED && best > -DECIDED) return 'forced loss';
  if (best >= DECIDED && got >= DECIDED) return 'slower win';
  if (best <= -DECIDED) return '0';
  return (row.cost / 100).toFixed(2);
}

// The side that made move `ply` (1 for the first move), 'white' or 'black'.
export const moverOf = (ply, first) => ((ply % 2 === 1) === (first === 'white') ? 'white' : 'black');

// One move judged: its row (before = the best line's score, after = the
// position the move left; both green's view, centi-pieces, as
// review_worker.js sends them) -> { drop (of the mover's chances, 0..2),
// mark (a MARKS entry or null), accuracy (0..100) }.
export function judgeMove(row, first) {
  const sign = moverOf(row.ply, first) === 'white' ? 1 : -1;
  const before = chances(sign * row.before), after = chances(sign * row.after);
  const drop = row.move === row.best ? 0 : Math.max(0, before - after);
  const mark = MARKS.find((m) => drop >= m.drop) || null;
  return { drop, mark, accuracy: moveAccuracy(drop * 50) };
}

// The whole game: { white: { inaccuracy, mistake, blunder, moves,
// accuracy }, black: ... } (accuracy: the mean of the side's moves', a
// whole percent; null for a side that made no move).
export function judgeGame(rows, first) {
  const sides = {};
  for (const s of ['white', 'black']) sides[s] = { inaccuracy: 0, mistake: 0, blunder: 0, moves: 0, sum: 0 };
  for (const row of rows) {
    const j = judgeMove(row, first);
    const s = sides[moverOf(row.ply, first)];
    s.moves++;
    s.sum += j.accuracy;
    if (j.mark) s[j.mark.name]++;
  }
  for (const s of Object.values(sides)) {
    s.accuracy = s.moves ? Math.round(s.sum / s.moves) : null;
    delete s.sum;
  }
  return sides;
}

const plural = (n, word) => `${n} ${n === 1 ? word : word === 'inaccuracy' ? 'inaccuracies' : `${word}s`}`;

// "green (you): 2 inaccuracies, 1 mistake, 0 blunders, accuracy 87%"
export function sideSummary(name, s) {
  return `${name}: ${plural(s.inaccuracy, 'inaccuracy')}, ${plural(s.mistake, 'mistake')}, ${plural(s.blunder, 'blunder')}` +
    (s.accuracy == null ? '' : `, accuracy ${s.accuracy}%`);
}
