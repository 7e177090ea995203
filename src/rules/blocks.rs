//! The block rules (docs/blocks.md "Rules"): a board with `combat` expands to plain data about
//! its declaration of blockers (CR 509.1), read by the exhaustive checker
//! (`crate::legality::blocks`) as [`super::Rules`] is read for attacks.
//!
//! Built: CR 509.1a (who may block what, and how many attackers: 1, `can_block_additional`,
//! `can_block_any_number`), the evasion keywords (flying and reach 702.9b, 702.17b; shadow
//! 702.28b; horsemanship 702.31b; fear 702.36b; intimidate 702.13b; skulk 702.118b; landwalk
//! 702.14c; protection 702.16f; menace 702.111b), the restrictions of 509.1b (`cant_block`,
//! `cant_block_alone`, `can_block_only`, `cant_be_blocked`, `cant_be_blocked_except_by`,
//! `cant_be_blocked_by_more_than`, `cant_be_blocked_by`, `must_be_blocked_by_all`) and the
//! requirements of 509.1c (`blocks_if_able`, `lure`, `must_be_blocked_if_able`,
//! `must_be_blocked_by_exactly_one`, `blocks_creature_if_able`). Costs to block come from
//! `block_cost` (509.1d), one instance per effect and creature (`add_costs`).

use super::expand::{card_source, selects};
use super::{Target, TargetKind};
use crate::board::{EffectKind, InputError, Permanent, ValidBoard};
use crate::vocab::effects::Selector;
use crate::vocab::symbol::Symbol;

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
    /// Whose declaration of blockers it is part of: its controller's, or under shared team
    /// turns its team's (the team's first player), which declares one combined block (CR
    /// 805.10). With several defending players each one's blocks are judged apart, blockers of
    /// others ignored (CR 802.4b): "can't block alone" and "no more than N creatures can
    /// block" count the blockers of the same side only.
    pub side: usize,
    /// How many attackers it can block (CR 509.1a): 1, 1 + N ("can block N additional
    /// creatures"), or [`ANY_NUMBER`].
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

/// A restriction on blocks (CR 509.1b), as plain data: every pairwise restriction (evasion,
/// protection, "can't block", "can block only ...", "can't be blocked by ...") is the list of
/// the pairs it bans, so that the exhaustive checker and the integer program read restrictions
/// without the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockRestrictionKind {
    /// These (blocker, attacker) pairs may not be blocks (flying and reach, CR 702.9b and
    /// 702.17b; the other evasions; `cant_block`; `can_block_only`; `cant_be_blocked_by`).
    Pairs {
        /// The banned pairs, as (blocker, attacker) indices, sorted.
        pairs: Vec<(usize, usize)>,
    },
    /// The blocker can't block alone: it blocks only if `others` other creatures of its side
    /// ([`Blocker::side`], CR 802.4b) also block (any attacker).
    NotAlone {
        /// The blocker.
        blocker: usize,
        /// How many other creatures must block too (at least 1).
        others: usize,
    },
    /// No more than `count` creatures of `side` block (Silent Arbiter: one); one restriction
    /// per side, each defending player's blocks judged apart (CR 802.4b).
    MaxBlockers {
        /// The most blocking creatures.
        count: usize,
        /// The side whose blockers count ([`Blocker::side`]).
        side: usize,
    },
    /// The attacker can't be blocked except by `count` or more creatures (menace: 2, CR
    /// 702.111b): blocked by none or by at least `count`.
    AtLeast {
        /// The attacker.
        attacker: usize,
        /// The fewest blockers, when blocked.
        count: usize,
    },
    /// The attacker can't be blocked by more than `count` creatures.
    AtMost {
        /// The attacker.
        attacker: usize,
        /// The most blockers.
        count: usize,
    },
    /// The attacker can't be blocked unless every one of `blockers` blocks it (Tromokratis:
    /// all creatures defending player controls, those that can't block included, so that one
    /// tapped creature leaves it unblockable).
    AllOrNone {
        /// The attacker.
        attacker: usize,
        /// The blockers that must all block it, sorted.
        blockers: Vec<usize>,
    },
}

/// A restriction with where it comes from and what it says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockRestriction {
    /// What it restricts.
    pub kind: BlockRestrictionKind,
    /// The effect or card it comes from.
    pub source: String,
    /// The restriction in words, citing its rule ("Serra Angel (angel) has flying: it can't be
    /// blocked except by creatures with flying or reach (CR 702.9b, 702.17b)").
    pub text: String,
}

/// A requirement on blocks (CR 509.1c).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockRequirementKind {
    /// The blocker blocks (any attacker) if able (`blocks_if_able`).
    Blocks {
        /// The blocker.
        blocker: usize,
    },
    /// The blocker blocks this attacker if able (`lure`: one per able blocker; provoke,
    /// `blocks_creature_if_able`, CR 702.39a).
    BlocksAttacker {
        /// The blocker.
        blocker: usize,
        /// The attacker.
        attacker: usize,
    },
    /// The attacker is blocked if able (`must_be_blocked_if_able`): obeyed when one or more
    /// creatures block it.
    Blocked {
        /// The attacker.
        attacker: usize,
    },
    /// The attacker is blocked by exactly one creature if able (Nacatl War-Pride,
    /// `must_be_blocked_by_exactly_one`).
    BlockedByExactlyOne {
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

/// Whose requirement it is: a blocker's ("blocks if able") or an attacker's ("must be blocked").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// Index into [`BlockRules::blockers`].
    Blocker(usize),
    /// Index into [`BlockRules::attackers`].
    Attacker(usize),
}

impl BlockRequirement {
    /// The creature it is on.
    pub fn subject(&self) -> Subject {
        match self.kind {
            BlockRequirementKind::Blocks { blocker } | BlockRequirementKind::BlocksAttacker { blocker, .. } => Subject::Blocker(blocker),
            BlockRequirementKind::Blocked { attacker } | BlockRequirementKind::BlockedByExactlyOne { attacker } => Subject::Attacker(attacker),
        }
    }
}

/// A cost to block (CR 509.1d): one cost instance per blocker and effect (War Cadence's {X}
/// for a creature), incurred when that creature blocks, paid by its controller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockCost {
    /// The blocker (index into [`BlockRules::blockers`]).
    pub blocker: usize,
    /// The mana.
    pub cost: Vec<Symbol>,
    /// The effect or card it comes from.
    pub source: String,
}

/// How many attackers a blocker can block at most: [`ANY_NUMBER`] for "any number" (CR
/// 509.1a).
pub const ANY_NUMBER: usize = usize::MAX;

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
    /// The cost instances (CR 509.1d): one per `block_cost` effect and creature it selects.
    pub costs: Vec<BlockCost>,
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
    legal_pairs_within_limit(vb, &attackers, &defending_players)?;
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
        let side = if shared { (0..vb.board.players.len()).find(|&q| vb.same_team(q, controller)).unwrap_or(controller) } else { controller };
        blockers.push(Blocker { permanent: p, id: perm.id.clone(), controller, side, capacity: 1, ineligible, allowed: legal.clone(), legal });
    }
    let mut rules = BlockRules { attackers, blockers, restrictions: vec![], requirements: vec![], costs: vec![], defending_players };
    let legal_of = rules.legal_by_attacker();
    let mut budget = Budget { file: &vb.file, used: 0 };
    rules.add_keywords(vb, &legal_of, &mut budget)?;
    let effects = block_effects(vb);
    rules.add_effects(vb, &legal_of, &effects, &mut budget)?;
    rules.add_costs(vb, &effects);
    rules.settle_allowed(vb, &effects, &mut budget)?;
    Ok(Some(rules))
}

/// An effect about blocks and where it comes from.
struct BlockEffect {
    kind: EffectKind,
    /// Its source in words: the board effect's `source`, or the permanent's card.
    source: String,
    /// Where it is written: `effects[i]`, or `permanents[p]` for a card's name or text.
    path: String,
}

/// The board's effects about blocks, then those of its permanents' names and Oracle texts
/// (the catalog and the reader, `cards::block_effects`), as the attack rules take both.
fn block_effects(vb: &ValidBoard) -> Vec<BlockEffect> {
    let explicit = vb.effects.iter().filter(|e| e.kind.about_blocks());
    let mut out: Vec<BlockEffect> =
        explicit.map(|e| BlockEffect { kind: e.kind.clone(), source: e.source.clone(), path: format!("effects[{}]", e.index) }).collect();
    for (p, kind) in crate::cards::block_effects(vb) {
        out.push(BlockEffect { kind, source: super::expand::card_source(vb, p), path: format!("permanents[{p}]") });
    }
    out
}

/// The most (blocker, attacker) pairs CR 509.1a may allow in one combat: 5,000 creatures
/// blocking 4,000 attackers all attacking their controller. Each is a number in the rules and
/// may be a variable of the integer program; an 8-player combat of 10,000 attackers and as
/// many blockers has 14,000,000. Counted before any is built, so that 50,000 creatures blocking
/// 50,000 (2.5 billion pairs) is refused, not a machine's memory exhausted.
pub const MAX_BLOCK_PAIRS: usize = 20_000_000;

/// The most restrictions, requirements and banned pairs (one each) the block rules may hold:
/// 10,000 effects each banning every pair would otherwise be 10,000 copies of the combat.
/// Counted as they are built, effect by effect.
pub const MAX_BLOCK_INSTANCES: usize = 20_000_000;

/// CR 509.1a's pairs counted per defending player before they are built: refused past
/// [`MAX_BLOCK_PAIRS`] (bad input naming `combat.attacks`).
fn legal_pairs_within_limit(vb: &ValidBoard, attackers: &[Attacker], defending: &[usize]) -> Result<(), InputError> {
    let players = vb.board.players.len();
    let mut attacking = vec![0usize; players];
    for a in attackers {
        if let Some(n) = attacking.get_mut(a.defender) {
            *n += 1;
        }
    }
    // Under shared team turns a blocker may block every attacker of its team.
    let shared = vb.board.variant.shared_team_turns;
    let reach: Vec<usize> =
        (0..players).map(|p| if shared { (0..players).filter(|&d| vb.same_team(p, d)).map(|d| attacking[d]).sum() } else { attacking[p] }).collect();
    let mut pairs = 0usize;
    for (p, perm) in vb.board.permanents.iter().enumerate() {
        let controller = vb.controller[p];
        if perm.is_creature() && !perm.tapped && defending.binary_search(&controller).is_ok() {
            pairs = pairs.saturating_add(reach.get(controller).copied().unwrap_or(0));
        }
    }
    if pairs > MAX_BLOCK_PAIRS {
        return Err(InputError::new(
            &vb.file,
            "combat.attacks",
            format!(
                "expected a combat of at most {MAX_BLOCK_PAIRS} (blocker, attacker) pairs that CR 509.1a allows (each untapped creature of a \
                 defending player with each creature attacking it), found {pairs}"
            ),
        ));
    }
    Ok(())
}

/// Counts the block rules' instances against [`MAX_BLOCK_INSTANCES`] as they are built.
struct Budget<'a> {
    file: &'a str,
    used: usize,
}

impl Budget<'_> {
    /// Count what `rules` holds past `before` (restrictions, requirements: their count then),
    /// each banned pair one; refuse past the limit, naming `path` and `what`.
    fn take(&mut self, rules: &BlockRules, before: (usize, usize), path: &str, what: &str) -> Result<(), InputError> {
        let pairs: usize = rules.restrictions[before.0..]
            .iter()
            .map(|r| match &r.kind {
                BlockRestrictionKind::Pairs { pairs } => pairs.len().max(1),
                _ => 1,
            })
            .sum();
        self.used = self.used.saturating_add(pairs).saturating_add(rules.requirements.len() - before.1);
        if self.used > MAX_BLOCK_INSTANCES {
            return Err(InputError::new(
                self.file,
                path,
                format!(
                    "expected a combat whose block rules hold at most {MAX_BLOCK_INSTANCES} restrictions, requirements and banned \
                     (blocker, attacker) pairs; with {what} there are at least {}",
                    self.used
                ),
            ));
        }
        Ok(())
    }
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

    /// A restriction from `source`, in words.
    fn restrict(&mut self, kind: BlockRestrictionKind, source: String, text: String) {
        self.restrictions.push(BlockRestriction { kind, source, text });
    }

    /// The keywords' restrictions (CR 509.1b), each citing its rule: the evasions of the
    /// attackers as banned pairs, menace as a count, shadow on a blocker as banned pairs. A
    /// landwalk or protection attackopt can't read is bad input naming the keyword, never
    /// ignored.
    fn add_keywords(&mut self, vb: &ValidBoard, legal_of: &[Vec<usize>], budget: &mut Budget) -> Result<(), InputError> {
        for a in 0..self.attackers.len() {
            let before = (self.restrictions.len(), self.requirements.len());
            let permanent = self.attackers[a].permanent;
            let label = vb.permanent_label(permanent);
            let perm = vb.perm(permanent);
            let source = |k: &str| format!("{}: {k}", card_source(vb, permanent));
            if self.attackers[a].flying {
                let pairs = self.pairs_to(legal_of, a, |b| !can_block_flyer(vb, b.permanent));
                let text = format!("{label} has flying: it can't be blocked except by creatures with flying or reach (CR 702.9b, 702.17b)");
                self.restrict(BlockRestrictionKind::Pairs { pairs }, source("flying"), text);
            }
            // The pairwise evasions: (keyword, who may not block, the rule in words).
            let evasions: [Evasion; 5] = [
                ("Shadow", &|b| !b.has_keyword("Shadow"), "it can't be blocked except by creatures with shadow (CR 702.28b)"),
                ("Horsemanship", &|b| !b.has_keyword("Horsemanship"), "it can't be blocked except by creatures with horsemanship (CR 702.31b)"),
                (
                    "Fear",
                    &|b| !b.has_type("Artifact") && !b.has_color("B"),
                    "it can't be blocked except by artifact creatures and/or black creatures (CR 702.36b)",
                ),
                (
                    "Intimidate",
                    &|b| !b.has_type("Artifact") && !b.colors.iter().any(|c| perm.has_color(c)),
                    "it can't be blocked except by artifact creatures and/or creatures that share a color with it (CR 702.13b)",
                ),
                ("Skulk", &|b| b.power > perm.power, "it can't be blocked by creatures with greater power (CR 702.118b)"),
            ];
            for (keyword, banned, rule) in evasions {
                if perm.has_keyword(keyword) {
                    let pairs = self.pairs_to(legal_of, a, |b| banned(vb.perm(b.permanent)));
                    let text = format!("{label} has {}: {rule}", keyword.to_lowercase());
                    self.restrict(BlockRestrictionKind::Pairs { pairs }, source(&keyword.to_lowercase()), text);
                }
            }
            for (j, keyword) in perm.keywords.iter().enumerate() {
                let at = || format!("permanents[{permanent}].keywords[{j}]");
                if let Some(land_type) = landwalk(keyword) {
                    let Some(land_type) = land_type else {
                        return Err(InputError::new(
                            &vb.file,
                            at(),
                            format!(
                                "expected a landwalk of a land type (Islandwalk, Forestwalk, ...: CR 702.14a), found \"{keyword}\", which attackopt does not read about blocks: write what it does as an effect (cant_be_blocked) and leave the keyword out"
                            ),
                        ));
                    };
                    // CR 702.14c: unblockable while the defending player controls such a land.
                    if let Some(land) = self.land_of_defender(vb, a, land_type) {
                        let pairs = self.pairs_to(legal_of, a, |_| true);
                        let text = format!(
                            "{label} has {keyword}: it can't be blocked as long as the defending player controls a land of type {land_type}, and {} controls {} (CR 702.14c)",
                            vb.player_label(vb.controller[land]),
                            vb.permanent_label(land)
                        );
                        self.restrict(BlockRestrictionKind::Pairs { pairs }, source(keyword), text);
                    }
                }
                if let Some(qualities) = protection(keyword) {
                    let qualities = qualities.ok_or_else(|| {
                        InputError::new(
                            &vb.file,
                            at(),
                            format!(
                                "expected protection from a color (white, blue, black, red, green), all colors, colorless, multicolored, monocolored, everything, or a card type in the plural (artifacts, creatures, ...) (CR 702.16f), found \"{keyword}\", which attackopt does not read about blocks: write what it does as an effect (cant_be_blocked_by with a blockers selector) and leave the keyword out"
                            ),
                        )
                    })?;
                    // CR 702.16f: can't be blocked by creatures with the quality.
                    let pairs = self.pairs_to(legal_of, a, |b| qualities.iter().any(|q| q.holds(vb.perm(b.permanent))));
                    let words = qualities.iter().map(|q| q.words()).collect::<Vec<_>>().join(" or ");
                    let text = format!("{label} has {keyword}: it can't be blocked by {words} (CR 702.16f)");
                    self.restrict(BlockRestrictionKind::Pairs { pairs }, source(keyword), text);
                }
            }
            if perm.has_keyword("Menace") {
                let text = format!("{label} has menace: it can't be blocked except by 2 or more creatures (CR 702.111b)");
                self.restrict(BlockRestrictionKind::AtLeast { attacker: a, count: 2 }, source("menace"), text);
            }
            budget.take(self, before, &format!("permanents[{permanent}].keywords"), &format!("the keywords of {label}"))?;
        }
        // CR 702.28b: a creature with shadow can block only creatures with shadow.
        for b in 0..self.blockers.len() {
            let permanent = self.blockers[b].permanent;
            if !vb.perm(permanent).has_keyword("Shadow") {
                continue;
            }
            let pairs: Vec<(usize, usize)> =
                self.blockers[b].legal.iter().filter(|&&a| !vb.perm(self.attackers[a].permanent).has_keyword("Shadow")).map(|&a| (b, a)).collect();
            let text = format!("{} has shadow: it can block only creatures with shadow (CR 702.28b)", vb.permanent_label(permanent));
            let before = (self.restrictions.len(), self.requirements.len());
            self.restrict(BlockRestrictionKind::Pairs { pairs }, format!("{}: shadow", card_source(vb, permanent)), text);
            budget.take(self, before, &format!("permanents[{permanent}].keywords"), "shadow")?;
        }
        Ok(())
    }

    /// A land of `land_type` the defending player of attacker `a` controls (CR 702.14c), if any.
    /// That player is the one it attacks (or the planeswalker's controller, the battle's
    /// protector), under shared team turns too: an attacking creature's ability that refers to
    /// "the defending player" means the player it attacks (CR 508.5a), and since Dominaria
    /// (2018) creatures in Two-Headed Giant attack a player, not the team (CR 805.10). The
    /// teammate's lands do not count (the 2011 Rules Tip that said they did predates it).
    fn land_of_defender(&self, vb: &ValidBoard, a: usize, land_type: &str) -> Option<usize> {
        let defender = self.attackers[a].defender;
        (0..vb.board.permanents.len()).find(|&p| {
            let perm = vb.perm(p);
            vb.controller[p] == defender && perm.has_type("Land") && perm.has_subtype(land_type)
        })
    }

    /// The blockers a selector picks.
    fn chosen_blockers(&self, vb: &ValidBoard, sel: &Selector) -> Vec<usize> {
        (0..self.blockers.len()).filter(|&b| selects(vb, sel, self.blockers[b].permanent)).collect()
    }

    /// The attackers a selector picks.
    fn chosen_attackers(&self, vb: &ValidBoard, sel: &Selector) -> Vec<usize> {
        (0..self.attackers.len()).filter(|&a| selects(vb, sel, self.attackers[a].permanent)).collect()
    }

    /// Per attacker, the blockers CR 509.1a lets block it, ascending: the inverse of each
    /// blocker's `legal`, built once so that an evasion reads its attacker's blockers, not
    /// every blocker of the board (10,000 by 10,000 otherwise).
    fn legal_by_attacker(&self) -> Vec<Vec<usize>> {
        let mut of = vec![vec![]; self.attackers.len()];
        for (b, blocker) in self.blockers.iter().enumerate() {
            for &a in &blocker.legal {
                if let Some(list) = of.get_mut(a) {
                    list.push(b);
                }
            }
        }
        of
    }

    /// The pairs (blocker, `a`) that CR 509.1a allows and `banned` picks, sorted; `legal_of`
    /// from [`BlockRules::legal_by_attacker`].
    fn pairs_to(&self, legal_of: &[Vec<usize>], a: usize, banned: impl Fn(&Blocker) -> bool) -> Vec<(usize, usize)> {
        legal_of[a].iter().copied().filter(|&b| banned(&self.blockers[b])).map(|b| (b, a)).collect()
    }

    /// The board's effects about blocks; the attack effects say nothing here.
    fn add_effects(&mut self, vb: &ValidBoard, legal_of: &[Vec<usize>], effects: &[BlockEffect], budget: &mut Budget) -> Result<(), InputError> {
        let blocker = |rules: &Self, b: usize| vb.permanent_label(rules.blockers[b].permanent);
        let attacker = |rules: &Self, a: usize| vb.permanent_label(rules.attackers[a].permanent);
        for e in effects {
            let before = (self.restrictions.len(), self.requirements.len());
            self.add_effect(vb, legal_of, e, &blocker, &attacker);
            budget.take(self, before, &e.path, &format!("the effect of {}", e.source))?;
        }
        Ok(())
    }

    /// One effect's restrictions, requirements and capacities (`add_effects`).
    fn add_effect(
        &mut self,
        vb: &ValidBoard,
        legal_of: &[Vec<usize>],
        e: &BlockEffect,
        blocker: &dyn Fn(&Self, usize) -> String,
        attacker: &dyn Fn(&Self, usize) -> String,
    ) {
        let source = e.source.clone();
        match &e.kind {
            EffectKind::CantBlock { creatures } => {
                for b in self.chosen_blockers(vb, creatures) {
                    let pairs = self.blockers[b].legal.iter().map(|&a| (b, a)).collect();
                    let text = format!("{} can't block (CR 509.1b)", blocker(self, b));
                    self.restrict(BlockRestrictionKind::Pairs { pairs }, source.clone(), text);
                }
            }
            EffectKind::CantBlockAlone { creatures, others } => {
                // A creature that can't block at all never blocks alone.
                let able: Vec<usize> = self.chosen_blockers(vb, creatures).into_iter().filter(|&b| self.blockers[b].ineligible.is_none()).collect();
                for b in able {
                    let text = match others {
                        1 => format!("{} can't block alone (CR 509.1b)", blocker(self, b)),
                        n => format!("{} can't block unless at least {n} other creatures block (CR 509.1b)", blocker(self, b)),
                    };
                    self.restrict(BlockRestrictionKind::NotAlone { blocker: b, others: *others as usize }, source.clone(), text);
                }
            }
            EffectKind::MaxBlockers { count } => {
                let s = if *count == 1 { "" } else { "s" };
                // CR 802.4b: each defending player's blocks are judged apart, so the cap holds
                // for each side's blockers.
                let mut sides: Vec<usize> = self.blockers.iter().map(|b| b.side).collect();
                sides.sort_unstable();
                sides.dedup();
                for &side in &sides {
                    let text = if sides.len() == 1 {
                        format!("no more than {count} creature{s} can block each combat (CR 509.1b)")
                    } else {
                        let who = vb.player_label(side);
                        let whose = if vb.board.variant.shared_team_turns { format!("{who}'s team") } else { who };
                        format!("no more than {count} creature{s} can block each combat, counted among the blockers of {whose}, whose blocks are judged apart (CR 509.1b, 802.4b)")
                    };
                    self.restrict(BlockRestrictionKind::MaxBlockers { count: *count as usize, side }, source.clone(), text);
                }
            }
            EffectKind::CanBlockOnly { creatures, attackers } => {
                let may = self.chosen_attackers(vb, attackers);
                for b in self.chosen_blockers(vb, creatures) {
                    let pairs = self.blockers[b].legal.iter().filter(|a| !may.contains(a)).map(|&a| (b, a)).collect();
                    let text = format!("{} can block only the creatures {source} allows (CR 509.1b)", blocker(self, b));
                    self.restrict(BlockRestrictionKind::Pairs { pairs }, source.clone(), text);
                }
            }
            EffectKind::CantBeBlocked { attackers } => {
                for a in self.chosen_attackers(vb, attackers) {
                    let pairs = self.pairs_to(legal_of, a, |_| true);
                    let text = format!("{} can't be blocked (CR 509.1b)", attacker(self, a));
                    self.restrict(BlockRestrictionKind::Pairs { pairs }, source.clone(), text);
                }
            }
            EffectKind::CantBeBlockedExceptBy { attackers, count } => {
                for a in self.chosen_attackers(vb, attackers) {
                    let text = format!("{} can't be blocked except by {count} or more creatures (CR 509.1b)", attacker(self, a));
                    let kind = BlockRestrictionKind::AtLeast { attacker: a, count: *count as usize };
                    self.restrict(kind, source.clone(), text);
                }
            }
            EffectKind::CantBeBlockedByMoreThan { attackers, count } => {
                for a in self.chosen_attackers(vb, attackers) {
                    let s = if *count == 1 { "" } else { "s" };
                    let text = format!("{} can't be blocked by more than {count} creature{s} (CR 509.1b)", attacker(self, a));
                    self.restrict(BlockRestrictionKind::AtMost { attacker: a, count: *count as usize }, source.clone(), text);
                }
            }
            EffectKind::CantBeBlockedBy { attackers, blockers } => {
                let banned = self.chosen_blockers(vb, blockers);
                for a in self.chosen_attackers(vb, attackers) {
                    let pairs = banned.iter().filter(|&&b| self.blockers[b].legal.binary_search(&a).is_ok()).map(|&b| (b, a)).collect();
                    let text = format!("{} can't be blocked by the creatures {source} names (CR 509.1b)", attacker(self, a));
                    self.restrict(BlockRestrictionKind::Pairs { pairs }, source.clone(), text);
                }
            }
            EffectKind::MustBeBlockedByAll { attackers } => {
                for a in self.chosen_attackers(vb, attackers) {
                    // Every creature the defending player controls, those that can't block
                    // included: one that can't leaves the attacker unblockable (XMage's
                    // tromokratisNotBlockedByAll, tests/scenarios/blocks/33).
                    // "Defending player" is the player it attacks, under shared team turns
                    // too (CR 508.5a): the teammate's creatures may block it but need not.
                    let defender = self.attackers[a].defender;
                    let all: Vec<usize> = (0..self.blockers.len()).filter(|&b| self.blockers[b].controller == defender).collect();
                    let who = vb.player_label(defender);
                    let text = format!("{} can't be blocked unless all creatures {who} controls block it (CR 509.1b)", attacker(self, a));
                    self.restrict(BlockRestrictionKind::AllOrNone { attacker: a, blockers: all }, source.clone(), text);
                }
            }
            EffectKind::BlocksIfAble { creatures } => {
                for b in self.chosen_blockers(vb, creatures) {
                    self.require(BlockRequirementKind::Blocks { blocker: b }, &source);
                }
            }
            EffectKind::BlocksCreatureIfAble { creatures, attacker: p } => {
                // CR 509.1a: only an attacking creature is blocked; while it does not attack
                // no declaration can obey the requirement, which changes no maximum.
                let Some(a) = self.attacker_index(*p) else { return };
                for b in self.chosen_blockers(vb, creatures) {
                    self.require(BlockRequirementKind::BlocksAttacker { blocker: b, attacker: a }, &source);
                }
            }
            EffectKind::MustBeBlockedIfAble { attackers } => {
                for a in self.chosen_attackers(vb, attackers) {
                    self.require(BlockRequirementKind::Blocked { attacker: a }, &source);
                }
            }
            EffectKind::MustBeBlockedByExactlyOne { attackers } => {
                for a in self.chosen_attackers(vb, attackers) {
                    self.require(BlockRequirementKind::BlockedByExactlyOne { attacker: a }, &source);
                }
            }
            EffectKind::CanBlockAdditional { creatures, count } => {
                // CR 509.1a: 1 + the sum of the additional counts; past usize is any number.
                for b in self.chosen_blockers(vb, creatures) {
                    let c = &mut self.blockers[b].capacity;
                    *c = c.checked_add(*count as usize).unwrap_or(ANY_NUMBER);
                }
            }
            EffectKind::CanBlockAnyNumber { creatures } => {
                for b in self.chosen_blockers(vb, creatures) {
                    self.blockers[b].capacity = ANY_NUMBER;
                }
            }
            // Lure's requirements need the pairs restrictions leave: added in `settle_allowed`.
            _ => {}
        }
    }

    /// The costs to block (CR 509.1d): one instance per `block_cost` effect and creature it
    /// selects, so that two effects on a creature are two costs, paid together. A creature that
    /// can't block at all (tapped, a battle) never incurs one: it gets none, so that answers
    /// list only costs that can arise.
    fn add_costs(&mut self, vb: &ValidBoard, effects: &[BlockEffect]) {
        for e in effects {
            let EffectKind::BlockCost { creatures, cost } = &e.kind else { continue };
            let selected = |b: &Blocker| b.ineligible.is_none() && selects(vb, creatures, b.permanent);
            for b in (0..self.blockers.len()).filter(|&b| selected(&self.blockers[b])) {
                self.costs.push(BlockCost { blocker: b, cost: cost.clone(), source: e.source.clone() });
            }
        }
    }

    /// A requirement from `source`: counted unless it is on a blocker that can't block at all
    /// (as for attacks, such a requirement is listed and counted nowhere).
    fn require(&mut self, kind: BlockRequirementKind, source: &str) {
        let counts = match kind {
            BlockRequirementKind::Blocks { blocker } | BlockRequirementKind::BlocksAttacker { blocker, .. } => {
                self.blockers[blocker].ineligible.is_none()
            }
            BlockRequirementKind::Blocked { .. } | BlockRequirementKind::BlockedByExactlyOne { .. } => true,
        };
        self.requirements.push(BlockRequirement { kind, source: source.to_string(), counts });
    }

    /// The attackers a restriction bans outright per blocker (CR 509.1b), all restrictions
    /// together, ascending: one pass over the pairs, so that settling 14,000,000 pairs under
    /// thousands of restrictions stays linear (a hashed set of pairs cost a second at 10,000
    /// creatures a side).
    pub fn banned_by_blocker(&self) -> Vec<Vec<usize>> {
        let mut banned = vec![vec![]; self.blockers.len()];
        for r in &self.restrictions {
            if let BlockRestrictionKind::Pairs { pairs } = &r.kind {
                for &(b, a) in pairs {
                    if let Some(list) = banned.get_mut(b) {
                        list.push(a);
                    }
                }
            }
        }
        for list in &mut banned {
            list.sort_unstable();
            list.dedup();
        }
        banned
    }

    /// Each blocker's allowed attackers, then lure's requirements over them: CR 509.1c, "all
    /// creatures able to block it do so" is one requirement per blocker able to block it.
    fn settle_allowed(&mut self, vb: &ValidBoard, effects: &[BlockEffect], budget: &mut Budget) -> Result<(), InputError> {
        for r in &mut self.restrictions {
            if let BlockRestrictionKind::Pairs { pairs } = &mut r.kind {
                pairs.sort_unstable();
                pairs.dedup();
            }
        }
        let banned = self.banned_by_blocker();
        for (blocker, banned) in self.blockers.iter_mut().zip(&banned) {
            blocker.allowed = blocker.legal.iter().copied().filter(|a| banned.binary_search(a).is_err()).collect();
        }
        let allowed_of = {
            let mut of = vec![vec![]; self.attackers.len()];
            for (b, blocker) in self.blockers.iter().enumerate() {
                for &a in &blocker.allowed {
                    of[a].push(b);
                }
            }
            of
        };
        for e in effects {
            let EffectKind::Lure { creatures } = &e.kind else { continue };
            for a in (0..self.attackers.len()).filter(|&a| selects(vb, creatures, self.attackers[a].permanent)) {
                let before = (self.restrictions.len(), self.requirements.len());
                for &b in &allowed_of[a] {
                    let kind = BlockRequirementKind::BlocksAttacker { blocker: b, attacker: a };
                    self.requirements.push(BlockRequirement { kind, source: e.source.clone(), counts: true });
                }
                budget.take(self, before, &e.path, &format!("the effect of {}", e.source))?;
            }
        }
        Ok(())
    }

    /// How many creatures of `side` block in `x` (CR 802.4b: a side's blocks are judged
    /// without the others').
    pub fn blocking_on_side(&self, x: &BlockAssignment, side: usize) -> usize {
        x.iter().zip(&self.blockers).filter(|(blocks, b)| !blocks.is_empty() && b.side == side).count()
    }

    /// Whether assignment `x` obeys restriction `r`.
    pub fn holds(&self, r: &BlockRestriction, x: &BlockAssignment) -> bool {
        match &r.kind {
            BlockRestrictionKind::Pairs { pairs } => self.broken_pairs(pairs, x).is_empty(),
            BlockRestrictionKind::NotAlone { blocker, others } => {
                x[*blocker].is_empty() || self.blocking_on_side(x, self.blockers[*blocker].side) > *others
            }
            BlockRestrictionKind::MaxBlockers { count, side } => self.blocking_on_side(x, *side) <= *count,
            BlockRestrictionKind::AtLeast { attacker, count } => {
                let n = self.blockers_of(x, *attacker).len();
                n == 0 || n >= *count
            }
            BlockRestrictionKind::AtMost { attacker, count } => self.blockers_of(x, *attacker).len() <= *count,
            BlockRestrictionKind::AllOrNone { attacker, blockers } => {
                let by = self.blockers_of(x, *attacker);
                by.is_empty() || blockers.iter().all(|b| by.contains(b))
            }
        }
    }

    /// The banned pairs that `x` declares.
    pub fn broken_pairs(&self, pairs: &[(usize, usize)], x: &BlockAssignment) -> Vec<(usize, usize)> {
        pairs.iter().copied().filter(|&(b, a)| x[b].contains(&a)).collect()
    }

    /// Whether `x` obeys every restriction (CR 509.1b).
    pub fn respects_restrictions(&self, x: &BlockAssignment) -> bool {
        self.restrictions.iter().all(|r| self.holds(r, x))
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
            BlockRequirementKind::Blocked { attacker } => x.iter().any(|blocks| blocks.contains(&attacker)),
            BlockRequirementKind::BlockedByExactlyOne { attacker } => self.blockers_of(x, attacker).len() == 1,
        }
    }

    /// The requirements that count and `x` obeys.
    pub fn obeyed(&self, x: &BlockAssignment) -> usize {
        self.requirements.iter().filter(|r| r.counts && self.obeys(r, x)).count()
    }

    /// The cost instances `x` incurs: those of its blockers (CR 509.1d).
    pub fn incurred(&self, x: &BlockAssignment) -> Vec<usize> {
        (0..self.costs.len()).filter(|&k| !x[self.costs[k].blocker].is_empty()).collect()
    }

    /// A requirement in words.
    pub fn requirement_text(&self, vb: &ValidBoard, r: &BlockRequirement) -> String {
        let blocker = |b: usize| vb.permanent_label(self.blockers[b].permanent);
        let attacker = |a: usize| vb.permanent_label(self.attackers[a].permanent);
        match r.kind {
            BlockRequirementKind::Blocks { blocker: b } => format!("{} blocks each combat if able", blocker(b)),
            BlockRequirementKind::BlocksAttacker { blocker: b, attacker: a } => format!("{} blocks {} if able", blocker(b), attacker(a)),
            BlockRequirementKind::Blocked { attacker: a } => format!("{} is blocked if able", attacker(a)),
            BlockRequirementKind::BlockedByExactlyOne { attacker: a } => format!("{} is blocked by exactly one creature if able", attacker(a)),
        }
    }

    /// The permanent a requirement is on.
    pub fn subject_permanent(&self, r: &BlockRequirement) -> usize {
        match r.subject() {
            Subject::Blocker(b) => self.blockers[b].permanent,
            Subject::Attacker(a) => self.attackers[a].permanent,
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

/// A pairwise evasion keyword: its name, whether it bans a blocker, its rule in words.
type Evasion<'a> = (&'static str, &'a dyn Fn(&Permanent) -> bool, &'static str);

/// A landwalk keyword (CR 702.14): None for another keyword; Some(None) for a landwalk attackopt
/// does not read (of a supertype: "Nonbasic landwalk", "Snow Swampwalk"); Some(Some(type)) for
/// the landwalk of a land type (CR 205.3i), in its canonical spelling.
fn landwalk(keyword: &str) -> Option<Option<&'static str>> {
    let k = keyword.trim();
    let prefix = k.len().checked_sub(4).filter(|&n| k.is_char_boundary(n) && k[n..].eq_ignore_ascii_case("walk")).map(|n| k[..n].trim())?;
    Some(crate::board::LAND_TYPES.iter().copied().find(|t| t.eq_ignore_ascii_case(prefix)))
}

/// A quality of protection (CR 702.16), as it picks a blocking creature.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quality {
    /// A color: its letter and its name.
    Color(&'static str, &'static str),
    /// Any color ("all colors").
    AnyColor,
    /// No color.
    Colorless,
    /// Two or more colors (CR 105.1).
    Multicolored,
    /// Exactly one color.
    Monocolored,
    /// Every creature ("everything", "creatures").
    Everything,
    /// A card type ("artifacts").
    CardType(&'static str),
}

impl Quality {
    /// Whether a blocking creature has the quality.
    fn holds(self, p: &Permanent) -> bool {
        match self {
            Quality::Color(c, _) => p.has_color(c),
            Quality::AnyColor => !p.colors.is_empty(),
            Quality::Colorless => p.colors.is_empty(),
            Quality::Multicolored => p.colors.len() >= 2,
            Quality::Monocolored => p.colors.len() == 1,
            Quality::Everything => true,
            Quality::CardType(t) => p.has_type(t),
        }
    }

    /// The creatures with the quality, in words ("red creatures").
    fn words(self) -> String {
        match self {
            Quality::Color(_, name) => format!("{name} creatures"),
            Quality::AnyColor => "creatures of any color".into(),
            Quality::Colorless => "colorless creatures".into(),
            Quality::Multicolored => "multicolored creatures".into(),
            Quality::Monocolored => "monocolored creatures".into(),
            Quality::Everything => "any creature".into(),
            Quality::CardType(t) => format!("{} creatures", t.to_ascii_lowercase()),
        }
    }
}

/// A protection keyword's qualities (CR 702.16a): None for another keyword; Some(None) for a
/// quality attackopt does not read (a creature type, a player); "Protection from black and from
/// red" is two.
fn protection(keyword: &str) -> Option<Option<Vec<Quality>>> {
    let k = keyword.trim().to_ascii_lowercase();
    let rest = k.strip_prefix("protection from ")?;
    let quality = |q: &str| -> Option<Quality> {
        let q = q.trim();
        let colors = [("white", "W"), ("blue", "U"), ("black", "B"), ("red", "R"), ("green", "G")];
        if let Some(&(name, c)) = colors.iter().find(|(name, _)| *name == q) {
            return Some(Quality::Color(c, name));
        }
        Some(match q {
            "all colors" => Quality::AnyColor,
            "colorless" => Quality::Colorless,
            "multicolored" => Quality::Multicolored,
            "monocolored" => Quality::Monocolored,
            "everything" | "creatures" => Quality::Everything,
            _ => {
                let t = crate::vocab::fields::CARD_TYPES.iter().copied().find(|t| format!("{}s", t.to_ascii_lowercase()) == q)?;
                Quality::CardType(t)
            }
        })
    };
    Some(rest.split(" and from ").map(quality).collect())
}
