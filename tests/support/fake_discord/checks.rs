//! Discord's limits on what a bot may send, checked on every payload the fake receives.

use std::collections::HashSet;

use serde_json::Value;

/// Message content limit, in Unicode code points.
pub const MAX_CONTENT: usize = 2000;
const MAX_ROWS: usize = 5;
const MAX_PER_ROW: usize = 5;
const MAX_BUTTONS: usize = 25;
const MAX_CUSTOM_ID: usize = 100;
const MAX_LABEL: usize = 80;
const MAX_SELECT_OPTIONS: usize = 25;
const MAX_EMBEDS: usize = 10;
const MAX_CHOICES: usize = 25;

fn chars(v: &Value) -> usize {
    v.as_str().map_or(0, |s| s.chars().count())
}

/// Checks the body of a message create/edit (or the `data` of an interaction callback that
/// carries a message). Returns one line per problem.
pub fn message_payload(data: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if data.is_null() {
        return out;
    }
    let Some(obj) = data.as_object() else {
        out.push(format!("message payload is not an object: {data}"));
        return out;
    };
    if let Some(content) = obj.get("content") {
        if !content.is_null() && !content.is_string() {
            out.push(format!("content is not a string: {content}"));
        }
        let n = chars(content);
        if n > MAX_CONTENT {
            out.push(format!("content has {n} characters (limit {MAX_CONTENT})"));
        }
    }
    if let Some(embeds) = obj.get("embeds").and_then(Value::as_array) {
        if embeds.len() > MAX_EMBEDS {
            out.push(format!("{} embeds (limit {MAX_EMBEDS})", embeds.len()));
        }
    }
    if let Some(components) = obj.get("components") {
        out.extend(components_payload(components));
    }
    if let Some(allowed) = obj.get("allowed_mentions") {
        out.extend(allowed_mentions(allowed));
    }
    out
}

const MAX_ALLOWED_IDS: usize = 100;

/// Checks `allowed_mentions`: `parse` holds only "users", "roles", "everyone"; `users` (at most
/// 100) may not be combined with `parse: ["users"]`, nor `roles` with `parse: ["roles"]`.
pub fn allowed_mentions(allowed: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if allowed.is_null() {
        return out;
    }
    let Some(obj) = allowed.as_object() else {
        out.push(format!("allowed_mentions is not an object: {allowed}"));
        return out;
    };
    let parse: Vec<&str> = obj
        .get("parse")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    for p in &parse {
        if !["users", "roles", "everyone"].contains(p) {
            out.push(format!("allowed_mentions.parse has {p:?}"));
        }
    }
    for kind in ["users", "roles"] {
        let ids = obj.get(kind).and_then(Value::as_array).map_or(0, Vec::len);
        if ids > 0 && parse.contains(&kind) {
            out.push(format!(
                "allowed_mentions: parse {kind:?} and a {kind} list are mutually exclusive"
            ));
        }
        if ids > MAX_ALLOWED_IDS {
            out.push(format!(
                "allowed_mentions.{kind} has {ids} ids (limit {MAX_ALLOWED_IDS})"
            ));
        }
    }
    out
}

/// The user ids mentioned in `content` (`<@id>` or `<@!id>`), each once, in order.
pub fn mentioned_users(content: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for (i, _) in content.match_indices("<@") {
        let rest = &content[i + 2..];
        let rest = rest.strip_prefix('!').unwrap_or(rest);
        let Some(end) = rest.find('>') else { continue };
        if let Ok(id) = rest[..end].parse::<u64>() {
            if !out.contains(&id) {
                out.push(id);
            }
        }
    }
    out
}

/// The users a message with this `content` notifies under `allowed` (its `allowed_mentions`;
/// null means Discord's default, every mention notifies): the mentioned users that `parse`
/// includes ("users") or the `users` list names.
pub fn notified_users(content: &str, allowed: &Value) -> Vec<u64> {
    let mentioned = mentioned_users(content);
    if allowed.is_null() {
        return mentioned;
    }
    let parse_users = allowed
        .get("parse")
        .and_then(Value::as_array)
        .is_some_and(|p| p.iter().any(|v| v == "users"));
    let listed: Vec<u64> = allowed
        .get("users")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|v| match v {
            Value::String(s) => s.parse().ok(),
            other => other.as_u64(),
        })
        .collect();
    mentioned
        .into_iter()
        .filter(|u| parse_users || listed.contains(u))
        .collect()
}

/// Discord's thread name limit, in characters.
pub const THREAD_NAME: std::ops::RangeInclusive<usize> = 1..=100;

/// Checks a thread's `name` and `auto_archive_duration` (when given) in a create or edit body.
pub fn thread_payload(body: &Value, creating: bool) -> Vec<String> {
    let mut out = Vec::new();
    match body.get("name") {
        Some(Value::String(name)) => {
            let n = name.chars().count();
            if !THREAD_NAME.contains(&n) {
                out.push(format!(
                    "thread name has {n} characters (Discord allows 1 to 100)"
                ));
            }
        }
        None if !creating => {}
        other => out.push(format!("thread name missing or not a string: {other:?}")),
    }
    if let Some(d) = body.get("auto_archive_duration").filter(|d| !d.is_null()) {
        if !matches!(d.as_u64(), Some(60 | 1440 | 4320 | 10080)) {
            out.push(format!(
                "auto_archive_duration {d} (Discord allows 60, 1440, 4320 or 10080)"
            ));
        }
    }
    out
}

/// Checks a message's `components` array (action rows of buttons and select menus).
pub fn components_payload(components: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if components.is_null() {
        return out;
    }
    let Some(rows) = components.as_array() else {
        out.push(format!("components is not an array: {components}"));
        return out;
    };
    if rows.len() > MAX_ROWS {
        out.push(format!("{} action rows (limit {MAX_ROWS})", rows.len()));
    }
    let mut buttons = 0usize;
    let mut ids = HashSet::new();
    for (r, row) in rows.iter().enumerate() {
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            out.push(format!("row {r} is not an action row (type 1): {row}"));
            continue;
        }
        let items = row.get("components").and_then(Value::as_array);
        let items = items.map(Vec::as_slice).unwrap_or_default();
        if items.is_empty() {
            out.push(format!(
                "row {r} has no components (Discord requires 1 to 5)"
            ));
        }
        if items.len() > MAX_PER_ROW {
            out.push(format!(
                "row {r} has {} components (limit {MAX_PER_ROW})",
                items.len()
            ));
        }
        let selects = items.iter().filter(|c| is_select(c)).count();
        if selects > 0 && items.len() > 1 {
            out.push(format!("row {r} mixes a select menu with other components"));
        }
        for (i, c) in items.iter().enumerate() {
            let at = format!("row {r} component {i}");
            let kind = c.get("type").and_then(Value::as_u64).unwrap_or(0);
            let custom_id = c.get("custom_id").and_then(Value::as_str);
            if let Some(id) = custom_id {
                let n = id.chars().count();
                if n == 0 || n > MAX_CUSTOM_ID {
                    out.push(format!(
                        "{at}: custom_id has {n} characters (1 to {MAX_CUSTOM_ID}): {id:?}"
                    ));
                }
                if !ids.insert(id.to_string()) {
                    out.push(format!(
                        "{at}: custom_id {id:?} is used twice in one message"
                    ));
                }
            }
            match kind {
                2 => {
                    buttons += 1;
                    let style = c.get("style").and_then(Value::as_u64).unwrap_or(0);
                    match style {
                        5 => {
                            if c.get("url").and_then(Value::as_str).is_none() {
                                out.push(format!("{at}: link button without url"));
                            }
                            if custom_id.is_some() {
                                out.push(format!("{at}: link button with a custom_id"));
                            }
                        }
                        6 => {
                            if c.get("sku_id").is_none() {
                                out.push(format!("{at}: premium button without sku_id"));
                            }
                        }
                        1..=4 => {
                            if custom_id.is_none() {
                                out.push(format!("{at}: button without custom_id"));
                            }
                        }
                        other => out.push(format!("{at}: unknown button style {other}")),
                    }
                    let label = c.get("label").filter(|l| !l.is_null());
                    if let Some(label) = label {
                        let n = chars(label);
                        if n > MAX_LABEL {
                            out.push(format!(
                                "{at}: label has {n} characters (limit {MAX_LABEL})"
                            ));
                        }
                    }
                    let has_emoji = c.get("emoji").is_some_and(|e| !e.is_null());
                    if style != 6 && label.is_none_or(|l| chars(l) == 0) && !has_emoji {
                        out.push(format!("{at}: button has neither a label nor an emoji"));
                    }
                }
                3 | 5..=8 => {
                    if custom_id.is_none() {
                        out.push(format!("{at}: select menu without custom_id"));
                    }
                    if kind == 3 {
                        let options = c.get("options").and_then(Value::as_array);
                        let n = options.map_or(0, Vec::len);
                        if n == 0 || n > MAX_SELECT_OPTIONS {
                            out.push(format!(
                                "{at}: select menu has {n} options (1 to {MAX_SELECT_OPTIONS})"
                            ));
                        }
                        for (k, o) in options.into_iter().flatten().enumerate() {
                            for field in ["label", "value"] {
                                let n = o.get(field).map_or(0, chars);
                                if n == 0 || n > 100 {
                                    out.push(format!(
                                        "{at}: option {k} {field} has {n} characters (1 to 100)"
                                    ));
                                }
                            }
                        }
                    }
                    if let Some(p) = c.get("placeholder") {
                        if chars(p) > 150 {
                            out.push(format!("{at}: placeholder longer than 150 characters"));
                        }
                    }
                }
                other => out.push(format!(
                    "{at}: unsupported component type {other} in a message"
                )),
            }
        }
    }
    if buttons > MAX_BUTTONS {
        out.push(format!(
            "{buttons} buttons in one message (limit {MAX_BUTTONS})"
        ));
    }
    out
}

fn is_select(c: &Value) -> bool {
    matches!(c.get("type").and_then(Value::as_u64), Some(3 | 5..=8))
}

/// Checks an autocomplete answer (`data` of callback type 8).
pub fn autocomplete_payload(data: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let Some(choices) = data.get("choices").and_then(Value::as_array) else {
        out.push(format!(
            "autocomplete answer without a choices array: {data}"
        ));
        return out;
    };
    if choices.len() > MAX_CHOICES {
        out.push(format!(
            "{} autocomplete choices (limit {MAX_CHOICES})",
            choices.len()
        ));
    }
    for (i, c) in choices.iter().enumerate() {
        let n = c.get("name").map_or(0, chars);
        if n == 0 || n > 100 {
            out.push(format!("choice {i} name has {n} characters (1 to 100)"));
        }
        if c.get("value").is_none() {
            out.push(format!("choice {i} has no value"));
        }
    }
    out
}

fn valid_command_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=32).contains(&n)
        && name
            .chars()
            .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
        && !name.chars().any(char::is_uppercase)
}

/// Checks one application command definition as registered by the bot.
pub fn command_definition(cmd: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let name = cmd.get("name").and_then(Value::as_str).unwrap_or_default();
    let kind = cmd.get("type").and_then(Value::as_u64).unwrap_or(1);
    if kind == 1 {
        if !valid_command_name(name) {
            out.push(format!(
                "command name {name:?} is not 1-32 lowercase letters, digits, - or _"
            ));
        }
        let n = cmd.get("description").map_or(0, chars);
        if n == 0 || n > 100 {
            out.push(format!(
                "/{name}: description has {n} characters (1 to 100)"
            ));
        }
    } else if name.is_empty() || name.chars().count() > 32 {
        out.push(format!("command name {name:?} is not 1-32 characters"));
    }
    if let Some(options) = cmd.get("options").and_then(Value::as_array) {
        check_options(&format!("/{name}"), options, &mut out);
    }
    out
}

fn check_options(at: &str, options: &[Value], out: &mut Vec<String>) {
    if options.len() > 25 {
        out.push(format!("{at}: {} options (limit 25)", options.len()));
    }
    let mut seen_optional = false;
    let mut names = HashSet::new();
    for o in options {
        let name = o.get("name").and_then(Value::as_str).unwrap_or_default();
        let here = format!("{at} {name}");
        if !valid_command_name(name) {
            out.push(format!(
                "{here}: option name is not 1-32 lowercase letters, digits, - or _"
            ));
        }
        if !names.insert(name) {
            out.push(format!("{here}: duplicate option name"));
        }
        let n = o.get("description").map_or(0, chars);
        if n == 0 || n > 100 {
            out.push(format!("{here}: description has {n} characters (1 to 100)"));
        }
        let kind = o.get("type").and_then(Value::as_u64).unwrap_or(0);
        let required = o.get("required").and_then(Value::as_bool).unwrap_or(false);
        if kind > 2 {
            if required && seen_optional {
                out.push(format!("{here}: required option after an optional one"));
            }
            seen_optional |= !required;
        }
        let choices = o
            .get("choices")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        if choices > 25 {
            out.push(format!("{here}: {choices} choices (limit 25)"));
        }
        let autocomplete = o
            .get("autocomplete")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if autocomplete && choices > 0 {
            out.push(format!("{here}: both autocomplete and choices"));
        }
        if let Some(sub) = o.get("options").and_then(Value::as_array) {
            check_options(&here, sub, out);
        }
    }
}
