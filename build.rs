//! Build script.
//!
//! 1. With the `window` feature, macroquad's audio (quad-snd) links ALSA with `-lasound` on Linux. The linker
//!    wants the development symlink `libasound.so`, which only the -dev package
//!    ships; most desktops have just the runtime `libasound.so.2`. When the symlink
//!    is missing but the runtime library is there, we make the symlink in OUT_DIR
//!    and add OUT_DIR to the link search path, so a fresh machine builds without
//!    extra packages. When neither exists we stop with one sentence that names
//!    the package to install.
//! 2. Level files are read at run time, but tests embed some of them, so a change
//!    under levels/ must rebuild.
//! 3. The archive of earlier data trees (`levels/archive/blobs/*.ron`) is built
//!    into the program: a list of `include_str!`s, one a file, in OUT_DIR.

use std::env;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=levels");
    println!("cargo:rerun-if-env-changed=LIBRARY_PATH");

    write_archive_blobs();

    // Sound comes only with the window; a headless build links no ALSA.
    let window = env::var_os("CARGO_FEATURE_WINDOW").is_some();
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if window && os == "linux" {
        provide_alsa();
    }
}

/// Directories the system linker searches for `-lasound`, most specific first.
fn library_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(paths) = env::var_os("LIBRARY_PATH") {
        dirs.extend(env::split_paths(&paths));
    }
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_else(|_| "x86_64".into());
    let env_abi = env::var("CARGO_CFG_TARGET_ENV").unwrap_or_else(|_| "gnu".into());
    let multiarch = format!("{arch}-linux-{env_abi}");
    for prefix in ["/usr/lib", "/lib", "/usr/local/lib"] {
        dirs.push(Path::new(prefix).join(&multiarch));
    }
    for dir in ["/usr/lib64", "/lib64", "/usr/lib", "/lib", "/usr/local/lib"] {
        dirs.push(PathBuf::from(dir));
    }
    dirs
}

fn provide_alsa() {
    let dirs = library_dirs();
    if dirs.iter().any(|d| d.join("libasound.so").exists()) {
        return; // the development symlink is there: nothing to do
    }
    let runtime = dirs
        .iter()
        .map(|d| d.join("libasound.so.2"))
        .find(|p| p.exists());
    let Some(runtime) = runtime else {
        panic!(
            "ALSA is missing: install the package libasound2 (Debian/Ubuntu: \
             apt-get install libasound2; Fedora: alsa-lib), which sound needs to link."
        );
    };
    let out = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let link_dir = out.join("alsa-link");
    std::fs::create_dir_all(&link_dir).expect("create OUT_DIR/alsa-link");
    let link = link_dir.join("libasound.so");
    let _ = std::fs::remove_file(&link);
    #[cfg(unix)]
    std::os::unix::fs::symlink(&runtime, &link).unwrap_or_else(|e| {
        panic!(
            "could not link {} for ALSA ({e}); install libasound2-dev",
            runtime.display()
        )
    });
    println!("cargo:rustc-link-search=native={}", link_dir.display());
}

/// `archive_blobs.rs`: `BLOBS`, each archived text by its hash (its file's
/// name), in the order of the names.
fn write_archive_blobs() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let dir = root.join("levels").join("archive").join("blobs");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".ron"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out =
        String::from("/// Each archived text, by its hash.\nstatic BLOBS: &[(&str, &str)] = &[\n");
    for n in &names {
        let hash = n.trim_end_matches(".ron");
        out.push_str(&format!(
            "    ({hash:?}, include_str!({:?})),\n",
            dir.join(n).display().to_string()
        ));
    }
    out.push_str("];\n");
    let file =
        PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("archive_blobs.rs");
    std::fs::write(&file, out).expect("write OUT_DIR/archive_blobs.rs");
}
