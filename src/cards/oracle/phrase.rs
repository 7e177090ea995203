//! Noun phrases of Oracle text: which permanents a phrase names ([`Who`], [`Class`]), how many
//! ([`number`], [`Quantity`]), what a cost asks ([`Cost`]) and whom an attack is on ([`Whom`]).
//! They are the vocabulary the templates of `templates.rs` are written in; a phrase that is not
//! understood whole is `None`, so the sentence using it is never guessed.

use crate::vocab::symbol::{parse_symbols, ManaType, Symbol};

/// Which creatures a rule is about, relative to the permanent whose text it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Who {
    /// The permanent itself (`~`).
    This,
    /// The permanent it enchants or equips ("enchanted creature", "equipped creature",
    /// "enchanted permanent": the permanent's `attached_to`).
    Attached,
    /// Creatures of a class, controlled by whom the phrase says.
    Group(Group),
    /// The permanent its triggered ability named as it resolved this combat ("that token",
    /// "up to one target creature"), by its place (from 0) in the permanent's
    /// `trigger_permanents`.
    Trigger(usize),
}

/// A group of creatures: "other Goblin creatures you control", "black creatures", "creatures
/// with power 2 or less", "except for creatures named X and artifact creatures, creatures you
/// control".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Who controls them.
    pub whose: Whose,
    /// What they are (card type Creature).
    pub class: Class,
    /// Creatures excluded ("except for ..."): any of these classes.
    pub except: Vec<Class>,
}

/// Who controls a group, relative to the permanent's controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// Anyone ("creatures").
    Anyone,
    /// Its controller ("creatures you control").
    You,
    /// Its controller's opponents ("creatures your opponents control").
    Opponents,
    /// The player it enchants (a Curse: "creatures enchanted player controls").
    EnchantedPlayer,
}

/// A kind of permanent: card types (any of them; none for "permanent"), qualities that must all
/// hold, and "other"/"another" (not the permanent itself).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Class {
    /// Card types, any of which it has ("creature", "land"); empty: any permanent.
    pub types: Vec<String>,
    /// What else must hold.
    pub qualities: Vec<Quality>,
    /// Not the permanent whose text it is.
    pub other: bool,
}

impl Class {
    /// The class as a selector of the board language, where it has the fields: card types, one
    /// subtype, one color ("a land", "two Islands", "an enchantment"); None otherwise.
    pub fn selector(&self) -> Option<crate::vocab::effects::Selector> {
        use crate::vocab::effects::{Filter, Selector};
        if self.other {
            return None;
        }
        let mut f = Filter { card_types: self.types.clone(), ..Filter::default() };
        for q in &self.qualities {
            match q {
                Quality::Subtype(ts) if ts.len() == 1 && f.subtype.is_none() => f.subtype = Some(ts[0].clone()),
                Quality::Color(cs) if cs.len() == 1 && f.color.is_none() => f.color = Some(cs[0]),
                _ => return None,
            }
        }
        Some(if f == Filter::default() { Selector::All } else { Selector::Filter(f) })
    }
}

/// One quality of a [`Class`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Quality {
    /// Has one of these subtypes ("Goblin", "Knight or Soldier").
    Subtype(Vec<String>),
    /// Lacks this subtype ("non-Eye").
    NotSubtype(String),
    /// Is one of these colors ("black", "black or green").
    Color(Vec<ManaType>),
    /// Is not this color ("nonblack").
    NotColor(ManaType),
    /// Is the color its permanent's controller chose (Teferi's Moat: the permanent's
    /// `chosen_color`).
    ChosenColor,
    /// Has this keyword ("with flying", "with defender").
    Keyword(String),
    /// Has none of these keywords ("without flying or islandwalk").
    WithoutKeywords(Vec<String>),
    /// Power at most N ("with power 2 or less").
    PowerAtMost(i64),
    /// Power at least N ("with power 4 or greater").
    PowerAtLeast(i64),
    /// Power greater than the number of cards in its controller's hand (Ensnaring Bridge).
    PowerAboveHand,
    /// Has at least N counters, of one kind or of any ("with counters on them", "with a magnet
    /// counter on it", "with one or more counters on it").
    Counters(Option<String>, u32),
    /// Named so (any case).
    Named(String),
    /// Has this supertype ("snow", "legendary", "basic").
    Supertype(String),
    /// Untapped.
    Untapped,
    /// Tapped.
    Tapped,
    /// An Aura is attached to it ("enchanted permanent", "creatures that are enchanted").
    Enchanted,
    /// An Equipment is attached to it.
    Equipped,
    /// It attacked during its controller's last turn (the permanent's `attacked_last_turn`).
    AttackedLastTurn,
    /// A token.
    Token,
    /// Has this card type too ("artifact creatures").
    Type(String),
    /// Entered the battlefield this turn (the permanent's `entered_this_turn`).
    EnteredThisTurn,
    /// Monstrous (CR 701.37b: the permanent's `monstrous`).
    Monstrous,
    /// Its controller cast a spell this turn (Angelic Arbiter).
    ControllerCastThisTurn,
    /// Modified (CR 700.9): it has a counter, is equipped, or is enchanted by an Aura its
    /// controller controls.
    Modified,
    /// Enchanted by an Aura the permanent's controller controls (Eriette of the Charmed Apple).
    EnchantedByYours,
    /// Under summoning sickness (CR 302.6): haste matters only then.
    SummoningSick,
    /// Attached to a permanent (its `attached_to`): a bestowed Aura (CR 702.103b).
    AttachedToAPermanent,
    /// Paired with a creature with soulbond (CR 702.95: its `paired_with`).
    PairedWithSoulbond,
}

/// Whom a rule's attacks are about, relative to the permanent's controller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whom {
    /// Any player, planeswalker or battle.
    Anything,
    /// The controller as a player (CR 508.1b: not their planeswalkers).
    You,
    /// The controller or a planeswalker they control.
    YouOrYourPlaneswalkers,
    /// A planeswalker the controller controls (Onakke Oathkeeper).
    YourPlaneswalkers,
    /// A player, not a planeswalker or battle ("can't attack a player unless ...": Arboria).
    Players,
}

/// A number the board decides (the X of a cost, a power bound).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Quantity {
    /// Permanents of a class its controller controls ("the number of enchantments you control").
    YouControl(Class),
    /// Basic land types among lands its controller controls (domain, CR 305.6).
    BasicLandTypes,
    /// Cards in its controller's hand.
    CardsInHand,
    /// Counters on the creature the rule is about (of one kind, or all): "+1/+1 counter on it",
    /// "the number of counters on that creature".
    CountersOnIt(Option<String>),
}

/// A cost: fixed symbols, or a unit times a quantity ("{1} for each card in your hand", "{X},
/// where X is ...").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cost {
    /// Mana symbols ("{2}", "{W/P}").
    Fixed(Vec<Symbol>),
    /// {N} per unit of a quantity.
    PerUnit(u32, Quantity),
}

/// A number word or digits ("three", "3").
pub fn number(s: &str) -> Option<u32> {
    const WORDS: [&str; 11] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    match s {
        "a" | "an" => Some(1),
        "no" => Some(0),
        _ => WORDS.iter().position(|w| *w == s).map(|n| n as u32).or_else(|| s.parse().ok()),
    }
}

/// "you", "you or planeswalkers you control", "you or a planeswalker you control".
pub fn whom(s: &str) -> Option<Whom> {
    match s {
        "you" => Some(Whom::You),
        "you or planeswalkers you control" | "you or a planeswalker you control" => Some(Whom::YouOrYourPlaneswalkers),
        "planeswalkers you control" => Some(Whom::YourPlaneswalkers),
        _ => None,
    }
}

/// A mana cost ("{2}", "{w/p}", "{1}{u}"); `{x}` only with the quantity a ", where X is ..."
/// clause gave.
pub fn cost(s: &str, x: Option<&Quantity>) -> Option<Cost> {
    if s == "{x}" {
        return x.map(|q| Cost::PerUnit(1, q.clone()));
    }
    if let Some((unit, each)) = s.split_once(" for each ") {
        let Some(Symbol::Generic(n)) = fixed(unit)?.first().copied().filter(|_| fixed(unit).is_some_and(|v| v.len() == 1)) else {
            return None;
        };
        return quantity_each(each).map(|q| Cost::PerUnit(n, q));
    }
    fixed(s).map(Cost::Fixed)
}

fn fixed(s: &str) -> Option<Vec<Symbol>> {
    if !s.starts_with('{') || s.contains('x') {
        return None;
    }
    parse_symbols(s).ok().filter(|v| !v.is_empty())
}

/// What "for each ..." counts in a cost: "card in your hand", "+1/+1 counter on it".
fn quantity_each(s: &str) -> Option<Quantity> {
    match s {
        "card in your hand" => Some(Quantity::CardsInHand),
        "counter on it" => Some(Quantity::CountersOnIt(None)),
        _ => {
            let kind = s.strip_suffix(" counter on it")?;
            counter_kind(kind).map(|k| Quantity::CountersOnIt(Some(k)))
        }
    }
}

/// What "X is ..." says X is.
pub fn quantity(s: &str) -> Option<Quantity> {
    match s {
        "the number of basic land types among lands you control" => return Some(Quantity::BasicLandTypes),
        "the number of cards in your hand" => return Some(Quantity::CardsInHand),
        "the number of counters on that creature" | "the number of counters on it" => return Some(Quantity::CountersOnIt(None)),
        _ => {}
    }
    let rest = s.strip_prefix("the number of ")?;
    let class = rest.strip_suffix(" you control")?;
    plural_class(class).map(Quantity::YouControl)
}

/// A counter kind as Oracle text writes it ("+1/+1", "magnet", "bribery").
fn counter_kind(s: &str) -> Option<String> {
    let ok = !s.is_empty() && !s.contains(' ') && s.chars().all(|c| c.is_alphanumeric() || matches!(c, '+' | '-' | '/'));
    ok.then(|| s.to_string())
}

/// The colors, by word.
const COLOR_WORDS: [(&str, ManaType); 5] =
    [("white", ManaType::W), ("blue", ManaType::U), ("black", ManaType::B), ("red", ManaType::R), ("green", ManaType::G)];

fn color_word(s: &str) -> Option<ManaType> {
    COLOR_WORDS.iter().find(|(w, _)| *w == s).map(|(_, c)| *c)
}

/// Card types as nouns, singular and plural.
const TYPE_NOUNS: [(&str, &str, &str); 6] = [
    ("creature", "creatures", "Creature"),
    ("land", "lands", "Land"),
    ("artifact", "artifacts", "Artifact"),
    ("enchantment", "enchantments", "Enchantment"),
    ("planeswalker", "planeswalkers", "Planeswalker"),
    ("battle", "battles", "Battle"),
];

/// Supertypes (CR 205.4a) a class may name.
const SUPERTYPES: [&str; 4] = ["snow", "legendary", "basic", "world"];

/// The creature types of CR 205.3m (and the basic land types and a few others that classes
/// name), lower case: a word is read as a subtype only when it is one, so a quality no template
/// reads ("modified", "attacking") is never taken for a creature type.
const SUBTYPES: &[&str] = &[
    "advisor",
    "aetherborn",
    "alien",
    "ally",
    "angel",
    "antelope",
    "ape",
    "archer",
    "archon",
    "armadillo",
    "army",
    "artificer",
    "assassin",
    "assembly-worker",
    "astartes",
    "atog",
    "aurochs",
    "avatar",
    "azra",
    "badger",
    "balloon",
    "barbarian",
    "bard",
    "basilisk",
    "bat",
    "bear",
    "beast",
    "beaver",
    "beeble",
    "beholder",
    "berserker",
    "bird",
    "bison",
    "blinkmoth",
    "boar",
    "bringer",
    "brushwagg",
    "camarid",
    "camel",
    "capybara",
    "caribou",
    "carrier",
    "cat",
    "centaur",
    "child",
    "chimera",
    "citizen",
    "cleric",
    "clown",
    "cockatrice",
    "construct",
    "coward",
    "coyote",
    "crab",
    "crocodile",
    "ctan",
    "custodes",
    "cyberman",
    "cyclops",
    "dalek",
    "dauthi",
    "demigod",
    "demon",
    "deserter",
    "detective",
    "devil",
    "dinosaur",
    "djinn",
    "doctor",
    "dog",
    "dragon",
    "drake",
    "dreadnought",
    "drone",
    "druid",
    "dryad",
    "dwarf",
    "efreet",
    "egg",
    "elder",
    "eldrazi",
    "elemental",
    "elephant",
    "elf",
    "elk",
    "employee",
    "eye",
    "faerie",
    "ferret",
    "fish",
    "flagbearer",
    "fox",
    "fractal",
    "frog",
    "fungus",
    "gamer",
    "gargoyle",
    "germ",
    "giant",
    "gith",
    "gnoll",
    "gnome",
    "goat",
    "goblin",
    "god",
    "golem",
    "gorgon",
    "graveborn",
    "gremlin",
    "griffin",
    "guest",
    "hag",
    "halfling",
    "hamster",
    "harpy",
    "hellion",
    "hippo",
    "hippogriff",
    "homarid",
    "homunculus",
    "horror",
    "horse",
    "human",
    "hydra",
    "hyena",
    "illusion",
    "imp",
    "incarnation",
    "inkling",
    "inquisitor",
    "insect",
    "jackal",
    "jellyfish",
    "juggernaut",
    "kavu",
    "kirin",
    "kithkin",
    "knight",
    "kobold",
    "kor",
    "kraken",
    "llama",
    "lamia",
    "lammasu",
    "leech",
    "leviathan",
    "lhurgoyf",
    "licid",
    "lizard",
    "manticore",
    "masticore",
    "mercenary",
    "merfolk",
    "metathran",
    "minion",
    "minotaur",
    "mite",
    "mole",
    "monger",
    "mongoose",
    "monk",
    "monkey",
    "moonfolk",
    "mount",
    "mouse",
    "mutant",
    "myr",
    "mystic",
    "nautilus",
    "necron",
    "nephilim",
    "nightmare",
    "nightstalker",
    "ninja",
    "noble",
    "noggle",
    "nomad",
    "nymph",
    "octopus",
    "ogre",
    "ooze",
    "orb",
    "orc",
    "orgg",
    "otter",
    "ouphe",
    "ox",
    "oyster",
    "pangolin",
    "peasant",
    "pegasus",
    "pentavite",
    "performer",
    "pest",
    "phelddagrif",
    "phoenix",
    "phyrexian",
    "pilot",
    "pincher",
    "pirate",
    "plant",
    "porcupine",
    "possum",
    "praetor",
    "primarch",
    "prism",
    "processor",
    "rabbit",
    "raccoon",
    "ranger",
    "rat",
    "rebel",
    "reflection",
    "rhino",
    "rigger",
    "robot",
    "rogue",
    "sable",
    "salamander",
    "samurai",
    "sand",
    "saproling",
    "satyr",
    "scarecrow",
    "scientist",
    "scion",
    "scorpion",
    "scout",
    "sculpture",
    "serf",
    "serpent",
    "servo",
    "shade",
    "shaman",
    "shapeshifter",
    "shark",
    "sheep",
    "siren",
    "skeleton",
    "skunk",
    "slith",
    "sliver",
    "sloth",
    "slug",
    "snail",
    "snake",
    "soldier",
    "soltari",
    "spawn",
    "specter",
    "spellshaper",
    "sphinx",
    "spider",
    "spike",
    "spirit",
    "splinter",
    "sponge",
    "squid",
    "squirrel",
    "starfish",
    "surrakar",
    "survivor",
    "synth",
    "tentacle",
    "tetravite",
    "thalakos",
    "thopter",
    "thrull",
    "tiefling",
    "time lord",
    "toy",
    "treefolk",
    "trilobite",
    "triskelavite",
    "troll",
    "turtle",
    "tyranid",
    "unicorn",
    "vampire",
    "varmint",
    "vedalken",
    "volver",
    "wall",
    "walrus",
    "warlock",
    "warrior",
    "weasel",
    "weird",
    "werewolf",
    "whale",
    "wizard",
    "wolf",
    "wolverine",
    "wombat",
    "worm",
    "wraith",
    "wurm",
    "yeti",
    "zombie",
    "zubera",
    "plains",
    "island",
    "swamp",
    "mountain",
    "forest",
    "desert",
    "gate",
    "equipment",
    "aura",
    "vehicle",
    "curse",
    "saga",
    // Planeswalker types (CR 205.3j) that cards name: "a Dovin planeswalker".
    "ajani",
    "angrath",
    "arlinn",
    "ashiok",
    "basri",
    "bolas",
    "calix",
    "chandra",
    "dack",
    "daretti",
    "davriel",
    "domri",
    "dovin",
    "elspeth",
    "estrid",
    "freyalise",
    "garruk",
    "gideon",
    "huatli",
    "jace",
    "jaya",
    "kaito",
    "karn",
    "kasmina",
    "kaya",
    "kiora",
    "koth",
    "liliana",
    "lukka",
    "nahiri",
    "narset",
    "niko",
    "nissa",
    "nixilis",
    "oko",
    "ral",
    "rowan",
    "saheeli",
    "samut",
    "sarkhan",
    "serra",
    "sorin",
    "tamiyo",
    "teferi",
    "teyo",
    "tezzeret",
    "tibalt",
    "ugin",
    "venser",
    "vivien",
    "vraska",
    "will",
    "windgrace",
    "wrenn",
    "xenagos",
    "yanggu",
    "yanling",
    "zariel",
];

fn is_subtype(s: &str) -> bool {
    SUBTYPES.contains(&s)
}

/// "goblins" → goblin, "elves" → elf, "wolves" → wolf, "allies" → ally; only a known subtype.
fn singular_subtype(s: &str) -> Option<String> {
    let candidates = [
        s.strip_suffix("ves").map(|x| format!("{x}f")),
        s.strip_suffix("ies").map(|x| format!("{x}y")),
        s.strip_suffix("es").map(str::to_string),
        s.strip_suffix('s').map(str::to_string),
        // Plurals that are the singular: "merfolk", "sheep", "kithkin".
        Some(s.to_string()).filter(|x| invariant_plural(x)),
    ];
    candidates.into_iter().flatten().find(|c| is_subtype(c))
}

/// Creature types whose plural is the singular ("treefolk", "merfolk").
fn invariant_plural(s: &str) -> bool {
    matches!(s, "merfolk" | "sheep" | "kithkin" | "fish" | "moonfolk" | "kor" | "treefolk" | "elk")
}

/// A subtype, title case ("goblin" → "Goblin", "assembly-worker" → "Assembly-Worker").
pub fn title(s: &str) -> String {
    s.split(['-', ' '])
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(if s.contains('-') { "-" } else { " " })
}

/// A keyword as permanents carry it: its first letter upper case ("Flying", "Double strike").
pub fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

/// A quality word before a noun ("black", "nonblack", "non-eye", "untapped", "snow", "goblin").
fn prefix_quality(w: &str) -> Option<Quality> {
    if let Some(c) = color_word(w) {
        return Some(Quality::Color(vec![c]));
    }
    if let Some(c) = w.strip_prefix("non").and_then(color_word) {
        return Some(Quality::NotColor(c));
    }
    if let Some(s) = w.strip_prefix("non-").filter(|s| is_subtype(s)) {
        return Some(Quality::NotSubtype(title(s)));
    }
    match w {
        "untapped" => return Some(Quality::Untapped),
        "tapped" => return Some(Quality::Tapped),
        "token" => return Some(Quality::Token),
        "modified" => return Some(Quality::Modified),
        _ => {}
    }
    if SUPERTYPES.contains(&w) {
        return Some(Quality::Supertype(title(w)));
    }
    if let Some((one, _, t)) = TYPE_NOUNS.iter().find(|(one, _, _)| *one == w) {
        let _ = one;
        return Some(Quality::Type(t.to_string()));
    }
    is_subtype(w).then(|| Quality::Subtype(vec![title(w)]))
}

/// The quality words before a noun; "black or green" is one quality (either color), and
/// "enchanted" (before "permanent") an Aura attached.
fn prefix_qualities(words: &[&str]) -> Option<Vec<Quality>> {
    let mut out: Vec<Quality> = Vec::new();
    let mut either = false;
    for w in words {
        if *w == "or" {
            either = true;
            continue;
        }
        let q = if *w == "enchanted" { Quality::Enchanted } else { prefix_quality(w)? };
        match (either, out.last_mut(), q) {
            (true, Some(Quality::Color(cs)), Quality::Color(more)) => cs.extend(more),
            (true, _, _) => return None,
            (false, _, q) => out.push(q),
        }
        either = false;
    }
    (!either).then_some(out)
}

/// Modifiers after a noun: "with flying", "without flying or islandwalk", "with power 2 or
/// less", "with counters on them", "named ~" (any name), "of the chosen color", "that attacked
/// during their controller's last turn", "that are enchanted". Several may follow one another.
fn post_qualities(mut s: &str, out: &mut Vec<Quality>) -> Option<()> {
    while !s.is_empty() {
        let (q, rest) = post_quality(s)?;
        out.push(q);
        s = rest.trim_start();
    }
    Some(())
}

fn post_quality(s: &str) -> Option<(Quality, &str)> {
    const FIXED: [(&str, Quality); 13] = [
        ("with counters on them", Quality::Counters(None, 1)),
        ("with one or more counters on it", Quality::Counters(None, 1)),
        ("with one or more counters on them", Quality::Counters(None, 1)),
        ("with a counter on it", Quality::Counters(None, 1)),
        ("of the chosen color", Quality::ChosenColor),
        ("that attacked during their controller's last turn", Quality::AttackedLastTurn),
        ("that attacked during its controller's last turn", Quality::AttackedLastTurn),
        ("that's enchanted by an aura you control", Quality::EnchantedByYours),
        ("that are enchanted", Quality::Enchanted),
        ("that's enchanted", Quality::Enchanted),
        ("that are equipped", Quality::Equipped),
        ("with power greater than the number of cards in your hand", Quality::PowerAboveHand),
        ("that's equipped", Quality::Equipped),
    ];
    for (phrase, q) in FIXED {
        if let Some(rest) = s.strip_prefix(phrase) {
            if rest.is_empty() || rest.starts_with(' ') {
                return Some((q, rest));
            }
        }
    }
    if let Some(rest) = s.strip_prefix("with power ") {
        let mut w = rest.splitn(4, ' ');
        let n: i64 = w.next()?.parse().ok()?;
        let (a, b) = (w.next()?, w.next()?);
        let rest = w.next().unwrap_or("");
        return match (a, b) {
            ("or", "less") => Some((Quality::PowerAtMost(n), rest)),
            ("or", "greater") => Some((Quality::PowerAtLeast(n), rest)),
            _ => None,
        };
    }
    // "with a magnet counter on it", "with magnet counters on them", "with bribery counters on them".
    for (prefix, suffixes) in [("with a ", [" counter on it", " counter on them"]), ("with ", [" counters on them", " counters on it"])] {
        if let Some(rest) = s.strip_prefix(prefix) {
            for suffix in suffixes {
                if let Some((kind, after)) = rest.split_once(suffix) {
                    if let Some(k) = counter_kind(kind).filter(|k| k != "one" && k != "a") {
                        return Some((Quality::Counters(Some(k), 1), after));
                    }
                }
            }
        }
    }
    if let Some(rest) = s.strip_prefix("without ") {
        // "without flying", "without flying or islandwalk": none of them.
        let (list, after) = rest.split_once(" that ").map_or((rest, ""), |(l, a)| (l, a));
        let keywords: Option<Vec<String>> = list.split(" or ").map(|k| super::keyword_name(k).map(capitalized)).collect();
        return Some((Quality::WithoutKeywords(keywords?), after));
    }
    if let Some(rest) = s.strip_prefix("with ") {
        let (k, after) = rest.split_once(' ').unwrap_or((rest, ""));
        return super::keyword_name(k).map(|k| (Quality::Keyword(capitalized(k)), after));
    }
    if let Some(name) = s.strip_prefix("named ") {
        // A name runs to the end of the phrase ("named lightning rager").
        return (!name.is_empty()).then(|| (Quality::Named(name.to_string()), ""));
    }
    None
}

/// A creature group as a sentence's subject: "creatures", "all creatures", "each creature you
/// control", "other goblin creatures you control", "goblins", "black creatures", "non-eye
/// creatures you control", "creatures with power 2 or less", "each creature you control with
/// defender", "creatures enchanted player controls". None when any word is not understood.
pub fn group(s: &str) -> Option<Group> {
    let s = s.strip_prefix("each ").or_else(|| s.strip_prefix("all ")).unwrap_or(s);
    let (other, s) = match s.strip_prefix("other ") {
        Some(r) => (true, r),
        None => (false, s),
    };
    let words: Vec<&str> = s.split(' ').collect();
    // The head noun: "creature(s)", or a plural subtype ("goblins", "elves", "walls").
    let (head, subtype) = if let Some(i) = words.iter().position(|w| *w == "creatures" || *w == "creature") {
        (i, None)
    } else {
        let i = words.iter().position(|w| singular_subtype(w).is_some() && (w.ends_with('s') || invariant_plural(w)))?;
        (i, singular_subtype(words[i]))
    };
    let mut class = Class { types: vec!["Creature".into()], qualities: prefix_qualities(&words[..head])?, other };
    if let Some(st) = subtype {
        class.qualities.push(Quality::Subtype(vec![title(&st)]));
    }
    // "creature tokens": tokens (CR 111.1).
    let mut after = head + 1;
    if words.get(after).is_some_and(|w| *w == "tokens" || *w == "token") {
        class.qualities.push(Quality::Token);
        after += 1;
    }
    let rest = words[after..].join(" ");
    let (whose, rest) = whose(&rest);
    post_qualities(rest, &mut class.qualities)?;
    Some(Group { whose, class, except: vec![] })
}

/// "you control ..." and the like at the start of what follows a noun.
fn whose(s: &str) -> (Whose, &str) {
    for (phrase, w) in [
        ("you control", Whose::You),
        ("your opponents control", Whose::Opponents),
        ("an opponent controls", Whose::Opponents),
        ("enchanted player controls", Whose::EnchantedPlayer),
    ] {
        if let Some(rest) = s.strip_prefix(phrase) {
            if rest.is_empty() || rest.starts_with(' ') {
                return (w, rest.trim_start());
            }
        }
    }
    (Whose::Anyone, s)
}

/// The creatures a subject names: `~`, an attached creature, or a group.
pub fn who(s: &str) -> Option<Who> {
    match s {
        "~" => Some(Who::This),
        "enchanted creature" | "equipped creature" | "enchanted permanent" | "enchanted artifact" | "enchanted wall" | "enchanted land" => {
            Some(Who::Attached)
        }
        _ => {
            // "except for creatures named x and artifact creatures, creatures you control"
            if let Some(rest) = s.strip_prefix("except for ") {
                let (excepted, subject) = rest.split_once(", ")?;
                let mut g = group(subject)?;
                for e in excepted.split(" and ") {
                    g.except.push(group(e)?.class);
                }
                return Some(Who::Group(g));
            }
            group(s).map(Who::Group)
        }
    }
}

/// One class after "a"/"an"/"another", or alternatives joined by "or" ("a knight or a
/// soldier", "an enchantment or an enchanted permanent"): "an island", "a blue permanent", "an
/// untapped creature with power 2 or less", "a snow land", "another giant", "a creature named
/// ...". Alternatives are returned in order; a permanent of any of them counts.
pub fn classes_a(s: &str) -> Option<Vec<Class>> {
    // "a knight or a soldier": split on " or a(n) " / " or another ".
    let mut parts = Vec::new();
    let mut rest = s;
    loop {
        let cut = [" or another ", " or an ", " or a "].iter().filter_map(|sep| rest.find(sep).map(|i| (i, *sep))).min();
        match cut {
            Some((i, sep)) => {
                parts.push(&rest[..i]);
                // Keep the article with the next part.
                rest = &rest[i + " or ".len()..];
                let _ = sep;
            }
            None => {
                parts.push(rest);
                break;
            }
        }
    }
    parts.iter().map(|p| class_a(p)).collect()
}

/// One class after its article.
fn class_a(s: &str) -> Option<Class> {
    let (other, rest) = if let Some(r) = s.strip_prefix("another ") {
        (true, r)
    } else if let Some(r) = s.strip_prefix("an ").or_else(|| s.strip_prefix("a ")) {
        (false, r)
    } else {
        return None;
    };
    let mut c = class_noun(rest, false)?;
    c.other = other;
    Some(c)
}

/// A plural class: "creatures", "lands", "islands", "other creatures", "artifacts".
pub fn plural_class(s: &str) -> Option<Class> {
    let (other, rest) = match s.strip_prefix("other ") {
        Some(r) => (true, r),
        None => (false, s),
    };
    let mut c = class_noun(rest, true)?;
    c.other = other;
    Some(c)
}

/// Qualities, a noun (card type, "permanent", or a subtype) and modifiers.
fn class_noun(s: &str, plural: bool) -> Option<Class> {
    let words: Vec<&str> = s.split(' ').collect();
    let noun_at = |w: &str| -> Option<(Vec<String>, Option<String>)> {
        if (!plural && w == "permanent") || (plural && w == "permanents") {
            return Some((vec![], None));
        }
        for (one, many, t) in TYPE_NOUNS {
            if (!plural && w == one) || (plural && w == many) {
                return Some((vec![t.to_string()], None));
            }
        }
        let sub = if plural { singular_subtype(w) } else { is_subtype(w).then(|| w.to_string()) };
        sub.map(|st| (vec![], Some(title(&st))))
    };
    // "creature tokens", "a creature token": tokens of that type (CR 111.1).
    if let Some((noun, token)) = words.split_last().filter(|(w, rest)| matches!(**w, "tokens" | "token") && !rest.is_empty()) {
        let _ = noun;
        let singular_noun = if plural { format!("{}s", token.last()?) } else { token.last()?.to_string() };
        let mut head: Vec<&str> = token[..token.len() - 1].to_vec();
        head.push(&singular_noun);
        let mut c = class_noun(&head.join(" "), plural)?;
        c.qualities.push(Quality::Token);
        return Some(c);
    }
    // The noun is the last word that is one, followed only by modifiers.
    for i in (0..words.len()).rev() {
        let Some((types, subtype)) = noun_at(words[i]) else { continue };
        let Some(qualities) = prefix_qualities(&words[..i]) else { continue };
        let mut class = Class { types, qualities, other: false };
        if let Some(st) = subtype {
            class.qualities.push(Quality::Subtype(vec![st]));
        }
        if post_qualities(&words[i + 1..].join(" "), &mut class.qualities).is_none() {
            continue;
        }
        return Some(class);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn creatures(qualities: Vec<Quality>) -> Class {
        Class { types: vec!["Creature".into()], qualities, other: false }
    }

    #[test]
    fn groups() {
        let g = group("other goblin creatures you control").unwrap();
        assert_eq!(g.whose, Whose::You);
        assert!(g.class.other);
        assert_eq!(g.class.qualities, vec![Quality::Subtype(vec!["Goblin".into()])]);
        assert_eq!(group("elves you control").unwrap().class.qualities, vec![Quality::Subtype(vec!["Elf".into()])]);
        assert_eq!(group("black creatures").unwrap().class, creatures(vec![Quality::Color(vec![ManaType::B])]));
        assert_eq!(group("non-eye creatures you control").unwrap().class, creatures(vec![Quality::NotSubtype("Eye".into())]));
        assert_eq!(group("creatures with power 2 or less").unwrap().class, creatures(vec![Quality::PowerAtMost(2)]));
        assert_eq!(
            group("creatures without flying or islandwalk").unwrap().class,
            creatures(vec![Quality::WithoutKeywords(vec!["Flying".into(), "Islandwalk".into()])])
        );
        assert_eq!(group("creatures your opponents control with counters on them").unwrap().whose, Whose::Opponents);
        assert_eq!(group("each creature you control with defender").unwrap().class, creatures(vec![Quality::Keyword("Defender".into())]));
        assert_eq!(group("creatures enchanted player controls").unwrap().whose, Whose::EnchantedPlayer);
        // Not creature types: never guessed.
        assert!(group("attacking creatures").is_none());
        assert_eq!(group("modified creatures you control").unwrap().class, creatures(vec![Quality::Modified]));
        assert!(group("suspected creatures you control").is_none());
        assert!(group("players").is_none());
    }

    #[test]
    fn classes() {
        let c = classes_a("a knight or a soldier").unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(classes_a("an untapped creature with power 2 or less").unwrap()[0], {
            let mut c = creatures(vec![Quality::Untapped, Quality::PowerAtMost(2)]);
            c.other = false;
            c
        });
        let e = classes_a("an enchantment or an enchanted permanent").unwrap();
        assert_eq!(e[1].qualities, vec![Quality::Enchanted]);
        assert!(classes_a("another giant").unwrap()[0].other);
        assert_eq!(classes_a("a snow land").unwrap()[0].qualities, vec![Quality::Supertype("Snow".into())]);
        assert_eq!(plural_class("islands").unwrap().qualities, vec![Quality::Subtype(vec!["Island".into()])]);
        assert!(classes_a("a creature with greater power").is_none());
    }

    #[test]
    fn costs_and_quantities() {
        assert_eq!(cost("{2}", None), Some(Cost::Fixed(vec![Symbol::Generic(2)])));
        assert_eq!(cost("{1} for each card in your hand", None), Some(Cost::PerUnit(1, Quantity::CardsInHand)));
        assert_eq!(cost("{1} for each +1/+1 counter on it", None), Some(Cost::PerUnit(1, Quantity::CountersOnIt(Some("+1/+1".into())))));
        assert_eq!(cost("{x}", None), None);
        let q = quantity("the number of enchantments you control").unwrap();
        assert_eq!(cost("{x}", Some(&q)), Some(Cost::PerUnit(1, q)));
    }
}
