"""Indices among equal values, for the ops whose order of ties PyTorch leaves unspecified.

Used by check.py, in the oracle. torch promises which values sort, topk, kthvalue and median give,
but not which of several equal elements' index comes first (or is picked):
  sort, argsort     unspecified unless `stable=True` ("makes the sorting routine stable, which
                    guarantees that the order of equivalent elements is preserved"); torch's CPU
                    kernel does reorder ties when not asked to be stable;
  topk              "the indices of tied elements are not guaranteed to be stable and may vary
                    across different invocations" (torch.topk's documentation);
  kthvalue          "may nondeterministically return indices for any of" the valid k-th values (its
                    documentation, of CUDA; the CPU kernel returns the copy its quickselect lands on);
  median, nanmedian "indices does not necessarily contain the first occurrence of each median value
                    found, unless it is unique" (their documentation).
torch's own tests of these ops (test/test_sort_and_select.py) accept any such indices: assertIsOrdered
checks that sort's indices form a permutation gathering the sorted values, and test_topk compares the
input gathered at topk's indices ("Indices might differ based on the implementation, since there is
no guarantee of the relative order of selection"). `tie_order_failure` judges an index output the
same way.
"""
from __future__ import annotations

import json
import zipfile
from pathlib import Path

import numpy as np

# ATen overload -> (the result holding the indices, what they must be along `dim`: a "permutation"
# of it, "distinct" positions in it, or one "pick" of it, its dim kept only with keepdim).
UNSPECIFIED_TIE_ORDER = {
    "aten.argsort.default": (0, "permutation"),
    "aten.argsort.stable": (0, "permutation"),
    "aten.kthvalue.default": (1, "pick"),
    "aten.median.dim": (1, "pick"),
    "aten.nanmedian.dim": (1, "pick"),
    "aten.sort.default": (1, "permutation"),
    "aten.sort.stable": (1, "permutation"),
    "aten.topk.default": (1, "distinct"),
}


def argument(arg: dict):
    """A serialized argument's value: a number, a bool, None, or the name of a tensor."""
    (kind, value), = arg.items()
    if kind == "as_tensor":
        return value["name"]
    return None if kind == "as_none" else value


def index_output(folder: Path, output: int) -> tuple[str, dict, int] | None:
    """When program output `output` of the sample (folder/model.pt2, read as serialized: not every
    exported program loads back into torch) is the indices of an op whose order of ties is
    unspecified: the op's overload, its arguments given by name (defaults left out), and which
    program input is its `self`; else None."""
    with zipfile.ZipFile(folder / "model.pt2") as archive:
        names = [n for n in archive.namelist() if n.endswith("/models/model.json")]
        if not names:
            return None
        program = json.loads(archive.read(names[0]))["graph_module"]
    graph = program["graph"]
    if output >= len(graph["outputs"]):
        return None
    wanted = argument(graph["outputs"][output])
    for node in graph["nodes"]:
        results = [argument(r) for r in node["outputs"]]
        if wanted not in results:
            continue
        overload = node["target"].removeprefix("torch.ops.")
        if UNSPECIFIED_TIE_ORDER.get(overload, (None,))[0] != results.index(wanted):
            return None
        given = {i["name"]: argument(i["arg"]) for i in node["inputs"]}
        if given.get("stable") is True:
            return None
        inputs = [spec["user_input"]["arg"]["as_tensor"]["name"]
                  for spec in program["signature"]["input_specs"] if "user_input" in spec]
        return (overload, given, inputs.index(given["self"])) if given.get("self") in inputs else None
    return None


def tie_order_failure(kind: str, x: np.ndarray, dim: int, keepdim: bool, actual: np.ndarray,
                      expected: np.ndarray) -> str | None:
    """Why `actual`, the indices along `dim` of `x` an op of this kind gave, are not torch's
    `expected` up to the order of equal values; None when they are."""
    if actual.shape != expected.shape:
        return f"shape {list(actual.shape)}, expected {list(expected.shape)}"
    if x.ndim == 0:
        return None if np.array_equal(actual, expected) else "the index of a 0-d tensor is not 0"
    dim %= x.ndim
    n = x.shape[dim]
    outside = (actual < 0) | (actual >= n)
    if outside.any():
        return f"{int(np.count_nonzero(outside))} indices outside the {n} elements of dim {dim}"
    if kind == "pick" and not keepdim:
        actual, expected = np.expand_dims(actual, dim), np.expand_dims(expected, dim)
    picked = np.take_along_axis(x, actual, dim)
    wanted = np.take_along_axis(x, expected, dim)
    same = picked == wanted
    if x.dtype.kind in "fc":
        same |= np.isnan(picked) & np.isnan(wanted)
    if not same.all():
        return (f"{int(np.count_nonzero(~same))} of {same.size} indices select other values than "
                f"torch's (ties aside)")
    if kind != "pick" and actual.shape[dim] > 1:
        ordered = np.sort(actual, axis=dim)
        if (np.diff(ordered, axis=dim) == 0).any():
            what = "a permutation of" if kind == "permutation" else "distinct positions in"
            return f"indices are not {what} dim {dim}"
    return None
