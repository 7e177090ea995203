//! What the criterion benches share: their settings, their environment lists and where they
//! write what they skip.

use criterion::Criterion;
use std::time::Duration;

/// Flat sampling, 10 samples, short warm-up and measurement, plots off: a whole run fits in
/// minutes on a 2-core machine.
pub fn criterion() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(500))
        .without_plots()
        .configure_from_args()
}

/// A comma-separated list from the environment, or `default` when unset or empty.
pub fn env_list<T: std::str::FromStr + Clone>(name: &str, default: &[T]) -> Vec<T> {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => v.split(',').map(|x| x.trim().parse().ok().expect("a list of numbers or names")).collect(),
        _ => default.to_vec(),
    }
}

/// `benches/results/NAME`, created with its header line: where a bench lists what it skipped.
pub fn skipped_file(name: &str, header: &str) -> std::fs::File {
    use std::io::Write;
    let results = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/results");
    std::fs::create_dir_all(&results).unwrap();
    let mut f = std::fs::File::create(results.join(name)).unwrap();
    writeln!(f, "{header}").unwrap();
    f
}
