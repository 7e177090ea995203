//! Mana sources of the paying players, with "could produce" resolved (CR 106.7).

use super::production;
use super::symbol::{Symbol, TypeSet};
use crate::board::{InputError, LandsOf, ManaAbility, SettledManaEffect, ValidBoard};
use crate::cards;
use crate::rules::blocks::BlockRules;
use crate::rules::Rules;
use std::collections::HashMap;

/// A permanent that can tap for mana to pay a cost to attack or to block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The permanent, by index in the board's permanents.
    pub permanent: usize,
    /// Its id.
    pub id: String,
    /// Its controller, by index in the board's players (who pays with it).
    pub controller: usize,
    /// The rules creature that, by attacking without vigilance, taps this source before costs
    /// are paid (CR 508.1f): then it pays nothing.
    pub tapped_if_attacks: Option<usize>,
    /// Alternatives (tapping uses one); each lists the units of mana it adds, the effects on
    /// mana applied (CR 106.12). Units with no possible type (an undefined "could produce") are
    /// already dropped.
    pub alternatives: Vec<Vec<TypeSet>>,
    /// The effects on mana that change what it makes ("Heartbeat of Spring (hb)"), for answers.
    pub modified_by: Vec<String>,
    /// Under effects on mana: each ability's own units and the effects (indices into the
    /// board's `mana_effects`), to check an explicit payment naming more mana than
    /// `alternatives` keep (they stop at what the player could owe).
    pub made_from: Option<(Vec<Vec<TypeSet>>, Vec<usize>)>,
}

impl Source {
    /// Whether tapping it could make exactly `made` (an explicit payment's entry), or what an
    /// alternative keeps of it (past what its player could owe, see `most_owed`).
    pub(super) fn could_make(&self, vb: &ValidBoard, made: &[TypeSet]) -> bool {
        if self.alternatives.iter().any(|alt| super::pay::matches_alternative(alt, made)) {
            return true;
        }
        let Some((abilities, effects)) = &self.made_from else { return false };
        let effects: Vec<&SettledManaEffect> = effects.iter().map(|&e| &vb.mana_effects[e]).collect();
        abilities
            .iter()
            // The split's limit does not depend on the cap: `ManaBoard::new` refused past it.
            .any(|units| {
                production::produce(units, &effects, made.len() + 1).unwrap_or_default().iter().any(|alt| super::pay::matches_alternative(alt, made))
            })
    }
}

/// The source a permanent with {Q} mana abilities is (CR 107.6: "untap this permanent"), if
/// it has any: tapped, it can untap for one of them once, a creature only if it has been
/// under its controller's control since the turn began (302.6); untapped, it can't pay {Q}.
/// Refused (bad input) where the answer would need what attackopt does not decide: a {T} mana
/// ability too (tap, untap, tap ... is unbounded mana), or an untapped creature that may
/// attack without vigilance (tapped by attacking, 508.1f, before mana abilities are activated,
/// 508.1h: its mana would exist only if it attacks). No printed card has a {Q} mana ability
/// without another cost.
/// `attack`: the attack rules when the sources pay costs to attack (attacking taps); None for
/// costs to block (blocking taps nothing, CR 509.1).
fn untap_source(vb: &ValidBoard, attack: Option<&Rules>, p: usize) -> Result<Option<Source>, InputError> {
    let perm = vb.perm(p);
    if vb.untap_mana[p].is_empty() || vb.no_mana[p] {
        return Ok(None);
    }
    let refuse = |why: &str| {
        Err(InputError::new(
            &vb.file,
            format!("permanents[{p}].mana"),
            format!("\"{}\" has a {{Q}} mana ability, and {why}: attackopt refuses rather than guesses", perm.name),
        ))
    };
    if !cards::mana_abilities(vb, p).is_empty() {
        return refuse("a {T} mana ability too: tapping and untapping it again and again makes unbounded mana");
    }
    if !perm.tapped {
        let attacks_tapped =
            attack.is_some_and(|rules| rules.creature_index(p).is_some_and(|c| rules.creatures[c].may_attack() && !rules.creatures[c].vigilance));
        if attacks_tapped {
            return refuse(
                "it may attack untapped: attacking taps it (CR 508.1f), so its mana would exist only if it attacks, which attackopt does not weigh",
            );
        }
        return Ok(None); // CR 107.6: an untapped permanent can't pay {Q}.
    }
    if !perm.can_use_tap_abilities() {
        return Ok(None); // CR 302.6
    }
    let alternatives: Vec<Vec<TypeSet>> = vb.untap_mana[p]
        .iter()
        .filter_map(|a| match a {
            ManaAbility::Fixed(units) => Some(units.clone()),
            // "Could produce" under {Q}: no card; refused with the rest below.
            ManaAbility::CouldProduce { .. } => None,
        })
        .collect();
    if alternatives.len() != vb.untap_mana[p].len() {
        return refuse("it adds what lands could produce: attackopt reads that only as a {T} ability");
    }
    // No effect on mana production applies: untapping for mana is not tapping for mana (CR
    // 106.12: an ability with {T} in its cost).
    Ok(Some(Source {
        permanent: p,
        id: perm.id.clone(),
        controller: vb.controller[p],
        tapped_if_attacks: None,
        alternatives,
        modified_by: vec![],
        made_from: None,
    }))
}

/// Whose costs a [`ManaBoard`] pays: the attacking players' costs to attack (CR 508.1g-j) or
/// the defending players' costs to block (CR 509.1d-f), for the words of its answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Declaring {
    /// Costs to attack, paid by the attacking players.
    Attackers,
    /// Costs to block, paid by the defending players.
    Blockers,
}

impl Declaring {
    /// "attack" / "block".
    pub fn verb(self) -> &'static str {
        match self {
            Declaring::Attackers => "attack",
            Declaring::Blockers => "block",
        }
    }

    /// The rule against partial payment (CR 508.1j as this crate has cited it, 509.1f).
    pub fn partial_rule(self) -> &'static str {
        match self {
            Declaring::Attackers => "CR 508.1j",
            Declaring::Blockers => "CR 509.1f",
        }
    }

    /// Why a player's permanent is not a source here: "who is not declaring attackers".
    pub(super) fn not_paying(self) -> &'static str {
        match self {
            Declaring::Attackers => "who is not declaring attackers",
            Declaring::Blockers => "who is not a defending player",
        }
    }
}

/// Everything that pays: sources, pools and life, per paying player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManaBoard {
    /// Whose costs it pays.
    pub declaring: Declaring,
    /// The paying players (the attacking or the defending players), sorted.
    pub payers: Vec<usize>,
    /// Usable sources of the paying players: untapped, and for creatures free of summoning
    /// sickness or hasty (CR 302.6).
    pub sources: Vec<Source>,
    /// Each player's mana pool (units), then one unit per permanent that could pay a non-mana
    /// cost ([`crate::rules::ActionClass`]; its set the bits of the classes it is in): like
    /// pool mana, each is there without tapping anything and is spent once.
    pub pools: Vec<Vec<TypeSet>>,
    /// For each player, the permanents of the non-mana units at the end of `pools[player]`, in
    /// order.
    pub action_permanents: Vec<Vec<usize>>,
    /// What each non-mana cost class does with its permanent (by class, as `rules.actions`).
    pub action_kinds: Vec<crate::vocab::effects::Action>,
    /// Each player's life total, as written.
    pub life: Vec<i64>,
    /// The life group of each player: teammates under shared life share one (CR 810.9).
    pub life_group: Vec<usize>,
    /// The life total of each group.
    pub group_life: Vec<i64>,
}

impl ManaBoard {
    /// At most how many units `player` can pay with that `accepts` takes: their pool's, and
    /// each of their sources' best alternative's (tapping uses one).
    pub fn units(&self, player: usize, accepts: impl Fn(&TypeSet) -> bool) -> usize {
        let pool = self.pools.get(player).map_or(0, |p| p.iter().filter(|u| accepts(u)).count());
        let sources = self.sources.iter().filter(|s| s.controller == player);
        pool + sources.map(|s| s.alternatives.iter().map(|alt| alt.iter().filter(|u| accepts(u)).count()).max().unwrap_or(0)).sum::<usize>()
    }

    /// How many Phyrexian symbols `player` can pay with life: half their life group's total
    /// (CR 107.4f, 119.4: no more life than they have); None for a player the board lacks.
    pub fn life_symbols(&self, player: usize) -> Option<i64> {
        Some(self.group_life.get(*self.life_group.get(player)?)?.max(&0) / 2)
    }

    /// The mana of a board: its usable sources, pools and life totals.
    /// Refused (bad input) when an ability's choices of types under the effects on its mana
    /// are past [`production::MAX_SPLIT`].
    pub fn new(vb: &ValidBoard, rules: &Rules) -> Result<ManaBoard, InputError> {
        let owed = rules.costs.iter().map(|k| (rules.creatures[k.creature].controller, k.cost.as_slice()));
        ManaBoard::of_payers(vb, &rules.attacking_players, most_owed(owed, vb.board.players.len()), Some(rules))
    }

    /// The defending players' means of paying costs to block (CR 509.1d-f): their sources,
    /// pools and life, as for attacks, except that declaring blockers taps nothing, so every
    /// untapped source may pay, a blocking creature too (its mana abilities are activated
    /// after blockers are declared, 509.1e; summoning sickness still counts, CR 302.6), and
    /// no cost to block gives up permanents.
    pub fn for_blocks(vb: &ValidBoard, blocks: &BlockRules) -> Result<ManaBoard, InputError> {
        let owed = blocks.costs.iter().map(|k| (blocks.blockers[k.blocker].controller, k.cost.as_slice()));
        ManaBoard::of_payers(vb, &blocks.defending_players, most_owed(owed, vb.board.players.len()), None)
    }

    /// The means of paying of `payers`, who could owe at most `most` mana each; `attack`: the
    /// attack rules when they pay costs to attack (attacking taps sources, CR 508.1f;
    /// non-mana costs, 508.1g), None for costs to block.
    fn of_payers(vb: &ValidBoard, payers: &[usize], most: Vec<usize>, attack: Option<&Rules>) -> Result<ManaBoard, InputError> {
        let effects_on = effects_by_permanent(vb);
        let could = could_produce(vb, &effects_on);
        let mut sources = Vec::new();
        for (p, perm) in vb.board.permanents.iter().enumerate() {
            let controller = vb.controller[p];
            if !payers.contains(&controller) {
                continue;
            }
            if let Some(source) = untap_source(vb, attack, p)? {
                sources.push(source);
                continue;
            }
            if perm.tapped {
                continue;
            }
            if !perm.can_use_tap_abilities() {
                continue; // CR 302.6: a {T} ability of a creature needs it to have been controlled since the turn began
            }
            let effects: Vec<&SettledManaEffect> = effects_on.get(&p).map(|v| v.iter().map(|&e| &vb.mana_effects[e]).collect()).unwrap_or_default();
            let mut alternatives: Vec<Vec<TypeSet>> = Vec::new();
            let mut abilities: Vec<Vec<TypeSet>> = Vec::new();
            for (k, a) in cards::mana_abilities(vb, p).iter().enumerate() {
                let units: Vec<TypeSet> = match a {
                    ManaAbility::Fixed(units) => units.clone(),
                    ManaAbility::CouldProduce { .. } => vec![could[p][k]],
                };
                let units: Vec<TypeSet> = units.into_iter().filter(|u| !u.is_empty()).collect();
                if units.is_empty() {
                    continue;
                }
                if !effects.is_empty() {
                    abilities.push(units.clone());
                }
                let made = production::produce(&units, &effects, most[controller]).map_err(|n| {
                    InputError::new(
                        &vb.file,
                        format!("permanents[{p}]"),
                        format!(
                            "expected a mana ability whose choices of types under the effects on its mana are at most {} (\"{}\" has {n}); attackopt refuses rather than guesses",
                            production::MAX_SPLIT,
                            perm.name
                        ),
                    )
                })?;
                for alt in made {
                    if !alternatives.contains(&alt) {
                        alternatives.push(alt);
                    }
                }
            }
            if alternatives.is_empty() {
                continue;
            }
            let tapped_if_attacks = attack.and_then(|rules| rules.creature_index(p).filter(|&c| !rules.creatures[c].vigilance));
            let modified_by = effects.iter().map(|e| e.source.clone()).collect();
            let made_from = effects_on.get(&p).map(|e| (abilities, e.clone()));
            sources.push(Source { permanent: p, id: perm.id.clone(), controller, tapped_if_attacks, alternatives, modified_by, made_from });
        }
        let n = vb.board.players.len();
        let shared = vb.shared_life();
        // A life group is named by its first player: the team's first listed player holds the
        // shared total (docs/format.md `shared_life`).
        let life_group: Vec<usize> = (0..n).map(|p| if shared { (0..n).find(|&q| vb.same_team(p, q)).unwrap_or(p) } else { p }).collect();
        let life: Vec<i64> = vb.board.players.iter().map(|p| p.life).collect();
        let group_life = (0..n).map(|g| life[g]).collect();
        // CR 508.1g: a permanent that a non-mana cost could take; one unit for all its classes,
        // since it leaves once.
        let mut pools = vb.pools.clone();
        let mut action_permanents = vec![Vec::new(); n];
        let mut classes_of: std::collections::BTreeMap<usize, TypeSet> = std::collections::BTreeMap::new();
        let actions = attack.map_or(&[][..], |rules| &rules.actions);
        for (k, class) in actions.iter().enumerate() {
            for &p in &class.permanents {
                let bits = classes_of.entry(p).or_default();
                *bits = bits.union(TypeSet::action(k as u8));
            }
        }
        for (p, bits) in classes_of {
            let player = vb.controller[p];
            if payers.contains(&player) {
                pools[player].push(bits);
                action_permanents[player].push(p);
            }
        }
        let action_kinds = actions.iter().map(|a| a.action).collect();
        let declaring = if attack.is_some() { Declaring::Attackers } else { Declaring::Blockers };
        let mut payers = payers.to_vec();
        payers.sort_unstable();
        Ok(ManaBoard { declaring, payers, sources, pools, action_permanents, action_kinds, life, life_group, group_life })
    }
}

/// The effects on mana affecting each permanent, by index into `vb.mana_effects`.
fn effects_by_permanent(vb: &ValidBoard) -> HashMap<usize, Vec<usize>> {
    let mut on: HashMap<usize, Vec<usize>> = HashMap::new();
    for (e, effect) in vb.mana_effects.iter().enumerate() {
        for &p in &effect.tapped {
            on.entry(p).or_default().push(e);
        }
    }
    on
}

/// The most mana each player could owe at once: every cost instance on their creatures (CR
/// 508.1d, 509.1d), given as (payer, symbols), each symbol one mana, {2/W} two, {N} N. No tap
/// needs to make more of one type.
fn most_owed<'s>(costs: impl Iterator<Item = (usize, &'s [Symbol])>, players: usize) -> Vec<usize> {
    let mut most = vec![0u64; players];
    for (p, cost) in costs {
        let owed: u64 = cost
            .iter()
            .map(|s| match s {
                Symbol::Generic(n) => u64::from(*n),
                Symbol::TwoOr(_) => 2,
                Symbol::Action(_) => 0,
                _ => 1,
            })
            .fold(0u64, u64::saturating_add);
        most[p] = most[p].saturating_add(owed);
    }
    // At least 64: below that, keeping every unit costs nothing and answers name all the
    // mana a tap made (a payment entry of a capped tap names the units kept).
    most.into_iter().map(|m| usize::try_from(m).unwrap_or(usize::MAX).max(64)).collect()
}

/// For each permanent and each of its mana abilities, the types a "could produce" ability can
/// make (EMPTY for fixed abilities). CR 106.7: what a land could produce ignores whether it is
/// tapped, and takes the replacement effects on its mana into account (Contamination: only
/// {B}); lands that only copy each other produce nothing, so this is the least fixed point.
fn could_produce(vb: &ValidBoard, effects_on: &HashMap<usize, Vec<usize>>) -> Vec<Vec<TypeSet>> {
    let perms = &vb.board.permanents;
    let abilities: Vec<Vec<ManaAbility>> = (0..perms.len()).map(|p| cards::mana_abilities(vb, p)).collect();
    let mut could: Vec<Vec<TypeSet>> = abilities.iter().map(|a| vec![TypeSet::EMPTY; a.len()]).collect();
    let lands: Vec<usize> = (0..perms.len()).filter(|&p| perms[p].has_type("Land")).collect();
    let produces = |could: &Vec<Vec<TypeSet>>, q: usize| -> TypeSet {
        let effects: Vec<&SettledManaEffect> = effects_on.get(&q).map(|v| v.iter().map(|&e| &vb.mana_effects[e]).collect()).unwrap_or_default();
        abilities[q].iter().zip(&could[q]).fold(TypeSet::EMPTY, |acc, (a, c)| {
            let units = match a {
                ManaAbility::Fixed(units) => units.clone(),
                ManaAbility::CouldProduce { .. } if c.is_empty() => vec![],
                ManaAbility::CouldProduce { .. } => vec![*c],
            };
            acc.union(production::could_produce(&units, &effects))
        })
    };
    loop {
        let mut changed = false;
        for p in 0..perms.len() {
            for k in 0..abilities[p].len() {
                let ManaAbility::CouldProduce { lands: whose, colors_only } = abilities[p][k] else { continue };
                let me = vb.controller[p];
                let mut set = TypeSet::EMPTY;
                for &q in &lands {
                    let relevant = match whose {
                        LandsOf::Opponents => vb.opponents(me, vb.controller[q]),
                        LandsOf::Controller => vb.controller[q] == me,
                    };
                    if relevant {
                        set = set.union(produces(&could, q));
                    }
                }
                if colors_only {
                    set = set.colors_only();
                }
                if set != could[p][k] {
                    could[p][k] = set;
                    changed = true;
                }
            }
        }
        // Sets only grow and there are 64 of them: this ends.
        if !changed {
            return could;
        }
    }
}
