//! Golden text answers (issue 40): for every model board, what `check` (of its model
//! declaration, `models/declarations/MODEL.json`), `solve`, `enumerate` and `validate` print
//! with `--format text`, kept in `tests/golden/MODEL.COMMAND.txt`. A change of wording is a
//! change of these files, read in the diff like code: `ATTACKOPT_BLESS=1 cargo test --release
//! --test it golden::` writes them anew.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The model boards, by name (`commander-eight-player`), in order.
fn models() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join("models"))
        .expect("models/")
        .filter_map(|e| e.ok()?.path().file_name()?.to_str()?.strip_suffix(".json").map(str::to_string))
        .collect();
    names.sort();
    names
}

/// The commands of a golden file: `(command, arguments)` with paths relative to the root, so
/// that the answers name the files as a reader of the README types them.
fn commands(model: &str) -> Vec<(&'static str, Vec<String>)> {
    let board = format!("models/{model}.json");
    vec![
        ("check", vec!["check".into(), board.clone(), format!("models/declarations/{model}.json")]),
        ("solve", vec!["solve".into(), board.clone()]),
        ("enumerate", vec!["enumerate".into(), board.clone()]),
        ("validate", vec!["validate".into(), board]),
    ]
}

/// Every model board's text answer to every command is its golden file, word for word; the
/// verdicts, lists and requirements keep within [`attackopt::TEXT_WIDTH`] columns (`validate`'s
/// view is a listing: not wrapped); nothing goes to standard error (a warning is said once, in
/// the answer).
#[test]
fn text_answers_are_their_golden_files() {
    let bless = std::env::var_os("ATTACKOPT_BLESS").is_some();
    let dir = root().join("tests/golden");
    let mut drifted = Vec::new();
    let mut compared = 0;
    for model in models() {
        for (command, args) in commands(&model) {
            let out = Command::new(env!("CARGO_BIN_EXE_attackopt")).args(&args).current_dir(root()).output().expect("run attackopt");
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            assert!(matches!(out.status.code(), Some(0 | 1)), "attackopt {}: exit {:?}\n{text}", args.join(" "), out.status.code());
            assert!(out.stderr.is_empty(), "attackopt {}: standard error: {}", args.join(" "), String::from_utf8_lossy(&out.stderr));
            if command != "validate" {
                let long = text.lines().find(|l| l.chars().count() > attackopt::TEXT_WIDTH);
                assert!(long.is_none(), "attackopt {}: a line over {} columns: {long:?}", args.join(" "), attackopt::TEXT_WIDTH);
            }
            let file = dir.join(format!("{model}.{command}.txt"));
            if bless {
                std::fs::create_dir_all(&dir).expect("tests/golden/");
                std::fs::write(&file, &text).expect("write a golden file");
            } else if std::fs::read_to_string(&file).ok().as_deref() != Some(text.as_str()) {
                drifted.push(format!("{} (attackopt {})", relative(&file), args.join(" ")));
            }
            compared += 1;
        }
    }
    assert!(
        drifted.is_empty(),
        "text answers differ from their golden files (ATTACKOPT_BLESS=1 rewrites them; read the diff):\n{}",
        drifted.join("\n")
    );
    assert!(compared >= 80, "every model board, four commands each ({compared})");
}

/// No golden file is left over from a model board or command that is gone.
#[test]
fn every_golden_file_has_its_model() {
    let models = models();
    for entry in std::fs::read_dir(root().join("tests/golden")).expect("tests/golden/") {
        let name = entry.expect("an entry").file_name().to_string_lossy().into_owned();
        let (model, command) =
            name.strip_suffix(".txt").and_then(|n| n.rsplit_once('.')).unwrap_or_else(|| panic!("tests/golden/{name}: MODEL.COMMAND.txt"));
        assert!(models.iter().any(|m| m == model), "tests/golden/{name}: no models/{model}.json");
        assert!(commands(model).iter().any(|(c, _)| *c == command), "tests/golden/{name}: no command {command}");
    }
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}
