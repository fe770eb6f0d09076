// `node scripts/check-docs.mjs` (a step of npm test): checks docs/requirements.md and docs/architecture.md against the code:
//  1. every spec id cited in code (comments and test titles) is a heading of requirements.md
//     (numbers, "2.3 item N", and titled sub-ids such as "6 Warehouse actions");
//  2. every issue citation in code is listed in the P section's table;
//  3. every repository path the two docs name exists;
//  4. every fixed message of the contract's MESSAGES appears verbatim in requirements.md.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const root = process.argv[2] ?? process.cwd();
process.chdir(root);
// Tracked and new (not ignored) files as they are in the work tree: a deleted file is not read, a new one is.
const files = execSync('git ls-files --cached --others --exclude-standard apps packages e2e scripts', { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|js|sql)$/.test(f) && fs.existsSync(f));

const req = fs.readFileSync('docs/requirements.md', 'utf8');
const arch = fs.readFileSync('docs/architecture.md', 'utf8');

// ---- headings of requirements.md
const headings = [...req.matchAll(/^#{2,4} (.+)$/gm)].map((m) => m[1].trim());
const numbers = new Set();
const items = new Set();
const titles = new Map(); // number -> [lowercased titles]
for (const h of headings) {
  const m = /^(\d+(?:\.\d+)*|P\d+|P)\b\s*(.*)$/.exec(h);
  if (!m) continue;
  numbers.add(m[1]);
  const rest = m[2];
  const item = /^item (\d+)/.exec(rest);
  if (item) items.add(`${m[1]} item ${item[1]}`);
  else if (rest) {
    const t = titles.get(m[1]) ?? [];
    t.push(
      rest
        .replace(/\s*\(.*$/, '')
        .replace(/:.*$/, '')
        .toLowerCase(),
    );
    titles.set(m[1], t);
  }
}
const sectionBody = (id) => {
  const start = req.search(new RegExp(`^#{2,4} ${id.replace('.', '\\.')}\\b`, 'm'));
  if (start < 0) return '';
  const bodyStart = req.indexOf('\n', start) + 1;
  const next = req.slice(bodyStart).search(/^#{2,3} /m);
  return next < 0 ? req.slice(start) : req.slice(start, bodyStart + next);
};

// ---- citations in code
const cited = new Map(); // id -> Set(files)
const note = (id, file) => {
  if (!cited.has(id)) cited.set(id, new Set());
  cited.get(id).add(file);
};
const problems = [];
const review = [];
let citationCount = 0;

function parseList(text, file, raw) {
  // text: "2.3 item 1, 4 Address default flag, 7.1" (already cut at its end)
  let current = null;
  text = text.replace(/items\s+(\d+)\s+and\s+(\d+)/g, 'items $1&$2');
  for (let piece of text.split(/,|;|\band\b(?=\s+\d)/)) {
    piece = piece.trim();
    if (!piece) continue;
    const m = /^(\d+(?:\.\d+)*)\b\s*(.*)$/.exec(piece);
    let rest;
    if (m) {
      current = m[1];
      rest = m[2];
      note(current, file);
      citationCount++;
      if (!numbers.has(current)) problems.push(`${file}: cites ${current}, not a heading (${raw})`);
    } else {
      if (!current) continue;
      rest = piece;
    }
    if (!rest) continue;
    const it = /^items?\s+(\d+)(?:\s*(?:–|-|&)\s*(\d+))?/.exec(rest);
    if (it) {
      const from = Number(it[1]);
      const to = it[2] ? Number(it[2]) : from;
      const range = /–|-/.test(rest.slice(0, it[0].length)) ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [from, to];
      for (const n of new Set(range)) {
        const id = `${current} item ${n}`;
        note(id, file);
        if (!items.has(id)) problems.push(`${file}: cites ${id}, not a heading`);
      }
      continue;
    }
    if (/^\d/.test(rest)) continue;
    // Prose that follows the id ("spec 7 are mixed-case", "spec 2.1 names …") is not a sub-id.
    const lead = rest.split(/\s+/)[0];
    if (/^[a-z]+$/.test(lead) && !(titles.get(current) ?? []).some((t) => rest.toLowerCase().startsWith(t))) continue;
    // A titled sub-id (4 Address default flag) or call names after a 7.x id.
    for (const part of rest
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const word = part.replace(/[.)\s]+$/, '');
      const known = (titles.get(current) ?? []).some((t) => word.toLowerCase().startsWith(t) || t.startsWith(word.toLowerCase()));
      const first = word.split(/\s+/)[0];
      if (known) note(`${current} ${word}`, file);
      else if (/^[a-z]+[A-Z]\w*$/.test(first)) {
        // A call or field name after a 7.x id: it must be named in that section.
        note(`${current} ${first}`, file);
        if (!sectionBody(current).includes(first)) problems.push(`${file}: ${first} is not named under ${current}`);
      } else if (/^[A-Z]/.test(word)) review.push(`${file}: "${word}" after ${current} (${raw})`);
      // else: prose that follows the id ("spec 7 are mixed-case"), not a sub-id
    }
  }
}

for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  // Join comment continuation lines so a citation wrapped over two lines reads as one.
  const joined = text.replace(/\n\s*(?:\/\/|\*(?!\/)|--)\s?/g, ' ');
  // "spec 7.3", "spec section 6", "Spec 2.3 item 11", "spec sections 2.3 and 3"
  for (const m of joined.matchAll(/\bspec(?:ification)?(?:'s)?\s+(?:sections?\s+)?(\d[^()\n:'"`]*)/gi)) {
    let list = m[1];
    list = list.split(/\s+\(|\.\s|\.$|—|: /)[0];
    parseList(list, file, m[0].slice(0, 80));
  }
  // bare "section 3", "sections 2.3 and 3" not preceded by "spec"
  for (const m of joined.matchAll(/(?<!spec\s)(?<!spec\ssection\s)\bsections?\s+(\d+(?:\.\d+)*(?:\s+and\s+\d+(?:\.\d+)*)?)/gi)) {
    for (const id of m[1].split(/\s+and\s+/)) parseList(id, file, m[0]);
  }
  // bare "(7.2 chooseSettle)", "(2.2)", "(9)" in comments only
  const comments = [...text.matchAll(/(?:^|\s)(?:\/\/|\*|--)(.*)$/gm)].map((c) => c[1]).join('\n');
  for (const m of comments.matchAll(/\(([1-9]\.\d)(?=[\s),])([^)\n]*)\)/g)) parseList(`${m[1]}${m[2]}`, file, m[0]);
  for (const m of comments.matchAll(/\b(?:cookie|spec)\s+\((\d)\)/g)) parseList(m[1], file, m[0]);
}

// ---- issue citations
const issueProblems = [];
const issueCites = new Set();
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8').replace(/\n\s*(?:\/\/|\*(?!\/)|--)\s?/g, ' ');
  for (const m of text.matchAll(/\bissues?[ -](\d+)(?:,?\s+points?\s+(\d+)(?:\s+and\s+(\d+))?)?/gi)) {
    const [, n, p1, p2] = m;
    const key = `issue ${n}${p1 ? `, point${p2 ? 's' : ''} ${p1}${p2 ? ` and ${p2}` : ''}` : ''}`;
    issueCites.add(key);
    const table = req.slice(req.indexOf('| cited in code as |'), req.indexOf('### P1 '));
    if (!table.includes(`| ${key} |`) && !table.includes(`| ${key} (`)) issueProblems.push(`${file}: ${key} not in the P table`);
  }
}

// ---- paths named in the docs
let pathsChecked = 0;
const missing = [];
const checkPath = (p, doc) => {
  const clean = p.replace(/[#?].*$/, '').replace(/\/$/, '');
  if (clean.includes('*')) {
    const [head] = clean.split('*');
    const dir = head.replace(/\/[^/]*$/, '');
    pathsChecked++;
    if (!fs.existsSync(dir)) missing.push(`${doc}: ${p}`);
    return;
  }
  pathsChecked++;
  if (!fs.existsSync(clean)) missing.push(`${doc}: ${p}`);
};
for (const [doc, body, base] of [
  ['docs/requirements.md', req, 'docs'],
  ['docs/architecture.md', arch, 'docs'],
]) {
  for (const m of body.matchAll(/`([^`\s]+)`/g)) {
    const t = m[1];
    if (
      /^(apps|packages|e2e|scripts|docs)\/[\w./*-]*$/.test(t) ||
      /^(README\.md|package\.json|eslint\.config\.js|tsconfig\.base\.json)$/.test(t)
    )
      checkPath(t, doc);
  }
  for (const m of body.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (/^https?:/.test(m[1])) continue;
    checkPath(path.normalize(path.join(base, m[1])), doc);
  }
}

// ---- anchors used in links resolve to headings (GitHub slugs)
const slug = (h) =>
  h
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorProblems = [];
for (const [doc, body] of [
  ['docs/requirements.md', req],
  ['docs/architecture.md', arch],
]) {
  const own = new Set([...body.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1].trim())));
  for (const m of body.matchAll(/\]\(([^)\s]*)#([^)\s]+)\)/g)) {
    const target = m[1] ? fs.readFileSync(path.join('docs', m[1]), 'utf8') : null;
    const set = target ? new Set([...target.matchAll(/^#{1,6} (.+)$/gm)].map((x) => slug(x[1].trim()))) : own;
    if (!set.has(m[2])) anchorProblems.push(`${doc}: link #${m[2]} has no heading`);
  }
}

// ---- exact messages
const messagesSrc = fs.readFileSync('packages/contract/src/messages.ts', 'utf8');
const fixed = [...messagesSrc.matchAll(/^\s+\w+: '([^']+)',$/gm)].map((m) => m[1]);
const missingMessages = fixed.filter((s) => !req.includes(s));

const specIds = [...cited.keys()].filter((k) => /^\d/.test(k));
console.log(`citations parsed: ${citationCount} numeric citations in code`);
console.log(`distinct spec ids cited (numbers): ${[...new Set(specIds.map((k) => k.split(' ')[0]))].length}`);
console.log(`distinct spec ids cited (with items and titled sub-ids): ${specIds.length}`);
console.log(`headings in requirements.md carrying an id: ${headings.filter((h) => /^(\d|P)/.test(h)).length}`);
console.log(`issue citations: ${[...issueCites].sort().join(' | ')}`);
console.log(`paths checked: ${pathsChecked}`);
console.log(`fixed messages checked: ${fixed.length}`);
const all = [
  ...problems,
  ...issueProblems,
  ...missing.map((m) => `missing path ${m}`),
  ...anchorProblems,
  ...missingMessages.map((m) => `message not quoted: ${m}`),
];
if (review.length) console.log(`\nfor review (text after an id that is not a heading title):\n  ${[...new Set(review)].join('\n  ')}`);
if (process.argv.includes('--ids')) console.log(`\ncited ids:\n  ${specIds.sort().join('\n  ')}`);
if (all.length) {
  console.log(`\nPROBLEMS (${all.length}):\n  ${all.join('\n  ')}`);
  process.exit(1);
}
console.log('\nall checks passed');
