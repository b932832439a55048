//! The message catalog against the code: every key the code uses (`msg!("…")`, `key!("…")`)
//! exists in every shipped language, no key of any language is unused, every language has the
//! same keys, and the files load without problems.

use std::collections::BTreeSet;

use pakka::catalog::catalog;

use crate::support::source::rust_files;

/// Every catalog key written in the source under `src/`.
fn keys_in_code() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for (_, text) in rust_files() {
        // Comments may show the macros without using a key.
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for mark in ["msg!(", "key!("] {
            for (at, _) in code.match_indices(mark) {
                let rest = code[at + mark.len()..].trim_start();
                if let Some(rest) = rest.strip_prefix('"') {
                    if let Some(end) = rest.find('"') {
                        keys.insert(rest[..end].to_string());
                    }
                }
            }
        }
    }
    keys
}

#[test]
fn the_catalog_loads_without_problems() {
    assert_eq!(catalog().problems(), &[] as &[String]);
}

#[test]
fn every_key_used_exists_in_every_language() {
    let used = keys_in_code();
    assert!(used.len() > 20, "found only {} keys in src/", used.len());
    for lang in catalog().languages() {
        let missing: Vec<&String> = used.iter().filter(|k| !catalog().has(lang, k)).collect();
        assert!(missing.is_empty(), "{lang} lacks {missing:?}");
    }
}

#[test]
fn no_key_in_the_catalog_is_unused() {
    let used = keys_in_code();
    for lang in catalog().languages() {
        let unused: Vec<&str> = catalog()
            .keys(lang)
            .into_iter()
            .filter(|k| !used.contains(*k))
            .collect();
        assert!(unused.is_empty(), "{lang} has unused keys {unused:?}");
    }
}

#[test]
fn every_language_has_the_same_keys() {
    let langs = catalog().languages();
    let reference: BTreeSet<&str> = catalog().keys(langs[0]).into_iter().collect();
    for lang in &langs[1..] {
        let keys: BTreeSet<&str> = catalog().keys(lang).into_iter().collect();
        assert_eq!(keys, reference, "{lang} differs from {}", langs[0]);
    }
}
