// The web page's words, built at `make web` time from the project's own
// texts (never a copy kept by hand):
//   - build/web/index.html: sim/web/index.html with its markers filled:
//     <!-- teach --> sim/web/teach.md, <!-- legend --> the legend of
//     docs/display.md, <!-- diagram --> the board's lines from the rules
//     core's link table (links.txt, written by build/host/board_links);
//   - build/web/docs/NAME.html: every docs/NAME.md as a page of the site.
// Markdown by markdown-it (npm, pinned in sim/web/package-lock.json).
//   node sim/web/site.mjs OUT_DIR
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import MarkdownIt from './node_modules/markdown-it/dist/markdown-it.mjs';

const out = process.argv[2];
if (!out) {
  console.error('usage: node sim/web/site.mjs OUT_DIR');
  process.exit(2);
}
const md = new MarkdownIt({ html: true, typographer: false });
const fail = (why) => {
  console.error(`site: ${why}`);
  process.exit(1);
};

// links between the docs become links between their pages; a link out of
// docs/ (a source file) has no page on the site: its text stays, as code
function fixLinks(html, inDocs) {
  return html.replace(/<a href="([^"]*)">(.*?)<\/a>/g, (all, href, text) => {
    if (/^(https?:|#|mailto:)/.test(href)) return all;
    const m = href.match(/^(?:\.\/)?(?:docs\/)?([\w-]+)\.md(#.*)?$/);
    if (m && readdirSync('docs').includes(`${m[1]}.md`)) return `<a href="${inDocs ? '' : 'docs/'}${m[1]}.html${m[2] || ''}">${text}</a>`;
    if (/\.html(#.*)?$/.test(href)) return all;
    return `<code>${text}</code>`;
  });
}

// the text between <!-- NAME --> and <!-- /NAME --> in a markdown file
function section(file, name) {
  const text = readFileSync(file, 'utf8');
  const m = text.match(new RegExp(`<!-- ${name} -->\\n([\\s\\S]*?)<!-- /${name} -->`));
  if (!m) fail(`${file} has no <!-- ${name} --> ... <!-- /${name} --> section`);
  return m[1];
}
const legendMd = () => section('docs/display.md', 'legend');

// the legend's looks as the LEDs look on the page: a swatch before each
// row whose first cell names colours ("dim green / red")
const LOOKS = { 'dim green': 'g', 'bright green': 'G', 'dim yellow': 'y', 'bright yellow': 'Y', red: 'r' };
function swatches(html) {
  return html.replace(/<tr>\n<td>([^<]*)<\/td>/g, (all, cell) => {
    const m = cell.match(/^(dim|bright) (green|yellow)( \/ red)?/);
    if (!m) return all;
    const first = LOOKS[`${m[1]} ${m[2]}`];
    const second = m[3] ? (m[1] === 'dim' ? 'r' : 'R') : '';
    const blink = /blinking/.test(cell) ? ' blink' : '';
    const dots = [first, second].filter(Boolean).map((c) => `<span class="swatch${blink}" data-color="${c}"></span>`).join('');
    return `<tr>\n<td>${dots} ${cell}</td>`;
  });
}

// <!-- include: FILE.md#NAME --> in a doc: that section of the other doc
const expandIncludes = (text) =>
  text.replace(/<!-- include: ([\w-]+\.md)#([\w-]+) -->/g, (_, file, name) => section(`docs/${file}`, name));

// ---- the board's diagram ------------------------------------------------------
// Points a1..e5 (file a left, row 5 on top) and the lines between them from
// links.txt ("P Q EXTRA": EXTRA 1 = a line only jasir has, drawn dashed).
function diagram(links) {
  const S = 56, M = 34; // spacing and margin, px
  const at = (p) => [M + (p.charCodeAt(0) - 97) * S, M + (5 - Number(p[1])) * S];
  const parts = [];
  for (const line of links.trim().split('\n')) {
    const [p, q, extra] = line.trim().split(/\s+/);
    const [[x1, y1], [x2, y2]] = [at(p), at(q)];
    parts.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${extra === '1' ? ' class="jasir-only"' : ''}/>`);
  }
  for (let f = 0; f < 5; f++)
    for (let r = 1; r <= 5; r++) {
      const p = String.fromCharCode(97 + f) + r;
      const [x, y] = at(p);
      const who = r === 1 ? ' class="white"' : r === 5 ? ' class="black"' : '';
      parts.push(`<circle cx="${x}" cy="${y}" r="9"${who}><title>${p}</title></circle>`);
    }
  for (let i = 0; i < 5; i++) {
    parts.push(`<text x="${M + i * S}" y="${M + 4 * S + 30}">${String.fromCharCode(97 + i)}</text>`);
    parts.push(`<text x="${M - 24}" y="${M + i * S + 4}">${5 - i}</text>`);
  }
  const size = 2 * M + 4 * S;
  const count = links.trim().split('\n').length;
  return `<svg class="diagram" viewBox="-4 0 ${size + 4} ${size + 8}" role="img" aria-label="the Jarmo board: 25 points and ${count} lines">${parts.join('')}</svg>`;
}

// ---- teach.md: its rule-set sections become elements the page shows one of --
function teach() {
  const text = readFileSync('sim/web/teach.md', 'utf8').replace(/^<!--[\s\S]*?-->\n/, '');
  const pieces = text.split(/<!-- rules:(\w+) -->\n/);
  let html = md.render(pieces[0]);
  const all = [];
  for (let i = 1; i < pieces.length; i += 2) {
    if (pieces[i] === 'end') {
      // every rule set's rules a click away, not only the one in play
      html += `<details class="all-rules"><summary>The four rule sets</summary>${all.join('')}</details>`;
      html += md.render(pieces[i + 1]);
    } else {
      html += `<div data-rules-text="${pieces[i]}">${md.render(pieces[i + 1])}</div>`;
      all.push(`<div data-rules-all="${pieces[i]}">${md.render(pieces[i + 1])}</div>`);
    }
  }
  return fixLinks(html, false);
}

// ---- the pages ------------------------------------------------------------------
mkdirSync(join(out, 'docs'), { recursive: true });
const fill = (template, name, html) => {
  if (!template.includes(`<!-- ${name} -->`)) fail(`sim/web/index.html has no <!-- ${name} --> marker`);
  return template.replace(`<!-- ${name} -->`, () => html);
};
let index = readFileSync('sim/web/index.html', 'utf8');
index = fill(index, 'teach', teach());
index = fill(index, 'legend', swatches(md.render(legendMd())));
index = fill(index, 'diagram', diagram(readFileSync(join(out, 'links.txt'), 'utf8')));
writeFileSync(join(out, 'index.html'), index);

// the players' pages first, then the makers'
const FIRST = ['manual.md', 'quickref.md', 'rules.md', 'display.md'];
const rank = (f) => (FIRST.includes(f) ? FIRST.indexOf(f) : FIRST.length);
const docs = readdirSync('docs').filter((f) => f.endsWith('.md')).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const nav = docs.map((f) => `<a href="${basename(f, '.md')}.html">${basename(f, '.md')}</a>`).join(' · ');
for (const f of docs) {
  const text = expandIncludes(readFileSync(join('docs', f), 'utf8'));
  const title = (text.match(/^# (.*)$/m) || [, basename(f, '.md')])[1];
  const body = fixLinks(md.render(text), true);
  writeFileSync(join(out, 'docs', `${basename(f, '.md')}.html`), `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title.replace(/[<>&]/g, '')}</title>
<link rel="stylesheet" href="../style.css">
<link rel="icon" href="data:,">
</head>
<body class="doc">
<nav><a href="../index.html">&larr; the console</a> · ${nav}</nav>
<article>
${body}</article>
</body>
</html>
`);
}
console.log(`site: index.html and ${docs.length} pages in ${out}/docs`);
