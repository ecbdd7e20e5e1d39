//! Writing files atomically: saves, settings, records, the simulator's
//! tables and the sounds all go through here.

use super::source::kind_of;
use std::path::Path;

/// An I/O error that names the path it happened at: "PATH: cannot DO: why".
fn at_path(path: &Path, doing: &str, e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("{}: cannot {doing}: {e}", path.display()))
}

/// Writes `text` to `path` atomically, so that a reader (or a crash)
/// sees the old file or the new one, never a part: the contents go to a
/// temporary file beside it with an unpredictable name (made with
/// create_new), which is flushed to disk and renamed over the target, and
/// then the directory is flushed too. On any failure up to the rename the
/// temporary file is removed and the target left as it was; should only
/// the last flush fail, the new file is in place and the error says so.
///
/// A target that is a symbolic link, or that exists and is not a regular
/// file, is refused. Every error names the path.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    write_atomic_bytes(path, text.as_bytes())
}

/// `write_atomic` for contents that are not text (the sounds' WAV files).
pub fn write_atomic_bytes(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    write_atomic_with(path, |f| f.write_all(bytes))
}

/// `write_atomic`, with the temporary file's contents written by `write`.
fn write_atomic_with(
    path: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    use std::io::{Error, ErrorKind};
    let refuse = |why: &str| {
        Err(Error::new(
            ErrorKind::InvalidInput,
            format!("{}: cannot write: {why}", path.display()),
        ))
    };
    let Some(name) = path.file_name() else {
        return refuse("the path does not name a file");
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(|e| at_path(dir, "make the folder", e))?;
    let old = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return refuse("it is a symbolic link, which is not replaced");
        }
        Ok(meta) if !meta.is_file() => {
            return refuse(&format!("it is {}, not a file", kind_of(&meta)));
        }
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => return Err(at_path(path, "write", e)),
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        // As a newly created file would be: tempfile's own are private.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder
        .tempfile_in(dir)
        .map_err(|e| at_path(path, "write (no temporary file beside it)", e))?;
    // From here on, dropping `tmp` removes the temporary file.
    let written = (|| {
        if let Some(meta) = &old {
            // The new file keeps the old one's permissions.
            tmp.as_file().set_permissions(meta.permissions())?;
        }
        write(tmp.as_file_mut())?;
        tmp.as_file().sync_all()
    })();
    written.map_err(|e| at_path(path, "write", e))?;
    tmp.persist(path)
        .map_err(|e| at_path(path, "write (renaming the temporary file)", e.error))?;
    sync_dir(dir).map_err(|e| at_path(path, "flush its folder to disk after writing it", e))
}

/// Flushes a directory's entries (a rename in it) to disk.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        std::fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = tempfile::Builder::new()
            .prefix(&format!("tally-ho-{name}-"))
            .tempdir()
            .unwrap()
            .keep();
        dir
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_that_fails_half_way_leaves_the_old_file_and_no_temporary() {
        let dir = scratch("atomic");
        let path = dir.join("save.ron");
        write_atomic(&path, "old").unwrap();
        let mut temporary = Vec::new();
        let e = write_atomic_with(&path, |f| {
            use std::io::Write;
            f.write_all(b"half a new")?;
            temporary = names_in(&dir);
            Err(std::io::Error::other("the disk is full"))
        })
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: cannot write: the disk is full", path.display())
        );
        // While it was written the temporary file stood beside the target,
        // under a name no other process could have guessed.
        assert_eq!(temporary.len(), 2, "{temporary:?}");
        let tmp = &temporary[0];
        assert!(
            tmp.starts_with(".save.ron.") && tmp.ends_with(".tmp"),
            "{tmp}"
        );
        assert_ne!(tmp, &format!(".save.ron.tmp{}", std::process::id()));
        assert_eq!(names_in(&dir), ["save.ron"]);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_usual_permissions_and_a_replaced_one_keeps_its_own() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("modes");
        let path = dir.join("figures.csv");
        write_atomic(&path, "a").unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        // 0o666 less the umask: the owner can always read and write it.
        assert_eq!(mode(&path) & 0o600, 0o600);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        write_atomic(&path, "b").unwrap();
        assert_eq!(mode(&path), 0o600);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "b");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_or_a_directory_is_not_replaced() {
        let dir = scratch("refuse");
        let real = dir.join("real.ron");
        std::fs::write(&real, "kept").unwrap();
        let link = dir.join("link.ron");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let e = write_atomic(&link, "new").unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "{}: cannot write: it is a symbolic link, which is not replaced",
                link.display()
            )
        );
        let sub = dir.join("sub");
        std::fs::create_dir(&sub).unwrap();
        let e = write_atomic(&sub, "new").unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "{}: cannot write: it is a directory, not a file",
                sub.display()
            )
        );
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "kept");
        assert_eq!(names_in(&dir), ["link.ron", "real.ron", "sub"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
