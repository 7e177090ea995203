//! Bounds by the flow's Lagrangian relaxation (issue 39, "bounds that close").
//!
//! `solve` on the adversarial profile is cut short by its time limit, and the bound of its
//! answer came from branch and bound on the first rounds' programs: 30 % above the answer at
//! 2,500 creatures. Every legal declaration respects the restrictions, is paid (CR 508.1g-h)
//! and obeys at least the free maximum (CR 508.1d: the paid bar is never below it). Those two
//! are linear in the declaration: the requirements obeyed, and for each paying player and set
//! Q of classes of cost symbols, Hall's condition on the payment (what the player owes in Q
//! is at most the units that could pay one of them: untapped sources counted with their best
//! alternative, pool mana, and 2 life per Phyrexian symbol up to half the life total, as the
//! integer program's rows (6)-(9) bound them; necessary for any payment). So for multipliers
//! θ ≥ 0 and λ ≥ 0
//!
//! `L(θ, λ) = max over the flow's declarations x of
//!            objective(x) + θ (obeyed(x) − floor) − Σ_r λ_r (owed_r(x) − supply_r)`
//!
//! bounds the objective of every legal declaration, and it is a flow: each pair's arc gains
//! θ per requirement less λ times what the pair owes ([`flow::Aim::Lagrangian`]). The descent
//! lowers `L` one multiplier at a time (its slope along a multiplier is the room of its row;
//! the next multiplier is where the lines of the two declarations bracketing the minimum
//! meet).
//!
//! Under paid, the bar by moves ([`crate::rules::MoveBar`]) is a stronger floor: every legal
//! declaration obeys at least `m0 + Σ gain(c, t)·x[c, t]`, linear per pair, so θ's row may
//! be `obeyed(x) − m0 − Σ gain·x` and each pair's arc also pays `θ·gain`. The flow prices
//! groups, not creatures: a pair's gain is the least over every creature some case's group
//! puts with it, rounded down (a smaller gain is a weaker row, still valid). The bar's entries
//! (a player requirement R the base does not obey, entered by some moves) come in by the
//! program's row `v_R ≥ r_R − Σ x` over R's columns that enter nothing, `v_R` taken at its
//! least: θ's row is `obeyed(x) − Σ_R r_R(x) + Σ_R others_R(x) − m0 − Σ gain·x`, so R's
//! bonus in the flow is dropped (`unpriced`) and each attack obeying R without entering it
//! (for some creature of its class) earns θ back. Issue 39: P = 8, N = 2,500, seed 9101, the
//! bound went from 1,613,502 to 1,611,002 (answer 1,610,311).
//!
//! An experiment not kept: the paid maximum of requirements by the same relaxation (θ fixed,
//! the rows priced, the declarations met paid by the rules code). It proved the maximum of a
//! check of a declaration attacking with everything on 2 of 8 adversarial boards, each of
//! which the integer program proves too, and was slower than the program on 5 of the 6 both
//! prove (benches/RESULTS.md, session of 2026-12-06, sixth).

use super::encode::{demand_of, groups, Grouping, PipClass, Pruning, Split};
use super::flow::{self, Aim};
use crate::deadline::Deadline;
use crate::legality::SolveError;
use crate::position::Position;
use crate::rules::{in_targets, Assignment, MoveBar, RequirementKind};
use crate::vocab::symbol::TypeSet;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use web_time::Instant;

/// Classes of cost symbols per paying player past which no rows are built (2^6 − 1 rows).
const MOST_CLASSES: usize = 6;

/// One row of Hall's condition: what `player` owes in `classes` is at most `supply`.
struct Row {
    player: usize,
    classes: Vec<PipClass>,
    supply: i64,
}

/// The rows of Hall's condition for the payment of any cost instances (none where no mana is
/// owed), or None when a player owes in more than [`MOST_CLASSES`] classes.
fn rows(pos: &Position) -> Option<Vec<Row>> {
    let rules = &pos.rules;
    let mut classes: BTreeMap<usize, BTreeSet<PipClass>> = BTreeMap::new();
    for instance in &rules.costs {
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
    let union = classes.iter().fold(TypeSet::EMPTY, |u, q| u.union(q.0));
    let mut units = i64::try_from(pos.mana.units(player, |u| u.intersects(union))).ok()?;
    if classes.iter().any(|q| q.1) {
        units = units.checked_add(pos.mana.life_symbols(player)?)?;
    }
    Some(units)
}

/// What creature `c` owes per class by attacking `t`.
fn owed(pos: &Position, c: usize, t: usize) -> Vec<(PipClass, i64)> {
    let rules = &pos.rules;
    let mut owed = Vec::new();
    for &k in &rules.by_creature[c].costs {
        if !in_targets(&rules.costs[k].targets, t) {
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
/// no flow, and the bound is left to the search).
fn price_at<'a>(pos: &'a Position, rows: &'a [Row], mu: &'a [i64]) -> impl Fn(usize, usize) -> i64 + 'a {
    move |c, t| {
        let owed = owed(pos, c, t);
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

/// Per creature, a representative of the creatures any case's group puts with it (the flow
/// prices a group by one member, so what it prices must hold for all of them).
fn classes(pos: &Position, allowed: &[bool], grouping: Grouping, splits: &[Split]) -> Vec<usize> {
    let n = pos.rules.creatures.len();
    let mut root: Vec<usize> = (0..n).collect();
    fn find(root: &mut [usize], mut c: usize) -> usize {
        while root[c] != c {
            root[c] = root[root[c]];
            c = root[c];
        }
        c
    }
    for &split in splits {
        for group in groups(pos, allowed, grouping, split, Pruning::Off) {
            for pair in group.members.windows(2) {
                let (a, b) = (find(&mut root, pair[0]), find(&mut root, pair[1]));
                root[a] = b;
            }
        }
    }
    (0..n).map(|c| find(&mut root, c)).collect()
}

/// Per creature and target, the gain of the bar by moves the flow may price (module doc): the
/// least over the creatures of its class, rounded down; 0 where it is no move.
fn group_gains(pos: &Position, class: &[usize], bar: &MoveBar) -> Vec<Vec<i64>> {
    let n = pos.rules.creatures.len();
    let targets = pos.rules.targets.len();
    let mut least: Vec<Option<Vec<i64>>> = vec![None; n];
    for (c, &r) in class.iter().enumerate() {
        let own: Vec<i64> = (0..targets).map(|t| bar.gain(c, t).map_or(0, |g| g.floor() as i64)).collect();
        least[r] = Some(match least[r].take() {
            Some(l) => l.into_iter().zip(own).map(|(a, b)| a.min(b)).collect(),
            None => own,
        });
    }
    (0..n).map(|c| least[class[c]].clone().unwrap_or_default()).collect()
}

/// The bar's entries the flow leaves unpriced (`Encoding::moves_cut`'s `v_R ≥ r_R − Σ x` over
/// R's columns that enter nothing, with v_R's multiplier that of θ's row): their requirements,
/// and per creature and target how many of them its attack obeys without entering (for every
/// creature of its class).
fn entry_terms(pos: &Position, class: &[usize], bar: &MoveBar) -> (Vec<usize>, Vec<Vec<i64>>) {
    let rules = &pos.rules;
    let n = rules.creatures.len();
    let targets = rules.targets.len();
    let mut unpriced = Vec::new();
    let mut others = vec![vec![0i64; targets]; n];
    for (i, &r) in bar.entered.iter().enumerate().filter(|&(i, _)| bar.entries.get(i).is_some_and(|e| !e.is_empty())) {
        let RequirementKind::PlayerAttacks { player, targets: ts } = &rules.requirements[r].kind else { continue };
        unpriced.push(r);
        // Per class and target: whether every creature of the class enters R there.
        let mut all: BTreeMap<(usize, usize), bool> = BTreeMap::new();
        for c in (0..n).filter(|&c| rules.creatures[c].controller == *player) {
            for &t in ts {
                let e = all.entry((class[c], t)).or_insert(true);
                *e &= bar.enters(i, c, t);
            }
        }
        for c in (0..n).filter(|&c| rules.creatures[c].controller == *player) {
            for &t in ts.iter().filter(|&&t| !all.get(&(class[c], t)).copied().unwrap_or(false)) {
                if let Some(o) = others[c].get_mut(t) {
                    *o += 1;
                }
            }
        }
    }
    (unpriced, others)
}

/// One evaluation of `L` at multipliers `mu`: its value, and the room of each row at the
/// flow's declaration (the slope of `L` along that multiplier: the requirements obeyed past
/// the floor, a row's supply less what the declaration owes).
struct Point {
    mu: Vec<i64>,
    value: i128,
    room: Vec<i128>,
}

/// `L` at multipliers (None: the program is no flow).
type Evaluate<'a> = dyn FnMut(&[i64]) -> Result<Option<Point>, SolveError> + 'a;

/// Coordinate descent on `L` over multipliers ≥ 0 from `start`: a line search along each
/// dimension whose multiplier lowers `L` (no room: up, doubling from `step`, to `mu_max` at
/// most; room and a multiplier above zero: down, halving), then where the lines of the two
/// declarations bracketing the minimum meet, until the bracket closes or [`close_enough`];
/// passes while `L` drops, eight at most. The multipliers of Hall's rows of one payment
/// move together, so the descent zigzags: line searches stopped within 0.02 % of their
/// minimum leave flows for more passes (P = 4, N = 5,000: 55 flows to 7,614,024 where exact
/// line searches took 74 to 7,620,870 and stopped after four passes).
/// `eval` gives `L` at multipliers (None: no flow there, the descent stops), and `enough`
/// ends the descent early. Every `L` evaluated is a bound: the caller keeps the least.
fn descend(start: Point, mu_max: &[i64], step: i64, eval: &mut Evaluate, enough: &dyn Fn() -> bool) -> Result<(), SolveError> {
    let mut here = start;
    let movable = |here: &Point, r: usize| here.room[r] < 0 || (here.room[r] > 0 && here.mu[r] > 0);
    for _pass in 0..8 {
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
                    let Some(p) = eval(&at(&lo, m))? else { return Ok(()) };
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
                    let Some(p) = eval(&at(&hi, m))? else { return Ok(()) };
                    if p.room[r] <= 0 || m == 0 || enough() {
                        break p;
                    }
                    hi = p;
                };
                (lo, hi)
            };
            while hi.mu[r] - lo.mu[r] > 1 && lo.room[r] < 0 && hi.room[r] > 0 && !enough() {
                let (sl, sh) = (lo.room[r], hi.room[r]);
                let Some((pl, ph)) = intercepts(&lo, &hi, r) else { break };
                let Some(meet) = ph.checked_sub(pl).map(|d| d.div_euclid(sl - sh)) else { break };
                let m = i64::try_from(meet).unwrap_or(lo.mu[r]).clamp(lo.mu[r] + 1, hi.mu[r] - 1);
                let Some(p) = eval(&at(&lo, m))? else { return Ok(()) };
                // The lines met at p: no declaration beats them there, so L's minimum along r
                // is at p or at its neighbour.
                let on_line = |c: i128, s: i128| i128::from(m).checked_mul(s).and_then(|x| c.checked_add(x)) == Some(p.value);
                let on_lines = on_line(pl, sl) || on_line(ph, sh);
                let level = p.room[r] == 0;
                if p.room[r] < 0 {
                    lo = p;
                } else {
                    hi = p;
                }
                if on_lines || level || close_enough(&lo, &hi, r) {
                    break;
                }
            }
            here = if hi.value <= lo.value { hi } else { lo };
        }
        if here.value >= before || enough() {
            break;
        }
    }
    Ok(())
}

/// Whether the minimum of `L` along `r` between `lo` and `hi` is within [`LINE_TOLERANCE`] of
/// the better of them: it is at least where their lines meet (`L` is convex), so a search
/// that would gain less stops (issue 39: the last flows of a line search gained a few units
/// in millions each, P = 4, N = 5,000).
fn close_enough(lo: &Point, hi: &Point, r: usize) -> bool {
    let (sl, sh) = (lo.room[r], hi.room[r]);
    // Where the lines meet, m* = (pl − ph) / (sh − sl), `L` is at least
    // pl + m*·sl = (pl·sh − sl·ph) / (sh − sl), kept exact as a fraction (sl < 0 < sh); on
    // overflow (hostile powers) not close (the search's own `intercepts` stop it).
    let gap = || -> Option<bool> {
        let (pl, ph) = intercepts(lo, hi, r)?;
        let (num, den) = (pl.checked_mul(sh)?.checked_sub(sl.checked_mul(ph)?)?, sh.checked_sub(sl)?);
        let best = lo.value.min(hi.value);
        Some(den > 0 && best.checked_mul(den)?.checked_sub(num)? <= (best.checked_abs()? >> LINE_TOLERANCE).checked_mul(den)?)
    };
    gap().unwrap_or(false)
}

/// The lines of `L` along `r` through `lo` and `hi` (slope: the room of row `r`), by their
/// values at a multiplier of 0; None on overflow (hostile powers): the line search stops.
fn intercepts(lo: &Point, hi: &Point, r: usize) -> Option<(i128, i128)> {
    let pl = lo.value.checked_sub(i128::from(lo.mu[r]).checked_mul(lo.room[r])?)?;
    let ph = hi.value.checked_sub(i128::from(hi.mu[r]).checked_mul(hi.room[r])?)?;
    Some((pl, ph))
}

/// A line search stops within `|L| / 2^LINE_TOLERANCE` of its minimum (4,096: 0.02 %).
const LINE_TOLERANCE: u32 = 12;

/// What declaration `a` owes per row (saturating).
fn owes_of(pos: &Position, rows: &[Row], a: &Assignment) -> Vec<i64> {
    let mut owes = vec![0i64; rows.len()];
    for (c, t) in a.iter().enumerate() {
        let Some(t) = *t else { continue };
        let owed = owed(pos, c, t);
        for (r, row) in rows.iter().enumerate() {
            owes[r] = owes[r].saturating_add(owed_in(pos, row, &owed, c));
        }
    }
    owes
}

/// Flows the Lagrangian bound (`Ilp::objective_bound`) may solve beside a search (alone, it
/// takes as many as its descent does within its deadline).
pub const MOST_BOUND_FLOWS: usize = 24;

/// An upper bound of `solve`'s objective over legal declarations (issue 39, "bounds that
/// close"), or None where the flow does not express the program. Every legal declaration
/// respects the restrictions, is paid and obeys at least `floor` requirements, the free
/// maximum (CR 508.1d: the paid bar is never below it), so for θ ≥ 0 and λ ≥ 0
///
/// `L(θ, λ) = max over the flow's declarations x of
///            objective(x) + θ (obeyed(x) − floor) − Σ_r λ_r (owed_r(x) − supply_r)`
///
/// bounds the objective of every legal declaration, and is a flow ([`flow::Aim::Lagrangian`],
/// every cost instance allowed). With the bar by moves `moves` (under paid), θ's row is
/// `obeyed(x) − m0 − Σ gain·x` instead (module doc). The descent of [`descend`] lowers it
/// within `most_flows` flows (none: until the descent ends) or before a flow would end past
/// `deadline`; the least `L` met is the bound. The objective's weight is `member`'s per attacking creature where
/// given (power, attackers) plus `pair`'s per (creature, target).
#[allow(clippy::too_many_arguments)]
pub(super) fn objective_bound(
    pos: &Position,
    grouping: Grouping,
    splits: &[Split],
    member: Option<&dyn Fn(usize) -> i64>,
    pair: &dyn Fn(usize, usize) -> i64,
    floor: usize,
    moves: Option<&MoveBar>,
    most_flows: Option<usize>,
    in_time: &dyn Fn() -> Result<(), SolveError>,
    deadline: Deadline,
) -> Result<Option<i64>, SolveError> {
    let rules = &pos.rules;
    // A legal declaration may incur any cost instance it pays.
    let allowed = vec![true; rules.costs.len()];
    let Some(rows) = rows(pos) else { return Ok(None) };
    let class = moves.map(|_| classes(pos, &allowed, grouping, splits));
    let gains = moves.zip(class.as_ref()).map(|(bar, class)| group_gains(pos, class, bar));
    let gain = |c: usize, t: usize| gains.as_ref().map_or(0, |g| g[c].get(t).copied().unwrap_or(0));
    let (unpriced, others) = moves.zip(class.as_ref()).map(|(bar, class)| entry_terms(pos, class, bar)).unwrap_or_default();
    let other = |c: usize, t: usize| others.get(c).and_then(|o| o.get(t)).copied().unwrap_or(0);
    let floor = moves.map_or(floor, |bar| bar.base);
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
    let longest = std::cell::Cell::new(Duration::ZERO);
    let mut eval = |mu: &[i64]| -> Result<Option<Point>, SolveError> {
        flows.set(flows.get() + 1);
        let payment = price_at(pos, &rows, &mu[1..]);
        let price = |c: usize, t: usize| payment(c, t).saturating_add(mu[0].saturating_mul(gain(c, t) - other(c, t)));
        let aim = Aim::Lagrangian { per_requirement: mu[0], price: &price, member, pair, unpriced: &unpriced };
        let started = Instant::now();
        let found = flow::best(pos, &allowed, grouping, splits, Pruning::Off, aim, in_time);
        longest.set(longest.get().max(started.elapsed()));
        let Some(a) = found? else { return Ok(None) };
        let owes = owes_of(pos, &rows, &a);
        let objective: i128 =
            a.iter().enumerate().filter_map(|(c, t)| t.map(|t| i128::from(member.map_or(0, |m| m(c))) + i128::from(pair(c, t)))).sum();
        let promised: i128 = a.iter().enumerate().filter_map(|(c, t)| t.map(|t| i128::from(gain(c, t) - other(c, t)))).sum();
        let entered = unpriced.iter().filter(|&&r| rules.obeys(&rules.requirements[r], &a)).count() as i128;
        let mut room = vec![rules.obeyed(&a) as i128 - entered - floor - promised];
        room.extend(rows.iter().zip(&owes).map(|(row, o)| i128::from(row.supply) - i128::from(*o)));
        let value = objective + mu.iter().zip(&room).map(|(m, r)| i128::from(*m) * r).sum::<i128>();
        best.set(best.get().min(value));
        Ok(Some(Point { mu: mu.to_vec(), value, room }))
    };
    // No flow is started that would likely end past the deadline (the time limit bounds the
    // whole command).
    let stop = || most_flows.is_some_and(|most| flows.get() >= most) || deadline.left().is_some_and(|left| left < longest.get().mul_f64(1.5));
    let step = (heaviest / 4).max(1);
    // Cut short by the time limit, or by multipliers past what an arc may gain (no flow), the
    // least L met still bounds; none met (the program is no flow): no bound.
    let descended = match eval(&vec![0; 1 + rows.len()]) {
        Ok(Some(start)) => descend(start, &mu_max, step, &mut eval, &stop),
        other => other.map(|_| ()),
    };
    match descended {
        Ok(_) | Err(SolveError::TimeLimit(_)) => {}
        Err(e) => return Err(e),
    }
    crate::debug::note(|| format!("lagrangian bound: {} rows, {} flows, bound {}", rows.len(), flows.get(), best.get()));
    Ok(i64::try_from(best.get()).ok().filter(|&b| b < i64::MAX))
}
