//===- OnnxBuilder.cpp - Emitting ONNX-dialect ops with their result types --===//

#include "lowering/OnnxBuilder.h"

#include "ir/numerics/Broadcast.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>

namespace pt2onnx::lowering {

using ir::Dim;
using ir::DType;
using ir::Type;
using ir::Value;

Type loweredType(const Type &t) {
  switch (t.getKind()) {
  case Type::Kind::SymInt:
    return Type::tensor(DType::Int64, {});
  case Type::Kind::SymFloat:
    return Type::tensor(DType::Float64, {});
  case Type::Kind::SymBool:
    return Type::tensor(DType::Bool, {});
  case Type::Kind::Tensor:
    if (ir::isComplex(t.getDType())) {
      DType real = t.getDType() == DType::Complex128 ? DType::Float64 : DType::Float32;
      if (!t.isRanked())
        return Type::unrankedTensor(real);
      llvm::SmallVector<Dim, 4> dims(t.getShape().begin(), t.getShape().end());
      dims.push_back(Dim(2));
      return Type::tensor(real, dims);
    }
    return t;
  default:
    return t;
  }
}

Type broadcastType(const Type &a, const Type &b, DType dtype) {
  if (!a.isTensor() || !b.isTensor())
    return Type::unrankedTensor(dtype);
  if (!a.isRanked() || !b.isRanked())
    return Type::unrankedTensor(dtype);
  llvm::Expected<llvm::SmallVector<Dim, 4>> dims =
      numerics::broadcastShapes(a.getShape(), b.getShape());
  if (!dims) {
    llvm::consumeError(dims.takeError());
    return Type::unrankedTensor(dtype);
  }
  return Type::tensor(dtype, *dims);
}

// ---- Generic creation -------------------------------------------------------

ir::Operation *OnnxBuilder::create(llvm::StringRef opType, llvm::ArrayRef<Value *> operands,
                                   llvm::ArrayRef<Type> resultTypes,
                                   llvm::ArrayRef<ir::NamedAttribute> attrs, unsigned numRegions) {
  return builder.create(("onnx." + opType).str(), operands, resultTypes, attrs, numRegions);
}

Value *OnnxBuilder::op(llvm::StringRef opType, llvm::ArrayRef<Value *> operands,
                       const Type &resultType, llvm::ArrayRef<ir::NamedAttribute> attrs) {
  return create(opType, operands, {resultType}, attrs)->getResult(0);
}

// ---- Control flow -----------------------------------------------------------

llvm::SmallVector<Value *, 4> OnnxBuilder::scan(llvm::ArrayRef<Value *> initial,
                                                llvm::ArrayRef<Value *> scanInputs, int64_t axis,
                                                bool reverse, llvm::ArrayRef<Type> outputTypes,
                                                ScanStep step) {
  llvm::SmallVector<Type, 4> types;
  for (Value *v : initial)
    types.push_back(v->getType());
  types.append(outputTypes.begin(), outputTypes.end());
  llvm::SmallVector<Value *, 4> operands(initial.begin(), initial.end());
  operands.append(scanInputs.begin(), scanInputs.end());
  int64_t numInputs = int64_t(scanInputs.size()), numOutputs = int64_t(outputTypes.size());
  llvm::SmallVector<ir::NamedAttribute, 5> attrs{
      {"num_scan_inputs", ir::Attribute::integer(numInputs)},
      {"scan_input_axes", ir::Attribute::intList(llvm::SmallVector<int64_t, 2>(numInputs, axis))},
      {"scan_output_axes", ir::Attribute::intList(llvm::SmallVector<int64_t, 2>(numOutputs, axis))}};
  if (reverse) {
    attrs.push_back({"scan_input_directions",
                     ir::Attribute::intList(llvm::SmallVector<int64_t, 2>(numInputs, 1))});
    attrs.push_back({"scan_output_directions",
                     ir::Attribute::intList(llvm::SmallVector<int64_t, 2>(numOutputs, 1))});
  }
  ir::Operation *scanOp = create("Scan", operands, types, attrs, 1);
  ir::Block *body = scanOp->getRegion(0).addBlock();
  llvm::SmallVector<Value *, 4> states, slices;
  for (Value *v : initial)
    states.push_back(body->addArgument(v->getType()));
  for (Value *v : scanInputs) {
    const Type &t = v->getType();
    llvm::SmallVector<ir::Dim, 4> dims(t.getShape().begin(), t.getShape().end());
    dims.erase(dims.begin() + axis);
    slices.push_back(body->addArgument(t.withShape(dims)));
  }
  {
    ir::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(body);
    builder.createReturn(step(states, slices));
  }
  llvm::SmallVector<Value *, 4> results;
  for (unsigned i = 0; i < scanOp->getNumResults(); ++i)
    results.push_back(scanOp->getResult(i));
  return results;
}

// ---- Constants --------------------------------------------------------------

Value *OnnxBuilder::constant(ir::DenseElements value) {
  return builder.createConstant(std::move(value));
}

Value *OnnxBuilder::scalar(DType dtype, double value) {
  return constant(makeDense(dtype, {}, {value}));
}

Value *OnnxBuilder::scalarInt(DType dtype, int64_t value) {
  return constant(makeDenseInt(dtype, {}, {value}));
}

Value *OnnxBuilder::i64(int64_t value) { return scalarInt(DType::Int64, value); }

Value *OnnxBuilder::i64s(llvm::ArrayRef<int64_t> values) {
  return constant(makeDenseInt(DType::Int64, {int64_t(values.size())}, values));
}

Value *OnnxBuilder::none() {
  return builder
      .create(ir::builtin::kConstant, {}, {Type::none()}, {{"value", ir::Attribute::unit()}})
      ->getResult(0);
}

// ---- Elementwise ------------------------------------------------------------

Value *OnnxBuilder::unary(llvm::StringRef opType, Value *x,
                          llvm::ArrayRef<ir::NamedAttribute> attrs) {
  return op(opType, {x}, x->getType(), attrs);
}

Value *OnnxBuilder::binary(llvm::StringRef opType, Value *a, Value *b) {
  return op(opType, {a, b}, broadcastType(a->getType(), b->getType(), a->getType().getDType()));
}

Value *OnnxBuilder::compare(llvm::StringRef opType, Value *a, Value *b) {
  return op(opType, {a, b}, broadcastType(a->getType(), b->getType(), DType::Bool));
}

Value *OnnxBuilder::where(Value *cond, Value *a, Value *b) {
  Type ab = broadcastType(a->getType(), b->getType(), a->getType().getDType());
  Type type = broadcastType(cond->getType(), ab, ab.getDType());
  if (type.getDType() != DType::Bool)
    return op("Where", {cond, a, b}, type);
  // ONNX Runtime's CPU Where has no bool kernel: (cond and a) or (not cond and b).
  Value *fromA = compare("And", cond, a);
  Value *fromB = compare("And", unary("Not", cond), b);
  Value *r = compare("Or", fromA, fromB);
  r->setType(type);
  return r;
}

Value *OnnxBuilder::cast(Value *x, DType dtype) {
  if (x->getType().isTensor() && x->getType().getDType() == dtype)
    return x;
  return op("Cast", {x}, x->getType().withDType(dtype), {{"to", ir::Attribute::dtype(dtype)}});
}

Value *OnnxBuilder::roundTo(Value *x, DType dtype) {
  return cast(cast(x, dtype), x->getType().getDType());
}

// ---- Shapes -----------------------------------------------------------------

Value *OnnxBuilder::shapeOf(Value *x, std::optional<int64_t> start, std::optional<int64_t> end) {
  const Type &t = x->getType();
  llvm::SmallVector<ir::NamedAttribute, 2> attrs;
  Dim len = Dim::unknown();
  if (t.isRanked()) {
    int64_t rank = int64_t(t.getRank());
    int64_t s = start.value_or(0), e = end.value_or(rank);
    s = std::clamp(s < 0 ? s + rank : s, int64_t(0), rank);
    e = std::clamp(e < 0 ? e + rank : e, int64_t(0), rank);
    len = Dim(std::max<int64_t>(e - s, 0));
  }
  if (t.hasStaticShape()) {
    // A constant: the dims are known.
    int64_t rank = int64_t(t.getRank());
    int64_t s =
        std::clamp(start.value_or(0) < 0 ? *start + rank : start.value_or(0), int64_t(0), rank);
    int64_t e =
        std::clamp(end.value_or(rank) < 0 ? *end + rank : end.value_or(rank), int64_t(0), rank);
    llvm::SmallVector<int64_t, 4> dims;
    for (int64_t i = s; i < e; ++i)
      dims.push_back(t.getShape()[i].getSize());
    return i64s(dims);
  }
  if (start)
    attrs.push_back({"start", ir::Attribute::integer(*start)});
  if (end)
    attrs.push_back({"end", ir::Attribute::integer(*end)});
  return op("Shape", {x}, Type::tensor(DType::Int64, {len}), attrs);
}

Value *OnnxBuilder::dimSize(Value *x, int64_t axis) {
  const Type &t = x->getType();
  if (t.isRanked() && axis < int64_t(t.getRank()) && t.getShape()[axis].isStatic())
    return i64(t.getShape()[axis].getSize());
  return gather(shapeOf(x), i64(axis), 0);
}

Value *OnnxBuilder::reshape(Value *x, Value *shape, const Type &resultType) {
  return op("Reshape", {x, shape}, resultType);
}

Value *OnnxBuilder::reshape(Value *x, llvm::ArrayRef<int64_t> shape) {
  const Type &t = x->getType();
  llvm::SmallVector<Dim, 4> dims;
  int inferred = -1;
  for (auto [i, s] : llvm::enumerate(shape)) {
    if (s == 0 && t.isRanked() && i < t.getRank())
      dims.push_back(t.getShape()[i]);
    else if (s == -1) {
      inferred = int(i);
      dims.push_back(Dim::unknown());
    } else
      dims.push_back(Dim(s));
  }
  if (inferred >= 0 && t.isRanked()) {
    // The input's element count (symbolic if need be) over the other dims.
    ir::SymContext &ctx = getSymContext();
    ir::SymExpr total = ctx.getConstant(1), rest = ctx.getConstant(1);
    bool known = true;
    for (const Dim &d : t.getShape()) {
      if (d.isUnknown())
        known = false;
      else
        total = total * (d.isStatic() ? ctx.getConstant(d.getSize()) : d.getExpr());
    }
    for (auto [i, d] : llvm::enumerate(dims))
      if (int(i) != inferred) {
        if (d.isUnknown())
          known = false;
        else
          rest = rest * (d.isStatic() ? ctx.getConstant(d.getSize()) : d.getExpr());
      }
    if (known && rest.getConstant() != 0)
      dims[inferred] = Dim::of(ir::floorDiv(total, rest));
  }
  return reshape(x, i64s(shape), Type::tensor(t.getDType(), dims));
}

Value *OnnxBuilder::unsqueeze(Value *x, llvm::ArrayRef<int64_t> axes) {
  const Type &t = x->getType();
  Type result = Type::unrankedTensor(t.getDType());
  if (t.isRanked()) {
    size_t rank = t.getRank() + axes.size();
    llvm::SmallVector<Dim, 4> dims;
    size_t next = 0;
    for (size_t i = 0; i < rank; ++i)
      dims.push_back(llvm::is_contained(axes, int64_t(i)) ? Dim(1) : t.getShape()[next++]);
    result = Type::tensor(t.getDType(), dims);
  }
  return op("Unsqueeze", {x, i64s(axes)}, result);
}

Value *OnnxBuilder::squeeze(Value *x, llvm::ArrayRef<int64_t> axes) {
  const Type &t = x->getType();
  Type result = Type::unrankedTensor(t.getDType());
  if (t.isRanked()) {
    llvm::SmallVector<Dim, 4> dims;
    for (auto [i, d] : llvm::enumerate(t.getShape()))
      if (!llvm::is_contained(axes, int64_t(i)))
        dims.push_back(d);
    result = Type::tensor(t.getDType(), dims);
  }
  return op("Squeeze", {x, i64s(axes)}, result);
}

Value *OnnxBuilder::transpose(Value *x, llvm::ArrayRef<int64_t> perm) {
  const Type &t = x->getType();
  Type result = Type::unrankedTensor(t.getDType());
  if (t.isRanked()) {
    llvm::SmallVector<Dim, 4> dims;
    for (int64_t p : perm)
      dims.push_back(t.getShape()[p]);
    result = Type::tensor(t.getDType(), dims);
  }
  return op("Transpose", {x}, result, {{"perm", ir::Attribute::intList(perm)}});
}

Value *OnnxBuilder::concat(llvm::ArrayRef<Value *> values, int64_t axis) {
  assert(!values.empty());
  if (values.size() == 1)
    return values.front();
  const Type &first = values.front()->getType();
  Type result = Type::unrankedTensor(first.getDType());
  if (llvm::all_of(values, [](Value *v) { return v->getType().isRanked(); })) {
    llvm::SmallVector<Dim, 4> dims(first.getShape().begin(), first.getShape().end());
    ir::SymExpr sum;
    bool known = true;
    for (Value *v : values) {
      const Dim &d = v->getType().getShape()[axis];
      if (d.isUnknown()) {
        known = false;
        break;
      }
      ir::SymExpr e = d.isStatic() ? getSymContext().getConstant(d.getSize()) : d.getExpr();
      sum = sum ? sum + e : e;
    }
    dims[axis] = known ? Dim::of(sum) : Dim::unknown();
    // Other dims: prefer a static one.
    for (Value *v : values)
      for (auto [i, d] : llvm::enumerate(v->getType().getShape()))
        if (int64_t(i) != axis && d.isStatic())
          dims[i] = d;
    result = Type::tensor(first.getDType(), dims);
  }
  return op("Concat", values, result, {{"axis", ir::Attribute::integer(axis)}});
}

Value *OnnxBuilder::gather(Value *x, Value *indices, int64_t axis) {
  const Type &t = x->getType(), &it = indices->getType();
  Type result = Type::unrankedTensor(t.getDType());
  if (t.isRanked() && it.isRanked()) {
    llvm::SmallVector<Dim, 4> dims(t.getShape().begin(), t.getShape().begin() + axis);
    dims.append(it.getShape().begin(), it.getShape().end());
    dims.append(t.getShape().begin() + axis + 1, t.getShape().end());
    result = Type::tensor(t.getDType(), dims);
  }
  return op("Gather", {x, indices}, result, {{"axis", ir::Attribute::integer(axis)}});
}

Value *OnnxBuilder::expand(Value *x, Value *shape, const Type &resultType) {
  return op("Expand", {x, shape}, resultType);
}

Value *OnnxBuilder::slice(Value *x, Value *starts, Value *ends, Value *axes, Value *steps,
                          const Type &resultType) {
  llvm::SmallVector<Value *, 5> operands{x, starts, ends, axes};
  if (steps)
    operands.push_back(steps);
  return op("Slice", operands, resultType);
}

Value *OnnxBuilder::matmul(Value *a, Value *b) {
  const Type &ta = a->getType(), &tb = b->getType();
  DType dtype = ta.getDType();
  if (!ta.isRanked() || !tb.isRanked() || ta.getRank() == 0 || tb.getRank() == 0)
    return op("MatMul", {a, b}, Type::unrankedTensor(dtype));
  llvm::ArrayRef<Dim> sa = ta.getShape(), sb = tb.getShape();
  llvm::SmallVector<Dim, 4> dims;
  if (sa.size() == 1 && sb.size() == 1) {
    // dot product: rank 0
  } else if (sb.size() == 1) {
    dims.assign(sa.begin(), sa.end() - 1);
  } else if (sa.size() == 1) {
    dims.assign(sb.begin(), sb.end() - 2);
    dims.push_back(sb.back());
  } else {
    Type batchA = Type::tensor(dtype, sa.drop_back(2)),
         batchB = Type::tensor(dtype, sb.drop_back(2));
    Type batch = broadcastType(batchA, batchB, dtype);
    dims.assign(batch.getShape().begin(), batch.getShape().end());
    dims.push_back(sa[sa.size() - 2]);
    dims.push_back(sb.back());
  }
  return op("MatMul", {a, b}, Type::tensor(dtype, dims));
}

// ---- Reductions -------------------------------------------------------------

Type OnnxBuilder::reducedType(const Type &x, std::optional<llvm::ArrayRef<int64_t>> axes,
                              bool keepdims, DType dtype) {
  if (!x.isRanked())
    return Type::unrankedTensor(dtype);
  llvm::SmallVector<Dim, 4> dims;
  for (auto [i, d] : llvm::enumerate(x.getShape())) {
    bool reduced = !axes || llvm::is_contained(*axes, int64_t(i));
    if (!reduced)
      dims.push_back(d);
    else if (keepdims)
      dims.push_back(Dim(1));
  }
  return Type::tensor(dtype, dims);
}

Value *OnnxBuilder::reduce(llvm::StringRef opType, Value *x,
                           std::optional<llvm::ArrayRef<int64_t>> axes, bool keepdims,
                           std::optional<DType> resultDType) {
  Type result =
      reducedType(x->getType(), axes, keepdims, resultDType.value_or(x->getType().getDType()));
  llvm::SmallVector<ir::NamedAttribute, 2> attrs{
      {"keepdims", ir::Attribute::integer(keepdims ? 1 : 0)}};
  bool axesAsInput = opType == "ReduceSum" || opset >= 18;
  llvm::SmallVector<Value *, 2> operands{x};
  if (axes) {
    if (axesAsInput)
      operands.push_back(i64s(*axes));
    else
      attrs.push_back({"axes", ir::Attribute::intList(*axes)});
  }
  return op(opType, operands, result, attrs);
}

Value *OnnxBuilder::buildShape(llvm::ArrayRef<ShapeElement> elements) {
  if (llvm::all_of(elements, [](const ShapeElement &e) { return e.constant.has_value(); })) {
    llvm::SmallVector<int64_t, 4> values;
    for (const ShapeElement &e : elements)
      values.push_back(*e.constant);
    return i64s(values);
  }
  // Runs of constants become one constant; runtime values are made 1-D.
  llvm::SmallVector<Value *, 4> parts;
  llvm::SmallVector<int64_t, 4> run;
  auto flush = [&] {
    if (!run.empty())
      parts.push_back(i64s(run));
    run.clear();
  };
  for (const ShapeElement &e : elements) {
    if (e.constant) {
      run.push_back(*e.constant);
      continue;
    }
    flush();
    Value *v = e.value;
    if (v->getType().isRanked() && v->getType().getRank() == 0)
      v = unsqueeze(v, {0});
    parts.push_back(cast(v, DType::Int64));
  }
  flush();
  return concat(parts, 0);
}

} // namespace pt2onnx::lowering
