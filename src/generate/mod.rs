//! Reproducible random boards for benchmarks and tests (`attackopt generate`, issue 4).
//!
//! [`generate`] builds a [`Board`] (the serde form of docs/format.md) from a player count, a creature
//! count, a seed and a [`Profile`]. The random numbers come from a splitmix64 generator written
//! here, not from a crate, so a board depends only on its four parameters and this file: a
//! dependency bump never changes a benchmark's input.
//!
//! Every generated board parses with no warnings, and has a legal declaration (the empty
//! declaration obeys every restriction, so a declaration obeying the maximum exists).
//!
//! Profiles:
//! - `commander`: the active player's N creatures are tokens in a few dozen kinds (same name,
//!   power, keywords, goad within a kind), a few Llanowar Elves among them; several kinds goaded
//!   by one to three opponents; three taxes on different opponents (Propaganda, Ghostly Prison,
//!   and Norn's Annex or Sphere of Safety); a global cap on attackers (an explicit
//!   `max_attackers`) and Crawlspace; lands, Sol Ring and a mana rock for the active player;
//!   planeswalkers for some opponents; a few `attacks_if_able` effects on kinds (one of them
//!   aimed at a player), and Trove of Temptation on larger tables.
//! - `tokens`: two to four kinds of identical hasty tokens, one goaded, one tax, a few lands.
//! - `adversarial`: pairwise-different creatures (distinct powers 1..=N, random goad sets,
//!   keywords) with heavy coupling: `min_other_attackers` (counts 1 to 4) and
//!   `attacks_only_alone` on some creatures, a global cap and a cap per opponent,
//!   `player_attacks_if_able` towards up to three opponents, `attacks_if_able` with and without
//!   targets and `attacks_player_other_than_if_able` on small groups, `cant_attack` a player on
//!   small groups, `attack_cost` ({1}, {2}, {W/P}) on groups, and Propaganda.
//! - `combat`: the declare blockers step (docs/blocks.md). The active player's N creatures are
//!   tokens in a few dozen kinds (flying, menace, vigilance), all attacking: each kind a random
//!   opponent or that opponent's planeswalker; the opponents share N potential blockers, tokens
//!   in kinds of their own (flying, reach; some tapped), with `blocks_if_able` on a kind of
//!   each opponent, `cant_block` on one kind, and `lure` on one attacker. Its `combat` lists
//!   the attacks; with one player there is no opponent and no attack.
//!
//! Players are `A`, `B`, ... (`P27`... past 26); the active player is the first. `players` is
//! clamped to 1..=64 (MAX_PLAYERS) and `creatures` to 90,000 (MAX_PERMANENTS leaves room for
//! the other permanents).

use crate::board::{Attack, Board, Combat, Effect, ManaAbilitySpec, Permanent, Player, Variant, MAX_PLAYERS};
use serde_json::{json, Value};

/// The kind of board to generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Profile {
    /// A Commander table: tokens in a few dozen kinds, goad, taxes, caps, mana.
    Commander,
    /// Two to four kinds of identical hasty tokens, one goaded, one tax.
    Tokens,
    /// Pairwise-different creatures with heavily coupled requirements and restrictions.
    Adversarial,
    /// A combat at the declare blockers step (docs/blocks.md): N attackers declared, as many
    /// potential blockers among the defending players.
    Combat,
}

impl Profile {
    /// Every profile, in a fixed order.
    pub const ALL: [Profile; 4] = [Profile::Commander, Profile::Tokens, Profile::Adversarial, Profile::Combat];

    /// `commander`, `tokens`, `adversarial` or `combat` (any case).
    pub fn parse(s: &str) -> Result<Profile, String> {
        match s.to_ascii_lowercase().as_str() {
            "commander" => Ok(Profile::Commander),
            "tokens" => Ok(Profile::Tokens),
            "adversarial" => Ok(Profile::Adversarial),
            "combat" => Ok(Profile::Combat),
            _ => Err(format!("expected a profile commander, tokens, adversarial or combat, found \"{s}\"")),
        }
    }

    /// The profile's name, as [`Profile::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Commander => "commander",
            Profile::Tokens => "tokens",
            Profile::Adversarial => "adversarial",
            Profile::Combat => "combat",
        }
    }
}

impl std::fmt::Display for Profile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Profile {
    type Err = String;
    fn from_str(s: &str) -> Result<Profile, String> {
        Profile::parse(s)
    }
}

/// The most creatures a generated board gets.
pub const MAX_CREATURES: usize = 90_000;

/// A random board; see the module documentation.
pub fn generate(players: usize, creatures: usize, seed: u64, profile: Profile) -> Board {
    let players = players.clamp(1, MAX_PLAYERS);
    let creatures = creatures.min(MAX_CREATURES);
    // Each profile draws from its own stream, so the profiles of one seed are unrelated.
    let salt = match profile {
        Profile::Commander => 0xc0aa_u64,
        Profile::Tokens => 0x70c3_u64,
        Profile::Adversarial => 0xad5e_u64,
        Profile::Combat => 0xc0b7_u64,
    };
    let mut g = Gen::new(players, seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    match profile {
        Profile::Commander => g.commander(creatures),
        Profile::Tokens => g.tokens(creatures),
        Profile::Adversarial => g.adversarial(creatures),
        Profile::Combat => {
            let attacks = g.combat(creatures);
            let mut board = g.finish();
            board.combat = Some(Combat { attacks });
            return board;
        }
    }
    g.finish()
}

/// splitmix64 (Steele, Lea, Flood 2014): small, fast, and fixed forever here.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next number, uniform over u64.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in 0..n (n > 0); the tiny modulo bias does not matter here.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "below(0)");
        (self.next_u64() % n as u64) as usize
    }
    /// Uniform in lo..=hi.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
    /// A uniformly chosen element of `xs` (not empty).
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
    /// Shuffle `xs` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            let j = self.below(i + 1);
            xs.swap(i, j);
        }
    }
    /// `k` distinct elements of `xs` (all of them if k ≥ len), in random order.
    pub fn sample<T: Clone>(&mut self, xs: &[T], k: usize) -> Vec<T> {
        let mut v = xs.to_vec();
        self.shuffle(&mut v);
        v.truncate(k);
        v
    }
}

const KIND_SUBTYPES: [&str; 36] = [
    "Goblin",
    "Soldier",
    "Zombie",
    "Saproling",
    "Elf",
    "Warrior",
    "Thopter",
    "Spirit",
    "Knight",
    "Human",
    "Cat",
    "Bird",
    "Insect",
    "Wolf",
    "Beast",
    "Elemental",
    "Angel",
    "Dragon",
    "Vampire",
    "Rat",
    "Squirrel",
    "Servo",
    "Construct",
    "Myr",
    "Illusion",
    "Faerie",
    "Golem",
    "Pirate",
    "Dinosaur",
    "Merfolk",
    "Ogre",
    "Treefolk",
    "Snake",
    "Bat",
    "Ape",
    "Devil",
];
const BASICS: [&str; 5] = ["Plains", "Island", "Swamp", "Mountain", "Forest"];
const COLORS: [&str; 5] = ["W", "U", "B", "R", "G"];
const WALKERS: [&str; 6] = ["Jace Beleren", "Chandra Nalaar", "Liliana Vess", "Garruk Wildspeaker", "Ajani Goldmane", "Teferi, Hero of Dominaria"];

/// A token kind: everything its members share.
struct Kind {
    subtype: String,
    power: i64,
    keywords: Vec<String>,
    color: &'static str,
    summoning_sick: bool,
    goaded_by: Vec<String>,
}

struct Gen {
    rng: Rng,
    players: Vec<Player>,
    permanents: Vec<Permanent>,
    effects: Vec<Effect>,
}

fn player_id(i: usize, n: usize) -> String {
    if n <= 26 {
        ((b'A' + i as u8) as char).to_string()
    } else {
        format!("P{}", i + 1)
    }
}

fn permanent(id: String, name: &str, controller: &str, types: &[&str]) -> Permanent {
    Permanent::new(id, name, controller, types)
}

fn effect(kind: &str, source: &str) -> Effect {
    Effect {
        kind: kind.to_string(),
        creatures: None,
        attackers: None,
        blockers: None,
        attacker: None,
        target: None,
        player: None,
        count: None,
        per: None,
        cost: None,
        others: None,
        greater_power: None,
        if_other_attacks: None,
        as_though: None,
        permanents: None,
        sacrifice: None,
        return_to_hand: None,
        tapped: None,
        add: None,
        if_produced: None,
        keep_amount: None,
        source: Some(source.to_string()),
    }
}

fn ids(v: &[String]) -> Value {
    Value::Array(v.iter().map(|s| Value::String(s.clone())).collect())
}

impl Gen {
    fn new(n: usize, seed: u64) -> Gen {
        let players = (0..n).map(|i| Player { id: player_id(i, n), life: 40, ..Player::default() }).collect();
        Gen { rng: Rng::new(seed), players, permanents: vec![], effects: vec![] }
    }

    fn finish(self) -> Board {
        Board {
            attackopt: 1,
            variant: Variant::default(),
            active_player: self.players[0].id.clone(),
            attacked_this_turn: 0,
            extra_turn: None,
            players: self.players,
            permanents: self.permanents,
            effects: self.effects,
            left_the_game: vec![],
            import: None,
            combat: None,
        }
    }

    fn active(&self) -> String {
        self.players[0].id.clone()
    }
    fn opponents(&self) -> Vec<String> {
        self.players[1..].iter().map(|p| p.id.clone()).collect()
    }

    /// A permanent named `name` (a catalog card or not) controlled by `who`.
    fn card(&mut self, id: String, name: &str, who: &str, types: &[&str]) {
        self.permanents.push(permanent(id, name, who, types));
    }

    /// The active player's mana: `lands` basic lands, Sol Ring, and an any-color rock.
    fn mana(&mut self, lands: usize) {
        let a = self.active();
        for i in 0..lands {
            let basic = *self.rng.pick(&BASICS);
            let mut p = permanent(format!("land{i}"), basic, &a, &["Land"]);
            p.subtypes = vec![basic.to_string()];
            self.permanents.push(p);
        }
        self.card("sol_ring".into(), "Sol Ring", &a, &["Artifact"]);
        let mut rock = permanent("signet".into(), "Arcane Signet", &a, &["Artifact"]);
        rock.mana = vec![ManaAbilitySpec { add: json!("any_color"), untap: false }];
        self.permanents.push(rock);
    }

    /// A planeswalker for each opponent with probability `percent`.
    fn planeswalkers(&mut self, percent: u64) {
        for o in self.opponents() {
            if self.rng.chance(percent) {
                let name = *self.rng.pick(&WALKERS);
                self.card(format!("pw_{o}"), name, &o, &["Planeswalker"]);
            }
        }
    }

    /// Creature sizes of `kinds` kinds summing to `n`, each at least 1 (n ≥ kinds), skewed.
    fn sizes(&mut self, n: usize, kinds: usize) -> Vec<usize> {
        let mut sizes = vec![1usize; kinds];
        let weights: Vec<usize> = (0..kinds).map(|_| 1 + self.rng.below(10)).collect();
        let total: usize = weights.iter().sum();
        let rest = n - kinds;
        let mut given = 0;
        for k in 0..kinds {
            let s = rest * weights[k] / total;
            sizes[k] += s;
            given += s;
        }
        for k in 0..rest - given {
            sizes[k % kinds] += 1;
        }
        sizes
    }

    /// The tokens of one kind: ids `t{start}`... ; returns their ids.
    fn tokens_of(&mut self, kind: &Kind, count: usize, start: usize) -> Vec<String> {
        let a = self.active();
        (start..start + count)
            .map(|i| {
                let id = format!("t{i}");
                let mut p = permanent(id.clone(), &format!("{} Token", kind.subtype), &a, &["Creature"]);
                p.subtypes = vec![kind.subtype.clone()];
                p.colors = vec![kind.color.to_string()];
                p.power = kind.power;
                p.toughness = kind.power.max(1);
                p.keywords = kind.keywords.clone();
                p.summoning_sick = kind.summoning_sick;
                p.goaded_by = kind.goaded_by.clone();
                self.permanents.push(p);
                id
            })
            .collect()
    }

    fn kind(&mut self, k: usize, goad_percent: u64, sick_percent: u64) -> Kind {
        let subtype = if k < KIND_SUBTYPES.len() { KIND_SUBTYPES[k].to_string() } else { format!("{}{k}", KIND_SUBTYPES[k % 36]) };
        let mut keywords = vec![];
        for (kw, pc) in [("Haste", 30), ("Vigilance", 15), ("Flying", 25)] {
            if self.rng.chance(pc) {
                keywords.push(kw.to_string());
            }
        }
        let opp = self.opponents();
        let goaded_by = if !opp.is_empty() && self.rng.chance(goad_percent) {
            let how_many = self.rng.range(1, opp.len().min(3));
            self.rng.sample(&opp, how_many)
        } else {
            vec![]
        };
        let color = *self.rng.pick(&COLORS);
        Kind { subtype, power: self.rng.range(1, 4) as i64, keywords, color, summoning_sick: self.rng.chance(sick_percent), goaded_by }
    }

    fn commander(&mut self, n: usize) {
        let a = self.active();
        let opp = self.opponents();
        // A few Llanowar Elves among the creatures on larger boards (never grouped: they pay).
        let elves = if n >= 50 { 3 } else { 0 };
        let tokens = n - elves;
        let kinds = if tokens == 0 { 0 } else { tokens.min((12 + n / 100).min(36)).max(1) };
        let sizes = if kinds == 0 { vec![] } else { self.sizes(tokens, kinds) };
        let mut start = 0;
        let mut kind_list = Vec::new();
        for (k, &size) in sizes.iter().enumerate() {
            let kind = self.kind(k, 35, 12);
            self.tokens_of(&kind, size, start);
            start += size;
            kind_list.push(kind);
        }
        for i in 0..elves {
            let mut p = permanent(format!("elf{i}"), "Llanowar Elves", &a, &["Creature"]);
            p.subtypes = vec!["Elf".into(), "Druid".into()];
            p.colors = vec!["G".into()];
            p.power = 1;
            p.toughness = 1;
            self.permanents.push(p);
        }
        self.mana(10 + (n / 250).min(30));
        self.planeswalkers(50);
        if opp.is_empty() {
            return;
        }
        // Three taxes on different opponents (the same one when there are fewer).
        let o = |i: usize| opp[i % opp.len()].clone();
        self.card("propaganda".into(), "Propaganda", &o(0), &["Enchantment"]);
        self.card("ghostly_prison".into(), "Ghostly Prison", &o(1), &["Enchantment"]);
        if self.rng.chance(50) {
            self.card("norns_annex".into(), "Norn's Annex", &o(2), &["Artifact", "Creature"]);
        } else {
            self.card("sphere".into(), "Sphere of Safety", &o(2), &["Enchantment"]);
        }
        // Caps: Crawlspace on an untaxed opponent when there is one, and a global cap.
        self.card("crawlspace".into(), "Crawlspace", &o(3), &["Artifact"]);
        let mut cap = effect("max_attackers", "generated global cap");
        cap.count = Some((n as u32 / 2).max(1));
        self.effects.push(cap);
        if opp.len() >= 3 {
            self.card("trove".into(), "Trove of Temptation", &o(opp.len() - 1), &["Enchantment"]);
        }
        // A few "attacks each combat if able" on kinds, one aimed at a player.
        if !kind_list.is_empty() {
            for (i, source) in ["Fumiko the Lowblood", "Bident of Thassa", "Alluring Siren"].iter().enumerate() {
                let k = self.rng.below(kind_list.len());
                let mut e = effect("attacks_if_able", source);
                e.creatures = Some(json!({ "controller": a, "subtype": kind_list[k].subtype }));
                if i == 2 {
                    let target = self.rng.pick(&opp).clone();
                    e.target = Some(json!({ "players": [target] }));
                }
                self.effects.push(e);
            }
        }
    }

    fn tokens(&mut self, n: usize) {
        let opp = self.opponents();
        let kinds = n.min(2 + self.rng.below(3));
        let sizes = if kinds == 0 { vec![] } else { self.sizes(n, kinds) };
        let mut start = 0;
        for (k, &size) in sizes.iter().enumerate() {
            let mut kind = self.kind(k, 0, 0);
            kind.keywords = vec!["Haste".into()];
            if k == 0 && !opp.is_empty() {
                kind.goaded_by = vec![opp[0].clone()];
            }
            self.tokens_of(&kind, size, start);
            start += size;
        }
        self.mana(5);
        if !opp.is_empty() {
            let o = opp[opp.len() - 1].clone();
            self.card("propaganda".into(), "Propaganda", &o, &["Enchantment"]);
        }
    }

    fn adversarial(&mut self, n: usize) {
        let a = self.active();
        let opp = self.opponents();
        let mut powers: Vec<i64> = (1..=n as i64).collect();
        self.rng.shuffle(&mut powers);
        let mut all = Vec::with_capacity(n);
        for (i, &power) in powers.iter().enumerate() {
            let id = format!("c{i}");
            let mut p = permanent(id.clone(), &format!("Creature {i}"), &a, &["Creature"]);
            p.power = power;
            p.toughness = 1 + self.rng.below(5) as i64;
            p.colors = vec![self.rng.pick(&COLORS).to_string()];
            for (kw, pc) in [("Vigilance", 10), ("Flying", 20)] {
                if self.rng.chance(pc) {
                    p.keywords.push(kw.to_string());
                }
            }
            if self.rng.chance(5) {
                p.summoning_sick = true;
                if self.rng.chance(50) {
                    p.keywords.push("Haste".into());
                }
            }
            if !opp.is_empty() && self.rng.chance(40) {
                let k = self.rng.range(1, opp.len().min(3));
                p.goaded_by = self.rng.sample(&opp, k);
            }
            self.permanents.push(p);
            all.push(id);
        }
        self.mana(10 + (n / 100).min(30));
        self.planeswalkers(50);
        if n == 0 || opp.is_empty() {
            return;
        }
        // Disjoint random groups of creatures for the effects below.
        let mut order = all.clone();
        self.rng.shuffle(&mut order);
        let mut cursor = 0;
        let mut take = |k: usize| -> Vec<String> {
            let k = k.min(n - cursor.min(n));
            let v = order[cursor..cursor + k].to_vec();
            cursor += k;
            v
        };
        // "Can't attack unless k others attack" (CR 506.5), counts 1 to 4, on 10%.
        let mut mins: Vec<Vec<String>> = vec![vec![]; 4];
        for id in take(n.div_ceil(10)) {
            let k = self.rng.below(4);
            mins[k].push(id);
        }
        // "Can only attack alone" on 1% (at least one).
        let alone = take(n.div_ceil(100));
        let req_any = take(n * 15 / 100);
        let other_than = take(n * 5 / 100);
        let cant = take(n * 10 / 100);
        let costly = take(n * 15 / 100);
        for (k, group) in mins.iter().enumerate() {
            if !group.is_empty() {
                let mut e = effect("min_other_attackers", &format!("can't attack unless {} others attack", k + 1));
                e.creatures = Some(ids(group));
                e.count = Some(k as u32 + 1);
                self.effects.push(e);
            }
        }
        if !alone.is_empty() {
            let mut e = effect("attacks_only_alone", "Master of Cruelties-like");
            e.creatures = Some(ids(&alone));
            self.effects.push(e);
        }
        // Caps: global, and one per opponent.
        let mut cap = effect("max_attackers", "generated global cap");
        cap.count = Some((n as u32 / 2).max(1));
        self.effects.push(cap);
        for o in &opp {
            let per = (n / opp.len()).max(1);
            let mut e = effect("max_attackers", &format!("cap on {o}"));
            e.count = Some(self.rng.range(per / 4, per) as u32);
            e.target = Some(json!({ "players": [o] }));
            self.effects.push(e);
        }
        // Player requirements (Trove of Temptation-like).
        for o in opp.iter().take(3) {
            let mut e = effect("player_attacks_if_able", &format!("{o}'s Trove-like effect"));
            e.player = Some(a.clone());
            e.target = Some(json!({ "players": [o], "planeswalkers_of": [o] }));
            self.effects.push(e);
        }
        // Requirements on small groups (5 to 20 creatures each).
        for (i, chunk) in chunks(&mut self.rng, &req_any).into_iter().enumerate() {
            let mut e = effect("attacks_if_able", &format!("requirement group {i}"));
            e.creatures = Some(ids(&chunk));
            if self.rng.chance(50) {
                let o = self.rng.pick(&opp).clone();
                e.target = Some(json!({ "players": [o] }));
            }
            self.effects.push(e);
        }
        for (i, chunk) in chunks(&mut self.rng, &other_than).into_iter().enumerate() {
            let mut e = effect("attacks_player_other_than_if_able", &format!("Kardur-like group {i}"));
            e.creatures = Some(ids(&chunk));
            e.player = Some(self.rng.pick(&opp).clone());
            self.effects.push(e);
        }
        for (i, chunk) in chunks(&mut self.rng, &cant).into_iter().enumerate() {
            let mut e = effect("cant_attack", &format!("Vow-like group {i}"));
            e.creatures = Some(ids(&chunk));
            let o = self.rng.pick(&opp).clone();
            e.target = Some(json!({ "players": [o] }));
            self.effects.push(e);
        }
        for (i, chunk) in chunks(&mut self.rng, &costly).into_iter().enumerate() {
            let mut e = effect("attack_cost", &format!("tax group {i}"));
            e.creatures = Some(ids(&chunk));
            e.cost = Some(self.rng.pick(&["{1}", "{2}", "{W/P}"]).to_string());
            if self.rng.chance(70) {
                let o = self.rng.pick(&opp).clone();
                e.target = Some(json!({ "players": [o], "planeswalkers_of": [o] }));
            }
            self.effects.push(e);
        }
        let o = opp[self.rng.below(opp.len())].clone();
        self.card("propaganda".into(), "Propaganda", &o, &["Enchantment"]);
    }
}

impl Gen {
    /// The `combat` profile (see the module documentation); returns the attacks.
    fn combat(&mut self, n: usize) -> Vec<Attack> {
        let opp = self.opponents();
        self.planeswalkers(30);
        let walkers: Vec<String> = self.permanents.iter().filter(|p| p.id.starts_with("pw_")).map(|p| p.id.clone()).collect();
        let kinds = if n == 0 { 0 } else { n.min((12 + n / 100).min(36)).max(1) };
        let sizes = if kinds == 0 { vec![] } else { self.sizes(n, kinds) };
        let mut attacks = Vec::with_capacity(n);
        let mut start = 0;
        for (k, &size) in sizes.iter().enumerate() {
            let mut kind = self.kind(k, 0, 0);
            if self.rng.chance(15) {
                kind.keywords.push("Menace".into());
            }
            let ids = self.tokens_of(&kind, size, start);
            start += size;
            if opp.is_empty() {
                continue;
            }
            // The whole kind attacks one opponent, or that opponent's planeswalker.
            let o = self.rng.pick(&opp).clone();
            let walker = format!("pw_{o}");
            let target = if walkers.contains(&walker) && self.rng.chance(20) { walker } else { o };
            // CR 508.1f: attacking taps the kind's tokens (the last ones made) without vigilance.
            let vigilant = kind.keywords.iter().any(|k| k == "Vigilance");
            let made = self.permanents.len() - size;
            for p in &mut self.permanents[made..] {
                p.tapped = !vigilant;
            }
            attacks.extend(ids.into_iter().map(|creature| Attack { creature, target: target.clone() }));
        }
        if opp.is_empty() {
            return attacks;
        }
        if let Some(first) = attacks.first() {
            let mut lure = effect("lure", "generated Lure");
            lure.attackers = Some(ids(std::slice::from_ref(&first.creature)));
            self.effects.push(lure);
        }
        // The defenders: N potential blockers, a few kinds per opponent.
        let share = n / opp.len();
        let mut next = 0;
        for (i, o) in opp.iter().enumerate() {
            let count = if i + 1 == opp.len() { n - share * i } else { share };
            let kinds = (4 + count / 200).min(30).min(count);
            let sizes = if kinds == 0 { vec![] } else { self.sizes(count, kinds) };
            for (k, &size) in sizes.iter().enumerate() {
                let subtype = KIND_SUBTYPES[(k * 7 + i) % KIND_SUBTYPES.len()];
                let color = *self.rng.pick(&COLORS);
                let power = self.rng.range(0, 4) as i64;
                let mut keywords = vec![];
                for (kw, pc) in [("Flying", 15), ("Reach", 10)] {
                    if self.rng.chance(pc) {
                        keywords.push(kw.to_string());
                    }
                }
                let tapped = self.rng.chance(10);
                for j in next..next + size {
                    let mut p = permanent(format!("d{j}"), &format!("{subtype} Token"), o, &["Creature"]);
                    p.subtypes = vec![subtype.to_string()];
                    p.colors = vec![color.to_string()];
                    p.power = power;
                    p.toughness = power.max(1);
                    p.keywords = keywords.clone();
                    p.tapped = tapped;
                    self.permanents.push(p);
                }
                next += size;
                let rule = match k {
                    0 => Some(("blocks_if_able", "generated blocks each combat if able")),
                    1 if i == 0 => Some(("cant_block", "generated can't block")),
                    _ => None,
                };
                if let Some((kind, source)) = rule {
                    let mut e = effect(kind, source);
                    e.creatures = Some(json!({ "controller": o, "subtype": subtype }));
                    self.effects.push(e);
                }
            }
        }
        attacks
    }
}

/// Split a list into consecutive chunks of 5 to 20.
fn chunks(rng: &mut Rng, v: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let k = rng.range(5, 20).min(v.len() - i);
        out.push(v[i..i + k].to_vec());
        i += k;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board;
    use crate::position::Position;

    #[test]
    fn boards_are_valid_without_warnings_and_reproducible() {
        for profile in Profile::ALL {
            for players in [1, 2, 4, 8] {
                for creatures in [0, 1, 10, 100, 1000] {
                    let board = generate(players, creatures, 7, profile);
                    let text = serde_json::to_string_pretty(&board).unwrap();
                    let again = serde_json::to_string_pretty(&generate(players, creatures, 7, profile)).unwrap();
                    assert_eq!(text, again, "{profile} {players} {creatures} not reproducible");
                    let vb = parse_board(&text, "gen.json").unwrap_or_else(|e| panic!("{profile} {players} {creatures}: {e}"));
                    assert!(vb.warnings.is_empty(), "{profile} {players} {creatures}: {:?}", vb.warnings);
                    let pos = Position::new(vb).unwrap();
                    assert_eq!(pos.rules.creatures.len(), creatures, "{profile} {players} {creatures}");
                    // The empty declaration obeys every restriction.
                    assert!(pos.rules.respects_restrictions(&pos.rules.no_attack()));
                    // A combat has its attacks declared (every attacker, when there is an
                    // opponent) and as many potential blockers; no block obeys every restriction.
                    if profile == Profile::Combat {
                        let blocks = pos.blocks.as_ref().unwrap_or_else(|| panic!("{players} {creatures}: no combat"));
                        assert_eq!(blocks.attackers.len(), if players > 1 { creatures } else { 0 });
                        let defenders = pos.board.board.permanents.iter().filter(|p| p.id.starts_with('d')).count();
                        assert_eq!(defenders, if players > 1 { creatures } else { 0 }, "{players} {creatures}");
                        assert!(blocks.respects_restrictions(&blocks.no_block()));
                    }
                }
            }
        }
    }

    #[test]
    fn seeds_and_profiles_differ() {
        let a = serde_json::to_string(&generate(4, 100, 1, Profile::Commander)).unwrap();
        let b = serde_json::to_string(&generate(4, 100, 2, Profile::Commander)).unwrap();
        assert_ne!(a, b);
        assert_eq!(Profile::parse("Adversarial"), Ok(Profile::Adversarial));
        assert!(Profile::parse("x").is_err());
    }

    #[test]
    fn commander_kinds_are_few_dozen_and_adversarial_powers_distinct() {
        let pos = Position::new(parse_board(&serde_json::to_string(&generate(8, 2500, 1, Profile::Commander)).unwrap(), "g").unwrap()).unwrap();
        let names: std::collections::BTreeSet<_> = pos.rules.creatures.iter().map(|c| c.name.clone()).collect();
        assert!(names.len() >= 24 && names.len() <= 40, "{} kinds", names.len());
        assert!(pos.rules.costs.len() >= 3 * 2000);
        let pos = Position::new(parse_board(&serde_json::to_string(&generate(8, 1000, 1, Profile::Adversarial)).unwrap(), "g").unwrap()).unwrap();
        let powers: std::collections::BTreeSet<_> = pos.rules.creatures.iter().map(|c| c.power).collect();
        assert_eq!(powers.len(), 1000);
    }
}
