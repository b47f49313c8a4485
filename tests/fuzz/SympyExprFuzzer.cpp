//===- SympyExprFuzzer.cpp - Fuzzing the symbolic expression parsers --------===//
//
// Feeds: one expression as torch.export writes it with sympy (the
// `expr_str` of a SymInt, a range_constraints key), read by
// SymContext::parseSympy, and the same text read by SymContext::parse (the
// textual IR's spelling of symbolic dims).
// Does: for each expression parsed, its range, its symbols, its value with
// every symbol at 0, 1 and a large value, and its printed form.
// Asserts: the printed form parses back (SymContext::parse) to the same
// uniqued expression; errors are consumed.
//
//===----------------------------------------------------------------------===//

#include "tests/fuzz/FuzzCheck.h"

#include "ir/SymExpr.h"

#include "llvm/ADT/SmallVector.h"

using namespace pt2onnx::ir;

static void exercise(SymContext &context, SymExpr e) {
  (void)e.getRange();
  llvm::SmallVector<SymExpr, 4> symbols;
  e.collectSymbols(symbols);
  for (int64_t value : {int64_t(0), int64_t(1), int64_t(1) << 40})
    (void)e.evaluate([&](SymExpr) { return std::optional<int64_t>(value); });

  std::string printed = e.str();
  llvm::Expected<SymExpr> reparsed = context.parse(printed);
  if (!reparsed) {
    std::fprintf(stderr, "printed '%s': %s\n", printed.c_str(),
                 llvm::toString(reparsed.takeError()).c_str());
    FUZZ_CHECK(false, "the printed expression does not parse");
  }
  if (*reparsed != e)
    std::fprintf(stderr, "printed '%s', read back as '%s'\n", printed.c_str(),
                 reparsed->str().c_str());
  FUZZ_CHECK(*reparsed == e, "the printed expression reads back as another one");
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  {
    SymContext context;
    llvm::Expected<SymExpr> e = context.parseSympy(text);
    if (e)
      exercise(context, *e);
    else
      llvm::consumeError(e.takeError());
  }
  {
    SymContext context;
    llvm::Expected<SymExpr> e = context.parse(text);
    if (e)
      exercise(context, *e);
    else
      llvm::consumeError(e.takeError());
  }
  return 0;
}
