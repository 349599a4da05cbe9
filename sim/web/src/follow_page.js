// "Follow a console": a console on this computer's USB (the flasher's
// Web Serial connection, at the console's debug rate, 38,400 baud) is
// followed from its debug lines (follower.js): each move on the replay
// board as it is played, each game that ends kept in the list.
import { Follower } from './follower.js';
import { completeRecord, recordSummary } from './records.js';

export const FOLLOW_BAUD = 38400; // BOARD_DEBUG_BAUD in both boards' headers

export function initFollow(el, { replay, records, redraw }) {
  const button = el.querySelector('[data-follow]');
  const status = el.querySelector('.follow-status');
  let port = null;
  let reader = null;
  const say = (text, state) => {
    status.textContent = text;
    status.dataset.state = state;
  };
  if (!('serial' in navigator)) {
    button.disabled = true;
    say('Following a console needs Web Serial (Chromium or Edge on a desktop).', 'unsupported');
    return;
  }
  const stop = async () => {
    try {
      await reader?.cancel();
    } catch {
      /* already gone */
    }
    try {
      await port?.close();
    } catch {
      /* already closed */
    }
    port = reader = null;
    button.textContent = 'Follow a console';
  };
  button.addEventListener('click', async () => {
    if (port) {
      await stop();
      say('Stopped following.', 'stopped');
      return;
    }
    try {
      port = await navigator.serial.requestPort();
    } catch {
      say('No port chosen: nothing followed.', 'error');
      return;
    }
    try {
      await port.open({ baudRate: FOLLOW_BAUD });
    } catch (e) {
      port = null;
      say(`The port did not open (in use by another program?): ${e.message}`, 'error');
      return;
    }
    button.textContent = 'Stop following';
    say('Following: waiting for the console to say which game it plays (opening the port restarts it).', 'waiting');
    let setup = null;
    const follower = new Follower((ev) => {
      if (ev.type === 'start') {
        setup = ev.setup;
        say(`Following: ${setup.rules}, game ${setup.game} of ${setup.games}.`, 'following');
        replay.open({ rules: setup.rules, first: setup.first, moves: [] }, `Following the console: ${setup.rules}, game ${setup.game} of ${setup.games}`);
      } else if (ev.type === 'move' && setup) {
        replay.open({ rules: setup.rules, first: setup.first, moves: ev.moves }, `Following the console: ${setup.rules}, game ${setup.game} of ${setup.games}`);
        replay.show(ev.moves.length);
      } else if (ev.type === 'over') {
        if (ev.partial) {
          say('A game ended that was under way before following began: not kept.', 'following');
          return;
        }
        // kept only as the reader and the rules core accept it (a port can
        // say anything: junk never takes a real game's place in the list)
        const checked = completeRecord(ev.record, replay.text);
        const kept = checked.ok ? records.add(checked.record) : checked;
        redraw();
        if (kept.ok) say(`Game over: ${recordSummary(checked.record)}, kept in the list.`, 'over');
        else say(`A game ended, not kept: ${kept.why}.`, 'over');
      }
    });
    reader = port.readable.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        follower.bytes(value);
      }
      if (port) say('The console stopped talking (the port closed).', 'closed');
    } catch (e) {
      if (port) say(`The console was lost (cable pulled?): ${e.message}`, 'lost');
    } finally {
      await stop();
    }
  });
}
