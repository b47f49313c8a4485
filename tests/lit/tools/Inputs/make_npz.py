#!/usr/bin/env python3
"""Writes an .npz file without numpy, for the tests of the numerics check.

    make_npz.py OUT.npz NAME=DTYPE:SHAPE:VALUES ...

DTYPE is a numpy descr without byte order (f4, f8, f2, i8, i4, b1, u2, ...), SHAPE is dims joined
by x (empty for a scalar), VALUES are comma-separated numbers in C order (nan, inf, -inf too), e.g.
input_0=f4:2x3:1,2,3,4,5,6 or input_1=i8::3.
"""
import io
import math
import struct
import sys
import zipfile

FORMATS = {"f2": "e", "f4": "f", "f8": "d", "i1": "b", "i2": "h", "i4": "i", "i8": "q",
           "u1": "B", "u2": "H", "u4": "I", "u8": "Q", "b1": "?"}


def npy(descr: str, shape: tuple, values: list) -> bytes:
    fmt = FORMATS[descr]
    order = "|" if descr in ("b1", "i1", "u1") else "<"
    dims = "".join(f"{d}, " for d in shape) if len(shape) == 1 else ", ".join(map(str, shape))
    header = f"{{'descr': '{order}{descr}', 'fortran_order': False, 'shape': ({dims}), }}"
    header += " " * ((64 - (len(header) + 11) % 64) % 64) + "\n"
    data = b"".join(struct.pack("<" + fmt, v) for v in values)
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data


def parse_value(descr: str, text: str):
    if descr[0] == "f":
        return float(text)
    if descr == "b1":
        return text in ("1", "true", "True")
    return int(text)


def main() -> None:
    out, specs = sys.argv[1], sys.argv[2:]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
        for spec in specs:
            name, _, rest = spec.partition("=")
            descr, shape_text, values_text = rest.split(":")
            shape = tuple(int(d) for d in shape_text.split("x")) if shape_text else ()
            values = [parse_value(descr, v) for v in values_text.split(",")] if values_text else []
            if len(values) != math.prod(shape):
                sys.exit(f"{name}: {len(values)} values for shape {shape}")
            z.writestr(name + ".npy", npy(descr, shape, values))
    with open(out, "wb") as f:
        f.write(buffer.getvalue())


if __name__ == "__main__":
    main()
