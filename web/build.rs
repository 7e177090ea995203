// The model boards of models/ embedded in the page's engine (issue 40: a menu of them). The page
// is served from web/ alone (README "In the browser"), so the boards travel inside the .wasm
// rather than as files the server would have to reach outside web/; listed from the directory,
// so that a new model file needs no edit here or in the page. What each board shows is the
// second column of its row in models/README.md's table (empty for a board without a row).

use std::fmt::Write;
use std::path::Path;

fn main() {
    let models = Path::new(env!("CARGO_MANIFEST_DIR")).join("../models");
    let readme = std::fs::read_to_string(models.join("README.md")).unwrap_or_default();
    let mut boards: Vec<_> = std::fs::read_dir(&models)
        .expect("models/ next to web/")
        .filter_map(|entry| entry.ok()?.path().canonicalize().ok())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    boards.sort();
    let mut out =
        String::from("/// `(name, what it shows, board)` of each models/NAME.json, sorted by name.\nconst MODELS: &[(&str, &str, &str)] = &[\n");
    for path in &boards {
        let name = path.file_stem().and_then(|s| s.to_str()).expect("a UTF-8 file name");
        // A row of the table: "| `name` | what it shows | declarations |".
        let what = readme.lines().find_map(|l| l.strip_prefix(&format!("| `{name}` | "))?.split(" | ").next()).unwrap_or("");
        let _ = writeln!(out, "    ({name:?}, {:?}, include_str!({:?})),", what.replace('`', ""), path.display());
    }
    out.push_str("];\n");
    std::fs::write(Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("models.rs"), out).expect("OUT_DIR is writable");
    // A directory is scanned whole: a board added, removed or edited, and the README.
    println!("cargo::rerun-if-changed=../models");
}
