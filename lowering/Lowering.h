//===- Lowering.h - ATen -> ONNX-dialect lowering ---------------------------===//
//
// Rewrites every ATen-level op of a module (`aten.*`, the SymInt ops, scalar
// constants) into ONNX-dialect ops, one rule per ATen overload (see
// lowering/LoweringRegistry.h and docs/lowering.md). Nested regions are
// lowered before the op that owns them.
//
// Ops without a rule for the target opset, and ops a rule rejects, are
// reported together in one error: each overload once, with its count and the
// source line of its first occurrence. With `allowUnsupported` they are left
// as they are instead (the backend writes them to a custom domain).
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_LOWERING_H
#define PT2ONNX_LOWERING_LOWERING_H

#include "ir/Module.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace pt2onnx::lowering {

struct LoweringOptions {
  /// The ONNX default-domain opset to target, in [ir::kMinOnnxOpset,
  /// ir::kMaxOnnxOpset].
  int opset = ir::kDefaultOnnxOpset;
  /// Leave ops that cannot be lowered in place instead of failing.
  bool allowUnsupported = false;
};

llvm::Error lowerModule(ir::Module &module, const LoweringOptions &options = {});

/// An overload pt2onnx lowers, for `pt2onnx --list-lowerings` and
/// docs/coverage.md: one with a rule, or one that writes its arguments and
/// reaches a rule through the functionalize pass (its schema's functional
/// twin has a rule).
struct LoweringInfo {
  std::string overload;
  /// The family and opsets of the rule that lowers it.
  std::string family;
  int minOpset;
  int maxOpset;
  /// The functional twin whose rule lowers the overload after functionalize
  /// (`aten.add.Tensor` for `aten.add_.Tensor`); empty for an overload with
  /// a rule of its own.
  std::string functionalTwin;
};

/// Every overload with a rule and every op-table overload that reaches one
/// through functionalize, sorted by name.
std::vector<LoweringInfo> listLowerings();

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_LOWERING_H
