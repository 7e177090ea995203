//! Deciding and producing payments for costs to attack (CR 508.1g-j, 107.4, 119.4).
//!
//! Each controller pays for their own creatures from their own sources, pool and life (CR
//! 810.5: mana is not shared between teammates); under shared life, the life payments of a team
//! come from one total (CR 810.9).

use super::flow::Flow;
use super::sources::{ManaBoard, Source};
use super::symbol::{production_string, ManaType, PipClass, Symbol, TypeSet};
use super::{compositions, multisets};
use crate::board::{PaymentEntry, ValidBoard};
use crate::rules::{Assignment, Rules};
use std::collections::BTreeMap;

/// At most this many combinations of choices are tried per player ({2/W} symbols, sources with
/// several alternatives of which one adds more than one mana). Past it the payment question is
/// refused rather than guessed.
pub const MAX_CHOICES: usize = 1 << 16;

/// Why paying could not be decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayError {
    /// The payment problem has more combinations than [`MAX_CHOICES`].
    TooManyChoices {
        /// The id of the player paying.
        player: String,
    },
}

impl std::fmt::Display for PayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PayError::TooManyChoices { player } => write!(
                f,
                "paying {player}'s costs has more than {MAX_CHOICES} combinations of mana choices ({{2/W}} symbols and multi-mana alternatives); attackopt refuses rather than guesses"
            ),
        }
    }
}

/// What a declaration's costs come to: mana symbols totalled, and life paid.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct CostTotal {
    /// The mana symbols of every incurred cost instance, totalled (generic first; `""` when none
    /// is incurred, `"{0}"` for zero-cost instances).
    #[schemars(description = "")]
    pub mana: String,
    /// The life the payment pays.
    #[schemars(description = "")]
    pub life: i64,
    /// The non-mana costs incurred, in words ("sacrifice a Land you control"); left out when
    /// there are none.
    #[schemars(description = "")]
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<String>,
}

/// A payment that works: entries as in docs/format.md's declaration format.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Payment {
    /// The payment as the declaration format writes it.
    pub entries: Vec<PaymentEntry>,
    /// Life paid, per player.
    pub life: BTreeMap<usize, i64>,
}

impl Payment {
    /// Life paid by all players.
    pub fn total_life(&self) -> i64 {
        // Each player's share is at most their life total; saturating keeps a sum of huge
        // totals from wrapping.
        self.life.values().fold(0i64, |sum, l| sum.saturating_add(*l))
    }
}

/// Total a list of symbols as one mana string: generic first, then the rest in WUBRGC order.
pub fn format_cost(symbols: &[Symbol]) -> String {
    // u64: 2,000,000 cost instances of {1000000} each are far past u32 (issue 11, F03).
    let generic: u64 = symbols.iter().map(|s| if let Symbol::Generic(n) = s { u64::from(*n) } else { 0 }).sum();
    // Non-mana costs are not mana: described apart (`Rules::actions_of`).
    let mut rest: Vec<&Symbol> = symbols.iter().filter(|s| !matches!(s, Symbol::Generic(_) | Symbol::Action(_))).collect();
    rest.sort();
    let mut out = String::new();
    if generic > 0 || (rest.is_empty() && !symbols.is_empty()) {
        out.push_str(&format!("{{{generic}}}"));
    }
    for s in rest {
        out.push_str(&s.to_string());
    }
    out
}

/// A cost in words: its mana totalled, then what else it asks ("{2} and sacrifice a Land you
/// control"; the non-mana part alone when it asks no mana).
pub fn cost_words(rules: &Rules, cost: &[Symbol]) -> String {
    let mana = format_cost(cost);
    let actions = rules.actions_of(cost);
    match (actions.is_empty(), mana.as_str()) {
        (true, _) => mana,
        (false, "{0}") => actions.join(", "),
        (false, _) => format!("{mana} and {}", actions.join(", ")),
    }
}

/// A unit of mana one could spend, with where it comes from.
#[derive(Debug, Clone, Copy)]
struct Unit {
    set: TypeSet,
    origin: Origin,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// Unit `unit` of alternative `alt` of source `source` (index into `ManaBoard::sources`).
    Source {
        source: usize,
        alt: usize,
        unit: usize,
    },
    Pool {
        player: usize,
    },
    /// A permanent given up for a non-mana cost (CR 508.1g).
    Action {
        permanent: usize,
    },
    /// Mana named in an explicit payment entry.
    Given {
        entry: usize,
    },
}

/// How a set of units pays a list of symbols: for each unit used, the types it may give for
/// the symbol it pays (its first mana type is the one reported, or its first non-mana class);
/// and life pips.
struct Solution {
    used: Vec<Option<TypeSet>>,
    life_pips: i64,
}

/// Pay `pips` (with {2/W} already decided, so every pip is one unit or, if Phyrexian, 2 life)
/// from `units`, paying at most `max_life_pips` Phyrexian symbols with life.
fn solve_fixed(units: &[Unit], pips: &BTreeMap<PipClass, i64>, max_life_pips: i64) -> Option<Solution> {
    let need: i64 = pips.values().sum();
    if need == 0 {
        return Some(Solution { used: vec![None; units.len()], life_pips: 0 });
    }
    let mut unit_classes: BTreeMap<TypeSet, Vec<usize>> = BTreeMap::new();
    for (i, u) in units.iter().enumerate() {
        unit_classes.entry(u.set).or_default().push(i);
    }
    let uc: Vec<(&TypeSet, &Vec<usize>)> = unit_classes.iter().collect();
    let pc: Vec<(&PipClass, &i64)> = pips.iter().collect();
    // Nodes: 0 source, 1 sink, 2 life, then unit classes, then pip classes.
    let (s, t, life) = (0, 1, 2);
    let u0 = 3;
    let p0 = u0 + uc.len();
    let mut f = Flow::new(p0 + pc.len());
    f.add(s, life, max_life_pips.max(0));
    for (i, (set, members)) in uc.iter().enumerate() {
        f.add(s, u0 + i, members.len() as i64);
        for (j, ((accept, _), _)) in pc.iter().enumerate() {
            if set.intersects(*accept) {
                f.add(u0 + i, p0 + j, i64::MAX / 4);
            }
        }
    }
    for (j, ((_, life_ok), count)) in pc.iter().enumerate() {
        f.add(p0 + j, t, **count);
        if *life_ok {
            f.add(life, p0 + j, i64::MAX / 4);
        }
    }
    if f.run(s, t) < need {
        return None;
    }
    // Read the flow back onto concrete units.
    let mut used = vec![None; units.len()];
    for (i, (set, members)) in uc.iter().enumerate() {
        let mut next = members.iter();
        for (j, ((accept, _), _)) in pc.iter().enumerate() {
            let ty = set.0 & accept.0;
            for _ in 0..f.on(u0 + i, p0 + j) {
                if let Some(&m) = next.next() {
                    used[m] = Some(TypeSet(ty));
                }
            }
        }
    }
    let life_pips = (0..pc.len()).map(|j| f.on(life, p0 + j)).sum();
    Some(Solution { used, life_pips })
}

/// Pay `symbols` from `units` with the least life, trying every split of {2/W} symbols.
fn solve(units: &[Unit], symbols: &[Symbol], max_life_pips: i64, player: &str) -> Result<Option<Solution>, PayError> {
    let mut base: BTreeMap<PipClass, i64> = BTreeMap::new();
    let mut two_or: BTreeMap<ManaType, i64> = BTreeMap::new();
    for s in symbols {
        match s {
            Symbol::Generic(0) => {}
            Symbol::Generic(n) => *base.entry(s.pip_class()).or_default() += *n as i64,
            Symbol::TwoOr(c) => *two_or.entry(*c).or_default() += 1,
            _ => *base.entry(s.pip_class()).or_default() += 1,
        }
    }
    let total: i64 = base.values().sum::<i64>() + two_or.values().sum::<i64>();
    if total > units.len() as i64 + max_life_pips.max(0) {
        return Ok(None); // not enough units even at best
    }
    let combos: usize = two_or.values().map(|n| *n as usize + 1).product();
    if combos > MAX_CHOICES {
        return Err(PayError::TooManyChoices { player: player.to_string() });
    }
    let colors: Vec<(ManaType, i64)> = two_or.into_iter().collect();
    let mut best: Option<Solution> = None;
    for combo in 0..combos {
        // Decode how many {2/c} of each color are paid with two generic mana.
        let mut pips = base.clone();
        let mut rest = combo;
        for (c, n) in &colors {
            let generic_paid = (rest % (*n as usize + 1)) as i64;
            rest /= *n as usize + 1;
            if generic_paid > 0 {
                *pips.entry((TypeSet::ANY_TYPE, false)).or_default() += 2 * generic_paid;
            }
            if n - generic_paid > 0 {
                *pips.entry((TypeSet::one(*c), false)).or_default() += n - generic_paid;
            }
        }
        if let Some(sol) = least_life(units, &pips, max_life_pips) {
            if best.as_ref().is_none_or(|b| sol.life_pips < b.life_pips) {
                best = Some(sol);
            }
        }
    }
    Ok(best)
}

/// The feasible solution with the fewest life pips (the flow only grows with life: bisect).
fn least_life(units: &[Unit], pips: &BTreeMap<PipClass, i64>, max_life_pips: i64) -> Option<Solution> {
    let phyrexian: i64 = pips.iter().filter(|((_, l), _)| *l).map(|(_, n)| *n).sum();
    let hi0 = max_life_pips.max(0).min(phyrexian);
    solve_fixed(units, pips, hi0)?;
    let (mut lo, mut hi) = (0, hi0);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if solve_fixed(units, pips, mid).is_some() {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    solve_fixed(units, pips, lo)
}

impl ManaBoard {
    /// The symbols each paying player owes for the incurred cost instances.
    pub fn owed(&self, rules: &Rules, incurred: &[usize]) -> BTreeMap<usize, Vec<Symbol>> {
        let mut owed: BTreeMap<usize, Vec<Symbol>> = BTreeMap::new();
        for &k in incurred {
            let cost = &rules.costs[k];
            owed.entry(rules.creatures[cost.creature].controller).or_default().extend(cost.cost.iter().copied());
        }
        owed
    }

    /// What `player`, owing `symbols` (in words), has to pay with, sources the declaration
    /// `tapped` left out: for answers that a cost can't be paid.
    pub fn means_words(&self, vb: &ValidBoard, player: usize, owes: &str, tapped: &dyn Fn(&Source) -> bool) -> String {
        let sources = self.sources.iter().filter(|s| s.controller == player && !tapped(s)).count();
        let given_up = self.action_permanents[player].len();
        let pool = self.pools[player].len() - given_up;
        let permanents = if self.action_kinds.is_empty() {
            String::new()
        } else {
            format!(", {given_up} permanent{} a non-mana cost could take", if given_up == 1 { "" } else { "s" })
        };
        format!(
            "{} owes {owes} and has {sources} mana source{} that can pay, {pool} in the pool and {} life{permanents}",
            vb.player_label(player),
            if sources == 1 { "" } else { "s" },
            self.group_life[self.life_group[player]]
        )
    }

    /// Life a group may still pay from (CR 119.4: not more than the life total).
    fn life_budget(&self, player: usize) -> i64 {
        self.group_life[self.life_group[player]].max(0)
    }

    /// Find a payment for the costs `incurred` by assignment `a`, paying the least life, or
    /// None when none exists (CR 508.1j: an unpayable total makes the declaration illegal).
    pub fn pay(&self, vb: &ValidBoard, rules: &Rules, a: &Assignment, incurred: &[usize]) -> Result<Option<Payment>, PayError> {
        self.pay_owed(vb, &self.owed(rules, incurred), &tapped_by(a))
    }

    /// Find a payment of what each player owes (`owed`, by player), paying the least life, or
    /// None when none exists; `tapped` says which sources the declaration tapped before costs
    /// are paid (attacking without vigilance, CR 508.1f; blocking taps none). Each player pays
    /// from their own sources and pool (CR 810.5), life from their group's total (810.9).
    pub fn pay_owed(
        &self,
        vb: &ValidBoard,
        owed: &BTreeMap<usize, Vec<Symbol>>,
        tapped: &dyn Fn(&Source) -> bool,
    ) -> Result<Option<Payment>, PayError> {
        let mut payment = Payment::default();
        let mut group_spent: BTreeMap<usize, i64> = BTreeMap::new();
        for (&player, symbols) in owed {
            // Sources tapped by the declaration pay nothing (CR 508.1f).
            let usable: Vec<usize> = (0..self.sources.len()).filter(|&s| self.sources[s].controller == player && !tapped(&self.sources[s])).collect();
            let Some(sol) = self.pay_player(vb, player, &usable, symbols)? else { return Ok(None) };
            let (entries, life) = sol;
            let spent = group_spent.entry(self.life_group[player]).or_default();
            *spent = spent.saturating_add(life);
            if life > 0 {
                payment.life.insert(player, life);
            }
            payment.entries.extend(entries);
        }
        // Shared life: the team's payments together may not exceed its total (CR 810.9, 119.4).
        if group_spent.iter().any(|(g, spent)| *spent > self.group_life[*g].max(0)) {
            return Ok(None);
        }
        Ok(Some(payment))
    }

    /// One player's payment with the least life: entries and life paid.
    fn pay_player(&self, vb: &ValidBoard, player: usize, usable: &[usize], symbols: &[Symbol]) -> Result<Option<(Vec<PaymentEntry>, i64)>, PayError> {
        let pid = vb.player_id(player).to_string();
        let max_life_pips = self.life_budget(player) / 2;
        // Sources whose alternatives are all single units merge into one unit of their union;
        // the others are branched on.
        let (simple, branching): (Vec<usize>, Vec<usize>) =
            usable.iter().partition(|&&s| self.sources[s].alternatives.len() == 1 || self.sources[s].alternatives.iter().all(|a| a.len() == 1));
        // Identical sources are interchangeable: what matters is how many take each
        // alternative, not which (ten Command Towers under Mana Reflection are 1,001 choices,
        // not 5^10).
        let mut kinds: Vec<(&Vec<Vec<TypeSet>>, Vec<usize>)> = Vec::new();
        for &s in &branching {
            let alts = &self.sources[s].alternatives;
            match kinds.iter_mut().find(|(a, _)| *a == alts) {
                Some((_, members)) => members.push(s),
                None => kinds.push((alts, vec![s])),
            }
        }
        let combos = kinds.iter().try_fold(1usize, |acc, (alts, members)| acc.checked_mul(multisets(members.len(), alts.len())?));
        if combos.is_none_or(|c| c > MAX_CHOICES) {
            return Err(PayError::TooManyChoices { player: pid });
        }
        let splits: Vec<Vec<Vec<usize>>> = kinds.iter().map(|(alts, members)| compositions(members.len(), alts.len())).collect();
        let mut fixed_units = Vec::new();
        for &s in &simple {
            let src = &self.sources[s];
            if src.alternatives.len() == 1 {
                for (k, set) in src.alternatives[0].iter().enumerate() {
                    fixed_units.push(Unit { set: *set, origin: Origin::Source { source: s, alt: 0, unit: k } });
                }
            } else {
                let set = src.alternatives.iter().fold(TypeSet::EMPTY, |acc, a| acc.union(a[0]));
                fixed_units.push(Unit { set, origin: Origin::Source { source: s, alt: usize::MAX, unit: 0 } });
            }
        }
        let mana_in_pool = self.pools[player].len() - self.action_permanents[player].len();
        for (i, set) in self.pools[player].iter().enumerate() {
            let origin = match i.checked_sub(mana_in_pool) {
                Some(j) => Origin::Action { permanent: self.action_permanents[player][j] },
                None => Origin::Pool { player },
            };
            fixed_units.push(Unit { set: *set, origin });
        }
        let mut best: Option<(Vec<Unit>, Solution)> = None;
        for combo in 0..combos.unwrap_or(1) {
            let mut units = fixed_units.clone();
            let mut rest = combo;
            for ((alts, members), split) in kinds.iter().zip(&splits) {
                let counts = &split[rest % split.len()];
                rest /= split.len();
                let mut next = members.iter();
                for (alt, &n) in counts.iter().enumerate() {
                    for &s in next.by_ref().take(n) {
                        for (k, set) in alts[alt].iter().enumerate() {
                            units.push(Unit { set: *set, origin: Origin::Source { source: s, alt, unit: k } });
                        }
                    }
                }
            }
            if let Some(sol) = solve(&units, symbols, max_life_pips, &pid)? {
                if best.as_ref().is_none_or(|(_, b)| sol.life_pips < b.life_pips) {
                    let done = sol.life_pips == 0;
                    best = Some((units, sol));
                    if done {
                        break;
                    }
                }
            }
        }
        Ok(best.map(|(units, sol)| (self.entries(vb, player, &units, &sol), sol.life_pips * 2)))
    }

    /// Payment entries for a solution: one per tapped source, one for pool mana, one for life.
    fn entries(&self, vb: &ValidBoard, player: usize, units: &[Unit], sol: &Solution) -> Vec<PaymentEntry> {
        let mut by_source: BTreeMap<usize, (usize, Vec<(usize, ManaType)>)> = BTreeMap::new();
        let mut pool = Vec::new();
        let mut given_up = Vec::new();
        for (u, set) in units.iter().zip(&sol.used) {
            let Some(set) = set else { continue };
            match (u.origin, set.first(), set.first_action()) {
                (Origin::Source { source, alt, unit }, Some(ty), _) => by_source.entry(source).or_insert((alt, vec![])).1.push((unit, ty)),
                (Origin::Pool { .. }, Some(ty), _) => pool.push(ty),
                (Origin::Action { permanent }, _, Some(k)) => given_up.push((permanent, k)),
                _ => {}
            }
        }
        let mut out = Vec::new();
        for (s, (alt, used)) in by_source {
            let src = &self.sources[s];
            // The whole ability's mana is made; units not spent show as their first type.
            let made: Vec<ManaType> = if alt == usize::MAX {
                vec![used[0].1]
            } else {
                src.alternatives[alt]
                    .iter()
                    .enumerate()
                    .map(|(k, set)| used.iter().find(|(u, _)| *u == k).map(|(_, t)| *t).or(set.first()).unwrap_or(ManaType::C))
                    .collect()
            };
            out.push(PaymentEntry { permanent: Some(src.id.clone()), player: None, mana: Some(production_string(&made)), life: None, action: None });
        }
        if !pool.is_empty() {
            pool.sort();
            out.push(PaymentEntry {
                permanent: None,
                player: Some(vb.player_id(player).to_string()),
                mana: Some(production_string(&pool)),
                life: None,
                action: None,
            });
        }
        if sol.life_pips > 0 {
            out.push(PaymentEntry {
                permanent: None,
                player: Some(vb.player_id(player).to_string()),
                mana: None,
                life: Some(sol.life_pips * 2),
                action: None,
            });
        }
        given_up.sort();
        for (p, k) in given_up {
            let action = self.action_kinds.get(usize::from(k)).map(|a| a.field().to_string());
            out.push(PaymentEntry { permanent: Some(vb.perm(p).id.clone()), player: None, mana: None, life: None, action });
        }
        out
    }

    /// Check an explicit payment (docs/format.md "Declaration"): every problem found, as sentences.
    /// Ids were checked before ([`ValidBoard::check_declaration_ids`]).
    pub fn verify(
        &self,
        vb: &ValidBoard,
        rules: &Rules,
        a: &Assignment,
        incurred: &[usize],
        entries: &[PaymentEntry],
    ) -> Result<Vec<String>, PayError> {
        self.verify_owed(vb, &self.owed(rules, incurred), &tapped_by(a), &|symbols| cost_words(rules, symbols), entries)
    }

    /// [`ManaBoard::verify`] of what each player owes (`owed`, by player), `tapped_before` the sources
    /// the declaration tapped (as [`ManaBoard::pay_owed`]), `words` a cost in words.
    pub fn verify_owed(
        &self,
        vb: &ValidBoard,
        owed: &BTreeMap<usize, Vec<Symbol>>,
        tapped_before: &dyn Fn(&Source) -> bool,
        words: &dyn Fn(&[Symbol]) -> String,
        entries: &[PaymentEntry],
    ) -> Result<Vec<String>, PayError> {
        let mut problems = Vec::new();
        let mut units: BTreeMap<usize, Vec<Unit>> = BTreeMap::new();
        let mut life: BTreeMap<usize, i64> = BTreeMap::new();
        let mut tapped = std::collections::HashSet::new();
        let mut pool_left = self.pools.clone();
        let mut given_up = std::collections::HashSet::new();
        for (i, e) in entries.iter().enumerate() {
            let made = e.mana.as_deref().map(|m| super::symbol::parse_production(m).unwrap_or_default()).unwrap_or_default();
            // CR 508.1g: a permanent given up for a non-mana cost (it may have tapped for mana
            // in another entry first).
            if let (Some(pid), Some(action)) = (&e.permanent, e.action.as_deref()) {
                let Some(p) = vb.permanent_index(pid) else { continue };
                let name = vb.permanent_label(p);
                if !given_up.insert(p) {
                    problems.push(format!("payment {i}: {name} is given up twice; a permanent leaves once"));
                    continue;
                }
                let classes = self.action_classes(vb.controller[p], p, action);
                if classes.is_empty() {
                    let verb = self.declaring.verb();
                    problems.push(format!("payment {i}: no cost to {verb} here asks its payer to {} {name}", action.replace('_', " ")));
                    continue;
                }
                units.entry(vb.controller[p]).or_default().push(Unit { set: classes, origin: Origin::Given { entry: i } });
                continue;
            }
            if let Some(pid) = &e.permanent {
                let Some(p) = vb.permanent_index(pid) else { continue };
                let player = vb.controller[p];
                let name = vb.permanent_label(p);
                if !tapped.insert(p) {
                    problems.push(format!("payment {i}: {name} is tapped for mana twice; a permanent can be tapped once"));
                    continue;
                }
                let Some(s) = self.sources.iter().position(|s| s.permanent == p) else {
                    problems.push(format!("payment {i}: {name} can't tap for mana now: {}", self.why_not_source(vb, p)));
                    continue;
                };
                if tapped_before(&self.sources[s]) {
                    problems.push(format!("payment {i}: {name} attacks without vigilance, so it is already tapped when costs are paid (CR 508.1f)"));
                    continue;
                }
                if !self.sources[s].could_make(vb, &made) {
                    problems.push(format!("payment {i}: {name} can't make {}", e.mana.as_deref().unwrap_or("")));
                    continue;
                }
                units.entry(player).or_default().extend(made.iter().map(|set| Unit { set: *set, origin: Origin::Given { entry: i } }));
            } else if let Some(pid) = &e.player {
                let Some(player) = vb.player_index(pid) else { continue };
                if let Some(l) = e.life {
                    // Saturating: entries of 2^63 - 1 life must not wrap to a small sum (issue 11,
                    // F01); any sum past the life total is refused below either way.
                    let paid = life.entry(player).or_default();
                    *paid = paid.saturating_add(l);
                }
                for set in made {
                    // A pool unit pays for the mana named if it can be every type named.
                    match pool_left[player].iter().position(|p| (set.0 & !p.0) == 0) {
                        Some(k) => {
                            pool_left[player].remove(k);
                            units.entry(player).or_default().push(Unit { set, origin: Origin::Given { entry: i } });
                        }
                        None => problems.push(format!("payment {i}: {pid}'s mana pool has no {set} left")),
                    }
                }
            }
        }
        // Life: never more than the (shared) life total (CR 119.4, 810.9).
        let mut group_life: BTreeMap<usize, i64> = BTreeMap::new();
        for (&p, &l) in &life {
            let paid = group_life.entry(self.life_group[p]).or_default();
            *paid = paid.saturating_add(l);
        }
        for (&g, &l) in &group_life {
            if l > 0 && l > self.group_life[g] {
                problems.push(format!("{} pays {l} life but has {} (CR 119.4)", vb.player_label(g), self.group_life[g]));
            }
        }
        // Life pays only Phyrexian symbols, 2 each (CR 107.4f); mana made beyond the cost is
        // allowed (CR 508.1i) and simply not spent.
        for (&p, &l) in &life {
            let phyrexian = owed.get(&p).map_or(0, |s| s.iter().filter(|x| matches!(x, Symbol::Phyrexian(_))).count() as i64);
            if l % 2 != 0 || l / 2 > phyrexian {
                problems.push(format!(
                    "{} pays {l} life, but life pays only Phyrexian symbols, 2 each, and {} owes {phyrexian} of them (CR 107.4f)",
                    vb.player_label(p),
                    vb.player_label(p)
                ));
            }
        }
        for (player, symbols) in owed {
            let given = units.get(player).cloned().unwrap_or_default();
            let life_pips = life.get(player).copied().unwrap_or(0) / 2;
            if solve(&given, symbols, life_pips, vb.player_id(*player))?.is_none() {
                let rule = self.declaring.partial_rule();
                problems.push(format!(
                    "the payment does not cover {}'s costs of {} (partial payment is not allowed, {rule})",
                    vb.player_label(*player),
                    words(symbols)
                ));
            }
        }
        Ok(problems)
    }

    /// The non-mana cost classes that permanent `p` of `player` could pay by `action`
    /// ("sacrifice"), as the bits of its unit in their pool; empty when none.
    fn action_classes(&self, player: usize, p: usize, action: &str) -> TypeSet {
        let Some(j) = self.action_permanents.get(player).and_then(|ps| ps.iter().position(|&q| q == p)) else { return TypeSet::EMPTY };
        let bits = self.pools[player][self.pools[player].len() - self.action_permanents[player].len() + j];
        (0..self.action_kinds.len())
            .filter(|&k| self.action_kinds[k].field() == action && bits.intersects(TypeSet::action(k as u8)))
            .fold(TypeSet::EMPTY, |acc, k| acc.union(TypeSet::action(k as u8)))
    }

    fn why_not_source(&self, vb: &ValidBoard, p: usize) -> String {
        let perm = vb.perm(p);
        if !self.payers.contains(&vb.controller[p]) {
            format!("it is controlled by {}, {}", vb.player_label(vb.controller[p]), self.declaring.not_paying())
        } else if !perm.tapped && !vb.untap_mana[p].is_empty() && !vb.no_mana[p] {
            "it is untapped, and its mana ability's {Q} untaps it (CR 107.6)".into()
        } else if perm.tapped && vb.untap_mana[p].is_empty() {
            "it is tapped".into()
        } else if !perm.can_use_tap_abilities() {
            "it is a creature with summoning sickness and no haste (CR 302.6)".into()
        } else {
            "it has no mana ability that makes mana here".into()
        }
    }
}

/// The sources an attack taps before costs are paid: those of creatures attacking without
/// vigilance (CR 508.1f).
pub(crate) fn tapped_by(a: &Assignment) -> impl Fn(&Source) -> bool + '_ {
    |src: &Source| src.tapped_if_attacks.is_some_and(|c| a[c].is_some())
}

/// Whether the units `made` are what one activation of an alternative adds (each made unit a
/// possible choice for a distinct unit of the alternative).
pub(super) fn matches_alternative(alt: &[TypeSet], made: &[TypeSet]) -> bool {
    if alt.len() != made.len() {
        return false;
    }
    // A perfect bipartite matching, by augmenting paths (Kuhn): polynomial, where trying
    // permutations was exponential in the units of a long mana string.
    let fits = |k: usize, j: usize| !made[k].is_empty() && (made[k].0 & !alt[j].0) == 0;
    let mut owner: Vec<Option<usize>> = vec![None; alt.len()];
    fn augment(k: usize, fits: &dyn Fn(usize, usize) -> bool, owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
        for j in 0..owner.len() {
            if !seen[j] && fits(k, j) {
                seen[j] = true;
                if owner[j].is_none_or(|other| augment(other, fits, owner, seen)) {
                    owner[j] = Some(k);
                    return true;
                }
            }
        }
        false
    }
    (0..made.len()).all(|k| augment(k, &fits, &mut owner, &mut vec![false; alt.len()]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(sets: &[TypeSet]) -> Vec<Unit> {
        sets.iter().map(|s| Unit { set: *s, origin: Origin::Pool { player: 0 } }).collect()
    }

    #[test]
    fn cr_107_4f_phyrexian_paid_with_life_only_when_needed() {
        let w = TypeSet::one(ManaType::W);
        let sol = solve(&units(&[w]), &[Symbol::Phyrexian(ManaType::W), Symbol::Phyrexian(ManaType::W)], 1, "A").unwrap().unwrap();
        assert_eq!(sol.life_pips, 1);
        assert!(solve(&units(&[w]), &[Symbol::Phyrexian(ManaType::W); 3], 1, "A").unwrap().is_none());
    }

    #[test]
    fn cr_107_4e_two_or_color_pays_with_two_generic() {
        let c = TypeSet::one(ManaType::C);
        assert!(solve(&units(&[c, c]), &[Symbol::TwoOr(ManaType::W)], 0, "A").unwrap().is_some());
        assert!(solve(&units(&[c]), &[Symbol::TwoOr(ManaType::W)], 0, "A").unwrap().is_none());
    }

    #[test]
    fn hybrid_and_colorless_symbols_need_matching_types() {
        let (g, c) = (TypeSet::one(ManaType::G), TypeSet::one(ManaType::C));
        assert!(solve(&units(&[g]), &[Symbol::Typed(ManaType::C)], 0, "A").unwrap().is_none());
        assert!(solve(&units(&[c, g]), &[Symbol::Typed(ManaType::C), Symbol::Hybrid(ManaType::R, ManaType::G)], 0, "A").unwrap().is_some());
    }

    /// An explicit payment naming what a long mana ability made: matching the units made to the
    /// ability's units is a bipartite matching. This case (30 units of {W/U} and a {B}; 31 white
    /// made) never finished when tried by permutations.
    #[test]
    fn mana_ability_units_match_by_augmenting_paths() {
        let (w, u, b) = (TypeSet::one(ManaType::W), TypeSet::one(ManaType::U), TypeSet::one(ManaType::B));
        let wu = TypeSet(w.0 | u.0);
        let mut alt = vec![wu; 30];
        alt.push(b);
        assert!(!matches_alternative(&alt, &[w; 31]));
        let mut made = vec![w; 29];
        made.extend([u, b]);
        assert!(matches_alternative(&alt, &made));
        assert!(!matches_alternative(&alt, &[w; 30]), "counts differ");
        assert!(!matches_alternative(&[w], &[TypeSet::EMPTY]), "an empty unit is no mana");
    }

    #[test]
    fn format_cost_totals_generic_first() {
        assert_eq!(format_cost(&[Symbol::Generic(2), Symbol::Phyrexian(ManaType::W), Symbol::Generic(2)]), "{4}{W/P}");
        assert_eq!(format_cost(&[Symbol::Generic(0)]), "{0}");
        assert_eq!(format_cost(&[]), "");
        assert_eq!(format_cost(&[Symbol::Generic(4_294_967_295), Symbol::Generic(4_294_967_295), Symbol::Generic(2)]), "{8589934592}");
    }
}
