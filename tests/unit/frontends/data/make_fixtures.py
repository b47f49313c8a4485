#!/usr/bin/python3
"""Writes the zip and pickle fixtures of the frontend unit tests.

Uses the Python standard library only; torch is not needed. The torch-shaped
pickles come from stand-in classes registered under torch's module names, so
that Python's own pickler writes exactly the GLOBALs, REDUCEs and persistent
ids torch.save writes (torch/serialization.py `_save`, torch/_tensor.py
`__reduce_ex__`). Nothing here is ever unpickled.

Run from anywhere: python3 make_fixtures.py [output dir]. The output is
deterministic, so re-running it leaves the committed files unchanged.
"""

import collections
import io
import os
import pickle
import struct
import sys
import types
import zipfile
import zlib

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
# Fixed timestamps keep the zips byte-for-byte reproducible.
DATE = (2024, 1, 1, 0, 0, 0)


# ---- Stand-ins for torch's picklable objects --------------------------------

def module(name):
    mod = types.ModuleType(name)
    sys.modules[name] = mod
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, mod)
    return mod


for name in ["torch", "torch._utils", "torch._tensor", "torch.nn", "torch.nn.parameter"]:
    module(name)


def define(module_name, name, obj):
    obj.__module__ = module_name
    obj.__qualname__ = name
    obj.__name__ = name
    setattr(sys.modules[module_name], name, obj)
    return obj


def function(module_name, name):
    def never_called(*args):
        raise AssertionError("fixtures are never unpickled")
    return define(module_name, name, never_called)


rebuild_tensor_v2 = function("torch._utils", "_rebuild_tensor_v2")
rebuild_tensor_v3 = function("torch._utils", "_rebuild_tensor_v3")
rebuild_parameter = function("torch._utils", "_rebuild_parameter")

STORAGE_CLASSES = {
    name: define("torch", name, type(name, (), {}))
    for name in ["FloatStorage", "LongStorage", "BFloat16Storage", "UntypedStorage"]
}


class DType:
    def __init__(self, name):
        self.name = name

    def __reduce__(self):
        # Like torch.dtype: pickled as the global torch.<name>.
        return self.name


DType.__module__ = "torch"
for name in ["float32", "float8_e4m3fn"]:
    setattr(sys.modules["torch"], name, DType(name))


class Device:
    def __init__(self, kind):
        self.kind = kind

    def __reduce__(self):
        return (Device, (self.kind,))


define("torch", "device", Device)


class Size(tuple):
    def __reduce__(self):
        return (Size, (tuple(self),))


define("torch", "Size", Size)


class Storage:
    def __init__(self, cls, key, data, numel):
        self.cls = STORAGE_CLASSES[cls]
        self.key = key
        self.data = data
        self.numel = numel


class Tensor:
    def __init__(self, storage, offset, size, stride, requires_grad=False, dtype=None):
        self.args = (storage, offset, tuple(size), tuple(stride))
        self.requires_grad = requires_grad
        self.dtype = dtype

    def __reduce_ex__(self, protocol):
        hooks = collections.OrderedDict()
        if self.dtype is None:
            return (rebuild_tensor_v2, self.args + (self.requires_grad, hooks))
        return (rebuild_tensor_v3, self.args + (self.requires_grad, hooks, self.dtype))


class Parameter:
    def __init__(self, data, requires_grad=True):
        self.data = data
        self.requires_grad = requires_grad

    def __reduce_ex__(self, protocol):
        return (rebuild_parameter, (self.data, self.requires_grad, collections.OrderedDict()))


def floats(*values):
    return struct.pack("<%df" % len(values), *values)


def longs(*values):
    return struct.pack("<%dq" % len(values), *values)


# ---- Zip writers ------------------------------------------------------------

def info(name, compress=zipfile.ZIP_STORED):
    zinfo = zipfile.ZipInfo(name, DATE)
    zinfo.compress_type = compress
    zinfo.external_attr = 0o644 << 16
    return zinfo


def add(z, out, name, data, align=False, compress=zipfile.ZIP_STORED):
    """Adds an entry; `align` pads the local header like PyTorchStreamWriter
    does, so that the data starts at a multiple of 64 bytes."""
    zinfo = info(name, compress)
    if align:
        header_end = out.tell() + 30 + len(name.encode()) + 4
        padding = (-header_end) % 64
        zinfo.extra = b"FB" + struct.pack("<H", padding) + b"Z" * padding
    z.writestr(zinfo, data)


def torch_save(obj, folder="archive", protocol=2, raw_pickle=None, compress_pickle=False):
    """Bytes of a torch.save archive of `obj` (or of the given pickle bytes)."""
    storages = {}

    class Pickler(pickle.Pickler):
        def persistent_id(self, value):
            if isinstance(value, Storage):
                storages[value.key] = value
                return ("storage", value.cls, value.key, "cpu", value.numel)
            return None

    if raw_pickle is None:
        buffer = io.BytesIO()
        Pickler(buffer, protocol=protocol).dump(obj)
        raw_pickle = buffer.getvalue()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        add(z, out, folder + "/data.pkl", raw_pickle,
            compress=zipfile.ZIP_DEFLATED if compress_pickle else zipfile.ZIP_STORED)
        add(z, out, folder + "/byteorder", b"little")
        for key in sorted(storages):
            add(z, out, "%s/data/%s" % (folder, key), storages[key].data, align=True)
        add(z, out, folder + "/version", b"3\n")
        add(z, out, folder + "/.data/serialization_id", b"1234567890")
    return out.getvalue()


def zip_of(entries, stream=None):
    out = io.BytesIO()
    with zipfile.ZipFile(stream or out, "w") as z:
        for name, data, compress in entries:
            add(z, out, name, data, compress=compress)
    return out.getvalue()


class Unseekable(io.RawIOBase):
    """A write-only stream; zipfile then writes data descriptors."""

    def __init__(self):
        self.data = bytearray()

    def writable(self):
        return True

    def write(self, b):
        self.data += b
        return len(b)


def raw_zip(entries, zip64=False):
    """A zip written field by field, for layouts zipfile will not produce.

    `entries` holds (name, data, local_offset) with local_offset None for
    "next free byte"; an explicit offset places the local header there, which
    must already be covered by an earlier entry's data. With `zip64`, every
    size and offset in the central directory is saturated and given in zip64
    extra fields, and the end records are zip64.
    """
    body = bytearray()
    central = bytearray()
    for name, data, offset in entries:
        name_bytes = name.encode()
        crc = zlib.crc32(data)
        if offset is None:
            offset = len(body)
            local_extra = b""
            if zip64:
                local_extra = struct.pack("<HHQQ", 1, 16, len(data), len(data))
            sizes = (0xFFFFFFFF, 0xFFFFFFFF) if zip64 else (len(data), len(data))
            body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 45, 0, 0, 0, 0x21,
                                crc, sizes[0], sizes[1], len(name_bytes), len(local_extra))
            body += name_bytes + local_extra + data
        if zip64:
            extra = struct.pack("<HHQQQI", 1, 28, len(data), len(data), offset, 0)
            fields = (0xFFFFFFFF, 0xFFFFFFFF, 0xFFFF, 0xFFFFFFFF)
        else:
            extra = b""
            fields = (len(data), len(data), 0, offset)
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 45, 45, 0, 0, 0, 0x21,
                               crc, fields[0], fields[1], len(name_bytes), len(extra), 0,
                               fields[2], 0, 0o644 << 16, fields[3])
        central += name_bytes + extra
    directory_offset = len(body)
    out = body + central
    count = len(entries)
    if zip64:
        record_offset = len(out)
        out += struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0,
                           count, count, len(central), directory_offset)
        out += struct.pack("<IIQI", 0x07064B50, 0, record_offset, 1)
        out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF,
                           0xFFFFFFFF, 0xFFFFFFFF, 0)
    else:
        out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count,
                           len(central), directory_offset, 0)
    return bytes(out)


def local_record(name, data):
    """A local header and its data, to embed inside another entry."""
    name_bytes = name.encode()
    return struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 0, 0, 0x21,
                       zlib.crc32(data), len(data), len(data), len(name_bytes), 0) + name_bytes + data


# ---- The fixtures -------------------------------------------------------------

TEXT = b"".join(b"line %d of a text that deflates well\n" % i for i in range(400))


def fixtures():
    yield "stored.zip", zip_of([
        ("a.txt", b"hello", zipfile.ZIP_STORED),
        ("dir/b.bin", bytes(range(256)), zipfile.ZIP_STORED),
        ("c.txt", b"world", zipfile.ZIP_STORED),
    ])
    yield "deflated.zip", zip_of([
        ("text.txt", TEXT, zipfile.ZIP_DEFLATED),
        ("small.txt", b"small", zipfile.ZIP_STORED),
    ])

    stream = Unseekable()
    with zipfile.ZipFile(stream, "w") as z:
        add(z, io.BytesIO(), "x.txt", TEXT, compress=zipfile.ZIP_DEFLATED)
        add(z, io.BytesIO(), "y.bin", bytes(range(64)))
    yield "descriptor.zip", bytes(stream.data)

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        with z.open(info("big.txt"), "w", force_zip64=True) as f:
            f.write(TEXT[:500])
    yield "zip64_local.zip", out.getvalue()

    yield "zip64_full.zip", raw_zip([("one.txt", b"first entry", None),
                                     ("two/three.bin", bytes(range(100)), None)], zip64=True)

    # "inner" has a proper local header, but it lies inside "outer"'s data.
    inner = local_record("inner", b"payload")
    outer_data = b"x" * 8 + inner + b"y" * 8
    outer_header = 30 + len("outer")
    yield "overlap.zip", raw_zip([("outer", outer_data, None),
                                  ("inner", b"payload", outer_header + 8)])

    yield "bomb.zip", zip_of([("zeros.bin", bytes(2 << 20), zipfile.ZIP_DEFLATED)])

    # A state dict as torch.save writes it (protocol 2): a parameter, a
    # tensor, a view sharing the parameter's storage, an int64 scalar.
    weight = Storage("FloatStorage", "0", floats(1, 2, 3, 4, 5, 6), 6)
    bias = Storage("FloatStorage", "1", floats(0.5, -0.5, 0.25), 3)
    steps = Storage("LongStorage", "2", longs(42), 1)
    state = collections.OrderedDict()
    state["weight"] = Parameter(Tensor(weight, 0, (2, 3), (3, 1)), requires_grad=True)
    state["bias"] = Tensor(bias, 0, (3,), (1,))
    state["column"] = Tensor(weight, 1, (2,), (3,))
    state["steps"] = Tensor(steps, 0, (), ())
    state._metadata = {"": {"version": 1}}
    yield "state_dict.pt", torch_save(state, folder="state_dict")

    # Sample inputs as torch.export writes them: (args, kwargs), here with
    # protocol 4 to cover framing, STACK_GLOBAL and MEMOIZE; the float8
    # tensor goes through UntypedStorage and _rebuild_tensor_v3.
    bf16 = Storage("BFloat16Storage", "0", struct.pack("<4H", 0x3F80, 0x4000, 0x4040, 0x4080), 4)
    f8 = Storage("UntypedStorage", "1", bytes([0x38, 0x40, 0x44, 0x48]), 4)
    torch = sys.modules["torch"]
    kwargs = {
        "scale": 2.5,
        "flag": True,
        "name": "x",
        "dtype": torch.float32,
        "device": Device("cpu"),
        "size": Size([2, 3]),
        "raw": b"\x00\xff",
        "none": None,
        "negative": -5,
        "big": 2 ** 40,
        "tags": {7},
        "frozen": frozenset([3]),
    }
    inputs = ((Tensor(bf16, 0, (2, 2), (2, 1)), Tensor(f8, 0, (4,), (1,), dtype=torch.float8_e4m3fn)), kwargs)
    yield "sample_inputs.pt", torch_save(inputs, protocol=4, compress_pickle=True)

    # The same plain values under protocols 2 and 5 (raw pickles).
    values = {"ints": [0, 255, 65535, -1, 2 ** 31, -2 ** 63], "float": -1.5, "text": "h\u00e9",
              "bytes": b"\x00\x80\xff", "empty": b"", "tuple": (1, (2,), ()),
              "nested": {"a": [None, True, False]}, "set": {9},
              "bytearray": bytearray(b"\x01\x02")}
    yield "values_proto2.pkl", pickle.dumps(values, protocol=2)
    yield "values_proto5.pkl", pickle.dumps(values, protocol=5)

    # torch 2.1-2.6 layout: serialized_* at the top, written by zipfile.
    legacy_state = collections.OrderedDict(
        [("linear.weight", Tensor(Storage("FloatStorage", "0", floats(1, 2), 2), 0, (1, 2), (2, 1)))])
    yield "legacy.pt2", zip_of([
        ("serialized_exported_program.json", b"{}", zipfile.ZIP_STORED),
        ("serialized_state_dict.pt", torch_save(legacy_state), zipfile.ZIP_STORED),
        ("serialized_constants.pt", torch_save({}), zipfile.ZIP_STORED),
        ("serialized_example_inputs.pt", torch_save(((), {})), zipfile.ZIP_DEFLATED),
        ("version", b"8.6", zipfile.ZIP_STORED),
    ])

    # torch >= 2.7 layout: everything under the file's stem.
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        root = "model/"
        pickled = Tensor(Storage("FloatStorage", "0", floats(7, 8, 9), 3), 0, (3,), (1,))
        add(z, out, root + "archive_format", b"pt2")
        add(z, out, root + "archive_version", b"0")
        add(z, out, root + "byteorder", b"little")
        add(z, out, root + "models/model.json", b"{}")
        add(z, out, root + "data/weights/model_weights_config.json",
            b'{"config": {"w": {"path_name": "weight_0", "is_param": true, "use_pickle": false}, '
            b'"p": {"path_name": "weight_1", "is_param": false, "use_pickle": true}}}')
        add(z, out, root + "data/weights/weight_0", floats(1, 2, 3, 4), align=True)
        add(z, out, root + "data/weights/weight_1", torch_save(pickled), align=True)
        add(z, out, root + "data/sample_inputs/model.pt", torch_save(((), {})), align=True)
        add(z, out, root + ".data/version", b"6\n")
    yield "archive.pt2", out.getvalue()

    # A torch.save archive whose pickle calls os.system.
    evil = b"\x80\x02cos\nsystem\nX\x04\x00\x00\x00true\x85R."
    yield "evil.pt", torch_save(None, raw_pickle=evil)


def main():
    total = 0
    for name, data in fixtures():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        total += len(data)
    print("wrote %d bytes of fixtures to %s" % (total, OUT))


if __name__ == "__main__":
    main()
