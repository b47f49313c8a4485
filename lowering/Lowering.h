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

/// One registered rule, for `pt2onnx --list-lowerings` and docs/coverage.md.
struct LoweringInfo {
  std::string overload;
  std::string family;
  int minOpset;
  int maxOpset;
};

/// Every registered overload, sorted by name.
std::vector<LoweringInfo> listLowerings();

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_LOWERING_H
