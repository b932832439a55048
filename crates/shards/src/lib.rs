//! The Discord gateway shards a process runs (`SHARDS=first-last/total`) and the shard that
//! carries a server's events. A leaf with no dependency, so that the configuration that reads
//! the range, the store that loads its servers' tables, and the table service that holds them
//! share one type without the configuration sitting above the table service.

/// A range of Discord gateway shards, `first..=last` of `total`: the servers a process serves
/// when the gateway is split between processes (`SHARDS=first-last/total`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardRange {
    /// Every shard of one process that runs them all.
    pub const ALL: ShardRange = ShardRange {
        first: 0,
        last: 0,
        total: 1,
    };

    /// The shard that carries server `guild_id`'s events: `(guild_id >> 22) % total`.
    pub fn shard_of(&self, guild_id: u64) -> u32 {
        ((guild_id >> 22) % u64::from(self.total.max(1))) as u32
    }

    /// Whether server `guild_id`'s events arrive on a shard of this range.
    pub fn holds(&self, guild_id: u64) -> bool {
        (self.first..=self.last).contains(&self.shard_of(guild_id))
    }

    /// The shard that carries the events of a table's place: its server's, or, for a DM or a
    /// group DM (whose place is its own channel: `guild_id == channel_id`), shard 0, where
    /// Discord sends every DM's events.
    pub fn shard_of_place(&self, guild_id: u64, channel_id: u64) -> u32 {
        if guild_id == channel_id {
            0
        } else {
            self.shard_of(guild_id)
        }
    }

    /// Whether a table's place (see [`ShardRange::shard_of_place`]) is on a shard of this range.
    pub fn holds_place(&self, guild_id: u64, channel_id: u64) -> bool {
        (self.first..=self.last).contains(&self.shard_of_place(guild_id, channel_id))
    }
}

#[cfg(test)]
mod tests {
    //! Sharding: a server is on the shard its id names (`(id >> 22) % total`), a range holds its
    //! shards only, and a total of 0 reads as 1.

    use super::*;

    #[test]
    fn a_server_is_on_the_shard_its_id_names() {
        let half = ShardRange {
            first: 0,
            last: 1,
            total: 4,
        };
        // Shard `(id >> 22) % total`: 5 % 4 is shard 1, 6 % 4 shard 2.
        let (on, off) = (5u64 << 22, 6u64 << 22);
        assert_eq!((half.shard_of(on), half.shard_of(off)), (1, 2));
        assert!(half.holds(on) && !half.holds(off));
        assert!(ShardRange::ALL.holds(on) && ShardRange::ALL.holds(off));
        // A DM's or a group DM's place is its own channel, on shard 0 as DMs are.
        let dm = 7u64 << 22;
        assert_eq!(half.shard_of_place(dm, dm), 0);
        assert_eq!(half.shard_of_place(on, dm), 1);
        assert!(half.holds_place(dm, dm) && !half.holds_place(off, dm));
        // A total of 0 is read as 1 rather than dividing by zero.
        assert_eq!(ShardRange { total: 0, ..half }.shard_of(on), 0);
    }
}
