//===- Functionalize.cpp - In-place ATen ops to their functional forms ----===//
//
// Rewrites every in-place ATen op (`aten.add_.Tensor`, `aten.relu_.default`,
// `aten.fill_.Scalar`, `aten.index_put_.default`, ...) into its functional
// overload with the same operands and attributes, and makes every later use
// of the tensor it updated (in program order, uses in the regions of later
// ops included) see the new value. The functional name follows from the
// in-place one (`aten.X_.O` -> `aten.X.O`, `aten.__iand__.O` ->
// `aten.__and__.O`) but for the overloads torch names differently
// (`bernoulli_.float` -> `bernoulli.p`, `normal_` -> `normal_functional`);
// whether a lowering exists for it is lower-aten's business.
//
// Views alias their base. When the updated tensor is a chain of views of a
// base, the update is written back through each view after the op:
//   slice.Tensor            aten.slice_scatter.default
//   select.int              aten.select_scatter.default
//   transpose.int, t        the same transpose
//   permute                 the inverse permutation
//   unsqueeze               squeeze.dim
//   view, _unsafe_view,     aten.view.default to the base's shape (sym_size
//   squeeze, unflatten,       of its dynamic dims)
//   view_as
//   alias, detach,          the updated value itself
//   lift_fresh
// and later uses of each base see its rebuilt value. Other views of an
// updated tensor, made before the op and used after it, are made again from
// the rebuilt value. A view without an exact inverse (expand, as_strided,
// diagonal, split, reshape and contiguous, which copy or alias depending on
// strides the program does not record, ...) is refused when the tensor it
// views is used after the update; otherwise the update stays local to it.
//
// An in-place op inside a region (a `cond` branch, a loop body) may update
// only values of its own region: an update of a captured value or of a
// region argument would have to leave the region, and is refused. Updates of
// graph inputs become later uses of the new value; the mutations torch.export
// itself functionalized (buffer and user-input mutations listed as graph
// outputs) are functional ops already and stay as they are.
//
//===----------------------------------------------------------------------===//

#include "ir/pass/Pass.h"
#include "passes/Passes.h"

#include "ir/Builder.h"
#include "ir/Verifier.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"

#include <optional>

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::Operation;
using ir::Value;

/// `aten.<op>.<overload>` split into its op and overload names.
std::pair<llvm::StringRef, llvm::StringRef> splitAtenName(llvm::StringRef name) {
  return name.drop_front(5).split('.');
}

/// The functional overload of an in-place ATen overload, or nullopt when
/// `name` is not in-place.
std::optional<std::string> getFunctionalName(llvm::StringRef name) {
  if (!name.startswith("aten."))
    return std::nullopt;
  auto [op, overload] = splitAtenName(name);
  // Torch's in-place overloads whose functional twin is named otherwise.
  std::optional<llvm::StringRef> renamed =
      llvm::StringSwitch<std::optional<llvm::StringRef>>(name)
          .Case("aten.bernoulli_.float", llvm::StringRef("aten.bernoulli.p"))
          .Case("aten.normal_.default", llvm::StringRef("aten.normal_functional.default"))
          .Default(std::nullopt);
  if (renamed)
    return renamed->str();
  // The Python operator forms: __iand__ -> __and__.
  if (op.startswith("__i") && op.endswith("__") && op.size() > 5)
    return ("aten.__" + op.drop_front(3) + "." + overload).str();
  if (!op.endswith("_") || op.endswith("__") || op.size() < 2)
    return std::nullopt;
  return ("aten." + op.drop_back() + "." + overload).str();
}

/// The first argument of in-place dropouts is `self`, of the functional
/// ones `input`.
llvm::StringRef getFunctionalFirstArgName(llvm::StringRef functionalName) {
  auto [op, overload] = splitAtenName(functionalName);
  return llvm::StringSwitch<llvm::StringRef>(op)
      .Cases("dropout", "alpha_dropout", "feature_dropout", "feature_alpha_dropout", "input")
      .Default("self");
}

enum class ViewKind {
  NotAView,
  Slice,     // slice_scatter
  Select,    // select_scatter
  Transpose, // itself
  Permute,   // the inverse permutation
  Unsqueeze, // squeeze.dim
  Reshape,   // view to the base's shape
  Identity,  // the updated value
  NoInverse, // aliases its base, but has no exact inverse here
};

ViewKind classifyView(const Operation &op) {
  llvm::StringRef name = op.getName().getStringRef();
  if (!name.startswith("aten.") || op.getNumOperands() == 0)
    return ViewKind::NotAView;
  auto [base, overload] = splitAtenName(name);
  if (name == "aten.slice.Tensor")
    return ViewKind::Slice;
  if (name == "aten.select.int")
    return ViewKind::Select;
  return llvm::StringSwitch<ViewKind>(base)
      .Cases("transpose", "t", ViewKind::Transpose)
      .Case("permute", ViewKind::Permute)
      .Case("unsqueeze", ViewKind::Unsqueeze)
      .Cases("view", "_unsafe_view", "squeeze", "unflatten", "view_as", ViewKind::Reshape)
      .Cases("alias", "detach", "lift_fresh", ViewKind::Identity)
      .Cases("slice", "select", "expand", "expand_as", "as_strided", "diagonal", "narrow",
             ViewKind::NoInverse)
      .Cases("split", "split_with_sizes", "chunk", "unbind", "unfold", "movedim", "swapaxes",
             ViewKind::NoInverse)
      .Cases("swapdims", "mT", "mH", "real", "imag", "view_as_real", "view_as_complex",
             ViewKind::NoInverse)
      .Cases("reshape", "flatten", "contiguous", ViewKind::NoInverse)
      .Default(ViewKind::NotAView);
}

/// The op of `block` that is or contains `op`, or null.
Operation *ancestorIn(ir::Block *block, Operation *op) {
  while (op && op->getBlock() != block)
    op = op->getParentOp();
  return op;
}

/// The operand named `arg` (by `arg_names`), or null.
Value *getArgument(const Operation &op, llvm::StringRef arg) {
  const Attribute *names = op.getAttr("arg_names");
  if (!names || names->getKind() != Attribute::Kind::StringList)
    return nullptr;
  for (auto [i, name] : llvm::enumerate(names->getStringList()))
    if (name == arg && i < op.getNumOperands())
      return op.getOperand(unsigned(i));
  return nullptr;
}

bool isNoneValue(const Value *v) { return v->getType().isNone(); }

/// Batch-norm overloads that, in training mode, update the running
/// statistics they are given in place.
bool isTrainingBatchNorm(const Operation &op) {
  if (!op.isa("aten.batch_norm.default") && !op.isa("aten._native_batch_norm_legit.default") &&
      !op.isa("aten.native_batch_norm.default"))
    return false;
  const Attribute *training = op.getAttr("training");
  if (!training || training->getKind() != Attribute::Kind::Bool || !training->getBool())
    return false;
  Value *mean = getArgument(op, "running_mean"), *var = getArgument(op, "running_var");
  return mean && var && !isNoneValue(mean) && !isNoneValue(var);
}

class Functionalizer {
public:
  explicit Functionalizer(ir::Module &module) : module(module), builder(module) {}

  llvm::Expected<bool> run() {
    for (Operation &graph : module.getBody())
      if (graph.isa(ir::builtin::kGraph)) {
        collectState(graph);
        if (llvm::Error err = runOnRegions(graph))
          return err;
        returnUpdatedState(graph);
      }
    return changed;
  }

private:
  /// One value of the program's state (a buffer, a parameter, a user
  /// input) and the output kind of its update.
  struct State {
    std::string kind;
    std::string target;
  };

  /// Finds the graph's buffers, parameters and user inputs, from the torch
  /// signature attributes of the graph (none without them).
  void collectState(Operation &graph) {
    state.clear();
    stateOf.clear();
    latest.clear();
    const Attribute *kinds = graph.getAttr("torch.input_kinds");
    const Attribute *names = graph.getAttr("torch.input_names");
    const Attribute *targets = graph.getAttr("torch.input_targets");
    if (!kinds || !names || !targets || kinds->getKind() != Attribute::Kind::StringList ||
        names->getKind() != Attribute::Kind::StringList ||
        targets->getKind() != Attribute::Kind::StringList ||
        names->getStringList().size() != kinds->getStringList().size() ||
        targets->getStringList().size() != kinds->getStringList().size())
      return;
    llvm::StringMap<State> byWeight, byInput;
    for (auto [kind, name, target] :
         llvm::zip(kinds->getStringList(), names->getStringList(), targets->getStringList())) {
      if (kind == "buffer")
        byWeight[target] = {"buffer_mutation", target};
      else if (kind == "parameter")
        byWeight[target] = {"parameter_mutation", target};
      else if (kind == "user_input")
        byInput[name] = {"user_input_mutation", name};
    }
    ir::Block &body = ir::Module::getGraphBody(&graph);
    for (const std::unique_ptr<ir::BlockArgument> &arg : body.getArguments())
      if (auto it = byInput.find(arg->getName()); it != byInput.end())
        state.insert({arg.get(), it->second});
    for (Operation &op : body) {
      const Attribute *value = op.getAttr("value");
      if (op.isa(ir::builtin::kConstant) && value && value->getKind() == Attribute::Kind::WeightRef)
        if (auto it = byWeight.find(value->getString()); it != byWeight.end())
          state.insert({op.getResult(0), it->second});
    }
  }

  /// Adds the final value of each updated piece of state to the graph's
  /// outputs, after the program's own, as torch's functionalization does.
  void returnUpdatedState(Operation &graph) {
    if (latest.empty())
      return;
    Operation *ret = ir::Module::getGraphBody(&graph).getTerminator();
    std::vector<std::string> kinds = getStrings(graph, "torch.output_kinds");
    std::vector<std::string> names = getStrings(graph, "torch.output_names");
    std::vector<std::string> targets = getStrings(graph, "torch.output_targets");
    for (auto [original, final] : latest) {
      const State &s = state.find(original)->second;
      ret->insertOperand(ret->getNumOperands(), final);
      kinds.push_back(s.kind);
      names.push_back(final->getName().str());
      targets.push_back(s.target);
    }
    graph.setAttr("torch.output_kinds", Attribute::stringList(kinds));
    graph.setAttr("torch.output_names", Attribute::stringList(names));
    graph.setAttr("torch.output_targets", Attribute::stringList(targets));
  }

  static std::vector<std::string> getStrings(const Operation &op, llvm::StringRef name) {
    const Attribute *a = op.getAttr(name);
    if (!a || a->getKind() != Attribute::Kind::StringList)
      return {};
    return a->getStringList().vec();
  }

  llvm::Error runOnRegions(Operation &op) {
    for (unsigned r = 0, e = op.getNumRegions(); r != e; ++r)
      for (const std::unique_ptr<ir::Block> &block : op.getRegion(r).getBlocks())
        for (Operation &nested : llvm::make_early_inc_range(*block)) {
          if (llvm::Error err = runOnRegions(nested))
            return err;
          llvm::Error err = llvm::Error::success();
          if (std::optional<std::string> functional =
                  getFunctionalName(nested.getName().getStringRef()))
            err = functionalizeInPlace(nested, *functional);
          else if (isTrainingBatchNorm(nested))
            err = functionalizeBatchNorm(nested);
          if (err)
            return err;
        }
    return llvm::Error::success();
  }

  llvm::Error fail(const Operation &op, const llvm::Twine &reason) {
    return pass::makeProgramError(op, "functionalize: " + reason);
  }

  /// True when `op` (in `point`'s block) comes after `point`.
  static bool isAfter(Operation *point, Operation *user) {
    user = ancestorIn(point->getBlock(), user);
    return user && user != point && point->isBeforeInBlock(user);
  }

  /// True when the contents of `v` can be observed after `point`: it, or a
  /// view of it made before `point` (other than `through`), has a use after
  /// `point`.
  static bool isObservedAfter(Value *v, Operation *point, Operation *through = nullptr) {
    for (ir::OpOperand &use : v->getUses()) {
      Operation *user = use.getOwner();
      if (isAfter(point, user))
        return true;
      if (user != through && user->getBlock() == point->getBlock() &&
          user->isBeforeInBlock(point) && use.getOperandNumber() == 0 &&
          classifyView(*user) != ViewKind::NotAView)
        for (const ir::OpResult &r : user->getResults())
          if (isObservedAfter(const_cast<ir::OpResult *>(&r), point))
            return true;
    }
    return false;
  }

  /// The views `v` is made of, innermost first, within `op`'s block, and the
  /// first value that is not such a view (the root). Refuses updates that
  /// would have to leave `op`'s region, and updates through a view without
  /// an inverse whose base is seen after `op`.
  llvm::Error traceViews(Operation &op, Value *v, llvm::SmallVectorImpl<Operation *> &chain,
                         size_t &invertible) {
    ir::Block *block = op.getBlock();
    Value *root = v;
    while (Operation *def = root->getDefiningOp()) {
      if (def->getBlock() != block || classifyView(*def) == ViewKind::NotAView)
        break;
      chain.push_back(def);
      root = def->getOperand(0);
    }
    if (root->getParentBlock() != block)
      return fail(op, "an in-place update of a value from outside the op's region ('%" +
                          root->getName() + "') is not supported");
    if (!root->getDefiningOp() && !block->getParentOp()->isa(ir::builtin::kGraph))
      return fail(op, "an in-place update of a region argument ('%" + root->getName() +
                          "') is not supported");
    invertible = 0;
    while (invertible < chain.size() && classifyView(*chain[invertible]) != ViewKind::NoInverse)
      ++invertible;
    if (invertible < chain.size() &&
        isObservedAfter(chain[invertible]->getOperand(0), &op, chain[invertible]))
      return fail(op, "an in-place update through the view '" +
                          chain[invertible]->getName().getStringRef() +
                          "', whose base is used afterwards, is not supported (the view has no "
                          "exact inverse to write the update back with)");
    return llvm::Error::success();
  }

  llvm::Error functionalizeInPlace(Operation &op, llvm::StringRef functionalName) {
    if (op.getNumOperands() == 0 || !op.getOperand(0)->getType().isTensor())
      return fail(op, "an in-place op whose first operand is not a tensor is not supported");
    if (op.getNumResults() != 1)
      return fail(op, "an in-place op with " + llvm::Twine(op.getNumResults()) +
                          " results is not supported");
    const Attribute *argNames = op.getAttr("arg_names");
    if (argNames && argNames->getKind() == Attribute::Kind::StringList &&
        !argNames->getStringList().empty() &&
        llvm::count(argNames->getStringList(), argNames->getStringList().front()) > 1)
      return fail(op, "an in-place update of a tensor list is not supported");
    llvm::SmallVector<Operation *, 4> chain;
    size_t invertible;
    if (llvm::Error err = traceViews(op, op.getOperand(0), chain, invertible))
      return err;

    std::vector<ir::NamedAttribute> attrs(op.getAttrs().begin(), op.getAttrs().end());
    llvm::StringRef firstArg = getFunctionalFirstArgName(functionalName);
    for (ir::NamedAttribute &a : attrs)
      if (a.name == "arg_names" && a.value.getKind() == Attribute::Kind::StringList &&
          !a.value.getStringList().empty() && a.value.getStringList().front() != firstArg) {
        std::vector<std::string> names = a.value.getStringList().vec();
        names.front() = firstArg.str();
        a.value = Attribute::stringList(names);
      }
    Value *self = op.getOperand(0);
    Operation *functional = replaceWith(op, functionalName, {op.getResult(0)->getType()}, attrs);
    return update(functional, self, functional->getResult(0), chain, invertible);
  }

  /// Training-mode batch norm updates its running statistics:
  /// `aten._native_batch_norm_legit_functional.default` returns them as
  /// results 3 and 4, after (out, save_mean, save_invstd).
  llvm::Error functionalizeBatchNorm(Operation &op) {
    Value *mean = getArgument(op, "running_mean"), *var = getArgument(op, "running_var");
    llvm::SmallVector<Operation *, 4> meanChain, varChain;
    size_t meanInvertible, varInvertible;
    if (llvm::Error err = traceViews(op, mean, meanChain, meanInvertible))
      return err;
    if (llvm::Error err = traceViews(op, var, varChain, varInvertible))
      return err;
    const ir::Type &outType = op.getResult(0)->getType();
    ir::Type statType = mean->getType();
    llvm::SmallVector<ir::Type, 5> types{outType, statType, statType, mean->getType(),
                                         var->getType()};
    std::vector<ir::NamedAttribute> attrs;
    for (const ir::NamedAttribute &a : op.getAttrs())
      if (a.name != "cudnn_enabled")
        attrs.push_back(a);
    unsigned numResults = op.getNumResults();
    Operation *functional = replaceWith(op, "aten._native_batch_norm_legit_functional.default",
                                        types, attrs, numResults);
    functional->getResult(3)->setName(
        (functional->getResult(0)->getName() + "_running_mean").str());
    functional->getResult(4)->setName((functional->getResult(0)->getName() + "_running_var").str());
    if (llvm::Error err =
            update(functional, mean, functional->getResult(3), meanChain, meanInvertible))
      return err;
    return update(functional, var, functional->getResult(4), varChain, varInvertible);
  }

  /// Creates `name` with op's operands in place of `op`, whose first
  /// `numReplaced` results it replaces (all of them by default).
  Operation *replaceWith(Operation &op, llvm::StringRef name, llvm::ArrayRef<ir::Type> types,
                         llvm::ArrayRef<ir::NamedAttribute> attrs, unsigned numReplaced = ~0u) {
    builder.setInsertionPoint(&op);
    builder.setProvenanceFrom(&op);
    Operation *functional = builder.create(name, op.getOperands(), types, attrs);
    llvm::SmallVector<Value *, 5> replacementsOfResults;
    for (unsigned i = 0; i < op.getNumResults() && i < numReplaced; ++i) {
      functional->getResult(i)->setName(op.getResult(i)->getName());
      replacementsOfResults.push_back(functional->getResult(i));
    }
    builder.replaceOp(&op, replacementsOfResults);
    builder.setInsertionPointAfter(functional);
    created.clear();
    changed = true;
    return functional;
  }

  /// `old` is `updated` after `point`: rebuild the bases of the views it is
  /// made of, remake the other views of those seen after `point`, and point
  /// the later uses of all of them at the new values.
  llvm::Error update(Operation *point, Value *old, Value *updated,
                     llvm::ArrayRef<Operation *> chain, size_t invertible) {
    replacements.clear();
    replacements.push_back({old, updated});
    for (size_t i = 0; i < invertible; ++i) {
      Value *base = chain[i]->getOperand(0);
      llvm::Expected<Value *> rebuilt = writeBack(*chain[i], base, updated);
      if (!rebuilt)
        return rebuilt.takeError();
      updated = *rebuilt;
      replacements.push_back({base, updated});
    }
    if (invertible == chain.size())
      recordStateUpdate(replacements.back().first, replacements.back().second);

    llvm::SmallPtrSet<Operation *, 4> onChain(chain.begin(), chain.begin() + invertible);
    for (size_t i = replacements.size(); i-- > 0;)
      remakeViews(replacements[i].first, replacements[i].second, point, onChain);

    for (auto [from, to] : replacements)
      from->replaceUsesWithIf(to, [&](ir::OpOperand &use) {
        return !created.count(use.getOwner()) && isAfter(point, use.getOwner());
      });
    return llvm::Error::success();
  }

  /// `to` is the new value of the state `from` held.
  void recordStateUpdate(Value *from, Value *to) {
    auto it = stateOf.find(from);
    Value *original = it != stateOf.end() ? it->second : (state.count(from) ? from : nullptr);
    if (!original)
      return;
    stateOf[to] = original;
    latest[original] = to;
  }

  /// Makes again, from `to`, the views of `from` made before `point` whose
  /// contents are seen after it, and the views of those.
  void remakeViews(Value *from, Value *to, Operation *point,
                   const llvm::SmallPtrSetImpl<Operation *> &onChain) {
    llvm::SmallVector<Operation *, 4> views;
    for (ir::OpOperand &use : from->getUses()) {
      Operation *user = use.getOwner();
      if (user->getBlock() == point->getBlock() && user->isBeforeInBlock(point) &&
          use.getOperandNumber() == 0 && !onChain.count(user) &&
          classifyView(*user) != ViewKind::NotAView && !created.count(user))
        views.push_back(user);
    }
    for (Operation *view : views) {
      bool seen = llvm::any_of(view->getResults(), [&](const ir::OpResult &r) {
        return isObservedAfter(const_cast<ir::OpResult *>(&r), point);
      });
      if (!seen)
        continue;
      llvm::SmallVector<Value *, 4> operands = view->getOperands();
      operands[0] = to;
      llvm::SmallVector<ir::Type, 2> types;
      for (const ir::OpResult &r : view->getResults())
        types.push_back(r.getType());
      Operation *again =
          create(view->getName().getStringRef(), operands, types,
                 std::vector<ir::NamedAttribute>(view->getAttrs().begin(), view->getAttrs().end()));
      for (unsigned i = 0; i < view->getNumResults(); ++i) {
        again->getResult(i)->setName(view->getResult(i)->getName());
        replacements.push_back({view->getResult(i), again->getResult(i)});
        remakeViews(view->getResult(i), again->getResult(i), point, onChain);
      }
    }
  }

  Operation *create(llvm::StringRef name, llvm::ArrayRef<Value *> operands,
                    llvm::ArrayRef<ir::Type> types, llvm::ArrayRef<ir::NamedAttribute> attrs) {
    Operation *op = builder.create(name, operands, types, attrs);
    created.insert(op);
    return op;
  }

  /// The operands after `self` of `view` with their argument names, and its
  /// attributes but `arg_names`.
  static void copyViewArguments(const Operation &view, llvm::SmallVectorImpl<Value *> &operands,
                                std::vector<std::string> &argNames,
                                std::vector<ir::NamedAttribute> &attrs) {
    const Attribute *names = view.getAttr("arg_names");
    for (unsigned j = 1; j < view.getNumOperands(); ++j) {
      operands.push_back(view.getOperand(j));
      argNames.push_back(names && names->getKind() == Attribute::Kind::StringList &&
                                 j < names->getStringList().size()
                             ? names->getStringList()[j]
                             : std::string());
    }
    for (const ir::NamedAttribute &a : view.getAttrs())
      if (a.name != "arg_names")
        attrs.push_back(a);
  }

  /// The value of `base` once `view` of it is `updated`.
  llvm::Expected<Value *> writeBack(Operation &view, Value *base, Value *updated) {
    const ir::Type &baseType = base->getType();
    llvm::SmallVector<Value *, 4> operands;
    std::vector<std::string> argNames;
    std::vector<ir::NamedAttribute> attrs;
    auto build = [&](llvm::StringRef name) {
      attrs.push_back({"arg_names", Attribute::stringList(argNames)});
      llvm::sort(attrs, [](const ir::NamedAttribute &a, const ir::NamedAttribute &b) {
        return a.name < b.name;
      });
      return create(name, operands, {baseType}, attrs)->getResult(0);
    };
    switch (classifyView(view)) {
    case ViewKind::Slice:
    case ViewKind::Select:
      operands = {base, updated};
      argNames = {"self", "src"};
      copyViewArguments(view, operands, argNames, attrs);
      return build(classifyView(view) == ViewKind::Slice ? "aten.slice_scatter.default"
                                                         : "aten.select_scatter.default");
    case ViewKind::Transpose:
      operands = {updated};
      argNames = {"self"};
      copyViewArguments(view, operands, argNames, attrs);
      return build(view.getName().getStringRef());
    case ViewKind::Permute: {
      const Attribute *dims = view.getAttr("dims");
      if (!dims || dims->getKind() != Attribute::Kind::IntList || !baseType.isRanked())
        return fail(view, "an in-place update through a permute needs constant dims and a "
                          "ranked base");
      int64_t rank = int64_t(baseType.getRank());
      std::vector<int64_t> inverse(size_t(rank), -1);
      for (auto [i, d] : llvm::enumerate(dims->getIntList())) {
        int64_t axis = d < 0 ? d + rank : d;
        if (axis < 0 || axis >= rank || int64_t(i) >= rank)
          return fail(view, "permute dims out of range");
        inverse[size_t(axis)] = int64_t(i);
      }
      operands = {updated};
      argNames = {"self"};
      attrs = {{"dims", Attribute::intList(inverse)}};
      return build("aten.permute.default");
    }
    case ViewKind::Unsqueeze: {
      const Attribute *dim = view.getAttr("dim");
      if (!dim || dim->getKind() != Attribute::Kind::Int)
        return fail(view, "an in-place update through an unsqueeze needs a constant dim");
      operands = {updated};
      argNames = {"self"};
      attrs = {{"dim", *dim}};
      return build("aten.squeeze.dim");
    }
    case ViewKind::Reshape:
      return reshapeTo(view, updated, base);
    case ViewKind::Identity:
      return updated;
    case ViewKind::NoInverse:
    case ViewKind::NotAView:
      break;
    }
    llvm_unreachable("only views with an inverse are written back");
  }

  /// `updated` viewed with the shape of `base`: `aten.view.default` with a
  /// constant size, or with `aten.sym_size.int` of base's dynamic dims.
  llvm::Expected<Value *> reshapeTo(Operation &view, Value *updated, Value *base) {
    const ir::Type &type = base->getType();
    if (!type.isTensor() || !type.isRanked())
      return fail(view, "an in-place update through '" + view.getName().getStringRef() +
                            "' of an unranked base is not supported");
    llvm::SmallVector<Value *, 4> operands{updated};
    std::vector<std::string> argNames{"self"};
    std::vector<ir::NamedAttribute> attrs;
    if (type.hasStaticShape()) {
      llvm::SmallVector<int64_t, 4> size;
      for (const ir::Dim &d : type.getShape())
        size.push_back(d.getSize());
      attrs.push_back({"size", Attribute::intList(size)});
    } else {
      ir::SymContext &symbols = module.getSymContext();
      for (auto [i, d] : llvm::enumerate(type.getShape())) {
        Value *size;
        if (d.isStatic())
          size = create("ir.constant", {}, {ir::Type::symInt(symbols.getConstant(d.getSize()))},
                        {{"value", Attribute::integer(d.getSize())}})
                     ->getResult(0);
        else
          size = create("aten.sym_size.int", {base}, {ir::Type::symInt(d.getExpr())},
                        {{"arg_names", Attribute::stringList({"self"})},
                         {"dim", Attribute::integer(int64_t(i))}})
                     ->getResult(0);
        operands.push_back(size);
        argNames.push_back("size");
      }
    }
    attrs.insert(attrs.begin(), {"arg_names", Attribute::stringList(argNames)});
    return create("aten.view.default", operands, {type}, attrs)->getResult(0);
  }

  ir::Module &module;
  ir::Builder builder;
  bool changed = false;
  /// The graph's state (buffers, parameters, user inputs).
  llvm::DenseMap<Value *, State> state;
  /// A value that is a later version of a piece of state -> that state.
  llvm::DenseMap<Value *, Value *> stateOf;
  /// Updated state -> its newest value, in the order of the first update.
  llvm::MapVector<Value *, Value *> latest;
  /// Ops created for the current in-place op: their operands are not
  /// replaced.
  llvm::SmallPtrSet<Operation *, 8> created;
  /// Old value -> new value, for the uses after the current in-place op.
  llvm::SmallVector<std::pair<Value *, Value *>, 8> replacements;
};

} // namespace

void registerFunctionalizePass() {
  class FunctionalizePass : public pass::Pass {
  public:
    llvm::StringRef getName() const override { return "functionalize"; }
    llvm::Expected<bool> run(ir::Module &module) override { return Functionalizer(module).run(); }
  };
  pass::registerPass({"functionalize",
                      "Rewrite in-place ATen ops as their functional forms, writing updates of "
                      "views back to their bases",
                      {},
                      [](const pass::PassOptions &) -> llvm::Expected<std::unique_ptr<pass::Pass>> {
                        return std::make_unique<FunctionalizePass>();
                      }});
}

} // namespace pt2onnx::passes
