//! A network of capacitated arcs and the most valuable flow through it, by successive
//! shortest paths (Ahuja, Magnanti, Orlin, *Network Flows*, 1993, section 9.7), with a
//! certificate of optimality checked apart from the search.
//!
//! Each arc carries a *gain* per unit of flow (an integer; gains may be negative). The flow
//! leaves one source and reaches one sink, and its amount is bounded to `[lo, hi]`.
//! [`Network::maximize`] finds an integral flow of the largest total gain among those amounts:
//! starting from the zero flow it sends flow along residual paths of the largest gain, which
//! keeps every intermediate flow the best of its amount, until the next path would lose (and
//! at least `lo` units flow) or `hi` units flow. Parallel arcs of decreasing gain express a
//! concave gain ("the first unit of this arc is worth more"), which a search of the best flow
//! uses first.
//!
//! [`Network::certify`] then proves the flow optimal without trusting the search: node
//! potentials under which no residual arc has a positive reduced gain show that no residual
//! cycle gains, and two more shortest paths show that neither one unit more nor one unit less
//! gains: together, by LP duality, no flow of an amount in `[lo, hi]` gains more (the network's
//! matrix is totally unimodular, so the bound holds over fractional flows too).
//!
//! This module knows nothing of Magic: [`super`] builds the network of a declaration.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Larger than any path's cost: costs are bounded by [`max_gain`] per arc.
const UNREACHED: i64 = i64::MAX / 4;

/// The largest gain (in absolute value) an arc of a network of `nodes` nodes may carry: a
/// path, a potential or a distance sums at most `nodes` of them, which stays below half of
/// [`UNREACHED`], so no sum of costs overflows.
pub fn max_gain(nodes: usize) -> i64 {
    (UNREACHED / 2) / i64::try_from(nodes.max(1)).unwrap_or(i64::MAX)
}

/// A network under construction and its flow.
#[derive(Debug, Clone)]
pub struct Network {
    /// Arcs out of each node (indices into the arc arrays); arc `e ^ 1` is `e`'s reverse.
    out: Vec<Vec<usize>>,
    head: Vec<usize>,
    /// Residual capacity: for a forward arc what it can still carry, for a reverse arc the
    /// flow on its forward arc.
    residual: Vec<i64>,
    /// Cost per unit: minus the gain for a forward arc, the gain for its reverse.
    cost: Vec<i64>,
    /// Node potentials (reduced cost `cost + π(u) − π(v) ≥ 0` on every residual arc).
    potential: Vec<i64>,
}

/// Why a network could not be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FlowError {
    /// No flow of at least `lo` units exists.
    Infeasible,
    /// A gain beyond [`max_gain`], or a cycle of positive gain before any flow (the networks
    /// built here are acyclic): the caller falls back to another method.
    Unsupported(String),
}

impl Network {
    /// A network of `nodes` nodes and no arc.
    pub fn new(nodes: usize) -> Network {
        Network { out: vec![Vec::new(); nodes], head: Vec::new(), residual: Vec::new(), cost: Vec::new(), potential: vec![0; nodes] }
    }

    /// The number of nodes.
    pub fn nodes(&self) -> usize {
        self.out.len()
    }

    /// The number of arcs added.
    pub fn arcs(&self) -> usize {
        self.head.len() / 2
    }

    /// Add an arc from `from` to `to` carrying at most `capacity` units, each worth `gain`;
    /// returns its id, for [`Network::flow`]. An arc of no capacity is still added (it carries
    /// nothing).
    pub fn add_arc(&mut self, from: usize, to: usize, capacity: i64, gain: i64) -> Result<usize, FlowError> {
        if gain.checked_abs().is_none_or(|g| g > max_gain(self.nodes())) || capacity < 0 {
            return Err(FlowError::Unsupported(format!("an arc of gain {gain} and capacity {capacity}")));
        }
        let e = self.head.len();
        self.out[from].push(e);
        self.head.push(to);
        self.residual.push(capacity);
        self.cost.push(-gain);
        self.out[to].push(e + 1);
        self.head.push(from);
        self.residual.push(0);
        self.cost.push(gain);
        Ok(e)
    }

    /// The flow on arc `arc` (an id [`Network::add_arc`] returned).
    pub fn flow(&self, arc: usize) -> i64 {
        self.residual[arc ^ 1]
    }

    fn tail(&self, e: usize) -> usize {
        self.head[e ^ 1]
    }

    fn reduced(&self, e: usize) -> i64 {
        self.cost[e] + self.potential[self.tail(e)] - self.potential[self.head[e]]
    }

    /// Potentials for the zero flow: shortest distances from a virtual node joined to every
    /// node (Bellman-Ford, in rounds over the arcs); an error when a cycle gains.
    fn initial_potentials(&mut self) -> Result<(), FlowError> {
        let n = self.nodes();
        let mut d = vec![0i64; n];
        for round in 0..=n {
            let mut changed = false;
            for e in 0..self.head.len() {
                if self.residual[e] > 0 {
                    let (u, v) = (self.tail(e), self.head[e]);
                    if d[u] + self.cost[e] < d[v] {
                        d[v] = d[u] + self.cost[e];
                        changed = true;
                    }
                }
            }
            if !changed {
                self.potential = d;
                return Ok(());
            }
            if round == n {
                break;
            }
        }
        Err(FlowError::Unsupported("a cycle of positive gain".into()))
    }

    /// Shortest residual paths from `from` by reduced cost (Dijkstra), stopping once `to` is
    /// settled: each node's distance (exact where settled) and the arc it was reached by.
    fn shortest(&self, from: usize, to: usize) -> (Vec<i64>, Vec<bool>, Vec<usize>) {
        let n = self.nodes();
        let mut dist = vec![UNREACHED; n];
        let mut settled = vec![false; n];
        let mut via = vec![usize::MAX; n];
        let mut heap = BinaryHeap::new();
        dist[from] = 0;
        heap.push(Reverse((0i64, from)));
        while let Some(Reverse((d, u))) = heap.pop() {
            if settled[u] {
                continue;
            }
            settled[u] = true;
            if u == to {
                break;
            }
            for &e in &self.out[u] {
                if self.residual[e] <= 0 {
                    continue;
                }
                let v = self.head[e];
                let nd = d + self.reduced(e);
                if nd < dist[v] {
                    dist[v] = nd;
                    via[v] = e;
                    heap.push(Reverse((nd, v)));
                }
            }
        }
        (dist, settled, via)
    }

    /// The most valuable integral flow of an amount in `[lo, hi]` from `source` to `sink`
    /// (see the module doc); returns the amount. The flow is then read with
    /// [`Network::flow`] and proven with [`Network::certify`].
    ///
    /// After each shortest-path search and its path, the other paths its potentials admit go
    /// too (the primal-dual method, Ahuja, Magnanti, Orlin, section 9.8): after the update, a
    /// path of residual arcs of zero reduced cost is a shortest path, and a blocking flow on
    /// them ([`Network::augment_admissible`]) sends many at once. A maximum's paths take few
    /// distinct lengths (issue 39: on the adversarial profile at 2,500 creatures, 667 searches
    /// for 1,250 attackers, now a few dozen); an objective's, where each member's power is an
    /// arc of its own, take one each, so after a blocking flow that sends nothing the next
    /// phases skip it, twice as many each time (a rule on counts, so the flow found is the
    /// same on any machine).
    pub fn maximize(&mut self, source: usize, sink: usize, lo: i64, hi: i64) -> Result<i64, FlowError> {
        self.send(source, sink, lo, hi, true)
    }

    /// [`Network::maximize`], with the blocking flow after each search where `blocking` (the
    /// tests compare with the search's own paths alone).
    fn send(&mut self, source: usize, sink: usize, lo: i64, hi: i64, blocking: bool) -> Result<i64, FlowError> {
        self.initial_potentials()?;
        let mut amount = 0i64;
        let (mut wait, mut backoff) = (0u64, 0u64);
        while amount < hi {
            let (dist, settled, via) = self.shortest(source, sink);
            if !settled[sink] {
                break;
            }
            // Potentials move by the distances, capped at the sink's (reduced costs stay ≥ 0).
            let cap = dist[sink];
            for v in 0..self.nodes() {
                self.potential[v] += if settled[v] { dist[v] } else { cap };
            }
            // The paths' cost per unit, after the update: π(sink) − π(source).
            let path_cost = self.potential[sink] - self.potential[source];
            if path_cost >= 0 && amount >= lo {
                break;
            }
            let limit = if path_cost >= 0 { lo - amount } else { hi - amount };
            let mut path = Vec::new();
            let mut v = sink;
            while v != source {
                path.push(via[v]);
                v = self.tail(via[v]);
            }
            let mut pushed = self.push_along(&path, limit);
            if pushed < limit && blocking {
                if wait == 0 {
                    let more = self.augment_admissible(source, sink, limit - pushed);
                    backoff = if more == 0 { backoff.saturating_mul(2).max(1) } else { 0 };
                    wait = backoff;
                    pushed += more;
                } else {
                    wait -= 1;
                }
            }
            amount += pushed;
        }
        if amount < lo {
            return Err(FlowError::Infeasible);
        }
        Ok(amount)
    }

    /// Send as much as `path`'s residual capacities allow, at most `limit`; returns it.
    fn push_along(&mut self, path: &[usize], limit: i64) -> i64 {
        let push = path.iter().map(|&e| self.residual[e]).fold(limit, i64::min);
        for &e in path {
            self.residual[e] -= push;
            self.residual[e ^ 1] += push;
        }
        push
    }

    /// Whether residual arc `e` lies on a shortest path under the current potentials.
    fn admissible(&self, e: usize) -> bool {
        self.residual[e] > 0 && self.reduced(e) == 0
    }

    /// A blocking flow of at most `limit` units on the admissible arcs, in one level graph
    /// (Dinic's method: levels by breadth-first search, which keeps the paths acyclic where
    /// arcs of zero reduced cost form cycles, then depth-first augmentations, each arc tried
    /// once); returns the units sent. Every path it augments costs `π(to) − π(from)` per
    /// unit; what it leaves, the next search finds.
    fn augment_admissible(&mut self, from: usize, to: usize, limit: i64) -> i64 {
        let n = self.nodes();
        let mut level = vec![usize::MAX; n];
        level[from] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(u) = queue.pop_front() {
            for &e in &self.out[u] {
                let v = self.head[e];
                if level[v] == usize::MAX && self.admissible(e) {
                    level[v] = level[u] + 1;
                    queue.push_back(v);
                }
            }
        }
        if level[to] == usize::MAX {
            return 0;
        }
        let mut total = 0i64;
        let mut next = vec![0usize; n];
        let mut path: Vec<usize> = Vec::new();
        let mut u = from;
        while total < limit {
            if u == to {
                total += self.push_along(&path, limit - total);
                // Back to the tail of the first arc the push saturated.
                let k = path.iter().position(|&e| self.residual[e] == 0).unwrap_or(0);
                path.truncate(k);
                u = path.last().map_or(from, |&e| self.head[e]);
                continue;
            }
            let mut advanced = false;
            while let Some(&e) = self.out[u].get(next[u]) {
                let v = self.head[e];
                if level[v] == level[u] + 1 && self.admissible(e) {
                    path.push(e);
                    u = v;
                    advanced = true;
                    break;
                }
                next[u] += 1;
            }
            if !advanced {
                // A dead end: no path to `to` through `u` in this level graph.
                let Some(e) = path.pop() else { break };
                u = self.tail(e);
                next[u] += 1;
            }
        }
        total
    }

    /// Prove the current flow (of `amount` units, from `source` to `sink`) the most valuable of
    /// an amount in `[lo, hi]` (see the module doc): flow conserved at every other node,
    /// capacities kept, no residual arc of negative reduced cost under the potentials, and no
    /// residual path that gains from one unit more (when `amount < hi`) or one unit less (when
    /// `amount > lo`). Returns what failed, in words.
    pub fn certify(&self, source: usize, sink: usize, amount: i64, lo: i64, hi: i64) -> Result<(), String> {
        if amount < lo || amount > hi {
            return Err(format!("an amount of {amount} outside [{lo}, {hi}]"));
        }
        let mut balance = vec![0i64; self.nodes()];
        for e in (0..self.head.len()).step_by(2) {
            let f = self.flow(e);
            if f < 0 || self.residual[e] < 0 {
                return Err(format!("arc {e} carries {f} with residual {}", self.residual[e]));
            }
            balance[self.tail(e)] -= f;
            balance[self.head[e]] += f;
        }
        for (v, b) in balance.iter().enumerate() {
            let want = if v == source {
                -amount
            } else if v == sink {
                amount
            } else {
                0
            };
            if *b != want {
                return Err(format!("node {v} has a balance of {b}, not {want}"));
            }
        }
        if let Some(e) = (0..self.head.len()).find(|&e| self.residual[e] > 0 && self.reduced(e) < 0) {
            return Err(format!("residual arc {e} has reduced cost {}", self.reduced(e)));
        }
        // With reduced costs ≥ 0, a shortest path's true cost is its reduced length plus
        // π(end) − π(start).
        let gains = |from: usize, to: usize| {
            let (dist, settled, _) = self.shortest(from, to);
            settled[to] && dist[to] + self.potential[to] - self.potential[from] < 0
        };
        if amount < hi && gains(source, sink) {
            return Err("one unit more gains".into());
        }
        if amount > lo && gains(sink, source) {
            return Err("one unit less gains".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every integral flow of a small network, by brute force over arc flows: the best total
    /// gain with an amount in [lo, hi], or None.
    fn brute(nodes: usize, arcs: &[(usize, usize, i64, i64)], lo: i64, hi: i64) -> Option<i64> {
        let mut best = None;
        let mut flows = vec![0i64; arcs.len()];
        loop {
            let mut balance = vec![0i64; nodes];
            for (k, &(u, v, _, _)) in arcs.iter().enumerate() {
                balance[u] -= flows[k];
                balance[v] += flows[k];
            }
            let amount = balance[nodes - 1];
            if (1..nodes - 1).all(|v| balance[v] == 0) && balance[0] == -amount && (lo..=hi).contains(&amount) {
                let gain: i64 = arcs.iter().zip(&flows).map(|(a, f)| a.3 * f).sum();
                best = Some(best.map_or(gain, |b: i64| b.max(gain)));
            }
            // The next vector of flows (mixed radix over capacities).
            let mut k = 0;
            while k < arcs.len() && flows[k] == arcs[k].2 {
                flows[k] = 0;
                k += 1;
            }
            if k == arcs.len() {
                return best;
            }
            flows[k] += 1;
        }
    }

    /// A small pseudo-random generator (splitmix64), so the test needs no crate.
    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// On a thousand random layered networks (source, two layers, sink: the shape of a
    /// declaration's network), the flow found is certified and as good as the best of every
    /// integral flow, with amounts bounded below and above.
    #[test]
    fn the_flow_is_the_best_of_every_flow_and_certified() {
        let mut state = 7u64;
        let mut feasible = 0;
        for _ in 0..1000 {
            let (a, b) = (1 + next(&mut state) as usize % 3, 1 + next(&mut state) as usize % 3);
            let nodes = 2 + a + b;
            let sink = nodes - 1;
            let mut arcs = Vec::new();
            for i in 1..=a {
                arcs.push((0, i, 1 + (next(&mut state) % 2) as i64, (next(&mut state) % 5) as i64 - 2));
                for j in a + 1..=a + b {
                    if !next(&mut state).is_multiple_of(3) && arcs.len() < 8 {
                        arcs.push((i, j, 1 + (next(&mut state) % 2) as i64, (next(&mut state) % 9) as i64 - 3));
                    }
                }
            }
            for j in a + 1..=a + b {
                if arcs.len() < 10 {
                    arcs.push((j, sink, 1 + (next(&mut state) % 2) as i64, (next(&mut state) % 5) as i64 - 2));
                }
            }
            let lo = (next(&mut state) % 3) as i64;
            let hi = lo + (next(&mut state) % 4) as i64;
            let mut net = Network::new(nodes);
            let ids: Vec<usize> = arcs.iter().map(|&(u, v, c, g)| net.add_arc(u, v, c, g).unwrap()).collect();
            let want = brute(nodes, &arcs, lo, hi);
            match net.maximize(0, sink, lo, hi) {
                Ok(amount) => {
                    net.certify(0, sink, amount, lo, hi).unwrap();
                    let gain: i64 = arcs.iter().zip(&ids).map(|(a, &e)| a.3 * net.flow(e)).sum();
                    assert_eq!(Some(gain), want, "arcs {arcs:?}, amounts [{lo}, {hi}]");
                    feasible += 1;
                }
                Err(FlowError::Infeasible) => assert_eq!(want, None, "arcs {arcs:?}, amounts [{lo}, {hi}]"),
                Err(e) => panic!("{e:?}"),
            }
        }
        assert!(feasible > 500, "only {feasible} feasible networks: the test checks little");
    }

    /// The certificate fails on a flow that is not the best: a flow moved off the best path
    /// onto a worse one is refused.
    #[test]
    fn a_worse_flow_is_not_certified() {
        let mut net = Network::new(4);
        let good = net.add_arc(0, 1, 1, 5).unwrap();
        net.add_arc(1, 3, 1, 0).unwrap();
        let bad = net.add_arc(0, 2, 1, 1).unwrap();
        net.add_arc(2, 3, 1, 0).unwrap();
        let amount = net.maximize(0, 3, 1, 1).unwrap();
        assert_eq!((net.flow(good), net.flow(bad)), (1, 0));
        net.certify(0, 3, amount, 1, 1).unwrap();
        // Move the unit to the worse path by hand.
        let mut worse = net.clone();
        for (e, d) in [(good, -1), (good + 2, -1), (bad, 1), (bad + 2, 1)] {
            worse.residual[e] -= d;
            worse.residual[e ^ 1] += d;
        }
        assert!(worse.certify(0, 3, 1, 1, 1).is_err());
        // And one unit less than could gain is refused too.
        let mut none = Network::new(2);
        none.add_arc(0, 1, 1, 3).unwrap();
        assert!(none.certify(0, 1, 0, 0, 1).is_err());
    }

    /// Networks of a declaration's shape and size, too large for brute force: groups from the
    /// source (one arc each, gains from a few values, so that many paths share a length and
    /// the blocking flow sends them; or one arc per member of distinct gains, so that it finds
    /// nothing and the backoff skips it), targets, capped sets, sink. Every flow is certified
    /// optimal (LP duality, checked apart from the search), and the blocking flow takes paths
    /// of zero reduced cost only: the gain equals that of the same network solved with the
    /// blocking flow never tried.
    #[test]
    fn large_flows_with_many_equal_paths_are_certified() {
        let mut state = 11u64;
        for round in 0..60 {
            let members = round % 2 == 1;
            let (groups, targets, sets) = (20 + next(&mut state) as usize % 30, 3 + next(&mut state) as usize % 6, 2);
            let source = 0;
            let first_target = 1 + groups;
            let first_set = first_target + targets;
            let sink = first_set + sets;
            let mut net = Network::new(sink + 1);
            let mut total = 0i64;
            for g in 0..groups {
                let size = 1 + (next(&mut state) % 6) as i64;
                total += size;
                if members {
                    for _ in 0..size {
                        net.add_arc(source, 1 + g, 1, (next(&mut state) % 1000) as i64).unwrap();
                    }
                } else {
                    net.add_arc(source, 1 + g, size, 0).unwrap();
                }
                for t in 0..targets {
                    if !next(&mut state).is_multiple_of(3) {
                        net.add_arc(1 + g, first_target + t, size, (next(&mut state) % 4) as i64 * 10 - 5).unwrap();
                    }
                }
            }
            for t in 0..targets {
                net.add_arc(first_target + t, first_set + t % sets, total, 0).unwrap();
            }
            for s in 0..sets {
                net.add_arc(first_set + s, sink, 1 + (next(&mut state) % total as u64) as i64, 0).unwrap();
            }
            let lo = (next(&mut state) % 3) as i64;
            let mut plain = net.clone();
            match net.maximize(source, sink, lo, total) {
                Ok(amount) => {
                    net.certify(source, sink, amount, lo, total).unwrap_or_else(|why| panic!("round {round}: {why}"));
                    let plain_amount = plain.send(source, sink, lo, total, false).unwrap();
                    plain.certify(source, sink, plain_amount, lo, total).unwrap();
                    assert_eq!(net.gain(), plain.gain(), "round {round}");
                }
                Err(e) => assert_eq!(Err(e), plain.send(source, sink, lo, total, false), "round {round}"),
            }
        }
    }

    impl Network {
        /// The total gain of the current flow.
        fn gain(&self) -> i64 {
            (0..self.head.len()).step_by(2).map(|e| -self.cost[e] * self.flow(e)).sum()
        }
    }
}
