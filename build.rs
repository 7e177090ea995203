// Empty: it exists so that the build dependency in Cargo.toml (feature alignment) is resolved.
fn main() {}
