//! Hand-written JSON Schemas for board fields whose shape varies, used through
//! `#[schemars(schema_with)]` and `#[schemars(transform)]` on the board types.

use schemars::{json_schema, Schema, SchemaGenerator};
use serde_json::{json, Value};

/// Symbols in braces, e.g. `{2}{W/U}` (the parser checks each symbol).
const MANA_SYMBOLS: &str = r"^\s*(\{[^{}]+\}\s*)*$";

/// Player ids (`players`, `planeswalkers_of`, ...).
fn ids(what: &str) -> Value {
    json!({ "type": "array", "items": { "type": "string" }, "description": what })
}

/// `mana_pool`: mana such as `{R}{R}{2}`; empty for none.
pub fn mana_pool(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "string",
        "pattern": MANA_SYMBOLS,
        "default": "",
        "description": "Mana in the pool, such as \"{R}{R}{2}\" ({2} is two colorless); empty for none."
    })
}

/// The card types a permanent's `types` and a selector's `card_types` take (any case).
pub const CARD_TYPES: [&str; 9] = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker", "Kindred", "Tribal", "Token"];

/// `types`: card types, any case.
pub fn card_types(_: &mut SchemaGenerator) -> Schema {
    let types = CARD_TYPES;
    json_schema!({
        "type": "array",
        "items": { "type": "string", "pattern": any_case(&types), "examples": types },
        "default": [],
        "description": "Card types, any case: Artifact, Battle, Creature, Enchantment, Land, Planeswalker, Kindred, Tribal, Token."
    })
}

fn color_pattern() -> String {
    any_case(&["W", "U", "B", "R", "G", "white", "blue", "black", "red", "green"])
}

/// `colors`: letters or names, any case.
pub fn colors(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": "array",
        "items": { "type": "string", "pattern": color_pattern() },
        "default": [],
        "description": "Colors as letters or names, any case: W, U, B, R, G, white, blue, black, red, green."
    })
}

/// A mana ability's `add`: a mana string, `"any_color"`, or a "could produce" object (CR 106.7).
pub fn mana_add(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "What the {T} ability adds: a mana string (\"{G}\", \"{C}{C}\", \"{W/U}\" for one of the two, \"{2}\" for two colorless), \"any_color\", or {\"could_produce\", \"kind\"} (CR 106.7).",
        "anyOf": [
            {
                "type": "string",
                "pattern": any_case(&["any_color"]),
                "description": "One mana of any color."
            },
            {
                "type": "string",
                "pattern": r"^\s*(\{[^{}]+\}\s*)+$",
                "description": "Mana symbols in braces, such as \"{G}\", \"{C}{C}\", \"{W/U}\" or \"{2}\"."
            },
            {
                "type": "object",
                "properties": {
                    "could_produce": {
                        "enum": ["lands_of_opponents", "lands_you_control"],
                        "description": "Whose lands: an opponent's (Exotic Orchard, Fellwar Stone) or your own (Reflecting Pool)."
                    },
                    "kind": {
                        "enum": ["color", "type"],
                        "description": "\"color\": a color those lands could produce (Exotic Orchard); \"type\": a type, colorless included (Reflecting Pool)."
                    }
                },
                "required": ["could_produce", "kind"],
                "additionalProperties": false,
                "description": "One mana of a color (kind \"color\") or type (kind \"type\") that those lands could produce."
            }
        ]
    })
}

/// An effect's `kind`.
pub fn effect_kind(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "enum": [
            "attacks_if_able", "attacks_player_other_than_if_able", "player_attacks_if_able",
            "cant_attack", "min_other_attackers", "cant_attack_alone", "attacks_only_alone",
            "max_attackers", "attack_cost", "cant_attack_unless_other_attacks",
            "attacks_as_though", "no_mana_abilities", "mana_trigger", "mana_multiplier",
            "mana_instead", "cant_block", "blocks_if_able", "lure",
            "cant_block_alone", "can_block_only", "cant_be_blocked", "cant_be_blocked_except_by",
            "cant_be_blocked_by_more_than", "cant_be_blocked_by", "must_be_blocked_by_all",
            "must_be_blocked_if_able", "must_be_blocked_by_exactly_one", "blocks_creature_if_able",
            "can_block_additional", "can_block_any_number", "block_cost", "max_blockers"
        ],
        "description": "What the effect does (docs/format.md \"Explicit effects\")."
    })
}

/// `tapped` of the effects on mana: which permanents' tapping for mana they affect.
pub fn tapped(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "For mana_trigger, mana_multiplier and mana_instead: the permanents whose tapping for mana the effect affects, of any controller: \"all\", a list of permanent ids, or an object of conditions as in a selector (e.g. {\"card_types\": [\"Land\"]}, {\"controller\": \"A\"}, {\"subtype\": \"Forest\"}).",
        "anyOf": [
            { "const": "all" },
            { "type": "array", "items": { "type": "string" }, "description": "Permanent ids." },
            { "type": "object", "description": "Conditions that all must hold, as in a selector." }
        ]
    })
}

/// `add` of `mana_trigger` and `mana_instead`.
pub fn mana_effect_add(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "For mana_trigger: the mana added, a mana string such as \"{G}\" or \"{G}{G}\", \"any_color\", or \"same_type\" (one mana of any type the tap produced: Heartbeat of Spring). For mana_instead: the one type produced instead, such as \"{B}\" (Contamination).",
        "type": "string",
        "examples": ["same_type", "{G}", "{B}"]
    })
}

/// `if_produced` of `mana_trigger`.
pub fn if_produced(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "For mana_trigger: the effect adds its mana only when the tap produced mana of this type (a letter W, U, B, R, G or C; Caged Sun's chosen color).",
        "type": "string",
        "pattern": "^[WUBRGCwubrgc]$",
        "examples": ["R"]
    })
}

/// A selector: `"all"`, a list of creature ids, or an object of conditions that all must hold.
pub fn selector(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "Which creatures: \"all\", a list of creature ids, or an object whose conditions all must hold. Only creatures of the attacking side are ever affected.",
        "anyOf": [
            { "const": "all" },
            { "type": "array", "items": { "type": "string" }, "description": "Creature ids." },
            {
                "type": "object",
                "properties": {
                    "controller": { "type": "string", "description": "Controlled by this player." },
                    "opponents_of": { "type": "string", "description": "Controlled by an opponent of this player." },
                    "subtype": { "type": "string", "description": "Has this subtype (any case), e.g. \"Goblin\"." },
                    "color": { "type": "string", "pattern": color_pattern(), "description": "Has this color." },
                    "not_color": { "type": "string", "pattern": color_pattern(), "description": "Does not have this color." },
                    "keyword": { "type": "string", "description": "Has this keyword, e.g. \"Flying\"." },
                    "without_keyword": { "type": "string", "description": "Does not have this keyword." },
                    "power_greater_than": { "type": "integer", "description": "Power greater than this." },
                    "power_at_most": { "type": "integer", "description": "Power this or less (\"creatures with power 2 or less\": 2)." },
                    "except": { "type": "array", "items": { "type": "string" }, "description": "Creature ids left out." },
                    "colors": { "type": "array", "minItems": 1, "items": { "type": "string", "pattern": color_pattern() }, "description": "Has at least one of these colors, e.g. [\"B\", \"G\"]." },
                    "card_types": { "type": "array", "minItems": 1, "items": { "type": "string", "pattern": any_case(&CARD_TYPES) }, "description": "Has at least one of these card types (any case), e.g. [\"Artifact\"]." },
                    "not_card_types": { "type": "array", "items": { "type": "string", "pattern": any_case(&CARD_TYPES) }, "description": "Has none of these card types (any case)." }
                },
                "additionalProperties": false
            },
            { "type": "null", "description": "The same as leaving the field out." }
        ]
    })
}

/// `blockers` of `cant_be_blocked_by`: a selector, as `creatures`.
pub fn blockers(generator: &mut SchemaGenerator) -> Schema {
    let mut schema = selector(generator);
    schema.insert(
        "description".into(),
        json!("For cant_be_blocked_by (docs/blocks.md): the creatures that can't block the attackers, a selector as creatures, over the defending side's creatures: {\"power_at_most\": 2} for \"creatures with power 2 or less\", {\"subtype\": \"Wall\"} for Walls."),
    );
    schema.insert("examples".into(), json!([{ "power_at_most": 2 }]));
    schema
}

/// `others` of `cant_attack_unless_other_attacks`: a selector, as `creatures`.
pub fn others(generator: &mut SchemaGenerator) -> Schema {
    let mut schema = selector(generator);
    schema.insert(
        "description".into(),
        json!("For cant_attack_unless_other_attacks: the creatures (a selector, as creatures) at least count of which, other than the restricted creature, must attack with it."),
    );
    schema
}

/// `if_other_attacks` of `attacks_if_able`: a selector, as `creatures`.
pub fn if_other_attacks(generator: &mut SchemaGenerator) -> Schema {
    let mut schema = selector(generator);
    schema.insert(
        "description".into(),
        json!("For attacks_if_able: a condition (CR 508.1d; Ekundu Cyclops, \"if a creature you control attacks, ~ also attacks if able\"): the requirement counts only in a declaration where another creature with the same controller, selected by this (a selector, as creatures: \"all\" for any), attacks; the creature itself never counts. Absent: no condition."),
    );
    schema.insert("examples".into(), json!(["all"]));
    schema
}

/// A target set: the union of its parts; absent means anything.
pub fn target_set(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "A target set, the union of its parts (all optional). Absent (or null) means anything.",
        "anyOf": [
            {
                "type": "object",
                "properties": {
                    "players": ids("Player ids."),
                    "planeswalkers_of": ids("The planeswalkers of these players."),
                    "battles_protected_by": ids("The battles these players protect."),
                    "permanents": ids("Planeswalker or battle ids.")
                },
                "additionalProperties": false
            },
            { "type": "null" }
        ]
    })
}

/// `per` of `max_attackers`.
pub fn per(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "enum": ["combat", "turn", null],
        "description": "For max_attackers: count attackers each combat (default) or each turn (also counting attacked_this_turn)."
    })
}

/// `as_though` of `attacks_as_though`.
pub fn as_though(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "enum": ["haste", "no_defender", null],
        "description": "For attacks_as_though: the creatures can attack as though they had haste (\"haste\": summoning sickness does not stop the attack, CR 302.6) or didn't have defender (\"no_defender\", CR 702.3b)."
    })
}

/// `cost` of `attack_cost`: a mana string, Phyrexian symbols allowed.
pub fn cost(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": ["string", "null"],
        "pattern": r"^\s*(\{[^{}]+\}\s*)+$",
        "description": "For attack_cost and block_cost: a mana string such as \"{2}\" or \"{W/P}\"; \"{0}\" for a zero cost."
    })
}

/// `sacrifice` / `return_to_hand` of `attack_cost`: how many permanents, and which.
pub fn action_cost(generator: &mut SchemaGenerator) -> Schema {
    let of = selector(generator);
    json_schema!({
        "description": "For attack_cost: permanents the attacking creature's controller gives up for each attack (CR 508.1g), e.g. {\"count\": 1, \"of\": {\"card_types\": [\"Land\"]}}: sacrificed (sacrifice) or returned to their owner's hand (return_to_hand). One permanent pays one such cost at most; it may tap for mana first.",
        "type": ["object", "null"],
        "properties": {
            "count": { "type": "integer", "minimum": 1, "maximum": 100, "description": "How many (default 1)." },
            "of": of
        },
        "required": ["of"],
        "additionalProperties": false
    })
}

/// Which fields each effect kind needs (the parser reports a missing one by its JSON path).
pub fn effect_rules(schema: &mut Schema) {
    let needs: [(&str, &[&str]); 22] = [
        ("attacks_if_able", &["creatures"]),
        ("attacks_player_other_than_if_able", &["creatures", "player"]),
        ("player_attacks_if_able", &["player", "target"]),
        ("cant_attack", &["creatures"]),
        ("min_other_attackers", &["creatures", "count"]),
        ("cant_attack_alone", &["creatures"]),
        ("attacks_only_alone", &["creatures"]),
        ("max_attackers", &["count"]),
        ("attack_cost", &["creatures"]),
        ("cant_attack_unless_other_attacks", &["creatures", "others"]),
        ("mana_trigger", &["tapped", "add"]),
        ("mana_multiplier", &["tapped", "count"]),
        ("mana_instead", &["tapped", "add"]),
        ("cant_block", &["creatures"]),
        ("blocks_if_able", &["creatures"]),
        ("cant_block_alone", &["creatures"]),
        ("can_block_only", &["creatures", "attackers"]),
        ("blocks_creature_if_able", &["creatures", "attacker"]),
        ("can_block_additional", &["creatures", "count"]),
        ("can_block_any_number", &["creatures"]),
        ("block_cost", &["creatures", "cost"]),
        ("max_blockers", &["count"]),
    ];
    let rules: Vec<Value> = needs
        .iter()
        .map(|(kind, fields)| {
            let not_null: serde_json::Map<String, Value> = fields.iter().map(|f| (f.to_string(), json!({ "not": { "type": "null" } }))).collect();
            json!({
                "if": { "properties": { "kind": { "const": kind } }, "required": ["kind"] },
                "then": { "required": fields, "properties": not_null }
            })
        })
        .collect();
    let mut rules = rules;
    // attack_cost asks for mana, permanents, or both.
    rules.push(json!({
        "if": { "properties": { "kind": { "const": "attack_cost" } }, "required": ["kind"] },
        "then": { "anyOf": [ { "required": ["cost"] }, { "required": ["sacrifice"] }, { "required": ["return_to_hand"] } ] }
    }));
    // The kinds on attackers read `attackers`, or `creatures` in its place (docs/blocks.md).
    for (kind, more) in [
        ("lure", &[][..]),
        ("cant_be_blocked", &[]),
        ("cant_be_blocked_except_by", &["count"]),
        ("cant_be_blocked_by_more_than", &["count"]),
        ("cant_be_blocked_by", &["blockers"]),
        ("must_be_blocked_by_all", &[]),
        ("must_be_blocked_if_able", &[]),
        ("must_be_blocked_by_exactly_one", &[]),
    ] {
        let mut then = json!({ "anyOf": [ { "required": ["attackers"] }, { "required": ["creatures"] } ] });
        if !more.is_empty() {
            then["required"] = json!(more);
        }
        rules.push(json!({ "if": { "properties": { "kind": { "const": kind } }, "required": ["kind"] }, "then": then }));
    }
    // A count of additional blockers, of the fewest blockers or of the other creatures blocking
    // beside one that can't block alone is at least 1.
    for kind in ["cant_be_blocked_except_by", "can_block_additional", "cant_block_alone"] {
        rules.push(json!({
            "if": { "properties": { "kind": { "const": kind } }, "required": ["kind"] },
            "then": { "properties": { "count": { "type": "integer", "minimum": 1 } } }
        }));
    }
    // cant_attack_alone accepts only count 1 (or none).
    rules.push(json!({
        "if": { "properties": { "kind": { "const": "cant_attack_alone" } }, "required": ["kind"] },
        "then": { "properties": { "count": { "enum": [1, null] } } }
    }));
    schema.insert("allOf".into(), Value::Array(rules));
}

/// A payment entry is one of four forms.
pub fn payment_forms(schema: &mut Schema) {
    schema.insert(
        "oneOf".into(),
        json!([
            {
                "description": "Tap a permanent for one of its mana abilities.",
                "required": ["permanent", "mana"],
                "properties": { "permanent": { "type": "string" }, "mana": { "type": "string" } },
                "not": { "anyOf": [ { "required": ["player"] }, { "required": ["life"] }, { "required": ["action"] } ] }
            },
            {
                "description": "Give up a permanent for a non-mana cost to attack (CR 508.1g): sacrifice it or return it to its owner's hand.",
                "required": ["permanent", "action"],
                "properties": { "permanent": { "type": "string" }, "action": { "enum": ["sacrifice", "return_to_hand"] } },
                "not": { "anyOf": [ { "required": ["player"] }, { "required": ["mana"] }, { "required": ["life"] } ] }
            },
            {
                "description": "Spend mana from a player's pool.",
                "required": ["player", "mana"],
                "properties": { "player": { "type": "string" }, "mana": { "type": "string" } },
                "not": { "anyOf": [ { "required": ["permanent"] }, { "required": ["life"] }, { "required": ["action"] } ] }
            },
            {
                "description": "A player pays life (for Phyrexian symbols).",
                "required": ["player", "life"],
                "properties": { "player": { "type": "string" }, "life": { "type": "integer", "minimum": 0 } },
                "not": { "anyOf": [ { "required": ["permanent"] }, { "required": ["mana"] }, { "required": ["action"] } ] }
            }
        ]),
    );
}

/// A regular expression matching any of `words` without regard to ASCII case, written with
/// character classes so that every JSON Schema validator understands it.
pub(crate) fn any_case(words: &[&str]) -> String {
    let alts: Vec<String> = words
        .iter()
        .map(|w| {
            w.chars()
                .map(|c| if c.is_ascii_alphabetic() { format!("[{}{}]", c.to_ascii_uppercase(), c.to_ascii_lowercase()) } else { c.to_string() })
                .collect()
        })
        .collect();
    format!("^({})$", alts.join("|"))
}
