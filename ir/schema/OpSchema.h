//===- OpSchema.h - A PyTorch operator overload's schema, parsed -----------===//
//
// An OpSchema is what pt2onnx knows about one operator it may meet in a
// program: its key as the importer spells targets (`aten.add.Tensor`), the
// schema torch registered for it (`add.Tensor(Tensor self, Tensor other, *,
// Scalar alpha=1) -> Tensor`) parsed into arguments and returns, its tags,
// whether it has a CompositeImplicitAutograd kernel and whether torch's
// decomposition tables hold it, and, for an overload that writes its
// arguments, the functional overload it stands for.
//
// Mutation and aliasing are read from the schema's alias annotations, the way
// torchgen classifies schemas, never from names: `Tensor(a!)` is written,
// `Tensor(a)` shares storage with a return annotated `(a)`, `Tensor(a -> *)`
// flows into a wildcard set.
//
// The higher-order ops (`higher_order.cond`) and the Python functions
// torch.export writes as symbolic nodes (`operator.add`, `math.ceil`) are
// entries without a schema: no arguments, no returns.
//
// The grammar is torchgen's, as torch prints schemas:
//   name[.overload](type name[=default], ..., *, kwarg..., ...) -> returns
// where a type is a base name with an optional alias annotation, then `?`,
// `[]` or `[N]`; returns are one type, `()`, or a parenthesized list of types,
// each optionally named.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_IR_SCHEMA_OPSCHEMA_H
#define PT2ONNX_IR_SCHEMA_OPSCHEMA_H

#include "ir/Attribute.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace pt2onnx::schema {

/// The element type of a schema type, without its list and optional markers.
enum class BaseType : uint8_t {
  Tensor,
  Scalar,
  Int,
  SymInt,
  Float,
  SymFloat,
  Bool,
  SymBool,
  Str,
  ScalarType,
  Layout,
  Device,
  MemoryFormat,
  Generator,
  Dimname,
  Storage,
  Stream,
  /// Anything else (a torchbind class, `Any`, a container).
  Other,
};

/// A type as a schema spells it: `Tensor`, `Tensor?`, `Tensor(a!)`,
/// `Tensor?[]`, `SymInt[2]`, `int[]?`.
struct SchemaType {
  /// The text as written in the schema, alias annotation included.
  llvm::StringRef spelling;
  BaseType base = BaseType::Other;
  /// `T?` or `T[]?`: the whole value may be None.
  bool optional = false;
  bool isList = false;
  /// `T?[]`: the list's elements may be None.
  bool elementOptional = false;
  /// N of `T[N]`, 0 for `T[]`.
  unsigned listSize = 0;

  /// `Tensor` (written or aliased or not).
  bool isTensor() const { return base == BaseType::Tensor && !isList && !optional; }
  /// `Tensor?`.
  bool isOptionalTensor() const { return base == BaseType::Tensor && !isList && optional; }
  /// `Tensor[]` or `Tensor?[]`.
  bool isTensorList() const { return base == BaseType::Tensor && isList; }
  /// `int` or `SymInt`, any list or optional form.
  bool isIntLike() const { return base == BaseType::Int || base == BaseType::SymInt; }
};

/// An alias annotation: `(a)`, `(a!)`, `(a -> *)`, `(a|b)`.
struct AliasInfo {
  /// The sets before `->` (`a` of `a -> *`), and after (`*`); without an
  /// arrow, both are the one written set.
  llvm::SmallVector<llvm::StringRef, 1> beforeSets;
  llvm::SmallVector<llvm::StringRef, 1> afterSets;
  /// `!`: the operator writes this value.
  bool isWrite = false;
};

/// One argument of an overload.
struct SchemaArgument {
  llvm::StringRef name;
  SchemaType type;
  /// After `*`: passed only by name.
  bool kwargOnly = false;
  std::optional<AliasInfo> alias;
  /// The default as written (`1`, `None`, `[1, 1]`, `"mean"`), empty if none.
  llvm::StringRef defaultSpelling;
  /// The default typed for the argument's type: unit for None, a boolean,
  /// integer, float, string, int or float list, a dtype (ScalarType) or the
  /// importer's name of a memory format (`torch.contiguous_format`). Empty
  /// when there is no default, or it has no such form.
  std::optional<ir::Attribute> defaultValue;

  bool hasDefault() const { return !defaultSpelling.empty(); }
  bool isWritten() const { return alias && alias->isWrite; }
};

/// One result of an overload; most are unnamed.
struct SchemaReturn {
  llvm::StringRef name;
  SchemaType type;
  std::optional<AliasInfo> alias;
};

/// torch.Tag, one bit each.
enum class OpTag : uint32_t {
#define PT2ONNX_OP_TAG(NAME, BIT) NAME = 1u << BIT,
#include "ir/schema/OpTags.def"
};

/// What an overload does to its arguments, from its alias annotations.
enum class SchemaKind : uint8_t {
  /// Writes nothing and returns no alias of an argument.
  Functional,
  /// Writes `self` (its first argument) and returns it.
  InPlace,
  /// Writes keyword-only `out` arguments and returns them.
  Out,
  /// Writes some other argument (`_native_batch_norm_legit`'s running stats).
  Mutable,
  /// Writes nothing; a return shares storage with an argument.
  View,
};

/// Where an entry comes from.
enum class OpOrigin : uint8_t {
  /// A dispatcher operator overload, with a schema.
  Overload,
  /// A higher-order op (`higher_order.cond`): no schema.
  HigherOrder,
  /// A Python function on symbolic values (`operator.add`): no schema.
  Symbolic,
};

class OpSchema {
public:
  /// `aten.add.Tensor`; `.default` for the unnamed overload.
  llvm::StringRef getKey() const { return key; }
  /// `aten`, `higher_order`, `operator`, ...
  llvm::StringRef getNamespace() const { return ns; }
  /// `add`, `add_`.
  llvm::StringRef getName() const { return name; }
  /// `Tensor`, `default`; empty for an entry without a schema.
  llvm::StringRef getOverload() const { return overload; }
  /// The schema as torch prints it, without the namespace; empty for an
  /// entry without a schema.
  llvm::StringRef getSchemaString() const { return schemaString; }
  OpOrigin getOrigin() const { return origin; }
  bool hasSchema() const { return origin == OpOrigin::Overload; }

  llvm::ArrayRef<SchemaArgument> getArguments() const { return arguments; }
  llvm::ArrayRef<SchemaReturn> getReturns() const { return returns; }
  /// The argument named `argName`, or null.
  const SchemaArgument *argument(llvm::StringRef argName) const;
  /// The position of the argument named `argName`.
  std::optional<unsigned> argumentIndex(llvm::StringRef argName) const;
  /// The schema ends with `...`: more positional arguments may follow.
  bool isVararg() const { return vararg; }

  bool hasTag(OpTag tag) const { return (tags & static_cast<uint32_t>(tag)) != 0; }
  /// The torch.Tag names of this overload, in the order of OpTags.def.
  llvm::SmallVector<llvm::StringRef, 4> getTagNames() const;
  /// Has a CompositeImplicitAutograd kernel: torch decomposes it when
  /// tracing unless told to keep it.
  bool isCompositeImplicit() const { return cia; }
  /// torch._decomp.decomposition_table has it.
  bool hasDecomposition() const { return inDecompositionTable; }
  /// torch.export.default_decompositions() has it.
  bool hasDefaultDecomposition() const { return inDefaultDecompositions; }

  SchemaKind getKind() const { return kind; }
  bool isFunctional() const { return kind == SchemaKind::Functional; }
  bool isInPlace() const { return kind == SchemaKind::InPlace; }
  bool isOut() const { return kind == SchemaKind::Out; }
  bool isView() const { return kind == SchemaKind::View; }
  /// Writes any argument (in-place, out or mutable).
  bool isMutating() const {
    return kind == SchemaKind::InPlace || kind == SchemaKind::Out || kind == SchemaKind::Mutable;
  }
  /// The key of the functional overload a mutating overload stands for
  /// (`aten.add_.Tensor` -> `aten.add.Tensor`), empty if torch has none.
  llvm::StringRef getFunctionalTwinKey() const { return twinKey; }
  /// The functional twin's entry, or null.
  const OpSchema *getFunctionalTwin() const;

  /// Parses `schemaString` (`name[.overload](...) -> ...`) as the entry
  /// `key`. The strings must outlive the result: the schema's names and
  /// spellings are views into them.
  static llvm::Expected<OpSchema> parse(llvm::StringRef key, llvm::StringRef schemaString);
  /// An entry without a schema (a higher-order op or a symbolic function).
  static OpSchema withoutSchema(llvm::StringRef key, OpOrigin origin);

  /// The generated table's facts about an overload, set once when the table
  /// builds its entry.
  void setTableFacts(uint32_t tagBits, bool isCia, bool decomposition, bool defaultDecomposition,
                     llvm::StringRef functionalTwinKey);

private:
  llvm::StringRef key, ns, name, overload, schemaString, twinKey;
  llvm::SmallVector<SchemaArgument, 4> arguments;
  llvm::SmallVector<SchemaReturn, 1> returns;
  uint32_t tags = 0;
  OpOrigin origin = OpOrigin::Overload;
  SchemaKind kind = SchemaKind::Functional;
  bool vararg = false;
  bool cia = false;
  bool inDecompositionTable = false;
  bool inDefaultDecompositions = false;
};

} // namespace pt2onnx::schema

#endif // PT2ONNX_IR_SCHEMA_OPSCHEMA_H
