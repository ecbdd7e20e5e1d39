//! Sound through macroquad (quad-snd). quad-snd opens ALSA's default device
//! when the window starts and panics if there is none; so before the window
//! starts we try the device ourselves, and if it will not open we point ALSA at
//! its null device and say in one line that the game is silent. The files
//! that takes live in a directory of their own, private to the user, with a
//! name no one can guess, removed when the program ends.

use crate::settings::Settings;
use crate::sound::Sfx;
use macroquad::audio::{load_sound_from_bytes, play_sound, PlaySoundParams, Sound};

#[cfg(target_os = "linux")]
mod alsa {
    use std::os::raw::{c_char, c_int, c_void};

    type Handler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);

    #[link(name = "asound")]
    extern "C" {
        fn snd_pcm_open(
            pcm: *mut *mut c_void,
            name: *const c_char,
            stream: c_int,
            mode: c_int,
        ) -> c_int;
        fn snd_pcm_close(pcm: *mut c_void) -> c_int;
        fn snd_lib_error_set_handler(handler: Option<Handler>) -> c_int;
    }

    pub fn make_fifo(path: &std::path::Path) -> bool {
        use std::os::unix::ffi::OsStrExt;
        let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
            return false;
        };
        unsafe { libc::mkfifo(c.as_ptr(), 0o600) == 0 }
    }

    /// The directory of the silent-audio files, removed at exit.
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();

    extern "C" fn remove_dir() {
        if let Some(dir) = DIR.get() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }

    /// The folder the private directories are made in: the user's runtime
    /// directory, or the system's temporary one.
    pub fn base() -> std::path::PathBuf {
        dirs::runtime_dir().unwrap_or_else(std::env::temp_dir)
    }

    /// A new directory only this user can enter (mode 0700), under a name
    /// no one can guess (after the program's process number), in `base()`;
    /// removed when the program exits, and by the next start if it was
    /// killed (`clear_leftovers`).
    pub fn private_dir() -> Option<std::path::PathBuf> {
        use std::os::unix::fs::PermissionsExt;
        let base = base();
        let dir = tempfile::Builder::new()
            .prefix(&format!("{PREFIX}{}-", std::process::id()))
            .permissions(std::fs::Permissions::from_mode(0o700))
            .tempdir_in(base)
            .ok()?
            .keep();
        if DIR.set(dir.clone()).is_ok() {
            // Safe: registers a function that only removes the directory.
            unsafe {
                libc::atexit(remove_dir);
            }
        }
        Some(dir)
    }

    /// The start of a private directory's name.
    const PREFIX: &str = "tally-ho-audio-";

    /// Removes the private directories of earlier runs that were killed
    /// before they could remove their own: those named after a process
    /// that no longer runs (and those of versions that named them without
    /// one, left for an hour). Returns what it removed.
    pub fn clear_leftovers(base: &std::path::Path) -> Vec<std::path::PathBuf> {
        let mut removed = Vec::new();
        let Ok(entries) = std::fs::read_dir(base) else {
            return removed;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(rest) = name.strip_prefix(PREFIX) else {
                continue;
            };
            let dead = match rest
                .split_once('-')
                .and_then(|(p, _)| p.parse::<i32>().ok())
            {
                Some(pid) => !running(pid),
                None => e
                    .metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.elapsed().ok())
                    .is_some_and(|age| age.as_secs() > 3600),
            };
            if dead && e.file_type().is_ok_and(|t| t.is_dir()) {
                let p = e.path();
                if std::fs::remove_dir_all(&p).is_ok() {
                    removed.push(p);
                }
            }
        }
        removed
    }

    /// Whether a process runs with this number (one of another user's that
    /// may not be signalled runs too).
    fn running(pid: i32) -> bool {
        if pid <= 0 {
            return false;
        }
        // Safe: signal 0 only asks whether the process exists.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }

    /// ALSA's error reports are variadic; this one ignores them all.
    unsafe extern "C" fn quiet(
        _: *const c_char,
        _: c_int,
        _: *const c_char,
        _: c_int,
        _: *const c_char,
    ) {
    }

    /// Does one of the devices quad-snd tries open for playback?
    pub fn device_opens() -> bool {
        const PLAYBACK: c_int = 0;
        const NONBLOCK: c_int = 1;
        unsafe {
            snd_lib_error_set_handler(Some(quiet));
            let ok = [c"default", c"pipewire"].iter().any(|name| {
                let mut pcm = std::ptr::null_mut();
                let opened = snd_pcm_open(&mut pcm, name.as_ptr(), PLAYBACK, NONBLOCK) >= 0;
                if opened {
                    snd_pcm_close(pcm);
                }
                opened
            });
            snd_lib_error_set_handler(None);
            ok
        }
    }
}

/// No sound device was found: the game plays silently whatever the settings.
static SILENT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether the game plays silently for want of a sound device.
pub fn no_device() -> bool {
    SILENT.load(std::sync::atomic::Ordering::Relaxed)
}

/// Records whether a sound device was found (`prepare_device` does, once,
/// before the window opens).
pub fn set_no_device(none: bool) {
    SILENT.store(none, std::sync::atomic::Ordering::Relaxed);
}

/// Call before the window starts. Returns the one-line notice when the game
/// will be silent.
pub fn prepare_device() -> Option<String> {
    let notice = find_device();
    set_no_device(notice.is_some());
    notice
}

/// Removes the private audio directories that killed runs left in `base`
/// (see `prepare_device`); returns what it removed.
#[cfg(target_os = "linux")]
pub fn clear_audio_leftovers(base: &std::path::Path) -> Vec<std::path::PathBuf> {
    alsa::clear_leftovers(base)
}

fn find_device() -> Option<String> {
    #[cfg(target_os = "linux")]
    {
        // What a killed run left, whether or not this one needs a folder.
        alsa::clear_leftovers(&alsa::base());
        if alsa::device_opens() {
            return None;
        }
        let notice = Some("No sound device found: playing silently.".to_string());
        let Some(dir) = alsa::private_dir() else {
            // Nowhere to write the configuration: ALSA keeps its own, as
            // it would without this fallback.
            return notice;
        };
        // ALSA's null device never blocks, so quad-snd's mixer thread would
        // spin on it, taking a core. Instead the default device writes into a
        // FIFO nobody reads: opening it blocks, and the thread sleeps for good
        // (the game sends it no sounds when silent).
        let fifo = dir.join("silence.fifo");
        let conf_path = dir.join("alsa.conf");
        let conf = if alsa::make_fifo(&fifo) {
            format!(
                "pcm.quiet {{ type null }}\npcm.!default {{ type file slave {{ pcm \"quiet\" }} file \"{}\" format \"raw\" }}\n",
                fifo.display()
            )
        } else {
            "pcm.!default { type null }\n".to_string()
        };
        if crate::data::write_atomic(&conf_path, &conf).is_ok() {
            // Safe here: no other thread exists yet.
            std::env::set_var("ALSA_CONFIG_PATH", &conf_path);
        }
        notice
    }
    #[cfg(not(target_os = "linux"))]
    None
}

/// The game's sounds, loaded from the WAV files the sound generator made.
pub struct Audio {
    sounds: Vec<(Sfx, Sound)>,
}

fn bytes(sfx: Sfx) -> &'static [u8] {
    match sfx {
        Sfx::Engine => include_bytes!("../../assets/sounds/engine.wav"),
        Sfx::Guns => include_bytes!("../../assets/sounds/guns.wav"),
        Sfx::Hit => include_bytes!("../../assets/sounds/hit.wav"),
        Sfx::Explosion => include_bytes!("../../assets/sounds/explosion.wav"),
        Sfx::Bomb => include_bytes!("../../assets/sounds/bomb.wav"),
        Sfx::Dice => include_bytes!("../../assets/sounds/dice.wav"),
        Sfx::Click => include_bytes!("../../assets/sounds/click.wav"),
    }
}

/// The committed WAV bytes of a sound (for the test that they are the
/// generator's output).
pub fn embedded(sfx: Sfx) -> &'static [u8] {
    bytes(sfx)
}

impl Audio {
    /// Loads every sound; with `silent`, none (nothing would be heard).
    pub async fn load(silent: bool) -> Audio {
        let mut sounds = Vec::new();
        if !silent {
            for s in Sfx::ALL {
                if let Ok(snd) = load_sound_from_bytes(bytes(s)).await {
                    sounds.push((s, snd));
                }
            }
        }
        Audio { sounds }
    }

    /// Plays this frame's sounds (each once) at the settings' volume.
    pub fn play(&self, wanted: &mut Vec<Sfx>, settings: &Settings) {
        wanted.dedup();
        if !settings.muted && settings.volume > 0.0 {
            for w in wanted.iter() {
                if let Some((_, snd)) = self.sounds.iter().find(|(s, _)| s == w) {
                    play_sound(
                        snd,
                        PlaySoundParams {
                            looped: false,
                            volume: settings.volume,
                        },
                    );
                }
            }
        }
        wanted.clear();
    }
}
