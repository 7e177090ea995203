fn main() {
    std::process::exit(attackopt::cli::main());
}
