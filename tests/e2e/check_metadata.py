"""Reads the models tests/unit/backends/WriteOracleFixture.cpp writes with onnx
1.20 and onnxruntime, inside the oracle:

    tools/oracle run tests/e2e/check_metadata.py DIR

and checks that they are what the backend promises: onnx's full checker
accepts them; the metadata_props that bookworm's onnx 1.12 classes carry as
unknown fields are real fields to onnx 1.20, with the keys and values the
PyTorch exporter writes; the file is byte for byte what onnx 1.20 serializes
for the model it reads; external data loads; and onnxruntime computes what
torch computes from the same weights.
"""

import os
import sys

import numpy as np
import onnx
import onnxruntime as ort
import torch


def load(directory, name):
    path = os.path.join(directory, name)
    model = onnx.load(path)  # also reads external data
    onnx.checker.check_model(path, full_check=True)
    return path, model


def props(proto):
    return {p.key: p.value for p in proto.metadata_props}


def expect_equal(actual, expected, what):
    if actual != expected:
        raise AssertionError(f"{what}:\n  actual   {actual!r}\n  expected {expected!r}")


def pattern(n, seed=0):
    """The bytes SampleModules.h gives weights."""
    return bytes((i + seed) % 251 for i in range(n))


def check_same_bytes(path):
    """The file holds what onnx 1.20 serializes for the model it parses."""
    with open(path, "rb") as f:
        data = f.read()
    model = onnx.ModelProto()
    model.ParseFromString(data)
    expect_equal(model.SerializeToString(deterministic=True) == data, True,
                 f"{path}: bytes differ from onnx's serialization")


def check_conv(directory, name):
    path, m = load(directory, name)
    expect_equal(m.ir_version, 10, "ir_version")
    expect_equal([(o.domain, o.version) for o in m.opset_import], [("", 20)], "opset_import")
    expect_equal((m.producer_name, m.producer_version), ("pt2onnx", "test"), "producer")
    g = m.graph
    expect_equal(g.name, "main_graph", "graph name")

    conv, add, relu = g.node
    expect_equal(props(conv), {
        "namespace": ": __main__.Net/conv1: torch.nn.modules.conv.Conv2d/conv2d: aten.conv2d.default",
        "pkg.torch.onnx.class_hierarchy":
            "['__main__.Net', 'torch.nn.modules.conv.Conv2d', 'aten.conv2d.default']",
        "pkg.torch.onnx.fx_node":
            "%conv2d : [num_users=1] = call_function[target=torch.ops.aten.conv2d.default]"
            "(args = (%x, %p_conv1_weight, %p_conv1_bias), kwargs = {})",
        "pkg.torch.onnx.name_scopes": "['', 'conv1', 'conv2d']",
        "pkg.torch.onnx.stack_trace":
            'File "/src/net.py", line 12, in forward\n    x = self.conv1(x)',
    }, "conv node metadata")
    expect_equal(props(add)["namespace"], ": __main__.Net/add: aten.add.Tensor", "add namespace")
    expect_equal(props(relu)["pkg.torch.onnx.name_scopes"], "['relu']", "relu name_scopes")
    # Keys sorted, as the exporter writes them.
    expect_equal([p.key for p in conv.metadata_props],
                 sorted(p.key for p in conv.metadata_props), "key order")

    expect_equal(props(g.input[0]), {
        "pkg.torch.export.graph_signature.InputSpec.kind": "USER_INPUT",
        "pkg.torch.export.graph_signature.InputSpec.persistent": "None",
    }, "input metadata")
    value_info = {v.name: v for v in g.value_info}
    expect_equal(props(value_info["conv1.weight"]), {
        "pkg.torch.export.graph_signature.InputSpec.kind": "PARAMETER",
        "pkg.torch.export.graph_signature.InputSpec.persistent": "None",
        "pkg.torch.onnx.original_node_name": "p_conv1_weight",
    }, "initializer metadata")
    expect_equal(props(value_info["conv2d"]), {}, "intermediate metadata")
    for output in g.output:
        expect_equal(props(output), {
            "pkg.torch.export.graph_signature.OutputSpec.kind": "USER_OUTPUT"}, "output metadata")
    expect_equal(props(g), {
        "pkg.torch.export.ExportedProgram.graph_signature":
            "\n# inputs\np_conv1_weight: PARAMETER target='conv1.weight'\n"
            "p_conv1_bias: PARAMETER target='conv1.bias'\nx: USER_INPUT\n\n"
            "# outputs\nrelu: USER_OUTPUT\nadd: USER_OUTPUT\n",
        "pkg.torch.export.ExportedProgram.range_constraints": "{s0: VR[2, int_oo]}",
    }, "graph metadata")
    expect_equal([d.dim_param or d.dim_value for d in g.input[0].type.tensor_type.shape.dim],
                 ["s0", 3, 8, 8], "input shape")

    weights = {t.name: onnx.numpy_helper.to_array(t, os.path.dirname(path))
               for t in g.initializer}
    expect_equal(weights["conv1.weight"].tobytes(), pattern(16 * 27 * 4), "conv1.weight bytes")
    x = np.random.default_rng(0).standard_normal((2, 3, 8, 8)).astype(np.float32)
    relu_out, add_out = ort.InferenceSession(path).run(None, {"x": x})
    ref = torch.nn.functional.conv2d(torch.tensor(x), torch.tensor(weights["conv1.weight"]),
                                     torch.tensor(weights["conv1.bias"]), padding=1) + 1
    np.testing.assert_allclose(add_out, ref.numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(relu_out, torch.relu(ref).numpy(), rtol=1e-5, atol=1e-5)
    return path, m


def check_conv_external(directory):
    path, m = check_conv(directory, "conv_external.onnx")
    raw = onnx.load(path, load_external_data=False)
    weight = next(t for t in raw.graph.initializer if t.name == "conv1.weight")
    expect_equal(weight.data_location, onnx.TensorProto.EXTERNAL, "data_location")
    expect_equal({e.key: e.value for e in weight.external_data},
                 {"location": "conv_external.onnx.data", "offset": "0", "length": str(16 * 27 * 4)},
                 "external_data")
    check_same_bytes(path)


def check_if(directory):
    path, m = load(directory, "if.onnx")
    check_same_bytes(path)
    if_node = m.graph.node[0]
    expect_equal([a.name for a in if_node.attribute], ["then_branch", "else_branch"], "If attributes")
    session = ort.InferenceSession(path)
    x = np.array([-2, -1, 1, 2], dtype=np.float32)
    for cond, branch in ((True, np.maximum(x, 0)), (False, -x)):
        (out,) = session.run(None, {"cond": np.array(cond), "x": x})
        np.testing.assert_array_equal(out, branch + x)


def check_dtypes(directory):
    path, m = load(directory, "dtypes.onnx")
    raw = onnx.load(path, load_external_data=False)
    names = [t.name for t in raw.graph.initializer]
    expect_equal(len(names), 19, "initializer count")
    with open(path + ".data", "rb") as f:
        data = f.read()
    for i, (t, loaded) in enumerate(zip(raw.graph.initializer, m.graph.initializer)):
        size = len(loaded.raw_data)
        expected = pattern(size, i)
        if t.name == "w_bool":
            expected = bytes(b & 1 for b in expected)
        expect_equal(loaded.raw_data == expected, True, f"{t.name} bytes")
        info = {e.key: e.value for e in t.external_data}
        offset = int(info["offset"])
        expect_equal(offset % 4096, 0, f"{t.name} offset alignment")
        expect_equal(data[offset:offset + size] == expected, True, f"{t.name} data file bytes")
    expect_equal([t.data_type for t in raw.graph.initializer],
                 [9, 2, 3, 5, 6, 7, 4, 12, 13, 10, 16, 1, 11, 17, 18, 19, 20, 14, 15], "data types")
    check_same_bytes(path)


def main():
    directory = sys.argv[1]
    check_conv(directory, "conv.onnx")
    check_same_bytes(os.path.join(directory, "conv.onnx"))
    check_conv_external(directory)
    check_if(directory)
    check_dtypes(directory)
    print(f"check_metadata: onnx {onnx.__version__}, onnxruntime {ort.__version__}: all checks passed")


if __name__ == "__main__":
    main()
