//===- PassManager.cpp - Running a pipeline with instrumentation -----------===//

#include "ir/pass/PassManager.h"

#include "ir/Verifier.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <chrono>

namespace pt2onnx::pass {

//===----------------------------------------------------------------------===//
// Pipeline parsing
//===----------------------------------------------------------------------===//

namespace {
llvm::Error pipelineError(llvm::StringRef pipeline, size_t at, const llvm::Twine &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid pass pipeline '" + pipeline + "' at column " +
                                     llvm::Twine(at + 1) + ": " + what);
}

bool isNameChar(char c) { return llvm::isAlnum(c) || c == '-' || c == '_'; }
} // namespace

llvm::Expected<PassManager> PassManager::parse(llvm::StringRef pipeline) {
  PassManager pm;
  size_t i = 0, n = pipeline.size();
  auto skipSpace = [&] {
    while (i < n && llvm::isSpace(pipeline[i]))
      ++i;
  };
  skipSpace();
  if (i == n)
    return pm; // the empty pipeline
  while (true) {
    skipSpace();
    size_t start = i;
    while (i < n && isNameChar(pipeline[i]))
      ++i;
    llvm::StringRef name = pipeline.slice(start, i);
    if (name.empty())
      return pipelineError(pipeline, start, "expected a pass name");
    if (!lookupPass(name))
      return pipelineError(pipeline, start, "unknown pass '" + name + "'");
    llvm::SmallVector<std::pair<std::string, std::string>, 4> options;
    skipSpace();
    if (i < n && pipeline[i] == '{') {
      size_t close = pipeline.find('}', i);
      if (close == llvm::StringRef::npos)
        return pipelineError(pipeline, i, "missing '}'");
      llvm::SmallVector<llvm::StringRef, 4> items;
      pipeline.slice(i + 1, close).split(items, ',', -1, false);
      for (llvm::StringRef item : items) {
        auto [key, value] = item.split('=');
        key = key.trim(), value = value.trim();
        if (key.empty() || !item.contains('='))
          return pipelineError(pipeline, i,
                               "expected 'key=value' in the options of '" + name + "'");
        options.emplace_back(key.str(), value.str());
      }
      i = close + 1;
    }
    if (llvm::Error err = pm.addPass(name, options))
      return pipelineError(pipeline, start, llvm::toString(std::move(err)));
    skipSpace();
    if (i == n)
      break;
    if (pipeline[i] != ',')
      return pipelineError(pipeline, i, "expected ',' between passes");
    ++i;
  }
  return pm;
}

llvm::Error PassManager::addPass(llvm::StringRef name,
                                 llvm::ArrayRef<std::pair<std::string, std::string>> options) {
  const PassInfo *info = lookupPass(name);
  if (!info)
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "unknown pass '" + name + "'");
  PassOptions values(*info);
  std::string spec = name.str();
  for (const auto &[key, value] : options) {
    if (llvm::Error err = values.set(key, value))
      return err;
    spec += (spec.size() == name.size() ? "{" : ",") + key + "=" + value;
  }
  if (!options.empty())
    spec += '}';
  llvm::Expected<std::unique_ptr<Pass>> pass = info->factory(values);
  if (!pass)
    return pass.takeError();
  passes.push_back(std::move(*pass));
  specs.push_back(std::move(spec));
  return llvm::Error::success();
}

void PassManager::addPass(std::unique_ptr<Pass> pass) {
  specs.push_back(pass->getName().str());
  passes.push_back(std::move(pass));
}

void PassManager::append(PassManager other) {
  for (size_t i = 0; i != other.passes.size(); ++i) {
    specs.push_back(std::move(other.specs[i]));
    passes.push_back(std::move(other.passes[i]));
  }
}

std::string PassManager::str() const { return llvm::join(specs, ","); }

bool PassManager::contains(llvm::StringRef name) const {
  return llvm::any_of(passes, [&](const std::unique_ptr<Pass> &p) { return p->getName() == name; });
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

namespace {
std::string printToString(const ir::Module &module, const ir::PrintOptions &options) {
  std::string text;
  llvm::raw_string_ostream os(text);
  ir::printModule(module, os, options);
  return text;
}

void dumpBanner(llvm::raw_ostream &log, llvm::StringRef when, llvm::StringRef pass) {
  log << "// -----// IR Dump " << when << ' ' << pass << " //----- //\n";
}

llvm::Error writeDump(llvm::StringRef dir, unsigned index, llvm::StringRef pass,
                      const std::string &text) {
  llvm::SmallString<128> path(dir);
  std::string fileName;
  llvm::raw_string_ostream(fileName) << llvm::format("%02u-", index) << pass << ".mlir";
  llvm::sys::path::append(path, fileName);
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return llvm::createStringError(ec, "cannot write IR dump '%s': %s", path.c_str(),
                                   ec.message().c_str());
  os << text;
  return llvm::Error::success();
}
} // namespace

llvm::Error PassManager::run(ir::Module &module, const Instrumentation &instr,
                             llvm::raw_ostream &log) {
  using Clock = std::chrono::steady_clock;
  struct Timing {
    std::string name;
    double seconds;
    int64_t opDelta;
  };
  std::vector<Timing> timings;

  if (!instr.irDumpDir.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(instr.irDumpDir))
      return llvm::createStringError(ec, "cannot create IR dump directory '%s': %s",
                                     instr.irDumpDir.c_str(), ec.message().c_str());
    if (llvm::Error err =
            writeDump(instr.irDumpDir, 0, "input", printToString(module, instr.printOptions)))
      return err;
  }

  for (size_t i = 0; i != passes.size(); ++i) {
    Pass &pass = *passes[i];
    llvm::StringRef name = pass.getName();
    if (instr.printBefore.count(name)) {
      dumpBanner(log, "Before", name);
      ir::printModule(module, log, instr.printOptions);
    }
    std::string before;
    if (instr.printAfterChange)
      before = printToString(module, instr.printOptions);
    int64_t opsBefore = instr.timing ? int64_t(module.countOps()) : 0;
    if (instr.beforePass)
      instr.beforePass(pass);
    Clock::time_point start = Clock::now();

    // A pass's error goes out as it is: its type tells the tools whether the
    // input or the compiler is at fault.
    llvm::Expected<bool> changed = pass.run(module);
    if (!changed)
      return changed.takeError();

    double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (instr.timing)
      timings.push_back({name.str(), seconds, int64_t(module.countOps()) - opsBefore});
    if (instr.afterPass)
      instr.afterPass(pass, module, seconds);
    if (instr.verifyEach)
      if (llvm::Error err = ir::verifyModule(module))
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "the IR is invalid after pass '%s':\n%s",
                                       name.str().c_str(), llvm::toString(std::move(err)).c_str());

    bool print = instr.printAfterAll || instr.printAfter.count(name);
    std::string after;
    if (instr.printAfterChange || !instr.irDumpDir.empty())
      after = printToString(module, instr.printOptions);
    if (instr.printAfterChange && after != before)
      print = true;
    if (print) {
      dumpBanner(log, "After", name);
      if (after.empty())
        ir::printModule(module, log, instr.printOptions);
      else
        log << after;
    }
    if (!instr.irDumpDir.empty())
      if (llvm::Error err = writeDump(instr.irDumpDir, i + 1, name, after))
        return err;
  }

  if (instr.timing) {
    double total = 0;
    for (const Timing &t : timings)
      total += t.seconds;
    log << "===" << std::string(70, '-') << "===\n";
    log << "  pass timing report\n";
    log << "===" << std::string(70, '-') << "===\n";
    log << "     wall (ms)    share     ops +/-  pass\n";
    for (const Timing &t : timings)
      log << llvm::format("  %12.3f  %6.1f%%  %+10lld  %s\n", t.seconds * 1e3,
                          total > 0 ? 100 * t.seconds / total : 0.0, (long long)t.opDelta,
                          t.name.c_str());
    log << llvm::format("  %12.3f  %6.1f%%              total\n", total * 1e3, 100.0);
  }
  if (instr.statistics)
    printStatistics(log);
  return llvm::Error::success();
}

void PassManager::printStatistics(llvm::raw_ostream &os) const {
  os << "===" << std::string(70, '-') << "===\n";
  os << "  pass statistics report\n";
  os << "===" << std::string(70, '-') << "===\n";
  for (const std::unique_ptr<Pass> &pass : passes) {
    os << "  " << pass->getName() << '\n';
    std::vector<std::pair<llvm::StringRef, int64_t>> stats;
    for (const auto &entry : pass->getStatistics())
      stats.emplace_back(entry.getKey(), entry.getValue());
    llvm::sort(stats);
    for (const auto &[name, value] : stats)
      os << llvm::format("    %10lld  ", (long long)value) << name << '\n';
  }
}

} // namespace pt2onnx::pass
