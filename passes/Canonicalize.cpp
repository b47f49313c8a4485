//===- Canonicalize.cpp - Local rewrites to a fixed point ------------------===//
//
// Applies the canonicalization patterns (passes/canonicalize/) until none
// applies, with a worklist rather than repeated sweeps: every op is visited
// once in program order, and an op is visited again only when something it
// looks at changed (a rewrite created it, replaced one of its operands, or
// changed the uses of an operand's definition). Pure ops (SideEffects.h)
// left without uses are erased on the way, so that single-use conditions
// see the program as it is; weights are left to `dce`.
//
// Patterns are exact rewrites: dropping ops that compute their input
// (Reshape to the same shape, identity Transpose, Cast to the same type, x*1,
// ...), fusing chains of view ops into one, and folding shape computations
// whose value the types decide. A rewrite's new ops inherit the provenance of
// the op they replace.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/Passes.h"
#include "passes/SideEffects.h"
#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/DenseMap.h"

#include <mutex>
#include <vector>

namespace pt2onnx::passes {

// ---- Rewriter -------------------------------------------------------------------

void Rewriter::setRoot(ir::Operation *root) {
  builder.setInsertionPoint(root);
  builder.setProvenanceFrom(root);
  created.clear();
}

ir::Operation *Rewriter::create(llvm::StringRef name, llvm::ArrayRef<ir::Value *> operands,
                                llvm::ArrayRef<ir::Type> resultTypes,
                                llvm::ArrayRef<ir::NamedAttribute> attrs) {
  ir::Operation *op = builder.create(name, operands, resultTypes, attrs);
  created.push_back(op);
  listener.notifyCreated(op);
  return op;
}

ir::Value *Rewriter::createValue(llvm::StringRef name, llvm::ArrayRef<ir::Value *> operands,
                                 const ir::Type &resultType,
                                 llvm::ArrayRef<ir::NamedAttribute> attrs) {
  return create(name, operands, {resultType}, attrs)->getResult(0);
}

ir::Value *Rewriter::createI64s(llvm::ArrayRef<int64_t> values) {
  return createInts(ir::Type::tensor(ir::DType::Int64, {ir::Dim(int64_t(values.size()))}), values);
}

ir::Value *Rewriter::createInts(const ir::Type &type, llvm::ArrayRef<int64_t> values) {
  ir::DenseElements dense;
  dense.dtype = type.getDType();
  for (const ir::Dim &d : type.getShape())
    dense.shape.push_back(d.getSize());
  unsigned size = ir::getDTypeSize(dense.dtype);
  for (int64_t v : values) {
    // Little-endian truncation to the element size.
    for (unsigned b = 0; b < size; ++b)
      dense.bytes.push_back(uint8_t(uint64_t(v) >> (8 * b)));
  }
  return create(ir::builtin::kConstant, {}, {type}, {{"value", ir::Attribute::dense(dense)}})
      ->getResult(0);
}

void Rewriter::replaceOp(ir::Operation *op, llvm::ArrayRef<ir::Value *> values) {
  listener.notifyReplacing(op);
  for (unsigned i = 0, e = op->getNumResults(); i != e; ++i) {
    ir::Value *v = values[i];
    ir::Operation *def = v->getDefiningOp();
    if (v->getName().empty() && !op->getResult(i)->getName().empty() && def &&
        llvm::is_contained(created, def))
      v->setName(op->getResult(i)->getName());
  }
  ints.forget(*op);
  builder.replaceOp(op, values);
}

bool Rewriter::isFunctional() {
  if (!functional) {
    functional = true;
    getModule().getOperation()->walk([&](ir::Operation *op) {
      if (writesInPlace(*op))
        functional = false;
    });
  }
  return *functional;
}

// ---- Pattern set ------------------------------------------------------------------

void PatternSet::add(llvm::StringRef opName, Pattern pattern, unsigned minOperands) {
  patterns[ir::OperationName::get(opName)].push_back({pattern, minOperands});
}

llvm::ArrayRef<PatternSet::Entry> PatternSet::lookup(ir::OperationName name) const {
  auto it = patterns.find(name);
  if (it == patterns.end())
    return {};
  return it->second;
}

// ---- Shared helpers -----------------------------------------------------------------

ir::Operation *definedBy(ir::Value *v, llvm::StringRef name) {
  ir::Operation *def = v->getDefiningOp();
  bool wellFormed = def && def->getNumResults() == 1 && def->getNumOperands() >= 1;
  return wellFormed && def->isa(name) ? def : nullptr;
}

int64_t intAttr(const ir::Operation &op, llvm::StringRef name, int64_t fallback) {
  const ir::Attribute *a = op.getAttr(name);
  return a && a->getKind() == ir::Attribute::Kind::Int ? a->getInt() : fallback;
}

bool sameDim(const ir::Dim &a, const ir::Dim &b) { return !a.isUnknown() && a == b; }

bool isFullyKnown(const ir::Type &t) {
  if (!t.isTensor() || !t.isRanked())
    return false;
  for (const ir::Dim &d : t.getShape())
    if (d.isUnknown())
      return false;
  return true;
}

namespace {

const PatternSet &getPatterns() {
  static PatternSet patterns;
  static std::once_flag once;
  std::call_once(once, [] {
    addViewPatterns(patterns);
    addArithmeticPatterns(patterns);
    addShapePatterns(patterns);
    addAtenPatterns(patterns);
  });
  return patterns;
}

/// The ops to visit, first in first out; an op is in it at most once.
class Worklist : public RewriteListener {
public:
  void push(ir::Operation *op) {
    if (!op || op->isa(ir::builtin::kGraph) || op->isa(ir::builtin::kModule))
      return;
    auto [it, inserted] = position.try_emplace(op, queue.size());
    if (inserted)
      queue.push_back(op);
  }
  ir::Operation *pop() {
    while (head < queue.size()) {
      ir::Operation *op = queue[head++];
      if (op) {
        position.erase(op);
        return op;
      }
    }
    return nullptr;
  }
  void remove(ir::Operation *op) {
    auto it = position.find(op);
    if (it == position.end())
      return;
    queue[it->second] = nullptr;
    position.erase(it);
  }

  /// The ops whose patterns may see something new once `op`'s operands lose
  /// it as a user: the operands' definitions and their other users.
  void pushOperandNeighbours(ir::Operation *op) {
    for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i) {
      ir::Operation *def = op->getOperand(i)->getDefiningOp();
      if (!def)
        continue;
      push(def);
      for (const ir::OpResult &r : def->getResults())
        for (ir::OpOperand &use : r.getUses())
          if (use.getOwner() != op)
            push(use.getOwner());
    }
  }

  void notifyCreated(ir::Operation *op) override { push(op); }
  void notifyReplacing(ir::Operation *op) override {
    for (const ir::OpResult &r : op->getResults())
      for (ir::OpOperand &use : r.getUses())
        push(use.getOwner());
    pushOperandNeighbours(op);
    remove(op);
  }

private:
  std::vector<ir::Operation *> queue;
  size_t head = 0;
  llvm::DenseMap<ir::Operation *, size_t> position;
};

bool isTriviallyDead(ir::Operation &op) {
  return op.getNumResults() != 0 && op.use_empty() && op.getNumRegions() == 0 && isPure(op);
}

class Canonicalize : public pass::Pass {
public:
  llvm::StringRef getName() const override { return "canonicalize"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    const PatternSet &patterns = getPatterns();
    KnownIntsAnalysis ints(module);
    Worklist worklist;
    Rewriter rewriter(module, ints, worklist);
    size_t numOps = 0;
    module.getOperation()->walk([&](ir::Operation *op) {
      worklist.push(op);
      ++numOps;
    });
    // Every rewrite removes or simplifies something; a pattern set that
    // keeps rewriting far beyond the program's size does not terminate.
    size_t budget = 16 * numOps + 1024;
    bool changed = false;
    while (ir::Operation *op = worklist.pop()) {
      if (isTriviallyDead(*op)) {
        worklist.pushOperandNeighbours(op);
        ints.forget(*op);
        op->erase();
        changed = true;
        continue;
      }
      for (const PatternSet::Entry &entry : patterns.lookup(op->getName())) {
        if (op->getNumResults() != 1 || op->getNumOperands() < entry.minOperands)
          continue;
        rewriter.setRoot(op);
        if (!entry.pattern(*op, rewriter))
          continue;
        changed = true;
        if (--budget == 0)
          return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                         "canonicalize: the rewrites do not reach a fixed point");
        break;
      }
    }
    return changed;
  }
};

} // namespace

void registerCanonicalizePass() {
  pass::registerPass({"canonicalize",
                      "Local exact rewrites to a fixed point: drop no-op ops, fuse chains of view "
                      "ops, fold shape computations the types decide",
                      {},
                      [](const pass::PassOptions &) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
                        return std::make_unique<Canonicalize>();
                      }});
}

} // namespace pt2onnx::passes
