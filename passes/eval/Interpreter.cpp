//===- Interpreter.cpp - Running a whole program on input tensors ----------===//
//
// Values live in one map for the whole run; nested regions add theirs and
// free them as their own block ends, so a loop body's values do not outlive
// the iteration. What to free after each op is computed once per block: the
// values defined in the block whose last use (a use nested in an op's
// regions counts as a use by that op) is the op.
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Interpreter.h"

#include "ir/schema/OpTable.h"
#include "passes/eval/Evaluator.h"
#include "passes/eval/Rules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>
#include <unordered_map>

namespace pt2onnx::passes::eval {

using ir::DType;
using ir::Operation;
using ir::Value;

namespace {

constexpr int64_t kNoLimit = std::numeric_limits<int64_t>::max();

/// The element type a value of `type` is computed with; nullopt for types
/// that carry no data.
std::optional<DType> dataDType(const ir::Type &type) {
  switch (type.getKind()) {
  case ir::Type::Kind::Tensor:
    return type.getDType();
  case ir::Type::Kind::SymInt:
    return DType::Int64;
  case ir::Type::Kind::SymFloat:
    return DType::Float64;
  case ir::Type::Kind::SymBool:
    return DType::Bool;
  default:
    return std::nullopt;
  }
}

std::string shapeString(llvm::ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << '[';
  llvm::interleaveComma(shape, os);
  os << ']';
  return s;
}

std::string describeOp(const Operation &op) {
  std::string s = "'" + op.getName().getStringRef().str() + "'";
  if (op.getNumResults() && !op.getResult(0)->getName().empty())
    s += " (" + op.getResult(0)->getName().str() + ")";
  else if (op.getProvenance() && !op.getProvenance()->nodeName.empty())
    s += " (" + op.getProvenance()->nodeName.str() + ")";
  return s;
}

/// The element `k` of `t` along `axis`: a tensor of one rank less.
Tensor sliceAt(const Tensor &t, int64_t axis, int64_t k) {
  Shape shape(t.getShape().begin(), t.getShape().end());
  Shape strides = getStrides(shape);
  int64_t offset = k * strides[axis];
  shape.erase(shape.begin() + axis);
  strides.erase(strides.begin() + axis);
  return copyStrided(t, shape, strides, offset);
}

/// `parts` (same dtype and shape) stacked along a new dim `axis`.
Tensor stackAt(llvm::ArrayRef<Tensor> parts, int64_t axis) {
  const Tensor &first = parts.front();
  Shape stacked{int64_t(parts.size())};
  stacked.append(first.getShape().begin(), first.getShape().end());
  Tensor out = Tensor::create(first.getDType(), stacked);
  int64_t n = first.getNumElements();
  for (auto [k, part] : llvm::enumerate(parts))
    if (n)
      out.copyElements(int64_t(k) * n, part, 0, n);
  if (axis == 0)
    return out;
  // Move the new dim from the front to `axis`.
  Shape strides0 = getStrides(stacked), shape, strides;
  for (int64_t d = 0, rank = int64_t(first.getRank()); d <= rank; ++d) {
    if (d == axis) {
      shape.push_back(stacked[0]);
      strides.push_back(strides0[0]);
    }
    if (d < rank) {
      shape.push_back(stacked[d + 1]);
      strides.push_back(strides0[d + 1]);
    }
  }
  return copyStrided(out, shape, strides, 0);
}

/// The values to free after each op of a block.
using FreeLists = llvm::DenseMap<const Operation *, llvm::SmallVector<const Value *, 2>>;

/// A float cast to an integer type: what does not fit is undefined.
bool isCast(llvm::StringRef name) {
  return name == "onnx.Cast" || name == "aten.to.dtype" || name == "aten.to.dtype_layout" ||
         name == "aten._to_copy.default" || name == "prims.convert_element_type.default";
}

/// Ops whose every result element depends only on the same element of each
/// operand (numpy broadcasting): torch's pointwise ops, casts, and the ONNX
/// element-wise ops.
bool isElementwise(const Operation &op) {
  llvm::StringRef name = op.getName().getStringRef();
  if (isCast(name))
    return true;
  if (op.getDialect() == "onnx") {
    static const llvm::StringSet<> kOnnx = {
        "Abs",     "Acos",      "Acosh",      "Add",        "And",        "Asin",
        "Asinh",   "Atan",      "Atanh",      "BitShift",   "BitwiseAnd", "BitwiseNot",
        "BitwiseOr", "BitwiseXor", "CastLike", "Ceil",      "Clip",       "Cos",
        "Cosh",    "Div",       "Equal",      "Erf",        "Exp",        "Floor",
        "Greater", "GreaterOrEqual", "Identity", "IsInf",   "IsNaN",      "Less",
        "LessOrEqual", "Log",   "Max",        "Min",        "Mod",        "Mul",
        "Neg",     "Not",       "Or",         "Pow",        "Reciprocal", "Relu",
        "Round",   "Sigmoid",   "Sign",       "Sin",        "Sinh",       "Sqrt",
        "Sub",     "Tan",       "Tanh",       "Where",      "Xor"};
    return name.startswith("onnx.") && kOnnx.contains(name.drop_front(5));
  }
  const schema::OpSchema *schema = schema::lookupOp(name);
  return schema && schema->hasTag(schema::OpTag::pointwise);
}

/// Ops that read only their operands' dtypes and dims: what their values
/// hold does not matter.
bool readsOnlyMetadata(llvm::StringRef name) {
  static const llvm::StringSet<> kOps = {
      "aten.full_like.default", "aten.zeros_like.default", "aten.ones_like.default",
      "aten.empty_like.default", "aten.new_full.default",  "aten.new_zeros.default",
      "aten.new_ones.default",  "aten.new_empty.default", "aten.sym_size.int",
      "aten.sym_numel.default", "aten.sym_stride.int",    "onnx.Shape",
      "onnx.Size"};
  return kOps.contains(name);
}

FreeLists computeFreeLists(const ir::Block &block) {
  llvm::DenseMap<const Value *, const Operation *> lastUse;
  auto definedHere = [&](const Value *v) { return v->getParentBlock() == &block; };
  for (Operation &op : block) {
    const Operation *user = &op;
    op.walk([&](Operation *nested) {
      for (unsigned i = 0, e = nested->getNumOperands(); i != e; ++i)
        if (const Value *v = nested->getOperand(i); definedHere(v))
          lastUse[v] = user;
    });
  }
  FreeLists lists;
  for (auto [v, op] : lastUse)
    lists[op].push_back(v);
  // Results nothing uses go as soon as they are made.
  for (Operation &op : block)
    for (const ir::OpResult &r : op.getResults())
      if (!lastUse.count(&r))
        lists[&op].push_back(&r);
  return lists;
}

class Interpreter {
public:
  Interpreter(const ir::Module &module, const InterpreterOptions &options, Evaluation &result)
      : module(module), options(options), result(result) {}

  void run(const ir::Operation &graph, llvm::ArrayRef<Tensor> inputs) {
    const ir::Block &body = ir::Module::getGraphBody(const_cast<Operation *>(&graph));
    for (auto [arg, input] : llvm::zip(body.getArguments(), inputs)) {
      const ir::Type &type = arg->getType();
      if (type.isTensor() && type.isRanked())
        for (auto [dim, size] : llvm::zip(type.getShape(), input.getShape()))
          bindDim(dim, size, "input '" + arg->getName().str() + "'");
      else if (type.getKind() == ir::Type::Kind::SymInt && type.getSymValue())
        bindExpr(type.getSymValue(), input.getInt(0), "input '" + arg->getName().str() + "'");
    }
    llvm::SmallVector<std::optional<Tensor>, 4> args(inputs.begin(), inputs.end());
    std::optional<Outputs> outputs = runBlock(body, args);
    if (outputs) {
      result.outputs.assign(outputs->begin(), outputs->end());
      result.randomOutputs = returnedRandom;
    }
  }

private:
  using Outputs = llvm::SmallVector<std::optional<Tensor>, 4>;

  // ---- Symbols --------------------------------------------------------------

  /// Binds the symbol `e` is (when it is one) to `value`, or checks the value
  /// `e` has under the bindings.
  void bindExpr(ir::SymExpr e, int64_t value, const llvm::Twine &what) {
    if (e.isSymbol() && !symbols.count(e)) {
      symbols[e] = value;
      return;
    }
    std::optional<int64_t> expected = evaluateExpr(e);
    if (expected && *expected != value)
      result.errors.push_back((what + ": " + llvm::Twine(value) + ", but its type says " +
                               e.str() + " = " + llvm::Twine(*expected))
                                  .str());
  }

  void bindDim(const ir::Dim &dim, int64_t size, const llvm::Twine &what) {
    if (dim.isSymbolic())
      bindExpr(dim.getExpr(), size, what);
  }

  std::optional<int64_t> evaluateExpr(ir::SymExpr e) const {
    return e.evaluate([&](ir::SymExpr symbol) -> std::optional<int64_t> {
      auto it = symbols.find(symbol);
      if (it == symbols.end())
        return std::nullopt;
      return it->second;
    });
  }

  /// Checks result `i` of `op` against its type (dtype, rank, dims under the
  /// bindings) and binds the symbols its type names.
  void checkResult(const Operation &op, unsigned i, const Tensor &t) {
    const ir::Type &type = op.getResult(i)->getType();
    auto what = [&] { return "result " + std::to_string(i) + " of " + describeOp(op); };
    std::optional<DType> dtype = dataDType(type);
    if (dtype && *dtype != t.getDType()) {
      result.errors.push_back(what() + " is " + ir::getTorchName(t.getDType()).str() +
                              ", its type says " + ir::getTorchName(*dtype).str());
      return;
    }
    if (type.getKind() == ir::Type::Kind::SymInt && type.getSymValue() &&
        t.getNumElements() == 1) {
      bindExpr(type.getSymValue(), t.getInt(0), what());
      return;
    }
    if (!type.isTensor() || !type.isRanked())
      return;
    if (type.getRank() != t.getRank()) {
      result.errors.push_back(what() + " has shape " + shapeString(t.getShape()) +
                              ", its type says rank " + std::to_string(type.getRank()));
      return;
    }
    for (auto [d, dim] : llvm::enumerate(type.getShape())) {
      int64_t size = t.getShape()[d];
      if (dim.isStatic() && dim.getSize() != size) {
        result.errors.push_back(what() + " has shape " + shapeString(t.getShape()) +
                                ", its type says " + type.str());
        return;
      }
      bindDim(dim, size, what() + " dim " + llvm::Twine(d));
    }
  }

  // ---- Blocks and values -----------------------------------------------------

  const FreeLists &freeListsOf(const ir::Block &block) {
    auto it = freeLists.find(&block);
    if (it == freeLists.end())
      it = freeLists.try_emplace(&block, computeFreeLists(block)).first;
    return it->second;
  }

  /// Runs `block` with its arguments bound to `args` (nullopt: unknown);
  /// returns what its terminator returns.
  std::optional<Outputs> runBlock(const ir::Block &block, llvm::ArrayRef<std::optional<Tensor>> args) {
    if (args.size() != block.getNumArguments())
      return std::nullopt;
    for (auto [arg, value] : llvm::zip(block.getArguments(), args))
      if (value && !arg->use_empty())
        values[arg.get()] = *value;
    const FreeLists &frees = freeListsOf(block);
    std::optional<Outputs> outputs;
    for (Operation &op : block) {
      if (op.isa(ir::builtin::kReturn) || op.isa("ir.yield")) {
        outputs.emplace();
        returnedRandom.clear();
        for (Value *v : op.getOperands())
          returnedRandom.push_back(drawn.contains(v));
        for (Value *v : op.getOperands()) {
          if (undefined.count(v)) {
            // What leaves a block must be defined in every element.
            unsupportedValue(*v);
            outputs->push_back(std::nullopt);
            continue;
          }
          outputs->push_back(lookup(v));
        }
      } else {
        execute(op);
      }
      auto it = frees.find(&op);
      if (it != frees.end())
        for (const Value *v : it->second) {
          values.erase(v);
          undefined.erase(v);
          drawn.erase(v);
        }
    }
    for (const std::unique_ptr<ir::BlockArgument> &arg : block.getArguments())
      values.erase(arg.get());
    return outputs;
  }

  static bool carriesData(const Value *v) { return dataDType(v->getType()).has_value(); }

  std::optional<Tensor> lookup(const Value *v) const {
    auto it = values.find(v);
    if (it == values.end())
      return std::nullopt;
    return it->second;
  }

  /// The operands of `op` (null for none and other data-less values); false
  /// when one that carries data is unknown.
  bool gatherOperands(const Operation &op, llvm::SmallVectorImpl<const Tensor *> &operands) {
    for (unsigned i = 0, e = op.getNumOperands(); i != e; ++i) {
      const Value *v = op.getOperand(i);
      if (!carriesData(v)) {
        operands.push_back(nullptr);
        continue;
      }
      auto it = values.find(v);
      if (it == values.end())
        return false;
      operands.push_back(&it->second);
    }
    return true;
  }

  /// Whether an op in the regions of `op` draws random numbers.
  static bool drawsInRegions(const Operation &op) {
    for (unsigned i = 0, e = op.getNumRegions(); i != e; ++i)
      for (const std::unique_ptr<ir::Block> &block : op.getRegion(i).getBlocks())
        for (const Operation &inner : *block)
          if (isRandomOp(inner) || (inner.getNumRegions() != 0 && drawsInRegions(inner)))
            return true;
    return false;
  }

  /// `v` holds undefined elements where it is not allowed to: counted under
  /// the op that defines it.
  void unsupportedValue(const Value &v) {
    if (const Operation *def = v.getDefiningOp())
      return unsupported(*def, "undefined values");
    ++result.unsupported["an argument (undefined values)"];
  }

  void unsupported(const Operation &op, llvm::StringRef why = {}) {
    std::string name = op.getName().getStringRef().str();
    if (!why.empty())
      name += " (" + why.str() + ")";
    ++result.unsupported[name];
  }

  void setResults(const Operation &op, llvm::MutableArrayRef<Tensor> results) {
    llvm::SmallVector<const Tensor *, 2> observed;
    for (auto [i, t] : llvm::enumerate(results)) {
      checkResult(op, unsigned(i), t);
      observed.push_back(&(values[op.getResult(unsigned(i))] = std::move(t)));
    }
    if (options.observe)
      options.observe(op, observed);
  }

  // ---- Ops --------------------------------------------------------------------

  void execute(const Operation &op) {
    if (op.isa(ir::builtin::kConstant)) {
      if (!carriesData(op.getResult(0)))
        return;
      std::optional<Tensor> t = readConstant(module, op);
      if (!t)
        return unsupported(op, "a weight without data");
      Tensor results[] = {std::move(*t)};
      return setResults(op, results);
    }
    bool random = isRandomOp(op);
    if (random)
      ++result.random[op.getName().getStringRef().str()];
    llvm::SmallVector<const Tensor *, 4> operands;
    if (!gatherOperands(op, operands))
      return;
    // What a random op draws, and all that depends on it, is not comparable.
    for (Value *v : op.getOperands())
      random |= drawn.contains(v);
    if (random || (op.getNumRegions() != 0 && drawsInRegions(op)))
      for (const ir::OpResult &r : op.getResults())
        drawn.insert(&r);
    llvm::SmallVector<const Tensor *, 4> masks;
    bool readsUndefined = false;
    for (Value *v : op.getOperands()) {
      if (readsOnlyMetadata(op.getName().getStringRef()))
        break;
      auto it = undefined.find(v);
      masks.push_back(it == undefined.end() ? nullptr : &it->second);
      readsUndefined |= it != undefined.end();
    }
    if (readsUndefined && (op.getNumRegions() != 0 || op.getNumResults() == 0 || !isElementwise(op)))
      return unsupported(op, "reads undefined values");
    if (op.getNumRegions() != 0)
      return executeRegionOp(op, operands);
    if (op.getNumResults() == 0)
      return check(op, operands);
    std::optional<EvalResults> results = evaluate(op, operands, kNoLimit);
    if (!results && isRandomOp(op))
      return; // counted as random: what depends on it is not comparable anyway
    std::optional<Tensor> castUndefined;
    if (!results && isCast(op.getName().getStringRef()) && operands[0] &&
        op.getNumResults() == 1) {
      // A float that does not fit the integer type: the runtimes give
      // different numbers there, which a `where` may leave unused.
      Tensor mask;
      if (std::optional<Tensor> cast =
              castToMarkingUndefined(*operands[0], op.getResult(0)->getType().getDType(), mask)) {
        results = EvalResults{std::move(*cast)};
        castUndefined = std::move(mask);
      }
    }
    if (!results)
      return unsupported(op);
    if (readsUndefined || castUndefined)
      markUndefined(op, operands, masks, castUndefined ? &*castUndefined : nullptr, *results);
    setResults(op, *results);
  }

  /// The undefined elements of the results of the element-wise op `op`: those
  /// of its operands, broadcast (for `where`, those of the operand each
  /// element is taken from, and of the condition), and `own`'s.
  void markUndefined(const Operation &op, llvm::ArrayRef<const Tensor *> operands,
                     llvm::ArrayRef<const Tensor *> masks, const Tensor *own,
                     llvm::ArrayRef<Tensor> results) {
    llvm::StringRef name = op.getName().getStringRef();
    bool isWhere = (name == "aten.where.self" || name == "onnx.Where") && operands.size() == 3 &&
                   operands[0];
    for (auto [i, r] : llvm::enumerate(results)) {
      Shape shape(r.getShape().begin(), r.getShape().end());
      Tensor mask = Tensor::create(DType::Bool, shape);
      int64_t n = mask.getNumElements();
      auto orIn = [&](const Tensor &m) {
        Tensor b = broadcastTo(m, shape);
        for (int64_t k = 0; k != n; ++k)
          if (b.getInt(k))
            mask.setInt(k, 1);
      };
      if (isWhere) {
        Tensor cond = broadcastTo(*operands[0], shape);
        std::optional<Tensor> x, y;
        if (masks[1])
          x = broadcastTo(*masks[1], shape);
        if (masks[2])
          y = broadcastTo(*masks[2], shape);
        for (int64_t k = 0; k != n; ++k) {
          const std::optional<Tensor> &from = cond.getDouble(k) != 0 ? x : y;
          if (from && from->getInt(k))
            mask.setInt(k, 1);
        }
        if (masks[0])
          orIn(*masks[0]);
      } else {
        for (const Tensor *m : masks)
          if (m)
            orIn(*m);
      }
      if (own && i == 0)
        orIn(*own);
      bool any = false;
      for (int64_t k = 0; k != n && !any; ++k)
        any = mask.getInt(k) != 0;
      const Value *v = op.getResult(unsigned(i));
      if (any)
        undefined[v] = std::move(mask);
      else
        undefined.erase(v);
    }
  }

  /// The ops that return nothing and check something.
  void check(const Operation &op, llvm::ArrayRef<const Tensor *> operands) {
    llvm::StringRef name = op.getName().getStringRef();
    auto fail = [&](const llvm::Twine &why) {
      result.errors.push_back((describeOp(op) + ": " + why).str());
    };
    EvalContext ctx(op, operands, kNoLimit);
    if (name == "aten._assert_scalar.default" || name == "aten._assert_async.msg" ||
        name == "aten._assert_async.default") {
      const Tensor *cond = operands.empty() ? nullptr : operands[0];
      if (!cond || cond->getNumElements() != 1)
        return unsupported(op);
      if (cond->getDouble(0) == 0)
        fail("the assertion does not hold: " + ctx.getString("assert_msg", "") +
             ctx.getString("msg", ""));
      return;
    }
    if (name == "aten.sym_constrain_range.default" ||
        name == "aten.sym_constrain_range_for_size.default") {
      const Tensor *size = ctx.tensor("size");
      if (!size || size->getNumElements() != 1)
        return unsupported(op);
      int64_t v = size->getInt(0);
      std::optional<int64_t> lo = ctx.getOptionalInt("min"), hi = ctx.getOptionalInt("max");
      if ((lo && v < *lo) || (hi && v > *hi))
        fail("the value " + llvm::Twine(v) + " is outside the range [" +
             (lo ? llvm::Twine(*lo) : llvm::Twine("-oo")) + ", " +
             (hi ? llvm::Twine(*hi) : llvm::Twine("oo")) + "]");
      return;
    }
    if (name == "aten._assert_tensor_metadata.default") {
      const Tensor *t = ctx.tensor("a");
      if (!t)
        return unsupported(op);
      if (std::optional<DType> dtype = ctx.getOptionalDType("dtype"); dtype && *dtype != t->getDType())
        fail("the tensor is " + ir::getTorchName(t->getDType()) + ", asserted " +
             ir::getTorchName(*dtype));
      if (std::optional<Shape> size = ctx.getOptionalIntList("size");
          size && llvm::ArrayRef<int64_t>(*size) != t->getShape())
        fail("the tensor has shape " + shapeString(t->getShape()) + ", asserted " +
             shapeString(*size));
      return;
    }
    unsupported(op);
  }

  /// The operands whose `arg_names` entry is one of `names`, in order.
  static llvm::SmallVector<const Tensor *, 4>
  operandsNamed(const Operation &op, llvm::ArrayRef<const Tensor *> operands,
                std::initializer_list<llvm::StringRef> names) {
    llvm::SmallVector<const Tensor *, 4> out;
    const ir::Attribute *argNames = op.getAttr("arg_names");
    if (!argNames || argNames->getKind() != ir::Attribute::Kind::StringList)
      return out;
    for (auto [i, n] : llvm::enumerate(argNames->getStringList()))
      if (i < operands.size() && llvm::is_contained(names, n))
        out.push_back(operands[i]);
    return out;
  }

  static std::optional<bool> truth(const Tensor *t) {
    if (!t || t->getNumElements() != 1)
      return std::nullopt;
    return t->getDouble(0) != 0;
  }

  /// Runs region `r` of `op` on `args`; nullopt (and the op counted as
  /// unsupported) when the region cannot give all its outputs.
  std::optional<Outputs> runRegion(const Operation &op, unsigned r,
                                   llvm::ArrayRef<const Tensor *> args) {
    const ir::Region &region = op.getRegion(r);
    if (region.getNumBlocks() != 1) {
      unsupported(op, "a region of several blocks");
      return std::nullopt;
    }
    Outputs bound;
    for (const Tensor *t : args)
      bound.push_back(t ? std::optional<Tensor>(*t) : std::nullopt);
    std::optional<Outputs> out = runBlock(region.front(), bound);
    if (!out) {
      unsupported(op, "a region without terminator or with other arguments");
      return std::nullopt;
    }
    // An output lost inside the region was counted where it was lost.
    for (auto [v, t] : llvm::zip(region.front().getTerminator()->getOperands(), *out))
      if (!t && carriesData(v))
        return std::nullopt;
    return out;
  }

  void finish(const Operation &op, Outputs outputs) {
    if (outputs.size() != op.getNumResults())
      return unsupported(op, "its regions return another number of values");
    llvm::SmallVector<Tensor, 4> results;
    for (auto [i, t] : llvm::enumerate(outputs)) {
      if (!t) {
        if (carriesData(op.getResult(unsigned(i))))
          return;
        results.push_back(Tensor());
        continue;
      }
      results.push_back(std::move(*t));
    }
    llvm::SmallVector<const Tensor *, 2> observed;
    for (auto [i, t] : llvm::enumerate(results)) {
      if (!carriesData(op.getResult(unsigned(i)))) {
        observed.push_back(nullptr);
        continue;
      }
      checkResult(op, unsigned(i), t);
      observed.push_back(&(values[op.getResult(unsigned(i))] = std::move(t)));
    }
    if (options.observe)
      options.observe(op, observed);
  }

  void executeRegionOp(const Operation &op, llvm::ArrayRef<const Tensor *> operands) {
    llvm::StringRef name = op.getName().getStringRef();
    if (name == "higher_order.cond" || name == "onnx.If") {
      std::optional<bool> pred = truth(operands.empty() ? nullptr : operands[0]);
      if (!pred || op.getNumRegions() != 2)
        return unsupported(op);
      llvm::SmallVector<const Tensor *, 4> args;
      if (name == "higher_order.cond")
        args = operandsNamed(op, operands, {"operands"});
      if (std::optional<Outputs> out = runRegion(op, *pred ? 0 : 1, args))
        finish(op, std::move(*out));
      return;
    }
    if (name == "higher_order.while_loop")
      return whileLoop(op, operands);
    if (name == "higher_order.scan" || name == "higher_order.map_impl")
      return atenScan(op, operands);
    if (name == "onnx.Loop")
      return onnxLoop(op, operands);
    if (name == "onnx.Scan")
      return onnxScan(op, operands);
    if (name == "higher_order.wrap_with_set_grad_enabled" ||
        name == "higher_order.wrap_with_autocast" || name == "higher_order.invoke_subgraph") {
      if (op.getNumRegions() != 1)
        return unsupported(op);
      if (std::optional<Outputs> out = runRegion(op, 0, operands))
        finish(op, std::move(*out));
      return;
    }
    unsupported(op);
  }

  // higher_order.while_loop(carried_inputs, additional_inputs) {cond_fn, body_fn}
  void whileLoop(const Operation &op, llvm::ArrayRef<const Tensor *> operands) {
    llvm::SmallVector<const Tensor *, 4> carried = operandsNamed(op, operands, {"carried_inputs"});
    llvm::SmallVector<const Tensor *, 4> extra = operandsNamed(op, operands, {"additional_inputs"});
    if (op.getNumRegions() != 2)
      return unsupported(op);
    Outputs state;
    for (const Tensor *t : carried)
      state.push_back(*t);
    auto argsOf = [&](const Outputs &s) {
      llvm::SmallVector<const Tensor *, 4> args;
      for (const std::optional<Tensor> &t : s)
        args.push_back(&*t);
      args.append(extra.begin(), extra.end());
      return args;
    };
    while (true) {
      std::optional<Outputs> cond = runRegion(op, 0, argsOf(state));
      if (!cond)
        return;
      std::optional<bool> go = cond->size() == 1 && (*cond)[0] ? truth(&*(*cond)[0]) : std::nullopt;
      if (!go)
        return unsupported(op, "cond_fn does not give one boolean");
      if (!*go)
        break;
      std::optional<Outputs> next = runRegion(op, 1, argsOf(state));
      if (!next)
        return;
      if (next->size() != state.size())
        return unsupported(op, "body_fn returns another number of values");
      state = std::move(*next);
    }
    finish(op, std::move(state));
  }

  /// Runs `iterations` steps of a scan body: arguments are the state, then
  /// slice k of each scanned input, then `extra`; the body returns the next
  /// state then one slice per scanned output. The outputs are the final
  /// state then the slices stacked along `outputAxes` (reversed where
  /// `outputReversed`).
  void scanLoop(const Operation &op, unsigned region, Outputs state,
                llvm::ArrayRef<const Tensor *> xs, llvm::ArrayRef<int64_t> inputAxes,
                llvm::ArrayRef<bool> inputReversed, llvm::ArrayRef<const Tensor *> extra,
                int64_t iterations, llvm::ArrayRef<int64_t> outputAxes,
                llvm::ArrayRef<bool> outputReversed) {
    size_t numState = state.size();
    std::vector<std::vector<Tensor>> slices;
    for (int64_t k = 0; k != iterations; ++k) {
      llvm::SmallVector<Tensor, 4> xsSlices;
      for (auto [x, t] : llvm::enumerate(xs)) {
        int64_t axis = inputAxes[x];
        int64_t at = inputReversed[x] ? t->getShape()[axis] - 1 - k : k;
        xsSlices.push_back(sliceAt(*t, axis, at));
      }
      llvm::SmallVector<const Tensor *, 8> args;
      for (const std::optional<Tensor> &s : state)
        args.push_back(&*s);
      for (const Tensor &s : xsSlices)
        args.push_back(&s);
      args.append(extra.begin(), extra.end());
      std::optional<Outputs> out = runRegion(op, region, args);
      if (!out)
        return;
      if (out->size() < numState || out->size() - numState != outputAxes.size())
        return unsupported(op, "the body returns another number of values");
      for (size_t i = 0; i != numState; ++i)
        state[i] = std::move((*out)[i]);
      slices.resize(outputAxes.size());
      for (size_t i = numState; i != out->size(); ++i)
        slices[i - numState].push_back(std::move(*(*out)[i]));
    }
    Outputs results = std::move(state);
    for (auto [i, axis] : llvm::enumerate(outputAxes)) {
      if (iterations == 0) {
        // No slice gives the element shape: the result type must.
        const ir::Type &type = op.getResult(unsigned(numState + i))->getType();
        if (!type.isTensor() || !type.isRanked())
          return unsupported(op, "no iteration and an output of unknown shape");
        Shape shape;
        for (auto [d, dim] : llvm::enumerate(type.getShape())) {
          if (int64_t(d) == axis)
            shape.push_back(0);
          else if (dim.isStatic())
            shape.push_back(dim.getSize());
          else
            return unsupported(op, "no iteration and an output of unknown shape");
        }
        results.push_back(Tensor::create(type.getDType(), shape));
        continue;
      }
      std::vector<Tensor> &parts = slices[i];
      if (outputReversed[i])
        std::reverse(parts.begin(), parts.end());
      const Tensor &first = parts.front();
      if (llvm::any_of(parts, [&](const Tensor &p) {
            return p.getShape() != first.getShape() || p.getDType() != first.getDType();
          }))
        return unsupported(op, "scanned outputs of different shapes");
      if (axis < 0 || axis > int64_t(first.getRank()))
        return unsupported(op, "an output axis out of range");
      results.push_back(stackAt(parts, axis));
    }
    finish(op, std::move(results));
  }

  // higher_order.scan(init, xs, additional_inputs) {combine_fn}
  // higher_order.map_impl(xs, pos_args) {f}
  void atenScan(const Operation &op, llvm::ArrayRef<const Tensor *> operands) {
    bool isMap = op.isa("higher_order.map_impl");
    llvm::SmallVector<const Tensor *, 4> init, xs, extra;
    if (!isMap)
      init = operandsNamed(op, operands, {"init"});
    xs = operandsNamed(op, operands, {"xs"});
    extra = operandsNamed(op, operands, {isMap ? "pos_args" : "additional_inputs"});
    if (op.getNumRegions() != 1 || xs.empty() || llvm::any_of(xs, [&](const Tensor *t) {
          return t->getRank() == 0 || t->getShape()[0] != xs.front()->getShape()[0];
        }))
      return unsupported(op);
    Outputs state;
    for (const Tensor *t : init)
      state.push_back(*t);
    size_t numOutputs = op.getNumResults() - init.size();
    llvm::SmallVector<int64_t, 4> inputAxes(xs.size(), 0), outputAxes(numOutputs, 0);
    llvm::SmallVector<bool, 4> inputReversed(xs.size(), false), outputReversed(numOutputs, false);
    scanLoop(op, 0, std::move(state), xs, inputAxes, inputReversed, extra,
             xs.front()->getShape()[0], outputAxes, outputReversed);
  }

  // onnx.Scan(state..., scan_inputs...) {body}
  void onnxScan(const Operation &op, llvm::ArrayRef<const Tensor *> operands) {
    EvalContext ctx(op, operands, kNoLimit);
    int64_t numScan = ctx.getInt("num_scan_inputs", 0);
    int64_t numState = int64_t(operands.size()) - numScan;
    int64_t numOutputs = int64_t(op.getNumResults()) - numState;
    if (op.getNumRegions() != 1 || numScan <= 0 || numState < 0 || numOutputs < 0)
      return unsupported(op);
    Shape inputAxes = ctx.getIntList("scan_input_axes", Shape(numScan, 0));
    Shape inputDirections = ctx.getIntList("scan_input_directions", Shape(numScan, 0));
    Shape outputAxes = ctx.getIntList("scan_output_axes", Shape(numOutputs, 0));
    Shape outputDirections = ctx.getIntList("scan_output_directions", Shape(numOutputs, 0));
    if (ctx.hasFailed() || int64_t(inputAxes.size()) != numScan ||
        int64_t(inputDirections.size()) != numScan || int64_t(outputAxes.size()) != numOutputs ||
        int64_t(outputDirections.size()) != numOutputs)
      return unsupported(op, "malformed scan attributes");
    llvm::ArrayRef<const Tensor *> xs = operands.drop_front(numState);
    int64_t iterations = -1;
    for (auto [i, t] : llvm::enumerate(xs)) {
      int64_t rank = int64_t(t->getRank());
      int64_t axis = inputAxes[i] < 0 ? inputAxes[i] + rank : inputAxes[i];
      if (axis < 0 || axis >= rank)
        return unsupported(op, "a scan axis out of range");
      inputAxes[i] = axis;
      if (iterations >= 0 && t->getShape()[axis] != iterations)
        return unsupported(op, "scanned inputs of different lengths");
      iterations = t->getShape()[axis];
    }
    for (int64_t i = 0; i != numOutputs; ++i) {
      const ir::Type &type = op.getResult(unsigned(numState + i))->getType();
      if (outputAxes[i] < 0 && type.isTensor() && type.isRanked())
        outputAxes[i] += int64_t(type.getRank());
    }
    Outputs state;
    for (const Tensor *t : operands.take_front(numState))
      state.push_back(*t);
    llvm::SmallVector<bool, 4> inputReversed, outputReversed;
    for (int64_t d : inputDirections)
      inputReversed.push_back(d != 0);
    for (int64_t d : outputDirections)
      outputReversed.push_back(d != 0);
    scanLoop(op, 0, std::move(state), xs, inputAxes, inputReversed, {}, iterations, outputAxes,
             outputReversed);
  }

  // onnx.Loop(M, cond, v_initial...) {body(i, cond, v...) -> (cond, v..., scan...)}
  void onnxLoop(const Operation &op, llvm::ArrayRef<const Tensor *> operands) {
    if (op.getNumRegions() != 1 || operands.size() < 2)
      return unsupported(op);
    std::optional<int64_t> tripCount;
    if (operands[0]) {
      if (operands[0]->getNumElements() != 1)
        return unsupported(op);
      tripCount = operands[0]->getInt(0);
    }
    std::optional<bool> cond = true;
    if (operands[1])
      cond = truth(operands[1]);
    if (!cond)
      return unsupported(op);
    size_t numState = operands.size() - 2;
    if (op.getNumResults() < numState)
      return unsupported(op);
    size_t numScan = op.getNumResults() - numState;
    Outputs state;
    for (const Tensor *t : operands.drop_front(2))
      state.push_back(*t);
    std::vector<std::vector<Tensor>> slices(numScan);
    int64_t k = 0;
    for (; *cond && (!tripCount || k < *tripCount); ++k) {
      Tensor iteration = Tensor::scalarInt(DType::Int64, k);
      Tensor condition = Tensor::scalarInt(DType::Bool, 1);
      llvm::SmallVector<const Tensor *, 8> args{&iteration, &condition};
      for (const std::optional<Tensor> &s : state)
        args.push_back(&*s);
      std::optional<Outputs> out = runRegion(op, 0, args);
      if (!out)
        return;
      if (out->size() != 1 + numState + numScan)
        return unsupported(op, "the body returns another number of values");
      cond = truth(&*(*out)[0]);
      if (!cond)
        return unsupported(op, "the body's condition is not one boolean");
      for (size_t i = 0; i != numState; ++i)
        state[i] = std::move((*out)[1 + i]);
      for (size_t i = 0; i != numScan; ++i)
        slices[i].push_back(std::move(*(*out)[1 + numState + i]));
    }
    Outputs results = std::move(state);
    for (size_t i = 0; i != numScan; ++i) {
      if (slices[i].empty())
        return unsupported(op, "no iteration and a scan output");
      results.push_back(stackAt(slices[i], 0));
    }
    finish(op, std::move(results));
  }

  const ir::Module &module;
  const InterpreterOptions &options;
  Evaluation &result;
  // Node-based: an op's operands point at its values while its regions
  // run and add theirs, which must not move them (a DenseMap would).
  std::unordered_map<const Value *, Tensor> values;
  /// The values that depend on what a random op drew.
  llvm::DenseSet<const Value *> drawn;
  /// Whether each operand of the last return or yield run was in `drawn`.
  std::vector<bool> returnedRandom;
  /// The values with elements no runtime defines (a float cast to an integer
  /// type it does not fit), as bool masks of their shapes. Element-wise ops
  /// carry them to their results, `where` may drop them; any other op that
  /// reads one, and a block that returns one, cannot run.
  llvm::DenseMap<const Value *, Tensor> undefined;
  llvm::DenseMap<const ir::Block *, FreeLists> freeLists;
  llvm::DenseMap<ir::SymExpr, int64_t> symbols;
};

} // namespace

std::optional<Tensor> readConstant(const ir::Module &module, const Operation &op) {
  const ir::Attribute *value = op.getAttr("value");
  if (!value || op.getNumResults() != 1)
    return std::nullopt;
  const ir::Type &type = op.getResult(0)->getType();
  switch (value->getKind()) {
  case ir::Attribute::Kind::Dense: {
    const ir::DenseElements &d = value->getDense();
    if (d.bytes.size() != size_t(d.getNumElements()) * ir::getDTypeSize(d.dtype))
      return std::nullopt;
    return Tensor::fromDense(d);
  }
  case ir::Attribute::Kind::WeightRef: {
    const ir::WeightData *w = module.lookupWeight(value->getString());
    if (!w || !w->hasData() || w->bytes.size() != w->numBytes())
      return std::nullopt;
    return Tensor::view(w->dtype, w->shape, w->bytes, w->keepAlive);
  }
  case ir::Attribute::Kind::Int:
    if (type.getKind() == ir::Type::Kind::SymInt)
      return Tensor::scalarInt(DType::Int64, value->getInt());
    return std::nullopt;
  case ir::Attribute::Kind::Bool:
    if (type.getKind() == ir::Type::Kind::SymBool)
      return Tensor::scalarInt(DType::Bool, value->getBool());
    return std::nullopt;
  case ir::Attribute::Kind::Float:
    if (type.getKind() == ir::Type::Kind::SymFloat)
      return Tensor::scalarDouble(DType::Float64, value->getFloat());
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

bool isRandomOp(const Operation &op) {
  llvm::StringRef name = op.getName().getStringRef();
  if (op.getDialect() == "onnx") {
    llvm::StringRef type = name.drop_front(5);
    if (type == "Dropout")
      return op.getNumOperands() > 2 && !op.getOperand(2)->getType().isNone();
    return type.startswith("Random") || type == "Multinomial" || type == "Bernoulli";
  }
  if (op.getDialect() != "aten")
    return false;
  const schema::OpSchema *opSchema = schema::lookupOp(name);
  if (!opSchema || !opSchema->hasTag(schema::OpTag::nondeterministic_seeded))
    return false;
  // Ops tagged for a dropout draw nothing when it is off: dropout not
  // training, attention with dropout_p = 0, an RNN with dropout = 0 or not
  // training.
  for (llvm::StringRef key : {"train", "training"})
    if (const ir::Attribute *train = op.getAttr(key);
        train && train->getKind() == ir::Attribute::Kind::Bool && !train->getBool())
      return false;
  for (llvm::StringRef key : {"dropout_p", "dropout"})
    if (const ir::Attribute *p = op.getAttr(key)) {
      if (p->getKind() == ir::Attribute::Kind::Float && p->getFloat() == 0)
        return false;
      if (p->getKind() == ir::Attribute::Kind::Int && p->getInt() == 0)
        return false;
    }
  return true;
}

llvm::Error checkInputs(const Operation &graph, llvm::ArrayRef<Tensor> inputs) {
  const ir::Block &body = ir::Module::getGraphBody(const_cast<Operation *>(&graph));
  if (inputs.size() != body.getNumArguments())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the program takes " + llvm::Twine(body.getNumArguments()) +
                                       " inputs, " + llvm::Twine(inputs.size()) + " were given");
  for (size_t i = 0; i != inputs.size(); ++i) {
    const ir::BlockArgument *arg = body.getArgument(unsigned(i));
    const Tensor &t = inputs[i];
    const ir::Type &type = arg->getType();
    auto error = [&](const llvm::Twine &why) {
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "input " + llvm::Twine(i) + " ('" + arg->getName() +
                                         "'): " + why);
    };
    std::optional<DType> dtype = dataDType(type);
    if (!dtype)
      return error("the program's input is " + type.str() + ", which has no value");
    if (t.getDType() != *dtype)
      return error("given " + ir::getTorchName(t.getDType()) + ", the program takes " +
                   ir::getTorchName(*dtype));
    if (type.isScalar()) {
      if (t.getNumElements() != 1)
        return error("given shape " + shapeString(t.getShape()) + ", the program takes a number");
      continue;
    }
    if (!type.isRanked())
      continue;
    bool fits = type.getRank() == t.getRank();
    for (size_t d = 0; fits && d != t.getRank(); ++d)
      fits = !type.getShape()[d].isStatic() || type.getShape()[d].getSize() == t.getShape()[d];
    if (!fits)
      return error("given shape " + shapeString(t.getShape()) + ", the program takes " +
                   type.str());
  }
  return llvm::Error::success();
}

Evaluation interpret(const ir::Module &module, llvm::ArrayRef<Tensor> inputs,
                     const InterpreterOptions &options) {
  Evaluation result;
  const Operation *graph = module.lookupGraph("main");
  if (!graph) {
    result.errors.push_back("the module has no graph 'main'");
    return result;
  }
  Interpreter(module, options, result).run(*graph, inputs);
  return result;
}

} // namespace pt2onnx::passes::eval
