// One case: one graph; --no-provenance is checked over the whole module.
// Provenance is the op's location: loc("node") for a node without metadata,
// or a fused location whose metadata dictionary holds the node's fields
// (sorted by key) and whose one location is the node name. --no-provenance
// leaves it out.
// RUN: %pt2onnx-opt %s | FileCheck %s
// RUN: %pt2onnx-opt %s -o %t.1 && %pt2onnx-opt %t.1 -o %t.2 && diff %t.1 %t.2
// RUN: %pt2onnx-opt %s | %mlir-opt --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=MLIR
// RUN: %pt2onnx-opt %s --no-provenance | FileCheck %s --check-prefix=NOLOC

// CHECK:      %relu = "aten.relu.default"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("relu")
// Quotes and newlines in stack traces are escaped.
// CHECK-NEXT: %add = "aten.add.Tensor"(%relu, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(fused<{nn_module_stack = "{'L__self__': ('', 'Net')}", stack_trace = "File \22/src/model.py\22, line 12, in forward\0A    return self.relu(x) + x", torch_fn = "add_1;builtin.add"}>["add"])
// Keys that are not identifiers are quoted; names and values may be empty.
// CHECK-NEXT: %odd = "aten.neg.default"(%add) : (tensor<4xf32>) -> tensor<4xf32> loc(fused<{"key with spaces" = "tab\09and \\ backslash", z = ""}>[""])
// An op without provenance has no location.
// CHECK-NEXT: "ir.return"(%odd) : (tensor<4xf32>) -> (){{$}}

// MLIR-DAG: loc("relu")
// MLIR-DAG: loc(fused<{nn_module_stack = "{'L__self__': ('', 'Net')}", stack_trace = "File \22/src/model.py\22, line 12, in forward\0A    return self.relu(x) + x", torch_fn = "add_1;builtin.add"}>[
// MLIR-DAG: loc("add")

// NOLOC-NOT: loc(

"ir.module"() ({
  "ir.graph"() ({
  ^bb0(%x: tensor<4xf32>):
    %relu = "aten.relu.default"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("relu")
    %add = "aten.add.Tensor"(%relu, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(fused<{nn_module_stack = "{'L__self__': ('', 'Net')}", stack_trace = "File \22/src/model.py\22, line 12, in forward\0A    return self.relu(x) + x", torch_fn = "add_1;builtin.add"}>["add"])
    %odd = "aten.neg.default"(%add) : (tensor<4xf32>) -> tensor<4xf32> loc(fused<{"key with spaces" = "tab\09and \\ backslash", z = ""}>[""])
    "ir.return"(%odd) : (tensor<4xf32>) -> ()
  }) {sym_name = "main"} : () -> ()
}) : () -> ()
