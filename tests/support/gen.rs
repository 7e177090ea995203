//! Random small boards and declarations for property tests (docs/format.md formats, as JSON values).
//!
//! Used by tests/it/ (`differential`, `fuzz`), where tests/it/main.rs includes it once with
//! ```ignore
//! #[path = "../support/gen.rs"]
//! mod gen;
//! ```
//!
//! # How generation works
//!
//! Boards are built by a deterministic builder that reads its choices from a stream of random
//! `u32`s (the approach of Hypothesis): the proptest strategy is a `Vec<u32>`, mapped through the
//! builder. Proptest shrinks the vector (removes numbers, lowers them towards 0), and every choice
//! is arranged so that 0 is the simplest option (fewer players, no optional feature, the first
//! name), so shrinking yields small boards. A stream that runs out reads as zeros.
//!
//! Generated boards are always valid input for `attackopt::parse_board`, and small: the
//! product over the attacking side's creatures of (1 + possible targets) is at most
//! [`MAX_SPACE`], so the exhaustive checker answers in milliseconds.
//!
//! What is covered: 2-5 players, sometimes teams (pairs, alternating seats or random); variant
//! attack multiple / single / left / right, range of influence, shared team turns with shared
//! life true, false or default; low life totals (Phyrexian payments), hand sizes, mana pools;
//! `attacked_this_turn`; attacking-side creatures with random power, tapped, summoning sickness,
//! Haste, Vigilance, Defender, Flying, colors, subtypes (Goblin...), counters, `goaded_by`
//! (opponents mostly, sometimes anyone), explicit mana abilities; catalog creatures (Mogg
//! Flunkies, Orcish Conscripts, Master of Cruelties, Juggernaut, Goblin Rabblemaster, Avatar of
//! Slaughter, Fumiko, Sea Serpent, Goblin Goon, Llanowar Elves, Archangel of Tithes...);
//! creatures of other players (which may tax, forbid or require); planeswalkers; battles with
//! protectors, including the active side's own Siege and battles protected by the attacking
//! side; lands with basic subtypes, duals, Exotic Orchard, Reflecting Pool, explicit abilities
//! ("{C}{C}", "{W/U}", "any_color", could_produce objects, alternatives); effects on mana
//! (`mana_trigger`, `mana_multiplier`, `mana_instead`); mana artifacts (Sol
//! Ring, Fellwar Stone, explicit ones); named static cards (Propaganda, Ghostly Prison, Sphere of
//! Safety, Norn's Annex, Collective Restraint, Archangel of Tithes tapped or untapped, Elephant
//! Grass, Silent Arbiter, Caverns of Despair, Crawlspace, Dueling Grounds, Blazing Archon, Moat,
//! Ensnaring Bridge, Pacifism / Brainwash with attached_to, Trove of Temptation, Koskun Falls,
//! Windborn Muse, Baird, Magus of the Moat); and explicit effects of every kind with selectors
//! "all", id lists and filter objects, target sets of every part, and costs "{0}", "{1}",
//! "{2}", "{W/P}", "{2/W}", "{W/U}", "{C}", "{G}"...

#![allow(dead_code)]

use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// The most declarations (product over attacking-side creatures of 1 + targets) a generated
/// board may have.
pub const MAX_SPACE: u64 = 4_000;

/// A stream of choices: each read takes the next number, or 0 when the stream is exhausted.
pub struct Choices<'a> {
    data: &'a [u32],
    pos: usize,
}

impl<'a> Choices<'a> {
    pub fn new(data: &'a [u32]) -> Self {
        Choices { data, pos: 0 }
    }
    pub fn next(&mut self) -> u32 {
        let v = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        v
    }
    /// A number in 0..n (0 when n <= 1). The mapping is monotone (the number scaled, not taken
    /// modulo n), so when proptest halves a number the choice moves towards 0.
    pub fn below(&mut self, n: usize) -> usize {
        let v = self.next() as u64;
        if n <= 1 {
            0
        } else {
            ((v * n as u64) >> 32) as usize
        }
    }
    /// lo..=hi.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as usize) as i64
    }
    /// True with probability `pct`%; 0 reads as false.
    pub fn chance(&mut self, pct: u32) -> bool {
        let v = self.below(100) as u32;
        pct > 0 && v >= 100 - pct.min(100)
    }
    pub fn pick<'b, T>(&mut self, xs: &'b [T]) -> &'b T {
        &xs[self.below(xs.len())]
    }
    /// Each element with probability `pct`%.
    pub fn subset<T: Clone>(&mut self, xs: &[T], pct: u32) -> Vec<T> {
        xs.iter().filter(|_| self.chance(pct)).cloned().collect()
    }
    /// A non-empty subset (when `xs` is non-empty).
    pub fn nonempty_subset<T: Clone>(&mut self, xs: &[T], pct: u32) -> Vec<T> {
        let mut s = self.subset(xs, pct);
        if s.is_empty() && !xs.is_empty() {
            s.push(self.pick(xs).clone());
        }
        s
    }
}

const PLAYER_IDS: [&str; 5] = ["A", "B", "C", "D", "E"];
const COLORS: [&str; 5] = ["W", "U", "B", "R", "G"];
const BASICS: [&str; 5] = ["Plains", "Island", "Swamp", "Mountain", "Forest"];
const COSTS: [&str; 12] = ["{2}", "{1}", "{0}", "{W/P}", "{2/W}", "{W/U}", "{C}", "{G}", "{1}{W}", "{G/P}", "{3}", "{R}{R}"];
const POOLS: [&str; 7] = ["{G}", "{W}", "{C}{C}", "{R}{W}", "{2}", "{U}{B}", "{W}{W}"];
const SUBTYPES: [&str; 5] = ["Goblin", "Elf", "Bear", "Serpent", "Human"];

/// Explicit `mana` abilities to choose from (each entry is one ability's `add`).
fn mana_add(g: &mut Choices) -> Value {
    match g.below(11) {
        0 => json!("{G}"),
        1 => json!("{C}{C}"),
        2 => json!("{W/U}"),
        3 => json!("any_color"),
        4 => json!("{2}"),
        5 => json!("{C}"),
        6 => json!("{W}"),
        7 => json!({"could_produce": "lands_of_opponents", "kind": "color"}),
        8 => json!({"could_produce": "lands_you_control", "kind": "type"}),
        9 => json!({"could_produce": "lands_of_opponents", "kind": "type"}),
        _ => json!({"could_produce": "lands_you_control", "kind": "color"}),
    }
}

fn mana_list(g: &mut Choices) -> Value {
    let n = 1 + g.below(2);
    Value::Array((0..n).map(|_| json!({ "add": mana_add(g) })).collect())
}

/// What the builder knows about the board so far.
struct Ctx {
    players: Vec<String>,
    teams: Vec<Option<String>>,
    active: usize,
    attacking: Vec<usize>,
    permanents: Vec<Value>,
    /// Ids of the attacking side's creatures, and of everyone's creatures.
    att_creatures: Vec<String>,
    creatures: Vec<String>,
    planeswalkers: Vec<String>,
    battles: Vec<String>,
    next_id: usize,
}

impl Ctx {
    fn same_team(&self, a: usize, b: usize) -> bool {
        a == b || (self.teams[a].is_some() && self.teams[a] == self.teams[b])
    }
    fn opponents_of(&self, p: usize) -> Vec<usize> {
        (0..self.players.len()).filter(|&q| !self.same_team(p, q)).collect()
    }
    fn non_attacking(&self) -> Vec<usize> {
        (0..self.players.len()).filter(|p| !self.attacking.contains(p)).collect()
    }
    fn id(&mut self, prefix: &str) -> String {
        self.next_id += 1;
        format!("{prefix}{}", self.next_id)
    }
    /// Mostly an opponent of the active player, sometimes anyone.
    fn some_player(&self, g: &mut Choices) -> usize {
        let opp = self.opponents_of(self.active);
        if !opp.is_empty() && !g.chance(25) {
            *g.pick(&opp)
        } else {
            g.below(self.players.len())
        }
    }
    fn pid(&self, p: usize) -> Value {
        json!(self.players[p])
    }
}

/// A random creature (as a JSON permanent) controlled by `controller`.
fn creature(g: &mut Choices, ctx: &mut Ctx, controller: usize, attacking_side: bool) -> Value {
    let id = ctx.id("c");
    const GENERIC: [&str; 4] = ["Grizzly Bears", "Goblin Piker", "Serra Angel", ""];
    const NAMED: [&str; 17] = [
        "Mogg Flunkies",
        "Orcish Conscripts",
        "Master of Cruelties",
        "Juggernaut",
        "Goblin Rabblemaster",
        "Avatar of Slaughter",
        "Fumiko the Lowblood",
        "Sea Serpent",
        "Goblin Goon",
        "Llanowar Elves",
        "Archangel of Tithes",
        "Silent Arbiter",
        "Blazing Archon",
        "Baird, Steward of Argive",
        "Windborn Muse",
        "Magus of the Moat",
        "Llanowar Elves",
    ];
    let named = g.chance(if attacking_side { 35 } else { 60 });
    let name = if named { *g.pick(&NAMED) } else { *g.pick(&GENERIC) };
    let mut o = Map::new();
    o.insert("id".into(), json!(id));
    if !name.is_empty() {
        o.insert("name".into(), json!(name));
    }
    o.insert("controller".into(), ctx.pid(controller));
    o.insert("types".into(), json!(["Creature"]));
    let mut subtypes = g.subset(&SUBTYPES, 15);
    match name {
        "Llanowar Elves" => subtypes.push("Elf"),
        "Goblin Rabblemaster" | "Mogg Flunkies" | "Goblin Goon" | "Goblin Piker" => subtypes.push("Goblin"),
        "Sea Serpent" => subtypes.push("Serpent"),
        _ => {}
    }
    subtypes.dedup();
    if !subtypes.is_empty() {
        o.insert("subtypes".into(), json!(subtypes));
    }
    let colors = g.subset(&COLORS, 20);
    if !colors.is_empty() {
        o.insert("colors".into(), json!(colors));
    }
    o.insert("power".into(), json!(g.range(0, 5)));
    o.insert("toughness".into(), json!(g.range(1, 5)));
    let mut keywords = Vec::new();
    if g.chance(20) {
        keywords.push("Haste");
    }
    if g.chance(20) {
        keywords.push("Vigilance");
    }
    if g.chance(5) {
        keywords.push("Defender");
    }
    if g.chance(25) || name == "Serra Angel" || name == "Archangel of Tithes" || name == "Blazing Archon" {
        keywords.push("Flying");
    }
    if !keywords.is_empty() {
        o.insert("keywords".into(), json!(keywords));
    }
    if g.chance(8) {
        o.insert("tapped".into(), json!(true));
    }
    if g.chance(10) {
        o.insert("summoning_sick".into(), json!(true));
    }
    if g.chance(15) {
        o.insert("counters".into(), json!(g.range(1, 2)));
    }
    if attacking_side && g.chance(20) {
        let opp = ctx.opponents_of(controller);
        let pool: Vec<usize> = if g.chance(15) || opp.is_empty() { (0..ctx.players.len()).collect() } else { opp };
        let mut goaders: Vec<Value> = g.nonempty_subset(&pool, 40).into_iter().map(|p| ctx.pid(p)).collect();
        if g.chance(10) {
            // CR 701.15d: the same player twice adds nothing.
            goaders.push(goaders[0].clone());
        }
        o.insert("goaded_by".into(), Value::Array(goaders));
    }
    if g.chance(15) {
        o.insert("mana".into(), mana_list(g));
    }
    let v = Value::Object(o);
    ctx.creatures.push(id.clone());
    if attacking_side {
        ctx.att_creatures.push(id);
    }
    v
}

fn land(g: &mut Choices, ctx: &mut Ctx, controller: usize) -> Value {
    let id = ctx.id("l");
    let mut o = Map::new();
    o.insert("id".into(), json!(id));
    o.insert("controller".into(), ctx.pid(controller));
    o.insert("types".into(), json!(["Land"]));
    match g.below(9) {
        0..=3 => {
            let b = *g.pick(&BASICS);
            o.insert("name".into(), json!(b));
            o.insert("subtypes".into(), json!([b]));
        }
        4 => {
            let (a, b) = (*g.pick(&BASICS), *g.pick(&BASICS));
            o.insert("name".into(), json!("Dual Land"));
            o.insert("subtypes".into(), if a == b { json!([a]) } else { json!([a, b]) });
        }
        5 => {
            o.insert("name".into(), json!("Exotic Orchard"));
        }
        6 => {
            o.insert("name".into(), json!("Reflecting Pool"));
        }
        7 => {
            o.insert("name".into(), json!("City of Brass"));
            o.insert("mana".into(), json!([{ "add": "any_color" }]));
        }
        _ => {
            o.insert("name".into(), json!("Odd Land"));
            o.insert("mana".into(), mana_list(g));
        }
    }
    if g.chance(15) {
        o.insert("tapped".into(), json!(true));
    }
    Value::Object(o)
}

fn mana_artifact(g: &mut Choices, ctx: &mut Ctx, controller: usize) -> Value {
    let id = ctx.id("m");
    let mut o = Map::new();
    o.insert("id".into(), json!(id));
    o.insert("controller".into(), ctx.pid(controller));
    o.insert("types".into(), json!(["Artifact"]));
    match g.below(6) {
        0 => {
            o.insert("name".into(), json!("Sol Ring"));
        }
        1 => {
            o.insert("name".into(), json!("Fellwar Stone"));
        }
        2 => {
            o.insert("name".into(), json!("Talisman"));
            o.insert("mana".into(), json!([{ "add": "{C}" }, { "add": "{W}" }]));
        }
        3 => {
            // Alternatives of which one adds two mana: paying branches on it.
            o.insert("name".into(), json!("Thran Thing"));
            o.insert("mana".into(), json!([{ "add": "{C}{C}" }, { "add": "{R}" }]));
        }
        4 => {
            o.insert("name".into(), json!("Prism"));
            o.insert("mana".into(), json!([{ "add": "{W/U}" }]));
        }
        _ => {
            o.insert("name".into(), json!("Odd Rock"));
            o.insert("mana".into(), mana_list(g));
        }
    }
    if g.chance(10) {
        o.insert("tapped".into(), json!(true));
    }
    Value::Object(o)
}

/// A named static card (or a plain enchantment, which Sphere of Safety counts).
fn static_card(g: &mut Choices, ctx: &mut Ctx) -> Value {
    const CARDS: [(&str, &str); 19] = [
        ("Propaganda", "Enchantment"),
        ("Ghostly Prison", "Enchantment"),
        ("Sphere of Safety", "Enchantment"),
        ("Norn's Annex", "Artifact"),
        ("Collective Restraint", "Enchantment"),
        ("Elephant Grass", "Enchantment"),
        ("Caverns of Despair", "Enchantment"),
        ("Crawlspace", "Artifact"),
        ("Dueling Grounds", "Enchantment"),
        ("Moat", "Enchantment"),
        ("Ensnaring Bridge", "Artifact"),
        ("Pacifism", "Enchantment"),
        ("Brainwash", "Enchantment"),
        ("Trove of Temptation", "Enchantment"),
        ("Koskun Falls", "Enchantment"),
        ("Oblivion Ring", "Enchantment"),
        ("Propaganda", "Enchantment"),
        ("Pacifism", "Enchantment"),
        ("Brainwash", "Enchantment"),
    ];
    let (name, ty) = *g.pick(&CARDS);
    let id = ctx.id("s");
    let controller = ctx.some_player(g);
    let mut o = Map::new();
    o.insert("id".into(), json!(id));
    o.insert("name".into(), json!(name));
    o.insert("controller".into(), ctx.pid(controller));
    o.insert("types".into(), json!([ty]));
    if name == "Pacifism" || name == "Brainwash" {
        if g.chance(90) && !ctx.creatures.is_empty() {
            let target =
                if !ctx.att_creatures.is_empty() && !g.chance(15) { g.pick(&ctx.att_creatures).clone() } else { g.pick(&ctx.creatures).clone() };
            o.insert("attached_to".into(), json!(target));
        }
        o.insert("subtypes".into(), json!(["Aura"]));
    }
    if g.chance(5) {
        o.insert("tapped".into(), json!(true));
    }
    Value::Object(o)
}

/// A creature selector: "all", an id list, or a filter object.
fn selector(g: &mut Choices, ctx: &Ctx) -> Value {
    match g.below(10) {
        0..=2 => json!("all"),
        3..=6 => {
            let mut ids: Vec<Value> = g.nonempty_subset(&ctx.att_creatures, 40).into_iter().map(Value::from).collect();
            if g.chance(10) && !ctx.permanents.is_empty() {
                // Any permanent id is valid in a selector; non-creatures simply are not affected.
                let p = g.pick(&ctx.permanents);
                ids.push(p["id"].clone());
            }
            Value::Array(ids)
        }
        _ => {
            let mut o = Map::new();
            let fields = 1 + g.below(2);
            for _ in 0..fields {
                match g.below(9) {
                    0 => {
                        o.insert("controller".into(), ctx.pid(g.below(ctx.players.len())));
                    }
                    1 => {
                        o.insert("opponents_of".into(), ctx.pid(g.below(ctx.players.len())));
                    }
                    2 => {
                        o.insert("subtype".into(), json!(*g.pick(&["Goblin", "Elf", "goblin"])));
                    }
                    3 => {
                        o.insert("color".into(), json!(*g.pick(&COLORS)));
                    }
                    4 => {
                        o.insert("not_color".into(), json!(*g.pick(&COLORS)));
                    }
                    5 => {
                        o.insert("keyword".into(), json!(*g.pick(&["Flying", "Haste", "Vigilance"])));
                    }
                    6 => {
                        o.insert("without_keyword".into(), json!(*g.pick(&["Flying", "Haste", "Vigilance"])));
                    }
                    7 => {
                        o.insert("power_greater_than".into(), json!(g.range(0, 3)));
                    }
                    _ => {
                        let ex: Vec<Value> = g.subset(&ctx.att_creatures, 40).into_iter().map(Value::from).collect();
                        o.insert("except".into(), Value::Array(ex));
                    }
                }
            }
            Value::Object(o)
        }
    }
}

/// A target set with one or two of its parts.
fn target_set(g: &mut Choices, ctx: &Ctx) -> Value {
    let mut o = Map::new();
    let all: Vec<usize> = (0..ctx.players.len()).collect();
    let parts = 1 + g.below(2);
    for _ in 0..parts {
        match g.below(6) {
            0..=2 => {
                let opp = ctx.opponents_of(ctx.active);
                let pool = if opp.is_empty() || g.chance(15) { &all } else { &opp };
                let ps: Vec<Value> = g.nonempty_subset(pool, 40).into_iter().map(|p| ctx.pid(p)).collect();
                o.insert("players".into(), Value::Array(ps));
            }
            3 => {
                let ps: Vec<Value> = g.nonempty_subset(&all, 40).into_iter().map(|p| ctx.pid(p)).collect();
                o.insert("planeswalkers_of".into(), Value::Array(ps));
            }
            4 => {
                let ps: Vec<Value> = g.nonempty_subset(&all, 40).into_iter().map(|p| ctx.pid(p)).collect();
                o.insert("battles_protected_by".into(), Value::Array(ps));
            }
            _ => {
                let mut ids: Vec<String> = ctx.planeswalkers.iter().chain(&ctx.battles).cloned().collect();
                if ids.is_empty() || g.chance(10) {
                    if let Some(p) = ctx.permanents.first() {
                        ids.push(p["id"].as_str().unwrap().to_string());
                    }
                }
                let ps: Vec<Value> = g.subset(&ids, 50).into_iter().map(Value::from).collect();
                o.insert("permanents".into(), Value::Array(ps));
            }
        }
    }
    Value::Object(o)
}

/// A `mana_trigger`, `mana_multiplier` or `mana_instead` over some permanents.
fn mana_effect(g: &mut Choices, ctx: &Ctx) -> Value {
    let tapped = match g.below(5) {
        0 => json!("all"),
        1 => json!({ "card_types": ["Land"] }),
        2 => json!({ "controller": ctx.pid(*g.pick(&ctx.attacking)) }),
        3 => json!({ "subtype": *g.pick(&["Forest", "Plains", "Mountain"]) }),
        _ => json!({ "card_types": ["Land"], "opponents_of": ctx.pid(ctx.some_player(g)) }),
    };
    match g.below(6) {
        0 | 1 => json!({ "kind": "mana_trigger", "tapped": tapped, "add": "same_type", "source": "Heartbeat of Spring" }),
        2 => {
            let (add, cond) = *g.pick(&[("{G}", None), ("any_color", None), ("{R}", Some("R")), ("{C}{C}", None), ("{W}", Some("W"))]);
            let mut e = json!({ "kind": "mana_trigger", "tapped": tapped, "add": add, "source": "Wild Growth" });
            if let Some(c) = cond {
                e["if_produced"] = json!(c);
            }
            e
        }
        3 | 4 => json!({ "kind": "mana_multiplier", "tapped": tapped, "count": 2 + g.below(2), "source": "Mana Reflection" }),
        _ => {
            json!({ "kind": "mana_instead", "tapped": tapped, "add": *g.pick(&["{B}", "{R}"]), "keep_amount": g.chance(50), "source": "Contamination" })
        }
    }
}

fn explicit_effect(g: &mut Choices, ctx: &Ctx) -> Value {
    let mut o = Map::new();
    let kind = *g.pick(&[
        "attacks_if_able",
        "cant_attack",
        "attack_cost",
        "attacks_player_other_than_if_able",
        "player_attacks_if_able",
        "min_other_attackers",
        "cant_attack_alone",
        "attacks_only_alone",
        "max_attackers",
        "attacks_if_able",
        "attack_cost",
    ]);
    o.insert("kind".into(), json!(kind));
    let maybe_target = |g: &mut Choices, o: &mut Map<String, Value>| {
        if g.chance(55) {
            o.insert("target".into(), target_set(g, ctx));
        }
    };
    match kind {
        "attacks_if_able" => {
            o.insert("creatures".into(), selector(g, ctx));
            maybe_target(g, &mut o);
        }
        "cant_attack" => {
            // Mostly with a target: "can't attack" anything at all empties the board too often.
            o.insert("creatures".into(), selector(g, ctx));
            if !g.chance(20) {
                o.insert("target".into(), target_set(g, ctx));
            }
        }
        "attack_cost" => {
            o.insert("creatures".into(), selector(g, ctx));
            maybe_target(g, &mut o);
            // CR 508.1g: permanents given up, alone or beside mana; lands and creatures (an
            // attacker may be sacrificed) share permanents between classes.
            let action = g.chance(30);
            if !action || g.chance(50) {
                o.insert("cost".into(), json!(*g.pick(&COSTS)));
            }
            if action {
                let of = g
                    .pick(&[json!({ "card_types": ["Land"] }), json!({ "subtype": "Forest" }), json!({ "card_types": ["Creature"] }), json!("all")])
                    .clone();
                let field = *g.pick(&["sacrifice", "return_to_hand"]);
                o.insert(field.into(), json!({ "count": 1 + g.below(2), "of": of }));
            }
        }
        "attacks_player_other_than_if_able" => {
            o.insert("creatures".into(), selector(g, ctx));
            o.insert("player".into(), ctx.pid(ctx.some_player(g)));
        }
        "player_attacks_if_able" => {
            let p = if g.chance(80) { *g.pick(&ctx.attacking) } else { g.below(ctx.players.len()) };
            o.insert("player".into(), ctx.pid(p));
            o.insert("target".into(), target_set(g, ctx));
        }
        "min_other_attackers" => {
            o.insert("creatures".into(), selector(g, ctx));
            o.insert("count".into(), json!(g.below(4)));
        }
        "cant_attack_alone" => {
            o.insert("creatures".into(), selector(g, ctx));
            if g.chance(30) {
                o.insert("count".into(), json!(1));
            }
        }
        "attacks_only_alone" => {
            o.insert("creatures".into(), selector(g, ctx));
        }
        "max_attackers" => {
            o.insert("count".into(), json!(g.below(4)));
            maybe_target(g, &mut o);
            match g.below(4) {
                1 => {
                    o.insert("per".into(), json!("turn"));
                }
                2 => {
                    o.insert("per".into(), json!("combat"));
                }
                _ => {}
            }
        }
        _ => unreachable!(),
    }
    if g.chance(50) {
        o.insert("source".into(), json!(*g.pick(&["Bident of Thassa", "War Tax", "Alluring Siren", "Kardur", "test effect"])));
    }
    Value::Object(o)
}

/// Build a board from a stream of choices. Always valid input, always small.
pub fn build_board(data: &[u32]) -> Value {
    let g = &mut Choices::new(data);
    let n = 2 + g.below(4);
    let players: Vec<String> = PLAYER_IDS[..n].iter().map(|s| s.to_string()).collect();
    let active = if g.chance(15) { g.below(n) } else { 0 };
    let teams: Vec<Option<String>> = if g.chance(30) {
        match g.below(3) {
            0 => (0..n).map(|i| Some(format!("t{}", i / 2))).collect(),
            1 => (0..n).map(|i| Some(format!("t{}", i % 2))).collect(),
            _ => (0..n).map(|_| g.pick(&[None, Some("x".to_string()), Some("y".to_string())]).clone()).collect(),
        }
    } else {
        vec![None; n]
    };
    let has_teams = teams.iter().any(|t| t.is_some());
    let mut ctx = Ctx {
        players,
        teams,
        active,
        attacking: vec![],
        permanents: vec![],
        att_creatures: vec![],
        creatures: vec![],
        planeswalkers: vec![],
        battles: vec![],
        next_id: 0,
    };
    let opponents = ctx.opponents_of(active);

    // Variant.
    let mut variant = Map::new();
    match g.below(12) {
        0 if !opponents.is_empty() => {
            variant.insert("attack".into(), json!("single"));
            variant.insert("defending_player".into(), ctx.pid(*g.pick(&opponents)));
        }
        1 => {
            variant.insert("attack".into(), json!("left"));
        }
        2 => {
            variant.insert("attack".into(), json!("right"));
        }
        3 => {
            variant.insert("attack".into(), json!("multiple"));
            variant.insert("defending_player".into(), Value::Null);
            variant.insert("range_of_influence".into(), Value::Null);
        }
        _ => {}
    }
    if g.chance(12) {
        variant.insert("range_of_influence".into(), json!(1 + g.below(2)));
    }
    let shared_turns = has_teams && g.chance(50);
    if shared_turns {
        variant.insert("shared_team_turns".into(), json!(true));
    }
    if g.chance(if shared_turns { 50 } else { 8 }) {
        variant.insert("shared_life".into(), json!(g.chance(50)));
    }
    ctx.attacking = if shared_turns { (0..n).filter(|&p| ctx.same_team(p, active)).collect() } else { vec![active] };

    // Players.
    let mut players_json = Vec::new();
    for p in 0..n {
        let mut o = Map::new();
        o.insert("id".into(), ctx.pid(p));
        if let Some(t) = &ctx.teams[p] {
            o.insert("team".into(), json!(t));
        } else if g.chance(10) {
            o.insert("team".into(), Value::Null);
        }
        if g.chance(25) {
            o.insert("life".into(), json!(g.range(0, 5)));
        } else if g.chance(15) {
            o.insert("life".into(), json!(*g.pick(&[40, 30, 10, 7, -1])));
        }
        if g.chance(50) {
            o.insert("hand".into(), json!(g.below(5)));
        }
        if g.chance(15) {
            o.insert("mana_pool".into(), json!(*g.pick(&POOLS)));
        }
        players_json.push(Value::Object(o));
    }

    // Planeswalkers and battles (before creatures, to bound the declaration space).
    for _ in 0..g.below(3) {
        let id = ctx.id("pw");
        let c = ctx.some_player(g);
        ctx.permanents.push(json!({ "id": id, "name": "Jace Beleren", "controller": ctx.players[c], "types": ["Planeswalker"] }));
        ctx.planeswalkers.push(id);
    }
    for _ in 0..g.below(3) {
        let id = ctx.id("bt");
        let mut o = Map::new();
        o.insert("id".into(), json!(id));
        o.insert("name".into(), json!("Invasion of Somewhere"));
        o.insert("types".into(), json!(["Battle"]));
        let opp = ctx.opponents_of(active);
        match g.below(5) {
            // The attacking side's own Siege, protected by an opponent (CR 310.8b).
            0 if !opp.is_empty() => {
                o.insert("controller".into(), ctx.pid(*g.pick(&ctx.attacking)));
                o.insert("protector".into(), ctx.pid(*g.pick(&opp)));
            }
            // Protected by the attacking side: can't be attacked.
            1 => {
                o.insert("controller".into(), ctx.pid(ctx.some_player(g)));
                o.insert("protector".into(), ctx.pid(*g.pick(&ctx.attacking)));
            }
            // No protector (a warning, still valid).
            2 if g.chance(30) => {
                o.insert("controller".into(), ctx.pid(ctx.some_player(g)));
            }
            _ => {
                o.insert("controller".into(), ctx.pid(ctx.some_player(g)));
                o.insert("protector".into(), ctx.pid(ctx.some_player(g)));
            }
        }
        ctx.permanents.push(Value::Object(o));
        ctx.battles.push(id);
    }

    // Attacking-side creatures, as many as the declaration space allows.
    let targets = (0..n).filter(|&p| !ctx.attacking.contains(&p)).count() + ctx.planeswalkers.len() + ctx.battles.len();
    let mut max_creatures = 0u32;
    while max_creatures < 5 && ((targets as u64) + 1).pow(max_creatures + 1) <= MAX_SPACE {
        max_creatures += 1;
    }
    let want = if g.chance(60) { 3 + g.below(3) as u32 } else { 1 + g.below(5) as u32 };
    let first = ctx.permanents.len();
    for _ in 0..want.min(max_creatures.max(1)) {
        if ctx.permanents.len() > first && g.chance(25) {
            // A copy (a token, a second Goblin): interchangeable creatures.
            let k = first + g.below(ctx.permanents.len() - first);
            let mut v = ctx.permanents[k].clone();
            let id = ctx.id("c");
            v["id"] = json!(id);
            ctx.creatures.push(id.clone());
            ctx.att_creatures.push(id);
            ctx.permanents.push(v);
            continue;
        }
        let c = if ctx.attacking.len() > 1 && g.chance(40) { *g.pick(&ctx.attacking) } else { active };
        let v = creature(g, &mut ctx, c, true);
        ctx.permanents.push(v);
    }
    // Other players' creatures.
    let others = ctx.non_attacking();
    if !others.is_empty() {
        for _ in 0..g.below(4) {
            let c = *g.pick(&others);
            let v = creature(g, &mut ctx, c, false);
            ctx.permanents.push(v);
        }
    }
    // Lands and mana artifacts.
    for p in 0..n {
        let k = if ctx.attacking.contains(&p) { g.below(6) } else { g.below(3) };
        for _ in 0..k {
            let v = land(g, &mut ctx, p);
            ctx.permanents.push(v);
        }
        if ctx.attacking.contains(&p) {
            for _ in 0..g.below(3) {
                let v = mana_artifact(g, &mut ctx, p);
                ctx.permanents.push(v);
            }
        }
    }
    // Named static cards.
    for _ in 0..g.below(4) {
        let v = static_card(g, &mut ctx);
        ctx.permanents.push(v);
    }
    // Explicit effects.
    let mut effects = Vec::new();
    for _ in 0..g.below(5) {
        effects.push(explicit_effect(g, &ctx));
    }
    // Effects on mana production (issue 35; CR 106.12, 605.1b, 616.1): what taps make.
    for _ in 0..g.below(3) {
        if g.chance(35) {
            effects.push(mana_effect(g, &ctx));
        }
    }
    // A motif where paying enables a free requirement (docs/rules.md section 7, paid vs free): a
    // creature that must attack but can't attack alone, the others taxed.
    if g.chance(12) && ctx.att_creatures.len() >= 2 {
        let k = g.below(ctx.att_creatures.len());
        let c = ctx.att_creatures[k].clone();
        effects.push(json!({ "kind": "attacks_if_able", "creatures": [c], "source": "motif" }));
        effects.push(json!({ "kind": *g.pick(&["cant_attack_alone", "min_other_attackers"]), "creatures": [c], "count": 1, "source": "motif" }));
        let mut e = json!({ "kind": "attack_cost", "creatures": { "except": [c] }, "cost": *g.pick(&COSTS), "source": "motif" });
        if g.chance(50) {
            e["target"] = target_set(g, &ctx);
        }
        effects.push(e);
    }
    // Shuffle a little: permanents in a rotated order (order must not matter).
    if g.chance(20) && !ctx.permanents.is_empty() {
        let k = g.below(ctx.permanents.len());
        ctx.permanents.rotate_left(k);
    }

    let mut board = Map::new();
    board.insert("attackopt".into(), json!(1));
    if !variant.is_empty() || g.chance(50) {
        board.insert("variant".into(), Value::Object(variant));
    }
    board.insert("active_player".into(), ctx.pid(active));
    if g.chance(20) {
        board.insert("attacked_this_turn".into(), json!(1 + g.below(2)));
    }
    board.insert("players".into(), Value::Array(players_json));
    board.insert("permanents".into(), Value::Array(ctx.permanents));
    if !effects.is_empty() || g.chance(50) {
        board.insert("effects".into(), Value::Array(effects));
    }
    Value::Object(board)
}

/// What a declaration builder needs to know about a board (read back from its JSON).
pub struct BoardInfo {
    pub players: Vec<String>,
    /// Creatures of the attacking side, with their controller.
    pub att_creatures: Vec<(String, String)>,
    /// For each attacking player: opponents (player ids).
    pub opponents: Vec<(String, Vec<String>)>,
    pub attackables: Vec<String>,
    pub permanents: Vec<String>,
    /// Permanents that may make mana for payment: (id, a plausible mana string).
    pub mana_sources: Vec<(String, String)>,
}

impl BoardInfo {
    pub fn new(board: &Value) -> BoardInfo {
        let players: Vec<&Value> = board["players"].as_array().map(|v| v.iter().collect()).unwrap_or_default();
        let ids: Vec<String> = players.iter().map(|p| p["id"].as_str().unwrap().to_string()).collect();
        let team = |id: &str| players.iter().find(|p| p["id"] == id).and_then(|p| p["team"].as_str().map(str::to_string));
        let same_team = |a: &str, b: &str| a == b || (team(a).is_some() && team(a) == team(b));
        let active = board["active_player"].as_str().unwrap().to_string();
        let shared = board["variant"]["shared_team_turns"].as_bool().unwrap_or(false);
        let attacking: Vec<String> = if shared { ids.iter().filter(|p| same_team(p, &active)).cloned().collect() } else { vec![active.clone()] };
        let perms: Vec<&Value> = board["permanents"].as_array().map(|v| v.iter().collect()).unwrap_or_default();
        let has_type = |p: &Value, t: &str| p["types"].as_array().is_some_and(|ts| ts.iter().any(|x| x == t));
        let mut att_creatures = Vec::new();
        let mut attackables = Vec::new();
        let mut mana_sources = Vec::new();
        for p in &perms {
            let id = p["id"].as_str().unwrap().to_string();
            let ctrl = p["controller"].as_str().unwrap().to_string();
            if has_type(p, "Creature") && attacking.contains(&ctrl) {
                att_creatures.push((id.clone(), ctrl.clone()));
            }
            if has_type(p, "Planeswalker") || has_type(p, "Battle") {
                attackables.push(id.clone());
            }
            if attacking.contains(&ctrl) {
                let name = p["name"].as_str().unwrap_or("");
                let sub = p["subtypes"].as_array().and_then(|s| s.first()).and_then(Value::as_str).unwrap_or("");
                let m = match (name, sub) {
                    ("Sol Ring", _) => Some("{C}{C}"),
                    ("Llanowar Elves", _) => Some("{G}"),
                    (_, "Plains") => Some("{W}"),
                    (_, "Island") => Some("{U}"),
                    (_, "Swamp") => Some("{B}"),
                    (_, "Mountain") => Some("{R}"),
                    (_, "Forest") => Some("{G}"),
                    _ => p["mana"][0]["add"].as_str().filter(|s| *s != "any_color").or(Some("{W}")),
                };
                if let Some(m) = m {
                    if has_type(p, "Land") || has_type(p, "Artifact") || p.get("mana").is_some() || name == "Llanowar Elves" {
                        mana_sources.push((id.clone(), m.to_string()));
                    }
                }
            }
        }
        let opponents = attacking.iter().map(|a| (a.clone(), ids.iter().filter(|p| !same_team(a, p)).cloned().collect())).collect();
        BoardInfo {
            players: ids,
            att_creatures,
            opponents,
            attackables,
            permanents: perms.iter().map(|p| p["id"].as_str().unwrap().to_string()).collect(),
            mana_sources,
        }
    }
}

/// Build a declaration for a board from a stream of choices: mostly plausible attacks (an
/// attacking-side creature at an opponent, a planeswalker or a battle), sometimes illegal ones
/// (teammates or itself as targets, lands as targets, non-creatures or other players' creatures
/// as attackers; tapped or sick creatures come from the board), and sometimes an explicit
/// payment (often a wrong one). Ids always exist and no creature is declared twice, so
/// `check_declaration_ids` accepts it.
pub fn build_declaration(board: &Value, data: &[u32]) -> Value {
    let info = BoardInfo::new(board);
    let g = &mut Choices::new(data);
    let mut attacks = Vec::new();
    let mut used: Vec<String> = Vec::new();
    let style = g.below(4); // 0: sparse, 1: most attack, 2-3: half
    let pct = match style {
        0 => 25,
        1 => 80,
        _ => 50,
    };
    for (c, ctrl) in &info.att_creatures {
        if !g.chance(pct) {
            continue;
        }
        let opp = info.opponents.iter().find(|(a, _)| a == ctrl).map(|(_, o)| o.clone()).unwrap_or_default();
        let plausible: Vec<String> = opp.iter().chain(&info.attackables).cloned().collect();
        let target = if !plausible.is_empty() && !g.chance(12) {
            g.pick(&plausible).clone()
        } else if g.chance(50) {
            g.pick(&info.players).clone()
        } else {
            g.pick(&info.permanents).clone()
        };
        attacks.push(json!({ "creature": c, "target": target }));
        used.push(c.clone());
    }
    if g.chance(8) {
        // Something that is not an attacking-side creature.
        let p = g.pick(&info.permanents).clone();
        if !used.contains(&p) {
            let target = g.pick(&info.players).clone();
            attacks.push(json!({ "creature": p, "target": target }));
        }
    }
    if g.chance(15) && attacks.len() > 1 {
        let k = g.below(attacks.len());
        attacks.rotate_left(k);
    }
    let mut d = Map::new();
    d.insert("attacks".into(), Value::Array(attacks));
    if g.chance(12) {
        let mut payment = Vec::new();
        for _ in 0..1 + g.below(3) {
            match g.below(4) {
                0 | 1 if !info.mana_sources.is_empty() => {
                    let (id, m) = g.pick(&info.mana_sources).clone();
                    payment.push(json!({ "permanent": id, "mana": m }));
                }
                2 => {
                    let p = g.pick(&info.players).clone();
                    payment.push(json!({ "player": p, "mana": *g.pick(&POOLS) }));
                }
                _ => {
                    let p = g.pick(&info.players).clone();
                    payment.push(json!({ "player": p, "life": 2 * g.below(3) }));
                }
            }
        }
        d.insert("payment".into(), Value::Array(payment));
    }
    Value::Object(d)
}

/// A board with some declarations, printed as JSON (so a failing case can be saved as a
/// regression file directly).
#[derive(Clone)]
pub struct Case {
    pub board: Value,
    pub declarations: Vec<Value>,
    /// More choices, for the test's own random picks.
    pub extra: Vec<u32>,
}

impl Case {
    /// The case in the `tests/regressions/` file format.
    pub fn to_regression_json(&self, note: &str) -> Value {
        json!({ "note": note, "board": self.board, "declarations": self.declarations })
    }
}

impl std::fmt::Debug for Case {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = serde_json::to_string_pretty(&self.to_regression_json("found by proptest")).unwrap();
        write!(f, "\n----- regression file (save under tests/regressions/) -----\n{text}\n-----\n")
    }
}

/// Random small boards (JSON values in the docs/format.md format).
pub fn board() -> impl Strategy<Value = Value> {
    vec(any::<u32>(), 200..500).prop_map(|d| build_board(&d))
}

/// A random declaration for a given board.
pub fn declaration(board: Value) -> impl Strategy<Value = Value> {
    vec(any::<u32>(), 16..64).prop_map(move |d| build_declaration(&board, &d))
}

/// A board with `n` declarations and extra choices. Everything comes from number streams, so
/// shrinking simplifies board and declarations together.
pub fn case(n: usize) -> impl Strategy<Value = Case> {
    (vec(any::<u32>(), 200..500), vec(vec(any::<u32>(), 16..64), n), vec(any::<u32>(), 32..64)).prop_map(|(b, ds, extra)| {
        let board = build_board(&b);
        let declarations = ds.iter().map(|d| build_declaration(&board, d)).collect();
        Case { board, declarations, extra }
    })
}

/// Small taxed multiplayer boards for the paid baseline (issue: exact paid solve): the
/// `commander` profile of `attackopt generate` (goad, "attacks each combat if able", Propaganda,
/// Ghostly Prison, Sphere of Safety or Norn's Annex, Crawlspace, a global cap, Trove of
/// Temptation, lands and mana rocks) with 3-5 players and 1-3 creatures, and optionally the
/// structures that make the dual bar inexact or impossible: a Llanowar Elves that may attack
/// (its mana pays, CR 508.1f), a Master of Cruelties (can only attack alone, CR 506.5), Mogg
/// Flunkies (can't attack alone), a little life (Norn's Annex pays {W/P} with 2 life), a second
/// cap crossing Crawlspace's.
pub fn taxed_board() -> impl Strategy<Value = Value> {
    (3usize..=5, 1usize..=3, any::<u64>(), vec(any::<bool>(), 10), 0i64..=6, 1u32..=2).prop_map(|(players, creatures, seed, extras, life, cap)| {
        use attackopt::generator::{generate, Profile};
        let mut board = serde_json::to_value(generate(players, creatures, seed, Profile::Commander)).unwrap();
        let active = board["active_player"].as_str().unwrap().to_string();
        let opponents: Vec<String> =
            board["players"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap().to_string()).filter(|p| *p != active).collect();
        let perms = board["permanents"].as_array_mut().unwrap();
        let creature = |id: &str, name: &str, power: i64, haste: bool| {
            json!({"id": id, "name": name, "controller": active, "types": ["Creature"], "power": power, "toughness": 1,
                   "keywords": if haste { vec!["Haste"] } else { vec![] }})
        };
        if extras[0] {
            let mut elf = creature("elf", "Llanowar Elves", 1, extras[1]);
            // A mana creature with requirements of its own (issue 10): goaded (CR 701.15b), or
            // "attacks each combat if able" (Fumiko the Lowblood's kind of effect, CR 508.1d),
            // so the paid bar's inner declaration wants it to attack where the outer one may
            // tap it for mana (CR 508.1f).
            if extras[8] {
                elf["goaded_by"] = json!([opponents[0]]);
            }
            perms.push(elf);
        }
        if extras[2] {
            perms.push(creature("master", "Master of Cruelties", 1, true));
        }
        if extras[3] {
            perms.push(creature("flunkies", "Mogg Flunkies", 3, true));
        }
        if extras[4] {
            for p in board["players"].as_array_mut().unwrap() {
                if p["id"] == active {
                    p["life"] = json!(life);
                }
            }
        }
        if extras[0] && extras[9] {
            board["effects"]
                .as_array_mut()
                .unwrap()
                .push(json!({"kind": "attacks_if_able", "creatures": ["elf"], "source": "an elf that must attack"}));
        }
        if extras[5] {
            // A cap over two opponents: crosses Crawlspace's single-player cap.
            let targets: Vec<&String> = opponents.iter().take(2).collect();
            board["effects"]
                .as_array_mut()
                .unwrap()
                .push(json!({"kind": "max_attackers", "count": 1, "target": {"players": targets}, "source": "a crossing cap"}));
        }
        // Caps that bind on these few creatures (the generator's own are sized for its count),
        // laminar with Crawlspace: the dual bar's coupling duals β take values above 0.
        if extras[6] {
            board["effects"].as_array_mut().unwrap().push(json!({"kind": "max_attackers", "count": cap, "source": "a small global cap"}));
        }
        if extras[7] {
            let target = &opponents[0];
            board["effects"]
                .as_array_mut()
                .unwrap()
                .push(json!({"kind": "max_attackers", "count": 1, "target": {"players": [target]}, "source": "a one-player cap"}));
        }
        board
    })
}

/// A selector for the constructs of issue 14, point 4: "all", some ids, or the new selector
/// lists (`colors`, `card_types`, `not_card_types`), sometimes with an older field.
fn gaps_selector(g: &mut Choices, creatures: &[String]) -> Value {
    match g.below(6) {
        0 => json!("all"),
        1 => Value::Array(g.nonempty_subset(creatures, 50).into_iter().map(Value::from).collect()),
        2 => json!({ "colors": g.nonempty_subset(&COLORS, 40) }),
        3 => json!({ "card_types": [*g.pick(&["Artifact", "artifact", "Enchantment"])] }),
        4 => json!({ "not_card_types": ["Artifact"], "power_greater_than": g.range(0, 3) }),
        _ => json!({ "card_types": ["Artifact", "Enchantment"], "not_color": *g.pick(&COLORS) }),
    }
}

/// A board of [`build_board`] with the constructs of issue 14, point 4 added from `data`:
/// artifact and enchantment creatures, `cant_attack_unless_other_attacks` (Scarred Puma, Okk:
/// `others`, `count`, `greater_power`, CR 508.1c), selectors by card type and color lists, and a
/// goad by a player who has left the game (`left_the_game`, CR 800.4a). The board's space is
/// unchanged (no creature or target is added), so it stays small.
pub fn add_gaps(mut board: Value, data: &[u32]) -> Value {
    let mut g = Choices::new(data);
    let mut creatures = Vec::new();
    for p in board["permanents"].as_array_mut().into_iter().flatten() {
        let is_creature = p["types"].as_array().is_some_and(|ts| ts.iter().any(|t| t.as_str().is_some_and(|t| t.eq_ignore_ascii_case("Creature"))));
        if !is_creature {
            continue;
        }
        creatures.push(p["id"].as_str().unwrap().to_string());
        if g.chance(35) {
            let extra = *g.pick(&["Artifact", "Enchantment"]);
            p["types"].as_array_mut().unwrap().push(json!(extra));
        }
    }
    if creatures.is_empty() {
        return board;
    }
    let mut effects = Vec::new();
    for _ in 0..1 + g.below(2) {
        let mut e = json!({ "kind": "cant_attack_unless_other_attacks", "creatures": gaps_selector(&mut g, &creatures),
                            "others": gaps_selector(&mut g, &creatures), "source": "Scarred Puma" });
        if g.chance(25) {
            e["count"] = json!(g.below(3));
        }
        if g.chance(40) {
            e["greater_power"] = json!(g.chance(80));
            e["source"] = json!("Okk");
        }
        effects.push(e);
    }
    if g.chance(50) {
        let kind = *g.pick(&["attacks_if_able", "cant_attack", "attacks_if_able"]);
        effects.push(json!({ "kind": kind, "creatures": gaps_selector(&mut g, &creatures), "source": "Akron Legionnaire" }));
    }
    if let Some(list) = board["effects"].as_array_mut() {
        list.extend(effects);
    } else {
        board["effects"] = Value::Array(effects);
    }
    if g.chance(50) {
        board["left_the_game"] = json!(["departed-player"]);
        let goaded = g.pick(&creatures).clone();
        let times = 1 + g.below(2);
        for p in board["permanents"].as_array_mut().unwrap() {
            if p["id"] == goaded.as_str() {
                if !p["goaded_by"].is_array() {
                    p["goaded_by"] = json!([]);
                }
                for _ in 0..times {
                    p["goaded_by"].as_array_mut().unwrap().push(json!("departed-player"));
                }
            }
        }
    }
    board
}

/// Random small boards with the constructs of issue 14, point 4 (see [`add_gaps`]).
pub fn gaps_board() -> impl Strategy<Value = Value> {
    (vec(any::<u32>(), 200..500), vec(any::<u32>(), 16..48)).prop_map(|(b, extra)| add_gaps(build_board(&b), &extra))
}

/// As [`case`], on boards with the constructs of issue 14, point 4.
pub fn gaps_case(n: usize) -> impl Strategy<Value = Case> {
    case_with(n, add_gaps)
}

/// As [`case`], on boards that `add` changes with data of its own (constructs added).
fn case_with(n: usize, add: fn(Value, &[u32]) -> Value) -> impl Strategy<Value = Case> {
    (vec(any::<u32>(), 200..500), vec(any::<u32>(), 16..48), vec(vec(any::<u32>(), 16..64), n), vec(any::<u32>(), 32..64)).prop_map(
        move |(b, data, ds, extra)| {
            let board = add(build_board(&b), &data);
            let declarations = ds.iter().map(|d| build_declaration(&board, d)).collect();
            Case { board, declarations, extra }
        },
    )
}

/// A board with conditional requirements added from `data` (issue 14, point 4; CR 508.1d):
/// one or two `attacks_if_able` effects with an `if_other_attacks` condition (a selector of
/// [`gaps_selector`], or "all"), sometimes naming what to attack, and sometimes a creature
/// renamed Ekundu Cyclops (the catalog's conditional requirement). No creature or target is
/// added, so the board stays small; at most two condition lists per controller keep the classes
/// of `solve` well under their limit.
pub fn add_conditions(mut board: Value, data: &[u32]) -> Value {
    let mut g = Choices::new(data);
    let players: Vec<String> = board["players"].as_array().into_iter().flatten().filter_map(|p| p["id"].as_str().map(str::to_string)).collect();
    let mut creatures = Vec::new();
    for p in board["permanents"].as_array().into_iter().flatten() {
        if p["types"].as_array().is_some_and(|ts| ts.iter().any(|t| t.as_str().is_some_and(|t| t.eq_ignore_ascii_case("Creature")))) {
            creatures.push(p["id"].as_str().unwrap().to_string());
        }
    }
    if creatures.is_empty() {
        return board;
    }
    let mut effects = Vec::new();
    for _ in 0..1 + g.below(2) {
        let others = if g.chance(40) { json!("all") } else { gaps_selector(&mut g, &creatures) };
        let mut e = json!({ "kind": "attacks_if_able", "creatures": gaps_selector(&mut g, &creatures), "if_other_attacks": others, "source": "a conditional requirement" });
        if g.chance(25) && !players.is_empty() {
            e["target"] = json!({ "players": [g.pick(&players).clone()] });
        }
        effects.push(e);
    }
    if g.chance(40) {
        let cyclops = g.pick(&creatures).clone();
        for p in board["permanents"].as_array_mut().unwrap() {
            if p["id"] == cyclops.as_str() {
                p["name"] = json!("Ekundu Cyclops");
            }
        }
    }
    if let Some(list) = board["effects"].as_array_mut() {
        list.extend(effects);
    } else {
        board["effects"] = Value::Array(effects);
    }
    board
}

/// Random small boards with conditional requirements (see [`add_conditions`]).
pub fn conditional_board() -> impl Strategy<Value = Value> {
    (vec(any::<u32>(), 200..500), vec(any::<u32>(), 16..48)).prop_map(|(b, c)| add_conditions(build_board(&b), &c))
}

/// Small taxed multiplayer boards ([`taxed_board`]) with conditional requirements, for the paid
/// baseline's bar in each class.
pub fn conditional_taxed_board() -> impl Strategy<Value = Value> {
    (taxed_board(), vec(any::<u32>(), 16..48)).prop_map(|(b, c)| add_conditions(b, &c))
}

/// As [`case`], on boards with conditional requirements.
pub fn conditional_case(n: usize) -> impl Strategy<Value = Case> {
    case_with(n, add_conditions)
}

/// A board of [`build_board`] with real Oracle texts read by the card reader (issue 34): some
/// permanents become a card of the template table ([`attackopt::oracle::TEMPLATES`], each row's
/// card and its real text), named so, and the facts those texts ask about are set at random on
/// the players and permanents (poison, the monarch, spells cast this turn, graveyard,
/// counters by kind, chosen color, player and direction, attacked last turn) or left out. The
/// effects the texts make go through the integer program like any other; no creature or target
/// is added, so the board stays small.
pub fn add_texts(mut board: Value, data: &[u32]) -> Value {
    let mut g = Choices::new(data);
    let rows = attackopt::oracle::TEMPLATES;
    let players: Vec<String> = board["players"].as_array().into_iter().flatten().filter_map(|p| p["id"].as_str().map(str::to_string)).collect();
    let ids: Vec<String> = board["permanents"].as_array().into_iter().flatten().filter_map(|p| p["id"].as_str().map(str::to_string)).collect();
    for p in board["players"].as_array_mut().into_iter().flatten() {
        if g.chance(50) {
            p["poison"] = json!(g.below(3));
        }
        if g.chance(30) {
            p["monarch"] = json!(g.chance(30));
        }
        if g.chance(50) {
            let spells = [["Creature — Goblin"], ["Instant"]];
            p["spells_cast_this_turn"] = if g.chance(30) { json!([]) } else { json!(g.pick(&spells)) };
        }
        if g.chance(40) {
            p["graveyard"] = json!(g.below(9));
        }
        if g.chance(30) {
            p["city_blessing"] = json!(g.chance(50));
        }
    }
    if g.chance(30) {
        board["extra_turn"] = json!(g.chance(30));
    }
    for p in board["permanents"].as_array_mut().into_iter().flatten() {
        if !g.chance(35) {
            continue;
        }
        let row = g.pick(rows);
        p["name"] = json!(row.card);
        p["oracle_text"] = json!(row.text);
        if (row.text.contains("nchanted") || row.text.contains("quipped")) && g.chance(70) && !ids.is_empty() {
            p["attached_to"] = json!(g.pick(&ids).clone());
        }
        if g.chance(40) {
            p["counters_of"] = json!({ "+1/+1": g.below(3) });
        }
        if g.chance(40) {
            p["attacked_last_turn"] = json!(g.chance(50));
        }
        if g.chance(30) {
            p["chosen_color"] = json!(*g.pick(&COLORS));
        }
        if g.chance(30) && !players.is_empty() {
            p["chosen_player"] = json!(g.pick(&players).clone());
        }
        if g.chance(30) {
            p["chosen_direction"] = json!(*g.pick(&["left", "right"]));
        }
    }
    // counters_of must not claim more counters than the total.
    for p in board["permanents"].as_array_mut().into_iter().flatten() {
        if let Some(n) = p["counters_of"]["+1/+1"].as_u64() {
            let total = p["counters"].as_u64().unwrap_or(0);
            if n > total {
                p["counters"] = json!(n);
            }
        }
    }
    board
}

/// Random small boards with real Oracle texts (see [`add_texts`]).
pub fn texts_board() -> impl Strategy<Value = Value> {
    (vec(any::<u32>(), 200..500), vec(any::<u32>(), 32..96)).prop_map(|(b, c)| add_texts(build_board(&b), &c))
}

/// As [`case`], on boards with real Oracle texts.
pub fn texts_case(n: usize) -> impl Strategy<Value = Case> {
    case_with(n, add_texts)
}
