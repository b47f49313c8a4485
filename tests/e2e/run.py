#!/usr/bin/env python3
"""Checking step of the end-to-end tests: judges every converted case of the corpus.

Runs inside the oracle (tools/oracle run tests/e2e/run.py), after models.py exported the corpus and
convert.py ran the converter on the host. For each case of CASES/catalog.json:

  1. the conversion must have succeeded (CASE/convert.json, written by convert.py);
  2. onnx.checker.check_model(CASE/model.onnx, full_check=True) must accept the model;
  3. ONNX Runtime (CPU, one thread) runs every input set of the case, and each output must match
     PyTorch's eager output: same shape, same dtype, and values within the case's tolerance for its
     dtype (|onnx - torch| <= atol + rtol * |torch|; integers and bools exactly; NaN where PyTorch
     has NaN). Cases whose outputs are random (training-mode dropout) compare shapes and dtypes only;
     a case's `structure` (nodes of other domains, domain imports, local functions) is checked first,
     and alone for cases whose model ONNX Runtime cannot run (compare="structure").

What the ONNX model must look like: its inputs are the program's user inputs, in order (parameters
and buffers are initializers); its first outputs are the program's user outputs, in order. Extra
outputs are allowed; one named after a mutated buffer (its FQN) or a mutated input (its name) is
compared with the state PyTorch leaves after the call.

A case that fails is a test failure unless tests/e2e/expected-failures.txt lists it (`name: reason`
per line); a listed case that passes is reported as an unexpected pass, so that the list can shrink.
The exit status is 0 iff no case failed unexpectedly. With --coverage, writes the coverage report:
every case with its status, error, ONNX node count and conversion time; every operator target found
in the corpus's archives with whether the converter has a lowering for it; and every overload the
converter lowers, with the opsets its rule supports.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import sys
import time
from pathlib import Path

import ml_dtypes
import numpy as np
import onnx
import onnxruntime as ort

REPO = Path(__file__).resolve().parents[2]

# numpy dtypes of the dtype names recorded by models.py.
NUMPY_DTYPES = {"bfloat16": np.dtype(ml_dtypes.bfloat16), "bool": np.dtype(np.bool_)} | {
    name: np.dtype(name) for name in
    ("float64", "float32", "float16", "int64", "int32", "int16", "int8", "uint8")}


class CaseFailure(Exception):
    """A check failed; the message says which and why."""


def quiet_first_session() -> None:
    """Creates a first, trivial ONNX Runtime session with stderr silenced. With Debian's shared ONNX
    library, the first session registers ONNX's operator schemas a second time and prints one
    harmless line per schema (hundreds); later sessions print nothing."""
    graph = onnx.helper.make_graph(
        [onnx.helper.make_node("Identity", ["x"], ["y"])], "warm_up",
        [onnx.helper.make_tensor_value_info("x", onnx.TensorProto.FLOAT, [1])],
        [onnx.helper.make_tensor_value_info("y", onnx.TensorProto.FLOAT, [1])])
    model = onnx.helper.make_model(graph, opset_imports=[onnx.helper.make_opsetid("", 17)])
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
            ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def load_arrays(path: Path, descriptions: list[dict]) -> list[np.ndarray]:
    """Reads the arrays of an .npz written by models.py, restoring bfloat16 from its uint16 bits."""
    with np.load(path) as stored:
        arrays = []
        for d in descriptions:
            array = stored[d["key"]]
            arrays.append(array.view(ml_dtypes.bfloat16) if d["dtype"] == "bfloat16" else array)
        return arrays


def count_nodes(graph: onnx.GraphProto) -> int:
    """Nodes of a graph, those of its subgraphs (If, Loop, Scan bodies) included."""
    total = 0
    for node in graph.node:
        total += 1
        for attribute in node.attribute:
            if attribute.HasField("g"):
                total += count_nodes(attribute.g)
            total += sum(count_nodes(g) for g in attribute.graphs)
    return total


def session_for(model: onnx.ModelProto) -> ort.InferenceSession:
    """An ONNX Runtime session on one CPU thread. numpy has no bfloat16 that ONNX Runtime accepts, so
    bfloat16 graph outputs get an exact Cast to float32 appended (inputs are fed as OrtValues)."""
    for output in model.graph.output:
        if output.type.tensor_type.elem_type == onnx.TensorProto.BFLOAT16:
            widened = output.name + ".float32"
            model.graph.node.append(onnx.helper.make_node("Cast", [output.name], [widened], to=onnx.TensorProto.FLOAT))
            output.name = widened
            output.type.tensor_type.elem_type = onnx.TensorProto.FLOAT
    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])


def feed_value(array: np.ndarray):
    if array.dtype == ml_dtypes.bfloat16:
        return ort.OrtValue.ortvalue_from_numpy_with_onnx_type(array.view(np.uint16), onnx.TensorProto.BFLOAT16)
    return array


def compare(what: str, actual: np.ndarray, expected: np.ndarray, values: bool, tolerances: dict | None) -> float:
    """Raises CaseFailure on a mismatch; returns the largest absolute error of a float output."""
    if tuple(actual.shape) != tuple(expected.shape):
        raise CaseFailure(f"{what}: shape {list(actual.shape)}, expected {list(expected.shape)}")
    if not values:
        return 0.0
    if tolerances is None:  # integers and bools
        if not np.array_equal(actual, expected):
            wrong = int(np.count_nonzero(actual != expected))
            raise CaseFailure(f"{what}: {wrong} of {expected.size} elements differ (exact comparison)")
        return 0.0
    a, e = actual.astype(np.float64), expected.astype(np.float64)
    if not np.array_equal(np.isnan(a), np.isnan(e)):
        raise CaseFailure(f"{what}: NaN in different places")
    finite = np.isfinite(e)
    if not np.array_equal(a[~finite & ~np.isnan(e)], e[~finite & ~np.isnan(e)]):
        raise CaseFailure(f"{what}: infinities differ")
    error = np.abs(a[finite] - e[finite])
    allowed = tolerances["atol"] + tolerances["rtol"] * np.abs(e[finite])
    if error.size and np.any(error > allowed):
        worst = int(np.argmax(error - allowed))
        raise CaseFailure(f"{what}: {int(np.count_nonzero(error > allowed))} of {error.size} elements beyond "
                          f"rtol {tolerances['rtol']:g} / atol {tolerances['atol']:g}; max error {error.max():.3g}, "
                          f"worst: expected {e[finite][worst]:.6g}, got {a[finite][worst]:.6g}")
    return float(error.max()) if error.size else 0.0


def check_structure(model: onnx.ModelProto, expected: dict) -> None:
    """What the case's `structure` says the model holds: domain imports, the nodes outside the default
    domain (in graph order, with their attributes), how many nodes of some types, the local functions."""
    imports = {o.domain: o.version for o in model.opset_import}
    for domain, version in expected.get("imports", {}).items():
        if imports.get(domain) != version:
            raise CaseFailure(f"opset_import of {domain}: {imports.get(domain)}, expected {version}")
    if "nodes" in expected:
        nodes = [[n.domain, n.op_type, {a.name: onnx.helper.get_attribute_value(a) for a in n.attribute}]
                 for n in model.graph.node if n.domain not in ("", "ai.onnx")]
        if nodes != expected["nodes"]:
            raise CaseFailure(f"nodes outside the default domain: {nodes}, expected {expected['nodes']}")
    if "op_counts" in expected:
        counts = collections.Counter(f"{n.domain}:{n.op_type}" for n in model.graph.node)
        found = {key: counts.get(key, 0) for key in expected["op_counts"]}
        if found != expected["op_counts"]:
            raise CaseFailure(f"node counts by type: {found}, expected {expected['op_counts']}")
    if "functions" in expected:
        functions = [[f.domain, f.name] for f in model.functions]
        if functions != expected["functions"]:
            raise CaseFailure(f"local functions: {functions}, expected {expected['functions']}")


def check_case(folder: Path, entry: dict, record: dict, result: dict) -> None:
    """Runs checks 1-3 on one exported case, filling `result`; raises CaseFailure on the first failure."""
    conversion_path = folder / "convert.json"
    if not conversion_path.exists():
        raise CaseFailure("not converted (convert.py did not run on this case)")
    conversion = json.loads(conversion_path.read_text())
    result["convert_seconds"] = conversion.get("seconds")
    result["convert_rss_mb"] = conversion.get("max_rss_mb")
    if "error" in conversion:
        raise CaseFailure(conversion["error"])
    onnx_path = folder / "model.onnx"
    if not onnx_path.exists():
        raise CaseFailure("pt2onnx exited with 0 but wrote no model.onnx")

    try:
        onnx.checker.check_model(str(onnx_path), full_check=True)
    except Exception as error:  # noqa: BLE001 - the checker raises several types
        raise CaseFailure(f"onnx.checker: {str(error).strip().splitlines()[0][:300]}") from None
    model = onnx.load(str(onnx_path))
    result["opset"] = next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), None)
    result["nodes"] = len(model.graph.node)
    result["nodes_total"] = count_nodes(model.graph)
    check_structure(model, entry.get("structure", {}))
    if entry["compare"] == "structure":
        return
    output_dtypes = [onnx.helper.tensor_dtype_to_np_dtype(o.type.tensor_type.elem_type) for o in model.graph.output]
    output_names = [o.name for o in model.graph.output]
    try:
        session = session_for(model)
    except Exception as error:  # noqa: BLE001 - onnxruntime raises its own exception types
        raise CaseFailure(f"onnxruntime cannot load the model: {str(error).strip()[:300]}") from None

    inputs = session.get_inputs()
    if len(inputs) != len(record["input_names"]):
        raise CaseFailure(f"the model has {len(inputs)} inputs, the program {len(record['input_names'])}")
    n_user = len(record["output_names"])
    if len(output_names) < n_user:
        raise CaseFailure(f"the model has {len(output_names)} outputs, the program {n_user}")
    # Extra outputs named after mutated state are compared with it.
    mutation_of = {m["target"]: j for j, m in enumerate(record["mutations"])}
    compared = [(i, f"output_{i}") for i in range(n_user)]
    compared += [(i, f"mutation_{mutation_of[name]}") for i, name in enumerate(output_names)
                 if i >= n_user and name in mutation_of]
    result["mutations_compared"] = len(compared) - n_user

    values = entry["compare"] == "values"
    worst = 0.0
    for k, input_set in enumerate(record["sets"]):
        feeds = load_arrays(folder / input_set["inputs"], input_set["input_arrays"])
        expected_arrays = {d["key"]: d for d in input_set["expected_arrays"]}
        expected = dict(zip(expected_arrays, load_arrays(folder / input_set["expected"], input_set["expected_arrays"])))
        feed = {i.name: feed_value(a) for i, a in zip(inputs, feeds)}
        try:
            actual = session.run(None, feed)
        except Exception as error:  # noqa: BLE001
            raise CaseFailure(f"input set {k}: onnxruntime failed: {str(error).strip()[:300]}") from None
        if k == 0:
            result["ort_ms"] = measure_latency(session, feed)
        for i, key in compared:
            what = f"input set {k}, output {i} ({output_names[i]})"
            dtype_name = expected_arrays[key]["dtype"]
            if output_dtypes[i] != NUMPY_DTYPES[dtype_name]:
                raise CaseFailure(f"{what}: dtype {output_dtypes[i]}, expected {dtype_name}")
            tolerances = entry["tolerances"].get(dtype_name)  # none for integers and bools: exact
            worst = max(worst, compare(what, actual[i], expected[key], values, tolerances))
    result["max_error"] = worst if values else None


def measure_latency(session: ort.InferenceSession, feed: dict) -> float:
    """Median wall time of a few runs (up to 10, or about one second), in milliseconds."""
    times = []
    budget = time.perf_counter() + 1.0
    while len(times) < 10 and (len(times) < 3 or time.perf_counter() < budget):
        start = time.perf_counter()
        session.run(None, feed)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def read_expected_failures(path: Path) -> dict[str, str]:
    listed = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, reason = line.partition(":")
        if not sep:
            raise SystemExit(f"{path}:{number}: expected `name: reason`")
        listed[name.strip()] = reason.strip()
    return listed


def listed_failure(expected_failures: dict[str, str], name: str, opset: int | None) -> str | None:
    """Why the case is expected to fail: listed as `name@opsetN` for the opset converted to, or as
    `name` for every opset."""
    if opset is not None and f"{name}@opset{opset}" in expected_failures:
        return expected_failures[f"{name}@opset{opset}"]
    return expected_failures.get(name)


def judge(entry: dict, cases: Path, expected_failures: dict[str, str], opset: int | None = None) -> dict:
    """Status of one catalog entry: PASS, FAIL, XFAIL (listed, failed), XPASS (listed, passed), SKIP."""
    name = entry["name"]
    result = {"name": name, "group": entry["group"], "torch": entry["torch"]}
    record_path = cases / name / "case.json"
    if not record_path.exists():
        series = f"torch {entry['torch']}" if entry["torch"] else "the main oracle"
        return result | {"status": "SKIP", "reason": f"not exported (models.py has not run under {series})"}
    record = json.loads(record_path.read_text())
    result["torch_version"] = record["torch_version"]
    if record["status"] == "skipped":
        return result | {"status": "SKIP", "reason": record["reason"]}
    try:
        if record["status"] != "ok":
            raise CaseFailure(f"export failed: {record['reason']}")
        check_case(cases / name, entry, record, result)
        passed, reason = True, None
    except CaseFailure as failure:
        passed, reason = False, str(failure)
    listed = listed_failure(expected_failures, name, opset)
    if listed is not None:
        return result | ({"status": "XPASS", "reason": f"passes, but listed as expected to fail ({listed})"}
                         if passed else {"status": "XFAIL", "reason": reason})
    if passed:
        return result | {"status": "PASS", "reason": entry["compare_reason"] or None}
    return result | {"status": "FAIL", "reason": reason}


def case_targets(cases: Path, name: str) -> dict[str, int]:
    record_path = cases / name / "case.json"
    return json.loads(record_path.read_text()).get("targets", {}) if record_path.exists() else {}


def canonical_target(target: str) -> str:
    """A call target as lowering tables name it: archives spell Python's operator module `_operator`."""
    target = target.removeprefix("torch.ops.")
    return "operator." + target.removeprefix("_operator.") if target.startswith("_operator.") else target


def format_cell(value, spec: str, unit: str = "") -> str:
    return "" if value is None else f"{value:{spec}}{unit}"


def write_coverage(path: Path, results: list[dict], cases: Path, summary: str) -> None:
    """The coverage report: cases, then operator targets and whether each has a lowering."""
    lowerings_record = json.loads((cases / "lowerings.json").read_text()) if (cases / "lowerings.json").exists() else {}
    lowerings = set(lowerings_record.get("lowerings") or [])
    functionalized = lowerings_record.get("functionalized") or {}
    users: dict[str, list[str]] = {}
    for r in results:
        for target in case_targets(cases, r["name"]):
            users.setdefault(target, []).append(r["name"])
    versions = sorted({r["torch_version"] for r in results if "torch_version" in r})

    lines = [
        "# Coverage of the end-to-end corpus",
        "",
        "Generated by `tests/e2e/run-e2e` (`tests/e2e/run.py`); do not edit by hand. The corpus is described",
        "in `tests/e2e/models.py`; `tests/e2e/README.md` tells how it is checked.",
        "",
        f"Exported with torch {', '.join(versions)}; checked with onnx {onnx.__version__} and onnxruntime "
        f"{ort.__version__} (CPU, one thread).",
        "",
        f"**{summary}**",
        "",
        "## Cases",
        "",
        "Status: PASS, FAIL, XFAIL (fails, listed in `tests/e2e/expected-failures.txt`), XPASS (passes though listed),",
        "SKIP (not exported). Max error: largest absolute difference of a float output from PyTorch over all input",
        "sets. Nodes: in the main graph (with subgraphs in parentheses when they add any). Conversion: wall time",
        "and peak memory of `pt2onnx`. ORT: median latency of input set 0.",
        "",
        "| case | group | status | max error | nodes | conversion | peak memory | ORT | note |",
        "|---|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in results:
        nodes = format_cell(r.get("nodes"), "d")
        if r.get("nodes_total", r.get("nodes")) != r.get("nodes"):
            nodes += f" ({r['nodes_total']})"
        group = r["group"] + (f", torch {r['torch']}" if r["torch"] else "")
        note = (r.get("reason") or "").replace("|", "\\|")
        lines.append(f"| {r['name']} | {group} | {r['status']} | {format_cell(r.get('max_error'), '.2e')} | {nodes} "
                     f"| {format_cell(r.get('convert_seconds'), '.3f', ' s')} "
                     f"| {format_cell(r.get('convert_rss_mb'), '.0f', ' MB')} "
                     f"| {format_cell(r.get('ort_ms'), '.2f', ' ms')} | {note} |")

    def lowering_of(target: str) -> str:
        """'yes', or how the converter reaches a lowering: an op that writes its arguments through
        functionalize, as the converter lists it."""
        target = canonical_target(target)
        if target in lowerings:
            return "yes"
        if target in functionalized:
            return f"as `{functionalized[target]}` (functionalize)"
        return "no"

    covered = sum(1 for t in users if lowering_of(t) != "no")
    source = ("`pt2onnx --list-lowerings`" if lowerings_record.get("lowerings") is not None
              else f"none: the converter gave no list ({lowerings_record.get('error', 'not asked')}), so all count as missing")
    lines += [
        "",
        "## Operators",
        "",
        f"Every call target found in the corpus's archives (subgraphs included). Lowerings: {source}.",
        "An op that writes its arguments (in-place, out) is rewritten by the `functionalize` pass into the functional",
        "overload its schema names, whose rule lowers it.",
        f"**{covered} of {len(users)} targets have a lowering.**",
        "",
        "| target | lowering | cases | e.g. |",
        "|---|---|---:|---|",
    ]
    for target in sorted(users):
        example = min(users[target], key=lambda n: (cases / n / "model.pt2").stat().st_size)
        lines.append(f"| `{target}` | {lowering_of(target)} | {len(users[target])} | {example} |")
    lines += lowering_lines(lowerings_record)
    path.write_text("\n".join(lines) + "\n")


def lowering_lines(lowerings_record: dict) -> list[str]:
    """The section listing every overload the converter has a rule for, with its opset range and
    family; the overloads that functionalize rewrites into it share its row."""
    rules = lowerings_record.get("rules")
    if not rules:
        return []
    shown = [rule for rule in rules if "via" not in rule]
    twins: dict[str, list[str]] = {}
    for rule in rules:
        if "via" in rule:
            twins.setdefault(rule["via"], []).append(rule["overload"])
    lines = [
        "",
        "## Lowerings",
        "",
        "Every ATen overload `pt2onnx` lowers (`pt2onnx --list-lowerings`), with the ONNX opsets its rule supports",
        "and its family (`lowering/aten/<family>.cpp`). A rule may still refuse some arguments (see",
        "`docs/lowering.md`).",
        "",
        f"**{len(shown)} overloads" + (f"; {sum(map(len, twins.values()))} more that write their arguments reach"
                                       f" {len(twins)} of them through functionalize.**" if twins else ".**"),
        "",
        "| overload | opsets | family |" + (" through functionalize |" if twins else ""),
        "|---|---|---|" + ("---|" if twins else ""),
    ]
    for rule in shown:
        low, high = rule.get("opsets", [None, None])
        opsets = "" if low is None else (f"{low}" if low == high else f"{low}-{high}")
        row = f"| `{rule['overload']}` | {opsets} | {rule.get('family', '')} |"
        if twins:
            row += " " + ", ".join(f"`{name}`" for name in twins.get(rule["overload"], [])) + " |"
        lines.append(row)
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=Path, required=True, help="the corpus folder (models.py --out)")
    parser.add_argument("--expected-failures", type=Path, default=REPO / "tests" / "e2e" / "expected-failures.txt")
    parser.add_argument("--coverage", type=Path, help="write the coverage report here (e.g. docs/coverage.md)")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--opset", type=int, help="the opset the models were converted to (for `name@opsetN` "
                        "lines of the expected failures; default: the converter's, 20)")
    args = parser.parse_args()

    catalog = json.loads((args.cases / "catalog.json").read_text())
    expected_failures = read_expected_failures(args.expected_failures)
    for name in sorted(set(expected_failures) - {e["name"] for e in catalog}):
        print(f"warning: {args.expected_failures.name} lists {name}, which is not in the catalog")
    if args.only:
        wanted = set(args.only.split(","))
        catalog = [e for e in catalog if e["name"] in wanted]

    ort.set_default_logger_severity(4)  # errors reach us as exceptions; do not print them twice
    quiet_first_session()
    results = []
    for entry in catalog:
        result = judge(entry, args.cases, expected_failures, args.opset or 20)
        results.append(result)
        details = [format_cell(result.get("max_error"), ".2e", " max error"),
                   format_cell(result.get("nodes"), "d", " nodes"),
                   format_cell(result.get("mutations_compared") or None, "d", " mutated states compared"),
                   result.get("reason") or ""]
        print(f"{result['status']:5} {entry['name']:40} {', '.join(d for d in details if d)}", flush=True)

    count = {s: sum(1 for r in results if r["status"] == s) for s in ("PASS", "FAIL", "XFAIL", "XPASS", "SKIP")}
    passed, failed = count["PASS"] + count["XPASS"], count["FAIL"]
    opsets = sorted({r["opset"] for r in results if r.get("opset") is not None})
    at = f" at opset {', '.join(map(str, opsets))}" if opsets else ""
    summary = (f"{len(results)} cases{at}: {count['PASS']} passed, {count['FAIL']} failed, {count['XFAIL']} expected "
               f"failures, {count['XPASS']} unexpected passes, {count['SKIP']} skipped")
    if args.coverage:
        write_coverage(args.coverage, results, args.cases, summary)
    print(summary)
    if count["XPASS"]:
        print("unexpected passes (remove them from expected-failures.txt): "
              + ", ".join(r["name"] for r in results if r["status"] == "XPASS"))
    # The closing line counts expected failures with the skipped cases: they ran, but do not count.
    print(f"{passed} passed, {failed} failed, {count['XFAIL'] + count['SKIP']} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
