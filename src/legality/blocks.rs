//! Legality of a declaration of blockers (CR 509.1, docs/blocks.md "Deciding"): the exhaustive
//! checker, written to be obviously right rather than fast, as the attack one
//! ([`super::exhaustive`]). It enumerates every assignment of each able blocker to no attacker
//! or one it is allowed (capacity 1 in this slice), keeps those obeying every restriction, and
//! takes the most requirements obeyed among them.
//!
//! No block has a cost yet (costs to block are docs/blocks.md slice 3), so the paid and free
//! baselines range over the same declarations and always give the same answer: both are
//! computed from the one maximum.

use super::exhaustive::{next_choice, MAX_DECLARATIONS};
use super::report::{verdict_text, LegalUnder, RequirementReport, Violation, ViolationKind};
use super::{Baseline, Proof, SolveError};
use crate::board::{Block, BlockDeclaration, ValidBoard};
use crate::deadline::Deadline;
use crate::mana::CostTotal;
use crate::position::Position;
use crate::rules::blocks::{can_block_flyer, BlockAssignment, BlockRestrictionKind, BlockRules};
use serde::Serialize;
use std::fmt::Write;

/// The most assignments the exhaustive checker tries: the attack checker's bound (one step of
/// either is a pass over the restrictions).
pub const MAX_BLOCK_ASSIGNMENTS: u64 = MAX_DECLARATIONS;

/// How often the enumeration looks at the clock.
const DEADLINE_EVERY: usize = 256;

/// One assignment obeying every restriction.
#[derive(Debug, Clone)]
pub struct BlockCandidate {
    /// The blocks, per blocker.
    pub assignment: BlockAssignment,
    /// The requirements it obeys (those that count).
    pub obeyed: usize,
}

/// The block rules of a position, or why it has none: bad input for a board without `combat`.
pub fn rules_of(pos: &Position) -> Result<&BlockRules, SolveError> {
    pos.blocks.as_ref().ok_or_else(|| SolveError::Internal("blocks asked of a board without combat".into()))
}

/// The number of assignments to try, if it fits in u64: the product over blockers of 1 + the
/// attackers each is allowed.
pub fn space(rules: &BlockRules) -> Option<u64> {
    rules.blockers.iter().try_fold(1u64, |acc, b| acc.checked_mul(b.allowed.len() as u64 + 1))
}

/// Every assignment that obeys every restriction, in enumeration order (the first blocker's
/// choice changes fastest); refused past [`MAX_BLOCK_ASSIGNMENTS`], stopped at `deadline`.
pub fn candidates(pos: &Position, deadline: Deadline) -> Result<Vec<BlockCandidate>, SolveError> {
    let rules = rules_of(pos)?;
    match space(rules) {
        Some(n) if n <= MAX_BLOCK_ASSIGNMENTS => {}
        n => {
            return Err(SolveError::TooLarge(format!(
                "the exhaustive checker tries every declaration of blockers, and this combat has {} (limit {MAX_BLOCK_ASSIGNMENTS}); \
                 the integer program for blocks is docs/blocks.md slice 3",
                n.map_or("more than 2^64".to_string(), |n| n.to_string())
            )))
        }
    }
    let n = rules.blockers.len();
    let mut choice = vec![0usize; n]; // 0 = no block, k = allowed[k - 1]
    let mut out = Vec::new();
    for step in 0usize.. {
        if step.is_multiple_of(DEADLINE_EVERY) && deadline.passed() {
            return Err(SolveError::TimeLimit("the time limit ran out before the exhaustive checker had tried every declaration of blockers".into()));
        }
        let x: BlockAssignment = (0..n).map(|b| if choice[b] == 0 { vec![] } else { vec![rules.blockers[b].allowed[choice[b] - 1]] }).collect();
        // CR 509.1b: every restriction.
        if rules.restrictions.iter().all(|r| rules.holds(&pos.board, r, &x)) {
            out.push(BlockCandidate { obeyed: rules.obeyed(&x), assignment: x });
        }
        if !next_choice(&mut choice, |b| rules.blockers[b].allowed.len()) {
            return Ok(out);
        }
    }
    Ok(out)
}

/// How many blockers' blocks differ between two assignments.
fn distance(x: &BlockAssignment, y: &BlockAssignment) -> usize {
    x.iter().zip(y).filter(|(a, b)| a != b).count()
}

/// The most requirements obeyed among `cands` (CR 509.1c), with a witness closest to `prefer`.
fn maximum<'c>(cands: &'c [BlockCandidate], prefer: &BlockAssignment) -> Option<(usize, &'c BlockAssignment)> {
    let max = cands.iter().map(|c| c.obeyed).max()?;
    let best = cands.iter().filter(|c| c.obeyed == max).min_by_key(|c| distance(&c.assignment, prefer))?;
    Some((max, &best.assignment))
}

/// An assignment as a declaration: blocks in blocker order, no payment.
pub fn block_declaration(rules: &BlockRules, x: &BlockAssignment) -> BlockDeclaration {
    let blocks = x
        .iter()
        .enumerate()
        .flat_map(|(b, attackers)| {
            attackers.iter().map(move |&a| Block { blocker: rules.blockers[b].id.clone(), attacker: rules.attackers[a].id.clone() })
        })
        .collect();
    BlockDeclaration { blocks, payment: None }
}

/// Read a declaration into plain form: the blocks CR 509.1a allows go into the assignment; the
/// others become `blocker` / `attacker` violations. Ids were checked against the board.
pub fn read_blocks(pos: &Position, rules: &BlockRules, d: &BlockDeclaration) -> (BlockAssignment, Vec<Violation>) {
    let vb = &pos.board;
    let mut x = rules.no_block();
    let mut violations = Vec::new();
    for block in &d.blocks {
        let (Some(p), Some(q)) = (vb.permanent_index(&block.blocker), vb.permanent_index(&block.attacker)) else { continue };
        let (who, whom) = (vb.permanent_label(p), vb.permanent_label(q));
        let Some(b) = rules.blocker_index(p) else {
            let why = if !vb.perm(p).is_creature() {
                "it is not a creature (CR 509.1a)".to_string()
            } else {
                format!("it is controlled by {}, who is not a defending player (CR 509.1a)", vb.player_label(vb.controller[p]))
            };
            violations.push(Violation::new(ViolationKind::Blocker, format!("{who} can't block: {why}")));
            continue;
        };
        if let Some(why) = &rules.blockers[b].ineligible {
            violations.push(Violation::new(ViolationKind::Blocker, format!("{who} can't block: {why}")));
            continue;
        }
        let Some(a) = rules.attacker_index(q) else {
            violations.push(Violation::new(ViolationKind::Attacker, format!("{who} can't block {whom}: it is not attacking (CR 509.1a)")));
            continue;
        };
        if !rules.blockers[b].legal.contains(&a) {
            let controller = vb.player_label(rules.blockers[b].controller);
            let target = rules.target_label(vb, &pos.rules.targets, a);
            violations.push(Violation::new(
                ViolationKind::Attacker,
                format!("{who} can't block {whom}: it attacks {target}, not {controller} or a planeswalker or battle of theirs (CR 509.1a)"),
            ));
            continue;
        }
        if x[b].len() >= rules.blockers[b].capacity {
            let message = if x[b].contains(&a) {
                format!("{who} can't block {whom} twice (CR 509.1a)")
            } else {
                format!("{who} can't block more than {} creature (CR 509.1a)", rules.blockers[b].capacity)
            };
            violations.push(Violation::new(ViolationKind::Blocker, message));
            continue;
        }
        x[b].push(a);
    }
    (x, violations)
}

/// A broken restriction in words: the rule, then who breaks it.
fn restriction_broken(vb: &ValidBoard, rules: &BlockRules, kind: &BlockRestrictionKind, x: &BlockAssignment) -> String {
    let label = |b: usize| vb.permanent_label(rules.blockers[b].permanent);
    match *kind {
        BlockRestrictionKind::CantBlock { blocker } => {
            let whom: Vec<String> = x[blocker].iter().map(|&a| vb.permanent_label(rules.attackers[a].permanent)).collect();
            format!("it blocks {}", whom.join(", "))
        }
        BlockRestrictionKind::Flying { attacker } => {
            let without: Vec<String> =
                rules.blockers_of(x, attacker).into_iter().filter(|&b| !can_block_flyer(vb, rules.blockers[b].permanent)).map(label).collect();
            format!("{} blocks it without flying or reach", without.join(", "))
        }
        BlockRestrictionKind::AtLeast { attacker, .. } => {
            let by: Vec<String> = rules.blockers_of(x, attacker).into_iter().map(label).collect();
            format!("it is blocked by {} alone", by.join(", "))
        }
    }
}

/// Check a declaration of blockers (CR 509.1a-c) under a baseline, with the exhaustive checker
/// for the maximum of 509.1c.
pub fn check_blocks(pos: &Position, d: &BlockDeclaration, baseline: Baseline, deadline: Deadline) -> Result<BlockCheckResult, SolveError> {
    let cands = match candidates(pos, deadline) {
        Ok(c) => Some(c),
        // Never guess: without the maximum only 509.1a-b are known.
        Err(SolveError::TimeLimit(_)) => None,
        Err(e) => return Err(e),
    };
    check_with(pos, d, baseline, cands.as_deref())
}

/// [`check_blocks`] with the candidates computed (None: the time limit came first).
fn check_with(pos: &Position, d: &BlockDeclaration, baseline: Baseline, cands: Option<&[BlockCandidate]>) -> Result<BlockCheckResult, SolveError> {
    let vb = &pos.board;
    let rules = rules_of(pos)?;
    let (x, mut violations) = read_blocks(pos, rules, d);
    // CR 509.1b: every restriction.
    for r in &rules.restrictions {
        if !rules.holds(vb, r, &x) {
            let message = format!("{}: {}", rules.restriction_text(vb, r), restriction_broken(vb, rules, &r.kind, &x));
            violations.push(Violation::new(ViolationKind::Restriction, message));
        }
    }
    let obeyed = rules.obeyed(&x);
    let requirements = rules
        .requirements
        .iter()
        .map(|r| RequirementReport {
            text: format!("{} — {}", rules.requirement_text(vb, r), r.source),
            creature: Some(rules.blockers[r.blocker()].id.clone()),
            obeyed: rules.obeys(r, &x),
            counts: r.counts,
            source: r.source.clone(),
            why_not: None,
            condition_holds: None,
        })
        .collect();
    let mut result = BlockCheckResult {
        legal: None,
        baseline,
        requirements_obeyed: obeyed,
        requirements_max: obeyed,
        requirements_max_free: obeyed,
        declaration: d.clone(),
        requirements,
        violations: vec![],
        witness: None,
        cost: CostTotal { mana: String::new(), life: 0, actions: vec![] },
        proof: Proof::None,
        legal_under: LegalUnder { paid: false, free: false },
        note: None,
    };
    let Some(cands) = cands else {
        // A violation proves illegality even without the maximum.
        result.legal = if violations.is_empty() { None } else { Some(false) };
        result.violations = violations;
        result.note = Some("no proof: the time limit ran out before the exhaustive checker had tried every declaration of blockers".into());
        return Ok(result);
    };
    // "No block" obeys every restriction of this slice, so there is always a candidate.
    let Some((max, best)) = maximum(cands, &x) else {
        return Err(SolveError::Internal("no declaration of blockers obeys every restriction".into()));
    };
    // CR 509.1c: as many requirements as possible; both baselines alike (no costs yet).
    let others_ok = violations.is_empty();
    if obeyed < max {
        violations.push(Violation::new(
            ViolationKind::Requirements,
            format!(
                "it obeys {obeyed} requirement{} of the {max} a declaration obeying every restriction can obey (CR 509.1c)",
                if obeyed == 1 { "" } else { "s" }
            ),
        ));
        result.witness = Some(block_declaration(rules, best));
    }
    result.legal = Some(violations.is_empty());
    result.legal_under = LegalUnder { paid: others_ok && obeyed >= max, free: others_ok && obeyed >= max };
    result.requirements_max = max;
    result.requirements_max_free = max;
    result.violations = violations;
    result.proof = Proof::Exhaustive;
    Ok(result)
}

/// The legal declarations of blockers, up to `limit`, fewest blocks first, each checked.
pub fn enumerate_blocks(pos: &Position, baseline: Baseline, limit: usize, deadline: Deadline) -> Result<BlockEnumeration, SolveError> {
    let cands = candidates(pos, deadline)?;
    let rules = rules_of(pos)?;
    let max = cands.iter().map(|c| c.obeyed).max().unwrap_or(0);
    let mut legal: Vec<&BlockCandidate> = cands.iter().filter(|c| c.obeyed == max).collect();
    legal.sort_by_key(|c| c.assignment.iter().map(Vec::len).sum::<usize>());
    let declarations = legal
        .iter()
        .take(limit)
        .map(|c| check_with(pos, &block_declaration(rules, &c.assignment), baseline, Some(&cands)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(BlockEnumeration { declarations, complete: legal.len() <= limit, time_limit_reached: false, method: "exhaustive" })
}

/// The result of checking a declaration of blockers: the attack result's JSON contract
/// (docs/format.md "Result JSON"), with `declaration` and `witness` declarations of blockers.
/// A type of its own rather than [`super::CheckResult`], whose declaration is one of attackers
/// and whose added fields (alternatives, payments that work) have no block meaning yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BlockCheckResult {
    /// Legal, illegal, or None (JSON null) when not decided: the time limit came before the
    /// maximum was proven and no violation proves the declaration illegal.
    pub legal: Option<bool>,
    /// The baseline it was judged under.
    pub baseline: Baseline,
    /// Requirements the declaration obeys (those that count).
    pub requirements_obeyed: usize,
    /// The most requirements a declaration obeying every restriction can obey (CR 509.1c).
    pub requirements_max: usize,
    /// The same paying no cost: equal, as no block has a cost yet.
    pub requirements_max_free: usize,
    /// The declaration of blockers checked.
    pub declaration: BlockDeclaration,
    /// Every requirement of the combat, obeyed or not; `creature` is the blocker.
    pub requirements: Vec<RequirementReport>,
    /// Why it is illegal; empty when legal.
    pub violations: Vec<Violation>,
    /// When it obeys too few requirements: a declaration obeying `requirements_max`.
    pub witness: Option<BlockDeclaration>,
    /// The costs it incurs (none yet).
    pub cost: CostTotal,
    /// How `requirements_max` was established: "exhaustive", or "none" past the time limit.
    pub proof: Proof,
    /// The verdict under both baselines.
    pub legal_under: LegalUnder,
    /// Why there is no proof (time limit), when `proof` is "none".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl BlockCheckResult {
    /// Legal, illegal, or None when not decided (as [`super::CheckResult::verdict`]).
    pub fn verdict(&self) -> Option<bool> {
        self.legal
    }

    /// Readable text in the style of [`super::CheckResult::to_text`]: the verdict and the blocks,
    /// one reason per line, the requirements marked ✓ / ✗.
    pub fn to_text(&self, pos: &Position) -> String {
        let mut s = verdict_text(pos, self.verdict(), self.baseline, &blocks_text(pos, &self.declaration), &self.violations);
        if self.proof == Proof::None {
            let _ = writeln!(s, "Requirements: obeys {}; the most it could obey is not known (no proof).", self.requirements_obeyed);
        } else {
            let _ = writeln!(
                s,
                "Requirements: obeys {} of the {} it could (restrictions obeyed; no block has a cost).",
                self.requirements_obeyed, self.requirements_max
            );
        }
        for r in &self.requirements {
            let mark = match (r.counts, r.obeyed) {
                (false, _) => "-",
                (true, true) => "✓",
                (true, false) => "✗",
            };
            let note = if r.counts { "" } else { " [not counted: it may not block]" };
            let _ = writeln!(s, "  {mark} {}{note}", r.text);
        }
        if let Some(w) = &self.witness {
            let _ = writeln!(s, "Witness (obeys {}): {}", self.requirements_max, blocks_text(pos, w));
        }
        let _ = writeln!(s, "Proof: {}", self.proof);
        if let Some(n) = &self.note {
            let _ = writeln!(s, "  {n}");
        }
        s
    }
}

/// The blocks in words: "Wall of Omens (wall) blocks Juggernaut (jugg), ..." or "no blocks".
pub fn blocks_text(pos: &Position, d: &BlockDeclaration) -> String {
    if d.blocks.is_empty() {
        return "no blocks".to_string();
    }
    let vb = &pos.board;
    d.blocks.iter().map(|b| format!("{} blocks {}", vb.id_label(&b.blocker), vb.id_label(&b.attacker))).collect::<Vec<_>>().join(", ")
}

/// `enumerate` on a board with combat: the legal declarations of blockers, each checked.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BlockEnumeration {
    /// The legal declarations found, fewest blocks first, each its check result.
    pub declarations: Vec<BlockCheckResult>,
    /// True when every legal declaration is listed.
    pub complete: bool,
    /// True when the time limit stopped the search (never, yet: the checker answers whole or not).
    pub time_limit_reached: bool,
    /// How they were found: "exhaustive".
    #[schemars(with = "String")]
    pub method: &'static str,
}
