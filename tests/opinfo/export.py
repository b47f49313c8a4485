#!/usr/bin/env python3
"""Exports PyTorch's OpInfo samples as small torch.export programs, one case folder per sample.

Runs inside the oracle (tools/oracle run tests/opinfo/export.py), where torch and its test database
(torch.testing._internal.common_methods_invocations.op_db) are available. For every OpInfo entry
whose outputs are not random, the first N samples of each requested dtype are wrapped in a module
that calls the op's function variant: the tensors found in the sample's input, args and kwargs
(nested lists included) become the module's inputs, in that order; everything else is a constant
of the module. The module is exported with torch.export.export(..., strict=False) and saved.

A case is named `<op>[@<variant>]-<dtype>-<index>` (e.g. `nn.functional.conv2d-float32-0`,
`max@reduction_with_dim-float32-1`). Its folder OUT/<case>/ holds
  model.pt2        the archive (when the export succeeded)
  inputs.npz       input_0, input_1, ...: the module's inputs
  expected.npz     output_0, output_1, ...: the op's eager results (the flattened output)
A complex tensor is stored as real pairs (torch.view_as_real, a trailing dim of 2), as pt2onnx
carries complex program inputs and outputs.
  case.json        op, variant, sample index, dtype, family, tolerances (OpInfo's own when it gives
                   some for the dtype, else the defaults), status (ok, unexportable, skipped) with
                   its reason, the dtypes and shapes of every array, torch version, definition key
  export.log       the traceback of a failed export
Samples are drawn with a seed derived from the op and the dtype, so every run draws the same ones.
A case whose case.json carries the current key (a hash of this file, the torch version and the case
name) is not exported again. OUT/catalog.json lists every case folder (catalog format of
tests/e2e/convert.py); --selection FILE receives the names of the cases this run selected.
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import signal
import sys
import traceback
import zlib
from pathlib import Path

import numpy as np
import torch
from torch.utils import _pytree as pytree

# The comparison torch.testing.assert_close makes by default, for the dtypes the sweep draws.
DEFAULT_TOLERANCES = {
    "float64": {"rtol": 1e-7, "atol": 1e-7},
    "float32": {"rtol": 1.3e-6, "atol": 1e-5},
    "float16": {"rtol": 1e-3, "atol": 1e-5},
}
# Ops whose output is uninitialized memory or drawn at random in ways two seeded eager runs do not
# always reveal (a draw may repeat for tiny samples); any other op that gives different results under
# two seeds is left out as random too.
RANDOM_OPS = {
    "bernoulli", "cauchy", "empty", "empty_like", "empty_permuted", "empty_strided", "exponential",
    "geometric", "log_normal", "multinomial", "new_empty", "new_empty_strided", "normal", "rand_like",
    "randint", "randint_like", "randn", "randn_like", "uniform", "nn.functional.alpha_dropout",
    "nn.functional.dropout", "nn.functional.dropout2d", "nn.functional.dropout3d",
    "nn.functional.feature_alpha_dropout", "nn.functional.rrelu",
}
EXPORT_SECONDS = 120


class Timeout(Exception):
    pass


class OpCall(torch.nn.Module):
    """Calls `op` on a sample whose tensors are the module's inputs; returns the flattened output."""

    def __init__(self, op, spec, constants: list):
        super().__init__()
        self.op, self.spec, self.constants = op, spec, constants

    def forward(self, *tensors):
        given = iter(tensors)
        leaves = [next(given) if c is None else c[0] for c in self.constants]
        sample_input, args, kwargs = pytree.tree_unflatten(leaves, self.spec)
        return tuple(pytree.tree_leaves(self.op(sample_input, *args, **kwargs)))


def case_name(op, dtype: torch.dtype, index: int) -> str:
    return f"{op.name}{'@' + op.variant_test_name if op.variant_test_name else ''}-{str(dtype).removeprefix('torch.')}-{index}"


def family_of(op) -> str:
    """The op's family in the coverage report: its namespace (linalg, special, nn.functional, ...),
    else the kind of OpInfo that describes it."""
    if op.name.startswith("torch.ops."):
        return "aten"
    if "." in op.name:
        return op.name.rsplit(".", 1)[0]
    kind = type(op).__name__
    return {"UnaryUfuncInfo": "elementwise unary", "BinaryUfuncInfo": "elementwise binary",
            "ReductionOpInfo": "reduction", "SpectralFuncInfo": "fft", "ShapeFuncInfo": "shape"}.get(kind, "tensor")


def opinfo_tolerances(op, dtype: torch.dtype) -> dict | None:
    """The loosest tolerance OpInfo's own tests allow for this dtype on the CPU (toleranceOverride
    decorators), or None when it sets none."""
    from torch.testing._internal.common_device_type import toleranceOverride
    found = None
    for info in list(op.decorators) + list(op.skips):
        decorators = getattr(info, "decorators", [info])
        if getattr(info, "device_type", None) not in (None, "cpu"):
            continue
        for decorator in decorators:
            if isinstance(decorator, toleranceOverride) and dtype in decorator.d:
                tol = decorator.d[dtype]
                found = {"rtol": max(tol.rtol, (found or {}).get("rtol", 0)),
                         "atol": max(tol.atol, (found or {}).get("atol", 0))}
    return found


def numpy_of(tensor: torch.Tensor) -> np.ndarray:
    tensor = tensor.detach().resolve_conj().resolve_neg().cpu()
    if tensor.is_complex():
        tensor = torch.view_as_real(tensor)
    # copy() and not np.ascontiguousarray, which makes a 0-d array 1-d.
    return tensor.numpy().copy()


def describe(arrays: dict[str, np.ndarray]) -> list[dict]:
    return [{"key": k, "dtype": str(a.dtype), "shape": list(a.shape)} for k, a in arrays.items()]


def clone_all(tensors: list[torch.Tensor]) -> list[torch.Tensor]:
    return [t.clone() for t in tensors]


def eager(module: OpCall, tensors: list[torch.Tensor], seed: int) -> tuple:
    torch.manual_seed(seed)
    with torch.no_grad():
        return module(*clone_all(tensors))


def same_results(first: tuple, second: tuple) -> bool:
    if len(first) != len(second):
        return False
    try:
        for a, b in zip(first, second):
            torch.testing.assert_close(a, b, rtol=0, atol=0, equal_nan=True)
    except AssertionError:
        return False
    return True


def random_node(program) -> str | None:
    """The first op of `program` that draws at random (tagged nondeterministic_seeded and not told
    `train=False`), or None."""
    for node in program.graph.nodes:
        target = node.target
        if node.op != "call_function" or not isinstance(target, torch._ops.OpOverload):
            continue
        if torch.Tag.nondeterministic_seeded not in target.tags:
            continue
        names = [a.name for a in target._schema.arguments]
        given = dict(zip(names, node.args)) | dict(node.kwargs)
        if any(given.get(flag) is False for flag in ("train", "training")):
            continue
        return str(target)
    return None


def export_case(folder: Path, op, sample, record: dict) -> None:
    """Fills `record` (status, reason, arrays) and writes the case's files."""
    leaves, spec = pytree.tree_flatten((sample.input, sample.args, sample.kwargs))
    tensors = [leaf.detach() for leaf in leaves if isinstance(leaf, torch.Tensor)]
    constants = [None if isinstance(leaf, torch.Tensor) else (leaf,) for leaf in leaves]
    if any(t.layout != torch.strided for t in tensors):
        record |= {"status": "skipped", "reason": "sparse input"}
        return
    module = OpCall(op.op, spec, constants).eval()
    try:
        expected = eager(module, tensors, 0)
    except Exception as error:  # noqa: BLE001 - any failure of the eager call
        record |= {"status": "skipped", "reason": f"eager call fails: {type(error).__name__}: {error}"[:300]}
        return
    if not all(isinstance(o, torch.Tensor) for o in expected):
        record |= {"status": "skipped", "reason": "the op returns values that are not tensors"}
        return
    if not same_results(expected, eager(module, tensors, 1)):
        record |= {"status": "skipped", "reason": "random output (differs between two seeds)"}
        return
    inputs = {f"input_{i}": numpy_of(t) for i, t in enumerate(tensors)}
    outputs = {f"output_{i}": numpy_of(o) for i, o in enumerate(expected)}
    np.savez(folder / "inputs.npz", **inputs)
    np.savez(folder / "expected.npz", **outputs)
    record |= {"inputs": describe(inputs), "outputs": describe(outputs)}

    signal.alarm(EXPORT_SECONDS)
    try:
        program = torch.export.export(module, tuple(clone_all(tensors)), strict=False)
        drawn = random_node(program)
        if drawn:
            # OpInfo reseeds inside some ops (multi_head_attention_forward), so two eager runs
            # agree although the program draws at random.
            record |= {"status": "skipped", "reason": f"random op in the exported program ({drawn})"}
            return
        torch.export.save(program, folder / "model.pt2")
        record["status"] = "ok"
    except Exception as error:  # noqa: BLE001 - torch.export raises many types
        (folder / "export.log").write_text(traceback.format_exc())
        first = (str(error).strip().splitlines() or [""])[0]
        record |= {"status": "unexportable", "reason": f"{type(error).__name__}: {first}"[:300]}
    finally:
        signal.alarm(0)


def on_alarm(signum, frame):
    raise Timeout(f"torch.export took more than {EXPORT_SECONDS} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="the cache folder of the cases")
    parser.add_argument("--samples", type=int, default=2, help="samples per op and dtype (default 2)")
    parser.add_argument("--dtypes", default="float32",
                        help="comma-separated dtypes, each drawn for the ops that support it (default float32)")
    parser.add_argument("--cases-file", type=Path, help="export only the cases named in this file (one per line)")
    parser.add_argument("--selection", type=Path, help="write the names of the selected cases here")
    args = parser.parse_args()

    from torch.testing._internal.common_methods_invocations import op_db

    signal.signal(signal.SIGALRM, on_alarm)
    args.out.mkdir(parents=True, exist_ok=True)
    source_hash = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    wanted = None
    if args.cases_file:
        wanted = [line.split("#")[0].strip() for line in args.cases_file.read_text().splitlines()]
        wanted = [name for name in wanted if name]
    dtype_names = args.dtypes.split(",")
    if wanted is not None:  # the dtypes the named cases draw (`<op>[@<variant>]-<dtype>-<index>`)
        dtype_names = sorted({name.rsplit("-", 2)[1] for name in wanted if name.count("-") >= 2})
    dtypes = [getattr(torch, name) for name in dtype_names if isinstance(getattr(torch, name, None), torch.dtype)]
    counts = {"exported": 0, "cached": 0}
    selected = []
    for op in op_db:
        if op.name in RANDOM_OPS:
            continue
        for dtype in dtypes:
            names = [case_name(op, dtype, i) for i in range(args.samples)]
            if wanted is not None:
                names = [n for n in (case_name(op, dtype, i) for i in range(64)) if n in wanted]
            if not names or not op.supports_dtype(dtype, "cpu"):
                continue
            seed = zlib.crc32(case_name(op, dtype, 0).encode())
            torch.manual_seed(seed)
            try:
                samples = list(itertools.islice(op.sample_inputs("cpu", dtype, requires_grad=False),
                                                1 + max(int(n.rsplit("-", 1)[1]) for n in names)))
            except Exception as error:  # noqa: BLE001 - a sample generator that fails on this torch
                print(f"  {case_name(op, dtype, 0):50} no samples: {type(error).__name__}: {error}"[:200])
                continue
            for name in names:
                index = int(name.rsplit("-", 1)[1])
                if index >= len(samples):
                    continue
                selected.append(name)
                key = hashlib.sha256(f"{source_hash} {torch.__version__} {name}".encode()).hexdigest()
                folder = args.out / name
                record_path = folder / "case.json"
                if record_path.exists() and json.loads(record_path.read_text()).get("key") == key:
                    counts["cached"] += 1
                    continue
                if folder.exists():
                    for stale in folder.iterdir():
                        stale.unlink()
                folder.mkdir(exist_ok=True)
                record = {"name": name, "op": op.name, "variant": op.variant_test_name, "index": index,
                          "dtype": str(dtype).removeprefix("torch."), "family": family_of(op),
                          "torch_version": torch.__version__, "key": key}
                own = opinfo_tolerances(op, dtype)
                default = DEFAULT_TOLERANCES.get(record["dtype"])
                # An override loosens one bound and often sets the other to 0: never tighter than the default.
                record["tolerances"] = {k: max(own[k], default[k]) for k in own} if own and default else own or default
                record["tolerance_source"] = "opinfo" if own else ("default" if default else "exact")
                torch.manual_seed(seed + index)
                try:
                    export_case(folder, op, samples[index], record)
                except Timeout as error:
                    record |= {"status": "unexportable", "reason": str(error)}
                except Exception as error:  # noqa: BLE001 - a sample this script cannot store (one bad
                    # sample must not end a sweep of thousands)
                    record |= {"status": "skipped", "reason": f"cannot store the sample: {type(error).__name__}: {error}"[:300]}
                record_path.write_text(json.dumps(record, indent=1) + "\n")
                counts["exported"] += 1
                print(f"  {name:50} {record['status']}{': ' + record['reason'] if 'reason' in record else ''}"[:220],
                      flush=True)

    catalog = [{"name": p.parent.name} for p in sorted(args.out.glob("*/case.json"))]
    (args.out / "catalog.json").write_text(json.dumps(catalog, indent=0) + "\n")
    if args.selection:
        args.selection.write_text("\n".join(selected) + "\n")
    if wanted is not None:
        for name in sorted(set(wanted) - set(selected)):
            print(f"warning: {args.cases_file.name} names {name}, which OpInfo does not give")
    print(f"export: {len(selected)} cases, {counts['exported']} exported now, {counts['cached']} cached")
    return 0


if __name__ == "__main__":
    sys.exit(main())
