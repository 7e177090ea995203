//! A board from card names, one list per player (issue 15: what a judge types at a table).
//!
//! Each player's list is text, one card per line; what the line says beyond the name is written
//! after it (docs/format.md "Boards from card names"):
//!
//! ```text
//! # a comment; blank lines are ignored
//! life: 12                      the player's life total (default 20)
//! hand: 3                       cards in hand (Ensnaring Bridge; default 0)
//! Llanowar Elves                a card known by name: its types, power and mana come with it
//! 3 Goblin Token 1/1            a count first (3 or 3x), or last (x3); a token: "... Token" and P/T
//! Grizzly Bears 3/3 tapped      power/toughness (a pumped card, or a card attackopt does not know)
//! Serra Angel sick goaded:B     summoning sick; goaded by B (several: goaded:B,C)
//! Sky Spirit 2/2 flying haste   keywords that matter: flying, haste, vigilance, defender
//! ```
//!
//! Why this syntax: it is how players write deck and board lists (a count, a name), so a judge
//! types it without learning a format; everything else is a word after the name, read from the
//! end of the line until the rest is a name, so a card whose name ends in such a word is still
//! found by its name. What a line does not say takes the format's defaults (untapped, not sick).
//!
//! A name is looked up in the cards attackopt knows (the catalog and the plain cards), then in a
//! card source (a Scryfall list, for its Oracle text). An unknown name is never dropped: with a
//! power/toughness it is a creature, without one a permanent without card types, and the board's
//! own unknown-name warning (with its did-you-mean) says how it is read.

use super::forge::{blank_permanent, from_known, from_text, slug};
use crate::board::size::{check_size, ListLimit};
use crate::board::{parse_json, unknown_id, Board, ImportNotes, InputError, Permanent, Player, Variant, MAX_PERMANENTS, MAX_PLAYERS};
use crate::cards::{known_card, CardIndex};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// The players' card lists and who attacks: the input of [`import`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Names {
    /// The player declaring attackers (one of `players`' ids).
    pub active: String,
    /// The players in seating order, each with the text of their battlefield.
    pub players: Vec<PlayerCards>,
}

/// One player and the cards they control, as text (one card per line; see the module).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerCards {
    /// The player's id ("A", "Alice").
    pub id: String,
    /// Their battlefield, one card per line.
    #[serde(default)]
    pub cards: String,
}

/// The board built from names, and what the names alone leave uncertain (per line).
#[derive(Debug, Clone, Serialize)]
pub struct NamedBoard {
    /// The board, not yet validated (read it as any board is read).
    pub board: Board,
    /// Lines read with an assumption a judge should see, e.g. an unknown name without a
    /// power/toughness read as a noncreature.
    pub warnings: Vec<String>,
}

/// One card line, read (see the module for the syntax).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardLine {
    /// How many of the card (1 when the line gives no count).
    pub count: usize,
    /// The name as written, modifiers taken off.
    pub name: String,
    /// The power and toughness written after the name.
    pub power_toughness: Option<(i64, i64)>,
    /// Written `tapped`.
    pub tapped: bool,
    /// Written `sick` (summoning sick).
    pub summoning_sick: bool,
    /// Keywords written after the name, capitalized as the board format writes them.
    pub keywords: Vec<String>,
    /// The players of `goaded:B,C`.
    pub goaded_by: Vec<String>,
}

/// What a line of a player's list is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// Blank or a comment.
    Nothing,
    /// `life: N`.
    Life(i64),
    /// `hand: N`.
    Hand(u32),
    /// A card, with its count and modifiers.
    Card(CardLine),
}

/// The keywords a line may give (docs/format.md: those that matter to attacking).
const KEYWORDS: [&str; 4] = ["Flying", "Haste", "Vigilance", "Defender"];

/// Read one line. `known` says whether a name is known (so that its last word is not taken for a
/// modifier); the error is the message, without the line's place.
pub fn parse_line(line: &str, known: impl Fn(&str) -> bool) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Line::Nothing);
    }
    if let Some((key, value)) = line.split_once(':') {
        let value = value.trim();
        match key.trim().to_ascii_lowercase().as_str() {
            "life" => return value.parse().map(Line::Life).map_err(|_| format!("life: expected a whole number, found \"{value}\"")),
            "hand" => return value.parse().map(Line::Hand).map_err(|_| format!("hand: expected a number of cards, found \"{value}\"")),
            _ => {}
        }
    }
    let mut words: Vec<&str> = line.split_whitespace().collect();
    let mut card = CardLine { count: 1, ..CardLine::default() };
    let mut counted = false;
    // A leading count: "3 Goblin Token", "3x Goblin Token".
    if let Some(n) = words.first().and_then(|w| count_word(w, false)) {
        card.count = n?;
        counted = true;
        words.remove(0);
    }
    // Modifiers, from the end, until what is left is a known name.
    while words.len() > 1 && !known(&words.join(" ")) {
        let Some(last) = words.last() else { break };
        let lower = last.to_lowercase();
        if let Some(pt) = power_toughness(&lower) {
            if card.power_toughness.replace(pt?).is_some() {
                return Err(format!("power/toughness written twice (\"{last}\")"));
            }
        } else if let Some(n) = count_word(&lower, true) {
            if counted {
                return Err(format!("the count is written twice (\"{last}\")"));
            }
            card.count = n?;
            counted = true;
        } else if lower == "tapped" {
            card.tapped = true;
        } else if lower == "sick" {
            card.summoning_sick = true;
        } else if let Some(k) = KEYWORDS.iter().find(|k| k.eq_ignore_ascii_case(&lower)) {
            card.keywords.insert(0, k.to_string());
        } else if let Some(players) = last.get(..7).filter(|p| p.eq_ignore_ascii_case("goaded:")).and_then(|_| last.get(7..)) {
            let players: Vec<String> = players.split(',').map(str::trim).filter(|p| !p.is_empty()).map(String::from).collect();
            if players.is_empty() {
                return Err("goaded: expected the players who goaded it, as goaded:B or goaded:B,C".into());
            }
            card.goaded_by.splice(0..0, players);
        } else {
            break;
        }
        words.pop();
    }
    card.name = words.join(" ");
    if card.name.is_empty() {
        return Err(format!("expected a card name, found \"{line}\""));
    }
    Ok(Line::Card(card))
}

/// A count word: `3` or `3x` before the name, `x3` or `×3` after it; None when the word is no
/// count, an error when it is one out of range.
fn count_word(word: &str, after: bool) -> Option<Result<usize, String>> {
    let digits = if after { word.strip_prefix('x').or_else(|| word.strip_prefix('×'))? } else { word.strip_suffix(['x', '×']).unwrap_or(word) };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    Some(match digits.parse::<usize>() {
        Ok(n) if (1..=MAX_PERMANENTS).contains(&n) => Ok(n),
        _ => Err(format!("a count of \"{word}\": expected 1 to {MAX_PERMANENTS}")),
    })
}

/// `2/2`, `-1/3`, `+0/+1`: None when the word is no power/toughness.
fn power_toughness(word: &str) -> Option<Result<(i64, i64), String>> {
    let (p, t) = word.split_once('/')?;
    let number = |s: &str| !s.is_empty() && s.trim_start_matches(['+', '-']).chars().all(|c| c.is_ascii_digit());
    if !number(p) || !number(t) {
        return None;
    }
    // The format reads power up to a million in size; the board's validation says so if larger.
    let parse = |s: &str| s.trim_start_matches('+').parse::<i64>().ok().filter(|n| n.abs() <= 1_000_000);
    Some(match (parse(p), parse(t)) {
        (Some(p), Some(t)) => Ok((p, t)),
        _ => Err(format!("power/toughness \"{word}\": expected numbers up to a million")),
    })
}

/// The names input's list with a limit, counted before serde builds it (as a board's players).
const NAMES_LISTS: [ListLimit; 1] = [ListLimit { key: "players", max: MAX_PLAYERS, what: "players" }];

/// Read the names input from its JSON (`attackopt import names`), as boards are read: within the
/// size limits, objects only, an error naming `file`, the JSON path (`players[1].cards`) and
/// what was expected. Unknown fields are errors (the struct denies them), not warnings.
pub fn parse(text: &str, file: &str) -> Result<Names, InputError> {
    check_size(text, file, &NAMES_LISTS)?;
    parse_json(text, file).map(|(names, _)| names)
}

/// Build the board: players in the order given, each line's cards with ids made from their
/// names (`grizzly-bears`, `grizzly-bears-2`), as the Forge importer makes them. `file` names the
/// input in messages; a line that can't be read is an error naming its player and line.
pub fn import(names: &Names, file: &str, cards: Option<&CardIndex>) -> Result<NamedBoard, InputError> {
    let known = |name: &str| known_card(name).is_some() || cards.is_some_and(|c| c.get(name).is_some());
    let mut board = Board {
        attackopt: 1,
        variant: Variant::default(),
        active_player: names.active.trim().to_string(),
        attacked_this_turn: 0,
        extra_turn: None,
        players: Vec::new(),
        permanents: Vec::new(),
        effects: Vec::new(),
        left_the_game: Vec::new(),
        import: None,
        combat: None,
    };
    let mut warnings = Vec::new();
    // Ids are unique across players and permanents: a card never takes a player's id.
    let player_ids: HashSet<String> = names.players.iter().map(|p| p.id.trim().to_string()).collect();
    // CR 102.1, 508.1: the player declaring attackers is one of the players. Said here, at the
    // input's own path (`active`), as the board's check would name `active_player`.
    let ids = || names.players.iter().map(|p| p.id.trim());
    if !player_ids.contains(&board.active_player) {
        return Err(InputError::new(file, "active", unknown_id("a player", &board.active_player, ids())));
    }
    let mut used: HashMap<String, usize> = HashMap::new();
    for (seat, player) in names.players.iter().enumerate() {
        let id = player.id.trim().to_string();
        let mut entry = Player { id: id.clone(), life: 20, ..Player::default() };
        for (n, text) in player.cards.lines().enumerate() {
            let here = || format!("players[{seat}] ({id}), line {}", n + 1);
            let card = match parse_line(text, known).map_err(|m| InputError::new(file, here(), m))? {
                Line::Nothing => continue,
                Line::Life(l) => {
                    entry.life = l;
                    continue;
                }
                Line::Hand(h) => {
                    entry.hand = h;
                    continue;
                }
                Line::Card(card) => card,
            };
            if board.permanents.len() + card.count > MAX_PERMANENTS {
                return Err(InputError::new(file, here(), format!("more than {MAX_PERMANENTS} permanents in all")));
            }
            // CR 701.15a: a player goads; the names input has no players who left the game.
            if let Some(g) = card.goaded_by.iter().find(|g| !player_ids.contains(g.as_str())) {
                return Err(InputError::new(file, here(), format!("goaded:{g}: {}", unknown_id("a player", g, ids()))));
            }
            let (perm, note) = permanent(&card, cards).map_err(|m| InputError::new(file, here(), m))?;
            if let Some(note) = note {
                warnings.push(format!("{}: {note}", here()));
            }
            for _ in 0..card.count {
                let mut p = perm.clone();
                p.controller = id.clone();
                p.id = fresh_id(&slug(&p.name), &mut used, &player_ids);
                board.permanents.push(p);
            }
        }
        board.players.push(entry);
    }
    // What the names leave uncertain, said by every answer about the board (issue 40).
    board.import = Some(ImportNotes::new("names", file, Vec::new(), warnings.clone()));
    Ok(NamedBoard { board, warnings })
}

/// The permanent a line describes (without id and controller), and a note when the line leaves
/// it uncertain.
fn permanent(card: &CardLine, cards: Option<&CardIndex>) -> Result<(Permanent, Option<String>), String> {
    let mut note = None;
    let mut p = if let Some(k) = known_card(&card.name) {
        from_known(k)
    } else if let Some(text) = cards.and_then(|c| c.get(&card.name)) {
        from_text(text).ok_or_else(|| format!("{} is not a permanent (its type line is \"{}\")", text.name, text.type_line))?
    } else {
        let mut p = blank_permanent();
        p.name = card.name.clone();
        // CR 111.4: a token named by its subtypes and the word Token ("Goblin Token").
        let subtypes = card.name.rsplit_once(' ').filter(|(_, last)| last.eq_ignore_ascii_case("token")).map(|(s, _)| s);
        let token = subtypes.is_some();
        if let Some(subtypes) = subtypes {
            p.types.push("Token".into());
            p.subtypes = subtypes.split_whitespace().map(String::from).collect();
        }
        match card.power_toughness {
            Some(_) => p.types.push("Creature".into()),
            None if token => return Err(format!("{}: a token needs its power/toughness (\"{} 1/1\")", card.name, card.name)),
            None => {
                note = Some(format!(
                "\"{}\" is not known and has no power/toughness: it is read as a permanent that is not a creature (write \"{} 2/2\" for a creature)",
                card.name, card.name
            ))
            }
        }
        p
    };
    if let Some((power, toughness)) = card.power_toughness {
        if !p.is_creature() {
            return Err(format!("{} is not a creature: it has no power/toughness", p.name));
        }
        p.power = power;
        p.toughness = toughness;
    }
    p.tapped = card.tapped;
    p.summoning_sick = card.summoning_sick;
    for k in &card.keywords {
        if !p.keywords.iter().any(|h| h.eq_ignore_ascii_case(k)) {
            p.keywords.push(k.clone());
        }
    }
    p.goaded_by = card.goaded_by.clone();
    Ok((p, note))
}

/// `base`, or `base-2`, `base-3`, ... the first not used by a card or a player. `used` holds
/// every id issued (and, per base, the last number tried): "2-2" for a second "2" must not
/// take the id of a card named "2/2", nor the reverse.
fn fresh_id(base: &str, used: &mut HashMap<String, usize>, players: &HashSet<String>) -> String {
    let mut n = used.get(base).copied().unwrap_or(0);
    loop {
        n += 1;
        let id = if n == 1 { base.to_string() } else { format!("{base}-{n}") };
        if !players.contains(&id) && !used.contains_key(&id) {
            used.insert(base.to_string(), n);
            used.entry(id.clone()).or_insert(0);
            return id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(line: &str) -> CardLine {
        match parse_line(line, |n| known_card(n).is_some()) {
            Ok(Line::Card(c)) => c,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn lines_read_counts_and_modifiers() {
        let c = card("3 Goblin Token 1/1");
        assert_eq!((c.count, c.name.as_str(), c.power_toughness), (3, "Goblin Token", Some((1, 1))));
        let c = card("Llanowar Elves x2");
        assert_eq!((c.count, c.name.as_str()), (2, "Llanowar Elves"));
        let c = card("2x Grizzly Bears 3/3 tapped sick goaded:B,C");
        assert_eq!((c.count, c.name.as_str(), c.power_toughness, c.tapped, c.summoning_sick), (2, "Grizzly Bears", Some((3, 3)), true, true));
        assert_eq!(c.goaded_by, ["B", "C"]);
        let c = card("Sky Spirit 2/2 FLYING haste");
        assert_eq!((c.name.as_str(), c.keywords.clone()), ("Sky Spirit", vec!["Flying".to_string(), "Haste".to_string()]));
        assert_eq!(parse_line("  # note", |_| false), Ok(Line::Nothing));
        assert_eq!(parse_line("Life: 12", |_| false), Ok(Line::Life(12)));
        assert_eq!(parse_line("hand: 3", |_| false), Ok(Line::Hand(3)));
    }

    #[test]
    fn a_known_name_keeps_its_last_word() {
        // "Defender" ends a name here: known, so it is the name, not the keyword.
        let line = |l: &str| parse_line(l, |n| n.eq_ignore_ascii_case("Kor Defender"));
        let Ok(Line::Card(c)) = line("Kor Defender tapped") else { panic!() };
        assert_eq!((c.name.as_str(), c.tapped, c.keywords.len()), ("Kor Defender", true, 0));
        let Ok(Line::Card(c)) = line("Wall Defender") else { panic!() };
        assert_eq!((c.name.as_str(), c.keywords.clone()), ("Wall", vec!["Defender".to_string()]));
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let err = |l: &str| parse_line(l, |_| false).unwrap_err();
        assert!(err("0 Grizzly Bears").contains("expected 1 to"), "{}", err("0 Grizzly Bears"));
        assert!(err("99999999999999999999 Goblin Token 1/1").contains("a count"));
        assert!(err("Bears 2/2 3/3").contains("twice"));
        assert!(err("3 Bears x2").contains("twice"));
        assert!(err("life: lots").contains("whole number"));
        assert!(err("Bears goaded:").contains("goaded"));
        assert!(err("3").contains("expected a card name"));
    }

    fn names(active: &str, players: &[(&str, &str)]) -> Names {
        Names { active: active.into(), players: players.iter().map(|(id, cards)| PlayerCards { id: (*id).into(), cards: (*cards).into() }).collect() }
    }

    #[test]
    fn a_board_from_names() {
        let n =
            names("A", &[("A", "life: 12\n2 Grizzly Bears\nllanowar elves sick\nGoblin Token 1/1 x2\nGrizly Bears"), ("B", "hand: 4\nPropaganda")]);
        let built = import(&n, "names", None).unwrap();
        let b = &built.board;
        assert_eq!(b.active_player, "A");
        assert_eq!((b.players[0].life, b.players[1].hand), (12, 4));
        let ids: Vec<&str> = b.permanents.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["grizzly-bears", "grizzly-bears-2", "llanowar-elves", "goblin-token", "goblin-token-2", "grizly-bears", "propaganda"]);
        let bears = &b.permanents[0];
        assert_eq!((bears.power, bears.toughness, bears.controller.as_str()), (2, 2, "A"));
        let elves = &b.permanents[2];
        assert!(elves.summoning_sick && elves.name == "Llanowar Elves" && elves.power == 1, "the known card's data and name come with its name");
        assert_eq!(b.permanents[3].types, ["Token", "Creature"]);
        assert_eq!(b.permanents[3].subtypes, ["Goblin"]);
        // The typo is kept, not dropped, and said to be read as a noncreature.
        assert!(b.permanents[5].types.is_empty());
        assert_eq!(built.warnings.len(), 1);
        assert!(built.warnings[0].starts_with("players[0] (A), line 5: \"Grizly Bears\" is not known"), "{:?}", built.warnings);
        // It validates as a board, and the board's own warning suggests the name.
        let pos = crate::Position::from_board(built.board.clone(), "names").unwrap();
        let warned: Vec<String> = pos.board.warnings.iter().map(|w| w.message.clone()).collect();
        assert!(warned.iter().any(|w| w.contains("did you mean \"Grizzly Bears\"")), "{warned:?}");
    }

    #[test]
    fn ids_are_unique_across_bases() {
        let (mut used, players) = (HashMap::new(), HashSet::new());
        let ids: Vec<String> = ["2", "2", "2-2", "2"].iter().map(|b| fresh_id(b, &mut used, &players)).collect();
        assert_eq!(ids, ["2", "2-2", "2-2-2", "2-3"]);
        let mut used = HashMap::new();
        let ids: Vec<String> = ["2-2", "2", "2"].iter().map(|b| fresh_id(b, &mut used, &players)).collect();
        assert_eq!(ids, ["2-2", "2", "2-3"]);
    }

    #[test]
    fn ids_never_take_a_players_and_errors_name_the_line() {
        let built = import(&names("propaganda", &[("propaganda", "Goblin Token 1/1"), ("B", "Propaganda")]), "n", None).unwrap();
        assert_eq!(built.board.permanents[1].id, "propaganda-2");
        let err = import(&names("A", &[("A", "Grizzly Bears\n\nBears 1/1 2/2")]), "n", None).unwrap_err();
        assert_eq!(err.path, "players[0] (A), line 3");
        let err = import(&names("A", &[("A", "Propaganda 2/2")]), "n", None).unwrap_err();
        assert!(err.message.contains("not a creature"), "{}", err.message);
        let err = import(&names("A", &[("A", "Soldier Token")]), "n", None).unwrap_err();
        assert!(err.message.contains("power/toughness"), "{}", err.message);
        let many = format!("{MAX_PERMANENTS} Goblin Token 1/1\nGoblin Token 1/1");
        let err = import(&names("A", &[("A", many.as_str())]), "n", None).unwrap_err();
        assert!(err.message.contains("permanents in all"), "{}", err.message);
    }

    #[test]
    fn the_input_is_read_as_a_board_is_with_json_paths() {
        let n = parse(r#"{"active": "A", "players": [{"id": "A", "cards": "Grizzly Bears"}, {"id": "B"}]}"#, "n.json").unwrap();
        assert_eq!(n, names("A", &[("A", "Grizzly Bears"), ("B", "")]));
        let err = parse(r#"{"active": "A", "players": [{"id": "A", "cards": ["Grizzly Bears"]}]}"#, "n.json").unwrap_err();
        assert_eq!((err.file.as_str(), err.path.as_str()), ("n.json", "players[0].cards"));
        assert!(err.message.contains("expected a string"), "{}", err.message);
        // Objects only (a list is no player), and unknown fields refused (`card` for `cards`).
        assert_eq!(parse(r#"{"active": "A", "players": [["A"]]}"#, "n").unwrap_err().path, "players[0]");
        assert_eq!(parse(r#"{"active": "A", "players": [{"id": "A", "card": ""}]}"#, "n").unwrap_err().path, "players[0].card");
        let many: Vec<String> = (0..=MAX_PLAYERS).map(|i| format!(r#"{{"id": "p{i}"}}"#)).collect();
        let err = parse(&format!(r#"{{"active": "p0", "players": [{}]}}"#, many.join(",")), "n").unwrap_err();
        assert!(err.message.contains(&format!("at most {MAX_PLAYERS} players")), "{}", err.message);
    }

    #[test]
    fn players_named_are_players_cr_102_1_and_701_15a() {
        let err = import(&names("Alise", &[("Alice", ""), ("B", "")]), "n", None).unwrap_err();
        assert_eq!(err.path, "active");
        assert!(err.message.contains("did you mean \"Alice\""), "{}", err.message);
        let err = import(&names("A", &[("A", "Grizzly Bears\nGrizzly Bears goaded:B,Q"), ("B", "")]), "n", None).unwrap_err();
        assert_eq!(err.path, "players[0] (A), line 2");
        assert!(err.message.starts_with("goaded:Q: expected the id of a player"), "{}", err.message);
        assert!(import(&names("A", &[("A", "Grizzly Bears goaded:B"), ("B", "")]), "n", None).is_ok());
    }

    #[test]
    fn a_card_source_gives_unknown_names_their_text() {
        let source = r#"[{"name": "Goblin Guide", "oracle_text": "Haste", "type_line": "Creature — Goblin Scout", "power": "2", "toughness": "2", "colors": ["R"]},
                         {"name": "Lightning Bolt", "oracle_text": "Deal 3.", "type_line": "Instant"},
                         {"name": "Crawler Defender", "oracle_text": "Defender", "type_line": "Creature — Wall", "power": "0", "toughness": "4"}]"#;
        let index = CardIndex::from_scryfall_json(source, "cards.json").unwrap();
        let built = import(&names("A", &[("A", "Crawler Defender tapped"), ("B", "")]), "n", Some(&index)).unwrap();
        let wall = &built.board.permanents[0];
        assert_eq!((wall.name.as_str(), wall.tapped, wall.toughness), ("Crawler Defender", true, 4));
        assert!(wall.oracle_text.is_some() && built.warnings.is_empty());
        let err = import(&names("A", &[("A", "Lightning Bolt")]), "n", Some(&index)).unwrap_err();
        assert!(err.message.contains("not a permanent"), "{}", err.message);
    }
}
