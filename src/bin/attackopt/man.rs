//! Manual pages (roff) for the command and each subcommand, generated from the clap definition
//! so that they cannot drift from the arguments (issue 13): `attackopt man` (the command's page),
//! `attackopt man check` or `attackopt man import forge` (a subcommand's), `attackopt man --dir
//! DIR` (every page as a file: `attackopt.1`, `attackopt-check.1`, `attackopt-import-forge.1`).

use crate::args::Cli;
use crate::Failure;
use attackopt::Exit;
use clap::CommandFactory;
use clap_mangen::Man;
use std::path::Path;

/// Every page: the command's first, then each subcommand's, depth first, by their words
/// (`[]`, `["check"]`, `["import", "forge"]`). clap's `help` subcommand gets none, as in
/// clap_mangen's own `generate_to`: it is `--help`.
fn pages() -> Vec<(Vec<String>, clap::Command)> {
    fn walk(cmd: &clap::Command, words: &[String], out: &mut Vec<(Vec<String>, clap::Command)>) {
        out.push((words.to_vec(), cmd.clone()));
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
            let mut w = words.to_vec();
            w.push(sub.get_name().to_string());
            walk(sub, &w, out);
        }
    }
    // Built, so that each subcommand has its display name (`attackopt-check`, the page's title
    // and file name) and its bin name (`attackopt check`, the synopsis).
    let mut root = Cli::command();
    root.build();
    let mut out = Vec::new();
    walk(&root, &[], &mut out);
    out
}

fn render(cmd: clap::Command) -> Result<(String, String), Failure> {
    // Every page is from the one program and version (clap gives a subcommand's page its own
    // name and no version).
    let man = Man::new(cmd).source(format!("attackopt {}", env!("CARGO_PKG_VERSION")));
    let mut text = Vec::new();
    man.render(&mut text).map_err(|e| Failure::new(Exit::Internal, format!("internal error: rendering a man page: {e}")))?;
    Ok((man.get_filename(), String::from_utf8_lossy(&text).into_owned()))
}

/// The page of the subcommand these words name (none: the command's own); a name that is no
/// subcommand is a usage error listing the names there are.
pub fn page(words: &[String]) -> Result<String, Failure> {
    // `man import-forge` as well as `man import forge`: the file's name works too.
    let wanted: Vec<String> = words.iter().flat_map(|w| w.split(['-', ' '])).filter(|w| !w.is_empty()).map(str::to_ascii_lowercase).collect();
    let all = pages();
    match all.iter().position(|(w, _)| *w == wanted) {
        Some(i) => render(all[i].1.clone()).map(|(_, text)| text),
        None => {
            let names: Vec<String> = all.iter().filter(|(w, _)| !w.is_empty()).map(|(w, _)| w.join(" ")).collect();
            Err(Failure::new(Exit::BadInput, format!("man: expected a subcommand ({}), found \"{}\"", names.join(", "), words.join(" "))))
        }
    }
}

/// Write every page into `dir` (created if missing); returns the files written, in order.
pub fn write_all(dir: &Path) -> Result<Vec<String>, Failure> {
    let failed = |what: &str, e: std::io::Error| Failure::new(Exit::BadInput, format!("man --dir {}: {what}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(|e| failed("could not create the directory", e))?;
    let mut written = Vec::new();
    for (_, cmd) in pages() {
        let (file, text) = render(cmd)?;
        let path = dir.join(&file);
        std::fs::write(&path, text).map_err(|e| failed(&format!("could not write {file}"), e))?;
        written.push(path.display().to_string());
    }
    Ok(written)
}
