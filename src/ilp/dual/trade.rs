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
//! `applicable`), and any free unit pays a generic symbol: D' stays payable once at most
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
//! # The slack kind
//!
//! A witness may also pay for the elves with mana x leaves unused. The slack kind has no row R;
//! its row is over T, every column of the trade's groups (a union of whole rows (i), so it
//! joins the laminar family (i)-(ii)): `Σ_T y ≤ Σ_G a_G(x) + N − k − Σ_tied s_c·a_c(x) − mv(x)`,
//! with `a_G(x)` x's attacks with the group, N the attacking player's sources, `s_c` the
//! sources an attack by a tied creature c taps and `mv(x)` the mana value x owes ({W/P}
//! counted 1, {2/W} 2; the encoding's `mana_value`). A payment of x taps at most `mv(x)`
//! sources, so at least `N − Σ s_c·a_c(x) − mv(x)` sources are left, at least that minus k
//! once the new attackers' own sources are gone, plus one for each of x's tied attackers that
//! D' leaves out (its source is free again). D' attacks with at most that many new tied
//! creatures more than it leaves out of x's, which the row says; each new one pays the one
//! unit (u = 1; the kind is not built otherwise) its source paid in x, for a generic symbol,
//! from one of those sources. The right-hand side is an integer, and `φ ≤ U = a` prices each
//! unit of excess at a dropped new attacker: valid as above. Its products: `φ·Σ a_G(x)` as
//! before, and `−φ·(Σ s_c·a_c(x) + mv(x))`, each bit's `q_b` bounded above (`q_b ≤ φ`,
//! `q_b ≤ U·z_b`), as the dual minimum wants it large.
//!
//! # What they do not see
//!
//! Measured (docs/history/paid-baseline-steps.md, step 2): on the boards left unproven, after the first round
//! (which the R kind cuts off) the declarations that fall short pay no generic tax at all and
//! leave the elves idle; they fill a global cap with creatures that obey nothing, and pay
//! Norn's Annex's {W/P} with life. The slack kind counts every {W/P} as a tapped source, so its
//! bound is 0 there (15 sources, 12 {W/P}, 3 elves). Counting {W/P} against the life that can
//! pay them is not linear (`max(0, P(x) − L)`), which is where a next step would start: a case
//! split on whether x's {W/P} exceed what life pays.

use super::{inner, DualBar, Inner};
use crate::ilp::encode::{Encoding, Group};
use crate::ilp::vars::variable;
use crate::position::Position;
use crate::vocab::symbol::{mana_value, Symbol, TypeSet};
use good_lp::{constraint, Constraint, Expression, Variable};
use std::collections::BTreeMap;

/// A trade: these tied creatures, which x leaves out, may attack in D' (k of them, see the
/// module doc). Each tied creature is a group of its own in practice (its mana source tells it
/// apart), so a trade names them; a group holding several gets as many extra places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trade {
    /// The tied creatures (rules indices), sorted.
    pub creatures: Vec<usize>,
    /// Paid for by x's unused mana (its slack) instead of taxed attacks given up (see the
    /// module doc).
    pub slack: bool,
}

/// A trade's rows over one encoding's inner problem.
pub(super) struct Rows {
    /// Per tied group: its class of free targets and how many more of it may attack there
    /// (k in all).
    extras: Vec<(usize, usize, f64)>,
    /// The new row's columns (R, or T for the slack), sorted, and each as (group, position in
    /// the group's targets).
    pub(super) cols: Vec<usize>,
    /// Its right-hand side: `constant + Σ x over plus − (slack) negative(x)`.
    constant: f64,
    plus: Vec<(usize, usize)>,
    /// For the slack: the tied groups (with their sources per member), whose attacks tap
    /// sources, and the mana value x owes, subtracted.
    negative: Option<Vec<(usize, f64)>>,
    /// The bound on φ (U).
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
        Symbol::Generic(_) | Symbol::Action(_) => TypeSet::EMPTY,
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
    if trade.slack {
        return slack_rows(pos, groups, inner, extras, ask, k, u);
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
    if !family_two(inner, &cols) {
        return None;
    }
    let drop = (k * u).div_ceil(tau as usize) as f64;
    let plus = cols.iter().map(|&i| (inner.columns[i].group, inner.columns[i].k)).collect();
    Some(Rows { extras, cols, constant: -drop, plus, negative: None, bound: f64::from(tau) * ask })
}

/// Whether a row over these columns is laminar with the caps and player requirements kept.
fn family_two(inner: &Inner, cols: &[usize]) -> bool {
    inner.caps.iter().all(|(b, _)| super::laminar(cols, b)) && inner.troves.iter().all(|b| super::laminar(cols, b))
}

/// The slack's row (see the module doc): over T, every column of the trade's groups,
/// `Σ_T y ≤ Σ_G a_G(x) + N − k − Σ_tied s_c·a_c(x) − mv(x)`, when one unit per tied creature.
fn slack_rows(pos: &Position, groups: &[Group], inner: &Inner, extras: Vec<(usize, usize, f64)>, ask: f64, k: usize, u: usize) -> Option<Rows> {
    if u != 1 {
        return None;
    }
    // Every column of those groups: a union of whole rows (i), so laminar with family (i)-(ii).
    let cols: Vec<usize> = (0..inner.columns.len()).filter(|&i| extras.iter().any(|&(g, _, _)| inner.columns[i].group == g)).collect();
    let mut per_creature: BTreeMap<usize, f64> = BTreeMap::new();
    for s in &pos.mana.sources {
        if let Some(c) = s.tapped_if_attacks {
            *per_creature.entry(c).or_insert(0.0) += 1.0;
        }
    }
    let negative = groups.iter().enumerate().filter_map(|(g, group)| per_creature.get(&group.members[0]).map(|&n| (g, n))).collect();
    // x's attacks with the trade's groups, as (group, target position) pairs.
    let plus = extras.iter().flat_map(|&(g, _, _)| (0..groups[g].targets.len()).map(move |j| (g, j))).collect();
    let constant = pos.mana.sources.len() as f64 - k as f64;
    Some(Rows { extras, cols, constant, plus, negative: Some(negative), bound: ask })
}

impl Encoding {
    /// The paid bar of the inner problem widened by a trade (see the module doc), in the
    /// products form: a lower bound of the paid maximum, never exact (cuts complete it). None
    /// when caps cross or the trade does not apply to this encoding.
    pub fn paid_bar_trade(&mut self, pos: &Position, trade: &Trade) -> Option<DualBar> {
        let inner = inner(pos, &self.groups, super::Ties::Restricted)?;
        let rows = rows(pos, &self.groups, &inner, trade)?;
        let mut bar = self.strong_duality(&inner, Some(&rows));
        bar.exact = false;
        Some(bar)
    }

    /// The trade's terms of the dual objective (`Σ n_G·ρ_G∅ + φ·rhs(x)`, the products
    /// linearized), and φ, for the dual rows of the new row's columns.
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
        objective.add_mul(rows.constant, phi);
        // φ·Σ x over `plus` (x[g] is parallel to the group's targets).
        let mut count = Expression::with_capacity(rows.plus.len());
        for &(g, j) in &rows.plus {
            count.add_mul(1.0, self.x[g][j].1);
        }
        let groups: std::collections::BTreeSet<usize> = rows.plus.iter().map(|&(g, _)| g).collect();
        let most = groups.iter().map(|&g| self.groups[g].members.len()).sum();
        self.add_product(phi, rows.bound, count, most, cs, objective);
        // −φ·(sources the tied attackers tap + mana value owed): each bit's product q_b is
        // bounded above (q_b ≤ φ, q_b ≤ U·z_b), as the minimum wants it large.
        if let Some(negative) = &rows.negative {
            let mut owed = self.mana_value();
            let mut most = 0.0;
            for (g, group) in self.groups.iter().enumerate() {
                let n = group.members.len() as f64;
                most += n * group.costs.iter().map(|(_, cost)| mana_value(cost) as f64).sum::<f64>();
                if let Some(&(_, per)) = negative.iter().find(|&&(h, _)| h == g) {
                    owed.add_mul(per, self.attacks[g].clone());
                    most += n * per;
                }
            }
            let width = 64 - (most as u64).leading_zeros();
            let mut sum = Expression::with_capacity(width as usize);
            for b in 0..width {
                let z = self.vars.add(variable().binary());
                let weight = (1u64 << b) as f64;
                sum.add_mul(weight, z);
                let q = self.vars.add(variable().min(0.0).max(rows.bound));
                cs.push(constraint::leq(q, phi));
                cs.push(constraint::leq(Expression::from(q), Expression::from(z) * rows.bound));
                objective.add_mul(-weight, q);
            }
            cs.push(constraint::eq(sum, owed));
        }
        phi
    }
}
