//! Rebuilds when a migration changes: `sqlx::migrate!` embeds `migrations/` into the binary.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
