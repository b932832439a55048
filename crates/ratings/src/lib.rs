//! Ratings: the Weng-Lin (OpenSkill) model of the `skillratings` crate applied to one finished
//! game, pure and deterministic. It owns how a game's result becomes rated teams and ranks
//! (`Entrant`), how a player who holds several seats (a computer level seated twice) is
//! updated, the conservative rating shown to people (μ − 3σ) and when a rating is still
//! provisional, and the soft reset at the start of a server's season (`Rating::next_season`).
//! Nothing here reads or writes storage: `store` calls [`rate`] inside the
//! transaction that records a result, and again, in the same order, when it recomputes.
//! docs/ratings.md says which games are rated as teams and why.

use std::collections::BTreeMap;

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// A rating is provisional (shown with "?", listed apart) until this many games are rated.
pub const PROVISIONAL_GAMES: i64 = 5;

/// One rating: μ (the estimate of skill) and σ (how unsure it is).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

impl Rating {
    /// A new player's rating: μ 25, σ 25/3 (the crate's default).
    pub fn new() -> Rating {
        let start = WengLinRating::new();
        Rating {
            mu: start.rating,
            sigma: start.uncertainty,
        }
    }

    /// The rating a player starts a new season of their server with (a soft reset): the same
    /// μ, its uncertainty widened by half a new player's (added in quadrature), never past a
    /// new player's σ. A strong player stays near the top but moves quickly again.
    pub fn next_season(self) -> Rating {
        let fresh = Rating::new().sigma;
        Rating {
            mu: self.mu,
            sigma: (self.sigma * self.sigma + fresh * fresh / 4.0)
                .sqrt()
                .min(fresh),
        }
    }

    /// The rating people see: μ − 3σ, a value the player's skill is very likely above. A new
    /// player starts at 0.
    pub fn conservative(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    fn weng_lin(self) -> WengLinRating {
        WengLinRating {
            rating: self.mu,
            uncertainty: self.sigma,
        }
    }

    fn from_weng_lin(r: WengLinRating) -> Rating {
        Rating {
            mu: r.rating,
            sigma: r.uncertainty,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::new()
    }
}

/// Whether a rating over `games` rated games is still provisional.
pub fn provisional(games: i64) -> bool {
    games < PROVISIONAL_GAMES
}

/// Who holds a rating: a person, or a computer level (all computer seats of one level share
/// one rating per server and game, so people can see how they compare with "hard").
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Player {
    Person(u64),
    Computer(String),
}

impl Player {
    /// Who played a seat: its person, else its computer level; None for a seat nobody took.
    pub fn of_seat(user: Option<u64>, computer: Option<&str>) -> Option<Player> {
        match (user, computer) {
            (Some(user), _) => Some(Player::Person(user)),
            (None, Some(level)) => Some(Player::Computer(level.to_string())),
            (None, None) => None,
        }
    }
}

/// One seat of a rated game: who played it, its team (seats of one team share a team number)
/// and the team's place (1 is best; teams that tie share a place).
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    pub player: Player,
    pub team: usize,
    pub place: usize,
}

/// The new ratings after one game, one per distinct player of `entrants`, given each player's
/// rating before it (`before`; a player missing from it starts at [`Rating::new`]). Answers
/// nothing when fewer than two teams took part (nothing to learn from).
///
/// Each seat is one member of its team, with its player's rating before the game. A player
/// holding several seats (two computer players of one level) moves by the mean of its seats'
/// changes in μ and ends with the mean of their σ: it met itself, so a first and a last place
/// cancel out.
pub fn rate(entrants: &[Entrant], before: &BTreeMap<Player, Rating>) -> BTreeMap<Player, Rating> {
    // Teams in team-number order, each with its members' seats (indexes into `entrants`).
    let mut teams: BTreeMap<usize, (usize, Vec<usize>)> = BTreeMap::new();
    for (i, e) in entrants.iter().enumerate() {
        let team = teams.entry(e.team).or_insert((e.place, Vec::new()));
        team.0 = team.0.min(e.place);
        team.1.push(i);
    }
    if teams.len() < 2 {
        return BTreeMap::new();
    }
    let prior = |p: &Player| before.get(p).copied().unwrap_or_default();
    let ratings: Vec<Vec<WengLinRating>> = teams
        .values()
        .map(|(_, seats)| {
            seats
                .iter()
                .map(|&i| prior(&entrants[i].player).weng_lin())
                .collect()
        })
        .collect();
    let teams_and_ranks: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .values()
        .zip(&ratings)
        .map(|((place, _), members)| (members.as_slice(), MultiTeamOutcome::new(*place)))
        .collect();
    let after = weng_lin_multi_team(&teams_and_ranks, &WengLinConfig::new());

    // Per player: the sum of its seats' μ changes and σ, and how many seats it held.
    let mut moved: BTreeMap<Player, (f64, f64, u32)> = BTreeMap::new();
    for ((_, seats), new) in teams.values().zip(after) {
        for (&i, rating) in seats.iter().zip(new) {
            let player = &entrants[i].player;
            let old = prior(player);
            let m = moved.entry(player.clone()).or_insert((0.0, 0.0, 0));
            m.0 += rating.rating - old.mu;
            m.1 += rating.uncertainty;
            m.2 += 1;
        }
    }
    moved
        .into_iter()
        .map(|(player, (dmu, sigma, n))| {
            let old = prior(&player);
            let rating = if n == 1 {
                // One seat: exactly the crate's answer.
                Rating::from_weng_lin(WengLinRating {
                    rating: old.mu + dmu,
                    uncertainty: sigma,
                })
            } else {
                let n = f64::from(n);
                Rating {
                    mu: old.mu + dmu / n,
                    sigma: sigma / n,
                }
            };
            (player, rating)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    //! Ratings against the `skillratings` crate: a new player shows zero and is provisional; a
    //! free-for-all with a tie and partnerships rated as teams match the crate's answer; a
    //! computer level seated twice moves by the mean of its seats; one team alone learns nothing.

    use super::*;
    use skillratings::weng_lin::weng_lin_multi_team;

    fn person(id: u64) -> Player {
        Player::Person(id)
    }

    fn solo(player: Player, seat: usize, place: usize) -> Entrant {
        Entrant {
            player,
            team: seat,
            place,
        }
    }

    fn crate_answer(teams: &[(Vec<Rating>, usize)]) -> Vec<Vec<Rating>> {
        let ratings: Vec<Vec<WengLinRating>> = teams
            .iter()
            .map(|(t, _)| t.iter().map(|r| r.weng_lin()).collect())
            .collect();
        let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
            .iter()
            .zip(teams)
            .map(|(r, (_, place))| (r.as_slice(), MultiTeamOutcome::new(*place)))
            .collect();
        weng_lin_multi_team(&input, &WengLinConfig::new())
            .into_iter()
            .map(|t| t.into_iter().map(Rating::from_weng_lin).collect())
            .collect()
    }

    #[test]
    fn a_new_player_shows_zero_and_is_provisional() {
        assert!((Rating::new().conservative()).abs() < 1e-12);
        assert!(provisional(0) && provisional(4) && !provisional(5));
    }

    #[test]
    fn free_for_all_with_a_tie_matches_the_crate() {
        let mut before = BTreeMap::new();
        before.insert(
            person(1),
            Rating {
                mu: 30.0,
                sigma: 5.0,
            },
        );
        before.insert(
            person(2),
            Rating {
                mu: 22.0,
                sigma: 7.0,
            },
        );
        // Seats 0 and 2 share first place; seat 1 (a new player) is third; seat 3 fourth.
        let entrants = vec![
            solo(person(1), 0, 1),
            solo(person(3), 1, 3),
            solo(person(2), 2, 1),
            solo(Player::Computer("hard".into()), 3, 4),
        ];
        let after = rate(&entrants, &before);
        let expected = crate_answer(&[
            (
                vec![Rating {
                    mu: 30.0,
                    sigma: 5.0,
                }],
                1,
            ),
            (vec![Rating::new()], 3),
            (
                vec![Rating {
                    mu: 22.0,
                    sigma: 7.0,
                }],
                1,
            ),
            (vec![Rating::new()], 4),
        ]);
        assert_eq!(after[&person(1)], expected[0][0]);
        assert_eq!(after[&person(3)], expected[1][0]);
        assert_eq!(after[&person(2)], expected[2][0]);
        assert_eq!(after[&Player::Computer("hard".into())], expected[3][0]);
        // Tied first places gain, the last loses.
        assert!(after[&person(1)].mu > 30.0 && after[&person(2)].mu > 22.0);
        assert!(after[&Player::Computer("hard".into())].mu < 25.0);
    }

    #[test]
    fn partnerships_are_rated_as_teams_like_the_crate() {
        let before = BTreeMap::new();
        // Teka: seats 0 and 2 against 1 and 3; 1 and 3 win.
        let entrants = vec![
            Entrant {
                player: person(10),
                team: 0,
                place: 2,
            },
            Entrant {
                player: person(11),
                team: 1,
                place: 1,
            },
            Entrant {
                player: person(12),
                team: 0,
                place: 2,
            },
            Entrant {
                player: person(13),
                team: 1,
                place: 1,
            },
        ];
        let after = rate(&entrants, &before);
        let expected = crate_answer(&[
            (vec![Rating::new(), Rating::new()], 2),
            (vec![Rating::new(), Rating::new()], 1),
        ]);
        assert_eq!(after[&person(10)], expected[0][0]);
        assert_eq!(after[&person(12)], expected[0][1]);
        assert_eq!(after[&person(11)], expected[1][0]);
        assert_eq!(after[&person(13)], expected[1][1]);
        assert!(after[&person(11)].mu > 25.0 && after[&person(10)].mu < 25.0);
    }

    #[test]
    fn a_level_seated_twice_moves_by_the_mean_of_its_seats() {
        let normal = Player::Computer("normal".into());
        let entrants = vec![
            solo(person(1), 0, 2),
            solo(normal.clone(), 1, 1),
            solo(normal.clone(), 2, 3),
        ];
        let after = rate(&entrants, &BTreeMap::new());
        let expected = crate_answer(&[
            (vec![Rating::new()], 2),
            (vec![Rating::new()], 1),
            (vec![Rating::new()], 3),
        ]);
        assert_eq!(after.len(), 2);
        let mean_mu = (expected[1][0].mu + expected[2][0].mu) / 2.0;
        let mean_sigma = (expected[1][0].sigma + expected[2][0].sigma) / 2.0;
        assert!((after[&normal].mu - mean_mu).abs() < 1e-12);
        assert!((after[&normal].sigma - mean_sigma).abs() < 1e-12);
        assert_eq!(after[&person(1)], expected[0][0]);
    }

    #[test]
    fn one_team_alone_learns_nothing() {
        let entrants = vec![solo(person(1), 0, 1)];
        assert!(rate(&entrants, &BTreeMap::new()).is_empty());
    }
}
