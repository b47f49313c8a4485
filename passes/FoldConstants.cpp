//===- FoldConstants.cpp - Evaluate ops whose operands are constants -------===//
//
// Replaces each pure op (SideEffects.h) whose operands are all constants by
// the constants it computes, at ATen level (`aten.add.Tensor`) and at ONNX
// level (`onnx.Add`) alike; the evaluator (eval/Evaluator.h) holds one rule
// per op and declines whatever it cannot compute exactly as the runtime
// would. Constants are `ir.constant` ops holding a literal or a reference to
// a module weight with data. Shape, Size and aten.sym_size fold on any
// operand whose type has the dims they report static.
//
// A result with more than `limit` elements is left as it is computed (the
// option `fold-constants{limit=N}`, default 1,000,000), so folding cannot
// blow up the model. Results of at most 1 KiB become dense literals, larger
// ones new module weights named after the value they replace (with a suffix:
// a weight must not take the name of a graph output); a result that only
// reinterprets a weight's bytes (a Reshape) shares them.
//
// An ONNX BatchNormalization in inference form whose input is a Conv or
// ConvTranspose with constant weight (and bias, if any), used by nothing
// else, is folded into it: per output channel c, with f = scale / sqrt(var +
// epsilon), W' = W * f and b' = (b - mean) * f + beta, computed in double
// and rounded once. This replaces weights by weights of the same size, so
// the limit does not apply; a weight nothing else refers to keeps its name
// and gets the new bytes, so the Conv's weight stays `conv1.weight` and its
// new bias is the BatchNormalization's `bn1.bias`.
//
// With `keep-parameters=1` the weights the program takes as parameters
// (`torch.input_kinds` on the main graph) are not constants: nothing is
// computed from them, and they stay initializers (training export).
//
// Ops in nested regions fold too; an operand that is a region argument is
// never constant. The pass leaves the constants and weights it made unused
// to `dce`.
//
//===----------------------------------------------------------------------===//

#include "ir/Builder.h"
#include "ir/pass/Pass.h"
#include "passes/Passes.h"
#include "passes/SideEffects.h"
#include "passes/eval/Evaluator.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>

namespace pt2onnx::passes {

namespace {

using eval::Tensor;
using ir::DType;

/// Results up to this size become dense literals, larger ones weights.
constexpr size_t kMaxDenseBytes = 1024;
constexpr int64_t kDefaultLimit = 1000000;

class FoldConstants : public pass::Pass {
public:
  FoldConstants(int64_t limit, bool keepParameters)
      : limit(limit), keepParameters(keepParameters) {}

  llvm::StringRef getName() const override { return "fold-constants"; }

  llvm::Expected<bool> run(ir::Module &m) override {
    module = &m;
    ir::Builder b(m);
    builder = &b;
    constants.clear();
    parameters.clear();
    weightRefs.clear();
    valueNames.clear();
    collectValueNames();
    m.getOperation()->walk([&](ir::Operation *op) {
      if (const ir::Attribute *v = op->isa(ir::builtin::kConstant) ? op->getAttr("value") : nullptr;
          v && v->getKind() == ir::Attribute::Kind::WeightRef)
        ++weightRefs[v->getString()];
    });
    if (keepParameters)
      collectParameters();
    bool changed = false;
    for (ir::Operation &graph : m.getBody())
      for (unsigned r = 0, e = graph.getNumRegions(); r != e; ++r)
        for (const auto &block : graph.getRegion(r).getBlocks())
          changed |= foldBlock(*block);
    builder = nullptr;
    return changed;
  }

private:
  /// The weights the main graph takes as parameters.
  void collectParameters() {
    ir::Operation *main = module->lookupGraph("main");
    const ir::Attribute *kinds = main ? main->getAttr("torch.input_kinds") : nullptr;
    const ir::Attribute *targets = main ? main->getAttr("torch.input_targets") : nullptr;
    if (!kinds || !targets || kinds->getKind() != ir::Attribute::Kind::StringList ||
        targets->getKind() != ir::Attribute::Kind::StringList)
      return;
    for (auto [kind, target] : llvm::zip(kinds->getStringList(), targets->getStringList()))
      if (kind == "parameter")
        parameters.insert(target);
  }

  bool foldBlock(ir::Block &block) {
    bool changed = false;
    for (ir::Operation *op = block.front(); op;) {
      ir::Operation *next = op->getNextNode();
      if (op->getNumRegions() != 0) {
        for (unsigned r = 0, e = op->getNumRegions(); r != e; ++r)
          for (const auto &nested : op->getRegion(r).getBlocks())
            changed |= foldBlock(*nested);
      } else if (op->getDialect() != "ir" && isPure(*op)) {
        changed |= (op->isa("onnx.BatchNormalization") && foldBatchNorm(op)) || fold(op);
      }
      op = next;
    }
    return changed;
  }

  /// The value of `v` when it is a constant the pass may use, else null.
  const Tensor *constantOf(ir::Value *v) {
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
      const ir::WeightData *w = module->lookupWeight(value->getString());
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

  const Tensor *remember(const ir::Value *v, Tensor t) {
    std::unique_ptr<Tensor> &slot = constants[v];
    slot = std::make_unique<Tensor>(std::move(t));
    return slot.get();
  }

  /// Whether a result of type `t` is known to be over the limit.
  bool overLimit(const ir::Type &t) const {
    if (!t.isTensor() || !t.isRanked())
      return false;
    std::optional<int64_t> n = t.getNumElements();
    return n && *n > limit;
  }

  bool fold(ir::Operation *op) {
    const eval::EvalRuleInfo *rule = eval::lookupEvalRule(op->getName().getStringRef());
    if (!rule || op->getNumResults() == 0 ||
        llvm::any_of(op->getResults(),
                     [&](const ir::OpResult &r) { return overLimit(r.getType()); }))
      return false;
    llvm::SmallVector<const Tensor *, 4> operands;
    for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i) {
      ir::Value *v = op->getOperand(i);
      const Tensor *t = v->getType().isNone() ? nullptr : constantOf(v);
      if (!t && !v->getType().isNone() && rule->needsConstantOperands)
        return false;
      operands.push_back(t);
    }
    std::optional<eval::EvalResults> results = eval::evaluate(*op, operands, limit);
    releaseReadWeights(op->getOperands());
    if (!results)
      return false;
    builder->setInsertionPoint(op);
    builder->setProvenanceFrom(op);
    llvm::SmallVector<ir::Value *, 2> values;
    for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
      values.push_back(materialize(std::move((*results)[i]), op->getResult(i)));
    builder->replaceOp(op, values);
    return true;
  }

  /// An `ir.constant` holding `t`, standing for `old`.
  ir::Value *materialize(Tensor t, const ir::Value *old) {
    const ir::Type &type = old->getType();
    ir::Value *v;
    if (type.isScalar()) {
      ir::Attribute value;
      ir::Type scalarType = type;
      switch (type.getKind()) {
      case ir::Type::Kind::SymInt:
        value = ir::Attribute::integer(t.getInt(0));
        scalarType = ir::Type::symInt(builder->getSymContext().getConstant(t.getInt(0)));
        break;
      case ir::Type::Kind::SymBool:
        value = ir::Attribute::boolean(t.getInt(0) != 0);
        break;
      default:
        value = ir::Attribute::floating(t.getDouble(0));
        break;
      }
      v = builder->create(ir::builtin::kConstant, {}, {scalarType}, {{"value", value}})
              ->getResult(0);
    } else if (t.getBytes().size() <= kMaxDenseBytes) {
      v = builder->createConstant(t.toDense());
    } else {
      std::string name = uniqueWeightName(old->getName().empty() ? "folded" : old->getName());
      module->addWeight(name, weightOf(t));
      weightRefs[name] = 1;
      v = builder->createWeightRef(name, module->lookupWeight(name)->getType());
    }
    v->setName(old->getName());
    remember(v, std::move(t));
    return v;
  }

  /// A weight name no weight and no value has. The ONNX writer gives
  /// weights their names first, so a weight named like a graph output would
  /// rename that output.
  std::string uniqueWeightName(llvm::StringRef base) {
    auto taken = [&](llvm::StringRef name) {
      return module->lookupWeight(name) || valueNames.contains(name);
    };
    std::string name = base.str();
    for (unsigned i = 1; taken(name); ++i)
      name = (base + "_" + llvm::Twine(i)).str();
    valueNames.insert(name);
    return name;
  }

  /// The names of the module's values, and the input and output names of
  /// the program's signature.
  void collectValueNames() {
    module->getOperation()->walk([&](ir::Operation *op) {
      for (const ir::OpResult &r : op->getResults())
        valueNames.insert(r.getName());
      for (unsigned i = 0, e = op->getNumRegions(); i != e; ++i)
        for (const auto &block : op->getRegion(i).getBlocks())
          for (const auto &arg : block->getArguments())
            valueNames.insert(arg->getName());
    });
    if (ir::Operation *main = module->lookupGraph("main"))
      for (llvm::StringRef attr : {"torch.input_names", "torch.output_names"})
        if (const ir::Attribute *names = main->getAttr(attr);
            names && names->getKind() == ir::Attribute::Kind::StringList)
          for (const std::string &n : names->getStringList())
            valueNames.insert(n);
  }

  /// BatchNormalization(Conv(x, W, b?), scale, beta, mean, var) ->
  /// Conv(x, W', b').
  bool foldBatchNorm(ir::Operation *bn) {
    if (bn->getNumResults() != 1 || bn->getNumOperands() != 5)
      return false;
    if (const ir::Attribute *training = bn->getAttr("training_mode");
        training && !(training->getKind() == ir::Attribute::Kind::Int && training->getInt() == 0))
      return false;
    ir::Value *input = bn->getOperand(0);
    ir::Operation *conv = input->getDefiningOp();
    if (!conv || !input->hasOneUse() || conv->getNumResults() != 1 ||
        !(conv->isa("onnx.Conv") || conv->isa("onnx.ConvTranspose")) ||
        conv->getNumOperands() < 2 || conv->getNumOperands() > 3)
      return false;
    bool transposed = conv->isa("onnx.ConvTranspose");
    const Tensor *w = constantOf(conv->getOperand(1));
    bool hasBias = conv->getNumOperands() == 3 && !conv->getOperand(2)->getType().isNone();
    const Tensor *bias = hasBias ? constantOf(conv->getOperand(2)) : nullptr;
    const Tensor *scale = constantOf(bn->getOperand(1)), *beta = constantOf(bn->getOperand(2)),
                 *mean = constantOf(bn->getOperand(3)), *var = constantOf(bn->getOperand(4));
    if (!w || (hasBias && !bias) || !scale || !beta || !mean || !var || w->getRank() < 2)
      return false;
    DType dtype = w->getDType();
    if (eval::getNumericKind(dtype) != eval::NumericKind::Float)
      return false;
    int64_t group = 1;
    if (const ir::Attribute *g = conv->getAttr("group")) {
      if (g->getKind() != ir::Attribute::Kind::Int || g->getInt() < 1)
        return false;
      group = g->getInt();
    }
    // Output channels: W is [C_out, C_in/group, k...] for Conv and
    // [C_in, C_out/group, k...] for ConvTranspose.
    int64_t dim0 = w->getShape()[0], dim1 = w->getShape()[1];
    int64_t channels = transposed ? dim1 * group : dim0;
    if (transposed && dim0 % group != 0)
      return false;
    for (const Tensor *t : {bias, scale, beta, mean, var})
      if (t && (t->getRank() != 1 || t->getShape()[0] != channels ||
                eval::getNumericKind(t->getDType()) != eval::NumericKind::Float))
        return false;
    if (bias && bias->getDType() != dtype)
      return false;
    double epsilon = 1e-5;
    if (const ir::Attribute *e = bn->getAttr("epsilon")) {
      if (e->getKind() != ir::Attribute::Kind::Float)
        return false;
      epsilon = e->getFloat();
    }

    std::vector<double> factor(channels);
    Tensor newBias = Tensor::create(dtype, {channels});
    for (int64_t c = 0; c != channels; ++c) {
      factor[c] = scale->getDouble(c) / std::sqrt(var->getDouble(c) + epsilon);
      double b = bias ? bias->getDouble(c) : 0;
      newBias.setDouble(c, (b - mean->getDouble(c)) * factor[c] + beta->getDouble(c));
    }
    Tensor newWeight = Tensor::create(dtype, w->getShape());
    int64_t inner = w->getNumElements() / std::max<int64_t>(dim0 * dim1, 1);
    int64_t inPerGroup = dim0 / group;
    std::vector<double> slab(size_t(dim1 * inner));
    for (int64_t i = 0; i != dim0; ++i) {
      w->getDoubles(i * dim1 * inner, slab);
      for (int64_t j = 0; j != dim1; ++j) {
        double f = factor[transposed ? (i / inPerGroup) * dim1 + j : i];
        for (int64_t k = j * inner, e = k + inner; k != e; ++k)
          slab[k] *= f;
      }
      newWeight.setDoubles(i * dim1 * inner, slab);
    }

    releaseReadWeights({conv->getOperand(1)});

    builder->setInsertionPoint(conv);
    builder->setProvenanceFrom(conv);
    conv->setOperand(1, replaceConstant(conv->getOperand(1), std::move(newWeight)));
    if (hasBias) {
      conv->setOperand(2, replaceConstant(conv->getOperand(2), std::move(newBias)));
    } else {
      ir::Value *b = replaceConstant(bn->getOperand(2), std::move(newBias));
      if (conv->getNumOperands() == 3)
        conv->setOperand(2, b);
      else
        conv->insertOperand(2, b);
    }
    builder->replaceOp(bn, {input});
    return true;
  }

  /// A constant holding `t` in place of the constant `old`: `old` itself,
  /// its weight's bytes replaced, when nothing else refers to that weight;
  /// a new constant otherwise.
  ir::Value *replaceConstant(ir::Value *old, Tensor t) {
    const ir::Attribute *ref = old->getDefiningOp()->getAttr("value");
    if (!old->hasOneUse() || ref->getKind() != ir::Attribute::Kind::WeightRef ||
        weightRefs.lookup(ref->getString()) != 1)
      return materialize(std::move(t), old);
    std::string name = ref->getString().str();
    module->removeWeightsIf([&](llvm::StringRef n, const ir::WeightData &) { return n == name; });
    module->addWeight(name, weightOf(t));
    remember(old, std::move(t));
    return old;
  }

  /// Gives back the pages of the mapped weights among `values` once they
  /// have been read: the data of a fold's inputs need not stay in memory.
  void releaseReadWeights(llvm::ArrayRef<ir::Value *> values) const {
    for (ir::Value *v : values) {
      ir::Operation *def = v->getDefiningOp();
      const ir::Attribute *value =
          def && def->isa(ir::builtin::kConstant) ? def->getAttr("value") : nullptr;
      if (value && value->getKind() == ir::Attribute::Kind::WeightRef)
        if (const ir::WeightData *w = module->lookupWeight(value->getString()))
          w->releasePages();
    }
  }

  static ir::WeightData weightOf(const Tensor &t) {
    ir::WeightData w;
    w.dtype = t.getDType();
    w.shape.assign(t.getShape().begin(), t.getShape().end());
    w.bytes = t.getBytes();
    w.keepAlive = t.getOwner();
    return w;
  }

  int64_t limit;
  bool keepParameters;
  ir::Module *module = nullptr;
  ir::Builder *builder = nullptr;
  llvm::StringSet<> parameters;
  /// Constants read or made so far (weights are views, not copies), at
  /// stable addresses.
  llvm::DenseMap<const ir::Value *, std::unique_ptr<Tensor>> constants;
  /// How many `ir.constant` ops refer to each weight.
  llvm::StringMap<unsigned> weightRefs;
  llvm::StringSet<> valueNames;
};

} // namespace

void registerFoldConstantsPass() {
  pass::registerPass(
      {"fold-constants",
       "Evaluate ops whose operands are constants; fold BatchNormalization into Conv",
       {{"limit", pass::PassOptionInfo::Type::Int, std::to_string(kDefaultLimit),
         "Fold no result larger than this many elements"},
        {"keep-parameters", pass::PassOptionInfo::Type::Bool, "0",
         "Compute nothing from the program's parameters, which stay initializers for training"}},
       [](const pass::PassOptions &options) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
         int64_t limit = options.getInt("limit");
         if (limit < 0)
           return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                          "option 'limit' must not be negative, got %lld",
                                          (long long)limit);
         return std::make_unique<FoldConstants>(limit, options.getBool("keep-parameters"));
       }});
}

} // namespace pt2onnx::passes
