//! The game's sounds, synthesised: engines, guns, hits, explosions, bombs, dice
//! and a click. `tally-ho gen-sounds DIR` writes them as 16-bit mono WAV files
//! (`assets/sounds/` holds its output, which the game embeds); a test checks the
//! committed files are exactly what this code makes. Noise comes from a fixed
//! xorshift seed, so the output never changes by accident.

use std::f32::consts::TAU;

pub const RATE: u32 = 22_050;

/// Every sound effect, with its file name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    Engine,
    Guns,
    Hit,
    Explosion,
    Bomb,
    Dice,
    Click,
}

impl Sfx {
    pub const ALL: [Sfx; 7] = [
        Sfx::Engine,
        Sfx::Guns,
        Sfx::Hit,
        Sfx::Explosion,
        Sfx::Bomb,
        Sfx::Dice,
        Sfx::Click,
    ];

    pub fn file_name(self) -> &'static str {
        match self {
            Sfx::Engine => "engine.wav",
            Sfx::Guns => "guns.wav",
            Sfx::Hit => "hit.wav",
            Sfx::Explosion => "explosion.wav",
            Sfx::Bomb => "bomb.wav",
            Sfx::Dice => "dice.wav",
            Sfx::Click => "click.wav",
        }
    }
}

struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

fn samples(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// The waveform of a sound, samples in -1..1.
pub fn synth(sfx: Sfx) -> Vec<f32> {
    let mut noise = Noise(0x2545_F491 ^ (sfx as u32 * 7919));
    let t = |i: usize| i as f32 / RATE as f32;
    match sfx {
        Sfx::Engine => {
            // A throbbing low drone: two detuned saws with a slow beat.
            let n = samples(0.9);
            (0..n)
                .map(|i| {
                    let x = t(i);
                    let saw = |f: f32| 2.0 * (x * f - (x * f + 0.5).floor());
                    let env = (x / 0.08).min(1.0) * ((0.9 - x) / 0.2).clamp(0.0, 1.0);
                    let beat = 0.75 + 0.25 * (TAU * 9.0 * x).sin();
                    0.35 * env * beat * (saw(82.0) + saw(84.5)) * 0.5
                })
                .collect()
        }
        Sfx::Guns => {
            // A burst of eight sharp noise pops.
            let n = samples(0.45);
            (0..n)
                .map(|i| {
                    let x = t(i);
                    let k = (x / 0.055).fract() * 0.055;
                    let pop = (-k * 90.0).exp();
                    0.8 * pop * noise.next()
                })
                .collect()
        }
        Sfx::Hit => {
            let n = samples(0.25);
            (0..n)
                .map(|i| {
                    let x = t(i);
                    let env = (-x * 22.0).exp();
                    0.7 * env * (0.6 * noise.next() + 0.4 * (TAU * 180.0 * x).sin())
                })
                .collect()
        }
        Sfx::Explosion => {
            // Low-passed noise with a long tail.
            let n = samples(1.2);
            let mut lp = 0.0f32;
            (0..n)
                .map(|i| {
                    let x = t(i);
                    lp += 0.08 * (noise.next() - lp);
                    let env = (x / 0.01).min(1.0) * (-x * 3.2).exp();
                    (2.4 * env * lp).clamp(-1.0, 1.0)
                })
                .collect()
        }
        Sfx::Bomb => {
            // A falling whistle, then a thump.
            let n = samples(1.1);
            let mut phase = 0.0f32;
            let mut lp = 0.0f32;
            (0..n)
                .map(|i| {
                    let x = t(i);
                    if x < 0.7 {
                        phase += TAU * (1400.0 - 1200.0 * x / 0.7) / RATE as f32;
                        0.25 * phase.sin() * (x / 0.05).min(1.0)
                    } else {
                        lp += 0.05 * (noise.next() - lp);
                        let e = (-(x - 0.7) * 9.0).exp();
                        (3.0 * e * lp + 0.5 * e * (TAU * 55.0 * x).sin()).clamp(-1.0, 1.0)
                    }
                })
                .collect()
        }
        Sfx::Dice => {
            // A few clicks of dice on a table.
            let n = samples(0.35);
            let hits = [0.0, 0.07, 0.12, 0.2, 0.26];
            (0..n)
                .map(|i| {
                    let x = t(i);
                    let v: f32 = hits
                        .iter()
                        .filter(|&&h| x >= h)
                        .map(|&h| (-(x - h) * 260.0).exp())
                        .sum();
                    0.6 * v.min(1.0) * noise.next()
                })
                .collect()
        }
        Sfx::Click => {
            let n = samples(0.05);
            (0..n)
                .map(|i| {
                    let x = t(i);
                    0.4 * (-x * 120.0).exp() * (TAU * 1200.0 * x).sin()
                })
                .collect()
        }
    }
}

/// A 16-bit mono PCM WAV file of the sound.
pub fn wav(sfx: Sfx) -> Vec<u8> {
    let data: Vec<i16> = synth(sfx)
        .iter()
        .map(|s| (s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16)
        .collect();
    let bytes = (data.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + bytes as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + bytes).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&bytes.to_le_bytes());
    for s in data {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_audible_and_in_range() {
        for s in Sfx::ALL {
            let w = synth(s);
            assert!(!w.is_empty());
            assert!(w.iter().all(|v| (-1.0..=1.0).contains(v)), "{s:?}");
            let peak = w.iter().fold(0.0f32, |a, v| a.max(v.abs()));
            assert!(peak > 0.1, "{s:?} is too quiet: {peak}");
            let wav = wav(s);
            assert_eq!(&wav[..4], b"RIFF");
            assert_eq!(wav.len(), 44 + 2 * w.len());
        }
    }
}
