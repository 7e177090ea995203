//! `attackopt mcp`: a Model Context Protocol server on standard input/output (rmcp, the official
//! Rust SDK), for AI agents.
//!
//! Tools:
//! - `check_attack` {board, declaration, options?}: the `check` result (docs/format.md result JSON);
//! - `solve_attack` {board, objective?, options?}: the `solve` result;
//! - `enumerate_attacks` {board, limit?, options?}: `{declarations, complete}`;
//! - `explain_board` {board}: how attackopt reads the board (the `validate` view);
//! - `list_cards` {}: the cards known by name (`attackopt cards --format json`).
//!
//! Input schemas come from the same Rust types as `attackopt schema` (schemars). A bad board or
//! declaration is a tool error (`isError: true`) whose text is the command line's message (file,
//! JSON path, what was expected). Standard output carries only the protocol; logs go to
//! standard error.

use attackopt::Objective;
use attackopt::Position;
use attackopt::TIME_LIMIT_GRACE as GRACE;
use attackopt::{parse_board, parse_declaration, Board, Declaration, InputError};
use attackopt::{Error, Options};
use attackopt::{JsonOptions, Request, DEFAULT_LIMIT, DEFAULT_OBJECTIVE};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock, Implementation, ServerCapabilities, ServerConfig};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{tool, tool_handler, tool_router, ErrorData as McpError, ServerHandler, ServiceExt};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;
use std::io::Write;
use std::time::Instant;

use crate::transport;

/// The time limit of a tool's options when it is valid (an invalid one is refused by the tool
/// at once), for the deadline of its answer.
fn limit(options: &JsonOptions) -> Option<f64> {
    options.time_limit.filter(|&t| Options { time_limit: Some(t), ..Options::default() }.validate().is_ok())
}

/// The options, the time limit counting from `clock` (when the request arrived: the limit
/// covers the whole request, from its first byte, issue 11, F10).
fn options(options: &JsonOptions, clock: Instant) -> Result<Options, String> {
    options.options(clock).map_err(|e| format!("options.{}: {}", e.option, e.message))
}

/// `check_attack`'s input.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct CheckParams {
    /// The board (attackopt board format, `"attackopt": 1`).
    #[schemars(with = "Board")]
    pub board: Value,
    /// The declaration of attackers to check.
    #[schemars(with = "Declaration")]
    pub declaration: Value,
    #[serde(default)]
    pub options: JsonOptions,
}

/// `solve_attack`'s input.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct SolveParams {
    /// The board (attackopt board format, `"attackopt": 1`).
    #[schemars(with = "Board")]
    pub board: Value,
    /// `power` (default: most total power), `attackers`, `none`, or `damage:PLAYER`.
    #[serde(default)]
    pub objective: Option<String>,
    #[serde(default)]
    pub options: JsonOptions,
}

/// `enumerate_attacks`'s input.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct EnumerateParams {
    /// The board (attackopt board format, `"attackopt": 1`).
    #[schemars(with = "Board")]
    pub board: Value,
    /// At most this many declarations (default 100).
    #[serde(default)]
    pub limit: Option<usize>,
    #[serde(default)]
    pub options: JsonOptions,
}

/// `explain_board`'s input.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct ExplainParams {
    /// The board (attackopt board format, `"attackopt": 1`).
    #[schemars(with = "Board")]
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

fn position(board: &Value) -> Result<Position, InputError> {
    if !board.is_object() {
        return Err(InputError::new("board", "", "expected a board object {\"attackopt\": 1, ...}"));
    }
    Position::new(parse_board(&board.to_string(), "board")?)
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
    let outcome = match wait.and_then(|w| started.checked_add(w)) {
        Some(deadline) => tokio::time::timeout_at(deadline.into(), task).await.ok(),
        None => Some(task.await),
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
        Self { tool_router: Self::tool_router() }
    }

    /// Is this declaration legal; why not; a witness.
    #[tool(
        description = "Check a declaration of attackers (Magic: The Gathering, CR 508.1) on a board: is it legal, which rules it breaks (each as a sentence), how many requirements it obeys and the most any declaration could obey, and a witness declaration when it obeys too few. Returns attackopt's check result JSON."
    )]
    async fn check_attack(
        &self,
        Parameters(Objects(p)): Parameters<Objects<CheckParams>>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        run_tool("check_attack", &context, limit(&p.options), move |clock| {
            let options = options(&p.options, clock)?;
            let pos = position(&p.board).map_err(|e| e.to_string())?;
            if !p.declaration.is_object() {
                return Err("declaration: expected a declaration object {\"attacks\": [...]}".into());
            }
            let (decl, _) = parse_declaration(&p.declaration.to_string(), "declaration").map_err(|e| e.to_string())?;
            pos.board.check_declaration_ids(&decl, "declaration").map_err(|e| e.to_string())?;
            answer(&pos, &Request::Check(decl), &options)
        })
        .await
    }

    /// The best legal declaration.
    #[tool(
        description = "Find the best legal declaration of attackers on a board for an objective (power: most total power, the default; attackers; none; damage:PLAYER), with the mana payment for its attack costs. Returns attackopt's solve result JSON (a check result plus `objective`)."
    )]
    async fn solve_attack(
        &self,
        Parameters(Objects(p)): Parameters<Objects<SolveParams>>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        run_tool("solve_attack", &context, limit(&p.options), move |clock| {
            let options = options(&p.options, clock)?;
            let pos = position(&p.board).map_err(|e| e.to_string())?;
            let objective = Objective::parse(p.objective.as_deref().unwrap_or(DEFAULT_OBJECTIVE), &pos).map_err(|m| format!("objective: {m}"))?;
            answer(&pos, &Request::Solve(objective), &options)
        })
        .await
    }

    /// Legal declarations, up to a limit.
    #[tool(
        description = "List the legal declarations of attackers on a board, up to `limit` (default 100), and whether the list is complete. Returns {declarations: [check results], complete}."
    )]
    async fn enumerate_attacks(
        &self,
        Parameters(Objects(p)): Parameters<Objects<EnumerateParams>>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        run_tool("enumerate_attacks", &context, limit(&p.options), move |clock| {
            let options = options(&p.options, clock)?;
            let pos = position(&p.board).map_err(|e| e.to_string())?;
            answer(&pos, &Request::Enumerate { limit: p.limit.unwrap_or(DEFAULT_LIMIT) }, &options)
        })
        .await
    }

    /// How attackopt reads a board.
    #[tool(
        description = "Explain how attackopt reads a board: which creatures may attack what and why not, every requirement, restriction and attack cost with its source card, the mana sources, and warnings. The first thing to call on a new board."
    )]
    async fn explain_board(
        &self,
        Parameters(Objects(p)): Parameters<Objects<ExplainParams>>,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        run_tool("explain_board", &context, None, move |_| {
            let pos = position(&p.board).map_err(|e| e.to_string())?;
            answer(&pos, &Request::Validate, &Options::default())
        })
        .await
    }

    /// The cards attackopt knows by name.
    #[tool(
        description = "List the card names attackopt understands: each catalog card with what it does for declaring attackers (one line) and its Comprehensive Rules numbers, then the plain cards (no effect on attacking of their own, read from the permanent's fields). Any other name on a board gets a warning and is read as a card with no abilities that matter for attacking. Returns the same JSON as `attackopt cards --format json`."
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
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("attackopt", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "attackopt decides and optimizes declarations of attackers in Magic: The Gathering (CR 508.1), exactly. \
                 Boards use attackopt's JSON format (see each tool's input schema); start with explain_board, then \
                 check_attack or solve_attack; list_cards lists the card names attackopt understands.",
            )
    }
}

/// Serve MCP on standard input/output until the client closes the connection.
pub fn serve_stdio() -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let served = rt.block_on(async {
        log("serving the Model Context Protocol on standard input/output");
        // Requests up to 256 MiB (what a board file may be), every request answered before the
        // end of input ends the session: see `transport`.
        let service = AttackServer::new().serve(transport::Stdio::start()).await.map_err(|e| format!("MCP initialization failed: {e}"))?;
        let reason = service.waiting().await.map_err(|e| format!("MCP server stopped: {e}"))?;
        log(&format!("connection closed ({reason:?})"));
        Ok(())
    });
    // Every request has been answered; a computation past its deadline (reading a huge board
    // can't be interrupted) must not keep the process alive (issue 11, F07).
    rt.shutdown_background();
    served
}
