//===- LowerAtenPass.cpp - The lowering as a pipeline pass ------------------===//

#include "lowering/LowerAtenPass.h"

#include "ir/pass/Pass.h"
#include "lowering/Lowering.h"
#include "lowering/UnsupportedOpsError.h"

#include <mutex>

namespace pt2onnx::lowering {

namespace {
class LowerAtenPass : public pass::Pass {
public:
  explicit LowerAtenPass(LoweringOptions options) : options(options) {}
  llvm::StringRef getName() const override { return "lower-aten"; }
  llvm::Expected<bool> run(ir::Module &module) override {
    // What cannot be lowered is the program's fault, not the compiler's;
    // the list of unsupported ops goes out as it is (UnsupportedOpsError).
    if (llvm::Error err = lowerModule(module, options))
      return llvm::handleErrors(std::move(err),
                                [](std::unique_ptr<llvm::ErrorInfoBase> e) -> llvm::Error {
                                  if (e->isA<pass::ProgramError>())
                                    return llvm::Error(std::move(e));
                                  return pass::makeProgramError(e->message());
                                });
    return true;
  }

private:
  LoweringOptions options;
};
} // namespace

void registerLowerAtenPass() {
  static std::once_flag once;
  std::call_once(once, [] {
    pass::registerPass(
        {"lower-aten",
         "Lower ATen ops to ONNX ops",
         {{"opset", pass::PassOptionInfo::Type::Int, std::to_string(ir::kDefaultOnnxOpset),
           "The ONNX opset to target, " + std::to_string(ir::kMinOnnxOpset) + " to " +
               std::to_string(ir::kMaxOnnxOpset)},
          {"allow-unsupported", pass::PassOptionInfo::Type::Bool, "0",
           "Leave ops without a lowering in place instead of failing"}},
         [](const pass::PassOptions &options) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
           int64_t opset = options.getInt("opset");
           if (opset < ir::kMinOnnxOpset || opset > ir::kMaxOnnxOpset)
             return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                            "opset %lld is not supported (supported: %d to %d)",
                                            (long long)opset, ir::kMinOnnxOpset,
                                            ir::kMaxOnnxOpset);
           LoweringOptions lowering;
           lowering.opset = int(opset);
           lowering.allowUnsupported = options.getBool("allow-unsupported");
           return std::make_unique<LowerAtenPass>(lowering);
         }});
  });
}

} // namespace pt2onnx::lowering
