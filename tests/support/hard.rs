//! Boards on which deciding legality is hard: an attack-side analogue of the coNP-hardness
//! construction of Chatterjee and Ibsen-Jensen ("The complexity of deciding legality of a single
//! step of Magic: the Gathering", ECAI 2016), who reduce EXACT COVER to the legality of a
//! declaration of attackers/blockers.
//!
//! Use from a test crate with
//! ```ignore
//! #[path = "support/hard.rs"]
//! mod hard;
//! ```
//!
//! # The reduction
//!
//! An instance of EXACT COVER BY 3-SETS (X3C): a universe `{0, ..., m-1}` with `m = 3q` and
//! sets `S_0, ..., S_{k-1}`, each of three elements. Is there a choice of sets covering every
//! element exactly once (necessarily `q` of them)?
//!
//! The board (docs/format.md format, "attack multiple players"):
//!
//! * the active player `A`; one defending player `S{i}` per set, and one more, `Z`;
//! * per set a creature `c{i}` of `A` that may attack only `S{i}` (a `cant_attack` effect whose
//!   target is every other defending player): "`c{i}` attacks" means "set i is chosen";
//! * per element `e`, with `T_e = {S{i} : e ∈ S_i}` the players of the sets containing it:
//!   - a cap `max_attackers` count 1 with target `{players: T_e}` (at most one chosen set
//!     contains e: the chosen sets are disjoint; a per-player cap when `e` lies in one set);
//!   - a player requirement `player_attacks_if_able` {player: A, target: {players: T_e}}
//!     ("someone attacks one of these players": some chosen set contains e);
//! * every set creature "can't attack unless at least q-1 other creatures attack"
//!   (`min_other_attackers` count q-1): a cover needs exactly q sets, so this removes no exact
//!   cover but forbids small partial covers, which weakens the linear relaxation;
//! * a decoy creature `decoy` of `A` that may attack only `Z` (so it obeys no element's
//!   requirement), carries `m - 1` separate
//!   "attacks each combat if able" requirements, and "can only attack alone"
//!   (`attacks_only_alone`).
//!
//! Declarations are then: the decoy alone (obeys `m - 1` requirements), or a set of disjoint
//! chosen sets of size 0 or at least q, which obeys one requirement per covered element, so `m`
//! exactly when it is an exact cover. Hence the maximum is `m` if an exact cover exists and
//! `m - 1` otherwise, and the declaration "decoy attacks Z" is **legal if and only if the
//! instance has no exact cover**: deciding legality is coNP-hard, even with no costs and no
//! mana. [`has_exact_cover`] answers the instance directly (backtracking), so tests know the
//! truth independently of both attackopt methods.
//!
//! The exhaustive checker sees `2^(k+1)` declarations, so instances with k ≤ 19 are within its
//! 2,000,000 limit; larger ones (k up to 62, the player limit) are for the time-limit
//! tests. Instances come either with a planted exact cover (yes) or are random (usually no, and
//! [`has_exact_cover`] says which).

#![allow(dead_code)]

use serde_json::{json, Value};

/// An X3C instance: `m = 3q` elements, sets of three distinct elements.
#[derive(Debug, Clone)]
pub struct Instance {
    pub m: usize,
    pub sets: Vec<[usize; 3]>,
}

/// A small deterministic generator (splitmix64), so boards are the same on every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = self.below(i + 1);
            xs.swap(i, j);
        }
    }
}

fn random_triple(rng: &mut Rng, m: usize) -> [usize; 3] {
    loop {
        let t = [rng.below(m), rng.below(m), rng.below(m)];
        if t[0] != t[1] && t[1] != t[2] && t[0] != t[2] {
            let mut t = t;
            t.sort_unstable();
            return t;
        }
    }
}

/// `k` random sets over `3q` elements; with `planted`, the first `q` sets (then shuffled in)
/// are an exact cover.
pub fn instance(q: usize, k: usize, planted: bool, seed: u64) -> Instance {
    let m = 3 * q;
    let mut rng = Rng::new(seed);
    let mut sets = Vec::new();
    if planted {
        let mut elems: Vec<usize> = (0..m).collect();
        rng.shuffle(&mut elems);
        for c in elems.chunks(3) {
            let mut t = [c[0], c[1], c[2]];
            t.sort_unstable();
            sets.push(t);
        }
    }
    while sets.len() < k {
        sets.push(random_triple(&mut rng, m));
    }
    rng.shuffle(&mut sets);
    Instance { m, sets }
}

/// An exact cover (indices of the chosen sets), found by backtracking on the smallest uncovered
/// element, or None.
pub fn exact_cover(inst: &Instance) -> Option<Vec<usize>> {
    fn go(inst: &Instance, covered: &mut Vec<bool>, chosen: &mut Vec<usize>) -> bool {
        let Some(e) = covered.iter().position(|c| !c) else { return true };
        for (i, s) in inst.sets.iter().enumerate() {
            if s.contains(&e) && s.iter().all(|&x| !covered[x]) {
                for &x in s {
                    covered[x] = true;
                }
                chosen.push(i);
                if go(inst, covered, chosen) {
                    return true;
                }
                chosen.pop();
                for &x in s {
                    covered[x] = false;
                }
            }
        }
        false
    }
    let mut chosen = Vec::new();
    go(inst, &mut vec![false; inst.m], &mut chosen).then_some(chosen)
}

/// Whether the instance has an exact cover.
pub fn has_exact_cover(inst: &Instance) -> bool {
    exact_cover(inst).is_some()
}

/// The board of the reduction (module documentation). Players: `A`, then `S0`.. `S{k-1}`.
pub fn board(inst: &Instance) -> Value {
    let k = inst.sets.len();
    let q = inst.m / 3;
    assert!(k + 2 <= 64, "at most 62 sets (the player limit)");
    let set_player = |i: usize| format!("S{i}");
    let mut players = vec![json!({ "id": "A" })];
    players.extend((0..k).map(|i| json!({ "id": set_player(i) })));
    players.push(json!({ "id": "Z" }));
    let mut permanents = Vec::new();
    let mut effects = Vec::new();
    for i in 0..k {
        permanents.push(json!({ "id": format!("c{i}"), "name": format!("Set {i} {:?}", inst.sets[i]),
                                "controller": "A", "types": ["Creature"], "power": 1, "toughness": 1 }));
        let mut others: Vec<String> = (0..k).filter(|&j| j != i).map(set_player).collect();
        others.push("Z".to_string());
        effects.push(json!({ "kind": "cant_attack", "creatures": [format!("c{i}")],
                             "target": { "players": others }, "source": format!("set {i} only") }));
    }
    permanents.push(json!({ "id": "decoy", "name": "Decoy", "controller": "A", "types": ["Creature"],
                            "power": 1, "toughness": 1 }));
    let all_sets: Vec<String> = (0..k).map(set_player).collect();
    effects.push(json!({ "kind": "cant_attack", "creatures": ["decoy"], "target": { "players": all_sets },
                         "source": "the decoy attacks only Z" }));
    for e in 0..inst.m {
        let holders: Vec<String> = (0..k).filter(|&i| inst.sets[i].contains(&e)).map(set_player).collect();
        if holders.is_empty() {
            continue; // an element in no set: no cover exists, and the decoy's m-1 is the maximum
        }
        effects.push(json!({ "kind": "max_attackers", "count": 1, "target": { "players": holders },
                             "source": format!("element {e}: covered at most once") }));
        effects.push(json!({ "kind": "player_attacks_if_able", "player": "A", "target": { "players": holders },
                             "source": format!("element {e}: covered") }));
    }
    if q >= 2 {
        let set_creatures: Vec<String> = (0..k).map(|i| format!("c{i}")).collect();
        effects.push(json!({ "kind": "min_other_attackers", "creatures": set_creatures, "count": q - 1,
                             "source": "a cover takes q sets" }));
    }
    for r in 0..inst.m.saturating_sub(1) {
        effects.push(json!({ "kind": "attacks_if_able", "creatures": ["decoy"], "source": format!("decoy requirement {r}") }));
    }
    effects.push(json!({ "kind": "attacks_only_alone", "creatures": ["decoy"], "source": "decoy attacks alone" }));
    json!({ "attackopt": 1, "active_player": "A", "players": players, "permanents": permanents, "effects": effects })
}

/// The declaration whose legality is the complement of the instance: the decoy attacks `Z`.
pub fn decoy_declaration() -> Value {
    json!({ "attacks": [ { "creature": "decoy", "target": "Z" } ] })
}

/// A declaration choosing the given sets (each `c{i}` attacks `S{i}`).
pub fn sets_declaration(chosen: &[usize]) -> Value {
    json!({ "attacks": chosen.iter().map(|i| json!({ "creature": format!("c{i}"), "target": format!("S{i}") })).collect::<Vec<_>>() })
}

/// The maximum number of requirements (both baselines: no costs): `m` with a cover, else `m-1`.
pub fn expected_max(inst: &Instance) -> usize {
    if has_exact_cover(inst) {
        inst.m
    } else {
        inst.m.saturating_sub(1)
    }
}
