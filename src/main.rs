//! The `tally-ho` program: the game, and its command-line tools (`src/cli`).

fn main() -> std::process::ExitCode {
    tally_ho::cli::main()
}
