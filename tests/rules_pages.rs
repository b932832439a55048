//! The rules pages of the repository: every game's `/rules` link names its page in
//! `docs/rules/`, the index lists every game, and the folder holds nothing else.

use std::collections::BTreeSet;

use pakka::rules::registry::GAMES;

/// Fails unless `ids` names every registered game exactly once and nothing else.
fn names_every_game<'a>(list: &str, ids: impl IntoIterator<Item = &'a str>) {
    let ids: Vec<&str> = ids.into_iter().collect();
    let registered: BTreeSet<&str> = GAMES.iter().map(|g| g.id).collect();
    let listed: BTreeSet<&str> = ids.iter().copied().collect();
    let missing: Vec<&&str> = registered.difference(&listed).collect();
    let unknown: Vec<&&str> = listed.difference(&registered).collect();
    assert!(
        missing.is_empty() && unknown.is_empty() && ids.len() == listed.len(),
        "{list} must name every registered game once: missing {missing:?}, unknown {unknown:?}, \
         listed {ids:?}"
    );
}

#[test]
fn every_game_links_its_rules_page() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules");
    let prefix = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/rules/");
    for game in GAMES {
        let url = pakka::discord::render::rules_url(game.id);
        let page = url
            .strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{}: {url} is not a page of docs/rules/", game.id));
        assert_eq!(page, format!("{}.md", game.id), "{}: {url}", game.id);
        assert!(
            docs.join(page).is_file(),
            "{}: /rules links {url}, but docs/rules/{page} does not exist",
            game.id
        );
    }
    let index = std::fs::read_to_string(docs.join("README.md")).expect("docs/rules/README.md");
    names_every_game(
        "docs/rules/README.md's index",
        GAMES
            .iter()
            .map(|g| g.id)
            .filter(|id| index.contains(&format!("]({id}.md)"))),
    );
    let mut files: Vec<String> = std::fs::read_dir(&docs)
        .expect("docs/rules/")
        .map(|e| {
            e.expect("an entry of docs/rules/")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    files.sort();
    let mut expected: Vec<String> = GAMES.iter().map(|g| format!("{}.md", g.id)).collect();
    expected.push("README.md".to_string());
    expected.sort();
    assert_eq!(
        files, expected,
        "docs/rules/ holds one page per game and its index"
    );
}

/// The README's table of games lists each game's options as its specification has them:
/// `name=value`, every value, the default first (— for a game without options).
#[test]
fn the_readme_lists_every_games_options() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    for game in GAMES {
        let row = readme
            .lines()
            .find(|l| l.starts_with("| ") && l.contains(&format!(" | `{}` ", game.id)))
            .unwrap_or_else(|| panic!("README.md's table of games has no row for {}", game.id));
        let options: Vec<String> = game
            .options()
            .iter()
            .map(|o| {
                let values: Vec<&str> = o.values().iter().map(|v| v.word()).collect();
                format!("`{}={}`", o.name, values.join("\\|"))
            })
            .collect();
        let options = if options.is_empty() {
            "—".to_string()
        } else {
            options.join(", ")
        };
        assert!(
            row.ends_with(&format!(" | {options} |")),
            "README.md's row for {} should end with {options}: {row}",
            game.id
        );
    }
}
