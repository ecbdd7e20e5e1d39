//! `tally-ho` with no command: the game in its window (or a scripted game,
//! the monkey, the frame benchmark); and `gen-sounds`.

use super::{say, Cli, Res};
#[cfg(feature = "window")]
use crate::app::script::Only;
#[cfg(feature = "window")]
use crate::app::window;
use crate::data;

#[cfg(feature = "window")]
pub(super) fn play(cli: &Cli) -> Res {
    let mode = if let Some(n) = cli.bench_frames {
        window::Mode::Bench(n)
    } else if let Some(n) = cli.monkey {
        window::Mode::Monkey(n, cli.seed)
    } else if let Some(who) = &cli.script {
        // solo, two (Simple Hex); family1 to family4 (the full board) and
        // kitchen1 to kitchen4 (the small board): that many human commanders.
        let family = |w: &str, prefix: &str| {
            w.strip_prefix(prefix)
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|n| (1..=4).contains(n))
        };
        if let Some(n) = family(who, "family") {
            window::Mode::FamilyScript {
                commanders: n,
                board: 0,
                seed: cli.seed,
                shots: cli.shots.clone(),
            }
        } else if let Some(n) = family(who, "kitchen") {
            window::Mode::FamilyScript {
                commanders: n,
                board: 1,
                seed: cli.seed,
                shots: cli.shots.clone(),
            }
        } else if who == "blitz" {
            window::Mode::BlitzScript {
                shots: cli.shots.clone(),
            }
        } else if who == "tour" {
            window::Mode::Tour {
                shots: cli.shots.clone(),
            }
        } else if let Some(only) = match who.as_str() {
            "campaign" => Some(Only::Intercepts),
            "campaign-sweep" => Some(Only::Sweeps),
            "campaign-dogfight" => Some(Only::Dogfights),
            "campaign-family" => Some(Only::Family),
            _ => None,
        } {
            window::Mode::CampaignScript {
                seed: cli.seed,
                shots: cli.shots.clone(),
                only,
            }
        } else {
            let players = match who.as_str() {
                "solo" => 0,
                "two" => 2,
                other => {
                    return Err(format!(
                        "--script takes solo, two, blitz, campaign, campaign-sweep, campaign-dogfight, campaign-family, tour, family1-4 or kitchen1-4, not {other}"
                    )
                    .into())
                }
            };
            window::Mode::Script {
                players,
                seed: cli.seed,
                shots: cli.shots.clone(),
            }
        }
    } else {
        window::Mode::Play
    };
    if cli.audit_text && cli.script.is_none() {
        return Err("--audit-text goes with --script".into());
    }
    window::run(
        mode,
        cli.window.unwrap_or(window::DEFAULT_SIZE),
        cli.audit_text,
    )?;
    Ok(())
}

#[cfg(not(feature = "window"))]
pub(super) fn play(_cli: &Cli) -> Res {
    Err("this build has no window: build with the default `window` feature to play".into())
}

pub(super) fn gen_sounds(dir: &std::path::Path) -> Res {
    for s in crate::sound::Sfx::ALL {
        let path = dir.join(s.file_name());
        data::write_atomic_bytes(&path, &crate::sound::wav(s))?;
        say!("wrote {}", path.display());
    }
    Ok(())
}
