//! What one table's result is worth: each seat's points from one game ([`game_points`], the
//! pairwise results behind them), duplicate's matchpoints across the tables of a round, and the
//! check that a result fits its table.

use crate::{Halves, Occupant, TableResult};

/// Whether `result` fits a table seated as `seats`: ranked seats exist and appear once (all of
/// them unless a walkover), scores and teams one per seat, the absent are seated players, and
/// a walkover has at most one present player.
pub(crate) fn well_formed(result: &TableResult, seats: &[Occupant]) -> bool {
    let n = seats.len();
    let mut listed = vec![false; n];
    for &s in result.ranking.iter().flatten() {
        if s >= n || listed[s] {
            return false;
        }
        listed[s] = true;
    }
    if !result.walkover && listed.iter().any(|l| !l) {
        return false;
    }
    if result.scores.as_ref().is_some_and(|v| v.len() != n)
        || result.teams.as_ref().is_some_and(|v| v.len() != n)
    {
        return false;
    }
    let players: Vec<u64> = seats.iter().filter_map(|o| o.player()).collect();
    if result.absent.iter().any(|a| !players.contains(a)) {
        return false;
    }
    if result.walkover {
        let present = players
            .iter()
            .filter(|p| !result.absent.contains(p))
            .count();
        if present > 1 {
            return false;
        }
    }
    true
}

/// Each seat's place: the index of its list in the ranking; seats not listed come after all.
fn places(result: &TableResult, n: usize) -> Vec<usize> {
    let mut place = vec![result.ranking.len(); n];
    for (i, group) in result.ranking.iter().enumerate() {
        for &s in group {
            if s < n {
                place[s] = i;
            }
        }
    }
    place
}

/// Whether seats `a` and `b` are opponents (different seats, not partners).
pub(crate) fn opponents(result: &TableResult, n: usize, a: usize, b: usize) -> bool {
    if a == b {
        return false;
    }
    match &result.teams {
        Some(teams) if teams.len() == n => teams[a] != teams[b],
        _ => true,
    }
}

/// Whether seat `s` holds a player who came (not a computer, not absent).
pub(crate) fn present(result: &TableResult, seats: &[Occupant], s: usize) -> bool {
    match seats[s] {
        Occupant::Player(id) => !result.absent.contains(&id),
        Occupant::Computer => false,
    }
}

/// The pairwise results of one table: `out[s][o]` is what seat `s` earned against seat `o`, in
/// halves (2 ahead, 1 tied, 0 behind), for opponents only; 0 for an absent player, 2 against
/// everyone for a walkover's present player.
pub(crate) fn pairwise(result: &TableResult, seats: &[Occupant]) -> Vec<Vec<Option<u8>>> {
    let n = seats.len();
    let place = places(result, n);
    (0..n)
        .map(|s| {
            (0..n)
                .map(|o| {
                    if !opponents(result, n, s, o) {
                        return None;
                    }
                    let earned = match seats[s] {
                        Occupant::Player(_) if !present(result, seats, s) => 0,
                        _ if result.walkover => 2,
                        _ => match place[s].cmp(&place[o]) {
                            std::cmp::Ordering::Less => 2,
                            std::cmp::Ordering::Equal => 1,
                            std::cmp::Ordering::Greater => 0,
                        },
                    };
                    Some(earned)
                })
                .collect()
        })
        .collect()
}

/// Each seat's points from one game; None for a computer seat. See the crate's head: one point
/// per opponent finished ahead of, half per tie; absent players 0; a walkover's present player
/// as if ahead of every opponent.
pub fn game_points(result: &TableResult, seats: &[Occupant]) -> Vec<Option<Halves>> {
    let table = pairwise(result, seats);
    seats
        .iter()
        .zip(table)
        .map(|(occupant, row)| match occupant {
            Occupant::Computer => None,
            Occupant::Player(_) => Some(Halves(
                row.iter().flatten().map(|&h| u32::from(h)).sum::<u32>(),
            )),
        })
        .collect()
}

/// What each seat of each table of one round earned, as the event's format counts it:
/// duplicate's match points (each seat against the same seat at the other tables), else each
/// game's points ([`game_points`]). None for a computer seat; an empty list for a table not
/// played yet. What an event's message shows beside each table.
pub fn round_points(
    format: crate::Format,
    record: &crate::RoundRecord,
) -> Vec<Vec<Option<Halves>>> {
    if format == crate::Format::Duplicate {
        let tables: Vec<(&[Occupant], Option<&TableResult>)> = record
            .plan
            .tables
            .iter()
            .zip(&record.results)
            .map(|(plan, result)| (plan.seats.as_slice(), result.as_ref()))
            .collect();
        return match_points(&tables)
            .0
            .into_iter()
            .map(Option::unwrap_or_default)
            .collect();
    }
    record
        .plan
        .tables
        .iter()
        .zip(&record.results)
        .map(|(plan, result)| {
            result
                .as_ref()
                .map(|r| game_points(r, &plan.seats))
                .unwrap_or_default()
        })
        .collect()
}

/// The value duplicate compares for each seat of a played table: its score, else its place
/// counted from the bottom (`seats − 1 − index in the ranking`).
fn seat_values(result: &TableResult, n: usize) -> Vec<i64> {
    match &result.scores {
        Some(scores) if scores.len() == n => scores.clone(),
        _ => places(result, n)
            .into_iter()
            .map(|p| n as i64 - 1 - p as i64)
            .collect(),
    }
}

/// Duplicate's matchpoints for one round: for each table (None while unplayed), each seat's
/// match points (None for a computer seat). A played table's seat is compared with the same
/// seat at every other played table: 2 halves where it did better, 1 equal, 0 worse; absent
/// players score 0; a walkover's present player scores the average, `played − 1` halves.
/// Also returns the average (for the round's byes).
pub(crate) fn match_points(
    tables: &[(&[Occupant], Option<&TableResult>)],
) -> (Vec<Option<Vec<Option<Halves>>>>, Halves) {
    let played: Vec<Option<Vec<i64>>> = tables
        .iter()
        .map(|(seats, result)| match result {
            Some(r) if !r.walkover => Some(seat_values(r, seats.len())),
            _ => None,
        })
        .collect();
    let count = played.iter().filter(|p| p.is_some()).count() as u32;
    let average = Halves(count.saturating_sub(1));
    let out = tables
        .iter()
        .enumerate()
        .map(|(t, (seats, result))| {
            let result = (*result)?;
            Some(
                (0..seats.len())
                    .map(|s| {
                        let Occupant::Player(_) = seats[s] else {
                            return None;
                        };
                        if !present(result, seats, s) {
                            return Some(Halves(0));
                        }
                        let Some(mine) = &played[t] else {
                            return Some(average);
                        };
                        let earned = played
                            .iter()
                            .enumerate()
                            .filter(|(u, _)| *u != t)
                            .filter_map(|(_, other)| other.as_ref())
                            .map(
                                |other| match mine[s].cmp(other.get(s).unwrap_or(&i64::MIN)) {
                                    std::cmp::Ordering::Greater => 2,
                                    std::cmp::Ordering::Equal => 1,
                                    std::cmp::Ordering::Less => 0,
                                },
                            )
                            .sum::<u32>();
                        Some(Halves(earned))
                    })
                    .collect(),
            )
        })
        .collect();
    (out, average)
}

#[cfg(test)]
mod tests {
    //! Points of a table's result: win, draw and loss at two seats; at four seats every opponent
    //! counts, computers too, partners are not opponents; the absent score nothing and a walkover
    //! everything; malformed results are told; matchpoints compare the same seat across tables.

    use super::*;
    use crate::Occupant::{Computer, Player};

    fn ranked(ranking: Vec<Vec<usize>>) -> TableResult {
        TableResult {
            ranking,
            ..TableResult::default()
        }
    }

    #[test]
    fn two_seats_win_draw_loss() {
        let seats = [Player(1), Player(2)];
        let win = ranked(vec![vec![1], vec![0]]);
        assert_eq!(
            game_points(&win, &seats),
            vec![Some(Halves(0)), Some(Halves(2))]
        );
        let draw = ranked(vec![vec![0, 1]]);
        assert_eq!(
            game_points(&draw, &seats),
            vec![Some(Halves(1)), Some(Halves(1))]
        );
    }

    #[test]
    fn four_seats_count_every_opponent_computers_too() {
        let seats = [Player(1), Computer, Player(3), Player(4)];
        let result = ranked(vec![vec![1], vec![2, 3], vec![0]]);
        assert_eq!(
            game_points(&result, &seats),
            vec![Some(Halves(0)), None, Some(Halves(3)), Some(Halves(3))]
        );
    }

    #[test]
    fn partners_are_not_opponents() {
        let seats = [Player(1), Player(2), Player(3), Player(4)];
        let result = TableResult {
            ranking: vec![vec![0, 2], vec![1, 3]],
            teams: Some(vec![0, 1, 0, 1]),
            ..TableResult::default()
        };
        assert_eq!(
            game_points(&result, &seats),
            vec![
                Some(Halves(4)),
                Some(Halves(0)),
                Some(Halves(4)),
                Some(Halves(0))
            ]
        );
    }

    #[test]
    fn the_absent_score_nothing_and_a_walkover_everything() {
        let seats = [Player(1), Player(2), Player(3)];
        let result = TableResult {
            ranking: vec![vec![1], vec![0], vec![2]],
            absent: vec![2],
            ..TableResult::default()
        };
        assert_eq!(
            game_points(&result, &seats),
            vec![Some(Halves(2)), Some(Halves(0)), Some(Halves(0))]
        );
        let walkover = TableResult {
            absent: vec![1, 3],
            walkover: true,
            ..TableResult::default()
        };
        assert!(well_formed(&walkover, &seats));
        assert_eq!(
            game_points(&walkover, &seats),
            vec![Some(Halves(0)), Some(Halves(4)), Some(Halves(0))]
        );
    }

    #[test]
    fn malformed_results_are_told() {
        let seats = [Player(1), Player(2)];
        assert!(!well_formed(&ranked(vec![vec![0]]), &seats));
        assert!(!well_formed(&ranked(vec![vec![0], vec![0, 1]]), &seats));
        assert!(!well_formed(&ranked(vec![vec![0], vec![2]]), &seats));
        let two_present = TableResult {
            walkover: true,
            ..TableResult::default()
        };
        assert!(!well_formed(&two_present, &seats));
    }

    #[test]
    fn matchpoints_compare_the_same_seat_across_tables() {
        let a = [Player(1), Player(2)];
        let b = [Player(3), Computer];
        let c = [Player(5), Player(6)];
        let ra = TableResult {
            ranking: vec![vec![0], vec![1]],
            scores: Some(vec![10, 4]),
            ..TableResult::default()
        };
        let rb = TableResult {
            ranking: vec![vec![1], vec![0]],
            scores: Some(vec![3, 11]),
            ..TableResult::default()
        };
        let rc = TableResult {
            ranking: vec![vec![0], vec![1]],
            scores: Some(vec![10, 2]),
            ..TableResult::default()
        };
        let (mp, average) = match_points(&[(&a, Some(&ra)), (&b, Some(&rb)), (&c, Some(&rc))]);
        assert_eq!(average, Halves(2));
        // Seat 0: 10, 3, 10. Seat 1: 4, 11, 2.
        assert_eq!(
            mp[0].as_ref().unwrap(),
            &vec![Some(Halves(3)), Some(Halves(2))]
        );
        assert_eq!(mp[1].as_ref().unwrap(), &vec![Some(Halves(0)), None]);
        assert_eq!(
            mp[2].as_ref().unwrap(),
            &vec![Some(Halves(3)), Some(Halves(0))]
        );
    }
}
