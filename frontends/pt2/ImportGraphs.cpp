//===- ImportGraphs.cpp - Graphs and higher-order ops ---------------------===//
//
// A graph's scope (its values and type tables), its nodes in order, and the
// subgraphs of higher-order ops (cond, while_loop, map, scan, ...), imported
// as the regions of the op, with their placeholders as block arguments.
//
//===----------------------------------------------------------------------===//

#include "frontends/pt2/Importer.h"

using namespace llvm;
using namespace pt2onnx;
using namespace pt2onnx::pt2;

namespace pt2onnx::pt2::importer {

const HigherOrderParams *lookupHigherOrderParams(StringRef op) {
  static const HigherOrderParams table[] = {
      {"higher_order.cond", {"pred", "true_fn", "false_fn", "operands"}, false},
      {"higher_order.while_loop",
       {"cond_fn", "body_fn", "carried_inputs", "additional_inputs"},
       false},
      {"higher_order.map_impl", {"f", "xs", "pos_args"}, false},
      {"higher_order.scan", {"combine_fn", "init", "xs", "additional_inputs"}, false},
      {"higher_order.associative_scan", {"combine_fn", "xs", "additional_inputs"}, false},
      {"higher_order.wrap_with_set_grad_enabled", {"enable_grad", "wrapped_func", "args"}, true},
      {"higher_order.wrap_with_autocast",
       {"device_type", "dtype", "enabled", "cache_enabled", "wrapped_func", "args"},
       true},
      {"higher_order.invoke_subgraph", {"subgraph", "identifier", "operands"}, true},
      {"higher_order.auto_functionalized", {"_mutable_op"}, false},
      {"higher_order.auto_functionalized_v2", {"_mutable_op"}, false},
      {"higher_order.with_effects", {"token", "op", "args"}, true},
  };
  for (const HigherOrderParams &p : table)
    if (p.op == op)
      return &p;
  return nullptr;
}

bool Importer::openScope(const json &graph, ir::Block &block, unsigned depth, GraphScope &scope) {
  if (depth > options.limits.maxRegionDepth)
    return fail(graph, "subgraphs nested deeper than " + Twine(options.limits.maxRegionDepth) +
                           " levels (--max-region-depth raises the limit)");
  if (!expectObject(graph))
    return false;
  checkFields(graph, kGraphFields, "Graph");
  scope.tensorValues = field(graph, "tensor_values");
  if (!scope.tensorValues || !expectObject(*scope.tensorValues))
    return false;
  scope.symIntValues = optionalField(graph, "sym_int_values");
  if (!scope.symIntValues)
    scope.symIntValues = &emptyObject;
  if (!expectObject(*scope.symIntValues))
    return false;
  scope.block = &block;
  scope.depth = depth;
  builder.setInsertionPointToEnd(&block);
  return true;
}

bool Importer::importNodes(GraphScope &scope, const json &graph) {
  const json *nodes = field(graph, "nodes");
  if (!nodes || !expectArray(*nodes))
    return false;
  const ImportLimits &limits = options.limits;
  if (nodes->size() > limits.maxGraphNodes)
    return fail(*nodes, "a graph of " + Twine(nodes->size()) + " nodes, more than " +
                            Twine(limits.maxGraphNodes) + " (--max-nodes raises the limit)");
  totalNodes += nodes->size();
  if (totalNodes > limits.maxTotalNodes)
    return fail(*nodes, "the graphs have more than " + Twine(limits.maxTotalNodes) +
                            " nodes in all (--max-total-nodes raises the limit)");
  for (const json &node : *nodes) {
    builder.setInsertionPointToEnd(scope.block);
    if (!importNode(scope, node))
      return false;
  }
  builder.setInsertionPointToEnd(scope.block);
  builder.setProvenance(nullptr);
  return true;
}

bool Importer::importSubgraph(const json &graph, ir::Block &block, unsigned depth) {
  ir::InsertionGuard guard(builder);
  GraphScope scope;
  if (!openScope(graph, block, depth, scope))
    return false;
  const json *inputs = field(graph, "inputs");
  if (!inputs ||
      !forEach(*inputs, [&](const json &input) { return importSubgraphInput(scope, input); }))
    return false;
  if (!importNodes(scope, graph))
    return false;
  const json *outputs = field(graph, "outputs");
  SmallVector<ir::Value *, 4> results;
  if (!outputs || !forEach(*outputs, [&](const json &output) {
        ir::Value *v = graphOutput(scope, output);
        results.push_back(v);
        return v != nullptr;
      }))
    return false;
  builder.createReturn(results);
  return true;
}

bool Importer::importSubgraphInput(GraphScope &scope, const json &input) {
  StringRef kind, name;
  const json *v = readUnion(input, kArgumentKinds, kind);
  if (!v)
    return false;
  ir::Type type;
  if (kind == "as_tensor") {
    if (!readTensorArgument(*v, name) || !tensorType(scope, *v, name, type))
      return false;
  } else if (kind == "as_sym_int" || kind == "as_sym_float" || kind == "as_sym_bool") {
    if (!symbolicPlaceholder(scope, kind, *v, name, type))
      return false;
  } else if (is_contained(kConstantValueKinds, kind)) {
    // A placeholder torch specialized to a constant; nothing refers to it.
    Scalar s;
    if (!readScalar(input, s))
      return false;
    type = s.type;
  } else {
    return fail(input, "subgraph input of kind '" + kind + "' is not supported");
  }
  return define(scope, input, name, scope.block->addArgument(type));
}

ir::Value *Importer::graphOutput(GraphScope &scope, const json &output) {
  StringRef kind;
  const json *v = readUnion(output, kArgumentKinds, kind);
  if (!v)
    return nullptr;
  if (kind == "as_tensor")
    return lookupTensor(scope, *v);
  if (kind == "as_none")
    return noneValue(scope);
  if (is_contained(kConstantValueKinds, kind)) {
    Scalar s;
    return readScalar(output, s) ? createConstant(s) : nullptr;
  }
  if (kind == "as_sym_int" || kind == "as_sym_float" || kind == "as_sym_bool") {
    ArrayRef<StringLiteral> kinds = kind == "as_sym_int"     ? kSymIntArgumentKinds
                                    : kind == "as_sym_float" ? kSymFloatArgumentKinds
                                                             : kSymBoolArgumentKinds;
    StringRef valueKind;
    const json *value = readUnion(*v, kinds, valueKind);
    if (!value)
      return nullptr;
    if (valueKind == "as_name") {
      StringRef name;
      return readString(*value, name) ? lookup(scope, *value, name) : nullptr;
    }
    Scalar s;
    return readScalarValue(valueKind, *value, s) ? createConstant(s) : nullptr;
  }
  fail(output, "graph output of kind '" + kind + "' is not supported");
  return nullptr;
}

} // namespace pt2onnx::pt2::importer
