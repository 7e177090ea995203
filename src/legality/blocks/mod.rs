//! Legality of a declaration of blockers (CR 509.1, docs/blocks.md "Deciding"): read the
//! declaration (509.1a), check the restrictions (509.1b) and the costs (509.1d), and compare
//! the requirements it obeys with the maximum of 509.1c, established by a [`BlockMaximizer`]:
//! the exhaustive checker ([`exhaustive`]) or the integer program (`crate::ilp::blocks`).
//!
//! The baselines are the attacks' (docs/rules.md section 7): under "paid" a declaration compared
//! may incur only the cost instances this one incurs, under "free" none.

pub mod cost;
pub mod exhaustive;
mod explain;

use super::report::{cost_text, verdict_text, why_not_lines, LegalUnder, RequirementReport, Violation, ViolationKind};
use super::words::payment_text;
use super::{Baseline, Proof, SolveError};
use crate::board::{Block, BlockDeclaration, ValidBoard};
use crate::deadline::Deadline;
use crate::mana::{format_cost, CostTotal};
use crate::position::Position;
use crate::rules::blocks::{BlockAssignment, BlockRestrictionKind, BlockRules};
pub use cost::Payability;
use exhaustive::{candidates, BlockCandidate};
use serde::Serialize;
use std::fmt::Write;

/// The block rules of a position, or why it has none: bad input for a board without `combat`.
pub fn rules_of(pos: &Position) -> Result<&BlockRules, SolveError> {
    pos.blocks.as_ref().ok_or_else(|| SolveError::Internal("blocks asked of a board without combat".into()))
}

/// The maximum of CR 509.1c with a declaration that reaches it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockMaximum {
    /// The most requirements obeyed.
    pub value: usize,
    /// An assignment obeying `value` requirements, every restriction, incurring only allowed
    /// cost instances, payable.
    pub witness: BlockAssignment,
    /// How `value` was established.
    pub proof: Proof,
}

/// A method for the maximum of CR 509.1c (as [`super::Maximizer`] is for attacks).
pub trait BlockMaximizer {
    /// The most requirements obeyed by a declaration of blockers that obeys every restriction
    /// (509.1a-b), incurs only cost instances `k` with `allowed_costs[k]` and can be paid
    /// (`payable`, 509.1d); among the best, a witness differing from `prefer` in as few
    /// blockers as the method can manage.
    fn block_maximum(
        &self,
        rules: &BlockRules,
        allowed_costs: &[bool],
        payable: &dyn Payability,
        prefer: &BlockAssignment,
        deadline: Deadline,
    ) -> Result<BlockMaximum, SolveError>;
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

/// An assignment as a declaration with a payment of the costs it incurs (CR 509.1d-f), found
/// by `payer`: a witness shows how it is paid.
pub fn paid_block_declaration(rules: &BlockRules, payer: &cost::Payer, x: &BlockAssignment) -> Result<BlockDeclaration, SolveError> {
    let mut d = block_declaration(rules, x);
    let incurred = rules.incurred(x);
    if !incurred.is_empty() {
        let payment =
            payer.payment(&incurred)?.ok_or_else(|| SolveError::Internal("a declaration of blockers found payable can't be paid".into()))?;
        d.payment = Some(payment.entries);
    }
    Ok(d)
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
        let capacity = rules.blockers[b].capacity;
        if x[b].contains(&a) || x[b].len() >= capacity {
            let message = if x[b].contains(&a) {
                format!("{who} can't block {whom} twice (CR 509.1a)")
            } else {
                format!("{who} can't block more than {capacity} creature{} (CR 509.1a)", if capacity == 1 { "" } else { "s" })
            };
            violations.push(Violation::new(ViolationKind::Blocker, message));
            continue;
        }
        x[b].push(a);
    }
    (x, violations)
}

/// The blocks of `d` as written, per blocker of the rules, for measuring how far another
/// declaration is from it: unlike [`read_blocks`], no pair is dropped (past a capacity, by a
/// blocker that may not block); an attacker that is not attacking is [`NOT_AN_ATTACKER`], so
/// that its blocker's blocks differ from every declaration's. A "blocker" that is no creature
/// of a defending player differs from every declaration alike and is left out.
pub fn declared_blocks(pos: &Position, rules: &BlockRules, d: &BlockDeclaration) -> BlockAssignment {
    let vb = &pos.board;
    let mut x = rules.no_block();
    for block in &d.blocks {
        let Some(b) = vb.permanent_index(&block.blocker).and_then(|p| rules.blocker_index(p)) else { continue };
        let a = vb.permanent_index(&block.attacker).and_then(|q| rules.attacker_index(q)).unwrap_or(NOT_AN_ATTACKER);
        if !x[b].contains(&a) {
            x[b].push(a);
        }
    }
    for blocks in &mut x {
        blocks.sort_unstable();
    }
    x
}

/// In [`declared_blocks`], an attacker that is not attacking.
pub const NOT_AN_ATTACKER: usize = usize::MAX;

/// A broken restriction in words: the rule, then who breaks it.
pub(crate) fn restriction_broken(vb: &ValidBoard, rules: &BlockRules, kind: &BlockRestrictionKind, x: &BlockAssignment) -> String {
    let blocker = |b: usize| vb.permanent_label(rules.blockers[b].permanent);
    let attacker = |a: usize| vb.permanent_label(rules.attackers[a].permanent);
    let by = |a: usize| rules.blockers_of(x, a).into_iter().map(blocker).collect::<Vec<_>>().join(", ");
    match kind {
        BlockRestrictionKind::Pairs { pairs } => {
            let broken: Vec<String> =
                rules.broken_pairs(pairs, x).into_iter().map(|(b, a)| format!("{} blocks {}", blocker(b), attacker(a))).collect();
            broken.join(", ")
        }
        BlockRestrictionKind::NotAlone { blocker: b, others: 1 } => format!("{} is the only creature blocking", blocker(*b)),
        BlockRestrictionKind::NotAlone { blocker: b, .. } => {
            let n = rules.blocking_on_side(x, rules.blockers[*b].side).saturating_sub(1);
            format!("{} blocks with {n} other creature{}", blocker(*b), if n == 1 { "" } else { "s" })
        }
        BlockRestrictionKind::MaxBlockers { side, .. } => format!("{} creatures block", rules.blocking_on_side(x, *side)),
        BlockRestrictionKind::AtLeast { attacker: a, .. } => format!("it is blocked by {} only", by(*a)),
        BlockRestrictionKind::AtMost { attacker: a, .. } => format!("it is blocked by {}", by(*a)),
        BlockRestrictionKind::AllOrNone { attacker: a, blockers } => {
            let missing: Vec<String> = blockers.iter().filter(|&&b| !x[b].contains(a)).map(|&b| blocker(b)).collect();
            format!("it is blocked by {}, and not by {}", by(*a), missing.join(", "))
        }
    }
}

/// Which cost instances a declaration compared with may incur (docs/rules.md section 7): under
/// "paid" those `incurred` by the one checked, under "free" none.
pub fn allowed_costs(rules: &BlockRules, baseline: Baseline, incurred: &[usize]) -> Vec<bool> {
    let mut allowed = vec![false; rules.costs.len()];
    if baseline == Baseline::Paid {
        for &k in incurred {
            allowed[k] = true;
        }
    }
    allowed
}

/// Check a declaration of blockers (CR 509.1a-d) under a baseline, the maximum of 509.1c by
/// `by`. Past the time limit the answer is undecided (`legal` null, proof "none") unless a
/// violation of 509.1a-b or d proves it illegal: never a guess.
pub fn check_blocks(
    pos: &Position,
    d: &BlockDeclaration,
    baseline: Baseline,
    by: &dyn BlockMaximizer,
    deadline: Deadline,
) -> Result<BlockCheckResult, SolveError> {
    let rules = rules_of(pos)?;
    let payer = cost::Payer::new(pos)?;
    let maximum = |allowed: &[bool], prefer: &BlockAssignment| match by.block_maximum(rules, allowed, &payer, prefer, deadline) {
        Ok(m) => Ok(Some(m)),
        Err(SolveError::TimeLimit(_)) => Ok(None),
        Err(e) => Err(e),
    };
    check_with(pos, d, baseline, &payer, maximum)
}

/// The maxima of CR 509.1c on a board with combat, each with a declaration reaching it: batch's
/// and the command line's `maximum` (docs/format.md "Batch"). The attack report's fields
/// (`requirements_max_free`, `witness`, `proof`, [`crate::MaximumReport`]) with the same
/// meanings, plus the maximum under the baseline asked: one JSON shape for both kinds of board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct BlockMaximumReport {
    /// The most requirements a declaration of blockers obeying every restriction and paying no
    /// cost to block can obey (the free baseline's bar, CR 509.1c).
    pub requirements_max_free: usize,
    /// A declaration of blockers obeying that many, paying nothing.
    pub witness: BlockDeclaration,
    /// How the maxima were established: "ilp-optimal" (the integer program, the default
    /// method) or "exhaustive".
    pub proof: Proof,
    /// The baseline of `requirements_max`.
    pub baseline: Baseline,
    /// The most requirements a declaration the baseline compares with can obey: under "free"
    /// one paying no cost to block (`requirements_max_free`); under "paid" one paying any costs
    /// to block that can be paid (CR 509.1c-d), the highest bar a declaration can have. Every
    /// legal declaration obeys at least `requirements_max_free`.
    pub requirements_max: usize,
    /// A declaration of blockers obeying `requirements_max`, with the payment of the costs to
    /// block it incurs (none under "free": then it is `witness`); legal under both baselines.
    pub witness_max: BlockDeclaration,
}

impl BlockMaximumReport {
    /// Readable text: the maxima, each witness (with its payment), the proof.
    pub fn to_text(&self, pos: &Position) -> String {
        let costs = pos.blocks.as_ref().is_some_and(|r| !r.costs.is_empty());
        let mut s = String::new();
        if !costs {
            let _ = writeln!(
                s,
                "Requirements: a declaration of blockers obeying every restriction obeys at most {} (CR 509.1c; no block has a cost).",
                self.requirements_max
            );
            let _ = writeln!(s, "Witness: {}", blocks_text(pos, &self.witness));
        } else {
            let _ = writeln!(
                s,
                "Requirements: a declaration of blockers obeying every restriction obeys at most {} paying no cost to block (CR 509.1c).",
                self.requirements_max_free
            );
            let _ = writeln!(s, "Witness (paying nothing): {}", blocks_text(pos, &self.witness));
            if self.baseline == Baseline::Paid {
                let _ = writeln!(
                    s,
                    "Paying costs to block it can pay (baseline paid, CR 509.1d): at most {}; a cost to block is never required to be paid.",
                    self.requirements_max
                );
                let _ = writeln!(s, "Witness (obeys {}): {}", self.requirements_max, blocks_text(pos, &self.witness_max));
                if let Some(p) = self.witness_max.payment.as_ref().filter(|p| !p.is_empty()) {
                    let _ = writeln!(s, "  paid by: {}", payment_text(pos, p));
                }
            }
        }
        let _ = writeln!(s, "Proof: {}", self.proof);
        s
    }
}

/// The maxima of CR 509.1c by `by` ([`BlockMaximumReport`]): paying no cost to block, and under
/// `baseline` paid, paying any cost to block that can be paid. Past the time limit a time
/// limit error: a maximum is never reported unproven.
pub fn maximum_blocks(pos: &Position, baseline: Baseline, by: &dyn BlockMaximizer, deadline: Deadline) -> Result<BlockMaximumReport, SolveError> {
    let rules = rules_of(pos)?;
    let payer = cost::Payer::new(pos)?;
    let none = rules.no_block();
    let free = by.block_maximum(rules, &vec![false; rules.costs.len()], &payer, &none, deadline)?;
    // Under "paid" a declaration compared with may incur the costs the declaration checked
    // incurs: the highest bar is that of a declaration incurring every cost instance, so every
    // instance is allowed (docs/rules.md section 7). Without costs the two are one maximum.
    let best = if baseline == Baseline::Paid && !rules.costs.is_empty() {
        by.block_maximum(rules, &vec![true; rules.costs.len()], &payer, &free.witness, deadline)?
    } else {
        free.clone()
    };
    if best.value < free.value {
        return Err(SolveError::Internal(format!("the block maximum paying costs ({}) is below the free one ({})", best.value, free.value)));
    }
    let proof = if free.proof == Proof::Exhaustive && best.proof == Proof::Exhaustive { Proof::Exhaustive } else { Proof::IlpOptimal };
    Ok(BlockMaximumReport {
        requirements_max_free: free.value,
        witness: block_declaration(rules, &free.witness),
        proof,
        baseline,
        requirements_max: best.value,
        witness_max: paid_block_declaration(rules, &payer, &best.witness)?,
    })
}

/// [`check_blocks`] with the maximum given as a function of the allowed costs and the
/// declaration to stay close to (None: the time limit came first).
pub(crate) fn check_with<M>(
    pos: &Position,
    d: &BlockDeclaration,
    baseline: Baseline,
    payer: &cost::Payer,
    maximum: M,
) -> Result<BlockCheckResult, SolveError>
where
    M: Fn(&[bool], &BlockAssignment) -> Result<Option<BlockMaximum>, SolveError>,
{
    let vb = &pos.board;
    let rules = rules_of(pos)?;
    let (x, mut violations) = read_blocks(pos, rules, d);
    // CR 509.1b: every restriction.
    for r in &rules.restrictions {
        if !rules.holds(r, &x) {
            let message = format!("{}: {}", r.text, restriction_broken(vb, rules, &r.kind, &x));
            violations.push(Violation::new(ViolationKind::Restriction, message));
        }
    }
    // CR 509.1d: the costs it incurs, paid.
    let incurred = rules.incurred(&x);
    let (cost, cost_violations, payment_that_works) = payer.settle(pos, rules, &incurred, d.payment.as_deref())?;
    violations.extend(cost_violations);
    let obeyed = rules.obeyed(&x);
    let requirements = rules
        .requirements
        .iter()
        .map(|r| RequirementReport {
            text: format!("{} — {}", rules.requirement_text(vb, r), r.source),
            creature: Some(vb.perm(rules.subject_permanent(r)).id.clone()),
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
        cost,
        proof: Proof::None,
        legal_under: LegalUnder { paid: false, free: false },
        note: None,
        payment_that_works,
        legal_alternative: None,
    };
    // The two baselines differ only where the declaration incurs a cost. The maxima are found
    // with no declaration to stay close to, whose program groups the most attackers in classes
    // (src/ilp/blocks.rs); a witness close to this declaration is sought only below.
    let none = rules.no_block();
    let paid = maximum(&allowed_costs(rules, Baseline::Paid, &incurred), &none)?;
    let free = if incurred.is_empty() { paid.clone() } else { maximum(&allowed_costs(rules, Baseline::Free, &incurred), &none)? };
    let (Some(paid), Some(free)) = (paid, free) else {
        // A violation proves illegality even without the maximum.
        result.legal = if violations.is_empty() { None } else { Some(false) };
        result.violations = violations;
        result.note = Some("no proof: the time limit ran out before the maximum of requirements was established".into());
        return Ok(result);
    };
    let chosen = if baseline == Baseline::Paid { &paid } else { &free };
    // CR 509.1c: as many requirements as possible.
    let others_ok = violations.is_empty();
    if obeyed < chosen.value {
        let max = chosen.value;
        let costs = match (baseline, rules.costs.is_empty()) {
            (_, true) => "",
            (Baseline::Paid, false) => ", paying only the costs it pays",
            (Baseline::Free, false) => ", paying no cost",
        };
        violations.push(Violation::new(
            ViolationKind::Requirements,
            format!(
                "it obeys {obeyed} requirement{} of the {max} a declaration obeying every restriction{costs} can obey (CR 509.1c)",
                if obeyed == 1 { "" } else { "s" }
            ),
        ));
        // The witness closest to this declaration: the same maximum, found again staying close
        // to it (past the time limit, the verdict stands without a witness).
        if let Some(close) = maximum(&allowed_costs(rules, baseline, &incurred), &x)? {
            if close.value != max {
                return Err(SolveError::Internal(format!("the maximum is {max} with no declaration to stay close to, {} with one", close.value)));
            }
            result.witness = Some(paid_block_declaration(rules, payer, &close.witness)?);
        }
    }
    result.legal = Some(violations.is_empty());
    // A legal declaration that incurs costs shows how to pay them, as for attacks.
    if violations.is_empty() && d.payment.is_none() && !incurred.is_empty() {
        result.declaration.payment = payer.payment(&incurred)?.map(|p| p.entries);
    }
    result.legal_under = LegalUnder { paid: others_ok && obeyed >= paid.value, free: others_ok && obeyed >= free.value };
    result.requirements_max = chosen.value;
    result.requirements_max_free = free.value;
    result.violations = violations;
    result.proof = if paid.proof == Proof::Exhaustive && free.proof == Proof::Exhaustive { Proof::Exhaustive } else { Proof::IlpOptimal };
    // Under a legal verdict, why each requirement it leaves unobeyed is not obeyed (as for
    // attacks, issue 13).
    explain::explain_unobeyed(pos, rules, &x, payer, &mut result);
    Ok(result)
}

/// The legal declarations of blockers, up to `limit`, fewest blocks first, each checked: found
/// by the exhaustive checker (every declaration obeying the restrictions, free of cost or not,
/// then each checked under `baseline`).
pub fn enumerate_blocks(pos: &Position, baseline: Baseline, limit: usize, deadline: Deadline) -> Result<BlockEnumeration, SolveError> {
    let rules = rules_of(pos)?;
    let payer = cost::Payer::new(pos)?;
    let all = vec![true; rules.costs.len()];
    let cands = candidates(rules, &all, &payer, deadline)?;
    // A candidate's maximum: over the candidates incurring only what the baseline allows.
    let maximum = |allowed: &[bool], prefer: &BlockAssignment| -> Result<Option<BlockMaximum>, SolveError> {
        let within: Vec<BlockCandidate> = cands.iter().filter(|c| rules.incurred(&c.assignment).iter().all(|&k| allowed[k])).cloned().collect();
        let best = exhaustive::best(&within, prefer).map(|(value, w)| BlockMaximum { value, witness: w.clone(), proof: Proof::Exhaustive });
        best.map(Some).ok_or_else(|| SolveError::Internal("no declaration of blockers obeys every restriction".into()))
    };
    // A candidate (restrictions obeyed, payable) is legal when it obeys its baseline's maximum,
    // which depends only on the costs it incurs: one maximum per set of costs incurred.
    let mut maxima: std::collections::HashMap<Vec<usize>, usize> = std::collections::HashMap::new();
    let mut legal: Vec<&BlockCandidate> = Vec::new();
    for (i, c) in cands.iter().enumerate() {
        if i % 256 == 0 && deadline.passed() {
            return Err(SolveError::TimeLimit("the time limit ran out before every declaration of blockers was checked".into()));
        }
        let incurred = if baseline == Baseline::Paid { rules.incurred(&c.assignment) } else { vec![] };
        let max = match maxima.get(&incurred) {
            Some(&m) => m,
            None => {
                let allowed = allowed_costs(rules, Baseline::Paid, &incurred);
                let m = cands.iter().filter(|o| rules.incurred(&o.assignment).iter().all(|&k| allowed[k])).map(|o| o.obeyed).max().unwrap_or(0);
                maxima.insert(incurred, m);
                m
            }
        };
        if c.obeyed >= max {
            legal.push(c);
        }
    }
    legal.sort_by_key(|c| c.assignment.iter().map(Vec::len).sum::<usize>());
    let complete = legal.len() <= limit;
    let found = legal
        .into_iter()
        .take(limit)
        .map(|c| check_with(pos, &block_declaration(rules, &c.assignment), baseline, &payer, maximum))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(BlockEnumeration { declarations: found, complete, time_limit_reached: false, method: "exhaustive" })
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
    /// The same among declarations paying no cost to block (the free baseline).
    pub requirements_max_free: usize,
    /// The declaration of blockers checked.
    pub declaration: BlockDeclaration,
    /// Every requirement of the combat, obeyed or not; `creature` is the blocker.
    pub requirements: Vec<RequirementReport>,
    /// Why it is illegal; empty when legal.
    pub violations: Vec<Violation>,
    /// When it obeys too few requirements: a declaration obeying `requirements_max`.
    pub witness: Option<BlockDeclaration>,
    /// The costs to block it incurs (CR 509.1d): their mana, and the life its payment pays.
    pub cost: CostTotal,
    /// How `requirements_max` was established: "ilp-optimal" (the integer program, the default
    /// method), "exhaustive", or "none" past the time limit.
    pub proof: Proof,
    /// The verdict under both baselines.
    pub legal_under: LegalUnder,
    /// Why there is no proof (time limit), when `proof` is "none".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// When the declaration's own payment does not work but another one does, that one (CR
    /// 509.1d-f): "pay differently", not only "wrong payment".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payment_that_works: Option<Vec<crate::board::PaymentEntry>>,
    /// When it is illegal for another reason than its requirements alone (a `blocker`,
    /// `attacker`, `restriction` or `cost` violation): the legal declaration closest to it (the
    /// most blockers whose blocks stay as declared, then least mana, fewest blocks), with its
    /// payment; absent past the time limit. Set by the request layer, as for attacks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal_alternative: Option<BlockDeclaration>,
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
        if let Some(p) = &self.payment_that_works {
            if self.violations.iter().all(|v| v.kind == ViolationKind::Cost) {
                let _ = writeln!(s, "  The blocks themselves are legal; only the payment is wrong. Pay differently: {}", payment_text(pos, p));
            } else {
                let _ = writeln!(s, "  A payment that works for these blocks: {}", payment_text(pos, p));
            }
        }
        if self.legal_under.paid != self.legal_under.free && self.proof != Proof::None {
            let _ = writeln!(
                s,
                "  note: the baselines disagree: legal under {}, illegal under {} (docs/rules.md section 7)",
                if self.legal_under.paid { "paid" } else { "free" },
                if self.legal_under.paid { "free" } else { "paid" }
            );
        }
        let costs = pos.blocks.as_ref().map_or(&[][..], |r| &r.costs[..]);
        if self.proof == Proof::None {
            let _ = writeln!(s, "Requirements: obeys {}; the most it could obey is not known (no proof).", self.requirements_obeyed);
        } else {
            // CR 509.1c: a cost to block is never required to be paid; the baseline says which
            // costs the declarations compared with may pay.
            let compared = match (costs.is_empty(), self.baseline) {
                (true, _) => "; no block has a cost".to_string(),
                (false, Baseline::Paid) => format!(", paying only its costs to block; {} paying none", self.requirements_max_free),
                (false, Baseline::Free) => ", paying no cost to block".to_string(),
            };
            let _ = writeln!(
                s,
                "Requirements: obeys {} of the {} it could (restrictions obeyed{compared}).",
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
            let why = r.why_not.as_deref().map_or(String::new(), why_not_lines);
            let _ = writeln!(s, "  {mark} {}{note}{why}", r.text);
        }
        if let Some(rules) = pos.blocks.as_ref().filter(|r| !r.costs.is_empty()) {
            let vb = &pos.board;
            let each: Vec<String> = rules
                .costs
                .iter()
                .map(|c| format!("{} for {} — {}", format_cost(&c.cost), vb.permanent_label(rules.blockers[c.blocker].permanent), c.source))
                .collect();
            let _ = writeln!(s, "Costs to block (CR 509.1d, paid only by choice): {}", each.join("; "));
        }
        cost_text(&mut s, pos, &self.cost, self.declaration.payment.as_deref().filter(|_| self.legal == Some(true)));
        if let Some(w) = &self.witness {
            let _ = writeln!(s, "Witness (obeys {}): {}", self.requirements_max, blocks_text(pos, w));
            if let Some(p) = w.payment.as_ref().filter(|p| !p.is_empty()) {
                let _ = writeln!(s, "  paid by: {}", payment_text(pos, p));
            }
        }
        if let Some(d) = &self.legal_alternative {
            let _ = writeln!(s, "Closest legal declaration: {}", blocks_text(pos, d));
            if let Some(p) = d.payment.as_ref().filter(|p| !p.is_empty()) {
                let _ = writeln!(s, "  paid by: {}", payment_text(pos, p));
            }
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
    /// True when the time limit stopped the search (the integer program's; the exhaustive
    /// checker answers whole or not).
    pub time_limit_reached: bool,
    /// How they were found: "exhaustive", or the integer program's way of meeting the bar
    /// (`free`, `paid-direct`, `paid-cuts`, as `solve`'s `method`).
    #[schemars(with = "String")]
    pub method: &'static str,
}
