//===- Operation.h - SSA values, operations, blocks and regions -----------===//
//
// The structure of the IR, after MLIR:
//   Operation  a named op (`aten.add.Tensor`, `onnx.Conv`, `ir.return`) with
//              operands, results, sorted named attributes, nested regions and
//              its provenance;
//   Value      an op result or a block argument: one definition, a type, an
//              optional name, and an intrusive list of its uses;
//   Block      an ordered list of operations and its arguments;
//   Region     a list of blocks owned by an operation (graphs, the branches
//              of cond, the bodies of while_loop / map).
//
// Every link (op list, use list) is intrusive and doubly linked, so insert,
// erase, and replacing a use are O(1) and replaceAllUsesWith is O(uses):
// rewriting stays linear on graphs of millions of ops.
//
// An op is one allocation: its results and its operand slots follow it in
// memory (operands move to a separate array only when an op gains more than
// it was created with). Attributes live in immutable, reference-counted
// storage that ops with the same attributes share, and types and provenance
// records are shared the same way, so a typical op costs a few hundred bytes
// and one or two allocations.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_OPERATION_H
#define PT2ONNX_IR_OPERATION_H

#include "ir/Attribute.h"
#include "ir/OperationName.h"
#include "ir/Provenance.h"
#include "ir/Type.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/iterator.h"
#include "llvm/ADT/iterator_range.h"

#include <atomic>
#include <memory>
#include <string>

namespace pt2onnx::ir {

class Block;
class Operation;
class OpOperand;
class Region;

/// An SSA value: the result of an operation or an argument of a block.
class Value {
public:
  enum class Kind : uint8_t { OpResult, BlockArgument };

  Value(const Value &) = delete;
  Value &operator=(const Value &) = delete;

  Kind getKind() const { return kind; }
  const Type &getType() const { return type; }
  void setType(Type t) { type = std::move(t); }

  /// The name the value came with (a torch node or input name); empty when
  /// anonymous. Printers fall back to numbers.
  llvm::StringRef getName() const { return name; }
  void setName(llvm::StringRef n) { name = n.str(); }

  /// The defining operation for results, null for block arguments.
  Operation *getDefiningOp() const;
  /// The block for arguments; the block of the defining op for results.
  Block *getParentBlock() const;
  /// Result number or argument number.
  unsigned getIndex() const { return index; }

  bool use_empty() const { return firstUse == nullptr; }
  bool hasOneUse() const;
  size_t getNumUses() const;

  class use_iterator
      : public llvm::iterator_facade_base<use_iterator, std::forward_iterator_tag, OpOperand> {
  public:
    explicit use_iterator(OpOperand *u = nullptr) : cur(u) {}
    bool operator==(const use_iterator &o) const { return cur == o.cur; }
    OpOperand &operator*() const { return *cur; }
    using iterator_facade_base::operator++;
    use_iterator &operator++();

  private:
    OpOperand *cur;
  };
  /// The uses. Safe against removal of the current use only when the caller
  /// advances first (use make_early_inc_range).
  llvm::iterator_range<use_iterator> getUses() const {
    return {use_iterator(firstUse), use_iterator()};
  }

  /// Makes every use of this value use `other` instead.
  void replaceAllUsesWith(Value *other);
  /// Like replaceAllUsesWith, for the uses `shouldReplace` accepts.
  void replaceUsesWithIf(Value *other, llvm::function_ref<bool(OpOperand &)> shouldReplace);

protected:
  Value(Kind kind, Type type, unsigned index) : kind(kind), index(index), type(std::move(type)) {}
  ~Value() = default;

private:
  friend class OpOperand;
  friend class Operation;
  friend class Block;
  Kind kind;
  unsigned index;
  Type type;
  std::string name;
  OpOperand *firstUse = nullptr;
  void *owner = nullptr; // Operation* for results, Block* for arguments.
};

class OpResult final : public Value {
public:
  Operation *getOwner() const;

private:
  friend class Operation;
  OpResult(Type type, unsigned index) : Value(Kind::OpResult, std::move(type), index) {}
};

class BlockArgument final : public Value {
public:
  Block *getOwner() const;

private:
  friend class Block;
  BlockArgument(Type type, unsigned index) : Value(Kind::BlockArgument, std::move(type), index) {}
};

/// One operand slot of an operation, linked into its value's use list.
class OpOperand {
public:
  OpOperand(const OpOperand &) = delete;
  OpOperand &operator=(const OpOperand &) = delete;
  ~OpOperand() { unlink(); }

  Value *get() const { return value; }
  void set(Value *v);
  Operation *getOwner() const { return owner; }
  unsigned getOperandNumber() const;

private:
  friend class Operation;
  friend class Value;
  friend class Block;
  OpOperand(Operation *owner, Value *v) : owner(owner) { link(v); }
  void link(Value *v);
  void unlink();
  /// Takes over the use list position of `from`, which is left unlinked:
  /// how operand slots move when an op's operand array is reallocated.
  void takeLink(OpOperand &from);

  Value *value = nullptr;
  Operation *owner;
  OpOperand *nextUse = nullptr;
  OpOperand **prevNext = nullptr; // the pointer that points at this use
};

/// A region: an ordered list of blocks owned by an operation.
class Region {
public:
  explicit Region(Operation *parent) : parent(parent) {}
  ~Region();
  Region(const Region &) = delete;
  Region &operator=(const Region &) = delete;

  Operation *getParentOp() const { return parent; }
  bool empty() const { return blocks.empty(); }
  size_t getNumBlocks() const { return blocks.size(); }
  Block &front() const { return *blocks.front(); }
  llvm::ArrayRef<std::unique_ptr<Block>> getBlocks() const { return blocks; }

  /// Appends a new empty block.
  Block *addBlock();
  /// Moves all blocks of `other` to the end of this region.
  void takeBody(Region &other);

private:
  Operation *parent;
  llvm::SmallVector<std::unique_ptr<Block>, 1> blocks;
};

/// A basic block: arguments and an ordered, intrusive list of operations.
class Block {
public:
  explicit Block(Region *parent) : parent(parent) {}
  ~Block();
  Block(const Block &) = delete;
  Block &operator=(const Block &) = delete;

  Region *getParent() const { return parent; }
  Operation *getParentOp() const { return parent ? parent->getParentOp() : nullptr; }

  // Arguments.
  size_t getNumArguments() const { return arguments.size(); }
  BlockArgument *getArgument(unsigned i) const { return arguments[i].get(); }
  llvm::ArrayRef<std::unique_ptr<BlockArgument>> getArguments() const { return arguments; }
  BlockArgument *addArgument(Type type, llvm::StringRef name = {});
  /// Erases an argument that has no uses; later arguments are renumbered.
  void eraseArgument(unsigned i);

  // Operations.
  bool empty() const { return head == nullptr; }
  Operation *front() const { return head; }
  Operation *back() const { return tail; }
  size_t getNumOps() const { return numOps; }

  class iterator
      : public llvm::iterator_facade_base<iterator, std::bidirectional_iterator_tag, Operation> {
  public:
    iterator(Operation *op, const Block *block) : cur(op), block(block) {}
    bool operator==(const iterator &o) const { return cur == o.cur; }
    Operation &operator*() const { return *cur; }
    using iterator_facade_base::operator++;
    using iterator_facade_base::operator--;
    iterator &operator++();
    iterator &operator--();
    Operation *getOp() const { return cur; }

  private:
    Operation *cur;
    const Block *block;
  };
  iterator begin() const { return iterator(head, this); }
  iterator end() const { return iterator(nullptr, this); }

  /// Takes ownership of `op` and links it before `before` (at the end when
  /// `before` is null).
  void insert(Operation *before, Operation *op);
  void push_back(Operation *op) { insert(nullptr, op); }
  /// Unlinks `op` without destroying it; the caller owns it afterwards.
  void remove(Operation *op);

  /// True when `a` comes before `b`; both must be in this block. Amortized
  /// O(1): the block numbers its ops lazily and renumbers after edits.
  bool isBefore(const Operation *a, const Operation *b) const;

  /// The last op, when it is a terminator-like `ir.return` / `ir.yield`.
  Operation *getTerminator() const;

private:
  friend class Operation;
  friend class Region;
  void renumber() const;

  Region *parent;
  llvm::SmallVector<std::unique_ptr<BlockArgument>, 4> arguments;
  Operation *head = nullptr;
  Operation *tail = nullptr;
  size_t numOps = 0;
  mutable bool orderValid = false;
};

/// An operation. Created with Operation::create and owned by the block it is
/// inserted in (or by the caller while detached); destroyed with erase().
class Operation {
public:
  struct State {
    OperationName name;
    llvm::SmallVector<Value *, 4> operands;
    llvm::SmallVector<Type, 2> resultTypes;
    llvm::SmallVector<NamedAttribute, 2> attributes;
    unsigned numRegions = 0;
    ProvenanceRef provenance;

    explicit State(OperationName name) : name(name) {}
  };

  static Operation *create(State state);
  /// Creates a detached op. `attrsLike`, when given, is an op (usually the
  /// one the new op will follow) whose attribute storage the new op shares
  /// if its attributes are the same: neighbouring ops mostly are.
  static Operation *create(OperationName name, llvm::ArrayRef<Value *> operands,
                           llvm::ArrayRef<Type> resultTypes,
                           llvm::ArrayRef<NamedAttribute> attributes, unsigned numRegions,
                           ProvenanceRef provenance, const Operation *attrsLike = nullptr);
  Operation(const Operation &) = delete;
  Operation &operator=(const Operation &) = delete;

  OperationName getName() const { return name; }
  /// `aten`, `onnx`, `ir`, ...
  llvm::StringRef getDialect() const { return name.getDialect(); }
  bool isa(llvm::StringRef opName) const { return name.getStringRef() == opName; }

  // Placement.
  Block *getBlock() const { return block; }
  Operation *getParentOp() const { return block ? block->getParentOp() : nullptr; }
  Region *getParentRegion() const { return block ? block->getParent() : nullptr; }
  Operation *getPrevNode() const { return prev; }
  Operation *getNextNode() const { return next; }
  bool isBeforeInBlock(const Operation *other) const { return block->isBefore(this, other); }
  /// True when `this` is `other` or contains it in one of its regions.
  bool isAncestor(const Operation *other) const;
  /// Moves this op next to `other`, possibly into another block; moving an
  /// op next to itself leaves it where it is.
  void moveBefore(Operation *other);
  void moveAfter(Operation *other);

  /// Unlinks from the block, drops operand uses and destroys the op and its
  /// regions. Its results must have no uses left.
  void erase();

  // Operands.
  unsigned getNumOperands() const { return numOperands; }
  Value *getOperand(unsigned i) const { return operands[i].get(); }
  void setOperand(unsigned i, Value *v) { operands[i].set(v); }
  OpOperand &getOpOperand(unsigned i) { return operands[i]; }
  llvm::SmallVector<Value *, 4> getOperands() const;
  /// Operand slots stay where they are unless the op gains more operands
  /// than it has room for; then they move, with their uses, and references
  /// to OpOperands of this op are invalidated (as in MLIR).
  void setOperands(llvm::ArrayRef<Value *> values);
  void insertOperand(unsigned index, Value *v);
  void eraseOperand(unsigned index);
  /// Drops all operand uses (before erasing a group of ops that use each
  /// other).
  void dropAllUses();

  // Results.
  unsigned getNumResults() const { return numResults; }
  OpResult *getResult(unsigned i) const { return &getResultStorage()[i]; }
  llvm::ArrayRef<OpResult> getResults() const { return {getResultStorage(), numResults}; }
  bool use_empty() const;

  // Attributes, kept sorted by name.
  llvm::ArrayRef<NamedAttribute> getAttrs() const {
    return attrs ? llvm::ArrayRef<NamedAttribute>(attrs->begin(), attrs->size)
                 : llvm::ArrayRef<NamedAttribute>();
  }
  const Attribute *getAttr(llvm::StringRef attrName) const;
  bool hasAttr(llvm::StringRef attrName) const { return getAttr(attrName) != nullptr; }
  void setAttr(llvm::StringRef attrName, Attribute value);
  bool removeAttr(llvm::StringRef attrName);
  /// The first operand that the `arg_names` attribute of an op-table op
  /// names `argName` (the importer names each operand after its schema
  /// argument, docs/frontend.md), or null when none is.
  Value *getArgOperand(llvm::StringRef argName) const;

  // Regions.
  unsigned getNumRegions() const { return regions.size(); }
  Region &getRegion(unsigned i) const { return *regions[i]; }

  // Provenance.
  const ProvenanceRef &getProvenance() const { return provenance; }
  void setProvenance(ProvenanceRef p) { provenance = std::move(p); }

  /// Visits this op and every op nested in its regions, parents before
  /// children; `fn` may not erase the op it is given.
  void walk(llvm::function_ref<void(Operation *)> fn);

private:
  friend class Block;
  friend class OpOperand;

  /// Attributes sorted by name, immutable once made: setAttr and removeAttr
  /// copy them unless this op holds the only reference.
  struct AttrStorage {
    std::atomic<uint32_t> refs;
    uint32_t size;
    NamedAttribute *begin() { return reinterpret_cast<NamedAttribute *>(this + 1); }
    const NamedAttribute *begin() const {
      return reinterpret_cast<const NamedAttribute *>(this + 1);
    }
    static AttrStorage *make(llvm::ArrayRef<NamedAttribute> sorted);
    void release();
  };

  Operation(OperationName name, unsigned numResults, unsigned numOperands);
  ~Operation();
  void destroy();
  OpResult *getResultStorage() const {
    return reinterpret_cast<OpResult *>(const_cast<Operation *>(this) + 1);
  }
  /// Makes room for `capacity` operands, moving them to a larger array.
  void reserveOperands(unsigned capacity);
  /// Replaces the attributes with `sorted` (sorted by name, unique).
  void setAttrStorage(llvm::ArrayRef<NamedAttribute> sorted);

  OperationName name;
  Block *block = nullptr;
  Operation *prev = nullptr;
  Operation *next = nullptr;
  mutable size_t orderIndex = 0;
  /// After the results in this op's own allocation, or a separate array
  /// once the op outgrew that.
  OpOperand *operands;
  unsigned numOperands = 0;
  unsigned operandCapacity;
  unsigned numResults;
  bool operandsInline = true;
  AttrStorage *attrs = nullptr;
  llvm::SmallVector<std::unique_ptr<Region>, 0> regions;
  ProvenanceRef provenance;
};

} // namespace pt2onnx::ir

#endif // PT2ONNX_IR_OPERATION_H
