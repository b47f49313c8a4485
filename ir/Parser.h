//===- Parser.h - Reading the textual IR ------------------------------------===//
//
// Parses the generic-syntax text that printModule writes (and the subset of
// MLIR generic syntax it uses) back into a Module. Errors are
// ir::LocatedErrors at a line and column, printed
// `<buffer>:<line>:<col>: error: <what was expected>`.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_PARSER_H
#define PT2ONNX_IR_PARSER_H

#include "ir/Module.h"

#include "llvm/Support/Error.h"

#include <memory>

namespace pt2onnx::ir {

/// Parses `text`; `bufferName` is used in error messages (typically the
/// file name), and `firstLine` is the line of `bufferName` that `text`
/// starts on (not 1 when `text` is one case of a split input file).
llvm::Expected<std::unique_ptr<Module>> parseModule(llvm::StringRef text,
                                                    llvm::StringRef bufferName,
                                                    unsigned firstLine = 1);

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_PARSER_H
