#!/usr/bin/env python3
"""Checking step of the OpInfo sweep: gives every selected sample its verdict.

Runs inside the oracle (tools/oracle run tests/opinfo/check.py), after export.py exported the samples
and tests/e2e/convert.py ran the converter on the host. Each sample exported by torch gets one of
  PASS        converted; onnx.checker (full check) accepts the model; ONNX Runtime (CPU, one thread)
              gives every output with torch's shape and dtype, and values within the sample's
              tolerances (|onnx - torch| <= atol + rtol * |torch|; integers and bools exactly, the
              indices of equal values up to their order where torch leaves it open (ties.py); NaN
              and infinities where torch has them);
  REFUSED     pt2onnx exited with 2: it says it cannot convert the program (the reason is the first
              line of its message);
  WRONG       converted, but an output differs from torch's (values, shape, dtype, or how many);
  UNRUNNABLE  converted, but onnx.checker rejects the model or ONNX Runtime cannot load or run it;
  CRASH       pt2onnx exited with anything but 0 and 2 (or timed out).
Samples that torch.export cannot export (UNEXPORTABLE) and those the exporter leaves out (LEFT OUT:
sparse inputs, an eager call that fails, results that are not tensors) say nothing about pt2onnx.

The expected-failures file lists REFUSED samples, `case: reason` per line. A WRONG, UNRUNNABLE or
CRASH sample always fails the run; so does a REFUSED one not listed when --strict is given (the
quick slice). A listed sample that passes is reported so that its line can go. With --coverage,
writes the coverage report (per family and op; refusal reasons by count; every WRONG, UNRUNNABLE
and CRASH sample). With --exporter, the PyTorch exporter's models (exporter.onnx, written by
exporter.py) are judged the same way (PASS, WRONG, UNRUNNABLE; FAILED when the exporter raised) and
the report puts both pass rates side by side; the exporter's verdicts never fail the run.
"""
from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "e2e"))
import run as e2e  # noqa: E402 - the e2e checker's comparison and ONNX Runtime session
import ties  # noqa: E402
from export import DEFAULT_TOLERANCES  # noqa: E402

FAILING = ("WRONG", "UNRUNNABLE", "CRASH")
CONVERTER_VERDICTS = ("PASS", "REFUSED") + FAILING


class Verdict(Exception):
    def __init__(self, status: str, reason: str):
        super().__init__(reason)
        self.status, self.reason = status, reason


def refusal_reason(log: Path, folder: Path) -> str:
    """The first line of the converter's message, continued by the next when it ends in a colon (as
    the list of ops it cannot lower does), without the prefix naming the tool and the case's archive."""
    lines = [line.strip() for line in log.read_text(errors="replace").splitlines() if line.strip()]
    if not lines:
        return "(no message)"
    gist = lines[0] + (" " + lines[1] if lines[0].endswith(":") and len(lines) > 1 else "")
    return gist.removeprefix("pt2onnx: error: ").removeprefix(str(folder / "model.pt2") + ": ")


def load(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as stored:
        return {key: stored[key] for key in stored.files}


def check_sample(folder: Path, record: dict) -> None:
    """pt2onnx's model of the sample: raises Verdict for every outcome but PASS."""
    conversion_path = folder / "convert.json"
    if not conversion_path.exists():
        raise Verdict("CRASH", "not converted (convert.py did not run on this case)")
    conversion = json.loads(conversion_path.read_text())
    if conversion.get("exit_code") == 2:
        raise Verdict("REFUSED", refusal_reason(folder / "convert.log", folder))
    if "error" in conversion:
        raise Verdict("CRASH", conversion["error"].replace(str(folder) + "/", ""))
    onnx_path = folder / "model.onnx"
    if not onnx_path.exists():
        raise Verdict("CRASH", "pt2onnx exited with 0 but wrote no model.onnx")
    check_model(onnx_path, folder, record)


def check_model(onnx_path: Path, folder: Path, record: dict) -> None:
    """Any ONNX model of the sample, against torch's outputs: raises Verdict (UNRUNNABLE or WRONG)
    for every outcome but PASS."""
    try:
        onnx.checker.check_model(str(onnx_path), full_check=True)
    except Exception as error:  # noqa: BLE001 - the checker raises several types
        raise Verdict("UNRUNNABLE", f"onnx.checker: {str(error).strip().splitlines()[0][:300]}") from None
    model = onnx.load(str(onnx_path))
    output_names = [o.name for o in model.graph.output]
    output_dtypes = [onnx.helper.tensor_dtype_to_np_dtype(o.type.tensor_type.elem_type) for o in model.graph.output]
    try:
        session = e2e.session_for(model)
    except Exception as error:  # noqa: BLE001 - onnxruntime raises its own exception types
        raise Verdict("UNRUNNABLE", f"onnxruntime cannot load the model: {str(error).strip()[:300]}") from None
    inputs = list(load(folder / "inputs.npz").values())
    expected = list(load(folder / "expected.npz").values())
    model_inputs = session.get_inputs()
    if len(model_inputs) != len(inputs):
        raise Verdict("WRONG", f"the model has {len(model_inputs)} inputs, the program {len(inputs)}")
    if len(output_names) < len(expected):
        raise Verdict("WRONG", f"the model has {len(output_names)} outputs, the program {len(expected)}")
    try:
        actual = session.run(None, {i.name: a for i, a in zip(model_inputs, inputs)})
    except Exception as error:  # noqa: BLE001
        raise Verdict("UNRUNNABLE", f"onnxruntime failed: {str(error).strip().splitlines()[0][:300]}") from None
    for i, want in enumerate(expected):
        what = f"output {i}"
        if output_dtypes[i] != want.dtype:
            raise Verdict("WRONG", f"{what}: dtype {output_dtypes[i]}, expected {want.dtype}")
        # A float output of an integer or bool sample (sin of int64 is float32) is compared as
        # torch.testing.assert_close compares it: with the default tolerance of its own dtype.
        tolerances = None
        if want.dtype.kind in "fc":
            tolerances = record["tolerances"] or DEFAULT_TOLERANCES.get(str(want.dtype))
        try:
            e2e.compare(what, actual[i], want, True, tolerances)
        except e2e.CaseFailure as failure:
            why = str(failure)
            tied = ties.index_output(folder, i) if want.dtype == np.int64 else None
            if tied is not None:
                overload, given, self_input = tied
                why = ties.tie_order_failure(ties.UNSPECIFIED_TIE_ORDER[overload][1], inputs[self_input],
                                             given.get("dim", -1), given.get("keepdim", False), actual[i], want)
                why = why and f"{what}: {why}"
            if why:
                raise Verdict("WRONG", why) from None


def judge_exporter(folder: Path, record: dict) -> tuple[str, str | None]:
    """The PyTorch exporter's verdict on a sample torch exported (exporter.py wrote exporter.json):
    PASS, FAILED (it raised), WRONG, UNRUNNABLE, or NOT RUN."""
    outcome_path = folder / "exporter.json"
    if not outcome_path.exists():
        return "NOT RUN", None
    outcome = json.loads(outcome_path.read_text())
    if outcome.get("exit") != "ok":
        return "FAILED", outcome.get("error")
    try:
        check_model(folder / "exporter.onnx", folder, record)
    except Verdict as verdict:
        return verdict.status, verdict.reason
    return "PASS", None


def judge(folder: Path, exporter: bool) -> dict:
    record = json.loads((folder / "case.json").read_text())
    result = {k: record[k] for k in ("name", "op", "variant", "index", "dtype", "family")}
    if record["status"] == "unexportable":
        return result | {"status": "UNEXPORTABLE", "reason": record["reason"]}
    if record["status"] != "ok":
        return result | {"status": "LEFT OUT", "reason": record["reason"]}
    if exporter:
        status, reason = judge_exporter(folder, record)
        result |= {"exporter": status, "exporter_reason": reason}
    try:
        check_sample(folder, record)
    except Verdict as verdict:
        return result | {"status": verdict.status, "reason": verdict.reason}
    return result | {"status": "PASS", "reason": None}


def read_expected_failures(path: Path) -> dict[str, str]:
    return e2e.read_expected_failures(path) if path.exists() else {}


def general_reason(reason: str) -> str:
    """A refusal reason with the particulars of one program (value names, shapes, numbers, locations)
    taken out, so that refusals of one kind count together."""
    reason = re.sub(r"%[\w.]+", "%v", reason)
    reason = re.sub(r"\b\d+\b", "N", reason)
    return re.sub(r"loc\([^)]*\)", "", reason).strip()


EXPORTER_VERDICTS = ("PASS", "FAILED", "WRONG", "UNRUNNABLE", "NOT RUN")


def exporter_summary(results: list[dict]) -> str | None:
    """The PyTorch exporter's verdicts on the samples torch exported, or None when it was not judged."""
    judged = [r for r in results if "exporter" in r]
    if not judged:
        return None
    count = collections.Counter(r["exporter"] for r in judged)
    ran = len(judged) - count["NOT RUN"]
    rate = f"{100 * count['PASS'] / ran:.1f}%" if ran else "n/a"
    return (f"the PyTorch exporter on the same {ran} samples: {count['PASS']} pass ({rate}), "
            f"{count['FAILED']} fail to export, {count['WRONG']} wrong, {count['UNRUNNABLE']} unrunnable"
            + (f" ({count['NOT RUN']} not run)" if count["NOT RUN"] else ""))


def side_by_side(results: list[dict]) -> list[str]:
    """The section comparing pt2onnx with the PyTorch exporter sample by sample."""
    judged = [r for r in results if r.get("exporter") not in (None, "NOT RUN")]
    ours = {r["name"] for r in judged if r["status"] == "PASS"}
    theirs = {r["name"] for r in judged if r["exporter"] == "PASS"}
    lines = ["", "## Side by side with the PyTorch exporter", "",
             "`torch.onnx.export(program, dynamo=True)` (its optimizer included) on the same exported programs",
             "(`tests/opinfo/exporter.py`), its models judged as pt2onnx's are. FAILED: the exporter raised.", "",
             "| samples | pt2onnx passes | pt2onnx does not |", "|---|---:|---:|",
             f"| the exporter passes | {len(ours & theirs)} | {len(theirs - ours)} |",
             f"| the exporter does not | {len(ours - theirs)} | {len(judged) - len(ours | theirs)} |", "",
             "| exporter verdict | samples |", "|---|---:|"]
    count = collections.Counter(r["exporter"] for r in judged)
    lines += [f"| {v} | {count[v]} |" for v in EXPORTER_VERDICTS if count[v]]
    only_theirs = sorted((r for r in judged if r["name"] in theirs - ours), key=lambda r: r["name"])
    if only_theirs:
        lines += ["", "Samples the exporter converts correctly and pt2onnx does not:", "",
                  "| sample | pt2onnx |", "|---|---|"]
        lines += [f"| {r['name']} | {r['status']}: {cell(r['reason'] or '')} |" for r in only_theirs]
    wrong = sorted((r for r in judged if r["exporter"] in ("WRONG", "UNRUNNABLE")), key=lambda r: r["name"])
    if wrong:
        lines += ["", "Samples the exporter converts into a wrong or unrunnable model:", "",
                  "| sample | exporter | pt2onnx |", "|---|---|---|"]
        lines += [f"| {r['name']} | {r['exporter']}: {cell(r['exporter_reason'] or '')} | {r['status']} |"
                  for r in wrong]
    return lines


def write_coverage(path: Path, results: list[dict], summary: str) -> None:
    import torch
    by_op: dict[str, list[dict]] = collections.defaultdict(list)
    for r in results:
        by_op[r["op"] + (f" ({r['variant']})" if r["variant"] else "")].append(r)
    families: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in results:
        families[r["family"]][r["status"]] += 1
    columns = ("PASS", "REFUSED", "WRONG", "UNRUNNABLE", "CRASH", "UNEXPORTABLE", "LEFT OUT")
    lines = [
        "# OpInfo coverage",
        "",
        "Generated by `tests/opinfo/run-opinfo --full` (`tests/opinfo/check.py`); do not edit by hand.",
        "`tests/opinfo/README.md` tells what the sweep does and what each verdict means.",
        "",
        f"Samples of PyTorch {torch.__version__}'s OpInfo database (`op_db`), exported with `torch.export`,",
        f"converted by `pt2onnx`, checked with onnx {onnx.__version__} and onnxruntime {ort.__version__}.",
        "",
        f"**{summary}**",
    ]
    theirs = exporter_summary(results)
    if theirs:
        lines += ["", f"**{theirs[0].upper() + theirs[1:]}**"]
    exporter_families: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in results:
        if r.get("exporter") not in (None, "NOT RUN"):
            exporter_families[r["family"]][r["exporter"]] += 1
    lines += [
        "",
        "## By family",
        "",
        "| family | samples | " + " | ".join(columns) + " | pass rate |" + (" exporter pass rate |" if theirs else ""),
        "|---|---:|" + "---:|" * len(columns) + "---:|" + ("---:|" if theirs else ""),
    ]
    for family in sorted(families):
        count = families[family]
        judged = sum(count[s] for s in CONVERTER_VERDICTS)
        rate = f"{100 * count['PASS'] / judged:.0f}%" if judged else ""
        line = (f"| {family} | {sum(count.values())} | " + " | ".join(str(count[c] or "") for c in columns)
                + f" | {rate} |")
        if theirs:
            ran = sum(exporter_families[family].values())
            line += f" {100 * exporter_families[family]['PASS'] / ran:.0f}% |" if ran else " |"
        lines.append(line)

    failing = [r for r in results if r["status"] in FAILING]
    lines += ["", "## Wrong, unrunnable and crashing samples", ""]
    if failing:
        lines += ["| sample | verdict | what differs |", "|---|---|---|"]
        lines += [f"| {r['name']} | {r['status']} | {cell(r['reason'])} |" for r in failing]
    else:
        lines.append("None.")

    reasons = collections.Counter(general_reason(r["reason"]) for r in results if r["status"] == "REFUSED")
    lines += ["", "## Refusal reasons", "", "With value names and numbers generalized.", "",
              "| samples | reason |", "|---:|---|"]
    lines += [f"| {n} | {cell(reason)} |" for reason, n in reasons.most_common()]

    if theirs:
        lines += side_by_side(results)

    lines += ["", "## By op", "", "| op | family | samples | passed | other verdicts |", "|---|---|---:|---:|---|"]
    for op in sorted(by_op):
        samples = by_op[op]
        others = "; ".join(f"{r['index']} {r['dtype']} {r['status']}: {cell(r['reason'] or '')}"
                           for r in samples if r["status"] != "PASS")
        lines.append(f"| `{op}` | {samples[0]['family']} | {len(samples)} "
                     f"| {sum(r['status'] == 'PASS' for r in samples)} | {others} |")
    path.write_text("\n".join(lines) + "\n")


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")[:300]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=Path, required=True, help="the cache folder of the cases")
    parser.add_argument("--selection", type=Path, required=True, help="the cases to judge, one per line")
    parser.add_argument("--expected-failures", type=Path, default=REPO / "tests" / "opinfo" / "expected-failures.txt")
    parser.add_argument("--strict", action="store_true", help="a REFUSED sample not listed fails the run")
    parser.add_argument("--coverage", type=Path, help="write the coverage report here")
    parser.add_argument("--exporter", action="store_true",
                        help="also judge the PyTorch exporter's models (exporter.py wrote them) and compare")
    args = parser.parse_args()

    names = [n for n in args.selection.read_text().split() if n]
    expected_failures = read_expected_failures(args.expected_failures)
    ort.set_default_logger_severity(4)
    e2e.quiet_first_session()
    results, unexpected = [], []
    for name in names:
        result = judge(args.cases / name, args.exporter)
        results.append(result)
        listed = expected_failures.get(name)
        note = ""
        if result["status"] in FAILING or (args.strict and result["status"] == "REFUSED" and listed is None):
            unexpected.append(result)
            note = "  (unexpected)"
        elif listed is not None and result["status"] == "PASS":
            note = "  (passes, but listed in expected failures: remove its line)"
        elif listed is not None and result["status"] == "REFUSED" and listed != result["reason"]:
            note = f"  (listed with another reason: {listed})"
        print(f"{result['status']:12} {name:50} {result['reason'] or ''}{note}"[:400], flush=True)

    count = collections.Counter(r["status"] for r in results)
    judged = sum(count[s] for s in CONVERTER_VERDICTS)
    rate = f"{100 * count['PASS'] / judged:.1f}%" if judged else "n/a"
    summary = (f"{len(results)} samples; {judged} exported by torch: {count['PASS']} pass ({rate}), "
               f"{count['REFUSED']} refused, {count['WRONG']} wrong, {count['UNRUNNABLE']} unrunnable, "
               f"{count['CRASH']} crash; {count['UNEXPORTABLE']} unexportable by torch, {count['LEFT OUT']} left out")
    if args.coverage:
        write_coverage(args.coverage, results, summary)
    print(summary)
    theirs = exporter_summary(results)
    if theirs:
        print(theirs)
    if unexpected:
        print("failing: " + ", ".join(f"{r['name']} ({r['status']})" for r in unexpected))
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())
