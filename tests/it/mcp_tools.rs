//! Issue 13, "MCP tools an LLM calls right the first time", through real MCP sessions: the
//! binary's server driven over stdio by a raw JSON-RPC client (the wire protocol itself, as any
//! MCP client speaks it; rmcp's client side would need its `client` feature, which would build
//! rmcp a second time for the tests and break the build/test feature alignment of Cargo.toml).
//!
//! Each point has its test: a small, annotated `tools/list` with output schemas; every answer
//! valid against its tool's output schema and the result schema; boards and declarations sent
//! as JSON strings; enumerate's `detail` (MCP, command line, batch); the model and schema
//! resources; the `board_format` prompt; the MCP session of docs/interfaces.md replayed; every field of the
//! board, declaration and options schemas described.

use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read_json(rel: &str) -> Value {
    let p = root().join(rel);
    serde_json::from_str(&std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))).expect("JSON")
}

/// One MCP session: initialize, notifications/initialized, then `requests` (method, params),
/// all written at once; the answers by request id (2, 3, ...), and the exit status.
fn session(requests: &[(&str, Value)]) -> Vec<Value> {
    let mut lines = vec![
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "attackopt-test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    ];
    for (i, (method, params)) in requests.iter().enumerate() {
        lines.push(json!({"jsonrpc": "2.0", "id": i + 2, "method": method, "params": params}));
    }
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let answers = run_server(text.as_bytes());
    (0..requests.len())
        .map(|i| answers.iter().find(|a| a["id"] == json!(i + 2)).cloned().unwrap_or_else(|| panic!("no answer to request {}: {answers:?}", i + 2)))
        .collect()
}

/// Pipe `input` into `attackopt mcp` (the session runner of `mcp.rs`); every line it writes,
/// parsed (it must be JSON-RPC only), and the server exits 0 at the end of input.
fn run_server(input: &[u8]) -> Vec<Value> {
    let lines: Vec<Vec<u8>> = input.split(|&b| b == b'\n').filter(|l| !l.is_empty()).map(<[u8]>::to_vec).collect();
    let (answers, code) = super::mcp::piped_session(&lines);
    assert_eq!(code, Some(0));
    answers
}

fn call(tool: &str, arguments: Value) -> (&'static str, Value) {
    ("tools/call", json!({"name": tool, "arguments": arguments}))
}

fn text_of(result: &Value) -> String {
    result["content"][0]["text"].as_str().unwrap_or_default().to_string()
}

fn cli_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_attackopt")).args(args).args(["--format", "json"]).current_dir(root()).output().expect("runs");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("not a valid schema ({e}): {schema}"))
}

fn assert_valid(schema: &Value, instance: &Value, what: &str) {
    let v = validator(schema);
    let errors: Vec<String> = v.iter_errors(instance).map(|e| format!("{} at {}", e, e.instance_path())).collect();
    assert!(errors.is_empty(), "{what}: {errors:?}");
}

fn tools() -> Vec<Value> {
    let list = session(&[("tools/list", json!({}))]);
    list[0]["result"]["tools"].as_array().cloned().expect("tools")
}

/// The measured size of `tools/list` is stated in docs/interfaces.md ("MCP server"); a tool that inlined the board
/// schema again (10 KB each) would break this bound. Every tool is annotated as reading only
/// its arguments, and has an output schema whose root is an object (the MCP specification).
#[test]
fn tools_list_is_small_annotated_and_every_tool_has_an_output_schema() {
    let list = session(&[("tools/list", json!({}))]);
    let bytes = list[0].to_string().len();
    assert!(bytes < 15_000, "tools/list is {bytes} bytes (issue 40: under 15,000; it was 47,663 with the board schema inlined in four tools)");
    let tools = list[0]["result"]["tools"].as_array().expect("tools");
    assert_eq!(tools.len(), 6);
    for t in tools {
        let name = t["name"].as_str().unwrap_or_default();
        let a = &t["annotations"];
        assert_eq!(
            (&a["readOnlyHint"], &a["idempotentHint"], &a["destructiveHint"], &a["openWorldHint"]),
            (&json!(true), &json!(true), &json!(false), &json!(false)),
            "{name}: {a}"
        );
        assert!(t["title"].is_string(), "{name}");
        assert_eq!(t["outputSchema"]["type"], "object", "{name}");
        assert!(t["outputSchema"]["properties"].as_object().is_some_and(|p| !p.is_empty()), "{name}");
        validator(&t["outputSchema"]);
        validator(&t["inputSchema"]);
        let input = &t["inputSchema"];
        assert!(input.get("$defs").is_none_or(|d| d.get("Board").is_none()), "{name}: the board schema is not inlined");
        for arg in ["board", "declaration"] {
            if let Some(schema) = input["properties"].get(arg) {
                // An object or a JSON string; the description points to the full schema.
                assert_eq!(schema["anyOf"], json!([{"type": "object"}, {"type": "string"}]), "{name}.{arg}");
                assert!(schema["description"].as_str().is_some_and(|d| d.contains(&format!("attackopt://schema/{arg}"))), "{name}.{arg}");
            }
        }
        // Every argument is described (issue 13: `options` had no description).
        for (arg, schema) in input["properties"].as_object().into_iter().flatten() {
            assert!(schema["description"].as_str().is_some_and(|d| !d.is_empty()), "{name}.{arg} has no description");
        }
    }
}

/// Every structured answer validates against its tool's output schema and against `attackopt
/// schema result` (or `cards`), the schema the command line's JSON validates against.
#[test]
fn every_structured_answer_matches_its_output_schema_and_the_result_schema() {
    let board = read_json("models/commander-goad-propaganda.json");
    let decl = read_json("models/declarations/commander-goad-propaganda.empty.json");
    let tools = tools();
    let calls = [
        call("check_attack", json!({"board": board, "declaration": decl})),
        call("solve_attack", json!({"board": board})),
        call("enumerate_attacks", json!({"board": board, "limit": 5})),
        call("enumerate_attacks", json!({"board": board, "limit": 5, "detail": "full"})),
        call("maximum_requirements", json!({"board": board})),
        call("explain_board", json!({"board": board})),
        call("list_cards", json!({})),
    ];
    let answers = session(&calls);
    let result_schema = attackopt::result_schema();
    for ((_, params), answer) in calls.iter().zip(&answers) {
        let name = params["name"].as_str().unwrap_or_default();
        let r = &answer["result"];
        assert_eq!(r["isError"], false, "{name}: {r}");
        let content = &r["structuredContent"];
        let tool = tools.iter().find(|t| t["name"] == name).expect("listed");
        assert_valid(&tool["outputSchema"], content, &format!("{name} against its output schema"));
        assert_valid(&result_schema, content, &format!("{name} against the result schema"));
        let shown: Value = serde_json::from_str(&text_of(r)).expect("the text content is the JSON");
        assert_eq!(&shown, content, "{name}");
    }
    // The output schema is generated from the answer types: its fields are the answer's.
    let check = tools.iter().find(|t| t["name"] == "check_attack").expect("check_attack");
    let mut fields: Vec<&String> = check["outputSchema"]["properties"].as_object().expect("properties").keys().collect();
    let mut answered: Vec<&String> = answers[0]["result"]["structuredContent"].as_object().expect("an object").keys().collect();
    fields.sort();
    answered.sort();
    for f in &answered {
        assert!(fields.contains(f), "{f} is not in check_attack's output schema {fields:?}");
    }
}

/// LLMs often send a board or a declaration as a JSON string: it is read as the object would
/// be. A string that is not a JSON object (a path) is refused with a message that says where
/// model boards are; a string with a JSON error names the board and the line.
#[test]
fn a_board_and_a_declaration_sent_as_json_strings_are_read_like_objects() {
    let board = read_json("models/paid-vs-free.json");
    let decl = read_json("models/declarations/paid-vs-free.serpent-alone.json");
    let (b, d) = (board.to_string(), serde_json::to_string_pretty(&decl).expect("JSON"));
    let answers = session(&[
        call("check_attack", json!({"board": board, "declaration": decl})),
        call("check_attack", json!({"board": b, "declaration": d})),
        call("solve_attack", json!({"board": b, "options": {"baseline": "free"}})),
        call("solve_attack", json!({"board": board, "options": {"baseline": "free"}})),
        call("explain_board", json!({"board": "models/paid-vs-free.json"})),
        call("explain_board", json!({"board": "{\"attackopt\": 1, \"players\": ["})),
        call("check_attack", json!({"board": b, "declaration": 7})),
    ]);
    assert_eq!(answers[0]["result"]["structuredContent"]["legal"], false, "{}", answers[0]);
    assert_eq!(answers[1]["result"]["structuredContent"], answers[0]["result"]["structuredContent"]);
    assert_eq!(answers[2]["result"]["structuredContent"], answers[3]["result"]["structuredContent"]);
    let path = &answers[4]["result"];
    assert_eq!(path["isError"], true, "{path}");
    assert!(text_of(path).starts_with("board: ") && text_of(path).contains("attackopt://models/"), "{path}");
    let broken = &answers[5]["result"];
    assert_eq!(broken["isError"], true, "{broken}");
    assert!(text_of(broken).starts_with("board: "), "{broken}");
    let number = &answers[6]["result"];
    assert_eq!(number["isError"], true);
    assert!(text_of(number).contains("declaration") && text_of(number).contains("number"), "{number}");
}

/// Issue 40, point 4: `check_attack`'s declaration typed as one line (`serpent=B`, `none`), as
/// `--attack` and batch's `"attacks"` read it, answers as the same declaration in JSON; an
/// unknown id in the line is bad input naming the declaration.
#[test]
fn a_declaration_typed_as_one_line_is_the_json_declaration() {
    let board = read_json("models/paid-vs-free.json");
    let decl = read_json("models/declarations/paid-vs-free.serpent-alone.json");
    let line: Vec<String> = decl["attacks"]
        .as_array()
        .expect("attacks")
        .iter()
        .map(|a| format!("{}={}", a["creature"].as_str().unwrap(), a["target"].as_str().unwrap()))
        .collect();
    let answers = session(&[
        call("check_attack", json!({"board": board, "declaration": decl})),
        call("check_attack", json!({"board": board, "declaration": line.join(", ")})),
        call("check_attack", json!({"board": board, "declaration": {"attacks": []}})),
        call("check_attack", json!({"board": board, "declaration": "none"})),
        call("check_attack", json!({"board": board, "declaration": "nobody=B"})),
    ]);
    assert_eq!(answers[1]["result"]["structuredContent"], answers[0]["result"]["structuredContent"], "{}", answers[1]);
    assert_eq!(answers[3]["result"]["structuredContent"], answers[2]["result"]["structuredContent"], "{}", answers[3]);
    let unknown = &answers[4]["result"];
    assert_eq!(unknown["isError"], true, "{unknown}");
    assert!(text_of(unknown).contains("declaration") && text_of(unknown).contains("nobody"), "{unknown}");
}

/// `detail`: MCP's enumerate lists each declaration alone by default (`summary`), the whole
/// check results with `full`; the command line (`--detail`, default `full`, so its output is
/// unchanged) and batch (`"detail"`, default `full`) give the same JSON. The summary is each
/// full result's declaration, and much smaller.
#[test]
fn enumerate_detail_summary_is_the_mcp_default_and_full_the_command_lines() {
    let model = "models/commander-goad-propaganda.json";
    let board = read_json(model);
    let answers = session(&[
        call("enumerate_attacks", json!({"board": board, "limit": 30})),
        call("enumerate_attacks", json!({"board": board, "limit": 30, "detail": "full"})),
        call("enumerate_attacks", json!({"board": board, "detail": "brief"})),
    ]);
    let summary = &answers[0]["result"]["structuredContent"];
    let full = &answers[1]["result"]["structuredContent"];
    let listed = summary["declarations"].as_array().expect("declarations");
    assert!(listed.len() > 5, "{summary}");
    let full_listed = full["declarations"].as_array().expect("declarations");
    assert_eq!(listed.len(), full_listed.len());
    for (s, f) in listed.iter().zip(full_listed) {
        let keys: Vec<&String> = s.as_object().expect("an object").keys().collect();
        assert!(keys.iter().all(|k| *k == "attacks" || *k == "payment"), "the declaration alone: {s}");
        assert_eq!(s["attacks"], f["declaration"]["attacks"]);
        assert_eq!(s.get("payment").cloned().unwrap_or(json!([])), f["declaration"].get("payment").cloned().unwrap_or(json!([])));
    }
    assert!(summary.to_string().len() * 4 < full.to_string().len(), "summary {} bytes, full {}", summary.to_string().len(), full.to_string().len());
    assert_eq!(answers[2]["result"]["isError"], true);
    assert!(text_of(&answers[2]["result"]).contains("expected \"summary\" or \"full\""), "{}", answers[2]);

    // The command line: the same JSON; `full` is its default.
    assert_eq!(&cli_json(&["enumerate", model, "--limit", "30", "--detail", "summary"]), summary);
    assert_eq!(&cli_json(&["enumerate", model, "--limit", "30", "--detail", "FULL"]), full);
    assert_eq!(&cli_json(&["enumerate", model, "--limit", "30"]), full);
    let text =
        Command::new(env!("CARGO_BIN_EXE_attackopt")).args(["enumerate", model, "--detail", "summary"]).current_dir(root()).output().expect("runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains(" -> ") && !text.contains("obeys"), "the attacks alone:\n{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_attackopt")).args(["enumerate", model, "--detail", "brief"]).output().expect("runs");
    assert_eq!(bad.status.code(), Some(2));

    // Batch: the request's `detail`, ignored with a warning by other commands.
    let requests = [
        json!({"id": 1, "command": "enumerate", "board": model, "limit": 30, "detail": "summary"}),
        json!({"id": 2, "command": "enumerate", "board": model, "limit": 30}),
        json!({"id": 3, "command": "solve", "board": model, "detail": "summary"}),
        json!({"id": 4, "command": "enumerate", "board": model, "detail": "brief"}),
    ];
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_attackopt"))
        .args(["batch", "-", "--quiet"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write");
    let out = child.wait_with_output().expect("batch ends");
    let lines: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(&lines[0]["result"], summary);
    assert_eq!(&lines[1]["result"], full);
    assert!(lines[2]["warnings"].as_array().is_some_and(|w| w.iter().any(|w| w.as_str().is_some_and(|w| w.contains("detail")))), "{}", lines[2]);
    assert!(lines[3]["error"]["message"].as_str().is_some_and(|m| m.contains("detail") && m.contains("\"summary\" or \"full\"")), "{}", lines[3]);
}

/// The model boards are resources (embedded in the binary, so an installed binary has them),
/// every one of `models/`, with their declarations, reached through two resource templates and
/// listed in the index `attackopt://models`; the schemas are listed, the same as `attackopt
/// schema NAME`. `resources/list` stays under 4 KB (issue 40: it was 35 KB with every board
/// and declaration). A URI that names nothing is an error.
#[test]
fn the_models_and_the_schemas_are_resources() {
    let answers =
        session(&[("resources/list", json!({})), ("resources/templates/list", json!({})), ("resources/read", json!({"uri": "attackopt://models"}))]);
    assert!(answers[0].to_string().len() < 4096, "resources/list is {} bytes", answers[0].to_string().len());
    let mut listed: Vec<String> =
        answers[0]["result"]["resources"].as_array().expect("resources").iter().filter_map(|r| r["uri"].as_str().map(String::from)).collect();
    let templates: Vec<&str> =
        answers[1]["result"]["resourceTemplates"].as_array().expect("templates").iter().filter_map(|t| t["uriTemplate"].as_str()).collect();
    assert_eq!(templates, ["attackopt://models/{name}", "attackopt://models/declarations/{name}"]);
    let index: Value = serde_json::from_str(answers[2]["result"]["contents"][0]["text"].as_str().expect("the index")).expect("JSON");
    for board in index["boards"].as_array().expect("boards") {
        listed.push(board["uri"].as_str().expect("a uri").to_string());
        listed.extend(board["declarations"].as_array().expect("declarations").iter().filter_map(|d| d.as_str().map(String::from)));
    }
    let mut reads = Vec::new();
    let mut expected = Vec::new();
    for dir in ["models", "models/declarations"] {
        for entry in std::fs::read_dir(root().join(dir)).expect("models").filter_map(Result::ok) {
            let path = entry.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_suffix(".json")) else { continue };
            let uri = format!("attackopt://{dir}/{name}");
            assert!(listed.contains(&uri), "{uri} is not in the index");
            reads.push(("resources/read", json!({"uri": uri})));
            expected.push(serde_json::from_str::<Value>(&std::fs::read_to_string(&path).expect("read")).expect("JSON"));
        }
    }
    for name in attackopt::SCHEMA_NAMES {
        let uri = format!("attackopt://schema/{name}");
        assert!(listed.contains(&uri), "{uri}");
        reads.push(("resources/read", json!({"uri": uri})));
        expected.push(attackopt::schema(name).expect("a schema"));
    }
    reads.push(("resources/read", json!({"uri": "attackopt://models/no-such-board"})));
    let answers = session(&reads);
    for ((_, params), (answer, want)) in reads.iter().zip(answers.iter().zip(&expected)) {
        let contents = &answer["result"]["contents"][0];
        assert_eq!(contents["uri"], params["uri"]);
        let text: Value = serde_json::from_str(contents["text"].as_str().unwrap_or_default()).unwrap_or_else(|e| panic!("{params}: {e}"));
        assert_eq!(&text, want, "{params}");
    }
    let missing = answers.last().expect("an answer");
    assert!(missing["error"]["message"].as_str().is_some_and(|m| m.contains("no resource")), "{missing}");
}

/// The prompt `board_format` teaches the format from a model board (by default paid-vs-free,
/// or the one asked for), and the board it shows is one the tools accept as it is.
#[test]
fn the_board_format_prompt_starts_from_a_model_board() {
    let answers = session(&[
        ("prompts/list", json!({})),
        ("prompts/get", json!({"name": "board_format"})),
        ("prompts/get", json!({"name": "board_format", "arguments": {"model": "moat-flyers"}})),
        ("prompts/get", json!({"name": "board_format", "arguments": {"model": "nowhere"}})),
    ]);
    let prompts = answers[0]["result"]["prompts"].as_array().expect("prompts");
    assert_eq!(prompts.len(), 1);
    assert_eq!(prompts[0]["name"], "board_format");
    for (answer, model) in [(&answers[1], "paid-vs-free"), (&answers[2], "moat-flyers")] {
        let text = answer["result"]["messages"][0]["content"]["text"].as_str().unwrap_or_default();
        assert!(text.contains("attackopt://schema/board") && text.contains("explain_board"), "{text}");
        let board_text = std::fs::read_to_string(root().join(format!("models/{model}.json"))).expect("read");
        assert!(text.ends_with(board_text.as_str()), "the prompt shows models/{model}.json");
        attackopt::Position::from_json(&board_text, model).expect("the model board is read");
    }
    assert!(answers[3]["error"]["message"].as_str().is_some_and(|m| m.contains("moat-flyers")), "{}", answers[3]);
}

/// `expected` is part of `actual`: objects have at least its fields (each matching), arrays the
/// same length, element by element; other values are equal.
fn contains(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => e.iter().all(|(k, v)| a.get(k).is_some_and(|x| contains(x, v))),
        (Value::Array(a), Value::Array(e)) => a.len() == e.len() && a.iter().zip(e).all(|(x, v)| contains(x, v)),
        _ => actual == expected,
    }
}

/// The MCP session of docs/interfaces.md (section "MCP server") is replayed: its `printf` lines
/// are piped into the server, and each answer shown (abridged: the fields shown) is in the real
/// answer with the same id, so the document cannot drift from the server.
#[test]
fn the_readme_mcp_session_is_what_the_server_answers() {
    let readme = std::fs::read_to_string(root().join("docs/interfaces.md")).expect("docs/interfaces.md");
    let start = readme.find("<!-- mcp-session: checked by tests/it/mcp_tools.rs -->").expect("docs/interfaces.md marks its MCP session");
    let rest = &readme[start..];
    let block = |from: &str| -> String {
        let open = rest.find(from).unwrap_or_else(|| panic!("a {from} block"));
        let body = &rest[open + from.len()..];
        body[..body.find("\n```").expect("the block ends")].to_string()
    };
    let requests: Vec<String> = block("```sh\n")
        .lines()
        .filter_map(|l| l.trim().strip_prefix('\'').and_then(|l| l.split_once('\'')).map(|(json, _)| json.to_string()))
        .collect();
    assert!(requests.len() >= 4, "{requests:?}");
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let answers = run_server(input.as_bytes());
    let shown: Vec<Value> =
        block("```json\n").lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("docs/interfaces.md answer line ({e}): {l}"))).collect();
    assert!(shown.len() >= 3);
    for want in &shown {
        let got = answers.iter().find(|a| a["id"] == want["id"]).unwrap_or_else(|| panic!("no answer to {}", want["id"]));
        assert!(contains(got, want), "docs/interfaces.md shows\n{want}\nthe server answers\n{got}");
    }
}

/// Every field of the board and declaration formats (and of the tools' options) has a
/// description in its JSON Schema (issue 13: 45 of 77 had none), which `attackopt schema board`
/// prints and the MCP resource attackopt://schema/board serves. Conditional subschemas (`if`,
/// `then`, `oneOf` forms) restate fields already described and are not walked.
#[test]
fn every_field_of_the_board_declaration_and_options_schemas_is_described() {
    fn undescribed(v: &Value, path: &str, out: &mut Vec<String>) {
        match v {
            Value::Object(o) => {
                for (k, p) in o.get("properties").and_then(Value::as_object).into_iter().flatten() {
                    if p["description"].as_str().is_none_or(|d| d.len() <= 10) {
                        out.push(format!("{path}.{k}"));
                    }
                    undescribed(p, &format!("{path}.{k}"), out);
                }
                for (k, x) in o {
                    if !["properties", "allOf", "if", "then", "oneOf"].contains(&k.as_str()) {
                        undescribed(x, &format!("{path}/{k}"), out);
                    }
                }
            }
            Value::Array(a) => a.iter().for_each(|x| undescribed(x, path, out)),
            _ => {}
        }
    }
    let mut missing = Vec::new();
    undescribed(&attackopt::board_schema(), "board", &mut missing);
    undescribed(&attackopt::declaration_schema(), "declaration", &mut missing);
    undescribed(&serde_json::to_value(schemars::schema_for!(attackopt::JsonOptions)).expect("JSON"), "options", &mut missing);
    assert!(missing.is_empty(), "fields without a description: {missing:?}");
    // Units, defaults and examples, where a field has them.
    let board = attackopt::board_schema();
    let power = &board["$defs"]["Permanent"]["properties"]["power"];
    assert!(power["description"].as_str().is_some_and(|d| d.contains("default 0")) && power["examples"].is_array(), "{power}");
    let life = &board["$defs"]["Player"]["properties"]["life"];
    assert!(life["description"].as_str().is_some_and(|d| d.contains("default 20")), "{life}");
}

/// Issue 38: on a board with `combat`, `check_attack` checks a declaration of blockers (CR
/// 509.1), as JSON or typed on one line (`wall=bear`, as `--block` reads it), and its answer is
/// the command line's and matches the tool's output schema; a declaration of attackers there is
/// a tool error naming `blocks`.
#[test]
fn cr_509_1_check_attack_checks_blocks_on_a_board_with_combat() {
    let board = json!({
        "attackopt": 1, "active_player": "A", "players": [{"id": "A"}, {"id": "B"}],
        "permanents": [
            {"id": "brute", "name": "Test brute", "controller": "A", "types": ["Creature", "Token"], "power": 4, "keywords": ["Menace"]},
            {"id": "spire", "name": "Test spire", "controller": "B", "types": ["Creature", "Token"], "power": 2},
            {"id": "bears", "name": "Test bears", "controller": "B", "types": ["Creature", "Token"], "power": 2}
        ],
        "effects": [{"kind": "blocks_if_able", "creatures": ["spire"], "source": "Test"}],
        "combat": {"attacks": [{"creature": "brute", "target": "B"}]}
    });
    let decl = json!({"blocks": [{"blocker": "spire", "attacker": "brute"}, {"blocker": "bears", "attacker": "brute"}]});
    let answers = session(&[
        call("check_attack", json!({"board": board, "declaration": decl})),
        call("check_attack", json!({"board": board, "declaration": "spire=brute, bears=brute"})),
        call("check_attack", json!({"board": board, "declaration": "spire=brute"})),
        call("check_attack", json!({"board": board, "declaration": {"attacks": []}})),
    ]);
    let first = &answers[0]["result"]["structuredContent"];
    assert_eq!(first["legal"], true, "{}", answers[0]);
    assert_eq!(&answers[1]["result"]["structuredContent"], first, "{}", answers[1]);
    assert_eq!(answers[2]["result"]["structuredContent"]["violations"][0]["kind"], "restriction", "{}", answers[2]);
    let dir = std::env::temp_dir().join(format!("attackopt-mcp-blocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (b, d) = (dir.join("board.json"), dir.join("decl.json"));
    std::fs::write(&b, board.to_string()).expect("written");
    std::fs::write(&d, decl.to_string()).expect("written");
    let cli = cli_json(&["check", b.to_str().unwrap(), d.to_str().unwrap()]);
    assert_eq!(first["violations"], cli["violations"]);
    assert_eq!(first["declaration"], cli["declaration"]);
    let check = tools().into_iter().find(|t| t["name"] == "check_attack").expect("check_attack");
    assert_valid(&check["outputSchema"], first, "check_attack on blocks");
    let refused = &answers[3]["result"];
    assert_eq!(refused["isError"], true, "{refused}");
    assert!(text_of(refused).contains("blocks"), "{refused}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 38: on a board with `combat`, `solve_attack` solves the declaration of blockers (CR
/// 509.1): with no objective the most damage prevented (CR 510.1), `kills`, `losses` and `none`
/// as asked, under both baselines; each answer is the command line's `solve`, matches the
/// tool's output schema (which describes the attack and the block answer) and the result
/// schema; an attack objective there is a tool error naming the objective.
#[test]
fn cr_509_1_solve_attack_solves_blocks_on_a_board_with_combat() {
    let board = crate::block_costs::paid_block_board(true);
    let file = crate::common::temp_file("mcp-solve-blocks", &board.to_string());
    let file = file.to_str().expect("a path");
    let calls = [
        (call("solve_attack", json!({"board": board})), vec![]),
        (call("solve_attack", json!({"board": board, "objective": "kills"})), vec!["--objective", "kills"]),
        (
            call("solve_attack", json!({"board": board, "objective": "losses", "options": {"baseline": "free"}})),
            vec!["--objective", "losses", "--baseline", "free"],
        ),
        (
            call("solve_attack", json!({"board": board.to_string(), "objective": "none", "options": {"method": "exhaustive"}})),
            vec!["--objective", "none", "--exhaustive"],
        ),
    ];
    let mut requests: Vec<(&str, Value)> = calls.iter().map(|(c, _)| c.clone()).collect();
    requests.push(call("solve_attack", json!({"board": board, "objective": "power"})));
    let answers = session(&requests);
    let tools = tools();
    let solve = tools.iter().find(|t| t["name"] == "solve_attack").expect("solve_attack");
    assert!(solve["description"].as_str().is_some_and(|d| d.contains("blockers") && d.contains("prevented")), "{solve}");
    let result_schema = attackopt::result_schema();
    for ((_, flags), answer) in calls.iter().zip(&answers) {
        let r = &answer["result"];
        assert_eq!(r["isError"], false, "{flags:?}: {r}");
        let content = &r["structuredContent"];
        assert_eq!((&content["legal"], &content["optimal"]), (&json!(true), &json!(true)), "{flags:?}: {content}");
        assert!(content["declaration"]["blocks"].is_array(), "a declaration of blockers: {content}");
        assert_valid(&solve["outputSchema"], content, "solve_attack on blocks against its output schema");
        assert_valid(&result_schema, content, "solve_attack on blocks against the result schema");
        let args: Vec<&str> = ["solve", file].into_iter().chain(flags.iter().copied()).collect();
        assert_eq!(content, &cli_json(&args), "{args:?}: MCP differs from the command line");
    }
    // Most damage prevented: both attackers have power 2; m needs two blockers (menace), y one
    // with reach; the costly creature can block only one of them, so 2 is the most.
    assert_eq!(answers[0]["result"]["structuredContent"]["objective"], 2, "{}", answers[0]);
    let refused = &answers[4]["result"];
    assert_eq!(refused["isError"], true, "{refused}");
    assert!(text_of(refused).starts_with("objective: "), "{refused}");
}

/// Issue 38: on a board with `combat`, `enumerate_attacks` lists the legal declarations of
/// blockers: with detail `summary` (the MCP default) each declaration alone (`{blocks,
/// payment?}`), with `full` each its check result, as `attackopt enumerate --detail` prints;
/// `explain_board` shows the declare blockers step (`blocks`). Every answer matches its tool's
/// output schema and the result schema.
#[test]
fn cr_509_1_enumerate_attacks_and_explain_board_on_a_board_with_combat() {
    let board = crate::block_costs::paid_block_board(true);
    let file = crate::common::temp_file("mcp-enumerate-blocks", &board.to_string());
    let file = file.to_str().expect("a path");
    let answers = session(&[
        call("enumerate_attacks", json!({"board": board})),
        call("enumerate_attacks", json!({"board": board, "detail": "full", "limit": 1})),
        call("enumerate_attacks", json!({"board": board, "options": {"baseline": "free"}})),
        call("explain_board", json!({"board": board})),
    ]);
    let tools = tools();
    let schema_of = |name: &str| tools.iter().find(|t| t["name"] == name).expect("listed")["outputSchema"].clone();
    let result_schema = attackopt::result_schema();
    for (i, tool) in ["enumerate_attacks", "enumerate_attacks", "enumerate_attacks", "explain_board"].iter().enumerate() {
        let r = &answers[i]["result"];
        assert_eq!(r["isError"], false, "{tool}: {r}");
        assert_valid(&schema_of(tool), &r["structuredContent"], &format!("{tool} on blocks against its output schema"));
        assert_valid(&result_schema, &r["structuredContent"], &format!("{tool} on blocks against the result schema"));
    }
    let summary = &answers[0]["result"]["structuredContent"];
    assert_eq!(summary, &cli_json(&["enumerate", file, "--detail", "summary"]), "MCP's summary is the command line's");
    assert_eq!(summary["complete"], true);
    let listed = summary["declarations"].as_array().expect("declarations");
    // Blocking nothing is legal (a cost to block is never required to be paid, CR 509.1c), and
    // so is the paid block of m that obeys the requirement, shown with its payment.
    assert!(listed.contains(&json!({"blocks": []})), "{summary}");
    let paid = json!({"blocks": [{"blocker": "costly", "attacker": "m"}, {"blocker": "free", "attacker": "m"}], "payment": [{"permanent": "w1", "mana": "{W}"}]});
    assert!(listed.contains(&paid), "{summary}");
    assert!(listed.iter().all(|d| d.as_object().is_some_and(|o| o.keys().all(|k| k == "blocks" || k == "payment"))), "{summary}");
    let full = &answers[1]["result"]["structuredContent"];
    assert_eq!(full, &cli_json(&["enumerate", file, "--detail", "full", "--limit", "1"]), "MCP's full list is the command line's");
    assert_eq!(full["complete"], false, "{full}");
    assert_eq!(
        full["declarations"].as_array().map(|d| d.iter().map(|r| (&r["legal"], &r["declaration"])).collect()),
        Some(vec![(&json!(true), &listed[0])])
    );
    assert_eq!(answers[2]["result"]["structuredContent"], cli_json(&["enumerate", file, "--detail", "summary", "--baseline", "free"]));
    let view = &answers[3]["result"]["structuredContent"];
    assert!(view["blocks"]["blockers"].as_array().is_some_and(|b| b.len() == 2), "{view}");
}

/// Issue 38: the prompt `board_format` on a model with `combat` (lure-menace) teaches the
/// declare blockers step (CR 509.1): the board's `combat` and the declaration of blockers,
/// `{"blocks": [...]}` and the one line `wall=bear`, which check_attack accepts on that board;
/// on a board without combat it says where blocks are taught. The resources' descriptions of
/// the model declarations and `explain_board`'s say they cover blockers too.
#[test]
fn cr_509_1_the_prompt_and_the_descriptions_teach_blocks_on_a_board_with_combat() {
    let answers = session(&[
        ("prompts/get", json!({"name": "board_format", "arguments": {"model": "lure-menace"}})),
        ("prompts/get", json!({"name": "board_format"})),
        ("resources/list", json!({})),
        ("resources/templates/list", json!({})),
        ("tools/list", json!({})),
    ]);
    let text = |i: usize| answers[i]["result"]["messages"][0]["content"]["text"].as_str().unwrap_or_default().to_string();
    let combat = text(0);
    for needle in ["\"combat\"", "declare blockers step (CR 509.1)", "{\"blocks\": [{\"blocker\"", "wall=bear", "prevented", "who may block what"] {
        assert!(combat.contains(needle), "the lure-menace prompt lacks {needle:?}: {combat}");
    }
    let board_text = std::fs::read_to_string(root().join("models/lure-menace.json")).expect("read");
    assert!(combat.ends_with(board_text.as_str()));
    let plain = text(1);
    assert!(plain.contains("{\"attacks\": [{\"creature\"") && plain.contains("lure-menace"), "{plain}");
    let index = answers[2]["result"]["resources"].as_array().expect("resources").iter().find(|r| r["uri"] == "attackopt://models").cloned();
    let template = answers[3]["result"]["resourceTemplates"][1].clone();
    for described in [index.expect("the index")["description"].clone(), template["description"].clone()] {
        assert!(described.as_str().is_some_and(|d| d.contains("or of blockers on a board with combat")), "{described}");
    }
    let tools = answers[4]["result"]["tools"].as_array().expect("tools");
    let explain = tools.iter().find(|t| t["name"] == "explain_board").expect("explain_board");
    assert!(explain["description"].as_str().is_some_and(|d| d.contains("who may block what")), "{explain}");
    // The one line it teaches is read on that board.
    let board: Value = serde_json::from_str(&board_text).expect("JSON");
    let checked = session(&[call("check_attack", json!({"board": board, "declaration": "wall=bears, birds=angel"}))]);
    assert_eq!(checked[0]["result"]["isError"], false, "{}", checked[0]);
}

/// Issue 38: `maximum_requirements` answers as `attackopt maximum` and batch's `maximum`: on an
/// attack board the free maximum (CR 508.1d) and a witness; on a board with combat (CR 509.1c)
/// also the maximum under the baseline, paying the costs to block that can be paid, with its
/// witness and payment; under both baselines and both methods. Every answer matches the
/// tool's output schema (`answer_schema("maximum")`) and the result schema; a bad board, bad
/// options and a time limit of 0 are tool errors.
#[test]
fn cr_509_1c_maximum_requirements_is_attackopt_maximum() {
    let combat = crate::block_costs::paid_block_board(true);
    let file = crate::common::temp_file("mcp-maximum", &combat.to_string());
    let file = file.to_str().expect("a path");
    let pvf = read_json("models/paid-vs-free.json");
    let calls: [(Value, Vec<&str>); 6] = [
        (json!({"board": combat}), vec![file]),
        (json!({"board": combat, "options": {"baseline": "free"}}), vec![file, "--baseline", "free"]),
        (json!({"board": combat.to_string(), "options": {"method": "exhaustive"}}), vec![file, "--exhaustive"]),
        (json!({"board": pvf}), vec!["models/paid-vs-free.json"]),
        (
            json!({"board": pvf, "options": {"baseline": "free", "method": "exhaustive"}}),
            vec!["models/paid-vs-free.json", "--baseline", "free", "--exhaustive"],
        ),
        (json!({"board": read_json("models/lure-menace.json")}), vec!["models/lure-menace.json"]),
    ];
    let mut requests: Vec<(&str, Value)> = calls.iter().map(|(a, _)| call("maximum_requirements", a.clone())).collect();
    requests.push(call("maximum_requirements", json!({"board": {"attackopt": 1}})));
    requests.push(call("maximum_requirements", json!({"board": pvf, "options": {"baseline": "cheap"}})));
    requests.push(call("maximum_requirements", json!({"board": combat, "options": {"time_limit": 0}})));
    let answers = session(&requests);
    let tools = tools();
    let tool = tools.iter().find(|t| t["name"] == "maximum_requirements").expect("maximum_requirements is listed");
    assert_eq!(tool["outputSchema"]["properties"]["witness_max"]["type"], "object", "{tool}");
    let result_schema = attackopt::result_schema();
    let answer_schema = attackopt::answer_schema("maximum").expect("maximum");
    for ((_, args), answer) in calls.iter().zip(&answers) {
        let r = &answer["result"];
        assert_eq!(r["isError"], false, "{args:?}: {r}");
        let content = &r["structuredContent"];
        assert_valid(&tool["outputSchema"], content, "maximum_requirements against its output schema");
        assert_valid(&result_schema, content, "maximum_requirements against the result schema");
        assert_valid(&answer_schema, content, "maximum_requirements against maximum's answer schema");
        let cli: Vec<&str> = std::iter::once("maximum").chain(args.iter().copied()).collect();
        assert_eq!(content, &cli_json(&cli), "{cli:?}: MCP differs from the command line");
    }
    // Paying the cost to block enables the requirement (paid 1), paying nothing obeys none.
    let paid = &answers[0]["result"]["structuredContent"];
    assert_eq!((&paid["requirements_max_free"], &paid["requirements_max"], &paid["baseline"]), (&json!(0), &json!(1), &json!("paid")), "{paid}");
    assert_eq!(paid["witness_max"]["payment"], json!([{"permanent": "w1", "mana": "{W}"}]), "{paid}");
    // The attack board's report has no field of the block report.
    assert!(answers[3]["result"]["structuredContent"].get("witness_max").is_none(), "{}", answers[3]);
    for (answer, needle) in answers[6..].iter().zip(["board: ", "baseline", "time limit"]) {
        assert_eq!(answer["result"]["isError"], true, "{answer}");
        assert!(text_of(&answer["result"]).contains(needle), "{needle}: {answer}");
    }
}

/// `attackopt mcp --help` (and so its man page) names every tool `tools/list` lists.
#[test]
fn the_mcp_help_lists_every_tool() {
    let out = Command::new(env!("CARGO_BIN_EXE_attackopt")).args(["mcp", "--help"]).output().expect("runs");
    let help = String::from_utf8_lossy(&out.stdout);
    for t in tools() {
        let name = t["name"].as_str().unwrap_or_default();
        assert!(help.contains(name), "attackopt mcp --help lacks {name}: {help}");
    }
}
