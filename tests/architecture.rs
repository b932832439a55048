//! The layers' invariants of ARCHITECTURE.md, checked as absences. The arrows between layers
//! are Cargo dependencies, so the compiler holds them; the tests here check the manifests (which
//! crate may depend on which, and where the heavy edges' crates may appear) and, by reading the
//! source, what no compiler can: the words a layer must not write, the paths it must not take.
//! Comments are skipped (they may name what they do not use), and so is test code (`tests.rs`
//! files, `fixtures.rs` files (built for tests only, behind a `testing` feature) and the
//! `#[cfg(test)] mod tests` at the end of a file).

use std::collections::BTreeSet;

use crate::support::source::{manifests, rust_files};

/// The workspace's crates (by folder under `crates/`) and the ones each depends on for its
/// library: the arrows of ARCHITECTURE.md's bird's-eye view, exactly (an arrow drawn here that
/// no manifest declares fails too, so the drawing cannot go stale).
const LAYERS: &[(&str, &[&str])] = &[
    ("cards", &[]),
    // The gateway shards a process runs: a leaf, so that `config` reads them below `table`.
    ("shards", &[]),
    ("text", &["cards"]),
    ("catalog", &["cards", "text"]),
    ("rules", &["cards", "text"]),
    ("ai", &["rules"]),
    ("ratings", &[]),
    // Pairing and standings of tournaments: pure, no pakka crate.
    ("tournament", &[]),
    // Metrics: recorded by the store, the table service and the Discord edge; a leaf.
    ("metrics", &[]),
    ("store", &["ratings", "metrics", "shards"]),
    // `conformance` only behind the `testing` feature: the fixtures of the edges' tests.
    (
        "table",
        &[
            "cards",
            "text",
            "rules",
            "ai",
            "ratings",
            "store",
            "metrics",
            "conformance",
            "tournament",
        ],
    ),
    ("render", &["cards", "text", "catalog", "rules"]),
    // An environment reader: below `table`, so that reading it builds no game, SQL or search.
    ("config", &["text", "shards"]),
    // What both edges share: views and events from the table service, words from the catalog.
    ("edge", &["text", "catalog", "table"]),
    // The rules' types only through what `table` re-exports: never the registry.
    (
        "discord",
        &[
            "text", "catalog", "table", "edge", "render", "config", "metrics",
        ],
    ),
    ("conformance", &["cards", "text", "catalog", "rules"]),
    // The Activity's edge: views from the table service, words from the catalog.
    (
        "web",
        &[
            "text", "catalog", "table", "edge", "render", "metrics", "shards",
        ],
    ),
];

/// Crates from outside, and the only layers whose libraries may use them.
const EDGES: &[(&str, &[&str])] = &[
    ("serenity", &["discord"]),
    ("poise", &["discord"]),
    ("sqlx", &["store"]),
    ("resvg", &["render"]),
    ("png", &["render"]),
    (
        "tokio",
        &["store", "table", "edge", "discord", "web", "pakka"],
    ),
    ("fluent-bundle", &["catalog"]),
    ("fluent-syntax", &["catalog"]),
    ("skillratings", &["ratings"]),
    ("clap", &["pakka"]),
    ("dotenvy", &["config"]),
    // The metrics are recorded where the bot meets the world (Discord, the windows, the store)
    // and where moves and decisions are made (the table service); never in the rules, the
    // computer players or the cards, which stay pure.
    (
        "pakka-metrics",
        &["store", "table", "discord", "web", "pakka"],
    ),
    ("prometheus-client", &["metrics"]),
    // The metrics' server (discord) and the Activity's (web).
    ("axum", &["discord", "web"]),
    // The process's allocator, chosen once by the binary.
    ("tikv-jemallocator", &["pakka"]),
];

#[test]
fn every_crate_depends_only_on_the_layers_below_it() {
    let manifests = manifests();
    let known: BTreeSet<&str> = LAYERS.iter().map(|(l, _)| *l).collect();
    for name in manifests.keys().filter(|n| *n != "pakka") {
        assert!(
            known.contains(name.as_str()),
            "crates/{name} is not in ARCHITECTURE.md's layers (add it to LAYERS here, with its \
             arrows)"
        );
    }
    for (layer, allowed) in LAYERS {
        let m = &manifests[*layer];
        let wrong: Vec<&String> = m
            .normal
            .iter()
            .filter(|d| {
                d.strip_prefix("pakka-")
                    .is_some_and(|below| !allowed.contains(&below))
            })
            .collect();
        assert!(
            wrong.is_empty(),
            "ARCHITECTURE.md: `{layer}` may use only {allowed:?}, but depends on {wrong:?}"
        );
        let undrawn: Vec<&&str> = allowed
            .iter()
            .filter(|below| !m.normal.iter().any(|d| d == &format!("pakka-{below}")))
            .collect();
        assert!(
            undrawn.is_empty(),
            "`{layer}` no longer depends on {undrawn:?}: take the arrows out of LAYERS here \
             and of ARCHITECTURE.md's bird's-eye view"
        );
    }
}

#[test]
fn the_heavy_crates_stay_at_their_edges() {
    let manifests = manifests();
    for (dep, layers) in EDGES {
        let users: Vec<&String> = manifests
            .iter()
            .filter(|(name, m)| {
                m.normal.iter().any(|d| d == dep) && !layers.contains(&name.as_str())
            })
            .map(|(name, _)| name)
            .collect();
        assert!(
            users.is_empty(),
            "ARCHITECTURE.md: only {layers:?} use {dep}, but so do {users:?}"
        );
    }
}

/// One source file: its path from the workspace's root and its code without comments and
/// tests.
struct Source {
    path: String,
    code: String,
}

fn sources() -> Vec<Source> {
    let files: Vec<Source> = rust_files()
        .into_iter()
        // Test code: test modules, and the fixtures `table` lends the edges' tests.
        .filter(|(path, _)| !path.ends_with("/tests.rs") && !path.ends_with("/fixtures.rs"))
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

/// The files of the named crates (`crates/<name>/src/…`).
fn in_crates<'a>(files: &'a [Source], crates: &[&str]) -> Vec<&'a Source> {
    files
        .iter()
        .filter(|f| {
            crates
                .iter()
                .any(|c| f.path.starts_with(&format!("crates/{c}/src/")))
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
                .map(move |w| format!("{} uses {w}", f.path))
        })
        .collect()
}

#[test]
fn the_table_layer_writes_no_discord_markup() {
    let files = sources();
    let found = offenders(&in_crates(&files, &["table"]), &["<@", "<#", "<t:"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: `table` writes no Discord markup (seats are named by the front end). \
         Broken by: {found:?}"
    );
}

#[test]
fn the_discord_edge_knows_the_games_through_the_table() {
    let files = sources();
    let discord = in_crates(&files, &["discord"]);
    assert!(discord.len() > 10, "the Discord edge moved");
    let found = offenders(&discord, &["registry", "GameInfo"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: the Discord edge names games through `pakka_table::games` (ids, \
         names, options), never the rules registry, which can create and restore states. \
         Broken by: {found:?}"
    );
}

#[test]
fn no_edge_runs_a_table_life() {
    let files = sources();
    let edges = in_crates(&files, &["discord", "web"]);
    assert!(edges.len() > 15, "the edges moved");
    let found = offenders(
        &edges,
        &[
            "computer_move",
            "computer_to_act",
            "expire_turns",
            "expire_lobbies",
            ".restore(",
            ".start()",
            "tokio::time::interval",
        ],
    );
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: the table service runs each table's life (computer players, turn \
         timers, lobbies' expiry, restore); the edges only show its events. \
         Broken by: {found:?}"
    );
}

/// A click goes one way (ARCHITECTURE.md, "The road of a click"): a handler answers and asks
/// the table service; the subscriber shows what the service published, every hand included.
/// No handler's file names the subscriber's files (no reach-back into them), and nothing of the
/// edge orders a click's answer against the subscriber: no lock a handler takes while it
/// answers, no wait for "answers sent", no move heard of outside the subscriber.
#[test]
fn a_click_goes_one_way() {
    const HANDLERS: &[&str] = &["components", "commands", "replay"];
    const SUBSCRIBER: &[&str] = &["listen", "upkeep"];
    let files = sources();
    let mut wrong = Vec::new();
    let mut handlers = 0;
    for f in &files {
        let Some((krate, module)) = module_of(&f.path) else {
            continue;
        };
        if krate != "discord" || module.is_empty() || !HANDLERS.contains(&module[0].as_str()) {
            continue;
        }
        handlers += 1;
        for path in named_paths(&f.code, &module) {
            if let Some(first) = path.first().filter(|p| SUBSCRIBER.contains(&p.as_str())) {
                wrong.push(format!("{} calls into the subscriber's `{first}`", f.path));
            }
        }
        let waits = [
            ".lock().await",
            ".read().await",
            ".write().await",
            "heard_move",
            ".order(",
        ];
        for word in waits {
            if f.code.contains(word) {
                wrong.push(format!(
                    "{} orders its answer against the subscriber ({word})",
                    f.path
                ));
            }
        }
    }
    assert!(handlers >= 3, "the handlers moved ({handlers} files)");
    let discord = in_crates(&files, &["discord"]);
    wrong.extend(offenders(
        &discord,
        &[
            "answers_sent",
            "answering.",
            "in_turn(",
            "start_posted",
            "START_WAIT",
        ],
    ));
    assert!(
        wrong.is_empty(),
        "ARCHITECTURE.md: a click's answer and the subscriber do not wait for each other, and \
         no handler calls into the subscriber:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_path_to_a_full_state_outside_tests() {
    let files = sources();
    let found = offenders(&files.iter().collect::<Vec<_>>(), &[".store()"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: renderers see only views; `TableService::store()` (a path to every \
         hand) is for tests only. Broken by: {found:?}"
    );
    let table = files
        .iter()
        .find(|f| f.path == "crates/table/src/service.rs")
        .expect("crates/table/src/service.rs");
    let at = table
        .code
        .find("pub fn store(")
        .expect("TableService::store");
    assert!(
        table.code[..at]
            .trim_end()
            .ends_with("#[cfg(any(test, feature = \"testing\"))]"),
        "ARCHITECTURE.md: `TableService::store()` exists only for tests"
    );
}

#[test]
fn the_rules_are_pure() {
    let files = sources();
    let found = offenders(
        &in_crates(&files, &["cards", "text", "rules", "ai"]),
        &[
            "std::fs",
            "std::time",
            "std::env",
            "rand::rng()",
            "thread_rng",
        ],
    );
    // The searches of `ai` stop at a think time: their one clock is `Instant`, passed a budget.
    let found: Vec<String> = found
        .into_iter()
        .filter(|f| !(f.starts_with("crates/ai/") && f.ends_with("std::time")))
        .collect();
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: `rules` is pure and deterministic — no I/O, no clock, no global random \
         generator. Broken by: {found:?}"
    );
}

#[test]
fn pictures_are_drawn_from_scenes_only() {
    let files = sources();
    // A scene is built from one observer's view (`Present::picture`); the drawing layer takes
    // scenes and never a game, a state, a hand list or the zones.
    let found = offenders(
        &in_crates(&files, &["render"]),
        &[
            "AnyGame",
            "state_json",
            ".hands()",
            ".zones()",
            "determinize",
        ],
    );
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: `render` draws a `Scene` (built from a view) and nothing else; it \
         cannot reach a game state. Broken by: {found:?}"
    );
}

#[test]
fn a_replay_is_made_of_views_only() {
    let files = sources();
    let replay: Vec<&Source> = files
        .iter()
        .filter(|f| {
            (f.path.starts_with("crates/table/src/replay/") && !f.path.ends_with("fixtures.rs"))
                || f.path.starts_with("crates/discord/src/replay")
                || f.path == "src/cli/replay.rs"
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
            // Hands and deals come typed (`hand_shown`, `Told::deals`), not read from JSON.
            "view_json",
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
    let mut seating = in_crates(&files, &["table", "discord", "config"]);
    seating.extend(files.iter().filter(|f| f.path == "src/main.rs"));
    assert!(seating.len() > 10, "the table and Discord layers moved");
    let found = offenders(&seating, &["oracle", "Oracle", "clone_box"]);
    assert!(
        found.is_empty(),
        "ARCHITECTURE.md: the oracle, which searches the true state, is for the arena only; no \
         table can seat it or reach the state it searches. Broken by: {found:?}"
    );
    let levels = files
        .iter()
        .find(|f| f.path == "crates/ai/src/lib.rs")
        .expect("crates/ai/src/lib.rs");
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

/// The file of a crate a module path names: `crates/x/src/a/b.rs` (or `a/b/mod.rs`) is `a::b`,
/// the crate's `lib.rs` is the root.
fn module_of(file: &str) -> Option<(String, Vec<String>)> {
    let (krate, rest) = match file.strip_prefix("src/") {
        Some(rest) => ("pakka".to_string(), rest),
        None => {
            let rest = file.strip_prefix("crates/")?;
            let (krate, rest) = rest.split_once("/src/")?;
            (krate.to_string(), rest)
        }
    };
    let rest = rest.strip_suffix(".rs")?;
    let mut path: Vec<String> = rest.split('/').map(str::to_string).collect();
    if path.last().is_some_and(|l| l == "lib" || l == "mod") {
        path.pop();
    }
    Some((krate, path))
}

/// Every path a file names from its crate's root or its parent (`crate::a::b::C`,
/// `super::a::C`, `use crate::{a::C, b}`), as module segments from the crate's root.
fn named_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    fn ident(s: &str) -> usize {
        s.find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(s.len())
    }
    /// Reads a use tree (or an expression's path) at `s` after `prefix`, pushing every full path.
    fn tree(s: &str, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
        let mut at = 0;
        let mut path = prefix;
        loop {
            let rest = s[at..].trim_start();
            at = s.len() - rest.len();
            if let Some(inner) = rest.strip_prefix('{') {
                at += 1;
                let _ = inner;
                loop {
                    let rest = s[at..].trim_start();
                    at = s.len() - rest.len();
                    if rest.starts_with('}') {
                        at += 1;
                        break;
                    }
                    if rest.starts_with(',') {
                        at += 1;
                        continue;
                    }
                    if rest.is_empty() {
                        break;
                    }
                    let used = tree(&s[at..], path.clone(), out);
                    if used == 0 {
                        at += rest.chars().next().map_or(1, char::len_utf8);
                    }
                    at += used;
                }
                return at;
            }
            let n = ident(rest);
            if n == 0 {
                break;
            }
            path.push(rest[..n].to_string());
            at += n;
            if s[at..].starts_with("::") {
                at += 2;
            } else {
                break;
            }
        }
        out.push(path);
        at
    }
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for (word, up) in [("crate::", None), ("super::", Some(()))] {
        let mut from = 0;
        while let Some(found) = code[from..].find(word) {
            let start = from + found;
            from = start + word.len();
            // A whole word: not `xcrate::` nor `$crate::`.
            if start > 0 {
                let before = bytes[start - 1] as char;
                if before.is_alphanumeric() || before == '_' || before == '$' || before == ':' {
                    continue;
                }
            }
            let mut base: Vec<String> = match up {
                None => Vec::new(),
                Some(()) => {
                    let mut base = module.to_vec();
                    base.pop();
                    base
                }
            };
            // `super::super::`.
            while code[from..].starts_with("super::") {
                base.pop();
                from += "super::".len();
            }
            from += tree(&code[from..], base, &mut out);
        }
    }
    out
}

/// The strongly connected components of a graph (Tarjan's algorithm), by node index.
fn strongly_connected(edges: &[BTreeSet<usize>]) -> Vec<Vec<usize>> {
    struct Walk<'a> {
        edges: &'a [BTreeSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    fn visit(w: &mut Walk, v: usize) {
        w.index[v] = Some(w.next);
        w.low[v] = w.next;
        w.next += 1;
        w.stack.push(v);
        w.on_stack[v] = true;
        for &u in w.edges[v].iter() {
            match w.index[u] {
                None => {
                    visit(w, u);
                    w.low[v] = w.low[v].min(w.low[u]);
                }
                Some(i) if w.on_stack[u] => w.low[v] = w.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(w.low[v]) == w.index[v] {
            let mut component = Vec::new();
            while let Some(u) = w.stack.pop() {
                w.on_stack[u] = false;
                component.push(u);
                if u == v {
                    break;
                }
            }
            w.found.push(component);
        }
    }
    let n = edges.len();
    let mut w = Walk {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in 0..n {
        if w.index[v].is_none() {
            visit(&mut w, v);
        }
    }
    w.found
}

/// The Discord edge's files stand in the layers its `lib.rs` draws, each importing only from
/// its own layer and those below: the transport floor (and the leaves that know nothing of the
/// bot), the words, the edge's state, what the handlers share, then the handlers. A file in no
/// layer, or one that names the crate root's items, fails too (the root only declares the
/// files and starts the bot).
#[test]
fn the_discord_edge_stands_in_layers() {
    const LAYERS: &[&[&str]] = &[
        &[
            "rest",
            "pace",
            "retry",
            "message",
            "send",
            "public",
            "ids",
            "input",
            "invite",
            "permissions",
            "throttle",
            "startup",
            "progress",
            "handled",
            "gate",
            "admission",
            "place",
        ],
        &["command_names", "words", "render", "actions"],
        &["tables", "languages", "data"],
        &[
            "pictures",
            "reply",
            "health",
            "stopping",
            "shown",
            "upkeep",
            "listen",
            "tournaments",
        ],
        &["replay", "commands", "components"],
    ];
    let layer = |m: &str| LAYERS.iter().position(|l| l.contains(&m));
    let mut wrong = Vec::new();
    for f in sources() {
        let Some((krate, module)) = module_of(&f.path) else {
            continue;
        };
        if krate != "discord" || module.is_empty() {
            continue;
        }
        let Some(own) = layer(&module[0]) else {
            wrong.push(format!("{}: in no layer", f.path));
            continue;
        };
        for path in named_paths(&f.code, &module) {
            let Some(first) = path.first() else { continue };
            if *first == module[0] {
                continue;
            }
            match layer(first) {
                Some(l) if l > own => {
                    wrong.push(format!("{} imports `{first}` from above", f.path))
                }
                Some(_) => {}
                None => wrong.push(format!("{} names the root's `{first}`", f.path)),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the Discord edge's layers are crossed:\n{}",
        wrong.join("\n")
    );
}

/// The files of each crate import one another in layers: no file reaches itself again through
/// the `crate::…` and `super::…` paths it names (a module's own children, which it declares,
/// are not counted as its imports; a binary's `main.rs` is a crate of its own and is left out).
#[test]
fn no_import_loop_among_the_files_of_a_crate() {
    use std::collections::BTreeMap;
    let files = sources();
    let mut crates: BTreeMap<String, Vec<(Vec<String>, &Source)>> = BTreeMap::new();
    for f in &files {
        if f.path.ends_with("/main.rs") {
            continue;
        }
        if let Some((krate, module)) = module_of(&f.path) {
            crates.entry(krate).or_default().push((module, f));
        }
    }
    let mut loops = Vec::new();
    for (krate, modules) in &crates {
        let at: BTreeMap<&[String], usize> = modules
            .iter()
            .enumerate()
            .map(|(i, (m, _))| (m.as_slice(), i))
            .collect();
        let mut edges = vec![BTreeSet::new(); modules.len()];
        for (i, (module, file)) in modules.iter().enumerate() {
            for path in named_paths(&file.code, module) {
                // The deepest module the path names.
                let target = (0..=path.len())
                    .rev()
                    .find_map(|n| at.get(&path[..n]).copied());
                let Some(target) = target else { continue };
                let to = &modules[target].0;
                let below = to.len() > module.len() && to.starts_with(module);
                if target != i && !below {
                    edges[i].insert(target);
                }
            }
        }
        for component in strongly_connected(&edges) {
            if component.len() > 1 {
                let mut names: Vec<&str> = component
                    .iter()
                    .map(|&i| modules[i].1.path.as_str())
                    .collect();
                names.sort();
                let inside: Vec<String> = component
                    .iter()
                    .flat_map(|&i| {
                        let component = &component;
                        edges[i]
                            .iter()
                            .filter(move |j| component.contains(j))
                            .map(move |&j| {
                                format!("{} -> {}", modules[i].1.path, modules[j].1.path)
                            })
                    })
                    .collect();
                loops.push(format!(
                    "{krate}: {} files import one another: {names:?}\n  {}",
                    names.len(),
                    inside.join("\n  ")
                ));
            }
        }
    }
    assert!(
        loops.is_empty(),
        "import loops among a crate's files:\n{}",
        loops.join("\n")
    );
}
