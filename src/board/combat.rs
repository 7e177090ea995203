//! The board once attackers are declared: the step a board with `combat` is at (docs/blocks.md).

use super::{Attack, Board, Combat};

impl Board {
    /// This board at the declare blockers step (CR 509.1) once `attacks` are declared (CR 508.1):
    /// its `combat` the attacks, in their order, and each attacking creature tapped unless
    /// `vigilant` says it has vigilance (CR 508.1f: the active player taps the chosen creatures;
    /// 702.20b: attacking doesn't cause a creature with vigilance to tap). Nothing else changes:
    /// the declaration is not checked here (`check` says whether it is legal), and the costs to
    /// attack are not applied (their payment taps, spends and sacrifices only what the attacking
    /// side controls, and blocks read the defending side). A board with `combat` already gets
    /// the new attacks in its place.
    pub fn with_attackers_declared(&self, attacks: &[Attack], vigilant: impl Fn(&str) -> bool) -> Board {
        let mut board = self.clone();
        for attack in attacks {
            // An id that names no permanent is left for the board's validation to name.
            if let Some(p) = board.permanents.iter_mut().find(|p| p.id == attack.creature) {
                p.tapped |= !vigilant(&p.id);
            }
        }
        board.combat = Some(Combat { attacks: attacks.to_vec() });
        board
    }
}
