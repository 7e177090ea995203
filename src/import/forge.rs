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
//! Keys are read without regard to case; cards are separated by `;`, and each card's options by
//! `|`: `Tapped`, `SummonSick`, `Counters:P1P1=2,M1M1=1`, `Id:N` (for references),
//! `AttachedTo:N` (older files: `Attaching:N`), `FaceDown`; tokens are `t:` followed by a token
//! script name (`t:w_1_1_soldier`) or a description (`t:Servo,P:1,T:1,Types:Artifact-Creature-Servo`).
//!
//! Forge has all of Magic's cards; attackopt knows only what its catalog describes. A card is
//! imported when attackopt knows everything about it that matters for declaring attackers: the
//! catalog's cards, basic lands, and a table of creatures whose text says nothing about attacking
//! beyond the keywords attackopt reads (vanilla creatures, Flying, Haste, Vigilance, Defender).
//! Every other card is skipped and listed with the reason, never guessed.

use crate::board::{Board, InputError, ManaAbilitySpec, Permanent, Player, Variant};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use std::fmt;

/// What attackopt knows about a card by name: its types and the numbers that matter.
#[derive(Debug, Clone, Copy)]
pub struct KnownCard {
    pub name: &'static str,
    pub types: &'static [&'static str],
    pub subtypes: &'static [&'static str],
    pub colors: &'static [&'static str],
    pub power: i64,
    pub toughness: i64,
    pub keywords: &'static [&'static str],
    /// An explicit {T} mana ability, for cards outside the catalog (the catalog supplies its own).
    pub mana: Option<&'static str>,
}

const fn card(
    name: &'static str,
    types: &'static [&'static str],
    subtypes: &'static [&'static str],
    colors: &'static [&'static str],
    power: i64,
    toughness: i64,
    keywords: &'static [&'static str],
) -> KnownCard {
    KnownCard { name, types, subtypes, colors, power, toughness, keywords, mana: None }
}

const fn with_mana(c: KnownCard, mana: &'static str) -> KnownCard {
    KnownCard { mana: Some(mana), ..c }
}

const CREATURE: &[&str] = &["Creature"];
const ARTIFACT_CREATURE: &[&str] = &["Artifact", "Creature"];
const ENCHANTMENT: &[&str] = &["Enchantment"];
const ARTIFACT: &[&str] = &["Artifact"];
const LAND: &[&str] = &["Land"];
const NONE: &[&str] = &[];

/// Every card of the catalog (src/cards) with its card data, then basic lands, then creatures
/// whose attack-relevant text is only keywords attackopt reads.
pub static KNOWN_CARDS: &[KnownCard] = &[
    // The catalog.
    card("Propaganda", ENCHANTMENT, NONE, &["U"], 0, 0, NONE),
    card("Ghostly Prison", ENCHANTMENT, NONE, &["W"], 0, 0, NONE),
    card("Windborn Muse", CREATURE, &["Spirit"], &["W"], 2, 3, &["Flying"]),
    card("Koskun Falls", ENCHANTMENT, NONE, &["B"], 0, 0, NONE),
    card("Sphere of Safety", ENCHANTMENT, NONE, &["W"], 0, 0, NONE),
    card("Norn's Annex", ARTIFACT, NONE, &["W"], 0, 0, NONE),
    card("Collective Restraint", ENCHANTMENT, NONE, &["U"], 0, 0, NONE),
    card("Baird, Steward of Argive", CREATURE, &["Human", "Spirit"], &["W"], 2, 4, &["Vigilance"]),
    card("Archangel of Tithes", CREATURE, &["Angel"], &["W"], 3, 5, &["Flying"]),
    card("Nils, Discipline Enforcer", CREATURE, &["Human", "Advisor"], &["W"], 2, 2, NONE),
    card("Elephant Grass", ENCHANTMENT, NONE, &["G"], 0, 0, NONE),
    card("Silent Arbiter", ARTIFACT_CREATURE, &["Construct"], NONE, 1, 5, NONE),
    card("Caverns of Despair", ENCHANTMENT, NONE, &["R"], 0, 0, NONE),
    card("Crawlspace", ARTIFACT, NONE, NONE, 0, 0, NONE),
    card("Dueling Grounds", ENCHANTMENT, NONE, &["G", "W"], 0, 0, NONE),
    card("Blazing Archon", CREATURE, &["Archon"], &["W"], 5, 6, &["Flying"]),
    card("Moat", ENCHANTMENT, NONE, &["W"], 0, 0, NONE),
    card("Magus of the Moat", CREATURE, &["Human", "Wizard"], &["W"], 0, 3, NONE),
    card("Ensnaring Bridge", ARTIFACT, NONE, NONE, 0, 0, NONE),
    card("Pacifism", ENCHANTMENT, &["Aura"], &["W"], 0, 0, NONE),
    card("Brainwash", ENCHANTMENT, &["Aura"], &["W"], 0, 0, NONE),
    card("Mogg Flunkies", CREATURE, &["Goblin"], &["R"], 3, 3, NONE),
    card("Orcish Conscripts", CREATURE, &["Orc"], &["R"], 2, 2, NONE),
    card("Master of Cruelties", CREATURE, &["Demon"], &["B", "R"], 1, 4, &["First strike", "Deathtouch"]),
    card("Juggernaut", ARTIFACT_CREATURE, &["Juggernaut"], NONE, 5, 3, NONE),
    card("Goblin Rabblemaster", CREATURE, &["Goblin", "Warrior"], &["R"], 2, 2, NONE),
    card("Avatar of Slaughter", CREATURE, &["Avatar"], &["R"], 8, 8, &["Double strike"]),
    card("Fumiko the Lowblood", CREATURE, &["Human", "Samurai"], &["R"], 3, 2, NONE),
    card("Trove of Temptation", ENCHANTMENT, NONE, &["R"], 0, 0, NONE),
    card("Sea Serpent", CREATURE, &["Serpent"], &["U"], 5, 5, NONE),
    card("Goblin Goon", CREATURE, &["Goblin", "Mutant"], &["R"], 6, 6, NONE),
    card("Llanowar Elves", CREATURE, &["Elf", "Druid"], &["G"], 1, 1, NONE),
    card("Sol Ring", ARTIFACT, NONE, NONE, 0, 0, NONE),
    card("Exotic Orchard", LAND, NONE, NONE, 0, 0, NONE),
    card("Fellwar Stone", ARTIFACT, NONE, NONE, 0, 0, NONE),
    card("Reflecting Pool", LAND, NONE, NONE, 0, 0, NONE),
    // Basic lands (their subtypes give their mana abilities).
    card("Plains", LAND, &["Plains"], NONE, 0, 0, NONE),
    card("Island", LAND, &["Island"], NONE, 0, 0, NONE),
    card("Swamp", LAND, &["Swamp"], NONE, 0, 0, NONE),
    card("Mountain", LAND, &["Mountain"], NONE, 0, 0, NONE),
    card("Forest", LAND, &["Forest"], NONE, 0, 0, NONE),
    card("Snow-Covered Plains", LAND, &["Plains"], NONE, 0, 0, NONE),
    card("Snow-Covered Island", LAND, &["Island"], NONE, 0, 0, NONE),
    card("Snow-Covered Swamp", LAND, &["Swamp"], NONE, 0, 0, NONE),
    card("Snow-Covered Mountain", LAND, &["Mountain"], NONE, 0, 0, NONE),
    card("Snow-Covered Forest", LAND, &["Forest"], NONE, 0, 0, NONE),
    with_mana(card("Wastes", LAND, NONE, NONE, 0, 0, NONE), "{C}"),
    // Creatures whose text, for declaring attackers, is only keywords attackopt reads.
    card("Grizzly Bears", CREATURE, &["Bear"], &["G"], 2, 2, NONE),
    card("Savannah Lions", CREATURE, &["Cat"], &["W"], 2, 1, NONE),
    card("Raging Goblin", CREATURE, &["Goblin", "Berserker"], &["R"], 1, 1, &["Haste"]),
    card("Goblin Guide", CREATURE, &["Goblin", "Scout"], &["R"], 2, 2, &["Haste"]),
    card("Hill Giant", CREATURE, &["Giant"], &["R"], 3, 3, NONE),
    card("Gray Ogre", CREATURE, &["Ogre"], &["R"], 2, 2, NONE),
    card("Craw Wurm", CREATURE, &["Wurm"], &["G"], 6, 4, NONE),
    card("Centaur Courser", CREATURE, &["Centaur", "Warrior"], &["G"], 3, 3, NONE),
    card("Eager Cadet", CREATURE, &["Human", "Soldier"], &["W"], 1, 1, NONE),
    card("Isamaru, Hound of Konda", CREATURE, &["Dog"], &["W"], 2, 2, NONE),
    card("Serra Angel", CREATURE, &["Angel"], &["W"], 4, 4, &["Flying", "Vigilance"]),
    card("Air Elemental", CREATURE, &["Elemental"], &["U"], 4, 4, &["Flying"]),
    card("Wind Drake", CREATURE, &["Drake"], &["U"], 2, 2, &["Flying"]),
    card("Typhoid Rats", CREATURE, &["Rat"], &["B"], 1, 1, &["Deathtouch"]),
    card("Wall of Stone", CREATURE, &["Wall"], &["R"], 0, 8, &["Defender"]),
    card("Memnite", ARTIFACT_CREATURE, &["Construct"], NONE, 1, 1, NONE),
    card("Ornithopter", ARTIFACT_CREATURE, &["Thopter"], NONE, 0, 2, &["Flying"]),
    with_mana(card("Elvish Mystic", CREATURE, &["Elf", "Druid"], &["G"], 1, 1, NONE), "{G}"),
    with_mana(card("Birds of Paradise", CREATURE, &["Bird"], &["G"], 0, 1, &["Flying"]), "any_color"),
];

/// The card data for a name (any case).
pub fn known_card(name: &str) -> Option<&'static KnownCard> {
    KNOWN_CARDS.iter().find(|c| c.name.eq_ignore_ascii_case(name.trim()))
}

/// A card left out of the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Skipped {
    /// The Forge key the card was listed under, e.g. `aibattlefield`.
    pub zone: String,
    /// Its position in that list, from 1.
    pub index: usize,
    pub card: String,
    pub reason: String,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, card {}: \"{}\": {}", self.zone, self.index, self.card, self.reason)
    }
}

/// The board, what was skipped, and what was read but ignored.
#[derive(Debug, Clone, Serialize)]
pub struct Imported {
    pub board: Board,
    pub skipped: Vec<Skipped>,
    pub warnings: Vec<String>,
}

/// One card as Forge writes it, before we decide whether we know it.
struct CardSpec {
    zone: String,
    index: usize,
    controller: &'static str,
    text: String,
}

/// Lower-case words for an id: "Goblin Guide" → "goblin-guide".
fn slug(name: &str) -> String {
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

const TOKEN_KEYWORDS: [&str; 8] = ["flying", "haste", "vigilance", "defender", "deathtouch", "lifelink", "trample", "reach"];

/// A token from Forge's `t:` text: a token script name (`w_1_1_soldier_flying`, `c_1_1_a_servo`)
/// or an old-style description (`Servo,P:1,T:1,Types:Artifact-Creature-Servo,Keywords:Flying`).
fn parse_token(spec: &str) -> Option<Permanent> {
    let mut p = blank_permanent();
    p.types = vec!["Token".into()];
    if spec.contains(',') || spec.contains(':') {
        let mut parts = spec.split(',');
        p.name = parts.next()?.trim().to_string();
        let mut has_stats = false;
        for part in parts {
            let (k, v) = part.split_once(':')?;
            match k.trim() {
                "P" => {
                    p.power = v.trim().parse().ok()?;
                    has_stats = true;
                }
                "T" => p.toughness = v.trim().parse().ok()?,
                "Types" => {
                    for t in v.split('-').map(str::trim).filter(|t| !t.is_empty()) {
                        if ["Artifact", "Creature", "Enchantment", "Land"].contains(&t) {
                            p.types.push(t.into());
                        } else {
                            p.subtypes.push(t.into());
                        }
                    }
                }
                "Keywords" => {
                    p.keywords = v.split('-').map(str::trim).filter(|t| !t.is_empty()).map(String::from).collect();
                }
                "Color" | "Colors" => {
                    p.colors = v.chars().filter(|c| "WUBRG".contains(c.to_ascii_uppercase())).map(|c| c.to_ascii_uppercase().to_string()).collect();
                }
                _ => {}
            }
        }
        return (has_stats || p.types.iter().any(|t| t != "Token")).then_some(p);
    }
    // A token script name: colors_power_toughness_[a][e]_types_keywords.
    let parts: Vec<&str> = spec.trim().split('_').collect();
    if parts.len() < 4 {
        return None;
    }
    let colors = parts[0];
    if !colors.chars().all(|c| "wubrgc".contains(c)) {
        return None;
    }
    p.colors = colors.chars().filter(|c| *c != 'c').map(|c| c.to_ascii_uppercase().to_string()).collect();
    p.power = parts[1].parse().ok()?;
    p.toughness = parts[2].parse().ok()?;
    p.types.push("Creature".into());
    let mut names = Vec::new();
    for w in &parts[3..] {
        match *w {
            "a" => p.types.push("Artifact".into()),
            "e" => p.types.push("Enchantment".into()),
            k if TOKEN_KEYWORDS.contains(&k) => p.keywords.push(title(k)),
            sub => {
                p.subtypes.push(title(sub));
                names.push(title(sub));
            }
        }
    }
    // Keywords other than the ones we list would carry unknown text: refuse rather than guess.
    if names.is_empty() {
        return None;
    }
    p.name = format!("{} Token", names.join(" "));
    Some(p)
}

fn blank_permanent() -> Permanent {
    Permanent::new("", "", "", &[])
}

fn from_known(k: &KnownCard) -> Permanent {
    let mut p = blank_permanent();
    p.name = k.name.to_string();
    p.types = k.types.iter().map(|s| s.to_string()).collect();
    p.subtypes = k.subtypes.iter().map(|s| s.to_string()).collect();
    p.colors = k.colors.iter().map(|s| s.to_string()).collect();
    p.power = k.power;
    p.toughness = k.toughness;
    p.keywords = k.keywords.iter().map(|s| s.to_string()).collect();
    p.mana = k.mana.iter().map(|m| ManaAbilitySpec { add: Value::String(m.to_string()) }).collect();
    p
}

/// Options of a card that do not change how it attacks or restricts attacks.
const HARMLESS_OPTIONS: [&str; 12] = [
    "set",
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

/// Parse a Forge state file into a board. `file` names it in messages.
pub fn import(text: &str, file: &str) -> Result<Imported, InputError> {
    let mut warnings = Vec::new();
    let mut skipped = Vec::new();
    let mut life: HashMap<&'static str, i64> = HashMap::new();
    let mut hand: HashMap<&'static str, u32> = HashMap::new();
    let mut active: Option<&'static str> = None;
    let mut phase: Option<String> = None;
    let mut remove_sickness = false;
    let mut specs: Vec<CardSpec> = Vec::new();

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
            warnings.push(format!("line {line_no}: expected key=value, found \"{line}\"; ignored"));
            continue;
        };
        saw_pair = true;
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim();
        let at = |what: &str| InputError::new(file, format!("line {line_no} ({key})"), what.to_string());
        let player: Option<&'static str> = if key.starts_with("human") {
            Some("human")
        } else if key.starts_with("ai") {
            Some("ai")
        } else {
            None
        };
        let rest = player.map(|p| &key[p.len()..]).unwrap_or("");
        match (player, rest, key.as_str()) {
            (_, _, "activeplayer") => {
                active = Some(match value.to_ascii_lowercase().as_str() {
                    "human" => "human",
                    "ai" => "ai",
                    _ => return Err(at(&format!("expected the active player human or ai, found \"{value}\""))),
                })
            }
            (_, _, "activephase") => phase = Some(value.to_ascii_uppercase()),
            (_, _, "removesummoningsickness") => remove_sickness = value.eq_ignore_ascii_case("true"),
            (_, _, "turn") => {}
            (Some(p), "life", _) => {
                let l: i64 = value.parse().map_err(|_| at(&format!("expected a life total (an integer), found \"{value}\"")))?;
                life.insert(p, l);
            }
            (Some(p), "hand", _) => {
                let count = value.split(';').filter(|c| !c.trim().is_empty()).count();
                hand.insert(p, u32::try_from(count).unwrap_or(u32::MAX));
            }
            (Some(p), "battlefield" | "play", _) => {
                for (i, c) in value.split(';').map(str::trim).filter(|c| !c.is_empty()).enumerate() {
                    specs.push(CardSpec { zone: key.clone(), index: i + 1, controller: p, text: c.to_string() });
                }
            }
            (Some(_), "graveyard" | "library" | "exile" | "command" | "sideboard", _) => {}
            (Some(_), "counters", _) => {
                if !value.is_empty() {
                    warnings.push(format!("line {line_no}: {key}={value}: player counters do not affect declaring attackers here; ignored"));
                }
            }
            (Some(_), "precast" | "putonstack" | "manapool" | "persistentmana" | "landsplayed" | "landsplayedlastturn", _) => {
                if !value.is_empty() {
                    warnings.push(format!("line {line_no}: {key} is not imported (attackopt reads the board as it stands); ignored"));
                }
            }
            _ => warnings.push(format!("line {line_no}: unknown key \"{key}\"; ignored")),
        }
    }
    if has_sections && !saw_state {
        return Err(InputError::new(file, "", "expected a [state] section (a Forge puzzle or game-state file)"));
    }
    // Junk text or an empty file is not a game state (issue 11: exit 0 with an empty board).
    if !saw_pair {
        return Err(InputError::new(file, "", "expected a Forge game state: key=value lines such as humanlife=20 or aibattlefield=Grizzly Bears"));
    }
    let active = active.unwrap_or_else(|| {
        warnings.push("no activeplayer: assuming human".into());
        "human"
    });
    if let Some(ph) = &phase {
        const AFTER: [&str; 7] =
            ["COMBAT_DECLARE_BLOCKERS", "COMBAT_FIRST_STRIKE_DAMAGE", "COMBAT_DAMAGE", "COMBAT_END", "MAIN2", "END_OF_TURN", "CLEANUP"];
        if AFTER.contains(&ph.as_str()) {
            warnings.push(format!("activephase {ph} is after attackers are declared; the board is read as if declaring attackers now"));
        }
    }

    // Cards.
    let mut permanents: Vec<Permanent> = Vec::new();
    let mut used_ids: HashMap<String, usize> = HashMap::new();
    let mut forge_ids: HashMap<String, String> = HashMap::new();
    let mut attachments: Vec<(usize, String, String)> = Vec::new(); // (permanent, forge id, where)
    for spec in &specs {
        let mut parts = spec.text.split('|');
        let name = parts.next().unwrap_or("").trim().to_string();
        let skip = |reason: String| Skipped { zone: spec.zone.clone(), index: spec.index, card: name.clone(), reason };
        let mut face_down = false;
        let options: Vec<&str> = parts.map(str::trim).filter(|o| !o.is_empty()).collect();
        if options.iter().any(|o| o.eq_ignore_ascii_case("FaceDown") || o.to_ascii_lowercase().starts_with("facedown:")) {
            face_down = true;
        }
        let mut perm = if face_down {
            // CR 708.2: a face-down permanent is a 2/2 creature with no name, text, types or color.
            let mut p = blank_permanent();
            p.name = String::new();
            p.types = vec!["Creature".into()];
            p.power = 2;
            p.toughness = 2;
            p
        } else if let Some(token) = name.strip_prefix("t:") {
            match parse_token(token) {
                Some(p) => p,
                None => {
                    skipped.push(skip(
                        "a token attackopt cannot read (expected a script name such as w_1_1_soldier or a description with P:, T: and Types:)".into(),
                    ));
                    continue;
                }
            }
        } else if let Some(k) = known_card(&name) {
            from_known(k)
        } else {
            skipped.push(skip(
                "unknown card: not in attackopt's catalog, basic lands or table of plain creatures, so what it does to attacks is unknown".into(),
            ));
            continue;
        };
        perm.controller = spec.controller.to_string();
        let base = if face_down { format!("face-down-{}", spec.controller) } else { slug(&perm.name) };
        let n = used_ids.entry(base.clone()).or_insert(0);
        *n += 1;
        perm.id = if *n == 1 { base } else { format!("{base}-{n}") };
        let index = permanents.len();
        let here = format!("{}, card {} ({})", spec.zone, spec.index, if name.is_empty() { "?" } else { &name });
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
                    if forge_ids.insert(val.to_string(), perm.id.clone()).is_some() {
                        warnings.push(format!("{here}: Id:{val} is used twice; the last card wins"));
                    }
                }
                "attachedto" | "attaching" => attachments.push((index, val.to_string(), here.clone())),
                "counters" => {
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
                        match kind.trim().to_ascii_uppercase().as_str() {
                            "P1P1" => {
                                perm.power = perm.power.saturating_add(i64::from(amount));
                                perm.toughness = perm.toughness.saturating_add(i64::from(amount));
                            }
                            "M1M1" => {
                                perm.power = perm.power.saturating_sub(i64::from(amount));
                                perm.toughness = perm.toughness.saturating_sub(i64::from(amount));
                            }
                            _ => {}
                        }
                    }
                }
                "attacking" => warnings.push(format!("{here}: Attacking ignored: attackopt decides the declaration")),
                k if HARMLESS_OPTIONS.contains(&k) => {}
                _ => warnings.push(format!("{here}: option \"{o}\" is not read by attackopt; ignored")),
            }
        }
        if remove_sickness {
            perm.summoning_sick = false;
        }
        permanents.push(perm);
    }
    for (index, forge_id, here) in attachments {
        match forge_ids.get(&forge_id) {
            Some(id) => permanents[index].attached_to = Some(id.clone()),
            None => warnings.push(format!(
                "{here}: attached to Id:{forge_id}, which no imported card has (skipped, or no card with |Id:{forge_id}); left unattached"
            )),
        }
    }

    let players = ["human", "ai"]
        .iter()
        .map(|&p| Player {
            id: p.to_string(),
            team: None,
            life: life.get(p).copied().unwrap_or(20),
            hand: hand.get(p).copied().unwrap_or(0),
            mana_pool: String::new(),
        })
        .collect();
    let board = Board {
        attackopt: 1,
        variant: Variant::default(),
        active_player: active.to_string(),
        attacked_this_turn: 0,
        players,
        permanents,
        effects: vec![],
    };
    // What is printed must be a board `validate` accepts (issue 11: powers past the limits from
    // counters, 150,000 cards): read it back as any board is read.
    let text = serde_json::to_string(&board).map_err(|e| InputError::new(file, "", format!("internal error: {e}")))?;
    crate::position::Position::new(crate::board::parse_board(&text, file).map_err(imported_board_error)?).map_err(imported_board_error)?;
    Ok(Imported { board, skipped, warnings })
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
    fn every_catalog_card_has_card_data() {
        for c in crate::cards::CATALOG {
            assert!(known_card(c.name).is_some(), "{} has no entry in KNOWN_CARDS", c.name);
        }
    }

    #[test]
    fn tokens_from_script_names_and_descriptions() {
        let t = parse_token("w_1_1_soldier_flying").unwrap();
        assert_eq!((t.power, t.toughness), (1, 1));
        assert_eq!(t.keywords, vec!["Flying"]);
        assert_eq!(t.subtypes, vec!["Soldier"]);
        let s = parse_token("Servo,P:1,T:1,Cost:no cost,Types:Artifact-Creature-Servo,Keywords:,Image:c_1_1_servo").unwrap();
        assert!(s.types.contains(&"Artifact".to_string()) && s.types.contains(&"Creature".to_string()));
        assert_eq!(s.subtypes, vec!["Servo"]);
        assert!(parse_token("treasure").is_none());
    }

    #[test]
    fn bad_life_is_bad_input() {
        let e = import("[state]\nhumanlife=lots\n", "p.pzl").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
    }
}
