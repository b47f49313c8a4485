//===- ConvertPT2Fuzzer.cpp - Fuzzing the whole conversion -------------------===//
//
// Feeds: the bytes of a .pt2 archive.
// Does: what pt2onnx does with it, in memory: imports it
// (pt2::importPT2 from a buffer), verifies it, runs the default pipeline
// (default options), checks that no ATen op is left and writes the ONNX model to
// bytes.
// Asserts: a program that imports and verifies, once converted without
// error, is still valid IR and serializes; errors are consumed.
//
//===----------------------------------------------------------------------===//

#include "tests/fuzz/FuzzCheck.h"

#include "backends/onnx/ONNXBackend.h"
#include "frontends/pt2/PT2Reader.h"
#include "ir/Verifier.h"
#include "passes/Pipeline.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace pt2onnx;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  pt2::ImportOptions options;
  options.warningHandler = [](const llvm::Twine &) {};
  llvm::Expected<std::unique_ptr<ir::Module>> module = pt2::importPT2(
      llvm::MemoryBuffer::getMemBuffer(bytes, "fuzz.pt2", /*RequiresNullTerminator=*/false),
      options);
  if (!module) {
    llvm::consumeError(module.takeError());
    return 0;
  }
  if (llvm::Error err = ir::verifyModule(**module)) {
    llvm::consumeError(std::move(err));
    return 0;
  }
  llvm::Expected<pass::PassManager> pipeline = passes::buildDefaultPipeline();
  FUZZ_CHECK(static_cast<bool>(pipeline), "the default pipeline does not build");
  if (llvm::Error err = pipeline->run(**module, pass::Instrumentation(), llvm::nulls())) {
    llvm::consumeError(std::move(err));
    return 0;
  }
  if (llvm::Error err = passes::checkAtenOpsLowered(**module, *pipeline)) {
    llvm::consumeError(std::move(err));
    return 0;
  }
  if (llvm::Error err = ir::verifyModule(**module)) {
    std::fprintf(stderr, "%s\n", llvm::toString(std::move(err)).c_str());
    FUZZ_CHECK(false, "the converted program is invalid");
  }
  llvm::Expected<onnx::ModelProto> model =
      onnx_backend::buildModelProto(**module, onnx_backend::EmitOptions());
  if (!model) {
    llvm::consumeError(model.takeError());
    return 0;
  }
  std::string serialized;
  FUZZ_CHECK(model->SerializeToString(&serialized), "the model does not serialize");
  return 0;
}
