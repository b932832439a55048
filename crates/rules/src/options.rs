//! Game options as types: each game's specification of its options ([`OptionSpec`]: a name, a
//! kind — a flag, or a choice among named values — and a default), declared once beside the
//! game's serde `Options` through [`OptionsSpec`] and read by the registry; the options a table
//! chose ([`OptionValues`], each value checked against its specification); and the one reader
//! of `name=value` words ([`OptionValues::parse`]) with its refusals ([`OptionsError`]). The
//! JSON object a game's `Options` deserialises from is written here ([`OptionValues::to_json`])
//! and read back ([`OptionValues::from_json`]), so no front end walks it.

use serde_json::Value;

use crate::NoOptions;

/// What kind of value an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// Yes or no: `true` or `false`.
    Flag,
    /// One of these named values, as its `Options` field is written in JSON.
    Choice(&'static [&'static str]),
}

/// One option of a game: its name as the rules file and the `name=value` words write it, its
/// kind, and its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
    pub default: OptionValue,
}

impl OptionSpec {
    /// A yes/no option.
    pub const fn flag(name: &'static str, default: bool) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Flag,
            default: OptionValue::Flag(default),
        }
    }

    /// A choice among `choices`, the first of which is the default.
    pub const fn choice(name: &'static str, choices: &'static [&'static str]) -> OptionSpec {
        OptionSpec {
            name,
            kind: OptionKind::Choice(choices),
            default: OptionValue::Choice(choices[0]),
        }
    }

    /// Every value the option takes, the default first.
    pub fn values(&self) -> Vec<OptionValue> {
        let mut values = vec![self.default];
        match self.kind {
            OptionKind::Flag => values.extend([true, false].map(OptionValue::Flag)),
            OptionKind::Choice(choices) => {
                values.extend(choices.iter().map(|&c| OptionValue::Choice(c)));
            }
        }
        let mut seen = Vec::with_capacity(values.len());
        values.retain(|v| {
            let new = !seen.contains(v);
            seen.push(*v);
            new
        });
        values
    }

    /// The value a word names (`true`, `yes`, `on`, `1` and their opposites for a flag; a choice
    /// by its name, in any case), or the refusal naming what the option takes.
    pub fn read(&self, word: &str) -> Result<OptionValue, OptionsError> {
        let word = word.trim();
        match self.kind {
            OptionKind::Flag => match word.to_lowercase().as_str() {
                "true" | "yes" | "on" | "1" => Ok(OptionValue::Flag(true)),
                "false" | "no" | "off" | "0" => Ok(OptionValue::Flag(false)),
                _ => Err(OptionsError::NotBool {
                    name: self.name.to_string(),
                    value: word.to_string(),
                }),
            },
            OptionKind::Choice(choices) => choices
                .iter()
                .find(|c| c.eq_ignore_ascii_case(word))
                .map(|&c| OptionValue::Choice(c))
                .ok_or_else(|| OptionsError::NotChoice {
                    name: self.name.to_string(),
                    value: word.to_string(),
                    choices: self.values().iter().map(|v| v.word()).collect(),
                }),
        }
    }

    /// The value in the JSON the game's `Options` field is written as; None when it is not
    /// one of this option's values.
    fn read_json(&self, value: &Value) -> Option<OptionValue> {
        match (self.kind, value) {
            (OptionKind::Flag, Value::Bool(b)) => Some(OptionValue::Flag(*b)),
            (OptionKind::Choice(choices), Value::String(s)) => choices
                .iter()
                .find(|c| **c == s)
                .map(|&c| OptionValue::Choice(c)),
            _ => None,
        }
    }
}

/// One option's value, one its specification allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Flag(bool),
    /// One of the choices of its [`OptionKind::Choice`].
    Choice(&'static str),
}

impl OptionValue {
    /// The value as the `name=value` words write it (`true`, `book`, `7`).
    pub fn word(self) -> &'static str {
        match self {
            OptionValue::Flag(true) => "true",
            OptionValue::Flag(false) => "false",
            OptionValue::Choice(c) => c,
        }
    }

    /// The value as its `Options` field is written in JSON.
    pub fn to_json(self) -> Value {
        match self {
            OptionValue::Flag(b) => Value::Bool(b),
            OptionValue::Choice(c) => Value::String(c.to_string()),
        }
    }
}

/// A game's options, specified once beside its serde `Options` struct. The specification and
/// `Options::default()` agree: serialising the default gives exactly the specification's
/// defaults, in order (checked for every registered game by the registry's tests).
pub trait OptionsSpec {
    /// Every option, in the order of the `Options` fields.
    const SPEC: &'static [OptionSpec];
}

impl OptionsSpec for NoOptions {
    const SPEC: &'static [OptionSpec] = &[];
}

/// The options a table chose: some of its game's options, each with a value its specification
/// allows, in the order they were given (an option given twice keeps its first place and its
/// last value). Options not named take their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionValues(Vec<(&'static OptionSpec, OptionValue)>);

impl OptionValues {
    /// Every option of `spec` at its default.
    pub fn defaults(spec: &'static [OptionSpec]) -> OptionValues {
        OptionValues(spec.iter().map(|s| (s, s.default)).collect())
    }

    /// Reads `name=value` words (`"variant=book stop_rule=true"`, also split by commas) against
    /// the game's specification: the one reader of option words. An unknown name, a word that
    /// is not `name=value` and a value the option does not take are refused, naming the valid
    /// ones.
    pub fn parse(
        game: &'static str,
        spec: &'static [OptionSpec],
        text: &str,
    ) -> Result<OptionValues, OptionsError> {
        let mut chosen = OptionValues::default();
        for word in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            let (name, value) = word
                .split_once('=')
                .ok_or_else(|| OptionsError::NotNameValue {
                    example: example(spec),
                })?;
            let name = name.trim().to_lowercase();
            let option = find(spec, &name).ok_or_else(|| match spec {
                [] => OptionsError::NoOptions { game },
                _ => OptionsError::Unknown {
                    game,
                    name: name.clone(),
                    known: spec.iter().map(|s| s.name).collect(),
                },
            })?;
            chosen.set(option, option.read(value)?);
        }
        Ok(chosen)
    }

    /// The options a game's JSON object names (`null`: every default), as `to_json` or the
    /// game's own `Options` wrote them. A name the specification lacks or a value it does not
    /// allow is refused.
    pub fn from_json(
        game: &'static str,
        spec: &'static [OptionSpec],
        options: &Value,
    ) -> Result<OptionValues, OptionsError> {
        let map = match options {
            Value::Null => return Ok(OptionValues::defaults(spec)),
            Value::Object(map) => map,
            other => {
                return Err(OptionsError::NotNameValue {
                    example: other.to_string(),
                })
            }
        };
        let mut chosen = OptionValues::default();
        for (name, value) in map {
            let option = find(spec, name).ok_or_else(|| OptionsError::Unknown {
                game,
                name: name.clone(),
                known: spec.iter().map(|s| s.name).collect(),
            })?;
            let value = option.read_json(value).ok_or_else(|| match option.kind {
                OptionKind::Flag => OptionsError::NotBool {
                    name: name.clone(),
                    value: value.to_string(),
                },
                OptionKind::Choice(_) => OptionsError::NotChoice {
                    name: name.clone(),
                    value: value.to_string(),
                    choices: option.values().iter().map(|v| v.word()).collect(),
                },
            })?;
            chosen.set(option, value);
        }
        Ok(chosen)
    }

    /// The JSON object the game's `Options` deserialises from (`{}` when none was chosen).
    pub fn to_json(&self) -> Value {
        Value::Object(
            self.0
                .iter()
                .map(|(s, v)| (s.name.to_string(), v.to_json()))
                .collect(),
        )
    }

    /// Each option chosen and its value, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&'static OptionSpec, OptionValue)> + '_ {
        self.0.iter().copied()
    }

    /// Whether no option was chosen.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value chosen for the option of this name, if one was.
    pub fn get(&self, name: &str) -> Option<OptionValue> {
        self.0.iter().find(|(s, _)| s.name == name).map(|(_, v)| *v)
    }

    fn set(&mut self, option: &'static OptionSpec, value: OptionValue) {
        match self.0.iter_mut().find(|(s, _)| s.name == option.name) {
            Some(slot) => slot.1 = value,
            None => self.0.push((option, value)),
        }
    }
}

fn find(spec: &'static [OptionSpec], name: &str) -> Option<&'static OptionSpec> {
    spec.iter().find(|s| s.name == name)
}

/// The example a refusal of a word that is not `name=value` shows: the game's first option at
/// its default.
fn example(spec: &[OptionSpec]) -> String {
    spec.first().map_or("stop_rule=true".to_string(), |s| {
        format!("{}={}", s.name, s.default.word())
    })
}

/// Why option words could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("not name=value (e.g. {example})")]
    NotNameValue { example: String },
    #[error("{game} has no options")]
    NoOptions { game: &'static str },
    #[error("{game} has no option {name:?}; its options are {known:?}")]
    Unknown {
        game: &'static str,
        name: String,
        known: Vec<&'static str>,
    },
    #[error("{name} is true or false, not {value:?}")]
    NotBool { name: String, value: String },
    #[error("{name} is one of {choices:?}, not {value:?}")]
    NotChoice {
        name: String,
        value: String,
        /// The option's values, the default first.
        choices: Vec<&'static str>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &[OptionSpec] = &[
        OptionSpec::choice("variant", &["standard", "single_foundation", "book"]),
        OptionSpec::flag("stop_rule", false),
    ];

    #[test]
    fn words_are_read_against_the_specification() {
        let chosen = OptionValues::parse("g", SPEC, "variant=Book, stop_rule=yes").unwrap();
        assert_eq!(
            chosen.iter().collect::<Vec<_>>(),
            [
                (&SPEC[0], OptionValue::Choice("book")),
                (&SPEC[1], OptionValue::Flag(true))
            ]
        );
        assert_eq!(
            chosen.to_json(),
            serde_json::json!({"variant": "book", "stop_rule": true})
        );
        assert!(OptionValues::parse("g", SPEC, " ").unwrap().is_empty());
        let twice = OptionValues::parse("g", SPEC, "stop_rule=1 variant=book stop_rule=off");
        assert_eq!(
            twice.unwrap().to_json(),
            serde_json::json!({"stop_rule": false, "variant": "book"})
        );
    }

    #[test]
    fn unknown_names_and_bad_values_are_refused() {
        assert_eq!(
            OptionValues::parse("g", SPEC, "speed=fast"),
            Err(OptionsError::Unknown {
                game: "g",
                name: "speed".into(),
                known: vec!["variant", "stop_rule"]
            })
        );
        assert_eq!(
            OptionValues::parse("g", SPEC, "stop_rule=maybe"),
            Err(OptionsError::NotBool {
                name: "stop_rule".into(),
                value: "maybe".into()
            })
        );
        assert_eq!(
            OptionValues::parse("g", SPEC, "variant=poker"),
            Err(OptionsError::NotChoice {
                name: "variant".into(),
                value: "poker".into(),
                choices: vec!["standard", "single_foundation", "book"]
            })
        );
        assert_eq!(
            OptionValues::parse("g", SPEC, "stop_rule"),
            Err(OptionsError::NotNameValue {
                example: "variant=standard".into()
            })
        );
        assert_eq!(
            OptionValues::parse("g", &[], "a=b"),
            Err(OptionsError::NoOptions { game: "g" })
        );
    }

    #[test]
    fn json_is_read_back_as_written_and_checked() {
        let chosen = OptionValues::parse("g", SPEC, "stop_rule=true").unwrap();
        assert_eq!(
            OptionValues::from_json("g", SPEC, &chosen.to_json()),
            Ok(chosen)
        );
        assert_eq!(
            OptionValues::from_json("g", SPEC, &Value::Null),
            Ok(OptionValues::defaults(SPEC))
        );
        for bad in [
            serde_json::json!({"colour": "red"}),
            serde_json::json!({"stop_rule": "yes"}),
            serde_json::json!({"variant": "poker"}),
            serde_json::json!([1]),
        ] {
            assert!(OptionValues::from_json("g", SPEC, &bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn values_list_the_default_first_once() {
        let words = |s: &OptionSpec| s.values().iter().map(|v| v.word()).collect::<Vec<_>>();
        assert_eq!(words(&SPEC[0]), ["standard", "single_foundation", "book"]);
        assert_eq!(words(&SPEC[1]), ["false", "true"]);
        assert_eq!(words(&OptionSpec::flag("x", true)), ["true", "false"]);
    }
}
