//===- Decompositions.h - ATen ops rewritten into the ones pt2onnx lowers ---===//
//
// A decomposition rewrites one ATen overload into other ATen ops, which the
// lowering knows: torch.export keeps CompositeImplicitAutograd ops such as
// `aten.subtract.Tensor`, `aten.ravel.default` or `aten.movedim.intlist`
// whole, and each would otherwise need a lowering rule of its own. The
// `decompose` pass (passes/Decompose.cpp) applies them to a fixed point
// before `lower-aten`, so a decomposition may produce ops that decompose
// further.
//
// The table is keyed by the op table's overloads (an OpKeyedMap: a key torch
// lacks, or one registered twice, is caught by the unit test). Each family
// file (passes/decompose/<Family>.cpp) adds its entries in an add function
// below; a decomposition is exact for every argument it accepts and declines
// the others with notifyMatchFailure, leaving the op to the lowering, which
// refuses it by name if it has no rule either.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_DECOMPOSE_DECOMPOSITIONS_H
#define PT2ONNX_PASSES_DECOMPOSE_DECOMPOSITIONS_H

#include "ir/rewrite/RewritePattern.h"
#include "ir/schema/OpKeyedMap.h"

#include <functional>
#include <optional>
#include <utility>

namespace pt2onnx::passes {

/// Rewrites the root op (through `rw`, which is positioned before it) and
/// returns true, or changes nothing and returns `rw.notifyMatchFailure(...)`.
using DecomposeFn = std::function<bool(ir::Operation &root, ir::PatternRewriter &rw)>;

struct Decomposition {
  /// The family file that registered it (`aliases`, `shape`).
  llvm::StringRef family;
  DecomposeFn fn;
};

using DecompositionTable = schema::OpKeyedMap<Decomposition>;

/// The table with every family's decompositions, built on first use.
const DecompositionTable &getDecompositions();

// One per family file, in passes/decompose/.
void addAliasDecompositions(DecompositionTable &table);
void addBatchNormWithUpdateDecompositions(DecompositionTable &table);
void addBroadcastTensorsDecompositions(DecompositionTable &table);
void addCombinatoricsDecompositions(DecompositionTable &table);
void addComplexPartsDecompositions(DecompositionTable &table);
void addDiagonalDecompositions(DecompositionTable &table);
void addChannelShuffleDecompositions(DecompositionTable &table);
void addChunkCatDecompositions(DecompositionTable &table);
void addDiffDecompositions(DecompositionTable &table);
void addDistanceDecompositions(DecompositionTable &table);
void addFftShiftDecompositions(DecompositionTable &table);
void addFloatPowerDecompositions(DecompositionTable &table);
void addIsCloseDecompositions(DecompositionTable &table);
void addLinearCrossEntropyDecompositions(DecompositionTable &table);
void addLogSigmoidDecompositions(DecompositionTable &table);
void addLossDecompositions(DecompositionTable &table);
void addMatrixNormDecompositions(DecompositionTable &table);
void addMarginLossDecompositions(DecompositionTable &table);
void addFlipDecompositions(DecompositionTable &table);
void addGradientDecompositions(DecompositionTable &table);
void addMatrixTransposeDecompositions(DecompositionTable &table);
void addMoveDimDecompositions(DecompositionTable &table);
void addMsortDecompositions(DecompositionTable &table);
void addMomentsDecompositions(DecompositionTable &table);
void addNanReductionDecompositions(DecompositionTable &table);
void addNllLossDecompositions(DecompositionTable &table);
void addProductDecompositions(DecompositionTable &table);
void addNonzeroDecompositions(DecompositionTable &table);
void addRavelDecompositions(DecompositionTable &table);
void addRealPartsDecompositions(DecompositionTable &table);
void addSafeSoftmaxDecompositions(DecompositionTable &table);
void addRot90Decompositions(DecompositionTable &table);
void addSplitAlongDimDecompositions(DecompositionTable &table);
void addStackDecompositions(DecompositionTable &table);
void addTakeDecompositions(DecompositionTable &table);
void addSumToSizeDecompositions(DecompositionTable &table);

/// The composite (CompositeImplicitAutograd) overloads the lowering takes
/// whole instead of decomposing them (KeptWhole.cpp says why): with Core ATen
/// and the ops torch has no composite kernel for, the legal set of
/// `decompose`.
llvm::ArrayRef<llvm::StringLiteral> getKeptWholeOps();
bool isKeptWhole(llvm::StringRef key);

/// An overload torch documents as an alias of another, and the overload it
/// becomes. The alias's arguments are the target's (same names and types,
/// in order), less trailing ones the target defaults.
struct AtenAlias {
  llvm::StringRef alias;
  llvm::StringRef target;
};
llvm::ArrayRef<AtenAlias> getAtenAliases();

/// The ATen op `key` with `operands` (a schema argument name each) and the
/// non-value arguments `attrs`, created by `rw` with `resultTypes`.
ir::Operation *createAtenOp(ir::PatternRewriter &rw, llvm::StringRef key,
                            llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> operands,
                            llvm::ArrayRef<ir::NamedAttribute> attrs,
                            llvm::ArrayRef<ir::Type> resultTypes);

/// The ATen op `key` as createAtenOp builds it, its result types computed by
/// the op's shape function (passes/shapes) from the operands and `attrs`:
/// result `i` has element type `dtypes[i]` where the op does not fix it, and
/// stays an unranked tensor where the function cannot tell its shape. A key
/// without a shape function is a bug in the decomposition that builds it.
ir::Operation *createInferredAtenOp(ir::PatternRewriter &rw, llvm::StringRef key,
                                    llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> operands,
                                    llvm::ArrayRef<ir::NamedAttribute> attrs,
                                    llvm::ArrayRef<ir::DType> dtypes);

/// The one result of createInferredAtenOp, of element type `dtype` unless the
/// op fixes it.
ir::Value *buildAten(ir::PatternRewriter &rw, llvm::StringRef key,
                     llvm::ArrayRef<std::pair<llvm::StringRef, ir::Value *>> operands,
                     llvm::ArrayRef<ir::NamedAttribute> attrs, ir::DType dtype);

/// The int or float argument `name` of `root`: its attribute, else its
/// schema default; nullopt when it has neither or is not a number.
std::optional<int64_t> getIntArg(const ir::Operation &root, llvm::StringRef name);
std::optional<double> getFloatArg(const ir::Operation &root, llvm::StringRef name);

/// The bool argument `name` of `root`: its attribute, else its schema
/// default; false when it has neither or is not a bool.
bool getBoolArg(const ir::Operation &root, llvm::StringRef name);

/// The operand `name` of `root`, or null when it is omitted or `none` (an
/// optional tensor the program passes as None).
ir::Value *getTensorArg(const ir::Operation &root, llvm::StringRef name);

/// `value` with a unit dim inserted at each of `positions` in turn, one
/// `aten.unsqueeze` each.
ir::Value *unsqueezeAt(ir::PatternRewriter &rw, ir::Value *value,
                       llvm::ArrayRef<int64_t> positions);

/// `aten.zeros` of the static-shaped tensor type `type`.
ir::Value *buildZeros(ir::PatternRewriter &rw, const ir::Type &type);

/// The size `a + b`: static, symbolic, or unknown when either is unknown.
ir::Dim addDims(const ir::Dim &a, const ir::Dim &b);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_DECOMPOSE_DECOMPOSITIONS_H
