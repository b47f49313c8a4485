//===- ZeroSign.h - Where the sign of a zero cannot be seen ----------------===//
//
// x + 0.0 is x except that it makes -0.0 +0.0, so dropping it (or a bias of
// zeros) is exact only where that sign makes no difference. Two proofs:
// the producer never makes -0.0 (ZeroPlusBiased.cpp), or no consumer can
// tell -0.0 from +0.0 in the value, which this analysis decides.
//
// A value's zero signs are unseen when flipping the sign of any of its zero
// elements changes no output of the program. It follows the value's uses:
//   - some ops give the same results whatever the signs of zeros in an
//     operand: exp, cos, sigmoid, abs and log of +-0 are one value,
//     comparisons take -0.0 == +0.0, softmax's exp and quotient are
//     positive, a cast to an integer or bool gives 0 or false; and adding a
//     constant without -0.0 makes every zero sum +0.0, which makes a layer
//     norm with such a bias (and its residual form) blind too;
//   - others change at most the signs of zeros in their results (sums,
//     products and quotients by nonzero values, matrix products and
//     convolutions, sign-preserving functions such as relu, gelu, tanh,
//     sqrt, the norms' normalized values, maxima and minima, attention and
//     rotary embeddings, and every op that only moves or selects elements):
//     their results must be unseen in turn;
//   - anything else sees the sign (a divisor, 1 / x, pow, atan2, an op of
//     a region, a graph output, an op this list does not know).
// The walk gives up (the sign may be seen) beyond kMaxVisited values.
//
//===----------------------------------------------------------------------===//
#ifndef PT2ONNX_PASSES_FOLD_ZEROSIGN_H
#define PT2ONNX_PASSES_FOLD_ZEROSIGN_H

#include "passes/fold/ConstantFolder.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace pt2onnx::passes {

/// Whether the constant `v` is a real float tensor without a -0.0 element
/// (nullopt: not a float constant `folder` may read).
std::optional<bool> hasNoNegativeZero(ConstantFolder &folder, ir::Value *v);

/// Whether the constant `v` is a real float tensor of zeros (+0.0 or -0.0).
bool isZeros(ConstantFolder &folder, ir::Value *v);

/// The operand x of `add` (an Add of two operands) whose other operand is a
/// float constant of zeros, of either sign, that broadcasts into x, when x
/// has the sum's type (so the sum is x but for the sign of its zeros); else
/// null.
ir::Value *zeroPlusOperand(ConstantFolder &folder, ir::Operation &add);

/// Whether no output of the program changes when the sign of a zero in `v`
/// does (see above). Reads constants through `folder`.
bool isZeroSignUnseen(ConstantFolder &folder, ir::Value *v);

} // namespace pt2onnx::passes

#endif // PT2ONNX_PASSES_FOLD_ZEROSIGN_H
