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

/// Runs `tally-ho` and fails the test if it has not finished within
/// `limit` (killing it): (succeeded, stdout, stderr, how long it took).
#[allow(dead_code)]
pub fn tally_ho_within(
    args: &[&str],
    limit: std::time::Duration,
) -> (bool, String, String, std::time::Duration) {
    use std::io::Read;
    use std::process::Stdio;
    let start = std::time::Instant::now();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tally-ho"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tally-ho");
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for tally-ho") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tally-ho {args:?} still running after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    };
    let took = start.elapsed();
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.success(), out, err, took)
}
