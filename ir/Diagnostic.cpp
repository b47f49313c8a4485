//===- Diagnostic.cpp - Errors located in an input ------------------------===//
//
// The printed forms of LocatedError; Diagnostic.h gives them.
//
//===----------------------------------------------------------------------===//

#include "ir/Diagnostic.h"

namespace pt2onnx::ir {

char LocatedError::ID = 0;

std::string LocatedError::getPlace() const {
  if (position)
    return (llvm::Twine(position->line) + ":" + llvm::Twine(position->column)).str();
  return place;
}

void LocatedError::log(llvm::raw_ostream &os) const {
  if (position) {
    os << path << ':' << position->line << ':' << position->column << ": error: " << reason;
    return;
  }
  os << path << ": ";
  if (!place.empty())
    os << place << ": ";
  os << reason;
}

llvm::Error makeLocatedError(const llvm::Twine &path, const llvm::Twine &place,
                             const llvm::Twine &reason) {
  return llvm::make_error<LocatedError>(path.str(), place.str(), reason.str());
}

llvm::Error makeTextError(const llvm::Twine &path, unsigned line, unsigned column,
                          const llvm::Twine &reason) {
  return llvm::make_error<LocatedError>(path.str(), LocatedError::LineColumn{line, column},
                                        reason.str());
}

std::string describeOpPlace(llvm::StringRef opName, llvm::StringRef nodeName) {
  std::string place = ("op '" + opName + "'").str();
  if (!nodeName.empty())
    place += (" (node '" + nodeName + "')").str();
  return place;
}

} // namespace pt2onnx::ir
