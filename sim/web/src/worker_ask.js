// One request to the review's worker (review_worker.js): resolves with the
// rows and the end message (a review), the judged moves (a judge) or the
// engine's line (a line) or a turn of a game played on, or rejects with
// the worker's error. Used by the puzzles' "your mistakes", the review's
// "Retry your mistakes" and best lines, and play_on.js.
export function askWorker(worker, msg) {
  return new Promise((resolve, reject) => {
    const rows = [];
    worker.onmessage = ({ data }) => {
      if (data.row) rows.push(data.row);
      else if (data.error) reject(new Error(data.error));
      else resolve({ rows, judged: data.judged, line: data.line, turn: data.turn });
    };
    worker.onerror = (e) => reject(new Error(e.message || 'the engine did not load'));
    worker.postMessage(msg);
  });
}
