//! A game's showcase: the fixed tables every suite outside the game's folder plays it at — the
//! arena's and the benches' table, the replay fixture, the end-to-end table on the fake
//! Discord, the load test's table and the reference pictures' position. Each game names its own
//! (`Game::SHOWCASE`, in the `game_head!` that opens its `impl Game`, beside its rules), and
//! the registry lists them ([`registry::SHOWCASES`]), so a game added to the registry is in
//! every suite at once, and no suite keeps a list of games of its own. [`showcases!`](crate::showcases) turns them into a suite's own constant
//! table.
//!
//! [`registry::SHOWCASES`]: crate::registry::SHOWCASES

/// The fixed tables a game is played at outside its folder (see the module's documentation).
/// Every table has the game's default options except the picture's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Showcase {
    /// The seed every table below deals from.
    pub seed: u64,
    /// The seats of the table the arena's figures in BENCHMARKS.md and the benches use.
    pub arena_seats: usize,
    /// The seats of the replay fixture (`pakka_table::replay_fixtures`): a person choosing at
    /// random in seat 0, `normal` computer players in the others.
    pub replay_seats: usize,
    /// The end-to-end table on the fake Discord: the people at it (Alice, Bob, Carol in that
    /// order) and the computer players after them.
    pub people: usize,
    pub computers: usize,
    /// The people at the load test's table (no computer players: every move is a click).
    pub load_people: usize,
    /// The position the reference pictures show.
    pub picture: Pictured,
}

/// A position drawn for the reference pictures: a table, played this many moves by the rule of
/// thumb (chosen to show a trick, a pile, a palette in play), and the seat whose hand is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pictured {
    pub seats: usize,
    /// Option words (`"variant=book"`); empty for the defaults.
    pub options: &'static str,
    pub moves: usize,
    pub hand: usize,
}

/// A constant table with one row per registered game, in the registry's order, each row
/// written from the game's id and its [`Showcase`]:
/// `showcases!(|id, s| (id, s.arena_seats))` is a `&'static [(&str, usize)]` usable in a
/// `const` (the row is written out in a loop: a const context calls no closures).
#[macro_export]
macro_rules! showcases {
    (|$id:ident, $s:ident| $row:expr) => {{
        const SHOWCASES: &[(&str, $crate::showcase::Showcase)] = $crate::registry::SHOWCASES;
        &{
            let mut rows = [{
                let ($id, $s) = (SHOWCASES[0].0, SHOWCASES[0].1);
                $row
            }; SHOWCASES.len()];
            let mut i = 1;
            while i < SHOWCASES.len() {
                rows[i] = {
                    let ($id, $s) = (SHOWCASES[i].0, SHOWCASES[i].1);
                    $row
                };
                i += 1;
            }
            rows
        }
    }};
}
