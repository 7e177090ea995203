//! The block rules (docs/blocks.md "Rules"): a board with `combat` expands to plain data about
//! its declaration of blockers (CR 509.1), read by the exhaustive checker
//! (`crate::legality::blocks`) as [`super::Rules`] is read for attacks.
//!
//! Built in slice 2: CR 509.1a (who may block what), flying and reach (702.9b, 702.17b), menace
//! (702.111b), `cant_block` (509.1b), `blocks_if_able` and `lure` (509.1c). Every blocker can
//! block one attacker (no `can_block_additional` yet) and no block has a cost (slice 3).

use super::expand::{card_source, selects};
use super::{Target, TargetKind};
use crate::board::{EffectKind, InputError, ValidBoard};

/// An attacking creature of `combat.attacks`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attacker {
    /// Index in the board's permanents.
    pub permanent: usize,
    /// Its id.
    pub id: String,
    /// What it attacks: an index into the attack rules' targets.
    pub target: usize,
    /// The defending player it attacks (CR 506.2): the player, the planeswalker's controller,
    /// the battle's protector.
    pub defender: usize,
    /// It has flying (CR 702.9b).
    pub flying: bool,
}

/// A creature a defending player controls, able to block or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocker {
    /// Index in the board's permanents.
    pub permanent: usize,
    /// Its id.
    pub id: String,
    /// Its controller.
    pub controller: usize,
    /// How many attackers it can block (CR 509.1a): 1 in this slice.
    pub capacity: usize,
    /// Why it can't block at all (tapped, a battle; CR 509.1a); None when it may.
    pub ineligible: Option<String>,
    /// The attackers CR 509.1a lets it block: attacking its controller, a planeswalker they
    /// control or a battle they protect (the team's under shared team turns, CR 810.7). Empty
    /// when ineligible.
    pub legal: Vec<usize>,
    /// `legal` less the pairs a restriction bans (flying, `cant_block`): what a declaration
    /// obeying every restriction may use, the exhaustive checker's choices.
    pub allowed: Vec<usize>,
}

/// A restriction on blocks (CR 509.1b).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockRestrictionKind {
    /// The blocker can't block (`cant_block`).
    CantBlock {
        /// The blocker.
        blocker: usize,
    },
    /// The attacker can't be blocked except by creatures with flying or reach (CR 702.9b,
    /// 702.17b).
    Flying {
        /// The attacker.
        attacker: usize,
    },
    /// The attacker can't be blocked except by `count` or more creatures (menace: 2, CR
    /// 702.111b).
    AtLeast {
        /// The attacker.
        attacker: usize,
        /// The fewest blockers, when blocked.
        count: usize,
    },
}

/// A restriction with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockRestriction {
    /// What it restricts.
    pub kind: BlockRestrictionKind,
    /// The effect or card it comes from.
    pub source: String,
}

/// A requirement on blocks (CR 509.1c).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockRequirementKind {
    /// The blocker blocks (any attacker) if able (`blocks_if_able`).
    Blocks {
        /// The blocker.
        blocker: usize,
    },
    /// The blocker blocks this attacker if able (`lure`: one per able blocker).
    BlocksAttacker {
        /// The blocker.
        blocker: usize,
        /// The attacker.
        attacker: usize,
    },
}

/// A requirement with where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockRequirement {
    /// What it requires.
    pub kind: BlockRequirementKind,
    /// The effect or card it comes from.
    pub source: String,
    /// False on a creature that can't block at all: listed, counted nowhere (as for attacks).
    pub counts: bool,
}

impl BlockRequirement {
    /// The blocker it is on.
    pub fn blocker(&self) -> usize {
        match self.kind {
            BlockRequirementKind::Blocks { blocker } | BlockRequirementKind::BlocksAttacker { blocker, .. } => blocker,
        }
    }
}

/// A declaration of blockers in plain form: for each blocker (index into
/// [`BlockRules::blockers`]), the attackers it blocks.
pub type BlockAssignment = Vec<Vec<usize>>;

/// The plain rules of a declaration of blockers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockRules {
    /// The attacking creatures, in `combat.attacks` order.
    pub attackers: Vec<Attacker>,
    /// Every creature a defending player controls.
    pub blockers: Vec<Blocker>,
    /// The restrictions (CR 509.1b).
    pub restrictions: Vec<BlockRestriction>,
    /// The requirements (CR 509.1c).
    pub requirements: Vec<BlockRequirement>,
    /// The defending players (CR 506.2), sorted.
    pub defending_players: Vec<usize>,
}

/// The block rules of a board with `combat`; None for a board without. `targets` are the attack
/// rules' targets (each with its defending player). Bad input (exit 2) names
/// `combat.attacks[i].creature` or `.target`.
pub fn block_rules(vb: &ValidBoard, targets: &[Target]) -> Result<Option<BlockRules>, InputError> {
    let Some(combat) = &vb.board.combat else { return Ok(None) };
    let mut attackers = Vec::with_capacity(combat.attacks.len());
    for (i, a) in combat.attacks.iter().enumerate() {
        let at = |f: &str| format!("combat.attacks[{i}].{f}");
        // Ids were checked when the board was read.
        let Some(p) = vb.permanent_index(&a.creature) else { return Err(InputError::new(&vb.file, at("creature"), "expected a permanent id")) };
        if !vb.perm(p).is_creature() || !vb.declares_attackers(vb.controller[p]) {
            return Err(InputError::new(
                &vb.file,
                at("creature"),
                format!(
                    "expected a creature of the attacking side (controlled by {}), found {} (CR 508.1a)",
                    vb.player_label(vb.active),
                    vb.permanent_label(p)
                ),
            ));
        }
        let t = targets.iter().position(|t| t.id == a.target);
        let Some((t, defender)) = t.and_then(|t| targets[t].defender.map(|d| (t, d))) else {
            return Err(InputError::new(
                &vb.file,
                at("target"),
                format!("expected a player, a planeswalker or a battle with a defending player (CR 506.2), found \"{}\"", a.target),
            ));
        };
        if vb.declares_attackers(defender) {
            return Err(InputError::new(
                &vb.file,
                at("target"),
                format!("expected a target of an opponent of the attacking side, found \"{}\" (CR 508.1b)", a.target),
            ));
        }
        attackers.push(Attacker { permanent: p, id: a.creature.clone(), target: t, defender, flying: vb.perm(p).has_keyword("Flying") });
    }
    let shared = vb.board.variant.shared_team_turns;
    let mut defending_players: Vec<usize> = attackers.iter().map(|a| a.defender).collect();
    if shared {
        // CR 810.7 (shared team turns): the defending team's players each defend.
        defending_players = (0..vb.board.players.len()).filter(|&p| defending_players.iter().any(|&d| vb.same_team(p, d))).collect();
    }
    defending_players.sort_unstable();
    defending_players.dedup();
    let mut blockers = Vec::new();
    for (p, perm) in vb.board.permanents.iter().enumerate() {
        let controller = vb.controller[p];
        if !perm.is_creature() || defending_players.binary_search(&controller).is_err() {
            continue;
        }
        // CR 509.1a: untapped creatures, not battles.
        let ineligible = if perm.tapped {
            Some("it is tapped (CR 509.1a)".to_string())
        } else if perm.has_type("Battle") {
            Some("it is a battle, and only creatures that are not battles block (CR 509.1a)".to_string())
        } else {
            None
        };
        // CR 509.1a: the attacker attacks the blocker's controller, a planeswalker they control
        // or a battle they protect; the team's under shared team turns (CR 810.7).
        let legal: Vec<usize> = if ineligible.is_some() {
            vec![]
        } else {
            (0..attackers.len())
                .filter(|&a| attackers[a].defender == controller || (shared && vb.same_team(attackers[a].defender, controller)))
                .collect()
        };
        blockers.push(Blocker { permanent: p, id: perm.id.clone(), controller, capacity: 1, ineligible, allowed: legal.clone(), legal });
    }
    let mut rules = BlockRules { attackers, blockers, restrictions: vec![], requirements: vec![], defending_players };
    rules.add_keywords(vb);
    rules.add_effects(vb);
    rules.settle_allowed(vb);
    Ok(Some(rules))
}

impl BlockRules {
    /// The blocker that is permanent `p`, if any.
    pub fn blocker_index(&self, p: usize) -> Option<usize> {
        self.blockers.iter().position(|b| b.permanent == p)
    }

    /// The attacker that is permanent `p`, if any.
    pub fn attacker_index(&self, p: usize) -> Option<usize> {
        self.attackers.iter().position(|a| a.permanent == p)
    }

    /// No creature blocks.
    pub fn no_block(&self) -> BlockAssignment {
        vec![Vec::new(); self.blockers.len()]
    }

    /// The keywords' restrictions: flying (CR 702.9b), menace (CR 702.111b).
    fn add_keywords(&mut self, vb: &ValidBoard) {
        for (a, attacker) in self.attackers.iter().enumerate() {
            let perm = vb.perm(attacker.permanent);
            if attacker.flying {
                let source = format!("{}: flying", card_source(vb, attacker.permanent));
                self.restrictions.push(BlockRestriction { kind: BlockRestrictionKind::Flying { attacker: a }, source });
            }
            if perm.has_keyword("Menace") {
                let source = format!("{}: menace", card_source(vb, attacker.permanent));
                self.restrictions.push(BlockRestriction { kind: BlockRestrictionKind::AtLeast { attacker: a, count: 2 }, source });
            }
        }
    }

    /// The board's effects about blocks; the attack effects say nothing here.
    fn add_effects(&mut self, vb: &ValidBoard) {
        for e in &vb.effects {
            match &e.kind {
                EffectKind::CantBlock { creatures } => {
                    for b in (0..self.blockers.len()).filter(|&b| selects(vb, creatures, self.blockers[b].permanent)) {
                        self.restrictions.push(BlockRestriction { kind: BlockRestrictionKind::CantBlock { blocker: b }, source: e.source.clone() });
                    }
                }
                EffectKind::BlocksIfAble { creatures } => {
                    for b in (0..self.blockers.len()).filter(|&b| selects(vb, creatures, self.blockers[b].permanent)) {
                        let counts = self.blockers[b].ineligible.is_none();
                        self.requirements.push(BlockRequirement {
                            kind: BlockRequirementKind::Blocks { blocker: b },
                            source: e.source.clone(),
                            counts,
                        });
                    }
                }
                // Lure's requirements need the pairs restrictions leave: added in `settle_allowed`.
                _ => {}
            }
        }
    }

    /// Whether a restriction bans the pair outright: flying without flying or reach (CR
    /// 702.9b, 702.17b), a blocker that can't block (CR 509.1b).
    pub fn banned(&self, vb: &ValidBoard, b: usize, a: usize) -> bool {
        self.restrictions.iter().any(|r| match r.kind {
            BlockRestrictionKind::CantBlock { blocker } => blocker == b,
            BlockRestrictionKind::Flying { attacker } => attacker == a && !can_block_flyer(vb, self.blockers[b].permanent),
            BlockRestrictionKind::AtLeast { .. } => false,
        })
    }

    /// Each blocker's allowed attackers, then lure's requirements over them: CR 509.1c, "all
    /// creatures able to block it do so" is one requirement per blocker able to block it.
    fn settle_allowed(&mut self, vb: &ValidBoard) {
        for b in 0..self.blockers.len() {
            let allowed: Vec<usize> = self.blockers[b].legal.iter().copied().filter(|&a| !self.banned(vb, b, a)).collect();
            self.blockers[b].allowed = allowed;
        }
        for e in &vb.effects {
            let EffectKind::Lure { creatures } = &e.kind else { continue };
            for a in (0..self.attackers.len()).filter(|&a| selects(vb, creatures, self.attackers[a].permanent)) {
                for b in (0..self.blockers.len()).filter(|&b| self.blockers[b].allowed.contains(&a)) {
                    let kind = BlockRequirementKind::BlocksAttacker { blocker: b, attacker: a };
                    self.requirements.push(BlockRequirement { kind, source: e.source.clone(), counts: true });
                }
            }
        }
    }

    /// Whether assignment `x` obeys restriction `r`.
    pub fn holds(&self, vb: &ValidBoard, r: &BlockRestriction, x: &BlockAssignment) -> bool {
        match r.kind {
            BlockRestrictionKind::CantBlock { blocker } => x[blocker].is_empty(),
            BlockRestrictionKind::Flying { attacker } => {
                (0..x.len()).all(|b| !x[b].contains(&attacker) || can_block_flyer(vb, self.blockers[b].permanent))
            }
            BlockRestrictionKind::AtLeast { attacker, count } => {
                let n = self.blockers_of(x, attacker).len();
                n == 0 || n >= count
            }
        }
    }

    /// The blockers blocking attacker `a` in `x`.
    pub fn blockers_of(&self, x: &BlockAssignment, a: usize) -> Vec<usize> {
        (0..x.len()).filter(|&b| x[b].contains(&a)).collect()
    }

    /// Whether assignment `x` obeys requirement `r`.
    pub fn obeys(&self, r: &BlockRequirement, x: &BlockAssignment) -> bool {
        match r.kind {
            BlockRequirementKind::Blocks { blocker } => !x[blocker].is_empty(),
            BlockRequirementKind::BlocksAttacker { blocker, attacker } => x[blocker].contains(&attacker),
        }
    }

    /// The requirements that count and `x` obeys.
    pub fn obeyed(&self, x: &BlockAssignment) -> usize {
        self.requirements.iter().filter(|r| r.counts && self.obeys(r, x)).count()
    }

    /// A restriction in words, citing its rule.
    pub fn restriction_text(&self, vb: &ValidBoard, r: &BlockRestriction) -> String {
        match r.kind {
            BlockRestrictionKind::CantBlock { blocker } => {
                format!("{} can't block (CR 509.1b)", vb.permanent_label(self.blockers[blocker].permanent))
            }
            BlockRestrictionKind::Flying { attacker } => format!(
                "{} has flying: it can't be blocked except by creatures with flying or reach (CR 702.9b, 702.17b)",
                vb.permanent_label(self.attackers[attacker].permanent)
            ),
            BlockRestrictionKind::AtLeast { attacker, count } => format!(
                "{} has menace: it can't be blocked except by {count} or more creatures (CR 702.111b)",
                vb.permanent_label(self.attackers[attacker].permanent)
            ),
        }
    }

    /// A requirement in words.
    pub fn requirement_text(&self, vb: &ValidBoard, r: &BlockRequirement) -> String {
        match r.kind {
            BlockRequirementKind::Blocks { blocker } => {
                format!("{} blocks each combat if able", vb.permanent_label(self.blockers[blocker].permanent))
            }
            BlockRequirementKind::BlocksAttacker { blocker, attacker } => format!(
                "{} blocks {} if able",
                vb.permanent_label(self.blockers[blocker].permanent),
                vb.permanent_label(self.attackers[attacker].permanent)
            ),
        }
    }

    /// The attacker's target in words: "B", "Teferi (pw)".
    pub fn target_label(&self, vb: &ValidBoard, targets: &[Target], a: usize) -> String {
        match targets[self.attackers[a].target].kind {
            TargetKind::Player(p) => vb.player_label(p),
            TargetKind::Planeswalker(p) | TargetKind::Battle(p) => vb.permanent_label(p),
        }
    }
}

/// Whether a creature can block one with flying: it has flying or reach (CR 702.9b, 702.17b).
pub fn can_block_flyer(vb: &ValidBoard, permanent: usize) -> bool {
    let p = vb.perm(permanent);
    p.has_keyword("Flying") || p.has_keyword("Reach")
}
