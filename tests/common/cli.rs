//! Runs the `tally-ho` binary as a user would: (succeeded, stdout, stderr).

pub fn tally_ho(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tally-ho"))
        .args(args)
        .output()
        .expect("run tally-ho");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
