//! A case split on whether x's payment spares the tied mana sources (issue 10).
//!
//! # Why
//!
//! The dual bar of [`super`] lets a creature tied to a mana source (a Llanowar Elves, whose
//! attack taps it, CR 508.1f) attack in D' only where x attacks with it, since x's payment may
//! use its mana. On the taxed Commander boards left unproven, x often pays nothing but Norn's
//! Annex's {W/P} (with life, CR 107.4f, 119.4) or a few generic taxes the lands cover, and
//! leaves its elves idle though Fumiko the Lowblood makes them attack: the witness D' attacks
//! with them, the bar does not see it, and lazy cuts close the gap one cost set at a time.
//!
//! # The split
//!
//! Say x *spares* the tied sources when its costs can be paid without any of them: from the
//! other sources, its mana pool and its life. Then every D' incurring only cost instances x
//! incurs can be paid without them too (D' owes a part of what x owes, CR 508.1h-j), whatever
//! tied creatures D' attacks with: in that case the inner problem needs no restriction on tied
//! creatures at all (`inner(.., untie = true)`), and the bar is exact where nothing else
//! restricts it. Whether x spares them is a transportation problem (units of mana and life to
//! classes of cost symbols) which, by Hall's theorem (Gale's supply-demand theorem), is
//! feasible exactly when, for every set Q of symbol classes, what x owes in Q is at most what
//! can pay Q:
//!
//! `d_Q(x) = Σ_{q∈Q} d_q(x) ≤ N_Q = #{units of the untied sources and the pool meeting some q∈Q}
//! + ⌊life/2⌋·[Q holds a Phyrexian class]`
//!
//! with `d_q(x)` linear in x (the encoding's incurred counts times the symbols of class q). So
//! the legal declarations split into two cases, each one program per tuple of coupling duals:
//!
//! * **spared**: every Hall row `d_Q(x) ≤ N_Q`, and the bar of the untied inner problem;
//! * **needed**: some row fails, `d_Q(x) ≥ N_Q + 1` for some Q (a binary `v_Q` per row,
//!   `Σ v_Q ≥ 1`, `d_Q(x) ≥ (N_Q + 1)·v_Q`), and the bar with tied creatures restricted, a lower
//!   bound completed by lazy cuts as before.
//!
//! # The levels: x needs m of the T tied units
//!
//! Where each tied source adds one unit and no symbol but generic mana can take it
//! ([`levels`]), the needed case splits further by the tied units x's
//! payment needs: x is in `L_m` when every row holds with the tied units meeting Q beyond the
//! `T − m` that D' may take away, `d_Q(x) ≤ N_Q + max(0, t_Q − (T − m))` (`t_Q`: tied units
//! meeting Q), so that x can be paid whichever `T − m` tied sources are gone. Level m is
//! `L_m` minus `L_{m−1}` (some row of `L_{m−1}` fails, as above); the needed case keeps what is
//! beyond `L_T`. In level m, D' attacks with tied creatures toward *neutral* targets only (free
//! for every creature, and every cap or player requirement over one covers every taxed target),
//! under one more row:
//!
//! `(★)  Σ_{R} y + Σ_{tied} y ≤ cnt_R(x) + T − m`
//!
//! R being every column owing generic mana. ★ is a unit row; it is laminar with the caps and
//! player requirements (checked; otherwise the level restricts tied creatures as before), so
//! the inner problem stays totally unimodular, and its dual φ is one more coupling dual,
//! enumerated in `0..=` the most a column of ★ asks: per tuple, the bar gains `φ·(cnt_R(x) +
//! T − m)` and every column of ★ loses φ. Valid: a D' meeting ★ with j tied attackers gives up
//! at least `j − (T − m)` of x's attacks through R, each freeing at least one unit of generic
//! mana; x's demand in every Q that a tied unit meets (those Q hold generic mana, by the
//! conditions) is at most `N_Q + m`, so D''s is at most `N_Q + T − j`: payable from the
//! untied sources and the `T − j` tied sources D' leaves untapped.
//!
//! # Why it is valid (no legal declaration is cut off)
//!
//! The cases partition the declarations (each x is in `L_0`, in exactly one level, or beyond).
//! In the needed case the bar is that of [`super`], a lower bound of `M(S(x))` everywhere. In
//! the others the rows need only be *sufficient* for payment: they describe a model of the
//! mana that is never richer than the board's (see [`Encoding::spare_rows`]: a source that
//! offers a choice between several multi-unit alternatives is left out, {2/c} counts as two
//! generic), and for that model Hall's condition is sufficient. So each D' of a case's inner
//! problem is payable, and its bar is at most `M(S(x))`. Every answer is still re-checked by
//! the rules code. `tests/it/paid_dual.rs`
//! (`cr_508_1f_spare_bars_are_lower_bounds_of_the_paid_bar`) checks, against the exhaustive
//! candidates of random taxed boards with a mana creature, that each declaration falls in
//! exactly one case and every legal one meets a bar of its case, and that `solve` with the
//! split proves the exhaustive optimum.
//!
//! # Measured: not from the start
//!
//! On the five taxed Commander boards left unproven (docs/history/paid-baseline-steps.md, step 3), the split
//! from the first round proves none more: the declarations of the spared case are cut off at
//! once, but the search then moves to declarations that need the elves' mana, where D' gives up
//! taxed attacks each owing 2 generic mana to fund 2 elves, and ★ counts one unit per attack
//! given up: lazy cuts again. The levels multiply the programs by `T·(φ_most + 1) + 2` (up to
//! 23 per tuple, 2,576 (tuple, case) pairs on P = 6, N = 60, seed 1), and deciding which pairs
//! admit a declaration costs about a second there. So the search switches to the split only
//! when it escalates ([`crate::ilp::Strategy::escalate_after`]; `Some(0)`: from the start).

use super::Ties;
use crate::ilp::encode::{demand_of, Divisor, Encoding, PipClass};
use crate::ilp::vars::variable;
use crate::position::Position;
use crate::vocab::symbol::{Symbol, TypeSet};
use good_lp::{constraint, Constraint, Expression};
use std::collections::BTreeMap;

/// Which case of the split a program covers (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Case {
    /// No split: every declaration, tied creatures restricted in D'.
    Any,
    /// x's payment spares the tied sources: D' may attack with any creature.
    Spared,
    /// x's payment needs `need` of the T tied units and no fewer (the levels): D' attacks with
    /// tied creatures toward neutral targets, funded by the row ★ whose dual is `phi`.
    Level {
        /// m, the tied units x needs.
        need: u32,
        /// ★'s dual φ, enumerated like the coupling duals.
        phi: u32,
    },
    /// x's payment needs more than `beyond` tied units (T past the levels, 0 without them):
    /// tied creatures restricted in D'.
    Needed {
        /// The tied units x's payment needs more than.
        beyond: u32,
    },
}

impl Case {
    /// How the case's inner problem treats tied creatures, given whether the split's rows
    /// exist for the encoding (without them, only the restricted bar is valid).
    pub(crate) fn ties(self, rows: bool) -> Ties {
        match self {
            Case::Spared if rows => Ties::Free,
            Case::Level { .. } if rows => Ties::Funded,
            _ => Ties::Restricted,
        }
    }

    /// For a level: ★'s dual φ and the constant of its right-hand side, `T − m`.
    pub(crate) fn funding(self, pos: &Position) -> Option<(f64, f64)> {
        match self {
            Case::Level { need, phi } => Some((f64::from(phi), tied_units(pos).saturating_sub(need as usize) as f64)),
            _ => None,
        }
    }
}

/// The cases of the split for a position: None when it does not apply; else the spared case,
/// the levels `m = 1..=T` each with `φ = 0..=phi_most` where they apply (see [`levels`]), and
/// the needed case.
pub fn cases(pos: &Position, phi_most: Option<u32>) -> Vec<Case> {
    let mut cases = vec![Case::Spared];
    if let (Some(t), Some(most)) = (levels(pos), phi_most) {
        for need in 1..=t as u32 {
            cases.extend((0..=most).map(|phi| Case::Level { need, phi }));
        }
    }
    let beyond = match (levels(pos), phi_most) {
        (Some(t), Some(_)) => t as u32,
        _ => 0,
    };
    cases.push(Case::Needed { beyond });
    cases
}

/// T, the tied units, when the levels apply: one attacking player, each tied creature's
/// source adds one unit, and no symbol but generic mana can take a tied unit (the conditions
/// below, as `unit_per_tied` checks). None otherwise.
pub fn levels(pos: &Position) -> Option<usize> {
    (unit_per_tied(pos) == Some(1)).then(|| tied_units(pos))
}

/// The most units of mana the sources tied to one creature make, when the levels can apply at
/// all: one attacking player, and no symbol of any cost but generic mana can take a tied
/// source's mana (a Phyrexian {W/P} can't take an elf's {G}). None otherwise.
fn unit_per_tied(pos: &Position) -> Option<usize> {
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

/// The attacking players' sources tied to a creature's attack.
fn tied_units(pos: &Position) -> usize {
    pos.mana.sources.iter().filter(|s| s.tapped_if_attacks.is_some() && pos.rules.attacking_players.contains(&s.controller)).count()
}

/// The most classes of cost symbols the split enumerates the subsets of (2^6 − 1 rows).
const MOST_CLASSES: usize = 6;

/// The class a cost symbol takes in Hall's rows and how many of it it owes: {2/c} as two
/// generic (one way to pay it, so the rows stay sufficient).
pub(crate) fn hall_class(sym: &Symbol) -> Option<(PipClass, f64)> {
    match sym {
        Symbol::TwoOr(_) => Some(((TypeSet::ANY_TYPE, false), 2.0)),
        _ => demand_of(sym),
    }
}

/// The tied creatures a case's program leaves idle: every payable declaration of the case
/// leaves at least `least` of `creatures` idle (`least` 0: nothing is known). See
/// [`Encoding::idle_tied`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IdleTied {
    /// How many of them stay idle at least.
    pub least: usize,
    /// The tied creatures of the attacking player.
    pub creatures: Vec<usize>,
}

/// The mana of the one attacking player in a model never richer than the board's (see the
/// module doc): Hall's condition over it is sufficient for payment.
pub(crate) struct Hall {
    /// The classes of cost symbols the encoding's declarations may owe, and what x owes in
    /// each (linear in x).
    pub classes: Vec<(PipClass, Expression)>,
    /// Units that pay without a tied source: the pool and the untied sources.
    pub units: Vec<TypeSet>,
    /// Per tied source: its creature, the union of its units, and whether it adds one unit
    /// whichever alternative is used.
    pub tied: Vec<(usize, TypeSet, bool)>,
    /// The Phyrexian symbols life can pay, ⌊life/2⌋.
    pub life: f64,
    /// Whether the model is the board's mana itself: no source left out and no {2/c} symbol
    /// owed (counted as two generic). Hall's condition is then necessary for payment too.
    pub exact: bool,
}

impl Hall {
    /// Whether a unit of these types can pay some class of the set `mask`.
    pub fn meets(&self, mask: usize, unit: TypeSet) -> bool {
        self.classes.iter().enumerate().any(|(i, ((set, _), _))| mask >> i & 1 == 1 && unit.intersects(*set))
    }

    /// What x owes in the classes of `mask`, `d_Q(x)`.
    pub fn owed(&self, mask: usize) -> Expression {
        let mut owed = Expression::with_capacity(8);
        for (_, d) in self.classes.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, c)| c) {
            owed += d.clone();
        }
        owed
    }

    /// What pays the classes of `mask` without a tied source, `N_Q`: the units meeting them,
    /// and life where one is Phyrexian.
    pub fn can(&self, mask: usize) -> f64 {
        let units = self.units.iter().filter(|u| self.meets(mask, **u)).count() as f64;
        let phyrexian = self.classes.iter().enumerate().any(|(i, ((_, p), _))| mask >> i & 1 == 1 && *p);
        units + if phyrexian { self.life } else { 0.0 }
    }
}

impl Encoding {
    /// The Hall rows `(d_Q(x), N_Q)` of "x's payment spares the tied sources" (see the module
    /// doc), or None when the split does not apply: not exactly one attacking player, no tied
    /// creature in this encoding (none can attack), or more than [`MOST_CLASSES`] classes of
    /// symbols. No row at all when x can owe nothing (it then spares every source).
    pub fn spare_rows(&self, pos: &Position) -> Option<Vec<(Expression, f64, f64)>> {
        let tied: Vec<usize> = pos.mana.sources.iter().filter_map(|s| s.tapped_if_attacks).collect();
        if !self.groups.iter().any(|g| g.members.iter().any(|c| tied.contains(c))) {
            return None;
        }
        let hall = self.hall(pos)?;
        Some(
            (1usize..1 << hall.classes.len())
                .map(|mask| {
                    let tied = hall.tied.iter().filter(|(_, unit, _)| hall.meets(mask, *unit)).count() as f64;
                    (hall.owed(mask), hall.can(mask), tied)
                })
                .collect(),
        )
    }

    /// The mana of the one attacking player as Hall's rows see it (see the module doc), over
    /// this encoding's demand; None when there is not exactly one attacking player or more
    /// than [`MOST_CLASSES`] classes of symbols.
    pub(crate) fn hall(&self, pos: &Position) -> Option<Hall> {
        let mana = &pos.mana;
        let [player] = pos.rules.attacking_players[..] else { return None };
        let mut demand: BTreeMap<PipClass, Expression> = BTreeMap::new();
        for (g, group) in self.groups.iter().enumerate() {
            for (s, (_, cost)) in group.costs.iter().enumerate() {
                for (class, amount) in cost.iter().filter_map(hall_class) {
                    demand.entry(class).or_insert_with(|| Expression::with_capacity(4)).add_mul(amount, self.incurred[g][s].clone());
                }
            }
        }
        if demand.len() > MOST_CLASSES {
            return None;
        }
        // Units that pay without a tied source: the pool, and each untied source that adds
        // one unit (of the union of its alternatives) or has a single alternative (its units).
        // A source offering several multi-unit alternatives is left out: the model is never
        // richer than the board.
        let mut units: Vec<TypeSet> = mana.pools[player].clone();
        let mut exact = !self.groups.iter().flat_map(|g| &g.costs).flat_map(|(_, cost)| cost).any(|sym| matches!(sym, Symbol::TwoOr(_)));
        for src in mana.sources.iter().filter(|s| s.controller == player && s.tapped_if_attacks.is_none()) {
            if src.alternatives.iter().all(|a| a.len() == 1) {
                units.push(src.alternatives.iter().fold(TypeSet::EMPTY, |acc, a| acc.union(a[0])));
            } else if let [alternative] = &src.alternatives[..] {
                units.extend(alternative.iter().copied());
            } else {
                exact = false;
            }
        }
        let tied = mana
            .sources
            .iter()
            .filter(|s| s.controller == player)
            .filter_map(|s| {
                let c = s.tapped_if_attacks?;
                let union = s.alternatives.iter().flatten().fold(TypeSet::EMPTY, |acc, u| acc.union(*u));
                Some((c, union, s.alternatives.iter().all(|a| a.len() == 1)))
            })
            .collect();
        let life = (mana.group_life[mana.life_group[player]].max(0) / 2) as f64;
        Some(Hall { classes: demand.into_iter().collect(), units, tied, life, exact })
    }

    /// What the program of `case` knows of its idle tied creatures (see [`IdleTied`]); for
    /// the exchange cuts and the level's row (issue 39).
    ///
    /// A declaration of level m fails a row at m − 1 (module doc): for some Q, `d_Q(x) > N_Q +
    /// max(0, t_Q − (T − m + 1))`. Where the model is exact ([`Hall::exact`]), paying x
    /// then takes more than that from the tied units meeting Q, which only idle tied creatures
    /// give (CR 508.1f: attacking taps their source). Where every tied creature has one source
    /// adding one unit and the tied units meet the same classes (`t_Q` is 0 or T), that is at
    /// least m idle tied creatures (a row with `t_Q` = 0 that fails leaves x unpayable, so not
    /// legal); beyond n, at least n + 1. A premise asking for no more of them always holds in
    /// the case's program, which keeps to the case by the rows of [`Encoding::spare_case`]
    /// (see [`crate::ilp::exchange`]).
    pub fn idle_tied(&self, pos: &Position, case: Case) -> IdleTied {
        let least = match case {
            Case::Level { need, .. } => need as usize,
            Case::Needed { beyond } => beyond as usize + 1,
            Case::Any | Case::Spared => return IdleTied::default(),
        };
        // Without the split's rows the program holds every declaration, whatever the case.
        if self.spare_rows(pos).is_none() {
            return IdleTied::default();
        }
        let Some(hall) = self.hall(pos) else { return IdleTied::default() };
        let creatures: Vec<usize> = hall.tied.iter().map(|(c, _, _)| *c).collect();
        let mut distinct = creatures.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let alike = (0..hall.classes.len()).all(|i| {
            let meets: Vec<bool> = hall.tied.iter().map(|(_, unit, _)| hall.meets(1 << i, *unit)).collect();
            meets.iter().all(|&m| m) || meets.iter().all(|&m| !m)
        });
        if !hall.exact || !alike || distinct.len() != creatures.len() || !hall.tied.iter().all(|(_, _, single)| *single) {
            return IdleTied::default();
        }
        IdleTied { least, creatures }
    }

    /// The constraints of one case of the split over this encoding (see the module doc); None
    /// for [`Case::Any`] or where the split does not apply (the case's bar must then restrict
    /// tied creatures).
    pub fn spare_case(&mut self, pos: &Position, case: Case) -> Option<Vec<Constraint>> {
        let rows = (case != Case::Any).then(|| self.spare_rows(pos)).flatten()?;
        let t = tied_units(pos) as f64;
        // L_m: x's payment needs at most m tied units, whichever: row Q gets the tied units
        // meeting Q beyond the T − m that D' may take away.
        let within = |m: f64| move |(owed, can, tied): &(Expression, f64, f64)| (owed.clone(), can + (tied - (t - m)).max(0.0));
        // A row fails when `owed` reaches the least value it can take above `can` (amounts
        // are integers, rounded to what `owed` can take, see [`Divisor`]).
        let fails = |(owed, can): (Expression, f64)| {
            let least = Divisor::of(&owed).at_least(can + 1.0);
            (owed, least)
        };
        let mut cs = match case {
            Case::Any => vec![],
            Case::Spared => rows.iter().map(within(0.0)).map(|(owed, can)| constraint::leq(owed.clone(), Divisor::of(&owed).at_most(can))).collect(),
            Case::Level { need, .. } => {
                // In L_m and not in L_{m−1}: each row holds at m, and some row fails at m − 1.
                // A row whose failing value at m − 1 lies above its bound at m can't be that
                // row (its failure is left out): with two {2} taxes, a level asking for an odd
                // amount then has no row left and is empty with no search, where microlp took
                // seconds on the relaxation's half attacks.
                let m = f64::from(need);
                let (mut cs, mut failing) = (Vec::with_capacity(rows.len() + 1), Vec::new());
                for ((owed, can), (_, below)) in rows.iter().map(within(m)).zip(rows.iter().map(within(m - 1.0))) {
                    let most = Divisor::of(&owed).at_most(can);
                    let (owed, least) = fails((owed, below));
                    if least <= most {
                        failing.push((owed.clone(), least));
                    }
                    cs.push(constraint::leq(owed, most));
                }
                cs.extend(self.beyond(failing));
                cs
            }
            Case::Needed { beyond } => {
                let failing = rows.iter().map(within(f64::from(beyond))).map(fails).collect();
                self.beyond(failing)
            }
        };
        cs.extend(self.idle_row(pos, case));
        Some(cs)
    }

    /// "At most n − least tied creatures attack" where the case leaves at least `least` of
    /// its n tied creatures idle ([`Encoding::idle_tied`]): the row the case's disjunction
    /// (some Hall row fails) implies only through its binaries (issue 39). None where a group
    /// mixes tied and untied creatures, or nothing is known.
    fn idle_row(&self, pos: &Position, case: Case) -> Option<Constraint> {
        let IdleTied { least, creatures: tied } = self.idle_tied(pos, case);
        if least == 0 {
            return None;
        }
        let mut attacking = Expression::with_capacity(4);
        for (g, group) in self.groups.iter().enumerate() {
            match group.members.iter().filter(|c| tied.contains(c)).count() {
                0 => {}
                k if k == group.members.len() => attacking += self.attacks[g].clone(),
                _ => return None,
            }
        }
        Some(constraint::leq(attacking, tied.len() as f64 - least as f64))
    }

    /// Some row fails, given as `(owed, least)`: a binary `v` per row, `Σ v ≥ 1`, `owed ≥
    /// least·v`. No row: none can fail (infeasible).
    fn beyond(&mut self, rows: Vec<(Expression, f64)>) -> Vec<Constraint> {
        let mut some = Expression::with_capacity(rows.len());
        let mut cs = Vec::with_capacity(rows.len() + 1);
        for (owed, least) in rows {
            let v = self.vars.add(variable().binary());
            some.add_mul(1.0, v);
            cs.push(constraint::leq(Expression::from(v) * least, owed));
        }
        cs.push(constraint::leq(1.0, some));
        cs
    }
}

impl Encoding {
    /// Whether the case's rows hold at group counts `counts` (parallel to `x`); None where the
    /// split does not apply. For tests: each declaration falls in exactly one case (levels
    /// counted once whatever φ).
    pub fn spare_case_holds(&self, pos: &Position, case: Case, counts: &[Vec<usize>]) -> Option<bool> {
        let rows = self.spare_rows(pos)?;
        let at: std::collections::HashMap<good_lp::Variable, f64> =
            self.x.iter().zip(counts).flat_map(|(xs, ns)| xs.iter().zip(ns).map(|((_, v), &n)| (*v, n as f64))).collect();
        let t = tied_units(pos) as f64;
        let within = |m: f64| rows.iter().all(|(owed, can, tied)| owed.eval_with(&at) <= can + (tied - (t - m)).max(0.0) + 1e-9);
        Some(match case {
            Case::Any => true,
            Case::Spared => within(0.0),
            Case::Level { need, .. } => within(f64::from(need)) && !within(f64::from(need) - 1.0),
            Case::Needed { beyond } => !within(f64::from(beyond)),
        })
    }
}
