//! `attackopt import forge FILE`: a Forge puzzle (`.pzl`) or game-state file into a board.
//!
//! Forge writes a game state as `key=value` lines, in a `[state]` section for puzzles:
//!
//! ```text
//! [state]
//! humanlife=20
//! ailife=20
//! activeplayer=human
//! activephase=MAIN1
//! humanhand=Lightning Bolt
//! humanbattlefield=Grizzly Bears|Tapped;Goblin Guide|SummonSick;Forest;Forest
//! aibattlefield=Propaganda;Pacifism|AttachedTo:7;Hill Giant|Id:7|Counters:P1P1=2
//! ```
//!
//! Keys are read without regard to case. Players are named in two styles: the older `human`/`ai`
//! (`humanlife`, `aibattlefield`, `activeplayer=ai`) and the newer, multiplayer `p0`, `p1`, ...
//! (`p0life`, `p2battlefield`, `activeplayer=p0`); see `import` for how they become players.
//! Cards are separated by `;`, and each card's options by `|`: `Tapped`, `SummonSick`,
//! `Counters:P1P1=2,M1M1=1,P1P0=1`, `Id:N` (for references), `AttachedTo:N` (older files:
//! `Attaching:N`), `FaceDown`, `PhasedOut`, `Transformed`; tokens are `t:` (or `T:`) followed by
//! a token script name (`t:w_1_1_soldier`) or a description
//! (`t:Servo,P:1,T:1,Types:Artifact-Creature-Servo`, empty fields allowed).
//!
//! Forge has all of Magic's cards; attackopt knows only what its catalog describes. A card is
//! imported when attackopt knows everything about it that matters for declaring attackers: the
//! catalog's cards, basic lands, and a table of creatures whose text is only keywords (vanilla
//! creatures, Flying, Haste, Vigilance, Defender, and keywords that do nothing while attackers
//! are declared) and of lands with only mana abilities. Every other card is skipped and listed
//! with the reason, never guessed.

use crate::board::{Board, ImportNotes, InputError, ManaAbilitySpec, Permanent, Player, Variant};
// The table of cards known by name lives with the catalog (src/cards/known.rs): the importer
// and the unknown-name warnings read one list. Re-exported here, where it used to be.
pub use crate::cards::{known_card, KnownCard};
use crate::cards::{printed, types_of, CardIndex, CardText};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;

// A card left out is said by the board too (its `import` field, issue 40): one type for both,
// in the board module, re-exported here where it used to be.
pub use crate::board::Skipped;

/// The board, what was skipped, and what was read but ignored.
#[derive(Debug, Clone, Serialize)]
pub struct Imported {
    /// The board.
    pub board: Board,
    /// The cards left out, with the reason for each.
    pub skipped: Vec<Skipped>,
    /// What was read but ignored, line by line (a malformed line, a key that does not matter).
    pub warnings: Vec<String>,
}

/// One card as Forge writes it, before we decide whether we know it.
struct CardSpec {
    zone: String,
    index: usize,
    /// The player's seat: human 0, ai 1, pN N (see `seat`).
    controller: usize,
    text: String,
}

/// The most players a file may name (p0 to p63): Forge's games have at most a few, and a key
/// such as `p4000000000life` must not make a board of four billion players.
const MAX_SEATS: usize = 64;

/// The player a key starts with and the rest of the key: `humanlife` → (0, "life"),
/// `ailife` → (1, "life"), `p2battlefield` → (2, "battlefield"). Forge's two key styles name the
/// same seats: the older `human`/`ai` are its first and second players, p0 and p1 in the newer.
/// `Some(Err)` is a pN past `MAX_SEATS`.
fn seat(key: &str) -> Option<Result<(usize, bool, &str), String>> {
    if let Some(rest) = key.strip_prefix("human") {
        return Some(Ok((0, false, rest)));
    }
    if let Some(rest) = key.strip_prefix("ai") {
        return Some(Ok((1, false, rest)));
    }
    let digits = key.strip_prefix('p')?;
    let n = digits.chars().take_while(char::is_ascii_digit).count();
    if n == 0 {
        return None;
    }
    let rest = &digits[n..];
    match digits[..n].parse::<usize>() {
        Ok(i) if i < MAX_SEATS => Some(Ok((i, true, rest))),
        _ => Some(Err(format!("expected a player p0 to p{}, found \"p{}\"", MAX_SEATS - 1, &digits[..n]))),
    }
}

/// Lower-case words for an id: "Goblin Guide" → "goblin-guide".
pub(super) fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-').to_string();
    if s.is_empty() {
        "card".into()
    } else {
        s
    }
}

fn title(word: &str) -> String {
    let mut cs = word.chars();
    match cs.next() {
        Some(c) => c.to_uppercase().chain(cs.flat_map(|c| c.to_lowercase())).collect(),
        None => String::new(),
    }
}

/// Keywords a token may carry and still be imported: the ones attackopt reads (Flying, Haste,
/// Vigilance, Defender) and ones that do nothing while attackers are declared. Any other keyword
/// (Decayed, Myriad, Exalted, a Forge keyword line such as "CARDNAME attacks each combat if
/// able.") may change what may or must attack, so its token is skipped, never guessed.
const TOKEN_KEYWORDS: [&str; 16] = [
    "flying",
    "haste",
    "vigilance",
    "defender",
    "deathtouch",
    "lifelink",
    "trample",
    "reach",
    "menace",
    "first strike",
    "double strike",
    "indestructible",
    "hexproof",
    "shroud",
    "intimidate",
    "prowess",
];

/// Creature types that token script names use, so that a script name's words can be told apart
/// from the ability words Forge puts after them (`r_1_1_devil_burn`, `b_2_2_zombie_decayed`): a
/// word in neither list is an ability attackopt does not know, and the token is skipped.
const TOKEN_SUBTYPES: [&str; 100] = [
    "angel",
    "ape",
    "army",
    "assassin",
    "assembly-worker",
    "avatar",
    "badger",
    "bat",
    "bear",
    "beast",
    "bird",
    "boar",
    "camarid",
    "cat",
    "centaur",
    "citizen",
    "cleric",
    "construct",
    "crab",
    "demon",
    "detective",
    "devil",
    "dinosaur",
    "djinn",
    "dog",
    "dragon",
    "drake",
    "dwarf",
    "elemental",
    "elephant",
    "elf",
    "elk",
    "faerie",
    "fish",
    "fox",
    "frog",
    "fungus",
    "germ",
    "giant",
    "gnome",
    "goat",
    "goblin",
    "golem",
    "gremlin",
    "hippo",
    "homunculus",
    "horror",
    "horse",
    "hound",
    "human",
    "hydra",
    "illusion",
    "insect",
    "kavu",
    "kithkin",
    "knight",
    "kor",
    "kraken",
    "lizard",
    "minion",
    "minotaur",
    "monk",
    "mouse",
    "myr",
    "nightmare",
    "octopus",
    "ogre",
    "ooze",
    "orc",
    "ox",
    "pegasus",
    "pirate",
    "plant",
    "rabbit",
    "rat",
    "rhino",
    "rogue",
    "salamander",
    "saproling",
    "satyr",
    "serpent",
    "servo",
    "shade",
    "shapeshifter",
    "skeleton",
    "snake",
    "soldier",
    "spider",
    "spirit",
    "squirrel",
    "thopter",
    "treefolk",
    "vampire",
    "wall",
    "warrior",
    "wizard",
    "wolf",
    "worm",
    "wurm",
    "zombie",
];

/// Card types a token description may name; supertypes are dropped (they do not matter to
/// attacking), and a token of any other type (Planeswalker, Battle, an Effect) is skipped.
const TOKEN_CARD_TYPES: [&str; 4] = ["Artifact", "Creature", "Enchantment", "Land"];
const SUPERTYPES: [&str; 4] = ["Legendary", "Snow", "Basic", "World"];

/// A token from Forge's `t:` text: a token script name (`w_1_1_soldier_flying`, `c_1_1_a_servo`)
/// or a description in the form Forge's `TokenInfo` writes and reads
/// (`Servo,P:1,T:1,Cost:no cost,Types:Artifact-Creature-Servo,Keywords:Flying,Image:c_1_1_servo`).
/// The error is the reason the token is skipped.
fn parse_token(spec: &str) -> Result<Permanent, String> {
    let mut p = blank_permanent();
    p.types = vec!["Token".into()];
    let spec = spec.trim();
    if spec.contains(',') || spec.contains(':') {
        return parse_token_description(spec, p);
    }
    // A token script name: colors_power_toughness_[a][e]_types_keywords.
    let script = |what: &str| format!("a token script name attackopt cannot read ({what}; expected a script name such as w_1_1_soldier_flying)");
    let parts: Vec<&str> = spec.split('_').collect();
    let colors = parts[0];
    if !colors.is_empty() && !colors.chars().all(|c| "wubrgc".contains(c)) {
        return Err(script(&format!("\"{colors}\" is not a color code")));
    }
    let (Some(power), Some(toughness)) = (parts.get(1).and_then(|v| v.parse().ok()), parts.get(2).and_then(|v| v.parse().ok())) else {
        // Treasure, Food, Clue, Blood and the like, or a creature whose power is counted (x_x):
        // their abilities (Treasure's mana) are not in the name.
        return Err(script("no power and toughness: a noncreature token, or one whose power is counted, has text the name does not give"));
    };
    p.colors = colors.chars().filter(|c| *c != 'c').map(|c| c.to_ascii_uppercase().to_string()).collect();
    p.power = power;
    p.toughness = toughness;
    p.types.push("Creature".into());
    let mut names = Vec::new();
    for w in &parts[3..] {
        let w = w.to_ascii_lowercase();
        match w.as_str() {
            "a" => p.types.push("Artifact".into()),
            "e" => p.types.push("Enchantment".into()),
            k if TOKEN_KEYWORDS.contains(&k) => p.keywords.push(title(k)),
            sub if TOKEN_SUBTYPES.contains(&sub) => {
                p.subtypes.push(title(sub));
                names.push(title(sub));
            }
            other => {
                return Err(format!("the token's \"{other}\" is an ability or type attackopt does not know, so what it does to attacks is unknown"))
            }
        }
    }
    if names.is_empty() {
        return Err(script("no creature type"));
    }
    p.name = format!("{} Token", names.join(" "));
    Ok(p)
}

/// A token description: comma-separated fields `Key:value`, the first being the name. As in
/// Forge's reader, a field without a colon (an empty field, `Saproling,,P:1`) is passed over.
fn parse_token_description(spec: &str, mut p: Permanent) -> Result<Permanent, String> {
    let mut fields = spec.split(',');
    p.name = fields.next().unwrap_or("").trim().to_string();
    let (mut has_power, mut has_toughness) = (false, false);
    let (mut color_field, mut cost_colors) = (false, Vec::new());
    for field in fields {
        let Some((k, v)) = field.split_once(':') else {
            continue;
        };
        let v = v.trim();
        let number = |what: &str| v.parse::<i64>().map_err(|_| format!("the token's {what} \"{v}\" is not a number"));
        match k.trim().to_ascii_lowercase().as_str() {
            "p" => {
                p.power = number("power")?;
                has_power = true;
            }
            "t" => {
                p.toughness = number("toughness")?;
                has_toughness = true;
            }
            "types" => {
                for t in v.split('-').map(str::trim).filter(|t| !t.is_empty()) {
                    let t = title(t);
                    if TOKEN_CARD_TYPES.contains(&t.as_str()) {
                        p.types.push(t);
                    } else if SUPERTYPES.contains(&t.as_str()) {
                    } else if ["Planeswalker", "Battle", "Effect", "Emblem", "Instant", "Sorcery"].contains(&t.as_str()) {
                        return Err(format!("a {t} token: its text is not in the description"));
                    } else {
                        p.subtypes.push(t);
                    }
                }
            }
            "keywords" => {
                for kw in v.split('-').map(str::trim).filter(|t| !t.is_empty()) {
                    if !TOKEN_KEYWORDS.contains(&kw.to_ascii_lowercase().as_str()) {
                        return Err(format!("the token has \"{kw}\", which attackopt does not read, so what it does to attacks is unknown"));
                    }
                    p.keywords.push(kw.to_string());
                }
            }
            "color" | "colors" => {
                p.colors = v.chars().filter(|c| "WUBRG".contains(c.to_ascii_uppercase())).map(|c| c.to_ascii_uppercase().to_string()).collect();
                color_field = true;
            }
            // Without a Color: field Forge colors the token by its mana cost (CR 202.2), written
            // in capitals (`Cost:G`; `no cost` is colorless).
            "cost" => {
                cost_colors.clear();
                for c in v.chars().filter(|c| "WUBRG".contains(*c)).map(String::from) {
                    if !cost_colors.contains(&c) {
                        cost_colors.push(c);
                    }
                }
            }
            // The art and set say nothing about attacking.
            _ => {}
        }
    }
    if !color_field {
        p.colors = cost_colors;
    }
    if p.types.len() == 1 {
        return Err("a token description without Types: (expected e.g. Types:Creature-Saproling)".into());
    }
    if p.types.iter().any(|t| t == "Creature") && !(has_power && has_toughness) {
        return Err("a creature token description without P: and T:".into());
    }
    if p.types.iter().any(|t| t != "Token" && t != "Creature") && !p.types.iter().any(|t| t == "Creature") {
        // A noncreature token (Treasure, Clue, Food) may have a mana ability the description
        // does not give.
        return Err("a noncreature token: its abilities (a Treasure's mana) are not in the description".into());
    }
    Ok(p)
}

pub(super) fn blank_permanent() -> Permanent {
    Permanent::new("", "", "", &[])
}

pub(super) fn from_known(k: &KnownCard) -> Permanent {
    let mut p = blank_permanent();
    p.name = k.name.to_string();
    p.types = k.types.iter().map(|s| s.to_string()).collect();
    p.subtypes = k.subtypes.iter().map(|s| s.to_string()).collect();
    p.colors = k.colors.iter().map(|s| s.to_string()).collect();
    p.power = k.power;
    p.toughness = k.toughness;
    p.keywords = k.keywords.iter().map(|s| s.to_string()).collect();
    p.mana = k.mana.iter().map(|m| ManaAbilitySpec { add: Value::String((*m).to_string()), untap: false }).collect();
    p
}

/// Options of a card that do not change how it attacks or restricts attacks.
const HARMLESS_OPTIONS: [&str; 13] = [
    "set",
    "noetbtrigs",
    "iscommander",
    "renowned",
    "monstrous",
    "damage",
    "chosencolor",
    "chosentype",
    "namedcard",
    "rememberedcards",
    "imprinting",
    "exiledwith",
    "artid",
];

/// Parse a Forge state file into a board, with only the cards attackopt knows by name. `file`
/// names it in messages. See [`import_with`].
pub fn import(text: &str, file: &str) -> Result<Imported, InputError> {
    import_with(text, file, None)
}

/// A card from a card source (`--cards`): its Oracle text is read when the board is (issue 14);
/// None when its type line has no permanent type (an instant on the battlefield is not read).
pub(super) fn from_text(card: &CardText) -> Option<Permanent> {
    let (types, subtypes) = types_of(&card.type_line);
    if types.is_empty() {
        return None;
    }
    let mut p = blank_permanent();
    p.name = card.name.clone();
    p.types = types;
    p.subtypes = subtypes;
    p.colors = card.colors.clone();
    p.power = printed(card.power.as_deref()).unwrap_or(0);
    p.toughness = printed(card.toughness.as_deref()).unwrap_or(0);
    p.oracle_text = Some(card.oracle_text.clone());
    p.type_line = Some(card.type_line.clone());
    Some(p)
}

/// Parse a Forge state file into a board. `file` names it in messages. With a card source
/// (`--cards`), a card neither in the catalog nor among the plain cards is imported with its
/// Oracle text when the source has it.
///
/// Players: a file written with `human`/`ai` keys gives players `human` and `ai`; a file with
/// `p0`, `p1`, ... keys (Forge's newer and multiplayer state files) gives players `p0` to the
/// highest seat named (at least `p1`, as a game has two players), and there `human`/`ai` keys,
/// if any, are read as p0/p1.
pub fn import_with(text: &str, file: &str, cards: Option<&CardIndex>) -> Result<Imported, InputError> {
    let mut state = read_state(text, file)?;
    let names = state.player_names();
    let active = state.active_seat(&names);
    state.warn_late_phase();
    let (mut skipped, mut unread) = (Vec::new(), Vec::new());
    let permanents = import_cards(&state.specs, &names, cards, state.remove_sickness, (&mut state.warnings, &mut unread), &mut skipped);
    let players = names
        .iter()
        .enumerate()
        .map(|(i, p)| Player {
            id: p.clone(),
            life: state.life.get(&i).copied().unwrap_or(20),
            hand: state.hand.get(&i).copied().unwrap_or(0),
            ..Player::default()
        })
        .collect();
    let board = Board {
        attackopt: 1,
        variant: Variant::default(),
        active_player: names[active].clone(),
        attacked_this_turn: 0,
        extra_turn: None,
        players,
        permanents,
        effects: vec![],
        left_the_game: vec![],
        // What the board leaves out of the game, said by every answer about it (issue 40): the
        // cards skipped and the warnings, but not a sentence of Oracle text not understood (the
        // board carries the text, and every answer lists it in `assumptions`).
        import: Some(ImportNotes::new("forge", file, skipped.clone(), state.warnings.clone())),
        combat: None,
    };
    // What is printed must be a board `validate` accepts (issue 11: powers past the limits from
    // counters, 150,000 cards): read it back as any board is read.
    let text = serde_json::to_string(&board).map_err(|e| InputError::new(file, "", format!("internal error: {e}")))?;
    crate::position::Position::new(crate::board::parse_board(&text, file).map_err(imported_board_error)?).map_err(imported_board_error)?;
    let mut warnings = state.warnings;
    warnings.extend(unread);
    Ok(Imported { board, skipped, warnings })
}

/// What a file's game state says, its `key=value` lines read (see [`import_with`]).
struct State {
    warnings: Vec<String>,
    life: HashMap<usize, i64>,
    hand: HashMap<usize, u32>,
    /// The active player's seat, and whether it was named in the pN style.
    active: Option<(usize, bool)>,
    phase: Option<String>,
    remove_sickness: bool,
    specs: Vec<CardSpec>,
    // Whether any key or the active player uses the pN style, and the highest seat named.
    numbered: bool,
    old_style: bool,
    last_seat: usize,
}

/// Read the `[state]` section (the whole file when it has no sections) line by line; bad input
/// when there is none, or no `key=value` line in it.
fn read_state(text: &str, file: &str) -> Result<State, InputError> {
    let mut state = State {
        warnings: Vec::new(),
        life: HashMap::new(),
        hand: HashMap::new(),
        active: None,
        phase: None,
        remove_sickness: false,
        specs: Vec::new(),
        numbered: false,
        old_style: false,
        last_seat: 1,
    };
    let has_sections = text.lines().any(|l| l.trim().starts_with('['));
    let mut in_state = !has_sections;
    let mut saw_state = false;
    let mut saw_pair = false;
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('[') {
            in_state = line.eq_ignore_ascii_case("[state]");
            saw_state |= in_state;
            continue;
        }
        if !in_state {
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            state.warnings.push(format!("line {line_no}: expected key=value, found \"{line}\"; ignored"));
            continue;
        };
        saw_pair = true;
        state.read_pair(line_no, &key.trim().to_ascii_lowercase(), value.trim(), file)?;
    }
    if has_sections && !saw_state {
        return Err(InputError::new(file, "", "expected a [state] section (a Forge puzzle or game-state file)"));
    }
    // Junk text or an empty file is not a game state (issue 11: exit 0 with an empty board).
    if !saw_pair {
        return Err(InputError::new(file, "", "expected a Forge game state: key=value lines such as humanlife=20 or aibattlefield=Grizzly Bears"));
    }
    Ok(state)
}

impl State {
    /// One `key=value` line (the key lower case, both trimmed).
    fn read_pair(&mut self, line_no: usize, key: &str, value: &str, file: &str) -> Result<(), InputError> {
        let at = |what: &str| InputError::new(file, format!("line {line_no} ({key})"), what.to_string());
        let (player, is_numbered) = match seat(key) {
            Some(Ok((i, is_numbered, rest))) => (Some((i, rest)), is_numbered),
            Some(Err(e)) => return Err(at(&e)),
            None => (None, false),
        };
        // A player key names a seat, and so a player, only when the key is one Forge has.
        let mut names_seat = player.is_some();
        let rest = player.map(|(_, r)| r).unwrap_or("");
        match (player.map(|(p, _)| p), rest, key) {
            (_, _, "activeplayer") => self.read_active_player(value).map_err(|e| at(&e))?,
            (_, _, "activephase") => self.phase = Some(value.to_ascii_uppercase()),
            // Forge moves the game on to this phase after setting it up (a puzzle that starts at
            // declare blockers); what matters here is whether attackers are declared yet.
            (_, _, "activephaseadvance") => self.phase = Some(value.to_ascii_uppercase()),
            (_, _, "removesummoningsickness") => self.remove_sickness = value.eq_ignore_ascii_case("true"),
            (_, _, "turn") => {}
            (Some(p), "life", _) => {
                let l: i64 = value.parse().map_err(|_| at(&format!("expected a life total (an integer), found \"{value}\"")))?;
                self.life.insert(p, l);
            }
            (Some(p), "hand", _) => {
                let count = value.split(';').filter(|c| !c.trim().is_empty()).count();
                self.hand.insert(p, u32::try_from(count).unwrap_or(u32::MAX));
            }
            (Some(p), "battlefield" | "play", _) => {
                for (i, c) in value.split(';').map(str::trim).filter(|c| !c.is_empty()).enumerate() {
                    self.specs.push(CardSpec { zone: key.to_string(), index: i + 1, controller: p, text: c.to_string() });
                }
            }
            (Some(_), "graveyard" | "library" | "exile" | "command" | "sideboard", _) => {}
            // A player's display name (`aiName=Nick`) does not matter to attacks.
            (Some(_), "name", _) => {}
            (Some(_), "counters", _) => {
                if !value.is_empty() {
                    self.warnings.push(format!("line {line_no}: {key}={value}: player counters do not affect declaring attackers here; ignored"));
                }
            }
            (Some(_), "precast" | "putonstack" | "manapool" | "persistentmana" | "landsplayed" | "landsplayedlastturn", _) => {
                if !value.is_empty() {
                    self.warnings.push(format!("line {line_no}: {key} is not imported (attackopt reads the board as it stands); ignored"));
                }
            }
            _ => {
                names_seat = false;
                self.warnings.push(format!("line {line_no}: unknown key \"{key}\"; ignored"));
            }
        }
        if let (true, Some((i, _))) = (names_seat, player) {
            self.numbered |= is_numbered;
            self.old_style |= !is_numbered;
            self.last_seat = self.last_seat.max(i);
        }
        Ok(())
    }

    /// `activeplayer=...`: human, ai or pN.
    fn read_active_player(&mut self, value: &str) -> Result<(), String> {
        let v = value.to_ascii_lowercase();
        let found = match v.as_str() {
            "human" | "ai" => seat(&v),
            _ if v.starts_with('p') => seat(&v).filter(|s| s.as_ref().is_ok_and(|(_, _, r)| r.is_empty()) || s.is_err()),
            _ => None,
        };
        match found {
            Some(Ok((i, is_numbered, _))) => {
                self.numbered |= is_numbered;
                self.last_seat = self.last_seat.max(i);
                self.active = Some((i, is_numbered));
                Ok(())
            }
            Some(Err(e)) => Err(e),
            None => Err(format!("expected the active player human or ai (or p0, p1, ...), found \"{value}\"")),
        }
    }

    /// The players' ids: human and ai in the older style, p0..pN when any pN is named.
    fn player_names(&mut self) -> Vec<String> {
        if self.numbered {
            if self.old_style {
                self.warnings.push("both human/ai and p0, p1, ... keys: human and ai are read as p0 and p1 (Forge's order)".into());
            }
            (0..=self.last_seat).map(|i| format!("p{i}")).collect()
        } else {
            vec!["human".into(), "ai".into()]
        }
    }

    /// The active player's seat: the first player's when the file names none (with a warning).
    fn active_seat(&mut self, names: &[String]) -> usize {
        match self.active {
            Some((i, _)) => i,
            None => {
                self.warnings.push(format!("no activeplayer: assuming {}", names[0]));
                0
            }
        }
    }

    /// A warning when the file's phase is past the declaration of attackers.
    fn warn_late_phase(&mut self) {
        if let Some(ph) = &self.phase {
            const AFTER: [&str; 7] =
                ["COMBAT_DECLARE_BLOCKERS", "COMBAT_FIRST_STRIKE_DAMAGE", "COMBAT_DAMAGE", "COMBAT_END", "MAIN2", "END_OF_TURN", "CLEANUP"];
            if AFTER.contains(&ph.as_str()) {
                self.warnings.push(format!("activephase {ph} is after attackers are declared; the board is read as if declaring attackers now"));
            }
        }
    }
}

/// The cards attackopt knows as permanents, with unique ids and their options read; the others
/// skipped, with the reason. `warnings`: what was ignored or guessed, then the sentences of
/// Oracle text not understood (which the board itself says again).
fn import_cards(
    specs: &[CardSpec],
    names: &[String],
    cards: Option<&CardIndex>,
    remove_sickness: bool,
    (warnings, unread): (&mut Vec<String>, &mut Vec<String>),
    skipped: &mut Vec<Skipped>,
) -> Vec<Permanent> {
    let mut permanents: Vec<Permanent> = Vec::new();
    let mut used_ids: HashMap<String, usize> = HashMap::new();
    let mut links = Links::default();
    for spec in specs {
        let mut parts = spec.text.split('|');
        let name = parts.next().unwrap_or("").trim().to_string();
        let options: Vec<&str> = parts.map(str::trim).filter(|o| !o.is_empty()).collect();
        let mut perm = match permanent_of(spec, &name, &options, cards, unread) {
            Ok(p) => p,
            Err(reason) => {
                skipped.push(Skipped { zone: spec.zone.clone(), index: spec.index, card: name, reason });
                continue;
            }
        };
        let controller = &names[spec.controller];
        perm.controller = controller.clone();
        let base = if has_option(&options, "facedown").is_some() { format!("face-down-{controller}") } else { slug(&perm.name) };
        let n = used_ids.entry(base.clone()).or_insert(0);
        *n += 1;
        perm.id = if *n == 1 { base } else { format!("{base}-{n}") };
        let here = format!("{}, card {} ({})", spec.zone, spec.index, if name.is_empty() { "?" } else { &name });
        read_options(&mut perm, &options, permanents.len(), &here, &mut links, warnings);
        if remove_sickness {
            perm.summoning_sick = false;
        }
        permanents.push(perm);
    }
    links.attach(&mut permanents, warnings);
    permanents
}

/// The first of a card's options that starts with `prefix` (lower case), whatever its case.
fn has_option<'o>(options: &'o [&'o str], prefix: &str) -> Option<&'o &'o str> {
    options.iter().find(|o| o.to_ascii_lowercase().starts_with(prefix))
}

/// The permanent a card is (before its options and id), or why it is left out; `unread` gets
/// the sentences of its Oracle text attackopt does not understand.
fn permanent_of(spec: &CardSpec, name: &str, options: &[&str], cards: Option<&CardIndex>, unread: &mut Vec<String>) -> Result<Permanent, String> {
    let has = |prefix: &str| has_option(options, prefix);
    let face_down = has("facedown").is_some();
    // CR 702.26b: a phased-out permanent is treated as though it does not exist.
    if has("phasedout").is_some() {
        return Err("phased out (CR 702.26b: treated as though it does not exist)".into());
    }
    // The other face of a double-faced, flip or meld card has other text than its name's.
    if let Some(o) = ["transformed", "flipped", "meld"].iter().find_map(|f| has(f)).filter(|_| !face_down) {
        return Err(format!("{o}: the card shows another face, whose text attackopt does not know"));
    }
    let token = name.get(..2).filter(|p| p.eq_ignore_ascii_case("t:")).map(|_| &name[2..]);
    if face_down {
        // CR 708.2: a face-down permanent is a 2/2 creature with no name, text, types or color.
        let mut p = blank_permanent();
        p.name = String::new();
        p.types = vec!["Creature".into()];
        p.power = 2;
        p.toughness = 2;
        Ok(p)
    } else if let Some(token) = token {
        parse_token(token)
    } else if let Some(k) = known_card(name).filter(|k| k.types.contains(&"Battle")) {
        // The table knows battles for boards written by hand (issue 13); a Forge file does
        // not say which player protects one, and a battle without a protector can't be
        // attacked (CR 310.8), so it is left out rather than imported unattackable.
        Err(format!("{}: a battle, and the file does not say which player protects it (CR 310.8)", k.name))
    } else if let Some(k) = known_card(name) {
        Ok(from_known(k))
    } else if let Some(card) = cards.and_then(|c| c.get(name)) {
        let p = from_text(card).ok_or_else(|| format!("its type line \"{}\" names no permanent type", card.type_line))?;
        // Imported with its text, which the board's readers (check, solve, validate)
        // read again; a sentence not understood is said here too, never passed over.
        for clause in crate::cards::oracle::read(&card.name, &card.oracle_text).unread {
            unread.push(format!(
                "{}, card {} ({name}): attackopt does not understand \"{clause}\" in its Oracle text; imported with the text, and every answer on this board assumes it away",
                spec.zone, spec.index
            ));
        }
        Ok(p)
    } else if cards.is_some() {
        Err("unknown card: not in attackopt's catalog, basic lands or table of plain creatures, nor with an Oracle text in the card source, so what it does to attacks is unknown".into())
    } else {
        Err("unknown card: not in attackopt's catalog, basic lands or table of plain creatures, so what it does to attacks is unknown".into())
    }
}

/// The cards' Forge ids (`Id:N`) and the cards attached to one (`AttachedTo:N`): resolved once
/// every card is imported, since a card may name one listed after it.
#[derive(Default)]
struct Links {
    /// The permanent's id by Forge id.
    forge_ids: HashMap<String, String>,
    /// (the attached permanent's index, the Forge id it names, the card for messages)
    attachments: Vec<(usize, String, String)>,
}

impl Links {
    /// Attach each card to the permanent its Forge id names, or warn that none does.
    fn attach(self, permanents: &mut [Permanent], warnings: &mut Vec<String>) {
        for (index, forge_id, here) in self.attachments {
            match self.forge_ids.get(&forge_id) {
                Some(id) => permanents[index].attached_to = Some(id.clone()),
                None => warnings.push(format!(
                    "{here}: attached to Id:{forge_id}, which no imported card has (skipped, or no card with |Id:{forge_id}); left unattached"
                )),
            }
        }
    }
}

/// A card's options (`Tapped`, `Counters:P1P1=2`, `Id:7`, ...) onto its permanent, the
/// `index`-th imported; `here` names the card in warnings.
fn read_options(perm: &mut Permanent, options: &[&str], index: usize, here: &str, links: &mut Links, warnings: &mut Vec<String>) {
    for o in options {
        let (key, val) = match o.split_once(':') {
            Some((k, v)) => (k.trim().to_ascii_lowercase(), v.trim()),
            None => (o.to_ascii_lowercase(), ""),
        };
        match key.as_str() {
            "tapped" => perm.tapped = true,
            "summonsick" | "summoningsick" | "sick" => perm.summoning_sick = true,
            "facedown" => {}
            "id" => {
                if links.forge_ids.insert(val.to_string(), perm.id.clone()).is_some() {
                    warnings.push(format!("{here}: Id:{val} is used twice; the last card wins"));
                }
            }
            "attachedto" | "attaching" => links.attachments.push((index, val.to_string(), here.to_string())),
            "counters" => add_counters(perm, val, here, warnings),
            "attacking" => warnings.push(format!("{here}: Attacking ignored: attackopt decides the declaration")),
            k if HARMLESS_OPTIONS.contains(&k) => {}
            _ => warnings.push(format!("{here}: option \"{o}\" is not read by attackopt; ignored")),
        }
    }
}

/// `Counters:P1P1=2,CHARGE=1`: the counters onto the permanent, and their numbers onto its
/// power and toughness.
fn add_counters(perm: &mut Permanent, val: &str, here: &str, warnings: &mut Vec<String>) {
    for c in val.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        let Some((kind, amount)) = c.split_once('=') else {
            warnings.push(format!("{here}: counters \"{c}\": expected KIND=N; ignored"));
            continue;
        };
        let Ok(amount) = amount.trim().parse::<u32>() else {
            warnings.push(format!("{here}: counters \"{c}\": expected KIND=N; ignored"));
            continue;
        };
        perm.counters = perm.counters.saturating_add(amount);
        if let Some((dp, dt)) = pt_counter(kind.trim()) {
            // CR 122.1a: each such counter adds its numbers to power and toughness.
            perm.power = perm.power.saturating_add(dp.saturating_mul(i64::from(amount)));
            perm.toughness = perm.toughness.saturating_add(dt.saturating_mul(i64::from(amount)));
        }
    }
}

/// What a counter does to power and toughness, from Forge's counter names: `P1P1` +1/+1,
/// `M1M1` -1/-1, `P1P0` +1/+0, `M0M2` -0/-2, ...; `None` for counters that change neither
/// (CHARGE, TIME, LOYALTY).
fn pt_counter(kind: &str) -> Option<(i64, i64)> {
    let k = kind.to_ascii_uppercase();
    let b = k.as_bytes();
    if b.len() != 4 {
        return None;
    }
    let part = |sign: u8, digit: u8| -> Option<i64> {
        let d = i64::from(char::from(digit).to_digit(10)?);
        match sign {
            b'P' => Some(d),
            b'M' => Some(-d),
            _ => None,
        }
    };
    Some((part(b[0], b[1])?, part(b[2], b[3])?))
}

/// An error in the board built from a Forge file, said as such.
fn imported_board_error(mut e: InputError) -> InputError {
    e.message = format!("the board imported from this file is not valid: {}", e.message);
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_from_script_names_and_descriptions() {
        let t = parse_token("w_1_1_soldier_flying").unwrap();
        assert_eq!((t.power, t.toughness), (1, 1));
        assert_eq!(t.keywords, vec!["Flying"]);
        assert_eq!(t.subtypes, vec!["Soldier"]);
        let s = parse_token("Servo,P:1,T:1,Cost:no cost,Types:Artifact-Creature-Servo,Keywords:,Image:c_1_1_servo").unwrap();
        assert!(s.types.contains(&"Artifact".to_string()) && s.types.contains(&"Creature".to_string()));
        assert_eq!(s.subtypes, vec!["Servo"]);
        assert!(parse_token("treasure").is_err());
        // Issue 14: an empty field is passed over, as Forge's reader does.
        let sap = parse_token("Saproling,,P:1,T:1,Cost:no cost,Color:G,Types:Creature-Saproling,Keywords:,Image:g_1_1_saproling").unwrap();
        assert_eq!((sap.power, sap.toughness, sap.colors.clone()), (1, 1, vec!["G".to_string()]));
        // A word that is neither a known creature type nor a known keyword is an ability.
        assert!(parse_token("r_1_1_devil_burn").unwrap_err().contains("\"burn\""));
        assert!(parse_token("Goblin,P:1,T:1,Types:Creature-Goblin,Keywords:Myriad").unwrap_err().contains("Myriad"));
    }

    #[test]
    fn seats_and_counters() {
        assert_eq!(seat("humanlife").and_then(Result::ok), Some((0, false, "life")));
        assert_eq!(seat("aibattlefield").and_then(Result::ok), Some((1, false, "battlefield")));
        assert_eq!(seat("p3hand").and_then(Result::ok), Some((3, true, "hand")));
        assert!(seat("precast").is_none() && seat("play").is_none());
        assert!(seat("p64life").is_some_and(|r| r.is_err()));
        assert_eq!(pt_counter("P1P1"), Some((1, 1)));
        assert_eq!(pt_counter("m0m2"), Some((0, -2)));
        assert_eq!(pt_counter("P1P0"), Some((1, 0)));
        assert_eq!(pt_counter("CHARGE"), None);
        assert_eq!(pt_counter("TIME"), None);
    }

    #[test]
    fn bad_life_is_bad_input() {
        let e = import("[state]\nhumanlife=lots\n", "p.pzl").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
    }
}
