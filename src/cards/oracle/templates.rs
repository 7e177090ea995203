//! The templates: every sentence the reader turns into rules, one row each, in one table
//! ([`TEMPLATES`]) and the conditions those sentences name in another ([`CONDITIONS`]). A row is
//! a pattern, what it makes, its rule's CR number, and a real card whose Oracle text it reads;
//! the test `every_template_reads_its_card` reads each row's card and checks that the row is
//! what read it. A newcomer adds a sentence by adding a row.
//!
//! A pattern is words and slots. A word matches itself (`attack(s)` matches "attack" or
//! "attacks", `it|they` either word); a slot matches one or more words that its parser
//! ([`fill`]) understands whole: `{who}` the creatures a subject names ([`phrase::who`]),
//! `{whom}` "you [or planeswalkers you control]", `{n}` a number, `{cost}` a mana cost (`{X}`
//! only when the sentence says what X is), `{cond}` a row of [`CONDITIONS`], `{class}` "a(n)
//! ..." permanent class (alternatives joined by "or"), `{plural}` a plural class, `{keyword}` a
//! keyword, `{kind}` a counter kind, `{subtype}` a subtype after "a"/"an", `{any}` anything (for
//! sentences whose effect does not depend on the rest). A pattern that begins with `{who}` is
//! also tried on each part of a conjunction ("gets +2/+2, has vigilance, and can't attack you")
//! with the subject already read.

use super::phrase::{self, Class, Cost, Quality, Quantity, Who, Whom};
use super::{AsThough, Becoming, Cond, ManaMade, ManaTapped, Rule, Spell, Subject, When};
use crate::vocab::effects::Action;
use crate::vocab::symbol::{ManaType, Symbol, TypeSet};
use std::collections::HashSet;
use std::sync::OnceLock;

/// A rule a row makes, and when it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Made {
    /// The rule.
    pub rule: Rule,
    /// Conditions and the value each must have.
    pub when: Vec<When>,
}

fn made(rule: Rule) -> Made {
    Made { rule, when: vec![] }
}

/// A rule that holds when the slot's condition has the value `holds` (a restriction "unless
/// C" holds when C is false).
fn made_when(rule: Rule, s: &Slots, holds: bool) -> Option<Made> {
    let (cond, template) = s.cond.clone()?;
    Some(Made { rule, when: vec![When { cond, holds, template }] })
}

/// What the slots of a matched pattern hold.
#[derive(Debug, Clone, Default)]
pub struct Slots {
    /// `{who}`.
    pub who: Option<Who>,
    /// `{whom}`.
    pub whom: Option<Whom>,
    /// `{n}`.
    pub n: Option<u32>,
    /// `{cost}`.
    pub cost: Option<Cost>,
    /// `{cond}`, with the pattern of the row of [`CONDITIONS`] that read it.
    pub cond: Option<(Cond, &'static str)>,
    /// `{class}`: alternatives.
    pub class: Option<Vec<Class>>,
    /// `{plural}`.
    pub plural: Option<Class>,
    /// `{keyword}`, title case.
    pub keyword: Option<&'static str>,
    /// `{kind}`: a counter kind.
    pub kind: Option<String>,
    /// `{subtype}`, title case.
    pub subtype: Option<String>,
    /// `{mana}`: a quoted mana ability.
    pub mana: Option<Vec<crate::vocab::effects::ManaAbility>>,
    /// `{adds}`: the mana a trigger adds or a land produces instead ("{g}{g}", "one mana of
    /// any color", "one mana of the chosen color").
    pub adds: Option<ManaMade>,
}

/// What slot parsers need beyond the words: the X a ", where X is ..." clause defined.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// X, when the sentence says what it is.
    pub x: Option<Quantity>,
}

/// One template.
pub struct Template {
    /// The pattern (normalized text: lower case, `~` for the card's name).
    pub pattern: &'static str,
    /// What it makes from its slots; None when the slots do not fit (an empty list: a sentence
    /// understood to change nothing in a declaration).
    pub make: fn(&Slots) -> Option<Vec<Made>>,
    /// The rule it implements.
    pub cr: &'static str,
    /// A real card this row reads, and its Oracle text (the ability the row reads, at least).
    pub card: &'static str,
    /// The card's text.
    pub text: &'static str,
}

fn who(s: &Slots) -> Option<Who> {
    s.who.clone()
}

/// A non-mana cost's permanents (CR 508.1g): one class the board language can select.
fn given_up(class: Option<Class>) -> Option<Class> {
    class.filter(|c| c.selector().is_some())
}

/// `{class}` when it names one class, not alternatives.
fn one_class(s: &Slots) -> Option<Class> {
    match s.class.as_deref() {
        Some([c]) => Some(c.clone()),
        _ => None,
    }
}

/// "<Color> creatures can't attack unless their controller sacrifices {class} for each <color>
/// creature they control that's attacking" (Flooded Woodlands): `{who}` must be the creatures of
/// that color, each then costing one permanent of the class.
fn land_per_attacker(s: &Slots, color: ManaType) -> Option<Vec<Made>> {
    let colored = matches!(&s.who, Some(Who::Group(g)) if g.whose == phrase::Whose::Anyone && g.except.is_empty() && g.class.qualities == [Quality::Color(vec![color])]);
    colored.then_some(())?;
    Some(vec![made(Rule::GiveUp(who(s)?, Action::Sacrifice, 1, given_up(one_class(s))?))])
}

/// An effect on mana (CR 106.12) as a rule.
fn on_mana(tapped: ManaTapped, change: ManaMade) -> Option<Vec<Made>> {
    Some(vec![made(Rule::Mana(tapped, change))])
}

/// Lands: anyone's, or `yours`.
fn lands(yours: bool) -> ManaTapped {
    ManaTapped::Lands { yours, basic: false, subtype: None }
}

/// "{B} instead of any other type [and amount]": `{adds}` must be one mana of one type.
fn instead(s: &Slots, keep_amount: bool) -> Option<Vec<Made>> {
    let mana = match s.adds.as_ref()? {
        ManaMade::Adds(units) => match units.as_slice() {
            [one] => one.iter().next().filter(|t| TypeSet::one(*t) == *one)?,
            _ => return None,
        },
        _ => return None,
    };
    on_mana(lands(false), ManaMade::Instead { mana, keep_amount })
}

/// `{adds}`: "{g}", "{g}{g}" (typed mana only), "one mana of any color", "one mana of the
/// chosen color".
fn mana_made(text: &str) -> Option<ManaMade> {
    match text {
        "one mana of any color" => return Some(ManaMade::Adds(vec![TypeSet::ANY_COLOR])),
        "one mana of the chosen color" => return Some(ManaMade::Chosen { if_produced: false }),
        _ => {}
    }
    let mut units = Vec::new();
    for sym in crate::vocab::symbol::parse_symbols(text).ok()? {
        match sym {
            Symbol::Typed(t) => units.push(TypeSet::one(t)),
            _ => return None,
        }
    }
    (!units.is_empty()).then_some(ManaMade::Adds(units))
}

/// `{plural}` naming one land type alone ("Islands", "Mountains").
fn one_land_type(s: &Slots) -> Option<String> {
    let land = s.plural.as_ref()?;
    match land.qualities.as_slice() {
        [Quality::Subtype(t)] if land.types.is_empty() && t.len() == 1 && !land.other => Some(t[0].clone()),
        _ => None,
    }
}

/// The templates, whole sentences first, then those that begin with their subject.
pub static TEMPLATES: &[Template] = &[
    // ---- whole-declaration rules (CR 508.1c)
    Template {
        pattern: "no more than {n} creature(s) can attack each combat",
        make: |s| Some(vec![made(Rule::MaxAttackers { count: s.n?, whom: Whom::Anything, per_turn: false })]),
        cr: "508.1c",
        card: "Silent Arbiter",
        text: "No more than one creature can attack each combat.\nNo more than one creature can block each combat.",
    },
    Template {
        pattern: "no more than {n} creature(s) can attack {whom} each combat",
        make: |s| Some(vec![made(Rule::MaxAttackers { count: s.n?, whom: s.whom?, per_turn: false })]),
        cr: "508.1c",
        card: "Crawlspace",
        text: "No more than two creatures can attack you each combat.",
    },
    Template {
        pattern: "no more than {n} creature(s) can attack each turn",
        make: |s| Some(vec![made(Rule::MaxAttackers { count: s.n?, whom: Whom::Anything, per_turn: true })]),
        cr: "508.1c",
        card: "Dueling Grounds",
        // Its printed wording (1996), which the project's rules implement for the name.
        text: "No more than one creature can attack each turn.\nNo more than one creature can block each turn.",
    },
    // ---- effects on mana (CR 106.12): triggered mana abilities (CR 605.1b, resolved at once,
    // 605.4a) add mana when a permanent is tapped for mana; replacement effects change what the
    // tap produces (CR 106.12b, 616.1). Their mana pays costs to attack (CR 508.1h-i).
    Template {
        pattern: "whenever a player taps a land for mana, that player adds one mana of any type that land produced",
        make: |_| on_mana(lands(false), ManaMade::SameType),
        cr: "605.1b",
        card: "Heartbeat of Spring",
        text: "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
    },
    Template {
        pattern: "whenever you tap a land for mana, add one mana of any type that land produced",
        make: |_| on_mana(lands(true), ManaMade::SameType),
        cr: "605.1b",
        card: "Zendikar Resurgent",
        text: "Whenever you tap a land for mana, add one mana of any type that land produced. (The types of mana are white, blue, black, red, green, and colorless.)\nWhenever you cast a creature spell, draw a card.",
    },
    Template {
        pattern: "whenever you tap a nonland permanent for mana, add one mana of any type that permanent produced",
        make: |_| on_mana(ManaTapped::Yours { nonland: true }, ManaMade::SameType),
        cr: "605.1b",
        card: "Kinnan, Bonder Prodigy",
        text: "Whenever you tap a nonland permanent for mana, add one mana of any type that permanent produced.\n{5}{G}{U}: Look at the top five cards of your library. You may put a non-Human creature card from among them onto the battlefield. Put the rest on the bottom of your library in a random order.",
    },
    Template {
        pattern: "whenever enchanted land is tapped for mana, its controller adds an additional {adds}",
        make: |s| on_mana(ManaTapped::Enchanted, s.adds.clone()?),
        cr: "605.1b",
        card: "Wild Growth",
        text: "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}.",
    },
    Template {
        pattern: "whenever enchanted forest is tapped for mana, its controller adds an additional {adds}",
        make: |s| on_mana(ManaTapped::Enchanted, s.adds.clone()?),
        cr: "605.1b",
        card: "Utopia Sprawl",
        text: "Enchant Forest\nAs this Aura enters, choose a color.\nWhenever enchanted Forest is tapped for mana, its controller adds an additional one mana of the chosen color.",
    },
    Template {
        pattern: "whenever you tap a forest for mana, add an additional {adds}",
        make: |s| on_mana(ManaTapped::Lands { yours: true, basic: false, subtype: Some("Forest".into()) }, s.adds.clone()?),
        cr: "605.1b",
        card: "Nissa, Who Shakes the World",
        text: "Whenever you tap a Forest for mana, add an additional {G}.",
    },
    Template {
        pattern: "whenever a land's ability causes you to add one or more mana of the chosen color, add an additional one mana of that color",
        make: |_| on_mana(lands(true), ManaMade::Chosen { if_produced: true }),
        cr: "605.1b",
        card: "Caged Sun",
        text: "As this artifact enters, choose a color.\nCreatures you control of the chosen color get +1/+1.\nWhenever a land's ability causes you to add one or more mana of the chosen color, add an additional one mana of that color.",
    },
    Template {
        pattern: "whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of that color",
        make: |_| on_mana(ManaTapped::Lands { yours: false, basic: true, subtype: None }, ManaMade::Chosen { if_produced: true }),
        cr: "605.1b",
        card: "Gauntlet of Power",
        text: "As this artifact enters, choose a color.\nCreatures of the chosen color get +1/+1.\nWhenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of that color.",
    },
    Template {
        pattern: "if you tap a permanent for mana, it produces twice as much of that mana instead",
        make: |_| on_mana(ManaTapped::Yours { nonland: false }, ManaMade::Multiplied(2)),
        cr: "106.12b",
        card: "Mana Reflection",
        text: "If you tap a permanent for mana, it produces twice as much of that mana instead.",
    },
    Template {
        pattern: "if you tap a permanent for mana, it produces three times as much of that mana instead",
        make: |_| on_mana(ManaTapped::Yours { nonland: false }, ManaMade::Multiplied(3)),
        cr: "106.12b",
        card: "Nyxbloom Ancient",
        text: "Trample\nIf you tap a permanent for mana, it produces three times as much of that mana instead.",
    },
    Template {
        pattern: "if a land is tapped for mana, it produces {adds} instead of any other type and amount",
        make: |s| instead(s, false),
        cr: "106.12b",
        card: "Contamination",
        text: "At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice a creature.\nIf a land is tapped for mana, it produces {B} instead of any other type and amount.",
    },
    Template {
        pattern: "if a land is tapped for mana, it produces {adds} instead of any other type",
        make: |s| instead(s, true),
        cr: "106.12b",
        card: "Infernal Darkness",
        text: "Cumulative upkeep—Pay {B} and 1 life.\nIf a land is tapped for mana, it produces {B} instead of any other type.",
    },
    // ---- requirements on players (CR 508.1d)
    Template {
        pattern: "each opponent attacks {whom} with at least one creature each combat if able",
        make: |s| Some(vec![made(Rule::EachOpponentAttacks(s.whom?))]),
        cr: "508.1d",
        card: "Trove of Temptation",
        text: "Each opponent attacks you or a planeswalker you control with at least one creature each combat if able.",
    },
    Template {
        pattern: "each opponent must attack with at least one creature each combat if able",
        make: |_| Some(vec![made(Rule::EachOpponentAttacks(Whom::Anything))]),
        cr: "508.1d",
        card: "Seeker of Slaanesh",
        text: "Haste\nAllure of Slaanesh -- Each opponent must attack with at least one creature each combat if able.",
    },
    Template {
        pattern: "each opponent must attack {whom} with at least one creature each combat if able",
        make: |s| Some(vec![made(Rule::EachOpponentAttacks(s.whom?))]),
        cr: "508.1d",
        card: "Trove of Temptation",
        text: "Each opponent must attack you or a planeswalker you control with at least one creature each combat if able.\nAt the beginning of your end step, create a Treasure token.",
    },
    // ---- conditional requirements (CR 508.1d: "it attacks if some condition is met")
    Template {
        pattern: "if a creature you control attacks, {who} also attacks if able",
        make: |s| Some(vec![made(Rule::AttacksIfOthersAttack(who(s)?, Who::Group(phrase::group("creatures you control")?)))]),
        cr: "508.1d",
        card: "Ekundu Cyclops",
        text: "If a creature you control attacks, this creature also attacks if able.",
    },
    Template {
        pattern: "if {who} attacks, all creatures you control attack if able",
        make: |s| Some(vec![made(Rule::AttacksIfOthersAttack(Who::Group(phrase::group("creatures you control")?), who(s)?))]),
        cr: "508.1d",
        card: "Viashino Bey",
        text: "If this creature attacks, all creatures you control attack if able.",
    },
    Template {
        pattern: "if a creature an opponent controls attacks, all creatures that opponent controls attack if able",
        make: |_| {
            let theirs = Who::Group(phrase::group("creatures your opponents control")?);
            Some(vec![made(Rule::AttacksIfOthersAttack(theirs.clone(), theirs))])
        },
        cr: "508.1d",
        card: "War's Toll",
        text: "Whenever an opponent taps a land for mana, tap all lands that player controls.\nIf a creature an opponent controls attacks, all creatures that opponent controls attack if able.",
    },
    Template {
        pattern: "if a creature with a {kind} counter on it attacks, {who} attack if able",
        make: |s| {
            // "all creatures with magnet counters on them": the same class as the condition's,
            // of anyone (CR 508.1d; the condition looks at every attacking creature).
            let magnets = Who::Group(phrase::group(&format!("creatures with {} counters on them", s.kind.as_deref()?))?);
            (who(s)? == magnets).then_some(())?;
            Some(vec![made(Rule::AttacksIfOthersAttack(magnets.clone(), magnets))])
        },
        cr: "508.1d",
        card: "Magnetic Web",
        text: "If a creature with a magnet counter on it attacks, all creatures with magnet counters on them attack if able.\nWhenever a creature with a magnet counter on it attacks, all creatures with magnet counters on them block that creature this turn if able.\n{1}, {T}: Put a magnet counter on target creature.",
    },
    // ---- Faith's Fetters: only a creature attacks (CR 508.1a)
    Template {
        pattern: "if enchanted permanent is a creature, it can't attack",
        make: |_| Some(vec![made(Rule::CantAttack(Who::Attached, Whom::Anything))]),
        cr: "508.1c",
        card: "Faith's Fetters",
        text: "Enchant permanent\nWhen Faith's Fetters enters, you gain 4 life.\nEnchanted permanent's activated abilities can't be activated unless they're mana abilities. If enchanted permanent is a creature, it can't attack or block.",
    },
    // ---- effects that change types (CR 305.7, 205.1b)
    Template {
        pattern: "all lands are {plural} in addition to their other types",
        make: |s| Some(vec![made(Rule::LandsAre(one_land_type(s)?))]),
        cr: "305.7",
        card: "Stormtide Leviathan",
        text: "Islandwalk\nAll lands are Islands in addition to their other types.\nCreatures without flying or islandwalk can't attack.",
    },
    Template {
        pattern: "nonbasic lands are {plural}",
        make: |s| Some(vec![made(Rule::NonbasicLandsAre(one_land_type(s)?))]),
        cr: "305.7",
        card: "Blood Moon",
        text: "Nonbasic lands are Mountains.",
    },
    Template {
        pattern: "lands you control have {mana}",
        make: |s| Some(vec![made(Rule::YourLandsHave(s.mana.clone()?))]),
        cr: "613.1f",
        card: "Chromatic Lantern",
        text: "Lands you control have \"{T}: Add one mana of any color.\"\n{T}: Add one mana of any color.",
    },
    // ---- Mystic Barrier (CR 508.1b: which players a creature may attack)
    Template {
        pattern: "each player may attack only the opponent seated nearest them in the last chosen direction and planeswalkers controlled by that player",
        make: |_| Some(vec![made(Rule::NearestOpponentOnly)]),
        cr: "508.1b",
        card: "Mystic Barrier",
        text: "When Mystic Barrier enters the battlefield or at the beginning of your upkeep, choose left or right.\nEach player may attack only the opponent seated nearest them in the last chosen direction and planeswalkers controlled by that player.",
    },
    Template {
        pattern: "each player may attack only the nearest opponent in the last chosen direction and planeswalkers controlled by that opponent",
        make: |_| Some(vec![made(Rule::NearestOpponentOnly)]),
        cr: "508.1b",
        card: "Mystic Barrier",
        text: "When Mystic Barrier enters or at the beginning of your upkeep, choose left or right.\nEach player may attack only the nearest opponent in the last chosen direction and planeswalkers controlled by that opponent.",
    },
    // ---- a trigger that resolved before attackers are declared and left a requirement (CR 603)
    Template {
        pattern: "at the beginning of combat on your turn, choose an opponent at random. ~ attacks that player this combat if able",
        make: |_| Some(vec![made(Rule::AttacksChosenPlayer(Who::This))]),
        cr: "508.1d",
        card: "Raving Dead",
        text: "Deathtouch\nAt the beginning of combat on your turn, choose an opponent at random. Raving Dead attacks that player this combat if able.\nWhenever Raving Dead deals combat damage to a player, that player loses half their life, rounded down.",
    },
    Template {
        pattern: "at the beginning of combat on your turn, mill a card and choose an opponent at random. ~ attacks that player this combat if able. until end of turn, ~ gains indestructible and gets +1/+1 for each card type among cards in your graveyard",
        make: |_| Some(vec![made(Rule::AttacksChosenPlayer(Who::This))]),
        cr: "508.1d",
        card: "Ursine Monstrosity",
        text: "Trample\nAt the beginning of combat on your turn, mill a card and choose an opponent at random. This creature attacks that player this combat if able. Until end of turn, this creature gains indestructible and gets +1/+1 for each card type among cards in your graveyard.",
    },
    Template {
        pattern: "at the beginning of combat on your turn, choose an opponent at random that ~ didn't attack during your last combat. ~ attacks that player this combat if able. if you can't choose an opponent this way, tap ~",
        make: |_| Some(vec![made(Rule::AttacksChosenPlayer(Who::This))]),
        cr: "508.1d",
        card: "Territorial Hellkite",
        text: "Flying, haste\nAt the beginning of combat on your turn, choose an opponent at random that Territorial Hellkite didn't attack during your last combat. Territorial Hellkite attacks that player this combat if able. If you can't choose an opponent this way, tap Territorial Hellkite.",
    },
    // A trigger that makes or targets a permanent: the board names it (`trigger_permanents`).
    Template {
        pattern: "at the beginning of combat on your turn, create a 1/1 red goblin creature token. that token gains haste until end of turn and attacks this combat if able",
        make: |_| Some(vec![your_turn(Rule::Grant(Who::Trigger(0), "Haste".into())), your_turn(Rule::AttacksIfAble(Who::Trigger(0)))]),
        cr: "508.1d",
        card: "Legion Warboss",
        text: "Mentor (Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser power.)\nAt the beginning of combat on your turn, create a 1/1 red Goblin creature token. That token gains haste until end of turn and attacks this combat if able.",
    },
    Template {
        pattern: "at the beginning of combat on your turn, create a 1/1 red goblin creature token. that token attacks this combat if able",
        make: |_| Some(vec![your_turn(Rule::AttacksIfAble(Who::Trigger(0)))]),
        cr: "508.1d",
        card: "Howlsquad Heavy",
        text: "Start your engines!\nOther Goblins you control have haste.\nAt the beginning of combat on your turn, create a 1/1 red Goblin creature token. That token attacks this combat if able.",
    },
    Template {
        pattern: "at the beginning of each combat, up to one target creature attacks or blocks this combat if able and up to one target creature can't attack or block this combat",
        make: |_| Some(vec![made(Rule::AttacksIfAble(Who::Trigger(0))), made(Rule::CantAttack(Who::Trigger(1), Whom::Anything))]),
        cr: "508.1d",
        card: "Boros Battleshaper",
        text: "At the beginning of each combat, up to one target creature attacks or blocks this combat if able and up to one target creature can't attack or block this combat.",
    },
    Template {
        // An intervening "if" (CR 603.4) checked at the upkeep: whether the trigger resolved is
        // the board's to say (`trigger_resolved`), not the Keeper's presence now.
        pattern: "at the beginning of your upkeep, if you don't control a creature named keeper of ~, ~ deals 3 damage to you and attacks this turn if able",
        make: |_| {
            let when = vec![
                When { cond: Cond::YourTurn, holds: true, template: "at the beginning of your upkeep" },
                When { cond: Cond::TriggerResolved, holds: true, template: "at the beginning of your upkeep" },
            ];
            Some(vec![Made { rule: Rule::AttacksIfAble(Who::This), when }])
        },
        cr: "508.1d",
        card: "Kookus",
        text: "Trample\nAt the beginning of your upkeep, if you don't control a creature named Keeper of Kookus, Kookus deals 3 damage to you and attacks this turn if able.\n{R}: Kookus gets +1/+0 until end of turn.",
    },
    // ---- requirements on creatures (CR 508.1d)
    Template {
        pattern: "{who} attack(s) each combat if able",
        make: |s| Some(vec![made(Rule::AttacksIfAble(who(s)?))]),
        cr: "508.1d",
        card: "Juggernaut",
        text: "Juggernaut attacks each combat if able.\nJuggernaut can't be blocked by Walls.",
    },
    Template {
        // The older wording of the same requirement (exact in a turn's first combat, the one a
        // board describes unless `attacked_this_turn` says otherwise).
        pattern: "{who} attack(s) each turn if able",
        make: |s| Some(vec![made(Rule::AttacksIfAble(who(s)?))]),
        cr: "508.1d",
        card: "Juggernaut",
        text: "Juggernaut attacks each turn if able.",
    },
    Template {
        pattern: "{who} attack(s) each combat if able unless {cond}",
        make: |s| Some(vec![made_when(Rule::AttacksIfAble(who(s)?), s, false)?]),
        cr: "508.1d",
        card: "Reckless Cohort",
        text: "Reckless Cohort attacks each combat if able unless you control another Ally.",
    },
    // ---- restrictions on creatures (CR 508.1c, 506.5)
    Template {
        pattern: "{who} can't attack",
        make: |s| Some(vec![made(Rule::CantAttack(who(s)?, Whom::Anything))]),
        cr: "508.1c",
        card: "Pacifism",
        text: "Enchant creature\nEnchanted creature can't attack or block.",
    },
    Template {
        pattern: "{who} can't attack {whom}",
        make: |s| Some(vec![made(Rule::CantAttack(who(s)?, s.whom?))]),
        cr: "508.1c",
        card: "Blazing Archon",
        text: "Flying\nCreatures can't attack you.",
    },
    Template {
        pattern: "{who} can't attack alone",
        make: |s| Some(vec![made(Rule::MinOthers(who(s)?, 1))]),
        cr: "506.5",
        card: "Mogg Flunkies",
        text: "Mogg Flunkies can't attack or block alone.",
    },
    Template {
        pattern: "{who} can only attack alone",
        make: |s| Some(vec![made(Rule::OnlyAlone(who(s)?))]),
        cr: "506.5",
        card: "Master of Cruelties",
        text: "First strike, deathtouch\nMaster of Cruelties can only attack alone.",
    },
    Template {
        pattern: "{who} can attack only alone",
        make: |s| Some(vec![made(Rule::OnlyAlone(who(s)?))]),
        cr: "506.5",
        card: "Master of Cruelties",
        text: "Master of Cruelties can attack only alone.",
    },
    Template {
        pattern: "{who} can't attack unless at least {n} other creatures attack",
        make: |s| Some(vec![made(Rule::MinOthers(who(s)?, s.n?))]),
        cr: "508.1c",
        card: "Orcish Conscripts",
        text: "Orcish Conscripts can't attack unless at least two other creatures attack.\nOrcish Conscripts can't block unless at least two other creatures block.",
    },
    Template {
        pattern: "{who} can't attack unless a creature with greater power also attacks",
        make: |s| Some(vec![made(Rule::OthersMustAttack(who(s)?, creature_class(), true))]),
        cr: "508.1c",
        card: "Okk",
        text: "Okk can't attack unless a creature with greater power also attacks.\nOkk can't block unless a creature with greater power also blocks.",
    },
    Template {
        pattern: "{who} can't attack unless {class} also attacks",
        make: |s| match s.class.as_deref()? {
            [one] if !one.other => Some(vec![made(Rule::OthersMustAttack(who(s)?, one.clone(), false))]),
            _ => None,
        },
        cr: "508.1c",
        card: "Scarred Puma",
        text: "Scarred Puma can't attack unless a black or green creature also attacks.",
    },
    Template {
        pattern: "{who} can't attack during extra turns",
        make: |s| {
            let when = vec![When { cond: Cond::ExtraTurn, holds: true, template: "during extra turns" }];
            Some(vec![Made { rule: Rule::CantAttack(who(s)?, Whom::Anything), when }])
        },
        cr: "508.1c",
        card: "Medomai the Ageless",
        text: "Flying\nWhenever Medomai the Ageless deals combat damage to a player, take an extra turn after this one.\nMedomai the Ageless can't attack during extra turns.",
    },
    Template {
        pattern: "{who} can't attack unless {cond}",
        make: |s| Some(vec![made_when(Rule::CantAttack(who(s)?, Whom::Anything), s, false)?]),
        cr: "508.1c",
        card: "Sea Serpent",
        text: "Sea Serpent can't attack unless defending player controls an Island.\nWhen you control no Islands, sacrifice Sea Serpent.",
    },
    Template {
        pattern: "{who} can't attack if {cond}",
        make: |s| Some(vec![made_when(Rule::CantAttack(who(s)?, Whom::Anything), s, true)?]),
        cr: "508.1c",
        card: "Mogg Jailer",
        text: "Mogg Jailer can't attack if defending player controls an untapped creature with power 2 or less.",
    },
    Template {
        // Players only: a planeswalker or battle may still be attacked (CR 508.1b).
        pattern: "{who} can't attack a player unless {cond}",
        make: |s| Some(vec![made_when(Rule::CantAttack(who(s)?, Whom::Players), s, false)?]),
        cr: "508.1c",
        card: "Arboria",
        text: "Creatures can't attack a player unless that player cast a spell or put a nontoken permanent onto the battlefield during their last turn.",
    },
    // ---- costs to attack (CR 508.1d, 508.1g-h)
    Template {
        pattern: "{who} can't attack unless its controller pays {cost}",
        make: |s| Some(vec![made(Rule::Tax(who(s)?, Whom::Anything, s.cost.clone()?))]),
        cr: "508.1g",
        card: "Brainwash",
        text: "Enchant creature\nEnchanted creature can't attack unless its controller pays {3}.",
    },
    Template {
        pattern: "{who} can't attack unless you pay {cost}",
        make: |s| Some(vec![made(Rule::Tax(who(s)?, Whom::Anything, s.cost.clone()?))]),
        cr: "508.1g",
        card: "Phyrexian Marauder",
        text: "Phyrexian Marauder enters with X +1/+1 counters on it.\nPhyrexian Marauder can't block.\nPhyrexian Marauder can't attack unless you pay {1} for each +1/+1 counter on it.",
    },
    Template {
        pattern: "{who} can't attack {whom} unless their controller pays {cost} for each creature they control that's attacking you",
        make: |s| Some(vec![made(Rule::Tax(who(s)?, s.whom?, s.cost.clone()?))]),
        cr: "508.1g",
        card: "Propaganda",
        text: "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
    },
    Template {
        pattern: "{who} can't attack {whom} unless their controller pays {cost} for each of those creatures",
        make: |s| Some(vec![made(Rule::Tax(who(s)?, s.whom?, s.cost.clone()?))]),
        cr: "508.1g",
        card: "Baird, Steward of Argive",
        text: "Vigilance\nCreatures can't attack you or planeswalkers you control unless their controller pays {1} for each of those creatures.",
    },
    Template {
        pattern: "{who} can't attack you unless their controller pays {cost} for each creature they control that's attacking you or a planeswalker you control",
        make: |s| Some(vec![made(Rule::Tax(who(s)?, Whom::YouOrYourPlaneswalkers, s.cost.clone()?))]),
        cr: "508.1g",
        card: "Norn's Annex",
        text: "({W/P} can be paid with either {W} or 2 life.)\nCreatures can't attack you unless their controller pays {W/P} for each creature they control that's attacking you or a planeswalker you control.",
    },
    Template {
        pattern: "{who} can't attack {whom} unless their controller pays {cost} for each creature they control that's attacking a planeswalker you control",
        make: |s| Some(vec![made(Rule::Tax(who(s)?, s.whom?, s.cost.clone()?))]),
        cr: "508.1g",
        card: "Onakke Oathkeeper",
        text: "Ward {1}\nCreatures can't attack planeswalkers you control unless their controller pays {1} for each creature they control that's attacking a planeswalker you control.",
    },
    Template {
        pattern: "{who} can't attack {whom} unless its controller pays {cost}",
        make: |s| Some(vec![made(Rule::Tax(who(s)?, s.whom?, s.cost.clone()?))]),
        cr: "508.1g",
        card: "Nils, Discipline Enforcer",
        text: "At the beginning of your end step, for each player, put a +1/+1 counter on up to one target creature that player controls.\nEach creature with one or more counters on it can't attack you or planeswalkers you control unless its controller pays {X}, where X is the number of counters on that creature.",
    },
    // ---- non-mana costs to attack (CR 508.1g): permanents given up
    Template {
        pattern: "{who} can't attack unless you sacrifice {class}",
        make: |s| Some(vec![made(Rule::GiveUp(who(s)?, Action::Sacrifice, 1, given_up(one_class(s))?))]),
        cr: "508.1g",
        card: "Exalted Dragon",
        text: "Flying\nExalted Dragon can't attack unless you sacrifice a land.",
    },
    Template {
        pattern: "{who} can't attack unless you sacrifice {n} {plural}",
        make: |s| Some(vec![made(Rule::GiveUp(who(s)?, Action::Sacrifice, s.n.filter(|n| *n >= 1)?, given_up(s.plural.clone())?))]),
        cr: "508.1g",
        card: "Leviathan",
        text: "Trample\nLeviathan enters tapped and doesn't untap during your untap step.\nAt the beginning of your upkeep, you may sacrifice two Islands. If you do, untap Leviathan.\nLeviathan can't attack unless you sacrifice two Islands.",
    },
    Template {
        pattern: "{who} can't attack unless you return {class} you control to its owner's hand",
        make: |s| Some(vec![made(Rule::GiveUp(who(s)?, Action::Return, 1, given_up(one_class(s))?))]),
        cr: "508.1g",
        card: "Floodtide Serpent",
        text: "Floodtide Serpent can't attack unless you return an enchantment you control to its owner's hand.",
    },
    // "for each green creature they control that's attacking": one land per such attacker.
    Template {
        pattern: "{who} can't attack unless their controller sacrifices {class} for each green creature they control that's attacking",
        make: |s| land_per_attacker(s, ManaType::G),
        cr: "508.1g",
        card: "Flooded Woodlands",
        text: "Green creatures can't attack unless their controller sacrifices a land for each green creature they control that's attacking.",
    },
    Template {
        pattern: "{who} can't attack unless their controller sacrifices {class} for each black creature they control that's attacking",
        make: |s| land_per_attacker(s, ManaType::B),
        cr: "508.1g",
        card: "Reclamation",
        text: "Black creatures can't attack unless their controller sacrifices a land for each black creature they control that's attacking.",
    },
    // ---- permissions (CR 302.6, 702.3b: "can attack as though")
    Template {
        pattern: "{who} can attack as though it|they had haste",
        make: |s| Some(vec![made(Rule::AsThough(who(s)?, AsThough::Haste))]),
        cr: "302.6",
        card: "Instill Energy",
        text: "Enchant creature\nEnchanted creature can attack as though it had haste.\n{0}: Untap enchanted creature. Activate only during your turn and only once each turn.",
    },
    Template {
        pattern: "{who} can attack as though it|they didn't have defender",
        make: |s| Some(vec![made(Rule::AsThough(who(s)?, AsThough::NoDefender))]),
        cr: "702.3b",
        card: "High Alert",
        text: "Each creature you control assigns combat damage equal to its toughness rather than its power.\nCreatures you control can attack as though they didn't have defender.\n{2}{W}{U}: Untap target creature.",
    },
    // ---- abilities that can't be activated: mana abilities too (CR 605.1a, 106.12)
    Template {
        pattern: "{who} can't attack, and its activated abilities can't be activated",
        make: |s| Some(vec![made(Rule::CantAttack(who(s)?, Whom::Anything)), made(Rule::NoManaAbilities(who(s)?))]),
        cr: "508.1c",
        card: "Arrest",
        text: "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated.",
    },
    Template {
        pattern: "{who} can't attack, and its|their activated abilities with {t} in their costs can't be activated",
        make: |s| Some(vec![made(Rule::CantAttack(who(s)?, Whom::Anything)), made(Rule::NoManaAbilities(who(s)?))]),
        cr: "508.1c",
        card: "Katabatic Winds",
        text: "Phasing\nCreatures with flying can't attack or block, and their activated abilities with {T} in their costs can't be activated.",
    },
    Template {
        // Mana abilities stay (CR 605.1a), and no other may be activated while attackers are
        // declared (CR 508.1g).
        pattern: "{who} can't attack, and its activated abilities can't be activated unless they're mana abilities",
        make: |s| Some(vec![made(Rule::CantAttack(who(s)?, Whom::Anything))]),
        cr: "508.1c",
        card: "Claustrophobia",
        text: "Enchant artifact or creature\nEnchanted permanent can't attack or block, and its activated abilities can't be activated unless they're mana abilities.",
    },
    Template {
        pattern: "enchanted permanent's activated abilities can't be activated unless they're mana abilities",
        make: |_| Some(vec![]),
        cr: "605.1a",
        card: "Faith's Fetters",
        text: "Enchanted permanent's activated abilities can't be activated unless they're mana abilities. If enchanted permanent is a creature, it can't attack or block.",
    },
    // ---- keywords and types granted (CR 702, 205.1b)
    Template {
        pattern: "{who} has|have {keyword}",
        make: |s| Some(vec![made(Rule::Grant(who(s)?, phrase::capitalized(s.keyword?)))]),
        cr: "702",
        card: "Goblin War Drums",
        text: "Creatures you control have haste.",
    },
    Template {
        pattern: "{who} has|have {mana}",
        make: |s| Some(vec![made(Rule::GrantMana(who(s)?, s.mana.clone()?))]),
        cr: "605.1a",
        card: "Utopia Vow",
        text: "Enchant creature\nEnchanted creature can't block.\nEnchanted creature has \"{T}: Add one mana of any color.\"",
    },
    Template {
        // A granted triggered or non-mana activated ability (written `"an ability"` by the
        // reader) does nothing while attackers are declared (CR 603, 508.1g).
        pattern: "{who} has|have \"an ability\"",
        make: |s| s.who.as_ref().map(|_| vec![]),
        cr: "603",
        card: "Take Flight",
        text: "Enchant creature\nEnchanted creature gets +1/+0 and has flying and \"Whenever this creature attacks, draw a card.\"",
    },
    Template {
        pattern: "{who} is|are a|an {subtype} in addition to its|their other types",
        make: |s| Some(vec![made(Rule::GrantSubtype(who(s)?, s.subtype.clone()?))]),
        cr: "205.1b",
        card: "Sigiled Sword of Valeron",
        text: "Equipped creature gets +2/+0, has vigilance, and is a Knight in addition to its other types.",
    },
    Template {
        pattern: "{who} is|are a|an {subtype} in addition to its|their other creature types",
        make: |s| Some(vec![made(Rule::GrantSubtype(who(s)?, s.subtype.clone()?))]),
        cr: "205.1b",
        card: "Aurification",
        text: "Each creature with a gold counter on it is a Wall in addition to its other creature types and has defender.",
    },
    Template {
        pattern: "{who} can't attack a player it has already attacked this turn",
        make: |s| Some(vec![made(Rule::CantAttackPlayersAttacked(who(s)?))]),
        cr: "508.1c",
        card: "Bloodthirster",
        text: "Flying, trample\nWhenever Bloodthirster deals combat damage to a player, untap it. After this combat phase, there is an additional combat phase.\nBloodthirster can't attack a player it has already attacked this turn.",
    },
    Template {
        pattern: "{who} can attack players who attacked you during their last turn as though it didn't have defender",
        make: |s| Some(vec![made(Rule::AsThoughAgainstLastTurnAttackers(who(s)?))]),
        cr: "702.3b",
        card: "Weathered Sentinels",
        text: "Defender, vigilance, reach, trample\nThis creature can attack players who attacked you during their last turn as though it didn't have defender.\nWhenever this creature attacks, it gets +3/+3 and gains indestructible until end of turn.",
    },
    Template {
        pattern: "{who} is a|an {subtype}",
        make: |s| Some(vec![made(Rule::SetSubtype(who(s)?, s.subtype.clone()?))]),
        cr: "205.1b",
        card: "Fog on the Barrow-Downs",
        text: "Enchant creature\nEnchanted creature is a Spirit and can't attack or block.",
    },
    Template {
        pattern: "{who} is goaded",
        make: |s| Some(vec![made(Rule::Goaded(who(s)?))]),
        cr: "701.15b",
        card: "Coercive Impetus",
        text: "Enchant creature\nEnchanted creature gets +1/+1 and is goaded.\nWhenever enchanted creature attacks, you draw a card.",
    },
    Template {
        pattern: "{who} is a|an legendary {subtype} in addition to its other types",
        make: |s| Some(vec![made(Rule::GrantSubtype(who(s)?, s.subtype.clone()?))]),
        cr: "205.1b",
        card: "Super-Soldier Serum",
        text: "Enchanted creature gets +2/+2, has first strike and vigilance, and is a legendary Soldier in addition to its other types.",
    },
    Template {
        pattern: "{who} can attack as though it|they had haste unless {cond}",
        make: |s| Some(vec![made_when(Rule::AsThough(who(s)?, AsThough::Haste), s, false)?]),
        cr: "302.6",
        card: "Chaos Lord",
        text: "First strike\nAt the beginning of your upkeep, target opponent gains control of Chaos Lord if the number of permanents is even.\nChaos Lord can attack as though it had haste unless it entered the battlefield this turn.",
    },
    Template {
        pattern: "each opponent who cast a spell this turn can't attack with creatures",
        make: |_| {
            let mut g = phrase::group("creatures your opponents control")?;
            g.class.qualities.push(Quality::ControllerCastThisTurn);
            Some(vec![made(Rule::CantAttack(Who::Group(g), Whom::Anything))])
        },
        cr: "508.1c",
        card: "Angelic Arbiter",
        text: "Flying\nEach opponent who cast a spell this turn can't attack with creatures.\nEach opponent who attacked with a creature this turn can't cast spells.",
    },
    Template {
        // An "as ~ enters" copy keeps the exception: the copy has haste (CR 707.9b).
        pattern: "you may have ~ enter the battlefield as a copy of any creature on the battlefield except it gains haste and dethrone",
        make: |_| Some(vec![made(Rule::Grant(Who::This, "Haste".into()))]),
        cr: "707.9b",
        card: "Dack's Duplicate",
        text: "You may have Dack's Duplicate enter the battlefield as a copy of any creature on the battlefield except it gains haste and dethrone.",
    },
    Template {
        pattern: "you may have ~ enter as a copy of any creature on the battlefield, except it has haste and dethrone",
        make: |_| Some(vec![made(Rule::Grant(Who::This, "Haste".into()))]),
        cr: "707.9b",
        card: "Dack's Duplicate",
        text: "You may have Dack's Duplicate enter as a copy of any creature on the battlefield, except it has haste and dethrone.",
    },
    // ---- a special action that ignores the effect before it (CR 116.2d): read with the
    // sentence before it (`read_line`), in force unless the board's `effect_ignored`
    Template {
        pattern: "its controller may {any} for that player to ignore this effect until end of turn",
        make: |_| Some(vec![made(Rule::Ignorable)]),
        cr: "116.2d",
        card: "Lost in Thought",
        text: "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated. Its controller may exile three cards from their graveyard for that player to ignore this effect until end of turn.",
    },
    Template {
        pattern: "that creature's controller may {any} for that player to ignore this effect until end of turn",
        make: |_| Some(vec![made(Rule::Ignorable)]),
        cr: "116.2d",
        card: "Volrath's Curse",
        text: "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated. That creature's controller may sacrifice a permanent for that player to ignore this effect until end of turn.\n{1}{U}: Return Volrath's Curse to its owner's hand.",
    },
    // ---- a choice made as it entered (CR 614.12): in force as the board's `chosen_modes` says
    Template {
        pattern: "as ~ enters the battlefield, it becomes your choice of a 3/3 artifact creature, a 2/2 artifact creature with flying, or a 1/6 wall artifact creature with defender in addition to its other types",
        make: |_| Some(primal_clay()),
        cr: "614.12",
        card: "Primal Clay",
        text: "As Primal Clay enters the battlefield, it becomes your choice of a 3/3 artifact creature, a 2/2 artifact creature with flying, or a 1/6 Wall artifact creature with defender in addition to its other types. (A creature with defender can't attack.)",
    },
    Template {
        pattern: "as ~ enters, it becomes your choice of a 3/3 artifact creature, a 2/2 artifact creature with flying, or a 1/6 wall artifact creature with defender in addition to its other types",
        make: |_| Some(primal_clay()),
        cr: "614.12",
        card: "Primal Clay",
        text: "As Primal Clay enters, it becomes your choice of a 3/3 artifact creature, a 2/2 artifact creature with flying, or a 1/6 Wall artifact creature with defender in addition to its other types. (A creature with defender can't attack.)",
    },
    // ---- types changed under a condition the board states (CR 205.1a, 305.7)
    Template {
        pattern: "he's a 7/7 dragon god creature with flying and indestructible",
        make: |_| {
            let becoming = Becoming {
                types: vec!["Creature".into()],
                subtypes: vec!["Dragon".into(), "God".into()],
                keywords: vec!["Flying".into(), "Indestructible".into()],
                power: 7,
                toughness: 7,
            };
            Some(vec![made(Rule::Becomes(Who::This, becoming))])
        },
        cr: "205.1a",
        card: "Grand Master of Flowers",
        text: "As long as Grand Master of Flowers has seven or more loyalty counters on him, he's a 7/7 Dragon God creature with flying and indestructible.\n+1: Target creature without first strike, double strike, or vigilance can't attack or block until your next turn.\n+1: Search your library and/or graveyard for a card named Monk of the Open Hand, reveal it, and put it into your hand. If you search your library this way, shuffle it.",
    },
    Template {
        pattern: "each land with a|an {kind} counter on it is every land type in addition to its other types",
        make: |s| Some(vec![made(Rule::EveryLandType(s.kind.clone()?))]),
        cr: "305.7",
        card: "Omo, Queen of Vesuva",
        text: "Whenever Omo enters or attacks, put an everything counter on each of up to one target land and up to one target creature.\nEach land with an everything counter on it is every land type in addition to its other types.\nEach nonland creature with an everything counter on it is every creature type.",
    },
    Template {
        pattern: "each nonland creature with a|an {kind} counter on it is every creature type",
        make: |s| Some(vec![made(Rule::EveryCreatureType(s.kind.clone()?))]),
        cr: "702.73a",
        card: "Omo, Queen of Vesuva",
        text: "Whenever Omo enters or attacks, put an everything counter on each of up to one target land and up to one target creature.\nEach land with an everything counter on it is every land type in addition to its other types.\nEach nonland creature with an everything counter on it is every creature type.",
    },
    // ---- keywords whose rules depend on how the permanent was cast
    Template {
        // CR 702.109a: "As long as this permanent's dash cost was paid, it has haste"; haste
        // matters only to a creature under summoning sickness, asked first.
        pattern: "dash {rest}",
        make: |_| Some(vec![paid_haste("dash")]),
        cr: "702.109a",
        card: "Mardu Strike Leader",
        text: "Whenever Mardu Strike Leader attacks, create a 2/1 black Warrior creature token.\nDash {3}{B} (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from the battlefield to its owner's hand at the beginning of the next end step.)",
    },
    Template {
        // CR 702.152a: blitz, likewise.
        pattern: "blitz {rest}",
        make: |_| Some(vec![paid_haste("blitz")]),
        cr: "702.152a",
        card: "Tenacious Underdog",
        text: "Blitz—{2}{B}{B}, Pay 2 life. (If you cast this spell for its blitz cost, it gains haste and \"When this creature dies, draw a card.\" Sacrifice it at the beginning of the next end step.)",
    },
    Template {
        // CR 702.176a: "As long as this permanent's impending cost was paid and it has a time
        // counter on it, it's not a creature": it can't attack (CR 508.1a).
        pattern: "impending {rest}",
        make: |_| {
            let when = vec![
                When { cond: Cond::Is(Subject::Itself, vec![Quality::Counters(Some("time".into()), 1)]), holds: true, template: "impending" },
                When { cond: Cond::Paid("impending".into()), holds: true, template: "impending" },
            ];
            Some(vec![Made { rule: Rule::CantAttack(Who::This, Whom::Anything), when }])
        },
        cr: "702.176a",
        card: "Overlord of the Balemurk",
        text: "Impending 5—{1}{B}\nWhenever this enchantment enters or attacks, mill four cards, then you may return a non-Avatar creature card or a planeswalker card from your graveyard to your hand.",
    },
    Template {
        // CR 702.103b: bestowed, it is an Aura attached to a creature, not a creature: a
        // permanent with bestow that the board attaches to another can't attack.
        pattern: "bestow {rest}",
        make: |_| {
            let when = vec![When { cond: Cond::Is(Subject::Itself, vec![Quality::AttachedToAPermanent]), holds: true, template: "bestow" }];
            Some(vec![Made { rule: Rule::CantAttack(Who::This, Whom::Anything), when }])
        },
        cr: "702.103b",
        card: "Mogis's Warhound",
        text: "Bestow {2}{R} (If you cast this card for its bestow cost, it's an Aura spell with enchant creature. It becomes a creature again if it's not attached to a creature.)\nEnchanted creature gets +2/+2 and attacks each combat if able.",
    },
    Template {
        pattern: "if ~ was kicked, it enters the battlefield with a +1/+1 counter on it and with \"~ can attack as though it didn't have defender.\"",
        make: |_| {
            let when = vec![When { cond: Cond::Paid("kicker".into()), holds: true, template: "kicked" }];
            Some(vec![Made { rule: Rule::AsThough(Who::This, AsThough::NoDefender), when }])
        },
        cr: "702.33d",
        card: "Prison Barricade",
        text: "Defender\nKicker {1}{W}\nIf Prison Barricade was kicked, it enters the battlefield with a +1/+1 counter on it and with \"Prison Barricade can attack as though it didn't have defender.\"",
    },
    // ---- declaring blockers (CR 509.1): rules that only a board with combat asks about
    Template {
        pattern: "{who} can't block",
        make: |s| Some(vec![made(Rule::CantBlock(s.who.clone()?))]),
        cr: "509.1b",
        card: "Goblin Raider",
        text: "Goblin Raider can't block.",
    },
    Template {
        pattern: "{who} can't block alone",
        make: |s| Some(vec![made(Rule::CantBlockAlone(s.who.clone()?, 1))]),
        cr: "509.1b",
        card: "Mogg Flunkies",
        text: "Mogg Flunkies can't attack or block alone.",
    },
    Template {
        pattern: "{who} can't block unless at least {n} other creatures block",
        make: |s| Some(vec![made(Rule::CantBlockAlone(s.who.clone()?, s.n.filter(|&n| n >= 1)?))]),
        cr: "509.1b",
        card: "Orcish Conscripts",
        text: "Orcish Conscripts can't attack unless at least two other creatures attack.\nOrcish Conscripts can't block unless at least two other creatures block.",
    },
    Template {
        pattern: "no more than {n} creature(s) can block each combat",
        make: |s| Some(vec![made(Rule::MaxBlockers(s.n?))]),
        cr: "509.1b",
        card: "Silent Arbiter",
        text: "No more than one creature can attack each combat.\nNo more than one creature can block each combat.",
    },
    Template {
        pattern: "{who} can't block {plural}",
        make: |s| Some(vec![made(Rule::CantBlockClass(s.who.clone()?, s.plural.clone()?))]),
        cr: "509.1b",
        card: "Zurgo Bellstriker",
        text: "Zurgo Bellstriker can't block creatures with power 2 or greater.\nDash {1}{R}",
    },
    Template {
        pattern: "{who} can block only {plural}",
        make: |s| Some(vec![made(Rule::CanBlockOnly(s.who.clone()?, s.plural.clone()?))]),
        cr: "509.1b",
        card: "Brazen Borrower",
        text: "Flash\nFlying\nBrazen Borrower can block only creatures with flying.",
    },
    Template {
        pattern: "{who} block(s) each combat if able",
        make: |s| Some(vec![made(Rule::BlocksIfAble(s.who.clone()?))]),
        cr: "509.1c",
        card: "Grand Melee",
        text: "All creatures attack each combat if able.\nAll creatures block each combat if able.",
    },
    Template {
        pattern: "{who} can block an additional creature each combat",
        make: |s| Some(vec![made(Rule::CanBlockAdditional(s.who.clone()?, 1))]),
        cr: "509.1a",
        card: "Two-Headed Dragon",
        text: "Flying\nMenace\nTwo-Headed Dragon can block an additional creature each combat.\n{1}{R}: Two-Headed Dragon gets +1/+0 until end of turn.",
    },
    Template {
        pattern: "{who} can block any number of creatures",
        make: |s| Some(vec![made(Rule::CanBlockAnyNumber(s.who.clone()?))]),
        cr: "509.1a",
        card: "Palace Guard",
        text: "Palace Guard can block any number of creatures.",
    },
    Template {
        pattern: "{who} can't be blocked",
        make: |s| Some(vec![made(Rule::CantBeBlocked(s.who.clone()?))]),
        cr: "509.1b",
        card: "Phantom Warrior",
        text: "Phantom Warrior can't be blocked.",
    },
    Template {
        pattern: "{who} can't be blocked except by {n} or more creatures",
        make: |s| Some(vec![made(Rule::CantBeBlockedExceptBy(s.who.clone()?, s.n.filter(|&n| n >= 1)?))]),
        cr: "509.1b",
        card: "Pathrazer of Ulamog",
        text: "Annihilator 3 (Whenever this creature attacks, defending player sacrifices three permanents.)\nPathrazer of Ulamog can't be blocked except by three or more creatures.",
    },
    Template {
        pattern: "{who} can't be blocked by more than {n} creature(s)",
        make: |s| Some(vec![made(Rule::CantBeBlockedByMoreThan(s.who.clone()?, s.n?))]),
        cr: "509.1b",
        card: "Stalking Tiger",
        text: "Stalking Tiger can't be blocked by more than one creature.",
    },
    Template {
        pattern: "{who} can't be blocked by {plural}",
        make: |s| Some(vec![made(Rule::CantBeBlockedBy(s.who.clone()?, s.plural.clone()?))]),
        cr: "509.1b",
        card: "Juggernaut",
        text: "Juggernaut attacks each combat if able.\nJuggernaut can't be blocked by Walls.",
    },
    Template {
        pattern: "{who} can't be blocked unless all creatures defending player controls block it",
        make: |s| Some(vec![made(Rule::MustBeBlockedByAll(s.who.clone()?))]),
        cr: "509.1b",
        card: "Tromokratis",
        text: "Tromokratis has hexproof unless it's attacking or blocking.\nTromokratis can't be blocked unless all creatures defending player controls block it. (If any creature that player controls doesn't block this creature, it can't be blocked.)",
    },
    Template {
        pattern: "{who} must be blocked if able",
        make: |s| Some(vec![made(Rule::MustBeBlockedIfAble(s.who.clone()?))]),
        cr: "509.1c",
        card: "Gaea's Protector",
        text: "Gaea's Protector must be blocked if able.",
    },
    Template {
        pattern: "{who} must be blocked by exactly one creature if able",
        make: |s| Some(vec![made(Rule::MustBeBlockedByExactlyOne(s.who.clone()?))]),
        cr: "509.1c",
        card: "Nacatl War-Pride",
        text: "Nacatl War-Pride must be blocked by exactly one creature if able.\nWhenever Nacatl War-Pride attacks, create X tokens that are copies of Nacatl War-Pride that are tapped and attacking, where X is the number of creatures defending player controls. Exile the tokens at the beginning of the next end step.",
    },
    Template {
        pattern: "{who} can't block unless its controller pays {cost}",
        make: |s| Some(vec![made(Rule::BlockTax(s.who.clone()?, s.cost.clone()?))]),
        cr: "509.1d",
        card: "Cowed by Wisdom",
        text: "Enchant creature\nEnchanted creature can't attack or block unless its controller pays {1} for each card in your hand.",
    },
    Template {
        pattern: "{who} can't block unless their controller pays {cost} for each of those creatures",
        make: |s| Some(vec![made(Rule::BlockTax(s.who.clone()?, s.cost.clone()?))]),
        cr: "509.1d",
        card: "Archangel of Tithes",
        text: "Flying\nAs long as Archangel of Tithes is untapped, creatures can't attack you or planeswalkers you control unless their controller pays {1} for each of those creatures.\nAs long as Archangel of Tithes is attacking, creatures can't block unless their controller pays {1} for each of those creatures.",
    },
    Template {
        // After the costs' rows: a payment is no condition.
        pattern: "{who} can't block unless {cond}",
        make: |s| Some(vec![made_when(Rule::CantBlock(s.who.clone()?), s, false)?]),
        cr: "509.1b",
        card: "Goblin Goon",
        text: "Goblin Goon can't attack unless you control more creatures than defending player.\nGoblin Goon can't block unless you control more creatures than attacking player.",
    },
    Template {
        pattern: "all creatures able to block {who} do so",
        make: |s| Some(vec![made(Rule::Lure(s.who.clone()?))]),
        cr: "509.1c",
        card: "Lure",
        text: "Enchant creature\nAll creatures able to block enchanted creature do so.",
    },
    // ---- parts that change nothing in a declaration: power (the board's power is as it
    // stands), combat damage, targeting and sacrifice
    Template {
        pattern: "{who} assign(s) combat damage {any}",
        make: |s| s.who.as_ref().map(|_| vec![]),
        cr: "510.1",
        card: "Arcades, the Strategist",
        text: "Flying, vigilance\nWhenever a creature with defender enters the battlefield under your control, draw a card.\nEach creature you control with defender assigns combat damage equal to its toughness rather than its power and can attack as though it didn't have defender.",
    },
    Template {
        pattern: "{who} get(s) {pt}",
        make: |s| s.who.as_ref().map(|_| vec![]),
        cr: "508.1",
        card: "Sightless Brawler",
        text: "Bestow {4}{W}\nVigilance\nSightless Brawler can't attack alone.\nEnchanted creature gets +3/+2 and can't attack alone.",
    },
    Template {
        pattern: "{who} can't be sacrificed",
        make: |s| s.who.as_ref().map(|_| vec![]),
        cr: "508.1g",
        card: "Assault Suit",
        text: "Equipped creature gets +2/+2, has haste, can't attack you or planeswalkers you control, and can't be sacrificed.",
    },
    Template {
        pattern: "{who} can't be the target of {any}",
        make: |s| s.who.as_ref().map(|_| vec![]),
        cr: "115.1",
        card: "Lurker",
        text: "Lurker can't be the target of spells unless it attacked or blocked this turn.",
    },
    Template {
        // A keyword that does not decide attacks, whatever its condition (Tromokratis's hexproof).
        pattern: "{who} has|have {inert} unless {any}",
        make: |s| s.who.as_ref().map(|_| vec![]),
        cr: "702",
        card: "Tromokratis",
        text: "Tromokratis has hexproof unless it's attacking or blocking.",
    },
];

/// `{cond}`: the conditions templates and "as long as" name.
pub struct CondTemplate {
    /// The pattern.
    pub pattern: &'static str,
    /// What it makes.
    pub make: fn(&Slots) -> Option<Cond>,
    /// A real card whose text names it.
    pub card: &'static str,
    /// The card's text.
    pub text: &'static str,
}

/// The conditions.
pub static CONDITIONS: &[CondTemplate] = &[
    // ---- on the defending player: decided per target (CR 508.5, 802.2a)
    CondTemplate {
        pattern: "defending player controls {class}",
        make: |s| Some(Cond::DefenderControls(s.class.clone()?)),
        card: "Whimwader",
        text: "Whimwader can't attack unless defending player controls a blue permanent.",
    },
    CondTemplate {
        pattern: "defending player is poisoned",
        make: |_| Some(Cond::DefenderPoisoned),
        card: "Chained Throatseeker",
        text: "Infect\nChained Throatseeker can't attack unless defending player is poisoned.",
    },
    CondTemplate {
        pattern: "defending player is the monarch",
        make: |_| Some(Cond::DefenderMonarch),
        card: "Crown-Hunter Hireling",
        text: "When Crown-Hunter Hireling enters, you become the monarch.\nCrown-Hunter Hireling can't attack unless defending player is the monarch.",
    },
    CondTemplate {
        pattern: "you control more {plural} than defending player",
        make: |s| Some(Cond::MoreThanDefender(s.plural.clone()?)),
        card: "Goblin Goon",
        text: "Goblin Goon can't attack unless you control more creatures than defending player.\nGoblin Goon can't block unless you control more creatures than attacking player.",
    },
    CondTemplate {
        pattern: "you control more {plural} than attacking player",
        make: |s| Some(Cond::MoreThanAttacker(s.plural.clone()?)),
        card: "Goblin Goon",
        text: "Goblin Goon can't attack unless you control more creatures than defending player.\nGoblin Goon can't block unless you control more creatures than attacking player.",
    },
    CondTemplate {
        pattern: "that player cast a spell or put a nontoken permanent onto the battlefield during their last turn",
        make: |_| Some(Cond::DefenderCastOrPutLastTurn),
        card: "Arboria",
        text: "Creatures can't attack a player unless that player cast a spell or put a nontoken permanent onto the battlefield during their last turn.",
    },
    // ---- on the board as it stands
    CondTemplate {
        pattern: "you control {class}",
        make: |s| Some(Cond::YouControl(s.class.clone()?, 1)),
        card: "War Falcon",
        text: "Flying\nWar Falcon can't attack unless you control a Knight or a Soldier.",
    },
    CondTemplate {
        pattern: "you control at least {n} other {plural}",
        make: |s| Some(Cond::YouControl(vec![Class { other: true, ..s.plural.clone()? }], s.n?)),
        card: "Oketra the True",
        text: "Indestructible\nOketra the True can't attack or block unless you control at least three other creatures.",
    },
    CondTemplate {
        pattern: "you control {n} or more {plural}",
        make: |s| Some(Cond::YouControl(vec![s.plural.clone()?], s.n?)),
        card: "Spire Serpent",
        text: "Defender\nMetalcraft — As long as you control three or more artifacts, Spire Serpent gets +2/+2 and can attack as though it didn't have defender.",
    },
    CondTemplate {
        pattern: "there is {class} on the battlefield",
        make: |s| Some(Cond::OnBattlefield(s.class.clone()?, 1)),
        card: "Glacial Crasher",
        text: "Trample\nGlacial Crasher can't attack unless there is a Mountain on the battlefield.",
    },
    CondTemplate {
        pattern: "{class} is on the battlefield",
        make: |s| Some(Cond::OnBattlefield(s.class.clone()?, 1)),
        card: "Wirecat",
        text: "Wirecat can't attack or block if an enchantment is on the battlefield.",
    },
    CondTemplate {
        pattern: "there are {n} or more {plural} on the battlefield",
        make: |s| Some(Cond::OnBattlefield(vec![s.plural.clone()?], s.n?)),
        card: "Harbor Serpent",
        text: "Islandwalk\nHarbor Serpent can't attack unless there are five or more Islands on the battlefield.",
    },
    CondTemplate {
        pattern: "you have {n} or fewer cards in hand",
        make: |s| Some(Cond::HandAtMost(s.n?)),
        card: "Hazoret the Fervent",
        text: "Indestructible, haste\nHazoret the Fervent can't attack or block unless you have one or fewer cards in hand.\n{2}{R}, Discard a card: Hazoret the Fervent deals 2 damage to each opponent.",
    },
    CondTemplate {
        pattern: "you have no cards in hand",
        make: |_| Some(Cond::HandAtMost(0)),
        card: "Slithering Shade",
        text: "Defender\nHellbent — Slithering Shade can attack as though it didn't have defender as long as you have no cards in hand.",
    },
    CondTemplate {
        pattern: "you have {n} or more cards in hand",
        make: |s| Some(Cond::HandAtLeast(s.n?)),
        card: "Kefnet the Mindful",
        text: "Flying, indestructible\nKefnet the Mindful can't attack or block unless you have seven or more cards in hand.",
    },
    CondTemplate {
        pattern: "a player has no cards in hand",
        make: |_| Some(Cond::SomeHandEmpty),
        card: "Lupine Prototype",
        text: "Lupine Prototype can't attack or block unless a player has no cards in hand.",
    },
    // ---- facts the board states in fields (docs/format.md "Facts about the turn")
    CondTemplate {
        pattern: "there are {n} or more cards in your graveyard",
        make: |s| Some(Cond::GraveyardAtLeast(s.n?)),
        card: "Deep-Sea Terror",
        text: "Deep-Sea Terror can't attack unless there are seven or more cards in your graveyard.",
    },
    CondTemplate {
        pattern: "{n} or more cards are in your graveyard",
        make: |s| Some(Cond::GraveyardAtLeast(s.n?)),
        card: "Otarian Juggernaut",
        text: "Otarian Juggernaut can't be blocked by Walls.\nThreshold — As long as seven or more cards are in your graveyard, Otarian Juggernaut gets +3/+0 and attacks each combat if able.",
    },
    CondTemplate {
        pattern: "there are {n} or more card types among cards in your graveyard",
        make: |s| Some(Cond::GraveyardTypesAtLeast(s.n?)),
        card: "Geist of the Lonely Vigil",
        text: "Defender, flying\nDelirium — Geist of the Lonely Vigil can attack as though it didn't have defender as long as there are four or more card types among cards in your graveyard.",
    },
    CondTemplate {
        pattern: "you've cast a creature spell this turn",
        make: |_| Some(Cond::CastThisTurn(Spell::Creature)),
        card: "Goblin Cohort",
        text: "Goblin Cohort can't attack unless you've cast a creature spell this turn.",
    },
    CondTemplate {
        pattern: "you've cast a noncreature spell this turn",
        make: |_| Some(Cond::CastThisTurn(Spell::Noncreature)),
        card: "Silburlind Snapper",
        text: "Silburlind Snapper can't attack unless you've cast a noncreature spell this turn.",
    },
    CondTemplate {
        pattern: "you've cast an instant or sorcery spell this turn",
        make: |_| Some(Cond::CastThisTurn(Spell::InstantOrSorcery)),
        card: "Piston-Fist Cyclops",
        text: "Defender\nAs long as you've cast an instant or sorcery spell this turn, Piston-Fist Cyclops can attack as though it didn't have defender.",
    },
    CondTemplate {
        pattern: "you have the city's blessing",
        make: |_| Some(Cond::CityBlessing),
        card: "Wayward Swordtooth",
        text: "Ascend\nYou may play an additional land on each of your turns.\nWayward Swordtooth can't attack or block unless you have the city's blessing.",
    },
    CondTemplate {
        pattern: "you have max speed",
        make: |_| Some(Cond::MaxSpeed),
        card: "Hazoret, Godseeker",
        text: "Indestructible, haste\nStart your engines!\n{1}, {T}: Target creature with power 2 or less can't be blocked this turn.\nHazoret can't attack or block unless you have max speed.",
    },
    CondTemplate {
        pattern: "an opponent has {n} or more cards in their graveyard",
        make: |s| Some(Cond::OpponentGraveyardAtLeast(s.n?)),
        card: "Relic Golem",
        text: "Relic Golem can't attack or block unless an opponent has eight or more cards in their graveyard.\n{2}, {T}: Target player mills two cards.",
    },
    CondTemplate {
        pattern: "there is a|an {word} card in your graveyard",
        make: |s| Some(Cond::GraveyardSubtypeAtLeast(s.subtype.clone()?, 1)),
        card: "Platypus-Bear",
        text: "Defender\nWhen this creature enters, mill two cards.\nAs long as there is a Lesson card in your graveyard, this creature can attack as though it didn't have defender.",
    },
    CondTemplate {
        pattern: "there are {n} or more {word} cards in your graveyard",
        make: |s| Some(Cond::GraveyardSubtypeAtLeast(s.subtype.clone()?, s.n?)),
        card: "The Lion-Turtle",
        text: "Vigilance, reach\nThe Lion-Turtle can't attack or block unless there are three or more Lesson cards in your graveyard.",
    },
    CondTemplate {
        pattern: "an opponent has been dealt damage this turn",
        make: |_| Some(Cond::OpponentDamagedThisTurn),
        card: "Bloodcrazed Goblin",
        text: "Bloodcrazed Goblin can't attack unless an opponent has been dealt damage this turn.",
    },
    CondTemplate {
        pattern: "a creature died under your control this turn",
        make: |_| Some(Cond::CreatureDiedThisTurn),
        card: "Bontu the Glorified",
        text: "Menace, indestructible\nBontu the Glorified can't attack or block unless a creature died under your control this turn.",
    },
    // ---- on the permanent itself
    CondTemplate {
        pattern: "~ is untapped",
        make: |_| Some(Cond::Is(Subject::Itself, vec![Quality::Untapped])),
        card: "Archangel of Tithes",
        text: "Flying\nAs long as Archangel of Tithes is untapped, creatures can't attack you or planeswalkers you control unless their controller pays {1} for each of those creatures.\nAs long as Archangel of Tithes is attacking, creatures can't block unless their controller pays {1} for each of those creatures.",
    },
    CondTemplate {
        pattern: "~ is attacking",
        make: |_| Some(Cond::Attacking),
        card: "Archangel of Tithes",
        text: "Flying\nAs long as Archangel of Tithes is untapped, creatures can't attack you or planeswalkers you control unless their controller pays {1} for each of those creatures.\nAs long as Archangel of Tithes is attacking, creatures can't block unless their controller pays {1} for each of those creatures.",
    },
    CondTemplate {
        pattern: "~ is tapped",
        make: |_| Some(Cond::Is(Subject::Itself, vec![Quality::Tapped])),
        card: "Mirri, Weatherlight Duelist",
        text: "First strike\nWhenever Mirri, Weatherlight Duelist attacks, each opponent can't block with more than one creature this combat.\nAs long as Mirri, Weatherlight Duelist is tapped, no more than one creature can attack you each combat.",
    },
    CondTemplate {
        pattern: "it's equipped",
        make: |_| Some(Cond::Is(Subject::It, vec![Quality::Equipped])),
        card: "Training Drone",
        text: "Training Drone can't attack or block unless it's equipped.",
    },
    CondTemplate {
        pattern: "~ is enchanted",
        make: |_| Some(Cond::Is(Subject::Itself, vec![Quality::Enchanted])),
        card: "Pillar of War",
        text: "Defender\nAs long as Pillar of War is enchanted, it can attack as though it didn't have defender.",
    },
    CondTemplate {
        pattern: "~ is enchanted or equipped",
        make: |_| Some(Cond::Is(Subject::Itself, vec![Quality::Enchanted, Quality::Equipped])),
        card: "Novice Knight",
        text: "Defender\nAs long as Novice Knight is enchanted or equipped, it can attack as though it didn't have defender.",
    },
    CondTemplate {
        pattern: "~ has a {kind} counter on it",
        make: |s| Some(Cond::Is(Subject::Itself, vec![Quality::Counters(Some(s.kind.clone()?), 1)])),
        card: "Scuttlegator",
        text: "Defender\nAdapt 3\nAs long as Scuttlegator has a +1/+1 counter on it, it can attack as though it didn't have defender.",
    },
    CondTemplate {
        pattern: "~ has {n} or more {kind} counters on it",
        make: |s| Some(Cond::Is(Subject::Itself, vec![Quality::Counters(Some(s.kind.clone()?), s.n?)])),
        card: "Thoughtbound Phantasm",
        text: "Defender\nWhenever you scry, put a +1/+1 counter on Thoughtbound Phantasm.\nAs long as Thoughtbound Phantasm has three or more +1/+1 counters on it, it can attack as though it didn't have defender.",
    },
    CondTemplate {
        pattern: "it has {n} or more {kind} counters on it",
        make: |s| Some(Cond::Is(Subject::It, vec![Quality::Counters(Some(s.kind.clone()?), s.n?)])),
        card: "Slumbering Dragon",
        text: "Flying\nSlumbering Dragon can't attack or block unless it has five or more +1/+1 counters on it.\nWhenever a creature attacks you or a planeswalker you control, put a +1/+1 counter on Slumbering Dragon.",
    },
    CondTemplate {
        pattern: "~ has {n} or more {kind} counters on him|her",
        make: |s| Some(Cond::Is(Subject::Itself, vec![Quality::Counters(Some(s.kind.clone()?), s.n?)])),
        card: "Grand Master of Flowers",
        text: "As long as Grand Master of Flowers has seven or more loyalty counters on him, he's a 7/7 Dragon God creature with flying and indestructible.",
    },
    CondTemplate {
        pattern: "it's paired with a creature with soulbond",
        make: |_| Some(Cond::Is(Subject::It, vec![Quality::PairedWithSoulbond])),
        card: "Flowering Lumberknot",
        text: "Flowering Lumberknot can't attack or block unless it's paired with a creature with soulbond.",
    },
    CondTemplate {
        pattern: "it entered the battlefield this turn",
        make: |_| Some(Cond::Is(Subject::It, vec![Quality::EnteredThisTurn])),
        card: "Chaos Lord",
        text: "Chaos Lord can attack as though it had haste unless it entered the battlefield this turn.",
    },
    CondTemplate {
        pattern: "~ is monstrous",
        make: |_| Some(Cond::Is(Subject::Itself, vec![Quality::Monstrous])),
        card: "Colossus of Akros",
        text: "Defender, indestructible\n{10}: Monstrosity 10.\nAs long as Colossus of Akros is monstrous, it has trample and can attack as though it didn't have defender.",
    },
    CondTemplate {
        pattern: "it attacked during your last turn",
        make: |_| Some(Cond::Is(Subject::It, vec![Quality::AttackedLastTurn])),
        card: "Giant Turtle",
        text: "Giant Turtle can't attack if it attacked during your last turn.",
    },
    CondTemplate {
        pattern: "it's a|an {subtype}",
        make: |s| Some(Cond::Is(Subject::It, vec![Quality::Subtype(vec![s.subtype.clone()?])])),
        card: "Bonds of Faith",
        text: "Enchant creature\nEnchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack or block.",
    },
    CondTemplate {
        pattern: "equipped creature has {keyword}",
        make: |s| Some(Cond::AttachedHas(s.keyword?.to_string())),
        card: "Warmonger's Chariot",
        text: "Equipped creature gets +2/+2.\nAs long as equipped creature has defender, it can attack as though it didn't have defender.\nEquip {3}",
    },
];

/// A rule of a trigger "at the beginning of combat on your turn": only on its controller's turn.
fn your_turn(rule: Rule) -> Made {
    Made { rule, when: vec![When { cond: Cond::YourTurn, holds: true, template: "at the beginning of combat on your turn" }] }
}

/// Primal Clay's choice as it entered, numbered as written: 1, a 3/3 (nothing that matters
/// here); 2, flying; 3, a Wall with defender.
fn primal_clay() -> Vec<Made> {
    let chosen = |n: u32, rule: Rule| Made { rule, when: vec![When { cond: Cond::ChosenMode(n), holds: true, template: "your choice of" }] };
    vec![
        chosen(2, Rule::Grant(Who::This, "Flying".into())),
        chosen(3, Rule::Grant(Who::This, "Defender".into())),
        chosen(3, Rule::GrantSubtype(Who::This, "Wall".into())),
    ]
}

/// "Has haste while its `keyword` cost was paid", asked only of a creature under summoning
/// sickness (where haste decides an attack).
fn paid_haste(keyword: &str) -> Made {
    let when = vec![
        When { cond: Cond::Is(Subject::Itself, vec![Quality::SummoningSick]), holds: true, template: keyword_template(keyword) },
        When { cond: Cond::Paid(keyword.into()), holds: true, template: keyword_template(keyword) },
    ];
    Made { rule: Rule::Grant(Who::This, "Haste".into()), when }
}

fn keyword_template(keyword: &str) -> &'static str {
    match keyword {
        "dash" => "dash",
        _ => "blitz",
    }
}

/// A creature, any.
fn creature_class() -> Class {
    Class { types: vec!["Creature".into()], qualities: vec![], other: false }
}

// ------------------------------------------------------------------ matching

/// One token of a pattern.
enum Tok<'a> {
    /// A word, or alternatives (`attack(s)`, `it|they`).
    Word(Vec<String>),
    /// A slot, by name.
    Slot(&'a str),
}

fn tokens(pattern: &str) -> Vec<Tok<'_>> {
    pattern
        .split(' ')
        .map(|w| {
            if let Some(name) = w.strip_prefix('{').and_then(|x| x.strip_suffix('}')).filter(|n| n.chars().all(|c| c.is_ascii_lowercase())) {
                // `{t}` is the tap symbol, a word.
                if name != "t" {
                    return Tok::Slot(name);
                }
            }
            let alts: Vec<String> = w
                .split('|')
                .flat_map(|a| match a.strip_suffix("(s)") {
                    Some(stem) => vec![stem.to_string(), format!("{stem}s")],
                    None => vec![a.to_string()],
                })
                .collect();
            Tok::Word(alts)
        })
        .collect()
}

/// Match a pattern against a sentence's words, filling slots.
fn matches(toks: &[Tok], words: &[&str], ctx: &Context, slots: &mut Slots) -> bool {
    let Some((first, rest)) = toks.split_first() else { return words.is_empty() };
    match first {
        Tok::Word(alts) => words.first().is_some_and(|w| alts.iter().any(|a| a == w)) && matches(rest, &words[1..], ctx, slots),
        Tok::Slot(name) => {
            // A slot takes at least one word and at most what its phrases can be; leave at
            // least one word per word-token after it.
            let needed = rest.iter().filter(|t| matches!(t, Tok::Word(_))).count();
            let most = words.len().saturating_sub(needed).min(slot_words(name));
            for take in 1..=most {
                let text = words[..take].join(" ");
                let saved = slots.clone();
                if fill(name, &text, ctx, slots) && matches(rest, &words[take..], ctx, slots) {
                    return true;
                }
                *slots = saved;
            }
            false
        }
    }
}

/// The most words a slot's phrase can have: the longest subject, condition or cost any card
/// writes, with room to spare. It bounds the matcher's work, which is then linear in a
/// sentence's words (issue 36, R07: a 5,000-word sentence was tried prefix by prefix).
fn slot_words(name: &str) -> usize {
    match name {
        "n" | "kind" | "word" | "pt" | "keyword" | "inert" => 2,
        "whom" | "subtype" => 6,
        "plural" | "cost" => 12,
        "who" | "class" => 20,
        "cond" | "mana" => 30,
        "adds" => 6,
        "any" => 40,
        _ => usize::MAX,
    }
}

/// Parse one slot's text into `slots`; false when it is not understood.
fn fill(name: &str, text: &str, ctx: &Context, slots: &mut Slots) -> bool {
    match name {
        "who" => slots.who = phrase::who(text),
        "whom" => slots.whom = phrase::whom(text),
        "n" => slots.n = phrase::number(text),
        "cost" => slots.cost = phrase::cost(text, ctx.x.as_ref()),
        "cond" => slots.cond = condition(text, ctx),
        "class" => slots.class = phrase::classes_a(text),
        "plural" => slots.plural = phrase::plural_class(text),
        "keyword" => slots.keyword = super::keyword_name(text),
        "kind" => slots.kind = (!text.contains(' ')).then(|| text.to_string()),
        "subtype" => slots.subtype = phrase::classes_a(&format!("a {text}")).and_then(|c| single_subtype(&c)),
        "pt" => return power_change(text),
        // One word, a subtype a class does not name ("Lesson"): title case.
        "word" => {
            slots.subtype = (!text.is_empty() && text.chars().all(|c| c.is_alphabetic())).then(|| phrase::title(text));
            return slots.subtype.is_some();
        }
        "adds" => {
            slots.adds = mana_made(text);
            return slots.adds.is_some();
        }
        "mana" => {
            let quoted = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).map(|t| t.trim_end_matches('.'));
            slots.mana = quoted.and_then(super::mana_ability);
            return slots.mana.is_some();
        }
        "inert" => return super::keyword_name(text).is_some_and(|k| !super::ATTACK_KEYWORDS.iter().any(|(a, _)| *a == k)),
        // Anything at all, to the end (a keyword's cost: "blitz {2}{b}{b}, pay 2 life").
        "rest" => return true,
        // Anything within one clause: no "and", no comma, no period (a conjunction's parts and
        // a line's sentences are never swallowed).
        "any" => return text.split(' ').all(|w| w != "and" && !w.ends_with(',') && !w.ends_with('.')),
        _ => return false,
    }
    match name {
        "who" => slots.who.is_some(),
        "whom" => slots.whom.is_some(),
        "n" => slots.n.is_some(),
        "cost" => slots.cost.is_some(),
        "cond" => slots.cond.is_some(),
        "class" => slots.class.is_some(),
        "plural" => slots.plural.is_some(),
        "keyword" => slots.keyword.is_some(),
        "kind" => slots.kind.is_some(),
        _ => slots.subtype.is_some(),
    }
}

/// "+2/+2", "-1/-0", "+x/+0".
fn power_change(text: &str) -> bool {
    let part = |p: &str| p.starts_with(['+', '-']) && (p[1..] == *"x" || (!p[1..].is_empty() && p[1..].chars().all(|c| c.is_ascii_digit())));
    !text.contains(' ') && text.split_once('/').is_some_and(|(a, b)| part(a) && part(b))
}

/// "a Knight" as one subtype.
fn single_subtype(c: &[Class]) -> Option<String> {
    match c {
        [one] if one.types.is_empty() && !one.other => match one.qualities.as_slice() {
            [Quality::Subtype(t)] if t.len() == 1 => Some(t[0].clone()),
            _ => None,
        },
        _ => None,
    }
}

/// The tokens of every row of a table, made once per process.
fn tokenized<T>(
    table: &'static [T],
    pattern: fn(&T) -> &'static str,
    cache: &'static OnceLock<Vec<Vec<Tok<'static>>>>,
) -> &'static [Vec<Tok<'static>>] {
    cache.get_or_init(|| table.iter().map(|row| tokens(pattern(row))).collect())
}

/// Whether every word of a pattern (one of its alternatives) is among the sentence's words: a
/// check in constant time per word that spares the matcher nearly every row.
fn may_match(toks: &[Tok], present: &HashSet<&str>) -> bool {
    toks.iter().all(|t| match t {
        Tok::Word(alts) => alts.iter().any(|a| present.contains(a.as_str())),
        Tok::Slot(_) => true,
    })
}

/// A condition's text, read by the first row of [`CONDITIONS`] that matches it, with that
/// row's pattern.
pub fn condition(text: &str, ctx: &Context) -> Option<(Cond, &'static str)> {
    static TOKENS: OnceLock<Vec<Vec<Tok<'static>>>> = OnceLock::new();
    let words: Vec<&str> = text.split(' ').collect();
    let present: HashSet<&str> = words.iter().copied().collect();
    let toks = tokenized(CONDITIONS, |r| r.pattern, &TOKENS);
    CONDITIONS.iter().zip(toks).filter(|(_, t)| may_match(t, &present)).find_map(|(row, t)| {
        let mut slots = Slots::default();
        if matches(t, &words, ctx, &mut slots) {
            (row.make)(&slots).map(|c| (c, row.pattern))
        } else {
            None
        }
    })
}

static TEMPLATE_TOKENS: OnceLock<Vec<Vec<Tok<'static>>>> = OnceLock::new();

/// A whole sentence read by the first row that matches it, with the row and the sentence's
/// subject (for "it" in the next sentence).
pub fn sentence(text: &str, ctx: &Context) -> Option<(Vec<Made>, &'static Template, Option<Who>)> {
    let words: Vec<&str> = text.split(' ').collect();
    let present: HashSet<&str> = words.iter().copied().collect();
    let toks = tokenized(TEMPLATES, |r| r.pattern, &TEMPLATE_TOKENS);
    TEMPLATES.iter().zip(toks).filter(|(_, t)| may_match(t, &present)).find_map(|(row, t)| {
        let mut slots = Slots::default();
        if matches(t, &words, ctx, &mut slots) {
            (row.make)(&slots).map(|m| (m, row, slots.who.clone()))
        } else {
            None
        }
    })
}

/// A verb phrase of a subject already read ("has vigilance", "can't attack you"): the rows
/// that begin with `{who}`, with that subject.
pub fn verb(subject: &Who, text: &str, ctx: &Context) -> Option<(Vec<Made>, &'static Template)> {
    let words: Vec<&str> = text.split(' ').collect();
    let present: HashSet<&str> = words.iter().copied().collect();
    let toks = tokenized(TEMPLATES, |r| r.pattern, &TEMPLATE_TOKENS);
    TEMPLATES.iter().zip(toks).filter(|(row, t)| row.pattern.starts_with("{who} ") && may_match(t, &present)).find_map(|(row, t)| {
        let mut slots = Slots { who: Some(subject.clone()), ..Default::default() };
        if matches(&t[1..], &words, ctx, &mut slots) {
            (row.make)(&slots).map(|m| (m, row))
        } else {
            None
        }
    })
}
