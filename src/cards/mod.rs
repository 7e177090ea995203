//! The named-card catalog (docs/format.md "Cards known by name").
//!
//! A permanent whose `name` is in the catalog contributes effects written in the same language
//! as the board's explicit effects ([`EffectKind`]), computed from the board as it stands: Sphere
//! of Safety counts its controller's enchantments now, Archangel of Tithes taxes only while
//! untapped, Sea Serpent becomes one "can't attack" per defending player without an Island.
//! Everything downstream treats card effects and explicit effects alike.
//!
//! Each entry says in our own words what the card does and which rule or ruling it relies on.

mod complete;
mod known;
pub mod oracle;
mod source;
mod text;

use crate::board::{
    edit_distance, Assumption, AssumptionKind, EffectKind, Filter, LandsOf, ManaAbility, Permanent, Selector, TargetSpec, ValidBoard, Warning,
};
use crate::vocab::effects::{ManaChange, ManaEffect};
use crate::vocab::symbol::{ManaType, Symbol, TypeSet};
pub(crate) use complete::complete;
pub use known::{known_card, KnownCard, KNOWN_CARDS};
use oracle::{ManaMade, ManaTapped};
pub use source::{parse_forge_card, parse_xmage_line, printed, CardIndex, CardText, MAX_CARD_FOLDER_ENTRIES, MAX_CARD_SOURCE_BYTES};
use std::collections::{HashMap, HashSet};
pub(crate) use text::read_texts;
pub use text::types_of;

/// One catalog entry.
pub struct Card {
    /// The card's name (matched in any case).
    pub name: &'static str,
    /// What the card does for declaring attackers, in our words, with its rule.
    pub summary: &'static str,
    /// Its Oracle text as a card database gives it today (Forge's card scripts, December
    /// 2026): what the card reader reads when the card is not named, and what the test
    /// `catalog_agrees_with_the_reader` reads against this entry.
    pub oracle: &'static str,
    effects: fn(&CardView, usize) -> Vec<EffectKind>,
    mana: fn() -> Vec<ManaAbility>,
    /// Its effect on mana (CR 106.12, 605.1b, 616.1), made from the board by [`mana_effect`]
    /// as the reader's are: settled onto the board before the mana is built
    /// (`crate::rules::settle_mana_effects`), for these cards only.
    on_mana: Option<fn() -> (ManaTapped, ManaMade)>,
    /// A sentence of its Oracle text that changes other permanents' characteristics (Mirari's
    /// Wake: "Creatures you control get +1/+1 and have vigilance."; Blood Moon: "Nonbasic lands
    /// are Mountains."), applied to the board as the reader applies a text's, with the texts'
    /// grants in the board's order (CR 613.7; `text::read_texts`); empty for none.
    grants: &'static str,
}

/// What the catalog's cards count on the board, per player, computed in one pass when a card
/// first asks: a card scanning the whole board for itself made a copy per permanent quadratic
/// (50,000 Nils on a 100,000-permanent board took 97 s; issue 11, F04).
#[derive(Debug, Clone, Default)]
pub struct Facts {
    /// Enchantments each player controls (Sphere of Safety).
    enchantments: Vec<u32>,
    /// Basic land types among the lands each player controls, one bit per type (Collective
    /// Restraint's domain, CR 305.6).
    basic_land_types: Vec<u8>,
    /// Whether each player controls an Island (Sea Serpent).
    islands: Vec<bool>,
    /// Creatures each player controls (Goblin Goon).
    creatures: Vec<usize>,
    /// Creatures with counters whose controller declares attackers (Nils, Discipline Enforcer;
    /// only they can attack, CR 508.1).
    countered_attackers: Vec<usize>,
}

/// A board as the catalog reads it: the board, and the counts some cards need, computed on
/// first use (once per board, not per card: see [`Facts`]).
pub struct CardView<'a> {
    vb: &'a ValidBoard,
    facts: std::sync::OnceLock<Facts>,
}

impl<'a> CardView<'a> {
    /// The catalog's view of a board.
    pub fn new(vb: &'a ValidBoard) -> CardView<'a> {
        CardView { vb, facts: std::sync::OnceLock::new() }
    }
}

impl std::ops::Deref for CardView<'_> {
    type Target = ValidBoard;
    fn deref(&self) -> &ValidBoard {
        self.vb
    }
}

fn facts<'a>(cv: &'a CardView) -> &'a Facts {
    let vb = cv.vb;
    cv.facts.get_or_init(|| {
        let n = vb.board.players.len();
        let mut f = Facts {
            enchantments: vec![0; n],
            basic_land_types: vec![0; n],
            islands: vec![false; n],
            creatures: vec![0; n],
            countered_attackers: vec![],
        };
        for (q, perm) in vb.board.permanents.iter().enumerate() {
            let c = vb.controller[q];
            if perm.has_type("Enchantment") {
                f.enchantments[c] = f.enchantments[c].saturating_add(1);
            }
            if perm.has_type("Land") {
                for (bit, t) in ["Plains", "Island", "Swamp", "Mountain", "Forest"].iter().enumerate() {
                    if perm.has_subtype(t) {
                        f.basic_land_types[c] |= 1 << bit;
                    }
                }
            }
            f.islands[c] |= perm.has_subtype("Island");
            if perm.is_creature() {
                f.creatures[c] += 1;
                if perm.counters > 0 && vb.declares_attackers(c) {
                    f.countered_attackers.push(q);
                }
            }
        }
        f
    })
}

fn none(_: &CardView, _: usize) -> Vec<EffectKind> {
    Vec::new()
}
fn no_mana() -> Vec<ManaAbility> {
    Vec::new()
}

/// The controller of permanent `p` as a one-player list.
fn me(vb: &ValidBoard, p: usize) -> Vec<usize> {
    vb.controller.get(p).copied().into_iter().collect()
}
/// Target set "you" (the controller as a player; CR 508.1b: planeswalkers are not covered).
fn you(vb: &ValidBoard, p: usize) -> TargetSpec {
    TargetSpec { players: me(vb, p), ..Default::default() }
}
/// Target set "you or planeswalkers you control".
fn you_or_your_planeswalkers(vb: &ValidBoard, p: usize) -> TargetSpec {
    TargetSpec { players: me(vb, p), planeswalkers_of: me(vb, p), ..Default::default() }
}
/// Every target whose defending player is `d` (CR 508.5, 802.2a): `d`, their planeswalkers,
/// and the battles they protect.
fn defended_by(d: usize) -> TargetSpec {
    TargetSpec { players: vec![d], planeswalkers_of: vec![d], battles_protected_by: vec![d], permanents: vec![] }
}
/// The players who may be defending players this combat (CR 508.5): those some player
/// declaring attackers may attack. A condition "on the defending player" is decided for each.
pub(crate) fn defending_players(vb: &ValidBoard) -> impl Iterator<Item = usize> + '_ {
    let n = vb.board.players.len();
    (0..n).filter(move |&d| (0..n).any(|a| vb.declares_attackers(a) && vb.opponents(a, d)))
}

fn tax(target: TargetSpec, generic: u32) -> EffectKind {
    EffectKind::AttackCost { creatures: Selector::All, target: Some(target), cost: vec![Symbol::Generic(generic)], actions: vec![] }
}
fn this(p: usize) -> Selector {
    Selector::Ids(vec![p])
}
/// Heartbeat of Spring's effect: any player's land adds one mana of a type it produced.
fn any_players_lands_same_type() -> (ManaTapped, ManaMade) {
    (lands_of(false), ManaMade::SameType)
}

/// A card whose only effect is Heartbeat of Spring's (Mana Flare, Dictate of Karametra).
const fn as_heartbeat(name: &'static str, oracle: &'static str) -> Card {
    Card {
        name,
        oracle,
        summary: "As Heartbeat of Spring: any player's land adds one more mana of a type it produced (CR 605.1b, 106.12a).",
        effects: none,
        mana: no_mana,
        on_mana: Some(any_players_lands_same_type),
        grants: "",
    }
}

/// Lands whose taps an effect on mana watches: any player's, or its controller's (`yours`).
fn lands_of(yours: bool) -> ManaTapped {
    ManaTapped::Lands { yours, basic: false, subtype: None }
}
fn mana_fixed(units: &[TypeSet]) -> Vec<ManaAbility> {
    vec![ManaAbility::Fixed(units.to_vec())]
}

/// The catalog. Card text is paraphrased; rulings are cited by card and date.
pub static CATALOG: &[Card] = &[
    Card {
        name: "Propaganda",
        oracle: "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
        summary: "Creatures can't attack its controller unless their controller pays {2} for each (CR 508.1d, 508.1g-h); planeswalkers are not covered.",
        effects: |vb, p| vec![tax(you(vb, p), 2)],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Ghostly Prison",
        oracle: "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
        summary: "As Propaganda: {2} for each creature attacking its controller (CR 508.1d, 508.1g-h).",
        effects: |vb, p| vec![tax(you(vb, p), 2)],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Windborn Muse",
        oracle: "Flying\nCreatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
        summary: "As Propaganda: {2} for each creature attacking its controller (CR 508.1d, 508.1g-h).",
        effects: |vb, p| vec![tax(you(vb, p), 2)],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Koskun Falls",
        oracle: "At the beginning of your upkeep, sacrifice Koskun Falls unless you tap an untapped creature you control.\nCreatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
        summary: "{2} for each creature attacking its controller (CR 508.1d, 508.1g-h).",
        effects: |vb, p| vec![tax(you(vb, p), 2)],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Sphere of Safety",
        oracle: "Creatures can't attack you or planeswalkers you control unless their controller pays {X} for each of those creatures, where X is the number of enchantments you control.",
        summary: "{X} for each creature attacking its controller or their planeswalkers, X = the enchantments its controller controls now, auras on others' creatures included (CR 508.1d; Sphere of Safety rulings).",
        effects: |vb, p| {
            let x = facts(vb).enchantments[vb.controller[p]];
            vec![tax(you_or_your_planeswalkers(vb, p), x)]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Norn's Annex",
        oracle: "({W/P} can be paid with either {W} or 2 life.)\nCreatures can't attack you or planeswalkers you control unless their controller pays {W/P} for each of those creatures.",
        summary: "{W/P} for each creature attacking its controller or their planeswalkers: one white mana or 2 life each (CR 107.4f, 119.4; Norn's Annex rulings 2011-06-01).",
        effects: |vb, p| {
            vec![EffectKind::AttackCost {
                creatures: Selector::All,
                target: Some(you_or_your_planeswalkers(vb, p)),
                cost: vec![Symbol::Phyrexian(ManaType::W)],
                actions: vec![],
            }]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Collective Restraint",
        oracle: "Domain — Creatures can't attack you unless their controller pays {X} for each creature they control that's attacking you, where X is the number of basic land types among lands you control.",
        summary: "Domain: {X} for each creature attacking its controller, X = basic land types among lands its controller controls (CR 508.1d, 305.6).",
        effects: |vb, p| {
            let x = facts(vb).basic_land_types[vb.controller[p]].count_ones();
            vec![tax(you(vb, p), x)]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Baird, Steward of Argive",
        oracle: "Vigilance\nCreatures can't attack you or planeswalkers you control unless their controller pays {1} for each of those creatures.",
        summary: "{1} for each creature attacking its controller or their planeswalkers (CR 508.1d, 508.1g-h).",
        effects: |vb, p| vec![tax(you_or_your_planeswalkers(vb, p), 1)],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Archangel of Tithes",
        oracle: "Flying\nAs long as Archangel of Tithes is untapped, creatures can't attack you or planeswalkers you control unless their controller pays {1} for each of those creatures.\nAs long as Archangel of Tithes is attacking, creatures can't block unless their controller pays {1} for each of those creatures.",
        summary: "While untapped: {1} for each creature attacking its controller or their planeswalkers (CR 508.1d; Archangel of Tithes rulings); while attacking: {1} for each creature blocking (CR 509.1d).",
        effects: |vb, p| {
            let mut out = if vb.perm(p).tapped { vec![] } else { vec![tax(you_or_your_planeswalkers(vb, p), 1)] };
            // CR 506.4: attacking once declared, so on a board with combat only.
            let id = &vb.perm(p).id;
            if vb.board.combat.as_ref().is_some_and(|c| c.attacks.iter().any(|a| &a.creature == id)) {
                out.push(EffectKind::BlockCost { creatures: Selector::All, cost: vec![Symbol::Generic(1)] });
            }
            out
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Nils, Discipline Enforcer",
        oracle: "At the beginning of your end step, for each player, put a +1/+1 counter on up to one target creature that player controls.\nEach creature with one or more counters on it can't attack you or planeswalkers you control unless its controller pays {X}, where X is the number of counters on that creature.",
        summary: "Each creature with counters can't attack its controller or their planeswalkers unless its controller pays {X}, X = that creature's counters (CR 508.1d).",
        effects: |vb, p| {
            facts(vb)
                .countered_attackers
                .iter()
                .map(|&q| EffectKind::AttackCost {
                    creatures: this(q),
                    target: Some(you_or_your_planeswalkers(vb, p)),
                    cost: vec![Symbol::Generic(vb.perm(q).counters)],
                    actions: vec![],
                })
                .collect()
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Elephant Grass",
        oracle: "Cumulative upkeep {1} (At the beginning of your upkeep, put an age counter on this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)\nBlack creatures can't attack you.\nNonblack creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
        summary: "Black creatures can't attack its controller; nonblack creatures can't unless their controller pays {2} for each (CR 508.1c-d).",
        effects: |vb, p| {
            let black = Filter { color: Some(ManaType::B), ..Default::default() };
            let nonblack = Filter { not_color: Some(ManaType::B), ..Default::default() };
            vec![
                EffectKind::CantAttack { creatures: Selector::Filter(black), target: Some(you(vb, p)) },
                EffectKind::AttackCost { creatures: Selector::Filter(nonblack), target: Some(you(vb, p)), cost: vec![Symbol::Generic(2)], actions: vec![] },
            ]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Silent Arbiter",
        oracle: "No more than one creature can attack each combat.\nNo more than one creature can block each combat.",
        summary: "No more than one creature can attack each combat (CR 508.1c), and no more than one can block (CR 509.1b).",
        effects: |_, _| vec![EffectKind::MaxAttackers { count: 1, target: None, per_turn: false }, EffectKind::MaxBlockers { count: 1 }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Caverns of Despair",
        oracle: "No more than two creatures can attack each combat.\nNo more than two creatures can block each combat.",
        summary: "No more than two creatures can attack each combat (CR 508.1c), and no more than two can block (CR 509.1b).",
        effects: |_, _| vec![EffectKind::MaxAttackers { count: 2, target: None, per_turn: false }, EffectKind::MaxBlockers { count: 2 }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Crawlspace",
        oracle: "No more than two creatures can attack you each combat.",
        summary: "No more than two creatures can attack its controller each combat; their planeswalkers are not counted (CR 508.1c).",
        effects: |vb, p| vec![EffectKind::MaxAttackers { count: 2, target: Some(you(vb, p)), per_turn: false }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Dueling Grounds",
        oracle: "No more than one creature can attack each combat.\nNo more than one creature can block each combat.",
        summary: "No more than one creature can attack each turn: creatures that already attacked this turn count (CR 508.1c, 506.1). The project's rules (docs/rules.md section 4) and acceptance scenario 13 read it so, as its printed text did; today's Oracle text says \"each combat\". No more than one creature can block (CR 509.1b).",
        effects: |_, _| vec![EffectKind::MaxAttackers { count: 1, target: None, per_turn: true }, EffectKind::MaxBlockers { count: 1 }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Blazing Archon",
        oracle: "Flying\nCreatures can't attack you.",
        summary: "Creatures can't attack its controller; their planeswalkers may still be attacked (CR 508.1c).",
        effects: |vb, p| vec![EffectKind::CantAttack { creatures: Selector::All, target: Some(you(vb, p)) }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Moat",
        oracle: "Creatures without flying can't attack.",
        summary: "Creatures without flying can't attack (CR 508.1c).",
        effects: |_, _| vec![moat()],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Magus of the Moat",
        oracle: "Creatures without flying can't attack.",
        summary: "As Moat: creatures without flying can't attack (CR 508.1c).",
        effects: |_, _| vec![moat()],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Ensnaring Bridge",
        oracle: "Creatures with power greater than the number of cards in your hand can't attack.",
        summary: "Creatures with power greater than the number of cards in its controller's hand can't attack (CR 508.1c).",
        effects: |vb, p| {
            let hand = vb.board.players[vb.controller[p]].hand as i64;
            vec![EffectKind::CantAttack {
                creatures: Selector::Filter(Filter { power_greater_than: Some(hand), ..Default::default() }),
                target: None,
            }]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Pacifism",
        oracle: "Enchant creature\nEnchanted creature can't attack or block.",
        summary: "The enchanted creature can't attack (CR 508.1c) or block (CR 509.1b); needs attached_to.",
        effects: |vb, p| {
            vb.attached_to[p]
                .map(|c| [EffectKind::CantAttack { creatures: this(c), target: None }, EffectKind::CantBlock { creatures: this(c) }])
                .into_iter()
                .flatten()
                .collect()
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Brainwash",
        oracle: "Enchant creature\nEnchanted creature can't attack unless its controller pays {3}.",
        summary: "The enchanted creature can't attack unless its controller pays {3} (CR 508.1d, 508.1g-h); needs attached_to.",
        effects: |vb, p| {
            vb.attached_to[p]
                .map(|c| EffectKind::AttackCost { creatures: this(c), target: None, cost: vec![Symbol::Generic(3)], actions: vec![] })
                .into_iter()
                .collect()
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Mogg Flunkies",
        oracle: "Mogg Flunkies can't attack or block alone.",
        summary: "Can't attack alone: another creature must attack too, whatever it attacks (CR 506.5, 508.1c); can't block alone: another creature must block too (CR 509.1b).",
        effects: |_, p| vec![EffectKind::MinOtherAttackers { creatures: this(p), count: 1 }, EffectKind::CantBlockAlone { creatures: this(p), others: 1 }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Orcish Conscripts",
        oracle: "Orcish Conscripts can't attack unless at least two other creatures attack.\nOrcish Conscripts can't block unless at least two other creatures block.",
        summary: "Can't attack unless at least two other creatures attack (CR 508.1c); can't block unless at least two other creatures block (CR 509.1b).",
        effects: |_, p| vec![EffectKind::MinOtherAttackers { creatures: this(p), count: 2 }, EffectKind::CantBlockAlone { creatures: this(p), others: 2 }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Master of Cruelties",
        oracle: "First strike, deathtouch\nMaster of Cruelties can only attack alone.\nWhenever Master of Cruelties attacks a player and isn't blocked, that player's life total becomes 1. Master of Cruelties assigns no combat damage this combat.",
        summary: "Can only attack alone: if it attacks, no other creature does (CR 506.5, 508.1c).",
        effects: |_, p| vec![EffectKind::AttacksOnlyAlone { creatures: this(p) }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Juggernaut",
        oracle: "Juggernaut attacks each combat if able.\nJuggernaut can't be blocked by Walls.",
        summary: "Attacks each combat if able (CR 508.1d); can't be blocked by Walls (CR 509.1b).",
        effects: |_, p| {
            let walls = Selector::Filter(Filter { subtype: Some("Wall".into()), ..Default::default() });
            vec![EffectKind::AttacksIfAble { creatures: this(p), target: None }, EffectKind::CantBeBlockedBy { attackers: this(p), blockers: walls }]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Ekundu Cyclops",
        oracle: "If a creature you control attacks, this creature also attacks if able.",
        summary: "If another creature its controller controls attacks, it attacks if able: a conditional requirement, counted only where that holds (CR 508.1d).",
        effects: |vb, p| {
            let others = Selector::Filter(Filter { controller: Some(vb.controller[p]), ..Default::default() });
            vec![EffectKind::AttacksIfAbleIfOther { creatures: this(p), target: None, others, any_controller: false }]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Goblin Rabblemaster",
        oracle: "Other Goblin creatures you control attack each combat if able.\nAt the beginning of combat on your turn, create a 1/1 red Goblin creature token with haste.\nWhenever Goblin Rabblemaster attacks, it gets +1/+0 until end of turn for each other attacking Goblin.",
        summary: "Other Goblin creatures its controller controls attack each combat if able (CR 508.1d); not itself.",
        effects: |vb, p| {
            let f = Filter { controller: Some(vb.controller[p]), subtype: Some("Goblin".into()), except: vec![p], ..Default::default() };
            vec![EffectKind::AttacksIfAble { creatures: Selector::Filter(f), target: None }]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Avatar of Slaughter",
        oracle: "All creatures have double strike and attack each combat if able.",
        summary: "All creatures attack each combat if able (CR 508.1d).",
        effects: |_, _| vec![EffectKind::AttacksIfAble { creatures: Selector::All, target: None }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Fumiko the Lowblood",
        oracle: "Fumiko the Lowblood has bushido X, where X is the number of attacking creatures. (Whenever this creature blocks or becomes blocked, it gets +X/+X until end of turn.)\nCreatures your opponents control attack each combat if able.",
        summary: "Creatures its controller's opponents control attack each combat if able (CR 508.1d).",
        effects: |vb, p| {
            let f = Filter { opponents_of: Some(vb.controller[p]), ..Default::default() };
            vec![EffectKind::AttacksIfAble { creatures: Selector::Filter(f), target: None }]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Trove of Temptation",
        oracle: "Each opponent must attack you or a planeswalker you control with at least one creature each combat if able.\nAt the beginning of your end step, create a Treasure token. (It's an artifact with \"{T}, Sacrifice this artifact: Add one mana of any color.\")",
        summary: "Each opponent must attack its controller or their planeswalkers with at least one creature if able: one requirement per opponent (CR 508.1d; Trove of Temptation rulings 2017-06-13).",
        effects: |vb, p| {
            let c = vb.controller[p];
            (0..vb.board.players.len())
                .filter(|&o| vb.opponents(o, c))
                .map(|o| EffectKind::PlayerAttacksIfAble { player: o, target: you_or_your_planeswalkers(vb, p) })
                .collect()
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Sea Serpent",
        oracle: "Sea Serpent can't attack unless defending player controls an Island.\nWhen you control no Islands, sacrifice Sea Serpent.",
        summary: "Can't attack unless the defending player controls an Island; decided per target, for the player attacked, a planeswalker's controller or a battle's protector (CR 508.5, 802.2a).",
        effects: |vb, p| {
            defending_players(vb)
                .filter(|&d| !facts(vb).islands[d])
                .map(|d| EffectKind::CantAttack { creatures: this(p), target: Some(defended_by(d)) })
                .collect()
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Goblin Goon",
        oracle: "Goblin Goon can't attack unless you control more creatures than defending player.\nGoblin Goon can't block unless you control more creatures than attacking player.",
        summary: "Can't attack unless its controller controls more creatures than the defending player; decided per target (CR 508.5, 802.2a). Can't block unless its controller controls more creatures than the attacking player (CR 509.1b).",
        effects: |vb, p| {
            let creatures = &facts(vb).creatures;
            let mine = creatures[vb.controller[p]];
            let mut out: Vec<EffectKind> = defending_players(vb)
                .filter(|&d| mine <= creatures[d])
                .map(|d| EffectKind::CantAttack { creatures: this(p), target: Some(defended_by(d)) })
                .collect();
            if mine <= creatures[vb.active] {
                out.push(EffectKind::CantBlock { creatures: this(p) });
            }
            out
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Llanowar Elves",
        oracle: "{T}: Add {G}.",
        summary: "{T}: add {G} (a creature: needs to be free of summoning sickness or have haste, CR 302.6).",
        effects: none,
        mana: || mana_fixed(&[TypeSet::one(ManaType::G)]),
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Sol Ring",
        oracle: "{T}: Add {C}{C}.",
        summary: "{T}: add {C}{C} (a mana ability, CR 605.1a).",
        effects: none,
        mana: || mana_fixed(&[TypeSet::one(ManaType::C), TypeSet::one(ManaType::C)]),
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Exotic Orchard",
        oracle: "{T}: Add one mana of any color that a land an opponent controls could produce.",
        summary: "{T}: add one mana of any color a land an opponent controls could produce (CR 106.7).",
        effects: none,
        mana: || vec![ManaAbility::CouldProduce { lands: LandsOf::Opponents, colors_only: true }],
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Fellwar Stone",
        oracle: "{T}: Add one mana of any color that a land an opponent controls could produce.",
        summary: "{T}: add one mana of any color a land an opponent controls could produce (CR 106.7).",
        effects: none,
        mana: || vec![ManaAbility::CouldProduce { lands: LandsOf::Opponents, colors_only: true }],
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Reflecting Pool",
        oracle: "{T}: Add one mana of any type that a land you control could produce.",
        summary: "{T}: add one mana of any type a land you control could produce, colorless included (CR 106.7).",
        effects: none,
        mana: || vec![ManaAbility::CouldProduce { lands: LandsOf::Controller, colors_only: false }],
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Heartbeat of Spring",
        oracle: "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
        summary: "Whenever a player taps a land for mana, that player adds one mana of a type that tap produced: a triggered mana ability (CR 605.1b, 106.12a), added after the tap's replacement effects.",
        effects: none,
        mana: no_mana,
        on_mana: Some(any_players_lands_same_type),
        grants: "",
    },
    as_heartbeat("Mana Flare", "Whenever a player taps a land for mana, that player adds one mana of any type that land produced."),
    as_heartbeat("Dictate of Karametra", "Flash\nWhenever a player taps a land for mana, that player adds one mana of any type that land produced."),
    Card {
        name: "Zendikar Resurgent",
        oracle: "Whenever you tap a land for mana, add one mana of any type that land produced. (The types of mana are white, blue, black, red, green, and colorless.)\nWhenever you cast a creature spell, draw a card.",
        summary: "Its controller's lands add one more mana of a type that tap produced (CR 605.1b, 106.12a).",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (lands_of(true), ManaMade::SameType)),
        grants: "",
    },
    Card {
        name: "Mirari's Wake",
        oracle: "Creatures you control get +1/+1 and have vigilance.\nWhenever you tap a land for mana, add one mana of any type that land produced.",
        summary: "Creatures its controller controls have vigilance (CR 702.20b: attacking doesn't tap them, so they may still tap for mana, 508.1f); its controller's lands add one more mana of a type that tap produced (CR 605.1b).",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (lands_of(true), ManaMade::SameType)),
        grants: "Creatures you control get +1/+1 and have vigilance.",
    },
    Card {
        name: "Vorinclex, Voice of Hunger",
        oracle: "Trample\nWhenever you tap a land for mana, add one mana of any type that land produced.\nWhenever an opponent taps a land for mana, that land doesn't untap during its controller's next untap step.",
        summary: "Its controller's lands add one more mana of a type that tap produced (CR 605.1b); what it does to opponents' lands happens at their next untap step, not during the declaration.",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (lands_of(true), ManaMade::SameType)),
        grants: "",
    },
    Card {
        name: "Kinnan, Bonder Prodigy",
        oracle: "Whenever you tap a nonland permanent for mana, add one mana of any type that permanent produced.\n{5}{G}{U}: Look at the top five cards of your library. You may put a non-Human creature card from among them onto the battlefield. Put the rest on the bottom of your library in a random order.",
        summary: "Its controller's nonland permanents add one more mana of a type that tap produced (CR 605.1b, 106.12a): Sol Ring makes {C}{C}{C}.",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (ManaTapped::Yours { nonland: true }, ManaMade::SameType)),
        grants: "",
    },
    Card {
        name: "Wild Growth",
        oracle: "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}.",
        summary: "The enchanted land adds an additional {G} when tapped for mana (CR 605.1b); needs attached_to.",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (ManaTapped::Enchanted, ManaMade::Adds(vec![TypeSet::one(ManaType::G)]))),
        grants: "",
    },
    Card {
        name: "Overgrowth",
        oracle: "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}{G}.",
        summary: "The enchanted land adds an additional {G}{G} when tapped for mana (CR 605.1b); needs attached_to.",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (ManaTapped::Enchanted, ManaMade::Adds(vec![TypeSet::one(ManaType::G), TypeSet::one(ManaType::G)]))),
        grants: "",
    },
    Card {
        name: "Utopia Sprawl",
        oracle: "Enchant Forest\nAs this Aura enters, choose a color.\nWhenever enchanted Forest is tapped for mana, its controller adds an additional one mana of the chosen color.",
        summary: "The enchanted Forest adds an additional one mana of its chosen color when tapped for mana (CR 605.1b); needs attached_to and chosen_color.",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (ManaTapped::Enchanted, ManaMade::Chosen { if_produced: false })),
        grants: "",
    },
    Card {
        name: "Fertile Ground",
        oracle: "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional one mana of any color.",
        summary: "The enchanted land adds an additional one mana of any color when tapped for mana (CR 605.1b); needs attached_to.",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (ManaTapped::Enchanted, ManaMade::Adds(vec![TypeSet::ANY_COLOR]))),
        grants: "",
    },
    Card {
        name: "Caged Sun",
        oracle: "As this artifact enters, choose a color.\nCreatures you control of the chosen color get +1/+1.\nWhenever a land's ability causes you to add one or more mana of the chosen color, add an additional one mana of that color.",
        summary: "When a land its controller taps makes mana of the chosen color, one more of that color (CR 605.1b, 106.12a); needs chosen_color.",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (lands_of(true), ManaMade::Chosen { if_produced: true })),
        grants: "",
    },
    Card {
        name: "Gauntlet of Power",
        oracle: "As this artifact enters, choose a color.\nCreatures of the chosen color get +1/+1.\nWhenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of that color.",
        summary: "When any player's basic land makes mana of the chosen color, one more of that color (CR 605.1b, 205.4c); needs chosen_color. A land is basic when its type_line says Basic or its name is a basic land's.",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (ManaTapped::Lands { yours: false, basic: true, subtype: None }, ManaMade::Chosen { if_produced: true })),
        grants: "",
    },
    Card {
        name: "Nissa, Who Shakes the World",
        oracle: "Whenever you tap a Forest for mana, add an additional {G}.\n+1: Put three +1/+1 counters on up to one target noncreature land you control. Untap it. It becomes a 0/0 Elemental creature with vigilance and haste that's still a land.\n−8: You get an emblem with \"Lands you control have indestructible.\" Search your library for any number of Forest cards, put them onto the battlefield tapped, then shuffle.",
        summary: "Its controller's Forests add an additional {G} when tapped for mana (CR 605.1b); its loyalty abilities can't be activated while attackers are declared (CR 606.3).",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (ManaTapped::Lands { yours: true, basic: false, subtype: Some("Forest".into()) }, ManaMade::Adds(vec![TypeSet::one(ManaType::G)]))),
        grants: "",
    },
    Card {
        name: "Mana Reflection",
        oracle: "If you tap a permanent for mana, it produces twice as much of that mana instead.",
        summary: "Its controller's permanents tapped for mana produce twice as much (a replacement effect, CR 106.12b, 616.1; with Nyxbloom Ancient, six times, in either order).",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (ManaTapped::Yours { nonland: false }, ManaMade::Multiplied(2))),
        grants: "",
    },
    Card {
        name: "Nyxbloom Ancient",
        oracle: "Trample\nIf you tap a permanent for mana, it produces three times as much of that mana instead.",
        summary: "Its controller's permanents tapped for mana produce three times as much (CR 106.12b, 616.1).",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (ManaTapped::Yours { nonland: false }, ManaMade::Multiplied(3))),
        grants: "",
    },
    Card {
        name: "Contamination",
        oracle: "At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice a creature.\nIf a land is tapped for mana, it produces {B} instead of any other type and amount.",
        summary: "Any player's land tapped for mana produces {B} instead of any other type and amount (CR 106.12b, 616.1); a land could produce only {B} (CR 106.7).",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (lands_of(false), ManaMade::Instead { mana: ManaType::B, keep_amount: false })),
        grants: "",
    },
    Card {
        name: "Infernal Darkness",
        oracle: "Cumulative upkeep—Pay {B} and 1 life.\nIf a land is tapped for mana, it produces {B} instead of any other type.",
        summary: "Any player's land tapped for mana produces {B} instead of any other type, as much as it made (CR 106.12b, 616.1); its cumulative upkeep does nothing while attackers are declared.",
        effects: none,
        mana: no_mana,
        on_mana: Some(|| (lands_of(false), ManaMade::Instead { mana: ManaType::B, keep_amount: true })),
        grants: "",
    },
    Card {
        name: "Blood Moon",
        oracle: "Nonbasic lands are Mountains.",
        summary: "Nonbasic lands are Mountains: they lose their other land types and their own abilities and tap for {R} (CR 305.7, 613.1d); a land is basic as Gauntlet of Power reads it (docs/rules.md section 5). Islands it turns into Mountains no longer count for \"defending player controls an Island\".",
        effects: none,
        mana: no_mana,
        on_mana: None,
        grants: "Nonbasic lands are Mountains.",
    },
    Card {
        name: "Magus of the Moon",
        oracle: "Nonbasic lands are Mountains.",
        summary: "As Blood Moon: nonbasic lands are Mountains (CR 305.7, 613.1d).",
        effects: none,
        mana: no_mana,
        on_mana: None,
        grants: "Nonbasic lands are Mountains.",
    },
    Card {
        name: "Chromatic Lantern",
        oracle: "Lands you control have \"{T}: Add one mana of any color.\"\n{T}: Add one mana of any color.",
        summary: "{T}: add one mana of any color; the lands its controller controls have that ability too, granted after Blood Moon's type change (CR 605.1a, 613.1f), so a Mountain under Blood Moon makes any color.",
        effects: none,
        mana: || mana_fixed(&[TypeSet::ANY_COLOR]),
        on_mana: None,
        grants: "Lands you control have \"{T}: Add one mana of any color.\"",
    },
    // ---- declaring blockers (CR 509.1): what these do is read only on a board with combat.
    Card {
        name: "Lure",
        oracle: "Enchant creature\nAll creatures able to block enchanted creature do so.",
        summary: "All creatures able to block the enchanted creature do so: one requirement per creature able to block it (CR 509.1c); needs attached_to.",
        effects: |vb, p| vb.attached_to[p].map(|c| EffectKind::Lure { creatures: this(c) }).into_iter().collect(),
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Nemesis Mask",
        oracle: "All creatures able to block equipped creature do so.\nEquip {3}",
        summary: "All creatures able to block the equipped creature do so: Lure on an Equipment, one requirement per creature able to block it (CR 509.1c); needs attached_to.",
        effects: |vb, p| vb.attached_to[p].map(|c| EffectKind::Lure { creatures: this(c) }).into_iter().collect(),
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Nacatl War-Pride",
        oracle: "Nacatl War-Pride must be blocked by exactly one creature if able.\nWhenever Nacatl War-Pride attacks, create X tokens that are copies of Nacatl War-Pride that are tapped and attacking, where X is the number of creatures defending player controls. Exile the tokens at the beginning of the next end step.",
        summary: "Must be blocked by exactly one creature if able: one requirement, obeyed when exactly one creature blocks it (CR 509.1c); its attack trigger makes copies after attackers are declared, so it changes no declaration.",
        effects: |_, p| vec![EffectKind::MustBeBlockedByExactlyOne { attackers: this(p) }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Steel Leaf Champion",
        oracle: "Steel Leaf Champion can't be blocked by creatures with power 2 or less.",
        summary: "Can't be blocked by creatures with power 2 or less (CR 509.1b).",
        effects: |_, p| {
            let weak = Selector::Filter(Filter { power_at_most: Some(2), ..Default::default() });
            vec![EffectKind::CantBeBlockedBy { attackers: this(p), blockers: weak }]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Prized Unicorn",
        oracle: "All creatures able to block Prized Unicorn do so.",
        summary: "All creatures able to block it do so: one requirement per creature able to block it (CR 509.1c).",
        effects: |_, p| vec![EffectKind::Lure { creatures: this(p) }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Tromokratis",
        oracle: "Tromokratis has hexproof unless it's attacking or blocking.\nTromokratis can't be blocked unless all creatures defending player controls block it. (If any creature that player controls doesn't block this creature, it can't be blocked.)",
        summary: "Can't be blocked unless all creatures the defending player controls block it (CR 509.1b; Tromokratis rulings).",
        effects: |_, p| vec![EffectKind::MustBeBlockedByAll { attackers: this(p) }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Goblin Piker",
        oracle: "Goblin Piker can't block.",
        summary: "Can't block (CR 509.1b).",
        effects: |_, p| vec![EffectKind::CantBlock { creatures: this(p) }],
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Zurgo Bellstriker",
        oracle: "Zurgo Bellstriker can't block creatures with power 2 or greater.\nDash {1}{R} (You may cast this spell for its dash cost. If you do, it gains haste, and it's returned from the battlefield to its owner's hand at the beginning of the next end step.)",
        summary: "Can't block creatures with power 2 or greater (CR 509.1b).",
        // A selector, not a scan of the board per copy: 100,000 Zurgos would be quadratic
        // (issue 11, F04).
        effects: |_, p| {
            let strong = Selector::Filter(Filter { power_greater_than: Some(1), ..Default::default() });
            vec![EffectKind::CantBeBlockedBy { attackers: strong, blockers: this(p) }]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
    Card {
        name: "Brazen Borrower",
        oracle: "Flash\nFlying\nBrazen Borrower can block only creatures with flying.",
        summary: "Can block only creatures with flying (CR 509.1b).",
        effects: |_, p| {
            let flyers = Selector::Filter(Filter { keyword: Some("Flying".into()), ..Default::default() });
            vec![EffectKind::CanBlockOnly { creatures: this(p), attackers: flyers }]
        },
        mana: no_mana,
        on_mana: None,
        grants: "",
    },
];

/// The effect on mana that a catalog card or a read text makes at permanent `p` (docs/rules.md
/// section 5): the permanents whose taps for mana it affects, and what it does to what they
/// produce. None when it affects none (an Aura attached to nothing); `Err(field)` when it
/// needs a fact the board leaves out (the chosen color), never guessed.
pub(crate) fn mana_effect(vb: &ValidBoard, p: usize, tapped: &ManaTapped, made: &ManaMade) -> Result<Option<EffectKind>, String> {
    let c = vb.controller[p];
    let land = || vec!["Land".to_string()];
    let tapped = match tapped {
        ManaTapped::Lands { yours, basic: false, subtype } => {
            Selector::Filter(Filter { controller: yours.then_some(c), subtype: subtype.clone(), card_types: land(), ..Default::default() })
        }
        ManaTapped::Lands { yours, basic: true, subtype } => Selector::Ids(
            (0..vb.board.permanents.len())
                .filter(|&q| {
                    let perm = vb.perm(q);
                    perm.has_type("Land")
                        && is_basic(perm)
                        && (!yours || vb.controller[q] == c)
                        && subtype.as_deref().is_none_or(|t| perm.has_subtype(t))
                })
                .collect(),
        ),
        ManaTapped::Yours { nonland } => {
            Selector::Filter(Filter { controller: Some(c), not_card_types: if *nonland { land() } else { vec![] }, ..Default::default() })
        }
        ManaTapped::Enchanted => match vb.attached_to[p] {
            Some(q) => Selector::Ids(vec![q]),
            None => return Ok(None),
        },
    };
    let change = match made {
        ManaMade::SameType => ManaChange::AddsSameType,
        ManaMade::Adds(units) => ManaChange::Adds { units: units.clone(), if_produced: None },
        ManaMade::Chosen { if_produced } => {
            let t = vb.perm(p).chosen_color.as_deref().and_then(crate::board::parse_color).ok_or_else(|| format!("permanents[{p}].chosen_color"))?;
            ManaChange::Adds { units: vec![TypeSet::one(t)], if_produced: if_produced.then_some(t) }
        }
        ManaMade::Multiplied(n) => ManaChange::Multiplies(*n),
        ManaMade::Instead { mana, keep_amount } => ManaChange::Instead { mana: *mana, keep_amount: *keep_amount },
    };
    Ok(Some(EffectKind::Mana(ManaEffect { tapped, change })))
}

/// The basic land names (CR 205.4c: these cards are basic; their snow versions too).
const BASIC_NAMES: [&str; 6] = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"];

/// Whether a permanent is basic (CR 205.4c): its `type_line` has the supertype Basic, or its
/// name is a basic land's ("Forest", "Snow-Covered Forest", "Wastes"). A board says no more of
/// supertypes: any other land is nonbasic (docs/rules.md section 5).
pub(crate) fn is_basic(perm: &Permanent) -> bool {
    let name = perm.name.trim();
    let name = name.strip_prefix("Snow-Covered ").unwrap_or(name);
    perm.type_line.as_deref().is_some_and(|l| text::supertypes_of(l).iter().any(|s| s.eq_ignore_ascii_case("Basic")))
        || BASIC_NAMES.iter().any(|b| b.eq_ignore_ascii_case(name))
}

/// The effect on mana of permanent `p`'s catalog entry, if it has one and the board gives what
/// it needs (warnings about what it lacks: [`warn_about_board`]).
pub(crate) fn catalog_mana_effect(vb: &ValidBoard, p: usize) -> Option<crate::vocab::effects::ManaEffect> {
    let (tapped, made) = (lookup(&vb.perm(p).name)?.on_mana?)();
    match mana_effect(vb, p, &tapped, &made) {
        Ok(Some(EffectKind::Mana(m))) => Some(m),
        _ => None,
    }
}

fn moat() -> EffectKind {
    let f = Filter { without_keyword: Some("Flying".into()), ..Default::default() };
    EffectKind::CantAttack { creatures: Selector::Filter(f), target: None }
}

/// The catalog entry for a card name (case-insensitive).
pub fn lookup(name: &str) -> Option<&'static Card> {
    // Asked several times per permanent when a position is made: an index, not a scan of the
    // catalog (a scan made reading 2,500 permanents 7 % slower).
    static INDEX: std::sync::OnceLock<HashMap<String, usize>> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| CATALOG.iter().enumerate().rev().map(|(i, c)| (c.name.to_ascii_lowercase(), i)).collect());
    index.get(&name.trim().to_ascii_lowercase()).map(|&i| &CATALOG[i])
}

/// The effects permanent `p` contributes on this board: its catalog entry's, or else those read
/// from its Oracle text (none for other permanents).
pub fn card_effects(vb: &CardView, p: usize) -> Vec<EffectKind> {
    match lookup(&vb.perm(p).name) {
        Some(card) => (card.effects)(vb, p),
        None => vb.text_effects.get(&p).cloned().unwrap_or_default(),
    }
}

/// The effects about blocks (CR 509.1) of the permanents' names and texts, each with its
/// permanent: a permanent that an explicit effect names as its `source` is described by those
/// effects alone (docs/format.md "Precedence"), so a combat board written with a Lure and its
/// `lure` effect has one Lure, not two.
pub fn block_effects(vb: &ValidBoard) -> Vec<(usize, EffectKind)> {
    let sources = effect_sources(vb);
    let view = CardView::new(vb);
    let mut out = Vec::new();
    for p in 0..vb.board.permanents.len() {
        if named_source(&sources, vb.perm(p)) {
            continue;
        }
        out.extend(card_effects(&view, p).into_iter().filter(EffectKind::about_blocks).map(|e| (p, e)));
    }
    out
}

/// The mana abilities a permanent has: its explicit `mana`, plus those its basic land types
/// imply (CR 305.6) and those of its catalog entry, without duplicates.
pub fn mana_abilities(vb: &ValidBoard, p: usize) -> Vec<ManaAbility> {
    // Arrest: its activated abilities, mana abilities among them, can't be activated.
    if vb.no_mana[p] {
        return vec![];
    }
    let perm = vb.perm(p);
    let mut out = vb.mana[p].clone();
    let basics = [("Plains", ManaType::W), ("Island", ManaType::U), ("Swamp", ManaType::B), ("Mountain", ManaType::R), ("Forest", ManaType::G)];
    for (sub, t) in basics {
        if perm.has_subtype(sub) {
            out.push(ManaAbility::Fixed(vec![TypeSet::one(t)]));
        }
    }
    // Blood Moon (CR 305.7): a land whose basic land type is set loses its own abilities.
    if let Some(card) = lookup(&perm.name).filter(|_| !vb.abilities_lost[p]) {
        out.extend((card.mana)());
    }
    let mut dedup = Vec::new();
    for a in out {
        if !dedup.contains(&a) {
            dedup.push(a);
        }
    }
    dedup
}

/// Warnings about named cards: a catalog aura whose effect can't be computed (not attached), a
/// name attackopt does not know, a known card missing the mana it makes. Raised by
/// [`crate::Position::new`], so that `board` knows nothing of the catalog.
pub(crate) fn warn_about_board(vb: &mut ValidBoard) {
    for p in 0..vb.board.permanents.len() {
        let perm = vb.perm(p);
        let Some(card) = lookup(&perm.name) else { continue };
        let on_mana = card.on_mana.map(|f| f());
        if let Some((tapped, made)) = &on_mana {
            // A chosen color the board leaves out is never guessed (docs/rules.md section 5).
            if let Err(field) = mana_effect(vb, p, tapped, made) {
                let clause = card.oracle.lines().find(|l| l.contains("chosen color") && l.contains("mana")).unwrap_or(card.oracle).to_string();
                let (name, id) = (perm.name.clone(), perm.id.clone());
                vb.warnings.push(Warning::new(field.clone(), format!("\"{name}\" ({id}): \"{clause}\" depends on {field}, which the board does not give; this answer assumes the sentence away (fill {field})"))
                    .in_words(text::missing_fact_words(vb, &clause, &field)));
                vb.assumptions.push(Assumption {
                    kind: AssumptionKind::MissingFact,
                    path: field.clone(),
                    permanent: id,
                    card: name,
                    clause: Some(clause),
                    needs: Some(field),
                });
                continue;
            }
        }
        let needs_attachment =
            matches!(card.name, "Pacifism" | "Brainwash" | "Lure" | "Nemesis Mask") || matches!(on_mana, Some((ManaTapped::Enchanted, _)));
        let land_aura = matches!(on_mana, Some((ManaTapped::Enchanted, _)));
        let attached = vb.attached_to[p];
        if needs_attachment && attached.is_none() {
            vb.warnings.push(
                Warning::new(format!("permanents[{p}].attached_to"), format!("{} has no effect without attached_to", card.name))
                    .in_words("it has no effect: the board does not say what it is attached to"),
            );
        } else if let (true, Some(c)) = (needs_attachment, attached) {
            if land_aura && !vb.perm(c).has_type("Land") {
                vb.warnings.push(
                    Warning::new(
                        format!("permanents[{p}].attached_to"),
                        format!("{} is attached to \"{}\", which is not a land", card.name, vb.perm(c).id),
                    )
                    .in_words(format!("it is attached to {}, which is not a land", vb.permanent_label(c))),
                );
            } else if !land_aura && !vb.perm(c).is_creature() {
                vb.warnings.push(
                    Warning::new(
                        format!("permanents[{p}].attached_to"),
                        format!("{} is attached to \"{}\", which is not a creature", card.name, vb.perm(c).id),
                    )
                    .in_words(format!("it is attached to {}, which is not a creature", vb.permanent_label(c))),
                );
            }
        }
    }
    if vb.board.combat.is_some() {
        warn_unread_blocks(vb);
    }
    let (warnings, assumptions) = warn_about_names(vb);
    vb.warnings.extend(warnings);
    vb.assumptions.extend(assumptions);
}

/// On a board with combat, the sentences about blocking of the catalog's cards that attackopt
/// does not read (CR 509.1: Silent Arbiter's "No more than one creature can block each
/// combat."), one warning per card name at its first permanent: the same sentences the reader
/// leaves in `unread_blocks`, so that a card named alone and its Oracle text warn alike.
fn warn_unread_blocks(vb: &mut ValidBoard) {
    let mut first: Vec<(&'static Card, usize, usize)> = Vec::new();
    for (p, perm) in vb.board.permanents.iter().enumerate() {
        let Some(card) = lookup(&perm.name) else { continue };
        match first.iter_mut().find(|(c, _, _)| std::ptr::eq(*c, card)) {
            Some(entry) => entry.2 += 1,
            None => first.push((card, p, 1)),
        }
    }
    for (card, p, count) in first {
        let (name, id) = (vb.perm(p).name.clone(), vb.perm(p).id.clone());
        let others = if count > 1 { format!(" (and {} other permanents with this name)", count - 1) } else { String::new() };
        for clause in oracle::read(card.name, card.oracle).unread_blocks {
            text::warn_unread_clause(vb, format!("permanents[{p}].name"), &id, &name, &others, &clause);
        }
    }
}

/// What a name is, decided once per distinct name (a board may hold 100,000 permanents with a
/// few names, or as many names).
enum Name {
    /// In the catalog: its effects come from its entry.
    Catalog,
    /// Known by name without effects of its own ([`KNOWN_CARDS`]).
    Known(&'static KnownCard),
    /// A placeholder such as "Creature 12" (`attackopt generate --profile adversarial`): a
    /// permanent described by its fields, not a card.
    Placeholder,
    /// Not known; the did-you-mean, once computed (`None` until then).
    Unknown(Option<Option<&'static str>>),
}

/// Character comparisons the did-you-mean of one board may spend on edit distances in all:
/// about 0.1 s. A cheap filter (below) spares nearly every comparison, so only a hostile board
/// reaches it; past it, names still get their warning, without a suggestion.
const SUGGESTION_BUDGET: usize = 50_000_000;

/// A known name as the did-you-mean compares it: lower case, its length in characters, which
/// of 64 buckets its characters fall in, and how many in each.
struct Candidate {
    name: &'static str,
    lower: String,
    mask: u64,
    buckets: [u8; 64],
}

fn buckets(s: &str) -> (u64, [u8; 64]) {
    let (mut mask, mut b) = (0u64, [0u8; 64]);
    for c in s.chars() {
        let i = (c as usize) % 64;
        mask |= 1 << i;
        b[i] = b[i].saturating_add(1);
    }
    (mask, b)
}

/// Longer names get no suggestion (typos, not pasted text).
const SUGGEST_MAX_LEN: usize = 64;

/// The known names (catalog and plain cards), prepared once per process and grouped by length
/// in characters.
static CANDIDATES: std::sync::LazyLock<Vec<Vec<Candidate>>> = std::sync::LazyLock::new(|| {
    let mut by_len: Vec<Vec<Candidate>> = (0..=SUGGEST_MAX_LEN + 3).map(|_| Vec::new()).collect();
    for k in KNOWN_CARDS {
        let lower = k.name.to_lowercase();
        let (mask, buckets) = buckets(&lower);
        if let Some(group) = by_len.get_mut(lower.chars().count()) {
            group.push(Candidate { name: k.name, lower, mask, buckets });
        }
    }
    by_len
});

/// The card a misspelled name most likely means: the nearest known name (catalog and plain
/// cards, any case) within a few edits, none when nothing is that close.
///
/// Linear in the board: per distinct name, only candidates of a close length are looked at, and
/// each is first compared by its characters (an edit changes at most two of the 64 buckets'
/// presence bits, and one character more and one fewer in the bucket counts: cheap lower bounds
/// on the edits), so only the few that pass get an edit distance.
fn did_you_mean(name: &str, budget: &mut usize) -> Option<&'static str> {
    let wanted = name.to_lowercase();
    let len = wanted.chars().count();
    if len > SUGGEST_MAX_LEN {
        return None;
    }
    // Typos, not other cards: one edit in a short name, two in a word, three in a long name.
    let max = match len {
        0..=4 => 1,
        5..=9 => 2,
        _ => 3,
    };
    let (mask, mine) = buckets(&wanted);
    let mut best: Option<(usize, &'static str)> = None;
    for c in CANDIDATES[len.saturating_sub(max)..=len + max].iter().flatten() {
        if (mask ^ c.mask).count_ones() as usize > 2 * max {
            continue;
        }
        let (mut more, mut fewer) = (0usize, 0usize);
        for (a, b) in mine.iter().zip(c.buckets.iter()) {
            more += usize::from(a.saturating_sub(*b));
            fewer += usize::from(b.saturating_sub(*a));
        }
        if more.max(fewer) > max {
            continue;
        }
        let cost = c.lower.len() * wanted.len().max(1);
        if *budget < cost {
            return None;
        }
        *budget -= cost;
        let d = edit_distance(&wanted, &c.lower);
        if d <= max && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c.name));
        }
    }
    best.map(|(_, n)| n)
}

/// The card types, as a placeholder name uses them ("Creature 12", "Land").
const TYPE_WORDS: [&str; 9] = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker", "Kindred", "Tribal", "Token"];

/// A name that labels a permanent rather than naming a card: a card type, alone or followed by
/// a number ("Creature 12", as `attackopt generate` names the creatures it invents). No card is
/// named so.
fn is_placeholder(name: &str) -> bool {
    let (word, number) = name.rsplit_once(' ').unwrap_or((name, ""));
    let word_is_type = TYPE_WORDS.iter().any(|t| t.eq_ignore_ascii_case(word.trim()));
    word_is_type && number.chars().all(|c| c.is_ascii_digit())
}

/// A token (CR 111.1): `Token` among its types, or a name as CR 111.4 gives a token whose maker
/// names none, its subtypes and the word Token ("Goblin Token", as `attackopt generate` and the
/// Forge importer write), or its subtypes alone ("Goblin", as older cards and most players
/// name them). A token's abilities are the ones its maker gave it: its fields, or explicit
/// effects.
fn is_token(perm: &Permanent) -> bool {
    if perm.has_type("Token") {
        return true;
    }
    let name = perm.name.trim();
    let subtypes = perm.subtypes.join(" ");
    name.to_ascii_lowercase().ends_with(" token") || (!subtypes.is_empty() && name.eq_ignore_ascii_case(&subtypes))
}

/// The basic land types whose mana ability a land has (CR 305.6).
const BASIC_TYPES: [&str; 5] = ["Plains", "Island", "Swamp", "Mountain", "Forest"];

/// Whether a permanent's mana abilities are written on it: a `mana` entry, or a basic land type.
fn writes_its_mana(vb: &ValidBoard, p: usize) -> bool {
    !vb.mana[p].is_empty() || BASIC_TYPES.iter().any(|t| vb.perm(p).has_subtype(t))
}

/// The unknown-name warnings (issue 13): a permanent whose name is neither in the catalog nor a
/// known plain card is read as a card with no abilities that matter for attacking, and a user who
/// meant `Propaganda` and wrote `Propoganda` must hear of it. Not warned about: tokens, nameless
/// permanents and placeholder names (described by their fields), a permanent an effect names as
/// its `source` (its abilities are written as effects), and one whose mana abilities are written
/// (`mana`, a basic land type: a land or mana rock described by what it makes). A known plain
/// card whose mana ability is missing from the permanent (a Forest without the Forest subtype)
/// is warned about too: it makes no mana as written.
fn warn_about_names(vb: &ValidBoard) -> (Vec<Warning>, Vec<Assumption>) {
    let sources = effect_sources(vb);
    let mut names: HashMap<String, Name> = HashMap::new();
    let mut budget = SUGGESTION_BUDGET;
    let mut warnings = Vec::new();
    let mut assumptions = Vec::new();
    for (p, perm) in vb.board.permanents.iter().enumerate() {
        let name = perm.name.trim();
        if name.is_empty() {
            continue;
        }
        let kind = names.entry(name.to_lowercase()).or_insert_with(|| {
            if lookup(name).is_some() {
                Name::Catalog
            } else if let Some(k) = known_card(name) {
                Name::Known(k)
            } else if is_placeholder(name) {
                Name::Placeholder
            } else {
                Name::Unknown(None)
            }
        });
        match kind {
            Name::Catalog | Name::Placeholder => {}
            Name::Known(k) => {
                let makes: Vec<&str> = if k.mana.is_empty() {
                    k.subtypes.iter().filter(|t| BASIC_TYPES.contains(*t)).map(|t| basic_mana(t)).collect()
                } else {
                    k.mana.iter().map(|m| if *m == "any_color" { "one mana of any color" } else { m }).collect()
                };
                if !makes.is_empty() && !writes_its_mana(vb, p) {
                    let missing = if k.mana.is_empty() {
                        let types: Vec<&str> = k.subtypes.iter().copied().filter(|t| BASIC_TYPES.contains(t)).collect();
                        format!("neither the subtype {} nor a \"mana\" entry", types.join(" or "))
                    } else {
                        "no \"mana\" entry".to_string()
                    };
                    warnings.push(Warning::new(
                        format!("permanents[{p}].mana"),
                        format!("{} makes {}, but this permanent has {missing}: it is read as making no mana", k.name, makes.join(" or ")),
                    ));
                }
            }
            Name::Unknown(suggestion) => {
                // Oracle text describes it too: what of it is not understood gets its own warning.
                let described = is_token(perm) || writes_its_mana(vb, p) || named_source(&sources, perm) || perm.oracle_text.is_some();
                if described {
                    continue;
                }
                let suggestion = *suggestion.get_or_insert_with(|| did_you_mean(name, &mut budget));
                warnings.push(
                    Warning::new(format!("permanents[{p}].name"), unknown_name_message(perm, suggestion))
                        .in_words(unknown_name_words(perm, suggestion)),
                );
                assumptions.push(Assumption {
                    kind: AssumptionKind::UnknownCard,
                    path: format!("permanents[{p}].name"),
                    permanent: perm.id.clone(),
                    card: perm.name.clone(),
                    clause: None,
                    needs: None,
                });
            }
        }
    }
    (warnings, assumptions)
}

/// What the explicit effects of a board name as their `source`, lower case: a source names a
/// permanent by its id or name, alone or followed by a parenthesis ("Vow of Duty (C's aura on
/// q)", as explanations read best).
fn effect_sources(vb: &ValidBoard) -> HashSet<String> {
    vb.board
        .effects
        .iter()
        .filter_map(|e| e.source.as_deref())
        .map(|s| {
            let s = s.trim();
            let named = if s.ends_with(')') { s.split_once(" (").map_or(s, |(name, _)| name) } else { s };
            named.trim().to_lowercase()
        })
        .collect()
}

/// Whether an explicit effect names this permanent (by id or name) as its source.
fn named_source(sources: &HashSet<String>, perm: &Permanent) -> bool {
    sources.contains(&perm.id.to_lowercase()) || (!perm.name.trim().is_empty() && sources.contains(&perm.name.trim().to_lowercase()))
}

/// The mana a basic land type's ability makes (CR 305.6).
fn basic_mana(t: &str) -> &'static str {
    match t {
        "Plains" => "{W}",
        "Island" => "{U}",
        "Swamp" => "{B}",
        "Mountain" => "{R}",
        _ => "{G}",
    }
}

fn unknown_name_message(perm: &Permanent, suggestion: Option<&str>) -> String {
    // Quote at most 100 characters of the name: the message stays readable.
    let shown: String = perm.name.trim().chars().take(100).collect();
    let mut m = format!("\"{shown}\" is not a card attackopt knows");
    if let Some(s) = suggestion {
        m.push_str(&format!(" (did you mean \"{s}\"?)"));
    }
    m.push_str(&format!(
        ": it is read as having no abilities that matter for attacking or blocking. If it has some, write them as effects with \"source\": \"{}\"",
        perm.id
    ));
    if perm.is_creature() {
        m.push_str("; if it is a token, add \"Token\" to its types");
    }
    m.push_str(" (`attackopt cards` lists the cards known by name)");
    m
}

/// [`unknown_name_message`] said to a person at a table (issue 40).
fn unknown_name_words(perm: &Permanent, suggestion: Option<&str>) -> String {
    let mean = suggestion.map_or(String::new(), |s| format!(" (did you mean {s}?)"));
    let token = if perm.is_creature() { "; if it is a token, say so in its types" } else { "" };
    format!(
        "attackopt does not know this card{mean}, so it is read as having no abilities that matter for attacking or blocking. If it \
         has some, correct its name, give a card source (--cards) that has it, or describe its abilities as effects{token}"
    )
}

impl Card {
    /// The Comprehensive Rules numbers its summary cites: "(CR 508.1d, 508.1g-h)" gives
    /// `508.1d` and `508.1g-h`.
    pub fn rules(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        let mut rest = self.summary;
        while let Some(i) = rest.find("CR ") {
            rest = &rest[i + "CR ".len()..];
            loop {
                rest = rest.trim_start();
                let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-')).unwrap_or(rest.len());
                let number = rest[..end].trim_end_matches('.');
                if !number.starts_with(|c: char| c.is_ascii_digit()) {
                    break;
                }
                out.push(number);
                rest = &rest[end..];
                match rest.strip_prefix(',') {
                    Some(r) => rest = r,
                    None => break,
                }
            }
        }
        out
    }
}

/// `attackopt cards` and the MCP tool `list_cards`: the names attackopt understands.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct CardList {
    /// The catalog: cards whose effects on attacking attackopt computes from the board.
    pub cards: Vec<CardEntry>,
    /// Cards known by name that have no effect on attacking of their own: what matters about
    /// them (types, power, keywords, mana) is in the permanent's fields. Named on a board, they
    /// get no warning; any name in neither list does.
    pub plain_cards: Vec<String>,
}

/// One catalog card.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
pub struct CardEntry {
    /// The card's name, as a board writes it (any case).
    pub name: String,
    /// What it does for declaring attackers, in one line, with its rules.
    pub summary: String,
    /// The Comprehensive Rules numbers it relies on, such as `508.1d`.
    pub cr: Vec<String>,
}

/// The catalog in its order, and the plain cards in alphabetical order.
pub fn card_list() -> CardList {
    let cards = CATALOG
        .iter()
        .map(|c| CardEntry { name: c.name.to_string(), summary: c.summary.to_string(), cr: c.rules().into_iter().map(String::from).collect() })
        .collect();
    let mut plain_cards: Vec<String> = KNOWN_CARDS.iter().filter(|k| lookup(k.name).is_none()).map(|k| k.name.to_string()).collect();
    plain_cards.sort();
    CardList { cards, plain_cards }
}

impl CardList {
    /// `attackopt cards` as text: one line per catalog card, then the plain cards.
    pub fn to_text(&self) -> String {
        let mut s = format!("{} cards whose effects attackopt computes from the board:\n", self.cards.len());
        for c in &self.cards {
            s.push_str(&format!("  {}: {}\n", c.name, c.summary));
        }
        s.push_str(&format!(
            "\n{} plain cards, known by name and read from the permanent's fields (types, power, keywords, mana); \
             any other name gets a warning:\n",
            self.plain_cards.len()
        ));
        let mut line = String::from(" ");
        for (i, name) in self.plain_cards.iter().enumerate() {
            // Semicolons: some names have commas ("Teferi, Hero of Dominaria").
            let item = if i + 1 < self.plain_cards.len() { format!(" {name};") } else { format!(" {name}") };
            if line.len() + item.len() > 100 {
                s.push_str(&line);
                s.push('\n');
                line = String::from(" ");
            }
            line.push_str(&item);
        }
        s.push_str(&line);
        s.push('\n');
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_covers_every_card_spec_md_names() {
        let spec = [
            "Propaganda",
            "Ghostly Prison",
            "Windborn Muse",
            "Sphere of Safety",
            "Norn's Annex",
            "Collective Restraint",
            "Koskun Falls",
            "Baird, Steward of Argive",
            "Archangel of Tithes",
            "Elephant Grass",
            "Silent Arbiter",
            "Caverns of Despair",
            "Crawlspace",
            "Dueling Grounds",
            "Blazing Archon",
            "Moat",
            "Magus of the Moat",
            "Ensnaring Bridge",
            "Pacifism",
            "Brainwash",
            "Mogg Flunkies",
            "Orcish Conscripts",
            "Master of Cruelties",
            "Juggernaut",
            "Ekundu Cyclops",
            "Goblin Rabblemaster",
            "Avatar of Slaughter",
            "Fumiko the Lowblood",
            "Trove of Temptation",
            "Sea Serpent",
            "Goblin Goon",
            "Llanowar Elves",
            "Sol Ring",
            "Exotic Orchard",
            "Fellwar Stone",
            "Reflecting Pool",
        ];
        for name in spec {
            assert!(lookup(name).is_some(), "{name} missing from the catalog");
        }
        assert!(lookup("grizzly bears").is_none());
    }

    #[test]
    fn every_catalog_card_cites_its_rules() {
        for card in CATALOG {
            let rules = card.rules();
            assert!(!rules.is_empty(), "{}: no CR number in its summary", card.name);
            for r in rules {
                assert!(r.len() >= 3 && r.starts_with(|c: char| c.is_ascii_digit()) && !r.ends_with(['.', '-']), "{}: {r:?}", card.name);
            }
        }
        let propaganda = lookup("Propaganda").map(Card::rules);
        assert_eq!(propaganda, Some(vec!["508.1d", "508.1g-h"]));
        assert_eq!(lookup("Norn's Annex").map(Card::rules), Some(vec!["107.4f", "119.4"]));
    }

    #[test]
    fn did_you_mean_finds_typos_only() {
        let mut budget = SUGGESTION_BUDGET;
        assert_eq!(did_you_mean("Propoganda", &mut budget), Some("Propaganda"));
        assert_eq!(did_you_mean("norns annex", &mut budget), Some("Norn's Annex"));
        assert_eq!(did_you_mean("Grizly Bears", &mut budget), Some("Grizzly Bears"));
        assert_eq!(did_you_mean("Tarmogoyf", &mut budget), None);
        assert_eq!(did_you_mean("Kaalia of the Vast", &mut budget), None);
        // Out of budget: no suggestion, never a slow board.
        let mut none_left = 10;
        assert_eq!(did_you_mean("Propoganda", &mut none_left), None);
    }

    #[test]
    fn tokens_and_placeholders() {
        let mut goblin = Permanent::new("t", "Goblin", "A", &["Creature"]);
        assert!(!is_token(&goblin));
        goblin.subtypes = vec!["Goblin".into()];
        assert!(is_token(&goblin));
        assert!(is_token(&Permanent::new("t", "Soldier Token", "A", &["Creature"])));
        assert!(is_token(&Permanent::new("t", "Tarmogoyf", "A", &["Creature", "Token"])));
        assert!(!is_token(&Permanent::new("t", "Tarmogoyf", "A", &["Creature"])));
        assert!(is_placeholder("Creature 12") && is_placeholder("creature") && is_placeholder("Land 3"));
        assert!(!is_placeholder("Creature Bears") && !is_placeholder("Grizzly Bears 2"));
    }
}
