//! Who may attack and what (CR 508.1a, 508.1b, 302.6, 310.8b, 506.2a, 801.3, 802, 803, 805.10).

use super::{Target, TargetKind};
use crate::board::{AttackOption, ValidBoard};

/// Every player, planeswalker and battle on the board, in that order.
pub fn all_targets(vb: &ValidBoard) -> Vec<Target> {
    let mut out: Vec<Target> =
        (0..vb.board.players.len()).map(|p| Target { id: vb.player_id(p).to_string(), kind: TargetKind::Player(p), defender: Some(p) }).collect();
    for (i, perm) in vb.board.permanents.iter().enumerate() {
        // CR 306 / 310: planeswalkers and battles are the permanents that can be attacked.
        if perm.has_type("Planeswalker") {
            out.push(Target { id: perm.id.clone(), kind: TargetKind::Planeswalker(i), defender: Some(vb.controller[i]) });
        } else if perm.has_type("Battle") {
            out.push(Target { id: perm.id.clone(), kind: TargetKind::Battle(i), defender: vb.protector[i] });
        }
    }
    out
}

/// The defending players of a creature controlled by `attacker` (CR 506.2, 508.1b).
pub fn defending_players(vb: &ValidBoard, attacker: usize) -> Vec<usize> {
    let n = vb.board.players.len();
    let variant = &vb.board.variant;
    let opponent = |p: usize| vb.opponents(attacker, p);
    // CR 801.3: only players within range of influence (seats counted both ways round).
    let in_range = |p: usize| {
        variant.range_of_influence.is_none_or(|r| {
            let d = (p + n - attacker) % n;
            d.min(n - d) <= r as usize
        })
    };
    let candidates: Vec<usize> = match variant.attack {
        // CR 802: every opponent is a defending player.
        AttackOption::Multiple => (0..n).filter(|&p| opponent(p)).collect(),
        // CR 506.2a: the one player chosen at the beginning of combat.
        AttackOption::Single => variant.defending_player.as_deref().and_then(|d| vb.player_index(d)).filter(|&d| opponent(d)).into_iter().collect(),
        // CR 803.1: only the opponent sitting directly on that side, if there is one.
        AttackOption::Left => Some((attacker + 1) % n).filter(|&p| p != attacker && opponent(p)).into_iter().collect(),
        AttackOption::Right => Some((attacker + n - 1) % n).filter(|&p| p != attacker && opponent(p)).into_iter().collect(),
    };
    candidates.into_iter().filter(|&p| in_range(p)).collect()
}

/// The targets a creature controlled by `attacker` may attack: defending players, their
/// planeswalkers, and battles they protect (CR 508.1b). A battle's protector never attacks it;
/// a Siege's controller may, when the protector is a defending player (CR 310.8b).
pub fn legal_targets(vb: &ValidBoard, targets: &[Target], attacker: usize) -> Vec<usize> {
    let defending = defending_players(vb, attacker);
    (0..targets.len()).filter(|&t| targets[t].defender.is_some_and(|d| defending.contains(&d))).collect()
}

/// Why a creature may not attack at all, if it may not (CR 508.1a, 302.6, 702.3b).
pub fn ineligibility(vb: &ValidBoard, perm: usize) -> Option<String> {
    let p = vb.perm(perm);
    if p.has_type("Battle") {
        Some("it is a battle, and battles can't attack (CR 508.1a)".into())
    } else if p.tapped {
        Some("it is tapped (CR 508.1a)".into())
    } else if p.summoning_sick && !p.has_keyword("Haste") && !vb.as_though_haste[perm] {
        Some("it has summoning sickness and no haste (CR 302.6)".into())
    } else if p.has_keyword("Defender") && !vb.as_though_no_defender[perm] {
        Some("it has defender (CR 702.3b)".into())
    } else {
        None
    }
}
