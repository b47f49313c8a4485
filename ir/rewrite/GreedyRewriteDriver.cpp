//===- GreedyRewriteDriver.cpp - Apply patterns until none applies ---------===//
//
// The worklist is first in, first out, and holds an op at most once; an op
// taken off it by an erasure leaves a hole that `pop` skips.
//
//===----------------------------------------------------------------------===//

#include "ir/rewrite/GreedyRewriteDriver.h"

#include "llvm/ADT/DenseMap.h"

#include <vector>

namespace pt2onnx::ir {

namespace {

class Worklist {
public:
  void push(Operation *op) {
    if (!op || op->isa(builtin::kGraph) || op->isa(builtin::kModule))
      return;
    auto [it, inserted] = position.try_emplace(op, queue.size());
    if (inserted)
      queue.push_back(op);
  }
  Operation *pop() {
    while (head < queue.size()) {
      Operation *op = queue[head++];
      if (op) {
        position.erase(op);
        return op;
      }
    }
    return nullptr;
  }
  void remove(Operation *op) {
    auto it = position.find(op);
    if (it == position.end())
      return;
    queue[it->second] = nullptr;
    position.erase(it);
  }

private:
  std::vector<Operation *> queue;
  size_t head = 0;
  llvm::DenseMap<Operation *, size_t> position;
};

class GreedyDriver : public RewriteListener {
public:
  explicit GreedyDriver(const GreedyRewriteConfig &config) : config(config) {}

  /// The ops whose patterns may see something new once `op`'s operands lose
  /// it as a user: the operands' definitions and their other users.
  void pushOperandNeighbours(Operation *op) {
    for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i) {
      Operation *def = op->getOperand(i)->getDefiningOp();
      if (!def)
        continue;
      worklist.push(def);
      for (const OpResult &r : def->getResults())
        for (OpOperand &use : r.getUses())
          if (use.getOwner() != op)
            worklist.push(use.getOwner());
    }
  }

  void pushUsers(Operation *op) {
    for (const OpResult &r : op->getResults())
      for (OpOperand &use : r.getUses())
        worklist.push(use.getOwner());
  }

  void notifyOperationCreated(Operation *op) override {
    worklist.push(op);
    if (config.listener)
      config.listener->notifyOperationCreated(op);
  }
  void notifyOperationReplaced(Operation *op) override {
    pushUsers(op);
    pushOperandNeighbours(op);
    worklist.remove(op);
    if (config.listener)
      config.listener->notifyOperationReplaced(op);
  }
  void notifyOperationErased(Operation *op) override {
    pushOperandNeighbours(op);
    worklist.remove(op);
    if (config.listener)
      config.listener->notifyOperationErased(op);
  }
  void notifyOperationModified(Operation *op) override {
    worklist.push(op);
    pushUsers(op);
    if (config.listener)
      config.listener->notifyOperationModified(op);
  }
  void notifyMatchFailure(const Operation &op, const llvm::Twine &reason) override {
    if (!config.traceFailures || !current)
      return;
    llvm::raw_ostream &os = *config.traceFailures;
    os << "pattern " << current->getName() << " on " << op.getName().getStringRef();
    if (op.getNumResults() != 0 && !op.getResult(0)->getName().empty())
      os << " %" << op.getResult(0)->getName();
    os << ": " << reason << "\n";
  }

  llvm::Expected<GreedyRewriteResult> run(Module &module, const PatternSet &patterns) {
    PatternRewriter rewriter(module, this);
    int64_t numOps = 0;
    module.getOperation()->walk([&](Operation *op) {
      worklist.push(op);
      ++numOps;
    });
    // Every rewrite removes or simplifies something; a pattern set that
    // keeps rewriting far beyond the program's size does not terminate.
    int64_t budget = config.maxRewrites > 0 ? config.maxRewrites : 16 * numOps + 1024;
    GreedyRewriteResult result;
    llvm::SmallVector<RewritePattern *, 8> candidates;
    while (Operation *op = worklist.pop()) {
      if (config.isPure && op->getNumResults() != 0 && op->use_empty() &&
          op->getNumRegions() == 0 && config.isPure(*op)) {
        rewriter.eraseOp(op);
        result.changed = true;
        ++result.erasedDead;
        continue;
      }
      patterns.lookup(op->getName(), candidates);
      for (RewritePattern *pattern : candidates) {
        current = pattern;
        rewriter.setRoot(op);
        if (!pattern->matchAndRewrite(*op, rewriter))
          continue;
        result.changed = true;
        ++result.applied[pattern->getName()];
        if (--budget == 0)
          return llvm::createStringError(
              llvm::inconvertibleErrorCode(),
              "the rewrites do not reach a fixed point (the last by pattern %s)",
              pattern->getName().str().c_str());
        break;
      }
    }
    return result;
  }

private:
  const GreedyRewriteConfig &config;
  Worklist worklist;
  const RewritePattern *current = nullptr;
};

} // namespace

llvm::Expected<GreedyRewriteResult> applyPatternsGreedily(Module &module,
                                                          const PatternSet &patterns,
                                                          const GreedyRewriteConfig &config) {
  GreedyDriver driver(config);
  return driver.run(module, patterns);
}

} // namespace pt2onnx::ir
