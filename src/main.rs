//! The `tally-ho` program: the game, and its command-line tools (`src/cli`);
//! in a web page (wasm32), the game alone.

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    tally_ho::cli::main()
}

#[cfg(target_arch = "wasm32")]
fn main() {
    tally_ho::app::window::run_page();
}
