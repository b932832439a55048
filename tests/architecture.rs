//! The layers' invariants of ARCHITECTURE.md, checked as absences: each test reads the source
//! under `src/` and fails, naming the invariant, when a layer uses what it must not. Comments
//! are skipped (they may name what they do not use), and so is test code (`tests.rs` files and
//! the `#[cfg(test)] mod tests` at the end of a file), which may word messages to check them.

use crate::support::source::rust_files;

/// One source file: its path under `src/` (with `/` separators) and its code without comments
/// and tests.
struct Source {
    path: String,
    code: String,
}

fn sources() -> Vec<Source> {
    let files: Vec<Source> = rust_files()
        .into_iter()
        .filter(|(path, _)| path != "tests.rs" && !path.ends_with("/tests.rs"))
        .map(|(path, text)| {
            // An inline test module is the end of its file by convention.
            let text = match text.find("#[cfg(test)]\nmod tests") {
                Some(at) => &text[..at],
                None => &text[..],
            };
            let code = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            Source { path, code }
        })
        .collect();
    assert!(files.len() > 20, "found only {} source files", files.len());
    files
}

/// The files (`layer/…`, or `layer.rs` for a one-file layer) of the named layers.
fn in_layers<'a>(files: &'a [Source], layers: &[&str]) -> Vec<&'a Source> {
    files
        .iter()
        .filter(|f| {
            layers
                .iter()
                .any(|l| f.path.starts_with(&format!("{l}/")) || f.path == format!("{l}.rs"))
        })
        .collect()
}

/// Every file among `files` whose code contains one of `words`, with the word found.
fn offenders(files: &[&Source], words: &[&str]) -> Vec<String> {
    files
        .iter()
        .flat_map(|f| {
            words
                .iter()
                .filter(|w| f.code.contains(*w))
                .map(move |w| format!("src/{} uses {w}", f.path))
        })
        .collect()
}

fn all(files: &[Source]) -> Vec<&Source> {
    files.iter().collect()
}

/// Every file outside the named layer.
fn outside<'a>(files: &'a [Source], layer: &str) -> Vec<&'a Source> {
    let inside = in_layers(files, &[layer]);
    files
        .iter()
        .filter(|f| !inside.iter().any(|i| i.path == f.path))
        .collect()
}

#[test]
fn discord_imports_nothing_from_the_store() {
    let files = sources();
    let found = offenders(&in_layers(&files, &["discord"]), &["crate::store"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: `discord` imports nothing from `store`; the table service hands out \
         its own types. Broken by: {found:?}"
    );
}

#[test]
fn only_discord_mentions_serenity_or_poise() {
    let files = sources();
    let found = offenders(&outside(&files, "discord"), &["serenity", "poise"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: only `discord` imports serenity or poise. Broken by: {found:?}"
    );
}

#[test]
fn only_the_store_runs_sql() {
    let files = sources();
    let found = offenders(&outside(&files, "store"), &["sqlx"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: only `store` runs SQL (only it mentions sqlx). Broken by: {found:?}"
    );
}

#[test]
fn the_table_layer_holds_no_discord_type_and_writes_no_markup() {
    let files = sources();
    let found = offenders(&in_layers(&files, &["table"]), &["<@", "serenity"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: `table` holds no Discord type and writes no Discord markup (seats are \
         named by the front end). Broken by: {found:?}"
    );
}

#[test]
fn only_the_edges_word_messages() {
    let files = sources();
    let inner: Vec<&Source> = in_layers(&files, &["rules", "ai", "cards", "table"])
        .into_iter()
        // The conformance suite words every message in every language only to check that the
        // catalog can (`catalog().check`); it shows nothing to anyone.
        .filter(|f| f.path != "rules/conformance.rs")
        .collect();
    let found = offenders(&inner, &["crate::catalog", "catalog::"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: `rules`, `ai`, `cards` and `table` build `Msg` values and never word \
         them; only the edges (`discord`, `cli`, and `render` for the words on pictures) use \
         the catalog. Broken by: {found:?}"
    );
}

#[test]
fn no_path_to_a_full_state_outside_tests() {
    let files = sources();
    let found = offenders(&all(&files), &[".store()"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: renderers see only views; `TableService::store()` (a path to every \
         hand) is for tests only. Broken by: {found:?}"
    );
    let table = files
        .iter()
        .find(|f| f.path == "table/mod.rs")
        .expect("src/table/mod.rs");
    if let Some(at) = table.code.find("pub fn store(") {
        let before = table.code[..at].trim_end();
        assert!(
            before.ends_with("#[cfg(test)]"),
            "ARCHITECTURE.md: `TableService::store()` must be `#[cfg(test)]`"
        );
    }
}

#[test]
fn the_rules_are_pure() {
    let files = sources();
    let found = offenders(
        &in_layers(&files, &["rules"]),
        &["tokio", "std::fs", "std::time", "rand::rng()", "thread_rng"],
    );
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: `rules` is pure and deterministic — no I/O, no clock, no async, no \
         global random generator. Broken by: {found:?}"
    );
}

#[test]
fn pictures_are_drawn_from_scenes_only() {
    let files = sources();
    // A scene is built from one observer's view (`Present::picture`); the drawing layer takes
    // scenes and never a game, a state, a hand list or the zones.
    let found = offenders(
        &in_layers(&files, &["render"]),
        &[
            "AnyGame",
            "state_json",
            ".hands()",
            ".zones()",
            "determinize",
            "crate::table",
            "crate::store",
        ],
    );
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: `render` draws a `Scene` (built from a view) and nothing else; it \
         cannot reach a game state. Broken by: {found:?}"
    );
    let found = offenders(
        &in_layers(&files, &["render"]),
        &["serenity", "sqlx", "tokio"],
    );
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: `render` is plain drawing: no Discord, no SQL, no async. Broken by: \
         {found:?}"
    );
    // Only the front ends draw pictures.
    let inner = in_layers(&files, &["rules", "ai", "cards", "table", "store"]);
    let found = offenders(&inner, &["crate::render"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: only the edges (`discord`, `cli`) draw pictures. Broken by: {found:?}"
    );
}

#[test]
fn a_replay_is_made_of_views_only() {
    let files = sources();
    let replay: Vec<&Source> = files
        .iter()
        .filter(|f| {
            f.path.starts_with("table/replay/")
                || f.path.starts_with("discord/replay")
                || f.path == "cli/replay.rs"
        })
        .collect();
    assert_eq!(replay.len(), 3, "the replay's files moved");
    let found = offenders(
        &replay,
        &[
            ".zones()",
            ".hands()",
            "own_cards",
            "state_json",
            "determinize",
            ".tell(",
        ],
    );
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: a replay hands out views only — the public view while stepping, each \
         seat's own view of its hand as dealt at the end — never cards read from a game's \
         zones, hands or state. Broken by: {found:?}"
    );
}

#[test]
fn the_oracle_is_for_the_arena_only() {
    let files = sources();
    let seating: Vec<&Source> = files
        .iter()
        .filter(|f| {
            f.path.starts_with("table/") || f.path.starts_with("discord/") || f.path == "main.rs"
        })
        .collect();
    assert!(seating.len() > 10, "the table and Discord layers moved");
    let found = offenders(&seating, &["oracle", "Oracle", "clone_box"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: the oracle, which searches the true state, is for the arena only; no \
         table can seat it or reach the state it searches. Broken by: {found:?}"
    );
    let levels = files
        .iter()
        .find(|f| f.path == "ai/mod.rs")
        .expect("src/ai/mod.rs");
    let level_enum = levels
        .code
        .split("pub enum Level {")
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .expect("the Level enum");
    assert!(
        !level_enum.contains("Oracle"),
        "the oracle must not be a Level a table could store"
    );
}
