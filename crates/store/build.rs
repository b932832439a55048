//! Rebuilds when a migration changes: `sqlx::migrate!` embeds `migrations/` (at the workspace's
//! root).
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
