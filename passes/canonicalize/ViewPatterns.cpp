//===- ViewPatterns.cpp - Canonical forms of ONNX view and copy ops --------===//
//
//   Reshape, Squeeze, Unsqueeze, Flatten, Expand, Slice, Pad, Concat that
//     compute their input                          -> the input
//   Unsqueeze(Unsqueeze(x)), Squeeze(Squeeze(x))   -> one op, axes merged
//   Squeeze(Unsqueeze(x, a), a), Unsqueeze(Squeeze(x, a), a)  -> x
//   a view op of a view op (Reshape, Squeeze, Unsqueeze, Flatten)
//                                                  -> one Reshape of x
//   Transpose(x, identity)                         -> x
//   Transpose(Transpose(x, p), q)                  -> Transpose(x, p∘q)
//   Transpose that keeps the order of the dims other than static 1s
//                                                  -> Reshape (no copy)
//   Squeeze(Transpose(y)) with a single-use Transpose
//                                                  -> Transpose(Squeeze(y)),
//     so that the Squeeze meets what produced y (an Unsqueeze it cancels)
//   Reshape(Transpose(v)) that only adds or removes dims of size 1, with v a
//   view op and a single-use Transpose             -> Transpose(Reshape(v)),
//     where the new Reshape fuses with v (attention's view, transpose, view)
//
// A new Reshape's target shape is a constant: static dims, 0 for a dim that
// is the input's at the same position, -1 for at most one other dim.
//
//===----------------------------------------------------------------------===//

#include "passes/canonicalize/Patterns.h"

#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::passes {

using ir::Dim;
using ir::Operation;
using ir::SymExpr;
using ir::Type;
using ir::Value;

namespace {

using Ints = llvm::SmallVector<int64_t, 4>;

bool isView(const Operation *op) {
  if (!op || op->getNumResults() != 1 || op->getNumOperands() < 1)
    return false;
  if (op->isa("onnx.Reshape"))
    return op->getNumOperands() >= 2;
  return op->isa("onnx.Squeeze") || op->isa("onnx.Unsqueeze") || op->isa("onnx.Flatten");
}

bool allowsZero(const Operation &op) {
  return op.isa("onnx.Reshape") && intAttr(op, "allowzero", 0) != 0;
}

/// The constant axes of a Squeeze or Unsqueeze, normalized against `rank`
/// and sorted; nullopt when they are not constant (or absent).
std::optional<Ints> constantAxes(Operation &op, Rewriter &rw, int64_t rank) {
  Ints axes;
  if (op.getNumOperands() > 1 && !op.getOperand(1)->getType().isNone()) {
    auto c = rw.getInts().lookupConstants(op.getOperand(1));
    if (!c)
      return std::nullopt;
    axes = *c;
  } else if (const ir::Attribute *a = op.getAttr("axes");
             a && a->getKind() == ir::Attribute::Kind::IntList) {
    axes.assign(a->getIntList().begin(), a->getIntList().end());
  } else {
    return std::nullopt;
  }
  for (int64_t &a : axes) {
    if (a < -rank || a >= rank)
      return std::nullopt;
    if (a < 0)
      a += rank;
  }
  llvm::sort(axes);
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
    return std::nullopt;
  return axes;
}

/// A Squeeze or Unsqueeze like `like` (axes as an input or an attribute, as
/// `like` has them) of `x` over `axes`.
Value *createAxesOp(Rewriter &rw, Operation &like, Value *x, llvm::ArrayRef<int64_t> axes,
                    const Type &resultType) {
  llvm::StringRef name = like.getName().getStringRef();
  if (like.hasAttr("axes"))
    return rw.createValue(name, {x}, resultType, {{"axes", ir::Attribute::intList(axes)}});
  return rw.createValue(name, {x, rw.createI64s(axes)}, resultType);
}

/// The constant target shape with which a Reshape of a tensor of type `in`
/// gives type `out`; nullopt when `out` cannot be spelled so.
std::optional<Ints> reshapeTarget(const Type &in, const Type &out) {
  if (!out.isTensor() || !out.isRanked() || !in.isTensor() || !in.isRanked())
    return std::nullopt;
  for (const Dim &d : in.getShape())
    if (d.isStatic() && d.getSize() == 0)
      return std::nullopt;
  Ints target;
  bool inferred = false;
  for (auto [j, d] : llvm::enumerate(out.getShape())) {
    if (d.isStatic()) {
      if (d.getSize() == 0)
        return std::nullopt;
      target.push_back(d.getSize());
    } else if (j < in.getRank() && sameDim(in.getShape()[j], d)) {
      target.push_back(0);
    } else if (!inferred) {
      inferred = true;
      target.push_back(-1);
    } else {
      return std::nullopt;
    }
  }
  return target;
}

/// Replaces `root` by a Reshape of `x` to `root`'s result type.
bool replaceByReshape(Operation &root, Value *x, Rewriter &rw) {
  const Type &type = root.getResult(0)->getType();
  std::optional<Ints> target = reshapeTarget(x->getType(), type);
  if (!target)
    return false;
  Value *shape = rw.createI64s(*target);
  rw.replaceOp(&root, {rw.createValue("onnx.Reshape", {x, shape}, type)});
  return true;
}

/// A view op whose result type is its input's.
bool dropSameTypeView(Operation &root, Rewriter &rw) {
  Value *x = root.getOperand(0);
  const Type &t = root.getResult(0)->getType();
  if (!isFullyKnown(t) || x->getType() != t)
    return false;
  rw.replaceOp(&root, {x});
  return true;
}

/// A Reshape whose target is provably the input's shape.
bool dropNoOpReshape(Operation &root, Rewriter &rw) {
  Value *x = root.getOperand(0);
  const KnownInts *shape = rw.getInts().lookup(root.getOperand(1));
  const Type &in = x->getType();
  if (!shape || !in.isRanked() || shape->size() != in.getRank())
    return false;
  bool zeroCopies = !allowsZero(root);
  std::optional<size_t> inferred;
  for (auto [i, e] : llvm::enumerate(*shape)) {
    if (!e)
      return false;
    std::optional<int64_t> c = e.getConstant();
    const Dim &d = in.getShape()[i];
    if (c && *c == -1 && !inferred) {
      inferred = i;
      continue;
    }
    if (c && *c == 0 && zeroCopies)
      continue;
    if (!sameDim(d, Dim::of(e)))
      return false;
  }
  // With every other dim the input's, an inferred dim is the input's too,
  // unless another dim may be 0 (then -1 is ambiguous).
  if (inferred)
    for (auto [i, d] : llvm::enumerate(in.getShape())) {
      bool positive =
          d.isStatic() ? d.getSize() > 0 : d.isSymbolic() && d.getExpr().getRange().lo >= 1;
      if (i != *inferred && !positive)
        return false;
    }
  rw.replaceOp(&root, {x});
  return true;
}

/// Unsqueeze(Unsqueeze(x)), Squeeze(Squeeze(x)) and the pairs that cancel.
bool foldSqueezePair(Operation &root, Rewriter &rw) {
  Operation *inner = root.getOperand(0)->getDefiningOp();
  if (!isView(inner) || (!inner->isa("onnx.Squeeze") && !inner->isa("onnx.Unsqueeze")))
    return false;
  Value *x = inner->getOperand(0);
  const Type &xt = x->getType(), &mid = inner->getResult(0)->getType(),
             &out = root.getResult(0)->getType();
  if (!xt.isRanked() || !mid.isRanked() || !out.isRanked())
    return false;
  bool rootUnsqueeze = root.isa("onnx.Unsqueeze"), innerUnsqueeze = inner->isa("onnx.Unsqueeze");
  auto a = constantAxes(*inner, rw, int64_t(innerUnsqueeze ? mid.getRank() : xt.getRank()));
  auto b = constantAxes(root, rw, int64_t(rootUnsqueeze ? out.getRank() : mid.getRank()));
  if (!a || !b)
    return false;
  if (rootUnsqueeze != innerUnsqueeze) {
    if (*a != *b)
      return false;
    rw.replaceOp(&root, {x});
    return true;
  }
  Ints merged;
  if (rootUnsqueeze) {
    // Positions of the result: b are new; the others are mid's in order, of
    // which a are new.
    int64_t next = 0;
    for (int64_t p = 0; p < int64_t(out.getRank()); ++p) {
      if (llvm::is_contained(*b, p)) {
        merged.push_back(p);
        continue;
      }
      if (llvm::is_contained(*a, next))
        merged.push_back(p);
      ++next;
    }
  } else {
    // Positions of x: a go first; b counts among the others.
    merged = *a;
    int64_t kept = 0;
    for (int64_t p = 0; p < int64_t(xt.getRank()); ++p) {
      if (llvm::is_contained(*a, p))
        continue;
      if (llvm::is_contained(*b, kept))
        merged.push_back(p);
      ++kept;
    }
    llvm::sort(merged);
  }
  rw.replaceOp(&root, {createAxesOp(rw, root, x, merged, out)});
  return true;
}

/// A view op of a view op: one Reshape.
bool fuseViewChain(Operation &root, Rewriter &rw) {
  Operation *inner = root.getOperand(0)->getDefiningOp();
  if (!isView(inner) || allowsZero(root) || allowsZero(*inner))
    return false;
  Value *x = inner->getOperand(0);
  if (root.isa("onnx.Reshape")) {
    // The same target applies to x when it copies no dim (no 0 entries).
    const KnownInts *shape = rw.getInts().lookup(root.getOperand(1));
    if (shape && llvm::all_of(*shape, [](SymExpr e) {
          if (!e)
            return false;
          std::optional<int64_t> c = e.getConstant();
          return c ? *c != 0 : e.getRange().lo >= 1;
        })) {
      rw.replaceOp(&root, {rw.createValue("onnx.Reshape", {x, root.getOperand(1)},
                                          root.getResult(0)->getType())});
      return true;
    }
  }
  return replaceByReshape(root, x, rw);
}

bool dropIdentityTranspose(Operation &root, Rewriter &rw) {
  const ir::Attribute *perm = root.getAttr("perm");
  if (!perm || perm->getKind() != ir::Attribute::Kind::IntList)
    return false;
  for (auto [i, p] : llvm::enumerate(perm->getIntList()))
    if (p != int64_t(i))
      return false;
  rw.replaceOp(&root, {root.getOperand(0)});
  return true;
}

std::optional<Ints> permOf(const Operation &op) {
  const ir::Attribute *perm = op.getAttr("perm");
  if (!perm || perm->getKind() != ir::Attribute::Kind::IntList)
    return std::nullopt;
  return Ints(perm->getIntList().begin(), perm->getIntList().end());
}

bool fuseTransposes(Operation &root, Rewriter &rw) {
  Operation *inner = definedBy(root.getOperand(0), "onnx.Transpose");
  if (!inner)
    return false;
  auto p = permOf(*inner), q = permOf(root);
  if (!p || !q || p->size() != q->size())
    return false;
  Ints composed;
  bool identity = true;
  for (int64_t i : *q) {
    if (i < 0 || i >= int64_t(p->size()))
      return false;
    composed.push_back((*p)[i]);
    identity &= composed.back() == int64_t(composed.size() - 1);
  }
  Value *x = inner->getOperand(0);
  if (identity) {
    rw.replaceOp(&root, {x});
    return true;
  }
  rw.replaceOp(&root, {rw.createValue("onnx.Transpose", {x}, root.getResult(0)->getType(),
                                      {{"perm", ir::Attribute::intList(composed)}})});
  return true;
}

/// A Transpose that only moves dims of size 1 is a Reshape.
bool transposeAsReshape(Operation &root, Rewriter &rw) {
  Value *x = root.getOperand(0);
  auto perm = permOf(root);
  if (!perm || !x->getType().isRanked() || perm->size() != x->getType().getRank())
    return false;
  int64_t last = -1;
  for (int64_t p : *perm) {
    if (p < 0 || p >= int64_t(perm->size()))
      return false;
    const Dim &d = x->getType().getShape()[p];
    if (d.isStatic() && d.getSize() == 1)
      continue;
    if (p < last)
      return false;
    last = p;
  }
  return replaceByReshape(root, x, rw);
}

/// Squeeze(Transpose(y, p), b) -> Transpose(Squeeze(y, p[b]), p').
bool squeezeBeforeTranspose(Operation &root, Rewriter &rw) {
  Operation *transpose = definedBy(root.getOperand(0), "onnx.Transpose");
  if (!transpose || !transpose->getResult(0)->hasOneUse())
    return false;
  Value *y = transpose->getOperand(0);
  auto perm = permOf(*transpose);
  const Type &yt = y->getType();
  if (!perm || !yt.isRanked() || perm->size() != yt.getRank())
    return false;
  auto axes = constantAxes(root, rw, int64_t(perm->size()));
  if (!axes)
    return false;
  Ints yAxes;
  for (int64_t a : *axes)
    yAxes.push_back((*perm)[a]);
  llvm::sort(yAxes);
  llvm::SmallVector<Dim, 4> squeezed;
  for (auto [i, d] : llvm::enumerate(yt.getShape()))
    if (!llvm::is_contained(yAxes, int64_t(i)))
      squeezed.push_back(d);
  Ints newPerm;
  for (auto [i, p] : llvm::enumerate(*perm)) {
    if (llvm::is_contained(*axes, int64_t(i)))
      continue;
    newPerm.push_back(p - llvm::count_if(yAxes, [&](int64_t a) { return a < p; }));
  }
  Value *s = createAxesOp(rw, root, y, yAxes, Type::tensor(yt.getDType(), squeezed));
  rw.replaceOp(&root, {rw.createValue("onnx.Transpose", {s}, root.getResult(0)->getType(),
                                      {{"perm", ir::Attribute::intList(newPerm)}})});
  return true;
}

bool isUnit(const Dim &d) { return d.isStatic() && d.getSize() == 1; }

/// Reshape(Transpose(y, p)) that only inserts or drops dims of size 1 is
/// Transpose(y', p') with y' a reshape of y: y's other dims in order, then
/// the result's 1s. Only done when y is a view op, which y' then fuses with.
bool unitReshapeBeforeTranspose(Operation &root, Rewriter &rw) {
  Operation *transpose = definedBy(root.getOperand(0), "onnx.Transpose");
  if (!transpose || !transpose->getResult(0)->hasOneUse() || allowsZero(root))
    return false;
  Value *y = transpose->getOperand(0);
  if (!isView(y->getDefiningOp()))
    return false;
  auto perm = permOf(*transpose);
  const Type &yt = y->getType(), &tt = transpose->getResult(0)->getType(),
             &out = root.getResult(0)->getType();
  if (!perm || !isFullyKnown(yt) || !isFullyKnown(tt) || !isFullyKnown(out) ||
      perm->size() != yt.getRank())
    return false;
  llvm::SmallVector<int64_t, 4> tKept, outKept;
  for (auto [j, d] : llvm::enumerate(tt.getShape()))
    if (!isUnit(d))
      tKept.push_back(int64_t(j));
  for (auto [i, d] : llvm::enumerate(out.getShape()))
    if (!isUnit(d))
      outKept.push_back(int64_t(i));
  if (tKept.size() != outKept.size())
    return false;
  for (auto [j, i] : llvm::zip(tKept, outKept))
    if (!sameDim(tt.getShape()[j], out.getShape()[i]))
      return false;
  // y's kept axes, in y's order, and where each lands in y'.
  Ints yKept;
  for (int64_t j : tKept)
    yKept.push_back((*perm)[j]);
  Ints yKeptSorted = yKept;
  llvm::sort(yKeptSorted);
  llvm::SmallVector<Dim, 4> reshaped;
  for (int64_t a : yKeptSorted)
    reshaped.push_back(yt.getShape()[a]);
  int64_t units = int64_t(out.getRank() - outKept.size());
  reshaped.append(units, Dim(1));
  Ints newPerm;
  size_t kept = 0;
  int64_t nextUnit = int64_t(yKeptSorted.size());
  for (const Dim &d : out.getShape()) {
    if (isUnit(d)) {
      newPerm.push_back(nextUnit++);
      continue;
    }
    int64_t axis = yKept[kept++];
    newPerm.push_back(llvm::find(yKeptSorted, axis) - yKeptSorted.begin());
  }
  Type reshapedType = Type::tensor(yt.getDType(), reshaped);
  std::optional<Ints> target = reshapeTarget(yt, reshapedType);
  if (!target)
    return false;
  Value *r = rw.createValue("onnx.Reshape", {y, rw.createI64s(*target)}, reshapedType);
  rw.replaceOp(&root, {rw.createValue("onnx.Transpose", {r}, out,
                                      {{"perm", ir::Attribute::intList(newPerm)}})});
  return true;
}

/// Expand to a shape the input already has.
bool dropNoOpExpand(Operation &root, Rewriter &rw) {
  Value *x = root.getOperand(0);
  const KnownInts *shape = rw.getInts().lookup(root.getOperand(1));
  const Type &in = x->getType();
  if (!shape || !in.isRanked() || shape->size() > in.getRank())
    return false;
  size_t lead = in.getRank() - shape->size();
  for (auto [i, e] : llvm::enumerate(*shape)) {
    if (!e)
      return false;
    if (e.getConstant() == 1)
      continue;
    if (!sameDim(in.getShape()[lead + i], Dim::of(e)))
      return false;
  }
  rw.replaceOp(&root, {x});
  return true;
}

/// A Slice that keeps every element in order.
bool dropNoOpSlice(Operation &root, Rewriter &rw) {
  Value *x = root.getOperand(0);
  const Type &in = x->getType();
  if (!in.isRanked() || root.getNumOperands() < 3)
    return false;
  KnownIntsAnalysis &ints = rw.getInts();
  const KnownInts *starts = ints.lookup(root.getOperand(1)),
                  *ends = ints.lookup(root.getOperand(2));
  if (!starts || !ends || starts->size() != ends->size())
    return false;
  size_t n = starts->size();
  Ints axes, steps(n, 1);
  auto present = [&](unsigned i) {
    return root.getNumOperands() > i && !root.getOperand(i)->getType().isNone();
  };
  if (present(3)) {
    auto a = ints.lookupConstants(root.getOperand(3));
    if (!a || a->size() != n)
      return false;
    axes = *a;
  } else {
    for (size_t i = 0; i < n; ++i)
      axes.push_back(int64_t(i));
  }
  if (present(4)) {
    auto s = ints.lookupConstants(root.getOperand(4));
    if (!s || s->size() != n)
      return false;
    steps = *s;
  }
  int64_t rank = int64_t(in.getRank());
  for (size_t i = 0; i < n; ++i) {
    int64_t axis = axes[i] < 0 ? axes[i] + rank : axes[i];
    if (axis < 0 || axis >= rank || steps[i] != 1)
      return false;
    const Dim &d = in.getShape()[axis];
    SymExpr start = (*starts)[i], end = (*ends)[i];
    if (!start || !end || start.getConstant() != 0)
      return false;
    std::optional<int64_t> c = end.getConstant();
    bool toEnd = (c && d.isStatic() && *c >= d.getSize()) || (c && *c >= (int64_t(1) << 53)) ||
                 sameDim(d, Dim::of(end));
    if (!toEnd)
      return false;
  }
  rw.replaceOp(&root, {x});
  return true;
}

bool dropSingleConcat(Operation &root, Rewriter &rw) {
  if (root.getNumOperands() != 1)
    return false;
  rw.replaceOp(&root, {root.getOperand(0)});
  return true;
}

bool dropZeroPad(Operation &root, Rewriter &rw) {
  std::optional<Ints> pads;
  if (root.getNumOperands() > 1 && !root.getOperand(1)->getType().isNone())
    pads = rw.getInts().lookupConstants(root.getOperand(1));
  else if (const ir::Attribute *a = root.getAttr("pads");
           a && a->getKind() == ir::Attribute::Kind::IntList)
    pads = Ints(a->getIntList().begin(), a->getIntList().end());
  if (!pads || llvm::any_of(*pads, [](int64_t p) { return p != 0; }))
    return false;
  rw.replaceOp(&root, {root.getOperand(0)});
  return true;
}

} // namespace

void addViewPatterns(PatternSet &patterns) {
  for (llvm::StringRef op : {"onnx.Reshape", "onnx.Squeeze", "onnx.Unsqueeze", "onnx.Flatten"})
    patterns.add(op, dropSameTypeView);
  patterns.add("onnx.Reshape", dropNoOpReshape, 2);
  for (llvm::StringRef op : {"onnx.Squeeze", "onnx.Unsqueeze"})
    patterns.add(op, foldSqueezePair);
  patterns.add("onnx.Squeeze", squeezeBeforeTranspose);
  patterns.add("onnx.Reshape", unitReshapeBeforeTranspose, 2);
  for (llvm::StringRef op : {"onnx.Reshape", "onnx.Squeeze", "onnx.Unsqueeze", "onnx.Flatten"})
    patterns.add(op, fuseViewChain, op == "onnx.Reshape" ? 2 : 1);
  patterns.add("onnx.Transpose", dropIdentityTranspose);
  patterns.add("onnx.Transpose", fuseTransposes);
  patterns.add("onnx.Transpose", transposeAsReshape);
  patterns.add("onnx.Expand", dropSameTypeView);
  patterns.add("onnx.Expand", dropNoOpExpand, 2);
  patterns.add("onnx.Slice", dropNoOpSlice, 3);
  patterns.add("onnx.Concat", dropSingleConcat);
  patterns.add("onnx.Pad", dropZeroPad);
}

} // namespace pt2onnx::passes
