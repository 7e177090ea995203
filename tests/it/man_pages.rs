//! `attackopt man` for the command and every subcommand (issue 13: a man page generated from
//! clap). The subcommands and their options are read from `--help`, not from the page
//! generator, so a subcommand or option the pages miss fails here.

use crate::common;

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The commands a `--help` lists (without clap's `help`).
fn commands(help_of: &[&str]) -> Vec<String> {
    let mut args = help_of.to_vec();
    args.push("--help");
    let help = stdout(&common::run_bin(&args));
    help.lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// Every subcommand's words, nested ones included (`import forge`).
fn all_subcommands() -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for c in commands(&[]) {
        let nested = commands(&[&c]);
        out.push(vec![c.clone()]);
        out.extend(nested.into_iter().map(|n| vec![c.clone(), n]));
    }
    out
}

/// The long options a subcommand's `--help` lists (`--limit`), `--help` itself included.
fn options(words: &[String]) -> Vec<String> {
    let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
    args.push("--help");
    let help = stdout(&common::run_bin(&args));
    help.lines()
        .filter_map(|l| {
            // "  -h, --help" and "      --limit <LIMIT>": the long name after any short one.
            let l = l.trim_start();
            let l = if l.starts_with('-') && l.as_bytes().get(2) == Some(&b',') { &l[4..] } else { l };
            l.strip_prefix("--")
        })
        .filter_map(|l| l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).next())
        .map(|o| format!("--{o}"))
        .collect()
}

#[test]
fn every_subcommand_has_a_page_naming_its_options() {
    let subs = all_subcommands();
    assert!(subs.len() >= 13 && subs.contains(&vec!["import".to_string(), "forge".to_string()]), "{subs:?}");
    for words in &subs {
        let mut args = vec!["man"];
        args.extend(words.iter().map(String::as_str));
        let out = common::run_bin(&args);
        assert_eq!(out.status.code(), Some(0), "man {words:?}: {}", String::from_utf8_lossy(&out.stderr));
        let page = stdout(&out);
        let title = format!(".TH attackopt-{} 1", words.join("-"));
        assert!(page.contains(&title), "man {words:?} lacks {title}:\n{page}");
        assert!(page.contains(&format!("\\fBattackopt {}\\fR", words.join(" "))), "man {words:?}: the synopsis names the command");
        let opts = options(words);
        assert!(opts.contains(&"--help".to_string()), "{words:?}: {opts:?}");
        for o in opts {
            // roff writes each '-' as "\-".
            let roff = o.replace('-', "\\-");
            assert!(page.contains(&format!("\\fB{roff}\\fR")), "man {words:?} lacks the option {o}");
        }
        // `import-forge`, the page's file name, names it too.
        assert_eq!(stdout(&common::run_bin(&["man", &words.join("-")])), page, "man {}", words.join("-"));
    }
    // A subcommand's own options, by name (what --help says is in the page).
    let solve = stdout(&common::run_bin(&["man", "solve"]));
    for o in ["\\-\\-objective", "\\-\\-baseline", "\\-\\-time\\-limit", "\\-\\-format", "damage:PLAYER"] {
        assert!(solve.contains(o), "man solve lacks {o}");
    }
}

#[test]
fn man_dir_writes_every_page_and_man_alone_is_the_command_page() {
    let dir = std::env::temp_dir().join(format!("attackopt-test-{}-man-pages", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = common::run_bin(&["man", "--dir", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let listed: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    let root = stdout(&common::run_bin(&["man"]));
    assert!(root.contains(".TH attackopt 1") && root.contains("Exit status"), "{root}");
    assert_eq!(std::fs::read_to_string(dir.join("attackopt.1")).unwrap(), root, "attackopt.1 is `attackopt man`");
    let subs = all_subcommands();
    assert_eq!(listed.len(), subs.len() + 1, "{listed:?}");
    for words in subs {
        let file = dir.join(format!("attackopt-{}.1", words.join("-")));
        assert!(listed.contains(&file.display().to_string()), "{file:?} not listed");
        let mut args = vec!["man"];
        args.extend(words.iter().map(String::as_str));
        assert_eq!(std::fs::read_to_string(&file).unwrap_or_default(), stdout(&common::run_bin(&args)), "{file:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    // Usage errors: a name that is no subcommand (the names are listed), a page and --dir at once.
    let out = common::run_bin(&["man", "chek"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected a subcommand (check, solve"), "{out:?}");
    assert_eq!(common::run_bin(&["man", "check", "--dir", "x"]).status.code(), Some(2));
    // A directory that can't be made: exit 2 naming it, no panic.
    let file = common::temp_file("man-not-a-dir", "");
    let out = common::run_bin(&["man", "--dir", &format!("{}/sub", file.display())]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("man --dir"), "{out:?}");
    let _ = std::fs::remove_file(file);
}
