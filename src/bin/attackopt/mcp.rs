//! `attackopt mcp`: a Model Context Protocol server on standard input/output (rmcp, the official
//! Rust SDK), for AI agents.
//!
//! Tools:
//! - `check_attack` {board, declaration, options?}: the `check` result (docs/format.md result JSON);
//! - `solve_attack` {board, objective?, options?}: the `solve` result;
//! - `enumerate_attacks` {board, limit?, detail?, options?}: `{declarations, complete, ...}`;
//! - `maximum_requirements` {board, options?}: the `maximum` result (`attackopt maximum`);
//!
//! On a board with `combat` (docs/blocks.md) the first four answer about declarations of
//! blockers, through the one request layer: `check_attack` checks one (JSON or one line,
//! `wall=bear`), `solve_attack` finds the best for a defender's objective, `enumerate_attacks`
//! lists them, `maximum_requirements` gives the maxima of CR 509.1c; each output schema
//! describes both answers (`attackopt::answer_schema`).
//! - `explain_board` {board}: how attackopt reads the board (the `validate` view);
//! - `list_cards` {}: the cards known by name (`attackopt cards --format json`).
//!
//! `tools/list` stays small (issue 13: it was 47,663 bytes, the board schema inlined in four
//! tools): a board or declaration argument is an object or the same JSON as a string, described
//! in a few lines with an example and a pointer to its full schema, the resource
//! `attackopt://schema/board` (`attackopt schema board`), where every field is described once.
//! Each tool's output schema is the top level of its answer's schema (`attackopt::answer_schema`),
//! each field with its type; the full result schema is the resource `attackopt://schema/result`.
//! Every tool is annotated read-only, idempotent, non-destructive and closed-world: it computes
//! from its arguments alone.
//!
//! Resources (the model boards, the schemas) and the prompt `board_format` are in
//! [`crate::resources`]. A bad board or declaration is a tool error (`isError: true`) whose text
//! is the command line's message (file, JSON path, what was expected). Standard output carries
//! only the protocol; logs go to standard error.

use attackopt::oracle::{position_with_cards, CardIndex};
use attackopt::Objective;
use attackopt::Position;
use attackopt::TIME_LIMIT_GRACE as GRACE;
use attackopt::{parse_board, InputError};
use attackopt::{Detail, JsonOptions, Request, DEFAULT_LIMIT};
use attackopt::{Error, Options};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse, Implementation, JsonObject, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler, ServiceExt};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{json, Value};
use std::future::Future;
use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use crate::{resources, transport};

/// How a board argument is described in every tool's input schema: short, with an example, and
/// where the full schema is (issue 13: the board schema inlined in four tools made `tools/list`
/// 47,663 bytes, and an object-only schema refused the JSON strings LLMs often send).
const BOARD_HELP: &str = "The board: an attackopt board object, or the same JSON as a string. Example: \
{\"attackopt\":1,\"active_player\":\"A\",\"players\":[{\"id\":\"A\"},{\"id\":\"B\"}],\"permanents\":\
[{\"id\":\"bear\",\"name\":\"Grizzly Bears\",\"controller\":\"A\",\"types\":[\"Creature\"],\"power\":2,\
\"goaded_by\":[\"B\"]}]}. Cards named as list_cards lists bring their effects; \"effects\" hold the rest. Every field: \
resource attackopt://schema/board; model boards: attackopt://models; prompt board_format.";

/// How a declaration argument is described (see [`BOARD_HELP`]).
const DECLARATION_HELP: &str = "The declaration of attackers: an object, the same JSON as a string, or one line \
bear=C, elf=pwD (none: no attack). Object: {\"attacks\":[{\"creature\":\"bear\",\"target\":\"C\"}]} (target: a \
player, planeswalker or battle id); an optional \"payment\" ([{\"permanent\":\"f1\",\"mana\":\"{G}\"}], \
{\"player\":\"A\",\"life\":2}) is checked, else attackopt finds one. With combat: \
{\"blocks\":[{\"blocker\",\"attacker\"}]} or w=bear. Schema: attackopt://schema/declaration.";

fn object_or_string(description: &str) -> schemars::Schema {
    schemars::json_schema!({ "anyOf": [{ "type": "object" }, { "type": "string" }], "description": description })
}

fn board_input(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    object_or_string(BOARD_HELP)
}

fn declaration_input(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    object_or_string(DECLARATION_HELP)
}

/// How `enumerate_attacks`'s `detail` is described: its two values and what each gives, once
/// (the schema of `Detail` describes the type and each value again: 400 bytes of `tools/list`).
fn detail_input(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "enum": ["summary", "full", null],
        "description": "`summary` (the default here): each declaration alone, its attacks and its payment, a few hundred bytes; `full`: each declaration's whole check result, 5 to 15 times larger."
    })
}

/// The JSON types a schema allows, following `$ref`s into `defs` and `anyOf`/`oneOf`
/// alternatives; None when it allows anything.
fn json_types(schema: &Value, defs: &Value, depth: usize) -> Option<Vec<String>> {
    if depth > 16 {
        return None;
    }
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        return json_types(defs.get(r.rsplit('/').next()?)?, defs, depth + 1);
    }
    match schema.get("type") {
        Some(Value::String(t)) => return Some(vec![t.clone()]),
        Some(Value::Array(ts)) => return Some(ts.iter().filter_map(|t| t.as_str().map(String::from)).collect()),
        _ => {}
    }
    if let Some(c) = schema.get("const") {
        let t = match c {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        };
        return Some(vec![t.into()]);
    }
    let alternatives = schema.get("anyOf").or_else(|| schema.get("oneOf"))?.as_array()?;
    let mut types = Vec::new();
    for a in alternatives {
        for t in json_types(a, defs, depth + 1)? {
            if !types.contains(&t) {
                types.push(t);
            }
        }
    }
    Some(types)
}

/// The object shapes an answer schema allows: its `anyOf` alternatives (a result, or the
/// undecided object), each followed through its `$ref`; the schema itself when it has none.
fn alternatives<'a>(full: &'a Value, defs: &'a Value) -> Vec<&'a Value> {
    let resolve = |s: &'a Value| match s.get("$ref").and_then(Value::as_str) {
        Some(r) => r.rsplit('/').next().and_then(|name| defs.get(name)).unwrap_or(s),
        None => s,
    };
    match full.get("anyOf").and_then(Value::as_array) {
        Some(alts) => alts.iter().map(resolve).collect(),
        None => vec![full],
    }
}

/// A tool's output schema (issue 13): the top level of its answer's schema
/// (`attackopt::answer_schema`), each field with its JSON type, so that a client can validate
/// the structured content and see its fields, while `tools/list` stays small; the full schema is
/// the resource `attackopt://schema/result`. Generated from the answer types, so it can't drift.
/// An answer that is a result or the undecided object (a strict refusal) is one object here
/// (MCP wants an object at the root): every field of either, each with the types of both, and
/// required only what both require (`proof`, `legal`).
pub fn output_schema(command: &str) -> Arc<JsonObject> {
    let full = attackopt::answer_schema(command).unwrap_or_default();
    let defs = full.get("$defs").cloned().unwrap_or(Value::Null);
    let shapes = alternatives(&full, &defs);
    let mut types_of: Vec<(String, Option<Vec<String>>)> = Vec::new();
    for props in shapes.iter().filter_map(|s| s.get("properties").and_then(Value::as_object)) {
        for (name, schema) in props {
            let types = json_types(schema, &defs, 0);
            match types_of.iter_mut().find(|(n, _)| n == name) {
                // A field of both: the types of either; anything when either allows anything.
                Some((_, known)) => {
                    *known = match (known.take(), types) {
                        (Some(mut a), Some(b)) => {
                            a.extend(b.into_iter().filter(|t| !a.contains(t)).collect::<Vec<_>>());
                            Some(a)
                        }
                        _ => None,
                    }
                }
                None => types_of.push((name.clone(), types)),
            }
        }
    }
    let mut properties = serde_json::Map::new();
    for (name, types) in types_of {
        properties.insert(
            name,
            match types.as_deref() {
                Some([t]) => json!({ "type": t }),
                Some(ts) if !ts.is_empty() => json!({ "type": ts }),
                _ => json!({}),
            },
        );
    }
    let required_of = |s: &Value| -> Vec<String> {
        s.get("required").and_then(Value::as_array).map(|r| r.iter().filter_map(|v| v.as_str().map(String::from)).collect()).unwrap_or_default()
    };
    let mut required = shapes.first().map(|s| required_of(s)).unwrap_or_default();
    for s in shapes.iter().skip(1) {
        let theirs = required_of(s);
        required.retain(|r| theirs.contains(r));
    }
    let mut schema = JsonObject::new();
    schema.insert("type".into(), json!("object"));
    // The tool's description says what it returns; the answer's own description (150 bytes a
    // tool) is in the full schema (`tools/list` under 15,000 bytes with six tools).
    schema.insert("description".into(), json!("Full schema: the resource attackopt://schema/result."));
    schema.insert("properties".into(), Value::Object(properties));
    if !required.is_empty() {
        schema.insert("required".into(), json!(required));
    }
    Arc::new(schema)
}

/// A tool's input schema as `tools/list` sends it (issue 40: small, since a client sends the
/// list to the model on every turn), the same schema in fewer bytes: each `$ref` replaced by
/// its definition (the options' and their values', used once per tool), so no `$defs`; no
/// `$schema` (2020-12, MCP's dialect, either way); no `"default": null` (an optional argument
/// left out says as much), no number `format`, and no `type` beside an `enum` (its values
/// say it). With the sixth tool it saved 1.5 KB.
fn compact_input(schema: &JsonObject) -> JsonObject {
    fn inline(v: &Value, defs: &Value, depth: usize) -> Value {
        match v {
            Value::Object(o) => {
                let mut out = serde_json::Map::new();
                // The definition first, the referring schema's own keys (its description) over it.
                let target = o.get("$ref").and_then(Value::as_str).and_then(|r| defs.get(r.rsplit('/').next()?)).filter(|_| depth < 16);
                let enumerated = o.contains_key("enum") || target.is_some_and(|t| t.get("enum").is_some());
                for (k, x) in target.and_then(Value::as_object).into_iter().flatten().chain(o.iter()) {
                    let dropped = matches!(k.as_str(), "$ref" | "$defs" | "$schema" | "format")
                        || (k == "default" && x.is_null())
                        || (k == "type" && enumerated);
                    if !dropped {
                        out.insert(k.clone(), inline(x, defs, depth + 1));
                    }
                }
                Value::Object(out)
            }
            Value::Array(a) => Value::Array(a.iter().map(|x| inline(x, defs, depth + 1)).collect()),
            other => other.clone(),
        }
    }
    let defs = schema.get("$defs").cloned().unwrap_or(Value::Null);
    match inline(&Value::Object(schema.clone()), &defs, 0) {
        Value::Object(o) => o,
        _ => schema.clone(),
    }
}

/// The time limit of a tool's options when it is valid (an invalid one is refused by the tool
/// at once), for the deadline of its answer.
fn limit(options: &JsonOptions) -> Option<f64> {
    options.time_limit.filter(|&t| Options { time_limit: Some(t), ..Options::default() }.validate().is_ok())
}

/// The options, the time limit counting from `clock` (when the request arrived: the limit
/// covers the whole request, from its first byte, issue 11, F10).
fn options(options: &JsonOptions, clock: Instant) -> Result<Options, String> {
    refuse_cards(options)?;
    options.options(clock).map_err(|e| format!("options.{}: {}", e.option, e.message))
}

/// `check_attack`'s input.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct CheckParams {
    #[schemars(schema_with = "board_input")]
    pub board: Value,
    #[schemars(schema_with = "declaration_input")]
    pub declaration: Value,
    /// Options, all optional: baseline, time_limit, method, strict.
    #[serde(default)]
    pub options: JsonOptions,
}

/// `solve_attack`'s input.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct SolveParams {
    #[schemars(schema_with = "board_input")]
    pub board: Value,
    /// `power` (default: most total power), `attackers`, `none`, or `damage:PLAYER`; with combat `prevented` (default), `kills`, `losses` or `none`.
    #[serde(default)]
    pub objective: Option<String>,
    /// Options, all optional: baseline, time_limit, method, strict.
    #[serde(default)]
    pub options: JsonOptions,
}

/// `enumerate_attacks`'s input.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct EnumerateParams {
    #[schemars(schema_with = "board_input")]
    pub board: Value,
    /// At most this many declarations (default 100).
    #[serde(default)]
    pub limit: Option<usize>,
    #[serde(default)]
    #[schemars(schema_with = "detail_input")]
    pub detail: Option<Detail>,
    /// Options, all optional: baseline, time_limit, method, strict.
    #[serde(default)]
    pub options: JsonOptions,
}

/// `maximum_requirements`'s input.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct MaximumParams {
    #[schemars(schema_with = "board_input")]
    pub board: Value,
    /// Options, all optional: baseline, time_limit, method, strict.
    #[serde(default)]
    pub options: JsonOptions,
}

/// `explain_board`'s input.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct ExplainParams {
    #[schemars(schema_with = "board_input")]
    pub board: Value,
}

/// Tool arguments read strictly (`src/board/strict.rs`): rmcp reads them with plain serde_json,
/// which takes `"options": ["free", 1]` for an options object (issue 11, F19). Its schema is
/// `T`'s.
#[derive(Debug, Clone)]
pub struct Objects<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Objects<T> {
    /// Errors name the JSON path in the arguments (`at options: ...`), as every other bad input.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut track = serde_path_to_error::Track::new();
        let tracked = serde_path_to_error::Deserializer::new(deserializer, &mut track);
        match attackopt::input::deserialize_strict(tracked) {
            Ok(v) => Ok(Objects(v)),
            Err(e) => {
                let path = track.path().to_string();
                Err(if path == "." || path.is_empty() { e } else { serde::de::Error::custom(format!("at {path}: {e}")) })
            }
        }
    }
}

impl<T: JsonSchema> JsonSchema for Objects<T> {
    fn inline_schema() -> bool {
        T::inline_schema()
    }
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(generator)
    }
}

/// The MCP server.
#[derive(Debug, Clone)]
pub struct AttackServer {
    tool_router: ToolRouter<Self>,
    /// The card source boards' cards are looked up in (`--cards`), indexed once at start.
    cards: Option<Arc<CardIndex>>,
}

/// What the tools that read a board add to their descriptions when the server has a card
/// source: one sentence, so that `tools/list` stays small.
fn cards_sentence(source: &str) -> String {
    format!(" Cards on the board are looked up by name in the card source {source} (--cards): one found there, without its own oracle_text, is read from its Oracle text.")
}

impl Default for AttackServer {
    fn default() -> Self {
        Self::new()
    }
}

pub fn log(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "attackopt mcp: {message}");
}

/// A tool error carrying the command line's message.
fn tool_error(message: String) -> CallToolResult {
    log(&format!("tool error: {message}"));
    CallToolResult::error(vec![ContentBlock::text(message)])
}

/// The JSON text of a board or declaration argument: an object, or the same JSON as a string
/// (LLMs often send one, issue 13). A string that is not a JSON object, such as a file path, is
/// refused: the server reads no files.
fn json_text(value: &Value, what: &str, shape: &str) -> Result<String, InputError> {
    match value {
        Value::Object(_) => Ok(value.to_string()),
        Value::String(s) if s.trim_start().starts_with('{') => Ok(s.clone()),
        Value::String(_) => Err(InputError::new(
            what,
            "",
            format!("expected a {what} object {shape} or the same JSON as a string; found a string that is not a JSON object (the server reads no files: model boards are the resources attackopt://models/<name>)"),
        )),
        other => Err(InputError::new(what, "", format!("expected a {what} object {shape} or the same JSON as a string, found {}", attackopt::input::kind_of(other)))),
    }
}

/// The declaration argument as `check`'s request: JSON (an object, or the same as a string) or,
/// as a judge types it, one line: attacks `bear=C, elf=pwD` (issue 40), or on a board with
/// combat blocks `wall=bear`; read by [`Request::check_text`], as Python's `Position.check`
/// reads a str (the one reader of a declaration given as text).
fn check_request(value: &Value, pos: &Position) -> Result<Request, InputError> {
    let text = match value {
        Value::String(s) => s.clone(),
        _ => json_text(value, "declaration", "{\"attacks\": [...]}")?,
    };
    Ok(Request::check_text(&pos.board, &text, "declaration")?.0)
}

/// The board argument as a position, its cards given their Oracle text from the server's card
/// source (`attackopt mcp --cards SRC`), if any.
fn position(board: &Value, cards: Option<&CardIndex>) -> Result<Position, InputError> {
    position_with_cards(parse_board(&json_text(board, "board", "{\"attackopt\": 1, ...}")?, "board")?, cards)
}

/// The options of a tool call: `cards` is batch's alone (the server reads no files; its card
/// source is the one it was started with).
fn refuse_cards(options: &JsonOptions) -> Result<(), String> {
    match &options.cards {
        Some(_) => Err(
            "at options.cards: the MCP server reads no files; start it with `attackopt mcp --cards FILE|DIR` to give boards' cards their Oracle text"
                .into(),
        ),
        None => Ok(()),
    }
}

/// Run a computation off the protocol thread and turn its outcome into a tool result.
/// With a time limit, the answer comes within the limit plus [`GRACE`] even when
/// reading and encoding a huge board can't be interrupted (the computation is left to end on
/// its own deadline): the MCP form of the command line's watchdog.
async fn run_tool<F>(name: &'static str, context: &RequestContext<RoleServer>, limit: Option<f64>, f: F) -> Result<CallToolResult, McpError>
where
    F: FnOnce(Instant) -> Result<Value, String> + Send + 'static,
{
    // The clock starts at the request's first byte, not after rmcp has parsed it (issue 11,
    // F10: a 100 MB request was answered 1.5 s past the limit).
    let started = transport::arrival(&context.id).unwrap_or_else(Instant::now);
    let task = tokio::task::spawn_blocking(move || std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(started))));
    let wait = limit.and_then(|s| std::time::Duration::try_from_secs_f64(s).ok()).and_then(|d| d.checked_add(GRACE));
    let finished = async {
        match wait.and_then(|w| started.checked_add(w)) {
            Some(deadline) => tokio::time::timeout_at(deadline.into(), task).await.ok(),
            None => Some(task.await),
        }
    };
    // A request the client cancels is left at once (its answer is dropped): rmcp waits up to 5 s
    // for running handlers at end of input (issue 36, R10). The computation ends on its own.
    let mut finished = std::pin::pin!(finished);
    let mut cancelled = std::pin::pin!(context.ct.cancelled());
    let outcome = std::future::poll_fn(|cx| match cancelled.as_mut().poll(cx) {
        std::task::Poll::Ready(()) => std::task::Poll::Ready(None),
        std::task::Poll::Pending => finished.as_mut().poll(cx).map(Some),
    })
    .await;
    let Some(outcome) = outcome else {
        log(&format!("{name} cancelled after {:.3} s", started.elapsed().as_secs_f64()));
        return Ok(tool_error("cancelled by the client".into()));
    };
    let result = match outcome {
        Some(Ok(Ok(Ok(value)))) => CallToolResult::structured(value),
        Some(Ok(Ok(Err(message)))) => tool_error(message),
        Some(Ok(Err(_)) | Err(_)) => tool_error("internal error while answering this request".into()),
        None => tool_error(no_proof(limit.unwrap_or_default())),
    };
    log(&format!("{name} answered in {:.3} s", started.elapsed().as_secs_f64()));
    Ok(result)
}

/// The answer of a tool call the time limit cut short before anything was proven.
pub fn no_proof(limit: f64) -> String {
    format!("no proof: the time limit ({limit} s) ran out before the board was read and solved")
}

fn to_value<T: serde::Serialize>(v: &T) -> Result<Value, String> {
    serde_json::to_value(v).map_err(|e| format!("internal error: {e}"))
}

/// A request's result as the tool's structured content (the exit status is the command line's
/// and batch's; a tool answers the result alone).
fn answer(pos: &Position, request: &Request, options: &Options) -> Result<Value, String> {
    to_value(&pos.answer(request, options).map_err(|e: Error| e.to_string())?.json())
}

#[tool_router]
impl AttackServer {
    pub fn new() -> Self {
        Self { tool_router: Self::router(), cards: None }
    }

    /// The tools, their input schemas compacted ([`compact_input`]).
    fn router() -> ToolRouter<Self> {
        let mut router = Self::tool_router();
        for route in router.map.values_mut() {
            route.attr.input_schema = Arc::new(compact_input(&route.attr.input_schema));
        }
        router
    }

    /// A server whose boards' cards are looked up in `cards` (read from `source`, named in the
    /// board tools' descriptions).
    pub fn with_cards(cards: CardIndex, source: &str) -> Self {
        let mut tool_router = Self::router();
        for name in ["check_attack", "solve_attack", "enumerate_attacks", "maximum_requirements", "explain_board"] {
            if let Some(route) = tool_router.map.get_mut(name) {
                let description = format!("{}{}", route.attr.description.as_deref().unwrap_or_default(), cards_sentence(source));
                route.attr.description = Some(description.into());
            }
        }
        Self { tool_router, cards: Some(Arc::new(cards)) }
    }

    /// Is this declaration legal; why not; a witness.
    #[tool(
        title = "Check a declaration of attackers or blockers",
        output_schema = output_schema("check"),
        annotations(read_only_hint = true, destructive_hint = false, idempotent_hint = true, open_world_hint = false),
        description = "Check a declaration of attackers (Magic: The Gathering, CR 508.1) on a board: is it legal, which rules it breaks (each as a sentence), how many requirements it obeys and the most any declaration could obey, and a witness declaration when it obeys too few. On a board with combat, a declaration of blockers (CR 509.1). Returns attackopt's check result JSON."
    )]
    async fn check_attack(
        &self,
        Parameters(Objects(p)): Parameters<Objects<CheckParams>>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let cards = self.cards.clone();
        run_tool("check_attack", &context, limit(&p.options), move |clock| {
            let options = options(&p.options, clock)?;
            let pos = position(&p.board, cards.as_deref()).map_err(|e| e.to_string())?;
            let request = check_request(&p.declaration, &pos).map_err(|e| e.to_string())?;
            answer(&pos, &request, &options)
        })
        .await
    }

    /// The best legal declaration.
    #[tool(
        title = "Best declaration of attackers or blockers",
        output_schema = output_schema("solve"),
        annotations(read_only_hint = true, destructive_hint = false, idempotent_hint = true, open_world_hint = false),
        description = "Find the best legal declaration of attackers on a board for an objective (power: most total power, the default; attackers; none; damage:PLAYER), with the mana payment of its costs. On a board with combat, of blockers (CR 509.1; prevented: most damage prevented, the default; kills; losses; none). Returns attackopt's solve result JSON (a check result plus `objective`)."
    )]
    async fn solve_attack(
        &self,
        Parameters(Objects(p)): Parameters<Objects<SolveParams>>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let cards = self.cards.clone();
        run_tool("solve_attack", &context, limit(&p.options), move |clock| {
            let options = options(&p.options, clock)?;
            let pos = position(&p.board, cards.as_deref()).map_err(|e| e.to_string())?;
            let objective = Objective::parse(p.objective.as_deref().unwrap_or(attackopt::default_objective(&pos)), &pos)
                .map_err(|m| format!("objective: {m}"))?;
            answer(&pos, &Request::Solve(objective), &options)
        })
        .await
    }

    /// Legal declarations, up to a limit.
    #[tool(
        title = "Legal declarations of attackers or blockers",
        output_schema = output_schema("enumerate-summary"),
        annotations(read_only_hint = true, destructive_hint = false, idempotent_hint = true, open_world_hint = false),
        description = "List the legal declarations of attackers on a board, up to `limit` (default 100), fewest attackers first, and whether the list is complete. Returns {declarations, complete, time_limit_reached, method, warnings, assumptions}: with detail \"summary\" (the default) each declaration is {attacks, payment?} (with combat {blocks, payment?}); with \"full\" each is its check result, as check_attack answers."
    )]
    async fn enumerate_attacks(
        &self,
        Parameters(Objects(p)): Parameters<Objects<EnumerateParams>>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let cards = self.cards.clone();
        run_tool("enumerate_attacks", &context, limit(&p.options), move |clock| {
            let options = options(&p.options, clock)?;
            let pos = position(&p.board, cards.as_deref()).map_err(|e| e.to_string())?;
            let detail = p.detail.unwrap_or(Detail::FOR_AGENTS);
            answer(&pos, &Request::Enumerate { limit: p.limit.unwrap_or(DEFAULT_LIMIT), detail }, &options)
        })
        .await
    }

    /// The most requirements a declaration can obey (`attackopt maximum`, batch's `maximum`).
    #[tool(
        title = "Most requirements a declaration can obey",
        output_schema = output_schema("maximum"),
        annotations(read_only_hint = true, destructive_hint = false, idempotent_hint = true, open_world_hint = false),
        description = "The most requirements a declaration of attackers can obey paying no cost (CR 508.1d), and one that does (witness). On a board with combat, of blockers (CR 509.1c), also under the baseline (paid: paying the costs to block that can be paid), and one that does with its payment (witness_max). Returns attackopt's maximum report JSON."
    )]
    async fn maximum_requirements(
        &self,
        Parameters(Objects(p)): Parameters<Objects<MaximumParams>>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let cards = self.cards.clone();
        run_tool("maximum_requirements", &context, limit(&p.options), move |clock| {
            let options = options(&p.options, clock)?;
            let pos = position(&p.board, cards.as_deref()).map_err(|e| e.to_string())?;
            answer(&pos, &Request::Maximum, &options)
        })
        .await
    }

    /// How attackopt reads a board.
    #[tool(
        title = "How attackopt reads a board",
        output_schema = output_schema("validate"),
        annotations(read_only_hint = true, destructive_hint = false, idempotent_hint = true, open_world_hint = false),
        description = "Explain how attackopt reads a board: which creatures may attack what and why not, every requirement, restriction and attack cost with its source card, the mana sources, and warnings; on a board with combat, who may block what and why not, and the block rules. The first thing to call on a new board."
    )]
    async fn explain_board(
        &self,
        Parameters(Objects(p)): Parameters<Objects<ExplainParams>>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let cards = self.cards.clone();
        run_tool("explain_board", &context, None, move |_| {
            let pos = position(&p.board, cards.as_deref()).map_err(|e| e.to_string())?;
            answer(&pos, &Request::Validate, &Options::default())
        })
        .await
    }

    /// The cards attackopt knows by name.
    #[tool(
        title = "Cards attackopt knows",
        output_schema = output_schema("cards"),
        annotations(read_only_hint = true, destructive_hint = false, idempotent_hint = true, open_world_hint = false),
        description = "List the card names attackopt understands: each catalog card with what it does for declaring attackers and its Comprehensive Rules numbers, then the plain cards (no effect on attacking of their own). Another name on a board is warned about and read as a card with no abilities that matter. Returns `attackopt cards --format json`."
    )]
    async fn list_cards(&self) -> Result<CallToolResult, McpError> {
        Ok(match to_value(&attackopt::card_list()) {
            Ok(value) => CallToolResult::structured(value),
            Err(message) => tool_error(message),
        })
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for AttackServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_resources().enable_prompts().build())
            .with_server_info(Implementation::new("attackopt", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "attackopt decides and optimizes declarations of attackers in Magic: The Gathering (CR 508.1), exactly. \
                 Boards use attackopt's JSON format, sent as an object or as a JSON string: every field is described in \
                 the resource attackopt://schema/board, model boards are the resources attackopt://models/<name>, and \
                 the prompt board_format teaches the format from one. Start with explain_board, then check_attack, \
                 solve_attack, enumerate_attacks or maximum_requirements; list_cards lists the card names attackopt understands. On a board \
                 with `combat` (the declare blockers step, CR 509.1) the same tools answer about declarations of blockers.",
            )
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        Ok(ListResourcesResult::with_all_items(resources::list()))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        Ok(ListResourceTemplatesResult::with_all_items(resources::templates()))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        resources::read(&request.uri).map(Into::into)
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        Ok(ListPromptsResult::with_all_items(resources::prompts()))
    }

    async fn get_prompt(&self, request: GetPromptRequestParams, _context: RequestContext<RoleServer>) -> Result<GetPromptResponse, McpError> {
        resources::prompt(&request.name, request.arguments.as_ref()).map(Into::into)
    }
}

/// Serve MCP on standard input/output until the client closes the connection; boards' cards
/// are looked up in `cards` (read from `source`, `--cards`), if any.
pub fn serve_stdio(cards: Option<CardIndex>, source: Option<&str>) -> Result<(), String> {
    let server = match cards {
        Some(cards) => AttackServer::with_cards(cards, source.unwrap_or("given")),
        None => AttackServer::new(),
    };
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let served = rt.block_on(async {
        log("serving the Model Context Protocol on standard input/output");
        // Requests up to 256 MiB (what a board file may be), every request answered before the
        // end of input ends the session: see `transport`.
        let service = server.serve(transport::Stdio::start()).await.map_err(|e| format!("MCP initialization failed: {e}"))?;
        let reason = service.waiting().await.map_err(|e| format!("MCP server stopped: {e}"))?;
        log(&format!("connection closed ({reason:?})"));
        Ok(())
    });
    // Every request has been answered; a computation past its deadline (reading a huge board
    // can't be interrupted) must not keep the process alive (issue 11, F07).
    rt.shutdown_background();
    served
}
