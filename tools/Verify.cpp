//===- Verify.cpp - pt2onnx --verify: the converted program against the imported one ===//

#include "tools/Verify.h"

#include "tools/NumericsCheck.h"
#include "tools/PipelineOptions.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

namespace pt2onnx::tools {

namespace cl = llvm::cl;

static cl::opt<unsigned>
    samplesOption("verify-samples",
                  cl::desc("Random input sets the numerics check runs after the first, at other "
                           "sizes of the dynamic dims (default 1)"),
                  cl::init(1), cl::cat(getNumericsCategory()));

unsigned getVerifySamples() { return samplesOption; }

namespace {

std::string countedOps(const std::map<std::string, unsigned> &ops) {
  std::string s;
  for (const auto &[name, count] : ops) {
    if (!s.empty())
      s += ", ";
    s += name + " x" + std::to_string(count);
  }
  return s;
}

/// What the sets checked so far found, for the verdict.
struct Tally {
  unsigned sets = 0, compared = 0, failed = 0, notCompared = 0;
  std::string firstFailure;
  std::map<std::string, unsigned> unsupported, random;
  /// Ops the evaluator could not run on a random input set only (a scatter
  /// whose random indices repeat, whose result the runtimes leave open).
  std::map<std::string, unsigned> unsupportedOnRandom;
  /// The outputs compared in at least one set, and those not compared in
  /// some set.
  std::set<std::string> comparedOutputs, skippedOutputs;

  void fail(const std::string &what) {
    if (failed++ == 0)
      firstFailure = what;
  }
};

void checkSet(const ir::Module &reference, const ir::Module &converted, const InputSet &set,
              bool isRandomSet, Tally &tally, llvm::raw_ostream &os) {
  const ir::Operation &referenceGraph = *reference.lookupGraph("main");
  const ir::Operation &convertedGraph = *converted.lookupGraph("main");
  os << "verify: inputs " << set.description << ":\n";
  Evaluation expected = passes::eval::interpret(reference, set.inputs);
  if (isRandomSet && !expected.errors.empty()) {
    os << "  left out: the imported program rejects these sizes: " << expected.errors.front()
       << '\n';
    return;
  }
  ++tally.sets;
  if (llvm::Error err = passes::eval::checkInputs(convertedGraph, set.inputs)) {
    std::string why = "the converted program takes other inputs: " + llvm::toString(std::move(err));
    os << "  " << why << '\n';
    tally.fail(why);
    return;
  }
  Evaluation actual = passes::eval::interpret(converted, set.inputs);
  // An op counts as often as one run met it.
  for (const Evaluation *e : {&expected, &actual}) {
    for (const auto &[name, count] : e->unsupported) {
      unsigned &seen = isRandomSet ? tally.unsupportedOnRandom[name] : tally.unsupported[name];
      seen = std::max(seen, count);
    }
  }
  for (const std::string &error : actual.errors)
    if (!llvm::is_contained(expected.errors, error)) {
      os << "  the converted program fails a check: " << error << '\n';
      tally.fail("the converted program fails a check: " + error);
    }
  std::vector<std::string> referenceKeys = getOutputKeys(referenceGraph);
  std::vector<std::string> convertedKeys = getOutputKeys(convertedGraph);
  for (auto [i, key] : llvm::enumerate(convertedKeys)) {
    if (key.empty() || i >= actual.outputs.size())
      continue;
    auto it = llvm::find(referenceKeys, key);
    if (it == referenceKeys.end())
      continue;
    size_t r = size_t(it - referenceKeys.begin());
    std::optional<Tensor> want = r < expected.outputs.size() ? expected.outputs[r] : std::nullopt;
    // An output that depends on a random op compares only its dtype and dims.
    bool compareValues = !expected.isRandomOutput(r) && !actual.isRandomOutput(i);
    std::string label = getOutputLabel(convertedGraph, i);
    std::string line;
    llvm::raw_string_ostream lineStream(line);
    OutputJudgement judgement = judgeOutput(label, actual.outputs[i], want, compareValues, lineStream);
    if (judgement == OutputJudgement::NotCompared || !compareValues)
      for (const Evaluation *e : {&expected, &actual})
        for (const auto &[name, count] : e->random)
          tally.random[name] = std::max(tally.random[name], count);
    switch (judgement) {
    case OutputJudgement::Passed:
      ++tally.compared;
      tally.comparedOutputs.insert(label);
      break;
    case OutputJudgement::Failed:
      ++tally.compared;
      tally.comparedOutputs.insert(label);
      tally.fail("input set " + std::to_string(tally.sets) + " (" + set.description + "), " +
                 llvm::StringRef(line).trim().str());
      break;
    case OutputJudgement::NotCompared:
      ++tally.notCompared;
      tally.skippedOutputs.insert(label);
      break;
    }
    os << "  " << line;
  }
}

} // namespace

void prepareReference(ir::Module &reference, llvm::StringRef pipeline, llvm::raw_ostream &os) {
  std::vector<std::string> specs = splitPipeline(pipeline);
  auto last = llvm::find_if(specs, [](const std::string &spec) {
    return llvm::StringRef(spec).startswith("functionalize");
  });
  if (last == specs.end())
    return;
  for (auto it = specs.begin(); it != last + 1; ++it) {
    llvm::Expected<pass::PassManager> pm = pass::PassManager::parse(*it);
    llvm::Error err = pm ? pm->run(reference, pass::Instrumentation(), llvm::nulls())
                         : pm.takeError();
    if (err) {
      // The pipeline met the same error, and the conversion stopped there.
      os << "verify: the reference is the program as imported (" << *it
         << " failed: " << llvm::toString(std::move(err)) << ")\n";
      return;
    }
  }
}

llvm::Expected<VerifyResult> verifyConversion(const ir::Module &reference,
                                              const ir::Module &converted,
                                              llvm::StringRef archivePath,
                                              llvm::StringRef modelName, llvm::raw_ostream &os) {
  if (!reference.lookupGraph("main") || !converted.lookupGraph("main"))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the program has no graph 'main' to verify");
  llvm::Expected<InputSet> first = getFirstInputSet(reference, archivePath, modelName);
  if (!first)
    return first.takeError();
  Tally tally;
  checkSet(reference, converted, *first, /*isRandomSet=*/false, tally, os);
  for (unsigned k = 1; k <= samplesOption; ++k)
    checkSet(reference, converted, makeRandomInputSet(reference, k, *first), /*isRandomSet=*/true,
             tally, os);

  // Ops that declined on random inputs only count as not runnable when no
  // set compared what depends on them.
  std::map<std::string, unsigned> declinedOnRandom;
  for (const auto &[name, count] : tally.unsupportedOnRandom)
    if (!tally.unsupported.count(name))
      declinedOnRandom[name] = count;
  unsigned neverCompared = 0;
  for (const std::string &label : tally.skippedOutputs)
    neverCompared += !tally.comparedOutputs.count(label);
  if (neverCompared)
    for (const auto &[name, count] : declinedOnRandom)
      tally.unsupported[name] = count;

  VerifyResult result;
  if (!neverCompared && !declinedOnRandom.empty())
    os << "verify: ops the evaluator declined on random inputs only (what depends on them was "
          "compared on the other sets): "
       << countedOps(declinedOnRandom) << '\n';
  if (!tally.unsupported.empty())
    os << "verify: ops the evaluator cannot run (what depends on them was not compared): "
       << countedOps(tally.unsupported) << '\n';
  if (!tally.random.empty())
    os << "verify: random ops (values not compared, only dtypes and shapes): "
       << countedOps(tally.random) << '\n';
  std::string counts = std::to_string(tally.compared) + " outputs compared over " +
                       std::to_string(tally.sets) + " input sets";
  if (tally.failed) {
    result.verdict = VerifyVerdict::Failed;
    result.summary = std::to_string(tally.failed) + " of " + counts + " failed; first: " +
                     tally.firstFailure;
  } else if (neverCompared || tally.compared == 0) {
    result.verdict = VerifyVerdict::Inconclusive;
    result.summary = std::to_string(tally.notCompared) + " outputs not compared (" +
                     (tally.random.empty()
                          ? "ops the evaluator cannot run: " + countedOps(tally.unsupported)
                          : "the program draws random numbers: " + countedOps(tally.random)) +
                     "), " + counts;
  } else {
    result.summary = counts + ", all within tolerance";
    if (tally.notCompared)
      result.summary += "; " + std::to_string(tally.notCompared) + " not compared on random inputs" +
                        (declinedOnRandom.empty() ? ""
                                                  : " (" + countedOps(declinedOnRandom) + ")");
  }
  os << "verify: "
     << (result.verdict == VerifyVerdict::Passed   ? "passed"
         : result.verdict == VerifyVerdict::Failed ? "FAILED"
                                                   : "inconclusive")
     << ": " << result.summary << '\n';
  return result;
}

} // namespace pt2onnx::tools
