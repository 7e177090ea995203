//! Conditional requirements in `solve`, `enumerate` and the closest legal declaration (CR
//! 508.1d: "it attacks if some condition is met"; docs/rules.md section 2).
//!
//! A declaration D is measured by the requirements whose conditions hold in D, and every D' it
//! is compared with by those in force in both D and D': the bar depends on D. The declarations
//! are split into classes by which requirements are in force; within a class the set is fixed,
//! so the class is a board with those requirements on and the others off
//! ([`Position::settled`], where a D' is credited with a conditional requirement only through
//! the program's row (2b), its condition met in D') plus constraints that put D in the class.
//! These bind D only, never the D' of its bar, so they go into the program as the search's
//! extra constraints. Each class is solved exactly; the best over the classes is the answer.
//! Exact: the classes partition the declarations. Some class always holds a legal declaration
//! (the one obeying the most requirements in its own terms is legal), so `solve` always answers.
//!
//! Requirements whose conditions list the same creatures share one part of the class. For such
//! a list S and the creatures K of S that carry one of its requirements (the requirement's own
//! creature never counts for its condition, "also"), the cases are: no creature of S attacks
//! (all off); exactly one attacks and it is k of K (all on but k's own); otherwise (all on).

use super::{fewest_attackers, finish, mana_of, no_good, rank, BarMethod, ClosestLegal, Enumeration, Goal, Proven, Search, SolveResult};
use crate::ilp::{Encoding, Grouping, Ilp, Optimality};
use crate::legality::{check, Baseline, Proof, SolveError};
use crate::position::Position;
use crate::rules::{Assignment, Rules};
use good_lp::{constraint, Constraint, Expression};
use std::sync::Arc;

/// The most classes `solve` and `enumerate` try: past it they refuse (exit 2) rather than guess
/// or run for hours; the exhaustive checker (`--exhaustive`) still answers small boards.
pub const MAX_CLASSES: usize = 256;

/// Which declarations of one list of creatures a class holds.
#[derive(Debug, Clone)]
enum Case {
    /// No creature of the list attacks.
    NoneAttacks,
    /// Exactly this creature of the list attacks (one that carries a requirement of the list).
    Alone(usize),
    /// At least one attacks, and not one of the carriers alone.
    Otherwise,
}

/// One condition list and the case a class takes for it.
#[derive(Debug, Clone)]
struct Part {
    list: Arc<[usize]>,
    carriers: Vec<usize>,
    case: Case,
}

/// A class of declarations: the requirements in force in each of them, and what puts a
/// declaration in it.
#[derive(Debug, Clone)]
pub struct Class {
    /// Per requirement of the rules: in force in this class's declarations.
    pub in_force: Vec<bool>,
    parts: Vec<Part>,
}

/// Every class of a board with conditional requirements that some declaration may fall in;
/// refused past [`MAX_CLASSES`].
pub fn classes(rules: &Rules) -> Result<Vec<Class>, SolveError> {
    // The distinct condition lists of the requirements that count, with their carriers.
    let mut lists: Vec<(Arc<[usize]>, Vec<usize>)> = Vec::new();
    for r in rules.requirements.iter().filter(|r| r.counts) {
        let Some(list) = &r.condition else { continue };
        let i = match lists.iter().position(|(l, _)| l == list) {
            Some(i) => i,
            None => {
                lists.push((list.clone(), Vec::new()));
                lists.len() - 1
            }
        };
        if let Some(c) = r.creature().filter(|c| list.contains(c) && rules.creatures[*c].may_attack()) {
            if !lists[i].1.contains(&c) {
                lists[i].1.push(c);
            }
        }
    }
    let can_attack = |c: usize| !rules.creatures[c].allowed.is_empty();
    // The cases each list can take: an attack is needed for all but the first.
    let mut per_list: Vec<Vec<Part>> = Vec::new();
    let mut count = 1usize;
    for (list, mut carriers) in lists {
        carriers.sort_unstable();
        let mut cases = vec![Case::NoneAttacks];
        if list.iter().any(|&c| can_attack(c)) {
            cases.push(Case::Otherwise);
            cases.extend(carriers.iter().copied().filter(|&k| can_attack(k)).map(Case::Alone));
        }
        count = count.saturating_mul(cases.len());
        per_list.push(cases.into_iter().map(|case| Part { list: list.clone(), carriers: carriers.clone(), case }).collect());
    }
    if count > MAX_CLASSES {
        return Err(SolveError::TooLarge(format!(
            "the conditional requirements (CR 508.1d) split the declarations into {count} classes, each solved on its own, \
             and the integer program takes at most {MAX_CLASSES}; the exhaustive checker (--exhaustive) answers small boards"
        )));
    }
    // Every combination of one case per list.
    let mut combos: Vec<Vec<Part>> = vec![Vec::new()];
    for cases in &per_list {
        combos = combos.into_iter().flat_map(|parts| cases.iter().map(move |p| [parts.clone(), vec![p.clone()]].concat())).collect();
    }
    Ok(combos.into_iter().map(|parts| Class { in_force: in_force(rules, &parts), parts }).collect())
}

/// The requirements in force in every declaration of a class with these parts.
fn in_force(rules: &Rules, parts: &[Part]) -> Vec<bool> {
    rules
        .requirements
        .iter()
        .map(|r| {
            let Some(list) = &r.condition else { return r.counts };
            let Some(part) = parts.iter().find(|p| &p.list == list) else { return false };
            r.counts
                && match part.case {
                    Case::NoneAttacks => false,
                    Case::Otherwise => true,
                    // The one attacker's own requirement: no other creature of the list attacks.
                    Case::Alone(k) => r.creature() != Some(k),
                }
        })
        .collect()
}

impl Class {
    /// The constraints that keep a declaration of `enc` in this class. Built on a model without
    /// grouping, one creature per group; a creature with no variable does not attack.
    pub fn constraints(&self, enc: &Encoding) -> Vec<Constraint> {
        let mut of = vec![None; enc.groups.iter().flat_map(|g| g.members.iter()).map(|&c| c + 1).max().unwrap_or(0)];
        for (g, group) in enc.groups.iter().enumerate() {
            if let [c] = group.members[..] {
                of[c] = Some(g);
            }
        }
        let attacks = |c: usize| of.get(c).copied().flatten().map(|g| enc.attacks[g].clone());
        // The number of these creatures attacking; None when none of them has a variable here.
        let sum = |cs: &mut dyn Iterator<Item = usize>| {
            let mut e: Option<Expression> = None;
            for a in cs.filter_map(attacks) {
                e.get_or_insert_with(|| Expression::with_capacity(4)).add_mul(1.0, a);
            }
            e
        };
        let zero = |e: Option<Expression>| e.map(|e| constraint::leq(e, 0.0));
        // "At least one of these attacks", infeasible when none of them can in this model (a
        // variable below its lower bound 0, or the constant row 1 ≤ 0 in a model without any).
        let some = |e: Option<Expression>| match (e, enc.x.iter().flatten().next()) {
            (Some(e), _) => constraint::leq(Expression::from(1.0), e),
            (None, Some((_, v))) => constraint::leq(Expression::from(*v), -1.0),
            (None, None) => constraint::leq(Expression::from(1.0), 0.0),
        };
        let mut cs = Vec::new();
        for part in &self.parts {
            let list = &part.list;
            match part.case {
                Case::NoneAttacks => cs.extend(zero(sum(&mut list.iter().copied()))),
                Case::Alone(k) => {
                    cs.push(some(sum(&mut std::iter::once(k))));
                    cs.extend(zero(sum(&mut list.iter().copied().filter(|&o| o != k))));
                }
                Case::Otherwise => {
                    cs.push(some(sum(&mut list.iter().copied())));
                    for &k in &part.carriers {
                        // Not k alone: if k attacks, so does another of the list.
                        if let Some(a) = attacks(k) {
                            let others = sum(&mut list.iter().copied().filter(|&o| o != k)).unwrap_or_else(|| Expression::from(0.0));
                            cs.push(constraint::leq(a, others));
                        }
                    }
                }
            }
        }
        cs
    }

    /// Whether declaration `a` is in this class (the answers are checked against it).
    pub fn contains(&self, rules: &Rules, a: &Assignment) -> bool {
        rules.in_force(a) == self.in_force
    }
}

/// The best declaration of one class for `objective`, then less mana, then fewer attackers;
/// None when the class holds no legal declaration. A time limit is an error: no guess.
fn class_best(search: &mut Search, pos: &Position, class: &Class, objective: Goal) -> Result<Option<Assignment>, SolveError> {
    let within = |enc: &Encoding| class.constraints(enc);
    let proven = |found: Option<(Assignment, Optimality)>| match found {
        Some((a, Optimality::Proven)) => Ok(Some(a)),
        Some((_, Optimality::Unproven { .. })) => Err(SolveError::TimeLimit("the time limit ran out in a class of declarations".into())),
        None => Ok(None),
    };
    let Some(first) = proven(search.best(|enc: &mut Encoding| objective.expression(pos, enc), within)?)? else { return Ok(None) };
    let value = objective.value(pos, &first);
    let fix_objective = |enc: &Encoding| {
        let mut cs = within(enc);
        cs.push(constraint::leq(Expression::from(value as f64), objective.expression(pos, enc)));
        cs
    };
    let less_mana = |enc: &mut Encoding| {
        let mut e = Expression::with_capacity(1);
        e.add_mul(-1.0, enc.mana_value());
        e
    };
    // The tie-break phases start from the previous phase's answer (see `Search::best_beating`).
    let start = Some((first.clone(), -(mana_of(pos, &first) as f64)));
    let second = proven(search.best_beating(less_mana, fix_objective, start, None)?)?.unwrap_or(first);
    if objective == Goal::Attackers {
        return Ok(Some(second));
    }
    let least = mana_of(pos, &second);
    let fix_both = |enc: &Encoding| {
        let mut cs = fix_objective(enc);
        cs.push(constraint::leq(enc.mana_value(), least as f64));
        cs
    };
    let start = Some((second.clone(), -(Goal::Attackers.value(pos, &second) as f64)));
    Ok(Some(proven(search.best_beating(|enc: &mut Encoding| fewest_attackers(enc), fix_both, start, None)?)?.unwrap_or(second)))
}

/// Check that an answer of a class is in it: a bug otherwise.
fn in_class(pos: &Position, class: &Class, a: &Assignment) -> Result<(), SolveError> {
    if class.contains(&pos.rules, a) {
        Ok(())
    } else {
        Err(SolveError::Internal("a declaration found in a class of conditional requirements is not in it".into()))
    }
}

/// `solve` on a board with conditional requirements: the best answer of each class, the best of
/// those (objective, then less mana, then fewer attackers).
pub(super) fn solve(pos: &Position, objective: Goal, baseline: Baseline, ilp: &Ilp) -> Result<SolveResult, SolveError> {
    let classes = classes(&pos.rules)?;
    let mut best: Option<(Assignment, BarMethod)> = None;
    for class in &classes {
        let settled = pos.settled(&class.in_force);
        let mut search = Search::new(&settled, ilp, baseline, Grouping::Off)?;
        let Some(a) = class_best(&mut search, &settled, class, objective)? else { continue };
        in_class(pos, class, &a)?;
        if best.as_ref().is_none_or(|(b, _)| rank(pos, objective, &a) > rank(pos, objective, b)) {
            best = Some((a, search.method));
        }
    }
    // Never, by the reading of docs/rules.md section 2 (a D' is credited only with requirements
    // in force in both declarations): a bug if it happens, said rather than guessed.
    let (a, method) =
        best.ok_or_else(|| SolveError::Internal("no class of the conditional requirements (CR 508.1d) holds a legal declaration".into()))?;
    let value = objective.value(pos, &a);
    let mut result = finish(pos, objective, baseline, &a, ilp, Proven { objective: true, ties: true }, Some(value), method)?;
    result.condition_classes = Some(classes.len());
    Ok(result)
}

/// The legal declaration closest to `a` over every class; out of time, the closest met in the
/// classes searched so far (unproven), None when none was.
pub(super) fn closest_legal(pos: &Position, a: &Assignment, baseline: Baseline, ilp: &Ilp) -> Result<Option<ClosestLegal>, SolveError> {
    let mut best: Option<Assignment> = None;
    let d = crate::legality::exhaustive::distance;
    for class in &classes(&pos.rules)? {
        let settled = pos.settled(&class.in_force);
        let found = Search::new(&settled, ilp, baseline, Grouping::Off).and_then(|mut search| {
            search.prefer = a.clone();
            search.best(|enc: &mut Encoding| enc.closeness(a), |enc: &Encoding| class.constraints(enc))
        });
        match found {
            Ok(Some((x, _))) => {
                in_class(pos, class, &x)?;
                if best.as_ref().is_none_or(|b| d(&x, a) < d(b, a)) {
                    best = Some(x);
                }
            }
            Ok(None) => {}
            Err(SolveError::TimeLimit(_)) => return Ok(best.map(|assignment| ClosestLegal { assignment, proven: false })),
            Err(e) => return Err(e),
        }
    }
    Ok(best.map(|assignment| ClosestLegal { assignment, proven: true }))
}

/// `enumerate` on a board with conditional requirements: each class's legal declarations (the
/// classes partition them, so none is listed twice), fewer attackers first over all classes,
/// up to `limit`. Each class lists its own in that order; the classes' lists are merged, each
/// class searched one declaration ahead, so that a limit keeps the declarations with the
/// fewest attackers of the whole board (before, the first classes filled the list).
pub(super) fn enumerate(pos: &Position, baseline: Baseline, limit: usize, ilp: &Ilp) -> Result<Enumeration, SolveError> {
    let classes = classes(&pos.rules)?;
    let settled: Vec<Position> = classes.iter().map(|class| pos.settled(&class.in_force)).collect();
    let mut searches = settled.iter().map(|s| Search::new(s, ilp, baseline, Grouping::Off)).collect::<Result<Vec<_>, _>>()?;
    // Per class: the declarations listed, and its next one (None: not searched since its last
    // was listed; Some(None): none left).
    let mut listed: Vec<Vec<Assignment>> = vec![Vec::new(); classes.len()];
    let mut next: Vec<Option<Option<Assignment>>> = vec![None; classes.len()];
    let mut found: Vec<Assignment> = Vec::new();
    let attackers = |a: &Assignment| a.iter().filter(|t| t.is_some()).count();
    let complete = loop {
        for (k, class) in classes.iter().enumerate() {
            if next[k].is_some() {
                continue;
            }
            let seen = &listed[k];
            let extra = |enc: &Encoding| {
                let mut cs = class.constraints(enc);
                cs.extend(seen.iter().map(|a| no_good(enc, a)));
                cs
            };
            // None left in the class has fewer attackers than the last one listed.
            let ceiling = seen.last().map(|a| -(attackers(a) as f64));
            next[k] = Some(match searches[k].best_beating(|enc: &mut Encoding| fewest_attackers(enc), extra, None, ceiling)? {
                Some((a, Optimality::Proven)) => {
                    in_class(pos, class, &a)?;
                    Some(a)
                }
                Some((_, Optimality::Unproven { .. })) => {
                    return Err(SolveError::TimeLimit("the time limit ran out in a class of declarations".into()))
                }
                None => None,
            });
        }
        // The fewest attackers over the classes' next declarations; the first class on ties.
        let pick = next.iter().enumerate().filter_map(|(k, n)| n.as_ref().and_then(Option::as_ref).map(|a| (attackers(a), k))).min();
        let Some((_, k)) = pick else { break true };
        if found.len() == limit {
            break false;
        }
        if let Some(Some(a)) = next[k].take() {
            listed[k].push(a.clone());
            found.push(a);
        }
    };
    let method =
        searches.iter().map(|s| s.method).fold(if baseline == Baseline::Free { BarMethod::Free } else { BarMethod::PaidDirect }, BarMethod::max);
    let results = found.iter().map(|a| check(pos, &pos.declaration(a), baseline, ilp)).collect::<Result<Vec<_>, _>>()?;
    if results.iter().any(|r| r.proof == Proof::None) {
        return Err(SolveError::TimeLimit("the time limit ran out while checking the declarations found".into()));
    }
    Ok(Enumeration { declarations: results, complete, time_limit_reached: false, method, condition_classes: Some(classes.len()) })
}
