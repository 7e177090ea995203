//! Declarations, payments and lists of requirements as words a judge reads at a table (issues 13
//! and 40): cards by name and id, identical creatures said once ("23 Goblin Token (t1-t23) ->
//! B"), names with commas quoted (`crate::board::quoted_name`).

use crate::board::{Declaration, PaymentEntry};
use crate::position::Position;

/// A declaration's attacks as words: "Hill Giant (ogre) -> B, Timber Wolves (wolf) -> Jace
/// Beleren (jace)", or "no attack". Creatures of one name attacking one target are one item,
/// where the first of them attacks: "3 Goblin Token (t1-t3) -> B".
pub fn attacks_text(pos: &Position, d: &Declaration) -> String {
    if d.attacks.is_empty() {
        return "no attack".into();
    }
    let vb = &pos.board;
    let items = d.attacks.iter().map(|a| {
        let name = vb.permanent_index(&a.creature).map(|p| vb.perm(p).name.as_str());
        (group_name(name, &a.creature), a.creature.as_str(), format!(" -> {}", vb.id_label(&a.target)))
    });
    grouped(items, |label, _, rest| format!("{label}{rest}"), |id| vb.id_label(id)).join(", ")
}

/// The name creatures are grouped under: their card name, when they have one that is not their
/// id (a creature known by id alone is its own item).
fn group_name<'a>(name: Option<&'a str>, id: &str) -> Option<&'a str> {
    name.filter(|n| !n.is_empty() && *n != id)
}

/// Stands for a creature's label while lines about creatures are compared: a control character,
/// which no label has.
const CREATURE: &str = "\u{0}";

/// Lines about creatures, the same line of identical creatures (one name, the same words but for
/// the creature) merged into one (issue 40): "✓ each of 23 Goblin Token (t1-t23) attacks each
/// combat if able". Each item is the id of the creature the line is about (None: about none,
/// never merged) and the line, which names it by its label.
pub(crate) fn creature_lines<'a>(pos: &'a Position, lines: impl IntoIterator<Item = (Option<&'a str>, String)>) -> Vec<String> {
    let vb = &pos.board;
    let items = lines.into_iter().map(|(id, line)| match id.and_then(|c| vb.permanent_index(c).map(|p| (c, p))) {
        Some((c, p)) => (group_name(Some(vb.perm(p).name.as_str()), c), c, line.replace(&vb.permanent_label(p), CREATURE)),
        None => (None, "", line),
    });
    grouped(items, |label, group, rest| say_creature(rest, label, group), |id| vb.id_label(id))
}

/// `line` with its creature put back: `label` where it is one creature; for a group of
/// creatures named `group`, "each of 3 Goblin Token (t1-t3)" at the first mention and the name
/// alone after ("it then obeys «Goblin Token attacks each combat if able»").
fn say_creature(line: &str, label: &str, group: Option<&str>) -> String {
    match group {
        None => line.replace(CREATURE, label),
        Some(name) => line.replacen(CREATURE, &format!("each of {label}"), 1).replace(CREATURE, &crate::board::quoted_name(name)),
    }
}

/// Items `(name, id, rest)` with one name and one rest merged into one, at the first one's
/// place: a group of several is `say("23 Goblin Token (t1-t23)", Some("Goblin Token"), rest)`,
/// a single item `say(label(id), None, rest)`. Items without a name are never merged.
pub(crate) fn grouped<'a, R: std::hash::Hash + Eq + Clone>(
    items: impl IntoIterator<Item = (Option<&'a str>, &'a str, R)>,
    say: impl Fn(&str, Option<&str>, &R) -> String,
    label: impl Fn(&str) -> String,
) -> Vec<String> {
    let mut groups: Vec<(Option<&str>, Vec<&str>, R)> = Vec::new();
    // Where each (name, rest) group is: answers on boards of 90,000 creatures are written too.
    let mut at: std::collections::HashMap<(&str, R), usize> = std::collections::HashMap::new();
    for (name, id, rest) in items {
        match name {
            Some(n) => match at.entry((n, rest.clone())) {
                std::collections::hash_map::Entry::Occupied(e) => groups[*e.get()].1.push(id),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(groups.len());
                    groups.push((name, vec![id], rest));
                }
            },
            None => groups.push((None, vec![id], rest)),
        }
    }
    groups
        .into_iter()
        .map(|(name, ids, rest)| match (name, ids.as_slice()) {
            (Some(name), [_, _, ..]) => say(&format!("{} {} ({})", ids.len(), crate::board::quoted_name(name), id_ranges(&ids)), Some(name), &rest),
            _ => say(&label(ids[0]), None, &rest),
        })
        .collect()
}

/// Ids as short as they read: runs of three or more numbered ids of one prefix as a range
/// ("t1-t23"), others one by one, in order of prefix and number: "t1-t5, t9, elf".
pub(crate) fn id_ranges(ids: &[&str]) -> String {
    fn split(id: &str) -> (&str, Option<u64>) {
        let digits = id.len() - id.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let (prefix, number) = id.split_at(id.len() - digits);
        // "t01" is not "t1": a number with a leading zero is kept as a name.
        let number = number.parse::<u64>().ok().filter(|_| !number.starts_with('0') || number == "0");
        (if number.is_some() { prefix } else { id }, number)
    }
    let mut sorted: Vec<(&str, Option<u64>, &str)> = ids
        .iter()
        .map(|id| {
            let (prefix, number) = split(id);
            (prefix, number, *id)
        })
        .collect();
    sorted.sort_unstable();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let (prefix, number, id) = sorted[i];
        let mut j = i + 1;
        while let (Some(n), Some(&(p, Some(m), _))) = (number, sorted.get(j)) {
            if p != prefix || Some(m) != n.checked_add((j - i) as u64) {
                break;
            }
            j += 1;
        }
        if j - i >= 3 {
            out.push(format!("{id}-{}", sorted[j - 1].2));
        } else {
            out.extend(sorted[i..j].iter().map(|s| s.2.to_string()));
        }
        i = j;
    }
    out.join(", ")
}

/// A payment as words: "tap Forest (f1) for {G}, A pays 2 life", cards by name and id.
pub fn payment_text(pos: &Position, p: &[PaymentEntry]) -> String {
    p.iter()
        .map(|e| match (&e.permanent, &e.player, &e.mana, e.life) {
            (Some(perm), _, Some(m), _) => {
                // What changed the tap's mana, as validate shows it (issue 35: "{G}{G} with
                // Mana Reflection (mr)").
                let with = pos.mana.sources.iter().find(|s| &s.id == perm).map(|s| s.modified_by.join(", ")).unwrap_or_default();
                let with = if with.is_empty() { String::new() } else { format!(" with {with}") };
                format!("tap {} for {m}{with}", pos.board.id_label(perm))
            }
            (_, Some(pl), Some(m), _) => format!("{m} from {}'s mana pool", pos.board.id_label(pl)),
            (_, Some(pl), _, Some(l)) => format!("{} pays {l} life", pos.board.id_label(pl)),
            (Some(perm), _, _, _) if e.action.as_deref() == Some("sacrifice") => format!("sacrifice {}", pos.board.id_label(perm)),
            (Some(perm), _, _, _) if e.action.is_some() => format!("return {} to its owner's hand", pos.board.id_label(perm)),
            _ => "?".into(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::{grouped, id_ranges};

    /// Issue 40: "23 Goblin Token (t1-t23)", never 23 items; short runs and other ids one by one.
    #[test]
    fn ids_read_as_ranges() {
        let tokens: Vec<String> = (1..=23).map(|i| format!("t{i}")).collect();
        assert_eq!(id_ranges(&tokens.iter().map(String::as_str).collect::<Vec<_>>()), "t1-t23");
        assert_eq!(id_ranges(&["t9", "t2", "t1", "t3", "elf", "t5", "t4"]), "elf, t1-t5, t9");
        assert_eq!(id_ranges(&["a1", "a2", "b3"]), "a1, a2, b3");
        assert_eq!(id_ranges(&["t01", "t02", "t03"]), "t01, t02, t03");
    }

    /// Same name and same rest merge, at the first one's place; nameless items never do.
    #[test]
    fn identical_items_merge_where_the_first_is() {
        let items =
            [(Some("Goblin Token"), "t1", "B"), (Some("Elf"), "e", "B"), (Some("Goblin Token"), "t2", "B"), (None, "x", "B"), (None, "y", "B")];
        let said = grouped(items.iter().map(|&(n, id, r)| (n, id, r)), |l, _, r| format!("{l} -> {r}"), |id| format!("[{id}]"));
        assert_eq!(said, ["2 Goblin Token (t1, t2) -> B", "[e] -> B", "[x] -> B", "[y] -> B"]);
    }
}
