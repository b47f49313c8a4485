//===- ConstantFolder.cpp - The constants fold-constants reads and makes ---===//
//
// Results of at most 1 KiB become dense literals, larger ones new module
// weights named after the value they replace, with a suffix when a weight or
// a value already has the name: the ONNX writer gives weights their names
// first, so a weight named like a graph output would rename that output.
//
//===----------------------------------------------------------------------===//

#include "passes/fold/ConstantFolder.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

using eval::Tensor;
using ir::DType;

namespace {

/// Results up to this size become dense literals, larger ones weights.
constexpr size_t kMaxDenseBytes = 1024;

ir::WeightData weightOf(const Tensor &t) {
  ir::WeightData w;
  w.dtype = t.getDType();
  w.shape.assign(t.getShape().begin(), t.getShape().end());
  w.bytes = t.getBytes();
  w.keepAlive = t.getOwner();
  return w;
}

} // namespace

ConstantFolder::ConstantFolder(ir::Module &module, int64_t limit, bool keepParameters)
    : module(module), limit(limit), keepParameters(keepParameters) {
  collectValueNames();
  module.getOperation()->walk([&](ir::Operation *op) {
    if (const ir::Attribute *v = op->isa(ir::builtin::kConstant) ? op->getAttr("value") : nullptr;
        v && v->getKind() == ir::Attribute::Kind::WeightRef)
      ++weightRefs[v->getString()];
  });
  if (keepParameters)
    collectParameters();
}

/// The weights the main graph takes as parameters.
void ConstantFolder::collectParameters() {
  ir::Operation *main = module.lookupGraph("main");
  const ir::Attribute *kinds = main ? main->getAttr("torch.input_kinds") : nullptr;
  const ir::Attribute *targets = main ? main->getAttr("torch.input_targets") : nullptr;
  if (!kinds || !targets || kinds->getKind() != ir::Attribute::Kind::StringList ||
      targets->getKind() != ir::Attribute::Kind::StringList)
    return;
  for (auto [kind, target] : llvm::zip(kinds->getStringList(), targets->getStringList()))
    if (kind == "parameter")
      parameters.insert(target);
}

/// The names of the module's values, and the input and output names of the
/// program's signature.
void ConstantFolder::collectValueNames() {
  module.getOperation()->walk([&](ir::Operation *op) {
    for (const ir::OpResult &r : op->getResults())
      valueNames.insert(r.getName());
    for (unsigned i = 0, e = op->getNumRegions(); i != e; ++i)
      for (const auto &block : op->getRegion(i).getBlocks())
        for (const auto &arg : block->getArguments())
          valueNames.insert(arg->getName());
  });
  if (ir::Operation *main = module.lookupGraph("main"))
    for (llvm::StringRef attr : {"torch.input_names", "torch.output_names"})
      if (const ir::Attribute *names = main->getAttr(attr);
          names && names->getKind() == ir::Attribute::Kind::StringList)
        for (const std::string &n : names->getStringList())
          valueNames.insert(n);
}

bool ConstantFolder::overLimit(const ir::Type &t) const {
  if (!t.isTensor() || !t.isRanked())
    return false;
  std::optional<int64_t> n = t.getNumElements();
  return n && *n > limit;
}

void ConstantFolder::forget(const ir::Operation &op) {
  for (const ir::OpResult &result : op.getResults())
    constants.erase(&result);
}

const Tensor *ConstantFolder::constantOf(ir::Value *v) {
  auto it = constants.find(v);
  if (it != constants.end())
    return it->second.get();
  ir::Operation *def = v->getDefiningOp();
  if (!def || !def->isa(ir::builtin::kConstant))
    return nullptr;
  const ir::Attribute *value = def->getAttr("value");
  if (!value)
    return nullptr;
  std::optional<Tensor> t;
  const ir::Type &type = v->getType();
  switch (value->getKind()) {
  case ir::Attribute::Kind::Dense: {
    const ir::DenseElements &d = value->getDense();
    if (d.bytes.size() == size_t(d.getNumElements()) * ir::getDTypeSize(d.dtype))
      t = Tensor::fromDense(d);
    break;
  }
  case ir::Attribute::Kind::WeightRef: {
    const ir::WeightData *w = module.lookupWeight(value->getString());
    if (w && w->hasData() && w->bytes.size() == w->numBytes() &&
        !(keepParameters && parameters.contains(value->getString())))
      t = Tensor::view(w->dtype, w->shape, w->bytes, w->keepAlive);
    break;
  }
  case ir::Attribute::Kind::Int:
    if (type.getKind() == ir::Type::Kind::SymInt)
      t = Tensor::scalarInt(DType::Int64, value->getInt());
    break;
  case ir::Attribute::Kind::Bool:
    if (type.getKind() == ir::Type::Kind::SymBool)
      t = Tensor::scalarInt(DType::Bool, value->getBool());
    break;
  case ir::Attribute::Kind::Float:
    if (type.getKind() == ir::Type::Kind::SymFloat)
      t = Tensor::scalarDouble(DType::Float64, value->getFloat());
    break;
  default:
    break;
  }
  if (!t)
    return nullptr;
  return remember(v, std::move(*t));
}

const Tensor *ConstantFolder::remember(const ir::Value *v, Tensor t) {
  std::unique_ptr<Tensor> &slot = constants[v];
  slot = std::make_unique<Tensor>(std::move(t));
  return slot.get();
}

ir::Value *ConstantFolder::materialize(ir::PatternRewriter &rw, Tensor t, const ir::Value *old) {
  const ir::Type &type = old->getType();
  ir::Value *v;
  if (type.isScalar()) {
    ir::Attribute value;
    ir::Type scalarType = type;
    switch (type.getKind()) {
    case ir::Type::Kind::SymInt:
      value = ir::Attribute::integer(t.getInt(0));
      scalarType = ir::Type::symInt(rw.getSymContext().getConstant(t.getInt(0)));
      break;
    case ir::Type::Kind::SymBool:
      value = ir::Attribute::boolean(t.getInt(0) != 0);
      break;
    default:
      value = ir::Attribute::floating(t.getDouble(0));
      break;
    }
    v = rw.createValue(ir::builtin::kConstant, {}, scalarType, {{"value", value}});
  } else if (t.getBytes().size() <= kMaxDenseBytes) {
    v = rw.createConstant(t.toDense());
  } else {
    std::string name = uniqueWeightName(old->getName().empty() ? "folded" : old->getName());
    module.addWeight(name, weightOf(t));
    weightRefs[name] = 1;
    ir::Type weightType = module.lookupWeight(name)->getType();
    v = rw.createValue(ir::builtin::kConstant, {}, weightType,
                       {{"value", ir::Attribute::weightRef(name, weightType)}});
  }
  v->setName(old->getName());
  remember(v, std::move(t));
  return v;
}

std::string ConstantFolder::uniqueWeightName(llvm::StringRef base) {
  auto taken = [&](llvm::StringRef name) {
    return module.lookupWeight(name) || valueNames.contains(name);
  };
  std::string name = base.str();
  for (unsigned i = 1; taken(name); ++i)
    name = (base + "_" + llvm::Twine(i)).str();
  valueNames.insert(name);
  return name;
}

ir::Value *ConstantFolder::replaceConstant(ir::PatternRewriter &rw, ir::Value *old, Tensor t) {
  const ir::Attribute *ref = old->getDefiningOp()->getAttr("value");
  if (!old->hasOneUse() || ref->getKind() != ir::Attribute::Kind::WeightRef ||
      weightRefs.lookup(ref->getString()) != 1)
    return materialize(rw, std::move(t), old);
  std::string name = ref->getString().str();
  module.removeWeightsIf([&](llvm::StringRef n, const ir::WeightData &) { return n == name; });
  module.addWeight(name, weightOf(t));
  remember(old, std::move(t));
  return old;
}

void ConstantFolder::releaseReadWeights(llvm::ArrayRef<ir::Value *> values) const {
  for (ir::Value *v : values) {
    ir::Operation *def = v->getDefiningOp();
    const ir::Attribute *value =
        def && def->isa(ir::builtin::kConstant) ? def->getAttr("value") : nullptr;
    if (value && value->getKind() == ir::Attribute::Kind::WeightRef)
      if (const ir::WeightData *w = module.lookupWeight(value->getString()))
        w->releasePages();
  }
}

} // namespace pt2onnx::passes
