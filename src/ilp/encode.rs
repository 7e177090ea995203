//! Building the integer program of [`super`] from the plain rules form.

use crate::mana::symbol::{ManaType, Symbol, TypeSet};
use crate::position::Position;
use crate::rules::{in_targets, RequirementKind, RestrictionKind};
use good_lp::{constraint, variable, Constraint, Expression, ProblemVariables, Variable};
use std::collections::BTreeMap;

/// A class of cost symbols: the types that pay it, and whether 2 life also does (Phyrexian).
type PipClass = (TypeSet, bool);

/// The integer program for one board and one set of allowed cost instances.
pub struct Encoding {
    pub vars: ProblemVariables,
    pub constraints: Vec<Constraint>,
    /// `x[c]`: the (target, variable) pairs of creature `c` (empty if it can't attack).
    pub x: Vec<Vec<(usize, Variable)>>,
    /// Requirements obeyed, as an expression (exact for integral x, see the module doc).
    pub obeyed: Expression,
    /// `a[c]`: 1 when creature `c` attacks.
    pub attacks: Vec<Expression>,
}

fn sum<I: IntoIterator<Item = Variable>>(vars: I) -> Expression {
    let mut e = Expression::with_capacity(4);
    for v in vars {
        e.add_mul(1.0, v);
    }
    e
}

impl Encoding {
    /// Encode the declarations that respect every restriction, incur only cost instances `k`
    /// with `allowed[k]`, and can be paid.
    pub fn new(pos: &Position, allowed: &[bool]) -> Encoding {
        let rules = &pos.rules;
        let n = rules.creatures.len();
        let mut vars = ProblemVariables::new();
        let mut constraints = Vec::new();

        // x_{c,t}: pairs allowed by CR 508.1a-c, minus those incurring a forbidden cost.
        let x: Vec<Vec<(usize, Variable)>> = (0..n)
            .map(|c| {
                rules.creatures[c]
                    .allowed
                    .iter()
                    .filter(|&&t| {
                        rules.costs.iter().enumerate().all(|(k, cost)| allowed[k] || cost.creature != c || !in_targets(&cost.targets, t))
                    })
                    .map(|&t| (t, vars.add(variable().binary())))
                    .collect()
            })
            .collect();
        let attacks: Vec<Expression> = x.iter().map(|xs| sum(xs.iter().map(|(_, v)| *v))).collect();
        // (1) at most one target per creature.
        for (c, a) in attacks.iter().enumerate() {
            if x[c].len() > 1 {
                constraints.push(constraint::leq(a.clone(), 1.0));
            }
        }
        let pairs_in = |c: usize, targets: &Option<Vec<usize>>| -> Vec<Variable> {
            x[c].iter().filter(|(t, _)| in_targets(targets, *t)).map(|(_, v)| *v).collect()
        };
        let total = {
            let mut e = Expression::with_capacity(n);
            for a in &attacks {
                e.add_mul(1.0, a.clone());
            }
            e
        };

        // Requirements: creature requirements are sums of x (at most 1 each); a player
        // requirement gets r_j in [0, 1] with r_j <= its attacks (2).
        let mut obeyed = Expression::with_capacity(n);
        for r in rules.requirements.iter().filter(|r| r.counts) {
            match &r.kind {
                RequirementKind::Attack { creature, targets } => obeyed.add_mul(1.0, sum(pairs_in(*creature, targets))),
                RequirementKind::AttackPlayerOtherThan { creature, player } => {
                    let vs = x[*creature].iter().filter(|(t, _)| rules.targets[*t].player().is_some_and(|p| p != *player)).map(|(_, v)| *v);
                    obeyed.add_mul(1.0, sum(vs))
                }
                RequirementKind::PlayerAttacks { player, targets } => {
                    let r_j = vars.add(variable().min(0.0).max(1.0));
                    let ts = Some(targets.clone());
                    let vs = (0..n).filter(|&c| rules.creatures[c].controller == *player).flat_map(|c| pairs_in(c, &ts));
                    constraints.push(constraint::leq(Expression::from(r_j), sum(vs)));
                    obeyed.add_mul(1.0, r_j);
                }
            }
        }

        // Restrictions (CR 508.1c). "Can't attack" is already out of x.
        for r in &rules.restrictions {
            match &r.kind {
                RestrictionKind::CantAttack { .. } => {}
                // (3) others >= k a_c, i.e. (k + 1) a_c <= total.
                RestrictionKind::MinOtherAttackers { creature, count } => {
                    let mut e = Expression::with_capacity(4);
                    e.add_mul(f64::from(*count) + 1.0, attacks[*creature].clone());
                    constraints.push(constraint::leq(e, total.clone()));
                }
                // (4) others <= (n - 1)(1 - a_c).
                RestrictionKind::AttacksOnlyAlone { creature } => {
                    let mut lhs = total.clone();
                    lhs.add_mul((n as f64) - 2.0, attacks[*creature].clone());
                    constraints.push(constraint::leq(lhs, (n as f64) - 1.0));
                }
                // (5) caps.
                RestrictionKind::MaxAttackers { count, targets, .. } => {
                    let vs: Vec<Variable> = (0..n).flat_map(|c| pairs_in(c, targets)).collect();
                    if vs.len() > *count as usize {
                        constraints.push(constraint::leq(sum(vs), f64::from(*count)));
                    }
                }
            }
        }

        let mut enc = Encoding { vars, constraints, x, obeyed, attacks };
        enc.encode_payment(pos, allowed);
        enc
    }

    /// y_k: 1 when cost instance k is incurred.
    pub fn incurred(&self, pos: &Position, k: usize) -> Expression {
        let cost = &pos.rules.costs[k];
        sum(self.x[cost.creature].iter().filter(|(t, _)| in_targets(&cost.targets, *t)).map(|(_, v)| *v))
    }

    /// Payment (CR 508.1f-j): per paying player, a transportation problem from classes of mana
    /// units to classes of cost symbols, with life for Phyrexian symbols (see the module doc).
    fn encode_payment(&mut self, pos: &Position, allowed: &[bool]) {
        let rules = &pos.rules;
        let mana = &pos.mana;
        // Demand per player and class, as expressions in y.
        let mut demand: BTreeMap<usize, BTreeMap<PipClass, Expression>> = BTreeMap::new();
        let mut two_or: BTreeMap<(usize, ManaType), Expression> = BTreeMap::new();
        for (k, cost) in rules.costs.iter().enumerate() {
            if !allowed[k] || self.x[cost.creature].is_empty() {
                continue;
            }
            let y = self.incurred(pos, k);
            let player = rules.creatures[cost.creature].controller;
            for s in &cost.cost {
                let (class, amount) = match *s {
                    Symbol::Generic(0) => continue,
                    Symbol::Generic(m) => ((TypeSet::ANY_TYPE, false), f64::from(m)),
                    Symbol::Typed(t) => ((TypeSet::one(t), false), 1.0),
                    Symbol::Hybrid(a, b) => ((TypeSet::one(a).union(TypeSet::one(b)), false), 1.0),
                    Symbol::Phyrexian(c) => ((TypeSet::one(c), true), 1.0),
                    Symbol::TwoOr(c) => {
                        two_or.entry((player, c)).or_insert_with(|| Expression::with_capacity(4)).add_mul(1.0, y.clone());
                        continue;
                    }
                };
                demand.entry(player).or_default().entry(class).or_insert_with(|| Expression::with_capacity(4)).add_mul(amount, y.clone());
            }
        }
        // {2/c}: w of them paid with two generic mana, the rest with c (CR 107.4e).
        for ((player, c), owed) in two_or {
            let w = self.vars.add(variable().integer().min(0.0));
            self.constraints.push(constraint::leq(Expression::from(w), owed.clone()));
            let classes = demand.entry(player).or_default();
            let mut colored = owed;
            colored.add_mul(-1.0, w);
            classes.entry((TypeSet::one(c), false)).or_insert_with(|| Expression::with_capacity(4)).add_mul(1.0, colored);
            classes.entry((TypeSet::ANY_TYPE, false)).or_insert_with(|| Expression::with_capacity(4)).add_mul(2.0, w);
        }
        let mut life_by_group: BTreeMap<usize, Expression> = BTreeMap::new();
        for (player, classes) in demand {
            // Supply per unit class: alternatives chosen (u) and the pool.
            let mut supply: BTreeMap<TypeSet, Expression> = BTreeMap::new();
            for set in &mana.pools[player] {
                *supply.entry(*set).or_insert_with(|| Expression::with_capacity(4)) += 1.0;
            }
            for src in mana.sources.iter().filter(|s| s.controller == player) {
                // A source whose alternatives each add one unit is one unit of their union.
                let alternatives: Vec<Vec<TypeSet>> = if src.alternatives.iter().all(|a| a.len() == 1) {
                    vec![vec![src.alternatives.iter().fold(TypeSet::EMPTY, |acc, a| acc.union(a[0]))]]
                } else {
                    src.alternatives.clone()
                };
                let mut taps = Expression::with_capacity(alternatives.len());
                for alt in &alternatives {
                    let u = self.vars.add(variable().binary());
                    taps.add_mul(1.0, u);
                    for set in alt {
                        supply.entry(*set).or_insert_with(|| Expression::with_capacity(4)).add_mul(1.0, u);
                    }
                }
                // (6) tapped once; not at all if it attacks without vigilance (CR 508.1f).
                let mut cap = Expression::from(1.0);
                if let Some(c) = src.tapped_if_attacks {
                    cap.add_mul(-1.0, self.attacks[c].clone());
                }
                self.constraints.push(constraint::leq(taps, cap));
            }
            let mut paid: BTreeMap<PipClass, Expression> = classes.keys().map(|q| (*q, Expression::with_capacity(4))).collect();
            for (set, available) in supply {
                let mut used = Expression::with_capacity(classes.len());
                for (q, paid_q) in paid.iter_mut() {
                    if set.intersects(q.0) {
                        let z = self.vars.add(variable().min(0.0));
                        used.add_mul(1.0, z);
                        paid_q.add_mul(1.0, z);
                    }
                }
                // (7) supply.
                self.constraints.push(constraint::leq(used, available));
            }
            for (q, owed) in classes {
                let mut covered = paid.remove(&q).unwrap_or_else(|| Expression::with_capacity(1));
                if q.1 {
                    let l = self.vars.add(variable().min(0.0));
                    covered.add_mul(1.0, l);
                    life_by_group.entry(mana.life_group[player]).or_insert_with(|| Expression::with_capacity(4)).add_mul(1.0, l);
                }
                // (8) demand.
                self.constraints.push(constraint::leq(owed, covered));
            }
        }
        // (9) life: 2 per Phyrexian symbol, never more than the (shared) life total (CR 119.4).
        for (group, life_pips) in life_by_group {
            let budget = (mana.group_life[group].max(0) / 2) as f64;
            self.constraints.push(constraint::leq(life_pips, budget));
        }
    }
}
