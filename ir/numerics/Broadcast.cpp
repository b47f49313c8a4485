//===- Broadcast.cpp - numpy broadcasting of shapes --------------------------===//

#include "ir/numerics/Broadcast.h"

#include "ir/SymExpr.h"

#include "llvm/ADT/Twine.h"

namespace pt2onnx::numerics {

using ir::Dim;

namespace {

llvm::Error mismatch(int64_t a, int64_t b) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "cannot broadcast dims " + llvm::Twine(a) + " and " +
                                     llvm::Twine(b));
}

} // namespace

llvm::Expected<llvm::SmallVector<int64_t, 4>>
broadcastShapes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes) {
  size_t rank = 0;
  for (llvm::ArrayRef<int64_t> s : shapes)
    rank = std::max(rank, s.size());
  llvm::SmallVector<int64_t, 4> out(rank, 1);
  for (llvm::ArrayRef<int64_t> s : shapes) {
    for (size_t i = 0; i != s.size(); ++i) {
      int64_t &o = out[rank - s.size() + i];
      int64_t d = s[i];
      if (d == o || d == 1)
        continue;
      if (o != 1)
        return mismatch(o, d);
      o = d;
    }
  }
  return out;
}

std::vector<int64_t> broadcastIndices(llvm::ArrayRef<int64_t> in, llvm::ArrayRef<int64_t> out) {
  // Row-major strides of `in`, zero along the dims it stretches.
  llvm::SmallVector<int64_t, 4> strides(out.size(), 0);
  int64_t stride = 1;
  for (size_t i = in.size(); i-- > 0;) {
    if (in[i] != 1)
      strides[out.size() - in.size() + i] = stride;
    stride *= in[i];
  }
  int64_t count = 1;
  for (int64_t d : out)
    count *= d;
  std::vector<int64_t> indices(static_cast<size_t>(count));
  llvm::SmallVector<int64_t, 4> counter(out.size(), 0);
  int64_t offset = 0;
  for (int64_t &index : indices) {
    index = offset;
    for (size_t d = out.size(); d-- > 0;) {
      offset += strides[d];
      if (++counter[d] < out[d])
        break;
      offset -= strides[d] * out[d];
      counter[d] = 0;
    }
  }
  return indices;
}

llvm::Expected<Dim> broadcastDims(const Dim &a, const Dim &b) {
  if (a.isStatic() && a.getSize() == 1)
    return b;
  if (b.isStatic() && b.getSize() == 1)
    return a;
  if (a == b)
    return a;
  if (a.isStatic() && b.isStatic())
    return mismatch(a.getSize(), b.getSize());
  // A static dim other than 1 is the result: the other is 1 or equal to it.
  if (a.isStatic())
    return a;
  if (b.isStatic())
    return b;
  // So is a symbolic dim that cannot be 1.
  int64_t loA = a.isSymbolic() ? a.getExpr().getRange().lo : -1;
  int64_t loB = b.isSymbolic() ? b.getExpr().getRange().lo : -1;
  if (loA >= 2)
    return a;
  if (loB >= 2)
    return b;
  // Two dims that are each 1 or the result: the larger one.
  if (loA >= 1 && loB >= 1)
    return Dim::of(ir::max(a.getExpr(), b.getExpr()));
  return Dim::unknown();
}

llvm::Expected<llvm::SmallVector<Dim, 4>> broadcastShapes(llvm::ArrayRef<Dim> a,
                                                          llvm::ArrayRef<Dim> b) {
  size_t rank = std::max(a.size(), b.size());
  llvm::SmallVector<Dim, 4> dims;
  for (size_t i = 0; i < rank; ++i) {
    size_t fromEnd = rank - 1 - i;
    Dim da = fromEnd < a.size() ? a[a.size() - 1 - fromEnd] : Dim(1);
    Dim db = fromEnd < b.size() ? b[b.size() - 1 - fromEnd] : Dim(1);
    llvm::Expected<Dim> d = broadcastDims(da, db);
    if (!d)
      return d.takeError();
    dims.push_back(*d);
  }
  return dims;
}

} // namespace pt2onnx::numerics
