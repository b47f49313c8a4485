#!/usr/bin/env python3
"""`pt2onnx --report` on real exported programs (ctest `e2e_report`, label e2e).

  tests/e2e/check_report.py --pt2onnx PATH --cases DIR --out DIR

A failing program, `refused_ops` (ops pt2onnx refuses, called in nested submodules): pt2onnx exits
with 2 and writes no model, but writes the report, which lists every refused op at once with its
reason, the module path it was called in and its source line and code. A succeeding program,
`symbolic_reshape` (dynamic dims): the model is the one written without --report, byte for byte,
and the report describes the program, the steps and the ops in and out.

The cases are read from the corpus folder (`DIR/<case>/model.pt2`); those missing are exported there
first, in the oracle (tools/oracle, as tests/e2e/run-e2e does).
"""

import argparse
import filecmp
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAILING = "refused_ops"
SUCCEEDING = "symbolic_reshape"


def export_missing(cases: Path) -> None:
    missing = [name for name in (FAILING, SUCCEEDING) if not (cases / name / "model.pt2").exists()]
    if not missing:
        return
    cases.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(REPO / "tools" / "oracle"), "run", "--bind", str(cases),
                    str(REPO / "tests" / "e2e" / "models.py"), "--out", str(cases), "--only", ",".join(missing)],
                   check=True)


def convert(pt2onnx: str, model: Path, out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([pt2onnx, str(model), "-o", str(out), *extra], capture_output=True, text=True)


class Checker:
    def __init__(self) -> None:
        self.failures: list[str] = []

    def expect(self, condition: bool, what: str) -> None:
        if not condition:
            self.failures.append(what)

    def expect_line(self, text: str, pattern: str, what: str) -> None:
        self.expect(re.search(pattern, text, re.MULTILINE) is not None, f"{what}: no line matches {pattern!r}")


def check_failing(pt2onnx: str, cases: Path, out: Path, check: Checker) -> None:
    model = out / f"{FAILING}.onnx"
    report_path = out / f"{FAILING}.md"
    for path in (model, report_path):
        path.unlink(missing_ok=True)
    result = convert(pt2onnx, cases / FAILING / "model.pt2", model, "--report", str(report_path))
    check.expect(result.returncode == 2, f"{FAILING}: exit code {result.returncode}, expected 2")
    check.expect(not model.exists(), f"{FAILING}: a model was written")
    check.expect("cannot lower 5 ops (3 overloads)" in result.stderr,
                 f"{FAILING}: the error does not list the 5 refused ops: {result.stderr!r}")
    if not report_path.exists():
        check.expect(False, f"{FAILING}: no report written")
        return
    report = report_path.read_text()
    check.expect_line(report, r"^\| result \| the input cannot be converted \(exit code 2\); no model was written \|$",
                      f"{FAILING} report")
    check.expect_line(report, r"^5 ops of 3 overloads have no lowering to ONNX opset 20\.$", f"{FAILING} report")
    # Every refused op, each at the module it was called in and the line that called it.
    source = r"`[^`]*models\.py:\d+`"
    sites = [
        ("aten.linalg_pinv.atol_rtol_tensor", "linalg_pinv", r"solver \(__main__\.PseudoInverse\)",
         r"return torch\.linalg\.pinv\(a\)"),
        ("aten.linalg_svd.default", "linalg_svd", r"blocks\.0 \(__main__\.Factorization\)",
         r"u, s, vh = torch\.linalg\.svd\(a\)"),
        ("aten.linalg_svd.default", "linalg_svd_1", r"blocks\.1 \(__main__\.Factorization\)",
         r"u, s, vh = torch\.linalg\.svd\(a\)"),
        ("aten.linalg_eigh.default", "linalg_eigh", r"blocks\.0 \(__main__\.Factorization\)",
         r"w, v = torch\.linalg\.eigh\(a @ a\.mT\)"),
        ("aten.linalg_eigh.default", "linalg_eigh_1", r"blocks\.1 \(__main__\.Factorization\)",
         r"w, v = torch\.linalg\.eigh\(a @ a\.mT\)"),
    ]
    for overload, node, module, code in sites:
        section = report.split(f"### `{overload}`", 1)
        check.expect(len(section) == 2, f"{FAILING} report: no section for {overload}")
        if len(section) == 2:
            body = section[1].split("\n### ", 1)[0]
            check.expect_line(body, rf"^\| 1 \| `{node}` \| `{module}` \| {source}: `{code}` \|$",
                              f"{FAILING} report, {overload}")
    check.expect_line(report, r"^Reason: needs eigenvectors or singular vectors", f"{FAILING} report")
    check.expect_line(report, r"^\| lower-aten \| failed \| \|$", f"{FAILING} report")


def check_succeeding(pt2onnx: str, cases: Path, out: Path, check: Checker) -> None:
    model = out / f"{SUCCEEDING}.onnx"
    plain = out / f"{SUCCEEDING}.plain.onnx"
    report_path = out / f"{SUCCEEDING}.md"
    result = convert(pt2onnx, cases / SUCCEEDING / "model.pt2", model, "--report", str(report_path))
    check.expect(result.returncode == 0, f"{SUCCEEDING}: exit code {result.returncode}: {result.stderr}")
    plain_result = convert(pt2onnx, cases / SUCCEEDING / "model.pt2", plain)
    check.expect(plain_result.returncode == 0, f"{SUCCEEDING}: exit code {plain_result.returncode} without --report")
    if result.returncode or plain_result.returncode:
        return
    check.expect(filecmp.cmp(model, plain, shallow=False), f"{SUCCEEDING}: --report changed the model")
    report = report_path.read_text()
    check.expect("## Unsupported ops" not in report and "## Errors" not in report,
                 f"{SUCCEEDING} report: lists errors or unsupported ops")
    check.expect_line(report, r"^\| result \| converted \|$", f"{SUCCEEDING} report")
    check.expect_line(report, r"^Exported by torch 2\.\d+", f"{SUCCEEDING} report")
    check.expect_line(report, r"^\| `x` \| user_input \| float32 \| `\[s\d+, 2\*s\d+, 16\]` \|$",
                      f"{SUCCEEDING} report")
    check.expect_line(report, r"^\| `s\d+` \| \[2, 64\] \|$", f"{SUCCEEDING} report")
    check.expect_line(report, r"^\| `softmax` \| user_output \| float32 \| `\[s\d+, s\d+, 32\]` \|$",
                      f"{SUCCEEDING} report")
    for step in ("read", "functionalize", "decompose", "lower-aten", "infer-shapes", "write"):
        check.expect_line(report, rf"^\| {step} \| \d+\.\d{{3}} \|", f"{SUCCEEDING} report, step {step}")
    check.expect_line(report, r"^\| 1 \| `aten\.softmax\.int` \|$", f"{SUCCEEDING} report, ops in")
    check.expect_line(report, r"^\| 1 \| `onnx\.Softmax` \|$", f"{SUCCEEDING} report, ops out")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pt2onnx", required=True)
    parser.add_argument("--cases", type=Path, required=True, help="the corpus folder (DIR/<case>/model.pt2)")
    parser.add_argument("--out", type=Path, required=True, help="where the models and reports go")
    args = parser.parse_args()
    export_missing(args.cases)
    args.out.mkdir(parents=True, exist_ok=True)
    check = Checker()
    check_failing(args.pt2onnx, args.cases, args.out, check)
    check_succeeding(args.pt2onnx, args.cases, args.out, check)
    for failure in check.failures:
        print(f"FAIL: {failure}", file=sys.stderr)
    print(f"check_report: {'failed' if check.failures else 'passed'} ({len(check.failures)} failures)")
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
