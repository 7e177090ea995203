//! Text answers kept within [`TEXT_WIDTH`] columns (issue 40: read at a table, in a terminal).

/// The widest line of a text answer, in characters (issue 40: read at a table, in a terminal).
pub const TEXT_WIDTH: usize = 100;

/// Every line of `text` longer than `width` characters wrapped at spaces: its continuation lines
/// hang under the line's text (past a `✓`/`✗`/`-`/`⚠` mark, or 4 columns in), so a reason stays one
/// block. A word longer than the room left is cut.
pub(crate) fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / width);
    for line in text.split_inclusive('\n') {
        let (body, newline) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        if body.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let indent = body.len() - body.trim_start_matches(' ').len();
        let marked = ["✓ ", "✗ ", "- ", "⚠ "].iter().any(|m| body[indent..].starts_with(m));
        let hang = " ".repeat(if marked { indent + 2 } else { indent + 4 });
        let (mut current, mut count) = (body[..indent].to_string(), indent);
        for word in body[indent..].split(' ').filter(|w| !w.is_empty()) {
            let mut word = word;
            loop {
                let n = word.chars().count();
                let first = count == current.len() && current.trim().is_empty();
                if first || count + 1 + n <= width {
                    if !first {
                        current.push(' ');
                        count += 1;
                    }
                    if count + n <= width {
                        current.push_str(word);
                        count += n;
                        break;
                    }
                    // Longer than a whole line: cut it.
                    let cut = word.char_indices().nth(width.saturating_sub(count).max(1)).map_or(word.len(), |(i, _)| i);
                    current.push_str(&word[..cut]);
                    word = &word[cut..];
                }
                out.push_str(current.trim_end());
                out.push('\n');
                (current, count) = (hang.clone(), hang.len());
                if word.is_empty() {
                    break;
                }
            }
        }
        out.push_str(current.trim_end());
        out.push_str(newline);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::wrap;

    /// Issue 40: short lines are kept, long ones wrap at spaces within the width and hang under
    /// their mark, and a word longer than a line is cut, never left past the width.
    #[test]
    fn wrapped_lines_keep_within_the_width_and_hang_under_their_mark() {
        assert_eq!(wrap("short\n", 20), "short\n");
        assert_eq!(wrap("  ✗ one two three four five\n", 16), "  ✗ one two\n    three four\n    five\n");
        assert_eq!(wrap("Requirements: a b\n", 14), "Requirements:\n    a b\n");
        let cut = wrap(&"x".repeat(45), 20);
        assert!(cut.lines().all(|l| l.chars().count() <= 20), "{cut}");
        assert_eq!(cut.replace([' ', '\n'], ""), "x".repeat(45));
    }
}
