//===- OnnxDomain.h - How the IR names ops of other ONNX domains ------------===//
//
// The convention between the passes that create ONNX ops outside the default
// domain (the custom-ops table, lowering/CustomOpsPass.h) and the ONNX
// backend that writes them:
//
//   "onnx_domain.<domain>.<OpType>"(...)   a node of <domain>, e.g.
//                                          "onnx_domain.com.microsoft.FastGelu"
//   "onnx_function.<domain>.<name>"(...)   a call of an ONNX local function
//                                          whose body is the op's one region
//                                          (block arguments: the inputs;
//                                          ir.return: the outputs)
//
// The domain is everything between the dialect and the last '.' (domains
// have dots, op types do not). `ir.domain_version` (an Int attribute) is the
// version of <domain> the model imports. `onnx.*` (the default domain) and
// `onnx_ml.*` (ai.onnx.ml) are ONNX-level too.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_ONNXDOMAIN_H
#define PT2ONNX_IR_ONNXDOMAIN_H

#include "ir/Operation.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>

namespace pt2onnx::ir {

constexpr llvm::StringLiteral kDomainNodeDialect = "onnx_domain";
constexpr llvm::StringLiteral kFunctionCallDialect = "onnx_function";
constexpr llvm::StringLiteral kDomainVersionAttr = "ir.domain_version";

/// The IR name of a node `opType` of `domain` (kDomainNodeDialect), or of a
/// call of the local function `opType` of `domain` (kFunctionCallDialect).
inline std::string makeDomainOpName(llvm::StringRef dialect, llvm::StringRef domain,
                                    llvm::StringRef opType) {
  return (dialect + "." + domain + "." + opType).str();
}

/// The domain and op type of an `onnx_domain` or `onnx_function` op name.
inline std::pair<llvm::StringRef, llvm::StringRef> splitDomainOpName(llvm::StringRef name) {
  llvm::StringRef rest = name.split('.').second;
  auto [domain, opType] = rest.rsplit('.');
  return {domain, opType};
}

/// Ops the ONNX backend writes as they are: the lowering leaves them alone.
inline bool isOnnxLevelOp(const Operation &op) {
  llvm::StringRef dialect = op.getDialect();
  return dialect == "onnx" || dialect == "onnx_ml" || dialect == kDomainNodeDialect ||
         dialect == kFunctionCallDialect;
}

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_ONNXDOMAIN_H
