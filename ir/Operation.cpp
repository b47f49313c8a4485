//===- Operation.cpp - SSA values, operations, blocks and regions ---------===//

#include "ir/Operation.h"

#include <algorithm>
#include <cassert>
#include <new>

namespace pt2onnx::ir {

//===----------------------------------------------------------------------===//
// Value
//===----------------------------------------------------------------------===//

Operation *Value::getDefiningOp() const {
  return kind == Kind::OpResult ? static_cast<Operation *>(owner) : nullptr;
}

Block *Value::getParentBlock() const {
  if (kind == Kind::BlockArgument)
    return static_cast<Block *>(owner);
  return static_cast<Operation *>(owner)->getBlock();
}

bool Value::hasOneUse() const { return firstUse && !firstUse->nextUse; }

size_t Value::getNumUses() const {
  size_t n = 0;
  for (OpOperand *u = firstUse; u; u = u->nextUse)
    ++n;
  return n;
}

Value::use_iterator &Value::use_iterator::operator++() {
  cur = cur->nextUse;
  return *this;
}

void Value::replaceAllUsesWith(Value *other) {
  assert(other != this && "replacing a value with itself");
  while (firstUse)
    firstUse->set(other);
}

void Value::replaceUsesWithIf(Value *other,
                              llvm::function_ref<bool(OpOperand &)> shouldReplace) {
  for (OpOperand &use : llvm::make_early_inc_range(getUses()))
    if (shouldReplace(use))
      use.set(other);
}

Operation *OpResult::getOwner() const { return getDefiningOp(); }
Block *BlockArgument::getOwner() const { return getParentBlock(); }

//===----------------------------------------------------------------------===//
// OpOperand
//===----------------------------------------------------------------------===//

void OpOperand::link(Value *v) {
  value = v;
  if (!v)
    return;
  nextUse = v->firstUse;
  if (nextUse)
    nextUse->prevNext = &nextUse;
  prevNext = &v->firstUse;
  v->firstUse = this;
}

void OpOperand::unlink() {
  if (!value)
    return;
  *prevNext = nextUse;
  if (nextUse)
    nextUse->prevNext = prevNext;
  value = nullptr;
  nextUse = nullptr;
  prevNext = nullptr;
}

void OpOperand::set(Value *v) {
  if (v == value)
    return;
  unlink();
  link(v);
}

unsigned OpOperand::getOperandNumber() const {
  for (unsigned i = 0, e = owner->getNumOperands(); i != e; ++i)
    if (&owner->getOpOperand(i) == this)
      return i;
  assert(false && "operand not found in its owner");
  return ~0u;
}

//===----------------------------------------------------------------------===//
// Region
//===----------------------------------------------------------------------===//

Region::~Region() {
  // Uses may cross blocks of the region (and nested regions); drop them all
  // before destroying anything.
  for (auto &b : blocks)
    for (Operation &op : *b)
      op.walk([](Operation *nested) { nested->dropAllUses(); });
}

Block *Region::addBlock() {
  blocks.push_back(std::make_unique<Block>(this));
  return blocks.back().get();
}

void Region::takeBody(Region &other) {
  for (auto &b : other.blocks) {
    b->parent = this;
    blocks.push_back(std::move(b));
  }
  other.blocks.clear();
}

//===----------------------------------------------------------------------===//
// Block
//===----------------------------------------------------------------------===//

Block::~Block() {
  while (head) {
    Operation *op = head;
    op->dropAllUses();
    remove(op);
    // Results may still be used by ops later in this block; those uses are
    // dropped when those ops are destroyed. Unlink them now so the values
    // can go.
    for (unsigned i = 0, e = op->getNumResults(); i != e; ++i)
      while (OpOperand *u = op->getResult(i)->firstUse)
        u->unlink();
    op->destroy();
  }
  for (auto &arg : arguments)
    while (OpOperand *u = arg->firstUse)
      u->unlink();
}

BlockArgument *Block::addArgument(Type type, llvm::StringRef name) {
  auto *arg = new BlockArgument(std::move(type), arguments.size());
  arg->owner = this;
  arg->setName(name);
  arguments.emplace_back(arg);
  return arg;
}

void Block::eraseArgument(unsigned i) {
  assert(arguments[i]->use_empty() && "erasing a used block argument");
  arguments.erase(arguments.begin() + i);
  for (unsigned j = i, e = arguments.size(); j != e; ++j)
    arguments[j]->index = j;
}

Block::iterator &Block::iterator::operator++() {
  cur = cur->next;
  return *this;
}

Block::iterator &Block::iterator::operator--() {
  cur = cur ? cur->prev : block->tail;
  return *this;
}

void Block::insert(Operation *before, Operation *op) {
  assert(!op->block && "op is already in a block");
  assert((!before || before->block == this) && "insertion point in another block");
  op->block = this;
  op->next = before;
  op->prev = before ? before->prev : tail;
  if (op->prev)
    op->prev->next = op;
  else
    head = op;
  if (before)
    before->prev = op;
  else
    tail = op;
  ++numOps;
  // Appending keeps the numbering valid when there is room after the tail.
  if (orderValid && !before && (!op->prev || op->prev->orderIndex < SIZE_MAX - 1))
    op->orderIndex = op->prev ? op->prev->orderIndex + 1 : 0;
  else
    orderValid = false;
}

void Block::remove(Operation *op) {
  assert(op->block == this && "op is not in this block");
  if (op->prev)
    op->prev->next = op->next;
  else
    head = op->next;
  if (op->next)
    op->next->prev = op->prev;
  else
    tail = op->prev;
  op->prev = op->next = nullptr;
  op->block = nullptr;
  --numOps;
  // Removal keeps the relative order of the rest: the numbering stays valid.
}

void Block::renumber() const {
  size_t i = 0;
  for (Operation *op = head; op; op = op->next)
    op->orderIndex = i++;
  orderValid = true;
}

bool Block::isBefore(const Operation *a, const Operation *b) const {
  assert(a->block == this && b->block == this && "ops are not in this block");
  if (!orderValid)
    renumber();
  return a->orderIndex < b->orderIndex;
}

Operation *Block::getTerminator() const {
  if (!tail)
    return nullptr;
  const OpSchema *schema = tail->getName().getSchema();
  return schema && schema->isTerminator ? tail : nullptr;
}

//===----------------------------------------------------------------------===//
// Operation
//===----------------------------------------------------------------------===//

Operation::Operation(OperationName name, unsigned numResults)
    : name(name), numResults(numResults) {}

Operation::~Operation() {
  for (unsigned i = 0; i != numResults; ++i)
    results[i].~OpResult();
  ::operator delete(results);
}

Operation *Operation::create(State state) {
  auto *op = new Operation(state.name, state.resultTypes.size());
  op->results = static_cast<OpResult *>(::operator new(sizeof(OpResult) * op->numResults));
  for (unsigned i = 0; i != op->numResults; ++i) {
    new (&op->results[i]) OpResult(std::move(state.resultTypes[i]), i);
    op->results[i].owner = op;
  }
  op->operands.reserve(state.operands.size());
  for (Value *v : state.operands)
    op->operands.emplace_back(new OpOperand(op, v));
  op->attrs.reserve(state.attributes.size());
  for (NamedAttribute &a : state.attributes)
    op->setAttr(a.name, std::move(a.value));
  for (unsigned i = 0; i != state.numRegions; ++i)
    op->regions.push_back(std::make_unique<Region>(op));
  op->provenance = std::move(state.provenance);
  return op;
}

void Operation::destroy() {
  assert(!block && "destroying an op that is still in a block");
  delete this;
}

void Operation::erase() {
  assert(use_empty() && "erasing an op whose results are still used");
  if (block)
    block->remove(this);
  dropAllUses();
  destroy();
}

bool Operation::isAncestor(const Operation *other) const {
  for (const Operation *op = other; op; op = op->getParentOp())
    if (op == this)
      return true;
  return false;
}

void Operation::moveBefore(Operation *other) {
  if (other == this)
    return;
  block->remove(this);
  other->block->insert(other, this);
}

void Operation::moveAfter(Operation *other) {
  if (other == this)
    return;
  block->remove(this);
  other->block->insert(other->next, this);
}

llvm::SmallVector<Value *, 4> Operation::getOperands() const {
  llvm::SmallVector<Value *, 4> out;
  out.reserve(operands.size());
  for (const auto &o : operands)
    out.push_back(o->get());
  return out;
}

void Operation::setOperands(llvm::ArrayRef<Value *> values) {
  // Re-link in place where slots exist; OpOperand addresses of kept slots
  // stay stable.
  while (operands.size() > values.size())
    operands.pop_back();
  for (size_t i = 0; i != values.size(); ++i) {
    if (i < operands.size())
      operands[i]->set(values[i]);
    else
      operands.emplace_back(new OpOperand(this, values[i]));
  }
}

void Operation::insertOperand(unsigned index, Value *v) {
  operands.insert(operands.begin() + index, std::unique_ptr<OpOperand>(new OpOperand(this, v)));
}

void Operation::eraseOperand(unsigned index) { operands.erase(operands.begin() + index); }

void Operation::dropAllUses() {
  for (auto &o : operands)
    o->unlink();
}

bool Operation::use_empty() const {
  for (unsigned i = 0; i != numResults; ++i)
    if (!results[i].use_empty())
      return false;
  return true;
}

namespace {
auto findAttr(llvm::ArrayRef<NamedAttribute> attrs, llvm::StringRef name) {
  return std::lower_bound(attrs.begin(), attrs.end(), name,
                          [](const NamedAttribute &a, llvm::StringRef n) { return a.name < n; });
}
} // namespace

const Attribute *Operation::getAttr(llvm::StringRef attrName) const {
  auto it = findAttr(attrs, attrName);
  return it != attrs.end() && it->name == attrName ? &it->value : nullptr;
}

void Operation::setAttr(llvm::StringRef attrName, Attribute value) {
  auto it = attrs.begin() + (findAttr(attrs, attrName) - attrs.begin());
  if (it != attrs.end() && it->name == attrName)
    it->value = std::move(value);
  else
    attrs.insert(it, NamedAttribute{attrName.str(), std::move(value)});
}

bool Operation::removeAttr(llvm::StringRef attrName) {
  auto it = attrs.begin() + (findAttr(attrs, attrName) - attrs.begin());
  if (it == attrs.end() || it->name != attrName)
    return false;
  attrs.erase(it);
  return true;
}

void Operation::walk(llvm::function_ref<void(Operation *)> fn) {
  fn(this);
  for (auto &r : regions)
    for (auto &b : r->getBlocks())
      for (Operation *op = b->front(); op;) {
        Operation *nextOp = op->next;
        op->walk(fn);
        op = nextOp;
      }
}

} // namespace pt2onnx::ir
