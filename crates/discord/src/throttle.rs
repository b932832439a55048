//! How fast one person may click buttons and open tables on Discord: a [`Throttle`] (the
//! edges' token bucket per user, `pakka_edge::pace`) for each, as the operator set them. A click
//! (or a `/play`) takes a token; with none left the person is told how long to wait, and
//! nothing else happens. A `/play` takes its token as a [`Taken`], given back when the request
//! is refused (a wrong seat count, an unknown game): only a table opened costs one.

use pakka_config::Config;
pub use pakka_edge::pace::{seconds, Taken, Throttle};

/// The throttles of one person's requests.
#[derive(Debug)]
pub struct Throttles {
    /// Every button click (and any other component).
    pub clicks: Throttle,
    /// `/play`.
    pub plays: Throttle,
}

impl Throttles {
    /// The operator's settings (a burst of 0 turns a throttle off).
    pub fn from_config(config: &Config) -> Throttles {
        Throttles {
            clicks: Throttle::new(config.click_burst, f64::from(config.clicks_per_second)),
            plays: Throttle::new(config.play_burst, f64::from(config.plays_per_minute) / 60.0),
        }
    }
}
