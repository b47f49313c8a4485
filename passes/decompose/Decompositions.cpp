//===- Decompositions.cpp - The table of decompositions, building ATen ops ---===//

#include "passes/decompose/Decompositions.h"

#include "ir/schema/OpTable.h"
#include "passes/shapes/ShapeFunctions.h"

#include "llvm/Support/ErrorHandling.h"

namespace pt2onnx::passes {

const DecompositionTable &getDecompositions() {
  static const DecompositionTable table = [] {
    DecompositionTable t;
    addAliasDecompositions(t);
    addBatchNormWithUpdateDecompositions(t);
    addBroadcastTensorsDecompositions(t);
    addCombinatoricsDecompositions(t);
    addComplexPartsDecompositions(t);
    addDiagonalDecompositions(t);
    addChannelShuffleDecompositions(t);
    addChunkCatDecompositions(t);
    addDiffDecompositions(t);
    addDistanceDecompositions(t);
    addFftShiftDecompositions(t);
    addFloatPowerDecompositions(t);
    addIsCloseDecompositions(t);
    addLinearCrossEntropyDecompositions(t);
    addLogSigmoidDecompositions(t);
    addLossDecompositions(t);
    addMatrixNormDecompositions(t);
    addMarginLossDecompositions(t);
    addFlipDecompositions(t);
    addGradientDecompositions(t);
    addMatrixTransposeDecompositions(t);
    addMoveDimDecompositions(t);
    addMsortDecompositions(t);
    addMomentsDecompositions(t);
    addNanReductionDecompositions(t);
    addNllLossDecompositions(t);
    addProductDecompositions(t);
    addNonzeroDecompositions(t);
    addRavelDecompositions(t);
    addRealPartsDecompositions(t);
    addSafeSoftmaxDecompositions(t);
    addRot90Decompositions(t);
    addSplitAlongDimDecompositions(t);
    addStackDecompositions(t);
    addTakeDecompositions(t);
    addSumToSizeDecompositions(t);
    return t;
  }();
  return table;
}

ir::Operation *createAtenOp(ir::PatternRewriter &rw, llvm::StringRef key,
                            llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> operands,
                            llvm::ArrayRef<ir::NamedAttribute> attrs,
                            llvm::ArrayRef<ir::Type> resultTypes) {
  // A decomposition names what it builds in code; a name the schema lacks is
  // a bug in that decomposition, which its lit case shows at once.
  const schema::OpSchema *op = schema::lookupOp(key);
  if (!op)
    llvm::report_fatal_error(llvm::Twine("decomposition builds unknown operator '") + key + "'");
  auto checkArgument = [&](llvm::StringRef name) {
    if (!op->argument(name))
      llvm::report_fatal_error(llvm::Twine("decomposition passes '") + name + "' to '" + key +
                               "', which has no such argument");
  };
  llvm::SmallVector<ir::Value *, 4> values;
  std::vector<std::string> names;
  for (const auto &[name, value] : operands) {
    checkArgument(name);
    values.push_back(value);
    names.push_back(name.str());
  }
  llvm::SmallVector<ir::NamedAttribute, 4> all(attrs.begin(), attrs.end());
  for (const ir::NamedAttribute &attr : attrs)
    checkArgument(attr.name);
  all.push_back({"arg_names", ir::Attribute::stringList(names)});
  return rw.create(key, values, resultTypes, all);
}

ir::Operation *createInferredAtenOp(ir::PatternRewriter &rw, llvm::StringRef key,
                                    llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> operands,
                                    llvm::ArrayRef<ir::NamedAttribute> attrs,
                                    llvm::ArrayRef<ir::DType> dtypes) {
  llvm::SmallVector<ir::Type, 2> placeholders;
  for (ir::DType dtype : dtypes)
    placeholders.push_back(ir::Type::unrankedTensor(dtype));
  ir::Operation *op = createAtenOp(rw, key, operands, attrs, placeholders);
  ShapeFunction fn = getShapeFunctions().lookup(op->getName());
  if (!fn)
    llvm::report_fatal_error(llvm::Twine("decomposition builds '") + key +
                             "', which has no shape function to give its result types");
  KnownIntsAnalysis ints(rw.getModule());
  ShapeContext ctx(*op, rw.getModule(), ints);
  fn(ctx);
  // A failure means the op's operands do not fit together (a malformed
  // program the decomposition passed on); the results stay unranked, and
  // the lowering of the op, which needs them ranked, refuses it.
  if (ctx.failed())
    return op;
  for (auto [i, inferred] : llvm::enumerate(ctx.getResults())) {
    if (!inferred || i >= dtypes.size() || !inferred->type.isTensor())
      continue;
    ir::Type type = inferred->type;
    if (!inferred->dtypeKnown)
      type = type.withDType(dtypes[i]);
    op->getResult(unsigned(i))->setType(type);
  }
  return op;
}

ir::Value *buildAten(ir::PatternRewriter &rw, llvm::StringRef key,
                     llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> operands,
                     llvm::ArrayRef<ir::NamedAttribute> attrs, ir::DType dtype) {
  return createInferredAtenOp(rw, key, operands, attrs, {dtype})->getResult(0);
}

namespace {

/// The attribute `name` of `root`, or the default its schema gives it.
std::optional<ir::Attribute> getArgAttr(const ir::Operation &root, llvm::StringRef name) {
  if (const ir::Attribute *attr = root.getAttr(name))
    return *attr;
  const schema::OpSchema *op = schema::lookupOp(root.getName().getStringRef());
  const schema::SchemaArgument *argument = op ? op->argument(name) : nullptr;
  if (!argument)
    return std::nullopt;
  return argument->defaultValue;
}

} // namespace

std::optional<int64_t> getIntArg(const ir::Operation &root, llvm::StringRef name) {
  std::optional<ir::Attribute> attr = getArgAttr(root, name);
  if (!attr || attr->getKind() != ir::Attribute::Kind::Int)
    return std::nullopt;
  return attr->getInt();
}

std::optional<double> getFloatArg(const ir::Operation &root, llvm::StringRef name) {
  std::optional<ir::Attribute> attr = getArgAttr(root, name);
  if (!attr)
    return std::nullopt;
  if (attr->getKind() == ir::Attribute::Kind::Float)
    return attr->getFloat();
  if (attr->getKind() == ir::Attribute::Kind::Int)
    return double(attr->getInt());
  return std::nullopt;
}

bool getBoolArg(const ir::Operation &root, llvm::StringRef name) {
  std::optional<ir::Attribute> attr = getArgAttr(root, name);
  return attr && attr->getKind() == ir::Attribute::Kind::Bool && attr->getBool();
}

ir::Value *getTensorArg(const ir::Operation &root, llvm::StringRef name) {
  ir::Value *value = root.getArgOperand(name);
  return value && !value->getType().isNone() ? value : nullptr;
}

ir::Value *unsqueezeAt(ir::PatternRewriter &rw, ir::Value *value,
                       llvm::ArrayRef<int64_t> positions) {
  for (int64_t position : positions) {
    const ir::Type &type = value->getType();
    llvm::SmallVector<ir::Dim, 4> shape(type.getShape().begin(), type.getShape().end());
    shape.insert(shape.begin() + position, ir::Dim(1));
    value = createAtenOp(rw, "aten.unsqueeze.default", {{"self", value}},
                         {{"dim", ir::Attribute::integer(position)}}, {type.withShape(shape)})
                ->getResult(0);
  }
  return value;
}

ir::Value *buildZeros(ir::PatternRewriter &rw, const ir::Type &type) {
  llvm::SmallVector<int64_t, 4> shape;
  for (const ir::Dim &size : type.getShape())
    shape.push_back(size.getSize());
  return createAtenOp(rw, "aten.zeros.default", {},
                      {{"size", ir::Attribute::intList(shape)},
                       {"dtype", ir::Attribute::dtype(type.getDType())}},
                      {type})
      ->getResult(0);
}

ir::Dim addDims(const ir::Dim &a, const ir::Dim &b) {
  if (a.isStatic() && b.isStatic())
    return a.getSize() + b.getSize();
  if (a.isUnknown() || b.isUnknown())
    return ir::Dim::unknown();
  if (a.isStatic())
    return ir::Dim::of(b.getExpr() + a.getSize());
  if (b.isStatic())
    return ir::Dim::of(a.getExpr() + b.getSize());
  return ir::Dim::of(a.getExpr() + b.getExpr());
}

} // namespace pt2onnx::passes
