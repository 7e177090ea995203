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
//! So x is legal exactly when some dual solution has that value at most `R(x)`. Two forms of
//! this bar are built here:
//!
//! * **coupled** ([`Couplings`], the default in `solve` and `enumerate`): fix the duals that
//!   couple groups (β of the caps, δ of the player requirements) to one of finitely many integer
//!   tuples; what is left splits per group and is linear in x, so each tuple is one linear
//!   constraint and the legal set is the union of their half-spaces: one easy program per tuple;
//! * **products** ([`Encoding::paid_bar_dual`]): one program, the dual variables in it and
//!   their products with x linearized as below; exact too, but its relaxation is weak.
//!
//! The products
//! `k_gK(x)·ρ_gK` are linearized exactly: some optimal dual has `δ ≤ 1` and
//! `ρ_gK ≤ U_gK = max_{t∈K} (w[g,t] + #{j ∋ (g,t)})`, and `k` is an integer in `[0, n_g]`,
//! written in binary `k = Σ_b 2^b z_b`; then `p_b ≥ ρ − U·(1 − z_b)`, `p_b ≥ 0` and the term
//! is `Σ_b 2^b p_b` (for a single creature, `k` is already 0 or 1).
//!
//! Payment of D' need not be modelled: D' owes a part of what x owes, from the same sources,
//! so if x can pay, so can D' (CR 508.1h-j) — unless D' attacks with a creature whose mana x
//! uses (CR 508.1f). Such creatures ("tied" to a source) may attack in D' only if they attack in
//! x: their free targets get a class of their own, bounded by `a[c]`.
//! This is where the taxed Commander boards left unproven lose (docs/history/paid-baseline-steps.md, step 1): the
//! declarations that fall short spend all their mana, the tied creatures' included, and the
//! witness D' frees mana by moving taxed attacks to free targets that obey as much, so that its
//! elves can attack. Bounding tied creatures in D' by x's slack instead of `a[c]` (per set Q of
//! pip classes, Hall's condition `Σ_{c tied} y_c ≤ S_Q − d_Q(x)`, laminar with (i)-(ii), one
//! coupling dual per row) is valid and never weaker, but useless there (their slack is 0) and
//! costly in tuples (step 2 of the history). Modelling the trade needs D''s own payment,
//! `Σ d_Q(t)·y + Σ_{c tied} y_c ≤ S_Q`, whose coefficients (2 per taxed attack) break total
//! unimodularity. [`spare`] splits the declarations by the tied mana their payment needs
//! instead: where it spares every tied source (the Phyrexian symbols paid with life, the
//! generic taxes by the lands), tied creatures attack in D' like any other, and the bar is
//! exact; where it needs m of the T tied units, D' attacks with tied creatures funded by taxed
//! attacks it gives up (one unit row). The search switches to it when it escalates (its module
//! doc says why not from the start).
//!
//! # Always valid, exact where the structure allows
//!
//! Every restriction of D' above makes the dual bar a lower bound of `M(S(x))`, never above
//! it: the constraint then lets through every legal declaration and maybe some illegal ones,
//! which the re-check catches and a lazy cut (see `crate::solve`) removes. The restrictions:
//! creatures under "can attack only alone" or "can't attack unless k others attack" (CR 506.5),
//! or "can't attack unless another of these attacks" (CR 508.1c: Scarred Puma, Okk), are left
//! out of D' (these rows are not totally unimodular); creatures tied to a mana source
//! attack in D' only where x lets them; larger groups with overlapping cost classes use exact
//! classes; player requirements whose target sets cross a cap's (not laminar) are dropped from
//! D'. When none applies, [`DualBar::exact`] is true: the bar is `M(S(x))` itself, and no cut is
//! ever needed. Caps that cross each other make no dual bar at all (the lazy cuts alone decide).

use super::encode::{groups, Encoding, Group, Grouping, Pruning, Split};
use crate::ilp::vars::variable;
use crate::position::Position;
use crate::rules::{in_targets, RequirementKind, RestrictionKind};
use crate::vocab::symbol::Symbol;
use good_lp::{constraint, Constraint, Expression, Variable};
use std::collections::BTreeMap;

pub mod spare;

use spare::Case;

/// The bar's constraints, added to an [`Encoding`], and whether they are exact.
pub struct DualBar {
    /// The constraints to add.
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

/// How the inner problem treats creatures tied to a mana source (see [`spare`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ties {
    /// They attack in D' only where x attacks with them (x may spend their mana).
    Restricted,
    /// Like any other creature: x's payment spares their sources.
    Free,
    /// Only toward neutral free targets, each funded by a taxed attack of x that D' gives up,
    /// beyond the tied creatures x's payment spares (the row ★ of [`spare`]).
    Funded,
}

/// The inner problem over an encoding's groups (see the module doc).
struct Inner {
    columns: Vec<Column>,
    /// Per group: its classes (sets of cost-shape positions), and the class of each target.
    classes: Vec<Vec<Vec<usize>>>,
    target_class: Vec<Vec<Option<usize>>>,
    /// Caps that can bind: sorted column sets and their counts.
    caps: Vec<(Vec<usize>, f64)>,
    /// The restriction each cap comes from (parallel to `caps`).
    cap_ids: Vec<usize>,
    /// Player requirements kept: sorted column sets.
    troves: Vec<Vec<usize>>,
    /// The requirement each kept player requirement is (parallel to `troves`).
    trove_ids: Vec<usize>,
    /// Per column: the caps and kept player requirements it is in.
    col_caps: Vec<Vec<usize>>,
    col_troves: Vec<Vec<usize>>,
    /// With [`Ties::Funded`]: the row ★'s columns (every column owing generic mana, and the
    /// tied creatures' columns), sorted; None when ★ would cross a cap or a player requirement
    /// (the caller then restricts tied creatures instead).
    star: Option<Vec<usize>>,
    exact: bool,
}

/// Whether a member of `group` owes generic mana for attacking target `t` (a column of R, see
/// [`spare`]).
pub(crate) fn owes_generic(group: &Group, t: usize) -> bool {
    group
        .costs
        .iter()
        .filter(|(ts, _)| in_targets(ts, t))
        .flat_map(|(_, cost)| cost)
        .any(|sym| matches!(sym, Symbol::Generic(n) if *n > 0) || matches!(sym, Symbol::TwoOr(_)))
}

impl Encoding {
    /// The paid-baseline bar `R(x) ≥ M(S(x))` as constraints over this encoding (see the module
    /// doc), or None when caps cross each other and no dual bar can be built.
    pub fn paid_bar_dual(&mut self, pos: &Position) -> Option<DualBar> {
        let inner = inner(pos, &self.groups, Ties::Restricted)?;
        Some(self.strong_duality(&inner))
    }

    /// [`Encoding::paid_bar_dual`] for one case of the split on tied mana (see [`spare`]): the
    /// case's rows, then in the spared case the bar of the inner problem where tied creatures
    /// attack like any other.
    pub fn paid_bar_dual_case(&mut self, pos: &Position, case: Case) -> Option<DualBar> {
        let rows = self.spare_case(pos, case);
        // The products form has no ★: funded cases restrict tied creatures (valid everywhere).
        let ties = match case.ties(rows.is_some()) {
            Ties::Funded => Ties::Restricted,
            ties => ties,
        };
        let inner = inner(pos, &self.groups, ties)?;
        let mut bar = self.strong_duality(&inner);
        bar.constraints.splice(0..0, rows.unwrap_or_default());
        Some(bar)
    }
}

/// The inner problem over an encoding's groups (see the module doc), or None when caps cross.
/// `ties` says how creatures tied to a mana source attack in D' (see [`Ties`]; anything but
/// [`Ties::Restricted`] is valid only in its case of the split of [`spare`]).
fn inner(pos: &Position, groups: &[Group], ties: Ties) -> Option<Inner> {
    let rules = &pos.rules;
    // Conditional requirements (CR 508.1d) are not weights (see the encoding's row (2b)): D'
    // is not credited with them here, so the bar is a lower bound.
    let mut exact = !rules.has_conditions();
    // Creatures under "alone" restrictions (CR 506.5) stay out of D'.
    let mut alone = vec![false; rules.creatures.len()];
    for r in &rules.restrictions {
        match r.kind {
            RestrictionKind::AttacksOnlyAlone { creature } => alone[creature] = true,
            RestrictionKind::MinOtherAttackers { creature, count } if count >= 1 => alone[creature] = true,
            // "Unless another of these attacks" (CR 508.1c) is not a totally unimodular row
            // either: such a creature stays out of D' too, and the bar is a lower bound.
            RestrictionKind::MinOtherAttackersAmong { creature, count, .. } if count >= 1 => alone[creature] = true,
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
    // Funded tied creatures attack only neutral targets: free for every group, and every cap or
    // player requirement over one of them covers every taxed target too, so that ★ stays
    // laminar with them.
    let neutral: Vec<bool> = if ties == Ties::Funded {
        let mut taxed: Vec<usize> = groups.iter().flat_map(|g| g.targets.iter().copied().filter(|&t| owes_generic(g, t))).collect();
        taxed.sort_unstable();
        taxed.dedup();
        let free = |t: usize| groups.iter().all(|g| g.costs.iter().all(|(ts, _)| !in_targets(ts, t)));
        let covers = |t: usize, set: &dyn Fn(usize) -> bool| !set(t) || taxed.iter().all(|&u| set(u));
        (0..rules.targets.len())
            .map(|t| {
                free(t)
                    && rules.restrictions.iter().all(|r| match &r.kind {
                        RestrictionKind::MaxAttackers { targets, .. } => covers(t, &|u| in_targets(targets, u)),
                        _ => true,
                    })
                    && rules.requirements.iter().filter(|r| r.counts).all(|r| match &r.kind {
                        RequirementKind::PlayerAttacks { targets, .. } => covers(t, &|u| targets.binary_search(&u).is_ok()),
                        _ => true,
                    })
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut columns: Vec<Column> = Vec::new();
    // Per group: its classes (sets of cost-shape positions), and the class of each target.
    let mut classes: Vec<Vec<Vec<usize>>> = vec![Vec::new(); groups.len()];
    let mut target_class: Vec<Vec<Option<usize>>> = vec![Vec::new(); groups.len()];
    for (g, group) in groups.iter().enumerate() {
        let first = group.members[0];
        if alone[first] {
            exact = false;
            continue;
        }
        let tie = tied[first] && ties == Ties::Restricted;
        if tied[first] && ties != Ties::Free {
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
            // Funded tied creatures: only neutral free targets (see `neutral`).
            if tied[first] && ties == Ties::Funded && !(class.is_none() && neutral[group.targets[k]]) {
                continue;
            }
            columns.push(Column { group: g, k, weight: f64::from(group.weights[k]), class: *class });
        }
    }
    let size = |g: usize| groups[g].members.len() as f64;
    let target = |c: &Column| groups[c.group].targets[c.k];
    // (iii) caps that can bind, as sorted column sets.
    let mut caps: Vec<(Vec<usize>, f64)> = Vec::new();
    let mut cap_ids = Vec::new();
    for (id, r) in rules.restrictions.iter().enumerate() {
        if let RestrictionKind::MaxAttackers { count, targets, .. } = &r.kind {
            let cols: Vec<usize> = (0..columns.len()).filter(|&i| in_targets(targets, target(&columns[i]))).collect();
            let most: f64 = {
                let mut seen = std::collections::BTreeSet::new();
                cols.iter().filter(|&&i| seen.insert(columns[i].group)).map(|&i| size(columns[i].group)).sum()
            };
            if most > f64::from(*count) {
                caps.push((cols, f64::from(*count)));
                cap_ids.push(id);
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
    let mut trove_ids = Vec::new();
    for (id, r) in rules.requirements.iter().enumerate().filter(|(_, r)| r.counts) {
        if let RequirementKind::PlayerAttacks { player, targets } = &r.kind {
            let cols: Vec<usize> = (0..columns.len())
                .filter(|&i| {
                    let c = &columns[i];
                    rules.creatures[groups[c.group].members[0]].controller == *player && targets.binary_search(&target(c)).is_ok()
                })
                .collect();
            if caps.iter().all(|(b, _)| laminar(&cols, b)) && troves.iter().all(|b| laminar(&cols, b)) {
                troves.push(cols);
                trove_ids.push(id);
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
    // ★: every column owing generic mana (R) and the funded tied creatures' columns.
    let star = (ties == Ties::Funded)
        .then(|| {
            (0..columns.len())
                .filter(|&i| tied[groups[columns[i].group].members[0]] || owes_generic(&groups[columns[i].group], target(&columns[i])))
                .collect::<Vec<_>>()
        })
        .filter(|star| caps.iter().all(|(b, _)| laminar(star, b)) && troves.iter().all(|b| laminar(star, b)));
    Some(Inner { columns, classes, target_class, caps, cap_ids, troves, trove_ids, col_caps, col_troves, star, exact })
}

/// What each column can ask of the duals covering it: its weight plus the player
/// requirements it counts for. A dual variable never needs to exceed the most its columns
/// ask (see the module doc), which bounds α_g, ρ_gK and β_i.
fn asks(inner: &Inner) -> Vec<f64> {
    inner.columns.iter().zip(&inner.col_troves).map(|(c, t)| c.weight + t.len() as f64).collect()
}

impl Encoding {
    /// The bar by strong duality: `R(x) ≥` the dual objective, products linearized.
    fn strong_duality(&mut self, inner: &Inner) -> DualBar {
        let Inner { columns, classes, target_class, caps, troves, col_caps, col_troves, exact, .. } = inner;
        let size = |g: usize| self.groups[g].members.len() as f64;
        let mut cs: Vec<Constraint> = Vec::new();
        let mut dual_objective = Expression::with_capacity(columns.len());
        // α_g and ρ_gK, bounded by the most a column they cover asks.
        let asks = asks(inner);
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
            let n = if single { 1 } else { self.groups[g].members.len() };
            self.add_product(r, u, count, n, &mut cs, &mut dual_objective);
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

impl Encoding {
    /// Adds `v·count` to `objective`, linearized exactly: `v ∈ [0, u]` a variable, `count` an
    /// integer expression in `[0, most]` written in binary `Σ_b 2^b z_b` (itself when `most` is
    /// 1), and per bit `p_b ≥ v − u·(1 − z_b)`, `p_b ≥ 0`. Where the objective is minimized (the
    /// dual bar is at most `R(x)`), some solution has `p_b = v·z_b`, so the sum is the product.
    fn add_product(&mut self, v: Variable, u: f64, count: Expression, most: usize, cs: &mut Vec<Constraint>, objective: &mut Expression) {
        let bits: Vec<(f64, Expression)> = if most <= 1 {
            vec![(1.0, count)]
        } else {
            let width = usize::BITS - most.leading_zeros();
            let mut sum = Expression::with_capacity(width as usize);
            let mut out = Vec::new();
            for b in 0..width {
                let z = self.vars.add(variable().binary());
                let weight = (1u64 << b) as f64;
                sum.add_mul(weight, z);
                out.push((weight, Expression::from(z)));
            }
            cs.push(constraint::eq(sum, count));
            out
        };
        for (weight, z) in bits {
            // p ≥ v − u·(1 − z), p ≥ 0.
            let p = self.vars.add(variable().min(0.0).max(u));
            let mut rhs = Expression::from(v);
            rhs.add_mul(u, z);
            rhs += -u;
            cs.push(constraint::leq(rhs, p));
            objective.add_mul(weight, p);
        }
    }
}

/// The coupling duals of the inner problem, enumerated: one β_i per cap that can bind (an
/// integer in `0..=B_i`) and one δ_j per kept player requirement (0 or 1).
///
/// # Why enumerate them
///
/// With the coupling duals fixed, the rest of the dual splits by group: the least
/// `n_g α_g + Σ_K k_gK ρ_gK` subject to `α_g + ρ_{g,E(t)} ≥ w'[g,t]`, where
/// `w'[g,t] = w[g,t] − Σ_{i∋t} β_i + Σ_{j∋(g,t)} δ_j`, is by LP duality the best the group can
/// do alone: each member sent by x to class K takes the better of class K and the free targets,
/// `max(a0_g, a_gK)` (for one creature: of every class within its target's), and every other
/// member the free targets, `a0_g = max(0, best free w')`. That value is linear in x. So the bar
/// is `R(x) ≥ min_T (C_T + Σ_g n_g a0_g + Σ_{g,t} x[g,t]·(V_T[g,t] − a0_g))` over tuples T of
/// coupling values, with `C_T = Σ m_i β_i + Σ_j (1 − δ_j)`, and x meets it exactly when it
/// meets one tuple's linear constraint. Some optimal dual is integral (the inner matrix is
/// totally unimodular, so is its transpose) with `β_i ≤ B_i` (lowering a larger β_i to the most
/// its columns ask keeps every row satisfied and costs less) and `δ_j ≤ 1`: the tuples below
/// cover it. The legal set is then the union over tuples of one linear constraint each; the
/// best legal declaration is the best of one integer program per tuple, each as easy as the
/// free baseline's, where the single program with linearized products (above) is weak in its
/// relaxation and leaves branch and bound thousands of nodes.
#[derive(Debug, Clone)]
pub struct Couplings {
    /// Caps that can bind (restriction index) and the largest β_i worth trying.
    caps: Vec<(usize, u32)>,
    /// Player requirements kept in the inner problem (requirement index).
    troves: Vec<usize>,
    /// The number of tuples.
    count: usize,
    /// The largest φ of the row ★ worth trying (see [`spare`]), where ★ can be built.
    phi_most: Option<u32>,
}

/// One tuple's bar over an encoding: `R(x) ≥ constant + Σ coefficients[g][k]·x[g][k]`.
struct CoupledTerms {
    constant: f64,
    coefficients: Vec<Vec<f64>>,
    /// Whether the bar is the paid maximum itself (see [`DualBar::exact`]).
    exact: bool,
}

impl Couplings {
    /// The coupling duals of a position, from its groups with every cost allowed and nothing
    /// pruned: every encoding's inner problem has a subset of these columns, so its caps that
    /// can bind are among these, with bounds no larger. None when caps cross (no dual bar) or
    /// when there are more than `most` tuples.
    pub fn new(pos: &Position, most: usize) -> Option<Couplings> {
        let all = vec![true; pos.rules.costs.len()];
        let groups = groups(pos, &all, Grouping::On, Split::Whole, Pruning::Off);
        let inner = inner(pos, &groups, Ties::Restricted)?;
        let asks = asks(&inner);
        let caps: Vec<(usize, u32)> =
            inner.caps.iter().zip(&inner.cap_ids).map(|((cols, _), &id)| (id, cols.iter().map(|&c| asks[c]).fold(0.0, f64::max) as u32)).collect();
        let count = caps
            .iter()
            .try_fold(1usize, |n, &(_, b)| n.checked_mul(b as usize + 1))
            .and_then(|n| n.checked_mul(2usize.checked_pow(u32::try_from(inner.trove_ids.len()).ok()?)?))?;
        // ★'s dual φ never needs to exceed the most its columns ask, as β_i.
        let phi_most = self::inner(pos, &groups, Ties::Funded).and_then(|funded| {
            let asks = self::asks(&funded);
            funded.star.as_ref().map(|star| star.iter().map(|&c| asks[c]).fold(0.0, f64::max) as u32)
        });
        (count <= most).then_some(Couplings { caps, troves: inner.trove_ids, count, phi_most })
    }

    /// The largest φ of the row ★ worth trying, where ★ can be built (see [`spare`]).
    pub fn phi_most(&self) -> Option<u32> {
        self.phi_most
    }

    /// How many tuples there are.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Tuple `index` (mixed radix): β per cap and δ per player requirement, by rule index.
    fn tuple(&self, mut index: usize) -> (BTreeMap<usize, f64>, BTreeMap<usize, f64>) {
        let mut beta = BTreeMap::new();
        for &(id, b) in &self.caps {
            let radix = b as usize + 1;
            beta.insert(id, (index % radix) as f64);
            index /= radix;
        }
        let mut delta = BTreeMap::new();
        for &id in &self.troves {
            delta.insert(id, (index % 2) as f64);
            index /= 2;
        }
        (beta, delta)
    }
}

impl Encoding {
    /// The bar of one tuple of coupling duals (see [`Couplings`]): one linear constraint that
    /// only declarations meeting the paid bar meet, when the returned bar is exact. A player
    /// requirement this encoding's inner problem keeps but the couplings don't is left out of
    /// D' (a restriction: the bar is then a lower bound, not exact). With a `case` of the split
    /// on tied mana ([`spare`]), the case's rows come first, and in the spared case tied
    /// creatures attack in D' like any other. None when caps cross, or a cap of this encoding
    /// is not among the couplings' (never, by construction).
    pub fn paid_bar_coupled(&mut self, pos: &Position, couplings: &Couplings, index: usize, case: Case) -> Option<DualBar> {
        // The case's rows (see [`spare`]); tied creatures go free in D' only where they hold.
        let rows = self.spare_case(pos, case);
        let terms = self.coupled_terms(pos, couplings, index, case.ties(rows.is_some()), case.funding(pos))?;
        let mut bar = Expression::with_capacity(self.x.iter().map(Vec::len).sum());
        for (xs, coefficients) in self.x.iter().zip(&terms.coefficients) {
            for ((_, v), &c) in xs.iter().zip(coefficients) {
                if c > 0.0 {
                    bar.add_mul(c, *v);
                }
            }
        }
        bar += terms.constant;
        let mut constraints = rows.unwrap_or_default();
        constraints.push(constraint::leq(bar, self.obeyed.clone()));
        Some(DualBar { constraints, exact: terms.exact })
    }

    /// The value of tuple `index`'s bar in `case` at group counts `counts` (parallel to `x`),
    /// without the case's rows (see [`Encoding::spare_case_holds`]). For tests.
    pub fn paid_bar_coupled_at(&self, pos: &Position, couplings: &Couplings, index: usize, case: Case, counts: &[Vec<usize>]) -> Option<f64> {
        let ties = case.ties(self.spare_rows(pos).is_some());
        let terms = self.coupled_terms(pos, couplings, index, ties, case.funding(pos))?;
        let sum: f64 = terms.coefficients.iter().zip(counts).flat_map(|(cs, ns)| cs.iter().zip(ns).map(|(c, &n)| c * n as f64)).sum();
        Some(terms.constant + sum)
    }

    /// Whether some declaration of this encoding might meet tuple `index`'s bar: false only
    /// when even the best case, every member obeying what its best target obeys net of the
    /// bar's coefficient and every player requirement obeyed, falls short. A cheap test that
    /// spares the integer program for most tuples.
    pub fn may_meet_coupled(&self, pos: &Position, couplings: &Couplings, index: usize, case: Case) -> bool {
        let ties = case.ties(self.spare_rows(pos).is_some());
        let Some(terms) = self.coupled_terms(pos, couplings, index, ties, case.funding(pos)) else { return true };
        let rules = &pos.rules;
        let players = rules.requirements.iter().filter(|r| r.counts && matches!(r.kind, RequirementKind::PlayerAttacks { .. })).count();
        // Per group, the most a member gains; under a global cap of m (CR 508.1c), only the m
        // best members attack.
        let mut gains: Vec<(f64, usize)> = self
            .groups
            .iter()
            .zip(&terms.coefficients)
            .map(|(g, cs)| (g.weights.iter().zip(cs).map(|(&w, c)| f64::from(w) - c).fold(0.0, f64::max), g.members.len()))
            .filter(|&(gain, _)| gain > 0.0)
            .collect();
        gains.sort_by(|a, b| b.0.total_cmp(&a.0));
        let cap = rules
            .restrictions
            .iter()
            .filter_map(|r| match &r.kind {
                RestrictionKind::MaxAttackers { count, targets: None, .. } => Some(*count as usize),
                _ => None,
            })
            .min()
            .unwrap_or(usize::MAX);
        let (mut best, mut left) = (0.0, cap);
        for (gain, n) in gains {
            let take = n.min(left);
            best += gain * take as f64;
            left -= take;
        }
        best + players as f64 >= terms.constant - 0.5
    }

    /// Tuple `index`'s bar as `constant + Σ coefficient · x` (see [`Couplings`]); with funded
    /// ties, `funding` is ★'s dual φ and its constant `T − m` (see [`spare`]).
    fn coupled_terms(&self, pos: &Position, couplings: &Couplings, index: usize, ties: Ties, funding: Option<(f64, f64)>) -> Option<CoupledTerms> {
        let mut inner = inner(pos, &self.groups, ties)?;
        // ★ crossing a cap or a player requirement: restrict tied creatures instead (valid
        // everywhere).
        if ties == Ties::Funded && inner.star.is_none() {
            inner = self::inner(pos, &self.groups, Ties::Restricted)?;
        }
        let phi = inner.star.as_ref().and(funding);
        let (beta_of, delta_of) = couplings.tuple(index);
        let beta: Vec<f64> = inner.cap_ids.iter().map(|id| beta_of.get(id).copied()).collect::<Option<_>>()?;
        let delta: Vec<Option<f64>> = inner.trove_ids.iter().map(|id| delta_of.get(id).copied()).collect();
        let exact = inner.exact && delta.iter().all(Option::is_some);
        let mut constant: f64 = inner.caps.iter().zip(&beta).map(|((_, m), b)| m * b).sum();
        constant += delta.iter().flatten().map(|d| 1.0 - d).sum::<f64>();
        // w' per column, then per group the best free value a0 and the best per class.
        let reduced: Vec<f64> = (0..inner.columns.len())
            .map(|i| {
                let c = &inner.columns[i];
                let caps: f64 = inner.col_caps[i].iter().map(|&b| beta[b]).sum();
                let troves: f64 = inner.col_troves[i].iter().filter_map(|&j| delta[j]).sum();
                let star = match (&inner.star, phi) {
                    (Some(star), Some((phi, _))) if star.binary_search(&i).is_ok() => phi,
                    _ => 0.0,
                };
                c.weight - caps + troves - star
            })
            .collect();
        let mut a0 = vec![0.0f64; self.groups.len()];
        let mut best: Vec<Vec<f64>> = inner.classes.iter().map(|k| vec![f64::NEG_INFINITY; k.len()]).collect();
        for (c, &w) in inner.columns.iter().zip(&reduced) {
            match c.class {
                None => a0[c.group] = a0[c.group].max(w),
                Some(k) => best[c.group][k] = best[c.group][k].max(w),
            }
        }
        let mut coefficients: Vec<Vec<f64>> = self.x.iter().map(|xs| vec![0.0; xs.len()]).collect();
        for (g, group) in self.groups.iter().enumerate() {
            if inner.target_class[g].is_empty() {
                // Left out of D' ("alone" restrictions): contributes nothing.
                continue;
            }
            constant += group.members.len() as f64 * a0[g];
            let single = group.members.len() == 1;
            let classes = &inner.classes[g];
            for (j, class) in inner.target_class[g].iter().enumerate() {
                let Some(k) = *class else { continue };
                // The classes a member sent to this target may use in D'.
                let value = if single {
                    (0..classes.len()).filter(|&q| classes[q].iter().all(|s| classes[k].contains(s))).map(|q| best[g][q]).fold(a0[g], f64::max)
                } else {
                    a0[g].max(best[g][k])
                };
                coefficients[g][j] = value - a0[g];
            }
        }
        // ★'s term of the dual objective: φ·(cnt_R(x) + T − m), cnt_R(x) counting x's attacks
        // that owe generic mana (a funded tied creature's too: D' gives it up).
        if let Some((phi, rhs)) = phi {
            constant += phi * rhs;
            for (g, group) in self.groups.iter().enumerate() {
                for (j, &t) in group.targets.iter().enumerate() {
                    if owes_generic(group, t) {
                        coefficients[g][j] += phi;
                    }
                }
            }
        }
        Some(CoupledTerms { constant, coefficients, exact })
    }
}
