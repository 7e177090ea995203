//! The Oracle-text reader (issue 14): from a card's Oracle text, the rules for declaring
//! attackers that the board's effect language already has (docs/format.md "Oracle text").
//!
//! A text is cut into abilities (lines) and sentences, reminder text dropped, and the card's own
//! name ("Juggernaut", "Gisela" for "Gisela, Blade of Goldnight", "this creature") written `~`.
//! Each sentence is then one of:
//! - a template below, read into a [`Rule`] (each with its CR number), a keyword line, or a mana
//!   ability (CR 605.1a);
//! - understood as having no effect on a declaration as the board stands: a triggered ability
//!   (CR 603: it triggers on an event; what one did before attackers were declared, a token, a
//!   goad, is already the board's state, and one that triggers on attacking does so after the
//!   declaration, CR 508.3a), an activated ability other than a mana ability (CR 508.1g: only
//!   mana abilities may be activated while attackers are declared), a text about attacking
//!   creatures (CR 506.4: a creature is attacking only once declared), exert (CR 701.43a: a
//!   choice made as it attacks), a granted ability in quotation marks that is triggered or
//!   non-mana activated, or a text that does not mention attacking, haste, vigilance, defender
//!   or mana at all. An ability word ("Formidable — ", CR 207.2c) is read past; XMage's older
//!   wordings (`{tap}`, " -- " for an em dash, "Threshold - ") read as today's;
//! - otherwise, **not understood**: a sentence that mentions attacking (or those keywords, or
//!   adds mana) and matches no template is never guessed. It is kept, quoted, in
//!   [`Reading::unread`], and the board gets a warning saying the answer assumes it away.

use crate::vocab::effects::{LandsOf, ManaAbility};
use crate::vocab::symbol::{parse_symbols, ManaType, Symbol, TypeSet};

/// Which creatures a rule is about, relative to the permanent whose text it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    /// The permanent itself (`~`).
    This,
    /// The creature it enchants or equips ("enchanted creature", "equipped creature": the
    /// permanent's `attached_to`).
    Attached,
    /// Every creature ("creatures", "all creatures", "each creature").
    All,
    /// Creatures its controller controls, maybe only other ones, maybe of one subtype ("other
    /// Goblin creatures you control", "Goblins you control").
    Yours {
        /// "other": not the permanent itself.
        other: bool,
        /// Only this subtype.
        subtype: Option<String>,
    },
    /// Creatures its controller's opponents control.
    Opponents,
    /// Creatures without this keyword ("creatures without flying").
    Without(String),
    /// Creatures with this keyword, whoever controls them ("creatures with flying").
    With(String),
    /// Creatures of this subtype, whoever controls them, maybe not the permanent itself
    /// ("Goblin creatures", "Inklings", "other Elves").
    Subtype {
        /// "other": not the permanent itself.
        other: bool,
        /// The subtype.
        subtype: String,
    },
}

/// What a rule's attacks are about, relative to the permanent's controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whom {
    /// Any player, planeswalker or battle.
    Anything,
    /// The controller as a player (CR 508.1b: not their planeswalkers).
    You,
    /// The controller or a planeswalker they control.
    YouOrYourPlaneswalkers,
}

/// A rule read from a text, in terms of the board's effect language (docs/format.md
/// "Explicit effects"), relative to the permanent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// `attacks_if_able` (CR 508.1d).
    AttacksIfAble(Who),
    /// `cant_attack` (CR 508.1c).
    CantAttack(Who, Whom),
    /// `min_other_attackers` (CR 506.5, 508.1c): can't attack unless this many others do.
    MinOthers(Who, u32),
    /// `attacks_only_alone` (CR 506.5, 508.1c).
    OnlyAlone(Who),
    /// `max_attackers` (CR 508.1c): at most this many creatures attack (whom) each combat, or
    /// each turn.
    MaxAttackers {
        /// The most creatures.
        count: u32,
        /// Whose attackers count.
        whom: Whom,
        /// "each turn": earlier attackers this turn count too (CR 506.1).
        per_turn: bool,
    },
    /// `attack_cost` (CR 508.1d, 508.1g-h): each creature attacking (whom) incurs the cost.
    Tax(Who, Whom, Vec<Symbol>),
    /// Can't attack unless the defending player controls a permanent of this subtype: decided
    /// per defending player (CR 508.5, 802.2a), as the catalog's Sea Serpent.
    UnlessDefenderControls(Who, String),
    /// Can't attack unless its controller controls a permanent of this subtype.
    UnlessYouControl(Who, String),
    /// `player_attacks_if_able` per opponent (CR 508.1d): each opponent attacks (whom) with at
    /// least one creature if able (Trove of Temptation).
    EachOpponentAttacks(Whom),
    /// `attacks_if_able` with `if_other_attacks` (CR 508.1d, "it attacks if some condition is
    /// met"): the creatures attack if able when another creature their controller controls
    /// attacks (Ekundu Cyclops: "if a creature you control attacks, ~ also attacks if able").
    AttacksIfYoursAttack(Who),
    /// The creatures have this keyword (Haste, Vigilance, Defender, Flying): "enchanted
    /// creature has haste", "creatures you control have vigilance".
    Grant(Who, &'static str),
}

/// A rule with where it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadRule {
    /// The rule.
    pub rule: Rule,
    /// Its Comprehensive Rules number.
    pub cr: &'static str,
    /// The sentence it was read from, as normalized (`~` for the card's name).
    pub clause: String,
}

/// What the reader made of a text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading {
    /// The rules read.
    pub rules: Vec<ReadRule>,
    /// The card's own keywords, from its keyword lines, title case ("Flying", "Haste").
    pub keywords: Vec<String>,
    /// Its {T} mana abilities (CR 605.1a), alternatives.
    pub mana: Vec<ManaAbility>,
    /// Sentences that mention attacking (or haste, vigilance, defender, mana) and were not
    /// understood, quoted as written (reminder text dropped).
    pub unread: Vec<String>,
    /// Sentences that mention attacking and were understood to have no effect on a declaration,
    /// with the reason (a triggered ability, an activated ability, ...).
    pub no_effect: Vec<(String, &'static str)>,
}

impl Reading {
    /// Whether every sentence was understood.
    pub fn fully_understood(&self) -> bool {
        self.unread.is_empty()
    }
}

/// Whether a text mentions attacking (the coverage report's population): the word "attack" in
/// any form, reminder text included.
pub fn mentions_attacking(text: &str) -> bool {
    text.to_lowercase().contains("attack")
}

/// Read a card's Oracle text. `name` is the card's name, written `~` where the text names it.
pub fn read(name: &str, text: &str) -> Reading {
    let mut r = Reading::default();
    let text = text.replace("\\n", "\n");
    // The previous ability's kind, for modes ("• ...") that continue it.
    let mut previous: Option<&'static str> = None;
    for line in text.lines() {
        let original = drop_reminder(line).trim().to_string();
        if original.is_empty() {
            continue;
        }
        let line = normalize(name, &original);
        let line = without_ability_word(&line);
        let line = without_inert_quotes(&line, &mut r);
        if let Some(rest) = line.strip_prefix('•').or_else(|| line.strip_prefix("* ")) {
            match previous {
                Some(why) => {
                    if relevant(rest) {
                        r.no_effect.push((original.clone(), why));
                    }
                }
                None => read_line(rest.trim(), &original, &mut r),
            }
            continue;
        }
        previous = ability_without_effect(&line);
        match previous {
            Some(why) => {
                if relevant(&line) {
                    r.no_effect.push((original.clone(), why));
                }
            }
            None => read_line(&line, &original, &mut r),
        }
    }
    r
}

/// Ability words (CR 207.2c): italic words that begin an ability and have no rules meaning of
/// their own. Only these are dropped, never any "word — " (a chapter's "I —", CR 714.2b, is
/// an ability's number, and modes follow "choose one —").
const ABILITY_WORDS: [&str; 52] = [
    "adamant",
    "addendum",
    "alliance",
    "battalion",
    "bloodrush",
    "celebration",
    "channel",
    "chroma",
    "cohort",
    "constellation",
    "converge",
    "corrupted",
    "coven",
    "delirium",
    "descend 4",
    "descend 8",
    "domain",
    "eerie",
    "eminence",
    "enrage",
    "fateful hour",
    "fathomless descent",
    "ferocious",
    "flurry",
    "formidable",
    "grandeur",
    "hellbent",
    "heroic",
    "imprint",
    "inspired",
    "kinship",
    "landfall",
    "lieutenant",
    "magecraft",
    "metalcraft",
    "morbid",
    "pack tactics",
    "paradox",
    "parley",
    "radiance",
    "raid",
    "rally",
    "revolt",
    "spell mastery",
    "strive",
    "survival",
    "sweep",
    "threshold",
    "undergrowth",
    "valiant",
    "void",
    "max speed",
];

/// A normalized line without its ability word (CR 207.2c), written "Raid — " or, in Forge's
/// and XMage's older scripts, "Raid - ", or without its flavor word (CR 207.2d, "10,000 Needles —").
fn without_ability_word(line: &str) -> String {
    for sep in [" — ", " - "] {
        let Some((head, rest)) = line.split_once(sep) else { continue };
        let rest = rest.trim();
        if rest.is_empty() {
            continue;
        }
        if ABILITY_WORDS.contains(&head) {
            return rest.to_string();
        }
        // A flavor word has no rules meaning either, but it may be any words: dropped only before
        // an ability that does nothing while attackers are declared, so an unknown head never
        // changes what a sentence is read to do.
        if looks_like_flavor_word(head) && ability_without_effect(rest).is_some() {
            return rest.to_string();
        }
    }
    line.to_string()
}

/// A few plain words, not a keyword with its cost ("ward—pay 2 life"), a chapter number (CR
/// 714.2b) or a mode's "choose one".
fn looks_like_flavor_word(head: &str) -> bool {
    let words: Vec<&str> = head.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    !head.is_empty()
        && words.len() <= 4
        && head.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '\'' | ',' | '!' | '?' | '.'))
        && !words.iter().all(|w| matches!(*w, "i" | "ii" | "iii" | "iv" | "v" | "vi"))
        && !KEYWORDS.iter().any(|k| head == *k || head.starts_with(&format!("{k} ")))
        && !head.starts_with("choose")
}

/// A line whose abilities in quotation marks ("has \"Whenever this creature attacks, ...\"") are
/// triggered or non-mana activated abilities written `"an ability"`, each kept as understood to
/// have no effect (CR 603, 602, 508.1g: granted, they act as the creature's own would). A
/// quoted mana ability, or any other quoted text, is left for the templates.
fn without_inert_quotes(line: &str, r: &mut Reading) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('"') {
        let Some(len) = rest[open + 1..].find('"') else { break };
        let quoted = &rest[open + 1..open + 1 + len];
        let ability = quoted.trim().trim_end_matches('.').trim();
        out.push_str(&rest[..open]);
        match ability_without_effect(ability) {
            Some(why) => {
                if relevant(ability) {
                    r.no_effect.push((quoted.to_string(), why));
                }
                out.push_str("\"an ability\"");
            }
            None => out.push_str(&rest[open..open + len + 2]),
        }
        rest = &rest[open + len + 2..];
    }
    out.push_str(rest);
    out
}

/// A line whose ability has no effect on a declaration as the board stands, and why.
fn ability_without_effect(line: &str) -> Option<&'static str> {
    const TRIGGERS: [&str; 4] = ["when ", "whenever ", "at the beginning ", "at end of "];
    if TRIGGERS.iter().any(|t| line.starts_with(t)) {
        return Some(
            "a triggered ability (CR 603): what it did before attackers were declared is the board's state; it does nothing while they are declared",
        );
    }
    // Chapter abilities of Sagas (CR 714.2b) are triggered abilities too.
    if line
        .split_once(" — ")
        .is_some_and(|(head, _)| !head.is_empty() && head.split(", ").all(|c| matches!(c, "i" | "ii" | "iii" | "iv" | "v" | "vi")))
    {
        return Some("a chapter ability, triggered (CR 714.2b): it does nothing while attackers are declared");
    }
    if let Some((_, effect)) = activated(line) {
        if !effect.trim_start().starts_with("add ") {
            return Some("an activated ability (CR 602): only mana abilities may be activated while attackers are declared (CR 508.1g)");
        }
    }
    None
}

/// An activated ability's cost and effect: "COST: EFFECT" where the cost is mana, {T}, a
/// loyalty change or another cost (CR 602.1, 606).
fn activated(line: &str) -> Option<(&str, &str)> {
    let (cost, effect) = line.split_once(": ")?;
    let loyalty = cost.starts_with(['+', '−', '-']) && cost[1..].chars().all(|c| c.is_ascii_digit() || c == 'x');
    let looks_like_cost = cost.starts_with('{')
        || loyalty
        || cost == "0"
        || ["sacrifice", "pay ", "discard", "tap ", "untap ", "exile", "remove", "return", "put ", "reveal", "collect", "forage"]
            .iter()
            .any(|w| cost.starts_with(w))
        || cost.contains("{t}");
    // A cost has no sentence in it; "as long as ...: " does not occur in Oracle text.
    (looks_like_cost && !cost.contains(". ")).then_some((cost, effect))
}

/// Whether a normalized sentence is about what attackopt reads: attacking, the keywords that
/// decide whether a creature may attack, or mana.
fn relevant(s: &str) -> bool {
    s.contains("attack")
        || s.contains("haste")
        || s.contains("vigilance")
        || s.contains("defender")
        || s.contains("goad")
        || adds_mana(s)
        || changes_mana(s)
}

/// A text that changes what mana lands make without "add": a land produces another mana
/// (Damping Sphere, "it produces {C} instead"), or lands become another basic land type and
/// so tap for its color (Conversion, "All Mountains are Plains", CR 305.7). Never passed over
/// as having nothing to do with attacking: the mana pays attack costs.
fn changes_mana(s: &str) -> bool {
    const BASICS: [&str; 5] = ["plains", "islands", "swamps", "mountains", "forests"];
    s.contains("produce") || BASICS.iter().any(|b| s.contains(&format!(" are {b}")))
}

fn adds_mana(s: &str) -> bool {
    s.contains("add {") || s.contains("add one mana") || s.contains("add two mana") || s.contains("add three mana") || s.contains("add x mana")
}

/// Drop reminder text (in parentheses, CR 207.2).
fn drop_reminder(line: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in line.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Lower case, the card's name (and a legendary's short name) and "this creature" written `~`,
/// typographic apostrophes and the minus sign made plain, no final period.
fn normalize(name: &str, line: &str) -> String {
    // Older Oracle wordings ("he or she controls") read as today's.
    // XMage writes {T} as {tap} (its card list, `--cards`).
    let mut s = line
        .to_lowercase()
        .replace(['’', '‘'], "'")
        .replace("{tap}", "{t}")
        // XMage writes an em dash as " -- " (ability words, chapters, modes).
        .replace(" -- ", " — ")
        .replace("he or she controls", "they control")
        .replace("he or she ", "they ");
    let name = name.trim().to_lowercase().replace(['’', '‘'], "'");
    // A double-faced card's name is "front // back": each face names itself.
    let mut names: Vec<String> = name.split(" // ").map(str::to_string).collect();
    for n in names.clone() {
        if let Some((short, _)) = n.split_once(", ") {
            names.push(short.to_string());
        }
    }
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for n in names.iter().filter(|n| n.len() >= 2) {
        s = replace_words(&s, n, "~");
    }
    for this in [
        "this creature",
        "this enchantment",
        "this artifact",
        "this land",
        "this permanent",
        "this vehicle",
        "this equipment",
        "this aura",
        "this planeswalker",
        "this spacecraft",
    ] {
        s = replace_words(&s, this, "~");
    }
    s.trim().trim_end_matches('.').trim().to_string()
}

/// Replace `what` in `s` where it stands as whole words.
fn replace_words(s: &str, what: &str, with: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(what) {
        let before_ok = rest[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let after = &rest[i + what.len()..];
        let after_ok = after.chars().next().is_none_or(|c| !c.is_alphanumeric() || after.starts_with("'s"));
        out.push_str(&rest[..i]);
        if before_ok && after_ok {
            out.push_str(with);
        } else {
            out.push_str(what);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Keywords that may make up a keyword line (CR 702), with or without a parameter ("Equip
/// {2}", "Protection from red", "Enchant creature"). Only Haste, Vigilance, Defender and
/// Flying change what attackopt decides; the others are kept on the permanent all the same,
/// for selectors.
const KEYWORDS: [&str; 119] = [
    "flying",
    "haste",
    "vigilance",
    "defender",
    "trample",
    "first strike",
    "double strike",
    "deathtouch",
    "lifelink",
    "reach",
    "menace",
    "hexproof",
    "indestructible",
    "flash",
    "shroud",
    "fear",
    "intimidate",
    "protection",
    "ward",
    "equip",
    "enchant",
    "landwalk",
    "islandwalk",
    "swampwalk",
    "forestwalk",
    "mountainwalk",
    "plainswalk",
    "prowess",
    "infect",
    "wither",
    "banding",
    "flanking",
    "shadow",
    "horsemanship",
    "cycling",
    "kicker",
    "multikicker",
    "flashback",
    "madness",
    "morph",
    "megamorph",
    "echo",
    "cumulative upkeep",
    "buyback",
    "storm",
    "affinity",
    "entwine",
    "modular",
    "sunburst",
    "bushido",
    "soulshift",
    "splice",
    "offering",
    "ninjutsu",
    "epic",
    "convoke",
    "dredge",
    "transmute",
    "bloodthirst",
    "haunt",
    "replicate",
    "forecast",
    "graft",
    "recover",
    "ripple",
    "split second",
    "suspend",
    "vanishing",
    "absorb",
    "aura swap",
    "delve",
    "fortify",
    "frenzy",
    "gravestorm",
    "poisonous",
    "transfigure",
    "champion",
    "changeling",
    "evoke",
    "hideaway",
    "prowl",
    "reinforce",
    "conspire",
    "persist",
    "retrace",
    "devour",
    "exalted",
    "unearth",
    "cascade",
    "annihilator",
    "level up",
    "rebound",
    "totem armor",
    "umbra armor",
    "living weapon",
    "undying",
    "miracle",
    "soulbond",
    "overload",
    "scavenge",
    "unleash",
    "cipher",
    "evolve",
    "extort",
    "fuse",
    "bestow",
    "tribute",
    "dethrone",
    "outlast",
    "prototype",
    "toxic",
    "backup",
    "bargain",
    "disguise",
    "plot",
    "offspring",
    "saddle",
    "crew",
    "mentor",
];

/// The keywords that matter to declaring attackers, title case.
const ATTACK_KEYWORDS: [(&str, &str); 4] = [("haste", "Haste"), ("vigilance", "Vigilance"), ("defender", "Defender"), ("flying", "Flying")];

/// A keyword line ("Flying, haste", "Equip {2}", "Protection from red"): its keywords, title
/// case; None when some item is not a keyword.
fn keyword_line(line: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for item in line.split([',', ';']).map(str::trim).filter(|i| !i.is_empty()) {
        let k = KEYWORDS
            .iter()
            .filter(|k| item == **k || item.starts_with(&format!("{k} ")) || item.starts_with(&format!("{k}—")))
            .max_by_key(|k| k.len())?;
        // A keyword's parameter is a cost, a number or a quality, never a sentence about
        // attacking ("Flying as long as ..." is not a keyword line).
        if item.contains(" as long as ") || item.contains(" attack") {
            return None;
        }
        // Nor a sentence about the keyword's abilities or costs ("Equip abilities you activate
        // ... cost {2} less", "Flashback costs you pay ..."): the card has no such keyword.
        let next = item[k.len()..].trim_start_matches('—').split_whitespace().next().unwrap_or("");
        if matches!(next, "abilities" | "ability" | "costs" | "cost" | "spells" | "spell") {
            return None;
        }
        out.push(title(k));
    }
    (!out.is_empty()).then_some(out)
}

fn title(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// Read one line that is neither a triggered nor a non-mana activated ability.
fn read_line(line: &str, original: &str, r: &mut Reading) {
    if let Some(kws) = keyword_line(line) {
        r.keywords.extend(kws);
        return;
    }
    if let Some((_, effect)) = activated(line) {
        match mana_ability(line) {
            Some(abilities) => r.mana.extend(abilities),
            None if relevant(effect) => r.unread.push(original.to_string()),
            None => {}
        }
        return;
    }
    for sentence in sentences(line) {
        if let Some(rules) = sentence_rules(sentence) {
            for (rule, cr) in rules {
                r.rules.push(ReadRule { rule, cr, clause: sentence.to_string() });
            }
        } else if let Some(why) = after_declaration(sentence) {
            r.no_effect.push((sentence.to_string(), why));
        } else if relevant(sentence) {
            r.unread.push(quote_sentence(original, sentence));
        }
    }
}

/// The original line when it is one sentence, else the normalized sentence (the quote must
/// name what was not understood, not a whole paragraph).
fn quote_sentence(original: &str, sentence: &str) -> String {
    if sentences(&original.to_lowercase()).len() <= 1 {
        original.to_string()
    } else {
        sentence.to_string()
    }
}

/// A line's sentences, without their final periods.
fn sentences(line: &str) -> Vec<&str> {
    line.split(". ").map(|s| s.trim().trim_end_matches('.').trim()).filter(|s| !s.is_empty()).collect()
}

/// Text about attacking creatures, which applies only once attackers are declared (CR 506.4):
/// "attacking creatures you control get +1/+0", "as long as ~ is attacking, ...". Anything
/// that could forbid, require or tax an attack is not this.
fn after_declaration(s: &str) -> Option<&'static str> {
    // Exert (CR 701.43a) is a choice made as the creature attacks: it changes no declaration's
    // legality, only what happens after.
    if s == "you may exert ~ as it attacks" {
        return Some("exert (CR 701.43a): a choice made as it attacks, which changes no declaration's legality");
    }
    const DECIDING: [&str; 9] =
        ["can't attack", "can attack", "attack each", "attacks each", "attack you", "attacks you", "unless", "if able", "attack only"];
    if DECIDING.iter().any(|d| s.contains(d)) || s.contains("haste") || s.contains("vigilance") || s.contains("defender") || adds_mana(s) {
        return None;
    }
    // Every mention is of an attacking (or blocking) creature, or of one that attacked.
    let mut rest = s;
    let mut any = false;
    while let Some(i) = rest.find("attack") {
        let word: String = rest[i..].chars().take_while(|c| c.is_alphabetic()).collect();
        if !matches!(word.as_str(), "attacking" | "attacked") {
            return None;
        }
        any = true;
        rest = &rest[i + word.len()..];
    }
    any.then_some("about attacking creatures: it applies once attackers are declared (CR 506.4), not to the declaration")
}

/// The creatures a phrase names, relative to the permanent.
fn who(s: &str) -> Option<Who> {
    Some(match s {
        "~" => Who::This,
        "enchanted creature" | "equipped creature" => Who::Attached,
        "creatures" | "all creatures" | "each creature" => Who::All,
        "creatures you control" | "each creature you control" => Who::Yours { other: false, subtype: None },
        "other creatures you control" | "each other creature you control" => Who::Yours { other: true, subtype: None },
        "creatures your opponents control" | "each creature your opponents control" | "creatures an opponent controls" => Who::Opponents,
        "creatures without flying" => Who::Without("Flying".into()),
        "enchanted permanent" => Who::Attached,
        _ => {
            // "creatures with flying": one keyword, nothing after it.
            if let Some(k) = s.strip_prefix("creatures with ") {
                return KEYWORDS.contains(&k).then(|| Who::With(title(k)));
            }
            let (other, rest) = match s.strip_prefix("other ") {
                Some(r) => (true, r),
                None => (false, s),
            };
            // Without "you control", whoever controls them; a plural that names no creatures
            // ("players", "spells") is no subject of these templates.
            let (kind, yours) = match rest.strip_suffix(" you control") {
                Some(k) => (k, true),
                None => (rest, false),
            };
            const NOT_CREATURES: [&str; 10] =
                ["players", "opponents", "lands", "spells", "permanents", "cards", "abilities", "artifacts", "enchantments", "planeswalkers"];
            if !yours && NOT_CREATURES.contains(&kind) {
                return None;
            }
            let (kind, creatures_word) = match kind.strip_suffix(" creatures") {
                Some(k) => (k, true),
                None => (kind, false),
            };
            if kind.is_empty() || kind.contains(' ') || !kind.chars().all(|c| c.is_alphabetic() || c == '-') {
                return None;
            }
            // A word there that is not a creature type (a color, a state, a card type) is a
            // condition no template reads: "black creatures", "attacking creatures", "tokens".
            const NOT_SUBTYPES: [&str; 20] = [
                "white",
                "blue",
                "black",
                "red",
                "green",
                "colorless",
                "multicolored",
                "monocolored",
                "attacking",
                "blocking",
                "tapped",
                "untapped",
                "legendary",
                "artifact",
                "enchantment",
                "token",
                "tokens",
                "nontoken",
                "snow",
                "modified",
            ];
            if NOT_SUBTYPES.contains(&kind) || kind.starts_with("non") {
                return None;
            }
            // "Goblins" → Goblin, "Elves" → Elf, "Goblin creatures" → Goblin.
            let singular = if let Some(stem) = kind.strip_suffix("ves") {
                format!("{stem}f")
            } else if creatures_word {
                kind.to_string()
            } else {
                kind.strip_suffix('s')?.to_string()
            };
            if yours {
                Who::Yours { other, subtype: Some(title(&singular)) }
            } else {
                Who::Subtype { other, subtype: title(&singular) }
            }
        }
    })
}

/// A number word or digits.
fn number(s: &str) -> Option<u32> {
    const WORDS: [&str; 11] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    WORDS.iter().position(|w| *w == s).map(|n| n as u32).or_else(|| s.parse().ok())
}

/// A cost in mana symbols ("{2}", "{w/p}", "{1}{u}"); none with {X}.
fn cost(s: &str) -> Option<Vec<Symbol>> {
    if !s.starts_with('{') || s.contains('x') {
        return None;
    }
    parse_symbols(s).ok().filter(|v| !v.is_empty())
}

/// "you", "you or planeswalkers you control", "you or a planeswalker you control".
fn whom(s: &str) -> Option<Whom> {
    match s {
        "you" => Some(Whom::You),
        "you or planeswalkers you control" | "you or a planeswalker you control" => Some(Whom::YouOrYourPlaneswalkers),
        _ => None,
    }
}

/// A subtype after "a"/"an" ("an island" → Island).
fn a_subtype(s: &str) -> Option<String> {
    let t = s.strip_prefix("an ").or_else(|| s.strip_prefix("a "))?;
    (!t.is_empty() && t.chars().all(|c| c.is_alphabetic())).then(|| title(t))
}

type Rules = Vec<(Rule, &'static str)>;

/// The rules one sentence says, when it is a template.
fn sentence_rules(s: &str) -> Option<Rules> {
    // Whole-declaration rules first: they name no creature as subject.
    if let Some(rest) = s.strip_prefix("no more than ") {
        let (n, rest) = rest.split_once(' ')?;
        let count = number(n)?;
        let rest = rest.strip_prefix("creatures can attack").or_else(|| rest.strip_prefix("creature can attack"))?;
        let (whom_part, per_turn) =
            if let Some(w) = rest.strip_suffix(" each combat") { (w, false) } else { (rest.strip_suffix(" each turn")?, true) };
        let whom = match whom_part.trim() {
            "" => Whom::Anything,
            w => whom(w)?,
        };
        return Some(vec![(Rule::MaxAttackers { count, whom, per_turn }, "508.1c")]);
    }
    // CR 508.1d, a conditional requirement (Ekundu Cyclops); "also": another creature.
    if let Some(rest) = s.strip_prefix("if a creature you control attacks, ") {
        let w = rest.strip_suffix(" also attacks if able")?;
        return Some(vec![(Rule::AttacksIfYoursAttack(who(w)?), "508.1d")]);
    }
    if let Some(rest) = s.strip_prefix("each opponent attacks ") {
        let w = rest.strip_suffix(" with at least one creature each combat if able")?;
        return Some(vec![(Rule::EachOpponentAttacks(whom(w)?), "508.1d")]);
    }
    // Faith's Fetters: only a creature attacks, so "if enchanted permanent is a creature, it
    // can't attack" is "enchanted creature can't attack" (CR 508.1a, 508.1c).
    if let Some(verb) = s.strip_prefix("if enchanted permanent is a creature, it ") {
        return verb_phrase(Who::Attached, verb);
    }
    // "SUBJECT VERB-PHRASE": the subject is the longest prefix that names creatures.
    let words: Vec<&str> = s.split(' ').collect();
    for cut in (1..words.len()).rev() {
        let subject = words[..cut].join(" ");
        let Some(w) = who(&subject) else { continue };
        let verb = words[cut..].join(" ");
        return verb_phrase(w, &verb);
    }
    None
}

/// What a verb phrase says of the creatures `w`; conjunctions of phrases ("gets +2/+2 and
/// attacks each combat if able") are read part by part.
fn verb_phrase(w: Who, verb: &str) -> Option<Rules> {
    // "gets +2/+2, has vigilance, and can't attack you": each part alone; a bare keyword after
    // "has" continues its list ("has flying and haste"). Any part not understood fails the whole.
    const VERBS: [&str; 10] = ["gets ", "get ", "has ", "have ", "attacks ", "attack ", "can't ", "can ", "blocks ", "block "];
    let parts: Vec<&str> =
        verb.split(", and ").flat_map(|p| p.split(" and ")).flat_map(|p| p.split(", ")).map(str::trim).filter(|p| !p.is_empty()).collect();
    if parts.len() > 1 {
        let mut out = Vec::new();
        let mut listing_keywords = false;
        for part in parts {
            let part = if !VERBS.iter().any(|v| part.starts_with(v)) && listing_keywords { format!("has {part}") } else { part.to_string() };
            listing_keywords = part.starts_with("has ") || part.starts_with("have ");
            out.extend(one_verb_phrase(w.clone(), &part)?);
        }
        return Some(out);
    }
    one_verb_phrase(w, verb)
}

/// One verb phrase, no conjunction.
fn one_verb_phrase(w: Who, verb: &str) -> Option<Rules> {
    // Parts about power or blocking change nothing in a declaration: the board's power is the
    // creature's current power (docs/format.md), and blocks come later (CR 509).
    if verb.starts_with("gets +") || verb.starts_with("get +") || verb.starts_with("gets -") || verb.starts_with("get -") {
        let pt = verb.split(' ').nth(1)?;
        let ok = pt.split('/').count() == 2 && pt.split('/').all(|x| x.trim_start_matches(['+', '-']).chars().all(|c| c.is_ascii_digit()));
        return (ok && verb.split(' ').count() == 2).then(Vec::new);
    }
    if matches!(verb, "blocks each combat if able" | "can't block" | "block each combat if able") {
        return Some(vec![]);
    }
    // The costs attackopt weighs are mana (CR 508.1g-h): a creature that can't be sacrificed
    // pays them as any other.
    if verb == "can't be sacrificed" {
        return Some(vec![]);
    }
    // Only its other activated abilities are stopped: mana abilities stay (CR 605.1a), and no
    // other activated ability may be activated while attackers are declared (CR 508.1g).
    if verb == "its activated abilities can't be activated unless they're mana abilities" {
        return Some(vec![]);
    }
    match verb {
        // "each turn" is the older wording of the same requirement (exact in a turn's first
        // combat, which is the one a board describes unless `attacked_this_turn` says otherwise).
        "attacks each combat if able"
        | "attack each combat if able"
        | "attacks or blocks each combat if able"
        | "attack or block each combat if able"
        | "attacks each turn if able"
        | "attack each turn if able" => {
            return Some(vec![(Rule::AttacksIfAble(w), "508.1d")]);
        }
        "can't attack" | "can't attack or block" => return Some(vec![(Rule::CantAttack(w, Whom::Anything), "508.1c")]),
        "can't attack alone" | "can't attack or block alone" => return Some(vec![(Rule::MinOthers(w, 1), "506.5")]),
        "can attack only alone" | "can only attack alone" => return Some(vec![(Rule::OnlyAlone(w), "506.5")]),
        _ => {}
    }
    if let Some(k) = verb.strip_prefix("has ").or_else(|| verb.strip_prefix("have ")) {
        if let Some((_, title)) = ATTACK_KEYWORDS.iter().find(|(l, _)| *l == k) {
            return Some(vec![(Rule::Grant(w, title), "702")]);
        }
        // Another keyword (shroud, trample) changes nothing in a declaration.
        return keyword_line(k).map(|_| vec![]);
    }
    // "can't attack or block unless ...": attacking and blocking each need the condition (or
    // cost); blocking comes later (CR 509).
    if let Some(rest) = verb.strip_prefix("can't attack unless ").or_else(|| verb.strip_prefix("can't attack or block unless ")) {
        if let Some(n) = rest.strip_prefix("at least ").and_then(|r| r.strip_suffix(" other creatures attack")) {
            return Some(vec![(Rule::MinOthers(w, number(n)?), "508.1c")]);
        }
        if rest == "another creature attacks" || rest == "at least one other creature attacks" {
            return Some(vec![(Rule::MinOthers(w, 1), "508.1c")]);
        }
        if let Some(t) = rest.strip_prefix("defending player controls ") {
            return Some(vec![(Rule::UnlessDefenderControls(w, a_subtype(t)?), "508.5")]);
        }
        if let Some(t) = rest.strip_prefix("you control ") {
            return Some(vec![(Rule::UnlessYouControl(w, a_subtype(t)?), "508.1c")]);
        }
        for prefix in ["its controller pays ", "you pay ", "their controller pays "] {
            if let Some(c) = rest.strip_prefix(prefix) {
                return Some(vec![(Rule::Tax(w, Whom::Anything, cost(c)?), "508.1d")]);
            }
        }
        return None;
    }
    if let Some(rest) = verb.strip_prefix("can't attack ") {
        // "can't attack you[ or planeswalkers you control][ unless their controller pays {N} for each ...]"
        let (target, tail) = match rest.split_once(" unless ") {
            Some((t, tail)) => (t, Some(tail)),
            None => (rest, None),
        };
        let target = whom(target)?;
        let Some(tail) = tail else {
            return Some(vec![(Rule::CantAttack(w, target), "508.1c")]);
        };
        let tail = tail.strip_prefix("their controller pays ")?;
        let (c, each) = tail.split_once(" for each ")?;
        let taxed = match each {
            "creature they control that's attacking you" | "of those creatures" | "creature" => target,
            "creature they control that's attacking you or a planeswalker you control" => Whom::YouOrYourPlaneswalkers,
            _ => return None,
        };
        return Some(vec![(Rule::Tax(w, taxed, cost(c)?), "508.1d")]);
    }
    None
}

/// A mana ability's alternatives: "{T}: Add {G}.", "{T}: Add {R} or {G}.", "{T}: Add {C}{C}.",
/// "{T}: Add one mana of any color.", "... any color/type that a land an opponent controls
/// could produce" (CR 106.7, 605.1a). None when the cost is more than {T} or the effect is
/// another.
fn mana_ability(line: &str) -> Option<Vec<ManaAbility>> {
    let effect = line.strip_prefix("{t}: add ")?;
    // Oracle text before 2017 wrote "Add {G} to your mana pool" (today "Add {G}"), and before
    // 2016 "{1}" for one colorless mana (today {C}, CR 106.1b): in that template only, {N} is N
    // colorless mana. Any other sentence after it (Shivan Reef's damage) is not a mana ability
    // this reader knows, so it is refused, never dropped.
    let (effect, old_template) = match effect.strip_suffix(" to your mana pool") {
        Some(e) => (e, true),
        None => (effect, false),
    };
    let one = |lands: LandsOf, colors_only: bool| Some(vec![ManaAbility::CouldProduce { lands, colors_only }]);
    match effect {
        "one mana of any color" => return Some(vec![ManaAbility::Fixed(vec![TypeSet::ANY_COLOR])]),
        "one mana of any color that a land an opponent controls could produce" => return one(LandsOf::Opponents, true),
        "one mana of any type that a land an opponent controls could produce" => return one(LandsOf::Opponents, false),
        "one mana of any color that a land you control could produce" => return one(LandsOf::Controller, true),
        "one mana of any type that a land you control could produce" => return one(LandsOf::Controller, false),
        _ => {}
    }
    // Alternatives: "{r} or {g}", "{w}, {u}, or {b}".
    let mut out = Vec::new();
    for alt in effect.split([',']).flat_map(|p| p.split(" or ")).map(|p| p.trim().trim_start_matches("or ").trim()) {
        if alt.is_empty() {
            continue;
        }
        let symbols = parse_symbols(alt).ok()?;
        let mut units = Vec::new();
        for sym in symbols {
            match sym {
                Symbol::Typed(t) => units.push(TypeSet::one(t)),
                Symbol::Generic(n) if old_template && n > 0 && n <= 16 => units.extend(std::iter::repeat_n(TypeSet::one(ManaType::C), n as usize)),
                // {1} in today's "Add" is not printed on cards: refuse rather than guess.
                _ => return None,
            }
        }
        if units.is_empty() {
            return None;
        }
        out.push(ManaAbility::Fixed(units));
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::symbol::ManaType;

    fn rules(name: &str, text: &str) -> Vec<Rule> {
        let r = read(name, text);
        assert!(r.unread.is_empty(), "{text}: unread {:?}", r.unread);
        r.rules.into_iter().map(|x| x.rule).collect()
    }

    fn yours(other: bool, subtype: Option<&str>) -> Who {
        Who::Yours { other, subtype: subtype.map(String::from) }
    }

    #[test]
    fn cr_207_2c_ability_words_are_dropped() {
        // Forge's older scripts write the ability word with a hyphen.
        let r = read("Akroan Conscriptor", "Heroic - Whenever you cast a spell that targets Akroan Conscriptor, gain control of another target creature until end of turn. Untap that creature. It gains haste until end of turn.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
        let r = read("Bellowing Saddlebrute", "Raid — When this creature enters, you lose 4 life unless you attacked this turn.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
        let r = read("Glade Watcher", "Defender\nFormidable — {G}: Glade Watcher can attack this turn as though it didn't have defender. Activate only if creatures you control have total power 8 or greater.");
        assert!(r.unread.is_empty() && r.keywords == vec!["Defender".to_string()], "{r:?}");
        // Not an ability word: a mode's "choose one —" and a chapter number stay as they are.
        assert_eq!(without_ability_word("i — ~ attacks each combat if able"), "i — ~ attacks each combat if able");
        assert_eq!(without_ability_word("choose one — x"), "choose one — x");
        // The ability is read as if the word were not there: a trigger stays a trigger.
        let r = read("Rider", "Formidable — Whenever Rider attacks, it gains first strike until end of turn.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
        // XMage's older wording, with a hyphen.
        let r = read("Rider", "Raid - Whenever Rider attacks, draw a card.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
        // A condition after the word is still a condition: not guessed.
        let r = read("Jug", "Threshold - As long as seven or more cards are in your graveyard, Jug gets +3/+0 and attacks each turn if able.");
        assert_eq!(r.unread.len(), 1);
        // A keyword's cost is not an ability word.
        assert_eq!(without_ability_word("ward—pay 2 life"), "ward—pay 2 life");
        assert_eq!(without_ability_word("i, ii — goad target creature"), "i, ii — goad target creature");
    }

    #[test]
    fn cr_305_7_texts_changing_lands_mana_are_reported() {
        let r = read("Conversion", "At the beginning of your upkeep, sacrifice Conversion unless you pay {W}{W}.\nAll Mountains are Plains.");
        assert_eq!(r.unread, vec!["All Mountains are Plains.".to_string()]);
        let r = read("Damping Sphere", "If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.\nEach spell a player casts costs {1} more to cast for each other spell that player has cast this turn.");
        assert_eq!(r.unread.len(), 1, "{r:?}");
    }

    #[test]
    fn cr_106_1b_older_mana_wording() {
        // "to your mana pool" (before 2017) and {N} for colorless mana (before 2016).
        let r = read("Shivan Reef", "{T}: Add {1} to your mana pool.\n{T}: Add {U} or {R} to your mana pool. Shivan Reef deals 1 damage to you.");
        let c = TypeSet::one(ManaType::C);
        assert_eq!(r.mana, vec![ManaAbility::Fixed(vec![c])]);
        // The damage is part of the second ability: refused whole, quoted.
        assert_eq!(r.unread.len(), 1, "{r:?}");
        let r = read("Noble Hierarch", "{T}: Add {G}, {W}, or {U} to your mana pool.");
        assert_eq!(r.mana.len(), 3);
        assert!(r.unread.is_empty());
        assert_eq!(read("City of Traitors", "{T}: Add {2} to your mana pool.").mana, vec![ManaAbility::Fixed(vec![c, c])]);
        // Today's wording never prints {1} in an Add: refused.
        assert_eq!(read("X", "{T}: Add {1}.").unread.len(), 1);
    }

    #[test]
    fn cr_508_1d_attacks_each_combat_if_able() {
        assert_eq!(rules("Bloodmad Brute", "Bloodmad Brute attacks each combat if able."), vec![Rule::AttacksIfAble(Who::This)]);
        assert_eq!(rules("X", "This creature attacks each combat if able."), vec![Rule::AttacksIfAble(Who::This)]);
        assert_eq!(rules("Jug", "Jug attacks each turn if able."), vec![Rule::AttacksIfAble(Who::This)]);
        // A legendary creature names itself by its short name.
        assert_eq!(rules("Zed, the Angry", "Zed attacks each combat if able."), vec![Rule::AttacksIfAble(Who::This)]);
    }

    #[test]
    fn cr_508_1d_granted_by_auras_and_equipment() {
        let text = "Enchant creature\nEnchanted creature gets +2/+2 and attacks each combat if able.";
        let r = read("Rage Aura", text);
        assert_eq!(r.keywords, vec!["Enchant"]);
        assert_eq!(r.rules.iter().map(|x| x.rule.clone()).collect::<Vec<_>>(), vec![Rule::AttacksIfAble(Who::Attached)]);
        assert_eq!(
            rules("Spear", "Equipped creature has haste and attacks each combat if able.\nEquip {1}"),
            vec![Rule::Grant(Who::Attached, "Haste"), Rule::AttacksIfAble(Who::Attached)]
        );
    }

    #[test]
    fn cr_508_1d_conditional_requirement_template() {
        let cyclops = "If a creature you control attacks, Ekundu Cyclops also attacks if able.";
        assert_eq!(rules("Ekundu Cyclops", cyclops), vec![Rule::AttacksIfYoursAttack(Who::This)]);
        assert!(read("Ekundu Cyclops", cyclops).fully_understood());
        // Another condition is not guessed.
        let other = read("Odd Cyclops", "If a creature an opponent controls attacks, Odd Cyclops also attacks if able.");
        assert!(other.rules.is_empty() && other.unread.len() == 1, "{other:?}");
    }

    #[test]
    fn cr_508_1d_groups_attack_each_combat() {
        assert_eq!(
            rules("Warlord", "Other Goblin creatures you control attack each combat if able."),
            vec![Rule::AttacksIfAble(yours(true, Some("Goblin")))]
        );
        assert_eq!(rules("Chief", "Elves you control attack each combat if able."), vec![Rule::AttacksIfAble(yours(false, Some("Elf")))]);
        assert_eq!(rules("Lowblood", "Creatures your opponents control attack each combat if able."), vec![Rule::AttacksIfAble(Who::Opponents)]);
        // A color is not a creature type: not guessed.
        assert_eq!(read("Odd", "Black creatures you control attack each combat if able.").unread.len(), 1);
        assert_eq!(rules("Avatar", "All creatures attack each combat if able."), vec![Rule::AttacksIfAble(Who::All)]);
    }

    #[test]
    fn cr_508_1c_cant_attack_templates() {
        assert_eq!(rules("Wall", "Wall can't attack."), vec![Rule::CantAttack(Who::This, Whom::Anything)]);
        assert_eq!(
            rules("Cage", "Enchant creature\nEnchanted creature can't attack or block."),
            vec![Rule::CantAttack(Who::Attached, Whom::Anything)]
        );
        assert_eq!(rules("Archon", "Flying\nCreatures can't attack you."), vec![Rule::CantAttack(Who::All, Whom::You)]);
        assert_eq!(rules("Moatish", "Creatures without flying can't attack."), vec![Rule::CantAttack(Who::Without("Flying".into()), Whom::Anything)]);
    }

    #[test]
    fn cr_506_5_alone_templates() {
        assert_eq!(rules("Flunky", "Flunky can't attack or block alone."), vec![Rule::MinOthers(Who::This, 1)]);
        assert_eq!(rules("Flunky", "Flunky can't attack alone."), vec![Rule::MinOthers(Who::This, 1)]);
        assert_eq!(rules("Lone", "Lone can attack only alone."), vec![Rule::OnlyAlone(Who::This)]);
        assert_eq!(rules("Lone", "This creature can only attack alone."), vec![Rule::OnlyAlone(Who::This)]);
    }

    #[test]
    fn cr_508_1c_cant_attack_unless() {
        assert_eq!(rules("Conscript", "Conscript can't attack unless at least two other creatures attack."), vec![Rule::MinOthers(Who::This, 2)]);
        assert_eq!(
            rules("Serpent", "Serpent can't attack unless defending player controls an Island."),
            vec![Rule::UnlessDefenderControls(Who::This, "Island".into())]
        );
        assert_eq!(rules("Kraken", "Kraken can't attack unless you control a Swamp."), vec![Rule::UnlessYouControl(Who::This, "Swamp".into())]);
        // A condition no template covers is reported, quoted, never guessed.
        let r = read("Okk", "Okk can't attack unless a creature with greater power also attacks.");
        assert!(r.rules.is_empty());
        assert_eq!(r.unread, vec!["Okk can't attack unless a creature with greater power also attacks."]);
    }

    #[test]
    fn cr_508_1c_caps() {
        assert_eq!(
            rules("Arbiter", "No more than one creature can attack each combat."),
            vec![Rule::MaxAttackers { count: 1, whom: Whom::Anything, per_turn: false }]
        );
        assert_eq!(
            rules("Crawl", "No more than two creatures can attack you each combat."),
            vec![Rule::MaxAttackers { count: 2, whom: Whom::You, per_turn: false }]
        );
        assert_eq!(
            rules("Grounds", "No more than one creature can attack each turn."),
            vec![Rule::MaxAttackers { count: 1, whom: Whom::Anything, per_turn: true }]
        );
    }

    #[test]
    fn cr_508_1d_taxes() {
        let two = vec![Symbol::Generic(2)];
        assert_eq!(
            rules("Prop", "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you."),
            vec![Rule::Tax(Who::All, Whom::You, two.clone())]
        );
        assert_eq!(
            rules("Muse", "Creatures can't attack you or planeswalkers you control unless their controller pays {1} for each of those creatures."),
            vec![Rule::Tax(Who::All, Whom::YouOrYourPlaneswalkers, vec![Symbol::Generic(1)])]
        );
        assert_eq!(
            rules(
                "Annex",
                "Creatures can't attack you unless their controller pays {W/P} for each creature they control that's attacking you or a planeswalker you control."
            ),
            vec![Rule::Tax(Who::All, Whom::YouOrYourPlaneswalkers, vec![Symbol::Phyrexian(ManaType::W)])]
        );
        assert_eq!(
            rules("Old", "Creatures can't attack you unless their controller pays {2} for each creature he or she controls that's attacking you."),
            vec![Rule::Tax(Who::All, Whom::You, two.clone())]
        );
        assert_eq!(
            rules("Wash", "Enchanted creature can't attack unless its controller pays {3}."),
            vec![Rule::Tax(Who::Attached, Whom::Anything, vec![Symbol::Generic(3)])]
        );
        // {X} depends on something the template does not say: not guessed.
        let r = read("Sphere", "Creatures can't attack you unless their controller pays {X} for each creature they control that's attacking you, where X is the number of enchantments you control.");
        assert_eq!(r.unread.len(), 1);
    }

    #[test]
    fn cr_508_1d_player_requirement() {
        assert_eq!(
            rules("Trove", "Each opponent attacks you or a planeswalker you control with at least one creature each combat if able."),
            vec![Rule::EachOpponentAttacks(Whom::YouOrYourPlaneswalkers)]
        );
    }

    #[test]
    fn cr_605_1a_mana_abilities() {
        let r = read("Elf", "{T}: Add {G}.");
        assert_eq!(r.mana, vec![ManaAbility::Fixed(vec![TypeSet::one(ManaType::G)])]);
        let r = read("Dual", "{T}: Add {R} or {G}.");
        assert_eq!(r.mana, vec![ManaAbility::Fixed(vec![TypeSet::one(ManaType::R)]), ManaAbility::Fixed(vec![TypeSet::one(ManaType::G)])]);
        let r = read("Tri", "{T}: Add {W}, {U}, or {B}.");
        assert_eq!(r.mana.len(), 3);
        let r = read("Ring", "{T}: Add {C}{C}.");
        assert_eq!(r.mana, vec![ManaAbility::Fixed(vec![TypeSet::one(ManaType::C), TypeSet::one(ManaType::C)])]);
        let r = read("Bird", "Flying\n{T}: Add one mana of any color.");
        assert_eq!((r.keywords.clone(), r.mana.clone()), (vec!["Flying".to_string()], vec![ManaAbility::Fixed(vec![TypeSet::ANY_COLOR])]));
        let r = read("Orchard", "{T}: Add one mana of any color that a land an opponent controls could produce.");
        assert_eq!(r.mana, vec![ManaAbility::CouldProduce { lands: LandsOf::Opponents, colors_only: true }]);
        // A mana ability with another cost is not a free source: reported.
        let r = read("Painland", "{T}, Pay 1 life: Add {B}.");
        assert!(r.mana.is_empty() && r.unread.len() == 1);
    }

    #[test]
    fn cr_702_keywords_and_grants() {
        let r = read("Wall", "Defender, reach");
        assert_eq!(r.keywords, vec!["Defender", "Reach"]);
        let r = read("Goblin", "Haste\nProtection from white");
        assert_eq!(r.keywords, vec!["Haste", "Protection"]);
        assert_eq!(rules("Banner", "Creatures you control have haste."), vec![Rule::Grant(yours(false, None), "Haste")]);
        assert_eq!(rules("Greaves", "Equipped creature has shroud and haste.\nEquip {0}"), vec![Rule::Grant(Who::Attached, "Haste")]);
        assert_eq!(
            rules("Vow", "Enchant creature\nEnchanted creature gets +2/+2, has vigilance, and can't attack you or planeswalkers you control."),
            vec![Rule::Grant(Who::Attached, "Vigilance"), Rule::CantAttack(Who::Attached, Whom::YouOrYourPlaneswalkers)]
        );
        // A part not understood fails the whole sentence.
        assert_eq!(read("Odd", "Odd can't attack unless you control an Island and a Swamp.").unread.len(), 1);
        // A conditional grant is not a keyword line: reported.
        let r = read("Ape", "As long as you control a Forest, this creature has haste.");
        assert_eq!(r.unread.len(), 1);
    }

    #[test]
    fn cr_702_a_sentence_about_a_keyword_is_not_the_keyword() {
        // Helitrooper (hand check): it has flying, not equip.
        let r = read("Helitrooper", "Flying\nEquip abilities you activate that target this creature cost {2} less to activate.");
        assert_eq!(r.keywords, vec!["Flying"]);
        assert_eq!(read("Stone", "Flashback costs you pay cost up to {2} less.").keywords, Vec::<String>::new());
        // A keyword with its cost still is one.
        assert_eq!(read("Sword", "Equip {2}").keywords, vec!["Equip"]);
        assert_eq!(read("Blade", "Equip legendary creature {3}").keywords, vec!["Equip"]);
    }

    #[test]
    fn cr_603_508_1g_abilities_that_do_nothing_while_attackers_are_declared() {
        let r = read("Raider", "Whenever Raider attacks, it gets +1/+0 until end of turn.\n{2}{R}: Target creature can't attack this turn.");
        assert!(r.rules.is_empty() && r.unread.is_empty());
        assert_eq!(r.no_effect.len(), 2);
        let r = read("Captain", "Attacking creatures you control get +1/+0.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1);
        let r = read("Saga", "I, II — Goad target creature.\nIII — Creatures can't attack this turn.");
        assert!(r.unread.is_empty(), "{:?}", r.unread);
        // Modes continue their ability.
        let r = read("Charm", "When Charm enters, choose one —\n• Target creature can't attack this turn.\n• Draw a card.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1);
    }

    #[test]
    fn reminder_text_and_irrelevant_text_are_ignored() {
        let r = read("Bear", "Trample (This creature can deal excess combat damage to the player it's attacking.)\nBear can't block.");
        assert!(r.unread.is_empty() && r.rules.is_empty() && r.no_effect.is_empty());
        assert_eq!(r.keywords, vec!["Trample"]);
    }

    #[test]
    fn cr_603_quoted_triggered_abilities_do_nothing_while_attackers_are_declared() {
        let text = "Lieutenant - As long as you control your commander, Fam gets +2/+2 and has \"Whenever Fam attacks, it deals 7 damage to target creature defending player controls.\"";
        let r = read("Fam", text);
        assert!(r.unread.is_empty() && r.rules.is_empty() && r.no_effect.len() == 1, "{r:?}");
        // A quoted text that is no triggered or activated ability is left to the templates.
        let r = read("Odd", "Creatures you control have \"~ attacks each combat if able.\" as long as you control a Swamp.");
        assert_eq!(r.unread.len(), 1);
    }

    #[test]
    fn cr_508_1c_508_1d_creatures_of_a_subtype_or_keyword_whoever_controls_them() {
        assert_eq!(
            rules("Assault", "Goblin creatures attack each combat if able."),
            vec![Rule::AttacksIfAble(Who::Subtype { other: false, subtype: "Goblin".into() })]
        );
        assert_eq!(
            rules("Calligrapher", "Inklings can't attack you or planeswalkers you control."),
            vec![Rule::CantAttack(Who::Subtype { other: false, subtype: "Inkling".into() }, Whom::YouOrYourPlaneswalkers)]
        );
        assert_eq!(
            rules("Sandwurm", "Creatures with flying can't attack you or planeswalkers you control."),
            vec![Rule::CantAttack(Who::With("Flying".into()), Whom::YouOrYourPlaneswalkers)]
        );
        // A quality that is no keyword is not guessed.
        assert_eq!(read("Odd", "Creatures with power 2 or less can't attack.").unread.len(), 1);
        // Nor a plural that names no creatures.
        assert_eq!(read("Odd", "Players can't attack each combat if able.").unread.len(), 1);
    }

    #[test]
    fn cr_605_1a_mana_abilities_still_activate() {
        let text = "Enchant artifact or creature\nEnchanted permanent can't attack or block, and its activated abilities can't be activated unless they're mana abilities.";
        assert_eq!(rules("Grasp", text), vec![Rule::CantAttack(Who::Attached, Whom::Anything)]);
        // Without "unless they're mana abilities", its mana abilities are stopped too: not read.
        assert_eq!(read("Arrest", "Enchanted creature can't attack or block, and its activated abilities can't be activated.").unread.len(), 1);
    }

    #[test]
    fn xmage_double_hyphen_is_an_em_dash() {
        let r = read("Cactuar", "10,000 Needles -- Whenever this creature attacks, it gets +9999/+0 until end of turn.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
        let r = read("Saga", "I, II -- Goad target creature.\nIII -- Creatures can't attack this turn.");
        assert!(r.unread.is_empty(), "{r:?}");
        let r = read(
            "Beastie",
            "Delirium -- This creature can't attack or block unless there are four or more card types among cards in your graveyard.",
        );
        assert_eq!(r.unread.len(), 1);
    }

    #[test]
    fn xmage_tap_symbol_is_t() {
        let r = read("Post", "{tap}: Add {C}{R}.");
        assert_eq!(r.mana, vec![ManaAbility::Fixed(vec![TypeSet::one(ManaType::C), TypeSet::one(ManaType::R)])]);
        assert!(r.unread.is_empty());
    }

    #[test]
    fn cr_508_1d_attack_or_block_unless_you_pay() {
        assert_eq!(
            rules("Behemoth", "Behemoth can't attack or block unless you pay {2}."),
            vec![Rule::Tax(Who::This, Whom::Anything, vec![Symbol::Generic(2)])]
        );
    }

    #[test]
    fn cr_508_1c_faiths_fetters_and_unsacrificeable() {
        let text = "Enchant permanent\nEnchanted permanent's activated abilities can't be activated unless they're mana abilities. If enchanted permanent is a creature, it can't attack or block.";
        assert_eq!(rules("Fetters", text), vec![Rule::CantAttack(Who::Attached, Whom::Anything)]);
        assert_eq!(
            rules("Suit", "Equipped creature gets +2/+2, has haste, can't attack you or a planeswalker you control, and can't be sacrificed."),
            vec![Rule::Grant(Who::Attached, "Haste"), Rule::CantAttack(Who::Attached, Whom::YouOrYourPlaneswalkers)]
        );
    }

    #[test]
    fn cr_701_43a_exert_as_it_attacks() {
        let r = read("Scrapper", "Menace\nYou may exert Scrapper as it attacks. When you do, it gets +2/+0 until end of turn.");
        assert!(r.unread.is_empty() && r.rules.is_empty() && r.no_effect.len() == 1, "{r:?}");
    }

    #[test]
    fn unknown_attack_clauses_are_reported_quoted() {
        let r = read("Odd", "Flying\nOdd can't attack if you cast a spell this turn. Odd can't block.");
        assert_eq!(r.unread, vec!["~ can't attack if you cast a spell this turn".to_string()]);
        assert!(!r.fully_understood());
    }
}
