//===- ir_bench.cpp - Speed and memory of the IR core at scale --------------===//
//
// Builds a chain of a million `aten.add.Tensor` ops over a symbolic shape,
// each with its own torch provenance, then times the phases every conversion
// goes through: building, printing the textual IR, parsing it back,
// verifying, rewriting (every other op's uses replaced by its operand and the
// op erased) and destroying. Each phase runs several times; the table shows
// the best wall and CPU times (with the kernel's part of the latter), and
// the peak RSS of the process during the phase in the first run. The built module and the text are still alive
// while the text is parsed, and released before the parsed module is
// verified.
//
// Usage: pt2onnx-ir-bench [num-ops [runs]]   (defaults: 1000000 ops, 5 runs)
//
// Figures are recorded in docs/performance.md.
//
//===----------------------------------------------------------------------===//

#include "ir/Builder.h"
#include "ir/Parser.h"
#include "ir/Printer.h"
#include "ir/Verifier.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace pt2onnx::ir;

namespace {

/// Peak resident set size of the process so far, in MiB.
double peakRssMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

/// Restarts the peak RSS at the current RSS so the next reading covers one
/// phase only. Linux only; where it fails the readings are cumulative.
void resetPeakRss() {
#ifdef __GLIBC__
  // Hand back what earlier phases freed, or it would count as resident.
  malloc_trim(0);
#endif
  if (std::FILE *f = std::fopen("/proc/self/clear_refs", "w")) {
    std::fputs("5", f);
    std::fclose(f);
  }
}

/// CPU time of the process, in ms: unlike wall time, it does not count the
/// time other processes on a loaded machine take. The kernel part is mostly
/// page faults on fresh memory.
struct CpuTime {
  double userMs, systemMs;
};

CpuTime cpuTime() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto ms = [](const timeval &t) { return double(t.tv_sec) * 1e3 + double(t.tv_usec) / 1e3; };
  return {ms(usage.ru_utime), ms(usage.ru_stime)};
}

struct Phase {
  const char *name;
  double bestMs = 1e300;
  double bestCpuMs = 1e300;
  double systemMsOfBestCpu = 0;
  double peakMiB = 0;
};

/// Times `fn` as one run of `phase`. Only the first run's memory counts:
/// later runs start on a heap the earlier ones grew.
template <typename Fn> void measure(Phase &phase, size_t run, Fn &&fn) {
  resetPeakRss();
  CpuTime cpuStart = cpuTime();
  auto start = std::chrono::steady_clock::now();
  fn();
  auto end = std::chrono::steady_clock::now();
  CpuTime cpuEnd = cpuTime();
  phase.bestMs =
      std::min(phase.bestMs, std::chrono::duration<double, std::milli>(end - start).count());
  double systemMs = cpuEnd.systemMs - cpuStart.systemMs;
  double cpuMs = cpuEnd.userMs - cpuStart.userMs + systemMs;
  if (cpuMs < phase.bestCpuMs) {
    phase.bestCpuMs = cpuMs;
    phase.systemMsOfBestCpu = systemMs;
  }
  if (run == 0)
    phase.peakMiB = peakRssMiB();
}

/// `%x -> add -> add -> ... -> return`, as the frontend would import it: a
/// dynamic batch dim, value names and provenance from the torch nodes.
std::unique_ptr<Module> buildChain(size_t numOps) {
  auto module = std::make_unique<Module>();
  SymContext &symbols = module->getSymContext();
  SymExpr s0 = symbols.getSymbol("s0");
  symbols.constrain(s0, {2, 1024});
  Type type = Type::tensor(DType::Float32, {Dim::of(s0), 4});

  Block &body = Module::getGraphBody(module->addGraph("main"));
  Value *prev = body.addArgument(type, "x");
  Builder builder(*module);
  builder.setInsertionPointToEnd(&body);
  OperationName add = OperationName::get("aten.add.Tensor");
  NamedAttribute alpha{"alpha", Attribute::integer(1)};
  for (size_t i = 0; i != numOps; ++i) {
    std::string name = "add_" + std::to_string(i);
    builder.setProvenance(Provenance::make(
        name, {{"stack_trace", "File \"/home/u/model.py\", line 12, in forward\n    x = x + x"},
               {"torch_fn", name + ";method_descriptor.add"}}));
    Operation *op = builder.create(add, {prev, prev}, {type}, {alpha});
    prev = op->getResult(0);
    prev->setName(name);
  }
  builder.createReturn({prev});
  return module;
}

/// Replaces the uses of every other op by its first operand and erases it.
void eraseEveryOtherOp(Module &module) {
  Block &body = Module::getGraphBody(module.lookupGraph("main"));
  Builder builder(module);
  bool erase = false;
  for (Operation *op = body.front(); op && !op->isa(builtin::kReturn);) {
    Operation *next = op->getNextNode();
    if (erase) {
      op->getResult(0)->replaceAllUsesWith(op->getOperand(0));
      builder.eraseOp(op);
    }
    erase = !erase;
    op = next;
  }
}

/// The printed text: a buffer grown with realloc, which moves a large block
/// by remapping its pages instead of copying it (a std::string would copy
/// the text at every doubling and touch twice its size).
class TextBuffer {
public:
  TextBuffer() = default;
  TextBuffer(const TextBuffer &) = delete;
  TextBuffer &operator=(const TextBuffer &) = delete;
  ~TextBuffer() { std::free(data); }

  llvm::StringRef str() const { return {data, size}; }
  void append(const char *ptr, size_t n) {
    if (size + n > capacity) {
      capacity = std::max(capacity * 2, size + n);
      data = static_cast<char *>(std::realloc(data, capacity));
      if (!data)
        std::abort();
    }
    std::memcpy(data + size, ptr, n);
    size += n;
  }

private:
  char *data = nullptr;
  size_t size = 0, capacity = 0;
};

/// A buffered stream into a TextBuffer, as the tools print into buffered
/// file streams.
class TextBufferStream : public llvm::raw_ostream {
public:
  explicit TextBufferStream(TextBuffer &out) : out(out) { SetBufferSize(1 << 16); }
  ~TextBufferStream() override { flush(); }

private:
  void write_impl(const char *ptr, size_t size) override { out.append(ptr, size); }
  uint64_t current_pos() const override { return out.str().size(); }
  TextBuffer &out;
};

std::unique_ptr<TextBuffer> print(const Module &module) {
  auto text = std::make_unique<TextBuffer>();
  {
    TextBufferStream os(*text);
    printModule(module, os);
  }
  return text;
}

[[noreturn]] void fail(const llvm::Twine &what) {
  llvm::errs() << "pt2onnx-ir-bench: " << what << '\n';
  std::exit(1);
}

size_t parseCount(const char *arg) {
  unsigned long long n = 0;
  if (llvm::StringRef(arg).getAsInteger(10, n) || n == 0)
    fail("expected a positive count, got '" + llvm::Twine(arg) + "'");
  return size_t(n);
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 3)
    fail("usage: pt2onnx-ir-bench [num-ops [runs]]");
  size_t numOps = argc > 1 ? parseCount(argv[1]) : 1'000'000;
  size_t runs = argc > 2 ? parseCount(argv[2]) : 5;

  Phase build{"build"}, printing{"print"}, parsing{"parse"}, verifying{"verify"},
      rewriting{"rewrite"}, destroying{"destroy"};
  size_t textBytes = 0;
  for (size_t run = 0; run != runs; ++run) {
    std::unique_ptr<Module> module;
    measure(build, run, [&] { module = buildChain(numOps); });
    std::unique_ptr<TextBuffer> text;
    measure(printing, run, [&] { text = print(*module); });
    textBytes = text->str().size();

    std::unique_ptr<Module> parsed;
    measure(parsing, run, [&] {
      auto result = parseModule(text->str(), "chain.mlir");
      if (!result)
        fail("parsing the printed chain failed: " + llvm::toString(result.takeError()));
      parsed = std::move(*result);
    });
    if (run == 0) {
      if (parsed->countOps() != module->countOps())
        fail("the parsed module has " + llvm::Twine(parsed->countOps()) + " ops, the printed one " +
             llvm::Twine(module->countOps()));
      if (print(*parsed)->str() != text->str())
        fail("printing the parsed module does not reproduce the text");
    }
    module.reset();
    text.reset();

    measure(verifying, run, [&] {
      if (llvm::Error err = verifyModule(*parsed))
        fail("the parsed chain does not verify: " + llvm::toString(std::move(err)));
    });
    measure(rewriting, run, [&] { eraseEveryOtherOp(*parsed); });
    if (run == 0 && parsed->countOps() != numOps - numOps / 2 + 2)
      fail("the rewrite left " + llvm::Twine(parsed->countOps()) + " ops");
    measure(destroying, run, [&] { parsed.reset(); });
  }

  llvm::outs() << "pt2onnx IR core: chain of " << numOps << " ops, best of " << runs
               << " runs; textual IR " << llvm::format("%.1f", double(textBytes) / (1 << 20))
               << " MiB\n";
  llvm::outs() << llvm::left_justify("phase", 10) << llvm::right_justify("time (ms)", 13)
               << llvm::right_justify("CPU (ms)", 13) << llvm::right_justify("of it kernel", 15)
               << llvm::right_justify("peak RSS (MiB)", 17) << '\n';
  for (const Phase *p : {&build, &printing, &parsing, &verifying, &rewriting, &destroying})
    llvm::outs() << llvm::format("%-10s %12.1f %12.1f %14.1f %16.0f\n", p->name, p->bestMs,
                                 p->bestCpuMs, p->systemMsOfBestCpu, p->peakMiB);
  return 0;
}
