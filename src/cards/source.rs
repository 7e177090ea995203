//! Card sources for `--cards FILE|DIR` (docs/format.md "Oracle text"): a Scryfall card list (a
//! JSON array of card objects, such as the oracle-cards bulk file), Forge's `cardsfolder` (one
//! `.txt` file per card, in subfolders) or XMage's card list (`Utils/mtg-cards-data.txt`, one
//! `|`-separated line per printing; a folder may hold several such files, pieces of it), indexed
//! by name. Cards on a board whose name is found get
//! their Oracle text (and, when the permanent has no types, its types, subtypes, power and
//! toughness); the catalog's cards do not need it, and a permanent's own `oracle_text` wins.
//!
//! Indexing a whole source takes seconds (30,000 Forge files, a 150 MB JSON file), so the index
//! is cached: a JSON file of the fields attackopt reads, in `$ATTACKOPT_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/attackopt`, else `$HOME/.cache/attackopt`, one per source path and user,
//! keyed by a hash of the source's bytes (issue 36, R06: a key of sizes and the newest time
//! kept a same-size replacement's old text). A cache that can't be read or written, or that
//! another user could have written, is skipped silently: the source is indexed again.
//!
//! A source has a board's bounds (issue 36, R02-R04): regular files only (a FIFO or a device is
//! refused before it is opened), at most [`MAX_CARD_SOURCE_BYTES`] read in all, a folder of at
//! most [`MAX_CARD_FOLDER_ENTRIES`] entries whose symbolic links are followed but each folder
//! entered once, so a link to a parent is no loop.

use super::complete::{fill, CardData};
use super::lookup;
use crate::board::size::{larger_than, MAX_INPUT_BYTES};
use crate::board::{read_regular_file, regular_file, Board, InputError, MAX_ORACLE_TEXT};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The most bytes a card source is read for, a file's or a folder's files' in all: a board's
/// input limit (Scryfall's oracle-cards list is about 160 MB, Forge's cardsfolder about 40 MB).
pub const MAX_CARD_SOURCE_BYTES: usize = MAX_INPUT_BYTES;

/// The most entries (files and folders, at any depth) a card folder may have: Forge's
/// cardsfolder has about 32,000. Bounds the time a folder takes to walk, as the bytes bound
/// the time it takes to read.
pub const MAX_CARD_FOLDER_ENTRIES: usize = 200_000;

/// Who refuses a FIFO or a device, for messages.
const REGULAR_ONLY: &str = "a card source reads no FIFO, device or directory";

/// One card face as a source gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardText {
    /// The face's name.
    pub name: String,
    /// Its Oracle text (lines separated by newlines).
    pub oracle_text: String,
    /// Its type line, "Artifact Creature — Juggernaut".
    pub type_line: String,
    /// Its printed power ("2", "*"), if any.
    pub power: Option<String>,
    /// Its printed toughness, if any.
    pub toughness: Option<String>,
    /// Its colors, as letters (W, U, B, R, G).
    #[serde(default)]
    pub colors: Vec<String>,
}

/// Cards by name (any case).
#[derive(Debug, Clone, Default)]
pub struct CardIndex {
    cards: HashMap<String, CardText>,
}

/// The cache file's contents.
#[derive(Serialize, Deserialize)]
struct Cached {
    /// The cache format; another value is rebuilt.
    version: u32,
    /// A hash of the source's bytes (and of its files' names in a folder) when indexed.
    key: String,
    cards: Vec<CardText>,
}

// 2: scripts without an Oracle line are no longer indexed; older hybrid symbols and devoid read.
// 3: keyed by a hash of the source's bytes.
const CACHE_VERSION: u32 = 3;

/// A Scryfall card object, or one of its faces (double-faced, split, adventure, flip): the fields
/// read, others ignored. One struct for both, as a face has the card's fields but `card_faces`
/// (which on a face is read and not used). Not `#[serde(flatten)]` of a face into the card:
/// flatten deserializes from a buffer that serde_path_to_error can't see into, so a bad field's
/// path became `[3]` instead of `[3].oracle_text` (test `scryfall_bad_input_names_file_path_and_expectation`),
/// and every field not read, dozens per card in Scryfall's bulk files, would be buffered.
#[derive(Deserialize)]
struct ScryfallCard {
    name: String,
    #[serde(default)]
    oracle_text: Option<String>,
    #[serde(default)]
    type_line: Option<String>,
    #[serde(default)]
    power: Option<String>,
    #[serde(default)]
    toughness: Option<String>,
    #[serde(default)]
    colors: Option<Vec<String>>,
    #[serde(default)]
    card_faces: Option<Vec<ScryfallCard>>,
}

impl CardIndex {
    /// Index a card source: a directory is a Forge cardsfolder (or a folder of XMage card
    /// lists), a file a Scryfall JSON card list (it starts with `[`) or an XMage card list.
    /// Within the bounds of the module's documentation; cached.
    pub fn load(path: &str) -> Result<CardIndex, InputError> {
        let meta = std::fs::metadata(path).map_err(|e| InputError::new(path, "", format!("cannot read the card source: {e}")))?;
        let source = if meta.is_dir() { SourceText::of_folder(path)? } else { SourceText::of_file(path)? };
        let cache = cache_file(path);
        let key = source.key();
        if let Some(index) = cache.as_deref().and_then(|c| read_cache(c, &key)) {
            return Ok(index);
        }
        let index = source.index()?;
        if let Some(cache) = cache {
            write_cache(&cache, &key, &index);
        }
        Ok(index)
    }

    /// Index a Scryfall card list: a JSON array of card objects with `name`, `oracle_text`,
    /// `type_line`, `power`, `toughness` and, for cards of several faces, `card_faces`. `file`
    /// names it in messages.
    pub fn from_scryfall_json(text: &str, file: &str) -> Result<CardIndex, InputError> {
        let mut json = serde_json::Deserializer::from_str(text);
        let cards: Vec<ScryfallCard> = serde_path_to_error::deserialize(&mut json).map_err(|e| {
            let path = e.path().to_string();
            InputError::new(
                file,
                if path == "." { String::new() } else { path },
                format!("expected a Scryfall card list (a JSON array of card objects): {}", e.inner()),
            )
        })?;
        let mut index = CardIndex::default();
        for card in cards {
            let faces = card.card_faces.unwrap_or_default();
            match (card.oracle_text, faces.first()) {
                (Some(text), _) => index.add(CardText {
                    name: card.name,
                    oracle_text: text,
                    type_line: card.type_line.unwrap_or_default(),
                    power: card.power,
                    toughness: card.toughness,
                    colors: card.colors.clone().unwrap_or_default(),
                }),
                (None, Some(front)) => {
                    // "Front // Back" names the card by its front face (CR 712.8a).
                    index.add(CardText {
                        name: card.name.clone(),
                        oracle_text: front.oracle_text.clone().unwrap_or_default(),
                        type_line: front.type_line.clone().unwrap_or_default(),
                        power: front.power.clone(),
                        toughness: front.toughness.clone(),
                        colors: front.colors.clone().or(card.colors.clone()).unwrap_or_default(),
                    });
                }
                (None, None) => {}
            }
            for f in faces {
                index.add(CardText {
                    name: f.name,
                    oracle_text: f.oracle_text.unwrap_or_default(),
                    type_line: f.type_line.unwrap_or_default(),
                    power: f.power,
                    toughness: f.toughness,
                    colors: f.colors.or(card.colors.clone()).unwrap_or_default(),
                });
            }
        }
        Ok(index)
    }

    /// Index XMage's card list: lines `Name|Set|Number|Rarity|Cost|Type line|Power|Toughness|Text|`,
    /// the text's lines separated by `$`, its reminder text in `<i>` tags. A card is listed once
    /// per printing: the first line of a name wins. Empty lines are passed over; any other line
    /// of fewer fields is an error naming `file` and the line.
    pub fn from_xmage_lines(text: &str, file: &str) -> Result<CardIndex, InputError> {
        let mut index = CardIndex::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() {
                continue;
            }
            let card = parse_xmage_line(line).ok_or_else(|| {
                InputError::new(
                    file,
                    format!("line {}", n.saturating_add(1)),
                    "expected an XMage card line: Name|Set|Number|Rarity|Cost|Type line|Power|Toughness|Text|",
                )
            })?;
            index.add(card);
        }
        Ok(index)
    }

    /// Index Forge's cardsfolder: every `.txt` file under `dir`, read for its `Name:`,
    /// `Types:`, `PT:` and `Oracle:` lines (a second face follows an `ALTERNATE` line). A file
    /// of XMage card lines ([`CardIndex::from_xmage_lines`]) there is read as such: a folder
    /// may hold pieces of XMage's list. Within the bounds of the module's documentation.
    pub fn from_forge_dir(dir: &str) -> Result<CardIndex, InputError> {
        SourceText::of_folder(dir)?.index()
    }

    /// The first face of a name wins (a source lists a card once; faces share no name).
    fn add(&mut self, card: CardText) {
        if card.oracle_text.len() <= MAX_ORACLE_TEXT && !card.name.is_empty() {
            self.cards.entry(card.name.trim().to_lowercase()).or_insert(card);
        }
    }

    /// Add another index's cards; a name already here keeps its card.
    pub fn merge(&mut self, other: CardIndex) {
        for (name, card) in other.cards {
            self.cards.entry(name).or_insert(card);
        }
    }

    /// The card of this name (any case).
    pub fn get(&self, name: &str) -> Option<&CardText> {
        self.cards.get(&name.trim().to_lowercase())
    }

    /// How many names are indexed.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether nothing is indexed.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards, in no particular order.
    pub fn cards(&self) -> impl Iterator<Item = &CardText> {
        self.cards.values()
    }

    /// Give each permanent of a board whose name is indexed its Oracle text and type line, and
    /// one without types its types, subtypes, colors, power and toughness too (issue 34: a
    /// named card is a whole card, `cards::complete`). A permanent's own `oracle_text` wins
    /// over the source's. A card of the catalog is left as it is: `cards::complete` makes it
    /// the catalog's whole card (types, keywords, mana abilities and rules), as when no source
    /// is given.
    /// Returns how many permanents were given a text.
    pub fn fill(&self, board: &mut Board) -> usize {
        let mut filled = 0;
        for perm in &mut board.permanents {
            if perm.oracle_text.is_some() {
                continue;
            }
            // A card of the catalog is left to `cards::complete`, which gives it the catalog's
            // whole card: its keywords and mana abilities too, which a source's type line
            // does not hold (Baird's vigilance was lost when the source filled its types).
            if lookup(&perm.name).is_some() {
                continue;
            }
            let Some(card) = self.get(&perm.name) else { continue };
            let data = CardData::from_type_line(&card.type_line, printed(card.power.as_deref()), printed(card.toughness.as_deref()), &card.colors);
            fill(perm, &data);
            perm.oracle_text = Some(card.oracle_text.clone());
            if perm.type_line.is_none() {
                perm.type_line = Some(card.type_line.clone());
            }
            filled += 1;
        }
        filled
    }
}

/// A printed power or toughness as a number ("*" and "1+*" are none).
pub fn printed(v: Option<&str>) -> Option<i64> {
    v?.trim().parse::<i64>().ok().filter(|n| n.abs() <= 1_000)
}

/// The faces of one Forge card script.
pub fn parse_forge_card(text: &str) -> Vec<CardText> {
    let mut out = Vec::new();
    for face in text.split("\nALTERNATE") {
        let (mut name, mut types, mut pt, mut oracle, mut colors, mut devoid) = (None, None, None, None, Vec::new(), false);
        for line in face.lines() {
            let line = line.trim_end_matches('\r');
            if let Some(v) = line.strip_prefix("Name:") {
                name.get_or_insert(v.trim().to_string());
            } else if let Some(v) = line.strip_prefix("Types:") {
                types = Some(v.trim().to_string());
            } else if let Some(v) = line.strip_prefix("ManaCost:") {
                // A card's colors are those of its mana cost (CR 105.2); Forge writes a hybrid
                // symbol W/U, or WU in older scripts, and a Phyrexian one WP: every color letter
                // of a symbol counts ("no cost" has none: it is lower case).
                for c in ["W", "U", "B", "R", "G"] {
                    if v.split([' ', '/']).any(|s| s.contains(c)) && !colors.iter().any(|x: &String| x == c) {
                        colors.push(c.to_string());
                    }
                }
            } else if let Some(v) = line.strip_prefix("Color:") {
                colors = v.split(',').filter_map(|c| crate::board::parse_color(c.trim())).map(|t| t.letter().to_string()).collect();
            } else if let Some(v) = line.strip_prefix("PT:") {
                pt = Some(v.trim().to_string());
            } else if let Some(v) = line.strip_prefix("Oracle:") {
                oracle = Some(v.trim().replace("\\n", "\n"));
            } else if line.trim() == "K:Devoid" {
                devoid = true;
            }
        }
        // A script without an Oracle line (older Forge scripts) does not say the card's text:
        // it is not indexed, so the card stays unknown rather than read as a card without text.
        // (An empty `Oracle:` line is a card without text, such as a vanilla creature.)
        let (Some(name), Some(oracle)) = (name, oracle) else { continue };
        // CR 702.114a: devoid, the card is colorless whatever its mana cost.
        if devoid || oracle.lines().next().is_some_and(|l| l.trim() == "Devoid" || l.trim().starts_with("Devoid (")) {
            colors.clear();
        }
        let (power, toughness) = match pt.as_deref().and_then(|p| p.split_once('/')) {
            Some((p, t)) => (Some(p.to_string()), Some(t.to_string())),
            None => (None, None),
        };
        out.push(CardText { name, oracle_text: oracle, type_line: forge_type_line(types.as_deref().unwrap_or("")), power, toughness, colors });
    }
    out
}

/// Whether a file is XMage card lines rather than a Forge script: its first line has the nine
/// `|`-separated fields and no Forge key.
fn looks_like_xmage(text: &str) -> bool {
    text.lines().find(|l| !l.trim().is_empty()).is_some_and(|l| !l.starts_with("Name:") && l.matches('|').count() >= 8)
}

/// One XMage card line (see [`CardIndex::from_xmage_lines`]); None when it has fewer fields
/// or no name.
pub fn parse_xmage_line(line: &str) -> Option<CardText> {
    // The text ends with the line's last `|`.
    let line = line.strip_suffix('|').unwrap_or(line);
    let fields: Vec<&str> = line.splitn(9, '|').collect();
    let (name, cost, types, power, toughness, text) = match fields.as_slice() {
        [name, _set, _number, _rarity, cost, types, power, toughness, text] => (*name, *cost, *types, *power, *toughness, *text),
        // A planeswalker's loyalty or a battle's defense takes the place of both power and
        // toughness in some lines: eight fields.
        [name, _set, _number, _rarity, cost, types, _loyalty, text] => (*name, *cost, *types, "", "", *text),
        _ => return None,
    };
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    let text: String = entities(&strip_tags(text)).split('$').map(str::trim).collect::<Vec<_>>().join("\n");
    let mut colors = Vec::new();
    for c in ["W", "U", "B", "R", "G"] {
        // A card's colors are those of its mana cost (CR 105.2): {R}, {W/U}, {2/G}, {G/P}.
        if cost.split(['{', '}', '/']).any(|s| s == c) {
            colors.push(c.to_string());
        }
    }
    let opt = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
    Some(CardText {
        name: name.to_string(),
        oracle_text: text,
        // XMage writes "Creature - Elf Shaman" for "Creature — Elf Shaman".
        type_line: types.trim().replacen(" - ", " — ", 1),
        power: opt(power),
        toughness: opt(toughness),
        colors,
    })
}

/// A text with XMage's HTML entities as characters ("&mdash;" is "—"); `{tap}` stays, the
/// reader reads it as `{T}`.
fn entities(s: &str) -> String {
    const ENTITIES: [(&str, &str); 10] = [
        ("&mdash;", "—"),
        ("&mdash", "—"),
        ("&AElig;", "Æ"),
        ("&aelig;", "æ"),
        ("&ouml;", "ö"),
        ("&acirc;", "â"),
        ("&quot;", "\""),
        ("&gt;", ">"),
        ("&lt;", "<"),
        ("&amp;", "&"),
    ];
    ENTITIES.iter().fold(s.to_string(), |acc, (e, c)| acc.replace(e, c))
}

/// A text without its HTML tags (`<i>` around reminder text, `<br>`).
fn strip_tags(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        match rest[i..].find('>') {
            // Only a short tag of letters and '/', so "power < 3" stays.
            Some(j) if j <= 5 && rest[i + 1..i + j].chars().all(|c| c.is_ascii_alphabetic() || c == '/') => rest = &rest[i + j + 1..],
            _ => {
                out.push('<');
                rest = &rest[i + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Forge writes "Legendary Creature Human Soldier": supertypes and types, then subtypes.
fn forge_type_line(types: &str) -> String {
    const TYPES: [&str; 15] = [
        "Legendary",
        "Basic",
        "Snow",
        "World",
        "Ongoing",
        "Artifact",
        "Battle",
        "Creature",
        "Enchantment",
        "Land",
        "Planeswalker",
        "Kindred",
        "Tribal",
        "Instant",
        "Sorcery",
    ];
    let words: Vec<&str> = types.split_whitespace().collect();
    let cut = words.iter().position(|w| !TYPES.contains(w)).unwrap_or(words.len());
    if cut == words.len() {
        words.join(" ")
    } else {
        format!("{} — {}", words[..cut].join(" "), words[cut..].join(" "))
    }
}

/// A card source's text, read within its bounds: a file's, or a folder's `.txt` files' (those
/// that are UTF-8: another file is no card script).
enum SourceText {
    File { name: String, text: String },
    Folder { name: String, files: Vec<(String, String)> },
}

impl SourceText {
    fn of_file(path: &str) -> Result<SourceText, InputError> {
        let bytes = read_regular_file(Path::new(path), path, MAX_CARD_SOURCE_BYTES, REGULAR_ONLY)?;
        let text = String::from_utf8(bytes).map_err(|_| InputError::new(path, "", "expected a card source in UTF-8 text, found other bytes"))?;
        Ok(SourceText::File { name: path.to_string(), text })
    }

    fn of_folder(dir: &str) -> Result<SourceText, InputError> {
        let mut files = Vec::new();
        let mut total = 0usize;
        for path in card_files(dir, MAX_CARD_FOLDER_ENTRIES)? {
            let name = path.display().to_string();
            // The size left in the source's budget, so that no file is read past it.
            let left = MAX_CARD_SOURCE_BYTES.saturating_sub(total);
            let meta = regular_file(&path, &name, MAX_CARD_SOURCE_BYTES, REGULAR_ONLY)?;
            if meta.len() > left as u64 {
                return Err(folder_too_large(dir));
            }
            // Past `left` now, the file grew since its size was read: the folder is past its limit.
            let bytes =
                read_regular_file(&path, &name, left, REGULAR_ONLY)
                    .map_err(|e| if e == larger_than(&name, left) { folder_too_large(dir) } else { e })?;
            total = total.saturating_add(bytes.len());
            if let Ok(text) = String::from_utf8(bytes) {
                files.push((name, text));
            }
        }
        Ok(SourceText::Folder { name: dir.to_string(), files })
    }

    /// A hash of the bytes read, and in a folder of the files' names (a file renamed changes
    /// the order in which names win). Not secret: the cache is trusted for being the user's.
    fn key(&self) -> String {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        match self {
            SourceText::File { text, .. } => text.hash(&mut h),
            SourceText::Folder { name, files } => {
                for (file, text) in files {
                    // Relative to the folder, so that two spellings of it share one cache.
                    Path::new(file).strip_prefix(name).unwrap_or(Path::new(file)).hash(&mut h);
                    text.hash(&mut h);
                }
            }
        }
        let bytes = match self {
            SourceText::File { text, .. } => text.len(),
            SourceText::Folder { files, .. } => files.iter().map(|(_, t)| t.len()).sum(),
        };
        format!("{bytes}:{:016x}", h.finish())
    }

    fn index(&self) -> Result<CardIndex, InputError> {
        match self {
            SourceText::File { name, text } => {
                if text.trim_start().starts_with('[') {
                    CardIndex::from_scryfall_json(text, name)
                } else {
                    CardIndex::from_xmage_lines(text, name)
                }
            }
            SourceText::Folder { files, .. } => {
                let mut index = CardIndex::default();
                for (file, text) in files {
                    if looks_like_xmage(text) {
                        index.merge(CardIndex::from_xmage_lines(text, file)?);
                        continue;
                    }
                    for card in parse_forge_card(text) {
                        index.add(card);
                    }
                }
                Ok(index)
            }
        }
    }
}

fn folder_too_large(dir: &str) -> InputError {
    InputError::new(
        dir,
        "",
        format!("expected a card folder of at most {MAX_CARD_SOURCE_BYTES} bytes ({} MiB) of .txt files, found more", MAX_CARD_SOURCE_BYTES >> 20),
    )
}

/// What a folder is, for entering it once: its device and inode.
#[cfg(unix)]
fn folder_identity(_path: &Path, meta: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

/// What a folder is, for entering it once: its canonical path.
#[cfg(not(unix))]
fn folder_identity(path: &Path, _meta: &std::fs::Metadata) -> Option<PathBuf> {
    std::fs::canonicalize(path).ok()
}

/// The `.txt` files under `dir`, sorted. Symbolic links are followed (a cardsfolder may link
/// to its parts), but each folder is entered once: following `b/up -> ..` again and again
/// visited 2^depth copies of the folder, without end (issue 36, R02). Walked with a list
/// rather than recursion, so that depth can't exhaust the stack; at most `max_entries` entries
/// ([`MAX_CARD_FOLDER_ENTRIES`]).
fn card_files(dir: &str, max_entries: usize) -> Result<Vec<PathBuf>, InputError> {
    let cannot = |path: &Path, e: std::io::Error| InputError::new(&path.display().to_string(), "", format!("cannot read the card folder: {e}"));
    let root = Path::new(dir);
    let meta = std::fs::metadata(root).map_err(|e| cannot(root, e))?;
    let mut entered = HashSet::new();
    entered.insert(folder_identity(root, &meta));
    let (mut pending, mut files, mut entries) = (vec![root.to_path_buf()], Vec::new(), 0usize);
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).map_err(|e| cannot(&folder, e))? {
            let entry = entry.map_err(|e| cannot(&folder, e))?;
            entries += 1;
            if entries > max_entries {
                return Err(InputError::new(
                    dir,
                    "",
                    format!("expected a card folder of at most {max_entries} entries (files and folders, at any depth), found more"),
                ));
            }
            let path = entry.path();
            let kind = entry.file_type().map_err(|e| cannot(&path, e))?;
            // A link is what it names; one that names nothing is read (and refused) as a file.
            let folder_meta = match kind.is_symlink() {
                true => std::fs::metadata(&path).ok().filter(|m| m.is_dir()),
                false if kind.is_dir() => Some(entry.metadata().map_err(|e| cannot(&path, e))?),
                false => None,
            };
            if let Some(m) = folder_meta {
                if entered.insert(folder_identity(&path, &m)) {
                    pending.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "txt") {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

fn cache_dir() -> Option<PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    var("ATTACKOPT_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("attackopt")))
        .or_else(|| var("HOME").map(|h| h.join(".cache").join("attackopt")))
}

/// The user this process runs as: the owner of `/proc/self` (Linux; std has no getuid).
#[cfg(unix)]
fn current_user() -> Option<u32> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").ok().map(|m| m.uid())
}

/// The cache file of a source path: its name is a hash of the canonical path, and of the user
/// where known, so that users sharing a cache folder do not take each other's file.
fn cache_file(path: &str) -> Option<PathBuf> {
    let canonical = std::fs::canonicalize(path).ok()?;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    canonical.hash(&mut h);
    #[cfg(unix)]
    let name = match current_user() {
        Some(uid) => format!("cards-{uid}-{:016x}.json", h.finish()),
        None => format!("cards-{:016x}.json", h.finish()),
    };
    #[cfg(not(unix))]
    let name = format!("cards-{:016x}.json", h.finish());
    Some(cache_dir()?.join(name))
}

/// Whether a cache file is the user's own: owned by them (or, where the user is not known, by
/// the folder's owner) and writable by no one else. A cache in a shared folder could otherwise
/// be planted by another user with any card texts (the key is no secret).
#[cfg(unix)]
fn is_own(file: &Path, meta: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let owner = current_user().or_else(|| Some(std::fs::metadata(file.parent()?).ok()?.uid()));
    owner == Some(meta.uid()) && meta.permissions().mode() & 0o022 == 0
}

#[cfg(not(unix))]
fn is_own(_file: &Path, _meta: &std::fs::Metadata) -> bool {
    true
}

fn read_cache(file: &Path, key: &str) -> Option<CardIndex> {
    let meta = std::fs::symlink_metadata(file).ok()?;
    if !meta.is_file() || !is_own(file, &meta) {
        return None;
    }
    let text = std::fs::read_to_string(file).ok()?;
    let cached: Cached = serde_json::from_str(&text).ok()?;
    if cached.version != CACHE_VERSION || cached.key != key {
        return None;
    }
    let mut index = CardIndex::default();
    for c in cached.cards {
        index.add(c);
    }
    Some(index)
}

fn write_cache(file: &Path, key: &str, index: &CardIndex) {
    let mut cards: Vec<CardText> = index.cards.values().cloned().collect();
    cards.sort_by(|a, b| a.name.cmp(&b.name));
    let cached = Cached { version: CACHE_VERSION, key: key.to_string(), cards };
    let Ok(text) = serde_json::to_string(&cached) else { return };
    let Some(dir) = file.parent() else { return };
    let mut folder = std::fs::DirBuilder::new();
    folder.recursive(true);
    // The user's alone (a folder made here; one that exists keeps its mode).
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut folder, 0o700);
    if folder.create(dir).is_err() {
        return;
    }
    // Written aside and renamed: a reader never sees half a cache.
    let tmp = file.with_extension(format!("tmp{}", std::process::id()));
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let written = options.open(&tmp).and_then(|mut f| std::io::Write::write_all(&mut f, text.as_bytes()));
    if written.is_err() || std::fs::rename(&tmp, file).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forge_scripts_and_their_faces() {
        let script = "Name:Grim Brute\nManaCost:2 R\nTypes:Legendary Creature Ogre Warrior\nPT:3/2\nS:Mode$ MustAttack | ValidCreature$ Card.Self\nOracle:Grim Brute attacks each combat if able.\\nHaste\nALTERNATE\nName:Grim Back\nTypes:Enchantment\nOracle:\n";
        let faces = parse_forge_card(script);
        assert_eq!(faces.len(), 2);
        assert_eq!(faces[0].name, "Grim Brute");
        assert_eq!(faces[0].type_line, "Legendary Creature — Ogre Warrior");
        assert_eq!(faces[0].oracle_text, "Grim Brute attacks each combat if able.\nHaste");
        assert_eq!((faces[0].power.as_deref(), faces[0].toughness.as_deref()), (Some("3"), Some("2")));
        assert_eq!(faces[1].type_line, "Enchantment");
        assert_eq!(faces[0].colors, vec!["R"]);
    }

    #[test]
    fn forge_scripts_without_oracle_lines_colors_and_devoid() {
        // No Oracle line: the text is unknown, not empty; an empty Oracle line is no text.
        assert!(parse_forge_card("Name:Old Card\nManaCost:5 G\nTypes:Creature Beast\nPT:3/4\nK:Trample\n").is_empty());
        let vanilla = parse_forge_card("Name:Wei Infantry\nManaCost:1 B\nTypes:Creature Human Soldier\nPT:2/1\nOracle:\n");
        assert_eq!(vanilla[0].oracle_text, "");
        // Older hybrid symbols (BR) count both colors (CR 105.2); devoid is colorless (CR 702.114a).
        let hybrid = parse_forge_card("Name:Mage\nManaCost:1 BR BR\nTypes:Creature Elemental\nPT:2/2\nOracle:\n");
        assert_eq!(hybrid[0].colors, vec!["B", "R"]);
        let devoid =
            parse_forge_card("Name:Drone\nManaCost:1 R\nTypes:Creature Eldrazi Drone\nPT:1/4\nK:Devoid\nOracle:Devoid (This card has no color.)\n");
        assert!(devoid[0].colors.is_empty());
        assert_eq!(parse_forge_card("Name:Land\nManaCost:no cost\nTypes:Land\nOracle:\n")[0].colors, Vec::<String>::new());
    }

    #[test]
    fn scryfall_cards_and_faces() {
        let json = r#"[{"name": "Brute", "oracle_text": "Brute attacks each combat if able.", "type_line": "Creature — Ogre", "power": "3", "toughness": "3", "keywords": []},
            {"name": "Day // Night", "card_faces": [{"name": "Day", "oracle_text": "Day can't attack.", "type_line": "Creature — Human"}, {"name": "Night", "oracle_text": "", "type_line": "Creature — Wolf"}]}]"#;
        let index = CardIndex::from_scryfall_json(json, "cards.json").unwrap();
        assert_eq!(index.get("brute").map(|c| c.power.clone()), Some(Some("3".into())));
        assert_eq!(index.get("Day // Night").map(|c| c.oracle_text.as_str()), Some("Day can't attack."));
        assert_eq!(index.get("Night").map(|c| c.type_line.as_str()), Some("Creature — Wolf"));
        let bad = CardIndex::from_scryfall_json(r#"[{"name": 3}]"#, "cards.json").unwrap_err();
        assert_eq!(bad.path, "[0].name");
    }

    /// The bad-input messages of a Scryfall list name the file, the JSON path (into a face too)
    /// and what was expected; kept while `ScryfallCard` and its faces share one struct.
    #[test]
    fn scryfall_bad_input_names_file_path_and_expectation() {
        let good = r#"{"name": "Fine", "oracle_text": "", "type_line": "Creature — Elf"}"#;
        let list = |bad: &str| format!("[{good}, {good}, {good}, {bad}]");
        let cases = [
            (r#"{"name": "Bad", "oracle_text": 5}"#, "[3].oracle_text", "invalid type: integer `5`, expected a string"),
            (r#"{"name": "Bad", "colors": "W"}"#, "[3].colors", "invalid type: string \"W\", expected a sequence"),
            (
                r#"{"name": "A // B", "card_faces": [{"name": "A", "oracle_text": 5}]}"#,
                "[3].card_faces[0].oracle_text",
                "invalid type: integer `5`, expected a string",
            ),
            (
                r#"{"name": "A // B", "card_faces": [{"name": "A"}, {"name": "B", "power": 2}]}"#,
                "[3].card_faces[1].power",
                "invalid type: integer `2`, expected a string",
            ),
            (r#"{"name": "A // B", "card_faces": [{"oracle_text": ""}]}"#, "[3].card_faces[0]", "missing field `name`"),
            (r#"{"oracle_text": ""}"#, "[3]", "missing field `name`"),
        ];
        for (bad, path, expected) in cases {
            let err = CardIndex::from_scryfall_json(&list(bad), "cards.json").unwrap_err();
            assert_eq!((err.file.as_str(), err.path.as_str()), ("cards.json", path), "{bad}: {err}");
            assert!(err.message.starts_with("expected a Scryfall card list (a JSON array of card objects): "), "{err}");
            assert!(err.message.contains(expected), "{bad}: {err}");
            assert!(err.to_string().starts_with(&format!("cards.json: at {path}: expected a Scryfall card list")), "{err}");
        }
    }

    #[test]
    fn xmage_card_lines() {
        let text = "Monstrous Brute|Some Set|43|C|{3}{B}{R}|Creature - Insect|4|4|<i>Raid</i> &mdash; Monstrous Brute attacks each turn if able.$Cycling {B}{R} <i>({B}{R}, Discard this card: Draw a card.)</i>|
Monstrous Brute|Reprint Set|7|C|{3}{B}{R}|Creature - Insect|4|4|Another printing.|

Hybrid Glaive|Some Set|9|U|{W/U}{2/G}|Artifact - Equipment|||Equipped creature has vigilance.$Equip {2}|
Siege|Some Set|10|R|{2}{W}|Battle - Siege|5|(You and others can attack it.)$When Siege enters, draw a card.|
";
        let index = CardIndex::from_xmage_lines(text, "cards.txt").unwrap();
        assert_eq!(index.len(), 3);
        // A battle's defense in place of power and toughness: the text is the next field.
        let siege = index.get("siege").unwrap();
        assert_eq!((siege.oracle_text.as_str(), siege.power.clone()), ("(You and others can attack it.)\nWhen Siege enters, draw a card.", None));
        let brute = index.get("monstrous brute").unwrap();
        // The first printing wins; `$` is a new line; reminder tags are gone, their text stays.
        assert_eq!(brute.oracle_text, "Raid — Monstrous Brute attacks each turn if able.\nCycling {B}{R} ({B}{R}, Discard this card: Draw a card.)");
        assert_eq!(brute.type_line, "Creature — Insect");
        assert_eq!((brute.power.as_deref(), brute.toughness.as_deref()), (Some("4"), Some("4")));
        assert_eq!(brute.colors, vec!["B", "R"]);
        let glaive = index.get("Hybrid Glaive").unwrap();
        assert_eq!((glaive.power.clone(), glaive.colors.clone()), (None, vec!["W".to_string(), "U".to_string(), "G".to_string()]));
        let bad = CardIndex::from_xmage_lines("Good|S|1|C|{G}|Creature - Elf|1|1||\nBroken|line\n", "cards.txt").unwrap_err();
        assert_eq!((bad.file.as_str(), bad.path.as_str()), ("cards.txt", "line 2"));
        assert!(bad.message.contains("Name|Set|Number"), "{}", bad.message);
    }

    /// Issue 36, R02: links to a parent are followed once (the walk ends, each file listed once),
    /// and a folder past its number of entries is refused naming it.
    #[cfg(unix)]
    #[test]
    fn card_folders_are_walked_once_and_counted() {
        let dir = std::env::temp_dir().join(format!("attackopt-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("b")).unwrap();
        std::fs::write(dir.join("b/brute.txt"), "Name:Brute\nTypes:Creature Ogre\nOracle:\n").unwrap();
        std::os::unix::fs::symlink("..", dir.join("b/up")).unwrap();
        std::os::unix::fs::symlink(".", dir.join("b/here")).unwrap();
        let name = dir.display().to_string();
        let files = card_files(&name, 10);
        // Entries: b, b/brute.txt, b/up, b/here.
        let refused = card_files(&name, 3);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(files.unwrap(), vec![dir.join("b/brute.txt")]);
        let refused = refused.unwrap_err();
        assert_eq!(refused.file, name);
        assert!(refused.message.contains("at most 3 entries"), "{refused}");
    }

    #[test]
    fn a_folder_of_xmage_pieces_and_forge_scripts() {
        let dir = std::env::temp_dir().join(format!("attackopt-xmage-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("piece-1.txt"), "Elf|S|1|C|{G}|Creature - Elf|1|1|{T}: Add {G}.|\n").unwrap();
        std::fs::write(dir.join("ogre.txt"), "Name:Ogre\nTypes:Creature Ogre\nPT:3/3\nOracle:Ogre can't attack.\n").unwrap();
        let index = CardIndex::from_forge_dir(&dir.display().to_string());
        let _ = std::fs::remove_dir_all(&dir);
        let index = index.unwrap();
        assert_eq!(index.get("elf").map(|c| c.oracle_text.as_str()), Some("{T}: Add {G}."));
        assert_eq!(index.get("ogre").map(|c| c.oracle_text.as_str()), Some("Ogre can't attack."));
    }
}
