// The build dependency in Cargo.toml is feature alignment (see there). This script also embeds
// the model boards of models/ (and their declarations) in the binary, for the MCP resources
// `attackopt://models/<name>` (issue 13): a list written from the directory cannot forget a
// model, and `cargo install` gives a binary that has them without the source tree.

use std::fmt::Write;
use std::path::Path;

/// `(name, path)` of each `.json` file of a directory, sorted by name.
fn json_files(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| {
                    let path = e.path();
                    let name = path.file_name()?.to_str()?.strip_suffix(".json")?.to_string();
                    Some((name, path.to_str()?.to_string()))
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let models = Path::new(&root).join("models");
    let mut out = String::new();
    for (list, dir) in [("MODELS", models.clone()), ("MODEL_DECLARATIONS", models.join("declarations"))] {
        let _ = writeln!(out, "/// `(name, text)` of each file of `{}`, sorted by name.", dir.strip_prefix(&root).unwrap_or(&dir).display());
        let _ = writeln!(out, "pub const {list}: &[(&str, &str)] = &[");
        for (name, path) in json_files(&dir) {
            let _ = writeln!(out, "    ({name:?}, include_str!({path:?})),");
        }
        let _ = writeln!(out, "];");
    }
    let out_dir = std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into());
    if let Err(e) = std::fs::write(Path::new(&out_dir).join("models.rs"), out) {
        println!("cargo::warning=cannot write the embedded models: {e}");
    }
    println!("cargo::rerun-if-changed=models");
    println!("cargo::rerun-if-changed=models/declarations");
    println!("cargo::rerun-if-changed=build.rs");
}
