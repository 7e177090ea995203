//! The elves' trade (issue 10): a wider inner problem where D' attacks with tied creatures
//! (mana creatures whose attack taps their source, CR 508.1f) that x leaves out, paid for by
//! taxed attacks of x that D' gives up.
//!
//! # Why
//!
//! The dual bar of [`super`] lets a tied creature attack in D' only where x attacks with it,
//! since x may spend its mana (CR 508.1f-h). On the taxed Commander boards left unproven, the
//! witness D' moves taxed attacks to free targets, and the mana so saved pays for what the
//! elves paid in x, so that they can attack (Fumiko the Lowblood makes them). D''s own payment,
//! `Σ τ·y + Σ elves ≤ mana`, has coefficients τ > 1 (2 per attack under Propaganda) and is not
//! totally unimodular; lazy cuts close that gap one cost set at a time, too slowly.
//!
//! # The trade as rows that stay totally unimodular
//!
//! A trade names the tied creatures a witness attacked with and x left out, k of them, each
//! in a group of its own in practice (its mana source tells it apart); D' must then attack at
//! least `d = ⌈k·u / τ⌉` fewer times than x through the taxed columns `R` (every column owing
//! generic mana), where `τ ≥ 1` is the least generic mana a column of R owes and `u` the most
//! units of mana one tied creature's sources make. In the inner problem of [`super`]:
//!
//! * the class of free targets of each tied group G holding `n_G` of them (its own class, as
//!   G is tied) gets `k_G∅(x) + n_G` instead of `k_G∅(x)`: a term `n_G·ρ_G∅` of the dual
//!   objective (`Σ n_G = k`);
//! * one more row, `Σ_{(g,t)∈R} y[g,t] ≤ cnt_R(x) − d` with dual `φ`, where `cnt_R(x)` counts
//!   x's attacks through R: a term `φ·cnt_R(x) − d·φ`, and `+φ` in the dual row of every
//!   column of R. R is a union of whole target sets' columns when taxes fall on players, so it
//!   is checked laminar with the caps and player requirements (family (iii)-(iv)); otherwise
//!   the trade is not built. The matrix stays totally unimodular.
//!
//! # Why it is valid (the bar never exceeds `M(S(x))`)
//!
//! With `φ ≤ U = τ·a` (`a`: the most a free column of those groups asks, weight plus player requirements),
//! the dual minimum is, by LP duality, the maximum of the *elastic* inner problem: the new row
//! may be exceeded by `v ≥ 0` at a price of `U` per unit (the slack's column is a unit column,
//! so the matrix stays totally unimodular and that maximum is reached by an integer D').
//! Take such a D'. Every creature it sends through R, x sends through R too (its class is
//! within x's, and a class with generic mana is in R), so D' gives up at least `d − v` of x's
//! attacks through R, each owing at least τ generic mana: at least `τ·(d − v)` units of mana
//! that paid x's generic symbols are free in D' (generic symbols are paid with mana only,
//! CR 107.4, 118.3). The tied creatures x leaves out and D' attacks with number at most k;
//! the units their sources made in x's payment paid generic symbols only (a trade is built
//! only when no other symbol of the board could take a tied source's mana, see
//! [`applicable`]), and any free unit pays a generic symbol: D' stays payable once at most
//! `⌈(k·u − τ(d − v))/u⌉ ≤ τ·v` of them are dropped, each worth at most a. So the elastic
//! value is at most `R(D'') + (τ·a − U)·v ≤ M(S(x))` for a declaration D'' incurring only
//! instances x incurs and payable: the bar is a lower bound of the paid bar. (When x has fewer
//! than d attacks through R, the same argument holds: then `v ≥ d − cnt_R(x)`.)
//!
//! The rest of D' is the inner problem of [`super`]; its restrictions stay valid. A trade is
//! added lazily by `crate::solve`, from a witness that attacks with tied creatures the
//! declaration left out, as a constraint in the products form (one program, the dual variables
//! in it), to every later program. `tests/it/paid_dual.rs`
//! (`cr_508_1f_trade_bars_are_lower_bounds_of_the_paid_bar`) checks the bound against the
//! exhaustive candidates.
//!
//! # What it does not see
//!
//! A witness that frees no generic mana: on the boards measured (README, the paid baseline),
//! after the first trade the declarations that fall short pay no generic tax at all and leave
//! the elves idle (their mana unused), filling a global cap with creatures that obey nothing;
//! the witness swaps those for the elves. That needs x's unused mana (its slack) in the bar,
//! which the row above does not carry: a trade with `d` lowered by a lower bound of the slack
//! (linear in x: sources left, minus the mana value x owes) is the next step.

use super::{inner, DualBar, Inner};
use crate::ilp::encode::{Encoding, Group};
use crate::position::Position;
use crate::vocab::symbol::{Symbol, TypeSet};
use good_lp::{variable, Constraint, Expression, Variable};
use std::collections::BTreeMap;

/// A trade: these tied creatures, which x leaves out, may attack in D' (k of them, see the
/// module doc). Each tied creature is a group of its own in practice (its mana source tells it
/// apart), so a trade names them; a group holding several gets as many extra places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trade {
    /// The tied creatures (rules indices), sorted.
    pub creatures: Vec<usize>,
}

/// A trade's rows over one encoding's inner problem.
pub(super) struct Rows {
    /// Per tied group: its class of free targets and how many more of it may attack there
    /// (k in all).
    extras: Vec<(usize, usize, f64)>,
    /// The taxed columns R, sorted, and each as (group, position in the group's targets).
    pub(super) cols: Vec<usize>,
    members: Vec<(usize, usize)>,
    /// d: how many fewer attacks through R.
    drop: f64,
    /// U = τ·a: the bound on φ.
    bound: f64,
}

/// The most units of mana the sources tied to one creature make (u), when a trade can be
/// built at all: one attacking player, and no symbol of any cost but generic mana can take a
/// tied source's mana (a Phyrexian {W/P} can't take an elf's {G}). None otherwise.
pub(super) fn applicable(pos: &Position) -> Option<usize> {
    if pos.rules.attacking_players.len() != 1 {
        return None;
    }
    let mut units: BTreeMap<usize, usize> = BTreeMap::new();
    let mut tied_types = TypeSet::EMPTY;
    for s in &pos.mana.sources {
        let Some(c) = s.tapped_if_attacks else { continue };
        *units.entry(c).or_insert(0) += s.alternatives.iter().map(Vec::len).max().unwrap_or(0);
        for unit in s.alternatives.iter().flatten() {
            tied_types = tied_types.union(*unit);
        }
    }
    let colored = |sym: &Symbol| match sym {
        Symbol::Generic(_) => TypeSet::EMPTY,
        Symbol::Typed(t) | Symbol::TwoOr(t) | Symbol::Phyrexian(t) => TypeSet::one(*t),
        Symbol::Hybrid(a, b) => TypeSet::one(*a).union(TypeSet::one(*b)),
    };
    if pos.rules.costs.iter().flat_map(|k| &k.cost).any(|sym| colored(sym).intersects(tied_types)) {
        return None;
    }
    units.values().copied().max().filter(|&u| u > 0)
}

/// The generic mana a member of `group` owes for attacking a target of class `class`.
fn generic(group: &Group, class: &[usize]) -> u32 {
    class.iter().flat_map(|&s| &group.costs[s].1).map(|sym| if let Symbol::Generic(n) = sym { *n } else { 0 }).sum()
}

/// A trade's rows over an inner problem (see the module doc), or None when the trade does not
/// apply there: no tied group holding its creatures with a free target where they obey something,
/// no taxed column, or a row of taxed columns that crosses a cap or a player requirement.
fn rows(pos: &Position, groups: &[Group], inner: &Inner, trade: &Trade) -> Option<Rows> {
    let u = applicable(pos)?;
    // Per group holding some of the trade's creatures: its free class and the count.
    let asks = super::asks(inner);
    let (mut extras, mut ask, mut k) = (Vec::new(), 0.0f64, 0);
    for (g, group) in groups.iter().enumerate() {
        let n = trade.creatures.iter().filter(|c| group.members.contains(c)).count();
        let Some(class) = inner.classes[g].iter().position(Vec::is_empty).filter(|_| n > 0) else { continue };
        let most = inner.columns.iter().zip(&asks).filter(|(c, _)| c.group == g && c.class == Some(class)).map(|(_, &a)| a).fold(0.0, f64::max);
        if most > 0.0 {
            extras.push((g, class, n as f64));
            ask = ask.max(most);
            k += n;
        }
    }
    if k == 0 {
        return None;
    }
    let taxed: Vec<(usize, u32)> = inner
        .columns
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.class.map(|k| (i, generic(&groups[c.group], &inner.classes[c.group][k]))))
        .filter(|&(_, tau)| tau > 0)
        .collect();
    let tau = taxed.iter().map(|&(_, tau)| tau).min()?;
    let cols: Vec<usize> = taxed.into_iter().map(|(i, _)| i).collect();
    if !inner.caps.iter().all(|(b, _)| super::laminar(&cols, b)) || !inner.troves.iter().all(|b| super::laminar(&cols, b)) {
        return None;
    }
    let drop = (k * u).div_ceil(tau as usize) as f64;
    let members = cols.iter().map(|&i| (inner.columns[i].group, inner.columns[i].k)).collect();
    Some(Rows { extras, cols, members, drop, bound: f64::from(tau) * ask })
}

impl Encoding {
    /// The paid bar of the inner problem widened by a trade (see the module doc), in the
    /// products form: a lower bound of the paid maximum, never exact (cuts complete it). None
    /// when caps cross or the trade does not apply to this encoding.
    pub fn paid_bar_trade(&mut self, pos: &Position, trade: &Trade) -> Option<DualBar> {
        let inner = inner(pos, &self.groups)?;
        let rows = rows(pos, &self.groups, &inner, trade)?;
        let mut bar = self.strong_duality(&inner, Some(&rows));
        bar.exact = false;
        Some(bar)
    }

    /// The trade's terms of the dual objective (`k·ρ_G∅ + φ·cnt_R(x) − d·φ`, the product
    /// linearized), and φ, for the dual rows of R's columns.
    pub(super) fn trade_terms(
        &mut self,
        rows: &Rows,
        rho: &BTreeMap<(usize, usize), Variable>,
        objective: &mut Expression,
        cs: &mut Vec<Constraint>,
    ) -> Variable {
        for &(g, class, n) in &rows.extras {
            if let Some(r) = rho.get(&(g, class)) {
                objective.add_mul(n, *r);
            }
        }
        let phi = self.vars.add(variable().min(0.0).max(rows.bound));
        objective.add_mul(-rows.drop, phi);
        // cnt_R(x): x's attacks through R (x[g] is parallel to the group's targets).
        let mut count = Expression::with_capacity(rows.members.len());
        for &(g, k) in &rows.members {
            count.add_mul(1.0, self.x[g][k].1);
        }
        let groups: std::collections::BTreeSet<usize> = rows.members.iter().map(|&(g, _)| g).collect();
        let most = groups.iter().map(|&g| self.groups[g].members.len()).sum();
        self.add_product(phi, rows.bound, count, most, cs, objective);
        phi
    }
}
