//! The Oracle-text reader (issues 14 and 34): from a card's Oracle text, the rules for declaring
//! attackers in the board's effect language (docs/format.md "Oracle text").
//!
//! A text is cut into abilities (lines) and sentences, reminder text dropped, and the card's own
//! name ("Juggernaut", "Gisela" for "Gisela, Blade of Goldnight", "this creature") written `~`.
//! Each sentence is then one of:
//! - a row of the template table (`templates.rs`: the pattern, the rule it makes with its CR
//!   number, a real card it reads), maybe under a condition ("as long as ~ is untapped, ...",
//!   "... unless defending player controls an Island"), a keyword line, or a mana ability (CR
//!   605.1a);
//! - understood as having no effect on a declaration as the board stands: a triggered ability
//!   (CR 603: it triggers on an event; what one did before attackers were declared, a token, a
//!   goad, is already the board's state, and one that triggers on attacking does so after the
//!   declaration, CR 508.3a), an activated ability other than a mana ability (CR 508.1g: only
//!   mana abilities may be activated while attackers are declared; a planeswalker's loyalty
//!   abilities too, CR 606), a text about attacking creatures (CR 506.4: a creature is attacking
//!   only once declared), exert (CR 701.43a), a granted ability in quotation marks that is
//!   triggered or non-mana activated, or a text that does not mention attacking, haste,
//!   vigilance, defender or mana at all. An ability word ("Formidable — ", CR 207.2c) is read
//!   past; XMage's older wordings (`{tap}`, " -- " for an em dash, "Threshold - ") read as
//!   today's;
//! - otherwise, **not understood**: a sentence that mentions attacking (or those keywords, or
//!   adds mana) and matches no template is never guessed. It is kept, quoted, in
//!   [`Reading::unread`], and the board gets a warning saying the answer assumes it away.
//!
//! Rules name creatures with the phrases of `phrase.rs` ([`Who`], [`Class`]); conditions that
//! need a fact the board does not hold today name a board field (docs/format.md "Facts"), and
//! the board's reader (`super::text`) says which is missing instead of guessing.

mod phrase;
mod templates;

pub use phrase::{Class, Cost, Group, Quality, Quantity, Who, Whom, Whose};
pub use templates::{CondTemplate, Template, CONDITIONS, TEMPLATES};

use crate::vocab::effects::{LandsOf, ManaAbility};
use crate::vocab::symbol::{parse_symbols, ManaType, Symbol, TypeSet};
use templates::{Context, Made};

/// A rule read from a text, in terms of the board's effect language (docs/format.md
/// "Explicit effects"), relative to the permanent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rule {
    /// `attacks_if_able` (CR 508.1d).
    AttacksIfAble(Who),
    /// `attacks_if_able` with the permanent's `chosen_player` as target: a trigger that
    /// resolved at the beginning of combat chose the player (Raving Dead).
    AttacksChosenPlayer(Who),
    /// `attacks_if_able` with `if_other_attacks` (CR 508.1d, "it attacks if some condition is
    /// met"): the first creatures attack if able when one of the second, with the same
    /// controller, attacks (Ekundu Cyclops, Viashino Bey, War's Toll).
    AttacksIfOthersAttack(Who, Who),
    /// `cant_attack` (CR 508.1c).
    CantAttack(Who, Whom),
    /// `min_other_attackers` (CR 506.5, 508.1c): can't attack unless this many others do.
    MinOthers(Who, u32),
    /// `cant_attack_unless_other_attacks` (CR 508.1c): can't attack unless a creature of the
    /// class attacks too; with `true`, one with greater power (Okk).
    OthersMustAttack(Who, Class, bool),
    /// `attacks_only_alone` (CR 506.5, 508.1c).
    OnlyAlone(Who),
    /// `max_attackers` (CR 508.1c): at most this many creatures attack (whom) each combat, or
    /// each turn.
    MaxAttackers {
        /// The most creatures.
        count: u32,
        /// Whose attackers count.
        whom: Whom,
        /// "each turn": earlier attackers this turn count too (CR 506.1).
        per_turn: bool,
    },
    /// `attack_cost` (CR 508.1d, 508.1g-h): each creature attacking (whom) incurs the cost.
    Tax(Who, Whom, Cost),
    /// `attack_cost` with `sacrifice` or `return_to_hand` (CR 508.1g): each creature attacking
    /// costs its controller this many permanents of the class (Exalted Dragon: "can't attack
    /// unless you sacrifice a land").
    GiveUp(Who, crate::vocab::effects::Action, u32, Class),
    /// `player_attacks_if_able` per opponent (CR 508.1d): each opponent attacks (whom) with at
    /// least one creature if able (Trove of Temptation).
    EachOpponentAttacks(Whom),
    /// The creatures are goaded by the permanent's controller (CR 701.15b: "is goaded",
    /// Coercive Impetus): they attack each combat if able, and a player other than that one
    /// if able.
    Goaded(Who),
    /// The creatures have this keyword, title case: "enchanted creature has haste".
    Grant(Who, String),
    /// The creatures have this subtype too ("is a Knight in addition to its other types").
    GrantSubtype(Who, String),
    /// The creatures' creature types are this one only ("enchanted creature is a Spirit", CR
    /// 205.1b).
    SetSubtype(Who, String),
    /// The creature can't attack a player it already attacked this turn (Bloodthirster): the
    /// permanent's `attacked_players_this_turn`.
    CantAttackPlayersAttacked(Who),
    /// The creature with defender can attack, as though it didn't have it, only the players
    /// who attacked its controller during their last turn (Weathered Sentinels): their
    /// `attacked_players_last_turn`.
    AsThoughAgainstLastTurnAttackers(Who),
    /// The creatures have these mana abilities too (Utopia Vow: "Enchanted creature has \"{T}:
    /// Add one mana of any color.\"", CR 605.1a).
    GrantMana(Who, Vec<ManaAbility>),
    /// Every land has this basic land type too, and so its mana ability (CR 305.7: Stormtide
    /// Leviathan's "All lands are Islands in addition to their other types").
    LandsAre(String),
    /// Every nonbasic land is this basic land type only (CR 305.7: Blood Moon's "Nonbasic lands
    /// are Mountains"): it loses its other land types and its own abilities, and has the mana
    /// ability of the type.
    NonbasicLandsAre(String),
    /// The lands the permanent's controller controls have these mana abilities too (Chromatic
    /// Lantern: "Lands you control have \"{T}: Add one mana of any color.\"", CR 605.1a,
    /// 613.1f): granted after the type changes, so a Mountain under Blood Moon has it too.
    YourLandsHave(Vec<ManaAbility>),
    /// `attacks_as_though` (CR 302.6, 702.3b): the creatures can attack as though they had
    /// haste, or didn't have defender.
    AsThough(Who, AsThough),
    /// `no_mana_abilities` (CR 605.1a): the permanent's activated abilities, its mana abilities
    /// among them, can't be activated (Arrest).
    NoManaAbilities(Who),
    /// Each player may attack only the nearest opponent in the permanent's `chosen_direction`
    /// and their planeswalkers (Mystic Barrier; CR 508.1b).
    NearestOpponentOnly,
    /// The creatures become a creature of these characteristics (CR 205.1a, 613.1d: its card
    /// types and creature types are replaced; a planeswalker that becomes a creature is no
    /// planeswalker, so it can't be attacked): Grand Master of Flowers's "he's a 7/7 Dragon God
    /// creature with flying and indestructible".
    Becomes(Who, Becoming),
    /// Each land with a counter of this kind is every land type in addition to its other types
    /// (Omo, Queen of Vesuva's everything counters; CR 205.3i, 305.7: the basic land types
    /// give their mana abilities).
    EveryLandType(String),
    /// Each nonland creature with a counter of this kind is every creature type (Omo's
    /// everything counters; CR 205.3m, as a changeling is, 702.73a).
    EveryCreatureType(String),
    /// "Its controller may ... to ignore this effect until end of turn" (CR 116.2d): the rules
    /// read earlier in the same ability hold unless the permanent's `effect_ignored`. Consumed
    /// by the reader, never an effect.
    Ignorable,
    /// `cant_block` (CR 509.1b): the creatures can't block.
    CantBlock(Who),
    /// `cant_block_alone` (CR 509.1b): the creatures block only if this many other creatures
    /// block too.
    CantBlockAlone(Who, u32),
    /// `max_blockers` (CR 509.1b): no more than this many creatures block each combat.
    MaxBlockers(u32),
    /// `blocks_if_able` (CR 509.1c): the creatures block each combat if able.
    BlocksIfAble(Who),
    /// `can_block_only` (CR 509.1b): the creatures can block only attackers of the class
    /// (Brazen Borrower: "creatures with flying").
    CanBlockOnly(Who, Class),
    /// `cant_be_blocked_by` with the creatures as blockers (CR 509.1b): they can't block
    /// attackers of the class (Zurgo Bellstriker: "creatures with power 2 or greater").
    CantBlockClass(Who, Class),
    /// `can_block_additional` (CR 509.1a): the creatures can block this many more.
    CanBlockAdditional(Who, u32),
    /// `can_block_any_number` (CR 509.1a).
    CanBlockAnyNumber(Who),
    /// `cant_be_blocked` (CR 509.1b).
    CantBeBlocked(Who),
    /// `cant_be_blocked_except_by` (CR 509.1b): not by fewer than this many creatures.
    CantBeBlockedExceptBy(Who, u32),
    /// `cant_be_blocked_by_more_than` (CR 509.1b).
    CantBeBlockedByMoreThan(Who, u32),
    /// `cant_be_blocked_by` (CR 509.1b): not by creatures of the class (Juggernaut: Walls).
    CantBeBlockedBy(Who, Class),
    /// `must_be_blocked_by_all` (CR 509.1b): not blocked unless all creatures the defending
    /// player controls block it (Tromokratis).
    MustBeBlockedByAll(Who),
    /// `must_be_blocked_if_able` (CR 509.1c).
    MustBeBlockedIfAble(Who),
    /// `must_be_blocked_by_exactly_one` (CR 509.1c): Nacatl War-Pride.
    MustBeBlockedByExactlyOne(Who),
    /// `lure` (CR 509.1c): all creatures able to block the creatures do so.
    Lure(Who),
    /// `block_cost` (CR 509.1d): each of the creatures that blocks incurs the cost, paid by its
    /// controller.
    BlockTax(Who, Cost),
    /// An effect on the mana that tapping some permanents for mana produces (`mana_trigger`,
    /// `mana_multiplier`, `mana_instead`; CR 106.12, 605.1b, 616.1): Heartbeat of Spring, Mana
    /// Reflection, Contamination.
    Mana(ManaTapped, ManaMade),
}

/// Whose permanents' taps for mana an effect on mana watches ([`Rule::Mana`]), relative to the
/// permanent whose text it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManaTapped {
    /// Lands: "a player taps a land", "a land is tapped" (`yours` false), "you tap a land", "a
    /// land's ability causes you to add" (`yours`: its controller's); `basic`, basic lands only
    /// (Gauntlet of Power; docs/rules.md section 5 says how a board says a land is basic); with
    /// a land type ("you tap a Forest", Nissa, Who Shakes the World).
    Lands {
        /// Its controller's lands only.
        yours: bool,
        /// Basic lands only (CR 205.4c).
        basic: bool,
        /// Lands of this land type only, title case.
        subtype: Option<String>,
    },
    /// Permanents its controller controls: "if you tap a permanent for mana" (Mana Reflection);
    /// `nonland`, "a nonland permanent" (Kinnan, Bonder Prodigy).
    Yours {
        /// Nonland permanents only.
        nonland: bool,
    },
    /// The permanent it enchants ("enchanted land", "enchanted Forest": Wild Growth): its
    /// `attached_to`.
    Enchanted,
}

/// What an effect on mana does ([`Rule::Mana`]): triggered mana abilities add mana (CR
/// 605.1b), replacement effects change the tap's mana (CR 106.12b, 616.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManaMade {
    /// "one mana of any type that land produced" (Heartbeat of Spring).
    SameType,
    /// Fixed mana: "an additional {G}", "{G}{G}", "one mana of any color".
    Adds(Vec<TypeSet>),
    /// One mana of the permanent's chosen color (its `chosen_color`): Utopia Sprawl; with
    /// `if_produced`, only when the tap produced that color (Caged Sun, Gauntlet of Power).
    Chosen {
        /// Only when the tap produced mana of that color.
        if_produced: bool,
    },
    /// "N times as much of that mana" (Mana Reflection 2, Nyxbloom Ancient 3).
    Multiplied(u32),
    /// "{B} instead of any other type [and amount]" (Contamination; Infernal Darkness keeps
    /// the amount).
    Instead {
        /// The type produced instead.
        mana: ManaType,
        /// As many as the tap made (no "and amount").
        keep_amount: bool,
    },
}

/// What a permanent becomes ([`Rule::Becomes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Becoming {
    /// Card types, title case (replacing its own).
    pub types: Vec<String>,
    /// Creature types, title case (replacing its subtypes).
    pub subtypes: Vec<String>,
    /// Keywords it has too, title case.
    pub keywords: Vec<String>,
    /// Power and toughness (CR 613.4b), when the board gives none.
    pub power: i64,
    /// Toughness.
    pub toughness: i64,
}

impl Rule {
    /// The creatures the rule is about (for an "it" condition and a group's check), if it is
    /// about some.
    pub fn who(&self) -> Option<&Who> {
        match self {
            Rule::AttacksIfAble(w)
            | Rule::AttacksChosenPlayer(w)
            | Rule::AttacksIfOthersAttack(w, _)
            | Rule::CantAttack(w, _)
            | Rule::MinOthers(w, _)
            | Rule::OthersMustAttack(w, _, _)
            | Rule::OnlyAlone(w)
            | Rule::Tax(w, _, _)
            | Rule::GiveUp(w, _, _, _)
            | Rule::Grant(w, _)
            | Rule::GrantSubtype(w, _)
            | Rule::SetSubtype(w, _)
            | Rule::CantAttackPlayersAttacked(w)
            | Rule::AsThoughAgainstLastTurnAttackers(w)
            | Rule::GrantMana(w, _)
            | Rule::Goaded(w)
            | Rule::AsThough(w, _)
            | Rule::NoManaAbilities(w)
            | Rule::Becomes(w, _)
            | Rule::CantBlock(w)
            | Rule::CantBlockAlone(w, _)
            | Rule::BlocksIfAble(w)
            | Rule::CanBlockOnly(w, _)
            | Rule::CantBlockClass(w, _)
            | Rule::CanBlockAdditional(w, _)
            | Rule::CanBlockAnyNumber(w)
            | Rule::CantBeBlocked(w)
            | Rule::CantBeBlockedExceptBy(w, _)
            | Rule::CantBeBlockedByMoreThan(w, _)
            | Rule::CantBeBlockedBy(w, _)
            | Rule::MustBeBlockedByAll(w)
            | Rule::MustBeBlockedIfAble(w)
            | Rule::MustBeBlockedByExactlyOne(w)
            | Rule::Lure(w)
            | Rule::BlockTax(w, _) => Some(w),
            _ => None,
        }
    }
}

impl Rule {
    /// Whether the rule is about declaring blockers (CR 509.1): the block rules read it, the
    /// attack rules pass over it.
    pub fn about_blocks(&self) -> bool {
        matches!(
            self,
            Rule::CantBlock(_)
                | Rule::CantBlockAlone(..)
                | Rule::MaxBlockers(_)
                | Rule::BlocksIfAble(_)
                | Rule::CanBlockOnly(..)
                | Rule::CantBlockClass(..)
                | Rule::CanBlockAdditional(..)
                | Rule::CanBlockAnyNumber(_)
                | Rule::CantBeBlocked(_)
                | Rule::CantBeBlockedExceptBy(..)
                | Rule::CantBeBlockedByMoreThan(..)
                | Rule::CantBeBlockedBy(..)
                | Rule::MustBeBlockedByAll(_)
                | Rule::MustBeBlockedIfAble(_)
                | Rule::MustBeBlockedByExactlyOne(_)
                | Rule::Lure(_)
                | Rule::BlockTax(..)
        )
    }
}

/// What a "can attack as though" permission ignores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AsThough {
    /// Summoning sickness, for attacking only (CR 302.6): its {T} abilities still need haste.
    Haste,
    /// Defender (CR 702.3b).
    NoDefender,
}

/// A kind of spell a condition counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spell {
    /// A creature spell.
    Creature,
    /// A noncreature spell.
    Noncreature,
    /// An instant or sorcery spell.
    InstantOrSorcery,
}

/// Whose state an "is" condition looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    /// The permanent whose text it is ("~ is untapped").
    Itself,
    /// The creatures the sentence is about ("it's equipped", "it's a Human").
    It,
}

/// A condition a rule holds under, read by a row of [`CONDITIONS`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    /// The defending player controls a permanent of one of these classes: decided per target,
    /// for its defending player (CR 508.5, 802.2a).
    DefenderControls(Vec<Class>),
    /// The defending player has a poison counter (CR 122.1f): their `poison`.
    DefenderPoisoned,
    /// The defending player is the monarch (CR 724): their `monarch`.
    DefenderMonarch,
    /// Its controller controls more permanents of the class than the defending player.
    MoreThanDefender(Class),
    /// Its controller controls more permanents of the class than the attacking player (Goblin
    /// Goon's "can't block unless ...": on a board with combat, the active player).
    MoreThanAttacker(Class),
    /// Its controller controls at least N permanents of one of the classes.
    YouControl(Vec<Class>, u32),
    /// At least N permanents of one of the classes are on the battlefield.
    OnBattlefield(Vec<Class>, u32),
    /// Its controller has at most N cards in hand.
    HandAtMost(u32),
    /// Its controller has at least N cards in hand.
    HandAtLeast(u32),
    /// Some player has no cards in hand.
    SomeHandEmpty,
    /// At least N cards in its controller's graveyard: their `graveyard`.
    GraveyardAtLeast(u32),
    /// At least N card types among cards in its controller's graveyard (delirium): their
    /// `graveyard_card_types`.
    GraveyardTypesAtLeast(u32),
    /// Its controller cast a spell of this kind this turn: their `spells_cast_this_turn`.
    CastThisTurn(Spell),
    /// Its controller has the city's blessing (CR 702.131): their `city_blessing`.
    CityBlessing,
    /// Its controller has max speed (CR 702.179: speed 4): their `speed`.
    MaxSpeed,
    /// This keyword's cost was paid as the permanent was cast (dash, blitz, impending,
    /// kicker): its `costs_paid`.
    Paid(String),
    /// An opponent of its controller has at least N cards in their graveyard.
    OpponentGraveyardAtLeast(u32),
    /// At least N cards of this subtype ("Lesson") in its controller's graveyard: their
    /// `graveyard_cards`.
    GraveyardSubtypeAtLeast(String, u32),
    /// This turn is an extra turn (CR 500.7): the board's `extra_turn`.
    ExtraTurn,
    /// An opponent of its controller was dealt damage this turn: their
    /// `dealt_damage_this_turn`.
    OpponentDamagedThisTurn,
    /// A creature died under its controller's control this turn: their
    /// `creature_died_this_turn`.
    CreatureDiedThisTurn,
    /// The permanent itself, or the creature the sentence is about, has one of the qualities.
    Is(Subject, Vec<Quality>),
    /// The permanent it equips has this keyword.
    AttachedHas(String),
    /// This choice was made as the permanent entered ("it becomes your choice of A, B, or C":
    /// Primal Clay), numbered in the order written from 1: its `chosen_modes`.
    ChosenMode(u32),
    /// A player took the special action to ignore its effect this turn (CR 116.2d): its
    /// `effect_ignored`.
    EffectIgnored,
    /// It is its controller's turn ("at the beginning of combat on your turn").
    YourTurn,
    /// Its triggered ability that leaves a requirement for this turn's attack resolved this
    /// turn (Kookus's upkeep trigger): its `trigger_resolved`; never, for a permanent that came
    /// under its controller's control this turn (it was not there as the upkeep began).
    TriggerResolved,
    /// The permanent is attacking (CR 506.4): on a board with combat, one of `combat.attacks`;
    /// never while attackers are declared.
    Attacking,
    /// The defending player cast a spell or put a nontoken permanent onto the battlefield during
    /// their last turn (Arboria): their `cast_spell_or_put_permanent_last_turn`.
    DefenderCastOrPutLastTurn,
}

/// Where a condition is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// On the board as it stands.
    Board,
    /// For each defending player (CR 508.5).
    Defender,
}

impl Cond {
    /// Where this condition is decided.
    pub fn scope(&self) -> Scope {
        match self {
            Cond::DefenderControls(_)
            | Cond::DefenderPoisoned
            | Cond::DefenderMonarch
            | Cond::MoreThanDefender(_)
            | Cond::DefenderCastOrPutLastTurn => Scope::Defender,
            _ => Scope::Board,
        }
    }
}

/// A condition a rule holds under, and the value it must have ("unless C": false).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct When {
    /// The condition.
    pub cond: Cond,
    /// The value it must have for the rule to hold.
    pub holds: bool,
    /// The pattern of the row of [`CONDITIONS`] that read it.
    pub template: &'static str,
}

/// A rule with where it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadRule {
    /// The rule.
    pub rule: Rule,
    /// Conditions it holds under (all of them).
    pub when: Vec<When>,
    /// Its Comprehensive Rules number.
    pub cr: &'static str,
    /// The sentence it was read from, as normalized (`~` for the card's name).
    pub clause: String,
    /// The pattern of the template that read it.
    pub template: &'static str,
}

/// What the reader made of a text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reading {
    /// The rules read.
    pub rules: Vec<ReadRule>,
    /// The card's own keywords, from its keyword lines, title case ("Flying", "Haste").
    pub keywords: Vec<String>,
    /// Its {T} mana abilities (CR 605.1a), alternatives.
    pub mana: Vec<ManaAbility>,
    /// Its {Q} mana abilities (CR 107.6).
    pub untap_mana: Vec<ManaAbility>,
    /// Sentences that mention attacking (or haste, vigilance, defender, mana) and were not
    /// understood, quoted as written (reminder text dropped).
    pub unread: Vec<String>,
    /// Sentences about declaring blockers (CR 509.1: "can't block unless ...", "no more than
    /// one creature can block") that were not understood, quoted: they change nothing while
    /// attackers are declared, so only a board with combat warns about them.
    pub unread_blocks: Vec<String>,
    /// Sentences that mention attacking and were understood to have no effect on a declaration,
    /// with the reason (a triggered ability, an activated ability, ...).
    pub no_effect: Vec<(String, &'static str)>,
    /// The patterns of the templates that read its sentences, those that change nothing in a
    /// declaration ("gets +2/+2") included.
    pub templates: Vec<&'static str>,
    /// The modes of a choice made as it entered that would change a declaration: in force only
    /// if chosen, which the board says (`chosen_modes`).
    pub modes: Vec<Mode>,
    /// Sentences offering a special action to ignore the effect of the rules before them (CR
    /// 116.2d: "... to ignore this effect until end of turn"), as written: those rules hold
    /// unless the board's `effect_ignored` says the action was taken.
    pub ignorable: Vec<String>,
}

/// A mode of a choice made as a permanent entered ("As ~ enters, choose one — • ... • ...").
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mode {
    /// Its place among the bullet lines of the text, from 1.
    pub number: u32,
    /// The line as written.
    pub text: String,
    /// What it says.
    pub reading: Reading,
}

impl Reading {
    /// Whether every sentence was understood.
    pub fn fully_understood(&self) -> bool {
        self.unread.is_empty()
    }
}

/// Whether a text mentions attacking (the coverage report's population): the word "attack" in
/// any form, reminder text included.
pub fn mentions_attacking(text: &str) -> bool {
    text.to_lowercase().contains("attack")
}

/// Read a card's Oracle text. `name` is the card's name, written `~` where the text names it.
pub fn read(name: &str, text: &str) -> Reading {
    let mut r = Reading::default();
    let text = without_invisible(&text.replace("\\n", "\n"));
    // The previous ability's kind, for modes ("• ...") that continue it.
    let mut previous: Option<&'static str> = None;
    let mut bullets = 0u32;
    for line in text.lines() {
        let original = drop_reminder(line).trim().to_string();
        if original.is_empty() {
            continue;
        }
        let line = normalize(name, &original);
        let line = without_ability_word(&line);
        let line = without_inert_quotes(&line, &mut r);
        if let Some(rest) = line.strip_prefix('•').or_else(|| line.strip_prefix("* ")) {
            bullets = bullets.saturating_add(1);
            // A mode may have a label ("Jeskai — ...") and be an ability of its own.
            let rest = without_ability_word(rest.trim());
            let rest = rest.as_str();
            match previous.or_else(|| ability_without_effect(rest)) {
                Some(why) => {
                    if relevant(rest) {
                        r.no_effect.push((original.clone(), why));
                    }
                }
                // A mode applies only if it was chosen ("As ~ enters, choose ..."): a mode that
                // would make a rule, keyword or mana is kept aside, in force if the board says
                // it was chosen and never guessed; one that would make none is read as any
                // sentence is.
                None => {
                    let mut mode = Reading::default();
                    read_line(rest.trim(), &original, &mut mode);
                    if mode.rules.is_empty() && mode.keywords.is_empty() && mode.mana.is_empty() {
                        r.no_effect.extend(mode.no_effect);
                        r.unread.extend(mode.unread);
                        r.unread_blocks.extend(mode.unread_blocks);
                    } else {
                        r.modes.push(Mode { number: bullets, text: original.clone(), reading: mode });
                    }
                }
            }
            continue;
        }
        // "Max speed — ability" (CR 702.179): the ability only while its controller has max speed.
        if let Some(rest) = line.strip_prefix("max speed — ").or_else(|| line.strip_prefix("max speed - ")) {
            match ability_without_effect(rest) {
                Some(why) => {
                    if relevant(rest) {
                        r.no_effect.push((original.clone(), why));
                    }
                }
                // A mana ability that works only at max speed: mana abilities have no condition
                // here, so it is refused, not guessed.
                None if activated(rest).is_some() => {
                    if relevant(rest) {
                        r.unread.push(original.clone());
                    }
                }
                None => {
                    let before = r.rules.len();
                    read_line(rest, &original, &mut r);
                    for rule in &mut r.rules[before..] {
                        rule.when.push(When { cond: Cond::MaxSpeed, holds: true, template: "max speed" });
                    }
                }
            }
            previous = None;
            continue;
        }
        previous = ability_without_effect(&line);
        // A triggered ability a template reads whole: one that resolved before attackers are
        // declared and left a requirement (Raving Dead).
        if previous.is_some() && line.split(' ').count() <= MAX_SENTENCE_WORDS {
            if let Some((made, row, _)) = templates::sentence(line.trim_end_matches('.'), &Context::default()) {
                push_rules(&mut r, made, row, &line);
                previous = None;
                continue;
            }
            if leaves_requirement(&line) || adds_on_tap(&line) {
                r.unread.push(original.clone());
                continue;
            }
        }
        match previous {
            Some(why) => {
                if relevant(&line) {
                    r.no_effect.push((original.clone(), why));
                }
            }
            None => read_line(&line, &original, &mut r),
        }
    }
    r
}

fn push_rules(r: &mut Reading, made: Vec<Made>, row: &'static Template, clause: &str) {
    r.templates.push(row.pattern);
    for m in made {
        r.rules.push(ReadRule { rule: m.rule, when: m.when, cr: row.cr, clause: clause.to_string(), template: row.pattern });
    }
}

const ABILITY_WORDS: [&str; 51] = [
    "adamant",
    "addendum",
    "alliance",
    "battalion",
    "bloodrush",
    "celebration",
    "channel",
    "chroma",
    "cohort",
    "constellation",
    "converge",
    "corrupted",
    "coven",
    "delirium",
    "descend 4",
    "descend 8",
    "domain",
    "eerie",
    "eminence",
    "enrage",
    "fateful hour",
    "fathomless descent",
    "ferocious",
    "flurry",
    "formidable",
    "grandeur",
    "hellbent",
    "heroic",
    "imprint",
    "inspired",
    "kinship",
    "landfall",
    "lieutenant",
    "magecraft",
    "metalcraft",
    "morbid",
    "pack tactics",
    "paradox",
    "parley",
    "radiance",
    "raid",
    "rally",
    "revolt",
    "spell mastery",
    "strive",
    "survival",
    "sweep",
    "threshold",
    "undergrowth",
    "valiant",
    "void",
];

/// A normalized line without its ability word (CR 207.2c), written "Raid — " or, in Forge's
/// and XMage's older scripts, "Raid - ", or without its flavor word (CR 207.2d, "10,000 Needles —").
fn without_ability_word(line: &str) -> String {
    for sep in [" — ", " - "] {
        let Some((head, rest)) = line.split_once(sep) else { continue };
        let rest = rest.trim();
        if rest.is_empty() {
            continue;
        }
        if ABILITY_WORDS.contains(&head) {
            return rest.to_string();
        }
        // A flavor word has no rules meaning either (CR 207.2d: "Berzerker — Kharn the Betrayer
        // attacks or blocks each combat if able"). A head with one is not dropped: a keyword
        // with its cost, a chapter number, "choose one", and "max speed" (a keyword, CR
        // 702.179: the ability works only at max speed); a mode's label is a bullet's, read
        // apart (`read`).
        if looks_like_flavor_word(head) && head != "max speed" {
            return rest.to_string();
        }
    }
    line.to_string()
}

/// A few plain words, not a keyword with its cost ("ward—pay 2 life"), a chapter number (CR
/// 714.2b) or a mode's "choose one".
fn looks_like_flavor_word(head: &str) -> bool {
    let words: Vec<&str> = head.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    !head.is_empty()
        && words.len() <= 6
        && head.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '\'' | ',' | '!' | '?' | '.'))
        && !words.iter().all(|w| matches!(*w, "i" | "ii" | "iii" | "iv" | "v" | "vi"))
        && !KEYWORDS.iter().any(|k| head == *k || head.starts_with(&format!("{k} ")))
        && !head.starts_with("choose")
}

/// A line whose abilities in quotation marks ("has \"Whenever this creature attacks, ...\"") are
/// triggered or non-mana activated abilities written `"an ability"`, each kept as understood to
/// have no effect (CR 603, 602, 508.1g: granted, they act as the creature's own would). A
/// quoted mana ability, or any other quoted text, is left for the templates.
fn without_inert_quotes(line: &str, r: &mut Reading) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('"') {
        let Some(len) = rest[open + 1..].find('"') else { break };
        let quoted = &rest[open + 1..open + 1 + len];
        let ability = quoted.trim().trim_end_matches('.').trim();
        out.push_str(&rest[..open]);
        match ability_without_effect(ability) {
            Some(why) => {
                if relevant(ability) {
                    r.no_effect.push((quoted.to_string(), why));
                }
                out.push_str("\"an ability\"");
            }
            None => out.push_str(&rest[open..open + len + 2]),
        }
        rest = &rest[open + len + 2..];
    }
    out.push_str(rest);
    out
}

/// A line whose ability has no effect on a declaration as the board stands, and why.
fn ability_without_effect(line: &str) -> Option<&'static str> {
    const TRIGGERS: [&str; 4] = ["when ", "whenever ", "at the beginning ", "at end of "];
    if TRIGGERS.iter().any(|t| line.starts_with(t)) {
        return Some(
            "a triggered ability (CR 603): what it did before attackers were declared is the board's state; it does nothing while they are declared",
        );
    }
    // Chapter abilities of Sagas (CR 714.2b) are triggered abilities too.
    if line
        .split_once(" — ")
        .is_some_and(|(head, _)| !head.is_empty() && head.split(", ").all(|c| matches!(c, "i" | "ii" | "iii" | "iv" | "v" | "vi")))
    {
        return Some("a chapter ability, triggered (CR 714.2b): it does nothing while attackers are declared");
    }
    if let Some((_, effect)) = activated(line) {
        if !effect.trim_start().starts_with("add ") {
            return Some("an activated ability (CR 602): only mana abilities may be activated while attackers are declared (CR 508.1g)");
        }
    }
    None
}

/// An activated ability's cost and effect: "COST: EFFECT" where the cost is mana, {T}, a
/// loyalty change or another cost (CR 602.1, 606).
fn activated(line: &str) -> Option<(&str, &str)> {
    let (cost, effect) = line.split_once(": ")?;
    // Loyalty costs (CR 606), written "+1", "−2" or, in Forge's scripts, "[+2]".
    let bare = cost.trim_start_matches('[').trim_end_matches(']');
    // The sign is a character, not a byte: "−" (U+2212) is three bytes.
    let digits = bare.strip_prefix(['+', '−', '-']).unwrap_or("");
    let loyalty = bare == "0" || (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit() || c == 'x'));
    let looks_like_cost = cost.starts_with('{')
        || loyalty
        || cost == "0"
        || ["sacrifice", "pay ", "discard", "tap ", "untap ", "exile", "remove", "return", "put ", "reveal", "collect", "forage"]
            .iter()
            .any(|w| cost.starts_with(w))
        || cost.contains("{t}");
    // A cost has no sentence in it; "as long as ...: " does not occur in Oracle text.
    // ... nor a quotation mark: "has \"{T}: Add {G}.\"" grants an ability, it is none.
    (looks_like_cost && !cost.contains(". ") && !cost.contains('"')).then_some((cost, effect))
}

/// A text without the characters that display as nothing (zero-width spaces and joiners, the
/// soft hyphen, the word joiner, a byte-order mark): "at\u{200b}tack" is read as "attack"
/// (issue 36, R08), never passed over as a word the reader does not know.
fn without_invisible(text: &str) -> String {
    text.chars().filter(|c| !matches!(c, '\u{00ad}' | '\u{180e}' | '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}')).collect()
}

/// Letters that look like Latin ones (Cyrillic, Greek, fullwidth, mathematical): a sentence
/// with one could hide "attack" from the reader, so it is never passed over (R08).
fn hides_words(s: &str) -> bool {
    s.chars().any(|c| matches!(c, '\u{0370}'..='\u{03ff}' | '\u{0400}'..='\u{04ff}' | '\u{ff00}'..='\u{ffef}' | '\u{1d400}'..='\u{1d7ff}'))
}

/// Whether a normalized sentence is about what attackopt reads: attacking, the keywords that
/// decide whether a creature may attack, or mana.
fn relevant(s: &str) -> bool {
    hides_words(s)
        || s.contains("attack")
        || s.contains("haste")
        || s.contains("vigilance")
        || s.contains("defender")
        || s.contains("goad")
        || grants_flying(s)
        || adds_mana(s)
        || changes_mana(s)
}

/// A text that gives a permanent flying (which Moat's "creatures without flying can't attack"
/// asks about): "has flying", "have flying", "he's a 7/7 ... creature with flying". A mention
/// about blocking ("can't be blocked except by creatures with flying") is not.
fn grants_flying(s: &str) -> bool {
    s.contains("flying")
        && !s.contains("block")
        && [" has ", " have ", "'s a ", " is a ", " are ", " becomes ", " gain"].iter().any(|w| s.contains(w))
}

/// A text that changes what mana lands make without "add": a land produces another mana
/// (Damping Sphere, "it produces {C} instead"), or lands become another basic land type and
/// so tap for its color (Conversion, "All Mountains are Plains", CR 305.7). Never passed over
/// as having nothing to do with attacking: the mana pays attack costs.
fn changes_mana(s: &str) -> bool {
    const BASICS: [&str; 5] = ["plains", "islands", "swamps", "mountains", "forests"];
    s.contains("produce")
        || BASICS.iter().any(|b| s.contains(&format!(" are {b}")))
        || s.contains("every land type")
        || s.contains("every basic land type")
}

fn adds_mana(s: &str) -> bool {
    s.contains("add {") || s.contains("add one mana") || s.contains("add two mana") || s.contains("add three mana") || s.contains("add x mana")
}

/// Drop reminder text (in parentheses, CR 207.2).
fn drop_reminder(line: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in line.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Lower case, the card's name (and a legendary's short name) and "this creature" written `~`,
/// typographic apostrophes and the minus sign made plain, no final period.
fn normalize(name: &str, line: &str) -> String {
    // Older Oracle wordings ("he or she controls") read as today's.
    // XMage writes {T} as {tap} (its card list, `--cards`).
    let mut s = line
        .to_lowercase()
        .replace(['’', '‘'], "'")
        .replace("{tap}", "{t}")
        // XMage writes an em dash as " -- " (ability words, chapters, modes).
        .replace(" -- ", " — ")
        .replace("he or she controls", "they control")
        .replace("he or she ", "they ")
        .replace("there's ", "there is ")
        // Phyrexian mana as older texts write it ({P/W}, CR 107.4f).
        .replace("{p/w}", "{w/p}")
        .replace("{p/u}", "{u/p}")
        .replace("{p/b}", "{b/p}")
        .replace("{p/r}", "{r/p}")
        .replace("{p/g}", "{g/p}");
    let name = name.trim().to_lowercase().replace(['’', '‘'], "'");
    // A double-faced card's name is "front // back": each face names itself.
    let mut names: Vec<String> = name.split(" // ").map(str::to_string).collect();
    for n in names.clone() {
        if let Some((short, _)) = n.split_once(", ") {
            names.push(short.to_string());
        }
    }
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for n in names.iter().filter(|n| n.len() >= 2) {
        s = replace_words(&s, n, "~");
    }
    for this in [
        "this creature",
        "this enchantment",
        "this artifact",
        "this land",
        "this permanent",
        "this vehicle",
        "this equipment",
        "this aura",
        "this planeswalker",
        "this spacecraft",
    ] {
        s = replace_words(&s, this, "~");
    }
    // A keyword's cost after an em dash ("Blitz—{2}{B}{B}", "Impending 5—{1}{B}", XMage's
    // "Impending 5--{1}{B}") reads as after a space, so the templates see the keyword alone.
    for keyword in ["blitz", "impending"] {
        if let Some(rest) = s.strip_prefix(keyword) {
            let rest = rest.replacen("—", " ", 1).replacen("--", " ", 1);
            s = format!("{keyword}{rest}");
        }
    }
    s.trim().trim_end_matches('.').trim().to_string()
}

/// Replace `what` in `s` where it stands as whole words.
fn replace_words(s: &str, what: &str, with: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(what) {
        let before_ok = rest[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let after = &rest[i + what.len()..];
        let after_ok = after.chars().next().is_none_or(|c| !c.is_alphanumeric() || after.starts_with("'s"));
        out.push_str(&rest[..i]);
        if before_ok && after_ok {
            out.push_str(with);
        } else {
            out.push_str(what);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Keywords that may make up a keyword line (CR 702), with or without a parameter ("Equip
/// {2}", "Protection from red", "Enchant creature"). Only Haste, Vigilance, Defender and
/// Flying change what attackopt decides; the others are kept on the permanent all the same,
/// for selectors.
const KEYWORDS: [&str; 119] = [
    "flying",
    "haste",
    "vigilance",
    "defender",
    "trample",
    "first strike",
    "double strike",
    "deathtouch",
    "lifelink",
    "reach",
    "menace",
    "hexproof",
    "indestructible",
    "flash",
    "shroud",
    "fear",
    "intimidate",
    "protection",
    "ward",
    "equip",
    "enchant",
    "landwalk",
    "islandwalk",
    "swampwalk",
    "forestwalk",
    "mountainwalk",
    "plainswalk",
    "prowess",
    "infect",
    "wither",
    "banding",
    "flanking",
    "shadow",
    "horsemanship",
    "cycling",
    "kicker",
    "multikicker",
    "flashback",
    "madness",
    "morph",
    "megamorph",
    "echo",
    "cumulative upkeep",
    "buyback",
    "storm",
    "affinity",
    "entwine",
    "modular",
    "sunburst",
    "bushido",
    "soulshift",
    "splice",
    "offering",
    "ninjutsu",
    "epic",
    "convoke",
    "dredge",
    "transmute",
    "bloodthirst",
    "haunt",
    "replicate",
    "forecast",
    "graft",
    "recover",
    "ripple",
    "split second",
    "suspend",
    "vanishing",
    "absorb",
    "aura swap",
    "delve",
    "fortify",
    "frenzy",
    "gravestorm",
    "poisonous",
    "transfigure",
    "champion",
    "changeling",
    "evoke",
    "hideaway",
    "prowl",
    "reinforce",
    "conspire",
    "persist",
    "retrace",
    "devour",
    "exalted",
    "unearth",
    "cascade",
    "annihilator",
    "level up",
    "rebound",
    "totem armor",
    "umbra armor",
    "living weapon",
    "undying",
    "miracle",
    "soulbond",
    "overload",
    "scavenge",
    "unleash",
    "cipher",
    "evolve",
    "extort",
    "fuse",
    "bestow",
    "tribute",
    "dethrone",
    "outlast",
    "prototype",
    "toxic",
    "backup",
    "bargain",
    "disguise",
    "plot",
    "offspring",
    "saddle",
    "crew",
    "mentor",
];

/// The keywords that matter to declaring attackers, title case.
pub(crate) const ATTACK_KEYWORDS: [(&str, &str); 4] =
    [("haste", "Haste"), ("vigilance", "Vigilance"), ("defender", "Defender"), ("flying", "Flying")];

/// A keyword line ("Flying, haste", "Equip {2}", "Protection from red"): its keywords, title
/// case; None when some item is not a keyword.
fn keyword_line(line: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for item in line.split([',', ';']).map(str::trim).filter(|i| !i.is_empty()) {
        let k = KEYWORDS
            .iter()
            .filter(|k| item == **k || item.starts_with(&format!("{k} ")) || item.starts_with(&format!("{k}—")))
            .max_by_key(|k| k.len())?;
        // A keyword's parameter is a cost, a number or a quality, never a sentence about
        // attacking ("Flying as long as ..." is not a keyword line).
        if item.contains(" as long as ") || item.contains(" attack") {
            return None;
        }
        // Nor a sentence about the keyword's abilities or costs ("Equip abilities you activate
        // ... cost {2} less", "Flashback costs you pay ..."): the card has no such keyword.
        let next = item[k.len()..].trim_start_matches('—').split_whitespace().next().unwrap_or("");
        if matches!(next, "abilities" | "ability" | "costs" | "cost" | "spells" | "spell") {
            return None;
        }
        out.push(phrase::title(k));
    }
    (!out.is_empty()).then_some(out)
}

/// The most words of a sentence a template may read: the longest template (Ursine
/// Monstrosity's trigger, 44 words) with room to spare.
const MAX_SENTENCE_WORDS: usize = 64;

/// A triggered ability whose effect is a requirement for this turn's attack ("attacks this
/// turn if able", "attacks that player this combat if able"): if it resolved before attackers
/// were declared, the requirement exists, and only the board can say whether it did. Unless a
/// template reads it, it is not understood (never passed over as a trigger).
fn leaves_requirement(line: &str) -> bool {
    ["this turn if able", "this combat if able"].iter().any(|p| line.contains(p)) && line.starts_with("at the beginning of ")
}

/// A triggered ability that adds mana when a permanent is tapped for mana and targets nothing:
/// a triggered mana ability (CR 605.1b), whose mana pays costs to attack. Unless a template
/// reads it, it is not understood (never passed over as a trigger). One that targets is no mana
/// ability (CR 605.5a) and adds nothing while costs are paid (Forbidden Orchard's Spirit).
fn adds_on_tap(line: &str) -> bool {
    line.starts_with("whenever ") && line.contains(" for mana") && (line.contains(" add ") || line.contains(" adds ")) && !line.contains("target")
}

/// Read one line that is neither a triggered nor a non-mana activated ability.
fn read_line(line: &str, original: &str, r: &mut Reading) {
    if let Some(kws) = keyword_line(line) {
        r.keywords.extend(kws);
        // A keyword with a rule of its own on the battlefield (bestow, CR 702.103b): its row.
        if let Some((made, row, _)) = templates::sentence(line, &Context::default()).filter(|_| line.split(' ').count() <= MAX_SENTENCE_WORDS) {
            push_rules(r, made, row, line);
        }
        return;
    }
    if let Some((cost, effect)) = activated(line) {
        if let Some(abilities) = untap_mana_ability(line) {
            r.untap_mana.extend(abilities);
            return;
        }
        match mana_ability(line) {
            Some(abilities) => r.mana.extend(abilities),
            // Mana that can be spent only on spells can't pay a cost to attack (CR 106.6):
            // whatever its cost, such an ability changes nothing here.
            None if spells_only(effect) && cost.contains("{t}") => {
                r.no_effect.push((original.to_string(), "mana that can be spent only to cast spells: it can't pay costs to attack (CR 106.6)"))
            }
            None if relevant(effect) => r.unread.push(original.to_string()),
            None => {}
        }
        return;
    }
    let mut context = Sentence::default();
    let line_start = r.rules.len();
    for sentence in sentences(line) {
        // "Its controller may ... to ignore this effect" (CR 116.2d): the rules read before it
        // in this ability hold unless the board says the action was taken; a wording no row
        // reads, or with no rule before it, is not understood.
        if sentence.contains("ignore this effect") {
            let row = templates::sentence(sentence, &Context::default()).filter(|(made, _, _)| made.iter().any(|m| m.rule == Rule::Ignorable));
            match row {
                Some((_, row, _)) if r.rules.len() > line_start => {
                    for rule in &mut r.rules[line_start..] {
                        rule.when.push(When { cond: Cond::EffectIgnored, holds: false, template: row.pattern });
                    }
                    r.templates.push(row.pattern);
                    r.ignorable.push(quote_sentence(original, sentence));
                }
                _ => r.unread.push(quote_sentence(original, sentence)),
            }
            continue;
        }
        // A reflexive trigger inside a line ("When you do, it gains flying until end of turn",
        // CR 603.12) is a triggered ability too.
        if let Some(why) = ability_without_effect(sentence) {
            if relevant(sentence) {
                r.no_effect.push((sentence.to_string(), why));
            }
            continue;
        }
        // "Can't attack or block" is two rules (CR 508.1c, 509.1b): the blocking half is read
        // as a sentence of its own, with the subject and condition the sentence had before.
        let blocking = block_half(sentence).map(|half| (half, context.clone()));
        if let Some(made) = read_sentence(sentence, &mut context) {
            push_made(r, made, sentence);
        } else if let Some(why) = after_declaration(sentence) {
            r.no_effect.push((sentence.to_string(), why));
            // "As long as ~ is attacking, creatures can't block unless ..." (Archangel of
            // Tithes): nothing while attackers are declared, a rule once blockers are.
            if about_blocking(sentence) {
                r.unread_blocks.push(quote_sentence(original, sentence));
            }
        } else if about_blocking(sentence) && !about_attacks(sentence) {
            // "Goblin Goon can't block unless you control more creatures than attacking player."
            r.unread_blocks.push(quote_sentence(original, sentence));
        } else if relevant(sentence) {
            r.unread.push(quote_sentence(original, sentence));
        }
        if let Some((half, mut before)) = blocking {
            match read_sentence(&half, &mut before) {
                Some(made) => push_made(r, made, sentence),
                None => r.unread_blocks.push(quote_sentence(original, sentence)),
            }
        }
    }
}

/// A sentence's rules, with the rows that read them.
fn push_made(r: &mut Reading, made: ReadMade, sentence: &str) {
    for (m, row) in made {
        if !r.templates.contains(&row.pattern) {
            r.templates.push(row.pattern);
        }
        if let Some(m) = m {
            r.rules.push(ReadRule { rule: m.rule, when: m.when, cr: row.cr, clause: sentence.to_string(), template: row.pattern });
        }
    }
}

/// "Add ... Spend this mana only to cast ..." (Gnarlroot Trapper).
fn spells_only(effect: &str) -> bool {
    effect.starts_with("add ") && effect.contains(". spend this mana only to cast ")
}

/// What one sentence leaves for the next: its subject ("Otherwise, it can't attack") and its
/// condition.
#[derive(Debug, Clone, Default)]
struct Sentence {
    subject: Option<Who>,
    condition: Option<(Cond, &'static str)>,
}

/// The rules a sentence makes, each with the row that read it; a row that makes no rule ("gets
/// +2/+2") is listed with None.
type ReadMade = Vec<(Option<Made>, &'static Template)>;

/// Add a condition to every rule read.
fn add_condition(made: &mut ReadMade, cond: &(Cond, &'static str), holds: bool) {
    for m in made.iter_mut().filter_map(|(m, _)| m.as_mut()) {
        m.when.push(When { cond: cond.0.clone(), holds, template: cond.1 });
    }
}

/// Rows' rules as a sentence's.
fn listed(made: Vec<Made>, row: &'static Template) -> ReadMade {
    if made.is_empty() {
        vec![(None, row)]
    } else {
        made.into_iter().map(|m| (Some(m), row)).collect()
    }
}

/// One sentence: a template, maybe under a condition, or parts of a conjunction.
fn read_sentence(s: &str, previous: &mut Sentence) -> Option<ReadMade> {
    // No template is longer than this: a longer sentence is none of them (and is read in time
    // linear in its length, issue 36 R07).
    if s.split(' ').count() > MAX_SENTENCE_WORDS {
        return None;
    }
    let s = attack_alone(s);
    // ", where X is ...": what {X} in the sentence's cost is.
    let (s, ctx) = match s.split_once(", where x is ") {
        Some((head, q)) => (head.to_string(), Context { x: Some(phrase::quantity(q)?) }),
        None => (s, Context::default()),
    };
    // "Otherwise, ...": under the previous sentence's condition, false.
    if let Some(rest) = s.strip_prefix("otherwise, ") {
        let cond = previous.condition.clone()?;
        let mut made = subject_sentence(rest, &ctx, previous)?;
        add_condition(&mut made, &cond, false);
        return Some(made);
    }
    // "As long as C, ..." and "... as long as C".
    if let Some(rest) = s.strip_prefix("as long as ") {
        for (i, _) in rest.match_indices(", ") {
            let Some(cond) = templates::condition(&rest[..i], &ctx) else { continue };
            if let Some(made) = conditioned(&rest[i + 2..], cond, &ctx, previous) {
                return Some(made);
            }
        }
        return None;
    }
    if let Some((head, c)) = s.rsplit_once(" as long as ") {
        let cond = templates::condition(c, &ctx)?;
        return conditioned(head, cond, &ctx, previous);
    }
    subject_sentence(&s, &ctx, previous)
}

/// A sentence under a condition ("as long as" it holds); "it" after a condition about an
/// equipped creature is that creature.
fn conditioned(s: &str, cond: (Cond, &'static str), ctx: &Context, previous: &mut Sentence) -> Option<ReadMade> {
    if let Cond::AttachedHas(_) = cond.0 {
        previous.subject = Some(Who::Attached);
    }
    let mut made = subject_sentence(s, ctx, previous)?;
    add_condition(&mut made, &cond, true);
    previous.condition = Some(cond);
    Some(made)
}

/// A sentence read whole by a template, or as a subject and the parts of a conjunction, "it"
/// standing for the previous sentence's subject.
fn subject_sentence(s: &str, ctx: &Context, previous: &mut Sentence) -> Option<ReadMade> {
    // "It" is the previous sentence's subject, or the card itself ("As long as Pillar of War
    // is enchanted, it can attack ...").
    if let Some(rest) = s.strip_prefix("it ") {
        return conjunction(previous.subject.clone().unwrap_or(Who::This), rest, ctx, previous);
    }
    if let (Some(rest), Some(subject)) = (s.strip_prefix("they "), previous.subject.clone()) {
        return conjunction(subject, rest, ctx, previous);
    }
    if let Some((made, row, subject)) = templates::sentence(s, ctx) {
        previous.subject = subject.or_else(|| previous.subject.clone());
        return checked(listed(made, row));
    }
    // The subject is the longest prefix that names creatures; the rest, a verb phrase or a
    // conjunction of them.
    let words: Vec<&str> = s.split(' ').collect();
    for cut in (1..words.len().min(SUBJECT_WORDS)).rev() {
        let Some(subject) = phrase::who(&words[..cut].join(" ")) else { continue };
        return conjunction(subject, &words[cut..].join(" "), ctx, previous);
    }
    None
}

/// The most words of a sentence's subject ("except for creatures named ... and artifact
/// creatures, creatures you control" is the longest in print).
const SUBJECT_WORDS: usize = 24;

/// A verb phrase, or parts joined by "and" and commas ("gets +2/+2, has vigilance, and can't
/// attack you"), each read by a row that begins with `{who}`; a bare keyword after "has"
/// continues its list ("has flying and haste"). Any part not understood fails the whole.
fn conjunction(subject: Who, verb: &str, ctx: &Context, previous: &mut Sentence) -> Option<ReadMade> {
    previous.subject = Some(subject.clone());
    if let Some((made, row)) = templates::verb(&subject, verb, ctx) {
        return checked(listed(made, row));
    }
    const VERBS: [&str; 13] =
        ["gets ", "get ", "has ", "have ", "attacks ", "attack ", "can't ", "can ", "blocks ", "block ", "is ", "are ", "doesn't "];
    let parts: Vec<&str> =
        verb.split(", and ").flat_map(|p| p.split(" and ")).flat_map(|p| p.split(", ")).map(str::trim).filter(|p| !p.is_empty()).collect();
    if parts.len() < 2 {
        return None;
    }
    let mut out = Vec::new();
    let mut listing_keywords = false;
    for part in parts {
        let part = if !VERBS.iter().any(|v| part.starts_with(v)) && listing_keywords { format!("has {part}") } else { part.to_string() };
        listing_keywords = part.starts_with("has ") || part.starts_with("have ");
        let (made, row) = templates::verb(&subject, &part, ctx)?;
        out.extend(listed(made, row));
    }
    checked(out)
}

/// What the board's reader can decide: a condition about "it" needs one creature to look at
/// (the permanent or what it is attached to, never a group, where each creature would be its
/// own condition), and a condition on the defending player decides a restriction per target
/// (CR 508.5), so it qualifies only "can't attack".
fn checked(made: ReadMade) -> Option<ReadMade> {
    let bad = made.iter().filter_map(|(m, _)| m.as_ref()).any(|m| {
        let group_it = matches!(m.rule.who(), Some(Who::Group(_))) && m.when.iter().any(|w| matches!(w.cond, Cond::Is(Subject::It, _)));
        let per_defender =
            m.when.iter().any(|w| w.cond.scope() == Scope::Defender) && !matches!(m.rule, Rule::CantAttack(_, Whom::Anything | Whom::Players));
        group_it || per_defender
    });
    (!bad).then_some(made)
}

/// The ways a sentence names attacking and blocking together, and the words of each half.
const ATTACK_OR_BLOCK: [(&str, &str, &str); 4] = [
    ("attack, block, or crew vehicles", "attack", "block"),
    ("attack, block, or transform", "attack", "block"),
    ("attacks or blocks", "attacks", "blocks"),
    ("attack or block", "attack", "block"),
];

/// The attacking half of a sentence about both (CR 508.1): "can't attack or block" restricts
/// attacking as "can't attack" does, with the same condition or cost; "attacks or blocks each
/// combat if able" requires the attack as "attacks each combat if able" does; "can't attack,
/// block, or transform" likewise. The blocking half is [`block_half`].
fn attack_alone(s: &str) -> String {
    ATTACK_OR_BLOCK.iter().fold(s.to_string(), |s, (both, attack, _)| s.replace(both, attack))
}

/// The blocking half of a sentence about attacking and blocking (CR 509.1: "can't block",
/// "blocks each combat if able"), None for a sentence about one of them only.
fn block_half(s: &str) -> Option<String> {
    ATTACK_OR_BLOCK
        .iter()
        .any(|(both, _, _)| s.contains(both))
        .then(|| ATTACK_OR_BLOCK.iter().fold(s.to_string(), |s, (both, _, block)| s.replace(both, block)))
}

/// Whether a sentence says a creature attacks or can attack ("attack", "attacks"), not only
/// names an attacking player or creature.
fn about_attacks(s: &str) -> bool {
    s.split(|c: char| !c.is_alphanumeric() && c != '\'').any(|w| matches!(w, "attack" | "attacks"))
}

/// Whether a sentence could forbid, require or change a declaration of blockers (CR 509.1):
/// it says a creature blocks, can block or can be blocked. "Blocking", "blocked" alone and
/// "unblocked" describe creatures once blockers are declared (CR 509.1h), as triggers do.
fn about_blocking(s: &str) -> bool {
    s.split(|c: char| !c.is_alphanumeric() && c != '\'').any(|w| matches!(w, "block" | "blocks" | "blockers")) || s.contains("be blocked")
}

/// The name of a keyword (CR 702) as written in the keyword list, lower case.
pub(crate) fn keyword_name(s: &str) -> Option<&'static str> {
    KEYWORDS.iter().copied().find(|k| *k == s)
}
fn quote_sentence(original: &str, sentence: &str) -> String {
    if sentences(&original.to_lowercase()).len() <= 1 {
        original.to_string()
    } else {
        sentence.to_string()
    }
}

/// A line's sentences, without their final periods.
fn sentences(line: &str) -> Vec<&str> {
    line.split(". ").map(|s| s.trim().trim_end_matches('.').trim()).filter(|s| !s.is_empty()).collect()
}

/// Text about attacking creatures, which applies only once attackers are declared (CR 506.4):
/// "attacking creatures you control get +1/+0", "as long as ~ is attacking, ...". Anything
/// that could forbid, require or tax an attack is not this.
fn after_declaration(s: &str) -> Option<&'static str> {
    // Exert (CR 701.43a) is a choice made as the creature attacks: it changes no declaration's
    // legality, only what happens after.
    if s == "you may exert ~ as it attacks" || (s.contains(" exert") && s.ends_with("you may exert it as it attacks")) {
        return Some("exert (CR 701.43a): a choice made as it attacks, which changes no declaration's legality");
    }
    // "As long as ~ is attacking, ...": it is attacking only once declared (CR 506.4).
    let attacking = |w: &str| {
        ["as long as ~ is attacking", "as long as equipped creature is attacking", "as long as enchanted creature is attacking"]
            .iter()
            .any(|p| w.starts_with(p))
    };
    if attacking(s) && (s.contains(" is attacking, ") || s.contains(" is attacking or blocking, ")) {
        return Some("while it is attacking: it is attacking only once attackers are declared (CR 506.4)");
    }
    const DECIDING: [&str; 9] =
        ["can't attack", "can attack", "attack each", "attacks each", "attack you", "attacks you", "unless", "if able", "attack only"];
    if DECIDING.iter().any(|d| s.contains(d)) || s.contains("haste") || s.contains("vigilance") || s.contains("defender") || adds_mana(s) {
        return None;
    }
    // Every mention is of an attacking (or blocking) creature, or of one that attacked.
    let mut rest = s;
    let mut any = false;
    while let Some(i) = rest.find("attack") {
        let word: String = rest[i..].chars().take_while(|c| c.is_alphabetic()).collect();
        if !matches!(word.as_str(), "attacking" | "attacked") {
            return None;
        }
        any = true;
        rest = &rest[i + word.len()..];
    }
    any.then_some("about attacking creatures: it applies once attackers are declared (CR 506.4), not to the declaration")
}

/// The creatures a phrase names, relative to the permanent.
/// A mana ability's alternatives: "{T}: Add {G}.", "{T}: Add {R} or {G}.", "{T}: Add {C}{C}.",
/// "{T}: Add one mana of any color.", "... any color/type that a land an opponent controls
/// could produce" (CR 106.7, 605.1a). None when the cost is more than {T} or the effect is
/// another.
pub(crate) fn mana_ability(line: &str) -> Option<Vec<ManaAbility>> {
    // "{T}, Sacrifice ~: Add ..." (a Treasure, Generator Servant) pays as a {T} ability does:
    // once, by a source that is untapped and free of summoning sickness; what is sacrificed
    // after attackers are declared does not change the declaration.
    let effect = line
        .strip_prefix("{t}: add ")
        .or_else(|| line.strip_prefix("{t}, sacrifice ~: add "))
        .or_else(|| line.strip_prefix("{t}, sacrifice this artifact: add "))?;
    mana_effect_alternatives(effect)
}

/// A {Q} mana ability's alternatives: "{Q}: Add {G}." (CR 107.6: untap this permanent), read
/// as [`mana_ability`] reads a {T} one.
pub(crate) fn untap_mana_ability(line: &str) -> Option<Vec<ManaAbility>> {
    mana_effect_alternatives(line.strip_prefix("{q}: add ")?)
}

/// What "Add ..." adds, as alternatives.
fn mana_effect_alternatives(effect: &str) -> Option<Vec<ManaAbility>> {
    // What the mana does for a spell it is spent on does not change what it pays here.
    let effect = effect.split_once(". if that mana is spent on ").map_or(effect, |(e, _)| e);
    // Oracle text before 2017 wrote "Add {G} to your mana pool" (today "Add {G}"), and before
    // 2016 "{1}" for one colorless mana (today {C}, CR 106.1b): in that template only, {N} is N
    // colorless mana. Any other sentence after it (Shivan Reef's damage) is not a mana ability
    // this reader knows, so it is refused, never dropped.
    let (effect, old_template) = match effect.strip_suffix(" to your mana pool") {
        Some(e) => (e, true),
        None => (effect, false),
    };
    let one = |lands: LandsOf, colors_only: bool| Some(vec![ManaAbility::CouldProduce { lands, colors_only }]);
    match effect {
        "one mana of any color" => return Some(vec![ManaAbility::Fixed(vec![TypeSet::ANY_COLOR])]),
        "one mana of any color that a land an opponent controls could produce" => return one(LandsOf::Opponents, true),
        "one mana of any type that a land an opponent controls could produce" => return one(LandsOf::Opponents, false),
        "one mana of any color that a land you control could produce" => return one(LandsOf::Controller, true),
        "one mana of any type that a land you control could produce" => return one(LandsOf::Controller, false),
        _ => {}
    }
    // Alternatives: "{r} or {g}", "{w}, {u}, or {b}".
    let mut out = Vec::new();
    for alt in effect.split([',']).flat_map(|p| p.split(" or ")).map(|p| p.trim().trim_start_matches("or ").trim()) {
        if alt.is_empty() {
            continue;
        }
        let symbols = parse_symbols(alt).ok()?;
        let mut units = Vec::new();
        for sym in symbols {
            match sym {
                Symbol::Typed(t) => units.push(TypeSet::one(t)),
                Symbol::Generic(n) if old_template && n > 0 && n <= 16 => units.extend(std::iter::repeat_n(TypeSet::one(ManaType::C), n as usize)),
                // {1} in today's "Add" is not printed on cards: refuse rather than guess.
                _ => return None,
            }
        }
        if units.is_empty() {
            return None;
        }
        out.push(ManaAbility::Fixed(units));
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::symbol::ManaType;

    fn rules(name: &str, text: &str) -> Vec<Rule> {
        let r = read(name, text);
        assert!(r.unread.is_empty(), "{text}: unread {:?}", r.unread);
        r.rules.into_iter().map(|x| x.rule).collect()
    }

    fn group(s: &str) -> Who {
        Who::Group(phrase::group(s).unwrap_or_else(|| panic!("{s}: not a group")))
    }

    /// Every row of the table reads its own card: the card's text is understood whole and the
    /// row is among those that read it (the table's promise, issue 34).
    #[test]
    fn every_template_reads_its_card() {
        for row in TEMPLATES {
            let r = read(row.card, row.text);
            assert!(r.unread.is_empty(), "{}: {:?} unread in {}'s text", row.pattern, r.unread, row.card);
            assert!(r.templates.contains(&row.pattern), "{}: not what read {}'s text (read by {:?})", row.pattern, row.card, r.templates);
        }
    }

    /// Every condition row reads its own card's condition.
    #[test]
    fn every_condition_reads_its_card() {
        for row in CONDITIONS {
            let r = read(row.card, row.text);
            assert!(r.unread.is_empty(), "{}: {:?} unread in {}'s text", row.pattern, r.unread, row.card);
            let used = r.rules.iter().flat_map(|x| &x.when).any(|w| w.template == row.pattern);
            assert!(used, "{}: no rule of {}'s text is under it ({:?})", row.pattern, row.card, r.rules);
        }
    }

    #[test]
    fn cr_207_2c_ability_words_are_dropped() {
        // Forge's older scripts write the ability word with a hyphen.
        let r = read("Akroan Conscriptor", "Heroic - Whenever you cast a spell that targets Akroan Conscriptor, gain control of another target creature until end of turn. Untap that creature. It gains haste until end of turn.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
        let r = read("Bellowing Saddlebrute", "Raid — When this creature enters, you lose 4 life unless you attacked this turn.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
        let r = read("Glade Watcher", "Defender\nFormidable — {G}: Glade Watcher can attack this turn as though it didn't have defender. Activate only if creatures you control have total power 8 or greater.");
        assert!(r.unread.is_empty() && r.keywords == vec!["Defender".to_string()], "{r:?}");
        assert_eq!(without_ability_word("i — ~ attacks each combat if able"), "i — ~ attacks each combat if able");
        assert_eq!(without_ability_word("choose one — x"), "choose one — x");
        let r = read("Rider", "Raid - Whenever Rider attacks, draw a card.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
        assert_eq!(without_ability_word("ward—pay 2 life"), "ward—pay 2 life");
    }

    #[test]
    fn cr_305_7_texts_changing_lands_mana_are_reported() {
        let r = read("Conversion", "At the beginning of your upkeep, sacrifice Conversion unless you pay {W}{W}.\nAll Mountains are Plains.");
        assert_eq!(r.unread, vec!["All Mountains are Plains.".to_string()]);
        let r = read("Damping Sphere", "If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.\nEach spell a player casts costs {1} more to cast for each other spell that player has cast this turn.");
        assert_eq!(r.unread.len(), 1, "{r:?}");
        // "In addition to their other types": the lands keep their abilities and gain the type's.
        assert_eq!(rules("Stormtide Leviathan", "All lands are Islands in addition to their other types."), vec![Rule::LandsAre("Island".into())]);
    }

    #[test]
    fn cr_106_1b_older_mana_wording() {
        let r = read("Shivan Reef", "{T}: Add {1} to your mana pool.\n{T}: Add {U} or {R} to your mana pool. Shivan Reef deals 1 damage to you.");
        let c = TypeSet::one(ManaType::C);
        assert_eq!(r.mana, vec![ManaAbility::Fixed(vec![c])]);
        assert_eq!(r.unread.len(), 1, "{r:?}");
        assert_eq!(read("City of Traitors", "{T}: Add {2} to your mana pool.").mana, vec![ManaAbility::Fixed(vec![c, c])]);
        assert_eq!(read("X", "{T}: Add {1}.").unread.len(), 1);
    }

    #[test]
    fn cr_106_6_mana_for_spells_only_pays_no_attack_cost() {
        let r = read("Gnarlroot Trapper", "{T}, Pay 1 life: Add {G}. Spend this mana only to cast an Elf creature spell.");
        assert!(r.unread.is_empty() && r.mana.is_empty() && r.no_effect.len() == 1, "{r:?}");
    }

    #[test]
    fn cr_508_1d_attacks_each_combat_if_able() {
        assert_eq!(rules("Bloodmad Brute", "Bloodmad Brute attacks each combat if able."), vec![Rule::AttacksIfAble(Who::This)]);
        assert_eq!(rules("X", "This creature attacks each combat if able."), vec![Rule::AttacksIfAble(Who::This)]);
        assert_eq!(rules("Zed, the Angry", "Zed attacks each combat if able."), vec![Rule::AttacksIfAble(Who::This)]);
        assert_eq!(
            rules("Spear", "Equipped creature has haste and attacks each combat if able.\nEquip {1}"),
            vec![Rule::Grant(Who::Attached, "Haste".into()), Rule::AttacksIfAble(Who::Attached)]
        );
        assert_eq!(
            rules("Rage", "Enchant creature\nEnchanted creature gets +2/+2 and attacks each combat if able."),
            vec![Rule::AttacksIfAble(Who::Attached)]
        );
        assert_eq!(
            rules("Warlord", "Other Goblin creatures you control attack each combat if able."),
            vec![Rule::AttacksIfAble(group("other goblin creatures you control"))]
        );
        assert_eq!(
            rules("Lowblood", "Creatures your opponents control attack each combat if able."),
            vec![Rule::AttacksIfAble(group("creatures your opponents control"))]
        );
        assert_eq!(
            rules("Avatar", "All creatures have double strike and attack each combat if able."),
            vec![Rule::Grant(group("creatures"), "Double strike".into()), Rule::AttacksIfAble(group("creatures"))]
        );
        // Classes by color are read now (issue 34).
        assert_eq!(
            rules("Odd", "Black creatures you control attack each combat if able."),
            vec![Rule::AttacksIfAble(group("black creatures you control"))]
        );
    }

    #[test]
    fn cr_508_1d_conditional_requirements() {
        let cyclops = "If a creature you control attacks, Ekundu Cyclops also attacks if able.";
        assert_eq!(rules("Ekundu Cyclops", cyclops), vec![Rule::AttacksIfOthersAttack(Who::This, group("creatures you control"))]);
        let other = read("Odd Cyclops", "If a creature an opponent controls attacks, Odd Cyclops also attacks if able.");
        assert!(other.rules.is_empty() && other.unread.len() == 1, "{other:?}");
        assert_eq!(
            rules("Viashino Bey", "If Viashino Bey attacks, all creatures you control attack if able."),
            vec![Rule::AttacksIfOthersAttack(group("creatures you control"), Who::This)]
        );
        let theirs = group("creatures your opponents control");
        assert_eq!(
            rules("War's Toll", "If a creature an opponent controls attacks, all creatures that opponent controls attack if able."),
            vec![Rule::AttacksIfOthersAttack(theirs.clone(), theirs)]
        );
        // A requirement unless a condition holds.
        let r = read("Reckless Cohort", "Reckless Cohort attacks each combat if able unless you control another Ally.");
        assert!(r.unread.is_empty());
        assert_eq!(r.rules[0].when.len(), 1);
        assert!(!r.rules[0].when[0].holds);
    }

    #[test]
    fn cr_508_1c_cant_attack_templates() {
        assert_eq!(rules("Wall", "Wall can't attack."), vec![Rule::CantAttack(Who::This, Whom::Anything)]);
        assert_eq!(rules("Archon", "Flying\nCreatures can't attack you."), vec![Rule::CantAttack(group("creatures"), Whom::You)]);
        assert_eq!(
            rules("Moatish", "Creatures without flying can't attack."),
            vec![Rule::CantAttack(group("creatures without flying"), Whom::Anything)]
        );
        // CR 509.1b: the blocking half too.
        assert_eq!(
            rules("Light of Day", "Black creatures can't attack or block."),
            vec![Rule::CantAttack(group("black creatures"), Whom::Anything), Rule::CantBlock(group("black creatures"))]
        );
        assert_eq!(
            rules("Reverence", "Creatures with power 2 or less can't attack you."),
            vec![Rule::CantAttack(group("creatures with power 2 or less"), Whom::You)]
        );
        assert_eq!(
            rules("Bound", "Enchanted creature can't attack, block, or transform."),
            vec![Rule::CantAttack(Who::Attached, Whom::Anything), Rule::CantBlock(Who::Attached)]
        );
        let legion =
            rules("Akron Legionnaire", "Except for creatures named Akron Legionnaire and artifact creatures, creatures you control can't attack.");
        let Rule::CantAttack(Who::Group(g), Whom::Anything) = &legion[0] else { panic!("{legion:?}") };
        assert_eq!(g.except.len(), 2);
    }

    #[test]
    fn cr_506_5_alone_templates() {
        assert_eq!(rules("Flunky", "Flunky can't attack or block alone."), vec![Rule::MinOthers(Who::This, 1), Rule::CantBlockAlone(Who::This, 1)]);
        assert_eq!(rules("Lone", "Lone can attack only alone."), vec![Rule::OnlyAlone(Who::This)]);
        assert_eq!(rules("Lone", "This creature can only attack alone."), vec![Rule::OnlyAlone(Who::This)]);
        assert_eq!(rules("Conscript", "Conscript can't attack unless at least two other creatures attack."), vec![Rule::MinOthers(Who::This, 2)]);
    }

    #[test]
    fn cr_508_1c_others_must_attack() {
        let okk = rules("Okk", "Okk can't attack unless a creature with greater power also attacks.");
        assert!(matches!(&okk[..], [Rule::OthersMustAttack(Who::This, _, true)]), "{okk:?}");
        let puma = rules("Scarred Puma", "Scarred Puma can't attack unless a black or green creature also attacks.");
        let [Rule::OthersMustAttack(Who::This, class, false)] = &puma[..] else { panic!("{puma:?}") };
        assert_eq!(class.qualities, vec![Quality::Color(vec![ManaType::B, ManaType::G])]);
    }

    #[test]
    fn cr_508_5_conditions_on_the_defending_player() {
        let r = read("Serpent", "Serpent can't attack unless defending player controls an Island.");
        assert!(r.unread.is_empty());
        assert!(matches!(&r.rules[0].when[0].cond, Cond::DefenderControls(_)) && r.rules[0].when[0].cond.scope() == Scope::Defender);
        let r = read("Orgg", "Orgg can't attack if defending player controls an untapped creature with power 3 or greater.");
        assert!(r.unread.is_empty() && r.rules[0].when[0].holds);
        let r = read("Goon", "Goon can't attack unless you control more creatures than defending player.");
        assert!(matches!(r.rules[0].when[0].cond, Cond::MoreThanDefender(_)));
    }

    #[test]
    fn cr_508_1c_caps() {
        assert_eq!(
            rules("Arbiter", "No more than one creature can attack each combat."),
            vec![Rule::MaxAttackers { count: 1, whom: Whom::Anything, per_turn: false }]
        );
        assert_eq!(
            rules("Crawl", "No more than two creatures can attack you each combat."),
            vec![Rule::MaxAttackers { count: 2, whom: Whom::You, per_turn: false }]
        );
        assert_eq!(
            rules("Grounds", "No more than one creature can attack each turn."),
            vec![Rule::MaxAttackers { count: 1, whom: Whom::Anything, per_turn: true }]
        );
        // Under a condition on the permanent itself (Mirri).
        let r = read("Mirri", "As long as Mirri is tapped, no more than one creature can attack you each combat.");
        assert_eq!(r.rules[0].when[0].cond, Cond::Is(Subject::Itself, vec![Quality::Tapped]));
    }

    #[test]
    fn cr_508_1d_taxes() {
        let two = Cost::Fixed(vec![Symbol::Generic(2)]);
        assert_eq!(
            rules("Prop", "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you."),
            vec![Rule::Tax(group("creatures"), Whom::You, two.clone())]
        );
        assert_eq!(
            rules("Old", "Creatures can't attack you unless their controller pays {2} for each creature he or she controls that's attacking you."),
            vec![Rule::Tax(group("creatures"), Whom::You, two.clone())]
        );
        assert_eq!(
            rules(
                "Annex",
                "Creatures can't attack you or a planeswalker you control unless their controller pays {P/W} for each of those creatures."
            ),
            vec![Rule::Tax(group("creatures"), Whom::YouOrYourPlaneswalkers, Cost::Fixed(vec![Symbol::Phyrexian(ManaType::W)]))]
        );
        assert_eq!(
            rules("Wash", "Enchanted creature can't attack unless its controller pays {3}."),
            vec![Rule::Tax(Who::Attached, Whom::Anything, Cost::Fixed(vec![Symbol::Generic(3)]))]
        );
        assert_eq!(rules("Behemoth", "Behemoth can't attack or block unless you pay {2}."), vec![Rule::Tax(Who::This, Whom::Anything, two)]);
        // X is read when the sentence says what it is; a cost per unit of something counted.
        let sphere = rules("Sphere", "Creatures can't attack you or planeswalkers you control unless their controller pays {X} for each of those creatures, where X is the number of enchantments you control.");
        assert!(matches!(&sphere[..], [Rule::Tax(_, Whom::YouOrYourPlaneswalkers, Cost::PerUnit(1, Quantity::YouControl(_)))]), "{sphere:?}");
        let cowed = rules("Cowed by Wisdom", "Enchanted creature can't attack or block unless its controller pays {1} for each card in your hand.");
        let per_card = Cost::PerUnit(1, Quantity::CardsInHand);
        // CR 509.1d: the blocking half is a cost to block.
        assert_eq!(cowed, vec![Rule::Tax(Who::Attached, Whom::Anything, per_card.clone()), Rule::BlockTax(Who::Attached, per_card)]);
        // {X} with nothing saying what X is: not guessed.
        assert_eq!(
            read("Odd", "Creatures can't attack you unless their controller pays {X} for each creature they control that's attacking you.")
                .unread
                .len(),
            1
        );
    }

    #[test]
    fn cr_508_1d_player_requirement() {
        assert_eq!(
            rules("Trove", "Each opponent must attack you or a planeswalker you control with at least one creature each combat if able."),
            vec![Rule::EachOpponentAttacks(Whom::YouOrYourPlaneswalkers)]
        );
    }

    #[test]
    fn cr_605_1a_mana_abilities() {
        let r = read("Elf", "{T}: Add {G}.");
        assert_eq!(r.mana, vec![ManaAbility::Fixed(vec![TypeSet::one(ManaType::G)])]);
        assert_eq!(read("Tri", "{T}: Add {W}, {U}, or {B}.").mana.len(), 3);
        let r = read("Orchard", "{T}: Add one mana of any color that a land an opponent controls could produce.");
        assert_eq!(r.mana, vec![ManaAbility::CouldProduce { lands: LandsOf::Opponents, colors_only: true }]);
        let r = read("Painland", "{T}, Pay 1 life: Add {B}.");
        assert!(r.mana.is_empty() && r.unread.len() == 1);
    }

    #[test]
    fn cr_605_1a_abilities_that_cant_be_activated() {
        let text = "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated.";
        assert_eq!(rules("Arrest", text), vec![Rule::CantAttack(Who::Attached, Whom::Anything), Rule::NoManaAbilities(Who::Attached)]);
        let text = "Enchant artifact or creature\nEnchanted permanent can't attack or block, and its activated abilities can't be activated unless they're mana abilities.";
        assert_eq!(rules("Grasp", text), vec![Rule::CantAttack(Who::Attached, Whom::Anything)]);
        // "... to ignore this effect": under the board's `effect_ignored` (CR 116.2d).
        let r = read("Lost in Thought", "Enchanted creature can't attack or block, and its activated abilities can't be activated. Its controller may exile three cards from their graveyard for that player to ignore this effect until end of turn.");
        assert!(r.unread.is_empty() && r.rules.iter().all(|x| x.when.len() == 1), "{r:?}");
    }

    #[test]
    fn cr_302_6_702_3b_as_though() {
        assert_eq!(
            rules("Instill Energy", "Enchanted creature can attack as though it had haste."),
            vec![Rule::AsThough(Who::Attached, AsThough::Haste)]
        );
        assert_eq!(
            rules("Animate Wall", "Enchanted Wall can attack as though it didn't have defender."),
            vec![Rule::AsThough(Who::Attached, AsThough::NoDefender)]
        );
        let r = read("Pillar of War", "Defender\nAs long as Pillar of War is enchanted, it can attack as though it didn't have defender.");
        assert_eq!(r.rules.iter().map(|x| x.rule.clone()).collect::<Vec<_>>(), vec![Rule::AsThough(Who::This, AsThough::NoDefender)]);
        let r = read("Warmonger's Chariot", "As long as equipped creature has defender, it can attack as though it didn't have defender.");
        assert_eq!(r.rules[0].rule, Rule::AsThough(Who::Attached, AsThough::NoDefender));
    }

    #[test]
    fn cr_702_keywords_and_grants() {
        assert_eq!(read("Wall", "Defender, reach").keywords, vec!["Defender", "Reach"]);
        assert_eq!(rules("Banner", "Creatures you control have haste."), vec![Rule::Grant(group("creatures you control"), "Haste".into())]);
        assert_eq!(
            rules("Vow", "Enchant creature\nEnchanted creature gets +2/+2, has vigilance, and can't attack you or planeswalkers you control."),
            vec![Rule::Grant(Who::Attached, "Vigilance".into()), Rule::CantAttack(Who::Attached, Whom::YouOrYourPlaneswalkers)]
        );
        assert_eq!(read("Odd", "Odd can't attack unless you control an Island and a Swamp.").unread.len(), 1);
        // A grant under a condition is read with it.
        let r = read("Ape", "As long as you control a Forest, this creature has haste.");
        assert!(r.unread.is_empty() && r.rules[0].when.len() == 1, "{r:?}");
        let r = read("Sword", "Equipped creature gets +2/+0, has vigilance, and is a Knight in addition to its other types.");
        assert_eq!(
            r.rules.iter().map(|x| x.rule.clone()).collect::<Vec<_>>(),
            vec![Rule::Grant(Who::Attached, "Vigilance".into()), Rule::GrantSubtype(Who::Attached, "Knight".into())]
        );
    }

    #[test]
    fn cr_702_a_sentence_about_a_keyword_is_not_the_keyword() {
        let r = read("Helitrooper", "Flying\nEquip abilities you activate that target this creature cost {2} less to activate.");
        assert_eq!(r.keywords, vec!["Flying"]);
        assert_eq!(read("Sword", "Equip {2}").keywords, vec!["Equip"]);
    }

    #[test]
    fn cr_603_606_abilities_that_do_nothing_while_attackers_are_declared() {
        let r = read("Raider", "Whenever Raider attacks, it gets +1/+0 until end of turn.\n{2}{R}: Target creature can't attack this turn.");
        assert!(r.rules.is_empty() && r.unread.is_empty() && r.no_effect.len() == 2);
        let r = read("Captain", "Attacking creatures you control get +1/+0.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1);
        let r = read("Saga", "I, II — Goad target creature.\nIII — Creatures can't attack this turn.");
        assert!(r.unread.is_empty(), "{:?}", r.unread);
        // Loyalty abilities, as Forge writes them.
        let r = read("Gideon Jura", "[+2]: During target opponent's next turn, creatures that player controls attack Gideon Jura if able.\n[-2]: Destroy target tapped creature.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
    }

    /// A loyalty cost with the minus sign of Oracle text ("−8", U+2212, three bytes) is read as
    /// one, not sliced inside the character (a panic on every such planeswalker before).
    #[test]
    fn cr_606_a_loyalty_cost_with_the_minus_sign() {
        let r = read("Nissa", "\u{2212}8: You get an emblem with \"Lands you control have indestructible.\" Search your library for any number of Forest cards, put them onto the battlefield tapped, then shuffle.\n\u{2212}2: Creatures can't attack this turn.");
        assert!(r.rules.is_empty() && r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
    }

    /// CR 605.1b, 106.12b: effects on mana; a trigger on tapping for mana that adds mana and no
    /// row reads is not understood, one that targets adds nothing (CR 605.5a).
    #[test]
    fn cr_605_1b_effects_on_mana() {
        let lands = |yours| ManaTapped::Lands { yours, basic: false, subtype: None };
        assert_eq!(
            rules("Mana Flare", "Whenever a player taps a land for mana, that player adds one mana of any type that land produced."),
            vec![Rule::Mana(lands(false), ManaMade::SameType)]
        );
        assert_eq!(
            rules("Overgrowth", "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an additional {G}{G}."),
            vec![Rule::Mana(ManaTapped::Enchanted, ManaMade::Adds(vec![TypeSet::one(ManaType::G); 2]))]
        );
        assert_eq!(
            rules("Fertile Ground", "Whenever enchanted land is tapped for mana, its controller adds an additional one mana of any color."),
            vec![Rule::Mana(ManaTapped::Enchanted, ManaMade::Adds(vec![TypeSet::ANY_COLOR]))]
        );
        assert_eq!(
            rules("Infernal Darkness", "If a land is tapped for mana, it produces {B} instead of any other type."),
            vec![Rule::Mana(lands(false), ManaMade::Instead { mana: ManaType::B, keep_amount: true })]
        );
        // "{B}{B} instead" is no single type: not understood.
        assert_eq!(read("X", "If a land is tapped for mana, it produces {B}{B} instead of any other type.").unread.len(), 1);
        let r = read("Odd Sprawl", "Whenever enchanted land is tapped for mana, its controller adds an additional {R} and gains 1 life.");
        assert_eq!(r.unread.len(), 1, "{r:?}");
        let r = read("Forbidden Orchard", "{T}: Add one mana of any color.\nWhenever you tap Forbidden Orchard for mana, target opponent creates a 1/1 colorless Spirit creature token.");
        assert!(r.rules.is_empty() && r.unread.is_empty() && r.mana.len() == 1, "{r:?}");
    }

    #[test]
    fn cr_603_a_trigger_that_left_a_requirement() {
        let r = read(
            "Raving Dead",
            "At the beginning of combat on your turn, choose an opponent at random. Raving Dead attacks that player this combat if able.",
        );
        assert_eq!(r.rules.iter().map(|x| x.rule.clone()).collect::<Vec<_>>(), vec![Rule::AttacksChosenPlayer(Who::This)]);
        // One no template reads: not understood, never passed over as a trigger.
        let r = read("Odd Goblin", "At the beginning of your upkeep, Odd Goblin deals 1 damage to you and attacks this turn if able.");
        assert_eq!(r.unread.len(), 1);
    }

    fn read_rules(name: &str, text: &str) -> Vec<ReadRule> {
        let r = read(name, text);
        assert!(r.unread.is_empty(), "{text}: unread {:?}", r.unread);
        r.rules
    }

    /// CR 508.1d, 603: a trigger at the beginning of combat that made or targeted a permanent
    /// left its requirement on that permanent, which the board names (`trigger_permanents`).
    #[test]
    fn cr_508_1d_a_trigger_that_named_a_permanent() {
        let warboss = read_rules("Legion Warboss", "At the beginning of combat on your turn, create a 1/1 red Goblin creature token. That token gains haste until end of turn and attacks this combat if able.");
        assert_eq!(
            warboss.iter().map(|r| r.rule.clone()).collect::<Vec<_>>(),
            vec![Rule::Grant(Who::Trigger(0), "Haste".into()), Rule::AttacksIfAble(Who::Trigger(0))]
        );
        assert!(warboss.iter().all(|r| r.when.iter().map(|w| &w.cond).eq([&Cond::YourTurn])));
        let heavy = read_rules(
            "Howlsquad Heavy",
            "At the beginning of combat on your turn, create a 1/1 red Goblin creature token. That token attacks this combat if able.",
        );
        assert_eq!(heavy.iter().map(|r| r.rule.clone()).collect::<Vec<_>>(), vec![Rule::AttacksIfAble(Who::Trigger(0))]);
        let shaper = read_rules("Boros Battleshaper", "At the beginning of each combat, up to one target creature attacks or blocks this combat if able and up to one target creature can't attack or block this combat.");
        assert_eq!(
            shaper.iter().map(|r| r.rule.clone()).collect::<Vec<_>>(),
            vec![Rule::AttacksIfAble(Who::Trigger(0)), Rule::CantAttack(Who::Trigger(1), Whom::Anything)]
        );
        assert!(shaper.iter().all(|r| r.when.is_empty()));
        // Kookus: an intervening "if" checked at the upkeep; whether it resolved is the board's.
        let kookus = read_rules("Kookus", "At the beginning of your upkeep, if you don't control a creature named Keeper of Kookus, Kookus deals 3 damage to you and attacks this turn if able.");
        assert_eq!(kookus[0].rule, Rule::AttacksIfAble(Who::This));
        assert_eq!(kookus[0].when.iter().map(|w| w.cond.clone()).collect::<Vec<_>>(), vec![Cond::YourTurn, Cond::TriggerResolved]);
    }

    /// CR 116.2d: "... to ignore this effect until end of turn" puts the ability's rules under
    /// the board's `effect_ignored`; with no rule before it, it is not understood.
    #[test]
    fn cr_116_2d_an_effect_that_may_be_ignored() {
        for (name, text) in [
            ("Lost in Thought", "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated. Its controller may exile three cards from their graveyard for that player to ignore this effect until end of turn."),
            ("Volrath's Curse", "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't be activated. That creature's controller may sacrifice a permanent for that player to ignore this effect until end of turn.\n{1}{U}: Return Volrath's Curse to its owner's hand."),
        ] {
            let r = read(name, text);
            assert!(r.unread.is_empty() && r.ignorable.len() == 1, "{name}: {r:?}");
            assert_eq!(r.rules.iter().map(|x| x.rule.clone()).collect::<Vec<_>>(), vec![Rule::CantAttack(Who::Attached, Whom::Anything), Rule::NoManaAbilities(Who::Attached)]);
            assert!(r.rules.iter().all(|x| x.when == vec![When { cond: Cond::EffectIgnored, holds: false, template: x.when[0].template }]), "{r:?}");
        }
        let r = read("Odd", "Its controller may pay {1} for that player to ignore this effect until end of turn.");
        assert_eq!(r.unread.len(), 1, "{r:?}");
    }

    /// CR 614.12: Primal Clay's choice as it entered is the board's `chosen_modes` (2: flying,
    /// 3: a Wall with defender), in the order written.
    #[test]
    fn cr_614_12_primal_clay_choice() {
        let clay = read_rules("Primal Clay", "As Primal Clay enters the battlefield, it becomes your choice of a 3/3 artifact creature, a 2/2 artifact creature with flying, or a 1/6 Wall artifact creature with defender in addition to its other types. (A creature with defender can't attack.)");
        let modes: Vec<(Rule, Cond)> = clay.iter().map(|r| (r.rule.clone(), r.when[0].cond.clone())).collect();
        assert_eq!(
            modes,
            vec![
                (Rule::Grant(Who::This, "Flying".into()), Cond::ChosenMode(2)),
                (Rule::Grant(Who::This, "Defender".into()), Cond::ChosenMode(3)),
                (Rule::GrantSubtype(Who::This, "Wall".into()), Cond::ChosenMode(3)),
            ]
        );
    }

    /// CR 205.1a, 305.7: types changed under a condition the board states (counters by kind).
    #[test]
    fn cr_205_1a_types_changed_under_a_condition() {
        let gm = read_rules("Grand Master of Flowers", "As long as Grand Master of Flowers has seven or more loyalty counters on him, he's a 7/7 Dragon God creature with flying and indestructible.");
        assert!(
            matches!(&gm[0].rule, Rule::Becomes(Who::This, b) if b.types == ["Creature"] && b.power == 7 && b.keywords.contains(&"Flying".to_string()))
        );
        assert_eq!(gm[0].when[0].cond, Cond::Is(Subject::Itself, vec![Quality::Counters(Some("loyalty".into()), 7)]));
        let omo = read_rules("Omo, Queen of Vesuva", "Each land with an everything counter on it is every land type in addition to its other types.");
        assert_eq!(omo.iter().map(|r| r.rule.clone()).collect::<Vec<_>>(), vec![Rule::EveryLandType("everything".into())]);
    }

    /// Arboria (CR 508.1b-c, 508.5): a player, not their planeswalkers, under a fact about that
    /// player; Flowering Lumberknot's soulbond pair (CR 702.95).
    #[test]
    fn cr_508_1c_facts_about_last_turn_and_pairs() {
        let arboria = read_rules("Arboria", "Creatures can't attack a player unless that player cast a spell or put a nontoken permanent onto the battlefield during their last turn.");
        assert_eq!(arboria[0].rule, Rule::CantAttack(group("creatures"), Whom::Players));
        assert_eq!((arboria[0].when[0].cond.clone(), arboria[0].when[0].holds), (Cond::DefenderCastOrPutLastTurn, false));
        let knot = read_rules("Flowering Lumberknot", "Flowering Lumberknot can't attack or block unless it's paired with a creature with soulbond.");
        assert_eq!(knot[0].rule, Rule::CantAttack(Who::This, Whom::Anything));
        assert_eq!(knot[0].when[0].cond, Cond::Is(Subject::It, vec![Quality::PairedWithSoulbond]));
    }

    #[test]
    fn conditions_needing_board_facts_are_read() {
        for (name, text) in [
            ("Goblin Cohort", "Goblin Cohort can't attack unless you've cast a creature spell this turn."),
            ("Deep-Sea Terror", "Deep-Sea Terror can't attack unless there are seven or more cards in your graveyard."),
            ("Medomai the Ageless", "Medomai the Ageless can't attack during extra turns."),
            ("Giant Turtle", "Giant Turtle can't attack if it attacked during your last turn."),
            ("Halls of Mist", "Creatures that attacked during their controller's last turn can't attack."),
            ("Teferi's Moat", "As Teferi's Moat enters, choose a color.\nCreatures of the chosen color without flying can't attack you."),
        ] {
            let r = read(name, text);
            assert!(r.unread.is_empty() && !r.rules.is_empty(), "{name}: {r:?}");
        }
    }

    #[test]
    fn otherwise_takes_the_previous_condition() {
        let r =
            read("Bonds of Faith", "Enchant creature\nEnchanted creature gets +2/+2 as long as it's a Human. Otherwise, it can't attack or block.");
        assert!(r.unread.is_empty(), "{r:?}");
        // The blocking half (CR 509.1b) under the same condition.
        assert_eq!(r.rules.len(), 2);
        assert_eq!(r.rules[0].rule, Rule::CantAttack(Who::Attached, Whom::Anything));
        assert_eq!(r.rules[1].rule, Rule::CantBlock(Who::Attached));
        for rule in &r.rules {
            assert_eq!(rule.when[0].cond, Cond::Is(Subject::It, vec![Quality::Subtype(vec!["Human".into()])]));
            assert!(!rule.when[0].holds);
        }
    }

    /// CR 509.1a-c: the sentences about blocking the block rules read, each into its rule.
    #[test]
    fn cr_509_1_block_templates() {
        let walls = phrase::plural_class("walls").unwrap();
        assert_eq!(rules("Raider", "Raider can't block."), vec![Rule::CantBlock(Who::This)]);
        assert_eq!(rules("Melee", "All creatures block each combat if able."), vec![Rule::BlocksIfAble(group("creatures"))]);
        assert_eq!(rules("Lure", "Enchant creature\nAll creatures able to block enchanted creature do so."), vec![Rule::Lure(Who::Attached)]);
        assert_eq!(rules("Unicorn", "All creatures able to block Unicorn do so."), vec![Rule::Lure(Who::This)]);
        assert_eq!(rules("Warrior", "Warrior can't be blocked."), vec![Rule::CantBeBlocked(Who::This)]);
        assert_eq!(
            rules("Pathrazer", "Pathrazer can't be blocked except by three or more creatures."),
            vec![Rule::CantBeBlockedExceptBy(Who::This, 3)]
        );
        assert_eq!(rules("Tiger", "Tiger can't be blocked by more than one creature."), vec![Rule::CantBeBlockedByMoreThan(Who::This, 1)]);
        assert_eq!(rules("Jugg", "Jugg can't be blocked by Walls."), vec![Rule::CantBeBlockedBy(Who::This, walls)]);
        assert_eq!(rules("Protector", "Protector must be blocked if able."), vec![Rule::MustBeBlockedIfAble(Who::This)]);
        assert_eq!(rules("Guard", "Guard can block any number of creatures."), vec![Rule::CanBlockAnyNumber(Who::This)]);
        assert_eq!(rules("Dragon", "Dragon can block an additional creature each combat."), vec![Rule::CanBlockAdditional(Who::This, 1)]);
        let flyers = phrase::plural_class("creatures with flying").unwrap();
        assert_eq!(rules("Borrower", "Borrower can block only creatures with flying."), vec![Rule::CanBlockOnly(Who::This, flyers)]);
        let strong = phrase::plural_class("creatures with power 2 or greater").unwrap();
        assert_eq!(rules("Zurgo", "Zurgo can't block creatures with power 2 or greater."), vec![Rule::CantBlockClass(Who::This, strong)]);
        let arbiter = "No more than one creature can attack each combat.\nNo more than one creature can block each combat.";
        let cap = Rule::MaxAttackers { count: 1, whom: Whom::Anything, per_turn: false };
        assert_eq!(rules("Silent Arbiter", arbiter), vec![cap, Rule::MaxBlockers(1)]);
        let conscripts = "Conscripts can't block unless at least two other creatures block.";
        assert_eq!(rules("Conscripts", conscripts), vec![Rule::CantBlockAlone(Who::This, 2)]);
        let tromokratis = "Tromokratis can't be blocked unless all creatures defending player controls block it.";
        assert_eq!(rules("Tromokratis", tromokratis), vec![Rule::MustBeBlockedByAll(Who::This)]);
    }

    /// CR 509.1: a sentence about blocking that no row reads is never guessed: it is kept in
    /// `unread_blocks` (warned about on a board with combat only), apart from the attack
    /// sentences; a trigger on blocking, and a sentence about blocking creatures, change no
    /// declaration and are kept in neither.
    #[test]
    fn cr_509_1_block_sentences_not_read_are_kept_apart() {
        let unread_blocks = |name: &str, text: &str| {
            let r = read(name, text);
            assert!(r.unread.is_empty(), "{text}: {r:?}");
            r.unread_blocks
        };
        let okk =
            "Okk can't attack unless a creature with greater power also attacks.\nOkk can't block unless a creature with greater power also blocks.";
        assert_eq!(unread_blocks("Okk", okk), vec!["Okk can't block unless a creature with greater power also blocks."]);
        // Goblin Goon's block half reads, under its condition on the attacking player.
        let goon = read("Goon", "Goon can't block unless you control more creatures than attacking player.");
        assert!(goon.unread_blocks.is_empty() && goon.unread.is_empty(), "{goon:?}");
        assert_eq!(goon.rules[0].rule, Rule::CantBlock(Who::This));
        assert!(matches!(goon.rules[0].when[0].cond, Cond::MoreThanAttacker(_)) && !goon.rules[0].when[0].holds);
        // "Can't attack or block unless ..." with a cost: the attack half is read, the blocking
        // half (a cost to block read from text is not built) is kept apart.
        let r = read("Behemoth", "Behemoth can't attack or block unless you pay {2}.");
        assert_eq!(r.rules.len(), 1);
        assert_eq!(r.unread_blocks, vec!["Behemoth can't attack or block unless you pay {2}."]);
        // Archangel of Tithes: a cost to block while it attacks (CR 506.4, 509.1d), so never
        // while attackers are declared.
        let tithes =
            read("Tithes", "As long as Tithes is attacking, creatures can't block unless their controller pays {1} for each of those creatures.");
        assert!(tithes.unread_blocks.is_empty() && tithes.unread.is_empty(), "{tithes:?}");
        assert_eq!(tithes.rules[0].rule, Rule::BlockTax(group("creatures"), Cost::Fixed(vec![Symbol::Generic(1)])));
        assert_eq!(tithes.rules[0].when[0].cond, Cond::Attacking);
        assert!(unread_blocks("Hero", "Whenever Hero blocks or becomes blocked, it gets +1/+1 until end of turn.").is_empty());
        assert!(unread_blocks("Spearman", "As long as Spearman is blocking, it gets +0/+2.").is_empty());
    }

    #[test]
    fn reminder_text_and_irrelevant_text_are_ignored() {
        let r = read("Bear", "Trample (This creature can deal excess combat damage to the player it's attacking.)\nBear can't block.");
        assert!(r.unread.is_empty() && r.no_effect.is_empty());
        assert_eq!(r.rules.iter().map(|r| &r.rule).collect::<Vec<_>>(), [&Rule::CantBlock(Who::This)]);
        let r = read("Lurker", "Lurker can't be the target of spells unless it attacked or blocked this turn.");
        assert!(r.unread.is_empty(), "{r:?}");
        let r = read("Tromokratis", "Tromokratis has hexproof unless it's attacking or blocking.");
        assert!(r.unread.is_empty(), "{r:?}");
        // A keyword that matters, under "unless": not passed over.
        assert_eq!(read("Odd", "Odd has haste unless it's your first turn.").unread.len(), 1);
    }

    #[test]
    fn cr_603_quoted_triggered_abilities_do_nothing_while_attackers_are_declared() {
        let text = "Lieutenant - As long as you control your commander, Fam gets +2/+2 and has \"Whenever Fam attacks, it deals 7 damage to target creature defending player controls.\"";
        let r = read("Fam", text);
        assert!(r.unread.is_empty() && r.rules.is_empty() && r.no_effect.len() == 1, "{r:?}");
    }

    #[test]
    fn xmage_wordings() {
        let r = read("Cactuar", "10,000 Needles -- Whenever this creature attacks, it gets +9999/+0 until end of turn.");
        assert!(r.unread.is_empty() && r.no_effect.len() == 1, "{r:?}");
        let r = read("Post", "{tap}: Add {C}{R}.");
        assert_eq!(r.mana, vec![ManaAbility::Fixed(vec![TypeSet::one(ManaType::C), TypeSet::one(ManaType::R)])]);
    }

    #[test]
    fn cr_701_43a_exert_as_it_attacks() {
        let r = read("Scrapper", "Menace\nYou may exert Scrapper as it attacks. When you do, it gets +2/+0 until end of turn.");
        assert!(r.unread.is_empty() && r.rules.is_empty() && r.no_effect.len() == 1, "{r:?}");
    }

    /// Issue 36, R08: a character that displays as nothing is read past, and a look-alike
    /// letter that could hide "attack" makes the sentence unread, never passed over.
    #[test]
    fn r08_invisible_and_look_alike_characters() {
        assert_eq!(rules("Quiet Field", "Creatures can't at\u{200b}tack."), vec![Rule::CantAttack(group("creatures"), Whom::Anything)]);
        assert_eq!(rules("Quiet Field", "Creatures can't at\u{00ad}tack."), vec![Rule::CantAttack(group("creatures"), Whom::Anything)]);
        assert_eq!(read("Wall", "Flying, de\u{200b}fender").keywords, vec!["Flying", "Defender"]);
        for hidden in ["Creatures can't \u{0430}ttack.", "Creatures can't \u{ff41}ttack."] {
            let r = read("Quiet Field", hidden);
            assert!(r.rules.is_empty() && r.unread.len() == 1, "{hidden}: {r:?}");
        }
    }

    /// Issue 36, R09: the modes of a choice made as the permanent entered are not read as all in
    /// force: the board does not say which was chosen.
    #[test]
    fn r09_modes_of_a_choice_are_not_guessed() {
        let r = read(
            "Fickle Ward",
            "As Fickle Ward enters, choose one —\n• Creatures can't attack you.\n• Creatures your opponents control attack each combat if able.",
        );
        assert!(r.rules.is_empty() && r.unread.is_empty(), "{r:?}");
        assert_eq!(r.modes.iter().map(|m| (m.number, m.reading.rules.len())).collect::<Vec<_>>(), vec![(1, 1), (2, 1)]);
        // A mode that would change nothing is read as such.
        let r = read("Siege", "As this enchantment enters, choose Mardu or Jeskai.\n* Jeskai -- At the beginning of your upkeep, create a 1/1 red Goblin creature token. It gains lifelink and haste until end of turn.");
        assert!(r.unread.is_empty(), "{r:?}");
    }

    #[test]
    fn unknown_attack_clauses_are_reported_quoted() {
        let r = read("Odd", "Flying\nOdd can't attack if you cast a spell this turn. Odd can't block.");
        assert_eq!(r.unread, vec!["~ can't attack if you cast a spell this turn".to_string()]);
        assert!(!r.fully_understood());
    }
}
