//===- GraphEmitter.cpp - IR (ONNX dialect) -> ModelProto -------------------===//
//
// Emits the `main` graph, and the regions of control-flow ops as graph
// attributes, into a ModelProto whose initializers carry no data
// (EmittedModel). Assumes a verified module whose ops are `onnx.*`,
// `onnx_ml.*`, `ir.constant` and `ir.return` (other dialects only with
// EmitOptions::allowUnsupported).
//
// Every value is named before anything is emitted: ONNX wants names unique
// across the main graph and its subgraphs, since a subgraph sees the names of
// the graphs around it. Requested input/output names and weight names are
// taken first and never changed; the other outputs of `main` take the names
// of the program's signature when they are free; IR names come next, in
// program order, with a numeric suffix when taken; anonymous values get
// `val_<n>`.
//
// Constants, wherever they are, become initializers of the main graph, which
// subgraphs reference by name. A graph output that is not computed by a node
// of its own graph (an input, an initializer, an outer value) or that repeats
// an earlier output gets an Identity node, as ONNX requires.
//
//===----------------------------------------------------------------------===//

#include "backends/onnx/EmittedModel.h"
#include "backends/onnx/MetadataProps.h"
#include "ir/Verifier.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <cassert>
#include <cctype>

namespace pt2onnx::onnx_backend {

namespace {

constexpr llvm::StringLiteral kCustomDomain = "pkg.torch.ops";
constexpr llvm::StringLiteral kMLDomain = "ai.onnx.ml";
constexpr llvm::StringLiteral kRegionAttrs = "ir.region_attrs";

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(std::make_error_code(std::errc::invalid_argument), message);
}

llvm::Error opError(const ir::Operation &op, const llvm::Twine &message) {
  return makeError(ir::describeOp(op) + ": " + message);
}

/// TensorProto.DataType; onnx.proto's numbers, since older onnx headers lack
/// the float8 ones.
int32_t getONNXDataType(ir::DType t) {
  switch (t) {
  case ir::DType::Float32:
    return 1;
  case ir::DType::UInt8:
    return 2;
  case ir::DType::Int8:
    return 3;
  case ir::DType::UInt16:
    return 4;
  case ir::DType::Int16:
    return 5;
  case ir::DType::Int32:
    return 6;
  case ir::DType::Int64:
    return 7;
  case ir::DType::Bool:
    return 9;
  case ir::DType::Float16:
    return 10;
  case ir::DType::Float64:
    return 11;
  case ir::DType::UInt32:
    return 12;
  case ir::DType::UInt64:
    return 13;
  case ir::DType::Complex64:
    return 14;
  case ir::DType::Complex128:
    return 15;
  case ir::DType::BFloat16:
    return 16;
  case ir::DType::Float8E4M3FN:
    return 17;
  case ir::DType::Float8E4M3FNUZ:
    return 18;
  case ir::DType::Float8E5M2:
    return 19;
  case ir::DType::Float8E5M2FNUZ:
    return 20;
  }
  llvm_unreachable("unknown dtype");
}

/// The graph attributes of control-flow ops whose regions carry no
/// `ir.region_attrs`.
llvm::ArrayRef<llvm::StringLiteral> getDefaultRegionAttrs(llvm::StringRef opName) {
  static constexpr llvm::StringLiteral kIf[] = {"then_branch", "else_branch"};
  static constexpr llvm::StringLiteral kBody[] = {"body"};
  if (opName == "onnx.If")
    return kIf;
  if (opName == "onnx.Loop" || opName == "onnx.Scan" || opName == "onnx.SequenceMap")
    return kBody;
  return {};
}

/// Names taken in one namespace; hands out fresh ones deterministically.
class UniqueNames {
public:
  /// False when `name` is already taken.
  bool reserve(llvm::StringRef name) { return taken.insert(name).second; }

  /// `base` if free, else `base_<n>`; `val_<n>` for an empty base.
  std::string fresh(llvm::StringRef base) {
    if (base.empty()) {
      std::string name;
      do
        name = "val_" + llvm::utostr(nextAnonymous++);
      while (!reserve(name));
      return name;
    }
    if (reserve(base))
      return base.str();
    unsigned &suffix = nextSuffix[base];
    std::string name;
    do
      name = (base + "_" + llvm::Twine(++suffix)).str();
    while (!reserve(name));
    return name;
  }

private:
  llvm::StringSet<> taken;
  llvm::StringMap<unsigned> nextSuffix;
  unsigned nextAnonymous = 0;
};

struct Initializer {
  std::string name;
  ir::Type type;
  llvm::ArrayRef<uint8_t> data;
  /// The first constant that produces it: its IR name is the placeholder's.
  const ir::Value *value;
  /// A module weight, rather than a dense literal.
  bool isWeight;
};

class ModelEmitter {
public:
  ModelEmitter(const ir::Module &module, const EmitOptions &options, int64_t irVersion)
      : module(module), options(options), irVersion(irVersion), writeMetadata(irVersion >= 10) {}

  llvm::Expected<EmittedModel> emit();

private:
  llvm::Error readSignature(const ir::Operation &main);
  llvm::Error collectInitializers(ir::Operation *main);
  llvm::Error assignNames(ir::Block &body);
  void nameValuesIn(ir::Block &block);

  llvm::Error emitGraph(ir::Block &block, onnx::GraphProto &graph, bool isMain);
  llvm::Error emitNode(ir::Operation &op, onnx::GraphProto &graph,
                       const llvm::DenseSet<const ir::Value *> &graphOutputs);
  llvm::Error emitAttribute(const ir::Operation &op, const ir::NamedAttribute &attr,
                            bool textFallback, onnx::AttributeProto &proto);
  llvm::Error emitRegions(ir::Operation &op, onnx::NodeProto &node);
  llvm::Error emitOutputs(ir::Operation &ret, llvm::ArrayRef<bool> identity,
                          onnx::GraphProto &graph, bool isMain);
  llvm::Error emitMainInputs(ir::Block &body, onnx::GraphProto &graph);
  void emitInitializers(onnx::GraphProto &graph, EmittedModel &result);

  bool setType(const ir::Type &type, onnx::TypeProto &proto) const;
  std::string getDimParam(ir::SymExpr expr) const;
  MetadataProps getInputMetadata(const ExportSignature::InputSpec *spec, llvm::StringRef irName,
                                 llvm::StringRef onnxName) const;
  void addMetadata(google::protobuf::Message &message, MetadataProps props) const;
  const std::string &nameOf(const ir::Value *value) const {
    auto it = valueNames.find(value);
    assert(it != valueNames.end() && "every value is named before emission");
    return it->second;
  }

  const ir::Module &module;
  const EmitOptions &options;
  int64_t irVersion;
  bool writeMetadata;

  std::optional<ExportSignature> signature;
  DimNaming dimNaming;
  /// Input specs by placeholder name and by target, for graph inputs and
  /// weights; output specs go by position.
  llvm::StringMap<const ExportSignature::InputSpec *> inputSpecs, inputSpecsByTarget;

  std::vector<Initializer> initializers;
  /// Dense constants, emitted as initializers named after their value.
  std::vector<const ir::Operation *> denseConstants;

  llvm::DenseMap<const ir::Value *, std::string> valueNames;
  /// The names planned for the outputs of `main`, by position; empty for
  /// none (then the value's name, or a fresh one for an Identity).
  std::vector<std::string> mainOutputNames;
  UniqueNames names;
  UniqueNames nodeNames;
  bool usesMLDomain = false;
  bool usesCustomDomain = false;
};

/// Which outputs of the graph ending in `ret` need an Identity node: those
/// not computed by a node of `block` itself, and repeats.
llvm::SmallVector<bool, 4> planIdentityOutputs(const ir::Operation &ret, const ir::Block &block) {
  llvm::SmallVector<bool, 4> identity;
  llvm::DenseSet<const ir::Value *> seen;
  for (unsigned i = 0, e = ret.getNumOperands(); i != e; ++i) {
    const ir::Value *v = ret.getOperand(i);
    const ir::Operation *def = v->getDefiningOp();
    bool computedHere = def && def->getBlock() == &block && !def->isa(ir::builtin::kConstant);
    identity.push_back(!computedHere || !seen.insert(v).second);
  }
  return identity;
}

llvm::Error ModelEmitter::collectInitializers(ir::Operation *main) {
  llvm::StringMap<const ir::Value *> referencedWeights;
  llvm::Error error = llvm::Error::success();
  main->walk([&](ir::Operation *op) {
    if (error || !op->isa(ir::builtin::kConstant))
      return;
    const ir::Attribute *value = op->getAttr("value");
    if (!value) {
      error = opError(*op, "constant has no 'value' attribute");
      return;
    }
    switch (value->getKind()) {
    case ir::Attribute::Kind::WeightRef:
      if (!module.lookupWeight(value->getString()))
        error =
            opError(*op, "refers to weight '" + value->getString() + "', which the module lacks");
      else
        referencedWeights.try_emplace(value->getString(), op->getResult(0));
      return;
    case ir::Attribute::Kind::Dense:
      denseConstants.push_back(op);
      return;
    case ir::Attribute::Kind::Unit:
      return;
    default:
      error = opError(*op, "constant 'value' must be a dense literal, a weight reference or unit");
    }
  });
  if (error)
    return error;

  // Module order is the archive's order: parameters, then buffers, then
  // constants, each in definition order.
  for (const auto &[name, weight] : module.getWeights()) {
    const ir::Value *value = referencedWeights.lookup(name);
    if (!value)
      continue;
    if (!options.noInitializers && !weight.hasData())
      return makeError("weight '" + name +
                       "' has no data (was the module read from text printed without weights?)");
    if (!options.noInitializers && weight.bytes.size() != weight.numBytes())
      return makeError("weight '" + name + "' holds " + llvm::Twine(weight.bytes.size()) +
                       " bytes, its type " + weight.getType().str() + " needs " +
                       llvm::Twine(weight.numBytes()));
    initializers.push_back({name, weight.getType(), weight.bytes, value, true});
  }
  return llvm::Error::success();
}

llvm::Error ModelEmitter::assignNames(ir::Block &body) {
  for (const std::string &name : options.inputNames)
    if (!names.reserve(name))
      return makeError("input name '" + name + "' is requested twice");
  for (const std::string &name : options.outputNames)
    if (!names.reserve(name))
      return makeError("output name '" + name + "' is requested twice or is an input name");
  for (const Initializer &init : initializers)
    if (!names.reserve(init.name))
      return makeError("the requested input or output name '" + init.name +
                       "' is the name of a weight");

  if (options.inputNames.size() > body.getNumArguments())
    return makeError(llvm::Twine(options.inputNames.size()) + " input names given, the graph has " +
                     llvm::Twine(body.getNumArguments()) + " inputs");
  for (unsigned i = 0, e = body.getNumArguments(); i != e; ++i) {
    const ir::Value *arg = body.getArgument(i);
    valueNames[arg] =
        i < options.inputNames.size() ? options.inputNames[i] : names.fresh(arg->getName());
  }

  ir::Operation *ret = body.back();
  if (!ret || !ret->isa(ir::builtin::kReturn))
    return makeError("graph 'main' does not end with 'ir.return'");
  if (options.outputNames.size() > ret->getNumOperands())
    return makeError(llvm::Twine(options.outputNames.size()) +
                     " output names given, the graph has " + llvm::Twine(ret->getNumOperands()) +
                     " outputs");
  // The other outputs take the names of the program's signature, which are
  // the FX nodes that torch returns (the exporter's output names), when
  // free: passes that merge or replace values do not change them.
  llvm::SmallVector<bool, 4> identity = planIdentityOutputs(*ret, body);
  mainOutputNames.assign(options.outputNames.begin(), options.outputNames.end());
  for (unsigned i = mainOutputNames.size(), e = ret->getNumOperands(); i != e; ++i) {
    llvm::StringRef name = signature ? llvm::StringRef(signature->outputs[i].name) : "";
    mainOutputNames.push_back(!name.empty() && names.reserve(name) ? name.str() : "");
  }
  for (unsigned i = 0, e = mainOutputNames.size(); i != e; ++i)
    if (!identity[i] && !mainOutputNames[i].empty())
      valueNames[ret->getOperand(i)] = mainOutputNames[i];

  nameValuesIn(body);
  for (const ir::Operation *op : denseConstants)
    initializers.push_back({nameOf(op->getResult(0)), op->getResult(0)->getType(),
                            op->getAttr("value")->getDense().bytes, op->getResult(0), false});
  return llvm::Error::success();
}

void ModelEmitter::nameValuesIn(ir::Block &block) {
  for (ir::Operation &op : block) {
    const ir::Attribute *constant = op.isa(ir::builtin::kConstant) ? op.getAttr("value") : nullptr;
    for (const ir::OpResult &result : op.getResults()) {
      if (valueNames.count(&result))
        continue;
      if (constant && constant->getKind() == ir::Attribute::Kind::WeightRef)
        valueNames[&result] = constant->getString().str();
      else if (result.getType().isNone())
        valueNames[&result] = "";
      else
        valueNames[&result] = names.fresh(result.getName());
    }
    for (unsigned r = 0, e = op.getNumRegions(); r != e; ++r) {
      for (const std::unique_ptr<ir::Block> &inner : op.getRegion(r).getBlocks()) {
        for (const std::unique_ptr<ir::BlockArgument> &arg : inner->getArguments())
          valueNames[arg.get()] = names.fresh(arg->getName());
        nameValuesIn(*inner);
      }
    }
  }
}

std::string ModelEmitter::getDimParam(ir::SymExpr expr) const {
  return renameSymbols(expr.str(), dimNaming.names);
}

bool ModelEmitter::setType(const ir::Type &type, onnx::TypeProto &proto) const {
  onnx::TypeProto::Tensor *tensor = proto.mutable_tensor_type();
  switch (type.getKind()) {
  case ir::Type::Kind::Tensor:
    tensor->set_elem_type(getONNXDataType(type.getDType()));
    if (!type.isRanked())
      return true;
    tensor->mutable_shape();
    for (const ir::Dim &dim : type.getShape()) {
      onnx::TensorShapeProto::Dimension *d = tensor->mutable_shape()->add_dim();
      if (dim.isStatic())
        d->set_dim_value(dim.getSize());
      else if (dim.isSymbolic())
        d->set_dim_param(getDimParam(dim.getExpr()));
    }
    return true;
  // Torch scalars are rank-0 tensors, as the lowering represents them.
  case ir::Type::Kind::SymInt:
    tensor->set_elem_type(getONNXDataType(ir::DType::Int64));
    tensor->mutable_shape();
    return true;
  case ir::Type::Kind::SymFloat:
    tensor->set_elem_type(getONNXDataType(ir::DType::Float64));
    tensor->mutable_shape();
    return true;
  case ir::Type::Kind::SymBool:
    tensor->set_elem_type(getONNXDataType(ir::DType::Bool));
    tensor->mutable_shape();
    return true;
  case ir::Type::Kind::None:
  case ir::Type::Kind::Opaque:
    proto.clear_value();
    return false;
  }
  llvm_unreachable("unknown type kind");
}

void ModelEmitter::addMetadata(google::protobuf::Message &message, MetadataProps props) const {
  if (!writeMetadata || props.empty())
    return;
  llvm::sort(props);
  appendMetadataProps(message, props);
}

MetadataProps ModelEmitter::getInputMetadata(const ExportSignature::InputSpec *spec,
                                             llvm::StringRef irName,
                                             llvm::StringRef onnxName) const {
  MetadataProps props;
  if (spec) {
    props.emplace_back("pkg.torch.export.graph_signature.InputSpec.kind", spec->kind);
    props.emplace_back("pkg.torch.export.graph_signature.InputSpec.persistent",
                       !spec->persistent   ? "None"
                       : *spec->persistent ? "True"
                                           : "False");
  }
  if (!irName.empty() && irName != onnxName)
    props.emplace_back("pkg.torch.onnx.original_node_name", irName.str());
  return props;
}

llvm::Error ModelEmitter::emitMainInputs(ir::Block &body, onnx::GraphProto &graph) {
  for (const std::unique_ptr<ir::BlockArgument> &arg : body.getArguments()) {
    onnx::ValueInfoProto *input = graph.add_input();
    input->set_name(nameOf(arg.get()));
    if (!setType(arg->getType(), *input->mutable_type()))
      return opError(*body.getParentOp(), "input #" + llvm::Twine(arg->getIndex()) + " has type " +
                                              arg->getType().str() + ", which ONNX cannot express");
    addMetadata(*input,
                getInputMetadata(inputSpecs.lookup(arg->getName()), arg->getName(), input->name()));
  }
  return llvm::Error::success();
}

void ModelEmitter::emitInitializers(onnx::GraphProto &graph, EmittedModel &result) {
  for (const Initializer &init : initializers) {
    const ExportSignature::InputSpec *spec = nullptr;
    if (init.isWeight) {
      spec = inputSpecs.lookup(init.value->getName());
      if (!spec)
        spec = inputSpecsByTarget.lookup(init.name);
    }
    // Weights that are graph inputs describe themselves there; every other
    // initializer gets a value_info, as the exporter writes them.
    bool isInput = init.isWeight && (options.noInitializers || options.keepInitializersAsInputs);
    onnx::ValueInfoProto *info = isInput ? graph.add_input() : graph.add_value_info();
    info->set_name(init.name);
    setType(init.type, *info->mutable_type());
    addMetadata(*info, getInputMetadata(spec, init.value->getName(), init.name));

    if (init.isWeight && options.noInitializers)
      continue;
    onnx::TensorProto *tensor = graph.add_initializer();
    for (const ir::Dim &dim : init.type.getShape())
      tensor->add_dims(dim.getSize());
    tensor->set_data_type(getONNXDataType(init.type.getDType()));
    tensor->set_name(init.name);
    result.initializerData.push_back(init.data);
  }
}

llvm::Error ModelEmitter::emitAttribute(const ir::Operation &op, const ir::NamedAttribute &attr,
                                        bool textFallback, onnx::AttributeProto &proto) {
  using Kind = ir::Attribute::Kind;
  const ir::Attribute &value = attr.value;
  proto.set_name(attr.name);
  auto fillTensor = [](const ir::DenseElements &dense, onnx::TensorProto &tensor) {
    for (int64_t d : dense.shape)
      tensor.add_dims(d);
    tensor.set_data_type(getONNXDataType(dense.dtype));
    tensor.set_raw_data(dense.bytes.data(), dense.bytes.size());
  };
  switch (value.getKind()) {
  case Kind::Bool:
    proto.set_type(onnx::AttributeProto::INT);
    proto.set_i(value.getBool());
    return llvm::Error::success();
  case Kind::Int:
    proto.set_type(onnx::AttributeProto::INT);
    proto.set_i(value.getInt());
    return llvm::Error::success();
  case Kind::DType:
    proto.set_type(onnx::AttributeProto::INT);
    proto.set_i(getONNXDataType(value.getDType()));
    return llvm::Error::success();
  case Kind::Float:
    proto.set_type(onnx::AttributeProto::FLOAT);
    proto.set_f(static_cast<float>(value.getFloat()));
    return llvm::Error::success();
  case Kind::String:
    proto.set_type(onnx::AttributeProto::STRING);
    proto.set_s(value.getString().str());
    return llvm::Error::success();
  case Kind::IntList:
    proto.set_type(onnx::AttributeProto::INTS);
    for (int64_t v : value.getIntList())
      proto.add_ints(v);
    return llvm::Error::success();
  case Kind::FloatList:
    proto.set_type(onnx::AttributeProto::FLOATS);
    for (double v : value.getFloatList())
      proto.add_floats(static_cast<float>(v));
    return llvm::Error::success();
  case Kind::StringList:
    proto.set_type(onnx::AttributeProto::STRINGS);
    for (const std::string &v : value.getStringList())
      proto.add_strings(v);
    return llvm::Error::success();
  case Kind::Dense:
    proto.set_type(onnx::AttributeProto::TENSOR);
    fillTensor(value.getDense(), *proto.mutable_t());
    return llvm::Error::success();
  case Kind::List: {
    llvm::ArrayRef<ir::Attribute> items = value.getList();
    if (items.empty() ||
        !llvm::all_of(items, [](const ir::Attribute &a) { return a.getKind() == Kind::Dense; }))
      return opError(op, "attribute '" + attr.name +
                             "' is a list that is not a list of dense tensors, which an ONNX "
                             "attribute cannot hold");
    proto.set_type(onnx::AttributeProto::TENSORS);
    for (const ir::Attribute &item : items)
      fillTensor(item.getDense(), *proto.add_tensors());
    return llvm::Error::success();
  }
  case Kind::SymExpr:
  case Kind::Type:
    if (textFallback) {
      proto.set_type(onnx::AttributeProto::STRING);
      proto.set_s(value.getKind() == Kind::SymExpr ? value.getSym().str() : value.getType().str());
      return llvm::Error::success();
    }
    return opError(op, "attribute '" + attr.name + "' is a " +
                           (value.getKind() == Kind::SymExpr ? "symbolic expression" : "type") +
                           ", which an ONNX attribute cannot hold");
  case Kind::Unit:
  case Kind::WeightRef:
    return opError(op, "attribute '" + attr.name + "' is a " +
                           (value.getKind() == Kind::Unit ? "unit" : "weight reference") +
                           ", which an ONNX attribute cannot hold");
  }
  llvm_unreachable("unknown attribute kind");
}

llvm::Error ModelEmitter::emitRegions(ir::Operation &op, onnx::NodeProto &node) {
  unsigned numRegions = op.getNumRegions();
  if (numRegions == 0)
    return llvm::Error::success();
  llvm::SmallVector<std::string, 2> attrNames;
  if (const ir::Attribute *names = op.getAttr(kRegionAttrs)) {
    if (names->getKind() == ir::Attribute::Kind::StringList)
      attrNames.append(names->getStringList().begin(), names->getStringList().end());
  } else {
    for (llvm::StringRef name : getDefaultRegionAttrs(op.getName().getStringRef()))
      attrNames.push_back(name.str());
  }
  if (attrNames.size() != numRegions)
    return opError(op, "has " + llvm::Twine(numRegions) + " regions; '" + kRegionAttrs +
                           "' must name the graph attribute of each");

  for (unsigned r = 0; r != numRegions; ++r) {
    ir::Region &region = op.getRegion(r);
    if (region.getNumBlocks() != 1)
      return opError(op, "region #" + llvm::Twine(r) + " has " +
                             llvm::Twine(region.getNumBlocks()) +
                             " blocks; an ONNX graph attribute needs exactly one");
    onnx::AttributeProto *attr = node.add_attribute();
    attr->set_name(attrNames[r]);
    attr->set_type(onnx::AttributeProto::GRAPH);
    onnx::GraphProto *graph = attr->mutable_g();
    graph->set_name(node.name() + "_" + attrNames[r]);
    if (llvm::Error error = emitGraph(region.front(), *graph, /*isMain=*/false))
      return error;
  }
  return llvm::Error::success();
}

llvm::Error ModelEmitter::emitNode(ir::Operation &op, onnx::GraphProto &graph,
                                   const llvm::DenseSet<const ir::Value *> &graphOutputs) {
  llvm::StringRef opName = op.getName().getStringRef();
  llvm::StringRef dialect = op.getDialect();
  std::string domain, opType;
  bool textFallback = false;
  if (dialect == "onnx") {
    opType = opName.drop_front(dialect.size() + 1).str();
  } else if (dialect == "onnx_ml") {
    domain = kMLDomain.str();
    opType = opName.drop_front(dialect.size() + 1).str();
    usesMLDomain = true;
  } else if (dialect == "ir") {
    return opError(op, "cannot appear inside a graph");
  } else if (options.allowUnsupported) {
    domain = kCustomDomain.str();
    opType = opName.str();
    textFallback = true;
    usesCustomDomain = true;
  } else {
    return opError(op, "unsupported op '" + opName + "': no lowering to ONNX produced it");
  }

  onnx::NodeProto *node = graph.add_node();
  node->set_op_type(opType);
  if (!domain.empty())
    node->set_domain(domain);

  // Omitted optional inputs and outputs are empty names; trailing ones are
  // dropped.
  for (unsigned i = 0, e = op.getNumOperands(); i != e; ++i) {
    const ir::Value *operand = op.getOperand(i);
    node->add_input(operand->getType().isNone() ? "" : nameOf(operand));
  }
  while (node->input_size() && node->input(node->input_size() - 1).empty())
    node->mutable_input()->RemoveLast();
  for (const ir::OpResult &result : op.getResults())
    node->add_output(nameOf(&result));
  while (node->output_size() && node->output(node->output_size() - 1).empty())
    node->mutable_output()->RemoveLast();

  node->set_name(nodeNames.fresh("node_" + (node->output_size() ? node->output(0) : opType)));

  for (const ir::NamedAttribute &attr : op.getAttrs()) {
    llvm::StringRef name = attr.name;
    if (name.starts_with("ir.") || name.starts_with("torch."))
      continue;
    if (llvm::Error error = emitAttribute(op, attr, textFallback, *node->add_attribute()))
      return error;
  }
  if (llvm::Error error = emitRegions(op, *node))
    return error;
  if (const ir::ProvenanceRef &provenance = op.getProvenance())
    addMetadata(*node, getNodeMetadata(*provenance));

  for (const ir::OpResult &result : op.getResults()) {
    if (result.getType().isNone() || graphOutputs.contains(&result))
      continue;
    onnx::ValueInfoProto info;
    info.set_name(nameOf(&result));
    if (setType(result.getType(), *info.mutable_type()))
      *graph.add_value_info() = std::move(info);
  }
  return llvm::Error::success();
}

llvm::Error ModelEmitter::emitOutputs(ir::Operation &ret, llvm::ArrayRef<bool> identity,
                                      onnx::GraphProto &graph, bool isMain) {
  for (unsigned i = 0, e = ret.getNumOperands(); i != e; ++i) {
    const ir::Value *value = ret.getOperand(i);
    bool requested = isMain && i < options.outputNames.size();
    std::string name = nameOf(value);
    if (identity[i]) {
      std::string source = std::move(name);
      name = isMain && !mainOutputNames[i].empty() ? mainOutputNames[i]
                                                   : names.fresh(value->getName());
      onnx::NodeProto *node = graph.add_node();
      node->set_op_type("Identity");
      node->set_name(nodeNames.fresh("node_" + name));
      node->add_input(source);
      node->add_output(name);
    }
    onnx::ValueInfoProto *output = graph.add_output();
    output->set_name(name);
    if (!setType(value->getType(), *output->mutable_type()))
      return opError(ret, "output #" + llvm::Twine(i) + " has type " + value->getType().str() +
                              ", which ONNX cannot express");
    if (!isMain)
      continue;
    MetadataProps props;
    if (signature)
      props.emplace_back("pkg.torch.export.graph_signature.OutputSpec.kind",
                         signature->outputs[i].kind);
    if (requested && !value->getName().empty() && value->getName() != name)
      props.emplace_back("pkg.torch.onnx.original_node_name", value->getName().str());
    addMetadata(*output, std::move(props));
  }
  return llvm::Error::success();
}

llvm::Error ModelEmitter::emitGraph(ir::Block &block, onnx::GraphProto &graph, bool isMain) {
  ir::Operation *ret = block.back();
  if (!ret || !ret->isa(ir::builtin::kReturn))
    return opError(*block.getParentOp(), "a graph body must end with 'ir.return'");
  if (!isMain) {
    for (const std::unique_ptr<ir::BlockArgument> &arg : block.getArguments()) {
      onnx::ValueInfoProto *input = graph.add_input();
      input->set_name(nameOf(arg.get()));
      setType(arg->getType(), *input->mutable_type());
    }
  }

  llvm::SmallVector<bool, 4> identity = planIdentityOutputs(*ret, block);
  llvm::DenseSet<const ir::Value *> directOutputs;
  for (unsigned i = 0, e = ret->getNumOperands(); i != e; ++i)
    if (!identity[i])
      directOutputs.insert(ret->getOperand(i));

  for (ir::Operation &op : block) {
    if (op.isa(ir::builtin::kConstant) || &op == ret)
      continue;
    if (llvm::Error error = emitNode(op, graph, directOutputs))
      return error;
  }
  return emitOutputs(*ret, identity, graph, isMain);
}

llvm::Error ModelEmitter::readSignature(const ir::Operation &main) {
  llvm::Expected<std::optional<ExportSignature>> read = readExportSignature(main);
  if (!read)
    return read.takeError();
  signature = std::move(*read);
  if (!signature)
    return llvm::Error::success();
  for (const ExportSignature::InputSpec &spec : signature->inputs) {
    inputSpecs.try_emplace(spec.name, &spec);
    if (spec.target)
      inputSpecsByTarget.try_emplace(*spec.target, &spec);
  }
  // Passes that change the outputs of `main` keep the signature in step.
  const ir::Operation *ret = main.getRegion(0).front().back();
  if (ret && ret->isa(ir::builtin::kReturn) && ret->getNumOperands() != signature->outputs.size())
    return opError(main, "returns " + llvm::Twine(ret->getNumOperands()) +
                             " values, its signature describes " +
                             llvm::Twine(signature->outputs.size()));
  return llvm::Error::success();
}

llvm::Expected<EmittedModel> ModelEmitter::emit() {
  ir::Operation *main = module.lookupGraph("main");
  if (!main)
    return makeError("the module has no graph 'main'");
  ir::Block &body = ir::Module::getGraphBody(main);
  if (llvm::Error error = readSignature(*main))
    return error;
  if (llvm::Error error = collectInitializers(main))
    return error;
  if (llvm::Error error = assignNames(body))
    return error;
  std::vector<std::string> inputNames;
  for (unsigned i = 0, e = body.getNumArguments(); i != e; ++i)
    inputNames.push_back(nameOf(body.getArgument(i)));
  llvm::Expected<DimNaming> naming =
      nameDims(module, body, inputNames, mainOutputNames, options.dimNames);
  if (!naming)
    return naming.takeError();
  dimNaming = std::move(*naming);

  EmittedModel result;
  onnx::ModelProto &model = result.model;
  model.set_ir_version(irVersion);
  model.set_producer_name("pt2onnx");
  if (!options.producerVersion.empty())
    model.set_producer_version(options.producerVersion);
  onnx::GraphProto &graph = *model.mutable_graph();
  graph.set_name("main_graph");
  if (llvm::Error error = emitMainInputs(body, graph))
    return error;
  emitInitializers(graph, result);
  if (llvm::Error error = emitGraph(body, graph, /*isMain=*/true))
    return error;
  if (signature)
    addMetadata(graph, {{"pkg.torch.export.ExportedProgram.graph_signature",
                         formatGraphSignature(*signature)},
                        {"pkg.torch.export.ExportedProgram.range_constraints",
                         formatRangeConstraints(*signature)}});
  for (const auto &[key, value] : options.modelMetadata) {
    onnx::StringStringEntryProto *entry = model.add_metadata_props();
    entry->set_key(key);
    entry->set_value(value);
  }

  if (!dimNaming.rangesJSON.empty()) {
    onnx::StringStringEntryProto *ranges = model.add_metadata_props();
    ranges->set_key(kDimRangesKey.str());
    ranges->set_value(dimNaming.rangesJSON);
  }

  onnx::OperatorSetIdProto *opset = model.add_opset_import();
  opset->set_domain("");
  opset->set_version(options.opset);
  if (usesMLDomain) {
    // ai.onnx.ml's version in the onnx release that introduced the opset.
    opset = model.add_opset_import();
    opset->set_domain(kMLDomain.str());
    opset->set_version(options.opset <= 19 ? 3 : options.opset == 20 ? 4 : 5);
  }
  if (usesCustomDomain) {
    opset = model.add_opset_import();
    opset->set_domain(kCustomDomain.str());
    opset->set_version(1);
  }
  return result;
}

} // namespace

llvm::Expected<int64_t> getIRVersion(const EmitOptions &options) {
  // onnx's VERSION_TABLE: the IR version of the release that introduced each
  // opset, from the first the compiler targets on.
  static constexpr int64_t kOpsetIRVersions[] = {8, 8, 9, 9, 10, 10, 11, 12, 13};
  constexpr int64_t kFirstOpset = ir::kMinOnnxOpset;
  constexpr int64_t kLastOpset = kFirstOpset + std::size(kOpsetIRVersions) - 1;
  if (options.opset < kFirstOpset || options.opset > kLastOpset)
    return makeError("unsupported opset " + llvm::Twine(options.opset) + " (supported: " +
                     llvm::Twine(kFirstOpset) + " to " + llvm::Twine(kLastOpset) + ")");
  int64_t needed = kOpsetIRVersions[options.opset - kFirstOpset];
  if (options.irVersion == 0)
    // The PyTorch exporter writes IR version 10 (metadata_props need it).
    return std::max<int64_t>(10, needed);
  if (options.irVersion < needed)
    return makeError("IR version " + llvm::Twine(options.irVersion) + " is too old for opset " +
                     llvm::Twine(options.opset) + ", which needs " + llvm::Twine(needed));
  return options.irVersion;
}

llvm::Expected<EmittedModel> emitModel(const ir::Module &module, const EmitOptions &options) {
  llvm::Expected<int64_t> irVersion = getIRVersion(options);
  if (!irVersion)
    return irVersion.takeError();
  std::optional<int64_t> lowered = module.getLoweredOpset();
  if (lowered && *lowered != options.opset)
    return makeError("the program was lowered to ONNX opset " + llvm::Twine(*lowered) +
                     " and cannot be written as opset " + llvm::Twine(options.opset));
  return ModelEmitter(module, options, *irVersion).emit();
}

llvm::Expected<onnx::ModelProto> buildModelProto(const ir::Module &module,
                                                 const EmitOptions &options) {
  llvm::Expected<EmittedModel> emitted = emitModel(module, options);
  if (!emitted)
    return emitted.takeError();
  onnx::GraphProto &graph = *emitted->model.mutable_graph();
  for (int i = 0, e = graph.initializer_size(); i != e; ++i) {
    llvm::ArrayRef<uint8_t> data = emitted->initializerData[i];
    graph.mutable_initializer(i)->set_raw_data(data.data(), data.size());
  }
  return std::move(emitted->model);
}

} // namespace pt2onnx::onnx_backend
