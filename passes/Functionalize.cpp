//===- Functionalize.cpp - In-place ATen ops to their functional forms ----===//
//
// Rewrites every ATen op that writes its arguments into its functional
// overload, and makes every later use of each tensor it wrote (in program
// order, uses in the regions of later ops included) see the new value. The
// op table says all of it (ir/schema): the schema's kind whether the op
// writes (in-place `add_.Tensor`, out `add.out`, mutable
// `_native_batch_norm_legit`), its `(a!)` annotations which arguments, and
// the functional twin what replaces it (`bernoulli_.float` -> `bernoulli.p`,
// `__iand__.Tensor` -> `__and__.Tensor`). The twin takes the arguments the op
// reads (not its out= arguments), under the twin's names (`dropout_` reads
// `self`, `dropout` `input`), and returns the op's results, then the new
// values of the arguments the op wrote without returning them. A writing op
// without a twin is refused; whether a lowering exists for the twin is
// lower-aten's business. A mutable op given `training = false` (batch norm in
// eval mode) writes nothing and stays as it is; `batch_norm` and
// `native_batch_norm`, whose schemas do not annotate the running statistics
// they update in training, become `_native_batch_norm_legit_functional`.
//
// Views alias their base: an op is a view when its schema says a result
// shares storage with its first argument (`transpose.int(Tensor(a) self, ...)
// -> Tensor(a)`), and `_unsafe_view`, whose schema hides that it does. When
// the updated tensor is a chain of views of a base, the update is written
// back through each view after the op:
//   slice.Tensor            aten.slice_scatter.default
//   select.int              aten.select_scatter.default
//   transpose.int, t        the same transpose
//   permute                 the inverse permutation
//   unsqueeze               squeeze.dim
//   view, _unsafe_view,     aten.view.default to the base's shape (sym_size
//   squeeze, unflatten.int,   of its dynamic dims)
//   view_as
//   alias, detach,          the updated value itself
//   lift_fresh
// and later uses of each base see its rebuilt value. Other views of an
// updated tensor, made before the op and used after it, are made again from
// the rebuilt value. Any other view has no exact inverse here (expand,
// as_strided, diagonal, split, and reshape, contiguous or to, which copy or
// alias depending on facts the program does not record, ...): an update
// through it is refused when the tensor it views is used after the update;
// otherwise the update stays local to it.
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
#include "ir/schema/OpTable.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

namespace pt2onnx::passes {

namespace {

using ir::Attribute;
using ir::Operation;
using ir::Value;

/// The schema of `op` when it is an ATen overload the op table knows.
const schema::OpSchema *getSchema(const Operation &op) {
  if (op.getDialect() != "aten")
    return nullptr;
  const schema::OpSchema *opSchema = schema::lookupOp(op.getName().getStringRef());
  return opSchema && opSchema->hasSchema() ? opSchema : nullptr;
}

/// The name of each operand: `arg_names`, or the schema's argument at the
/// operand's position when the op has no `arg_names`.
llvm::SmallVector<llvm::StringRef, 4> getOperandArgNames(const Operation &op,
                                                        const schema::OpSchema &opSchema) {
  llvm::SmallVector<llvm::StringRef, 4> names;
  const Attribute *argNames = op.getAttr("arg_names");
  for (unsigned i = 0; i < op.getNumOperands(); ++i) {
    if (argNames && argNames->getKind() == Attribute::Kind::StringList)
      names.push_back(i < argNames->getStringList().size()
                          ? llvm::StringRef(argNames->getStringList()[i])
                          : llvm::StringRef());
    else
      names.push_back(i < opSchema.getArguments().size() ? opSchema.getArguments()[i].name
                                                         : llvm::StringRef());
  }
  return names;
}

/// True when a result of `op` shares storage with its first operand.
bool isView(const Operation &op) {
  // The kernel of _unsafe_view returns a view; its schema claims a fresh
  // tensor so that autograd treats the result as one.
  if (op.isa("aten._unsafe_view.default"))
    return op.getNumOperands() != 0;
  const schema::OpSchema *opSchema = getSchema(op);
  if (!opSchema || !opSchema->isView() || op.getNumOperands() == 0)
    return false;
  const schema::SchemaArgument *base =
      opSchema->argument(getOperandArgNames(op, *opSchema).front());
  return base && base->alias && !base->alias->isWrite;
}

/// How an update of a view is written back to its base: what the schema
/// cannot say.
enum class ViewInverse {
  Slice,     // slice_scatter
  Select,    // select_scatter
  Transpose, // itself
  Permute,   // the inverse permutation
  Unsqueeze, // squeeze.dim
  Reshape,   // view to the base's shape
  Identity,  // the updated value
  None,      // no exact inverse here
};

ViewInverse getViewInverse(const Operation &op) {
  return llvm::StringSwitch<ViewInverse>(op.getName().getStringRef())
      .Case("aten.slice.Tensor", ViewInverse::Slice)
      .Case("aten.select.int", ViewInverse::Select)
      .Cases("aten.transpose.int", "aten.t.default", ViewInverse::Transpose)
      .Case("aten.permute.default", ViewInverse::Permute)
      .Case("aten.unsqueeze.default", ViewInverse::Unsqueeze)
      .Cases("aten.view.default", "aten._unsafe_view.default", "aten.view_as.default",
             ViewInverse::Reshape)
      .Cases("aten.squeeze.default", "aten.squeeze.dim", "aten.squeeze.dims",
             "aten.unflatten.int", ViewInverse::Reshape)
      .Cases("aten.alias.default", "aten.detach.default", "aten.lift_fresh.default",
             ViewInverse::Identity)
      .Default(ViewInverse::None);
}

/// The op of `block` that is or contains `op`, or null.
Operation *ancestorIn(ir::Block *block, Operation *op) {
  while (op && op->getBlock() != block)
    op = op->getParentOp();
  return op;
}

bool isNoneValue(const Value *v) { return v->getType().isNone(); }

/// Whether `op` writes arguments, as its schema says, but for a mutable op
/// given `training = false`: in eval mode a batch norm reads its running
/// statistics and writes nothing.
bool writesArguments(const Operation &op, const schema::OpSchema &opSchema) {
  if (!opSchema.isMutating())
    return false;
  const Attribute *training = op.getAttr("training");
  return opSchema.getKind() != schema::SchemaKind::Mutable || !training ||
         training->getKind() != Attribute::Kind::Bool || training->getBool();
}

/// batch_norm and native_batch_norm update the running statistics they are
/// given in training, though their schemas annotate no write.
bool isTrainingBatchNorm(const Operation &op) {
  if (!op.isa("aten.batch_norm.default") && !op.isa("aten.native_batch_norm.default"))
    return false;
  const Attribute *training = op.getAttr("training");
  if (!training || training->getKind() != Attribute::Kind::Bool || !training->getBool())
    return false;
  Value *mean = op.getArgOperand("running_mean"), *var = op.getArgOperand("running_var");
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
          if (const schema::OpSchema *opSchema = getSchema(nested);
              opSchema && writesArguments(nested, *opSchema))
            err = functionalizeWrites(nested, *opSchema);
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
          isView(*user))
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
      if (def->getBlock() != block || !isView(*def))
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
    while (invertible < chain.size() && getViewInverse(*chain[invertible]) != ViewInverse::None)
      ++invertible;
    if (invertible < chain.size() &&
        isObservedAfter(chain[invertible]->getOperand(0), &op, chain[invertible]))
      return fail(op, "an in-place update through the view '" +
                          chain[invertible]->getName().getStringRef() +
                          "', whose base is used afterwards, is not supported (the view has no "
                          "exact inverse to write the update back with)");
    return llvm::Error::success();
  }

  /// An argument the op being functionalized writes, and where its new
  /// value comes from.
  struct Write {
    const schema::SchemaArgument *arg = nullptr;
    Value *operand = nullptr;
    /// The twin's result that holds the new value.
    unsigned twinResult = 0;
    llvm::SmallVector<Operation *, 4> chain;
    size_t invertible = 0;
  };

  /// Replaces `op`, which writes arguments, by its functional twin (see the
  /// file comment) and points the later uses of what it wrote at the twin's
  /// results.
  llvm::Error functionalizeWrites(Operation &op, const schema::OpSchema &opSchema) {
    llvm::SmallVector<llvm::StringRef, 4> operandArgs = getOperandArgNames(op, opSchema);
    llvm::SmallVector<Write, 2> writes;
    for (const schema::SchemaArgument &arg : opSchema.getArguments()) {
      if (!arg.isWritten())
        continue;
      if (arg.type.isTensorList())
        return fail(op, "an in-place update of a tensor list is not supported");
      const llvm::StringRef *named = llvm::find(operandArgs, arg.name);
      Value *operand =
          named == operandArgs.end() ? nullptr : op.getOperand(unsigned(named - operandArgs.begin()));
      if (!operand || !operand->getType().isTensor())
        return fail(op, "the argument '" + arg.name + "' it writes is not a tensor");
      Write &w = writes.emplace_back();
      w.arg = &arg;
      w.operand = operand;
    }
    const schema::OpSchema *twin = opSchema.getFunctionalTwin();
    if (!twin)
      return fail(op, "the op writes its argument '" + writes.front().arg->name +
                          "' and the op table has no functional form of it");

    llvm::ArrayRef<schema::SchemaReturn> returns = opSchema.getReturns();
    if (op.getNumResults() != returns.size())
      return fail(op, "it has " + llvm::Twine(op.getNumResults()) + " results where its schema has " +
                          llvm::Twine(returns.size()));
    // A return annotated `(a!)` is the new value of the argument written as
    // `(a!)`; the twin returns the new values of the others after the op's
    // own results.
    unsigned numResults = op.getNumResults();
    llvm::SmallVector<ir::Type, 5> types;
    for (const ir::OpResult &r : op.getResults())
      types.push_back(r.getType());
    for (Write &w : writes) {
      const auto *ret = llvm::find_if(returns, [&](const schema::SchemaReturn &r) {
        return r.alias && r.alias->isWrite && r.alias->beforeSets == w.arg->alias->beforeSets;
      });
      if (ret != returns.end()) {
        w.twinResult = unsigned(ret - returns.begin());
      } else {
        w.twinResult = unsigned(types.size());
        types.push_back(w.operand->getType());
      }
    }
    size_t numTwinResults = types.size();
    if (twin->getReturns().size() != numTwinResults)
      return fail(op, "its functional form '" + twin->getKey() + "' returns " +
                          llvm::Twine(twin->getReturns().size()) + " values, not " +
                          llvm::Twine(unsigned(numTwinResults)));

    // The twin reads what the op reads, in order, perhaps under other names.
    auto isOut = [](const schema::SchemaArgument *arg) {
      return arg && arg->isWritten() && arg->kwargOnly;
    };
    llvm::StringMap<llvm::StringRef> twinName;
    unsigned numRead = 0;
    for (const schema::SchemaArgument &arg : opSchema.getArguments()) {
      if (isOut(&arg))
        continue;
      if (numRead == twin->getArguments().size())
        return fail(op, "its functional form '" + twin->getKey() + "' takes other arguments");
      twinName[arg.name] = twin->getArguments()[numRead++].name;
    }
    auto renamed = [&](llvm::StringRef name) {
      auto it = twinName.find(name);
      return it == twinName.end() ? name : it->second;
    };
    llvm::SmallVector<Value *, 4> operands;
    std::vector<std::string> argNames;
    for (auto [operand, name] : llvm::zip(op.getOperands(), operandArgs))
      if (!isOut(opSchema.argument(name))) {
        operands.push_back(operand);
        argNames.push_back(renamed(name).str());
      }
    std::vector<ir::NamedAttribute> attrs;
    for (const ir::NamedAttribute &a : op.getAttrs()) {
      if (a.name == "arg_names")
        attrs.push_back({"arg_names", Attribute::stringList(argNames)});
      else if (!isOut(opSchema.argument(a.name)))
        attrs.push_back({renamed(a.name).str(), a.value});
    }

    for (Write &w : writes)
      if (llvm::Error err = traceViews(op, w.operand, w.chain, w.invertible))
        return err;
    Operation *functional = replaceWith(op, twin->getKey(), operands, types, attrs);
    for (const Write &w : writes)
      if (w.twinResult >= numResults && numResults != 0)
        functional->getResult(w.twinResult)
            ->setName((functional->getResult(0)->getName() + "_" + w.arg->name).str());
    for (Write &w : writes)
      if (llvm::Error err = update(functional, w.operand, functional->getResult(w.twinResult),
                                   w.chain, w.invertible))
        return err;
    return llvm::Error::success();
  }

  /// Training-mode batch norm updates its running statistics:
  /// `aten._native_batch_norm_legit_functional.default` returns them as
  /// results 3 and 4, after (out, save_mean, save_invstd).
  llvm::Error functionalizeBatchNorm(Operation &op) {
    Value *mean = op.getArgOperand("running_mean"), *var = op.getArgOperand("running_var");
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
    Operation *functional =
        replaceWith(op, "aten._native_batch_norm_legit_functional.default", op.getOperands(), types,
                    attrs, numResults);
    functional->getResult(3)->setName(
        (functional->getResult(0)->getName() + "_running_mean").str());
    functional->getResult(4)->setName((functional->getResult(0)->getName() + "_running_var").str());
    if (llvm::Error err =
            update(functional, mean, functional->getResult(3), meanChain, meanInvertible))
      return err;
    return update(functional, var, functional->getResult(4), varChain, varInvertible);
  }

  /// Creates `name` with `operands` in place of `op`, whose first
  /// `numReplaced` results it replaces (all of them by default).
  Operation *replaceWith(Operation &op, llvm::StringRef name, llvm::ArrayRef<Value *> operands,
                         llvm::ArrayRef<ir::Type> types, llvm::ArrayRef<ir::NamedAttribute> attrs,
                         unsigned numReplaced = ~0u) {
    builder.setInsertionPoint(&op);
    builder.setProvenanceFrom(&op);
    Operation *functional = builder.create(name, operands, types, attrs);
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
          isView(*user) && !created.count(user))
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
    switch (getViewInverse(view)) {
    case ViewInverse::Slice:
    case ViewInverse::Select:
      operands = {base, updated};
      argNames = {"self", "src"};
      copyViewArguments(view, operands, argNames, attrs);
      return build(getViewInverse(view) == ViewInverse::Slice ? "aten.slice_scatter.default"
                                                         : "aten.select_scatter.default");
    case ViewInverse::Transpose:
      operands = {updated};
      argNames = {"self"};
      copyViewArguments(view, operands, argNames, attrs);
      return build(view.getName().getStringRef());
    case ViewInverse::Permute: {
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
    case ViewInverse::Unsqueeze: {
      const Attribute *dim = view.getAttr("dim");
      if (!dim || dim->getKind() != Attribute::Kind::Int)
        return fail(view, "an in-place update through an unsqueeze needs a constant dim");
      operands = {updated};
      argNames = {"self"};
      attrs = {{"dim", *dim}};
      return build("aten.squeeze.dim");
    }
    case ViewInverse::Reshape:
      return reshapeTo(view, updated, base);
    case ViewInverse::Identity:
      return updated;
    case ViewInverse::None:
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
