//===- Verify.h - pt2onnx --verify: the converted program against the imported one ===//
//
// The numerics check of a conversion, without PyTorch or ONNX Runtime: the
// program as imported (ATen level, functionalized: prepareReference) and as
// converted (ONNX level) are both
// run by pt2onnx's interpreter (passes/eval/Interpreter.h) on the same
// inputs: the first input set (tools/NumericsCheck.h: --verify-inputs, else
// the archive's sample inputs, else random), then --verify-samples random
// sets at other sizes of the dynamic dims. Each output of the converted
// program is compared with the imported program's under the tolerance of
// its dtype.
//
// The verdict:
//   passed        every output of every set compared, within tolerance;
//   failed        an output beyond tolerance, of another dtype or shape, or a
//                 check (assert, result dims) that fails only in the
//                 converted program;
//   inconclusive  nothing failed, but an op could not be evaluated or the
//                 program draws random numbers, so some outputs were not
//                 compared (or their values not: only dtypes and shapes).
// A random set whose sizes the imported program itself rejects (one of its
// asserts fails) is not a legal input; it is reported and left out.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_TOOLS_VERIFY_H
#define PT2ONNX_TOOLS_VERIFY_H

#include "ir/Module.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace pt2onnx::tools {

enum class VerifyVerdict { Passed, Failed, Inconclusive };

struct VerifyResult {
  VerifyVerdict verdict = VerifyVerdict::Passed;
  /// One line: what failed, or why the check could not conclude.
  std::string summary;
};

/// --verify-samples: how many random input sets follow the first.
unsigned getVerifySamples();

/// Makes the program as imported the reference of a check: the passes of
/// `pipeline` up to functionalize run over it (the custom-ops table, when
/// given, and functionalize), so that in-place ops and the user's own ops
/// are evaluated in the forms the rest of the pipeline starts from. A pass
/// that fails leaves the program as imported (and says so on `os`): the
/// conversion fails at that pass anyway.
void prepareReference(ir::Module &reference, llvm::StringRef pipeline, llvm::raw_ostream &os);

/// Checks `converted` against `reference` (the same program before the
/// pipeline), printing a line per input set and output to `os`. Inputs come
/// from `archivePath` / `modelName` as getFirstInputSet says.
llvm::Expected<VerifyResult> verifyConversion(const ir::Module &reference,
                                              const ir::Module &converted,
                                              llvm::StringRef archivePath,
                                              llvm::StringRef modelName, llvm::raw_ostream &os);

} // namespace pt2onnx::tools

#endif // PT2ONNX_TOOLS_VERIFY_H
