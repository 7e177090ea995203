//! `solve` on a board with `combat` (docs/blocks.md slice 4, "Answers"): the best legal
//! declaration of blockers for a defender's objective, proven optimal.
//!
//! # Legality inside the program
//!
//! A legal declaration obeys every restriction (CR 509.1b), can be paid (509.1d) and obeys as
//! many requirements as the maximum (509.1c). Under "free" the maximum is one number, `m_free`
//! (declarations paying no cost): a declaration is legal when it obeys at least `m_free`, one
//! row. Under "paid" the bar of D is `m(S)`, S = the cost instances D incurs, and `m(S) ≥
//! m_free`: the program with the row `obeyed ≥ m_free` holds every legal declaration; an answer
//! D* below its own bar `m(S*)` is cut off by "a declaration incurring all of S* obeys at least
//! `m(S*)`", valid since such a declaration's bar is at least `m(S*)` (a larger set of allowed
//! costs has a larger maximum). Each cut is for a new set S*, so the loop ends (the attack
//! solve's lazy cuts, src/solve/mod.rs). On a board with no cost to block the two are the
//! single row `obeyed ≥ m_free`.
//!
//! Ties are broken lexicographically, each level solved with the previous fixed: the objective,
//! then least mana value of the costs to block, then fewest blocks. The answer is re-checked by
//! [`check_blocks`] (its `legal` must be true) and its objective recomputed here, exactly.

use crate::board::BlockDeclaration;
use crate::deadline::Deadline;
use crate::ilp::Ilp;
use crate::legality::blocks::{check_blocks, cost::Payer, enumerate_blocks, read_blocks, rules_of, BlockCheckResult, BlockMaximizer};
use crate::legality::{Baseline, SolveError};
use crate::position::Position;
use crate::rules::blocks::{BlockAssignment, BlockRules};
use crate::vocab::symbol::mana_value;
use serde::Serialize;

/// What a defender's `solve` maximizes (docs/format.md "solve on a board with combat"). Combat
/// damage is read from `power` and `toughness` alone: first strike, deathtouch, trample and
/// damage already marked are not modeled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockGoal {
    /// Any legal declaration (then least mana, fewest blocks).
    None,
    /// Combat damage prevented: the total power of the attackers blocked (negative power
    /// counts 0, CR 510.1a; a blocked creature without trample deals no damage to the player
    /// or permanent it attacks, 510.1c).
    Prevented,
    /// Attackers killed: blocked, and the total power of their blockers (negative counts 0) at
    /// least their toughness (CR 510.1, 704.5g).
    Kills,
    /// Own creatures lost, minimized: a blocker whose attackers' total power (negative counts
    /// 0) is at least its toughness (CR 510.1c, 704.5g). `objective` is this number.
    Losses,
}

impl BlockGoal {
    /// Whether the program maximizes the value (all but `losses`, which it minimizes).
    pub fn maximizes(self) -> bool {
        self != BlockGoal::Losses
    }
}

/// The combat numbers of the creatures in the combat: power clamped at 0 (damage dealt, CR
/// 510.1a) and toughness, per attacker and per blocker.
#[derive(Debug, Clone)]
pub struct CombatStats {
    /// Per attacker, the damage it deals: its power, at least 0.
    pub attacker_damage: Vec<i64>,
    /// Per attacker, its toughness.
    pub attacker_toughness: Vec<i64>,
    /// Per blocker, the damage it deals.
    pub blocker_damage: Vec<i64>,
    /// Per blocker, its toughness.
    pub blocker_toughness: Vec<i64>,
}

impl CombatStats {
    /// Read from the permanents of the combat.
    pub fn of(pos: &Position, rules: &BlockRules) -> CombatStats {
        let vb = &pos.board;
        CombatStats {
            attacker_damage: rules.attackers.iter().map(|a| vb.perm(a.permanent).power.max(0)).collect(),
            attacker_toughness: rules.attackers.iter().map(|a| vb.perm(a.permanent).toughness).collect(),
            blocker_damage: rules.blockers.iter().map(|b| vb.perm(b.permanent).power.max(0)).collect(),
            blocker_toughness: rules.blockers.iter().map(|b| vb.perm(b.permanent).toughness).collect(),
        }
    }

    /// The objective's value for an assignment, in checked arithmetic: the one definition the
    /// program's answer is compared with.
    pub fn value(&self, goal: BlockGoal, rules: &BlockRules, x: &BlockAssignment) -> Result<i64, SolveError> {
        let overflow = || SolveError::TooLarge("the objective of this combat overflows 64-bit integers".into());
        let sum = |it: &mut dyn Iterator<Item = i64>| {
            let mut total = 0i64;
            for v in it {
                total = total.checked_add(v).ok_or_else(overflow)?;
            }
            Ok::<i64, SolveError>(total)
        };
        let blocked = |a: usize| x.iter().any(|blocks| blocks.contains(&a));
        Ok(match goal {
            BlockGoal::None => 0,
            BlockGoal::Prevented => sum(&mut (0..rules.attackers.len()).filter(|&a| blocked(a)).map(|a| self.attacker_damage[a]))?,
            BlockGoal::Kills => {
                let mut kills = 0;
                for a in (0..rules.attackers.len()).filter(|&a| blocked(a)) {
                    let dealt = sum(&mut rules.blockers_of(x, a).into_iter().map(|b| self.blocker_damage[b]))?;
                    kills += i64::from(dealt >= self.attacker_toughness[a]);
                }
                kills
            }
            BlockGoal::Losses => {
                let mut lost = 0;
                for (b, attackers) in x.iter().enumerate().filter(|(_, blocks)| !blocks.is_empty()) {
                    let dealt = sum(&mut attackers.iter().map(|&a| self.attacker_damage[a]))?;
                    lost += i64::from(dealt >= self.blocker_toughness[b]);
                }
                lost
            }
        })
    }
}

/// The mana value of the costs to block an assignment incurs (the first tie-break).
pub fn block_mana(rules: &BlockRules, x: &BlockAssignment) -> i64 {
    rules.incurred(x).iter().map(|&k| mana_value(&rules.costs[k].cost)).sum()
}

/// The number of blocks (the second tie-break).
pub fn block_count(x: &BlockAssignment) -> usize {
    x.iter().map(Vec::len).sum()
}

/// How `solve` met the baseline's bar on a board with combat (the result's `method`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum BlockBarMethod {
    /// Free baseline (or no cost to block): one row, `obeyed ≥ m_free`.
    Free,
    /// Paid baseline, and the answers met their paid bars as they were.
    PaidDirect,
    /// Paid baseline, with lazy cuts for the declarations below their bars.
    PaidCuts,
    /// The exhaustive checker listed every legal declaration.
    Exhaustive,
}

/// The result of `solve` on a board with combat: the check of the best declaration of blockers
/// (its fields flattened), with the objective, as the attack solve's result (docs/format.md).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BlockSolveResult {
    /// The check of the best declaration.
    #[serde(flatten)]
    #[schemars(description = "")]
    pub result: BlockCheckResult,
    /// The objective's value for it (for `losses`, the creatures lost, which is minimized).
    #[schemars(description = "")]
    pub objective: i64,
    /// Whether no legal declaration is better: always true, since the time limit gives the
    /// undecided answer rather than an unproven one.
    pub optimal: bool,
    /// The proven bound on the objective (equal to `objective` when optimal).
    pub objective_bound: Option<i64>,
    /// Whether the tie-breaks (less mana, then fewer blocks) are proven too.
    pub tie_breaks_proven: bool,
    /// How the answer was made to meet the baseline's bar.
    pub method: BlockBarMethod,
    /// The objective solved for, for the text (not in the JSON: the request says it).
    #[serde(skip)]
    pub goal: BlockGoal,
}

impl BlockSolveResult {
    /// Readable text: the objective and its value, then the check of the declaration.
    pub fn to_text(&self, pos: &Position) -> String {
        let what = match self.goal {
            BlockGoal::None => "any legal declaration".to_string(),
            BlockGoal::Prevented => format!("{} combat damage prevented", self.objective),
            BlockGoal::Kills => format!("{} attacker{} killed", self.objective, if self.objective == 1 { "" } else { "s" }),
            BlockGoal::Losses => format!("{} own creature{} lost", self.objective, if self.objective == 1 { "" } else { "s" }),
        };
        format!("Best declaration of blockers (objective {}: {what}; then least mana, fewest blocks):\n{}", self.goal, self.result.to_text(pos))
    }
}

impl std::fmt::Display for BlockGoal {
    /// As the command line spells it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            BlockGoal::None => "none",
            BlockGoal::Prevented => "prevented",
            BlockGoal::Kills => "kills",
            BlockGoal::Losses => "losses",
        })
    }
}

/// What the integer program found: the assignment and how it met the bar.
pub struct BlockSolved {
    /// The best assignment.
    pub assignment: BlockAssignment,
    /// Whether paid cuts were needed.
    pub cuts: bool,
}

/// `solve` on a board with combat by the integer program.
pub fn solve_blocks(pos: &Position, goal: BlockGoal, baseline: Baseline, ilp: &Ilp, deadline: Deadline) -> Result<BlockSolveResult, SolveError> {
    let rules = rules_of(pos)?;
    let payer = Payer::new(pos)?;
    let stats = CombatStats::of(pos, rules);
    let found = ilp.block_solve(rules, &payer, &stats, goal, baseline)?;
    let method = match (baseline, rules.costs.is_empty(), found.cuts) {
        (Baseline::Free, _, _) | (_, true, _) => BlockBarMethod::Free,
        (Baseline::Paid, false, false) => BlockBarMethod::PaidDirect,
        (Baseline::Paid, false, true) => BlockBarMethod::PaidCuts,
    };
    let d = crate::legality::blocks::paid_block_declaration(rules, &payer, &found.assignment)?;
    finish(pos, d, goal, baseline, ilp, deadline, method)
}

/// `solve` on a board with combat by the exhaustive checker: every legal declaration, the best
/// by the objective, then least mana, then fewest blocks.
pub fn solve_blocks_exhaustive(pos: &Position, goal: BlockGoal, baseline: Baseline, deadline: Deadline) -> Result<BlockSolveResult, SolveError> {
    let rules = rules_of(pos)?;
    let stats = CombatStats::of(pos, rules);
    let all = enumerate_blocks(pos, baseline, usize::MAX, deadline)?;
    let mut best: Option<((i64, i64, usize), BlockDeclaration)> = None;
    for r in all.declarations {
        let (x, _) = read_blocks(pos, rules, &r.declaration);
        let v = stats.value(goal, rules, &x)?;
        // Smaller is better: the objective (its negation when maximized), mana, blocks.
        let key = (if goal.maximizes() { -v } else { v }, block_mana(rules, &x), block_count(&x));
        if best.as_ref().is_none_or(|(k, _)| key < *k) {
            best = Some((key, r.declaration));
        }
    }
    let (_, d) = best.ok_or_else(|| SolveError::Internal("no declaration of blockers is legal".into()))?;
    finish(pos, d, goal, baseline, &crate::legality::blocks::exhaustive::ExhaustiveBlocks, deadline, BlockBarMethod::Exhaustive)
}

/// Re-check the answer with the rules code (it must be legal) and compute its objective.
fn finish(
    pos: &Position,
    d: BlockDeclaration,
    goal: BlockGoal,
    baseline: Baseline,
    by: &dyn BlockMaximizer,
    deadline: Deadline,
    method: BlockBarMethod,
) -> Result<BlockSolveResult, SolveError> {
    let rules = rules_of(pos)?;
    let result = check_blocks(pos, &d, baseline, by, deadline)?;
    match result.legal {
        Some(true) => {}
        None => return Err(SolveError::TimeLimit("the time limit ran out before the best declaration of blockers was checked".into())),
        Some(false) => return Err(SolveError::Internal(format!("the best declaration of blockers failed its check: {:?}", result.violations))),
    }
    let (x, _) = read_blocks(pos, rules, &result.declaration);
    let objective = CombatStats::of(pos, rules).value(goal, rules, &x)?;
    Ok(BlockSolveResult { result, objective, optimal: true, objective_bound: Some(objective), tie_breaks_proven: true, method, goal })
}
