//! Every request body the fake receives, checked against Discord's own OpenAPI description
//! (`discord/discord-api-spec`, MIT): the request schemas of the routes pakka sends a body to,
//! cut from `specs/openapi.json` with every schema they reference, are vendored in
//! `tests/fixtures/discord-openapi/requests.json` (made by `tests/tools/openapi_subset.py`; the
//! licence beside it). A body that breaks it is a violation, so a payload Discord would refuse
//! fails the test that sent it. A route with a body that is not in the file is a violation
//! too: a new route must be added to the script's list and the file made again.

use std::sync::LazyLock;

use serde_json::Value;

/// The vendored request schemas.
const DESCRIPTION: &str = include_str!("../../fixtures/discord-openapi/requests.json");

/// One route of the description: its method, its path's segments (`{name}` for a parameter),
/// and its request body's validator.
struct Route {
    method: String,
    segments: Vec<String>,
    validator: jsonschema::Validator,
}

impl Route {
    fn matches(&self, method: &str, segments: &[&str]) -> bool {
        self.method == method
            && self.segments.len() == segments.len()
            && self
                .segments
                .iter()
                .zip(segments)
                .all(|(pattern, s)| pattern.starts_with('{') || pattern == s)
    }

    /// How many of its segments are words, not parameters (the more, the closer a match).
    fn literal(&self) -> usize {
        self.segments.iter().filter(|s| !s.starts_with('{')).count()
    }
}

static ROUTES: LazyLock<Vec<Route>> = LazyLock::new(|| {
    let description: Value = serde_json::from_str(DESCRIPTION).expect("the vendored description");
    let defs = description["$defs"].clone();
    let mut routes: Vec<Route> = description["routes"]
        .as_object()
        .expect("routes")
        .iter()
        .map(|(route, schema)| {
            let (method, path) = route.split_once(' ').expect("METHOD /path");
            let schema = serde_json::json!({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$defs": defs,
                "allOf": [schema],
            });
            Route {
                method: method.to_string(),
                segments: path
                    .trim_start_matches('/')
                    .split('/')
                    .map(str::to_string)
                    .collect(),
                validator: jsonschema::validator_for(&schema)
                    .unwrap_or_else(|e| panic!("{route}: {e}")),
            }
        })
        .collect();
    // `@original` before `{message_id}`.
    routes.sort_by_key(|r| std::cmp::Reverse(r.literal()));
    routes
});

/// The body as the bot sent it: without the fake's own note of uploaded files.
fn as_sent(body: &Value) -> Value {
    let mut body = body.clone();
    if let Some(map) = body.as_object_mut() {
        map.remove("__uploads");
        if let Some(data) = map.get_mut("data").and_then(Value::as_object_mut) {
            data.remove("__uploads");
        }
    }
    body
}

/// Checks a request's body (`segments`: its path after `/api/v10/`): what in it breaks
/// Discord's description, if anything. A request without a body is not checked.
pub(crate) fn check(method: &str, segments: &[&str], body: &Value) -> Result<(), String> {
    if body.is_null() || method == "GET" || method == "DELETE" {
        return Ok(());
    }
    let Some(route) = ROUTES.iter().find(|r| r.matches(method, segments)) else {
        return Err(format!(
            "no request schema for {method} /{} in the vendored OpenAPI description \
             (add the route to tests/tools/openapi_subset.py)",
            segments.join("/")
        ));
    };
    let body = as_sent(body);
    let errors: Vec<String> = route
        .validator
        .iter_errors(&body)
        .take(5)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the body breaks Discord's OpenAPI description: {}",
            errors.join("; ")
        ))
    }
}

#[test]
fn the_vendored_description_loads_and_catches_a_bad_body() {
    assert!(ROUTES.len() >= 10);
    let ok = serde_json::json!({"content": "hello", "components": []});
    assert_eq!(check("POST", &["channels", "1", "messages"], &ok), Ok(()));
    let bad = serde_json::json!({"content": 7});
    assert!(check("POST", &["channels", "1", "messages"], &bad).is_err());
    let callback = ["interactions", "1", "t", "callback"];
    let answer = serde_json::json!({"type": 4, "data": {"content": "hi", "flags": 64}});
    assert_eq!(check("POST", &callback, &answer), Ok(()));
    let too_long = serde_json::json!({"type": 4, "data": {"content": "x".repeat(2001)}});
    assert!(check("POST", &callback, &too_long).is_err());
    let unknown = serde_json::json!({"name": "x"});
    assert!(check("POST", &["guilds", "1", "roles"], &unknown).is_err());
    let original = serde_json::json!({"content": "x"});
    assert_eq!(
        check(
            "PATCH",
            &["webhooks", "1", "t", "messages", "@original"],
            &original
        ),
        Ok(())
    );
}
