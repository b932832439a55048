#!/usr/bin/env python3
"""Writes tests/fixtures/discord-openapi/requests.json: the request bodies of the Discord routes
pakka calls, cut from Discord's OpenAPI description (discord/discord-api-spec,
specs/openapi.json, MIT licence, LICENSE beside the output) with every schema they reference.
The fake Discord validates each request body it receives against it.

    python3 tests/tools/openapi_subset.py path/to/openapi.json [commit]
"""
import json
import re
import sys
from pathlib import Path

# The routes pakka sends a body to, as the description writes them.
ROUTES = [
    ("post", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("post", "/webhooks/{webhook_id}/{webhook_token}"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("post", "/channels/{channel_id}/messages"),
    ("patch", "/channels/{channel_id}/messages/{message_id}"),
    ("post", "/channels/{channel_id}/messages/{message_id}/threads"),
    ("post", "/channels/{channel_id}/threads"),
    ("patch", "/channels/{channel_id}"),
    ("put", "/applications/{application_id}/commands"),
    ("put", "/applications/{application_id}/guilds/{guild_id}/commands"),
]


def main():
    spec_path = Path(sys.argv[1])
    commit = sys.argv[2] if len(sys.argv) > 2 else "unknown"
    spec = json.loads(spec_path.read_text())
    schemas = spec["components"]["schemas"]
    routes = {}
    wanted = set()

    def refs(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k == "$ref" and isinstance(v, str):
                    yield v
                else:
                    yield from refs(v)
        elif isinstance(node, list):
            for v in node:
                yield from refs(v)

    for method, path in ROUTES:
        op = spec["paths"][path][method]
        schema = op["requestBody"]["content"]["application/json"]["schema"]
        routes[f"{method.upper()} {path}"] = schema
        todo = list(refs(schema))
        while todo:
            name = todo.pop().rsplit("/", 1)[-1]
            if name in wanted:
                continue
            wanted.add(name)
            todo.extend(refs(schemas[name]))
    # Where Discord takes more than its description says, and pakka (through serenity) relies on
    # it: a new attachment's id is the number of its file part (serenity sends 0, 1, …), which
    # Discord has always taken; the description asks for a string.
    attachment = schemas["MessageAttachmentRequest"]["properties"]
    attachment["id"] = {
        "anyOf": [attachment["id"], {"type": "integer", "minimum": 0}],
        "description": "pakka: an integer too, as Discord takes (serenity sends 0, 1, ...)",
    }
    out = {
        "source": f"discord/discord-api-spec specs/openapi.json at {commit} (MIT licence: LICENSE)",
        "openapi": spec["openapi"],
        "$defs": {name: schemas[name] for name in sorted(wanted)},
        "routes": routes,
    }
    text = json.dumps(out, sort_keys=True, separators=(",", ":"))
    text = text.replace('"#/components/schemas/', '"#/$defs/')
    target = Path(__file__).resolve().parents[1] / "fixtures" / "discord-openapi"
    target.mkdir(parents=True, exist_ok=True)
    (target / "requests.json").write_text(text + "\n")
    print(f"{len(routes)} routes, {len(wanted)} schemas, {len(text)} bytes")


if __name__ == "__main__":
    main()
