//! A lower bound of the paid bar over every cost set at once, from moves of a declaration
//! that incurs nothing (docs/rules.md section 7, CR 508.1d).
//!
//! Take a base declaration W0 that respects every restriction, incurs no cost and obeys m0
//! (the free maximum's witness), and any declaration x, incurring S. Let W be W0 with each
//! creature c that x sends to a target t where it incurs a cost moved there (added, where W0
//! leaves it home), for the pairs (c, t) that are *moves* ([`MoveBar::gains`]). W incurs
//! only c's instances of t, which x incurs too, so W is one of the declarations x's bar
//! ranges over as long as it respects the restrictions and can be paid; then
//! `M(S) ≥ obeyed(W) ≥ m0 + Σ gains of x's moves + the player requirements they enter`,
//! a bound linear in x ([`MoveBar::promise`]) that holds for every cost set, where a cut of
//! one witness holds for the cost sets above its own. Issue 39: on the adversarial profile
//! a paid attack on D raises the bar by one requirement for each goaded creature sent there,
//! and the rounds cut one such set at a time.
//!
//! Why W qualifies:
//! - *Restrictions.* A move keeps the set of attackers, so "can't attack unless k others"
//!   (CR 506.5) and "can only attack alone" hold as in W0; an addition is a move only where
//!   its own such restrictions hold with W0's attackers (and no attacker of W0 attacks
//!   alone). Caps (CR 508.1c): a cap whose slack in W0 is less than the creatures that could
//!   move or be added into it gets no moves into it, counting for each player no more than
//!   the paid attacks they can pay for (each symbol takes a unit of mana, pool or 2 life).
//! - *Payment.* W owes a part of what x owes (its instances are x's), and W0's attackers tap
//!   no mana source (else there is no bound): whatever pays x pays W.
//! - *Requirements.* A move changes its creature's own requirements by its gain; a player
//!   requirement W0 obeys is lost only when every attack obeying it moves out, so each of those
//!   is charged a share (1/k among k, as [`super::Rules::removal_losses`]) where all k could
//!   (and could be paid for); one W0 does not obey is gained by any move into its targets.
//! - *Chains* ([`Chain`]). A move out of a capped set frees a place there, which a creature W0
//!   leaves home takes by a free attack into the set (its own restrictions holding with W0's
//!   attackers, and no mana tied to it): the best one left. x makes at most M paid moves and
//!   each leaves at most d capped sets, so x's additions and the places of all chains take at
//!   most d·M creatures: each place is worth at least the d·M-th best creature waiting on its
//!   set, added to the gain of every move out. Caps are checked again with the places counted.
//! - *Displacements* ([`Displaced`]). A capped set with less room than creatures could come
//!   in is *short*: no moves into it, but an addition there (a creature W0 leaves home, which
//!   x pays for) still is one if it sends home one of W0's attackers inside every short set
//!   its target is in, keeping each set's count and the number of attackers (so no "unless
//!   k others" breaks). x's moves and additions take at most M creatures from such a pool, so
//!   each addition is charged what the M-th cheapest of its pool loses. Not from a player
//!   requirement W0 obeys by at most M attacks, and none at all where "can't attack unless
//!   k others among" applies. Where no chain place can fall in a short set, pools that share
//!   no set are credited the room W0 leaves in their sets: W admits their additions first,
//!   the first r without sending anyone home, so of k ≤ K additions at most (k − r)⁺ do, and
//!   each is charged the chord's share (K − r)/K of the loss, K the additions the pool's
//!   creatures can be paid for. Issue 39: on the adversarial profile, P = 4, N = 2,500, the
//!   global cap is full in W0 and the bar of the first round's declaration (3,763 against
//!   m0 = 3,628) came from 35 goaded creatures W0 leaves home, taxed on every target, each
//!   obeying four requirements when paid for: the promise went from 3,654 to 3,729.
//! - *Relays* ([`Displaced::relays`], only where no chain exists). An addition past the room
//!   may instead move one of W0's attackers inside the pool's sets to a free target outside
//!   some of them, whose other caps keep room for every comer and one relay per addition: it
//!   loses what its own requirements lose there, and if it stays in a smaller pool's sets,
//!   one of that pool goes home too. Without that second stage x still draws at most M of
//!   W0's attackers; with it 2M (the M-th, then 2M-th, cheapest is charged, and a player
//!   requirement W0 obeys by at most 2M attacks is never drawn from). Kept where the charges
//!   are lower in all. Issue 39: P = 8, N = 2,500, the cap on E is full in W0 with goaded
//!   attackers obeying four each, and each addition there was charged four; a relay moves
//!   one of them to a player with room, losing nothing (the flow's bound went from 1,770,617
//!   to 1,613,502, the answer 1,610,311).
//! - *Places* ([`MoveBar::places`], sixteenth session). x's attack on t incurs c's instances
//!   of t; W may send c to any of its moves whose instances are among those (a tax on every
//!   target lets it go anywhere): the best one. Issue 39: P = 8, N = 100, seed 9103, goaded
//!   creatures taxed {1} on every target were charged a displacement where x sent them and
//!   obey six requirements at a player with room.
//! - *Purses* ([`Purse`]). M counts per player what they can pay: units of mana for every
//!   symbol, and 2 life for Phyrexian ones only (CR 107.4f), so creatures whose cheapest move
//!   needs u units are at most `units / u`. Issue 39: P = 8, N = 100, seed 9102, Propaganda's
//!   {2} was counted payable from 40 life, C's cap looked short and no move went there: the
//!   board had no bar by moves at all.
//! - *Anchors.* A player requirement W0 obeys by at most the draws is kept by one attacker
//!   that never moves (no move out of its targets, or without chains none that W makes: W
//!   moves only where it gains or enters a player requirement W0 does not obey); the others
//!   may go home. Before, all of them were kept out of the pools.
//! - *Rooms without pools* ([`Displaced::drop`]). Where the room W0 leaves is credited and no
//!   one can go home, W makes the best `room` additions and leaves the others out: each is
//!   charged the room's share of what it obeys.
//! - *Pools that never move* (without relays or chains): where no move takes a pool's
//!   members, its send-homes take the cheapest left, so each addition is charged the mean of
//!   positions D+1..D+K of the pool, K its own additions, D those of the pools sharing its
//!   members, not the M-th.
//!
//! None with conditional requirements (a move can switch another requirement's condition).

use super::{in_targets, Assignment, RequirementKind, RestrictionKind, Rules};
use crate::vocab::symbol::Symbol;
use std::collections::{BTreeMap, BTreeSet};

/// What a player can pay cost symbols with (CR 107.4f, 601.2h): units of mana (their
/// sources' and pool's) and, for Phyrexian symbols only, 2 life each.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Purse {
    /// At most how many units of mana (or of a non-mana cost class) the player can spend.
    pub units: u64,
    /// At most how many Phyrexian symbols the player can pay with life.
    pub life: u64,
}

/// The bound of the module doc for one base declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveBar {
    /// What the base declaration obeys (m0).
    pub base: usize,
    /// Per creature, the moves: (target, gain), gain ≥ 0, sorted by target. x attacking so
    /// has W move the creature to its place ([`MoveBar::places`]).
    pub gains: Vec<Vec<(usize, f64)>>,
    /// Parallel to `gains`: where W sends the creature for x's attack on that target, a
    /// move incurring only instances that attack incurs (the target itself, or anywhere a
    /// tax on every target allows).
    pub places: Vec<Vec<usize>>,
    /// Per player requirement the base does not obey, the moves that obey it:
    /// (creature, target) pairs, sorted ([`MoveBar::enters`]).
    pub entries: Vec<Vec<(usize, usize)>>,
    /// Parallel to `entries`: each one's requirement, by index in [`Rules::requirements`].
    pub entered: Vec<usize>,
    /// The chains: capped sets whose places freed by moves out are taken by creatures home
    /// in the base (counted in `gains`).
    pub chains: Vec<Chain>,
    /// The bar without places elsewhere ([`MoveBar::unplaced`]).
    pub in_place: Option<Box<MoveBar>>,
    /// Per target, the displacements of additions there (charged in `gains`).
    pub displaced: Vec<Displaced>,
}

/// Whether the displacements of [`Rules::move_bar`] may relay (see [`Displaced::relays`]):
/// not at all, only out of every short set (each addition still draws one attacker of the
/// base), or into smaller pools too (two draws each: a relay and a send-home).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Relays {
    No,
    Out,
    Within,
}

/// Who an addition into a short capped set sends home ([`MoveBar`]'s module doc).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Displaced {
    /// The base's attackers it may send home, fewest requirements lost first; empty where an
    /// addition there sends no one home.
    pub pool: Vec<usize>,
    /// What each addition there is charged: the requirements the M-th of `pool` loses, or
    /// its share where room is credited.
    pub charge: f64,
    /// The pool's number, shared by the targets it serves.
    pub key: usize,
    /// The additions into the pool's targets admitted before one sends anyone home.
    pub room: usize,
    /// Where not empty, an addition past the room *relays* instead: the first of these
    /// (attacker of the base, its free target) still in place moves there, out of the short
    /// sets it shares with the addition, cheapest first.
    pub relays: Vec<(usize, usize)>,
    /// The pool (by `key`) whose sets the relayed attacker stays in: one of its attackers
    /// goes home, as for an addition there. None: the relay balances every set.
    pub via: Option<usize>,
    /// No one to send home, but room credited: additions past the room are left out of W
    /// (the best `room` made), each charged `charge` (the room's share) times what it obeys.
    pub drop: bool,
}

impl Displaced {
    /// Whether additions here are made at all: someone to send home, a relay, or room.
    pub fn admits(&self) -> bool {
        !self.pool.is_empty() || !self.relays.is_empty() || self.drop
    }
}

/// A capped set (CR 508.1c) that moves may leave, and who takes the places they free
/// ([`MoveBar`]'s module doc).
#[derive(Debug, Clone, PartialEq)]
pub struct Chain {
    /// Its targets, sorted.
    pub targets: Vec<usize>,
    /// What each place freed is worth at least (added to the gain of each move out).
    pub place: f64,
    /// The creatures home in the base that may take a place, best first: (creature, target
    /// of a free attack into the set, requirements it obeys there).
    pub waiting: Vec<(usize, usize, usize)>,
}

impl MoveBar {
    /// The gain of x's attack of creature `c` on `t`, where it is a move.
    pub fn gain(&self, c: usize, t: usize) -> Option<f64> {
        let moves = &self.gains[c];
        moves.binary_search_by_key(&t, |m| m.0).ok().map(|i| moves[i].1)
    }

    /// The same bar with every creature placed where x sends it (no [`MoveBar::places`]
    /// elsewhere): weaker, and the rows of large programs take it, whose first rounds found
    /// no solution within 10 s with places (P = 4, N = 2,500, seed 9101: answer 1,462,397
    /// against 1,512,616; benches/RESULTS.md, sixteenth session).
    pub fn unplaced(&self) -> &MoveBar {
        self.in_place.as_deref().unwrap_or(self)
    }

    /// Where W sends creature `c` for x's attack on `t`, where it is a move.
    pub fn place(&self, c: usize, t: usize) -> Option<usize> {
        let moves = &self.gains[c];
        moves.binary_search_by_key(&t, |m| m.0).ok().map(|i| self.places[c][i])
    }

    /// Whether creature `c` attacking `t` is a move that enters the `i`-th entry's player
    /// requirement.
    pub fn enters(&self, i: usize, c: usize, t: usize) -> bool {
        self.entries.get(i).is_some_and(|e| e.binary_search(&(c, t)).is_ok())
    }

    /// What every declaration the bar of `x` ranges over obeys at least, by the moves of `x`:
    /// `m0 + Σ gains + entries`.
    pub fn promise(&self, x: &Assignment) -> f64 {
        let gains: f64 = x.iter().enumerate().filter_map(|(c, t)| t.and_then(|t| self.gain(c, t))).sum();
        let entered = self.entries.iter().filter(|e| e.iter().any(|&(c, t)| x[c] == Some(t))).count();
        self.base as f64 + gains + entered as f64
    }

    /// The declaration W of the module doc: the base with x's moves made, and each place a
    /// move frees in a chain's set taken by the best creature left home.
    pub fn witness(&self, base: &Assignment, x: &Assignment) -> Assignment {
        let mut w = base.clone();
        let mut moved = Vec::new();
        let mut gained = Vec::new();
        for (c, t) in x.iter().enumerate() {
            if let Some((u, g)) = t.and_then(|t| Some((self.place(c, t)?, self.gain(c, t)?))) {
                w[c] = Some(u);
                moved.push((c, u));
                gained.push(g);
            }
        }
        // Additions into pools credited their room first (see `Rules::displacements`), and
        // those that may be left out best first (W keeps the best of them).
        let mut additions: Vec<(usize, usize, f64)> =
            moved.iter().zip(gained).filter(|((c, _), _)| base[*c].is_none()).map(|(&(c, u), g)| (c, u, g)).collect();
        additions.sort_by(|&(_, t, g), &(_, u, h)| (self.displaced[t].room == 0).cmp(&(self.displaced[u].room == 0)).then(h.total_cmp(&g)));
        let mut admitted: BTreeMap<usize, usize> = BTreeMap::new();
        for (c, t, _) in additions {
            let into = &self.displaced[t];
            if !into.admits() {
                continue;
            }
            let seen = admitted.entry(into.key).or_default();
            *seen += 1;
            if *seen <= into.room {
                continue;
            }
            if into.drop {
                w[c] = None;
                continue;
            }
            let relay = into.relays.iter().find(|&&(u, _)| w[u] == base[u]).copied();
            let home = match (relay, into.via) {
                (Some((u, v)), via) => {
                    w[u] = Some(v);
                    // The relayed attacker stays in the sets of `via`: one of its pool goes home.
                    via.and_then(|via| self.displaced.iter().find(|d| d.key == via && !d.pool.is_empty())).and_then(|below| {
                        let seen = admitted.entry(below.key).or_default();
                        *seen += 1;
                        (*seen > below.room).then_some(below)
                    })
                }
                (None, _) => Some(into),
            };
            if let Some(&u) = home.and_then(|d| d.pool.iter().find(|&&u| w[u] == base[u])) {
                w[u] = None;
            }
        }
        for chain in &self.chains {
            let inside = |t: usize| chain.targets.binary_search(&t).is_ok();
            let freed = moved.iter().filter(|&&(c, t)| base[c].is_some_and(inside) && !inside(t)).count();
            let takers: Vec<(usize, usize)> = chain.waiting.iter().filter(|(c, _, _)| w[*c].is_none()).map(|&(c, t, _)| (c, t)).take(freed).collect();
            for (c, t) in takers {
                w[c] = Some(t);
            }
        }
        w
    }
}

impl Rules {
    /// The bound of the module doc for `base` (a declaration that respects every restriction
    /// and incurs no cost), where `tied[c]` says whether creature c's attack taps a mana
    /// source, and `purses[p]` is what player p can pay symbols with (the units of their
    /// sources and pool; half their life, for Phyrexian symbols). None where it cannot be
    /// promised: conditional requirements, a base that incurs a cost or taps a source by
    /// attacking.
    pub fn move_bar(&self, base: &Assignment, tied: &[bool], purses: &[Purse]) -> Option<MoveBar> {
        if self.has_conditions() || !self.incurred(base).is_empty() || base.iter().zip(tied).any(|(t, &tied)| t.is_some() && tied) {
            return None;
        }
        let n = self.creatures.len();
        let attackers = base.iter().filter(|t| t.is_some()).count();
        let alone = self.restrictions.iter().any(|r| matches!(r.kind, RestrictionKind::AttacksOnlyAlone { creature } if base[creature].is_some()));
        // The pairs that incur a cost, where a move or an addition keeps the restrictions.
        let mut moves: Vec<Vec<usize>> = vec![vec![]; n];
        for c in 0..n {
            if base[c].is_none() && (alone || !self.may_join(c, base, attackers)) {
                continue;
            }
            moves[c] = self.creatures[c].allowed.iter().copied().filter(|&t| self.incurs_at(c, t)).collect();
            moves[c].sort_unstable();
        }
        // x's attacks on these: W sends the creature to its best move among them.
        let candidates = moves.clone();
        // Caps: a capped set where more creatures could come in than it has room is *short*:
        // no moves into it, and additions only by displacements.
        let mut short: Vec<(&Option<Vec<usize>>, usize)> = Vec::new();
        for r in &self.restrictions {
            let RestrictionKind::MaxAttackers { count, targets, .. } = &r.kind else { continue };
            let inside = |t: &Option<usize>| t.is_some_and(|t| in_targets(targets, t));
            let room = (*count as usize).saturating_sub(base.iter().filter(|t| inside(t)).count());
            let coming: Vec<usize> = (0..n).filter(|&c| !inside(&base[c]) && moves[c].iter().any(|&t| in_targets(targets, t))).collect();
            if self.most_paid(&coming, &moves, purses, |t| in_targets(targets, t)) > room {
                short.push((targets, room));
                for c in coming.into_iter().filter(|&c| base[c].is_some()) {
                    moves[c].retain(|&t| !in_targets(targets, t));
                }
            }
        }
        let mut displaced = self.displacements(base, &short, &mut moves, purses, false);
        let mut chains = Vec::new();
        if !alone {
            let sets: Vec<&Option<Vec<usize>>> = short.iter().map(|s| s.0).collect();
            chains = self.chains(base, tied, purses, &moves, attackers, &sets);
            // Where no chain place can take it, the room left in short sets is credited.
            if chains.is_empty() {
                displaced = self.displacements(base, &short, &mut moves, purses, true);
            }
        }
        // Own requirements (less the displaced creature's), the chains' places, and the
        // shares of the player requirements moves could lose.
        let own = |c: usize, t: Option<usize>| t.map_or(0.0, |t| self.own_obeyed(c, t) as f64);
        let charge = |c: usize, t: usize| match (base[c], &displaced[t]) {
            (Some(_), _) => 0.0,
            (None, d) if d.drop => d.charge * own(c, Some(t)),
            (None, d) => d.charge,
        };
        let gain = |c: usize, t: usize| own(c, Some(t)) - own(c, base[c]) - charge(c, t);
        let mut gains: Vec<Vec<(usize, f64)>> = (0..n).map(|c| moves[c].iter().map(|&t| (t, gain(c, t))).collect()).collect();
        for chain in &chains {
            for (_, g) in gains.iter_mut().enumerate().filter(|(c, _)| base[*c].is_some_and(|t| chain.targets.binary_search(&t).is_ok())) {
                for (t, gain) in g.iter_mut() {
                    if chain.targets.binary_search(t).is_err() {
                        *gain += chain.place;
                    }
                }
            }
        }
        let unobeyed = self.unobeyed(base);
        for r in self.requirements.iter().filter(|r| r.counts) {
            let RequirementKind::PlayerAttacks { player, targets } = &r.kind else { continue };
            let obeying: Vec<usize> = self.attacks_obeying(*player, targets, base).collect();
            if obeying.is_empty() {
                continue;
            }
            let out = |t: usize| targets.binary_search(&t).is_err();
            if self.most_paid(&obeying, &moves, purses, out) >= obeying.len() {
                let share = 1.0 / obeying.len() as f64;
                for &c in &obeying {
                    for (t, g) in &mut gains[c] {
                        if targets.binary_search(t).is_err() {
                            *g -= share;
                        }
                    }
                }
            }
        }
        let enters = |c: usize, t: usize| self.enters(&unobeyed, c, t);
        for (c, g) in gains.iter_mut().enumerate() {
            g.retain(|&(t, gain)| gain > 1e-9 || (gain > -1e-9 && enters(c, t)));
            for (_, gain) in g.iter_mut() {
                *gain = gain.max(0.0);
            }
        }
        // x's attack on t incurs the creature's instances of t: W may send it to any move
        // whose instances are among those (a tax on every target: anywhere), the best one.
        let instances = |c: usize, t: usize| -> Vec<usize> {
            self.by_creature[c].costs.iter().copied().filter(|&k| in_targets(&self.costs[k].targets, t)).collect()
        };
        let options = std::mem::replace(&mut gains, vec![vec![]; n]);
        let mut places: Vec<Vec<usize>> = vec![vec![]; n];
        for c in (0..n).filter(|&c| !options[c].is_empty()) {
            let of_options: Vec<Vec<usize>> = options[c].iter().map(|&(u, _)| instances(c, u)).collect();
            for &t in &candidates[c] {
                let mine = instances(c, t);
                let allowed = options[c].iter().zip(&of_options).filter(|(_, theirs)| theirs.iter().all(|k| mine.contains(k)));
                let best = allowed.map(|(o, _)| o).max_by(|a, b| a.1.total_cmp(&b.1).then((a.0 == t).cmp(&(b.0 == t))));
                if let Some(&(u, g)) = best {
                    gains[c].push((t, g));
                    places[c].push(u);
                }
            }
        }
        let entries = |gains: &[Vec<(usize, f64)>], places: &[Vec<usize>]| -> Vec<Vec<(usize, usize)>> {
            unobeyed
                .iter()
                .map(|(p, ts, _)| {
                    let mut pairs = Vec::new();
                    for c in (0..n).filter(|&c| self.creatures[c].controller == *p) {
                        // An addition W may leave out enters nothing for sure.
                        let kept = |u: usize| base[c].is_some() || !displaced[u].drop;
                        let placed = gains[c].iter().zip(&places[c]);
                        pairs.extend(placed.filter(|(_, &u)| ts.binary_search(&u).is_ok() && kept(u)).map(|(&(t, _), _)| (c, t)));
                    }
                    pairs
                })
                .collect()
        };
        let base_obeys = self.obeyed(base);
        let entered: Vec<usize> = unobeyed.iter().map(|&(_, _, i)| i).collect();
        let same: Vec<Vec<usize>> = options.iter().map(|g| g.iter().map(|&(t, _)| t).collect()).collect();
        let in_place = MoveBar {
            base: base_obeys,
            entries: entries(&options, &same),
            entered: entered.clone(),
            gains: options,
            places: same,
            chains: chains.clone(),
            displaced: displaced.clone(),
            in_place: None,
        };
        Some(MoveBar {
            base: base_obeys,
            entries: entries(&gains, &places),
            entered,
            gains,
            places,
            chains,
            displaced,
            in_place: Some(Box::new(in_place)),
        })
    }

    /// The displacements of the module doc, per target: who an addition there sends home
    /// (empty where none does), and what each is charged. An addition into a short capped
    /// set sends home the base's attacker that loses the fewest requirements among those
    /// inside every short set the target is in (its *pool*, one per such combination of
    /// sets); x's moves and additions take at most M of them, so each costs at most the M-th
    /// fewest. With `credit` (no chain places can fall in a short set), a pool whose sets no
    /// other pool's targets enter admits the least room r of its sets before it sends anyone
    /// home: of k ≤ K additions (K: the most its creatures can be paid for) at most (k − r)⁺
    /// send one home, at most k·(K − r)/K on the chord, so each is charged that share.
    /// Additions into short sets without a pool are dropped from `moves`. None at all where
    /// "can't attack unless k others among" applies (sending a creature home could break it
    /// for another, CR 508.1c).
    fn displacements(
        &self,
        base: &Assignment,
        short: &[(&Option<Vec<usize>>, usize)],
        moves: &mut [Vec<usize>],
        purses: &[Purse],
        credit: bool,
    ) -> Vec<Displaced> {
        let n = self.creatures.len();
        let shorts = |t: usize| -> Vec<usize> { (0..short.len()).filter(|&i| in_targets(short[i].0, t)).collect() };
        if !(0..n).any(|c| base[c].is_none() && moves[c].iter().any(|&t| !shorts(t).is_empty())) {
            return vec![Displaced::default(); self.targets.len()];
        }
        let direct = self.pools(base, short, moves, purses, credit, Relays::No);
        if !credit {
            return Self::keep_displaced(base, moves, &shorts, direct);
        }
        // Relays are kept where they charge less in all (an addition they leave without
        // pool charged all it would obey).
        let comers: Vec<usize> = (0..n).filter(|&c| base[c].is_none()).collect();
        let charged = |d: &[Displaced]| -> f64 {
            (0..self.targets.len())
                .filter(|&t| !shorts(t).is_empty())
                .map(|t| {
                    let k = self.most_paid(&comers, moves, purses, |u| u == t) as f64;
                    let most = || comers.iter().filter(|&&c| moves[c].contains(&t)).map(|&c| self.own_obeyed(c, t)).max().unwrap_or(0) as f64;
                    let lost = match &d[t] {
                        d if d.drop => d.charge * most(),
                        d if !d.admits() => most(),
                        d => d.charge,
                    };
                    lost * k
                })
                .sum()
        };
        let mut chosen = direct;
        for relays in [Relays::Out, Relays::Within] {
            let relayed = self.pools(base, short, moves, purses, credit, relays);
            if charged(&relayed) < charged(&chosen) {
                chosen = relayed;
            }
        }
        Self::keep_displaced(base, moves, &shorts, chosen)
    }

    /// `moves` without the additions into short sets that have neither pool nor relays.
    fn keep_displaced(base: &Assignment, moves: &mut [Vec<usize>], shorts: &dyn Fn(usize) -> Vec<usize>, chosen: Vec<Displaced>) -> Vec<Displaced> {
        for (m, _) in moves.iter_mut().zip(base).filter(|(_, b)| b.is_none()) {
            m.retain(|&t| shorts(t).is_empty() || chosen[t].admits());
        }
        chosen
    }

    /// The pools of [`Rules::displacements`], per target, with relays (`relay`) or without.
    fn pools(
        &self,
        base: &Assignment,
        short: &[(&Option<Vec<usize>>, usize)],
        moves: &[Vec<usize>],
        purses: &[Purse],
        credit: bool,
        relay: Relays,
    ) -> Vec<Displaced> {
        let n = self.creatures.len();
        let among = self.restrictions.iter().any(|r| matches!(r.kind, RestrictionKind::MinOtherAttackersAmong { .. }));
        let everyone: Vec<usize> = (0..n).collect();
        let most = self.most_paid(&everyone, moves, purses, |_| true);
        // What x's moves and additions take from the base's attackers: one each, and with
        // relays a relay and a send-home per addition.
        let draws = if relay == Relays::Within { most.saturating_mul(2) } else { most };
        let stays = self.never_moved(base, moves);
        // A player requirement the base obeys by at most that many attacks could be lost:
        // none of them is sent home or relayed, but where one of them never moves (no move out
        // of its targets; without chains, none W makes), that one alone (its *anchor*: it
        // stays, so the requirement holds).
        let mut fragile = vec![false; n];
        for r in self.requirements.iter().filter(|r| r.counts) {
            let RequirementKind::PlayerAttacks { player, targets } = &r.kind else { continue };
            let obeying: Vec<usize> = self.attacks_obeying(*player, targets, base).collect();
            if obeying.len() <= draws {
                let kept = |u: usize| moves[u].iter().all(|t| targets.binary_search(t).is_ok()) || (credit && stays[u]);
                let anchor = obeying.iter().copied().filter(|&u| kept(u)).max_by_key(|&u| base[u].map_or(0, |v| self.own_obeyed(u, v)));
                match anchor {
                    Some(u) => fragile[u] = true,
                    None => obeying.into_iter().for_each(|c| fragile[c] = true),
                }
            }
        }
        let within: Vec<Vec<usize>> = (0..self.targets.len()).map(|t| (0..short.len()).filter(|&i| in_targets(short[i].0, t)).collect()).collect();
        let keys: Vec<&[usize]> = within.iter().filter(|w| !w.is_empty()).map(Vec::as_slice).collect::<BTreeSet<_>>().into_iter().collect();
        let comers: Vec<usize> = (0..n).filter(|&c| base[c].is_none()).collect();
        let most_into = |sets: &[usize]| self.most_paid(&comers, moves, purses, |t| within[t].as_slice() == sets);
        let room_of = |sets: &[usize]| sets.iter().map(|&i| short[i].1).min().unwrap_or(0);
        let subset = |a: &[usize], b: &[usize]| a.len() < b.len() && a.iter().all(|i| b.contains(i));
        // What may arrive in a pool's sets: its own additions, and with relays the second
        // stage of every addition into a pool above it.
        let arrivals = |sets: &[usize]| {
            let above = if relay == Relays::Within {
                keys.iter().filter(|k| subset(sets, k)).map(|k| most_into(k)).fold(0, usize::saturating_add)
            } else {
                0
            };
            most_into(sets).saturating_add(above)
        };
        // The pools credited their room: no two share a set (the witness admits theirs first,
        // so each sees its sets' room as the base leaves it), fewest sets first.
        let mut credited: Vec<&[usize]> = Vec::new();
        if credit {
            let mut order: Vec<&[usize]> = keys.iter().copied().filter(|sets| room_of(sets) > 0).collect();
            order.sort_by_key(|sets| (sets.len(), std::cmp::Reverse(most_into(sets))));
            for sets in order {
                if credited.iter().all(|c| c.iter().all(|i| !sets.contains(i))) {
                    credited.push(sets);
                }
            }
        }
        let share_of = |sets: &[usize]| {
            let room = if credited.contains(&sets) { room_of(sets) } else { 0 };
            let k = arrivals(sets);
            (room, if k > room { (k - room) as f64 / k as f64 } else { 0.0 })
        };
        // Each pool's send-homes: the base's attackers inside all its sets, fewest lost first,
        // and what the draws-th loses.
        let inside_all = |u: usize, sets: &[usize]| base[u].is_some_and(|v| sets.iter().all(|&i| in_targets(short[i].0, v)));
        let sorted_pools: Vec<Vec<(usize, usize)>> = keys
            .iter()
            .map(|sets| {
                let mut pool: Vec<(usize, usize)> =
                    (0..n).filter(|&u| !fragile[u] && inside_all(u, sets)).filter_map(|u| base[u].map(|v| (self.own_obeyed(u, v), u))).collect();
                pool.sort_unstable();
                pool
            })
            .collect();
        let mut direct: Vec<(Vec<usize>, Option<f64>)> = sorted_pools
            .iter()
            .map(|pool| {
                let loss = draws.checked_sub(1).and_then(|i| pool.get(i)).map(|&(loss, _)| loss as f64);
                (pool.iter().map(|&(_, u)| u).collect(), loss)
            })
            .collect();
        if relay == Relays::No && credit {
            let arrivals: Vec<usize> = keys.iter().map(|sets| most_into(sets)).collect();
            for (i, mean) in Self::window_means(&keys, &sorted_pools, &stays, &arrivals, &inside_all).into_iter().enumerate() {
                if let Some((fixed, mean)) = mean.filter(|(_, mean)| direct[i].1.is_none_or(|l| *mean < l)) {
                    direct[i] = (fixed, Some(mean));
                }
            }
        }
        // Caps a relay may enter (outside the short ones): those with room for every comer
        // and one relay per addition.
        let mut tight: Vec<&Option<Vec<usize>>> = Vec::new();
        for r in &self.restrictions {
            let RestrictionKind::MaxAttackers { count, targets, .. } = &r.kind else { continue };
            if short.iter().any(|s| s.0 == targets) {
                continue;
            }
            let inside = |t: &Option<usize>| t.is_some_and(|t| in_targets(targets, t));
            let room = (*count as usize).saturating_sub(base.iter().filter(|t| inside(t)).count());
            let coming: Vec<usize> = (0..n).filter(|&c| !inside(&base[c]) && moves[c].iter().any(|&t| in_targets(targets, t))).collect();
            if self.most_paid(&coming, moves, purses, |t| in_targets(targets, t)).saturating_add(most) > room {
                tight.push(targets);
            }
        }
        let enters_tight = |from: usize, v: usize| tight.iter().any(|ts| in_targets(ts, v) && !in_targets(ts, from));
        let pools: Vec<Displaced> =
            keys.iter()
                .enumerate()
                .map(|(key, sets)| {
                    if among {
                        return Displaced::default();
                    }
                    let (room, share) = share_of(sets);
                    let (pool, loss) = &direct[key];
                    // The cheapest way to make room, charged before the room's share.
                    let mut best: Option<Displaced> = loss.map(|l| Displaced { pool: pool.clone(), charge: l, key, room, ..Default::default() });
                    if relay != Relays::No {
                        // Below: the relay's target keeps the attacker in these sets only (none, or
                        // a smaller pool's, whose send-home is charged too).
                        let below: BTreeSet<&[usize]> =
                            within.iter().map(Vec::as_slice).filter(|w| subset(w, sets) && (relay == Relays::Within || w.is_empty())).collect();
                        for lower in below {
                            let second = if lower.is_empty() {
                                Some((0.0, None))
                            } else {
                                keys.iter().position(|k| *k == lower).and_then(|i| direct[i].1.map(|l| (l * share_of(lower).1, Some(i))))
                            };
                            let Some((second, via)) = second else { continue };
                            let mut relays: Vec<(usize, usize, usize)> =
                                pool.iter()
                                    .filter_map(|&u| {
                                        let from = base[u]?;
                                        let had = self.own_obeyed(u, from);
                                        let into = self.creatures[u].allowed.iter().copied().filter(|&v| {
                                            v != from && !enters_tight(from, v) && within[v].as_slice() == lower && !self.incurs_at(u, v)
                                        });
                                        into.map(|v| (had.saturating_sub(self.own_obeyed(u, v)), u, v)).min()
                                    })
                                    .collect();
                            relays.sort_unstable();
                            let Some(&(first, _, _)) = draws.checked_sub(1).and_then(|i| relays.get(i)) else { continue };
                            let total = first as f64 + second;
                            if best.as_ref().is_none_or(|b| total < b.charge) {
                                let relays = relays.into_iter().map(|(_, u, v)| (u, v)).collect();
                                best = Some(Displaced { pool: pool.clone(), charge: total, key, room, relays, via, drop: false });
                            }
                        }
                    }
                    // Without a pool, the room credited still admits the best additions.
                    let dropping = || (room > 0).then(|| Displaced { charge: share, key, room, drop: true, ..Default::default() });
                    best.map(|d| Displaced { charge: d.charge * share, ..d }).or_else(dropping).unwrap_or_default()
                })
                .collect();
        within.iter().map(|sets| keys.iter().position(|k| *k == sets.as_slice()).map_or_else(Displaced::default, |key| pools[key].clone())).collect()
    }

    /// The player requirements (player, targets) the base does not obey, with their indices
    /// in [`Rules::requirements`].
    fn unobeyed<'r>(&'r self, base: &Assignment) -> Vec<(usize, &'r Vec<usize>, usize)> {
        self.requirements
            .iter()
            .enumerate()
            .filter(|(_, r)| r.counts)
            .filter_map(|(i, r)| match &r.kind {
                RequirementKind::PlayerAttacks { player, targets } if self.attacks_obeying(*player, targets, base).next().is_none() => {
                    Some((*player, targets, i))
                }
                _ => None,
            })
            .collect()
    }

    /// Whether creature `c` attacking `t` enters one of those player requirements.
    fn enters(&self, unobeyed: &[(usize, &Vec<usize>, usize)], c: usize, t: usize) -> bool {
        unobeyed.iter().any(|(p, ts, _)| self.creatures[c].controller == *p && ts.binary_search(&t).is_ok())
    }

    /// Whether W never moves each of the base's attackers, where no chain exists: W moves
    /// only where it gains or enters a player requirement the base does not obey.
    fn never_moved(&self, base: &Assignment, moves: &[Vec<usize>]) -> Vec<bool> {
        let unobeyed = self.unobeyed(base);
        let enters = |u: usize, t: usize| self.enters(&unobeyed, u, t);
        (0..self.creatures.len())
            .map(|u| {
                let had = base[u].map_or(0, |v| self.own_obeyed(u, v));
                moves[u].iter().all(|&t| self.own_obeyed(u, t) < had || (self.own_obeyed(u, t) == had && !enters(u, t)))
            })
            .collect()
    }

    /// Per pool (`keys`, with its members sorted by what they lose, and at most `arrivals`
    /// additions each), where its members W never moves (`stays`) are enough: those members
    /// and the mean loss of a window of them. Without relays or chains no move takes them and
    /// each send-home takes the cheapest left: of the additions into other pools sharing
    /// them at most D come first, the pool's own are at most K, so its k send-homes lose at
    /// most the k cheapest after the D-th, on average no more than positions D+1..D+K (the
    /// M-th of all members otherwise).
    fn window_means(
        keys: &[&[usize]],
        pools: &[Vec<(usize, usize)>],
        stays: &[bool],
        arrivals: &[usize],
        inside_all: &dyn Fn(usize, &[usize]) -> bool,
    ) -> Vec<Option<(Vec<usize>, f64)>> {
        let fixed: Vec<Vec<(usize, usize)>> = pools.iter().map(|pool| pool.iter().copied().filter(|&(_, u)| stays[u]).collect()).collect();
        (0..keys.len())
            .map(|i| {
                let own = arrivals[i];
                let before = (0..keys.len())
                    .filter(|&j| j != i && fixed[i].iter().any(|&(_, u)| inside_all(u, keys[j])))
                    .map(|j| arrivals[j])
                    .fold(0, usize::saturating_add);
                let window = fixed[i].get(before..before.saturating_add(own)).filter(|w| !w.is_empty() && w.len() == own)?;
                let mean = window.iter().map(|&(l, _)| l as f64).sum::<f64>() / own as f64;
                Some((fixed[i].iter().map(|&(_, u)| u).collect(), mean))
            })
            .collect()
    }

    /// The chains of the module doc: for each capped set (sorted targets) that moves may
    /// leave, what each place they free there is worth at least. A place is taken by a
    /// creature home in the base, by a free attack into the set (the cap as in the base): the
    /// best such creature not taken by x's other moves or places, so at worst the `d·M`-th
    /// best, where x makes at most M paid moves and each leaves at most d such sets.
    fn chains(
        &self,
        base: &Assignment,
        tied: &[bool],
        purses: &[Purse],
        moves: &[Vec<usize>],
        attackers: usize,
        short: &[&Option<Vec<usize>>],
    ) -> Vec<Chain> {
        let n = self.creatures.len();
        let caps: Vec<(&Vec<usize>, usize)> = self
            .restrictions
            .iter()
            .filter_map(|r| match &r.kind {
                RestrictionKind::MaxAttackers { count, targets: Some(ts), .. } => {
                    Some((ts, (*count as usize).saturating_sub(base.iter().filter(|t| t.is_some_and(|t| ts.binary_search(&t).is_ok())).count())))
                }
                _ => None,
            })
            .collect();
        let within = |t: Option<usize>, ts: &[usize]| t.is_some_and(|t| ts.binary_search(&t).is_ok());
        let leaves = |c: usize, ts: &[usize]| within(base[c], ts) && moves[c].iter().any(|t| ts.binary_search(t).is_err());
        let everyone: Vec<usize> = (0..n).collect();
        let most_moves = self.most_paid(&everyone, moves, purses, |_| true);
        let depth = (0..n).map(|c| caps.iter().filter(|(ts, _)| leaves(c, ts)).count()).max().unwrap_or(0);
        let taken = depth.saturating_mul(most_moves);
        let mut chains: Vec<Chain> = Vec::new();
        for (ts, _) in &caps {
            if !(0..n).any(|c| leaves(c, ts)) {
                continue;
            }
            let mut waiting: Vec<(usize, usize, usize)> = (0..n)
                .filter(|&w| base[w].is_none() && !tied[w] && self.may_join(w, base, attackers))
                .filter_map(|w| {
                    let into = self.creatures[w].allowed.iter().filter(|&&t| ts.binary_search(&t).is_ok() && !self.incurs_at(w, t));
                    into.map(|&t| (w, t, self.own_obeyed(w, t))).max_by_key(|&(_, t, g)| (g, std::cmp::Reverse(t)))
                })
                .filter(|&(_, _, g)| g > 0)
                .collect();
            waiting.sort_by_key(|&(w, _, g)| (std::cmp::Reverse(g), w));
            if let Some(&(_, _, place)) = taken.checked_sub(1).and_then(|i| waiting.get(i)) {
                chains.push(Chain { targets: (*ts).clone(), place: place as f64, waiting });
            }
        }
        // Caps again, places counted: a set a place may fall in (one meeting a chained set)
        // gets no chains into it where its moves and places could overfill it.
        let mut overfilled = Vec::new();
        let all_caps = self.restrictions.iter().filter_map(|r| match &r.kind {
            RestrictionKind::MaxAttackers { count, targets, .. } => Some((targets, *count as usize)),
            _ => None,
        });
        for (targets, count) in all_caps {
            let inside = |t: usize| in_targets(targets, t);
            let room = count.saturating_sub(base.iter().filter(|t| t.is_some_and(inside)).count());
            let meets = |ts: &[usize]| ts.iter().any(|&t| inside(t)) && targets.as_deref() != Some(ts);
            // What enters a short set is an addition that sends one of the set home.
            let balanced = short.contains(&targets);
            let contribution = |c: usize| {
                let enters = usize::from(!balanced && !base[c].is_some_and(inside) && moves[c].iter().any(|&t| inside(t)));
                enters + chains.iter().filter(|ch| meets(&ch.targets) && leaves(c, &ch.targets)).count()
            };
            let most = (0..n).map(contribution).max().unwrap_or(0);
            let contributors: Vec<usize> = (0..n).filter(|&c| contribution(c) > 0).collect();
            if self.most_paid(&contributors, moves, purses, |_| true).saturating_mul(most) > room {
                overfilled.extend(chains.iter().filter(|ch| meets(&ch.targets)).map(|ch| ch.targets.clone()));
            }
        }
        chains.retain(|ch| !overfilled.contains(&ch.targets));
        chains
    }

    /// At most how many of `creatures` a declaration can send by moves into targets where
    /// `into` holds: each such attack is paid, so no more per player than they can pay for
    /// at the cheapest of those moves (`purses`, see [`Rules::move_bar`]): in symbols, by
    /// units and life together, and in the symbols only mana pays, by units alone (CR
    /// 107.4f: life pays Phyrexian symbols only). Issue 39: on the adversarial profile
    /// Propaganda's {2} was counted as payable from 40 life, so the cap on its player looked
    /// short and no move went there (P = 8, N = 100, seed 9102: no bar by moves at all).
    fn most_paid(&self, creatures: &[usize], moves: &[Vec<usize>], purses: &[Purse], into: impl Fn(usize) -> bool) -> usize {
        let movers: Vec<usize> = creatures.iter().copied().filter(|&c| moves[c].iter().any(|&t| into(t))).collect();
        let players: std::collections::BTreeSet<usize> = movers.iter().map(|&c| self.creatures[c].controller).collect();
        let at_most = |have: u64, each: u64| have.checked_div(each).map_or(usize::MAX, |k| usize::try_from(k).unwrap_or(usize::MAX));
        players
            .into_iter()
            .map(|p| {
                let theirs: Vec<usize> = movers.iter().copied().filter(|&c| self.creatures[c].controller == p).collect();
                let least = |c: usize, phyrexian: bool| {
                    moves[c].iter().filter(|&&t| into(t)).map(|&t| self.least_symbols(c, t, phyrexian)).min().unwrap_or(0)
                };
                let cheapest = theirs.iter().map(|&c| least(c, true)).min().unwrap_or(0);
                // Those that life alone can pay for, and the others, each needing units.
                let (by_life, by_units): (Vec<usize>, Vec<usize>) = theirs.iter().partition(|&&c| least(c, false) == 0);
                let cheapest_in_units = by_units.iter().map(|&c| least(c, false)).min().unwrap_or(0);
                let purse = purses.get(p).copied().unwrap_or_default();
                let in_units = by_life.len().saturating_add(by_units.len().min(at_most(purse.units, cheapest_in_units)));
                theirs.len().min(at_most(purse.units.saturating_add(purse.life), cheapest)).min(in_units)
            })
            .fold(0, usize::saturating_add)
    }

    /// The requirements of creature `c` itself that its attack on `t` obeys (CR 508.1d).
    fn own_obeyed(&self, c: usize, t: usize) -> usize {
        self.by_creature[c].requirements.iter().filter(|&&r| self.requirements[r].counts && self.obeys_pair(&self.requirements[r], c, t)).count()
    }

    /// Whether creature `c` attacking `t` incurs a cost instance.
    fn incurs_at(&self, c: usize, t: usize) -> bool {
        self.by_creature[c].costs.iter().any(|&k| in_targets(&self.costs[k].targets, t))
    }

    /// The fewest symbols creature `c` attacking `t` owes, counting {N} as N (0 for {0});
    /// without `phyrexian`, only those life can't pay.
    fn least_symbols(&self, c: usize, t: usize, phyrexian: bool) -> u64 {
        let symbols = self.by_creature[c].costs.iter().filter(|&&k| in_targets(&self.costs[k].targets, t)).flat_map(|&k| &self.costs[k].cost);
        let counted = symbols.filter(|s| phyrexian || !matches!(s, Symbol::Phyrexian(_)));
        counted.map(|s| if let Symbol::Generic(n) = s { u64::from(*n) } else { 1 }).fold(0, u64::saturating_add)
    }

    /// Whether creature `c`, home in `base` (with `attackers` attackers), may join it without
    /// breaking its own restrictions (CR 506.5, 508.1c): every other attacker stays.
    fn may_join(&self, c: usize, base: &Assignment, attackers: usize) -> bool {
        self.by_creature[c].restrictions.iter().all(|&r| match &self.restrictions[r].kind {
            RestrictionKind::AttacksOnlyAlone { .. } => false,
            RestrictionKind::MinOtherAttackers { count, .. } => attackers >= *count as usize,
            RestrictionKind::MinOtherAttackersAmong { count, among, power_above, .. } => {
                self.companions(c, among, *power_above).filter(|&o| base[o].is_some()).count() >= *count as usize
            }
            _ => true,
        })
    }
}
