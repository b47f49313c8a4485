//===- RegressionMain.cpp - Replaying fuzz inputs without libFuzzer ----------===//
//
// Linked with one fuzz target's LLVMFuzzerTestOneInput in the ordinary test
// build: feeds it every file named on the command line, and every file of
// every directory named there, in sorted order, and prints each name first so
// that a crash points at its input. A missing path is an error.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool collectInputs(llvm::StringRef path, std::vector<std::string> &inputs) {
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(path, status)) {
    llvm::errs() << path << ": " << ec.message() << '\n';
    return false;
  }
  if (status.type() != llvm::sys::fs::file_type::directory_file) {
    inputs.push_back(path.str());
    return true;
  }
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(path, ec), end; it != end && !ec; it.increment(ec))
    if (it->type() != llvm::sys::fs::file_type::directory_file)
      inputs.push_back(it->path());
  if (ec) {
    llvm::errs() << path << ": " << ec.message() << '\n';
    return false;
  }
  return true;
}

int main(int argc, char **argv) {
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i)
    if (!collectInputs(argv[i], inputs))
      return 1;
  if (inputs.empty()) {
    llvm::errs() << "no inputs\n";
    return 1;
  }
  llvm::sort(inputs);
  for (const std::string &input : inputs) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(input, /*IsText=*/false, /*RequiresNullTerminator=*/false);
    if (!buffer) {
      llvm::errs() << input << ": " << buffer.getError().message() << '\n';
      return 1;
    }
    llvm::outs() << input << '\n';
    llvm::outs().flush();
    // An owned copy of exactly the file's bytes, so that a read past the end
    // is a read past an allocation, as under libFuzzer.
    std::vector<uint8_t> bytes((*buffer)->getBufferStart(), (*buffer)->getBufferEnd());
    LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
  }
  llvm::outs() << inputs.size() << " inputs ran\n";
  return 0;
}
