//! Exchange cuts: a declaration with an improving exchange is not legal under paid (issue 10).
//!
//! # Why
//!
//! The lazy cuts of `crate::solve` cut one cost set at a time: "a declaration incurring every
//! cost instance of the witness W obeys at least m". Where the dual bar is only a lower bound
//! (mana creatures whose attack taps the source that pays, CR 508.1f), the witnesses of the
//! taxed Commander boards differ from their declaration by a small exchange (two idle Llanowar
//! Elves attack a free planeswalker in place of two tokens that obey nothing, under a global
//! cap), and the next declaration makes the same mistake with another cost set: one cut per
//! cost set, dozens of rounds.
//!
//! # The cut
//!
//! An exchange is a list of moves `(family, to, count)`: `count` of the family's pairs
//! (creature, `from`: where it attacks in x', or None when idle) attack `to` instead (or stay
//! home, `to = None`). A family holds every pair that makes the move at least as well as the
//! pair it was read from (`Key`): `from` in at least its caps (leaving frees as much room,
//! entering raises a cap no more) and in at most its player requirements (the move takes
//! attacks from no more of them), or idle for idle, at least as many requirements gained
//! (`w_to − w_from`), at least as much mana given up per class of symbols, the same tied mana
//! sources, the cost instances at `to` among those at `from` (so the move incurs nothing x'
//! does not), `to` allowed (CR 508.1a-c). For a
//! declaration x' with the moves available (P1: Hall's condition over every set of moves, since
//! families may share pairs: the pairs of their union present in x' are at least their total
//! count; a set whose moves split into two parts sharing no pair needs no row of its own),
//! applying them gives W' with
//!
//! * requirements: `R(W') ≥ R(x') + gain`, `gain = Σ count·gain_per_move − #{player
//!   requirements the moves take attacks from}` (each loses at most 1), except those the
//!   exchange *keeps*: (P4) x' has more attacks obeying it than the moves take (net), so x' and
//!   W' both obey it. An exchange keeps them only where it gains nothing otherwise (P4 is one
//!   more premise, so the cut reaches fewer declarations), and only those x itself keeps (issue
//!   39: Zombies at D obey Trove of Temptation while a Soldier at D goes home);
//! * restrictions: only caps (CR 508.1c); a cap whose count the moves raise by Δ > 0 holds if
//!   (P2) x' leaves Δ free;
//! * costs: W' incurs only cost instances x' incurs;
//! * payment: W' owes x''s costs less at least the moves' relief (per class of symbols); when
//!   a move makes a tied creature attack, W' also loses its mana, and (P3) Hall's rows over the
//!   mana model of [`crate::ilp::dual::spare`] (never richer than the board) say W' is still
//!   payable. Without such a move W' owes part of what x' owes from at least x''s sources.
//!
//! So when `gain ≥ 1`, every x' meeting P1-P3 has a D' (W') it must be compared with under the
//! paid baseline (docs/rules.md section 7) that obeys more: x' is not legal. The cut says some
//! premise fails: a binary per premise row, at least one on, each forcing its row violated;
//! branch and bound branches on those binaries first ([`Encoding::branch_first`]).
//! It cuts off only illegal declarations, whatever the declaration it was read from, so it is
//! valid in every later program; unlike the cost-set cut, it reaches every declaration with the
//! same exchange at hand. Boards with other restrictions, conditional requirements or several
//! attacking players get none. Every answer is still re-checked by the rules code.
//!
//! # In a case of the split on tied mana
//!
//! The programs of a level m of [`crate::ilp::dual::spare`] hold only declarations whose
//! payment needs m tied units; where the mana model is exact, every payable one leaves at least
//! m tied creatures idle (`Encoding::idle_tied`). A P1 row that counts every tied creature
//! idle and asks for at most m of them then always holds there, and is left out of that
//! program's cut. Its selector was what let the relaxation keep the declarations of the level
//! (issue 39: the taxed Commander board P = 5, N = 300, seed 7001, whose level-2 program,
//! asked to beat 516, neither solved nor refuted in 240 s, tapped two Llanowar Elves for {2}
//! taxes while the cut "one taxed attack fewer, two Elves attack" stood; proven in 1.6 s).
//!
//! From a round's declaration x and the declaration closest to it that meets its bar (fewest
//! attacks changed), [`Exchange::derive`] returns the whole exchange and smaller ones inside it
//! (a move that gains alone, with each move that gains nothing, or with all of those: they
//! make room under a cap or free mana), whose premises are weaker, so their cuts reach further.
//!
//! # Why they are not on from the start
//!
//! They cut off far more per round, but their disjunctions make the programs harder, and since
//! probing they prove nothing more from the first round in either build (docs/history/paid-baseline-steps.md,
//! steps 4 and 13). So escalation switches them on for the rounds that keep falling short
//! ([`crate::ilp::Strategy::escalate_after`]; `Some(0)`: from the first round).

use super::dual::spare::{hall_class, Case, IdleTied};
use super::encode::Encoding;
use crate::ilp::encode::PipClass;
use crate::ilp::vars::variable;
use crate::position::Position;
use crate::rules::{in_targets, Assignment, RequirementKind, RestrictionKind};
use crate::vocab::symbol::TypeSet;
use good_lp::{constraint, Constraint, Expression};
use std::collections::BTreeMap;

/// One move of an exchange: `count` of the pairs (creature, where it attacks in x'; None:
/// idle) of `pairs` attack `to` instead (None: stay home).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// The family: (creature, from) pairs that make the move at least as well (sorted).
    pub pairs: Vec<(usize, Option<usize>)>,
    /// Where they attack in W' (None: they don't).
    pub to: Option<usize>,
    /// How many of them move.
    pub count: usize,
    /// What the move is read from (see [`Key`]).
    key: Key,
}

/// What a family shares (see the module doc): the pair it was read from moves like this, and
/// every pair of the family at least as well.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    to: Option<usize>,
    /// Whether the creatures are idle in x'.
    idle: bool,
    /// Per cap (restrictions, in order), whether it counts `from`; per player requirement that
    /// counts, whether `from` obeys it.
    inside: Vec<bool>,
    /// Requirements gained per creature at least (`w_to − w_from`).
    gain: i64,
    /// Cost symbols given up per creature at least, per class (Hall's classes, {2/c} as two).
    relief: Vec<(PipClass, i64)>,
    /// The mana sources tied to the creature (CR 508.1f): the union of each one's units, and
    /// whether it adds one unit.
    tied: Vec<(TypeSet, bool)>,
}

/// An exchange whose moves gain at least one requirement (see the module doc).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    /// Its moves.
    pub moves: Vec<Move>,
    /// The player requirements the moves take attacks from that x' is assumed to keep (P4):
    /// indices into [`inside`]'s player part, counted from the first player requirement.
    keeps: Vec<usize>,
}

/// The most moves of one exchange (Hall's rows over their connected subsets, P1: at most
/// 2^moves − 1 of them). Six moves (63 rows) left the taxed Commander boards' programs too hard
/// for microlp (issue 39, eighth session: three moves proved P = 6, N = 300, seed 7005). Four
/// since rows are built only for subsets whose families share pairs ([`connected`]): P = 7,
/// N = 300, seed 7005 needs an exchange of four moves (three attacks that obey nothing go home
/// to make room under a cap, one moves to free {2}, one to free a {W/P}, three Elves attack)
/// and is proven in 1.1 s; the 180 boards of seeds 7001 to 7006, 179 proven against 178
/// (benches/RESULTS.md, ninth session).
const MOST_MOVES: usize = 4;

/// Requirements creature `c` obeys attacking `t` (None: none); those that count, unconditional.
fn weight(pos: &Position, c: usize, t: Option<usize>) -> i64 {
    let Some(t) = t else { return 0 };
    let rules = &pos.rules;
    rules.by_creature[c].requirements.iter().map(|&i| &rules.requirements[i]).filter(|r| r.counts && rules.obeys_pair(r, c, t)).count() as i64
}

/// Creature `c`'s cost instances when it attacks `t` (None: none).
fn instances(pos: &Position, c: usize, t: Option<usize>) -> Vec<usize> {
    let Some(t) = t else { return vec![] };
    let rules = &pos.rules;
    rules.by_creature[c].costs.iter().copied().filter(|&k| in_targets(&rules.costs[k].targets, t)).collect()
}

/// What the instances `ks` owe, per Hall class.
fn owed(pos: &Position, ks: &[usize]) -> BTreeMap<PipClass, i64> {
    let mut owed = BTreeMap::new();
    for (class, amount) in ks.iter().flat_map(|&k| &pos.rules.costs[k].cost).filter_map(hall_class) {
        *owed.entry(class).or_insert(0) += amount as i64;
    }
    owed
}

/// The sources tied to creature `c`, sorted: the union of each one's units, and whether it
/// adds one unit.
fn tied_units(pos: &Position, c: usize) -> Vec<(TypeSet, bool)> {
    let mut units: Vec<(TypeSet, bool)> = pos
        .mana
        .sources
        .iter()
        .filter(|s| s.tapped_if_attacks == Some(c))
        .map(|s| (s.alternatives.iter().flatten().fold(TypeSet::EMPTY, |acc, u| acc.union(*u)), s.alternatives.iter().all(|a| a.len() == 1)))
        .collect();
    units.sort();
    units
}

/// Per cap, whether it counts `t`; per player requirement that counts, whether `t` obeys it.
fn inside(pos: &Position, t: Option<usize>) -> Vec<bool> {
    let Some(t) = t else { return vec![] };
    let rules = &pos.rules;
    let caps = rules.restrictions.iter().filter_map(|r| match &r.kind {
        RestrictionKind::MaxAttackers { targets, .. } => Some(in_targets(targets, t)),
        _ => None,
    });
    let players = player_requirements(pos).into_iter().map(|(_, targets)| targets.binary_search(&t).is_ok());
    caps.chain(players).collect()
}

/// The player requirements that count ("attacks that player with at least one creature if
/// able", CR 508.1d), in order: the attacking player and the targets that obey each.
fn player_requirements(pos: &Position) -> Vec<(usize, &[usize])> {
    pos.rules
        .requirements
        .iter()
        .filter(|r| r.counts)
        .filter_map(|r| match &r.kind {
            RequirementKind::PlayerAttacks { player, targets } => Some((*player, targets.as_slice())),
            _ => None,
        })
        .collect()
}

/// How many of `x`'s attacks obey player requirement `p` (see [`player_requirements`]).
fn obeying(pos: &Position, x: &Assignment, p: usize) -> i64 {
    let (player, targets) = player_requirements(pos)[p];
    pos.rules.attacks_obeying(player, targets, x).count() as i64
}

/// The key of creature `c` moving from `from` to `to`, or None when it can't: `to` not
/// allowed (CR 508.1a-c), or a cost instance at `to` that attacking `from` does not incur.
fn key(pos: &Position, c: usize, from: Option<usize>, to: Option<usize>) -> Option<Key> {
    let creature = &pos.rules.creatures[c];
    if !creature.may_attack() || from == to || [from, to].into_iter().flatten().any(|t| !creature.allowed.contains(&t)) {
        return None;
    }
    let (at_from, at_to) = (instances(pos, c, from), instances(pos, c, to));
    if !at_to.iter().all(|k| at_from.contains(k)) {
        return None;
    }
    let mut relief = owed(pos, &at_from);
    for (class, amount) in owed(pos, &at_to) {
        *relief.entry(class).or_insert(0) -= amount;
    }
    Some(Key {
        to,
        idle: from.is_none(),
        inside: inside(pos, from),
        gain: weight(pos, c, to) - weight(pos, c, from),
        relief: relief.into_iter().filter(|(_, a)| *a != 0).collect(),
        tied: tied_units(pos, c),
    })
}

/// Whether creature `c` moving from `from` makes the move of `k` at least as well.
fn fits(pos: &Position, c: usize, from: Option<usize>, k: &Key) -> bool {
    let Some(mine) = key(pos, c, from, k.to) else { return false };
    mine.idle == k.idle
        && at_least_as_inside(pos, &mine.inside, &k.inside)
        && mine.tied == k.tied
        && mine.gain >= k.gain
        && k.relief.iter().all(|(class, amount)| mine.relief.iter().find(|(c, _)| c == class).map_or(0, |(_, a)| *a) >= *amount)
}

/// How many caps the board has: the first entries of [`inside`], before its player requirements.
fn caps(pos: &Position) -> usize {
    pos.rules.restrictions.iter().filter(|r| matches!(r.kind, RestrictionKind::MaxAttackers { .. })).count()
}

/// Whether a pair whose `from` has `mine` (see [`inside`]) moves at least as well as one with
/// `key`: in every cap `key` is in (leaving frees at least as much room, entering raises it no
/// more) and in no player requirement `key` is not (it takes attacks from no more of them).
fn at_least_as_inside(pos: &Position, mine: &[bool], key: &[bool]) -> bool {
    let caps = caps(pos);
    mine.len() == key.len() && mine.iter().zip(key).enumerate().all(|(j, (&m, &k))| if j < caps { m >= k } else { m <= k })
}

/// Whether exchanges apply to the board: one attacking player, no conditional requirement,
/// no restriction but caps and "can't attack" (already out of the allowed targets).
fn applies(pos: &Position) -> bool {
    let rules = &pos.rules;
    rules.attacking_players.len() == 1
        && !rules.has_conditions()
        && rules.restrictions.iter().all(|r| matches!(r.kind, RestrictionKind::MaxAttackers { .. } | RestrictionKind::CantAttack { .. }))
}

impl Exchange {
    /// The requirements the exchange gains at least (see the module doc).
    pub fn gain(&self, pos: &Position) -> i64 {
        let gain: i64 = self.moves.iter().map(|m| m.count as i64 * m.key.gain).sum();
        let lost = self.taken(pos).iter().filter(|(p, _)| !self.keeps.contains(p)).count() as i64;
        gain - lost
    }

    /// Whether the exchange assumes x' keeps an attack obeying some player requirement the
    /// moves take attacks from (P4).
    pub fn keeps_player_requirements(&self) -> bool {
        !self.keeps.is_empty()
    }

    /// The player requirements the moves take attacks from, with how many they take (net):
    /// each is lost in W' unless x' keeps enough attacks obeying it (P4).
    fn taken(&self, pos: &Position) -> Vec<(usize, i64)> {
        let caps = caps(pos);
        (0..player_requirements(pos).len())
            .filter_map(|p| {
                let delta: i64 = self.moves.iter().map(|m| m.count as i64 * (m.inside_to(pos, caps + p) - m.inside_from(caps + p))).sum();
                (delta < 0).then_some((p, -delta))
            })
            .collect()
    }

    /// The exchanges read off a declaration `x` and a declaration `w` it must be compared with
    /// (its paid bar's witness): the whole exchange and smaller ones inside it, all with
    /// `gain ≥ 1`.
    pub fn derive(pos: &Position, x: &Assignment, w: &Assignment) -> Vec<Exchange> {
        if !applies(pos) {
            return vec![];
        }
        // The changes, one move per key.
        let mut by_key: BTreeMap<Key, usize> = BTreeMap::new();
        for c in 0..x.len() {
            if x[c] == w[c] {
                continue;
            }
            let Some(k) = key(pos, c, x[c], w[c]) else { return vec![] };
            *by_key.entry(k).or_insert(0) += 1;
        }
        if by_key.len() > MOST_MOVES {
            return vec![];
        }
        let moves: Vec<Move> = by_key
            .into_iter()
            .map(|(key, count)| {
                let mut pairs = Vec::new();
                for c in 0..pos.rules.creatures.len() {
                    let froms = std::iter::once(None).chain(pos.rules.creatures[c].allowed.iter().copied().map(Some));
                    pairs.extend(froms.filter(|&f| fits(pos, c, f, &key)).map(|f| (c, f)));
                }
                Move { pairs, to: key.to, count, key }
            })
            .collect();
        // Smaller exchanges inside it: each gaining move, one creature or all of them, alone,
        // with each move that gains nothing (it makes room under a cap or frees mana), or with
        // all of those, their counts in proportion.
        let scaled = |m: &Move, k: usize, of: usize| Move { count: (m.count * k).div_ceil(of).clamp(1, m.count), ..m.clone() };
        let mut found: Vec<Exchange> = Vec::new();
        let mut push = |mut e: Exchange| {
            e.moves.sort_by(|a, b| (&a.key, a.count).cmp(&(&b.key, b.count)));
            if e.gain(pos) < 1 {
                // The player requirements x keeps even after the moves (P4): a weaker premise,
                // taken only where the exchange gains nothing without it.
                e.keeps = e.taken(pos).into_iter().filter(|&(p, taken)| obeying(pos, x, p) > taken).map(|(p, _)| p).collect();
            }
            if e.gain(pos) >= 1 && !found.contains(&e) {
                found.push(e);
            }
        };
        let gains: Vec<i64> = moves.iter().map(|m| Exchange { moves: vec![scaled(m, 1, m.count)], keeps: vec![] }.gain(pos)).collect();
        let helpers: Vec<&Move> = moves.iter().zip(&gains).filter(|(_, g)| **g < 1).map(|(m, _)| m).collect();
        for (m, _) in moves.iter().zip(&gains).filter(|(_, g)| **g >= 1) {
            for k in [1, m.count] {
                let mut sets: Vec<Vec<&Move>> = vec![vec![]];
                sets.extend(helpers.iter().map(|h| vec![*h]));
                if helpers.len() > 1 {
                    sets.push(helpers.clone());
                }
                for set in sets {
                    let mut e = vec![scaled(m, k, m.count)];
                    e.extend(set.iter().map(|h| scaled(h, k, m.count)));
                    push(Exchange { moves: e, keeps: vec![] });
                }
            }
        }
        push(Exchange { moves, keeps: vec![] });
        found
    }
}

/// Whether the moves of `mask` are connected by shared pairs (two moves are adjacent when
/// their families share a pair). Hall's row of a set that splits into two parts sharing no
/// pair is the sum of the parts' rows (each column counted by a part is counted by the set, and
/// by one part only), so only connected sets need a row of their own.
fn connected(mask: usize, pair_sets: &[std::collections::HashSet<(usize, Option<usize>)>]) -> bool {
    let members: Vec<usize> = (0..pair_sets.len()).filter(|i| mask >> i & 1 == 1).collect();
    let mut reached = vec![members[0]];
    let mut frontier = vec![members[0]];
    while let Some(i) = frontier.pop() {
        for &j in &members {
            if !reached.contains(&j) && !pair_sets[i].is_disjoint(&pair_sets[j]) {
                reached.push(j);
                frontier.push(j);
            }
        }
    }
    reached.len() == members.len()
}

impl Move {
    /// Whether the cap or player requirement `j` of [`inside`] counts `from` (0 or 1).
    fn inside_from(&self, j: usize) -> i64 {
        i64::from(self.key.inside.get(j).copied().unwrap_or(false))
    }

    /// Whether it counts `to` (0 or 1).
    fn inside_to(&self, pos: &Position, j: usize) -> i64 {
        i64::from(inside(pos, self.to).get(j).copied().unwrap_or(false))
    }
}

/// A premise row of an exchange cut over one encoding.
enum Premise {
    /// `e ≥ r`, where `e ≤ most` always.
    AtLeast(Expression, f64, f64),
    /// `e ≤ r`, where `e ≥ 0` always.
    AtMost(Expression, f64),
}

impl Encoding {
    /// The cut of an exchange over this encoding: some premise of the module doc fails. Empty
    /// when no declaration of the encoding meets the premises (nothing to cut) or the mana model
    /// can't be built.
    /// `idle` is what the program's case knows of its idle tied creatures
    /// ([`Encoding::idle_tied`], computed once per program).
    pub fn exchange_cut(&mut self, pos: &Position, exchange: &Exchange, idle: &IdleTied) -> Vec<Constraint> {
        let Some(rows) = self.premises(pos, exchange, idle) else { return vec![] };
        let mut some = Expression::with_capacity(rows.len());
        let mut cs = Vec::with_capacity(rows.len() + 1);
        for row in rows {
            let v = self.vars.add(variable().binary());
            self.branch_first_on(v);
            some.add_mul(1.0, v);
            match row {
                // Violated: e ≤ r − 1, relaxed to e ≤ most when v = 0.
                Premise::AtLeast(e, r, most) => {
                    let mut lhs = e;
                    lhs.add_mul(most - r + 1.0, v);
                    cs.push(constraint::leq(lhs, most));
                }
                // Violated: e ≥ r + 1 (e ≥ 0 when v = 0).
                Premise::AtMost(e, r) => cs.push(constraint::leq(Expression::from(v) * (r + 1.0), e)),
            }
        }
        cs.push(constraint::leq(1.0, some));
        cs
    }

    /// Whether declaration `counts` (group counts, parallel to `x`) meets every premise of
    /// the exchange that can fail in `case` of the split, so that its cut in that case's
    /// program cuts it off. For tests: no legal declaration of the case may.
    pub fn exchange_premises_hold(&self, pos: &Position, exchange: &Exchange, case: Case, counts: &[Vec<usize>]) -> bool {
        let Some(rows) = self.premises(pos, exchange, &self.idle_tied(pos, case)) else { return false };
        let at: std::collections::HashMap<good_lp::Variable, f64> =
            self.x.iter().zip(counts).flat_map(|(xs, ns)| xs.iter().zip(ns).map(|((_, v), &n)| (*v, n as f64))).collect();
        rows.iter().all(|row| match row {
            Premise::AtLeast(e, r, _) => e.eval_with(&at) >= r - 1e-9,
            Premise::AtMost(e, r) => e.eval_with(&at) <= r + 1e-9,
        })
    }

    /// The premise rows P1-P4 that can fail in a case of the split whose program knows `idle`
    /// (rows that always hold are left out); None when some row never holds, or the payment
    /// rows are needed and can't be built.
    fn premises(&self, pos: &Position, exchange: &Exchange, idle: &IdleTied) -> Option<Vec<Premise>> {
        let rules = &pos.rules;
        let mut group_of: Vec<Option<usize>> = vec![None; rules.creatures.len()];
        for (g, group) in self.groups.iter().enumerate() {
            for &c in &group.members {
                group_of[c] = Some(g);
            }
        }
        let mut rows = Vec::new();
        // P1: the moves are available: Hall's condition over every set of moves (their
        // families may share pairs). A group counts at a target (or idle) only when every
        // member's pair is in the union: never more than the true count, so the premise stays
        // sufficient.
        let moves = &exchange.moves;
        if moves.len() > MOST_MOVES {
            return None;
        }
        let pair_sets: Vec<std::collections::HashSet<(usize, Option<usize>)>> = moves.iter().map(|m| m.pairs.iter().copied().collect()).collect();
        for mask in 1usize..1 << moves.len() {
            if !connected(mask, &pair_sets) {
                continue;
            }
            let chosen: Vec<&Move> = moves.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, m)| m).collect();
            let union: std::collections::HashSet<(usize, Option<usize>)> = chosen.iter().flat_map(|m| m.pairs.iter().copied()).collect();
            let need = chosen.iter().map(|m| m.count).sum::<usize>() as f64;
            let (mut e, mut most) = (Expression::with_capacity(8), 0.0);
            for (g, group) in self.groups.iter().enumerate() {
                let size = group.members.len() as f64;
                if group.members.iter().all(|&c| union.contains(&(c, None))) {
                    e += size;
                    e -= self.attacks[g].clone();
                    most += size;
                }
                for (t, v) in &self.x[g] {
                    if group.members.iter().all(|&c| union.contains(&(c, Some(*t)))) {
                        e.add_mul(1.0, *v);
                        most += size;
                    }
                }
            }
            // Creatures not in this encoding never attack here: idle.
            let absent = union.iter().filter(|(c, f)| f.is_none() && group_of[*c].is_none()).count() as f64;
            e += absent;
            most += absent;
            if most < need {
                return None;
            }
            // The case leaves at least `idle.least` tied creatures idle: a row counting every
            // one of them idle and asking for no more always holds (issue 39).
            let counts_idle = |c: usize| match group_of[c] {
                Some(g) => self.groups[g].members.iter().all(|&m| union.contains(&(m, None))),
                None => union.contains(&(c, None)),
            };
            if need <= idle.least as f64 && idle.creatures.iter().all(|&c| counts_idle(c)) {
                continue;
            }
            rows.push(Premise::AtLeast(e, need, most));
        }
        // P2: the caps the moves raise keep room.
        let caps = rules.restrictions.iter().filter_map(|r| match &r.kind {
            RestrictionKind::MaxAttackers { count, targets, .. } => Some((*count, targets)),
            _ => None,
        });
        for (j, (count, targets)) in caps.enumerate() {
            let delta: i64 = moves.iter().map(|m| m.count as i64 * (m.inside_to(pos, j) - m.inside_from(j))).sum();
            if delta <= 0 {
                continue;
            }
            let room = i64::from(count) - delta;
            if room < 0 {
                return None;
            }
            let mut e = Expression::with_capacity(16);
            for xs in &self.x {
                for (t, v) in xs {
                    if in_targets(targets, *t) {
                        e.add_mul(1.0, *v);
                    }
                }
            }
            rows.push(Premise::AtMost(e, room as f64));
        }
        // P4: x' keeps at least one attack obeying each player requirement the exchange
        // counts as kept, after the moves take theirs. A group counts only when every member
        // is the attacking player's: never more than the true count.
        for (p, taken) in exchange.taken(pos).into_iter().filter(|(p, _)| exchange.keeps.contains(p)) {
            let (player, targets) = player_requirements(pos)[p];
            let (mut e, mut most) = (Expression::with_capacity(8), 0.0);
            for (g, group) in self.groups.iter().enumerate() {
                if !group.members.iter().all(|&c| rules.creatures[c].controller == player) {
                    continue;
                }
                for (t, v) in &self.x[g] {
                    if targets.binary_search(t).is_ok() {
                        e.add_mul(1.0, *v);
                        most += group.members.len() as f64;
                    }
                }
            }
            let need = (taken + 1) as f64;
            if most < need {
                return None;
            }
            rows.push(Premise::AtLeast(e, need, most));
        }
        // P3: W' stays payable where a move makes a tied creature attack.
        if moves.iter().any(|m| m.key.idle && m.to.is_some() && !m.key.tied.is_empty()) {
            let hall = self.hall(pos)?;
            for mask in 1usize..1 << hall.classes.len() {
                // d_Q(W') ≤ d_Q(x') − relief_Q ≤ N_Q + (tied units meeting Q idle in W').
                let mut e = hall.owed(mask);
                let mut rhs = hall.can(mask);
                for &(c, unit, single) in &hall.tied {
                    if !single || !hall.meets(mask, unit) {
                        continue;
                    }
                    rhs += 1.0;
                    if let Some(g) = group_of[c] {
                        e += self.attacks[g].clone();
                    }
                }
                let chosen = |class: &PipClass| hall.classes.iter().enumerate().any(|(i, (k, _))| mask >> i & 1 == 1 && k == class);
                for m in moves {
                    let count = m.count as f64;
                    let relief: i64 = m.key.relief.iter().filter(|(class, _)| chosen(class)).map(|(_, a)| *a).sum();
                    rhs += count * relief as f64;
                    // Only single-unit tied sources are supply in the model (see `Hall::tied`).
                    let units = m.key.tied.iter().filter(|(u, single)| *single && hall.meets(mask, *u)).count() as f64;
                    match (m.key.idle, m.to.is_some()) {
                        (true, true) => rhs -= count * units,
                        (false, false) => rhs += count * units,
                        _ => {}
                    }
                }
                if rhs < 0.0 {
                    return None;
                }
                rows.push(Premise::AtMost(e, rhs));
            }
        }
        Some(rows)
    }
}
