//===- ShapeSlices.cpp - Read dims with Shape's start and end --------------===//
//
// Lowering reads a dim of x as Gather(Shape(x), i), a scalar, and a range of
// dims as Slice(Shape(x), a, b); a dim used as a 1-D tensor is then
// Unsqueeze(Gather(Shape(x), i), [0]). Shape has taken `start` and `end`
// since opset 15, so each of these is one op: Shape(x, start=i, end=i+1) for
// the 1-D dim, Squeeze of it for the scalar, Shape(x, start=a, end=b) for
// the range.
//
// The pass rewrites the readers of one Shape op together, when every reader
// is such a read (a Gather on axis 0 of a constant index, scalar or of one
// element; a Slice with constant bounds on axis 0, step 1) and the rewrite
// leaves fewer ops: one Shape per distinct range read, plus a Squeeze for a
// scalar dim that is also used as a scalar, against the Shape, its readers
// and the Unsqueezes of the scalars. The values are the same integers, so the
// rewrite is exact. It runs after cse (equal reads are one op by then); the
// readers it replaces are erased, the Shape left to dce.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "ir/rewrite/RewritePattern.h"
#include "passes/Passes.h"
#include "passes/shapes/KnownInts.h"

#include <algorithm>
#include <map>

namespace pt2onnx::passes {

namespace {

/// The constant integers of `v`, when an `ir.constant` defines it.
std::optional<llvm::SmallVector<int64_t, 4>> constantInts(const ir::Value *v) {
  const ir::Operation *def = v->getDefiningOp();
  if (!def || !def->isa(ir::builtin::kConstant))
    return std::nullopt;
  return getConstantInts(*def);
}

bool present(const ir::Operation &op, unsigned i) {
  return op.getNumOperands() > i && !op.getOperand(i)->getType().isNone();
}

/// One reader of a Shape: the dims [begin, end) of x, counted from x's first.
struct Read {
  ir::Operation *op;
  int64_t begin, end;
  bool scalar;
  /// For a scalar read: its Unsqueeze([0]) users, and whether it has others.
  llvm::SmallVector<ir::Operation *, 2> unsqueezes;
  bool usedAsScalar = false;
};

class ShapeSlices : public pass::Pass {
public:
  llvm::StringRef getName() const override { return "shape-slices"; }

  llvm::Expected<bool> run(ir::Module &module) override {
    llvm::SmallVector<ir::Operation *, 16> shapes;
    module.getOperation()->walk([&](ir::Operation *op) {
      if (op->getName().getStringRef() == "onnx.Shape")
        shapes.push_back(op);
    });
    bool changed = false;
    ir::PatternRewriter rw(module);
    for (ir::Operation *shape : shapes)
      changed |= rewriteReaders(*shape, rw);
    return changed;
  }

private:
  /// The dims of x that `shape` returns, [first, first + length), when x's
  /// rank is known.
  static std::optional<std::pair<int64_t, int64_t>> shapeRange(const ir::Operation &shape) {
    const ir::Type &t = shape.getOperand(0)->getType();
    if (!t.isRanked())
      return std::nullopt;
    int64_t rank = int64_t(t.getRank());
    auto bound = [&](llvm::StringRef name, int64_t byDefault) {
      const ir::Attribute *a = shape.getAttr(name);
      int64_t v = a ? a->getInt() : byDefault;
      return std::clamp(v < 0 ? v + rank : v, int64_t(0), rank);
    };
    int64_t first = bound("start", 0), last = bound("end", rank);
    return std::make_pair(first, std::max<int64_t>(last - first, 0));
  }

  /// What `user` reads of the shape [first, first + length), or nullopt
  /// when it is not a read this pass rewrites.
  static std::optional<Read> readOf(ir::Operation &user, int64_t first, int64_t length) {
    llvm::StringRef name = user.getName().getStringRef();
    if (name == "onnx.Gather" && user.getNumOperands() == 2) {
      const ir::Attribute *axis = user.getAttr("axis");
      std::optional<llvm::SmallVector<int64_t, 4>> index = constantInts(user.getOperand(1));
      const ir::Type &indexType = user.getOperand(1)->getType();
      if ((axis && axis->getInt() != 0) || !index || index->size() != 1 || !indexType.isRanked() ||
          indexType.getRank() > 1)
        return std::nullopt;
      int64_t i = (*index)[0] < 0 ? (*index)[0] + length : (*index)[0];
      if (i < 0 || i >= length)
        return std::nullopt;
      return Read{&user, first + i, first + i + 1, indexType.getRank() == 0, {}};
    }
    if (name == "onnx.Slice" && user.getNumOperands() >= 3) {
      auto starts = constantInts(user.getOperand(1)), ends = constantInts(user.getOperand(2));
      if (!starts || !ends || starts->size() != 1 || ends->size() != 1)
        return std::nullopt;
      if (present(user, 3)) {
        auto axes = constantInts(user.getOperand(3));
        if (!axes || axes->size() != 1 || ((*axes)[0] != 0 && (*axes)[0] != -1))
          return std::nullopt;
      }
      if (present(user, 4)) {
        auto steps = constantInts(user.getOperand(4));
        if (!steps || steps->size() != 1 || (*steps)[0] != 1)
          return std::nullopt;
      }
      auto bound = [&](int64_t v) { return std::clamp(v < 0 ? v + length : v, int64_t(0), length); };
      int64_t a = bound((*starts)[0]), b = bound((*ends)[0]);
      if (b <= a)
        return std::nullopt;
      return Read{&user, first + a, first + b, false, {}};
    }
    return std::nullopt;
  }

  static bool isUnsqueezeOfFront(const ir::Operation &op) {
    if (op.getName().getStringRef() != "onnx.Unsqueeze" || op.getNumOperands() != 2)
      return false;
    auto axes = constantInts(op.getOperand(1));
    return axes && axes->size() == 1 && (*axes)[0] == 0;
  }

  bool rewriteReaders(ir::Operation &shape, ir::PatternRewriter &rw) {
    std::optional<std::pair<int64_t, int64_t>> range = shapeRange(shape);
    ir::Value *shapeValue = shape.getResult(0);
    if (!range || shapeValue->use_empty())
      return false;
    llvm::SmallVector<Read, 4> reads;
    for (ir::OpOperand &use : shapeValue->getUses()) {
      ir::Operation *user = use.getOwner();
      if (use.getOperandNumber() != 0 ||
          llvm::any_of(reads, [&](const Read &r) { return r.op == user; }))
        return false;
      std::optional<Read> read = readOf(*user, range->first, range->second);
      if (!read)
        return false;
      if (read->scalar)
        for (ir::OpOperand &scalarUse : user->getResult(0)->getUses()) {
          ir::Operation *reader = scalarUse.getOwner();
          if (isUnsqueezeOfFront(*reader) && scalarUse.getOperandNumber() == 0 &&
              !llvm::is_contained(read->unsqueezes, reader))
            read->unsqueezes.push_back(reader);
          else
            read->usedAsScalar = true;
        }
      reads.push_back(std::move(*read));
    }

    // One Shape per distinct range, in the order of the dims, and the type
    // of the 1-D value it gives.
    std::map<std::pair<int64_t, int64_t>, ir::Type> ranges;
    size_t before = 1, after = 0;
    for (const Read &r : reads) {
      before += 1 + r.unsqueezes.size();
      after += r.usedAsScalar ? 1 : 0;
      ir::Type oneD = ir::Type::tensor(ir::DType::Int64, {ir::Dim(r.end - r.begin)});
      if (!r.scalar)
        oneD = r.op->getResult(0)->getType();
      else if (!r.unsqueezes.empty())
        oneD = r.unsqueezes.front()->getResult(0)->getType();
      ranges.insert({{r.begin, r.end}, oneD});
    }
    after += ranges.size();
    if (after >= before)
      return false;

    rw.setInsertionPoint(&shape);
    std::map<std::pair<int64_t, int64_t>, ir::Value *> sliced;
    for (const auto &[bounds, type] : ranges)
      sliced[bounds] = rw.createValue("onnx.Shape", {shape.getOperand(0)}, type,
                                      {{"start", ir::Attribute::integer(bounds.first)},
                                       {"end", ir::Attribute::integer(bounds.second)}});
    ir::Value *front = nullptr;
    for (Read &r : reads) {
      ir::Value *dims = sliced[{r.begin, r.end}];
      if (!r.scalar) {
        rw.replaceOp(r.op, {dims});
        addStatistic("rewritten-reads");
        continue;
      }
      for (ir::Operation *unsqueeze : r.unsqueezes)
        rw.replaceOp(unsqueeze, {dims});
      if (r.usedAsScalar) {
        if (!front)
          front = rw.createI64s({0});
        rw.replaceOp(r.op, {rw.createValue("onnx.Squeeze", {dims, front},
                                           r.op->getResult(0)->getType())});
      } else
        rw.eraseOp(r.op);
      addStatistic("rewritten-reads");
    }
    addStatistic("erased-ops", int64_t(before - after));
    return true;
  }
};

} // namespace

void registerShapeSlicesPass() {
  pass::registerPass({"shape-slices",
                      "Read dims of a tensor with Shape's start and end instead of Gather, Slice "
                      "and Unsqueeze of its whole shape",
                      {},
                      [](const pass::PassOptions &) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
                        return std::make_unique<ShapeSlices>();
                      }});
}

} // namespace pt2onnx::passes
