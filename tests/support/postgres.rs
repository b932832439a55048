//! PostgreSQL for the tests: a fresh, empty database per test on the server named by
//! `PAKKA_TEST_POSTGRES` (an admin URL such as `postgres://pakka@127.0.0.1:5433/postgres`;
//! `.ci/postgres start` starts a throwaway cluster and prints it), dropped when the test ends.
//!
//! Without the variable the PostgreSQL tests say they were skipped and why, so a developer
//! without PostgreSQL still gets a green SQLite run; under CI (`CI=true`) a missing variable is
//! a failure, so CI always runs them.

use std::sync::atomic::{AtomicUsize, Ordering};

use sqlx::{Connection, PgConnection};

/// The variable that names the test server.
pub const VARIABLE: &str = "PAKKA_TEST_POSTGRES";

/// A database of its own for one test; dropped (with its connections) when this is.
pub struct TestDb {
    /// The database's URL, for `Store::open` or a bot's `DATABASE_URL`.
    pub url: String,
    admin: String,
    name: String,
}

/// The admin URL, or None after saying why the PostgreSQL test `test` is skipped.
pub fn server(test: &str) -> Option<String> {
    match std::env::var(VARIABLE) {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ => {
            if std::env::var("CI").is_ok_and(|ci| ci == "true" || ci == "1") {
                panic!(
                    "{test}: CI runs the PostgreSQL tests, but {VARIABLE} is not set \
                     (.ci/run starts a throwaway cluster with .ci/postgres and sets it)"
                );
            }
            eprintln!(
                "skipped {test} on PostgreSQL: {VARIABLE} is not set \
                 (eval \"$(.ci/postgres start)\" starts a throwaway cluster and sets it)"
            );
            None
        }
    }
}

/// A fresh empty database for the test `test`, or None when PostgreSQL tests are skipped.
pub async fn fresh(test: &str) -> Option<TestDb> {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let admin = server(test)?;
    let name = format!(
        "pakka_test_{}_{}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    );
    let mut conn = PgConnection::connect(&admin)
        .await
        .unwrap_or_else(|e| panic!("{test}: cannot reach PostgreSQL at {admin}: {e}"));
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("{test}: cannot create a database: {e}"));
    conn.close().await.ok();
    Some(TestDb {
        url: with_database(&admin, &name),
        admin,
        name,
    })
}

/// `admin` with its database name replaced by `name`.
fn with_database(admin: &str, name: &str) -> String {
    let (base, query) = match admin.split_once('?') {
        Some((base, query)) => (base, format!("?{query}")),
        None => (admin, String::new()),
    };
    let authority_end = base
        .find("://")
        .map(|scheme| {
            base[scheme + 3..]
                .find('/')
                .map_or(base.len(), |slash| scheme + 3 + slash)
        })
        .unwrap_or(base.len());
    format!("{}/{name}{query}", &base[..authority_end])
}

/// The size of pakka's tables in the database at `url` in bytes, with their indexes and TOAST
/// (`pg_total_relation_size`; the system catalogs of an empty database, some 7 MB, are left
/// out), after a checkpoint.
pub async fn database_bytes(url: &str) -> u64 {
    let mut conn = PgConnection::connect(url).await.unwrap();
    sqlx::query("CHECKPOINT").execute(&mut conn).await.ok();
    let bytes: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(pg_total_relation_size(c.oid)), 0) AS BIGINT) \
         FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace \
         WHERE n.nspname = 'public' AND c.relkind = 'r'",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    conn.close().await.ok();
    bytes as u64
}

/// The process id of the test server's postmaster, when `PAKKA_PG_DIR` names the throwaway
/// cluster of `.ci/postgres` (to pin it to a core in a benchmark).
pub fn server_pid() -> Option<u32> {
    let dir = std::env::var("PAKKA_PG_DIR").ok()?;
    let pid = std::fs::read_to_string(format!("{dir}/data/postmaster.pid")).ok()?;
    pid.lines().next()?.trim().parse().ok()
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let admin = self.admin.clone();
        let name = self.name.clone();
        // A runtime of its own on a thread of its own: the test's runtime may be ending.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            runtime.block_on(async {
                let mut conn = PgConnection::connect(&admin).await.ok()?;
                sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut conn)
                    .await
                    .ok()?;
                conn.close().await.ok()
            })
        })
        .join();
        if !matches!(dropped, Ok(Some(()))) {
            eprintln!("could not drop the test database {}", self.name);
        }
    }
}

#[test]
fn the_database_name_is_replaced_in_the_url() {
    assert_eq!(
        with_database("postgres://pakka@127.0.0.1:5433/postgres", "t1"),
        "postgres://pakka@127.0.0.1:5433/t1"
    );
    assert_eq!(
        with_database("postgres://u:p@localhost/postgres?sslmode=disable", "t2"),
        "postgres://u:p@localhost/t2?sslmode=disable"
    );
    assert_eq!(
        with_database("postgresql://localhost:5432", "t3"),
        "postgresql://localhost:5432/t3"
    );
}
