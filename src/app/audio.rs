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

    /// A new directory only this user can enter (mode 0700), under a name
    /// no one can guess, in the user's runtime directory (or the system's
    /// temporary one); removed when the program exits.
    pub fn private_dir() -> Option<std::path::PathBuf> {
        use std::os::unix::fs::PermissionsExt;
        let base = dirs::runtime_dir().unwrap_or_else(std::env::temp_dir);
        let dir = tempfile::Builder::new()
            .prefix("tally-ho-audio-")
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

fn find_device() -> Option<String> {
    #[cfg(target_os = "linux")]
    {
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
