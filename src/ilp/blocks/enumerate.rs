//! `enumerate` for blocks (docs/format.md "enumerate"): the legal declarations of blockers,
//! fewest blocks first, by the block program with no-good cuts ([`Ilp::block_enumerate`]),
//! over the combat's independent parts, with swaps of interchangeable creatures listed without
//! a solve (`Lister`).

use super::{
    block_count, constraint, count, sum, verify, BlockAssignment, BlockPart, BlockProgram, BlockRules, Grouping, LegalCuts, LegalLoop, Payability,
};
use crate::ilp::Ilp;
use crate::legality::{Baseline, SolveError};
use crate::rules::block_parts::smallest_sums;
use good_lp::{Expression, Variable};
use std::collections::{HashMap, HashSet, VecDeque};

impl Ilp {
    /// The legal declarations of blockers, fewest blocks first, up to `limit` (docs/format.md
    /// "enumerate"): the solve's program with every attacker its own class, the row `obeyed ≥
    /// m_free` and its cuts (see [`Ilp::legal_solution`]), minimizing the blocks `t = Σ y`.
    /// After each answer x of t_x blocks, `t ≥ t_x` (it was the fewest left) and the no-good
    /// `t − Σ_{(b,a)∈x} y[b,a] ≥ 1`: among declarations of at least t_x blocks, the blocks
    /// outside x are at least one unless the declaration is x, so the cut removes x alone, and
    /// has |x| + 1 terms rather than one per pair. Past the time limit, the list found so far.
    pub fn block_enumerate(&self, rules: &BlockRules, payable: &dyn Payability, baseline: Baseline, limit: usize) -> Result<BlockList, SolveError> {
        match rules.parts() {
            Some(parts) => self.block_enumerate_parts(rules, &parts, payable, baseline, limit),
            None => {
                let mut lister = match Lister::new(self, rules, payable, baseline) {
                    Err(SolveError::TimeLimit(_)) => {
                        return Ok(BlockList { found: vec![], complete: false, time_limit_reached: true, paid_cuts: false })
                    }
                    other => other?,
                };
                let mut list = BlockList { found: Vec::new(), complete: false, time_limit_reached: false, paid_cuts: false };
                while list.found.len() <= limit {
                    match lister.next() {
                        Ok(true) if lister.found.len() > limit => break,
                        Ok(true) => list.found.push(lister.found[lister.found.len() - 1].clone()),
                        Ok(false) => {
                            list.complete = true;
                            break;
                        }
                        Err(SolveError::TimeLimit(_)) => {
                            list.time_limit_reached = true;
                            break;
                        }
                        Err(e) => return Err(e),
                    }
                }
                list.paid_cuts = lister.state.paid_cuts;
                Ok(list)
            }
        }
    }

    /// [`Ilp::block_enumerate`] over independent parts (`crate::rules::block_parts`): the
    /// whole combat's legal declarations are the parts' side by side, so the combinations of
    /// the parts' lists with the fewest blocks in all (`smallest_sums`), each part's list
    /// made as far as they need. A part cut short by the time limit leaves unknown
    /// declarations of at least its last one's blocks: the combinations are listed up to the
    /// fewest blocks such a one could make in all.
    fn block_enumerate_parts(
        &self,
        rules: &BlockRules,
        parts: &[BlockPart],
        payable: &dyn Payability,
        baseline: Baseline,
        limit: usize,
    ) -> Result<BlockList, SolveError> {
        let mut listers = Vec::with_capacity(parts.len());
        for part in parts {
            match Lister::new(self, &part.rules, payable, baseline) {
                Ok(l) => listers.push(l),
                Err(SolveError::TimeLimit(_)) => return Ok(BlockList { found: vec![], complete: false, time_limit_reached: true, paid_cuts: false }),
                Err(e) => return Err(e),
            }
        }
        let (mut timed_out, mut error) = (vec![false; parts.len()], None);
        let (picks, exhausted) = smallest_sums(
            parts.len(),
            |p, i| loop {
                let l = &mut listers[p];
                if let Some(x) = l.found.get(i) {
                    return Some(block_count(x));
                }
                if l.done || timed_out[p] || error.is_some() {
                    return None;
                }
                match l.next() {
                    Ok(_) => {}
                    Err(SolveError::TimeLimit(_)) => timed_out[p] = true,
                    Err(e) => error = Some(e),
                }
            },
            limit,
        );
        if let Some(e) = error {
            return Err(e);
        }
        let first = |l: &Lister| l.found.first().map_or(0, block_count);
        let fewest: usize = listers.iter().map(first).sum();
        // The fewest blocks a declaration a part cut short did not list could have in all.
        let unknown =
            (0..parts.len()).filter(|&p| timed_out[p]).map(|p| fewest - first(&listers[p]) + listers[p].found.last().map_or(0, block_count)).min();
        let mut found = Vec::with_capacity(picks.len());
        for ix in &picks {
            let mut x: BlockAssignment = vec![vec![]; rules.blockers.len()];
            for ((part, l), &i) in parts.iter().zip(&listers).zip(ix) {
                part.lift(l.found[i].clone(), &mut x);
            }
            if unknown.is_some_and(|u| block_count(&x) > u) {
                break;
            }
            found.push(x);
        }
        let time_limit_reached = timed_out.iter().any(|&t| t);
        Ok(BlockList { complete: exhausted && !time_limit_reached, found, time_limit_reached, paid_cuts: listers.iter().any(|l| l.state.paid_cuts) })
    }
}

/// One combat's legal declarations of blockers, one at a time, fewest blocks first (see
/// [`Ilp::block_enumerate`]).
struct Lister<'a> {
    ilp: &'a Ilp,
    rules: &'a BlockRules,
    payable: &'a dyn Payability,
    baseline: Baseline,
    p: BlockProgram,
    /// The blocks, `t = Σ y`.
    t: Variable,
    state: LegalCuts,
    /// The declarations listed so far.
    found: Vec<BlockAssignment>,
    /// Declarations found by swapping interchangeable blockers in a listed one, not listed yet.
    swapped: VecDeque<BlockAssignment>,
    /// Every declaration listed or queued.
    seen: HashSet<BlockAssignment>,
    /// Whether the program proved there are no more.
    done: bool,
}

impl<'a> Lister<'a> {
    fn new(ilp: &'a Ilp, rules: &'a BlockRules, payable: &'a dyn Payability, baseline: Baseline) -> Result<Lister<'a>, SolveError> {
        let none = vec![false; rules.costs.len()];
        let m_free = ilp.block_program(rules, &none, payable, &rules.no_block())?.value;
        let all = vec![true; rules.costs.len()];
        let mut p = BlockProgram::new(rules, &all, Grouping::Single)?;
        p.restrictions(rules);
        p.requirements(rules);
        p.rows.push(constraint::geq(p.obeyed.clone(), m_free as f64));
        let pairs: Vec<Variable> = p.y.iter().flatten().map(|&(_, v, _)| v).collect();
        let t = count(&mut p.vars, pairs.len());
        p.rows.push(constraint::eq(Expression::from(t), sum(pairs)));
        Ok(Lister {
            ilp,
            rules,
            payable,
            baseline,
            p,
            t,
            state: LegalCuts::default(),
            found: vec![],
            swapped: Default::default(),
            seen: Default::default(),
            done: false,
        })
    }

    /// Up to `SWAPS` declarations as x but with two blockers of one class of interchangeable
    /// blockers swapped (one blocking and one not, or two blocking different attackers), or
    /// two attackers of one class of interchangeable attackers (`Classes`) with different
    /// blockers. The rules treat them alike (same allowed attackers or blockers, restrictions
    /// and requirements, no cost, named by nothing), so each is legal with as many blocks as
    /// x: a next declaration, fewest blocks first, without a solve (on an 8-player combat of
    /// 2,500 attackers, the solve after a no-good found nothing in 6 s).
    fn swaps(&mut self, x: &BlockAssignment) {
        const SWAPS: usize = 64;
        let mut made = 0;
        let mut blockers_of: HashMap<usize, Vec<usize>> = HashMap::new();
        for (b, attackers) in x.iter().enumerate() {
            for &a in attackers {
                blockers_of.entry(a).or_default().push(b);
            }
        }
        for class in &self.p.attacker_swaps {
            for (i, &a1) in class.iter().enumerate() {
                for &a2 in &class[i + 1..] {
                    if made >= SWAPS {
                        return;
                    }
                    if blockers_of.get(&a1) == blockers_of.get(&a2) {
                        continue;
                    }
                    let swap = |a: usize| {
                        if a == a1 {
                            a2
                        } else if a == a2 {
                            a1
                        } else {
                            a
                        }
                    };
                    let y: BlockAssignment = x
                        .iter()
                        .map(|attackers| {
                            let mut v: Vec<usize> = attackers.iter().map(|&a| swap(a)).collect();
                            v.sort_unstable();
                            v
                        })
                        .collect();
                    if self.seen.insert(y.clone()) {
                        self.swapped.push_back(y);
                        made += 1;
                    }
                }
            }
        }
        for class in &self.p.swaps {
            for (i, &b1) in class.iter().enumerate() {
                for &b2 in &class[i + 1..] {
                    if made >= SWAPS {
                        return;
                    }
                    if x[b1] == x[b2] {
                        continue;
                    }
                    let mut y = x.clone();
                    y.swap(b1, b2);
                    if self.seen.insert(y.clone()) {
                        self.swapped.push_back(y);
                        made += 1;
                    }
                }
            }
        }
    }

    /// The next declaration into `found` (true), or none left (false, `done`).
    fn next(&mut self) -> Result<bool, SolveError> {
        if let Some(x) = self.swapped.pop_front() {
            self.list(x)?;
            return Ok(true);
        }
        if self.done {
            return Ok(false);
        }
        let legal = LegalLoop { p: &self.p, rules: self.rules, payable: self.payable, baseline: self.baseline };
        // Nothing left has fewer blocks than the last one listed (`t ≥ |x|`): a solution with
        // as many is the fewest, with no proof to search for.
        let known = self.found.last().map(|x| -(block_count(x) as f64));
        let Some((x, values)) = self.ilp.legal_solution(&legal, &-Expression::from(self.t), known, &mut self.state)? else {
            self.done = true;
            return Ok(false);
        };
        let all = vec![true; self.rules.costs.len()];
        verify(self.rules, &all, &x, self.p.obeyed.eval_with(&values), false)?;
        self.seen.insert(x.clone());
        self.swaps(&x);
        self.list(x)?;
        Ok(true)
    }

    /// List x: into `found`, and cut off (`t ≥ |x|`, and the no-good).
    fn list(&mut self, x: BlockAssignment) -> Result<(), SolveError> {
        let blocks = block_count(&x);
        let mut kept = Expression::from(self.t);
        for (b, attackers) in x.iter().enumerate() {
            for &a in attackers {
                let y = self.p.pair(b, a).ok_or_else(|| SolveError::Internal("a block of the program's answer has no variable".into()))?;
                kept.add_mul(-1.0, y);
            }
        }
        self.state.cuts.push(constraint::geq(Expression::from(self.t), blocks as f64));
        self.state.cuts.push(constraint::geq(kept, 1.0));
        self.found.push(x);
        Ok(())
    }
}

/// What [`Ilp::block_enumerate`] found.
pub struct BlockList {
    /// The legal assignments, fewest blocks first.
    pub found: Vec<BlockAssignment>,
    /// Whether the program proved there are no more.
    pub complete: bool,
    /// Whether the time limit stopped the list.
    pub time_limit_reached: bool,
    /// Whether paid cuts were needed.
    pub paid_cuts: bool,
}
