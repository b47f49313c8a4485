//===- Padding.cpp - Constant, reflecting, replicating and circular pads ---===//
//
// A pad maps each output position of a dim to a position of the input:
// inside, or (constant mode) the fill value, or reflected about the edge
// element, or the edge element repeated, or wrapped around. Negative pads
// crop in constant mode; the other modes decline them, and pads the runtimes
// reject (reflecting by the dim's size or more, wrapping by more than it).
//
//===----------------------------------------------------------------------===//

#include "passes/eval/Rules.h"

namespace pt2onnx::passes::eval {
namespace {

using ir::DType;

enum class PadMode { Constant, Reflect, Edge, Wrap };

/// The input position of each output position of a dim of `n` padded by
/// `before` and `after`; -1 for the fill. nullopt for pads the mode rejects.
/// Negative pads crop: in constant mode, and in the other modes where
/// `negative` allows them, as torch does: reflecting and replicating about
/// the input's edges, wrapping around what remains of the input.
std::optional<Shape> padMap(int64_t n, int64_t before, int64_t after, PadMode mode,
                            bool negative) {
  int64_t size = n + before + after;
  if (size < 0)
    return std::nullopt;
  if (mode != PadMode::Constant && (before != 0 || after != 0)) {
    if ((!negative && (before < 0 || after < 0)) || n == 0)
      return std::nullopt;
    if (mode == PadMode::Reflect && (before >= n || after >= n))
      return std::nullopt;
  }
  // What remains of the input after negative pads, for wrapping.
  int64_t first = std::max<int64_t>(-before, 0);
  int64_t kept = n - first - std::max<int64_t>(-after, 0);
  if (mode == PadMode::Wrap && (before > kept || after > kept))
    return std::nullopt;
  Shape map(size);
  for (int64_t i = 0; i != size; ++i) {
    int64_t j = i - before;
    switch (mode) {
    case PadMode::Constant:
      map[i] = j >= 0 && j < n ? j : -1;
      break;
    case PadMode::Reflect:
      map[i] = j < 0 ? -j : j >= n ? 2 * (n - 1) - j : j;
      break;
    case PadMode::Edge:
      map[i] = std::clamp<int64_t>(j, 0, n - 1);
      break;
    case PadMode::Wrap:
      map[i] = first + ((i - std::max<int64_t>(before, 0)) % kept + kept) % kept;
      break;
    }
  }
  return map;
}

/// `t` padded by `before[d]` and `after[d]` in each dim d.
std::optional<Tensor> pad(EvalContext &ctx, const Tensor &t, llvm::ArrayRef<int64_t> before,
                          llvm::ArrayRef<int64_t> after, PadMode mode, bool negative,
                          const Tensor &fill) {
  llvm::SmallVector<Shape, 4> maps;
  Shape shape;
  for (size_t d = 0; d != t.getRank(); ++d) {
    std::optional<Shape> map = padMap(t.getShape()[d], before[d], after[d], mode, negative);
    if (!map)
      return ctx.fail();
    shape.push_back(int64_t(map->size()));
    maps.push_back(std::move(*map));
  }
  if (!ctx.withinLimit(shape))
    return std::nullopt;
  return remapAxes(t, maps, &fill);
}

/// torch's pad list: (before, after) pairs from the last dim backwards.
std::optional<Tensor> atenPadLastDims(EvalContext &ctx, const Tensor &self,
                                      llvm::ArrayRef<int64_t> pads, PadMode mode,
                                      const Tensor &fill) {
  int64_t rank = int64_t(self.getRank()), k = int64_t(pads.size()) / 2;
  if (pads.size() % 2 != 0 || k > rank)
    return ctx.fail();
  // Non-constant modes pad 1 to 3 dims of a tensor with 1 or 2 more.
  if (mode != PadMode::Constant && (k < 1 || k > 3 || rank < k + 1 || rank > k + 2))
    return ctx.fail();
  Shape before(rank, 0), after(rank, 0);
  for (int64_t i = 0; i != k; ++i) {
    before[rank - 1 - i] = pads[2 * i];
    after[rank - 1 - i] = pads[2 * i + 1];
  }
  return pad(ctx, self, before, after, mode, /*negative=*/true, fill);
}

std::optional<EvalResults> atenPad(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return std::nullopt;
  std::string name = ctx.getString("mode", "constant");
  std::optional<PadMode> mode = name == "constant"    ? PadMode::Constant
                                : name == "reflect"   ? PadMode::Reflect
                                : name == "replicate" ? PadMode::Edge
                                : name == "circular"  ? std::optional(PadMode::Wrap)
                                                      : std::nullopt;
  std::optional<Tensor> fill =
      castTo(Tensor::scalarDouble(DType::Float64, ctx.getFloat("value", 0)), self->getDType());
  if (!mode || !fill || (*mode != PadMode::Constant && ctx.has("value")))
    return ctx.fail();
  return single(atenPadLastDims(ctx, *self, ctx.getIntList("pad"), *mode, *fill));
}

std::optional<EvalResults> atenReplicationPad(EvalContext &ctx) {
  const Tensor *self = ctx.tensor("self");
  if (!self)
    return std::nullopt;
  Tensor unused = Tensor::create(self->getDType(), {});
  return single(atenPadLastDims(ctx, *self, ctx.getIntList("padding"), PadMode::Edge, unused));
}

/// Pad(data, pads, constant_value?, axes?): pads are all befores, then all
/// afters, for the axes (all dims without them).
std::optional<EvalResults> onnxPad(EvalContext &ctx) {
  const Tensor *data = ctx.operand(0), *pads = ctx.operand(1);
  if (!data || !pads || getNumericKind(pads->getDType()) != NumericKind::Integer)
    return ctx.fail();
  int64_t rank = int64_t(data->getRank());
  std::string name = ctx.getString("mode", "constant");
  std::optional<PadMode> mode = name == "constant" ? PadMode::Constant
                                : name == "reflect" ? PadMode::Reflect
                                : name == "edge"    ? PadMode::Edge
                                : name == "wrap"    ? std::optional(PadMode::Wrap)
                                                    : std::nullopt;
  if (!mode)
    return ctx.fail();
  Shape axes;
  if (!ctx.isNone(3)) {
    const Tensor *a = ctx.operand(3);
    if (!a || getNumericKind(a->getDType()) != NumericKind::Integer)
      return ctx.fail();
    for (int64_t i = 0, n = a->getNumElements(); i != n; ++i) {
      std::optional<int64_t> axis = normalizeAxis(a->getInt(i), rank);
      if (!axis || llvm::is_contained(axes, *axis))
        return ctx.fail();
      axes.push_back(*axis);
    }
  } else {
    for (int64_t d = 0; d != rank; ++d)
      axes.push_back(d);
  }
  int64_t k = int64_t(axes.size());
  if (pads->getNumElements() != 2 * k)
    return ctx.fail();
  Shape before(rank, 0), after(rank, 0);
  for (int64_t i = 0; i != k; ++i) {
    before[axes[i]] = pads->getInt(i);
    after[axes[i]] = pads->getInt(k + i);
  }
  Tensor fill = Tensor::create(data->getDType(), {});
  if (!ctx.isNone(2)) {
    const Tensor *v = ctx.operand(2);
    if (!v || v->getNumElements() != 1 || v->getDType() != data->getDType())
      return ctx.fail();
    fill = v->reshaped({});
  }
  return single(pad(ctx, *data, before, after, *mode, /*negative=*/false, fill));
}

} // namespace

void registerPaddingRules(EvalRegistry &r) {
  r.add("onnx.Pad", onnxPad);

  r.add("aten.pad.default", atenPad);
  r.add("aten.replication_pad2d.default", atenReplicationPad);
}

} // namespace pt2onnx::passes::eval
