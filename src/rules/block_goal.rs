//! The objectives of a defender's `solve` (docs/format.md "solve on a board with combat") as
//! plain data over [`BlockRules`]: which one, the combat numbers they read, and their exact
//! value for an assignment, shared by the integer program (`crate::ilp::blocks`) and `solve`
//! (`crate::solve::blocks`).

use super::block_parts::BlockPart;
use super::blocks::{BlockAssignment, BlockRules};
use crate::board::ValidBoard;
use crate::vocab::symbol::mana_value;

/// What a defender's `solve` maximizes (docs/format.md "solve on a board with combat"). Combat
/// damage is read from `power` and `toughness` alone: first strike, deathtouch, trample and
/// damage already marked are not modeled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockGoal {
    /// Any legal declaration (then least mana, fewest blocks).
    None,
    /// Combat damage prevented: the total power of the attackers blocked (negative power
    /// counts 0, CR 510.1a; a blocked creature without trample deals no damage to the player
    /// or permanent it attacks, 510.1c).
    Prevented,
    /// Attackers killed: blocked, and the total power of their blockers (negative counts 0) at
    /// least their toughness (CR 510.1, 704.5g).
    Kills,
    /// Own creatures lost, minimized: a blocker whose attackers' total power (negative counts
    /// 0) is at least its toughness (CR 510.1c, 704.5g). `objective` is this number.
    Losses,
}

impl BlockGoal {
    /// Whether the program maximizes the value (all but `losses`, which it minimizes).
    pub fn maximizes(self) -> bool {
        self != BlockGoal::Losses
    }
}

/// The combat numbers of the creatures in the combat: power clamped at 0 (damage dealt, CR
/// 510.1a) and toughness, per attacker and per blocker.
#[derive(Debug, Clone)]
pub struct CombatStats {
    /// Per attacker, the damage it deals: its power, at least 0.
    pub attacker_damage: Vec<i64>,
    /// Per attacker, its toughness.
    pub attacker_toughness: Vec<i64>,
    /// Per blocker, the damage it deals.
    pub blocker_damage: Vec<i64>,
    /// Per blocker, its toughness.
    pub blocker_toughness: Vec<i64>,
}

impl CombatStats {
    /// Read from the permanents of the combat.
    pub fn of(vb: &ValidBoard, rules: &BlockRules) -> CombatStats {
        CombatStats {
            attacker_damage: rules.attackers.iter().map(|a| vb.perm(a.permanent).power.max(0)).collect(),
            attacker_toughness: rules.attackers.iter().map(|a| vb.perm(a.permanent).toughness).collect(),
            blocker_damage: rules.blockers.iter().map(|b| vb.perm(b.permanent).power.max(0)).collect(),
            blocker_toughness: rules.blockers.iter().map(|b| vb.perm(b.permanent).toughness).collect(),
        }
    }

    /// The numbers of one part of the combat ([`BlockPart`]), by its indices.
    pub fn part(&self, part: &BlockPart) -> CombatStats {
        let pick = |v: &[i64], at: &[usize]| -> Vec<i64> { at.iter().map(|&i| v.get(i).copied().unwrap_or(0)).collect() };
        CombatStats {
            attacker_damage: pick(&self.attacker_damage, &part.attackers),
            attacker_toughness: pick(&self.attacker_toughness, &part.attackers),
            blocker_damage: pick(&self.blocker_damage, &part.blockers),
            blocker_toughness: pick(&self.blocker_toughness, &part.blockers),
        }
    }

    /// The objective's value for an assignment, in checked arithmetic: the one definition the
    /// program's answer is compared with; None when a sum overflows i64.
    pub fn value(&self, goal: BlockGoal, rules: &BlockRules, x: &BlockAssignment) -> Option<i64> {
        let blocked = |a: usize| x.iter().any(|blocks| blocks.contains(&a));
        Some(match goal {
            BlockGoal::None => 0,
            BlockGoal::Prevented => checked_sum((0..rules.attackers.len()).filter(|&a| blocked(a)).map(|a| self.attacker_damage[a]))?,
            BlockGoal::Kills => {
                let mut kills = 0;
                for a in (0..rules.attackers.len()).filter(|&a| blocked(a)) {
                    let dealt = checked_sum(rules.blockers_of(x, a).into_iter().map(|b| self.blocker_damage[b]))?;
                    kills += i64::from(dealt >= self.attacker_toughness[a]);
                }
                kills
            }
            BlockGoal::Losses => {
                let mut lost = 0;
                for (b, attackers) in x.iter().enumerate().filter(|(_, blocks)| !blocks.is_empty()) {
                    let dealt = checked_sum(attackers.iter().map(|&a| self.attacker_damage[a]))?;
                    lost += i64::from(dealt >= self.blocker_toughness[b]);
                }
                lost
            }
        })
    }
}

/// The mana value of the costs to block an assignment incurs (the first tie-break).
pub fn block_mana(rules: &BlockRules, x: &BlockAssignment) -> i64 {
    rules.incurred(x).iter().map(|&k| mana_value(&rules.costs[k].cost)).sum()
}

/// The number of blocks (the second tie-break).
pub fn block_count(x: &BlockAssignment) -> usize {
    x.iter().map(Vec::len).sum()
}

impl std::fmt::Display for BlockGoal {
    /// As the command line spells it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            BlockGoal::None => "none",
            BlockGoal::Prevented => "prevented",
            BlockGoal::Kills => "kills",
            BlockGoal::Losses => "losses",
        })
    }
}

/// A sum in checked arithmetic: None past i64.
fn checked_sum(mut it: impl Iterator<Item = i64>) -> Option<i64> {
    it.try_fold(0i64, |s, v| s.checked_add(v))
}
