#!/usr/bin/env python3
"""The PyTorch exporter on the OpInfo samples, for the sweep's side-by-side pass rates.

Runs inside the oracle with the exporter's Python dependencies (onnxscript, onnx_ir) on PYTHONPATH:
tools/oracle run --bind ANCHOR tests/opinfo/exporter.py --cases DIR --selection FILE --anchor ANCHOR.
For every selected sample that torch exported, loads its model.pt2 and converts it with
`torch.onnx.export(program, dynamo=True)` (the exporter's defaults, its optimizer included), writing
exporter.onnx and exporter.json (`exit`: "ok" or "failed", the error's first line, the seconds taken)
beside the sample. check.py judges exporter.onnx as it judges pt2onnx's model. A sample whose
exporter.json is newer than its model.pt2 is not converted again.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
import warnings
from pathlib import Path


def convert(folder: Path) -> dict:
    import torch

    started = time.monotonic()
    try:
        program = torch.export.load(str(folder / "model.pt2"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            onnx_program = torch.onnx.export(program, dynamo=True, verbose=False)
        onnx_program.save(str(folder / "exporter.onnx"))
    except Exception as error:  # noqa: BLE001 - the exporter raises many types
        (folder / "exporter.onnx").unlink(missing_ok=True)
        first = (str(error).strip().splitlines() or [type(error).__name__])[0]
        return {"exit": "failed", "error": f"{type(error).__name__}: {first}"[:400],
                "seconds": round(time.monotonic() - started, 3)}
    return {"exit": "ok", "seconds": round(time.monotonic() - started, 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=Path, required=True, help="the cache folder of the cases")
    parser.add_argument("--selection", type=Path, required=True, help="the cases to convert, one per line")
    parser.add_argument("--anchor", type=Path, required=True, help="the folder with onnxscript and onnx_ir")
    args = parser.parse_args()
    sys.path.insert(0, str(args.anchor.resolve()))
    import logging
    logging.disable(logging.WARNING)

    done = fresh = 0
    for name in (n for n in args.selection.read_text().split() if n):
        folder = args.cases / name
        archive, record = folder / "model.pt2", folder / "exporter.json"
        if not archive.exists():
            continue
        if record.exists() and record.stat().st_mtime >= archive.stat().st_mtime:
            fresh += 1
            continue
        result = convert(folder)
        record.write_text(json.dumps(result, indent=1) + "\n")
        done += 1
        print(f"  {name:50} {result['exit']:7} {result['seconds']:7.2f} s {result.get('error', '')}"[:300],
              flush=True)
    print(f"exporter: {done} converted now, {fresh} cached")
    return 0


if __name__ == "__main__":
    sys.exit(main())
