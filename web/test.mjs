// The judge's page in a real browser: serves web/ on localhost, drives the system's headless
// Chromium (playwright-core, no browser download) through the page as a judge would (load a
// board, read validate's view, click a declaration, check it, ask for the best attack, cancel,
// a time limit, a board under Mana Reflection, a Forge file, a board typed as card names per
// player, enumerate, a declaration typed as one line, the blocks step on a board with combat and
// the way from a legal attack to its blockers, bad input), and compares every verdict with the command line's own text for
// the same files: the page must say exactly what `attackopt` says. Also what issue 40 asked of
// the page: its loading state, the menu of model boards, names on target buttons, the names
// panel following the board, warnings styled as warnings, no request answered 4xx/5xx.
//
// node test.mjs [--screenshot PATH]   (PATH: also write the README's screenshot there)
// Environment: ATTACKOPT_BIN (default ../target/release/attackopt), CHROMIUM (default
// /usr/bin/chromium).

import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, statSync, existsSync, rmSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, extname, basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(WEB, '..');
const MODELS = join(ROOT, 'models');
const BIN = process.env.ATTACKOPT_BIN || join(ROOT, 'target', 'release', 'attackopt');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// Relative to where web/ci.sh was started (it changes to web/ before running this).
const shotArg = process.argv.includes('--screenshot') ? process.argv[process.argv.indexOf('--screenshot') + 1] : null;
const readmeShot = shotArg ? resolve(process.env.ATTACKOPT_WEB_CALLER_DIR || process.cwd(), shotArg) : null;

let failures = 0;
function check(ok, what, detail = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) {
    failures++;
    if (detail) console.log(detail);
  }
}
function same(actual, expected, what) {
  check(actual === expected, what, `--- page:\n${actual}\n--- attackopt:\n${expected}`);
}

/** The command line's standard output (any exit status), run in `cwd` so file names match. */
function cli(args, cwd) {
  // The card lists of --cards are cached in the test's folder, never the user's.
  const r = spawnSync(BIN, args, { cwd, encoding: 'utf8', env: { ...process.env, ATTACKOPT_CACHE_DIR: tmp } });
  if (r.error) throw r.error;
  return { out: r.stdout, err: r.stderr, status: r.status };
}

// ---- A static server for web/, as any static host would be ----------------------------------

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png' };
// What the page asked for and the folder does not hold (a favicon.ico, issue 40).
const missing = [];
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  const file = join(WEB, path === '/' ? 'index.html' : path);
  if (!file.startsWith(WEB) || !existsSync(file) || !statSync(file).isFile()) {
    missing.push(path);
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${server.address().port}`;

if (!existsSync(BIN)) {
  console.error(`${BIN} not found: build it with cargo build --release (or set ATTACKOPT_BIN)`);
  process.exit(2);
}
if (!existsSync(join(WEB, 'pkg', 'attackopt_web_bg.wasm'))) {
  console.error('web/pkg/ is not built: run web/ci.sh');
  process.exit(2);
}

const tmp = mkdtempSync(join(tmpdir(), 'attackopt-web-'));
const context = await chromium.launchPersistentContext(join(tmp, 'profile'), {
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1100, height: 900 },
});
// Offline: every request that is not to the page's own folder is refused and counted.
const outside = [];
await context.route('**/*', (route) => {
  const url = route.request().url();
  if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
  outside.push(url);
  return route.abort();
});
// The engine held back until the loading state is checked: the worker's script is answered
// only then (routes run last registered first; fallback hands it to the route above).
let releaseEngine;
const engineHeld = new Promise((ok) => { releaseEngine = ok; });
await context.route('**/worker.js', async (route) => {
  await engineHeld;
  return route.fallback();
});
// Every answer the page and its worker got: none may be an error (a favicon 404, issue 40).
const failed = [];
context.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
const page = context.pages()[0] || (await context.newPage());
const pageErrors = [];
page.on('pageerror', (e) => pageErrors.push(String(e)));
page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));

try {
  await page.goto(`${origin}/index.html`);
  // ---- Before the engine has started: the page says so, its controls wait -------------------
  const loading = await page.evaluate(() => ({
    status: document.getElementById('board-status').textContent,
    footer: document.querySelector('footer').textContent,
    disabled: ['model-board', 'board-file', 'read-board', 'build-names'].filter((id) => document.getElementById(id).disabled),
  }));
  same(loading.status, 'Loading the engine…', 'before the engine starts, the page says it is loading');
  same(loading.disabled.join(' '), 'model-board board-file read-board build-names', 'before the engine starts, its controls are disabled');
  check(loading.footer.startsWith('attackopt: loading the engine…') && !/attackopt\s*,/.test(loading.footer), `the footer says the engine is loading, with no empty version (${loading.footer.slice(0, 40)})`);
  releaseEngine();
  await page.waitForFunction(() => document.body.dataset.engine === 'ready', null, { timeout: 30000 });
  const footer = await page.textContent('footer');
  const version = cli(['--version'], tmp).out.trim(); // "attackopt 0.1.0"
  check(footer.startsWith(`${version}, running as WebAssembly`), `the page loads and the engine starts; the footer names its version (${footer.slice(0, 50)})`);
  check(!(await page.isDisabled('#read-board')) && !(await page.isDisabled('#model-board')), 'once the engine has started, its controls are enabled');

  // ---- The menu of model boards: every models/*.json, what it shows from models/README.md ------
  const boards = readdirSync(MODELS).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)).sort();
  const menu = await page.$$eval('#model-board option', (os) => os.filter((o) => o.value).map((o) => [o.value, o.title]));
  same(menu.map(([name]) => name).join(' '), boards.join(' '), 'the menu offers every model board');
  check(menu.every(([, what]) => what.length > 20), 'each model board in the menu says what it shows');

  // ---- The 8-player model, from the menu: validate's view, best attack ---------------------
  await page.selectOption('#model-board', 'commander-eight-player');
  await page.waitForSelector('#declare-section:not([hidden])');
  same(await page.textContent('#model-what'), menu.find(([name]) => name === 'commander-eight-player')[1], 'the chosen model board says what it shows');
  same(await page.textContent('#validate-text'), cli(['validate', 'commander-eight-player.json'], MODELS).out, "validate's view is the command line's");
  const view = JSON.parse(cli(['validate', '--format', 'json', 'commander-eight-player.json'], MODELS).out);
  const rows = await page.$$eval('#creatures .creature', (rs) => rs.map((r) => r.dataset.creature));
  same(rows.join(' '), view.creatures.map((c) => c.id).join(' '), 'one row per creature of the attacking side');

  const verdict = async (button) => {
    const started = Date.now();
    await page.click(button);
    await page.waitForFunction(() => document.getElementById('cancel').disabled && !document.getElementById('verdict-section').hidden);
    return { text: await page.textContent('#verdict-text'), badge: await page.textContent('#verdict-badge'), ms: Date.now() - started };
  };

  const best = await verdict('#best');
  same(best.text, cli(['solve', 'commander-eight-player.json'], MODELS).out, 'best attack: the command line\'s solve, word for word');
  check(best.badge.startsWith('BEST ATTACK (proven optimal)'), `best attack badge: ${best.badge}`);
  console.log(`time to verdict (best attack, 8-player model, click to text): ${best.ms} ms`);

  // Targets by name: a planeswalker's card name, the id after it; a player without a name by id.
  const button = (target) => page.$eval(`#creatures .creature button[data-target="${target}"]`, (b) => [b.textContent, b.title]);
  const [teferi, teferiTitle] = await button('pwC');
  same(teferi, 'Teferi, Temporal Archmage pwC', "a planeswalker's button shows its name (and its id)");
  check(teferiTitle.endsWith('attacks Teferi, Temporal Archmage (pwC)'), `its title says who attacks what (${teferiTitle})`);
  same((await button('D'))[0], 'D', "an unnamed player's button shows the id");
  // The names panel follows the board: its eight players, A attacking.
  const panel = () => page.$$eval('#name-players .name-player', (rs) => rs.map((r) => `${r.querySelector('.player-id').value}${r.querySelector('.attacking').checked ? '*' : ''}`).join(' '));
  same(await panel(), 'A* B C D E F G H', "the names panel shows the model's players");
  // Its lines are the names syntax: they build a board with the same attacking creatures.
  await page.click('#names-section > summary');
  await page.click('#build-names');
  await page.waitForFunction(() => document.getElementById('board-status').textContent.startsWith('Built from the names') && document.getElementById('cancel').disabled);
  const rebuilt = await page.$$eval('#creatures .creature', (rs) => rs.length);
  same(rebuilt, view.creatures.length, "the panel's lines build a board with the model's attacking creatures");
  await page.click('#names-section > summary');
  await page.selectOption('#model-board', 'commander-eight-player');
  await page.waitForFunction(() => document.querySelector('#creatures .creature[data-creature="jugg"]') && document.getElementById('cancel').disabled);

  // ---- A declaration from models/declarations/, then one clicked ---------------------------
  const declFile = join(MODELS, 'declarations', 'commander-eight-player.archon.json');
  await page.setInputFiles('#declaration-file', declFile);
  const archon = await verdict('#check');
  const expected = cli(['check', 'commander-eight-player.json', join('declarations', basename(declFile))], MODELS);
  same(archon.text, expected.out, 'a loaded declaration: the command line\'s check, word for word');
  check(archon.badge.startsWith(expected.status === 1 ? 'ILLEGAL' : 'LEGAL'), `its badge follows the exit status ${expected.status}: ${archon.badge}`);
  console.log(`time to verdict (check, 8-player model, click to text): ${archon.ms} ms`);
  // The declaration as one line (issue 40), what a judge copies into --attack.
  const attackLine = () => page.inputValue('#attack-line');
  const archonDecl = JSON.parse(readFileSync(declFile, 'utf8'));
  same(await attackLine(), archonDecl.attacks.map((a) => `${a.creature}=${a.target}`).join(', '), 'a loaded declaration file shows as one line, as --attack takes it');
  const shot = join(tmp, 'screenshot.png');
  await page.screenshot({ path: shot, fullPage: true });
  const png = readFileSync(shot);
  check(png.length > 10000 && png.subarray(1, 4).toString() === 'PNG', `a screenshot was written (${png.length} bytes)`);
  if (readmeShot) copyFileSync(shot, readmeShot);

  // The closest legal declaration, shown on the board, is what the command line offers.
  await page.click('#show-declaration');
  const picked = await page.$$eval('#creatures button.picked', (bs) => bs.map((b) => `${b.closest('.creature').dataset.creature} -> ${b.dataset.target}`));
  const offered = JSON.parse(cli(['check', '--format', 'json', 'commander-eight-player.json', join('declarations', basename(declFile))], MODELS).out).legal_alternative;
  same(picked.sort().join(', '), offered.attacks.map((a) => `${a.creature} -> ${a.target}`).sort().join(', '), 'the closest legal declaration is shown on the board');

  // Clicked by hand: two attacks, one of them forbidden (Serra Angel at D, Blazing Archon).
  await page.click('#clear');
  same(await attackLine(), '', 'clearing the attacks empties the line');
  const clicks = [['angel', 'D'], ['drake', 'H'], ['angel', 'B'], ['giant', 'C'], ['giant', 'C']];
  for (const [c, t] of clicks) await page.click(`#creatures .creature[data-creature="${c}"] button[data-target="${t}"]`);
  const clicked = await verdict('#check');
  // The same declaration as a file: angel moved to B, giant clicked twice is taken back.
  const declared = { attacks: [{ creature: 'angel', target: 'B' }, { creature: 'drake', target: 'H' }] };
  writeFileSync(join(tmp, 'clicked.json'), JSON.stringify(declared));
  same(clicked.text, cli(['check', 'commander-eight-player.json', join(tmp, 'clicked.json')], MODELS).out, 'a clicked declaration: the command line\'s check');

  // ---- The declaration typed as one line (issue 40): read by the library, two-way -----------
  same(await attackLine(), 'angel=B, drake=H', 'clicks write the declaration as one line, in the order declared');
  same(clicked.text, cli(['check', 'commander-eight-player.json', '--attack', await attackLine()], MODELS).out, 'the clicked line, given to --attack, gets the page\'s verdict');
  const pickedNow = () => page.$$eval('#creatures button.picked', (bs) => bs.map((b) => `${b.closest('.creature').dataset.creature} -> ${b.dataset.target}`).sort().join(', '));
  const lineStatus = () => page.$eval('#line-status', (el) => ({ text: el.textContent, error: el.classList.contains('error'), color: getComputedStyle(el).color }));
  const typedLine = 'jugg=B drake=pwC,giant=C';
  await page.fill('#attack-line', typedLine);
  await page.press('#attack-line', 'Enter');
  await page.waitForFunction(() => document.getElementById('attack-line').value === 'jugg=B, drake=pwC, giant=C' && document.getElementById('cancel').disabled);
  same(await pickedNow(), 'drake -> pwC, giant -> C, jugg -> B', 'a typed line (Enter) sets the buttons; the line is then written as the page writes it');
  const typedCheck = await verdict('#check');
  same(typedCheck.text, cli(['check', 'commander-eight-player.json', '--attack', typedLine], MODELS).out, 'a typed line: the command line\'s check --attack, word for word');
  // Typed, not applied: Check checks the line the judge sees, not the buttons' older state.
  await page.fill('#attack-line', 'angel=D');
  const unapplied = await verdict('#check');
  same(unapplied.text, cli(['check', 'commander-eight-player.json', '--attack', 'angel=D'], MODELS).out, 'a line typed and not applied is the declaration Check checks');
  same(await pickedNow(), 'angel -> D', '... and it is set on the buttons');
  // Refused lines: the library's message (the command line's, the field named "attacks" for
  // "--attack"), in the error style; the buttons stay as they were.
  for (const [bad, what] of [['jugg=B, drak=H', 'an unknown id'], ['jugg:B', 'a line that is not CREATURE=TARGET']]) {
    await page.fill('#attack-line', bad);
    await page.click('#apply-line');
    await page.waitForFunction(() => document.getElementById('line-status').classList.contains('error') && document.getElementById('cancel').disabled);
    const shown = await lineStatus();
    const refused = cli(['check', 'commander-eight-player.json', '--attack', bad], MODELS);
    same(`attackopt: error: ${shown.text.replace(/^attacks: /, '--attack: ')}\n`, refused.err, `${what}: the library's message, as the command line's`);
    check(shown.color === 'rgb(179, 38, 30)', `${what}: shown in the error style (${shown.color})`);
    same(await pickedNow(), 'angel -> D', `${what}: the buttons are unchanged`);
    if (bad.includes('drak=')) check(shown.text.includes('(did you mean "drake"?)'), `an unknown id is named with its did-you-mean (${shown.text})`);
  }
  // A click rewrites the line and takes the error away.
  await page.click('#creatures .creature[data-creature="jugg"] button[data-target="E"]');
  same(await attackLine(), 'angel=D, jugg=E', 'a click after a refused line writes the buttons\' line');
  same((await lineStatus()).text, '', '... and the error is gone');
  await page.fill('#attack-line', 'none');
  await page.press('#attack-line', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#creatures button.picked').length === 0 && document.getElementById('cancel').disabled);
  same(await attackLine(), '', '"none" takes every attack back; the line is then empty');
  const noAttack = await verdict('#check');
  same(noAttack.text, cli(['check', 'commander-eight-player.json', '--attack', 'none'], MODELS).out, '"none": the command line\'s check --attack none');

  // A battle's button: its card name (siege-battle, from the menu).
  await page.selectOption('#model-board', 'siege-battle');
  await page.waitForFunction(() => document.querySelector('#creatures button[data-target="tarkir"]') && document.getElementById('cancel').disabled);
  same((await button('tarkir'))[0], 'Invasion of Tarkir tarkir', "a battle's button shows its name (and its id)");

  // ---- Mana Reflection named alone (issue 35): two Forests pay Propaganda for two bears ------
  // Players with names: the buttons show them.
  const reflection = {
    attackopt: 1, active_player: 'A', players: [{ id: 'A', name: 'Alice' }, { id: 'B', name: 'Bob' }],
    permanents: [['b1', 'Grizzly Bears', 'A'], ['b2', 'Grizzly Bears', 'A'], ['f1', 'Forest', 'A'], ['f2', 'Forest', 'A'],
      ['mr', 'Mana Reflection', 'A'], ['pr', 'Propaganda', 'B']].map(([id, name, controller]) => ({ id, name, controller })),
  };
  // A pasted board is named "board" in the page's answers: the file the command line reads is too.
  writeFileSync(join(tmp, 'board'), JSON.stringify(reflection));
  await page.$eval('#board-text', (el, text) => { el.value = text; }, JSON.stringify(reflection));
  await page.selectOption('#board-format', 'json');
  await page.click('#read-board');
  await page.waitForFunction(() => document.querySelectorAll('#creatures .creature').length === 2 && document.getElementById('cancel').disabled);
  const reflected = await page.textContent('#validate-text');
  same(reflected, cli(['validate', 'board'], tmp).out, "Mana Reflection: validate's view is the command line's");
  check(reflected.includes('{G}{G} with Mana Reflection (mr)'), 'Mana Reflection: the doubled mana is shown per source');
  same((await button('B'))[0], 'Bob B', "a player's button shows the player's name (and the id)");
  // A second board pasted: the names panel now shows its players and their cards by name.
  same(await panel(), 'A* B', 'the names panel follows the pasted board');
  same(await page.inputValue('#name-players .name-player:nth-child(1) .player-cards'), '2 Grizzly Bears\n2 Forest\nMana Reflection', "the panel lists a player's permanents by name");
  await page.selectOption('#objective', 'attackers');
  const reflectedBest = await verdict('#best');
  same(reflectedBest.text, cli(['solve', 'board', '--objective', 'attackers'], tmp).out, 'Mana Reflection: best attack as the command line');
  check(reflectedBest.text.includes('with Mana Reflection (mr)'), 'Mana Reflection: the payment names what doubled it');
  await page.selectOption('#objective', 'power');

  // ---- A warning (an unknown card name) in the warning style, not the success's -------------
  const typo = { ...reflection, permanents: [...reflection.permanents, { id: 'typo', name: 'Propoganda', controller: 'B' }] };
  await page.$eval('#board-text', (el, text) => { el.value = text; }, JSON.stringify(typo));
  await page.click('#read-board');
  // (Its other warning says it has no card types.)
  const unknown = 'Propoganda (typo): attackopt does not know this card';
  await page.waitForFunction((text) => [...document.querySelectorAll('#board-status .warning')].some((w) => w.textContent.includes(text)), unknown);
  const warning = await page.$$eval('#board-status .warning', (els, text) => {
    const el = els.find((w) => w.textContent.includes(text));
    const ok = document.querySelector('#board-status .ok');
    const style = getComputedStyle(el);
    return { text: el.textContent, color: style.color, background: style.backgroundColor, marker: getComputedStyle(el, '::before').content, okColor: ok && getComputedStyle(ok).color };
  }, unknown);
  check(warning.text.includes('did you mean Propaganda?') && !warning.text.includes('permanents['), `the unknown name is warned about in words, with its did-you-mean (${warning.text})`);
  check(warning.color !== warning.okColor && warning.background !== 'rgba(0, 0, 0, 0)' && warning.marker.includes('⚠'),
    `the warning is styled as a warning, not a success (color ${warning.color}, background ${warning.background}, marker ${warning.marker}; success ${warning.okColor})`);

  // ---- Cancel and a time limit, on a board that takes long --------------------------------
  const big = cli(['generate', '--players', '8', '--creatures', '400', '--seed', '7', '--profile', 'adversarial'], tmp).out;
  // Pasted (fill() types a 100 kB board too slowly for the test's patience).
  await page.$eval('#board-text', (el, text) => { el.value = text; }, big);
  await page.selectOption('#board-format', 'json');
  await page.click('#read-board');
  await page.waitForFunction(() => document.querySelectorAll('#creatures .creature').length === 400 && document.getElementById('cancel').disabled);
  await page.fill('#time-limit', '');
  await page.click('#best');
  const first = await page.textContent('#progress-text');
  await page.waitForTimeout(700);
  const later = await page.textContent('#progress-text');
  check(first !== later, `progress moves while the engine works (${first} / ${later})`);
  await page.click('#cancel');
  await page.waitForFunction(() => document.getElementById('cancel').disabled);
  same(await page.textContent('#verdict-badge'), 'CANCELLED', 'cancel stops the engine');

  await page.fill('#time-limit', '0.5');
  const limited = await verdict('#best');
  check(limited.ms < 500 + 300 + 1500, `a 0.5 s time limit answers in ${limited.ms} ms (${limited.badge})`);
  check(/^(BEST FOUND|UNDECIDED|BEST ATTACK)/.test(limited.badge), `a time-limited best attack says what it proved: ${limited.badge}`);

  // ---- A Forge file, through the library's importer ---------------------------------------
  const forge = join(ROOT, 'tests', 'forge', 'goblins-vs-propaganda.pzl');
  await page.selectOption('#board-format', 'auto');
  await page.setInputFiles('#board-file', forge);
  await page.waitForFunction(() => document.getElementById('board-status').textContent.startsWith('Imported'));
  writeFileSync(join(tmp, basename(forge)), cli(['import', 'forge', forge], tmp).out);
  same(await page.textContent('#validate-text'), cli(['validate', basename(forge)], tmp).out, 'a Forge file reads as the command line imports it');

  // ---- A board from card names per player, with a Scryfall card list for Oracle text -----------
  // What a judge types for three players; the same board written as JSON by hand (every field
  // from the printed cards) must get the same answers from the command line, with the same card
  // list given by --cards.
  const scryfall = [
    { name: 'Bloodrock Cyclops', oracle_text: 'Bloodrock Cyclops attacks each combat if able.', type_line: 'Creature — Cyclops', power: '3', toughness: '3', colors: ['R'] },
    { name: 'Lightning Bolt', oracle_text: 'Lightning Bolt deals 3 damage to any target.', type_line: 'Instant', colors: ['R'] },
  ];
  writeFileSync(join(tmp, 'cards.json'), JSON.stringify(scryfall));
  const typed = {
    A: 'life: 20\n2 Grizzly Bears\nLlanowar Elves\nGoblin Token 1/1 x2\nMogg Flunkies tapped\nBloodrock Cyclops\nGrizly Bears 2/2\n2 Forest',
    B: '# the defending players\nPropaganda',
    C: 'hand: 2\nBlazing Archon',
  };
  const card = (id, name, controller, types, more = {}) => ({ id, name, controller, types, ...more });
  const bears = (id) => card(id, 'Grizzly Bears', 'A', ['Creature'], { subtypes: ['Bear'], colors: ['G'], power: 2, toughness: 2 });
  const goblin = (id) => card(id, 'Goblin Token', 'A', ['Token', 'Creature'], { subtypes: ['Goblin'], power: 1, toughness: 1 });
  const byHand = {
    attackopt: 1,
    active_player: 'A',
    players: [{ id: 'A' }, { id: 'B' }, { id: 'C', hand: 2 }],
    permanents: [
      bears('grizzly-bears'), bears('grizzly-bears-2'),
      card('llanowar-elves', 'Llanowar Elves', 'A', ['Creature'], { subtypes: ['Elf', 'Druid'], colors: ['G'], power: 1, toughness: 1 }),
      goblin('goblin-token'), goblin('goblin-token-2'),
      card('mogg-flunkies', 'Mogg Flunkies', 'A', ['Creature'], { subtypes: ['Goblin'], colors: ['R'], power: 3, toughness: 3, tapped: true }),
      // Its types, power and text from the card list (--cards), as the page's from its file.
      { id: 'bloodrock-cyclops', name: 'Bloodrock Cyclops', controller: 'A' },
      card('grizly-bears', 'Grizly Bears', 'A', ['Creature'], { power: 2, toughness: 2 }),
      card('forest', 'Forest', 'A', ['Land'], { subtypes: ['Forest'] }), card('forest-2', 'Forest', 'A', ['Land'], { subtypes: ['Forest'] }),
      card('propaganda', 'Propaganda', 'B', ['Enchantment'], { colors: ['U'] }),
      card('blazing-archon', 'Blazing Archon', 'C', ['Creature'], { subtypes: ['Archon'], colors: ['W'], power: 5, toughness: 6, keywords: ['Flying'] }),
    ],
  };
  writeFileSync(join(tmp, 'names'), JSON.stringify(byHand));
  const withCards = (args) => cli([...args, '--cards', join(tmp, 'cards.json')], tmp);

  await page.click('#names-section > summary');
  // The panel holds the last board's players: start from none, as a judge at a new table.
  for (const remove of await page.$$('#name-players .name-player button')) await remove.click();
  for (let i = 0; i < 3; i++) await page.click('#add-player');
  const playerRows = await page.$$('#name-players .name-player');
  check(playerRows.length === 3, `three players to type for (${playerRows.length})`);
  for (const [i, id] of ['A', 'B', 'C'].entries()) {
    await page.fill(`#name-players .name-player:nth-child(${i + 1}) .player-id`, id);
    await page.fill(`#name-players .name-player:nth-child(${i + 1}) .player-cards`, typed[id]);
  }
  await page.check('#name-players .name-player:nth-child(1) .attacking');
  await page.setInputFiles('#cards-file', join(tmp, 'cards.json'));
  await page.click('#build-names');
  await page.waitForFunction(() => document.getElementById('board-status').textContent.startsWith('Built from the names') && document.getElementById('cancel').disabled);
  const namesStatus = await page.innerText('#board-status');
  check(namesStatus.includes('2 card names indexed'), `the card list is read (${namesStatus.split('\n')[1]})`);
  // In words since 6d22a7a (Warning.words): the name unquoted.
  check(namesStatus.includes('Grizly Bears (grizly-bears): attackopt does not know this card (did you mean Grizzly Bears?)'), 'an unknown name is warned about with its did-you-mean, not dropped', namesStatus);
  same(await page.textContent('#validate-text'), withCards(['validate', 'names']).out, "the board from names reads as the JSON board written by hand (validate's view)");
  await page.selectOption('#objective', 'power');
  await page.fill('#time-limit', '10');
  const namedBest = await verdict('#best');
  same(namedBest.text, withCards(['solve', 'names']).out, 'the board from names: best attack as the command line on the JSON board');
  await page.click('#clear');
  for (const [c, t] of [['grizzly-bears', 'B'], ['bloodrock-cyclops', 'C']]) await page.click(`#creatures .creature[data-creature="${c}"] button[data-target="${t}"]`);
  writeFileSync(join(tmp, 'named-decl.json'), JSON.stringify({ attacks: [{ creature: 'grizzly-bears', target: 'B' }, { creature: 'bloodrock-cyclops', target: 'C' }] }));
  const namedCheck = await verdict('#check');
  same(namedCheck.text, withCards(['check', 'names', join(tmp, 'named-decl.json')]).out, 'the board from names: a clicked check as the command line on the JSON board');

  // ---- Enumerate: the command line's list, each declaration loadable into the picker ---------
  await page.fill('#enumerate-limit', '7');
  const listed = await verdict('#enumerate');
  same(listed.text, withCards(['enumerate', '--detail', 'summary', '--limit', '7', 'names']).out, "enumerate lists what attackopt enumerate --detail summary lists");
  const enumerated = JSON.parse(withCards(['enumerate', '--detail', 'summary', '--limit', '7', '--format', 'json', 'names']).out);
  const items = await page.$$('#declarations button');
  check(items.length === enumerated.declarations.length && items.length > 1, `one button per declaration (${items.length} of ${enumerated.declarations.length})`);
  check(listed.badge.startsWith(`${enumerated.declarations.length} LEGAL DECLARATIONS (${enumerated.complete ? 'the complete list' : 'there are more'})`), `enumerate's badge: ${listed.badge}`);
  const last = enumerated.declarations.length - 1;
  await items[last].click();
  const loaded = await page.$$eval('#creatures button.picked', (bs) => bs.map((b) => `${b.closest('.creature').dataset.creature} -> ${b.dataset.target}`));
  same(loaded.sort().join(', '), enumerated.declarations[last].attacks.map((a) => `${a.creature} -> ${a.target}`).sort().join(', '), 'a listed declaration loads into the picker');
  const reloaded = await verdict('#check');
  check(reloaded.badge.startsWith('LEGAL'), `the loaded declaration checks legal (${reloaded.badge})`);

  // A line that can't be read: the library's message, naming the player and the line.
  await page.fill('#name-players .name-player:nth-child(2) .player-cards', 'Propaganda\nLightning Bolt');
  await page.click('#build-names');
  await page.waitForFunction(() => document.getElementById('board-status').classList.contains('error'));
  same(await page.textContent('#board-status'), 'names: at players[1] (B), line 2: Lightning Bolt is not a permanent (its type line is "Instant")', 'a card that is not a permanent is a clear error');

  // ---- The blocks step (issue 38): a board with combat, from the menu ------------------------
  // models/lure-menace.json: the declare blockers step; every answer is the command line's on
  // the same file, with --block for the typed lines.
  const title = () => page.textContent('#declare-section h2');
  const ready = () => page.waitForFunction(() => document.getElementById('cancel').disabled);
  await page.fill('#time-limit', '10');
  await page.selectOption('#model-board', 'lure-menace');
  await page.waitForFunction(() => document.querySelector('#creatures .creature[data-creature="birds"]') && document.getElementById('cancel').disabled);
  same(await title(), '2. Declare blockers', 'a board with combat asks for blockers');
  check(await page.isHidden('#back-to-attacks'), 'a board with combat from the menu has no attack to go back to');
  same(await page.textContent('#validate-text'), cli(['validate', 'lure-menace.json'], MODELS).out, "a board with combat: validate's view is the command line's");
  const lure = JSON.parse(cli(['validate', '--format', 'json', 'lure-menace.json'], MODELS).out).blocks;
  const blockRows = await page.$$eval('#creatures .creature', (rs) => rs.map((r) => `${r.dataset.creature}: ${[...r.querySelectorAll('button')].map((b) => `${b.dataset.target}/${b.className}`).join(' ')}`));
  const kindOf = (b, a) => (b.allowed_attackers.includes(a) ? 'allowed' : b.legal_attackers.includes(a) ? 'restricted' : 'impossible');
  same(blockRows.join('\n'), lure.blockers.map((b) => `${b.id}: ${lure.attackers.map((a) => `${a.id}/${kindOf(b, a.id)}`).join(' ')}`).join('\n'),
    'one row per creature of the defending side, a button per attacker, styled by what it may block');
  same((await page.$$eval('#objective option', (os) => os.map((o) => o.value))).join(' '), 'prevented kills losses none', "the objectives are a defender's, prevented first");
  // Clicked: a blocker may block several attackers, so each click adds or takes back one block.
  for (const [b, a] of [['giant', 'brute'], ['wall', 'bears'], ['wall', 'brute'], ['wall', 'bears'], ['birds', 'angel']]) {
    await page.click(`#creatures .creature[data-creature="${b}"] button[data-target="${a}"]`);
  }
  same(await attackLine(), 'giant=brute, wall=brute, birds=angel', 'clicked blocks are written as one line, as --block takes it');
  const blocked = await verdict('#check');
  same(blocked.text, cli(['check', 'lure-menace.json', join('declarations', 'lure-menace.json')], MODELS).out, "clicked blocks: the command line's check of the same declaration");
  same(blocked.text, cli(['check', 'lure-menace.json', '--block', await attackLine()], MODELS).out, "... and of check --block with the page's line");
  check(blocked.badge.startsWith('LEGAL'), `the blocks check legal (${blocked.badge})`);
  check(await page.isHidden('#to-blocks'), 'a verdict on blocks offers no step after it');
  // A declaration file of blockers, illegal by its requirements: the witness goes on the board.
  await page.setInputFiles('#declaration-file', join(MODELS, 'declarations', 'lure-menace.empty.json'));
  const unblocked = await verdict('#check');
  same(unblocked.text, cli(['check', 'lure-menace.json', join('declarations', 'lure-menace.empty.json')], MODELS).out, "a declaration of blockers from a file: the command line's check");
  check(unblocked.badge.startsWith('ILLEGAL'), `no blocks against a lure is illegal (${unblocked.badge})`);
  await page.click('#show-declaration');
  const witness = JSON.parse(cli(['check', '--format', 'json', 'lure-menace.json', join('declarations', 'lure-menace.empty.json')], MODELS).out).witness;
  same(await pickedNow(), witness.blocks.map((b) => `${b.blocker} -> ${b.attacker}`).sort().join(', '), "the witness is shown on the board");
  // Typed: one blocker on two attackers (its capacity is one), then a line naming nothing.
  await page.fill('#attack-line', 'birds=angel birds=bears');
  const twice = await verdict('#check');
  same(twice.text, cli(['check', 'lure-menace.json', '--block', 'birds=angel birds=bears'], MODELS).out, "a typed line of blocks: the command line's check --block");
  same(await attackLine(), 'birds=angel, birds=bears', '... set on the buttons, the line written back');
  await page.fill('#attack-line', 'birds=angle');
  await page.click('#apply-line');
  await page.waitForFunction(() => document.getElementById('line-status').classList.contains('error') && document.getElementById('cancel').disabled);
  const refusedBlock = cli(['check', 'lure-menace.json', '--block', 'birds=angle'], MODELS);
  same(`attackopt: error: ${(await lineStatus()).text.replace(/^blocks: /, '--block: ')}\n`, refusedBlock.err, "a refused line of blocks: the library's message, as the command line's");
  // Solved for each objective of a defender; the first in the menu is the command line's default.
  const bestBlocks = await verdict('#best');
  same(bestBlocks.text, cli(['solve', 'lure-menace.json'], MODELS).out, "best blocks, the menu's first objective: the command line's solve with no objective");
  check(bestBlocks.badge.startsWith('BEST BLOCKS (proven optimal)'), `best blocks badge: ${bestBlocks.badge}`);
  for (const objective of ['prevented', 'kills', 'losses', 'none']) {
    await page.selectOption('#objective', objective);
    const solved = await verdict('#best');
    same(solved.text, cli(['solve', 'lure-menace.json', '--objective', objective], MODELS).out, `best blocks for ${objective}: the command line's solve --objective ${objective}`);
  }
  await page.click('#show-declaration');
  const none = JSON.parse(cli(['solve', '--format', 'json', 'lure-menace.json', '--objective', 'none'], MODELS).out).declaration;
  same(await pickedNow(), none.blocks.map((b) => `${b.blocker} -> ${b.attacker}`).sort().join(', '), "the best blocks are shown on the board");
  // Enumerated: the command line's list, each declaration loadable into the buttons.
  await page.fill('#enumerate-limit', '4');
  const blockList = await verdict('#enumerate');
  same(blockList.text, cli(['enumerate', '--detail', 'summary', '--limit', '4', 'lure-menace.json'], MODELS).out, "enumerate on a board with combat: the command line's list");
  const listedBlocks = JSON.parse(cli(['enumerate', '--detail', 'summary', '--limit', '4', '--format', 'json', 'lure-menace.json'], MODELS).out);
  const blockItems = await page.$$('#declarations button');
  check(blockItems.length === listedBlocks.declarations.length, `one button per declaration of blockers (${blockItems.length} of ${listedBlocks.declarations.length})`);
  check(blockList.badge.startsWith('4 LEGAL DECLARATIONS (there are more)'), `enumerate's badge on blocks: ${blockList.badge}`);
  same(await blockItems[3].textContent(), 'Hill Giant (giant) blocks Grizzly Bears (bears), Wall of Stone (wall) blocks Grizzly Bears (bears), Birds of Paradise (birds) blocks Serra Angel (angel)',
    "a listed declaration's button says it in words, its wrapped text joined");
  await blockItems[3].click();
  same(await pickedNow(), listedBlocks.declarations[3].blocks.map((b) => `${b.blocker} -> ${b.attacker}`).sort().join(', '), 'a listed declaration of blockers loads into the buttons');

  // ---- From a legal attack to its blockers (CR 508.1f): the board the engine builds -------------
  // The model's board before its attacks: no combat, its attackers untapped, pasted.
  const lureModel = JSON.parse(readFileSync(join(MODELS, 'lure-menace.json'), 'utf8'));
  const beforeAttack = structuredClone(lureModel);
  delete beforeAttack.combat;
  for (const p of beforeAttack.permanents) if (lureModel.combat.attacks.some((a) => a.creature === p.id)) p.tapped = false;
  await page.$eval('#board-text', (el, text) => { el.value = text; }, JSON.stringify(beforeAttack));
  await page.selectOption('#board-format', 'json');
  await page.click('#read-board');
  await page.waitForFunction(() => document.querySelector('#creatures .creature[data-creature="brute"]') && document.getElementById('cancel').disabled);
  same(await title(), '2. Declare attackers', 'a board without combat asks for attackers again');
  for (const a of lureModel.combat.attacks) await page.click(`#creatures .creature[data-creature="${a.creature}"] button[data-target="${a.target}"]`);
  const lureAttack = await verdict('#check');
  check(lureAttack.badge.startsWith('LEGAL') && (await page.isVisible('#to-blocks')), `a legal attack offers to declare blockers (${lureAttack.badge})`);
  await page.click('#to-blocks');
  await page.waitForFunction(() => document.querySelector('#declare-section h2').textContent === '2. Declare blockers' && document.getElementById('cancel').disabled);
  await ready();
  check(await page.isVisible('#back-to-attacks'), 'the board built from the attack can go back to it');
  const combatText = await page.inputValue('#board-text');
  const combatBoard = JSON.parse(combatText);
  same(JSON.stringify(combatBoard.combat), JSON.stringify(lureModel.combat), 'the board at the declare blockers step has the attack declared as its combat');
  same(combatBoard.permanents.map((p) => `${p.id}${p.tapped ? ' tapped' : ''}`).join(', '), lureModel.permanents.map((p) => `${p.id}${p.tapped ? ' tapped' : ''}`).join(', '),
    'the attackers are tapped, Serra Angel (vigilance) is not (CR 508.1f): the model board');
  // Named after the attack's board ("board"), as the command line reads it from that file.
  writeFileSync(join(tmp, 'board.combat.json'), combatText);
  same(await page.textContent('#validate-text'), cli(['validate', 'board.combat.json'], tmp).out, "the built board: validate's view is the command line's");
  check((await page.textContent('#board-status')).startsWith('At the declare blockers step; 3 creatures.'), `the status says the step (${await page.textContent('#board-status')})`);
  await page.fill('#attack-line', 'giant=bears, birds=angel');
  const builtCheck = await verdict('#check');
  same(builtCheck.text, cli(['check', 'board.combat.json', '--block', 'giant=bears, birds=angel'], tmp).out, "blocks on the built board: the command line's check");
  await page.selectOption('#objective', 'kills');
  same((await verdict('#best')).text, cli(['solve', 'board.combat.json', '--objective', 'kills'], tmp).out, "best blocks on the built board: the command line's solve");
  // Back to the attack: the board as it was read; a best attack leads on to its blockers too.
  await page.click('#back-to-attacks');
  await page.waitForFunction(() => document.querySelector('#declare-section h2').textContent === '2. Declare attackers' && document.getElementById('cancel').disabled);
  same(await page.inputValue('#board-text'), JSON.stringify(beforeAttack), 'back to the attack: its board in the text box again');
  await page.selectOption('#objective', 'power');
  const lureBest = await verdict('#best');
  check(lureBest.badge.startsWith('BEST ATTACK') && (await page.isVisible('#to-blocks')), `the best attack offers to declare blockers (${lureBest.badge})`);
  // An illegal attack does not: the Birds of the defender can't attack.
  await page.fill('#attack-line', 'birds=A');
  const illegalAttack = await verdict('#check');
  check(illegalAttack.badge.startsWith('ILLEGAL') && (await page.isHidden('#to-blocks')), `an illegal attack offers no blockers (${illegalAttack.badge})`);

  // ---- Bad input: the command line's message ----------------------------------------------
  // The status already shows the error above: wait for it to change, not for the error class
  // (which it has already, so waiting on it raced the page: CI of aa75733).
  const previous = await page.textContent('#board-status');
  await page.fill('#board-text', '{"attackopt": 1, "players": []}');
  await page.selectOption('#board-format', 'json');
  await page.click('#read-board');
  await page.waitForFunction(
    (before) => {
      const status = document.getElementById('board-status');
      return status.classList.contains('error') && status.textContent !== before;
    },
    previous,
  );
  writeFileSync(join(tmp, 'board'), '{"attackopt": 1, "players": []}');
  const bad = cli(['validate', 'board'], tmp);
  same(`attackopt: error: ${await page.textContent('#board-status')}\n`, bad.err, "a bad board gets the command line's message");

  check(outside.length === 0, `no request left the page's folder (${outside.join(', ')})`);
  check(missing.length === 0, `no request the page made was missing from its folder (${missing.join(', ')})`);
  check(failed.length === 0, `no request of the page or its worker was answered 4xx/5xx (${failed.join(', ')})`);
  check(pageErrors.length === 0, `no error in the page (${pageErrors.join('; ')})`);
} catch (err) {
  check(false, `the test ran to its end: ${err.stack || err}`);
} finally {
  await context.close();
  server.close();
  rmSync(tmp, { recursive: true, force: true });
}
console.log(failures === 0 ? 'web: all checks passed' : `web: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
