//===- BisectNumerics.cpp - pt2onnx-opt --bisect-numerics: which pass changed the numbers ===//

#include "tools/BisectNumerics.h"

#include "ir/Printer.h"
#include "ir/Verifier.h"
#include "passes/Passes.h"
#include "tools/Driver.h"
#include "tools/NumericsCheck.h"
#include "tools/PipelineOptions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Format.h"

namespace pt2onnx::tools {

namespace {

using ValueTensors = llvm::DenseMap<const ir::Value *, Tensor>;

const ir::Block &getMainBody(const ir::Module &module) {
  return ir::Module::getGraphBody(const_cast<ir::Operation *>(module.lookupGraph("main")));
}

std::string countedOps(const std::map<std::string, unsigned> &ops) {
  std::string s;
  for (const auto &[name, count] : ops)
    s += (s.empty() ? "" : ", ") + name + " x" + std::to_string(count);
  return s;
}

/// One run of the program as it is after some pass.
struct Snapshot {
  Evaluation evaluation;
  std::vector<std::string> keys;
  /// Why the run is not comparable at all (the program takes other inputs);
  /// empty when it ran.
  std::string notRun;
};

Snapshot evaluateModule(const ir::Module &module, const InputSet &inputs,
                        const passes::eval::InterpreterOptions &options = {}) {
  Snapshot s;
  const ir::Operation &graph = *module.lookupGraph("main");
  s.keys = getOutputKeys(graph);
  if (llvm::Error err = passes::eval::checkInputs(graph, inputs.inputs)) {
    s.notRun = "the program takes other inputs: " + llvm::toString(std::move(err));
    return s;
  }
  s.evaluation = passes::eval::interpret(module, inputs.inputs, options);
  return s;
}

enum class Verdict { Same, Differs, Inconclusive };

struct Comparison {
  Verdict verdict = Verdict::Same;
  /// Inconclusive: why; Differs: the first difference.
  std::string why;
  /// One line per output that differs.
  std::string lines;
  unsigned compared = 0;
  /// The output keys that differ.
  llvm::StringSet<> differing;
};

/// The outputs of `after` (the program `graph` now is) against `before`'s,
/// matched by key.
Comparison compareSnapshots(const Snapshot &before, const Snapshot &after,
                            const ir::Operation &graph) {
  Comparison c;
  if (!after.notRun.empty() || !before.notRun.empty()) {
    c.verdict = Verdict::Inconclusive;
    c.why = after.notRun.empty() ? before.notRun : after.notRun;
    return c;
  }
  llvm::raw_string_ostream lines(c.lines);
  for (const std::string &error : after.evaluation.errors)
    if (!llvm::is_contained(before.evaluation.errors, error)) {
      lines << "  a check fails that held before: " << error << '\n';
      if (c.why.empty())
        c.why = "a check fails that held before: " + error;
    }
  unsigned notCompared = 0;
  for (auto [i, key] : llvm::enumerate(after.keys)) {
    if (key.empty() || i >= after.evaluation.outputs.size())
      continue;
    auto it = llvm::find(before.keys, key);
    if (it == before.keys.end())
      continue;
    size_t r = size_t(it - before.keys.begin());
    std::optional<Tensor> want =
        r < before.evaluation.outputs.size() ? before.evaluation.outputs[r] : std::nullopt;
    std::string line;
    llvm::raw_string_ostream lineStream(line);
    bool compareValues =
        !before.evaluation.isRandomOutput(r) && !after.evaluation.isRandomOutput(i);
    switch (judgeOutput(getOutputLabel(graph, i), after.evaluation.outputs[i], want,
                        compareValues, lineStream)) {
    case OutputJudgement::Passed:
      ++c.compared;
      break;
    case OutputJudgement::Failed:
      ++c.compared;
      c.differing.insert(key);
      lines << "  " << line;
      if (c.why.empty())
        c.why = llvm::StringRef(line).trim().str();
      break;
    case OutputJudgement::NotCompared:
      ++notCompared;
      break;
    }
  }
  if (!c.why.empty()) {
    c.verdict = Verdict::Differs;
    return c;
  }
  if (notCompared == 0 && c.compared != 0)
    return c;
  c.verdict = Verdict::Inconclusive;
  std::map<std::string, unsigned> unsupported = before.evaluation.unsupported;
  for (const auto &[name, count] : after.evaluation.unsupported)
    unsupported[name] = std::max(unsupported[name], count);
  std::map<std::string, unsigned> random = before.evaluation.random;
  for (const auto &[name, count] : after.evaluation.random)
    random[name] = std::max(random[name], count);
  std::string counts = std::to_string(notCompared) + " of " +
                       std::to_string(notCompared + c.compared) + " outputs not compared: ";
  if (!unsupported.empty())
    c.why = counts + "ops the evaluator cannot run: " + countedOps(unsupported);
  else if (!random.empty())
    c.why = counts + "random ops: " + countedOps(random);
  else
    c.why = "no output to compare";
  return c;
}

/// Runs the passes `specs` over `module`, each under `instr`.
llvm::Error runPasses(ir::Module &module, llvm::ArrayRef<std::string> specs,
                      const pass::Instrumentation &instr, llvm::StringRef inputPath) {
  for (const std::string &spec : specs) {
    llvm::Expected<pass::PassManager> pm = pass::PassManager::parse(spec);
    if (!pm)
      return makeInputError(llvm::toString(pm.takeError()));
    if (llvm::Error err = pm->run(module, instr, llvm::errs()))
      return pass::locateProgramErrors(std::move(err), inputPath);
  }
  return llvm::Error::success();
}

/// The value of every result of the ops of `module`'s main graph (not of
/// their regions) on `inputs`.
ValueTensors recordValues(const ir::Module &module, const InputSet &inputs) {
  ValueTensors values;
  const ir::Operation *graph = module.lookupGraph("main");
  passes::eval::InterpreterOptions options;
  options.observe = [&](const ir::Operation &op, llvm::ArrayRef<const Tensor *> results) {
    if (op.getParentOp() != graph)
      return;
    for (auto [i, t] : llvm::enumerate(results))
      if (t)
        values[op.getResult(unsigned(i))] = *t;
  };
  evaluateModule(module, inputs, options);
  return values;
}

llvm::StringRef getNodeName(const ir::Operation &op) {
  const ir::ProvenanceRef &p = op.getProvenance();
  return p ? p->nodeName : llvm::StringRef();
}

/// Whether `v` leaves the ops of its torch node: returned, or used by an op
/// of another node.
bool leavesNode(const ir::Value &v, llvm::StringRef node) {
  return llvm::any_of(v.getUses(), [&](const ir::OpOperand &use) {
    const ir::Operation *user = use.getOwner();
    return user->isa(ir::builtin::kReturn) || getNodeName(*user) != node;
  });
}

std::string describeValue(const ir::Value &v) {
  const ir::Operation *def = v.getDefiningOp();
  std::string name = v.getName().empty() ? "" : "%" + v.getName().str();
  if (!def)
    return name;
  if (def->getNumResults() > 1)
    name += "#" + std::to_string(v.getIndex());
  return (name.empty() ? "" : name + " = ") + ir::describeOp(*def);
}

/// Finds, between the program before a pass and after it (run on the same
/// inputs), the first op whose value differs; prints what it found.
void locateFirstDifference(const ir::Module &before, const ir::Module &after,
                           const InputSet &inputs, const llvm::StringSet<> &differingKeys,
                           llvm::raw_ostream &os) {
  ValueTensors beforeValues = recordValues(before, inputs);
  ValueTensors afterValues = recordValues(after, inputs);

  llvm::StringMap<const ir::Value *> byName;
  llvm::StringMap<llvm::SmallVector<const ir::Value *, 2>> byNode;
  for (const ir::Operation &op : getMainBody(before))
    for (const ir::OpResult &r : op.getResults()) {
      if (!beforeValues.count(&r))
        continue;
      if (!r.getName().empty())
        byName.try_emplace(r.getName(), &r);
      if (llvm::StringRef node = getNodeName(op); !node.empty() && leavesNode(r, node))
        byNode[node].push_back(&r);
    }
  auto counterpartOf = [&](const ir::Value &v, const Tensor &t) -> const ir::Value * {
    auto fits = [&](const ir::Value *c) {
      const Tensor &u = beforeValues.find(c)->second;
      return u.getDType() == t.getDType() && u.getShape() == t.getShape();
    };
    if (!v.getName().empty())
      if (auto it = byName.find(v.getName()); it != byName.end() && fits(it->second))
        return it->second;
    llvm::StringRef node = getNodeName(*v.getDefiningOp());
    if (node.empty() || !leavesNode(v, node))
      return nullptr;
    auto it = byNode.find(node);
    if (it == byNode.end())
      return nullptr;
    for (const ir::Value *c : it->second)
      if (fits(c))
        return c;
    return nullptr;
  };

  llvm::DenseSet<const ir::Operation *> matched;
  for (const ir::Operation &op : getMainBody(after)) {
    for (const ir::OpResult &r : op.getResults()) {
      auto it = afterValues.find(&r);
      if (it == afterValues.end())
        continue;
      const ir::Value *counterpart = counterpartOf(r, it->second);
      if (!counterpart)
        continue;
      matched.insert(&op);
      const Tensor &want = beforeValues.find(counterpart)->second;
      Tolerance tolerance = getTolerance(want.getDType());
      Difference d = compareTensors(it->second, want, tolerance);
      if (d.passes())
        continue;
      os << "bisect-numerics: the first op whose value differs: " << describeValue(r) << '\n'
         << "  its counterpart before the pass: " << describeValue(*counterpart) << '\n'
         << "  " << d.mismatched << " of " << want.getNumElements()
         << " values differ, max abs diff " << llvm::format("%.3g", d.maxAbs)
         << ", max rel diff " << llvm::format("%.3g", d.maxRel) << '\n';
      return;
    }
  }

  // No value the pass kept differs: the difference comes from ops it
  // created. Name the first of them that a differing output depends on.
  const ir::Operation *ret = getMainBody(after).getTerminator();
  std::vector<std::string> keys = getOutputKeys(*after.lookupGraph("main"));
  llvm::DenseSet<const ir::Operation *> feeding;
  llvm::SmallVector<const ir::Value *, 16> worklist;
  for (auto [i, key] : llvm::enumerate(keys))
    if (differingKeys.contains(key))
      worklist.push_back(ret->getOperand(unsigned(i)));
  while (!worklist.empty()) {
    const ir::Operation *def = worklist.pop_back_val()->getDefiningOp();
    if (!def || !feeding.insert(def).second)
      continue;
    for (unsigned i = 0; i != def->getNumOperands(); ++i)
      worklist.push_back(def->getOperand(i));
  }
  for (const ir::Operation &op : getMainBody(after))
    if (feeding.contains(&op) && !matched.contains(&op) && op.getNumResults() != 0) {
      os << "bisect-numerics: no value the pass kept differs; the first op it created that "
            "the differing outputs depend on: "
         << describeValue(*op.getResult(0)) << '\n';
      return;
    }
  os << "bisect-numerics: no single op could be named (the values that differ have no "
        "counterpart before the pass)\n";
}

/// `module` cut to the outputs `keys` names and the ops they depend on.
llvm::Error cutToOutputs(ir::Module &module, const llvm::StringSet<> &keys) {
  ir::Operation *graph = module.lookupGraph("main");
  ir::Operation *ret = ir::Module::getGraphBody(graph).getTerminator();
  std::vector<std::string> outputKeys = getOutputKeys(*graph);
  size_t n = outputKeys.size();
  llvm::SmallVector<ir::Value *, 4> kept;
  std::vector<bool> keep(n);
  for (size_t i = 0; i != n; ++i)
    if ((keep[i] = keys.contains(outputKeys[i])))
      kept.push_back(ret->getOperand(unsigned(i)));
  // The graph's per-output lists (torch's output kinds, names, targets)
  // follow the outputs kept.
  std::vector<std::pair<std::string, std::vector<std::string>>> lists;
  for (const ir::NamedAttribute &attr : graph->getAttrs()) {
    if (!llvm::StringRef(attr.name).startswith("torch.output_") ||
        attr.value.getKind() != ir::Attribute::Kind::StringList ||
        attr.value.getStringList().size() != n)
      continue;
    std::vector<std::string> values;
    for (size_t i = 0; i != n; ++i)
      if (keep[i])
        values.push_back(attr.value.getStringList()[i]);
    lists.emplace_back(attr.name, std::move(values));
  }
  for (auto &[name, values] : lists)
    graph->setAttr(name, ir::Attribute::stringList(values));
  ret->setOperands(kept);
  return runPasses(module, {"dce"}, pass::Instrumentation(), "");
}

std::string printWithWeights(const ir::Module &module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  ir::PrintOptions options;
  options.printWeights = true;
  ir::printModule(module, os, options);
  return text;
}

/// Whether running `spec` over the program `text` changes its outputs on
/// `inputs`.
llvm::Expected<bool> reproduces(llvm::StringRef text, llvm::StringRef spec,
                                const InputSet &inputs) {
  llvm::Expected<std::unique_ptr<ir::Module>> module = readModuleText(text, "reproducer");
  if (!module)
    return module.takeError();
  Snapshot before = evaluateModule(**module, inputs);
  if (llvm::Error err = runPasses(**module, {spec.str()}, pass::Instrumentation(), "reproducer"))
    return err;
  Snapshot after = evaluateModule(**module, inputs);
  return compareSnapshots(before, after, *(*module)->lookupGraph("main")).verdict ==
         Verdict::Differs;
}

/// Writes the program before the pass `spec` (`before`) to `path`, cut to
/// the outputs that differ when some do not and the cut program still
/// reproduces the difference.
llvm::Error writeReproducer(const ir::Module &before, llvm::StringRef spec, const InputSet &inputs,
                            const llvm::StringSet<> &differingKeys, llvm::StringRef path,
                            llvm::raw_ostream &os) {
  std::string written = printWithWeights(before);
  std::string what = "the whole program";
  size_t numOutputs = getOutputKeys(*before.lookupGraph("main")).size();
  if (!differingKeys.empty() && differingKeys.size() < numOutputs) {
    llvm::Expected<std::unique_ptr<ir::Module>> cut = readModuleText(written, "reproducer");
    if (!cut)
      return cut.takeError();
    if (llvm::Error err = cutToOutputs(**cut, differingKeys))
      return err;
    std::string cutText = printWithWeights(**cut);
    llvm::Expected<bool> still = reproduces(cutText, spec, inputs);
    if (!still)
      llvm::consumeError(still.takeError());
    else if (*still) {
      written = std::move(cutText);
      what = "cut to the outputs that differ";
    }
  }
  if (llvm::Error err = writeOutput(path, [&](llvm::raw_ostream &out) {
        out << "// The program before the pass `" << spec << "`, " << what << ":\n"
            << "//   pt2onnx-opt " << path << " --passes='" << spec << "' --bisect-numerics\n"
            << written;
        return llvm::Error::success();
      }))
    return err;
  os << "bisect-numerics: reproducer (" << what << ") written to " << path << "; run\n"
     << "  pt2onnx-opt " << path << " --passes='" << spec << "' --bisect-numerics";
  if (inputs.description.find("random") == std::string::npos)
    os << " (bisected on " << inputs.description
       << "; without --verify-inputs the reproducer runs on random inputs)";
  os << '\n';
  return llvm::Error::success();
}

} // namespace

llvm::Expected<bool> bisectNumerics(const BisectOptions &options, llvm::raw_ostream &os) {
  llvm::Expected<std::unique_ptr<ir::Module>> loaded =
      loadModule(options.inputPath, options.modelName);
  if (!loaded)
    return loaded.takeError();
  ir::Module &module = **loaded;
  if (!module.lookupGraph("main"))
    return makeInputError(options.inputPath + ": the program has no graph 'main' to evaluate");
  llvm::Expected<InputSet> inputs =
      getFirstInputSet(module, options.inputPath, options.modelName);
  if (!inputs)
    return inputs.takeError();
  std::vector<std::string> specs = splitPipeline(options.pipeline);
  os << "bisect-numerics: " << specs.size() << (specs.size() == 1 ? " pass" : " passes")
     << ", inputs " << inputs->description << '\n';
  Snapshot previous = evaluateModule(module, *inputs);
  if (!previous.notRun.empty())
    return makeInputError(options.inputPath + ": " + previous.notRun);
  for (const std::string &error : previous.evaluation.errors)
    os << "  the program fails a check before any pass: " << error << '\n';

  unsigned inconclusive = 0;
  for (auto [k, spec] : llvm::enumerate(specs)) {
    if (llvm::Error err = runPasses(module, {spec}, options.instrumentation, options.inputPath))
      return err;
    if (llvm::Error err = ir::verifyModule(module))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "the program after the pass `%s` is invalid:\n%s",
                                     spec.c_str(), llvm::toString(std::move(err)).c_str());
    Snapshot current = evaluateModule(module, *inputs);
    Comparison c = compareSnapshots(previous, current, *module.lookupGraph("main"));
    os << "bisect-numerics: after " << spec << ": ";
    switch (c.verdict) {
    case Verdict::Same:
      os << "same outputs (" << c.compared << " compared)\n";
      break;
    case Verdict::Inconclusive:
      ++inconclusive;
      os << "inconclusive: " << c.why << '\n';
      break;
    case Verdict::Differs: {
      os << "OUTPUTS DIFFER\n" << c.lines;
      os << "bisect-numerics: the pass `" << spec << "` (pass " << k + 1 << " of "
         << specs.size() << ") changes the numbers\n";
      llvm::Expected<std::unique_ptr<ir::Module>> before =
          loadModule(options.inputPath, options.modelName, [](const llvm::Twine &) {});
      if (!before)
        return before.takeError();
      if (llvm::Error err = runPasses(**before, llvm::ArrayRef(specs).take_front(k),
                                      pass::Instrumentation(), options.inputPath))
        return err;
      locateFirstDifference(**before, module, *inputs, c.differing, os);
      if (llvm::Error err = writeReproducer(**before, spec, *inputs,
                                            c.differing, options.reproPath, os))
        return err;
      return true;
    }
    }
    previous = std::move(current);
  }
  os << "bisect-numerics: no pass changes the numbers";
  if (inconclusive)
    os << " (" << inconclusive << " of " << specs.size() << " passes inconclusive)";
  os << '\n';
  return false;
}

} // namespace pt2onnx::tools
