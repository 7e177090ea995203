//! Validation: everything serde cannot check. The result, [`ValidBoard`], holds the board with
//! ids resolved to indices and every polymorphic field parsed, so later stages never fail.

use super::error::{unknown_id, InputError, Warning};
use super::{AttackOption, Board, Declaration, Permanent, Player};
use crate::vocab::effects::{Action, ActionCost, EffectKind, Filter, LandsOf, ManaAbility, ManaChange, ManaEffect, Selector, TargetSpec};
use crate::vocab::symbol::{parse_production, parse_symbols, ManaType, Symbol, TypeSet};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// The most players a board may have (docs/format.md "Input limits": never memory exhaustion
/// on hostile input).
pub const MAX_PLAYERS: usize = 64;
/// The most permanents a board may have.
pub const MAX_PERMANENTS: usize = 100_000;
/// The most explicit effects a board may have.
pub const MAX_EFFECTS: usize = 10_000;
/// The most requirements, restrictions and cost instances a board may expand to (plain rules,
/// `crate::rules`): 20 per creature at the largest board (the 90,000-creature adversarial
/// boards have 3). Effects read from Oracle text count against it too.
pub const MAX_RULE_INSTANCES: usize = 2_000_000;
/// The longest string of a board, in bytes.
pub const MAX_STRING: usize = 1_000;
/// The longest `oracle_text`, in bytes: the longest Oracle texts are about 1,500 bytes.
pub const MAX_ORACLE_TEXT: usize = 10_000;
/// The largest power or toughness, either sign: powers are summed in floating point by the
/// integer program, exactly below 2^53.
pub const MAX_POWER: i64 = 1_000_000;

/// A validated board: the board as written plus everything resolved and parsed.
#[derive(Debug, Clone)]
pub struct ValidBoard {
    /// The board as written (colors normalized to letters).
    pub board: Board,
    /// The file it was read from, for messages.
    pub file: String,
    /// The active player, by index in the board's players.
    pub active: usize,
    /// Each player's index by id.
    pub player_ids: HashMap<String, usize>,
    /// Each permanent's index by id.
    pub permanent_ids: HashMap<String, usize>,
    /// `goaded_by` of each permanent as player indices, deduplicated (CR 701.15d).
    pub goaded_by: Vec<Vec<usize>>,
    /// `goaded_by` of each permanent naming players who have left the game (CR 800.4a), as
    /// indices into the board's `left_the_game`, deduplicated (CR 701.15d).
    pub goaded_by_left: Vec<Vec<usize>>,
    /// The controller of each permanent, as a player index.
    pub controller: Vec<usize>,
    /// The protector of each battle, as a player index (CR 310.8).
    pub protector: Vec<Option<usize>>,
    /// The permanent each Aura enchants, as a permanent index.
    pub attached_to: Vec<Option<usize>>,
    /// The player each Curse enchants (`attached_to` naming a player, CR 303.4).
    pub enchanted_player: Vec<Option<usize>>,
    /// `chosen_player` of each permanent, as a player index.
    pub chosen_player: Vec<Option<usize>>,
    /// Whether each permanent can attack as though it had haste (`attacks_as_though`, CR
    /// 302.6): settled when a position is made, from explicit and text effects.
    pub as_though_haste: Vec<bool>,
    /// Whether each permanent can attack as though it didn't have defender (CR 702.3b).
    pub as_though_no_defender: Vec<bool>,
    /// Whether each permanent's mana abilities can't be activated (`no_mana_abilities`).
    pub no_mana: Vec<bool>,
    /// Whether each permanent lost its own mana abilities to a type-changing effect that sets a
    /// land's basic land type (Blood Moon: "Nonbasic lands are Mountains", CR 305.7): only its
    /// basic land types' abilities remain. Set when a position is made.
    pub abilities_lost: Vec<bool>,
    /// The effects on mana production (`mana_trigger`, `mana_multiplier`, `mana_instead`),
    /// explicit or from cards: settled when a position is made, empty before.
    pub mana_effects: Vec<SettledManaEffect>,
    /// Explicit `mana` abilities of each permanent ({T} abilities).
    pub mana: Vec<Vec<ManaAbility>>,
    /// The {Q} mana abilities of each permanent (`"untap": true`, CR 107.6), explicit or read.
    pub untap_mana: Vec<Vec<ManaAbility>>,
    /// Each player's mana pool, one entry per unit.
    pub pools: Vec<Vec<TypeSet>>,
    /// The explicit effects, parsed.
    pub effects: Vec<ValidEffect>,
    /// What was legal but probably not meant: unknown fields, Auras attached to nothing.
    pub warnings: Vec<Warning>,
    /// The effects read from permanents' `oracle_text`, by permanent index: filled when a
    /// position is made (the card reader, `crate::cards`), empty before.
    pub text_effects: HashMap<usize, Vec<EffectKind>>,
    /// What answers on this board assume (issue 34): filled when a position is made, with the
    /// card reader's warnings (`crate::cards`), empty before.
    pub assumptions: Vec<super::Assumption>,
}

/// An effect on mana production with the permanents it affects found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettledManaEffect {
    /// The permanents whose tapping for mana it affects, in order.
    pub tapped: Vec<usize>,
    /// What it does.
    pub change: ManaChange,
    /// Where it comes from, for answers ("Heartbeat of Spring (hb)").
    pub source: String,
}

/// An explicit effect of the board, parsed (docs/format.md "Explicit effects").
#[derive(Debug, Clone, PartialEq)]
pub struct ValidEffect {
    /// What it does, ids resolved to indices.
    pub kind: EffectKind,
    /// `source` as written, or a description of the effect when absent.
    pub source: String,
    /// Index in the board's `effects`.
    pub index: usize,
}

/// The kinds about attacks and mana; [`BLOCK_KINDS`] are the others.
const EFFECT_KINDS: [&str; 15] = [
    "attacks_if_able",
    "attacks_player_other_than_if_able",
    "player_attacks_if_able",
    "cant_attack",
    "min_other_attackers",
    "cant_attack_alone",
    "attacks_only_alone",
    "max_attackers",
    "attack_cost",
    "cant_attack_unless_other_attacks",
    "attacks_as_though",
    "no_mana_abilities",
    "mana_trigger",
    "mana_multiplier",
    "mana_instead",
];

/// Every effect kind.
fn kinds() -> impl Iterator<Item = &'static str> {
    EFFECT_KINDS.iter().chain(BLOCK_KINDS.iter()).copied()
}

/// The kinds about blocks only (docs/blocks.md), parsed by `parse_block_effect`.
const BLOCK_KINDS: [&str; 17] = [
    "cant_block",
    "blocks_if_able",
    "lure",
    "cant_block_alone",
    "max_blockers",
    "can_block_only",
    "cant_be_blocked",
    "cant_be_blocked_except_by",
    "cant_be_blocked_by_more_than",
    "cant_be_blocked_by",
    "must_be_blocked_by_all",
    "must_be_blocked_if_able",
    "must_be_blocked_by_exactly_one",
    "blocks_creature_if_able",
    "can_block_additional",
    "can_block_any_number",
    "block_cost",
];

use crate::vocab::fields::CARD_TYPES;

struct Ctx<'a> {
    file: &'a str,
    players: HashMap<String, usize>,
    permanents: HashMap<String, usize>,
}

impl Ctx<'_> {
    fn err(&self, path: impl Into<String>, msg: impl Into<String>) -> InputError {
        InputError::new(self.file, path, msg)
    }

    fn player(&self, path: &str, id: &str) -> Result<usize, InputError> {
        self.players.get(id).copied().ok_or_else(|| self.err(path, unknown_id("a player", id, self.players.keys().map(String::as_str))))
    }

    fn permanent(&self, path: &str, id: &str) -> Result<usize, InputError> {
        self.permanents.get(id).copied().ok_or_else(|| self.err(path, unknown_id("a permanent", id, self.permanents.keys().map(String::as_str))))
    }

    fn string<'v>(&self, path: &str, v: &'v Value, what: &str) -> Result<&'v str, InputError> {
        v.as_str().ok_or_else(|| self.err(path, format!("expected {what}, found {}", kind_of(v))))
    }

    fn player_list(&self, path: &str, v: &Value) -> Result<Vec<usize>, InputError> {
        let arr = v.as_array().ok_or_else(|| self.err(path, format!("expected a list of player ids, found {}", kind_of(v))))?;
        arr.iter()
            .enumerate()
            .map(|(i, x)| {
                let p = format!("{path}[{i}]");
                self.player(&p, self.string(&p, x, "a player id")?)
            })
            .collect()
    }

    fn permanent_list(&self, path: &str, v: &Value) -> Result<Vec<usize>, InputError> {
        let arr = v.as_array().ok_or_else(|| self.err(path, format!("expected a list of permanent ids, found {}", kind_of(v))))?;
        arr.iter()
            .enumerate()
            .map(|(i, x)| {
                let p = format!("{path}[{i}]");
                self.permanent(&p, self.string(&p, x, "a permanent id")?)
            })
            .collect()
    }
}

/// What kind of JSON value this is, for messages ("found a list").
pub fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn check_len(ctx: &Ctx, path: &str, s: &str) -> Result<(), InputError> {
    if s.len() > MAX_STRING {
        return Err(ctx.err(path, format!("expected a string of at most {MAX_STRING} bytes, found {} bytes", s.len())));
    }
    Ok(())
}

pub(super) fn validate_board(board: Board, file: &str, mut warnings: Vec<Warning>) -> Result<ValidBoard, InputError> {
    let mut ctx = Ctx { file, players: HashMap::new(), permanents: HashMap::new() };
    check_sizes(&ctx, &board)?;
    if let Some(import) = &board.import {
        super::imported::check_import(file, import)?;
    }
    let left = index_ids(&mut ctx, &board)?;
    let active = ctx.player("active_player", &board.active_player)?;
    check_players(&ctx, &board.players, &mut warnings)?;
    check_variant(&ctx, &board, active, &mut warnings)?;
    let pools = parse_pools(&ctx, &board.players)?;
    let refs = resolve_permanents(&ctx, &board.permanents, &left, &mut warnings)?;

    // Colors are kept as letters from here on, so "Black" and "B" select alike.
    let mut board = board;
    for p in &mut board.permanents {
        for c in &mut p.colors {
            if let Some(t) = parse_color(c) {
                *c = t.letter().to_string();
            }
        }
    }
    let mut effects = Vec::new();
    for (i, e) in board.effects.iter().enumerate() {
        effects.push(validate_effect(&ctx, i, e, &mut warnings)?);
    }
    if let Some(combat) = &board.combat {
        check_combat_ids(&ctx, combat)?;
    }

    let n = board.permanents.len();
    let player_ids = ctx.players;
    let permanent_ids = ctx.permanents;
    let vb = ValidBoard {
        board,
        file: file.to_string(),
        active,
        player_ids,
        permanent_ids,
        goaded_by: refs.goaded_by,
        goaded_by_left: refs.goaded_by_left,
        controller: refs.controller,
        protector: refs.protector,
        attached_to: refs.attached_to,
        enchanted_player: refs.enchanted_player,
        chosen_player: refs.chosen_player,
        as_though_haste: vec![false; n],
        as_though_no_defender: vec![false; n],
        no_mana: vec![false; n],
        abilities_lost: vec![false; n],
        mana_effects: vec![],
        mana: refs.mana,
        untap_mana: refs.untap_mana,
        pools,
        effects,
        warnings,
        text_effects: HashMap::new(),
        assumptions: Vec::new(),
    };
    Ok(vb)
}

/// The ids of `combat.attacks` name a permanent and a player or permanent, each attacker once;
/// what they must be (a creature of the attacking side, a target with a defending player) is
/// checked where the block rules are built (`crate::rules::blocks`).
fn check_combat_ids(ctx: &Ctx, combat: &super::Combat) -> Result<(), InputError> {
    if combat.attacks.len() > MAX_PERMANENTS {
        return Err(ctx.err("combat.attacks", format!("expected at most {MAX_PERMANENTS} attacks, found {}", combat.attacks.len())));
    }
    let mut seen = HashSet::new();
    for (i, a) in combat.attacks.iter().enumerate() {
        let path = format!("combat.attacks[{i}].creature");
        ctx.permanent(&path, &a.creature)?;
        if !seen.insert(a.creature.as_str()) {
            return Err(ctx.err(path, format!("expected each creature at most once (CR 506.4), found \"{}\" attacking twice", a.creature)));
        }
        if !ctx.players.contains_key(&a.target) && !ctx.permanents.contains_key(&a.target) {
            let all = ctx.players.keys().chain(ctx.permanents.keys()).map(String::as_str);
            return Err(ctx.err(format!("combat.attacks[{i}].target"), unknown_id("a player, planeswalker or battle", &a.target, all)));
        }
    }
    Ok(())
}

/// The format version, and the input limits of docs/format.md on the board's lists.
fn check_sizes(ctx: &Ctx, board: &Board) -> Result<(), InputError> {
    if board.attackopt != 1 {
        return Err(ctx.err("attackopt", format!("expected format version 1, found {}", board.attackopt)));
    }
    if board.players.is_empty() {
        return Err(ctx.err("players", "expected at least one player"));
    }
    if board.players.len() > MAX_PLAYERS {
        return Err(ctx.err("players", format!("expected at most {MAX_PLAYERS} players, found {}", board.players.len())));
    }
    if board.permanents.len() > MAX_PERMANENTS {
        return Err(ctx.err("permanents", format!("expected at most {MAX_PERMANENTS} permanents, found {}", board.permanents.len())));
    }
    if board.left_the_game.len() > MAX_PLAYERS {
        return Err(ctx.err("left_the_game", format!("expected at most {MAX_PLAYERS} players, found {}", board.left_the_game.len())));
    }
    if board.effects.len() > MAX_EFFECTS {
        return Err(ctx.err("effects", format!("expected at most {MAX_EFFECTS} effects, found {}", board.effects.len())));
    }
    Ok(())
}

/// Index the players and permanents by id into `ctx`; the players who have left the game by id,
/// returned.
fn index_ids<'b>(ctx: &mut Ctx, board: &'b Board) -> Result<HashMap<&'b str, usize>, InputError> {
    // Ids are unique across players and permanents (docs/format.md).
    let mut seen: HashMap<&str, String> = HashMap::new();
    for (i, p) in board.players.iter().enumerate() {
        let path = format!("players[{i}].id");
        check_id(ctx, &path, &p.id, &mut seen)?;
        ctx.players.insert(p.id.clone(), i);
    }
    for (i, p) in board.permanents.iter().enumerate() {
        let path = format!("permanents[{i}].id");
        check_id(ctx, &path, &p.id, &mut seen)?;
        ctx.permanents.insert(p.id.clone(), i);
    }

    // Players who have left the game (CR 800.4a): ids unique among everything else's too.
    let mut left: HashMap<&str, usize> = HashMap::new();
    for (i, id) in board.left_the_game.iter().enumerate() {
        let path = format!("left_the_game[{i}]");
        check_id(ctx, &path, id, &mut seen)?;
        left.insert(id.as_str(), i);
    }
    Ok(left)
}

/// The players' own fields: teams, names, the players they attacked, their graveyards and
/// spells, their speed.
fn check_players(ctx: &Ctx, players: &[Player], warnings: &mut Vec<Warning>) -> Result<(), InputError> {
    for (i, p) in players.iter().enumerate() {
        if let Some(t) = &p.team {
            check_len(ctx, &format!("players[{i}].team"), t)?;
        }
    }
    check_player_names(ctx, players, warnings)?;
    for (i, p) in players.iter().enumerate() {
        for (j, x) in p.attacked_players_last_turn.iter().flatten().enumerate() {
            ctx.player(&format!("players[{i}].attacked_players_last_turn[{j}]"), x)?;
        }
        for (j, x) in p.graveyard_cards.iter().flatten().chain(p.spells_cast_this_turn.iter().flatten()).enumerate() {
            check_len(ctx, &format!("players[{i}]"), x).map_err(|e| InputError::new(ctx.file, format!("players[{i}] (entry {j})"), e.message))?;
        }
        if p.speed.is_some_and(|s| s > 4) {
            return Err(ctx.err(format!("players[{i}].speed"), format!("expected a speed from 0 to 4 (CR 702.179), found {}", p.speed.unwrap_or(0))));
        }
    }
    Ok(())
}

/// The variant's defending player: an opponent of the active player, needed by attack "single".
fn check_variant(ctx: &Ctx, board: &Board, active: usize, warnings: &mut Vec<Warning>) -> Result<(), InputError> {
    let team_of = |i: usize| board.players[i].team.clone();
    let same_team = |a: usize, b: usize| a == b || (team_of(a).is_some() && team_of(a) == team_of(b));
    let v = &board.variant;
    if let Some(d) = &v.defending_player {
        let d = ctx.player("variant.defending_player", d)?;
        if same_team(d, active) {
            return Err(ctx.err(
                "variant.defending_player",
                format!("expected an opponent of the active player, found \"{}\", who is on their team", board.players[d].id),
            ));
        }
    } else if v.attack == AttackOption::Single {
        return Err(ctx.err("variant.defending_player", "expected a player id: attack \"single\" needs the chosen defending player (CR 506.2a)"));
    }
    if v.defending_player.is_some() && v.attack != AttackOption::Single {
        warnings.push(
            Warning::new("variant.defending_player", "ignored: it only matters when variant.attack is \"single\"")
                .in_words("the defending player the board names is ignored: it only matters when only one player may be attacked"),
        );
    }
    Ok(())
}

/// Each player's mana pool, one entry per unit.
fn parse_pools(ctx: &Ctx, players: &[Player]) -> Result<Vec<Vec<TypeSet>>, InputError> {
    let mut pools = Vec::new();
    for (i, p) in players.iter().enumerate() {
        let path = format!("players[{i}].mana_pool");
        check_len(ctx, &path, &p.mana_pool)?;
        if p.mana_pool.trim().eq_ignore_ascii_case("any_color") {
            return Err(ctx.err(path, "expected mana in the pool such as \"{R}{R}{2}\", found \"any_color\""));
        }
        pools.push(parse_production(&p.mana_pool).map_err(|m| ctx.err(&path, m))?);
    }
    Ok(pools)
}

/// What the permanents name, resolved to indices, and their mana abilities parsed: one entry per
/// permanent in each list (the fields of [`ValidBoard`] of the same names).
#[derive(Default)]
struct PermanentRefs {
    controller: Vec<usize>,
    protector: Vec<Option<usize>>,
    attached_to: Vec<Option<usize>>,
    enchanted_player: Vec<Option<usize>>,
    chosen_player: Vec<Option<usize>>,
    goaded_by: Vec<Vec<usize>>,
    goaded_by_left: Vec<Vec<usize>>,
    mana: Vec<Vec<ManaAbility>>,
    untap_mana: Vec<Vec<ManaAbility>>,
}

/// Check every permanent, in order (the first error found is the board's), and resolve what it
/// names.
fn resolve_permanents(
    ctx: &Ctx,
    permanents: &[Permanent],
    left: &HashMap<&str, usize>,
    warnings: &mut Vec<Warning>,
) -> Result<PermanentRefs, InputError> {
    let mut refs = PermanentRefs::default();
    for (i, p) in permanents.iter().enumerate() {
        let at = |f: &str| format!("permanents[{i}].{f}");
        check_len(ctx, &at("name"), &p.name)?;
        refs.controller.push(ctx.player(&at("controller"), &p.controller)?);
        check_card_fields(ctx, &at, p)?;
        let (goaders, gone) = resolve_goaders(ctx, &at, p, left)?;
        refs.goaded_by.push(goaders);
        refs.goaded_by_left.push(gone);
        refs.protector.push(resolve_protector(ctx, &at, p, warnings)?);
        // An Aura enchants a permanent, or a player (a Curse, CR 303.4).
        match p.attached_to.as_deref() {
            Some(x) if ctx.players.contains_key(x) => {
                refs.attached_to.push(None);
                refs.enchanted_player.push(ctx.players.get(x).copied());
            }
            other => {
                refs.attached_to.push(other.map(|x| ctx.permanent(&at("attached_to"), x)).transpose()?);
                refs.enchanted_player.push(None);
            }
        }
        refs.chosen_player.push(p.chosen_player.as_deref().map(|x| ctx.player(&at("chosen_player"), x)).transpose()?);
        check_named_permanents(ctx, &at, i, p)?;
        check_choices(ctx, &at, p)?;
        let (abilities, untap) = parse_mana_abilities(ctx, &at, p)?;
        refs.mana.push(abilities);
        refs.untap_mana.push(untap);
    }
    Ok(refs)
}

/// A permanent's card: its types, power and toughness, counters, colors, subtypes, keywords,
/// type line and Oracle text, each within its limits.
fn check_card_fields(ctx: &Ctx, at: &dyn Fn(&str) -> String, p: &Permanent) -> Result<(), InputError> {
    for (j, t) in p.types.iter().enumerate() {
        if !CARD_TYPES.iter().any(|k| k.eq_ignore_ascii_case(t)) {
            let hint = super::error::nearest(t, CARD_TYPES).map(|s| format!(" (did you mean \"{s}\"?)")).unwrap_or_default();
            return Err(
                ctx.err(at(&format!("types[{j}]")), format!("expected a card type of a permanent ({}), found \"{t}\"{hint}", CARD_TYPES.join(", ")))
            );
        }
    }
    // Powers are summed in floating point by the integer program: keep them far from 2^53.
    // `contains`, not `abs()`: i64::MIN.abs() wraps to itself (issue 11, F02).
    for (field, v) in [("power", p.power), ("toughness", p.toughness)] {
        if !(-MAX_POWER..=MAX_POWER).contains(&v) {
            return Err(ctx.err(at(field), format!("expected a {field} between -{MAX_POWER} and {MAX_POWER}, found {v}")));
        }
    }
    // Nils, Discipline Enforcer makes counters a generic cost {X} (CR 107.3): the same bound
    // as a mana string's {N}.
    if p.counters > crate::vocab::symbol::MAX_GENERIC {
        let max = crate::vocab::symbol::MAX_GENERIC;
        return Err(ctx.err(at("counters"), format!("expected at most {max} counters, found {}", p.counters)));
    }
    for (j, c) in p.colors.iter().enumerate() {
        if parse_color(c).is_none() {
            return Err(ctx.err(at(&format!("colors[{j}]")), format!("expected a color W, U, B, R or G, found \"{c}\"")));
        }
    }
    for (j, s) in p.subtypes.iter().enumerate() {
        check_len(ctx, &at(&format!("subtypes[{j}]")), s)?;
    }
    for (j, s) in p.keywords.iter().enumerate() {
        check_len(ctx, &at(&format!("keywords[{j}]")), s)?;
    }
    if let Some(t) = &p.type_line {
        check_len(ctx, &at("type_line"), t)?;
    }
    if let Some(t) = p.oracle_text.as_ref().filter(|t| t.len() > MAX_ORACLE_TEXT) {
        return Err(ctx.err(at("oracle_text"), format!("expected an Oracle text of at most {MAX_ORACLE_TEXT} bytes, found {} bytes", t.len())));
    }
    Ok(())
}

/// `goaded_by` as the players in the game and the players who have left it (indices into
/// `left_the_game`), each deduplicated.
fn resolve_goaders(
    ctx: &Ctx,
    at: &dyn Fn(&str) -> String,
    p: &Permanent,
    left: &HashMap<&str, usize>,
) -> Result<(Vec<usize>, Vec<usize>), InputError> {
    let (mut goaders, mut gone) = (Vec::new(), Vec::new());
    for (j, g) in p.goaded_by.iter().enumerate() {
        let path = at(&format!("goaded_by[{j}]"));
        // CR 701.15d: goaded again by the same player adds nothing.
        if let Some(&l) = left.get(g.as_str()) {
            if !gone.contains(&l) {
                gone.push(l);
            }
            continue;
        }
        let g = ctx.player(&path, g).map_err(|e| {
            let hint = " (a goading player who has left the game is listed in the board's \"left_the_game\", CR 800.4a)";
            InputError::new(ctx.file, path.as_str(), format!("{}{hint}", e.message))
        })?;
        if !goaders.contains(&g) {
            goaders.push(g);
        }
    }
    Ok((goaders, gone))
}

/// A battle's protector, with a warning where it is missing (the battle can't be attacked) or
/// where it is on another permanent (ignored).
fn resolve_protector(ctx: &Ctx, at: &dyn Fn(&str) -> String, p: &Permanent, warnings: &mut Vec<Warning>) -> Result<Option<usize>, InputError> {
    let prot = p.protector.as_deref().map(|x| ctx.player(&at("protector"), x)).transpose()?;
    if p.has_type("Battle") && prot.is_none() {
        warnings.push(
            Warning::new(at("protector"), "a battle without a protector can't be attacked (CR 310.8)")
                .in_words("no player protects this battle, so it can't be attacked (CR 310.8): give its protector if it has one"),
        );
    }
    if prot.is_some() && !p.has_type("Battle") {
        warnings.push(
            Warning::new(at("protector"), "ignored: only battles have a protector").in_words("its protector is ignored: only battles have one"),
        );
    }
    Ok(prot)
}

/// The permanents and players a permanent names besides its Aura's: its pair, what its trigger
/// named, the players it attacked this turn.
fn check_named_permanents(ctx: &Ctx, at: &dyn Fn(&str) -> String, i: usize, p: &Permanent) -> Result<(), InputError> {
    if let Some(list) = &p.paired_with {
        // CR 702.95: a creature is paired with one other creature, or with none.
        if list.len() > 1 {
            return Err(ctx.err(at("paired_with"), format!("expected at most one id (a creature is paired with one other), found {}", list.len())));
        }
        for (j, x) in list.iter().enumerate() {
            let q = ctx.permanent(&at(&format!("paired_with[{j}]")), x)?;
            if q == i {
                return Err(ctx.err(at(&format!("paired_with[{j}]")), format!("expected another creature, found its own id \"{x}\"")));
            }
        }
    }
    // A triggered ability names a few permanents (a token, two targets): a longer list is
    // no trigger's.
    if let Some(n) = p.trigger_permanents.as_ref().map(Vec::len).filter(|n| *n > 16) {
        return Err(ctx.err(at("trigger_permanents"), format!("expected at most 16 entries (what one triggered ability named), found {n}")));
    }
    for (j, x) in p.trigger_permanents.iter().flatten().enumerate() {
        if let Some(x) = x {
            ctx.permanent(&at(&format!("trigger_permanents[{j}]")), x)?;
        }
    }
    for (j, x) in p.attacked_players_this_turn.iter().flatten().enumerate() {
        ctx.player(&at(&format!("attacked_players_this_turn[{j}]")), x)?;
    }
    Ok(())
}

/// What was chosen for a permanent (a color, a direction) and its counters by kind.
fn check_choices(ctx: &Ctx, at: &dyn Fn(&str) -> String, p: &Permanent) -> Result<(), InputError> {
    if let Some(c) = &p.chosen_color {
        if parse_color(c).is_none() {
            return Err(ctx.err(at("chosen_color"), format!("expected a color W, U, B, R or G, found \"{c}\"")));
        }
    }
    if let Some(d) = p.chosen_direction.as_deref().filter(|d| !matches!(*d, "left" | "right")) {
        return Err(ctx.err(at("chosen_direction"), format!("expected \"left\" or \"right\", found \"{d}\"")));
    }
    if let Some(map) = &p.counters_of {
        for (kind, n) in map {
            check_len(ctx, &at("counters_of"), kind)?;
            if *n > crate::vocab::symbol::MAX_GENERIC {
                let max = crate::vocab::symbol::MAX_GENERIC;
                return Err(ctx.err(at(&format!("counters_of.{kind}")), format!("expected at most {max} counters, found {n}")));
            }
        }
    }
    Ok(())
}

/// A permanent's written `mana` abilities: the {T} ones, and the {Q} ones (`"untap": true`,
/// CR 107.6).
fn parse_mana_abilities(ctx: &Ctx, at: &dyn Fn(&str) -> String, p: &Permanent) -> Result<(Vec<ManaAbility>, Vec<ManaAbility>), InputError> {
    let (mut abilities, mut untap) = (Vec::new(), Vec::new());
    for (j, m) in p.mana.iter().enumerate() {
        let a = parse_mana_ability(ctx, &at(&format!("mana[{j}].add")), &m.add)?;
        if m.untap {
            untap.push(a)
        } else {
            abilities.push(a)
        }
    }
    Ok((abilities, untap))
}

/// Players' names are shown only ("Alice (B)"), so they are checked for what would garble an
/// answer: an empty name would show as " (B)" (leave `name` out instead, as ids are non-empty),
/// and a control character such as a newline would break a text answer's lines. Two players may
/// share a name, as people do, since the id shown after it keeps answers unambiguous; it is
/// more often a copied line than two Alices, so it gets a warning.
fn check_player_names(ctx: &Ctx, players: &[Player], warnings: &mut Vec<Warning>) -> Result<(), InputError> {
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (i, p) in players.iter().enumerate() {
        let Some(name) = &p.name else { continue };
        let path = format!("players[{i}].name");
        check_len(ctx, &path, name)?;
        if name.trim().is_empty() {
            return Err(ctx.err(path, "expected a non-empty name (leave `name` out to name the player by id)"));
        }
        if name.chars().any(char::is_control) {
            return Err(ctx.err(path, "expected a name without control characters (a newline would break a text answer's lines)"));
        }
        match first.get(name.as_str()) {
            Some(&j) => warnings.push(
                Warning::new(path, format!("\"{name}\" also names players[{j}] (\"{}\"); answers tell them apart by id", players[j].id))
                    .in_words(format!("another player is named \"{name}\" too, {}: answers tell them apart by id", players[j].id)),
            ),
            None => {
                first.insert(name, i);
            }
        }
    }
    Ok(())
}

fn check_id<'a>(ctx: &Ctx, path: &str, id: &'a str, seen: &mut HashMap<&'a str, String>) -> Result<(), InputError> {
    if id.is_empty() {
        return Err(ctx.err(path, "expected a non-empty id"));
    }
    check_len(ctx, path, id)?;
    if let Some(first) = seen.get(id) {
        return Err(ctx.err(path, format!("expected a unique id, found \"{id}\", already used at {first}")));
    }
    seen.insert(id, path.to_string());
    Ok(())
}

/// A color letter or name ("B", "black").
pub fn parse_color(s: &str) -> Option<ManaType> {
    let t = match s.to_ascii_lowercase().as_str() {
        "w" | "white" => ManaType::W,
        "u" | "blue" => ManaType::U,
        "b" | "black" => ManaType::B,
        "r" | "red" => ManaType::R,
        "g" | "green" => ManaType::G,
        _ => return None,
    };
    Some(t)
}

fn parse_mana_ability(ctx: &Ctx, path: &str, v: &Value) -> Result<ManaAbility, InputError> {
    match v {
        Value::String(s) => {
            check_len(ctx, path, s)?;
            let units = parse_production(s).map_err(|m| ctx.err(path, m))?;
            if units.is_empty() {
                return Err(ctx.err(path, "expected at least one mana symbol, found an empty mana string"));
            }
            Ok(ManaAbility::Fixed(units))
        }
        Value::Object(o) => {
            for k in o.keys() {
                if k != "could_produce" && k != "kind" {
                    return Err(ctx.err(format!("{path}.{k}"), "unknown field: expected only \"could_produce\" and \"kind\""));
                }
            }
            let lands = match o.get("could_produce").and_then(Value::as_str) {
                Some("lands_of_opponents") => LandsOf::Opponents,
                Some("lands_you_control") => LandsOf::Controller,
                _ => return Err(ctx.err(format!("{path}.could_produce"), "expected \"lands_of_opponents\" or \"lands_you_control\"")),
            };
            let colors_only = match o.get("kind").and_then(Value::as_str) {
                Some("color") => true,
                Some("type") => false,
                _ => return Err(ctx.err(format!("{path}.kind"), "expected \"color\" or \"type\"")),
            };
            Ok(ManaAbility::CouldProduce { lands, colors_only })
        }
        other => Err(ctx.err(
            path,
            format!("expected a mana string (\"{{G}}\"), \"any_color\" or {{\"could_produce\": ..., \"kind\": ...}}, found {}", kind_of(other)),
        )),
    }
}

/// The most permanents one non-mana cost asks for (a count is hostile like any number).
pub const MAX_ACTION_COUNT: u32 = 100;

/// `sacrifice` / `return_to_hand` of an `attack_cost`: `{"count": N, "of": SELECTOR}` (CR
/// 508.1g), `count` 1 when left out.
fn parse_action_cost(ctx: &Ctx, path: &str, action: Action, v: &Value) -> Result<ActionCost, InputError> {
    let Value::Object(o) = v else {
        return Err(
            ctx.err(path, format!("expected an object such as {{\"count\": 1, \"of\": {{\"card_types\": [\"Land\"]}}}}, found {}", kind_of(v)))
        );
    };
    let mut count = 1;
    let mut of = None;
    for (k, x) in o {
        let p = format!("{path}.{k}");
        match k.as_str() {
            "count" => {
                count = x
                    .as_u64()
                    .and_then(|n| u32::try_from(n).ok())
                    .filter(|n| (1..=MAX_ACTION_COUNT).contains(n))
                    .ok_or_else(|| ctx.err(&p, format!("expected an integer from 1 to {MAX_ACTION_COUNT}, found {x}")))?
            }
            "of" => of = Some(parse_selector(ctx, &p, x)?),
            _ => return Err(ctx.err(p, "unknown field: expected count or of")),
        }
    }
    let of = of.ok_or_else(|| {
        ctx.err(format!("{path}.of"), "expected a selector of the permanents that may be given up, such as {\"card_types\": [\"Land\"]}")
    })?;
    Ok(ActionCost { action, count, of })
}

fn parse_selector(ctx: &Ctx, path: &str, v: &Value) -> Result<Selector, InputError> {
    match v {
        Value::String(s) if s == "all" => Ok(Selector::All),
        Value::Array(_) => Ok(Selector::Ids(ctx.permanent_list(path, v)?)),
        Value::Object(o) => {
            let mut f = Filter::default();
            for (k, x) in o {
                let p = format!("{path}.{k}");
                match k.as_str() {
                    "controller" => f.controller = Some(ctx.player(&p, ctx.string(&p, x, "a player id")?)?),
                    "opponents_of" => f.opponents_of = Some(ctx.player(&p, ctx.string(&p, x, "a player id")?)?),
                    "subtype" | "keyword" | "without_keyword" => {
                        let what = if k == "subtype" { "a subtype such as \"Goblin\"" } else { "a keyword such as \"Flying\"" };
                        let v = ctx.string(&p, x, what)?;
                        check_len(ctx, &p, v)?;
                        let v = Some(v.to_string());
                        match k.as_str() {
                            "subtype" => f.subtype = v,
                            "keyword" => f.keyword = v,
                            _ => f.without_keyword = v,
                        }
                    }
                    "color" | "not_color" => {
                        let s = ctx.string(&p, x, "a color W, U, B, R or G")?;
                        let c = parse_color(s).ok_or_else(|| ctx.err(&p, format!("expected a color W, U, B, R or G, found \"{s}\"")))?;
                        if k == "color" {
                            f.color = Some(c)
                        } else {
                            f.not_color = Some(c)
                        }
                    }
                    "power_greater_than" | "power_at_most" => {
                        let n = Some(x.as_i64().ok_or_else(|| ctx.err(&p, format!("expected an integer, found {}", kind_of(x))))?);
                        if k == "power_greater_than" {
                            f.power_greater_than = n
                        } else {
                            f.power_at_most = n
                        }
                    }
                    "except" => f.except = ctx.permanent_list(&p, x)?,
                    "colors" => {
                        f.colors = string_list(ctx, &p, x, "a color W, U, B, R or G", |s| {
                            parse_color(s).ok_or_else(|| format!("expected a color W, U, B, R or G, found \"{s}\""))
                        })?;
                        if f.colors.is_empty() {
                            return Err(ctx.err(p, "expected at least one color (a creature with one of them is selected)"));
                        }
                    }
                    "card_types" | "not_card_types" => {
                        let types = string_list(ctx, &p, x, "a card type such as \"Artifact\"", card_type)?;
                        if k == "card_types" {
                            if types.is_empty() {
                                return Err(ctx.err(p, "expected at least one card type (a creature with one of them is selected)"));
                            }
                            f.card_types = types;
                        } else {
                            f.not_card_types = types;
                        }
                    }
                    _ => {
                        const FIELDS: [&str; 13] = [
                            "controller",
                            "opponents_of",
                            "subtype",
                            "color",
                            "not_color",
                            "colors",
                            "keyword",
                            "without_keyword",
                            "power_greater_than",
                            "power_at_most",
                            "card_types",
                            "not_card_types",
                            "except",
                        ];
                        let hint = super::error::nearest(k, FIELDS).map(|s| format!(" (did you mean \"{s}\"?)")).unwrap_or_default();
                        return Err(ctx.err(p, format!("unknown selector field: expected one of {}{hint}", FIELDS.join(", "))));
                    }
                }
            }
            Ok(Selector::Filter(f))
        }
        other => {
            Err(ctx.err(path, format!("expected a selector: \"all\", a list of creature ids, or an object of conditions, found {}", describe(other))))
        }
    }
}

/// A card type (any case) in its canonical spelling, or what was expected.
fn card_type(s: &str) -> Result<String, String> {
    match CARD_TYPES.iter().find(|k| k.eq_ignore_ascii_case(s)) {
        Some(k) => Ok(k.to_string()),
        None => {
            let hint = super::error::nearest(s, CARD_TYPES).map(|k| format!(" (did you mean \"{k}\"?)")).unwrap_or_default();
            Err(format!("expected a card type ({}), found \"{s}\"{hint}", CARD_TYPES.join(", ")))
        }
    }
}

/// A list of strings, each parsed by `parse` (whose error names what was expected), with the
/// path of the entry at fault.
fn string_list<T>(ctx: &Ctx, path: &str, v: &Value, what: &str, parse: impl Fn(&str) -> Result<T, String>) -> Result<Vec<T>, InputError> {
    let arr = v.as_array().ok_or_else(|| ctx.err(path, format!("expected a list, each entry {what}, found {}", kind_of(v))))?;
    arr.iter()
        .enumerate()
        .map(|(i, x)| {
            let p = format!("{path}[{i}]");
            parse(ctx.string(&p, x, what)?).map_err(|m| ctx.err(&p, m))
        })
        .collect()
}

fn describe(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{s}\""),
        other => kind_of(other).to_string(),
    }
}

fn parse_target(ctx: &Ctx, path: &str, v: &Value) -> Result<TargetSpec, InputError> {
    let o = v.as_object().ok_or_else(|| {
        ctx.err(path, format!("expected a target set {{\"players\": [...], \"planeswalkers_of\": [...], \"battles_protected_by\": [...], \"permanents\": [...]}}, found {}", kind_of(v)))
    })?;
    let mut t = TargetSpec::default();
    for (k, x) in o {
        let p = format!("{path}.{k}");
        match k.as_str() {
            "players" => t.players = ctx.player_list(&p, x)?,
            "planeswalkers_of" => t.planeswalkers_of = ctx.player_list(&p, x)?,
            "battles_protected_by" => t.battles_protected_by = ctx.player_list(&p, x)?,
            "permanents" => t.permanents = ctx.permanent_list(&p, x)?,
            _ => {
                const FIELDS: [&str; 4] = ["players", "planeswalkers_of", "battles_protected_by", "permanents"];
                let hint = super::error::nearest(k, FIELDS).map(|s| format!(" (did you mean \"{s}\"?)")).unwrap_or_default();
                return Err(ctx.err(p, format!("unknown target set field: expected one of {}{hint}", FIELDS.join(", "))));
            }
        }
    }
    Ok(t)
}

/// The `cost` of `attack_cost` and `block_cost`: a non-empty mana string (`"{0}"` for a zero
/// cost).
fn mana_cost(ctx: &Ctx, path: &str, cost_str: &str) -> Result<Vec<Symbol>, InputError> {
    check_len(ctx, path, cost_str)?;
    let cost = parse_symbols(cost_str).map_err(|m| ctx.err(path, m))?;
    if cost.is_empty() {
        return Err(ctx.err(path, "expected a mana string such as \"{2}\" (write \"{0}\" for a zero cost), found an empty string"));
    }
    Ok(cost)
}

/// The most a block count may be (`count` of the block kinds): far past any card (Hundred-Handed
/// One's 99) and any combat, low enough that capacities and counts add up without overflow.
pub const MAX_BLOCK_COUNT: u32 = 1_000_000;

/// The kinds about blocks only (docs/blocks.md), CR 509.1a-c, with the fields each reads. The
/// kinds on attackers read `attackers`, or `creatures` in its place (not both).
fn parse_block_effect(ctx: &Ctx, i: usize, e: &super::Effect) -> Result<(EffectKind, &'static [&'static str]), InputError> {
    let at = |f: &str| format!("effects[{i}].{f}");
    let kind = e.kind.as_str();
    let selector = |field: &str, v: &Option<Value>| -> Result<Selector, InputError> {
        let v = v
            .as_ref()
            .ok_or_else(|| ctx.err(at(field), format!("expected a selector (\"all\", a list of ids, or an object): {kind} needs {field}")))?;
        parse_selector(ctx, &at(field), v)
    };
    let creatures = || selector("creatures", &e.creatures);
    let attackers = || -> Result<Selector, InputError> {
        if e.attackers.is_some() && e.creatures.is_some() {
            return Err(ctx.err(at("attackers"), format!("expected attackers or creatures for {kind}, not both")));
        }
        if e.creatures.is_some() {
            creatures()
        } else {
            selector("attackers", &e.attackers)
        }
    };
    // `least`: the smallest count the kind allows (0 for "by more than 0": can't be blocked).
    let count = |least: u32| -> Result<u32, InputError> {
        let n = e.count.ok_or_else(|| ctx.err(at("count"), format!("expected an integer from {least} to {MAX_BLOCK_COUNT}: {kind} needs count")))?;
        if !(least..=MAX_BLOCK_COUNT).contains(&n) {
            return Err(ctx.err(at("count"), format!("expected an integer from {least} to {MAX_BLOCK_COUNT} for {kind}, found {n}")));
        }
        Ok(n)
    };
    const ON_ATTACKERS: &[&str] = &["attackers", "creatures"];
    Ok(match kind {
        "cant_block" => (EffectKind::CantBlock { creatures: creatures()? }, &["creatures"]),
        "blocks_if_able" => (EffectKind::BlocksIfAble { creatures: creatures()? }, &["creatures"]),
        "cant_block_alone" => {
            let others = if e.count.is_some() { count(1)? } else { 1 };
            (EffectKind::CantBlockAlone { creatures: creatures()?, others }, &["creatures", "count"])
        }
        "max_blockers" => (EffectKind::MaxBlockers { count: count(0)? }, &["count"]),
        "can_block_only" => {
            (EffectKind::CanBlockOnly { creatures: creatures()?, attackers: selector("attackers", &e.attackers)? }, &["creatures", "attackers"])
        }
        "blocks_creature_if_able" => {
            let id = e
                .attacker
                .as_ref()
                .ok_or_else(|| ctx.err(at("attacker"), format!("expected the id of an attacking creature: {kind} needs attacker")))?;
            (EffectKind::BlocksCreatureIfAble { creatures: creatures()?, attacker: ctx.permanent(&at("attacker"), id)? }, &["creatures", "attacker"])
        }
        "can_block_additional" => (EffectKind::CanBlockAdditional { creatures: creatures()?, count: count(1)? }, &["creatures", "count"]),
        "can_block_any_number" => (EffectKind::CanBlockAnyNumber { creatures: creatures()? }, &["creatures"]),
        "lure" => (EffectKind::Lure { creatures: attackers()? }, ON_ATTACKERS),
        "cant_be_blocked" => (EffectKind::CantBeBlocked { attackers: attackers()? }, ON_ATTACKERS),
        "cant_be_blocked_except_by" => {
            (EffectKind::CantBeBlockedExceptBy { attackers: attackers()?, count: count(1)? }, &["attackers", "creatures", "count"])
        }
        "cant_be_blocked_by_more_than" => {
            (EffectKind::CantBeBlockedByMoreThan { attackers: attackers()?, count: count(0)? }, &["attackers", "creatures", "count"])
        }
        "cant_be_blocked_by" => (
            EffectKind::CantBeBlockedBy { attackers: attackers()?, blockers: selector("blockers", &e.blockers)? },
            &["attackers", "creatures", "blockers"],
        ),
        "must_be_blocked_by_all" => (EffectKind::MustBeBlockedByAll { attackers: attackers()? }, ON_ATTACKERS),
        "must_be_blocked_if_able" => (EffectKind::MustBeBlockedIfAble { attackers: attackers()? }, ON_ATTACKERS),
        "must_be_blocked_by_exactly_one" => (EffectKind::MustBeBlockedByExactlyOne { attackers: attackers()? }, ON_ATTACKERS),
        // CR 509.1d: mana only. The non-mana parts of attack_cost (sacrifice, return to hand)
        // are refused rather than ignored: no cost to block reads them yet.
        "block_cost" => {
            for (field, v) in [("sacrifice", &e.sacrifice), ("return_to_hand", &e.return_to_hand)] {
                if v.is_some() {
                    return Err(
                        ctx.err(at(field), "expected only a mana cost for block_cost: non-mana costs to block are not read (write the mana in cost)")
                    );
                }
            }
            let cost = e.cost.as_deref().ok_or_else(|| ctx.err(at("cost"), "expected a mana string such as \"{2}\": block_cost needs cost"))?;
            (EffectKind::BlockCost { creatures: creatures()?, cost: mana_cost(ctx, &at("cost"), cost)? }, &["creatures", "cost"])
        }
        _ => return Err(ctx.err(at("kind"), format!("expected an effect kind about blocks ({}), found \"{kind}\"", BLOCK_KINDS.join(", ")))),
    })
}

fn validate_effect(ctx: &Ctx, i: usize, e: &super::Effect, warnings: &mut Vec<Warning>) -> Result<ValidEffect, InputError> {
    let at = |f: &str| format!("effects[{i}].{f}");
    let kind = e.kind.as_str();
    if !kinds().any(|k| k == kind) {
        let hint = super::error::nearest(kind, kinds()).map(|s| format!(" (did you mean \"{s}\"?)")).unwrap_or_default();
        return Err(ctx.err(at("kind"), format!("expected an effect kind ({}), found \"{kind}\"{hint}", kinds().collect::<Vec<_>>().join(", "))));
    }
    if let Some(s) = &e.source {
        check_len(ctx, &at("source"), s)?;
    }
    let creatures = || -> Result<Selector, InputError> {
        let v = e
            .creatures
            .as_ref()
            .ok_or_else(|| ctx.err(at("creatures"), format!("expected a selector (\"all\", a list of ids, or an object): {kind} needs creatures")))?;
        parse_selector(ctx, &at("creatures"), v)
    };
    let target = || e.target.as_ref().map(|v| parse_target(ctx, &at("target"), v)).transpose();
    let count = || e.count.ok_or_else(|| ctx.err(at("count"), format!("expected a non-negative integer: {kind} needs count")));
    let player = || -> Result<usize, InputError> {
        let p = e.player.as_ref().ok_or_else(|| ctx.err(at("player"), format!("expected a player id: {kind} needs player")))?;
        ctx.player(&at("player"), p)
    };
    // Fields each kind reads; any other field present is reported as ignored.
    let (parsed, used): (EffectKind, &[&str]) = match kind {
        "attacks_if_able" => match &e.if_other_attacks {
            None => (EffectKind::AttacksIfAble { creatures: creatures()?, target: target()? }, &["creatures", "target"]),
            // CR 508.1d: "it attacks if some condition is met" (Ekundu Cyclops).
            Some(v) => {
                let others = parse_selector(ctx, &at("if_other_attacks"), v)?;
                (
                    EffectKind::AttacksIfAbleIfOther { creatures: creatures()?, target: target()?, others, any_controller: false },
                    &["creatures", "target", "if_other_attacks"],
                )
            }
        },
        "attacks_player_other_than_if_able" => {
            (EffectKind::AttacksPlayerOtherThan { creatures: creatures()?, player: player()? }, &["creatures", "player"])
        }
        "player_attacks_if_able" => {
            let target = target()?.ok_or_else(|| ctx.err(at("target"), "expected a target set: player_attacks_if_able needs target"))?;
            (EffectKind::PlayerAttacksIfAble { player: player()?, target }, &["player", "target"])
        }
        "cant_attack" => (EffectKind::CantAttack { creatures: creatures()?, target: target()? }, &["creatures", "target"]),
        "min_other_attackers" => (EffectKind::MinOtherAttackers { creatures: creatures()?, count: count()? }, &["creatures", "count"]),
        "cant_attack_alone" => {
            if let Some(c) = e.count.filter(|c| *c != 1) {
                return Err(ctx.err(at("count"), format!("expected 1 or no count for cant_attack_alone, found {c} (use min_other_attackers)")));
            }
            (EffectKind::MinOtherAttackers { creatures: creatures()?, count: 1 }, &["creatures", "count"])
        }
        "attacks_only_alone" => (EffectKind::AttacksOnlyAlone { creatures: creatures()? }, &["creatures"]),
        k if BLOCK_KINDS.contains(&k) => parse_block_effect(ctx, i, e)?,
        "cant_attack_unless_other_attacks" => {
            let others = e
                .others
                .as_ref()
                .ok_or_else(|| ctx.err(at("others"), format!("expected a selector (\"all\", a list of ids, or an object): {kind} needs others")))?;
            let others = parse_selector(ctx, &at("others"), others)?;
            let (count, greater_power) = (e.count.unwrap_or(1), e.greater_power.unwrap_or(false));
            (
                EffectKind::CantAttackUnlessOthers { creatures: creatures()?, others, count, greater_power },
                &["creatures", "others", "count", "greater_power"],
            )
        }
        "max_attackers" => {
            let per_turn = match e.per.as_deref() {
                None | Some("combat") => false,
                Some("turn") => true,
                Some(other) => return Err(ctx.err(at("per"), format!("expected \"combat\" or \"turn\", found \"{other}\""))),
            };
            (EffectKind::MaxAttackers { count: count()?, target: target()?, per_turn }, &["count", "target", "per"])
        }
        "attack_cost" => {
            let mut actions = Vec::new();
            for (action, spec) in [(Action::Sacrifice, &e.sacrifice), (Action::Return, &e.return_to_hand)] {
                if let Some(v) = spec {
                    actions.push(parse_action_cost(ctx, &at(action.field()), action, v)?);
                }
            }
            // A cost that asks only for permanents needs no mana string.
            let cost = match (&e.cost, actions.is_empty()) {
                (None, false) => vec![],
                (None, true) => {
                    return Err(ctx.err(at("cost"), "expected a mana string such as \"{2}\": attack_cost needs cost (or sacrifice or return_to_hand)"))
                }
                (Some(cost_str), _) => mana_cost(ctx, &at("cost"), cost_str)?,
            };
            (
                EffectKind::AttackCost { creatures: creatures()?, target: target()?, cost, actions },
                &["creatures", "target", "cost", "sacrifice", "return_to_hand"],
            )
        }
        "attacks_as_though" => {
            let (haste, defender) = match e.as_though.as_deref() {
                Some("haste") => (true, false),
                Some("no_defender") => (false, true),
                Some(other) => return Err(ctx.err(at("as_though"), format!("expected \"haste\" or \"no_defender\", found \"{other}\""))),
                None => return Err(ctx.err(at("as_though"), "expected \"haste\" or \"no_defender\": attacks_as_though needs as_though")),
            };
            (EffectKind::AttacksAsThough { creatures: creatures()?, haste, defender }, &["creatures", "as_though"])
        }
        "no_mana_abilities" => {
            let ids = e
                .permanents
                .as_ref()
                .ok_or_else(|| ctx.err(at("permanents"), "expected a list of permanent ids: no_mana_abilities needs permanents"))?;
            let mut permanents = Vec::with_capacity(ids.len());
            for (j, id) in ids.iter().enumerate() {
                permanents.push(ctx.permanent(&format!("effects[{i}].permanents[{j}]"), id)?);
            }
            (EffectKind::NoManaAbilities { permanents }, &["permanents"])
        }
        "mana_trigger" => (EffectKind::Mana(parse_mana_effect(ctx, i, e)?), &["tapped", "add", "if_produced"]),
        "mana_multiplier" => (EffectKind::Mana(parse_mana_effect(ctx, i, e)?), &["tapped", "count"]),
        "mana_instead" => (EffectKind::Mana(parse_mana_effect(ctx, i, e)?), &["tapped", "add", "keep_amount"]),
        _ => unreachable!("kind checked against EFFECT_KINDS and BLOCK_KINDS"),
    };
    let present = [
        ("creatures", e.creatures.is_some()),
        ("attackers", e.attackers.is_some()),
        ("blockers", e.blockers.is_some()),
        ("attacker", e.attacker.is_some()),
        ("target", e.target.is_some()),
        ("player", e.player.is_some()),
        ("count", e.count.is_some()),
        ("per", e.per.is_some()),
        ("cost", e.cost.is_some()),
        ("others", e.others.is_some()),
        ("greater_power", e.greater_power.is_some()),
        ("if_other_attacks", e.if_other_attacks.is_some()),
        ("as_though", e.as_though.is_some()),
        ("permanents", e.permanents.is_some()),
        ("tapped", e.tapped.is_some()),
        ("add", e.add.is_some()),
        ("if_produced", e.if_produced.is_some()),
        ("keep_amount", e.keep_amount.is_some()),
    ];
    for (field, is_present) in present {
        if is_present && !used.contains(&field) {
            warnings.push(Warning::new(at(field), format!("ignored: {kind} has no {field}")));
        }
    }
    let source = e.source.clone().unwrap_or_else(|| format!("effect {i} ({kind})"));
    Ok(ValidEffect { kind: parsed, source, index: i })
}

/// The most a `mana_multiplier` may multiply by: past any real card (Nyxbloom Ancient's 3),
/// low enough that mana counts stay small (CR 106.12b).
pub const MAX_MANA_FACTOR: u32 = 100;

/// `mana_trigger`, `mana_multiplier` or `mana_instead` (docs/format.md "Effects on mana"):
/// each reads only its own fields, the others present are reported as ignored.
fn parse_mana_effect(ctx: &Ctx, i: usize, e: &super::Effect) -> Result<ManaEffect, InputError> {
    let at = |f: &str| format!("effects[{i}].{f}");
    let kind = e.kind.as_str();
    let tapped = e.tapped.as_ref().ok_or_else(|| {
        ctx.err(at("tapped"), format!("expected a selector of permanents (\"all\", a list of ids, or an object): {kind} needs tapped"))
    })?;
    let tapped = parse_selector(ctx, &at("tapped"), tapped)?;
    let add = || e.add.as_deref().ok_or_else(|| ctx.err(at("add"), format!("expected a mana string such as \"{{G}}\": {kind} needs add")));
    let change = match kind {
        "mana_trigger" => {
            let add = add()?;
            check_len(ctx, &at("add"), add)?;
            let if_produced = match e.if_produced.as_deref() {
                None => None,
                Some(x) => Some(
                    one_letter(x)
                        .ok_or_else(|| ctx.err(at("if_produced"), format!("expected a mana type letter (W, U, B, R, G or C), found \"{x}\"")))?,
                ),
            };
            if add.trim().eq_ignore_ascii_case("same_type") {
                if if_produced.is_some() {
                    return Err(ctx.err(
                        at("if_produced"),
                        "expected no if_produced with \"add\": \"same_type\" (the mana added is already of a type the tap produced)",
                    ));
                }
                ManaChange::AddsSameType
            } else {
                let units = parse_production(add).map_err(|m| ctx.err(at("add"), format!("{m}, or \"same_type\"")))?;
                if units.is_empty() {
                    return Err(ctx.err(at("add"), "expected some mana, such as \"{G}\", found none"));
                }
                ManaChange::Adds { units, if_produced }
            }
        }
        "mana_multiplier" => {
            let n =
                e.count.ok_or_else(|| ctx.err(at("count"), "expected an integer from 2 to 100: mana_multiplier needs count (2: twice as much)"))?;
            if !(2..=MAX_MANA_FACTOR).contains(&n) {
                return Err(ctx.err(at("count"), format!("expected an integer from 2 to {MAX_MANA_FACTOR} (how many times as much mana), found {n}")));
            }
            ManaChange::Multiplies(n)
        }
        _ => {
            let add = add()?;
            let mana = match parse_production(add).as_deref() {
                Ok([one]) if one.iter().count() == 1 => one.first(),
                _ => None,
            };
            let mana = mana.ok_or_else(|| ctx.err(at("add"), format!("expected one mana symbol of one type, such as \"{{B}}\", found \"{add}\"")))?;
            ManaChange::Instead { mana, keep_amount: e.keep_amount.unwrap_or(false) }
        }
    };
    Ok(ManaEffect { tapped, change })
}

fn one_letter(s: &str) -> Option<ManaType> {
    let mut cs = s.trim().chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) => ManaType::from_letter(c),
        _ => None,
    }
}

impl ValidBoard {
    /// The index of the player with this id.
    pub fn player_index(&self, id: &str) -> Option<usize> {
        self.player_ids.get(id).copied()
    }
    /// The index of the permanent with this id.
    pub fn permanent_index(&self, id: &str) -> Option<usize> {
        self.permanent_ids.get(id).copied()
    }
    /// The id of player `i`.
    pub fn player_id(&self, i: usize) -> &str {
        &self.board.players[i].id
    }
    /// Permanent `i`.
    pub fn perm(&self, i: usize) -> &Permanent {
        &self.board.permanents[i]
    }
    /// Permanent `i` as a judge names it: "Island (ai1)", the id alone when it has no name
    /// (issue 13: cards by name in every answer, with the id a program finds them by).
    pub fn permanent_label(&self, i: usize) -> String {
        let p = self.perm(i);
        if p.name.is_empty() || p.name == p.id {
            p.id.clone()
        } else {
            format!("{} ({})", quoted_name(&p.name), p.id)
        }
    }
    /// Player `i` as a judge names them: "Alice (B)", the id alone when they have no name (or
    /// it is their id).
    pub fn player_label(&self, i: usize) -> String {
        let p = &self.board.players[i];
        match &p.name {
            Some(name) if name != &p.id => format!("{} ({})", quoted_name(name), p.id),
            _ => p.id.clone(),
        }
    }
    /// Any id of the board as words: a permanent by [`ValidBoard::permanent_label`], a player by
    /// [`ValidBoard::player_label`], an id the board does not have by the id itself.
    pub fn id_label(&self, id: &str) -> String {
        match (self.permanent_index(id), self.player_index(id)) {
            (Some(p), _) => self.permanent_label(p),
            (None, Some(p)) => self.player_label(p),
            (None, None) => id.to_string(),
        }
    }
    /// What a JSON path of the board is about, as a judge names it: "Propaganda (prop)" for
    /// `permanents[3].name`, "Alice (B)" for `players[1].life`; None for another path.
    pub fn path_subject(&self, path: &str) -> Option<String> {
        let (head, index) = path.split_once('[')?;
        let index: usize = index.split_once(']')?.0.parse().ok()?;
        match head {
            "permanents" if index < self.board.permanents.len() => Some(self.permanent_label(index)),
            "players" if index < self.board.players.len() => Some(self.player_label(index)),
            _ => None,
        }
    }
    /// A field of the board in words: "Alice (B)'s poison" for `players[1].poison`; the path
    /// itself when it is not a player's or a permanent's.
    pub fn field_words(&self, path: &str) -> String {
        let field = path.split_once("].").map(|(_, f)| f.replace(['_', '.'], " "));
        match (self.path_subject(path), field) {
            (Some(subject), Some(field)) => format!("{subject}'s {field}"),
            _ => path.to_string(),
        }
    }
    /// Each warning's words for people begun with what it is about (issue 40): "Propoganda
    /// (prop): attackopt does not know this card ..." once the board is complete; a warning on
    /// the board as a whole keeps its words. Called once, when the position is built.
    pub fn name_warning_subjects(&mut self) {
        let subjects: Vec<Option<String>> = self.warnings.iter().map(|w| self.path_subject(&w.path)).collect();
        for (w, subject) in self.warnings.iter_mut().zip(subjects) {
            if let Some(subject) = subject {
                w.words = format!("{subject}: {}", w.words);
            }
        }
    }
    /// Teammates share a non-null `team`; every player is their own teammate.
    pub fn same_team(&self, a: usize, b: usize) -> bool {
        let (ta, tb) = (&self.board.players[a].team, &self.board.players[b].team);
        a == b || (ta.is_some() && ta == tb)
    }
    /// Whether two players are opponents: not teammates.
    pub fn opponents(&self, a: usize, b: usize) -> bool {
        !self.same_team(a, b)
    }
    /// Whether `player` declares attackers this combat: the active player, or under shared team
    /// turns their whole team (CR 805.10, 810.7).
    pub fn declares_attackers(&self, player: usize) -> bool {
        if self.board.variant.shared_team_turns {
            self.same_team(player, self.active)
        } else {
            player == self.active
        }
    }

    /// Whether teammates share one life total (docs/format.md `shared_life`, CR 810.9).
    pub fn shared_life(&self) -> bool {
        self.board.variant.shared_life.unwrap_or(self.board.variant.shared_team_turns)
    }

    /// Check the ids of a declaration of blockers against this board: an id that names nothing
    /// is bad input (exit 2), in a block or in the payment.
    /// What each block may be (CR 509.1a) is the checker's to say.
    pub fn check_block_declaration_ids(&self, d: &super::BlockDeclaration, file: &str) -> Result<(), InputError> {
        for (i, b) in d.blocks.iter().enumerate() {
            for (field, id) in [("blocker", &b.blocker), ("attacker", &b.attacker)] {
                if self.permanent_index(id).is_none() {
                    let what = if field == "blocker" { "a creature on the board" } else { "an attacking creature" };
                    return Err(InputError::new(
                        file,
                        format!("blocks[{i}].{field}"),
                        unknown_id(what, id, self.permanent_ids.keys().map(String::as_str)),
                    ));
                }
            }
        }
        // CR 509.1d-f: the payment's entries as an attack payment's; whether it pays is the
        // checker's to say.
        self.check_payment_ids(d.payment.as_deref(), file)
    }

    /// Whether the declaration's kind agrees with the board (docs/blocks.md "Commands"): a
    /// board with `combat` asks about blocks, one without about attacks; else bad input naming
    /// the declaration's key `blocks` (exit 2).
    pub fn check_declaration_kind(&self, blocks: bool, file: &str) -> Result<(), InputError> {
        // A board given inline is named `board` (MCP, Python, batch's `FILE:LINE: board`):
        // "the board board has no combat" said nothing; a file's name says which board.
        let the_board =
            if self.file == "board" || self.file.ends_with(": board") { "the board".to_string() } else { format!("the board {}", self.file) };
        match (self.board.combat.is_some(), blocks) {
            (true, false) => Err(InputError::new(
                file,
                "blocks",
                format!(
                    "expected a declaration of blockers, {{\"blocks\": [{{\"blocker\", \"attacker\"}}]}}: {the_board} has combat, so it is asked about blocks (docs/blocks.md); found a declaration of attackers",
                ),
            )),
            (false, true) => Err(InputError::new(
                file,
                "blocks",
                format!(
                    "expected a declaration of attackers: {the_board} has no combat, so it is asked about attacks; a declaration of blockers needs a board with \"combat\" (docs/blocks.md)",
                ),
            )),
            _ => Ok(()),
        }
    }

    /// Check the ids of a declaration against this board: an id that names nothing, or a
    /// creature declared twice, is bad input (exit 2, docs/format.md "Declaration").
    pub fn check_declaration_ids(&self, d: &Declaration, file: &str) -> Result<(), InputError> {
        let mut seen = HashSet::new();
        for (i, a) in d.attacks.iter().enumerate() {
            let path = format!("attacks[{i}].creature");
            if self.permanent_index(&a.creature).is_none() {
                return Err(InputError::new(
                    file,
                    path,
                    unknown_id("a creature on the board", &a.creature, self.permanent_ids.keys().map(String::as_str)),
                ));
            }
            if !seen.insert(a.creature.as_str()) {
                return Err(InputError::new(file, path, format!("expected each creature at most once, found \"{}\" declared twice", a.creature)));
            }
            if self.permanent_index(&a.target).is_none() && self.player_index(&a.target).is_none() {
                let all = self.player_ids.keys().chain(self.permanent_ids.keys()).map(String::as_str);
                return Err(InputError::new(file, format!("attacks[{i}].target"), unknown_id("a player, planeswalker or battle", &a.target, all)));
            }
        }
        self.check_payment_ids(d.payment.as_deref(), file)
    }

    /// Check the entries of a declaration's `payment` (attackers' or blockers'): ids that name
    /// something, one of `permanent` / `player`, mana strings and life that parse.
    fn check_payment_ids(&self, payment: Option<&[super::PaymentEntry]>, file: &str) -> Result<(), InputError> {
        for (i, p) in payment.into_iter().flatten().enumerate() {
            let at = |f: &str| format!("payment[{i}].{f}");
            match (&p.permanent, &p.player) {
                (Some(id), None) => {
                    if self.permanent_index(id).is_none() {
                        return Err(InputError::new(
                            file,
                            at("permanent"),
                            unknown_id("a permanent", id, self.permanent_ids.keys().map(String::as_str)),
                        ));
                    }
                    match p.action.as_deref() {
                        // CR 508.1g: a permanent given up for a non-mana cost.
                        Some("sacrifice" | "return_to_hand") if p.mana.is_some() || p.life.is_some() => {
                            return Err(InputError::new(
                                file,
                                format!("payment[{i}]"),
                                "expected no \"mana\" or \"life\" with \"action\" (tap the permanent for mana in an entry of its own)",
                            ));
                        }
                        Some("sacrifice" | "return_to_hand") => {}
                        Some(other) => {
                            return Err(InputError::new(
                                file,
                                at("action"),
                                format!("expected \"sacrifice\" or \"return_to_hand\", found \"{other}\""),
                            ))
                        }
                        None if p.mana.is_none() || p.life.is_some() => {
                            return Err(InputError::new(file, at("mana"), "expected \"mana\" (and no \"life\") when tapping a permanent"));
                        }
                        None => {}
                    }
                }
                (None, Some(id)) => {
                    if p.action.is_some() {
                        return Err(InputError::new(file, at("action"), "expected \"action\" only with \"permanent\" (the permanent given up)"));
                    }
                    if self.player_index(id).is_none() {
                        return Err(InputError::new(file, at("player"), unknown_id("a player", id, self.player_ids.keys().map(String::as_str))));
                    }
                    if p.mana.is_some() == p.life.is_some() {
                        return Err(InputError::new(file, format!("payment[{i}]"), "expected exactly one of \"mana\" (from the pool) or \"life\""));
                    }
                }
                _ => {
                    return Err(InputError::new(file, format!("payment[{i}]"), "expected exactly one of \"permanent\" or \"player\""));
                }
            }
            if let Some(m) = &p.mana {
                if m.len() > MAX_STRING {
                    return Err(InputError::new(
                        file,
                        at("mana"),
                        format!("expected a string of at most {MAX_STRING} bytes, found {} bytes", m.len()),
                    ));
                }
                parse_production(m).map_err(|e| InputError::new(file, at("mana"), e))?;
            }
            if let Some(l) = p.life {
                if l < 0 {
                    return Err(InputError::new(file, at("life"), format!("expected a non-negative amount of life, found {l}")));
                }
            }
        }
        Ok(())
    }
}

/// A name as answers write it: in double quotes when it has a comma, so that a list of cards
/// ("Juggernaut (jugg) -> \"Teferi, Temporal Archmage\" (pwC), Wind Drake (drake) -> H") reads
/// as the list it is (issue 40).
pub fn quoted_name(name: &str) -> std::borrow::Cow<'_, str> {
    if name.contains(',') {
        format!("\"{name}\"").into()
    } else {
        name.into()
    }
}
