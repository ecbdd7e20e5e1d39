//! The table's animation queue: animations, log lines and pauses, played in
//! order, each for its own length of time. A log line appears when its turn
//! comes, so the log never runs ahead of the picture.

use super::card::Card;
use std::collections::VecDeque;

/// One beat of the queue.
#[derive(Clone, Debug, PartialEq)]
pub enum Beat<A, L> {
    Anim(A),
    Log(L),
    /// Seconds at normal speed (scaled like every animation).
    Pause(f32),
    /// A card held up: the queue waits until it is put down.
    Card(Card),
}

/// What the queue reports as beats start and end.
pub trait Player<A, L> {
    /// How long an animation takes at normal speed, in seconds.
    fn length(&self, anim: &A) -> f32;
    /// An animation starts (its sound, its first frame).
    fn start(&mut self, anim: &A, length: f32);
    /// An animation is over: the display takes its end state.
    fn finish(&mut self, anim: A);
    /// A log line's turn came.
    fn log(&mut self, line: L);
}

pub struct Queue<A, L> {
    beats: VecDeque<Beat<A, L>>,
    /// Seconds into the front beat.
    t: f32,
    started: bool,
}

impl<A, L> Default for Queue<A, L> {
    fn default() -> Self {
        Queue {
            beats: VecDeque::new(),
            t: 0.0,
            started: false,
        }
    }
}

impl<A: Clone, L> Queue<A, L> {
    pub fn push(&mut self, beat: Beat<A, L>) {
        self.beats.push_back(beat);
    }

    pub fn is_empty(&self) -> bool {
        self.beats.is_empty()
    }

    /// The card the queue waits on, if one is up.
    pub fn card(&self) -> Option<&Card> {
        match self.beats.front() {
            Some(Beat::Card(c)) => Some(c),
            _ => None,
        }
    }

    /// Puts the card at the front down: the queue plays on.
    pub fn put_down(&mut self) {
        if let Some(Beat::Card(_)) = self.beats.front() {
            self.beats.pop_front();
            self.t = 0.0;
            self.started = false;
        }
    }

    /// How far into the animation at the front (0 to 1), with it.
    pub fn front(&self, length: impl Fn(&A) -> f32) -> Option<(&A, f32)> {
        match self.beats.front() {
            Some(Beat::Anim(a)) => {
                let len = length(a);
                let k = if len <= 0.0 {
                    1.0
                } else {
                    (self.t / len).clamp(0.0, 1.0)
                };
                Some((a, k))
            }
            _ => None,
        }
    }

    /// Drops every beat, handing over the log lines (in order): the display
    /// is about to be set to the game as it is.
    pub fn flush(&mut self, mut log: impl FnMut(L)) {
        for b in self.beats.drain(..) {
            if let Beat::Log(line) = b {
                log(line);
            }
        }
        self.t = 0.0;
        self.started = false;
    }

    /// Plays `dt` seconds; `scale` turns a normal-speed length into this
    /// one (0: everything at once).
    pub fn run(&mut self, mut dt: f32, scale: f32, player: &mut impl Player<A, L>) {
        // Bounded: a queue of thousands of instant beats still ends.
        for _ in 0..100_000 {
            let Some(front) = self.beats.front() else {
                return;
            };
            let len = match front {
                Beat::Anim(a) => player.length(a) * scale,
                Beat::Pause(s) => s * scale,
                Beat::Log(_) => 0.0,
                // Held until the player puts it down.
                Beat::Card(_) => return,
            };
            if !self.started {
                self.started = true;
                if let Beat::Anim(a) = front {
                    let a = a.clone();
                    player.start(&a, len);
                }
            }
            if self.t + dt < len {
                self.t += dt;
                return;
            }
            dt -= (len - self.t).max(0.0);
            self.t = 0.0;
            self.started = false;
            match self.beats.pop_front() {
                Some(Beat::Anim(a)) => player.finish(a),
                Some(Beat::Log(line)) => player.log(line),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Seen(Vec<String>);

    impl Player<u32, &'static str> for Seen {
        fn length(&self, a: &u32) -> f32 {
            *a as f32
        }
        fn start(&mut self, a: &u32, _: f32) {
            self.0.push(format!("start {a}"));
        }
        fn finish(&mut self, a: u32) {
            self.0.push(format!("end {a}"));
        }
        fn log(&mut self, l: &'static str) {
            self.0.push(l.to_string());
        }
    }

    #[test]
    fn beats_play_in_order_each_for_its_length() {
        let mut q = Queue::default();
        q.push(Beat::Anim(2));
        q.push(Beat::Log("line"));
        q.push(Beat::Pause(1.0));
        q.push(Beat::Anim(1));
        let mut seen = Seen::default();
        q.run(1.0, 1.0, &mut seen);
        assert_eq!(seen.0, ["start 2"]);
        q.run(1.5, 1.0, &mut seen);
        assert_eq!(seen.0, ["start 2", "end 2", "line"]);
        q.run(1.0, 1.0, &mut seen);
        assert_eq!(seen.0, ["start 2", "end 2", "line", "start 1"]);
        q.run(0.0, 0.0, &mut seen);
        assert_eq!(seen.0.last().map(String::as_str), Some("end 1"));
        assert!(q.is_empty());
    }

    #[test]
    fn a_flush_keeps_the_log_lines() {
        let mut q = Queue::default();
        q.push(Beat::Anim(5));
        q.push(Beat::Log("a"));
        q.push(Beat::Log("b"));
        let mut lines = Vec::new();
        q.flush(|l| lines.push(l));
        assert_eq!(lines, ["a", "b"]);
        assert!(q.is_empty());
    }
}
