// Converts a .pt2 archive with pt2onnx's libraries and its default pipeline
// (passes/Pipeline.h), as pt2onnx does, and prints the textual IR of the
// result:
//   embedder IN.pt2 OUT.onnx OUT.mlir
#include "backends/onnx/ONNXBackend.h"
#include "frontends/pt2/PT2Reader.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "passes/Pipeline.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace pt2onnx;

static llvm::Error convert(llvm::StringRef in, llvm::StringRef onnxPath, llvm::StringRef irPath) {
  llvm::Expected<std::unique_ptr<ir::Module>> module = pt2::importPT2(in);
  if (!module)
    return module.takeError();
  if (llvm::Error err = ir::verifyModule(**module))
    return err;
  llvm::Expected<pass::PassManager> pipeline = passes::buildDefaultPipeline();
  if (!pipeline)
    return pipeline.takeError();
  if (llvm::Error err = pipeline->run(**module, pass::Instrumentation(), llvm::errs()))
    return err;
  if (llvm::Error err = ir::verifyModule(**module))
    return err;

  std::error_code ec;
  llvm::raw_fd_ostream irFile(irPath, ec, llvm::sys::fs::OF_None);
  if (ec)
    return llvm::errorCodeToError(ec);
  ir::printModule(**module, irFile);

  onnx_backend::EmitOptions options;
  options.producerVersion = PT2ONNX_PACKAGE_VERSION;
  return onnx_backend::writeModel(**module, onnxPath, options);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    llvm::errs() << "usage: embedder IN.pt2 OUT.onnx OUT.mlir\n";
    return 2;
  }
  if (llvm::Error err = convert(argv[1], argv[2], argv[3])) {
    llvm::errs() << "embedder: " << llvm::toString(std::move(err)) << '\n';
    return 1;
  }
  return 0;
}
