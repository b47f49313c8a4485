#!/usr/bin/python3
"""Writes ir/schema/OpTable.inc: every operator pt2onnx may meet in a program.

The table lists the operator overloads registered with the dispatcher of the
torch this script runs with (not TorchScript's schema list, which also holds
overloads no exported program can contain, such as a scalar `aten::add`),
restricted to those that have a kernel, for the namespaces an exported program
uses; then the higher-order ops and the Python functions torch.export writes as
symbolic nodes, which have no schema. Each overload line carries its schema
string, its tags, whether it has a CompositeImplicitAutograd kernel and whether
the two decomposition tables of torch have it, and the functional overload an
in-place, out or mutable overload stands for.

Run with the reference torch (the output is checked in; a test compares):
    PT2ONNX_ORACLE_DIR=/root/.cache/pt2onnx/oracle tools/oracle run ir/schema/gen_op_table.py
"""

import argparse
import operator
import os
import sys

import torch
import torch._decomp
import torch._export.serde.serialize as serialize
import torch.ao.quantization.fx._decomposed  # noqa: F401  (registers quantized_decomposed)
import torch.fx.experimental.sym_node as sym_node
import torch.nn.modules.linear_cross_entropy  # noqa: F401  (registers torch_nn)
import torchvision  # noqa: F401  (registers torchvision ops)

try:
    import torchaudio  # noqa: F401  (registers torchaudio ops)
except ImportError:
    pass

NAMESPACES = ("aten", "prims", "quantized_decomposed", "torch_nn", "torchvision", "torchaudio")

# Python functions an exported graph calls on symbolic values beyond the two
# lists read below: Dynamo spells `not b` on a SymBool as operator.not_, which
# the serializer writes as a symbolic node because its value is a SymBool.
EXTRA_SYMBOLIC_FUNCTIONS = (operator.not_,)

COMMAND = (
    "PT2ONNX_ORACLE_DIR=/root/.cache/pt2onnx/oracle tools/oracle run ir/schema/gen_op_table.py"
)


def key_of(op):
    ns, _, name = op.name().partition("::")
    name, _, overload = name.partition(".")
    return f"{ns}.{name}.{overload or 'default'}"


def registered_overloads():
    """The dispatcher's overloads with a kernel, in NAMESPACES."""
    found = {}
    for qualified in torch._C._dispatch_get_registrations_for_dispatch_key(""):
        ns, _, name = qualified.partition("::")
        if ns not in NAMESPACES or not torch._C._dispatch_has_kernel(qualified):
            continue
        name, _, overload = name.partition(".")
        try:
            op = getattr(getattr(getattr(torch.ops, ns), name), overload or "default")
        except AttributeError:
            # A kernel registered without a schema (Vulkan's aten::hardshrink_)
            # is no operator a program can call.
            continue
        found[key_of(op)] = op
    return found


def is_written(arg):
    return arg.alias_info is not None and arg.alias_info.is_write


def is_functional(schema):
    return not any(is_written(a) for a in schema.arguments) and not schema.is_mutable


def read_signature(schema, with_names=True):
    """The arguments a functional twin takes: all but the out= arguments
    (written and keyword-only), by name (unless `with_names` is false) and
    type."""
    return [
        (a.name if with_names else "", str(a.type))
        for a in schema.arguments
        if not (is_written(a) and a.kwarg_only)
    ]


def twin_names(name):
    """The names a functional twin of the mutating operator `name` may have:
    `add_` -> `add`, `normal_` -> `normal_functional`, and for the Python
    augmented assignments `__iand__` -> `__and__`."""
    if name.startswith("__i") and name.endswith("__"):
        return ("__" + name[3:],)
    base = name.rstrip("_")
    return (base, base + "_functional")


def functional_twin(op, by_name):
    """The functional overload `op` (in-place, out or mutable) stands for: one
    of a twin name that takes the arguments `op` reads, by name and type, or
    by type alone when no overload matches by name (`dropout_` reads `self`,
    `dropout` reads `input`)."""
    schema = op._schema
    if is_functional(schema):
        return ""
    ns, _, name = schema.name.partition("::")
    for with_names in (True, False):
        wanted = read_signature(schema, with_names)
        matches = []
        for candidate_name in twin_names(name):
            for key, candidate in by_name.get(f"{ns}::{candidate_name}", ()):
                c = candidate._schema
                if not is_functional(c):
                    continue
                if read_signature(c, with_names) == wanted:
                    matches.append((c.overload_name != schema.overload_name, key))
        matches.sort()
        if len(matches) == 1 or (len(matches) > 1 and matches[0][0] != matches[1][0]):
            return matches[0][1]
        if matches:
            return ""
    return ""


def flags_of(op, decompositions, export_decompositions):
    flags = []
    if torch._C._dispatch_has_kernel_for_dispatch_key(
        op.name(), torch._C.DispatchKey.CompositeImplicitAutograd
    ):
        flags.append("cia")
    if op in decompositions:
        flags.append("decomposition")
    if op in export_decompositions:
        flags.append("default_decomposition")
    return flags


def bit_expression(macro, names):
    return " | ".join(f"{macro}({n})" for n in names) or "0"


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def overload_lines():
    overloads = registered_overloads()
    decompositions = torch._decomp.decomposition_table
    export_decompositions = set(torch.export.default_decompositions().keys())
    by_name = {}
    for key, op in overloads.items():
        by_name.setdefault(op._schema.name, []).append((key, op))
    lines = {}
    for key, op in overloads.items():
        schema = str(op._schema).partition("::")[2]
        tags = sorted(t.name for t in op.tags)
        flags = flags_of(op, decompositions, export_decompositions)
        lines[key] = (
            f"OP({c_string(key)}, {c_string(schema)}, {bit_expression('TAG', tags)}, "
            f"{bit_expression('FLAG', flags)}, {c_string(functional_twin(op, by_name))})"
        )
    return lines


def symbolic_key(function):
    """The op name pt2onnx's importer gives a node calling `function`: the
    serializer writes `module.name`, and the importer reads `_operator.` as
    `operator.`."""
    module = function.__module__
    if module == "_operator":
        module = "operator"
    return f"{module}.{function.__name__}"


def symbolic_functions():
    functions = set(serialize._SYM_OPS) | set(EXTRA_SYMBOLIC_FUNCTIONS)
    # The functions symbolic values implement their Python operators and math
    # functions with: each may appear as a node whose value is symbolic.
    for function in sym_node.METHOD_TO_OPERATOR.values():
        if function.__module__ in ("_operator", "math", "builtins", "torch"):
            functions.add(function)
    return functions


def all_lines():
    lines = overload_lines()
    for name in torch._ops._higher_order_ops:
        key = f"higher_order.{name}"
        lines[key] = f"HIGHER_ORDER_OP({c_string(key)})"
    for function in symbolic_functions():
        key = symbolic_key(function)
        lines[key] = f"SYMBOLIC_OP({c_string(key)})"
    return [lines[k] for k in sorted(lines)]


def main():
    default_output = os.path.join(os.path.dirname(os.path.abspath(__file__)), "OpTable.inc")
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--output", default=default_output, help="file to write (default: %(default)s)"
    )
    args = parser.parse_args()
    lines = all_lines()
    banner = [
        "//===- OpTable.inc - The operators pt2onnx knows, from torch's registry ---===//",
        "//",
        f"// Generated by ir/schema/gen_op_table.py from torch {torch.__version__}; do not edit.",
        f"// Regenerate with: {COMMAND}",
        "//",
        '// OP(key, schema, tags, flags, functional twin key or "")',
        "// HIGHER_ORDER_OP(key)      SYMBOLIC_OP(key)",
        "//",
        "//===" + "-" * 70 + "===//",
        "",
    ]
    with open(args.output, "w") as f:
        f.write("\n".join(banner) + "\n")
        for line in lines:
            f.write(line + "\n")
    print(f"wrote {len(lines)} operators to {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
