// The judge's page: reads a board, lets the judge click a declaration, and shows the engine's
// verdict. Every answer, text included, comes from the library (web/src/lib.rs); this file only
// moves strings between the page and the worker. A board is at one of two steps: declaring
// attackers, or, with `combat`, declaring blockers (docs/blocks.md); the same controls serve
// both, with the step's words (WORDS), and a legal attack leads on to its blockers.

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
    $('engine-state').textContent = 'attackopt: the engine could not start.';
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
  step: 'attacks',  // 'attacks', or 'blocks' on a board with combat (validate's view has `blocks`)
  picks: [],        // [creature, target] of each attack, or [blocker, attacker] of each block, in order
  shown: null,      // the declaration the last verdict offers to show
  attack: null,     // the legal attack the last verdict offers to declare blockers against
  before: null,     // { board, name }: the attack's board, while its blocks are asked about
  busy: false,
};

/** What the controls say at each step: `data-words` elements of index.html, the line's placeholder. */
const WORDS = {
  attacks: {
    title: '2. Declare attackers',
    how: 'Click a target to send a creature at it; click it again to take the attack back.',
    line: 'Or type the attacks',
    placeholder: 'jugg=B, drake=pwC (none: no attack)',
    command: 'attackopt check BOARD --attack "…"',
    clear: 'Clear the attacks',
    objective: 'Best attack maximizes',
    best: 'Best attack',
  },
  blocks: {
    title: '2. Declare blockers',
    how: 'Click an attacker to have a creature block it; click it again to take the block back. '
      + 'A creature may be set to block several attackers: the check says whether it can (CR 509.1a).',
    line: 'Or type the blocks',
    placeholder: 'wall=jugg, wall=drake (none: no block)',
    command: 'attackopt check BOARD --block "…"',
    clear: 'Clear the blocks',
    objective: 'Best blocks',
    best: 'Best blocks',
  },
};

function showStep(step) {
  state.step = step;
  for (const el of document.querySelectorAll('[data-words]')) el.textContent = WORDS[step][el.dataset.words];
  $('attack-line').placeholder = WORDS[step].placeholder;
  $('blocks-from').hidden = !(step === 'blocks' && state.before);
}

function setStatus(el, text, kind) {
  el.textContent = text;
  el.className = `status ${kind || ''}`;
}

// ---- 1. The board --------------------------------------------------------------------------

const models = new Map(); // name -> { what, board }: the model boards, from the engine

/** The menu of the model boards (models/*.json, embedded in the engine by web/build.rs). */
function fillModels(list) {
  const menu = $('model-board');
  menu.replaceChildren(new Option('choose one…', ''));
  for (const m of list) {
    models.set(m.name, m);
    menu.append(Object.assign(new Option(m.name, m.name), { title: m.what }));
  }
}

// Loaded as a pasted board is read, under its file's name (as `attackopt validate NAME.json`).
$('model-board').addEventListener('change', async (event) => {
  const model = models.get(event.target.value);
  if (!model) return;
  $('board-text').value = model.board;
  $('board-format').value = 'json';
  state.name = `${model.name}.json`;
  $('model-what').textContent = model.what;
  $('model-what').hidden = !model.what;
  await readBoard();
});

/** The board comes from elsewhere: the menu and what it said no longer describe it. */
function forgetModel() {
  $('model-board').value = '';
  $('model-what').hidden = true;
}

$('board-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  $('board-text').value = await file.text();
  state.name = file.name;
  forgetModel();
  await readBoard();
});

// The text box as it stands, whatever file it came from: messages call it "board".
$('read-board').addEventListener('click', () => {
  state.name = 'board';
  forgetModel();
  readBoard();
});

async function readBoard() {
  if (state.busy) return;
  const text = $('board-text').value;
  const format = $('board-format').value;
  const forge = format === 'forge' || (format === 'auto' && !text.trimStart().startsWith('{'));
  await run(async () => {
    if (!forge) return showBoard(text, 'Board read', {});
    const { reply } = await call('import_forge', text, state.name);
    if (reply.error) return setStatus($('board-status'), reply.error.message, 'error');
    const warnings = [
      ...reply.skipped.map((s) => `skipped: ${s.card} (${s.zone}): ${s.reason}`),
      ...reply.warnings.map((w) => `warning: ${w}`),
    ];
    await showBoard(JSON.stringify(reply.board, null, 2), 'Imported from Forge', { warnings });
  }, { limit: null });
}

/**
 * Read a board's JSON with validate, show its view and the picker. `notes` and `warnings` come
 * from its import; `fromNames`: built from the names panel, which then keeps what was typed;
 * `before`: the attack's board this board's combat was declared on (Back returns to it).
 */
async function showBoard(board, header, { notes = [], warnings = [], fromNames = false, before = null }) {
  const status = $('board-status');
  const { reply } = await call('validate', board, state.name);
  if (reply.error) {
    $('declare-section').hidden = true;
    return setStatus(status, reply.error.message, 'error');
  }
  state.board = board;
  state.view = reply.result;
  state.before = before;
  $('validate-text').textContent = reply.text;
  showStep(reply.result.blocks ? 'blocks' : 'attacks');
  // The creatures that declare: the attacking side's, or the defending side's at blocks.
  const creatures = (reply.result.blocks ? reply.result.blocks.blockers : reply.result.creatures).length;
  // In words for people (issue 40: the card by name, the fix in a judge's terms); the JSON
  // path and message are for whoever writes the board.
  const read = reply.result.warnings.map((w) => `warning: ${w.words ?? w.message ?? JSON.stringify(w)}`);
  // One line each; a warning in the warning style, never the success's (issue 40).
  const line = (text, kind) => Object.assign(document.createElement('div'), { textContent: text, className: kind });
  status.className = 'status';
  status.replaceChildren(
    line(`${header}; ${creatures} ${creatures === 1 ? 'creature' : 'creatures'}.`, 'ok'),
    ...notes.map((n) => line(n, 'note')),
    ...[...warnings, ...read].map((w) => line(w, 'warning')),
  );
  state.picks = [];
  const parsed = JSON.parse(board);
  if (!fromNames) namesFromBoard(parsed);
  buildPicker(parsed);
  $('declare-section').hidden = false;
  $('verdict-section').hidden = true;
  offer(null); // a verdict about another board offers nothing here
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

/**
 * The panel shows the loaded board's players (issue 40: it kept the previous ones), each with
 * their permanents as lines of the names syntax, so that a judge can start from the board. The
 * lines say what that syntax can (name, power/toughness, tapped, sick, goaded, keywords): the
 * hint above them says that building from them makes a board of those lines alone.
 */
function namesFromBoard(board) {
  $('name-players').replaceChildren();
  const players = board.players || [];
  const ids = new Set(players.map((p) => p.id));
  for (const p of players) {
    const lines = [];
    if (p.life !== undefined) lines.push(`life: ${p.life}`);
    if (p.hand !== undefined) lines.push(`hand: ${p.hand}`);
    const counts = new Map(); // a line -> how many permanents it stands for, in board order
    for (const perm of board.permanents || []) {
      if (perm.controller !== p.id) continue;
      const line = nameLine(perm, ids);
      counts.set(line, (counts.get(line) || 0) + 1);
    }
    for (const [line, n] of counts) lines.push(n === 1 ? line : `${n} ${line}`);
    addNamePlayer(p.id, lines.join('\n'), p.id === board.active_player);
  }
  const from = $('names-from');
  from.hidden = false;
  from.textContent = "The loaded board's players and permanents, by name. Building from these lines makes a new board of them alone: "
    + "the board's variant, effects and other fields are not carried over.";
}

/**
 * A permanent as a line of the names syntax (docs/format.md "Boards from card names"). Goad by a
 * player who has left the game (`left_the_game`) is not said: the syntax has no such player.
 */
function nameLine(perm, players) {
  const words = [perm.name || perm.id];
  if (perm.power !== undefined && perm.toughness !== undefined) words.push(`${perm.power}/${perm.toughness}`);
  if (perm.tapped) words.push('tapped');
  if (perm.summoning_sick) words.push('sick');
  const goaders = (perm.goaded_by || []).filter((id) => players.has(id));
  if (goaders.length) words.push(`goaded:${goaders.join(',')}`);
  const keywords = new Set(['flying', 'haste', 'vigilance', 'defender']);
  for (const k of perm.keywords || []) if (keywords.has(k.toLowerCase())) words.push(k.toLowerCase());
  return words.join(' ');
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
    forgetModel();
    const notes = cards.text ? [`Oracle text from ${cards.name}: ${reply.cards_indexed} card ${reply.cards_indexed === 1 ? 'name' : 'names'} indexed.`] : [];
    await showBoard(board, 'Built from the names', { notes, warnings: reply.warnings.map((w) => `warning: ${w}`), fromNames: true });
  }, { limit: null });
});

addNamePlayer('A', '', true);
addNamePlayer('B', '', false);

// ---- 2. The declaration ----------------------------------------------------------------------

function buildPicker(board) {
  // What a target or an attacker is called on its button: a player's name, a permanent's card
  // name (issue 40: ids such as "pwC" said nothing); the id follows, small, when it differs, so
  // that two of one name stay apart.
  const names = new Map();
  for (const p of board.permanents || []) names.set(p.id, p.name || p.id);
  for (const p of board.players || []) names.set(p.id, p.name || p.id);
  const nameOf = (id) => names.get(id) ?? id;
  const named = (id) => (nameOf(id) === id ? id : `${nameOf(id)} (${id})`);
  const rows = state.step === 'blocks' ? blockRows(named) : attackRows(board, named);
  $('creatures').replaceChildren(...rows.map((row) => pickerRow(row, nameOf)));

  const objective = $('objective');
  objective.replaceChildren();
  const objectives = state.step === 'blocks'
    // A defender's objectives (docs/format.md "solve on a board with combat"); the first is the
    // command line's default there.
    ? [['prevented', 'most combat damage prevented'], ['kills', 'most attackers killed'], ['losses', 'fewest own creatures lost'], ['none', 'nothing (any legal blocks)']]
    : [['power', 'power attacking'], ['attackers', 'number of attackers'], ['none', 'nothing (any legal attack)']];
  const attacking = new Set(state.view.attacking_players);
  if (state.step === 'attacks') for (const p of board.players || []) if (!attacking.has(p.id)) objectives.push([`damage:${p.id}`, `damage to ${named(p.id)}`]);
  for (const [value, text] of objectives) objective.append(new Option(text, value));
  showPicks();
}

/**
 * One row per creature of the attacking side: every target some creature may legally attack,
 * then the other players (a creature that may not attack can still be declared, and the check
 * says why it is illegal).
 */
function attackRows(board, named) {
  const view = state.view;
  const attacking = new Set(view.attacking_players);
  const targets = [];
  const add = (t) => { if (!targets.includes(t)) targets.push(t); };
  view.creatures.forEach((c) => c.legal_targets.forEach(add));
  (board.players || []).forEach((p) => { if (!attacking.has(p.id)) add(p.id); });
  return view.creatures.map((c) => ({
    id: c.id,
    label: `${c.name} (${c.id}), power ${c.power}`,
    whyNot: c.may_attack ? null : `may not attack: ${c.why_not}`,
    buttons: targets.map((t) => ({ id: t, kind: kind(t, c.allowed_targets, c.legal_targets), title: `${c.name} attacks ${named(t)}` })),
  }));
}

/**
 * One row per creature of a defending player (validate's `blocks.blockers`), a button per
 * attacker: what it may block (CR 509.1a), and past a restriction (509.1b).
 */
function blockRows(named) {
  const { blockers, attackers } = state.view.blocks;
  return blockers.map((b) => ({
    id: b.id,
    label: `${named(b.id)}, ${b.controller}'s${b.capacity === 1 ? '' : b.capacity === null ? '; blocks any number' : `; blocks up to ${b.capacity}`}`,
    whyNot: b.may_block ? null : `may not block: ${b.why_not}`,
    buttons: attackers.map((a) => ({ id: a.id, kind: kind(a.id, b.allowed_attackers, b.legal_attackers), title: `${named(b.id)} blocks ${named(a.id)}, attacking ${named(a.target)}` })),
  }));
}

const kind = (id, allowed, legal) => (allowed.includes(id) ? 'allowed' : legal.includes(id) ? 'restricted' : 'impossible');

function pickerRow({ id, label, whyNot, buttons }, nameOf) {
  const row = document.createElement('div');
  row.className = 'creature' + (whyNot ? ' cannot' : '');
  row.dataset.creature = id;
  const text = document.createElement('div');
  text.className = 'label';
  text.textContent = label;
  if (whyNot) text.append(Object.assign(document.createElement('small'), { textContent: whyNot }));
  const box = document.createElement('div');
  box.className = 'targets';
  for (const t of buttons) {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: nameOf(t.id), className: t.kind, title: t.title });
    if (nameOf(t.id) !== t.id) b.append(' ', Object.assign(document.createElement('small'), { className: 'target-id', textContent: t.id }));
    b.dataset.target = t.id;
    b.addEventListener('click', () => pick(id, t.id));
    box.append(b);
  }
  row.append(text, box);
  return row;
}

/**
 * A click: a creature attacks one target, so clicking another moves its attack; a blocker may
 * block several attackers, so each click adds or takes back that one block.
 */
function pick(creature, target) {
  const at = state.picks.findIndex(([c, t]) => c === creature && t === target);
  if (at >= 0) state.picks.splice(at, 1);
  else if (state.step === 'attacks') {
    const moved = state.picks.findIndex(([c]) => c === creature);
    if (moved >= 0) state.picks[moved] = [creature, target];
    else state.picks.push([creature, target]);
  } else state.picks.push([creature, target]);
  showPicks();
}

function showPicks() {
  for (const row of document.querySelectorAll('#creatures .creature')) {
    const c = row.dataset.creature;
    for (const b of row.querySelectorAll('button')) b.classList.toggle('picked', state.picks.some(([x, t]) => x === c && t === b.dataset.target));
  }
  showLine();
}

// ---- 2b. The declaration as one line (issue 40) ----------------------------------------------
// Two-way: every change of the picks (a click, a loaded file, Clear, a declaration shown from a
// verdict) rewrites the field, because that line is what a judge copies into
// `attackopt check BOARD --attack "..."` (`--block "..."` at blocks); a line typed there sets the
// picks. The engine reads it (declaration_from_line: the library's parsers and id checks, the
// JSON form's rules), never this file.

let lineEdited = false; // typed since the picks last wrote the field: not yet applied

/**
 * The picks in the field, in `--attack`'s syntax ("jugg=B, drake=pwC") or `--block`'s
 * ("wall=jugg, wall=drake"); empty for none.
 */
function showLine() {
  const pairs = state.picks;
  // The syntax splits at commas and white space and `=` ends a creature's id: an id with one
  // of them cannot be typed (ids are any text), and a line that read back as another
  // declaration would mislead.
  const untypable = pairs.flat().find((id) => /[,\s=]/.test(id));
  $('attack-line').value = untypable === undefined ? pairs.map(([c, t]) => `${c}=${t}`).join(', ') : '';
  lineEdited = false;
  const why = untypable === undefined ? '' : `"${untypable}" has a space, comma or =: this declaration cannot be typed in one line (load a declaration file instead)`;
  setStatus($('line-status'), why, '');
}

/**
 * Read the typed line into the picks. False when it was refused: the library's message is shown
 * in the error style, under the field, and the picks stay as they were.
 */
async function applyLine() {
  if (!lineEdited) return true; // the field shows the picks already
  if (state.busy || !state.board) return false;
  let applied = false;
  await run(async () => {
    const { reply } = await call('declaration_from_line', state.board, state.name, $('attack-line').value);
    if (reply.error) return setStatus($('line-status'), reply.error.message, 'error');
    setPicks(reply);
    applied = true;
  }, { limit: null });
  return applied;
}

$('attack-line').addEventListener('input', () => { lineEdited = true; });
$('attack-line').addEventListener('keydown', (event) => {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  applyLine();
});
$('apply-line').addEventListener('click', () => applyLine());

/** The declaration's list: `attacks`, or `blocks` on a board with combat. */
const listKey = () => (state.step === 'blocks' ? 'blocks' : 'attacks');

function declaration() {
  // In the order the judge declared them (a loaded file's order): the verdict lists them so.
  if (state.step === 'blocks') return { blocks: state.picks.map(([blocker, attacker]) => ({ blocker, attacker })) };
  return { attacks: state.picks.map(([creature, target]) => ({ creature, target })) };
}

function setPicks(decl) {
  state.picks = state.step === 'blocks'
    ? (decl.blocks || []).map((b) => [b.blocker, b.attacker])
    : (decl.attacks || []).map((a) => [a.creature, a.target]);
  showPicks();
}

$('clear').addEventListener('click', () => setPicks({}));

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
  if (!decl || !Array.isArray(decl[listKey()])) return showError(`${file.name}: expected an object with "${listKey()}"`);
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
$('to-blocks').addEventListener('click', () => declareBlockers());
$('back-to-attacks').addEventListener('click', () => backToAttacks());

async function ask(what) {
  if (state.busy || !state.board) return;
  const opts = options();
  if (!opts) return showError(`time limit: expected a number of seconds >= 0, or empty for none; found "${$('time-limit').value}"`);
  const json = JSON.stringify(opts);
  const limit = Number($('enumerate-limit').value);
  if (what === 'enumerate' && !(Number.isInteger(limit) && limit >= 1 && limit <= 10000)) {
    return showError(`at most: expected a whole number of declarations from 1 to 10000; found "${$('enumerate-limit').value}"`);
  }
  // A line typed and not applied is what the judge sees: it is the declaration checked.
  if (what === 'check' && !(await applyLine())) return;
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
  const best = state.step === 'blocks' ? 'BEST BLOCKS' : 'BEST ATTACK';
  const verdict = what === 'solve'
    ? (reply.exit === 0 ? [`${best} (proven optimal)`, 'legal'] : ['BEST FOUND (not proven optimal)', 'undecided'])
    : ({ 0: ['LEGAL', 'legal'], 1: ['ILLEGAL', 'illegal'] }[reply.exit] || ['UNDECIDED', 'undecided']);
  badge.textContent = `${verdict[0]} · ${(ms / 1000).toFixed(2)} s`;
  badge.className = verdict[1];
  $('verdict-text').textContent = reply.text;
  // A legal attack, checked or found, goes on to its blockers.
  offer(what === 'solve' ? r.declaration : r.legal_alternative || r.witness || null, state.step === 'attacks' && r.legal === true ? r.declaration : null);
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
  // The text's entries after its header, one per declaration (warnings, if any, come before):
  // a line indented deeper than the entries' continues the entry above (the text wraps).
  const lines = reply.text.split('\n');
  const header = lines.findIndex((l) => /^\d+ legal declarations?\b/.test(l));
  const entries = [];
  for (const line of lines.slice(header + 1)) {
    if (/^ {3,}\S/.test(line) && entries.length) entries[entries.length - 1] += ` ${line.trim()}`;
    // The list of blocks numbers its entries; the page's list numbers them itself.
    else if (line.trim()) entries.push(line.trim().replace(/^\d+\. /, ''));
  }
  // Each declaration alone, as `--detail summary` lists them (attacks and blocks alike).
  listDeclarations(r.declarations.map((d, i) => [d.declaration || d, entries[i] || '']));
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

/** What the verdict offers: a declaration to show on the board, a legal attack to block. */
function offer(decl, attack = null) {
  state.shown = decl;
  $('show-declaration').hidden = !decl;
  state.attack = attack;
  $('to-blocks').hidden = !attack;
}

// ---- 4. From the attack to its blockers ------------------------------------------------------

/**
 * The board at the declare blockers step for the legal attack of the verdict: built by the
 * engine (declare_attackers: `combat` the attacks, the attackers tapped unless vigilance, CR
 * 508.1f), put in the text box as JSON and read as any board, named after the attack's board.
 */
async function declareBlockers() {
  const attack = state.attack;
  if (state.busy || !attack) return;
  const before = { board: state.board, name: state.name };
  await run(async () => {
    const { reply } = await call('declare_attackers', state.board, state.name, JSON.stringify(attack));
    if (reply.error) return showError(reply.error.message);
    const board = JSON.stringify(reply.board, null, 2);
    $('board-text').value = board;
    $('board-format').value = 'json';
    state.name = before.name.replace(/(\.json)?$/, '.combat.json');
    forgetModel();
    const n = attack.attacks.length;
    const note = `${n} ${n === 1 ? 'creature attacks' : 'creatures attack'}, tapped unless they have vigilance (CR 508.1f); the text box holds this board, with its "combat".`;
    await showBoard(board, 'At the declare blockers step', { notes: [note], before });
  }, { limit: null });
}

/** The attack's board again, as it was read. */
async function backToAttacks() {
  const before = state.before;
  if (state.busy || !before) return;
  await run(async () => {
    $('board-text').value = before.board;
    state.name = before.name;
    await showBoard(before.board, 'Board read', {});
  }, { limit: null });
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
// Disabled while the engine works (one request at a time) and until it has started.
const BUTTONS = ['check', 'best', 'enumerate', 'apply-line', 'read-board', 'build-names', 'model-board', 'board-file', 'to-blocks', 'back-to-attacks'];

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

// Until the engine answers, the page says it is loading (index.html) and its controls are
// disabled: a click before then would wait without a word.
startWorker();
Promise.all([call('about'), call('models')]).then(([{ reply: about }, { reply: list }]) => {
  if (about.error) return; // the worker failed to start: onerror has said so
  grace = about.time_limit_grace_ms;
  $('engine-state').textContent = `attackopt ${about.version}, running as WebAssembly in a Web Worker.`;
  fillModels(Array.isArray(list) ? list : []);
  for (const id of BUTTONS) $(id).disabled = false;
  setStatus($('board-status'), 'Choose a model board, load a file, paste a board and read it, or type the cards by name.', '');
  document.body.dataset.engine = 'ready';
});
