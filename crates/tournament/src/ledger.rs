//! The history of an event read once: each player's points in the format's measure, byes,
//! walkovers, games and seats held, and which pairs of players have met. Pairing and standings
//! both read it; tables still without a result count for nothing.

use std::collections::{BTreeMap, BTreeSet};

use crate::points::{match_points, pairwise, present};
use crate::{Event, Format, Halves, Occupant, PlayerId, RoundRecord};

/// One player's history.
#[derive(Clone, Debug, Default)]
pub(crate) struct Record {
    /// The format's points: game points, byes and walkovers (Swiss), match points (duplicate).
    pub points: Halves,
    pub byes: u32,
    pub walkovers: u32,
    pub played: u32,
    pub absences: u32,
    /// How often the player held each seat index in a game they played.
    pub seat_counts: Vec<u32>,
    pub last_seat: Option<usize>,
    /// Each game played: the opponents who came, with what the player earned against each
    /// (halves: 2 ahead, 1 tied, 0 behind).
    pub games: Vec<Vec<(PlayerId, u8)>>,
}

pub(crate) struct Ledger {
    pub records: BTreeMap<PlayerId, Record>,
    /// Pairs (smaller id first) who sat at one table, both present.
    pub met: BTreeSet<(PlayerId, PlayerId)>,
    seats: usize,
}

impl Ledger {
    pub fn new(event: &Event, history: &[RoundRecord]) -> Ledger {
        let mut ledger = Ledger {
            records: BTreeMap::new(),
            met: BTreeSet::new(),
            seats: event.seats,
        };
        let walkover_points = Halves(2 * (event.seats as u32).saturating_sub(1));
        for record in history {
            let duplicate = (event.format == Format::Duplicate).then(|| {
                let tables: Vec<_> = record
                    .plan
                    .tables
                    .iter()
                    .enumerate()
                    .map(|(t, table)| {
                        (
                            table.seats.as_slice(),
                            record.results.get(t).and_then(|r| r.as_ref()),
                        )
                    })
                    .collect();
                match_points(&tables)
            });
            for (t, table) in record.plan.tables.iter().enumerate() {
                let Some(Some(result)) = record.results.get(t) else {
                    continue;
                };
                let n = table.seats.len();
                let earned = pairwise(result, &table.seats);
                for (s, row) in earned.iter().enumerate() {
                    let Occupant::Player(id) = table.seats[s] else {
                        continue;
                    };
                    let came = present(result, &table.seats, s);
                    let points = match &duplicate {
                        Some((mp, _)) => mp[t]
                            .as_ref()
                            .and_then(|seats| seats.get(s).copied().flatten())
                            .unwrap_or_default(),
                        None => Halves(row.iter().flatten().map(|&h| u32::from(h)).sum()),
                    };
                    let games: Vec<(PlayerId, u8)> = (0..n)
                        .filter(|&o| present(result, &table.seats, o))
                        .filter_map(|o| Some((table.seats[o].player()?, row[o]?)))
                        .collect();
                    let entry = ledger.entry(id);
                    entry.points += points;
                    if !came {
                        entry.absences += 1;
                    } else if result.walkover {
                        entry.walkovers += 1;
                    } else {
                        entry.played += 1;
                        // A seat past the event's (a malformed record) counts for no rotation.
                        if let Some(count) = entry.seat_counts.get_mut(s) {
                            *count += 1;
                        }
                        entry.last_seat = Some(s);
                        entry.games.push(games);
                    }
                }
                if !result.walkover {
                    let came: Vec<PlayerId> = (0..n)
                        .filter(|&s| present(result, &table.seats, s))
                        .filter_map(|s| table.seats[s].player())
                        .collect();
                    for (i, &a) in came.iter().enumerate() {
                        for &b in &came[i + 1..] {
                            ledger.met.insert((a.min(b), a.max(b)));
                        }
                    }
                }
            }
            let bye_points = match (&duplicate, event.format) {
                (Some((_, average)), _) => *average,
                (None, Format::Swiss) => Halves(2),
                _ => Halves(0),
            };
            for &id in &record.plan.byes {
                let entry = ledger.entry(id);
                entry.byes += 1;
                entry.points += bye_points;
            }
            for &id in &record.plan.walkovers {
                let points = match &duplicate {
                    Some((_, average)) => *average,
                    None => walkover_points,
                };
                let entry = ledger.entry(id);
                entry.walkovers += 1;
                entry.points += points;
            }
        }
        ledger
    }

    fn entry(&mut self, id: PlayerId) -> &mut Record {
        let seats = self.seats;
        self.records.entry(id).or_insert_with(|| Record {
            seat_counts: vec![0; seats],
            ..Record::default()
        })
    }

    /// A player's record (an empty one for a player without history).
    pub fn record(&self, id: PlayerId) -> Record {
        self.records.get(&id).cloned().unwrap_or_else(|| Record {
            seat_counts: vec![0; self.seats],
            ..Record::default()
        })
    }

    pub fn points(&self, id: PlayerId) -> Halves {
        self.records.get(&id).map(|r| r.points).unwrap_or_default()
    }

    pub fn met(&self, a: PlayerId, b: PlayerId) -> bool {
        self.met.contains(&(a.min(b), a.max(b)))
    }
}
