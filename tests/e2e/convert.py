#!/usr/bin/env python3
"""Host-side step of the end-to-end tests: runs the converter on every exported case.

The converter is a program of the host (linked against the host's libraries), so it runs here and not
inside the oracle; this script uses only Python's standard library. For each case folder of the corpus
whose export succeeded it runs

    pt2onnx CASE/model.pt2 -o CASE/model.onnx [--opset N] [the case's convert_args]

and records in CASE/convert.json the exit code, the wall time and the peak resident memory of the
converter, with its output in CASE/convert.log. It also asks the converter which overloads it can
lower (`pt2onnx --list-lowerings`: one per line, the overload first, then its opset range and family,
e.g. `aten.add.Tensor 17-23 elementwise`, and for an overload that the functionalize pass rewrites
into a functional one, `via` and that overload, e.g. `aten.add_.Tensor 17-23 elementwise via
aten.add.Tensor`) and records the answer in CASES/lowerings.json.
The checks of the converted models happen afterwards inside the oracle (run.py).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path


def run_measured(command: list[str], log: Path, timeout: float) -> dict:
    """Runs a command with its output into `log`; returns exit code, wall seconds, peak RSS (MB)."""
    with log.open("wb") as out:
        start = time.perf_counter()
        try:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
        except OSError as error:
            return {"exit_code": None, "error": f"cannot run {command[0]}: {error.strerror}"}
        timer = threading.Timer(timeout, process.kill)
        timer.start()
        # wait4 gives this child's own resource usage (getrusage would merge all children).
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        timed_out = not timer.is_alive()
        timer.cancel()
    # Reaped here already: tell Popen, so that it does not wait for the process again.
    process.returncode = os.waitstatus_to_exitcode(status)
    result = {"exit_code": process.returncode, "seconds": round(seconds, 4),
              "max_rss_mb": round(usage.ru_maxrss / 1024, 1)}
    if timed_out:
        result["error"] = f"timed out after {timeout:.0f} s"
    elif process.returncode != 0:
        result["error"] = f"pt2onnx exited with {process.returncode}" + summary_of(log)
    return result


def summary_of(log: Path) -> str:
    """The gist of the converter's messages: the first line, continued by the next when it ends in a
    colon (as a list of unsupported operators does)."""
    lines = [line.strip() for line in log.read_text(errors="replace").splitlines() if line.strip()]
    if not lines:
        return ""
    gist = lines[0] + (" " + lines[1] if lines[0].endswith(":") and len(lines) > 1 else "")
    return ": " + gist[:400]


def parse_lowering(line: str) -> dict:
    """One line of --list-lowerings: `OVERLOAD [MIN-MAX [FAMILY [via FUNCTIONAL]]]`."""
    fields = line.split()
    rule = {"overload": fields[0]}
    if len(fields) > 1:
        low, _, high = fields[1].partition("-")
        rule["opsets"] = [int(low), int(high or low)]
    if len(fields) > 2:
        rule["family"] = fields[2]
    if len(fields) > 4 and fields[3] == "via":
        rule["via"] = fields[4]
    return rule


def list_lowerings(pt2onnx: str) -> dict:
    """The converter's answer to --list-lowerings, or the reason there is none."""
    try:
        answer = subprocess.run([pt2onnx, "--list-lowerings"], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        return {"lowerings": None, "error": str(error)}
    if answer.returncode != 0:
        return {"lowerings": None, "error": f"pt2onnx --list-lowerings exited with {answer.returncode}"}
    try:
        rules = sorted((parse_lowering(line) for line in answer.stdout.splitlines() if line.strip()),
                       key=lambda rule: rule["overload"])
    except ValueError:
        return {"lowerings": None, "error": "pt2onnx --list-lowerings printed an opset range that is not MIN-MAX"}
    return {"lowerings": [rule["overload"] for rule in rules if "via" not in rule],
            "functionalized": {rule["overload"]: rule["via"] for rule in rules if "via" in rule},
            "rules": rules}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pt2onnx", required=True, help="the converter binary")
    parser.add_argument("--cases", type=Path, required=True, help="the corpus folder (models.py --out)")
    parser.add_argument("--only", help="comma-separated case names")
    parser.add_argument("--timeout", type=float, default=600, help="seconds allowed per conversion")
    parser.add_argument("--opset", type=int, help="the ONNX opset to convert to (default: the converter's)")
    args = parser.parse_args()

    catalog = json.loads((args.cases / "catalog.json").read_text())
    only = set(args.only.split(",")) if args.only else None
    pt2onnx = os.path.abspath(args.pt2onnx)
    lowerings = list_lowerings(pt2onnx)
    (args.cases / "lowerings.json").write_text(json.dumps(lowerings, indent=1) + "\n")
    if lowerings["lowerings"] is None:
        print(f"convert: no lowering list from the converter ({lowerings['error']}); all counted as missing")
    runnable = os.access(pt2onnx, os.X_OK)
    if not runnable:
        print(f"convert: {pt2onnx} is not an executable file: every case fails")

    opset_args = ["--opset", str(args.opset)] if args.opset is not None else []
    converted = failed = 0
    for entry in catalog:
        folder = args.cases / entry["name"]
        if only is not None and entry["name"] not in only:
            continue
        record_path = folder / "case.json"
        if not record_path.exists() or json.loads(record_path.read_text())["status"] != "ok":
            continue
        for stale in folder.glob("model.onnx*"):
            stale.unlink()
        extra = [arg.replace("{e2e}", str(Path(__file__).resolve().parent)) for arg in entry.get("convert_args", [])]
        result = {"command": [pt2onnx, str(folder / "model.pt2"), "-o", str(folder / "model.onnx")] + opset_args + extra}
        if runnable:
            result |= run_measured(result["command"], folder / "convert.log", args.timeout)
        else:
            result |= {"exit_code": None, "error": f"{pt2onnx} is not an executable file"}
        (folder / "convert.json").write_text(json.dumps(result, indent=1) + "\n")
        if "error" in result:
            failed += 1
            if runnable:
                print(f"  {entry['name']:40} {result['error']}")
        else:
            converted += 1
            print(f"  {entry['name']:40} converted in {result['seconds']:.3f} s, peak {result['max_rss_mb']} MB")
    print(f"convert: {converted} converted, {failed} failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
