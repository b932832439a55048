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
    let admin = server(test)?;
    Some(fresh_on(&admin, test).await)
}

/// A fresh empty database on the server of the admin URL `admin`.
pub async fn fresh_on(admin: &str, test: &str) -> TestDb {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let admin = admin.to_string();
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
    TestDb {
        url: with_database(&admin, &name),
        admin,
        name,
    }
}

/// A throwaway cluster of a test's own (`.ci/postgres start`), for a test that stops and
/// starts its server (an outage), which the cluster the other tests share must not see.
/// Removed (`.ci/postgres stop`) when dropped.
pub struct Cluster {
    /// Its admin URL.
    pub admin: String,
    dir: String,
}

impl Cluster {
    /// A cluster of its own for `test`, or None when PostgreSQL tests are skipped (the same
    /// rule as `server`: `PAKKA_TEST_POSTGRES` set, or CI, says PostgreSQL is installed).
    pub fn start(test: &str) -> Option<Cluster> {
        server(test)?;
        let out = ci_postgres("start", None);
        let exports = String::from_utf8_lossy(&out.stdout).into_owned();
        let value = |name: &str| {
            exports
                .lines()
                .find_map(|l| l.strip_prefix(&format!("export {name}=")))
                .unwrap_or_else(|| panic!("{test}: .ci/postgres start printed no {name}"))
                .to_string()
        };
        Some(Cluster {
            admin: value(VARIABLE),
            dir: value("PAKKA_PG_DIR"),
        })
    }

    /// Stops the server, cutting its sessions off (an outage); its data stays.
    pub fn halt(&self) {
        ci_postgres("halt", Some(&self.dir));
    }

    /// Starts the server again, on the same port with the same data.
    pub fn resume(&self) {
        ci_postgres("resume", Some(&self.dir));
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        ci_postgres("stop", Some(&self.dir));
    }
}

/// Runs `.ci/postgres <command>` for the cluster in `dir`; panics with its words if it fails.
fn ci_postgres(command: &str, dir: Option<&str>) -> std::process::Output {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/postgres");
    let mut run = std::process::Command::new(script);
    run.arg(command);
    if let Some(dir) = dir {
        run.env("PAKKA_PG_DIR", dir);
    }
    let out = run.output().expect(".ci/postgres runs");
    if !out.status.success() && !std::thread::panicking() {
        panic!(
            ".ci/postgres {command} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    out
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
