//===- LowerAtenPass.cpp - The lowering as a pipeline pass ------------------===//

#include "tools/LowerAtenPass.h"

#include "lowering/Lowering.h"
#include "passes/Pass.h"
#include "tools/Driver.h"

#include <mutex>

namespace pt2onnx::tools {

namespace {
class LowerAtenPass : public passes::Pass {
public:
  explicit LowerAtenPass(lowering::LoweringOptions options) : options(options) {}
  llvm::StringRef getName() const override { return "lower-aten"; }
  llvm::Expected<bool> run(ir::Module &module) override {
    // What cannot be lowered is the program's fault, not the compiler's.
    if (llvm::Error err = lowering::lowerModule(module, options))
      return makeInputError(llvm::toString(std::move(err)));
    return true;
  }

private:
  lowering::LoweringOptions options;
};
} // namespace

void registerLowerAtenPass() {
  static std::once_flag once;
  std::call_once(once, [] {
    passes::registerPass(
        "lower-aten", "Lower ATen ops to ONNX ops (options: opset, allow-unsupported)",
        [](const passes::PassOptions &options) -> llvm::Expected<std::unique_ptr<passes::Pass>> {
          if (llvm::Error err = options.checkKnown("lower-aten", {"opset", "allow-unsupported"}))
            return err;
          lowering::LoweringOptions lowering;
          llvm::Expected<int64_t> opset = options.getInt("opset", lowering::kDefaultOpset);
          if (!opset)
            return opset.takeError();
          if (*opset < lowering::kMinOpset || *opset > lowering::kMaxOpset)
            return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                           "opset %lld is not supported (supported: %d to %d)",
                                           (long long)*opset, lowering::kMinOpset,
                                           lowering::kMaxOpset);
          lowering.opset = int(*opset);
          llvm::Expected<int64_t> allow = options.getInt("allow-unsupported", 0);
          if (!allow)
            return allow.takeError();
          lowering.allowUnsupported = *allow != 0;
          return std::make_unique<LowerAtenPass>(lowering);
        });
  });
}

} // namespace pt2onnx::tools
