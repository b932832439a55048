//! One fresh database of each backend for a scenario: `Db` (a SQLite file in a temporary
//! directory, or a PostgreSQL database of its own, see `postgres.rs`) and `on_both_backends!`,
//! which runs each named scenario as `sqlite::<name>` and `postgres::<name>`.

use pakka::store::Store;

use super::postgres::{self as pg, TestDb};

pub fn url(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("pakka.db").display())
}

/// A fresh database of one backend, which a scenario may open several times (a restart, or a
/// second process).
pub enum Db {
    Sqlite(tempfile::TempDir),
    Postgres(TestDb),
}

impl Db {
    pub fn sqlite() -> Db {
        Db::Sqlite(tempfile::tempdir().unwrap())
    }

    pub async fn postgres(test: &str) -> Option<Db> {
        pg::fresh(test).await.map(Db::Postgres)
    }

    pub fn url(&self) -> String {
        match self {
            Db::Sqlite(dir) => url(dir),
            Db::Postgres(db) => db.url.clone(),
        }
    }

    /// A store on this database, with the migrations run (again).
    pub async fn open(&self) -> Store {
        Store::open(&self.url()).await.unwrap()
    }
}

/// Runs each scenario on both backends: `sqlite::<name>` and `postgres::<name>`.
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name(&super::Db::sqlite()).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let Some(db) = super::Db::postgres(stringify!($name)).await else {
                        return;
                    };
                    super::$name(&db).await;
                }
            )*
        }
    };
}
pub(crate) use on_both_backends;
