"""Reads the models tests/unit/backends/WriteOracleFixture.cpp writes with onnx
1.20 and onnxruntime, inside the oracle:

    tools/oracle run tests/e2e/check_metadata.py DIR

and checks that they are what the backend promises: onnx's full checker
accepts them; the metadata_props that bookworm's onnx 1.12 classes carry as
unknown fields are real fields to onnx 1.20, with the keys and values the
PyTorch exporter writes; the file is byte for byte what onnx 1.20 serializes
for the model it reads; external data loads; and onnxruntime computes what
torch computes from the same weights.

It also checks a real program end to end. First, in the oracle,

    tools/oracle run tests/e2e/check_metadata.py --export DIR

exports a small network (a module hierarchy, a dynamic batch, symbolic
arithmetic, an operator with two results, torch.cond) to DIR/program.pt2;
pt2onnx converts it on the host to DIR/program.onnx; then the check above
compares that model's metadata with what the exporter computes for the
program as torch.export.load gives it: the node keys by the exporter's own
functions (read from torch/onnx/_internal/exporter/_core.py, which cannot be
imported without onnxscript), the value keys from the graph signature, and
the graph keys from str() of the signature and range constraints.
"""

import __future__
import ast
import json
import logging
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
                 ["x_dim0", 3, 8, 8], "input shape")

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


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 8, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(8)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


class Net(torch.nn.Module):
    """What the program check covers: nested modules, a non-persistent buffer,
    an op with two results (max.dim), symbolic arithmetic on the batch size
    (sym_size, floordiv), torch.cond, and an output returned twice."""

    def __init__(self):
        super().__init__()
        self.block = Block()
        self.fc = torch.nn.Linear(8, 4)
        self.register_buffer("scale", torch.tensor(2.0), persistent=False)

    def forward(self, x):
        values, indices = torch.max(self.block(x).flatten(2), dim=2)
        half = x.shape[0] // 2
        y = self.fc(values).reshape(half, -1) * self.scale
        z = torch.cond(y.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (y,))
        return z, indices, z


def export_program(directory):
    torch.manual_seed(0)
    net = Net().eval()
    # Distinct values everywhere (the converter may merge equal weights), and
    # activations of a modest size (sin and cos of large ones magnify
    # rounding).
    with torch.no_grad():
        for tensor in [*net.parameters(), net.block.bn.running_mean]:
            tensor.copy_(torch.rand_like(tensor) - 0.5)
        net.block.bn.running_var.copy_(torch.rand_like(net.block.bn.running_var) + 0.5)
    batch = torch.export.Dim("batch", min=1, max=32)
    program = torch.export.export(net, (torch.randn(4, 3, 8, 8),),
                                  dynamic_shapes=({0: 2 * batch},), strict=False)
    os.makedirs(directory, exist_ok=True)
    torch.export.save(program, os.path.join(directory, "program.pt2"))


class Tagger(torch.nn.Module):
    """Two inputs sharing a dynamic batch and sequence length; a data-dependent output."""

    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(50, 6)

    def forward(self, tokens, mask):
        hidden = self.embed(tokens) * mask.unsqueeze(-1)
        return hidden.sum(-1), torch.nonzero(mask > 0.5)


def export_dims_program(directory):
    torch.manual_seed(0)
    batch = torch.export.Dim("batch", min=1, max=16)
    seq = torch.export.Dim("seq", min=2, max=128)
    program = torch.export.export(Tagger().eval(), (torch.randint(0, 50, (2, 5)), torch.rand(2, 5)),
                                  dynamic_shapes=({0: batch, 1: seq}, {0: batch, 1: seq}), strict=False)
    torch.export.save(program, os.path.join(directory, "dims.pt2"))


def check_dims(directory):
    """dims.onnx: converted with --dim-name tokens.0=batch --dim-name 1.1=seq (by name and by
    position); dims-default.onnx: without, the dims named after the input axes they are."""
    program = torch.export.load(os.path.join(directory, "dims.pt2"))

    def shapes(m):
        return [[d.dim_param or d.dim_value for d in v.type.tensor_type.shape.dim]
                for v in [*m.graph.input, *m.graph.output]]

    def model_props(m):
        return {p.key: p.value for p in m.metadata_props}

    _, named = load(directory, "dims.onnx")
    expect_equal(shapes(named), [["batch", "seq"], ["batch", "seq"], ["batch", "seq"], ["nonzero_dim0", 2]],
                 "named dims")
    # Ranges from the program's range constraints: torch's Dim bounds, and a data-dependent size
    # torch bounds by the element count.
    expect_equal(json.loads(model_props(named)["pt2onnx.dim_ranges"]),
                 {"batch": [1, 16], "seq": [2, 128], "nonzero_dim0": [0, 2048]}, "dim ranges")
    _, default = load(directory, "dims-default.onnx")
    expect_equal(shapes(default), [["tokens_dim0", "tokens_dim1"], ["tokens_dim0", "tokens_dim1"],
                                   ["tokens_dim0", "tokens_dim1"], ["nonzero_dim0", 2]], "default dim names")
    tokens, mask = torch.randint(0, 50, (3, 7)), torch.rand(3, 7)
    with torch.no_grad():
        want = program.module()(tokens, mask)
    got = ort.InferenceSession(os.path.join(directory, "dims.onnx")).run(
        None, {"tokens": tokens.numpy(), "mask": mask.numpy()})
    np.testing.assert_allclose(got[0], want[0].numpy(), rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(got[1], want[1].numpy())


def exporter_node_metadata():
    """The exporter's _set_node_metadata, taken from torch's source with the
    two functions it calls; returns a function from an FX node to its keys."""
    path = os.path.join(os.path.dirname(torch.__file__), "onnx", "_internal", "exporter", "_core.py")
    with open(path) as f:
        tree = ast.parse(f.read())
    wanted = {"_get_qualified_module_name", "_get_node_namespace", "_set_node_metadata"}
    module = ast.Module(body=[n for n in tree.body
                              if isinstance(n, ast.FunctionDef) and n.name in wanted], type_ignores=[])
    scope = {"torch": torch, "logger": logging.getLogger("exporter")}
    exec(compile(module, path, "exec", flags=__future__.annotations.compiler_flag, dont_inherit=True),
         scope)

    class ONNXNode:
        def __init__(self):
            self.metadata_props = {}

    def metadata(fx_node):
        node = ONNXNode()
        scope["_set_node_metadata"](fx_node, node)
        return node.metadata_props
    return metadata


def check_program(directory):
    """program.onnx against what the exporter writes for program.pt2; returns
    how many nodes were checked and how many had their FX node's text."""
    from torch.export import graph_signature as gs
    program = torch.export.load(os.path.join(directory, "program.pt2"))
    path, m = load(directory, "program.onnx")
    g = m.graph

    # Nodes: each carries the keys of the FX node it was lowered from, the
    # last of its name_scopes.
    node_metadata = exporter_node_metadata()
    fx_nodes = {}
    for module in program.graph_module.modules():
        if isinstance(module, torch.fx.GraphModule):
            for node in module.graph.nodes:
                if node.op == "call_function":
                    fx_nodes.setdefault(node.name, node_metadata(node))
    counts = {"nodes": 0, "texts": 0}
    targets = set()

    def check_nodes(graph):
        for node in graph.node:
            for attribute in node.attribute:
                if attribute.type == onnx.AttributeProto.GRAPH:
                    check_nodes(attribute.g)
            got = props(node)
            if node.op_type == "Identity" and not got:
                continue  # an output the backend repeats
            name = eval(got["pkg.torch.onnx.name_scopes"])[-1]
            expected = dict(fx_nodes[name])
            # The importer does not record the FX node's text for every
            # node; where it does, the text must be torch's.
            if got["pkg.torch.onnx.fx_node"]:
                counts["texts"] += 1
            else:
                expected["pkg.torch.onnx.fx_node"] = ""
            expect_equal(got, expected, f"metadata of the {node.op_type} node of '{name}'")
            targets.add(got["namespace"].rsplit(": ", 1)[1])
            counts["nodes"] += 1
    check_nodes(g)
    # Targets of each kind str() prints differently.
    for target in ("aten.conv2d.default", "aten.max.dim", "cond", "<built-in function floordiv>"):
        expect_equal(target in targets, True, f"a node lowered from a node of {target}")

    # Values: inputs and initializers (by FQN) as the exporter marks them.
    # Weights the converter folded away or that nothing uses
    # (num_batches_tracked in eval mode) are not in the model.
    values = {v.name: props(v) for v in [*g.input, *g.value_info, *g.output]}
    marked = []
    for spec in program.graph_signature.input_specs:
        expected = {"pkg.torch.export.graph_signature.InputSpec.kind": spec.kind.name,
                    "pkg.torch.export.graph_signature.InputSpec.persistent": str(spec.persistent)}
        name = spec.arg.name
        if spec.kind != gs.InputKind.USER_INPUT:
            name = spec.target
            expected["pkg.torch.onnx.original_node_name"] = spec.arg.name
        if name in values:
            expect_equal(values[name], expected, f"metadata of input {name}")
            marked.append(name)
    expect_equal(marked[-1], "x", "the user input checked last")
    expect_equal("fc.weight" in marked, True, "a parameter among the initializers checked")
    # Outputs named and marked as the exporter names and marks them; ONNX
    # names are unique, so the repeat is an Identity of the first, renamed.
    first, second, repeat = (spec.arg.name for spec in program.graph_signature.output_specs)
    expect_equal(repeat, first, "the program returns an output twice")
    expect_equal([o.name for o in g.output], [first, second, first + "_1"], "output names")
    identity = next(n for n in g.node if n.op_type == "Identity")
    expect_equal((list(identity.input), list(identity.output)), ([first], [first + "_1"]),
                 "the repeated output")
    for output in g.output:
        expect_equal(props(output), {"pkg.torch.export.graph_signature.OutputSpec.kind": "USER_OUTPUT"},
                     f"metadata of output {output.name}")
    expect_equal(props(g), {
        "pkg.torch.export.ExportedProgram.graph_signature": str(program.graph_signature),
        "pkg.torch.export.ExportedProgram.range_constraints": str(program.range_constraints),
    }, "graph metadata")
    check_same_bytes(path)

    x = torch.randn(6, 3, 8, 8)
    with torch.no_grad():
        torch_outputs = program.module()(x)
    for got, want in zip(ort.InferenceSession(path).run(None, {"x": x.numpy()}), torch_outputs):
        np.testing.assert_allclose(got, want.numpy(), rtol=1e-4, atol=1e-4)
    return counts["nodes"], counts["texts"]


def main():
    if sys.argv[1] == "--export":
        export_program(sys.argv[2])
        export_dims_program(sys.argv[2])
        return
    directory = sys.argv[1]
    check_conv(directory, "conv.onnx")
    check_same_bytes(os.path.join(directory, "conv.onnx"))
    check_conv_external(directory)
    check_if(directory)
    check_dtypes(directory)
    nodes, texts = check_program(directory)
    check_dims(directory)
    print(f"check_metadata: onnx {onnx.__version__}, onnxruntime {ort.__version__}: all checks passed "
          f"({nodes} nodes of a real program, {texts} with their FX node's text)")


if __name__ == "__main__":
    main()
