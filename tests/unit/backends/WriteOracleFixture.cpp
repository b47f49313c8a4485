//===- WriteOracleFixture.cpp - Models for onnx 1.20 to read back -----------===//
//
// Writes the sample modules with writeModel into the directory given as the
// only argument (created if missing), for tests/e2e/check_metadata.py, which the oracle runs with
// onnx 1.20 and onnxruntime:
//   conv.onnx          provenance, signature and value metadata; inline data
//   conv_external.onnx the same with external data (conv_external.onnx.data)
//   if.onnx            an If with two branches
//   dtypes.onnx        a weight of 1100 elements of every dtype, external data
//
//===----------------------------------------------------------------------===//

#include "SampleModules.h"

#include "backends/onnx/ONNXBackend.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace pt2onnx;
using namespace pt2onnx::onnx_backend;

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: " << argv[0] << " OUTPUT-DIRECTORY\n";
    return 2;
  }
  if (std::error_code ec = llvm::sys::fs::create_directories(argv[1])) {
    llvm::errs() << "error: cannot create '" << argv[1] << "': " << ec.message() << "\n";
    return 1;
  }
  auto write = [&](llvm::function_ref<void(ir::Module &)> build, llvm::StringRef name,
                   const EmitOptions &options) {
    ir::Module module;
    build(module);
    llvm::SmallString<256> path(argv[1]);
    llvm::sys::path::append(path, name);
    if (llvm::Error error = writeModel(module, path, options)) {
      llvm::errs() << "error: " << llvm::toString(std::move(error)) << "\n";
      return false;
    }
    return true;
  };
  EmitOptions inlineData;
  inlineData.producerVersion = "test";
  EmitOptions externalData = inlineData;
  externalData.externalData = true;
  bool ok = write(samples::buildConvModule, "conv.onnx", inlineData) &&
            write(samples::buildConvModule, "conv_external.onnx", externalData) &&
            write(samples::buildIfModule, "if.onnx", inlineData) &&
            write([](ir::Module &m) { samples::buildAllDTypesModule(m, 1100); }, "dtypes.onnx",
                  externalData);
  return ok ? 0 : 1;
}
