//! What every edge of the table service needs alike, made once: the Discord edge
//! (`crates/discord`) and the Activity's web edge (`crates/web`) both use these pieces, and
//! each keeps only what its own transport words differently. `people` remembers people's
//! display names (heard from an interaction, or asked of Discord), bounded; `seats` tells how a
//! table's seats are named before any edge words them (a person by name when known, a computer
//! player as the catalog says, an open seat); `pace` holds a person's input to a steady pace (a
//! token bucket per person, and a window's frames); `follow` follows the table service's bus of
//! events, and says which tables to show again when the edge fell behind it; `records` words a
//! leaderboard's line. Knows no Discord
//! type, no HTTP and no SQL.

pub mod follow;
pub mod pace;
pub mod people;
pub mod records;
pub mod seats;

pub use follow::{Behind, Follow, Heard};
pub use pace::{seconds, FramePace, Paced, Taken, Throttle};
pub use people::{People, NAME_KEPT, PEOPLE_KEPT};
pub use seats::{seats, SeatName};
