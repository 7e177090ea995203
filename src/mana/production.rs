//! What tapping a permanent for mana produces under the effects on mana (CR 106.12, 605.1b,
//! 616.1; docs/rules.md section 5).
//!
//! A tap's mana ability makes its units; replacement effects modify them in the order the
//! tapping player chooses (616.1): "twice as much of that mana" (Mana Reflection), "{B}
//! instead of any other type and amount" (Contamination). Every order is tried, so each
//! outcome a player could pick is an alternative of the source. Then the triggered mana
//! abilities of that tap add their mana at once (106.12a, 605.1b, 605.4a): Heartbeat of
//! Spring's "one mana of any type that land produced" is of a type the tap produced after the
//! replacements; no replacement of the tap's mana applies to it (it is not the tap's mana).
//!
//! A unit that may be one of several types ("one mana of any color") is one choice: doubled,
//! it is two mana of the type chosen, not two choices. So where an effect depends on the type
//! (a multiplier, "of any type that land produced", "if it produced the chosen color"), the
//! ability's units are first split into one alternative per choice of types.

use super::symbol::TypeSet;
use crate::board::SettledManaEffect;
use crate::vocab::effects::ManaChange;

/// Splitting a multi-type ability into its choices is refused past this many alternatives
/// (the multisets of its units' types: 126 for five units of any color; no printed ability
/// comes near), rather than letting a doubled choice be two choices.
pub(crate) const MAX_SPLIT: usize = 1296;

/// The alternatives one mana ability's `units` become under `effects` (those that affect this
/// permanent), each unit count capped at `most` per type set: no payment spends more than the
/// most its player could ever owe, so more units change nothing (and 3^12 of them, twelve
/// Nyxbloom Ancients, would fill memory). Without effects, the units as they are. Err with the
/// number of choices when splitting the units is past [`MAX_SPLIT`].
pub(super) fn produce(units: &[TypeSet], effects: &[&SettledManaEffect], most: usize) -> Result<Vec<Vec<TypeSet>>, usize> {
    if effects.is_empty() {
        return Ok(vec![units.to_vec()]);
    }
    let typed = effects
        .iter()
        .any(|e| matches!(e.change, ManaChange::Multiplies(_) | ManaChange::AddsSameType | ManaChange::Adds { if_produced: Some(_), .. }));
    let starts = if typed { split(units)? } else { vec![units.to_vec()] };
    let replacements: Vec<&ManaChange> =
        effects.iter().map(|e| &e.change).filter(|c| matches!(c, ManaChange::Multiplies(_) | ManaChange::Instead { .. })).collect();
    let mut out: Vec<Vec<TypeSet>> = Vec::new();
    for start in starts {
        for mut made in replaced(&start, &replacements, most) {
            // CR 106.12a, 605.1b: the tap's triggered mana abilities, each once.
            let produced = made.iter().fold(TypeSet::EMPTY, |acc, u| acc.union(*u));
            let mut added = Vec::new();
            for e in effects {
                match &e.change {
                    ManaChange::Adds { units, if_produced: None } => added.extend(units.iter().copied()),
                    ManaChange::Adds { units, if_produced: Some(t) } if made.iter().any(|u| *u == TypeSet::one(*t)) => {
                        added.extend(units.iter().copied())
                    }
                    ManaChange::AddsSameType if !produced.is_empty() => added.push(produced),
                    _ => {}
                }
            }
            made.extend(added);
            let made = capped(made, most);
            if !made.is_empty() && !out.contains(&made) {
                out.push(made);
            }
        }
    }
    Ok(out)
}

/// The types the tap could produce after the replacement effects among `effects`, in any
/// order (CR 106.7: what a land "could produce" takes them into account; triggered mana
/// abilities do not count).
pub(super) fn could_produce(units: &[TypeSet], effects: &[&SettledManaEffect]) -> TypeSet {
    let replacements: Vec<&ManaChange> = effects.iter().map(|e| &e.change).filter(|c| matches!(c, ManaChange::Instead { .. })).collect();
    replaced(units, &replacements, 1).iter().flatten().fold(TypeSet::EMPTY, |acc, u| acc.union(*u))
}

/// Every choice of one type per unit, as sorted units without repeats: identical units choose
/// a multiset of their types (C(n + k - 1, k - 1) for n units of k types, not k^n). Err with
/// the count past [`MAX_SPLIT`].
fn split(units: &[TypeSet]) -> Result<Vec<Vec<TypeSet>>, usize> {
    let mut groups: Vec<(TypeSet, usize)> = Vec::new();
    for u in units {
        match groups.iter_mut().find(|(s, _)| s == u) {
            Some((_, n)) => *n += 1,
            None => groups.push((*u, 1)),
        }
    }
    let count = groups.iter().try_fold(1usize, |acc, (s, n)| acc.checked_mul(super::multisets(*n, s.iter().count().max(1))?));
    match count {
        Some(c) if c <= MAX_SPLIT => {}
        c => return Err(c.unwrap_or(usize::MAX)),
    }
    let mut out: Vec<Vec<TypeSet>> = vec![vec![]];
    for (set, n) in groups {
        let types: Vec<TypeSet> = if set.iter().count() <= 1 { vec![set] } else { set.iter().map(TypeSet::one).collect() };
        let picks: Vec<Vec<TypeSet>> = super::compositions(n, types.len())
            .into_iter()
            .map(|counts| types.iter().zip(counts).flat_map(|(t, k)| std::iter::repeat_n(*t, k)).collect())
            .collect();
        out = out.iter().flat_map(|prefix| picks.iter().map(move |p| [prefix.as_slice(), p].concat())).collect();
    }
    for o in &mut out {
        o.sort();
    }
    Ok(out)
}

/// The outcomes of applying every replacement in `replacements` once, in every order the
/// player may choose (CR 616.1), in closed form. Multipliers commute with each other and with
/// "of that type instead, as much" (Infernal Darkness); "one mana instead" (Contamination)
/// resets the amount. So the last change of type decides the type (any of them may come last),
/// and after the last reset only the multipliers placed after it count (any subset of them);
/// without a reset, every multiplier counts. The plain enumeration of every order is the test.
fn replaced(start: &[TypeSet], replacements: &[&ManaChange], most: usize) -> Vec<Vec<TypeSet>> {
    if start.is_empty() || replacements.is_empty() {
        return vec![start.to_vec()];
    }
    let (mut factors, mut last_types, mut reset) = (Vec::new(), Vec::new(), false);
    for r in replacements {
        match **r {
            ManaChange::Multiplies(n) => factors.push(n as usize),
            ManaChange::Instead { mana, keep_amount } => {
                reset |= !keep_amount;
                if !last_types.contains(&mana) {
                    last_types.push(mana);
                }
            }
            _ => {}
        }
    }
    // Amounts are capped at `most` per type set, which commutes with multiplying.
    let times = |k: usize, f: usize| k.saturating_mul(f).min(most);
    let mut out: Vec<Vec<TypeSet>> = Vec::new();
    if reset {
        let mut amounts = vec![1usize.min(most)];
        for f in &factors {
            for a in amounts.clone() {
                if !amounts.contains(&times(a, *f)) {
                    amounts.push(times(a, *f));
                }
            }
        }
        for t in &last_types {
            for a in &amounts {
                out.push(vec![TypeSet::one(*t); *a]);
            }
        }
        return out;
    }
    let factor = factors.iter().fold(1usize, |acc, f| acc.saturating_mul(*f));
    if last_types.is_empty() {
        return vec![capped(start.iter().flat_map(|u| std::iter::repeat_n(*u, factor.min(most))).collect(), most)];
    }
    let amount = times(start.len(), factor);
    last_types.iter().map(|t| vec![TypeSet::one(*t); amount]).collect()
}

/// At most `most` units of each type set, sorted.
fn capped(mut units: Vec<TypeSet>, most: usize) -> Vec<TypeSet> {
    units.sort();
    let mut out: Vec<TypeSet> = Vec::with_capacity(units.len().min(most.saturating_mul(2)));
    let mut run = 0;
    for (i, u) in units.iter().enumerate() {
        run = if i > 0 && units[i - 1] == *u { run + 1 } else { 1 };
        if run <= most {
            out.push(*u);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::symbol::ManaType::{self, *};

    fn effect(change: ManaChange) -> SettledManaEffect {
        SettledManaEffect { tapped: vec![0], change, source: "test".into() }
    }
    fn units(ts: &[ManaType]) -> Vec<TypeSet> {
        let mut v: Vec<TypeSet> = ts.iter().map(|t| TypeSet::one(*t)).collect();
        v.sort();
        v
    }
    fn run(base: &[TypeSet], changes: &[ManaChange]) -> Vec<Vec<TypeSet>> {
        let es: Vec<SettledManaEffect> = changes.iter().cloned().map(effect).collect();
        let refs: Vec<&SettledManaEffect> = es.iter().collect();
        let mut out = produce(base, &refs, 1000).expect("within the split limit");
        out.sort();
        out
    }

    #[test]
    fn cr_106_12b_mana_reflection_doubles_each_choice_of_a_dual_land() {
        let dual = [TypeSet::one(R).union(TypeSet::one(W))];
        assert_eq!(run(&dual, &[ManaChange::Multiplies(2)]), vec![units(&[W, W]), units(&[R, R])]);
    }

    #[test]
    fn cr_616_1_reflection_and_nyxbloom_make_six_in_either_order() {
        let forest = [TypeSet::one(G)];
        assert_eq!(run(&forest, &[ManaChange::Multiplies(2), ManaChange::Multiplies(3)]), vec![units(&[G; 6])]);
    }

    #[test]
    fn cr_616_1_contamination_and_reflection_give_the_player_the_order() {
        // Reflection first, then Contamination: {B}; Contamination first: {B}{B}.
        let plains = [TypeSet::one(W)];
        let got = run(&plains, &[ManaChange::Multiplies(2), ManaChange::Instead { mana: B, keep_amount: false }]);
        assert_eq!(got, vec![units(&[B]), units(&[B, B])]);
        // Infernal Darkness keeps the amount: Sol Ring makes {B}{B}.
        let sol = [TypeSet::one(C), TypeSet::one(C)];
        assert_eq!(run(&sol, &[ManaChange::Instead { mana: B, keep_amount: true }]), vec![units(&[B, B])]);
    }

    #[test]
    fn cr_605_1b_heartbeat_adds_a_type_the_tap_produced_after_replacements() {
        // City of Brass-like any color: the extra mana is of the color chosen.
        let any = [TypeSet::ANY_COLOR];
        let got = run(&any, &[ManaChange::AddsSameType]);
        assert_eq!(got.len(), 5);
        assert!(got.iter().all(|o| o.len() == 2 && o[0] == o[1]));
        // Under Contamination the Plains made {B}: Heartbeat adds {B}. Under Reflection too,
        // the trigger's mana is not doubled: {G}{G}{G}.
        let got = run(&[TypeSet::one(W)], &[ManaChange::Instead { mana: B, keep_amount: false }, ManaChange::AddsSameType]);
        assert_eq!(got, vec![units(&[B, B])]);
        let got = run(&[TypeSet::one(G)], &[ManaChange::Multiplies(2), ManaChange::AddsSameType]);
        assert_eq!(got, vec![units(&[G, G, G])]);
    }

    #[test]
    fn cr_605_1b_caged_sun_adds_only_when_the_chosen_color_was_produced() {
        let caged = ManaChange::Adds { units: vec![TypeSet::one(R)], if_produced: Some(R) };
        assert_eq!(run(&[TypeSet::one(G)], std::slice::from_ref(&caged)), vec![units(&[G])]);
        let dual = [TypeSet::one(R).union(TypeSet::one(G))];
        let mut want = vec![units(&[R, R]), units(&[G])];
        want.sort();
        assert_eq!(run(&dual, &[caged]), want);
    }

    #[test]
    fn units_past_what_can_be_owed_are_not_kept() {
        let es = [effect(ManaChange::Multiplies(100)), effect(ManaChange::Multiplies(100))];
        let refs: Vec<&SettledManaEffect> = es.iter().collect();
        assert_eq!(produce(&[TypeSet::one(G)], &refs, 7), Ok(vec![units(&[G; 7])]));
    }

    #[test]
    fn a_split_counts_multisets_and_is_refused_past_its_limit() {
        let reflection = [effect(ManaChange::Multiplies(2))];
        let refs: Vec<&SettledManaEffect> = reflection.iter().collect();
        // Five units of any color: C(9, 4) = 126 choices, each doubled.
        let five = produce(&[TypeSet::ANY_COLOR; 5], &refs, 1000).expect("within the limit");
        assert_eq!(five.len(), 126);
        assert!(five.iter().all(|o| o.len() == 10));
        // Twelve: C(16, 4) = 1,820, past the limit: refused, not approximated.
        assert_eq!(produce(&[TypeSet::ANY_COLOR; 12], &refs, 1000), Err(1820));
    }

    #[test]
    fn cr_106_7_could_produce_after_contamination() {
        let es = [effect(ManaChange::Instead { mana: B, keep_amount: false })];
        let refs: Vec<&SettledManaEffect> = es.iter().collect();
        assert_eq!(could_produce(&[TypeSet::one(W)], &refs), TypeSet::one(B));
        assert_eq!(could_produce(&[TypeSet::one(W)], &[]), TypeSet::one(W));
    }

    /// The reference: every permutation of the replacements applied one after another, each
    /// choice of types tried, then the triggers, nothing capped: the same set of outcomes as
    /// the subset search, on 3,000 pseudo-random taps.
    #[test]
    fn cr_616_1_every_order_agrees_with_a_plain_enumeration() {
        use itertools::Itertools;
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let sets = [TypeSet::one(W), TypeSet::one(G), TypeSet::one(C), TypeSet::one(R).union(TypeSet::one(G)), TypeSet::ANY_COLOR];
        for _ in 0..3000 {
            let base: Vec<TypeSet> = (0..1 + next(2)).map(|_| sets[next(5) as usize]).collect();
            let changes: Vec<ManaChange> = (0..next(6))
                .map(|_| match next(6) {
                    0 => ManaChange::Multiplies(2 + next(2) as u32),
                    1 => ManaChange::Instead { mana: B, keep_amount: next(2) == 0 },
                    2 => ManaChange::Instead { mana: R, keep_amount: next(2) == 0 },
                    3 => ManaChange::AddsSameType,
                    4 => ManaChange::Adds { units: vec![TypeSet::one(G)], if_produced: None },
                    _ => ManaChange::Adds { units: vec![TypeSet::one(R)], if_produced: Some(R) },
                })
                .collect();
            let mut got = run(&base, &changes);
            for o in &mut got {
                o.sort();
            }
            got.sort();
            // The plain way.
            let choices: Vec<Vec<TypeSet>> = base.iter().map(|u| u.iter().map(TypeSet::one).collect()).collect();
            let reps: Vec<&ManaChange> = changes.iter().filter(|c| matches!(c, ManaChange::Multiplies(_) | ManaChange::Instead { .. })).collect();
            let mut want: Vec<Vec<TypeSet>> = Vec::new();
            for pick in choices.iter().multi_cartesian_product() {
                for order in reps.iter().permutations(reps.len()) {
                    let mut made: Vec<TypeSet> = pick.iter().map(|u| **u).collect();
                    for r in order {
                        made = match **r {
                            ManaChange::Multiplies(n) => made.iter().flat_map(|u| std::iter::repeat_n(*u, n as usize)).collect(),
                            ManaChange::Instead { mana, keep_amount: true } => vec![TypeSet::one(mana); made.len()],
                            ManaChange::Instead { mana, keep_amount: false } => vec![TypeSet::one(mana)],
                            _ => made,
                        };
                    }
                    let produced = made.iter().fold(TypeSet::EMPTY, |a, u| a.union(*u));
                    let mut extra = Vec::new();
                    for c in &changes {
                        match c {
                            ManaChange::Adds { units, if_produced: None } => extra.extend(units.iter().copied()),
                            ManaChange::Adds { units, if_produced: Some(t) } if produced.contains(*t) => extra.extend(units.iter().copied()),
                            ManaChange::AddsSameType => extra.push(produced),
                            _ => {}
                        }
                    }
                    made.extend(extra);
                    made.sort();
                    if !want.contains(&made) {
                        want.push(made);
                    }
                }
            }
            want.sort();
            // Without an effect that depends on the type, a choice stays one unit of its set:
            // compare by what each outcome could pay, type by type.
            let typed = changes
                .iter()
                .any(|c| matches!(c, ManaChange::Multiplies(_) | ManaChange::AddsSameType | ManaChange::Adds { if_produced: Some(_), .. }));
            if typed || base.iter().all(|u| u.iter().count() == 1) {
                assert_eq!(got, want, "{base:?} under {changes:?}");
            } else {
                let spread = |v: &Vec<Vec<TypeSet>>| v.iter().map(|o| o.len()).collect::<std::collections::BTreeSet<_>>();
                assert_eq!(spread(&got), spread(&want), "{base:?} under {changes:?}");
            }
        }
    }
}
