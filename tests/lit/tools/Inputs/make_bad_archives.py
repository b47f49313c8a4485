"""Writes malformed variants of the frontend's layout archives into OUTDIR.

Each variant changes one thing torch would never write: a size, stride or
offset out of range, a payload of the wrong length, an unknown archive
version, a corrupt byte in an entry nobody reads, a duplicate entry. Used
by pt2onnx-archive-validation.mlir; only Python's standard library.
"""

import io
import json
import os
import sys
import warnings
import zipfile

INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "frontends", "Inputs")
BIG = 2**63 - 1


def entries(source):
    with zipfile.ZipFile(os.path.join(INPUTS, source)) as z:
        return [(info.filename, z.read(info.filename)) for info in z.infolist()]


def write(path, items):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # duplicate names are the point of one case
        with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
            for name, data in items:
                info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
                z.writestr(info, data)


def edit_json(items, suffix, change):
    out = []
    for name, data in items:
        if name.endswith(suffix):
            value = json.loads(data)
            change(value)
            data = json.dumps(value).encode()
        out.append((name, data))
    return out


def replace(items, suffix, data):
    return [(name, data if name.endswith(suffix) else old) for name, old in items]


def graph_sizes(name, sizes):
    def change(program):
        meta = program["graph_module"]["graph"]["tensor_values"][name]
        meta["sizes"] = [{"as_int": s} for s in sizes]
    return change


def weight_meta(key, value):
    def change(config):
        config["config"]["weight"]["tensor_meta"][key] = value
    return change


def nested_storage_grown(items):
    """serialized_state_dict.pt with its storage one element longer than its pickle says."""
    out = []
    for name, data in items:
        if name == "serialized_state_dict.pt":
            inner = []
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                for info in z.infolist():
                    payload = z.read(info.filename)
                    if "/data/" in info.filename and not info.filename.endswith(".pkl"):
                        payload += b"\0" * 4
                    inner.append((info.filename, payload))
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as z:
                for inner_name, payload in inner:
                    z.writestr(zipfile.ZipInfo(inner_name, date_time=(1980, 1, 1, 0, 0, 0)), payload)
            data = buffer.getvalue()
        out.append((name, data))
    return out


def main(outdir):
    os.makedirs(outdir, exist_ok=True)
    new = entries("layout-2.14.pt2")
    old = entries("layout-2.6.pt2")
    cases = {
        "input-too-large": edit_json(new, "models/model.json", graph_sizes("x", [4, BIG])),
        "empty-with-huge-dim": edit_json(new, "models/model.json", graph_sizes("x", [0, BIG])),
        "stride-double": edit_json(new, "weights_config.json",
                                   weight_meta("strides", [{"as_int": 3}, {"as_int": 1e308}])),
        "stride-negative": edit_json(new, "weights_config.json",
                                     weight_meta("strides", [{"as_int": 3}, {"as_int": -1}])),
        "offset-double": edit_json(new, "weights_config.json",
                                   weight_meta("storage_offset", {"as_int": 1e30})),
        "offset-past-payload": edit_json(new, "weights_config.json",
                                         weight_meta("storage_offset", {"as_int": 4})),
        "payload-short": replace(new, "weights/weight_0", b"\0" * 16),
        "version-empty": replace(new, "/archive_version", b""),
        "version-big": replace(new, "/archive_version", b"big"),
        "version-missing": [(n, d) for n, d in new if not n.endswith("/archive_version")],
        "duplicate-entry": new + [new[-1]],
        "legacy-version": replace(old, "version", b"9.0"),
        "legacy-storage-size": nested_storage_grown(old),
    }
    for name, items in cases.items():
        write(os.path.join(outdir, name + ".pt2"), items)

    # A corrupt byte in an entry no conversion reads.
    path = os.path.join(outdir, "crc-unread-entry.pt2")
    write(path, new)
    with open(path, "rb") as f:
        data = bytearray(f.read())
    serial = dict(new)["layout-2.14/.data/serialization_id"]
    at = data.index(serial)
    data[at] ^= 1
    with open(path, "wb") as f:
        f.write(bytes(data))


if __name__ == "__main__":
    main(sys.argv[1])
