"""Writes promotion_vectors.json: what torch computes for the questions the
numerics library answers, for NumericsTest.cpp.

Run inside the oracle (torch):
    tools/oracle run tests/unit/numerics/make_promotion_vectors.py \
        tests/unit/numerics/promotion_vectors.json

- "promotion": for every pair of operands, each a tensor with dims or a
  zero-dim tensor of every dtype, or a Python bool/int/float/complex:
  torch.result_type, and for each ELEMENTWISE_TYPE_PROMOTION_KIND the
  (computation, result) dtypes of torch._prims_common.elementwise_dtypes;
  the same kinds for a fixed sample of triples. "error" where torch raises; a
  dtype the IR lacks (complex32) is written by its torch name.
- "broadcast": torch.broadcast_shapes of shape lists, or "error".
- "rounding": a float64 value, the bits torch stores for it in float16 and
  bfloat16 (from the double, and from the value rounded to float32 first),
  and what those bits read back as.
"""

import json
import random
import struct
import sys

import torch
from torch._prims_common import ELEMENTWISE_TYPE_PROMOTION_KIND, elementwise_dtypes

DTYPES = {
    "bool": torch.bool, "uint8": torch.uint8, "int8": torch.int8, "int16": torch.int16,
    "int32": torch.int32, "int64": torch.int64, "uint16": torch.uint16, "uint32": torch.uint32,
    "uint64": torch.uint64, "float16": torch.float16, "bfloat16": torch.bfloat16,
    "float32": torch.float32, "float64": torch.float64, "complex64": torch.complex64,
    "complex128": torch.complex128,
}
NAMES = {v: k for k, v in DTYPES.items()}
NAMES[torch.complex32] = "complex32"
SCALARS = {"bool": True, "int": 3, "float": 2.5, "complex": 1 + 2j}
KINDS = ["DEFAULT", "NO_OPMATH", "INT_TO_FLOAT", "COMPLEX_TO_FLOAT", "BOOL_TO_LONG", "ALWAYS_BOOL"]


def operands():
    """(label, value): "<dtype> tensor", "<dtype> zerodim", "<kind> scalar"."""
    out = []
    for name, dtype in DTYPES.items():
        out.append((name + " tensor", torch.zeros(2, dtype=dtype)))
        out.append((name + " zerodim", torch.zeros((), dtype=dtype)))
    for kind, value in SCALARS.items():
        out.append((kind + " scalar", value))
    return out


def elementwise(values, kind):
    try:
        comp, res = elementwise_dtypes(*values, type_promotion_kind=getattr(
            ELEMENTWISE_TYPE_PROMOTION_KIND, kind))
        return [NAMES[comp], NAMES[res]]
    except (RuntimeError, TypeError, ValueError, KeyError, AssertionError):
        return "error"


def promotion_entry(labelled):
    labels = [l for l, _ in labelled]
    values = [v for _, v in labelled]
    entry = {"operands": labels}
    if len(values) == 2:
        try:
            entry["result_type"] = NAMES[torch.result_type(values[0], values[1])]
        except (RuntimeError, TypeError, KeyError):
            entry["result_type"] = "error"
    for kind in KINDS:
        entry[kind] = elementwise(values, kind)
    return entry


def bits16(t):
    return int(t.view(torch.int16).item()) & 0xFFFF


def rounding_entry(v):
    d = torch.tensor(v, dtype=torch.float64)
    f = d.to(torch.float32)
    entry = {"value": repr(v)}
    for name in ("float16", "bfloat16"):
        dtype = DTYPES[name]
        from_double = d.to(dtype)
        entry[name] = {
            "from_float64": bits16(from_double),
            "from_float32": bits16(f.to(dtype)),
            "read": repr(from_double.to(torch.float64).item()),
        }
    return entry


def rounding_values():
    vals = [0.0, -0.0, 1.0, -1.0, 0.1, 1 / 3, 65504.0, 65519.99, 65520.0, 1e6, -1e6,
            6.103515625e-05, 5.960464477539063e-08, 2.9802322387695312e-08,
            2.98023223876953125e-08 * 1.0000001, 1e-10, 3.0e38, 3.4028235e38, 3.4e38 * 1.01,
            1e300, float("inf"), float("-inf"), float("nan"), 1.00048828125, 1.00146484375,
            1.00390625, 1.01171875, 1.0 + 2.0 ** -11 + 2.0 ** -40, 1.0 + 2.0 ** -8 + 2.0 ** -40,
            257.0, 65535.0, -2.5, 2.0 ** -133, 2.0 ** -149, 1.1754943508222875e-38]
    rng = random.Random(7)
    for _ in range(200):
        bits = rng.getrandbits(64)
        v = struct.unpack("<d", struct.pack("<Q", bits))[0]
        vals.append(v)
    for _ in range(200):
        vals.append(rng.uniform(-70000, 70000))
    return vals


def main():
    labelled = operands()
    promotion = [promotion_entry([a, b]) for a in labelled for b in labelled]
    # Triples have no result_type (it takes two operands); elementwise_dtypes
    # gives the same result wherever result_type succeeds, except that it
    # accepts the uint16/32/64 mixes result_type refuses, so those are left
    # out of the triples.
    promoting = [o for o in labelled if not o[0].startswith(("uint16", "uint32", "uint64"))]
    rng = random.Random(3)
    for _ in range(400):
        promotion.append(promotion_entry([rng.choice(promoting) for _ in range(3)]))

    shape_lists = [
        [[2, 3], [3]], [[2, 1, 3], [4, 1]], [[], [5]], [[], []], [[1], [7]], [[0], [1]],
        [[0], [3]], [[2, 0], [1, 0]], [[3, 1, 1], [1, 4, 1], [1, 1, 5]], [[2, 3], [3, 2]],
        [[4], [5]], [[2, 1], [8, 4, 3]], [[1, 1], [1]], [[6, 1, 2], [1, 5, 1], [6, 5, 2]],
        [[2, 3], [2, 3, 1]], [[0, 1], [1, 0]], [[3], [0]], [[1, 2, 3, 4, 5], [5]],
    ]
    broadcast = []
    for shapes in shape_lists:
        try:
            result = list(torch.broadcast_shapes(*[tuple(s) for s in shapes]))
        except RuntimeError:
            result = "error"
        broadcast.append({"shapes": shapes, "result": result})

    rounding = [rounding_entry(v) for v in rounding_values()]

    out = {"generator": "tests/unit/numerics/make_promotion_vectors.py",
           "torch": torch.__version__, "kinds": KINDS}
    with open(sys.argv[1], "w") as f:
        f.write(json.dumps(out)[:-1])
        for key, items in (("promotion", promotion), ("broadcast", broadcast),
                           ("rounding", rounding)):
            f.write(', "%s": [\n' % key)
            f.write(",\n".join(json.dumps(i, separators=(",", ":")) for i in items))
            f.write("\n]")
        f.write("}\n")


if __name__ == "__main__":
    main()
