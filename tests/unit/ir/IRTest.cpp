//===- IRTest.cpp - IR construction and rewriting ---------------------------===//
//
// Builds graphs through Module and Builder and checks what rewrites rely on:
// use lists after every operand edit, replacing uses, insertion points, op
// order queries after edits, provenance sharing, attributes, types, dtypes,
// weights, nested regions and teardown. The last test rewrites a chain of a
// million ops, which only completes if every step is O(1) or O(uses); its
// timing is measured by bench/ir_bench.cpp, not here.
//
//===----------------------------------------------------------------------===//

#include "ir/Builder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <vector>

using namespace pt2onnx::ir;

namespace {

Type f32(llvm::ArrayRef<Dim> shape) { return Type::tensor(DType::Float32, shape); }

/// The ops of `block`, in order.
std::vector<Operation *> opsOf(const Block &block) {
  std::vector<Operation *> ops;
  for (Operation &op : block)
    ops.push_back(&op);
  return ops;
}

/// The owners of the uses of `v`, sorted by address so the result does not
/// depend on use-list order.
std::vector<Operation *> usersOf(const Value *v) {
  std::vector<Operation *> users;
  for (OpOperand &use : v->getUses())
    users.push_back(use.getOwner());
  llvm::sort(users);
  return users;
}

class IRTest : public ::testing::Test {
protected:
  IRTest() {
    graph = module.addGraph("main");
    body = &Module::getGraphBody(graph);
    x = body->addArgument(f32({2, 4}), "x");
    y = body->addArgument(f32({2, 4}), "y");
    builder.setInsertionPointToEnd(body);
  }

  Operation *add(Value *a, Value *b) { return builder.create("aten.add.Tensor", {a, b}, {f32({2, 4})}); }
  Operation *neg(Value *a) { return builder.create("aten.neg.default", {a}, {f32({2, 4})}); }

  Module module;
  Builder builder{module};
  Operation *graph;
  Block *body;
  BlockArgument *x;
  BlockArgument *y;
};

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

TEST_F(IRTest, BuildsAGraphWithInputsOpsAndReturn) {
  Operation *sum = add(x, y);
  Operation *negated = neg(sum->getResult(0));
  Operation *ret = builder.createReturn({negated->getResult(0)});

  EXPECT_EQ(module.lookupGraph("main"), graph);
  EXPECT_EQ(module.lookupGraph("other"), nullptr);
  EXPECT_EQ(module.countOps(), 4u); // graph, add, neg, return
  EXPECT_EQ(graph->getParentOp(), module.getOperation());
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{sum, negated, ret}));
  EXPECT_EQ(body->getNumOps(), 3u);
  EXPECT_EQ(body->getTerminator(), ret);
  EXPECT_EQ(body->getParentOp(), graph);

  EXPECT_EQ(x->getKind(), Value::Kind::BlockArgument);
  EXPECT_EQ(x->getOwner(), body);
  EXPECT_EQ(x->getParentBlock(), body);
  EXPECT_EQ(x->getDefiningOp(), nullptr);
  EXPECT_EQ(x->getName(), "x");
  EXPECT_EQ(y->getIndex(), 1u);

  OpResult *r = sum->getResult(0);
  EXPECT_EQ(r->getKind(), Value::Kind::OpResult);
  EXPECT_EQ(r->getOwner(), sum);
  EXPECT_EQ(r->getDefiningOp(), sum);
  EXPECT_EQ(r->getParentBlock(), body);
  EXPECT_EQ(r->getIndex(), 0u);
  EXPECT_TRUE(r->getName().empty());

  EXPECT_EQ(sum->getDialect(), "aten");
  EXPECT_TRUE(sum->isa("aten.add.Tensor"));
  EXPECT_FALSE(sum->isa("aten.add"));
  EXPECT_EQ(sum->getName(), OperationName::get("aten.add.Tensor"));
  EXPECT_EQ(sum->getOperands(), (llvm::SmallVector<Value *, 4>{x, y}));
  EXPECT_EQ(sum->getParentRegion(), &graph->getRegion(0));
}

TEST_F(IRTest, DetachedOpIsOwnedByTheCallerUntilInserted) {
  Builder detached(module);
  Operation *op = detached.create("aten.relu.default", {x}, {f32({2, 4})});
  EXPECT_EQ(op->getBlock(), nullptr);
  EXPECT_EQ(op->getParentOp(), nullptr);
  EXPECT_EQ(x->getNumUses(), 1u);
  body->push_back(op);
  EXPECT_EQ(op->getBlock(), body);
  body->remove(op);
  EXPECT_EQ(op->getBlock(), nullptr);
  EXPECT_TRUE(body->empty());
  op->erase();
  EXPECT_TRUE(x->use_empty());
}

TEST_F(IRTest, BlockArgumentsAreRenumberedAfterErase) {
  BlockArgument *z = body->addArgument(f32({2, 4}), "z");
  body->eraseArgument(1);
  ASSERT_EQ(body->getNumArguments(), 2u);
  EXPECT_EQ(body->getArgument(0), x);
  EXPECT_EQ(body->getArgument(1), z);
  EXPECT_EQ(z->getIndex(), 1u);
}

//===----------------------------------------------------------------------===//
// Use lists
//===----------------------------------------------------------------------===//

TEST_F(IRTest, UseListsFollowCreate) {
  EXPECT_TRUE(x->use_empty());
  EXPECT_FALSE(x->hasOneUse());
  Operation *a = add(x, x);
  EXPECT_EQ(x->getNumUses(), 2u);
  EXPECT_FALSE(x->hasOneUse());
  Operation *b = neg(y);
  EXPECT_TRUE(y->hasOneUse());
  EXPECT_EQ(usersOf(y), std::vector<Operation *>{b});

  std::vector<unsigned> operandNumbers;
  for (OpOperand &use : x->getUses()) {
    EXPECT_EQ(use.getOwner(), a);
    EXPECT_EQ(use.get(), x);
    operandNumbers.push_back(use.getOperandNumber());
  }
  llvm::sort(operandNumbers);
  EXPECT_EQ(operandNumbers, (std::vector<unsigned>{0, 1}));
  EXPECT_TRUE(a->use_empty());
}

TEST_F(IRTest, UseListsFollowSetOperand) {
  Operation *a = add(x, x);
  a->setOperand(1, y);
  EXPECT_TRUE(x->hasOneUse());
  EXPECT_TRUE(y->hasOneUse());
  EXPECT_EQ(a->getOperand(1), y);
  EXPECT_EQ(a->getOpOperand(1).getOperandNumber(), 1u);

  a->setOperand(1, y); // setting the same value changes nothing
  EXPECT_TRUE(y->hasOneUse());

  a->getOpOperand(0).set(y);
  EXPECT_TRUE(x->use_empty());
  EXPECT_EQ(y->getNumUses(), 2u);
}

TEST_F(IRTest, UseListsFollowSetOperands) {
  Operation *a = add(x, y);

  a->setOperands({y, y, x, x});
  EXPECT_EQ(a->getNumOperands(), 4u);
  EXPECT_EQ(a->getOperands(), (llvm::SmallVector<Value *, 4>{y, y, x, x}));
  EXPECT_EQ(x->getNumUses(), 2u);
  EXPECT_EQ(y->getNumUses(), 2u);
  // Growing moved the slots; the use lists point at where they are now.
  for (Value *v : {x, y})
    for (OpOperand &use : v->getUses())
      EXPECT_EQ(&a->getOpOperand(use.getOperandNumber()), &use);

  // Shrinking keeps the kept slots where they are.
  OpOperand *first = &a->getOpOperand(0);
  a->setOperands({x});
  EXPECT_EQ(&a->getOpOperand(0), first);
  EXPECT_EQ(a->getNumOperands(), 1u);
  EXPECT_TRUE(x->hasOneUse());
  EXPECT_TRUE(y->use_empty());

  a->setOperands({});
  EXPECT_EQ(a->getNumOperands(), 0u);
  EXPECT_TRUE(x->use_empty());
}

TEST_F(IRTest, UseListsFollowInsertAndEraseOperand) {
  Operation *a = neg(x);
  a->insertOperand(0, y);
  a->insertOperand(2, y);
  EXPECT_EQ(a->getOperands(), (llvm::SmallVector<Value *, 4>{y, x, y}));
  EXPECT_EQ(y->getNumUses(), 2u);
  for (unsigned i = 0; i != 3; ++i)
    EXPECT_EQ(a->getOpOperand(i).getOperandNumber(), i);

  a->eraseOperand(1);
  EXPECT_EQ(a->getOperands(), (llvm::SmallVector<Value *, 4>{y, y}));
  EXPECT_TRUE(x->use_empty());
  a->eraseOperand(0);
  EXPECT_TRUE(y->hasOneUse());
  EXPECT_EQ(y->getUses().begin()->getOperandNumber(), 0u);
}

TEST_F(IRTest, NullOperandsHaveNoUseList) {
  Operation *a = builder.create("test.maybe", {nullptr, x}, {f32({2, 4})});
  EXPECT_EQ(a->getOperand(0), nullptr);
  EXPECT_TRUE(x->hasOneUse());
  a->setOperand(0, y);
  EXPECT_TRUE(y->hasOneUse());
  a->setOperand(0, nullptr);
  EXPECT_TRUE(y->use_empty());
}

TEST_F(IRTest, ReplaceAllUsesWith) {
  Operation *a = add(x, x);
  Operation *b = neg(x);
  x->replaceAllUsesWith(y);
  EXPECT_TRUE(x->use_empty());
  EXPECT_EQ(y->getNumUses(), 3u);
  EXPECT_EQ(a->getOperands(), (llvm::SmallVector<Value *, 4>{y, y}));
  EXPECT_EQ(b->getOperand(0), y);
}

TEST_F(IRTest, ReplaceUsesWithIf) {
  Operation *a = add(x, x);
  Operation *b = neg(x);
  x->replaceUsesWithIf(y, [&](OpOperand &use) {
    return use.getOwner() == b || use.getOperandNumber() == 1;
  });
  EXPECT_EQ(a->getOperands(), (llvm::SmallVector<Value *, 4>{x, y}));
  EXPECT_EQ(b->getOperand(0), y);
  EXPECT_TRUE(x->hasOneUse());
  EXPECT_EQ(y->getNumUses(), 2u);
}

//===----------------------------------------------------------------------===//
// Builder rewrites
//===----------------------------------------------------------------------===//

TEST_F(IRTest, ReplaceOpMovesUsesAndErases) {
  Operation *a = add(x, y);
  Operation *b = neg(a->getResult(0));
  Operation *c = add(a->getResult(0), b->getResult(0));
  builder.replaceOp(a, {x});
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{b, c}));
  EXPECT_EQ(b->getOperand(0), x);
  EXPECT_EQ(c->getOperand(0), x);
  EXPECT_EQ(x->getNumUses(), 2u);
  EXPECT_TRUE(y->use_empty()); // a's own operand uses went with it
}

TEST_F(IRTest, ReplaceOpWithMultipleResults) {
  Operation *split = builder.create("aten.split.Tensor", {x}, {f32({1, 4}), f32({1, 4})});
  Operation *user = builder.create("aten.cat.default", {split->getResult(1), split->getResult(0)},
                                   {f32({2, 4})});
  Operation *first = neg(x);
  Operation *second = neg(y);
  builder.replaceOp(split, {first->getResult(0), second->getResult(0)});
  EXPECT_EQ(user->getOperands(),
            (llvm::SmallVector<Value *, 4>{second->getResult(0), first->getResult(0)}));
}

TEST_F(IRTest, EraseOpAtTheInsertionPointMovesItForward) {
  Operation *a = neg(x);
  Operation *b = neg(y);
  builder.setInsertionPoint(a);
  builder.eraseOp(a);
  EXPECT_EQ(builder.getInsertionPoint(), b);
  Operation *c = neg(x);
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{c, b}));
  EXPECT_TRUE(x->hasOneUse());
}

//===----------------------------------------------------------------------===//
// Insertion points
//===----------------------------------------------------------------------===//

TEST_F(IRTest, InsertionPoints) {
  Operation *a = neg(x);
  Operation *b = neg(y);

  builder.setInsertionPoint(b);
  Operation *beforeB = neg(x);
  builder.setInsertionPointAfter(b);
  Operation *afterB = neg(x);
  builder.setInsertionPointToStart(body);
  Operation *first = neg(x);
  Operation *second = neg(x); // still before the old front, after `first`
  builder.setInsertionPointToEnd(body);
  Operation *last = neg(x);
  builder.setInsertionPointAfter(last);
  EXPECT_EQ(builder.getInsertionPoint(), nullptr);
  Operation *afterLast = neg(x);

  EXPECT_EQ(builder.getInsertionBlock(), body);
  EXPECT_EQ(opsOf(*body),
            (std::vector<Operation *>{first, second, a, beforeB, b, afterB, last, afterLast}));
}

TEST_F(IRTest, InsertionPointToStartOfEmptyBlockAppends) {
  Operation *holder = builder.create("test.region_op", {}, {}, {}, 1);
  Block *inner = holder->getRegion(0).addBlock();
  builder.setInsertionPointToStart(inner);
  Operation *a = neg(x);
  Operation *b = neg(x);
  EXPECT_EQ(opsOf(*inner), (std::vector<Operation *>{a, b}));
}

TEST_F(IRTest, InsertionGuardRestoresPointAndProvenance) {
  Operation *a = neg(x);
  Operation *b = neg(y);
  ProvenanceRef outer = Provenance::make("outer");
  builder.setProvenance(outer);
  builder.setInsertionPoint(b);
  {
    InsertionGuard guard(builder);
    builder.setInsertionPointToStart(body);
    builder.setProvenance(Provenance::make("inner"));
    Operation *inside = neg(x);
    EXPECT_EQ(inside->getProvenance()->nodeName, "inner");
    EXPECT_EQ(body->front(), inside);
  }
  EXPECT_EQ(builder.getInsertionBlock(), body);
  EXPECT_EQ(builder.getInsertionPoint(), b);
  EXPECT_EQ(builder.getProvenance(), outer);
  Operation *after = neg(x);
  EXPECT_EQ(after->getNextNode(), b);
  EXPECT_EQ(after->getPrevNode(), a);
  EXPECT_EQ(after->getProvenance(), outer);

  // An insertion point at the end of a block is restored as the end.
  builder.setInsertionPointToEnd(body);
  {
    InsertionGuard guard(builder);
    builder.setInsertionPoint(a);
  }
  EXPECT_EQ(builder.getInsertionPoint(), nullptr);
  Operation *appended = neg(x);
  EXPECT_EQ(body->back(), appended);
}

TEST_F(IRTest, InsertionGuardRestoresNoInsertionPoint) {
  Builder detached(module);
  {
    InsertionGuard guard(detached);
    detached.setInsertionPointToEnd(body);
  }
  EXPECT_EQ(detached.getInsertionBlock(), nullptr);
  EXPECT_EQ(detached.getInsertionPoint(), nullptr);
  Operation *op = detached.create("aten.relu.default", {x}, {f32({2, 4})});
  EXPECT_EQ(op->getBlock(), nullptr);
  op->erase();
}

//===----------------------------------------------------------------------===//
// Moving ops and order queries
//===----------------------------------------------------------------------===//

TEST_F(IRTest, MoveBeforeAndAfter) {
  Operation *a = neg(x);
  Operation *b = neg(x);
  Operation *c = neg(x);
  c->moveBefore(a);
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{c, a, b}));
  c->moveAfter(b);
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{a, b, c}));
  a->moveAfter(b);
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{b, a, c}));
  b->moveBefore(c);
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{a, b, c}));
  EXPECT_EQ(body->front(), a);
  EXPECT_EQ(body->back(), c);
  EXPECT_EQ(body->getNumOps(), 3u);
}

TEST_F(IRTest, MoveAnOpRelativeToItselfIsANoOp) {
  Operation *a = neg(x);
  Operation *b = neg(x);
  Operation *c = neg(x);
  b->moveBefore(b);
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{a, b, c}));
  b->moveAfter(b);
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{a, b, c}));
  EXPECT_TRUE(a->isBeforeInBlock(b));
  EXPECT_TRUE(b->isBeforeInBlock(c));
}

TEST_F(IRTest, MoveIntoAnotherBlock) {
  Operation *holder = builder.create("test.region_op", {}, {}, {}, 1);
  Block *inner = holder->getRegion(0).addBlock();
  builder.setInsertionPointToEnd(inner);
  Operation *innerOp = neg(x);
  builder.setInsertionPointToEnd(body);
  Operation *outerOp = neg(x);

  outerOp->moveBefore(innerOp);
  EXPECT_EQ(outerOp->getBlock(), inner);
  EXPECT_EQ(outerOp->getParentOp(), holder);
  EXPECT_EQ(opsOf(*inner), (std::vector<Operation *>{outerOp, innerOp}));
  EXPECT_EQ(opsOf(*body), std::vector<Operation *>{holder});
  EXPECT_TRUE(outerOp->isBeforeInBlock(innerOp));

  innerOp->moveAfter(holder);
  EXPECT_EQ(opsOf(*body), (std::vector<Operation *>{holder, innerOp}));
  EXPECT_TRUE(holder->isBeforeInBlock(innerOp));
}

/// Checks isBefore against the positions found by walking the block.
void expectOrderMatchesList(const Block &block) {
  std::vector<Operation *> ops = opsOf(block);
  for (size_t i = 0; i != ops.size(); ++i)
    for (size_t j = 0; j != ops.size(); ++j)
      ASSERT_EQ(block.isBefore(ops[i], ops[j]), i < j) << "ops #" << i << " and #" << j;
}

TEST_F(IRTest, IsBeforeAfterInsertsErasesAndMoves) {
  std::vector<Operation *> ops;
  for (int i = 0; i != 8; ++i)
    ops.push_back(neg(x));
  expectOrderMatchesList(*body);

  // Appending keeps the numbering.
  neg(x);
  expectOrderMatchesList(*body);

  // Inserting in the middle.
  builder.setInsertionPoint(ops[4]);
  Operation *middle = neg(x);
  EXPECT_TRUE(ops[3]->isBeforeInBlock(middle));
  EXPECT_TRUE(middle->isBeforeInBlock(ops[4]));
  expectOrderMatchesList(*body);

  // Inserting at the front, after the numbering was used.
  builder.setInsertionPointToStart(body);
  Operation *front = neg(x);
  EXPECT_TRUE(front->isBeforeInBlock(ops[0]));
  expectOrderMatchesList(*body);

  // Erasing.
  builder.eraseOp(ops[2]);
  builder.eraseOp(ops[0]);
  expectOrderMatchesList(*body);

  // Moving, in both directions.
  ops[7]->moveBefore(ops[1]);
  EXPECT_TRUE(ops[7]->isBeforeInBlock(ops[1]));
  expectOrderMatchesList(*body);
  ops[1]->moveAfter(ops[6]);
  EXPECT_TRUE(ops[6]->isBeforeInBlock(ops[1]));
  expectOrderMatchesList(*body);
  front->moveAfter(body->back());
  EXPECT_EQ(body->back(), front);
  expectOrderMatchesList(*body);

  // Appending after a move to the end.
  builder.setInsertionPointToEnd(body);
  Operation *tail = neg(x);
  EXPECT_TRUE(front->isBeforeInBlock(tail));
  expectOrderMatchesList(*body);
}

TEST_F(IRTest, IsBeforeAfterAppendingToABlockEmptiedByErases) {
  Operation *a = neg(x);
  Operation *b = neg(x);
  EXPECT_TRUE(a->isBeforeInBlock(b));
  builder.eraseOp(b);
  builder.eraseOp(a);
  Operation *c = neg(x);
  Operation *d = neg(x);
  EXPECT_TRUE(c->isBeforeInBlock(d));
  EXPECT_FALSE(d->isBeforeInBlock(c));
  expectOrderMatchesList(*body);
}

//===----------------------------------------------------------------------===//
// Provenance
//===----------------------------------------------------------------------===//

constexpr const char *kTorchStackTrace =
    "  File \"/home/u/train.py\", line 40, in <module>\n"
    "    out = model(x)\n"
    "  File \"/home/u/model.py\", line 12, in forward\n"
    "    x = self.conv(x)\n";

TEST_F(IRTest, CreatedOpsShareTheProvenanceOfTheOpTheyReplace) {
  builder.setProvenance(Provenance::make("add_1", {{"stack_trace", kTorchStackTrace}}));
  Operation *original = add(x, y);
  const Provenance *record = original->getProvenance().get();
  ASSERT_NE(record, nullptr);

  builder.setProvenance(nullptr);
  EXPECT_EQ(neg(x)->getProvenance(), nullptr);

  builder.setInsertionPoint(original);
  builder.setProvenanceFrom(original);
  Operation *lowered1 = builder.create("onnx.Add", {x, y}, {f32({2, 4})});
  Operation *lowered2 = builder.create("onnx.Identity", {lowered1->getResult(0)}, {f32({2, 4})});
  builder.replaceOp(original, {lowered2->getResult(0)});

  EXPECT_EQ(lowered1->getProvenance().get(), record);
  EXPECT_EQ(lowered2->getProvenance().get(), record);
  EXPECT_EQ(lowered2->getProvenance()->getSourceLocation(), "/home/u/model.py:12");
  // The record outlives the op it was made for.
  EXPECT_EQ(lowered1->getProvenance()->nodeName, "add_1");
}

TEST(ProvenanceTest, MakeSortsFieldsAndKeepsTheLastOfDuplicates) {
  ProvenanceRef p = Provenance::make("conv2d", {{"torch_fn", "conv2d_1"},
                                               {"stack_trace", "first"},
                                               {"nn_module_stack", "L__self__"},
                                               {"stack_trace", "second"}});
  EXPECT_EQ(p->nodeName, "conv2d");
  ASSERT_EQ(p->fields.size(), 3u);
  EXPECT_EQ(p->fields[0].first, "nn_module_stack");
  EXPECT_EQ(p->fields[1].first, "stack_trace");
  EXPECT_EQ(p->fields[2].first, "torch_fn");
  EXPECT_EQ(p->lookup("stack_trace"), "second");
  EXPECT_EQ(p->lookup("torch_fn"), "conv2d_1");
  EXPECT_EQ(p->lookup("missing"), "");
  EXPECT_EQ(p->lookup("a"), "");
  EXPECT_EQ(p->lookup("zzz"), "");
}

TEST(ProvenanceTest, CopyOfCopiesItsStringsAndSortsLikeMake) {
  std::string name = "conv2d", trace = "File \"m.py\", line 3, in forward";
  ProvenanceRef p = Provenance::copyOf(
      name, {{"torch_fn", "conv2d_1"}, {"stack_trace", trace}, {"torch_fn", "conv2d_2"}});
  name.assign(name.size(), '?');
  trace.assign(trace.size(), '?');
  EXPECT_EQ(p->nodeName, "conv2d");
  ASSERT_EQ(p->fields.size(), 2u);
  EXPECT_EQ(p->fields[0], Provenance::Field("stack_trace", "File \"m.py\", line 3, in forward"));
  EXPECT_EQ(p->fields[1], Provenance::Field("torch_fn", "conv2d_2"));
  EXPECT_EQ(p->getSourceLocation(), "m.py:3");
}

TEST(ProvenanceTest, RecordsSharingStringsOutliveEachOther) {
  // Consecutive records with the same stack trace share its bytes; each
  // keeps them alive on its own.
  ProvenanceRef first = Provenance::make("add", {{"stack_trace", kTorchStackTrace}});
  ProvenanceRef second = Provenance::make("mul", {{"stack_trace", kTorchStackTrace},
                                                  {"torch_fn", "mul_1"}});
  EXPECT_EQ(second->lookup("stack_trace").data(), first->lookup("stack_trace").data());
  first = nullptr;
  ProvenanceRef third = Provenance::make("sub", {{"stack_trace", "other"}});
  EXPECT_EQ(second->nodeName, "mul");
  EXPECT_EQ(second->lookup("stack_trace"), kTorchStackTrace);
  EXPECT_EQ(second->getSourceLocation(), "/home/u/model.py:12");
  EXPECT_EQ(second->lookup("torch_fn"), "mul_1");
  EXPECT_EQ(third->lookup("stack_trace"), "other");
}

TEST(ProvenanceTest, SourceLocationIsTheInnermostFrame) {
  EXPECT_EQ(Provenance::make("n", {{"stack_trace", kTorchStackTrace}})->getSourceLocation(),
            "/home/u/model.py:12");
  EXPECT_EQ(Provenance::make("n", {{"stack_trace", "File \"/home/u/model.py\", line 12, in "
                                                   "forward\n    x = self.conv(x)"}})
                ->getSourceLocation(),
            "/home/u/model.py:12");
  EXPECT_EQ(Provenance::make("n", {{"stack_trace", "File \"mlp.py\", line 9, in forward"}})
                ->getSourceLocation(),
            "mlp.py:9");
}

TEST(ProvenanceTest, SourceLocationIsEmptyWithoutAFrame) {
  EXPECT_EQ(Provenance::make("n")->getSourceLocation(), "");
  EXPECT_EQ(Provenance::make("n", {{"stack_trace", "no frames here"}})->getSourceLocation(), "");
  EXPECT_EQ(Provenance::make("n", {{"stack_trace", "File \"x.py\", in forward"}})
                ->getSourceLocation(),
            "");
  EXPECT_EQ(Provenance::make("n", {{"stack_trace", "File \"x.py\", line ?"}})->getSourceLocation(),
            "");
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

std::vector<llvm::StringRef> attrNames(const Operation &op) {
  std::vector<llvm::StringRef> names;
  for (const NamedAttribute &a : op.getAttrs())
    names.push_back(a.name);
  return names;
}

TEST_F(IRTest, AttributesAreSortedAndReplaced) {
  Operation *op = builder.create("aten.sum.dim_IntList", {x}, {f32({2})},
                                 {{"keepdim", Attribute::boolean(false)},
                                  {"dim", Attribute::intList({1})},
                                  {"dtype", Attribute::dtype(DType::Float32)},
                                  {"dim", Attribute::intList({0})}});
  // A repeated name keeps the last value.
  EXPECT_EQ(attrNames(*op), (std::vector<llvm::StringRef>{"dim", "dtype", "keepdim"}));
  EXPECT_EQ(op->getAttr("dim")->getIntList(), llvm::ArrayRef<int64_t>({0}));

  op->setAttr("keepdim", Attribute::boolean(true));
  EXPECT_TRUE(op->getAttr("keepdim")->getBool());
  op->setAttr("alpha", Attribute::integer(2));
  op->setAttr("zeta", Attribute::unit());
  op->setAttr("eps", Attribute::floating(1e-5));
  EXPECT_EQ(attrNames(*op), (std::vector<llvm::StringRef>{"alpha", "dim", "dtype", "eps",
                                                          "keepdim", "zeta"}));
  EXPECT_TRUE(op->hasAttr("zeta"));
  EXPECT_TRUE(op->getAttr("zeta")->isUnit());
  EXPECT_EQ(op->getAttr("missing"), nullptr);

  EXPECT_TRUE(op->removeAttr("dim"));
  EXPECT_FALSE(op->removeAttr("dim"));
  EXPECT_FALSE(op->removeAttr("missing"));
  EXPECT_TRUE(op->removeAttr("zeta"));
  EXPECT_TRUE(op->removeAttr("alpha"));
  EXPECT_EQ(attrNames(*op), (std::vector<llvm::StringRef>{"dtype", "eps", "keepdim"}));
  EXPECT_EQ(op->getAttr("dtype")->getDType(), DType::Float32);
  EXPECT_EQ(op->getAttr("eps")->getFloat(), 1e-5);
}

TEST_F(IRTest, ArgOperandsAreFoundByArgNames) {
  Operation *sum = builder.create("aten.add.Tensor", {x, y}, {f32({2, 4})},
                                  {{"arg_names", Attribute::stringList({"self", "other"})}});
  EXPECT_EQ(sum->getArgOperand("self"), x);
  EXPECT_EQ(sum->getArgOperand("other"), y);
  EXPECT_EQ(sum->getArgOperand("alpha"), nullptr);
  // A list argument has one operand per element; the first is found.
  Operation *cat = builder.create("aten.cat.default", {y, x}, {f32({4, 4})},
                                  {{"arg_names", Attribute::stringList({"tensors", "tensors"})}});
  EXPECT_EQ(cat->getArgOperand("tensors"), y);
  // More names than operands: a name past the operands names nothing.
  Operation *relu = builder.create("aten.relu.default", {y}, {f32({2, 4})},
                                   {{"arg_names", Attribute::stringList({"self", "extra"})}});
  EXPECT_EQ(relu->getArgOperand("self"), y);
  EXPECT_EQ(relu->getArgOperand("extra"), nullptr);
  EXPECT_EQ(neg(x)->getArgOperand("self"), nullptr);
}

TEST_F(IRTest, OpsWithTheSameAttributesShareThemUntilOneChanges) {
  NamedAttribute alpha{"alpha", Attribute::integer(1)};
  Operation *first = builder.create("aten.add.Tensor", {x, y}, {f32({2, 4})}, {alpha});
  Operation *second = builder.create("aten.add.Tensor", {x, y}, {f32({2, 4})}, {alpha});
  EXPECT_EQ(first->getAttrs().data(), second->getAttrs().data());

  // Changing one op's attributes leaves the other's as they were.
  second->setAttr("alpha", Attribute::integer(2));
  EXPECT_EQ(first->getAttr("alpha")->getInt(), 1);
  EXPECT_EQ(second->getAttr("alpha")->getInt(), 2);
  first->setAttr("beta", Attribute::integer(3));
  EXPECT_EQ(attrNames(*first), (std::vector<llvm::StringRef>{"alpha", "beta"}));
  EXPECT_EQ(attrNames(*second), (std::vector<llvm::StringRef>{"alpha"}));
  EXPECT_TRUE(first->removeAttr("alpha"));
  EXPECT_EQ(second->getAttr("alpha")->getInt(), 2);

  // A new op equal to its neighbour shares with it again; erasing one of
  // them leaves the other's intact.
  Operation *third = builder.create("aten.add.Tensor", {x, y}, {f32({2, 4})},
                                    {{"alpha", Attribute::integer(2)}});
  EXPECT_EQ(third->getAttrs().data(), second->getAttrs().data());
  builder.eraseOp(second);
  EXPECT_EQ(third->getAttr("alpha")->getInt(), 2);
}

DenseElements denseI64(std::vector<int64_t> values) {
  DenseElements d{DType::Int64, {int64_t(values.size())}, {}};
  d.bytes.resize(values.size() * sizeof(int64_t));
  std::memcpy(d.bytes.data(), values.data(), d.bytes.size());
  return d;
}

TEST(AttributeTest, EqualityOfEachKind) {
  SymContext ctx;
  SymExpr s0 = ctx.getSymbol("s0");
  Type t = Type::tensor(DType::Float32, {2, 3});

  // Two equal attributes of each kind, built separately, then one different.
  std::vector<std::array<Attribute, 3>> cases = {
      {Attribute::unit(), Attribute(), Attribute::boolean(false)},
      {Attribute::boolean(true), Attribute::boolean(true), Attribute::boolean(false)},
      {Attribute::integer(7), Attribute::integer(7), Attribute::integer(-7)},
      {Attribute::floating(0.5), Attribute::floating(0.5), Attribute::floating(0.25)},
      {Attribute::string("a"), Attribute::string("a"), Attribute::string("b")},
      {Attribute::intList({1, 2}), Attribute::intList({1, 2}), Attribute::intList({1, 2, 3})},
      {Attribute::floatList({1.5}), Attribute::floatList({1.5}), Attribute::floatList({-1.5})},
      {Attribute::stringList({"a", "b"}), Attribute::stringList({"a", "b"}),
       Attribute::stringList({"b", "a"})},
      {Attribute::dtype(DType::Int64), Attribute::dtype(DType::Int64),
       Attribute::dtype(DType::Int32)},
      {Attribute::type(t), Attribute::type(t), Attribute::type(t.withDType(DType::Float16))},
      {Attribute::sym(s0 * 2), Attribute::sym(s0 + s0), Attribute::sym(s0)},
      {Attribute::dense(denseI64({1, 2})), Attribute::dense(denseI64({1, 2})),
       Attribute::dense(denseI64({2, 1}))},
      {Attribute::weightRef("w", t), Attribute::weightRef("w", t), Attribute::weightRef("v", t)},
      {Attribute::list({Attribute::integer(1), Attribute::string("x")}),
       Attribute::list({Attribute::integer(1), Attribute::string("x")}),
       Attribute::list({Attribute::string("x"), Attribute::integer(1)})},
  };
  for (size_t i = 0; i != cases.size(); ++i) {
    SCOPED_TRACE("case #" + std::to_string(i));
    const auto &[a, same, other] = cases[i];
    EXPECT_EQ(a.getKind(), same.getKind());
    EXPECT_EQ(a, same);
    EXPECT_EQ(a, a);
    EXPECT_NE(a, other);
    Attribute copy = a;
    EXPECT_EQ(copy, a);
    // Attributes of different kinds never compare equal.
    for (size_t j = 0; j != cases.size(); ++j) {
      if (j != i) {
        EXPECT_NE(a, cases[j][0]) << "against case #" << j;
      }
    }
  }
}

TEST(AttributeTest, EqualityDistinguishesWhatTheKindsShareStorageFor) {
  Type t = Type::tensor(DType::Float32, {2, 3});
  // A weight reference is its name and its type.
  EXPECT_NE(Attribute::weightRef("w", t), Attribute::weightRef("w", t.withDType(DType::Int8)));
  EXPECT_NE(Attribute::weightRef("w", t), Attribute::string("w"));
  EXPECT_NE(Attribute::type(t), Attribute::weightRef("", t));
  // Dense literals differ by shape even with the same bytes.
  DenseElements flat = denseI64({1, 2, 3, 4});
  DenseElements square = flat;
  square.shape = {2, 2};
  EXPECT_NE(Attribute::dense(flat), Attribute::dense(square));
  DenseElements asF64 = flat;
  asF64.dtype = DType::Float64;
  EXPECT_NE(Attribute::dense(flat), Attribute::dense(asF64));
  EXPECT_EQ(Attribute::dense(square).getDense().getType(), Type::tensor(DType::Int64, {2, 2}));
  EXPECT_EQ(Attribute::dense(square).getDense().getNumElements(), 4);
  EXPECT_NE(Attribute::boolean(true), Attribute::integer(1));
  EXPECT_NE(Attribute::intList({}), Attribute::floatList({}));
}

TEST(AttributeTest, FloatsCompareBitwise) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(Attribute::floating(nan), Attribute::floating(nan));
  EXPECT_EQ(Attribute::floatList({1.0, nan}), Attribute::floatList({1.0, nan}));
  EXPECT_NE(Attribute::floating(nan), Attribute::floating(-nan));
  EXPECT_NE(Attribute::floating(0.0), Attribute::floating(-0.0));
  EXPECT_NE(Attribute::floatList({0.0}), Attribute::floatList({-0.0}));
  EXPECT_EQ(Attribute::floating(std::numeric_limits<double>::infinity()),
            Attribute::floating(std::numeric_limits<double>::infinity()));
  EXPECT_TRUE(std::isnan(Attribute::floating(nan).getFloat()));
}

TEST(AttributeTest, Accessors) {
  Type t = Type::tensor(DType::Float32, {2});
  EXPECT_EQ(Attribute::string("txt").getString(), "txt");
  EXPECT_EQ(Attribute::weightRef("conv.weight", t).getString(), "conv.weight");
  EXPECT_EQ(Attribute::weightRef("conv.weight", t).getType(), t);
  EXPECT_EQ(Attribute::type(t).getType(), t);
  EXPECT_EQ(Attribute::stringList({"a"}).getStringList().size(), 1u);
  EXPECT_EQ(Attribute::floatList({0.5, 1.5}).getFloatList()[1], 1.5);
  EXPECT_EQ(Attribute::integer(-3).getInt(), -3);
  Attribute nested = Attribute::list({Attribute::integer(1), Attribute::list({})});
  ASSERT_EQ(nested.getList().size(), 2u);
  EXPECT_EQ(nested.getList()[1].getKind(), Attribute::Kind::List);
  EXPECT_TRUE(nested.getList()[1].getList().empty());
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

TEST(TypeTest, PrintsEachForm) {
  SymContext ctx;
  SymExpr s0 = ctx.getSymbol("s0");
  EXPECT_EQ(Type::tensor(DType::Float32, {2, 4}).str(), "tensor<2x4xf32>");
  EXPECT_EQ(Type::tensor(DType::Float32, {}).str(), "tensor<f32>");
  EXPECT_EQ(Type::tensor(DType::Float32, {Dim::of(s0), 4}).str(), "tensor<?x4xf32, \"s0\">");
  EXPECT_EQ(Type::tensor(DType::Int64, {Dim::unknown(), Dim::of(s0 * 2)}).str(),
            "tensor<?x?xi64, \"?, 2*s0\">");
  EXPECT_EQ(Type::tensor(DType::Bool, {3, Dim::unknown()}).str(), "tensor<3x?xi1, \"?\">");
  EXPECT_EQ(Type::tensor(DType::Complex64, {1}).str(), "tensor<1xcomplex<f32>>");
  EXPECT_EQ(Type::tensor(DType::Float8E5M2FNUZ, {1}).str(), "tensor<1x!torch.f8E5M2FNUZ>");
  EXPECT_EQ(Type::unrankedTensor(DType::Float32).str(), "tensor<*xf32>");
  EXPECT_EQ(Type::symInt().str(), "!torch.symint");
  EXPECT_EQ(Type::symInt(s0 + 1).str(), "!torch.symint<\"s0 + 1\">");
  EXPECT_EQ(Type::symFloat().str(), "!torch.symfloat");
  EXPECT_EQ(Type::symBool().str(), "!torch.symbool");
  EXPECT_EQ(Type::opaque("__torch__.Foo").str(), "!torch.opaque<\"__torch__.Foo\">");
  EXPECT_EQ(Type::opaque("a\"b").str(), "!torch.opaque<\"a\\22b\">");
  EXPECT_EQ(Type::none().str(), "none");
  EXPECT_EQ(Type().str(), "none");

  std::string streamed;
  llvm::raw_string_ostream os(streamed);
  os << Type::tensor(DType::Float32, {2});
  EXPECT_EQ(os.str(), "tensor<2xf32>");
}

TEST(TypeTest, DimKinds) {
  SymContext ctx;
  SymExpr s0 = ctx.getSymbol("s0");
  Dim folded = Dim::of(s0 - s0 + 3);
  EXPECT_TRUE(folded.isStatic());
  EXPECT_EQ(folded.getSize(), 3);
  EXPECT_EQ(folded, Dim(3));
  Dim sym = Dim::of(s0);
  EXPECT_TRUE(sym.isSymbolic());
  EXPECT_FALSE(sym.isStatic());
  EXPECT_FALSE(sym.isUnknown());
  EXPECT_EQ(sym.getExpr(), s0);
  EXPECT_TRUE(Dim::unknown().isUnknown());
  EXPECT_FALSE(Dim::unknown().isSymbolic());
  EXPECT_NE(sym, Dim::unknown());
  // A negative constant is not a size: it stays an expression.
  Dim negative = Dim::of(ctx.getConstant(-1));
  EXPECT_FALSE(negative.isStatic());
  EXPECT_TRUE(negative.isSymbolic());
}

TEST(TypeTest, Equality) {
  SymContext ctx;
  SymExpr s0 = ctx.getSymbol("s0");
  SymExpr s1 = ctx.getSymbol("s1");
  Type a = Type::tensor(DType::Float32, {Dim::of(s0), 4});
  EXPECT_EQ(a, Type::tensor(DType::Float32, {Dim::of(s0), 4}));
  EXPECT_NE(a, Type::tensor(DType::Float32, {Dim::of(s1), 4}));
  EXPECT_NE(a, Type::tensor(DType::Float32, {Dim::unknown(), 4}));
  EXPECT_NE(a, Type::tensor(DType::Float16, {Dim::of(s0), 4}));
  EXPECT_NE(a, Type::tensor(DType::Float32, {Dim::of(s0), 4, 1}));
  EXPECT_EQ(Type::tensor(DType::Float32, {Dim::of(s0 + s0)}),
            Type::tensor(DType::Float32, {Dim::of(s0 * 2)}));
  EXPECT_NE(Type::tensor(DType::Float32, {}), Type::unrankedTensor(DType::Float32));
  EXPECT_EQ(Type::unrankedTensor(DType::Int8), Type::unrankedTensor(DType::Int8));
  EXPECT_EQ(Type::symInt(s0), Type::symInt(s0));
  EXPECT_NE(Type::symInt(s0), Type::symInt());
  EXPECT_NE(Type::symInt(), Type::symFloat());
  EXPECT_NE(Type::symFloat(), Type::symBool());
  EXPECT_EQ(Type::opaque("A"), Type::opaque("A"));
  EXPECT_NE(Type::opaque("A"), Type::opaque("B"));
  EXPECT_NE(Type::opaque(""), Type::none());
  EXPECT_EQ(Type::none(), Type());
}

TEST(TypeTest, CopiesShareOneShapeThatOutlivesTheOriginal) {
  SymContext ctx;
  Type copy;
  {
    Type original = Type::tensor(DType::Float32, {Dim::of(ctx.getSymbol("s0")), 4});
    copy = original;
    EXPECT_EQ(copy.getShape().data(), original.getShape().data());
    Type moved = std::move(original);
    EXPECT_EQ(moved, copy);
  }
  EXPECT_EQ(copy.str(), "tensor<?x4xf32, \"s0\">");
  EXPECT_EQ(copy.withDType(DType::Float16).str(), "tensor<?x4xf16, \"s0\">");
  EXPECT_EQ(copy.withDType(DType::Float32).getShape().data(), copy.getShape().data());
  copy = Type::opaque("__torch__.Foo");
  EXPECT_EQ(copy.getOpaqueName(), "__torch__.Foo");
  const Type &alias = copy;
  copy = alias;
  EXPECT_EQ(copy.getOpaqueName(), "__torch__.Foo");
  copy = Type();
  EXPECT_TRUE(copy.isNone());
}

TEST(TypeTest, ShapeQueries) {
  SymContext ctx;
  SymExpr s0 = ctx.getSymbol("s0");
  Type t = Type::tensor(DType::Float32, {2, 3, 4});
  EXPECT_TRUE(t.isTensor());
  EXPECT_TRUE(t.isRanked());
  EXPECT_EQ(t.getRank(), 3u);
  EXPECT_TRUE(t.hasStaticShape());
  EXPECT_EQ(t.getNumElements(), 24);
  EXPECT_EQ(Type::tensor(DType::Float32, {}).getNumElements(), 1);
  EXPECT_EQ(Type::tensor(DType::Float32, {Dim::of(s0)}).getNumElements(), std::nullopt);
  EXPECT_EQ(Type::unrankedTensor(DType::Float32).getNumElements(), std::nullopt);
  EXPECT_FALSE(Type::unrankedTensor(DType::Float32).hasStaticShape());
  int64_t big = int64_t(1) << 40;
  EXPECT_EQ(Type::tensor(DType::Float32, {big, big}).getNumElements(), std::nullopt);
  EXPECT_EQ(t.withDType(DType::Int32), Type::tensor(DType::Int32, {2, 3, 4}));
  EXPECT_EQ(t.withShape({Dim::of(s0)}), Type::tensor(DType::Float32, {Dim::of(s0)}));
  EXPECT_TRUE(Type::symInt().isScalar());
  EXPECT_TRUE(Type::symBool().isScalar());
  EXPECT_FALSE(t.isScalar());
  EXPECT_TRUE(Type::none().isNone());
  EXPECT_EQ(Type::symInt(s0).getSymValue(), s0);
  EXPECT_EQ(Type::opaque("X").getOpaqueName(), "X");
  EXPECT_EQ(Type::opaque("X").getKind(), Type::Kind::Opaque);
}

//===----------------------------------------------------------------------===//
// DTypes
//===----------------------------------------------------------------------===//

TEST(DTypeTest, TablesAndRoundTrips) {
  for (unsigned i = 0; i != kNumDTypes; ++i) {
    DType t = static_cast<DType>(i);
    SCOPED_TRACE(getTorchName(t).str());
    EXPECT_EQ(parseTorchName(getTorchName(t)), t);
    EXPECT_EQ(parseIRName(getIRName(t)), t);
    EXPECT_GT(getDTypeSize(t), 0u);
    // Exactly one category.
    EXPECT_EQ(int(isFloatingPoint(t)) + int(isComplex(t)) + int(isIntegral(t)), 1);
    EXPECT_TRUE(!isSignedIntegral(t) || isIntegral(t));
  }
  EXPECT_EQ(parseTorchName("float"), std::nullopt);
  EXPECT_EQ(parseTorchName("f32"), std::nullopt);
  EXPECT_EQ(parseIRName("float32"), std::nullopt);
  EXPECT_EQ(parseIRName(""), std::nullopt);
}

TEST(DTypeTest, SizesAndNames) {
  struct Expected {
    DType type;
    unsigned size;
    const char *torchName;
    const char *irName;
  };
  const Expected table[] = {
      {DType::Bool, 1, "bool", "i1"},
      {DType::UInt8, 1, "uint8", "ui8"},
      {DType::Int8, 1, "int8", "i8"},
      {DType::Int16, 2, "int16", "i16"},
      {DType::Int32, 4, "int32", "i32"},
      {DType::Int64, 8, "int64", "i64"},
      {DType::UInt16, 2, "uint16", "ui16"},
      {DType::UInt32, 4, "uint32", "ui32"},
      {DType::UInt64, 8, "uint64", "ui64"},
      {DType::Float16, 2, "float16", "f16"},
      {DType::BFloat16, 2, "bfloat16", "bf16"},
      {DType::Float32, 4, "float32", "f32"},
      {DType::Float64, 8, "float64", "f64"},
      {DType::Float8E4M3FN, 1, "float8_e4m3fn", "f8E4M3FN"},
      {DType::Float8E4M3FNUZ, 1, "float8_e4m3fnuz", "!torch.f8E4M3FNUZ"},
      {DType::Float8E5M2, 1, "float8_e5m2", "f8E5M2"},
      {DType::Float8E5M2FNUZ, 1, "float8_e5m2fnuz", "!torch.f8E5M2FNUZ"},
      {DType::Complex64, 8, "complex64", "complex<f32>"},
      {DType::Complex128, 16, "complex128", "complex<f64>"},
  };
  ASSERT_EQ(std::size(table), kNumDTypes);
  for (const Expected &e : table) {
    EXPECT_EQ(getDTypeSize(e.type), e.size) << e.torchName;
    EXPECT_EQ(getTorchName(e.type), e.torchName);
    EXPECT_EQ(getIRName(e.type), e.irName);
  }
  EXPECT_TRUE(isSignedIntegral(DType::Int8));
  EXPECT_FALSE(isSignedIntegral(DType::UInt8));
  EXPECT_FALSE(isSignedIntegral(DType::Bool));
  EXPECT_TRUE(isIntegral(DType::Bool));
  EXPECT_TRUE(isFloatingPoint(DType::BFloat16));
  EXPECT_TRUE(isFloatingPoint(DType::Float8E4M3FNUZ));
  EXPECT_TRUE(isComplex(DType::Complex128));
  EXPECT_FALSE(isFloatingPoint(DType::Complex64));
}

//===----------------------------------------------------------------------===//
// Weights
//===----------------------------------------------------------------------===//

WeightData weightOf(DType dtype, llvm::ArrayRef<int64_t> shape, uint8_t fill) {
  size_t n = getDTypeSize(dtype);
  for (int64_t d : shape)
    n *= size_t(d);
  std::vector<uint8_t> bytes(n, fill);
  return WeightData::copyOf(dtype, shape, bytes);
}

TEST(WeightTest, CopyOfOwnsItsBytes) {
  std::vector<uint8_t> source = {1, 2, 3, 4, 5, 6, 7, 8};
  WeightData w = WeightData::copyOf(DType::Int16, {2, 2}, source);
  source.assign(8, 0);
  source.shrink_to_fit();
  EXPECT_EQ(w.bytes.vec(), (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_NE(w.keepAlive, nullptr);
  EXPECT_EQ(w.numBytes(), 8u);
  EXPECT_TRUE(w.hasData());
  EXPECT_EQ(w.getType(), Type::tensor(DType::Int16, {2, 2}));

  WeightData copy = w; // copies share the buffer
  w = WeightData();
  EXPECT_EQ(copy.bytes[7], 8);
}

TEST(WeightTest, ElidedAndEmptyData) {
  WeightData elided;
  elided.dtype = DType::Float32;
  elided.shape = {3};
  EXPECT_FALSE(elided.hasData());
  WeightData empty = WeightData::copyOf(DType::Float32, {0, 3}, {});
  EXPECT_EQ(empty.numBytes(), 0u);
  EXPECT_TRUE(empty.hasData());
  WeightData scalar = weightOf(DType::Float64, {}, 0);
  EXPECT_EQ(scalar.numBytes(), 8u);
  EXPECT_EQ(scalar.getType(), Type::tensor(DType::Float64, {}));
}

TEST(WeightTest, AddLookupReplaceAndRemove) {
  Module module;
  EXPECT_TRUE(module.getWeights().empty());
  EXPECT_EQ(module.lookupWeight("a"), nullptr);
  for (char c : std::string("abcdef"))
    module.addWeight(std::string(1, c), weightOf(DType::UInt8, {2}, uint8_t(c)));

  // Replacing keeps the position.
  module.addWeight("c", weightOf(DType::Float32, {3}, 'C'));
  ASSERT_EQ(module.getWeights().size(), 6u);
  EXPECT_EQ(module.getWeights()[2].first, "c");
  EXPECT_EQ(module.lookupWeight("c")->dtype, DType::Float32);
  EXPECT_EQ(module.lookupWeight("c")->bytes[0], 'C');

  module.removeWeightsIf([](llvm::StringRef name, const WeightData &) {
    return name == "a" || name == "d" || name == "f";
  });
  std::vector<std::string> names;
  for (const auto &[name, data] : module.getWeights())
    names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"b", "c", "e"}));
  // The name index follows the new positions.
  for (const std::string &name : names) {
    const WeightData *w = module.lookupWeight(name);
    ASSERT_NE(w, nullptr) << name;
    EXPECT_EQ(w->bytes[0], name == "c" ? 'C' : name[0]);
  }
  for (const char *gone : {"a", "d", "f"})
    EXPECT_EQ(module.lookupWeight(gone), nullptr) << gone;

  // Adding after removal appends and replacing still finds the right slot.
  module.addWeight("a", weightOf(DType::UInt8, {1}, 'A'));
  module.addWeight("e", weightOf(DType::UInt8, {1}, 'E'));
  ASSERT_EQ(module.getWeights().size(), 4u);
  EXPECT_EQ(module.getWeights()[3].first, "a");
  EXPECT_EQ(module.getWeights()[2].first, "e");
  EXPECT_EQ(module.lookupWeight("e")->bytes[0], 'E');
  EXPECT_EQ(module.lookupWeight("a")->bytes[0], 'A');

  module.removeWeightsIf([](llvm::StringRef, const WeightData &) { return true; });
  EXPECT_TRUE(module.getWeights().empty());
  EXPECT_EQ(module.lookupWeight("b"), nullptr);
}

TEST_F(IRTest, ConstantsAndWeightReferences) {
  Value *literal = builder.createConstant(denseI64({4, 5, 6}));
  Operation *literalOp = literal->getDefiningOp();
  EXPECT_TRUE(literalOp->isa(builtin::kConstant));
  EXPECT_EQ(literal->getType(), Type::tensor(DType::Int64, {3}));
  EXPECT_EQ(literalOp->getAttr("value")->getKind(), Attribute::Kind::Dense);

  Type wt = f32({2, 4});
  module.addWeight("fc.weight", weightOf(DType::Float32, {2, 4}, 0));
  Value *ref = builder.createWeightRef("fc.weight", wt);
  const Attribute *value = ref->getDefiningOp()->getAttr("value");
  ASSERT_NE(value, nullptr);
  EXPECT_EQ(value->getKind(), Attribute::Kind::WeightRef);
  EXPECT_EQ(value->getString(), "fc.weight");
  EXPECT_EQ(value->getType(), wt);
  EXPECT_EQ(ref->getType(), wt);
  EXPECT_EQ(module.lookupWeight(value->getString())->getType(), wt);
}

//===----------------------------------------------------------------------===//
// Nested regions
//===----------------------------------------------------------------------===//

TEST_F(IRTest, NestedRegionsWalkParentsBeforeChildren) {
  Operation *pred = builder.create("test.pred", {x}, {Type::symBool()});
  Operation *cond = builder.create("aten.cond", {pred->getResult(0), x},
                                   {f32({2, 4})}, {}, /*numRegions=*/2);
  Operation *ret = builder.createReturn({cond->getResult(0)});

  Block *thenBlock = cond->getRegion(0).addBlock();
  Block *elseBlock = cond->getRegion(1).addBlock();
  BlockArgument *thenArg = thenBlock->addArgument(f32({2, 4}), "t");
  builder.setInsertionPointToEnd(thenBlock);
  Operation *thenNeg = neg(thenArg);
  Operation *thenYield = builder.createReturn({thenNeg->getResult(0)});
  builder.setInsertionPointToEnd(elseBlock);
  Operation *inner = builder.create("test.inner", {}, {}, {}, 1);
  Block *innerBlock = inner->getRegion(0).addBlock();
  Operation *elseYield = builder.createReturn({y}); // uses a value from two levels up
  builder.setInsertionPointToEnd(innerBlock);
  Operation *deep = neg(x);

  EXPECT_EQ(cond->getNumRegions(), 2u);
  EXPECT_EQ(cond->getRegion(1).getParentOp(), cond);
  EXPECT_EQ(thenNeg->getParentOp(), cond);
  EXPECT_EQ(thenNeg->getParentRegion(), &cond->getRegion(0));
  EXPECT_EQ(deep->getParentOp(), inner);
  EXPECT_EQ(deep->getParentOp()->getParentOp(), cond);
  EXPECT_EQ(thenArg->getParentBlock(), thenBlock);
  EXPECT_EQ(thenBlock->getTerminator(), thenYield);

  EXPECT_TRUE(cond->isAncestor(cond));
  EXPECT_TRUE(cond->isAncestor(deep));
  EXPECT_TRUE(graph->isAncestor(deep));
  EXPECT_FALSE(deep->isAncestor(cond));
  EXPECT_FALSE(thenNeg->isAncestor(deep));

  std::vector<Operation *> visited;
  graph->walk([&](Operation *op) { visited.push_back(op); });
  EXPECT_EQ(visited, (std::vector<Operation *>{graph, pred, cond, thenNeg, thenYield, inner, deep,
                                               elseYield, ret}));
  EXPECT_EQ(module.countOps(), visited.size());
  EXPECT_EQ(x->getNumUses(), 3u);
  EXPECT_EQ(y->getNumUses(), 1u);
}

TEST_F(IRTest, WalkMayMoveTheCurrentOp) {
  Operation *a = neg(x);
  Operation *b = neg(a->getResult(0));
  Operation *c = neg(x);
  std::vector<Operation *> visited;
  graph->walk([&](Operation *op) {
    visited.push_back(op);
    if (op == b)
      op->moveBefore(a); // moving the visited op does not skip its successors
  });
  EXPECT_EQ(visited, (std::vector<Operation *>{graph, a, b, c}));
}

TEST_F(IRTest, TakeBodyMovesBlocksBetweenRegions) {
  Operation *from = builder.create("test.from", {}, {}, {}, 1);
  Operation *to = builder.create("test.to", {}, {}, {}, 1);
  Block *block = from->getRegion(0).addBlock();
  builder.setInsertionPointToEnd(block);
  Operation *op = neg(x);
  to->getRegion(0).takeBody(from->getRegion(0));
  EXPECT_TRUE(from->getRegion(0).empty());
  ASSERT_EQ(to->getRegion(0).getNumBlocks(), 1u);
  EXPECT_EQ(&to->getRegion(0).front(), block);
  EXPECT_EQ(block->getParent(), &to->getRegion(0));
  EXPECT_EQ(op->getParentOp(), to);
  from->erase();
}

//===----------------------------------------------------------------------===//
// Teardown
//===----------------------------------------------------------------------===//

// Uses that cross regions, graphs and block order, valid or not: destroying
// the module must not touch freed memory (the ASan build checks this).
TEST(TeardownTest, DestroysAModuleWithCrossReferences) {
  auto module = std::make_unique<Module>();
  Builder b(*module);
  Type t = Type::tensor(DType::Float32, {4});
  Operation *first = module->addGraph("first");
  Operation *second = module->addGraph("second");
  Block &firstBody = Module::getGraphBody(first);
  Block &secondBody = Module::getGraphBody(second);
  BlockArgument *in = firstBody.addArgument(t, "in");

  b.setInsertionPointToEnd(&firstBody);
  Operation *region = b.create("test.region", {in}, {t}, {}, 2);
  Operation *late = b.create("test.late", {in}, {t});
  b.createReturn({region->getResult(0)});

  // Region 0 uses the outer argument, a later op of the outer block, and the
  // result of its own parent.
  Block *r0 = region->getRegion(0).addBlock();
  BlockArgument *r0Arg = r0->addArgument(t, "r0");
  b.setInsertionPointToEnd(r0);
  Operation *innerDef = b.create("test.inner_def", {in, late->getResult(0)}, {t});
  b.create("test.uses_parent", {region->getResult(0), r0Arg}, {t});
  // Region 1 uses a value of region 0 and a value of itself defined later.
  Block *r1 = region->getRegion(1).addBlock();
  b.setInsertionPointToEnd(r1);
  Operation *forward = b.create("test.forward", {innerDef->getResult(0)}, {t});
  Operation *laterInR1 = b.create("test.later", {}, {t});
  forward->insertOperand(1, laterInR1->getResult(0));
  // An op uses its own result.
  Operation *self = b.create("test.self", {}, {t});
  self->insertOperand(0, self->getResult(0));

  // The outer block uses values from inside the region and from the other
  // graph, which is destroyed after this one; the other graph uses this one.
  b.setInsertionPoint(late);
  b.create("test.escape", {innerDef->getResult(0), r0Arg, self->getResult(0)}, {t});
  b.setInsertionPointToEnd(&secondBody);
  Operation *crossGraph = b.create("test.cross", {in, innerDef->getResult(0)}, {t});
  b.createReturn({crossGraph->getResult(0)});
  b.setInsertionPoint(late);
  b.create("test.backwards", {crossGraph->getResult(0)}, {t});

  EXPECT_GT(in->getNumUses(), 3u);
  module.reset();
}

TEST(TeardownTest, ErasingAnOpWithRegionsDropsNestedUses) {
  Module module;
  Builder b(module);
  Type t = Type::tensor(DType::Float32, {4});
  Operation *graph = module.addGraph("main");
  Block &body = Module::getGraphBody(graph);
  BlockArgument *in = body.addArgument(t, "in");
  b.setInsertionPointToEnd(&body);
  Operation *region = b.create("test.region", {}, {}, {}, 1);
  b.setInsertionPointToEnd(region->getRegion(0).addBlock());
  Operation *a = b.create("test.a", {in}, {t});
  b.create("test.b", {in, a->getResult(0)}, {t});
  EXPECT_EQ(in->getNumUses(), 2u);
  b.eraseOp(region);
  EXPECT_TRUE(in->use_empty());
  EXPECT_TRUE(body.empty());
}

//===----------------------------------------------------------------------===//
// Scale
//===----------------------------------------------------------------------===//

// A million-op chain, every op's uses replaced and every other op erased.
// Each step is O(1) or O(uses), so this finishes in well under a second in
// release builds; anything quadratic would not finish at all.
TEST(ScaleTest, RewritesAMillionOpChain) {
  constexpr size_t kNumOps = 1'000'000;
  Module module;
  Builder b(module);
  Type t = Type::tensor(DType::Float32, {4});
  Block &body = Module::getGraphBody(module.addGraph("main"));
  Value *prev = body.addArgument(t, "x");
  b.setInsertionPointToEnd(&body);
  OperationName add = OperationName::get("aten.add.Tensor");
  std::vector<Operation *> chain;
  chain.reserve(kNumOps);
  for (size_t i = 0; i != kNumOps; ++i) {
    Operation *op = b.create(add, {prev, prev}, {t}, {{"alpha", Attribute::integer(1)}});
    chain.push_back(op);
    prev = op->getResult(0);
  }
  b.createReturn({prev});
  ASSERT_EQ(body.getNumOps(), kNumOps + 1);

  // Order queries after appends need no renumbering; one after a middle
  // insert renumbers once.
  EXPECT_TRUE(chain[10]->isBeforeInBlock(chain[kNumOps - 1]));
  b.setInsertionPoint(chain[kNumOps / 2]);
  b.create("test.marker", {}, {})->erase();

  // Replace the uses of every odd op by its operand, then erase it.
  for (size_t i = 1; i < kNumOps; i += 2) {
    Operation *op = chain[i];
    op->getResult(0)->replaceAllUsesWith(op->getOperand(0));
    b.eraseOp(op);
  }
  ASSERT_EQ(body.getNumOps(), kNumOps / 2 + 1);

  // Every remaining add uses the previous remaining one twice.
  Value *expected = body.getArgument(0);
  size_t seen = 0;
  for (Operation &op : body) {
    if (!op.isa("aten.add.Tensor"))
      break;
    ASSERT_EQ(op.getOperand(0), expected);
    ASSERT_EQ(op.getOperand(1), expected);
    expected = op.getResult(0);
    ++seen;
  }
  EXPECT_EQ(seen, kNumOps / 2);
  EXPECT_EQ(body.back()->getOperand(0), expected);
  EXPECT_EQ(body.getArgument(0)->getNumUses(), 2u);
  EXPECT_TRUE(chain[0]->isBeforeInBlock(chain[kNumOps - 2]));
  EXPECT_FALSE(chain[kNumOps - 2]->isBeforeInBlock(chain[2]));

  // Every use rewritten again: each remaining op's uses go to the argument.
  for (size_t i = 0; i < kNumOps; i += 2)
    chain[i]->getResult(0)->replaceAllUsesWith(body.getArgument(0));
  EXPECT_EQ(body.getArgument(0)->getNumUses(), kNumOps + 1);
}

/// Resident pages of this process (the second field of /proc/self/statm).
long residentPages() {
  std::ifstream statm("/proc/self/statm");
  long size = 0, resident = -1;
  statm >> size >> resident;
  return resident;
}

TEST(WeightDataTest, ReleasePagesDropsReadFilePagesAndKeepsTheBytes) {
  if (residentPages() < 0)
    GTEST_SKIP() << "no /proc/self/statm";
  size_t page = llvm::sys::Process::getPageSizeEstimate();
  size_t size = 2048 * page;
  llvm::SmallString<128> path;
  int fd;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("weights", "bin", fd, path));
  std::vector<uint8_t> content(size);
  for (size_t i = 0; i != size; ++i)
    content[i] = uint8_t(i * 7 + i / page);
  {
    llvm::raw_fd_ostream out(fd, /*shouldClose=*/true);
    out.write(reinterpret_cast<const char *>(content.data()), content.size());
  }
  std::error_code ec;
  llvm::sys::fs::file_t file = llvm::sys::fs::openNativeFileForRead(path).get();
  auto mapping = std::make_shared<llvm::sys::fs::mapped_file_region>(
      file, llvm::sys::fs::mapped_file_region::readonly, size, 0, ec);
  llvm::sys::fs::closeFile(file);
  ASSERT_FALSE(ec);
  WeightData w;
  w.dtype = DType::UInt8;
  w.shape = {int64_t(size)};
  // Not page aligned at either end: only the pages wholly inside go.
  w.bytes = llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(mapping->const_data()),
                                    size)
                .slice(100, size - 200);
  w.keepAlive = mapping;
  w.fileMapped = true;

  auto readAll = [&] {
    return std::equal(w.bytes.begin(), w.bytes.end(), content.begin() + 100);
  };
  ASSERT_TRUE(readAll());
  long before = residentPages();
  w.releasePages();
  long after = residentPages();
  EXPECT_GE(before - after, 2000) << "the 2046 read pages inside the view stay resident";
  EXPECT_TRUE(readAll()) << "released pages read back from the file";

  // Heap bytes are never released: the flag is what allows it.
  WeightData heap = WeightData::copyOf(DType::UInt8, {int64_t(size)}, content);
  heap.releasePages();
  EXPECT_TRUE(std::equal(heap.bytes.begin(), heap.bytes.end(), content.begin()));
  llvm::sys::fs::remove(path);
}

} // namespace
