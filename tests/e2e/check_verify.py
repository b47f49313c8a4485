#!/usr/bin/env python3
"""`pt2onnx --verify` over the e2e corpus (ctest `e2e_verify`, label e2e).

  tests/e2e/check_verify.py --pt2onnx PATH --cases DIR --out DIR [--update] [--only a,b] [-j N]

Converts every exported case of the corpus (`DIR/<case>/model.pt2`, with the case's convert_args
from the catalog, and its float32 tolerances where they are looser than --verify's) with `--verify`,
and compares each case's verdict with the one committed in tests/e2e/verify-expected.txt, one line
per case:

    <case>: passed: <summary>
    <case>: inconclusive: <summary>
    <case>: failed: <summary>
    <case>: refused: <the error>          (pt2onnx exits 2: the program cannot be converted)
    <case>: skipped: <reason>             (the catalog skips the case: torch cannot export it)

The summary is the last line --verify prints (what was compared, or why it could not conclude, or
what failed). Any change of a verdict or its summary fails the test, so that a better evaluator, or a
conversion that starts to differ, is seen and the list updated on purpose: `--update` rewrites it.
A failed verdict is also checked for what --verify promises: exit code 1, the model written, and
marked with the metadata property pt2onnx.verify.

Then a model made wrong on purpose: the case DELIBERATE_CASE converted with the hidden flag
`--test-break-numerics=onnx.Add` (the test pass that turns the first onnx.Add into a subtraction runs
after the pipeline) must fail the check: exit 1, the model written and marked.

The cases are read from the corpus folder as the e2e suite exported them (tests/e2e/run-e2e, or
PT2ONNX_E2E_DIR/e2e/cases); a case without model.pt2 (its export failed, or it was not exported) is
listed as `not exported` and fails the test unless it is expected so.
"""

import argparse
import concurrent.futures
import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
E2E = REPO / "tests" / "e2e"
EXPECTED = E2E / "verify-expected.txt"
DELIBERATE_CASE = "elementwise"



def read_metadata(model: Path) -> dict[str, str]:
    """The property pt2onnx.verify of the ONNX model, if any. No onnx package outside the oracle: the
    serialized entry (StringStringEntryProto: the key, then field 2, the value) is found in the bytes."""
    data = model.read_bytes()
    found: dict[str, str] = {}
    key = b"pt2onnx.verify"
    at = data.find(key)
    if at < 0:
        return found
    # StringStringEntryProto: field 1 (key), then field 2 (value): tag 0x12, varint length, bytes.
    rest = data[at + len(key):]
    if rest[:1] != b"\x12":
        return found
    length, shift, i = 0, 0, 1
    while True:
        byte = rest[i]
        length |= (byte & 0x7F) << shift
        i += 1
        if byte < 0x80:
            break
        shift += 7
    found["pt2onnx.verify"] = rest[i:i + length].decode("utf-8", "replace")
    return found


# --verify's own float32 tolerances; a case the catalog gives looser ones (the deep vision models,
# whose float32 sums run in another order after conversion) is checked under the catalog's.
DEFAULT_FLOAT32 = {"rtol": 1e-4, "atol": 1e-5}


def convert_args(entry: dict) -> list[str]:
    args = [arg.replace("{e2e}", str(E2E)) for arg in entry.get("convert_args", [])]
    float32 = entry.get("tolerances", {}).get("float32", DEFAULT_FLOAT32)
    if float32 != DEFAULT_FLOAT32:
        args += [f"--verify-rtol={float32['rtol']}", f"--verify-atol={float32['atol']}"]
    return args


def verify_case(pt2onnx: str, cases: Path, out: Path, name: str, entry: dict,
                extra: list[str] = ()) -> tuple[str, list[str]]:
    """The case's verdict line (without the name), and the problems found with what --verify
    promises."""
    problems: list[str] = []
    model = cases / name / "model.pt2"
    if not model.exists():
        return "not exported", problems
    onnx = out / f"{name}.onnx"
    onnx.unlink(missing_ok=True)
    result = subprocess.run([pt2onnx, str(model), "-o", str(onnx), "--verify", "--quiet",
                             *convert_args(entry), *extra], capture_output=True, text=True)
    if result.returncode == 2:
        first = next((line for line in result.stderr.splitlines() if line.strip()), "")
        # The path of the corpus is not part of the verdict.
        first = first.replace(str(model), "model.pt2")
        return f"refused: {first}", problems
    verdicts = [line for line in result.stdout.splitlines()
                if re.match(r"verify: (passed|FAILED|inconclusive): ", line)]
    if result.returncode not in (0, 1) or not verdicts:
        return (f"error: exit code {result.returncode}: "
                f"{(result.stderr.strip().splitlines() or [''])[-1]}"), problems
    kind, summary = re.match(r"verify: (\w+): (.*)", verdicts[-1]).groups()
    kind = kind.lower()
    expected_code = 1 if kind == "failed" else 0
    if result.returncode != expected_code:
        problems.append(f"{name}: {kind}, but exit code {result.returncode}")
    if not onnx.exists():
        problems.append(f"{name}: {kind}, but no model written")
    elif kind == "failed":
        mark = read_metadata(onnx).get("pt2onnx.verify", "")
        if not mark.startswith("failed: "):
            problems.append(f"{name}: failed, but the model is not marked (pt2onnx.verify = {mark!r})")
    return f"{kind}: {summary}", problems


def read_expected(path: Path) -> dict[str, str]:
    expected: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, verdict = line.split(": ", 1)
        expected[name] = verdict
    return expected


def write_expected(path: Path, verdicts: dict[str, str]) -> None:
    lines = ["# pt2onnx --verify on each case of the e2e corpus: tests/e2e/check_verify.py (ctest e2e_verify).",
             "# Regenerate with: tests/e2e/check_verify.py --pt2onnx PATH --cases DIR --out DIR --update", ""]
    lines += [f"{name}: {verdict}" for name, verdict in sorted(verdicts.items())]
    path.write_text("\n".join(lines) + "\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pt2onnx", required=True)
    parser.add_argument("--cases", required=True, type=Path, help="the corpus: DIR/<case>/model.pt2")
    parser.add_argument("--out", required=True, type=Path, help="where the models are written")
    parser.add_argument("--update", action="store_true", help="rewrite tests/e2e/verify-expected.txt")
    parser.add_argument("--only", help="comma-separated cases (compared with their expected lines only)")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    if not (args.cases / "catalog.json").exists():
        print(f"{args.cases}: no catalog.json: export the corpus first (tests/e2e/run-e2e)", file=sys.stderr)
        return 1
    catalog = {entry["name"]: entry for entry in json.loads((args.cases / "catalog.json").read_text())}
    names = sorted(catalog)
    if args.only:
        names = [name for name in names if name in args.only.split(",")]
    verdicts: dict[str, str] = {}
    problems: list[str] = []
    to_run = [name for name in names if not catalog[name].get("skip")]
    for name in names:
        if catalog[name].get("skip"):
            verdicts[name] = f"skipped: {catalog[name]['skip']}"
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {name: pool.submit(verify_case, args.pt2onnx, args.cases, args.out, name, catalog[name])
                   for name in to_run}
        for name in to_run:
            verdict, found = futures[name].result()
            verdicts[name] = verdict
            problems += found
            print(f"{name}: {verdict}", flush=True)

    # The deliberately wrong model.
    if not args.only or DELIBERATE_CASE in names:
        verdict, found = verify_case(args.pt2onnx, args.cases, args.out, DELIBERATE_CASE,
                                     catalog.get(DELIBERATE_CASE, {}), ["--test-break-numerics=onnx.Add"])
        problems += [f"(broken on purpose) {p}" for p in found]
        print(f"{DELIBERATE_CASE} broken on purpose: {verdict}")
        if not verdict.startswith("failed: "):
            problems.append(f"{DELIBERATE_CASE} broken on purpose: expected failed, got {verdict}")

    if args.update:
        if args.only:
            merged = read_expected(EXPECTED) if EXPECTED.exists() else {}
            merged.update(verdicts)
            verdicts = merged
        write_expected(EXPECTED, verdicts)
        print(f"wrote {EXPECTED}")
    else:
        expected = read_expected(EXPECTED)
        for name in names:
            if expected.get(name) != verdicts.get(name):
                problems.append(f"{name}: verdict changed\n  expected: {expected.get(name)}\n  got:      {verdicts.get(name)}")
        if not args.only:
            for name in sorted(set(expected) - set(names)):
                problems.append(f"{name}: expected in {EXPECTED.name}, not in the corpus")

    counts: dict[str, int] = {}
    for verdict in verdicts.values():
        kind = verdict.split(":", 1)[0]
        counts[kind] = counts.get(kind, 0) + 1
    print("verdicts: " + ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items())))
    for problem in problems:
        print(f"FAIL: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
