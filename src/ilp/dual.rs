//! The paid-baseline bar as linear constraints, by LP duality.
//!
//! # The bar
//!
//! Under the paid baseline a declaration x is legal when `R(x) ≥ M(S(x))` (docs/rules.md section 7;
//! CR 508.1d): `M(S)` is the most requirements a declaration D' can obey when it incurs only cost
//! instances in `S`, the set x incurs. Written as a maximum over D', the bar is a second-level
//! problem inside the first. When that inner maximum is a linear program whose relaxation is
//! exact, LP duality turns "`R(x)` is at least the inner maximum" into "some dual solution costs
//! at most `R(x)`", which is linear once the products with x are linearized: one integer
//! program, no cut loop.
//!
//! # The inner problem, and where it is restricted
//!
//! Over the groups `g` of the outer encoding (members interchangeable, `n_g` of them), integer
//! counts `y[g,t] ≥ 0` of members attacking target t, with
//!
//! * (i) `Σ_t y[g,t] ≤ n_g` (dual `α_g`): one target per creature;
//! * (ii) per cost class K of g (the set of the group's cost shapes a target incurs, K ≠ ∅):
//!   `Σ_{t: E(t)=K} y[g,t] ≤ k_gK(x)` (dual `ρ_gK`), where `k_gK(x)` counts members of g that x
//!   sends to targets of class K: those members, and only they, have K's cost instances incurred,
//!   so only they may attack class-K targets in D'. For a single creature, any target whose class
//!   contains K will do (`k_gK(x) = Σ_{t': E(t') ⊇ K} x[g,t']`), which is exact for any shape of
//!   classes; for larger groups the count of exactly class K is exact when the group's classes
//!   are disjoint (Propaganda on one player, Sphere of Safety on another) and a restriction of D'
//!   otherwise;
//! * (iii) caps (CR 508.1c, "no more than m creatures can attack \[T\]"): `Σ_{t∈T} y ≤ m` (`β_i`);
//! * (iv) player requirements j (Trove of Temptation): `r_j ≤ Σ_{c of P, t∈T_j} y`, `r_j ≤ 1`
//!   (`δ_j`, `ε_j`);
//!
//! maximizing `Σ w[g,t]·y[g,t] + Σ r_j` (`w`: the creature requirements an attack obeys).
//!
//! Rows (i)-(ii) form one laminar family of sets of columns, (iii)-(iv) another when their
//! column sets are laminar (nested or disjoint: a global cap and per-player caps, Troves over
//! different players). The incidence matrix of two laminar families is totally unimodular, the
//! right-hand sides are integers, so the LP optimum is the integer optimum, and by strong duality
//!
//! `M = min { Σ n_g α_g + Σ k_gK(x) ρ_gK + Σ m_i β_i + Σ ε_j }` over
//! `α_g + ρ_{g,E(t)} + Σ_{i∋t} β_i − Σ_{j∋(g,t)} δ_j ≥ w[g,t]`, `δ_j + ε_j ≥ 1`, all ≥ 0.
//!
//! So x is legal exactly when some dual solution has that value at most `R(x)`. The products
//! `k_gK(x)·ρ_gK` are linearized exactly: some optimal dual has `δ ≤ 1` and
//! `ρ_gK ≤ U_gK = max_{t∈K} (w[g,t] + #{j ∋ (g,t)})`, and `k` is an integer in `[0, n_g]`,
//! written in binary `k = Σ_b 2^b z_b`; then `p_b ≥ ρ − U·(1 − z_b)`, `p_b ≥ 0` and the term
//! is `Σ_b 2^b p_b` (for a single creature, `k` is already 0 or 1).
//!
//! Payment of D' need not be modelled: D' owes a part of what x owes, from the same sources,
//! so if x can pay, so can D' (CR 508.1h-j) — unless D' attacks with a creature whose mana x
//! uses (CR 508.1f). Such creatures ("tied" to a source) may attack in D' only if they attack in
//! x: their free targets get a class of their own, bounded by `a[c]`.
//!
//! # Always valid, exact where the structure allows
//!
//! Every restriction of D' above makes the dual bar a lower bound of `M(S(x))`, never above
//! it: the constraint then lets through every legal declaration and maybe some illegal ones,
//! which the re-check catches and a lazy cut (see `crate::solve`) removes. The restrictions:
//! creatures under "can attack only alone" or "can't attack unless k others attack" (CR 506.5)
//! are left out of D' (these rows are not totally unimodular); creatures tied to a mana source
//! attack in D' only where x lets them; larger groups with overlapping cost classes use exact
//! classes; player requirements whose target sets cross a cap's (not laminar) are dropped from
//! D'. When none applies, [`DualBar::exact`] is true: the bar is `M(S(x))` itself, and no cut is
//! ever needed. Caps that cross each other make no dual bar at all (the lazy cuts alone decide).

use super::encode::Encoding;
use crate::position::Position;
use crate::rules::{in_targets, RequirementKind, RestrictionKind};
use good_lp::{constraint, variable, Constraint, Expression, Variable};
use std::collections::BTreeMap;

/// The bar's constraints, added to an [`Encoding`], and whether they are exact.
pub struct DualBar {
    pub constraints: Vec<Constraint>,
    /// True when the bar is the paid-baseline maximum itself; false when it is a lower bound
    /// (a restricted inner problem, see the module doc), which lazy cuts complete.
    pub exact: bool,
}

/// A column of the inner problem: group g, its k-th target.
struct Column {
    group: usize,
    k: usize,
    weight: f64,
    /// The cost class of the target for this group (positions in the group's cost shapes), or
    /// None for a free pair.
    class: Option<usize>,
}

/// Whether two sets of columns (sorted) are nested or disjoint.
fn laminar(a: &[usize], b: &[usize]) -> bool {
    let (mut i, mut j, mut common) = (0, 0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    common == 0 || common == a.len() || common == b.len()
}

/// The inner problem over an encoding's groups (see the module doc).
struct Inner {
    columns: Vec<Column>,
    /// Per group: its classes (sets of cost-shape positions), and the class of each target.
    classes: Vec<Vec<Vec<usize>>>,
    target_class: Vec<Vec<Option<usize>>>,
    /// Caps that can bind: sorted column sets and their counts.
    caps: Vec<(Vec<usize>, f64)>,
    /// Player requirements kept: sorted column sets.
    troves: Vec<Vec<usize>>,
    /// Per column: the caps and kept player requirements it is in.
    col_caps: Vec<Vec<usize>>,
    col_troves: Vec<Vec<usize>>,
    exact: bool,
}

impl Encoding {
    /// The paid-baseline bar `R(x) ≥ M(S(x))` as constraints over this encoding (see the module
    /// doc), or None when caps cross each other and no dual bar can be built.
    pub fn paid_bar_dual(&mut self, pos: &Position) -> Option<DualBar> {
        let inner = self.inner(pos)?;
        Some(self.strong_duality(&inner))
    }

    fn inner(&self, pos: &Position) -> Option<Inner> {
        let rules = &pos.rules;
        let mut exact = true;
        // Creatures under "alone" restrictions (CR 506.5) stay out of D'.
        let mut alone = vec![false; rules.creatures.len()];
        for r in &rules.restrictions {
            match r.kind {
                RestrictionKind::AttacksOnlyAlone { creature } => alone[creature] = true,
                RestrictionKind::MinOtherAttackers { creature, count } if count >= 1 => alone[creature] = true,
                _ => {}
            }
        }
        // Creatures whose attack taps a mana source (CR 508.1f).
        let mut tied = vec![false; rules.creatures.len()];
        for s in &pos.mana.sources {
            if let Some(c) = s.tapped_if_attacks {
                tied[c] = true;
            }
        }
        let mut columns: Vec<Column> = Vec::new();
        // Per group: its classes (sets of cost-shape positions), and the class of each target.
        let mut classes: Vec<Vec<Vec<usize>>> = vec![Vec::new(); self.groups.len()];
        let mut target_class: Vec<Vec<Option<usize>>> = vec![Vec::new(); self.groups.len()];
        for (g, group) in self.groups.iter().enumerate() {
            let first = group.members[0];
            if alone[first] {
                exact = false;
                continue;
            }
            let tie = tied[first];
            if tie {
                exact = false;
            }
            for &t in &group.targets {
                let set: Vec<usize> = (0..group.costs.len()).filter(|&s| in_targets(&group.costs[s].0, t)).collect();
                // A tied creature's free targets form a class (∅) too: usable only if it attacks.
                let class = if set.is_empty() && !tie {
                    None
                } else {
                    Some(classes[g].iter().position(|k| *k == set).unwrap_or_else(|| {
                        classes[g].push(set);
                        classes[g].len() - 1
                    }))
                };
                target_class[g].push(class);
            }
            if group.members.len() > 1 {
                let cs = &classes[g];
                let overlap = cs.iter().enumerate().any(|(i, a)| cs[i + 1..].iter().any(|b| a.iter().any(|s| b.contains(s))));
                if overlap {
                    exact = false;
                }
            }
            for (k, class) in target_class[g].iter().enumerate() {
                columns.push(Column { group: g, k, weight: f64::from(group.weights[k]), class: *class });
            }
        }
        let size = |g: usize| self.groups[g].members.len() as f64;
        let target = |c: &Column| self.groups[c.group].targets[c.k];
        // (iii) caps that can bind, as sorted column sets.
        let mut caps: Vec<(Vec<usize>, f64)> = Vec::new();
        for r in &rules.restrictions {
            if let RestrictionKind::MaxAttackers { count, targets, .. } = &r.kind {
                let cols: Vec<usize> = (0..columns.len()).filter(|&i| in_targets(targets, target(&columns[i]))).collect();
                let most: f64 = {
                    let mut seen = std::collections::BTreeSet::new();
                    cols.iter().filter(|&&i| seen.insert(columns[i].group)).map(|&i| size(columns[i].group)).sum()
                };
                if most > f64::from(*count) {
                    caps.push((cols, f64::from(*count)));
                }
            }
        }
        for (i, (a, _)) in caps.iter().enumerate() {
            if caps[i + 1..].iter().any(|(b, _)| !laminar(a, b)) {
                return None;
            }
        }
        // (iv) player requirements, kept where laminar with the caps and those kept before.
        let mut troves: Vec<Vec<usize>> = Vec::new();
        for r in rules.requirements.iter().filter(|r| r.counts) {
            if let RequirementKind::PlayerAttacks { player, targets } = &r.kind {
                let cols: Vec<usize> = (0..columns.len())
                    .filter(|&i| {
                        let c = &columns[i];
                        rules.creatures[self.groups[c.group].members[0]].controller == *player && targets.binary_search(&target(c)).is_ok()
                    })
                    .collect();
                if caps.iter().all(|(b, _)| laminar(&cols, b)) && troves.iter().all(|b| laminar(&cols, b)) {
                    troves.push(cols);
                } else {
                    exact = false;
                }
            }
        }
        let mut col_caps: Vec<Vec<usize>> = vec![Vec::new(); columns.len()];
        for (i, (cols, _)) in caps.iter().enumerate() {
            for &c in cols {
                col_caps[c].push(i);
            }
        }
        let mut col_troves: Vec<Vec<usize>> = vec![Vec::new(); columns.len()];
        for (j, cols) in troves.iter().enumerate() {
            for &c in cols {
                col_troves[c].push(j);
            }
        }
        Some(Inner { columns, classes, target_class, caps, troves, col_caps, col_troves, exact })
    }

    /// What each column can ask of the duals covering it: its weight plus the player
    /// requirements it counts for. A dual variable never needs to exceed the most its columns
    /// ask (see the module doc), which bounds α_g and ρ_gK.
    fn asks(inner: &Inner) -> Vec<f64> {
        inner.columns.iter().zip(&inner.col_troves).map(|(c, t)| c.weight + t.len() as f64).collect()
    }

    /// The bar by strong duality: `R(x) ≥` the dual objective, products linearized.
    fn strong_duality(&mut self, inner: &Inner) -> DualBar {
        let Inner { columns, classes, target_class, caps, troves, col_caps, col_troves, exact } = inner;
        let size = |g: usize| self.groups[g].members.len() as f64;
        let mut cs: Vec<Constraint> = Vec::new();
        let mut dual_objective = Expression::with_capacity(columns.len());
        // α_g and ρ_gK, bounded by the most a column they cover asks.
        let asks = Self::asks(inner);
        let mut alpha_bound: BTreeMap<usize, f64> = BTreeMap::new();
        let mut bound_of: BTreeMap<(usize, usize), f64> = BTreeMap::new();
        for (c, &ask) in columns.iter().zip(&asks) {
            let u = alpha_bound.entry(c.group).or_insert(0.0);
            *u = u.max(ask);
            if let Some(k) = c.class {
                let u = bound_of.entry((c.group, k)).or_insert(0.0);
                *u = u.max(ask);
            }
        }
        let alpha: BTreeMap<usize, Variable> = alpha_bound.iter().map(|(&g, &u)| (g, self.vars.add(variable().min(0.0).max(u)))).collect();
        for (&g, &a) in &alpha {
            dual_objective.add_mul(size(g), a);
        }
        let beta: Vec<Variable> = caps.iter().map(|_| self.vars.add(variable().min(0.0))).collect();
        for ((_, m), b) in caps.iter().zip(&beta) {
            dual_objective.add_mul(*m, *b);
        }
        let mut delta = Vec::with_capacity(troves.len());
        for _ in troves.iter() {
            let d = self.vars.add(variable().min(0.0).max(1.0));
            let e = self.vars.add(variable().min(0.0).max(1.0));
            let mut both = Expression::from(d);
            both.add_mul(1.0, e);
            cs.push(constraint::leq(1.0, both));
            dual_objective.add_mul(1.0, e);
            delta.push(d);
        }
        // ρ_gK with its bound U_gK, and the linearized product with k_gK(x).
        let mut rho: BTreeMap<(usize, usize), Variable> = BTreeMap::new();
        for (&(g, k), &u) in &bound_of {
            if u <= 0.0 {
                continue;
            }
            let r = self.vars.add(variable().min(0.0).max(u));
            rho.insert((g, k), r);
            // k_gK(x): members x sends to class K (or, for one creature, to any superset of K).
            let class = &classes[g][k];
            let single = self.groups[g].members.len() == 1;
            let mut count = Expression::with_capacity(4);
            for (j, (_, v)) in self.x[g].iter().enumerate() {
                let hit = match target_class[g][j] {
                    Some(kj) => kj == k || (single && class.iter().all(|s| classes[g][kj].contains(s))),
                    None => single && class.is_empty(),
                };
                if hit {
                    count.add_mul(1.0, *v);
                }
            }
            let n = self.groups[g].members.len();
            let bits: Vec<(f64, Expression)> = if single {
                vec![(1.0, count)]
            } else {
                let width = usize::BITS - n.leading_zeros();
                let mut sum = Expression::with_capacity(width as usize);
                let mut out = Vec::new();
                for b in 0..width {
                    let z = self.vars.add(variable().binary());
                    let weight = f64::from(1u32 << b);
                    sum.add_mul(weight, z);
                    out.push((weight, Expression::from(z)));
                }
                cs.push(constraint::eq(sum, count));
                out
            };
            for (weight, z) in bits {
                // p ≥ ρ − U·(1 − z), p ≥ 0.
                let p = self.vars.add(variable().min(0.0).max(u));
                let mut rhs = Expression::from(r);
                rhs.add_mul(u, z);
                rhs += -u;
                cs.push(constraint::leq(rhs, p));
                dual_objective.add_mul(weight, p);
            }
        }
        // Dual feasibility, one row per column that obeys something.
        for (i, c) in columns.iter().enumerate() {
            if c.weight <= 0.0 && col_troves[i].is_empty() {
                continue;
            }
            let mut lhs = Expression::from(alpha[&c.group]);
            if let Some(r) = c.class.and_then(|k| rho.get(&(c.group, k))) {
                lhs.add_mul(1.0, *r);
            }
            for &b in &col_caps[i] {
                lhs.add_mul(1.0, beta[b]);
            }
            for &j in &col_troves[i] {
                lhs.add_mul(-1.0, delta[j]);
            }
            cs.push(constraint::leq(c.weight, lhs));
        }
        // The bar: R(x) ≥ the dual objective.
        cs.push(constraint::leq(dual_objective, self.obeyed.clone()));
        DualBar { constraints: cs, exact: *exact }
    }
}
