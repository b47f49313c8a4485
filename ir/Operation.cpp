//===- Operation.cpp - SSA values, operations, blocks and regions ---------===//

#include "ir/Operation.h"

#include <algorithm>
#include <cassert>
#include <memory>
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

void OpOperand::takeLink(OpOperand &from) {
  assert(!value && "taking over a use into a linked slot");
  value = from.value;
  nextUse = from.nextUse;
  prevNext = from.prevNext;
  if (value) {
    *prevNext = this;
    if (nextUse)
      nextUse->prevNext = &nextUse;
  }
  from.value = nullptr;
  from.nextUse = nullptr;
  from.prevNext = nullptr;
}

void OpOperand::set(Value *v) {
  if (v == value)
    return;
  unlink();
  link(v);
}

unsigned OpOperand::getOperandNumber() const { return unsigned(this - owner->operands); }

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

Operation::AttrStorage *Operation::AttrStorage::make(llvm::ArrayRef<NamedAttribute> sorted) {
  static_assert(alignof(AttrStorage) <= alignof(NamedAttribute) &&
                    sizeof(AttrStorage) % alignof(NamedAttribute) == 0,
                "attributes follow their storage header");
  void *memory = ::operator new(sizeof(AttrStorage) + sorted.size() * sizeof(NamedAttribute));
  auto *storage = static_cast<AttrStorage *>(memory);
  new (&storage->refs) std::atomic<uint32_t>(1);
  storage->size = uint32_t(sorted.size());
  std::uninitialized_copy(sorted.begin(), sorted.end(), storage->begin());
  return storage;
}

void Operation::AttrStorage::release() {
  if (refs.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  std::destroy_n(begin(), size);
  ::operator delete(this);
}

Operation::Operation(OperationName name, unsigned numResults, unsigned numOperands)
    : name(name),
      operands(reinterpret_cast<OpOperand *>(reinterpret_cast<OpResult *>(this + 1) + numResults)),
      operandCapacity(numOperands), numResults(numResults) {}

Operation::~Operation() {
  regions.clear();
  for (unsigned i = 0; i != numOperands; ++i)
    operands[i].~OpOperand();
  if (!operandsInline)
    ::operator delete(operands);
  OpResult *results = getResultStorage();
  for (unsigned i = 0; i != numResults; ++i)
    results[i].~OpResult();
  if (attrs)
    attrs->release();
}

Operation *Operation::create(State state) {
  return create(state.name, state.operands, state.resultTypes, state.attributes, state.numRegions,
                std::move(state.provenance));
}

namespace {
bool isSortedAndUnique(llvm::ArrayRef<NamedAttribute> attrs) {
  for (size_t i = 1; i < attrs.size(); ++i)
    if (!(attrs[i - 1].name < attrs[i].name))
      return false;
  return true;
}

bool sameAttributes(llvm::ArrayRef<NamedAttribute> a, llvm::ArrayRef<NamedAttribute> b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i != a.size(); ++i)
    if (a[i].name != b[i].name || a[i].value != b[i].value)
      return false;
  return true;
}
} // namespace

Operation *Operation::create(OperationName name, llvm::ArrayRef<Value *> operands,
                             llvm::ArrayRef<Type> resultTypes,
                             llvm::ArrayRef<NamedAttribute> attributes, unsigned numRegions,
                             ProvenanceRef provenance, const Operation *attrsLike) {
  static_assert(alignof(Operation) >= alignof(OpResult) && alignof(OpResult) >= alignof(OpOperand),
                "results and operands follow the op");
  unsigned numResults = resultTypes.size(), numOperands = operands.size();
  void *memory = ::operator new(sizeof(Operation) + numResults * sizeof(OpResult) +
                                numOperands * sizeof(OpOperand));
  auto *op = new (memory) Operation(name, numResults, numOperands);
  OpResult *results = op->getResultStorage();
  for (unsigned i = 0; i != numResults; ++i) {
    new (&results[i]) OpResult(resultTypes[i], i);
    results[i].owner = op;
  }
  for (unsigned i = 0; i != numOperands; ++i)
    new (&op->operands[i]) OpOperand(op, operands[i]);
  op->numOperands = numOperands;

  if (!attributes.empty()) {
    if (!isSortedAndUnique(attributes)) {
      // Sorted by name; of repeated names the last one wins, as setAttr
      // would have it.
      llvm::SmallVector<NamedAttribute, 4> sorted(attributes.begin(), attributes.end());
      std::stable_sort(sorted.begin(), sorted.end(),
                       [](const NamedAttribute &a, const NamedAttribute &b) {
                         return a.name < b.name;
                       });
      size_t kept = 0;
      for (size_t i = 0; i != sorted.size(); ++i) {
        if (kept != 0 && sorted[kept - 1].name == sorted[i].name) {
          sorted[kept - 1].value = std::move(sorted[i].value);
          continue;
        }
        if (kept != i)
          sorted[kept] = std::move(sorted[i]);
        ++kept;
      }
      sorted.resize(kept);
      op->setAttrStorage(sorted);
    } else if (attrsLike && attrsLike->attrs && sameAttributes(attributes, attrsLike->getAttrs())) {
      op->attrs = attrsLike->attrs;
      op->attrs->refs.fetch_add(1, std::memory_order_relaxed);
    } else {
      op->attrs = AttrStorage::make(attributes);
    }
  }
  op->regions.reserve(numRegions);
  for (unsigned i = 0; i != numRegions; ++i)
    op->regions.push_back(std::make_unique<Region>(op));
  op->provenance = std::move(provenance);
  return op;
}

void Operation::destroy() {
  assert(!block && "destroying an op that is still in a block");
  this->~Operation();
  ::operator delete(this);
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
  out.reserve(numOperands);
  for (unsigned i = 0; i != numOperands; ++i)
    out.push_back(operands[i].get());
  return out;
}

void Operation::reserveOperands(unsigned capacity) {
  if (capacity <= operandCapacity)
    return;
  capacity = std::max(capacity, operandCapacity * 2);
  auto *moved = static_cast<OpOperand *>(::operator new(capacity * sizeof(OpOperand)));
  for (unsigned i = 0; i != numOperands; ++i) {
    new (&moved[i]) OpOperand(this, nullptr);
    moved[i].takeLink(operands[i]);
    operands[i].~OpOperand();
  }
  if (!operandsInline)
    ::operator delete(operands);
  operands = moved;
  operandCapacity = capacity;
  operandsInline = false;
}

void Operation::setOperands(llvm::ArrayRef<Value *> values) {
  // Re-link in place where slots exist.
  while (numOperands > values.size())
    operands[--numOperands].~OpOperand();
  reserveOperands(values.size());
  for (unsigned i = 0; i != values.size(); ++i) {
    if (i < numOperands)
      operands[i].set(values[i]);
    else
      new (&operands[i]) OpOperand(this, values[i]);
  }
  numOperands = values.size();
}

void Operation::insertOperand(unsigned index, Value *v) {
  assert(index <= numOperands && "inserting past the end of the operands");
  reserveOperands(numOperands + 1);
  new (&operands[numOperands]) OpOperand(this, nullptr);
  for (unsigned i = numOperands; i != index; --i)
    operands[i].takeLink(operands[i - 1]);
  ++numOperands;
  operands[index].set(v);
}

void Operation::eraseOperand(unsigned index) {
  assert(index < numOperands && "erasing past the end of the operands");
  operands[index].unlink();
  for (unsigned i = index + 1; i != numOperands; ++i)
    operands[i - 1].takeLink(operands[i]);
  operands[--numOperands].~OpOperand();
}

void Operation::dropAllUses() {
  for (unsigned i = 0; i != numOperands; ++i)
    operands[i].unlink();
}

bool Operation::use_empty() const {
  for (unsigned i = 0; i != numResults; ++i)
    if (!getResult(i)->use_empty())
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
  llvm::ArrayRef<NamedAttribute> all = getAttrs();
  auto it = findAttr(all, attrName);
  return it != all.end() && it->name == attrName ? &it->value : nullptr;
}

Value *Operation::getArgOperand(llvm::StringRef argName) const {
  const Attribute *names = getAttr("arg_names");
  if (!names || names->getKind() != Attribute::Kind::StringList)
    return nullptr;
  for (auto [i, name] : llvm::enumerate(names->getStringList()))
    if (name == argName && i < getNumOperands())
      return getOperand(unsigned(i));
  return nullptr;
}

void Operation::setAttrStorage(llvm::ArrayRef<NamedAttribute> sorted) {
  AttrStorage *old = attrs;
  attrs = sorted.empty() ? nullptr : AttrStorage::make(sorted);
  if (old)
    old->release();
}

void Operation::setAttr(llvm::StringRef attrName, Attribute value) {
  llvm::ArrayRef<NamedAttribute> all = getAttrs();
  size_t at = findAttr(all, attrName) - all.begin();
  bool replaces = at != all.size() && all[at].name == attrName;
  if (replaces && attrs->refs.load(std::memory_order_acquire) == 1) {
    attrs->begin()[at].value = std::move(value);
    return;
  }
  llvm::SmallVector<NamedAttribute, 4> updated;
  updated.reserve(all.size() + 1);
  updated.append(all.begin(), all.begin() + at);
  updated.push_back(NamedAttribute{attrName.str(), std::move(value)});
  updated.append(all.begin() + at + (replaces ? 1 : 0), all.end());
  setAttrStorage(updated);
}

bool Operation::removeAttr(llvm::StringRef attrName) {
  llvm::ArrayRef<NamedAttribute> all = getAttrs();
  size_t at = findAttr(all, attrName) - all.begin();
  if (at == all.size() || all[at].name != attrName)
    return false;
  llvm::SmallVector<NamedAttribute, 4> updated;
  updated.append(all.begin(), all.begin() + at);
  updated.append(all.begin() + at + 1, all.end());
  setAttrStorage(updated);
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
