#!/usr/bin/env python3
"""Validates a caramba batch report against the JSON Schema printed in
docs/batch.md (the fenced ```json block after the line
"<!-- report-schema -->"), so the documentation and the program cannot drift
apart. A small validator for the keywords the schema uses (type, properties,
required, additionalProperties, items, enum, minimum, const, $ref to
#/definitions); no third-party package needed.

Usage: validate_report.py docs/batch.md report.json
"""
import json
import re
import sys

TYPES = {
    "object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
    "integer": int, "number": (int, float),
}


def check_type(value, name):
    if name in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, TYPES[name])


def validate(value, schema, root, path, errors):
    if "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/definitions/"), ref
        schema = root["definitions"][ref.split("/")[-1]]
    types = schema.get("type")
    if types is not None:
        names = types if isinstance(types, list) else [types]
        if not any(check_type(value, t) for t in names):
            errors.append(f"{path}: expected {types}, got {json.dumps(value)[:60]}")
            return
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path}: {value!r} not one of {schema['enum']}")
    if "const" in schema and value != schema["const"]:
        errors.append(f"{path}: {value!r} != {schema['const']!r}")
    if "minimum" in schema and isinstance(value, (int, float)) and value < schema["minimum"]:
        errors.append(f"{path}: {value} < {schema['minimum']}")
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        errors.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                errors.append(f"{path}: missing '{key}'")
        for key, v in value.items():
            if key in props:
                validate(v, props[key], root, f"{path}.{key}", errors)
            elif schema.get("additionalProperties") is False:
                errors.append(f"{path}: unexpected '{key}'")
            elif isinstance(schema.get("additionalProperties"), dict):
                validate(v, schema["additionalProperties"], root, f"{path}.{key}", errors)
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            validate(v, schema["items"], root, f"{path}[{i}]", errors)


def main():
    doc, report = sys.argv[1], sys.argv[2]
    text = open(doc, encoding="utf-8").read()
    m = re.search(r"<!-- report-schema -->\s*```json\n(.*?)\n```", text, re.S)
    if not m:
        print(f"{doc}: no schema block after <!-- report-schema -->", file=sys.stderr)
        return 2
    schema = json.loads(m.group(1))
    errors = []
    validate(json.load(open(report, encoding="utf-8")), schema, schema, "$", errors)
    for e in errors[:20]:
        print(f"{report}: {e}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
