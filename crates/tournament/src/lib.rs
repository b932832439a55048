//! Tournaments, pure and deterministic: an event's rounds are paired here ([`pair`]) and its
//! standings computed ([`standings`]) from what the rounds recorded; the games themselves are
//! ordinary pakka tables played elsewhere. Nothing here reads a clock, does I/O or uses a global
//! random generator: randomness comes only from the event's `seed` (ChaCha8), and every
//! collection whose order reaches a result is sorted, so the same inputs always give the same
//! plan. No words for people either: reasons ([`Why`], [`PairError`]) are data that another
//! layer words from the message catalog.
//!
//! # The rules
//!
//! **Points of one game** ([`game_points`], every format but duplicate). A seat earns, for each
//! opponent at the table (every other seat, computers included, but not its own partners when
//! the result has `teams`), one point if it finished ahead, half a point if tied, none if
//! behind: with two seats a win is 1, a draw ½, a loss 0; with four seats 3/2/1/0. Points are
//! kept in [`Halves`] so a tie is exact. An absent player (one who did not check in; a computer
//! played their seat) scores 0 whatever that computer did, but the seat still counts as an
//! opponent for the others. A walkover: the present player scores as if ahead of every
//! opponent (`seats − 1` points, fewer with partners), the absent 0. A seat missing from a
//! ranking counts as behind every listed seat.
//!
//! **Shared a table.** Two players *met* when both sat at one table of an earlier round of this
//! event and neither was absent from it (partners included). Swiss and duplicate avoid repeats
//! of such pairs; round robin counts the pairs meeting for the first time.
//!
//! **Tables and computers.** With `seats > 2` there are no byes: `T = ceil(N / seats)` tables,
//! and the `T·seats − N` empty seats are computers, spread so that no table has more than one
//! computer more than another, the extra ones on the lowest tables (the lowest scored; the last
//! of a round robin). Every table then has at least two players. With `seats == 2` and an odd
//! number of players one player sits out instead: a *bye*.
//!
//! **Byes.** Swiss: the lowest-standing player who has not had a bye gets it (a present one
//! before anyone absent, when [`pair_present`] is told who did not check in) and scores one
//! point (a win); at most one bye per player, which is why [`max_rounds`] stops at `N` rounds
//! for an odd `N` (when every player has had one, the lowest standing of those with the fewest
//! byes gets another). Round robin: the circle method's bye is a rest and scores nothing.
//! Knockout: a bracket group with one real player is a bye (no points, the player advances).
//! Duplicate (two seats, odd `N`): the bye goes as in Swiss and earns the average, half a match
//! point for each other table that played the round.
//!
//! **Swiss.** Players are ordered by points (desc), then rating at sign-up (desc), then
//! sign-up order; sign-up order is total, so the seed never decides the order. Round 1 is the
//! usual split: the rating order is cut into `seats` slices of `T` players and each table takes
//! one player from each slice (two seats: 1 v N/2+1, 2 v N/2+2, …); the empty seats fall on the
//! lowest tables. Later rounds: a depth-first search over the ordered list seats the top
//! unseated player with companions taken in order (so tables are as close in score as the
//! history allows), never an avoidable repeat: it explores every partition when the event is
//! small, and when `rounds_played·(seats − 1) ≤ N/seats − 1` a repeat-free partition exists
//! (Hajnal–Szemerédi: an equitable colouring of the graph of who met whom) and must be found.
//! The search has a node budget; past it a seeded local search of swaps takes over. That is no
//! proof for every history, but the property tests find none it misses (every event to 256
//! players, and events played at the bound itself). When no repeat-free partition exists, the
//! number of repeated pairs is minimised (exactly while the search can prove each smaller
//! number impossible within its budget; else as far as the local search gets).
//! With a bye, the bye candidates are tried from the bottom up and the first that leaves a
//! repeat-free round is taken. Seats within a table: each player takes the seat index they have
//! held least so far (solved for the whole table), ties giving the better standing the lower
//! seat, so seat 0 (often the first to play) rotates.
//!
//! **Round robin.** Two seats: the circle (Berger) method over the round-1 players numbered by
//! a seeded draw (their ids sorted, then shuffled with the event's seed): `N − 1` rounds for an
//! even `N`, `N` for an odd one, one rest each. Rounds past the schedule start it again. A
//! player who has left since round 1 (not in `active`) is dropped from the schedule: their
//! scheduled opponent wins by *walkover* ([`RoundPlan::walkovers`], scored as a walkover win),
//! and players who were not in round 1 are refused ([`PairError::NotInEvent`]). More seats: as
//! far as the seat count allows: each round a seeded greedy partition, improved by swaps, that
//! maximises the pairs meeting for the first time; `ceil((N − 1)/(seats − 1))` rounds by
//! default. Ranked by points, then Sonneborn–Berger.
//!
//! **Knockout.** A seeded bracket of `seats`-player tables, `r = ceil(log_seats N)` rounds deep
//! (the event's rounds must not pass it). Tournament seeds: rating at sign-up (desc), then
//! sign-up order. Bracket positions by the generalised standard seeding: start with `[1]`; with
//! `m` entries, each entry `s` becomes `[s, 2m+1−s, 2m+s, 4m+1−s, 4m+s, …]` (`seats` entries);
//! for two seats and eight players 1 v 8, 4 v 5, 2 v 7, 3 v 6. Seeds past `N` are empty: a
//! round-1 group with one player is a bye (by construction the best seeds get them), one with
//! two or more plays with computers in the empty seats. The best-placed *player* of a table
//! advances (computers never do); a tie for best goes to the better seed, never to chance. An
//! absent player never advances; a table with one present player is a walkover for them; one
//! with nobody present sends nobody on. Later rounds group the advancing players in bracket
//! order, `seats` a table; a group left with one player (the others sent nobody, or left the
//! event) advances by walkover ([`RoundPlan::walkovers`]). The bracket is worked out from the
//! history (round 1's plan carries the seeds in [`Why::Bracket`]): `active` only removes
//! players who left, and the eliminated players may stay in it. Standings: round reached (the
//! round a player lost in, or the next one for those still in: `rounds + 1` for the winner),
//! then seed.
//!
//! **Duplicate** (for the trick games). At least two tables with two players each:
//! [`min_players`] is `max(seats + 1, 4)`. Every table of a round plays the same deal
//! (`deal_seed`, from the event's seed and the round). Tables are formed as in Swiss, by match
//! points; seats rotate strictly: each player takes a seat index they have held least, and
//! among those the one after the seat they held last. Scoring: each seat's result (its `scores`
//! entry, higher is better, else its place `seats − 1 − index in the ranking`) is compared with
//! the same seat index at every other table of the round that played: one match point for each
//! table where it did better, ½ when equal (matchpointing). A computer seat is compared too but
//! earns nobody anything; an absent player scores 0; a walkover's present player earns the
//! average, like a bye. Ranked by match points, then Buchholz (the match points of the player's
//! opponents at their tables).
//!
//! **Standings.** Swiss: points, then Buchholz (over the player's games, each *player*
//! opponent's total points; computers, absent opponents and byes add nothing), then
//! Sonneborn–Berger (over games and player opponents, the pairwise result against them, 1, ½
//! or 0, times their total points; exact, in quarter points). Round robin: points, then
//! Sonneborn–Berger. Knockout: round reached, then seed. Duplicate: match points, then
//! Buchholz. Equal keys share a rank (1, 2, 2, 4); equal ranks are listed in sign-up order.
//!
//! **Validation.** [`pair`] refuses seats outside 2..=8, a round outside `1..=event.rounds`, a
//! history whose first `round − 1` records are not rounds `1..round` in order with every result
//! present and well formed (records of the round being paired or later are ignored, so pairing
//! a round again is the same call), a player twice in `active`, and fewer players than
//! [`min_players`].

mod knockout;
mod ledger;
mod points;
mod round_robin;
mod seating;
mod standings;
mod swiss;

use serde::{Deserialize, Serialize};

pub use points::{game_points, round_points};
pub use standings::standings;

/// A player: their Discord user id.
pub type PlayerId = u64;

/// How an event is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    Swiss,
    RoundRobin,
    Knockout,
    Duplicate,
}

impl Format {
    pub const ALL: [Format; 4] = [
        Format::Swiss,
        Format::RoundRobin,
        Format::Knockout,
        Format::Duplicate,
    ];

    /// The format's stable id (commands, storage).
    pub fn id(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round-robin",
            Format::Knockout => "knockout",
            Format::Duplicate => "duplicate",
        }
    }

    pub fn from_id(id: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.id() == id)
    }
}

/// One player signed up for an event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entrant {
    pub id: PlayerId,
    /// Conservative rating at sign-up, higher is better; ties broken by sign-up order.
    pub rating: f64,
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Occupant {
    Player(PlayerId),
    Computer,
}

impl Occupant {
    pub fn player(self) -> Option<PlayerId> {
        match self {
            Occupant::Player(id) => Some(id),
            Occupant::Computer => None,
        }
    }
}

/// Points are kept in halves so a tie is exact: `Halves(2)` is one point.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Halves(pub u32);

impl std::ops::Add for Halves {
    type Output = Halves;
    fn add(self, other: Halves) -> Halves {
        Halves(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Halves {
    fn add_assign(&mut self, other: Halves) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for Halves {
    fn sum<I: Iterator<Item = Halves>>(iter: I) -> Halves {
        iter.fold(Halves(0), |a, b| a + b)
    }
}

/// Quarter points, exact: Sonneborn–Berger multiplies a half point by a half point.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Quarters(pub u64);

/// An event's settings, fixed when it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub format: Format,
    /// Seats per table, 2..=8.
    pub seats: usize,
    pub rounds: u32,
    pub seed: u64,
}

#[cfg(test)]
impl Event {
    /// The tests' events: `rounds` rounds of `format` at tables of `seats`, from `seed`.
    pub(crate) fn of(format: Format, seats: usize, rounds: u32, seed: u64) -> Event {
        Event {
            format,
            seats,
            rounds,
            seed,
        }
    }
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TablePlan {
    /// `len == event.seats`, index = seat.
    pub seats: Vec<Occupant>,
    pub why: Why,
}

impl TablePlan {
    /// The players at the table, in seat order.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.seats.iter().filter_map(|o| o.player())
    }

    /// How many seats computers fill (the event's players did not fill the table).
    pub fn computers(&self) -> usize {
        self.seats
            .iter()
            .filter(|o| **o == Occupant::Computer)
            .count()
    }
}

/// Why a table was paired so: data from which the event's message writes one sentence per
/// table. Computer seats are in [`TablePlan::seats`] ([`TablePlan::computers`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    /// Round 1 of Swiss or duplicate: the rating order cut into `slices` slices, one player
    /// from each; `places` are the table's players' places in that order (from 1), in seat
    /// order.
    FirstRound { slices: u32, places: Vec<u32> },
    /// A later Swiss or duplicate round: the points (duplicate: match points) of the table's
    /// best and worst player before the round, and the pairs that meet again because no
    /// pairing avoided it (each pair in seat order).
    ScoreGroup {
        top: Halves,
        bottom: Halves,
        repeats: Vec<(PlayerId, PlayerId)>,
    },
    /// Round robin: of the `pairs` of players at the table, `new_pairs` meet for the first time.
    Schedule { new_pairs: u32, pairs: u32 },
    /// Knockout: the tournament seeds of the table's players, in seat order.
    Bracket { seeds: Vec<u32> },
}

/// One round's pairings (the default: round 0, nobody placed yet).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPlan {
    /// From 1.
    pub round: u32,
    pub tables: Vec<TablePlan>,
    /// Players who sit the round out: Swiss (a win), round robin (a rest), knockout (advance),
    /// duplicate (the average).
    pub byes: Vec<PlayerId>,
    /// Duplicate: the seed every table of this round plays.
    pub deal_seed: Option<u64>,
    /// Players who win without a game because everyone they were due to meet has left or sent
    /// nobody (round robin: the scheduled opponent left; knockout: the rest of the bracket
    /// group). Scored as a walkover win.
    #[serde(default)]
    pub walkovers: Vec<PlayerId>,
}

impl RoundPlan {
    /// Everyone the round places: the players at its tables, its byes and its walkovers.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.tables
            .iter()
            .flat_map(|t| t.players())
            .chain(self.byes.iter().copied())
            .chain(self.walkovers.iter().copied())
    }
}

/// How one table ended.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableResult {
    /// Seats best to worst, ties sharing a list (as the game reports it); empty for a walkover.
    pub ranking: Vec<Vec<usize>>,
    /// Each seat's final score where the game keeps one (duplicate compares these; without,
    /// the place).
    pub scores: Option<Vec<i64>>,
    /// The team of each seat (partners share a number; None = every seat its own team).
    pub teams: Option<Vec<usize>>,
    /// Players of this table who did not check in: their seat was played by a computer and
    /// they score as a loss.
    pub absent: Vec<PlayerId>,
    /// Decided without a game: at most one present player at the table.
    pub walkover: bool,
}

/// A round as it stands: its plan and each table's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    pub plan: RoundPlan,
    /// Per table, None while unplayed.
    pub results: Vec<Option<TableResult>>,
}

/// One player's place in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub id: PlayerId,
    /// From 1; equal standings share a rank.
    pub rank: usize,
    /// Points (duplicate: match points).
    pub points: Halves,
    /// In the order the format uses.
    pub tiebreaks: Vec<Tiebreak>,
    /// Games played (seated, present, not a walkover).
    pub played: u32,
    pub byes: u32,
    /// Walkovers won (a table nobody else came to, or a plan's walkover).
    pub walkovers: u32,
    /// Knockout: eliminated (lost, absent, or left).
    pub out: bool,
    /// Tables the player was seated at but did not check in to.
    pub absences: u32,
}

/// A tie-break of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tiebreak {
    /// The sum of the player's opponents' points (duplicate: match points).
    Buchholz(Halves),
    /// The sum, over opponents, of the pairwise result (1, ½, 0) times their points.
    SonnebornBerger(Quarters),
    /// Match points (duplicate's own measure; its standings' `points` already are these).
    MatchPoints(Halves),
    /// Knockout: the round the player lost in, or the next one they play (`rounds + 1` for the
    /// winner).
    RoundReached(u32),
    /// Knockout: the tournament seed, 1 the best.
    Seed(u32),
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairError {
    #[error("{have} players, the format needs {need}")]
    TooFewPlayers { have: usize, need: usize },
    #[error("round {round} of {rounds}")]
    RoundOutOfRange { round: u32, rounds: u32 },
    #[error("an earlier round is missing or has a table without a result")]
    PreviousRoundUnfinished,
    #[error("{seats} seats, not 2–8")]
    SeatsOutOfRange { seats: usize },
    #[error("the history's record {index} is round {found}")]
    HistoryOutOfOrder { index: usize, found: u32 },
    #[error("round {round}, table {table}: the result does not fit the table")]
    MalformedResult { round: u32, table: usize },
    #[error("round {round}: the plan is not this format's")]
    MalformedPlan { round: u32 },
    #[error("player {id} is listed twice")]
    DuplicatePlayer { id: PlayerId },
    #[error("player {id} was not in round 1")]
    NotInEvent { id: PlayerId },
}

/// The rounds an event of `players` runs when its creator does not say.
pub fn default_rounds(format: Format, players: usize, seats: usize) -> u32 {
    let seats = seats.clamp(2, 8);
    let max = max_rounds(format, players, seats);
    match format {
        Format::Swiss | Format::Duplicate => ceil_log(seats, players).clamp(1, max.max(1)),
        Format::RoundRobin if seats == 2 => max,
        Format::RoundRobin => (players.saturating_sub(1).div_ceil(seats - 1) as u32).max(1),
        Format::Knockout => max,
    }
}

/// The most rounds the format allows. Swiss and duplicate: while byes and repeats stay
/// avoidable by counting (two seats: `N − 1` for an even `N`, `N` for an odd one, each player's
/// opponents and one bye; more seats: `(N − 1)/(seats − 1)`, at least 1). Round robin: the
/// schedule (two seats: `N − 1` or `N`; more: `N − 1`, the rounds in which someone new can
/// still be met). Knockout: the bracket's depth, `ceil(log_seats N)`.
pub fn max_rounds(format: Format, players: usize, seats: usize) -> u32 {
    let seats = seats.clamp(2, 8);
    let n = players as u32;
    if players < 2 {
        return 0;
    }
    match format {
        Format::Swiss | Format::Duplicate if seats == 2 => {
            if n % 2 == 0 {
                n - 1
            } else {
                n
            }
        }
        Format::Swiss | Format::Duplicate => ((n - 1) / (seats as u32 - 1)).max(1),
        Format::RoundRobin if seats == 2 => {
            if n % 2 == 0 {
                n - 1
            } else {
                n
            }
        }
        Format::RoundRobin => n - 1,
        Format::Knockout => ceil_log(seats, players),
    }
}

/// The fewest players an event can start with: two, and for duplicate two tables of two
/// players each (`max(seats + 1, 4)`).
pub fn min_players(format: Format, seats: usize) -> usize {
    match format {
        Format::Duplicate => (seats + 1).max(4),
        _ => 2,
    }
}

/// The smallest `r` with `base^r >= n` (0 for `n <= 1`).
pub(crate) fn ceil_log(base: usize, n: usize) -> u32 {
    let mut r = 0;
    let mut reach = 1usize;
    while reach < n {
        reach = reach.saturating_mul(base);
        r += 1;
    }
    r
}

/// What a stream of randomness is for: each gets its own ChaCha stream of the event's seed.
#[derive(Clone, Copy)]
pub(crate) enum Stream {
    Deal = 1,
    Search = 2,
    Schedule = 3,
    Draw = 4,
}

/// A generator for one purpose and round, from the event's seed alone.
pub(crate) fn rng(seed: u64, stream: Stream, round: u32) -> rand_chacha::ChaCha8Rng {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(((stream as u64) << 32) | u64::from(round));
    rng
}

/// Pairs round `round` of `event`: `active` are the players still in, in sign-up order;
/// `history` the rounds before (at least `round − 1` records, each finished).
pub fn pair(
    event: &Event,
    round: u32,
    active: &[Entrant],
    history: &[RoundRecord],
) -> Result<RoundPlan, PairError> {
    pair_present(event, round, active, &[], history)
}

/// [`pair`], knowing who among `active` is `absent` this round (did not check in): Swiss's
/// and duplicate's bye goes to a present player whenever one can take it (a bye is a point
/// for being there), and otherwise as [`pair`] gives it. Everything else is as [`pair`].
pub fn pair_present(
    event: &Event,
    round: u32,
    active: &[Entrant],
    absent: &[PlayerId],
    history: &[RoundRecord],
) -> Result<RoundPlan, PairError> {
    if !(2..=8).contains(&event.seats) {
        return Err(PairError::SeatsOutOfRange { seats: event.seats });
    }
    if round == 0 || round > event.rounds {
        return Err(PairError::RoundOutOfRange {
            round,
            rounds: event.rounds,
        });
    }
    let before = round as usize - 1;
    if history.len() < before {
        return Err(PairError::PreviousRoundUnfinished);
    }
    let history = &history[..before];
    for (index, record) in history.iter().enumerate() {
        if record.plan.round != index as u32 + 1 {
            return Err(PairError::HistoryOutOfOrder {
                index,
                found: record.plan.round,
            });
        }
        if record.results.len() != record.plan.tables.len() {
            return Err(PairError::PreviousRoundUnfinished);
        }
        for (table, (plan, result)) in record.plan.tables.iter().zip(&record.results).enumerate() {
            let result = result.as_ref().ok_or(PairError::PreviousRoundUnfinished)?;
            if plan.seats.len() != event.seats || !points::well_formed(result, &plan.seats) {
                return Err(PairError::MalformedResult {
                    round: record.plan.round,
                    table,
                });
            }
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    for e in active {
        if !seen.insert(e.id) {
            return Err(PairError::DuplicatePlayer { id: e.id });
        }
    }
    let need = min_players(event.format, event.seats);
    if event.format != Format::Knockout && active.len() < need {
        return Err(PairError::TooFewPlayers {
            have: active.len(),
            need,
        });
    }
    let draw = Draw {
        event,
        round,
        active,
        absent,
        history,
    };
    match event.format {
        Format::Swiss => Ok(swiss::pair(&draw, swiss::Mode::Swiss)),
        Format::Duplicate => Ok(swiss::pair(&draw, swiss::Mode::Duplicate)),
        Format::RoundRobin => round_robin::pair(&draw),
        Format::Knockout => knockout::pair(&draw),
    }
}

/// A round to pair, its inputs checked by [`pair_present`]: what each format pairs from.
#[derive(Clone, Copy)]
pub(crate) struct Draw<'a> {
    pub event: &'a Event,
    pub round: u32,
    /// The players still in, in sign-up order.
    pub active: &'a [Entrant],
    /// Who among `active` did not check in this round.
    pub absent: &'a [PlayerId],
    /// The finished rounds before this one, in order.
    pub history: &'a [RoundRecord],
}
