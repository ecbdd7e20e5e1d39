//! The table every game is played on: the machinery the games share, with
//! each game's screen (a [`Scene`]) plugged into it for its drawing, its
//! animations and its input.
//!
//! The table owns the game and does, for every game alike:
//! - **events to animations**: each new event is applied to a copy of the
//!   state that lags behind the game, and the scene is shown the state just
//!   before and just after it, so an animation never reads a later state;
//! - **the queue and pacing**: animations and log lines play in order, at
//!   the player's animation speed; S (or Space) skips ahead;
//! - **the opponent's playback**: the computer's seats (and a recording
//!   being watched) play when the screen is quiet, one command a beat;
//! - **hand-over**: with two or more people at one machine, a blank screen
//!   hides the table until the next one takes it;
//! - **undo**: U takes back the player's last command (and the computer's
//!   after it) as far as the last die or hidden information;
//! - **the log**, and the keys the app handles: Esc, H, F5, the autosave.
//!
//! The game changes only through `Rules::play`: every rule is the engine's.

pub mod card;
pub mod message;
pub mod queue;

pub use card::{Card, CardKind, Lesson, Pointer};
pub use queue::Beat;

use super::ui::Ui;
use crate::common::game::GameKind;
use crate::common::game::{Opponent, Rules};
use crate::data::archive::Tree;
use crate::record::Player;
pub use crate::record::Shown;
use crate::saves::Slot;
use crate::settings::Settings;
use crate::sound::Sfx;
use macroquad::prelude::KeyCode;
pub use message::Message;
use queue::Queue;
use std::collections::VecDeque;

/// What a table asks of the app after a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableAction {
    None,
    Leave,
    Help,
    Save,
    Finished,
}

/// What the player's input came to this frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Act<C> {
    None,
    /// Commands to play, in order, until one is refused.
    Play(Vec<C>),
    /// A sentence for the player (why nothing happens).
    Say(String),
}

/// A game's screen: how it draws, animates and reads input.
pub trait Scene: Sized {
    type Game: Rules;
    type Anim: Clone;
    type Line: Clone;
    type Opponent: Opponent<Self::Game>;

    /// The seat's place among the players, or `None` for a seat no one
    /// holds (the family game's spinner: the table plays it).
    fn seat_index(seat: <Self::Game as Rules>::Seat) -> Option<usize>;
    /// Whose decision it is, as the screen asks it (default: the game's).
    fn decider(&self, game: &Self::Game) -> Option<<Self::Game as Rules>::Seat> {
        game.to_act()
    }
    /// The pause before the computer's next command, in animation steps.
    fn pace(&self) -> f32 {
        1.5
    }
    fn help_page(&self) -> GameKind;

    /// Lays the screen out for this frame's window.
    fn layout(&mut self, ui: &Ui, game: &Self::Game);
    /// The beats one event makes, given the state just before and just
    /// after it.
    #[allow(clippy::too_many_arguments)]
    fn animate(
        &mut self,
        game: &Self::Game,
        before: &<Self::Game as Rules>::State,
        event: &<Self::Game as Rules>::Event,
        after: &<Self::Game as Rules>::State,
        out: &mut Vec<Beat<Self::Anim, Self::Line>>,
    );
    /// How long an animation takes at normal speed, in seconds.
    fn length(&self, anim: &Self::Anim) -> f32;
    /// An animation starts: its sound, its effects.
    fn start(&mut self, anim: &Self::Anim, length: f32, sounds: &mut Vec<Sfx>);
    /// An animation is over: the display takes its end state.
    fn finish(&mut self, anim: Self::Anim);
    /// The display as the game is now (loading, undo, the end of a run).
    fn snap(&mut self, game: &Self::Game);
    /// Time passing (effects fading).
    fn tick(&mut self, _dt: f32) {}
    /// Every event is shown and every animation played: the display may
    /// make sure it ends where the game is.
    fn settle(&mut self, _game: &Self::Game) {}
    /// A human's input for `seat` on a quiet screen.
    fn input(
        &mut self,
        ui: &mut Ui,
        game: &Self::Game,
        seat: <Self::Game as Rules>::Seat,
        table: &Shared<Self>,
    ) -> Act<<Self::Game as Rules>::Command>;
    /// Draws the table.
    fn draw(&mut self, ui: &mut Ui, game: &Self::Game, table: &Shared<Self>, settings: &Settings);
    /// The blank screen that asks the next player to take the machine.
    fn draw_handover(
        &self,
        ui: &Ui,
        game: &Self::Game,
        seat: <Self::Game as Rules>::Seat,
        table: &Shared<Self>,
    );
    /// A line for the log when a player takes a move back.
    fn took_back(&self, game: &Self::Game, seat: <Self::Game as Rules>::Seat) -> Self::Line;
    /// A command was played (the screen forgets what it had half-built).
    fn played(&mut self, _game: &Self::Game) {}
    /// What a guided first game explains about this event, if it is a kind
    /// of thing not seen before (the table explains each topic once).
    fn lessons(
        &self,
        _game: &Self::Game,
        _before: &<Self::Game as Rules>::State,
        _event: &<Self::Game as Rules>::Event,
        _after: &<Self::Game as Rules>::State,
    ) -> Vec<Lesson> {
        Vec::new()
    }
    /// Where a card is held up (the board, so that the panel beside it
    /// stays in sight); the whole window if `None`.
    fn card_area(&self) -> Option<macroquad::prelude::Rect> {
        None
    }
    /// In a guided first game: the next thing for `seat` to do, in one
    /// sentence, and where on the screen (as last laid out) it is done.
    fn pointer(
        &self,
        _game: &Self::Game,
        _seat: <Self::Game as Rules>::Seat,
        _table: &Shared<Self>,
    ) -> Option<Pointer> {
        None
    }
}

/// What the table keeps besides the game and the scene: what the scene
/// reads when it draws and reads input.
pub struct Shared<S: Scene> {
    pub players: Vec<Player>,
    pub log: Vec<S::Line>,
    /// Lines scrolled back from the newest.
    pub log_scroll: usize,
    pub message: Option<Message>,
    /// The bottom bar's line as last drawn.
    pub status: String,
    /// A recording being watched: nobody plays.
    pub watching: bool,
    /// The seat whose eyes the screen shows (the last human at the machine).
    pub viewer: Option<<S::Game as Rules>::Seat>,
    /// The person who gave the last command (what U takes back).
    pub last_mover: Option<<S::Game as Rules>::Seat>,
    /// Every seat a person holds is the same person's (a campaign's
    /// squadrons on the family board, all the RAF player's): the machine
    /// never changes hands between them.
    pub one_person: bool,
    /// A guided first game: the guide's sentence for the bottom bar (the
    /// next thing to do), when it has one now.
    pub guide: Option<String>,
    queue: Queue<S::Anim, S::Line>,
}

impl<S: Scene> Shared<S> {
    pub fn busy(&self) -> bool {
        !self.queue.is_empty()
    }

    /// Whether a person plays `seat`.
    pub fn is_human(&self, seat: <S::Game as Rules>::Seat) -> bool {
        !self.watching
            && S::seat_index(seat).is_some_and(|i| self.players.get(i).is_some_and(|p| p.human))
    }

    /// How many people sit at the machine.
    fn humans(&self) -> usize {
        let seats = self.players.iter().filter(|p| p.human).count();
        if self.one_person {
            seats.min(1)
        } else {
            seats
        }
    }

    /// Whether the machine must change hands for `next` after `viewer`:
    /// another person's seat, or a viewer from outside this table's seats
    /// (the other side of a campaign, whose fight this is not).
    fn hands_change(
        &self,
        viewer: <S::Game as Rules>::Seat,
        next: <S::Game as Rules>::Seat,
    ) -> bool {
        if viewer == next {
            return false;
        }
        let ours = self.is_human(viewer);
        !(self.one_person && ours && self.is_human(next)) && (self.humans() > 1 || !ours)
    }

    /// The animation at the front of the queue and how far it has played.
    pub fn front(&self, length: impl Fn(&S::Anim) -> f32) -> Option<(&S::Anim, f32)> {
        self.queue.front(length)
    }

    /// The card held up, if one is.
    pub fn card(&self) -> Option<&Card> {
        self.queue.card()
    }
}

/// A game on its table.
pub struct Table<S: Scene> {
    pub game: S::Game,
    pub scene: S,
    pub shared: Shared<S>,
    opponent: S::Opponent,
    /// A recording being watched: its commands, in order.
    script: Option<VecDeque<<S::Game as Rules>::Command>>,
    /// Events shown so far, and the state as they left it.
    shown: usize,
    shown_state: <S::Game as Rules>::State,
    /// Two or more people: the seat that must press a key before it sees.
    pub handover: Option<<S::Game as Rules>::Seat>,
    ai_wait: f32,
    skip: bool,
    pub sounds: Vec<Sfx>,
    /// Where the game is kept: its slot, its data, whether a save is due.
    pub keep: Keeping,
    /// The guide's state in this game (on or off, what it has explained).
    pub guide: Guide,
    /// How far the player has seen the game (kept in its saves).
    pub settled: Shown,
}

/// What a table keeps for saving its game.
#[derive(Clone, Debug, Default)]
pub struct Keeping {
    /// The slot the game was loaded from or last saved in.
    pub slot: Option<Slot>,
    /// The earlier data tree the game plays on (a game saved on it); none:
    /// today's data.
    pub data: Option<&'static Tree>,
    /// The game changed since it was last autosaved (a command played or
    /// taken back, a card put down).
    pub autosave_due: bool,
    /// This table wrote its game's autosave (so that, once the game is
    /// over, the autosave it wrote is cleared, and no other).
    pub autosaved: bool,
}

/// A guided first game: whether the guide is on, and the topics it has
/// explained in this game (each once).
#[derive(Clone, Debug, Default)]
pub struct Guide {
    pub on: bool,
    pub taught: Vec<String>,
    /// Seconds the guide's ring has pulsed.
    t: f32,
    /// The table has been shown with the guide on (its opening explained).
    opened: bool,
}

/// A table without its game, while the game is played on another table
/// (the campaign's intercept on the board): the scene, the log, the queue
/// and what was shown so far wait here until the game comes back.
pub struct Parked<S: Scene> {
    pub scene: S,
    pub shared: Shared<S>,
    opponent: S::Opponent,
    script: Option<VecDeque<<S::Game as Rules>::Command>>,
    shown: usize,
    shown_state: <S::Game as Rules>::State,
    handover: Option<<S::Game as Rules>::Seat>,
    ai_wait: f32,
    skip: bool,
    sounds: Vec<Sfx>,
    keep: Keeping,
    guide: Guide,
    settled: Shown,
}

/// The scene's player for the queue: the scene, and the table's log and sounds.
struct Playing<'a, S: Scene> {
    scene: &'a mut S,
    log: &'a mut Vec<S::Line>,
    log_scroll: &'a mut usize,
    sounds: &'a mut Vec<Sfx>,
}

impl<S: Scene> queue::Player<S::Anim, S::Line> for Playing<'_, S> {
    fn length(&self, anim: &S::Anim) -> f32 {
        self.scene.length(anim)
    }
    fn start(&mut self, anim: &S::Anim, length: f32) {
        self.scene.start(anim, length, self.sounds);
    }
    fn finish(&mut self, anim: S::Anim) {
        self.scene.finish(anim);
    }
    fn log(&mut self, line: S::Line) {
        self.log.push(line);
        *self.log_scroll = 0;
    }
}

impl<S: Scene> Parked<S> {
    /// The guide's topics explained on the table before it was parked.
    pub fn taught(&self) -> &[String] {
        &self.guide.taught
    }

    /// The table's opponent, waiting with it.
    pub fn opponent(&self) -> &S::Opponent {
        &self.opponent
    }
}

impl<S: Scene> Table<S> {
    /// A game on its table; what already happened is logged, not animated.
    pub fn new(game: S::Game, scene: S, players: Vec<Player>, opponent: S::Opponent) -> Table<S> {
        let shown_state = game.state().clone();
        let mut t = Table {
            shown: game.events().len(),
            shown_state,
            game,
            scene,
            shared: Shared {
                players,
                log: Vec::new(),
                log_scroll: 0,
                message: None,
                status: String::new(),
                watching: false,
                viewer: None,
                last_mover: None,
                one_person: false,
                guide: None,
                queue: Queue::default(),
            },
            opponent,
            script: None,
            handover: None,
            ai_wait: 0.0,
            skip: false,
            sounds: Vec::new(),
            keep: Keeping::default(),
            guide: Guide::default(),
            settled: Shown::default(),
        };
        t.log_history();
        t.snap();
        t
    }

    /// The game leaves the table (to be played on another), and the
    /// table waits without it.
    pub fn into_parts(self) -> (S::Game, Parked<S>) {
        let Table {
            game,
            scene,
            shared,
            opponent,
            script,
            shown,
            shown_state,
            handover,
            ai_wait,
            skip,
            sounds,
            keep,
            guide,
            settled,
        } = self;
        let parked = Parked {
            scene,
            shared,
            opponent,
            script,
            shown,
            shown_state,
            handover,
            ai_wait,
            skip,
            sounds,
            keep,
            guide,
            settled,
        };
        (game, parked)
    }

    /// The game comes back to its table: what happened to it meanwhile is
    /// shown from where the table left off.
    pub fn from_parts(game: S::Game, parked: Parked<S>) -> Table<S> {
        let Parked {
            scene,
            shared,
            opponent,
            script,
            shown,
            shown_state,
            handover,
            ai_wait,
            skip,
            sounds,
            keep,
            guide,
            settled,
        } = parked;
        Table {
            game,
            scene,
            shared,
            opponent,
            script,
            shown,
            shown_state,
            handover,
            ai_wait,
            skip,
            sounds,
            keep,
            guide,
            settled,
        }
    }

    /// Watches a recording: `game` before its first command, then `commands`.
    pub fn replay(mut self, commands: Vec<<S::Game as Rules>::Command>) -> Table<S> {
        self.script = Some(commands.into());
        self.shared.watching = true;
        self
    }

    pub fn is_watching(&self) -> bool {
        self.script.is_some()
    }

    pub fn busy(&self) -> bool {
        self.shared.busy()
    }

    /// Nothing moves until a person does: no animation plays and no
    /// computer or recording is about to play.
    pub fn at_rest(&self) -> bool {
        if self.shared.card().is_some() {
            // Waiting for the player to put the card down.
            return true;
        }
        // Events played but not yet shown are still to move.
        !self.busy()
            && self.shown == self.game.events().len()
            && (self.game.is_over() || self.handover.is_some() || self.human_turn().is_some())
    }

    /// A new game's opening explained: what its first events (before any
    /// command) are, as the guide explains them.
    fn first_lessons(&mut self) {
        if !self.game.commands().is_empty() || self.shared.watching {
            return;
        }
        let mut state = self.game.initial_state();
        for ev in self.game.events()[..self.shown.min(self.game.events().len())].iter() {
            let before = state.clone();
            S::Game::apply(&mut state, ev);
            for l in self.scene.lessons(&self.game, &before, ev, &state) {
                if !self.guide.taught.iter().any(|t| t == l.topic) {
                    self.guide.taught.push(l.topic.to_string());
                    self.shared
                        .queue
                        .push(Beat::Card(Card::lesson(l.title, l.text)));
                }
            }
        }
    }

    /// The events so far, logged without animation (a game just loaded).
    fn log_history(&mut self) {
        let events = self.game.events();
        let mut beats = Vec::new();
        let mut state = self.game.initial_state();
        for ev in events {
            let before = state.clone();
            S::Game::apply(&mut state, ev);
            self.scene
                .animate(&self.game, &before, ev, &state, &mut beats);
        }
        for b in beats {
            if let Beat::Log(line) = b {
                self.shared.log.push(line);
            }
        }
    }

    /// The display follows the game exactly (loading, undo).
    fn snap(&mut self) {
        let log = &mut self.shared.log;
        self.shared.queue.flush(|l| log.push(l));
        self.shown = self.game.events().len();
        self.shown_state = self.game.state().clone();
        self.scene.snap(&self.game);
        self.skip = false;
    }

    /// Whose decision it is, as the screen asks it.
    pub fn decider(&self) -> Option<<S::Game as Rules>::Seat> {
        self.scene.decider(&self.game)
    }

    /// The human whose decision it is, if it is a human's.
    pub fn human_turn(&self) -> Option<<S::Game as Rules>::Seat> {
        if self.script.is_some() {
            return None;
        }
        self.decider().filter(|&s| self.shared.is_human(s))
    }

    /// New events to beats.
    fn absorb(&mut self) {
        let n = self.game.events().len();
        if self.shown > n {
            // The game was replaced behind the table's back: follow it.
            self.snap();
            return;
        }
        let mut beats = Vec::new();
        while self.shown < n {
            let ev = &self.game.events()[self.shown];
            let before = self.shown_state.clone();
            S::Game::apply(&mut self.shown_state, ev);
            self.scene
                .animate(&self.game, &before, ev, &self.shown_state, &mut beats);
            if self.guide.on && !self.shared.watching {
                for l in self
                    .scene
                    .lessons(&self.game, &before, ev, &self.shown_state)
                {
                    if !self.guide.taught.iter().any(|t| t == l.topic) {
                        self.guide.taught.push(l.topic.to_string());
                        beats.push(Beat::Card(Card::lesson(l.title, l.text)));
                    }
                }
            }
            self.shown += 1;
        }
        for b in beats {
            self.shared.queue.push(b);
        }
    }

    fn run(&mut self, dt: f32, settings: &Settings) {
        let k = settings.anim.step_seconds();
        let scale = if k == 0.0 || self.skip { 0.0 } else { k / 0.18 };
        let was_busy = self.shared.busy();
        let mut p = Playing {
            scene: &mut self.scene,
            log: &mut self.shared.log,
            log_scroll: &mut self.shared.log_scroll,
            sounds: &mut self.sounds,
        };
        self.shared.queue.run(dt, scale, &mut p);
        if was_busy && !self.shared.busy() && self.shown == self.game.events().len() {
            self.scene.settle(&self.game);
        }
    }

    /// Plays a command; a refusal is shown. True if it was played.
    pub fn play(&mut self, cmd: <S::Game as Rules>::Command) -> bool {
        let by = self.human_turn();
        match self.game.play(cmd) {
            Ok(()) => {
                self.keep.autosave_due = true;
                self.shared.message = None;
                if by.is_some() {
                    self.shared.last_mover = by;
                    self.ai_wait = 0.0;
                }
                self.scene.played(&self.game);
                true
            }
            Err(e) => {
                self.shared.message = Some(Message::refusal(e.to_string()));
                false
            }
        }
    }

    /// Takes back the last human's command (and the computer's after it),
    /// no further than the last die or hidden information, and never
    /// another person's.
    fn undo(&mut self) {
        let Some(seat) = self.shared.last_mover.or_else(|| self.human_turn()) else {
            self.shared.message = Some(Message::refusal("Only your own moves can be taken back."));
            return;
        };
        let mut g = self.game.clone();
        // Bounded: the computer's commands after the player's are few.
        for _ in 0..64 {
            let Some(prev) = g.undo() else { break };
            g = prev;
            match g.to_act() {
                Some(s) if s == seat => {
                    self.game = g;
                    self.snap();
                    let line = self.scene.took_back(&self.game, seat);
                    self.shared.log.push(line);
                    self.keep.autosave_due = true;
                    self.handover = None;
                    self.shared.viewer = Some(seat);
                    self.shared.last_mover = None;
                    self.shared.message = Some(Message::info("Took back the last action."));
                    return;
                }
                Some(s) if self.shared.is_human(s) => {
                    self.shared.message = Some(Message::refusal("That was the other side's move."));
                    return;
                }
                _ => {}
            }
        }
        self.shared.message = Some(Message::refusal(
            "Nothing to take back since the last roll of the dice.",
        ));
    }

    /// One frame: time, input, the opponent, and the picture.
    pub fn frame(&mut self, ui: &mut Ui, settings: &Settings) -> TableAction {
        self.guide.on = settings.guides(<S::Game as Rules>::KIND);
        if self.guide.on && !self.guide.opened {
            self.guide.opened = true;
            self.first_lessons();
        }
        message::expire(&mut self.shared.message, self.game.events().len());
        self.scene.layout(ui, &self.game);
        self.absorb();
        let dt = ui.input.dt;
        self.run(dt, settings);
        self.scene.tick(dt);
        self.settle();

        if ui.input.key(KeyCode::Escape) {
            return TableAction::Leave;
        }
        if ui.input.key(KeyCode::H) || ui.input.key(KeyCode::F1) {
            return TableAction::Help;
        }
        let action = if ui.input.key(KeyCode::F5) {
            TableAction::Save
        } else {
            TableAction::None
        };

        // A card held up: the table waits until it is put down.
        if let Some(card) = self.shared.card().cloned() {
            self.shared.guide = None;
            self.draw(ui, settings);
            let area = self
                .scene
                .card_area()
                .unwrap_or(macroquad::prelude::Rect::new(0.0, 0.0, ui.w, ui.h));
            if card::show(ui, &card, area) {
                self.shared.queue.put_down();
                self.settle();
            }
            return action;
        }

        // Two or more people: the machine changes hands before the next one
        // sees the table. Only a later key or click dismisses the screen,
        // so the last player's key cannot skip it unseen.
        if !self.busy() && self.handover.is_none() {
            if let Some(seat) = self.human_turn() {
                match self.shared.viewer {
                    Some(v) if self.shared.hands_change(v, seat) => {
                        self.handover = Some(seat);
                        self.scene.draw_handover(ui, &self.game, seat, &self.shared);
                        return action;
                    }
                    None => self.shared.viewer = Some(seat),
                    _ => {}
                }
            }
        }
        if let Some(seat) = self.handover {
            if ui.input.key(KeyCode::U) && self.shared.last_mover.is_some() {
                // The last player, before letting go of the machine.
                self.undo();
                self.draw(ui, settings);
                return action;
            }
            self.scene.draw_handover(ui, &self.game, seat, &self.shared);
            if ui.input.clicked || !ui.input.keys.is_empty() {
                self.handover = None;
                self.shared.viewer = Some(seat);
            }
            return action;
        }

        if self.game.is_over() && !self.busy() {
            self.draw(ui, settings);
            return TableAction::Finished;
        }
        if ui.input.key(KeyCode::U) && self.script.is_none() {
            self.undo();
        }

        if !self.busy() && self.human_turn().is_none() && !self.game.is_over() {
            self.opponent_plays(ui, dt, settings);
        } else if !self.busy() {
            if let Some(seat) = self.human_turn() {
                self.skip = false;
                if self.shared.humans() <= 1 || self.shared.viewer.is_none() {
                    self.shared.viewer = Some(seat);
                }
                match self.scene.input(ui, &self.game, seat, &self.shared) {
                    Act::None => {}
                    Act::Say(s) => self.shared.message = Some(Message::refusal(s)),
                    Act::Play(cmds) => {
                        for c in cmds {
                            if !self.play(c) {
                                break;
                            }
                        }
                    }
                }
            }
        } else if ui.input.key(KeyCode::S) || ui.input.key(KeyCode::Space) {
            self.skip = true;
        }
        self.draw(ui, settings);
        action
    }

    /// The computer's seats (or a recording) play when the screen is quiet,
    /// one command a beat (all at once when skipping or at instant speed).
    fn opponent_plays(&mut self, ui: &Ui, dt: f32, settings: &Settings) {
        if ui.input.key(KeyCode::S) || ui.input.key(KeyCode::Space) {
            self.skip = true;
        }
        self.ai_wait += dt;
        let step = settings.anim.step_seconds();
        let wait = if self.skip || step == 0.0 {
            0.0
        } else if self.shared.last_mover.is_some()
            && self.game.undo_point() < self.game.commands().len()
        {
            // A moment to take a mis-click back before the game moves on.
            (step * self.scene.pace()).max(0.9)
        } else {
            step * self.scene.pace()
        };
        let mut budget = if wait == 0.0 { 400 } else { 1 };
        while budget > 0 && self.ai_wait >= wait && self.human_turn().is_none() {
            budget -= 1;
            let Some(seat) = self.decider() else { break };
            let cmd = match &mut self.script {
                Some(s) => s.pop_front(),
                None => self.opponent.decide(&self.game, seat),
            };
            let Some(c) = cmd else { break };
            if !self.play(c) {
                // The opponent never plays a refused command; say so and stop.
                break;
            }
            self.ai_wait = 0.0;
            if self.game.is_over() {
                break;
            }
            self.absorb();
            if self.busy() && wait > 0.0 {
                break;
            }
            self.run(0.0, settings);
        }
    }

    fn draw(&mut self, ui: &mut Ui, settings: &Settings) {
        // The guide's next step, for the bottom bar and a ring round it.
        let pointer = match (self.guide.on, self.human_turn()) {
            (true, Some(seat)) if !self.busy() && self.handover.is_none() => {
                self.scene.pointer(&self.game, seat, &self.shared)
            }
            _ => None,
        };
        self.shared.guide = pointer.as_ref().map(|p| p.text.clone());
        self.scene.draw(ui, &self.game, &self.shared, settings);
        if let Some(at) = pointer.and_then(|p| p.at) {
            self.guide.t += ui.input.dt;
            card::ring(ui, at, self.guide.t);
        }
    }

    /// Draws the table as it stands, reading no input and moving nothing
    /// (under a dialog about it).
    pub fn paint(&mut self, ui: &mut Ui, settings: &Settings) {
        self.scene.layout(ui, &self.game);
        let guide = self.shared.guide.take();
        self.scene.draw(ui, &self.game, &self.shared, settings);
        self.shared.guide = guide;
    }

    /// Scrolls the log (the wheel over it).
    pub fn scroll_log(&mut self, wheel: f32) {
        let n = self.shared.log.len();
        if wheel > 0.0 {
            self.shared.log_scroll = (self.shared.log_scroll + 3).min(n.saturating_sub(1));
        } else if wheel < 0.0 {
            self.shared.log_scroll = self.shared.log_scroll.saturating_sub(3);
        }
    }

    /// Replaces the game (a rebuilt one): the display follows it.
    pub fn set_game(&mut self, game: S::Game) {
        self.game = game;
        self.snap();
    }

    /// Holds a card up on the table, after whatever is still to be shown
    /// (how a save of an earlier version came back, say).
    pub fn hold_up(&mut self, card: Card) {
        self.shared.queue.push(Beat::Card(card));
    }

    /// Once every event is shown and no card is up, the player has seen
    /// the game as it is: what a save keeps for Continue moves on (and a
    /// save is due if it moved).
    fn settle(&mut self) {
        if self.busy() || self.shown != self.game.events().len() {
            return;
        }
        let commands = self.game.commands().len();
        if self.settled.commands != commands || self.settled.taught != self.guide.taught {
            self.settled = Shown {
                commands,
                taught: self.guide.taught.clone(),
            };
            self.keep.autosave_due = true;
        }
    }

    /// The table takes up a game left part-way: the table was made with
    /// the game as the player had seen it (`seen`'s commands played), and
    /// `game` is the same game as they left it; what the player had not
    /// seen yet plays on the table (its animations, its cards).
    pub fn resume(&mut self, game: S::Game, seen: Shown) {
        self.game = game;
        self.guide.taught = seen.taught.clone();
        self.guide.opened = true;
        self.settled = seen;
    }
}
