//===- NumericsCheck.cpp - Evaluating a program and judging its numbers -----===//

#include "tools/NumericsCheck.h"

#include "frontends/pt2/SampleInputs.h"
#include "tools/Driver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <random>

namespace pt2onnx::tools {

namespace cl = llvm::cl;
using ir::DType;
using passes::eval::getNumericKind;
using passes::eval::NumericKind;

llvm::cl::OptionCategory &getNumericsCategory() {
  static cl::OptionCategory category("Numerics check options");
  return category;
}

static cl::opt<double> rtolOption("verify-rtol",
                                  cl::desc("Relative tolerance of the numerics check, for every "
                                           "float type (default: per dtype, see docs/cli.md)"),
                                  cl::init(-1), cl::cat(getNumericsCategory()));
static cl::opt<double> atolOption("verify-atol",
                                  cl::desc("Absolute tolerance of the numerics check, for every "
                                           "float type (default: per dtype, see docs/cli.md)"),
                                  cl::init(-1), cl::cat(getNumericsCategory()));

static cl::opt<std::string>
    inputsOption("verify-inputs",
                 cl::desc("The inputs of the numerics check: an .npz file with arrays input_0, "
                          "input_1, ... (default: the archive's sample inputs, else random)"),
                 cl::value_desc("file.npz"), cl::cat(getNumericsCategory()));
static cl::opt<uint64_t> seedOption("verify-seed",
                                    cl::desc("Seed of the numerics check's random inputs"),
                                    cl::init(0), cl::cat(getNumericsCategory()));

Tolerance getTolerance(DType dtype) {
  Tolerance t;
  switch (dtype) {
  case DType::Float64:
    t = {1e-7, 1e-9};
    break;
  case DType::Float32:
    t = {1e-4, 1e-5};
    break;
  case DType::Float16:
    t = {1e-2, 1e-3};
    break;
  case DType::BFloat16:
    t = {2e-2, 1e-2};
    break;
  default:
    return t;
  }
  if (rtolOption >= 0)
    t.rtol = rtolOption;
  if (atolOption >= 0)
    t.atol = atolOption;
  return t;
}

static std::string shapeString(llvm::ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '[';
  llvm::interleaveComma(shape, os);
  os << ']';
  return s;
}

static std::string typeString(const Tensor &t) {
  return ir::getIRName(t.getDType()).str() + shapeString(t.getShape());
}

Difference compareTensors(const Tensor &actual, const Tensor &expected, Tolerance tolerance) {
  Difference d;
  if (actual.getDType() != expected.getDType() || actual.getShape() != expected.getShape()) {
    d.problem = "got " + typeString(actual) + ", expected " + typeString(expected);
    return d;
  }
  int64_t n = actual.getNumElements();
  switch (getNumericKind(actual.getDType())) {
  case NumericKind::Float:
    for (int64_t i = 0; i != n; ++i) {
      double a = actual.getDouble(i), e = expected.getDouble(i);
      if (std::isnan(e) || std::isinf(e)) {
        if (!(std::isnan(e) ? std::isnan(a) : a == e))
          ++d.mismatched, d.maxAbs = INFINITY;
        continue;
      }
      double diff = std::fabs(a - e);
      if (std::isnan(diff))
        diff = INFINITY;
      d.maxAbs = std::max(d.maxAbs, diff);
      if (e != 0)
        d.maxRel = std::max(d.maxRel, diff / std::fabs(e));
      if (!(diff <= tolerance.atol + tolerance.rtol * std::fabs(e)))
        ++d.mismatched;
    }
    return d;
  case NumericKind::Bool:
  case NumericKind::Integer:
    for (int64_t i = 0; i != n; ++i) {
      int64_t a = actual.getInt(i), e = expected.getInt(i);
      if (a == e)
        continue;
      ++d.mismatched;
      double diff = std::fabs(double(a) - double(e));
      d.maxAbs = std::max(d.maxAbs, diff);
      if (e != 0)
        d.maxRel = std::max(d.maxRel, diff / std::fabs(double(e)));
    }
    return d;
  case NumericKind::Unsupported: {
    // Compared bit for bit, element by element.
    size_t size = ir::getDTypeSize(actual.getDType());
    for (int64_t i = 0; i != n; ++i)
      if (std::memcmp(actual.getBytes().data() + i * size, expected.getBytes().data() + i * size,
                      size) != 0)
        ++d.mismatched;
    if (d.mismatched)
      d.maxAbs = d.maxRel = NAN;
    return d;
  }
  }
  return d;
}

std::vector<std::string> getOutputKeys(const ir::Operation &graph) {
  const ir::Block &body = ir::Module::getGraphBody(const_cast<ir::Operation *>(&graph));
  const ir::Operation *ret = body.getTerminator();
  size_t n = ret ? ret->getNumOperands() : 0;
  std::vector<std::string> keys(n);
  const ir::Attribute *kinds = graph.getAttr("torch.output_kinds");
  if (!kinds || kinds->getKind() != ir::Attribute::Kind::StringList ||
      kinds->getStringList().size() != n) {
    for (size_t i = 0; i != n; ++i)
      keys[i] = "output_" + std::to_string(i);
    return keys;
  }
  unsigned user = 0, mutation = 0;
  for (auto [i, kind] : llvm::enumerate(kinds->getStringList())) {
    if (kind == "user_output" || kind == "loss_output")
      keys[i] = "output_" + std::to_string(user++);
    else if (llvm::StringRef(kind).endswith("_mutation"))
      keys[i] = "mutation_" + std::to_string(mutation++);
  }
  return keys;
}

llvm::Expected<std::vector<Tensor>> loadInputs(llvm::StringRef path, const ir::Operation &graph) {
  llvm::Expected<std::vector<NumpyArray>> arrays = readNpz(path);
  if (!arrays)
    return arrays.takeError();
  const ir::Block &body = ir::Module::getGraphBody(const_cast<ir::Operation *>(&graph));
  std::vector<Tensor> inputs;
  for (unsigned i = 0, e = unsigned(body.getNumArguments()); i != e; ++i) {
    std::string key = "input_" + std::to_string(i);
    auto it = llvm::find_if(*arrays, [&](const NumpyArray &a) { return a.name == key; });
    if (it == arrays->end())
      return makeCommandLineError(path + ": no array '" + key + "' for input " + llvm::Twine(i) +
                            " ('" + body.getArgument(i)->getName() + "') of the program");
    const ir::Type &type = body.getArgument(i)->getType();
    std::optional<Tensor> t = it->tensor;
    if (type.isTensor())
      t = it->as(type.getDType());
    if (!t)
      t = it->tensor;
    inputs.push_back(std::move(*t));
  }
  if (arrays->size() != inputs.size())
    return makeCommandLineError(path + ": " + llvm::Twine(arrays->size()) + " arrays, the program takes " +
                          llvm::Twine(inputs.size()) + " inputs");
  if (llvm::Error err = passes::eval::checkInputs(graph, inputs))
    return makeCommandLineError(path + ": " + llvm::toString(std::move(err)));
  return inputs;
}

std::vector<Tensor> makeRandomInputs(const ir::Module &module, uint64_t seed,
                                     const SymbolSizes &sizes) {
  std::vector<Tensor> inputs;
  const ir::Operation *graph = module.lookupGraph("main");
  if (!graph)
    return inputs;
  std::mt19937_64 random(seed);
  auto sizeOf = [&](ir::SymExpr symbol) -> std::optional<int64_t> {
    auto it = sizes.find(symbol);
    if (it != sizes.end())
      return it->second;
    ir::SymRange range = symbol.getRange();
    return std::min(std::max<int64_t>(range.lo, 2), range.hi);
  };
  for (const std::unique_ptr<ir::BlockArgument> &arg :
       ir::Module::getGraphBody(const_cast<ir::Operation *>(graph)).getArguments()) {
    const ir::Type &type = arg->getType();
    passes::eval::Shape shape;
    DType dtype = DType::Int64;
    switch (type.getKind()) {
    case ir::Type::Kind::Tensor:
      dtype = type.getDType();
      for (const ir::Dim &d : type.getShape())
        shape.push_back(d.isStatic()     ? d.getSize()
                        : d.isSymbolic() ? d.getExpr().evaluate(sizeOf).value_or(2)
                                         : 2);
      break;
    case ir::Type::Kind::SymInt:
      if (ir::SymExpr e = type.getSymValue()) {
        inputs.push_back(Tensor::scalarInt(DType::Int64, e.evaluate(sizeOf).value_or(2)));
        continue;
      }
      break;
    case ir::Type::Kind::SymFloat:
      dtype = DType::Float64;
      break;
    case ir::Type::Kind::SymBool:
      dtype = DType::Bool;
      break;
    default:
      inputs.push_back(Tensor());
      continue;
    }
    Tensor t = Tensor::create(dtype, shape);
    int64_t n = t.getNumElements();
    switch (getNumericKind(dtype)) {
    case NumericKind::Float: {
      std::uniform_real_distribution<double> values(-1.0, 1.0);
      for (int64_t i = 0; i != n; ++i)
        t.setDouble(i, values(random));
      break;
    }
    case NumericKind::Integer: {
      std::uniform_int_distribution<int64_t> values(0, 3);
      for (int64_t i = 0; i != n; ++i)
        t.setInt(i, values(random));
      break;
    }
    case NumericKind::Bool: {
      std::uniform_int_distribution<int64_t> values(0, 1);
      for (int64_t i = 0; i != n; ++i)
        t.setInt(i, values(random));
      break;
    }
    case NumericKind::Unsupported:
      break; // zeros
    }
    inputs.push_back(std::move(t));
  }
  return inputs;
}

std::string getOutputLabel(const ir::Operation &graph, size_t i) {
  std::vector<std::string> keys = getOutputKeys(graph);
  const ir::Operation *ret =
      ir::Module::getGraphBody(const_cast<ir::Operation *>(&graph)).getTerminator();
  std::string label = keys[i].empty() ? "output #" + std::to_string(i) : keys[i];
  const ir::Value *v = ret->getOperand(unsigned(i));
  std::string name = v->getName().str();
  // Results after the first of an op are named after the group, as printed.
  if (const ir::Operation *def = v->getDefiningOp();
      name.empty() && def && v->getIndex() > 0 && !def->getResult(0)->getName().empty())
    name = def->getResult(0)->getName().str() + "#" + std::to_string(v->getIndex());
  if (!name.empty())
    label += " (" + name + ")";
  return label;
}

static void printValues(const Tensor &t, llvm::raw_ostream &os) {
  constexpr int64_t kShown = 8;
  int64_t n = t.getNumElements();
  NumericKind kind = getNumericKind(t.getDType());
  os << '[';
  for (int64_t i = 0; i != std::min(n, kShown); ++i) {
    if (i)
      os << ", ";
    if (kind == NumericKind::Float)
      os << llvm::format("%.6g", t.getDouble(i));
    else if (kind != NumericKind::Unsupported)
      os << t.getInt(i);
    else
      os << '?';
  }
  if (n > kShown)
    os << ", ... (" << n << " values)";
  os << ']';
}

void printOutputs(const ir::Operation &graph, const Evaluation &evaluation,
                  llvm::raw_ostream &os) {
  for (auto [i, out] : llvm::enumerate(evaluation.outputs)) {
    os << getOutputLabel(graph, i) << ": ";
    if (!out) {
      os << "unknown\n";
      continue;
    }
    os << typeString(*out) << ' ';
    printValues(*out, os);
    os << '\n';
  }
}

OutputJudgement judgeOutput(llvm::StringRef label, const std::optional<Tensor> &actual,
                            const std::optional<Tensor> &expected, bool compareValues,
                            llvm::raw_ostream &os) {
  os << label << ": ";
  if (!actual || !expected) {
    os << "unknown (not compared)\n";
    return OutputJudgement::NotCompared;
  }
  if (!compareValues) {
    if (actual->getDType() != expected->getDType() ||
        actual->getShape() != expected->getShape()) {
      os << "MISMATCH: got " << typeString(*actual) << ", expected " << typeString(*expected)
         << '\n';
      return OutputJudgement::Failed;
    }
    os << typeString(*actual) << ": dtype and shape ok, values not compared (random)\n";
    return OutputJudgement::NotCompared;
  }
  Tolerance tolerance = getTolerance(actual->getDType());
  Difference d = compareTensors(*actual, *expected, tolerance);
  if (!d.problem.empty()) {
    os << "MISMATCH: " << d.problem << '\n';
    return OutputJudgement::Failed;
  }
  os << typeString(*actual) << " max abs diff " << llvm::format("%.3g", d.maxAbs)
     << ", max rel diff " << llvm::format("%.3g", d.maxRel);
  if (getNumericKind(actual->getDType()) == NumericKind::Float)
    os << " (rtol " << llvm::format("%g", tolerance.rtol) << ", atol "
       << llvm::format("%g", tolerance.atol) << ")";
  if (d.passes()) {
    os << ": ok\n";
    return OutputJudgement::Passed;
  }
  os << ": MISMATCH in " << d.mismatched << " of " << actual->getNumElements() << " values\n";
  return OutputJudgement::Failed;
}

bool compareWithExpected(const ir::Operation &graph, const Evaluation &evaluation,
                         llvm::ArrayRef<NumpyArray> expected, llvm::raw_ostream &os) {
  std::vector<std::string> keys = getOutputKeys(graph);
  bool allPass = true;
  for (auto [i, out] : llvm::enumerate(evaluation.outputs)) {
    if (i >= keys.size() || keys[i].empty())
      continue;
    auto it = llvm::find_if(expected, [&](const NumpyArray &a) { return a.name == keys[i]; });
    if (it == expected.end())
      continue;
    std::optional<Tensor> want = out ? it->as(out->getDType()) : std::nullopt;
    if (!want)
      want = it->tensor;
    if (judgeOutput(getOutputLabel(graph, i), out, want, /*compareValues=*/true, os) ==
        OutputJudgement::Failed)
      allPass = false;
  }
  return allPass;
}

/// The example inputs of the archive as inputs of `graph`: the leaves of
/// (args, kwargs) are the program's user inputs in signature order, and
/// those with a placeholder name are its entry-block arguments (a constant
/// user input is not one).
static llvm::Expected<std::vector<Tensor>>
fromSampleInputs(llvm::ArrayRef<pt2::SampleInput> leaves, const ir::Operation &graph,
                 llvm::StringRef archivePath) {
  const ir::Block &body = ir::Module::getGraphBody(const_cast<ir::Operation *>(&graph));
  const ir::Attribute *kinds = graph.getAttr("torch.input_kinds");
  const ir::Attribute *names = graph.getAttr("torch.input_names");
  std::vector<const pt2::SampleInput *> picked;
  auto mismatch = [&](const llvm::Twine &why) {
    return makeInputError(archivePath + ": the archive's sample inputs do not fit the program: " +
                          why);
  };
  if (kinds && names && kinds->getKind() == ir::Attribute::Kind::StringList &&
      names->getKind() == ir::Attribute::Kind::StringList &&
      kinds->getStringList().size() == names->getStringList().size()) {
    size_t leaf = 0;
    for (auto [kind, name] : llvm::zip(kinds->getStringList(), names->getStringList())) {
      if (kind != "user_input")
        continue;
      if (leaf == leaves.size())
        return mismatch(llvm::Twine(leaves.size()) + " values for more user inputs");
      if (!name.empty())
        picked.push_back(&leaves[leaf]);
      ++leaf;
    }
    if (leaf != leaves.size())
      return mismatch(llvm::Twine(leaves.size()) + " values for " + llvm::Twine(leaf) +
                      " user inputs");
  } else {
    for (const pt2::SampleInput &leaf : leaves)
      picked.push_back(&leaf);
  }
  if (picked.size() != body.getNumArguments())
    return mismatch(llvm::Twine(picked.size()) + " values for " +
                    llvm::Twine(body.getNumArguments()) + " inputs");
  std::vector<Tensor> inputs;
  for (auto [i, leaf] : llvm::enumerate(picked)) {
    if (!leaf->other.empty())
      return mismatch("input " + llvm::Twine(i) + " is a " + leaf->other);
    const ir::WeightData &w = leaf->value;
    inputs.push_back(Tensor::view(w.dtype, w.shape, w.bytes, w.keepAlive));
  }
  if (llvm::Error err = passes::eval::checkInputs(graph, inputs))
    return mismatch(llvm::toString(std::move(err)));
  return inputs;
}

llvm::Expected<InputSet> getFirstInputSet(const ir::Module &module, llvm::StringRef archivePath,
                                          llvm::StringRef modelName) {
  const ir::Operation *graph = module.lookupGraph("main");
  if (!graph)
    return makeInputError("the program has no graph 'main' to evaluate");
  InputSet set;
  if (!inputsOption.empty()) {
    llvm::Expected<std::vector<Tensor>> inputs = loadInputs(inputsOption, *graph);
    if (!inputs)
      return inputs.takeError();
    set.description = llvm::sys::path::filename(inputsOption).str();
    set.inputs = std::move(*inputs);
    return set;
  }
  if (archivePath.endswith(".pt2")) {
    llvm::Expected<std::optional<std::vector<pt2::SampleInput>>> leaves =
        pt2::readPT2SampleInputs(archivePath, modelName);
    if (!leaves)
      return makeInputError(llvm::toString(leaves.takeError()));
    if (*leaves) {
      llvm::Expected<std::vector<Tensor>> inputs = fromSampleInputs(**leaves, *graph, archivePath);
      if (!inputs)
        return inputs.takeError();
      set.description = "the archive's sample inputs";
      set.inputs = std::move(*inputs);
      return set;
    }
  }
  set.description = "random (seed " + std::to_string(seedOption) + ")";
  set.inputs = makeRandomInputs(module, seedOption);
  return set;
}

InputSet makeRandomInputSet(const ir::Module &module, unsigned k, const InputSet &first) {
  const ir::Operation *graph = module.lookupGraph("main");
  uint64_t seed = seedOption + k;
  std::mt19937_64 random(seed ^ 0x9e3779b97f4a7c15ull);
  // The symbols of the inputs' dims, in order of appearance, and the sizes
  // the first set gave them.
  llvm::SmallVector<ir::SymExpr, 4> symbols;
  SymbolSizes firstSizes;
  const ir::Block &body = ir::Module::getGraphBody(const_cast<ir::Operation *>(graph));
  for (auto [arg, t] : llvm::zip(body.getArguments(), first.inputs)) {
    const ir::Type &type = arg->getType();
    if (!type.isTensor() || !type.isRanked())
      continue;
    for (auto [dim, size] : llvm::zip(type.getShape(), t.getShape())) {
      if (!dim.isSymbolic())
        continue;
      llvm::SmallVector<ir::SymExpr, 2> found;
      dim.getExpr().collectSymbols(found);
      for (ir::SymExpr s : found)
        if (!llvm::is_contained(symbols, s))
          symbols.push_back(s);
      if (dim.getExpr().isSymbol())
        firstSizes.try_emplace(dim.getExpr(), size);
    }
  }
  SymbolSizes sizes;
  std::string description = "random (seed " + std::to_string(seed);
  for (ir::SymExpr s : symbols) {
    ir::SymRange range = s.getRange();
    int64_t lo = std::max<int64_t>(range.lo, 2);
    int64_t hi = std::max(lo, range.hi - lo > 15 ? lo + 15 : range.hi);
    int64_t size = std::uniform_int_distribution<int64_t>(lo, hi)(random);
    auto it = firstSizes.find(s);
    if (it != firstSizes.end() && size == it->second && hi > lo)
      size = size == hi ? lo : size + 1;
    sizes[s] = size;
    description += ", " + s.str() + " = " + std::to_string(size);
  }
  return {description + ")", makeRandomInputs(module, seed, sizes)};
}

llvm::Expected<bool> evaluateAndReport(const ir::Module &module, llvm::StringRef archivePath,
                                       llvm::StringRef modelName, llvm::StringRef expectPath,
                                       llvm::raw_ostream &os) {
  llvm::Expected<InputSet> inputs = getFirstInputSet(module, archivePath, modelName);
  if (!inputs)
    return inputs.takeError();
  std::vector<NumpyArray> expected;
  if (!expectPath.empty()) {
    llvm::Expected<std::vector<NumpyArray>> arrays = readNpz(expectPath);
    if (!arrays)
      return arrays.takeError();
    expected = std::move(*arrays);
  }
  const ir::Operation &graph = *module.lookupGraph("main");
  Evaluation evaluation = passes::eval::interpret(module, inputs->inputs);
  bool passed = true;
  if (expectPath.empty())
    printOutputs(graph, evaluation, os);
  else
    passed = compareWithExpected(graph, evaluation, expected, os);
  printProblems(evaluation, os);
  return passed;
}

void printProblems(const Evaluation &evaluation, llvm::raw_ostream &os) {
  if (!evaluation.unsupported.empty()) {
    os << "ops the evaluator could not run (what depends on them is unknown):\n";
    for (const auto &[name, count] : evaluation.unsupported)
      os << "  " << name << " x" << count << '\n';
  }
  if (!evaluation.random.empty()) {
    os << "random ops (their values are not comparable):\n";
    for (const auto &[name, count] : evaluation.random)
      os << "  " << name << " x" << count << '\n';
  }
  if (!evaluation.errors.empty()) {
    os << "checks that failed:\n";
    for (const std::string &e : evaluation.errors)
      os << "  " << e << '\n';
  }
}

} // namespace pt2onnx::tools
