//! What the MCP server offers besides its tools (issue 13): resources (the model boards of
//! `models/` and their declarations, embedded at build time by `build.rs`, and the JSON Schemas)
//! and a prompt that teaches the board format from an example, so that an agent can start from a
//! board that works.
//!
//! URIs: `attackopt://models` (the index of the boards and declarations), `attackopt://models/<name>`
//! (a board), `attackopt://models/declarations/<name>` (a declaration of board `<name>` up to its
//! first dot), `attackopt://schema/<name>` (`attackopt schema <name>`). Listed: the schemas and
//! the index; the boards and declarations are resource templates.

use rmcp::model::{GetPromptResult, Prompt, PromptArgument, PromptMessage, ReadResourceResult, Resource, ResourceContents, ResourceTemplate, Role};
use rmcp::ErrorData as McpError;

include!(concat!(env!("OUT_DIR"), "/models.rs"));

const MODELS_URI: &str = "attackopt://models/";
const DECLARATIONS_URI: &str = "attackopt://models/declarations/";
const SCHEMA_URI: &str = "attackopt://schema/";

/// The board the prompt shows when it is asked for none: small, and it shows a requirement, a
/// restriction and a cost at once (docs/rules.md section 7).
pub const PROMPT_DEFAULT_MODEL: &str = "paid-vs-free";

/// What each schema resource describes.
fn schema_description(name: &str) -> &'static str {
    match name {
        "board" => "JSON Schema of the board format: every field described, with defaults and examples (attackopt schema board)",
        "declaration" => "JSON Schema of a declaration of attackers, or of blockers on a board with combat (attackopt schema declaration)",
        "result" => "JSON Schema of every answer: check, solve, enumerate, maximum, validate, errors (attackopt schema result)",
        _ => "JSON Schema of the card list (attackopt schema cards)",
    }
}

/// The index of the model boards and their declarations (read it, then a board by name).
const INDEX_URI: &str = "attackopt://models";

/// The resources listed: the schemas and the index of the models. The boards and declarations
/// themselves are reached through [`templates`] (issue 40: listing each of them made
/// `resources/list` 35 KB).
pub fn list() -> Vec<Resource> {
    let schemas = attackopt::SCHEMA_NAMES.iter().map(|name| {
        let size = attackopt::schema(name).map(|s| s.to_string().len()).unwrap_or_default();
        Resource::new(format!("{SCHEMA_URI}{name}"), format!("schema {name}"))
            .with_description(schema_description(name))
            .with_mime_type("application/schema+json")
            .with_size(size as u64)
    });
    let index = Resource::new(INDEX_URI, "models")
        .with_description(
            "The model boards (real game situations) and their declarations of attackers, or of blockers on a board with combat, by name and URI",
        )
        .with_mime_type("application/json")
        .with_size(index().len() as u64);
    schemas.chain(std::iter::once(index)).collect()
}

/// `resources/templates/list`: a model board and a declaration by name (the index lists them).
pub fn templates() -> Vec<ResourceTemplate> {
    let boards: Vec<&str> = MODELS.iter().map(|(n, _)| *n).collect();
    vec![
        ResourceTemplate::new(format!("{MODELS_URI}{{name}}"), "board")
            .with_description(format!("A model board (models/NAME.json); names: {}", boards.join(", ")))
            .with_mime_type("application/json"),
        ResourceTemplate::new(format!("{DECLARATIONS_URI}{{name}}"), "declaration")
            .with_description(format!("A declaration of attackers on a model board, or of blockers on a board with combat; names in {INDEX_URI}"))
            .with_mime_type("application/json"),
    ]
}

/// The index's text: each board's name and URI, with its declarations' URIs.
fn index() -> String {
    let boards: Vec<serde_json::Value> = MODELS
        .iter()
        .map(|(name, _)| {
            let declarations: Vec<String> = MODEL_DECLARATIONS
                .iter()
                .filter(|(d, _)| d.split('.').next() == Some(*name))
                .map(|(d, _)| format!("{DECLARATIONS_URI}{d}"))
                .collect();
            serde_json::json!({ "name": name, "uri": format!("{MODELS_URI}{name}"), "declarations": declarations })
        })
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({ "boards": boards })).unwrap_or_default()
}

/// The text of a resource, or None for a URI that names none.
fn text(uri: &str) -> Option<(String, &'static str)> {
    if uri == INDEX_URI {
        return Some((index(), "application/json"));
    }
    if let Some(name) = uri.strip_prefix(DECLARATIONS_URI) {
        return MODEL_DECLARATIONS.iter().find(|(n, _)| *n == name).map(|(_, t)| (t.to_string(), "application/json"));
    }
    if let Some(name) = uri.strip_prefix(MODELS_URI) {
        return MODELS.iter().find(|(n, _)| *n == name).map(|(_, t)| (t.to_string(), "application/json"));
    }
    let name = uri.strip_prefix(SCHEMA_URI)?;
    let schema = attackopt::schema(name).ok()?;
    Some((serde_json::to_string_pretty(&schema).ok()?, "application/schema+json"))
}

/// `resources/read`.
pub fn read(uri: &str) -> Result<ReadResourceResult, McpError> {
    match text(uri) {
        Some((text, mime)) => Ok(ReadResourceResult::new(vec![ResourceContents::text(text, uri).with_mime_type(mime)])),
        None => Err(McpError::resource_not_found(
            format!("no resource {uri}: resources/list lists the schemas and attackopt://models, the index of attackopt://models/<name> and attackopt://models/declarations/<name>"),
            None,
        )),
    }
}

/// The prompt's name.
pub const PROMPT: &str = "board_format";

/// `prompts/list`.
pub fn prompts() -> Vec<Prompt> {
    let names: Vec<&str> = MODELS.iter().map(|(n, _)| *n).collect();
    vec![Prompt::new(
        PROMPT,
        Some("Teaches attackopt's board format from a model board, so that an agent can write boards for the tools."),
        Some(vec![PromptArgument::new("model")
            .with_description(format!("The model board to start from (default {PROMPT_DEFAULT_MODEL}); one of: {}", names.join(", ")))
            .with_required(false)]),
    )]
}

/// `prompts/get`.
pub fn prompt(name: &str, arguments: Option<&serde_json::Map<String, serde_json::Value>>) -> Result<GetPromptResult, McpError> {
    if name != PROMPT {
        return Err(McpError::invalid_params(format!("no prompt {name:?}: the prompt is {PROMPT:?}"), None));
    }
    let model = match arguments.and_then(|a| a.get("model")) {
        None | Some(serde_json::Value::Null) => PROMPT_DEFAULT_MODEL,
        Some(serde_json::Value::String(s)) => s.as_str(),
        Some(_) => return Err(McpError::invalid_params("prompt argument model: expected the name of a model board (a string)", None)),
    };
    let Some((model, board)) = MODELS.iter().find(|(n, _)| *n == model) else {
        let names: Vec<&str> = MODELS.iter().map(|(n, _)| *n).collect();
        return Err(McpError::invalid_params(format!("prompt argument model: no model board {model:?}; one of: {}", names.join(", ")), None));
    };
    let mut result = GetPromptResult::new(vec![PromptMessage::new_text(Role::User, teaching(model, board))]);
    result.description = Some(format!("attackopt's board format, from the model board {model}"));
    Ok(result)
}

/// The prompt's text: the format in a few lines, then the model board. A model with `combat`
/// (the declare blockers step, docs/blocks.md) is taught as such: its `combat` and the
/// declaration of blockers the tools take on it (issue 38: it taught only `{"attacks"}`).
fn teaching(model: &str, board: &str) -> String {
    let combat = serde_json::from_str::<serde_json::Value>(board).is_ok_and(|b| b.get("combat").is_some());
    let declaration = if combat {
        "- \"combat\": {\"attacks\": [{\"creature\", \"target\"}]}, the attacks declared this combat. A board with it (as this one) \
is at the declare blockers step (CR 509.1): the tools answer about declarations of blockers, made by the defending players.\n\
- A declaration of blockers (check_attack on a board with combat): {\"blocks\": [{\"blocker\": \"<defending creature id>\", \
\"attacker\": \"<attacking creature id>\"}]}, one entry per pair (a creature blocking two attackers appears twice), or one \
line wall=bear, birds=angel (none: no block); attackopt finds the payment of costs to block itself. solve_attack's objectives \
there are prevented (the default), kills, losses or none. On a board without combat a declaration is of attackers: \
{\"attacks\": [{\"creature\", \"target\"}]} or one line bear=C.\n"
    } else {
        "- A declaration (check_attack): {\"attacks\": [{\"creature\": \"<creature id>\", \"target\": \"<player, planeswalker or \
battle id>\"}]}, or one line bear=C, elf=pwD (none: no attack); attackopt finds the payment of attack costs itself.\n\
- A board with a top-level \"combat\" (the attacks declared) is at the declare blockers step: the tools then answer about \
declarations of blockers, {\"blocks\": [{\"blocker\", \"attacker\"}]} or one line wall=bear (prompt board_format with model \
lure-menace).\n"
    };
    format!(
        "You will call attackopt's tools (check_attack, solve_attack, enumerate_attacks, maximum_requirements, explain_board) on a Magic: The Gathering \
board, written in attackopt's board format (JSON). The essentials:\n\
- Top level: \"attackopt\": 1, \"active_player\" (the id of the player declaring attackers), \"players\" (in seating order, \
each {{\"id\"}}, optional \"name\" (shown in answers as \"Alice (A)\"; tools take ids), \"team\", \"life\" (default 20), \"hand\"), \"permanents\", optional \"effects\" and \"variant\".\n\
- A permanent: \"id\" (unique), \"name\" (a card name: list_cards lists the cards attackopt knows, which bring their own \
effects), \"controller\" (a player id), \"types\" ([\"Creature\"], [\"Land\"], ...), and as needed \"power\", \"keywords\" \
([\"Haste\", \"Vigilance\", \"Flying\", ...]), \"tapped\", \"summoning_sick\", \"goaded_by\" (player ids), \"subtypes\" \
(a basic land type gives its mana), \"mana\" ([{{\"add\": \"{{G}}\"}}]).\n\
- \"effects\": what no named card on the board says, such as {{\"kind\": \"attacks_if_able\", \"creatures\": [\"bear\"], \
\"source\": \"Fumiko the Lowblood\"}}.\n\
{declaration}\
Every field is described in the resource attackopt://schema/board (`attackopt schema board`); more boards are the resources \
attackopt://models/<name>. Call explain_board first on a new board: it shows how attackopt reads it{shows}, and its warnings name \
any field or card name it does not understand. Here is the model board {model} (attackopt://models/{model}):\n\n{board}",
        shows = if combat { " (on a board with combat, who may block what and why not)" } else { "" },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_board_and_declaration_is_embedded_and_reads_as_json() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("models");
        let on_disk = std::fs::read_dir(&dir).map(|d| d.filter_map(Result::ok).filter(|e| e.path().extension().is_some_and(|x| x == "json")).count());
        assert_eq!(on_disk.ok(), Some(MODELS.len()));
        for (name, text) in MODELS.iter().chain(MODEL_DECLARATIONS) {
            assert!(serde_json::from_str::<serde_json::Value>(text).is_ok(), "{name}");
        }
        assert!(MODELS.iter().any(|(n, _)| *n == PROMPT_DEFAULT_MODEL));
    }
}
