//! The named-card catalog (docs/format.md "Cards known by name").
//!
//! A permanent whose `name` is in the catalog contributes effects written in the same language
//! as the board's explicit effects ([`EffectKind`]), computed from the board as it stands: Sphere
//! of Safety counts its controller's enchantments now, Archangel of Tithes taxes only while
//! untapped, Sea Serpent becomes one "can't attack" per defending player without an Island.
//! Everything downstream treats card effects and explicit effects alike.
//!
//! Each entry says in our own words what the card does and which rule or ruling it relies on.

use crate::board::{EffectKind, Filter, LandsOf, ManaAbility, Selector, TargetSpec, ValidBoard, Warning};
use crate::vocab::symbol::{ManaType, Symbol, TypeSet};

/// One catalog entry.
pub struct Card {
    /// The card's name (matched in any case).
    pub name: &'static str,
    /// What the card does for declaring attackers, in our words, with its rule.
    pub summary: &'static str,
    effects: fn(&CardView, usize) -> Vec<EffectKind>,
    mana: fn() -> Vec<ManaAbility>,
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
fn tax(target: TargetSpec, generic: u32) -> EffectKind {
    EffectKind::AttackCost { creatures: Selector::All, target: Some(target), cost: vec![Symbol::Generic(generic)] }
}
fn this(p: usize) -> Selector {
    Selector::Ids(vec![p])
}
fn mana_fixed(units: &[TypeSet]) -> Vec<ManaAbility> {
    vec![ManaAbility::Fixed(units.to_vec())]
}

/// The catalog. Card text is paraphrased; rulings are cited by card and date.
pub static CATALOG: &[Card] = &[
    Card {
        name: "Propaganda",
        summary: "Creatures can't attack its controller unless their controller pays {2} for each (CR 508.1d, 508.1g-h); planeswalkers are not covered.",
        effects: |vb, p| vec![tax(you(vb, p), 2)],
        mana: no_mana,
    },
    Card {
        name: "Ghostly Prison",
        summary: "As Propaganda: {2} for each creature attacking its controller (CR 508.1d, 508.1g-h).",
        effects: |vb, p| vec![tax(you(vb, p), 2)],
        mana: no_mana,
    },
    Card {
        name: "Windborn Muse",
        summary: "As Propaganda: {2} for each creature attacking its controller (CR 508.1d, 508.1g-h).",
        effects: |vb, p| vec![tax(you(vb, p), 2)],
        mana: no_mana,
    },
    Card {
        name: "Koskun Falls",
        summary: "{2} for each creature attacking its controller (CR 508.1d, 508.1g-h).",
        effects: |vb, p| vec![tax(you(vb, p), 2)],
        mana: no_mana,
    },
    Card {
        name: "Sphere of Safety",
        summary: "{X} for each creature attacking its controller or their planeswalkers, X = the enchantments its controller controls now, auras on others' creatures included (CR 508.1d; Sphere of Safety rulings).",
        effects: |vb, p| {
            let x = facts(vb).enchantments[vb.controller[p]];
            vec![tax(you_or_your_planeswalkers(vb, p), x)]
        },
        mana: no_mana,
    },
    Card {
        name: "Norn's Annex",
        summary: "{W/P} for each creature attacking its controller or their planeswalkers: one white mana or 2 life each (CR 107.4f, 119.4; Norn's Annex rulings 2011-06-01).",
        effects: |vb, p| {
            vec![EffectKind::AttackCost {
                creatures: Selector::All,
                target: Some(you_or_your_planeswalkers(vb, p)),
                cost: vec![Symbol::Phyrexian(ManaType::W)],
            }]
        },
        mana: no_mana,
    },
    Card {
        name: "Collective Restraint",
        summary: "Domain: {X} for each creature attacking its controller, X = basic land types among lands its controller controls (CR 508.1d, 305.6).",
        effects: |vb, p| {
            let x = facts(vb).basic_land_types[vb.controller[p]].count_ones();
            vec![tax(you(vb, p), x)]
        },
        mana: no_mana,
    },
    Card {
        name: "Baird, Steward of Argive",
        summary: "{1} for each creature attacking its controller or their planeswalkers (CR 508.1d, 508.1g-h).",
        effects: |vb, p| vec![tax(you_or_your_planeswalkers(vb, p), 1)],
        mana: no_mana,
    },
    Card {
        name: "Archangel of Tithes",
        summary: "While untapped: {1} for each creature attacking its controller or their planeswalkers (CR 508.1d; Archangel of Tithes rulings).",
        effects: |vb, p| if vb.perm(p).tapped { vec![] } else { vec![tax(you_or_your_planeswalkers(vb, p), 1)] },
        mana: no_mana,
    },
    Card {
        name: "Nils, Discipline Enforcer",
        summary: "Each creature with counters can't attack its controller or their planeswalkers unless its controller pays {X}, X = that creature's counters (CR 508.1d).",
        effects: |vb, p| {
            facts(vb)
                .countered_attackers
                .iter()
                .map(|&q| EffectKind::AttackCost {
                    creatures: this(q),
                    target: Some(you_or_your_planeswalkers(vb, p)),
                    cost: vec![Symbol::Generic(vb.perm(q).counters)],
                })
                .collect()
        },
        mana: no_mana,
    },
    Card {
        name: "Elephant Grass",
        summary: "Black creatures can't attack its controller; nonblack creatures can't unless their controller pays {2} for each (CR 508.1c-d).",
        effects: |vb, p| {
            let black = Filter { color: Some(ManaType::B), ..Default::default() };
            let nonblack = Filter { not_color: Some(ManaType::B), ..Default::default() };
            vec![
                EffectKind::CantAttack { creatures: Selector::Filter(black), target: Some(you(vb, p)) },
                EffectKind::AttackCost { creatures: Selector::Filter(nonblack), target: Some(you(vb, p)), cost: vec![Symbol::Generic(2)] },
            ]
        },
        mana: no_mana,
    },
    Card {
        name: "Silent Arbiter",
        summary: "No more than one creature can attack each combat (CR 508.1c).",
        effects: |_, _| vec![EffectKind::MaxAttackers { count: 1, target: None, per_turn: false }],
        mana: no_mana,
    },
    Card {
        name: "Caverns of Despair",
        summary: "No more than two creatures can attack each combat (CR 508.1c).",
        effects: |_, _| vec![EffectKind::MaxAttackers { count: 2, target: None, per_turn: false }],
        mana: no_mana,
    },
    Card {
        name: "Crawlspace",
        summary: "No more than two creatures can attack its controller each combat; their planeswalkers are not counted (CR 508.1c).",
        effects: |vb, p| vec![EffectKind::MaxAttackers { count: 2, target: Some(you(vb, p)), per_turn: false }],
        mana: no_mana,
    },
    Card {
        name: "Dueling Grounds",
        summary: "No more than one creature can attack each turn: creatures that already attacked this turn count (CR 508.1c, 506.1).",
        effects: |_, _| vec![EffectKind::MaxAttackers { count: 1, target: None, per_turn: true }],
        mana: no_mana,
    },
    Card {
        name: "Blazing Archon",
        summary: "Creatures can't attack its controller; their planeswalkers may still be attacked (CR 508.1c).",
        effects: |vb, p| vec![EffectKind::CantAttack { creatures: Selector::All, target: Some(you(vb, p)) }],
        mana: no_mana,
    },
    Card {
        name: "Moat",
        summary: "Creatures without flying can't attack (CR 508.1c).",
        effects: |_, _| vec![moat()],
        mana: no_mana,
    },
    Card {
        name: "Magus of the Moat",
        summary: "As Moat: creatures without flying can't attack (CR 508.1c).",
        effects: |_, _| vec![moat()],
        mana: no_mana,
    },
    Card {
        name: "Ensnaring Bridge",
        summary: "Creatures with power greater than the number of cards in its controller's hand can't attack (CR 508.1c).",
        effects: |vb, p| {
            let hand = vb.board.players[vb.controller[p]].hand as i64;
            vec![EffectKind::CantAttack {
                creatures: Selector::Filter(Filter { power_greater_than: Some(hand), ..Default::default() }),
                target: None,
            }]
        },
        mana: no_mana,
    },
    Card {
        name: "Pacifism",
        summary: "The enchanted creature can't attack (CR 508.1c); needs attached_to.",
        effects: |vb, p| vb.attached_to[p].map(|c| EffectKind::CantAttack { creatures: this(c), target: None }).into_iter().collect(),
        mana: no_mana,
    },
    Card {
        name: "Brainwash",
        summary: "The enchanted creature can't attack unless its controller pays {3} (CR 508.1d, 508.1g-h); needs attached_to.",
        effects: |vb, p| {
            vb.attached_to[p]
                .map(|c| EffectKind::AttackCost { creatures: this(c), target: None, cost: vec![Symbol::Generic(3)] })
                .into_iter()
                .collect()
        },
        mana: no_mana,
    },
    Card {
        name: "Mogg Flunkies",
        summary: "Can't attack alone: another creature must attack too, whatever it attacks (CR 506.5, 508.1c).",
        effects: |_, p| vec![EffectKind::MinOtherAttackers { creatures: this(p), count: 1 }],
        mana: no_mana,
    },
    Card {
        name: "Orcish Conscripts",
        summary: "Can't attack unless at least two other creatures attack (CR 508.1c).",
        effects: |_, p| vec![EffectKind::MinOtherAttackers { creatures: this(p), count: 2 }],
        mana: no_mana,
    },
    Card {
        name: "Master of Cruelties",
        summary: "Can only attack alone: if it attacks, no other creature does (CR 506.5, 508.1c).",
        effects: |_, p| vec![EffectKind::AttacksOnlyAlone { creatures: this(p) }],
        mana: no_mana,
    },
    Card {
        name: "Juggernaut",
        summary: "Attacks each combat if able (CR 508.1d).",
        effects: |_, p| vec![EffectKind::AttacksIfAble { creatures: this(p), target: None }],
        mana: no_mana,
    },
    Card {
        name: "Goblin Rabblemaster",
        summary: "Other Goblin creatures its controller controls attack each combat if able (CR 508.1d); not itself.",
        effects: |vb, p| {
            let f = Filter { controller: Some(vb.controller[p]), subtype: Some("Goblin".into()), except: vec![p], ..Default::default() };
            vec![EffectKind::AttacksIfAble { creatures: Selector::Filter(f), target: None }]
        },
        mana: no_mana,
    },
    Card {
        name: "Avatar of Slaughter",
        summary: "All creatures attack each combat if able (CR 508.1d).",
        effects: |_, _| vec![EffectKind::AttacksIfAble { creatures: Selector::All, target: None }],
        mana: no_mana,
    },
    Card {
        name: "Fumiko the Lowblood",
        summary: "Creatures its controller's opponents control attack each combat if able (CR 508.1d).",
        effects: |vb, p| {
            let f = Filter { opponents_of: Some(vb.controller[p]), ..Default::default() };
            vec![EffectKind::AttacksIfAble { creatures: Selector::Filter(f), target: None }]
        },
        mana: no_mana,
    },
    Card {
        name: "Trove of Temptation",
        summary: "Each opponent must attack its controller or their planeswalkers with at least one creature if able: one requirement per opponent (CR 508.1d; Trove of Temptation rulings 2017-06-13).",
        effects: |vb, p| {
            let c = vb.controller[p];
            (0..vb.board.players.len())
                .filter(|&o| vb.opponents(o, c))
                .map(|o| EffectKind::PlayerAttacksIfAble { player: o, target: you_or_your_planeswalkers(vb, p) })
                .collect()
        },
        mana: no_mana,
    },
    Card {
        name: "Sea Serpent",
        summary: "Can't attack unless the defending player controls an Island; decided per target, for the player attacked, a planeswalker's controller or a battle's protector (CR 508.5, 802.2a).",
        effects: |vb, p| {
            (0..vb.board.players.len())
                .filter(|&d| !facts(vb).islands[d])
                .map(|d| EffectKind::CantAttack { creatures: this(p), target: Some(defended_by(d)) })
                .collect()
        },
        mana: no_mana,
    },
    Card {
        name: "Goblin Goon",
        summary: "Can't attack unless its controller controls more creatures than the defending player; decided per target (CR 508.5, 802.2a).",
        effects: |vb, p| {
            let creatures = &facts(vb).creatures;
            let mine = creatures[vb.controller[p]];
            (0..vb.board.players.len())
                .filter(|&d| mine <= creatures[d])
                .map(|d| EffectKind::CantAttack { creatures: this(p), target: Some(defended_by(d)) })
                .collect()
        },
        mana: no_mana,
    },
    Card {
        name: "Llanowar Elves",
        summary: "{T}: add {G} (a creature: needs to be free of summoning sickness or have haste, CR 302.6).",
        effects: none,
        mana: || mana_fixed(&[TypeSet::one(ManaType::G)]),
    },
    Card {
        name: "Sol Ring",
        summary: "{T}: add {C}{C}.",
        effects: none,
        mana: || mana_fixed(&[TypeSet::one(ManaType::C), TypeSet::one(ManaType::C)]),
    },
    Card {
        name: "Exotic Orchard",
        summary: "{T}: add one mana of any color a land an opponent controls could produce (CR 106.7).",
        effects: none,
        mana: || vec![ManaAbility::CouldProduce { lands: LandsOf::Opponents, colors_only: true }],
    },
    Card {
        name: "Fellwar Stone",
        summary: "{T}: add one mana of any color a land an opponent controls could produce (CR 106.7).",
        effects: none,
        mana: || vec![ManaAbility::CouldProduce { lands: LandsOf::Opponents, colors_only: true }],
    },
    Card {
        name: "Reflecting Pool",
        summary: "{T}: add one mana of any type a land you control could produce, colorless included (CR 106.7).",
        effects: none,
        mana: || vec![ManaAbility::CouldProduce { lands: LandsOf::Controller, colors_only: false }],
    },
];

fn moat() -> EffectKind {
    let f = Filter { without_keyword: Some("Flying".into()), ..Default::default() };
    EffectKind::CantAttack { creatures: Selector::Filter(f), target: None }
}

/// The catalog entry for a card name (case-insensitive).
pub fn lookup(name: &str) -> Option<&'static Card> {
    CATALOG.iter().find(|c| c.name.eq_ignore_ascii_case(name.trim()))
}

/// The effects named permanent `p` contributes on this board (none for a name not in the catalog).
pub fn card_effects(vb: &CardView, p: usize) -> Vec<EffectKind> {
    lookup(&vb.perm(p).name).map(|card| (card.effects)(vb, p)).unwrap_or_default()
}

/// The mana abilities a permanent has: its explicit `mana`, plus those its basic land types
/// imply (CR 305.6) and those of its catalog entry, without duplicates.
pub fn mana_abilities(vb: &ValidBoard, p: usize) -> Vec<ManaAbility> {
    let perm = vb.perm(p);
    let mut out = vb.mana[p].clone();
    let basics = [("Plains", ManaType::W), ("Island", ManaType::U), ("Swamp", ManaType::B), ("Mountain", ManaType::R), ("Forest", ManaType::G)];
    for (sub, t) in basics {
        if perm.has_subtype(sub) {
            out.push(ManaAbility::Fixed(vec![TypeSet::one(t)]));
        }
    }
    if let Some(card) = lookup(&perm.name) {
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

/// Warnings about named cards whose effect can't be computed (an aura not attached); raised by
/// [`crate::Position::new`], so that `board` knows nothing of the catalog.
pub(crate) fn warn_about_board(vb: &mut ValidBoard) {
    for p in 0..vb.board.permanents.len() {
        let perm = vb.perm(p);
        let Some(card) = lookup(&perm.name) else { continue };
        let needs_attachment = matches!(card.name, "Pacifism" | "Brainwash");
        let attached = vb.attached_to[p];
        if needs_attachment && attached.is_none() {
            vb.warnings
                .push(Warning { path: format!("permanents[{p}].attached_to"), message: format!("{} has no effect without attached_to", card.name) });
        } else if let (true, Some(c)) = (needs_attachment, attached) {
            if !vb.perm(c).is_creature() {
                vb.warnings.push(Warning {
                    path: format!("permanents[{p}].attached_to"),
                    message: format!("{} is attached to \"{}\", which is not a creature", card.name, vb.perm(c).id),
                });
            }
        }
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
}
