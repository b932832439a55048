//! The schema's migrations, compiled into the binary: the files of `migrations/sqlite` and
//! `migrations/postgres` (at the workspace's root), each named `<version>_<description>.sql`,
//! read with `include_str!` and handed to sqlx's migrator exactly as sqlx reads such a folder
//! (the same versions, descriptions and checksums, so a database migrated by an earlier
//! release is recognised as up to date). Written out instead of `sqlx::migrate!`, whose
//! procedural macro compiled a second copy of sqlx and both database drivers (SQLite's C source
//! included) for the compiler in every clean build; a test checks that the lists name every
//! file of both folders and give what sqlx reads from them.

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;

use sqlx::error::BoxDynError;
use sqlx::migrate::{MigrateError, Migration, MigrationSource, MigrationType, Migrator};

/// A backend's migration files, in version order: (file name, SQL). Both folders hold files of
/// the same names (each backend's own SQL); a migration added to one is added to the other.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Files(&'static [(&'static str, &'static str)]);

/// The files of `migrations/<dir>`, named in version order.
macro_rules! files {
    ($dir:literal: $($name:literal),+ $(,)?) => {
        Files(&[$(
            ($name, include_str!(concat!("../../../migrations/", $dir, "/", $name))),
        )+])
    };
}

/// Both backends' files, the same names in both folders.
macro_rules! both {
    ($($name:literal),+ $(,)?) => {
        pub(crate) const SQLITE: Files = files!("sqlite": $($name),+);
        pub(crate) const POSTGRES: Files = files!("postgres": $($name),+);
    };
}

both!(
    "0001_init.sql",
    "0002_pause.sql",
    "0003_computer_players.sql",
    "0004_forfeits_and_settings.sql",
    "0005_images_and_language.sql",
    "0006_ratings.sql",
    "0007_no_stored_state.sql",
    "0008_discord_messages.sql",
    "0009_discord_results.sql",
    "0010_hints_and_taken_seats.sql",
    "0011_one_game_per_level.sql",
    "0012_write_probe.sql",
    "0013_tournaments.sql",
    "0014_seasons.sql",
);

impl Files {
    /// The migrator of these files.
    pub(crate) async fn migrator(self) -> Result<Migrator, MigrateError> {
        Migrator::new(self).await
    }

    /// Each file as sqlx reads it from a folder: the version before the first `_`, the rest of
    /// the name without `.sql` and with `_` as spaces for the description, and no transaction
    /// when the SQL opens with `-- no-transaction`.
    fn migrations(self) -> Result<Vec<Migration>, BoxDynError> {
        self.0
            .iter()
            .map(|&(name, sql)| {
                let (version, rest) = name.split_once('_').ok_or_else(|| {
                    format!("the migration {name:?} has no `_` after its version")
                })?;
                let version: i64 = version
                    .parse()
                    .map_err(|_| format!("the migration {name:?} has no number for a version"))?;
                let kind = MigrationType::from_filename(rest);
                let description = rest.trim_end_matches(kind.suffix()).replace('_', " ");
                Ok(Migration::new(
                    version,
                    Cow::Owned(description),
                    kind,
                    Cow::Borrowed(sql),
                    sql.starts_with("-- no-transaction"),
                ))
            })
            .collect()
    }
}

impl MigrationSource<'static> for Files {
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 'static>> {
        Box::pin(std::future::ready(self.migrations()))
    }
}

#[cfg(test)]
mod tests {
    //! The embedded migrations: the lists name every file of the folders and read as sqlx reads
    //! the folders, for both backends.

    use std::path::PathBuf;

    use super::*;

    async fn both_read(files: Files, dir: &str) {
        let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../migrations")
            .join(dir);
        let mut names: Vec<String> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".sql"))
            .collect();
        names.sort();
        let listed: Vec<&str> = files.0.iter().map(|&(name, _)| name).collect();
        assert_eq!(
            listed, names,
            "migrations/{dir} and its list in migrations.rs"
        );

        let ours = files.migrator().await.unwrap();
        let mut sqlx_reads = Migrator::new(folder)
            .await
            .unwrap()
            .iter()
            .cloned()
            .collect::<Vec<_>>();
        sqlx_reads.sort_by_key(|m| m.version);
        let key = |m: &Migration| {
            (
                m.version,
                m.description.to_string(),
                m.migration_type,
                m.checksum.to_vec(),
                m.no_tx,
            )
        };
        assert_eq!(
            ours.iter().map(key).collect::<Vec<_>>(),
            sqlx_reads.iter().map(key).collect::<Vec<_>>()
        );
    }

    #[tokio::test]
    async fn the_lists_name_every_file_and_read_as_sqlx_reads_the_folders() {
        both_read(SQLITE, "sqlite").await;
        both_read(POSTGRES, "postgres").await;
    }
}
