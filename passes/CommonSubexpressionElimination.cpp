//===- CommonSubexpressionElimination.cpp - Merge identical computations --===//
//
// Replaces a pure op (SideEffects.h) by an earlier identical one: same name,
// operands, attributes and result types, defined in the same block or an
// enclosing one (so the earlier op dominates). Scopes follow regions: an op in
// a `cond` branch may reuse a value computed before the `cond`, never one
// computed in the other branch. Ops that own regions are not merged.
//
// Identical weights are merged first (unless `merge-weights=0`, which keeps
// the parameters of a training export apart): weights of one dtype and shape
// whose bytes are equal are made one, their `ir.constant` references pointed
// at the survivor, so the op merge then folds the constants themselves. Bytes
// are compared only within a (dtype, shape) group and after a cheap
// fingerprint of both ends, so distinct random weights cost almost nothing.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/Passes.h"
#include "passes/SideEffects.h"

#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/ScopedHashTable.h"
#include "llvm/ADT/StringMap.h"

#include <cstring>
#include <map>

namespace pt2onnx::passes {

namespace {

llvm::hash_code hashType(const ir::Type &t) {
  llvm::hash_code h = llvm::hash_combine(t.getKind(), t.getDType(), t.isRanked(),
                                         t.getSymValue().getNode(), t.getOpaqueName());
  for (const ir::Dim &d : t.getShape())
    h = llvm::hash_combine(h, d.getSize(), d.getExpr().getNode());
  return h;
}

llvm::hash_code hashAttr(const ir::Attribute &a) {
  using K = ir::Attribute::Kind;
  switch (a.getKind()) {
  case K::Unit:
    return llvm::hash_value(0);
  case K::Bool:
    return llvm::hash_value(a.getBool());
  case K::Int:
    return llvm::hash_value(a.getInt());
  case K::Float: {
    uint64_t bits;
    double f = a.getFloat();
    std::memcpy(&bits, &f, sizeof bits);
    return llvm::hash_value(bits);
  }
  case K::String:
  case K::WeightRef:
    return llvm::hash_value(a.getString());
  case K::IntList:
    return llvm::hash_combine_range(a.getIntList().begin(), a.getIntList().end());
  case K::FloatList:
    return llvm::hash_value(a.getFloatList().size());
  case K::StringList:
    return llvm::hash_combine_range(a.getStringList().begin(), a.getStringList().end());
  case K::DType:
    return llvm::hash_value(a.getDType());
  case K::Type:
    return hashType(a.getType());
  case K::SymExpr:
    return llvm::hash_value(a.getSym().getNode());
  case K::Dense:
    return llvm::hash_combine(
        a.getDense().dtype,
        llvm::hash_combine_range(a.getDense().bytes.begin(), a.getDense().bytes.end()));
  case K::List: {
    llvm::hash_code h = llvm::hash_value(a.getList().size());
    for (const ir::Attribute &e : a.getList())
      h = llvm::hash_combine(h, hashAttr(e));
    return h;
  }
  }
  return llvm::hash_value(0);
}

/// Structural identity of ops, for the scoped table.
struct OpKeyInfo : llvm::DenseMapInfo<ir::Operation *> {
  static unsigned getHashValue(const ir::Operation *op) {
    llvm::hash_code h = llvm::hash_value(op->getName().getAsOpaquePointer());
    for (unsigned i = 0, e = op->getNumOperands(); i != e; ++i)
      h = llvm::hash_combine(h, op->getOperand(i));
    for (const ir::OpResult &r : op->getResults())
      h = llvm::hash_combine(h, hashType(r.getType()));
    for (const ir::NamedAttribute &a : op->getAttrs())
      h = llvm::hash_combine(h, a.name, hashAttr(a.value));
    return h;
  }
  static bool isEqual(const ir::Operation *a, const ir::Operation *b) {
    if (a == b)
      return true;
    if (a == getEmptyKey() || a == getTombstoneKey() || b == getEmptyKey() ||
        b == getTombstoneKey())
      return false;
    if (a->getName() != b->getName() || a->getNumOperands() != b->getNumOperands() ||
        a->getNumResults() != b->getNumResults() || a->getAttrs().size() != b->getAttrs().size())
      return false;
    for (unsigned i = 0, e = a->getNumOperands(); i != e; ++i)
      if (a->getOperand(i) != b->getOperand(i))
        return false;
    for (unsigned i = 0, e = a->getNumResults(); i != e; ++i)
      if (a->getResult(i)->getType() != b->getResult(i)->getType())
        return false;
    for (size_t i = 0, e = a->getAttrs().size(); i != e; ++i)
      if (a->getAttrs()[i].name != b->getAttrs()[i].name ||
          a->getAttrs()[i].value != b->getAttrs()[i].value)
        return false;
    return true;
  }
};

using ScopedTable = llvm::ScopedHashTable<ir::Operation *, ir::Operation *, OpKeyInfo>;

class CommonSubexpressionElimination : public pass::Pass {
public:
  explicit CommonSubexpressionElimination(bool mergeWeights) : mergeWeights(mergeWeights) {}
  llvm::StringRef getName() const override { return "cse"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    bool changed = mergeWeights && mergeIdenticalWeights(module);
    ScopedTable table;
    for (ir::Operation &graph : module.getBody())
      for (unsigned r = 0, e = graph.getNumRegions(); r != e; ++r)
        for (const auto &block : graph.getRegion(r).getBlocks())
          changed |= simplifyBlock(*block, table);
    return changed;
  }

private:
  bool simplifyBlock(ir::Block &block, ScopedTable &table) {
    ScopedTable::ScopeTy scope(table);
    bool changed = false;
    for (ir::Operation *op = block.front(); op;) {
      ir::Operation *next = op->getNextNode();
      if (op->getNumRegions() != 0) {
        for (unsigned r = 0, e = op->getNumRegions(); r != e; ++r)
          for (const auto &nested : op->getRegion(r).getBlocks())
            changed |= simplifyBlock(*nested, table);
      } else if (isPure(*op)) {
        if (ir::Operation *existing = table.lookup(op)) {
          for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
            op->getResult(i)->replaceAllUsesWith(existing->getResult(i));
          op->erase();
          addStatistic("merged-ops");
          changed = true;
        } else {
          table.insert(op, op);
        }
      }
      op = next;
    }
    return changed;
  }

  /// Points references to byte-identical weights at one of them and drops
  /// the others.
  bool mergeIdenticalWeights(ir::Module &module) {
    // Group by dtype, shape and a fingerprint of both ends of the bytes.
    using GroupKey = std::tuple<ir::DType, std::vector<int64_t>, uint64_t>;
    std::map<GroupKey, std::vector<const std::pair<std::string, ir::WeightData> *>> groups;
    for (const auto &entry : module.getWeights()) {
      const ir::WeightData &w = entry.second;
      if (!w.hasData() || w.bytes.empty())
        continue;
      size_t n = std::min<size_t>(64, w.bytes.size());
      uint64_t fingerprint = llvm::hash_combine(
          llvm::hash_combine_range(w.bytes.begin(), w.bytes.begin() + n),
          llvm::hash_combine_range(w.bytes.end() - n, w.bytes.end()));
      groups[{w.dtype, std::vector<int64_t>(w.shape.begin(), w.shape.end()), fingerprint}]
          .push_back(&entry);
    }
    llvm::StringMap<std::string> replacement;
    for (auto &group : groups) {
      auto &members = group.second;
      for (size_t i = 0; i < members.size(); ++i) {
        if (replacement.count(members[i]->first))
          continue;
        const ir::WeightData &a = members[i]->second;
        for (size_t j = i + 1; j < members.size(); ++j) {
          const ir::WeightData &b = members[j]->second;
          if (!replacement.count(members[j]->first) &&
              std::memcmp(a.bytes.data(), b.bytes.data(), a.bytes.size()) == 0)
            replacement[members[j]->first] = members[i]->first;
        }
      }
    }
    if (replacement.empty())
      return false;
    module.getOperation()->walk([&](ir::Operation *op) {
      if (!op->isa(ir::builtin::kConstant))
        return;
      const ir::Attribute *value = op->getAttr("value");
      if (!value || value->getKind() != ir::Attribute::Kind::WeightRef)
        return;
      auto it = replacement.find(value->getString());
      if (it != replacement.end())
        op->setAttr("value", ir::Attribute::weightRef(it->second, value->getType()));
    });
    module.removeWeightsIf(
        [&](llvm::StringRef name, const ir::WeightData &) { return replacement.count(name); });
    addStatistic("merged-weights", int64_t(replacement.size()));
    return true;
  }

  bool mergeWeights;
};

} // namespace

void registerCommonSubexpressionEliminationPass() {
  pass::registerPass(
      {"cse",
       "Merge identical pure ops, constants and weights",
       {{"merge-weights", pass::PassOptionInfo::Type::Bool, "1",
         "Merge weights with equal contents; 0 keeps parameters apart, for training"}},
       [](const pass::PassOptions &options) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
         return std::make_unique<CommonSubexpressionElimination>(options.getBool("merge-weights"));
       }});
}

} // namespace pt2onnx::passes
