//===- NN.cpp - Helpers of the neural-network rule families ----------------===//

#include "passes/eval/NN.h"

namespace pt2onnx::passes::eval {

std::optional<std::vector<double>> floatsOf(EvalContext &ctx, const Tensor &t) {
  if (getNumericKind(t.getDType()) != NumericKind::Float)
    return ctx.fail();
  std::vector<double> values(t.getNumElements());
  t.getDoubles(0, values);
  return values;
}

std::optional<Tensor> tensorOfFloats(EvalContext &ctx, ir::DType dtype,
                                     llvm::ArrayRef<int64_t> shape,
                                     llvm::ArrayRef<double> values) {
  if (getNumericKind(dtype) != NumericKind::Float)
    return ctx.fail();
  std::optional<Tensor> t = ctx.allocate(dtype, shape);
  if (!t)
    return std::nullopt;
  assert(int64_t(values.size()) == t->getNumElements());
  if (!values.empty())
    t->setDoubles(0, values);
  return t;
}

std::optional<double> numberArg(EvalContext &ctx, llvm::StringRef arg, double defaultValue) {
  std::optional<ScalarOrTensor> v = ctx.scalarOrTensor(arg);
  if (ctx.hasFailed())
    return std::nullopt;
  if (!v)
    return defaultValue;
  if (v->value.getNumElements() != 1 ||
      getNumericKind(v->value.getDType()) == NumericKind::Unsupported)
    return ctx.fail();
  return v->value.getDouble(0);
}

std::optional<Shape> perDim(EvalContext &ctx, llvm::StringRef arg, size_t n,
                            int64_t defaultValue) {
  Shape v = ctx.getIntList(arg);
  if (ctx.hasFailed())
    return std::nullopt;
  if (v.empty())
    v.assign(n, defaultValue);
  else if (v.size() == 1)
    v.assign(n, v.front());
  if (v.size() != n)
    return ctx.fail();
  return v;
}

std::optional<Shape> onnxPerDim(EvalContext &ctx, llvm::StringRef arg, size_t n,
                                int64_t defaultValue) {
  Shape v = ctx.getIntList(arg, Shape(n, defaultValue));
  if (ctx.hasFailed() || v.size() != n)
    return ctx.fail();
  return v;
}

std::optional<Shape> onnxPads(EvalContext &ctx, size_t n) {
  Shape v = ctx.getIntList("pads", Shape(2 * n, 0));
  if (ctx.hasFailed() || v.size() != 2 * n || llvm::any_of(v, [](int64_t p) { return p < 0; }))
    return ctx.fail();
  return v;
}

std::pair<int64_t, int64_t> splitAt(llvm::ArrayRef<int64_t> shape, size_t axis) {
  return {getNumElements(shape.take_front(axis)), getNumElements(shape.drop_front(axis))};
}

} // namespace pt2onnx::passes::eval
