#!/usr/bin/env python3
"""Writes the small .pt2 archives the frontend lit tests import.

Runs inside the oracle, where torch is available (an absolute path, so that
the script is found inside the root):
    tools/oracle run $PWD/tests/lit/frontends/Inputs/make_inputs.py           (torch 2.14)
    tools/oracle run --trixie $PWD/tests/lit/frontends/Inputs/make_inputs.py  (torch 2.6)
Each program is as small as what it shows allows, so that the archives stay a
few KB and the imported IR reads in one screen. With torch 2.6 only the
archive of the earlier layout (layout-2.6.pt2) is written; with a later torch,
every other one and layout-<major>.<minor>.pt2. Archives are not byte for
byte reproducible (torch writes a serialization id); rewrite only those a
change concerns.
"""

import os
import sys

import torch
from torch.export import Dim

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
VERSION = tuple(int(part) for part in torch.__version__.split(".")[:2])


def functional(program):
    """In-place updates of buffers and inputs become outputs of the signature
    (buffer and user-input mutations)."""
    return program.run_decompositions({})


def joint(program):
    """The forward and backward graph: the loss and each parameter's gradient
    are outputs."""
    from torch.export.experimental import _export_forward_backward
    return _export_forward_backward(program)


def save(name, module, args, then=None, **kwargs):
    torch.manual_seed(0)
    program = torch.export.export(module, args, strict=False, **kwargs)
    if then:
        program = then(program)
    # Stack traces name this file's lines: most of an archive's bytes, and
    # none of what the tests show.
    for module_ in program.graph_module.modules():
        for node in module_.graph.nodes:
            node.meta.pop("stack_trace", None)
    torch.export.save(program, os.path.join(OUT, name + ".pt2"))


class Signature(torch.nn.Module):
    """The inputs and outputs of an inference program's signature (custom
    objects aside): a user input it mutates, a parameter, a persistent and a
    non-persistent buffer (one mutated), a constant tensor, two user
    outputs. Loss has the training ones."""

    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(3))
        self.register_buffer("steps", torch.zeros(1, dtype=torch.int64))
        self.register_buffer("scale", torch.full((3,), 2.0), persistent=False)
        self.offset = torch.tensor([0.5, 0.5, 0.5])

    def forward(self, x, y):
        self.steps.add_(1)
        y.mul_(2.0)
        return x * self.weight * self.scale + self.offset, y + x


class Loss(torch.nn.Module):
    """A scalar loss of a parameter, exported with its backward graph."""

    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(3))

    def forward(self, x):
        return (x * self.weight).sum()


class Arguments(torch.nn.Module):
    """One op per kind of argument the serializer writes."""

    def forward(self, x, index, n):
        cat = torch.cat([x, x])                                      # as_tensors
        summed = cat.sum(dim=1, keepdim=True)                        # as_ints, as_bool
        scaled = summed * 0.5                                        # as_float
        picked = x[:, index]                                         # as_optional_tensors, none
        floor = torch.div(x, 3.0, rounding_mode="floor")             # as_string
        half = x.to(torch.float16)                                   # as_scalar_type
        dense = x.clone(memory_format=torch.contiguous_format)       # as_memory_format
        zeros = torch.zeros(2, layout=torch.strided, device="cpu")   # as_layout, as_device
        grown = torch.nn.functional.interpolate(
            x[None, None], scale_factor=[2.0, 2.0], mode="nearest")   # as_floats
        count = n.item()                                             # as_sym_int result
        torch._check(count >= 0)                                     # as_sym_bool
        arange = torch.arange(count)                                 # as_sym_int
        masks = torch.ops.aten.native_layer_norm_backward(
            x, x, [4], x.mean(1, keepdim=True), x.mean(1, keepdim=True),
            None, None, [True, False, False])                        # as_bools
        return scaled, picked, floor, half, dense, zeros, grown, arange, masks[0]


class Symbolic(torch.nn.Module):
    """A batch dim with a range, a dim derived from another, and the sizes read
    from them and passed on."""

    def forward(self, x, y):
        flat = torch.cat([x, x]).reshape(-1)
        zeros = x.new_zeros(x.shape[0], 2)                           # as_sym_ints
        return flat, y[: x.shape[0] * 2] + torch.cat([x, x]).sum(1), zeros


class Cond(torch.nn.Module):
    def forward(self, x):
        return torch.cond(x.sum() > 0, lambda t: t.sin(), lambda t: t.cos(), (x,))


class WhileLoop(torch.nn.Module):
    def forward(self, i, x):
        return torch._higher_order_ops.while_loop(
            lambda i, x: i < 3, lambda i, x: (i + 1, x * 2.0), (i, x))


class Layout(torch.nn.Module):
    """The same program under every torch: how the archive is laid out differs,
    the imported program does not."""

    def __init__(self):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.ones(2, 3))

    def forward(self, x):
        return torch.relu(x @ self.weight)


def main():
    save(f"layout-{VERSION[0]}.{VERSION[1]}", Layout(), (torch.randn(4, 2),))
    if VERSION < (2, 14):
        return
    save("signature", Signature(), (torch.randn(3), torch.randn(3)), then=functional)
    save("loss", Loss(), (torch.randn(3),), then=joint)
    save("arguments", Arguments(),
         (torch.randn(4, 4), torch.tensor([0, 2]), torch.tensor(3)))
    batch = Dim("batch", min=2, max=64)
    save("symbolic", Symbolic(), (torch.randn(4, 3), torch.randn(8)),
         dynamic_shapes=({0: batch}, {0: 2 * batch}))
    save("cond", Cond(), (torch.randn(3),))
    save("while-loop", WhileLoop(), (torch.tensor(0), torch.randn(3)))


if __name__ == "__main__":
    main()
