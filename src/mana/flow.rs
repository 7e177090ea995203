//! A small max-flow (Edmonds-Karp on a dense matrix). Graphs here have under 150 nodes: unit
//! classes and symbol classes, never individual mana.

/// A flow network on `n` nodes, capacities in a dense matrix.
pub struct Flow {
    n: usize,
    cap: Vec<i64>,
    flow: Vec<i64>,
}

impl Flow {
    /// A network of `n` nodes and no edges.
    pub fn new(n: usize) -> Flow {
        Flow { n, cap: vec![0; n * n], flow: vec![0; n * n] }
    }

    /// Add `cap` to the capacity of edge from -> to.
    pub fn add(&mut self, from: usize, to: usize, cap: i64) {
        self.cap[from * self.n + to] += cap;
    }

    /// The flow on edge from -> to after [`Flow::run`].
    pub fn on(&self, from: usize, to: usize) -> i64 {
        self.flow[from * self.n + to].max(0)
    }

    /// Push as much as possible from `s` to `t`; returns the total.
    #[allow(clippy::needless_range_loop)] // v indexes the matrix rows too
    pub fn run(&mut self, s: usize, t: usize) -> i64 {
        let n = self.n;
        let mut total = 0;
        loop {
            let mut prev = vec![usize::MAX; n];
            prev[s] = s;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(u) = queue.pop_front() {
                for v in 0..n {
                    if prev[v] == usize::MAX && self.cap[u * n + v] - self.flow[u * n + v] > 0 {
                        prev[v] = u;
                        queue.push_back(v);
                    }
                }
            }
            if prev[t] == usize::MAX {
                return total;
            }
            let mut push = i64::MAX;
            let mut v = t;
            while v != s {
                let u = prev[v];
                push = push.min(self.cap[u * n + v] - self.flow[u * n + v]);
                v = u;
            }
            let mut v = t;
            while v != s {
                let u = prev[v];
                self.flow[u * n + v] += push;
                self.flow[v * n + u] -= push;
                v = u;
            }
            total += push;
        }
    }
}
