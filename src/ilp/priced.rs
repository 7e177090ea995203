//! The maximum of requirements where the payment binds: the flow with the payment priced
//! (issue 39).
//!
//! The flow of [`super::flow`] leaves the payment out. When its best declaration can't be paid
//! (a check of a declaration attacking with everything, under taxes past the mana), the
//! maximum is the flow's optimum under side rows: what each paying player owes is payable
//! (CR 508.1g-h). Each row of Hall's condition on that payment is linear in the declaration:
//! for a set Q of classes of cost symbols, what the player owes in Q is at most the units
//! that could pay one of them (untapped sources counted with their best alternative, pool
//! mana, and 2 life per Phyrexian symbol up to half the life total, as the integer program's
//! rows (6)-(9) bound them). Every payable declaration meets every row (Hall's condition is
//! necessary), so for multipliers λ ≥ 0
//!
//! `L(λ) = max over the flow's declarations x of  obeyed(x) − Σ_r λ_r (owed_r(x) − supply_r)`
//!
//! bounds the paid maximum from above (Lagrangian relaxation), and `L(λ)` is a flow: each
//! pair's arc gains its requirements less λ times what the pair owes ([`flow::Aim::Priced`]).
//! The search lowers `L` one row at a time (its slope along `λ_r` is `supply_r − owed_r(x)`;
//! the next multiplier is where the lines of the two declarations bracketing the minimum
//! meet), and pays every declaration it meets with the rules code. When a paid one obeys
//! `⌊L⌋`, that is the maximum, proven; otherwise the integer program decides.
//!
//! Measured on the adversarial profile (8 players, 2,500 creatures, the declaration attacking
//! with everything): benches/RESULTS.md, session of 2026-12-06 (sixth).

use super::encode::{demand_of, Grouping, PipClass, Pruning, Split};
use super::flow::{self, Aim};
use crate::legality::SolveError;
use crate::position::Position;
use crate::rules::{in_targets, Assignment};
use crate::vocab::symbol::TypeSet;
use std::collections::{BTreeMap, BTreeSet};

/// One requirement's worth in the priced flow: multipliers are multiples of `1 / SCALE`.
const SCALE: i64 = 1 << 16;
/// Classes of cost symbols per paying player past which no rows are built (2^6 − 1 rows).
const MOST_CLASSES: usize = 6;
/// Flows one search may solve.
const MOST_FLOWS: usize = 48;
/// Creatures two bracketing declarations may differ in for [`mend`] to try every mix.
const MOST_MIXED: usize = 12;

/// One row of Hall's condition: what `player` owes in `classes` is at most `supply`.
struct Row {
    player: usize,
    classes: Vec<PipClass>,
    supply: i64,
}

/// What the search found: an upper bound of the paid maximum, and the best paid declaration
/// met (its requirements obeyed and itself).
pub(super) struct Priced {
    pub bound: usize,
    pub best: Option<(usize, Assignment)>,
    /// The multipliers of the bound.
    at: Vec<i64>,
}

/// The rows of Hall's condition for the payment of allowed cost instances (none where no mana
/// is owed), or None when a player owes in more than [`MOST_CLASSES`] classes.
fn rows(pos: &Position, allowed: &[bool]) -> Option<Vec<Row>> {
    let rules = &pos.rules;
    let mut classes: BTreeMap<usize, BTreeSet<PipClass>> = BTreeMap::new();
    for (_, instance) in rules.costs.iter().enumerate().filter(|(k, _)| allowed.get(*k).copied().unwrap_or(false)) {
        let player = rules.creatures[instance.creature].controller;
        for sym in &instance.cost {
            if let Some((class, _)) = demand_of(sym) {
                classes.entry(player).or_default().insert(class);
            }
        }
    }
    let mut rows = Vec::new();
    for (player, classes) in classes {
        let classes: Vec<PipClass> = classes.into_iter().collect();
        if classes.len() > MOST_CLASSES {
            return None;
        }
        for mask in 1u32..(1 << classes.len()) {
            let chosen: Vec<PipClass> = (0..classes.len()).filter(|i| mask & (1 << i) != 0).map(|i| classes[i]).collect();
            let supply = supply(pos, player, &chosen)?;
            rows.push(Row { player, classes: chosen, supply });
        }
    }
    Some(rows)
}

/// The units of `player` that could pay a symbol of one of `classes` (CR 508.1g-h, CR 119.4):
/// pool units, each source's best alternative, and for Phyrexian symbols half the life total.
fn supply(pos: &Position, player: usize, classes: &[PipClass]) -> Option<i64> {
    let mana = &pos.mana;
    let union = classes.iter().fold(TypeSet::EMPTY, |u, q| u.union(q.0));
    let pool = mana.pools.get(player).map_or(0, |p| p.iter().filter(|s| s.intersects(union)).count());
    let sources: usize = mana
        .sources
        .iter()
        .filter(|s| s.controller == player)
        .map(|s| s.alternatives.iter().map(|alt| alt.iter().filter(|u| u.intersects(union)).count()).max().unwrap_or(0))
        .sum();
    let mut units = i64::try_from(pool.checked_add(sources)?).ok()?;
    if classes.iter().any(|q| q.1) {
        let group = *mana.life_group.get(player)?;
        units = units.checked_add(mana.group_life.get(group)?.max(&0) / 2)?;
    }
    Some(units)
}

/// What creature `c` owes per class by attacking `t` (allowed cost instances only).
fn owed(pos: &Position, allowed: &[bool], c: usize, t: usize) -> Vec<(PipClass, i64)> {
    let rules = &pos.rules;
    let mut owed = Vec::new();
    for &k in &rules.by_creature[c].costs {
        if !allowed.get(k).copied().unwrap_or(false) || !in_targets(&rules.costs[k].targets, t) {
            continue;
        }
        for sym in &rules.costs[k].cost {
            if let Some((class, amount)) = demand_of(sym) {
                owed.push((class, amount as i64));
            }
        }
    }
    owed
}

/// The price of each (creature, target) pair at multipliers `mu`: what it owes in each row
/// times the row's multiplier (saturating: a price past what an arc may gain makes the case
/// no flow, and the integer program decides).
fn price_at<'a>(pos: &'a Position, allowed: &'a [bool], rows: &'a [Row], mu: &'a [i64]) -> impl Fn(usize, usize) -> i64 + 'a {
    move |c, t| {
        let owed = owed(pos, allowed, c, t);
        rows.iter().zip(mu).fold(0i64, |p, (row, m)| p.saturating_add(m.saturating_mul(owed_in(pos, row, &owed, c))))
    }
}

/// What a pair owes in row `r`'s classes.
fn owed_in(pos: &Position, row: &Row, owed: &[(PipClass, i64)], c: usize) -> i64 {
    if pos.rules.creatures[c].controller != row.player {
        return 0;
    }
    owed.iter().filter(|(q, _)| row.classes.contains(q)).fold(0i64, |s, (_, m)| s.saturating_add(*m))
}

/// One evaluation of `L` at multipliers `mu`: its value (in the flow's units), the room of
/// each dimension at its declaration (the slope of `L` along that multiplier: a row's supply
/// less what the declaration owes), and the declaration.
struct Point {
    mu: Vec<i64>,
    value: i128,
    room: Vec<i128>,
    a: Assignment,
}

/// `L` at multipliers (None: the program is no flow).
type Evaluate<'a> = dyn FnMut(&[i64]) -> Result<Option<Point>, SolveError> + 'a;

/// Coordinate descent on `L` over multipliers ≥ 0 from `start`: a line search along each
/// dimension whose multiplier lowers `L` (no room: up, doubling from `step`, to `mu_max` at
/// most; room and a multiplier above zero: down, halving), then where the lines of the two
/// declarations bracketing the minimum meet, until the bracket closes; passes while `L` drops.
/// `eval` gives `L` at multipliers (None: no flow, the descent stops with None), `enough`
/// ends the descent early, and `bracket` sees each bracket's two declarations. Every `L`
/// evaluated is a bound: the caller keeps the least.
fn descend(
    start: Point,
    mu_max: &[i64],
    step: i64,
    eval: &mut Evaluate,
    enough: &dyn Fn() -> bool,
    bracket: &mut dyn FnMut(&Point, &Point) -> Result<(), SolveError>,
) -> Result<Option<()>, SolveError> {
    let mut here = start;
    let movable = |here: &Point, r: usize| here.room[r] < 0 || (here.room[r] > 0 && here.mu[r] > 0);
    for _pass in 0..4 {
        let mut order: Vec<usize> = (0..here.mu.len()).filter(|&r| movable(&here, r)).collect();
        order.sort_by_key(|&r| here.room[r]);
        let before = here.value;
        for r in order {
            if enough() || !movable(&here, r) {
                continue;
            }
            let at = |p: &Point, m: i64| {
                let mut mu = p.mu.clone();
                mu[r] = m;
                mu
            };
            // A bracket [lo, hi] of the minimum along r: L falls at lo, rises at hi.
            let (mut lo, mut hi) = if here.room[r] < 0 {
                let mut lo = here;
                let hi = loop {
                    let m = lo.mu[r].saturating_mul(2).max(step).min(mu_max[r]);
                    let Some(p) = eval(&at(&lo, m))? else { return Ok(None) };
                    if p.room[r] >= 0 || m == mu_max[r] || enough() {
                        break p;
                    }
                    lo = p;
                };
                (lo, hi)
            } else {
                let mut hi = here;
                let lo = loop {
                    let m = if hi.mu[r] < step { 0 } else { hi.mu[r] / 2 };
                    let Some(p) = eval(&at(&hi, m))? else { return Ok(None) };
                    if p.room[r] <= 0 || m == 0 || enough() {
                        break p;
                    }
                    hi = p;
                };
                (lo, hi)
            };
            while hi.mu[r] - lo.mu[r] > 1 && lo.room[r] < 0 && hi.room[r] > 0 && !enough() {
                let (sl, sh) = (lo.room[r], hi.room[r]);
                let (pl, ph) = (lo.value - i128::from(lo.mu[r]) * sl, hi.value - i128::from(hi.mu[r]) * sh);
                let meet = (ph - pl).div_euclid(sl - sh);
                let m = i64::try_from(meet).unwrap_or(lo.mu[r]).clamp(lo.mu[r] + 1, hi.mu[r] - 1);
                let Some(p) = eval(&at(&lo, m))? else { return Ok(None) };
                // The lines met at p: no declaration beats them there, so L's minimum along r
                // is at p or at its neighbour.
                let on_lines = p.value == pl + i128::from(m) * sl || p.value == ph + i128::from(m) * sh;
                let level = p.room[r] == 0;
                if p.room[r] < 0 {
                    lo = p;
                } else {
                    hi = p;
                }
                if on_lines || level {
                    break;
                }
            }
            if !enough() {
                bracket(&lo, &hi)?;
            }
            here = if hi.value <= lo.value { hi } else { lo };
        }
        if here.value >= before || enough() {
            break;
        }
    }
    Ok(Some(()))
}

/// Every mix of the two declarations bracketing a minimum of `L` along a row (`lo` owing too
/// much, `hi` not), each paid with the rules code. Why: at the multiplier where their lines
/// meet both are best, and what obeys `⌊L⌋` and owes exactly what can be paid is often a mix
/// of them (one of the cycles their difference is made of), which the flow, breaking the tie
/// its own way, never returns (adversarial profile, P = 8, N = 2,500: the bracket differs in
/// 4 creatures, `lo` obeys 4,222 and owes one too many, `hi` obeys 4,220, `⌊L⌋` = 4,221).
fn mend(pos: &Position, allowed: &[bool], lo: &Assignment, hi: &Assignment, found: &mut Priced) -> Result<(), SolveError> {
    let rules = &pos.rules;
    let differ: Vec<usize> = (0..lo.len()).filter(|&c| lo[c] != hi[c]).collect();
    if differ.len() > MOST_MIXED {
        return Ok(());
    }
    for mask in 1u32..(1 << differ.len()) - 1 {
        let mut a = lo.clone();
        for (i, &c) in differ.iter().enumerate() {
            if mask & (1 << i) != 0 {
                a[c] = hi[c];
            }
        }
        let obeyed = rules.obeyed(&a);
        if found.best.as_ref().is_some_and(|(v, _)| obeyed <= *v) {
            continue;
        }
        if rules.respects_restrictions(&a) && rules.incurred(&a).iter().all(|&k| allowed.get(k).copied().unwrap_or(false)) && pos.can_pay(&a)? {
            found.best = Some((obeyed, a));
        }
    }
    Ok(())
}

/// The requirements of its own creature `c` obeys attacking `t`.
fn own(pos: &Position, c: usize, t: Option<usize>) -> i64 {
    let rules = &pos.rules;
    let Some(t) = t else { return 0 };
    rules.by_creature[c].requirements.iter().filter(|&&i| rules.requirements[i].counts && rules.obeys_pair(&rules.requirements[i], c, t)).count()
        as i64
}

/// What creature `c` owes per row attacking `t` (None: nothing), or None when `t` incurs a
/// cost instance that is not allowed.
fn owes_per_row(pos: &Position, allowed: &[bool], rows: &[Row], c: usize, t: Option<usize>) -> Option<Vec<i64>> {
    let Some(t) = t else { return Some(vec![0; rows.len()]) };
    let rules = &pos.rules;
    if rules.by_creature[c].costs.iter().any(|&k| in_targets(&rules.costs[k].targets, t) && !allowed.get(k).copied().unwrap_or(false)) {
        return None;
    }
    let owed = owed(pos, allowed, c, t);
    Some(rows.iter().map(|row| owed_in(pos, row, &owed, c)).collect())
}

/// What declaration `a` owes per row (saturating).
fn owes_of(pos: &Position, allowed: &[bool], rows: &[Row], a: &Assignment) -> Vec<i64> {
    let mut owes = vec![0i64; rows.len()];
    for (c, t) in a.iter().enumerate() {
        let Some(t) = *t else { continue };
        let owed = owed(pos, allowed, c, t);
        for (r, row) in rows.iter().enumerate() {
            owes[r] = owes[r].saturating_add(owed_in(pos, row, &owed, c));
        }
    }
    owes
}

/// Attempts a greedy repair may make before it stops.
const MOST_ATTEMPTS: usize = 256;

/// A greedy repair of a flow's declaration toward the bound, every result paid by the rules
/// code before it counts: first, while a row owes too much, the attacks that give up the
/// fewest of their own requirements per unit owed move (to a target owing less, or out of the
/// attack); then, while the rows have room, attacks move where they obey more within it. Why:
/// the declarations of the priced flow sit at vertices, often well inside the payment (the
/// bracket's paid side) or past it (its other side), while the bound is usually met
/// (adversarial profile: the bound is the integer program's maximum on most boards).
fn repair(pos: &Position, allowed: &[bool], rows: &[Row], mut a: Assignment, found: &mut Priced) -> Result<(), SolveError> {
    let rules = &pos.rules;
    if rules.incurred(&a).iter().any(|&k| !allowed.get(k).copied().unwrap_or(false)) {
        return Ok(());
    }
    let mut owes = owes_of(pos, allowed, rows, &a);
    let over = |owes: &[i64]| -> Vec<usize> { (0..rows.len()).filter(|&r| owes[r] > rows[r].supply).collect() };
    let mut attempts = 0;
    // Give up the cheapest attacks while a row owes too much.
    let violated = over(&owes);
    if !violated.is_empty() {
        let mut moves: Vec<(i64, i64, usize, Option<usize>)> = Vec::new();
        for (c, &at) in a.iter().enumerate() {
            let Some(here) = owes_per_row(pos, allowed, rows, c, at) else { continue };
            if violated.iter().all(|&r| here[r] == 0) {
                continue;
            }
            let mut best: Option<(i64, i64, Option<usize>)> = None;
            for t in rules.creatures[c].allowed.iter().map(|&t| Some(t)).chain(std::iter::once(None)).filter(|&t| t != at) {
                let Some(there) = owes_per_row(pos, allowed, rows, c, t) else { continue };
                if there.iter().zip(&here).any(|(x, y)| x > y) {
                    continue;
                }
                let saved: i64 = violated.iter().map(|&r| here[r] - there[r]).sum();
                let lost = own(pos, c, at) - own(pos, c, t);
                // Least lost per unit saved: lost / saved, compared crosswise.
                if saved > 0 && best.is_none_or(|(l, s, _)| lost * s < l * saved) {
                    best = Some((lost, saved, t));
                }
            }
            if let Some((lost, saved, t)) = best {
                moves.push((lost, saved, c, t));
            }
        }
        moves.sort_by(|x, y| (x.0 * y.1).cmp(&(y.0 * x.1)));
        for (_, _, c, t) in moves {
            if over(&owes).is_empty() || attempts >= MOST_ATTEMPTS {
                break;
            }
            let before = a[c];
            let Some(here) = owes_per_row(pos, allowed, rows, c, before) else { continue };
            for to in [t, None] {
                a[c] = to;
                attempts += 1;
                if rules.respects_restrictions(&a) {
                    break;
                }
                a[c] = before;
            }
            if let Some(there) = owes_per_row(pos, allowed, rows, c, a[c]).filter(|_| a[c] != before) {
                for r in 0..rows.len() {
                    owes[r] = owes[r].saturating_sub(here[r]).saturating_add(there[r]);
                }
            }
        }
        if !over(&owes).is_empty() || !rules.respects_restrictions(&a) || !pos.can_pay(&a)? {
            return Ok(());
        }
    } else if !rules.respects_restrictions(&a) || !pos.can_pay(&a)? {
        return Ok(());
    }
    let mut obeyed = rules.obeyed(&a);
    // Obey more within the room the rows leave.
    let mut moves: Vec<(i64, i64, usize, usize)> = Vec::new();
    for (c, &at) in a.iter().enumerate() {
        let Some(here) = owes_per_row(pos, allowed, rows, c, at) else { continue };
        let mine = own(pos, c, at);
        for &t in rules.creatures[c].allowed.iter().filter(|&&t| Some(t) != at) {
            let Some(there) = owes_per_row(pos, allowed, rows, c, Some(t)) else { continue };
            let more = own(pos, c, Some(t)) - mine;
            let extra: i64 = there.iter().zip(&here).map(|(x, y)| (x - y).max(0)).sum();
            if more > 0 && (0..rows.len()).all(|r| owes[r].saturating_sub(here[r]).saturating_add(there[r]) <= rows[r].supply) {
                moves.push((more, extra, c, t));
            }
        }
    }
    moves.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    for (_, _, c, t) in moves {
        if attempts >= MOST_ATTEMPTS {
            break;
        }
        let (Some(here), Some(there)) = (owes_per_row(pos, allowed, rows, c, a[c]), owes_per_row(pos, allowed, rows, c, Some(t))) else { continue };
        if (0..rows.len()).any(|r| owes[r].saturating_sub(here[r]).saturating_add(there[r]) > rows[r].supply) {
            continue;
        }
        let before = a[c];
        a[c] = Some(t);
        attempts += 1;
        let better = rules.obeyed(&a);
        if better > obeyed && rules.respects_restrictions(&a) && pos.can_pay(&a)? {
            obeyed = better;
            for r in 0..rows.len() {
                owes[r] = owes[r].saturating_sub(here[r]).saturating_add(there[r]);
            }
        } else {
            a[c] = before;
        }
    }
    if found.best.as_ref().is_none_or(|(v, _)| obeyed > *v) {
        found.best = Some((obeyed, a));
    }
    Ok(())
}

/// The search of the module doc over the flow's cases `splits`. None where the flow does not
/// express the program, or where no payment row can be built.
#[allow(clippy::too_many_arguments)]
pub(super) fn maximum(
    pos: &Position,
    allowed: &[bool],
    grouping: Grouping,
    splits: &[Split],
    pruning: Pruning<'_>,
    prefer: Option<&Assignment>,
    in_time: &dyn Fn() -> Result<(), SolveError>,
) -> Result<Option<Priced>, SolveError> {
    let Some(rows) = rows(pos, allowed).filter(|rows| !rows.is_empty()) else { return Ok(None) };
    let rules = &pos.rules;
    // Past this multiplier no attack owing in the row gains: one attack obeys at most `most`.
    let most = (0..rules.creatures.len()).map(|c| super::most_obeyed_by(pos, c)).max().unwrap_or(0)
        + rules.requirements.iter().filter(|r| r.counts && r.creature().is_none()).count();
    let Some(mu_max) = i64::try_from(most).ok().and_then(|m| m.checked_add(1)).and_then(|m| m.checked_mul(SCALE)) else { return Ok(None) };
    let found = std::cell::RefCell::new(Priced { bound: usize::MAX, best: None, at: vec![0; rows.len()] });
    let flows = std::cell::Cell::new(0usize);
    // L at multipliers `mu`, one per row; one requirement is worth SCALE.
    let mut eval = |mu: &[i64]| -> Result<Option<Point>, SolveError> {
        flows.set(flows.get() + 1);
        let price = price_at(pos, allowed, &rows, mu);
        let Some(a) = flow::best(pos, allowed, grouping, splits, pruning, Aim::Priced { scale: SCALE, price: &price, prefer: None }, in_time)? else {
            return Ok(None);
        };
        let owes = owes_of(pos, allowed, &rows, &a);
        let obeyed = rules.obeyed(&a);
        let room: Vec<i128> = rows.iter().zip(&owes).map(|(row, o)| i128::from(row.supply) - i128::from(*o)).collect();
        let value = i128::from(SCALE) * obeyed as i128 + mu.iter().zip(&room).map(|(m, r)| i128::from(*m) * r).sum::<i128>();
        let mut found = found.borrow_mut();
        let bound = usize::try_from(value.max(0) / i128::from(SCALE)).unwrap_or(usize::MAX);
        if bound < found.bound {
            found.bound = bound;
            found.at = mu.to_vec();
        }
        if found.best.as_ref().is_none_or(|(v, _)| obeyed > *v) && room.iter().all(|r| *r >= 0) && pos.can_pay(&a)? {
            found.best = Some((obeyed, a.clone()));
        }
        Ok(Some(Point { mu: mu.to_vec(), value, room, a }))
    };
    let closed = || found.borrow().best.as_ref().is_some_and(|(v, _)| *v >= found.borrow().bound);
    let Some(start) = eval(&vec![0; rows.len()])? else { return Ok(None) };
    let mut bracket = |lo: &Point, hi: &Point| -> Result<(), SolveError> {
        let mut found = found.borrow_mut();
        mend(pos, allowed, &lo.a, &hi.a, &mut found)?;
        for a in [&lo.a, &hi.a] {
            repair(pos, allowed, &rows, a.clone(), &mut found)?;
        }
        Ok(())
    };
    let enough = || closed() || flows.get() >= MOST_FLOWS;
    if descend(start, &vec![mu_max; rows.len()], SCALE / 4, &mut eval, &enough, &mut bracket)?.is_none() {
        return Ok(None);
    }
    let mut found = found.into_inner();
    let closed = |found: &Priced| found.best.as_ref().is_some_and(|(v, _)| *v >= found.bound);
    // A witness closer to `prefer`: the flow at the bound's multipliers with closeness as its
    // second level, where it is paid and meets the bound.
    if let Some(p) = prefer.filter(|_| closed(&found)) {
        let price = price_at(pos, allowed, &rows, &found.at);
        if let Some(a) = flow::best(pos, allowed, grouping, splits, pruning, Aim::Priced { scale: SCALE, price: &price, prefer: Some(p) }, in_time)? {
            let near = |a: &Assignment| a.iter().zip(p).filter(|(x, y)| x == y).count();
            if found.best.as_ref().is_some_and(|(_, b)| near(&a) > near(b))
                && rules.obeyed(&a) >= found.bound
                && rules.respects_restrictions(&a)
                && rules.incurred(&a).iter().all(|&k| allowed.get(k).copied().unwrap_or(false))
                && pos.can_pay(&a)?
            {
                found.best = Some((rules.obeyed(&a), a));
            }
        }
    }
    crate::debug::note(|| {
        format!(
            "priced flow: {} rows, {} flows, bound {}, best paid {:?}",
            rows.len(),
            flows.get(),
            found.bound,
            found.best.as_ref().map(|(v, _)| *v)
        )
    });
    Ok(Some(found))
}

/// Flows [`objective_bound`] may solve.
const MOST_BOUND_FLOWS: usize = 24;

/// An upper bound of `solve`'s objective over legal declarations (issue 39, "bounds that
/// close"), or None where the flow does not express the program. Every legal declaration
/// respects the restrictions, is paid and obeys at least `floor` requirements, the free
/// maximum (CR 508.1d: the paid bar is never below it), so for θ ≥ 0 and λ ≥ 0
///
/// `L(θ, λ) = max over the flow's declarations x of
///            objective(x) + θ (obeyed(x) − floor) − Σ_r λ_r (owed_r(x) − supply_r)`
///
/// bounds the objective of every legal declaration, and is a flow ([`flow::Aim::Lagrangian`],
/// every cost instance allowed). The descent of [`descend`] lowers it within
/// [`MOST_BOUND_FLOWS`] flows or until `enough` (the caller's share of the time limit); the
/// least `L` met is the bound. The objective's weight is `member`'s per attacking creature
/// where given (power, attackers) plus `pair`'s per (creature, target).
#[allow(clippy::too_many_arguments)]
pub(super) fn objective_bound(
    pos: &Position,
    grouping: Grouping,
    splits: &[Split],
    member: Option<&dyn Fn(usize) -> i64>,
    pair: &dyn Fn(usize, usize) -> i64,
    floor: usize,
    in_time: &dyn Fn() -> Result<(), SolveError>,
    enough: &dyn Fn() -> bool,
) -> Result<Option<i64>, SolveError> {
    let rules = &pos.rules;
    let allowed = vec![true; rules.costs.len()];
    let Some(rows) = rows(pos, &allowed) else { return Ok(None) };
    // θ past the whole objective makes requirements come first: the room of θ is then ≥ 0.
    let mut total = 0i64;
    let mut heaviest = 1i64;
    for (c, creature) in rules.creatures.iter().enumerate() {
        let own = member.map_or(0, |m| m(c));
        let best = creature.allowed.iter().map(|&t| own.saturating_add(pair(c, t))).max().unwrap_or(0).max(0);
        total = total.saturating_add(best);
        heaviest = heaviest.max(best);
    }
    let most = (0..rules.creatures.len()).map(|c| super::most_obeyed_by(pos, c)).max().unwrap_or(0)
        + rules.requirements.iter().filter(|r| r.counts && r.creature().is_none()).count();
    let theta_max = total.saturating_add(1);
    // λ past what one attack can gain, objective and requirements at θ_max, makes no attack
    // owing in the row gain.
    let lambda_max = theta_max.saturating_mul(i64::try_from(most).unwrap_or(i64::MAX).saturating_add(1)).saturating_add(heaviest);
    let mut mu_max = vec![theta_max];
    mu_max.extend(rows.iter().map(|_| lambda_max));
    let floor = i128::try_from(floor).unwrap_or(i128::MAX);
    let best = std::cell::Cell::new(i128::MAX);
    let flows = std::cell::Cell::new(0usize);
    let mut eval = |mu: &[i64]| -> Result<Option<Point>, SolveError> {
        flows.set(flows.get() + 1);
        let price = price_at(pos, &allowed, &rows, &mu[1..]);
        let aim = Aim::Lagrangian { per_requirement: mu[0], price: &price, member, pair };
        let Some(a) = flow::best(pos, &allowed, grouping, splits, Pruning::Off, aim, in_time)? else { return Ok(None) };
        let owes = owes_of(pos, &allowed, &rows, &a);
        let objective: i128 =
            a.iter().enumerate().filter_map(|(c, t)| t.map(|t| i128::from(member.map_or(0, |m| m(c))) + i128::from(pair(c, t)))).sum();
        let mut room = vec![rules.obeyed(&a) as i128 - floor];
        room.extend(rows.iter().zip(&owes).map(|(row, o)| i128::from(row.supply) - i128::from(*o)));
        let value = objective + mu.iter().zip(&room).map(|(m, r)| i128::from(*m) * r).sum::<i128>();
        best.set(best.get().min(value));
        Ok(Some(Point { mu: mu.to_vec(), value, room, a }))
    };
    let stop = || enough() || flows.get() >= MOST_BOUND_FLOWS;
    let step = (heaviest / 4).max(1);
    // Cut short by the time limit, the least L met still bounds.
    let descended = match eval(&vec![0; 1 + rows.len()]) {
        Ok(Some(start)) => descend(start, &mu_max, step, &mut eval, &stop, &mut |_, _| Ok(())),
        other => other.map(|_| None),
    };
    match descended {
        Ok(Some(())) | Err(SolveError::TimeLimit(_)) => {}
        Ok(None) => return Ok(None),
        Err(e) => return Err(e),
    }
    crate::debug::note(|| format!("lagrangian bound: {} rows, {} flows, bound {}", rows.len(), flows.get(), best.get()));
    Ok(i64::try_from(best.get()).ok().filter(|&b| b < i64::MAX))
}
