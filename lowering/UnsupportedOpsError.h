//===- UnsupportedOpsError.h - The ops the lowering refused, as data --------===//
//
// lowerModule (Lowering.h) refuses every op it cannot lower in one error.
// Its message lists each overload once, with its count, the reason and its
// first op; the error holds the same list as data, for reports that show
// more than the message (pt2onnx --report lists every op, found where the
// lowering left them in the module). It is a ProgramError of the whole
// program: the input is at fault, and the tools report it as such.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_LOWERING_UNSUPPORTEDOPSERROR_H
#define PT2ONNX_LOWERING_UNSUPPORTEDOPSERROR_H

#include "ir/pass/Pass.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace pt2onnx::lowering {

class UnsupportedOpsError : public llvm::ErrorInfo<UnsupportedOpsError, pass::ProgramError> {
public:
  static char ID;
  struct Overload {
    std::string name;
    size_t count;
    /// Why its first op was refused.
    std::string reason;
    /// That op, as ir::describeOp names it.
    std::string firstWhere;
  };
  UnsupportedOpsError(std::string message, std::vector<Overload> overloads)
      : ErrorInfo(std::string(), std::move(message)), overloads(std::move(overloads)) {}
  /// In the order of their first op in the program.
  llvm::ArrayRef<Overload> getOverloads() const { return overloads; }

private:
  std::vector<Overload> overloads;
};

} // namespace pt2onnx::lowering

#endif // PT2ONNX_LOWERING_UNSUPPORTEDOPSERROR_H
