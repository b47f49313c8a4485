//===- DotWriter.cpp - A module as a Graphviz graph -------------------------===//

#include "tools/DotWriter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#include <boost/graph/subgraph.hpp>

#include <map>
#include <sstream>
#include <string>

namespace pt2onnx::tools {

namespace {

constexpr DotFamily kFamilies[] = {
    {"elementwise", "#a6cee3"},   {"conv and matrix products", "#fb9a99"},
    {"normalization", "#cab2d6"}, {"shape", "#b2df8a"},
    {"reduction", "#fdbf6f"},     {"indexing", "#ffff99"},
    {"control flow", "#8dd3c7"},  {"constants and weights", "#d9d9d9"},
    {"other", "#fccde5"},
};
enum FamilyIndex {
  kElementwise,
  kConv,
  kNorm,
  kShape,
  kReduction,
  kIndexing,
  kControlFlow,
  kConstants,
  kOther
};

/// The op kind a family is found by, lower-cased: `conv` for
/// `onnx.Conv`, `add` for `aten.add.Tensor`, the whole name otherwise.
std::string getKind(llvm::StringRef opName) {
  auto [dialect, rest] = opName.split('.');
  if (dialect == "aten")
    rest = rest.split('.').first;
  else if (dialect != "onnx")
    rest = opName;
  return rest.lower();
}

FamilyIndex classify(llvm::StringRef opName) {
  if (opName == "ir.constant" || opName == "onnx.Constant" || opName == "onnx.ConstantOfShape")
    return kConstants;
  if (opName == "ir.return" || opName.startswith("higher_order.") || opName == "onnx.If" ||
      opName == "onnx.Loop" || opName == "onnx.Scan" || opName == "onnx.SequenceMap")
    return kControlFlow;
  std::string kind = getKind(opName);
  llvm::StringRef k = kind;
  // In-place overloads (relu_) belong with their functional twins.
  if (!k.startswith("__")) {
    k.consume_front("_");
    k.consume_back("_");
  }
  struct Rule {
    FamilyIndex family;
    std::initializer_list<llvm::StringLiteral> exact;
    std::initializer_list<llvm::StringLiteral> contains;
  };
  static const Rule rules[] = {
      {kNorm, {"lrn", "local_response_norm"}, {"norm"}},
      {kConv,
       {"mm", "bmm", "addmm", "baddbmm", "matmul", "gemm", "linear", "einsum", "lstm", "gru", "rnn",
        "attention"},
       {"conv", "pool", "scaled_dot_product", "matmul"}},
      {kReduction,
       {"sum",    "mean",    "amax",     "amin",     "argmax",    "argmin",      "prod",
        "var",    "std",     "var_mean", "std_mean", "logsumexp", "cumsum",      "cumprod",
        "cummax", "cummin",  "all",      "any",      "softmax",   "log_softmax", "topk",
        "sort",   "hardmax", "aminmax",  "max",      "min"},
       {"reduce"}},
      {kIndexing,
       {"slice", "select", "narrow", "index_select", "embedding", "nonzero", "one_hot", "onehot",
        "masked_select", "take", "tril", "triu", "trilu", "unfold"},
       {"gather", "scatter", "index"}},
      {kShape,
       {"reshape",
        "view",
        "unsafe_view",
        "transpose",
        "permute",
        "t",
        "squeeze",
        "unsqueeze",
        "expand",
        "expand_as",
        "cat",
        "concat",
        "stack",
        "split",
        "split_with_sizes",
        "chunk",
        "unbind",
        "flatten",
        "unflatten",
        "shape",
        "size",
        "sym_size",
        "numel",
        "tile",
        "repeat",
        "pad",
        "constant_pad_nd",
        "reflection_pad1d",
        "reflection_pad2d",
        "replication_pad2d",
        "clone",
        "contiguous",
        "alias",
        "detach",
        "roll",
        "flip",
        "identity",
        "depthtospace",
        "spacetodepth",
        "pixel_shuffle",
        "pixel_unshuffle",
        "movedim",
        "swapaxes",
        "view_as",
        "lift_fresh_copy",
        "copy"},
       {}},
  };
  for (const Rule &rule : rules) {
    for (llvm::StringLiteral e : rule.exact)
      if (k == e)
        return rule.family;
    for (llvm::StringLiteral c : rule.contains)
      if (k.contains(c))
        return rule.family;
  }
  // Elementwise: ONNX's per-element ops and ATen's pointwise overloads.
  static const llvm::StringSet<> elementwise = {"add",
                                                "sub",
                                                "mul",
                                                "div",
                                                "pow",
                                                "neg",
                                                "abs",
                                                "exp",
                                                "exp2",
                                                "expm1",
                                                "log",
                                                "log2",
                                                "log10",
                                                "log1p",
                                                "sqrt",
                                                "rsqrt",
                                                "reciprocal",
                                                "relu",
                                                "relu6",
                                                "gelu",
                                                "silu",
                                                "mish",
                                                "sigmoid",
                                                "hardsigmoid",
                                                "hardswish",
                                                "hardtanh",
                                                "tanh",
                                                "elu",
                                                "selu",
                                                "celu",
                                                "leaky_relu",
                                                "leakyrelu",
                                                "prelu",
                                                "softplus",
                                                "softsign",
                                                "erf",
                                                "sin",
                                                "cos",
                                                "tan",
                                                "asin",
                                                "acos",
                                                "atan",
                                                "atan2",
                                                "sinh",
                                                "cosh",
                                                "asinh",
                                                "acosh",
                                                "atanh",
                                                "floor",
                                                "ceil",
                                                "round",
                                                "trunc",
                                                "frac",
                                                "sign",
                                                "clamp",
                                                "clamp_min",
                                                "clamp_max",
                                                "clip",
                                                "where",
                                                "cast",
                                                "to",
                                                "to_copy",
                                                "type_as",
                                                "eq",
                                                "ne",
                                                "lt",
                                                "le",
                                                "gt",
                                                "ge",
                                                "equal",
                                                "less",
                                                "lessorequal",
                                                "greater",
                                                "greaterorequal",
                                                "and",
                                                "or",
                                                "xor",
                                                "not",
                                                "logical_and",
                                                "logical_or",
                                                "logical_xor",
                                                "logical_not",
                                                "bitwise_and",
                                                "bitwise_or",
                                                "bitwise_xor",
                                                "bitwise_not",
                                                "bitwiseand",
                                                "bitwiseor",
                                                "bitwisexor",
                                                "bitwisenot",
                                                "isnan",
                                                "isinf",
                                                "remainder",
                                                "fmod",
                                                "mod",
                                                "floor_divide",
                                                "maximum",
                                                "minimum",
                                                "square",
                                                "lerp",
                                                "addcmul",
                                                "addcdiv",
                                                "masked_fill",
                                                "fill",
                                                "dropout",
                                                "native_dropout",
                                                "nan_to_num",
                                                "hypot",
                                                "logit",
                                                "hardshrink",
                                                "softshrink",
                                                "shrink",
                                                "thresholdedrelu",
                                                "thresholded_relu",
                                                "threshold",
                                                "zeros_like",
                                                "ones_like",
                                                "full_like",
                                                "empty_like",
                                                "__and__",
                                                "__or__",
                                                "__xor__",
                                                "__lshift__",
                                                "__rshift__",
                                                "bitshift"};
  if (elementwise.contains(k))
    return kElementwise;
  return kOther;
}

using Attributes = std::map<std::string, std::string>;
using DotGraph = boost::subgraph<boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS,
    boost::property<boost::vertex_attribute_t, Attributes>,
    boost::property<boost::edge_index_t, int, boost::property<boost::edge_attribute_t, Attributes>>,
    boost::property<boost::graph_name_t, std::string,
                    boost::property<boost::graph_graph_attribute_t, Attributes,
                                    boost::property<boost::graph_vertex_attribute_t, Attributes,
                                                    boost::property<boost::graph_edge_attribute_t,
                                                                    Attributes>>>>>>;
using Vertex = boost::graph_traits<DotGraph>::vertex_descriptor;

/// Builds the graph: clusters in program order, vertices in program order.
class DotBuilder {
public:
  explicit DotBuilder(DotGraph &root) : root(root) {}

  void addModule(const ir::Module &module) {
    Attributes &graphAttrs = boost::get_property(root, boost::graph_graph_attribute);
    graphAttrs["rankdir"] = "TB";
    Attributes &nodeAttrs = boost::get_property(root, boost::graph_vertex_attribute);
    nodeAttrs["shape"] = "box";
    nodeAttrs["style"] = "filled";
    nodeAttrs["fontname"] = "Helvetica";
    for (const ir::Operation &graph : module.getBody()) {
      if (!graph.isa(ir::builtin::kGraph))
        continue;
      const ir::Attribute *name = graph.getAttr("sym_name");
      DotGraph &cluster =
          makeCluster(root, "graph " + (name && name->getKind() == ir::Attribute::Kind::String
                                            ? name->getString().str()
                                            : std::string("?")));
      addBlock(cluster, ir::Module::getGraphBody(const_cast<ir::Operation *>(&graph)));
    }
    for (auto [from, to] : pendingEdges)
      boost::add_edge(from, to, root);
  }

private:
  DotGraph &makeCluster(DotGraph &parent, const std::string &label) {
    DotGraph &cluster = parent.create_subgraph();
    boost::get_property(cluster, boost::graph_name) = "cluster" + std::to_string(numClusters++);
    Attributes &attrs = boost::get_property(cluster, boost::graph_graph_attribute);
    attrs["label"] = label;
    attrs["style"] = "rounded";
    return cluster;
  }

  Vertex addVertex(DotGraph &cluster, const std::string &label, llvm::StringRef color,
                   llvm::StringRef shape) {
    Vertex local = boost::add_vertex(cluster);
    Attributes &attrs = boost::get(boost::vertex_attribute, cluster)[local];
    attrs["label"] = label;
    attrs["fillcolor"] = color.str();
    if (!shape.empty())
      attrs["shape"] = shape.str();
    return cluster.local_to_global(local);
  }

  void addBlock(DotGraph &cluster, const ir::Block &block) {
    for (const std::unique_ptr<ir::BlockArgument> &arg : block.getArguments())
      vertexOf[arg.get()] = addVertex(
          cluster, "%" + arg->getName().str() + "\\n" + arg->getType().str(), "#ffffff", "ellipse");
    for (const ir::Operation &op : block)
      addOp(cluster, op);
  }

  void addOp(DotGraph &cluster, const ir::Operation &op) {
    llvm::StringRef name = op.getName().getStringRef();
    std::string label = name.str();
    if (const ir::Attribute *value = op.getAttr("value");
        value && value->getKind() == ir::Attribute::Kind::WeightRef)
      label += " " + value->getString().str();
    if (op.getNumResults() == 1)
      label += "\\n" + op.getResult(0)->getType().str();
    else if (op.getNumResults() > 1)
      label += "\\n" + std::to_string(op.getNumResults()) + " results";
    Vertex v = addVertex(cluster, label, kFamilies[classify(name)].color, "");
    for (unsigned i = 0; i < op.getNumOperands(); ++i)
      if (auto it = vertexOf.find(op.getOperand(i)); it != vertexOf.end())
        pendingEdges.push_back({it->second, v});
    for (const ir::OpResult &r : op.getResults())
      vertexOf[&r] = v;
    for (unsigned r = 0; r < op.getNumRegions(); ++r) {
      const ir::Region &region = op.getRegion(r);
      std::string regionLabel = name.str() + " region " + std::to_string(r);
      if (const ir::Attribute *names = op.getAttr("ir.region_attrs");
          names && names->getKind() == ir::Attribute::Kind::StringList &&
          r < names->getStringList().size())
        regionLabel = name.str() + " " + names->getStringList()[r];
      else if (const ir::Attribute *names = op.getAttr("region_names");
               names && names->getKind() == ir::Attribute::Kind::StringList &&
               r < names->getStringList().size())
        regionLabel = name.str() + " " + names->getStringList()[r];
      DotGraph &nested = makeCluster(cluster, regionLabel);
      for (const std::unique_ptr<ir::Block> &block : region.getBlocks())
        addBlock(nested, *block);
    }
  }

  DotGraph &root;
  unsigned numClusters = 0;
  llvm::DenseMap<const ir::Value *, Vertex> vertexOf;
  /// Added once every vertex exists: an operand may be defined later in
  /// the text (a use before its definition in a graph's region).
  std::vector<std::pair<Vertex, Vertex>> pendingEdges;
};

} // namespace

llvm::ArrayRef<DotFamily> getDotFamilies() { return kFamilies; }

const DotFamily &classifyForDot(llvm::StringRef opName) { return kFamilies[classify(opName)]; }

void writeDot(const ir::Module &module, llvm::raw_ostream &os) {
  DotGraph root;
  boost::get_property(root, boost::graph_name) = "pt2onnx";
  DotBuilder(root).addModule(module);
  std::ostringstream text;
  boost::write_graphviz(text, root);
  os << text.str();
}

} // namespace pt2onnx::tools
