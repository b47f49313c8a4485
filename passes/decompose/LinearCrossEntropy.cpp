//===- LinearCrossEntropy.cpp - linear_cross_entropy as linear then loss -----===//
//
// torch.nn.functional.linear_cross_entropy exports as the custom ops
// `torch_nn._linear_cross_entropy_batch_chunked` (reduction "mean" or
// "sum") and `..._no_reduction`, which compute the cross entropy of
// `input @ linear_weight.T + linear_bias` batch chunk by batch chunk to
// save memory. The values are those of `aten.linear` followed by
// `aten.cross_entropy_loss` with the same weight, ignore_index and label
// smoothing (which NllLoss.cpp decomposes in turn); the chunk size and
// accumulation policy only change how the work is split. The chunked op
// also returns the gradients it precomputes for a backward pass: with
// every compute_*_grad false they are empty tensors, built as zeros. An
// accumulation dtype other than the input's, gradients asked for, or an
// unknown reduction leave the op alone.
//
//===----------------------------------------------------------------------===//

#include "passes/decompose/Decompositions.h"

namespace pt2onnx::passes {

namespace {

bool decomposeLinearCrossEntropy(ir::Operation &root, ir::PatternRewriter &rw) {
  ir::Value *input = getTensorArg(root, "input");
  ir::Value *linearWeight = getTensorArg(root, "linear_weight");
  ir::Value *target = getTensorArg(root, "target");
  ir::Value *linearBias = getTensorArg(root, "linear_bias");
  ir::Value *weight = getTensorArg(root, "weight");
  if (!input || !linearWeight || !target || !input->getType().isTensor())
    return rw.notifyMatchFailure(root, "`input`, `linear_weight` or `target` is missing");
  ir::DType dtype = input->getType().getDType();
  const ir::Attribute *accumulation = root.getAttr("acc_dtype");
  if (!accumulation || accumulation->getKind() != ir::Attribute::Kind::DType ||
      accumulation->getDType() != dtype)
    return rw.notifyMatchFailure(root, "the accumulation dtype is not the input's");
  int64_t reduction = 0;
  if (root.getNumResults() > 1) {
    const ir::Attribute *mode = root.getAttr("reduction");
    if (!mode || mode->getKind() != ir::Attribute::Kind::String ||
        (mode->getString() != "mean" && mode->getString() != "sum"))
      return rw.notifyMatchFailure(root, "`reduction` is not \"mean\" or \"sum\"");
    reduction = mode->getString() == "mean" ? 1 : 2;
    for (llvm::StringRef flag :
         {"compute_input_grad", "compute_linear_weight_grad", "compute_linear_bias_grad"}) {
      const ir::Attribute *attr = root.getAttr(flag);
      if (!attr || attr->getKind() != ir::Attribute::Kind::Bool || attr->getBool())
        return rw.notifyMatchFailure(root, "gradients are asked for");
    }
  }
  std::optional<int64_t> ignoreIndex = getIntArg(root, "ignore_index");
  std::optional<double> labelSmoothing =
      root.getNumResults() > 1 ? getFloatArg(root, "label_smoothing") : 0.0;
  if (!ignoreIndex || !labelSmoothing)
    return rw.notifyMatchFailure(root, "`ignore_index` or `label_smoothing` is not a number");

  llvm::SmallVector<std::pair<llvm::StringRef, ir::Value *>, 3> linearArgs = {
      {"input", input}, {"weight", linearWeight}};
  if (linearBias)
    linearArgs.push_back({"bias", linearBias});
  ir::Value *logits = buildAten(rw, "aten.linear.default", linearArgs, {}, dtype);
  llvm::SmallVector<std::pair<llvm::StringRef, ir::Value *>, 3> lossArgs = {{"self", logits},
                                                                            {"target", target}};
  if (weight)
    lossArgs.push_back({"weight", weight});
  ir::Value *loss = createAtenOp(rw, "aten.cross_entropy_loss.default", lossArgs,
                                 {{"reduction", ir::Attribute::integer(reduction)},
                                  {"ignore_index", ir::Attribute::integer(*ignoreIndex)},
                                  {"label_smoothing", ir::Attribute::floating(*labelSmoothing)}},
                                 {root.getResult(0)->getType()})
                        ->getResult(0);
  llvm::SmallVector<ir::Value *, 4> results = {loss};
  for (unsigned i = 1; i < root.getNumResults(); ++i) {
    const ir::Type &type = root.getResult(i)->getType();
    if (!type.isTensor() || !type.hasStaticShape())
      return rw.notifyMatchFailure(root, "a gradient result's shape is not static");
    llvm::SmallVector<int64_t, 2> shape;
    for (const ir::Dim &d : type.getShape())
      shape.push_back(d.getSize());
    results.push_back(createAtenOp(rw, "aten.zeros.default", {},
                                   {{"size", ir::Attribute::intList(shape)},
                                    {"dtype", ir::Attribute::dtype(type.getDType())}},
                                   {type})
                          ->getResult(0));
  }
  rw.replaceOp(&root, results);
  return true;
}

} // namespace

void addLinearCrossEntropyDecompositions(DecompositionTable &table) {
  table.add("torch_nn._linear_cross_entropy_batch_chunked.default",
            {"loss", decomposeLinearCrossEntropy});
  table.add("torch_nn._linear_cross_entropy_batch_chunked_no_reduction.default",
            {"loss", decomposeLinearCrossEntropy});
}

} // namespace pt2onnx::passes
