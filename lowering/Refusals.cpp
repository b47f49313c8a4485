//===- Refusals.cpp - Why an op has no lowering, where the reason is known --===//

#include "lowering/Refusals.h"

namespace pt2onnx::lowering {

const schema::OpKeyedMap<std::string> &getRefusals() {
  static const schema::OpKeyedMap<std::string> refusals = [] {
    schema::OpKeyedMap<std::string> r;
    r.add("aten.hash_tensor.default",
          "reinterprets its elements' bits as 64-bit integers (ONNX has no bit cast) and "
          "reduces them by exclusive or: compute the hash outside the model");
    const std::string layout =
        "asks for a tensor's memory layout, which ONNX tensors do not have: remove the "
        "is_contiguous() test from the exported code";
    r.add("aten.sym_is_contiguous.default", layout);
    r.add("aten.is_contiguous.default", layout);
    return r;
  }();
  return refusals;
}

std::string missingRuleReason(llvm::StringRef name) {
  if (const std::string *reason = getRefusals().lookup(name))
    return *reason;
  const schema::OpSchema *op = schema::lookupOp(name);
  if (op && op->isInPlace())
    return "an in-place op: run the functionalize pass before lower-aten";
  if (op && op->isMutating())
    return "writes its arguments: run the functionalize pass before lower-aten";
  // `convolution_backward`, `_softmax_backward_data`, ...
  if (op && (op->getName().endswith("_backward") || op->getName().contains("_backward_")))
    return "a gradient op: pt2onnx converts forward programs (export the model, not its "
           "backward pass)";
  return "no lowering rule";
}

} // namespace pt2onnx::lowering
