//! Mana symbols and mana strings (CR 107.4): what a cost asks for and what a source makes.

use std::fmt;

/// The six types of mana (CR 106.1): five colors and colorless.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ManaType {
    /// White.
    W,
    /// Blue.
    U,
    /// Black.
    B,
    /// Red.
    R,
    /// Green.
    G,
    /// Colorless.
    C,
}

impl ManaType {
    /// The six types, in WUBRGC order.
    pub const ALL: [ManaType; 6] = [ManaType::W, ManaType::U, ManaType::B, ManaType::R, ManaType::G, ManaType::C];
    /// The five colors, in WUBRG order.
    pub const COLORS: [ManaType; 5] = [ManaType::W, ManaType::U, ManaType::B, ManaType::R, ManaType::G];

    /// The type a letter names (any case): W, U, B, R, G or C.
    pub fn from_letter(c: char) -> Option<ManaType> {
        Some(match c.to_ascii_uppercase() {
            'W' => ManaType::W,
            'U' => ManaType::U,
            'B' => ManaType::B,
            'R' => ManaType::R,
            'G' => ManaType::G,
            'C' => ManaType::C,
            _ => return None,
        })
    }

    /// The type's letter, upper case.
    pub fn letter(self) -> char {
        match self {
            ManaType::W => 'W',
            ManaType::U => 'U',
            ManaType::B => 'B',
            ManaType::R => 'R',
            ManaType::G => 'G',
            ManaType::C => 'C',
        }
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

/// A set of mana types: what one unit of mana from a source may be (a dual land is {W, U}).
/// Bits past the six types are the board's non-mana cost classes ([`Symbol::Action`]): a
/// permanent that could be sacrificed or returned for a cost is a unit of those, which no mana
/// symbol accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct TypeSet(pub u16);

impl TypeSet {
    /// No type: a unit that can be nothing (dropped where it would be made).
    pub const EMPTY: TypeSet = TypeSet(0);
    /// Any of the five colors.
    pub const ANY_COLOR: TypeSet = TypeSet(0b11111);
    /// Any of the six types.
    pub const ANY_TYPE: TypeSet = TypeSet(0b111111);

    /// The non-mana cost class `k` ([`Symbol::Action`]).
    pub fn action(k: u8) -> TypeSet {
        TypeSet(1 << (6 + u16::from(k.min(MAX_ACTION_CLASSES - 1))))
    }
    /// Whether the set has a mana type (a unit of mana, not of a non-mana cost).
    pub fn is_mana(self) -> bool {
        self.intersects(Self::ANY_TYPE)
    }
    /// The first non-mana cost class of the set.
    pub fn first_action(self) -> Option<u8> {
        (0..MAX_ACTION_CLASSES).find(|&k| self.intersects(TypeSet::action(k)))
    }
    /// Just this type.
    pub fn one(t: ManaType) -> TypeSet {
        TypeSet(t.bit())
    }
    /// Whether the unit may be of type `t`.
    pub fn contains(self, t: ManaType) -> bool {
        self.0 & t.bit() != 0
    }
    /// The types of either set.
    pub fn union(self, o: TypeSet) -> TypeSet {
        TypeSet(self.0 | o.0)
    }
    /// Whether the sets share a type.
    pub fn intersects(self, o: TypeSet) -> bool {
        self.0 & o.0 != 0
    }
    /// Whether the set has no type.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The colors of the set (colorless left out).
    pub fn colors_only(self) -> TypeSet {
        TypeSet(self.0 & Self::ANY_COLOR.0)
    }
    /// The set's types, in WUBRGC order.
    pub fn iter(self) -> impl Iterator<Item = ManaType> {
        ManaType::ALL.into_iter().filter(move |t| self.contains(*t))
    }
    /// The first type in WUBRGC order: the choice we report when any would do.
    pub fn first(self) -> Option<ManaType> {
        self.iter().next()
    }
}

impl fmt::Display for TypeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters: Vec<String> = self.iter().map(|t| t.letter().to_string()).collect();
        write!(f, "{{{}}}", letters.join("/"))
    }
}

/// The most non-mana cost classes a board may have (the bits of [`TypeSet`] past the six types).
pub const MAX_ACTION_CLASSES: u8 = 10;

/// One mana symbol of a cost (CR 107.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    /// {N}: N mana of any type.
    Generic(u32),
    /// {W}..{G}, or {C} for colorless mana specifically (CR 107.4c).
    Typed(ManaType),
    /// {W/U}: one mana of either color (CR 107.4e).
    Hybrid(ManaType, ManaType),
    /// {2/W}: one W mana or two mana of any type (CR 107.4e).
    TwoOr(ManaType),
    /// {W/P}: one W mana or 2 life (CR 107.4f).
    Phyrexian(ManaType),
    /// Not mana: one permanent of the board's non-mana cost class `k` (CR 508.1g: "sacrifice a
    /// land", "return an enchantment you control to its owner's hand"), paid by a unit of
    /// [`TypeSet::action`]`(k)`. Never written in a mana string: costs to attack get it from an
    /// effect's `sacrifice` or `return_to_hand` (`crate::rules::ActionClass`).
    Action(u8),
}

/// Which units pay one pip of a symbol, as a class: the types accepted, and whether 2 life
/// pays it too (CR 107.4f). The payment check (`crate::mana`) and the integer program share it.
pub type PipClass = (TypeSet, bool);

impl Symbol {
    /// The class of the units that pay one of this symbol's pips. {2/c} is its colored way (its
    /// generic way, two units of any type, is decided apart).
    pub fn pip_class(&self) -> PipClass {
        match *self {
            Symbol::Generic(_) => (TypeSet::ANY_TYPE, false),
            Symbol::Typed(t) | Symbol::TwoOr(t) => (TypeSet::one(t), false),
            Symbol::Hybrid(a, b) => (TypeSet::one(a).union(TypeSet::one(b)), false),
            // CR 107.4f: one mana of its color or 2 life.
            Symbol::Phyrexian(c) => (TypeSet::one(c), true),
            Symbol::Action(k) => (TypeSet::action(k), false),
        }
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Symbol::Generic(n) => write!(f, "{{{n}}}"),
            Symbol::Typed(t) => write!(f, "{{{}}}", t.letter()),
            Symbol::Hybrid(a, b) => write!(f, "{{{}/{}}}", a.letter(), b.letter()),
            Symbol::TwoOr(c) => write!(f, "{{2/{}}}", c.letter()),
            Symbol::Phyrexian(c) => write!(f, "{{{}/P}}", c.letter()),
            Symbol::Action(k) => write!(f, "{{action {k}}}"),
        }
    }
}

/// Parse a mana string such as `"{2}{W/U}{G/P}"` into symbols. The empty string is no symbols.
pub fn parse_symbols(s: &str) -> Result<Vec<Symbol>, String> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let Some(body_start) = rest.strip_prefix('{') else {
            return Err(format!("expected a mana string of symbols in braces such as \"{{2}}{{W}}\", found \"{s}\""));
        };
        let Some(end) = body_start.find('}') else {
            return Err(format!("unclosed brace in mana string \"{s}\""));
        };
        let body = &body_start[..end];
        out.push(parse_symbol(body).ok_or_else(|| {
            format!("\"{{{body}}}\" in \"{s}\" is not a mana symbol (expected {{N}}, {{W}}, {{U}}, {{B}}, {{R}}, {{G}}, {{C}}, {{W/U}}, {{2/W}} or {{W/P}})")
        })?);
        rest = body_start[end + 1..].trim_start();
    }
    Ok(out)
}

/// The largest generic symbol, {1000000}: also the most counters a permanent may have, as Nils,
/// Discipline Enforcer turns counters into {X} (issue 11, F03).
pub const MAX_GENERIC: u32 = 1_000_000;

fn parse_symbol(body: &str) -> Option<Symbol> {
    let body = body.trim();
    if let Ok(n) = body.parse::<u32>() {
        return (n <= MAX_GENERIC).then_some(Symbol::Generic(n));
    }
    let parts: Vec<&str> = body.split('/').map(str::trim).collect();
    let single = |p: &str| {
        let mut cs = p.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => ManaType::from_letter(c),
            _ => None,
        }
    };
    match parts.as_slice() {
        [one] => single(one).map(Symbol::Typed),
        [a, p] if p.eq_ignore_ascii_case("P") => single(a).filter(|t| *t != ManaType::C).map(Symbol::Phyrexian),
        ["2", c] => single(c).filter(|t| *t != ManaType::C).map(Symbol::TwoOr),
        [a, b] => {
            let (a, b) = (single(a)?, single(b)?);
            (a != b && a != ManaType::C && b != ManaType::C).then_some(Symbol::Hybrid(a.min(b), a.max(b)))
        }
        _ => None,
    }
}

/// Parse what a mana ability adds, as units of mana: `"{2}"` is two colorless (as in
/// `mana_pool`), `"{W/U}"` is one unit of either color, `"any_color"` one unit of any color.
pub fn parse_production(s: &str) -> Result<Vec<TypeSet>, String> {
    if s.trim().eq_ignore_ascii_case("any_color") {
        return Ok(vec![TypeSet::ANY_COLOR]);
    }
    let mut units = Vec::new();
    for sym in parse_symbols(s)? {
        match sym {
            Symbol::Generic(n) => {
                if n > 1000 {
                    return Err(format!("\"{s}\" makes more than 1000 mana"));
                }
                units.extend(std::iter::repeat_n(TypeSet::one(ManaType::C), n as usize))
            }
            Symbol::Typed(t) => units.push(TypeSet::one(t)),
            Symbol::Hybrid(a, b) => units.push(TypeSet::one(a).union(TypeSet::one(b))),
            Symbol::TwoOr(_) | Symbol::Phyrexian(_) | Symbol::Action(_) => {
                return Err(format!("\"{sym}\" in \"{s}\" is a cost symbol, not mana a source can add"))
            }
        }
    }
    Ok(units)
}

/// Write units of mana back as a string, one symbol per unit (a unit of several types shows
/// as a hybrid only when it has exactly two colors; otherwise its first type).
pub fn production_string(units: &[ManaType]) -> String {
    units.iter().map(|t| format!("{{{}}}", t.letter())).collect()
}

/// A cost's mana value (for "less mana" tie-breaks): {N} is N, {2/W}
/// is 2, every other symbol 1 (CR 202.3). One definition, as `Encoding::mana_value` counts it.
pub(crate) fn mana_value(cost: &[Symbol]) -> i64 {
    cost.iter()
        .map(|s| match s {
            Symbol::Generic(n) => i64::from(*n),
            Symbol::TwoOr(_) => 2,
            Symbol::Action(_) => 0,
            _ => 1,
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cr_107_4_symbols_parse() {
        assert_eq!(
            parse_symbols("{2}{W/U}{2/W}{G/P}{C}").unwrap(),
            vec![
                Symbol::Generic(2),
                Symbol::Hybrid(ManaType::W, ManaType::U),
                Symbol::TwoOr(ManaType::W),
                Symbol::Phyrexian(ManaType::G),
                Symbol::Typed(ManaType::C)
            ]
        );
        assert!(parse_symbols("{Q}").is_err());
        assert!(parse_symbols("2").is_err());
        assert!(parse_symbols("{W").is_err());
        assert!(parse_symbols("{C/P}").is_err());
    }

    #[test]
    fn production_of_generic_is_colorless_units() {
        assert_eq!(parse_production("{2}").unwrap(), vec![TypeSet::one(ManaType::C); 2]);
        assert_eq!(parse_production("any_color").unwrap(), vec![TypeSet::ANY_COLOR]);
        assert!(parse_production("{W/P}").is_err());
    }
}
