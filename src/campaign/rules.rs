//! `levels/campaign/campaign.ron`: the campaign's calendar, phases, weather,
//! order-of-battle events, target-deck configurations and victory numbers,
//! as the amendments give them (and, where they are silent, as we chose).

use super::data::{CampaignData, Group, Luftflotte, Role};
use super::deck::{CardKind, DeckConfig};
use super::dice::{DieFaces, Face, Pair};
use crate::common::invalid::{earlier_same, too_long};
use crate::common::Invalid;
use crate::common::Side;
use crate::simple_hex::{AircraftFile, SimpleHexValues};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The five ways the sheet offers to decide the weather.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum WeatherRule {
    /// Both sides throw one die; which pairs give a respite depends on the phase.
    PhaseDice,
    /// The same pairs every turn ("Alternative Weather Rule").
    SingleDice,
    /// No weather: a shorter campaign of flying turns only.
    Shortened,
    /// Four black and seven red playing cards, one drawn each turn.
    Cards,
    /// The respites of 1940: turns 1, 4, 7 and 10.
    Historical,
}

impl WeatherRule {
    pub const ALL: [WeatherRule; 5] = [
        WeatherRule::PhaseDice,
        WeatherRule::SingleDice,
        WeatherRule::Shortened,
        WeatherRule::Cards,
        WeatherRule::Historical,
    ];

    pub fn name(self) -> &'static str {
        match self {
            WeatherRule::PhaseDice => "dice by phase",
            WeatherRule::SingleDice => "single dice",
            WeatherRule::Shortened => "shortened campaign",
            WeatherRule::Cards => "weather cards",
            WeatherRule::Historical => "historical weather",
        }
    }
}

/// Something the order of battle (or the rules) does at the start of a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TurnEvent {
    /// A new phase: its target deck is configured (see `PhaseSetup::deck`).
    NewPhase(u8),
    /// The squadron rotations of set `n` (voluntary, lost if unused).
    Rotate(u8),
    /// Remove this many bomb hits from every city.
    RepairCities(u8),
    WithdrawDefiants,
    WithdrawStukas,
    /// An allied Hurricane squadron: rebuilt from the group's damaged box.
    Reinforce {
        squadron: String,
        group: u8,
    },
    /// The 303 Squadron ace marker, to a wing of this group.
    Ace {
        group: u8,
    },
    BigWing,
    /// Geschwader of this Luftflotte may have 7 squadrons.
    SevenSquadronGeschwader {
        luftflotte: u8,
    },
    /// Luftflotte 5 must attack this turn or be withdrawn.
    Luftflotte5MustCommit,
    /// The British throw for replacements this many times this turn.
    RepairThrows(u8),
    /// Squadrons stood down this turn count as lost at the end.
    StoodDownCountAsLost,
}

/// One squadron rotation: `count` combat-ready squadrons of `kind` go from
/// one group to another (a damaged one of the same type comes back ready).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rotation {
    pub from_group: u8,
    pub to_group: u8,
    /// The type the donating group sends (damages).
    pub kind: String,
    pub count: u8,
    /// The type the receiving group rebuilds, if not the same (the sheet's
    /// turn-9 swap of a 13 Group Hurricane for an 11 Group Spitfire).
    #[serde(default)]
    pub receives: Option<String>,
}

/// A phase of the battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseSetup {
    pub name: String,
    /// Dice pairs on which the Luftwaffe does not fly (dice by phase).
    pub respite_dice: Vec<Pair>,
    /// The share of respite turns the sheet states for the phase.
    pub stated_respite: (u32, u32),
    pub deck: DeckConfig,
}

/// The turns of a campaign: which phase each belongs to, and the events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Calendar {
    pub turns: u8,
    /// For each phase (by index into `phases`), its first and last turn.
    pub phase_turns: Vec<(u8, u8)>,
    pub events: Vec<(u8, TurnEvent)>,
}

impl Calendar {
    /// The phase (index) a turn belongs to.
    pub fn phase_of(&self, turn: u8) -> Option<usize> {
        self.phase_turns
            .iter()
            .position(|&(a, b)| (a..=b).contains(&turn))
    }

    /// The events at the start of `turn`, in file order.
    pub fn events_at(&self, turn: u8) -> impl Iterator<Item = &TurnEvent> {
        self.events
            .iter()
            .filter(move |(t, _)| *t == turn)
            .map(|(_, e)| e)
    }
}

/// The base game's numbers for flying raids ("as per PSC RAW"). PSC's
/// rulebook is not available, so every value here is our reconstruction
/// (docs/RULES.md), kept as data so that it can be tuned and tested.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaidRules {
    /// Target cards the German hand is filled to at mission assignment.
    pub hand: u8,
    /// Squares a geschwader moves in a Tally Ho phase while it flies with
    /// short-range squadrons (Bf 109s, Ju 87s)...
    pub geschwader_move: u8,
    /// ...and without them.
    pub geschwader_move_long: u8,
    /// Squares a wing moves in RAF movement.
    pub raf_move: u8,
    /// Tally Ho phases in a turn at most.
    pub tally_ho_phases: u8,
    /// Take-off waves: a geschwader takes off in Tally Ho phase 1 to this.
    pub waves: u8,
    /// A radar station watches the squares within this many of it.
    pub radar_reach: u8,
    /// Short-range squadrons that flew further than this from their base
    /// check fuel on the way home...
    pub fuel_range: u8,
    /// ...and are lost on this face of the Luftwaffe die.
    pub fuel_out: Face,
    /// The face of the RAF (white) die that scores a hit.
    pub raf_hit: Face,
    /// The face of the Luftwaffe (black) die that scores a hit.
    pub luftwaffe_hit: Face,
    /// The face of the Luftwaffe die that is a bomb hit on the target...
    pub bomb_hit: Face,
    /// ...and of the RAF die that is an anti-aircraft hit.
    pub aa_hit: Face,
    /// The face of the RAF die that is a successful production die.
    pub production_success: Face,
    /// Production dice for each aircraft factory still standing.
    pub factory_dice: u8,
    /// Anti-aircraft dice over a target of each kind; each hit cancels a
    /// bomb die.
    pub aa_dice: Vec<(CardKind, u8)>,
    /// Gruppen a geschwader forms in a dogfight, and squadrons a gruppe may hold.
    pub gruppen: u8,
    pub gruppe_max: u8,
    /// Luftflotte 2's geschwader from turn 9 ("reinforced to 7 squadrons").
    pub big_geschwader: u8,
    /// Extra dice for the wing with the 303 Squadron ace.
    pub ace_dice: u8,
    /// Rounds of a dogfight in one battle step; it ends sooner when one side
    /// has no squadrons left, and survivors fly on (and may be engaged again
    /// in a later Tally Ho phase).
    pub dogfight_rounds: u8,
}

impl RaidRules {
    /// Anti-aircraft dice over a target.
    pub fn aa(&self, kind: CardKind) -> u8 {
        self.aa_dice
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(0, |&(_, n)| n)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "CampaignRules")]
pub struct CampaignValues {
    /// The version of the campaign's data (this file, the map, the target
    /// cards, the order of battle and the board's aircraft), raised with
    /// every change of a value that changes what a campaign's commands play
    /// to. Each campaign record carries it; a record of another version is
    /// refused with a sentence that names the version it needs, never
    /// replayed into another game (docs/RULES.md, "Campaign records and the
    /// data version"). 0 is kept for records written before it existed.
    pub data_version: u32,
    pub luftwaffe_die: DieFaces,
    pub raf_die: DieFaces,
    pub phases: Vec<PhaseSetup>,
    /// The campaign with weather (every rule but the shortened one).
    pub calendar: Calendar,
    /// The shortened campaign (no weather).
    pub shortened: Calendar,
    /// Single dice: the respite pairs for every turn, and the stated share.
    pub single_respite_dice: Vec<Pair>,
    pub single_stated_respite: (u32, u32),
    /// Weather cards: (black = respite, red = flying).
    pub weather_cards: (u8, u8),
    /// Historical weather: the respite turns of 1940.
    pub historical_respites: Vec<u8>,
    pub rotations: Vec<Vec<Rotation>>,
    /// 13 Group's pool of replacement points.
    pub reserve_points: u8,
    /// Production successes one rebuild costs, by squadron type (types not
    /// listed cost one): ours, "trained aircrew remained scarce". 13 Group's
    /// reserve points rebuild one squadron each, whatever its type.
    pub rebuild_cost: Vec<(String, u8)>,
    /// The Luftwaffe wins with at least this many targets bombed...
    pub targets_to_win: u32,
    /// ...and draws with more than this many but fewer than `targets_to_win`.
    pub targets_to_draw: u32,
    /// The loss-rate deal: hands of (RAF losses, Luftwaffe losses).
    pub loss_hands: (u32, u32),
    /// Both sides run out of full hands together: the sheet calls that a
    /// loss rate of exactly 6 to 10, which wins with 28 targets ("6 to 10 or
    /// less"). With 22 to 27 the sheet's draw asks for "a lower loss rate":
    /// true (our reading, docs/RULES.md) lets the tie draw there too; false
    /// asks for a strictly lower rate and makes it British.
    pub loss_tie_draws: bool,
    /// Target cards the German player keeps in hand from phase to phase.
    pub german_hand: u8,
    /// The base game's raids.
    pub raid: RaidRules,
    /// Intercepts fought on the Simple Hex board, and how they map back.
    pub tactical: TacticalRules,
    /// Intercepts fought on the family board, and how they map back.
    pub family_board: FamilyBoardRules,
    /// The dice of the base game that also reach a battle on either board.
    pub on_the_boards: BoardDice,
    /// Simple Hex's aircraft and rule tables, which a board battle is played
    /// under: filled by the loader from `levels/simple_hex/`, not read from
    /// `campaign.ron`.
    #[serde(skip)]
    pub hex: Option<Arc<HexTables>>,
    /// The family game's rules and the campaign's family board, which an
    /// intercept on the family board is played on: filled by the loader
    /// from `levels/family/rules.ron` and `levels/campaign/family_board.ron`.
    #[serde(skip)]
    pub family: Option<Arc<FamilyTables>>,
    /// The harms of board battles between equal opponents, which a battle's
    /// result is ranked among when `tactical.ranked` (docs/RULES.md, "The
    /// same war on every board"): filled by the loader from
    /// `levels/campaign/zoom.ron`, not read from `campaign.ron`.
    #[serde(skip)]
    pub zoom: Option<Arc<super::zoom::ZoomTable>>,
}

/// The base game's dice thrown around a battle on either board
/// (docs/RULES.md, "The guns and the ace on the boards"), as with the dice:
/// the No. 303 ace's extra die. (The target's guns fire at the raid's one
/// bomb run, which a battle on a board only thins.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardDice {
    /// The ace's squadron, flying in a battle on a board and not lost
    /// there, throws `raid.ace_dice` RAF dice after it; their hits are the
    /// Luftwaffe's to take, as the dice's hits are.
    pub ace: bool,
}

/// The family game's tables, as a campaign intercept on the family board
/// uses them.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyTables {
    pub board: crate::family::FamilyBoardFile,
    pub rules: crate::family::FamilyValues,
}

/// (R) An intercept fought on the family board (docs/RULES.md, "Intercepts
/// on the family board"): the wing's squadrons fly as Spitfires, the raid's
/// as the spinner's planes; these numbers set the battle and its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FamilyBoardRules {
    /// The last round of the battle: the planes of the raid still on the
    /// board then fly on (a bomber not yet over its target drops nothing).
    pub rounds: u32,
    /// Hits the Luftwaffe takes for the planes of the raid shot down or in
    /// a collision (rounded down)...
    pub kills: HitRate,
    /// ...and the RAF for each Spitfire lost (in a collision, out of fuel,
    /// bombed on the ground, with no room to give way)...
    pub hits_per_spitfire: u8,
    /// ...and for the kills its Spitfires make (the bombers' return fire,
    /// rounded down).
    pub return_fire: HitRate,
    /// The Spitfires' altitude notch and fuel when the battle begins:
    /// scrambled, they are up over their airfields.
    pub altitude: u8,
    pub fuel: u8,
}

/// Of a squadron's four planes on the board: how many shot down lose it,
/// and how many shot down or damaged put its side to a stand-down (one a
/// side, of a squadron the side chooses, as in the dice's intercept).
/// (R) How a side's planes shot down on the hex board become the campaign's
/// hits on it: `hits` for every `planes`, rounded down (docs/RULES.md, "The
/// campaign's intercepts on the hex board").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HitRate {
    pub hits: u8,
    pub planes: u8,
}

impl HitRate {
    /// The hits `shot_down` planes make.
    pub fn hits(&self, shot_down: u32) -> u8 {
        (shot_down * self.hits as u32 / self.planes.max(1) as u32).min(u8::MAX as u32) as u8
    }
}

/// Simple Hex's own tables, as a campaign battle on the board uses them.
#[derive(Clone, Debug, PartialEq)]
pub struct HexTables {
    pub aircraft: AircraftFile,
    pub rules: SimpleHexValues,
}

/// An intercept fought on the Simple Hex board: how it is built from the
/// campaign's squadrons and how its result maps back (docs/RULES.md, "The
/// campaign's intercepts on the hex board").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TacticalRules {
    /// The Simple Hex aircraft each campaign squadron type flies as.
    pub aircraft: Vec<(String, String)>,
    pub columns: u32,
    pub rows: u32,
    /// Attacks the battle lasts (Simple Hex plays 2; an intercept is one pass).
    pub attacks: u8,
    /// (R) Every plane of a squadron flies (Simple Hex's `Scramble`
    /// opening: no activation rolls), as the campaign scrambled it whole.
    /// False: the sheet's activation rolls, 3+ a plane.
    #[serde(default)]
    pub scramble: bool,
    /// (R) The hits the RAF takes for its planes shot down on the board...
    pub raf_hits: HitRate,
    /// ...and the Luftwaffe's: each side takes them as it takes the dice's.
    pub luftwaffe_hits: HitRate,
    /// Bomb points that make one hit on the raid's target.
    pub points_per_hit: u32,
    /// (R) Rounds a fighter battle (no bombers on either side) lasts at
    /// most before the fighters still flying break off for fuel.
    pub sweep_rounds: u16,
    /// (R) Hexes within which an RAF plane turns a face-down gruppe's
    /// counters face up in a dogfight on the board (an attack needs 1).
    pub reveal_reach: u8,
    /// (R) Hexes a face-down gruppe's plane flies a move, whatever its
    /// type, with no speed die: the raid's pace, so that neither its speed
    /// nor its place in the move order tells a bomber from a fighter.
    pub formation_speed: u8,
    /// (R) A battle's result becomes the hits the dice's fight gives at the
    /// rank of what the board did to each side among battles of its kind
    /// (`levels/campaign/zoom.ron`; docs/RULES.md, "The same war on every
    /// board"). False (data before version 10): planes shot down become
    /// hits at `raf_hits` and `luftwaffe_hits`, and the family board's at
    /// its own rates.
    #[serde(default)]
    pub ranked: bool,
    /// (R) What every plane on the hex board is worth to Simple Hex's
    /// opponent in a campaign battle, whatever its type or side (a damaged
    /// one half): the battle's only result is the harm each side did, two
    /// for a plane shot down and one for a damaged one, so that a better
    /// opponent does more of it and takes less (docs/RULES.md, "The same
    /// war on every board"). None (data before version 11): the worths
    /// Simple Hex's own raid is played for.
    #[serde(default)]
    pub plane_worth: Option<f32>,
}

/// The most phases a campaign may have.
pub const MAX_PHASES: usize = 16;
/// The most turns a campaign may have.
pub const MAX_TURNS: u8 = 30;
/// The most events a calendar may list.
pub const MAX_EVENTS: usize = 256;
/// The most entries of the other lists of the rules file (dice pairs,
/// rotation sets and their moves, cards removed, aircraft of the board).
pub const MAX_ENTRIES: usize = 64;

impl CampaignValues {
    /// Every list of the file longer than any campaign needs, each at its
    /// first entry too many.
    fn too_long(&self) -> Vec<Invalid> {
        let n = MAX_ENTRIES;
        let mut e = vec![
            too_long("phases", &self.phases, MAX_PHASES, "phases"),
            too_long(
                "single_respite_dice",
                &self.single_respite_dice,
                n,
                "dice pairs",
            ),
            too_long(
                "historical_respites",
                &self.historical_respites,
                MAX_TURNS as usize,
                "turns",
            ),
            too_long("rotations", &self.rotations, n, "rotation sets"),
            too_long("raid.aa_dice", &self.raid.aa_dice, n, "entries"),
            too_long("tactical.aircraft", &self.tactical.aircraft, n, "entries"),
        ];
        for (i, p) in self.phases.iter().enumerate() {
            let at = |field: &str| format!("phases[{i}].{field}");
            e.push(too_long(
                &at("respite_dice"),
                &p.respite_dice,
                n,
                "dice pairs",
            ));
            e.push(too_long(
                &at("deck.remove_named"),
                &p.deck.remove_named,
                n,
                "cards",
            ));
            e.push(too_long(
                &at("deck.remove_random"),
                &p.deck.remove_random,
                n,
                "entries",
            ));
        }
        for (which, cal) in [("calendar", &self.calendar), ("shortened", &self.shortened)] {
            let phases = &format!("{which}.phase_turns");
            e.push(too_long(
                phases,
                &cal.phase_turns,
                MAX_PHASES,
                "turn ranges",
            ));
            let events = &format!("{which}.events");
            e.push(too_long(events, &cal.events, MAX_EVENTS, "events"));
        }
        for (i, set) in self.rotations.iter().enumerate() {
            e.push(too_long(&format!("rotations[{i}]"), set, n, "rotations"));
        }
        e.into_iter().flatten().collect()
    }

    /// The calendar a weather rule plays on.
    pub fn calendar_for(&self, rule: WeatherRule) -> &Calendar {
        match rule {
            WeatherRule::Shortened => &self.shortened,
            _ => &self.calendar,
        }
    }

    pub fn validate(&self) -> Vec<Invalid> {
        let long = self.too_long();
        if !long.is_empty() {
            return long;
        }
        let mut e = Vec::new();
        let mut bad = |path: String, message: String| e.push(Invalid { path, message });
        self.validate_basics(&mut bad);
        for (which, cal) in [("calendar", &self.calendar), ("shortened", &self.shortened)] {
            self.validate_calendar_turns(which, cal, &mut bad);
            self.validate_calendar_events(which, cal, &mut bad);
        }
        self.validate_rotations(&mut bad);
        self.validate_weather_and_respites(&mut bad);
        self.validate_raid(&mut bad);
        self.validate_costs_and_thresholds(&mut bad);
        self.validate_boards(&mut bad);
        e
    }

    /// The data version, the dice and the phases.
    fn validate_basics(&self, bad: &mut impl FnMut(String, String)) {
        if self.data_version == 0 {
            bad(
                "data_version".into(),
                "the campaign data version starts at 1 (0 marks records written before data versions)"
                    .into(),
            );
        }
        for (name, d) in [
            ("luftwaffe_die", self.luftwaffe_die),
            ("raf_die", self.raf_die),
        ] {
            if d.sides() != 6 {
                bad(
                    name.into(),
                    format!("a campaign die has 6 faces, not {}", d.sides()),
                );
            }
        }
        if self.phases.is_empty() {
            bad(
                "phases".into(),
                "a campaign needs at least one phase".into(),
            );
        }
        for (i, p) in self.phases.iter().enumerate() {
            let (n, d) = p.stated_respite;
            if d == 0 || n > d {
                bad(
                    format!("phases[{i}].stated_respite"),
                    "a share is (part, whole) with part <= whole".into(),
                );
            }
        }
    }

    /// A calendar's turns: how many, and the phases covering them.
    fn validate_calendar_turns(
        &self,
        which: &str,
        cal: &Calendar,
        bad: &mut impl FnMut(String, String),
    ) {
        if cal.turns == 0 || cal.turns > MAX_TURNS {
            bad(
                format!("{which}.turns"),
                format!("a campaign has 1 to {MAX_TURNS} turns"),
            );
        }
        if cal.phase_turns.len() != self.phases.len() {
            bad(
                format!("{which}.phase_turns"),
                format!(
                    "{} phases in the file, {} turn ranges here",
                    self.phases.len(),
                    cal.phase_turns.len()
                ),
            );
        }
        // The phases cover turns 1 to `turns` in order, without gaps.
        let mut next = 1;
        for (k, &(a, b)) in cal.phase_turns.iter().enumerate() {
            if a != next || b < a {
                bad(
                    format!("{which}.phase_turns[{k}]"),
                    format!("phase {} must run from turn {next}", k + 1),
                );
            }
            next = b + 1;
        }
        if next != cal.turns + 1 {
            bad(
                format!("{which}.phase_turns"),
                format!(
                    "the phases end on turn {}, the campaign on {}",
                    next - 1,
                    cal.turns
                ),
            );
        }
    }

    /// A calendar's events: on turns of the campaign, naming what exists.
    fn validate_calendar_events(
        &self,
        which: &str,
        cal: &Calendar,
        bad: &mut impl FnMut(String, String),
    ) {
        let reinforced = earlier_same(cal.events.iter().enumerate().map(|(k, (_, ev))| match ev {
            TurnEvent::Reinforce { squadron, .. } => Err(squadron.as_str()),
            _ => Ok(k),
        }));
        for (k, (t, ev)) in cal.events.iter().enumerate() {
            if *t == 0 || *t > cal.turns {
                bad(
                    format!("{which}.events[{k}]"),
                    format!("turn {t} is not in the campaign"),
                );
            }
            match ev {
                TurnEvent::Rotate(n) if *n as usize >= self.rotations.len() => bad(
                    format!("{which}.events[{k}]"),
                    format!("there is no rotation set {n}"),
                ),
                TurnEvent::NewPhase(n) if *n as usize >= self.phases.len() => bad(
                    format!("{which}.events[{k}]"),
                    format!("there is no phase {n}"),
                ),
                TurnEvent::Reinforce { squadron, group } => {
                    let at = format!("{which}.events[{k}][1]");
                    if squadron.trim().is_empty() {
                        bad(format!("{at}.squadron"), "a squadron needs a name".into());
                    } else if reinforced[k].is_some() {
                        bad(
                            format!("{at}.squadron"),
                            format!("{squadron} arrives twice"),
                        );
                    }
                    if Group::from_number(*group).is_none() {
                        bad(format!("{at}.group"), group_unknown(*group));
                    }
                }
                TurnEvent::Ace { group } => {
                    let at = format!("{which}.events[{k}][1].group");
                    // The ace flies with the allied squadron that
                    // arrives for the group on the same turn.
                    let arrives = cal.events.iter().any(|(u, e)| {
                        u == t && matches!(e, TurnEvent::Reinforce { group: g, .. } if g == group)
                    });
                    if Group::from_number(*group).is_none() {
                        bad(at, group_unknown(*group));
                    } else if !arrives {
                        bad(
                            at,
                            format!(
                                "no squadron arrives for {group} Group on turn {t} to fly with the ace"
                            ),
                        );
                    }
                }
                TurnEvent::SevenSquadronGeschwader { luftflotte }
                    if Luftflotte::from_number(*luftflotte).is_none() =>
                {
                    bad(
                        format!("{which}.events[{k}][1].luftflotte"),
                        format!("no Luftflotte {luftflotte} in the battle: use 2, 3 or 5"),
                    )
                }
                _ => {}
            }
        }
    }

    /// The squadron rotations: between two real groups, of one squadron or
    /// more.
    fn validate_rotations(&self, bad: &mut impl FnMut(String, String)) {
        for (i, set) in self.rotations.iter().enumerate() {
            for (j, r) in set.iter().enumerate() {
                let at = |field: &str| format!("rotations[{i}][{j}].{field}");
                for (field, g) in [("from_group", r.from_group), ("to_group", r.to_group)] {
                    if Group::from_number(g).is_none() {
                        bad(at(field), group_unknown(g));
                    }
                }
                if r.from_group == r.to_group {
                    bad(
                        at("to_group"),
                        "a rotation goes from one group to another".into(),
                    );
                }
                if r.count == 0 {
                    bad(at("count"), "a rotation moves at least one squadron".into());
                }
            }
        }
    }

    /// The weather cards (one a turn) and the historical respites' turns.
    fn validate_weather_and_respites(&self, bad: &mut impl FnMut(String, String)) {
        let (black, red) = self.weather_cards;
        if black as u32 + red as u32 != self.calendar.turns as u32 {
            bad(
                "weather_cards".into(),
                format!(
                    "one card a turn: {} cards for {} turns",
                    black + red,
                    self.calendar.turns
                ),
            );
        }
        for (k, &t) in self.historical_respites.iter().enumerate() {
            if t == 0 || t > self.calendar.turns {
                bad(
                    format!("historical_respites[{k}]"),
                    format!("turn {t} is not in the campaign"),
                );
            }
        }
    }

    /// The raid rules: each number in its range, and in step with the others.
    fn validate_raid(&self, bad: &mut impl FnMut(String, String)) {
        let raid = &self.raid;
        for (name, v, lo, hi) in [
            ("raid.hand", raid.hand, 1, 30),
            ("raid.geschwader_move", raid.geschwader_move, 1, 20),
            (
                "raid.geschwader_move_long",
                raid.geschwader_move_long,
                1,
                20,
            ),
            ("raid.raf_move", raid.raf_move, 0, 20),
            ("raid.tally_ho_phases", raid.tally_ho_phases, 1, 9),
            ("raid.waves", raid.waves, 1, 9),
            ("raid.radar_reach", raid.radar_reach, 0, 5),
            ("raid.fuel_range", raid.fuel_range, 1, 40),
            ("raid.factory_dice", raid.factory_dice, 0, 9),
            ("raid.gruppen", raid.gruppen, 1, 9),
            ("raid.gruppe_max", raid.gruppe_max, 1, 9),
            ("raid.big_geschwader", raid.big_geschwader, 1, 12),
            ("raid.ace_dice", raid.ace_dice, 0, 9),
            ("raid.dogfight_rounds", raid.dogfight_rounds, 1, 100),
        ] {
            if !(lo..=hi).contains(&v) {
                bad(name.into(), format!("{v} is not in {lo} to {hi}"));
            }
        }
        if raid.geschwader_move_long < raid.geschwader_move {
            bad(
                "raid.geschwader_move_long".into(),
                "a geschwader without short-range squadrons flies at least as far".into(),
            );
        }
        if raid.waves > raid.tally_ho_phases {
            bad(
                "raid.waves".into(),
                "every wave must take off within the Tally Ho phases".into(),
            );
        }
        if (raid.hand as u32) < self.german_hand as u32 {
            bad(
                "raid.hand".into(),
                "the hand holds at least the cards kept from phase to phase".into(),
            );
        }
        if (raid.gruppen as u32) * (raid.gruppe_max as u32) < raid.big_geschwader as u32 {
            bad(
                "raid.gruppe_max".into(),
                "the gruppen must be able to hold the largest geschwader".into(),
            );
        }
    }

    /// The rebuild costs, the loss hands and the victory thresholds.
    fn validate_costs_and_thresholds(&self, bad: &mut impl FnMut(String, String)) {
        let twice = earlier_same(self.rebuild_cost.iter().map(|(k, _)| k));
        for (i, (kind, cost)) in self.rebuild_cost.iter().enumerate() {
            if twice[i].is_some() {
                bad(
                    format!("rebuild_cost[{i}]"),
                    format!("the {kind} is given two rebuild costs"),
                );
            }
            if !(1..=6).contains(cost) {
                bad(
                    format!("rebuild_cost[{i}][1]"),
                    format!("{cost} is not in 1 to 6 successes"),
                );
            }
        }
        let (r, l) = self.loss_hands;
        if r == 0 || l == 0 {
            bad("loss_hands".into(), "hands of at least one card".into());
        }
        if self.targets_to_draw >= self.targets_to_win {
            bad(
                "targets_to_draw".into(),
                "the draw threshold lies below the winning one".into(),
            );
        }
    }

    /// The numbers of the battles on the board (Simple Hex's and the family
    /// game's) and the Simple Hex aircraft given to the squadron types.
    fn validate_boards(&self, bad: &mut impl FnMut(String, String)) {
        let t = &self.tactical;
        for (name, v, lo, hi) in [
            ("tactical.columns", t.columns, 4, 64),
            ("tactical.rows", t.rows, 4, 64),
            ("tactical.attacks", t.attacks as u32, 1, 9),
            ("tactical.points_per_hit", t.points_per_hit, 1, 100),
            ("tactical.sweep_rounds", t.sweep_rounds as u32, 1, 60),
            ("tactical.reveal_reach", t.reveal_reach as u32, 1, 6),
            ("tactical.formation_speed", t.formation_speed as u32, 1, 8),
            ("family_board.rounds", self.family_board.rounds, 1, 60),
            (
                "family_board.altitude",
                self.family_board.altitude as u32,
                1,
                20,
            ),
            ("family_board.fuel", self.family_board.fuel as u32, 1, 60),
            (
                "family_board.hits_per_spitfire",
                self.family_board.hits_per_spitfire as u32,
                0,
                8,
            ),
        ] {
            if !(lo..=hi).contains(&v) {
                bad(name.into(), format!("{v} is not in {lo} to {hi}"));
            }
        }
        for (name, rate) in [
            ("tactical.raf_hits", t.raf_hits),
            ("tactical.luftwaffe_hits", t.luftwaffe_hits),
            ("family_board.kills", self.family_board.kills),
            ("family_board.return_fire", self.family_board.return_fire),
        ] {
            if rate.hits > 8 {
                bad(
                    format!("{name}.hits"),
                    format!("{} is not in 0 to 8", rate.hits),
                );
            }
            if !(1..=16).contains(&rate.planes) {
                bad(
                    format!("{name}.planes"),
                    format!("{} is not in 1 to 16", rate.planes),
                );
            }
        }
        if let Some(w) = t.plane_worth {
            if !(1.0..=100.0).contains(&w) {
                bad(
                    "tactical.plane_worth".into(),
                    format!("{w} is not in 1 to 100"),
                );
            }
        }
        let twice = earlier_same(t.aircraft.iter().map(|(a, _)| a));
        for (i, (a, _)) in t.aircraft.iter().enumerate() {
            if twice[i].is_some() {
                bad(
                    format!("tactical.aircraft[{i}]"),
                    format!("\"{a}\" is given two Simple Hex aircraft"),
                );
            }
        }
    }

    /// Production successes a rebuild of this squadron type costs.
    pub fn rebuild_cost_of(&self, kind: &str) -> u8 {
        self.rebuild_cost
            .iter()
            .find(|(k, _)| k == kind)
            .map_or(1, |&(_, n)| n)
    }

    /// The names the rules give, against the campaign's data: the squadron
    /// types the rotations move (the RAF's), the target cards the phases take
    /// out of the deck, and the types the tactical section gives aircraft for.
    pub fn validate_against(&self, data: &CampaignData) -> Vec<Invalid> {
        let mut e = Vec::new();
        let oob = &data.oob;
        for (i, set) in self.rotations.iter().enumerate() {
            for (j, r) in set.iter().enumerate() {
                for (field, kind) in [("kind", Some(&r.kind)), ("receives", r.receives.as_ref())] {
                    let Some(kind) = kind else { continue };
                    let path = format!("rotations[{i}][{j}].{field}");
                    raf_type(oob, kind, path, "rotates", &mut e);
                }
            }
        }
        for (i, (kind, _)) in self.rebuild_cost.iter().enumerate() {
            raf_type(
                oob,
                kind,
                format!("rebuild_cost[{i}][0]"),
                "rebuilds",
                &mut e,
            );
        }
        for (i, p) in self.phases.iter().enumerate() {
            for (j, name) in p.deck.remove_named.iter().enumerate() {
                if data.targets.find(name).is_none() {
                    e.push(Invalid {
                        path: format!("phases[{i}].deck.remove_named[{j}]"),
                        message: format!("there is no target card {name}"),
                    });
                }
            }
        }
        for (i, (name, _)) in self.tactical.aircraft.iter().enumerate() {
            if oob.type_named(name).is_none() {
                e.push(Invalid {
                    path: format!("tactical.aircraft[{i}][0]"),
                    message: format!("the order of battle has no squadron type {name}"),
                });
            }
        }
        e
    }

    /// The tactical section against Simple Hex's aircraft table: each entry
    /// names a Simple Hex aircraft of the same side and role as the campaign
    /// type it stands for (the types are checked by the order of battle).
    pub fn validate_tactical(
        &self,
        types: &[(String, Side, Role)],
        hex: &AircraftFile,
    ) -> Vec<Invalid> {
        let mut e = Vec::new();
        for (name, side, role) in types {
            let Some(i) = self.tactical.aircraft.iter().position(|(a, _)| a == name) else {
                e.push(Invalid {
                    path: "tactical.aircraft".into(),
                    message: format!("no Simple Hex aircraft is given for the {name}"),
                });
                continue;
            };
            let path = format!("tactical.aircraft[{i}]");
            let want = &self.tactical.aircraft[i].1;
            match hex.aircraft.iter().find(|h| &h.name == want) {
                None => e.push(Invalid {
                    path,
                    message: format!("Simple Hex has no aircraft \"{want}\""),
                }),
                Some(h) => {
                    let hex_role = match role {
                        Role::Bomber => crate::simple_hex::Role::Bomber,
                        Role::Fighter => crate::simple_hex::Role::Fighter,
                    };
                    if h.side != *side || h.role != hex_role {
                        e.push(Invalid {
                            path,
                            message: format!(
                                "the {name} cannot fly as the {want}: side or role differs"
                            ),
                        });
                    }
                }
            }
        }
        e
    }
}

/// `kind` (at `path`) must name an RAF squadron type of the order of
/// battle: only the RAF `does` what the field asks.
/// The message for a group number that is not one of the battle's.
fn group_unknown(g: u8) -> String {
    format!("no {g} Group: use 10, 11, 12 or 13")
}

fn raf_type(
    oob: &super::data::OrderOfBattle,
    kind: &str,
    path: String,
    does: &str,
    e: &mut Vec<Invalid>,
) {
    match oob.type_named(kind).map(|k| &oob.types[k]) {
        None => e.push(Invalid {
            path,
            message: format!("the order of battle has no squadron type {kind}"),
        }),
        Some(t) if t.side != Side::British => e.push(Invalid {
            path,
            message: format!("the {kind} is not an RAF type: only the RAF {does}"),
        }),
        Some(_) => {}
    }
}
