//===- control_flow.cpp - torch's higher-order ops as ONNX If / Loop / Scan -------===//
//
// The frontend imports a higher-order op with one region per subgraph whose
// block arguments are the subgraph's inputs; by the time a rule runs, the
// driver has lowered the regions' ops. ONNX subgraphs see the enclosing
// graph's values by name, so inputs that are just outer values (cond's
// operands, closure arguments) are replaced by those values and their block
// arguments removed; inputs that vary per iteration stay block arguments.
//
//   cond(pred, operands)            -> If(pred) {then_branch, else_branch}
//   while_loop(carried)             -> Loop(M = none, cond_fn(carried), carried)
//                                      body: (i, cond, carried) -> (cond_fn(body), body)
//   scan(init, xs, additional)      -> Scan(init, xs) {body}, num_scan_inputs = |xs|
//   map_impl(xs, pos_args)          -> Scan(xs) {body}
//   wrap_with_set_grad_enabled etc. -> the subgraph inlined
//
//===----------------------------------------------------------------------===//

#include "lowering/LoweringRegistry.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

namespace pt2onnx::lowering {
namespace {

using ir::Attribute;
using ir::DType;
using ir::Operation;
using ir::Value;

/// Replaces block arguments [first, first + values.size()) of `block` with
/// `values` and removes them.
void bindArguments(ir::Block &block, unsigned first, llvm::ArrayRef<Value *> values) {
  for (auto [i, v] : llvm::enumerate(values))
    block.getArgument(first + unsigned(i))->replaceAllUsesWith(v);
  for (unsigned i = unsigned(values.size()); i > 0; --i)
    block.eraseArgument(first + i - 1);
}

/// Copies the ops of `block` but its terminator to the builder's insertion
/// point, block arguments mapped to `arguments`; returns the values the
/// terminator would return.
ValueList cloneBlockBody(ir::Builder &builder, const ir::Block &block,
                         llvm::ArrayRef<Value *> arguments) {
  llvm::DenseMap<const Value *, Value *> mapping;
  for (auto [i, v] : llvm::enumerate(arguments))
    mapping[block.getArgument(unsigned(i))] = v;
  auto mapped = [&](Value *v) {
    auto it = mapping.find(v);
    return it == mapping.end() ? v : it->second;
  };
  std::function<void(const ir::Block &, ir::Block *)> cloneInto;
  auto cloneOp = [&](const Operation &op) {
    llvm::SmallVector<Value *, 4> operands;
    for (Value *v : op.getOperands())
      operands.push_back(mapped(v));
    llvm::SmallVector<ir::Type, 2> types;
    for (const ir::OpResult &r : op.getResults())
      types.push_back(r.getType());
    llvm::SmallVector<ir::NamedAttribute, 4> attrs(op.getAttrs().begin(), op.getAttrs().end());
    ir::ProvenanceRef saved = builder.getProvenance();
    builder.setProvenance(op.getProvenance());
    Operation *copy = builder.create(op.getName(), operands, types, attrs, op.getNumRegions());
    builder.setProvenance(saved);
    for (unsigned i = 0; i < op.getNumResults(); ++i) {
      copy->getResult(i)->setName(op.getResult(i)->getName());
      mapping[op.getResult(i)] = copy->getResult(i);
    }
    for (unsigned r = 0; r < op.getNumRegions(); ++r)
      for (const std::unique_ptr<ir::Block> &b : op.getRegion(r).getBlocks())
        cloneInto(*b, copy->getRegion(r).addBlock());
    return copy;
  };
  cloneInto = [&](const ir::Block &src, ir::Block *dst) {
    for (const std::unique_ptr<ir::BlockArgument> &a : src.getArguments())
      mapping[a.get()] = dst->addArgument(a->getType(), a->getName());
    ir::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(dst);
    for (const Operation &op : src)
      cloneOp(op);
  };
  ValueList results;
  for (const Operation &op : block) {
    if (&op == block.getTerminator()) {
      for (Value *v : op.getOperands())
        results.push_back(mapped(v));
      break;
    }
    cloneOp(op);
  }
  return results;
}

llvm::SmallVector<ir::Type, 2> resultTypes(const RuleContext &ctx) {
  llvm::SmallVector<ir::Type, 2> types;
  for (unsigned i = 0; i < ctx.getOp()->getNumResults(); ++i)
    types.push_back(ctx.resultType(i));
  return types;
}

ValueList resultsOf(Operation *op) {
  ValueList values;
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    values.push_back(op->getResult(i));
  return values;
}

bool hasSingleBlockRegions(RuleContext &ctx, unsigned n) {
  Operation *op = ctx.getOp();
  if (op->getNumRegions() != n) {
    ctx.fail("expected " + llvm::Twine(n) + " subgraphs");
    return false;
  }
  for (unsigned r = 0; r < n; ++r)
    if (op->getRegion(r).getNumBlocks() != 1 || !op->getRegion(r).front().getTerminator()) {
      ctx.fail("a subgraph must be one block ending in ir.return");
      return false;
    }
  return true;
}

// higher_order.cond(pred, operands) {true_fn, false_fn}
ValueList lowerCond(RuleContext &ctx) {
  if (!hasSingleBlockRegions(ctx, 2))
    return {};
  Value *pred = ctx.b.cast(ctx.tensor("pred"), DType::Bool);
  ValueList operands = ctx.tensorList("operands");
  Operation *op = ctx.getOp();
  for (unsigned r = 0; r < 2; ++r)
    if (op->getRegion(r).front().getNumArguments() != operands.size())
      return ctx.fail("each branch takes the operands");
  Operation *ifOp = ctx.b.create("If", {pred}, resultTypes(ctx), {}, 2);
  for (unsigned r = 0; r < 2; ++r) {
    bindArguments(op->getRegion(r).front(), 0, operands);
    ifOp->getRegion(r).takeBody(op->getRegion(r));
  }
  return resultsOf(ifOp);
}

// higher_order.while_loop(carried_inputs, additional_inputs) {cond_fn, body_fn}
ValueList lowerWhileLoop(RuleContext &ctx) {
  if (!hasSingleBlockRegions(ctx, 2))
    return {};
  ValueList carried = ctx.tensorList("carried_inputs");
  ValueList extra = ctx.optionalTensorList("additional_inputs");
  Operation *op = ctx.getOp();
  ir::Block &condBlock = op->getRegion(0).front(), &bodyBlock = op->getRegion(1).front();
  size_t n = carried.size();
  if (condBlock.getNumArguments() != n + extra.size() ||
      bodyBlock.getNumArguments() != n + extra.size() || op->getNumResults() != n)
    return ctx.fail("while_loop's subgraphs take the carried and additional inputs");
  bindArguments(condBlock, unsigned(n), extra);
  bindArguments(bodyBlock, unsigned(n), extra);

  ir::Builder &builder = ctx.b.getBuilder();
  ValueList initialCond = cloneBlockBody(builder, condBlock, carried);
  if (initialCond.size() != 1)
    return ctx.fail("cond_fn must return one value");
  llvm::SmallVector<Value *, 4> operands{ctx.b.none(),
                                         ctx.b.cast(initialCond.front(), DType::Bool)};
  operands.append(carried.begin(), carried.end());
  Operation *loop = ctx.b.create("Loop", operands, resultTypes(ctx), {}, 1);

  // body(i, cond, carried...) -> (cond_fn(next), next...)
  ir::Block *body = loop->getRegion(0).addBlock();
  body->addArgument(ir::Type::tensor(DType::Int64, {}), "iteration");
  body->addArgument(ir::Type::tensor(DType::Bool, {}), "condition");
  for (unsigned i = 0; i < n; ++i) {
    ir::BlockArgument *old = bodyBlock.getArgument(i);
    old->replaceAllUsesWith(body->addArgument(old->getType(), old->getName()));
  }
  Operation *terminator = bodyBlock.getTerminator();
  while (Operation *first = bodyBlock.front()) {
    if (first == terminator)
      break;
    bodyBlock.remove(first);
    body->push_back(first);
  }
  ValueList next = terminator->getOperands();
  ir::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(body);
  ValueList nextCond = cloneBlockBody(builder, condBlock, next);
  llvm::SmallVector<Value *, 4> outputs{ctx.b.cast(nextCond.front(), DType::Bool)};
  outputs.append(next.begin(), next.end());
  builder.createReturn(outputs);
  return resultsOf(loop);
}

// higher_order.scan(init, xs, additional_inputs) {combine_fn}
ValueList lowerScan(RuleContext &ctx) {
  if (!hasSingleBlockRegions(ctx, 1))
    return {};
  ValueList init = ctx.tensorList("init"), xs = ctx.tensorList("xs");
  ValueList extra = ctx.optionalTensorList("additional_inputs");
  Operation *op = ctx.getOp();
  ir::Block &block = op->getRegion(0).front();
  if (block.getNumArguments() != init.size() + xs.size() + extra.size())
    return ctx.fail(
        "scan's combine_fn takes the carry, one slice of each xs and the additional inputs");
  if (xs.empty())
    return ctx.fail("scan needs at least one scanned input");
  bindArguments(block, unsigned(init.size() + xs.size()), extra);
  llvm::SmallVector<Value *, 4> operands(init.begin(), init.end());
  operands.append(xs.begin(), xs.end());
  Operation *scan = ctx.b.create("Scan", operands, resultTypes(ctx),
                                 {{"num_scan_inputs", Attribute::integer(int64_t(xs.size()))}}, 1);
  scan->getRegion(0).takeBody(op->getRegion(0));
  return resultsOf(scan);
}

// higher_order.map_impl(xs, pos_args) {f}
ValueList lowerMap(RuleContext &ctx) {
  if (!hasSingleBlockRegions(ctx, 1))
    return {};
  ValueList xs = ctx.tensorList("xs"), extra = ctx.optionalTensorList("pos_args");
  Operation *op = ctx.getOp();
  ir::Block &block = op->getRegion(0).front();
  if (block.getNumArguments() != xs.size() + extra.size() || xs.empty())
    return ctx.fail("map's f takes one slice of each xs and the positional arguments");
  bindArguments(block, unsigned(xs.size()), extra);
  Operation *scan = ctx.b.create("Scan", xs, resultTypes(ctx),
                                 {{"num_scan_inputs", Attribute::integer(int64_t(xs.size()))}}, 1);
  scan->getRegion(0).takeBody(op->getRegion(0));
  return resultsOf(scan);
}

// higher_order.wrap_with_set_grad_enabled / wrap_with_autocast: gradient and
// autocast modes do not change an exported forward; the subgraph is inlined.
ValueList lowerInline(RuleContext &ctx) {
  if (!hasSingleBlockRegions(ctx, 1))
    return {};
  Operation *op = ctx.getOp();
  ir::Block &block = op->getRegion(0).front();
  ValueList operands;
  for (Value *v : op->getOperands())
    operands.push_back(v);
  if (block.getNumArguments() != operands.size())
    return ctx.fail("the subgraph takes the operands");
  bindArguments(block, 0, operands);
  Operation *terminator = block.getTerminator();
  while (Operation *first = block.front()) {
    if (first == terminator)
      break;
    first->moveBefore(op);
  }
  return terminator->getOperands();
}

} // namespace

void registerControlFlowLowerings(LoweringRegistry &r) {
  r.add("higher_order.cond", lowerCond);
  r.add("higher_order.while_loop", lowerWhileLoop);
  r.add("higher_order.scan", lowerScan);
  r.add("higher_order.map_impl", lowerMap);
  r.add("higher_order.wrap_with_set_grad_enabled", lowerInline);
  r.add("higher_order.wrap_with_autocast", lowerInline);
}

} // namespace pt2onnx::lowering
