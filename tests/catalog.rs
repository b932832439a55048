//! The message catalog against the code: every key the code uses (`msg!("…")`, `key!("…")`)
//! exists in every shipped language, no key of any language is unused, every language has the
//! same keys, and the files load without problems. Read as written with `fluent_syntax`, every
//! language's message also uses exactly the variables of the en-US one (in every variant) and
//! keeps every variant the code selects by value (`[yes]`, `[0]`), in the same file.

use std::collections::{BTreeMap, BTreeSet};

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

/// One language's messages as written: per key, its file, the variables it uses (`$name`, in
/// every variant of every selector) and the variant keys that are values the code passes
/// (`[yes]`, `[0]`, `[face-up]`; not the plural categories `[one]`, `[other]`, …).
#[derive(Default)]
struct Written {
    messages: BTreeMap<String, Shape>,
    problems: Vec<String>,
}

#[derive(Debug, PartialEq)]
struct Shape {
    file: String,
    vars: BTreeSet<String>,
    literal_keys: BTreeSet<String>,
}

const PLURAL_CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// Parses `(file name, text)` pairs of one language with `fluent_syntax`.
fn written(files: &[(String, String)]) -> Written {
    use fluent_syntax::ast::Entry;
    let mut out = Written::default();
    for (file, text) in files {
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(r) => r,
            Err((r, errors)) => {
                out.problems.push(format!("{file}: {errors:?}"));
                r
            }
        };
        for entry in &resource.body {
            let Entry::Message(m) = entry else { continue };
            let mut shape = Shape {
                file: file.clone(),
                vars: BTreeSet::new(),
                literal_keys: BTreeSet::new(),
            };
            if let Some(value) = &m.value {
                pattern_shape(value, &mut shape);
            }
            for attribute in &m.attributes {
                pattern_shape(&attribute.value, &mut shape);
            }
            let key = m.id.name.to_string();
            if out.messages.insert(key.clone(), shape).is_some() {
                out.problems.push(format!("{file}: {key} twice"));
            }
        }
    }
    out
}

fn pattern_shape(pattern: &fluent_syntax::ast::Pattern<&str>, shape: &mut Shape) {
    use fluent_syntax::ast::PatternElement;
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_shape(expression, shape);
        }
    }
}

fn expression_shape(expression: &fluent_syntax::ast::Expression<&str>, shape: &mut Shape) {
    use fluent_syntax::ast::{Expression, VariantKey};
    match expression {
        Expression::Inline(inline) => inline_shape(inline, shape),
        Expression::Select { selector, variants } => {
            inline_shape(selector, shape);
            for variant in variants {
                let key = match &variant.key {
                    VariantKey::Identifier { name } => *name,
                    VariantKey::NumberLiteral { value } => *value,
                };
                if !PLURAL_CATEGORIES.contains(&key) {
                    shape.literal_keys.insert(key.to_string());
                }
                pattern_shape(&variant.value, shape);
            }
        }
    }
}

fn inline_shape(inline: &fluent_syntax::ast::InlineExpression<&str>, shape: &mut Shape) {
    use fluent_syntax::ast::InlineExpression;
    match inline {
        InlineExpression::VariableReference { id } => {
            shape.vars.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_shape(expression, shape),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_shape(a, shape);
            }
            for a in &arguments.named {
                inline_shape(&a.value, shape);
            }
        }
        InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                inline_shape(a, shape);
            }
            for a in &arguments.named {
                inline_shape(&a.value, shape);
            }
        }
        _ => {}
    }
}

/// How `other` differs from the reference language: keys missing or extra, a key in another
/// file, a variable dropped or added, a variant the code selects by value left out.
fn differences(reference: &Written, other: &Written) -> Vec<String> {
    let mut out = other.problems.clone();
    for (key, want) in &reference.messages {
        let Some(got) = other.messages.get(key) else {
            out.push(format!("{key}: missing (en-US {})", want.file));
            continue;
        };
        if got.file != want.file {
            out.push(format!("{key}: in {}, not {}", got.file, want.file));
        }
        if got.vars != want.vars {
            out.push(format!(
                "{key}: uses {:?}, en-US uses {:?}",
                got.vars, want.vars
            ));
        }
        let lost: Vec<&String> = want.literal_keys.difference(&got.literal_keys).collect();
        if !lost.is_empty() {
            out.push(format!("{key}: lacks the variants {lost:?}"));
        }
    }
    for key in other.messages.keys() {
        if !reference.messages.contains_key(key) {
            out.push(format!("{key}: not a key of en-US"));
        }
    }
    out
}

/// Every shipped language's files as written on disk: language → [(file name, text)].
fn language_files() -> BTreeMap<String, Vec<(String, String)>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut langs = BTreeMap::new();
    for lang in std::fs::read_dir(&root).unwrap() {
        let lang = lang.unwrap().path();
        if !lang.is_dir() {
            continue;
        }
        let mut files = Vec::new();
        for file in std::fs::read_dir(&lang).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "ftl") {
                let name = file.file_name().unwrap().to_string_lossy().into_owned();
                files.push((name, std::fs::read_to_string(&file).unwrap()));
            }
        }
        files.sort();
        let name = lang.file_name().unwrap().to_string_lossy().into_owned();
        langs.insert(name, files);
    }
    langs
}

#[test]
fn every_language_has_every_key_with_the_same_arguments() {
    let langs = language_files();
    let reference = written(&langs[pakka::catalog::DEFAULT_LANG]);
    assert!(reference.problems.is_empty(), "{:?}", reference.problems);
    assert!(reference.messages.len() > 500, "en-US read from disk");
    assert!(langs.len() > 1, "a second language is shipped");
    for (lang, files) in &langs {
        let found = differences(&reference, &written(files));
        assert!(found.is_empty(), "{lang}:\n{}", found.join("\n"));
    }
}

#[test]
fn the_argument_check_catches_each_kind_of_difference() {
    let one = |text: &str| written(&[("x.ftl".to_string(), text.to_string())]);
    let reference = one(concat!(
        "a = { $n ->\n    [one] { $n } card\n   *[other] { $n } cards\n}\n",
        "b = { $who } { $yes ->\n    [yes] plays\n   *[no] { $what }\n}\n",
        "c = plain\n",
    ));
    let same = one(concat!(
        "a = { $n } korttia\n",
        "b = { $yes ->\n    [yes] { $who } pelaa\n   *[no] { $who } { $what }\n}\n",
        "c = tavallinen\n",
    ));
    assert_eq!(differences(&reference, &same), Vec::<String>::new());
    let broken = one(concat!(
        "a = { $count } korttia\n",
        "b = { $who } { $yes ->\n   *[no] { $what }\n}\n",
        "d = ylimääräinen\n",
    ));
    let found = differences(&reference, &broken).join("\n");
    for expected in [
        "a: uses {\"count\"}, en-US uses {\"n\"}",
        "b: lacks the variants [\"yes\"]",
        "c: missing",
        "d: not a key of en-US",
    ] {
        assert!(found.contains(expected), "{expected} in:\n{found}");
    }
}
