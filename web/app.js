// The judge's page: reads a board, lets the judge click a declaration, and shows the engine's
// verdict. Every answer, text included, comes from the library (web/src/lib.rs); this file only
// moves strings between the page and the worker.

const $ = (id) => document.getElementById(id);

// ---- The engine, in a Web Worker -------------------------------------------------------------

let worker = null;
const pending = new Map(); // request id -> { resolve, reject }
let nextId = 1;

function startWorker() {
  worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (event) => {
    const { id, out, ms, crashed } = event.data;
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (crashed) restartWorker();
    p.resolve({ reply: JSON.parse(out), ms });
  };
  worker.onerror = (event) => {
    // The module or the .wasm failed to load: nothing will answer.
    event.preventDefault();
    const message = `the engine could not start: ${event.message || 'is web/pkg/ built? (web/ci.sh)'}`;
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.resolve({ reply: { error: { code: 70, message, path: null } }, ms: 0 });
    if (waiting.length === 0) setStatus($('board-status'), message, 'error');
  };
}

function restartWorker() {
  worker.terminate();
  startWorker();
}

/** Run an entry point of the engine; resolves with its parsed reply, rejects when cancelled. */
function call(fn, ...args) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, fn, args });
  });
}

/** Stop whatever runs: the worker is terminated (the only way to stop WebAssembly) and replaced. */
function cancel(reason) {
  const waiting = [...pending.values()];
  pending.clear();
  restartWorker();
  for (const p of waiting) p.reject(new Error(reason));
}

// ---- State -----------------------------------------------------------------------------------

const state = {
  board: null,      // the board's JSON text, as the engine reads it
  name: 'board',    // its name in messages (the file's name when loaded)
  view: null,       // validate's JSON view
  targets: [],      // every target the picker offers
  picks: new Map(), // creature id -> target id
  shown: null,      // the declaration the last verdict offers to show
  busy: false,
};

function setStatus(el, text, kind) {
  el.textContent = text;
  el.className = `status ${kind || ''}`;
}

// ---- 1. The board --------------------------------------------------------------------------

$('board-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  $('board-text').value = await file.text();
  state.name = file.name;
  await readBoard();
});

// The text box as it stands, whatever file it came from: messages call it "board".
$('read-board').addEventListener('click', () => {
  state.name = 'board';
  readBoard();
});

async function readBoard() {
  if (state.busy) return;
  const text = $('board-text').value;
  const format = $('board-format').value;
  const forge = format === 'forge' || (format === 'auto' && !text.trimStart().startsWith('{'));
  await run(async () => {
    if (!forge) return showBoard(text, 'Board read', []);
    const { reply } = await call('import_forge', text, state.name);
    if (reply.error) return setStatus($('board-status'), reply.error.message, 'error');
    const notes = [
      ...reply.skipped.map((s) => `skipped: ${s.card} (${s.zone}): ${s.reason}`),
      ...reply.warnings.map((w) => `warning: ${w}`),
    ];
    await showBoard(JSON.stringify(reply.board, null, 2), 'Imported from Forge', notes);
  }, { limit: null });
}

/** Read a board's JSON with validate, show its view and the picker; `notes` come from its import. */
async function showBoard(board, header, notes) {
  const status = $('board-status');
  const { reply } = await call('validate', board, state.name);
  if (reply.error) {
    $('declare-section').hidden = true;
    return setStatus(status, reply.error.message, 'error');
  }
  state.board = board;
  state.view = reply.result;
  $('validate-text').textContent = reply.text;
  const creatures = reply.result.creatures.length;
  const warnings = reply.result.warnings.map((w) => `warning: ${w.message ?? JSON.stringify(w)}`);
  setStatus(status, [`${header}; ${creatures} ${creatures === 1 ? "creature" : "creatures"}.`, ...notes, ...warnings].join('\n'), 'ok');
  state.picks.clear();
  buildPicker(JSON.parse(board));
  $('declare-section').hidden = false;
  $('verdict-section').hidden = true;
}

// ---- 1b. The board from card names, per player --------------------------------------------

const cards = { text: '', name: '' }; // the Scryfall card list the judge loaded, if any

function addNamePlayer(id, lines, attacking) {
  const row = document.createElement('div');
  row.className = 'name-player';
  const label = document.createElement('label');
  label.append('Player ');
  const idBox = Object.assign(document.createElement('input'), { type: 'text', value: id, size: 8, className: 'player-id' });
  label.append(idBox);
  const radio = document.createElement('label');
  const pick = Object.assign(document.createElement('input'), { type: 'radio', name: 'attacking-player', checked: attacking, className: 'attacking' });
  radio.append(pick, ' attacking');
  const remove = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Remove' });
  remove.addEventListener('click', () => row.remove());
  const head = document.createElement('div');
  head.className = 'row';
  head.append(label, radio, remove);
  const box = Object.assign(document.createElement('textarea'), { spellcheck: false, value: lines, className: 'player-cards' });
  box.placeholder = 'One card per line, e.g.\n2 Grizzly Bears\nGoblin Token 1/1 x3';
  row.append(head, box);
  $('name-players').append(row);
}

$('add-player').addEventListener('click', () => {
  const n = document.querySelectorAll('#name-players .name-player').length;
  addNamePlayer(String.fromCharCode(65 + (n % 26)), '', n === 0);
});

$('cards-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  Object.assign(cards, file ? { text: await file.text(), name: file.name } : { text: '', name: '' });
  setStatus($('cards-status'), file ? `${file.name} loaded: read when the board is built` : '', '');
});

/** The names' input as the library reads it (attackopt::names::Names). */
function namesInput() {
  const players = [...document.querySelectorAll('#name-players .name-player')].map((row) => ({
    id: row.querySelector('.player-id').value.trim(),
    cards: row.querySelector('.player-cards').value,
    attacking: row.querySelector('.attacking').checked,
  }));
  const active = players.find((p) => p.attacking);
  return { active: active ? active.id : '', players: players.map(({ id, cards: text }) => ({ id, cards: text })) };
}

$('build-names').addEventListener('click', async () => {
  if (state.busy) return;
  state.name = 'names';
  await run(async () => {
    const { reply } = await call('import_names', JSON.stringify(namesInput()), state.name, cards.text, cards.name);
    if (reply.error) return setStatus($('board-status'), reply.error.message, 'error');
    const board = JSON.stringify(reply.board, null, 2);
    // The board as JSON in the text box: the judge can read it, save it, or edit it and read it again.
    $('board-text').value = board;
    $('board-format').value = 'json';
    const source = cards.text ? [`Oracle text from ${cards.name}: ${reply.cards_indexed} card ${reply.cards_indexed === 1 ? 'name' : 'names'} indexed.`] : [];
    await showBoard(board, 'Built from the names', [...source, ...reply.warnings.map((w) => `warning: ${w}`)]);
  }, { limit: null });
});

addNamePlayer('A', '', true);
addNamePlayer('B', '', false);

// ---- 2. The declaration ----------------------------------------------------------------------

function buildPicker(board) {
  const view = state.view;
  const attacking = new Set(view.attacking_players);
  // Every target some creature may legally attack, then the other players: a creature that may
  // not attack can still be declared, and the check says why it is illegal.
  const targets = [];
  const add = (t) => { if (!targets.includes(t)) targets.push(t); };
  view.creatures.forEach((c) => c.legal_targets.forEach(add));
  (board.players || []).forEach((p) => { if (!attacking.has(p.id)) add(p.id); });
  state.targets = targets;

  const box = $('creatures');
  box.replaceChildren();
  for (const c of view.creatures) {
    const row = document.createElement('div');
    row.className = 'creature' + (c.may_attack ? '' : ' cannot');
    row.dataset.creature = c.id;
    const label = document.createElement('div');
    label.className = 'label';
    label.textContent = `${c.name} (${c.id}), power ${c.power}`;
    if (!c.may_attack) {
      const why = document.createElement('small');
      why.textContent = `may not attack: ${c.why_not}`;
      label.append(why);
    }
    const buttons = document.createElement('div');
    buttons.className = 'targets';
    for (const t of targets) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t;
      b.dataset.target = t;
      b.className = c.allowed_targets.includes(t) ? 'allowed' : c.legal_targets.includes(t) ? 'restricted' : 'impossible';
      b.title = `${c.name} attacks ${t}`;
      b.addEventListener('click', () => {
        if (state.picks.get(c.id) === t) state.picks.delete(c.id);
        else state.picks.set(c.id, t);
        showPicks();
      });
      buttons.append(b);
    }
    row.append(label, buttons);
    box.append(row);
  }

  const objective = $('objective');
  objective.replaceChildren();
  const objectives = [['power', 'power attacking'], ['attackers', 'number of attackers'], ['none', 'nothing (any legal attack)']];
  for (const p of board.players || []) if (!attacking.has(p.id)) objectives.push([`damage:${p.id}`, `damage to ${p.name ? `${p.name} (${p.id})` : p.id}`]);
  for (const [value, text] of objectives) objective.append(new Option(text, value));
  showPicks();
}

function showPicks() {
  for (const row of document.querySelectorAll('#creatures .creature')) {
    const picked = state.picks.get(row.dataset.creature);
    for (const b of row.querySelectorAll('button')) b.classList.toggle('picked', b.dataset.target === picked);
  }
}

function declaration() {
  // In the order the judge declared them (a loaded file's order): the verdict lists them so.
  return { attacks: [...state.picks].map(([creature, target]) => ({ creature, target })) };
}

function setPicks(decl) {
  state.picks.clear();
  for (const a of decl.attacks || []) state.picks.set(a.creature, a.target);
  showPicks();
}

$('clear').addEventListener('click', () => setPicks({ attacks: [] }));

$('declaration-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  let decl;
  try {
    decl = JSON.parse(await file.text());
  } catch (err) {
    return showError(`${file.name}: not JSON: ${err.message}`);
  }
  // The engine checks the ids and the shape when asked; here only what the picker can show.
  if (!decl || !Array.isArray(decl.attacks)) return showError(`${file.name}: expected an object with "attacks"`);
  setPicks(decl);
});

// ---- Options -------------------------------------------------------------------------------

/** The options as batch and MCP read them; null when the time limit is not a number. */
function options() {
  const raw = $('time-limit').value.trim();
  const limit = raw === '' || raw === 'inf' || raw === 'none' ? null : Number(raw);
  if (Number.isNaN(limit)) return null;
  return { baseline: $('baseline').value, time_limit: limit, method: 'ilp' };
}

// ---- 3. The verdict --------------------------------------------------------------------------

$('check').addEventListener('click', () => ask('check'));
$('enumerate').addEventListener('click', () => ask('enumerate'));
$('best').addEventListener('click', () => ask('solve'));
$('cancel').addEventListener('click', () => cancel('cancelled'));
$('show-declaration').addEventListener('click', () => state.shown && setPicks(state.shown));

async function ask(what) {
  if (state.busy || !state.board) return;
  const opts = options();
  if (!opts) return showError(`time limit: expected a number of seconds >= 0, or empty for none; found "${$('time-limit').value}"`);
  const json = JSON.stringify(opts);
  const limit = Number($('enumerate-limit').value);
  if (what === 'enumerate' && !(Number.isInteger(limit) && limit >= 1 && limit <= 10000)) {
    return showError(`at most: expected a whole number of declarations from 1 to 10000; found "${$('enumerate-limit').value}"`);
  }
  await run(async () => {
    const { reply, ms } = what === 'check'
      ? await call('check', state.board, state.name, JSON.stringify(declaration()), json)
      : what === 'solve'
        ? await call('solve', state.board, state.name, $('objective').value, json)
        : await call('enumerate', state.board, state.name, limit, json);
    showReply(what, reply, ms);
  }, { limit: opts.time_limit, onTimeout: showUndecided, onCancel: () => showCancelled() });
}

function showReply(what, reply, ms) {
  $('verdict-section').hidden = false;
  listDeclarations(null);
  const badge = $('verdict-badge');
  if (reply.error) {
    badge.textContent = reply.error.code === 3 ? 'UNDECIDED' : 'ERROR';
    badge.className = reply.error.code === 3 ? 'undecided' : 'error';
    $('verdict-text').textContent = reply.error.message;
    return offer(null);
  }
  const r = reply.result;
  if (what === 'enumerate') return showEnumeration(reply, ms);
  const verdict = what === 'solve'
    ? (reply.exit === 0 ? ['BEST ATTACK (proven optimal)', 'legal'] : ['BEST FOUND (not proven optimal)', 'undecided'])
    : ({ 0: ['LEGAL', 'legal'], 1: ['ILLEGAL', 'illegal'] }[reply.exit] || ['UNDECIDED', 'undecided']);
  badge.textContent = `${verdict[0]} · ${(ms / 1000).toFixed(2)} s`;
  badge.className = verdict[1];
  $('verdict-text').textContent = reply.text;
  offer(what === 'solve' ? r.declaration : r.legal_alternative || r.witness || null);
}

/** enumerate's answer: the command line's text, and each declaration as a button for the picker. */
function showEnumeration(reply, ms) {
  const r = reply.result;
  const n = r.declarations.length;
  const how = r.complete ? 'the complete list' : r.time_limit_reached ? 'stopped at the time limit' : 'there are more';
  $('verdict-badge').textContent = `${n} LEGAL DECLARATION${n === 1 ? '' : 'S'} (${how}) · ${(ms / 1000).toFixed(2)} s`;
  $('verdict-badge').className = r.complete ? 'legal' : 'undecided';
  $('verdict-text').textContent = reply.text;
  offer(null);
  // The text's lines after its header, one per declaration (warnings, if any, come before).
  const lines = reply.text.split('\n');
  const header = lines.findIndex((l) => /^\d+ legal declarations? \(baseline/.test(l));
  listDeclarations(r.declarations.map((decl, i) => [decl, (lines[header + 1 + i] || '').trim()]));
}

function listDeclarations(items) {
  const list = $('declarations');
  list.replaceChildren();
  list.hidden = !items;
  for (const [decl, label] of items || []) {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: label, title: 'Load it into the picker' });
    b.addEventListener('click', () => setPicks(decl));
    const li = document.createElement('li');
    li.append(b);
    list.append(li);
  }
}

function offer(decl) {
  state.shown = decl;
  $('show-declaration').hidden = !decl;
}

function showError(message) {
  $('verdict-section').hidden = false;
  listDeclarations(null);
  $('verdict-badge').textContent = 'ERROR';
  $('verdict-badge').className = 'error';
  $('verdict-text').textContent = message;
  offer(null);
}

function showUndecided(limit) {
  $('verdict-section').hidden = false;
  listDeclarations(null);
  $('verdict-badge').textContent = 'UNDECIDED';
  $('verdict-badge').className = 'undecided';
  $('verdict-text').textContent = `No answer within the time limit (${limit} s): the engine was stopped.`;
  offer(null);
}

function showCancelled() {
  $('verdict-section').hidden = false;
  listDeclarations(null);
  $('verdict-badge').textContent = 'CANCELLED';
  $('verdict-badge').className = 'undecided';
  $('verdict-text').textContent = 'Cancelled: the engine was stopped; nothing was decided.';
  offer(null);
}

// ---- Running one request at a time, with progress, a watchdog and cancel ----------------------

let grace = 300;
// Disabled while the engine works: one request at a time.
const BUTTONS = ['check', 'best', 'enumerate', 'read-board', 'build-names'];

async function run(body, { limit, onTimeout, onCancel }) {
  state.busy = true;
  for (const id of BUTTONS) $(id).disabled = true;
  $('cancel').disabled = false;
  $('progress').hidden = false;
  const bar = $('progress-bar');
  const started = performance.now();
  const tick = () => {
    const s = (performance.now() - started) / 1000;
    if (limit === null || limit === undefined) {
      bar.removeAttribute('value');
      $('progress-text').textContent = `working… ${s.toFixed(1)} s`;
    } else {
      bar.max = 1;
      bar.value = limit > 0 ? Math.min(1, s / limit) : 1;
      $('progress-text').textContent = `working… ${s.toFixed(1)} s of ${limit} s`;
    }
  };
  tick();
  const ticker = setInterval(tick, 100);
  // As the command line's watchdog: no answer by the limit plus the grace is no answer.
  const watchdog = limit === null || limit === undefined ? null : setTimeout(() => cancel('timeout'), limit * 1000 + grace);
  try {
    await body();
  } catch (err) {
    if (err.message === 'timeout' && onTimeout) onTimeout(limit);
    else if (err.message === 'cancelled' && onCancel) onCancel();
    else if (err.message !== 'cancelled') showError(String(err));
  } finally {
    clearInterval(ticker);
    clearTimeout(watchdog);
    state.busy = false;
    for (const id of BUTTONS) $(id).disabled = false;
    $('cancel').disabled = true;
    $('progress').hidden = true;
  }
}

// ---- Start -----------------------------------------------------------------------------------

startWorker();
call('about').then(({ reply }) => {
  $('version').textContent = reply.version;
  grace = reply.time_limit_grace_ms;
});
