// The page: one emulated console (the board chosen by ?board=NAME), its
// matrix drawn from the pins, its buttons, sound, saves and debug console.
import { Buttons, BUTTONS } from './buttons.js';
import { Buzzer } from './buzzer.js';
import { ConsoleText } from './console_text.js';
import { Display595 } from './display595.js';
import { EEPROMStore } from './eeprom_store.js';
import { initFlash } from './flash_page.js';
import { GameLog } from './game_log.js';
import { loadHex } from './hex.js';
import { N } from './matrix.js';
import { MCU } from './mcu.js';
import { Records, RECORDS_MAX, TEXT_MAX, completeRecord, parseRecords, recordAtOver, recordFromHash, recordLink, recordSummary, recordText } from './records.js';
import { Replay } from './replay.js';
import { initPlayOn } from './play_on.js';
import { initReview } from './review.js';
import { drawProgress } from './progress.js';
import { initFollow } from './follow_page.js';
import { initPuzzles } from './puzzles_page.js';
import { Runner } from './runner.js';
import { DisplayWS2812 } from './ws2812.js';

const UART_LINES = 300;
// the keyboard of `make play`: arrows, z (or space, Enter) = A, x (or
// Backspace) = B, m = B held for a second (the menu)
const KEYS = {
  ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right',
  z: 'a', Z: 'a', ' ': 'a', Enter: 'a', x: 'b', X: 'b', Backspace: 'b',
};
const LONG_B_MS = 1000;
// the builds, in a player's words
const BOARD_WORDS = {
  'jarmo-handheld': ['The handheld', 'the reference console: 64 red/green lights, six buttons, three AA cells'],
  'jarmo-nano': ['Arduino Nano', 'an Arduino Nano with an 8 x 8 RGB LED panel (WS2812B) and six buttons'],
};
// the settings a link may set (?level=5), as jarmo-sim --set names them
const LINK_SETTINGS = ['mode', 'level', 'rules', 'side', 'first', 'match'];

const $ = (sel) => document.querySelector(sel);

async function fetchText(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  return r.text();
}

// what each LED outside the board is for, told on hover
function ledRole(x, y) {
  if (x < 5 && y < 5) return `point ${String.fromCharCode(97 + x)}${5 - y}`;
  if (y === 7) return 'whose turn';
  if (x === 5 && y < 5) return '';
  if (x === 6) return "green's pieces off the board";
  if (x === 7) return "red's pieces off the board";
  return '';
}

function buildMatrix(el, links) {
  // the faceplate's board behind the top-left 5 x 5
  const face = document.createElement('div');
  face.className = 'board-area';
  el.appendChild(face);
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++) {
      const led = document.createElement('div');
      led.className = x < 5 && y < 5 ? 'led on-board' : 'led';
      led.dataset.led = `${x},${y}`;
      led.dataset.color = '.';
      const role = ledRole(x, y);
      if (role) led.title = role;
      el.appendChild(led);
    }
  // the board's lines over the LEDs, as on the faceplate: point a1..e5 on
  // LED column 0..4, rank 5 on the top row; their ends are put on the LEDs'
  // centres once the page is laid out (placeLines)
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.classList.add('lines');
  const led = (p) => el.querySelector(`[data-led="${p.charCodeAt(0) - 97},${5 - Number(p[1])}"]`);
  for (const line of links.split('\n')) {
    const [p, q, extra] = line.trim().split(/\s+/);
    if (!q) continue;
    const l = document.createElementNS(ns, 'line');
    l.dataset.link = `${p}-${q}`;
    l.ledA = led(p);
    l.ledB = led(q);
    if (extra === '1') l.classList.add('jasir-only');
    svg.appendChild(l);
  }
  el.appendChild(svg);
  // the files a..e above the board's columns, the rows 5..1 left of its rows
  for (let i = 0; i < 5; i++) {
    for (const [text, x, y, cls] of [[String.fromCharCode(97 + i), i, 0, 'file'], [String(5 - i), 0, i, 'rank']]) {
      const c = document.createElement('div');
      c.className = `coord ${cls}`;
      c.dataset.coord = text;
      c.textContent = text;
      c.ledAt = el.querySelector(`[data-led="${x},${y}"]`);
      el.appendChild(c);
    }
  }
  face.ledA = el.querySelector('[data-led="0,0"]');
  face.ledB = el.querySelector('[data-led="4,4"]');
  const place = () => placeLines(el, svg);
  window.addEventListener('resize', place);
  requestAnimationFrame(place);
  place();
  return [...el.querySelectorAll('.led')];
}

// "Get the firmware": each board's hex from make dist, with its size,
// version and SHA-256 (dist.json, fetched once for this list and the
// Flash section)
async function listFirmware(el, distLoaded) {
  const dist = await distLoaded;
  el.textContent = '';
  for (const [board, f] of Object.entries(dist.boards)) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `dist/${f.file}`;
    a.download = f.file;
    a.dataset.board = board;
    a.textContent = f.file;
    const about = document.createElement('span');
    about.textContent = ` (${board}, version ${dist.version}, ${f.flash_bytes.toLocaleString('en')} bytes of flash) SHA-256 `;
    const sum = document.createElement('code');
    sum.className = 'sha256';
    sum.textContent = f.sha256;
    li.append(a, about, sum);
    el.appendChild(li);
  }
}

// An LED's centre in the matrix element's coordinates.
function centreOf(el, led) {
  const a = el.getBoundingClientRect();
  const b = led.getBoundingClientRect();
  return [b.left - a.left + b.width / 2, b.top - a.top + b.height / 2];
}

// The lines' ends on the LEDs' centres, in the matrix's own pixels; the
// coordinate labels beside the first row and column.
function placeLines(el, svg) {
  const box = el.getBoundingClientRect();
  svg.setAttribute('viewBox', `0 0 ${box.width} ${box.height}`);
  for (const l of svg.querySelectorAll('line')) {
    const [x1, y1] = centreOf(el, l.ledA);
    const [x2, y2] = centreOf(el, l.ledB);
    Object.entries({ x1, y1, x2, y2 }).forEach(([k, v]) => l.setAttribute(k, v.toFixed(2)));
  }
  const face = el.querySelector('.board-area');
  if (face) {
    const a = face.ledA.getBoundingClientRect(), b = face.ledB.getBoundingClientRect();
    const pad = a.width * 0.45;
    Object.assign(face.style, {
      left: `${a.left - box.left - pad}px`, top: `${a.top - box.top - pad}px`,
      width: `${b.right - a.left + 2 * pad}px`, height: `${b.bottom - a.top + 2 * pad}px`,
    });
  }
  for (const c of el.querySelectorAll('.coord')) {
    const [x, y] = centreOf(el, c.ledAt);
    if (c.classList.contains('file')) c.style.left = `${x}px`;
    else c.style.top = `${y}px`;
  }
}

function ledStyle({ r, g, b }) {
  // the eye's response: a dim LED still glows
  const c = (v) => Math.round(255 * Math.pow(v, 0.6));
  return r + g + b < 0.02 ? '' : `rgb(${c(r)}, ${c(g)}, ${c(b)})`;
}

// "Which console": one button a build; only a confirmed click switches,
// and each build keeps its own saved game (its own EEPROM in this browser)
function boardChooser(el, boards, name) {
  for (const b of boards) {
    const [title, about] = BOARD_WORDS[b] || [b, ''];
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.board = b;
    button.className = 'board-choice';
    button.setAttribute('aria-pressed', String(b === name));
    button.innerHTML = '<b></b><span></span>';
    button.querySelector('b').textContent = b === name ? `${title} (playing)` : title;
    button.querySelector('span').textContent = about;
    button.onclick = () => {
      if (b === name) return;
      if (name === null) { // no console is playing (an unknown ?board=): nothing to keep
        location.search = `?board=${b}`;
        return;
      }
      const ask = `Switch to the ${title} console?\n\nEach console keeps its own saved game in this browser: ` +
        `your game on this one stays saved, and it resumes when you switch back.`;
      if (!confirm(ask)) return;
      location.search = `?board=${b}`;
    };
    el.appendChild(button);
  }
}

function showNote(lines) {
  if (!lines.length) return;
  const note = $('#note');
  note.textContent = lines.join(' ');
  note.hidden = false;
}

// ?level=5&rules=jasir...: a new game with those settings, written through
// the console's own settings record (console.wasm), after asking before it
// replaces a game in progress. Bad names and values are ignored and said.
// A game where nothing has been played yet (the log saw its start and no
// move) is replaced without asking: nothing is lost. A "no" leaves a
// button that starts the link's game after all (?...&replace=1).
function applyLinkSettings(text, eeprom, name, log) {
  const params = new URLSearchParams(location.search);
  const replace = params.get('replace') === '1';
  const wanted = [...params].filter(([k]) => k !== 'board' && k !== 'replace');
  if (!wanted.length) return;
  const said = [];
  const image = eeprom.bytes.slice();
  const applied = [];
  for (const [k, v] of wanted) {
    const r = text.set(image, `${k}=${v}`);
    if (r.ok) applied.push(`${k} ${v}`);
    else said.push(`Ignored ${k}=${v}: ${r.why}.`);
  }
  let offer = null;
  if (applied.length) {
    const unplayed = log.setup && !log.partial && !log.over && log.moves.length === 0;
    const inProgress = text.status(eeprom.bytes).game && !unplayed && !replace;
    if (inProgress && !confirm(`This link starts a new game (${applied.join(', ')}).\n\nIt replaces the game in progress on this console. Start the new game?`)) {
      said.unshift('Kept the game in progress: the link\'s settings were not used.');
      const again = new URLSearchParams(wanted);
      again.set('replace', '1');
      offer = `?board=${name}&${again}`;
    } else {
      text.dropGame(image);
      eeprom.bytes.set(image);
      eeprom.save();
      said.unshift(`A new game from the link: ${applied.join(', ')}.`);
    }
  }
  showNote(said);
  if (offer) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.linkReplace = '';
    b.textContent = 'Start the link\'s game instead';
    b.addEventListener('click', () => location.assign(offer));
    $('#note').append(' ', b);
  }
  // a reload goes on with the game, it does not ask again
  history.replaceState(null, '', `?board=${name}`);
}

function drawMoves(el, log) {
  el.textContent = '';
  if (log.partial) {
    const li = document.createElement('li');
    li.className = 'earlier';
    li.textContent = 'resumed: the earlier moves were made before this page opened';
    el.appendChild(li);
  }
  for (const [n, m] of log.numbered()) {
    const li = document.createElement('li');
    li.dataset.n = n;
    li.textContent = `${n}. ${m}`;
    el.appendChild(li);
  }
  for (const r of log.results) {
    const li = document.createElement('li');
    li.className = 'result';
    li.textContent = r;
    el.appendChild(li);
  }
  el.scrollTop = el.scrollHeight;
}

// the kept games, newest first: each entry [data-record] with its summary,
// a view of its text, a file to export and a link that opens it
function drawRecords(el, list, view, open, now = null, playOn = null) {
  el.textContent = '';
  // the game being played on the console: in the list as in progress, a
  // kept record once it ends (its moves are kept across a reload)
  if (now) {
    const li = document.createElement('li');
    li.dataset.inProgress = '';
    li.dataset.rules = now.rules;
    const span = document.createElement('span');
    const n = now.moves.length;
    span.textContent = `in progress · ${now.rules} · ${now.white} (green) v ${now.black} (red) · ${n} move${n === 1 ? '' : 's'} so far`;
    const show = document.createElement('button');
    show.textContent = 'Replay';
    show.dataset.show = '';
    show.addEventListener('click', () => open({ ...now, date: '', result: null, reason: 'none', inProgress: true }, `${span.textContent}\n\n${now.moves.join(' ')}\n`));
    li.append(span, ' ', show);
    el.appendChild(li);
  }
  if (!list.length) {
    const li = document.createElement('li');
    li.className = 'empty';
    li.textContent = 'No games yet: a game played here is kept when it ends.';
    el.appendChild(li);
    return;
  }
  for (const r of list) {
    const li = document.createElement('li');
    li.dataset.record = '';
    li.dataset.rules = r.rules;
    li.dataset.result = r.result || '';
    if (!r.result) li.dataset.unfinished = '';
    const text = recordText(r);
    const span = document.createElement('span');
    span.textContent = recordSummary(r);
    const show = document.createElement('button');
    show.textContent = 'Replay';
    show.dataset.show = '';
    show.addEventListener('click', () => open(r, text));
    const file = document.createElement('a');
    file.textContent = 'Export';
    file.dataset.export = '';
    file.href = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
    file.download = `jarmo-${(r.date || 'game').slice(0, 16).replace(/[:T]/g, '-')}-${r.rules}.txt`;
    const link = document.createElement('a');
    link.textContent = 'Link';
    link.dataset.link = '';
    link.href = `${location.pathname}${location.search}${recordLink(r)}`;
    li.append(span, ' ', show, ' ', file, ' ', link);
    // an unfinished game (an import) is played on from its last move
    if (!r.result && playOn) {
      const on = document.createElement('button');
      on.textContent = 'Play on';
      on.dataset.playOn = '';
      on.title = 'play this game on from its last move, against the engine';
      on.addEventListener('click', () => {
        view.hidden = true;
        playOn.start(r);
      });
      li.append(' ', on);
    }
    el.appendChild(li);
  }
}

// the records section: the list, import by file, open by #game= link
function initRecords(records, replay, log) {
  const list = $('#records');
  const view = $('#record-view');
  const note = $('#record-note');
  // a game opened: its text under the replay
  const open = (r, text) => {
    view.textContent = text;
    view.hidden = false;
    replay.open(r, r.inProgress ? text.split('\n')[0] : recordSummary(r)); // (the console's game in progress: its list line)
    replay.el.focus({ preventScroll: true });
  };
  const redraw = () => {
    const all = records.list();
    drawRecords(list, all, view, open, log.inProgress(), playOn);
    drawProgress($('#progress'), all);
  };
  const playOn = initPlayOn($('#replay'), replay, { records, changed: redraw });
  // every record of a file or a link, each replayed by the rules core
  // (its result is its moves'); all kept, or none with the reason
  const take = (parsed, from) => {
    if (!parsed.ok) {
      note.textContent = `Could not open the game ${from}: ${parsed.why}. Nothing was changed.`;
      return;
    }
    const games = [];
    for (let i = 0; i < parsed.records.length; i++) {
      const c = completeRecord(parsed.records[i], replay.text);
      const which = parsed.records.length > 1 ? `game ${i + 1} of ${parsed.records.length} ` : 'game ';
      if (!c.ok) {
        note.textContent = `Could not open the ${which}${from}: ${c.why}. Nothing was changed.`;
        return;
      }
      games.push(c.record);
    }
    // kept while the list has room: an import never pushes out a kept game
    const results = games.map((r) => records.add(r, { imported: true }));
    const full = results.filter((k) => k.full).length;
    const refused = results.find((k) => !k.ok && !k.full);
    const last = games[games.length - 1];
    const what = games.length > 1 ? `${games.length} games ${from}; the last: ` : `the game ${from}: `;
    if (full) {
      // the player says whether the oldest kept games make room for them
      const notKept = games.filter((_, i) => results[i].full);
      const drop = Math.min(notKept.length, RECORDS_MAX);
      const which = full < games.length ? `${full} of them ${full === 1 ? 'is' : 'are'}` : games.length > 1 ? 'They are' : 'It is';
      note.textContent = `Opened ${what}${recordSummary(last)}. ${which} not kept: the list is full (${RECORDS_MAX} games), and an opened game never pushes out one you kept without your say. `;
      const keep = document.createElement('button');
      keep.id = 'keep-opened';
      keep.textContent = `Keep ${full === 1 ? 'it' : 'them'}, dropping your ${drop} oldest kept game${drop === 1 ? '' : 's'}`;
      keep.addEventListener('click', () => {
        const bad = notKept.map((r) => records.add(r)).find((k) => !k.ok);
        note.textContent = bad ? `Not all kept: ${bad.why}.` : `Kept ${notKept.length} more; the ${drop} oldest of before dropped.`;
        redraw();
      });
      note.append(keep);
    } else if (refused) note.textContent = `Opened ${what}${recordSummary(last)}; not all kept: ${refused.why}.`;
    else note.textContent = `Opened ${what}${recordSummary(last)}.${last.result ? '' : ' It is unfinished: "Play on" in the list plays it on from its last move, against the engine.'}`;
    open(last, recordText(last));
    redraw();
  };
  $('#import-record').addEventListener('change', async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    if (f.size > TEXT_MAX) {
      note.textContent = `Could not open ${f.name}: ${f.size} bytes is far more than games hold (${TEXT_MAX} at most). Nothing was changed.`;
      return;
    }
    take(parseRecords(await f.text()), `from ${f.name}`);
    ev.target.value = '';
  });
  const fromHash = () => {
    const parsed = recordFromHash(location.hash);
    if (parsed) take(parsed, 'from the link');
  };
  window.addEventListener('hashchange', fromHash);
  fromHash();
  redraw();
  return redraw;
}

async function main() {
  const boards = JSON.parse(await fetchText('boards.json'));
  const name = new URLSearchParams(location.search).get('board') || boards[0];
  if (!boards.includes(name)) {
    boardChooser($('#boards'), boards, null);
    throw new UnknownBoard(name, boards);
  }
  boardChooser($('#boards'), boards, name);

  const [board, hex, links, text] = await Promise.all([
    fetchText(`${name}/board.json`).then(JSON.parse),
    fetchText(`${name}/firmware.hex`),
    fetchText('links.txt'),
    ConsoleText.load(),
  ]);
  document.title = `Jarmo console (${(BOARD_WORDS[name] || [name])[0]})`;
  const dist = fetchText('dist.json').then(JSON.parse);
  listFirmware($('#firmware'), dist).catch((e) => ($('#firmware').textContent = `no firmware list: ${e.message}`));
  initFlash($('#flash'), { board: name, boards, dist }).catch((e) => console.error('flash section:', e));
  const eeprom = new EEPROMStore(`jarmo-eeprom-${name}`);
  const hold = await holdConsole(name, { steal: takeOverAsked(name) });
  eeprom.readOnly = !hold.held;
  if (eeprom.unreadable)
    showNote([`The console's memory kept in this browser could not be read, so it starts as a new console; ` +
      `what was there is kept aside, unchanged (local storage key ${eeprom.unreadable}).`]);

  // the game in words: the status from the saved game after each change,
  // the moves from the debug console (kept for a reload)
  const logKey = `jarmo-moves-${name}`;
  const log = new GameLog();
  const records = new Records(localStorage);
  const replay = new Replay($('#replay'), text, links);
  initReview($('#replay'), replay);
  const redrawRecords = initRecords(records, replay, log);
  initFollow($('#follow'), { replay, records, redraw: redrawRecords });
  initPuzzles($('#puzzles'), { text, links, records, rules: () => text.settings(eeprom.bytes).rules }).catch((e) => console.error('puzzles:', e));
  try {
    log.restore(JSON.parse(localStorage.getItem(logKey)));
  } catch {
    /* no list kept, or not one: start empty */
  }
  // a reload at a game's end: the console saved the next game at its
  // start and goes on with it, so the result it was showing is said here
  if (log.over && log.results.length) {
    const last = log.results[log.results.length - 1];
    const shown = last.startsWith('Match') && log.results.length > 1 ? [log.results[log.results.length - 2], last] : [last];
    showNote([`Before the reload: ${shown.join(' ')}`]);
  }
  redrawRecords(); /* a game in progress before the reload: in the list again */
  const status = $('#status');
  let statusVersion = -1;
  let latestLine = ''; // the console's newest line of the game: tells the end screens (status_text.h)
  let menuOpen = false; // from the console's "menu" line to "menu closed", a start or a restart
  let statusLatest = null;
  function updateStatus() {
    const latest = menuOpen ? `menu ${latestLine}`.trim() : latestLine;
    if (eeprom.version === statusVersion && latest === statusLatest) return;
    statusVersion = eeprom.version;
    statusLatest = latest;
    const s = text.status(eeprom.bytes, latest);
    status.textContent = s.game ? s.text : 'A new game is starting.';
    status.dataset.game = String(s.game);
  }
  const share = $('#share');
  function updateShare() {
    const all = text.settings(eeprom.bytes);
    const q = LINK_SETTINGS.filter((k) => k in all).map((k) => `${k}=${all[k]}`).join('&');
    share.href = `?board=${name}&${q}`;
    share.textContent = `${location.origin}${location.pathname}?${q}`;
  }
  const mcu = new MCU(loadHex(hex), board.f_cpu, eeprom);
  const display = board.display === 'ws2812' ? new DisplayWS2812(mcu, board) : new Display595(mcu, board);
  const buttons = new Buttons(mcu, board);
  const buzzer = new Buzzer(mcu, board);

  const uart = $('#uart');
  const words = $('#words');
  let uartText = '';
  let line = '';
  mcu.usart.onByteTransmit = (byte) => {
    if (byte === 10) {
      // the rule set in play, from the console's own start/resume line:
      // jasir's extra link is drawn only in jasir
      const game = line.match(/^(?:start|resume) (\w+)/);
      if (game) {
        $('#matrix').dataset.rules = game[1];
        document.body.dataset.rules = game[1];
        updateShare();
      }
      // a game that ends here is kept, unless it was resumed with moves
      // this page never saw (its record would not replay); its over line
      // gets the side its end names, from the game replayed (the status
      // and the results say whose pieces ended it: status_text.h)
      const over = recordAtOver(log, line);
      let gameLine = line; // (the debug console shows the line as the console said it)
      if (over && !over.partial) {
        const end = text.replay(over.record.rules, over.record.first, over.record.moves).positions.at(-1)?.over;
        if (end && (end.side === 'white' || end.side === 'black')) gameLine = `${line} ${end.side}`;
      }
      if (/^(start|resume|move|undo|over|return|hint) /.test(line)) latestLine = gameLine;
      if (line === 'menu') menuOpen = true;
      else if (line === 'menu closed' || /^(start|jarmo) /.test(line)) menuOpen = false;
      if (over && !over.partial) {
        const kept = records.add(over.record);
        if (!kept.ok) $('#record-note').textContent = `This game could not be kept: ${kept.why}.`;
        redrawRecords();
      }
      // the words scrolling on the matrix, as text under the console until
      // a button or the console's next line
      const scrolling = line.startsWith('words ');
      words.hidden = !scrolling;
      if (scrolling) words.textContent = line.slice(6);
      if (log.line(gameLine)) {
        drawMoves($('#moves'), log);
        if (/^(start|resume|move|undo|over) /.test(line)) redrawRecords(); /* the game in progress */
        try {
          localStorage.setItem(logKey, JSON.stringify(log));
        } catch {
          /* storage full or blocked: the list is only not kept */
        }
      }
      uartText += line + '\n';
      line = '';
      const lines = uartText.split('\n');
      if (lines.length > UART_LINES) uartText = lines.slice(-UART_LINES).join('\n');
      uart.textContent = uartText;
      uart.scrollTop = uart.scrollHeight;
    } else if (byte !== 13) {
      line += String.fromCharCode(byte);
    }
  };

  const leds = buildMatrix($('#matrix'), links);
  const drawn = new Array(leds.length).fill('');
  const speed = $('#speed');
  let lastDraw = 0;
  function draw() {
    display.leds().forEach((led, i) => {
      const style = ledStyle(led);
      const key = led.letter + style;
      if (drawn[i] === key) return;
      drawn[i] = key;
      leds[i].dataset.color = led.letter;
      leds[i].style.backgroundColor = style;
    });
    buzzer.update();
    updateStatus();
    const s = runner.stats();
    if (s.ratio) {
      const pct = Math.round(100 * s.ratio);
      speed.textContent =
        pct >= 95 ? `running in real time` : `this machine runs the console at ${pct}% of real time: the game is the same, only slower`;
      speed.classList.toggle('slow', pct < 95);
    }
  }
  const runner = new Runner(mcu, () => buttons.update(), () => {
    const now = performance.now();
    if (now - lastDraw > 30) {
      lastDraw = now;
      draw();
    }
  });

  // buttons: the pictured ones (mouse and touch) and the keyboard
  for (const b of BUTTONS) {
    const el = document.querySelector(`[data-button="${b}"]`);
    const down = (e) => {
      words.hidden = true;
      e.preventDefault();
      buzzer.enableAudio();
      el.classList.add('pressed');
      buttons.press(b);
    };
    const up = () => {
      el.classList.remove('pressed');
      buttons.release(b);
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointerleave', up);
    el.addEventListener('pointercancel', up);
  }
  window.addEventListener('keydown', (e) => {
    // the page's own links and buttons keep Enter and Space; arrows, z, x
    // and m always play
    const pageControl = e.target instanceof Element && e.target.closest('a, button:not([data-button]), summary, input, select, textarea');
    if (pageControl && !e.key.startsWith('Arrow') && !'zxmZXM'.includes(e.key)) return;
    buzzer.enableAudio();
    if (e.key === 'm' || e.key === 'M') {
      if (!e.repeat) buttons.press('b', LONG_B_MS);
    } else if (KEYS[e.key]) {
      if (!e.repeat) buttons.press(KEYS[e.key]);
    } else return;
    words.hidden = true;
    e.preventDefault();
  });
  window.addEventListener('keyup', (e) => {
    if (KEYS[e.key]) buttons.release(KEYS[e.key]);
  });
  $('#erase').onclick = () => {
    if (!confirm('Erase the saved settings and game of this console and restart it?')) return;
    eeprom.clear();
    localStorage.removeItem(logKey);
    location.reload();
  };
  updateShare();

  // for people and tests: the console's parts
  window.jarmo = { board, mcu, display, buttons, buzzer, runner, eeprom, log, text, stats: () => ({ ...runner.stats(), uart: uartText }) };
  const play = (held) => {
    eeprom.readOnly = false;
    eeprom.reload(); // what the other tab saved last
    applyLinkSettings(text, eeprom, name, log);
    updateShare();
    runner.start();
    held.lost.then(() => {
      // another tab took the console: stop here, store nothing more
      runner.stop();
      eeprom.readOnly = true;
      elsewhere('This console is now open in another tab of this browser, and its game goes on there.', () => {
        sessionStorage.setItem(TAKE_OVER_KEY, name);
        location.reload();
      });
    });
  };
  if (hold.held) play(hold);
  else
    elsewhere('This console is already open in another tab of this browser. Two tabs would overwrite each other\'s saved game, so it is paused here.', async () => {
      $('#elsewhere').hidden = true;
      play(await holdConsole(name, { steal: true }));
    });
}

// ---- one tab plays a console ------------------------------------------------
// Each console's saved game lives once in this browser: a Web Lock per
// console lets one tab play it; another tab says so and offers to take over
// (the lock is stolen, the first tab stops and says where its game went).
const TAKE_OVER_KEY = 'jarmo-take-over';
function takeOverAsked(name) {
  const asked = sessionStorage.getItem(TAKE_OVER_KEY) === name;
  sessionStorage.removeItem(TAKE_OVER_KEY);
  return asked;
}
// { held: true, lost: a promise that settles when another tab takes over }
// or { held: false }
function holdConsole(name, { steal = false } = {}) {
  if (!navigator.locks) return Promise.resolve({ held: true, lost: new Promise(() => {}) });
  return new Promise((resolve) => {
    let lostNow;
    const lost = new Promise((r) => (lostNow = r));
    navigator.locks
      .request(`jarmo-console-${name}`, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve({ held: false });
          return null;
        }
        resolve({ held: true, lost });
        return new Promise(() => {}); // until the page closes, or another tab steals it
      })
      .catch(() => lostNow());
  });
}
function elsewhere(text, onTakeOver) {
  $('#speed').textContent = 'paused: open in another tab';
  $('#status').textContent = 'Paused here: this console plays in another tab of this browser.';
  const box = $('#elsewhere');
  box.querySelector('span').textContent = text;
  box.querySelector('button').onclick = onTakeOver;
  box.hidden = false;
}

class UnknownBoard extends Error {
  constructor(name, boards) {
    super(`there is no console called "${name}" in this build. Choose one under "Which console" below, or open:`);
    this.boards = boards;
  }
}

main().catch((e) => {
  const error = $('#error');
  error.textContent = `The console could not start: ${e.message}`;
  (e.boards ?? []).forEach((b, i) => {
    const a = document.createElement('a');
    a.href = `?board=${b}`;
    a.dataset.board = b;
    a.textContent = (BOARD_WORDS[b] || [b])[0];
    error.append(i ? ' · ' : ' ', a);
  });
  $('#speed').textContent = 'no console';
  $('#status').textContent = 'No console is running: choose one above.';
  error.hidden = false;
  console.error(e);
});
