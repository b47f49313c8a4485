//===- Diagnostic.h - Errors located in an input ----------------*- C++ -*-===//
//
// Every reader of user input reports a failure as a LocatedError: which input
// (the file, or the file and the archive entry), where in it, and why. The
// place is the reader's own coordinate:
//   a JSON path        model.pt2: model/models/model.json: graph_module.graph.nodes[12].inputs[1]: ...
//   an archive entry   model.pt2: entry 'model/data/0': ...
//   a byte offset      model.pt2: model/data.pkl: at byte 42: ...
//   a line and column  model.mlir:4:55: error: ...
//   an op              model.pt2: op 'aten.add.Tensor' (node 'add_1'): ...
// so that the message always starts with the input path. A line and column is
// printed the way compilers and editors expect (`PATH:LINE:COL: error:`); any
// other place as `PATH: PLACE: REASON`, the place left out when empty.
//
// Callers that only print an error need nothing but llvm::toString; callers
// that want the parts use llvm::handleErrors with a LocatedError handler.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_DIAGNOSTIC_H
#define PT2ONNX_IR_DIAGNOSTIC_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <system_error>

namespace pt2onnx::ir {

class LocatedError : public llvm::ErrorInfo<LocatedError> {
public:
  static char ID;

  /// A line and column (1-based) in a text input.
  struct LineColumn {
    unsigned line;
    unsigned column;
  };

  LocatedError(std::string path, std::string place, std::string reason)
      : path(std::move(path)), place(std::move(place)), reason(std::move(reason)) {}
  LocatedError(std::string path, LineColumn position, std::string reason)
      : path(std::move(path)), position(position), reason(std::move(reason)) {}

  /// The input: a file, or a file and an entry of it (`model.pt2: model/models/model.json`).
  llvm::StringRef getPath() const { return path; }
  /// Where in the input, as the reader names it; `LINE:COL` for text.
  std::string getPlace() const;
  std::optional<LineColumn> getLineColumn() const { return position; }
  llvm::StringRef getReason() const { return reason; }

  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }

private:
  std::string path;
  std::string place;
  std::optional<LineColumn> position;
  std::string reason;
};

/// `PATH: PLACE: REASON`, or `PATH: REASON` when `place` is empty.
llvm::Error makeLocatedError(const llvm::Twine &path, const llvm::Twine &place,
                             const llvm::Twine &reason);

/// `PATH:LINE:COL: error: REASON`.
llvm::Error makeTextError(const llvm::Twine &path, unsigned line, unsigned column,
                          const llvm::Twine &reason);

/// The place of an op built from a torch node: `op 'aten.add.Tensor' (node
/// 'add_1')`, or without the node when it has no name.
std::string describeOpPlace(llvm::StringRef opName, llvm::StringRef nodeName);

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_DIAGNOSTIC_H
