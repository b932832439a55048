//! The shape of a round and of a table: how many players each table takes (computers fill the
//! rest, spread evenly, the extra ones on the last tables) and which seat each player of a
//! table takes (the seat index they have held least, solved for the whole table).

use crate::{Occupant, PlayerId};

/// Players per table for `n` players at tables of `seats`: `ceil(n / seats)` tables, sizes
/// differing by at most one, the larger first.
pub(crate) fn table_sizes(n: usize, seats: usize) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    let tables = n.div_ceil(seats);
    let base = n / tables;
    let extra = n % tables;
    (0..tables).map(|i| base + usize::from(i < extra)).collect()
}

/// How seats are chosen within a table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rotation {
    /// The seat index held least; ties: the better standing takes the lower seat.
    Least,
    /// As `Least`, and among the seats held least, the one after the seat held last.
    Strict,
}

/// One player to seat: how often they held each seat index, and the last one they held.
pub(crate) struct Sitter<'a> {
    pub id: PlayerId,
    pub counts: &'a [u32],
    pub last: Option<usize>,
}

/// Seats `players` (best standing first, at most `seats` of them) at a table of `seats`: the
/// assignment that minimises the seats taken beyond each player's least-held count (then, for
/// `Strict`, the distance past their last seat), the lexicographically lowest seats for the
/// better-standing players among the best. Empty seats are computers.
pub(crate) fn seat(players: &[Sitter<'_>], seats: usize, rotation: Rotation) -> Vec<Occupant> {
    let n = players.len();
    debug_assert!(n <= seats);
    let cost = |i: usize, s: usize| -> u64 {
        let counts = players[i].counts;
        let held = |s: usize| u64::from(counts.get(s).copied().unwrap_or(0));
        let least = (0..seats).map(held).min().unwrap_or(0);
        let excess = held(s) - least;
        let turn = match (rotation, players[i].last) {
            (Rotation::Strict, Some(last)) => ((s + seats - last - 1) % seats) as u64,
            _ => 0,
        };
        excess * 64 + turn
    };
    let full = 1usize << seats;
    // best[mask]: the least cost of seating players popcount(mask).. in the seats not in mask.
    let mut best = vec![u64::MAX; full];
    for mask in (0..full).rev() {
        let i = mask.count_ones() as usize;
        if i > n {
            continue;
        }
        if i == n {
            best[mask] = 0;
            continue;
        }
        best[mask] = (0..seats)
            .filter(|s| mask & (1 << s) == 0)
            .map(|s| cost(i, s).saturating_add(best[mask | (1 << s)]))
            .min()
            .unwrap_or(u64::MAX);
    }
    let mut out = vec![Occupant::Computer; seats];
    let mut mask = 0usize;
    for (i, player) in players.iter().enumerate() {
        let s = (0..seats)
            .filter(|s| mask & (1 << s) == 0)
            .find(|&s| cost(i, s).saturating_add(best[mask | (1 << s)]) == best[mask])
            .expect("a seat reaches the optimum");
        out[s] = Occupant::Player(player.id);
        mask |= 1 << s;
    }
    out
}

#[cfg(test)]
mod tests {
    //! Seating at a table: table sizes spread the empty seats, each player takes the seat held
    //! least, ties go to the better standing and computers take the rest, and strict rotation
    //! moves on from the last seat.

    use super::*;

    #[test]
    fn sizes_spread_the_empty_seats() {
        assert_eq!(table_sizes(14, 4), vec![4, 4, 3, 3]);
        assert_eq!(table_sizes(9, 8), vec![5, 4]);
        assert_eq!(table_sizes(8, 2), vec![2, 2, 2, 2]);
        assert_eq!(table_sizes(2, 8), vec![2]);
        assert_eq!(table_sizes(5, 4), vec![3, 2]);
    }

    #[test]
    fn each_takes_the_seat_held_least() {
        let a = [3, 0];
        let b = [0, 3];
        let players = [
            Sitter {
                id: 1,
                counts: &a,
                last: None,
            },
            Sitter {
                id: 2,
                counts: &b,
                last: None,
            },
        ];
        assert_eq!(
            seat(&players, 2, Rotation::Least),
            vec![Occupant::Player(2), Occupant::Player(1)]
        );
    }

    #[test]
    fn ties_go_to_the_better_standing_and_computers_take_the_rest() {
        let zero = [0, 0, 0, 0];
        let players = [
            Sitter {
                id: 7,
                counts: &zero,
                last: None,
            },
            Sitter {
                id: 8,
                counts: &zero,
                last: None,
            },
        ];
        assert_eq!(
            seat(&players, 4, Rotation::Least),
            vec![
                Occupant::Player(7),
                Occupant::Player(8),
                Occupant::Computer,
                Occupant::Computer
            ]
        );
    }

    #[test]
    fn strict_rotation_moves_on_from_the_last_seat() {
        // Seats 0 and 3 are held least; the last seat was 2, so strict takes 3, least takes 0.
        let counts = [0, 1, 1, 0];
        let players = [Sitter {
            id: 1,
            counts: &counts,
            last: Some(2),
        }];
        assert_eq!(seat(&players, 4, Rotation::Strict)[3], Occupant::Player(1));
        assert_eq!(seat(&players, 4, Rotation::Least)[0], Occupant::Player(1));
    }
}
