"""Helpers of the evaluator's test-vector generators (make_fold_vectors.py,
make_nn_vectors.py): cases of ATen ops computed by torch and of ONNX ops computed by
onnxruntime, written one a line for EvaluatorTest.cpp.
"""

import json
import math

import numpy as np
import onnx
import onnxruntime as ort
import torch
from onnx import TensorProto, helper

OPSET = 20

TORCH_NAMES = {
    torch.bool: "bool", torch.uint8: "uint8", torch.int8: "int8", torch.int16: "int16",
    torch.int32: "int32", torch.int64: "int64", torch.float16: "float16",
    torch.bfloat16: "bfloat16", torch.float32: "float32", torch.float64: "float64",
    torch.complex64: "complex64", torch.complex128: "complex128",
}
DTYPES = {v: k for k, v in TORCH_NAMES.items()}
ONNX_TYPES = {
    "bool": TensorProto.BOOL, "uint8": TensorProto.UINT8, "int8": TensorProto.INT8,
    "int16": TensorProto.INT16, "int32": TensorProto.INT32, "int64": TensorProto.INT64,
    "float16": TensorProto.FLOAT16, "bfloat16": TensorProto.BFLOAT16,
    "float32": TensorProto.FLOAT, "float64": TensorProto.DOUBLE,
}

cases = []


def number(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
    return v


def encode(t):
    t = t.detach()
    if t.is_complex():  # the (real, imaginary) pairs
        return {**encode(torch.view_as_real(t)), "dtype": TORCH_NAMES[t.dtype], "shape": list(t.shape)}
    values = t.float().flatten().tolist() if t.dtype in (torch.float16, torch.bfloat16) \
        else t.flatten().tolist()
    if t.dtype == torch.bool:
        values = [int(v) for v in values]
    return {"dtype": TORCH_NAMES[t.dtype], "shape": list(t.shape), "data": [number(v) for v in values]}


def T(values, dtype="float32"):
    return torch.tensor(values, dtype=DTYPES[dtype])


nan, inf = float("nan"), float("inf")


# ---- ATen ----------------------------------------------------------------
# Arguments: ("name", tensor) operands, ("name", SymInt(v)) SymInt operands,
# ("name", Attr(kind, v)) attributes (a Python number, int list, string or
# dtype), ("name", None) a None operand; a list of tensors is one operand per
# element under the same name.

class Attr:
    def __init__(self, kind, value):
        self.kind, self.value = kind, value


class SymInt:
    def __init__(self, value):
        self.value = value


def num(v):
    if isinstance(v, bool):
        return Attr("bool", v)
    return Attr("int", v) if isinstance(v, int) else Attr("float", v)


def aten(name, op, args, ulp=0, decline=False, atol=0):
    operands, arg_names, attrs, kwargs = [], [], {}, {}
    for arg, value in args:
        if isinstance(value, torch.Tensor):
            operands.append({"tensor": encode(value)})
            arg_names.append(arg)
            kwargs[arg] = value
        elif isinstance(value, list) and value and isinstance(value[0], (torch.Tensor, type(None))):
            for v in value:
                operands.append({"tensor": encode(v)} if v is not None else {"none": True})
                arg_names.append(arg)
            kwargs[arg] = value
        elif isinstance(value, list) and value and isinstance(value[0], SymInt):
            for v in value:
                operands.append({"symint": v.value})
                arg_names.append(arg)
            kwargs[arg] = [v.value for v in value]
        elif isinstance(value, SymInt):
            operands.append({"symint": value.value})
            arg_names.append(arg)
            kwargs[arg] = value.value
        elif value is None:
            operands.append({"none": True})
            arg_names.append(arg)
            kwargs[arg] = None
        else:
            attrs[arg] = {value.kind: value.value if value.kind != "float" else number(value.value)}
            kwargs[arg] = DTYPES[value.value] if value.kind == "dtype" else value.value
    case = {"name": name, "op": op, "operands": operands, "arg_names": arg_names, "attrs": attrs,
            "ulp": ulp}
    if atol:
        case["atol"] = atol
    namespace, packet, overload = op.split(".")
    fn = getattr(getattr(getattr(torch.ops, namespace), packet), overload)
    try:
        out = fn(**kwargs)
    except Exception as e:  # torch rejects it: the evaluator must decline
        case["declined"] = True
        case["reason"] = type(e).__name__
        case["result_types"] = [None]
        cases.append(case)
        return
    outs = list(out) if isinstance(out, (tuple, list)) else [out]
    results = [encode(o) if isinstance(o, torch.Tensor) else {"symint": o} for o in outs]
    if decline:
        case["declined"] = True
        case["result_types"] = [{k: r[k] for k in ("dtype", "shape")} if "dtype" in r else r
                                for r in results]
    else:
        case["results"] = results
    cases.append(case)


# ---- ONNX ----------------------------------------------------------------

def onnx_attr(name, kind, value):
    if kind == "dtype":
        return helper.make_attribute(name, ONNX_TYPES[value])
    if kind == "dense":
        return helper.make_attribute(name, helper.make_tensor(
            name, ONNX_TYPES[value["dtype"]], value["shape"], value["data"]))
    return helper.make_attribute(name, value)


def onnx_case(name, op, inputs, attrs=None, num_outputs=1, ulp=0, decline=False, opset=OPSET,
              atol=0, domain="", absent_outputs=()):
    """onnxruntime's Python binding has no bfloat16 arrays: bfloat16 inputs are
    fed as float and cast inside the graph, bfloat16 outputs cast to float
    (both exact). An op of another domain (ONNX Runtime's "com.microsoft",
    version 1) is named onnx_domain.<domain>.<op>. The outputs whose index is
    in absent_outputs are not asked for (an optional output left out: a none
    result); an output the runtime does not produce makes the case one the
    evaluator must decline."""
    attrs = attrs or {}
    names = [f"in{i}" if t is not None else "" for i, t in enumerate(inputs)]
    outputs = [f"out{i}" for i in range(num_outputs) if i not in absent_outputs]
    node_outputs = [f"out{i}" if i not in absent_outputs else "" for i in range(num_outputs)]
    while node_outputs and not node_outputs[-1]:
        node_outputs.pop()
    node = helper.make_node(op, [n if t is None or t.dtype != torch.bfloat16 else n + "_bf16"
                                 for n, t in zip(names, inputs)], node_outputs, domain=domain)
    for k, (kind, v) in attrs.items():
        node.attribute.append(onnx_attr(k, kind, v))
    nodes = [helper.make_node("Cast", [n], [n + "_bf16"], to=TensorProto.BFLOAT16)
             for n, t in zip(names, inputs) if t is not None and t.dtype == torch.bfloat16]
    nodes.append(node)
    graph_inputs = [helper.make_tensor_value_info(
        n, ONNX_TYPES[TORCH_NAMES[t.dtype if t.dtype != torch.bfloat16 else torch.float32]],
        list(t.shape)) for n, t in zip(names, inputs) if t is not None]
    def make(graph_outputs):
        imports = [helper.make_opsetid("", opset)]
        if domain:
            imports.append(helper.make_opsetid(domain, 1))
        return helper.make_model(helper.make_graph(nodes, name, graph_inputs, graph_outputs),
                                 opset_imports=imports, ir_version=10)
    # onnx infers no types for another domain's ops: their outputs are declared untyped.
    inferred = make([]) if domain else onnx.shape_inference.infer_shapes(
        make([helper.make_empty_tensor_value_info(o) for o in outputs]))
    # Outputs declared with the inferred types.
    out_infos = {v.name: v for v in list(inferred.graph.output) + list(inferred.graph.value_info)}
    graph_outputs, bf16_outputs = [], set()
    for o in outputs:
        info = out_infos.get(o)
        if info is not None and info.type.tensor_type.elem_type == TensorProto.BFLOAT16:
            nodes.append(helper.make_node("Cast", [o], [o + "_f32"], to=TensorProto.FLOAT))
            graph_outputs.append(helper.make_empty_tensor_value_info(o + "_f32"))
            bf16_outputs.add(len(graph_outputs) - 1)
        elif info is not None and info.type.tensor_type.elem_type:
            graph_outputs.append(info)
        else:
            graph_outputs.append(helper.make_empty_tensor_value_info(o))
    model = make(graph_outputs)
    case = {"name": name, "op": f"onnx_domain.{domain}.{op}" if domain else "onnx." + op,
            "operands": [{"tensor": encode(t)} if t is not None else {"none": True} for t in inputs],
            "attrs": {k: {kind: v} for k, (kind, v) in attrs.items()}, "ulp": ulp}
    if atol:
        case["atol"] = atol
    try:
        session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
        feeds = {n: (t.float() if t.dtype == torch.bfloat16 else t).numpy()
                 for n, t in zip(names, inputs) if t is not None}
        outs = session.run(None, feeds)
    except Exception as e:
        case["declined"] = True
        case["reason"] = type(e).__name__
        case["result_types"] = [None] * num_outputs
        cases.append(case)
        return
    results = []
    for i, o in enumerate(outs):
        if o is None:  # the runtime does not produce it
            results.append(None)
            continue
        o = torch.from_numpy(np.array(o, copy=True))  # keeps rank 0
        results.append(encode(o.to(torch.bfloat16) if i in bf16_outputs else o))
    for i in sorted(absent_outputs):
        results.insert(i, {"none": True})
    if decline or any(r is None for r in results):
        case["declined"] = True
        if not decline:
            case["reason"] = "the runtime does not produce an output"
        case["result_types"] = [r if r is None or "none" in r else
                                {k: r[k] for k in ("dtype", "shape")} for r in results]
    else:
        case["results"] = results
    cases.append(case)


def onnx_dense(values, dtype):
    return {"dtype": dtype, "shape": [len(values)], "data": values}


def write(path, generator):
    """One case a line, so that a regenerated file diffs by case."""
    header = {"generator": generator, "torch": torch.__version__,
              "onnxruntime": ort.__version__, "opset": OPSET}
    with open(path, "w") as f:
        f.write(json.dumps(header)[:-1] + ', "cases": [\n')
        f.write(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))
        f.write("\n]}\n")
    print(f"{len(cases)} cases")
